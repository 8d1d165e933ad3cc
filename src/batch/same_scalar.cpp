#include "batch/same_scalar.h"

#include "ecmult/ecmult.h"

namespace fastsecp::batch {

void ecmult_same_scalar(Gej* out, const Ge* in, size_t n, const Scalar& k, bool constant_time) {
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

}  // namespace fastsecp::batch
