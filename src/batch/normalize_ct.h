// Jacobian -> affine for a block of points with one shared inversion (Montgomery's trick), in
// constant time: for secret-derived points such as public keys straight out of k·G, whose z
// coordinates depend on the secret. (group.h's ge_set_all_gej_var is the variable-time form.)
#pragma once

#include <cstddef>

#include "group/group.h"

namespace fastsecp::batch {

// r[i] = affine a[i], x and y normalized. No a[i] may be infinity (z = 0 would zero every
// result). scratch holds n field elements.
static inline void ge_set_all_gej_ct(Ge* r, const Gej* a, size_t n, Fe* scratch) {
    if (n == 0) return;
    scratch[0] = a[0].z;
    for (size_t i = 1; i < n; i++) fe_mul(scratch[i], scratch[i - 1], a[i].z);
    Fe inv;
    fe_inv(inv, scratch[n - 1]);
    for (size_t i = n; i-- > 0;) {
        Fe zi;
        if (i > 0) {
            fe_mul(zi, inv, scratch[i - 1]);
            fe_mul(inv, inv, a[i].z);
        } else {
            zi = inv;
        }
        ge_set_gej_zinv(r[i], a[i], zi);
        fe_normalize(r[i].x);
        fe_normalize(r[i].y);
    }
}

}  // namespace fastsecp::batch
