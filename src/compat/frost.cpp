// secp256k1_frost.h (BIP-445 FROST) with secp256k1_musig.h's conventions: opaque objects with a
// 4-byte marker, illegal-argument callbacks, a secret nonce zeroed before signing. The algorithms
// are in src/schemes/frost.cpp (and the shared MuSig2 equations in src/schemes/musig_*.cpp); this
// file loads, checks and stores.
#if defined(ENABLE_MODULE_FROST)

#include <secp256k1_frost.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "compat/context.h"
#include "compat/nonce_pair.h"
#include "hash/memclear.h"
#include "schemes/eckey.h"
#include "schemes/frost.h"
#include "schemes/musig_nonce.h"

using namespace fastsecp;
using namespace fastsecp::compat;

namespace {

constexpr unsigned char TWEAK_MAGIC[4] = {0x46, 0x52, 0x74, 0x6b};     // "FRtk"
constexpr unsigned char SECNONCE_MAGIC[4] = {0x46, 0x52, 0x73, 0x6e};  // "FRsn"
constexpr unsigned char PUBNONCE_MAGIC[4] = {0x46, 0x52, 0x70, 0x6e};  // "FRpn"
constexpr unsigned char AGGNONCE_MAGIC[4] = {0x46, 0x52, 0x61, 0x6e};  // "FRan"
constexpr unsigned char SESSION_MAGIC[4] = {0x46, 0x52, 0x73, 0x73};   // "FRss"
constexpr unsigned char PSIG_MAGIC[4] = {0x46, 0x52, 0x70, 0x73};      // "FRps"

// Tweak cache: marker | Q0 (the untweaked threshold key) | Q | parity_acc | tacc.
void tweak_save(secp256k1_frost_tweak_cache* c, const Ge& q0, const frost::Tweak& t) {
    unsigned char* p = c->data;
    std::memset(p, 0, sizeof c->data);
    std::memcpy(p, TWEAK_MAGIC, 4);
    point_save(p + 4, q0);
    point_save(p + 68, t.pk);
    p[132] = (unsigned char)t.parity_acc;
    scalar_get_b32(p + 133, t.tweak);
}
int tweak_load(const secp256k1_context* ctx, Ge& q0, frost::Tweak& t, const secp256k1_frost_tweak_cache* c) {
    const unsigned char* p = c->data;
    ARG_CHECK_MSG(magic_matches(p, TWEAK_MAGIC), "frost tweak_cache magic");
    point_load_raw(q0, p + 4);
    Ge q;
    point_load_raw(q, p + 68);
    frost::tweak_init(t, q);
    t.parity_acc = p[132] & 1;
    scalar_set_b32(t.tweak, p + 133, nullptr);
    return 1;
}

constexpr const char* MSG_PUBNONCE = "frost pubnonce magic";
constexpr const char* MSG_AGGNONCE = "frost aggnonce magic";
void pubnonce_save(secp256k1_frost_pubnonce* n, const Ge r[2]) { nonce_pair_save(n->data, PUBNONCE_MAGIC, r, false); }
int pubnonce_load(const secp256k1_context* ctx, Ge r[2], const secp256k1_frost_pubnonce* n) {
    return nonce_pair_load(ctx, r, n->data, PUBNONCE_MAGIC, MSG_PUBNONCE, false);
}
void aggnonce_save(secp256k1_frost_aggnonce* n, const Ge r[2]) { nonce_pair_save(n->data, AGGNONCE_MAGIC, r, true); }
int aggnonce_load(const secp256k1_context* ctx, Ge r[2], const secp256k1_frost_aggnonce* n) {
    return nonce_pair_load(ctx, r, n->data, AGGNONCE_MAGIC, MSG_AGGNONCE, true);
}
void psig_save(secp256k1_frost_partial_sig* sig, const Scalar& s) {
    std::memcpy(sig->data, PSIG_MAGIC, 4);
    scalar_get_b32(sig->data + 4, s);
}
int psig_load(const secp256k1_context* ctx, Scalar& s, const secp256k1_frost_partial_sig* sig) {
    ARG_CHECK_MSG(magic_matches(sig->data, PSIG_MAGIC), "frost partial_sig magic");
    scalar_set_b32(s, sig->data + 4, nullptr);
    return 1;
}

// Session: marker | R's parity | x(R) | b | e | e·g·tacc | negate (g·gacc = -1) | u | set hash.
struct SessionData {
    frost::Session s;
    int negate;
    uint32_t u;
    unsigned char set_hash[32];
};
void session_save(secp256k1_frost_session* out, const SessionData& v) {
    unsigned char* p = out->data;
    std::memset(p, 0, sizeof out->data);
    std::memcpy(p, SESSION_MAGIC, 4);
    p[4] = (unsigned char)v.s.fin_nonce_parity;
    std::memcpy(p + 5, v.s.fin_nonce, 32);
    scalar_get_b32(p + 37, v.s.noncecoef);
    scalar_get_b32(p + 69, v.s.challenge);
    scalar_get_b32(p + 101, v.s.s_part);
    p[133] = (unsigned char)v.negate;
    std::memcpy(p + 134, &v.u, 4);
    std::memcpy(p + 138, v.set_hash, 32);
}
int session_load(const secp256k1_context* ctx, SessionData& v, const secp256k1_frost_session* in) {
    const unsigned char* p = in->data;
    ARG_CHECK_MSG(magic_matches(p, SESSION_MAGIC), "frost session magic");
    v.s.fin_nonce_parity = p[4];
    std::memcpy(v.s.fin_nonce, p + 5, 32);
    scalar_set_b32(v.s.noncecoef, p + 37, nullptr);
    scalar_set_b32(v.s.challenge, p + 69, nullptr);
    scalar_set_b32(v.s.s_part, p + 101, nullptr);
    v.negate = p[133] & 1;
    std::memcpy(&v.u, p + 134, 4);
    std::memcpy(v.set_hash, p + 138, 32);
    return 1;
}

// The hash a session keeps of its signer set: u, then each id and public share in the given order.
void set_hash(hash::CompressFn fn, unsigned char out[32], const uint32_t* ids, const secp256k1_pubkey* const* pubshares,
              size_t u) {
    hash::Sha256 h;
    hash::sha256_tagged_init(h, reinterpret_cast<const unsigned char*>("fastsecp/frost/signers"), 22, fn);
    const uint64_t n = u;
    hash::sha256_write(h, reinterpret_cast<const unsigned char*>(&n), 8);
    for (size_t i = 0; i < u; i++) {
        hash::sha256_write(h, reinterpret_cast<const unsigned char*>(&ids[i]), 4);
        hash::sha256_write(h, pubshares[i]->data, 64);
    }
    hash::sha256_finalize(h, out);
}

// Loads every public share (an unset one is an illegal argument) into pts (u entries).
int load_set(const secp256k1_context* ctx, Ge* pts, const secp256k1_pubkey* const* pubshares, size_t u) {
    for (size_t i = 0; i < u; i++) {
        ARG_CHECK(pubshares[i] != NULL);
        if (!pubkey_load(ctx, pts[i], pubshares[i])) return 0;
    }
    return 1;
}

// Validates (n, t, ids, pubshares, thresh_pk); st receives the scheme's status.
int validate_set(const secp256k1_context* ctx, frost::Status& st, uint32_t n, uint32_t t, const uint32_t* ids,
                 const secp256k1_pubkey* const* pubshares, size_t u, const secp256k1_pubkey* thresh_pk) {
    Ge q;
    if (!pubkey_load(ctx, q, thresh_pk)) return 0;
    Ge* pts = static_cast<Ge*>(std::malloc((u ? u : 1) * sizeof(Ge)));
    if (pts == nullptr) {
        st = frost::fail(frost::Error::OutOfMemory);
        return 1;
    }
    if (!load_set(ctx, pts, pubshares, u)) {
        std::free(pts);
        return 0;
    }
    st = frost::signers_validate(n, t, u, ids, pts, q);
    std::free(pts);
    return 1;
}

// Session values from a validated set: the tweak context (from the cache or thresh_pk) and b, R, e.
int make_session(const secp256k1_context* ctx, SessionData& out, const Ge agg[2], const unsigned char* msg,
                 size_t msglen, const uint32_t* ids, const secp256k1_pubkey* const* pubshares, size_t u,
                 const secp256k1_pubkey* thresh_pk, const secp256k1_frost_tweak_cache* tweak_cache,
                 unsigned char* tweaked_x32, frost::Tweak* t_out) {
    Ge q;
    if (!pubkey_load(ctx, q, thresh_pk)) return 0;
    frost::Tweak t;
    if (tweak_cache != nullptr) {
        Ge q0;
        if (!tweak_load(ctx, q0, t, tweak_cache)) return 0;
        unsigned char a[33], b[33];
        pubkey_serialize33(a, q0);
        pubkey_serialize33(b, q);
        if (std::memcmp(a, b, 33) != 0) return 0;  // made for another threshold key
    } else {
        frost::tweak_init(t, q);
    }
    if (tweaked_x32 != nullptr) fe_get_b32(tweaked_x32, t.pk.x);
    if (t_out != nullptr) *t_out = t;
    if (agg != nullptr && !frost::session_init(sha_of(ctx), out.s, u, ids, agg, t, msg, msglen)) return 0;
    out.negate = musig::keyagg_negate_signer(t) ? 1 : 0;
    out.u = (uint32_t)u;
    set_hash(sha_of(ctx), out.set_hash, ids, pubshares, u);
    return 1;
}

bool same_set(const secp256k1_context* ctx, const SessionData& v, const uint32_t* ids,
              const secp256k1_pubkey* const* pubshares, size_t u) {
    if (u != v.u) return false;
    unsigned char h[32];
    set_hash(sha_of(ctx), h, ids, pubshares, u);
    return std::memcmp(h, v.set_hash, 32) == 0;
}

// The sign step shared by partial_sign and deterministic_sign: k (secret, ok_k whether both halves
// were in range) and secshare32; checks membership and the set. Constant time in k and the share.
int sign_core(const secp256k1_context* ctx, secp256k1_frost_partial_sig* partial_sig, Scalar k[2], int ok_k,
              const unsigned char* secshare32, uint32_t my_id, const SessionData& v, const uint32_t* ids,
              const secp256k1_pubkey* const* pubshares, size_t u) {
    Scalar d;
    int ok = ok_k & (int)scalar_set_b32_seckey(d, secshare32);
    declassify(ctx, &ok, sizeof ok);
    if (!ok) {
        scalar_clear(d);
        return 0;
    }
    // pubshare = d·G: public (it must be one of the signer set's public shares).
    Gej pj;
    Ge p;
    ecmult_gen(ctx->gen_blind, pj, d);
    ge_set_gej(p, pj);
    fe_normalize(p.x);
    fe_normalize(p.y);
    declassify(ctx, &p, sizeof p);
    hash::memclear(&pj, sizeof pj);
    unsigned char mine[64];
    point_save(mine, p);
    bool found = false;
    for (size_t i = 0; i < u; i++) found |= std::memcmp(mine, pubshares[i]->data, 64) == 0;
    if (!found || frost::find_id(u, ids, my_id) == frost::NO_INDEX || !same_set(ctx, v, ids, pubshares, u)) {
        scalar_clear(d);
        return 0;
    }
    Scalar lambda, sig;
    frost::lagrange_coef(lambda, u, ids, my_id);
    frost::Tweak t;  // partial_sign_coef reads only the signer's negation from it
    std::memset(&t, 0, sizeof t);
    t.parity_acc = v.negate;
    ge_set_infinity(t.second);
    t.pk = ge_generator();  // even y: keyagg_negate_signer(t) == parity_acc
    musig::partial_sign_coef(sig, k, d, lambda, t, v.s);
    psig_save(partial_sig, sig);
    scalar_clear(d);
    scalar_clear(sig);
    return 1;
}

int tweak_add_internal(const secp256k1_context* ctx, secp256k1_pubkey* output_pubkey,
                       secp256k1_frost_tweak_cache* tweak_cache, const unsigned char* tweak32, bool xonly) {
    if (output_pubkey != nullptr) std::memset(output_pubkey, 0, sizeof *output_pubkey);
    ARG_CHECK(tweak_cache != NULL);
    ARG_CHECK(tweak32 != NULL);
    Ge q0;
    frost::Tweak t;
    if (!tweak_load(ctx, q0, t, tweak_cache)) return 0;
    if (!frost::tweak_apply(t, tweak32, xonly).ok()) return 0;
    tweak_save(tweak_cache, q0, t);
    if (output_pubkey != nullptr) pubkey_save(output_pubkey, t.pk);
    return 1;
}

}  // namespace

