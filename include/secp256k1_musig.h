#ifndef SECP256K1_MUSIG_H
#define SECP256K1_MUSIG_H

/* Declarations follow libsecp256k1 v0.8.0 (include/secp256k1_musig.h); comments are fastsecp's. */

#include "secp256k1_extrakeys.h"

#ifdef __cplusplus
extern "C" {
#endif

#include <stddef.h>
#include <stdint.h>

/* MuSig2 (BIP-327) multi-signatures: n signers produce one BIP-340 signature valid for their
 * aggregate key. Declarations follow libsecp256k1 v0.8.0's musig module.
 *
 * Every object below is an opaque byte array that starts with a 4-byte marker (so a zeroed or
 * foreign object is caught as an illegal argument). All state lives in these caller-owned objects:
 * the library keeps nothing between calls.
 *
 * Session flow: pubkey_agg -> (optional tweaks) -> nonce_gen per signer -> exchange pubnonces ->
 * nonce_agg -> nonce_process -> partial_sign per signer -> partial_sig_verify (optional) ->
 * partial_sig_agg. A secnonce must never be used twice: partial_sign wipes it, and a wiped
 * secnonce makes the next partial_sign report an illegal argument. */

/* The aggregate key and what signing with it needs (key-list hash, tweak state). */
typedef struct secp256k1_musig_keyagg_cache {
    unsigned char data[197];
} secp256k1_musig_keyagg_cache;

/* A signer's secret nonce pair (and its public key). Secret; use once; never copy or reuse. */
typedef struct secp256k1_musig_secnonce {
    unsigned char data[132];
} secp256k1_musig_secnonce;

/* A signer's public nonce pair, sent to the other signers (66 bytes serialized). */
typedef struct secp256k1_musig_pubnonce {
    unsigned char data[132];
} secp256k1_musig_pubnonce;

/* The sum of all public nonces (66 bytes serialized; a half may be the point at infinity). */
typedef struct secp256k1_musig_aggnonce {
    unsigned char data[132];
} secp256k1_musig_aggnonce;

/* What nonce_process derives for one message: final nonce, nonce coefficient, challenge. */
typedef struct secp256k1_musig_session {
    unsigned char data[133];
} secp256k1_musig_session;

/* One signer's partial signature (32 bytes serialized). */
typedef struct secp256k1_musig_partial_sig {
    unsigned char data[36];
} secp256k1_musig_partial_sig;

/* Parse a 66-byte public nonce (two compressed points). Returns 1 if valid, 0 otherwise. */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_musig_pubnonce_parse(
    const secp256k1_context *ctx,
    secp256k1_musig_pubnonce *nonce,
    const unsigned char *in66
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/* Serialize a public nonce into 66 bytes. Returns 1 (0 after an illegal-argument report). */
SECP256K1_API int secp256k1_musig_pubnonce_serialize(
    const secp256k1_context *ctx,
    unsigned char *out66,
    const secp256k1_musig_pubnonce *nonce
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/* Parse a 66-byte aggregate nonce; 33 zero bytes stand for the point at infinity. Returns 1 if
 * valid, 0 otherwise. */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_musig_aggnonce_parse(
    const secp256k1_context *ctx,
    secp256k1_musig_aggnonce *nonce,
    const unsigned char *in66
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/* Serialize an aggregate nonce into 66 bytes. Returns 1 (0 after an illegal-argument report). */
SECP256K1_API int secp256k1_musig_aggnonce_serialize(
    const secp256k1_context *ctx,
    unsigned char *out66,
    const secp256k1_musig_aggnonce *nonce
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/* Parse a 32-byte partial signature; fails (0) when the number is not below the group order. */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_musig_partial_sig_parse(
    const secp256k1_context *ctx,
    secp256k1_musig_partial_sig *sig,
    const unsigned char *in32
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/* Serialize a partial signature into 32 bytes. Returns 1 (0 after an illegal-argument report). */
SECP256K1_API int secp256k1_musig_partial_sig_serialize(
    const secp256k1_context *ctx,
    unsigned char *out32,
    const secp256k1_musig_partial_sig *sig
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/* Aggregate public keys (in the given order; sort them first with secp256k1_ec_pubkey_sort if the
 * signers agree on sorted order). agg_pk (x-only result) and keyagg_cache (needed for signing and
 * tweaking) may each be NULL. Returns 1 on success, 0 if a key is invalid. */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_musig_pubkey_agg(
    const secp256k1_context *ctx,
    secp256k1_xonly_pubkey *agg_pk,
    secp256k1_musig_keyagg_cache *keyagg_cache,
    const secp256k1_pubkey * const *pubkeys,
    size_t n_pubkeys
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(4);

/* The (possibly tweaked) aggregate key held by a keyagg cache, with its full parity. */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_musig_pubkey_get(
    const secp256k1_context *ctx,
    secp256k1_pubkey *agg_pk,
    const secp256k1_musig_keyagg_cache *keyagg_cache
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/* Add tweak32·G to the aggregate key (plain, "BIP-32 style" tweak), updating the cache.
 * output_pubkey may be NULL. Returns 0 if the tweak is not below the order or the result is
 * infinity (the cache is then unchanged). */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_musig_pubkey_ec_tweak_add(
    const secp256k1_context *ctx,
    secp256k1_pubkey *output_pubkey,
    secp256k1_musig_keyagg_cache *keyagg_cache,
    const unsigned char *tweak32
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4);

/* Like secp256k1_musig_pubkey_ec_tweak_add, but the key is first replaced by its even-y form
 * (x-only, Taproot-style tweak). */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_musig_pubkey_xonly_tweak_add(
    const secp256k1_context *ctx,
    secp256k1_pubkey *output_pubkey,
    secp256k1_musig_keyagg_cache *keyagg_cache,
    const unsigned char *tweak32
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4);

/* Make a fresh nonce pair. session_secrand32 must be 32 uniformly random bytes, never used before
 * (it is zeroed on success so the same buffer cannot be reused by accident; all-zero input is
 * refused). seckey, msg32, keyagg_cache and extra_input32 are optional extra inputs that make a
 * repeated session_secrand32 less catastrophic. pubkey is the signer's public key. Returns 1 on
 * success; 0 on invalid input (then secnonce is unusable). */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_musig_nonce_gen(
    const secp256k1_context *ctx,
    secp256k1_musig_secnonce *secnonce,
    secp256k1_musig_pubnonce *pubnonce,
    unsigned char *session_secrand32,
    const unsigned char *seckey,
    const secp256k1_pubkey *pubkey,
    const unsigned char *msg32,
    const secp256k1_musig_keyagg_cache *keyagg_cache,
    const unsigned char *extra_input32
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4) SECP256K1_ARG_NONNULL(6);

/* Nonce generation for signers without a random source: the nonce is derived from the keypair's
 * secret key and nonrepeating_cnt, which must never repeat for the same key. Other arguments as in
 * secp256k1_musig_nonce_gen. */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_musig_nonce_gen_counter(
    const secp256k1_context *ctx,
    secp256k1_musig_secnonce *secnonce,
    secp256k1_musig_pubnonce *pubnonce,
    uint64_t nonrepeating_cnt,
    const secp256k1_keypair *keypair,
    const unsigned char *msg32,
    const secp256k1_musig_keyagg_cache *keyagg_cache,
    const unsigned char *extra_input32
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(5);

/* Sum the signers' public nonces. Returns 1, or 0 after an illegal-argument report. */
SECP256K1_API int secp256k1_musig_nonce_agg(
    const secp256k1_context *ctx,
    secp256k1_musig_aggnonce *aggnonce,
    const secp256k1_musig_pubnonce * const *pubnonces,
    size_t n_pubnonces
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/* Derive the session for signing msg32 with the aggregate nonce and key. Returns 1, or 0 after an
 * illegal-argument report. */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_musig_nonce_process(
    const secp256k1_context *ctx,
    secp256k1_musig_session *session,
    const secp256k1_musig_aggnonce *aggnonce,
    const unsigned char *msg32,
    const secp256k1_musig_keyagg_cache *keyagg_cache
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4) SECP256K1_ARG_NONNULL(5);

/* Produce this signer's partial signature. The secnonce is wiped first in every case, so a second
 * call with it reports an illegal argument. Returns 1 on success, 0 otherwise. */
SECP256K1_API int secp256k1_musig_partial_sign(
    const secp256k1_context *ctx,
    secp256k1_musig_partial_sig *partial_sig,
    secp256k1_musig_secnonce *secnonce,
    const secp256k1_keypair *keypair,
    const secp256k1_musig_keyagg_cache *keyagg_cache,
    const secp256k1_musig_session *session
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4) SECP256K1_ARG_NONNULL(5) SECP256K1_ARG_NONNULL(6);

/* Check another signer's partial signature against its public nonce and key. Returns 1 if valid. */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_musig_partial_sig_verify(
    const secp256k1_context *ctx,
    const secp256k1_musig_partial_sig *partial_sig,
    const secp256k1_musig_pubnonce *pubnonce,
    const secp256k1_pubkey *pubkey,
    const secp256k1_musig_keyagg_cache *keyagg_cache,
    const secp256k1_musig_session *session
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4) SECP256K1_ARG_NONNULL(5) SECP256K1_ARG_NONNULL(6);

/* Sum the partial signatures into the final 64-byte BIP-340 signature. It verifies (with
 * secp256k1_schnorrsig_verify) when every partial signature was valid. Returns 1, or 0 after an
 * illegal-argument report. */
SECP256K1_API int secp256k1_musig_partial_sig_agg(
    const secp256k1_context *ctx,
    unsigned char *sig64,
    const secp256k1_musig_session *session,
    const secp256k1_musig_partial_sig * const *partial_sigs,
    size_t n_sigs
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4);

#ifdef __cplusplus
}
#endif

#endif
