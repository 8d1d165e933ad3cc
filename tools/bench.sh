#!/usr/bin/env bash
# The side-by-side benchmark, from a bare checkout: fastsecp vs the reference libsecp256k1 v0.8.0.
#   tools/bench.sh [bench_compare options]     e.g. --markdown, --filter ecdsa, --rounds 15
#   tools/bench.sh --svg FILE [...]             also draws the ratios as a bar chart (tools/ratio-chart.py)
# Builds a Release tree in build-bench/ (override with FASTSECP_BENCH_BUILD_DIR), fetches the
# reference with pip unless FASTSECP_REFERENCE_LIB or --ref names one, and runs bench_compare
# (every libsecp256k1 operation), then bench_scan (the silent-payments batch scanner against
# recipient_scan_outputs; skipped when --filter names something else, quick with --rounds 1), then
# bench_wallet (BIP-32 child public keys, single and batch, against libsecp256k1 calls + our
# HMAC-SHA512; skipped when --filter names neither wallet, bip32 nor derive).
# Build and fetch chatter goes to stderr, so stdout is only the report.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# --svg FILE is ours; everything else goes to the benchmark programs.
svg=
args=()
while [ $# -gt 0 ]; do
  case $1 in
    --svg) [ $# -ge 2 ] || { echo "bench.sh: --svg needs a file name" >&2; exit 2; }; svg=$2; shift 2 ;;
    --svg=*) svg=${1#--svg=}; shift ;;
    *) args+=("$1"); shift ;;
  esac
done
set -- "${args[@]+"${args[@]}"}"
BUILD=${FASTSECP_BENCH_BUILD_DIR:-$ROOT/build-bench}
JOBS=${JOBS:-2}

# Portable flags on purpose (no -march=native): the library picks its fast paths at run time.
cmake -S "$ROOT" -B "$BUILD" -DFASTSECP_BUILD_CUDA=OFF -DCMAKE_BUILD_TYPE=Release \
  -DSECP256K1_BUILD_TESTS=OFF -DSECP256K1_BUILD_CTIME_TESTS=OFF -DSECP256K1_BUILD_BENCHMARK=ON >&2
cmake --build "$BUILD" --target bench_compare bench_scan bench_wallet -j "$JOBS" >&2

have_ref=0
for arg in "$@"; do
  case $arg in --ref|--ref=*|--help|-h|--list) have_ref=1 ;; esac
done
if [ "$have_ref" = 0 ] && [ -z "${FASTSECP_REFERENCE_LIB:-}" ]; then
  # Usually already done by the configure step above; this is idempotent and says why it fails.
  FASTSECP_REFERENCE_LIB=$("$ROOT/tools/fetch-reference.sh" "$BUILD/reference")
  export FASTSECP_REFERENCE_LIB
fi

FASTSECP_BENCH_COMMAND="tools/bench.sh${*:+ $*}"
export FASTSECP_BENCH_COMMAND
if [ -n "$svg" ]; then
  report=$(mktemp)
  trap 'rm -f "$report"' EXIT
  "$BUILD/bench/bench_compare" "$@" | tee "$report"
  python3 "$ROOT/tools/ratio-chart.py" "$report" "$svg" \
    --title "fastsecp vs libsecp256k1 v0.8.0 ($(git -C "$ROOT" log -1 --format=%h 2>/dev/null || echo tree), $(date -u +%Y-%m-%d))"
else
  "$BUILD/bench/bench_compare" "$@"
fi

# bench_scan's options, from the same command line.
scan=1
scan_args=()
prev=
for arg in "$@"; do
  case $prev in
    --filter) case $arg in *scan*|*silent*) ;; *) scan=0 ;; esac ;;
    --rounds) if [ "$arg" = 1 ]; then scan_args+=(--quick); else scan_args+=(--rounds "$arg"); fi ;;
  esac
  case $arg in
    --markdown) scan_args+=(--markdown) ;;
    --list|--help|-h|--ref|--ref=*) scan=0 ;;
  esac
  prev=$arg
done
if [ "$scan" = 1 ]; then
  echo
  "$BUILD/bench/bench_scan" "${scan_args[@]}"
fi

# bench_wallet's options, from the same command line.
wallet=1
wallet_args=()
prev=
for arg in "$@"; do
  case $prev in
    --filter) case $arg in *wallet*|*bip32*|*derive*) ;; *) wallet=0 ;; esac ;;
    --rounds) wallet_args+=(--rounds "$arg") ;;
    --ref) wallet_args+=(--ref "$arg") ;;
  esac
  case $arg in
    --markdown) wallet_args+=(--markdown) ;;
    --ref=*) wallet_args+=(--ref "${arg#--ref=}") ;;
    --list|--help|-h) wallet=0 ;;
  esac
  prev=$arg
done
if [ "$wallet" = 1 ]; then
  echo
  "$BUILD/bench/bench_wallet" "${wallet_args[@]+"${wallet_args[@]}"}"
fi
