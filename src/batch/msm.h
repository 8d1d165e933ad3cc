// Multi-scalar multiplication for batch verification: g·G + sum k_i·P_i over many public points,
// variable time (public data only).
//
// Every scalar is first reduced to terms with scalars below 2^128: a "full" scalar by the GLV
// split k = k1 + k2·λ (P and λP = (βx, y) share one table), the G coefficient by splitting it
// into 128-bit halves (G and 2^128·G), and "short" scalars (already < 2^128, like the random
// coefficients of batch verification) as they are. Then one of two algorithms:
//
// - Strauss (few points): a table of odd multiples 1P..15P per point, all made affine with one
//   shared inversion (Montgomery's trick over each table's isomorphic-curve scale, see
//   odd_multiples_iso_var in ecmult_impl.h), signed wNAF digits, one doubling chain shared by all
//   points; G from the precomputed window-15 tables. From 8 to 400 terms each digit row's points
//   are first summed in affine coordinates (pairs of all rows together, see below), so the
//   doubling chain adds one point per row; the window is then 4 (1P..7P), else 5.
// - Pippenger (many points; the "bucket method" after N. Pippenger, "On the evaluation of powers
//   and related problems", FOCS 1976): signed c-bit digits; per window every point is added into
//   the bucket of its digit, and the buckets are summed with running sums. With enough buckets
//   they are kept affine and filled by batches of additions that share one inversion
//   (pippenger_impl.h); a term whose bucket is busy waits for the next batch. From 256 buckets
//   the running sums are affine too (segments of buckets advanced together, one inversion per
//   step) in every window that used no Jacobian overflow point.
//
// Both batch their affine additions through PairSums (msm_common_impl.h): pairs with distinct x
// in eight AVX-512 IFMA lanes (simd/affine8_impl.h) when the CPU has them, the rest in scalar code.
//
// Like ecmult_impl.h the algorithms are compiled twice (portable and BMI2/ADX), see batch_ops.h;
// msm_var picks the algorithm from a cost estimate fitted to measurements (msm.cpp).
#pragma once

#include <cstddef>

#include "group/group.h"

namespace fastsecp::batch {

struct MsmInput {
    const Ge* full_points = nullptr;    // not infinity
    const Scalar* full_scalars = nullptr;
    size_t n_full = 0;
    const Ge* short_points = nullptr;   // not infinity
    const Scalar* short_scalars = nullptr;  // each < 2^128
    size_t n_short = 0;
    Scalar g = {{0, 0, 0, 0}};          // coefficient of the generator
};

enum class MsmAlgo { Auto, Strauss, Pippenger };

// Bytes of scratch memory msm_var needs for these sizes (any algorithm).
size_t msm_scratch_size(size_t n_full, size_t n_short);

// r = in.g·G + sum full_scalars[i]·full_points[i] + sum short_scalars[i]·short_points[i].
// scratch: msm_scratch_size(...) bytes, aligned for any type (malloc'ed).
void msm_var(Gej& r, const MsmInput& in, void* scratch, MsmAlgo algo = MsmAlgo::Auto);

// The short-scalar term count Pippenger works on: 2 per full scalar, 1 per short one, 2 for G.
static inline size_t msm_terms(size_t n_full, size_t n_short) { return 2 * n_full + n_short + 2; }

}  // namespace fastsecp::batch
