#include "batch/thread_pool.h"

#include <cstdlib>
#include <new>

namespace fastsecp::batch {

ThreadPool* ThreadPool::create(unsigned workers) noexcept {
    void* mem = std::malloc(sizeof(ThreadPool));
    if (mem == nullptr) return nullptr;
    ThreadPool* pool = new (mem) ThreadPool();
    if (workers > 0) {
        pool->threads_ = static_cast<pthread_t*>(std::calloc(workers, sizeof(pthread_t)));
        if (pool->threads_ == nullptr) {
            destroy(pool);
            return nullptr;
        }
    }
    for (unsigned i = 0; i < workers; i++) {
        if (pthread_create(&pool->threads_[i], nullptr, worker_main, pool) != 0) {
            destroy(pool);  // joins the threads that did start
            return nullptr;
        }
        pool->n_threads_++;
    }
    return pool;
}

void ThreadPool::destroy(ThreadPool* pool) noexcept {
    if (pool == nullptr) return;
    pthread_mutex_lock(&pool->mu_);
    pool->stop_ = true;
    pthread_cond_broadcast(&pool->work_cv_);
    pthread_mutex_unlock(&pool->mu_);
    for (unsigned i = 0; i < pool->n_threads_; i++) pthread_join(pool->threads_[i], nullptr);
    std::free(pool->threads_);
    pthread_cond_destroy(&pool->work_cv_);
    pthread_cond_destroy(&pool->done_cv_);
    pthread_mutex_destroy(&pool->mu_);
    pool->~ThreadPool();
    std::free(pool);
}

void* ThreadPool::worker_main(void* pool) noexcept {
    static_cast<ThreadPool*>(pool)->worker_loop();
    return nullptr;
}

void ThreadPool::work_on(Job& job) noexcept {
    for (;;) {
        size_t i = job.next.fetch_add(1, std::memory_order_relaxed);
        if (i >= job.n) return;
        job.fn(i);
    }
}

void ThreadPool::unlink(Job* job) noexcept {
    if (!job->queued) return;
    Job** link = &head_;
    Job* prev = nullptr;
    while (*link != job) {
        prev = *link;
        link = &(*link)->queue_next;
    }
    *link = job->queue_next;
    if (tail_ == job) tail_ = prev;
    job->queue_next = nullptr;
    job->queued = false;
}

void ThreadPool::worker_loop() noexcept {
    pthread_mutex_lock(&mu_);
    for (;;) {
        while (!stop_ && head_ == nullptr) pthread_cond_wait(&work_cv_, &mu_);
        if (head_ == nullptr) break;  // stop requested and nothing left
        Job* job = head_;
        job->attached++;
        pthread_mutex_unlock(&mu_);
        work_on(*job);
        pthread_mutex_lock(&mu_);
        // Nothing left to claim: take it off the queue so no one else attaches to it.
        unlink(job);
        // The caller may free the job as soon as it sees attached == 0: last use of job here.
        if (--job->attached == 0) pthread_cond_broadcast(&done_cv_);
    }
    pthread_mutex_unlock(&mu_);
}

void ThreadPool::run(size_t n_chunks, ChunkFn fn) noexcept {
    if (n_chunks == 0) return;
    Job job(fn, n_chunks);
    if (n_threads_ == 0 || n_chunks == 1) {
        work_on(job);
        return;
    }
    pthread_mutex_lock(&mu_);
    if (tail_) tail_->queue_next = &job;
    else head_ = &job;
    tail_ = &job;
    job.queued = true;
    pthread_cond_broadcast(&work_cv_);
    pthread_mutex_unlock(&mu_);
    work_on(job);
    pthread_mutex_lock(&mu_);
    unlink(&job);
    // Every chunk is claimed; the ones workers claimed are done once they have all left.
    while (job.attached != 0) pthread_cond_wait(&done_cv_, &mu_);
    pthread_mutex_unlock(&mu_);
}

}  // namespace fastsecp::batch
