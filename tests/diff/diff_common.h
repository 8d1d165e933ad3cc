// Differential testing helpers: fastsecp ("ours") and the reference libsecp256k1 ("ref") are run
// on the same inputs and must agree on return values, illegal-argument callbacks and every
// byte they hand back. Opaque objects (pubkeys, signatures, keypairs) are compared only through
// what the API shows of them: their serializations, or whether the caller's buffer was left as
// it was / zeroed (which is all their raw bytes may portably tell).
//
// Random inputs come from a seeded PRNG. The seed is printed once; FASTSECP_DIFF_SEED=<n>
// replays a run, FASTSECP_DIFF_ITERS=<n> changes the iteration count (default 200), and
// FASTSECP_DIFF_VERBOSE=1 prints each outcome.
#pragma once

#include "api_table.h"
#include "test_hex.h"
#include "test_sha256.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace fastsecp::test {

using B32 = std::array<unsigned char, 32>;

// ---------------------------------------------------------------------------------------------
// Libraries, seed, iteration count

inline const SecpApi& ours_api() {
    static const SecpApi api = load_fastsecp_api();
    return api;
}

inline const SecpApi* ref_api(std::string* error) {
    struct Loaded {
        SecpApi api;
        std::string error;
        bool ok = false;
    };
    static const Loaded loaded = [] {
        Loaded l;
        l.ok = load_reference_api("", l.api, l.error);
        return l;
    }();
    if (!loaded.ok && error != nullptr) *error = loaded.error;
    return loaded.ok ? &loaded.api : nullptr;
}

inline std::uint64_t diff_seed() {
    static const std::uint64_t seed = [] {
        std::uint64_t s;
        if (const char* e = std::getenv("FASTSECP_DIFF_SEED"); e != nullptr && *e != '\0') {
            s = std::strtoull(e, nullptr, 0);
        } else {
            std::random_device rd;
            s = (std::uint64_t(rd()) << 32) ^ rd();
        }
        std::printf("diff tests: seed %llu (replay with FASTSECP_DIFF_SEED=%llu)\n", (unsigned long long)s,
                    (unsigned long long)s);
        std::fflush(stdout);
        return s;
    }();
    return seed;
}

inline int diff_iters() {
    static const int iters = [] {
        const char* e = std::getenv("FASTSECP_DIFF_ITERS");
        int n = e != nullptr ? std::atoi(e) : 0;
        return n > 0 ? n : 200;
    }();
    return iters;
}

// FASTSECP_DIFF_VERBOSE=1 prints every compared outcome (the reference's), to study behaviour.
inline bool diff_verbose() {
    static const bool verbose = [] {
        const char* e = std::getenv("FASTSECP_DIFF_VERBOSE");
        return e != nullptr && *e != '\0' && *e != '0';
    }();
    return verbose;
}

// ---------------------------------------------------------------------------------------------
// Constants and 256-bit big-endian helpers (kept here, apart from the library under test)

// The group order n and the field prime p, big-endian.
inline const B32 kOrder = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE,
                           0xBA, 0xAE, 0xDC, 0xE6, 0xAF, 0x48, 0xA0, 0x3B, 0xBF, 0xD2, 0x5E, 0x8C, 0xD0, 0x36, 0x41, 0x41};
inline const B32 kPrime = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
                           0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE, 0xFF, 0xFF, 0xFC, 0x2F};

inline B32 b32_from_int(std::uint64_t v) {
    B32 out{};
    for (int i = 0; i < 8; ++i) out[31 - i] = static_cast<unsigned char>(v >> (8 * i));
    return out;
}
// a + b mod 2^256 and a - b mod 2^256.
inline B32 b32_add(const B32& a, const B32& b) {
    B32 r{};
    unsigned carry = 0;
    for (int i = 31; i >= 0; --i) {
        unsigned t = unsigned(a[i]) + b[i] + carry;
        r[i] = static_cast<unsigned char>(t);
        carry = t >> 8;
    }
    return r;
}
inline B32 b32_sub(const B32& a, const B32& b) {
    B32 r{};
    int borrow = 0;
    for (int i = 31; i >= 0; --i) {
        int t = int(a[i]) - b[i] - borrow;
        borrow = t < 0;
        r[i] = static_cast<unsigned char>(t + (borrow ? 256 : 0));
    }
    return r;
}
// r || s as one 64-byte string (compact signatures).
inline Bytes concat64(const B32& a, const B32& b) {
    Bytes out(64);
    std::memcpy(out.data(), a.data(), 32);
    std::memcpy(out.data() + 32, b.data(), 32);
    return out;
}
inline B32 b32_add_int(const B32& a, std::uint64_t v) { return b32_add(a, b32_from_int(v)); }
inline B32 b32_sub_int(const B32& a, std::uint64_t v) { return b32_sub(a, b32_from_int(v)); }
// n - k: the additive inverse of a secret key k in [1, n-1].
inline B32 neg_mod_order(const B32& k) { return b32_sub(kOrder, k); }
inline B32 b32_all(unsigned char v) {
    B32 r;
    r.fill(v);
    return r;
}

