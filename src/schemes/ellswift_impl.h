// ElligatorSwift's field arithmetic: XSwiftEC (as a fraction, and as a full point) and its
// inverse. The formulas follow BIP-324's reference description with c0 = sqrt(-3); fractions
// avoid inversions where a square test suffices. Included by ellswift_portable.cpp and
// ellswift_bmi2.cpp, each defining FASTSECP_VARIANT (a namespace) and compiled with different
// code generation, like ecmult_impl.h; ellswift.cpp picks the variant that ecmult_ops() uses.
#pragma once

#include "schemes/ellswift.h"

namespace fastsecp::FASTSECP_VARIANT {

// c1 = (c0 - 1)/2, c2 = (-c0 - 1)/2, c3 = c2 + 1, c4 = c1 + 1, where c0 = sqrt(-3) mod p.
constexpr Fe C1 = {{0x3EC693D68E6AFA40ULL, 0x630FB68AED0A766AULL, 0x919BB86153CBCB16ULL, 0x851695D49A83F8EFULL}};
constexpr Fe C2 = {{0xC1396C28719501EEULL, 0x9CF0497512F58995ULL, 0x6E64479EAC3434E9ULL, 0x7AE96A2B657C0710ULL}};
constexpr Fe C3 = {{0xC1396C28719501EFULL, 0x9CF0497512F58995ULL, 0x6E64479EAC3434E9ULL, 0x7AE96A2B657C0710ULL}};
constexpr Fe C4 = {{0x3EC693D68E6AFA41ULL, 0x630FB68AED0A766AULL, 0x919BB86153CBCB16ULL, 0x851695D49A83F8EFULL}};

// For x = n/d: w = (n³ + 7·d³)·d and B = w·d⁴ = (x³ + 7)·d⁸, so x is an x coordinate iff B is a
// square (B is never 0: no point of secp256k1 has y = 0). b may be null when only w is needed.
static void swiftec_wb(Fe& w, Fe* b, const Fe& n, const Fe& d) {
    Fe d2, t;
    fe_sqr(d2, d);
    fe_mul(w, d2, d);
    fe_mul_int(w, CURVE_B);
    fe_sqr(t, n);
    fe_mul(t, t, n);
    fe_add(w, t);
    fe_mul(w, w, d);
    if (b) {
        fe_sqr(t, d2);
        fe_mul(*b, t, w);
    }
}

// x = n/d is the x coordinate of a point: (n/d)³ + 7 is a square, i.e. w = (n³ + 7·d³)·d is one.
static bool x_frac_on_curve_var(const Fe& n, const Fe& d) {
    Fe w;
    swiftec_wb(w, nullptr, n, d);
    return fe_is_square_var(w);
}

static bool x_on_curve_var(const Fe& x) {
    Fe t;
    fe_sqr(t, x);
    fe_mul(t, t, x);
    fe_add_int(t, CURVE_B);
    return fe_is_square_var(t);
}

// XSwiftEC's inputs after BIP-324's substitutions: u := 1 if u = 0, t := 1 if t = 0, and t := 2t
// if u³ + t² + 7 = 0. With s = t², g = u³ + 7 and p = g + s (never 0 then), the three candidates
// as fractions are
//   x3 = (3·s·u³ - p²) / (3·s·u²),   x2 = u·(c1·s + c2·g) / p,   x1 = -(x2 + u),
// tried in that order; the first whose x³ + 7 is a square is the result.
struct SwiftecTerms {
    Fe u, t, s, g, p;
    Fe n3, d3, n2;  // x3 = n3/d3, x2 = n2/p
};

static void swiftec_terms(SwiftecTerms& v, const Fe& u_in, const Fe& t_in) {
    Fe l;
    v.u = u_in;
    if (fe_normalizes_to_zero_var(v.u)) fe_set_int(v.u, 1);
    v.t = t_in;
    if (fe_normalizes_to_zero_var(v.t)) fe_set_int(v.t, 1);
    fe_sqr(v.s, v.t);
    fe_sqr(l, v.u);               // u²
    fe_mul(v.g, l, v.u);
    fe_add_int(v.g, CURVE_B);     // g = u³ + 7
    v.p = v.g;
    fe_add(v.p, v.s);             // g + s
    if (fe_normalizes_to_zero_var(v.p)) {
        fe_mul_int(v.s, 4);
        fe_add(v.t, v.t);
        v.p = v.g;
        fe_add(v.p, v.s);
    }
    fe_mul(v.d3, v.s, l);
    fe_mul_int(v.d3, 3);          // 3·s·u²
    fe_sqr(l, v.p);               // (g + s)²
    fe_mul(v.n3, v.d3, v.u);      // 3·s·u³
    fe_sub(v.n3, v.n3, l);
    fe_mul(l, C1, v.s);
    fe_mul(v.n2, C2, v.g);
    fe_add(v.n2, l);
    fe_mul(v.n2, v.n2, v.u);      // u·(c1·s + c2·g)
}

// x1's numerator: -(x2 + u)·p = -(n2 + u·p).
static void swiftec_n1(Fe& n1, const SwiftecTerms& v) {
    Fe l;
    fe_mul(l, v.p, v.u);
    n1 = v.n2;
    fe_add(n1, l);
    fe_negate(n1, n1, 1);
}

static void xswiftec_frac_impl(Fe& xn, Fe& xd, const Fe& u, const Fe& t) {
    SwiftecTerms v;
    swiftec_terms(v, u, t);
    if (x_frac_on_curve_var(v.n3, v.d3)) {
        xn = v.n3;
        xd = v.d3;
        return;
    }
    xd = v.p;
    if (x_frac_on_curve_var(v.n2, v.p)) {
        xn = v.n2;
        return;
    }
    swiftec_n1(xn, v);
}

static void xswiftec_impl(Fe& x, const Fe& u, const Fe& t) {
    Fe xn, xd;
    xswiftec_frac_impl(xn, xd, u, t);
    fe_inv_var(xd, xd);
    fe_mul(x, xn, xd);
}

static bool fe_is_one_var(const Fe& a) {
    Fe t = a;
    fe_normalize_var(t);
    return t.n[0] == 1 && (t.n[1] | t.n[2] | t.n[3]) == 0;
}

// 27/c0, for x1's root below.
constexpr Fe C27_DIV_C0 = {{0x96099ADFFC7A414DULL, 0x08E52A3B5543AC87ULL, 0xC30D09281BABB86DULL, 0xA469770D22B87F27ULL}};

// The point of XSwiftEC(u, t) with y of t's parity, without square tests, inversions or square
// roots of their own: two exponentiations, run in lockstep (about 1.2 of one).
//
// With c = B^((p-3)/4), c²·B is 1 when B is a square and -1 when not; when it is 1, y = ±c·w
// (y² = w²/B = w/d⁴ = x³ + 7) and 1/d = c²·w·d³. One exponentiation of B3·(g·p)² (the same
// squareness as B3) and one of B2 decide x3 and x2. When both fail, x1 is the result, and its
// root comes from the other two: the candidates satisfy the identity
//   (x1³ + 7)·(x2³ + 7) = (x3³ + 7)·(3·c0·t³·u³·g / p³)²,
// so with e3 = (B3·(g·p)²)^((p-3)/4) and e2 = B2^((p-3)/4) (both non-squares),
//   c1 = 27/c0 · e3 · e2 · w2 · t⁵ · u⁵   has   c1²·B1 = 1,
// by substituting d3 = 3·t²·u² and d1 = d2 = p (the sign of c1 is irrelevant: y's parity is set
// from t). The identity holds for all u, t after the substitutions (u, t, g, p are then nonzero:
// -7 is not a cube mod p); tests/unit/test_ellswift.cpp checks every branch against the textbook
// map in each variant.
static void swiftec_impl(Ge& r, const Fe& u, const Fe& t) {
    SwiftecTerms v;
    swiftec_terms(v, u, t);
    Fe w3, b3, w2, b2, gp, a[2], e[2], chk;
    swiftec_wb(w3, &b3, v.n3, v.d3);
    swiftec_wb(w2, &b2, v.n2, v.p);
    fe_mul(gp, v.g, v.p);
    fe_sqr(a[0], gp);
    fe_mul(a[0], a[0], b3);
    a[1] = b2;
    fe_pow_p3d4_lanes<2>(e, a);
    Fe n, d, w, c;
    fe_sqr(chk, e[0]);
    fe_mul(chk, chk, a[0]);
    if (fe_is_one_var(chk)) {
        n = v.n3; d = v.d3; w = w3;
        fe_mul(c, e[0], gp);
    } else {
        fe_sqr(chk, e[1]);
        fe_mul(chk, chk, b2);
        if (fe_is_one_var(chk)) {
            n = v.n2; d = v.p; w = w2;
            c = e[1];
        } else {
            Fe tu, tu5;
            swiftec_n1(n, v);
            d = v.p;
            swiftec_wb(w, nullptr, n, d);
            fe_mul(tu, v.t, v.u);
            fe_sqr(tu5, tu);
            fe_sqr(tu5, tu5);
            fe_mul(tu5, tu5, tu);
            fe_mul(c, e[0], e[1]);
            fe_mul(c, c, w2);
            fe_mul(c, c, tu5);
            fe_mul(c, c, C27_DIV_C0);
        }
    }
    Fe c2, x, y;
    fe_sqr(c2, c);
    fe_sqr(x, d);
    fe_mul(x, x, d);
    fe_mul(x, x, c2);
    fe_mul(x, x, w);              // 1/d
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
    ge_set_xy(r, x, y);
}

// r = sqrt(num[k]/den[k]) for L pairs, each as fe_sqrt(num/den) would return it (the root that is
// itself a square), for num·den a square and den ≠ 0: num·den·(num·den³)^((p-3)/4) (see
// fe_pow_p3d4_lanes). One exponentiation instead of an inversion and a square root.
template <int L>
static void sqrt_div_lanes(Fe* r, const Fe* num, const Fe* den) {
    Fe nd[L], e[L];
    for (int k = 0; k < L; k++) {
        Fe d2;
        fe_mul(nd[k], num[k], den[k]);
        fe_sqr(d2, den[k]);
        fe_mul(e[k], nd[k], d2);  // num·den³
    }
    fe_pow_p3d4_lanes<L>(e, e);
    for (int k = 0; k < L; k++) fe_mul(r[k], nd[k], e[k]);
}

static bool xswiftec_inv_impl(Fe& t, const Fe& x, const Fe& u_in, int c) {
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
        sqrt_div_lanes<1>(&m, &g, &s);  // w = sqrt(-(u³ + 7)/(u² + u·x + x²))
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
        // r/s with r = sqrt(q): s is a nonzero square, so r/s = sqrt(q/s²) (same root); and
        // w = sqrt(s) = sqrt(s/1). Both roots in one lockstep pair.
        Fe num[2] = {q, s}, den[2], root[2];
        fe_sqr(den[0], s);
        fe_set_int(den[1], 1);
        sqrt_div_lanes<2>(root, num, den);
        v = root[0];
        if ((c & 1) && fe_normalizes_to_zero_var(v)) return false;
        fe_add(v, m);
        fe_half(v);               // v = (r/s - u)/2
        m = root[1];
    }
    if ((c & 5) == 0 || (c & 5) == 5) fe_negate(m, m, 1);
    fe_mul(u, u, (c & 1) ? C4 : C3);
    fe_add(u, v);
    fe_mul(t, m, u);
    return true;
}

}  // namespace fastsecp::FASTSECP_VARIANT
