// The 5×52 field of the portable scalar multiplication (src/arith/field_5x52.h) against the slow
// reference, on elements whose limbs sit anywhere within its invariant (limbs 0..3 below 2^53,
// limb 4 below 2^49), with the extremes of each limb favoured: every operation must give the right
// value mod p and an output within the invariant, whatever form its inputs had. Random products
// never reach those extremes (a product's limbs are below 2^52); chains of subtractions and
// halvings do.
#include <gtest/gtest.h>

#include <random>

#include "group/group_5x52.h"
#include "ref_bigint.h"

using namespace fastsecp;

namespace {

constexpr uint64_t B52 = 1ULL << 52, B53 = 1ULL << 53, B48 = 1ULL << 48, B49 = 1ULL << 49;

// The value mod p that the limbs stand for.
ref::U256 value_of(const f52::Fe& a) {
    ref::U512 v;
    for (int i = 0; i < 5; i++) {
        // limb i at bit 52·i, added with carries
        const int bit = 52 * i, w = bit / 64, s = bit % 64;
        unsigned __int128 lo = (unsigned __int128)a.n[i] << s;
        uint64_t parts[3] = {(uint64_t)lo, (uint64_t)(lo >> 64), 0};
        unsigned __int128 carry = 0;
        for (int j = w; j < 8; j++) {
            carry += (unsigned __int128)v.d[j] + (j - w < 3 ? parts[j - w] : 0);
            v.d[j] = (uint64_t)carry;
            carry >>= 64;
        }
    }
    return ref::reduce(v, ref::P);
}

bool in_invariant(const f52::Fe& a) {
    return a.n[0] < B53 && a.n[1] < B53 && a.n[2] < B53 && a.n[3] < B53 && a.n[4] < B49;
}

uint64_t pick(std::mt19937_64& rng, uint64_t lim, uint64_t half) {
    switch (rng() % 8) {
        case 0: return 0;
        case 1: return lim - 1;
        case 2: return half - 1;
        case 3: return half;
        case 4: return lim - 1 - (rng() % 16);
        default: return rng() % lim;
    }
}

// Any element within the invariant, its limbs often at their extremes.
f52::Fe random_form(std::mt19937_64& rng) {
    f52::Fe a;
    for (int i = 0; i < 4; i++) a.n[i] = pick(rng, B53, B52);
    a.n[4] = pick(rng, B49, B48);
    return a;
}

// The forms of 0 and p - 1 that matter: p and 2p (zero), the canonical limbs, and 2p - 1.
std::vector<f52::Fe> special_forms() {
    const uint64_t P0 = f52::P0, M52 = f52::M52, M48 = f52::M48;
    return {
        {{0, 0, 0, 0, 0}},
        {{P0, M52, M52, M52, M48}},                                  // p
        {{2 * P0, 2 * M52, 2 * M52, 2 * M52, 2 * M48}},              // 2p
        {{P0 - 1, M52, M52, M52, M48}},                              // p - 1
        {{2 * P0 - 1, 2 * M52, 2 * M52, 2 * M52, 2 * M48}},          // 2p - 1
        {{B53 - 1, B53 - 1, B53 - 1, B53 - 1, B49 - 1}},             // the largest form
        {{M52, M52, M52, M52, M48}},                                 // 2^256 - 1
        {{0, 0, 0, 0, B48}},                                         // 2^256
        {{1, 0, 0, 0, 0}},
    };
}

void check_result(const f52::Fe& r, const ref::U256& want, const char* what) {
    ASSERT_TRUE(in_invariant(r)) << what;
    ASSERT_EQ(ref::cmp(value_of(r), want), 0) << what;
}

}  // namespace

