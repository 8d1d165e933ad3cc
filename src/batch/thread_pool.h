// A small fork-join thread pool for batch calls: a fixed set of std::thread workers that help
// whichever call is running. A call splits its batch into chunks; the caller and the idle workers
// claim chunks from a shared counter until none are left, and the call returns when every chunk
// is done. Each chunk writes only its own items' results, so results stay in input order.
//
// Several threads may call run() on the same pool at once (a context is shared): each call is a
// job in a queue, the caller always works on its own job, so a call finishes even when every
// worker is busy elsewhere.
#pragma once

#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <thread>
#include <type_traits>
#include <vector>

namespace fastsecp::batch {

// A non-owning reference to a callable taking a chunk index (no allocation, unlike std::function).
class ChunkFn {
public:
    // (Constrained so that copying a ChunkFn uses the copy constructor, not this.)
    template <class F, class = std::enable_if_t<!std::is_same_v<std::remove_cv_t<F>, ChunkFn>>>
    explicit ChunkFn(F& f) : obj_(&f), call_([](void* o, size_t i) { (*static_cast<F*>(o))(i); }) {}
    void operator()(size_t i) const { call_(obj_, i); }

private:
    void* obj_;
    void (*call_)(void*, size_t);
};

class ThreadPool {
public:
    // Starts `workers` threads. Returns nullptr when memory or a thread cannot be had.
    static ThreadPool* create(unsigned workers) noexcept;
    ~ThreadPool();
    ThreadPool(const ThreadPool&) = delete;
    ThreadPool& operator=(const ThreadPool&) = delete;

    unsigned workers() const { return (unsigned)threads_.size(); }

    // Calls fn(0) ... fn(n_chunks - 1), each exactly once, spread over the caller and the
    // workers; returns when all have returned. fn must not throw.
    void run(size_t n_chunks, ChunkFn fn) noexcept;

private:
    struct Job;
    ThreadPool() = default;
    void worker_loop() noexcept;
    static void work_on(Job& job) noexcept;

    std::mutex mu_;
    std::condition_variable work_cv_;  // a job was queued, or stop
    std::condition_variable done_cv_;  // a worker left a job
    std::deque<Job*> queue_;           // jobs with chunks not yet claimed
    bool stop_ = false;
    std::vector<std::thread> threads_;
};

// How a batch of n items is cut into contiguous ranges: one range (the calling thread alone)
// when there is no pool or n < 2·min_per_chunk, else up to per_thread ranges per thread of at
// least min_per_chunk items each (several per thread even out uneven item costs; one per thread
// suits work that gets cheaper per item in bigger ranges).
struct RangePlan {
    size_t n = 0, chunks = 0;
    RangePlan(const ThreadPool* pool, size_t n_items, size_t min_per_chunk, size_t per_thread) : n(n_items) {
        size_t threads = pool ? (size_t)pool->workers() + 1 : 1;
        if (n == 0) chunks = 0;
        else if (threads == 1 || n < 2 * min_per_chunk) chunks = 1;
        else chunks = std::min(n / min_per_chunk, per_thread * threads);
    }
    size_t begin(size_t c) const { return c * (n / chunks) + std::min(c, n % chunks); }
    size_t end(size_t c) const { return begin(c + 1); }
    size_t largest() const { return chunks ? (n + chunks - 1) / chunks : 0; }
};

// Runs fn(chunk, begin, end) for every range of the plan, on the pool when it has several.
template <class F>
void run_plan(ThreadPool* pool, const RangePlan& plan, F&& fn) {
    auto one = [&](size_t c) { fn(c, plan.begin(c), plan.end(c)); };
    if (plan.chunks == 1 || !pool) {
        for (size_t c = 0; c < plan.chunks; c++) one(c);
        return;
    }
    pool->run(plan.chunks, ChunkFn(one));
}

}  // namespace fastsecp::batch
