// Parsers of the native API's input formats into internal types, each failure with its own
// status code (the libsecp256k1-compatible parsers in schemes/ only say yes or no; these accept
// exactly the same inputs).
#pragma once

#include <fastsecp.h>

#include <cstddef>

#include "group/group.h"

namespace fastsecp::api {

// SEC 1 public key: 33 bytes 02/03 || x, or 65 bytes 04/06/07 || x || y (06/07 "hybrid": the
// prefix's low bit must equal y's parity). BAD_ENCODING for a wrong length or prefix, a
// coordinate >= p or a hybrid parity mismatch; POINT_NOT_ON_CURVE otherwise when invalid.
fastsecp_status parse_pubkey(Ge& r, const unsigned char* in, size_t len);

// parse_pubkey for n keys at once (st[i] its status, out[i] its point when OK), with the
// compressed ones decompressed together (batch::lift_x_even: square roots several at a time).
// keys[i] must not be null.
void parse_pubkeys(Ge* out, fastsecp_status* st, const unsigned char* const* keys, const size_t* lens, size_t n);

// A point as 64 raw bytes: x || y, each a 32-byte little-endian number (the bytes of
// libsecp256k1's secp256k1_pubkey object on little-endian 64-bit machines). No square root: just
// the range check (BAD_ENCODING for a coordinate >= p) and the curve equation (POINT_NOT_ON_CURVE).
fastsecp_status parse_point_raw64(Ge& r, const unsigned char* in64);

// A point given as 33 bytes (compressed, as parse_pubkey) or 64 bytes (parse_point_raw64), for n
// points at once like parse_pubkeys; any other length is BAD_ENCODING. keys[i] must not be null.
void parse_points(Ge* out, fastsecp_status* st, const unsigned char* const* keys, const size_t* lens, size_t n);

// BIP-340 x-only key: the point with this x and even y. BAD_ENCODING for x >= p,
// POINT_NOT_ON_CURVE when no point has this x.
fastsecp_status parse_xonly(Ge& r, const unsigned char* x32);

// A 32-byte big-endian scalar that must be below n: SCALAR_OUT_OF_RANGE otherwise.
fastsecp_status parse_scalar(Scalar& r, const unsigned char* b32);

}  // namespace fastsecp::api
