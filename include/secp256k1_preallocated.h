/* fastsecp: declarations follow libsecp256k1 v0.8.0's API (secp256k1_preallocated.h); documentation is our own. */
#ifndef SECP256K1_PREALLOCATED_H
#define SECP256K1_PREALLOCATED_H

#include "secp256k1.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Contexts in caller-supplied memory, for programs that cannot or will not use
 * the heap. The functions here never call malloc, calloc, realloc or free.
 *
 * A context made here works with every API function like one from
 * secp256k1_context_create, with one difference: release it with
 * secp256k1_context_preallocated_destroy, never secp256k1_context_destroy.
 */

/** Number of bytes secp256k1_context_preallocated_create needs for these flags.
 *
 *  Returns: the required size, or 0 if flags are invalid (after the default
 *           illegal callback returned).
 *  In:      flags: the flags that will be passed to
 *                  secp256k1_context_preallocated_create.
 */
SECP256K1_API size_t secp256k1_context_preallocated_size(
    unsigned int flags
) SECP256K1_WARN_UNUSED_RESULT;

/** Build a context inside memory provided by the caller.
 *
 *  From this call until secp256k1_context_preallocated_destroy returns, the
 *  memory block belongs to the context: the caller must not read, write,
 *  copy or reuse it (for instance to build a second context in it).
 *
 *  Returns: the context (which points into prealloc), or NULL if flags are
 *           invalid (after the default illegal callback returned).
 *  In:      prealloc: writable block of at least
 *                     secp256k1_context_preallocated_size(flags) bytes,
 *                     aligned for any object type (as malloc would return).
 *           flags:    as for secp256k1_context_create.
 *
 *  As with secp256k1_context_create, randomize the context
 *  (secp256k1_context_randomize) before using it with secret keys.
 */
SECP256K1_API secp256k1_context *secp256k1_context_preallocated_create(
    void *prealloc,
    unsigned int flags
) SECP256K1_ARG_NONNULL(1) SECP256K1_WARN_UNUSED_RESULT;

/** Number of bytes secp256k1_context_preallocated_clone needs to copy ctx.
 *
 *  Returns: the required size, or 0 if ctx is secp256k1_context_static
 *           (illegal argument).
 *  In:      ctx: the context that will be copied.
 */
SECP256K1_API size_t secp256k1_context_preallocated_clone_size(
    const secp256k1_context *ctx
) SECP256K1_ARG_NONNULL(1) SECP256K1_WARN_UNUSED_RESULT;

/** Copy a context into memory provided by the caller.
 *
 *  The memory block belongs to the new context until it is destroyed, with
 *  the same rules as for secp256k1_context_preallocated_create. The static
 *  context cannot be copied (not even with memcpy); create a new one instead.
 *
 *  Returns: the copy (which points into prealloc), or NULL on illegal
 *           arguments (prealloc is NULL, or ctx is secp256k1_context_static).
 *  Args:    ctx:      the context to copy (not secp256k1_context_static).
 *  In:      prealloc: writable block of at least
 *                     secp256k1_context_preallocated_clone_size(ctx) bytes,
 *                     aligned for any object type.
 */
SECP256K1_API secp256k1_context *secp256k1_context_preallocated_clone(
    const secp256k1_context *ctx,
    void *prealloc
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_WARN_UNUSED_RESULT;

/** End the life of a context built in caller memory.
 *
 *  Only for contexts from secp256k1_context_preallocated_create or
 *  secp256k1_context_preallocated_clone; heap contexts must go to
 *  secp256k1_context_destroy (mixing them up is undefined behaviour). The
 *  memory block is not freed: it is returned to the caller, who releases it
 *  as appropriate. NULL is accepted and ignored.
 *
 *  Args:   ctx: the context to destroy (not secp256k1_context_static; that is
 *               an illegal argument).
 */
SECP256K1_API void secp256k1_context_preallocated_destroy(
    secp256k1_context *ctx
) SECP256K1_ARG_NONNULL(1);

#ifdef __cplusplus
}
#endif

#endif /* SECP256K1_PREALLOCATED_H */
