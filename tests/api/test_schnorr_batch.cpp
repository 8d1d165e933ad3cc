// fastsecp_schnorr_verify_batch: per-item results against secp256k1_schnorrsig_verify
// (fastsecp's and the reference's) on random batches, all valid (the batch equation holds) and
// with planted invalid items (the equation fails and items are checked one by one).
#include "api_fixture.h"

namespace fastsecp::test {
namespace {

struct SchnorrCase {
    std::array<unsigned char, 64> sig;
    Bytes msg;
    bool null_msg = false;  // pass msg = NULL (only with an empty message)
    B32 pk;
    fastsecp_status want = FASTSECP_OK;
    std::string kind = "valid";
    fastsecp_schnorr_item item() const {
        return {sig.data(), null_msg ? nullptr : nonnull_data(msg), msg.size(), pk.data()};
    }
};

// A valid signature over a message of random length 0..100 (a third of them 32 bytes).
SchnorrCase make_valid(Rng& rng) {
    const Lib& L = ours();
    SchnorrCase c;
    B32 sk = rng.seckey(*L.api, L.ctx);
    size_t len = rng.below(3) == 0 ? 32 : rng.below(101);
    c.msg.resize(len);
    rng.fill(c.msg.data(), len);
    secp256k1_keypair kp;
    EXPECT_EQ(L.api->keypair_create(L.ctx, &kp, sk.data()), 1);
    B32 aux = rng.b32();
    secp256k1_schnorrsig_extraparams extra = SECP256K1_SCHNORRSIG_EXTRAPARAMS_INIT;
    extra.ndata = aux.data();
    EXPECT_EQ(L.api->schnorrsig_sign_custom(L.ctx, c.sig.data(), nonnull_data(c.msg), len, &kp, &extra), 1);
    secp256k1_xonly_pubkey xpk;
    EXPECT_EQ(L.api->keypair_xonly_pub(L.ctx, &xpk, nullptr, &kp), 1);
    EXPECT_EQ(L.api->xonly_pubkey_serialize(L.ctx, c.pk.data(), &xpk), 1);
    c.null_msg = len == 0 && rng.below(2);
    return c;
}

const std::vector<SchnorrCase>& valid_pool() {
    static const std::vector<SchnorrCase> pool = [] {
        Rng rng(201);
        std::vector<SchnorrCase> v;
        for (int i = 0; i < 1000; i++) v.push_back(make_valid(rng));
        return v;
    }();
    return pool;
}

// An r below p that is the x coordinate of no point.
B32 r_not_on_curve(Rng& rng) { return x_not_on_curve(rng); }

constexpr int kKinds = 10;

SchnorrCase plant(SchnorrCase c, int kind, Rng& rng) {
    auto fail = [&](const char* name, fastsecp_status st) {
        c.kind = name;
        c.want = st;
    };
    switch (kind) {
        case 0:
            if (c.msg.empty()) c.msg.push_back(0);
            else c.msg[rng.below(c.msg.size())] ^= (unsigned char)(1u << rng.below(8));
            c.null_msg = false;
            fail("wrong message", FASTSECP_ERR_INVALID_SIGNATURE);
            break;
        case 1: c.pk = b32_add(kPrime, b32_from_int(rng.below(4))); fail("key x >= p", FASTSECP_ERR_BAD_ENCODING); break;
        case 2: c.pk = x_not_on_curve(rng); fail("key not on curve", FASTSECP_ERR_POINT_NOT_ON_CURVE); break;
        case 3: {
            B32 r = b32_add(kPrime, b32_from_int(rng.below(4)));
            std::memcpy(c.sig.data(), r.data(), 32);
            fail("r >= p", FASTSECP_ERR_BAD_ENCODING);
            break;
        }
        case 4: {
            B32 s = b32_add(kOrder, b32_from_int(rng.below(4)));
            std::memcpy(c.sig.data() + 32, s.data(), 32);
            fail("s >= n", FASTSECP_ERR_SCALAR_OUT_OF_RANGE);
            break;
        }
        case 5: {
            B32 r = r_not_on_curve(rng);
            std::memcpy(c.sig.data(), r.data(), 32);
            fail("r not on curve", FASTSECP_ERR_INVALID_SIGNATURE);
            break;
        }
        case 6: c.sig[63 - rng.below(8)] ^= 0x01; fail("s altered", FASTSECP_ERR_INVALID_SIGNATURE); break;
        case 7: {
            const auto& other = valid_pool()[rng.below(valid_pool().size())];
            if (other.pk == c.pk) break;
            c.pk = other.pk;
            fail("another key", FASTSECP_ERR_INVALID_SIGNATURE);
            break;
        }
        case 8: std::memset(c.sig.data() + 32, 0, 32); fail("s = 0", FASTSECP_ERR_INVALID_SIGNATURE); break;
        case 9: {
            // r of another valid signature: R lifts, but the equation cannot hold.
            const auto& other = valid_pool()[rng.below(valid_pool().size())];
            if (std::memcmp(other.sig.data(), c.sig.data(), 32) == 0) break;
            std::memcpy(c.sig.data(), other.sig.data(), 32);
            fail("r of another signature", FASTSECP_ERR_INVALID_SIGNATURE);
            break;
        }
    }
    return c;
}

std::vector<SchnorrCase> make_batch(size_t n, int invalid_per_1000, Rng& rng) {
    std::vector<SchnorrCase> v;
    for (size_t i = 0; i < n; i++) {
        SchnorrCase c = valid_pool()[rng.below(valid_pool().size())];
        if (rng.below(1000) < (size_t)invalid_per_1000) c = plant(c, (int)rng.below(kKinds), rng);
        v.push_back(c);
    }
    return v;
}

void check_batch(const fastsecp_ctx* ctx, const std::vector<SchnorrCase>& cases) {
    std::vector<fastsecp_schnorr_item> items;
    for (const auto& c : cases) items.push_back(c.item());
    std::vector<fastsecp_status> results(cases.size(), kUnset);
    fastsecp_status ret = fastsecp_schnorr_verify_batch(ctx, results.data(), items.data(), items.size());
    for (size_t i = 0; i < cases.size(); i++) {
        SCOPED_TRACE("item " + std::to_string(i) + " (" + cases[i].kind + ")");
        EXPECT_EQ(results[i], cases[i].want) << status_name(results[i]);
        for (const Lib& L : oracle_libs())
            EXPECT_EQ(results[i] == FASTSECP_OK, single_schnorr(L, items[i]) == 1) << L.api->name;
    }
    EXPECT_EQ(ret, summary_of(results));
}

TEST(SchnorrBatch, ReferenceIsLoaded) { EXPECT_TRUE(reference_loaded()); }

TEST(SchnorrBatch, AllValid) {
    Rng rng(11);
    for (unsigned threads : kThreadCounts) {
        auto ctx = make_ctx(threads);
        for (size_t n : kBatchSizes) {
            SCOPED_TRACE("threads " + std::to_string(threads) + ", n " + std::to_string(n));
            check_batch(ctx.get(), make_batch(n, 0, rng));
        }
    }
}

TEST(SchnorrBatch, PlantedInvalidItems) {
    Rng rng(12);
    for (unsigned threads : kThreadCounts) {
        auto ctx = make_ctx(threads);
        for (size_t n : kBatchSizes) {
            // Half invalid, and (where the size allows) a single bad item hidden among valid ones.
            for (int rate : {500, 3}) {
                SCOPED_TRACE("threads " + std::to_string(threads) + ", n " + std::to_string(n) + ", invalid/1000 " +
                             std::to_string(rate));
                auto cases = make_batch(n, rate, rng);
                // (planted on a fresh valid signature: cases[0] may itself be a planted invalid one)
                if (rate == 3 && n >= 2) cases[rng.below(n)] = plant(valid_pool()[rng.below(valid_pool().size())], 6, rng);
                check_batch(ctx.get(), cases);
            }
        }
    }
}

TEST(SchnorrBatch, EveryKindOfFaultAloneAndAmongValid) {
    Rng rng(13);
    auto ctx = make_ctx(1);
    for (int kind = 0; kind < kKinds; kind++) {
        SchnorrCase bad = plant(valid_pool()[(size_t)kind], kind, rng);
        SCOPED_TRACE("kind " + std::to_string(kind) + ": " + bad.kind);
        check_batch(ctx.get(), {bad});
        auto cases = make_batch(20, 0, rng);
        cases[7] = bad;
        check_batch(ctx.get(), cases);
    }
}

// Items with two faults get the code checked first (the order the header documents), alone and
// inside a batch.
TEST(SchnorrBatch, CodesFollowDocumentedOrder) {
    Rng rng(15);
    auto ctx = make_ctx(1);
    struct Want {
        int a, b;
        fastsecp_status st;
    };
    // kinds: 1 key x >= p, 2 key not on curve, 3 r >= p, 4 s >= n, 5 r not on curve, 0 wrong message
    const Want cases[] = {{2, 4, FASTSECP_ERR_POINT_NOT_ON_CURVE}, {1, 4, FASTSECP_ERR_BAD_ENCODING},
                          {2, 3, FASTSECP_ERR_BAD_ENCODING},       {4, 5, FASTSECP_ERR_SCALAR_OUT_OF_RANGE},
                          {2, 5, FASTSECP_ERR_POINT_NOT_ON_CURVE}, {5, 0, FASTSECP_ERR_INVALID_SIGNATURE}};
    for (const auto& w : cases) {
        SchnorrCase c = plant(plant(valid_pool()[rng.below(1000)], w.a, rng), w.b, rng);
        c.want = w.st;
        c.kind = "kinds " + std::to_string(w.a) + " and " + std::to_string(w.b);
        SCOPED_TRACE(c.kind);
        check_batch(ctx.get(), {c});
        auto cases = make_batch(10, 0, rng);
        cases[3] = c;
        check_batch(ctx.get(), cases);
    }
}

// Without a seed the coefficients come from the items alone; results must not change.
TEST(SchnorrBatch, UnseededContext) {
    Rng rng(14);
    auto ctx = make_ctx(2, false);
    check_batch(ctx.get(), make_batch(64, 0, rng));
    check_batch(ctx.get(), make_batch(64, 100, rng));
}

}  // namespace
}  // namespace fastsecp::test
