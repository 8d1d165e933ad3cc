// The scalar multiplication algorithms. Included by ecmult_portable.cpp and ecmult_bmi2.cpp,
// each defining FASTSECP_VARIANT (a namespace name) and compiled with different code generation.
//
// - gen:     signed 7-bit windows over a 37×64 table of (j·128^i)·G, constant-time table scans
//            and the complete constant-time mixed addition; scalar blinded by the context. In the
//            AVX2 variant each row's scan runs inside the previous window's addition.
// - strauss: GLV split of na (k1 + k2·λ), 128-bit split of ng (G and 2^128·G tables), signed wNAF
//            digits (window 5 for P, 15 for G), one shared doubling chain (Strauss/Shamir).
// - konst:   GLV split, |k1|, |k2| in fixed 4-bit windows with constant-time scans of
//            tables 1..15·P and 1..15·λP and conditional negation by the split signs.
#pragma once

#include "ecmult/ecmult.h"
#include "ecmult/wnaf.h"
#include "hash/memclear.h"

#if defined(FASTSECP_VARIANT_AVX2)
#include <immintrin.h>
#endif
#if defined(FASTSECP_VARIANT_FE52)
#include "group/group_5x52.h"
#endif

namespace fastsecp::FASTSECP_VARIANT {

// The field of this variant's algorithms: 5×52 limbs in the portable build (FASTSECP_VARIANT_FE52:
// products accumulate in unsigned __int128 columns without carry handling), group.h's 4×64 limbs
// in the BMI2/ADX build (mulx/adcx/adox). The entry points at the end take and return group.h's
// points (ge_import, gej_export: the identity for 4×64).
#if defined(FASTSECP_VARIANT_FE52)
using Fe = f52::Fe;
using Ge = f52::Ge;
using Gej = f52::Gej;
#endif

// Constant-time lookup of |digit|·base (|digit| in 0..n, 0 -> infinity) from table[j] = (j+1)·base
// (every entry is read), then negation when `negate`.
#if defined(FASTSECP_VARIANT_AVX2)
// e = table[index - 1] (all zero when index is 0), reading every entry: two 256-bit lanes per
// entry, masked and or-ed together. The masks come from a vector compare of a running counter
// with the index (no scalar compare and broadcast per entry), two entries per step into two
// accumulator pairs so the or-chains are half as long: k·G 7.3 -> 7.1 µs (build-exp experiment).
// n is even.
__attribute__((target("avx2"))) static void scan_storage(GeStorage& e, const GeStorage* table, int n, uint32_t index) {
    const __m256i idx = _mm256_set1_epi64x(index), one = _mm256_set1_epi64x(1);
    __m256i cnt = one;
    __m256i x0 = _mm256_setzero_si256(), y0 = _mm256_setzero_si256();
    __m256i x1 = _mm256_setzero_si256(), y1 = _mm256_setzero_si256();
    for (int j = 0; j < n; j += 2) {
        __m256i m0 = _mm256_cmpeq_epi64(cnt, idx);
        cnt = _mm256_add_epi64(cnt, one);
        __m256i m1 = _mm256_cmpeq_epi64(cnt, idx);
        cnt = _mm256_add_epi64(cnt, one);
        x0 = _mm256_or_si256(x0, _mm256_and_si256(m0, _mm256_loadu_si256((const __m256i*)table[j].x.n)));
        y0 = _mm256_or_si256(y0, _mm256_and_si256(m0, _mm256_loadu_si256((const __m256i*)table[j].y.n)));
        x1 = _mm256_or_si256(x1, _mm256_and_si256(m1, _mm256_loadu_si256((const __m256i*)table[j + 1].x.n)));
        y1 = _mm256_or_si256(y1, _mm256_and_si256(m1, _mm256_loadu_si256((const __m256i*)table[j + 1].y.n)));
    }
    _mm256_storeu_si256((__m256i*)e.x.n, _mm256_or_si256(x0, x1));
    _mm256_storeu_si256((__m256i*)e.y.n, _mm256_or_si256(y0, y1));
}
#else
// An OR of masked words over the whole row in the compiler's generic 128-bit vectors (SSE2 on
// x86-64, NEON on AArch64, pairs of registers elsewhere), with no dependency from one entry to
// the next: the scalar cmov chain it replaces was about 40 % of a portable k·G.
static inline void scan_storage(GeStorage& e, const GeStorage* table, int n, uint32_t index) {
    typedef uint64_t V2 __attribute__((vector_size(16)));
    static_assert(sizeof(GeStorage) == 4 * sizeof(V2), "x and y, four limbs each");
    V2 acc[4] = {};
    for (int j = 0; j < n; j++) {
        const uint64_t m = 0 - (uint64_t)(index == (uint32_t)j + 1);
        const V2 mask = {m, m};
        V2 w[4];
        std::memcpy(w, &table[j], sizeof w);
        for (int k = 0; k < 4; k++) acc[k] |= mask & w[k];
    }
    std::memcpy(&e, acc, sizeof acc);
}
#endif

// r = ±e (negated when `negate`), infinity when absdigit is 0 (e is then all zero).
static inline void signed_entry(Ge& r, const GeStorage& e, uint32_t absdigit, uint64_t negate) {
    ge_from_storage(r, e);
    Fe ny;
    fe_negate(ny, r.y, 1);
    fe_cmov(r.y, ny, negate);
    r.infinity = (uint64_t)(absdigit == 0);
}

static inline void const_lookup_storage(Ge& r, const GeStorage* table, int n, uint32_t absdigit, uint64_t negate) {
    GeStorage e;
    scan_storage(e, table, n, absdigit);
    signed_entry(r, e, absdigit, negate);
}

// The digits of the blinded scalar e = k + blind (secret: callers clear them): signed digits d_i
// in [-64, 64] with e = sum d_i·2^(7i), as magnitude and sign, recoded without branches: a window
// value v above 64 becomes v - 128 and carries one into the next window. e < 2^256, so the top
// window (4 bits) never carries out.
struct GenDigits {
    uint32_t absd[GEN_WINDOWS];
    uint64_t neg[GEN_WINDOWS];
};
static inline void gen_digits(GenDigits& d, const GenBlind& b, const Scalar& k) {
    Scalar e;
    scalar_add(e, k, b.blind);
    uint64_t carry = 0;
    for (int i = 0; i < GEN_WINDOWS; i++) {
        uint64_t v = scalar_get_bits_range(e, GEN_WINDOW_BITS * i,
                                           i == GEN_WINDOWS - 1 ? 256 - GEN_WINDOW_BITS * i : GEN_WINDOW_BITS) + carry;
        carry = (uint64_t)(GEN_ENTRIES - v) >> 63;           // v > 64
        d.absd[i] = (uint32_t)(v ^ ((0 - carry) & (v ^ ((uint64_t)(2 * GEN_ENTRIES) - v))));  // carry ? 128 - v : v
        d.neg[i] = carry;
    }
    scalar_clear(e);
}

#if defined(FASTSECP_VARIANT_AVX2)
// The constant-time scan of one k·G table row (as scan_storage: every entry read, the one at
// `index` kept by masks), cut into the eight steps of gej_add_ge_hooked, so that the row of
// window i+1 is read while the addition of window i multiplies: the vector loads and masks use
// other execution units than the multiplications' mulx/adcx/adox chains, and the out-of-order
// window is too small (≈ 1,300 instructions per addition) to overlap them when they come one
// after the other.
struct GenRowScan {
    const GeStorage* row;
    __m256i idx, cnt, x, y;
    static_assert(GEN_ENTRIES % 8 == 0, "eight steps of whole entries");
    __attribute__((target("avx2"))) inline void start(const GeStorage* r, uint32_t index) {
        row = r;
        idx = _mm256_set1_epi64x(index);
        cnt = _mm256_set1_epi64x(1);
        x = _mm256_setzero_si256();
        y = _mm256_setzero_si256();
    }
    template <int S>
    __attribute__((target("avx2"))) inline void step() {
        const __m256i one = _mm256_set1_epi64x(1);
        for (int j = S * (GEN_ENTRIES / 8); j < (S + 1) * (GEN_ENTRIES / 8); j++) {
            __m256i m = _mm256_cmpeq_epi64(cnt, idx);
            cnt = _mm256_add_epi64(cnt, one);
            x = _mm256_or_si256(x, _mm256_and_si256(m, _mm256_loadu_si256((const __m256i*)row[j].x.n)));
            y = _mm256_or_si256(y, _mm256_and_si256(m, _mm256_loadu_si256((const __m256i*)row[j].y.n)));
        }
    }
    __attribute__((target("avx2"))) inline void finish(GeStorage& e) {
        _mm256_storeu_si256((__m256i*)e.x.n, x);
        _mm256_storeu_si256((__m256i*)e.y.n, y);
    }
};

// k·G with each table row scanned inside the previous window's addition (GenRowScan); the walk
// compiled for AVX2 (this variant runs only where CPUID reports it). CT k·G 6.5-7.0 -> 5.95 µs
// (build-exp experiment, one process, alternated runs). Built differently it gained less: the
// first row scanned by the same steps and the last addition inlined too, 6.4-6.5 µs; AVX2 code
// for the addition alone, without the interleaving, 6.6 µs.
__attribute__((target("avx2"))) static void gen(const GenBlind& b, Gej& r, const Scalar& k) {
    GenDigits d;
    gen_digits(d, b, k);
    Gej acc = b.initial;
    Ge add;
    GeStorage entry;
    GenRowScan scan;
    scan_storage(entry, ECMULT_GEN_TABLE[0], GEN_ENTRIES, d.absd[0]);
    signed_entry(add, entry, d.absd[0], d.neg[0]);
    for (int i = 0; i + 1 < GEN_WINDOWS; i++) {
        scan.start(ECMULT_GEN_TABLE[i + 1], d.absd[i + 1]);
        gej_add_ge_hooked(acc, acc, add, scan);
        scan.finish(entry);
        signed_entry(add, entry, d.absd[i + 1], d.neg[i + 1]);
    }
    gej_add_ge(acc, acc, add);
    r = acc;
    hash::memclear(&d, sizeof d);
    hash::memclear(&entry, sizeof entry);
}
#else
static void gen(const GenBlind& b, Gej& r, const Scalar& k) {
    GenDigits d;
    gen_digits(d, b, k);
    Gej acc;
    gej_import(acc, b.initial);
    Ge add;
    for (int i = 0; i < GEN_WINDOWS; i++) {
        const_lookup_storage(add, ECMULT_GEN_TABLE[i], GEN_ENTRIES, d.absd[i], d.neg[i]);
        gej_add_ge(acc, acc, add);
    }
    r = acc;
    hash::memclear(&d, sizeof d);
}
#endif

// Same signed 7-bit digits as gen(), but for a public scalar: zero digits are skipped and table
// entries are read directly. At most 37 mixed additions and no doublings.
static void gen_var(Gej& r, const Scalar& k) {
    Gej acc;
    gej_set_infinity(acc);
    uint64_t carry = 0;
    Ge p;
    for (int i = 0; i < GEN_WINDOWS; i++) {
        uint64_t v = scalar_get_bits_range(k, GEN_WINDOW_BITS * i,
                                           i == GEN_WINDOWS - 1 ? 256 - GEN_WINDOW_BITS * i : GEN_WINDOW_BITS) + carry;
        carry = v > (uint64_t)GEN_ENTRIES;
        int d = carry ? (int)v - 2 * GEN_ENTRIES : (int)v;
        if (d == 0) continue;
        ge_from_storage(p, ECMULT_GEN_TABLE[i][(d > 0 ? d : -d) - 1]);
        if (d < 0) ge_neg(p, p);
        gej_add_ge_var(acc, acc, p);
    }
    r = acc;
}

// Odd multiples 1a, 3a, ..., (2n-1)a, affine on an isomorphic curve, without an inversion.
// d = 2a by the co-Z doubling, which also gives a on d's z; then a chain of co-Z additions
// j[i] = j[i-1] + d, each moving d onto the new point's z (4M + 2S instead of a mixed addition's
// 8M + 3S). j[i]'s z is j[i-1]'s times zr[i], so all points are brought to the last one's z (Zl)
// with the products of those ratios, i.e. to affine form on the curve scaled by Zl, which is
// returned in *ztotal (a point Q of secp256k1 appears there as (x·ztotal², y·ztotal³)). a not
// infinity. The chain never meets p = ±q: (2i-1)a = ±2a has no solution for i < n ≤ 16 when a has
// the prime order of the group.
static void odd_multiples_iso_var(Ge* out, const Gej& a, int n, Fe& ztotal) {
    Gej d;
    Fe jx[16], jy[16], zr[16];
    gej_double_coz(d, jx[0], jy[0], a);
    Fe qx = d.x, qy = d.y;
    for (int i = 1; i < n; i++) gej_coz_add_update(jx[i], jy[i], qx, qy, zr[i], jx[i - 1], jy[i - 1]);
    Fe f, f2, f3;
    fe_set_int(f, 1);
    for (int i = n - 1; i >= 0; i--) {
        fe_sqr(f2, f);
        fe_mul(f3, f2, f);
        fe_mul(out[i].x, jx[i], f2);
        fe_mul(out[i].y, jy[i], f3);
        out[i].infinity = 0;
        if (i > 0) fe_mul(f, f, zr[i]);
    }
    fe_mul(ztotal, d.z, f);  // d.z · zr[1] ··· zr[n-1]
}

static inline void table_add_var(Gej& acc, const Ge* table, int digit) {
    if (digit > 0) {
        gej_add_ge_var(acc, acc, table[(digit - 1) >> 1]);
    } else {
        Ge neg;
        ge_neg(neg, table[(-digit - 1) >> 1]);
        gej_add_ge_var(acc, acc, neg);
    }
}

// Adds ±table entry (a point of secp256k1) to acc, which lives on the curve scaled by *s (see
// gej_add_ge_scaled_var; null for the curve itself).
static inline void table_add_storage_var(Gej& acc, const GeStorage* table, int digit, const Fe* s) {
    Ge p;
    ge_from_storage(p, table[(digit > 0 ? digit - 1 : -digit - 1) >> 1]);
    if (digit < 0) ge_neg(p, p);
    if (s) gej_add_ge_scaled_var(acc, acc, p, *s);
    else gej_add_ge_var(acc, acc, p);
}

static void strauss(Gej& r, const Gej& a, const Scalar& na, const Scalar& ng) {
    constexpr int WA = 5, TA = 1 << (WA - 2);
    constexpr int LEN = 130;
    int wa1[LEN], wa2[LEN], wg1[LEN], wg2[LEN];  // filled by wnaf_var (wa* only read when use_a)
    int bits = 0;
    Ge ta[TA], tl[TA];
    // Signed tables: t1[(d + 2^(WA-1) - 1) / 2] = d·P for odd d in (-2^(WA-1), 2^(WA-1)) (t2 for λP),
    // with the split's signs folded in, so the walk neither negates nor branches on a digit's sign.
    Ge t1[2 * TA], t2[2 * TA];
    Fe ztotal;  // the P tables' isomorphism (see odd_multiples_iso_var)
    bool use_a = !a.infinity && !scalar_is_zero(na);
    if (use_a) {
        Scalar k1, k2;
        scalar_split_lambda(k1, k2, na);
        bool neg1 = scalar_is_high(k1), neg2 = scalar_is_high(k2);
        if (neg1) scalar_negate(k1, k1);
        if (neg2) scalar_negate(k2, k2);
        int b1 = wnaf_var(wa1, LEN, k1, WA);
        int b2 = wnaf_var(wa2, LEN, k2, WA);
        bits = b1 > b2 ? b1 : b2;
        odd_multiples_iso_var(ta, a, TA, ztotal);
        for (int i = 0; i < TA; i++) {
            ge_mul_lambda(tl[i], ta[i]);
            Ge na, nl;
            ge_neg(na, ta[i]);
            nl = tl[i];
            nl.y = na.y;
            t1[TA + i] = neg1 ? na : ta[i];
            t1[TA - 1 - i] = neg1 ? ta[i] : na;
            t2[TA + i] = neg2 ? nl : tl[i];
            t2[TA - 1 - i] = neg2 ? tl[i] : nl;
        }
    }
    Scalar g1, g2;
    scalar_split_128(g1, g2, ng);
    int bg1 = wnaf_var(wg1, LEN, g1, ECMULT_G_WINDOW);
    int bg2 = wnaf_var(wg2, LEN, g2, ECMULT_G_WINDOW);
    if (bg1 > bits) bits = bg1;
    if (bg2 > bits) bits = bg2;
    Gej acc;
    gej_set_infinity(acc);
    for (int i = bits - 1; i >= 0; i--) {
        // The doubling inlined into the walk (gej_double itself is an out-of-line call here).
        if (!acc.infinity) gej_double_impl<false>(acc, nullptr, nullptr, acc);
        if (use_a) {
            if (wa1[i]) gej_add_ge_var(acc, acc, t1[(wa1[i] + (TA * 2 - 1)) >> 1]);
            if (wa2[i]) gej_add_ge_var(acc, acc, t2[(wa2[i] + (TA * 2 - 1)) >> 1]);
        }
        if (wg1[i]) table_add_storage_var(acc, ECMULT_G_ODD, wg1[i], use_a ? &ztotal : nullptr);
        if (wg2[i]) table_add_storage_var(acc, ECMULT_G128_ODD, wg2[i], use_a ? &ztotal : nullptr);
    }
    r = acc;
    if (use_a) fe_mul(r.z, r.z, ztotal);  // back to secp256k1
}

// Signed w-bit digits of a scalar below 2^(w·n - 1): d_i in [-2^(w-1), 2^(w-1)], stored as
// magnitude and sign, computed without branches (the scalar is secret).
template <int W, int N>
static inline void signed_digits(uint32_t (&absd)[N], uint64_t (&neg)[N], const Scalar& k) {
    uint64_t carry = 0;
    for (int i = 0; i < N; i++) {
        uint64_t v = scalar_get_bits_range(k, W * i, W) + carry;
        carry = (uint64_t)((1 << (W - 1)) - v) >> 63;  // v > 2^(w-1)
        absd[i] = (uint32_t)(v ^ ((0 - carry) & (v ^ ((uint64_t)(1 << W) - v))));
        neg[i] = carry;
    }
}

static void konst(Gej& r, const Ge& a, const Scalar& k) {
    // GLV: k = k1 + k2·λ with |k1|, |k2| < 2^128; then signed 5-bit digits of |k1| and |k2|
    // (26 windows) against tables of 1..16 times P and λP, with the split's signs folded into the
    // digits' signs. Tables depend only on the (public) point.
    //
    // The tables are affine on an isomorphic curve instead of on secp256k1 itself, which saves
    // the inversion: with Z the z-coordinate of 16·P (Jacobian), φ(x, y) = (x·Z², y·Z³) maps the
    // curve to y² = x³ + 7·Z⁶, where every j·P has the affine form (X_j·f², Y_j·f³), f = Z/Z_j
    // (products of the additions' z-ratios). Addition and doubling formulas do not involve the
    // curve constant, so the whole walk runs there; the result maps back by Z3 := Z3·Z.
    constexpr int W = 5, N = 26, E = 1 << (W - 1);
    GeStorage t1[E], t2[E];
    Fe zglobal;
    {
        // j[i] = (i+1)·P by co-Z steps as in odd_multiples_iso_var: 2P by the co-Z doubling
        // (P itself on its z: 2P's z is P.y), then j[i] = j[i-1] + P with P moved along.
        Fe jx[E], jy[E], zr[E], qx, qy;
        Gej j0, j1;
        gej_set_ge(j0, a);
        gej_double_coz(j1, qx, qy, j0);
        jx[0] = a.x; jy[0] = a.y;
        jx[1] = j1.x; jy[1] = j1.y;
        zr[1] = a.y;
        for (int i = 2; i < E; i++) gej_coz_add_update(jx[i], jy[i], qx, qy, zr[i], jx[i - 1], jy[i - 1]);
        Fe f, f2, f3;
        fe_set_int(f, 1);
        for (int i = E - 1; i >= 0; i--) {
            Ge g;
            fe_sqr(f2, f);
            fe_mul(f3, f2, f);
            fe_mul(g.x, jx[i], f2);
            fe_mul(g.y, jy[i], f3);
            g.infinity = 0;
            ge_to_storage(t1[i], g);
            ge_mul_lambda(g, g);
            ge_to_storage(t2[i], g);
            if (i > 0) fe_mul(f, f, zr[i]);
        }
        zglobal = f;  // zr[1] ··· zr[E-1]: the z of 16·P
    }
    Scalar k1, k2;
    scalar_split_lambda(k1, k2, k);
    uint64_t neg1 = scalar_is_high(k1), neg2 = scalar_is_high(k2);
    scalar_cond_negate(k1, neg1);
    scalar_cond_negate(k2, neg2);
    uint32_t d1[N], d2[N];
    uint64_t s1[N], s2[N];
    signed_digits<W, N>(d1, s1, k1);
    signed_digits<W, N>(d2, s2, k2);
    // The top window's P entry starts the sum (set, not added to infinity: one addition fewer;
    // a zero digit gives infinity, which the complete addition handles).
    Gej acc;
    Ge p;
    const_lookup_storage(p, t1, E, d1[N - 1], s1[N - 1] ^ neg1);
    gej_set_ge(acc, p);
    const_lookup_storage(p, t2, E, d2[N - 1], s2[N - 1] ^ neg2);
    gej_add_ge(acc, acc, p);
    for (int i = N - 2; i >= 0; i--) {
        for (int d = 0; d < W; d++) gej_double(acc, acc);
        const_lookup_storage(p, t1, E, d1[i], s1[i] ^ neg1);
        gej_add_ge(acc, acc, p);
        const_lookup_storage(p, t2, E, d2[i], s2[i] ^ neg2);
        gej_add_ge(acc, acc, p);
    }
    r = acc;
    fe_mul(r.z, r.z, zglobal);  // back from the isomorphic curve
    scalar_clear(k1);
    scalar_clear(k2);
    hash::memclear(d1, sizeof d1);
    hash::memclear(d2, sizeof d2);
}

// The entry points (EcmultOps), on group.h's points and field elements.
namespace entry {
using OFe = fastsecp::Fe;
using OGe = fastsecp::Ge;
using OGej = fastsecp::Gej;
static void gen(const GenBlind& b, OGej& r, const Scalar& k) {
    Gej t;
    FASTSECP_VARIANT::gen(b, t, k);
    gej_export(r, t);
}
static void strauss(OGej& r, const OGej& a, const Scalar& na, const Scalar& ng) {
    Gej ta, t;
    gej_import(ta, a);
    FASTSECP_VARIANT::strauss(t, ta, na, ng);
    gej_export(r, t);
}
static void konst(OGej& r, const OGe& a, const Scalar& k) {
    Ge ta;
    Gej t;
    ge_import(ta, a);
    FASTSECP_VARIANT::konst(t, ta, k);
    gej_export(r, t);
}
static void gen_var(OGej& r, const Scalar& k) {
    Gej t;
    FASTSECP_VARIANT::gen_var(t, k);
    gej_export(r, t);
}
static void field_mul(OFe& r, const OFe& a, const OFe& b) {
    Fe ta, tb, t;
    fe_import(ta, a);
    fe_import(tb, b);
    fe_mul(t, ta, tb);
    fe_export(r, t);
}
static void field_sqr(OFe& r, const OFe& a) {
    Fe ta, t;
    fe_import(ta, a);
    fe_sqr(t, ta);
    fe_export(r, t);
}
static bool decompress(OGe& r, const OFe& x, bool odd) {
    Fe tx;
    Ge t;
    fe_import(tx, x);
    bool ok = ge_set_xo_impl(t, tx, odd);
    ge_export(r, t);
    return ok;
}
static bool on_curve(const OGe& a) {
    Ge t;
    ge_import(t, a);
    return ge_is_valid_var_impl(t);
}
static bool field_sqrt(OFe& r, const OFe& a) {
    Fe ta, t;
    fe_import(ta, a);
    bool ok = fe_sqrt(t, ta);
    fe_export(r, t);
    return ok;
}
static void field_pow_p3d4(OFe& r, const OFe& a) {
    Fe ta, t;
    fe_import(ta, a);
    fe_pow_p3d4(t, ta);
    fe_export(r, t);
}
static void sc_mul(Scalar& r, const Scalar& a, const Scalar& b) { scalar_mul(r, a, b); }
static void sc_reduce_wide(Scalar& r, const uint64_t l[8]) { scalar_reduce_wide(r, l); }
}  // namespace entry

}  // namespace fastsecp::FASTSECP_VARIANT
