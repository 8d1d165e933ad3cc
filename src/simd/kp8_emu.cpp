// The 8-lane k·P kernel on the portable emulation (see ifma.h).
#include "simd/ifma.h"
#include "simd/affine8_impl.h"
#include "simd/kp8_impl.h"
#include "simd/kp8_jac_impl.h"

namespace fastsecp::simd {

void ecmult_same_scalar_emu8(Gej* out, const Ge* in, size_t n, const Scalar& k, bool constant_time) {
    Kp8<LanesEmu>::run_all(out, in, n, k, constant_time);
}

void ecmult_gen_var_emu8(Gej* out, const Scalar* t, size_t n) { Kp8<LanesEmu>::gen_var_all(out, t, n); }

void ecmult2_var_emu8(Gej* out, const Ge* in, const Scalar* k, const Scalar* g, size_t n) {
    Kp8Jac<LanesEmu>::ecmult2_var_all(out, in, k, g, n);
}

void pow_sqrt_emu8(Fe* y, const Fe* c, size_t n) { Kp8<LanesEmu>::pow_sqrt_all(y, c, n); }

void ge_add_pairs_var_emu8(Ge* const* out, const Ge* const* a, const Ge* const* b, size_t n) {
    Affine8<LanesEmu>::add_pairs(out, a, b, n);
}

}  // namespace fastsecp::simd
