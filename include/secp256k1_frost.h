#ifndef SECP256K1_FROST_H
#define SECP256K1_FROST_H

#include "secp256k1_extrakeys.h"

#ifdef __cplusplus
extern "C" {
#endif

#include <stddef.h>
#include <stdint.h>

/** FROST threshold signatures for BIP-340 keys: BIP-445 (draft, v0.8.0 of bitcoin/bips PR #2070).
 *
 *  A fastsecp module (libsecp256k1 v0.8.0 has no FROST); built with SECP256K1_ENABLE_MODULE_FROST
 *  (ON by default). It follows secp256k1_musig.h's conventions: opaque objects that start with a
 *  4-byte marker (a wrong marker is an illegal argument), the illegal-argument callback for NULL
 *  and misused arguments, 1 for success and 0 for failure, and a secret nonce that signs once and
 *  is zeroed by secp256k1_frost_partial_sign before anything else happens.
 *
 *  Flow (t-of-n, u signers with t <= u <= n):
 *  - key setup: a trusted dealer (secp256k1_frost_shares_gen) or any DKG gives each participant
 *    id in 0..n-1 a secret share (32 bytes) and everyone the public shares and the threshold
 *    public key (secp256k1_pubkey, plain). secp256k1_frost_signers_validate checks a signer set
 *    against the threshold key and says what is wrong.
 *  - optional tweaks: secp256k1_frost_tweak_cache_init, then _ec_tweak_add (BIP-32) and/or
 *    _xonly_tweak_add (BIP-341) in order.
 *  - round 1: each signer runs secp256k1_frost_nonce_gen and sends its pubnonce; the coordinator
 *    aggregates them (secp256k1_frost_nonce_agg) and sends back the aggnonce.
 *  - round 2: everyone builds the session (secp256k1_frost_nonce_process) from the aggnonce, the
 *    message and the signer set; each signer runs secp256k1_frost_partial_sign; the coordinator
 *    checks each partial signature (secp256k1_frost_partial_sig_verify: a failure identifies the
 *    signer to blame) and aggregates them (secp256k1_frost_partial_sig_agg) into a BIP-340
 *    signature that secp256k1_schnorrsig_verify accepts for the (tweaked) x-only threshold key.
 *
 *  Signer sets are passed as three arrays: ids (distinct, each < n), pubshares (pubshares[i]
 *  belongs to ids[i]) and their length n_signers. The session binds the set it was made with:
 *  partial_sign and partial_sig_verify return 0 when given another set (or another order).
 *
 *  Messages may be of any length (msg may be NULL when msglen is 0).
 *
 *  Where BIP-445 tells errors apart, the cause is found with secp256k1_frost_signers_validate
 *  (the signer set) and by which call failed: a pubnonce that does not parse blames its sender,
 *  an aggnonce that does not parse blames the coordinator, a partial signature that does not
 *  parse or verify blames its sender. The SECP256K1_FROST_ERR_* codes name the BIP's errors.
 */

/** Opaque objects: their content is a marker and internal data that may change between
 *  versions; copy them with memcpy, compare or store them only through the functions below. */
typedef struct secp256k1_frost_tweak_cache {
    unsigned char data[168];
} secp256k1_frost_tweak_cache;

/** A secret nonce: never reuse, never copy; secp256k1_frost_partial_sign zeroes it. */
typedef struct secp256k1_frost_secnonce {
    unsigned char data[68];
} secp256k1_frost_secnonce;

typedef struct secp256k1_frost_pubnonce {
    unsigned char data[132];
} secp256k1_frost_pubnonce;

typedef struct secp256k1_frost_aggnonce {
    unsigned char data[132];
} secp256k1_frost_aggnonce;

typedef struct secp256k1_frost_session {
    unsigned char data[176];
} secp256k1_frost_session;

typedef struct secp256k1_frost_partial_sig {
    unsigned char data[36];
} secp256k1_frost_partial_sig;

/** Error codes of secp256k1_frost_signers_validate (BIP-445's ValidateSignersCtx). */
#define SECP256K1_FROST_OK 0
#define SECP256K1_FROST_ERR_THRESHOLD 1        /* not 1 <= t <= n */
#define SECP256K1_FROST_ERR_SIGNER_COUNT 2     /* not t <= n_signers <= n */
#define SECP256K1_FROST_ERR_ID_RANGE 3         /* ids[index] >= n */
#define SECP256K1_FROST_ERR_DUPLICATE_IDS 5    /* an identifier occurs twice */
#define SECP256K1_FROST_ERR_THRESH_INFINITY 6  /* the shares interpolate to infinity */
#define SECP256K1_FROST_ERR_KEY_MATERIAL 7     /* the shares interpolate to another key */

/** Parse/serialize a public nonce (66 bytes: two compressed points), an aggregate nonce (66 bytes,
 *  a half may be 33 zero bytes for infinity) and a partial signature (32 bytes, < the group order).
 *  Parsing returns 0 on an invalid encoding. */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_frost_pubnonce_parse(
    const secp256k1_context *ctx, secp256k1_frost_pubnonce *nonce, const unsigned char *in66) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);
