// ECDSA adaptor signatures (see ecdsa_adaptor.h).
#include "schemes/ecdsa_adaptor.h"

#include <cstring>

#include "hash/memclear.h"
#include "schemes/eckey.h"
#include "schemes/schnorr.h"
#include "schemes/silentpayments.h"

namespace fastsecp::ecdsa_adaptor {

const unsigned char ALGO_NONCE[16] = {'E', 'C', 'D', 'S', 'A', 'a', 'd', 'a', 'p', 't', 'o', 'r', '/', 'n', 'o', 'n'};
const unsigned char ALGO_DLEQ[4] = {'D', 'L', 'E', 'Q'};

namespace {

constexpr const char* TAG_AUX = "ECDSAadaptor/aux";

// cbytes in constant time (points derived from secret nonces before they are published).
void cbytes_ct(unsigned char out33[33], const Ge& p) { silentpayments::shared_secret_serialize(out33, p); }

// k from the nonce source (1 when the source fails or gives 0; the result says which), and the
// encodings of k·G and k·Y. Constant time in the key and the nonce.
bool nonce_points(Scalar& k, unsigned char kg33[33], unsigned char ky33[33], const GenBlind& blind, const Ge& Y,
                  const NonceSource& nonce, const unsigned char* msg32, const unsigned char* key32,
                  const unsigned char y33[33], const unsigned char* algo, std::size_t algolen) {
    unsigned char n32[32];
    bool ok = nonce.fn(nonce.self, n32, msg32, key32, y33, algo, algolen);
    scalar_set_b32(k, n32, nullptr);
    ok &= !scalar_is_zero(k);
    Scalar one;
    scalar_set_int(one, 1);
    scalar_cmov(k, one, (uint64_t)!ok);
    Gej gj, yj;
    Ge g, y;
    ecmult_gen(blind, gj, k);
    ecmult_const(yj, Y, k);
    ge_set_gej(g, gj);
    ge_set_gej(y, yj);
    cbytes_ct(kg33, g);
    cbytes_ct(ky33, y);
    hash::memclear(n32, sizeof n32);
    hash::memclear(&gj, sizeof gj);
    hash::memclear(&yj, sizeof yj);
    return ok;
}

// e = tagged_hash("DLEQ", P1 || gen2 || P2 || R1 || R2) mod n.
void dleq_challenge(Scalar& e, const unsigned char p1[33], const unsigned char gen2[33], const unsigned char p2[33],
                    const unsigned char r1[33], const unsigned char r2[33], hash::CompressFn fn) {
    hash::Sha256 h;
    hash::sha256_tagged_init(h, ALGO_DLEQ, sizeof ALGO_DLEQ, fn);
    const unsigned char* parts[5] = {p1, gen2, p2, r1, r2};
    for (const unsigned char* q : parts) hash::sha256_write(h, q, 33);
    unsigned char out[32];
    hash::sha256_finalize(h, out);
    scalar_set_b32(e, out, nullptr);
}

// Proof that P1 = k·G and P2 = k·Y (Y = gen2). The proof's nonce comes from the nonce source
// with msg = SHA256(P1 || P2), key = k, pk = Y, algo "DLEQ". Constant time in k.
bool dleq_prove(Scalar& e, Scalar& s, const GenBlind& blind, const Scalar& k, const unsigned char p1[33],
                const Ge& Y, const unsigned char y33[33], const unsigned char p2[33], const NonceSource& nonce,
                hash::CompressFn fn) {
    unsigned char buf[32], k32[32];
    hash::Sha256 h;
    hash::sha256_init(h, fn);
    hash::sha256_write(h, p1, 33);
    hash::sha256_write(h, p2, 33);
    hash::sha256_finalize(h, buf);
    scalar_get_b32(k32, k);
    Scalar k2;
    unsigned char r1_33[33], r2_33[33];
    bool ok = nonce_points(k2, r1_33, r2_33, blind, Y, nonce, buf, k32, y33, ALGO_DLEQ, sizeof ALGO_DLEQ);
    dleq_challenge(e, p1, y33, p2, r1_33, r2_33, fn);
    scalar_mul(s, e, k);
    scalar_add(s, s, k2);
    scalar_clear(k2);
    hash::memclear(k32, sizeof k32);
    return ok;
}

bool dleq_verify_var(const Scalar& e, const Scalar& s, const Ge& P1, const Ge& Y, const Ge& P2, hash::CompressFn fn) {
    Scalar neg_e, zero;
    scalar_negate(neg_e, e);
    scalar_set_int(zero, 0);
    Gej p1j, p2j, yj, r1j, r2j, t;
    gej_set_ge(p1j, P1);
    gej_set_ge(p2j, P2);
    gej_set_ge(yj, Y);
    ecmult(r1j, p1j, neg_e, s);      // s·G - e·P1
    ecmult(t, p2j, neg_e, zero);     // -e·P2
    ecmult(r2j, yj, s, zero);        // s·Y
    gej_add_var(r2j, r2j, t);
    if (r1j.infinity || r2j.infinity) return false;
    Ge r1, r2;
    ge_set_gej_var(r1, r1j);
    ge_set_gej_var(r2, r2j);
    unsigned char p1_33[33], y33[33], p2_33[33], r1_33[33], r2_33[33];
    pubkey_serialize33(p1_33, P1);
    pubkey_serialize33(y33, Y);
    pubkey_serialize33(p2_33, P2);
    pubkey_serialize33(r1_33, r1);
    pubkey_serialize33(r2_33, r2);
    Scalar want;
    dleq_challenge(want, p1_33, y33, p2_33, r1_33, r2_33, fn);
    return scalar_eq(want, e);
}

}  // namespace

void nonce_hash(unsigned char nonce32[32], const unsigned char* msg32, const unsigned char* key32,
                const unsigned char* pk33, const unsigned char* algo, std::size_t algolen, const unsigned char* aux32,
                hash::CompressFn fn) {
    unsigned char masked[32];
    if (aux32)
        nonce_masked_key(fn, masked, key32, TAG_AUX, aux32);
    else
        std::memcpy(masked, key32, 32);
    hash::Sha256 h;
    hash::sha256_tagged_init(h, algo, algolen, fn);
    hash::sha256_write(h, masked, 32);
    hash::sha256_write(h, pk33, 33);
    hash::sha256_write(h, msg32, 32);
    hash::sha256_finalize(h, nonce32);
    hash::memclear(masked, sizeof masked);
    hash::memclear(&h, sizeof h);
}

bool encrypt(unsigned char sig162[162], const GenBlind& blind, const unsigned char seckey32[32], const Ge& Y,
             const unsigned char msg32[32], const NonceSource& nonce, hash::CompressFn fn) {
    unsigned char y33[33];
    pubkey_serialize33(y33, Y);  // Y is public
    Scalar k, one;
    scalar_set_int(one, 1);
    unsigned char r33[33], rp33[33];  // R = k·Y, R' = k·G
    bool ok = nonce_points(k, rp33, r33, blind, Y, nonce, msg32, seckey32, y33, ALGO_NONCE, sizeof ALGO_NONCE);
    Scalar e, s;
    bool dleq_ok = dleq_prove(e, s, blind, k, rp33, Y, y33, r33, nonce, fn);

    Scalar x, m, r, sp, t;
    ok &= scalar_set_b32_seckey(x, seckey32);
    scalar_cmov(x, one, (uint64_t)!ok);
    scalar_set_b32(m, msg32, nullptr);
    scalar_set_b32(r, r33 + 1, nullptr);
    ok &= !scalar_is_zero(r);
    scalar_mul(t, r, x);
    scalar_add(t, t, m);
    scalar_inverse(sp, k);
    scalar_mul(sp, sp, t);
    ok &= !scalar_is_zero(sp);
    ok &= dleq_ok;

    std::memcpy(sig162, r33, 33);
    std::memcpy(sig162 + 33, rp33, 33);
    scalar_get_b32(sig162 + 66, sp);
    scalar_get_b32(sig162 + 98, e);
    scalar_get_b32(sig162 + 130, s);
    unsigned char mask = (unsigned char)(0 - (unsigned)!ok);
    for (int i = 0; i < 162; i++) sig162[i] &= (unsigned char)~mask;

    scalar_clear(k);
    scalar_clear(x);
    scalar_clear(t);
    return ok;
}

bool parse_r_sp(Scalar& r, Scalar& sp, const unsigned char sig162[162]) {
    scalar_set_b32(r, sig162 + 1, nullptr);
    bool ok = !scalar_is_zero(r);
    ok &= scalar_set_b32_seckey(sp, sig162 + 66);
    return ok;
}

bool parse_var(Parsed& p, const unsigned char sig162[162]) {
    if (!pubkey_parse(p.R, sig162, 33)) return false;
    if (!parse_r_sp(p.r, p.sp, sig162)) return false;
    if (!pubkey_parse(p.Rp, sig162 + 33, 33)) return false;
    scalar_set_b32(p.e, sig162 + 98, nullptr);
    int overflow = 0;
    scalar_set_b32(p.s, sig162 + 130, &overflow);
    return !overflow;
}

bool verify_var(const unsigned char sig162[162], const Ge& X, const unsigned char msg32[32], const Ge& Y,
                hash::CompressFn fn) {
    Parsed p;
    if (!parse_var(p, sig162)) return false;
    if (!dleq_verify_var(p.e, p.s, p.Rp, Y, p.R, fn)) return false;
    Scalar m, w, u1, u2;
    scalar_set_b32(m, msg32, nullptr);
    scalar_inverse_var(w, p.sp);
    scalar_mul(u1, w, m);
    scalar_mul(u2, w, p.r);
    Gej xj, d;
    gej_set_ge(xj, X);
    ecmult(d, xj, u2, u1);
    if (d.infinity) return false;
    gej_neg(d, d);
    gej_add_ge_var(d, d, p.Rp);
    return d.infinity != 0;
}

bool decrypt(Scalar& r, Scalar& s, const unsigned char deckey32[32], const unsigned char sig162[162]) {
    Scalar y, sp;
    int overflow = 0;
    scalar_set_b32(y, deckey32, &overflow);
    bool ok = !overflow;
    ok &= parse_r_sp(r, sp, sig162);
    ok &= !scalar_is_zero(y);
    scalar_inverse(s, y);
    scalar_mul(s, s, sp);
    scalar_cond_negate(s, (uint64_t)scalar_is_high(s));
    scalar_clear(y);
    scalar_clear(sp);
    return ok;
}

}  // namespace fastsecp::ecdsa_adaptor
