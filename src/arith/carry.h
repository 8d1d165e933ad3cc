// Add and subtract with carry/borrow for multi-limb arithmetic.
#pragma once

#include <cstdint>

#if defined(__x86_64__)
#include <x86intrin.h>
#endif

namespace fastsecp {

// Add/subtract with carry/borrow. On x86-64 the intrinsics compile to single adc/sbb
// instructions (plain x86-64, no extension needed); GCC's code for the same chains written with
// unsigned __int128 is several times longer.
static inline uint64_t addc(uint64_t a, uint64_t b, unsigned char& carry) {
#if defined(__x86_64__)
    unsigned long long out;
    carry = _addcarry_u64(carry, a, b, &out);
    return out;
#else
    unsigned __int128 t = (unsigned __int128)a + b + carry;
    carry = (unsigned char)(t >> 64);
    return (uint64_t)t;
#endif
}
static inline uint64_t subb(uint64_t a, uint64_t b, unsigned char& borrow) {
#if defined(__x86_64__)
    unsigned long long out;
    borrow = _subborrow_u64(borrow, a, b, &out);
    return out;
#else
    unsigned __int128 t = (unsigned __int128)a - b - borrow;
    borrow = (unsigned char)((t >> 64) & 1);
    return (uint64_t)t;
#endif
}

}  // namespace fastsecp
