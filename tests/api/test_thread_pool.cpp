// Internal: the batch thread pool and range plans (batch/thread_pool.h): every item is covered
// by exactly one range, every chunk runs exactly once, also with several callers at once.
#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <thread>
#include <vector>

#include "batch/thread_pool.h"

namespace fastsecp::test {
namespace {

struct PoolDeleter {
    void operator()(batch::ThreadPool* p) const { batch::ThreadPool::destroy(p); }
};

TEST(RangePlan, CoversEveryItemOnce) {
    std::unique_ptr<batch::ThreadPool, PoolDeleter> pool(batch::ThreadPool::create(3));
    ASSERT_NE(pool, nullptr);
    for (const batch::ThreadPool* p : {(const batch::ThreadPool*)nullptr, (const batch::ThreadPool*)pool.get()}) {
        for (size_t n : {0, 1, 2, 15, 16, 31, 32, 33, 100, 1000, 1023}) {
            for (size_t per_thread : {1, 4}) {
                batch::RangePlan plan(p, n, 16, per_thread);
                EXPECT_EQ(plan.chunks == 0, n == 0);
                if (!p || n < 32) EXPECT_LE(plan.chunks, 1u) << n;
                else EXPECT_LE(plan.chunks, per_thread * 4) << n;
                std::vector<int> seen(n, 0);
                size_t largest = 0;
                for (size_t c = 0; c < plan.chunks; c++) {
                    EXPECT_LE(plan.begin(c), plan.end(c));
                    if (plan.chunks > 1) EXPECT_GE(plan.end(c) - plan.begin(c), 16u) << n;
                    for (size_t i = plan.begin(c); i < plan.end(c); i++) seen[i]++;
                    largest = std::max(largest, plan.end(c) - plan.begin(c));
                }
                EXPECT_EQ(largest, plan.largest()) << n;
                for (size_t i = 0; i < n; i++) EXPECT_EQ(seen[i], 1) << n << " " << i;
            }
        }
    }
}

TEST(ThreadPool, EveryChunkOnceWithConcurrentCallers) {
    std::unique_ptr<batch::ThreadPool, PoolDeleter> pool(batch::ThreadPool::create(2));
    ASSERT_NE(pool, nullptr);
    EXPECT_EQ(pool->workers(), 2u);
    constexpr size_t kChunks = 64;
    std::vector<std::thread> callers;
    std::vector<int> good(4, 0);
    for (int t = 0; t < 4; t++) {
        callers.emplace_back([&, t] {
            int ok = 1;
            for (int rep = 0; rep < 50; rep++) {
                std::vector<std::atomic<int>> hits(kChunks);
                for (auto& h : hits) h = 0;
                auto fn = [&](size_t c) { hits[c].fetch_add(1); };
                pool->run(kChunks, batch::ChunkFn(fn));
                for (auto& h : hits) ok &= h.load() == 1;
            }
            good[t] = ok;
        });
    }
    for (auto& c : callers) c.join();
    for (int t = 0; t < 4; t++) EXPECT_EQ(good[t], 1) << t;
}

// The workers really take part (with the caller blocked in its first chunk, others still run).
TEST(ThreadPool, WorkersRunChunks) {
    std::unique_ptr<batch::ThreadPool, PoolDeleter> pool(batch::ThreadPool::create(1));
    ASSERT_NE(pool, nullptr);
    std::atomic<int> done{0};
    std::thread::id caller = std::this_thread::get_id();
    std::atomic<bool> other_thread{false};
    auto fn = [&](size_t) {
        if (std::this_thread::get_id() != caller) other_thread = true;
        // Wait (bounded) until some other thread has run a chunk too.
        for (int spin = 0; spin < 2000000 && !other_thread; spin++) std::this_thread::yield();
        done++;
    };
    pool->run(2, batch::ChunkFn(fn));
    EXPECT_EQ(done.load(), 2);
    EXPECT_TRUE(other_thread.load());
}

}  // namespace
}  // namespace fastsecp::test
