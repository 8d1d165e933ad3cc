// The silent-payments scanner (fastsecp_sp_*): every receiving case of the BIP-352 vectors, and
// random batches with planted payments compared with libsecp256k1's
// secp256k1_silentpayments_recipient_scan_outputs (the reference v0.8.0 and fastsecp's own),
// in constant-time and variable-time mode, with one and two threads; plus the edge cases of the
// native API (bad tweaks, huge and empty items, a too-small match buffer, NULL arguments).
#include "api_fixture.h"
#include "json.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace fastsecp::test {
namespace {

using Bytes = std::vector<unsigned char>;

struct CtxDeleter {
    void operator()(fastsecp_ctx* c) const { fastsecp_ctx_destroy(c); }
};
struct WalletDeleter {
    void operator()(fastsecp_sp_wallet* w) const { fastsecp_sp_wallet_destroy(w); }
};
using CtxPtr = std::unique_ptr<fastsecp_ctx, CtxDeleter>;
using WalletPtr = std::unique_ptr<fastsecp_sp_wallet, WalletDeleter>;

CtxPtr make_ctx(unsigned threads) {
    fastsecp_ctx_options o = FASTSECP_CTX_OPTIONS_INIT;
    o.n_threads = threads;
    fastsecp_ctx* c = nullptr;
    EXPECT_EQ(fastsecp_ctx_create(&c, &o), FASTSECP_OK);
    return CtxPtr(c);
}

WalletPtr make_wallet(const fastsecp_ctx* ctx, const unsigned char* scan32, const unsigned char* spend33,
                      const std::vector<unsigned>& labels) {
    fastsecp_sp_wallet* w = nullptr;
    EXPECT_EQ(fastsecp_sp_wallet_create(ctx, &w, scan32, spend33, labels.data(), labels.size()), FASTSECP_OK);
    return WalletPtr(w);
}

// One found output, as both APIs can express it: (output index, k, label or -1, spend tweak).
using Found = std::tuple<size_t, unsigned, long long, std::string>;

struct ScanResult {
    fastsecp_status ret;
    std::vector<fastsecp_status> status;
    std::vector<std::vector<Found>> per_item;
};

ScanResult scan(const fastsecp_ctx* ctx, const fastsecp_sp_wallet* w, const std::vector<fastsecp_sp_item>& items,
                unsigned flags) {
    ScanResult r;
    r.status.assign(items.size(), FASTSECP_STATUS_MAX_ENUM);
    r.per_item.resize(items.size());
    size_t cap = 0;
    for (auto& it : items) cap += it.n_outputs;
    std::vector<fastsecp_sp_match> m(cap + 1);
    size_t n_m = 12345;
    r.ret = fastsecp_sp_scan(ctx, w, r.status.data(), items.data(), items.size(), m.data(), m.size(), &n_m, flags);
    EXPECT_LE(n_m, m.size());
    size_t prev_item = 0;
    for (size_t i = 0; i < n_m && i < m.size(); i++) {
        EXPECT_GE(m[i].item, prev_item) << "matches are in input order";
        prev_item = m[i].item;
        EXPECT_LT(m[i].item, items.size());
        if (m[i].item >= items.size()) continue;
        r.per_item[m[i].item].push_back(
            {m[i].output, m[i].k, m[i].has_label ? (long long)m[i].label : -1, to_hex(m[i].spend_tweak32, 32)});
    }
    return r;
}

// ---- BIP-352 vectors ----------------------------------------------------------------------------

TEST(SpScanVectors, EveryReceivingCase) {
    const json::Value v = json::parse_file(std::string(FASTSECP_VECTORS_DIR) + "/bip-0352/send_and_receive_test_vectors.json");
    auto ctx = make_ctx(1);
    const Lib& L = ours();
    int cases = 0, scanned = 0;
    for (const auto& c : v)
        for (const auto& r : c.at("receiving")) {
            SCOPED_TRACE(c.at("comment").get<std::string>());
            cases++;
            const auto& given = r.at("given");
            const auto& expected = r.at("expected");
            if (expected.at("tweak").is_null()) {  // no eligible input or keys summing to zero: nothing to scan
                EXPECT_TRUE(expected.at("outputs").empty());
                continue;
            }
            Bytes scan_sk = from_hex(given.at("key_material").at("scan_priv_key").get<std::string>());
            Bytes spend_sk = from_hex(given.at("key_material").at("spend_priv_key").get<std::string>());
            unsigned char spend33[33];
            ASSERT_TRUE(single_create(L, spend33, spend_sk.data()));
            std::vector<unsigned> labels;
            for (const auto& m : given.at("labels")) labels.push_back((unsigned)m.get<long long>());
            Bytes outputs;
            for (const auto& o : given.at("outputs")) {
                Bytes x = from_hex(o.get<std::string>());
                outputs.insert(outputs.end(), x.begin(), x.end());
            }
            Bytes tweak = from_hex(expected.at("tweak").get<std::string>());
            // The same transaction three times in one batch: three identical, ordered results
            // (once for the K_max case, whose 2323 rounds are slow by design).
            fastsecp_sp_item item{tweak.data(), outputs.data(), outputs.size() / 32};
            const size_t copies = item.n_outputs > 100 ? 1 : 3;
            std::vector<fastsecp_sp_item> items(copies, item);
            for (unsigned flags : {FASTSECP_SP_SCAN_DEFAULT, FASTSECP_SP_SCAN_VARTIME}) {
                auto w = make_wallet(ctx.get(), scan_sk.data(), spend33, labels);
                ASSERT_NE(w, nullptr);
                ScanResult res = scan(ctx.get(), w.get(), items, flags);
                ASSERT_EQ(res.ret, FASTSECP_OK);
                for (size_t i = 0; i < copies; i++) {
                    EXPECT_EQ(res.status[i], FASTSECP_OK);
                    EXPECT_EQ(res.per_item[i], res.per_item[0]);
                }
                const auto& got = res.per_item[0];
                for (size_t k = 0; k < got.size(); k++) EXPECT_EQ(std::get<1>(got[k]), k) << "k counts up";
                if (expected.contains("n_outputs")) {
                    EXPECT_EQ((long long)got.size(), expected.at("n_outputs").get<long long>());
                    continue;
                }
                std::map<std::string, std::string> want, have;
                for (const auto& o : expected.at("outputs"))
                    want[o.at("pub_key").get<std::string>()] = o.at("priv_key_tweak").get<std::string>();
                for (const auto& f : got) have[to_hex(outputs.data() + 32 * std::get<0>(f), 32)] = std::get<3>(f);
                EXPECT_EQ(have, want);
            }
            scanned++;
        }
    EXPECT_EQ(cases, 29);
    EXPECT_GT(scanned, 20);
}

// ---- Random batches with planted payments, against scan_outputs ----------------------------------

// A recipient and transactions paying it, made with the libsecp256k1 API of `L` (sender side).
struct Planted {
    B32 scan_sk, spend_sk;
    unsigned char spend33[33];
    secp256k1_pubkey spend_pk;
    std::vector<unsigned> labels;
    struct Tx {
        Bytes tweak33;
        Bytes outputs;  // 32 bytes each
        unsigned char outpoint[36];
        std::vector<secp256k1_pubkey> input_keys;
    };
    std::vector<Tx> txs;
};

secp256k1_pubkey labelled_spend(const Lib& L, const Planted& p, unsigned m) {
    secp256k1_silentpayments_label label;
    unsigned char tweak[32];
    secp256k1_pubkey out;
    EXPECT_TRUE(L.api->silentpayments_recipient_label_create(L.ctx, &label, tweak, p.scan_sk.data(), m));
    EXPECT_TRUE(L.api->silentpayments_recipient_create_labeled_spend_pubkey(L.ctx, &out, &p.spend_pk, &label));
    return out;
}

// n_pay payments to the recipient (each to the plain address or one of `pay_labels`), n_other
// unrelated outputs, shuffled (or duplicated, when dup).
Planted::Tx make_tx(const Lib& L, Rng& rng, const Planted& p, const std::vector<long long>& pays, size_t n_other,
                    bool dup = false) {
    Planted::Tx tx;
    rng.fill(tx.outpoint, 36);
    const size_t n_inputs = 1 + rng.below(2);
    std::vector<B32> secs;
    for (size_t i = 0; i < n_inputs; i++) {
        secs.push_back(rng.seckey(*L.api, L.ctx));
        secp256k1_pubkey pk;
        EXPECT_TRUE(L.api->ec_pubkey_create(L.ctx, &pk, secs.back().data()));
        tx.input_keys.push_back(pk);
    }
    std::vector<Bytes> outs;
    if (!pays.empty()) {
        unsigned char scan33[33];
        EXPECT_TRUE(single_create(L, scan33, p.scan_sk.data()));
        secp256k1_pubkey scan_pk;
        EXPECT_TRUE(L.api->ec_pubkey_parse(L.ctx, &scan_pk, scan33, 33));
        std::vector<secp256k1_silentpayments_recipient> rec(pays.size());
        std::vector<const secp256k1_silentpayments_recipient*> rp;
        std::vector<secp256k1_xonly_pubkey> gen(pays.size());
        std::vector<secp256k1_xonly_pubkey*> gp;
        for (size_t i = 0; i < pays.size(); i++) {
            rec[i] = {scan_pk, pays[i] < 0 ? p.spend_pk : labelled_spend(L, p, (unsigned)pays[i]), i};
            rp.push_back(&rec[i]);
            gp.push_back(&gen[i]);
        }
        std::vector<const unsigned char*> sk;
        for (auto& s : secs) sk.push_back(s.data());
        EXPECT_TRUE(L.api->silentpayments_sender_create_outputs(L.ctx, gp.data(), rp.data(), rp.size(), tx.outpoint,
                                                                nullptr, 0, sk.data(), sk.size()));
        for (auto& g : gen) {
            Bytes x(32);
            EXPECT_TRUE(L.api->xonly_pubkey_serialize(L.ctx, x.data(), &g));
            outs.push_back(x);
        }
    }
    for (size_t i = 0; i < n_other; i++) {
        secp256k1_keypair kp;
        secp256k1_xonly_pubkey x;
        B32 k = rng.seckey(*L.api, L.ctx);
        EXPECT_TRUE(L.api->keypair_create(L.ctx, &kp, k.data()));
        EXPECT_TRUE(L.api->keypair_xonly_pub(L.ctx, &x, nullptr, &kp));
        Bytes b(32);
        EXPECT_TRUE(L.api->xonly_pubkey_serialize(L.ctx, b.data(), &x));
        outs.push_back(b);
    }
    if (dup && !outs.empty()) outs.push_back(outs.front());
    for (size_t i = outs.size(); i > 1; i--) std::swap(outs[i - 1], outs[rng.below(i)]);
    for (auto& o : outs) tx.outputs.insert(tx.outputs.end(), o.begin(), o.end());
    // tweak = input_hash·A_sum, from the prevouts summary (v0.8.0 layout: A_sum at 5, input_hash at 69).
    std::vector<const secp256k1_pubkey*> kp;
    for (auto& k : tx.input_keys) kp.push_back(&k);
    secp256k1_silentpayments_prevouts_summary s;
    EXPECT_TRUE(L.api->silentpayments_recipient_prevouts_summary_create(L.ctx, &s, tx.outpoint, nullptr, 0, kp.data(), kp.size()));
    secp256k1_pubkey a;
    std::memcpy(a.data, s.data + 5, 64);
    EXPECT_TRUE(L.api->ec_pubkey_tweak_mul(L.ctx, &a, s.data + 69));
    tx.tweak33.resize(33);
    size_t len = 33;
    EXPECT_TRUE(L.api->ec_pubkey_serialize(L.ctx, tx.tweak33.data(), &len, &a, SECP256K1_EC_COMPRESSED));
    return tx;
}

Planted make_recipient(const Lib& L, Rng& rng, std::vector<unsigned> labels) {
    Planted p;
    p.scan_sk = rng.seckey(*L.api, L.ctx);
    p.spend_sk = rng.seckey(*L.api, L.ctx);
    EXPECT_TRUE(single_create(L, p.spend33, p.spend_sk.data()));
    EXPECT_TRUE(L.api->ec_pubkey_parse(L.ctx, &p.spend_pk, p.spend33, 33));
    p.labels = std::move(labels);
    return p;
}

struct RefCache {
    std::map<Bytes, std::pair<unsigned, B32>> by_label;
};
const unsigned char* ref_lookup(const unsigned char* l33, const void* d) {
    const auto* c = static_cast<const RefCache*>(d);
    auto it = c->by_label.find(Bytes(l33, l33 + 33));
    return it == c->by_label.end() ? nullptr : it->second.second.data();
}

// What recipient_scan_outputs of library L returns for tx: its return value, and what it found
// (only when it returned 1; *n_found must be 0 when it returned 0).
struct OracleResult {
    int ret;
    std::vector<Found> found;
};
OracleResult oracle_scan_ret(const Lib& L, const Planted& p, const Planted::Tx& tx) {
    RefCache cache;
    for (unsigned m : p.labels) {
        secp256k1_silentpayments_label label;
        B32 t;
        Bytes l33(33);
        EXPECT_TRUE(L.api->silentpayments_recipient_label_create(L.ctx, &label, t.data(), p.scan_sk.data(), m));
        EXPECT_TRUE(L.api->silentpayments_recipient_label_serialize(L.ctx, l33.data(), &label));
        cache.by_label[l33] = {m, t};
    }
    std::vector<const secp256k1_pubkey*> kp;
    for (auto& k : tx.input_keys) kp.push_back(&k);
    secp256k1_silentpayments_prevouts_summary s;
    EXPECT_TRUE(L.api->silentpayments_recipient_prevouts_summary_create(L.ctx, &s, tx.outpoint, nullptr, 0, kp.data(), kp.size()));
    const size_t n = tx.outputs.size() / 32;
    std::vector<secp256k1_xonly_pubkey> outs(n);
    std::vector<const secp256k1_xonly_pubkey*> op;
    for (size_t j = 0; j < n; j++) {
        EXPECT_TRUE(L.api->xonly_pubkey_parse(L.ctx, &outs[j], tx.outputs.data() + 32 * j));
        op.push_back(&outs[j]);
    }
    std::vector<secp256k1_silentpayments_found_output> found(n);
    std::vector<secp256k1_silentpayments_found_output*> fp;
    for (auto& f : found) fp.push_back(&f);
    uint32_t n_found = 0;
    secp256k1_pubkey spend;
    EXPECT_TRUE(L.api->ec_pubkey_parse(L.ctx, &spend, p.spend33, 33));
    const bool with_labels = !p.labels.empty();
    n_found = 12345;
    const int ret = L.api->silentpayments_recipient_scan_outputs(L.ctx, fp.data(), &n_found, op.data(), n, p.scan_sk.data(), &s,
                                                                 &spend, with_labels ? ref_lookup : nullptr,
                                                                 with_labels ? &cache : nullptr);
    if (!ret) {
        EXPECT_EQ(n_found, 0u) << "a failed scan_outputs reports no outputs";
        return {0, {}};
    }
    std::vector<Found> r;
    for (uint32_t k = 0; k < n_found; k++) {
        unsigned char x[32];
        EXPECT_TRUE(L.api->xonly_pubkey_serialize(L.ctx, x, &found[k].output));
        // The reference reports the output key; find its first position (the scanner reports the
        // position it matched, which is the first one with that key).
        size_t j = 0;
        while (j < n && std::memcmp(tx.outputs.data() + 32 * j, x, 32) != 0) j++;
        long long label = -1;
        if (found[k].found_with_label) {
            Bytes l33(33);
            EXPECT_TRUE(L.api->silentpayments_recipient_label_serialize(L.ctx, l33.data(), &found[k].label));
            label = cache.by_label.count(l33) ? (long long)cache.by_label[l33].first : -2;
        }
        r.push_back({j, k, label, to_hex(found[k].tweak, 32)});
    }
    return {1, r};
}

// What recipient_scan_outputs of library L finds for tx (which it must accept).
std::vector<Found> oracle_scan(const Lib& L, const Planted& p, const Planted::Tx& tx) {
    OracleResult r = oracle_scan_ret(L, p, tx);
    EXPECT_EQ(r.ret, 1);
    return r.found;
}

std::vector<fastsecp_sp_item> items_of(const Planted& p) {
    std::vector<fastsecp_sp_item> items;
    for (auto& tx : p.txs) items.push_back({tx.tweak33.data(), tx.outputs.data(), tx.outputs.size() / 32});
    return items;
}

TEST(SpScanDiff, PlantedPaymentsMatchScanOutputs) {
    ASSERT_TRUE(reference_loaded());
    Rng rng(352);
    const Lib& L = ours();
    Planted p = make_recipient(L, rng, {0, 3, 7});
    // Direct payments (k = 0, 1, 2), labelled ones (m = 3, 7, change 0), mixtures, nothing, and
    // a label the wallet does not have (m = 9: must not be found).
    const std::vector<std::vector<long long>> kinds = {
        {}, {-1}, {-1, -1}, {-1, -1, -1}, {3}, {0}, {7, -1}, {3, 3, -1}, {9}, {9, -1}, {}};
    for (int r = 0; r < 3; r++)
        for (auto& k : kinds) p.txs.push_back(make_tx(L, rng, p, k, rng.below(4) + (k.empty() ? 1 : 0), r == 2));
    const auto items = items_of(p);
    std::vector<std::vector<Found>> want;
    for (auto& tx : p.txs) {
        want.push_back(oracle_scan(oracle_libs()[1], p, tx));
        EXPECT_EQ(oracle_scan(oracle_libs()[0], p, tx), want.back()) << "fastsecp's own scan_outputs";
    }
    size_t planted = 0;
    for (auto& w : want) planted += w.size();
    EXPECT_GT(planted, 30u);
    for (unsigned threads : {1u, 2u}) {
        auto ctx = make_ctx(threads);
        auto w = make_wallet(ctx.get(), p.scan_sk.data(), p.spend33, p.labels);
        for (unsigned flags : {FASTSECP_SP_SCAN_DEFAULT, FASTSECP_SP_SCAN_VARTIME}) {
            SCOPED_TRACE("threads " + std::to_string(threads) + " flags " + std::to_string(flags));
            ScanResult res = scan(ctx.get(), w.get(), items, flags);
            EXPECT_EQ(res.ret, FASTSECP_OK);
            for (size_t i = 0; i < items.size(); i++) {
                EXPECT_EQ(res.status[i], FASTSECP_OK);
                EXPECT_EQ(res.per_item[i], want[i]) << "transaction " << i;
            }
            // The prefilter flags exactly the transactions with a match (a false positive would
            // need a 64-bit prefix collision).
            std::vector<unsigned char> tweaks, prefixes, maybe(items.size(), 7);
            std::vector<size_t> offsets{0};
            for (auto& tx : p.txs) {
                tweaks.insert(tweaks.end(), tx.tweak33.begin(), tx.tweak33.end());
                for (size_t j = 0; j < tx.outputs.size(); j += 32)
                    prefixes.insert(prefixes.end(), tx.outputs.begin() + j, tx.outputs.begin() + j + 8);
                offsets.push_back(prefixes.size() / 8);
            }
            std::vector<fastsecp_status> st(items.size());
            EXPECT_EQ(fastsecp_sp_scan_prefilter(ctx.get(), w.get(), st.data(), maybe.data(), tweaks.data(), items.size(),
                                                 prefixes.data(), offsets.data(), flags),
                      FASTSECP_OK);
            for (size_t i = 0; i < items.size(); i++) EXPECT_EQ(maybe[i], want[i].empty() ? 0 : 1) << "transaction " << i;
        }
    }
}

TEST(SpScanDiff, LargeBatchWithThreadsEqualsOneByOne) {
    Rng rng(353);
    const Lib& L = ours();
    Planted p = make_recipient(L, rng, {1});
    for (int i = 0; i < 300; i++) p.txs.push_back(make_tx(L, rng, p, i % 7 == 0 ? std::vector<long long>{-1} : std::vector<long long>{}, 1));
    const auto items = items_of(p);
    auto ctx1 = make_ctx(1), ctx2 = make_ctx(2);
    auto w = make_wallet(ctx1.get(), p.scan_sk.data(), p.spend33, p.labels);
    ScanResult all = scan(ctx2.get(), w.get(), items, FASTSECP_SP_SCAN_DEFAULT);
    size_t n_found = 0;
    for (size_t i = 0; i < items.size(); i++) {
        ScanResult one = scan(ctx1.get(), w.get(), {items[i]}, FASTSECP_SP_SCAN_VARTIME);
        EXPECT_EQ(all.per_item[i], one.per_item[0]);
        n_found += one.per_item[0].size();
    }
    EXPECT_EQ(n_found, 43u);  // every 7th of 300 transactions pays once
}

// ---- Edge cases ----------------------------------------------------------------------------------

TEST(SpScanEdges, BadTweaksFailAloneAndTheRestIsScanned) {
    Rng rng(354);
    const Lib& L = ours();
    Planted p = make_recipient(L, rng, {});
    p.txs.push_back(make_tx(L, rng, p, {-1}, 1));
    auto ctx = make_ctx(1);
    auto w = make_wallet(ctx.get(), p.scan_sk.data(), p.spend33, {});
    const auto& good = p.txs[0];
    Bytes bad_prefix = good.tweak33;
    bad_prefix[0] = 0x04;
    Bytes x_ge_p(33, 0xFF);
    x_ge_p[0] = 0x02;
    Bytes off_curve(33);
    off_curve[0] = 0x03;
    B32 x = x_not_on_curve(rng);
    std::memcpy(off_curve.data() + 1, x.data(), 32);
    std::vector<fastsecp_sp_item> items = {
        {bad_prefix.data(), good.outputs.data(), 2}, {good.tweak33.data(), good.outputs.data(), 2},
        {x_ge_p.data(), good.outputs.data(), 2},     {nullptr, good.outputs.data(), 2},
        {off_curve.data(), good.outputs.data(), 2},  {good.tweak33.data(), nullptr, 2},
        {good.tweak33.data(), nullptr, 0},           {good.tweak33.data(), good.outputs.data(), 2}};
    ScanResult r = scan(ctx.get(), w.get(), items, FASTSECP_SP_SCAN_DEFAULT);
    EXPECT_EQ(r.ret, FASTSECP_ERR_ITEM_FAILED);
    const std::vector<fastsecp_status> want = {FASTSECP_ERR_BAD_ENCODING,     FASTSECP_OK,
                                               FASTSECP_ERR_BAD_ENCODING,     FASTSECP_ERR_INVALID_ARGUMENT,
                                               FASTSECP_ERR_POINT_NOT_ON_CURVE, FASTSECP_ERR_INVALID_ARGUMENT,
                                               FASTSECP_OK,                   FASTSECP_OK};
    EXPECT_EQ(r.status, want);
    EXPECT_EQ(r.per_item[1].size(), 1u);
    EXPECT_EQ(r.per_item[7], r.per_item[1]);
    for (size_t i : {0, 2, 3, 4, 5, 6}) EXPECT_TRUE(r.per_item[i].empty()) << i;
}

TEST(SpScanEdges, OutputsNotOnTheCurveNeverMatch) {
    Rng rng(355);
    const Lib& L = ours();
    Planted p = make_recipient(L, rng, {2});
    Planted::Tx tx = make_tx(L, rng, p, {-1, 2}, 0);
    B32 bad = x_not_on_curve(rng);
    Bytes outs(tx.outputs);
    outs.insert(outs.begin(), bad.begin(), bad.end());      // first output: not a point
    outs.insert(outs.end(), kPrime.begin(), kPrime.end());  // last: x = p, not a field element
    auto ctx = make_ctx(1);
    auto w = make_wallet(ctx.get(), p.scan_sk.data(), p.spend33, p.labels);
    ScanResult with_bad = scan(ctx.get(), w.get(), {{tx.tweak33.data(), outs.data(), outs.size() / 32}}, 0);
    ScanResult plain = scan(ctx.get(), w.get(), {{tx.tweak33.data(), tx.outputs.data(), 2}}, 0);
    ASSERT_EQ(with_bad.status[0], FASTSECP_OK);
    ASSERT_EQ(plain.per_item[0].size(), 2u);
    ASSERT_EQ(with_bad.per_item[0].size(), 2u);
    for (size_t k = 0; k < 2; k++) {
        EXPECT_EQ(std::get<0>(with_bad.per_item[0][k]), std::get<0>(plain.per_item[0][k]) + 1);  // shifted by one
        EXPECT_EQ(std::get<3>(with_bad.per_item[0][k]), std::get<3>(plain.per_item[0][k]));
    }
}

TEST(SpScanEdges, ItemWithGroupLimitOutputs) {
    ASSERT_TRUE(reference_loaded());
    Rng rng(356);
    const Lib& L = ours();
    Planted p = make_recipient(L, rng, {5});
    // 2323 outputs (K_max), 4 of them paying: the scan must walk the whole item.
    Planted::Tx tx = make_tx(L, rng, p, {-1, 5, -1, -1}, 2323 - 4);
    ASSERT_EQ(tx.outputs.size() / 32, 2323u);
    p.txs.push_back(tx);
    auto want = oracle_scan(oracle_libs()[1], p, tx);
    ASSERT_EQ(want.size(), 4u);
    auto ctx = make_ctx(2);
    auto w = make_wallet(ctx.get(), p.scan_sk.data(), p.spend33, p.labels);
    for (unsigned flags : {0u, (unsigned)FASTSECP_SP_SCAN_VARTIME}) {
        ScanResult r = scan(ctx.get(), w.get(), items_of(p), flags);
        EXPECT_EQ(r.status[0], FASTSECP_OK);
        EXPECT_EQ(r.per_item[0], want);
    }
}

TEST(SpScanEdges, EmptyBatchBatchOfOneAndSmallBuffer) {
    Rng rng(357);
    const Lib& L = ours();
    Planted p = make_recipient(L, rng, {});
    p.txs.push_back(make_tx(L, rng, p, {-1, -1}, 1));
    p.txs.push_back(make_tx(L, rng, p, {-1}, 0));
    auto ctx = make_ctx(1);
    auto w = make_wallet(ctx.get(), p.scan_sk.data(), p.spend33, {});
    size_t n_m = 99;
    EXPECT_EQ(fastsecp_sp_scan(ctx.get(), w.get(), nullptr, nullptr, 0, nullptr, 0, &n_m, 0), FASTSECP_OK);
    EXPECT_EQ(n_m, 0u);
    const auto items = items_of(p);
    ScanResult one = scan(ctx.get(), w.get(), {items[0]}, 0);
    EXPECT_EQ(one.per_item[0].size(), 2u);
    // Three matches, room for two: BUFFER_TOO_SMALL, the count, and the first two written.
    fastsecp_sp_match m[2];
    fastsecp_status st[2];
    EXPECT_EQ(fastsecp_sp_scan(ctx.get(), w.get(), st, items.data(), 2, m, 2, &n_m, 0), FASTSECP_ERR_BUFFER_TOO_SMALL);
    EXPECT_EQ(n_m, 3u);
    EXPECT_EQ(m[0].item, 0u);
    EXPECT_EQ(m[1].item, 0u);
    EXPECT_EQ(m[1].k, 1u);
    EXPECT_EQ(to_hex(m[0].spend_tweak32, 32), std::get<3>(one.per_item[0][0]));
}

TEST(SpScanEdges, ArgumentChecks) {
    Rng rng(358);
    const Lib& L = ours();
    Planted p = make_recipient(L, rng, {});
    p.txs.push_back(make_tx(L, rng, p, {-1}, 0));
    auto ctx = make_ctx(1);
    fastsecp_sp_wallet* w = reinterpret_cast<fastsecp_sp_wallet*>(1);
    const unsigned labels[1] = {1};
    EXPECT_EQ(fastsecp_sp_wallet_create(nullptr, &w, p.scan_sk.data(), p.spend33, nullptr, 0), FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(w, nullptr);
    EXPECT_EQ(fastsecp_sp_wallet_create(ctx.get(), nullptr, p.scan_sk.data(), p.spend33, nullptr, 0), FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(fastsecp_sp_wallet_create(ctx.get(), &w, nullptr, p.spend33, nullptr, 0), FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(fastsecp_sp_wallet_create(ctx.get(), &w, p.scan_sk.data(), nullptr, nullptr, 0), FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(fastsecp_sp_wallet_create(ctx.get(), &w, p.scan_sk.data(), p.spend33, nullptr, 1), FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(fastsecp_sp_wallet_create(ctx.get(), &w, p.scan_sk.data(), p.spend33, labels, FASTSECP_SP_MAX_LABELS + 1),
              FASTSECP_ERR_INVALID_ARGUMENT);
    const B32 zero{};
    EXPECT_EQ(fastsecp_sp_wallet_create(ctx.get(), &w, zero.data(), p.spend33, nullptr, 0), FASTSECP_ERR_SCALAR_OUT_OF_RANGE);
    EXPECT_EQ(fastsecp_sp_wallet_create(ctx.get(), &w, kOrder.data(), p.spend33, nullptr, 0), FASTSECP_ERR_SCALAR_OUT_OF_RANGE);
    unsigned char spend[33];
    std::memcpy(spend, p.spend33, 33);
    spend[0] = 0x05;
    EXPECT_EQ(fastsecp_sp_wallet_create(ctx.get(), &w, p.scan_sk.data(), spend, nullptr, 0), FASTSECP_ERR_BAD_ENCODING);
    B32 x = x_not_on_curve(rng);
    spend[0] = 0x02;
    std::memcpy(spend + 1, x.data(), 32);
    EXPECT_EQ(fastsecp_sp_wallet_create(ctx.get(), &w, p.scan_sk.data(), spend, nullptr, 0), FASTSECP_ERR_POINT_NOT_ON_CURVE);
    // Duplicate labels are kept once; the wallet works.
    const unsigned dup[3] = {4, 4, 4};
    ASSERT_EQ(fastsecp_sp_wallet_create(ctx.get(), &w, p.scan_sk.data(), p.spend33, dup, 3), FASTSECP_OK);
    WalletPtr wallet(w);

    const auto items = items_of(p);
    fastsecp_status st[1] = {FASTSECP_OK};
    fastsecp_sp_match m[1];
    size_t n_m = 5;
    EXPECT_EQ(fastsecp_sp_scan(nullptr, w, st, items.data(), 1, m, 1, &n_m, 0), FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(st[0], FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(fastsecp_sp_scan(ctx.get(), nullptr, st, items.data(), 1, m, 1, &n_m, 0), FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(fastsecp_sp_scan(ctx.get(), w, nullptr, items.data(), 1, m, 1, &n_m, 0), FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(fastsecp_sp_scan(ctx.get(), w, st, nullptr, 1, m, 1, &n_m, 0), FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(fastsecp_sp_scan(ctx.get(), w, st, items.data(), 1, nullptr, 1, &n_m, 0), FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(fastsecp_sp_scan(ctx.get(), w, st, items.data(), 1, m, 1, nullptr, 0), FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(fastsecp_sp_scan(ctx.get(), w, st, items.data(), 1, m, 1, &n_m, 0x80), FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(fastsecp_sp_scan(ctx.get(), w, st, items.data(), 1, m, 1, &n_m, 0), FASTSECP_OK);
    EXPECT_EQ(n_m, 1u);
    unsigned char maybe[1];
    size_t offsets[2] = {1, 0};  // decreasing: invalid
    EXPECT_EQ(fastsecp_sp_scan_prefilter(ctx.get(), w, st, maybe, items[0].tweak33, 1, items[0].outputs32, offsets, 0),
              FASTSECP_ERR_INVALID_ARGUMENT);
    offsets[0] = 0;
    offsets[1] = 1;
    EXPECT_EQ(fastsecp_sp_scan_prefilter(ctx.get(), w, st, maybe, items[0].tweak33, 1, nullptr, offsets, 0),
              FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(fastsecp_sp_scan_prefilter(ctx.get(), w, st, maybe, items[0].tweak33, 1, items[0].outputs32, offsets, 0),
              FASTSECP_OK);
    EXPECT_EQ(maybe[0], 1);
}

// ---- The point at infinity in the middle of a scan ------------------------------------------------
//
// t_k = hash(ser(b_scan·tweak) || k) does not depend on the spend key, so a wallet whose spend key
// is -t_k·G for one transaction's t_k gets P_k = B_spend + t_k·G = infinity on that transaction
// (libsecp256k1's scan_outputs then returns 0 and reports nothing). t_0 and t_1 are read from a
// scan by a plain wallet with the same scan key (a direct match reports t_k as its tweak).

B32 b32_from_hex(const std::string& h) { return b32_of(from_hex(h).data()); }
B32 sk_neg(const Lib& L, B32 a) {
    EXPECT_TRUE(L.api->ec_seckey_negate(L.ctx, a.data()));
    return a;
}
B32 sk_add(const Lib& L, B32 a, const B32& b) {
    EXPECT_TRUE(L.api->ec_seckey_tweak_add(L.ctx, a.data(), b.data()));
    return a;
}
Bytes xonly_of(const Lib& L, const B32& sk) {
    secp256k1_keypair kp;
    secp256k1_xonly_pubkey x;
    Bytes out(32);
    EXPECT_TRUE(L.api->keypair_create(L.ctx, &kp, sk.data()));
    EXPECT_TRUE(L.api->keypair_xonly_pub(L.ctx, &x, nullptr, &kp));
    EXPECT_TRUE(L.api->xonly_pubkey_serialize(L.ctx, out.data(), &x));
    return out;
}
// p with spend secret key sk (and no transactions).
Planted with_spend(const Lib& L, const Planted& p, const B32& sk, std::vector<unsigned> labels) {
    Planted q = p;
    q.txs.clear();
    q.spend_sk = sk;
    q.labels = std::move(labels);
    EXPECT_TRUE(single_create(L, q.spend33, sk.data()));
    EXPECT_TRUE(L.api->ec_pubkey_parse(L.ctx, &q.spend_pk, q.spend33, 33));
    return q;
}

// A transaction paying a plain wallet twice, and its t_0, t_1.
struct TwoTweaks {
    Planted p;
    Planted::Tx tx;
    B32 t0, t1;
};
TwoTweaks two_tweaks(Rng& rng) {
    const Lib& L = ours();
    TwoTweaks r;
    r.p = make_recipient(L, rng, {});
    r.tx = make_tx(L, rng, r.p, {-1, -1}, 1);
    r.p.txs.push_back(r.tx);
    const auto f = oracle_scan(L, r.p, r.tx);
    EXPECT_EQ(f.size(), 2u);
    if (f.size() == 2) {
        r.t0 = b32_from_hex(std::get<3>(f[0]));
        r.t1 = b32_from_hex(std::get<3>(f[1]));
    }
    return r;
}

// 41 transactions for wallet q: the failing one (`bad`) at positions 3, 20 and 40 (in both
// threads' chunks), payments to q at the positions divisible by 3, nothing otherwise. Returns the
// failing positions.
std::vector<size_t> mix_with(const Lib& L, Rng& rng, Planted& q, const Planted::Tx& bad) {
    std::vector<size_t> bad_at;
    for (size_t i = 0; i < 41; i++) {
        if (i == 3 || i == 20 || i == 40) {
            q.txs.push_back(bad);
            bad_at.push_back(i);
        } else {
            q.txs.push_back(make_tx(L, rng, q, i % 3 == 0 ? std::vector<long long>{-1} : std::vector<long long>{}, 1));
        }
    }
    return bad_at;
}

// Scans q.txs in every mode; the items at bad_at must fail with `code` and report nothing (like
// scan_outputs of both libraries, which return 0), the others must equal scan_outputs.
void expect_failed_items_report_nothing(const Planted& q, const std::vector<size_t>& bad_at, fastsecp_status code) {
    std::vector<std::vector<Found>> want;
    size_t n_want = 0;
    for (size_t i = 0; i < q.txs.size(); i++) {
        const bool bad = std::count(bad_at.begin(), bad_at.end(), i) > 0;
        OracleResult ref = oracle_scan_ret(oracle_libs()[1], q, q.txs[i]);
        EXPECT_EQ(ref.ret, bad ? 0 : 1) << "libsecp256k1's scan_outputs, transaction " << i;
        OracleResult own = oracle_scan_ret(oracle_libs()[0], q, q.txs[i]);
        EXPECT_EQ(own.ret, ref.ret) << "fastsecp's scan_outputs, transaction " << i;
        EXPECT_EQ(own.found, ref.found) << "transaction " << i;
        want.push_back(ref.found);
        n_want += ref.found.size();
    }
    EXPECT_EQ(n_want, 13u);  // positions 0, 6, 9, ..., 39 pay once (3 is the failing one)
    const auto items = items_of(q);
    for (unsigned threads : {1u, 2u}) {
        auto ctx = make_ctx(threads);
        auto w = make_wallet(ctx.get(), q.scan_sk.data(), q.spend33, q.labels);
        for (unsigned flags : {FASTSECP_SP_SCAN_DEFAULT, FASTSECP_SP_SCAN_VARTIME}) {
            SCOPED_TRACE("threads " + std::to_string(threads) + " flags " + std::to_string(flags));
            ScanResult r = scan(ctx.get(), w.get(), items, flags);
            EXPECT_EQ(r.ret, FASTSECP_ERR_ITEM_FAILED);
            for (size_t i = 0; i < items.size(); i++) {
                const bool bad = std::count(bad_at.begin(), bad_at.end(), i) > 0;
                EXPECT_EQ(r.status[i], bad ? code : FASTSECP_OK) << "transaction " << i;
                EXPECT_EQ(r.per_item[i], want[i]) << "transaction " << i;
            }
            // Alone in a batch of one, too.
            ScanResult one = scan(ctx.get(), w.get(), {items[bad_at[0]]}, flags);
            EXPECT_EQ(one.ret, FASTSECP_ERR_ITEM_FAILED);
            EXPECT_EQ(one.status[0], code);
            EXPECT_TRUE(one.per_item[0].empty());
        }
    }
}

TEST(SpScanEdges, SpendKeyMinusT0IsInfinityAtK0) {
    ASSERT_TRUE(reference_loaded());
    Rng rng(359);
    const Lib& L = ours();
    TwoTweaks tt = two_tweaks(rng);
    for (const std::vector<unsigned>& labels : {std::vector<unsigned>{}, std::vector<unsigned>{1, 4}}) {
        SCOPED_TRACE(labels.size());
        Planted q = with_spend(L, tt.p, sk_neg(L, tt.t0), labels);
        const auto bad_at = mix_with(L, rng, q, tt.tx);
        expect_failed_items_report_nothing(q, bad_at, FASTSECP_ERR_POINT_AT_INFINITY);
    }
}

TEST(SpScanEdges, SpendKeyMinusT1IsInfinityAtK1AfterAMatchAtK0) {
    ASSERT_TRUE(reference_loaded());
    Rng rng(360);
    const Lib& L = ours();
    TwoTweaks tt = two_tweaks(rng);
    // Spend key -t_1·G: P_0 = (t_0 - t_1)·G is put among the outputs (after an unrelated one, so
    // that a labelled wallet computes label candidates in round 0), and P_1 is infinity.
    const Bytes x_p0 = xonly_of(L, sk_add(L, sk_neg(L, tt.t1), tt.t0));
    Planted::Tx bad = tt.tx;
    bad.outputs.assign(tt.tx.outputs.begin(), tt.tx.outputs.begin() + 32);
    bad.outputs.insert(bad.outputs.end(), x_p0.begin(), x_p0.end());
    for (const std::vector<unsigned>& labels : {std::vector<unsigned>{}, std::vector<unsigned>{1, 4}}) {
        SCOPED_TRACE(labels.size());
        Planted q = with_spend(L, tt.p, sk_neg(L, tt.t1), labels);
        // Control: with P_0 as its only output the transaction has no round 1 (K_max = 1), and
        // the k = 0 match is found by every scanner.
        Planted::Tx only_p0 = tt.tx;
        only_p0.outputs = x_p0;
        const auto want = oracle_scan(oracle_libs()[1], q, only_p0);
        ASSERT_EQ(want.size(), 1u);
        EXPECT_EQ(std::get<1>(want[0]), 0u);
        EXPECT_EQ(std::get<3>(want[0]), to_hex(tt.t0.data(), 32));
        auto ctx = make_ctx(1);
        auto w = make_wallet(ctx.get(), q.scan_sk.data(), q.spend33, q.labels);
        for (unsigned flags : {FASTSECP_SP_SCAN_DEFAULT, FASTSECP_SP_SCAN_VARTIME}) {
            ScanResult r = scan(ctx.get(), w.get(), {{only_p0.tweak33.data(), only_p0.outputs.data(), 1}}, flags);
            EXPECT_EQ(r.status[0], FASTSECP_OK);
            EXPECT_EQ(r.per_item[0], want);
        }
        const auto bad_at = mix_with(L, rng, q, bad);
        expect_failed_items_report_nothing(q, bad_at, FASTSECP_ERR_POINT_AT_INFINITY);
    }
}

// The prefilter computes P_0 + label for every label: with spend key -(t_0 + l_m)·G that candidate
// is infinity for label m, which must match nothing (not even an all-zero prefix) and must not fail
// the item. The full scan of the same wallet and transaction (P_0 = -label_m, finite) equals
// scan_outputs: the label candidates ±T - P_0 are never infinity (T ≠ ±P_0 for the outputs before
// a direct match, the only ones looked up) and never a label point.
TEST(SpScanEdges, PrefilterLabelCandidateAtInfinity) {
    ASSERT_TRUE(reference_loaded());
    Rng rng(361);
    const Lib& L = ours();
    TwoTweaks tt = two_tweaks(rng);
    secp256k1_silentpayments_label label;
    B32 l2;
    ASSERT_TRUE(L.api->silentpayments_recipient_label_create(L.ctx, &label, l2.data(), tt.p.scan_sk.data(), 2));
    Planted q = with_spend(L, tt.p, sk_neg(L, sk_add(L, l2, tt.t0)), {2, 5});
    const Bytes x_p0 = xonly_of(L, sk_neg(L, l2));  // P_0 = -l_2·G: same x as l_2·G
    Planted::Tx tx = tt.tx;  // its two outputs pay the plain wallet: not q
    tx.outputs.insert(tx.outputs.end(), x_p0.begin(), x_p0.end());
    q.txs.push_back(tx);
    const auto want = oracle_scan(oracle_libs()[1], q, tx);
    EXPECT_EQ(oracle_scan(oracle_libs()[0], q, tx), want);
    ASSERT_EQ(want.size(), 1u);
    EXPECT_EQ(std::get<0>(want[0]), 3u);
    EXPECT_EQ(std::get<2>(want[0]), -1);
    Bytes zero8(8, 0), pre_no, pre_yes;
    for (size_t j = 0; j < 3; j++) pre_no.insert(pre_no.end(), tx.outputs.begin() + 32 * j, tx.outputs.begin() + 32 * j + 8);
    pre_no.insert(pre_no.end(), zero8.begin(), zero8.end());
    pre_yes = pre_no;
    pre_yes.insert(pre_yes.end(), x_p0.begin(), x_p0.begin() + 8);
    for (unsigned threads : {1u, 2u}) {
        auto ctx = make_ctx(threads);
        auto w = make_wallet(ctx.get(), q.scan_sk.data(), q.spend33, q.labels);
        for (unsigned flags : {FASTSECP_SP_SCAN_DEFAULT, FASTSECP_SP_SCAN_VARTIME}) {
            SCOPED_TRACE("threads " + std::to_string(threads) + " flags " + std::to_string(flags));
            ScanResult r = scan(ctx.get(), w.get(), items_of(q), flags);
            EXPECT_EQ(r.status[0], FASTSECP_OK);
            EXPECT_EQ(r.per_item[0], want);
            // Item 0: prefixes of outputs 0..2 and zeros; item 1: also x(P_0)'s.
            Bytes tweaks = tx.tweak33, prefixes = pre_no;
            tweaks.insert(tweaks.end(), tx.tweak33.begin(), tx.tweak33.end());
            prefixes.insert(prefixes.end(), pre_yes.begin(), pre_yes.end());
            const size_t offsets[3] = {0, pre_no.size() / 8, (pre_no.size() + pre_yes.size()) / 8};
            fastsecp_status st[2] = {kUnset, kUnset};
            unsigned char maybe[2] = {7, 7};
            EXPECT_EQ(fastsecp_sp_scan_prefilter(ctx.get(), w.get(), st, maybe, tweaks.data(), 2, prefixes.data(), offsets, flags),
                      FASTSECP_OK);
            EXPECT_EQ(st[0], FASTSECP_OK);
            EXPECT_EQ(st[1], FASTSECP_OK);
            EXPECT_EQ(maybe[0], 0);
            EXPECT_EQ(maybe[1], 1);
        }
    }
}

// fastsecp_sp_scan_prefilter with good and bad tweaks mixed: each bad one gets its own code (the
// same as fastsecp_sp_scan gives it) and maybe = 0, the good ones their answer. The wallet's spend
// key is -t_0·G of one transaction, which fails with POINT_AT_INFINITY.
TEST(SpScanEdges, PrefilterBadTweaksFailAloneAndTheRestIsFiltered) {
    Rng rng(362);
    const Lib& L = ours();
    TwoTweaks tt = two_tweaks(rng);
    Planted q = with_spend(L, tt.p, sk_neg(L, tt.t0), {3});
    const Planted::Tx paying = make_tx(L, rng, q, {-1}, 1), labelled = make_tx(L, rng, q, {3}, 2),
                      other = make_tx(L, rng, q, {}, 2);
    Bytes bad_prefix = paying.tweak33;
    bad_prefix[0] = 0x04;
    Bytes x_ge_p(33, 0xFF);
    x_ge_p[0] = 0x03;
    Bytes off_curve(33);
    off_curve[0] = 0x02;
    const B32 x = x_not_on_curve(rng);
    std::memcpy(off_curve.data() + 1, x.data(), 32);
    struct Case {
        const Bytes* tweak;
        const Bytes* outputs;
        fastsecp_status code;
        unsigned char maybe;
    };
    // Bad tweaks get the outputs of a paying transaction: only the status can keep them at 0.
    const std::vector<Case> pattern = {
        {&paying.tweak33, &paying.outputs, FASTSECP_OK, 1},
        {&bad_prefix, &paying.outputs, FASTSECP_ERR_BAD_ENCODING, 0},
        {&other.tweak33, &other.outputs, FASTSECP_OK, 0},
        {&x_ge_p, &paying.outputs, FASTSECP_ERR_BAD_ENCODING, 0},
        {&labelled.tweak33, &labelled.outputs, FASTSECP_OK, 1},
        {&off_curve, &paying.outputs, FASTSECP_ERR_POINT_NOT_ON_CURVE, 0},
        {&tt.tx.tweak33, &tt.tx.outputs, FASTSECP_ERR_POINT_AT_INFINITY, 0},
    };
    std::vector<Case> cases;
    for (size_t i = 0; i < 43; i++) cases.push_back(pattern[i % pattern.size()]);
    Bytes tweaks, prefixes;
    std::vector<size_t> offsets{0};
    std::vector<fastsecp_sp_item> items;
    for (const Case& c : cases) {
        tweaks.insert(tweaks.end(), c.tweak->begin(), c.tweak->end());
        for (size_t j = 0; j < c.outputs->size(); j += 32)
            prefixes.insert(prefixes.end(), c.outputs->begin() + j, c.outputs->begin() + j + 8);
        offsets.push_back(prefixes.size() / 8);
        items.push_back({c.tweak->data(), c.outputs->data(), c.outputs->size() / 32});
    }
    for (unsigned threads : {1u, 2u}) {
        auto ctx = make_ctx(threads);
        auto w = make_wallet(ctx.get(), q.scan_sk.data(), q.spend33, q.labels);
        for (unsigned flags : {FASTSECP_SP_SCAN_DEFAULT, FASTSECP_SP_SCAN_VARTIME}) {
            SCOPED_TRACE("threads " + std::to_string(threads) + " flags " + std::to_string(flags));
            std::vector<fastsecp_status> st(cases.size(), kUnset);
            std::vector<unsigned char> maybe(cases.size(), 7);
            EXPECT_EQ(fastsecp_sp_scan_prefilter(ctx.get(), w.get(), st.data(), maybe.data(), tweaks.data(), cases.size(),
                                                 prefixes.data(), offsets.data(), flags),
                      FASTSECP_ERR_ITEM_FAILED);
            ScanResult full = scan(ctx.get(), w.get(), items, flags);
            EXPECT_EQ(full.ret, FASTSECP_ERR_ITEM_FAILED);
            for (size_t i = 0; i < cases.size(); i++) {
                EXPECT_EQ(st[i], cases[i].code) << "item " << i;
                EXPECT_EQ(maybe[i], cases[i].maybe) << "item " << i;
                EXPECT_EQ(full.status[i], cases[i].code) << "item " << i;
                EXPECT_EQ(full.per_item[i].size(), (size_t)cases[i].maybe) << "item " << i;
            }
        }
    }
}

// ---- Wallets from label points, the item pre-filter, raw 64-byte points -------------------------

// The 64-byte raw encoding of a point (x || y little-endian): secp256k1_pubkey's bytes here.
Bytes raw64_of(const Lib& L, const unsigned char* p33) {
    secp256k1_pubkey pk;
    EXPECT_TRUE(L.api->ec_pubkey_parse(L.ctx, &pk, p33, 33));
    unsigned char x[65];
    size_t len = 65;
    EXPECT_TRUE(L.api->ec_pubkey_serialize(L.ctx, x, &len, &pk, SECP256K1_EC_UNCOMPRESSED));
    Bytes r(64);
    for (int i = 0; i < 32; i++) {  // built from the serialization, not from the object's bytes
        r[i] = x[32 - i];
        r[32 + i] = x[64 - i];
    }
    return r;
}

Bytes label_point33(const Lib& L, const Planted& p, unsigned m) {
    secp256k1_silentpayments_label label;
    unsigned char tweak[32];
    EXPECT_TRUE(L.api->silentpayments_recipient_label_create(L.ctx, &label, tweak, p.scan_sk.data(), m));
    Bytes out(33);
    EXPECT_TRUE(single_create(L, out.data(), tweak));
    return out;
}

uint64_t be64(const unsigned char* p) {
    uint64_t v = 0;
    for (int i = 0; i < 8; i++) v = v << 8 | p[i];
    return v;
}

// A wallet made from label points (33-byte and raw 64-byte, spend key either way) pre-filters
// exactly like the wallet made from the same labels' m values, through both pre-filter calls,
// with tweaks given compressed or raw; and transactions paying the wallet come out as maybe = 1.
TEST(SpPointWallet, PrefilterEqualsTheWalletMadeFromLabels) {
    Rng rng(370);
    const Lib& L = ours();
    Planted p = make_recipient(L, rng, {0, 3, 9});
    const std::vector<std::vector<long long>> pays = {{-1}, {3}, {}, {9}, {0}, {}, {}, {-1, 3}};
    for (size_t i = 0; i < 40; i++) p.txs.push_back(make_tx(L, rng, p, pays[i % pays.size()], 1 + i % 2));
    std::vector<Bytes> l33, l64;
    for (unsigned m : p.labels) {
        l33.push_back(label_point33(L, p, m));
        l64.push_back(raw64_of(L, l33.back().data()));
    }
    const Bytes spend64 = raw64_of(L, p.spend33);
    Bytes tweaks33, prefixes8;
    std::vector<size_t> offsets{0};
    std::vector<Bytes> raw_tweaks;
    std::vector<std::vector<uint64_t>> prefixes(p.txs.size());
    for (size_t i = 0; i < p.txs.size(); i++) {
        const auto& tx = p.txs[i];
        tweaks33.insert(tweaks33.end(), tx.tweak33.begin(), tx.tweak33.end());
        raw_tweaks.push_back(raw64_of(L, tx.tweak33.data()));
        for (size_t j = 0; j < tx.outputs.size() / 32; j++) {
            prefixes8.insert(prefixes8.end(), tx.outputs.begin() + 32 * j, tx.outputs.begin() + 32 * j + 8);
            prefixes[i].push_back(be64(tx.outputs.data() + 32 * j));
        }
        offsets.push_back(prefixes8.size() / 8);
    }
    const size_t n = p.txs.size();
    for (unsigned threads : {1u, 2u}) {
        auto ctx = make_ctx(threads);
        auto by_m = make_wallet(ctx.get(), p.scan_sk.data(), p.spend33, p.labels);
        for (int variant = 0; variant < 2; variant++) {
            // Variant 0: labels and spend key compressed; 1: raw, except one label.
            std::vector<const unsigned char*> pts;
            std::vector<size_t> lens;
            for (size_t k = 0; k < l33.size(); k++) {
                const Bytes& b = variant == 1 && k != 1 ? l64[k] : l33[k];
                pts.push_back(b.data());
                lens.push_back(b.size());
            }
            std::vector<fastsecp_status> lst(pts.size(), kUnset);
            fastsecp_sp_wallet* wp = nullptr;
            ASSERT_EQ(fastsecp_sp_wallet_create_from_points(ctx.get(), &wp, p.scan_sk.data(),
                                                            variant ? spend64.data() : p.spend33, variant ? 64 : 33,
                                                            pts.data(), lens.data(), pts.size(), lst.data()),
                      FASTSECP_OK);
            WalletPtr by_points(wp);
            for (auto st : lst) EXPECT_EQ(st, FASTSECP_OK);
            for (unsigned flags : {FASTSECP_SP_SCAN_DEFAULT, FASTSECP_SP_SCAN_VARTIME}) {
                SCOPED_TRACE("threads " + std::to_string(threads) + " variant " + std::to_string(variant) +
                             " flags " + std::to_string(flags));
                std::vector<fastsecp_status> st0(n, kUnset), st1(n, kUnset), st2(n, kUnset);
                std::vector<unsigned char> m0(n, 7), m1(n, 7), m2(n, 7);
                ASSERT_EQ(fastsecp_sp_scan_prefilter(ctx.get(), by_m.get(), st0.data(), m0.data(), tweaks33.data(), n,
                                                     prefixes8.data(), offsets.data(), flags),
                          FASTSECP_OK);
                std::vector<fastsecp_sp_prefilter_item> items(n);
                for (size_t i = 0; i < n; i++) {
                    const bool raw = (i + variant) % 2 == 1;
                    items[i] = {raw ? raw_tweaks[i].data() : p.txs[i].tweak33.data(), raw ? 64u : 33u,
                                prefixes[i].data(), prefixes[i].size()};
                }
                ASSERT_EQ(fastsecp_sp_scan_prefilter_items(ctx.get(), by_points.get(), st1.data(), m1.data(),
                                                           items.data(), n, flags),
                          FASTSECP_OK);
                ASSERT_EQ(fastsecp_sp_scan_prefilter_items(ctx.get(), by_m.get(), st2.data(), m2.data(), items.data(),
                                                           n, flags),
                          FASTSECP_OK);
                EXPECT_EQ(st1, st0);
                EXPECT_EQ(st2, st0);
                EXPECT_EQ(m1, m0);
                EXPECT_EQ(m2, m0);
                for (size_t i = 0; i < n; i++) EXPECT_EQ(m0[i], pays[i % pays.size()].empty() ? 0 : 1) << i;
            }
        }
    }
}

// Bad label points are reported one by one and left out; bad keys fail the wallet; fastsecp_sp_scan
// refuses a wallet whose labels' tweaks it does not know, and scans one made without labels.
TEST(SpPointWallet, LabelStatusesKeyErrorsAndScanRefusal) {
    Rng rng(371);
    const Lib& L = ours();
    Planted p = make_recipient(L, rng, {});
    p.txs.push_back(make_tx(L, rng, p, {-1}, 2));
    Planted withlabel = p;
    withlabel.labels = {4};
    const Bytes good = label_point33(L, withlabel, 4), good64 = raw64_of(L, good.data());
    Bytes off33(33, 0);
    off33[0] = 0x02;
    const B32 x = x_not_on_curve(rng);
    std::memcpy(off33.data() + 1, x.data(), 32);
    Bytes x_ge_p64 = good64;
    std::memset(x_ge_p64.data(), 0xFF, 32);
    Bytes off64 = good64;
    off64[40] ^= 1;
    Bytes unc(65, 0);
    unc[0] = 0x04;
    const std::vector<const unsigned char*> pts = {good.data(), nullptr,      unc.data(),     off33.data(),
                                                   x_ge_p64.data(), off64.data(), good64.data()};
    const std::vector<size_t> lens = {33, 33, 65, 33, 64, 64, 64};
    const std::vector<fastsecp_status> want = {FASTSECP_OK,
                                               FASTSECP_ERR_INVALID_ARGUMENT,
                                               FASTSECP_ERR_BAD_ENCODING,
                                               FASTSECP_ERR_POINT_NOT_ON_CURVE,
                                               FASTSECP_ERR_BAD_ENCODING,
                                               FASTSECP_ERR_POINT_NOT_ON_CURVE,
                                               FASTSECP_OK};
    auto ctx = make_ctx(1);
    std::vector<fastsecp_status> lst(pts.size(), kUnset);
    fastsecp_sp_wallet* wp = nullptr;
    ASSERT_EQ(fastsecp_sp_wallet_create_from_points(ctx.get(), &wp, p.scan_sk.data(), p.spend33, 33, pts.data(),
                                                    lens.data(), pts.size(), lst.data()),
              FASTSECP_OK);
    WalletPtr w(wp);
    EXPECT_EQ(lst, want);
    // It refuses fastsecp_sp_scan ...
    std::vector<fastsecp_sp_item> items = items_of(p);
    fastsecp_status st = kUnset;
    fastsecp_sp_match m[4];
    size_t n_m = 99;
    EXPECT_EQ(fastsecp_sp_scan(ctx.get(), w.get(), &st, items.data(), 1, m, 4, &n_m, 0), FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(st, FASTSECP_ERR_INVALID_ARGUMENT);
    // ... but pre-filters with its one label (twice given): a payment to that label is found.
    Planted::Tx to_label = make_tx(L, rng, withlabel, {4}, 1);
    std::vector<uint64_t> pre;
    for (size_t j = 0; j < to_label.outputs.size() / 32; j++) pre.push_back(be64(to_label.outputs.data() + 32 * j));
    fastsecp_sp_prefilter_item it = {to_label.tweak33.data(), 33, pre.data(), pre.size()};
    unsigned char maybe = 7;
    EXPECT_EQ(fastsecp_sp_scan_prefilter_items(ctx.get(), w.get(), &st, &maybe, &it, 1, 0), FASTSECP_OK);
    EXPECT_EQ(maybe, 1);
    // Without labels the wallet scans like any other.
    wp = nullptr;
    const Bytes spend64 = raw64_of(L, p.spend33);
    ASSERT_EQ(fastsecp_sp_wallet_create_from_points(ctx.get(), &wp, p.scan_sk.data(), spend64.data(), 64, nullptr,
                                                    nullptr, 0, nullptr),
              FASTSECP_OK);
    WalletPtr plain(wp);
    ScanResult r = scan(ctx.get(), plain.get(), items, 0);
    EXPECT_EQ(r.status[0], FASTSECP_OK);
    EXPECT_EQ(r.per_item[0], oracle_scan(L, p, p.txs[0]));
    EXPECT_EQ(r.per_item[0].size(), 1u);
    // Bad keys fail the wallet, and every label status says why.
    const B32 zero{};
    struct KeyCase {
        const unsigned char* scan;
        const unsigned char* spend;
        size_t spend_len;
        fastsecp_status code;
    };
    const Bytes spend_off64 = [&] {
        Bytes b = spend64;
        b[33] ^= 1;
        return b;
    }();
    for (const KeyCase& c : {KeyCase{zero.data(), p.spend33, 33, FASTSECP_ERR_SCALAR_OUT_OF_RANGE},
                             KeyCase{kOrder.data(), p.spend33, 33, FASTSECP_ERR_SCALAR_OUT_OF_RANGE},
                             KeyCase{p.scan_sk.data(), off33.data(), 33, FASTSECP_ERR_POINT_NOT_ON_CURVE},
                             KeyCase{p.scan_sk.data(), spend_off64.data(), 64, FASTSECP_ERR_POINT_NOT_ON_CURVE},
                             KeyCase{p.scan_sk.data(), x_ge_p64.data(), 64, FASTSECP_ERR_BAD_ENCODING},
                             KeyCase{p.scan_sk.data(), unc.data(), 65, FASTSECP_ERR_BAD_ENCODING}}) {
        wp = reinterpret_cast<fastsecp_sp_wallet*>(&maybe);
        std::vector<fastsecp_status> ls(2, kUnset);
        const unsigned char* two[2] = {good.data(), good64.data()};
        const size_t two_len[2] = {33, 64};
        EXPECT_EQ(fastsecp_sp_wallet_create_from_points(ctx.get(), &wp, c.scan, c.spend, c.spend_len, two, two_len, 2,
                                                        ls.data()),
                  c.code);
        EXPECT_EQ(wp, nullptr);
        EXPECT_EQ(ls, std::vector<fastsecp_status>(2, c.code));
    }
}

// fastsecp_sp_scan_prefilter_items with bad items among good ones: each gets its code and maybe 0.
TEST(SpPointWallet, PrefilterItemsBadItemsFailAlone) {
    Rng rng(372);
    const Lib& L = ours();
    Planted p = make_recipient(L, rng, {});
    const Planted::Tx tx = make_tx(L, rng, p, {-1}, 1);
    std::vector<uint64_t> pre;
    for (size_t j = 0; j < tx.outputs.size() / 32; j++) pre.push_back(be64(tx.outputs.data() + 32 * j));
    const Bytes raw = raw64_of(L, tx.tweak33.data());
    Bytes off = raw;
    off[50] ^= 1;
    const fastsecp_sp_prefilter_item items[] = {
        {tx.tweak33.data(), 33, pre.data(), pre.size()}, {nullptr, 33, pre.data(), pre.size()},
        {raw.data(), 64, pre.data(), pre.size()},        {raw.data(), 65, pre.data(), pre.size()},
        {off.data(), 64, pre.data(), pre.size()},        {raw.data(), 64, nullptr, pre.size()},
        {raw.data(), 64, nullptr, 0},                    {tx.tweak33.data(), 32, pre.data(), pre.size()},
    };
    const fastsecp_status want[] = {FASTSECP_OK,
                                    FASTSECP_ERR_INVALID_ARGUMENT,
                                    FASTSECP_OK,
                                    FASTSECP_ERR_BAD_ENCODING,
                                    FASTSECP_ERR_POINT_NOT_ON_CURVE,
                                    FASTSECP_ERR_INVALID_ARGUMENT,
                                    FASTSECP_OK,
                                    FASTSECP_ERR_BAD_ENCODING};
    const unsigned char want_maybe[] = {1, 0, 1, 0, 0, 0, 0, 0};
    const size_t n = sizeof items / sizeof items[0];
    for (unsigned threads : {1u, 2u}) {
        auto ctx = make_ctx(threads);
        auto w = make_wallet(ctx.get(), p.scan_sk.data(), p.spend33, {});
        std::vector<fastsecp_status> st(n, kUnset);
        std::vector<unsigned char> maybe(n, 7);
        EXPECT_EQ(fastsecp_sp_scan_prefilter_items(ctx.get(), w.get(), st.data(), maybe.data(), items, n, 0),
                  FASTSECP_ERR_ITEM_FAILED);
        for (size_t i = 0; i < n; i++) {
            EXPECT_EQ(st[i], want[i]) << i;
            EXPECT_EQ(maybe[i], want_maybe[i]) << i;
        }
        EXPECT_EQ(fastsecp_sp_scan_prefilter_items(ctx.get(), w.get(), st.data(), maybe.data(), items, n, 2),
                  FASTSECP_ERR_INVALID_ARGUMENT);
        EXPECT_EQ(fastsecp_sp_scan_prefilter_items(ctx.get(), nullptr, st.data(), maybe.data(), items, n, 0),
                  FASTSECP_ERR_INVALID_ARGUMENT);
    }
}

// fastsecp_pubkey_tweak_mul_batch: one tweak times many keys, against secp256k1_ec_pubkey_tweak_mul
// of fastsecp and of the reference, item by item; bad keys fail alone, a bad tweak fails all.
TEST(PubkeyTweakMulBatch, MatchesSingleCallsOfBothLibraries) {
    ASSERT_TRUE(reference_loaded());
    Rng rng(373);
    const Lib& L = ours();
    const size_t n = 150;
    Bytes keys(33 * n);
    for (size_t i = 0; i < n; i++) {
        const B32 k = rng.seckey(*L.api, L.ctx);
        ASSERT_TRUE(single_create(L, keys.data() + 33 * i, k.data()));
    }
    keys[33 * 5] = 0x05;                                      // bad prefix
    std::memset(keys.data() + 33 * 7 + 1, 0xFF, 32);         // x >= p
    const B32 x = x_not_on_curve(rng);
    std::memcpy(keys.data() + 33 * 9 + 1, x.data(), 32);     // not on the curve
    const B32 one = b32_from_int(1), nm1 = b32_sub(kOrder, one);
    for (const B32& tweak : {rng.b32(), one, nm1}) {
        for (unsigned threads : {1u, 2u}) {
            auto ctx = make_ctx(threads);
            std::vector<fastsecp_status> st(n, kUnset);
            Bytes out(33 * n, 0xAA);
            EXPECT_EQ(fastsecp_pubkey_tweak_mul_batch(ctx.get(), st.data(), out.data(), keys.data(), tweak.data(), n),
                      FASTSECP_ERR_ITEM_FAILED);
            for (const Lib& lib : oracle_libs())
                for (size_t i = 0; i < n; i++) {
                    secp256k1_pubkey pk;
                    unsigned char want[33] = {0};
                    bool ok = lib.api->ec_pubkey_parse(lib.ctx, &pk, keys.data() + 33 * i, 33) &&
                              lib.api->ec_pubkey_tweak_mul(lib.ctx, &pk, tweak.data());
                    size_t len = 33;
                    if (ok) ASSERT_TRUE(lib.api->ec_pubkey_serialize(lib.ctx, want, &len, &pk, SECP256K1_EC_COMPRESSED));
                    EXPECT_EQ(st[i] == FASTSECP_OK, ok) << i;
                    EXPECT_EQ(Bytes(out.begin() + 33 * i, out.begin() + 33 * i + 33), Bytes(want, want + 33)) << i;
                }
            EXPECT_EQ(st[5], FASTSECP_ERR_BAD_ENCODING);
            EXPECT_EQ(st[7], FASTSECP_ERR_BAD_ENCODING);
            EXPECT_EQ(st[9], FASTSECP_ERR_POINT_NOT_ON_CURVE);
            // In place.
            Bytes inplace = keys;
            EXPECT_EQ(fastsecp_pubkey_tweak_mul_batch(ctx.get(), st.data(), inplace.data(), inplace.data(),
                                                      tweak.data(), n),
                      FASTSECP_ERR_ITEM_FAILED);
            EXPECT_EQ(inplace, out);
        }
    }
    auto ctx = make_ctx(1);
    const B32 zero{};
    for (const B32& bad : {zero, kOrder}) {
        std::vector<fastsecp_status> st(n, kUnset);
        Bytes out(33 * n, 0xAA);
        EXPECT_EQ(fastsecp_pubkey_tweak_mul_batch(ctx.get(), st.data(), out.data(), keys.data(), bad.data(), n),
                  FASTSECP_ERR_SCALAR_OUT_OF_RANGE);
        EXPECT_EQ(st, std::vector<fastsecp_status>(n, FASTSECP_ERR_SCALAR_OUT_OF_RANGE));
        EXPECT_EQ(out, Bytes(33 * n, 0));
    }
    std::vector<fastsecp_status> st(1, kUnset);
    EXPECT_EQ(fastsecp_pubkey_tweak_mul_batch(ctx.get(), st.data(), nullptr, keys.data(), one.data(), 1),
              FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(fastsecp_pubkey_tweak_mul_batch(ctx.get(), nullptr, nullptr, nullptr, nullptr, 0), FASTSECP_OK);
}

}  // namespace
}  // namespace fastsecp::test
