/* fastsecp: declarations follow the batch module of libsecp256k1 PR #1134 (secp256k1_batch.h, the
 * revision Bitcoin Core PR #29491 vendors); documentation is our own. */
#ifndef SECP256K1_BATCH_H
#define SECP256K1_BATCH_H

#include "secp256k1.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Batch verification: BIP-340 Schnorr signatures (secp256k1_schnorrsig_batch.h) and BIP-341
 * x-only tweak checks (secp256k1_tweak_check_batch.h) are collected in a batch object and checked
 * together by one randomized equation, which is much cheaper than checking them one by one.
 *
 * The answer is all-or-nothing: secp256k1_batch_verify says whether every item added so far is
 * valid, not which one is not (check the items one by one for that). */

/** Opaque batch object: the items added since the last verification (as terms of one
 *  multi-scalar multiplication), a running hash of the items from which the random coefficients
 *  are derived, and whether every item checked so far was valid. */
typedef struct secp256k1_batch_struct secp256k1_batch;

/** Create a batch object (malloc'ed).
 *
 *  Returns: the new batch; NULL on an illegal argument (max_terms == 0) or when memory could
 *           not be had.
 *  Args:    ctx:        a context object (any; secp256k1_context_static works too). Its callbacks
 *                       are the ones the batch calls.
 *  In:      max_terms:  how many terms the batch holds before it verifies what it has and
 *                       starts over ("transparent verification", see the add functions): each
 *                       signature takes 2, each tweak check 1, so n signatures and m tweak checks
 *                       fit in 2*n + m. Larger values than the implementation's limit are
 *                       lowered to it.
 *           aux_rand16: 16 bytes of fresh randomness mixed into the coefficients, or NULL (the
 *                       same as 16 zero bytes). Recommended: with it, nobody who chooses the
 *                       items can predict the coefficients.
 */
SECP256K1_API secp256k1_batch* secp256k1_batch_create(
    const secp256k1_context* ctx,
    size_t max_terms,
    const unsigned char *aux_rand16
) SECP256K1_ARG_NONNULL(1) SECP256K1_WARN_UNUSED_RESULT;

/** Destroy a batch object made by secp256k1_batch_create; NULL does nothing.
 *
 *  Args:  ctx:   a context object.
 *         batch: the batch to free; it must not be used afterwards.
 */
SECP256K1_API void secp256k1_batch_destroy(
    const secp256k1_context* ctx,
    secp256k1_batch* batch
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2);

/** Whether items can still be added to the batch.
 *
 *  Returns: 1 while every check done so far (by secp256k1_batch_verify, called by the caller or
 *           transparently by an add function when the batch was full) passed; 0 once one failed
 *           (the batch then stays unusable: every add returns 0 and secp256k1_batch_verify 0),
 *           and on an illegal argument (batch NULL).
 *  Args:  ctx:   a context object.
 *         batch: the batch.
 *
 *  An add function returns 0 for an item it cannot parse as well as for an unusable batch;
 *  asking this first tells the two apart.
 */
SECP256K1_API int secp256k1_batch_usable(
    const secp256k1_context *ctx,
    const secp256k1_batch *batch
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2);

/** Verify every item added to the batch.
 *
 *  Returns: 1 when every item added (whose add returned 1) since the batch was created is valid,
 *           including when there is none; 0 when at least one is not (the batch is unusable
 *           from then on), and on an illegal argument (batch NULL).
 *  Args:  ctx:   a context object.
 *         batch: the batch; the items verified are removed from it, so more can be added
 *                afterwards while it is usable.
 */
SECP256K1_API int secp256k1_batch_verify(
    const secp256k1_context *ctx,
    secp256k1_batch *batch
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2);

#ifdef __cplusplus
}
#endif

#endif /* SECP256K1_BATCH_H */
