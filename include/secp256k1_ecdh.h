/* fastsecp: declarations follow libsecp256k1 v0.8.0's API (secp256k1_ecdh.h); documentation is our own. */
#ifndef SECP256K1_ECDH_H
#define SECP256K1_ECDH_H

#include "secp256k1.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Signature of a function turning the shared ECDH point into the output secret.
 *
 *  Returns: 1 on success; 0 makes secp256k1_ecdh fail and return 0. Any
 *           other value is not allowed (secp256k1_ecdh's result is then
 *           undefined).
 *  Out:  output: buffer receiving the derived secret (its size is agreed
 *                between the caller of secp256k1_ecdh and this function).
 *  In:   x32:    the shared point's X coordinate, 32 bytes big endian.
 *        y32:    the shared point's Y coordinate, 32 bytes big endian.
 *        data:   the caller's opaque pointer, passed through unchanged.
 */
typedef int (*secp256k1_ecdh_hash_function)(
  unsigned char *output,
  const unsigned char *x32,
  const unsigned char *y32,
  void *data
);

/** Writes 32 bytes: SHA-256 of the shared point's 33-byte compressed encoding
 *  (0x02 or 0x03 by Y parity, then X). Ignores data; always returns 1. */
SECP256K1_API const secp256k1_ecdh_hash_function secp256k1_ecdh_hash_function_sha256;

/** The default ECDH hash; currently the same function as
 *  secp256k1_ecdh_hash_function_sha256 (writes 32 bytes). */
SECP256K1_API const secp256k1_ecdh_hash_function secp256k1_ecdh_hash_function_default;

/** Compute an ECDH shared secret, hashfp(seckey * pubkey), in constant time
 *  with respect to seckey.
 *
 *  Returns: 1 on success; 0 if seckey is zero or not below the group order n,
 *           or if hashfp returned 0. (An invalid pubkey is an illegal
 *           argument.)
 *  Args:  ctx:    a context object (secp256k1_context_static is fine).
 *  Out:   output: buffer filled by hashfp (32 bytes for the default hash).
 *  In:    pubkey: the other party's public key.
 *         seckey: our 32-byte secret key.
 *         hashfp: hash function; NULL means
 *                 secp256k1_ecdh_hash_function_sha256.
 *         data:   opaque pointer handed to hashfp (may be NULL for the
 *                 default hash).
 */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_ecdh(
  const secp256k1_context *ctx,
  unsigned char *output,
  const secp256k1_pubkey *pubkey,
  const unsigned char *seckey,
  secp256k1_ecdh_hash_function hashfp,
  void *data
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4);

#ifdef __cplusplus
}
#endif

#endif /* SECP256K1_ECDH_H */
