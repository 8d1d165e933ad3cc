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
    // Two BIP-340 lift_x at once: r[k] = the point with x = x[k] (< p) and even y; ok[k] says
    // whether there is one. The two square roots run interleaved, which lets the CPU overlap
    // their multiplications (about 40% faster than two in a row). Variable time.
    void (*lift_x_even2)(Ge* r, bool* ok, const Fe* x);
};

extern const BatchOps BATCH_PORTABLE;
extern const BatchOps BATCH_BMI2;
// The variant matching ecmult_ops() (CPUID and the FASTSECP_FORCE_* switches).
const BatchOps& batch_ops();

static inline void lift_x_even2(Ge* r, bool* ok, const Fe* x) { batch_ops().lift_x_even2(r, ok, x); }

}  // namespace fastsecp::batch
