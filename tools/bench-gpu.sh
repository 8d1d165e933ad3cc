#!/usr/bin/env bash
# The GPU benchmark: fastsecp_gpu.h's calls (k·G, k·P, BIP-340 and ECDSA verification, the BIP-352
# prefilter and full scan with one label) on every device the library lists (OpenCL CPU devices
# such as PoCL included, labelled as CPU figures) and on the CPU engine beside them: items per
# second kernel-only (the context's kernel_seconds) and end to end (wall time, transfers included),
# with the batch size used (bench/bench_gpu.cpp).
#   tools/bench-gpu.sh [--quick] [--markdown] [--rounds R] [--gpu-batch N] [--cpu-batch N] [--threads T]
# Builds build-bench-gpu/ (FASTSECP_BENCH_GPU_BUILD_DIR) in Release; the CUDA code is built when nvcc
# is found (FASTSECP_BUILD_CUDA, default auto). Run it on an idle machine and give the load (uptime).
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${FASTSECP_BENCH_GPU_BUILD_DIR:-$ROOT/build-bench-gpu}
JOBS=${JOBS:-$(nproc)}

cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DFASTSECP_BUILD_CUDA="${FASTSECP_BUILD_CUDA:-AUTO}" \
  -DSECP256K1_BUILD_TESTS=OFF -DSECP256K1_BUILD_CTIME_TESTS=OFF -DSECP256K1_BUILD_BENCHMARK=ON \
  -DFASTSECP_BUILD_CLI=OFF -DFASTSECP_FETCH_REFERENCE=OFF --no-warn-unused-cli >&2
cmake --build "$BUILD" --target bench_gpu -j "$JOBS" >&2
echo "# $(uptime)" >&2
exec "$BUILD/bench/bench_gpu" "$@"
