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

// p += t·G for the 32-byte tweak t (public data, variable time). False, with p unchanged, when
// t >= n or the sum is the point at infinity. The affine result is not normalized.
bool pubkey_tweak_add_var(Ge& p, const unsigned char* tweak32);

// sec += t for the 32-byte tweak t, constant time; 1 when t < n and the sum is not zero. On 0,
// sec is zero (when the tweak made it so) or meaningless: callers fold the flag in without a branch.
int seckey_tweak_add(Scalar& sec, const unsigned char* tweak32);

// Many at once: out[i] = p[i·p_step] + t[i]·G (p_step 0: one point for all) for the items with
// ok[i] set on entry; ok[i] is cleared where the sum is infinity. The t[i]·G run eight at a time
// in AVX-512 IFMA lanes when the CPU has them (batch::ecmult_gen_var_batch) and one field
// inversion makes all results affine (normalized). n at most TWEAK_MANY_MAX; t[i] of items
// without ok may be anything below n. Variable time (public data).
constexpr size_t TWEAK_MANY_MAX = 128;
void pubkey_tweak_add_many_var(Ge* out, bool* ok, const Ge* p, size_t p_step, const Scalar* t, size_t n);

}  // namespace fastsecp
