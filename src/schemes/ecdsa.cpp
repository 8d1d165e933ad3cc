// ECDSA (SEC 1 v2 §4.1) with the secp256k1 conventions Bitcoin uses: low-S signatures, and
// verification that avoids the field inversion by comparing x(R) in Jacobian coordinates.
#include "schemes/ecdsa.h"

#include <cstring>

#include "batch/same_scalar.h"

namespace fastsecp {

// n as a field element, and p - n: r < p - n means r + n is also a valid x-coordinate candidate.
static const Fe& order_as_fe() {
    static constexpr Fe N = {{0xBFD25E8CD0364141ULL, 0xBAAEDCE6AF48A03BULL, 0xFFFFFFFFFFFFFFFEULL, 0xFFFFFFFFFFFFFFFFULL}};
    return N;
}
static const Fe& p_minus_order() {
    static constexpr Fe D = {{0x402DA1722FC9BAEEULL, 0x4551231950B75FC4ULL, 0x0000000000000001ULL, 0x0000000000000000ULL}};
    return D;
}

bool ecdsa_sig_sign(const GenBlind& blind, Scalar& r, Scalar& s, const Scalar& sec, const Scalar& msg,
                    const Scalar& nonce, int* recid) {
    Gej rj;
    Ge rp;
    ecmult_gen(blind, rj, nonce);
    ge_set_gej(rp, rj);
    fe_normalize(rp.x);
    fe_normalize(rp.y);
    unsigned char b[32];
    fe_get_b32(b, rp.x);
    int overflow = 0;
    scalar_set_b32(r, b, &overflow);
    if (recid) *recid = (overflow << 1) | (int)fe_is_odd(rp.y);
    Scalar t;
    scalar_mul(t, r, sec);
    scalar_add(t, t, msg);
    scalar_inverse(s, nonce);
    scalar_mul(s, s, t);
    scalar_clear(t);
    uint64_t high = scalar_is_high(s);
    scalar_cond_negate(s, high);
    if (recid) *recid ^= (int)high;
    return (int)!scalar_is_zero(r) & (int)!scalar_is_zero(s);
}

// x(R) == r or x(R) == r + n (when r + n < p), checked without inverting R's z.
static bool x_matches_r(const Scalar& r, const Gej& R) {
    unsigned char c[32];
    scalar_get_b32(c, r);
    Fe xr;
    fe_set_b32_limit(xr, c);
    if (gej_eq_x_var(xr, R)) return true;
    if (fe_cmp_var(xr, p_minus_order()) >= 0) return false;
    fe_add(xr, order_as_fe());
    fe_normalize_var(xr);
    return gej_eq_x_var(xr, R);
}

bool ecdsa_sig_verify(const Scalar& r, const Scalar& s, const Ge& pub, const Scalar& msg) {
    if (scalar_is_zero(r) || scalar_is_zero(s)) return false;
    Scalar sn, u1, u2;
    scalar_inverse_var(sn, s);
    scalar_mul(u1, sn, msg);
    scalar_mul(u2, sn, r);
    Gej pj, R;
    gej_set_ge(pj, pub);
    ecmult(R, pj, u2, u1);
    if (R.infinity) return false;
    return x_matches_r(r, R);
}

void ecdsa_sig_verify_many(bool* ok, const Scalar* r, const Scalar* s, const Ge* pub, const Scalar* msg, size_t n) {
    Scalar prefix[ECDSA_VERIFY_MANY_MAX], u1[ECDSA_VERIFY_MANY_MAX], u2[ECDSA_VERIFY_MANY_MAX];
    Ge q[ECDSA_VERIFY_MANY_MAX];
    Gej R[ECDSA_VERIFY_MANY_MAX];
    size_t idx[ECDSA_VERIFY_MANY_MAX], m = 0;
    for (size_t i = 0; i < n; i++) {
        ok[i] = false;
        if (scalar_is_zero(r[i]) || scalar_is_zero(s[i])) continue;
        idx[m] = i;
        if (m == 0) prefix[0] = s[i];
        else scalar_mul_fast(prefix[m], prefix[m - 1], s[i]);
        m++;
    }
    if (m == 0) return;
    // 1/s for every item from one inversion (Montgomery's trick).
    Scalar inv;
    scalar_inverse_var(inv, prefix[m - 1]);
    for (size_t j = m; j-- > 0;) {
        const size_t i = idx[j];
        Scalar sn;
        if (j == 0) sn = inv;
        else {
            scalar_mul_fast(sn, inv, prefix[j - 1]);
            scalar_mul_fast(inv, inv, s[i]);
        }
        scalar_mul_fast(u1[j], sn, msg[i]);
        scalar_mul_fast(u2[j], sn, r[i]);
        q[j] = pub[i];
    }
    batch::ecmult2_var_batch(R, q, u2, u1, m);
    for (size_t j = 0; j < m; j++) ok[idx[j]] = !R[j].infinity && x_matches_r(r[idx[j]], R[j]);
}

bool ecdsa_sig_recover(const Scalar& r, const Scalar& s, Ge& pub, const Scalar& msg, int recid) {
    if (scalar_is_zero(r) || scalar_is_zero(s)) return false;
    unsigned char brx[32];
    scalar_get_b32(brx, r);
    Fe fx;
    fe_set_b32_limit(fx, brx);
    if (recid & 2) {
        if (fe_cmp_var(fx, p_minus_order()) >= 0) return false;
        fe_add(fx, order_as_fe());
        fe_normalize_var(fx);
    }
    Ge x;
    if (!ge_set_xo(x, fx, recid & 1)) return false;
    Scalar rn, u1, u2;
    scalar_inverse_var(rn, r);
    scalar_mul(u1, rn, msg);
    scalar_negate(u1, u1);
    scalar_mul(u2, rn, s);
    Gej xj, q;
    gej_set_ge(xj, x);
    ecmult(q, xj, u2, u1);
    if (q.infinity) return false;
    ge_set_gej_var(pub, q);
    return true;
}

// DER length octets: short form, or minimal long form (no leading zero, value >= 128).
static bool der_read_len(size_t& len, const unsigned char*& p, const unsigned char* end) {
    len = 0;
    if (p >= end) return false;
    unsigned char b1 = *p++;
    if (b1 == 0xFF) return false;
    if ((b1 & 0x80) == 0) {
        len = b1;
        return true;
    }
    if (b1 == 0x80) return false;  // indefinite length
    size_t left = b1 & 0x7F;
    if (left > (size_t)(end - p)) return false;
    if (*p == 0) return false;  // non-minimal
    if (left > sizeof(size_t)) return false;
    while (left > 0) {
        len = (len << 8) | *p++;
        left--;
    }
    if (len > (size_t)(end - p)) return false;
    if (len < 128) return false;  // should have used the short form
    return true;
}

static bool der_parse_integer(Scalar& r, const unsigned char*& p, const unsigned char* end) {
    if (p == end || *p != 0x02) return false;
    p++;
    size_t len;
    if (!der_read_len(len, p, end)) return false;
    if (len == 0 || len > (size_t)(end - p)) return false;
    if (p[0] == 0x00 && len > 1 && (p[1] & 0x80) == 0) return false;  // excess 0x00 padding
    if (p[0] == 0xFF && len > 1 && (p[1] & 0x80) == 0x80) return false;  // excess 0xFF padding
    bool overflow = (p[0] & 0x80) != 0;  // negative
    if (p[0] == 0) {
        len--;
        p++;
    }
    if (len > 32) overflow = true;
    if (!overflow) {
        int of = 0;
        if (len == 32) {
            scalar_set_b32(r, p, &of);
        } else {
            unsigned char buf[32] = {0};
            if (len) std::memcpy(buf + 32 - len, p, len);
            scalar_set_b32(r, buf, &of);
        }
        overflow = of != 0;
    }
    if (overflow) scalar_set_int(r, 0);
    p += len;
    return true;
}

bool der_parse_sig(Scalar& r, Scalar& s, const unsigned char* input, size_t size) {
    const unsigned char* p = input;
    const unsigned char* end = input + size;
    if (p == end || *p++ != 0x30) return false;
    size_t len;
    if (!der_read_len(len, p, end)) return false;
    if (len != (size_t)(end - p)) return false;
    if (!der_parse_integer(r, p, end)) return false;
    if (!der_parse_integer(s, p, end)) return false;
    return p == end;
}

// A scalar as a minimal DER INTEGER: its big-endian bytes without leading zeros (at least one
// byte), preceded by 0x00 when the first byte has its top bit set.
struct DerInt {
    const Scalar* a;
    size_t skip;  // leading zero bytes of the 32 to drop
    size_t pad;   // 1 if a 0x00 byte goes in front
    size_t len() const { return 32 - skip + pad; }
    __attribute__((always_inline)) void write(unsigned char* out) const {
        out[0] = 0;
        // Almost always skip = 0 (the top limb is nonzero): the bytes go straight to the output
        // in one byte-swapped store, with no copy through a buffer.
        if (skip == 0) rt::store_be256(out + pad, a->d);
        else write_short(out + pad);
    }
    __attribute__((noinline)) void write_short(unsigned char* out) const {
        unsigned char b[32];
        scalar_get_b32(b, *a);
        std::memcpy(out, b + skip, 32 - skip);
    }
};
// The leading zero bytes when the top limb is zero (rare: r or s below 2^192).
__attribute__((noinline)) static void der_int_short(DerInt& d, const Scalar& a) {
    unsigned char b[32];
    scalar_get_b32(b, a);
    d.skip = 8;
    while (d.skip < 31 && b[d.skip] == 0) d.skip++;
    d.pad = b[d.skip] >> 7;
}
__attribute__((always_inline)) static inline DerInt der_int(const Scalar& a) {
    DerInt d;
    d.a = &a;
    if (a.d[3] != 0) {
        d.skip = (size_t)__builtin_clzll(a.d[3]) >> 3;
        d.pad = (a.d[3] >> (63 - 8 * d.skip)) & 1;
    } else {
        der_int_short(d, a);
    }
    return d;
}

bool der_serialize_sig(unsigned char* out, size_t* size, const Scalar& ar, const Scalar& as) {
    DerInt r = der_int(ar), s = der_int(as);
    size_t lr = r.len(), ls = s.len();
    size_t need = 6 + lr + ls;
    if (*size < need) {
        *size = need;
        return false;
    }
    *size = need;
    out[0] = 0x30;
    out[1] = (unsigned char)(4 + lr + ls);
    out[2] = 0x02;
    out[3] = (unsigned char)lr;
    r.write(out + 4);
    out[4 + lr] = 0x02;
    out[5 + lr] = (unsigned char)ls;
    s.write(out + 6 + lr);
    return true;
}

}  // namespace fastsecp
