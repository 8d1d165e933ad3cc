#!/usr/bin/env bash
# A long run of the differential tests and the fuzzers (CI runs both briefly; this is the long run):
#   tools/soak.sh [HOURS]        (default 1; fractions work: 0.25)
#   1. a Release build of diff_tests (build-soak/), run with FASTSECP_DIFF_ITERS cases per test
#      (default 1,000,000; FASTSECP_SOAK_ITERS overrides) against libsecp256k1 v0.8.0, one process
#      per test, JOBS (default 2) at a time, slowest first; about 2 core-hours on a quiet core of the
#      2-core machine here (10,000 cases per test took 72 s), so HOURS bounds only the fuzz stage;
#   2. the fuzz targets of tools/fuzz.sh (build-fuzz/, clang, libFuzzer, ASan+UBSan), JOBS at a time,
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
# One process per test, JOBS at a time, slowest first (longest-processing-time order balances the
# workers; a short calibration run at 1,000 cases gives each test's cost). A time-boxed run that is
# stopped early has then done the expensive tests, not only the cheap ones at the head of the list.
echo "==== differential tests, $ITERS cases each, $JOBS at a time (logs $BUILD/soak-logs/) ===="
rm -rf "$BUILD/soak-logs"; mkdir -p "$BUILD/soak-logs"
FASTSECP_DIFF_ITERS=1000 "$BUILD/tests/diff/diff_tests" --gtest_output="json:$BUILD/soak-logs/calibration.json" \
  > "$BUILD/soak-logs/calibration.log" 2>&1 || { tail -40 "$BUILD/soak-logs/calibration.log"; exit 1; }
python3 - "$BUILD/soak-logs/calibration.json" > "$BUILD/soak-logs/order" <<'PY'
import json, sys
tests = [(float(t["time"].rstrip("s")), f'{s["name"]}.{t["name"]}')
         for s in json.load(open(sys.argv[1]))["testsuites"] for t in s["testsuite"]]
for _, name in sorted(tests, key=lambda x: -x[0]):
    print(name)
PY
export BUILD ITERS
xargs -P "$JOBS" -I{} sh -c 'FASTSECP_DIFF_ITERS=$ITERS "$BUILD/tests/diff/diff_tests" --gtest_filter="$1" \
    > "$BUILD/soak-logs/$1.log" 2>&1 || { echo "FAILED: $1"; tail -40 "$BUILD/soak-logs/$1.log"; exit 255; }' _ {} \
  < "$BUILD/soak-logs/order" || { echo "soak: differential tests FAILED"; exit 1; }
ok=$(cat "$BUILD"/soak-logs/*.*.log | grep -E '^\[       OK \]' || true)
sed 's/^/  /' <<< "$ok"
passed=$(grep -c . <<< "$ok" || true)
skipped=$(cat "$BUILD"/soak-logs/*.*.log | grep -c '^\[  SKIPPED \]' || true)
echo "differential: $passed tests passed, $ITERS cases each (skipped: $skipped), $(($(date +%s) - start)) s on $JOBS cores" >> "$SUMMARY"
tail -n1 "$SUMMARY"

# The fuzzers (tools/fuzz.sh 1 builds them and runs each for a second), JOBS at a time, sharing what
# is left of HOURS.
JOBS=$JOBS FASTSECP_FUZZ_BUILD_DIR="$FUZZ_BUILD" "$ROOT/tools/fuzz.sh" 1 > "$FUZZ_BUILD.soak-build.log" 2>&1 ||
  { tail -30 "$FUZZ_BUILD.soak-build.log"; exit 1; }
left=$((deadline - $(date +%s)))
failed=0
rounds=$(((${#TARGETS[@]} + JOBS - 1) / JOBS))
per=$((left / rounds))
[ "$per" -ge 300 ] || per=300
fuzz_one() {  # fuzz_one TARGET: fuzz, then merge what adds coverage into the repository's corpus
  local t=$1 corpus="$ROOT/tests/fuzz/corpus/$1" work="$FUZZ_BUILD/soak-corpus/$1" before after runs cov
  mkdir -p "$corpus" "$work"
  before=$(find "$corpus" -type f | wc -l)
  echo "==== $t: $per s from $before corpus inputs ===="
  (cd "$FUZZ_BUILD" && "./tests/fuzz/$t" -max_total_time="$per" -print_final_stats=1 \
      "$work" "$corpus" "$ROOT/tests/fuzz/${REGRESSIONS[$t]}") > "$FUZZ_BUILD/$t.soak.log" 2>&1 ||
    { tail -40 "$FUZZ_BUILD/$t.soak.log"; echo "soak: $t FAILED (log $FUZZ_BUILD/$t.soak.log)"; return 1; }
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$FUZZ_BUILD/$t.soak.log" | tail -n1)
  cov=$(grep -oE 'cov: [0-9]+ ft: [0-9]+' "$FUZZ_BUILD/$t.soak.log" | tail -n1)
  # Keep only what adds coverage to the repository's corpus.
  (cd "$FUZZ_BUILD" && "./tests/fuzz/$t" -merge=1 "$corpus" "$work") > "$FUZZ_BUILD/$t.merge.log" 2>&1 ||
    { tail -20 "$FUZZ_BUILD/$t.merge.log"; return 1; }
  after=$(find "$corpus" -type f | wc -l)
  echo "$t: $runs runs in $per s, $cov, corpus $before -> $after inputs, no failure" | tee -a "$SUMMARY"
}
for ((first = 0; first < ${#TARGETS[@]}; first += JOBS)); do
  pids=()
  for t in "${TARGETS[@]:first:JOBS}"; do
    fuzz_one "$t" &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
  [ "$failed" = 0 ] || { echo "soak: fuzzing FAILED"; exit 1; }
done

echo
echo "==== soak summary ($(($(date +%s) - start)) s after the builds) ===="
cat "$SUMMARY"
