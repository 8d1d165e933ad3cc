// Portable SHA-256 block compression (FIPS 180-4 section 6.2.2), plain C++ for every target.
// Straight-line arithmetic on 32-bit words: no table is indexed by data, so it is constant time.
#include "hash/sha256.h"
#include "rt/bytes.h"

namespace fastsecp::hash {
namespace {

constexpr std::uint32_t kRound[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

inline std::uint32_t rotr(std::uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }
inline std::uint32_t big_sigma0(std::uint32_t x) { return rotr(x, 2) ^ rotr(x, 13) ^ rotr(x, 22); }
inline std::uint32_t big_sigma1(std::uint32_t x) { return rotr(x, 6) ^ rotr(x, 11) ^ rotr(x, 25); }
inline std::uint32_t small_sigma0(std::uint32_t x) { return rotr(x, 7) ^ rotr(x, 18) ^ (x >> 3); }
inline std::uint32_t small_sigma1(std::uint32_t x) { return rotr(x, 17) ^ rotr(x, 19) ^ (x >> 10); }
// Ch and Maj written with one fewer operation than the textbook forms; same truth tables.
inline std::uint32_t choose(std::uint32_t e, std::uint32_t f, std::uint32_t g) { return g ^ (e & (f ^ g)); }
inline std::uint32_t majority(std::uint32_t a, std::uint32_t b, std::uint32_t c) { return (a & b) | (c & (a | b)); }

using rt::load_be32;

// One round. Instead of shifting eight variables each round, the caller rotates which variable
// plays which role; only d and h receive new values.
inline void round(std::uint32_t a, std::uint32_t b, std::uint32_t c, std::uint32_t& d, std::uint32_t e,
                  std::uint32_t f, std::uint32_t g, std::uint32_t& h, std::uint32_t k_plus_w) {
    std::uint32_t t1 = h + big_sigma1(e) + choose(e, f, g) + k_plus_w;
    std::uint32_t t2 = big_sigma0(a) + majority(a, b, c);
    d += t1;
    h = t1 + t2;
}

}  // namespace

void compress_portable(std::uint32_t* state, const unsigned char* blocks64, std::size_t n_blocks) {
    for (; n_blocks > 0; --n_blocks, blocks64 += 64) {
        // w is a 16-word window over the message schedule: w[t % 16] holds W[t].
        std::uint32_t w[16];
        for (int i = 0; i < 16; ++i) w[i] = load_be32(blocks64 + 4 * i);

        std::uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
        std::uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
        for (int t = 0; t < 64; t += 8) {
            if (t >= 16) {
                for (int i = 0; i < 8; ++i) {
                    int j = (t + i) & 15;
                    w[j] += small_sigma1(w[(j + 14) & 15]) + w[(j + 9) & 15] + small_sigma0(w[(j + 1) & 15]);
                }
            }
            const std::uint32_t* wk = w + (t & 15);
            const std::uint32_t* k = kRound + t;
            round(a, b, c, d, e, f, g, h, k[0] + wk[0]);
            round(h, a, b, c, d, e, f, g, k[1] + wk[1]);
            round(g, h, a, b, c, d, e, f, k[2] + wk[2]);
            round(f, g, h, a, b, c, d, e, k[3] + wk[3]);
            round(e, f, g, h, a, b, c, d, k[4] + wk[4]);
            round(d, e, f, g, h, a, b, c, k[5] + wk[5]);
            round(c, d, e, f, g, h, a, b, k[6] + wk[6]);
            round(b, c, d, e, f, g, h, a, k[7] + wk[7]);
        }
        state[0] += a; state[1] += b; state[2] += c; state[3] += d;
        state[4] += e; state[5] += f; state[6] += g; state[7] += h;
    }
}

}  // namespace fastsecp::hash
