#include "hash/memclear.h"

#include <cstring>

namespace fastsecp::hash {

void memclear(void* p, std::size_t n) {
    if (n == 0) return;
    std::memset(p, 0, n);
#if defined(__GNUC__) || defined(__clang__)
    // An empty asm statement that claims to read *p and clobber memory: the compiler has to
    // assume the zeros are observed, so it cannot drop the memset (even after inlining or LTO).
    __asm__ __volatile__("" : : "r"(p) : "memory");
#else
    // Other compilers: rewrite through a volatile pointer, whose stores may not be elided.
    volatile unsigned char* v = static_cast<volatile unsigned char*>(p);
    for (std::size_t i = 0; i < n; ++i) v[i] = 0;
#endif
}

}  // namespace fastsecp::hash
