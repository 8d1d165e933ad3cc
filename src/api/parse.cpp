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
    // Compressed keys are collected in chunks and decompressed together (batch::lift_x_even).
    constexpr size_t CHUNK = 32;
    Fe x[CHUNK];
    Ge p[CHUNK];
    bool ok[CHUNK];
    size_t idx[CHUNK], m = 0;
    auto flush = [&] {
        batch::lift_x_even(p, ok, x, m);
        for (size_t k = 0; k < m; k++) {
            const size_t j = idx[k];
            st[j] = ok[k] ? FASTSECP_OK : FASTSECP_ERR_POINT_NOT_ON_CURVE;
            if (ok[k] && keys[j][0] == 0x03) ge_neg(p[k], p[k]);
            out[j] = p[k];
        }
        m = 0;
    };
    for (size_t i = 0; i < n; i++) {
        const unsigned char* in = keys[i];
        if (lens[i] != 33 || (in[0] != 0x02 && in[0] != 0x03)) {
            st[i] = parse_pubkey(out[i], in, lens[i]);
            continue;
        }
        if (!fe_set_b32_limit(x[m], in + 1)) {
            st[i] = FASTSECP_ERR_BAD_ENCODING;
            continue;
        }
        idx[m++] = i;
        if (m == CHUNK) flush();
    }
    if (m > 0) flush();
}

fastsecp_status parse_point_raw64(Ge& r, const unsigned char* in64) {
    unsigned char be[64];
    for (int i = 0; i < 32; i++) {
        be[31 - i] = in64[i];
        be[63 - i] = in64[32 + i];
    }
    Fe x, y;
    if (!fe_set_b32_limit(x, be) || !fe_set_b32_limit(y, be + 32)) return FASTSECP_ERR_BAD_ENCODING;
    ge_set_xy(r, x, y);
    return ge_is_valid_var(r) ? FASTSECP_OK : FASTSECP_ERR_POINT_NOT_ON_CURVE;
}

void parse_points(Ge* out, fastsecp_status* st, const unsigned char* const* keys, const size_t* lens, size_t n) {
    // The compressed ones go through parse_pubkeys together (shared square roots), in runs.
    constexpr size_t RUN = 64;
    const unsigned char* run_keys[RUN];
    size_t run_lens[RUN], run_idx[RUN], m = 0;
    Ge run_out[RUN];
    fastsecp_status run_st[RUN];
    auto flush = [&] {
        parse_pubkeys(run_out, run_st, run_keys, run_lens, m);
        for (size_t k = 0; k < m; k++) {
            out[run_idx[k]] = run_out[k];
            st[run_idx[k]] = run_st[k];
        }
        m = 0;
    };
    for (size_t i = 0; i < n; i++) {
        if (lens[i] == 64) {
            st[i] = parse_point_raw64(out[i], keys[i]);
        } else if (lens[i] != 33) {
            st[i] = FASTSECP_ERR_BAD_ENCODING;
        } else {
            run_keys[m] = keys[i];
            run_lens[m] = 33;
            run_idx[m++] = i;
            if (m == RUN) flush();
        }
    }
    if (m > 0) flush();
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
