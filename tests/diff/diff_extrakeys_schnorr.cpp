// Differential tests for the extrakeys module (keypairs, x-only keys, tweaks) and BIP-340
// Schnorr signatures (sign32, sign_custom with custom nonce functions, verify).
#include "diff_common.h"

namespace fastsecp::test {
namespace {

using DiffExtrakeys = DiffTest;
using DiffSchnorr = DiffTest;

// The secret key whose public key is the even-y twin of sk's: sk itself or n - sk.
B32 even_y_key(const SecpApi& api, secp256k1_context* ctx, const B32& sk) {
    secp256k1_keypair kp;
    secp256k1_xonly_pubkey x;
    int parity = 0;
    EXPECT_EQ(api.keypair_create(ctx, &kp, sk.data()), 1);
    EXPECT_EQ(api.keypair_xonly_pub(ctx, &x, &parity, &kp), 1);
    return parity ? neg_mod_order(sk) : sk;
}

// ---------------------------------------------------------------------------------------------
// Keypairs and x-only keys

TEST_F(DiffExtrakeys, KeypairCreateAndRead) {
    auto edges = edge_values();
    for (int i = 0; i < diff_iters() + int(edges.size()) && !HasFailure(); ++i) {
        B32 sk = i < int(edges.size()) ? edges[i].second : rng_.scalarish();
        Outcome r = same([&](Side& s) {
            Outcome o;
            secp256k1_keypair kp;
            fill_pattern(kp);
            o.ret = s.api->keypair_create(s.ctx, &kp, sk.data());
            o.add("kp", describe_keypair(s, kp));
            // The accessors on whatever keypair_create left (zeroed on failure; reading the
            // public key of a zeroed keypair is an illegal argument, counted by `same`).
            unsigned char sec[32];
            std::memset(sec, kPattern, 32);
            o.add("sec_ret", std::to_string(s.api->keypair_sec(s.ctx, sec, &kp))).add("sec", sec, 32);
            secp256k1_pubkey pk;
            fill_pattern(pk);
            o.add("pub_ret", std::to_string(s.api->keypair_pub(s.ctx, &pk, &kp))).add("pub", describe_pubkey(s, pk));
            secp256k1_xonly_pubkey x;
            int parity = -1;
            fill_pattern(x);
            o.add("xonly_ret", std::to_string(s.api->keypair_xonly_pub(s.ctx, &x, &parity, &kp)));
            o.add("xonly", describe_xonly(s, x)).add("parity", std::to_string(parity));
            o.add("xonly_no_parity_ret", std::to_string(s.api->keypair_xonly_pub(s.ctx, &x, nullptr, &kp)));
            return o;
        }, "seckey " + to_hex(sk.data(), 32));
        EXPECT_EQ(r.ret, R().ec_seckey_verify(Rctx(), sk.data()));
    }
}

TEST_F(DiffExtrakeys, XonlyParseSerializeCmp) {
    auto edges = edge_values();
    std::vector<B32> inputs;
    for (const auto& e : edges) inputs.push_back(e.second);
    for (int i = 0; i < diff_iters(); ++i) {
        if (rng_.coin()) {
            Bytes pk = pubkey_bytes(seckey(), true);
            B32 x;
            std::copy(pk.begin() + 1, pk.end(), x.begin());
            inputs.push_back(x);
        } else {
            inputs.push_back(rng_.scalarish());
        }
    }
    for (size_t i = 0; i < inputs.size() && !HasFailure(); ++i) {
        const B32& a = inputs[i];
        const B32& b = inputs[rng_.below(inputs.size())];
        same([&](Side& s) {
            Outcome o;
            secp256k1_xonly_pubkey xa, xb;
            fill_pattern(xa);
            o.ret = s.api->xonly_pubkey_parse(s.ctx, &xa, a.data());
            o.add("xa", describe_xonly(s, xa));
            unsigned char out[32];
            std::memset(out, kPattern, 32);
            if (o.ret) o.add("ser_ret", std::to_string(s.api->xonly_pubkey_serialize(s.ctx, out, &xa))).add("ser", out, 32);
            if (o.ret && s.api->xonly_pubkey_parse(s.ctx, &xb, b.data())) {
                auto sign = [](int v) { return (v > 0) - (v < 0); };
                o.add("cmp", std::to_string(sign(s.api->xonly_pubkey_cmp(s.ctx, &xa, &xb))));
                o.add("cmp_rev", std::to_string(sign(s.api->xonly_pubkey_cmp(s.ctx, &xb, &xa))));
            }
            return o;
        }, to_hex(a.data(), 32));
    }
}

TEST_F(DiffExtrakeys, XonlyFromPubkey) {
    for (int i = 0; i < diff_iters() && !HasFailure(); ++i) {
        Bytes input = random_pubkey_bytes();
        same([&](Side& s) {
            Outcome o;
            secp256k1_pubkey pk;
            if (!parse_pubkey(s, pk, input)) return o.add("parse", "failed");
            secp256k1_xonly_pubkey x;
            int parity = -1;
            fill_pattern(x);
            o.ret = s.api->xonly_pubkey_from_pubkey(s.ctx, &x, &parity, &pk);
            o.add("x", describe_xonly(s, x)).add("parity", std::to_string(parity));
            o.add("no_parity_ret", std::to_string(s.api->xonly_pubkey_from_pubkey(s.ctx, &x, nullptr, &pk)));
            return o;
        }, to_hex(input));
    }
}

// Tweaks worth trying for an internal key whose even-y secret key is `even_sk`.
B32 pick_tweak(Rng& rng, const B32& even_sk, std::string& kind) {
    auto edges = edge_values();
    switch (rng.below(6)) {
        case 0: kind = "edge"; return edges[rng.below(edges.size())].second;
        case 1: kind = "cancels key"; return neg_mod_order(even_sk);  // P + tG = infinity
        default: kind = "random"; return rng.scalarish();
    }
}

TEST_F(DiffExtrakeys, XonlyTweakAddAndCheck) {
    for (int i = 0; i < diff_iters() && !HasFailure(); ++i) {
        B32 sk = seckey();
        B32 even = even_y_key(R(), Rctx(), sk);
        std::string kind;
        B32 tweak = pick_tweak(rng_, even, kind);
        Bytes pkb = pubkey_bytes(sk, true);
        B32 x;
        std::copy(pkb.begin() + 1, pkb.end(), x.begin());
        secp256k1_pubkey out[2];
        Outcome r = same([&](Side& s) {
            Outcome o;
            secp256k1_xonly_pubkey internal;
            if (!s.api->xonly_pubkey_parse(s.ctx, &internal, x.data())) return o.add("parse", "failed");
            secp256k1_pubkey& res = out[idx(s)];
            fill_pattern(res);
            o.ret = s.api->xonly_pubkey_tweak_add(s.ctx, &res, &internal, tweak.data());
            o.add("out", describe_pubkey(s, res));
            // tweak_add_check with the true result, the wrong parity and a wrong x.
            unsigned char tx[32] = {0};
            int parity = 0;
            if (o.ret) {
                secp256k1_xonly_pubkey tweaked;
                CountGuard guard(s);
                EXPECT_EQ(s.api->xonly_pubkey_from_pubkey(s.ctx, &tweaked, &parity, &res), 1);
                EXPECT_EQ(s.api->xonly_pubkey_serialize(s.ctx, tx, &tweaked), 1);
            }
            o.add("check", std::to_string(s.api->xonly_pubkey_tweak_add_check(s.ctx, tx, parity, &internal, tweak.data())));
            o.add("check_parity", std::to_string(s.api->xonly_pubkey_tweak_add_check(s.ctx, tx, !parity, &internal, tweak.data())));
            tx[31] ^= 1;
            o.add("check_x", std::to_string(s.api->xonly_pubkey_tweak_add_check(s.ctx, tx, parity, &internal, tweak.data())));
            return o;
        }, kind + " tweak " + to_hex(tweak.data(), 32));
        cross_check(out[0], out[1]);
        if (kind == "cancels key") {
            EXPECT_EQ(r.ret, 0);
            EXPECT_EQ(r.out.substr(0, 11), "out=zeroed ");
        }
    }
}

TEST_F(DiffExtrakeys, KeypairXonlyTweakAdd) {
    for (int i = 0; i < diff_iters() && !HasFailure(); ++i) {
        B32 sk = seckey();
        std::string kind;
        B32 tweak = pick_tweak(rng_, even_y_key(R(), Rctx(), sk), kind);
        Outcome r = same([&](Side& s) {
            Outcome o;
            secp256k1_keypair kp;
            EXPECT_EQ(s.api->keypair_create(s.ctx, &kp, sk.data()), 1);
            o.ret = s.api->keypair_xonly_tweak_add(s.ctx, &kp, tweak.data());
            return o.add("kp", describe_keypair(s, kp));
        }, kind + " tweak " + to_hex(tweak.data(), 32));
        if (kind == "cancels key") {
            EXPECT_EQ(r.ret, 0);
            EXPECT_EQ(r.out, "kp=zeroed ");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Schnorr signatures

Outcome sign_custom_outcome(Side& s, const Bytes& msg, bool null_msg, const B32& sk,
                            secp256k1_schnorrsig_extraparams* extra) {
    Outcome o;
    secp256k1_keypair kp;
    EXPECT_EQ(s.api->keypair_create(s.ctx, &kp, sk.data()), 1);
    unsigned char sig[64];
    std::memset(sig, kPattern, 64);
    o.ret = s.api->schnorrsig_sign_custom(s.ctx, sig, null_msg ? nullptr : nonnull_data(msg), msg.size(), &kp, extra);
    o.add("sig", sig, 64);
    if (o.ret == 1) {
        secp256k1_xonly_pubkey x;
        CountGuard guard(s);
        EXPECT_EQ(s.api->keypair_xonly_pub(s.ctx, &x, nullptr, &kp), 1);
        o.add("verify", std::to_string(s.api->schnorrsig_verify(s.ctx, sig, null_msg ? nullptr : nonnull_data(msg),
                                                                msg.size(), &x)));
    }
    return o;
}

TEST_F(DiffSchnorr, Sign32) {
    for (int i = 0; i < diff_iters() && !HasFailure(); ++i) {
        B32 sk = seckey(), msg = rng_.below(4) == 0 ? rng_.scalarish() : rng_.b32(), aux = rng_.b32();
        bool with_aux = rng_.coin();
        Outcome r = same([&](Side& s) {
            Outcome o;
            secp256k1_keypair kp;
            EXPECT_EQ(s.api->keypair_create(s.ctx, &kp, sk.data()), 1);
            unsigned char sig[64];
            o.ret = s.api->schnorrsig_sign32(s.ctx, sig, msg.data(), &kp, with_aux ? aux.data() : nullptr);
            o.add("sig", sig, 64);
            secp256k1_xonly_pubkey x;
            EXPECT_EQ(s.api->keypair_xonly_pub(s.ctx, &x, nullptr, &kp), 1);
            o.add("verify", std::to_string(s.api->schnorrsig_verify(s.ctx, sig, msg.data(), 32, &x)));
            return o;
        }, "sk " + to_hex(sk.data(), 32));
        EXPECT_EQ(r.ret, 1);
        EXPECT_NE(r.out.find("verify=1"), std::string::npos);
    }
}

TEST_F(DiffSchnorr, SignCustomMessageLengths) {
    const size_t lengths[] = {0, 0, 1, 17, 31, 32, 33, 63, 64, 65, 100, 1000, 100000};
    for (size_t li = 0; li < std::size(lengths) && !HasFailure(); ++li) {
        size_t len = lengths[li];
        bool null_msg = li == 0;  // msg may be NULL exactly when msglen is 0
        Bytes msg = rng_.bytes(len);
        B32 sk = seckey(), aux = rng_.b32();
        for (int variant = 0; variant < 3; ++variant) {
            Outcome r = same([&](Side& s) {
                secp256k1_schnorrsig_extraparams extra = SECP256K1_SCHNORRSIG_EXTRAPARAMS_INIT;
                if (variant == 1) extra.ndata = aux.data();
                if (variant == 2) {  // the exported BIP-340 nonce function, named explicitly
                    extra.noncefp = s.api->nonce_function_bip340;
                    extra.ndata = aux.data();
                }
                return sign_custom_outcome(s, msg, null_msg, sk, variant == 0 && li % 2 ? nullptr : &extra);
            }, "msglen " + std::to_string(len) + " variant " + std::to_string(variant));
            EXPECT_EQ(r.ret, 1);
            EXPECT_NE(r.out.find("verify=1"), std::string::npos);
        }
    }
}

// A scripted hardened nonce function: logs its arguments, then fails or returns `nonce`.
struct HardenedScript {
    bool fail = false;
    B32 nonce{};
    std::string log;
};

int scripted_hardened_nonce(unsigned char* nonce32, const unsigned char* msg, size_t msglen, const unsigned char* key32,
                            const unsigned char* xonly_pk32, const unsigned char* algo, size_t algolen, void* data) {
    auto* script = static_cast<HardenedScript*>(data);
    script->log += "[msg " + (msg ? to_hex(msg, msglen) : std::string("NULL")) + " len " + std::to_string(msglen) +
                   " key " + to_hex(key32, 32) + " pk " + to_hex(xonly_pk32, 32) + " algo " +
                   (algo ? std::string(reinterpret_cast<const char*>(algo), algolen) : std::string("NULL")) + "]";
    if (script->fail) return 0;
    std::memcpy(nonce32, script->nonce.data(), 32);
    return 1;
}

TEST_F(DiffSchnorr, SignCustomNonceFunction) {
    auto edges = edge_values();
    for (int i = 0; i < 60 && !HasFailure(); ++i) {
        B32 sk = seckey();
        Bytes msg = rng_.bytes(rng_.below(80));
        HardenedScript base;
        std::string kind;
        switch (i % 4) {
            case 0: base.fail = true; kind = "nonce function fails"; break;
            case 1: base.nonce = b32_from_int(0); kind = "zero nonce"; break;
            case 2: base.nonce = edges[7 + rng_.below(7)].second; kind = "nonce >= n"; break;
            default: base.nonce = rng_.b32(); kind = "random nonce";
        }
        Outcome r = same([&](Side& s) {
            HardenedScript script = base;
            secp256k1_schnorrsig_extraparams extra = SECP256K1_SCHNORRSIG_EXTRAPARAMS_INIT;
            extra.noncefp = scripted_hardened_nonce;
            extra.ndata = &script;
            Outcome o = sign_custom_outcome(s, msg, false, sk, &extra);
            return o.add("calls", script.log);
        }, kind + " " + to_hex(base.nonce.data(), 32));
        if (i % 4 <= 1) {
            EXPECT_EQ(r.ret, 0) << kind;
            EXPECT_EQ(r.out.substr(0, 4 + 128), "sig=" + std::string(128, '0')) << "failed signing must zero sig64";
        }
    }
}

TEST_F(DiffSchnorr, NonceFunctionBip340CalledDirectly) {
    static const char kAlgo[] = "BIP0340/nonce";
    for (int i = 0; i < diff_iters() / 2 && !HasFailure(); ++i) {
        Bytes msg = rng_.bytes(rng_.below(70));
        B32 key = rng_.scalarish(), pk = rng_.b32(), data = rng_.b32();
        Bytes algo = i % 3 == 0 ? Bytes(kAlgo, kAlgo + 13) : rng_.bytes(rng_.below(40));
        bool null_algo = i % 7 == 6, with_data = rng_.coin();
        Outcome r = same([&](Side& s) {
            Outcome o;
            unsigned char nonce[32];
            std::memset(nonce, kPattern, 32);
            o.ret = s.api->nonce_function_bip340(nonce, nonnull_data(msg), msg.size(), key.data(), pk.data(),
                                                 null_algo ? nullptr : nonnull_data(algo), algo.size(),
                                                 with_data ? data.data() : nullptr);
            return o.add("nonce", nonce, 32);
        }, "algolen " + std::to_string(algo.size()) + (null_algo ? " (NULL algo)" : ""));
        EXPECT_EQ(r.ret, null_algo ? 0 : 1);
    }
}

TEST_F(DiffSchnorr, VerifyEdgeCases) {
    auto edges = edge_values();
    for (int i = 0; i < diff_iters() && !HasFailure(); ++i) {
        B32 sk = seckey();
        Bytes msg = rng_.bytes(i % 5 == 0 ? rng_.below(100) : 32);
        secp256k1_keypair kp;
        ASSERT_EQ(R().keypair_create(Rctx(), &kp, sk.data()), 1);
        unsigned char sig[64];
        ASSERT_EQ(R().schnorrsig_sign_custom(Rctx(), sig, nonnull_data(msg), msg.size(), &kp, nullptr), 1);
        secp256k1_xonly_pubkey xr;
        ASSERT_EQ(R().keypair_xonly_pub(Rctx(), &xr, nullptr, &kp), 1);
        unsigned char x[32];
        ASSERT_EQ(R().xonly_pubkey_serialize(Rctx(), x, &xr), 1);
        std::string what = "valid";
        switch (rng_.below(6)) {
            case 0: {  // r or s replaced by an edge value (r >= p and s >= n must fail)
                B32 v = edges[rng_.below(edges.size())].second;
                bool is_r = rng_.coin();
                std::copy(v.begin(), v.end(), sig + (is_r ? 0 : 32));
                what = std::string(is_r ? "r = " : "s = ") + to_hex(v.data(), 32);
                break;
            }
            case 1: sig[rng_.below(64)] ^= static_cast<unsigned char>(1u << rng_.below(8)); what = "bit flip"; break;
            case 2: if (!msg.empty()) msg[rng_.below(msg.size())] ^= 1; what = "other message"; break;
            case 3: {
                Bytes other = pubkey_bytes(seckey(), true);
                std::copy(other.begin() + 1, other.end(), x);
                what = "other key";
                break;
            }
            default: break;
        }
        same([&](Side& s) {
            Outcome o;
            secp256k1_xonly_pubkey pk;
            if (!s.api->xonly_pubkey_parse(s.ctx, &pk, x)) return o.add("pk", "unparsed");
            o.ret = s.api->schnorrsig_verify(s.ctx, sig, nonnull_data(msg), msg.size(), &pk);
            return o;
        }, what);
    }
}

}  // namespace
}  // namespace fastsecp::test
