// The batch algorithms that run field arithmetic in bulk, compiled twice like ecmult_impl.h
// (batch_portable.cpp, and batch_bmi2.cpp with BMI2/ADX code generation) and picked at run time
// with the same rule as ecmult_ops(), so the whole engine always runs one variant.
#pragma once

#include "batch/msm.h"

namespace fastsecp::batch {

struct BatchOps {
    const char* name;
    // msm.h's two algorithms (msm_var chooses between them).
    void (*msm_strauss)(Gej& r, const MsmInput& in, void* scratch);
    void (*msm_pippenger)(Gej& r, const MsmInput& in, void* scratch);
    // BIP-340 lift_x of x[0..n): r[k] = the point with x = x[k] (< p) and even y; ok[k] says
    // whether there is one. The square roots run several at a time (lift_x_impl.h). Variable time.
    void (*lift_x_even)(Ge* r, bool* ok, const Fe* x, size_t n);
    // The same with the y that is a square mod p (secp256k1-zkp's commitment and generator
    // encodings).
    void (*lift_x_square)(Ge* r, bool* ok, const Fe* x, size_t n);
};

extern const BatchOps BATCH_PORTABLE;
extern const BatchOps BATCH_BMI2;
// The variant matching ecmult_ops() (CPUID and the FASTSECP_FORCE_* switches).
const BatchOps& batch_ops();

static inline void lift_x_even(Ge* r, bool* ok, const Fe* x, size_t n) { batch_ops().lift_x_even(r, ok, x, n); }
static inline void lift_x_square(Ge* r, bool* ok, const Fe* x, size_t n) { batch_ops().lift_x_square(r, ok, x, n); }

}  // namespace fastsecp::batch
