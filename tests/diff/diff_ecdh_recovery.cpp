// Differential tests for the ECDH module (default and custom hash functions, invalid scalars)
// and the recovery module (recoverable signing, compact form, conversion, recovery).
#include "diff_common.h"

namespace fastsecp::test {
namespace {

using DiffEcdh = DiffTest;
using DiffRecovery = DiffTest;

// ---------------------------------------------------------------------------------------------
// ECDH (not built when the library is configured without the module, as inside Bitcoin Core)
#if defined(ENABLE_MODULE_ECDH)

// Custom hash functions: copy x || y (so the shared point itself is compared), or fail.
int hash_copy_xy(unsigned char* output, const unsigned char* x32, const unsigned char* y32, void* data) {
    std::memcpy(output, x32, 32);
    std::memcpy(output + 32, y32, 32);
    if (data != nullptr) ++*static_cast<int*>(data);
    return 1;
}
int hash_fail(unsigned char* output, const unsigned char*, const unsigned char*, void* data) {
    output[0] = 0x42;  // writes something, then reports failure
    if (data != nullptr) ++*static_cast<int*>(data);
    return 0;
}

TEST_F(DiffEcdh, AllHashFunctionsAndScalars) {
    for (int i = 0; i < diff_iters() && !HasFailure(); ++i) {
        Bytes point = random_pubkey_bytes();
        B32 scalar = rng_.below(4) == 0 ? rng_.scalarish() : seckey();
        int which = static_cast<int>(rng_.below(5));
        static const char* kNames[] = {"NULL (default)", "ecdh_hash_function_sha256", "ecdh_hash_function_default",
                                       "copy x||y", "failing hash"};
        Outcome r = same([&](Side& s) {
            Outcome o;
            secp256k1_pubkey pk;
            if (!parse_pubkey(s, pk, point)) return o.add("parse", "failed");
            secp256k1_ecdh_hash_function fn = which == 0 ? nullptr
                                            : which == 1 ? s.api->ecdh_hash_function_sha256
                                            : which == 2 ? s.api->ecdh_hash_function_default
                                            : which == 3 ? hash_copy_xy
                                                         : hash_fail;
            unsigned char out[64];
            std::memset(out, kPattern, sizeof(out));
            int calls = 0;
            o.ret = s.api->ecdh(s.ctx, out, &pk, scalar.data(), fn, which >= 3 ? &calls : nullptr);
            return o.add("out", out, sizeof(out)).add("hash_calls", std::to_string(calls));
        }, std::string(kNames[which]) + " scalar " + to_hex(scalar.data(), 32));
        bool valid_scalar = R().ec_seckey_verify(Rctx(), scalar.data());
        EXPECT_EQ(r.ret, valid_scalar && which != 4 ? 1 : 0);
    }
}

TEST_F(DiffEcdh, Sha256HashMatchesDefinition) {
    // With the default hash the output is SHA-256(0x02|0x03 by y parity, x), computed here from
    // the x||y that the copying hash exposes.
    for (int i = 0; i < diff_iters() / 4 && !HasFailure(); ++i) {
        Bytes point = random_pubkey_bytes();
        B32 scalar = seckey();
        Outcome xy = same([&](Side& s) {
            Outcome o;
            secp256k1_pubkey pk;
            if (!parse_pubkey(s, pk, point)) return o.add("parse", "failed");
            unsigned char out[64];
            o.ret = s.api->ecdh(s.ctx, out, &pk, scalar.data(), hash_copy_xy, nullptr);
            return o.add("xy", out, 64);
        });
        Outcome def = same([&](Side& s) {
            Outcome o;
            secp256k1_pubkey pk;
            if (!parse_pubkey(s, pk, point)) return o.add("parse", "failed");
            unsigned char out[32];
            o.ret = s.api->ecdh(s.ctx, out, &pk, scalar.data(), nullptr, nullptr);
            return o.add("hash", out, 32);
        });
        Bytes xyb = from_hex(xy.out.substr(3, 128));
        Bytes pre{static_cast<unsigned char>(0x02 | (xyb[63] & 1))};
        pre.insert(pre.end(), xyb.begin(), xyb.begin() + 32);
        auto h = sha256(pre);
        EXPECT_EQ(def.out, "hash=" + to_hex(h.data(), 32) + " ");
    }
}

TEST_F(DiffEcdh, HashFunctionCalledDirectly) {
    for (int i = 0; i < diff_iters() / 4 && !HasFailure(); ++i) {
        B32 x = rng_.b32(), y = rng_.b32();
        same([&](Side& s) {
            Outcome o;
            for (auto fn : {s.api->ecdh_hash_function_sha256, s.api->ecdh_hash_function_default}) {
                unsigned char out[32];
                o.ret += fn(out, x.data(), y.data(), nullptr);
                o.add("out", out, 32);
            }
            return o;
        });
    }
}
#endif  // ENABLE_MODULE_ECDH

// ---------------------------------------------------------------------------------------------
// Recovery

TEST_F(DiffRecovery, SignRecoverableConvertRecover) {
    for (int i = 0; i < diff_iters() && !HasFailure(); ++i) {
        B32 sk = rng_.below(8) == 0 ? rng_.scalarish() : seckey();
        B32 msg = rng_.b32(), extra = rng_.b32();
        bool with_data = rng_.coin();
        Outcome r = same([&](Side& s) {
            Outcome o;
            secp256k1_ecdsa_recoverable_signature rs;
            fill_pattern(rs);
            const void* nd = with_data ? extra.data() : nullptr;
            o.ret = s.api->ecdsa_sign_recoverable(s.ctx, &rs, msg.data(), sk.data(), nullptr, nd);
            o.add("recsig", describe_recsig(s, rs));
            if (o.ret != 1) return o;
            // Converting gives the same signature ecdsa_sign makes.
            secp256k1_ecdsa_signature conv, plain;
            fill_pattern(conv);
            o.add("convert_ret", std::to_string(s.api->ecdsa_recoverable_signature_convert(s.ctx, &conv, &rs)));
            o.add("converted", describe_sig(s, conv));
            EXPECT_EQ(s.api->ecdsa_sign(s.ctx, &plain, msg.data(), sk.data(), nullptr, nd), 1);
            EXPECT_EQ(describe_sig(s, plain), describe_sig(s, conv)) << s.label;
            secp256k1_pubkey rec;
            fill_pattern(rec);
            o.add("recover_ret", std::to_string(s.api->ecdsa_recover(s.ctx, &rec, &rs, msg.data())));
            return o.add("recovered", describe_pubkey(s, rec));
        }, "sk " + to_hex(sk.data(), 32));
        bool valid_key = R().ec_seckey_verify(Rctx(), sk.data());
        EXPECT_EQ(r.ret, valid_key ? 1 : 0);
        if (valid_key) {
            Bytes want = pubkey_bytes(sk, false);
            EXPECT_NE(r.out.find("recovered=" + to_hex(want)), std::string::npos) << "recovery must find the signer";
        }
    }
}

TEST_F(DiffRecovery, ParseCompactAndRecoverAllRecids) {
    auto edges = edge_values();
    for (int i = 0; i < diff_iters() && !HasFailure(); ++i) {
        B32 r, s;
        switch (rng_.below(4)) {
            case 0: {  // r < p - n, so recid 2 and 3 (x = r + n) can name a point
                r = b32_from_int(0);
                for (int b = 16; b < 32; ++b) r[b] = static_cast<unsigned char>(rng_.u64());
                s = rng_.scalarish();
                break;
            }
            case 1: r = edges[rng_.below(edges.size())].second; s = rng_.scalarish(); break;
            case 2: r = rng_.scalarish(); s = edges[rng_.below(edges.size())].second; break;
            default: r = rng_.b32(); s = rng_.b32();
        }
        Bytes in = concat64(r, s);
        B32 msg = rng_.below(8) == 0 ? b32_from_int(0) : rng_.b32();
        for (int recid = 0; recid < 4; ++recid) {
            same([&](Side& side) {
                Outcome o;
                secp256k1_ecdsa_recoverable_signature rs;
                fill_pattern(rs);
                o.ret = side.api->ecdsa_recoverable_signature_parse_compact(side.ctx, &rs, in.data(), recid);
                o.add("recsig", describe_recsig(side, rs));
                if (o.ret != 1) return o;
                unsigned char out64[64];
                int out_recid = -1;
                o.add("ser_ret", std::to_string(side.api->ecdsa_recoverable_signature_serialize_compact(side.ctx, out64, &out_recid, &rs)));
                o.add("ser", out64, 64).add("recid", std::to_string(out_recid));
                secp256k1_pubkey pk;
                fill_pattern(pk);
                o.add("recover_ret", std::to_string(side.api->ecdsa_recover(side.ctx, &pk, &rs, msg.data())));
                return o.add("pk", describe_pubkey(side, pk));
            }, "recid " + std::to_string(recid) + " " + to_hex(in));
        }
    }
}

}  // namespace
}  // namespace fastsecp::test
