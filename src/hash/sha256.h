// SHA-256 (FIPS 180-4) and what the library builds on it: BIP-340 tagged hashes with cached
// midstates, HMAC-SHA256 (RFC 2104) and the RFC 6979 HMAC-DRBG used for ECDSA nonces.
//
// Everything here is constant time with respect to the bytes hashed: control flow and memory
// addresses depend only on lengths, never on contents, because the data is often a secret key.
//
// The block compression is a plug-in (CompressFn) so the libsecp256k1-compatible
// secp256k1_context_set_sha256_compression can route hashing through a caller's function. A null
// CompressFn always means "the best one this CPU has" (SHA-NI when present, else portable C++).
#pragma once

#include "hash/memclear.h"

#include <cstddef>
#include <cstdint>

namespace fastsecp::hash {

// Processes n_blocks consecutive 64-byte blocks into state (eight words, a..h). blocks64 needs
// no particular alignment. Same shape as secp256k1_sha256_compression_function.
using CompressFn = void (*)(std::uint32_t* state, const unsigned char* blocks64, std::size_t n_blocks);

// Chosen once per process: SHA-NI when the CPU supports it, unless the environment variable
// FASTSECP_FORCE_PORTABLE=1 asks for the portable code (CI uses that to cover both paths).
CompressFn best_compress();
void compress_portable(std::uint32_t* state, const unsigned char* blocks64, std::size_t n_blocks);
// True when compress_shani may be called on this CPU (x86-64 with SHA, SSSE3 and SSE4.1).
bool have_shani_compress();
// x86 SHA extensions. Call only when have_shani_compress() is true; on other architectures it
// forwards to compress_portable.
void compress_shani(std::uint32_t* state, const unsigned char* blocks64, std::size_t n_blocks);

struct Sha256 {
    std::uint32_t s[8];       // chaining state
    unsigned char buf[64];    // bytes of the current partial block
    std::uint64_t bytes;      // total bytes written so far (buf holds bytes % 64 of them)
    CompressFn fn;            // never null after init
};

void sha256_init(Sha256& h, CompressFn fn = nullptr);
void sha256_write(Sha256& h, const unsigned char* data, std::size_t len);
// Writes the digest and wipes h; h must be initialised again before reuse.
void sha256_finalize(Sha256& h, unsigned char out32[32]);
void sha256(const unsigned char* data, std::size_t len, unsigned char out32[32], CompressFn fn = nullptr);
// Starts h from a state in which `bytes` bytes (a multiple of 64) have already been absorbed.
void sha256_init_midstate(Sha256& h, const std::uint32_t midstate[8], std::uint64_t bytes, CompressFn fn = nullptr);
// Wipes h without producing a digest (for early exits).
inline void sha256_clear(Sha256& h) { memclear(&h, sizeof h); }

// BIP-340 tagged hash: h is left as if SHA256(tag) || SHA256(tag) had been written.
void sha256_tagged_init(Sha256& h, const unsigned char* tag, std::size_t taglen, CompressFn fn = nullptr);
// One-shot SHA256(SHA256(tag) || SHA256(tag) || msg), the secp256k1_tagged_sha256 operation.
void tagged_sha256(const unsigned char* tag, std::size_t taglen, const unsigned char* msg, std::size_t msglen,
                   unsigned char out32[32], CompressFn fn = nullptr);

// The fixed tags the library uses; their midstates are precomputed (tag_midstates.cpp).
enum class Tag {
    BIP340Challenge,     // "BIP0340/challenge"
    BIP340Aux,           // "BIP0340/aux"
    BIP340Nonce,         // "BIP0340/nonce"
    TapTweak,            // "TapTweak"
    KeyAggList,          // "KeyAgg list"
    KeyAggCoef,          // "KeyAgg coefficient"
    MusigAux,            // "MuSig/aux"
    MusigNonce,          // "MuSig/nonce"
    MusigNonceCoef,      // "MuSig/noncecoef"
    BIP352Inputs,        // "BIP0352/Inputs"
    BIP352SharedSecret,  // "BIP0352/SharedSecret"
    BIP352Label,         // "BIP0352/Label"
    BIP324EllswiftXonly, // "bip324_ellswift_xonly_ecdh"
};
inline constexpr std::size_t kTagCount = 13;
static_assert(static_cast<std::size_t>(Tag::BIP324EllswiftXonly) + 1 == kTagCount);
// The tag's text (NUL-terminated, the hashed bytes exclude the NUL).
const char* tag_string(Tag tag);
// The state after absorbing SHA256(tag) || SHA256(tag): one 64-byte block.
const std::uint32_t* tag_midstate(Tag tag);
void sha256_tagged_init(Sha256& h, Tag tag, CompressFn fn = nullptr);

// HMAC-SHA256 (RFC 2104 / FIPS 198-1). Keys longer than 64 bytes are hashed first.
struct HmacSha256 {
    Sha256 inner, outer;
};
void hmac_init(HmacSha256& h, const unsigned char* key, std::size_t keylen, CompressFn fn = nullptr);
void hmac_write(HmacSha256& h, const unsigned char* data, std::size_t len);
// Writes the MAC and wipes h.
void hmac_finalize(HmacSha256& h, unsigned char out32[32]);

// The HMAC-DRBG of RFC 6979 section 3.2 (steps b-h) with libsecp256k1's conventions: the key
// material is whatever the caller supplies (for ECDSA: seckey32 || msg32 [|| extra32] [|| algo16]),
// each generate() call after the first starts with the "retry" update K = HMAC_K(V || 0x00),
// V = HMAC_K(V), and a call asking for more than 32 bytes concatenates successive V values
// without a retry update in between.
struct Rfc6979 {
    unsigned char v[32];
    unsigned char k[32];
    HmacSha256 keyed;   // HMAC state keyed with k (pads absorbed), reused for each V update
    bool retry;
};
void rfc6979_init(Rfc6979& r, const unsigned char* key, std::size_t keylen, CompressFn fn = nullptr);
void rfc6979_generate(Rfc6979& r, unsigned char* out, std::size_t outlen);
// Wipes r.
void rfc6979_finalize(Rfc6979& r);

}  // namespace fastsecp::hash
