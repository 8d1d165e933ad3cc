// BIP-32 hierarchical deterministic keys on internal types: the master key from a seed, private
// and public child derivation, the 78-byte serialization and its checks, and derivation paths.
//
// Private derivation (master key, CKDpriv) is constant time in the secret key and the chain
// code: HMAC-SHA512 (no data-dependent branches), constant-time k·G with the context's blinding
// for the parent's public key, scalar addition, and validity folded into a flag. Public
// derivation (CKDpub) works on public data and takes the variable-time k·G.
#pragma once

#include <cstddef>
#include <cstdint>

#include "ecmult/ecmult.h"
#include "hash/sha512.h"

namespace fastsecp::bip32 {

constexpr std::uint32_t HARDENED = 0x80000000u;

// What a derivation step can run into (BIP-32: I_L >= n, or a zero / infinite child, makes the
// index invalid: the caller moves on to the next index).
enum class Result { ok, invalid_child, needs_private };

// Master key: I = HMAC-SHA512("Bitcoin seed", seed); k = I_L, chain = I_R. False when I_L is 0
// or >= n (k is then zero). Constant time in the seed.
bool master_from_seed(Scalar& k, unsigned char chain[32], const unsigned char* seed, std::size_t len);

// CKDpriv: child secret key and chain code for index i (hardened when i >= 2^31). pub33 is the
// parent's compressed public key (used for normal children; compute_pub33 fills it). False when
// the index gives no valid child (child key zeroed). Constant time in k and chain.
bool ckd_priv(Scalar& child, unsigned char child_chain[32], const Scalar& k, const unsigned char chain[32],
              const unsigned char pub33[33], std::uint32_t i);
// The compressed public key of secret k (constant time, with blinding).
void compute_pub33(const GenBlind& blind, unsigned char pub33[33], const Scalar& k);

// The HMAC-SHA512 state keyed with a chain code, ready for one message: keyed once per parent,
// copied per child.
void keyed_chain(hash::HmacSha512& h, const unsigned char chain[32]);
// I = HMAC-SHA512(chain, pub33 || ser32(i)) for a normal index (i < 2^31), from a keyed state.
void normal_child_hmac(unsigned char I[64], const hash::HmacSha512& keyed, const unsigned char pub33[33],
                       std::uint32_t i);

// CKDpub for i < 2^31 (needs_private otherwise). K: the parent's point, pub33 its encoding.
// Variable time (public data).
Result ckd_pub(Ge& child, unsigned char child_chain[32], const Ge& K, const unsigned char pub33[33],
               const unsigned char chain[32], std::uint32_t i);

// Child public keys of one parent for indices first .. first+n-1 (all < 2^31): one variable-time
// k·G per child (eight at a time in AVX-512 IFMA lanes when the CPU has them) and one shared field
// inversion per block. ok[j] false: index first+j gives no valid child (pub33 zeroed).
// chains may be null. n at most BATCH_BLOCK.
constexpr std::size_t BATCH_BLOCK = 128;
void ckd_pub_block(unsigned char* pub33s, unsigned char* chains, bool* ok, const Ge& K, const unsigned char pub33[33],
                   const hash::HmacSha512& keyed, std::uint32_t first, std::size_t n);

// Version bytes of the serialized keys.
struct VersionPair {
    std::uint32_t priv, pub;
};
// The known pairs (xprv/xpub, tprv/tpub, and the BIP-49 y/u and BIP-84 z/v prefixes).
extern const VersionPair VERSIONS[6];
// True when v is a known version; *is_private says which half it is, *other the matching one.
bool version_lookup(std::uint32_t v, bool* is_private, std::uint32_t* other);

// The 78-byte serialization: version, depth, parent fingerprint, child number, chain, key data.
struct Raw {
    std::uint32_t version;
    unsigned char depth;
    unsigned char parent_fp[4];
    std::uint32_t child;
    unsigned char chain[32];
    unsigned char key[33];  // 0x00 || secret key, or a compressed public key
};
void serialize78(unsigned char out[78], const Raw& r);
void deserialize78(Raw& r, const unsigned char in[78]);

// Path text: "m/86'/0'/0'/0/5" (the leading "m/" optional, ' or h or H for hardened). Writes the
// first cap indices, and *n gets the number of components (which may exceed cap: the whole text
// is checked); false on a syntax error, a leading zero ("01") or an index >= 2^31 before the
// hardened mark.
bool parse_path(std::uint32_t* out, std::size_t* n, std::size_t cap, const char* path);

}  // namespace fastsecp::bip32
