#!/usr/bin/env bash
# Checks the libsecp256k1 run-time contract on built libraries: the shared library needs nothing
# but libc (and libpthread, where glibc still has it apart), and nothing the static archive leaves
# undefined belongs to the C++ runtime (libstdc++, libsupc++, libgcc_s unwinding).
# Usage: check_runtime.sh LIBSECP256K1.so LIBSECP256K1.a
set -euo pipefail
so=$1 archive=$2
fail=0
while read -r lib; do
  case "$lib" in
    libc.so.*|libpthread.so.*|ld-linux*) ;;
    *) echo "check_runtime: $so needs $lib (only libc may be needed)"; fail=1 ;;
  esac
done < <(readelf -d "$so" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
# Symbols the archive uses but does not define.
defined=$(nm -g --defined-only "$archive" 2>/dev/null | awk 'NF==3 {print $3}' | sort -u)
undefined=$(nm -g --undefined-only "$archive" 2>/dev/null | awk '{print $NF}' | grep -v ':$' | sort -u)
missing=$(comm -23 <(echo "$undefined") <(echo "$defined"))
cxx=$(echo "$missing" | grep -E '^(_Z|__cxa_|__gxx_|_Unwind_|__cxx)' || true)
if [ -n "$cxx" ]; then
  echo "check_runtime: $archive needs C++ runtime symbols:"; echo "$cxx" | sed 's/^/  /'
  fail=1
fi
[ $fail = 0 ] && echo "check_runtime: $(basename "$so") needs only libc; $(basename "$archive") uses no C++ runtime symbol ($(echo "$missing" | grep -c .) external symbols, all C library)"
exit $fail
