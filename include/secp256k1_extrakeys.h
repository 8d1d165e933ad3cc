/* fastsecp: declarations follow libsecp256k1 v0.8.0's API (secp256k1_extrakeys.h); documentation is our own. */
#ifndef SECP256K1_EXTRAKEYS_H
#define SECP256K1_EXTRAKEYS_H

#include "secp256k1.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A parsed, valid x-only public key (64 bytes, opaque).
 *
 *  An x-only key (BIP-340) stands for the curve point with the given X
 *  coordinate and even Y; it is serialized as that X coordinate alone (32
 *  bytes). The byte layout of this struct is private to the implementation;
 *  only its size is fixed, and it may be copied with memcpy. Use
 *  secp256k1_xonly_pubkey_serialize / _parse to store or transmit it and
 *  secp256k1_xonly_pubkey_cmp to compare.
 */
typedef struct secp256k1_xonly_pubkey {
    unsigned char data[64];
} secp256k1_xonly_pubkey;

/** A secret key together with its public key (96 bytes, opaque).
 *
 *  The byte layout is private to the implementation; only its size is
 *  fixed, and it may be copied with memcpy. It holds secret material: wipe it
 *  when no longer needed.
 */
typedef struct secp256k1_keypair {
    unsigned char data[96];
} secp256k1_keypair;

