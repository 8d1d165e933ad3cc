#!/usr/bin/env bash
# Differential fuzzing against libsecp256k1 v0.8.0 (clang + libFuzzer, ASan+UBSan):
#   tools/fuzz.sh [SECONDS]     (default 60 per target)
# Builds build-fuzz/ with clang, then runs every fuzz target for SECONDS, starting from the inputs
# of earlier failures kept in tests/fuzz/regressions/ (each one is run first). A difference between
# the libraries or a sanitizer report stops the run with the crashing input saved in build-fuzz/;
# add it to tests/fuzz/regressions/ with the fix. FASTSECP_FUZZ_SEED fixes libFuzzer's seed
# (CI sets it so that a run can be repeated); by default each run explores differently.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${FASTSECP_FUZZ_BUILD_DIR:-$ROOT/build-fuzz}
SECONDS_PER_TARGET=${1:-60}
CC=clang CXX=clang++ cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DFASTSECP_BUILD_FUZZERS=ON \
  -DFASTSECP_SANITIZE=ON -DSECP256K1_BUILD_TESTS=ON -DSECP256K1_BUILD_CTIME_TESTS=OFF -DSECP256K1_BUILD_BENCHMARK=OFF
cmake --build "$BUILD" -j "${JOBS:-2}" --target fuzz_parsers
mkdir -p "$BUILD/corpus/parsers"
cd "$BUILD"
SEED_ARG=()
[ -n "${FASTSECP_FUZZ_SEED:-}" ] && SEED_ARG=(-seed="$FASTSECP_FUZZ_SEED")
./tests/fuzz/fuzz_parsers "${SEED_ARG[@]}" -max_total_time="$SECONDS_PER_TARGET" -print_final_stats=1 \
  corpus/parsers "$ROOT/tests/fuzz/regressions"