extern "C" {

int secp256k1_frost_pubnonce_parse(const secp256k1_context* ctx, secp256k1_frost_pubnonce* nonce, const unsigned char* in66) {
    ARG_CHECK(nonce != NULL);
    ARG_CHECK(in66 != NULL);
    std::memset(nonce, 0, sizeof *nonce);
    return nonce_pair_parse(nonce->data, PUBNONCE_MAGIC, in66, false);
}

int secp256k1_frost_pubnonce_serialize(const secp256k1_context* ctx, unsigned char* out66, const secp256k1_frost_pubnonce* nonce) {
    ARG_CHECK(out66 != NULL);
    std::memset(out66, 0, 66);
    ARG_CHECK(nonce != NULL);
    return nonce_pair_serialize(ctx, out66, nonce->data, PUBNONCE_MAGIC, MSG_PUBNONCE, false);
}

int secp256k1_frost_aggnonce_parse(const secp256k1_context* ctx, secp256k1_frost_aggnonce* nonce, const unsigned char* in66) {
    ARG_CHECK(nonce != NULL);
    ARG_CHECK(in66 != NULL);
    std::memset(nonce, 0, sizeof *nonce);
    return nonce_pair_parse(nonce->data, AGGNONCE_MAGIC, in66, true);
}

int secp256k1_frost_aggnonce_serialize(const secp256k1_context* ctx, unsigned char* out66, const secp256k1_frost_aggnonce* nonce) {
    ARG_CHECK(out66 != NULL);
    std::memset(out66, 0, 66);
    ARG_CHECK(nonce != NULL);
    return nonce_pair_serialize(ctx, out66, nonce->data, AGGNONCE_MAGIC, MSG_AGGNONCE, true);
}

int secp256k1_frost_partial_sig_parse(const secp256k1_context* ctx, secp256k1_frost_partial_sig* sig, const unsigned char* in32) {
    ARG_CHECK(sig != NULL);
    ARG_CHECK(in32 != NULL);
    std::memset(sig, 0, sizeof *sig);
    Scalar s;
    int overflow = 0;
    scalar_set_b32(s, in32, &overflow);
    if (overflow) return 0;
    psig_save(sig, s);
    return 1;
}

int secp256k1_frost_partial_sig_serialize(const secp256k1_context* ctx, unsigned char* out32, const secp256k1_frost_partial_sig* sig) {
    ARG_CHECK(out32 != NULL);
    ARG_CHECK(sig != NULL);
    ARG_CHECK_MSG(magic_matches(sig->data, PSIG_MAGIC), "frost partial_sig magic");
    std::memcpy(out32, sig->data + 4, 32);
    return 1;
}

int secp256k1_frost_shares_gen(const secp256k1_context* ctx, unsigned char* secshares32, secp256k1_pubkey* pubshares,
                               secp256k1_pubkey* thresh_pk, const unsigned char* seed32, uint32_t t, uint32_t n) {
    ARG_CHECK(secshares32 != NULL);
    ARG_CHECK(pubshares != NULL);
    ARG_CHECK(thresh_pk != NULL);
    std::memset(thresh_pk, 0, sizeof *thresh_pk);
    ARG_CHECK(seed32 != NULL);
    ARG_CHECK_GEN_BUILT();
    if (t < 1 || t > n) return 0;
    std::memset(secshares32, 0, (size_t)n * 32);
    std::memset(pubshares, 0, (size_t)n * sizeof *pubshares);
    Scalar* coef = static_cast<Scalar*>(std::malloc((size_t)t * sizeof(Scalar)));
    Scalar* shares = static_cast<Scalar*>(std::malloc((size_t)n * sizeof(Scalar)));
    if (coef == nullptr || shares == nullptr) {
        std::free(coef);
        std::free(shares);
        return 0;
    }
    int ok = frost::dealer_coefs(sha_of(ctx), coef, t, seed32) ? 1 : 0;
    declassify(ctx, &ok, sizeof ok);
    if (ok) {
        frost::shamir_shares(shares, coef, t, 1, n);
        Gej qj;
        Ge q;
        ecmult_gen(ctx->gen_blind, qj, coef[0]);
        ge_set_gej(q, qj);
        declassify(ctx, &q, sizeof q);
        pubkey_save(thresh_pk, q);
        for (uint32_t i = 0; i < n; i++) {
            scalar_get_b32(secshares32 + 32 * (size_t)i, shares[i]);
            Gej pj;
            Ge p;
            ecmult_gen(ctx->gen_blind, pj, shares[i]);
            ge_set_gej(p, pj);
            declassify(ctx, &p, sizeof p);
            pubkey_save(&pubshares[i], p);
        }
    }
    hash::memclear(coef, (size_t)t * sizeof(Scalar));
    hash::memclear(shares, (size_t)n * sizeof(Scalar));
    std::free(coef);
    std::free(shares);
    return ok;
}

int secp256k1_frost_signers_validate(const secp256k1_context* ctx, int* error, size_t* error_index, uint32_t n,
                                     uint32_t t, const uint32_t* ids, const secp256k1_pubkey* const* pubshares,
                                     size_t n_signers, const secp256k1_pubkey* thresh_pk) {
    if (error != nullptr) *error = SECP256K1_FROST_OK;
    if (error_index != nullptr) *error_index = SIZE_MAX;
    ARG_CHECK(ids != NULL);
    ARG_CHECK(pubshares != NULL);
    ARG_CHECK(thresh_pk != NULL);
    frost::Status st;
    if (!validate_set(ctx, st, n, t, ids, pubshares, n_signers, thresh_pk)) return 0;
    if (error != nullptr) *error = (int)st.err;
    if (error_index != nullptr) *error_index = st.index;
    return st.ok() ? 1 : 0;
}

int secp256k1_frost_tweak_cache_init(const secp256k1_context* ctx, secp256k1_frost_tweak_cache* tweak_cache,
                                     const secp256k1_pubkey* thresh_pk) {
    ARG_CHECK(tweak_cache != NULL);
    ARG_CHECK(thresh_pk != NULL);
    Ge q;
    if (!pubkey_load(ctx, q, thresh_pk)) return 0;
    frost::Tweak t;
    frost::tweak_init(t, q);
    tweak_save(tweak_cache, q, t);
    return 1;
}

int secp256k1_frost_pubkey_get(const secp256k1_context* ctx, secp256k1_pubkey* pk, const secp256k1_frost_tweak_cache* tweak_cache) {
    ARG_CHECK(pk != NULL);
    std::memset(pk, 0, sizeof *pk);
    ARG_CHECK(tweak_cache != NULL);
    Ge q0;
    frost::Tweak t;
    if (!tweak_load(ctx, q0, t, tweak_cache)) return 0;
    pubkey_save(pk, t.pk);
    return 1;
}

int secp256k1_frost_pubkey_ec_tweak_add(const secp256k1_context* ctx, secp256k1_pubkey* output_pubkey,
                                        secp256k1_frost_tweak_cache* tweak_cache, const unsigned char* tweak32) {
    return tweak_add_internal(ctx, output_pubkey, tweak_cache, tweak32, false);
}

int secp256k1_frost_pubkey_xonly_tweak_add(const secp256k1_context* ctx, secp256k1_pubkey* output_pubkey,
                                           secp256k1_frost_tweak_cache* tweak_cache, const unsigned char* tweak32) {
    return tweak_add_internal(ctx, output_pubkey, tweak_cache, tweak32, true);
}

int secp256k1_frost_nonce_gen(const secp256k1_context* ctx, secp256k1_frost_secnonce* secnonce,
                              secp256k1_frost_pubnonce* pubnonce, unsigned char* session_secrand32,
                              const unsigned char* secshare32, const secp256k1_pubkey* pubshare,
                              const secp256k1_frost_tweak_cache* tweak_cache, const unsigned char* msg, size_t msglen,
                              const unsigned char* extra_input, size_t extra_input_len) {
    ARG_CHECK(secnonce != NULL);
    std::memset(secnonce, 0, sizeof *secnonce);
    ARG_CHECK(pubnonce != NULL);
    std::memset(pubnonce, 0, sizeof *pubnonce);
    ARG_CHECK(session_secrand32 != NULL);
    ARG_CHECK(msg != NULL || msglen == 0);
    ARG_CHECK(extra_input != NULL || extra_input_len == 0);
    ARG_CHECK_GEN_BUILT();
    unsigned char acc = 0;
    for (int i = 0; i < 32; i++) acc |= session_secrand32[i];
    int ret = acc != 0;
    if (secshare32 != nullptr) {
        Scalar d;
        ret &= (int)scalar_set_b32_seckey(d, secshare32);
        scalar_clear(d);
    }
    declassify(ctx, &ret, sizeof ret);
    if (!ret) return 0;
    unsigned char pk33[33], tpk[32];
    const unsigned char* pk_ptr = nullptr;
    const unsigned char* tpk_ptr = nullptr;
    if (pubshare != nullptr) {
        Ge p;
        if (!pubkey_load(ctx, p, pubshare)) return 0;
        pubkey_serialize33(pk33, p);
        pk_ptr = pk33;
    }
    if (tweak_cache != nullptr) {
        Ge q0;
        frost::Tweak t;
        if (!tweak_load(ctx, q0, t, tweak_cache)) return 0;
        fe_get_b32(tpk, t.pk.x);
        tpk_ptr = tpk;
    }
    Scalar k[2];
    frost::nonce_derive(sha_of(ctx), k, session_secrand32, secshare32, pk_ptr, tpk_ptr, msg, msglen, extra_input,
                        extra_input_len);
    std::memcpy(secnonce->data, SECNONCE_MAGIC, 4);
    scalar_get_b32(secnonce->data + 4, k[0]);
    scalar_get_b32(secnonce->data + 36, k[1]);
    Ge r[2];
    for (int i = 0; i < 2; i++) {
        Gej rj;
        ecmult_gen(ctx->gen_blind, rj, k[i]);
        ge_set_gej(r[i], rj);
        fe_normalize(r[i].x);
        fe_normalize(r[i].y);
        declassify(ctx, &r[i], sizeof r[i]);
        hash::memclear(&rj, sizeof rj);
        scalar_clear(k[i]);
    }
    pubnonce_save(pubnonce, r);
    memczero(session_secrand32, 32, 1);  // a buffer must never seed two nonces
    return 1;
}

int secp256k1_frost_nonce_agg(const secp256k1_context* ctx, secp256k1_frost_aggnonce* aggnonce,
                              const secp256k1_frost_pubnonce* const* pubnonces, size_t n_pubnonces) {
    ARG_CHECK(aggnonce != NULL);
    ARG_CHECK(pubnonces != NULL);
    ARG_CHECK(n_pubnonces > 0);
    for (size_t i = 0; i < n_pubnonces; i++) ARG_CHECK(pubnonces[i] != NULL);
    musig::NonceSum sum;
    musig::nonce_sum_init(sum);
    for (size_t i = 0; i < n_pubnonces; i++) {
        Ge r[2];
        if (!pubnonce_load(ctx, r, pubnonces[i])) return 0;
        musig::nonce_sum_add(sum, r);
    }
    Ge out[2];
    musig::nonce_sum_finish(out, sum);
    aggnonce_save(aggnonce, out);
    return 1;
}

int secp256k1_frost_nonce_process(const secp256k1_context* ctx, secp256k1_frost_session* session,
                                  const secp256k1_frost_aggnonce* aggnonce, const unsigned char* msg, size_t msglen,
                                  uint32_t n, uint32_t t, const uint32_t* ids, const secp256k1_pubkey* const* pubshares,
                                  size_t n_signers, const secp256k1_pubkey* thresh_pk,
                                  const secp256k1_frost_tweak_cache* tweak_cache) {
    ARG_CHECK(session != NULL);
    std::memset(session, 0, sizeof *session);
    ARG_CHECK(aggnonce != NULL);
    ARG_CHECK(msg != NULL || msglen == 0);
    ARG_CHECK(ids != NULL);
    ARG_CHECK(pubshares != NULL);
    ARG_CHECK(thresh_pk != NULL);
    frost::Status st;
    if (!validate_set(ctx, st, n, t, ids, pubshares, n_signers, thresh_pk) || !st.ok()) return 0;
    Ge agg[2];
    if (!aggnonce_load(ctx, agg, aggnonce)) return 0;
    SessionData v;
    if (!make_session(ctx, v, agg, msg, msglen, ids, pubshares, n_signers, thresh_pk, tweak_cache, nullptr, nullptr)) return 0;
    session_save(session, v);
    return 1;
}

int secp256k1_frost_partial_sign(const secp256k1_context* ctx, secp256k1_frost_partial_sig* partial_sig,
                                 secp256k1_frost_secnonce* secnonce, const unsigned char* secshare32, uint32_t my_id,
                                 const secp256k1_frost_session* session, const uint32_t* ids,
                                 const secp256k1_pubkey* const* pubshares, size_t n_signers) {
    ARG_CHECK(secnonce != NULL);
    ARG_CHECK_MSG(magic_matches(secnonce->data, SECNONCE_MAGIC), "frost secnonce magic");
    // A wiped nonce (both halves zero) is refused even if the marker survived.
    int is_zero = nonce_halves_zero(ctx, secnonce->data + 4);
    if (is_zero) hash::memclear(secnonce, sizeof *secnonce);
    ARG_CHECK_MSG(!is_zero, "!is_zero");
    Scalar k[2];
    int ok_k = (int)scalar_set_b32_seckey(k[0], secnonce->data + 4);
    ok_k &= (int)scalar_set_b32_seckey(k[1], secnonce->data + 36);
    // Wipe the nonce before anything else can fail: it must never sign twice.
    hash::memclear(secnonce, sizeof *secnonce);
    auto done = [&](int r) {
        scalar_clear(k[0]);
        scalar_clear(k[1]);
        return r;
    };
    if (partial_sig == nullptr || secshare32 == nullptr || session == nullptr || ids == nullptr || pubshares == nullptr) {
        done(0);
        ARG_CHECK(partial_sig != NULL);
        ARG_CHECK(secshare32 != NULL);
        ARG_CHECK(session != NULL);
        ARG_CHECK(ids != NULL);
        ARG_CHECK(pubshares != NULL);
    }
    std::memset(partial_sig, 0, sizeof *partial_sig);
    for (size_t i = 0; i < n_signers; i++) {
        if (pubshares[i] == nullptr) done(0);
        ARG_CHECK(pubshares[i] != NULL);
    }
    SessionData v;
    if (!session_load(ctx, v, session)) return done(0);
    return done(sign_core(ctx, partial_sig, k, ok_k, secshare32, my_id, v, ids, pubshares, n_signers));
}

int secp256k1_frost_partial_sig_verify(const secp256k1_context* ctx, const secp256k1_frost_partial_sig* partial_sig,
                                       const secp256k1_frost_pubnonce* pubnonce, size_t signer_index,
                                       const secp256k1_frost_session* session, const uint32_t* ids,
                                       const secp256k1_pubkey* const* pubshares, size_t n_signers) {
    ARG_CHECK(partial_sig != NULL);
    ARG_CHECK(pubnonce != NULL);
    ARG_CHECK(session != NULL);
    ARG_CHECK(ids != NULL);
    ARG_CHECK(pubshares != NULL);
    ARG_CHECK(signer_index < n_signers);
    for (size_t i = 0; i < n_signers; i++) ARG_CHECK(pubshares[i] != NULL);
    SessionData v;
    if (!session_load(ctx, v, session)) return 0;
    Scalar s;
    if (!psig_load(ctx, s, partial_sig)) return 0;
    Ge r[2];
    if (!pubnonce_load(ctx, r, pubnonce)) return 0;
    Ge p;
    if (!pubkey_load(ctx, p, pubshares[signer_index])) return 0;
    if (!same_set(ctx, v, ids, pubshares, n_signers)) return 0;
    Scalar lambda;
    frost::lagrange_coef(lambda, n_signers, ids, ids[signer_index]);
    frost::Tweak t;
    std::memset(&t, 0, sizeof t);
    t.parity_acc = v.negate;
    ge_set_infinity(t.second);
    t.pk = ge_generator();  // even y: only the signer's negation is read
    return musig::partial_verify_coef(s, r, p, lambda, t, v.s) ? 1 : 0;
}

int secp256k1_frost_partial_sig_agg(const secp256k1_context* ctx, unsigned char* sig64,
                                    const secp256k1_frost_session* session,
                                    const secp256k1_frost_partial_sig* const* partial_sigs, size_t n_sigs) {
    ARG_CHECK(sig64 != NULL);
    ARG_CHECK(session != NULL);
    ARG_CHECK(partial_sigs != NULL);
    for (size_t i = 0; i < n_sigs; i++) ARG_CHECK(partial_sigs[i] != NULL);
    SessionData v;
    if (!session_load(ctx, v, session)) return 0;
    if (n_sigs != v.u) return 0;
    Scalar sum;
    scalar_set_int(sum, 0);
    for (size_t i = 0; i < n_sigs; i++) {
        Scalar term;
        if (!psig_load(ctx, term, partial_sigs[i])) return 0;
        scalar_add(sum, sum, term);
    }
    musig::partial_sig_agg(sig64, v.s, sum);
    return 1;
}

int secp256k1_frost_deterministic_sign(const secp256k1_context* ctx, secp256k1_frost_partial_sig* partial_sig,
                                       secp256k1_frost_pubnonce* pubnonce, const unsigned char* secshare32,
                                       uint32_t my_id, const secp256k1_frost_aggnonce* aggothernonce,
                                       const unsigned char* aux_rand32, const unsigned char* msg, size_t msglen,
                                       uint32_t n, uint32_t t, const uint32_t* ids,
                                       const secp256k1_pubkey* const* pubshares, size_t n_signers,
                                       const secp256k1_pubkey* thresh_pk,
                                       const secp256k1_frost_tweak_cache* tweak_cache) {
    ARG_CHECK(partial_sig != NULL);
    std::memset(partial_sig, 0, sizeof *partial_sig);
    ARG_CHECK(pubnonce != NULL);
    std::memset(pubnonce, 0, sizeof *pubnonce);
    ARG_CHECK(secshare32 != NULL);
    ARG_CHECK(msg != NULL || msglen == 0);
    ARG_CHECK(ids != NULL);
    ARG_CHECK(pubshares != NULL);
    ARG_CHECK(thresh_pk != NULL);
    ARG_CHECK_GEN_BUILT();
    frost::Status st;
    if (!validate_set(ctx, st, n, t, ids, pubshares, n_signers, thresh_pk) || !st.ok()) return 0;
    SessionData v;
    unsigned char tpk[32];
    frost::Tweak tw;
    if (!make_session(ctx, v, nullptr, msg, msglen, ids, pubshares, n_signers, thresh_pk, tweak_cache, tpk, &tw))
        return 0;
    Ge other[2];
    unsigned char other66[66];
    if (aggothernonce != nullptr) {
        if (!aggnonce_load(ctx, other, aggothernonce)) return 0;
        musig::ge_serialize_ext(other66, other[0]);
        musig::ge_serialize_ext(other66 + 33, other[1]);
    }
    Scalar k[2];
    if (!frost::det_nonce_derive(sha_of(ctx), k, secshare32, my_id, n_signers, ids,
                                 aggothernonce != nullptr ? other66 : nullptr, tpk,
                                 msg != nullptr ? msg : reinterpret_cast<const unsigned char*>(""), msglen,
                                 aux_rand32))
        return 0;
    Ge r[2];
    for (int i = 0; i < 2; i++) {
        Gej rj;
        ecmult_gen(ctx->gen_blind, rj, k[i]);
        ge_set_gej(r[i], rj);
        fe_normalize(r[i].x);
        fe_normalize(r[i].y);
        declassify(ctx, &r[i], sizeof r[i]);
        hash::memclear(&rj, sizeof rj);
    }
    Ge agg[2] = {r[0], r[1]};
    if (aggothernonce != nullptr) {
        // NonceAgg((pubnonce, aggothernonce)) decodes both with cpoint: an infinite half of
        // aggothernonce is the coordinator's fault.
        if (other[0].infinity || other[1].infinity) {
            scalar_clear(k[0]);
            scalar_clear(k[1]);
            return 0;
        }
        musig::NonceSum sum;
        musig::nonce_sum_init(sum);
        musig::nonce_sum_add(sum, r);
        musig::nonce_sum_add(sum, other);
        musig::nonce_sum_finish(agg, sum);
    }
    if (!frost::session_init(sha_of(ctx), v.s, n_signers, ids, agg, tw, msg, msglen)) {
        scalar_clear(k[0]);
        scalar_clear(k[1]);
        return 0;
    }
    int ret = sign_core(ctx, partial_sig, k, 1, secshare32, my_id, v, ids, pubshares, n_signers);
    scalar_clear(k[0]);
    scalar_clear(k[1]);
    if (ret) pubnonce_save(pubnonce, r);
    return ret;
}

}  // extern "C"

#endif  // ENABLE_MODULE_FROST
