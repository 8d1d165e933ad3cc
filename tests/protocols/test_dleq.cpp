// BIP-374 DLEQ proofs (secp256k1_dleq.h): the BIP's 11 generation and 15 verification rows, and
// properties on random keys (round trip, damaged proofs, wrong message, the generator forms).
#include <secp256k1_dleq.h>

#include <gtest/gtest.h>

#include <cstring>

#include "protocol_common.h"

using namespace fastsecp::test;

namespace {

TEST(Dleq, Bip374GenerateRows) {
    Context ctx;
    auto rows = read_csv("bip-0374/test_vectors_generate_proof.csv");
    ASSERT_EQ(rows.size(), 11u);
    for (const auto& r : rows) {
        // index,point_G,scalar_a,point_B,auxrand_r,message,result_proof,comment
        ASSERT_GE(r.size(), 8u);
        SCOPED_TRACE(r[0] + " " + r[7]);
        secp256k1_pubkey G, B;
        Bytes a = from_hex(r[2]), aux = from_hex(r[4]), msg = from_hex(r[5]);
        auto point = [](const std::string& s) { return is_hex(s) ? from_hex(s) : Bytes{}; };  // "INFINITY"
        bool g_ok = parse_pub(ctx, G, point(r[1]));
        bool b_ok = parse_pub(ctx, B, point(r[3]));
        const bool want_ok = r[6] != "INVALID";
        if (!g_ok || !b_ok) {
            // An unparsable point (e.g. infinity) can only be a failure row.
            EXPECT_FALSE(want_ok);
            continue;
        }
        unsigned char proof[64];
        int ret = secp256k1_dleq_prove_with_base(ctx, proof, a.data(), &G, &B, aux.data(), msg.empty() ? nullptr : msg.data());
        EXPECT_EQ(ret, want_ok ? 1 : 0);
        if (want_ok) {
            EXPECT_EQ(to_hex(proof, 64), r[6]);
        } else {
            unsigned char zero[64] = {0};
            EXPECT_EQ(std::memcmp(proof, zero, 64), 0);
        }
    }
}

TEST(Dleq, Bip374VerifyRows) {
    Context ctx;
    auto rows = read_csv("bip-0374/test_vectors_verify_proof.csv");
    ASSERT_EQ(rows.size(), 15u);
    for (const auto& r : rows) {
        // index,point_G,point_A,point_B,point_C,proof,message,result_success,comment
        ASSERT_GE(r.size(), 9u);
        SCOPED_TRACE(r[0] + " " + r[8]);
        secp256k1_pubkey G, A, B, C;
        Bytes proof = from_hex(r[5]), msg = from_hex(r[6]);
        const bool want = r[7] == "TRUE";
        bool parsed = parse_pub(ctx, G, from_hex(r[1])) && parse_pub(ctx, A, from_hex(r[2])) &&
                      parse_pub(ctx, B, from_hex(r[3])) && parse_pub(ctx, C, from_hex(r[4])) && proof.size() == 64;
        if (!parsed) {
            EXPECT_FALSE(want);
            continue;
        }
        EXPECT_EQ(secp256k1_dleq_verify_with_base(ctx, proof.data(), &G, &A, &B, &C, msg.empty() ? nullptr : msg.data()),
                  want ? 1 : 0);
    }
}

TEST(Dleq, RandomRoundTripsAndDamage) {
    Context ctx;
    std::mt19937_64 rng(374);
    for (int round = 0; round < 40; round++) {
        Bytes a = random_bytes(rng, 32), b = random_bytes(rng, 32), aux = random_bytes(rng, 32), m = random_bytes(rng, 32);
        secp256k1_pubkey A, B, C;
        ASSERT_EQ(secp256k1_ec_pubkey_create(ctx, &A, a.data()), 1);
        ASSERT_EQ(secp256k1_ec_pubkey_create(ctx, &B, b.data()), 1);
        C = B;
        ASSERT_EQ(secp256k1_ec_pubkey_tweak_mul(ctx, &C, a.data()), 1);
        const unsigned char* msg = (round & 1) ? m.data() : nullptr;
        unsigned char proof[64];
        ASSERT_EQ(secp256k1_dleq_prove(ctx, proof, a.data(), &B, (round & 2) ? aux.data() : nullptr, msg), 1);
        EXPECT_EQ(secp256k1_dleq_verify(ctx, proof, &A, &B, &C, msg), 1);
        // The generator given as an explicit base: the same proof (the BIP has one definition).
        secp256k1_pubkey G;
        unsigned char one[32] = {0};
        one[31] = 1;
        ASSERT_EQ(secp256k1_ec_pubkey_create(ctx, &G, one), 1);
        unsigned char proof2[64];
        ASSERT_EQ(secp256k1_dleq_prove_with_base(ctx, proof2, a.data(), &G, &B, (round & 2) ? aux.data() : nullptr, msg), 1);
        EXPECT_EQ(std::memcmp(proof, proof2, 64), 0);
        EXPECT_EQ(secp256k1_dleq_verify_with_base(ctx, proof, &G, &A, &B, &C, msg), 1);
        // Another message, another C, a flipped bit: rejected.
        unsigned char other[32];
        std::memcpy(other, m.data(), 32);
        other[0] ^= 1;
        EXPECT_EQ(secp256k1_dleq_verify(ctx, proof, &A, &B, &C, (round & 1) ? other : m.data()), 0);
        EXPECT_EQ(secp256k1_dleq_verify(ctx, proof, &A, &B, &A, msg), 0);
        unsigned char bad[64];
        std::memcpy(bad, proof, 64);
        bad[rng() % 64] ^= (unsigned char)(1u << (rng() % 8));
        EXPECT_EQ(secp256k1_dleq_verify(ctx, bad, &A, &B, &C, msg), 0);
        // s >= n is rejected before any arithmetic.
        std::memcpy(bad, proof, 64);
        std::memset(bad + 32, 0xFF, 32);
        EXPECT_EQ(secp256k1_dleq_verify(ctx, bad, &A, &B, &C, msg), 0);
    }
}

int illegal_calls = 0;
void count_illegal(const char*, void*) { illegal_calls++; }

TEST(Dleq, BadKeysAndIllegalArguments) {
    Context ctx;
    secp256k1_context_set_illegal_callback(ctx, count_illegal, nullptr);
    unsigned char sk[32] = {0}, proof[64];
    sk[31] = 7;
    secp256k1_pubkey B;
    ASSERT_EQ(secp256k1_ec_pubkey_create(ctx, &B, sk), 1);
    unsigned char zero[32] = {0}, over[32];
    std::memset(over, 0xFF, 32);
    EXPECT_EQ(secp256k1_dleq_prove(ctx, proof, zero, &B, nullptr, nullptr), 0);
    EXPECT_EQ(secp256k1_dleq_prove(ctx, proof, over, &B, nullptr, nullptr), 0);
    unsigned char z64[64] = {0};
    EXPECT_EQ(std::memcmp(proof, z64, 64), 0);
    EXPECT_EQ(illegal_calls, 0);
    EXPECT_EQ(secp256k1_dleq_prove(ctx, proof, nullptr, &B, nullptr, nullptr), 0);
    EXPECT_EQ(secp256k1_dleq_prove(ctx, proof, sk, nullptr, nullptr, nullptr), 0);
    EXPECT_EQ(secp256k1_dleq_verify(ctx, proof, &B, &B, nullptr, nullptr), 0);
    secp256k1_pubkey unset;
    std::memset(&unset, 0, sizeof unset);
    EXPECT_EQ(secp256k1_dleq_verify(ctx, proof, &B, &unset, &B, nullptr), 0);
    EXPECT_EQ(illegal_calls, 4);
}

}  // namespace
