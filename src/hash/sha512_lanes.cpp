// Eight SHA-512 block compressions side by side in AVX-512 (one message per 64-bit lane), for
// HMACs under one key (BIP-32 batch derivation). The AVX-512 kernel is in sha512_lanes_avx512.cpp
// (built with -mavx512f) and used only after a run-time check; the portable fallback runs the
// scalar compression eight times.
#include <cstdlib>
#include <cstring>

#include "rt/bytes.h"
#include "hash/sha512.h"
#include "rt/cached.h"

namespace fastsecp::hash {

#if defined(FASTSECP_HAVE_AVX512_BUILD)
// sha512_lanes_avx512.cpp, the only file compiled with -mavx512f: this file runs on every CPU, so
// nothing here may be compiled with AVX-512 enabled (GCC uses it anywhere it may, the CPU check's
// code and the scalar fallback included).
void compress8_avx512(std::uint64_t out[8][8], const std::uint64_t start[8], const unsigned char* const blocks[8]);
#endif


bool sha512_lanes_available() {
#if defined(FASTSECP_HAVE_AVX512_BUILD) && (defined(__GNUC__) || defined(__clang__))
    static rt::Cached<bool> ok;
    return ok.get([] {
        const char* v = std::getenv("FASTSECP_FORCE_PORTABLE");
        if (v != nullptr && std::strcmp(v, "1") == 0) return false;
        __builtin_cpu_init();
        return (bool)__builtin_cpu_supports("avx512f");  // includes the OS's ZMM state check
    });
#else
    return false;
#endif
}

void sha512_compress8(std::uint64_t out[8][8], const std::uint64_t start[8], const unsigned char* const blocks[8]) {
#if defined(FASTSECP_HAVE_AVX512_BUILD)
    if (sha512_lanes_available()) {
        compress8_avx512(out, start, blocks);
        return;
    }
#endif
    for (int l = 0; l < 8; l++) {
        std::memcpy(out[l], start, 8 * sizeof(std::uint64_t));
        sha512_compress(out[l], blocks[l]);
    }
}

}  // namespace fastsecp::hash
