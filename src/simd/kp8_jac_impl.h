// g·G + k·P for eight (P, k, g) at once, variable time (public data: ECDSA verification), on an
// 8-lane backend V (lanes8.h), with Kp8's field arithmetic (kp8_impl.h: five 52-bit limbs, lazy
// reduction; the bounds named here are its "M" and "Pt").
//
// Unlike Kp8's complete projective formulas, the sum is kept in Jacobian coordinates (x = X/Z²,
// y = Y/Z³) and every addition is a mixed one with an affine entry: doubling 2M + 5S, mixed
// addition 8M + 3S (against 6M + 2S and 12M for the complete formulas). These formulas are not
// complete: an addition whose operands have the same x (P = ±Q) yields Z = 0, and Z = 0 then
// stays 0 through every later doubling and addition. The point at infinity as a running sum
// (before a lane's first non-zero digit) is tracked with a lane mask instead. At the end, every
// lane whose Z is zero (an exceptional addition, or a true sum at infinity) is recomputed by the
// scalar code (ecmult's Strauss), so the result is exact for every input.
//
// Schedule (one doubling chain of 128 doublings shared by both products):
//  - k = ±k1 ± k2·λ (GLV), each half 33 signed radix-16 digits (Kp8::split_recode); tables
//    T1[j] = j·(±P), T2[j] = j·(±λP) = (β·x, ±y) for j = 1..8 made affine per lane: computed
//    projectively (Kp8's formulas), then all 8 × 7 Z values of the eight lanes inverted with one
//    field inversion (Montgomery's trick across entries in the lanes, then across the lanes).
//  - g = lo + hi·2^128: each half made odd (lo | 1, hi | 1; the added 1 is subtracted at the end
//    as -G or -2^128·G in the lanes that needed it) and recoded into GW-bit windows whose digits
//    are all odd, in ±[1, 2^GW - 1] (a regular recoding: no zero digit, so no lane ever waits);
//    each digit reads the odd-multiple tables ECMULT_G_ODD / ECMULT_G128_ODD (affine, built in).
#pragma once

#include "simd/kp8_impl.h"

namespace fastsecp::simd {

template <class V>
struct Kp8Jac {
    using K = Kp8<V>;
    using F = typename K::F;
    using Mask = typename V::Mask;
    struct J {  // Jacobian; X, Y: M values (they are subtracted), Z: a Pt value (only multiplied)
        F x, y, z;
    };
    struct A {  // affine entry; M values
        F x, y;
    };

    // The G half's window: digits odd in ±[1, 2^GW - 1], read from the first 2^(GW-1) entries of
    // the (2i+1)·G tables (ECMULT_G_ODD holds 2^13: GW <= 14). GN digits cover 129 bits (an
    // odd-made half may be 2^128): 13 bits need as many digits as 14 (ten) and read half the
    // table (256 KB of each instead of 512 KB).
    static constexpr int GW = 13;
    static constexpr int GN = (129 + GW - 1) / GW;
    static_assert((1 << (GW - 1)) <= ECMULT_G_TABLE_SIZE);
    static_assert(GW * (GN - 1) <= 128);

    __attribute__((always_inline)) static F wn(const F& a) { return K::wnorm(a); }

    // 2·a (dbl-2009-l, a = 0): 2M + 5S. a: X, Y M values and Z a Pt value (Z is only ever a
    // multiplier input); the result too. Z = 0 stays 0.
    __attribute__((noinline)) static J dbl(const J& a) {
        const F xx = K::sqr(a.x);                                   // A = X², M
        const F yy = K::sqr(a.y);                                   // B = Y², M
        const F c = K::sqr(yy);                                     // C = B², M
        const F s = K::sqr(K::carry(K::add(a.x, yy)));              // (X + B)², M
        const F h = K::template sub<3>(s, K::add(xx, c));           // M + 3p - 2M, raw (< 4M)
        const F d = K::add(h, h);                                   // D = 2(...), raw (< 8M)
        const F e = K::carry(K::add(K::add(xx, xx), xx));           // E = 3A: 3M carried, mul input
        const F f = K::sqr(e);                                      // F = E², M
        J r;
        r.x = wn(K::template sub<17>(f, K::add(d, d)));             // X3 = F - 2D: M + 17p - 16M, M
        const F dx = K::carry(K::template sub<2>(d, r.x));          // D - X3: mul input
        F c8 = c;
        for (auto& l : c8.l) l = l.shl(3);                          // 8C: limbs < 2^55
        r.y = wn(K::template sub<9>(K::mul(e, dx), c8));            // Y3 = E(D - X3) - 8C, M
        const F yz = K::mul(a.y, a.z);
        r.z = K::carry(K::add(yz, yz));                             // Z3 = 2YZ: 2M carried, Pt
        return r;
    }

