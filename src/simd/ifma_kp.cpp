// The 8-lane kernels on AVX-512 IFMA. CMake compiles this file with -mavx512f -mavx512dq
// -mavx512vl -mavx512ifma when the compiler has them (FASTSECP_HAVE_IFMA_BUILD); nothing here runs
// unless ifma_available() (simd/dispatch.cpp, built without those flags, so that the CPU check
// itself never holds an AVX-512 instruction) says the CPU and the OS support them.

#if defined(__GNUC__) && !defined(__clang__)
// GCC 12's avx512fintrin.h trips -Wuninitialized inside _mm512_set1_epi64 (a false positive).
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

#include "simd/ifma.h"
#include "simd/affine8_impl.h"
#include "simd/kp8_impl.h"
#include "simd/kp8_jac_impl.h"

namespace fastsecp::simd {

void ecmult_same_scalar_ifma(Gej* out, const Ge* in, size_t n, const Scalar& k, bool constant_time) {
#if defined(FASTSECP_HAVE_IFMA_BUILD)
    Kp8<LanesIfma>::run_all(out, in, n, k, constant_time);
#else
    ecmult_same_scalar_emu8(out, in, n, k, constant_time);  // never selected: ifma_available() is false
#endif
}

void ecmult_gen_var_ifma(Gej* out, const Scalar* t, size_t n) {
#if defined(FASTSECP_HAVE_IFMA_BUILD)
    Kp8<LanesIfma>::gen_var_all(out, t, n);
#else
    ecmult_gen_var_emu8(out, t, n);  // never selected: ifma_available() is false
#endif
}

void ecmult2_var_ifma(Gej* out, const Ge* in, const Scalar* k, const Scalar* g, size_t n) {
#if defined(FASTSECP_HAVE_IFMA_BUILD)
    Kp8Jac<LanesIfma>::ecmult2_var_all(out, in, k, g, n);
#else
    ecmult2_var_emu8(out, in, k, g, n);  // never selected: ifma_available() is false
#endif
}

void pow_sqrt_ifma(Fe* y, const Fe* c, size_t n) {
#if defined(FASTSECP_HAVE_IFMA_BUILD)
    Kp8<LanesIfma>::pow_sqrt_all(y, c, n);
#else
    pow_sqrt_emu8(y, c, n);  // never selected: ifma_available() is false
#endif
}

void ge_add_pairs_var_ifma(Ge* const* out, const Ge* const* a, const Ge* const* b, size_t n) {
#if defined(FASTSECP_HAVE_IFMA_BUILD)
    Affine8<LanesIfma>::add_pairs(out, a, b, n);
#else
    ge_add_pairs_var_emu8(out, a, b, n);  // never selected: ifma_available() is false
#endif
}

}  // namespace fastsecp::simd
