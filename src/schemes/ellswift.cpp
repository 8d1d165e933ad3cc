// ElligatorSwift. The formulas follow BIP-324's reference description of XSwiftEC and
// XSwiftECInv with c0 = sqrt(-3); the fractions avoid inversions where a square test suffices.
#include "schemes/ellswift.h"

#include <cstring>

namespace fastsecp {

namespace {

// c1 = (c0 - 1)/2, c2 = (-c0 - 1)/2, c3 = c2 + 1, c4 = c1 + 1, where c0 = sqrt(-3) mod p.
constexpr Fe C1 = {{0x3EC693D68E6AFA40ULL, 0x630FB68AED0A766AULL, 0x919BB86153CBCB16ULL, 0x851695D49A83F8EFULL}};
constexpr Fe C2 = {{0xC1396C28719501EEULL, 0x9CF0497512F58995ULL, 0x6E64479EAC3434E9ULL, 0x7AE96A2B657C0710ULL}};
constexpr Fe C3 = {{0xC1396C28719501EFULL, 0x9CF0497512F58995ULL, 0x6E64479EAC3434E9ULL, 0x7AE96A2B657C0710ULL}};
constexpr Fe C4 = {{0x3EC693D68E6AFA41ULL, 0x630FB68AED0A766AULL, 0x919BB86153CBCB16ULL, 0x851695D49A83F8EFULL}};

// x = n/d is the x coordinate of a point: (n/d)³ + 7 is a square, i.e. (n³ + 7·d³)·d is one.
bool x_frac_on_curve_var(const Fe& n, const Fe& d) {
    Fe d2, d3, n3, t;
    fe_sqr(d2, d);
    fe_mul(d3, d2, d);
    fe_mul_int(d3, CURVE_B);
    fe_sqr(n3, n);
    fe_mul(n3, n3, n);
    fe_add(n3, d3);
    fe_mul(t, n3, d);
    return fe_is_square_var(t);
}

bool x_on_curve_var(const Fe& x) {
    Fe t;
    fe_sqr(t, x);
    fe_mul(t, t, x);
    fe_add_int(t, CURVE_B);
    return fe_is_square_var(t);
}

}  // namespace

void xswiftec_frac_var(Fe& xn, Fe& xd, const Fe& u_in, const Fe& t) {
    // With u := 1 if u = 0, s = t² (1 if t = 0), g = u³ + 7, and s := 4s if g + s = 0:
    //   x3 = (3·s·u³ - (g + s)²) / (3·s·u²)   if that is an x coordinate,
    //   x2 = u·(c1·s + c2·g) / (g + s)        else if that is one,
    //   x1 = -(x2 + u)                         otherwise (then always one).
    Fe u = u_in, s, g, p, d, n, l;
    if (fe_normalizes_to_zero_var(u)) fe_set_int(u, 1);
    fe_sqr(s, t);
    if (fe_normalizes_to_zero_var(t)) fe_set_int(s, 1);
    fe_sqr(l, u);                 // u²
    fe_mul(g, l, u);
    fe_add_int(g, CURVE_B);       // g = u³ + 7
    p = g;
    fe_add(p, s);                 // g + s
    if (fe_normalizes_to_zero_var(p)) {
        fe_mul_int(s, 4);
        p = g;
        fe_add(p, s);
    }
    fe_mul(d, s, l);
    fe_mul_int(d, 3);             // 3·s·u²
    fe_sqr(l, p);                 // (g + s)²
    fe_mul(n, d, u);              // 3·s·u³
    fe_sub(n, n, l);
    if (x_frac_on_curve_var(n, d)) {
        xn = n;
        xd = d;
        return;
    }
    xd = p;
    fe_mul(l, C1, s);
    fe_mul(n, C2, g);
    fe_add(n, l);
    fe_mul(n, n, u);              // u·(c1·s + c2·g)
    if (x_frac_on_curve_var(n, p)) {
        xn = n;
        return;
    }
    fe_mul(l, p, u);
    fe_add(n, l);                 // x2·(g + s) + u·(g + s)
    fe_negate(xn, n, 1);
}

void xswiftec_var(Fe& x, const Fe& u, const Fe& t) {
    Fe xn, xd;
    xswiftec_frac_var(xn, xd, u, t);
    fe_inv_var(xd, xd);
    fe_mul(x, xn, xd);
}

// sqrt(num/den) as fe_sqrt(num/den) would return it (the root that is itself a square), for
// num·den a square and den ≠ 0: num·den·(num·den³)^((p-3)/4) (see fe_pow_p3d4). One
// exponentiation instead of an inversion (~0.8 µs) and a square root.
static void fe_sqrt_div_var(Fe& r, const Fe& num, const Fe& den) {
    Fe nd, d2, e;
    fe_mul(nd, num, den);
    fe_sqr(d2, den);
    fe_mul(e, nd, d2);            // num·den³
    fe_pow_p3d4_fast(e, e);
    fe_mul(r, nd, e);
}

void swiftec_var(Ge& p, const Fe& u, const Fe& t) {
    // x = n/d where w = (n³ + 7·d³)·d is a square (checked by xswiftec_frac_var, or the x1 case,
    // which always is one). With B = w·d⁴ (a nonzero square: no point has y = 0) and
    // c = B^((p-3)/4), c² = 1/B, so 1/d = c²·w·d³ and y = ±c·w (y² = w/d⁴ = x³ + 7): one
    // exponentiation instead of an inversion and a square root.
    Fe n, d, d2, w, b, c, c2, x, y;
    xswiftec_frac_var(n, d, u, t);
    fe_sqr(d2, d);
    fe_mul(w, d2, d);
    fe_mul_int(w, CURVE_B);
    fe_sqr(b, n);
    fe_mul(b, b, n);
    fe_add(w, b);
    fe_mul(w, w, d);              // w = (n³ + 7·d³)·d
    fe_sqr(b, d2);
    fe_mul(b, b, w);              // B = w·d⁴
    fe_pow_p3d4_fast(c, b);
    fe_sqr(c2, c);
    Fe chk, one;
    fe_mul(chk, c2, b);
    fe_set_int(one, 1);
    fe_sub(chk, chk, one);        // c²·B - 1
    if (!fe_normalizes_to_zero_var(chk)) {
        // Not reached (B is a nonzero square); kept as the plain computation for safety.
        fe_inv_var(d, d);
        fe_mul(x, n, d);
        Fe tn = t;
        fe_normalize(tn);
        ge_set_xo(p, x, fe_is_odd(tn));
        return;
    }
    fe_mul(x, c2, w);
    fe_mul(x, x, d2);
    fe_mul(x, x, d);              // 1/d
    fe_mul(x, x, n);
    fe_mul(y, c, w);
    fe_normalize(x);
    fe_normalize(y);
    Fe tn = t;
    fe_normalize(tn);
    if (fe_is_odd(y) != fe_is_odd(tn)) {
        fe_negate(y, y, 1);
        fe_normalize(y);
    }
    ge_set_xy(p, x, y);
}

bool xswiftec_inv_var(Fe& t, const Fe& x, const Fe& u_in, int c) {
    // Cases (BIP-324): c & 2 selects the x3 branch; c & 1 and c & 4 pick among the square roots.
    Fe u = u_in, g, v, s, m, q;
    if (!(c & 2)) {
        // Inverting x1 (c = 0, 4) or x2 (c = 1, 5): fail when -x - u is an x coordinate, since
        // x3 would then take precedence when decoding.
        m = x;
        fe_add(m, u);
        fe_negate(m, m, 1);       // -u - x
        if (x_on_curve_var(m)) return false;
        fe_sqr(s, m);             // (u + x)²
        fe_negate(s, s, 1);
        fe_mul(m, u, x);
        fe_add(s, m);             // -(u² + u·x + x²), nonzero here
        fe_sqr(g, u);
        fe_mul(g, g, u);
        fe_add_int(g, CURVE_B);   // g = u³ + 7
        fe_mul(m, s, g);
        if (!fe_is_square_var(m)) return false;  // s·g square <=> g/s square
        fe_sqrt_div_var(m, g, s); // w = sqrt(-(u³ + 7)/(u² + u·x + x²))
        v = x;
    } else {
        // Inverting x3 (c = 2, 3, 6, 7).
        fe_negate(m, u, 1);
        s = m;
        fe_add(s, x);             // s = x - u
        if (!fe_is_square_var(s)) return false;
        fe_sqr(g, u);
        fe_mul(q, s, g);
        fe_mul_int(q, 3);         // 3·s·u²
        fe_mul(g, g, u);
        fe_mul_int(g, 4);
        fe_add_int(g, 4 * CURVE_B);  // 4·(u³ + 7)
        fe_add(q, g);
        fe_mul(q, q, s);
        fe_negate(q, q, 1);       // -s·(4·(u³ + 7) + 3·u²·s)
        if (!fe_is_square_var(q)) return false;
        if (fe_normalizes_to_zero_var(s)) return false;  // then q = 0 too: fails either way
        // r/s with r = sqrt(q): s is a nonzero square, so r/s = sqrt(q/s²) (same root).
        Fe s2;
        fe_sqr(s2, s);
        fe_sqrt_div_var(v, q, s2);
        if ((c & 1) && fe_normalizes_to_zero_var(v)) return false;
        fe_add(v, m);
        fe_half(v);               // v = (r/s - u)/2
        fe_sqrt_fast(m, s);       // w = sqrt(s)
    }
    if ((c & 5) == 0 || (c & 5) == 5) fe_negate(m, m, 1);
    fe_mul(u, u, (c & 1) ? C4 : C3);
    fe_add(u, v);
    fe_mul(t, m, u);
    return true;
}

// out32 = SHA256(hasher state || little-endian cnt).
static void encode_prng(unsigned char out32[32], const hash::Sha256& hasher, uint32_t cnt) {
    hash::Sha256 h = hasher;
    unsigned char b[4] = {(unsigned char)cnt, (unsigned char)(cnt >> 8), (unsigned char)(cnt >> 16),
                          (unsigned char)(cnt >> 24)};
    hash::sha256_write(h, b, 4);
    hash::sha256_finalize(h, out32);
}

void ellswift_encode_var(unsigned char u32[32], Fe& t, const Ge& p, const hash::Sha256& hasher) {
    // Counter 0 fills a pool of 64 four-bit case numbers (used from the last nibble down); the
    // next 64 counters give candidate u values; then the pool is refilled, and so on.
    unsigned char pool[32];
    int left = 0;
    uint32_t cnt = 0;
    Fe x = p.x;
    for (;;) {
        if (left == 0) {
            encode_prng(pool, hasher, cnt++);
            left = 64;
        }
        --left;
        int c = (pool[left >> 1] >> ((left & 1) << 2)) & 7;
        encode_prng(u32, hasher, cnt++);
        Fe u;
        fe_set_b32_mod(u, u32);
        if (xswiftec_inv_var(t, x, u, c)) break;
    }
    // t's parity carries y's.
    Fe y = p.y;
    fe_normalize(t);
    fe_normalize(y);
    if (fe_is_odd(t) != fe_is_odd(y)) {
        fe_negate(t, t, 1);
        fe_normalize(t);
    }
}

}  // namespace fastsecp
