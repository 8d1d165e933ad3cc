// The batch module (include/secp256k1_batch.h, secp256k1_schnorrsig_batch.h,
// secp256k1_tweak_check_batch.h; libsecp256k1 PR #1134's API) through the shipped library:
// the PR's behaviour (empty batch, transparent verification of a full batch and the max_terms
// accounting, invalid items at every position, an unusable batch, illegal arguments), the BIP-340
// vectors, and every batch result against the items checked one by one
// (secp256k1_schnorrsig_verify, secp256k1_xonly_pubkey_tweak_add_check) on random items.
//
// PrBuildDifferential compares accept/reject and every add's return value with the PR's own
// libsecp256k1 build when FASTSECP_BATCH_PR_LIB names its shared library (how to build one:
// docs/ARCHITECTURE.md, "The batch module"); without it the test is skipped.
#include <secp256k1.h>
#include <secp256k1_batch.h>
#include <secp256k1_extrakeys.h>
#include <secp256k1_schnorrsig.h>
#include <secp256k1_schnorrsig_batch.h>
#include <secp256k1_tweak_check_batch.h>

#include <dlfcn.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "bip340_csv.h"
#include "test_hex.h"
#include "test_sha256.h"

namespace fastsecp::test {
namespace {

struct Counter {
    int n = 0;
    std::string last;
};
void count_cb(const char* msg, void* data) {
    auto* c = static_cast<Counter*>(data);
    c->n++;
    c->last = msg;
}

// An item of either kind, with what checking it alone gives.
struct Item {
    bool is_sig = true;
    unsigned char sig[64];
    std::vector<unsigned char> msg;
    secp256k1_xonly_pubkey pk;
    unsigned char tweaked32[32];
    int parity = 0;
    unsigned char tweak32[32];
};

class BatchModule : public ::testing::Test {
protected:
    void SetUp() override {
        ctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
        secp256k1_context_set_illegal_callback(ctx, count_cb, &illegal);
    }
    void TearDown() override { secp256k1_context_destroy(ctx); }

    void rand32(unsigned char* out) {
        for (int i = 0; i < 32; i += 8) {
            uint64_t v = rng();
            std::memcpy(out + i, &v, 8);
        }
    }
    void keypair(secp256k1_keypair& kp) {
        unsigned char sk[32];
        do rand32(sk);
        while (!secp256k1_keypair_create(ctx, &kp, sk));
    }
    Item valid_sig() {
        Item it;
        secp256k1_keypair kp;
        keypair(kp);
        EXPECT_TRUE(secp256k1_keypair_xonly_pub(ctx, &it.pk, nullptr, &kp));
        it.msg.resize(rng() % 3 == 0 ? rng() % 70 : 32);
        for (auto& b : it.msg) b = static_cast<unsigned char>(rng());
        EXPECT_TRUE(secp256k1_schnorrsig_sign_custom(ctx, it.sig, it.msg.empty() ? nullptr : it.msg.data(),
                                                     it.msg.size(), &kp, nullptr));
        return it;
    }
    Item valid_tweak() {
        Item it;
        it.is_sig = false;
        secp256k1_keypair kp;
        keypair(kp);
        EXPECT_TRUE(secp256k1_keypair_xonly_pub(ctx, &it.pk, nullptr, &kp));
        rand32(it.tweak32);
        secp256k1_pubkey out;
        while (!secp256k1_xonly_pubkey_tweak_add(ctx, &out, &it.pk, it.tweak32)) rand32(it.tweak32);
        secp256k1_xonly_pubkey x;
        EXPECT_TRUE(secp256k1_xonly_pubkey_from_pubkey(ctx, &x, &it.parity, &out));
        EXPECT_TRUE(secp256k1_xonly_pubkey_serialize(ctx, it.tweaked32, &x));
        return it;
    }
    Item random_valid() { return rng() % 2 ? valid_sig() : valid_tweak(); }
    // Breaks the item in one of several ways (some make the add fail, most only the check).
    void corrupt(Item& it) {
        if (it.is_sig) {
            switch (rng() % 4) {
                case 0: it.sig[rng() % 32] ^= static_cast<unsigned char>(1 + rng() % 255); break;
                case 1: it.sig[32 + rng() % 32] ^= static_cast<unsigned char>(1 + rng() % 255); break;
                case 2:
                    if (it.msg.empty()) it.msg.push_back(0);
                    it.msg[rng() % it.msg.size()] ^= 1;
                    break;
                default: it.pk = valid_sig().pk; break;
            }
        } else {
            switch (rng() % 4) {
                case 0: it.parity ^= 1; break;
                case 1: it.tweak32[rng() % 32] ^= static_cast<unsigned char>(1 + rng() % 255); break;
                case 2: it.tweaked32[rng() % 32] ^= static_cast<unsigned char>(1 + rng() % 255); break;
                default: it.parity = rng() % 2 ? 2 : -1; break;
            }
        }
    }
    bool alone(const Item& it) {
        if (it.is_sig)
            return secp256k1_schnorrsig_verify(ctx, it.sig, it.msg.empty() ? nullptr : it.msg.data(), it.msg.size(),
                                               &it.pk) == 1;
        return secp256k1_xonly_pubkey_tweak_add_check(ctx, it.tweaked32, it.parity, &it.pk, it.tweak32) == 1;
    }
    int add(secp256k1_batch* b, const Item& it) {
        if (it.is_sig)
            return secp256k1_batch_add_schnorrsig(ctx, b, it.sig, it.msg.empty() ? nullptr : it.msg.data(),
                                                  it.msg.size(), &it.pk);
        return secp256k1_batch_add_xonlypub_tweak_check(ctx, b, it.tweaked32, it.parity, &it.pk, it.tweak32);
    }
    static size_t terms(const std::vector<Item>& items) {
        size_t t = 0;
        for (const auto& it : items) t += it.is_sig ? 2 : 1;
        return t;
    }

