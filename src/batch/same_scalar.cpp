#include "batch/same_scalar.h"

#include "ecmult/ecmult.h"
#include "simd/ifma.h"

namespace fastsecp::batch {

void ecmult_same_scalar(Gej* out, const Ge* in, size_t n, const Scalar& k, bool constant_time) {
    // Eight lanes pay off from a few points on (a partial group still costs a full one).
    if (n >= 4) {
        switch (simd::lanes_kernel()) {
            case 1: simd::ecmult_same_scalar_ifma(out, in, n, k, constant_time); return;
            case 2: simd::ecmult_same_scalar_emu8(out, in, n, k, constant_time); return;
            default: break;
        }
    }
    if (constant_time) {
        for (size_t i = 0; i < n; i++) ecmult_const(out[i], in[i], k);
        return;
    }
    Scalar zero;
    scalar_set_int(zero, 0);
    for (size_t i = 0; i < n; i++) {
        Gej a;
        gej_set_ge(a, in[i]);
        ecmult(out[i], a, k, zero);
    }
}

void ecmult_gen_var_batch(Gej* out, const Scalar* t, size_t n) {
    if (n >= 4) {
        switch (simd::lanes_kernel()) {
            case 1: simd::ecmult_gen_var_ifma(out, t, n); return;
            case 2: simd::ecmult_gen_var_emu8(out, t, n); return;
            default: break;
        }
    }
    for (size_t i = 0; i < n; i++) ecmult_gen_var(out[i], t[i]);
}

void ecmult2_var_batch(Gej* out, const Ge* in, const Scalar* k, const Scalar* g, size_t n) {
    if (n >= 4) {
        switch (simd::lanes_kernel()) {
            case 1: simd::ecmult2_var_ifma(out, in, k, g, n); return;
            case 2: simd::ecmult2_var_emu8(out, in, k, g, n); return;
            default: break;
        }
    }
    for (size_t i = 0; i < n; i++) {
        Gej a;
        gej_set_ge(a, in[i]);
        ecmult(out[i], a, k[i], g[i]);
    }
}

}  // namespace fastsecp::batch
