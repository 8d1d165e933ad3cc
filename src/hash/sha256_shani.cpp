// SHA-256 block compression with the x86 SHA extensions (SHA-NI), plus the CPUID check for them.
// The functions carry their own target attribute, so the file builds with plain -O2 for generic
// x86-64; the code is only reached after have_shani_compress() said the CPU can run it.
#include "hash/sha256.h"
#include "rt/cached.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define FASTSECP_HAVE_SHANI_CODE 1
#include <cpuid.h>
#include <immintrin.h>
#endif

namespace fastsecp::hash {

#if defined(FASTSECP_HAVE_SHANI_CODE)

namespace {

alignas(16) constexpr std::uint32_t kRound[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

#define FASTSECP_SHANI_TARGET __attribute__((target("sha,sse4.1")))

// Four rounds. sha256rnds2 does two rounds and takes the state split as (A,B,E,F) and
// (C,D,G,H); after two calls the halves have swapped roles back, so the names stay valid.
FASTSECP_SHANI_TARGET inline void four_rounds(__m128i& abef, __m128i& cdgh, __m128i w, int quad) {
    __m128i kw = _mm_add_epi32(w, _mm_load_si128(reinterpret_cast<const __m128i*>(kRound + 4 * quad)));
    cdgh = _mm_sha256rnds2_epu32(cdgh, abef, kw);
    abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(kw, 0x0E));
}

// Message words 4q..4q+3 from the previous four quads (q >= 4):
// W[t] = s1(W[t-2]) + W[t-7] + s0(W[t-15]) + W[t-16]. msg1 adds the s0 part to W[t-16], the
// alignr supplies W[t-7], and msg2 adds s1 (chaining through the two words it produces itself).
FASTSECP_SHANI_TARGET inline __m128i next_quad(__m128i w_q4, __m128i w_q3, __m128i w_q2, __m128i w_q1) {
    __m128i t = _mm_add_epi32(_mm_sha256msg1_epu32(w_q4, w_q3), _mm_alignr_epi8(w_q1, w_q2, 4));
    return _mm_sha256msg2_epu32(t, w_q1);
}

}  // namespace

FASTSECP_SHANI_TARGET void compress_shani(std::uint32_t* state, const unsigned char* blocks64, std::size_t n_blocks) {
    // Byte shuffle turning four big-endian words into native little-endian lanes.
    const __m128i bswap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);

    // Repack (a,b,c,d),(e,f,g,h) into the (f,e,b,a),(h,g,d,c) lane order the instructions use.
    __m128i abcd = _mm_loadu_si128(reinterpret_cast<const __m128i*>(state));
    __m128i efgh = _mm_loadu_si128(reinterpret_cast<const __m128i*>(state + 4));
    __m128i badc = _mm_shuffle_epi32(abcd, 0xB1);
    __m128i hgfe = _mm_shuffle_epi32(efgh, 0x1B);
    __m128i abef = _mm_alignr_epi8(badc, hgfe, 8);
    __m128i cdgh = _mm_blend_epi16(hgfe, badc, 0xF0);

    for (; n_blocks > 0; --n_blocks, blocks64 += 64) {
        const __m128i abef_in = abef, cdgh_in = cdgh;
        const __m128i* p = reinterpret_cast<const __m128i*>(blocks64);
        __m128i w0 = _mm_shuffle_epi8(_mm_loadu_si128(p + 0), bswap);
        __m128i w1 = _mm_shuffle_epi8(_mm_loadu_si128(p + 1), bswap);
        __m128i w2 = _mm_shuffle_epi8(_mm_loadu_si128(p + 2), bswap);
        __m128i w3 = _mm_shuffle_epi8(_mm_loadu_si128(p + 3), bswap);

        four_rounds(abef, cdgh, w0, 0);
        four_rounds(abef, cdgh, w1, 1);
        four_rounds(abef, cdgh, w2, 2);
        four_rounds(abef, cdgh, w3, 3);
        // Quads 4..15: the window (w0..w3) slides by one quad each step.
        for (int q = 4; q < 16; q += 4) {
            w0 = next_quad(w0, w1, w2, w3);
            four_rounds(abef, cdgh, w0, q);
            w1 = next_quad(w1, w2, w3, w0);
            four_rounds(abef, cdgh, w1, q + 1);
            w2 = next_quad(w2, w3, w0, w1);
            four_rounds(abef, cdgh, w2, q + 2);
            w3 = next_quad(w3, w0, w1, w2);
            four_rounds(abef, cdgh, w3, q + 3);
        }
        abef = _mm_add_epi32(abef, abef_in);
        cdgh = _mm_add_epi32(cdgh, cdgh_in);
    }

    // Back to (a,b,c,d),(e,f,g,h).
    __m128i abef_r = _mm_shuffle_epi32(abef, 0x1B);  // a b e f
    __m128i ghcd = _mm_shuffle_epi32(cdgh, 0xB1);    // g h c d
    _mm_storeu_si128(reinterpret_cast<__m128i*>(state), _mm_blend_epi16(abef_r, ghcd, 0xF0));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(state + 4), _mm_alignr_epi8(ghcd, abef_r, 8));
}

#undef FASTSECP_SHANI_TARGET

bool have_shani_compress() {
    static rt::Cached<bool> have;
    return have.get([] {
        unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
        if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return false;
        const bool ssse3 = (ecx >> 9) & 1, sse41 = (ecx >> 19) & 1;
        // Leaf 7 may not exist on old CPUs; __get_cpuid_count checks the maximum leaf first.
        if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return false;
        const bool sha = (ebx >> 29) & 1;
        return ssse3 && sse41 && sha;
    });
}

#else  // no x86 SHA extensions on this target

bool have_shani_compress() { return false; }

void compress_shani(std::uint32_t* state, const unsigned char* blocks64, std::size_t n_blocks) {
    compress_portable(state, blocks64, n_blocks);
}

#endif

}  // namespace fastsecp::hash
