// MuSig2 (BIP-327) building blocks on internal types: key-aggregation hashes and coefficients,
// nonce derivation, the nonce coefficient. The libsecp256k1-compatible API that stores them in
// opaque objects is src/compat/musig.cpp.
#pragma once

#include <cstddef>

#include "group/group.h"
#include "hash/sha256.h"

namespace fastsecp::musig {

// KeyAgg coefficient of pk: 1 when pk equals the "second key" (the first key in the list that
// differs from the first one; second may be infinity when there is none), otherwise
// int(hash_KeyAgg coefficient(pks_hash || ser(pk))) mod n. pk not infinity; y coordinates normalized.
void keyagg_coef(hash::CompressFn fn, Scalar& r, const unsigned char pks_hash[32], const Ge& pk, const Ge& second);

// k[0], k[1] from BIP-327's NonceGen: rand = session randomness, XORed with
// hash_MuSig/aux(rand) when a secret key is given; then hash_MuSig/nonce over rand and the
// length-prefixed optional inputs, once per index i = 0, 1. Constant time in the secret inputs.
void nonce_derive(hash::CompressFn fn, Scalar k[2], const unsigned char rand32[32], const unsigned char* msg32,
                  const unsigned char* seckey32, const unsigned char pk33[33], const unsigned char* agg_pk32,
                  const unsigned char* extra_input32);

// ser(P) for a nonce half: 33 zero bytes for infinity, else the compressed point.
void ge_serialize_ext(unsigned char out33[33], const Ge& p);

// b = int(hash_MuSig/noncecoef(ser_ext(R1) || ser_ext(R2) || agg_pk32 || msg32)) mod n.
void nonce_coef(hash::CompressFn fn, Scalar& b, const Ge aggnonce[2], const unsigned char agg_pk32[32],
                const unsigned char msg32[32]);

}  // namespace fastsecp::musig