SECP256K1_API int secp256k1_frost_pubnonce_serialize(
    const secp256k1_context *ctx, unsigned char *out66, const secp256k1_frost_pubnonce *nonce) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_frost_aggnonce_parse(
    const secp256k1_context *ctx, secp256k1_frost_aggnonce *nonce, const unsigned char *in66) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);
SECP256K1_API int secp256k1_frost_aggnonce_serialize(
    const secp256k1_context *ctx, unsigned char *out66, const secp256k1_frost_aggnonce *nonce) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_frost_partial_sig_parse(
    const secp256k1_context *ctx, secp256k1_frost_partial_sig *sig, const unsigned char *in32) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);
SECP256K1_API int secp256k1_frost_partial_sig_serialize(
    const secp256k1_context *ctx, unsigned char *out32, const secp256k1_frost_partial_sig *sig) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/** Trusted dealer: a random degree t-1 polynomial f derived from seed32 (secret, 32 uniformly random
 *  bytes; coefficient j = int(hash_fastsecp/frost/dealer(seed32 || bytes(4, j))) mod n), participant
 *  id (0..n-1) gets secshares32[32*id .. 32*id+31] = f(id + 1) (BIP-445's convention) and
 *  pubshares[id] = f(id + 1)·G; thresh_pk = f(0)·G. Constant time in the seed.
 *  Returns 0 (outputs zeroed) when not 1 <= t <= n, or (negligibly) a coefficient is zero.
 *  Out: secshares32 (n*32 bytes), pubshares (n objects), thresh_pk. In: seed32, t, n. */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_frost_shares_gen(
    const secp256k1_context *ctx, unsigned char *secshares32, secp256k1_pubkey *pubshares,
    secp256k1_pubkey *thresh_pk, const unsigned char *seed32, uint32_t t, uint32_t n) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4) SECP256K1_ARG_NONNULL(5);

/** BIP-445 ValidateSignersCtx: 1 on success. On 0, *error (if not NULL) is a SECP256K1_FROST_ERR_*
 *  code and *error_index (if not NULL) the position in ids of the bad identifier
 *  (SECP256K1_FROST_ERR_ID_RANGE) or SIZE_MAX. */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_frost_signers_validate(
    const secp256k1_context *ctx, int *error, size_t *error_index, uint32_t n, uint32_t t, const uint32_t *ids,
    const secp256k1_pubkey * const *pubshares, size_t n_signers, const secp256k1_pubkey *thresh_pk) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(6) SECP256K1_ARG_NONNULL(7) SECP256K1_ARG_NONNULL(9);

/** Tweak context (BIP-445 TweakCtxInit) for thresh_pk; _pubkey_get gives the (tweaked) plain key. */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_frost_tweak_cache_init(
    const secp256k1_context *ctx, secp256k1_frost_tweak_cache *tweak_cache, const secp256k1_pubkey *thresh_pk) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_frost_pubkey_get(
    const secp256k1_context *ctx, secp256k1_pubkey *pk, const secp256k1_frost_tweak_cache *tweak_cache) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);
/** ApplyTweak, plain (BIP-32) or x-only (BIP-341). 0 when the tweak is >= the group order or the
 *  result is infinity (the cache is then unchanged). output_pubkey (may be NULL): the tweaked key. */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_frost_pubkey_ec_tweak_add(
    const secp256k1_context *ctx, secp256k1_pubkey *output_pubkey, secp256k1_frost_tweak_cache *tweak_cache,
    const unsigned char *tweak32) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4);
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_frost_pubkey_xonly_tweak_add(
    const secp256k1_context *ctx, secp256k1_pubkey *output_pubkey, secp256k1_frost_tweak_cache *tweak_cache,
    const unsigned char *tweak32) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4);

/** NonceGen. session_secrand32: 32 fresh uniformly random bytes (all zero is refused), zeroed on
 *  success so it never seeds two nonces. Optional defence-in-depth inputs (NULL when absent):
 *  secshare32 (0 if invalid), pubshare, tweak_cache (binds the tweaked x-only threshold key), msg
 *  (msglen bytes), extra_input (extra_input_len bytes). Constant time in the secrets.
 *  Out: secnonce (keep secret, use once), pubnonce (send to the coordinator). */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_frost_nonce_gen(
    const secp256k1_context *ctx, secp256k1_frost_secnonce *secnonce, secp256k1_frost_pubnonce *pubnonce,
    unsigned char *session_secrand32, const unsigned char *secshare32, const secp256k1_pubkey *pubshare,
    const secp256k1_frost_tweak_cache *tweak_cache, const unsigned char *msg, size_t msglen,
    const unsigned char *extra_input, size_t extra_input_len) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4);

