// The library's growable array: malloc/realloc underneath, no exceptions, no operator new, so the
// library needs no C++ runtime (README: "What the library needs at run time"). Growth reports
// failure by returning false instead of throwing; the caller turns that into
// FASTSECP_ERR_OUT_OF_MEMORY. Holds trivially copyable elements only (they are moved by realloc).
#pragma once

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <new>  // placement new only (inline, no run-time library)
#include <type_traits>

namespace fastsecp::rt {

template <class T>
class Vec {
    static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>,
                  "rt::Vec holds trivially copyable elements only");

public:
    Vec() = default;
    ~Vec() { std::free(data_); }
    Vec(const Vec&) = delete;
    Vec& operator=(const Vec&) = delete;
    Vec(Vec&& o) noexcept : data_(o.data_), size_(o.size_), cap_(o.cap_) { o.data_ = nullptr, o.size_ = o.cap_ = 0; }

    size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    T* data() { return data_; }
    const T* data() const { return data_; }
    T& operator[](size_t i) { return data_[i]; }
    const T& operator[](size_t i) const { return data_[i]; }
    T* begin() { return data_; }
    T* end() { return data_ + size_; }
    const T* begin() const { return data_; }
    const T* end() const { return data_ + size_; }
    T& back() { return data_[size_ - 1]; }

    // Capacity for at least n elements; false (nothing changed) when memory cannot be had.
    [[nodiscard]] bool reserve(size_t n) {
        if (n <= cap_) return true;
        size_t cap = cap_ ? cap_ : 8;
        while (cap < n) cap = cap > SIZE_MAX / 2 ? n : cap * 2;
        if (cap > SIZE_MAX / sizeof(T)) return false;
        void* p = std::realloc(data_, cap * sizeof(T));
        if (p == nullptr) return false;
        data_ = static_cast<T*>(p);
        cap_ = cap;
        return true;
    }
    // n elements; new ones are value-initialized (zero bytes for the plain structs held here).
    [[nodiscard]] bool resize(size_t n) {
        if (!reserve(n)) return false;
        if (n > size_) std::memset(static_cast<void*>(data_ + size_), 0, (n - size_) * sizeof(T));
        size_ = n;
        return true;
    }
    // n copies of v.
    [[nodiscard]] bool assign(size_t n, const T& v) {
        if (!reserve(n)) return false;
        for (size_t i = 0; i < n; i++) data_[i] = v;
        size_ = n;
        return true;
    }
    [[nodiscard]] bool push_back(const T& v) {
        if (size_ == cap_ && !reserve(size_ + 1)) return false;
        data_[size_++] = v;
        return true;
    }
    // Drops elements past n (n <= size()).
    void truncate(size_t n) { size_ = n; }
    void clear() { size_ = 0; }

private:
    T* data_ = nullptr;
    size_t size_ = 0, cap_ = 0;
};

// An object of class type in malloc'd memory (constructed in place), or nullptr; destroy() ends
// it. The C API's opaque objects are made this way instead of with new/delete.
template <class T>
T* create() {
    void* p = std::malloc(sizeof(T));
    return p ? new (p) T() : nullptr;
}
template <class T>
void destroy(T* p) {
    if (p == nullptr) return;
    p->~T();
    std::free(p);
}

}  // namespace fastsecp::rt
