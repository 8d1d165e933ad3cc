// secp256k1_frost_rfc9591.h: FROST(secp256k1, SHA-256) of RFC 9591 in the RFC's byte encodings,
// with libsecp256k1's conventions (illegal-argument callbacks, a secret nonce zeroed before
// signing, constant time in secrets). The algorithms are in src/schemes/frost_rfc9591.cpp; this
// file parses, checks and encodes. Built with the FROST module.
#if defined(ENABLE_MODULE_FROST)

#include <secp256k1_frost_rfc9591.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "compat/context.h"
#include "hash/memclear.h"
#include "schemes/eckey.h"
#include "schemes/frost.h"
#include "schemes/frost_rfc9591.h"

using namespace fastsecp;
using namespace fastsecp::compat;
namespace rfc = fastsecp::frost::rfc9591;

namespace {

constexpr unsigned char SECNONCE_MAGIC[4] = {0x46, 0x39, 0x73, 0x6e};  // "F9sn"

// DeserializeElement: 33 bytes, compressed, on the curve (the identity has no such encoding).
bool element_parse(Ge& p, const unsigned char* in33) {
    return (in33[0] == 0x02 || in33[0] == 0x03) && pubkey_parse(p, in33, 33);
}
// DeserializeScalar: 32 bytes big-endian, < n.
bool scalar_parse(Scalar& s, const unsigned char* in32) {
    int overflow = 0;
    scalar_set_b32(s, in32, &overflow);
    return overflow == 0;
}

// What every round-two call computes from the public inputs: the commitment list, binding
// factors, group commitment R, challenge c, and the position of one identifier in the list.
struct Session {
    rfc::Commitment* list = nullptr;
    Scalar* rho = nullptr;
    Ge pk, r;
    Scalar c;
    ~Session() {
        std::free(list);
        std::free(rho);
    }
};

// False when the list is not strictly ascending, holds 0, a point does not parse, memory is short
// or R is the identity.
bool session_make(const secp256k1_context* ctx, Session& s, const unsigned char* group_pk33, const unsigned char* msg,
                  size_t msglen, const uint32_t* ids, const unsigned char* commitments66, size_t n) {
    if (!element_parse(s.pk, group_pk33)) return false;
    s.list = static_cast<rfc::Commitment*>(std::malloc(n * sizeof(rfc::Commitment)));
    s.rho = static_cast<Scalar*>(std::malloc(n * sizeof(Scalar)));
    if (s.list == nullptr || s.rho == nullptr) return false;
    for (size_t i = 0; i < n; i++) {
        if (ids[i] == 0 || (i > 0 && ids[i] <= ids[i - 1])) return false;
        s.list[i].id = ids[i];
        if (!element_parse(s.list[i].hiding, commitments66 + 66 * i) ||
            !element_parse(s.list[i].binding, commitments66 + 66 * i + 33))
            return false;
    }
    if (!rfc::binding_factors(sha_of(ctx), s.rho, s.list, n, s.pk, msg, msglen)) return false;
    if (!rfc::group_commitment(s.r, s.list, s.rho, n)) return false;
    rfc::challenge(sha_of(ctx), s.c, s.r, s.pk, msg, msglen);
    return true;
}

// The position of identifier in the list, or n.
size_t position(const uint32_t* ids, size_t n, uint32_t identifier) {
    for (size_t i = 0; i < n; i++)
        if (ids[i] == identifier) return i;
    return n;
}

// The VSS commitment's points; false when one does not parse.
bool vss_parse(Ge* out, const unsigned char* vss33, uint32_t t) {
    for (uint32_t j = 0; j < t; j++)
        if (!element_parse(out[j], vss33 + 33 * (size_t)j)) return false;
    return true;
}

}  // namespace

