#!/usr/bin/env bash
# Builds and runs every test, the README's test command:
#   1. a Release build (-O3, what is shipped and benchmarked): unit, hash, vector, differential (vs libsecp256k1 v0.8.0) and
#      valgrind constant-time tests, on the fastest code paths this CPU has; the GPU kernels built with nvcc when it
#      is found (only in this build: the others pass FASTSECP_BUILD_CUDA=OFF) and run on PoCL (label gpu, not rerun
#      in steps 2 and 3);
#   2. the same tests with FASTSECP_FORCE_PORTABLE=1 (portable field/SHA-256 code paths);
#   3. an ASan+UBSan build of the tests (valgrind tests excluded: they cannot share a process).
#   4. the install checks: the run-time contract (the library needs only libc), C programs
#      linking the installed shared and static library (pkg-config, CMake package, -static), the
#      installed CLI from its prefix;
#   5. tests/core-config: the tree configured the way Bitcoin Core's cmake/secp256k1.cmake does
#      (ECDH off, static, hidden, appended flags, secp256k1_objs): the library, a program and a
#      kernel-like shared library linking it, and our vector, unit, hash and batch-module tests inside;
#   6. a ThreadSanitizer build of the threaded tests (the batch API's thread pool, the scanner,
#      the wallet's batch calls);
#   7. the Python package: its manylinux wheel (tools/wheel.sh x86_64: `pip wheel .`, auditwheel repair)
#      in a fresh virtual environment, then its pytest suite (python/tests) against the coincurve
#      21.0.0 wheel as the oracle;
#   8. cross builds for aarch64, riscv64 and big-endian s390x (tools/cross-test.sh), their tests run under
#      qemu-user (aarch64 also differential, against the reference wheel's aarch64 build);
#   9. WebAssembly (tools/wasm-test.sh): the wasm32 build with emscripten, its tests under node, the
#      tiny-secp256k1 JavaScript module against tiny-secp256k1's fixtures (node --test);
#  10. the DuckDB extensions (secp256k1 and cudasp, built in step 1 with FASTSECP_BUILD_DUCKDB=ON): tests/duckdb's SQL
#      tests through the duckdb wheel the silent-payments server pins (1.4.4) and the newest one;
#  11. fastsecp.spark: the wheel of step 7 with its [spark] extra (PySpark) in a fresh venv,
#      tests/spark in Spark local mode against the DuckDB extension and the CLI of step 1 (Java 17+).
# Build trees: build-test/, build-asan/, build-tsan/, build-cross/ARCH and build-wasm/ (override with
# FASTSECP_TEST_BUILD_DIR / _ASAN_DIR / _TSAN_DIR / _CROSS_DIR / _WASM_DIR).
# FASTSECP_DIFF_ITERS raises the differential tests' iteration count for a long run.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${FASTSECP_TEST_BUILD_DIR:-$ROOT/build-test}
ASAN=${FASTSECP_TEST_ASAN_DIR:-$ROOT/build-asan}
TSAN=${FASTSECP_TEST_TSAN_DIR:-$ROOT/build-tsan}
JOBS=${JOBS:-2}

