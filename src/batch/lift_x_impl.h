// BIP-340 lift_x for many x at once (see batch_ops.h). Included by batch_portable.cpp and
// batch_bmi2.cpp.
#pragma once

#include <cstddef>

#include "group/group.h"
#include "simd/ifma.h"

namespace fastsecp::FASTSECP_VARIANT {

// r = the point with x and even y from y = c^((p+1)/4), c = x³ + 7; ok when y² = c. EVEN false:
// y as the exponentiation gives it, the root that is itself a square ((p+1)/4 is even).
template <bool EVEN>
static inline void lift_x_finish(Ge& r, bool& ok, const Fe& x, const Fe& c, Fe y) {
    Fe chk, neg;
    fe_sqr(chk, y);
    fe_negate(neg, c, 1);
    fe_add(chk, neg);
    ok = fe_normalizes_to_zero_var(chk);
    r.x = x;
    fe_normalize_var(r.x);
    fe_normalize_var(y);
    if (EVEN && fe_is_odd(y)) {
        fe_negate(y, y, 1);
        fe_normalize_var(y);
    }
    r.y = y;
    r.infinity = 0;
}

// Square roots: with the 8-lane IFMA kernel, eight chains side by side (a group of eight costs
// about as much as two scalar pairs, ≈ 6.6 vs 2 × 3.6 µs here, so four or more go to the lanes);
// otherwise two at a time in lockstep, which lets the CPU overlap their multiplications (about
// 40% faster than two in a row).
template <bool EVEN>
static void lift_x_impl(Ge* r, bool* ok, const Fe* x, size_t n) {
    constexpr size_t CHUNK = 32;
    const bool lanes = simd::lanes_kernel() == 1;
    for (size_t base = 0; base < n; base += CHUNK) {
        const size_t m = n - base < CHUNK ? n - base : CHUNK;
        Fe c[CHUNK], y[CHUNK];
        for (size_t k = 0; k < m; k++) {
            fe_sqr(c[k], x[base + k]);
            fe_mul(c[k], c[k], x[base + k]);
            fe_add_int(c[k], CURVE_B);
            fe_normalize(c[k]);
        }
        size_t k = 0;
        if (lanes && m >= 4) {
            k = m & ~size_t(7);
            if (m - k >= 4) k = m;  // a partial group still beats two pairs
            simd::pow_sqrt_ifma(y, c, k);
        }
        for (; k + 1 < m; k += 2) fe_pow_sqrt_lanes<2>(y + k, c + k);
        if (k < m) fe_pow_sqrt_lanes<1>(y + k, c + k);
        for (size_t j = 0; j < m; j++) lift_x_finish<EVEN>(r[base + j], ok[base + j], x[base + j], c[j], y[j]);
    }
}

static void lift_x_even(Ge* r, bool* ok, const Fe* x, size_t n) { lift_x_impl<true>(r, ok, x, n); }
static void lift_x_square(Ge* r, bool* ok, const Fe* x, size_t n) { lift_x_impl<false>(r, ok, x, n); }

}  // namespace fastsecp::FASTSECP_VARIANT
