#ifndef SECP256K1_SCHNORR_ADAPTOR_H
#define SECP256K1_SCHNORR_ADAPTOR_H

#include "secp256k1.h"
#include "secp256k1_extrakeys.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Schnorr (BIP-340) adaptor signatures.
 *
 *  fastsecp's module with the declarations of the schnorr_adaptor module proposed for
 *  secp256k1-zkp (an unmerged pull request; its branch as of October 2024), so that a program
 *  written against that proposal links against fastsecp unchanged. Not part of libsecp256k1.
 *
 *  A signer with key pair (d, P) and a counterparty's adaptor point T = t*G make a
 *  *pre-signature* on a 32-byte message. Whoever learns t turns it into an ordinary BIP-340
 *  signature for P (check it with secp256k1_schnorrsig_verify); whoever holds the pre-signature
 *  and sees that signature learns t. The construction (P with even y, d negated if needed):
 *
 *    k  = int(nonce) mod n, nonce from secp256k1_nonce_function_schnorr_adaptor below
 *    R' = k*G + T;  k' = k if R' has even y, else -k
 *    e  = int(tagged_hash("BIP0340/challenge", x(R') || x(P) || msg32)) mod n
 *    pre_sig65 = compressed(R') || bytes(k' + e*d mod n)          (33 + 32 bytes)
 *
 *    adapt:       sig64 = x(R') || bytes(s' + t) if pre_sig65[0] = 0x02, s' - t if 0x03
 *    extract_sec: t = s - s' if pre_sig65[0] = 0x02, s' - s if 0x03 (s from sig64)
 *    extract:     R = s'*G - e*P;  T = R' - R if R' has even y, R' + R if odd
 *
 *  There is no separate verification call: a receiver *verifies* a pre-signature by extracting
 *  its adaptor point and comparing it with the point it expects (a pre-signature made for
 *  another key, message or adaptor point gives another point). If that holds, adapting with t
 *  gives a valid BIP-340 signature, and the signer alone can make pre-signatures for P.
 */

/** A nonce function for pre-signatures.
 *
 *  Like secp256k1_nonce_function_hardened, with the adaptor point added: it receives the
 *  adaptor point's 33-byte compressed encoding. Returns 1 with a nonce in nonce32, or 0 (then
 *  signing fails).
 *
 *  Out:  nonce32: 32 bytes of nonce
 *  In:     msg32: the 32-byte message (not NULL)
 *          key32: the 32-byte secret key, the one that signs for xonly_pk32 (not NULL)
 *      adaptor33: the compressed adaptor point (not NULL)
 *     xonly_pk32: the x-only public key of key32 (not NULL)
 *           algo: the algorithm tag, algolen bytes (not NULL)
 *           data: passed through (the default function reads 32 bytes of aux randomness there)
 */
typedef int (*secp256k1_nonce_function_hardened_schnorr_adaptor)(
    unsigned char *nonce32,
    const unsigned char *msg32,
    const unsigned char *key32,
    const unsigned char *adaptor33,
    const unsigned char *xonly_pk32,
    const unsigned char *algo,
    size_t algolen,
    void *data
);

/** The default nonce function: BIP-340's, with its own tags and the adaptor point hashed in.
 *
 *    mask  = tagged_hash("SchnorrAdaptor/aux", aux32)    (aux32 = data, or 32 zero bytes if NULL)
 *    nonce = tagged_hash(algo, (key32 xor mask) || adaptor33 || xonly_pk32 || msg32)
 *
 *  Pre-signing passes algo = "SchnorrAdaptor/nonce" (20 bytes, no terminating zero). Returns 0
 *  only when algo is NULL.
 */
SECP256K1_API const secp256k1_nonce_function_hardened_schnorr_adaptor secp256k1_nonce_function_schnorr_adaptor;

/** Makes a pre-signature of a 32-byte message for an adaptor point.
 *
 *  Like secp256k1_schnorrsig_sign32, hash longer messages first (secp256k1_tagged_sha256 with a
 *  tag of the application).
 *
 *  Returns 1 on success; 0 (pre_sig65 zeroed) when the nonce is zero or R' = k*G + T is the point
 *  at infinity (neither happens but with negligible probability).
 *  Args:        ctx: a context not secp256k1_context_static (illegal otherwise).
 *  Out:   pre_sig65: the 65-byte pre-signature.
 *  In:        msg32: the 32-byte message.
 *           keypair: the signer's initialized key pair.
 *           adaptor: the adaptor point T, a valid public key.
 *        aux_rand32: 32 bytes of fresh randomness for the nonce, or NULL (as 32 zero bytes); see
 *                    BIP-340's "Default Signing".
 */
SECP256K1_API int secp256k1_schnorr_adaptor_presign(
    const secp256k1_context *ctx,
    unsigned char *pre_sig65,
    const unsigned char *msg32,
    const secp256k1_keypair *keypair,
    const secp256k1_pubkey *adaptor,
    const unsigned char *aux_rand32
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4) SECP256K1_ARG_NONNULL(5);

/** Computes the adaptor point a pre-signature commits to, for a message and public key.
 *
 *  Compare the result with the expected adaptor point to verify a pre-signature: for a
 *  pre-signature of another message or key the call still returns 1, with another point.
 *
 *  Returns 1 with the adaptor point; 0 when pre_sig65 is not an encoding of a pre-signature
 *  (first 33 bytes not a compressed point, last 32 not below the group order) or R or T comes
 *  out as the point at infinity.
 *  Args:        ctx: a context.
 *  Out:     adaptor: the adaptor point T.
 *  In:    pre_sig65: the 65-byte pre-signature.
 *             msg32: the 32-byte message it signs.
 *            pubkey: the signer's x-only public key.
 */
SECP256K1_API int secp256k1_schnorr_adaptor_extract(
    const secp256k1_context *ctx,
    secp256k1_pubkey *adaptor,
    const unsigned char *pre_sig65,
    const unsigned char *msg32,
    const secp256k1_xonly_pubkey *pubkey
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4) SECP256K1_ARG_NONNULL(5);

/** Completes a pre-signature to a BIP-340 signature with the adaptor secret t.
 *
 *  The result is not verified: with a t that is not the discrete logarithm of the adaptor point
 *  the call returns 1 and the signature is invalid (secp256k1_schnorrsig_verify tells).
 *  Constant time in t.
 *
 *  Returns 1 on success; 0 (sig64 zeroed) when pre_sig65's first byte is neither 0x02 nor 0x03,
 *  its last 32 bytes are not below the group order, or t is not below the group order.
 *  Args:            ctx: a context.
 *  Out:           sig64: the 64-byte BIP-340 signature (may be the same memory as pre_sig65).
 *  In:        pre_sig65: the 65-byte pre-signature.
 *         sec_adaptor32: the 32-byte adaptor secret t.
 */
SECP256K1_API int secp256k1_schnorr_adaptor_adapt(
    const secp256k1_context *ctx,
    unsigned char *sig64,
    const unsigned char *pre_sig65,
    const unsigned char *sec_adaptor32
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4);

/** Recovers the adaptor secret t from a pre-signature and the BIP-340 signature adapted from it.
 *
 *  For a signature not adapted from pre_sig65 the call returns 1 with a wrong t (check it with
 *  secp256k1_ec_pubkey_create against the adaptor point).
 *
 *  Returns 1 on success; 0 (sec_adaptor32 zeroed) when pre_sig65's first byte is neither 0x02
 *  nor 0x03, or pre_sig65's or sig64's last 32 bytes are not below the group order.
 *  Args:            ctx: a context.
 *  Out:   sec_adaptor32: the 32-byte adaptor secret t.
 *  In:        pre_sig65: the 65-byte pre-signature.
 *                 sig64: the 64-byte signature adapted from it.
 */
SECP256K1_API int secp256k1_schnorr_adaptor_extract_sec(
    const secp256k1_context *ctx,
    unsigned char *sec_adaptor32,
    const unsigned char *pre_sig65,
    const unsigned char *sig64
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4);

#ifdef __cplusplus
}
#endif

#endif /* SECP256K1_SCHNORR_ADAPTOR_H */
