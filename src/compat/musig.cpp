// secp256k1_musig.h (MuSig2, BIP-327) as libsecp256k1 v0.8.0 has it: the same opaque object
// layouts (4-byte marker, then points as 64-byte x||y limbs and scalars as 32 bytes big-endian),
// the same argument checks in the same order, the same outputs on failure. The algorithms are in
// src/schemes/musig_{keyagg,nonce,session}.cpp; this file loads, checks and stores.
#if defined(ENABLE_MODULE_MUSIG)

#include <secp256k1_musig.h>

#include <cstring>

#include "compat/context.h"
#include "compat/extrakeys.h"
#include "compat/nonce_pair.h"
#include "hash/memclear.h"
#include "schemes/eckey.h"
#include "schemes/musig_keyagg.h"
#include "schemes/musig_nonce.h"
#include "schemes/musig_session.h"

using namespace fastsecp;
using namespace fastsecp::compat;

namespace {

// Object markers (the values libsecp256k1 v0.8.0 writes, so objects are interchangeable in form).
constexpr unsigned char KEYAGG_MAGIC[4] = {0xf4, 0xad, 0xbb, 0xdf};
constexpr unsigned char SECNONCE_MAGIC[4] = {0x22, 0x0e, 0xdc, 0xf1};
constexpr unsigned char PUBNONCE_MAGIC[4] = {0xf5, 0x7a, 0x3d, 0xa0};
constexpr unsigned char AGGNONCE_MAGIC[4] = {0xa8, 0xb7, 0xe4, 0x67};
constexpr unsigned char SESSION_MAGIC[4] = {0x9d, 0xed, 0xe9, 0x17};
constexpr unsigned char PARTIAL_SIG_MAGIC[4] = {0xeb, 0xfb, 0x1a, 0x32};

// The illegal-argument texts libsecp256k1 reports for a wrong marker.
constexpr const char* MSG_KEYAGG = "secp256k1_memcmp_var(ptr, secp256k1_musig_keyagg_cache_magic, 4) == 0";
constexpr const char* MSG_SECNONCE = "secp256k1_memcmp_var(&secnonce->data[0], secp256k1_musig_secnonce_magic, 4) == 0";
constexpr const char* MSG_PUBNONCE = "secp256k1_memcmp_var(&nonce->data[0], secp256k1_musig_pubnonce_magic, 4) == 0";
constexpr const char* MSG_AGGNONCE = "secp256k1_memcmp_var(&nonce->data[0], secp256k1_musig_aggnonce_magic, 4) == 0";
constexpr const char* MSG_SESSION = "secp256k1_memcmp_var(ptr, secp256k1_musig_session_cache_magic, 4) == 0";
constexpr const char* MSG_PARTIAL_SIG = "secp256k1_memcmp_var(&sig->data[0], secp256k1_musig_partial_sig_magic, 4) == 0";

using KeyAgg = musig::KeyAggCache;

void keyagg_save(secp256k1_musig_keyagg_cache* c, const KeyAgg& k) {
    unsigned char* p = c->data;
    std::memcpy(p, KEYAGG_MAGIC, 4);
    point_save(p + 4, k.pk);
    point_save_ext(p + 68, k.second);
    std::memcpy(p + 132, k.pks_hash, 32);
    p[164] = (unsigned char)k.parity_acc;
    scalar_get_b32(p + 165, k.tweak);
}
int keyagg_load(const secp256k1_context* ctx, KeyAgg& k, const secp256k1_musig_keyagg_cache* c) {
    const unsigned char* p = c->data;
    ARG_CHECK_MSG(magic_matches(p, KEYAGG_MAGIC), MSG_KEYAGG);
    point_load_raw(k.pk, p + 4);
    point_load_ext(k.second, p + 68);
    std::memcpy(k.pks_hash, p + 132, 32);
    k.parity_acc = p[164] & 1;
    scalar_set_b32(k.tweak, p + 165, nullptr);
    fe_normalize(k.pk.x);  // the schemes read Q's x bytes and y parity
    fe_normalize(k.pk.y);
    return 1;
}

int pubnonce_load(const secp256k1_context* ctx, Ge r[2], const secp256k1_musig_pubnonce* n) {
    return nonce_pair_load(ctx, r, n->data, PUBNONCE_MAGIC, MSG_PUBNONCE, false);
}
void pubnonce_save(secp256k1_musig_pubnonce* n, const Ge r[2]) { nonce_pair_save(n->data, PUBNONCE_MAGIC, r, false); }
int aggnonce_load(const secp256k1_context* ctx, Ge r[2], const secp256k1_musig_aggnonce* n) {
    return nonce_pair_load(ctx, r, n->data, AGGNONCE_MAGIC, MSG_AGGNONCE, true);
}
void aggnonce_save(secp256k1_musig_aggnonce* n, const Ge r[2]) { nonce_pair_save(n->data, AGGNONCE_MAGIC, r, true); }

using Session = musig::Session;
void session_save(secp256k1_musig_session* s, const Session& v) {
    unsigned char* p = s->data;
    std::memcpy(p, SESSION_MAGIC, 4);
    p[4] = (unsigned char)v.fin_nonce_parity;
    std::memcpy(p + 5, v.fin_nonce, 32);
    scalar_get_b32(p + 37, v.noncecoef);
    scalar_get_b32(p + 69, v.challenge);
    scalar_get_b32(p + 101, v.s_part);
}
int session_load(const secp256k1_context* ctx, Session& v, const secp256k1_musig_session* s) {
    const unsigned char* p = s->data;
    ARG_CHECK_MSG(magic_matches(p, SESSION_MAGIC), MSG_SESSION);
    v.fin_nonce_parity = p[4];
    std::memcpy(v.fin_nonce, p + 5, 32);
    scalar_set_b32(v.noncecoef, p + 37, nullptr);
    scalar_set_b32(v.challenge, p + 69, nullptr);
    scalar_set_b32(v.s_part, p + 101, nullptr);
    return 1;
}

void partial_sig_save(secp256k1_musig_partial_sig* sig, const Scalar& s) {
    std::memcpy(sig->data, PARTIAL_SIG_MAGIC, 4);
    scalar_get_b32(sig->data + 4, s);
}
int partial_sig_load(const secp256k1_context* ctx, Scalar& s, const secp256k1_musig_partial_sig* sig) {
    ARG_CHECK_MSG(magic_matches(sig->data, PARTIAL_SIG_MAGIC), MSG_PARTIAL_SIG);
    scalar_set_b32(s, sig->data + 4, nullptr);
    return 1;
}

void secnonce_save(secp256k1_musig_secnonce* sn, const Scalar k[2], const Ge& pk) {
    std::memcpy(sn->data, SECNONCE_MAGIC, 4);
    scalar_get_b32(sn->data + 4, k[0]);
    scalar_get_b32(sn->data + 36, k[1]);
    point_save(sn->data + 68, pk);
}
int secnonce_load(const secp256k1_context* ctx, Scalar k[2], Ge& pk, const secp256k1_musig_secnonce* sn) {
    ARG_CHECK_MSG(magic_matches(sn->data, SECNONCE_MAGIC), MSG_SECNONCE);
    // A wiped nonce (both halves zero) is refused even if the marker survived.
    int is_zero = nonce_halves_zero(ctx, sn->data + 4);
    ARG_CHECK_MSG(!is_zero, "!is_zero");
    scalar_set_b32(k[0], sn->data + 4, nullptr);
    scalar_set_b32(k[1], sn->data + 36, nullptr);
    point_load_raw(pk, sn->data + 68);
    return 1;
}
// Zero the secnonce when flag (constant time); its marker and public key stay public.
void secnonce_invalidate(const secp256k1_context* ctx, secp256k1_musig_secnonce* sn, int flag) {
    memczero(sn->data, sizeof sn->data, flag);
    declassify(ctx, sn->data, 4);
    declassify(ctx, sn->data + 68, 64);
}

int nonce_gen_internal(const secp256k1_context* ctx, secp256k1_musig_secnonce* secnonce,
                       secp256k1_musig_pubnonce* pubnonce, const unsigned char* input_nonce,
                       const unsigned char* seckey, const secp256k1_pubkey* pubkey, const unsigned char* msg32,
                       const secp256k1_musig_keyagg_cache* keyagg_cache, const unsigned char* extra_input32) {
    ARG_CHECK(pubnonce != NULL);
    std::memset(pubnonce, 0, sizeof *pubnonce);
    ARG_CHECK(pubkey != NULL);
    ARG_CHECK_GEN_BUILT();
    int ret = 1;
    if (seckey != nullptr) {
        Scalar sk;
        ret &= (int)scalar_set_b32_seckey(sk, seckey);
        scalar_clear(sk);
    }
    unsigned char aggpk[32];
    const unsigned char* aggpk_ptr = nullptr;
    if (keyagg_cache != nullptr) {
        KeyAgg k;
        if (!keyagg_load(ctx, k, keyagg_cache)) return 0;
        fe_get_b32(aggpk, k.pk.x);
        aggpk_ptr = aggpk;
    }
    Ge pk;
    if (!pubkey_load(ctx, pk, pubkey)) return 0;
    unsigned char pk33[33];
    pubkey_serialize33(pk33, pk);

    Scalar k[2];
    musig::nonce_derive(sha_of(ctx), k, input_nonce, msg32, 32, seckey, pk33, aggpk_ptr, extra_input32);
    secnonce_save(secnonce, k, pk);
    secnonce_invalidate(ctx, secnonce, !ret);
    Gej rj[2];
    for (int i = 0; i < 2; i++) {
        ecmult_gen(ctx->gen_blind, rj[i], k[i]);
        scalar_clear(k[i]);
    }
    Ge r[2];
    for (int i = 0; i < 2; i++) {
        ge_set_gej(r[i], rj[i]);  // constant time
        fe_normalize(r[i].x);
        fe_normalize(r[i].y);
        declassify(ctx, &r[i], sizeof r[i]);
    }
    hash::memclear(rj, sizeof rj);
    pubnonce_save(pubnonce, r);
    return ret;
}

int tweak_add_internal(const secp256k1_context* ctx, secp256k1_pubkey* output_pubkey,
                       secp256k1_musig_keyagg_cache* keyagg_cache, const unsigned char* tweak32, bool xonly) {
    if (output_pubkey != nullptr) std::memset(output_pubkey, 0, sizeof *output_pubkey);
    ARG_CHECK(keyagg_cache != NULL);
    ARG_CHECK(tweak32 != NULL);
    KeyAgg k;
    if (!keyagg_load(ctx, k, keyagg_cache)) return 0;
    if (!musig::keyagg_tweak(k, tweak32, xonly)) return 0;
    keyagg_save(keyagg_cache, k);
    if (output_pubkey != nullptr) pubkey_save(output_pubkey, k.pk);
    return 1;
}

// musig::PubkeyAt over the API's array of pubkey pointers (each already checked by pubkey_load).
void pubkey_at(const void* list, size_t i, Ge& out) {
    point_load_raw(out, static_cast<const secp256k1_pubkey* const*>(list)[i]->data);
}

}  // namespace