int secp256k1_frost_rfc9591_dealer_keygen(const secp256k1_context* ctx, unsigned char* shares32,
                                          unsigned char* vss_commitment33, const unsigned char* secret32,
                                          const unsigned char* coefficients32, uint32_t min_participants,
                                          uint32_t max_participants) {
    ARG_CHECK(shares32 != NULL);
    ARG_CHECK(vss_commitment33 != NULL);
    ARG_CHECK(secret32 != NULL);
    ARG_CHECK(min_participants >= 1 && min_participants <= max_participants);
    ARG_CHECK(coefficients32 != NULL || min_participants == 1);
    ARG_CHECK_GEN_BUILT();
    std::memset(shares32, 0, (size_t)max_participants * 32);
    std::memset(vss_commitment33, 0, (size_t)min_participants * 33);
    const size_t t = min_participants;
    Scalar* coef = static_cast<Scalar*>(std::malloc(t * sizeof(Scalar)));
    Scalar* shares = static_cast<Scalar*>(std::malloc((size_t)max_participants * sizeof(Scalar)));
    if (coef == nullptr || shares == nullptr) {
        std::free(coef);
        std::free(shares);
        return 0;
    }
    int ok = (int)scalar_set_b32_seckey(coef[0], secret32);
    for (size_t j = 1; j < t; j++) ok &= (int)scalar_parse(coef[j], coefficients32 + 32 * (j - 1));
    declassify(ctx, &ok, sizeof ok);
    if (ok) {
        frost::shamir_shares(shares, coef, min_participants, 1, max_participants);
        for (uint32_t i = 0; i < max_participants; i++) scalar_get_b32(shares32 + 32 * (size_t)i, shares[i]);
        for (size_t j = 0; j < t; j++) {
            Gej cj;
            Ge c;
            ecmult_gen(ctx->gen_blind, cj, coef[j]);
            ge_set_gej(c, cj);
            fe_normalize(c.x);
            fe_normalize(c.y);
            declassify(ctx, &c, sizeof c);
            // A zero coefficient (chance ~2^-256 for random ones) has no encoding: refuse.
            if (c.infinity) {
                ok = 0;
                break;
            }
            pubkey_serialize33(vss_commitment33 + 33 * j, c);
            hash::memclear(&cj, sizeof cj);
        }
        if (!ok) {
            std::memset(shares32, 0, (size_t)max_participants * 32);
            std::memset(vss_commitment33, 0, t * 33);
        }
    }
    hash::memclear(coef, t * sizeof(Scalar));
    hash::memclear(shares, (size_t)max_participants * sizeof(Scalar));
    std::free(coef);
    std::free(shares);
    return ok;
}

int secp256k1_frost_rfc9591_vss_verify(const secp256k1_context* ctx, const unsigned char* share32, uint32_t identifier,
                                       const unsigned char* vss_commitment33, uint32_t min_participants) {
    ARG_CHECK(share32 != NULL);
    ARG_CHECK(vss_commitment33 != NULL);
    ARG_CHECK(min_participants >= 1);
    if (identifier == 0) return 0;
    Scalar s;
    if (!scalar_parse(s, share32)) return 0;
    Ge* c = static_cast<Ge*>(std::malloc((size_t)min_participants * sizeof(Ge)));
    if (c == nullptr) return 0;
    const int ok = vss_parse(c, vss_commitment33, min_participants) && rfc::vss_verify(identifier, s, c, min_participants);
    std::free(c);
    scalar_clear(s);
    return ok;
}

int secp256k1_frost_rfc9591_pubshare(const secp256k1_context* ctx, unsigned char* pubshare33, uint32_t identifier,
                                     const unsigned char* vss_commitment33, uint32_t min_participants) {
    ARG_CHECK(pubshare33 != NULL);
    std::memset(pubshare33, 0, 33);
    ARG_CHECK(vss_commitment33 != NULL);
    ARG_CHECK(min_participants >= 1);
    if (identifier == 0) return 0;
    Ge* c = static_cast<Ge*>(std::malloc((size_t)min_participants * sizeof(Ge)));
    if (c == nullptr) return 0;
    Gej pj;
    const bool ok = vss_parse(c, vss_commitment33, min_participants) && rfc::vss_eval(pj, identifier, c, min_participants);
    std::free(c);
    if (!ok) return 0;
    Ge p;
    ge_set_gej_var(p, pj);
    pubkey_serialize33(pubshare33, p);
    return 1;
}

