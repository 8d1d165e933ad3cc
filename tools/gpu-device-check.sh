#!/usr/bin/env bash
# The prepared check for a session that has a GPU (an H100): builds the library with the CUDA
# kernels for sm_90 only (-DFASTSECP_CUDA_ARCHS=90, PTX 90), runs the gpu-labelled tests (the CUDA
# ones must pass there, not skip), then tools/bench-gpu.sh, all under 10 minutes. Output:
#   $OUT_DIR/device.txt      nvidia-smi and the device the tests opened
#   $OUT_DIR/tests.txt       the gpu tests' output (CUDA and OpenCL)
#   $OUT_DIR/bench-gpu.md    the benchmark table (tools/bench-gpu.sh --markdown)
# Usage: tools/gpu-device-check.sh [OUT_DIR] (default: ${OUT:-gpu-check}). Exit status: non-zero
# when a step failed (the files written so far stay). If the CUDA tests fail and the OpenCL ones
# pass, rerun with FASTSECP_NO_PTX=1 in the environment: it builds the portable 64-bit product
# instead of the inline-PTX carry chains, which tells whether the PTX rows are at fault.
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT_DIR=${1:-${OUT:-gpu-check}}
mkdir -p "$OUT_DIR"
BUILD=${FASTSECP_GPU_CHECK_BUILD:-$ROOT/build-gpu}
JOBS=${JOBS:-$(nproc)}
start=$(date +%s)
rc=0
{ nvidia-smi || echo "nvidia-smi: not available"; } > "$OUT_DIR/device.txt" 2>&1

export PATH=/usr/local/cuda/bin:$PATH
NVCC_FLAGS=""
[ "${FASTSECP_NO_PTX:-0}" = 1 ] && NVCC_FLAGS="-DFASTSECP_NO_PTX"
t0=$(date +%s)
if ! cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DSECP256K1_BUILD_TESTS=ON -DSECP256K1_BUILD_BENCHMARK=ON \
     -DSECP256K1_BUILD_CTIME_TESTS=OFF -DFASTSECP_BUILD_CUDA=ON -DFASTSECP_CUDA_ARCHS=90 -DFASTSECP_CUDA_PTX_ARCH=90 \
     -DFASTSECP_CUDA_EXTRA_FLAGS="$NVCC_FLAGS" > "$OUT_DIR/build.txt" 2>&1 ||
   ! cmake --build "$BUILD" -j "$JOBS" >> "$OUT_DIR/build.txt" 2>&1; then
  echo "build failed (see $OUT_DIR/build.txt)"; tail -30 "$OUT_DIR/build.txt"; exit 1
fi
echo "build: $(( $(date +%s) - t0 )) s" | tee -a "$OUT_DIR/device.txt"

t0=$(date +%s)
timeout 240 "$BUILD/tests/gpu/gpu_kernel_tests" > "$OUT_DIR/tests.txt" 2>&1 || rc=1
grep -E "device:|OK \]|FAILED|SKIPPED|PASSED" "$OUT_DIR/tests.txt" | head -40
grep -q "SKIPPED \] CudaKernels" "$OUT_DIR/tests.txt" && { echo "CUDA tests skipped: no CUDA device was opened"; rc=1; }
echo "tests: $(( $(date +%s) - t0 )) s, rc $rc" | tee -a "$OUT_DIR/device.txt"

if [ -x "$ROOT/tools/bench-gpu.sh" ]; then
  left=$(( 570 - ($(date +%s) - start) ))
  [ "$left" -lt 60 ] && left=60
  FASTSECP_BENCH_GPU_BUILD_DIR="$BUILD" timeout "$left" "$ROOT/tools/bench-gpu.sh" --markdown > "$OUT_DIR/bench-gpu.md" 2>&1 || rc=1
  cat "$OUT_DIR/bench-gpu.md"
else
  echo "tools/bench-gpu.sh is missing" | tee "$OUT_DIR/bench-gpu.md"; rc=1
fi
echo "total: $(( $(date +%s) - start )) s"
exit $rc