// Scalars / coordinates at the edges of the ranges the library checks.
inline std::vector<std::pair<std::string, B32>> edge_values() {
    B32 half = {};  // floor(n / 2), the largest "low" s
    unsigned rem = 0;
    for (int i = 0; i < 32; ++i) {
        unsigned cur = rem * 256 + kOrder[i];
        half[i] = static_cast<unsigned char>(cur / 2);
        rem = cur % 2;
    }
    B32 top_bit = {};
    top_bit[0] = 0x80;
    return {{"0", b32_from_int(0)},
            {"1", b32_from_int(1)},
            {"2", b32_from_int(2)},
            {"n/2", half},
            {"n/2+1", b32_add_int(half, 1)},
            {"n-2", b32_sub_int(kOrder, 2)},
            {"n-1", b32_sub_int(kOrder, 1)},
            {"n", kOrder},
            {"n+1", b32_add_int(kOrder, 1)},
            {"p-1", b32_sub_int(kPrime, 1)},
            {"p", kPrime},
            {"p+1", b32_add_int(kPrime, 1)},
            {"2^255", top_bit},
            {"2^256-1", b32_all(0xFF)}};
}

// ---------------------------------------------------------------------------------------------
// Random data

class Rng {
public:
    explicit Rng(std::uint64_t seed) : gen_(seed) {}
    std::uint64_t u64() { return gen_(); }
    std::size_t below(std::size_t n) { return static_cast<std::size_t>(gen_() % n); }
    bool coin() { return gen_() & 1; }
    B32 b32() {
        B32 r;
        fill(r.data(), r.size());
        return r;
    }
    Bytes bytes(std::size_t n) {
        Bytes r(n);
        fill(r.data(), n);
        return r;
    }
    void fill(unsigned char* p, std::size_t n) {
        for (std::size_t i = 0; i < n; ++i) p[i] = static_cast<unsigned char>(gen_());
    }
    // Mostly uniform 32-byte strings, sometimes one of the edge values, sometimes a small number
    // or all-ones prefixes: these reach the range checks far more often than uniform bytes do.
    B32 scalarish() {
        switch (below(8)) {
            case 0: {
                auto e = edge_values();
                return e[below(e.size())].second;
            }
            case 1: return b32_from_int(u64() % 1000);
            case 2: {
                B32 r = b32();
                std::size_t k = 1 + below(20);
                for (std::size_t i = 0; i < k; ++i) r[i] = 0xFF;
                return r;
            }
            default: return b32();
        }
    }

private:
    std::mt19937_64 gen_;
};

// ---------------------------------------------------------------------------------------------
// One library under test, with its context and callback counters

struct CallbackLog {
    int count = 0;
    std::string last;
};
inline void log_callback(const char* message, void* data) {
    auto* log = static_cast<CallbackLog*>(data);
    ++log->count;
    log->last = message != nullptr ? message : "";
}

struct Side {
    const char* label = "";
    const SecpApi* api = nullptr;
    secp256k1_context* ctx = nullptr;
    CallbackLog illegal;
    CallbackLog error;
};

// The observable result of one call: its return value, how many illegal-argument callbacks it
// triggered, and a text rendering of every output (hex, with names), so a mismatch reads well.
struct Outcome {
    long long ret = 0;
    int illegal = 0;
    std::string out;

    Outcome& add(const std::string& name, const std::string& value) {
        out += name + "=" + value + " ";
        return *this;
    }
    Outcome& add(const std::string& name, const unsigned char* p, std::size_t n) { return add(name, to_hex(p, n)); }
    bool operator==(const Outcome&) const = default;
};
inline void PrintTo(const Outcome& o, std::ostream* os) {
    *os << "{ret=" << o.ret << " illegal=" << o.illegal << " " << o.out << "}";
}

// The fill byte for output buffers, so "left untouched" can be told from "zeroed" or "written".
constexpr unsigned char kPattern = 0xA5;

template <class T>
void fill_pattern(T& obj) {
    std::memset(static_cast<void*>(&obj), kPattern, sizeof(T));
}

