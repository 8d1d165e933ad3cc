#!/usr/bin/env bash
# Bitcoin Core on fastsecp, side by side with Core's bundled libsecp256k1.
#
#   tools/bitcoin-core.sh CORE_TREE [options]
#
# CORE_TREE is a Bitcoin Core source tree (read only; never modified). The script
#   1. copies it twice under the work directory: bundled/src (as is) and fastsecp/src (this
#      repository's files in place of src/secp256k1);
#   2. configures both the same way (RelWithDebInfo, Core's defaults otherwise, plus BUILD_BENCH=ON;
#      ENABLE_IPC=OFF when capnp is missing; --lto adds CMAKE_INTERPROCEDURAL_OPTIMIZATION=ON) and
#      builds bench_bitcoin in each and test_bitcoin in the copy step 3 tests (ccache, shared
#      between the copies);
#   3. runs all of test_bitcoin on the fastsecp copy (on the batched copy with --batch);
#   4. runs bench_bitcoin's secp256k1-heavy benchmarks on every build, interleaved (per round and
#      per benchmark: each side once, the order rotating between rounds), and prints one table:
#      median ns/op of each side and the ratio bundled ÷ side (above 1: faster than bundled).
#      VerifyNestedIfScript does no elliptic-curve work: its ratio must read about 1.00.
# With --batch a third copy, batched/src, is the fastsecp copy with our batch-validation patch
# applied (tools/bitcoin-core/batch-validation.patch: a block's BIP-340 signatures and Taproot
# commitments are verified in batches on the script-check threads, through the batch module;
# docs/BITCOIN_CORE.md). Its test_bitcoin includes the patch's own tests (batchverify_tests).
# A second run reuses the copies and builds (only changed files are copied, make rebuilds what
# changed).
#
# Options:
#   --work DIR       work directory (default: <parent of CORE_TREE>/fastsecp-core-work)
#   --lto            LTO builds (separate build directories: build-lto)
#   --rounds N       benchmark rounds (default 5); the table shows medians
#   --min-time MS    bench_bitcoin -min-time per benchmark and run (default 500)
#   --filter REGEX   benchmark names (default: the secp256k1-heavy list and the control)
#   --jobs N         build jobs (default: nproc)
#   --full           also a full build of Core on fastsecp: every target, BUILD_TESTS=ON,
#                    BUILD_KERNEL_LIB=ON, BUILD_UTIL_CHAINSTATE=ON (build-full), then our own tests
#                    as built inside Core (ctest in build-full/src/secp256k1)
#   --batch          also the batched copy (above): built, tested and benchmarked as a third side
#   --no-test        skip test_bitcoin
#   --no-bench       skip the benchmarks
#   --profile        after the benchmarks, profile the ConnectBlock benchmarks on every side
#                    (perf record -e cpu-clock, two run lengths so that only timed iterations
#                    count) and print the share of time spent in the secp256k1 library, and so
#                    the ceiling a faster library can reach (needs perf: Debian linux-perf)
#   --markdown       print the table as markdown
# Environment: NICE (default 10) is the build's niceness; CCACHE_DIR etc. are honoured.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
usage() { sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d' | sed 's/^# \{0,1\}//'; }

CORE=""
WORK=""
LTO=0
ROUNDS=5
MIN_TIME=500
JOBS=$(nproc)
FULL=0
BATCH=0
RUN_TEST=1
RUN_BENCH=1
PROFILE=0
MARKDOWN=0
BENCHES=(ConnectBlockAllEcdsa ConnectBlockAllSchnorr ConnectBlockMixedEcdsaSchnorr
         VerifyScriptP2WPKH VerifyScriptP2TR_KeyPath VerifyScriptP2TR_ScriptPath
         SignTransactionECDSA SignTransactionSchnorr SignSchnorrWithMerkleRoot
         SignSchnorrWithNullMerkleRoot EllSwiftCreate BIP324_ECDH VerifyNestedIfScript)
FILTER=""
while [ $# -gt 0 ]; do
  case "$1" in
    --work) WORK=$2; shift 2 ;;
    --lto) LTO=1; shift ;;
    --rounds) ROUNDS=$2; shift 2 ;;
    --min-time) MIN_TIME=$2; shift 2 ;;
    --filter) FILTER=$2; shift 2 ;;
    --jobs) JOBS=$2; shift 2 ;;
    --full) FULL=1; shift ;;
    --batch) BATCH=1; shift ;;
    --no-test) RUN_TEST=0; shift ;;
    --no-bench) RUN_BENCH=0; shift ;;
    --profile) PROFILE=1; shift ;;
    --markdown) MARKDOWN=1; shift ;;
    -h|--help) usage; exit 0 ;;
    -*) echo "unknown option $1" >&2; usage >&2; exit 2 ;;
    *) [ -z "$CORE" ] || { echo "one CORE_TREE only" >&2; exit 2; }; CORE=$1; shift ;;
  esac
