// Field arithmetic (src/arith/field.h) against the slow reference, including weakly reduced
// inputs in [p, 2^256). Multiplication and squaring are checked in every compiled variant the CPU
// can run (portable C++ and the BMI2/ADX assembly, reached through the ecmult dispatch table).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "arith/field.h"
#include "group/group.h"
#include "ecmult/ecmult.h"
#include "ref_bigint.h"

using namespace fastsecp;

namespace {

Fe fe_of(const ref::U256& v) {  // v < p
    unsigned char b[32];
    ref::to_b32(b, v);
    Fe r;
    EXPECT_TRUE(fe_set_b32_limit(r, b));
    return r;
}
ref::U256 ref_of(Fe a) {
    fe_normalize(a);
    unsigned char b[32];
    fe_get_b32(b, a);
    return ref::from_b32(b);
}
ref::U256 rand_fe(std::mt19937_64& rng) {
    ref::U256 v = ref::random_u256(rng);
    while (ref::cmp(v, ref::P) >= 0) v = ref::sub(v, ref::P);
    return v;
}
// The same value, unreduced (a + p) when that still fits in 256 bits (a < 2^32 + 977).
Fe weak_form(const ref::U256& a) {
    bool carry;
    ref::U256 w = ref::add(a, ref::P, &carry);
    unsigned char b[32];
    ref::to_b32(b, carry ? a : w);
    Fe r;
    fe_set_b32_mod(r, b);
    return r;
}
ref::U256 small_or_rand(std::mt19937_64& rng, int i) {
    if (i % 4 == 0) return ref::U256{{rng() % 0x1000003D1ULL, 0, 0, 0}};  // has an unreduced twin
    return rand_fe(rng);
}

// Every compiled field arithmetic the CPU can run: each variant's constant-time one and the one of
// its variable-time code (FASTSECP_FIELD_VARTIME: the rare end of the reduction on a branch).
struct Flavor {
    std::string name;
    void (*mul)(Fe&, const Fe&, const Fe&);
    void (*sqr)(Fe&, const Fe&);
    bool (*sqrt)(Fe&, const Fe&);
};
std::vector<Flavor> flavors() {
    std::vector<Flavor> v;
    for (const EcmultOps* ops : {&ECMULT_PORTABLE, &ECMULT_BMI2}) {
        if (ops == &ECMULT_BMI2 && !cpu_supports_fast_variant()) continue;
        v.push_back({ops->name, ops->fe_mul, ops->fe_sqr, ops->fe_sqrt});
        v.push_back({std::string(ops->name) + " vartime", ops->vartime.fe_mul, ops->vartime.fe_sqr, ops->vartime.fe_sqrt});
    }
    return v;
}

TEST(Field, MulSqrAddNegateMatchReference) {
    std::mt19937_64 rng(1);
    for (int i = 0; i < 4000; i++) {
        ref::U256 a = small_or_rand(rng, i), b = small_or_rand(rng, i / 4);
        Fe fa = fe_of(a), fb = fe_of(b), r;
        Fe ha = weak_form(a), hb = weak_form(b);
        for (const Flavor& f : flavors()) {
            f.mul(r, fa, fb);
            ASSERT_EQ(ref::cmp(ref_of(r), ref::mulmod(a, b, ref::P)), 0) << f.name;
            f.sqr(r, fa);
            ASSERT_EQ(ref::cmp(ref_of(r), ref::mulmod(a, a, ref::P)), 0) << f.name;
            f.mul(r, ha, hb);
            ASSERT_EQ(ref::cmp(ref_of(r), ref::mulmod(a, b, ref::P)), 0) << f.name;
            f.sqr(r, ha);
            ASSERT_EQ(ref::cmp(ref_of(r), ref::mulmod(a, a, ref::P)), 0) << f.name;
        }
        fe_mul(r, fa, fb);
        ASSERT_EQ(ref::cmp(ref_of(r), ref::mulmod(a, b, ref::P)), 0);
        fe_sqr(r, fa);
        ASSERT_EQ(ref::cmp(ref_of(r), ref::mulmod(a, a, ref::P)), 0);
        r = fa;
        fe_add(r, fb);
        ASSERT_EQ(ref::cmp(ref_of(r), ref::addmod(a, b, ref::P)), 0);
        fe_negate(r, fa, 1);
        ASSERT_EQ(ref::cmp(ref_of(r), ref::submod(ref::U256{}, a, ref::P)), 0);
        // Unreduced inputs in [p, 2^256) give the same results.
        fe_mul(r, ha, hb);
        ASSERT_EQ(ref::cmp(ref_of(r), ref::mulmod(a, b, ref::P)), 0);
        fe_sqr(r, ha);
        ASSERT_EQ(ref::cmp(ref_of(r), ref::mulmod(a, a, ref::P)), 0);
        r = ha;
        fe_add(r, hb);
        ASSERT_EQ(ref::cmp(ref_of(r), ref::addmod(a, b, ref::P)), 0);
        fe_negate(r, ha, 1);
        ASSERT_EQ(ref::cmp(ref_of(r), ref::submod(ref::U256{}, a, ref::P)), 0);
        r = ha;
        fe_mul_int(r, 8);
        ASSERT_EQ(ref::cmp(ref_of(r), ref::mulmod(a, ref::U256{{8, 0, 0, 0}}, ref::P)), 0);
        r = ha;
        fe_half(r);
        ASSERT_EQ(ref::cmp(ref::addmod(ref_of(r), ref_of(r), ref::P), a), 0);
    }
}

TEST(Field, NormalizeEdgeValues) {
    // p-1, p, p+1 (as raw 32-byte inputs reduced mod p), 2^256-1.
    unsigned char b[32];
    for (auto v : {ref::sub(ref::P, ref::U256{{1, 0, 0, 0}}), ref::P, ref::add(ref::P, ref::U256{{1, 0, 0, 0}}),
                   ref::U256{{~0ULL, ~0ULL, ~0ULL, ~0ULL}}, ref::U256{}}) {
        ref::to_b32(b, v);
        Fe f;
        bool in_range = fe_set_b32_limit(f, b);
        EXPECT_EQ(in_range, ref::cmp(v, ref::P) < 0);
        fe_set_b32_mod(f, b);
        ref::U512 wide{};
        for (int i = 0; i < 4; i++) wide.d[i] = v.d[i];
        EXPECT_EQ(ref::cmp(ref_of(f), ref::reduce(wide, ref::P)), 0);
        EXPECT_EQ(fe_normalizes_to_zero(f), ref::cmp(ref::reduce(wide, ref::P), ref::U256{}) == 0);
    }
}

TEST(Field, InverseAndSqrt) {
    std::mt19937_64 rng(2);
    for (int i = 0; i < 200; i++) {
        ref::U256 a = rand_fe(rng);
        Fe fa = fe_of(a), r, r2;
        fe_inv(r, fa);
        fe_inv_var(r2, fa);
        ref::U256 expect = ref::powmod(a, ref::sub(ref::P, ref::U256{{2, 0, 0, 0}}), ref::P);
        ASSERT_EQ(ref::cmp(ref_of(r), expect), 0);
        ASSERT_EQ(ref::cmp(ref_of(r2), expect), 0);
        bool ok = fe_sqrt(r, fa);
        // Euler's criterion: a^((p-1)/2) == 1 iff square (or a == 0).
        ref::U256 e = ref::powmod(a, ref::shr1(ref::sub(ref::P, ref::U256{{1, 0, 0, 0}})), ref::P);
        bool is_sq = ref::cmp(e, ref::U256{{1, 0, 0, 0}}) == 0 || ref::cmp(a, ref::U256{}) == 0;
        ASSERT_EQ(ok, is_sq);
        ASSERT_EQ(fe_is_square_var(fa), is_sq);
        if (ok) {
            fe_sqr(r2, r);
            ASSERT_EQ(ref::cmp(ref_of(r2), a), 0);
        }
    }
    Fe zero, r;
    fe_set_int(zero, 0);
    fe_inv(r, zero);
    EXPECT_TRUE(fe_normalizes_to_zero(r));
}

// Raw 256-bit inputs at the edges of the representation (near 0, C, 2^64, p, 2^256), every pair
// through every operation and variant. They are also what reaches the rare end of the reduction
// (the variable-time flavor's branch): by a model of the two folds, the products of 102 of the
// 784 pairs carry out of limb 1 and 61 of those past 2^256; random values practically never do. (2^256 - 977)² is 2^64 mod p, and its reduction wraps past
// 2^256 twice with a carry out of the lowest limb: both multiplications once dropped that carry
// and returned 0 (found by fuzzing ellswift_decode, whose inputs are taken mod p unreduced).
std::vector<ref::U256> edge_values() {
    const uint64_t M = ~0ULL;
    std::vector<ref::U256> v = {
        {{0, 0, 0, 0}}, {{1, 0, 0, 0}}, {{2, 0, 0, 0}}, {{0x1000003D0ULL, 0, 0, 0}}, {{0x1000003D1ULL, 0, 0, 0}},
        {{0x100000000ULL, 0, 0, 0}}, {{M, 0, 0, 0}}, {{0, 1, 0, 0}}, {{M, M, 0, 0}}, {{0, 0, 1, 0}},
        {{M, M, M, 0x7FFFFFFFFFFFFFFFULL}}, {{0, 0, 0, 0x8000000000000000ULL}}, {{M, M, M, M}},
        {{M - 1, M, M, M}}, {{M - 976, M, M, M}}, {{M - 977, M, M, M}}, {{M - 978, M, M, M}},
        {{0, M, M, M}}, {{M - 0x1000003D1ULL, M - 1, M, M}}, {{M, 0, M, M}}, {{M, M, 0, M}},
        {{0xFFFFFFFEFFFFFC2EULL, M, M, M}}, {{0xFFFFFFFEFFFFFC2FULL - 1, M - 1, M, M}},
    };
    for (int k = -2; k <= 2; k++) {  // p + k
        bool c;
        v.push_back(k < 0 ? ref::sub(ref::P, ref::U256{{(uint64_t)-k, 0, 0, 0}})
                          : ref::add(ref::P, ref::U256{{(uint64_t)k, 0, 0, 0}}, &c));
    }
    return v;
}
ref::U256 modp(const ref::U256& v) {
    ref::U512 w{};
    for (int i = 0; i < 4; i++) w.d[i] = v.d[i];
    return ref::reduce(w, ref::P);
}
Fe raw(const ref::U256& v) {
    unsigned char b[32];
    ref::to_b32(b, v);
    Fe r;
    fe_set_b32_mod(r, b);
    return r;
}

TEST(Field, ExtremeRawInputs) {
    std::vector<ref::U256> vals = edge_values();
    for (const auto& x : vals) {
        for (const auto& y : vals) {
            ref::U256 a = modp(x), b = modp(y);
            Fe fa = raw(x), fb = raw(y), r;
            ref::U256 prod = ref::mulmod(a, b, ref::P);
            for (const Flavor& f : flavors()) {
                f.mul(r, fa, fb);
                ASSERT_EQ(ref::cmp(ref_of(r), prod), 0) << f.name;
                f.sqr(r, fa);
                ASSERT_EQ(ref::cmp(ref_of(r), ref::mulmod(a, a, ref::P)), 0) << f.name;
            }
            fe_mul(r, fa, fb);
            ASSERT_EQ(ref::cmp(ref_of(r), prod), 0);
            r = fa;
            fe_add(r, fb);
            ASSERT_EQ(ref::cmp(ref_of(r), ref::addmod(a, b, ref::P)), 0);
            fe_sub(r, fa, fb);
            ASSERT_EQ(ref::cmp(ref_of(r), ref::submod(a, b, ref::P)), 0);
        }
        ref::U256 a = modp(x);
        Fe fa = raw(x), r;
        for (uint64_t k : {2ULL, 3ULL, 4ULL, 7ULL, 8ULL, 0xFFFFFFFFULL}) {
            r = fa;
            fe_mul_int(r, k);
            ASSERT_EQ(ref::cmp(ref_of(r), ref::mulmod(a, ref::U256{{k, 0, 0, 0}}, ref::P)), 0);
        }
        fe_negate(r, fa, 1);
        ASSERT_EQ(ref::cmp(ref_of(r), ref::submod(ref::U256{}, a, ref::P)), 0);
        r = fa;
        fe_half(r);
        ASSERT_EQ(ref::cmp(ref::addmod(ref_of(r), ref_of(r), ref::P), a), 0);
        EXPECT_EQ(fe_normalizes_to_zero(fa), ref::is_zero(a));
        // Square roots (runs of squarings: fe_sqr_n) in each variant.
        ref::U256 e = ref::powmod(a, ref::shr1(ref::sub(ref::P, ref::U256{{1, 0, 0, 0}})), ref::P);
        bool square = ref::is_one(e) || ref::is_zero(a);
        for (const Flavor& f : flavors()) {
            ASSERT_EQ(f.sqrt(r, fa), square) << f.name;
            if (square) {
                Fe r2;
                fe_sqr(r2, r);
                ASSERT_EQ(ref::cmp(ref_of(r2), a), 0) << f.name;
            }
        }
    }
}

// a^((p-3)/4) in each variant: r²·a = 1 for a nonzero square, r²·a = -1 for a non-square.
TEST(Field, PowP3d4) {
    std::mt19937_64 rng(3);
    for (int i = 0; i < 300; i++) {
        ref::U256 a = i < 20 ? modp(edge_values()[i % edge_values().size()]) : rand_fe(rng);
        if (ref::is_zero(a)) continue;
        Fe fa = i < 20 ? raw(edge_values()[i % edge_values().size()]) : fe_of(a), r, t;
        ref::U256 e = ref::powmod(a, ref::shr1(ref::sub(ref::P, ref::U256{{1, 0, 0, 0}})), ref::P);
        bool square = ref::is_one(e);
        for (const EcmultOps* ops : {&ECMULT_PORTABLE, &ECMULT_BMI2}) {
            if (ops == &ECMULT_BMI2 && !cpu_supports_fast_variant()) continue;
            ops->fe_pow_p3d4(r, fa);
            fe_sqr(t, r);
            fe_mul(t, t, fa);
            ref::U256 got = ref_of(t);
            if (square) {
                ASSERT_TRUE(ref::is_one(got)) << ops->name;
            } else {
                ASSERT_EQ(ref::cmp(got, ref::sub(ref::P, ref::U256{{1, 0, 0, 0}})), 0) << ops->name;
            }
        }
    }
}

}  // namespace