    // a + (bx, by) for b affine (not infinity), a's Z may be anything: 8M + 3S. When x(a) = x(b)
    // (a = ±b) the result has Z = 0; when a's Z = 0 too. a: as dbl's; bx, by: M; the result:
    // X, Y M values, Z an M value (so Pt).
    __attribute__((noinline)) static J add_affine(const J& a, const F& bx, const F& by) {
        const F zz = K::sqr(a.z);                                   // M
        const F u2 = K::mul(bx, zz);                                // M
        const F s2 = K::mul(by, K::mul(a.z, zz));                   // M
        const F h = K::carry(K::template sub<2>(u2, a.x));          // H = U2 - X1: mul input
        const F r = K::carry(K::template sub<2>(s2, a.y));          // R = S2 - Y1: mul input
        const F h2 = K::sqr(h);
        const F h3 = K::mul(h, h2);
        const F v = K::mul(a.x, h2);                                // V = X1·H², M
        J o;
        o.z = K::mul(a.z, h);                                       // Z3 = Z1·H, M
        o.x = wn(K::template sub<4>(K::sqr(r), K::add(h3, K::add(v, v))));  // R² - H³ - 2V (3M), M
        const F vx = K::carry(K::template sub<2>(v, o.x));          // V - X3: mul input
        o.y = wn(K::template sub<2>(K::mul(r, vx), K::mul(a.y, h3)));  // R(V - X3) - Y1·H³, M
        return o;
    }

    static J blend(Mask m, const J& a, const J& b) {
        return J{K::blend(m, a.x, b.x), K::blend(m, a.y, b.y), K::blend(m, a.z, b.z)};
    }

    // acc += (ex, ey) in the lanes of nz; lanes of inf (acc at infinity) take the entry itself.
    static void add_lanes(J& acc, Mask& inf, Mask nz, const F& ex, const F& ey) {
        if (nz == 0) return;
        const Mask fresh = nz & inf, sum = nz & (Mask)~inf;
        if (sum) {
            const J s = add_affine(acc, ex, ey);
            acc = sum == (Mask)0xFF ? s : blend(sum, acc, s);
        }
        if (fresh) acc = blend(fresh, acc, J{ex, ey, K::constant(1)});
        inf &= (Mask)~nz;
    }

    // Each lane its own entry of an affine table of eight (table[j - 1] = j·P): lane i takes
    // entry |d[i]|, negated when d[i] < 0; nz: the lanes with d[i] != 0.
    static void pick(F& x, F& y, Mask& nz, const A* table, const int8_t d[8]) {
        Mask sel[9] = {}, negative = 0;
        for (int lane = 0; lane < 8; lane++) {
            const int v = d[lane];
            sel[v < 0 ? -v : v] |= (Mask)(1u << lane);
            if (v < 0) negative |= (Mask)(1u << lane);
        }
        nz = (Mask)~sel[0];
        x = table[0].x;
        y = table[0].y;
        // Every entry blended in, selected or not: which ones some lane wants is random, and a
        // branch on it mispredicted often enough to cost more than the blends.
        for (int j = 2; j <= 8; j++) {
            x = K::blend(sel[j], x, table[j - 1].x);
            y = K::blend(sel[j], y, table[j - 1].y);
        }
        if (negative) y = K::blend(negative, y, K::neg(y));
    }

