// Group law (src/group/group.h) and scalar multiplication (src/ecmult/) against the textbook
// affine reference; every ecmult variant this CPU can run is checked.
#include <gtest/gtest.h>

#include <vector>

#include "ecmult/ecmult.h"
#include "ecmult/wnaf.h"
#include "ref_bigint.h"

using namespace fastsecp;

namespace {

ref::U256 ref_fe(Fe a) {
    fe_normalize(a);
    unsigned char b[32];
    fe_get_b32(b, a);
    return ref::from_b32(b);
}
Fe fe_of(const ref::U256& v) {
    unsigned char b[32];
    ref::to_b32(b, v);
    Fe r;
    fe_set_b32_mod(r, b);
    return r;
}
Scalar sc_of(const ref::U256& v) {
    unsigned char b[32];
    ref::to_b32(b, v);
    Scalar s;
    scalar_set_b32(s, b, nullptr);
    return s;
}
ref::Point ref_of(const Gej& j) {
    ref::Point p;
    if (j.infinity) return p;
    Ge a;
    ge_set_gej_var(a, j);
    p.inf = false;
    p.x = ref_fe(a.x);
    p.y = ref_fe(a.y);
    return p;
}
Ge ge_of(const ref::Point& p) {
    Ge g;
    if (p.inf) {
        ge_set_infinity(g);
        return g;
    }
    ge_set_xy(g, fe_of(p.x), fe_of(p.y));
    return g;
}
// The same point with Jacobian z = zv: (X·z², Y·z³, z). j must have z = 1.
void rescale(Gej& j, const ref::U256& zv) {
    Fe z = fe_of(zv), z2, z3;
    fe_sqr(z2, z);
    fe_mul(z3, z2, z);
    fe_mul(j.x, j.x, z2);
    fe_mul(j.y, j.y, z3);
    j.z = z;
}
bool same(const ref::Point& a, const ref::Point& b) {
    if (a.inf || b.inf) return a.inf == b.inf;
    return ref::cmp(a.x, b.x) == 0 && ref::cmp(a.y, b.y) == 0;
}
ref::U256 rand_sc(std::mt19937_64& rng) {
    ref::U256 v = ref::random_u256(rng);
    while (ref::cmp(v, ref::N) >= 0) v = ref::sub(v, ref::N);
    return v;
}

std::vector<const EcmultOps*> variants() {
    std::vector<const EcmultOps*> v{&ECMULT_PORTABLE};
    if (cpu_supports_fast_variant()) v.push_back(&ECMULT_BMI2);
    return v;
}

TEST(Group, GeneratorAndLambdaAreOnCurve) {
    EXPECT_TRUE(ge_is_valid_var(ge_generator()));
    Ge l;
    ge_mul_lambda(l, ge_generator());
    EXPECT_TRUE(ge_is_valid_var(l));
    // λ·G equals the endomorphism image of G.
    const ref::U256 lambda = ref::from_hex("5363AD4CC05C30E0A5261C028812645A122E22EA20816678DF02967C1B23BD72");
    ref::Point e = ref::pmul(lambda, ref::generator());
    EXPECT_EQ(ref::cmp(ref_fe(l.x), e.x), 0);
    EXPECT_EQ(ref::cmp(ref_fe(l.y), e.y), 0);
}

TEST(Group, AdditionFormulasAgreeWithReference) {
    std::mt19937_64 rng(6);
    ref::Point g = ref::generator();
    for (int i = 0; i < 40; i++) {
        ref::Point a = ref::pmul(rand_sc(rng), g), b = ref::pmul(rand_sc(rng), g);
        // Special cases in turn: b = a, b = -a, a or b infinity, y(b) = -y(a) with x(b) ≠ x(a).
        if (i == 1) b = a;
        if (i == 2) { b = a; b.y = ref::submod(ref::U256{}, a.y, ref::P); }
        if (i == 3) a = ref::Point{};
        if (i == 4) b = ref::Point{};
        if (i == 5) {  // y2 = -y1 with x2 = β·x1 ≠ x1: the unified slope's denominator vanishes
            const ref::U256 beta = ref::from_hex("7AE96A2B657C07106E64479EAC3434E99CF0497512F58995C1396C28719501EE");
            b.inf = false;
            b.x = ref::mulmod(a.x, beta, ref::P);
            b.y = ref::submod(ref::U256{}, a.y, ref::P);
        }
        ref::Point expect = ref::padd(a, b);
        Gej aj, bj, r;
        Ge ag = ge_of(a), bg = ge_of(b);
        gej_set_ge(aj, ag);
        gej_set_ge(bj, bg);
        // a with a non-trivial Jacobian z, so the formulas' z handling is exercised.
        if (!a.inf) rescale(aj, ref::from_hex("1234567890ABCDEF1234567890ABCDEF"));
        gej_add_var(r, aj, bj);
        ASSERT_TRUE(same(ref_of(r), expect)) << i;
        gej_add_ge_var(r, aj, bg);
        ASSERT_TRUE(same(ref_of(r), expect)) << i;
        gej_add_ge(r, aj, bg);
        ASSERT_TRUE(same(ref_of(r), expect)) << i;
        gej_double(r, aj);
        ASSERT_TRUE(same(ref_of(r), ref::padd(a, a))) << i;
    }
}

// The co-Z operations that build Strauss's and the constant-time k·P's tables: the doubling's
// by-product is the input point on the result's z; the co-Z addition returns p + q and q on the
// sum's z, with the z-ratio px - qx. Checked on points sharing a non-trivial z.
TEST(Group, CoZDoublingAndAdditionAgreeWithReference) {
    std::mt19937_64 rng(62);
    ref::Point g = ref::generator();
    const ref::U256 zv = ref::from_hex("1234567890ABCDEF1234567890ABCDEF00FF00FF");
    for (int i = 0; i < 30; i++) {
        ref::Point a = ref::pmul(rand_sc(rng), g), b = ref::pmul(rand_sc(rng), g);
        Gej aj, bj;
        gej_set_ge(aj, ge_of(a));
        gej_set_ge(bj, ge_of(b));
        rescale(aj, zv);
        rescale(bj, zv);

        Gej d, moved;
        Fe ax, ay;
        gej_double_coz(d, ax, ay, aj);
        ASSERT_TRUE(same(ref_of(d), ref::padd(a, a))) << i;
        moved.x = ax; moved.y = ay; moved.z = d.z; moved.infinity = 0;
        ASSERT_TRUE(same(ref_of(moved), a)) << i;

        Gej s, q;
        Fe zr;
        q = bj;
        gej_coz_add_update(s.x, s.y, q.x, q.y, zr, aj.x, aj.y);
        fe_mul(s.z, aj.z, zr);
        s.infinity = 0;
        q.z = s.z;
        ASSERT_TRUE(same(ref_of(s), ref::padd(a, b))) << i;
        ASSERT_TRUE(same(ref_of(q), b)) << i;
    }
}

// Affine additions sharing one inversion: three pairs at once against the reference; a pair with
// equal x (a doubling, or a sum at infinity) is refused with the outputs untouched.
TEST(Group, AffineDistinctAdditionsShareOneInversion) {
    std::mt19937_64 rng(61);
    ref::Point g = ref::generator();
    for (int i = 0; i < 12; i++) {
        ref::Point a[3], b[3];
        Ge ag[3], bg[3], r[3];
        for (int j = 0; j < 3; j++) {
            a[j] = ref::pmul(rand_sc(rng), g);
            b[j] = ref::pmul(rand_sc(rng), g);
        }
        if (i == 1) b[2] = a[2];                                                    // doubling
        if (i == 2) { b[0] = a[0]; b[0].y = ref::submod(ref::U256{}, a[0].y, ref::P); }  // infinity
        for (int j = 0; j < 3; j++) { ag[j] = ge_of(a[j]); bg[j] = ge_of(b[j]); }
        for (int j = 0; j < 3; j++) ge_set_infinity(r[j]);
        bool ok = ge_add_distinct_var<3>(r, ag, bg);
        ASSERT_EQ(ok, i != 1 && i != 2) << i;
        for (int j = 0; j < 3; j++) {
            if (!ok) {
                ASSERT_TRUE(r[j].infinity) << i;  // untouched
                continue;
            }
            Gej rj;
            gej_set_ge(rj, r[j]);
            ASSERT_TRUE(same(ref_of(rj), ref::padd(a[j], b[j]))) << i << " " << j;
        }
        Ge one;
        ASSERT_EQ(ge_add_distinct_var<1>(&one, &ag[1], &bg[1]), true);
        Gej oj;
        gej_set_ge(oj, one);
        ASSERT_TRUE(same(ref_of(oj), ref::padd(a[1], b[1])));
    }
}

TEST(Group, DecompressionAndBatchNormalize) {
    std::mt19937_64 rng(7);
    std::vector<Gej> js;
    std::vector<ref::Point> expect;
    for (int i = 0; i < 20; i++) {
        ref::Point p = ref::pmul(rand_sc(rng), ref::generator());
        Ge g;
        ASSERT_TRUE(ge_set_xo(g, fe_of(p.x), p.y.d[0] & 1));
        EXPECT_EQ(ref::cmp(ref_fe(g.y), p.y), 0);
        Gej j;
        gej_set_ge(j, g);
        gej_double(j, j);
        if (i % 5 == 3) gej_set_infinity(j);
        js.push_back(j);
        expect.push_back(j.infinity ? ref::Point{} : ref::padd(p, p));
    }
    std::vector<Ge> out(js.size());
    std::vector<Fe> scratch(js.size());
    ge_set_all_gej_var(out.data(), js.data(), js.size(), scratch.data());
    for (size_t i = 0; i < js.size(); i++) {
        if (expect[i].inf) {
            EXPECT_TRUE(out[i].infinity);
            continue;
        }
        EXPECT_EQ(ref::cmp(ref_fe(out[i].x), expect[i].x), 0);
        EXPECT_EQ(ref::cmp(ref_fe(out[i].y), expect[i].y), 0);
    }
    // x = 0 is not on the curve? 0^3 + 7 = 7 is not a square mod p.
    Ge g;
    Fe zero;
    fe_set_int(zero, 0);
    EXPECT_FALSE(ge_set_xo(g, zero, false));
}

TEST(Wnaf, DigitsRebuildTheScalarAndAreSparse) {
    std::mt19937_64 rng(8);
    for (int w = 2; w <= 15; w++) {
        for (int i = 0; i < 50; i++) {
            Scalar s = sc_of(rand_sc(rng));
            s.d[2] = s.d[3] = 0;  // 128-bit inputs, as Strauss uses
            // Edge shapes: zero, one, long runs of ones (carries through whole words), a lone
            // top bit, words that are all zero between set bits.
            if (i == 0) s.d[0] = s.d[1] = 0;
            if (i == 1) { s.d[0] = 1; s.d[1] = 0; }
            if (i == 2) { s.d[0] = ~0ULL; s.d[1] = ~0ULL >> 1; }
            if (i == 3) { s.d[0] = 0; s.d[1] = 1ULL << 62; }
            if (i == 4) { s.d[0] = ~0ULL << 7; s.d[1] = (~0ULL >> 3) ^ 0xF0; }
            if (i == 5) { s.d[0] = 1ULL << 63; s.d[1] = 1; }
            int d[130];
            int len = wnaf_var(d, 130, s, w);
            // Rebuild: sum d[i]·2^i as a signed 192-bit value in two's complement.
            unsigned __int128 lo = 0;
            __int128 acc_hi = 0;  // not needed beyond 130 bits; rebuild in a scalar instead
            (void)lo; (void)acc_hi;
            Scalar r, t;
            scalar_set_int(r, 0);
            for (int k = len - 1; k >= 0; k--) {
                scalar_add(r, r, r);
                scalar_set_int(t, (uint64_t)(d[k] < 0 ? -d[k] : d[k]));
                if (d[k] < 0) scalar_negate(t, t);
                scalar_add(r, r, t);
            }
            ASSERT_TRUE(scalar_eq(r, s));
            // The callback form reports exactly the nonzero digits, lowest position first.
            int seen[130], n_seen = 0, prev = -1;
            bool ordered = true;
            int len2 = wnaf_each_var(s, 130, w, [&](int pos, int v) {
                ordered &= pos > prev && pos < 130;
                prev = pos;
                if (ordered) seen[n_seen++] = pos;
                (void)v;
                if (ordered && v != d[pos]) ordered = false;
            });
            ASSERT_TRUE(ordered);
            ASSERT_EQ(len2, len);
            int n_nonzero = 0;
            for (int k = 0; k < 130; k++) n_nonzero += d[k] != 0;
            ASSERT_EQ(n_seen, n_nonzero);
            for (int k = 0; k < n_seen; k++) ASSERT_NE(d[seen[k]], 0);
            int last = -w;
            for (int k = 0; k < 130; k++) {
                if (!d[k]) continue;
                ASSERT_TRUE(d[k] & 1);
                ASSERT_LT(d[k], 1 << (w - 1));
                ASSERT_GT(d[k], -(1 << (w - 1)));
                ASSERT_GE(k - last, w);
                last = k;
            }
        }
    }
}

TEST(Ecmult, AllVariantsMatchReference) {
    std::mt19937_64 rng(9);
    ref::Point g = ref::generator();
    GenBlind plain, blinded;
    gen_blind_default(plain);
    unsigned char seed[32] = {1, 2, 3};
    gen_blind_set(blinded, seed);
    const ref::U256 nm1 = ref::sub(ref::N, ref::U256{{1, 0, 0, 0}});
    // k·G's window edges (GEN_WINDOW_BITS-bit windows below bit 252): every window at
    // 2^(w-1) (the largest digit without a carry), every window at 2^(w-1) + 1 (the smallest
    // value that becomes negative and carries) and every window all ones (carries rippling
    // through every window).
    ref::U256 half{}, half1{}, ones{};
    for (int w = 0; w * GEN_WINDOW_BITS + GEN_WINDOW_BITS <= 252; w++) {
        int base = w * GEN_WINDOW_BITS;
        half.d[(base + GEN_WINDOW_BITS - 1) / 64] |= 1ULL << ((base + GEN_WINDOW_BITS - 1) % 64);
        half1.d[(base + GEN_WINDOW_BITS - 1) / 64] |= 1ULL << ((base + GEN_WINDOW_BITS - 1) % 64);
        half1.d[base / 64] |= 1ULL << (base % 64);
        for (int j = 0; j < GEN_WINDOW_BITS; j++) ones.d[(base + j) / 64] |= 1ULL << ((base + j) % 64);
    }
    for (const EcmultOps* ops : variants()) {
        for (int i = 0; i < 28; i++) {
            ref::U256 k = rand_sc(rng), k2 = rand_sc(rng), pk = rand_sc(rng);
            if (i == 0) k = ref::U256{};
            if (i == 1) k = ref::U256{{1, 0, 0, 0}};
            if (i == 2) k = nm1;
            if (i == 3) k2 = ref::U256{};
            if (i == 25) k = half;
            if (i == 26) k = half1;
            if (i == 27) k = ones;
            ref::Point P = ref::pmul(pk, g);
            ref::Point kG = ref::pmul(k, g);
            Gej r;
            ops->gen(plain, r, sc_of(k));
            ASSERT_TRUE(same(ref_of(r), kG)) << ops->name << " gen " << i;
            ops->gen(blinded, r, sc_of(k));
            ASSERT_TRUE(same(ref_of(r), kG)) << ops->name << " gen blinded " << i;
            ops->gen_var(r, sc_of(k));
            ASSERT_TRUE(same(ref_of(r), kG)) << ops->name << " gen_var " << i;
            Ge pg = ge_of(P);
            ops->konst(r, pg, sc_of(k));
            ASSERT_TRUE(same(ref_of(r), ref::pmul(k, P))) << ops->name << " const " << i;
            Gej pj;
            gej_set_ge(pj, pg);
            ops->strauss(r, pj, sc_of(k2), sc_of(k));
            ASSERT_TRUE(same(ref_of(r), ref::padd(ref::pmul(k2, P), kG))) << ops->name << " strauss " << i;
            rescale(pj, ref::from_hex("1D2C3B4A59687766554433221100FFEEDDCCBBAA99887766"));  // z != 1
            ops->strauss(r, pj, sc_of(k2), sc_of(k));
            ASSERT_TRUE(same(ref_of(r), ref::padd(ref::pmul(k2, P), kG))) << ops->name << " strauss, z != 1 " << i;
        }
        // k·P + (-k)·P = infinity through Strauss, and na·∞ + ng·G.
        ref::U256 k = rand_sc(rng);
        Gej r, inf;
        gej_set_infinity(inf);
        Gej gj;
        gej_set_ge(gj, ge_generator());
        ops->strauss(r, gj, sc_of(k), sc_of(ref::submod(ref::U256{}, k, ref::N)));
        EXPECT_TRUE(r.infinity);
        ops->strauss(r, inf, sc_of(k), sc_of(k));
        EXPECT_TRUE(same(ref_of(r), ref::pmul(k, g)));
    }
}

}  // namespace
