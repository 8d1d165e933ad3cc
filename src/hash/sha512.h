// SHA-512 (FIPS 180-4) and HMAC-SHA512 (RFC 2104), the hashes of BIP-32 key derivation.
// Constant time in the bytes hashed (control flow depends only on lengths): chain codes and
// secret keys go through here.
#pragma once

#include "hash/memclear.h"

#include <cstddef>
#include <cstdint>

namespace fastsecp::hash {

struct Sha512 {
    std::uint64_t s[8];
    unsigned char buf[128];
    std::uint64_t bytes;
};

void sha512_init(Sha512& h);
void sha512_write(Sha512& h, const unsigned char* data, std::size_t len);
// Writes the digest and wipes h.
void sha512_finalize(Sha512& h, unsigned char out64[64]);
void sha512(const unsigned char* data, std::size_t len, unsigned char out64[64]);

// One 128-byte block into state s (FIPS 180-4's compression function).
void sha512_compress(std::uint64_t s[8], const unsigned char* block);
// Eight one-block compressions that all start from the state `start`: out[lane] = the state after
// blocks[lane]. With AVX-512F (checked at run time, off with FASTSECP_FORCE_PORTABLE=1) the eight
// run side by side in the 64-bit lanes of ZMM registers; otherwise one after the other.
void sha512_compress8(std::uint64_t out[8][8], const std::uint64_t start[8], const unsigned char* const blocks[8]);
// True when sha512_compress8 uses the AVX-512 lanes.
bool sha512_lanes_available();

// HMAC-SHA512. A keyed state may be copied and reused for many messages under the same key
// (BIP-32's batch derivation hashes every child under the parent's chain code).
struct HmacSha512 {
    Sha512 inner, outer;
};
void hmac512_init(HmacSha512& h, const unsigned char* key, std::size_t keylen);
inline void hmac512_write(HmacSha512& h, const unsigned char* data, std::size_t len) { sha512_write(h.inner, data, len); }
// Writes the MAC and wipes h.
void hmac512_finalize(HmacSha512& h, unsigned char out64[64]);
// Eight HMACs under one key of messages of the same length len <= 111 (one block each for the
// inner and the outer hash): out[lane] = HMAC(key, msgs[lane]), by two sha512_compress8 calls.
void hmac512_short8(unsigned char out[8][64], const HmacSha512& keyed, const unsigned char* const msgs[8],
                    std::size_t len);
// One-shot HMAC-SHA512(key, msg).
void hmac_sha512(const unsigned char* key, std::size_t keylen, const unsigned char* msg, std::size_t msglen,
                 unsigned char out64[64]);

}  // namespace fastsecp::hash