// What the raw bytes of an opaque output say without looking inside: unchanged, all zero, or
// something else (then the caller describes it through the API).
inline const char* raw_state(const void* p, std::size_t n) {
    const auto* b = static_cast<const unsigned char*>(p);
    bool pattern = true, zero = true;
    for (std::size_t i = 0; i < n; ++i) {
        pattern &= b[i] == kPattern;
        zero &= b[i] == 0;
    }
    return pattern ? "untouched" : zero ? "zeroed" : nullptr;
}

// Describers call the API to serialize; they must not disturb the callback counts that the
// comparison is about, so they restore them.
struct CountGuard {
    Side& s;
    CallbackLog saved_illegal, saved_error;
    explicit CountGuard(Side& side) : s(side), saved_illegal(side.illegal), saved_error(side.error) {}
    ~CountGuard() {
        s.illegal = saved_illegal;
        s.error = saved_error;
    }
};

inline std::string describe_pubkey(Side& s, const secp256k1_pubkey& pk) {
    if (const char* st = raw_state(&pk, sizeof(pk))) return st;
    CountGuard guard(s);
    unsigned char out[65];
    size_t len = sizeof(out);
    if (s.api->ec_pubkey_serialize(s.ctx, out, &len, &pk, SECP256K1_EC_UNCOMPRESSED) != 1) return "unserializable";
    return to_hex(out, len);
}

inline std::string describe_xonly(Side& s, const secp256k1_xonly_pubkey& pk) {
    if (const char* st = raw_state(&pk, sizeof(pk))) return st;
    CountGuard guard(s);
    unsigned char out[32];
    if (s.api->xonly_pubkey_serialize(s.ctx, out, &pk) != 1) return "unserializable";
    return to_hex(out, 32);
}

inline std::string describe_sig(Side& s, const secp256k1_ecdsa_signature& sig) {
    if (const char* st = raw_state(&sig, sizeof(sig))) return st;
    CountGuard guard(s);
    unsigned char out[64];
    if (s.api->ecdsa_signature_serialize_compact(s.ctx, out, &sig) != 1) return "unserializable";
    return to_hex(out, 64);
}

inline std::string describe_recsig(Side& s, const secp256k1_ecdsa_recoverable_signature& sig) {
    if (const char* st = raw_state(&sig, sizeof(sig))) return st;
    CountGuard guard(s);
    unsigned char out[64];
    int recid = -1;
    if (s.api->ecdsa_recoverable_signature_serialize_compact(s.ctx, out, &recid, &sig) != 1) return "unserializable";
    return to_hex(out, 64) + "/recid" + std::to_string(recid);
}

inline std::string describe_keypair(Side& s, const secp256k1_keypair& kp) {
    if (const char* st = raw_state(&kp, sizeof(kp))) return st;
    CountGuard guard(s);
    unsigned char sec[32];
    secp256k1_pubkey pk;
    if (s.api->keypair_sec(s.ctx, sec, &kp) != 1 || s.api->keypair_pub(s.ctx, &pk, &kp) != 1) return "unreadable";
    return to_hex(sec, 32) + "/" + describe_pubkey(s, pk);
}

// ---------------------------------------------------------------------------------------------
// The fixture

class DiffTest : public ::testing::Test {
protected:
    void SetUp() override {
        std::string error;
        const SecpApi* ref = ref_api(&error);
        ASSERT_NE(ref, nullptr) << "reference libsecp256k1 could not be loaded (" << error
                                << "); set FASTSECP_REFERENCE_LIB to its path";
        ours_.label = "fastsecp";
        ours_.api = &ours_api();
        ref_.label = "reference";
        ref_.api = ref;
        for (Side* s : {&ours_, &ref_}) {
            s->ctx = s->api->context_create(SECP256K1_CONTEXT_NONE);
            ASSERT_NE(s->ctx, nullptr) << s->label;
            s->api->context_set_illegal_callback(s->ctx, log_callback, &s->illegal);
            s->api->context_set_error_callback(s->ctx, log_callback, &s->error);
        }
        // Each test gets its own stream from the run's seed, so one test can be replayed alone.
        const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
        std::string name = std::string(info->test_suite_name()) + "." + info->name();
        std::uint64_t h = 1469598103934665603ull;  // FNV-1a over the test's full name
        for (unsigned char c : name) h = (h ^ c) * 1099511628211ull;
        rng_ = Rng(diff_seed() ^ h);
    }

