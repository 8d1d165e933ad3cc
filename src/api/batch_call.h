// What every batch entry point shares: the argument rule (context and arrays non-null, arrays
// may be null when n is 0), the summary return value, and a heap buffer that reports failure
// instead of throwing.
#pragma once

#include <fastsecp.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <initializer_list>

#include "api/context.h"

namespace fastsecp::api {

// Sets every entry of a non-null results array to code and returns code (a call that did not run).
inline fastsecp_status fail_all(fastsecp_status* results, size_t n, fastsecp_status code) {
    if (results != nullptr)
        for (size_t i = 0; i < n; i++) results[i] = code;
    return code;
}

// ctx must be set; each array must be set unless n is 0.
inline bool arrays_ok(const fastsecp_ctx* ctx, size_t n, std::initializer_list<const void*> arrays) {
    if (ctx == nullptr) return false;
    if (n == 0) return true;
    for (const void* a : arrays)
        if (a == nullptr) return false;
    return true;
}

inline fastsecp_status summarize(const fastsecp_status* results, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (results[i] != FASTSECP_OK) return FASTSECP_ERR_ITEM_FAILED;
    return FASTSECP_OK;
}

// malloc'ed bytes, freed on scope exit; ok() is false when the size overflowed or malloc failed.
class HeapBuffer {
public:
    HeapBuffer() = default;
    explicit HeapBuffer(size_t bytes) : p_(bytes ? std::malloc(bytes) : nullptr), ok_(bytes == 0 || p_ != nullptr) {}
    ~HeapBuffer() { std::free(p_); }
    HeapBuffer(const HeapBuffer&) = delete;
    HeapBuffer& operator=(const HeapBuffer&) = delete;
    bool ok() const { return ok_; }
    unsigned char* data() const { return static_cast<unsigned char*>(p_); }

private:
    void* p_ = nullptr;
    bool ok_ = true;
};

// a·b + c, or SIZE_MAX when that overflows (so the allocation fails cleanly).
inline size_t size_muladd(size_t a, size_t b, size_t c = 0) {
    if (b != 0 && a > (SIZE_MAX - c) / b) return SIZE_MAX;
    return a * b + c;
}

}  // namespace fastsecp::api
