// Differential tests for ECDSA: signing (default and custom nonce functions), verification,
// signature parsing (compact and DER, including malformed DER), serialization, normalization.
#include "diff_common.h"

namespace fastsecp::test {
namespace {

using DiffEcdsa = DiffTest;

// ---------------------------------------------------------------------------------------------
// A scripted nonce function: returns `bad` for the first `bad_count` calls, fails (returns 0)
// at call number `fail_at`, else returns `good`; it logs every call's arguments so both
// libraries can be seen to call it identically.
struct NonceScript {
    int bad_count = 0;
    B32 bad{};
    B32 good{};
    int fail_at = -1;
    std::string log;
};

int scripted_nonce(unsigned char* nonce32, const unsigned char* msg32, const unsigned char* key32,
                   const unsigned char* algo16, void* data, unsigned int attempt) {
    auto* script = static_cast<NonceScript*>(data);
    script->log += "[attempt " + std::to_string(attempt) + " msg " + to_hex(msg32, 32) + " key " + to_hex(key32, 32) +
                   " algo " + (algo16 ? to_hex(algo16, 16) : "NULL") + "]";
    int call = static_cast<int>(attempt);
    if (call == script->fail_at) return 0;
    const B32& n = call < script->bad_count ? script->bad : script->good;
    std::memcpy(nonce32, n.data(), 32);
    return 1;
}

Outcome sign_outcome(Side& s, const B32& msg, const B32& sk, secp256k1_nonce_function fn, const void* ndata) {
    Outcome o;
    secp256k1_ecdsa_signature sig;
    fill_pattern(sig);
    o.ret = s.api->ecdsa_sign(s.ctx, &sig, msg.data(), sk.data(), fn, ndata);
    o.add("sig", describe_sig(s, sig));
    if (o.ret == 1) {
        unsigned char der[72];
        size_t len = sizeof(der);
        CountGuard guard(s);
        o.add("der_ret", std::to_string(s.api->ecdsa_signature_serialize_der(s.ctx, der, &len, &sig)));
        o.add("der", der, len);
    }
    return o;
}

TEST_F(DiffEcdsa, SignAndVerify) {
    auto edges = edge_values();
    for (int i = 0; i < diff_iters() && !HasFailure(); ++i) {
        B32 sk = rng_.below(8) == 0 ? rng_.scalarish() : seckey();
        B32 msg = rng_.below(4) == 0 ? edges[rng_.below(edges.size())].second : rng_.b32();
        B32 extra = rng_.b32();
        int which_fn = static_cast<int>(rng_.below(3));  // NULL, the rfc6979 symbol, the default symbol
        bool with_data = rng_.coin();
        Outcome r = same([&](Side& s) {
            secp256k1_nonce_function fn = which_fn == 0 ? nullptr
                                        : which_fn == 1 ? s.api->nonce_function_rfc6979
                                                        : s.api->nonce_function_default;
            Outcome o = sign_outcome(s, msg, sk, fn, with_data ? extra.data() : nullptr);
            if (o.ret != 1) return o;
            // Verification with the right and a wrong message, through a pubkey made here.
            secp256k1_pubkey pk;
            secp256k1_ecdsa_signature sig;
            CountGuard guard(s);
            EXPECT_EQ(s.api->ec_pubkey_create(s.ctx, &pk, sk.data()), 1);
            EXPECT_EQ(s.api->ecdsa_sign(s.ctx, &sig, msg.data(), sk.data(), fn, with_data ? extra.data() : nullptr), 1);
            B32 other = msg;
            other[i % 32] ^= 1;
            o.add("verify", std::to_string(s.api->ecdsa_verify(s.ctx, &sig, msg.data(), &pk)));
            o.add("verify_other", std::to_string(s.api->ecdsa_verify(s.ctx, &sig, other.data(), &pk)));
            return o;
        }, "sk " + to_hex(sk.data(), 32) + " msg " + to_hex(msg.data(), 32));
        bool valid_key = R().ec_seckey_verify(Rctx(), sk.data());
        EXPECT_EQ(r.ret, valid_key ? 1 : 0);
        if (!valid_key) EXPECT_EQ(r.out, "sig=zeroed ");
    }
}

TEST_F(DiffEcdsa, NonceFunctionsCalledDirectly) {
    // The exported nonce function pointers are part of the API and callable by users.
    for (int i = 0; i < diff_iters() / 4 && !HasFailure(); ++i) {
        B32 msg = rng_.scalarish(), key = rng_.scalarish(), data = rng_.b32();
        Bytes algo = rng_.bytes(16);
        unsigned counter = static_cast<unsigned>(rng_.below(4));
        bool with_algo = rng_.coin(), with_data = rng_.coin();
        same([&](Side& s) {
            Outcome o;
            for (auto fn : {s.api->nonce_function_rfc6979, s.api->nonce_function_default}) {
                unsigned char nonce[32];
                std::memset(nonce, kPattern, 32);
                o.ret += fn(nonce, msg.data(), key.data(), with_algo ? algo.data() : nullptr,
                            with_data ? data.data() : nullptr, counter);
                o.add("nonce", nonce, 32);
            }
            return o;
        }, "counter " + std::to_string(counter));
    }
}

TEST_F(DiffEcdsa, CustomNonceRetriesOutOfRangeNonces) {
    auto edges = edge_values();
    for (int i = 0; i < 40 && !HasFailure(); ++i) {
        B32 sk = seckey(), msg = rng_.b32();
        NonceScript base;
        base.good = seckey();  // any valid scalar
        // Out-of-range nonces: zero, n, n+1, 2^256-1, then a good one (the library must retry
        // with counter 1, 2, ... and sign with the first valid nonce).
        static const int kBadIndex[] = {0, 7, 8, 13};
        base.bad = edges[kBadIndex[i % 4]].second;
        base.bad_count = 1 + i % 3;
        Outcome r = same([&](Side& s) {
            NonceScript script = base;
            Outcome o = sign_outcome(s, msg, sk, scripted_nonce, &script);
            return o.add("calls", script.log);
        }, "bad nonce " + edges[kBadIndex[i % 4]].first + " x" + std::to_string(base.bad_count));
        EXPECT_EQ(r.ret, 1);

        // The retried signature equals a first-try signature with the good nonce.
        NonceScript first_try = base;
        first_try.bad_count = 0;
        Outcome d = same([&](Side& s) {
            NonceScript script = first_try;
            return sign_outcome(s, msg, sk, scripted_nonce, &script);
        });
        EXPECT_EQ(r.out.substr(0, r.out.find("calls=")), d.out);
    }
}

TEST_F(DiffEcdsa, CustomNonceFailure) {
    for (int i = 0; i < 20 && !HasFailure(); ++i) {
        B32 sk = i % 5 == 4 ? b32_from_int(0) : seckey();  // also an invalid key with a working nonce
        B32 msg = rng_.b32();
        NonceScript base;
        base.good = seckey();
        base.bad = b32_from_int(0);
        base.bad_count = i % 2;           // maybe one out-of-range nonce first
        base.fail_at = i % 5 == 4 ? -1 : i % 2;  // then the function fails
        Outcome r = same([&](Side& s) {
            NonceScript script = base;
            Outcome o = sign_outcome(s, msg, sk, scripted_nonce, &script);
            return o.add("calls", script.log);
        }, "nonce function failing at call " + std::to_string(base.fail_at));
        EXPECT_EQ(r.ret, 0);
        EXPECT_EQ(r.out.substr(0, 11), "sig=zeroed ");
    }
}

// ---------------------------------------------------------------------------------------------
// Parsing and serialization

TEST_F(DiffEcdsa, ParseCompact) {
    auto edges = edge_values();
    for (int i = 0; i < diff_iters() + int(edges.size() * edges.size()) && !HasFailure(); ++i) {
        B32 r, s;
        if (i < int(edges.size() * edges.size())) {
            r = edges[i / edges.size()].second;
            s = edges[i % edges.size()].second;
        } else {
            r = rng_.scalarish();
            s = rng_.scalarish();
        }
        Bytes in = concat64(r, s);
        same([&](Side& side) {
            Outcome o;
            secp256k1_ecdsa_signature sig;
            fill_pattern(sig);
            o.ret = side.api->ecdsa_signature_parse_compact(side.ctx, &sig, in.data());
            return o.add("sig", describe_sig(side, sig));
        }, to_hex(in));
    }
}

// DER encodings around every rule of the strict parser. Hex, with a name for each.
std::vector<std::pair<std::string, std::string>> der_edge_cases(const std::string& valid_der) {
    const std::string r32 = "7186363571d65e084e7f02b0b77c3ec44fb1b257dee26274c38c928986fea45d";
    const std::string s32 = "0de0b38e06807e46bda1f1e293f4f6323e854c86d58abdd00c46c16441085df6";
    const std::string n = "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141";
    const std::string ones = std::string(64, 'f');
    const std::string zeros64 = std::string(128, '0');
    return {
        {"valid", valid_der},
        {"valid + trailing byte", valid_der + "00"},
        {"valid truncated", valid_der.substr(0, valid_der.size() - 2)},
        {"r = s = 0", "3006020100020100"},
        {"r = s = 1", "3006020101020101"},
        {"r padded with 00", "300702020001020101"},
        {"r = 0x80 with required 00", "30070202008002010" "1"},
        {"r negative 0x80", "3006020180020101"},
        {"r negative 0xff", "30060201ff020101"},
        {"r with excess ff padding", "30070202ff80020101"},
        {"r = ff 7f (negative, minimal)", "30070202ff7f020101"},
        {"r zero length", "3005020002010" "1"},
        {"s zero length", "3005020101020" "0"},
        {"32-byte r, s", "3044" "0220" + r32 + "0220" + s32},
        {"r = n", "3045" "022100" + n + "0220" + s32},
        {"r = 2^256-1", "3045" "022100" + ones + "0220" + s32},
        {"r 33 bytes, first not 00", "3045" "022101" + r32 + "0220" + s32},
        {"r 65 bytes (long form lengths)", "308186" "024101" + zeros64 + "024101" + zeros64},
        {"sequence length long form < 128", "308106020101020101"},
        {"sequence length long form with leading 0", "30820006020101020101"},
        {"integer length long form < 128", "3007028101010201" "01"},
        {"indefinite sequence length", "3080020101020101" "0000"},
        {"length byte ff", "30ff020101020101"},
        {"length of 9 length bytes", "3089" "000000000000000006" "020101020101"},
        {"length of 8 length bytes, huge", "3088" "ffffffffffffffff" "020101020101"},
        {"sequence length too long", "3007020101020101"},
        {"sequence length too short", "3005020101020101"},
        {"garbage inside sequence", "3008020101020101" "0000"},
        {"integer tag 03", "3006030101020101"},
        {"sequence tag 31", "3106020101020101"},
        {"set of only r", "3003020101"},
        {"empty", ""},
        {"only 30", "30"},
        {"30 00", "3000"},
    };
}

Outcome parse_der_outcome(Side& s, const Bytes& der) {
    Outcome o;
    secp256k1_ecdsa_signature sig;
    fill_pattern(sig);
    o.ret = s.api->ecdsa_signature_parse_der(s.ctx, &sig, nonnull_data(der), der.size());
    return o.add("sig", describe_sig(s, sig));
}

TEST_F(DiffEcdsa, ParseDerEdgeCases) {
    B32 sk = seckey(), msg = rng_.b32();
    secp256k1_ecdsa_signature sig;
    ASSERT_EQ(R().ecdsa_sign(Rctx(), &sig, msg.data(), sk.data(), nullptr, nullptr), 1);
    unsigned char der[72];
    size_t len = sizeof(der);
    ASSERT_EQ(R().ecdsa_signature_serialize_der(Rctx(), der, &len, &sig), 1);
    for (const auto& [name, hex] : der_edge_cases(to_hex(der, len))) {
        Bytes input = from_hex(hex);
        same([&](Side& s) { return parse_der_outcome(s, input); }, name + ": " + hex);
    }
}

TEST_F(DiffEcdsa, ParseDerMutations) {
    for (int i = 0; i < diff_iters() * 2 && !HasFailure(); ++i) {
        // Start from a valid encoding, sometimes with small r or s (short integers).
        Bytes compact = rng_.bytes(64);
        if (rng_.coin()) std::fill(compact.begin(), compact.begin() + rng_.below(32), 0);
        if (rng_.coin()) std::fill(compact.begin() + 32, compact.begin() + 32 + rng_.below(32), 0);
        compact[0] &= 0x7F;
        compact[32] &= 0x7F;
        secp256k1_ecdsa_signature sig;
        ASSERT_EQ(R().ecdsa_signature_parse_compact(Rctx(), &sig, compact.data()), 1);
        unsigned char der[72];
        size_t len = sizeof(der);
        ASSERT_EQ(R().ecdsa_signature_serialize_der(Rctx(), der, &len, &sig), 1);
        Bytes input(der, der + len);
        int edits = 1 + static_cast<int>(rng_.below(3));
        for (int e = 0; e < edits && !input.empty(); ++e) {
            size_t at = rng_.below(input.size());
            switch (rng_.below(5)) {
                case 0: input[at] ^= static_cast<unsigned char>(1u << rng_.below(8)); break;
                case 1: input[at] = static_cast<unsigned char>(rng_.u64()); break;
                case 2: input.insert(input.begin() + at, static_cast<unsigned char>(rng_.coin() ? 0 : rng_.u64())); break;
                case 3: input.erase(input.begin() + at); break;
                default: input.resize(at); break;
            }
        }
        same([&](Side& s) { return parse_der_outcome(s, input); }, to_hex(input));
    }
}

TEST_F(DiffEcdsa, SerializeDerAndCompact) {
    auto edges = edge_values();
    for (int i = 0; i < diff_iters() && !HasFailure(); ++i) {
        B32 r = rng_.scalarish(), s = rng_.scalarish();
        if (rng_.coin()) std::fill(r.begin(), r.begin() + rng_.below(33), 0);
        Bytes in = concat64(r, s);
        size_t buflen = rng_.below(4) == 0 ? rng_.below(72) : 72 + rng_.below(8);  // sometimes too short
        same([&](Side& side) {
            Outcome o;
            secp256k1_ecdsa_signature sig;
            if (!side.api->ecdsa_signature_parse_compact(side.ctx, &sig, in.data())) return o.add("parse", "0");
            Bytes der(buflen + 1, kPattern);  // +1: data() must not be NULL
            size_t len = buflen;
            o.ret = side.api->ecdsa_signature_serialize_der(side.ctx, der.data(), &len, &sig);
            o.add("len", std::to_string(len)).add("der", to_hex(der));
            unsigned char compact[64];
            o.add("compact_ret", std::to_string(side.api->ecdsa_signature_serialize_compact(side.ctx, compact, &sig)));
            return o.add("compact", compact, 64);
        }, to_hex(in) + " into " + std::to_string(buflen) + " bytes");
    }
}

TEST_F(DiffEcdsa, NormalizeAndHighS) {
    for (int i = 0; i < diff_iters() && !HasFailure(); ++i) {
        B32 sk = seckey(), msg = rng_.b32();
        bool make_high = rng_.coin();
        Outcome r = same([&](Side& s) {
            Outcome o;
            secp256k1_ecdsa_signature sig, norm;
            secp256k1_pubkey pk;
            EXPECT_EQ(s.api->ecdsa_sign(s.ctx, &sig, msg.data(), sk.data(), nullptr, nullptr), 1);
            EXPECT_EQ(s.api->ec_pubkey_create(s.ctx, &pk, sk.data()), 1);
            if (make_high) {  // replace s by n - s, the other valid ECDSA solution
                unsigned char c[64];
                s.api->ecdsa_signature_serialize_compact(s.ctx, c, &sig);
                B32 sv;
                std::copy(c + 32, c + 64, sv.begin());
                B32 hs = neg_mod_order(sv);
                std::copy(hs.begin(), hs.end(), c + 32);
                EXPECT_EQ(s.api->ecdsa_signature_parse_compact(s.ctx, &sig, c), 1);
            }
            o.add("verify", std::to_string(s.api->ecdsa_verify(s.ctx, &sig, msg.data(), &pk)));
            fill_pattern(norm);
            o.ret = s.api->ecdsa_signature_normalize(s.ctx, &norm, &sig);
            o.add("norm", describe_sig(s, norm));
            o.add("ret_without_output", std::to_string(s.api->ecdsa_signature_normalize(s.ctx, nullptr, &sig)));
            o.add("verify_norm", std::to_string(s.api->ecdsa_verify(s.ctx, &norm, msg.data(), &pk)));
            // In-place normalization is allowed.
            o.add("in_place", std::to_string(s.api->ecdsa_signature_normalize(s.ctx, &sig, &sig)));
            return o.add("after_in_place", describe_sig(s, sig));
        }, make_high ? "high S" : "low S");
        EXPECT_EQ(r.ret, make_high ? 1 : 0);
        EXPECT_NE(r.out.find(make_high ? "verify=0 " : "verify=1 "), std::string::npos) << "high S must not verify";
        EXPECT_NE(r.out.find("verify_norm=1 "), std::string::npos);
    }
}

TEST_F(DiffEcdsa, VerifyEdgeCases) {
    auto edges = edge_values();
    for (int i = 0; i < diff_iters() && !HasFailure(); ++i) {
        B32 sk = seckey(), msg = rng_.b32();
        Bytes pkb = pubkey_bytes(sk, true);
        secp256k1_ecdsa_signature sig;
        ASSERT_EQ(R().ecdsa_sign(Rctx(), &sig, msg.data(), sk.data(), nullptr, nullptr), 1);
        unsigned char c[64];
        ASSERT_EQ(R().ecdsa_signature_serialize_compact(Rctx(), c, &sig), 1);
        Bytes der;
        std::string what;
        switch (rng_.below(5)) {
            case 0: {  // r or s replaced by an edge value: through DER, so >= n loads as zero
                B32 v = edges[rng_.below(edges.size())].second;
                bool is_r = rng_.coin();
                std::copy(v.begin(), v.end(), c + (is_r ? 0 : 32));
                what = std::string(is_r ? "r" : "s") + " = " + to_hex(v.data(), 32);
                break;
            }
            case 1: msg = edges[rng_.below(edges.size())].second; what = "edge message"; break;
            case 2: msg[rng_.below(32)] ^= 0x10; what = "wrong message"; break;
            case 3: pkb = random_pubkey_bytes(); what = "wrong key"; break;
            default: what = "valid";
        }
        // DER of the (possibly edited) r and s, built by hand so values >= n pass through.
        auto der_int = [](const unsigned char* p) {
            Bytes v(p, p + 32);
            while (v.size() > 1 && v[0] == 0 && !(v[1] & 0x80)) v.erase(v.begin());
            if (v[0] & 0x80) v.insert(v.begin(), 0);
            Bytes out{0x02, static_cast<unsigned char>(v.size())};
            out.insert(out.end(), v.begin(), v.end());
            return out;
        };
        Bytes ri = der_int(c), si = der_int(c + 32);
        der = {0x30, static_cast<unsigned char>(ri.size() + si.size())};
        der.insert(der.end(), ri.begin(), ri.end());
        der.insert(der.end(), si.begin(), si.end());
        same([&](Side& s) {
            Outcome o;
            secp256k1_pubkey pk;
            secp256k1_ecdsa_signature sg;
            if (!parse_pubkey(s, pk, pkb)) return o.add("pk", "unparsed");
            o.add("parse_der", std::to_string(s.api->ecdsa_signature_parse_der(s.ctx, &sg, der.data(), der.size())));
            o.ret = s.api->ecdsa_verify(s.ctx, &sg, msg.data(), &pk);
            return o;
        }, what + " " + to_hex(der));
    }
}

}  // namespace
}  // namespace fastsecp::test
