// ElligatorSwift (secp256k1_ellswift.h): fastsecp and the reference on the same random and edge
// inputs must give identical return values, outputs and illegal-argument callbacks.
#include "diff_common.h"

#include <csignal>
#include <cstdlib>
#include <sys/wait.h>
#include <unistd.h>

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

// Every NULL argument alone, several at once (the first failing check decides the message), and
// a pubkey object that holds no valid key. Return value, callback count and message, and what was
// written to the outputs must agree.
TEST_F(DiffEllswift, IllegalArguments) {
    B32 sk = seckey(), rnd = rng_.b32();
    Bytes key = pubkey_bytes(sk, true);
    unsigned char* no_bytes = null_of<unsigned char>();
    secp256k1_pubkey* no_pk = null_of<secp256k1_pubkey>();
    for (int arg = 0; arg < 17 && !HasFailure(); ++arg) {
        same([&](Side& s) {
            Outcome o;
            secp256k1_pubkey pk, zero_pk;
            parse_pubkey(s, pk, key);
            std::memset(&zero_pk, 0, sizeof zero_pk);
            unsigned char ell[64], out[32];
            std::memset(ell, kPattern, sizeof ell);
            std::memset(out, kPattern, sizeof out);
            auto bip = s.api->ellswift_xdh_hash_function_bip324;
            s.illegal.last.clear();
            switch (arg) {
                case 0: o.ret = s.api->ellswift_encode(s.ctx, no_bytes, &pk, rnd.data()); break;
                case 1: o.ret = s.api->ellswift_encode(s.ctx, ell, no_pk, rnd.data()); break;
                case 2: o.ret = s.api->ellswift_encode(s.ctx, ell, &pk, no_bytes); break;
                case 3: o.ret = s.api->ellswift_decode(s.ctx, no_pk, ell); break;
                case 4: o.ret = s.api->ellswift_decode(s.ctx, &pk, no_bytes); break;
                case 5: o.ret = s.api->ellswift_create(s.ctx, no_bytes, sk.data(), nullptr); break;
                case 6: o.ret = s.api->ellswift_create(s.ctx, ell, no_bytes, nullptr); break;
                case 7: o.ret = s.api->ellswift_xdh(s.ctx, no_bytes, ell, ell, sk.data(), 0, bip, nullptr); break;
                case 8: o.ret = s.api->ellswift_xdh(s.ctx, out, no_bytes, ell, sk.data(), 0, bip, nullptr); break;
                case 9: o.ret = s.api->ellswift_xdh(s.ctx, out, ell, no_bytes, sk.data(), 0, bip, nullptr); break;
                case 10: o.ret = s.api->ellswift_xdh(s.ctx, out, ell, ell, no_bytes, 0, bip, nullptr); break;
                case 11: o.ret = s.api->ellswift_xdh(s.ctx, out, ell, ell, sk.data(), 0, nullptr, nullptr); break;
                // Several NULLs: only the first check in the reference's order reports.
                case 12: o.ret = s.api->ellswift_encode(s.ctx, ell, no_pk, no_bytes); break;
                case 13: o.ret = s.api->ellswift_decode(s.ctx, no_pk, no_bytes); break;
                case 14: o.ret = s.api->ellswift_xdh(s.ctx, out, ell, no_bytes, no_bytes, 1, nullptr, nullptr); break;
                case 15:
                    o.ret = s.api->ellswift_xdh(s.ctx, no_bytes, no_bytes, no_bytes, no_bytes, 0, nullptr, nullptr);
                    break;
                // A pubkey object that was never filled in (all zero): rejected while loading.
                case 16: o.ret = s.api->ellswift_encode(s.ctx, ell, &zero_pk, rnd.data()); break;
            }
            return o.add("msg", s.illegal.last).add("ell", ell, 64).add("out", out, 32);
        }, "illegal argument " + std::to_string(arg));
    }
}

// Hash functions of the caller's own: they get the shared x, the two encodings (same pointers as
// passed, A's first) and `data`; any nonzero return counts as success.
struct HashProbe {
    const unsigned char* a = nullptr;
    const unsigned char* b = nullptr;
    int calls = 0;
    int ret = 1;
};
int hash_probe(unsigned char* out, const unsigned char* x32, const unsigned char* ell_a64, const unsigned char* ell_b64,
               void* data) {
    auto* p = static_cast<HashProbe*>(data);
    ++p->calls;
    for (int i = 0; i < 32; i++) out[i] = static_cast<unsigned char>(x32[i] ^ ell_a64[i] ^ ell_b64[63 - i]);
    out[0] = static_cast<unsigned char>(out[0] ^ (ell_a64 == p->a ? 0x00 : 0x55) ^ (ell_b64 == p->b ? 0x00 : 0xAA));
    return p->ret;
}

TEST_F(DiffEllswift, XdhCustomHashArguments) {
    const int rets[] = {1, 2, -1, 0};
    for (int i = 0; i < diff_iters() && !HasFailure(); ++i) {
        Bytes a = ell_input(rng_), b = ell_input(rng_);
        B32 sk = rng_.below(4) == 0 ? rng_.scalarish() : seckey();
        const int parties[] = {0, 1, 2, -1};
        int party = parties[rng_.below(4)];
        int want = rets[rng_.below(4)];
        same([&](Side& s) {
            Outcome o;
            HashProbe probe;
            probe.a = a.data();
            probe.b = b.data();
            probe.ret = want;
            unsigned char out[32];
            std::memset(out, kPattern, sizeof out);
            o.ret = s.api->ellswift_xdh(s.ctx, out, a.data(), b.data(), sk.data(), party, hash_probe, &probe);
            return o.add("out", out, 32).add("calls", std::to_string(probe.calls));
        }, "xdh custom hash, party " + std::to_string(party) + " returns " + std::to_string(want));
    }
}

