// Grøstl from its specification (v2.0.2): the state is an 8 x C byte matrix (C = 8 for the 512-bit
// permutations of Groestl-256, 16 for the 1024-bit ones of Groestl-512), byte k of a block in row
// k mod 8, column k / 8; a round is AddRoundConstant, SubBytes, ShiftBytes, MixBytes.
#include "hash/groestl.h"

#include <cstdint>
#include <cstring>

#include "hash/memclear.h"

namespace fastsecp::hash {

namespace {

// Multiplication in GF(2^8) mod x^8 + x^4 + x^3 + x + 1, without branches on the values.
constexpr std::uint8_t gf_mul(std::uint8_t a, std::uint8_t b) {
    unsigned r = 0, x = a;
    for (int i = 0; i < 8; i++) {
        r ^= x & (0u - ((b >> i) & 1u));
        x = (x << 1) ^ (0x11Bu & (0u - ((x >> 7) & 1u)));
    }
    return (std::uint8_t)r;
}

constexpr std::uint8_t rotl8(std::uint8_t v, int s) { return (std::uint8_t)((v << s) | (v >> (8 - s))); }

// The AES S-box: x^254 (the inverse, 0 for 0), then the affine map.
constexpr std::uint8_t sbox(std::uint8_t x) {
    std::uint8_t x2 = gf_mul(x, x), x3 = gf_mul(x2, x), x6 = gf_mul(x3, x3), x12 = gf_mul(x6, x6);
    std::uint8_t x14 = gf_mul(x12, x2), x15 = gf_mul(x12, x3);
    std::uint8_t x30 = gf_mul(x15, x15), x60 = gf_mul(x30, x30), x120 = gf_mul(x60, x60);
    std::uint8_t x240 = gf_mul(x120, x120), inv = gf_mul(x240, x14);
    return (std::uint8_t)(inv ^ rotl8(inv, 1) ^ rotl8(inv, 2) ^ rotl8(inv, 3) ^ rotl8(inv, 4) ^ 0x63);
}

// The same S-box as a table, for public data only (the _var hashes): built at compile time.
struct SboxTable {
    std::uint8_t v[256];
    constexpr SboxTable() : v() {
        for (int i = 0; i < 256; i++) v[i] = sbox((std::uint8_t)i);
    }
};
constexpr SboxTable SBOX_TABLE;

inline std::uint8_t xt(std::uint8_t v) { return (std::uint8_t)((v << 1) ^ (0x1B & (0u - (v >> 7)))); }

// CT: the computed S-box (secrets); otherwise the table (public data, about 300x faster).
template <int C, bool CT>
struct Groestl {
    static constexpr int BYTES = 8 * C;          // state and block size
    static constexpr int ROUNDS = C == 8 ? 10 : 14;
    static constexpr int SHIFT_P[8] = {0, 1, 2, 3, 4, 5, 6, C == 8 ? 7 : 11};
    static constexpr int SHIFT_Q[8] = {1, 3, 5, C == 8 ? 7 : 11, 0, 2, 4, 6};

