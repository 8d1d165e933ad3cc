// FROST threshold signatures for BIP-340 keys (BIP-445 draft, v0.8.0 of bitcoin/bips PR #2070) on
// internal types, and a trusted dealer for its keys.
//
// BIP-445 is FROST3: the same two-nonce signing equation as MuSig2 (BIP-327) with the KeyAgg
// coefficient replaced by the signer's Lagrange coefficient over the signer set, a nonce
// coefficient b that also commits to the sorted identifiers, and the same tweak context. So the
// tweak context is musig::KeyAggCache (Q, gacc, tacc; its key-list fields unused), and the session
// (R, b, e, e·g·tacc), the signing and the verification equations are musig's
// (musig::session_finish, partial_sign_coef, partial_verify_coef); what is FROST's own is here:
// the signers context (identifiers 0..n-1, public shares, threshold key), Lagrange coefficients,
// the nonce coefficient, deterministic signing, and the errors with the blamed participant.
//
// The nonce coefficient's length prefix is bytes(4, len(SerializeIds)) = bytes(4, 4·u), as the
// v0.8.0 reference code computes it and its vectors require (the BIP's text writes bytes(4, u)).
//
// Two levels:
// - core pieces on points (the libsecp256k1-style API in src/compat/frost.cpp builds on these);
// - the BIP's algorithms on byte strings with its exact failure cases (Status: which error, and
//   for a participant's bad contribution its position in the input list), as the vectors state
//   them. They are composed from the core pieces and checked by tests/vectors/frost_vectors.cpp.
//
// Secret inputs (secret shares, secret nonces, dealer seeds) only meet constant-time code; the
// identifiers, public shares, nonces, tweaks and messages are public (variable time).
#pragma once

#include <cstddef>
#include <cstdint>

#include "ecmult/ecmult.h"
#include "group/group.h"
#include "hash/sha256.h"
#include "schemes/musig_keyagg.h"
#include "schemes/musig_session.h"

