// Public key encodings (SEC 1 §2.3.3-2.3.4): compressed, uncompressed and hybrid.
#pragma once

#include <cstddef>

#include "group/group.h"

namespace fastsecp {

// Accepts 33-byte 02/03 keys and 65-byte 04/06/07 keys (hybrid: the tag's parity must match y).
// x and y must be < p and the point on the curve. Variable time (public keys).
bool pubkey_parse(Ge& r, const unsigned char* in, size_t len);

// p not infinity. Inline: these run in every serialize call, where a call costs as much as the work.
inline void pubkey_serialize33(unsigned char out[33], const Ge& p) {
    Fe x = p.x, y = p.y;
    fe_normalize_var(x);
    fe_normalize_var(y);
    out[0] = fe_is_odd(y) ? 0x03 : 0x02;
    fe_get_b32(out + 1, x);
}

inline void pubkey_serialize65(unsigned char out[65], const Ge& p) {
    Fe x = p.x, y = p.y;
    fe_normalize_var(x);
    fe_normalize_var(y);
    out[0] = 0x04;
    fe_get_b32(out + 1, x);
    fe_get_b32(out + 33, y);
}

}  // namespace fastsecp
