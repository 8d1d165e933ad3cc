// Many scalar multiplications at once, in AVX-512 IFMA lanes when the CPU has them. One scalar
// times many points: out[i] = k·in[i]. The silent-payments scanner's shared secrets
// (k = the wallet's scan key, in[i] = each transaction's tweak) go through here, so there is one
// place to make that multiplication fast for the whole batch.
#pragma once

#include <cstddef>

#include "group/group.h"

namespace fastsecp::batch {

// in[i]: affine, valid, not infinity; k non-zero. constant_time: no branch or memory index
// depends on k (the points are public); otherwise variable time in k too. out is Jacobian.
void ecmult_same_scalar(Gej* out, const Ge* in, size_t n, const Scalar& k, bool constant_time);

// out[i] = t[i]·G for public scalars (variable time), many at once.
void ecmult_gen_var_batch(Gej* out, const Scalar* t, size_t n);

// out[i] = g[i]·G + k[i]·in[i] for public scalars and points (variable time), many at once: the
// double multiplication of ECDSA verification. in[i]: affine, valid, not infinity.
void ecmult2_var_batch(Gej* out, const Ge* in, const Scalar* k, const Scalar* g, size_t n);

}  // namespace fastsecp::batch
