// BIP-340 Schnorr signatures on internal types.
#pragma once

#include <cstddef>

#include "ecmult/ecmult.h"
#include "hash/sha256.h"

namespace fastsecp {

// e = int(hash_BIP0340/challenge(r32 || pk32 || msg)) mod n
void bip340_challenge(hash::CompressFn fn, Scalar& e, const unsigned char* r32, const unsigned char* msg,
                      size_t msglen, const unsigned char* pk32);
// The BIP-340 nonce derivation (aux data optional; algo is the tag, "BIP0340/nonce" normally).
// Returns 0 when algo is null. Constant time in key32.
int bip340_nonce(hash::CompressFn fn, unsigned char* nonce32, const unsigned char* msg, size_t msglen,
                 const unsigned char* key32, const unsigned char* xonly_pk32, const unsigned char* algo, size_t algolen,
                 const void* aux32);
// Signature check against an x-only key given as a point with even y. Variable time.
bool bip340_verify(hash::CompressFn fn, const unsigned char* sig64, const unsigned char* msg, size_t msglen,
                   const Ge& pk);

// Signing once the nonce is known: R = k·G with k = int(nonce32) (negated when R has odd y),
// sig64 = x(R) || k + e·sk mod n, e the challenge over pk32. sk must already be the key for the
// x-only pk32 (negated when its point has odd y). ret: whether everything so far was valid; the
// result is ret & (k != 0), folded without a branch, and sig64 is zeroed when it is 0. publish(R,
// arg) is called on R once it is public (part of the signature): valgrind's constant-time test
// declassifies it there. Constant time in sk and nonce32.
using PublishFn = void (*)(const void* p, size_t len, const void* arg);
int bip340_sign_core(const GenBlind& blind, hash::CompressFn fn, unsigned char* sig64, const unsigned char* msg,
                     size_t msglen, const Scalar& sk, const unsigned char* pk32, const unsigned char* nonce32, int ret,
                     PublishFn publish, const void* arg);

// s32 = bytes(k + e·sk mod n), e the challenge over (r32, pk32, msg): the second half of a
// BIP-340 signature (or of an adaptor pre-signature, with its R'). Constant time in sk and k.
void bip340_s(hash::CompressFn fn, unsigned char* s32, const unsigned char* r32, const unsigned char* msg,
              size_t msglen, const unsigned char* pk32, const Scalar& sk, const Scalar& k);

// out32 = key32 xor tagged_hash(aux_tag, aux32): the masked key of the BIP-340-style nonce
// derivations that have tags of their own (the adaptor signature modules). Constant time in key32.
void nonce_masked_key(hash::CompressFn fn, unsigned char* out32, const unsigned char* key32, const char* aux_tag,
                      const unsigned char* aux32);

extern const unsigned char BIP340_ALGO[13];  // "BIP0340/nonce"

}  // namespace fastsecp
