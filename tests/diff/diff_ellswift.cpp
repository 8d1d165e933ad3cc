// ElligatorSwift (secp256k1_ellswift.h): fastsecp and the reference on the same random and edge
// inputs must give identical return values, outputs and illegal-argument callbacks.
#include "diff_common.h"

namespace fastsecp::test {
namespace {

class DiffEllswift : public DiffTest {};

int hash_copy_x(unsigned char* out, const unsigned char* x32, const unsigned char*, const unsigned char*, void*) {
    std::memcpy(out, x32, 32);
    return 1;
}
int hash_fail(unsigned char*, const unsigned char*, const unsigned char*, const unsigned char*, void*) { return 0; }

// 64 bytes that are sometimes edge values: zero, p, p+1, all ones, in either half.
Bytes ell_input(Rng& rng) {
    Bytes b = rng.bytes(64);
    for (int half = 0; half < 2; half++) {
        B32 e;
        switch (rng.below(10)) {
            case 0: e = b32_from_int(0); break;
            case 1: e = kPrime; break;
            case 2: e = b32_add_int(kPrime, 1); break;
            case 3: e = b32_all(0xFF); break;
            case 4: e = b32_from_int(1); break;
            default: continue;
        }
        std::memcpy(b.data() + 32 * half, e.data(), 32);
    }
    return b;
}

TEST_F(DiffEllswift, DecodeAnyBytes) {
    for (int i = 0; i < diff_iters() * 2 && !HasFailure(); ++i) {
        Bytes ell = ell_input(rng_);
        same([&](Side& s) {
            Outcome o;
            secp256k1_pubkey pk;
            fill_pattern(pk);
            o.ret = s.api->ellswift_decode(s.ctx, &pk, ell.data());
            return o.add("pubkey", describe_pubkey(s, pk));
        }, "decode " + to_hex(ell));
    }
}

TEST_F(DiffEllswift, EncodeIsByteIdentical) {
    for (int i = 0; i < diff_iters() && !HasFailure(); ++i) {
        Bytes key = random_pubkey_bytes();
        B32 rnd = rng_.coin() ? rng_.b32() : rng_.scalarish();
        same([&](Side& s) {
            Outcome o;
            secp256k1_pubkey pk;
            if (!parse_pubkey(s, pk, key)) return o.add("parse", "failed");
            unsigned char ell[64];
            std::memset(ell, kPattern, sizeof ell);
            o.ret = s.api->ellswift_encode(s.ctx, ell, &pk, rnd.data());
            secp256k1_pubkey back;
            int dec = s.api->ellswift_decode(s.ctx, &back, ell);
            return o.add("ell", ell, 64).add("roundtrip", std::to_string(dec && s.api->ec_pubkey_cmp(s.ctx, &pk, &back) == 0));
        }, "encode " + to_hex(key));
    }
}

TEST_F(DiffEllswift, CreateIsByteIdentical) {
    for (int i = 0; i < diff_iters() && !HasFailure(); ++i) {
        B32 sk = rng_.below(4) == 0 ? rng_.scalarish() : seckey();
        B32 aux = rng_.b32();
        bool with_aux = rng_.coin();
        same([&](Side& s) {
            Outcome o;
            unsigned char ell[64];
            std::memset(ell, kPattern, sizeof ell);
            o.ret = s.api->ellswift_create(s.ctx, ell, sk.data(), with_aux ? aux.data() : nullptr);
            return o.add("ell", ell, 64);
        }, "create " + to_hex(sk.data(), 32));
    }
}

TEST_F(DiffEllswift, XdhAllHashFunctions) {
    for (int i = 0; i < diff_iters() && !HasFailure(); ++i) {
        Bytes a = ell_input(rng_), b = ell_input(rng_);
        B32 sk = rng_.below(4) == 0 ? rng_.scalarish() : seckey();
        int party = static_cast<int>(rng_.below(2));
        int which = static_cast<int>(rng_.below(4));
        B32 prefix1 = rng_.b32(), prefix2 = rng_.b32();
        unsigned char prefix[64];
        std::memcpy(prefix, prefix1.data(), 32);
        std::memcpy(prefix + 32, prefix2.data(), 32);
        same([&](Side& s) {
            Outcome o;
            secp256k1_ellswift_xdh_hash_function fn = which == 0 ? s.api->ellswift_xdh_hash_function_bip324
                                                    : which == 1 ? s.api->ellswift_xdh_hash_function_prefix
                                                    : which == 2 ? hash_copy_x
                                                                 : hash_fail;
            unsigned char out[32];
            std::memset(out, kPattern, sizeof out);
            o.ret = s.api->ellswift_xdh(s.ctx, out, a.data(), b.data(), sk.data(), party, fn, prefix);
            return o.add("out", out, 32);
        }, "xdh hash " + std::to_string(which) + " party " + std::to_string(party));
    }
}

TEST_F(DiffEllswift, BothPartiesAgree) {
    for (int i = 0; i < diff_iters() / 4 && !HasFailure(); ++i) {
        B32 ska = seckey(), skb = seckey();
        same([&](Side& s) {
            Outcome o;
            unsigned char ea[64], eb[64], sa[32], sb[32];
            o.ret = s.api->ellswift_create(s.ctx, ea, ska.data(), nullptr) &
                    s.api->ellswift_create(s.ctx, eb, skb.data(), nullptr);
            o.ret &= s.api->ellswift_xdh(s.ctx, sa, ea, eb, ska.data(), 0, s.api->ellswift_xdh_hash_function_bip324, nullptr);
            o.ret &= s.api->ellswift_xdh(s.ctx, sb, ea, eb, skb.data(), 1, s.api->ellswift_xdh_hash_function_bip324, nullptr);
            return o.add("a", sa, 32).add("agree", std::to_string(std::memcmp(sa, sb, 32) == 0));
        }, "agree");
    }
}

TEST_F(DiffEllswift, IllegalArguments) {
    B32 sk = seckey(), rnd = rng_.b32();
    Bytes key = pubkey_bytes(sk, true);
    for (int arg = 0; arg < 12 && !HasFailure(); ++arg) {
        same([&](Side& s) {
            Outcome o;
            secp256k1_pubkey pk;
            parse_pubkey(s, pk, key);
            unsigned char ell[64], out[32];
            std::memset(ell, kPattern, sizeof ell);
            std::memset(out, kPattern, sizeof out);
            switch (arg) {
                case 0: o.ret = s.api->ellswift_encode(s.ctx, nullptr, &pk, rnd.data()); break;
                case 1: o.ret = s.api->ellswift_encode(s.ctx, ell, nullptr, rnd.data()); break;
                case 2: o.ret = s.api->ellswift_encode(s.ctx, ell, &pk, nullptr); break;
                case 3: o.ret = s.api->ellswift_decode(s.ctx, nullptr, ell); break;
                case 4: o.ret = s.api->ellswift_decode(s.ctx, &pk, nullptr); break;
                case 5: o.ret = s.api->ellswift_create(s.ctx, nullptr, sk.data(), nullptr); break;
                case 6: o.ret = s.api->ellswift_create(s.ctx, ell, nullptr, nullptr); break;
                case 7: o.ret = s.api->ellswift_xdh(s.ctx, nullptr, ell, ell, sk.data(), 0, s.api->ellswift_xdh_hash_function_bip324, nullptr); break;
                case 8: o.ret = s.api->ellswift_xdh(s.ctx, out, nullptr, ell, sk.data(), 0, s.api->ellswift_xdh_hash_function_bip324, nullptr); break;
                case 9: o.ret = s.api->ellswift_xdh(s.ctx, out, ell, nullptr, sk.data(), 0, s.api->ellswift_xdh_hash_function_bip324, nullptr); break;
                case 10: o.ret = s.api->ellswift_xdh(s.ctx, out, ell, ell, nullptr, 0, s.api->ellswift_xdh_hash_function_bip324, nullptr); break;
                case 11: o.ret = s.api->ellswift_xdh(s.ctx, out, ell, ell, sk.data(), 0, nullptr, nullptr); break;
            }
            return o.add("ell", ell, 64).add("out", out, 32);
        }, "illegal argument " + std::to_string(arg));
    }
}

}  // namespace
}  // namespace fastsecp::test
