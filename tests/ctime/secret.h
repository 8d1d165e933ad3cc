// Thin wrappers over valgrind's client requests, named for what the constant-time test means by
// them. Memcheck tracks "undefined" bits through every computation and reports a conditional
// jump, a memory address or a system-call argument that depends on them. Marking secret inputs
// undefined therefore turns "the code branches on / indexes memory with a secret" into a
// valgrind error. Outside valgrind the requests are a few no-op instructions.
#pragma once

#include <valgrind/memcheck.h>

#include <cstddef>

namespace fastsecp::ctime {

// The bytes at p are secret from here on: anything computed from them is tracked.
inline void classify(const void* p, std::size_t n) { (void)VALGRIND_MAKE_MEM_UNDEFINED(p, n); }

// The bytes at p are public from here on. Only call this on values that the API's contract makes
// public (return codes, public keys, signatures) and only after the call that produced them.
inline void declassify(const void* p, std::size_t n) { (void)VALGRIND_MAKE_MEM_DEFINED(p, n); }

template <class T>
inline void declassify(const T& value) { declassify(&value, sizeof value); }

inline bool running_on_valgrind() { return RUNNING_ON_VALGRIND != 0; }

// Errors memcheck has reported so far in this process (0 outside valgrind).
inline unsigned valgrind_error_count() { return static_cast<unsigned>(VALGRIND_COUNT_ERRORS); }

// Compares two buffers without branching on their contents and publishes only the verdict, so
// the test can check secret outputs (secret keys, ECDH secrets) without declassifying them.
inline bool equal_secret(const unsigned char* a, const unsigned char* b, std::size_t n) {
    unsigned char diff = 0;
    for (std::size_t i = 0; i < n; ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
    declassify(diff);
    return diff == 0;
}

}  // namespace fastsecp::ctime
