// Differential tests for secp256k1.h's context, public-key and secret-key functions, plus the
// preallocated-context API and tagged_sha256.
#include "diff_common.h"

#include <algorithm>
#include <cstdlib>
#include <memory>

namespace fastsecp::test {
namespace {

using DiffCore = DiffTest;

const unsigned kContextFlags[] = {SECP256K1_CONTEXT_NONE, SECP256K1_CONTEXT_VERIFY, SECP256K1_CONTEXT_SIGN,
                                  SECP256K1_CONTEXT_VERIFY | SECP256K1_CONTEXT_SIGN};

// Some work whose results depend on a context being usable for signing and verifying.
Outcome exercise_context(Side& s, secp256k1_context* ctx, const B32& sk, const B32& msg) {
    Outcome o;
    secp256k1_pubkey pk;
    secp256k1_ecdsa_signature sig;
    o.ret = s.api->ec_pubkey_create(ctx, &pk, sk.data());
    o.ret += s.api->ecdsa_sign(ctx, &sig, msg.data(), sk.data(), nullptr, nullptr);
    o.ret += s.api->ecdsa_verify(ctx, &sig, msg.data(), &pk);
    secp256k1_keypair kp;
    unsigned char sig64[64];
    o.ret += s.api->keypair_create(ctx, &kp, sk.data());
    o.ret += s.api->schnorrsig_sign32(ctx, sig64, msg.data(), &kp, nullptr);
    o.add("pk", describe_pubkey(s, pk)).add("ecdsa", describe_sig(s, sig)).add("schnorr", sig64, 64);
    return o;
}

struct AlignedFree {
    void operator()(void* p) const { std::free(p); }
};
std::unique_ptr<void, AlignedFree> aligned_buffer(size_t size) {
    size_t rounded = (size + 63) / 64 * 64;
    void* p = std::aligned_alloc(64, rounded == 0 ? 64 : rounded);
    std::memset(p, kPattern, rounded == 0 ? 64 : rounded);
    return std::unique_ptr<void, AlignedFree>(p);
}

TEST_F(DiffCore, PreallocatedSizesMatch) {
    for (unsigned flags : kContextFlags) {
        Outcome r = same([&](Side& s) {
            Outcome o;
            o.ret = static_cast<long long>(s.api->context_preallocated_size(flags));
            return o;
        }, "context_preallocated_size(" + std::to_string(flags) + ")");
        EXPECT_GT(r.ret, 0);
    }
    same([&](Side& s) {
        Outcome o;
        o.ret = static_cast<long long>(s.api->context_preallocated_clone_size(s.ctx));
        return o;
    }, "context_preallocated_clone_size");
}

TEST_F(DiffCore, PreallocatedCreateCloneDestroy) {
    B32 sk = seckey(), msg = rng_.b32();
    for (unsigned flags : kContextFlags) {
        same([&](Side& s) {
            Outcome o;
            auto buf = aligned_buffer(s.api->context_preallocated_size(flags));
            secp256k1_context* ctx = s.api->context_preallocated_create(buf.get(), flags);
            o.add("returns_buffer", ctx == buf.get() ? "yes" : "no");
            if (ctx == nullptr) return o;
            Outcome a = exercise_context(s, ctx, sk, msg);

            auto buf2 = aligned_buffer(s.api->context_preallocated_clone_size(ctx));
            secp256k1_context* clone = s.api->context_preallocated_clone(ctx, buf2.get());
            o.add("clone_returns_buffer", clone == buf2.get() ? "yes" : "no");
            s.api->context_preallocated_destroy(ctx);  // the clone must not depend on the original
            if (clone != nullptr) {
                Outcome b = exercise_context(s, clone, sk, msg);
                EXPECT_EQ(a, b) << s.label << ": clone behaves differently";
                s.api->context_preallocated_destroy(clone);
            }
            o.ret = a.ret;
            o.out += a.out;
            return o;
        }, "preallocated flags " + std::to_string(flags));
    }
    // Destroying NULL is defined as doing nothing.
    same([&](Side& s) {
        s.api->context_preallocated_destroy(nullptr);
        s.api->context_destroy(nullptr);
        return Outcome{};
    });
}

TEST_F(DiffCore, CreateCloneRandomize) {
    for (int i = 0; i < 8; ++i) {
        B32 sk = seckey(), msg = rng_.b32(), seed = rng_.b32();
        bool null_seed = i % 2 == 1;
        Outcome r = same([&](Side& s) {
            Outcome o;
            secp256k1_context* ctx = s.api->context_create(kContextFlags[i % 4]);
            if (ctx == nullptr) return o.add("create", "NULL");
            o.ret = s.api->context_randomize(ctx, null_seed ? nullptr : seed.data());
            secp256k1_context* clone = s.api->context_clone(ctx);
            s.api->context_destroy(ctx);
            if (clone == nullptr) return o.add("clone", "NULL");
            o.ret += s.api->context_randomize(clone, seed.data());
            Outcome e = exercise_context(s, clone, sk, msg);
            s.api->context_destroy(clone);
            o.ret += e.ret;
            o.out += e.out;
            return o;
        }, null_seed ? "randomize(NULL)" : "randomize(seed)");
        // Randomization changes only internal blinding: both randomize calls return 1 and the
        // five operations in exercise_context all succeed.
        EXPECT_EQ(r.ret, 2 + 5);
    }
}

TEST_F(DiffCore, Selftest) {
    same([&](Side& s) {
        s.api->selftest();
        return Outcome{};
    });
}

// A correct SHA-256 compression function that counts its calls, and a wrong one.
int g_compress_calls = 0;
void counting_compress(std::uint32_t* state, const unsigned char* blocks, size_t n) {
    ++g_compress_calls;
    sha256_compress(state, blocks, n);
}
void broken_compress(std::uint32_t* state, const unsigned char*, size_t) { state[0] ^= 1; }

B32 tagged_hash_by_definition(const Bytes& tag, const Bytes& msg) {
    auto t = sha256(tag);
    Bytes buf(t.begin(), t.end());
    buf.insert(buf.end(), t.begin(), t.end());
    buf.insert(buf.end(), msg.begin(), msg.end());
    return sha256(buf);
}

TEST_F(DiffCore, Sha256CompressionOverride) {
    Bytes tag = rng_.bytes(20), msg = rng_.bytes(200);
    B32 want = tagged_hash_by_definition(tag, msg);
    B32 sk = seckey(), m32 = rng_.b32();
    same([&](Side& s) {
        Outcome o;
        unsigned char h[32];
        // A correct function is accepted (no callback) and is then used by hashing calls.
        s.api->context_set_sha256_compression(s.ctx, counting_compress);
        g_compress_calls = 0;
        o.ret = s.api->tagged_sha256(s.ctx, h, tag.data(), tag.size(), msg.data(), msg.size());
        EXPECT_EQ(to_hex(h, 32), to_hex(want.data(), 32)) << s.label;
        EXPECT_GT(g_compress_calls, 0) << s.label << ": override not used by tagged_sha256";
        g_compress_calls = 0;
        Outcome e = exercise_context(s, s.ctx, sk, m32);
        EXPECT_GT(g_compress_calls, 0) << s.label << ": override not used by signing";
        o.out += e.out;
        // Which other calls reach it (compared between the libraries, not the counts: the
        // blinding is derived differently inside).
        g_compress_calls = 0;
        o.ret += s.api->context_randomize(s.ctx, m32.data());
        o.add("randomize_seed_uses_fn", std::to_string(g_compress_calls > 0));
        g_compress_calls = 0;
        o.ret += s.api->context_randomize(s.ctx, nullptr);
        o.add("randomize_null_uses_fn", std::to_string(g_compress_calls > 0));
        g_compress_calls = 0;
        e = exercise_context(s, s.ctx, sk, m32);  // after randomizing: same signatures
        o.out += e.out;

        // A wrong one fails the library's self-check: one illegal callback, old function kept.
        int before = s.illegal.count;
        s.api->context_set_sha256_compression(s.ctx, broken_compress);
        o.add("broken_rejected_callbacks", std::to_string(s.illegal.count - before));
        g_compress_calls = 0;
        o.ret += s.api->tagged_sha256(s.ctx, h, tag.data(), tag.size(), msg.data(), msg.size());
        EXPECT_EQ(to_hex(h, 32), to_hex(want.data(), 32)) << s.label;
        EXPECT_GT(g_compress_calls, 0) << s.label << ": previous override lost";

        // NULL restores the built-in function.
        s.api->context_set_sha256_compression(s.ctx, nullptr);
        g_compress_calls = 0;
        o.ret += s.api->tagged_sha256(s.ctx, h, tag.data(), tag.size(), msg.data(), msg.size());
        EXPECT_EQ(g_compress_calls, 0) << s.label << ": override still used after reset";
        o.add("hash", h, 32);
        return o;
    });
}

// ---------------------------------------------------------------------------------------------
// Public keys

// Encodings at the edges of what ec_pubkey_parse accepts. Built with the reference's help only
// to find valid points; both libraries then see the same bytes.
std::vector<std::pair<std::string, Bytes>> edge_pubkey_encodings(const SecpApi& ref, secp256k1_context* ref_ctx,
                                                                  const Bytes& valid65) {
    std::vector<std::pair<std::string, Bytes>> out;
    auto with_prefix = [](unsigned char prefix, const B32& x) {
        Bytes b{prefix};
        b.insert(b.end(), x.begin(), x.end());
        return b;
    };
    for (const auto& [name, x] : edge_values()) {
        out.push_back({"02 x=" + name, with_prefix(0x02, x)});
        out.push_back({"03 x=" + name, with_prefix(0x03, x)});
    }
    B32 x, y;
    std::copy(valid65.begin() + 1, valid65.begin() + 33, x.begin());
    std::copy(valid65.begin() + 33, valid65.end(), y.begin());
    auto full = [](unsigned char prefix, const B32& x, const B32& y) {
        Bytes b{prefix};
        b.insert(b.end(), x.begin(), x.end());
        b.insert(b.end(), y.begin(), y.end());
        return b;
    };
    bool y_odd = y[31] & 1;
    out.push_back({"04 valid", full(0x04, x, y)});
    out.push_back({"04 y+1 (off curve)", full(0x04, x, b32_add_int(y, 1))});
    out.push_back({"04 p-y (negation)", full(0x04, x, b32_sub(kPrime, y))});
    out.push_back({"04 y+p", full(0x04, x, b32_add(y, kPrime))});
    out.push_back({"04 zero", full(0x04, B32{}, B32{})});
    out.push_back({"hybrid right parity", full(y_odd ? 0x07 : 0x06, x, y)});
    out.push_back({"hybrid wrong parity", full(y_odd ? 0x06 : 0x07, x, y)});
    for (unsigned char prefix : {0x00, 0x01, 0x05, 0x08, 0x09, 0x80, 0xFF}) {
        out.push_back({"prefix " + std::to_string(prefix) + " len 33", with_prefix(prefix, x)});
        out.push_back({"prefix " + std::to_string(prefix) + " len 65", full(prefix, x, y)});
    }
    // Lengths that fit no format, and formats with the other format's length.
    Bytes v65 = full(0x04, x, y), c33 = with_prefix(static_cast<unsigned char>(0x02 | y_odd), x);
    for (size_t len : {0, 1, 32, 34, 64, 66}) {
        Bytes b = len <= 65 ? Bytes(v65.begin(), v65.begin() + len) : v65;
        b.resize(len, 0);
        out.push_back({"04 prefix len " + std::to_string(len), b});
        Bytes c = len <= 33 ? Bytes(c33.begin(), c33.begin() + len) : c33;
        c.resize(len, 0);
        out.push_back({"02/03 prefix len " + std::to_string(len), c});
    }
    out.push_back({"02 prefix len 65", full(static_cast<unsigned char>(0x02 | y_odd), x, y)});
    out.push_back({"04 prefix len 33", with_prefix(0x04, x)});

    // The smallest valid x coordinate, and the same x plus p (an unreduced coordinate, which a
    // parser that reduces mod p would wrongly accept).
    for (std::uint64_t small = 1; small < 100; ++small) {
        Bytes c = with_prefix(0x02, b32_from_int(small));
        secp256k1_pubkey pk;
        if (!ref.ec_pubkey_parse(ref_ctx, &pk, c.data(), c.size())) continue;
        unsigned char u[65];
        size_t len = 65;
        EXPECT_EQ(ref.ec_pubkey_serialize(ref_ctx, u, &len, &pk, SECP256K1_EC_UNCOMPRESSED), 1);
        B32 sy;
        std::copy(u + 33, u + 65, sy.begin());
        B32 xp = b32_add(b32_from_int(small), kPrime);
        out.push_back({"02 small x", c});
        out.push_back({"02 small x + p", with_prefix(0x02, xp)});
        out.push_back({"03 small x + p", with_prefix(0x03, xp)});
        out.push_back({"04 small x + p", full(0x04, xp, sy)});
        out.push_back({"04 small x", full(0x04, b32_from_int(small), sy)});
        break;
    }
    return out;
}

Outcome parse_outcome(Side& s, const Bytes& input, secp256k1_pubkey& pk) {
    Outcome o;
    fill_pattern(pk);
    o.ret = s.api->ec_pubkey_parse(s.ctx, &pk, nonnull_data(input), input.size());
    return o.add("pk", describe_pubkey(s, pk));
}

TEST_F(DiffCore, PubkeyParseEdgeCases) {
    for (const auto& [name, input] : edge_pubkey_encodings(R(), Rctx(), pubkey_bytes(seckey(), false))) {
        secp256k1_pubkey pk[2];
        same([&](Side& s) { return parse_outcome(s, input, pk[idx(s)]); }, name + ": " + to_hex(input));
        cross_check(pk[0], pk[1]);
    }
}

TEST_F(DiffCore, PubkeyParseRandom) {
    for (int i = 0; i < diff_iters() && !HasFailure(); ++i) {
        Bytes input;
        switch (rng_.below(4)) {
            case 0: input = random_pubkey_bytes(); break;
            case 1: {  // hybrid form of a valid key, either parity byte
                input = pubkey_bytes(seckey(), false);
                input[0] = static_cast<unsigned char>(0x06 | (rng_.coin() ? (input[64] & 1) : !(input[64] & 1)));
                break;
            }
            case 2: {  // random bytes with a plausible prefix and length
                static const unsigned char prefixes[] = {0x02, 0x03, 0x04, 0x06, 0x07};
                unsigned char prefix = prefixes[rng_.below(5)];
                input = rng_.bytes(prefix <= 0x03 ? 33 : 65);
                input[0] = prefix;
                break;
            }
            default: {  // a valid key with one byte changed
                input = random_pubkey_bytes();
                input[rng_.below(input.size())] ^= static_cast<unsigned char>(1 + rng_.below(255));
            }
        }
        secp256k1_pubkey pk[2];
        same([&](Side& s) { return parse_outcome(s, input, pk[idx(s)]); }, to_hex(input));
        cross_check(pk[0], pk[1]);
    }
}

TEST_F(DiffCore, PubkeySerialize) {
    for (int i = 0; i < diff_iters() / 4 && !HasFailure(); ++i) {
        Bytes input = random_pubkey_bytes();
        for (unsigned flags : {unsigned(SECP256K1_EC_COMPRESSED), unsigned(SECP256K1_EC_UNCOMPRESSED)}) {
            // A buffer longer than needed: the length reported back and the bytes past the
            // encoding (zeroed by libsecp256k1) are part of the contract.
            size_t buflen = (flags == SECP256K1_EC_COMPRESSED ? 33 : 65) + rng_.below(10);
            same([&](Side& s) {
                Outcome o;
                secp256k1_pubkey pk;
                if (!parse_pubkey(s, pk, input)) return o.add("parse", "failed");
                Bytes out(buflen, kPattern);
                size_t len = buflen;
                o.ret = s.api->ec_pubkey_serialize(s.ctx, out.data(), &len, &pk, flags);
                return o.add("len", std::to_string(len)).add("out", to_hex(out));
            }, to_hex(input));
        }
    }
}

TEST_F(DiffCore, PubkeyCmp) {
    for (int i = 0; i < diff_iters() && !HasFailure(); ++i) {
        Bytes a = random_pubkey_bytes();
        Bytes b;
        switch (rng_.below(3)) {
            case 0: b = random_pubkey_bytes(); break;
            case 1: b = a; break;  // equal keys, maybe in another encoding
            default: {             // same x, other y
                b = a;
                if (b.size() == 33) b[0] ^= 1;
                else b = pubkey_bytes(seckey(), true);
            }
        }
        same([&](Side& s) {
            Outcome o;
            secp256k1_pubkey pa, pb;
            if (!parse_pubkey(s, pa, a) || !parse_pubkey(s, pb, b)) return o.add("parse", "failed");
            // Only the sign of the result is specified.
            auto sign = [](int v) { return (v > 0) - (v < 0); };
            o.ret = sign(s.api->ec_pubkey_cmp(s.ctx, &pa, &pb));
            return o.add("reverse", std::to_string(sign(s.api->ec_pubkey_cmp(s.ctx, &pb, &pa))))
                .add("self", std::to_string(s.api->ec_pubkey_cmp(s.ctx, &pa, &pa)));
        }, to_hex(a) + " vs " + to_hex(b));
    }
}

TEST_F(DiffCore, PubkeySortWithDuplicates) {
    for (int i = 0; i < diff_iters() / 4 && !HasFailure(); ++i) {
        size_t n = rng_.below(13);  // n = 0 is allowed and does nothing
        std::vector<Bytes> keys;
        for (size_t k = 0; k < n; ++k)
            keys.push_back(k > 0 && rng_.below(3) == 0 ? keys[rng_.below(k)] : random_pubkey_bytes());
        Outcome r = same([&](Side& s) {
            Outcome o;
            std::vector<secp256k1_pubkey> pks(n);
            std::vector<const secp256k1_pubkey*> ptrs(n);
            for (size_t k = 0; k < n; ++k) {
                if (!parse_pubkey(s, pks[k], keys[k])) return o.add("parse", "failed");
                ptrs[k] = &pks[k];
            }
            const secp256k1_pubkey* dummy = nullptr;
            o.ret = s.api->ec_pubkey_sort(s.ctx, n ? ptrs.data() : &dummy, n);
            for (size_t k = 0; k < n; ++k) o.add(std::to_string(k), describe_pubkey(s, *ptrs[k]));
            return o;
        }, "sort of " + std::to_string(n));
        EXPECT_EQ(r.ret, 1);
    }
}

TEST_F(DiffCore, PubkeyCreate) {
    auto edges = edge_values();
    for (int i = 0; i < diff_iters() + int(edges.size()) && !HasFailure(); ++i) {
        B32 sk = i < int(edges.size()) ? edges[i].second : rng_.scalarish();
        secp256k1_pubkey pk[2];
        same([&](Side& s) {
            Outcome o;
            fill_pattern(pk[idx(s)]);
            o.ret = s.api->ec_pubkey_create(s.ctx, &pk[idx(s)], sk.data());
            return o.add("pk", describe_pubkey(s, pk[idx(s)]));
        }, "seckey " + to_hex(sk.data(), 32));
        cross_check(pk[0], pk[1]);
    }
}

TEST_F(DiffCore, PubkeyNegate) {
    for (int i = 0; i < diff_iters() && !HasFailure(); ++i) {
        Bytes input = random_pubkey_bytes();
        same([&](Side& s) {
            Outcome o;
            secp256k1_pubkey pk;
            if (!parse_pubkey(s, pk, input)) return o.add("parse", "failed");
            o.ret = s.api->ec_pubkey_negate(s.ctx, &pk);
            o.add("neg", describe_pubkey(s, pk));
            o.ret += s.api->ec_pubkey_negate(s.ctx, &pk);
            return o.add("negneg", describe_pubkey(s, pk));
        }, to_hex(input));
    }
}

TEST_F(DiffCore, PubkeyTweakAddAndMul) {
    auto edges = edge_values();
    for (int i = 0; i < diff_iters() && !HasFailure(); ++i) {
        B32 sk = seckey();
        Bytes input = pubkey_bytes(sk, rng_.coin());
        B32 tweak;
        std::string kind;
        switch (rng_.below(6)) {
            case 0: tweak = edges[rng_.below(edges.size())].second; kind = "edge"; break;
            case 1: tweak = neg_mod_order(sk); kind = "-key (sum is zero)"; break;
            default: tweak = rng_.scalarish(); kind = "random";
        }
        for (bool mul : {false, true}) {
            secp256k1_pubkey pk[2];
            Outcome r = same([&](Side& s) {
                Outcome o;
                secp256k1_pubkey& p = pk[idx(s)];
                if (!parse_pubkey(s, p, input)) return o.add("parse", "failed");
                o.ret = mul ? s.api->ec_pubkey_tweak_mul(s.ctx, &p, tweak.data())
                            : s.api->ec_pubkey_tweak_add(s.ctx, &p, tweak.data());
                return o.add("pk", describe_pubkey(s, p));
            }, std::string(mul ? "tweak_mul " : "tweak_add ") + kind + " " + to_hex(tweak.data(), 32));
            cross_check(pk[0], pk[1]);
            // Documented outcomes the reference must show too.
            if (!mul && kind[0] == '-') EXPECT_EQ(r.ret, 0) << "P + (-k)G is infinity";
            if (mul && tweak == B32{}) EXPECT_EQ(r.ret, 0) << "tweak_mul by zero";
            if (r.ret == 0) EXPECT_EQ(r.out, "pk=zeroed ") << "failed tweak must zero the key";
        }
    }
}

TEST_F(DiffCore, PubkeyCombine) {
    for (int i = 0; i < diff_iters() / 2 && !HasFailure(); ++i) {
        size_t n = 1 + rng_.below(6);
        std::vector<Bytes> keys;
        std::string kind = "random";
        for (size_t k = 0; k < n; ++k) keys.push_back(random_pubkey_bytes());
        if (rng_.below(3) == 0) {
            // Add the negation of one key (and maybe the rest cancel too): the sum can be infinity.
            B32 sk = seckey();
            Bytes p = pubkey_bytes(sk, true), neg = pubkey_bytes(neg_mod_order(sk), true);
            keys = rng_.coin() ? std::vector<Bytes>{p, neg} : std::vector<Bytes>{p, keys[0], neg};
            kind = keys.size() == 2 ? "P + -P" : "P + Q + -P";
        } else if (rng_.below(4) == 0) {
            keys = {keys[0], keys[0]};  // doubling
            kind = "P + P";
        }
        secp256k1_pubkey out[2];
        Outcome r = same([&](Side& s) {
            Outcome o;
            std::vector<secp256k1_pubkey> pks(keys.size());
            std::vector<const secp256k1_pubkey*> ptrs;
            for (size_t k = 0; k < keys.size(); ++k) {
                if (!parse_pubkey(s, pks[k], keys[k])) return o.add("parse", "failed");
                ptrs.push_back(&pks[k]);
            }
            fill_pattern(out[idx(s)]);
            o.ret = s.api->ec_pubkey_combine(s.ctx, &out[idx(s)], ptrs.data(), ptrs.size());
            return o.add("sum", describe_pubkey(s, out[idx(s)]));
        }, kind);
        cross_check(out[0], out[1]);
        if (kind == "P + -P") {
            EXPECT_EQ(r.ret, 0);
            EXPECT_EQ(r.out, "sum=zeroed ");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Secret keys

TEST_F(DiffCore, SeckeyVerifyAndNegate) {
    auto edges = edge_values();
    for (int i = 0; i < diff_iters() + int(edges.size()) && !HasFailure(); ++i) {
        B32 sk = i < int(edges.size()) ? edges[i].second : rng_.scalarish();
        same([&](Side& s) {
            Outcome o;
            B32 k = sk;
            o.ret = s.api->ec_seckey_verify(s.ctx, k.data());
            o.add("negate_ret", std::to_string(s.api->ec_seckey_negate(s.ctx, k.data())));
            return o.add("key", k.data(), 32);
        }, to_hex(sk.data(), 32));
    }
}

TEST_F(DiffCore, SeckeyTweakAddAndMul) {
    auto edges = edge_values();
    for (int i = 0; i < diff_iters() && !HasFailure(); ++i) {
        B32 sk = rng_.below(4) == 0 ? rng_.scalarish() : seckey();
        B32 tweak;
        bool to_zero = false;
        switch (rng_.below(5)) {
            case 0: tweak = edges[rng_.below(edges.size())].second; break;
            case 1: tweak = neg_mod_order(sk); to_zero = R().ec_seckey_verify(Rctx(), sk.data()); break;
            default: tweak = rng_.scalarish();
        }
        for (bool mul : {false, true}) {
            Outcome r = same([&](Side& s) {
                Outcome o;
                B32 k = sk;
                o.ret = mul ? s.api->ec_seckey_tweak_mul(s.ctx, k.data(), tweak.data())
                            : s.api->ec_seckey_tweak_add(s.ctx, k.data(), tweak.data());
                return o.add("key", k.data(), 32);
            }, std::string(mul ? "tweak_mul " : "tweak_add ") + to_hex(sk.data(), 32) + " by " + to_hex(tweak.data(), 32));
            if (!mul && to_zero) EXPECT_EQ(r.ret, 0) << "k + (n - k) = 0 is not a valid key";
            if (r.ret == 0) EXPECT_EQ(r.out, "key=" + std::string(64, '0') + " ") << "failed tweak must zero the key";
        }
    }
}

TEST_F(DiffCore, TaggedSha256) {
    for (int i = 0; i < diff_iters() && !HasFailure(); ++i) {
        Bytes tag = rng_.bytes(rng_.below(i % 10 == 0 ? 300 : 70));
        Bytes msg = rng_.bytes(rng_.below(i % 10 == 1 ? 1000 : 130));
        Outcome r = same([&](Side& s) {
            Outcome o;
            unsigned char h[32];
            o.ret = s.api->tagged_sha256(s.ctx, h, nonnull_data(tag), tag.size(), nonnull_data(msg), msg.size());
            return o.add("hash", h, 32);
        }, "taglen " + std::to_string(tag.size()) + " msglen " + std::to_string(msg.size()));
        B32 want = tagged_hash_by_definition(tag, msg);
        EXPECT_EQ(r.out, "hash=" + to_hex(want.data(), 32) + " ");
    }
}

}  // namespace
}  // namespace fastsecp::test
