// Keccak-f[1600] (the Keccak reference's theta, rho, pi, chi, iota steps) and the Keccak-256 sponge.
#include "hash/keccak.h"

#include <cstdint>
#include <cstring>

#include "hash/memclear.h"
#include "rt/bytes.h"

namespace fastsecp::hash {

namespace {

constexpr std::uint64_t RC[24] = {
    0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808AULL, 0x8000000080008000ULL,
    0x000000000000808BULL, 0x0000000080000001ULL, 0x8000000080008081ULL, 0x8000000000008009ULL,
    0x000000000000008AULL, 0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000AULL,
    0x000000008000808BULL, 0x800000000000008BULL, 0x8000000000008089ULL, 0x8000000000008003ULL,
    0x8000000000008002ULL, 0x8000000000000080ULL, 0x000000000000800AULL, 0x800000008000000AULL,
    0x8000000080008081ULL, 0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL};
// Rotation of lane (x, y), indexed x + 5y.
constexpr unsigned char ROT[25] = {0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43,
                                   25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14};

inline std::uint64_t rol(std::uint64_t v, unsigned n) { return n == 0 ? v : (v << n) | (v >> (64 - n)); }

void keccak_f(std::uint64_t a[25]) {
    for (int round = 0; round < 24; round++) {
        std::uint64_t c[5], b[25];
        for (int x = 0; x < 5; x++) c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
        for (int x = 0; x < 5; x++) {
            std::uint64_t d = c[(x + 4) % 5] ^ rol(c[(x + 1) % 5], 1);
            for (int y = 0; y < 25; y += 5) a[y + x] ^= d;
        }
        // rho and pi: B[y, 2x + 3y] = rot(A[x, y]).
        for (int x = 0; x < 5; x++)
            for (int y = 0; y < 5; y++) b[y + 5 * ((2 * x + 3 * y) % 5)] = rol(a[x + 5 * y], ROT[x + 5 * y]);
        for (int y = 0; y < 25; y += 5)
            for (int x = 0; x < 5; x++) a[y + x] = b[y + x] ^ (~b[y + (x + 1) % 5] & b[y + (x + 2) % 5]);
        a[0] ^= RC[round];
    }
}

void absorb_block(std::uint64_t a[25], const unsigned char* p) {
    for (int i = 0; i < 17; i++) {
        a[i] ^= rt::load_le64(p + 8 * i);
    }
    keccak_f(a);
}

}  // namespace

void keccak256(const unsigned char* data, std::size_t len, unsigned char out32[32]) {
    constexpr std::size_t RATE = 136;
    std::uint64_t a[25] = {0};
    for (; len >= RATE; data += RATE, len -= RATE) absorb_block(a, data);
    unsigned char last[RATE] = {0};
    std::memcpy(last, data, len);
    last[len] ^= 0x01;
    last[RATE - 1] ^= 0x80;
    absorb_block(a, last);
    for (int i = 0; i < 4; i++) rt::store_le64(out32 + 8 * i, a[i]);
    memclear(a, sizeof a);
    memclear(last, sizeof last);
}

}  // namespace fastsecp::hash
