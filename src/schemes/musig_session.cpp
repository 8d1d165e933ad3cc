#include "schemes/musig_session.h"

#include <cstring>

#include "batch/msm.h"
#include "ecmult/ecmult.h"
#include "schemes/musig_nonce.h"
#include "schemes/schnorr.h"

namespace fastsecp::musig {

namespace {
// r = R1 + b·R2 (public values).
void effective_nonce(Gej& r, const Ge nonce[2], const Scalar& b) {
    Gej r2;
    gej_set_ge(r2, nonce[1]);
    Scalar zero;
    scalar_set_int(zero, 0);
    ecmult(r, r2, b, zero);
    gej_add_ge_var(r, r, nonce[0]);
}
}  // namespace

void nonce_coef(hash::CompressFn fn, Scalar& b, const Ge aggnonce[2], const unsigned char agg_pk32[32],
                const unsigned char* msg, size_t msglen) {
    hash::Sha256 h;
    hash::sha256_tagged_init(h, hash::Tag::MusigNonceCoef, fn);
    for (int i = 0; i < 2; i++) {
        unsigned char buf[33];
        ge_serialize_ext(buf, aggnonce[i]);
        hash::sha256_write(h, buf, 33);
    }
    hash::sha256_write(h, agg_pk32, 32);
    hash::sha256_write(h, msg, msglen);
    unsigned char out[32];
    hash::sha256_finalize(h, out);
    scalar_set_b32(b, out, nullptr);
}

void session_init(hash::CompressFn fn, Session& s, const Ge aggnonce[2], const KeyAggCache& c,
                  const unsigned char* msg, size_t msglen) {
    Fe qx = c.pk.x;
    fe_normalize(qx);
    unsigned char agg_pk32[32];
    fe_get_b32(agg_pk32, qx);
    nonce_coef(fn, s.noncecoef, aggnonce, agg_pk32, msg, msglen);
    session_finish(fn, s, aggnonce, c, agg_pk32, msg, msglen);
}

void session_finish(hash::CompressFn fn, Session& s, const Ge aggnonce[2], const KeyAggCache& c,
                    const unsigned char agg_pk32[32], const unsigned char* msg, size_t msglen) {
    Fe qy = c.pk.y;
    fe_normalize(qy);
    Gej fin;
    effective_nonce(fin, aggnonce, s.noncecoef);
    Ge r;
    if (fin.infinity) r = ge_generator();  // BIP-327: an infinite final nonce is replaced by G
    else ge_set_gej_var(r, fin);
    fe_normalize(r.x);
    fe_normalize(r.y);
    fe_get_b32(s.fin_nonce, r.x);
    s.fin_nonce_parity = fe_is_odd(r.y);
    bip340_challenge(fn, s.challenge, s.fin_nonce, msg, msglen, agg_pk32);
    // s_part = e·g·tacc with g = -1 when Q's y is odd.
    scalar_set_int(s.s_part, 0);
    if (!scalar_is_zero(c.tweak)) {
        scalar_mul(s.s_part, s.challenge, c.tweak);
        if (fe_is_odd(qy)) scalar_negate(s.s_part, s.s_part);
    }
}

void partial_sign(hash::CompressFn fn, Scalar& sig, const Scalar k[2], const Scalar& sk, const Ge& pk,
                  const KeyAggCache& c, const Session& s) {
    Scalar mu;
    keyagg_coef(fn, mu, c.pks_hash, pk, c.second);  // pk is public
    partial_sign_coef(sig, k, sk, mu, c, s);
}

void partial_sign_coef(Scalar& sig, const Scalar k[2], const Scalar& sk, const Scalar& mu, const KeyAggCache& c,
                       const Session& s) {
    Scalar d = sk, k1 = k[0], k2 = k[1];
    if (keyagg_negate_signer(c)) scalar_negate(d, d);  // public parities
    scalar_mul(d, d, mu);
    if (s.fin_nonce_parity) {  // public
        scalar_negate(k1, k1);
        scalar_negate(k2, k2);
    }
    scalar_mul(sig, s.challenge, d);
    scalar_mul(k2, s.noncecoef, k2);
    scalar_add(k1, k1, k2);
    scalar_add(sig, sig, k1);
    scalar_clear(d);
    scalar_clear(k1);
    scalar_clear(k2);
}

bool partial_verify(hash::CompressFn fn, const Scalar& sig, const Ge pubnonce[2], const Ge& pk,
                    const KeyAggCache& c, const Session& s) {
    Scalar mu;
    keyagg_coef(fn, mu, c.pks_hash, pk, c.second);
    return partial_verify_coef(sig, pubnonce, pk, mu, c, s);
}

bool partial_verify_coef(const Scalar& sig, const Ge pubnonce[2], const Ge& pk, const Scalar& mu,
                         const KeyAggCache& c, const Session& s) {
    // Checks -s·G + e·a·g'·P + R' == infinity. The challenge carries a and g' (cheaper than
    // scaling the point).
    Scalar e, neg_s;
    scalar_mul(e, s.challenge, mu);
    if (keyagg_negate_signer(c)) scalar_negate(e, e);
    scalar_negate(neg_s, sig);
    // One multi-scalar multiplication (shared doublings for P and R2) when its scratch fits on the
    // stack; pubnonces are never infinity when they come from the parser or nonce generation.
    alignas(64) unsigned char scratch[24 * 1024];
    if (batch::msm_scratch_size(2, 0) <= sizeof scratch && !pubnonce[1].infinity) {
        Ge pts[2] = {pubnonce[1], pk};
        Scalar sc[2] = {s.noncecoef, e};
        Ge r1 = pubnonce[0];
        if (s.fin_nonce_parity) {
            scalar_negate(sc[0], sc[0]);
            ge_neg(r1, r1);
        }
        batch::MsmInput in;
        in.full_points = pts;
        in.full_scalars = sc;
        in.n_full = 2;
        in.g = neg_s;
        Gej t;
        batch::msm_var(t, in, scratch, batch::MsmAlgo::Strauss);
        if (!r1.infinity) gej_add_ge_var(t, t, r1);
        return t.infinity;
    }
    Gej rj, pj, t;
    effective_nonce(rj, pubnonce, s.noncecoef);
    gej_set_ge(pj, pk);
    ecmult(t, pj, e, neg_s);
    if (s.fin_nonce_parity) gej_neg(rj, rj);
    gej_add_var(t, t, rj);
    return t.infinity;
}

void partial_sig_agg(unsigned char sig64[64], const Session& s, const Scalar& sum) {
    Scalar total;
    scalar_add(total, s.s_part, sum);
    std::memcpy(sig64, s.fin_nonce, 32);
    scalar_get_b32(sig64 + 32, total);
}

}  // namespace fastsecp::musig
