// Shared pieces of the native API tests: the single-item libsecp256k1-compatible calls used as
// the oracle (fastsecp's own secp256k1_* and the reference libsecp256k1 loaded at run time),
// a seeded generator, 256-bit constants, and fastsecp contexts with 1 or 2 threads.
//
// FASTSECP_API_SEED=<n> replays a run (the seed is printed once).
#pragma once

#include <fastsecp.h>

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "api_table.h"
#include "test_hex.h"

namespace fastsecp::test {

using B32 = std::array<unsigned char, 32>;

// ---- 256-bit big-endian constants and helpers (independent of the library) -----------------

inline const B32 kOrder = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE,
                           0xBA, 0xAE, 0xDC, 0xE6, 0xAF, 0x48, 0xA0, 0x3B, 0xBF, 0xD2, 0x5E, 0x8C, 0xD0, 0x36, 0x41, 0x41};
inline const B32 kPrime = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
                           0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE, 0xFF, 0xFF, 0xFC, 0x2F};

inline B32 b32_from_int(std::uint64_t v) {
    B32 out{};
    for (int i = 0; i < 8; ++i) out[31 - i] = static_cast<unsigned char>(v >> (8 * i));
    return out;
}
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
// floor(n / 2): the largest s the lower-S rule accepts.
inline B32 half_order() {
    B32 half{};
    unsigned rem = 0;
    for (int i = 0; i < 32; ++i) {
        unsigned cur = rem * 256 + kOrder[i];
        half[i] = static_cast<unsigned char>(cur / 2);
        rem = cur % 2;
    }
    return half;
}
inline B32 b32_of(const unsigned char* p) {
    B32 r;
    std::memcpy(r.data(), p, 32);
    return r;
}

// ---- Random inputs -------------------------------------------------------------------------

inline std::uint64_t api_seed() {
    static const std::uint64_t seed = [] {
        std::uint64_t s;
        if (const char* e = std::getenv("FASTSECP_API_SEED"); e != nullptr && *e != '\0') {
            s = std::strtoull(e, nullptr, 0);
        } else {
            std::random_device rd;
            s = (std::uint64_t(rd()) << 32) ^ rd();
        }
        std::printf("api tests: seed %llu (replay with FASTSECP_API_SEED=%llu)\n", (unsigned long long)s,
                    (unsigned long long)s);
        std::fflush(stdout);
        return s;
    }();
    return seed;
}

class Rng {
public:
    explicit Rng(std::uint64_t salt) : gen_(api_seed() ^ (salt * 0x9E3779B97F4A7C15ULL)) {}
    std::uint64_t next() { return gen_(); }
    size_t below(size_t n) { return (size_t)(gen_() % n); }
    void fill(unsigned char* p, size_t n) {
        for (size_t i = 0; i < n; i++) p[i] = static_cast<unsigned char>(gen_());
    }
    B32 b32() {
        B32 r;
        fill(r.data(), 32);
        return r;
    }
    // A valid secret key (uniform bytes are >= n with probability ~2^-128; retried anyway).
    B32 seckey(const SecpApi& api, const secp256k1_context* ctx) {
        for (;;) {
            B32 k = b32();
            if (api.ec_seckey_verify(ctx, k.data())) return k;
        }
    }

private:
    std::mt19937_64 gen_;
};

// ---- The libraries used as oracles ---------------------------------------------------------

struct Lib {
    const SecpApi* api;
    secp256k1_context* ctx;
};

inline const SecpApi& ours_api() {
    static const SecpApi api = load_fastsecp_api();
    return api;
}

// fastsecp's own compat API and the reference libsecp256k1 (absent when it cannot be loaded;
// the test then fails through reference_loaded()). Their contexts live until exit.
struct OracleLibs {
    std::vector<Lib> libs;
    SecpApi ref;
    OracleLibs() {
        libs.push_back({&ours_api(), ours_api().context_create(SECP256K1_CONTEXT_NONE)});
        std::string error;
        if (load_reference_api("", ref, error)) libs.push_back({&ref, ref.context_create(SECP256K1_CONTEXT_NONE)});
        else std::printf("reference libsecp256k1 not loaded: %s\n", error.c_str());
    }
    ~OracleLibs() {
        for (auto& l : libs) l.api->context_destroy(l.ctx);
    }
};
inline const std::vector<Lib>& oracle_libs() {
    static const OracleLibs o;
    return o.libs;
}
inline bool reference_loaded() { return oracle_libs().size() == 2; }
inline const Lib& ours() { return oracle_libs()[0]; }

