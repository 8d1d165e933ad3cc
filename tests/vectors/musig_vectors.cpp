// BIP-327 (MuSig2) vectors, every file of bip-0327/, run against fastsecp and the reference
// libsecp256k1 through the secp256k1_musig.h API.
//
// What the API cannot express is counted and skipped, never faked: messages that are not 32
// bytes long (the API signs 32-byte messages; nonce_gen's msg is absent or 32 bytes), the
// optional "signer's key not in the list" check (libsecp256k1 does not make it). Deterministic
// signing (det_sign_vectors.json) is not an API call: its nonces are derived by the test, then
// signed through the API. Secret nonces given as bytes are placed into
// secp256k1_musig_secnonce objects using the v0.8.0 object layout, as libsecp256k1's own tests do.
#include "vector_fixture.h"

#include <secp256k1_musig.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstring>
#include <map>
#include <optional>
#include <vector>

namespace fastsecp::test {
namespace {

const json::Value& load(const char* name) {
    static std::map<std::string, json::Value> cache;
    auto it = cache.find(name);
    if (it == cache.end()) it = cache.emplace(name, json::parse_file(vector_path(std::string("bip-0327/") + name))).first;
    return it->second;
}

std::vector<size_t> indices(const json::Value& v) {
    std::vector<size_t> r;
    for (const auto& x : v) r.push_back((size_t)x.get<long long>());
    return r;
}

class MusigVectors : public VectorTest {
protected:
    std::optional<secp256k1_pubkey> pubkey(const std::string& hex) {
        Bytes b = from_hex(hex);
        secp256k1_pubkey pk;
        if (b.size() != 33 || !api().ec_pubkey_parse(ctx(), &pk, b.data(), 33)) return std::nullopt;
        return pk;
    }
    std::optional<secp256k1_musig_pubnonce> pubnonce(const std::string& hex) {
        Bytes b = from_hex(hex);
        secp256k1_musig_pubnonce n;
        if (b.size() != 66 || !api().musig_pubnonce_parse(ctx(), &n, b.data())) return std::nullopt;
        return n;
    }
    std::optional<secp256k1_musig_aggnonce> aggnonce(const std::string& hex) {
        Bytes b = from_hex(hex);
        secp256k1_musig_aggnonce n;
        if (b.size() != 66 || !api().musig_aggnonce_parse(ctx(), &n, b.data())) return std::nullopt;
        return n;
    }
    // Aggregates the listed keys and applies the tweaks; nullopt when a key does not parse or a
    // tweak fails (the two error kinds of the vectors), with `which` saying which.
    std::optional<secp256k1_musig_keyagg_cache> keyagg(const json::Value& pubkeys, const std::vector<size_t>& keys,
                                                       const json::Value& tweaks, const std::vector<size_t>& tweak_idx,
                                                       const std::vector<bool>& xonly, std::string* which = nullptr) {
        std::vector<secp256k1_pubkey> pks;
        for (size_t i : keys) {
            auto pk = pubkey(pubkeys[i].get<std::string>());
            if (!pk) {
                if (which) *which = "pubkey";
                return std::nullopt;
            }
            pks.push_back(*pk);
        }
        std::vector<const secp256k1_pubkey*> ptrs;
        for (auto& p : pks) ptrs.push_back(&p);
        secp256k1_musig_keyagg_cache cache;
        EXPECT_EQ(api().musig_pubkey_agg(ctx(), nullptr, &cache, ptrs.data(), ptrs.size()), 1);
        for (size_t t = 0; t < tweak_idx.size(); t++) {
            Bytes tw = from_hex(tweaks[tweak_idx[t]].get<std::string>());
            secp256k1_pubkey out;
            int ok = xonly[t] ? api().musig_pubkey_xonly_tweak_add(ctx(), &out, &cache, tw.data())
                              : api().musig_pubkey_ec_tweak_add(ctx(), &out, &cache, tw.data());
            if (!ok) {
                if (which) *which = "tweak";
                return std::nullopt;
            }
        }
        return cache;
    }
    std::vector<bool> bools(const json::Value& v) {
        std::vector<bool> r;
        for (const auto& x : v) r.push_back(x.get<bool>());
        return r;
    }
    // A secnonce object from BIP-327's 97-byte form k1 || k2 || pk (v0.8.0 layout: marker, k1, k2,
    // the public key's 64-byte internal form).
    secp256k1_musig_secnonce secnonce(const std::string& hex) {
        Bytes b = from_hex(hex);
        EXPECT_EQ(b.size(), 97u);
        secp256k1_musig_secnonce s{};
        static const unsigned char magic[4] = {0x22, 0x0e, 0xdc, 0xf1};
        std::memcpy(s.data, magic, 4);
        std::memcpy(s.data + 4, b.data(), 64);
        secp256k1_pubkey pk;
        EXPECT_EQ(api().ec_pubkey_parse(ctx(), &pk, b.data() + 64, 33), 1);
        std::memcpy(s.data + 68, pk.data, 64);
        return s;
    }
    secp256k1_keypair keypair(const std::string& sk_hex) {
        Bytes sk = from_hex(sk_hex);
        secp256k1_keypair kp;
        EXPECT_EQ(api().keypair_create(ctx(), &kp, sk.data()), 1);
        return kp;
    }
    std::optional<secp256k1_musig_session> session(const secp256k1_musig_aggnonce& an, const Bytes& msg,
                                                   const secp256k1_musig_keyagg_cache& cache) {
        secp256k1_musig_session s;
        if (!api().musig_nonce_process(ctx(), &s, &an, msg.data(), &cache)) return std::nullopt;
        return s;
    }
    std::string serialize(const secp256k1_musig_partial_sig& ps) {
        unsigned char out[32];
        EXPECT_EQ(api().musig_partial_sig_serialize(ctx(), out, &ps), 1);
        return to_hex(out, 32);
    }
};

std::string upper(std::string s) {
    for (auto& c : s) c = (char)std::toupper((unsigned char)c);
    return s;
}

TEST_P(MusigVectors, KeySort) {
    const auto& v = load("key_sort_vectors.json");
    std::vector<secp256k1_pubkey> pks;
    for (const auto& h : v.at("pubkeys")) pks.push_back(*pubkey(h.get<std::string>()));
    std::vector<const secp256k1_pubkey*> ptrs;
    for (auto& p : pks) ptrs.push_back(&p);
    ASSERT_EQ(api().ec_pubkey_sort(ctx(), ptrs.data(), ptrs.size()), 1);
    const auto& want = v.at("sorted_pubkeys");
    ASSERT_EQ(want.size(), ptrs.size());
    for (size_t i = 0; i < ptrs.size(); i++) {
        unsigned char out[33];
        size_t len = 33;
        ASSERT_EQ(api().ec_pubkey_serialize(ctx(), out, &len, ptrs[i], SECP256K1_EC_COMPRESSED), 1);
        EXPECT_EQ(upper(to_hex(out, 33)), upper(want[i].get<std::string>())) << i;
    }
}

TEST_P(MusigVectors, KeyAgg) {
    const auto& v = load("key_agg_vectors.json");
    for (const auto& c : v.at("valid_test_cases")) {
        std::vector<secp256k1_pubkey> pks;
        for (size_t i : indices(c.at("key_indices"))) pks.push_back(*pubkey(v.at("pubkeys")[i].get<std::string>()));
        std::vector<const secp256k1_pubkey*> ptrs;
        for (auto& p : pks) ptrs.push_back(&p);
        secp256k1_xonly_pubkey agg;
        secp256k1_musig_keyagg_cache cache;
        ASSERT_EQ(api().musig_pubkey_agg(ctx(), &agg, &cache, ptrs.data(), ptrs.size()), 1);
        unsigned char x[32];
        ASSERT_EQ(api().xonly_pubkey_serialize(ctx(), x, &agg), 1);
        EXPECT_EQ(upper(to_hex(x, 32)), upper(c.at("expected").get<std::string>()));
        // pubkey_get gives the same key with its full parity.
        secp256k1_pubkey full;
        ASSERT_EQ(api().musig_pubkey_get(ctx(), &full, &cache), 1);
        secp256k1_xonly_pubkey again;
        ASSERT_EQ(api().xonly_pubkey_from_pubkey(ctx(), &again, nullptr, &full), 1);
        EXPECT_EQ(std::memcmp(&again, &agg, sizeof agg), 0);
    }
    int errors = 0;
    for (const auto& c : v.at("error_test_cases")) {
        SCOPED_TRACE(c.at("comment").get<std::string>());
        std::string which;
        auto cache = keyagg(v.at("pubkeys"), indices(c.at("key_indices")), v.at("tweaks"), indices(c.at("tweak_indices")),
                            bools(c.at("is_xonly")), &which);
        EXPECT_FALSE(cache.has_value());
        const std::string type = c.at("error").at("type").get<std::string>();
        EXPECT_EQ(which, type == "invalid_contribution" ? "pubkey" : "tweak");
        errors++;
    }
    EXPECT_EQ(errors, 5);
}

TEST_P(MusigVectors, NonceGen) {
    const auto& v = load("nonce_gen_vectors.json");
    int run = 0, skipped = 0;
    for (const auto& c : v.at("test_cases")) {
        const bool has_msg = !c.at("msg").is_null();
        if (has_msg && c.at("msg").get<std::string>().size() != 64) {
            skipped++;  // the API's msg32 is absent or exactly 32 bytes
            continue;
        }
        Bytes rand = from_hex(c.at("rand_").get<std::string>());
        Bytes sk = c.at("sk").is_null() ? Bytes{} : from_hex(c.at("sk").get<std::string>());
        Bytes msg = has_msg ? from_hex(c.at("msg").get<std::string>()) : Bytes{};
        Bytes extra = c.at("extra_in").is_null() ? Bytes{} : from_hex(c.at("extra_in").get<std::string>());
        auto pk = pubkey(c.at("pk").get<std::string>());
        ASSERT_TRUE(pk.has_value());
        // A keyagg cache holding the given aggregate x (v0.8.0 layout; nonce_gen reads only x).
        secp256k1_musig_keyagg_cache cache{};
        if (!c.at("aggpk").is_null()) {
            static const unsigned char magic[4] = {0xf4, 0xad, 0xbb, 0xdf};
            std::memcpy(cache.data, magic, 4);
            Bytes x = from_hex(c.at("aggpk").get<std::string>());
            for (int limb = 0; limb < 4; limb++) {  // 4x64-bit little-endian limbs
                uint64_t w = 0;
                for (int b = 0; b < 8; b++) w = w << 8 | x[8 * (3 - limb) + b];
                std::memcpy(cache.data + 4 + 8 * limb, &w, 8);
            }
        }
        secp256k1_musig_secnonce sn;
        secp256k1_musig_pubnonce pn;
        ASSERT_EQ(api().musig_nonce_gen(ctx(), &sn, &pn, rand.data(), sk.empty() ? nullptr : sk.data(), &*pk,
                                        has_msg ? msg.data() : nullptr, c.at("aggpk").is_null() ? nullptr : &cache,
                                        extra.empty() ? nullptr : extra.data()),
                  1);
        EXPECT_EQ(rand, Bytes(32, 0)) << "the randomness buffer is wiped";
        Bytes want_sec = from_hex(c.at("expected_secnonce").get<std::string>());
        EXPECT_EQ(to_hex(sn.data + 4, 64), to_hex(want_sec.data(), 64));
        unsigned char out[66];
        ASSERT_EQ(api().musig_pubnonce_serialize(ctx(), out, &pn), 1);
        EXPECT_EQ(upper(to_hex(out, 66)), upper(c.at("expected_pubnonce").get<std::string>()));
        run++;
    }
    EXPECT_EQ(run, 2);
    EXPECT_EQ(skipped, 2);
}

TEST_P(MusigVectors, NonceAgg) {
    const auto& v = load("nonce_agg_vectors.json");
    for (const auto& c : v.at("valid_test_cases")) {
        std::vector<secp256k1_musig_pubnonce> ns;
        for (size_t i : indices(c.at("pnonce_indices"))) ns.push_back(*pubnonce(v.at("pnonces")[i].get<std::string>()));
        std::vector<const secp256k1_musig_pubnonce*> ptrs;
        for (auto& n : ns) ptrs.push_back(&n);
        secp256k1_musig_aggnonce an;
        ASSERT_EQ(api().musig_nonce_agg(ctx(), &an, ptrs.data(), ptrs.size()), 1);
        unsigned char out[66];
        ASSERT_EQ(api().musig_aggnonce_serialize(ctx(), out, &an), 1);
        EXPECT_EQ(upper(to_hex(out, 66)), upper(c.at("expected").get<std::string>()));
        // Parsing the serialization gives the same object back.
        secp256k1_musig_aggnonce again;
        ASSERT_EQ(api().musig_aggnonce_parse(ctx(), &again, out), 1);
        EXPECT_EQ(std::memcmp(&again, &an, sizeof an), 0);
    }
    for (const auto& c : v.at("error_test_cases")) {
        SCOPED_TRACE(c.at("comment").get<std::string>());
        const size_t bad = (size_t)c.at("error").at("signer").get<long long>();
        const auto idx = indices(c.at("pnonce_indices"));
        for (size_t s = 0; s < idx.size(); s++)
            EXPECT_EQ(pubnonce(v.at("pnonces")[idx[s]].get<std::string>()).has_value(), s != bad) << "signer " << s;
    }
}

TEST_P(MusigVectors, SignVerify) {
    const auto& v = load("sign_verify_vectors.json");
    const secp256k1_keypair kp = keypair(v.at("sk").get<std::string>());
    int run = 0, skipped = 0;
    for (const auto& c : v.at("valid_test_cases")) {
        Bytes msg = from_hex(v.at("msgs")[(size_t)c.at("msg_index").get<long long>()].get<std::string>());
        if (msg.size() != 32) {
            skipped++;  // the API signs 32-byte messages only
            continue;
        }
        auto cache = keyagg(v.at("pubkeys"), indices(c.at("key_indices")), v.at("pubkeys"), {}, {});
        ASSERT_TRUE(cache.has_value());
        // The aggregate of the listed public nonces is the given aggregate nonce.
        std::vector<secp256k1_musig_pubnonce> ns;
        for (size_t i : indices(c.at("nonce_indices"))) ns.push_back(*pubnonce(v.at("pnonces")[i].get<std::string>()));
        std::vector<const secp256k1_musig_pubnonce*> nptr;
        for (auto& n : ns) nptr.push_back(&n);
        secp256k1_musig_aggnonce an, given = *aggnonce(v.at("aggnonces")[(size_t)c.at("aggnonce_index").get<long long>()].get<std::string>());
        ASSERT_EQ(api().musig_nonce_agg(ctx(), &an, nptr.data(), nptr.size()), 1);
        EXPECT_EQ(std::memcmp(&an, &given, sizeof an), 0);
        auto sess = session(given, msg, *cache);
        ASSERT_TRUE(sess.has_value());
        secp256k1_musig_secnonce sn = secnonce(v.at("secnonces")[0].get<std::string>());
        secp256k1_musig_partial_sig ps;
        ASSERT_EQ(api().musig_partial_sign(ctx(), &ps, &sn, &kp, &*cache, &*sess), 1);
        EXPECT_EQ(upper(serialize(ps)), upper(c.at("expected").get<std::string>()));
        // And it verifies for the signer.
        const size_t signer = (size_t)c.at("signer_index").get<long long>();
        auto pk = pubkey(v.at("pubkeys")[indices(c.at("key_indices"))[signer]].get<std::string>());
        EXPECT_EQ(api().musig_partial_sig_verify(ctx(), &ps, &ns[signer], &*pk, &*cache, &*sess), 1);
        run++;
    }
    EXPECT_EQ(run, 4);
    EXPECT_EQ(skipped, 2);

    for (const auto& c : v.at("sign_error_test_cases")) {
        SCOPED_TRACE(c.at("comment").get<std::string>());
        const auto& e = c.at("error");
        if (e.at("type").get<std::string>() == "value" && e.at("message").get<std::string>().find("included") != std::string::npos)
            continue;  // optional check, not made by libsecp256k1
        std::string which;
        auto cache = keyagg(v.at("pubkeys"), indices(c.at("key_indices")), v.at("pubkeys"), {}, {}, &which);
        if (e.at("type").get<std::string>() == "invalid_contribution" && e.at("contrib").get<std::string>() == "pubkey") {
            EXPECT_FALSE(cache.has_value());
            continue;
        }
        ASSERT_TRUE(cache.has_value());
        auto an = aggnonce(v.at("aggnonces")[(size_t)c.at("aggnonce_index").get<long long>()].get<std::string>());
        if (e.at("type").get<std::string>() == "invalid_contribution") {  // aggnonce
            EXPECT_FALSE(an.has_value());
            continue;
        }
        // A secnonce of zeros (an already used one): partial_sign reports an illegal argument.
        ASSERT_TRUE(an.has_value());
        Bytes msg = from_hex(v.at("msgs")[0].get<std::string>());
        auto sess = session(*an, msg, *cache);
        secp256k1_context* c2 = api().context_create(SECP256K1_CONTEXT_NONE);
        int calls = 0;
        api().context_set_illegal_callback(c2, [](const char*, void* d) { ++*static_cast<int*>(d); }, &calls);
        secp256k1_musig_secnonce sn{};
        static const unsigned char magic[4] = {0x22, 0x0e, 0xdc, 0xf1};
        std::memcpy(sn.data, magic, 4);
        secp256k1_musig_partial_sig ps;
        EXPECT_EQ(api().musig_partial_sign(c2, &ps, &sn, &kp, &*cache, &*sess), 0);
        EXPECT_EQ(calls, 1);
        api().context_destroy(c2);
    }

    // Verify-fail cases: the signature must not verify, except the one(s) whose comment says the
    // signature exceeds the group order, which must already fail to parse (partial_sig_parse
    // rejects values >= n). Which case is which comes from the vector file's comments, and the
    // reference library is asked too: both must agree on every parse result.
    auto exceeds_order_case = [](const json::Value& c) {
        return upper(c.at("comment").get<std::string>()).find("EXCEEDS GROUP") != std::string::npos;
    };
    const auto& fail_list = v.at("verify_fail_test_cases");
    const size_t over_order = (size_t)std::count_if(fail_list.begin(), fail_list.end(), exceeds_order_case);
    ASSERT_GE(over_order, 1u) << "the vector file no longer has a signature exceeding the group order";
    size_t verified = 0, unparsable = 0;
    for (const auto& c : fail_list) {
        SCOPED_TRACE(c.at("comment").get<std::string>());
        const bool exceeds_order = exceeds_order_case(c);
        auto cache = keyagg(v.at("pubkeys"), indices(c.at("key_indices")), v.at("pubkeys"), {}, {});
        ASSERT_TRUE(cache.has_value());
        std::vector<secp256k1_musig_pubnonce> ns;
        for (size_t i : indices(c.at("nonce_indices"))) ns.push_back(*pubnonce(v.at("pnonces")[i].get<std::string>()));
        std::vector<const secp256k1_musig_pubnonce*> nptr;
        for (auto& n : ns) nptr.push_back(&n);
        secp256k1_musig_aggnonce an;
        ASSERT_EQ(api().musig_nonce_agg(ctx(), &an, nptr.data(), nptr.size()), 1);
        auto sess = session(an, from_hex(v.at("msgs")[(size_t)c.at("msg_index").get<long long>()].get<std::string>()), *cache);
        ASSERT_TRUE(sess.has_value());
        Bytes sig = from_hex(c.at("sig").get<std::string>());
        ASSERT_EQ(sig.size(), 32u);
        secp256k1_musig_partial_sig ps;
        const int parsed = api().musig_partial_sig_parse(ctx(), &ps, sig.data());
        if (have_ref()) {
            secp256k1_musig_partial_sig ref_ps;
            EXPECT_EQ(parsed, ref().musig_partial_sig_parse(ref_ctx(), &ref_ps, sig.data()))
                << "parse result differs from libsecp256k1";
        }
        EXPECT_EQ(parsed, exceeds_order ? 0 : 1) << "only a signature >= the group order fails to parse";
        if (!parsed) {
            unparsable++;
            continue;
        }
        const size_t signer = (size_t)c.at("signer_index").get<long long>();
        auto pk = pubkey(v.at("pubkeys")[indices(c.at("key_indices"))[signer]].get<std::string>());
        ASSERT_TRUE(pk.has_value());
        EXPECT_EQ(api().musig_partial_sig_verify(ctx(), &ps, &ns[signer], &*pk, &*cache, &*sess), 0);
        verified++;
    }
    // Counts from the file: every case was checked, the over-order ones at the parser, the
    // others by a failing verification.
    EXPECT_EQ(unparsable, over_order);
    EXPECT_EQ(verified, fail_list.size() - over_order);
    EXPECT_EQ(verified + unparsable, fail_list.size());
    for (const auto& c : v.at("verify_error_test_cases")) {
        SCOPED_TRACE(c.at("comment").get<std::string>());
        const auto& e = c.at("error");
        const size_t signer = (size_t)e.at("signer").get<long long>();
        if (e.at("contrib").get<std::string>() == "pubnonce")
            EXPECT_FALSE(pubnonce(v.at("pnonces")[indices(c.at("nonce_indices"))[signer]].get<std::string>()).has_value());
        else
            EXPECT_FALSE(pubkey(v.at("pubkeys")[indices(c.at("key_indices"))[signer]].get<std::string>()).has_value());
    }
}

TEST_P(MusigVectors, Tweak) {
    const auto& v = load("tweak_vectors.json");
    const secp256k1_keypair kp = keypair(v.at("sk").get<std::string>());
    const Bytes msg = from_hex(v.at("msg").get<std::string>());
    auto an = aggnonce(v.at("aggnonce").get<std::string>());
    ASSERT_TRUE(an.has_value());
    int run = 0;
    for (const auto& c : v.at("valid_test_cases")) {
        SCOPED_TRACE(c.at("comment").get<std::string>());
        auto cache = keyagg(v.at("pubkeys"), indices(c.at("key_indices")), v.at("tweaks"), indices(c.at("tweak_indices")),
                            bools(c.at("is_xonly")));
        ASSERT_TRUE(cache.has_value());
        auto sess = session(*an, msg, *cache);
        ASSERT_TRUE(sess.has_value());
        secp256k1_musig_secnonce sn = secnonce(v.at("secnonce").get<std::string>());
        secp256k1_musig_partial_sig ps;
        ASSERT_EQ(api().musig_partial_sign(ctx(), &ps, &sn, &kp, &*cache, &*sess), 1);
        EXPECT_EQ(upper(serialize(ps)), upper(c.at("expected").get<std::string>()));
        const size_t signer = (size_t)c.at("signer_index").get<long long>();
        auto pn = pubnonce(v.at("pnonces")[indices(c.at("nonce_indices"))[signer]].get<std::string>());
        auto pk = pubkey(v.at("pubkeys")[indices(c.at("key_indices"))[signer]].get<std::string>());
        EXPECT_EQ(api().musig_partial_sig_verify(ctx(), &ps, &*pn, &*pk, &*cache, &*sess), 1);
        run++;
    }
    EXPECT_EQ(run, 5);
    for (const auto& c : v.at("error_test_cases")) {
        std::string which;
        auto cache = keyagg(v.at("pubkeys"), indices(c.at("key_indices")), v.at("tweaks"), indices(c.at("tweak_indices")),
                            bools(c.at("is_xonly")), &which);
        EXPECT_FALSE(cache.has_value());
        EXPECT_EQ(which, "tweak");
    }
}

TEST_P(MusigVectors, SigAgg) {
    const auto& v = load("sig_agg_vectors.json");
    const Bytes msg = from_hex(v.at("msg").get<std::string>());
    int run = 0;
    for (const auto& c : v.at("valid_test_cases")) {
        auto cache = keyagg(v.at("pubkeys"), indices(c.at("key_indices")), v.at("tweaks"), indices(c.at("tweak_indices")),
                            bools(c.at("is_xonly")));
        ASSERT_TRUE(cache.has_value());
        std::vector<secp256k1_musig_pubnonce> ns;
        for (size_t i : indices(c.at("nonce_indices"))) ns.push_back(*pubnonce(v.at("pnonces")[i].get<std::string>()));
        std::vector<const secp256k1_musig_pubnonce*> nptr;
        for (auto& n : ns) nptr.push_back(&n);
        secp256k1_musig_aggnonce an;
        ASSERT_EQ(api().musig_nonce_agg(ctx(), &an, nptr.data(), nptr.size()), 1);
        unsigned char an66[66];
        ASSERT_EQ(api().musig_aggnonce_serialize(ctx(), an66, &an), 1);
        EXPECT_EQ(upper(to_hex(an66, 66)), upper(c.at("aggnonce").get<std::string>()));
        auto sess = session(an, msg, *cache);
        ASSERT_TRUE(sess.has_value());
        std::vector<secp256k1_musig_partial_sig> ps;
        for (size_t i : indices(c.at("psig_indices"))) {
            Bytes b = from_hex(v.at("psigs")[i].get<std::string>());
            secp256k1_musig_partial_sig p;
            ASSERT_EQ(api().musig_partial_sig_parse(ctx(), &p, b.data()), 1);
            ps.push_back(p);
        }
        std::vector<const secp256k1_musig_partial_sig*> pptr;
        for (auto& p : ps) pptr.push_back(&p);
        unsigned char sig[64];
        ASSERT_EQ(api().musig_partial_sig_agg(ctx(), sig, &*sess, pptr.data(), pptr.size()), 1);
        EXPECT_EQ(upper(to_hex(sig, 64)), upper(c.at("expected").get<std::string>()));
        // The result is a valid BIP-340 signature for the (tweaked) aggregate key.
        secp256k1_pubkey agg;
        ASSERT_EQ(api().musig_pubkey_get(ctx(), &agg, &*cache), 1);
        secp256k1_xonly_pubkey xagg;
        ASSERT_EQ(api().xonly_pubkey_from_pubkey(ctx(), &xagg, nullptr, &agg), 1);
        EXPECT_EQ(api().schnorrsig_verify(ctx(), sig, msg.data(), 32, &xagg), 1);
        run++;
    }
    EXPECT_EQ(run, 4);
    for (const auto& c : v.at("error_test_cases")) {
        const size_t bad = (size_t)c.at("error").at("signer").get<long long>();
        const auto idx = indices(c.at("psig_indices"));
        Bytes b = from_hex(v.at("psigs")[idx[bad]].get<std::string>());
        secp256k1_musig_partial_sig p;
        EXPECT_EQ(api().musig_partial_sig_parse(ctx(), &p, b.data()), 0);
    }
}

// det_sign_vectors.json: BIP-327's DeterministicSign is not an API call, but it is nonce
// derivation plus ordinary signing. The test derives k1, k2 itself (tagged hashes through the
// API's secp256k1_tagged_sha256), places them in a secnonce object, and lets the library do
// the rest: R1, R2 (checked against the expected public nonce, for every case), nonce
// aggregation with aggothernonce, session, partial signature (for 32-byte messages).
TEST_P(MusigVectors, DetSign) {
    const auto& v = load("det_sign_vectors.json");
    const Bytes sk = from_hex(v.at("sk").get<std::string>());
    const secp256k1_keypair kp = keypair(v.at("sk").get<std::string>());
    auto tagged = [&](const char* tag, const Bytes& data) {
        Bytes out(32);
        EXPECT_EQ(api().tagged_sha256(ctx(), out.data(), reinterpret_cast<const unsigned char*>(tag), std::strlen(tag),
                                      data.data(), data.size()),
                  1);
        return out;
    };
    int nonces = 0, sigs = 0, skipped = 0;
    for (const auto& c : v.at("valid_test_cases")) {
        SCOPED_TRACE(c.contains("comment") ? c.at("comment").get<std::string>() : std::string("valid case"));
        auto cache = keyagg(v.at("pubkeys"), indices(c.at("key_indices")), c.at("tweaks"),
                            [&] { std::vector<size_t> r; for (size_t i = 0; i < c.at("tweaks").size(); i++) r.push_back(i); return r; }(),
                            bools(c.at("is_xonly")));
        ASSERT_TRUE(cache.has_value());
        secp256k1_pubkey aggfull;
        ASSERT_EQ(api().musig_pubkey_get(ctx(), &aggfull, &*cache), 1);
        secp256k1_xonly_pubkey aggx;
        ASSERT_EQ(api().xonly_pubkey_from_pubkey(ctx(), &aggx, nullptr, &aggfull), 1);
        unsigned char aggpk[32];
        ASSERT_EQ(api().xonly_pubkey_serialize(ctx(), aggpk, &aggx), 1);
        const Bytes msg = from_hex(v.at("msgs")[(size_t)c.at("msg_index").get<long long>()].get<std::string>());
        const Bytes other = from_hex(c.at("aggothernonce").get<std::string>());
        Bytes skp = sk;
        if (!c.at("rand").is_null()) {
            Bytes h = tagged("MuSig/aux", from_hex(c.at("rand").get<std::string>()));
            for (int b = 0; b < 32; b++) skp[b] ^= h[b];
        }
        Bytes k[2];
        for (unsigned char i = 0; i < 2; i++) {
            Bytes data = skp;
            data.insert(data.end(), other.begin(), other.end());
            data.insert(data.end(), aggpk, aggpk + 32);
            for (int b = 7; b >= 0; b--) data.push_back((unsigned char)((uint64_t)msg.size() >> (8 * b)));
            data.insert(data.end(), msg.begin(), msg.end());
            data.push_back(i);
            k[i] = tagged("MuSig/deterministic/nonce", data);
            ASSERT_EQ(api().ec_seckey_verify(ctx(), k[i].data()), 1);  // (>= n has probability ~2^-128)
        }
        // Our public nonce k1·G || k2·G.
        Bytes pub66;
        for (int i = 0; i < 2; i++) {
            secp256k1_pubkey r;
            ASSERT_EQ(api().ec_pubkey_create(ctx(), &r, k[i].data()), 1);
            unsigned char ser[33];
            size_t len = 33;
            ASSERT_EQ(api().ec_pubkey_serialize(ctx(), ser, &len, &r, SECP256K1_EC_COMPRESSED), 1);
            pub66.insert(pub66.end(), ser, ser + 33);
        }
        EXPECT_EQ(upper(to_hex(pub66)), upper(c.at("expected")[0].get<std::string>()));
        nonces++;
        if (msg.size() != 32) {
            skipped++;  // signing needs a 32-byte message in the API
            continue;
        }
        auto ours = pubnonce(to_hex(pub66));
        auto theirs = pubnonce(c.at("aggothernonce").get<std::string>());
        ASSERT_TRUE(ours.has_value() && theirs.has_value());
        const secp256k1_musig_pubnonce* np[2] = {&*ours, &*theirs};
        secp256k1_musig_aggnonce an;
        ASSERT_EQ(api().musig_nonce_agg(ctx(), &an, np, 2), 1);
        auto sess = session(an, msg, *cache);
        ASSERT_TRUE(sess.has_value());
        unsigned char pk33[33];
        secp256k1_pubkey mine;
        size_t len = 33;
        ASSERT_EQ(api().keypair_pub(ctx(), &mine, &kp), 1);
        ASSERT_EQ(api().ec_pubkey_serialize(ctx(), pk33, &len, &mine, SECP256K1_EC_COMPRESSED), 1);
        secp256k1_musig_secnonce sn = secnonce(to_hex(k[0]) + to_hex(k[1]) + to_hex(pk33, 33));
        secp256k1_musig_partial_sig ps;
        ASSERT_EQ(api().musig_partial_sign(ctx(), &ps, &sn, &kp, &*cache, &*sess), 1);
        EXPECT_EQ(upper(serialize(ps)), upper(c.at("expected")[1].get<std::string>()));
        sigs++;
    }
    EXPECT_EQ(nonces, 4);
    EXPECT_EQ(sigs, 3);
    EXPECT_EQ(skipped, 1);
    int errors = 0;
    for (const auto& c : v.at("error_test_cases")) {
        SCOPED_TRACE(c.at("comment").get<std::string>());
        const auto& e = c.at("error");
        const std::string type = e.at("type").get<std::string>();
        if (type == "value" && e.at("message").get<std::string>().find("included") != std::string::npos) continue;  // optional
        if (type == "invalid_contribution" && e.at("contrib").get<std::string>() == "pubkey") {
            const size_t bad = (size_t)e.at("signer").get<long long>();
            EXPECT_FALSE(pubkey(v.at("pubkeys")[indices(c.at("key_indices"))[bad]].get<std::string>()).has_value());
        } else if (type == "invalid_contribution") {  // aggothernonce: parsed like a public nonce
            EXPECT_FALSE(pubnonce(c.at("aggothernonce").get<std::string>()).has_value());
        } else {  // a tweak out of range
            std::string which;
            std::vector<size_t> all;
            for (size_t i = 0; i < c.at("tweaks").size(); i++) all.push_back(i);
            EXPECT_FALSE(keyagg(v.at("pubkeys"), indices(c.at("key_indices")), c.at("tweaks"), all, bools(c.at("is_xonly")), &which)
                             .has_value());
            EXPECT_EQ(which, "tweak");
        }
        errors++;
    }
    EXPECT_EQ(errors, 4);
}

FASTSECP_INSTANTIATE_BOTH(MusigVectors);

}  // namespace
}  // namespace fastsecp::test
