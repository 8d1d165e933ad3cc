// Contexts, version and status texts of the native API, and one context shared by several
// threads at once.
#include "api_fixture.h"

#include <set>
#include <thread>

extern "C" int fastsecp_c_header_check(void);      // c_header.c
extern "C" int fastsecp_gpu_c_header_check(void);  // c_header.c

namespace fastsecp::test {
namespace {

TEST(Header, UsableFromC) { EXPECT_EQ(fastsecp_c_header_check(), 1); }
TEST(Header, GpuHeaderUsableFromC) { EXPECT_EQ(fastsecp_gpu_c_header_check(), 1); }

TEST(Version, MatchesHeaderAndProject) {
    EXPECT_EQ(fastsecp_version(), (unsigned)FASTSECP_VERSION_NUMBER);
    std::string want = std::to_string(FASTSECP_VERSION_MAJOR) + "." + std::to_string(FASTSECP_VERSION_MINOR) + "." +
                       std::to_string(FASTSECP_VERSION_PATCH);
    EXPECT_EQ(std::string(fastsecp_version_string()), want);
    // The header's numbers follow the CMake project version.
    EXPECT_EQ(want, std::string(FASTSECP_PROJECT_VERSION));
    EXPECT_EQ(FASTSECP_VERSION_NUMBER,
              (FASTSECP_VERSION_MAJOR << 16) | (FASTSECP_VERSION_MINOR << 8) | FASTSECP_VERSION_PATCH);
}

TEST(Status, DistinctCodesAndTexts) {
    const fastsecp_status all[] = {FASTSECP_OK,
                                   FASTSECP_ERR_INVALID_ARGUMENT,
                                   FASTSECP_ERR_OUT_OF_MEMORY,
                                   FASTSECP_ERR_BAD_ENCODING,
                                   FASTSECP_ERR_SCALAR_OUT_OF_RANGE,
                                   FASTSECP_ERR_POINT_NOT_ON_CURVE,
                                   FASTSECP_ERR_POINT_AT_INFINITY,
                                   FASTSECP_ERR_BUFFER_TOO_SMALL,
                                   FASTSECP_ERR_INVALID_SIGNATURE,
                                   FASTSECP_ERR_HIGH_S,
                                   FASTSECP_ERR_ITEM_FAILED};
    EXPECT_EQ((int)FASTSECP_OK, 0);
    std::set<int> codes;
    std::set<std::string> texts;
    for (auto s : all) {
        codes.insert((int)s);
        const char* t = fastsecp_strerror(s);
        ASSERT_NE(t, nullptr);
        EXPECT_GT(std::strlen(t), 0u);
        texts.insert(t);
    }
    EXPECT_EQ(codes.size(), std::size(all));
    EXPECT_EQ(texts.size(), std::size(all));
    const char* unknown = fastsecp_strerror((fastsecp_status)12345);
    ASSERT_NE(unknown, nullptr);
    EXPECT_EQ(texts.count(unknown), 0u);
    EXPECT_STREQ(fastsecp_strerror(FASTSECP_STATUS_MAX_ENUM), unknown);
}

TEST(Context, CreateWithOptions) {
    fastsecp_ctx* ctx = nullptr;
    ASSERT_EQ(fastsecp_ctx_create(&ctx, nullptr), FASTSECP_OK);
    ASSERT_NE(ctx, nullptr);
    EXPECT_EQ(fastsecp_ctx_threads(ctx), 1u);
    fastsecp_ctx_destroy(ctx);

    fastsecp_ctx_options opt = FASTSECP_CTX_OPTIONS_INIT;
    opt.n_threads = 0;  // one per core
    ASSERT_EQ(fastsecp_ctx_create(&ctx, &opt), FASTSECP_OK);
    unsigned cores = std::thread::hardware_concurrency();
    EXPECT_EQ(fastsecp_ctx_threads(ctx), cores ? std::min(cores, FASTSECP_MAX_THREADS) : 1u);
    fastsecp_ctx_destroy(ctx);

    opt.n_threads = 3;
    ASSERT_EQ(fastsecp_ctx_create(&ctx, &opt), FASTSECP_OK);
    EXPECT_EQ(fastsecp_ctx_threads(ctx), 3u);
    fastsecp_ctx_destroy(ctx);
}

TEST(Context, BadOptions) {
    fastsecp_ctx* ctx = reinterpret_cast<fastsecp_ctx*>(&ctx);  // must be reset to NULL
    EXPECT_EQ(fastsecp_ctx_create(nullptr, nullptr), FASTSECP_ERR_INVALID_ARGUMENT);
    fastsecp_ctx_options opt = FASTSECP_CTX_OPTIONS_INIT;
    opt.version = FASTSECP_CTX_OPTIONS_VERSION + 1;
    EXPECT_EQ(fastsecp_ctx_create(&ctx, &opt), FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(ctx, nullptr);
    opt = FASTSECP_CTX_OPTIONS_INIT;
    opt.n_threads = FASTSECP_MAX_THREADS + 1;
    EXPECT_EQ(fastsecp_ctx_create(&ctx, &opt), FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(ctx, nullptr);
    fastsecp_ctx_destroy(nullptr);  // ignored
    EXPECT_EQ(fastsecp_ctx_threads(nullptr), 0u);
}

// The same secret key gives the same public key whatever the seed (blinding must not change
// results), and equals libsecp256k1's.
TEST(Context, SeedDoesNotChangeResults) {
    Rng rng(31);
    B32 sk = rng.seckey(*ours().api, ours().ctx);
    unsigned char want[33];
    ASSERT_EQ(single_create(oracle_libs().back(), want, sk.data()), 1);
    for (int k = 0; k < 4; k++) {
        auto ctx = make_ctx(1 + k % 2, k != 0);
        unsigned char out[33];
        fastsecp_status st;
        ASSERT_EQ(fastsecp_pubkey_create_batch(ctx.get(), &st, out, sk.data(), 1), FASTSECP_OK);
        EXPECT_EQ(to_hex(out, 33), to_hex(want, 33));
    }
}

// Several threads use one 2-thread context at once (its pool serves all of them).
TEST(Context, SharedBetweenThreads) {
    auto ctx = make_ctx(2);
    Rng rng(32);
    const size_t n = 300;
    std::vector<unsigned char> sec(32 * n);
    std::vector<unsigned char> want(33 * n);
    for (size_t i = 0; i < n; i++) {
        B32 k = rng.seckey(*ours().api, ours().ctx);
        std::memcpy(&sec[32 * i], k.data(), 32);
        ASSERT_EQ(single_create(ours(), &want[33 * i], k.data()), 1);
    }
    std::vector<int> ok(4, 0);
    std::vector<std::thread> callers;
    for (int t = 0; t < 4; t++) {
        callers.emplace_back([&, t] {
            int good = 1;
            for (int rep = 0; rep < 5; rep++) {
                std::vector<unsigned char> out(33 * n);
                std::vector<fastsecp_status> st(n);
                good &= fastsecp_pubkey_create_batch(ctx.get(), st.data(), out.data(), sec.data(), n) == FASTSECP_OK;
                good &= out == want;
            }
            ok[t] = good;
        });
    }
    for (auto& c : callers) c.join();
    for (int t = 0; t < 4; t++) EXPECT_EQ(ok[t], 1) << "caller " << t;
}

}  // namespace
}  // namespace fastsecp::test
