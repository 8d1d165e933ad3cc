// Scalar arithmetic mod n (src/arith/scalar.h) against the slow reference.
#include <gtest/gtest.h>

#include <array>
#include <vector>

#include "arith/scalar.h"
#include "ecmult/ecmult.h"
#include "ref_bigint.h"

using namespace fastsecp;

namespace {

Scalar sc_of(const ref::U256& v, int* overflow = nullptr) {
    unsigned char b[32];
    ref::to_b32(b, v);
    Scalar s;
    scalar_set_b32(s, b, overflow);
    return s;
}
ref::U256 ref_of(const Scalar& s) {
    unsigned char b[32];
    scalar_get_b32(b, s);
    return ref::from_b32(b);
}
ref::U256 rand_sc(std::mt19937_64& rng) {
    ref::U256 v = ref::random_u256(rng);
    while (ref::cmp(v, ref::N) >= 0) v = ref::sub(v, ref::N);
    return v;
}

TEST(Scalar, ArithmeticMatchesReference) {
    std::mt19937_64 rng(3);
    for (int i = 0; i < 3000; i++) {
        ref::U256 a = rand_sc(rng), b = rand_sc(rng);
        Scalar sa = sc_of(a), sb = sc_of(b), r;
        scalar_mul(r, sa, sb);
        ASSERT_EQ(ref::cmp(ref_of(r), ref::mulmod(a, b, ref::N)), 0);
        for (const EcmultOps* ops : {&ECMULT_PORTABLE, &ECMULT_BMI2}) {  // each compiled variant
            if (ops == &ECMULT_BMI2 && !cpu_supports_fast_variant()) continue;
            ops->scalar_mul(r, sa, sb);
            ASSERT_EQ(ref::cmp(ref_of(r), ref::mulmod(a, b, ref::N)), 0) << ops->name;
        }
        scalar_add(r, sa, sb);
        ASSERT_EQ(ref::cmp(ref_of(r), ref::addmod(a, b, ref::N)), 0);
        scalar_negate(r, sa);
        ASSERT_EQ(ref::cmp(ref_of(r), ref::submod(ref::U256{}, a, ref::N)), 0);
        ref::U256 half = ref::from_hex("7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0");
        ASSERT_EQ(scalar_is_high(sa), ref::cmp(a, half) > 0);
    }
}

// The reduction of 512-bit values in every variant: edge products (0, 1, n-1, 2^128, 2^255,
// 2^256 mod n, ...), the largest 512-bit values, and four inputs built backwards so that the last
// fold (q0 + q4·(2^256 - n), q4 = 1) carries past 2^256 with q0 at 2^256 - 1, 2^256 - 2^64, and
// the middle and the bottom of the window where that happens (reached by no random input).
TEST(Scalar, ReductionEdgeInputs) {
    std::vector<std::array<uint64_t, 8>> wide = {
        {{0xDA53EBCCE60288BFULL, 0xA67182568D362507ULL, ~0ULL, ~0ULL, 0x1FA37A70911972C7ULL,
          0x3B37CEABB6E7D742ULL, 0x90B6E3CD8D592675ULL, 0x9E87383ED50AD6E2ULL}},
        {{0xDA53EBCCE60288C0ULL, 0xA67182568D362506ULL, ~0ULL, ~0ULL, 0x1FA37A70911972C7ULL,
          0x3B37CEABB6E7D742ULL, 0x90B6E3CD8D592675ULL, 0x9E87383ED50AD6E2ULL}},
        {{0xBA3D1B134E1DA961ULL, 0x03C8F0C9E4DA7525ULL, ~0ULL, ~0ULL, 0x1FA37A70911972C7ULL,
          0x3B37CEABB6E7D742ULL, 0x90B6E3CD8D592675ULL, 0x9E87383ED50AD6E2ULL}},
        {{0xE65C296D03CAECC9ULL, 0xCCA4BA0389FCB43BULL, 0xFFFFFFFFFFFFFFFEULL, ~0ULL, 0xAA296C95E35F4CCFULL,
          0x71C3E5BEFCAEC738ULL, 0x90B6E3CD8D592674ULL, 0x9E87383ED50AD6E2ULL}},
        {{~0ULL, ~0ULL, ~0ULL, ~0ULL, ~0ULL, ~0ULL, ~0ULL, ~0ULL}},
        {{0, 0, 0, 0, ~0ULL, ~0ULL, ~0ULL, ~0ULL}},
        {{~0ULL, ~0ULL, ~0ULL, ~0ULL, 0, 0, 0, 0}},
        {{0, 0, 0, 0, 0, 0, 0, 0}},
    };
    const ref::U256 one{{1, 0, 0, 0}};
    std::vector<ref::U256> edges = {ref::U256{}, one, ref::sub(ref::N, one), ref::sub(ref::N, ref::U256{{2, 0, 0, 0}}),
                                    ref::U256{{0, 0, 1, 0}}, ref::U256{{~0ULL, ~0ULL, 0, 0}},
                                    ref::U256{{0, 0, 0, 0x8000000000000000ULL}}, ref::shr1(ref::N),
                                    ref::sub(ref::U256{{~0ULL, ~0ULL, ~0ULL, ~0ULL}}, ref::N)};
    for (const auto& a : edges)
        for (const auto& b : edges) {
            ref::U512 p = ref::mul(a, b);
            std::array<uint64_t, 8> l;
            for (int i = 0; i < 8; i++) l[i] = p.d[i];
            wide.push_back(l);
        }
    for (const auto& l : wide) {
        ref::U512 v;
        for (int i = 0; i < 8; i++) v.d[i] = l[i];
        ref::U256 want = ref::reduce(v, ref::N);
        for (const EcmultOps* ops : {&ECMULT_PORTABLE, &ECMULT_BMI2}) {
            if (ops == &ECMULT_BMI2 && !cpu_supports_fast_variant()) continue;
            Scalar r;
            ops->scalar_reduce_wide(r, l.data());
            ASSERT_EQ(ref::cmp(ref_of(r), want), 0) << ops->name;
        }
    }
    for (const auto& a : edges)
        for (const auto& b : edges) {
            Scalar r;
            scalar_mul(r, sc_of(a), sc_of(b));
            ASSERT_EQ(ref::cmp(ref_of(r), ref::mulmod(a, b, ref::N)), 0);
        }
}

TEST(Scalar, ParseOverflowAndSeckey) {
    for (auto v : {ref::N, ref::sub(ref::N, ref::U256{{1, 0, 0, 0}}), ref::add(ref::N, ref::U256{{1, 0, 0, 0}}),
                   ref::U256{}, ref::U256{{~0ULL, ~0ULL, ~0ULL, ~0ULL}}}) {
        int overflow = -1;
        Scalar s = sc_of(v, &overflow);
        EXPECT_EQ(overflow, ref::cmp(v, ref::N) >= 0);
        ref::U512 w{};
        for (int i = 0; i < 4; i++) w.d[i] = v.d[i];
        EXPECT_EQ(ref::cmp(ref_of(s), ref::reduce(w, ref::N)), 0);
        unsigned char b[32];
        ref::to_b32(b, v);
        Scalar k;
        bool valid = scalar_set_b32_seckey(k, b);
        EXPECT_EQ(valid, ref::cmp(v, ref::N) < 0 && ref::cmp(v, ref::U256{}) != 0);
    }
}

TEST(Scalar, InverseMatchesFermat) {
    std::mt19937_64 rng(4);
    for (int i = 0; i < 100; i++) {
        ref::U256 a = rand_sc(rng);
        if (ref::cmp(a, ref::U256{}) == 0) continue;
        Scalar r, r2;
        scalar_inverse(r, sc_of(a));
        scalar_inverse_var(r2, sc_of(a));
        ref::U256 e = ref::powmod(a, ref::sub(ref::N, ref::U256{{2, 0, 0, 0}}), ref::N);
        ASSERT_EQ(ref::cmp(ref_of(r), e), 0);
        ASSERT_EQ(ref::cmp(ref_of(r2), e), 0);
    }
}

TEST(Scalar, LambdaSplitIsShortAndExact) {
    std::mt19937_64 rng(5);
    const ref::U256 lambda = ref::from_hex("5363AD4CC05C30E0A5261C028812645A122E22EA20816678DF02967C1B23BD72");
    ref::U256 bound{{0, 0, 1, 0}};  // 2^128
    for (int i = 0; i < 3000; i++) {
        ref::U256 k = i < 4 ? std::array<ref::U256, 4>{ref::U256{}, ref::U256{{1, 0, 0, 0}},
                                                          ref::sub(ref::N, ref::U256{{1, 0, 0, 0}}), lambda}[i]
                            : rand_sc(rng);
        Scalar k1, k2;
        scalar_split_lambda(k1, k2, sc_of(k));
        ref::U256 r1 = ref_of(k1), r2 = ref_of(k2);
        ASSERT_EQ(ref::cmp(ref::addmod(r1, ref::mulmod(r2, lambda, ref::N), ref::N), k), 0);
        // Each part is short as a signed value: x < 2^128 or n - x < 2^128.
        for (auto x : {r1, r2})
            ASSERT_TRUE(ref::cmp(x, bound) < 0 || ref::cmp(ref::sub(ref::N, x), bound) < 0);
    }
}

}  // namespace