int secp256k1_frost_rfc9591_nonce_gen(const secp256k1_context* ctx, secp256k1_frost_rfc9591_secnonce* secnonce,
                                      unsigned char* commitment66, const unsigned char* hiding_rand32,
                                      const unsigned char* binding_rand32, const unsigned char* share32) {
    ARG_CHECK(secnonce != NULL);
    std::memset(secnonce, 0, sizeof *secnonce);
    ARG_CHECK(commitment66 != NULL);
    std::memset(commitment66, 0, 66);
    ARG_CHECK(hiding_rand32 != NULL);
    ARG_CHECK(binding_rand32 != NULL);
    ARG_CHECK(share32 != NULL);
    ARG_CHECK_GEN_BUILT();
    Scalar share, k[2];
    int ok = (int)scalar_parse(share, share32);
    rfc::nonce_generate(sha_of(ctx), k[0], hiding_rand32, share);
    rfc::nonce_generate(sha_of(ctx), k[1], binding_rand32, share);
    ok &= (int)!scalar_is_zero(k[0]) & (int)!scalar_is_zero(k[1]);
    scalar_clear(share);
    declassify(ctx, &ok, sizeof ok);
    if (ok) {
        std::memcpy(secnonce->data, SECNONCE_MAGIC, 4);
        scalar_get_b32(secnonce->data + 4, k[0]);
        scalar_get_b32(secnonce->data + 36, k[1]);
        for (int i = 0; i < 2; i++) {
            Gej rj;
            Ge r;
            ecmult_gen(ctx->gen_blind, rj, k[i]);
            ge_set_gej(r, rj);
            fe_normalize(r.x);
            fe_normalize(r.y);
            declassify(ctx, &r, sizeof r);
            pubkey_serialize33(commitment66 + 33 * i, r);
            hash::memclear(&rj, sizeof rj);
        }
    }
    scalar_clear(k[0]);
    scalar_clear(k[1]);
    return ok;
}

int secp256k1_frost_rfc9591_sign(const secp256k1_context* ctx, unsigned char* sigshare32,
                                 secp256k1_frost_rfc9591_secnonce* secnonce, const unsigned char* share32,
                                 uint32_t identifier, const unsigned char* group_pk33, const unsigned char* msg,
                                 size_t msglen, const uint32_t* identifiers, const unsigned char* commitments66,
                                 size_t n_signers) {
    ARG_CHECK(secnonce != NULL);
    ARG_CHECK_MSG(magic_matches(secnonce->data, SECNONCE_MAGIC), "frost_rfc9591 secnonce magic");
    // A wiped nonce (both halves zero) is refused even if the marker survived.
    int is_zero = nonce_halves_zero(ctx, secnonce->data + 4);
    if (is_zero) hash::memclear(secnonce, sizeof *secnonce);
    ARG_CHECK_MSG(!is_zero, "!is_zero");
    Scalar k[2], share;
    int ok = (int)scalar_set_b32_seckey(k[0], secnonce->data + 4);
    ok &= (int)scalar_set_b32_seckey(k[1], secnonce->data + 36);
    // Wiped before anything else can fail: a nonce signs once.
    hash::memclear(secnonce, sizeof *secnonce);
    auto done = [&](int r) {
        scalar_clear(k[0]);
        scalar_clear(k[1]);
        scalar_clear(share);
        return r;
    };
    scalar_set_int(share, 0);
    if (sigshare32 == nullptr || share32 == nullptr || group_pk33 == nullptr || (msg == nullptr && msglen != 0) ||
        identifiers == nullptr || commitments66 == nullptr || n_signers == 0) {
        done(0);
        ARG_CHECK(sigshare32 != NULL);
        ARG_CHECK(share32 != NULL);
        ARG_CHECK(group_pk33 != NULL);
        ARG_CHECK(msg != NULL || msglen == 0);
        ARG_CHECK(identifiers != NULL);
        ARG_CHECK(commitments66 != NULL);
        ARG_CHECK(n_signers >= 1);
    }
    std::memset(sigshare32, 0, 32);
    ok &= (int)scalar_parse(share, share32);
    declassify(ctx, &ok, sizeof ok);
    if (!ok) return done(0);
    Session s;
    if (!session_make(ctx, s, group_pk33, msg, msglen, identifiers, commitments66, n_signers)) return done(0);
    const size_t me = position(identifiers, n_signers, identifier);
    if (me == n_signers) return done(0);
    Scalar lambda, z;
    rfc::lagrange_coef(lambda, s.list, n_signers, identifier);
    rfc::sign_share(z, k[0], k[1], share, s.rho[me], lambda, s.c);
    declassify(ctx, &z, sizeof z);
    scalar_get_b32(sigshare32, z);
    return done(1);
}

