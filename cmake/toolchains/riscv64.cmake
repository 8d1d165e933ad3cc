# Cross build for riscv64 Linux with Debian's cross compiler (g++-riscv64-linux-gnu) and, for the tests,
# qemu-user (qemu-user-static): cmake -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/riscv64.cmake ...
# tools/cross-test.sh uses it; README "Other CPUs" tells how.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR riscv64)
set(FASTSECP_CROSS_TRIPLE riscv64-linux-gnu)
include(${CMAKE_CURRENT_LIST_DIR}/linux-gnu-common.cmake)
