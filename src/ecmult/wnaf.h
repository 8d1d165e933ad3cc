// Width-w non-adjacent form of a non-negative scalar (variable time; public scalars only).
#pragma once

#include "arith/scalar.h"

namespace fastsecp {

// Writes digits d[0..len) with s = sum d[i]·2^i, each digit 0 or odd in (-2^(w-1), 2^(w-1)),
// and any w consecutive digits holding at most one nonzero. The scalar must be < 2^(len-1).
// Returns one past the highest nonzero digit (0 for s == 0). Entries past it are zero.
static inline int wnaf_var(int* d, int len, const Scalar& s, int w) {
    for (int i = 0; i < len; i++) d[i] = 0;
    auto bit = [&](int i) -> uint32_t { return i < 256 ? (uint32_t)(s.d[i >> 6] >> (i & 63)) & 1 : 0; };
    int pos = 0, last = -1;
    uint32_t carry = 0;
    while (pos < len) {
        if (bit(pos) == carry) { pos++; continue; }
        int now = w;
        if (now > len - pos) now = len - pos;
        uint32_t word = 0;
        for (int i = now - 1; i >= 0; i--) word = (word << 1) | bit(pos + i);
        int v = (int)(word + carry);
        carry = (uint32_t)(v >> (w - 1)) & 1;
        v -= (int)(carry << w);
        d[pos] = v;
        last = pos;
        pos += now;
    }
    return last + 1;
}

}  // namespace fastsecp
