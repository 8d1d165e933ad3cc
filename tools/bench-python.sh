#!/usr/bin/env bash
# The Python benchmark: fastsecp (pip install . of this tree, Release) against the coincurve 21.0.0
# wheel in the same process (python/bench/bench_python.py), printing a markdown table.
# The virtual environment lives in build-bench-python/ (FASTSECP_BENCH_PY_VENV overrides) and is
# reused; the package is rebuilt from the tree on every run, incrementally (its CMake build
# directory is kept in the venv folder; scikit-build-core and nanobind are installed there).
# Usage: tools/bench-python.sh [--rounds N] [--min-time S] [--batch N] [--threads N]
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
VENV=${FASTSECP_BENCH_PY_VENV:-$ROOT/build-bench-python}
JOBS=${JOBS:-2}
if [ ! -x "$VENV/bin/python" ]; then
  python3 -m venv "$VENV"
  "$VENV/bin/python" -m pip install -q --disable-pip-version-check --upgrade pip
fi
"$VENV/bin/python" -m pip install -q --disable-pip-version-check --only-binary coincurve \
  coincurve==21.0.0 scikit-build-core nanobind
CMAKE_BUILD_PARALLEL_LEVEL="$JOBS" "$VENV/bin/python" -m pip install -q --disable-pip-version-check \
  --no-build-isolation -Cbuild-dir="$VENV/cmake-build" --force-reinstall --no-deps "$ROOT"
cd "$ROOT/python/bench"
exec "$VENV/bin/python" bench_python.py "$@"
