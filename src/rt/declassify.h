// Marks bytes derived from secrets as public for valgrind's constant-time test (tests/ctime), a
// no-op outside valgrind. Only for values the API publishes anyway: a status, a public key, the
// length of an encoding. Lower layers use it where such a value is computed (Base58's output
// length); api::declassify forwards here.
#pragma once

#include <cstddef>

#if defined(FASTSECP_HAVE_VALGRIND)
#include <valgrind/memcheck.h>
#endif

namespace fastsecp::rt {

inline void declassify([[maybe_unused]] const void* p, [[maybe_unused]] std::size_t len) {
#if defined(FASTSECP_HAVE_VALGRIND)
    (void)VALGRIND_MAKE_MEM_DEFINED(p, len);
#else
    (void)p;
    (void)len;
#endif
}

}  // namespace fastsecp::rt
