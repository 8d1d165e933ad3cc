#!/usr/bin/env bash
# Cross-builds the library and its unit, hash, vector and wallet tests for other CPUs with
# Debian's cross compilers (cmake/toolchains/ARCH.cmake) and runs them under qemu-user:
#     tools/cross-test.sh [ARCH...]        ARCH: aarch64 riscv64 s390x (default: all three)
# Only the portable code paths exist there (no x86 assembly, no SHA-NI, no AVX-512 lanes). The CUDA
# kernels are not built (nvcc's fatbin is the same file for every host CPU; tools/test.sh's first
# build makes it), which saves about 130 s of CPU per CPU here.
# No emulator is needed to compile: the table generator is built for the build machine
# (src/CMakeLists.txt); qemu runs the tests only (CMAKE_CROSSCOMPILING_EMULATOR, used by ctest).
#
# References: aarch64 has a reference wheel on PyPI (btclib-secp256k1==0.8.0.13,
# manylinux2014_aarch64), fetched here with pip and loaded under qemu with a stand-in for libpython
# (tests/common/python_stub.c); the differential tests then run against it (FASTSECP_DIFF_ITERS,
# default 20 here: about 20x slower than native under emulation). riscv64 and s390x have no reference build:
# there the vector tests' known-answer file (tests/vectors/data/fastsecp-kat, recorded from the
# reference on x86-64) and the official vectors are the check. s390x is big-endian.
#
# Needs: g++-ARCH-linux-gnu, qemu-user-static, libgtest-dev (sources in /usr/src/googletest),
# nlohmann-json3-dev (.ci/run installs them). Build trees: build-cross/ARCH
# (FASTSECP_CROSS_BUILD_DIR overrides build-cross). JOBS (default 2) parallel jobs.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BASE=${FASTSECP_CROSS_BUILD_DIR:-$ROOT/build-cross}
JOBS=${JOBS:-2}
ITERS=${FASTSECP_DIFF_ITERS:-20}
GTEST_SRC=${FASTSECP_GTEST_SOURCE_DIR:-/usr/src/googletest}
[ $# -gt 0 ] || set -- aarch64 riscv64 s390x

for arch in "$@"; do
  case "$arch" in
    aarch64|riscv64|s390x) ;;
    *) echo "cross-test: unknown ARCH '$arch' (aarch64, riscv64, s390x)" >&2; exit 2 ;;
  esac
  command -v "$arch-linux-gnu-g++" >/dev/null || { echo "cross-test: $arch-linux-gnu-g++ missing (apt: g++-$arch-linux-gnu)" >&2; exit 1; }
  command -v "qemu-$arch-static" >/dev/null || command -v "qemu-$arch" >/dev/null ||
    { echo "cross-test: qemu-$arch missing (apt: qemu-user-static)" >&2; exit 1; }
done

for arch in "$@"; do
  start=$(date +%s)
  B="$BASE/$arch"
  mkdir -p "$B"
  echo "==== $arch: configure and build ===="
  ref_args=(-DFASTSECP_FETCH_REFERENCE=OFF)
  targets=(unit_tests hash_tests vector_tests wallet_tests)
  if [ "$arch" = aarch64 ]; then
    R="$B/reference"
    lib=$(find "$R/wheel" -name '_btclib_secp256k1*.so' 2>/dev/null | head -n1 || true)
    if [ -z "$lib" ]; then
      rm -rf "$R" && mkdir -p "$R/download"
      python3 -m pip download --disable-pip-version-check --no-deps --only-binary=:all: \
        --platform manylinux2014_aarch64 --python-version 311 --implementation cp \
        "btclib-secp256k1==0.8.0.13" -d "$R/download" >&2
      python3 -c 'import glob, sys, zipfile; zipfile.ZipFile(glob.glob(sys.argv[1] + "/download/*.whl")[0]).extractall(sys.argv[1] + "/wheel")' "$R"
      lib=$(find "$R/wheel" -name '_btclib_secp256k1*.so' | head -n1)
    fi
    aarch64-linux-gnu-gcc -shared -fPIC -O1 -o "$R/libpython-stub.so" "$ROOT/tests/common/python_stub.c"
    ref_args=(-DFASTSECP_REFERENCE_LIB="$lib" -DFASTSECP_PYTHON_LIB="$R/libpython-stub.so")
    targets+=(diff_tests)
  fi
  # s390x at -O2: Debian's s390x cross g++ 12 takes about 10 times as long at -O3 as at -O2 on the
  # arithmetic files (batch_portable.cpp: 27 s against 2.5 s; riscv64 -O3: 5.7 s), which made this
  # build alone 15 minutes of CI. -O2 is also what Debian builds its s390x packages with.
  opt=()
  [ "$arch" = s390x ] && opt=(-DCMAKE_CXX_FLAGS_RELEASE="-O2 -DNDEBUG" -DCMAKE_C_FLAGS_RELEASE="-O2 -DNDEBUG")
  cmake -S "$ROOT" -B "$B" -DCMAKE_TOOLCHAIN_FILE="$ROOT/cmake/toolchains/$arch.cmake" "${opt[@]}" \
    -DCMAKE_BUILD_TYPE=Release -DSECP256K1_BUILD_TESTS=ON -DSECP256K1_BUILD_BENCHMARK=OFF \
    -DSECP256K1_BUILD_CTIME_TESTS=OFF -DFASTSECP_BUILD_CLI=OFF -DFASTSECP_BUILD_CUDA=OFF -DFASTSECP_GTEST_SOURCE_DIR="$GTEST_SRC" \
    "${ref_args[@]}" > "$B/configure.log"
  cmake --build "$B" -j "$JOBS" --target secp256k1 "${targets[@]}" > "$B/build.log" ||
    { tail -n 40 "$B/build.log"; exit 1; }
  built=$(date +%s)
  echo "==== $arch: tests under $(basename "$(grep -m1 '^FASTSECP_QEMU:' "$B/CMakeCache.txt" | cut -d= -f2)") ===="
  # The portable: duplicates force a path that is the only one here; the tests of the native API's
  # threads (api_tests: their NOT_BUILT placeholders are skipped), the CLI and ctime are not built.
  FASTSECP_DIFF_ITERS=$ITERS ctest --test-dir "$B" -j "$JOBS" --output-on-failure -E '^portable:|_NOT_BUILT$' \
    --timeout 600 | tail -n 15
  echo "cross-test: $arch passed (build $((built - start)) s, tests $(($(date +%s) - built)) s)"
done