    // s[8 * col + row].
    static void permute(std::uint8_t s[BYTES], bool q) {
        const int* shift = q ? SHIFT_Q : SHIFT_P;
        std::uint8_t t[BYTES];
        for (int r = 0; r < ROUNDS; r++) {
            // AddRoundConstant: P adds (col << 4) ^ r to row 0; Q complements every byte and adds
            // (col << 4) ^ r to row 7 as well.
            for (int c = 0; c < C; c++) {
                std::uint8_t k = (std::uint8_t)((c << 4) ^ r);
                if (q) {
                    for (int row = 0; row < 7; row++) s[8 * c + row] ^= 0xFF;
                    s[8 * c + 7] ^= (std::uint8_t)(0xFF ^ k);
                } else {
                    s[8 * c] ^= k;
                }
            }
            // SubBytes and ShiftBytes (row i moves left by shift[i] columns).
            for (int c = 0; c < C; c++)
                for (int row = 0; row < 8; row++) {
                    std::uint8_t x = s[8 * ((c + shift[row]) & (C - 1)) + row];  // C is 8 or 16
                    t[8 * c + row] = CT ? sbox(x) : SBOX_TABLE.v[x];
                }
            // MixBytes: each column times circ(02, 02, 03, 04, 05, 03, 05, 07).
            for (int c = 0; c < C; c++) {
                const std::uint8_t* a = t + 8 * c;
                for (int i = 0; i < 8; i++) {
                    auto at = [&](int k) { return a[(i + k) & 7]; };
                    // Coefficients 02,02,03,04,05,03,05,07 at k = 0..7: bit 0 is set for k = 2, 4, 5,
                    // 6, 7; bit 1 for k = 0, 1, 2, 5, 7; bit 2 for k = 3, 4, 6, 7.
                    std::uint8_t x1 = (std::uint8_t)(at(2) ^ at(4) ^ at(5) ^ at(6) ^ at(7));
                    std::uint8_t x2 = (std::uint8_t)(at(0) ^ at(1) ^ at(2) ^ at(5) ^ at(7));
                    std::uint8_t x4 = (std::uint8_t)(at(3) ^ at(4) ^ at(6) ^ at(7));
                    s[8 * c + i] = (std::uint8_t)(x1 ^ xt(x2) ^ xt(xt(x4)));
                }
            }
        }
        memclear(t, sizeof t);
    }

    // h = P(h ^ m) ^ Q(m) ^ h.
    static void compress(std::uint8_t h[BYTES], const std::uint8_t m[BYTES]) {
        std::uint8_t a[BYTES], b[BYTES];
        for (int i = 0; i < BYTES; i++) a[i] = h[i] ^ m[i];
        std::memcpy(b, m, BYTES);
        permute(a, false);
        permute(b, true);
        for (int i = 0; i < BYTES; i++) h[i] ^= a[i] ^ b[i];
        memclear(a, sizeof a);
        memclear(b, sizeof b);
    }

    // out = the last out_len bytes of P(h) ^ h, h after every block of the padded message.
    static void hash(const unsigned char* data, std::size_t len, unsigned char* out, int out_len) {
        std::uint8_t h[BYTES] = {0};
        h[BYTES - 2] = (std::uint8_t)((out_len * 8) >> 8);  // the IV: the digest size in bits
        h[BYTES - 1] = (std::uint8_t)(out_len * 8);
        std::size_t full = len / BYTES;
        for (std::size_t i = 0; i < full; i++) compress(h, data + BYTES * i);
        // Padding: a 1 bit, zeros, and the 64-bit count of blocks (the padding's included).
        std::uint8_t tail[2 * BYTES] = {0};
        std::size_t rest = len - BYTES * full;
        if (rest > 0) std::memcpy(tail, data + BYTES * full, rest);  // data may be NULL when len = 0
        tail[rest] = 0x80;
        std::size_t tail_blocks = rest + 1 + 8 <= (std::size_t)BYTES ? 1 : 2;
        std::uint64_t blocks = full + tail_blocks;
        for (int i = 0; i < 8; i++) tail[BYTES * tail_blocks - 1 - i] = (std::uint8_t)(blocks >> (8 * i));
        for (std::size_t i = 0; i < tail_blocks; i++) compress(h, tail + BYTES * i);
        std::uint8_t p[BYTES];
        std::memcpy(p, h, BYTES);
        permute(p, false);
        for (int i = 0; i < out_len; i++) out[i] = p[BYTES - out_len + i] ^ h[BYTES - out_len + i];
        memclear(tail, sizeof tail);
        memclear(p, sizeof p);
        memclear(h, sizeof h);
    }
};

}  // namespace

void groestl256(const unsigned char* data, std::size_t len, unsigned char out32[32]) {
    Groestl<8, true>::hash(data, len, out32, 32);
}

void groestl512(const unsigned char* data, std::size_t len, unsigned char out64[64]) {
    Groestl<16, true>::hash(data, len, out64, 64);
}

void groestl512_var(const unsigned char* data, std::size_t len, unsigned char out64[64]) {
    Groestl<16, false>::hash(data, len, out64, 64);
}

}  // namespace fastsecp::hash