# Each step either finishes or stops the script (set -e); the closing line counts them.
# Each step's wall time is printed when it ends (CI's budget is counted in these).
steps_done=0 current= step_start=$SECONDS
step() {
  if [ -n "$current" ]; then
    steps_done=$((steps_done + 1))
    printf '==== done in %d s: %s ====\n' $((SECONDS - step_start)) "$current"
  fi
  current=$* step_start=$SECONDS
  printf '\n==== %s ====\n' "$*"
}
cleanup_dirs=()
finish() {
  rc=$?
  set +e
  if [ ${#cleanup_dirs[@]} -gt 0 ]; then rm -rf "${cleanup_dirs[@]}"; fi
  if [ $rc = 0 ]; then
    if [ -n "$current" ]; then steps_done=$((steps_done + 1)); fi
    printf '\ntools/test.sh: %d passed, 0 failed (%d s)\n' "$steps_done" "$SECONDS"
  else
    printf '\ntools/test.sh: %d passed, 1 failed (step: %s)\n' "$steps_done" "$current"
  fi
}
trap finish EXIT

step "build (Release)"
cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DFASTSECP_BUILD_DUCKDB=ON \
  -DSECP256K1_BUILD_TESTS=ON -DSECP256K1_BUILD_CTIME_TESTS=ON -DSECP256K1_BUILD_BENCHMARK=ON
cmake --build "$BUILD" -j "$JOBS"

step "tests, fastest code paths"
ctest --test-dir "$BUILD" -j "$JOBS" --output-on-failure

step "tests, portable code paths forced"
FASTSECP_FORCE_PORTABLE=1 ctest --test-dir "$BUILD" -j "$JOBS" --output-on-failure -LE "valgrind|gpu"

step "install to a fresh prefix, then use it as a C project would"
PREFIX=$(mktemp -d)
cleanup_dirs+=("$PREFIX")
cmake --install "$BUILD" --prefix "$PREFIX" > /dev/null
LIBDIR=$(cd "$(dirname "$(find "$PREFIX" -name libsecp256k1.pc)")/.." && pwd)
# The run-time contract: the shared library needs only libc, the archive no C++ runtime symbol.
"$ROOT/tests/install/check_runtime.sh" "$LIBDIR/libsecp256k1.so" "$LIBDIR/libsecp256k1.a"
# The installed tool starts from a prefix outside the system paths (RUNPATH $ORIGIN/../lib).
"$PREFIX/bin/fastsecp" --help > /dev/null
echo "installed fastsecp --help: ok"
# Shared library through pkg-config, the CMake package (shared and static targets, C only) and
# add_subdirectory.
cc -Wall -Werror -o "$PREFIX/consumer-pc" "$ROOT/tests/install/consumer.c" \
  $(PKG_CONFIG_PATH="$LIBDIR/pkgconfig" pkg-config --cflags --libs libsecp256k1) -Wl,-rpath,"$LIBDIR"
"$PREFIX/consumer-pc"
cmake -S "$ROOT/tests/install" -B "$PREFIX/consumer-pkg" -DCMAKE_PREFIX_PATH="$PREFIX" > /dev/null
cmake --build "$PREFIX/consumer-pkg" > /dev/null
"$PREFIX/consumer-pkg/consumer"
"$PREFIX/consumer-pkg/consumer_static"
cmake -S "$ROOT/tests/install" -B "$PREFIX/consumer-sub" -DFASTSECP_SOURCE_DIR="$ROOT" -DFASTSECP_BUILD_CUDA=OFF > /dev/null
cmake --build "$PREFIX/consumer-sub" -j "$JOBS" > /dev/null
"$PREFIX/consumer-sub/consumer"
# That tree was configured with SECP256K1_ENABLE_MODULE_BATCH=OFF (tests/install/CMakeLists.txt):
# its archive has the other modules and no batch function.
SUB_SYMS=$(nm "$PREFIX/consumer-sub/fastsecp/src/libsecp256k1.a")
if grep -q ' T secp256k1_batch_' <<< "$SUB_SYMS"; then
  echo "SECP256K1_ENABLE_MODULE_BATCH=OFF still built the batch module"; exit 1
fi
grep -q ' T secp256k1_schnorrsig_verify$' <<< "$SUB_SYMS" || { echo "consumer-sub archive lacks schnorrsig"; exit 1; }
echo "batch module off: library built without it"
# The static archive with plain cc and only what `pkg-config --static` prints: a copy of the
# prefix without the shared library, linked once against the shared libc and once with -static.
STATIC_PREFIX=$(mktemp -d)
cleanup_dirs+=("$STATIC_PREFIX")
cmake --install "$BUILD" --prefix "$STATIC_PREFIX" > /dev/null
rm -f "$STATIC_PREFIX/${LIBDIR#"$PREFIX"/}"/libsecp256k1.so*
STATIC_FLAGS=$(PKG_CONFIG_PATH="$STATIC_PREFIX/${LIBDIR#"$PREFIX"/}/pkgconfig" pkg-config --static --cflags --libs libsecp256k1)
echo "pkg-config --static: $STATIC_FLAGS"
cc -Wall -Werror -o "$PREFIX/c-static-archive" "$ROOT/tests/install/c_only.c" $STATIC_FLAGS
"$PREFIX/c-static-archive"
if readelf -d "$PREFIX/c-static-archive" | grep NEEDED | grep -v -E '\[(libc|libpthread)\.so'; then
  echo "the static-archive program needs more than libc"; exit 1
fi
cc -Wall -Werror -static -o "$PREFIX/c-fully-static" "$ROOT/tests/install/c_only.c" $STATIC_FLAGS
"$PREFIX/c-fully-static"

step "configured as Bitcoin Core's src/secp256k1 (tests/core-config: Core's options; the library, Core's program and kernel, our vector, unit, hash and batch-module tests inside)"
# Not every test binary: all of them at Core's -O2 -g took 21 minutes of CI here, and the rest
# are built and run in steps 1-3 (the library's code is the same; Core's options change the
# modules, flags and visibility, which these targets cover).
cmake -S "$ROOT/tests/core-config" -B "$PREFIX/core-config" -DFASTSECP_SOURCE_DIR="$ROOT" -DBUILD_TESTS=ON -DFASTSECP_BUILD_CUDA=OFF > /dev/null
cmake --build "$PREFIX/core-config" -j "$JOBS" --target core_config_program core_config_kernel \
  vector_tests unit_tests hash_tests batch_module_tests > /dev/null
ctest --test-dir "$PREFIX/core-config" -j "$JOBS" --output-on-failure -E '_NOT_BUILT$' 

step "build (ASan+UBSan)"
# Only what runs below: every test binary but the ctime tests (valgrind) and the kernel tests
# (label gpu); a new test binary goes into this list.
cmake -S "$ROOT" -B "$ASAN" -DCMAKE_BUILD_TYPE=Debug -DFASTSECP_SANITIZE=ON -DFASTSECP_BUILD_CUDA=OFF \
  -DSECP256K1_BUILD_TESTS=ON -DSECP256K1_BUILD_CTIME_TESTS=OFF -DSECP256K1_BUILD_BENCHMARK=OFF
cmake --build "$ASAN" -j "$JOBS" --target api_tests api_internal_tests batch_module_tests frost_api_tests diff_tests \
  cli_tests cli_wallet_tests gpu_api_tests hash_tests protocol_tests unit_tests vector_tests wallet_tests

step "tests under ASan+UBSan"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir "$ASAN" -j "$JOBS" --output-on-failure -LE "valgrind|gpu" -E '_NOT_BUILT$' 

step "build (ThreadSanitizer): the threaded tests"
cmake -S "$ROOT" -B "$TSAN" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFASTSECP_SANITIZE_THREAD=ON -DFASTSECP_BUILD_CUDA=OFF \
  -DSECP256K1_BUILD_TESTS=ON -DSECP256K1_BUILD_CTIME_TESTS=OFF -DSECP256K1_BUILD_BENCHMARK=OFF
cmake --build "$TSAN" -j "$JOBS" --target api_tests api_internal_tests wallet_tests gpu_api_tests

step "threaded tests under ThreadSanitizer (any report fails)"
# Every native-API test (batch calls with 1..4 threads, the scanner, contexts shared between
# threads) and the thread pool's own tests.
export TSAN_OPTIONS="halt_on_error=1 exitcode=66 second_deadlock_stack=1"
"$TSAN/tests/api/api_tests" --gtest_brief=1
"$TSAN/tests/api/api_internal_tests" --gtest_brief=1
# The wallet's batch calls (derive_range, address_batch, the seed batch) on 2 threads.
"$TSAN/tests/wallet/wallet_tests" --gtest_brief=1
# fastsecp_gpu.h: batches split between simulated devices (one thread each), four threads on one context.
"$TSAN/tests/gpu/gpu_api_tests" --gtest_brief=1

step "Python package: the manylinux wheel (pip wheel ., auditwheel repair) in a fresh venv, pytest (python/tests; coincurve 21.0.0 wheel as the oracle) (tools/wheel.sh x86_64)"
# tools/wheel.sh builds the wheel once (scikit-build-core + nanobind from PyPI, the library and
# libstdc++ linked into the module), repairs it with auditwheel (which prints the manylinux tag and the
# glibc symbols that pin it), installs the repaired wheel with the test-only packages in a fresh venv
# and runs the tests there, importing the installed package. The build venv, build tree and wheels
# live in $PYENV/wheel (removed at the end); the repaired wheel serves the Spark step below.
# Without the CUDA fatbin (its default; nvcc took minutes of CI here; step 1 built and embedded it,
# and no test here has a CUDA device): the wheel's GPU module still has the OpenCL kernels, which
# its tests use.
PYENV=$(mktemp -d)
cleanup_dirs+=("$PYENV")
FASTSECP_WHEEL_DIR="$PYENV/wheel" FASTSECP_WHEEL_CUDA=OFF JOBS="$JOBS" "$ROOT/tools/wheel.sh" x86_64
WHEEL=$(ls "$PYENV"/wheel/dist/fastsecp-*-manylinux_*_x86_64.whl)

step "cross builds under qemu-user: aarch64 (differential tests against the aarch64 reference wheel), riscv64, s390x (big-endian) (tools/cross-test.sh)"
FASTSECP_CROSS_BUILD_DIR="${FASTSECP_TEST_CROSS_DIR:-$ROOT/build-cross}" JOBS="$JOBS" \
  "$ROOT/tools/cross-test.sh" aarch64 riscv64 s390x

step "WebAssembly: wasm32 build (emscripten), its tests under node, the tiny-secp256k1 module (tools/wasm-test.sh)"
FASTSECP_WASM_BUILD_DIR="${FASTSECP_TEST_WASM_DIR:-$ROOT/build-wasm}" JOBS="$JOBS" "$ROOT/tools/wasm-test.sh"

step "DuckDB extension: SQL tests in DuckDB 1.4.4 and the newest DuckDB (tests/duckdb)"
# One venv per DuckDB version inside the build tree (pytest and the duckdb wheel from PyPI); the
# "newest" one is upgraded on every run.
for version in 1.4.4 newest; do
  VENV="$BUILD/venv-duckdb-$version"
  [ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
  if [ "$version" = newest ]; then
    "$VENV/bin/pip" install -q --disable-pip-version-check --upgrade duckdb pytest
  else
    "$VENV/bin/pip" install -q --disable-pip-version-check "duckdb==$version" pytest
  fi
  echo "duckdb $("$VENV/bin/python" -c 'import duckdb; print(duckdb.__version__)')"
  FASTSECP_DUCKDB_EXTENSION="$BUILD/duckdb/secp256k1.duckdb_extension" FASTSECP_LIB="$BUILD/src/libsecp256k1.so" \
    "$VENV/bin/python" -m pytest -q -p no:cacheprovider "$ROOT/tests/duckdb"
done

step "Spark: fastsecp.spark in local mode (tests/spark; results equal the DuckDB extension's and fastsecp scan's)"
# The wheel built in the Python step, with its [spark] extra (PySpark from PyPI), in a fresh venv.
# Needs a Java runtime (.ci/run installs openjdk-17-jre-headless when java is missing).
python3 -m venv "$PYENV/venv-spark"
"$PYENV/venv-spark/bin/python" -m pip install -q --disable-pip-version-check "$WHEEL[spark]" duckdb pytest
FASTSECP_DUCKDB_EXTENSION="$BUILD/duckdb/secp256k1.duckdb_extension" FASTSECP_CLI="$BUILD/cli/fastsecp" \
  FASTSECP_SPARK_REQUIRE_ORACLES=1 \
  "$PYENV/venv-spark/bin/python" -m pytest -q -p no:cacheprovider -W ignore::FutureWarning "$ROOT/tests/spark"
