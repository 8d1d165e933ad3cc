#ifndef SECP256K1_ELLSWIFT_H
#define SECP256K1_ELLSWIFT_H

/* Declarations follow libsecp256k1 v0.8.0's ElligatorSwift module API (BIP-324). */

#include "secp256k1.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ElligatorSwift encodes a public key as 64 bytes (two field elements u and t, big-endian) that
 * are indistinguishable from uniformly random bytes. Every 64-byte string decodes to some valid
 * public key, and each key has many encodings; encoding picks one at random (from the caller's
 * randomness). Used by BIP-324's v2 P2P transport for its key exchange.
 *
 * The x-only Diffie-Hellman helper (secp256k1_ellswift_xdh) works directly on two encodings and
 * hashes the shared x coordinate together with both encodings, so each side derives the same
 * secret. */

/* Hash function used by secp256k1_ellswift_xdh to turn the shared secret into the output.
 *
 * Returns: 1 on success, 0 on failure (then xdh returns 0 too).
 * Out:    output:  32 bytes (or as the caller agreed) of key material.
 * In:     x32:     the shared x coordinate, 32 bytes big-endian.
 *         ell_a64: the 64-byte encoding of party A's public key.
 *         ell_b64: the 64-byte encoding of party B's public key.
 *         data:    arbitrary data passed through from secp256k1_ellswift_xdh.
 */
typedef int (*secp256k1_ellswift_xdh_hash_function)(
    unsigned char *output,
    const unsigned char *x32,
    const unsigned char *ell_a64,
    const unsigned char *ell_b64,
    void *data
);

/* Hash function computing SHA256(data[0..64] || ell_a64 || ell_b64 || x32): a 64-byte prefix
 * supplied through the data argument (which must not be NULL), then both encodings, then x. */
SECP256K1_API const secp256k1_ellswift_xdh_hash_function secp256k1_ellswift_xdh_hash_function_prefix;

/* Hash function for BIP-324: the BIP-340 tagged hash with tag "bip324_ellswift_xonly_ecdh" of
 * ell_a64 || ell_b64 || x32. The data argument is ignored. */
SECP256K1_API const secp256k1_ellswift_xdh_hash_function secp256k1_ellswift_xdh_hash_function_bip324;

/* Encode a public key as 64 ElligatorSwift bytes.
 *
 * Returns: 1 when the public key was valid (and ell64 holds an encoding); 0 otherwise (ell64
 *          is zeroed).
 * Args:    ctx:    pointer to a context object.
 * Out:     ell64:  64-byte buffer for the encoding.
 * In:      pubkey: the public key to encode.
 *          rnd32:  32 bytes of randomness that choose among the key's encodings; use fresh
 *                  uniformly random bytes so that encodings look random. The same key and rnd32
 *                  always give the same encoding.
 */
SECP256K1_API int secp256k1_ellswift_encode(
    const secp256k1_context *ctx,
    unsigned char *ell64,
    const secp256k1_pubkey *pubkey,
    const unsigned char *rnd32
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4);

/* Decode 64 ElligatorSwift bytes into a public key.
 *
 * Returns: 1 always (every 64-byte input decodes), except that illegal arguments return 0.
 * Args:    ctx:    pointer to a context object.
 * Out:     pubkey: the decoded public key.
 * In:      ell64:  the 64-byte encoding.
 */
SECP256K1_API int secp256k1_ellswift_decode(
    const secp256k1_context *ctx,
    secp256k1_pubkey *pubkey,
    const unsigned char *ell64
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/* Compute the ElligatorSwift encoding of the public key of a secret key, in one step and in
 * constant time with respect to the secret key.
 *
 * Returns: 1 when the secret key was valid (0 < key < group order); 0 otherwise (ell64 is
 *          zeroed).
 * Args:    ctx:      pointer to a context object (not secp256k1_context_static).
 * Out:     ell64:    64-byte buffer for the encoding.
 * In:      seckey32: the 32-byte secret key.
 *          auxrnd32: optional 32 bytes of extra randomness (NULL for none); the encoding is
 *                    derived from the secret key and these bytes, so it is unpredictable to
 *                    others even without them, and random-looking either way.
 */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_ellswift_create(
    const secp256k1_context *ctx,
    unsigned char *ell64,
    const unsigned char *seckey32,
    const unsigned char *auxrnd32
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/* x-only elliptic-curve Diffie-Hellman on ElligatorSwift encodings.
 *
 * Both parties pass the same two encodings in the same order (A's first) and their own secret
 * key; `party` says which of the two encodings is theirs, so the other one is used as the peer's
 * public key. The shared x coordinate is then hashed with hashfp.
 *
 * Returns: 1 on success; 0 when the secret key was invalid (0 or >= the group order; the output
 *          is still written, computed as if the key were 1) or when hashfp returned 0.
 * Args:    ctx:      pointer to a context object.
 * Out:     output:   buffer for hashfp's output (32 bytes for the built-in hash functions).
 * In:      ell_a64:  party A's 64-byte encoding.
 *          ell_b64:  party B's 64-byte encoding.
 *          seckey32: the caller's 32-byte secret key.
 *          party:    0 if the caller is party A (the peer is ell_b64), 1 if party B.
 *          hashfp:   the hash function (not NULL).
 *          data:     passed to hashfp.
 */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_ellswift_xdh(
  const secp256k1_context *ctx,
  unsigned char *output,
  const unsigned char *ell_a64,
  const unsigned char *ell_b64,
  const unsigned char *seckey32,
  int party,
  secp256k1_ellswift_xdh_hash_function hashfp,
  void *data
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4) SECP256K1_ARG_NONNULL(5) SECP256K1_ARG_NONNULL(7);

#ifdef __cplusplus
}
#endif

#endif /* SECP256K1_ELLSWIFT_H */
