# Cross build for s390x Linux with Debian's cross compiler (g++-s390x-linux-gnu) and, for the tests,
# qemu-user (qemu-user-static): cmake -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/s390x.cmake ...
# tools/cross-test.sh uses it; README "Other CPUs" tells how.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR s390x)
set(FASTSECP_CROSS_TRIPLE s390x-linux-gnu)
include(${CMAKE_CURRENT_LIST_DIR}/linux-gnu-common.cmake)
