// Plain SHA-256 (FIPS 180-4) for the tests only: vector files give messages, while the
// libsecp256k1 API takes 32-byte digests, and the API has no untagged hash entry point.
// Kept independent of the library so a bug in the library's hashing cannot hide itself.
// Also exposes the block compression in the shape of secp256k1_sha256_compression_function.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace fastsecp::test {

inline std::uint32_t sha256_rotr(std::uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

// Processes n_blocks consecutive 64-byte blocks into state (eight big-endian-order words).
inline void sha256_compress(std::uint32_t* state, const unsigned char* blocks, std::size_t n_blocks) {
    static constexpr std::uint32_t k[64] = {
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};
    for (std::size_t b = 0; b < n_blocks; ++b, blocks += 64) {
        std::uint32_t w[64];
        for (int i = 0; i < 16; ++i)
            w[i] = std::uint32_t(blocks[4 * i]) << 24 | std::uint32_t(blocks[4 * i + 1]) << 16 |
                   std::uint32_t(blocks[4 * i + 2]) << 8 | std::uint32_t(blocks[4 * i + 3]);
        for (int i = 16; i < 64; ++i) {
            std::uint32_t s0 = sha256_rotr(w[i - 15], 7) ^ sha256_rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
            std::uint32_t s1 = sha256_rotr(w[i - 2], 17) ^ sha256_rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16] + s0 + w[i - 7] + s1;
        }
        std::uint32_t a = state[0], bb = state[1], c = state[2], d = state[3];
        std::uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
        for (int i = 0; i < 64; ++i) {
            std::uint32_t t1 = h + (sha256_rotr(e, 6) ^ sha256_rotr(e, 11) ^ sha256_rotr(e, 25)) +
                               ((e & f) ^ (~e & g)) + k[i] + w[i];
            std::uint32_t t2 = (sha256_rotr(a, 2) ^ sha256_rotr(a, 13) ^ sha256_rotr(a, 22)) +
                               ((a & bb) ^ (a & c) ^ (bb & c));
            h = g; g = f; f = e; e = d + t1;
            d = c; c = bb; bb = a; a = t1 + t2;
        }
        state[0] += a; state[1] += bb; state[2] += c; state[3] += d;
        state[4] += e; state[5] += f; state[6] += g; state[7] += h;
    }
}

inline std::array<unsigned char, 32> sha256(const unsigned char* data, std::size_t len) {
    std::uint32_t st[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                           0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    std::size_t full = len / 64;
    sha256_compress(st, data, full);
    // Padding: 0x80, zeros, then the bit length as a 64-bit big-endian integer.
    unsigned char tail[128] = {0};
    std::size_t rest = len - full * 64;
    for (std::size_t i = 0; i < rest; ++i) tail[i] = data[full * 64 + i];
    tail[rest] = 0x80;
    std::size_t tail_len = rest + 9 <= 64 ? 64 : 128;
    std::uint64_t bits = std::uint64_t(len) * 8;
    for (int i = 0; i < 8; ++i) tail[tail_len - 1 - i] = static_cast<unsigned char>(bits >> (8 * i));
    sha256_compress(st, tail, tail_len / 64);
    std::array<unsigned char, 32> out{};
    for (int i = 0; i < 8; ++i)
        for (int j = 0; j < 4; ++j) out[4 * i + j] = static_cast<unsigned char>(st[i] >> (24 - 8 * j));
    return out;
}

inline std::array<unsigned char, 32> sha256(const std::vector<unsigned char>& v) { return sha256(v.data(), v.size()); }
inline std::array<unsigned char, 32> sha256(std::string_view s) {
    return sha256(reinterpret_cast<const unsigned char*>(s.data()), s.size());
}

}  // namespace fastsecp::test
