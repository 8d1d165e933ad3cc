// Eight SHA-512 block compressions side by side in AVX-512 (one message per 64-bit lane), for
// HMACs under one key (BIP-32 batch derivation). Built with -mavx512f (src/CMakeLists.txt) and used
// only after a run-time check; the portable fallback runs the scalar compression eight times.
#include <cstdlib>
#include <cstring>

#include "rt/bytes.h"
#include "hash/sha512.h"
#include "rt/cached.h"

#if defined(FASTSECP_HAVE_AVX512_BUILD)
#include <immintrin.h>
#endif

namespace fastsecp::hash {

extern const std::uint64_t SHA512_K[80];

namespace {

#if defined(FASTSECP_HAVE_AVX512_BUILD)
// Ch and Maj as one three-input logic instruction each (truth tables 0xCA: e ? f : g;
// 0xE8: majority).
inline __m512i ch(__m512i e, __m512i f, __m512i g) { return _mm512_ternarylogic_epi64(e, f, g, 0xCA); }
inline __m512i maj(__m512i a, __m512i b, __m512i c) { return _mm512_ternarylogic_epi64(a, b, c, 0xE8); }
inline __m512i xor3(__m512i a, __m512i b, __m512i c) { return _mm512_ternarylogic_epi64(a, b, c, 0x96); }

void compress8_avx512(std::uint64_t out[8][8], const std::uint64_t start[8], const unsigned char* const blocks[8]) {
    __m512i w[16];
    for (int i = 0; i < 16; i++) {
        alignas(64) std::uint64_t v[8];
        for (int l = 0; l < 8; l++) v[l] = rt::load_be64(blocks[l] + 8 * i);
        w[i] = _mm512_load_si512(v);
    }
    __m512i s[8];
    for (int i = 0; i < 8; i++) s[i] = _mm512_set1_epi64((long long)start[i]);
    __m512i a = s[0], b = s[1], c = s[2], d = s[3], e = s[4], f = s[5], g = s[6], h = s[7];
    for (int i = 0; i < 80; i++) {
        __m512i wi;
        if (i < 16) {
            wi = w[i];
        } else {
            __m512i w15 = w[(i + 1) & 15], w2 = w[(i + 14) & 15];
            __m512i s0 = xor3(_mm512_ror_epi64(w15, 1), _mm512_ror_epi64(w15, 8), _mm512_srli_epi64(w15, 7));
            __m512i s1 = xor3(_mm512_ror_epi64(w2, 19), _mm512_ror_epi64(w2, 61), _mm512_srli_epi64(w2, 6));
            wi = _mm512_add_epi64(_mm512_add_epi64(w[i & 15], s0), _mm512_add_epi64(w[(i + 9) & 15], s1));
            w[i & 15] = wi;
        }
        __m512i S1 = xor3(_mm512_ror_epi64(e, 14), _mm512_ror_epi64(e, 18), _mm512_ror_epi64(e, 41));
        __m512i t1 = _mm512_add_epi64(_mm512_add_epi64(h, S1),
                                      _mm512_add_epi64(ch(e, f, g), _mm512_add_epi64(_mm512_set1_epi64((long long)SHA512_K[i]), wi)));
        __m512i S0 = xor3(_mm512_ror_epi64(a, 28), _mm512_ror_epi64(a, 34), _mm512_ror_epi64(a, 39));
        __m512i t2 = _mm512_add_epi64(S0, maj(a, b, c));
        h = g;
        g = f;
        f = e;
        e = _mm512_add_epi64(d, t1);
        d = c;
        c = b;
        b = a;
        a = _mm512_add_epi64(t1, t2);
    }
    const __m512i r[8] = {_mm512_add_epi64(s[0], a), _mm512_add_epi64(s[1], b), _mm512_add_epi64(s[2], c),
                          _mm512_add_epi64(s[3], d), _mm512_add_epi64(s[4], e), _mm512_add_epi64(s[5], f),
                          _mm512_add_epi64(s[6], g), _mm512_add_epi64(s[7], h)};
    for (int i = 0; i < 8; i++) {
        alignas(64) std::uint64_t v[8];
        _mm512_store_si512(v, r[i]);
        for (int l = 0; l < 8; l++) out[l][i] = v[l];
    }
    for (auto& x : w) x = _mm512_setzero_si512();
}
#endif

}  // namespace

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
