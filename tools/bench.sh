#!/usr/bin/env bash
# The side-by-side benchmark, from a bare checkout: fastsecp vs the reference libsecp256k1 v0.8.0.
#   tools/bench.sh [bench_compare options]     e.g. --markdown, --filter ecdsa, --rounds 15
# Builds a Release tree in build-bench/ (override with FASTSECP_BENCH_BUILD_DIR), fetches the
# reference with pip unless FASTSECP_REFERENCE_LIB or --ref names one, and runs bench_compare.
# Build and fetch chatter goes to stderr, so stdout is only the report.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${FASTSECP_BENCH_BUILD_DIR:-$ROOT/build-bench}
JOBS=${JOBS:-2}

# Portable flags on purpose (no -march=native): the library picks its fast paths at run time.
cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release \
  -DSECP256K1_BUILD_TESTS=OFF -DSECP256K1_BUILD_CTIME_TESTS=OFF -DSECP256K1_BUILD_BENCHMARK=ON >&2
cmake --build "$BUILD" --target bench_compare -j "$JOBS" >&2

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
exec "$BUILD/bench/bench_compare" "$@"
