#!/usr/bin/env bash
# Installs the reference libsecp256k1 v0.8.0 used by the differential tests and the side-by-side
# benchmark: the Python extension module of the PyPI wheel btclib-secp256k1, which exports the
# whole secp256k1_* API. Usage: tools/fetch-reference.sh DEST
#
# Prints the path of the shared object on stdout (and nothing else; progress goes to stderr).
# Also writes DEST/python-lib.txt with the libpython the wheel was built for, which the loader
# needs because the extension module leaves the Py* symbols to the interpreter.
# Running it again with a complete DEST does nothing but print the path.
# Environment: PYTHON (default python3) picks the interpreter, and so the wheel's ABI.
set -euo pipefail

VERSION=0.8.0.13
if [ $# -ne 1 ] || [ -z "$1" ]; then
  echo "usage: $0 DEST" >&2
  exit 2
fi
PY=${PYTHON:-python3}
mkdir -p "$1"
DEST=$(cd "$1" && pwd)
STAMP="$DEST/reference-lib.txt"

# Done before: the stamp names an existing library built for this interpreter.
if [ -f "$STAMP" ] && [ -f "$DEST/python-lib.txt" ]; then
  lib=$(head -n1 "$STAMP")
  tag=$("$PY" -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX") or "")')
  if [ -f "$lib" ] && [[ "$lib" == *"$tag" ]]; then
    echo "$lib"
    exit 0
  fi
fi

rm -rf "$DEST/download" "$DEST/wheel"
mkdir -p "$DEST/download"
echo "fetch-reference: downloading btclib-secp256k1==$VERSION for $("$PY" --version 2>&1)" >&2
"$PY" -m pip download --disable-pip-version-check --no-deps --only-binary=:all: \
  "btclib-secp256k1==$VERSION" -d "$DEST/download" >&2

# Unpack with Python's zipfile (no unzip binary needed), then locate the extension module and
# the matching libpython. Prints "LIB\nPYLIB".
"$PY" - "$DEST" >"$DEST/.paths" <<'PYEOF'
import glob, os, sys, sysconfig, zipfile

dest = sys.argv[1]
wheels = glob.glob(os.path.join(dest, "download", "btclib_secp256k1-*.whl"))
if len(wheels) != 1:
    sys.exit("fetch-reference: expected one wheel in %s/download, found %r" % (dest, wheels))
with zipfile.ZipFile(wheels[0]) as z:
    z.extractall(os.path.join(dest, "wheel"))
libs = glob.glob(os.path.join(dest, "wheel", "**", "_btclib_secp256k1*.so"), recursive=True)
if len(libs) != 1:
    sys.exit("fetch-reference: expected one _btclib_secp256k1*.so in the wheel, found %r" % libs)

# The interpreter's shared libpython, if it has one (a statically linked python3 may still have
# the shared library installed beside it under its soname).
cv = sysconfig.get_config_var
libdirs = [d for d in (cv("LIBDIR"), cv("LIBPL")) if d]
if cv("LIBDIR") and cv("MULTIARCH"):
    libdirs.append(os.path.join(cv("LIBDIR"), cv("MULTIARCH")))
names = [n for n in (cv("INSTSONAME"), cv("LDLIBRARY")) if n and ".so" in n]
pylib = ""
for d in libdirs:
    for n in names:
        if os.path.isfile(os.path.join(d, n)):
            pylib = os.path.join(d, n)
            break
    if pylib:
        break
if not pylib:
    # Last resort: a soname the dynamic linker can find on its own search path.
    import ctypes.util
    pylib = ctypes.util.find_library("python" + cv("VERSION")) or ""
print(os.path.abspath(libs[0]))
print(pylib)
PYEOF

lib=$(sed -n 1p "$DEST/.paths")
pylib=$(sed -n 2p "$DEST/.paths")
rm -f "$DEST/.paths"
if [ -z "$pylib" ]; then
  echo "fetch-reference: warning: no shared libpython found for $PY; set FASTSECP_PYTHON_LIB" >&2
fi
echo "$pylib" >"$DEST/python-lib.txt"
echo "$lib" >"$STAMP"
echo "$lib"
