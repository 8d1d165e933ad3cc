/* fastsecp: FROST(secp256k1, SHA-256) of RFC 9591 (Two-Round Threshold Schnorr Signatures with
 * FROST, section 6.5), built with the FROST module (SECP256K1_ENABLE_MODULE_FROST). fastsecp only:
 * libsecp256k1 has no such module.
 *
 * These are the RFC's signatures, not BIP-340's: R and the group public key keep their Y
 * coordinate, the challenge is the ciphersuite's hash-to-field, and a signature is 65 bytes,
 * SerializeElement(R) || SerializeScalar(z). For Bitcoin (BIP-340) threshold signatures use
 * secp256k1_frost.h (BIP-445). Everything crosses the API in the RFC's encodings, so values can be
 * exchanged with other implementations of the RFC as they are:
 *   - a point (public key, commitment, share of the public key) is 33 bytes, SerializeElement
 *     (compressed SEC 1; the identity is never valid);
 *   - a scalar (secret share, signature share) is 32 bytes, SerializeScalar (big-endian, < n);
 *   - identifiers are the nonzero scalars 1, 2, ... given as uint32_t (the RFC's dealer uses
 *     1..MAX_PARTICIPANTS);
 *   - a participant's round-one commitment is 66 bytes: hiding_nonce_commitment ||
 *     binding_nonce_commitment (each 33 bytes);
 *   - a commitment list is given as `identifiers` (strictly ascending, as the RFC requires) and
 *     `commitments66` (n_signers * 66 bytes, in the same order).
 *
 * A signing run (RFC section 5): the dealer splits a secret (dealer_keygen); each signer checks its
 * share (vss_verify); each of at least MIN_PARTICIPANTS signers makes a nonce pair and publishes
 * its commitment (nonce_gen); the coordinator sends the commitment list and the message to them;
 * each signs (sign); the coordinator checks each share (verify_share) and aggregates (aggregate);
 * anyone verifies (verify).
 *
 * Functions return 1 on success and 0 on failure; NULL where a pointer is required (and the other
 * conditions marked "illegal") call the context's illegal callback and return 0. Secrets (the
 * secret key, the coefficients, shares, nonces and their randomness) are handled in constant time.
 */
#ifndef SECP256K1_FROST_RFC9591_H
#define SECP256K1_FROST_RFC9591_H

#include "secp256k1.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** A signer's secret nonce pair from secp256k1_frost_rfc9591_nonce_gen: never copy it, never use
 *  it twice; secp256k1_frost_rfc9591_sign zeroes it, and refuses a zeroed one. */
typedef struct secp256k1_frost_rfc9591_secnonce {
    unsigned char data[68];
} secp256k1_frost_rfc9591_secnonce;

/** The trusted dealer (RFC 9591 appendix C): Shamir shares of a secret key and the VSS commitment.
 *
 *  Returns: 1 on success; 0 when secret32 is not a valid secret key or a coefficient is >= n.
 *  Args:   ctx:                 a context (not secp256k1_context_static).
 *  Out:    shares32:            max_participants * 32 bytes: participant i's share f(i) at
 *                               offset 32*(i-1).
 *          vss_commitment33:    min_participants * 33 bytes: coefficient j times G for each j; the
 *                               first 33 bytes are the group public key.
 *  In:     secret32:            the group's secret key (the polynomial's constant term).
 *          coefficients32:      (min_participants - 1) * 32 bytes: the polynomial's other
 *                               coefficients, uniformly random (the RFC draws them; here the caller
 *                               does, as libsecp256k1's calls take their randomness), NULL when
 *                               min_participants is 1.
 *          min_participants, max_participants: the threshold and the number of shares; illegal
 *                               unless 1 <= min_participants <= max_participants (the RFC asks
 *                               for 2 <= min).
 */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_frost_rfc9591_dealer_keygen(
    const secp256k1_context *ctx,
    unsigned char *shares32,
    unsigned char *vss_commitment33,
    const unsigned char *secret32,
    const unsigned char *coefficients32,
    uint32_t min_participants,
    uint32_t max_participants
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4);

