// secp256k1_frost.h (BIP-445) through the shipped library, like a user program: the v0.8.0
// vectors that the API can express (signing with given secret nonces, verification, aggregation,
// deterministic signing, tweaking, and the errors as the API reports them: the signer-set error
// codes, which parse or call fails, blamed positions), then whole signing runs with the trusted
// dealer (2-of-3, 11-of-15, tweaked), the secret nonce's single use, and illegal arguments.
// Every case of the vector files is also run through the scheme layer in
// tests/unit/test_frost_bip445.cpp (messages and counts the API shapes differently included).
#include <secp256k1.h>
#include <secp256k1_extrakeys.h>
#include <secp256k1_frost.h>
#include <secp256k1_schnorrsig.h>

#include <gtest/gtest.h>

#include <cstring>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "json.h"
#include "test_hex.h"

extern "C" int fastsecp_c_header_frost_check(void);

namespace fastsecp::test {
namespace {

struct Illegal {
    int count = 0;
    static void cb(const char*, void* d) { static_cast<Illegal*>(d)->count++; }
};

class FrostApi : public ::testing::Test {
protected:
    secp256k1_context* ctx = nullptr;
    Illegal illegal;
    void SetUp() override {
        ctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
        secp256k1_context_set_illegal_callback(ctx, Illegal::cb, &illegal);
    }
    void TearDown() override { secp256k1_context_destroy(ctx); }