/** Decode a 32-byte x-only public key.
 *
 *  Returns: 1 if input32 is the X coordinate of a curve point; 0 if it is not
 *           below the field size or no curve point has that X.
 *  Args:  ctx:     a context object.
 *  Out:   pubkey:  the decoded key on success; cleared to an invalid value on
 *                  failure.
 *  In:    input32: the 32-byte big-endian X coordinate.
 */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_xonly_pubkey_parse(
    const secp256k1_context *ctx,
    secp256k1_xonly_pubkey *pubkey,
    const unsigned char *input32
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/** Encode an x-only public key as its 32-byte X coordinate.
 *
 *  Returns: 1, except 0 on illegal arguments (including a pubkey that does
 *           not hold a valid key; output32 is then zeroed).
 *  Args:  ctx:      a context object.
 *  Out:   output32: 32-byte buffer.
 *  In:    pubkey:   the key to encode.
 */
SECP256K1_API int secp256k1_xonly_pubkey_serialize(
    const secp256k1_context *ctx,
    unsigned char *output32,
    const secp256k1_xonly_pubkey *pubkey
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/** Order two x-only public keys by their 32-byte encodings (memcmp order).
 *
 *  Returns: a negative value if pk1 sorts first, a positive value if pk2
 *           sorts first, 0 if they are the same key. An invalid key (illegal
 *           argument) sorts as 32 zero bytes, before every valid key.
 *  Args: ctx: a context object.
 *  In:   pk1: first key.
 *        pk2: second key.
 */
SECP256K1_API int secp256k1_xonly_pubkey_cmp(
    const secp256k1_context *ctx,
    const secp256k1_xonly_pubkey *pk1,
    const secp256k1_xonly_pubkey *pk2
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/** Turn a full public key into the x-only key with the same X.
 *
 *  Returns: 1, except 0 on illegal arguments (including an invalid pubkey).
 *  Args:  ctx:          a context object.
 *  Out:   xonly_pubkey: the x-only key.
 *         pk_parity:    may be NULL. Otherwise set to 1 if pubkey has odd Y
 *                       (so xonly_pubkey is its negation) and to 0 if even.
 *  In:    pubkey:       the key to convert.
 */
SECP256K1_API int secp256k1_xonly_pubkey_from_pubkey(
    const secp256k1_context *ctx,
    secp256k1_xonly_pubkey *xonly_pubkey,
    int *pk_parity,
    const secp256k1_pubkey *pubkey
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(4);

/** Compute internal_pubkey + tweak32*G (as in BIP-341 Taproot output keys).
 *
 *  The sum may have odd Y, so it is returned as a full public key; convert it
 *  with secp256k1_xonly_pubkey_from_pubkey if needed.
 *
 *  Returns: 1 on success; 0 if tweak32 is >= n, the result is the point at
 *           infinity (tweak32 is the negated discrete log of
 *           internal_pubkey), or internal_pubkey is invalid (also an illegal
 *           argument).
 *  Args:  ctx:             a context object.
 *  Out:   output_pubkey:   the tweaked key; cleared to an invalid value on
 *                          failure.
 *  In:    internal_pubkey: the x-only key to tweak.
 *         tweak32:         32-byte big-endian tweak; 0 is allowed.
 */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_xonly_pubkey_tweak_add(
    const secp256k1_context *ctx,
    secp256k1_pubkey *output_pubkey,
    const secp256k1_xonly_pubkey *internal_pubkey,
    const unsigned char *tweak32
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4);

/** Check that (tweaked_pubkey32, tweaked_pk_parity) is what
 *  secp256k1_xonly_pubkey_tweak_add(internal_pubkey, tweak32) produces, after
 *  converting that result to x-only form.
 *
 *  This only checks the arithmetic; it does not prove that the tweak commits
 *  to anything (for an arbitrary tweak, other internal keys and tweaks can
 *  lead to the same output).
 *
 *  Returns: 1 if both the X coordinate and the parity match; 0 if either
 *           differs, tweak32 is >= n, the sum is the point at infinity, or
 *           internal_pubkey is invalid (also an illegal argument).
 *  Args:  ctx:               a context object.
 *  In:    tweaked_pubkey32:  the expected 32-byte x-only serialization.
 *         tweaked_pk_parity: the expected Y parity (the pk_parity that
 *                            secp256k1_xonly_pubkey_from_pubkey reports for
 *                            the tweaked key).
 *         internal_pubkey:   the untweaked x-only key.
 *         tweak32:           32-byte big-endian tweak.
 */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_xonly_pubkey_tweak_add_check(
    const secp256k1_context *ctx,
    const unsigned char *tweaked_pubkey32,
    int tweaked_pk_parity,
    const secp256k1_xonly_pubkey *internal_pubkey,
    const unsigned char *tweak32
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(4) SECP256K1_ARG_NONNULL(5);

/** Build a keypair from a secret key.
 *
 *  Returns: 1 on success; 0 if seckey is invalid (see
 *           secp256k1_ec_seckey_verify), in which case keypair is zeroed.
 *  Args:  ctx:     a context object (not secp256k1_context_static).
 *  Out:   keypair: the keypair.
 *  In:    seckey:  the 32-byte secret key.
 */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_keypair_create(
    const secp256k1_context *ctx,
    secp256k1_keypair *keypair,
    const unsigned char *seckey
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/** Extract the 32-byte secret key of a keypair.
 *
 *  Returns: 1 (0 only on illegal arguments).
 *  Args:  ctx:     a context object.
 *  Out:   seckey:  receives the 32-byte secret key.
 *  In:    keypair: the keypair.
 */
SECP256K1_API int secp256k1_keypair_sec(
    const secp256k1_context *ctx,
    unsigned char *seckey,
    const secp256k1_keypair *keypair
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/** Extract the public key of a keypair.
 *
 *  Returns: 1 (0 only on illegal arguments).
 *  Args:  ctx:     a context object.
 *  Out:   pubkey:  the keypair's public key.
 *  In:    keypair: the keypair.
 */
SECP256K1_API int secp256k1_keypair_pub(
    const secp256k1_context *ctx,
    secp256k1_pubkey *pubkey,
    const secp256k1_keypair *keypair
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/** Extract the x-only public key of a keypair; same result as
 *  secp256k1_keypair_pub followed by secp256k1_xonly_pubkey_from_pubkey.
 *
 *  Returns: 1, except 0 on illegal arguments (including a keypair that does
 *           not hold a valid key, e.g. one zeroed by a failed call).
 *  Args:  ctx:       a context object.
 *  Out:   pubkey:    the x-only public key.
 *         pk_parity: may be NULL. Otherwise set to 1 if the full public key
 *                    has odd Y and 0 if even.
 *  In:    keypair:   the keypair.
 */
SECP256K1_API int secp256k1_keypair_xonly_pub(
    const secp256k1_context *ctx,
    secp256k1_xonly_pubkey *pubkey,
    int *pk_parity,
    const secp256k1_keypair *keypair
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(4);

/** Tweak a keypair the x-only way: the secret key d is first replaced by n-d
 *  if its public key has odd Y, then tweak32 is added; the public key is
 *  updated to match.
 *
 *  Afterwards secp256k1_keypair_pub yields the same key that
 *  secp256k1_keypair_xonly_pub followed by secp256k1_xonly_pubkey_tweak_add
 *  yields.
 *
 *  Returns: 1 on success; 0 if tweak32 is >= n, the new secret key would be
 *           zero, or keypair is invalid (also an illegal argument). On 0
 *           keypair is zeroed.
 *  Args:   ctx:     a context object.
 *  In/Out: keypair: the keypair, updated in place.
 *  In:     tweak32: 32-byte big-endian tweak; 0 is allowed.
 */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_keypair_xonly_tweak_add(
    const secp256k1_context *ctx,
    secp256k1_keypair *keypair,
    const unsigned char *tweak32
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

#ifdef __cplusplus
}
#endif

#endif /* SECP256K1_EXTRAKEYS_H */