    // Each lane's entry of an odd-multiple G table: digit d (odd) reads tab[(|d| - 1) / 2].
    static void pick_g(F& x, F& y, const GeStorage* tab, const int16_t d[8]) {
        uint64_t bx[5][8], by[5][8];
        Mask negative = 0;
        for (int lane = 0; lane < 8; lane++) {
            const int v = d[lane];
            const GeStorage& e = tab[((v < 0 ? -v : v) - 1) >> 1];
            Fe ex, ey;
            fe_from_storage(ex, e.x);
            fe_from_storage(ey, e.y);
            uint64_t lx[5], ly[5];
            K::to_limbs(lx, ex);
            K::to_limbs(ly, ey);
            for (int l = 0; l < 5; l++) {
                bx[l][lane] = lx[l];
                by[l][lane] = ly[l];
            }
            if (v < 0) negative |= (Mask)(1u << lane);
        }
        for (int l = 0; l < 5; l++) {
            x.l[l] = V::load(bx[l]);
            y.l[l] = V::load(by[l]);
        }
        if (negative) y = K::blend(negative, y, K::neg(y));
    }
    static void prefetch_g(const GeStorage* tab, const int16_t d[8]) {
        for (int lane = 0; lane < 8; lane++) {
            const int v = d[lane];
            const char* e = (const char*)&tab[((v < 0 ? -v : v) - 1) >> 1];
            __builtin_prefetch(e);
            __builtin_prefetch(e + sizeof(GeStorage) - 1);  // an entry may straddle two lines
        }
    }

    // GN odd digits of a (odd, <= 2^128) in windows of GW bits: a = sum d[j]·2^(GW·j).
    static void recode_odd(int16_t d[GN], unsigned __int128 a) {
        const unsigned __int128 mask = ((unsigned __int128)1 << (GW + 1)) - 1;
        for (int j = 0; j < GN - 1; j++) {
            const int v = (int)(uint64_t)(a & mask) - (1 << GW);  // odd, in ±[1, 2^GW - 1]
            d[j] = (int16_t)v;
            a = v >= 0 ? (a - (unsigned)v) >> GW : (a + (unsigned)-v) >> GW;  // stays odd
        }
        d[GN - 1] = (int16_t)(uint64_t)a;  // odd, below 2^GW (the top bits left)
    }

    // Affine tables of P's GLV halves (see the header): t1[j - 1] = j·(±P), t2[j - 1] = j·(±λP).
    static void tables(A (&t1)[8], A (&t2)[8], const Ge* const* in, Mask neg1, Mask flip) {
        typename K::P p[9];
        const Fe* xs[8];
        const Fe* ys[8];
        for (int lane = 0; lane < 8; lane++) {
            xs[lane] = &in[lane]->x;
            ys[lane] = &in[lane]->y;
        }
        p[1].x = K::load_fe(xs);
        p[1].y = K::load_fe(ys);
        p[1].z = K::constant(1);
        p[1].y = K::blend(neg1, p[1].y, K::neg(p[1].y));
        p[2] = K::pdbl(p[1]);
        for (int j = 3; j <= 8; j++) p[j] = K::padd_affine(p[j - 1], p[1].x, p[1].y);
        // prefix[j] = Z2·...·Zj; one inversion; then 1/Zj walking back.
        F prefix[9];
        prefix[2] = p[2].z;
        for (int j = 3; j <= 8; j++) prefix[j] = K::mul(prefix[j - 1], p[j].z);
        F inv = K::inv_lanes_var(prefix[8]);
        for (int j = 8; j >= 2; j--) {
            F zi = inv;
            if (j > 2) {
                zi = K::mul(inv, prefix[j - 1]);
                inv = K::mul(inv, p[j].z);
            }
            t1[j - 1].x = K::mul(p[j].x, zi);
            t1[j - 1].y = K::mul(p[j].y, zi);
        }
        t1[0].x = p[1].x;
        t1[0].y = p[1].y;
        const Fe* beta_ptr[8];
        for (auto& b : beta_ptr) b = &fe_beta();
        const F beta = K::load_fe(beta_ptr);
        for (int j = 0; j < 8; j++) {
            t2[j].x = K::mul(t1[j].x, beta);
            t2[j].y = K::blend(flip, t1[j].y, K::neg(t1[j].y));
        }
    }

