// Internal BIP-352 pieces against the plain group law: label candidates from the shared-inversion
// affine formulas, the direct comparison on Jacobian points, the order of label lookups in a
// scanning round, and the shared-secret serialization.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "schemes/eckey.h"
#include "schemes/silentpayments.h"
#include "schemes/silentpayments_scan.h"

using namespace fastsecp;
namespace sp = fastsecp::silentpayments;

namespace {

std::mt19937_64 rng(20240913);

Scalar random_scalar() {
    unsigned char b[32];
    for (auto& c : b) c = (unsigned char)rng();
    Scalar s;
    scalar_set_b32(s, b, nullptr);
    if (scalar_is_zero(s)) scalar_set_int(s, 1);
    return s;
}
Ge random_point() {
    Gej j;
    ecmult_gen_var(j, random_scalar());
    Ge p;
    ge_set_gej_var(p, j);
    fe_normalize_var(p.x);
    fe_normalize_var(p.y);
    return p;
}
// The even-y point with p's x (what an x-only output stands for).
Ge even(Ge p) {
    fe_normalize_var(p.y);
    if (fe_is_odd(p.y)) {
        fe_negate(p.y, p.y, 1);
        fe_normalize_var(p.y);
    }
    return p;
}
std::string ser(const Ge& p) {
    unsigned char out[33];
    pubkey_serialize33(out, p);
    return std::string(reinterpret_cast<const char*>(out), 33);
}
// a + b by the generic Jacobian law, affine.
Ge add(const Ge& a, const Ge& b) {
    Gej j;
    gej_set_ge(j, a);
    gej_add_ge_var(j, j, b);
    Ge r;
    ge_set_gej_var(r, j);
    return r;
}
Ge neg(const Ge& a) {
    Ge r;
    ge_neg(r, a);
    return r;
}

TEST(SilentPayments, LabelCandidatesMatchGroupLaw) {
    for (size_t n = 1; n <= sp::LABEL_BATCH; n++) {
        Ge p = random_point();
        std::vector<Ge> t(n), cand(2 * n);
        for (auto& x : t) x = even(random_point());
        sp::label_candidates_var(cand.data(), t.data(), n, p);
        for (size_t j = 0; j < n; j++) {
            EXPECT_EQ(ser(cand[2 * j]), ser(add(t[j], neg(p)))) << "T - P, n=" << n << " j=" << j;
            EXPECT_EQ(ser(cand[2 * j + 1]), ser(add(neg(t[j]), neg(p)))) << "-T - P, n=" << n << " j=" << j;
        }
    }
}

TEST(SilentPayments, DirectMatchComparesXOnly) {
    Ge p = random_point();
    Gej pj;
    gej_set_ge(pj, p);
    // Rescale to a non-trivial Z so the comparison really works on Jacobian coordinates.
    Gej two;
    gej_double(two, pj);
    gej_add_ge_var(pj, two, neg(p));
    std::vector<Ge> outs = {even(random_point()), even(random_point()), even(neg(p)), even(p)};
    auto load = [&](size_t j, Ge& t) { t = outs[j]; };
    EXPECT_EQ(sp::find_direct_var(pj, outs.size(), load), 2u);  // x(-P) == x(P)
    EXPECT_EQ(sp::find_direct_var(pj, 2, load), 2u);            // none among the first two
}

TEST(SilentPayments, ScanRoundLookupOrder) {
    // 40 outputs (more than two batches), the direct match at position `direct`; the lookup
    // answers on its q-th call. Expected: candidates T_j - P, -T_j - P for j < direct in order,
    // the first hit wins, else the direct match.
    for (int trial = 0; trial < 60; trial++) {
        const size_t n = 40;
        Ge p = random_point();
        Gej pj;
        gej_set_ge(pj, p);
        std::vector<Ge> outs(n);
        for (auto& o : outs) o = even(random_point());
        size_t direct = rng() % (n + 1);  // n: no direct match
        if (direct < n) outs[direct] = even(p);
        int hit_on = (int)(rng() % (2 * n + 2));
        std::vector<std::string> asked;
        static const unsigned char tweak[32] = {1};
        auto load = [&](size_t j, Ge& t) { t = outs[j]; };
        auto lookup = [&](const unsigned char* l33) -> const unsigned char* {
            asked.emplace_back(reinterpret_cast<const char*>(l33), 33);
            return (int)asked.size() == hit_on ? tweak : nullptr;
        };
        sp::RoundResult r = sp::scan_round_var(pj, n, true, load, lookup);
        std::vector<std::string> want;
        for (size_t j = 0; j < direct && j < n; j++) {
            want.push_back(ser(add(outs[j], neg(p))));
            want.push_back(ser(add(neg(outs[j]), neg(p))));
        }
        if (hit_on >= 1 && (size_t)hit_on <= want.size()) {
            want.resize(hit_on);
            ASSERT_EQ(r.index, size_t(hit_on - 1) / 2);
            EXPECT_EQ(r.label_tweak, tweak);
            EXPECT_EQ(ser(r.label), want.back());
        } else {
            EXPECT_EQ(r.index, direct < n ? direct : SIZE_MAX);
            EXPECT_EQ(r.label_tweak, nullptr);
        }
        EXPECT_EQ(asked, want) << "trial " << trial;
        // Without labels nothing is looked up.
        asked.clear();
        sp::RoundResult plain = sp::scan_round_var(pj, n, false, load, lookup);
        EXPECT_TRUE(asked.empty());
        EXPECT_EQ(plain.index, direct < n ? direct : SIZE_MAX);
    }
}

TEST(SilentPayments, SharedSecretSerialization) {
    for (int i = 0; i < 20; i++) {
        Ge p = random_point();
        Scalar k = random_scalar();
        unsigned char ss[33];
        sp::shared_secret(ss, p, k);
        Gej j;
        ecmult(j, [&] { Gej a; gej_set_ge(a, p); return a; }(), k, Scalar{});
        Ge s;
        ge_set_gej_var(s, j);
        EXPECT_EQ(std::string(reinterpret_cast<const char*>(ss), 33), ser(s));
    }
}

TEST(SilentPayments, OutputPointIsSpendPlusTweak) {
    for (int i = 0; i < 20; i++) {
        Ge spend = random_point();
        Scalar t = random_scalar();
        Ge out;
        ASSERT_TRUE(sp::output_xonly_var(out, spend, t));
        Gej tg;
        ecmult_gen_var(tg, t);
        Ge tga;
        ge_set_gej_var(tga, tg);
        EXPECT_EQ(ser(out), ser(even(add(spend, tga))));
        EXPECT_FALSE(fe_is_odd(out.y));
    }
    // spend = -t·G: the output is the point at infinity.
    Scalar t = random_scalar(), nt;
    scalar_negate(nt, t);
    Gej j;
    ecmult_gen_var(j, nt);
    Ge spend;
    ge_set_gej_var(spend, j);
    Ge out;
    Gej outj;
    EXPECT_FALSE(sp::output_xonly_var(out, spend, t));
    EXPECT_FALSE(sp::output_point_var(outj, spend, t));
}

}  // namespace
