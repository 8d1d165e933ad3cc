// A value computed once on first use (CPU feature checks, variant choices) without a function-local
// static's guard: the library is built with -fno-threadsafe-statics and needs no C++ runtime, so a
// static with a dynamic initializer would be a data race. This is constant-initialized; threads
// racing on the first call each compute the same answer and store it.
#pragma once

#include <atomic>

namespace fastsecp::rt {

template <class T>
class Cached {
public:
    template <class F>
    T get(F&& compute) {
        if (ready_.load(std::memory_order_acquire)) return value_.load(std::memory_order_relaxed);
        T v = compute();
        value_.store(v, std::memory_order_relaxed);
        ready_.store(true, std::memory_order_release);
        return v;
    }

private:
    std::atomic<bool> ready_{false};
    std::atomic<T> value_{};
};

}  // namespace fastsecp::rt
