// Schnorr (BIP-340) adaptor signatures: pre-signatures for an adaptor point T = t·G that t turns
// into BIP-340 signatures, and from which t is read off the finished signature. The encoding and
// nonce are those of the schnorr_adaptor module proposed for secp256k1-zkp and of its Python
// specification (see include/secp256k1_schnorr_adaptor.h for the equations):
//
//   pre_sig65 = cbytes(R') || s',  R' = k·G + T,  s' = ±k + e·d,  e = H_challenge(x(R') || x(P) || m)
//   (k negated when R' has odd y, so that R' read as an x-only nonce is the signature's R)
//
// Pre-signing is constant time in the key and the nonce (R = k·G is public once R' is: it is
// R' - T); adapt and extract_sec are constant time in t; extract works on public data.
#pragma once

#include <cstddef>

#include "ecmult/ecmult.h"
#include "schemes/schnorr.h"

namespace fastsecp::schnorr_adaptor {

extern const unsigned char ALGO_NONCE[20];  // "SchnorrAdaptor/nonce"

// tagged_hash(algo, (key32 xor tagged_hash("SchnorrAdaptor/aux", aux)) || adaptor33 || pk32 ||
// msg32), aux = aux32 or 32 zero bytes when aux32 is null. Constant time in key32.
void nonce_hash(unsigned char nonce32[32], const unsigned char* msg32, const unsigned char* key32,
                const unsigned char* adaptor33, const unsigned char* pk32, const unsigned char* algo,
                std::size_t algolen, const unsigned char* aux32, hash::CompressFn fn);

// Pre-signing once the nonce is known. sk signs for the x-only key pk32 (already negated when
// its point has odd y); T is the adaptor point (public, not infinity); nonce32 its nonce_hash
// (or any 32 bytes). ret: whether everything so far was valid; the result is ret & (k != 0) &
// (R' not infinity), without a branch on secrets, and pre_sig65 is zeroed when it is 0.
// publish(R) runs when R = k·G is computed (it is public: R' - T). Constant time in sk, nonce32.
int presign_core(const GenBlind& blind, hash::CompressFn fn, unsigned char pre_sig65[65], const unsigned char msg32[32],
                 const Scalar& sk, const unsigned char pk32[32], const Ge& T, const unsigned char nonce32[32], int ret,
                 PublishFn publish, const void* arg);

// The adaptor point of a pre-signature for message msg32 and the x-only key P (even y; pk32 its
// x). False when the first 33 bytes are not a compressed point, s' >= n, or R = s'·G - e·P or T
// is infinity. Variable time (public data).
bool extract_var(Ge& T, const unsigned char pre_sig65[65], const unsigned char msg32[32], const Ge& P,
                 const unsigned char pk32[32], hash::CompressFn fn);

// sig64 = pre_sig65[1..33] || s' ± t (+ for a 0x02 first byte, - for 0x03). False, with sig64
// zeroed, when the first byte is another, s' >= n or t >= n. sig64 may alias pre_sig65.
// Constant time in t.
bool adapt(unsigned char sig64[64], const unsigned char pre_sig65[65], const unsigned char sec_adaptor32[32]);

// t = ±(s - s') (the sign of adapt). False, with t zeroed, when the first byte is neither 0x02
// nor 0x03, s' >= n or s >= n. Constant time in the result.
bool extract_sec(unsigned char sec_adaptor32[32], const unsigned char pre_sig65[65], const unsigned char sig64[64]);

}  // namespace fastsecp::schnorr_adaptor