// Single-item results through the libsecp256k1 API (1 = valid / success).
inline int single_ecdsa(const Lib& L, const fastsecp_ecdsa_item& it) {
    secp256k1_ecdsa_signature sig;
    secp256k1_pubkey pk;
    if (!L.api->ecdsa_signature_parse_compact(L.ctx, &sig, it.sig64)) return 0;
    if (!L.api->ec_pubkey_parse(L.ctx, &pk, it.pubkey, it.pubkeylen)) return 0;
    return L.api->ecdsa_verify(L.ctx, &sig, it.msghash32, &pk);
}
inline int single_schnorr(const Lib& L, const fastsecp_schnorr_item& it) {
    static const unsigned char empty[1] = {0};
    secp256k1_xonly_pubkey pk;
    if (!L.api->xonly_pubkey_parse(L.ctx, &pk, it.xonly_pubkey32)) return 0;
    return L.api->schnorrsig_verify(L.ctx, it.sig64, it.msg ? it.msg : empty, it.msglen, &pk);
}
// Compressed public key of a secret key; 33 zero bytes when the call fails.
inline int single_create(const Lib& L, unsigned char out33[33], const unsigned char* sec32) {
    secp256k1_pubkey pk;
    std::memset(out33, 0, 33);
    if (!L.api->ec_pubkey_create(L.ctx, &pk, sec32)) return 0;
    size_t len = 33;
    return L.api->ec_pubkey_serialize(L.ctx, out33, &len, &pk, SECP256K1_EC_COMPRESSED) && len == 33;
}
inline int single_tweak_add(const Lib& L, unsigned char out33[33], const unsigned char* in33, const unsigned char* t32) {
    secp256k1_pubkey pk;
    std::memset(out33, 0, 33);
    if (!L.api->ec_pubkey_parse(L.ctx, &pk, in33, 33)) return 0;
    if (!L.api->ec_pubkey_tweak_add(L.ctx, &pk, t32)) return 0;
    size_t len = 33;
    return L.api->ec_pubkey_serialize(L.ctx, out33, &len, &pk, SECP256K1_EC_COMPRESSED) && len == 33;
}

// An x coordinate below p that is on no curve point (found with the reference's parser when
// loaded, else ours; found within a few tries since half of all x qualify).
inline B32 x_not_on_curve(Rng& rng) {
    const Lib& L = oracle_libs().back();
    for (;;) {
        B32 x = rng.b32();
        unsigned char enc[33] = {0x02};
        std::memcpy(enc + 1, x.data(), 32);
        secp256k1_pubkey pk;
        if (std::memcmp(x.data(), kPrime.data(), 32) < 0 && !L.api->ec_pubkey_parse(L.ctx, &pk, enc, 33)) return x;
    }
}

// ---- fastsecp contexts -------------------------------------------------------------------------

struct CtxDeleter {
    void operator()(fastsecp_ctx* c) const { fastsecp_ctx_destroy(c); }
};
using CtxPtr = std::unique_ptr<fastsecp_ctx, CtxDeleter>;

inline CtxPtr make_ctx(unsigned threads, bool seeded = true) {
    fastsecp_ctx_options opt = FASTSECP_CTX_OPTIONS_INIT;
    opt.n_threads = threads;
    unsigned char seed[32];
    Rng rng(threads * 31 + 7);
    rng.fill(seed, 32);
    if (seeded) opt.seed32 = seed;
    fastsecp_ctx* c = nullptr;
    fastsecp_status st = fastsecp_ctx_create(&c, &opt);
    EXPECT_EQ(st, FASTSECP_OK);
    return CtxPtr(c);
}

// The batch sizes and thread counts every batch call is tested with.
inline const std::vector<size_t> kBatchSizes = {0, 1, 2, 63, 64, 1000};
inline const std::vector<unsigned> kThreadCounts = {1, 2};

inline std::string status_name(fastsecp_status s) { return std::to_string((int)s) + " (" + fastsecp_strerror(s) + ")"; }

// What result arrays are filled with before a call, to see that every entry gets written (a
// valid enum value that no call returns).
constexpr fastsecp_status kUnset = (fastsecp_status)1000;

// Expected return value of a batch call from its per-item results.
inline fastsecp_status summary_of(const std::vector<fastsecp_status>& r) {
    for (auto s : r)
        if (s != FASTSECP_OK) return FASTSECP_ERR_ITEM_FAILED;
    return FASTSECP_OK;
}

}  // namespace fastsecp::test
