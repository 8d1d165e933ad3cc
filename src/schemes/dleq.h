// BIP-374 discrete-log-equality proofs: a proof that A = a·G and C = a·B share one secret a,
// for any base G (the BIP's vectors use other bases than the generator).
//
//   t     = bytes(a) xor hash_BIP0374/aux(r)
//   k     = int(hash_BIP0374/nonce(t || cbytes(A) || cbytes(C) || m')) mod n     (fail if 0)
//   R1    = k·G, R2 = k·B
//   e     = int(hash_BIP0374/challenge(cbytes(A) || cbytes(B) || cbytes(C) || cbytes(G) ||
//               cbytes(R1) || cbytes(R2) || m'))                                 (not reduced)
//   s     = k + e·a mod n;  proof = bytes(e) || bytes(s)
//   verify: s < n, R1 = s·G - e·A and R2 = s·B - e·C not infinity, e = the challenge again.
// m' is the 32-byte message or nothing.
//
// prove is constant time in a, r and the nonce (constant-time k·P and k·G, constant-time point
// encodings); verify_var works on public data.
#pragma once

#include "ecmult/ecmult.h"

namespace fastsecp::dleq {

// Proof that A = a·G and C = a·B. g_is_generator: G is the curve's generator (k·G then takes the
// blinded generator table). a must be in [1, n-1]; G and B not infinity. m32 may be null.
// False when the nonce is 0 (probability about 2^-256; the proof is then meaningless). The
// BIP's reference checks a proof before returning it: callers do that with verify_var once the
// proof is public. Constant time in a and r.
bool prove(unsigned char proof64[64], const GenBlind& blind, const Scalar& a, const Ge& G, bool g_is_generator,
           const Ge& B, const unsigned char r32[32], const unsigned char* m32, hash::CompressFn fn);

// The proof's check. Points not infinity. Variable time.
bool verify_var(const unsigned char proof64[64], const Ge& G, bool g_is_generator, const Ge& A, const Ge& B,
                const Ge& C, const unsigned char* m32, hash::CompressFn fn);

}  // namespace fastsecp::dleq
