/* fastsecp: the Pedersen-commitment part of secp256k1-zkp's generator module
 * (secp256k1_generator.h, BlockstreamResearch/secp256k1-zkp), declarations as there so software
 * built on it can link against fastsecp; the documentation is our own. Not in libsecp256k1 v0.8.0. */
#ifndef SECP256K1_GENERATOR_H
#define SECP256K1_GENERATOR_H

#include "secp256k1.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A generator point (opaque, 64 bytes; copy it freely, compare it only through its
 *  serialization). */
typedef struct secp256k1_generator {
    unsigned char data[64];
} secp256k1_generator;

/** The standard second generator H for commitments (x = SHA256 of G's uncompressed encoding,
 *  the y that is a square). */
SECP256K1_API const secp256k1_generator *secp256k1_generator_h;

/** Parses a 33-byte generator (0x0a: y a square mod p, 0x0b: not). Returns 1, or 0 for another
 *  prefix, x >= p or x not on the curve. */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_generator_parse(
    const secp256k1_context *ctx, secp256k1_generator *gen, const unsigned char *input
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/** Writes the 33-byte encoding of gen. Returns 1. */
SECP256K1_API int secp256k1_generator_serialize(
    const secp256k1_context *ctx, unsigned char *output, const secp256k1_generator *gen
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/** A generator derived from a 32-byte key (an asset tag, say): the sum of the Shallue-van de
 *  Woestijne map of SHA256("1st generation: " || key) and of SHA256("2nd generation: " || key),
 *  as secp256k1-zkp derives it. Returns 1, or 0 when a hash is >= p (about 2^-128 likely).
 *  Constant time in key32. */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_generator_generate(
    const secp256k1_context *ctx, secp256k1_generator *gen, const unsigned char *key32
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/** secp256k1_generator_generate plus blind32·G (a blinded asset generator). Returns 1, or 0 when
 *  blind32 >= n or a hash is >= p. ctx: a context that can sign. Constant time in key and blind. */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_generator_generate_blinded(
    const secp256k1_context *ctx, secp256k1_generator *gen, const unsigned char *key32, const unsigned char *blind32
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4);

/** A Pedersen commitment (opaque, 64 bytes). */
typedef struct secp256k1_pedersen_commitment {
    unsigned char data[64];
} secp256k1_pedersen_commitment;

/** Parses a 33-byte commitment (0x08: y a square, 0x09: not). Returns 1, or 0 for another prefix,
 *  x >= p or x not on the curve. */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_pedersen_commitment_parse(
    const secp256k1_context *ctx, secp256k1_pedersen_commitment *commit, const unsigned char *input
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/** Writes the 33-byte encoding of commit. Returns 1. */
SECP256K1_API int secp256k1_pedersen_commitment_serialize(
    const secp256k1_context *ctx, unsigned char *output, const secp256k1_pedersen_commitment *commit
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/** commit = blind·G + value·gen. Returns 1, or 0 when blind >= n or the sum is infinity.
 *  ctx: a context that can sign (not secp256k1_context_static). */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_pedersen_commit(
    const secp256k1_context *ctx, secp256k1_pedersen_commitment *commit, const unsigned char *blind,
    uint64_t value, const secp256k1_generator *gen
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(5);

/** blind_out = the sum of blinds[0 .. npositive) minus the sum of blinds[npositive .. n) mod n.
 *  Returns 1, or 0 when a blind is >= n. */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_pedersen_blind_sum(
    const secp256k1_context *ctx, unsigned char *blind_out, const unsigned char * const *blinds, size_t n,
    size_t npositive
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3);

/** 1 when the sum of commits[0 .. pcnt) equals the sum of ncommits[0 .. ncnt), else 0. */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_pedersen_verify_tally(
    const secp256k1_context *ctx, const secp256k1_pedersen_commitment * const *commits, size_t pcnt,
    const secp256k1_pedersen_commitment * const *ncommits, size_t ncnt
) SECP256K1_ARG_NONNULL(1);

/** For commitments on blinded generators (gen_i = H + generator_blind[i]·G): replaces
 *  blinding_factor[n_total - 1] so that the n_total - n_inputs outputs minus the n_inputs inputs
 *  tally: the sum over i of ±(value[i]·generator_blind[i] + blinding_factor[i]) is 0 (inputs
 *  negative). Returns 1, or 0 when a blind is >= n. n_total must exceed n_inputs. */
SECP256K1_API SECP256K1_WARN_UNUSED_RESULT int secp256k1_pedersen_blind_generator_blind_sum(
    const secp256k1_context *ctx, const uint64_t *value, const unsigned char * const *generator_blind,
    unsigned char * const *blinding_factor, size_t n_total, size_t n_inputs
) SECP256K1_ARG_NONNULL(1) SECP256K1_ARG_NONNULL(2) SECP256K1_ARG_NONNULL(3) SECP256K1_ARG_NONNULL(4);

#ifdef __cplusplus
}
#endif

#endif /* SECP256K1_GENERATOR_H */
