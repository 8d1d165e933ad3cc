// BIP-445 (FROST, v0.8.0) vectors, every case of every file in tests/vectors/data/bip-0445/, run
// through the byte-string forms of src/schemes/frost.h: valid cases give the expected bytes,
// error cases the documented error (the reference code's message or InvalidContributionError
// with its contribution kind and blamed position), verify_fail cases a clean "invalid". The
// libsecp256k1-style API runs of the same files are in tests/api/test_frost_api.cpp.
#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "../common/json.h"
#include "../common/test_hex.h"
#include "schemes/frost.h"

namespace fastsecp::test {
namespace {

using frost::Error;

const json::Value& load(const std::string& name) {
    static std::map<std::string, json::Value> cache;
    auto it = cache.find(name);
    if (it == cache.end())
        it = cache.emplace(name, json::parse_file(std::string(FASTSECP_VECTORS_DIR) + "/bip-0445/" + name)).first;
    return it->second;
}

// The reference code's error text for each Error (as the vectors give it), index filled in.
std::string message_of(Error e, size_t index) {
    switch (e) {
        case Error::SignerCount: return "The number of signers must be between t and n.";
        case Error::IdRange: return "The participant identifier at index " + std::to_string(index) + " is out of range.";
        case Error::PubshareInvalid: return "Invalid pubshare at index " + std::to_string(index) + ".";
        case Error::DuplicateIds: return "The participant identifier list contains duplicate elements.";
        case Error::ThreshPkInfinity: return "The threshold pubkey must not be the point at infinity.";
        case Error::KeyMaterial: return "The provided key material is incorrect.";
        case Error::TweakLength: return "The tweak must be a 32-byte array.";
        case Error::TweakCount: return "The tweaks and is_xonly arrays must have the same length.";
        case Error::TweakRange: return "The tweak value is out of range.";
        case Error::TweakInfinity: return "The result of tweaking cannot be infinity.";
        case Error::Secnonce1Range: return "first secnonce value is out of range.";
        case Error::Secnonce2Range: return "second secnonce value is out of range.";
        case Error::SecshareRange: return "The signer's secret share value is out of range.";
        case Error::PubshareMissing: return "The signer's pubshare must be included in the list of pubshares.";
        case Error::IdMissing: return "The signer's id must be present in the participant identifier list.";
        case Error::PsigCount: return "The psigs and ids arrays must have the same length.";
        default: return "(no message: error " + std::to_string((int)e) + ")";
    }
}

// Checks a Status against a vector's "error" object.
void expect_error(const frost::Status& st, const json::Value& err, const std::string& where) {
    ASSERT_FALSE(st.ok()) << where << ": succeeded, expected " << err.dump();
    const std::string type = err.at("type").get<std::string>();
    if (type == "ValueError") {
        EXPECT_EQ(message_of(st.err, st.index), err.at("message").get<std::string>()) << where;
        return;
    }
    ASSERT_EQ(type, "InvalidContributionError") << where;
    const std::string contrib = err.at("contrib").get<std::string>();
    const Error want = contrib == "pubnonce"        ? Error::InvalidPubnonce
                       : contrib == "aggnonce"      ? Error::InvalidAggnonce
                       : contrib == "aggothernonce" ? Error::InvalidAggothernonce
                       : contrib == "psig"          ? Error::InvalidPsig
                                                    : Error::Ok;
    ASSERT_NE(want, Error::Ok) << where << ": unknown contribution " << contrib;
    EXPECT_EQ((int)st.err, (int)want) << where << ": got " << message_of(st.err, st.index);
    if (err.at("signer_index").is_null()) EXPECT_EQ(st.index, frost::NO_INDEX) << where;
    else EXPECT_EQ(st.index, err.at("signer_index").get<size_t>()) << where;
}

// One test group's shared inputs, and a case's view of them.
struct Group {
    const json::Value& g;
    explicit Group(const json::Value& v) : g(v) {}
    Bytes at(const char* field, size_t i) const { return from_hex(g.at(field).at(i).get<std::string>()); }
};

struct Case {
    std::vector<uint32_t> ids;
    std::vector<Bytes> pubshares;
    std::vector<const unsigned char*> pubshare_ptrs;
    Bytes thresh_pk;
    std::vector<Bytes> tweaks;
    std::vector<const unsigned char*> tweak_ptrs;
    std::vector<size_t> tweak_lens;
    std::unique_ptr<bool[]> xonly;
    Bytes msg;
    frost::SignersBytes sc;
    frost::TweaksBytes tw;

