# Cross build for aarch64 Linux with Debian's cross compiler (g++-aarch64-linux-gnu) and, for the tests,
# qemu-user (qemu-user-static): cmake -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/aarch64.cmake ...
# tools/cross-test.sh uses it; README "Other CPUs" tells how.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(FASTSECP_CROSS_TRIPLE aarch64-linux-gnu)
include(${CMAKE_CURRENT_LIST_DIR}/linux-gnu-common.cmake)