extern "C" {

int secp256k1_musig_pubnonce_parse(const secp256k1_context* ctx, secp256k1_musig_pubnonce* nonce, const unsigned char* in66) {
    ARG_CHECK(nonce != NULL);
    ARG_CHECK(in66 != NULL);
    return nonce_pair_parse(nonce->data, PUBNONCE_MAGIC, in66, false);
}

int secp256k1_musig_pubnonce_serialize(const secp256k1_context* ctx, unsigned char* out66, const secp256k1_musig_pubnonce* nonce) {
    ARG_CHECK(out66 != NULL);
    std::memset(out66, 0, 66);
    ARG_CHECK(nonce != NULL);
    return nonce_pair_serialize(ctx, out66, nonce->data, PUBNONCE_MAGIC, MSG_PUBNONCE, false);
}

int secp256k1_musig_aggnonce_parse(const secp256k1_context* ctx, secp256k1_musig_aggnonce* nonce, const unsigned char* in66) {
    ARG_CHECK(nonce != NULL);
    ARG_CHECK(in66 != NULL);
    return nonce_pair_parse(nonce->data, AGGNONCE_MAGIC, in66, true);
}

int secp256k1_musig_aggnonce_serialize(const secp256k1_context* ctx, unsigned char* out66, const secp256k1_musig_aggnonce* nonce) {
    ARG_CHECK(out66 != NULL);
    std::memset(out66, 0, 66);
    ARG_CHECK(nonce != NULL);
    return nonce_pair_serialize(ctx, out66, nonce->data, AGGNONCE_MAGIC, MSG_AGGNONCE, true);
}

int secp256k1_musig_partial_sig_parse(const secp256k1_context* ctx, secp256k1_musig_partial_sig* sig, const unsigned char* in32) {
    ARG_CHECK(sig != NULL);
    ARG_CHECK(in32 != NULL);
    std::memset(sig, 0, sizeof *sig);
    Scalar s;
    int overflow = 0;
    scalar_set_b32(s, in32, &overflow);
    if (overflow) return 0;
    partial_sig_save(sig, s);
    return 1;
}

int secp256k1_musig_partial_sig_serialize(const secp256k1_context* ctx, unsigned char* out32, const secp256k1_musig_partial_sig* sig) {
    ARG_CHECK(out32 != NULL);
    ARG_CHECK(sig != NULL);
    ARG_CHECK_MSG(magic_matches(sig->data, PARTIAL_SIG_MAGIC), MSG_PARTIAL_SIG);
    std::memcpy(out32, sig->data + 4, 32);
    return 1;
}

int secp256k1_musig_pubkey_agg(const secp256k1_context* ctx, secp256k1_xonly_pubkey* agg_pk,
                               secp256k1_musig_keyagg_cache* keyagg_cache, const secp256k1_pubkey* const* pubkeys,
                               size_t n_pubkeys) {
    if (agg_pk != nullptr) std::memset(agg_pk, 0, sizeof *agg_pk);
    ARG_CHECK(pubkeys != NULL);
    ARG_CHECK(n_pubkeys > 0);
    for (size_t i = 0; i < n_pubkeys; i++) ARG_CHECK(pubkeys[i] != NULL);

    Ge second;
    ge_set_infinity(second);
    for (size_t i = 1; i < n_pubkeys; i++)
        if (memcmp_var(pubkeys[0]->data, pubkeys[i]->data, sizeof pubkeys[0]->data) != 0) {
            if (!pubkey_load(ctx, second, pubkeys[i])) return 0;
            break;
        }
    // Every key must load (an unset one is an illegal argument) before the schemes read them raw.
    for (size_t i = 0; i < n_pubkeys; i++) {
        Ge p;
        if (!pubkey_load(ctx, p, pubkeys[i])) return 0;
    }
    unsigned char pks_hash[32];
    musig::keyagg_list_hash(sha_of(ctx), pks_hash, pubkeys, n_pubkeys, pubkey_at);
    KeyAgg k;
    musig::keyagg_aggregate(sha_of(ctx), k, pubkeys, n_pubkeys, pubkey_at, second, pks_hash);
    if (keyagg_cache != nullptr) keyagg_save(keyagg_cache, k);
    Ge qa = k.pk;
    if (agg_pk != nullptr) {
        ge_even_y(qa);
        point_save(agg_pk->data, qa);
    }
    return 1;
}

int secp256k1_musig_pubkey_get(const secp256k1_context* ctx, secp256k1_pubkey* agg_pk,
                               const secp256k1_musig_keyagg_cache* keyagg_cache) {
    ARG_CHECK(agg_pk != NULL);
    std::memset(agg_pk, 0, sizeof *agg_pk);
    ARG_CHECK(keyagg_cache != NULL);
    KeyAgg k;
    if (!keyagg_load(ctx, k, keyagg_cache)) return 0;
    pubkey_save(agg_pk, k.pk);
    return 1;
}

int secp256k1_musig_pubkey_ec_tweak_add(const secp256k1_context* ctx, secp256k1_pubkey* output_pubkey,
                                        secp256k1_musig_keyagg_cache* keyagg_cache, const unsigned char* tweak32) {
    return tweak_add_internal(ctx, output_pubkey, keyagg_cache, tweak32, false);
}

int secp256k1_musig_pubkey_xonly_tweak_add(const secp256k1_context* ctx, secp256k1_pubkey* output_pubkey,
                                           secp256k1_musig_keyagg_cache* keyagg_cache, const unsigned char* tweak32) {
    return tweak_add_internal(ctx, output_pubkey, keyagg_cache, tweak32, true);
}

int secp256k1_musig_nonce_gen(const secp256k1_context* ctx, secp256k1_musig_secnonce* secnonce,
                              secp256k1_musig_pubnonce* pubnonce, unsigned char* session_secrand32,
                              const unsigned char* seckey, const secp256k1_pubkey* pubkey, const unsigned char* msg32,
                              const secp256k1_musig_keyagg_cache* keyagg_cache, const unsigned char* extra_input32) {
    ARG_CHECK(secnonce != NULL);
    std::memset(secnonce, 0, sizeof *secnonce);
    ARG_CHECK(session_secrand32 != NULL);
    // All-zero randomness means a broken RNG: refuse it (checked without branching on the bytes).
    unsigned char acc = 0;
    for (int i = 0; i < 32; i++) acc |= session_secrand32[i];
    int ret = acc != 0;
    declassify(ctx, &ret, sizeof ret);
    if (ret == 0) {
        secnonce_invalidate(ctx, secnonce, 1);
        return 0;
    }
    ret &= nonce_gen_internal(ctx, secnonce, pubnonce, session_secrand32, seckey, pubkey, msg32, keyagg_cache,
                              extra_input32);
    memczero(session_secrand32, 32, ret);  // a buffer must never seed two nonces
    return ret;
}

int secp256k1_musig_nonce_gen_counter(const secp256k1_context* ctx, secp256k1_musig_secnonce* secnonce,
                                      secp256k1_musig_pubnonce* pubnonce, uint64_t nonrepeating_cnt,
                                      const secp256k1_keypair* keypair, const unsigned char* msg32,
                                      const secp256k1_musig_keyagg_cache* keyagg_cache,
                                      const unsigned char* extra_input32) {
    ARG_CHECK(secnonce != NULL);
    std::memset(secnonce, 0, sizeof *secnonce);
    ARG_CHECK(keypair != NULL);
    unsigned char buf[32] = {0};
    for (int i = 0; i < 8; i++) buf[i] = (unsigned char)(nonrepeating_cnt >> (56 - 8 * i));
    unsigned char seckey[32];
    secp256k1_pubkey pubkey;
    std::memcpy(seckey, keypair->data, 32);
    std::memcpy(pubkey.data, keypair->data + 32, 64);
    declassify(ctx, &pubkey, sizeof pubkey);  // the keypair's public half: public, and loading it branches
    int ret = nonce_gen_internal(ctx, secnonce, pubnonce, buf, seckey, &pubkey, msg32, keyagg_cache, extra_input32);
    hash::memclear(seckey, sizeof seckey);
    return ret;
}

int secp256k1_musig_nonce_agg(const secp256k1_context* ctx, secp256k1_musig_aggnonce* aggnonce,
                              const secp256k1_musig_pubnonce* const* pubnonces, size_t n_pubnonces) {
    ARG_CHECK(aggnonce != NULL);
    ARG_CHECK(pubnonces != NULL);
    ARG_CHECK(n_pubnonces > 0);
    for (size_t i = 0; i < n_pubnonces; i++) ARG_CHECK(pubnonces[i] != NULL);
    if (n_pubnonces == 2) {  // the common two-signer case: affine, one shared inversion
        Ge a[2], b[2], out[2];
        if (!pubnonce_load(ctx, a, pubnonces[0])) return 0;
        if (!pubnonce_load(ctx, b, pubnonces[1])) return 0;
        if (ge_add_distinct_var<2>(out, a, b)) {  // else a half shares x: the general sum
            aggnonce_save(aggnonce, out);
            return 1;
        }
    }
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

int secp256k1_musig_nonce_process(const secp256k1_context* ctx, secp256k1_musig_session* session,
                                  const secp256k1_musig_aggnonce* aggnonce, const unsigned char* msg32,
                                  const secp256k1_musig_keyagg_cache* keyagg_cache) {
    ARG_CHECK(session != NULL);
    ARG_CHECK(aggnonce != NULL);
    ARG_CHECK(msg32 != NULL);
    ARG_CHECK(keyagg_cache != NULL);
    KeyAgg k;
    if (!keyagg_load(ctx, k, keyagg_cache)) return 0;
    Ge r[2];
    if (!aggnonce_load(ctx, r, aggnonce)) return 0;
    Session s;
    musig::session_init(sha_of(ctx), s, r, k, msg32, 32);
    session_save(session, s);
    return 1;
}

int secp256k1_musig_partial_sign(const secp256k1_context* ctx, secp256k1_musig_partial_sig* partial_sig,
                                 secp256k1_musig_secnonce* secnonce, const secp256k1_keypair* keypair,
                                 const secp256k1_musig_keyagg_cache* keyagg_cache,
                                 const secp256k1_musig_session* session) {
    ARG_CHECK(secnonce != NULL);
    Scalar k[2], sk;
    Ge pk;
    scalar_set_int(sk, 0);
    int ret = secnonce_load(ctx, k, pk, secnonce);
    // Wipe the nonce before anything else can fail: it must never sign twice.
    hash::memclear(secnonce, sizeof *secnonce);
    auto clear = [&] {
        scalar_clear(sk);
        scalar_clear(k[0]);
        scalar_clear(k[1]);
    };
    if (!ret) {
        clear();
        return 0;
    }
    ARG_CHECK(partial_sig != NULL);
    ARG_CHECK(keypair != NULL);
    ARG_CHECK(keyagg_cache != NULL);
    ARG_CHECK(session != NULL);

    Ge kp_pk;
    if (!keypair_load(ctx, &sk, kp_pk, keypair)) {
        clear();
        return 0;
    }
    fe_normalize(pk.x);
    fe_normalize(pk.y);
    fe_normalize(kp_pk.x);
    fe_normalize(kp_pk.y);
    ARG_CHECK_MSG(fe_equal_normalized(pk.x, kp_pk.x) && fe_equal_normalized(pk.y, kp_pk.y),
                  "secp256k1_fe_equal(&pk.x, &keypair_pk.x) && secp256k1_fe_equal(&pk.y, &keypair_pk.y)");
    KeyAgg c;
    if (!keyagg_load(ctx, c, keyagg_cache)) {
        clear();
        return 0;
    }
    Session s;
    if (!session_load(ctx, s, session)) {
        clear();
        return 0;
    }
    Scalar sig;
    musig::partial_sign(sha_of(ctx), sig, k, sk, pk, c, s);
    partial_sig_save(partial_sig, sig);
    clear();
    scalar_clear(sig);
    return 1;
}

int secp256k1_musig_partial_sig_verify(const secp256k1_context* ctx, const secp256k1_musig_partial_sig* partial_sig,
                                       const secp256k1_musig_pubnonce* pubnonce, const secp256k1_pubkey* pubkey,
                                       const secp256k1_musig_keyagg_cache* keyagg_cache,
                                       const secp256k1_musig_session* session) {
    ARG_CHECK(partial_sig != NULL);
    ARG_CHECK(pubnonce != NULL);
    ARG_CHECK(pubkey != NULL);
    ARG_CHECK(keyagg_cache != NULL);
    ARG_CHECK(session != NULL);
    Session s;
    if (!session_load(ctx, s, session)) return 0;
    Ge r[2];
    if (!pubnonce_load(ctx, r, pubnonce)) return 0;
    Ge p;
    if (!pubkey_load(ctx, p, pubkey)) return 0;
    KeyAgg c;
    if (!keyagg_load(ctx, c, keyagg_cache)) return 0;
    Scalar sig;
    if (!partial_sig_load(ctx, sig, partial_sig)) return 0;
    return musig::partial_verify(sha_of(ctx), sig, r, p, c, s) ? 1 : 0;
}

int secp256k1_musig_partial_sig_agg(const secp256k1_context* ctx, unsigned char* sig64,
                                    const secp256k1_musig_session* session,
                                    const secp256k1_musig_partial_sig* const* partial_sigs, size_t n_sigs) {
    ARG_CHECK(sig64 != NULL);
    ARG_CHECK(session != NULL);
    ARG_CHECK(partial_sigs != NULL);
    ARG_CHECK(n_sigs > 0);
    for (size_t i = 0; i < n_sigs; i++) ARG_CHECK(partial_sigs[i] != NULL);
    Session s;
    if (!session_load(ctx, s, session)) return 0;
    Scalar sum;
    scalar_set_int(sum, 0);
    for (size_t i = 0; i < n_sigs; i++) {
        Scalar term;
        if (!partial_sig_load(ctx, term, partial_sigs[i])) return 0;
        scalar_add(sum, sum, term);
    }
    musig::partial_sig_agg(sig64, s, sum);
    return 1;
}

}  // extern "C"

#endif  // ENABLE_MODULE_MUSIG