// Decoding every pairing of the field's edge encodings for u and t: small values, 2^32, 2^64,
// p-2 .. p+1, p + 2^32 (2^256 - 977: its square once reduced to 0, found by the fuzzer),
// 2^256 - 2, 2^256 - 1.
TEST_F(DiffEllswift, DecodeEdgePairs) {
    B32 two64 = b32_from_int(0);
    two64[23] = 1;
    const B32 edges[] = {b32_from_int(0), b32_from_int(1), b32_from_int(7), b32_from_int(0x100000000ULL),
                         b32_from_int(0x1000003D1ULL), two64, b32_sub_int(kPrime, 2), b32_sub_int(kPrime, 1),
                         kPrime, b32_add_int(kPrime, 1), b32_add_int(kPrime, 0x100000000ULL),
                         b32_sub_int(b32_all(0xFF), 1), b32_all(0xFF)};
    for (const B32& u : edges)
        for (const B32& t : edges) {
            Bytes ell(64);
            std::memcpy(ell.data(), u.data(), 32);
            std::memcpy(ell.data() + 32, t.data(), 32);
            same([&](Side& s) {
                Outcome o;
                secp256k1_pubkey pk;
                fill_pattern(pk);
                o.ret = s.api->ellswift_decode(s.ctx, &pk, ell.data());
                return o.add("pubkey", describe_pubkey(s, pk));
            }, "decode " + to_hex(ell));
        }
}

// Encodings of the keys of edge secret keys (1, 2, n-1, n-2, ...) with edge randomness.
TEST_F(DiffEllswift, EncodeAndCreateEdgeKeys) {
    for (const auto& [name, sk] : edge_values()) {
        for (const auto& [rname, rnd] : edge_values()) {
            same([&](Side& s) {
                Outcome o;
                unsigned char ell[64], ell2[64];
                std::memset(ell, kPattern, sizeof ell);
                std::memset(ell2, kPattern, sizeof ell2);
                o.ret = s.api->ellswift_create(s.ctx, ell, sk.data(), rnd.data());
                secp256k1_pubkey pk;
                if (s.api->ec_pubkey_create(s.ctx, &pk, sk.data()))
                    o.ret += 2 * s.api->ellswift_encode(s.ctx, ell2, &pk, rnd.data());
                return o.add("create", ell, 64).add("encode", ell2, 64);
            }, "edge key " + name + " rnd " + rname);
        }
    }
}

// Encode, decode and xdh only read public data or use the CT multiplication that needs no
// tables: they work on the static context with results equal to a full context's.
TEST_F(DiffEllswift, StaticContextServesAllButCreate) {
    B32 sk = seckey(), rnd = rng_.b32();
    Bytes key = pubkey_bytes(sk, false);
    Bytes peer = ell_input(rng_);
    same([&](Side& s) {
        auto* stc = const_cast<secp256k1_context*>(s.api->context_static);
        Outcome o;
        secp256k1_pubkey pk, back;
        parse_pubkey(s, pk, key);
        unsigned char ell[64], out[32];
        o.ret = s.api->ellswift_encode(stc, ell, &pk, rnd.data());
        o.ret += s.api->ellswift_decode(stc, &back, ell);
        o.ret += s.api->ellswift_xdh(stc, out, ell, peer.data(), sk.data(), 0,
                                     s.api->ellswift_xdh_hash_function_bip324, nullptr);
        o.add("ell", ell, 64).add("back", describe_pubkey(s, back)).add("bip324", out, 32);
        unsigned char prefix[64] = {7};
        o.ret += s.api->ellswift_xdh(stc, out, peer.data(), ell, sk.data(), 1,
                                     s.api->ellswift_xdh_hash_function_prefix, prefix);
        return o.add("prefix", out, 32);
    }, "static context");
}

// ellswift_create needs the generator tables: on the static context fastsecp calls the default
// illegal callback, which aborts. (The reference wheel installs a default callback that returns;
// then it must return 0 with a zeroed output, as its source says.)
TEST_F(DiffEllswift, StaticContextCannotCreate) {
    B32 sk = seckey();
    auto attempt = [&](const SecpApi& api) {
        unsigned char ell[64];
        std::memset(ell, kPattern, sizeof ell);
        int r = api.ellswift_create(api.context_static, ell, sk.data(), nullptr);
        bool zeroed = true;
        for (unsigned char c : ell) zeroed &= c == 0;
        std::_Exit(r == 0 && zeroed ? 0 : 1);
    };
    EXPECT_EXIT(attempt(*ours_.api), ::testing::KilledBySignal(SIGABRT), ".+");
    pid_t pid = fork();
    if (pid == 0) attempt(*ref_.api);
    int status = 0;
    ASSERT_EQ(waitpid(pid, &status, 0), pid);
    EXPECT_TRUE((WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT) || (WIFEXITED(status) && WEXITSTATUS(status) == 0))
        << "reference: status " << status;
}

}  // namespace
}  // namespace fastsecp::test