    const json::Value& load(const std::string& name) {
        static std::map<std::string, json::Value> cache;
        auto it = cache.find(name);
        if (it == cache.end())
            it = cache.emplace(name, json::parse_file(std::string(FASTSECP_VECTORS_DIR) + "/bip-0445/" + name)).first;
        return it->second;
    }
    std::optional<secp256k1_pubkey> pubkey(const std::string& hex) {
        Bytes b = from_hex(hex);
        secp256k1_pubkey pk;
        if (b.size() != 33 || !secp256k1_ec_pubkey_parse(ctx, &pk, b.data(), 33) || (b[0] != 2 && b[0] != 3))
            return std::nullopt;
        return pk;
    }
};

// A vector case's signer set as API arguments; ok = false when a public share does not parse
// (the BIP's "Invalid pubshare at index i": bad_index).
struct Set {
    uint32_t n = 0, t = 0;
    std::vector<uint32_t> ids;
    std::vector<secp256k1_pubkey> pks;
    std::vector<const secp256k1_pubkey*> ptrs;
    secp256k1_pubkey thresh{};
    bool ok = true;
    size_t bad_index = SIZE_MAX;
};

Set make_set(secp256k1_context* ctx, const json::Value& g, const json::Value& tc) {
    Set s;
    s.n = g.at("n").get<uint32_t>();
    s.t = g.at("t").get<uint32_t>();
    for (const auto& x : tc.at("ids")) s.ids.push_back(x.get<uint32_t>());
    size_t i = 0;
    for (const auto& x : tc.at("pubshare_indices")) {
        Bytes b = from_hex(g.at("pubshares").at(x.get<size_t>()).get<std::string>());
        secp256k1_pubkey pk{};
        if (!secp256k1_ec_pubkey_parse(ctx, &pk, b.data(), b.size()) && s.ok) {
            s.ok = false;
            s.bad_index = i;
        }
        s.pks.push_back(pk);
        i++;
    }
    for (auto& p : s.pks) s.ptrs.push_back(&p);
    s.ids.reserve(1);  // data() stays a valid pointer for an empty signer set (u = 0 cases)
    s.ptrs.reserve(1);
    Bytes tb = from_hex(g.at("thresh_pk").get<std::string>());
    EXPECT_TRUE(secp256k1_ec_pubkey_parse(ctx, &s.thresh, tb.data(), 33));
    return s;
}

// The tweak cache of a case; false when a tweak is refused (the BIP's tweak errors).
bool make_tweaks(secp256k1_context* ctx, secp256k1_frost_tweak_cache* cache, const Set& s, const std::vector<Bytes>& tweaks,
                 const json::Value& xonly) {
    EXPECT_TRUE(secp256k1_frost_tweak_cache_init(ctx, cache, &s.thresh));
    if (tweaks.size() != xonly.size()) return false;
    for (size_t i = 0; i < tweaks.size(); i++) {
        if (tweaks[i].size() != 32) return false;
        int r = xonly.at(i).get<bool>() ? secp256k1_frost_pubkey_xonly_tweak_add(ctx, nullptr, cache, tweaks[i].data())
                                        : secp256k1_frost_pubkey_ec_tweak_add(ctx, nullptr, cache, tweaks[i].data());
        if (!r) return false;
    }
    return true;
}

std::vector<Bytes> case_tweaks(const json::Value& g, const json::Value& tc) {
    std::vector<Bytes> r;
    if (tc.contains("tweak_indices"))
        for (const auto& x : tc.at("tweak_indices")) r.push_back(from_hex(g.at("tweaks").at(x.get<size_t>()).get<std::string>()));
    if (tc.contains("tweaks"))
        for (const auto& x : tc.at("tweaks")) r.push_back(from_hex(x.get<std::string>()));
    return r;
}

// Sign (or explain why not) a sign_verify / tweak case through the API. Returns 1 and the
// partial signature, or 0 with `why` naming the failing step.
int api_sign(secp256k1_context* ctx, const json::Value& g, const json::Value& tc, unsigned char psig32[32],
             std::string* why) {
    Set s = make_set(ctx, g, tc);
    int err = 0;
    size_t err_index = 0;
    if (!s.ok) return *why = "pubshare parse " + std::to_string(s.bad_index), 0;
    if (!secp256k1_frost_signers_validate(ctx, &err, &err_index, s.n, s.t, s.ids.data(), s.ptrs.data(), s.ids.size(), &s.thresh))
        return *why = "signers " + std::to_string(err) + (err == SECP256K1_FROST_ERR_ID_RANGE ? " " + std::to_string(err_index) : ""), 0;
    secp256k1_frost_tweak_cache cache;
    auto tweaks = case_tweaks(g, tc);
    json::Value xonly = tc.contains("is_xonly") ? tc.at("is_xonly") : json::Value::array();
    if (!make_tweaks(ctx, &cache, s, tweaks, xonly)) return *why = "tweak", 0;
    secp256k1_frost_aggnonce agg;
    Bytes an = from_hex(tc.at("aggnonce").get<std::string>());
    if (!secp256k1_frost_aggnonce_parse(ctx, &agg, an.data())) return *why = "aggnonce", 0;
    Bytes msg = from_hex(tc.at("msg").get<std::string>());
    secp256k1_frost_session session;
    if (!secp256k1_frost_nonce_process(ctx, &session, &agg, nonnull_data(msg), msg.size(), s.n, s.t, s.ids.data(),
                                       s.ptrs.data(), s.ids.size(), &s.thresh, &cache))
        return *why = "nonce_process", 0;
    secp256k1_frost_secnonce sn;
    std::memcpy(sn.data, "FRsn", 4);  // the object layout: marker, k1, k2 (as libsecp256k1's own tests place MuSig nonces)
    Bytes k = from_hex(g.at("secnonces").at(tc.at("secnonce_index").get<size_t>()).get<std::string>());
    std::memcpy(sn.data + 4, k.data(), 64);
    Bytes share = from_hex(g.at("secshares").at(tc.at("secshare_index").get<size_t>()).get<std::string>());
    secp256k1_frost_partial_sig ps;
    int r = secp256k1_frost_partial_sign(ctx, &ps, &sn, share.data(), tc.at("my_id").get<uint32_t>(), &session,
                                         s.ids.data(), s.ptrs.data(), s.ids.size());
    unsigned char zero[68] = {0};
    EXPECT_EQ(std::memcmp(sn.data, zero, 68), 0) << "secnonce not zeroed";
    if (!r) return *why = "partial_sign", 0;
    EXPECT_TRUE(secp256k1_frost_partial_sig_serialize(ctx, psig32, &ps));
    return 1;
}

// What the API says for a BIP error (the step that fails, and the code where there is one).
std::string api_expectation(const json::Value& err) {
    const std::string type = err.at("type").get<std::string>();
    if (type == "InvalidContributionError") {
        const std::string c = err.at("contrib").get<std::string>();
        if (c == "aggnonce") return "aggnonce";
        if (c == "aggothernonce") return "aggothernonce";
        if (c == "pubnonce") return "pubnonce parse " + std::to_string(err.at("signer_index").get<size_t>());
        return "psig parse " + std::to_string(err.at("signer_index").get<size_t>());
    }
    const std::string m = err.at("message").get<std::string>();
    if (m.rfind("Invalid pubshare at index ", 0) == 0) return "pubshare parse " + m.substr(26, m.size() - 27);
    if (m.rfind("The participant identifier at index ", 0) == 0)
        return "signers 3 " + m.substr(36, m.find(' ', 36) - 36);
    if (m == "The number of signers must be between t and n.") return "signers 2";
    if (m == "The participant identifier list contains duplicate elements.") return "signers 5";
    if (m == "The threshold pubkey must not be the point at infinity.") return "signers 6";
    if (m == "The provided key material is incorrect.") return "signers 7";
    if (m.rfind("The tweak", 0) == 0 || m.rfind("The result of tweaking", 0) == 0 ||
        m == "The tweaks and is_xonly arrays must have the same length.")
        return "tweak";
    if (m == "The psigs and ids arrays must have the same length.") return "psig count";
    return "partial_sign";  // secnonce, secret share, pubshare or id not in the set
}

TEST_F(FrostApi, CHeader) { EXPECT_EQ(fastsecp_c_header_frost_check(), 1); }

TEST_F(FrostApi, SignVerifyAndTweakVectors) {
    int n = 0;
    for (const char* file : {"sign_verify_vectors.json", "tweak_vectors.json"}) {
        for (const auto& g : load(file).at("test_groups")) {
            for (const auto& tc : g.at("valid_tests")) {
                unsigned char psig[32];
                std::string why;
                ASSERT_EQ(api_sign(ctx, g, tc, psig, &why), 1) << file << " tc " << tc.at("tc_id") << ": " << why;
                EXPECT_EQ(to_hex(psig, 32), to_hex(from_hex(tc.at("expected").get<std::string>()))) << file << " tc " << tc.at("tc_id");
                n++;
            }
            const char* errs = g.contains("sign_error_tests") ? "sign_error_tests" : "error_tests";
            for (const auto& tc : g.at(errs)) {
                unsigned char psig[32];
                std::string why;
                EXPECT_EQ(api_sign(ctx, g, tc, psig, &why), 0) << file << " tc " << tc.at("tc_id");
                EXPECT_EQ(why, api_expectation(tc.at("error"))) << file << " tc " << tc.at("tc_id") << " " << tc.at("comment");
                n++;
            }
        }
    }
    EXPECT_EQ(n, 25 + 52 + 28 + 16);
    // The all-zero secret nonce (one case per group, "may indicate nonce reuse") is, as in
    // secp256k1_musig_partial_sign, an illegal argument: partial_sign returned 0 and called back.
    EXPECT_EQ(illegal.count, 4);
}

TEST_F(FrostApi, VerifyVectors) {
    int n = 0;
    for (const auto& g : load("sign_verify_vectors.json").at("test_groups")) {
        auto run = [&](const json::Value& tc, const Bytes& psig, size_t idx, std::string* why) -> int {
            Set s = make_set(ctx, g, tc);
            if (!s.ok) return *why = "pubshare parse " + std::to_string(s.bad_index), -1;
            std::vector<secp256k1_frost_pubnonce> pn;
            size_t i = 0;
            for (const auto& x : tc.at("pubnonce_indices")) {
                secp256k1_frost_pubnonce p;
                Bytes b = from_hex(g.at("pubnonces").at(x.get<size_t>()).get<std::string>());
                if (!secp256k1_frost_pubnonce_parse(ctx, &p, b.data())) return *why = "pubnonce parse " + std::to_string(i), -1;
                pn.push_back(p);
                i++;
            }
            std::vector<const secp256k1_frost_pubnonce*> pp;
            for (auto& p : pn) pp.push_back(&p);
            secp256k1_frost_aggnonce agg;
            EXPECT_TRUE(secp256k1_frost_nonce_agg(ctx, &agg, pp.data(), pp.size()));
            Bytes msg = from_hex(tc.at("msg").get<std::string>());
            secp256k1_frost_session session;
            if (!secp256k1_frost_nonce_process(ctx, &session, &agg, nonnull_data(msg), msg.size(), s.n, s.t, s.ids.data(),
                                               s.ptrs.data(), s.ids.size(), &s.thresh, nullptr))
                return *why = "nonce_process", -1;
            secp256k1_frost_partial_sig ps;
            if (!secp256k1_frost_partial_sig_parse(ctx, &ps, psig.data())) return 0;  // out of range: invalid
            return secp256k1_frost_partial_sig_verify(ctx, &ps, &pn[idx], idx, &session, s.ids.data(), s.ptrs.data(),
                                                      s.ids.size());
        };
        for (const auto& tc : g.at("valid_tests")) {
            std::vector<uint32_t> ids;
            for (const auto& x : tc.at("ids")) ids.push_back(x.get<uint32_t>());
            size_t idx = std::find(ids.begin(), ids.end(), tc.at("my_id").get<uint32_t>()) - ids.begin();
            std::string why;
            EXPECT_EQ(run(tc, from_hex(tc.at("expected").get<std::string>()), idx, &why), 1) << tc.at("tc_id") << why;
            n++;
        }
        for (const auto& tc : g.at("verify_fail_tests")) {
            std::string why;
            EXPECT_EQ(run(tc, from_hex(tc.at("psig").get<std::string>()), tc.at("signer_index").get<size_t>(), &why), 0)
                << tc.at("tc_id") << why;
            n++;
        }
        for (const auto& tc : g.at("verify_error_tests")) {
            std::string why;
            EXPECT_EQ(run(tc, from_hex(tc.at("psig").get<std::string>()), tc.at("signer_index").get<size_t>(), &why), -1)
                << tc.at("tc_id");
            EXPECT_EQ(why, api_expectation(tc.at("error"))) << tc.at("tc_id");
            n++;
        }
    }
    EXPECT_EQ(n, 25 + 12 + 8);
}

TEST_F(FrostApi, DetSignAndSigAggVectors) {
    int n = 0;
    for (const auto& g : load("det_sign_vectors.json").at("test_groups")) {
        auto run = [&](const json::Value& tc, unsigned char pn66[66], unsigned char psig32[32], std::string* why) {
            Set s = make_set(ctx, g, tc);
            if (!s.ok) return *why = "pubshare parse " + std::to_string(s.bad_index), 0;
            int err = 0;
            size_t ei = 0;
            if (!secp256k1_frost_signers_validate(ctx, &err, &ei, s.n, s.t, s.ids.data(), s.ptrs.data(), s.ids.size(), &s.thresh))
                return *why = "signers " + std::to_string(err) + (err == 3 ? " " + std::to_string(ei) : ""), 0;
            secp256k1_frost_tweak_cache cache;
            if (!make_tweaks(ctx, &cache, s, case_tweaks(g, tc), tc.at("is_xonly"))) return *why = "tweak", 0;
            std::optional<secp256k1_frost_aggnonce> other;
            if (!tc.at("aggothernonce").is_null()) {
                Bytes b = from_hex(tc.at("aggothernonce").get<std::string>());
                secp256k1_frost_aggnonce a;
                if (!secp256k1_frost_aggnonce_parse(ctx, &a, b.data())) return *why = "aggothernonce", 0;
                other = a;
            }
            std::optional<Bytes> aux;
            if (!tc.at("aux_rand").is_null()) aux = from_hex(tc.at("aux_rand").get<std::string>());
            Bytes share = from_hex(g.at("secshares").at(tc.at("secshare_index").get<size_t>()).get<std::string>());
            Bytes msg = from_hex(tc.at("msg").get<std::string>());
            secp256k1_frost_partial_sig ps;
            secp256k1_frost_pubnonce pn;
            if (!secp256k1_frost_deterministic_sign(ctx, &ps, &pn, share.data(), tc.at("my_id").get<uint32_t>(),
                                                    other ? &*other : nullptr, aux ? aux->data() : nullptr,
                                                    nonnull_data(msg), msg.size(), s.n, s.t, s.ids.data(), s.ptrs.data(),
                                                    s.ids.size(), &s.thresh, &cache)) {
                // An aggothernonce with an infinite half parses as an aggnonce but is refused here.
                *why = other && (from_hex(tc.at("aggothernonce").get<std::string>())[0] == 0 ||
                                 from_hex(tc.at("aggothernonce").get<std::string>())[33] == 0)
                           ? "aggothernonce"
                           : "partial_sign";
                return 0;
            }
            EXPECT_TRUE(secp256k1_frost_pubnonce_serialize(ctx, pn66, &pn));
            EXPECT_TRUE(secp256k1_frost_partial_sig_serialize(ctx, psig32, &ps));
            return 1;
        };
        for (const auto& tc : g.at("valid_tests")) {
            unsigned char pn[66], ps[32];
            std::string why;
            ASSERT_EQ(run(tc, pn, ps, &why), 1) << tc.at("tc_id") << why;
            EXPECT_EQ(to_hex(pn, 66), to_hex(from_hex(tc.at("expected").at(0).get<std::string>()))) << tc.at("tc_id");
            EXPECT_EQ(to_hex(ps, 32), to_hex(from_hex(tc.at("expected").at(1).get<std::string>()))) << tc.at("tc_id");
            n++;
        }
        for (const auto& tc : g.at("error_tests")) {
            unsigned char pn[66], ps[32];
            std::string why;
            EXPECT_EQ(run(tc, pn, ps, &why), 0) << tc.at("tc_id");
            EXPECT_EQ(why, api_expectation(tc.at("error"))) << tc.at("tc_id") << " " << tc.at("comment");
            n++;
        }
    }
    for (const auto& g : load("sig_agg_vectors.json").at("test_groups")) {
        for (const char* arr : {"valid_tests", "error_tests"}) {
            for (const auto& tc : g.at(arr)) {
                Set s = make_set(ctx, g, tc);
                secp256k1_frost_tweak_cache cache;
                ASSERT_TRUE(make_tweaks(ctx, &cache, s, case_tweaks(g, tc), tc.at("is_xonly")));
                Bytes an = from_hex(tc.at("aggnonce").get<std::string>());
                secp256k1_frost_aggnonce agg;
                ASSERT_TRUE(secp256k1_frost_aggnonce_parse(ctx, &agg, an.data()));
                Bytes msg = from_hex(tc.at("msg").get<std::string>());
                secp256k1_frost_session session;
                ASSERT_TRUE(secp256k1_frost_nonce_process(ctx, &session, &agg, nonnull_data(msg), msg.size(), s.n, s.t,
                                                          s.ids.data(), s.ptrs.data(), s.ids.size(), &s.thresh, &cache));
                std::vector<secp256k1_frost_partial_sig> ps;
                std::string why;
                size_t i = 0;
                for (const auto& x : tc.at("psigs")) {
                    secp256k1_frost_partial_sig p;
                    Bytes b = from_hex(x.get<std::string>());
                    if (!secp256k1_frost_partial_sig_parse(ctx, &p, b.data()) && why.empty()) why = "psig parse " + std::to_string(i);
                    ps.push_back(p);
                    i++;
                }
                std::vector<const secp256k1_frost_partial_sig*> pp;
                for (auto& p : ps) pp.push_back(&p);
                unsigned char sig[64];
                const secp256k1_frost_partial_sig* const none = nullptr;  // an empty list still points somewhere
                if (why.empty() && !secp256k1_frost_partial_sig_agg(ctx, sig, &session, pp.empty() ? &none : pp.data(), pp.size()))
                    why = "psig count";
                if (std::string(arr) == "valid_tests") {
                    ASSERT_EQ(why, "") << tc.at("tc_id");
                    EXPECT_EQ(to_hex(sig, 64), to_hex(from_hex(tc.at("expected").get<std::string>()))) << tc.at("tc_id");
                    secp256k1_pubkey q;
                    secp256k1_xonly_pubkey xq;
                    ASSERT_TRUE(secp256k1_frost_pubkey_get(ctx, &q, &cache));
                    ASSERT_TRUE(secp256k1_xonly_pubkey_from_pubkey(ctx, &xq, nullptr, &q));
                    EXPECT_TRUE(secp256k1_schnorrsig_verify(ctx, sig, nonnull_data(msg), msg.size(), &xq)) << tc.at("tc_id");
                } else {
                    EXPECT_EQ(why, api_expectation(tc.at("error"))) << tc.at("tc_id");
                }
                n++;
            }
        }
    }
    EXPECT_EQ(n, 33 + 48 + 14 + 8);
}

// A whole run: dealer, nonces, session, signing by `signers`, verification, aggregation, BIP-340.
void run_signing(secp256k1_context* ctx, uint32_t t, uint32_t n, const std::vector<uint32_t>& ids, bool tweak,
                 std::mt19937_64& rng) {
    unsigned char seed[32];
    for (auto& b : seed) b = (unsigned char)rng();
    std::vector<unsigned char> shares(32 * n);
    std::vector<secp256k1_pubkey> pubshares(n);
    secp256k1_pubkey thresh;
    ASSERT_TRUE(secp256k1_frost_shares_gen(ctx, shares.data(), pubshares.data(), &thresh, seed, t, n));
    std::vector<const secp256k1_pubkey*> set;
    for (uint32_t id : ids) set.push_back(&pubshares[id]);
    int err = -1;
    ASSERT_TRUE(secp256k1_frost_signers_validate(ctx, &err, nullptr, n, t, ids.data(), set.data(), ids.size(), &thresh));
    EXPECT_EQ(err, SECP256K1_FROST_OK);
    secp256k1_frost_tweak_cache cache;
    ASSERT_TRUE(secp256k1_frost_tweak_cache_init(ctx, &cache, &thresh));
    if (tweak) {
        unsigned char tw[32];
        for (auto& b : tw) b = (unsigned char)rng();
        tw[0] = 0;
        ASSERT_TRUE(secp256k1_frost_pubkey_ec_tweak_add(ctx, nullptr, &cache, tw));
        tw[1] ^= 0x55;
        ASSERT_TRUE(secp256k1_frost_pubkey_xonly_tweak_add(ctx, nullptr, &cache, tw));
    }
    unsigned char msg[32];
    for (auto& b : msg) b = (unsigned char)rng();
    std::vector<secp256k1_frost_secnonce> sec(ids.size());
    std::vector<secp256k1_frost_pubnonce> pub(ids.size());
    std::vector<const secp256k1_frost_pubnonce*> pubp;
    for (size_t i = 0; i < ids.size(); i++) {
        unsigned char rnd[32];
        for (auto& b : rnd) b = (unsigned char)rng();
        ASSERT_TRUE(secp256k1_frost_nonce_gen(ctx, &sec[i], &pub[i], rnd, &shares[32 * ids[i]], &pubshares[ids[i]], &cache,
                                              msg, 32, nullptr, 0));
        unsigned char zero[32] = {0};
        EXPECT_EQ(std::memcmp(rnd, zero, 32), 0);
        pubp.push_back(&pub[i]);
    }
    secp256k1_frost_aggnonce agg;
    ASSERT_TRUE(secp256k1_frost_nonce_agg(ctx, &agg, pubp.data(), pubp.size()));
    secp256k1_frost_session session;
    ASSERT_TRUE(secp256k1_frost_nonce_process(ctx, &session, &agg, msg, 32, n, t, ids.data(), set.data(), ids.size(),
                                              &thresh, &cache));
    std::vector<secp256k1_frost_partial_sig> ps(ids.size());
    std::vector<const secp256k1_frost_partial_sig*> psp;
    for (size_t i = 0; i < ids.size(); i++) {
        ASSERT_TRUE(secp256k1_frost_partial_sign(ctx, &ps[i], &sec[i], &shares[32 * ids[i]], ids[i], &session, ids.data(),
                                                 set.data(), ids.size()));
        EXPECT_TRUE(secp256k1_frost_partial_sig_verify(ctx, &ps[i], &pub[i], i, &session, ids.data(), set.data(), ids.size()));
        if (ids.size() > 1)  // someone else's nonce: invalid
            EXPECT_FALSE(secp256k1_frost_partial_sig_verify(ctx, &ps[i], &pub[(i + 1) % ids.size()], i, &session, ids.data(),
                                                            set.data(), ids.size()));
        psp.push_back(&ps[i]);
    }
    unsigned char sig[64];
    ASSERT_TRUE(secp256k1_frost_partial_sig_agg(ctx, sig, &session, psp.data(), psp.size()));
    secp256k1_pubkey q;
    secp256k1_xonly_pubkey xq;
    ASSERT_TRUE(secp256k1_frost_pubkey_get(ctx, &q, &cache));
    ASSERT_TRUE(secp256k1_xonly_pubkey_from_pubkey(ctx, &xq, nullptr, &q));
    EXPECT_TRUE(secp256k1_schnorrsig_verify(ctx, sig, msg, 32, &xq));
    sig[63] ^= 1;
    EXPECT_FALSE(secp256k1_schnorrsig_verify(ctx, sig, msg, 32, &xq));
}

TEST_F(FrostApi, DealerRuns) {
    std::mt19937_64 rng(445);
    run_signing(ctx, 2, 3, {0, 1}, false, rng);
    run_signing(ctx, 2, 3, {2, 0}, true, rng);
    run_signing(ctx, 2, 3, {0, 1, 2}, true, rng);
    run_signing(ctx, 1, 3, {1}, false, rng);
    run_signing(ctx, 11, 15, {14, 0, 3, 5, 6, 7, 8, 9, 10, 11, 12}, false, rng);
    run_signing(ctx, 11, 15, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14}, true, rng);
    EXPECT_EQ(illegal.count, 0);
}

TEST_F(FrostApi, SecnonceSignsOnceAndSetIsBound) {
    unsigned char seed[32] = {7};
    unsigned char shares[3 * 32];
    secp256k1_pubkey pks[3], thresh;
    ASSERT_TRUE(secp256k1_frost_shares_gen(ctx, shares, pks, &thresh, seed, 2, 3));
    uint32_t ids[2] = {0, 1};
    const secp256k1_pubkey* set[2] = {&pks[0], &pks[1]};
    unsigned char rnd[32] = {1};
    secp256k1_frost_secnonce sn[2];
    secp256k1_frost_pubnonce pn[2];
    for (int i = 0; i < 2; i++) {
        rnd[0] = (unsigned char)(i + 1);
        ASSERT_TRUE(secp256k1_frost_nonce_gen(ctx, &sn[i], &pn[i], rnd, nullptr, nullptr, nullptr, nullptr, 0, nullptr, 0));
    }
    // All-zero randomness is refused.
    secp256k1_frost_secnonce bad;
    secp256k1_frost_pubnonce badp;
    unsigned char zero[32] = {0};
    EXPECT_FALSE(secp256k1_frost_nonce_gen(ctx, &bad, &badp, zero, nullptr, nullptr, nullptr, nullptr, 0, nullptr, 0));
    const secp256k1_frost_pubnonce* pp[2] = {&pn[0], &pn[1]};
    secp256k1_frost_aggnonce agg;
    ASSERT_TRUE(secp256k1_frost_nonce_agg(ctx, &agg, pp, 2));
    unsigned char msg[5] = {'h', 'e', 'l', 'l', 'o'};
    secp256k1_frost_session session;
    ASSERT_TRUE(secp256k1_frost_nonce_process(ctx, &session, &agg, msg, 5, 3, 2, ids, set, 2, &thresh, nullptr));
    // Another order of the same set is another set for the session.
    uint32_t ids_swapped[2] = {1, 0};
    const secp256k1_pubkey* set_swapped[2] = {&pks[1], &pks[0]};
    secp256k1_frost_secnonce copy = sn[0];
    secp256k1_frost_partial_sig ps;
    EXPECT_FALSE(secp256k1_frost_partial_sign(ctx, &ps, &copy, shares, 0, &session, ids_swapped, set_swapped, 2));
    // The nonce was zeroed even though signing failed: a second use is an illegal argument.
    int before = illegal.count;
    EXPECT_FALSE(secp256k1_frost_partial_sign(ctx, &ps, &copy, shares, 0, &session, ids, set, 2));
    EXPECT_EQ(illegal.count, before + 1);
    copy = sn[0];
    ASSERT_TRUE(secp256k1_frost_partial_sign(ctx, &ps, &copy, shares, 0, &session, ids, set, 2));
    EXPECT_FALSE(secp256k1_frost_partial_sign(ctx, &ps, &copy, shares, 0, &session, ids, set, 2));
    EXPECT_EQ(illegal.count, before + 2);
    // Wrong share for the id's public share, id outside the set.
    copy = sn[1];
    EXPECT_FALSE(secp256k1_frost_partial_sign(ctx, &ps, &copy, shares + 64, 1, &session, ids, set, 2));
    copy = sn[1];
    EXPECT_FALSE(secp256k1_frost_partial_sign(ctx, &ps, &copy, shares + 32, 2, &session, ids, set, 2));
    // NULL arguments and wrong markers call the illegal callback.
    before = illegal.count;
    EXPECT_FALSE(secp256k1_frost_nonce_agg(ctx, &agg, nullptr, 2));
    secp256k1_frost_session junk;
    std::memset(&junk, 0, sizeof junk);
    copy = sn[1];
    EXPECT_FALSE(secp256k1_frost_partial_sign(ctx, &ps, &copy, shares + 32, 1, &junk, ids, set, 2));
    EXPECT_EQ(illegal.count, before + 2);
    // Signer-set errors with their codes.
    int err = 0;
    size_t idx = 0;
    uint32_t dup[2] = {1, 1};
    EXPECT_FALSE(secp256k1_frost_signers_validate(ctx, &err, &idx, 3, 2, dup, set, 2, &thresh));
    EXPECT_EQ(err, SECP256K1_FROST_ERR_DUPLICATE_IDS);
    uint32_t far[2] = {0, 3};
    EXPECT_FALSE(secp256k1_frost_signers_validate(ctx, &err, &idx, 3, 2, far, set, 2, &thresh));
    EXPECT_EQ(err, SECP256K1_FROST_ERR_ID_RANGE);
    EXPECT_EQ(idx, 1u);
    EXPECT_FALSE(secp256k1_frost_signers_validate(ctx, &err, &idx, 3, 2, ids, set, 1, &thresh));
    EXPECT_EQ(err, SECP256K1_FROST_ERR_SIGNER_COUNT);
    EXPECT_FALSE(secp256k1_frost_signers_validate(ctx, &err, &idx, 3, 2, ids_swapped, set, 2, &thresh));
    EXPECT_EQ(err, SECP256K1_FROST_ERR_KEY_MATERIAL);
    EXPECT_FALSE(secp256k1_frost_shares_gen(ctx, shares, pks, &thresh, seed, 4, 3));
}

}  // namespace
}  // namespace fastsecp::test
