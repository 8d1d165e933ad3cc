// MuSig2 (BIP-327) nonces on internal types: secret nonce derivation (NonceGen), the encoding of
// a possibly infinite nonce half, and nonce aggregation (NonceAgg). The opaque secnonce / pubnonce
// / aggnonce objects are in src/compat/musig.cpp.
#pragma once

#include <cstddef>
#include <cstring>

#include "group/group.h"
#include "hash/sha256.h"
#include "schemes/eckey.h"

namespace fastsecp::musig {

// k[0], k[1] from BIP-327's NonceGen. rand32 is the session randomness, XORed with
// hash_MuSig/aux(rand32) when a secret key is given; then hash_MuSig/nonce over rand, the
// length-prefixed optional inputs and the index i = 0, 1. msg may be absent (nullptr) or of any
// length (the API passes 32 bytes; the BIP-327 vectors also use 0 and 38). Constant time
// in rand32, seckey32 and extra_input32 (the presence of each input is public).
void nonce_derive(hash::CompressFn fn, Scalar k[2], const unsigned char rand32[32], const unsigned char* msg,
                  size_t msglen, const unsigned char* seckey32, const unsigned char pk33[33],
                  const unsigned char* agg_pk32, const unsigned char* extra_input32);
// The same derivation with the two tagged-hash starting states given (aux_init for the XOR mask,
// nonce_init for k) and extra input of any length (absent: nullptr): BIP-445 (FROST) NonceGen is
// BIP-327's with its own tags, a 33-byte public share and a 32-byte x-only key.
void nonce_derive_tagged(const hash::Sha256& aux_init, const hash::Sha256& nonce_init, Scalar k[2],
                         const unsigned char rand32[32], const unsigned char* msg, size_t msglen,
                         const unsigned char* seckey32, const unsigned char* pk33, const unsigned char* agg_pk32,
                         const unsigned char* extra, size_t extralen);

// The last step of both: k[i] = int(hash(state || bytes(1, i))) mod n for i = 0, 1, from the
// tagged hash h holding everything before the index; wipes h. Constant time.
void nonce_pair_finish(hash::Sha256& h, Scalar k[2]);

// cbytes_ext: 33 zero bytes for infinity, else the compressed point.
inline void ge_serialize_ext(unsigned char out33[33], const Ge& p) {
    if (p.infinity) std::memset(out33, 0, 33);
    else pubkey_serialize33(out33, p);
}
// Two 33-byte points in a row, as in public and aggregate nonces: each a compressed point on the
// curve (every point is in the group: the cofactor is 1) or, when ext is set, also 33 zero bytes
// for infinity (cbytes_ext, the inverse of ge_serialize_ext). False for anything else. The two
// square roots run in lockstep (batch::lift_x_even), about 1.3 of one.
bool ge_parse_pair(Ge r[2], const unsigned char in66[66], bool ext);

// NonceAgg, one public nonce at a time: R_j = sum of the signers' R_{i,j} (public data).
struct NonceSum {
    Gej r[2];
};
void nonce_sum_init(NonceSum& s);
void nonce_sum_add(NonceSum& s, const Ge r[2]);
// Affine result (both halves with one inversion; a half may be infinity), coordinates normalized.
void nonce_sum_finish(Ge out[2], NonceSum& s);

}  // namespace fastsecp::musig
