// BIP-352 Silent Payments: the hashing and group steps both sides share.
//
//   input_hash = hash_BIP0352/Inputs(outpoint_L || ser_P(A))        A = sum of the inputs' keys
//   S          = (input_hash·a)·B_scan = (input_hash·b_scan)·A      the shared secret point
//   t_k        = hash_BIP0352/SharedSecret(ser_P(S) || ser_32(k))
//   P_k        = B_spend + t_k·G                                    the k-th output key
//   label_m    = hash_BIP0352/Label(ser_256(b_scan) || ser_32(m))   (its point is label_m·G)
//
// The steps are separate functions on internal types so that a batch scanner can share work
// between transactions: compute many S points with one batched affine conversion and feed them
// to shared_secret_serialize, hash t_k for many (S, k), or compare many outputs at once.
//
// Constant time where secrets flow (noted per function); the rest is variable time on public
// data. t_k is treated as public once hashed (the outputs it produces appear on chain).
#pragma once

#include <cstddef>
#include <cstdint>

#include "ecmult/ecmult.h"
#include "hash/sha256.h"

namespace fastsecp::silentpayments {

constexpr uint32_t GROUP_LIMIT = 2323;  // K_max: outputs per scan-key group

// input_hash as a scalar. False when the hash is 0 or >= n (then out is the reduced value).
// a_sum must not be infinity. Variable time in a_sum (a public key).
bool input_hash(Scalar& out, const unsigned char outpoint36[36], const Ge& a_sum, hash::CompressFn fn);

// S = secret·p, Jacobian. Constant time in secret; p public, not infinity; secret non-zero.
void shared_secret_point(Gej& s, const Ge& p, const Scalar& secret);
// ser_P(S): 0x02/0x03 by y parity, then x. Constant time. s affine, not infinity.
void shared_secret_serialize(unsigned char out33[33], const Ge& s);
// Both steps with a constant-time affine conversion; intermediate points are wiped.
void shared_secret(unsigned char out33[33], const Ge& p, const Scalar& secret);

// The 32 raw bytes of t_k (constant time in ss33). The caller decides when they become public.
void output_tweak_hash(unsigned char out32[32], const unsigned char ss33[33], uint32_t k, hash::CompressFn fn);
// t_k from its hash bytes; false when they are 0 or >= n.
bool output_tweak_scalar(Scalar& t_k, const unsigned char hash32[32]);

// P_k = spend + t_k·G in Jacobian coordinates (callers that only compare x need no inversion).
// False when the sum is infinity. Variable time: t_k and spend are public.
bool output_point_var(Gej& out, const Ge& spend, const Scalar& t_k);
// The same, affine with even y as BIP-341 output keys are (x-only). False at infinity.
bool output_xonly_var(Ge& out, const Ge& spend, const Scalar& t_k);

// Label tweak bytes. Constant time in scan_key32.
void label_tweak(unsigned char out32[32], const unsigned char scan_key32[32], uint32_t m, hash::CompressFn fn);

}  // namespace fastsecp::silentpayments
