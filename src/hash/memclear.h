// Wiping secrets from memory in a way the optimiser must keep.
#pragma once

#include <cstddef>

namespace fastsecp::hash {

// Sets n bytes at p to zero. Unlike a plain memset on an object that is about to die, this call
// is never removed as a dead store, so keys and nonces do not linger on the stack.
void memclear(void* p, std::size_t n);

// Zeroes n bytes at p unless keep is 1 (keep: 0 or 1), without a branch on keep: how a
// constant-time function withholds its output after a failure folded into a flag.
inline void memzero_unless(void* p, std::size_t n, int keep) {
    const unsigned char mask = (unsigned char)(0 - (unsigned)keep);
    unsigned char* b = static_cast<unsigned char*>(p);
    for (std::size_t i = 0; i < n; i++) b[i] &= mask;
}

}  // namespace fastsecp::hash
