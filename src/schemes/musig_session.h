// MuSig2 (BIP-327) signing on internal types: the session values derived from the aggregate
// nonce and the message (b, R, e, and the tweak's share of s), partial signing, partial signature
// verification and aggregation. The opaque session / partial_sig objects are in
// src/compat/musig.cpp. Messages may be of any length here; the API passes 32 bytes.
#pragma once

#include <cstddef>

#include "group/group.h"
#include "hash/sha256.h"
#include "schemes/musig_keyagg.h"

namespace fastsecp::musig {

struct Session {
    int fin_nonce_parity;         // y of the final nonce R is odd
    unsigned char fin_nonce[32];  // x of R
    Scalar noncecoef;             // b
    Scalar challenge;             // e
    Scalar s_part;                // e·g·tacc, added once to the sum of partial signatures
};

// b = int(hash_MuSig/noncecoef(cbytes_ext(R1) || cbytes_ext(R2) || xbytes(Q) || msg)) mod n.
void nonce_coef(hash::CompressFn fn, Scalar& b, const Ge aggnonce[2], const unsigned char agg_pk32[32],
                const unsigned char* msg, size_t msglen);

// GetSessionValues: b, R = R1 + b·R2 (G when that is infinity), e, and s_part from the cache's
// tweak. Public data: variable time.
void session_init(hash::CompressFn fn, Session& s, const Ge aggnonce[2], const KeyAggCache& c,
                  const unsigned char* msg, size_t msglen);

// session_init's work after b: R, e and s_part for a Session whose noncecoef is already set (BIP-445
// FROST derives b from its own hash and shares the rest). qx32 = xbytes(Q) of the cache's Q.
void session_finish(hash::CompressFn fn, Session& s, const Ge aggnonce[2], const KeyAggCache& c,
                    const unsigned char qx32[32], const unsigned char* msg, size_t msglen);

// The signing equation with the signer's coefficient given (BIP-327: the KeyAgg coefficient a;
// BIP-445: the Lagrange coefficient): s = k1' + b·k2' + e·mu·d, d = ±sk. Constant time in k, sk.
void partial_sign_coef(Scalar& sig, const Scalar k[2], const Scalar& sk, const Scalar& mu, const KeyAggCache& c,
                       const Session& s);
// The verification equation with the coefficient given (see partial_verify). Variable time.
bool partial_verify_coef(const Scalar& sig, const Ge pubnonce[2], const Ge& pk, const Scalar& mu,
                         const KeyAggCache& c, const Session& s);

// Sign: s = k1' + b·k2' + e·a·d with k' = ±k (R's parity) and d = ±sk (see
// keyagg_negate_signer); pk is the signer's point (for its coefficient a). Constant time in k and
// sk; branches only on public values (parities, whether pk is the second key).
void partial_sign(hash::CompressFn fn, Scalar& sig, const Scalar k[2], const Scalar& sk, const Ge& pk,
                  const KeyAggCache& c, const Session& s);

// PartialSigVerifyInternal: s·G == R1' + b·R2' + e·a·g'·P, with R' = ±R_i by R's parity.
// Variable time.
bool partial_verify(hash::CompressFn fn, const Scalar& sig, const Ge pubnonce[2], const Ge& pk,
                    const KeyAggCache& c, const Session& s);

// PartialSigAgg: the BIP-340 signature xbytes(R) || (s_part + sum), sum = the partial signatures
// added up by the caller (which loads them from its own objects).
void partial_sig_agg(unsigned char sig64[64], const Session& s, const Scalar& sum);

}  // namespace fastsecp::musig
