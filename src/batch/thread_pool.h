// A small fork-join thread pool for batch calls: a fixed set of POSIX threads that help whichever
// call is running. A call splits its batch into chunks; the caller and the idle workers claim
// chunks from a shared counter until none are left, and the call returns when every chunk is done.
// Each chunk writes only its own items' results, so results stay in input order.
//
// Several threads may call run() on the same pool at once (a context is shared): each call is a
// job in a queue, the caller always works on its own job, so a call finishes even when every
// worker is busy elsewhere. Plain pthreads and malloc: the library needs no C++ runtime.
#pragma once

#include <pthread.h>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <type_traits>

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
    // Stops and joins the workers, then frees the pool (no call may be running on it).
    static void destroy(ThreadPool* pool) noexcept;
    ThreadPool(const ThreadPool&) = delete;
    ThreadPool& operator=(const ThreadPool&) = delete;

    unsigned workers() const { return n_threads_; }

    // Calls fn(0) ... fn(n_chunks - 1), each exactly once, spread over the caller and the
    // workers; returns when all have returned.
    void run(size_t n_chunks, ChunkFn fn) noexcept;

private:
    // One call's work; lives on the caller's stack, linked into the pool's queue while it has
    // unclaimed chunks.
    struct Job {
        ChunkFn fn;
        size_t n;
        std::atomic<size_t> next{0};  // next unclaimed chunk (may run past n)
        int attached = 0;             // workers inside work_on(*this); guarded by the pool's mutex
        Job* queue_next = nullptr;    // guarded by the pool's mutex
        bool queued = false;
        Job(ChunkFn f, size_t count) : fn(f), n(count) {}
    };
    ThreadPool() = default;
    ~ThreadPool() = default;  // only through destroy()
    static void* worker_main(void* pool) noexcept;
    void worker_loop() noexcept;
    static void work_on(Job& job) noexcept;
    void unlink(Job* job) noexcept;  // with mu_ held

    pthread_mutex_t mu_ = PTHREAD_MUTEX_INITIALIZER;
    pthread_cond_t work_cv_ = PTHREAD_COND_INITIALIZER;  // a job was queued, or stop
    pthread_cond_t done_cv_ = PTHREAD_COND_INITIALIZER;  // a worker left a job
    Job* head_ = nullptr;                                 // jobs with chunks not yet claimed, oldest first
    Job* tail_ = nullptr;
    bool stop_ = false;
    pthread_t* threads_ = nullptr;
    unsigned n_threads_ = 0;
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