    void TearDown() override {
        for (Side* s : {&ours_, &ref_}) {
            if (s->ctx == nullptr) continue;
            EXPECT_EQ(s->error.count, 0) << s->label << " error callback: " << s->error.last;
            s->api->context_destroy(s->ctx);
        }
    }

    // Runs `call` on one side and fills in how many illegal callbacks it caused.
    template <class F>
    Outcome run(Side& s, F&& call) {
        int before = s.illegal.count;
        Outcome o = call(s);
        o.illegal = s.illegal.count - before;
        return o;
    }

    // Runs `call` on both libraries and expects identical outcomes; returns the reference's.
    template <class F>
    Outcome same(F&& call, const std::string& what = "") {
        Outcome o = run(ours_, call);
        Outcome r = run(ref_, call);
        EXPECT_EQ(o, r) << what << " (fastsecp first, reference second; seed " << diff_seed() << ")";
        if (diff_verbose()) {
            std::ostringstream line;
            PrintTo(r, &line);
            std::printf("  %s -> %s\n", what.c_str(), line.str().c_str());
        }
        return r;
    }

    // The reference library alone, for building inputs both sides then receive as bytes.
    const SecpApi& R() const { return *ref_.api; }
    secp256k1_context* Rctx() const { return ref_.ctx; }

    // A random valid secret key.
    B32 seckey() {
        for (;;) {
            B32 k = rng_.b32();
            if (R().ec_seckey_verify(Rctx(), k.data())) return k;
        }
    }
    // The 33- or 65-byte encoding of the public key of `sk`, made by the reference.
    Bytes pubkey_bytes(const B32& sk, bool compressed) {
        secp256k1_pubkey pk;
        EXPECT_EQ(R().ec_pubkey_create(Rctx(), &pk, sk.data()), 1);
        Bytes out(65);
        size_t len = out.size();
        EXPECT_EQ(R().ec_pubkey_serialize(Rctx(), out.data(), &len, &pk,
                                          compressed ? SECP256K1_EC_COMPRESSED : SECP256K1_EC_UNCOMPRESSED),
                  1);
        out.resize(len);
        return out;
    }
    Bytes random_pubkey_bytes() { return pubkey_bytes(seckey(), rng_.coin()); }

    // Parses `bytes` on side `s` into `pk` (used by lambdas that need a pubkey input).
    static bool parse_pubkey(Side& s, secp256k1_pubkey& pk, const Bytes& bytes) {
        return s.api->ec_pubkey_parse(s.ctx, &pk, nonnull_data(bytes), bytes.size()) == 1;
    }

    // 0 for fastsecp, 1 for the reference: lets a lambda keep per-side outputs in arrays.
    int idx(const Side& s) const { return &s == &ours_ ? 0 : 1; }

    // Two pubkeys that came out of the two libraries must be the same key seen from either
    // side: each library parses the other's serialization and ec_pubkey_cmp finds them equal.
    void cross_check(const secp256k1_pubkey& ours_pk, const secp256k1_pubkey& ref_pk) {
        if (raw_state(&ours_pk, sizeof(ours_pk)) != nullptr || raw_state(&ref_pk, sizeof(ref_pk)) != nullptr) return;
        check_seen_alike(ref_, ref_pk, ours_, ours_pk);
        check_seen_alike(ours_, ours_pk, ref_, ref_pk);
    }

private:
    // `from` serializes its key; `to` parses it and compares with its own key.
    static void check_seen_alike(Side& from, const secp256k1_pubkey& from_pk, Side& to, const secp256k1_pubkey& to_pk) {
        CountGuard g1(from), g2(to);
        unsigned char buf[33];
        size_t len = sizeof(buf);
        ASSERT_EQ(from.api->ec_pubkey_serialize(from.ctx, buf, &len, &from_pk, SECP256K1_EC_COMPRESSED), 1) << from.label;
        secp256k1_pubkey parsed;
        ASSERT_EQ(to.api->ec_pubkey_parse(to.ctx, &parsed, buf, len), 1) << to.label << " cannot parse " << from.label;
        EXPECT_EQ(to.api->ec_pubkey_cmp(to.ctx, &parsed, &to_pk), 0)
            << to.label << "'s key differs from " << from.label << "'s by ec_pubkey_cmp";
    }

protected:
    Side ours_, ref_;
    Rng rng_{0};
};

// A NULL pointer the compiler cannot see through: the headers mark most pointer parameters
// nonnull, and a visible NULL would let the compiler warn or assume things about the call.
template <class T>
T* null_of() {
    static volatile std::uintptr_t zero = 0;
    return reinterpret_cast<T*>(zero);
}

}  // namespace fastsecp::test
