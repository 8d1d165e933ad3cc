// SHA-512 (FIPS 180-4 section 6.4) and HMAC-SHA512, portable C++.
#include "hash/sha512.h"

#include <cstring>

#include "rt/bytes.h"

namespace fastsecp::hash {

// The round constants (shared with the lane kernel, sha512_lanes.cpp).
extern const std::uint64_t SHA512_K[80];
const std::uint64_t SHA512_K[80] = {
    0x428a2f98d728ae22ULL, 0x7137449123ef65cdULL, 0xb5c0fbcfec4d3b2fULL, 0xe9b5dba58189dbbcULL, 0x3956c25bf348b538ULL,
    0x59f111f1b605d019ULL, 0x923f82a4af194f9bULL, 0xab1c5ed5da6d8118ULL, 0xd807aa98a3030242ULL, 0x12835b0145706fbeULL,
    0x243185be4ee4b28cULL, 0x550c7dc3d5ffb4e2ULL, 0x72be5d74f27b896fULL, 0x80deb1fe3b1696b1ULL, 0x9bdc06a725c71235ULL,
    0xc19bf174cf692694ULL, 0xe49b69c19ef14ad2ULL, 0xefbe4786384f25e3ULL, 0x0fc19dc68b8cd5b5ULL, 0x240ca1cc77ac9c65ULL,
    0x2de92c6f592b0275ULL, 0x4a7484aa6ea6e483ULL, 0x5cb0a9dcbd41fbd4ULL, 0x76f988da831153b5ULL, 0x983e5152ee66dfabULL,
    0xa831c66d2db43210ULL, 0xb00327c898fb213fULL, 0xbf597fc7beef0ee4ULL, 0xc6e00bf33da88fc2ULL, 0xd5a79147930aa725ULL,
    0x06ca6351e003826fULL, 0x142929670a0e6e70ULL, 0x27b70a8546d22ffcULL, 0x2e1b21385c26c926ULL, 0x4d2c6dfc5ac42aedULL,
    0x53380d139d95b3dfULL, 0x650a73548baf63deULL, 0x766a0abb3c77b2a8ULL, 0x81c2c92e47edaee6ULL, 0x92722c851482353bULL,
    0xa2bfe8a14cf10364ULL, 0xa81a664bbc423001ULL, 0xc24b8b70d0f89791ULL, 0xc76c51a30654be30ULL, 0xd192e819d6ef5218ULL,
    0xd69906245565a910ULL, 0xf40e35855771202aULL, 0x106aa07032bbd1b8ULL, 0x19a4c116b8d2d0c8ULL, 0x1e376c085141ab53ULL,
    0x2748774cdf8eeb99ULL, 0x34b0bcb5e19b48a8ULL, 0x391c0cb3c5c95a63ULL, 0x4ed8aa4ae3418acbULL, 0x5b9cca4f7763e373ULL,
    0x682e6ff3d6b2b8a3ULL, 0x748f82ee5defb2fcULL, 0x78a5636f43172f60ULL, 0x84c87814a1f0ab72ULL, 0x8cc702081a6439ecULL,
    0x90befffa23631e28ULL, 0xa4506cebde82bde9ULL, 0xbef9a3f7b2c67915ULL, 0xc67178f2e372532bULL, 0xca273eceea26619cULL,
    0xd186b8c721c0c207ULL, 0xeada7dd6cde0eb1eULL, 0xf57d4f7fee6ed178ULL, 0x06f067aa72176fbaULL, 0x0a637dc5a2c898a6ULL,
    0x113f9804bef90daeULL, 0x1b710b35131c471bULL, 0x28db77f523047d84ULL, 0x32caab7b40c72493ULL, 0x3c9ebe0a15c9bebcULL,
    0x431d67c49c100d4cULL, 0x4cc5d4becb3e42b6ULL, 0x597f299cfc657e2aULL, 0x5fcb6fab3ad6faecULL, 0x6c44198c4a475817ULL};

namespace {

inline std::uint64_t rotr(std::uint64_t x, unsigned n) { return (x >> n) | (x << (64 - n)); }

}  // namespace

void sha512_compress(std::uint64_t s[8], const unsigned char* block) {
    std::uint64_t w[80];
    for (int i = 0; i < 16; i++) w[i] = rt::load_be64(block + 8 * i);
    for (int i = 16; i < 80; i++) {
        std::uint64_t s0 = rotr(w[i - 15], 1) ^ rotr(w[i - 15], 8) ^ (w[i - 15] >> 7);
        std::uint64_t s1 = rotr(w[i - 2], 19) ^ rotr(w[i - 2], 61) ^ (w[i - 2] >> 6);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    std::uint64_t a = s[0], b = s[1], c = s[2], d = s[3], e = s[4], f = s[5], g = s[6], h = s[7];
    for (int i = 0; i < 80; i++) {
        std::uint64_t t1 = h + (rotr(e, 14) ^ rotr(e, 18) ^ rotr(e, 41)) + ((e & f) ^ (~e & g)) + SHA512_K[i] + w[i];
        std::uint64_t t2 = (rotr(a, 28) ^ rotr(a, 34) ^ rotr(a, 39)) + ((a & b) ^ (a & c) ^ (b & c));
        h = g;
        g = f;
        f = e;
        e = d + t1;
        d = c;
        c = b;
        b = a;
        a = t1 + t2;
    }
    s[0] += a; s[1] += b; s[2] += c; s[3] += d;
    s[4] += e; s[5] += f; s[6] += g; s[7] += h;
    memclear(w, sizeof w);
}


void sha512_init(Sha512& h) {
    static constexpr std::uint64_t IV[8] = {0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL,
                                            0xa54ff53a5f1d36f1ULL, 0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL,
                                            0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL};
    std::memcpy(h.s, IV, sizeof IV);
    h.bytes = 0;
}

void sha512_write(Sha512& h, const unsigned char* data, std::size_t len) {
    std::size_t fill = h.bytes % 128;
    h.bytes += len;
    if (fill != 0) {
        std::size_t take = 128 - fill < len ? 128 - fill : len;
        std::memcpy(h.buf + fill, data, take);
        data += take;
        len -= take;
        if (fill + take < 128) return;
        sha512_compress(h.s, h.buf);
    }
    for (; len >= 128; data += 128, len -= 128) sha512_compress(h.s, data);
    if (len != 0) std::memcpy(h.buf, data, len);
}

void sha512_finalize(Sha512& h, unsigned char out64[64]) {
    // Padding: 0x80, zeros up to 112 mod 128, then the bit length as a 128-bit number.
    static const unsigned char pad[128] = {0x80};
    unsigned char len_block[16] = {0};
    std::uint64_t bits = h.bytes << 3;
    rt::store_be64(len_block, h.bytes >> 61);
    rt::store_be64(len_block + 8, bits);
    std::size_t fill = h.bytes % 128;
    sha512_write(h, pad, fill < 112 ? 112 - fill : 240 - fill);
    sha512_write(h, len_block, 16);
    for (int i = 0; i < 8; i++) rt::store_be64(out64 + 8 * i, h.s[i]);
    memclear(&h, sizeof h);
}

void sha512(const unsigned char* data, std::size_t len, unsigned char out64[64]) {
    Sha512 h;
    sha512_init(h);
    sha512_write(h, data, len);
    sha512_finalize(h, out64);
}

void hmac512_init(HmacSha512& h, const unsigned char* key, std::size_t keylen) {
    unsigned char block[128];
    if (keylen <= sizeof block) {
        if (keylen != 0) std::memcpy(block, key, keylen);
        std::memset(block + keylen, 0, sizeof block - keylen);
    } else {
        sha512(key, keylen, block);
        std::memset(block + 64, 0, 64);
    }
    for (unsigned char& c : block) c ^= 0x36;
    sha512_init(h.inner);
    sha512_write(h.inner, block, sizeof block);
    for (unsigned char& c : block) c ^= 0x36 ^ 0x5c;
    sha512_init(h.outer);
    sha512_write(h.outer, block, sizeof block);
    memclear(block, sizeof block);
}

void hmac512_finalize(HmacSha512& h, unsigned char out64[64]) {
    unsigned char inner[64];
    sha512_finalize(h.inner, inner);
    sha512_write(h.outer, inner, 64);
    sha512_finalize(h.outer, out64);
    memclear(inner, sizeof inner);
}

void hmac512_short8(unsigned char out[8][64], const HmacSha512& keyed, const unsigned char* const msgs[8],
                    std::size_t len) {
    // Each block: message, 0x80, zeros, and the bit length of key block + message (128-bit).
    unsigned char blocks[8][128];
    const unsigned char* ptrs[8];
    std::uint64_t st[8][8];
    auto pad = [](unsigned char* b, std::size_t used) {
        std::memset(b + used, 0, 128 - used);
        b[used] = 0x80;
        rt::store_be64(b + 120, (std::uint64_t)(128 + used) * 8);
    };
    for (int l = 0; l < 8; l++) {
        std::memcpy(blocks[l], msgs[l], len);
        pad(blocks[l], len);
        ptrs[l] = blocks[l];
    }
    sha512_compress8(st, keyed.inner.s, ptrs);
    for (int l = 0; l < 8; l++) {
        for (int w = 0; w < 8; w++) rt::store_be64(blocks[l] + 8 * w, st[l][w]);
        pad(blocks[l], 64);
    }
    sha512_compress8(st, keyed.outer.s, ptrs);
    for (int l = 0; l < 8; l++)
        for (int w = 0; w < 8; w++) rt::store_be64(out[l] + 8 * w, st[l][w]);
    memclear(blocks, sizeof blocks);
    memclear(st, sizeof st);
}

void hmac_sha512(const unsigned char* key, std::size_t keylen, const unsigned char* msg, std::size_t msglen,
                 unsigned char out64[64]) {
    HmacSha512 h;
    hmac512_init(h, key, keylen);
    hmac512_write(h, msg, msglen);
    hmac512_finalize(h, out64);
}

}  // namespace fastsecp::hash
