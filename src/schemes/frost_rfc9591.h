// FROST(secp256k1, SHA-256) of RFC 9591 (section 6.5) on internal types: the ciphersuite's hash
// functions H1..H5 (H1-H3 are hash_to_field of RFC 9380 with expand_message_xmd over SHA-256,
// 48 bytes reduced mod n), the trusted dealer of its appendix C (Shamir shares at x = identifier,
// VSS commitments), the two signing rounds, aggregation and verification with the 65-byte
// signature encoding (compressed R || z). This is not BIP-340 compatible (R and the public key keep
// their y): for Bitcoin signatures use BIP-445 (frost.h). Identifiers are the RFC's nonzero
// scalars; this code takes them as integers 1..2^32-1.
#pragma once

#include <cstddef>
#include <cstdint>

#include "ecmult/ecmult.h"
#include "group/group.h"
#include "hash/sha256.h"

namespace fastsecp::frost::rfc9591 {

// expand_message_xmd (RFC 9380 5.3.1) with SHA-256: len bytes (at most 255·32) of msg under dst
// (at most 255 bytes). Used by H1..H3 with len = 48.
void expand_message_xmd(hash::CompressFn fn, unsigned char* out, size_t len, const unsigned char* msg, size_t msglen,
                        const unsigned char* dst, size_t dstlen);

// H1 (rho), H2 (chal), H3 (nonce): hash_to_field(m, 1) with DST = "FROST-secp256k1-SHA256-v1" || tag.
// H3's input holds secrets (nonce generation): constant time in m's bytes.
void h1(hash::CompressFn fn, Scalar& r, const unsigned char* m, size_t mlen);
void h2(hash::CompressFn fn, Scalar& r, const unsigned char* m, size_t mlen);
void h3(hash::CompressFn fn, Scalar& r, const unsigned char* m, size_t mlen);
// H4 (msg) and H5 (com): SHA-256("FROST-secp256k1-SHA256-v1" || tag || m).
void h4(hash::CompressFn fn, unsigned char out32[32], const unsigned char* m, size_t mlen);
void h5(hash::CompressFn fn, unsigned char out32[32], const unsigned char* m, size_t mlen);

// nonce_generate: H3(random_bytes32 || SerializeScalar(secret)). Constant time.
void nonce_generate(hash::CompressFn fn, Scalar& nonce, const unsigned char random32[32], const Scalar& secret);

// One participant's round-one commitment.
struct Commitment {
    uint32_t id;
    Ge hiding, binding;  // not infinity
};

// The binding factors of a commitment list sorted by identifier (ascending, distinct):
// rho_i = H1(SerializeElement(PK) || H4(msg) || H5(encode_group_commitment_list) || SerializeScalar(id_i)).
// rho: one per commitment. False on allocation failure.
bool binding_factors(hash::CompressFn fn, Scalar* rho, const Commitment* list, size_t n, const Ge& group_pk,
                     const unsigned char* msg, size_t msglen);
// R = sum hiding_i + rho_i·binding_i (variable time). False when R is the identity.
bool group_commitment(Ge& r, const Commitment* list, const Scalar* rho, size_t n);
// c = H2(SerializeElement(R) || SerializeElement(PK) || msg).
void challenge(hash::CompressFn fn, Scalar& c, const Ge& r, const Ge& group_pk, const unsigned char* msg, size_t msglen);
// λ_i = prod x_j / prod (x_j - x_i) over the other identifiers (public).
void lagrange_coef(Scalar& lambda, const Commitment* list, size_t n, uint32_t id);

// Round two: z_i = d_i + e_i·rho_i + λ_i·s_i·c. Constant time in the nonces and the share.
void sign_share(Scalar& z, const Scalar& hiding_nonce, const Scalar& binding_nonce, const Scalar& share,
                const Scalar& rho, const Scalar& lambda, const Scalar& c);
// verify_signature_share: z_i·G == hiding_i + rho_i·binding_i + (c·λ_i)·PK_i. Variable time.
bool verify_share(const Scalar& z, const Commitment& com, const Scalar& rho, const Scalar& lambda, const Scalar& c,
                  const Ge& pk_share);
// Signature (R, z) encoded as SerializeElement(R) || SerializeScalar(z).
void signature_encode(unsigned char sig65[65], const Ge& r, const Scalar& z);
// verify: decode, c = H2(R || PK || msg), z·G == R + c·PK. False on a bad encoding.
bool verify(hash::CompressFn fn, const unsigned char sig65[65], const Ge& group_pk, const unsigned char* msg,
            size_t msglen);

// Appendix C: shares f(1..n) of coef[0..t) (coef[0] the group secret; frost.h's shamir_shares with
// x0 = 1) and the VSS commitment coef[j]·G (constant time, blinding from the default context).
void vss_commit(Ge* commitment, const Scalar* coef, uint32_t t);
// The public key of identifier id's share: sum_j commitment[j]·id^j (variable time). False when it
// is the identity.
bool vss_eval(Gej& out, uint32_t id, const Ge* commitment, uint32_t t);
// vss_verify: share·G == sum_j commitment[j]·id^j.
bool vss_verify(uint32_t id, const Scalar& share, const Ge* commitment, uint32_t t);

}  // namespace fastsecp::frost::rfc9591
