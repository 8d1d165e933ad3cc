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

// HMAC-SHA512. A keyed state may be copied and reused for many messages under the same key
// (BIP-32's batch derivation hashes every child under the parent's chain code).
struct HmacSha512 {
    Sha512 inner, outer;
};
void hmac512_init(HmacSha512& h, const unsigned char* key, std::size_t keylen);
inline void hmac512_write(HmacSha512& h, const unsigned char* data, std::size_t len) { sha512_write(h.inner, data, len); }
// Writes the MAC and wipes h.
void hmac512_finalize(HmacSha512& h, unsigned char out64[64]);
// One-shot HMAC-SHA512(key, msg).
void hmac_sha512(const unsigned char* key, std::size_t keylen, const unsigned char* msg, std::size_t msglen,
                 unsigned char out64[64]);

}  // namespace fastsecp::hash