TEST(Field5x52, EveryOperationOnExtremeForms) {
    std::mt19937_64 rng(52);
    std::vector<f52::Fe> xs = special_forms();
    for (int i = 0; i < 100; i++) xs.push_back(random_form(rng));
    const size_t nspecial = special_forms().size();
    for (size_t i = 0; i < xs.size(); i++) {
        const f52::Fe& a = xs[i];
        ASSERT_TRUE(in_invariant(a));
        const ref::U256 va = value_of(a);
        // Pairs: all specials with everything, plus a random partner for each.
        std::vector<size_t> partners;
        for (size_t j = 0; j < nspecial; j++) partners.push_back(j);
        partners.push_back(rng() % xs.size());
        partners.push_back(i);
        for (size_t j : partners) {
            const f52::Fe& b = xs[j];
            const ref::U256 vb = value_of(b);
            f52::Fe r;
            f52::fe_mul(r, a, b);
            check_result(r, ref::mulmod(va, vb, ref::P), "mul");
            r = a;
            f52::fe_add(r, b);
            check_result(r, ref::addmod(va, vb, ref::P), "add");
            f52::fe_sub(r, a, b);
            check_result(r, ref::submod(va, vb, ref::P), "sub");
            r = a;
            f52::fe_cmov(r, b, 1);
            ASSERT_EQ(ref::cmp(value_of(r), vb), 0);
            f52::fe_cmov(r, a, 0);
            ASSERT_EQ(ref::cmp(value_of(r), vb), 0);
        }
        f52::Fe r;
        f52::fe_sqr(r, a);
        check_result(r, ref::mulmod(va, va, ref::P), "sqr");
        f52::fe_negate(r, a, 1);
        check_result(r, ref::submod(ref::U256{}, va, ref::P), "negate");
        for (uint64_t k : {2ULL, 3ULL, 7ULL, 8ULL, 2047ULL}) {
            r = a;
            f52::fe_mul_int(r, k);
            check_result(r, ref::mulmod(va, ref::U256{{k, 0, 0, 0}}, ref::P), "mul_int");
        }
        r = a;
        f52::fe_add_int(r, 7);
        check_result(r, ref::addmod(va, ref::U256{{7, 0, 0, 0}}, ref::P), "add_int");
        r = a;
        f52::fe_half(r);
        check_result(r, ref::halfmod(va, ref::P), "half");
        r = a;
        f52::fe_normalize_weak(r);
        check_result(r, va, "normalize_weak");
        // Normalized: the canonical limbs of the value.
        r = a;
        f52::fe_normalize(r);
        check_result(r, va, "normalize");
        EXPECT_TRUE(r.n[0] < B52 && r.n[1] < B52 && r.n[2] < B52 && r.n[3] < B52 && r.n[4] < B48);
        EXPECT_EQ(f52::fe_is_odd(r), (bool)(va.d[0] & 1));
        EXPECT_EQ(f52::fe_normalizes_to_zero(a), ref::is_zero(va));
        // To 4×64 and back.
        Fe w;
        f52::fe_export(w, a);
        fe_normalize(w);
        unsigned char b32[32];
        fe_get_b32(b32, w);
        ASSERT_EQ(ref::cmp(ref::from_b32(b32), va), 0);
        f52::fe_import(r, w);
        check_result(r, va, "import");
        // Square root.
        ref::U256 e = ref::powmod(va, ref::shr1(ref::sub(ref::P, ref::U256{{1, 0, 0, 0}})), ref::P);
        bool square = ref::is_one(e) || ref::is_zero(va);
        ASSERT_EQ(fe_sqrt(r, a), square);  // field.h's template, on the 5×52 type
        if (square) {
            f52::Fe r2;
            f52::fe_sqr(r2, r);
            check_result(r2, va, "sqrt");
        }
    }
}

// The forms that appear in use: long random chains of every operation, each result checked and
// fed back, so that outputs of one operation become inputs of the next.
TEST(Field5x52, RandomChainsStayExact) {
    std::mt19937_64 rng(5252);
    f52::Fe x[4];
    ref::U256 v[4];
    for (int i = 0; i < 4; i++) {
        x[i] = random_form(rng);
        v[i] = value_of(x[i]);
    }
    for (int step = 0; step < 20000; step++) {
        int d = rng() % 4, s = rng() % 4, t = rng() % 4;
        f52::Fe r;
        ref::U256 want;
        switch (rng() % 7) {
            case 0: f52::fe_mul(r, x[s], x[t]); want = ref::mulmod(v[s], v[t], ref::P); break;
            case 1: f52::fe_sqr(r, x[s]); want = ref::mulmod(v[s], v[s], ref::P); break;
            case 2: r = x[s]; f52::fe_add(r, x[t]); want = ref::addmod(v[s], v[t], ref::P); break;
            case 3: f52::fe_sub(r, x[s], x[t]); want = ref::submod(v[s], v[t], ref::P); break;
            case 4: r = x[s]; f52::fe_half(r); want = ref::halfmod(v[s], ref::P); break;
            case 5: f52::fe_negate(r, x[s], 1); want = ref::submod(ref::U256{}, v[s], ref::P); break;
            default: r = x[s]; f52::fe_mul_int(r, 3); want = ref::mulmod(v[s], ref::U256{{3, 0, 0, 0}}, ref::P); break;
        }
        ASSERT_TRUE(in_invariant(r)) << step;
        ASSERT_EQ(ref::cmp(value_of(r), want), 0) << step;
        x[d] = r;
        v[d] = want;
    }
}

// The point formulas on 5×52 give group.h's points (conversions both ways included), through
// the cases of the complete addition: a generic sum, a + a (its doubling case) and a + (-a).
TEST(Field5x52, GroupFormulasMatch4x64) {
    Gej a;
    gej_set_ge(a, ge_generator());
    f52::Gej a5;
    f52::gej_import(a5, a);
    int infinities = 0;
    for (int i = 0; i < 600; i++) {
        gej_double(a, a);
        f52::gej_double(a5, a5);
        Ge b = ge_generator(), cur;
        ge_set_gej_var(cur, a);
        switch (i % 4) {
            case 1: ge_neg(b, b); break;
            case 2: if (!cur.infinity) b = cur; break;                 // a + a
            case 3: if (i % 40 == 39 && !cur.infinity) ge_neg(b, cur); break;  // a + (-a)
            default: break;
        }
        f52::Ge b5;
        f52::ge_import(b5, b);
        gej_add_ge(a, a, b);
        f52::gej_add_ge(a5, a5, b5);
        Gej e;
        f52::gej_export(e, a5);
        Ge x, y;
        ge_set_gej_var(x, a);
        ge_set_gej_var(y, e);
        ASSERT_EQ(x.infinity, y.infinity) << i;
        infinities += (int)x.infinity;
        if (x.infinity) continue;
        fe_normalize(x.x); fe_normalize(x.y); fe_normalize(y.x); fe_normalize(y.y);
        ASSERT_TRUE(fe_equal_normalized(x.x, y.x) && fe_equal_normalized(x.y, y.y)) << i;
    }
    EXPECT_GT(infinities, 0);
}
