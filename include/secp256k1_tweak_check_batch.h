/* fastsecp: declarations follow the batch module of libsecp256k1 PR #1134
 * (secp256k1_tweak_check_batch.h); documentation is our own. */
#ifndef SECP256K1_TWEAK_CHECK_BATCH_H
#define SECP256K1_TWEAK_CHECK_BATCH_H

#include "secp256k1.h"
#include "secp256k1_extrakeys.h"
#include "secp256k1_batch.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Add an x-only tweak check (BIP-341's Taproot commitment check) to a batch
 *  (secp256k1_batch.h); secp256k1_batch_verify then checks it together with the other items,
 *  with the same answer as secp256k1_xonly_pubkey_tweak_add_check: whether
 *  internal_pubkey + tweak32·G is the point with x tweaked_pubkey32 and y parity
 *  tweaked_pk_parity.
 *
 *  Returns: 1 when the check was added; 0 when the batch is unusable, when the check cannot pass
 *           in any batch (tweaked_pubkey32 is not below the field size or not the x of a curve
 *           point, tweak32 is not below n) or on an illegal argument. A full batch is verified
 *           and emptied first, as by secp256k1_batch_add_schnorrsig (a check takes one term).
 *  Args:  ctx:               a context object.
 *         batch:             a batch made by secp256k1_batch_create.
 *  In:    tweaked_pubkey32:  the 32-byte x-only serialization of the tweaked key.
 *         tweaked_pk_parity: its y parity (0 even, 1 odd, as secp256k1_xonly_pubkey_from_pubkey
 *                            gives it); any other value fails the verification.
 *         internal_pubkey:   the x-only key the tweak is added to.
 *         tweak32:           the 32-byte tweak.
 */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_batch_add_xonlypub_tweak_check(
    const secp256k1_context* ctx,
    secp256k1_batch *batch,
    const unsigned char *tweaked_pubkey32,
    int tweaked_pk_parity,
    const secp256k1_xonly_pubkey *internal_pubkey,
    const unsigned char *tweak32
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(5) SECP256K1_ARG_NONNULL(6);

#ifdef __cplusplus
}
#endif

#endif /* SECP256K1_TWEAK_CHECK_BATCH_H */
