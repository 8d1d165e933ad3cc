// BIP-340 batch verification (BIP-340, "Batch Verification"): for items with public keys P_i,
// nonces R_i = lift_x(r_i), challenges e_i and random coefficients a_i (a_1 = 1), all signatures
// are valid iff, except with negligible probability,
//     (sum a_i·s_i)·G = sum a_i·R_i + sum (a_i·e_i)·P_i,
// which is one multi-scalar multiplication (msm.h) instead of one per item. When the equation
// fails, each item is verified alone, so the per-item answers are always those of single
// verification.
#pragma once

#include <cstddef>
#include <cstdint>

#include "group/group.h"

namespace fastsecp::schnorr_batch {

// An item that passed the range checks: key x < p, r < p, s < n (the key is not lifted yet:
// the batch lifts the P and R of many items together: batch::lift_x_even).
struct SchnorrParsed {
    Scalar s;
    const unsigned char* sig64;
    const unsigned char* pk32;
    const unsigned char* msg;  // not null
    size_t msglen;
};

enum class SchnorrOutcome : uint8_t { Valid, KeyNotOnCurve, Invalid };

// Scratch bytes the calls below need for n items.
size_t schnorr_batch_scratch_size(size_t n);

// out[i] = the outcome of items[i]. key32 (may be null) is secret context data mixed into the
// derivation of the coefficients, which otherwise hash all the items (so a signer cannot
// choose them). scratch: schnorr_batch_scratch_size(n) bytes (malloc-aligned; unused, may be
// null, when n is 1).
void schnorr_verify_parsed(SchnorrOutcome* out, const SchnorrParsed* items, size_t n, const unsigned char* key32,
                           void* scratch);

// The batch step alone: sets out[i] for items whose key or r lifts to no point, and returns
// whether the batch equation holds for all the others (their out[i] is left Valid). When it
// does not, their keys are in the scratch for the one-by-one pass (schnorr_verify_parsed).
bool schnorr_batch_equation(SchnorrOutcome* out, const SchnorrParsed* items, size_t n, const unsigned char* key32,
                            void* scratch);

// One item alone with its lifted key (the plain BIP-340 check); no allocation.
bool schnorr_verify_one(const Ge& pk, const SchnorrParsed& item);

}  // namespace fastsecp::schnorr_batch
