// Shared by the two multi-scalar multiplication algorithms of msm.h (strauss_impl.h,
// pippenger_impl.h), which batch_portable.cpp and batch_bmi2.cpp include after
// ecmult/ecmult_impl.h: same FASTSECP_VARIANT namespace, whose table helpers
// (odd_multiples_iso_var, table_add_var, table_add_storage_var) Strauss reuses.
#pragma once

#include <cstdint>

#include "batch/msm_layout.h"
#include "ecmult/wnaf.h"

namespace fastsecp::FASTSECP_VARIANT {

// k = k1 + k2·λ with k1, k2 made non-negative (< 2^128); neg1/neg2 say which were negated.
static inline void msm_split_full(Scalar& k1, Scalar& k2, bool& neg1, bool& neg2, const Scalar& k) {
    scalar_split_lambda(k1, k2, k);
    neg1 = scalar_is_high(k1);
    neg2 = scalar_is_high(k2);
    if (neg1) scalar_negate(k1, k1);
    if (neg2) scalar_negate(k2, k2);
}

}  // namespace fastsecp::FASTSECP_VARIANT
