// ElligatorSwift (BIP-324; Chávez-Saab, Rodríguez-Henríquez and Tibouchi, "SwiftEC"): a map from
// pairs (u, t) of field elements onto x coordinates of secp256k1, and its inverse, used to encode
// public keys as 64 uniform-looking bytes.
#pragma once

#include "ecmult/ecmult.h"
#include "hash/sha256.h"

namespace fastsecp {

// The field-arithmetic parts, compiled per variant (ellswift_impl.h) and picked like ecmult_ops().
struct EllswiftOps {
    // XSwiftEC(u, t) as a fraction xn/xd. Variable time (encodings are public).
    void (*xswiftec_frac)(Fe& xn, Fe& xd, const Fe& u, const Fe& t);
    // XSwiftEC(u, t) as a field element.
    void (*xswiftec)(Fe& x, const Fe& u, const Fe& t);
    // The full decoding: the point with x = XSwiftEC(u, t) and y of t's parity.
    void (*swiftec)(Ge& p, const Fe& u, const Fe& t);
    // XSwiftECInv: a t with XSwiftEC(u, t) = x using case c (0..7), if one exists. x must be a
    // valid x coordinate. Variable time.
    bool (*xswiftec_inv)(Fe& t, const Fe& x, const Fe& u, int c);
};
extern const EllswiftOps ELLSWIFT_PORTABLE;
extern const EllswiftOps ELLSWIFT_BMI2;
// The variant matching ecmult_ops().
const EllswiftOps& ellswift_ops();

inline void xswiftec_frac_var(Fe& xn, Fe& xd, const Fe& u, const Fe& t) { ellswift_ops().xswiftec_frac(xn, xd, u, t); }
inline void xswiftec_var(Fe& x, const Fe& u, const Fe& t) { ellswift_ops().xswiftec(x, u, t); }
inline void swiftec_var(Ge& p, const Fe& u, const Fe& t) { ellswift_ops().swiftec(p, u, t); }
inline bool xswiftec_inv_var(Fe& t, const Fe& x, const Fe& u, int c) { return ellswift_ops().xswiftec_inv(t, x, u, c); }

// Pick an encoding (u, t) of point p: candidates u and case numbers come from SHA-256 of the
// hasher's state extended with a 4-byte little-endian counter, tried in order until the inverse
// exists; t gets y(p)'s parity. u32 receives u's 32 bytes. Variable time in p only.
void ellswift_encode_var(unsigned char u32[32], Fe& t, const Ge& p, const hash::Sha256& hasher);

}  // namespace fastsecp
