// RIPEMD-160: two parallel lines of five 16-step rounds over little-endian 32-bit words.
#include "hash/ripemd160.h"

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "hash/memclear.h"
#include "hash/sha256.h"
#include "rt/bytes.h"

namespace fastsecp::hash {

namespace {

inline std::uint32_t rol(std::uint32_t x, unsigned n) { return (x << n) | (x >> (32 - n)); }
using rt::load_le32;
using rt::store_le32;

// f_j for round j (0..4); the left line uses rounds 0..4, the right line 4..0. A template, so each
// round's 16 steps compile with their function fixed (no per-step dispatch).
template <int J>
inline std::uint32_t f(std::uint32_t x, std::uint32_t y, std::uint32_t z) {
    if constexpr (J == 0) return x ^ y ^ z;
    else if constexpr (J == 1) return (x & y) | (~x & z);
    else if constexpr (J == 2) return (x | ~y) ^ z;
    else if constexpr (J == 3) return (x & z) | (y & ~z);
    else return x ^ (y | ~z);
}

constexpr std::uint32_t KL[5] = {0x00000000u, 0x5A827999u, 0x6ED9EBA1u, 0x8F1BBCDCu, 0xA953FD4Eu};
constexpr std::uint32_t KR[5] = {0x50A28BE6u, 0x5C4DD124u, 0x6D703EF3u, 0x7A6D76E9u, 0x00000000u};
constexpr unsigned char RL[80] = {0, 1, 2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15,
                                  7, 4, 13, 1,  10, 6,  15, 3,  12, 0,  9,  5,  2,  14, 11, 8,
                                  3, 10, 14, 4, 9,  15, 8,  1,  2,  7,  0,  6,  13, 11, 5,  12,
                                  1, 9, 11, 10, 0,  8,  12, 4,  13, 3,  7,  15, 14, 5,  6,  2,
                                  4, 0, 5,  9,  7,  12, 2,  10, 14, 1,  3,  8,  11, 6,  15, 13};
constexpr unsigned char RR[80] = {5,  14, 7,  0, 9, 2,  11, 4,  13, 6,  15, 8,  1,  10, 3,  12,
                                  6,  11, 3,  7, 0, 13, 5,  10, 14, 15, 8,  12, 4,  9,  1,  2,
                                  15, 5,  1,  3, 7, 14, 6,  9,  11, 8,  12, 2,  10, 0,  4,  13,
                                  8,  6,  4,  1, 3, 11, 15, 0,  5,  12, 2,  13, 9,  7,  10, 14,
                                  12, 15, 10, 4, 1, 5,  8,  7,  6,  2,  13, 14, 0,  3,  9,  11};
constexpr unsigned char SL[80] = {11, 14, 15, 12, 5,  8,  7,  9,  11, 13, 14, 15, 6,  7,  9,  8,
                                  7,  6,  8,  13, 11, 9,  7,  15, 7,  12, 15, 9,  11, 7,  13, 12,
                                  11, 13, 6,  7,  14, 9,  13, 15, 14, 8,  13, 6,  5,  12, 7,  5,
                                  11, 12, 14, 15, 14, 15, 9,  8,  9,  14, 5,  6,  8,  6,  5,  12,
                                  9,  15, 5,  11, 6,  8,  13, 12, 5,  12, 13, 14, 11, 8,  5,  6};
constexpr unsigned char SR[80] = {8,  9,  9,  11, 13, 15, 15, 5,  7,  7,  8,  11, 14, 14, 12, 6,
                                  9,  13, 15, 7,  12, 8,  9,  11, 7,  7,  12, 7,  6,  15, 13, 11,
                                  9,  7,  15, 11, 8,  6,  6,  14, 12, 13, 5,  14, 13, 13, 7,  5,
                                  15, 5,  8,  11, 14, 14, 6,  14, 6,  9,  12, 9,  12, 5,  15, 8,
                                  8,  5,  12, 9,  12, 5,  14, 6,  8,  13, 6,  5,  15, 13, 11, 11};

void compress(std::uint32_t h[5], const unsigned char* block) {
    std::uint32_t x[16];
    for (int i = 0; i < 16; i++) x[i] = load_le32(block + 4 * i);
    std::uint32_t al = h[0], bl = h[1], cl = h[2], dl = h[3], el = h[4];
    std::uint32_t ar = al, br = bl, cr = cl, dr = dl, er = el;
    auto round = [&](auto jc) {
        constexpr int j = decltype(jc)::value;
        for (int i = 16 * j; i < 16 * j + 16; i++) {
            std::uint32_t t = rol(al + f<j>(bl, cl, dl) + x[RL[i]] + KL[j], SL[i]) + el;
            al = el; el = dl; dl = rol(cl, 10); cl = bl; bl = t;
            t = rol(ar + f<4 - j>(br, cr, dr) + x[RR[i]] + KR[j], SR[i]) + er;
            ar = er; er = dr; dr = rol(cr, 10); cr = br; br = t;
        }
    };
    round(std::integral_constant<int, 0>{});
    round(std::integral_constant<int, 1>{});
    round(std::integral_constant<int, 2>{});
    round(std::integral_constant<int, 3>{});
    round(std::integral_constant<int, 4>{});
    std::uint32_t t = h[1] + cl + dr;
    h[1] = h[2] + dl + er;
    h[2] = h[3] + el + ar;
    h[3] = h[4] + al + br;
    h[4] = h[0] + bl + cr;
    h[0] = t;
    memclear(x, sizeof x);
}

}  // namespace

void ripemd160(const unsigned char* data, std::size_t len, unsigned char out20[20]) {
    std::uint32_t h[5] = {0x67452301u, 0xEFCDAB89u, 0x98BADCFEu, 0x10325476u, 0xC3D2E1F0u};
    std::size_t total = len;
    for (; len >= 64; data += 64, len -= 64) compress(h, data);
    // Last one or two blocks: the rest, 0x80, zeros, the bit length (64-bit little-endian).
    unsigned char tail[128] = {0};
    std::memcpy(tail, data, len);
    tail[len] = 0x80;
    std::size_t tail_len = len < 56 ? 64 : 128;
    std::uint64_t bits = (std::uint64_t)total << 3;
    store_le32(tail + tail_len - 8, (std::uint32_t)bits);
    store_le32(tail + tail_len - 4, (std::uint32_t)(bits >> 32));
    compress(h, tail);
    if (tail_len == 128) compress(h, tail + 64);
    for (int i = 0; i < 5; i++) store_le32(out20 + 4 * i, h[i]);
    memclear(tail, sizeof tail);
}

void hash160(const unsigned char* data, std::size_t len, unsigned char out20[20]) {
    unsigned char s[32];
    sha256(data, len, s);
    ripemd160(s, 32, out20);
}

}  // namespace fastsecp::hash
