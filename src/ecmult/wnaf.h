// Width-w non-adjacent form of a non-negative scalar (variable time; public scalars only).
#pragma once

#include "arith/scalar.h"

namespace fastsecp {

// The nonzero digits of the width-w non-adjacent form of a non-negative scalar s < 2^(len-1),
// lowest first: each digit odd in (-2^(w-1), 2^(w-1)), any w consecutive positions holding at most
// one, s = sum digit·2^pos. Calls f(pos, digit) for each (no pass over the zero digits, whose
// data-dependent branches cost more than the digits themselves when a caller scans for them).
// Returns one past the highest nonzero digit (0 for s == 0).
template <class F>
static inline int wnaf_each_var(const Scalar& s, int len, int w, F&& f) {
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
        f(pos, v);
        last = pos;
        pos += now;
    }
    return last + 1;
}

// The same digits written out: d[0..len), zeros included. Returns one past the highest nonzero
// digit (0 for s == 0). Entries past it are zero.
static inline int wnaf_var(int* d, int len, const Scalar& s, int w) {
    for (int i = 0; i < len; i++) d[i] = 0;
    return wnaf_each_var(s, len, w, [d](int pos, int v) { d[pos] = v; });
}

}  // namespace fastsecp
