/* fastsecp: declarations follow libsecp256k1 v0.8.0's API (secp256k1_recovery.h); documentation is our own. */
#ifndef SECP256K1_RECOVERY_H
#define SECP256K1_RECOVERY_H

#include "secp256k1.h"

#ifdef __cplusplus
extern "C" {
#endif

/** An ECDSA signature plus the recovery id needed to rebuild the public key
 *  (65 bytes, opaque).
 *
 *  The byte layout is private to the implementation; only its size is
 *  fixed, and it may be copied with memcpy. Equal signatures with equal
 *  recovery ids always have equal bytes, so memcmp is a valid comparison.
 *  Use secp256k1_ecdsa_recoverable_signature_parse_compact /
 *  _serialize_compact to store or transmit it.
 */
typedef struct secp256k1_ecdsa_recoverable_signature {
    unsigned char data[65];
} secp256k1_ecdsa_recoverable_signature;

/** Decode a 64-byte compact signature (R then S, big endian) and a recovery id.
 *
 *  Returns: 1 if both R and S are below the group order n; 0 if either is
 *           not (sig is then zeroed). recid outside 0..3 is an illegal
 *           argument.
 *  Args:  ctx:     a context object.
 *  Out:   sig:     the decoded signature.
 *  In:    input64: the 64 signature bytes.
 *         recid:   the recovery id, 0 to 3.
 */
SECP256K1_API int secp256k1_ecdsa_recoverable_signature_parse_compact(
    const secp256k1_context *ctx,
    secp256k1_ecdsa_recoverable_signature *sig,
    const unsigned char *input64,
    int recid
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/** Drop the recovery id, giving an ordinary ECDSA signature.
 *
 *  Returns: 1 (0 only on illegal arguments).
 *  Args:  ctx:   a context object.
 *  Out:   sig:   the plain signature (not normalized: S is kept as is).
 *  In:    sigin: the recoverable signature.
 */
SECP256K1_API int secp256k1_ecdsa_recoverable_signature_convert(
    const secp256k1_context *ctx,
    secp256k1_ecdsa_signature *sig,
    const secp256k1_ecdsa_recoverable_signature *sigin
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/** Encode a recoverable signature as 64 compact bytes plus its recovery id.
 *
 *  Returns: 1 (0 only on illegal arguments).
 *  Args:  ctx:      a context object.
 *  Out:   output64: 64-byte buffer for R then S, big endian.
 *         recid:    receives the recovery id (0 to 3).
 *  In:    sig:      the signature to encode.
 */
SECP256K1_API int secp256k1_ecdsa_recoverable_signature_serialize_compact(
    const secp256k1_context *ctx,
    unsigned char *output64,
    int *recid,
    const secp256k1_ecdsa_recoverable_signature *sig
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4);

/** Sign a 32-byte message hash with ECDSA, keeping the recovery id.
 *
 *  Produces the same (R, S) as secp256k1_ecdsa_sign (lower-S form).
 *
 *  Returns: 1 on success; 0 if seckey is not a valid secret key (see
 *           secp256k1_ec_seckey_verify) or the nonce function returned 0.
 *           On 0 the signature is set to an all-zero value.
 *  Args:  ctx:       a context object (not secp256k1_context_static).
 *  Out:   sig:       the recoverable signature.
 *  In:    msghash32: the 32-byte message hash to sign.
 *         seckey:    the 32-byte secret key.
 *         noncefp:   nonce generator; NULL means
 *                    secp256k1_nonce_function_default.
 *         ndata:     opaque pointer for noncefp; may be NULL. With the
 *                    default generator a non-NULL ndata must point to 32
 *                    bytes of extra entropy.
 */
SECP256K1_API int secp256k1_ecdsa_sign_recoverable(
    const secp256k1_context *ctx,
    secp256k1_ecdsa_recoverable_signature *sig,
    const unsigned char *msghash32,
    const unsigned char *seckey,
    secp256k1_nonce_function noncefp,
    const void *ndata
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4);

/** Recover the public key that produced a recoverable signature on msghash32.
 *
 *  A successful recovery implies that the signature, once normalized, passes
 *  secp256k1_ecdsa_verify with the recovered key; no separate verification
 *  is needed. The signature itself may be upper-S, though, so after
 *  secp256k1_ecdsa_recoverable_signature_convert call
 *  secp256k1_ecdsa_signature_normalize if a verifiable plain signature is
 *  required.
 *
 *  Returns: 1 if a key was recovered; 0 if R or S is zero, no curve point
 *           matches R and the recovery id, or the computed key is the point
 *           at infinity (pubkey is then cleared to an invalid value).
 *  Args:  ctx:       a context object.
 *  Out:   pubkey:    the recovered public key.
 *  In:    sig:       the recoverable signature.
 *         msghash32: the 32-byte message hash that was signed.
 */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_ecdsa_recover(
    const secp256k1_context *ctx,
    secp256k1_pubkey *pubkey,
    const secp256k1_ecdsa_recoverable_signature *sig,
    const unsigned char *msghash32
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4);

#ifdef __cplusplus
}
#endif

#endif /* SECP256K1_RECOVERY_H */
