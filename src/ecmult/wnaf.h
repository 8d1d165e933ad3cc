// Width-w non-adjacent form of a non-negative scalar (variable time; public scalars only).
#pragma once

#include "arith/scalar.h"

namespace fastsecp {

// Writes digits d[0..len) with s = sum d[i]·2^i, each digit 0 or odd in (-2^(w-1), 2^(w-1)),
// and any w consecutive digits holding at most one nonzero. The scalar must be < 2^(len-1).
// Returns one past the highest nonzero digit (0 for s == 0). Entries past it are zero.
static inline int wnaf_var(int* d, int len, const Scalar& s, int w) {
    for (int i = 0; i < len; i++) d[i] = 0;
    // Bits [pos, pos + 64) of s, zero beyond bit 255.
    auto bits64 = [&](int pos) -> uint64_t {
        if (pos >= 256) return 0;
        const int limb = pos >> 6, off = pos & 63;
        uint64_t v = s.d[limb] >> off;
        if (off && limb < 3) v |= s.d[limb + 1] << (64 - off);
        return v;
    };
    int pos = 0, last = -1;
    uint64_t carry = 0;
    while (pos < len) {
        // A run of bits equal to the carry (zeros, or ones that keep carrying) gives no digit:
        // skip it whole.
        const uint64_t x = bits64(pos) ^ (0 - carry);
        if (x == 0) {
            pos += 64;
            continue;
        }
        pos += __builtin_ctzll(x);
        if (pos >= len) break;
        const int now = w < len - pos ? w : len - pos;
        int v = (int)((bits64(pos) & ((uint64_t(1) << now) - 1)) + carry);
        carry = (uint64_t)(v >> (w - 1)) & 1;
        v -= (int)(carry << w);
        d[pos] = v;
        last = pos;
        pos += now;
    }
    return last + 1;
}

}  // namespace fastsecp