    secp256k1_context* ctx = nullptr;
    Counter illegal;
    std::mt19937_64 rng{0x6261746368ull};
};

TEST_F(BatchModule, EmptyBatchVerifies) {
    unsigned char aux[16] = {1, 2, 3};
    secp256k1_batch* b = secp256k1_batch_create(ctx, 1, aux);
    ASSERT_NE(b, nullptr);
    EXPECT_EQ(secp256k1_batch_usable(ctx, b), 1);
    EXPECT_EQ(secp256k1_batch_verify(ctx, b), 1);
    EXPECT_EQ(secp256k1_batch_verify(ctx, b), 1);
    EXPECT_EQ(secp256k1_batch_usable(ctx, b), 1);
    secp256k1_batch_destroy(ctx, b);
    EXPECT_EQ(illegal.n, 0);
}

TEST_F(BatchModule, IllegalArguments) {
    EXPECT_EQ(secp256k1_batch_create(ctx, 0, nullptr), nullptr);
    EXPECT_EQ(illegal.n, 1);
    EXPECT_EQ(illegal.last, "max_terms != 0");
    secp256k1_batch* b = secp256k1_batch_create(ctx, 8, nullptr);
    ASSERT_NE(b, nullptr);
    Item s = valid_sig(), t = valid_tweak();
    secp256k1_xonly_pubkey zero;
    std::memset(&zero, 0, sizeof zero);
    auto expect_illegal = [&](int ret, const char* msg) {
        EXPECT_EQ(ret, 0) << msg;
        EXPECT_EQ(illegal.n, 1) << msg;
        EXPECT_EQ(illegal.last, msg);
        illegal.n = 0;
    };
    illegal.n = 0;
    expect_illegal(secp256k1_batch_usable(ctx, nullptr), "batch != NULL");
    expect_illegal(secp256k1_batch_verify(ctx, nullptr), "batch != NULL");
    expect_illegal(secp256k1_batch_add_schnorrsig(ctx, nullptr, s.sig, s.msg.data(), s.msg.size(), &s.pk),
                   "batch != NULL");
    expect_illegal(secp256k1_batch_add_schnorrsig(ctx, b, nullptr, s.msg.data(), s.msg.size(), &s.pk),
                   "sig64 != NULL");
    expect_illegal(secp256k1_batch_add_schnorrsig(ctx, b, s.sig, nullptr, 1, &s.pk), "msg != NULL || msglen == 0");
    expect_illegal(secp256k1_batch_add_schnorrsig(ctx, b, s.sig, s.msg.data(), s.msg.size(), nullptr),
                   "pubkey != NULL");
    expect_illegal(secp256k1_batch_add_schnorrsig(ctx, b, s.sig, s.msg.data(), s.msg.size(), &zero),
                   "!secp256k1_fe_is_zero(&ge->x)");
    expect_illegal(secp256k1_batch_add_xonlypub_tweak_check(ctx, nullptr, t.tweaked32, t.parity, &t.pk, t.tweak32),
                   "batch != NULL");
    expect_illegal(secp256k1_batch_add_xonlypub_tweak_check(ctx, b, t.tweaked32, t.parity, nullptr, t.tweak32),
                   "internal_pubkey != NULL");
    expect_illegal(secp256k1_batch_add_xonlypub_tweak_check(ctx, b, nullptr, t.parity, &t.pk, t.tweak32),
                   "tweaked_pubkey32 != NULL");
    expect_illegal(secp256k1_batch_add_xonlypub_tweak_check(ctx, b, t.tweaked32, t.parity, &t.pk, nullptr),
                   "tweak32 != NULL");
    expect_illegal(secp256k1_batch_add_xonlypub_tweak_check(ctx, b, t.tweaked32, t.parity, &zero, t.tweak32),
                   "!secp256k1_fe_is_zero(&ge->x)");
    // None of the rejected calls touched the batch; destroying NULL is no illegal argument.
    EXPECT_EQ(secp256k1_batch_usable(ctx, b), 1);
    EXPECT_EQ(secp256k1_batch_verify(ctx, b), 1);
    secp256k1_batch_destroy(ctx, nullptr);
    secp256k1_batch_destroy(ctx, b);
    EXPECT_EQ(illegal.n, 0);
    // NULL message of length 0 is legal (the empty message).
    secp256k1_keypair kp;
    keypair(kp);
    Item e;
    EXPECT_TRUE(secp256k1_keypair_xonly_pub(ctx, &e.pk, nullptr, &kp));
    ASSERT_TRUE(secp256k1_schnorrsig_sign_custom(ctx, e.sig, nullptr, 0, &kp, nullptr));
    b = secp256k1_batch_create(ctx, 2, nullptr);
    EXPECT_EQ(secp256k1_batch_add_schnorrsig(ctx, b, e.sig, nullptr, 0, &e.pk), 1);
    EXPECT_EQ(secp256k1_batch_verify(ctx, b), 1);
    secp256k1_batch_destroy(ctx, b);
    EXPECT_EQ(illegal.n, 0);
}

TEST_F(BatchModule, ValidItemsVerifyAtEverySize) {
    for (size_t n : {1, 2, 3, 7, 40, 200}) {
        std::vector<Item> items;
        for (size_t i = 0; i < n; i++) items.push_back(random_valid());
        unsigned char aux[32];  // 16 used
        rand32(aux);
        secp256k1_batch* b = secp256k1_batch_create(ctx, terms(items), aux);
        ASSERT_NE(b, nullptr);
        for (const auto& it : items) EXPECT_EQ(add(b, it), 1);
        EXPECT_EQ(secp256k1_batch_verify(ctx, b), 1) << n;
        EXPECT_EQ(secp256k1_batch_usable(ctx, b), 1);
        // The verified items are gone: the batch takes as many again.
        for (const auto& it : items) EXPECT_EQ(add(b, it), 1);
        EXPECT_EQ(secp256k1_batch_verify(ctx, b), 1) << n;
        secp256k1_batch_destroy(ctx, b);
    }
}

TEST_F(BatchModule, InvalidItemAtEveryPosition) {
    const size_t n = 9;
    std::vector<Item> items;
    for (size_t i = 0; i < n; i++) items.push_back(random_valid());
    for (size_t pos = 0; pos < n; pos++) {
        for (int round = 0; round < 4; round++) {
            std::vector<Item> bad = items;
            do corrupt(bad[pos]);
            while (alone(bad[pos]));
            secp256k1_batch* b = secp256k1_batch_create(ctx, terms(bad), nullptr);
            bool added_bad = true;
            for (size_t i = 0; i < n; i++) {
                int r = add(b, bad[i]);
                if (i == pos)
                    added_bad = r == 1;
                else
                    EXPECT_EQ(r, 1);
            }
            // A bad item is either refused by its add (the batch holds only valid items) or fails it.
            EXPECT_EQ(secp256k1_batch_verify(ctx, b), added_bad ? 0 : 1) << pos;
            EXPECT_EQ(secp256k1_batch_usable(ctx, b), added_bad ? 0 : 1);
            if (added_bad) {
                // Unusable: every add refuses, verify stays 0.
                EXPECT_EQ(add(b, items[0]), 0);
                EXPECT_EQ(add(b, valid_tweak()), 0);
                EXPECT_EQ(secp256k1_batch_verify(ctx, b), 0);
            }
            secp256k1_batch_destroy(ctx, b);
        }
    }
    EXPECT_EQ(illegal.n, 0);
}

// max_terms counts 2 per signature and 1 per tweak check: with a bad first item, the batch is
// checked (and becomes unusable) exactly at the add that does not fit any more; that add still
// adds its item and returns 1, the next one returns 0.
TEST_F(BatchModule, TransparentVerificationWhenFull) {
    for (bool sigs : {true, false}) {
        for (size_t k : {1, 2, 5}) {
            const size_t per = sigs ? 2 : 1;
            secp256k1_batch* b = secp256k1_batch_create(ctx, k * per, nullptr);
            Item bad = sigs ? valid_sig() : valid_tweak();
            if (sigs)
                bad.sig[63] ^= 1;
            else
                bad.parity ^= 1;
            ASSERT_EQ(add(b, bad), 1);
            for (size_t i = 1; i < k; i++) {
                EXPECT_EQ(add(b, sigs ? valid_sig() : valid_tweak()), 1);
                EXPECT_EQ(secp256k1_batch_usable(ctx, b), 1) << "checked before the batch was full";
            }
            EXPECT_EQ(add(b, sigs ? valid_sig() : valid_tweak()), 1);  // full: checks the first k
            EXPECT_EQ(secp256k1_batch_usable(ctx, b), 0);
            EXPECT_EQ(add(b, sigs ? valid_sig() : valid_tweak()), 0);
            EXPECT_EQ(secp256k1_batch_verify(ctx, b), 0);
            secp256k1_batch_destroy(ctx, b);
        }
    }
    // An odd max_terms: 3 terms hold one signature (then 1 term is left, too few for another) or
    // one signature and one tweak check.
    secp256k1_batch* b = secp256k1_batch_create(ctx, 3, nullptr);
    Item bad = valid_sig();
    bad.sig[40] ^= 4;
    ASSERT_EQ(add(b, bad), 1);
    EXPECT_EQ(add(b, valid_tweak()), 1);
    EXPECT_EQ(secp256k1_batch_usable(ctx, b), 1);
    EXPECT_EQ(add(b, valid_tweak()), 1);
    EXPECT_EQ(secp256k1_batch_usable(ctx, b), 0);
    secp256k1_batch_destroy(ctx, b);
    // Many valid items through a small batch: every transparent check passes.
    for (size_t cap : {1, 2, 3, 4, 7}) {
        b = secp256k1_batch_create(ctx, cap, nullptr);
        for (int i = 0; i < 30; i++) {
            Item it = cap >= 2 ? random_valid() : valid_tweak();
            EXPECT_EQ(add(b, it), 1);
        }
        EXPECT_EQ(secp256k1_batch_usable(ctx, b), 1);
        EXPECT_EQ(secp256k1_batch_verify(ctx, b), 1) << cap;
        secp256k1_batch_destroy(ctx, b);
    }
    // max_terms 1 cannot hold a signature: each add checks what the batch holds and adds anyway
    // (the PR writes past its arrays there).
    b = secp256k1_batch_create(ctx, 1, nullptr);
    EXPECT_EQ(add(b, valid_sig()), 1);
    EXPECT_EQ(secp256k1_batch_verify(ctx, b), 1);
    secp256k1_batch_destroy(ctx, b);
}

// max_terms above the implementation's limit (2^13 terms: 4,096 signatures) is lowered to it: a
// bad first signature is found at the 4,097th add, not before; SIZE_MAX is accepted.
TEST_F(BatchModule, MaxTermsLimit) {
    secp256k1_batch* b = secp256k1_batch_create(ctx, SIZE_MAX, nullptr);
    ASSERT_NE(b, nullptr);
    Item bad = valid_sig(), good = valid_sig();
    bad.sig[50] ^= 2;
    ASSERT_EQ(add(b, bad), 1);
    for (int i = 1; i < 4096; i++) ASSERT_EQ(add(b, good), 1);
    EXPECT_EQ(secp256k1_batch_usable(ctx, b), 1);
    EXPECT_EQ(add(b, good), 1);  // full: the first 4,096 are checked
    EXPECT_EQ(secp256k1_batch_usable(ctx, b), 0);
    secp256k1_batch_destroy(ctx, b);
    EXPECT_EQ(illegal.n, 0);
}

// What an add refuses: r or the tweaked x not below p or not on the curve, s or the tweak not
// below n. The batch stays usable and holds only the other items.
TEST_F(BatchModule, UnparsableItemsAreRefused) {
    static const unsigned char P[32] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                        0xff, 0xff, 0xff, 0xff, 0xff, 0xfe, 0xff, 0xff, 0xfc, 0x2f};
    static const unsigned char N[32] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                        0xff, 0xff, 0xff, 0xff, 0xfe, 0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48,
                                        0xa0, 0x3b, 0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x41};
    unsigned char not_x[32] = {0};  // x = 5: 5^3 + 7 = 132 is not a square mod p
    not_x[31] = 5;
    secp256k1_batch* b = secp256k1_batch_create(ctx, 100, nullptr);
    ASSERT_EQ(add(b, valid_sig()), 1);
    // A valid item with one 32-byte field replaced: r, s; tweaked x, tweak.
    enum Field { R, S, TWEAKED, TWEAK };
    auto with = [&](Field f, const unsigned char* v) {
        Item it = f == R || f == S ? valid_sig() : valid_tweak();
        unsigned char* dst[] = {it.sig, it.sig + 32, it.tweaked32, it.tweak32};
        std::memcpy(dst[f], v, 32);
        return it;
    };
    EXPECT_EQ(add(b, with(R, P)), 0);
    EXPECT_EQ(add(b, with(R, not_x)), 0);
    EXPECT_EQ(add(b, with(S, N)), 0);
    EXPECT_EQ(add(b, with(TWEAKED, P)), 0);
    EXPECT_EQ(add(b, with(TWEAKED, not_x)), 0);
    EXPECT_EQ(add(b, with(TWEAK, N)), 0);
    EXPECT_EQ(secp256k1_batch_usable(ctx, b), 1);
    EXPECT_EQ(add(b, valid_tweak()), 1);
    EXPECT_EQ(secp256k1_batch_verify(ctx, b), 1);
    secp256k1_batch_destroy(ctx, b);
    // In the PR's order a full batch is checked before the point check refuses the item.
    b = secp256k1_batch_create(ctx, 2, nullptr);
    Item bad = valid_sig();
    bad.sig[33] ^= 1;
    ASSERT_EQ(add(b, bad), 1);
    EXPECT_EQ(add(b, with(R, not_x)), 0);
    EXPECT_EQ(secp256k1_batch_usable(ctx, b), 0);
    secp256k1_batch_destroy(ctx, b);
    // ... but not before the range checks.
    b = secp256k1_batch_create(ctx, 2, nullptr);
    ASSERT_EQ(add(b, bad), 1);
    EXPECT_EQ(add(b, with(R, P)), 0);
    EXPECT_EQ(secp256k1_batch_usable(ctx, b), 1);
    EXPECT_EQ(secp256k1_batch_verify(ctx, b), 0);
    secp256k1_batch_destroy(ctx, b);
}

