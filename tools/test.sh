#!/usr/bin/env bash
# Builds and runs every test, the README's test command:
#   1. a Release build (-O3, what is shipped and benchmarked): unit, hash, vector, differential (vs libsecp256k1 v0.8.0) and
#      valgrind constant-time tests, on the fastest code paths this CPU has;
#   2. the same tests with FASTSECP_FORCE_PORTABLE=1 (portable field/SHA-256 code paths);
#   3. tests/core-config: the tree configured the way Bitcoin Core's cmake/secp256k1.cmake does
#      (ECDH off, static, hidden, appended flags, secp256k1_objs), all targets and our tests inside;
#   4. an ASan+UBSan build of the tests (valgrind tests excluded: they cannot share a process).
# Build trees: build-test/ and build-asan/ (override with FASTSECP_TEST_BUILD_DIR / _ASAN_DIR).
# FASTSECP_DIFF_ITERS raises the differential tests' iteration count for a long run.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${FASTSECP_TEST_BUILD_DIR:-$ROOT/build-test}
ASAN=${FASTSECP_TEST_ASAN_DIR:-$ROOT/build-asan}
JOBS=${JOBS:-2}

step() { printf '\n==== %s ====\n' "$*"; }

step "build (Release)"
cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release \
  -DSECP256K1_BUILD_TESTS=ON -DSECP256K1_BUILD_CTIME_TESTS=ON -DSECP256K1_BUILD_BENCHMARK=ON
cmake --build "$BUILD" -j "$JOBS"

step "tests, fastest code paths"
ctest --test-dir "$BUILD" -j "$JOBS" --output-on-failure

step "tests, portable code paths forced"
FASTSECP_FORCE_PORTABLE=1 ctest --test-dir "$BUILD" -j "$JOBS" --output-on-failure -LE valgrind

step "install, then build a libsecp256k1 program against it (pkg-config, CMake package, add_subdirectory)"
PREFIX=$(mktemp -d)
trap 'rm -rf "$PREFIX"' EXIT
cmake --install "$BUILD" --prefix "$PREFIX" > /dev/null
LIBDIR=$(dirname "$(find "$PREFIX" -name libsecp256k1.pc)")/..
cc -Wall -Werror -o "$PREFIX/consumer-pc" "$ROOT/tests/install/consumer.c" \
  $(PKG_CONFIG_PATH="$LIBDIR/pkgconfig" pkg-config --cflags --libs libsecp256k1) -Wl,-rpath,"$LIBDIR"
"$PREFIX/consumer-pc"
cmake -S "$ROOT/tests/install" -B "$PREFIX/consumer-pkg" -DCMAKE_PREFIX_PATH="$PREFIX" > /dev/null
cmake --build "$PREFIX/consumer-pkg" > /dev/null
"$PREFIX/consumer-pkg/consumer"
cmake -S "$ROOT/tests/install" -B "$PREFIX/consumer-sub" -DFASTSECP_SOURCE_DIR="$ROOT" > /dev/null
cmake --build "$PREFIX/consumer-sub" -j "$JOBS" > /dev/null
"$PREFIX/consumer-sub/consumer"

step "configured as Bitcoin Core's src/secp256k1 (tests/core-config: Core's options, all targets, our tests inside)"
cmake -S "$ROOT/tests/core-config" -B "$PREFIX/core-config" -DFASTSECP_SOURCE_DIR="$ROOT" -DBUILD_TESTS=ON > /dev/null
cmake --build "$PREFIX/core-config" -j "$JOBS" > /dev/null
ctest --test-dir "$PREFIX/core-config" -j "$JOBS" --output-on-failure

step "build (ASan+UBSan)"
cmake -S "$ROOT" -B "$ASAN" -DCMAKE_BUILD_TYPE=Debug -DFASTSECP_SANITIZE=ON \
  -DSECP256K1_BUILD_TESTS=ON -DSECP256K1_BUILD_CTIME_TESTS=ON -DSECP256K1_BUILD_BENCHMARK=OFF
cmake --build "$ASAN" -j "$JOBS"

step "tests under ASan+UBSan"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir "$ASAN" -j "$JOBS" --output-on-failure -LE valgrind