done
[ -n "$CORE" ] || { usage >&2; exit 2; }
CORE=$(cd "$CORE" && pwd)
[ -f "$CORE/cmake/secp256k1.cmake" ] && [ -d "$CORE/src/secp256k1" ] ||
  { echo "$CORE does not look like a Bitcoin Core tree (cmake/secp256k1.cmake, src/secp256k1)" >&2; exit 2; }
[ -n "$WORK" ] || WORK=$(dirname "$CORE")/fastsecp-core-work
mkdir -p "$WORK"
WORK=$(cd "$WORK" && pwd)
if [ -n "$FILTER" ]; then
  mapfile -t BENCHES < <(printf '%s\n' "${BENCHES[@]}" | grep -E "$FILTER" || true)
  [ ${#BENCHES[@]} -gt 0 ] || { echo "--filter $FILTER selects nothing" >&2; exit 2; }
fi
NICE=${NICE:-10}
# One cache for both copies: same relative paths below $WORK, so Core's own files hit the cache
# in the second copy (only what includes secp256k1 headers, and secp256k1 itself, is compiled).
export CCACHE_BASEDIR="$WORK" CCACHE_NOHASHDIR=1
step() { printf '\n==== %s ====\n' "$*" >&2; }

# Copies FROM's files over TO, touching only files whose content changed (keeps make incremental).
sync_tree() {  # FROM TO [file list on stdin, relative to FROM]
  local from=$1 to=$2 f
  while IFS= read -r f; do
    [ -f "$from/$f" ] || continue
    if ! cmp -s "$from/$f" "$to/$f" 2>/dev/null; then
      mkdir -p "$to/$(dirname "$f")"
      cp -p "$from/$f" "$to/$f"
    fi
  done
}
core_files() { (cd "$CORE" && find . -type f ! -path './.git/*' | sed 's|^\./||'); }
ours_files() {
  if git -C "$ROOT" rev-parse --git-dir >/dev/null 2>&1; then
    git -C "$ROOT" ls-files -co --exclude-standard
  else
    (cd "$ROOT" && find . -type f ! -path './build*' | sed 's|^\./||')
  fi
}

step "copies of $CORE under $WORK"
mkdir -p "$WORK/bundled/src" "$WORK/fastsecp/src"
core_files | sync_tree "$CORE" "$WORK/bundled/src"
core_files | grep -v '^src/secp256k1/' | sync_tree "$CORE" "$WORK/fastsecp/src"
mkdir -p "$WORK/fastsecp/src/src/secp256k1"
ours_files | sync_tree "$ROOT" "$WORK/fastsecp/src/src/secp256k1"
PATCH="$ROOT/tools/bitcoin-core/batch-validation.patch"
if [ "$BATCH" = 1 ]; then
  # The fastsecp copy's files, then the patched ones (patched in a scratch copy, so that files the
  # patch does not change keep their times and make stays incremental).
  mkdir -p "$WORK/batched/src"
  mapfile -t patched < <(sed -n 's|^+++ b/||p' "$PATCH")
  (cd "$WORK/fastsecp/src" && find . -type f | sed 's|^\./||') | grep -v -x -F -f <(printf '%s\n' "${patched[@]}") |
    sync_tree "$WORK/fastsecp/src" "$WORK/batched/src"
  SCRATCH=$(mktemp -d)
  for f in "${patched[@]}"; do
    if [ -f "$WORK/fastsecp/src/$f" ]; then mkdir -p "$SCRATCH/$(dirname "$f")"; cp -p "$WORK/fastsecp/src/$f" "$SCRATCH/$f"; fi
  done
  patch -d "$SCRATCH" -p1 -s --no-backup-if-mismatch < "$PATCH" ||
    { echo "$PATCH does not apply to $CORE" >&2; rm -rf "$SCRATCH"; exit 1; }
  printf '%s\n' "${patched[@]}" | sync_tree "$SCRATCH" "$WORK/batched/src"
  rm -rf "$SCRATCH"
  echo "batched:  $WORK/batched/src (fastsecp copy + $(basename "$PATCH"))" >&2
fi
echo "bundled:  $WORK/bundled/src (libsecp256k1 $(sed -n 's/^  VERSION \(.*\)/\1/p' "$CORE/src/secp256k1/CMakeLists.txt" | head -1))" >&2
echo "fastsecp: $WORK/fastsecp/src (fastsecp $(git -C "$ROOT" describe --always --dirty 2>/dev/null || echo '?'))" >&2

BUILD=build
CONF=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DBUILD_BENCH=ON)
if [ "$LTO" = 1 ]; then
  BUILD=build-lto
  CONF+=(-DCMAKE_INTERPROCEDURAL_OPTIMIZATION=ON)
fi
command -v capnp >/dev/null 2>&1 || CONF+=(-DENABLE_IPC=OFF)

build_side() {  # SIDE DIR CONF... -- TARGETS...
  local side=$1 dir=$2; shift 2
  local conf=() targets=()
  while [ "$1" != "--" ]; do conf+=("$1"); shift; done; shift
  targets=("$@")
  step "configure + build $side ($dir: ${conf[*]}; targets: ${targets[*]:-all})"
  (cd "$WORK/$side" && nice -n "$NICE" cmake -S src -B "$dir" "${conf[@]}" > "$dir.configure.log" 2>&1) ||
    { tail -40 "$WORK/$side/$dir.configure.log" >&2; exit 1; }
  local tflags=()
  for t in "${targets[@]}"; do tflags+=(--target "$t"); done
  (cd "$WORK/$side" && nice -n "$NICE" cmake --build "$dir" -j "$JOBS" "${tflags[@]}" > "$dir.build.log" 2>&1) ||
    { grep -E 'error|Error' "$WORK/$side/$dir.build.log" | head -40 >&2; tail -20 "$WORK/$side/$dir.build.log" >&2; exit 1; }
  echo "built: $WORK/$side/$dir (log $WORK/$side/$dir.build.log)" >&2
}

# Only what this run uses: bench_bitcoin (every side) and test_bitcoin (one side).
if [ "$RUN_BENCH" = 1 ] || [ "$PROFILE" = 1 ]; then
  # The bundled side first: the fastsecp copy then finds Core's own objects in ccache.
  build_side bundled "$BUILD" "${CONF[@]}" -- bench_bitcoin
fi
# test_bitcoin runs on the fastsecp copy, or on the batched copy with --batch.
TEST_SIDE=fastsecp
[ "$BATCH" = 1 ] && TEST_SIDE=batched
FASTSECP_TARGETS=() BATCHED_TARGETS=()
if [ "$RUN_TEST" = 1 ]; then
  if [ "$BATCH" = 1 ]; then BATCHED_TARGETS+=(test_bitcoin); else FASTSECP_TARGETS+=(test_bitcoin); fi
fi
if [ "$RUN_BENCH" = 1 ] || [ "$PROFILE" = 1 ]; then
  FASTSECP_TARGETS+=(bench_bitcoin)
  BATCHED_TARGETS+=(bench_bitcoin)
fi
if [ ${#FASTSECP_TARGETS[@]} -gt 0 ]; then
  build_side fastsecp "$BUILD" "${CONF[@]}" -- "${FASTSECP_TARGETS[@]}"
fi
if [ "$BATCH" = 1 ] && [ ${#BATCHED_TARGETS[@]} -gt 0 ]; then
  build_side batched "$BUILD" "${CONF[@]}" -- "${BATCHED_TARGETS[@]}"
fi
SIDES=(bundled fastsecp)
[ "$BATCH" = 1 ] && SIDES+=(batched)

if [ "$FULL" = 1 ]; then
  build_side fastsecp build-full "${CONF[@]}" -DBUILD_TESTS=ON -DBUILD_KERNEL_LIB=ON \
    -DBUILD_UTIL_CHAINSTATE=ON --
  step "fastsecp's own tests as built inside Core (ECDH off, no reference library)"
  ctest --test-dir "$WORK/fastsecp/build-full/src/secp256k1" -j "$JOBS" --output-on-failure | tail -5
fi

if [ "$RUN_TEST" = 1 ]; then
  step "all of test_bitcoin on $TEST_SIDE"
  LOG="$WORK/$TEST_SIDE/$BUILD.test_bitcoin.log"
  if "$WORK/$TEST_SIDE/$BUILD/bin/test_bitcoin" --report_level=short > "$LOG" 2>&1; then
    grep -E 'Test module|No errors|test cases' "$LOG" | tail -3
    echo "test_bitcoin: all passed on $TEST_SIDE (log $LOG)"
  else
    tail -30 "$LOG" >&2
    echo "test_bitcoin FAILED on $TEST_SIDE (log $LOG)" >&2
    exit 1
  fi
  if [ "$BATCH" = 1 ]; then
    # The patch's own suite, listed with its test cases (they compare batched with unbatched).
    "$WORK/batched/$BUILD/bin/test_bitcoin" --run_test=batchverify_tests --log_level=test_suite 2>&1 |
      grep -E 'Leaving test case|No errors|failure' | sed 's/^/  /'
  fi
fi

if [ "$RUN_BENCH" = 1 ]; then

step "bench_bitcoin, interleaved: ${#BENCHES[@]} benchmarks x $ROUNDS rounds x ${#SIDES[@]} sides (${SIDES[*]}), -min-time=$MIN_TIME"
echo "load average now: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores (an idle machine gives stable ratios)" >&2
RAW="$WORK/bench-$BUILD.raw"
: > "$RAW"
# bench_bitcoin prints a nanobench markdown table; the first column is ns per unit, the last the name.
run_one() {  # SIDE BENCH -> prints "ns"
  "$WORK/$1/$BUILD/bin/bench_bitcoin" -filter="^$2\$" -min-time="$MIN_TIME" 2>/dev/null |
    awk -F'|' -v b="$2" 'index($0, "`" b "`") { v = $2; gsub(/[ ,]/, "", v); print v; exit }'
}
for ((r = 1; r <= ROUNDS; r++)); do
  for b in "${BENCHES[@]}"; do
    # The order rotates between rounds (bundled first, then second, ...).
    k=$((r % ${#SIDES[@]}))
    order=("${SIDES[@]:$k}" "${SIDES[@]:0:$k}")
    for side in "${order[@]}"; do
      v=$(run_one "$side" "$b")
      [ -n "$v" ] || { echo "no result for $b on $side" >&2; exit 1; }
      echo "$r $b $side $v" >> "$RAW"
    done
  done
  echo "round $r/$ROUNDS done" >&2
done

python3 - "$RAW" "$MARKDOWN" "${#SIDES[@]}" "${SIDES[@]}" "${BENCHES[@]}" <<'PY'
import statistics, sys
raw, markdown, nsides = sys.argv[1], sys.argv[2] == "1", int(sys.argv[3])
sides, benches = sys.argv[4:4 + nsides], sys.argv[4 + nsides:]
others = sides[1:]
names = {"bundled": "bundled libsecp256k1", "fastsecp": "fastsecp", "batched": "fastsecp + batch patch"}
vals = {}
for line in open(raw):
    r, b, side, v = line.split()
    vals.setdefault((b, side), []).append(float(v))
def fmt(ns):
    return f"{ns / 1000:,.1f} us" if ns >= 10000 else f"{ns:,.1f} ns"
rows = []
for b in benches:
    if any(not vals.get((b, s)) for s in sides):
        continue
    med = {s: statistics.median(vals[(b, s)]) for s in sides}
    cells = []
    for s in others:
        per_round = [x / y for x, y in zip(vals[(b, "bundled")], vals[(b, s)])]
        cells.append((med["bundled"] / med[s], min(per_round), max(per_round)))
    rows.append((b, med, cells))
if markdown:
    print("| benchmark | " + " | ".join(names[s] for s in sides) + " | "
          + " | ".join(f"ratio {names[s]} (range)" for s in others) + " |")
    print("|---|" + "---:|" * (len(sides) + len(others)))
    for b, med, cells in rows:
        print(f"| {b} | " + " | ".join(fmt(med[s]) for s in sides) + " | "
              + " | ".join(f"**{q:.2f}x** ({lo:.2f}-{hi:.2f})" for q, lo, hi in cells) + " |")
else:
    print(f"{'benchmark':32} " + " ".join(f"{s:>14}" for s in sides) + " " + " ".join(f"{'ratio ' + s:>16}" for s in others))
    for b, med, cells in rows:
        print(f"{b:32} " + " ".join(f"{fmt(med[s]):>14}" for s in sides) + " "
              + " ".join(f"{q:6.2f}x {lo:.2f}-{hi:.2f}" for q, lo, hi in cells))
print(f"(medians of {len(vals.get((benches[0], 'bundled'), []))} interleaved rounds; ratio = bundled time / that side's time; unit per op as bench_bitcoin reports it)")
PY
fi

[ "$PROFILE" = 1 ] || exit 0
command -v perf >/dev/null 2>&1 || { echo "--profile needs perf (Debian: linux-perf)" >&2; exit 1; }
step "profile: share of each ConnectBlock benchmark's timed work spent in secp256k1 (perf, cpu-clock samples)"
# Every function of the bundled library is named secp256k1_*; fastsecp's are secp256k1_* (the API)
# or in namespace fastsecp (C++ symbols demangled by perf). Inlined code counts where it was inlined
# (neither library's API is inlined into Core). A benchmark's process also builds its block (keys,
# signatures) before timing; to leave that out, each side is recorded twice, with -min-time 1000
# and 5000 ms, and only the difference of the sample counts (the extra 4 s of timed iterations)
# is used.
samples() {  # SIDE BENCH MIN_TIME -> "library_samples total_samples"
  local data="$WORK/$1/$BUILD.perf-$2-$3.data"
  perf record -q -e cpu-clock -F 2000 -o "$data" \
    "$WORK/$1/$BUILD/bin/bench_bitcoin" -filter="^$2\$" -min-time="$3" > /dev/null 2>&1
  perf report -i "$data" --stdio -n --no-children --sort sym 2>/dev/null |
    awk '/^ +[0-9.]+%/ { n = $2; t += n; if ($0 ~ /secp256k1_|fastsecp::/) s += n }
         END { print s + 0, t + 0 }'
}
printf '%-32s' benchmark; printf ' %12s' "${SIDES[@]}"; printf ' %10s\n' ceiling
for b in $(printf '%s\n' "${BENCHES[@]}" | grep '^ConnectBlock'); do
  share=()
  for side in "${SIDES[@]}"; do
    read -r s1 t1 < <(samples "$side" "$b" 1000)
    read -r s2 t2 < <(samples "$side" "$b" 5000)
    share+=("$(python3 -c "print(f'{100 * ($s2 - $s1) / max(1, $t2 - $t1):.1f}')")")
  done
  # Amdahl: with the bundled library's share f, an infinitely fast library gives 1 / (1 - f).
  ceiling=$(python3 -c "f=${share[0]}/100; print(f'{1/(1-f):.1f}x' if f < 1 else 'inf')")
  printf '%-32s' "$b"; printf ' %11s%%' "${share[@]}"; printf ' %10s\n' "$ceiling"
done
echo "(share of the timed iterations' cpu-clock samples in secp256k1 code; ceiling = 1 / (1 - bundled share): the ConnectBlock speed-up if the library took no time)"
