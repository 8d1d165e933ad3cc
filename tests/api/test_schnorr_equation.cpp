// Internal: the BIP-340 batch equation itself (schemes/schnorr_batch.h). The API tests only see
// per-item results, which the one-by-one fallback would keep right even if the equation never
// held; here the equation must hold for valid batches (so the fallback is not taken), fail for
// a single bad item, and not be fooled by errors that cancel when all coefficients are equal.
#include <gtest/gtest.h>

#include <secp256k1.h>
#include <secp256k1_extrakeys.h>
#include <secp256k1_schnorrsig.h>

#include <array>
#include <cstring>
#include <random>
#include <vector>

#include "api/parse.h"
#include "schemes/schnorr_batch.h"

namespace fastsecp::test {
namespace {

struct Signed {
    std::array<unsigned char, 64> sig;
    std::array<unsigned char, 32> pk, msg;
};

std::vector<Signed> make_signed(size_t n, uint64_t seed) {
    std::mt19937_64 rng(seed);
    secp256k1_context* ctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
    std::vector<Signed> v(n);
    for (auto& s : v) {
        unsigned char sk[32];
        secp256k1_keypair kp;
        do {
            for (auto& c : sk) c = (unsigned char)rng();
        } while (!secp256k1_keypair_create(ctx, &kp, sk));
        for (auto& c : s.msg) c = (unsigned char)rng();
        EXPECT_EQ(secp256k1_schnorrsig_sign32(ctx, s.sig.data(), s.msg.data(), &kp, nullptr), 1);
        secp256k1_xonly_pubkey xpk;
        EXPECT_EQ(secp256k1_keypair_xonly_pub(ctx, &xpk, nullptr, &kp), 1);
        EXPECT_EQ(secp256k1_xonly_pubkey_serialize(ctx, s.pk.data(), &xpk), 1);
    }
    secp256k1_context_destroy(ctx);
    return v;
}

std::vector<schnorr_batch::SchnorrParsed> parse_all(const std::vector<Signed>& v) {
    std::vector<schnorr_batch::SchnorrParsed> out(v.size());
    for (size_t i = 0; i < v.size(); i++) {
        EXPECT_EQ(api::parse_scalar(out[i].s, v[i].sig.data() + 32), FASTSECP_OK);
        out[i].sig64 = v[i].sig.data();
        out[i].pk32 = v[i].pk.data();
        out[i].msg = v[i].msg.data();
        out[i].msglen = 32;
    }
    return out;
}

bool equation(const std::vector<schnorr_batch::SchnorrParsed>& items, std::vector<char>& ok, const unsigned char* key) {
    std::vector<unsigned char> scratch(schnorr_batch::schnorr_batch_scratch_size(items.size()));
    std::vector<schnorr_batch::SchnorrOutcome> out(items.size(), schnorr_batch::SchnorrOutcome::Invalid);
    bool holds = schnorr_batch::schnorr_batch_equation(out.data(), items.data(), items.size(), key, scratch.data());
    ok.clear();
    for (auto o : out) ok.push_back(o == schnorr_batch::SchnorrOutcome::Valid);
    return holds;
}

// s -> s + d mod n on the 32-byte big-endian s of a signature (d small).
void add_to_s(unsigned char* sig64, int d) {
    Scalar s, t;
    scalar_set_b32(s, sig64 + 32, nullptr);
    scalar_set_int(t, (uint64_t)(d < 0 ? -d : d));
    if (d < 0) scalar_negate(t, t);
    scalar_add(s, s, t);
    scalar_get_b32(sig64 + 32, s);
}

TEST(SchnorrEquation, HoldsForValidBatches) {
    const unsigned char key[32] = {1, 2, 3};
    for (size_t n : {2, 3, 17, 64, 300}) {  // Strauss for the small ones, Pippenger for the large
        auto sigs = make_signed(n, n);
        auto items = parse_all(sigs);
        std::vector<char> ok;
        EXPECT_TRUE(equation(items, ok, key)) << n;
        EXPECT_TRUE(equation(items, ok, nullptr)) << n;
        for (char o : ok) EXPECT_TRUE(o);
    }
}

TEST(SchnorrEquation, FailsForOneBadItem) {
    for (size_t n : {2, 64, 300}) {
        auto sigs = make_signed(n, 100 + n);
        add_to_s(sigs[n / 2].sig.data(), 1);
        auto items = parse_all(sigs);
        std::vector<char> ok;
        EXPECT_FALSE(equation(items, ok, nullptr)) << n;
    }
}

// With a_i = 1 for all i, raising one s by 1 and lowering another by 1 would cancel out.
TEST(SchnorrEquation, CancellingErrorsAreCaught) {
    for (size_t n : {2, 64, 300}) {
        auto sigs = make_signed(n, 200 + n);
        add_to_s(sigs[0].sig.data(), 1);
        add_to_s(sigs[n - 1].sig.data(), -1);
        auto items = parse_all(sigs);
        std::vector<char> ok;
        EXPECT_FALSE(equation(items, ok, nullptr)) << n;
    }
}

// An r or a key that lifts to no point is reported per item, and the rest still form a valid
// batch.
TEST(SchnorrEquation, UnliftableItemsAreSetAside) {
    auto sigs = make_signed(10, 300);
    // x = 5 is not on secp256k1 (5^3 + 7 = 132 is not a square mod p).
    std::memset(sigs[4].sig.data(), 0, 32);
    sigs[4].sig[31] = 5;
    std::memset(sigs[6].pk.data(), 0, 32);
    sigs[6].pk[31] = 5;
    auto items = parse_all(sigs);
    std::vector<unsigned char> scratch(schnorr_batch::schnorr_batch_scratch_size(items.size()));
    std::vector<schnorr_batch::SchnorrOutcome> out(items.size());
    EXPECT_TRUE(schnorr_batch::schnorr_batch_equation(out.data(), items.data(), items.size(), nullptr, scratch.data()));
    for (size_t i = 0; i < out.size(); i++) {
        auto want = i == 4 ? schnorr_batch::SchnorrOutcome::Invalid
                    : i == 6 ? schnorr_batch::SchnorrOutcome::KeyNotOnCurve
                             : schnorr_batch::SchnorrOutcome::Valid;
        EXPECT_EQ((int)out[i], (int)want) << i;
    }
}

}  // namespace
}  // namespace fastsecp::test
