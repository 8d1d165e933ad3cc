/* fastsecp: declarations follow secp256k1-zkp's ECDSA adaptor module (secp256k1_ecdsa_adaptor.h,
 * BlockstreamResearch/secp256k1-zkp), so software built on it (DLC wallets) can link against
 * fastsecp; the documentation is our own. Not part of libsecp256k1 v0.8.0.
 *
 * An adaptor signature (162 bytes) is an ECDSA signature encrypted to a public key Y = y·G: anyone
 * can check that it decrypts to a valid signature of the message under the signer's key, the
 * holder of y can decrypt it, and whoever sees both the adaptor signature and the decrypted
 * signature learns y. Warning (from the construction, L. Fournier 2019): an adaptor signature
 * reveals the Diffie-Hellman point x·Y of the signing key x and Y, so a signing key used here must
 * not also serve in protocols that rely on that point staying secret (ECDH, ElGamal). */
#ifndef SECP256K1_ECDSA_ADAPTOR_H
#define SECP256K1_ECDSA_ADAPTOR_H

#ifdef __cplusplus
extern "C" {
#endif

#include "secp256k1.h"

/** Nonce function of the adaptor calls: like secp256k1_nonce_function_hardened, but pk33 is the
 *  compressed 33-byte key. Returns 1 with a nonce in nonce32, 0 to make the signing call fail.
 *  msg32: the message; key32: the secret; algo/algolen: which nonce is asked for; data: the
 *  caller's ndata. */
typedef int (*secp256k1_nonce_function_hardened_ecdsa_adaptor)(
    unsigned char *nonce32,
    const unsigned char *msg32,
    const unsigned char *key32,
    const unsigned char *pk33,
    const unsigned char *algo,
    size_t algolen,
    void *data
);

/** The default nonce function: BIP-340's nonce derivation on the 33-byte key, the hash tagged
 *  with algo; data, when not NULL, points to 32 bytes of auxiliary randomness. */
SECP256K1_API const secp256k1_nonce_function_hardened_ecdsa_adaptor secp256k1_nonce_function_ecdsa_adaptor;

/** Encrypted signing: an adaptor signature of msg32 by seckey32, encrypted to enckey, with its
 *  DLEQ proof.
 *  Returns: 1 on success; 0 for an invalid secret key, a nonce function that fails or gives 0,
 *           or (negligibly likely) a zero signature part; adaptor_sig162 is then zeroed.
 *  Args:    ctx: a context that can sign (not secp256k1_context_static).
 *  Out:     adaptor_sig162: the 162-byte adaptor signature.
 *  In:      seckey32: the signing key; enckey: the encryption key Y; msg32: the message hash;
 *           noncefp: nonce function, NULL for secp256k1_nonce_function_ecdsa_adaptor; ndata:
 *           its data (for the default: NULL or 32 bytes of fresh randomness, recommended).
 *  Constant time in the secret key and the nonces. */
SECP256K1_API int secp256k1_ecdsa_adaptor_encrypt(
    const secp256k1_context *ctx,
    unsigned char *adaptor_sig162,
    unsigned char *seckey32,
    const secp256k1_pubkey *enckey,
    const unsigned char *msg32,
    secp256k1_nonce_function_hardened_ecdsa_adaptor noncefp,
    void *ndata
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4) SECP256K1_ARG_NONNULL(5);

/** Checks an adaptor signature: its DLEQ proof, and that decrypting it with the secret of enckey
 *  gives a valid signature of msg32 under pubkey.
 *  Returns: 1 if valid, 0 otherwise (also for an unparsable signature). */
SECP256K1_API int secp256k1_ecdsa_adaptor_verify(
    const secp256k1_context *ctx,
    const unsigned char *adaptor_sig162,
    const secp256k1_pubkey *pubkey,
    const unsigned char *msg32,
    const secp256k1_pubkey *enckey
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4) SECP256K1_ARG_NONNULL(5);

/** Decrypts an adaptor signature with the decryption key y (enckey's secret) into an ECDSA
 *  signature (low-s).
 *  Returns: 1 on success; 0 when deckey32 is 0 or >= n or the adaptor signature's r or s' is
 *           invalid (sig is then zeroed). Constant time in deckey32. */
SECP256K1_API int secp256k1_ecdsa_adaptor_decrypt(
    const secp256k1_context *ctx,
    secp256k1_ecdsa_signature *sig,
    const unsigned char *deckey32,
    const unsigned char *adaptor_sig162
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4);

/** Recovers the decryption key from an adaptor signature and the signature decrypted from it.
 *  Returns: 1 on success; 0 when the adaptor signature is invalid, the signature's r differs from
 *           it, or the recovered key's public key is not ±enckey.
 *  Args:    ctx: a context that can sign (not secp256k1_context_static).
 *  Out:     deckey32: the decryption key y with y·G = enckey. */
SECP256K1_API int secp256k1_ecdsa_adaptor_recover(
    const secp256k1_context *ctx,
    unsigned char *deckey32,
    const secp256k1_ecdsa_signature *sig,
    const unsigned char *adaptor_sig162,
    const secp256k1_pubkey *enckey
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4) SECP256K1_ARG_NONNULL(5);

#ifdef __cplusplus
}
#endif

#endif /* SECP256K1_ECDSA_ADAPTOR_H */
