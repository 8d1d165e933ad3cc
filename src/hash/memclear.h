// Wiping secrets from memory in a way the optimiser must keep.
#pragma once

#include <cstddef>

namespace fastsecp::hash {

// Sets n bytes at p to zero. Unlike a plain memset on an object that is about to die, this call
// is never removed as a dead store, so keys and nonces do not linger on the stack.
void memclear(void* p, std::size_t n);

}  // namespace fastsecp::hash