    Case(const Group& grp, const json::Value& tc) {
        for (const auto& x : tc.at("ids")) ids.push_back(x.get<uint32_t>());
        for (const auto& x : tc.at("pubshare_indices")) pubshares.push_back(grp.at("pubshares", x.get<size_t>()));
        for (const auto& p : pubshares) {
            if (p.size() != 33) throw std::runtime_error("pubshare not 33 bytes");
            pubshare_ptrs.push_back(p.data());
        }
        thresh_pk = from_hex(grp.g.at("thresh_pk").get<std::string>());
        if (tc.contains("tweak_indices"))
            for (const auto& x : tc.at("tweak_indices")) tweaks.push_back(grp.at("tweaks", x.get<size_t>()));
        if (tc.contains("tweaks"))
            for (const auto& x : tc.at("tweaks")) tweaks.push_back(from_hex(x.get<std::string>()));
        for (const auto& t : tweaks) {
            tweak_ptrs.push_back(nonnull_data(t));
            tweak_lens.push_back(t.size());
        }
        size_t nx = tc.contains("is_xonly") ? tc.at("is_xonly").size() : 0;
        xonly.reset(new bool[nx + 1]);
        for (size_t i = 0; i < nx; i++) xonly[i] = tc.at("is_xonly").at(i).get<bool>();
        msg = from_hex(tc.at("msg").get<std::string>());
        sc.n = grp.g.at("n").get<uint32_t>();
        sc.t = grp.g.at("t").get<uint32_t>();
        sc.u = ids.size();
        sc.ids = ids.data();
        sc.pubshares = pubshare_ptrs.data();
        sc.thresh_pk = thresh_pk.data();
        tw.v = tweaks.size();
        tw.tweaks = tweak_ptrs.data();
        tw.lens = tweak_lens.data();
        tw.v_xonly = nx;
        tw.is_xonly = xonly.get();
    }
};

std::string where(const char* file, const json::Value& g, const json::Value& tc) {
    return std::string(file) + " " + g.at("tg_id").get<std::string>() + " tc " + std::to_string(tc.at("tc_id").get<int>()) +
           " (" + tc.at("comment").get<std::string>() + ")";
}

TEST(FrostBip445Vectors, NonceGen) {
    const auto& v = load("nonce_gen_vectors.json");
    int n = 0;
    for (const auto& tc : v.at("valid_tests")) {
        auto opt = [&](const char* f) -> std::optional<Bytes> {
            if (tc.at(f).is_null()) return std::nullopt;
            return from_hex(tc.at(f).get<std::string>());
        };
        Bytes rand = from_hex(tc.at("rand").get<std::string>());
        auto sk = opt("secshare"), pk = opt("pubshare"), tpk = opt("thresh_pk_xonly"), msg = opt("msg"),
             extra = opt("extra_in");
        unsigned char sec[64], pub[66];
        frost::nonce_gen_bytes(nullptr, sec, pub, rand.data(), sk ? sk->data() : nullptr, pk ? pk->data() : nullptr,
                               tpk ? tpk->data() : nullptr, msg ? nonnull_data(*msg) : nullptr, msg ? msg->size() : 0,
                               extra ? nonnull_data(*extra) : nullptr, extra ? extra->size() : 0);
        EXPECT_EQ(to_hex(Bytes(sec, sec + 64)), to_hex(from_hex(tc.at("expected").at(0).get<std::string>())))
            << tc.at("comment");
        EXPECT_EQ(to_hex(Bytes(pub, pub + 66)), to_hex(from_hex(tc.at("expected").at(1).get<std::string>())))
            << tc.at("comment");
        n++;
    }
    EXPECT_EQ(n, 5);
}

TEST(FrostBip445Vectors, NonceAgg) {
    const auto& v = load("nonce_agg_vectors.json");
    int n = 0;
    auto run = [&](const json::Value& tc, unsigned char out[66]) {
        std::vector<Bytes> pn;
        for (const auto& x : tc.at("pubnonce_indices")) pn.push_back(from_hex(v.at("pubnonces").at(x.get<size_t>()).get<std::string>()));
        std::vector<const unsigned char*> ptrs;
        for (const auto& p : pn) ptrs.push_back(p.data());
        return frost::nonce_agg_bytes(out, ptrs.data(), ptrs.size());
    };
    for (const auto& tc : v.at("valid_tests")) {
        unsigned char out[66];
        ASSERT_TRUE(run(tc, out).ok());
        EXPECT_EQ(to_hex(Bytes(out, out + 66)), to_hex(from_hex(tc.at("expected").get<std::string>())));
        n++;
    }
    for (const auto& tc : v.at("error_tests")) {
        unsigned char out[66];
        expect_error(run(tc, out), tc.at("error"), tc.at("comment").get<std::string>());
        n++;
    }
    EXPECT_EQ(n, 5);
}

frost::Status sign_case(const Group& grp, const json::Value& tc, unsigned char psig[32]) {
    Case c(grp, tc);
    Bytes secnonce = grp.at("secnonces", tc.at("secnonce_index").get<size_t>());
    Bytes secshare = grp.at("secshares", tc.at("secshare_index").get<size_t>());
    Bytes aggnonce = from_hex(tc.at("aggnonce").get<std::string>());
    return frost::sign_bytes(nullptr, psig, secnonce.data(), secshare.data(), tc.at("my_id").get<uint32_t>(), c.sc,
                             aggnonce.data(), c.tw, nonnull_data(c.msg), c.msg.size());
}

TEST(FrostBip445Vectors, SignVerify) {
    const auto& v = load("sign_verify_vectors.json");
    int valid = 0, sign_err = 0, vfail = 0, verr = 0;
    for (const auto& g : v.at("test_groups")) {
        Group grp(g);
        auto verify = [&](const json::Value& tc, const Bytes& psig, bool* ok) {
            Case c(grp, tc);
            std::vector<Bytes> pn;
            for (const auto& x : tc.at("pubnonce_indices")) pn.push_back(grp.at("pubnonces", x.get<size_t>()));
            std::vector<const unsigned char*> ptrs;
            for (const auto& p : pn) ptrs.push_back(p.data());
            size_t i = tc.contains("signer_index") ? tc.at("signer_index").get<size_t>() : 0;
            return frost::partial_sig_verify_bytes(nullptr, ok, psig.data(), ptrs.data(), c.sc, c.tw,
                                                   nonnull_data(c.msg), c.msg.size(), i);
        };
        for (const auto& tc : g.at("valid_tests")) {
            unsigned char psig[32];
            auto st = sign_case(grp, tc, psig);
            ASSERT_TRUE(st.ok()) << where("sign_verify", g, tc) << ": " << message_of(st.err, st.index);
            Bytes want = from_hex(tc.at("expected").get<std::string>());
            EXPECT_EQ(to_hex(Bytes(psig, psig + 32)), to_hex(want)) << where("sign_verify", g, tc);
            // And the expected signature verifies for the signer (position of my_id in ids).
            Case c(grp, tc);
            json::Value tv = tc;
            tv["signer_index"] = frost::find_id(c.ids.size(), c.ids.data(), tc.at("my_id").get<uint32_t>());
            bool ok = false;
            ASSERT_TRUE(verify(tv, want, &ok).ok()) << where("sign_verify", g, tc);
            EXPECT_TRUE(ok) << where("sign_verify", g, tc);
            valid++;
        }
        for (const auto& tc : g.at("sign_error_tests")) {
            unsigned char psig[32];
            expect_error(sign_case(grp, tc, psig), tc.at("error"), where("sign_verify", g, tc));
            sign_err++;
        }
        for (const auto& tc : g.at("verify_fail_tests")) {
            bool ok = true;
            auto st = verify(tc, from_hex(tc.at("psig").get<std::string>()), &ok);
            ASSERT_TRUE(st.ok()) << where("sign_verify", g, tc) << ": " << message_of(st.err, st.index);
            EXPECT_FALSE(ok) << where("sign_verify", g, tc);
            vfail++;
        }
        for (const auto& tc : g.at("verify_error_tests")) {
            bool ok = true;
            expect_error(verify(tc, from_hex(tc.at("psig").get<std::string>()), &ok), tc.at("error"),
                         where("sign_verify", g, tc));
            verr++;
        }
    }
    EXPECT_EQ(valid, 25);
    EXPECT_EQ(sign_err, 52);
    EXPECT_EQ(vfail, 12);
    EXPECT_EQ(verr, 8);
}

TEST(FrostBip445Vectors, Tweak) {
    const auto& v = load("tweak_vectors.json");
    int valid = 0, err = 0;
    for (const auto& g : v.at("test_groups")) {
        Group grp(g);
        for (const auto& tc : g.at("valid_tests")) {
            unsigned char psig[32];
            auto st = sign_case(grp, tc, psig);
            ASSERT_TRUE(st.ok()) << where("tweak", g, tc) << ": " << message_of(st.err, st.index);
            EXPECT_EQ(to_hex(Bytes(psig, psig + 32)), to_hex(from_hex(tc.at("expected").get<std::string>())))
                << where("tweak", g, tc);
            valid++;
        }
        for (const auto& tc : g.at("error_tests")) {
            unsigned char psig[32];
            expect_error(sign_case(grp, tc, psig), tc.at("error"), where("tweak", g, tc));
            err++;
        }
    }
    EXPECT_EQ(valid, 28);
    EXPECT_EQ(err, 16);
}

TEST(FrostBip445Vectors, DeterministicSign) {
    const auto& v = load("det_sign_vectors.json");
    int valid = 0, err = 0;
    for (const auto& g : v.at("test_groups")) {
        Group grp(g);
        auto run = [&](const json::Value& tc, unsigned char pubnonce[66], unsigned char psig[32]) {
            Case c(grp, tc);
            Bytes secshare = grp.at("secshares", tc.at("secshare_index").get<size_t>());
            std::optional<Bytes> other, aux;
            if (!tc.at("aggothernonce").is_null()) other = from_hex(tc.at("aggothernonce").get<std::string>());
            if (!tc.at("aux_rand").is_null()) aux = from_hex(tc.at("aux_rand").get<std::string>());
            return frost::det_sign_bytes(nullptr, pubnonce, psig, secshare.data(), tc.at("my_id").get<uint32_t>(),
                                         other ? other->data() : nullptr, c.sc, c.tw, nonnull_data(c.msg),
                                         c.msg.size(), aux ? aux->data() : nullptr);
        };
        for (const auto& tc : g.at("valid_tests")) {
            unsigned char pubnonce[66], psig[32];
            auto st = run(tc, pubnonce, psig);
            ASSERT_TRUE(st.ok()) << where("det_sign", g, tc) << ": " << message_of(st.err, st.index);
            EXPECT_EQ(to_hex(Bytes(pubnonce, pubnonce + 66)), to_hex(from_hex(tc.at("expected").at(0).get<std::string>())))
                << where("det_sign", g, tc);
            EXPECT_EQ(to_hex(Bytes(psig, psig + 32)), to_hex(from_hex(tc.at("expected").at(1).get<std::string>())))
                << where("det_sign", g, tc);
            valid++;
        }
        for (const auto& tc : g.at("error_tests")) {
            unsigned char pubnonce[66], psig[32];
            expect_error(run(tc, pubnonce, psig), tc.at("error"), where("det_sign", g, tc));
            err++;
        }
    }
    EXPECT_EQ(valid, 33);
    EXPECT_EQ(err, 48);
}

TEST(FrostBip445Vectors, SigAgg) {
    const auto& v = load("sig_agg_vectors.json");
    int valid = 0, err = 0;
    for (const auto& g : v.at("test_groups")) {
        Group grp(g);
        auto run = [&](const json::Value& tc, unsigned char sig[64]) {
            Case c(grp, tc);
            std::vector<Bytes> ps;
            for (const auto& x : tc.at("psigs")) ps.push_back(from_hex(x.get<std::string>()));
            std::vector<const unsigned char*> ptrs;
            for (const auto& p : ps) ptrs.push_back(p.data());
            Bytes aggnonce = from_hex(tc.at("aggnonce").get<std::string>());
            return frost::partial_sig_agg_bytes(nullptr, sig, ptrs.data(), ptrs.size(), c.sc, aggnonce.data(), c.tw,
                                                nonnull_data(c.msg), c.msg.size());
        };
        for (const auto& tc : g.at("valid_tests")) {
            unsigned char sig[64];
            auto st = run(tc, sig);
            ASSERT_TRUE(st.ok()) << where("sig_agg", g, tc) << ": " << message_of(st.err, st.index);
            EXPECT_EQ(to_hex(Bytes(sig, sig + 64)), to_hex(from_hex(tc.at("expected").get<std::string>())))
                << where("sig_agg", g, tc);
            valid++;
        }
        for (const auto& tc : g.at("error_tests")) {
            unsigned char sig[64];
            expect_error(run(tc, sig), tc.at("error"), where("sig_agg", g, tc));
            err++;
        }
    }
    EXPECT_EQ(valid, 14);
    EXPECT_EQ(err, 8);
}

}  // namespace
}  // namespace fastsecp::test
