#include "schemes/eckey.h"

#include "batch/same_scalar.h"
#include "ecmult/ecmult.h"

namespace fastsecp {

bool pubkey_parse(Ge& r, const unsigned char* in, size_t len) {
    if (len == 33 && (in[0] == 0x02 || in[0] == 0x03)) {
        Fe x;
        return fe_set_b32_limit(x, in + 1) && ge_set_xo(r, x, in[0] == 0x03);
    }
    if (len == 65 && (in[0] == 0x04 || in[0] == 0x06 || in[0] == 0x07)) {
        Fe x, y;
        if (!fe_set_b32_limit(x, in + 1) || !fe_set_b32_limit(y, in + 33)) return false;
        if (in[0] != 0x04 && fe_is_odd(y) != (in[0] == 0x07)) return false;
        ge_set_xy(r, x, y);
        return ge_is_valid_var(r);
    }
    return false;
}

bool pubkey_tweak_add_var(Ge& p, const unsigned char* tweak32) {
    Scalar t;
    int overflow = 0;
    scalar_set_b32(t, tweak32, &overflow);
    if (overflow) return false;
    Gej r;
    ecmult_gen_var(r, t);
    gej_add_ge_var(r, r, p);
    if (r.infinity) return false;
    ge_set_gej_var(p, r);
    return true;
}

int seckey_tweak_add(Scalar& sec, const unsigned char* tweak32) {
    Scalar t;
    int overflow = 0;
    scalar_set_b32(t, tweak32, &overflow);
    scalar_add(sec, sec, t);
    scalar_clear(t);
    return (!overflow) & (!scalar_is_zero(sec));
}

void pubkey_tweak_add_many_var(Ge* out, bool* ok, const Ge* p, size_t p_step, const Scalar* t, size_t n) {
    Gej r[TWEAK_MANY_MAX];
    Fe scratch[TWEAK_MANY_MAX];
    if (n == 0) return;
    batch::ecmult_gen_var_batch(r, t, n);
    for (size_t i = 0; i < n; i++) {
        if (!ok[i]) {
            gej_set_infinity(r[i]);
            continue;
        }
        gej_add_ge_var(r[i], r[i], p[i * p_step]);
        ok[i] = !r[i].infinity;
    }
    ge_set_all_gej_var(out, r, n, scratch);  // infinity entries are skipped
    for (size_t i = 0; i < n; i++) {
        if (!ok[i]) continue;
        fe_normalize_var(out[i].x);
        fe_normalize_var(out[i].y);
    }
}

}  // namespace fastsecp
