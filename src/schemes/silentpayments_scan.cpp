// Label candidates for BIP-352 scanning (see silentpayments_scan.h).
#include "schemes/silentpayments_scan.h"

namespace fastsecp::silentpayments {

// Both candidates of an output T share the denominator of their slopes:
//   T - P   = T + (xP, -yP):  λ1 = (yT + yP) / (xT - xP)
//   -(T + P):                 λ2 = (yT - yP) / (xT - xP), then y negated
// with x3 = λ² - xT - xP and y3 = λ·(xT - x3) - yT. So a batch needs the inverses of
// d_j = xT_j - xP only, which Montgomery's trick gives from one inversion.
void label_candidates_var(Ge* cand, const Ge* t, size_t n, const Ge& p) {
    Fe d[LABEL_BATCH], prefix[LABEL_BATCH];
    for (size_t j = 0; j < n; j++) {
        fe_sub(d[j], t[j].x, p.x);
        if (j == 0) prefix[0] = d[0];
        else fe_mul(prefix[j], prefix[j - 1], d[j]);
    }
    Fe inv;
    fe_inv_var(inv, prefix[n - 1]);  // 1 / (d_0 · ... · d_{n-1})
    for (size_t j = n; j-- > 0;) {
        Fe dinv;
        if (j == 0) dinv = inv;
        else {
            fe_mul(dinv, inv, prefix[j - 1]);
            fe_mul(inv, inv, d[j]);
        }
        Fe xsum = t[j].x;
        fe_add(xsum, p.x);  // xT + xP
        for (int which = 0; which < 2; which++) {
            Fe num, lambda, x3, y3, tmp;
            if (which == 0) {
                num = t[j].y;
                fe_add(num, p.y);
            } else {
                fe_sub(num, t[j].y, p.y);
            }
            fe_mul(lambda, num, dinv);
            fe_sqr(x3, lambda);
            fe_sub(x3, x3, xsum);
            fe_sub(tmp, t[j].x, x3);
            fe_mul(y3, lambda, tmp);
            fe_sub(y3, y3, t[j].y);
            if (which == 1) fe_negate(y3, y3, 1);
            fe_normalize_var(x3);
            fe_normalize_var(y3);
            ge_set_xy(cand[2 * j + which], x3, y3);
        }
    }
}

}  // namespace fastsecp::silentpayments
