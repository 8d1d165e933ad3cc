// NULL arguments: a batch call with a NULL context or array returns
// FASTSECP_ERR_INVALID_ARGUMENT (filling a non-NULL results array with it); arrays may be NULL
// when n is 0; a NULL pointer inside an item fails that item only.
#include "api_fixture.h"

namespace fastsecp::test {
namespace {

constexpr size_t N = 3;

// Valid inputs for every call (so only the NULL under test can fail).
struct Inputs {
    unsigned char sec[32 * N], pub33[33 * N], tweak[32 * N], out[33 * N];
    unsigned char ecdsa_sig[N][64], msg32[N][32], schnorr_sig[N][64], xonly[N][32];
    fastsecp_ecdsa_item ecdsa[N];
    fastsecp_schnorr_item schnorr[N];
    Inputs() {
        Rng rng(41);
        const Lib& L = ours();
        for (size_t i = 0; i < N; i++) {
            B32 sk = rng.seckey(*L.api, L.ctx);
            std::memcpy(sec + 32 * i, sk.data(), 32);
            single_create(L, pub33 + 33 * i, sk.data());
            std::memset(tweak + 32 * i, (int)i, 32);
            B32 m = rng.b32();
            std::memcpy(msg32[i], m.data(), 32);
            secp256k1_ecdsa_signature sig;
            EXPECT_EQ(L.api->ecdsa_sign(L.ctx, &sig, msg32[i], sk.data(), nullptr, nullptr), 1);
            EXPECT_EQ(L.api->ecdsa_signature_serialize_compact(L.ctx, ecdsa_sig[i], &sig), 1);
            secp256k1_keypair kp;
            EXPECT_EQ(L.api->keypair_create(L.ctx, &kp, sk.data()), 1);
            EXPECT_EQ(L.api->schnorrsig_sign32(L.ctx, schnorr_sig[i], msg32[i], &kp, nullptr), 1);
            secp256k1_xonly_pubkey xpk;
            EXPECT_EQ(L.api->keypair_xonly_pub(L.ctx, &xpk, nullptr, &kp), 1);
            EXPECT_EQ(L.api->xonly_pubkey_serialize(L.ctx, xonly[i], &xpk), 1);
            ecdsa[i] = {ecdsa_sig[i], msg32[i], pub33 + 33 * i, 33};
            schnorr[i] = {schnorr_sig[i], msg32[i], 32, xonly[i]};
        }
    }
};

// Every call, with each of its pointer arguments (ctx, results, arrays) replaced by NULL in turn
// (skip == -1: none).
using Call = std::function<fastsecp_status(const fastsecp_ctx*, fastsecp_status*, int null_arg, size_t n)>;

std::vector<std::pair<std::string, std::pair<int, Call>>> calls(Inputs& in) {
    auto pick = [](int null_arg, int k, auto* p) { return null_arg == k ? nullptr : p; };
    return {
        {"ecdsa_verify", {1, [&in, pick](const fastsecp_ctx* c, fastsecp_status* r, int a, size_t n) {
             return fastsecp_ecdsa_verify_batch(c, r, pick(a, 0, in.ecdsa), n);
         }}},
        {"schnorr_verify", {1, [&in, pick](const fastsecp_ctx* c, fastsecp_status* r, int a, size_t n) {
             return fastsecp_schnorr_verify_batch(c, r, pick(a, 0, in.schnorr), n);
         }}},
        {"pubkey_create", {2, [&in, pick](const fastsecp_ctx* c, fastsecp_status* r, int a, size_t n) {
             return fastsecp_pubkey_create_batch(c, r, pick(a, 0, in.out), pick(a, 1, in.sec), n);
         }}},
        {"pubkey_tweak_add", {3, [&in, pick](const fastsecp_ctx* c, fastsecp_status* r, int a, size_t n) {
             return fastsecp_pubkey_tweak_add_batch(c, r, pick(a, 0, in.out), pick(a, 1, in.pub33),
                                                    pick(a, 2, in.tweak), n);
         }}},
        {"pubkey_tweak_mul", {3, [&in, pick](const fastsecp_ctx* c, fastsecp_status* r, int a, size_t n) {
             // One tweak for all items: item 1's (item 0's is zero, not a valid tweak).
             return fastsecp_pubkey_tweak_mul_batch(c, r, pick(a, 0, in.out), pick(a, 1, in.pub33),
                                                    pick(a, 2, in.tweak + 32), n);
         }}},
    };
}

TEST(NullArguments, BatchCalls) {
    Inputs in;
    auto ctx = make_ctx(2);
    for (auto& [name, arity_call] : calls(in)) {
        auto& [arity, call] = arity_call;
        SCOPED_TRACE(name);
        fastsecp_status r[N];
        // All set: runs.
        std::fill(r, r + N, kUnset);
        EXPECT_EQ(call(ctx.get(), r, -1, N), FASTSECP_OK);
        for (auto s : r) EXPECT_EQ(s, FASTSECP_OK);
        // NULL context.
        std::fill(r, r + N, kUnset);
        EXPECT_EQ(call(nullptr, r, -1, N), FASTSECP_ERR_INVALID_ARGUMENT);
        for (auto s : r) EXPECT_EQ(s, FASTSECP_ERR_INVALID_ARGUMENT);
        // NULL results.
        EXPECT_EQ(call(ctx.get(), nullptr, -1, N), FASTSECP_ERR_INVALID_ARGUMENT);
        // Each NULL array.
        for (int a = 0; a < arity; a++) {
            SCOPED_TRACE("array argument " + std::to_string(a));
            std::fill(r, r + N, kUnset);
            EXPECT_EQ(call(ctx.get(), r, a, N), FASTSECP_ERR_INVALID_ARGUMENT);
            for (auto s : r) EXPECT_EQ(s, FASTSECP_ERR_INVALID_ARGUMENT);
            // ... which is fine for an empty batch.
            EXPECT_EQ(call(ctx.get(), nullptr, a, 0), FASTSECP_OK);
        }
        EXPECT_EQ(call(ctx.get(), nullptr, -1, 0), FASTSECP_OK);
        EXPECT_EQ(call(nullptr, nullptr, -1, 0), FASTSECP_ERR_INVALID_ARGUMENT);  // the context is always needed
    }
}

TEST(NullArguments, InsideEcdsaItems) {
    Inputs in;
    auto ctx = make_ctx(1);
    for (int field = 0; field < 3; field++) {
        fastsecp_ecdsa_item items[N];
        std::copy(in.ecdsa, in.ecdsa + N, items);
        if (field == 0) items[1].sig64 = nullptr;
        if (field == 1) items[1].msghash32 = nullptr;
        if (field == 2) items[1].pubkey = nullptr;
        fastsecp_status r[N];
        std::fill(r, r + N, kUnset);
        EXPECT_EQ(fastsecp_ecdsa_verify_batch(ctx.get(), r, items, N), FASTSECP_ERR_ITEM_FAILED);
        EXPECT_EQ(r[0], FASTSECP_OK);
        EXPECT_EQ(r[1], FASTSECP_ERR_INVALID_ARGUMENT);
        EXPECT_EQ(r[2], FASTSECP_OK);
    }
}

TEST(NullArguments, InsideSchnorrItems) {
    Inputs in;
    auto ctx = make_ctx(1);
    for (int field = 0; field < 3; field++) {
        for (size_t n : {(size_t)1, N}) {
            fastsecp_schnorr_item items[N];
            std::copy(in.schnorr, in.schnorr + N, items);
            fastsecp_schnorr_item& bad = items[n == 1 ? 0 : 1];
            if (field == 0) bad.sig64 = nullptr;
            if (field == 1) bad.msg = nullptr;  // with msglen 32
            if (field == 2) bad.xonly_pubkey32 = nullptr;
            fastsecp_status r[N];
            std::fill(r, r + N, kUnset);
            EXPECT_EQ(fastsecp_schnorr_verify_batch(ctx.get(), r, items, n), FASTSECP_ERR_ITEM_FAILED);
            EXPECT_EQ(r[n == 1 ? 0 : 1], FASTSECP_ERR_INVALID_ARGUMENT);
            if (n == N) {
                EXPECT_EQ(r[0], FASTSECP_OK);
                EXPECT_EQ(r[2], FASTSECP_OK);
            }
        }
    }
}

// msg may be NULL when msglen is 0: it is the empty message, not an error.
TEST(NullArguments, EmptySchnorrMessage) {
    const Lib& L = ours();
    Rng rng(42);
    B32 sk = rng.seckey(*L.api, L.ctx);
    secp256k1_keypair kp;
    ASSERT_EQ(L.api->keypair_create(L.ctx, &kp, sk.data()), 1);
    unsigned char sig[64], x[32];
    unsigned char dummy = 0;
    ASSERT_EQ(L.api->schnorrsig_sign_custom(L.ctx, sig, &dummy, 0, &kp, nullptr), 1);
    secp256k1_xonly_pubkey xpk;
    ASSERT_EQ(L.api->keypair_xonly_pub(L.ctx, &xpk, nullptr, &kp), 1);
    ASSERT_EQ(L.api->xonly_pubkey_serialize(L.ctx, x, &xpk), 1);
    auto ctx = make_ctx(1);
    fastsecp_schnorr_item items[2] = {{sig, nullptr, 0, x}, {sig, &dummy, 0, x}};
    fastsecp_status r[2] = {kUnset, kUnset};
    EXPECT_EQ(fastsecp_schnorr_verify_batch(ctx.get(), r, items, 2), FASTSECP_OK);
    EXPECT_EQ(fastsecp_schnorr_verify_batch(ctx.get(), r, items, 1), FASTSECP_OK);
}

}  // namespace
}  // namespace fastsecp::test
