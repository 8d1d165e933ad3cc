// Strauss multi-scalar multiplication (msm.h) for few points. Included by batch_portable.cpp
// and batch_bmi2.cpp.
#pragma once

#include "batch/msm_common_impl.h"

namespace fastsecp::FASTSECP_VARIANT {

// wNAF digits of k (< 2^128) into column `term` of a digit-major int8 matrix with `stride`
// columns, negated when neg. Returns the digit count (one past the top nonzero digit).
static inline int msm_wnaf_column(int8_t* digits, size_t stride, size_t term, const Scalar& k, bool neg, int w) {
    int d[batch::STRAUSS_DIGITS];
    int len = wnaf_var(d, batch::STRAUSS_DIGITS, k, w);
    for (int i = 0; i < batch::STRAUSS_DIGITS; i++)
        digits[(size_t)i * stride + term] = (int8_t)(neg ? -d[i] : d[i]);
    return len;
}

// The points of each digit row of Strauss (row i: pts[off[i] .. off[i] + cnt[i]), affine,
// finite), a second array of the same size, and the pair additions' scratch.
struct MsmRows {
    Ge *pts, *next;
    PairSums pairs;
    uint32_t off[batch::STRAUSS_DIGITS], cnt[batch::STRAUSS_DIGITS];
};

// Replaces every row's points by their sum (cnt 1), or by nothing (cnt 0) when they cancel, and
// returns the array holding them. In rounds: each row's points are added in pairs, all pairs of
// all rows together (PairSums: one shared inversion, eight lanes), so an addition costs 5M + 1S
// plus 3M for its share of the inversion, against 8M + 3S for adding each point into the
// Jacobian accumulator. A round writes its sums into the other array.
static Ge* msm_row_sums(MsmRows& r, int rows) {
    Ge *src = r.pts, *dst = r.next;
    for (;;) {
        bool more = false;
        for (int i = 0; i < rows; i++) {
            const uint32_t n = r.cnt[i];
            const Ge* p = src + r.off[i];
            Ge* q = dst + r.off[i];
            uint32_t out = 0;
            for (uint32_t j = 0; j + 1 < n; j += 2)
                if (r.pairs.add(q + out, p + j, p + j + 1)) out++;
            if (n & 1) q[out++] = p[n - 1];
            r.cnt[i] = out;
            more |= out > 1;
        }
        r.pairs.run();
        Ge* t = src;
        src = dst;
        dst = t;
        if (!more) return src;
    }
}

// Strauss with row sums, from the affine tables on: every term's wNAF digits become pointers to
// ±table entries, listed by row; the first round of pair sums reads the tables through them, the
// rest runs in msm_row_sums; then one doubling chain adds one point per row into acc.
static void msm_strauss_rows(Gej& acc, const batch::MsmInput& in, const Ge* tab, const Ge* ltab, int W,
                             unsigned char* base, const batch::StraussLayout& lay) {
    const size_t nf = in.n_full, bases = in.n_full + in.n_short, terms = 2 * in.n_full + in.n_short;
    const size_t TN = (size_t)1 << (W - 2), stride = terms + 2;
    constexpr int LEN = batch::STRAUSS_DIGITS;
    Ge* ntab = reinterpret_cast<Ge*>(base + lay.ntab);
    Ge* nltab = reinterpret_cast<Ge*>(base + lay.nltab);
    const Ge** ptrs = reinterpret_cast<const Ge**>(base + lay.ptrs);
    for (size_t j = 0; j < bases * TN; j++) ge_neg(ntab[j], tab[j]);
    for (size_t j = 0; j < nf * TN; j++) ge_neg(nltab[j], ltab[j]);

    MsmRows rows;
    for (int i = 0; i < LEN; i++) rows.cnt[i] = 0;
    int bits = 0;
    // Each nonzero digit straight into its row's list (the sign picks the table without a branch:
    // digits are random, a branch on them mispredicts half the time).
    auto put = [&](const Ge* pos, const Ge* neg, const Scalar& k, bool negate) {
        const Ge* const sides[2] = {pos, neg};
        const int flip = negate ? -1 : 1;
        int len = wnaf_each_var(k, LEN, W, [&](int i, int d) {
            const int v = d * flip, m = v >> 31;  // m: -1 when v < 0
            ptrs[(size_t)i * stride + rows.cnt[i]++] = sides[m & 1] + ((((v ^ m) - m) - 1) >> 1);
        });
        if (len > bits) bits = len;
    };
    for (size_t b = 0; b < nf; b++) {
        Scalar k1, k2;
        bool n1, n2;
        msm_split_full(k1, k2, n1, n2, in.full_scalars[b]);
        put(tab + b * TN, ntab + b * TN, k1, n1);
        put(ltab + b * TN, nltab + b * TN, k2, n2);
    }
    for (size_t s = 0; s < in.n_short; s++)
        put(tab + (nf + s) * TN, ntab + (nf + s) * TN, in.short_scalars[s], false);
    // The generator's halves (window 15: at most 9 nonzero digits each) from the static tables.
    Ge gpts[2 * ((LEN + ECMULT_G_WINDOW - 1) / ECMULT_G_WINDOW)];
    size_t ng = 0;
    Scalar g[2];
    scalar_split_128(g[0], g[1], in.g);
    for (int h = 0; h < 2; h++) {
        const GeStorage* gtab = h ? ECMULT_G128_ODD : ECMULT_G_ODD;
        int d[LEN];
        int len = wnaf_var(d, LEN, g[h], ECMULT_G_WINDOW);
        if (len > bits) bits = len;
        for (int i = 0; i < len; i++) {
            if (!d[i]) continue;
            Ge& p = gpts[ng++];
            ge_from_storage(p, gtab[(d[i] > 0 ? d[i] - 1 : -d[i] - 1) >> 1]);
            if (d[i] < 0) ge_neg(p, p);
            ptrs[(size_t)i * stride + rows.cnt[i]++] = &p;
        }
    }

    // First round: pairs straight from the tables into rows.pts (row i from off[i]).
    rows.pts = reinterpret_cast<Ge*>(base + lay.rows);
    rows.next = reinterpret_cast<Ge*>(base + lay.rows2);
    rows.pairs.init(base + lay.pairs_mem, ((terms + 2) * batch::STRAUSS_MAX_NONZERO) / 2);
    uint32_t at = 0;
    for (int i = 0; i < bits; i++) {
        rows.off[i] = at;
        const uint32_t n = rows.cnt[i];
        at += n;
        const Ge* const* p = ptrs + (size_t)i * stride;
        Ge* q = rows.pts + rows.off[i];
        uint32_t out = 0;
        for (uint32_t j = 0; j + 1 < n; j += 2)
            if (rows.pairs.add(q + out, p[j], p[j + 1])) out++;
        if (n & 1) q[out++] = *p[n - 1];
        rows.cnt[i] = out;
    }
    rows.pairs.run();
    const Ge* sums = msm_row_sums(rows, bits);
    for (int i = bits - 1; i >= 0; i--) {
        gej_double_var(acc, acc);
        if (rows.cnt[i]) gej_add_ge_var(acc, acc, sums[rows.off[i]]);
    }
}

static void msm_strauss(Gej& r, const batch::MsmInput& in, void* scratch) {
    const size_t nf = in.n_full, bases = in.n_full + in.n_short, terms = 2 * in.n_full + in.n_short;
    constexpr int LEN = batch::STRAUSS_DIGITS;
    const bool row_sums = batch::strauss_row_sums(terms);
    const int W = batch::strauss_window(terms), TN = 1 << (W - 2);  // tables: TN odd multiples
    const batch::StraussLayout lay(in.n_full, in.n_short);
    unsigned char* base = static_cast<unsigned char*>(scratch);
    Ge* tab = reinterpret_cast<Ge*>(base + lay.tab);
    Ge* ltab = reinterpret_cast<Ge*>(base + lay.ltab);
    Fe* zt = reinterpret_cast<Fe*>(base + lay.zt);
    Fe* pre = reinterpret_cast<Fe*>(base + lay.pre);
    int8_t* digits = reinterpret_cast<int8_t*>(base + lay.digits);

    // Odd multiples of every point, each affine on its own isomorphic curve (scale zt[b]).
    for (size_t b = 0; b < bases; b++) {
        Gej a;
        gej_set_ge(a, b < nf ? in.full_points[b] : in.short_points[b - nf]);
        odd_multiples_iso_var(tab + b * TN, a, TN, zt[b]);
    }
    // One inversion for all scales (Montgomery's trick), then back onto secp256k1:
    // (x, y) on the curve scaled by z is (x/z², y/z³) on secp256k1.
    if (bases > 0) {
        pre[0] = zt[0];
        for (size_t b = 1; b < bases; b++) fe_mul(pre[b], pre[b - 1], zt[b]);
        Fe inv;
        fe_inv_var(inv, pre[bases - 1]);
        for (size_t b = bases; b-- > 0;) {
            Fe zi, zi2, zi3;
            if (b > 0) {
                fe_mul(zi, inv, pre[b - 1]);
                fe_mul(inv, inv, zt[b]);
            } else {
                zi = inv;
            }
            fe_sqr(zi2, zi);
            fe_mul(zi3, zi2, zi);
            for (int j = 0; j < TN; j++) {
                Ge& e = tab[b * TN + j];
                fe_mul(e.x, e.x, zi2);
                fe_mul(e.y, e.y, zi3);
            }
        }
        for (size_t b = 0; b < nf; b++)
            for (int j = 0; j < TN; j++) ge_mul_lambda(ltab[b * TN + j], tab[b * TN + j]);
    }

    Gej acc;
    gej_set_infinity(acc);
    if (row_sums) {
        msm_strauss_rows(acc, in, tab, ltab, W, base, lay);
        r = acc;
        return;
    }

    // Points added one by one. Digits: terms 2b and 2b+1 are k1 (table tab[b]) and k2 (table
    // ltab[b]) of full point b; term 2·nf + s is short point s (table tab[nf + s]).
    int bits = 0;
    for (size_t b = 0; b < nf; b++) {
        Scalar k1, k2;
        bool n1, n2;
        msm_split_full(k1, k2, n1, n2, in.full_scalars[b]);
        int l1 = msm_wnaf_column(digits, terms, 2 * b, k1, n1, W);
        int l2 = msm_wnaf_column(digits, terms, 2 * b + 1, k2, n2, W);
        if (l1 > bits) bits = l1;
        if (l2 > bits) bits = l2;
    }
    for (size_t s = 0; s < in.n_short; s++) {
        int l = msm_wnaf_column(digits, terms, 2 * nf + s, in.short_scalars[s], false, W);
        if (l > bits) bits = l;
    }
    int wg1[LEN], wg2[LEN];
    Scalar g1, g2;
    scalar_split_128(g1, g2, in.g);
    int bg1 = wnaf_var(wg1, LEN, g1, ECMULT_G_WINDOW);
    int bg2 = wnaf_var(wg2, LEN, g2, ECMULT_G_WINDOW);
    if (bg1 > bits) bits = bg1;
    if (bg2 > bits) bits = bg2;
    for (int i = bits - 1; i >= 0; i--) {
        gej_double_var(acc, acc);
        const int8_t* row = digits + (size_t)i * terms;
        for (size_t t = 0; t < terms; t++) {
            if (!row[t]) continue;
            const Ge* table = t < 2 * nf ? ((t & 1) ? ltab + (t >> 1) * TN : tab + (t >> 1) * TN) : tab + (t - nf) * TN;
            table_add_var(acc, table, row[t]);
        }
        if (wg1[i]) table_add_storage_var(acc, ECMULT_G_ODD, wg1[i], nullptr);
        if (wg2[i]) table_add_storage_var(acc, ECMULT_G128_ODD, wg2[i], nullptr);
    }
    r = acc;
}

}  // namespace fastsecp::FASTSECP_VARIANT
