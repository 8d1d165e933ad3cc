// Two BIP-340 lift_x computations in lockstep (see batch_ops.h). Included by batch_portable.cpp
// and batch_bmi2.cpp.
#pragma once

#include "group/group.h"

namespace fastsecp::FASTSECP_VARIANT {

static void lift_x_even2(Ge* r, bool* ok, const Fe* x) {
    Fe c[2], y[2];
    for (int k = 0; k < 2; k++) {  // c = x^3 + 7
        fe_sqr(c[k], x[k]);
        fe_mul(c[k], c[k], x[k]);
        fe_add_int(c[k], CURVE_B);
    }
    fe_pow_sqrt_lanes<2>(y, c);  // the two square roots in lockstep
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
