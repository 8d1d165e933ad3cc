// fastsecp_pubkey_create_batch and fastsecp_pubkey_tweak_add_batch against
// secp256k1_ec_pubkey_create / secp256k1_ec_pubkey_tweak_add (fastsecp's and the reference's):
// byte-equal outputs, planted invalid secret keys, keys and tweaks.
#include "api_fixture.h"

namespace fastsecp::test {
namespace {

// ---- pubkey create ---------------------------------------------------------------------------

struct CreateCase {
    B32 sec;
    fastsecp_status want = FASTSECP_OK;
    std::string kind = "valid";
};

CreateCase make_create(Rng& rng, bool mixed) {
    CreateCase c{rng.seckey(*ours().api, ours().ctx)};
    if (!mixed || rng.below(2)) return c;
    switch (rng.below(6)) {
        case 0: c = {b32_from_int(0), FASTSECP_ERR_SCALAR_OUT_OF_RANGE, "key 0"}; break;
        case 1: c = {kOrder, FASTSECP_ERR_SCALAR_OUT_OF_RANGE, "key n"}; break;
        case 2: c = {b32_add(kOrder, b32_from_int(1 + rng.below(1000))), FASTSECP_ERR_SCALAR_OUT_OF_RANGE, "key > n"}; break;
        case 3: {
            B32 ff;
            ff.fill(0xFF);
            c = {ff, FASTSECP_ERR_SCALAR_OUT_OF_RANGE, "key 2^256-1"};
            break;
        }
        case 4: c = {b32_sub(kOrder, b32_from_int(1)), FASTSECP_OK, "key n-1"}; break;
        case 5: c = {b32_from_int(1 + rng.below(3)), FASTSECP_OK, "small key"}; break;
    }
    return c;
}

void check_create(const fastsecp_ctx* ctx, const std::vector<CreateCase>& cases) {
    size_t n = cases.size();
    std::vector<unsigned char> sec(32 * n), out(33 * n, 0xAA);
    for (size_t i = 0; i < n; i++) std::memcpy(&sec[32 * i], cases[i].sec.data(), 32);
    std::vector<fastsecp_status> results(n, kUnset);
    fastsecp_status ret = fastsecp_pubkey_create_batch(ctx, results.data(), out.data(), sec.data(), n);
    for (size_t i = 0; i < n; i++) {
        SCOPED_TRACE("item " + std::to_string(i) + " (" + cases[i].kind + ")");
        EXPECT_EQ(results[i], cases[i].want) << status_name(results[i]);
        for (const Lib& L : oracle_libs()) {
            unsigned char want[33];
            int ok = single_create(L, want, &sec[32 * i]);
            EXPECT_EQ(results[i] == FASTSECP_OK, ok == 1) << L.api->name;
            EXPECT_EQ(to_hex(&out[33 * i], 33), to_hex(want, 33)) << L.api->name;  // zeros on failure
        }
    }
    EXPECT_EQ(ret, summary_of(results));
}

TEST(PubkeyCreateBatch, ReferenceIsLoaded) { EXPECT_TRUE(reference_loaded()); }

TEST(PubkeyCreateBatch, RandomAndPlantedKeys) {
    Rng rng(21);
    for (unsigned threads : kThreadCounts) {
        for (bool seeded : {true, false}) {
            auto ctx = make_ctx(threads, seeded);
            for (size_t n : kBatchSizes) {
                for (bool mixed : {false, true}) {
                    SCOPED_TRACE("threads " + std::to_string(threads) + (seeded ? ", seeded" : ", unseeded") +
                                 ", n " + std::to_string(n) + (mixed ? ", mixed" : ", valid"));
                    std::vector<CreateCase> cases;
                    for (size_t i = 0; i < n; i++) cases.push_back(make_create(rng, mixed));
                    check_create(ctx.get(), cases);
                }
            }
        }
    }
}

// ---- pubkey tweak add --------------------------------------------------------------------------

struct TweakCase {
    Bytes pub;  // 33 bytes
    B32 tweak;
    fastsecp_status want = FASTSECP_OK;
    std::string kind = "valid";
};

TweakCase make_tweak(Rng& rng, bool mixed) {
    const Lib& L = ours();
    B32 sk = rng.seckey(*L.api, L.ctx);
    TweakCase c;
    c.pub.resize(33);
    single_create(L, c.pub.data(), sk.data());
    c.tweak = rng.b32();
    if (std::memcmp(c.tweak.data(), kOrder.data(), 32) >= 0) c.tweak[0] = 0x7F;
    if (!mixed || rng.below(2)) return c;
    auto fail = [&](const char* name, fastsecp_status st) {
        c.kind = name;
        c.want = st;
    };
    switch (rng.below(9)) {
        case 0: c.tweak = kOrder; fail("tweak n", FASTSECP_ERR_SCALAR_OUT_OF_RANGE); break;
        case 1: c.tweak.fill(0xFF); fail("tweak 2^256-1", FASTSECP_ERR_SCALAR_OUT_OF_RANGE); break;
        case 2: c.tweak = b32_sub(kOrder, sk); fail("tweak = -key", FASTSECP_ERR_POINT_AT_INFINITY); break;
        case 3: c.tweak = b32_from_int(0); c.kind = "tweak 0"; break;
        case 4: c.pub[0] = (unsigned char)(0x04 + rng.below(4)); fail("bad prefix", FASTSECP_ERR_BAD_ENCODING); break;
        case 5: {
            B32 x = b32_add(kPrime, b32_from_int(rng.below(4)));
            std::memcpy(c.pub.data() + 1, x.data(), 32);
            fail("key x >= p", FASTSECP_ERR_BAD_ENCODING);
            break;
        }
        case 6: {
            B32 x = x_not_on_curve(rng);
            std::memcpy(c.pub.data() + 1, x.data(), 32);
            fail("key not on curve", FASTSECP_ERR_POINT_NOT_ON_CURVE);
            break;
        }
        case 7: {
            // Key with odd y and a tweak giving infinity only for the even-y twin: still valid.
            c.tweak = b32_sub(kOrder, sk);
            c.pub[0] ^= 1;
            c.kind = "tweak = -key, key negated";
            break;
        }
        case 8: c.tweak = b32_sub(kOrder, b32_from_int(1)); c.kind = "tweak n-1"; break;
    }
    return c;
}

void check_tweak(const fastsecp_ctx* ctx, const std::vector<TweakCase>& cases, bool in_place) {
    size_t n = cases.size();
    std::vector<unsigned char> pub(33 * n), tw(32 * n), out(33 * n, 0xAA);
    for (size_t i = 0; i < n; i++) {
        std::memcpy(&pub[33 * i], cases[i].pub.data(), 33);
        std::memcpy(&tw[32 * i], cases[i].tweak.data(), 32);
    }
    const std::vector<unsigned char> orig = pub;
    std::vector<fastsecp_status> results(n, kUnset);
    unsigned char* dst = in_place ? pub.data() : out.data();
    fastsecp_status ret = fastsecp_pubkey_tweak_add_batch(ctx, results.data(), dst, pub.data(), tw.data(), n);
    for (size_t i = 0; i < n; i++) {
        SCOPED_TRACE("item " + std::to_string(i) + " (" + cases[i].kind + ")");
        EXPECT_EQ(results[i], cases[i].want) << status_name(results[i]);
        for (const Lib& L : oracle_libs()) {
            unsigned char want[33];
            int ok = single_tweak_add(L, want, &orig[33 * i], &tw[32 * i]);
            EXPECT_EQ(results[i] == FASTSECP_OK, ok == 1) << L.api->name;
            EXPECT_EQ(to_hex(dst + 33 * i, 33), to_hex(want, 33)) << L.api->name;
        }
    }
    EXPECT_EQ(ret, summary_of(results));
}

TEST(PubkeyTweakAddBatch, ReferenceIsLoaded) { EXPECT_TRUE(reference_loaded()); }

TEST(PubkeyTweakAddBatch, RandomAndPlantedItems) {
    Rng rng(22);
    for (unsigned threads : kThreadCounts) {
        auto ctx = make_ctx(threads);
        for (size_t n : kBatchSizes) {
            for (bool mixed : {false, true}) {
                SCOPED_TRACE("threads " + std::to_string(threads) + ", n " + std::to_string(n) +
                             (mixed ? ", mixed" : ", valid"));
                std::vector<TweakCase> cases;
                for (size_t i = 0; i < n; i++) cases.push_back(make_tweak(rng, mixed));
                check_tweak(ctx.get(), cases, false);
            }
        }
    }
}

TEST(PubkeyTweakAddBatch, InPlace) {
    Rng rng(23);
    for (unsigned threads : kThreadCounts) {
        auto ctx = make_ctx(threads);
        std::vector<TweakCase> cases;
        for (size_t i = 0; i < 200; i++) cases.push_back(make_tweak(rng, true));
        check_tweak(ctx.get(), cases, true);
    }
}

// A whole block of results at infinity (and nothing else) still works.
TEST(PubkeyTweakAddBatch, AllInfinity) {
    Rng rng(24);
    auto ctx = make_ctx(1);
    std::vector<TweakCase> cases;
    for (int i = 0; i < 70; i++) {
        B32 sk = rng.seckey(*ours().api, ours().ctx);
        TweakCase c;
        c.pub.resize(33);
        single_create(ours(), c.pub.data(), sk.data());
        c.tweak = b32_sub(kOrder, sk);
        c.want = FASTSECP_ERR_POINT_AT_INFINITY;
        c.kind = "tweak = -key";
        cases.push_back(c);
    }
    check_tweak(ctx.get(), cases, false);
}

}  // namespace
}  // namespace fastsecp::test
