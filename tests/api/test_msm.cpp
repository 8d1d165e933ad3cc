// Internal: the multi-scalar multiplication behind Schnorr batch verification (batch/msm.h),
// both algorithms in every variant this CPU can run, against a sum of single multiplications
// (ecmult, itself tested against a slow reference in tests/unit).
#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <random>
#include <vector>

#include "batch/batch_ops.h"
#include "batch/msm.h"
#include "batch/msm_layout.h"
#include "ecmult/ecmult.h"
#include "simd/ifma.h"

namespace fastsecp::test {
namespace {

struct Gen {
    std::mt19937_64 rng;
    explicit Gen(uint64_t seed) : rng(seed) {}
    Scalar scalar() {
        Scalar s;
        unsigned char b[32];
        for (auto& c : b) c = (unsigned char)rng();
        scalar_set_b32(s, b, nullptr);
        return s;
    }
    Scalar short_scalar() {  // < 2^128
        Scalar s = scalar();
        s.d[2] = s.d[3] = 0;
        return s;
    }
    Ge point() {
        Gej j;
        ecmult_gen_var(j, scalar());
        Ge g;
        ge_set_gej_var(g, j);
        return g;
    }
};

// g·G + sum k_i·P_i by one ecmult per term.
Gej naive(const batch::MsmInput& in) {
    Gej acc, t, p;
    Scalar zero;
    scalar_clear(zero);
    gej_set_infinity(p);
    ecmult(acc, p, zero, in.g);
    for (size_t i = 0; i < in.n_full; i++) {
        gej_set_ge(p, in.full_points[i]);
        ecmult(t, p, in.full_scalars[i], zero);
        gej_add_var(acc, acc, t);
    }
    for (size_t i = 0; i < in.n_short; i++) {
        gej_set_ge(p, in.short_points[i]);
        ecmult(t, p, in.short_scalars[i], zero);
        gej_add_var(acc, acc, t);
    }
    return acc;
}

bool same_point(const Gej& a, const Gej& b) {
    if (a.infinity || b.infinity) return a.infinity == b.infinity;
    Ge x, y;
    ge_set_gej_var(x, a);
    ge_set_gej_var(y, b);
    fe_normalize(x.x); fe_normalize(x.y); fe_normalize(y.x); fe_normalize(y.y);
    return fe_equal_normalized(x.x, y.x) && fe_equal_normalized(x.y, y.y);
}

std::vector<const batch::BatchOps*> variants() {
    std::vector<const batch::BatchOps*> v = {&batch::BATCH_PORTABLE};
    if (cpu_supports_fast_variant()) v.push_back(&batch::BATCH_BMI2);
    return v;
}

struct Case {
    std::vector<Ge> fp, sp;
    std::vector<Scalar> fk, sk;
    Scalar g;
    batch::MsmInput input() const {
        batch::MsmInput in;
        in.full_points = fp.data();
        in.full_scalars = fk.data();
        in.n_full = fp.size();
        in.short_points = sp.data();
        in.short_scalars = sk.data();
        in.n_short = sp.size();
        in.g = g;
        return in;
    }
};

void check(const Case& c, const char* what) {
    batch::MsmInput in = c.input();
    Gej want = naive(in);
    std::vector<unsigned char> scratch(batch::msm_scratch_size(in.n_full, in.n_short));
    for (const auto* ops : variants()) {
        Gej r;
        ops->msm_strauss(r, in, scratch.data());
        EXPECT_TRUE(same_point(r, want)) << what << ": strauss " << ops->name;
        ops->msm_pippenger(r, in, scratch.data());
        EXPECT_TRUE(same_point(r, want)) << what << ": pippenger " << ops->name;
    }
    Gej r;
    batch::msm_var(r, in, scratch.data());
    EXPECT_TRUE(same_point(r, want)) << what << ": auto";
}

TEST(Msm, RandomSizes) {
    Gen gen(std::random_device{}());
    for (size_t nf : {0, 1, 2, 5, 40, 200, 500}) {
        for (size_t ns : {0, 1, 3, 40, 200}) {
            Case c;
            for (size_t i = 0; i < nf; i++) { c.fp.push_back(gen.point()); c.fk.push_back(gen.scalar()); }
            for (size_t i = 0; i < ns; i++) { c.sp.push_back(gen.point()); c.sk.push_back(gen.short_scalar()); }
            c.g = gen.scalar();
            check(c, ("nf " + std::to_string(nf) + " ns " + std::to_string(ns)).c_str());
        }
    }
    // Enough terms for 256 buckets or more, where windows without overflow sum their buckets in
    // affine segments (pippenger_impl.h).
    for (size_t nf : {0, 760}) {
        Case c;
        size_t ns = nf ? 0 : 1600;
        for (size_t i = 0; i < nf; i++) { c.fp.push_back(gen.point()); c.fk.push_back(gen.scalar()); }
        for (size_t i = 0; i < ns; i++) { c.sp.push_back(gen.point()); c.sk.push_back(gen.short_scalar()); }
        c.g = gen.scalar();
        EXPECT_GE(batch::PippengerLayout(batch::msm_terms(nf, ns)).nb, 256u);
        check(c, ("nf " + std::to_string(nf) + " ns " + std::to_string(ns)).c_str());
    }
    {
        // 1600 short scalars whose 9-bit digits are all 1 or 3 (buckets 0 and 2 of 256 filled,
        // the rest empty): the segment sums then add a running sum to an equal one (a doubling)
        // after the empty bucket 1, and run over empty segments.
        Case c;
        ASSERT_EQ(batch::PippengerLayout(batch::msm_terms(0, 1600)).c, 9);
        for (size_t i = 0; i < 1600; i++) {
            Scalar k;
            scalar_clear(k);
            for (int j = 0; j < 14; j++) {
                const int v = gen.short_scalar().d[0] & 1 ? 3 : 1, pos = 9 * j;
                for (int bit = 0; bit < 2; bit++)
                    if ((v >> bit) & 1) k.d[(pos + bit) / 64] |= uint64_t(1) << ((pos + bit) % 64);
            }
            c.sp.push_back(gen.point());
            c.sk.push_back(k);
        }
        c.g = gen.scalar();
        check(c, "digits 1 and 3");
    }
}

// Sums that cancel to infinity, repeated points, zero and extreme scalars.
TEST(Msm, EdgeCases) {
    Gen gen(7);
    Scalar zero, one, nm1;
    scalar_clear(zero);
    scalar_set_int(one, 1);
    scalar_negate(nm1, one);
    {
        Case c;  // nothing at all
        c.g = zero;
        check(c, "empty");
    }
    {
        Case c;  // k·P + k·(-P) + 0·G = infinity
        Ge p = gen.point(), np;
        ge_neg(np, p);
        Scalar k = gen.scalar();
        c.fp = {p, np};
        c.fk = {k, k};
        c.g = zero;
        check(c, "P and -P");
    }
    {
        Case c;  // P = x·G with full and short terms summing to -g·G
        Scalar x = gen.short_scalar(), a = gen.short_scalar(), b = gen.scalar(), t;
        Gej pj;
        ecmult_gen_var(pj, x);
        Ge p;
        ge_set_gej_var(p, pj);
        c.sp = {p};
        c.sk = {a};
        c.fp = {p, p};
        c.fk = {b, b};
        // g = -(a + 2b)·x
        scalar_add(t, b, b);
        scalar_add(t, t, a);
        scalar_mul(t, t, x);
        scalar_negate(c.g, t);
        check(c, "cancels to infinity");
    }
    {
        Case c;  // repeated points, scalars 0, 1, n-1, and the generator itself
        Ge p = gen.point();
        c.fp = {p, p, p, ge_generator(), p};
        c.fk = {zero, one, nm1, one, gen.scalar()};
        c.sp = {p, p, ge_generator()};
        c.sk = {zero, one, gen.short_scalar()};
        c.g = nm1;
        check(c, "repeats and extremes");
    }
    for (int copies : {300, 1200}) {
        // Many copies of P, -P and λP (same y as P): buckets see doublings, cancellations and
        // zero slopes, with Jacobian buckets (300) and with affine ones (1200).
        Case c;
        Ge p = gen.point(), np, lp;
        ge_neg(np, p);
        ge_mul_lambda(lp, p);
        for (int i = 0; i < copies; i++) {
            c.sp.push_back(i % 3 == 0 ? p : i % 3 == 1 ? np : lp);
            c.sk.push_back(i % 5 == 0 ? c.sk.empty() ? one : c.sk.back() : gen.short_scalar());
        }
        c.g = gen.scalar();
        bool affine = batch::PippengerLayout(batch::msm_terms(0, c.sp.size())).batch > 0;
        EXPECT_EQ(affine, copies > 1000) << "the case should exercise " << (copies > 1000 ? "affine" : "Jacobian")
                                         << " buckets";
        check(c, (std::to_string(copies) + " copies").c_str());
    }
}

// MuSig2-shaped inputs (full scalars only) large enough for Strauss's row sums: repeated keys
// with equal coefficients (a row then adds P to itself: the tangent) and P next to -P with equal
// coefficients (pairs that cancel), among random ones.
TEST(Msm, RowSumsRepeatsAndCancellations) {
    Gen gen(11);
    Ge p = gen.point(), q = gen.point(), np;
    ge_neg(np, p);
    Scalar k = gen.scalar(), zero;
    scalar_clear(zero);
    for (int shape = 0; shape < 3; shape++) {
        Case c;
        for (int i = 0; i < 16; i++) {
            if (shape == 0) c.fp.push_back(p);                    // 16 copies: tangents
            else if (shape == 1) c.fp.push_back(i % 2 ? np : p);  // P, -P: everything cancels
            else c.fp.push_back(i % 4 == 0 ? p : i % 4 == 1 ? np : i % 4 == 2 ? q : gen.point());
            c.fk.push_back(shape == 2 && i % 4 == 3 ? gen.scalar() : k);
        }
        c.g = zero;
        EXPECT_TRUE(batch::strauss_row_sums(2 * c.fp.size())) << "the case should take the row sums";
        check(c, ("row sums shape " + std::to_string(shape)).c_str());
    }
}

// The 8-lane affine pair additions (IFMA when the CPU has it, and the portable emulation)
// against one Jacobian addition per pair: sizes with partial groups of eight and several
// chunks, outputs written over the first input, and the results below 2^256.
TEST(Msm, LaneAffinePairAdditions) {
    Gen gen(13);
    for (size_t n : {1, 7, 8, 9, 64, 257, 300}) {
        std::vector<Ge> a(n), b(n), want(n);
        for (size_t j = 0; j < n; j++) {
            a[j] = gen.point();
            b[j] = gen.point();
            Gej s;
            gej_set_ge(s, a[j]);
            gej_add_ge_var(s, s, b[j]);
            ge_set_gej_var(want[j], s);
            fe_normalize(want[j].x);
            fe_normalize(want[j].y);
        }
        for (int kernel = 1; kernel <= 2; kernel++) {
            if (kernel == 1 && !simd::ifma_available()) continue;
            std::vector<Ge> out = a;  // out[j] = a[j] + b[j] in place
            std::vector<Ge*> po(n);
            std::vector<const Ge*> pa(n), pb(n);
            for (size_t j = 0; j < n; j++) {
                po[j] = &out[j];
                pa[j] = &out[j];
                pb[j] = &b[j];
            }
            if (kernel == 1) simd::ge_add_pairs_var_ifma(po.data(), pa.data(), pb.data(), n);
            else simd::ge_add_pairs_var_emu8(po.data(), pa.data(), pb.data(), n);
            for (size_t j = 0; j < n; j++) {
                Ge r = out[j];
                EXPECT_EQ(r.infinity, 0u);
                fe_normalize(r.x);
                fe_normalize(r.y);
                EXPECT_TRUE(fe_equal_normalized(r.x, want[j].x) && fe_equal_normalized(r.y, want[j].y))
                    << "kernel " << kernel << " n " << n << " pair " << j;
            }
        }
    }
}

// Callers size the scratch for the most items a batch can have and may use it for fewer, which
// msm_scratch_size covers only if fewer terms never choose a wider Pippenger window.
TEST(Msm, ScratchCoversSmallerInputs) {
    int prev = 2;
    for (size_t terms = 2; terms < 200000; terms += 1 + terms / 64) {
        int c = batch::pippenger_window(terms);
        EXPECT_GE(c, prev) << terms;
        prev = c;
    }
    for (size_t n = 1; n < 2000; n += 1 + n / 8) {
        size_t bound = batch::msm_scratch_size(n, n);
        for (size_t m = 0; m <= n; m += 1 + m / 4) {
            EXPECT_LE(batch::StraussLayout(m, m).total, bound) << n << " " << m;
            EXPECT_LE(batch::PippengerLayout(batch::msm_terms(m, m)).total, bound) << n << " " << m;
        }
        size_t keys_bound = batch::msm_scratch_size(n, 0);  // full scalars only (MuSig2)
        for (size_t m = 0; m <= n; m += 1 + m / 4) {
            EXPECT_LE(batch::StraussLayout(m, 0).total, keys_bound) << n << " " << m;
            EXPECT_LE(batch::PippengerLayout(batch::msm_terms(m, 0)).total, keys_bound) << n << " " << m;
        }
    }
}

// lift_x_even against group.h's ge_set_xo (one square root at a time) on random x, x that are
// on no point, and the edges 0 and p - 1, for batch sizes that take every path (pairs, a single
// root, full and partial groups of eight IFMA lanes when the CPU has them, several chunks).
TEST(LiftX, MatchesSingleDecompression) {
    Gen gen(11);
    std::vector<Fe> xs;
    Fe zero, pm1;
    fe_set_int(zero, 0);
    fe_set_int(pm1, 1);
    fe_negate(pm1, pm1, 1);
    fe_normalize(pm1);
    xs.push_back(zero);
    xs.push_back(pm1);
    while (xs.size() < 240) {
        unsigned char b[32];
        for (auto& c : b) c = (unsigned char)gen.rng();
        Fe x;
        if (fe_set_b32_limit(x, b)) xs.push_back(x);
    }
    int on_curve = 0, checked = 0;
    for (const auto* ops : variants()) {
        size_t off = 0;
        for (size_t n : {0, 1, 2, 3, 4, 5, 7, 8, 9, 12, 13, 16, 31, 32, 33, 70}) {
            if (off + n > xs.size()) off = 0;
            std::vector<Ge> got(n + 1);
            std::unique_ptr<bool[]> ok(new bool[n + 1]);
            ops->lift_x_even(got.data(), ok.get(), xs.data() + off, n);
            for (size_t k = 0; k < n; k++) {
                Ge want;
                bool want_ok = ge_set_xo_impl(want, xs[off + k], false);
                EXPECT_EQ(ok[k], want_ok) << ops->name << " n=" << n << " k=" << k;
                on_curve += want_ok;
                checked++;
                if (!want_ok || !ok[k]) continue;
                EXPECT_TRUE(fe_equal_normalized(got[k].x, want.x)) << ops->name << " n=" << n << " k=" << k;
                EXPECT_TRUE(fe_equal_normalized(got[k].y, want.y)) << ops->name << " n=" << n << " k=" << k;
                EXPECT_FALSE(fe_is_odd(got[k].y));
            }
            off += n;
        }
    }
    // Roughly half of all x are on the curve: both outcomes were exercised.
    EXPECT_GT(on_curve, checked / 4);
    EXPECT_LT(on_curve, checked - checked / 4);
}

// The 8-lane square-root chain (IFMA when the CPU has it, and the portable emulation) against
// fe_sqrt: equal roots up to sign for squares (including 0 and 1), and never y² = c otherwise.
TEST(LiftX, LaneSquareRootsMatchScalar) {
    Gen gen(12);
    std::vector<Fe> c(21);
    for (size_t i = 0; i < c.size(); i++) {
        unsigned char b[32];
        for (auto& v : b) v = (unsigned char)gen.rng();
        fe_set_b32_mod(c[i], b);
        fe_normalize(c[i]);
    }
    fe_set_int(c[0], 0);
    fe_set_int(c[1], 1);
    std::vector<void (*)(Fe*, const Fe*, size_t)> kernels = {simd::pow_sqrt_emu8};
    if (simd::ifma_available()) kernels.push_back(simd::pow_sqrt_ifma);
    int squares = 0;
    for (auto kernel : kernels) {
        std::vector<Fe> y(c.size());
        kernel(y.data(), c.data(), c.size());
        for (size_t i = 0; i < c.size(); i++) {
            Fe want, got2;
            bool is_square = fe_sqrt(want, c[i]);
            squares += is_square;
            fe_sqr(got2, y[i]);
            fe_normalize(got2);
            EXPECT_EQ(fe_equal_normalized(got2, c[i]), is_square) << i;
            if (!is_square) continue;
            Fe neg = want;
            fe_negate(neg, neg, 1);
            fe_normalize(neg);
            fe_normalize(want);
            fe_normalize(y[i]);
            EXPECT_TRUE(fe_equal_normalized(y[i], want) || fe_equal_normalized(y[i], neg)) << i;
        }
    }
    EXPECT_GT(squares, 2);
    EXPECT_LT(squares, (int)(c.size() * kernels.size()) - 2);
}

}  // namespace
}  // namespace fastsecp::test
