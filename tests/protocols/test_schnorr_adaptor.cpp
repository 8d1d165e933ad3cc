// Schnorr (BIP-340) adaptor signatures (secp256k1_schnorr_adaptor.h): outputs of the Python
// specification that the secp256k1-zkp proposal cites and of the proposal's C code, both generated
// beside the project (tests/vectors/data/README.md says how), and properties on random keys: round trips through
// secp256k1_schnorrsig_verify for every parity of R', T and P, wrong secrets, tampered
// pre-signatures, bad encodings, the nonce function against its definition, illegal arguments.
#include <secp256k1_extrakeys.h>
#include <secp256k1_schnorr_adaptor.h>
#include <secp256k1_schnorrsig.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstring>
#include <set>

#include "protocol_common.h"

using namespace fastsecp::test;

namespace {

const char* const ORDER_HEX = "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141";

struct Signer {
    secp256k1_keypair kp;
    secp256k1_xonly_pubkey xpk;
    int pk_parity = 0;
};

bool make_signer(const secp256k1_context* ctx, Signer& s, const unsigned char* sk32) {
    return secp256k1_keypair_create(ctx, &s.kp, sk32) == 1 &&
           secp256k1_keypair_xonly_pub(ctx, &s.xpk, &s.pk_parity, &s.kp) == 1;
}

Bytes xonly_bytes(const secp256k1_context* ctx, const secp256k1_xonly_pubkey& x) {
    Bytes b(32);
    secp256k1_xonly_pubkey_serialize(ctx, b.data(), &x);
    return b;
}

Bytes random_seckey(const secp256k1_context* ctx, std::mt19937_64& rng) {
    for (;;) {
        Bytes k = random_bytes(rng, 32);
        if (secp256k1_ec_seckey_verify(ctx, k.data())) return k;
    }
}

std::string hex_or_null(const nlohmann::json& v) { return v.is_null() ? std::string() : v.get<std::string>(); }

TEST(SchnorrAdaptor, SpecPresignAdaptExtract) {
    Context ctx;
    auto j = nlohmann::json::parse(read_vector_file("schnorr-adaptor/spec_generated.json"));
    ASSERT_EQ(j.at("presign").size(), 48u);
    std::set<std::string> parities;
    for (const auto& v : j.at("presign")) {
        SCOPED_TRACE(v.at("pre_sig").get<std::string>());
        Bytes sk = from_hex(v.at("seckey").get<std::string>()), aux = from_hex(v.at("aux_rand").get<std::string>());
        Bytes msg = from_hex(v.at("msg").get<std::string>()), t = from_hex(v.at("sec_adaptor").get<std::string>());
        Signer s;
        ASSERT_TRUE(make_signer(ctx, s, sk.data()));
        EXPECT_EQ(to_hex(xonly_bytes(ctx, s.xpk)), v.at("pubkey").get<std::string>());
        secp256k1_pubkey T;
        ASSERT_TRUE(parse_pub(ctx, T, from_hex(v.at("adaptor").get<std::string>())));
        unsigned char pre[65], sig[64], t_out[32];
        ASSERT_EQ(secp256k1_schnorr_adaptor_presign(ctx, pre, msg.data(), &s.kp, &T, aux.data()), 1);
        EXPECT_EQ(to_hex(pre, 65), v.at("pre_sig").get<std::string>());
        secp256k1_pubkey Tx;
        ASSERT_EQ(secp256k1_schnorr_adaptor_extract(ctx, &Tx, pre, msg.data(), &s.xpk), 1);
        EXPECT_EQ(to_hex(ser33(ctx, Tx)), v.at("adaptor").get<std::string>());
        ASSERT_EQ(secp256k1_schnorr_adaptor_adapt(ctx, sig, pre, t.data()), 1);
        EXPECT_EQ(to_hex(sig, 64), v.at("sig").get<std::string>());
        EXPECT_EQ(secp256k1_schnorrsig_verify(ctx, sig, msg.data(), 32, &s.xpk), 1);
        ASSERT_EQ(secp256k1_schnorr_adaptor_extract_sec(ctx, t_out, pre, sig), 1);
        EXPECT_EQ(to_hex(t_out, 32), to_hex(t));
        const Bytes Tb = ser33(ctx, T);
        parities.insert(std::to_string(pre[0]) + std::to_string(Tb[0]) + std::to_string(s.pk_parity));
    }
    EXPECT_EQ(parities.size(), 8u);  // every parity of R', T and the full public key
}

TEST(SchnorrAdaptor, SpecExtractVectors) {
    Context ctx;
    auto j = nlohmann::json::parse(read_vector_file("schnorr-adaptor/spec_generated.json"));
    int fails = 0, n = 0;
    for (const auto& v : j.at("extract")) {
        SCOPED_TRACE(v.at("comment").get<std::string>() + " " + v.at("pre_sig").get<std::string>());
        Bytes pre = from_hex(v.at("pre_sig").get<std::string>()), msg = from_hex(v.at("msg").get<std::string>());
        Bytes pk = from_hex(v.at("pubkey").get<std::string>());
        secp256k1_xonly_pubkey xpk;
        ASSERT_EQ(secp256k1_xonly_pubkey_parse(ctx, &xpk, pk.data()), 1);
        secp256k1_pubkey T;
        const std::string want = hex_or_null(v.at("adaptor"));
        int ret = secp256k1_schnorr_adaptor_extract(ctx, &T, pre.data(), msg.data(), &xpk);
        EXPECT_EQ(ret, want.empty() ? 0 : 1);
        if (ret == 1 && !want.empty()) {
            EXPECT_EQ(to_hex(ser33(ctx, T)), want);
        }
        fails += want.empty();
        n++;
    }
    EXPECT_EQ(n, 126);
    EXPECT_EQ(fails, 35);
}

TEST(SchnorrAdaptor, SpecAdaptAndExtractSecVectors) {
    Context ctx;
    auto j = nlohmann::json::parse(read_vector_file("schnorr-adaptor/spec_generated.json"));
    ASSERT_EQ(j.at("adapt").size(), 56u);
    ASSERT_EQ(j.at("extract_sec").size(), 48u);
    const unsigned char zero64[64] = {0};
    for (const auto& v : j.at("adapt")) {
        SCOPED_TRACE(v.at("comment").get<std::string>());
        Bytes pre = from_hex(v.at("pre_sig").get<std::string>()), t = from_hex(v.at("sec_adaptor").get<std::string>());
        const std::string want = hex_or_null(v.at("sig"));
        unsigned char sig[64];
        std::memset(sig, 0xAA, 64);
        EXPECT_EQ(secp256k1_schnorr_adaptor_adapt(ctx, sig, pre.data(), t.data()), want.empty() ? 0 : 1);
        if (want.empty()) {
            EXPECT_EQ(std::memcmp(sig, zero64, 64), 0);
        } else {
            EXPECT_EQ(to_hex(sig, 64), want);
        }
    }
    for (const auto& v : j.at("extract_sec")) {
        SCOPED_TRACE(v.at("comment").get<std::string>());
        Bytes pre = from_hex(v.at("pre_sig").get<std::string>()), sig = from_hex(v.at("sig").get<std::string>());
        const std::string want = hex_or_null(v.at("sec_adaptor"));
        unsigned char t[32];
        std::memset(t, 0xAA, 32);
        EXPECT_EQ(secp256k1_schnorr_adaptor_extract_sec(ctx, t, pre.data(), sig.data()), want.empty() ? 0 : 1);
        EXPECT_EQ(to_hex(t, 32), want.empty() ? std::string(64, '0') : want);
    }
}

// Outputs of the proposal's own C code (its branch built beside the project; the data README says
// how): every call's return value and bytes, NULL aux, tampered pre-signatures, other secrets, and
// the exported nonce function with the default tag, another tag and a tag with trailing zeros.
TEST(SchnorrAdaptor, SameAsSecp256k1ZkpProposal) {
    Context ctx;
    auto j = nlohmann::json::parse(read_vector_file("secp256k1-zkp/schnorr_adaptor_generated.json"));
    ASSERT_EQ(j.at("cases").size(), 40u);
    static const char* const algos[3] = {"SchnorrAdaptor/nonce", "custom/algo", "SchnorrAdaptor/nonce\0\0"};
    static const size_t algolen[3] = {20, 11, 22};
    auto hx = [](const nlohmann::json& v, const char* k) { return from_hex(v.at(k).get<std::string>()); };
    auto t33_or_zero = [&](int ret, const secp256k1_pubkey& p) { return ret ? to_hex(ser33(ctx, p)) : std::string(66, '0'); };
    for (const auto& v : j.at("cases")) {
        SCOPED_TRACE(v.at("pre_sig").get<std::string>());
        Bytes sk = hx(v, "seckey"), t = hx(v, "sec_adaptor"), msg = hx(v, "msg");
        Bytes aux = v.at("aux_rand").is_null() ? Bytes() : hx(v, "aux_rand");
        const unsigned char* auxp = aux.empty() ? nullptr : aux.data();
        Signer s;
        ASSERT_TRUE(make_signer(ctx, s, sk.data()));
        secp256k1_pubkey T, A;
        ASSERT_TRUE(parse_pub(ctx, T, hx(v, "adaptor")));
        unsigned char pre[65], sig[64], out[64];
        EXPECT_EQ(secp256k1_schnorr_adaptor_presign(ctx, pre, msg.data(), &s.kp, &T, auxp), v.at("presign_ret").get<int>());
        EXPECT_EQ(to_hex(pre, 65), v.at("pre_sig").get<std::string>());
        int r = secp256k1_schnorr_adaptor_extract(ctx, &A, pre, msg.data(), &s.xpk);
        EXPECT_EQ(r, v.at("extract_ret").get<int>());
        EXPECT_EQ(t33_or_zero(r, A), v.at("extract_adaptor").get<std::string>());
        EXPECT_EQ(secp256k1_schnorr_adaptor_adapt(ctx, sig, pre, t.data()), v.at("adapt_ret").get<int>());
        EXPECT_EQ(to_hex(sig, 64), v.at("sig").get<std::string>());
        EXPECT_EQ(secp256k1_schnorr_adaptor_extract_sec(ctx, out, pre, sig), v.at("extract_sec_ret").get<int>());
        EXPECT_EQ(to_hex(out, 32), v.at("extract_sec").get<std::string>());
        Bytes bad = hx(v, "tampered_pre_sig");
        r = secp256k1_schnorr_adaptor_extract(ctx, &A, bad.data(), msg.data(), &s.xpk);
        EXPECT_EQ(r, v.at("tampered_extract_ret").get<int>());
        EXPECT_EQ(t33_or_zero(r, A), v.at("tampered_extract_adaptor").get<std::string>());
        if (r) {
            EXPECT_NE(secp256k1_ec_pubkey_cmp(ctx, &A, &T), 0);
        }
        std::memset(out, 0, 64);
        EXPECT_EQ(secp256k1_schnorr_adaptor_adapt(ctx, out, bad.data(), t.data()), v.at("tampered_adapt_ret").get<int>());
        EXPECT_EQ(to_hex(out, 64), v.at("tampered_adapt_sig").get<std::string>());
        std::memset(out, 0, 32);
        EXPECT_EQ(secp256k1_schnorr_adaptor_extract_sec(ctx, out, bad.data(), sig), v.at("tampered_extract_sec_ret").get<int>());
        EXPECT_EQ(to_hex(out, 32), v.at("tampered_extract_sec").get<std::string>());
        Bytes t2 = hx(v, "other_sec_adaptor");
        std::memset(out, 0, 64);
        EXPECT_EQ(secp256k1_schnorr_adaptor_adapt(ctx, out, pre, t2.data()), v.at("other_adapt_ret").get<int>());
        EXPECT_EQ(to_hex(out, 64), v.at("other_adapt_sig").get<std::string>());
        const int ai = v.at("nonce_algo_index").get<int>();
        Bytes pk32 = xonly_bytes(ctx, s.xpk), t33 = hx(v, "adaptor");
        unsigned char nonce[32];
        EXPECT_EQ(secp256k1_nonce_function_schnorr_adaptor(nonce, msg.data(), sk.data(), t33.data(), pk32.data(),
                                                            (const unsigned char*)algos[ai], algolen[ai],
                                                            const_cast<unsigned char*>(auxp)),
                  v.at("nonce_ret").get<int>());
        EXPECT_EQ(to_hex(nonce, 32), v.at("nonce").get<std::string>());
    }
}

TEST(SchnorrAdaptor, RandomRoundTripsAndTampering) {
    Context ctx;
    std::mt19937_64 rng(0x5ad0);
    std::set<int> seen;
    for (int i = 0; i < 64; i++) {
        Bytes sk = random_seckey(ctx, rng), t = random_seckey(ctx, rng), msg = random_bytes(rng, 32);
        Bytes aux = random_bytes(rng, 32);
        Signer s;
        ASSERT_TRUE(make_signer(ctx, s, sk.data()));
        secp256k1_pubkey T;
        ASSERT_EQ(secp256k1_ec_pubkey_create(ctx, &T, t.data()), 1);
        unsigned char pre[65], pre2[65], sig[64], t_out[32];
        const unsigned char* auxp = (i % 3 == 2) ? nullptr : aux.data();
        ASSERT_EQ(secp256k1_schnorr_adaptor_presign(ctx, pre, msg.data(), &s.kp, &T, auxp), 1);
        ASSERT_TRUE(pre[0] == 0x02 || pre[0] == 0x03);
        seen.insert(pre[0] * 4 + ser33(ctx, T)[0] * 2 + s.pk_parity);
        // Deterministic for the same inputs; NULL aux is 32 zero bytes; other aux, other nonce.
        ASSERT_EQ(secp256k1_schnorr_adaptor_presign(ctx, pre2, msg.data(), &s.kp, &T, auxp), 1);
        EXPECT_EQ(std::memcmp(pre, pre2, 65), 0);
        if (auxp == nullptr) {
            const unsigned char zero[32] = {0};
            ASSERT_EQ(secp256k1_schnorr_adaptor_presign(ctx, pre2, msg.data(), &s.kp, &T, zero), 1);
            EXPECT_EQ(std::memcmp(pre, pre2, 65), 0);
        } else {
            Bytes aux2 = aux;
            aux2[i % 32] ^= 1;
            ASSERT_EQ(secp256k1_schnorr_adaptor_presign(ctx, pre2, msg.data(), &s.kp, &T, aux2.data()), 1);
            EXPECT_NE(std::memcmp(pre, pre2, 33), 0);
        }
        // The pre-signature alone is not a BIP-340 signature.
        EXPECT_EQ(secp256k1_schnorrsig_verify(ctx, pre + 1, msg.data(), 32, &s.xpk), 0);
        secp256k1_pubkey Tx;
        ASSERT_EQ(secp256k1_schnorr_adaptor_extract(ctx, &Tx, pre, msg.data(), &s.xpk), 1);
        EXPECT_EQ(secp256k1_ec_pubkey_cmp(ctx, &Tx, &T), 0);
        ASSERT_EQ(secp256k1_schnorr_adaptor_adapt(ctx, sig, pre, t.data()), 1);
        EXPECT_EQ(secp256k1_schnorrsig_verify(ctx, sig, msg.data(), 32, &s.xpk), 1);
        ASSERT_EQ(secp256k1_schnorr_adaptor_extract_sec(ctx, t_out, pre, sig), 1);
        EXPECT_EQ(std::memcmp(t_out, t.data(), 32), 0);
        // Adapting in place (sig64 = pre_sig65) gives the same signature.
        std::memcpy(pre2, pre, 65);
        ASSERT_EQ(secp256k1_schnorr_adaptor_adapt(ctx, pre2, pre2, t.data()), 1);
        EXPECT_EQ(std::memcmp(pre2, sig, 64), 0);
        // A wrong secret gives an invalid signature (and extract_sec gives that wrong secret back).
        Bytes t_bad = t;
        t_bad[31] ^= 1;
        unsigned char bad[64];
        ASSERT_EQ(secp256k1_schnorr_adaptor_adapt(ctx, bad, pre, t_bad.data()), 1);
        EXPECT_EQ(secp256k1_schnorrsig_verify(ctx, bad, msg.data(), 32, &s.xpk), 0);
        ASSERT_EQ(secp256k1_schnorr_adaptor_extract_sec(ctx, t_out, pre, bad), 1);
        EXPECT_EQ(std::memcmp(t_out, t_bad.data(), 32), 0);
        // Verification by extraction: another message, key or a tampered pre-signature does not
        // give T (or fails).
        Bytes msg2 = msg;
        msg2[i % 32] ^= 0x80;
        ASSERT_EQ(secp256k1_schnorr_adaptor_extract(ctx, &Tx, pre, msg2.data(), &s.xpk), 1);
        EXPECT_NE(secp256k1_ec_pubkey_cmp(ctx, &Tx, &T), 0);
        Signer other;
        ASSERT_TRUE(make_signer(ctx, other, random_seckey(ctx, rng).data()));
        ASSERT_EQ(secp256k1_schnorr_adaptor_extract(ctx, &Tx, pre, msg.data(), &other.xpk), 1);
        EXPECT_NE(secp256k1_ec_pubkey_cmp(ctx, &Tx, &T), 0);
        for (int k = 0; k < 4; k++) {
            std::memcpy(pre2, pre, 65);
            pre2[rng() % 65] ^= (unsigned char)(1u << (rng() % 8));
            int r = secp256k1_schnorr_adaptor_extract(ctx, &Tx, pre2, msg.data(), &s.xpk);
            if (r == 1) {
                EXPECT_NE(secp256k1_ec_pubkey_cmp(ctx, &Tx, &T), 0);
            }
        }
        // Flipping the parity byte gives another point (-R' + ...) or fails, never T.
        std::memcpy(pre2, pre, 65);
        pre2[0] ^= 1;
        if (secp256k1_schnorr_adaptor_extract(ctx, &Tx, pre2, msg.data(), &s.xpk) == 1) {
            EXPECT_NE(secp256k1_ec_pubkey_cmp(ctx, &Tx, &T), 0);
        }
    }
    EXPECT_EQ(seen.size(), 8u);  // both parities of R', T and the full public key
}

TEST(SchnorrAdaptor, BadEncodingsReturnZero) {
    Context ctx;
    std::mt19937_64 rng(0xbad5);
    Signer s;
    Bytes sk = random_seckey(ctx, rng), t = random_seckey(ctx, rng), msg = random_bytes(rng, 32);
    ASSERT_TRUE(make_signer(ctx, s, sk.data()));
    secp256k1_pubkey T, Tx;
    ASSERT_EQ(secp256k1_ec_pubkey_create(ctx, &T, t.data()), 1);
    unsigned char pre[65], bad[65], sig[64], t_out[32];
    ASSERT_EQ(secp256k1_schnorr_adaptor_presign(ctx, pre, msg.data(), &s.kp, &T, nullptr), 1);
    ASSERT_EQ(secp256k1_schnorr_adaptor_adapt(ctx, sig, pre, t.data()), 1);
    const Bytes order = from_hex(ORDER_HEX);
    for (unsigned tag : {0x00u, 0x01u, 0x04u, 0x05u, 0x06u, 0x07u, 0xFFu}) {
        std::memcpy(bad, pre, 65);
        bad[0] = (unsigned char)tag;
        EXPECT_EQ(secp256k1_schnorr_adaptor_extract(ctx, &Tx, bad, msg.data(), &s.xpk), 0);
        EXPECT_EQ(secp256k1_schnorr_adaptor_adapt(ctx, sig, bad, t.data()), 0);
        EXPECT_EQ(secp256k1_schnorr_adaptor_extract_sec(ctx, t_out, bad, sig), 0);
    }
    // s' = n and s' = 2^256 - 1: every call refuses the pre-signature.
    for (int k = 0; k < 2; k++) {
        std::memcpy(bad, pre, 33);
        if (k == 0)
            std::memcpy(bad + 33, order.data(), 32);
        else
            std::memset(bad + 33, 0xFF, 32);
        EXPECT_EQ(secp256k1_schnorr_adaptor_extract(ctx, &Tx, bad, msg.data(), &s.xpk), 0);
        EXPECT_EQ(secp256k1_schnorr_adaptor_adapt(ctx, sig, bad, t.data()), 0);
        EXPECT_EQ(secp256k1_schnorr_adaptor_extract_sec(ctx, t_out, bad, sig), 0);
    }
    // t = n (adapt) and s = n in the signature (extract_sec).
    EXPECT_EQ(secp256k1_schnorr_adaptor_adapt(ctx, sig, pre, order.data()), 0);
    ASSERT_EQ(secp256k1_schnorr_adaptor_adapt(ctx, sig, pre, t.data()), 1);
    unsigned char sig_bad[64];
    std::memcpy(sig_bad, sig, 32);
    std::memcpy(sig_bad + 32, order.data(), 32);
    EXPECT_EQ(secp256k1_schnorr_adaptor_extract_sec(ctx, t_out, pre, sig_bad), 0);
    // x(R') = p and an x with no point.
    std::memcpy(bad, pre, 65);
    std::memcpy(bad + 1, from_hex("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f").data(), 32);
    EXPECT_EQ(secp256k1_schnorr_adaptor_extract(ctx, &Tx, bad, msg.data(), &s.xpk), 0);
    std::memset(bad + 1, 0, 32);
    bad[32] = 5;  // x = 5: 5^3 + 7 = 132 is not a square mod p
    EXPECT_EQ(secp256k1_schnorr_adaptor_extract(ctx, &Tx, bad, msg.data(), &s.xpk), 0);
    // Random 65-byte strings: 0 or a point, never a crash (and adapt/extract_sec agree on the encoding).
    for (int i = 0; i < 200; i++) {
        Bytes r = random_bytes(rng, 65);
        if (i % 2) r[0] = (unsigned char)(2 + (i & 2) / 2);
        int e = secp256k1_schnorr_adaptor_extract(ctx, &Tx, r.data(), msg.data(), &s.xpk);
        int a = secp256k1_schnorr_adaptor_adapt(ctx, sig, r.data(), t.data());
        EXPECT_TRUE(e == 0 || e == 1);
        if (e == 1) {
            EXPECT_EQ(a, 1);
        }
        EXPECT_EQ(a, secp256k1_schnorr_adaptor_extract_sec(ctx, t_out, r.data(), sig));
    }
}

// The default nonce function against its definition, written with the public tagged hash.
TEST(SchnorrAdaptor, NonceFunction) {
    Context ctx;
    std::mt19937_64 rng(0x90ce);
    const std::string aux_tag = "SchnorrAdaptor/aux", nonce_tag = "SchnorrAdaptor/nonce";
    for (int i = 0; i < 8; i++) {
        Bytes msg = random_bytes(rng, 32), key = random_bytes(rng, 32), ad = random_bytes(rng, 33);
        Bytes pk = random_bytes(rng, 32), aux = random_bytes(rng, 32);
        const bool null_aux = i % 2 == 1;
        Bytes mask(32), pre(32 + 33 + 32 + 32), want(32);
        const Bytes zero(32, 0);
        secp256k1_tagged_sha256(ctx, mask.data(), (const unsigned char*)aux_tag.data(), aux_tag.size(),
                                null_aux ? zero.data() : aux.data(), 32);
        for (int b = 0; b < 32; b++) pre[b] = key[b] ^ mask[b];
        std::memcpy(pre.data() + 32, ad.data(), 33);
        std::memcpy(pre.data() + 65, pk.data(), 32);
        std::memcpy(pre.data() + 97, msg.data(), 32);
        const std::string& tag = (i % 4 < 2) ? nonce_tag : std::string("other/algo");
        secp256k1_tagged_sha256(ctx, want.data(), (const unsigned char*)tag.data(), tag.size(), pre.data(), pre.size());
        unsigned char got[32];
        ASSERT_EQ(secp256k1_nonce_function_schnorr_adaptor(got, msg.data(), key.data(), ad.data(), pk.data(),
                                                            (const unsigned char*)tag.data(), tag.size(),
                                                            null_aux ? nullptr : aux.data()),
                  1);
        EXPECT_EQ(to_hex(got, 32), to_hex(want));
        EXPECT_EQ(secp256k1_nonce_function_schnorr_adaptor(got, msg.data(), key.data(), ad.data(), pk.data(), nullptr,
                                                            0, aux.data()),
                  0);
    }
}

int illegal_calls = 0;
void count_illegal(const char*, void*) { illegal_calls++; }

TEST(SchnorrAdaptor, IllegalArguments) {
    Context ctx;
    illegal_calls = 0;
    secp256k1_context_set_illegal_callback(ctx, count_illegal, nullptr);
    std::mt19937_64 rng(0x111e);
    Signer s;
    Bytes sk = random_seckey(ctx, rng), t = random_seckey(ctx, rng), msg = random_bytes(rng, 32);
    ASSERT_TRUE(make_signer(ctx, s, sk.data()));
    secp256k1_pubkey T, Tx;
    ASSERT_EQ(secp256k1_ec_pubkey_create(ctx, &T, t.data()), 1);
    unsigned char pre[65], sig[64], t_out[32];
    ASSERT_EQ(secp256k1_schnorr_adaptor_presign(ctx, pre, msg.data(), &s.kp, &T, nullptr), 1);
    ASSERT_EQ(secp256k1_schnorr_adaptor_adapt(ctx, sig, pre, t.data()), 1);
    EXPECT_EQ(illegal_calls, 0);
    int want = 0;
    auto expect_illegal = [&](int ret) {
        EXPECT_EQ(ret, 0);
        EXPECT_EQ(illegal_calls, ++want);
    };
    expect_illegal(secp256k1_schnorr_adaptor_presign(ctx, nullptr, msg.data(), &s.kp, &T, nullptr));
    expect_illegal(secp256k1_schnorr_adaptor_presign(ctx, pre, nullptr, &s.kp, &T, nullptr));
    expect_illegal(secp256k1_schnorr_adaptor_presign(ctx, pre, msg.data(), nullptr, &T, nullptr));
    expect_illegal(secp256k1_schnorr_adaptor_presign(ctx, pre, msg.data(), &s.kp, nullptr, nullptr));
    secp256k1_keypair zero_kp;
    std::memset(&zero_kp, 0, sizeof zero_kp);
    secp256k1_pubkey zero_pk;
    std::memset(&zero_pk, 0, sizeof zero_pk);
    secp256k1_xonly_pubkey zero_x;
    std::memset(&zero_x, 0, sizeof zero_x);
    expect_illegal(secp256k1_schnorr_adaptor_presign(ctx, pre, msg.data(), &zero_kp, &T, nullptr));
    const unsigned char z65[65] = {0};
    EXPECT_EQ(std::memcmp(pre, z65, 65), 0);  // an invalid key pair leaves no pre-signature behind
    expect_illegal(secp256k1_schnorr_adaptor_presign(ctx, pre, msg.data(), &s.kp, &zero_pk, nullptr));
    expect_illegal(secp256k1_schnorr_adaptor_extract(ctx, nullptr, pre, msg.data(), &s.xpk));
    expect_illegal(secp256k1_schnorr_adaptor_extract(ctx, &Tx, nullptr, msg.data(), &s.xpk));
    expect_illegal(secp256k1_schnorr_adaptor_extract(ctx, &Tx, pre, nullptr, &s.xpk));
    expect_illegal(secp256k1_schnorr_adaptor_extract(ctx, &Tx, pre, msg.data(), nullptr));
    ASSERT_EQ(secp256k1_schnorr_adaptor_presign(ctx, pre, msg.data(), &s.kp, &T, nullptr), 1);
    expect_illegal(secp256k1_schnorr_adaptor_extract(ctx, &Tx, pre, msg.data(), &zero_x));
    expect_illegal(secp256k1_schnorr_adaptor_adapt(ctx, nullptr, pre, t.data()));
    expect_illegal(secp256k1_schnorr_adaptor_adapt(ctx, sig, nullptr, t.data()));
    expect_illegal(secp256k1_schnorr_adaptor_adapt(ctx, sig, pre, nullptr));
    expect_illegal(secp256k1_schnorr_adaptor_extract_sec(ctx, nullptr, pre, sig));
    expect_illegal(secp256k1_schnorr_adaptor_extract_sec(ctx, t_out, nullptr, sig));
    expect_illegal(secp256k1_schnorr_adaptor_extract_sec(ctx, t_out, pre, nullptr));
    // The public calls work with the static context; pre-signing needs a signing context (the
    // static context's illegal-argument handler aborts, as libsecp256k1's does).
    ASSERT_EQ(secp256k1_schnorr_adaptor_presign(ctx, pre, msg.data(), &s.kp, &T, nullptr), 1);
    const secp256k1_context* st = secp256k1_context_static;
    EXPECT_EQ(secp256k1_schnorr_adaptor_extract(st, &Tx, pre, msg.data(), &s.xpk), 1);
    EXPECT_EQ(secp256k1_ec_pubkey_cmp(ctx, &Tx, &T), 0);
    EXPECT_EQ(secp256k1_schnorr_adaptor_adapt(st, sig, pre, t.data()), 1);
    EXPECT_EQ(secp256k1_schnorr_adaptor_extract_sec(st, t_out, pre, sig), 1);
    EXPECT_DEATH(secp256k1_schnorr_adaptor_presign(st, pre, msg.data(), &s.kp, &T, nullptr), "ecmult_gen");
}

}  // namespace
