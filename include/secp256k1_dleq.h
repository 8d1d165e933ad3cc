/* fastsecp: BIP-374 DLEQ proofs and the BIP-375 (silent payments in PSBTs) share and output
 * calls, in libsecp256k1's conventions: a context first, opaque secp256k1_pubkey /
 * secp256k1_xonly_pubkey objects, 1 on success and 0 on failure, NULL where the documentation
 * does not allow it goes to the illegal-argument callback (and the call returns 0).
 * secp256k1_dleq_prove / secp256k1_dleq_verify take the names and argument order of the DLEQ
 * module proposed for libsecp256k1 (bitcoin-core/secp256k1 PR #1802); the _with_base forms
 * (BIP-374's general base point G, which the BIP's test vectors use) and the
 * secp256k1_silentpayments_psbt_* calls are fastsecp's. Not in libsecp256k1 v0.8.0. */
#ifndef SECP256K1_DLEQ_H
#define SECP256K1_DLEQ_H

#include <stdint.h>

#include "secp256k1.h"
#include "secp256k1_extrakeys.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Proves that A = a·G and C = a·B share the secret a (BIP-374), G the curve's generator.
 *
 *  Returns: 1 on success; 0 when seckey32 is 0 or >= n (or, about 2^-256 likely, the nonce is 0).
 *  Args:    ctx:        a context (randomize it for side-channel protection).
 *  Out:     proof64:    the 64-byte proof e || s (zeroed on failure).
 *  In:      seckey32:   the secret a.
 *           pubkey_B:   the point B.
 *           aux_rand32: 32 bytes of fresh randomness (BIP-374 recommends it); NULL means 32 zero
 *                       bytes.
 *           msg32:      an optional 32-byte message bound into the proof (NULL: none).
 *  Constant time in seckey32 and aux_rand32. The proof is checked before it is returned. */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_dleq_prove(
    const secp256k1_context *ctx, unsigned char *proof64, const unsigned char *seckey32,
    const secp256k1_pubkey *pubkey_B, const unsigned char *aux_rand32, const unsigned char *msg32
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4);

/** Verifies a BIP-374 proof that A = a·G and C = a·B for one a (G the generator).
 *
 *  Returns: 1 if the proof is valid, 0 otherwise.
 *  In:      proof64, pubkey_A, pubkey_B, pubkey_C; msg32: the message the proof was made with
 *           (NULL: none). */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_dleq_verify(
    const secp256k1_context *ctx, const unsigned char *proof64, const secp256k1_pubkey *pubkey_A,
    const secp256k1_pubkey *pubkey_B, const secp256k1_pubkey *pubkey_C, const unsigned char *msg32
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4)
  SECP256K1_ARG_NONNULL(5);

/** secp256k1_dleq_prove with a base point G of the caller's (A = a·G). */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_dleq_prove_with_base(
    const secp256k1_context *ctx, unsigned char *proof64, const unsigned char *seckey32,
    const secp256k1_pubkey *base_G, const secp256k1_pubkey *pubkey_B, const unsigned char *aux_rand32,
    const unsigned char *msg32
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4)
  SECP256K1_ARG_NONNULL(5);

/** secp256k1_dleq_verify with a base point G of the caller's. */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_dleq_verify_with_base(
    const secp256k1_context *ctx, const unsigned char *proof64, const secp256k1_pubkey *base_G,
    const secp256k1_pubkey *pubkey_A, const secp256k1_pubkey *pubkey_B, const secp256k1_pubkey *pubkey_C,
    const unsigned char *msg32
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4)
  SECP256K1_ARG_NONNULL(5) SECP256K1_ARG_NONNULL(6);

/** BIP-375 ECDH share and its proof: share = a·B_scan for the secret a (one input's key, or the
 *  sum of the eligible inputs' keys, taproot keys negated to even y as BIP-352 says), and the
 *  DLEQ proof (no message) that the share and a·G share a. A signer puts them in
 *  PSBT_GLOBAL_SP_ECDH_SHARE / PSBT_GLOBAL_SP_DLEQ (or the per-input fields).
 *
 *  Returns: 1 on success; 0 when seckey32 is 0 or >= n (outputs zeroed).
 *  Out:     share: the ECDH share; proof64: the proof.
 *  In:      seckey32: a; scan_pubkey: B_scan; aux_rand32: as for secp256k1_dleq_prove.
 *  Constant time in seckey32 and aux_rand32. */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_silentpayments_psbt_ecdh_share(
    const secp256k1_context *ctx, secp256k1_pubkey *share, unsigned char *proof64, const unsigned char *seckey32,
    const secp256k1_pubkey *scan_pubkey, const unsigned char *aux_rand32
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4)
  SECP256K1_ARG_NONNULL(5);

/** The silent-payment output key a share gives (BIP-375's "computed output"): with
 *  input_hash = hash_BIP0352/Inputs(smallest_outpoint36 || A), the k-th output for this scan key
 *  is B_spend + hash_BIP0352/SharedSecret(input_hash·share || ser32(k))·G. A signer or verifier
 *  compares it with PSBT_OUT_SCRIPT (OP_1 <32 bytes>).
 *
 *  Returns: 1 on success; 0 when a hash is 0 or >= n or the output is infinity (output zeroed).
 *  Out:     output: the x-only output key.
 *  In:      smallest_outpoint36: the lexicographically smallest outpoint (txid || vout, little
 *           endian, as serialized in transactions); input_pubkey_sum: A, the sum of the eligible
 *           inputs' public keys; share: the ECDH share for the scan key (the global share, or the
 *           sum of the per-input shares); spend_pubkey: B_spend (labelled, if a label is used);
 *           k: the output's index among this scan key's outputs. */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_silentpayments_psbt_output(
    const secp256k1_context *ctx, secp256k1_xonly_pubkey *output, const unsigned char *smallest_outpoint36,
    const secp256k1_pubkey *input_pubkey_sum, const secp256k1_pubkey *share, const secp256k1_pubkey *spend_pubkey,
    uint32_t k
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4)
  SECP256K1_ARG_NONNULL(5) SECP256K1_ARG_NONNULL(6);

#ifdef __cplusplus
}
#endif

#endif /* SECP256K1_DLEQ_H */