/** vss_verify: whether share32 is identifier's share under the VSS commitment
 *  (share * G == sum_j C_j * identifier^j).
 *
 *  Returns: 1 when it is; 0 when it is not, or the share or a commitment does not parse, or the
 *           identifier is 0.
 */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_frost_rfc9591_vss_verify(
    const secp256k1_context *ctx,
    const unsigned char *share32,
    uint32_t identifier,
    const unsigned char *vss_commitment33,
    uint32_t min_participants
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(4);

/** The public key of identifier's share, from the VSS commitment (the RFC's derive_group_info):
 *  sum_j C_j * identifier^j, what secp256k1_frost_rfc9591_verify_share takes.
 *
 *  Returns: 1 on success; 0 when a commitment does not parse, the identifier is 0 or the result is
 *           the identity.
 *  Out:     pubshare33: the share's public key (SerializeElement).
 */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_frost_rfc9591_pubshare(
    const secp256k1_context *ctx,
    unsigned char *pubshare33,
    uint32_t identifier,
    const unsigned char *vss_commitment33,
    uint32_t min_participants
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(4);

/** Round one (RFC section 5.1, commit): the nonces nonce_generate(hiding_rand32, share) and
 *  nonce_generate(binding_rand32, share), and their commitment.
 *
 *  Returns: 1 on success; 0 when share32 is not a valid scalar or a nonce is 0 (negligible).
 *  Args:    ctx:            a context (not secp256k1_context_static).
 *  Out:     secnonce:       the secret nonces, for secp256k1_frost_rfc9591_sign (zeroed on failure).
 *           commitment66:   hiding_nonce_commitment || binding_nonce_commitment, for the coordinator.
 *  In:      hiding_rand32, binding_rand32: 32 bytes of fresh randomness each (the RFC's
 *                           random_bytes(32)); never reuse them.
 *           share32:        the signer's secret share.
 */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_frost_rfc9591_nonce_gen(
    const secp256k1_context *ctx,
    secp256k1_frost_rfc9591_secnonce *secnonce,
    unsigned char *commitment66,
    const unsigned char *hiding_rand32,
    const unsigned char *binding_rand32,
    const unsigned char *share32
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4)
  SECP256K1_ARG_NONNULL(5) SECP256K1_ARG_NONNULL(6);

/** Round two (RFC section 5.2, sign): the signature share z_i = d_i + e_i * rho_i + lambda_i *
 *  s_i * c. The secret nonce is zeroed first, whatever the result.
 *
 *  Returns: 1 on success; 0 when the list is not strictly ascending, holds identifier 0 or not
 *           `identifier`, a commitment or the group public key does not parse, the group
 *           commitment is the identity, or share32 is not a valid scalar.
 *  Out:     sigshare32:     the signature share (SerializeScalar).
 *  In/Out:  secnonce:       this signer's nonces from round one (illegal when zeroed: used before).
 *  In:      share32, identifier: this signer's secret share and identifier.
 *           group_pk33:     the group public key.
 *           msg, msglen:    the message (any length; NULL only when msglen is 0).
 *           identifiers, commitments66, n_signers: the commitment list (see above); n_signers >= 1.
 *
 *  As in the RFC, the signer's own entry in the list is not compared with its nonces: a
 *  coordinator that changes it only makes the signature share invalid.
 */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_frost_rfc9591_sign(
    const secp256k1_context *ctx,
    unsigned char *sigshare32,
    secp256k1_frost_rfc9591_secnonce *secnonce,
    const unsigned char *share32,
    uint32_t identifier,
    const unsigned char *group_pk33,
    const unsigned char *msg,
    size_t msglen,
    const uint32_t *identifiers,
    const unsigned char *commitments66,
    size_t n_signers
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4)
  SECP256K1_ARG_NONNULL(6) SECP256K1_ARG_NONNULL(9) SECP256K1_ARG_NONNULL(10);

/** verify_signature_share (RFC section 5.4): z_i * G == hiding_i + rho_i * binding_i +
 *  (c * lambda_i) * PK_i, for the signer `identifier` of the list.
 *
 *  Returns: 1 when the share is valid; 0 when it is not, or anything fails to parse, or the list is
 *           malformed (as for sign).
 *  In:      sigshare32:  the share; pubshare33: the signer's share public key
 *                        (secp256k1_frost_rfc9591_pubshare); the rest as for sign.
 */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_frost_rfc9591_verify_share(
    const secp256k1_context *ctx,
    const unsigned char *sigshare32,
    uint32_t identifier,
    const unsigned char *pubshare33,
    const unsigned char *group_pk33,
    const unsigned char *msg,
    size_t msglen,
    const uint32_t *identifiers,
    const unsigned char *commitments66,
    size_t n_signers
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(4) SECP256K1_ARG_NONNULL(5)
  SECP256K1_ARG_NONNULL(8) SECP256K1_ARG_NONNULL(9);

/** aggregate (RFC section 5.3): the signature (R, sum of z_i). It does not check the shares: when
 *  the signature does not verify, check each with secp256k1_frost_rfc9591_verify_share.
 *
 *  Returns: 1 on success; 0 when a share is >= n, anything fails to parse or the list is malformed.
 *  Out:     sig65:        SerializeElement(R) || SerializeScalar(z).
 *  In:      sigshares32:  n_signers * 32 bytes, in the list's order; the rest as for sign.
 */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_frost_rfc9591_aggregate(
    const secp256k1_context *ctx,
    unsigned char *sig65,
    const unsigned char *sigshares32,
    const unsigned char *group_pk33,
    const unsigned char *msg,
    size_t msglen,
    const uint32_t *identifiers,
    const unsigned char *commitments66,
    size_t n_signers
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4)
  SECP256K1_ARG_NONNULL(7) SECP256K1_ARG_NONNULL(8);

/** Signature verification (RFC section 6.5's ciphersuite, the prime-order verification of
 *  section 4.1): c = H2(R || PK || msg), z * G == R + c * PK.
 *
 *  Returns: 1 when the signature is valid; 0 otherwise (also when R or PK does not parse or z >= n).
 *  Args:    ctx: any context, secp256k1_context_static included.
 */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_frost_rfc9591_verify(
    const secp256k1_context *ctx,
    const unsigned char *sig65,
    const unsigned char *msg,
    size_t msglen,
    const unsigned char *group_pk33
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(5);

#ifdef __cplusplus
}
#endif

#endif /* SECP256K1_FROST_RFC9591_H */
