#include "batch/thread_pool.h"

#include <algorithm>
#include <atomic>
#include <new>

namespace fastsecp::batch {

struct ThreadPool::Job {
    ChunkFn fn;
    size_t n;
    std::atomic<size_t> next{0};  // next unclaimed chunk (may run past n)
    int attached = 0;             // workers inside work_on(*this); guarded by the pool's mutex
    Job(ChunkFn f, size_t count) : fn(f), n(count) {}
    bool all_claimed() const { return next.load(std::memory_order_relaxed) >= n; }
};

ThreadPool* ThreadPool::create(unsigned workers) noexcept {
    ThreadPool* pool = new (std::nothrow) ThreadPool();
    if (!pool) return nullptr;
    try {
        pool->threads_.reserve(workers);
        for (unsigned i = 0; i < workers; i++) pool->threads_.emplace_back([pool] { pool->worker_loop(); });
    } catch (...) {
        delete pool;  // joins the threads that did start
        return nullptr;
    }
    return pool;
}

ThreadPool::~ThreadPool() {
    {
        std::lock_guard<std::mutex> lock(mu_);
        stop_ = true;
    }
    work_cv_.notify_all();
    for (auto& t : threads_) t.join();
}

void ThreadPool::work_on(Job& job) noexcept {
    for (;;) {
        size_t i = job.next.fetch_add(1, std::memory_order_relaxed);
        if (i >= job.n) return;
        job.fn(i);
    }
}

void ThreadPool::worker_loop() noexcept {
    std::unique_lock<std::mutex> lock(mu_);
    for (;;) {
        work_cv_.wait(lock, [this] { return stop_ || !queue_.empty(); });
        if (queue_.empty()) return;  // stop requested and nothing left
        Job* job = queue_.front();
        job->attached++;
        lock.unlock();
        work_on(*job);
        lock.lock();
        // Nothing left to claim: take it off the queue so no one else attaches to it.
        auto it = std::find(queue_.begin(), queue_.end(), job);
        if (it != queue_.end()) queue_.erase(it);
        // The caller may free the job as soon as it sees attached == 0: last use of job here.
        if (--job->attached == 0) done_cv_.notify_all();
    }
}

void ThreadPool::run(size_t n_chunks, ChunkFn fn) noexcept {
    if (n_chunks == 0) return;
    Job job(fn, n_chunks);
    if (threads_.empty() || n_chunks == 1) {
        work_on(job);
        return;
    }
    bool queued = true;
    try {
        std::lock_guard<std::mutex> lock(mu_);
        queue_.push_back(&job);
    } catch (...) {
        queued = false;  // no memory for the queue entry: do all the work here
    }
    if (queued) work_cv_.notify_all();
    work_on(job);
    if (!queued) return;
    std::unique_lock<std::mutex> lock(mu_);
    auto it = std::find(queue_.begin(), queue_.end(), &job);
    if (it != queue_.end()) queue_.erase(it);
    // Every chunk is claimed; the ones workers claimed are done once they have all left.
    done_cv_.wait(lock, [&job] { return job.attached == 0; });
}

}  // namespace fastsecp::batch
