# cmake -DIN=file -DOUT=file.cpp -DNAME=SYMBOL -P EmbedFile.cmake: writes a C++ file defining
# fastsecp::gpu::SYMBOL (the bytes of IN, NUL-terminated) and SYMBOL_SIZE (without the NUL).
file(READ "${IN}" hex HEX)
string(LENGTH "${hex}" hex_len)
math(EXPR size "${hex_len} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
file(WRITE "${OUT}.tmp" "// Generated from ${IN} by cmake/EmbedFile.cmake\n#include <cstddef>\nnamespace fastsecp::gpu {\nalignas(16) extern const unsigned char ${NAME}[] = {\n${bytes}0};\nextern const size_t ${NAME}_SIZE = ${size};\n}  // namespace fastsecp::gpu\n")
file(RENAME "${OUT}.tmp" "${OUT}")