    static void ecmult2_var(Gej* out, const Ge* const* in, const Scalar* const* k, const Scalar* const* g) {
        int8_t d1[33][8], d2[33][8];
        int16_t glo[GN][8], ghi[GN][8];
        Mask neg1 = 0, flip = 0, fix_lo = 0, fix_hi = 0;
        for (int lane = 0; lane < 8; lane++) {
            int8_t a[33], b[33];
            uint64_t n1, n2;
            K::split_recode(a, b, n1, n2, *k[lane]);
            for (int i = 0; i < 33; i++) {
                d1[i][lane] = a[i];
                d2[i][lane] = b[i];
            }
            neg1 |= (Mask)(n1 << lane);
            flip |= (Mask)((n1 ^ n2) << lane);
            const Scalar& s = *g[lane];
            const unsigned __int128 lo = ((unsigned __int128)s.d[1] << 64) | s.d[0];
            const unsigned __int128 hi = ((unsigned __int128)s.d[3] << 64) | s.d[2];
            int16_t e[GN];
            recode_odd(e, lo + ((lo & 1) ^ 1));
            for (int j = 0; j < GN; j++) glo[j][lane] = e[j];
            recode_odd(e, hi + ((hi & 1) ^ 1));
            for (int j = 0; j < GN; j++) ghi[j][lane] = e[j];
            fix_lo |= (Mask)((uint32_t)((lo & 1) ^ 1) << lane);
            fix_hi |= (Mask)((uint32_t)((hi & 1) ^ 1) << lane);
        }
        A t1[8], t2[8];
        tables(t1, t2, in, neg1, flip);

        J acc{K::constant(0), K::constant(0), K::constant(0)};
        Mask inf = 0xFF;
        constexpr int TOP = 128;  // Q's top digit (33rd window); G's top digit sits at GW·(GN - 1)
        for (int b = TOP; b >= 0; b--) {
            if (b != TOP && inf != (Mask)0xFF) acc = dbl(acc);
            F x, y;
            Mask nz;
            if (b % GW == 0 && b / GW < GN) {
                const int j = b / GW;
                if (j > 0) {
                    prefetch_g(ECMULT_G_ODD, glo[j - 1]);
                    prefetch_g(ECMULT_G128_ODD, ghi[j - 1]);
                }
                pick_g(x, y, ECMULT_G_ODD, glo[j]);
                add_lanes(acc, inf, 0xFF, x, y);
                pick_g(x, y, ECMULT_G128_ODD, ghi[j]);
                add_lanes(acc, inf, 0xFF, x, y);
            }
            if (b % 4 == 0) {
                const int i = b / 4;
                pick(x, y, nz, t1, d1[i]);
                add_lanes(acc, inf, nz, x, y);
                pick(x, y, nz, t2, d2[i]);
                add_lanes(acc, inf, nz, x, y);
            }
        }
        // Take back the 1 that made a half odd: -G, -2^128·G.
        if (fix_lo | fix_hi) {
            const int16_t one[8] = {-1, -1, -1, -1, -1, -1, -1, -1};
            F x, y;
            pick_g(x, y, ECMULT_G_ODD, one);
            add_lanes(acc, inf, fix_lo, x, y);
            pick_g(x, y, ECMULT_G128_ODD, one);
            add_lanes(acc, inf, fix_hi, x, y);
        }
        K::store_gej(out, acc.x, acc.y, acc.z);
        for (int lane = 0; lane < 8; lane++) {
            if (((inf >> lane) & 1) || out[lane].infinity) {  // exceptional (or at infinity)
                Gej p;
                gej_set_ge(p, *in[lane]);
                ecmult(out[lane], p, *k[lane], *g[lane]);
            }
        }
    }

    // Any n: groups of eight, the last one padded with repeats of its first item.
    static void ecmult2_var_all(Gej* out, const Ge* in, const Scalar* k, const Scalar* g, size_t n) {
        for (size_t b = 0; b < n; b += 8) {
            const size_t cnt = n - b < 8 ? n - b : 8;
            const Ge* pts[8];
            const Scalar* ks[8];
            const Scalar* gs[8];
            Gej res[8];
            for (size_t i = 0; i < 8; i++) {
                const size_t j = b + (i < cnt ? i : 0);
                pts[i] = &in[j];
                ks[i] = &k[j];
                gs[i] = &g[j];
            }
            ecmult2_var(res, pts, ks, gs);
            for (size_t i = 0; i < cnt; i++) out[b + i] = res[i];
        }
    }
};

}  // namespace fastsecp::simd