/** NonceAgg of n_pubnonces > 0 public nonces. */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_frost_nonce_agg(
    const secp256k1_context *ctx, secp256k1_frost_aggnonce *aggnonce, const secp256k1_frost_pubnonce * const *pubnonces,
    size_t n_pubnonces) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/** The session (BIP-445 GetSessionValues): validates the signer set (0 if invalid: see
 *  secp256k1_frost_signers_validate), takes the tweaks from tweak_cache (NULL: none; 0 when it was
 *  made for another threshold key) and derives b, R and e for msg. Variable time (public data). */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_frost_nonce_process(
    const secp256k1_context *ctx, secp256k1_frost_session *session, const secp256k1_frost_aggnonce *aggnonce,
    const unsigned char *msg, size_t msglen, uint32_t n, uint32_t t, const uint32_t *ids,
    const secp256k1_pubkey * const *pubshares, size_t n_signers, const secp256k1_pubkey *thresh_pk,
    const secp256k1_frost_tweak_cache *tweak_cache) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(8) SECP256K1_ARG_NONNULL(9) SECP256K1_ARG_NONNULL(11);

/** Sign as participant my_id with secret share secshare32. The secnonce is zeroed first, whatever
 *  happens next (a zeroed secnonce is an illegal argument). Returns 0 when a secnonce half or the
 *  secret share is zero or out of range, when secshare32·G is not among the pubshares, when my_id
 *  is not among the ids, or when (ids, pubshares) is not the set the session was made with.
 *  Constant time in the secret nonce and share. */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_frost_partial_sign(
    const secp256k1_context *ctx, secp256k1_frost_partial_sig *partial_sig, secp256k1_frost_secnonce *secnonce,
    const unsigned char *secshare32, uint32_t my_id, const secp256k1_frost_session *session, const uint32_t *ids,
    const secp256k1_pubkey * const *pubshares, size_t n_signers) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4) SECP256K1_ARG_NONNULL(6) SECP256K1_ARG_NONNULL(7) SECP256K1_ARG_NONNULL(8);

/** PartialSigVerify for the signer at position signer_index of the set (its pubnonce given):
 *  1 valid, 0 invalid (blame that signer) or the set differs from the session's. Variable time. */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_frost_partial_sig_verify(
    const secp256k1_context *ctx, const secp256k1_frost_partial_sig *partial_sig, const secp256k1_frost_pubnonce *pubnonce,
    size_t signer_index, const secp256k1_frost_session *session, const uint32_t *ids,
    const secp256k1_pubkey * const *pubshares, size_t n_signers) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(5) SECP256K1_ARG_NONNULL(6) SECP256K1_ARG_NONNULL(7);

/** PartialSigAgg: the 64-byte BIP-340 signature. 0 when n_sigs differs from the session's signer count. */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_frost_partial_sig_agg(
    const secp256k1_context *ctx, unsigned char *sig64, const secp256k1_frost_session *session,
    const secp256k1_frost_partial_sig * const *partial_sigs, size_t n_sigs) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4);

/** DeterministicSign (stateless, only for the last signer to pick a nonce, or a sole signer):
 *  the nonce is derived from the secret share, aux_rand32 (optional randomness), my_id, the
 *  signer set, aggothernonce (the aggregate of all OTHER signers' nonces; NULL for u = 1), the
 *  tweaked key and msg; outputs this signer's pubnonce and partial signature. Returns 0 in the
 *  cases of secp256k1_frost_nonce_process and _partial_sign, and when aggothernonce has an
 *  infinite half (blame the coordinator). Constant time in the secret share and aux_rand32. */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_frost_deterministic_sign(
    const secp256k1_context *ctx, secp256k1_frost_partial_sig *partial_sig, secp256k1_frost_pubnonce *pubnonce,
    const unsigned char *secshare32, uint32_t my_id, const secp256k1_frost_aggnonce *aggothernonce,
    const unsigned char *aux_rand32, const unsigned char *msg, size_t msglen, uint32_t n, uint32_t t,
    const uint32_t *ids, const secp256k1_pubkey * const *pubshares, size_t n_signers,
    const secp256k1_pubkey *thresh_pk, const secp256k1_frost_tweak_cache *tweak_cache) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4) SECP256K1_ARG_NONNULL(12) SECP256K1_ARG_NONNULL(13) SECP256K1_ARG_NONNULL(15);

#ifdef __cplusplus
}
#endif

#endif /* SECP256K1_FROST_H */
