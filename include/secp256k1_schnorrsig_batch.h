/* fastsecp: declarations follow the batch module of libsecp256k1 PR #1134
 * (secp256k1_schnorrsig_batch.h); documentation is our own. */
#ifndef SECP256K1_SCHNORRSIG_BATCH_H
#define SECP256K1_SCHNORRSIG_BATCH_H

#include "secp256k1.h"
#include "secp256k1_schnorrsig.h"
#include "secp256k1_batch.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Add a BIP-340 signature to a batch (secp256k1_batch.h); secp256k1_batch_verify then checks it
 *  together with the other items, with the same answer as secp256k1_schnorrsig_verify.
 *
 *  Returns: 1 when the signature was added; 0 when the batch is unusable, when the signature
 *           cannot be valid in any batch (its R part is not the x of a curve point or not below
 *           the field size, its s part is not below n) or on an illegal argument. When the
 *           batch has no room for two more terms, its items are verified first (as by
 *           secp256k1_batch_verify) and the batch emptied; a failed check there makes the batch
 *           unusable for the next add, this one still adds its signature.
 *  Args:  ctx:    a context object.
 *         batch:  a batch made by secp256k1_batch_create.
 *  In:    sig64:  the 64-byte signature.
 *         msg:    the message; may be NULL only if msglen is 0.
 *         msglen: length of msg.
 *         pubkey: the signer's x-only public key.
 */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_batch_add_schnorrsig(
    const secp256k1_context* ctx,
    secp256k1_batch *batch,
    const unsigned char *sig64,
    const unsigned char *msg,
    size_t msglen,
    const secp256k1_xonly_pubkey *pubkey
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(6);

#ifdef __cplusplus
}
#endif

#endif /* SECP256K1_SCHNORRSIG_BATCH_H */