// Every row of bip-0340/test-vectors.csv in a batch of its own gives the row's result (an add
// that refuses counts as invalid); the valid rows together verify, all rows together do not.
TEST_F(BatchModule, Bip340Vectors) {
    int bad = 0;
    const auto rows = read_bip340_rows(FASTSECP_VECTORS_DIR, bad);
    ASSERT_EQ(bad, 0);
    ASSERT_EQ(rows.size(), 19u);
    std::vector<Item> valid, all;
    for (const auto& row : rows) {
        SCOPED_TRACE("row " + std::to_string(row.index) + " " + row.comment);
        Item it;
        if (!secp256k1_xonly_pubkey_parse(ctx, &it.pk, row.pk.data())) {
            EXPECT_FALSE(row.valid);  // a key that is no point: no batch can take it
            continue;
        }
        std::memcpy(it.sig, row.sig.data(), 64);
        it.msg = row.msg;
        const bool want = row.valid;
        secp256k1_batch* b = secp256k1_batch_create(ctx, 2, nullptr);
        int got = add(b, it) == 1 && secp256k1_batch_verify(ctx, b) == 1;
        EXPECT_EQ(got, want);
        EXPECT_EQ(alone(it), want);
        secp256k1_batch_destroy(ctx, b);
        all.push_back(it);
        if (want) valid.push_back(it);
    }
    ASSERT_GE(valid.size(), 5u);
    ASSERT_GT(all.size(), valid.size());
    secp256k1_batch* b = secp256k1_batch_create(ctx, terms(valid), nullptr);
    for (const auto& it : valid) EXPECT_EQ(add(b, it), 1);
    EXPECT_EQ(secp256k1_batch_verify(ctx, b), 1);
    secp256k1_batch_destroy(ctx, b);
    b = secp256k1_batch_create(ctx, terms(all), nullptr);
    int refused = 0;
    for (const auto& it : all) refused += add(b, it) == 0;
    EXPECT_LT(refused, static_cast<int>(all.size() - valid.size()));  // some invalid rows are in it
    EXPECT_EQ(secp256k1_batch_verify(ctx, b), 0);
    secp256k1_batch_destroy(ctx, b);
}

