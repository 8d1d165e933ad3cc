// Shared by the two multi-scalar multiplication algorithms of msm.h (strauss_impl.h,
// pippenger_impl.h), which batch_portable.cpp and batch_bmi2.cpp include after
// ecmult/ecmult_impl.h: same FASTSECP_VARIANT namespace, whose table helpers
// (odd_multiples_iso_var, table_add_var, table_add_storage_var) Strauss reuses.
#pragma once

#include <cstdint>

#include "batch/msm_layout.h"
#include "ecmult/wnaf.h"
#include "simd/ifma.h"

namespace fastsecp::FASTSECP_VARIANT {

// k = k1 + k2·λ with k1, k2 made non-negative (< 2^128); neg1/neg2 say which were negated.
static inline void msm_split_full(Scalar& k1, Scalar& k2, bool& neg1, bool& neg2, const Scalar& k) {
    scalar_split_lambda(k1, k2, k);
    neg1 = scalar_is_high(k1);
    neg2 = scalar_is_high(k2);
    if (neg1) scalar_negate(k1, k1);
    if (neg2) scalar_negate(k2, k2);
}

// x[q] := 1 / x[q] for q < k (all nonzero) with one inversion (Montgomery's trick), acc: k
// field elements of scratch. The prefix products run as MSM_INV_CHAINS interleaved chains
// (element q in chain q mod MSM_INV_CHAINS), so consecutive multiplications are independent and
// overlap in the CPU instead of each waiting for the previous one's result.
constexpr size_t MSM_INV_CHAINS = 4;
static inline void msm_inv_all_var(Fe* x, Fe* acc, size_t k) {
    constexpr size_t L = MSM_INV_CHAINS;
    if (k == 0) return;
    for (size_t q = 0; q < k; q++) {
        if (q < L) acc[q] = x[q];
        else fe_mul(acc[q], acc[q - L], x[q]);
    }
    const size_t chains = k < L ? k : L;
    Fe pre[L], inv[L], t;
    for (size_t c = 0; c < chains; c++) {  // chain c's product is acc[its last element]
        const Fe& tot = acc[c + L * ((k - 1 - c) / L)];
        if (c == 0) pre[0] = tot;
        else fe_mul(pre[c], pre[c - 1], tot);
    }
    fe_inv_var(t, pre[chains - 1]);
    for (size_t c = chains; c-- > 1;) {
        fe_mul(inv[c], t, pre[c - 1]);
        fe_mul(t, t, acc[c + L * ((k - 1 - c) / L)]);
    }
    inv[0] = t;
    for (size_t q = k; q-- > 0;) {
        Fe& ic = inv[q % L];
        if (q >= L) {
            Fe di;
            fe_mul(di, ic, acc[q - L]);
            fe_mul(ic, ic, x[q]);
            x[q] = di;
        } else {
            x[q] = ic;
        }
    }
}

// Independent affine additions out = a + b collected, then done together: the pairs with
// distinct x in 8-lane groups (simd::ge_add_pairs_var_*, when the CPU has the lanes and there
// are at least eight), the rest (tangents, or everything without lanes) here, with one shared
// inversion (msm_inv_all_var). Arrays: batch::PAIR_SUMS_BYTES per pair of capacity.
struct PairSums {
    Ge** lo;                  // lane list: outputs, inputs
    const Ge **la, **lb;
    Ge** so;                  // scalar list: outputs, inputs, slope numerators and denominators
    const Ge **sa, **sb;
    Fe *num, *den, *acc;
    size_t nl = 0, ns = 0;

    void init(unsigned char* mem, size_t cap) {
        lo = reinterpret_cast<Ge**>(mem);
        so = lo + cap;
        la = reinterpret_cast<const Ge**>(mem + 2 * cap * sizeof(Ge*));
        lb = la + cap;
        sa = lb + cap;
        sb = sa + cap;
        num = reinterpret_cast<Fe*>(sb + cap);
        den = num + cap;
        acc = den + cap;
    }

    // Queues *out = *a + *b (finite points; out may be a or b, no other overlap with any queued
    // pair). Returns false, queueing nothing, when b = -a (the sum is infinity).
    bool add(Ge* out, const Ge* a, const Ge* b) {
        Fe dx, dy;
        fe_sub(dx, b->x, a->x);
        if (!fe_normalizes_to_zero_var(dx)) {
            lo[nl] = out;
            la[nl] = a;
            lb[nl++] = b;
            return true;
        }
        fe_sub(dy, b->y, a->y);
        if (!fe_normalizes_to_zero_var(dy)) return false;
        fe_sqr(num[ns], a->x);  // b = a: the tangent's slope 3x²/2y
        fe_mul_int(num[ns], 3);
        den[ns] = a->y;
        fe_add(den[ns], a->y);
        so[ns] = out;
        sa[ns] = a;
        sb[ns++] = b;
        return true;
    }

    void run() {
        const int lanes = nl >= 8 ? simd::lanes_kernel() : 0;
        if (lanes == 1) simd::ge_add_pairs_var_ifma(lo, la, lb, nl);
        else if (lanes == 2) simd::ge_add_pairs_var_emu8(lo, la, lb, nl);
        else
            for (size_t q = 0; q < nl; q++) {
                fe_sub(den[ns], lb[q]->x, la[q]->x);
                fe_sub(num[ns], lb[q]->y, la[q]->y);
                so[ns] = lo[q];
                sa[ns] = la[q];
                sb[ns++] = lb[q];
            }
        nl = 0;
        if (ns == 0) return;
        msm_inv_all_var(den, acc, ns);
        for (size_t q = 0; q < ns; q++) {
            // x3 = λ² - xa - xb, y3 = λ·(xa - x3) - ya
            const Ge &a = *sa[q], &b = *sb[q];
            Fe lambda, x3, t;
            fe_mul(lambda, num[q], den[q]);
            fe_sqr(x3, lambda);
            fe_sub(x3, x3, a.x);
            fe_sub(x3, x3, b.x);
            fe_sub(t, a.x, x3);
            fe_mul(t, t, lambda);
            Ge& o = *so[q];
            fe_sub(o.y, t, a.y);
            o.x = x3;
            o.infinity = 0;
        }
        ns = 0;
    }
};

}  // namespace fastsecp::FASTSECP_VARIANT
