// Shared pieces of the wallet tests: vector paths, contexts, a seeded generator.
#pragma once

#include <fastsecp_wallet.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>

#include "json.h"
#include "test_hex.h"

namespace fastsecp::test {

inline json::Value wallet_vectors(const std::string& rel) {
    return json::parse_file(std::string(FASTSECP_VECTORS_DIR) + "/" + rel);
}

struct Ctx {
    fastsecp_ctx* ctx = nullptr;
    explicit Ctx(unsigned threads = 1) {
        fastsecp_ctx_options opt = FASTSECP_CTX_OPTIONS_INIT;
        opt.n_threads = threads;
        if (fastsecp_ctx_create(&ctx, &opt) != FASTSECP_OK) throw std::runtime_error("fastsecp_ctx_create");
    }
    ~Ctx() { fastsecp_ctx_destroy(ctx); }
    Ctx(const Ctx&) = delete;
    Ctx& operator=(const Ctx&) = delete;
    operator const fastsecp_ctx*() const { return ctx; }
};

// FASTSECP_WALLET_SEED=<n> replays a run.
inline std::mt19937_64& rng() {
    static std::mt19937_64 g([] {
        const char* s = std::getenv("FASTSECP_WALLET_SEED");
        std::uint64_t seed = s ? std::strtoull(s, nullptr, 10) : std::random_device{}();
        std::printf("wallet tests: FASTSECP_WALLET_SEED=%llu\n", (unsigned long long)seed);
        return seed;
    }());
    return g;
}

inline Bytes random_bytes(std::size_t n) {
    Bytes b(n);
    for (auto& c : b) c = (unsigned char)rng()();
    return b;
}

inline std::string xkey_text(const fastsecp_xkey& k) {
    char buf[FASTSECP_XKEY_STRING_SIZE];
    if (fastsecp_xkey_serialize(buf, sizeof buf, &k) != FASTSECP_OK) return "<serialize failed>";
    return buf;
}

}  // namespace fastsecp::test