// Random tweak checks (valid, corrupted, odd parities) one per batch against
// secp256k1_xonly_pubkey_tweak_add_check, then random mixed batches against all items alone.
TEST_F(BatchModule, RandomItemsAgainstOneByOne) {
    for (int i = 0; i < 300; i++) {
        Item t = valid_tweak();
        if (i % 3) corrupt(t);
        if (i % 7 == 0) rand32(t.tweaked32);
        secp256k1_batch* b = secp256k1_batch_create(ctx, 1 + rng() % 4, nullptr);
        const bool got = add(b, t) == 1 && secp256k1_batch_verify(ctx, b) == 1;
        EXPECT_EQ(got, alone(t)) << i;
        secp256k1_batch_destroy(ctx, b);
    }
    for (int round = 0; round < 60; round++) {
        const size_t n = 1 + rng() % 24;
        std::vector<Item> items;
        for (size_t i = 0; i < n; i++) {
            items.push_back(random_valid());
            if (rng() % (round % 2 ? 12 : 200) == 0) corrupt(items.back());
        }
        bool want = true;
        const size_t cap = round % 3 == 0 ? 1 + rng() % 8 : terms(items);
        secp256k1_batch* b = secp256k1_batch_create(ctx, cap, nullptr);
        bool ok = true;
        for (const auto& it : items) {
            const bool usable = secp256k1_batch_usable(ctx, b) == 1;
            const int r = add(b, it);
            if (!usable) EXPECT_EQ(r, 0);
            if (usable && r == 0) EXPECT_FALSE(alone(it));  // refused only when it cannot be valid
            ok = ok && (r == 1 || usable);
            if (r == 1) want = want && alone(it);
            if (!usable) want = false;
        }
        (void)ok;
        EXPECT_EQ(secp256k1_batch_verify(ctx, b), want ? 1 : 0) << round;
        secp256k1_batch_destroy(ctx, b);
    }
}

