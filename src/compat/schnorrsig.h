// Pieces of the schnorrsig module shared with the batch module.
#pragma once

#include "compat/extrakeys.h"

namespace fastsecp::compat {

// The checks before a BIP-340 verification: r below p, s below n, the key valid (an invalid key
// is an illegal argument, reported by xonly_load).
inline bool schnorrsig_parse(const secp256k1_context* ctx, Fe& rx, Scalar& s, Ge& pk, const unsigned char* sig64,
                             const secp256k1_xonly_pubkey* pubkey) {
    if (!fe_set_b32_limit(rx, sig64)) return false;
    int overflow = 0;
    scalar_set_b32(s, sig64 + 32, &overflow);
    if (overflow) return false;
    return xonly_load(ctx, pk, pubkey);
}

}  // namespace fastsecp::compat