int secp256k1_frost_rfc9591_verify_share(const secp256k1_context* ctx, const unsigned char* sigshare32,
                                         uint32_t identifier, const unsigned char* pubshare33,
                                         const unsigned char* group_pk33, const unsigned char* msg, size_t msglen,
                                         const uint32_t* identifiers, const unsigned char* commitments66,
                                         size_t n_signers) {
    ARG_CHECK(sigshare32 != NULL);
    ARG_CHECK(pubshare33 != NULL);
    ARG_CHECK(group_pk33 != NULL);
    ARG_CHECK(msg != NULL || msglen == 0);
    ARG_CHECK(identifiers != NULL);
    ARG_CHECK(commitments66 != NULL);
    ARG_CHECK(n_signers >= 1);
    Scalar z;
    Ge pk_i;
    if (!scalar_parse(z, sigshare32) || !element_parse(pk_i, pubshare33)) return 0;
    Session s;
    if (!session_make(ctx, s, group_pk33, msg, msglen, identifiers, commitments66, n_signers)) return 0;
    const size_t i = position(identifiers, n_signers, identifier);
    if (i == n_signers) return 0;
    Scalar lambda;
    rfc::lagrange_coef(lambda, s.list, n_signers, identifier);
    return rfc::verify_share(z, s.list[i], s.rho[i], lambda, s.c, pk_i) ? 1 : 0;
}

int secp256k1_frost_rfc9591_aggregate(const secp256k1_context* ctx, unsigned char* sig65,
                                      const unsigned char* sigshares32, const unsigned char* group_pk33,
                                      const unsigned char* msg, size_t msglen, const uint32_t* identifiers,
                                      const unsigned char* commitments66, size_t n_signers) {
    ARG_CHECK(sig65 != NULL);
    std::memset(sig65, 0, 65);
    ARG_CHECK(sigshares32 != NULL);
    ARG_CHECK(group_pk33 != NULL);
    ARG_CHECK(msg != NULL || msglen == 0);
    ARG_CHECK(identifiers != NULL);
    ARG_CHECK(commitments66 != NULL);
    ARG_CHECK(n_signers >= 1);
    Scalar z;
    scalar_set_int(z, 0);
    for (size_t i = 0; i < n_signers; i++) {
        Scalar zi;
        if (!scalar_parse(zi, sigshares32 + 32 * i)) return 0;
        scalar_add(z, z, zi);
    }
    Session s;
    if (!session_make(ctx, s, group_pk33, msg, msglen, identifiers, commitments66, n_signers)) return 0;
    rfc::signature_encode(sig65, s.r, z);
    return 1;
}

int secp256k1_frost_rfc9591_verify(const secp256k1_context* ctx, const unsigned char* sig65, const unsigned char* msg,
                                   size_t msglen, const unsigned char* group_pk33) {
    ARG_CHECK(sig65 != NULL);
    ARG_CHECK(msg != NULL || msglen == 0);
    ARG_CHECK(group_pk33 != NULL);
    Ge pk;
    if (!element_parse(pk, group_pk33)) return 0;
    return rfc::verify(sha_of(ctx), sig65, pk, msg, msglen) ? 1 : 0;
}

#endif  // ENABLE_MODULE_FROST