// The PR leaves the first item of a batch out of the hash its coefficients come from. With a
// known aux_rand16 (here NULL) the coefficients a_2..a_u of items 2..u are then known before
// item 1 is chosen: signatures 2..u with s_i + 1 and signature 1 with s_1 − (a_2 + ... + a_u)
// are all invalid, and their errors cancel in the PR's equation. Ours absorbs item 1 too, so
// the batch fails. With FASTSECP_BATCH_PR_LIB set, the PR's build is shown to accept it (which
// proves the construction follows the PR's derivation: docs/ARCHITECTURE.md).
TEST_F(BatchModule, FirstItemCannotCancelTheOthers) {
    const size_t u = 4;
    std::vector<Item> items;
    for (size_t i = 0; i < u; i++) items.push_back(valid_sig());
    static const unsigned char one[32] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                          0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1};
    // n − 2^127, added to u to get a = u − 2^127 mod n.
    static const unsigned char minus_2_127[32] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                                  0xff, 0xff, 0xff, 0xff, 0xfe, 0x3a, 0xae, 0xdc, 0xe6, 0xaf, 0x48,
                                                  0xa0, 0x3b, 0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x41};
    // The PR's running hash: SHA-256(tag || tag || aux_rand16 || items 2..i) with tag =
    // SHA-256("BIP0340/batch"); item = 0x01 || sig64 || msg || 33-byte compressed key.
    auto tag = sha256(std::string_view("BIP0340/batch"));
    std::vector<unsigned char> stream(tag.begin(), tag.end());
    stream.insert(stream.end(), tag.begin(), tag.end());
    stream.insert(stream.end(), 16, 0);
    unsigned char sum[32] = {0};
    bool have_sum = false;
    for (size_t i = 1; i < u; i++) {
        Item& it = items[i];
        ASSERT_TRUE(secp256k1_ec_seckey_tweak_add(ctx, it.sig + 32, one));  // s_i + 1
        unsigned char pk33[33];
        size_t len = 33;
        secp256k1_pubkey full;
        std::memcpy(&full, &it.pk, sizeof full);
        ASSERT_TRUE(secp256k1_ec_pubkey_serialize(ctx, pk33, &len, &full, SECP256K1_EC_COMPRESSED));
        stream.push_back(1);
        stream.insert(stream.end(), it.sig, it.sig + 64);
        stream.insert(stream.end(), it.msg.begin(), it.msg.end());
        stream.insert(stream.end(), pk33, pk33 + 33);
        auto d = sha256(stream);
        unsigned char a[32] = {0};
        std::memcpy(a + 16, d.data() + 16, 16);
        ASSERT_TRUE(secp256k1_ec_seckey_tweak_add(ctx, a, minus_2_127));
        if (have_sum) {
            ASSERT_TRUE(secp256k1_ec_seckey_tweak_add(ctx, sum, a));
        } else {
            std::memcpy(sum, a, 32);
            have_sum = true;
        }
    }
    ASSERT_TRUE(secp256k1_ec_seckey_negate(ctx, sum));
    ASSERT_TRUE(secp256k1_ec_seckey_tweak_add(ctx, items[0].sig + 32, sum));  // s_1 − Σ a_i
    for (const auto& it : items) ASSERT_FALSE(alone(it));

    secp256k1_batch* b = secp256k1_batch_create(ctx, 2 * u, nullptr);
    for (const auto& it : items) ASSERT_EQ(add(b, it), 1);
    EXPECT_EQ(secp256k1_batch_verify(ctx, b), 0);
    secp256k1_batch_destroy(ctx, b);

    const char* path = std::getenv("FASTSECP_BATCH_PR_LIB");
    if (path == nullptr || *path == 0) return;
    void* h = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
    if (h == nullptr) return;
    auto pcreate = reinterpret_cast<decltype(&secp256k1_context_create)>(dlsym(h, "secp256k1_context_create"));
    auto pdestroy = reinterpret_cast<decltype(&secp256k1_context_destroy)>(dlsym(h, "secp256k1_context_destroy"));
    auto bcreate = reinterpret_cast<decltype(&secp256k1_batch_create)>(dlsym(h, "secp256k1_batch_create"));
    auto bdestroy = reinterpret_cast<decltype(&secp256k1_batch_destroy)>(dlsym(h, "secp256k1_batch_destroy"));
    auto badd = reinterpret_cast<decltype(&secp256k1_batch_add_schnorrsig)>(dlsym(h, "secp256k1_batch_add_schnorrsig"));
    auto bverify = reinterpret_cast<decltype(&secp256k1_batch_verify)>(dlsym(h, "secp256k1_batch_verify"));
    ASSERT_TRUE(pcreate && pdestroy && bcreate && bdestroy && badd && bverify);
    secp256k1_context* pctx = pcreate(SECP256K1_CONTEXT_NONE);
    secp256k1_batch* pb = bcreate(pctx, 2 * u, nullptr);
    for (const auto& it : items) ASSERT_EQ(badd(pctx, pb, it.sig, it.msg.data(), it.msg.size(), &it.pk), 1);
    EXPECT_EQ(bverify(pctx, pb), 1) << "the PR's build rejects the forged batch: its derivation differs from this test's";
    bdestroy(pctx, pb);
    pdestroy(pctx);
    std::printf("PR #1134's build accepts %zu invalid signatures in one batch; fastsecp rejects them\n", u);
}

