# Shared part of the Debian cross toolchain files (aarch64.cmake, riscv64.cmake, s390x.cmake):
# FASTSECP_CROSS_TRIPLE names the GNU triple. The compilers are Debian's g++-TRIPLE, the target's
# libraries and headers come from /usr/TRIPLE, and the tests run under qemu-user with that
# sysroot (CMAKE_CROSSCOMPILING_EMULATOR, used by ctest and gtest_discover_tests). Header-only
# host packages (nlohmann-json) and GoogleTest's sources (/usr/src/googletest, built for the
# target by tests/) are taken from the build machine.
set(CMAKE_C_COMPILER ${FASTSECP_CROSS_TRIPLE}-gcc)
set(CMAKE_CXX_COMPILER ${FASTSECP_CROSS_TRIPLE}-g++)
set(CMAKE_FIND_ROOT_PATH /usr/${FASTSECP_CROSS_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)
string(REGEX REPLACE "-.*" "" _fastsecp_qemu_arch "${FASTSECP_CROSS_TRIPLE}")
find_program(FASTSECP_QEMU NAMES qemu-${_fastsecp_qemu_arch}-static qemu-${_fastsecp_qemu_arch})
if(FASTSECP_QEMU)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${FASTSECP_QEMU} -L /usr/${FASTSECP_CROSS_TRIPLE})
endif()
