#!/usr/bin/env bash
# A long run of the differential tests and the fuzzers (CI runs both briefly; this is the long run):
#   tools/soak.sh [HOURS]        (default 1; fractions work: 0.25)
#   1. a Release build of diff_tests (build-soak/), run with FASTSECP_DIFF_ITERS cases per test
#      (default 1,000,000; FASTSECP_SOAK_ITERS overrides) against libsecp256k1 v0.8.0;
#   2. the fuzz targets of tools/fuzz.sh (build-fuzz/, clang, libFuzzer, ASan+UBSan), in turn,
#      sharing what is left of HOURS (at least 5 minutes each), each starting from its corpus kept
#      in the repository (tests/fuzz/corpus/TARGET/) and its regressions;
#   3. new inputs that add coverage are merged into tests/fuzz/corpus/TARGET/ (libFuzzer -merge=1,
#      which keeps only inputs that add coverage): commit them, and CI's short runs start from them.
# Prints one summary: cases per differential test, fuzz runs, coverage and corpus sizes, and any
# failure (a difference, a violated property or a sanitizer report stops the run, with the
# crashing input saved in build-fuzz/ as tools/fuzz.sh does).
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
HOURS=${1:-1}
ITERS=${FASTSECP_SOAK_ITERS:-1000000}
JOBS=${JOBS:-2}
BUILD=${FASTSECP_SOAK_BUILD_DIR:-$ROOT/build-soak}
FUZZ_BUILD=${FASTSECP_FUZZ_BUILD_DIR:-$ROOT/build-fuzz}
TARGETS=(fuzz_parsers fuzz_wallet fuzz_protocols)
declare -A REGRESSIONS=([fuzz_parsers]=regressions [fuzz_wallet]=regressions-wallet [fuzz_protocols]=regressions-protocols)
deadline=$(python3 -c "import time, sys; print(int(time.time() + float(sys.argv[1]) * 3600))" "$HOURS")
SUMMARY=$(mktemp)
trap 'rm -f "$SUMMARY"' EXIT

echo "==== soak: $HOURS h, $ITERS differential cases per test, then ${TARGETS[*]} ===="
cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DFASTSECP_BUILD_CUDA=OFF -DSECP256K1_BUILD_TESTS=ON \
  -DSECP256K1_BUILD_CTIME_TESTS=OFF -DSECP256K1_BUILD_BENCHMARK=OFF > "$BUILD.configure.log"
cmake --build "$BUILD" -j "$JOBS" --target diff_tests > "$BUILD.build.log" || { tail -30 "$BUILD.build.log"; exit 1; }
start=$(date +%s)
LOG="$BUILD/diff_tests.soak.log"
echo "==== differential tests, $ITERS cases each (log $LOG) ===="
FASTSECP_DIFF_ITERS=$ITERS "$BUILD/tests/diff/diff_tests" > "$LOG" 2>&1 || { tail -40 "$LOG"; exit 1; }
grep -E 'seed|PASSED|SKIPPED' "$LOG" | sed 's/^/  /'
echo "differential: $(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$LOG") tests passed, $ITERS cases each (skipped: $(grep -c '^\[  SKIPPED \]' "$LOG" || true)), $(($(date +%s) - start)) s" >> "$SUMMARY"
tail -n1 "$SUMMARY"

# The fuzzers (tools/fuzz.sh 1 builds them and runs each for a second).
JOBS=$JOBS FASTSECP_FUZZ_BUILD_DIR="$FUZZ_BUILD" "$ROOT/tools/fuzz.sh" 1 > "$FUZZ_BUILD.soak-build.log" 2>&1 ||
  { tail -30 "$FUZZ_BUILD.soak-build.log"; exit 1; }
left=$((deadline - $(date +%s)))
per=$((left / ${#TARGETS[@]}))
[ "$per" -ge 300 ] || per=300
for t in "${TARGETS[@]}"; do
  corpus="$ROOT/tests/fuzz/corpus/$t"
  work="$FUZZ_BUILD/soak-corpus/$t"
  mkdir -p "$corpus" "$work"
  before=$(find "$corpus" -type f | wc -l)
  echo "==== $t: $per s from $before corpus inputs ===="
  (cd "$FUZZ_BUILD" && "./tests/fuzz/$t" -max_total_time="$per" -print_final_stats=1 \
      "$work" "$corpus" "$ROOT/tests/fuzz/${REGRESSIONS[$t]}") > "$FUZZ_BUILD/$t.soak.log" 2>&1 ||
    { tail -40 "$FUZZ_BUILD/$t.soak.log"; echo "soak: $t FAILED (log $FUZZ_BUILD/$t.soak.log)"; exit 1; }
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$FUZZ_BUILD/$t.soak.log" | tail -n1)
  cov=$(grep -oE 'cov: [0-9]+ ft: [0-9]+' "$FUZZ_BUILD/$t.soak.log" | tail -n1)
  # Keep only what adds coverage to the repository's corpus.
  (cd "$FUZZ_BUILD" && "./tests/fuzz/$t" -merge=1 "$corpus" "$work") > "$FUZZ_BUILD/$t.merge.log" 2>&1 ||
    { tail -20 "$FUZZ_BUILD/$t.merge.log"; exit 1; }
  after=$(find "$corpus" -type f | wc -l)
  echo "$t: $runs runs in $per s, $cov, corpus $before -> $after inputs, no failure" | tee -a "$SUMMARY"
done

echo
echo "==== soak summary ($(($(date +%s) - start)) s after the builds) ===="
cat "$SUMMARY"
