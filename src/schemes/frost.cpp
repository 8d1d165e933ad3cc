// BIP-445 (FROST for BIP-340) on internal types; see frost.h. The algorithms follow the BIP's text
// (bitcoin/bips PR #2070, v0.8.0); the vectors of that version are in tests/vectors/data/bip-0445/.
#include "schemes/frost.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "batch/msm.h"
#include "hash/memclear.h"
#include "schemes/eckey.h"
#include "schemes/musig_nonce.h"

namespace fastsecp::frost {

namespace {

void tagged(hash::Sha256& h, const char* tag, hash::CompressFn fn) {
    hash::sha256_tagged_init(h, reinterpret_cast<const unsigned char*>(tag), std::strlen(tag), fn);
}

void be32(unsigned char out[4], uint32_t v) {
    for (int i = 0; i < 4; i++) out[i] = (unsigned char)(v >> (24 - 8 * i));
}

// SerializeIds: bytes(4, id) of the identifiers in ascending order.
bool write_sorted_ids(hash::Sha256& h, size_t u, const uint32_t* ids) {
    uint32_t stack[64];
    uint32_t* s = stack;
    if (u > 64) {
        s = static_cast<uint32_t*>(std::malloc(u * sizeof(uint32_t)));
        if (s == nullptr) return false;
    }
    std::memcpy(s, ids, u * sizeof(uint32_t));
    std::sort(s, s + u);
    for (size_t i = 0; i < u; i++) {
        unsigned char b[4];
        be32(b, s[i]);
        hash::sha256_write(h, b, 4);
    }
    if (s != stack) std::free(s);
    return true;
}

bool has_duplicates(size_t u, const uint32_t* ids, bool* oom) {
    *oom = false;
    if (u <= 64) {
        for (size_t i = 0; i < u; i++)
            for (size_t j = i + 1; j < u; j++)
                if (ids[i] == ids[j]) return true;
        return false;
    }
    uint32_t* s = static_cast<uint32_t*>(std::malloc(u * sizeof(uint32_t)));
    if (s == nullptr) {
        *oom = true;
        return false;
    }
    std::memcpy(s, ids, u * sizeof(uint32_t));
    std::sort(s, s + u);
    bool dup = std::adjacent_find(s, s + u) != s + u;
    std::free(s);
    return dup;
}

// Q = sum λ_i·P_i (DeriveThreshPubkey). False only on allocation failure.
bool derive_thresh(Gej& q, size_t u, const uint32_t* ids, const Ge* pts) {
    Scalar* lambdas = static_cast<Scalar*>(std::malloc(u * sizeof(Scalar)));
    void* scratch = std::malloc(batch::msm_scratch_size(u, 0));
    if (lambdas == nullptr || scratch == nullptr) {
        std::free(lambdas);
        std::free(scratch);
        return false;
    }
    for (size_t i = 0; i < u; i++) lagrange_coef(lambdas[i], u, ids, ids[i]);
    batch::MsmInput in;
    in.full_points = pts;
    in.full_scalars = lambdas;
    in.n_full = u;
    batch::msm_var(q, in, scratch);
    std::free(lambdas);
    std::free(scratch);
    return true;
}

// ValidateSignersCtx, shared by the point and byte forms: with ser33 set, the public shares are
// decoded into pts (PubshareInvalid at the first bad one, checked in the same loop as the ids,
// as the BIP does); the derived key is compared with thresh (a point) or thresh33 (bytes).
Status validate(uint32_t n, uint32_t t, size_t u, const uint32_t* ids, Ge* pts, const unsigned char* const* ser33,
                const Ge* thresh, const unsigned char* thresh33) {
    if (t < 1 || t > n) return fail(Error::ThresholdRange);
    if (u < t || u > n) return fail(Error::SignerCount);
    for (size_t i = 0; i < u; i++) {
        if (ids[i] >= n) return fail(Error::IdRange, i);
        if (ser33 != nullptr && !pubkey_parse(pts[i], ser33[i], 33)) return fail(Error::PubshareInvalid, i);
        if (ser33 != nullptr && (ser33[i][0] != 0x02 && ser33[i][0] != 0x03)) return fail(Error::PubshareInvalid, i);
    }
    bool oom;
    if (has_duplicates(u, ids, &oom)) return fail(Error::DuplicateIds);
    if (oom) return fail(Error::OutOfMemory);
    Gej qj;
    if (!derive_thresh(qj, u, ids, pts)) return fail(Error::OutOfMemory);
    if (qj.infinity) return fail(Error::ThreshPkInfinity);
    Ge q;
    ge_set_gej_var(q, qj);
    unsigned char mine[33];
    pubkey_serialize33(mine, q);
    unsigned char theirs[33];
    if (thresh != nullptr) {
        if (thresh->infinity) return fail(Error::KeyMaterial);
        pubkey_serialize33(theirs, *thresh);
        thresh33 = theirs;
    }
    if (std::memcmp(mine, thresh33, 33) != 0) return fail(Error::KeyMaterial);
    return {};
}

}  // namespace

Status signers_validate(uint32_t n, uint32_t t, size_t u, const uint32_t* ids, const Ge* pubshares,
                        const Ge& thresh_pk) {
    return validate(n, t, u, ids, const_cast<Ge*>(pubshares), nullptr, &thresh_pk, nullptr);
}

void lagrange_coef(Scalar& lambda, size_t u, const uint32_t* ids, uint32_t my_id) {
    Scalar num, den, mine;
    scalar_set_int(num, 1);
    scalar_set_int(den, 1);
    scalar_set_int(mine, my_id);
    scalar_negate(mine, mine);
    for (size_t j = 0; j < u; j++) {
        if (ids[j] == my_id) continue;
        Scalar a, b;
        scalar_set_int(a, (uint64_t)ids[j] + 1);
        scalar_mul(num, num, a);
        scalar_set_int(b, ids[j]);
        scalar_add(b, b, mine);
        scalar_mul(den, den, b);
    }
    scalar_inverse_var(den, den);
    scalar_mul(lambda, num, den);
}

size_t find_id(size_t u, const uint32_t* ids, uint32_t id) {
    for (size_t i = 0; i < u; i++)
        if (ids[i] == id) return i;
    return NO_INDEX;
}

void tweak_init(Tweak& t, const Ge& thresh_pk) {
    std::memset(&t, 0, sizeof t);
    t.pk = thresh_pk;
    fe_normalize(t.pk.x);
    fe_normalize(t.pk.y);
    ge_set_infinity(t.second);
    t.parity_acc = 0;
    scalar_set_int(t.tweak, 0);
}

Status tweak_apply(Tweak& t, const unsigned char* tweak32, bool xonly) {
    Scalar s;
    int overflow = 0;
    scalar_set_b32(s, tweak32, &overflow);
    if (overflow) return fail(Error::TweakRange);
    if (!musig::keyagg_tweak(t, tweak32, xonly)) return fail(Error::TweakInfinity);
    return {};
}

bool nonce_coef(hash::CompressFn fn, Scalar& b, size_t u, const uint32_t* ids, const unsigned char aggnonce66[66],
                const unsigned char qx32[32], const unsigned char* msg, size_t msglen) {
    hash::Sha256 h;
    tagged(h, "BIP0445/noncecoef", fn);
    unsigned char ub[4];  // the byte length of SerializeIds (the v0.8.0 reference code: len(ser_ids))
    be32(ub, (uint32_t)(4 * u));
    hash::sha256_write(h, ub, 4);
    if (!write_sorted_ids(h, u, ids)) return false;
    hash::sha256_write(h, aggnonce66, 66);
    hash::sha256_write(h, qx32, 32);
    hash::sha256_write(h, msg, msglen);
    unsigned char out[32];
    hash::sha256_finalize(h, out);
    scalar_set_b32(b, out, nullptr);
    return true;
}

bool session_init(hash::CompressFn fn, Session& s, size_t u, const uint32_t* ids, const Ge aggnonce[2],
                  const Tweak& t, const unsigned char* msg, size_t msglen) {
    unsigned char agg66[66], qx[32];
    musig::ge_serialize_ext(agg66, aggnonce[0]);
    musig::ge_serialize_ext(agg66 + 33, aggnonce[1]);
    Fe x = t.pk.x;
    fe_normalize(x);
    fe_get_b32(qx, x);
    if (!nonce_coef(fn, s.noncecoef, u, ids, agg66, qx, msg, msglen)) return false;
    musig::session_finish(fn, s, aggnonce, t, qx, msg, msglen);
    return true;
}

void nonce_derive(hash::CompressFn fn, Scalar k[2], const unsigned char rand32[32], const unsigned char* secshare32,
                  const unsigned char* pubshare33, const unsigned char* thresh_pk32, const unsigned char* msg,
                  size_t msglen, const unsigned char* extra, size_t extralen) {
    hash::Sha256 aux, nonce;
    tagged(aux, "BIP0445/aux", fn);
    tagged(nonce, "BIP0445/nonce", fn);
    musig::nonce_derive_tagged(aux, nonce, k, rand32, msg, msglen, secshare32, pubshare33, thresh_pk32, extra,
                               extralen);
}

bool det_nonce_derive(hash::CompressFn fn, Scalar k[2], const unsigned char secshare32[32], uint32_t my_id,
                      size_t u, const uint32_t* ids, const unsigned char* aggothernonce66,
                      const unsigned char tweaked_pk32[32], const unsigned char* msg, size_t msglen,
                      const unsigned char* aux_rand32) {
    unsigned char sk[32];
    hash::Sha256 h;
    if (aux_rand32 != nullptr) {
        tagged(h, "BIP0445/aux", fn);
        hash::sha256_write(h, aux_rand32, 32);
        hash::sha256_finalize(h, sk);
        for (int i = 0; i < 32; i++) sk[i] ^= secshare32[i];
    } else {
        std::memcpy(sk, secshare32, 32);
    }
    tagged(h, "BIP0445/deterministic/nonce", fn);
    hash::sha256_write(h, sk, 32);
    hash::memclear(sk, sizeof sk);
    unsigned char b4[4];
    be32(b4, my_id);
    hash::sha256_write(h, b4, 4);
    be32(b4, (uint32_t)u);
    hash::sha256_write(h, b4, 4);
    if (!write_sorted_ids(h, u, ids)) {
        hash::sha256_clear(h);
        return false;
    }
    if (aggothernonce66 != nullptr) hash::sha256_write(h, aggothernonce66, 66);
    hash::sha256_write(h, tweaked_pk32, 32);
    unsigned char len8[8];
    for (int i = 0; i < 8; i++) len8[i] = (unsigned char)((uint64_t)msglen >> (56 - 8 * i));
    hash::sha256_write(h, len8, 8);
    hash::sha256_write(h, msg, msglen);
    musig::nonce_pair_finish(h, k);
    return true;
}

void shamir_shares(Scalar* shares, const Scalar* coef, uint32_t t, uint32_t x0, uint32_t count) {
    for (uint32_t i = 0; i < count; i++) {
        Scalar x, y = coef[t - 1];
        scalar_set_int(x, (uint64_t)x0 + i);
        for (uint32_t j = t - 1; j-- > 0;) {
            scalar_mul(y, y, x);
            scalar_add(y, y, coef[j]);
        }
        shares[i] = y;
        scalar_clear(y);
    }
}

bool dealer_coefs(hash::CompressFn fn, Scalar* coef, uint32_t t, const unsigned char seed32[32]) {
    uint64_t zero = 0;
    for (uint32_t j = 0; j < t; j++) {
        hash::Sha256 h;
        tagged(h, "fastsecp/frost/dealer", fn);
        hash::sha256_write(h, seed32, 32);
        unsigned char b4[4], buf[32];
        be32(b4, j);
        hash::sha256_write(h, b4, 4);
        hash::sha256_finalize(h, buf);
        scalar_set_b32(coef[j], buf, nullptr);
        hash::memclear(buf, sizeof buf);
        zero |= (uint64_t)scalar_is_zero(coef[j]);
    }
    return zero == 0;
}

// ---- byte-string forms ---------------------------------------------------------------------------

namespace {

// What GetSessionValues yields, with the decoded public shares (malloc'd, freed by the destructor).
struct Values {
    Ge* pts = nullptr;
    Tweak tweak;
    Session session;
    ~Values() { std::free(pts); }
};

Status apply_tweaks(Tweak& t, const TweaksBytes& tw) {
    if (tw.v != tw.v_xonly) return fail(Error::TweakCount);
    for (size_t i = 0; i < tw.v; i++) {
        if (tw.lens[i] != 32) return fail(Error::TweakLength);
        Status st = tweak_apply(t, tw.tweaks[i], tw.is_xonly[i]);
        if (!st.ok()) return st;
    }
    return {};
}

Status tweak_from_bytes(Tweak& t, const unsigned char* thresh33, const TweaksBytes& tw) {
    Ge q;
    if (!pubkey_parse(q, thresh33, 33) || (thresh33[0] != 0x02 && thresh33[0] != 0x03))
        return fail(Error::ThreshPkInvalid);
    tweak_init(t, q);
    return apply_tweaks(t, tw);
}

Status session_values(hash::CompressFn fn, Values& v, const SignersBytes& sc, const unsigned char aggnonce66[66],
                      const TweaksBytes& tw, const unsigned char* msg, size_t msglen) {
    v.pts = static_cast<Ge*>(std::malloc((sc.u ? sc.u : 1) * sizeof(Ge)));
    if (v.pts == nullptr) return fail(Error::OutOfMemory);
    Status st = validate(sc.n, sc.t, sc.u, sc.ids, v.pts, sc.pubshares, nullptr, sc.thresh_pk);
    if (!st.ok()) return st;
    st = tweak_from_bytes(v.tweak, sc.thresh_pk, tw);
    if (!st.ok()) return st;
    Ge r[2];
    if (!musig::ge_parse_pair(r, aggnonce66, true)) return fail(Error::InvalidAggnonce);
    if (!session_init(fn, v.session, sc.u, sc.ids, r, v.tweak, msg, msglen)) return fail(Error::OutOfMemory);
    return {};
}

void pubnonce_of(unsigned char pubnonce66[66], const Scalar k[2]) {
    GenBlind blind;
    gen_blind_default(blind);
    for (int i = 0; i < 2; i++) {
        Gej rj;
        Ge r;
        ecmult_gen(blind, rj, k[i]);
        ge_set_gej(r, rj);
        pubkey_serialize33(pubnonce66 + 33 * i, r);
    }
}

Status sign_values(unsigned char psig32[32], const unsigned char secnonce64[64], const unsigned char secshare32[32],
                   uint32_t my_id, const SignersBytes& sc, const Values& v) {
    Scalar k[2], d;
    if (!scalar_set_b32_seckey(k[0], secnonce64)) return fail(Error::Secnonce1Range);
    if (!scalar_set_b32_seckey(k[1], secnonce64 + 32)) return fail(Error::Secnonce2Range);
    if (!scalar_set_b32_seckey(d, secshare32)) return fail(Error::SecshareRange);
    GenBlind blind;
    gen_blind_default(blind);
    Gej pj;
    Ge p;
    ecmult_gen(blind, pj, d);
    ge_set_gej(p, pj);
    unsigned char mine[33];
    pubkey_serialize33(mine, p);
    bool found = false;
    for (size_t i = 0; i < sc.u; i++) found |= std::memcmp(mine, sc.pubshares[i], 33) == 0;
    if (!found) return fail(Error::PubshareMissing);
    if (find_id(sc.u, sc.ids, my_id) == NO_INDEX) return fail(Error::IdMissing);
    Scalar lambda, s;
    lagrange_coef(lambda, sc.u, sc.ids, my_id);
    musig::partial_sign_coef(s, k, d, lambda, v.tweak, v.session);
    scalar_get_b32(psig32, s);
    scalar_clear(k[0]);
    scalar_clear(k[1]);
    scalar_clear(d);
    return {};
}

}  // namespace

void nonce_gen_bytes(hash::CompressFn fn, unsigned char secnonce64[64], unsigned char pubnonce66[66],
                     const unsigned char rand32[32], const unsigned char* secshare32, const unsigned char* pubshare33,
                     const unsigned char* thresh_pk32, const unsigned char* msg, size_t msglen,
                     const unsigned char* extra, size_t extralen) {
    Scalar k[2];
    nonce_derive(fn, k, rand32, secshare32, pubshare33, thresh_pk32, msg, msglen, extra, extralen);
    scalar_get_b32(secnonce64, k[0]);
    scalar_get_b32(secnonce64 + 32, k[1]);
    pubnonce_of(pubnonce66, k);
    scalar_clear(k[0]);
    scalar_clear(k[1]);
}

Status nonce_agg_bytes(unsigned char aggnonce66[66], const unsigned char* const* pubnonces, size_t u) {
    musig::NonceSum sum;
    musig::nonce_sum_init(sum);
    for (int j = 0; j < 2; j++) {
        for (size_t i = 0; i < u; i++) {
            Ge r;
            const unsigned char* in = pubnonces[i] + 33 * j;
            if ((in[0] != 0x02 && in[0] != 0x03) || !pubkey_parse(r, in, 33)) return fail(Error::InvalidPubnonce, i);
            gej_add_ge_var(sum.r[j], sum.r[j], r);
        }
    }
    Ge out[2];
    musig::nonce_sum_finish(out, sum);
    musig::ge_serialize_ext(aggnonce66, out[0]);
    musig::ge_serialize_ext(aggnonce66 + 33, out[1]);
    return {};
}

Status sign_bytes(hash::CompressFn fn, unsigned char psig32[32], const unsigned char secnonce64[64],
                  const unsigned char secshare32[32], uint32_t my_id, const SignersBytes& sc,
                  const unsigned char aggnonce66[66], const TweaksBytes& tw, const unsigned char* msg, size_t msglen) {
    Values v;
    Status st = session_values(fn, v, sc, aggnonce66, tw, msg, msglen);
    if (!st.ok()) return st;
    return sign_values(psig32, secnonce64, secshare32, my_id, sc, v);
}

Status det_sign_bytes(hash::CompressFn fn, unsigned char pubnonce66[66], unsigned char psig32[32],
                      const unsigned char secshare32[32], uint32_t my_id, const unsigned char* aggothernonce66,
                      const SignersBytes& sc, const TweaksBytes& tw, const unsigned char* msg, size_t msglen,
                      const unsigned char* aux_rand32) {
    Status st;
    {
        Values v;  // ValidateSignersCtx first, then the tweaks (the reference code's order)
        v.pts = static_cast<Ge*>(std::malloc((sc.u ? sc.u : 1) * sizeof(Ge)));
        if (v.pts == nullptr) return fail(Error::OutOfMemory);
        st = validate(sc.n, sc.t, sc.u, sc.ids, v.pts, sc.pubshares, nullptr, sc.thresh_pk);
        if (!st.ok()) return st;
    }
    Tweak t;
    st = tweak_from_bytes(t, sc.thresh_pk, tw);
    if (!st.ok()) return st;
    unsigned char tpk[32];
    fe_get_b32(tpk, t.pk.x);
    Scalar k[2];
    if (!det_nonce_derive(fn, k, secshare32, my_id, sc.u, sc.ids, aggothernonce66, tpk, msg, msglen, aux_rand32))
        return fail(Error::OutOfMemory);
    unsigned char secnonce[64];
    scalar_get_b32(secnonce, k[0]);
    scalar_get_b32(secnonce + 32, k[1]);
    pubnonce_of(pubnonce66, k);
    scalar_clear(k[0]);
    scalar_clear(k[1]);
    unsigned char aggnonce[66];
    if (aggothernonce66 != nullptr) {
        const unsigned char* pair[2] = {pubnonce66, aggothernonce66};
        if (!nonce_agg_bytes(aggnonce, pair, 2).ok()) {
            hash::memclear(secnonce, sizeof secnonce);
            return fail(Error::InvalidAggothernonce);
        }
    } else {
        std::memcpy(aggnonce, pubnonce66, 66);
    }
    st = sign_bytes(fn, psig32, secnonce, secshare32, my_id, sc, aggnonce, tw, msg, msglen);
    hash::memclear(secnonce, sizeof secnonce);
    return st;
}

Status partial_sig_verify_bytes(hash::CompressFn fn, bool* valid, const unsigned char psig32[32],
                                const unsigned char* const* pubnonces, const SignersBytes& sc, const TweaksBytes& tw,
                                const unsigned char* msg, size_t msglen, size_t i) {
    *valid = false;
    {
        Values v;
        v.pts = static_cast<Ge*>(std::malloc((sc.u ? sc.u : 1) * sizeof(Ge)));
        if (v.pts == nullptr) return fail(Error::OutOfMemory);
        Status st = validate(sc.n, sc.t, sc.u, sc.ids, v.pts, sc.pubshares, nullptr, sc.thresh_pk);
        if (!st.ok()) return st;
    }
    if (i >= sc.u) return fail(Error::IdMissing);
    unsigned char aggnonce[66];
    Status st = nonce_agg_bytes(aggnonce, pubnonces, sc.u);
    if (!st.ok()) return st;
    Values v;
    st = session_values(fn, v, sc, aggnonce, tw, msg, msglen);
    if (!st.ok()) return st;
    Scalar s;
    int overflow = 0;
    scalar_set_b32(s, psig32, &overflow);
    if (overflow) return {};
    Ge r[2];
    if (!musig::ge_parse_pair(r, pubnonces[i], false)) return fail(Error::InvalidPubnonce, i);
    Scalar lambda;
    lagrange_coef(lambda, sc.u, sc.ids, sc.ids[i]);
    *valid = musig::partial_verify_coef(s, r, v.pts[i], lambda, v.tweak, v.session);
    return {};
}

Status partial_sig_agg_bytes(hash::CompressFn fn, unsigned char sig64[64], const unsigned char* const* psigs,
                             size_t n_psigs, const SignersBytes& sc, const unsigned char aggnonce66[66],
                             const TweaksBytes& tw, const unsigned char* msg, size_t msglen) {
    Values v;
    Status st = session_values(fn, v, sc, aggnonce66, tw, msg, msglen);
    if (!st.ok()) return st;
    if (n_psigs != sc.u) return fail(Error::PsigCount);
    Scalar sum;
    scalar_set_int(sum, 0);
    for (size_t i = 0; i < n_psigs; i++) {
        Scalar s;
        int overflow = 0;
        scalar_set_b32(s, psigs[i], &overflow);
        if (overflow) return fail(Error::InvalidPsig, i);
        scalar_add(sum, sum, s);
    }
    musig::partial_sig_agg(sig64, v.session, sum);
    return {};
}

}  // namespace fastsecp::frost