// --- Against PR #1134's own build (FASTSECP_BATCH_PR_LIB) ------------------------------------------
struct PrLib {
    void* h = nullptr;
    decltype(&secp256k1_context_create) context_create;
    decltype(&secp256k1_context_destroy) context_destroy;
    decltype(&secp256k1_batch_create) create;
    decltype(&secp256k1_batch_destroy) destroy;
    decltype(&secp256k1_batch_usable) usable;
    decltype(&secp256k1_batch_verify) verify;
    decltype(&secp256k1_batch_add_schnorrsig) add_sig;
    decltype(&secp256k1_batch_add_xonlypub_tweak_check) add_tweak;
    template <class F>
    void sym(F& f, const char* name) {
        f = reinterpret_cast<F>(dlsym(h, name));
        if (f == nullptr) h = nullptr;
    }
    bool open(const char* path) {
        // DEEPBIND: the PR library's calls to its own exported functions must not bind to ours.
        h = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
        if (h == nullptr) return false;
        void* keep = h;
        sym(context_create, "secp256k1_context_create");
        sym(context_destroy, "secp256k1_context_destroy");
        sym(create, "secp256k1_batch_create");
        sym(destroy, "secp256k1_batch_destroy");
        sym(usable, "secp256k1_batch_usable");
        sym(verify, "secp256k1_batch_verify");
        sym(add_sig, "secp256k1_batch_add_schnorrsig");
        sym(add_tweak, "secp256k1_batch_add_xonlypub_tweak_check");
        if (h == nullptr) dlclose(keep);
        return h != nullptr;
    }
};

