#!/usr/bin/env bash
# The DuckDB benchmark: the silent-payments server's query (scan_silent_payments over a synthetic
# `tweak` table, with and without a label) run by secp256k1.duckdb_extension, against the same
# per-row computation done the way the server's own extension does it through libsecp256k1
# v0.8.0 (duckdb/reference_extension.cpp loading the reference shared object), with one DuckDB
# thread and with all cores. Both return the same rows (checked).
#   tools/bench-duckdb.sh [--rows N] [--rounds R] [--cudasp]   (defaults: 491520 rows = 4 row groups, 3;
#   --cudasp adds cudasp_scan, cudasp_match and scan_silent_payments on the same rows, one thread)
# FASTSECP_DUCKDB_VARTIME=1 measures the opt-in variable-time scan key multiplication.
# Builds build-bench-duckdb/ (FASTSECP_BENCH_DUCKDB_BUILD_DIR), a venv with the duckdb wheel the
# server pins (FASTSECP_BENCH_DUCKDB_VERSION, default 1.4.4), fetches the reference like tools/bench.sh.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${FASTSECP_BENCH_DUCKDB_BUILD_DIR:-$ROOT/build-bench-duckdb}
VERSION=${FASTSECP_BENCH_DUCKDB_VERSION:-1.4.4}
JOBS=${JOBS:-2}

cmake -S "$ROOT" -B "$BUILD" -DFASTSECP_BUILD_CUDA=OFF -DCMAKE_BUILD_TYPE=Release -DFASTSECP_BUILD_DUCKDB=ON -DSECP256K1_BUILD_TESTS=OFF \
  -DSECP256K1_BUILD_CTIME_TESTS=OFF -DSECP256K1_BUILD_BENCHMARK=OFF -DFASTSECP_BUILD_CLI=OFF >&2
cmake --build "$BUILD" --target secp256k1 fastsecp_duckdb fastsecp_cudasp fastsecp_duckdb_reference -j "$JOBS" >&2

if [ -z "${FASTSECP_REFERENCE_LIB:-}" ]; then
  FASTSECP_REFERENCE_LIB=$("$ROOT/tools/fetch-reference.sh" "$BUILD/reference")
fi
export FASTSECP_REFERENCE_LIB
VENV=$BUILD/venv-duckdb-$VERSION
if [ ! -x "$VENV/bin/python" ]; then
  python3 -m venv "$VENV" >&2
  "$VENV/bin/pip" install -q --disable-pip-version-check "duckdb==$VERSION" >&2
fi
export FASTSECP_DUCKDB_EXTENSION=$BUILD/duckdb/secp256k1.duckdb_extension
export FASTSECP_DUCKDB_REFERENCE_EXTENSION=$BUILD/duckdb/secp256k1_reference.duckdb_extension
export FASTSECP_LIB=$BUILD/src/libsecp256k1.so
exec "$VENV/bin/python" "$ROOT/tools/bench_duckdb.py" "$@"
