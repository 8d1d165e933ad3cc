// BIP-327 vectors through the internal MuSig2 functions (src/schemes/musig_*), for the cases the
// libsecp256k1 API cannot express: messages that are not 32 bytes long (nonce generation with an
// empty or a 38-byte message, signing and verifying such messages, deterministic signing of the
// 38-byte one). The 32-byte cases are run here too, as a check that this path agrees with the
// vectors as well; the API runs of every file are in tests/vectors/musig_vectors.cpp.
#include <gtest/gtest.h>

#include <array>
#include <cctype>
#include <cstring>
#include <string>
#include <vector>

#include "../common/json.h"
#include "../common/test_hex.h"
#include "ecmult/ecmult.h"
#include "hash/sha256.h"
#include "schemes/eckey.h"
#include "schemes/musig_keyagg.h"
#include "schemes/musig_nonce.h"
#include "schemes/musig_session.h"

using namespace fastsecp;
using fastsecp::test::Bytes;
using fastsecp::test::from_hex;
using fastsecp::test::to_hex;
namespace musig = fastsecp::musig;

namespace {

json::Value load(const char* name) {
    return json::parse_file(std::string(FASTSECP_VECTORS_DIR) + "/bip-0327/" + name);
}

std::string upper(std::string s) {
    for (auto& c : s) c = (char)std::toupper((unsigned char)c);
    return s;
}

std::vector<size_t> indices(const json::Value& v) {
    std::vector<size_t> r;
    for (const auto& x : v) r.push_back((size_t)x.get<long long>());
    return r;
}

Ge point(const std::string& hex) {
    Bytes b = from_hex(hex);
    Ge p;
    EXPECT_TRUE(b.size() == 33 && pubkey_parse(p, b.data(), 33)) << hex;
    fe_normalize_var(p.x);
    fe_normalize_var(p.y);
    return p;
}

Scalar scalar(const unsigned char* b32) {
    Scalar s;
    int overflow = 0;
    scalar_set_b32(s, b32, &overflow);
    EXPECT_EQ(overflow, 0);
    return s;
}

std::string ser33(const Ge& p) {
    unsigned char out[33];
    pubkey_serialize33(out, p);
    return upper(to_hex(out, 33));
}

Ge mul_g(const Scalar& k) {
    Gej j;
    ecmult_gen_var(j, k);
    Ge p;
    ge_set_gej_var(p, j);
    return p;
}

void at(const void* list, size_t i, Ge& out) { out = (*static_cast<const std::vector<Ge>*>(list))[i]; }

// KeyAgg over the listed keys (the second key found by point equality with the first), then the
// tweaks; false when a tweak fails.
bool keyagg(musig::KeyAggCache& c, const std::vector<Ge>& pks, const std::vector<Bytes>& tweaks = {},
            const std::vector<bool>& xonly = {}) {
    Ge second;
    ge_set_infinity(second);
    for (size_t i = 1; i < pks.size(); i++)
        if (!fe_equal_normalized(pks[i].x, pks[0].x) || !fe_equal_normalized(pks[i].y, pks[0].y)) {
            second = pks[i];
            break;
        }
    unsigned char pks_hash[32];
    musig::keyagg_list_hash(nullptr, pks_hash, &pks, pks.size(), at);
    musig::keyagg_aggregate(nullptr, c, &pks, pks.size(), at, second, pks_hash);
    for (size_t t = 0; t < tweaks.size(); t++)
        if (!musig::keyagg_tweak(c, tweaks[t].data(), xonly[t])) return false;
    return true;
}

std::vector<Ge> points(const json::Value& all, const std::vector<size_t>& idx) {
    std::vector<Ge> r;
    for (size_t i : idx) r.push_back(point(all[i].get<std::string>()));
    return r;
}

// A 66-byte public/aggregate nonce (halves may be 33 zero bytes: infinity).
std::array<Ge, 2> nonce_pair(const std::string& hex) {
    Bytes b = from_hex(hex);
    std::array<Ge, 2> r;
    EXPECT_EQ(b.size(), 66u);
    EXPECT_TRUE(musig::ge_parse_pair(r.data(), b.data(), true)) << hex;
    return r;
}

std::string sig_hex(const Scalar& s) {
    unsigned char out[32];
    scalar_get_b32(out, s);
    return upper(to_hex(out, 32));
}

TEST(MusigInternal, NonceGenAllVectors) {
    const auto v = load("nonce_gen_vectors.json");
    int run = 0, odd_msgs = 0;
    for (const auto& c : v.at("test_cases")) {
        Bytes rand = from_hex(c.at("rand_").get<std::string>());
        Bytes sk = c.at("sk").is_null() ? Bytes{} : from_hex(c.at("sk").get<std::string>());
        Bytes pk = from_hex(c.at("pk").get<std::string>());
        Bytes aggpk = c.at("aggpk").is_null() ? Bytes{} : from_hex(c.at("aggpk").get<std::string>());
        const bool has_msg = !c.at("msg").is_null();
        Bytes msg = has_msg ? from_hex(c.at("msg").get<std::string>()) : Bytes{};
        Bytes extra = c.at("extra_in").is_null() ? Bytes{} : from_hex(c.at("extra_in").get<std::string>());
        if (has_msg && msg.size() != 32) odd_msgs++;
        static const unsigned char empty = 0;  // a present message of length 0 still needs a pointer
        Scalar k[2];
        musig::nonce_derive(nullptr, k, rand.data(), has_msg ? (msg.empty() ? &empty : msg.data()) : nullptr,
                            msg.size(), sk.empty() ? nullptr : sk.data(), pk.data(),
                            aggpk.empty() ? nullptr : aggpk.data(), extra.empty() ? nullptr : extra.data());
        unsigned char kb[64];
        scalar_get_b32(kb, k[0]);
        scalar_get_b32(kb + 32, k[1]);
        const std::string want_sec = upper(c.at("expected_secnonce").get<std::string>());
        EXPECT_EQ(upper(to_hex(kb, 64)), want_sec.substr(0, 128));
        EXPECT_EQ(upper(to_hex(pk)), want_sec.substr(128));  // the secnonce ends with the signer's key
        EXPECT_EQ(ser33(mul_g(k[0])) + ser33(mul_g(k[1])), upper(c.at("expected_pubnonce").get<std::string>()));
        run++;
    }
    EXPECT_EQ(run, 4);
    EXPECT_EQ(odd_msgs, 2);  // the empty and the 38-byte message: not expressible through the API
}

// Signs with the vectors' secret nonce and checks the partial signature, then verifies it.
TEST(MusigInternal, SignVerifyAllVectors) {
    const auto v = load("sign_verify_vectors.json");
    Bytes skb = from_hex(v.at("sk").get<std::string>());
    const Scalar sk = scalar(skb.data());
    const Bytes sn = from_hex(v.at("secnonces")[0].get<std::string>());
    const Scalar k[2] = {scalar(sn.data()), scalar(sn.data() + 32)};
    const Ge signer = point(to_hex(sn.data() + 64, 33));
    int run = 0, odd_msgs = 0;
    for (const auto& c : v.at("valid_test_cases")) {
        const Bytes msg = from_hex(v.at("msgs")[(size_t)c.at("msg_index").get<long long>()].get<std::string>());
        if (msg.size() != 32) odd_msgs++;
        musig::KeyAggCache cache;
        ASSERT_TRUE(keyagg(cache, points(v.at("pubkeys"), indices(c.at("key_indices")))));
        auto an = nonce_pair(v.at("aggnonces")[(size_t)c.at("aggnonce_index").get<long long>()].get<std::string>());
        // The listed public nonces add up to the given aggregate nonce.
        musig::NonceSum sum;
        musig::nonce_sum_init(sum);
        std::vector<std::array<Ge, 2>> pn;
        for (size_t i : indices(c.at("nonce_indices"))) {
            pn.push_back(nonce_pair(v.at("pnonces")[i].get<std::string>()));
            musig::nonce_sum_add(sum, pn.back().data());
        }
        Ge agg[2];
        musig::nonce_sum_finish(agg, sum);
        for (int j = 0; j < 2; j++) {
            unsigned char a[33], b[33];
            musig::ge_serialize_ext(a, agg[j]);
            musig::ge_serialize_ext(b, an[j]);
            EXPECT_EQ(to_hex(a, 33), to_hex(b, 33));
        }
        musig::Session s;
        musig::session_init(nullptr, s, an.data(), cache, msg.data(), msg.size());
        Scalar psig;
        musig::partial_sign(nullptr, psig, k, sk, signer, cache, s);
        EXPECT_EQ(sig_hex(psig), upper(c.at("expected").get<std::string>()));
        const size_t who = (size_t)c.at("signer_index").get<long long>();
        const Ge pk = point(v.at("pubkeys")[indices(c.at("key_indices"))[who]].get<std::string>());
        EXPECT_TRUE(musig::partial_verify(nullptr, psig, pn[who].data(), pk, cache, s));
        run++;
    }
    EXPECT_EQ(run, 6);
    EXPECT_EQ(odd_msgs, 2);

    int fails = 0;
    for (const auto& c : v.at("verify_fail_test_cases")) {
        SCOPED_TRACE(c.at("comment").get<std::string>());
        const Bytes msg = from_hex(v.at("msgs")[(size_t)c.at("msg_index").get<long long>()].get<std::string>());
        const Bytes sb = from_hex(c.at("sig").get<std::string>());
        Scalar psig;
        int overflow = 0;
        scalar_set_b32(psig, sb.data(), &overflow);
        if (overflow) {  // BIP-327 rejects s >= n before any arithmetic; the API's parser does too
            fails++;
            continue;
        }
        const auto keys = points(v.at("pubkeys"), indices(c.at("key_indices")));
        musig::KeyAggCache cache;
        ASSERT_TRUE(keyagg(cache, keys));
        musig::NonceSum sum;
        musig::nonce_sum_init(sum);
        std::vector<std::array<Ge, 2>> pn;
        for (size_t i : indices(c.at("nonce_indices"))) {
            pn.push_back(nonce_pair(v.at("pnonces")[i].get<std::string>()));
            musig::nonce_sum_add(sum, pn.back().data());
        }
        Ge agg[2];
        musig::nonce_sum_finish(agg, sum);
        musig::Session s;
        musig::session_init(nullptr, s, agg, cache, msg.data(), msg.size());
        const size_t who = (size_t)c.at("signer_index").get<long long>();
        EXPECT_FALSE(musig::partial_verify(nullptr, psig, pn[who].data(), keys[who], cache, s));
        fails++;
    }
    EXPECT_EQ(fails, (int)v.at("verify_fail_test_cases").size());
    EXPECT_GE(fails, 1);
}

// DeterministicSign: k_i = int(hash_MuSig/deterministic/nonce(sk' || aggothernonce || xbytes(Q)
// || bytes(8, len(m)) || m || bytes(1, i))) with sk' = sk XOR hash_MuSig/aux(rand) when rand is
// given; then ordinary signing with the aggregate of (k1·G, k2·G) and aggothernonce.
TEST(MusigInternal, DetSignAllVectors) {
    const auto v = load("det_sign_vectors.json");
    const Bytes skb = from_hex(v.at("sk").get<std::string>());
    const Scalar sk = scalar(skb.data());
    const Ge me = mul_g(sk);
    auto tagged = [](const char* tag, const Bytes& data) {
        Bytes out(32);
        hash::tagged_sha256(reinterpret_cast<const unsigned char*>(tag), std::strlen(tag), data.data(), data.size(),
                            out.data());
        return out;
    };
    int run = 0, odd_msgs = 0;
    for (const auto& c : v.at("valid_test_cases")) {
        const Bytes msg = from_hex(v.at("msgs")[(size_t)c.at("msg_index").get<long long>()].get<std::string>());
        if (msg.size() != 32) odd_msgs++;
        std::vector<Bytes> tweaks;
        for (const auto& t : c.at("tweaks")) tweaks.push_back(from_hex(t.get<std::string>()));
        std::vector<bool> xonly;
        for (const auto& x : c.at("is_xonly")) xonly.push_back(x.get<bool>());
        musig::KeyAggCache cache;
        ASSERT_TRUE(keyagg(cache, points(v.at("pubkeys"), indices(c.at("key_indices"))), tweaks, xonly));
        unsigned char qx[32];
        fe_get_b32(qx, cache.pk.x);
        const Bytes other = from_hex(c.at("aggothernonce").get<std::string>());
        Bytes skp = skb;
        if (!c.at("rand").is_null()) {
            const Bytes h = tagged("MuSig/aux", from_hex(c.at("rand").get<std::string>()));
            for (int b = 0; b < 32; b++) skp[b] ^= h[b];
        }
        Scalar k[2];
        for (unsigned char i = 0; i < 2; i++) {
            Bytes data = skp;
            data.insert(data.end(), other.begin(), other.end());
            data.insert(data.end(), qx, qx + 32);
            for (int b = 7; b >= 0; b--) data.push_back((unsigned char)((uint64_t)msg.size() >> (8 * b)));
            data.insert(data.end(), msg.begin(), msg.end());
            data.push_back(i);
            k[i] = scalar(tagged("MuSig/deterministic/nonce", data).data());
        }
        const Ge r[2] = {mul_g(k[0]), mul_g(k[1])};
        EXPECT_EQ(ser33(r[0]) + ser33(r[1]), upper(c.at("expected")[0].get<std::string>()));
        const auto theirs = nonce_pair(c.at("aggothernonce").get<std::string>());
        musig::NonceSum sum;
        musig::nonce_sum_init(sum);
        musig::nonce_sum_add(sum, r);
        musig::nonce_sum_add(sum, theirs.data());
        Ge agg[2];
        musig::nonce_sum_finish(agg, sum);
        musig::Session s;
        musig::session_init(nullptr, s, agg, cache, msg.data(), msg.size());
        Scalar psig;
        musig::partial_sign(nullptr, psig, k, sk, me, cache, s);
        EXPECT_EQ(sig_hex(psig), upper(c.at("expected")[1].get<std::string>()));
        EXPECT_TRUE(musig::partial_verify(nullptr, psig, r, me, cache, s));
        run++;
    }
    EXPECT_EQ(run, 4);
    EXPECT_EQ(odd_msgs, 1);
}

}  // namespace
