// Pieces of the extrakeys module shared with schnorrsig.
#pragma once

#include <secp256k1_extrakeys.h>

#include "compat/context.h"

namespace fastsecp::compat {

inline bool xonly_load(const secp256k1_context* ctx, Ge& p, const secp256k1_xonly_pubkey* pk) {
    return pubkey_load(ctx, p, reinterpret_cast<const secp256k1_pubkey*>(pk));
}
// Negate p when y is odd; returns 1 if it was negated (p.y is normalized afterwards).
int ge_even_y(Ge& p);
void keypair_save(secp256k1_keypair* kp, const Scalar& sk, const Ge& pk);
int keypair_load(const secp256k1_context* ctx, Scalar* sk, Ge& pk, const secp256k1_keypair* kp);

}  // namespace fastsecp::compat