namespace fastsecp::frost {

// The BIP's failure cases (its reference code's messages in the comments). The values are the
// SECP256K1_FROST_ERR_* codes of include/secp256k1_frost.h.
enum class Error : int {
    Ok = 0,
    ThresholdRange = 1,        // not 1 <= t <= n (or n = 0)
    SignerCount = 2,           // "The number of signers must be between t and n."
    IdRange = 3,               // "The participant identifier at index i is out of range." (index)
    PubshareInvalid = 4,       // "Invalid pubshare at index i." (index)
    DuplicateIds = 5,          // "The participant identifier list contains duplicate elements."
    ThreshPkInfinity = 6,      // "The threshold pubkey must not be the point at infinity."
    KeyMaterial = 7,           // "The provided key material is incorrect."
    TweakLength = 8,           // "The tweak must be a 32-byte array."
    TweakCount = 9,            // "The tweaks and is_xonly arrays must have the same length."
    TweakRange = 10,           // "The tweak value is out of range."
    TweakInfinity = 11,        // "The result of tweaking cannot be infinity."
    Secnonce1Range = 12,       // "first secnonce value is out of range."
    Secnonce2Range = 13,       // "second secnonce value is out of range."
    SecshareRange = 14,        // "The signer's secret share value is out of range."
    PubshareMissing = 15,      // "The signer's pubshare must be included in the list of pubshares."
    IdMissing = 16,            // "The signer's id must be present in the participant identifier list."
    InvalidPubnonce = 17,      // InvalidContributionError(index, "pubnonce")
    InvalidAggnonce = 18,      // InvalidContributionError(None, "aggnonce"): the coordinator
    InvalidAggothernonce = 19, // InvalidContributionError(None, "aggothernonce"): the coordinator
    InvalidPsig = 20,          // InvalidContributionError(index, "psig")
    PsigCount = 21,            // "The psigs and ids arrays must have the same length."
    ThreshPkInvalid = 22,      // the threshold public key does not decode (TweakCtxInit)
    OutOfMemory = 23,
};
constexpr size_t NO_INDEX = SIZE_MAX;
struct Status {
    Error err = Error::Ok;
    size_t index = NO_INDEX;  // position in the input list of the blamed item, NO_INDEX if none
    bool ok() const { return err == Error::Ok; }
};
inline Status fail(Error e, size_t i = NO_INDEX) { return Status{e, i}; }

using Tweak = musig::KeyAggCache;
using Session = musig::Session;

// ---- core pieces on points -------------------------------------------------------------------

// ValidateSignersCtx: 1 <= t <= n, t <= u <= n, every id < n (IdRange with its index), no
// duplicates, and sum λ_i·P_i == thresh_pk (ThreshPkInfinity when the sum is infinity,
// KeyMaterial when it differs). pubshares: u points (not infinity). Variable time.
Status signers_validate(uint32_t n, uint32_t t, size_t u, const uint32_t* ids, const Ge* pubshares,
                        const Ge& thresh_pk);

// λ for my_id over the set ids[0..u) (BIP-445 DeriveInterpolatingValue: ids shifted by one):
// prod (id_j + 1) / (id_j - my_id) over j with id_j != my_id. my_id in the set, no duplicates.
void lagrange_coef(Scalar& lambda, size_t u, const uint32_t* ids, uint32_t my_id);

// The index of id in ids[0..u), or NO_INDEX.
size_t find_id(size_t u, const uint32_t* ids, uint32_t id);

// TweakCtxInit (Q = thresh_pk, gacc = 1, tacc = 0) and ApplyTweak (TweakRange / TweakInfinity).
void tweak_init(Tweak& t, const Ge& thresh_pk);
Status tweak_apply(Tweak& t, const unsigned char* tweak32, bool xonly);

// b = int(hash_BIP0445/noncecoef(bytes(4, 4·u) || SerializeIds(sorted ids) || aggnonce66 || qx32 || m)) mod n.
// False only when memory for sorting the ids cannot be had.
bool nonce_coef(hash::CompressFn fn, Scalar& b, size_t u, const uint32_t* ids, const unsigned char aggnonce66[66],
                const unsigned char qx32[32], const unsigned char* msg, size_t msglen);

// GetSessionValues after validation and tweaking: b (over the aggnonce's encoding), R, e, e·g·tacc.
// aggnonce: the two halves (infinity allowed). False only on allocation failure.
bool session_init(hash::CompressFn fn, Session& s, size_t u, const uint32_t* ids, const Ge aggnonce[2],
                  const Tweak& t, const unsigned char* msg, size_t msglen);

// NonceGen's derivation of (k1, k2) with the BIP0445/aux and BIP0445/nonce tags; optional inputs
// absent as nullptr. Constant time in rand32, secshare32 and extra.
void nonce_derive(hash::CompressFn fn, Scalar k[2], const unsigned char rand32[32], const unsigned char* secshare32,
                  const unsigned char* pubshare33, const unsigned char* thresh_pk32, const unsigned char* msg,
                  size_t msglen, const unsigned char* extra, size_t extralen);

// DeterministicSign's (k1, k2): hash_BIP0445/deterministic/nonce(secshare' || bytes(4, my_id) ||
// bytes(4, u) || SerializeIds || aggothernonce (absent: empty) || tweaked_pk32 || bytes(8, len m) || m
// || i-1), with secshare' = secshare XOR hash_BIP0445/aux(aux_rand32) when aux_rand32 is given.
// Constant time in secshare32 and aux_rand32. False only on allocation failure.
bool det_nonce_derive(hash::CompressFn fn, Scalar k[2], const unsigned char secshare32[32], uint32_t my_id,
                      size_t u, const uint32_t* ids, const unsigned char* aggothernonce66,
                      const unsigned char tweaked_pk32[32], const unsigned char* msg, size_t msglen,
                      const unsigned char* aux_rand32);

// ---- trusted dealer --------------------------------------------------------------------------

// Shamir shares of the polynomial with coefficients coef[0..t) (coef[0] the threshold secret key)
// at x = x0, x0 + 1, ..., x0 + count - 1: BIP-445 identifier id holds f(id + 1) (x0 = 1 for ids
// 0..n-1), RFC 9591 identifier i holds f(i). Horner's rule, constant time.
void shamir_shares(Scalar* shares, const Scalar* coef, uint32_t t, uint32_t x0, uint32_t count);

// The dealer's polynomial from a 32-byte secret seed: coef[j] = int(hash_fastsecp/frost/dealer(seed32
// || bytes(4, j))) mod n for j < t. Returns false when a coefficient is 0 (probability ~t/2^256);
// constant time in the seed.
bool dealer_coefs(hash::CompressFn fn, Scalar* coef, uint32_t t, const unsigned char seed32[32]);

// ---- the BIP's algorithms on byte strings (vectors, docs) -------------------------------------

// A signers context as the BIP passes it: pubshares are 33-byte strings (checked here).
struct SignersBytes {
    uint32_t n = 0, t = 0;
    size_t u = 0;
    const uint32_t* ids = nullptr;
    const unsigned char* const* pubshares = nullptr;  // u entries, each 33 bytes (cpoint)
    const unsigned char* thresh_pk = nullptr;         // 33 bytes
};
// Tweaks as the BIP passes them: v tweaks of the given lengths and v_xonly modes.
struct TweaksBytes {
    size_t v = 0;
    const unsigned char* const* tweaks = nullptr;
    const size_t* lens = nullptr;
    size_t v_xonly = 0;
    const bool* is_xonly = nullptr;
};

// NonceGen with the given rand' (the vectors' "rand"): secnonce64 = k1 || k2, pubnonce66.
void nonce_gen_bytes(hash::CompressFn fn, unsigned char secnonce64[64], unsigned char pubnonce66[66],
                     const unsigned char rand32[32], const unsigned char* secshare32, const unsigned char* pubshare33,
                     const unsigned char* thresh_pk32, const unsigned char* msg, size_t msglen,
                     const unsigned char* extra, size_t extralen);
// NonceAgg: InvalidPubnonce with the index of the first bad pubnonce (first half of all, then second).
Status nonce_agg_bytes(unsigned char aggnonce66[66], const unsigned char* const* pubnonces, size_t u);
// Sign (secnonce64 as the BIP serializes it).
Status sign_bytes(hash::CompressFn fn, unsigned char psig32[32], const unsigned char secnonce64[64],
                  const unsigned char secshare32[32], uint32_t my_id, const SignersBytes& sc,
                  const unsigned char aggnonce66[66], const TweaksBytes& tw, const unsigned char* msg, size_t msglen);
// DeterministicSign: pubnonce66 and psig32.
Status det_sign_bytes(hash::CompressFn fn, unsigned char pubnonce66[66], unsigned char psig32[32],
                      const unsigned char secshare32[32], uint32_t my_id, const unsigned char* aggothernonce66,
                      const SignersBytes& sc, const TweaksBytes& tw, const unsigned char* msg, size_t msglen,
                      const unsigned char* aux_rand32);
// PartialSigVerify for signer i (position in the lists): Ok and *valid.
Status partial_sig_verify_bytes(hash::CompressFn fn, bool* valid, const unsigned char psig32[32],
                                const unsigned char* const* pubnonces, const SignersBytes& sc, const TweaksBytes& tw,
                                const unsigned char* msg, size_t msglen, size_t i);
// PartialSigAgg: the BIP-340 signature.
Status partial_sig_agg_bytes(hash::CompressFn fn, unsigned char sig64[64], const unsigned char* const* psigs,
                             size_t n_psigs, const SignersBytes& sc, const unsigned char aggnonce66[66],
                             const TweaksBytes& tw, const unsigned char* msg, size_t msglen);

}  // namespace fastsecp::frost