// Random batches (sizes 1..60 items, up to a third of them corrupted, max_terms from 1 to the
// PR's limit of 106 (from 2: see TransparentVerificationWhenFull) so that both libraries empty a full batch at the same adds) through both
// libraries: every add's return value, usable after every add, and the final verify agree. The
// x-only keys are made by ours and passed to both (their 64 bytes are the same in both).
TEST_F(BatchModule, PrBuildDifferential) {
    const char* path = std::getenv("FASTSECP_BATCH_PR_LIB");
    if (path == nullptr || *path == 0) GTEST_SKIP() << "FASTSECP_BATCH_PR_LIB not set (docs/ARCHITECTURE.md, The batch module)";
    PrLib pr;
    if (!pr.open(path)) GTEST_SKIP() << "cannot load " << path << ": " << dlerror();
    secp256k1_context* pctx = pr.context_create(SECP256K1_CONTEXT_NONE);
    size_t n_batches = 0, n_rejected = 0, n_adds = 0;
    for (int round = 0; round < 400; round++) {
        const size_t n = 1 + rng() % 60;
        std::vector<Item> items;
        const unsigned bad_rate = round % 4 == 0 ? 0 : 1 + rng() % 3;
        for (size_t i = 0; i < n; i++) {
            items.push_back(random_valid());
            if (bad_rate && rng() % (3 * bad_rate) == 0) corrupt(items.back());
        }
        const size_t cap = 2 + rng() % 105;  // (max_terms 1 overruns the PR's arrays on a signature)
        unsigned char aux[32];  // 16 used
        rand32(aux);
        secp256k1_batch* ours = secp256k1_batch_create(ctx, cap, aux);
        secp256k1_batch* theirs = pr.create(pctx, cap, aux);
        ASSERT_NE(theirs, nullptr);
        for (size_t i = 0; i < n; i++) {
            const Item& it = items[i];
            const unsigned char* m = it.msg.empty() ? nullptr : it.msg.data();
            const int a = add(ours, it);
            const int b = it.is_sig ? pr.add_sig(pctx, theirs, it.sig, m, it.msg.size(), &it.pk)
                                    : pr.add_tweak(pctx, theirs, it.tweaked32, it.parity, &it.pk, it.tweak32);
            if (!it.is_sig && it.parity != 0 && it.parity != 1) {
                // The PR's result then depends on the sign its square root happens to have; ours
                // fails the batch as secp256k1_xonly_pubkey_tweak_add_check fails the item. Not
                // comparable: start over.
                goto next;
            }
            ASSERT_EQ(a, b) << "round " << round << " item " << i;
            ASSERT_EQ(secp256k1_batch_usable(ctx, ours), pr.usable(pctx, theirs)) << round << " " << i;
            n_adds++;
        }
        {
            const int a = secp256k1_batch_verify(ctx, ours), b = pr.verify(pctx, theirs);
            ASSERT_EQ(a, b) << "round " << round;
            n_batches++;
            n_rejected += a == 0;
        }
    next:
        secp256k1_batch_destroy(ctx, ours);
        pr.destroy(pctx, theirs);
    }
    pr.context_destroy(pctx);
    EXPECT_GT(n_rejected, 50u);
    EXPECT_GT(n_batches - n_rejected, 50u);
    std::printf("compared %zu batches (%zu rejected), %zu adds\n", n_batches, n_rejected, n_adds);
}

}  // namespace
}  // namespace fastsecp::test
