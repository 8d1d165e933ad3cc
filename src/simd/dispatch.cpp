// Which 8-lane kernel runs: the CPU check for AVX-512 IFMA and the FASTSECP_FORCE_* overrides.
// Built without any -m flag (unlike simd/ifma_kp.cpp), so it runs on every x86-64 CPU.
#include <cstdlib>
#include <cstring>

#include "rt/cached.h"
#include "simd/ifma.h"

namespace fastsecp::simd {

namespace {
bool env_flag(const char* name) {
    const char* v = std::getenv(name);
    return v && v[0] != '\0' && std::strcmp(v, "0") != 0;
}
}  // namespace

bool ifma_available() {
#if defined(FASTSECP_HAVE_IFMA_BUILD) && (defined(__GNUC__) || defined(__clang__))
    static rt::Cached<bool> ok;
    return ok.get([] {
        if (env_flag("FASTSECP_FORCE_PORTABLE")) return false;
        __builtin_cpu_init();
        // libgcc/compiler-rt also check that the OS saves the ZMM and mask registers (XCR0).
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
               __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512ifma");
    });
#else
    return false;
#endif
}

int lanes_kernel() {
    static rt::Cached<int> k;
    return k.get([] {
        const char* v = std::getenv("FASTSECP_FORCE_LANES");
        if (v != nullptr && std::strcmp(v, "emu") == 0) return 2;
        return ifma_available() ? 1 : 0;
    });
}

}  // namespace fastsecp::simd
