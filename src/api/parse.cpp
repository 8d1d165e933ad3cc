#include "api/parse.h"

#include <cstdint>

#include "batch/batch_ops.h"
#include "ecmult/ecmult.h"

namespace fastsecp::api {

fastsecp_status parse_pubkey(Ge& r, const unsigned char* in, size_t len) {
    if (len == 33 && (in[0] == 0x02 || in[0] == 0x03)) {
        Fe x;
        if (!fe_set_b32_limit(x, in + 1)) return FASTSECP_ERR_BAD_ENCODING;
        return ge_set_xo(r, x, in[0] == 0x03) ? FASTSECP_OK : FASTSECP_ERR_POINT_NOT_ON_CURVE;
    }
    if (len == 65 && (in[0] == 0x04 || in[0] == 0x06 || in[0] == 0x07)) {
        Fe x, y;
        if (!fe_set_b32_limit(x, in + 1) || !fe_set_b32_limit(y, in + 33)) return FASTSECP_ERR_BAD_ENCODING;
        if (in[0] != 0x04 && fe_is_odd(y) != (in[0] == 0x07)) return FASTSECP_ERR_BAD_ENCODING;
        ge_set_xy(r, x, y);
        return ge_is_valid_var(r) ? FASTSECP_OK : FASTSECP_ERR_POINT_NOT_ON_CURVE;
    }
    return FASTSECP_ERR_BAD_ENCODING;
}

void parse_pubkeys(Ge* out, fastsecp_status* st, const unsigned char* const* keys, const size_t* lens, size_t n) {
    size_t pending = SIZE_MAX;  // a compressed key waiting for a partner
    Fe x[2];
    for (size_t i = 0; i < n; i++) {
        const unsigned char* in = keys[i];
        if (lens[i] != 33 || (in[0] != 0x02 && in[0] != 0x03)) {
            st[i] = parse_pubkey(out[i], in, lens[i]);
            continue;
        }
        Fe xi;
        if (!fe_set_b32_limit(xi, in + 1)) {
            st[i] = FASTSECP_ERR_BAD_ENCODING;
            continue;
        }
        if (pending == SIZE_MAX) {
            pending = i;
            x[0] = xi;
            continue;
        }
        x[1] = xi;
        size_t idx[2] = {pending, i};
        Ge p[2];
        bool ok[2];
        batch::lift_x_even2(p, ok, x);
        for (int k = 0; k < 2; k++) {
            size_t j = idx[k];
            st[j] = ok[k] ? FASTSECP_OK : FASTSECP_ERR_POINT_NOT_ON_CURVE;
            if (ok[k] && keys[j][0] == 0x03) ge_neg(p[k], p[k]);
            out[j] = p[k];
        }
        pending = SIZE_MAX;
    }
    if (pending != SIZE_MAX) st[pending] = parse_pubkey(out[pending], keys[pending], 33);
}

fastsecp_status parse_xonly(Ge& r, const unsigned char* x32) {
    Fe x;
    if (!fe_set_b32_limit(x, x32)) return FASTSECP_ERR_BAD_ENCODING;
    return ge_set_xo(r, x, false) ? FASTSECP_OK : FASTSECP_ERR_POINT_NOT_ON_CURVE;
}

fastsecp_status parse_scalar(Scalar& r, const unsigned char* b32) {
    int overflow = 0;
    scalar_set_b32(r, b32, &overflow);
    return overflow ? FASTSECP_ERR_SCALAR_OUT_OF_RANGE : FASTSECP_OK;
}

}  // namespace fastsecp::api
