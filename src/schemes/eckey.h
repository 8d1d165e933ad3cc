// Public key encodings (SEC 1 §2.3.3-2.3.4): compressed, uncompressed and hybrid.
#pragma once

#include <cstddef>

#include "group/group.h"

namespace fastsecp {

// Accepts 33-byte 02/03 keys and 65-byte 04/06/07 keys (hybrid: the tag's parity must match y).
// x and y must be < p and the point on the curve. Variable time (public keys).
bool pubkey_parse(Ge& r, const unsigned char* in, size_t len);
void pubkey_serialize33(unsigned char out[33], const Ge& p);  // p not infinity
void pubkey_serialize65(unsigned char out[65], const Ge& p);

}  // namespace fastsecp
