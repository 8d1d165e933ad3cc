/* fastsecp: declarations follow libsecp256k1 v0.8.0's API (secp256k1_schnorrsig.h); documentation is our own. */
#ifndef SECP256K1_SCHNORRSIG_H
#define SECP256K1_SCHNORRSIG_H

#include "secp256k1.h"
#include "secp256k1_extrakeys.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Schnorr signatures over secp256k1 as specified by BIP-340
 * (https://github.com/bitcoin/bips/blob/master/bip-0340.mediawiki). */

/** Signature of a nonce generator for Schnorr signing.
 *
 *  Unlike secp256k1_nonce_function it also receives the signer's x-only
 *  public key (so a nonce is never reused with a different, possibly wrong,
 *  public key in the challenge) and has no attempt counter.
 *
 *  Returns: 1 when nonce32 was filled; 0 makes signing fail.
 *  Out:  nonce32:    32-byte buffer receiving the nonce.
 *  In:   msg:        the message being signed; NULL exactly when msglen is 0.
 *        msglen:     length of msg.
 *        key32:      the 32-byte secret key (never NULL).
 *        xonly_pk32: the 32-byte x-only public key of key32 (never NULL).
 *        algo:       algorithm tag bytes (never NULL when called by the
 *                    library).
 *        algolen:    length of algo.
 *        data:       the caller's opaque pointer, passed through unchanged.
 *
 *  Real implementations derive the nonce from a cryptographic hash of all
 *  of the above.
 */
typedef int (*secp256k1_nonce_function_hardened)(
    unsigned char *nonce32,
    const unsigned char *msg,
    size_t msglen,
    const unsigned char *key32,
    const unsigned char *xonly_pk32,
    const unsigned char *algo,
    size_t algolen,
    void *data
);

/** The BIP-340 nonce derivation.
 *
 *  data, if not NULL, points to the 32 bytes of auxiliary randomness of
 *  BIP-340; NULL means 32 zero bytes. The hash is tagged with algo; to match
 *  BIP-340 use algo = "BIP0340/nonce", algolen = 13 (which is what the
 *  signing functions pass). Returns 0 if algo is NULL, 1 otherwise.
 */
SECP256K1_API const secp256k1_nonce_function_hardened secp256k1_nonce_function_bip340;

/** Optional arguments for secp256k1_schnorrsig_sign_custom.
 *
 *  Always start from SECP256K1_SCHNORRSIG_EXTRAPARAMS_INIT, then set fields.
 *
 *  Members:
 *      magic:   SECP256K1_SCHNORRSIG_EXTRAPARAMS_MAGIC; lets the library
 *               detect an uninitialized struct (a wrong value is an illegal
 *               argument).
 *      noncefp: nonce generator; NULL means secp256k1_nonce_function_bip340.
 *      ndata:   opaque pointer for noncefp; may be NULL. With the BIP-340
 *               generator a non-NULL ndata must point to 32 bytes of
 *               auxiliary randomness.
 */
typedef struct secp256k1_schnorrsig_extraparams {
    unsigned char magic[4];
    secp256k1_nonce_function_hardened noncefp;
    void *ndata;
} secp256k1_schnorrsig_extraparams;

#define SECP256K1_SCHNORRSIG_EXTRAPARAMS_MAGIC { 0xda, 0x6f, 0xb3, 0x8c }
#define SECP256K1_SCHNORRSIG_EXTRAPARAMS_INIT {\
    SECP256K1_SCHNORRSIG_EXTRAPARAMS_MAGIC,\
    NULL,\
    NULL\
}

/** Sign a 32-byte message with BIP-340 Schnorr.
 *
 *  BIP-340 recommends verifying a fresh signature before releasing it; this
 *  function does not, so call secp256k1_schnorrsig_verify yourself if you
 *  want that protection against faults. For messages that are not already a
 *  32-byte domain-separated hash, hash them with secp256k1_tagged_sha256
 *  first so a signature cannot be valid in an unintended context.
 *
 *  Returns: 1 on success; 0 if the nonce generator fails or yields a nonce
 *           that is zero modulo n (cryptographically unreachable with the
 *           default generator), or on illegal arguments (including a keypair
 *           that does not hold a valid key). On 0 sig64 is zeroed.
 *  Args:  ctx:        a context object (not secp256k1_context_static).
 *  Out:   sig64:      64-byte buffer for the signature.
 *  In:    msg32:      the 32-byte message.
 *         keypair:    the signer's keypair.
 *         aux_rand32: 32 bytes of fresh randomness, or NULL (treated as 32
 *                     zero bytes). Recommended but not needed for security;
 *                     see BIP-340's "Default Signing" section.
 */
SECP256K1_API int secp256k1_schnorrsig_sign32(
    const secp256k1_context *ctx,
    unsigned char *sig64,
    const unsigned char *msg32,
    const secp256k1_keypair *keypair,
    const unsigned char *aux_rand32
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4);

/** Sign a message of any length with BIP-340 Schnorr, with optional
 *  extra parameters.
 *
 *  With msglen 32 and extraparams set to SECP256K1_SCHNORRSIG_EXTRAPARAMS_INIT
 *  plus ndata = aux_rand32, this produces exactly what
 *  secp256k1_schnorrsig_sign32 produces.
 *
 *  Returns: 1 on success; 0 in the same cases as
 *           secp256k1_schnorrsig_sign32, and on illegal arguments (msg NULL
 *           with msglen > 0, extraparams with a wrong magic). On 0 after the
 *           argument checks, sig64 is zeroed.
 *  Args:  ctx:         a context object (not secp256k1_context_static).
 *  Out:   sig64:       64-byte buffer for the signature.
 *  In:    msg:         the message; may be NULL only if msglen is 0.
 *         msglen:      length of msg.
 *         keypair:     the signer's keypair.
 *         extraparams: optional parameters, or NULL for the defaults.
 */
SECP256K1_API int secp256k1_schnorrsig_sign_custom(
    const secp256k1_context *ctx,
    unsigned char *sig64,
    const unsigned char *msg,
    size_t msglen,
    const secp256k1_keypair *keypair,
    secp256k1_schnorrsig_extraparams *extraparams
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(5);

/** Verify a BIP-340 Schnorr signature.
 *
 *  Returns: 1 if the signature is valid for msg and pubkey; 0 if not,
 *           including when its R part is not below the field size, its s part
 *           is not below n, or pubkey is invalid (also an illegal argument).
 *  Args:  ctx:    a context object.
 *  In:    sig64:  the 64-byte signature.
 *         msg:    the message; may be NULL only if msglen is 0.
 *         msglen: length of msg.
 *         pubkey: the signer's x-only public key.
 */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_schnorrsig_verify(
    const secp256k1_context *ctx,
    const unsigned char *sig64,
    const unsigned char *msg,
    size_t msglen,
    const secp256k1_xonly_pubkey *pubkey
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(5);

#ifdef __cplusplus
}
#endif

#endif /* SECP256K1_SCHNORRSIG_H */
