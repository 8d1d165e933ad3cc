// Two BIP-340 lift_x computations in lockstep (see batch_ops.h). Included by batch_portable.cpp
// and batch_bmi2.cpp.
#pragma once

#include "group/group.h"

namespace fastsecp::FASTSECP_VARIANT {

// The square-root addition chain of field.h's fe_sqrt (a^((p+1)/4)), on two elements at a time:
// every step is done for both lanes before the next, so the two dependency chains overlap.
static inline void sqr_n2(Fe* r, const Fe* a, int k) {
    r[0] = a[0];
    r[1] = a[1];
    for (int i = 0; i < k; i++) {
        fe_sqr(r[0], r[0]);
        fe_sqr(r[1], r[1]);
    }
}
static inline void mul2(Fe* r, const Fe* a, const Fe* b) {
    fe_mul(r[0], a[0], b[0]);
    fe_mul(r[1], a[1], b[1]);
}
static inline void pow_sqrt2(Fe* r, const Fe* a) {
    Fe x2[2], x3[2], x6[2], x9[2], x11[2], x22[2], x44[2], x88[2], x176[2], x220[2], x223[2], t[2];
    sqr_n2(x2, a, 1); mul2(x2, x2, a);
    sqr_n2(x3, x2, 1); mul2(x3, x3, a);
    sqr_n2(x6, x3, 3); mul2(x6, x6, x3);
    sqr_n2(x9, x6, 3); mul2(x9, x9, x3);
    sqr_n2(x11, x9, 2); mul2(x11, x11, x2);
    sqr_n2(x22, x11, 11); mul2(x22, x22, x11);
    sqr_n2(x44, x22, 22); mul2(x44, x44, x22);
    sqr_n2(x88, x44, 44); mul2(x88, x88, x44);
    sqr_n2(x176, x88, 88); mul2(x176, x176, x88);
    sqr_n2(x220, x176, 44); mul2(x220, x220, x44);
    sqr_n2(x223, x220, 3); mul2(x223, x223, x3);
    sqr_n2(t, x223, 23); mul2(t, t, x22);
    sqr_n2(t, t, 6); mul2(t, t, x2);
    sqr_n2(r, t, 2);
}

static void lift_x_even2(Ge* r, bool* ok, const Fe* x) {
    Fe c[2], y[2];
    for (int k = 0; k < 2; k++) {  // c = x^3 + 7
        fe_sqr(c[k], x[k]);
        fe_mul(c[k], c[k], x[k]);
        fe_add_int(c[k], CURVE_B);
    }
    pow_sqrt2(y, c);
    for (int k = 0; k < 2; k++) {
        Fe chk, neg;
        fe_sqr(chk, y[k]);
        fe_negate(neg, c[k], 1);
        fe_add(chk, neg);
        ok[k] = fe_normalizes_to_zero_var(chk);
        r[k].x = x[k];
        fe_normalize_var(r[k].x);
        fe_normalize_var(y[k]);
        if (fe_is_odd(y[k])) {
            fe_negate(y[k], y[k], 1);
            fe_normalize_var(y[k]);
        }
        r[k].y = y[k];
        r[k].infinity = 0;
    }
}

}  // namespace fastsecp::FASTSECP_VARIANT
