// BIP-374 DLEQ proofs (see dleq.h for the formulas).
#include "schemes/dleq.h"

#include <cstring>

#include "hash/memclear.h"
#include "schemes/silentpayments.h"

namespace fastsecp::dleq {

namespace {

constexpr char TAG_AUX[] = "BIP0374/aux";
constexpr char TAG_NONCE[] = "BIP0374/nonce";
constexpr char TAG_CHALLENGE[] = "BIP0374/challenge";

void tagged(hash::Sha256& h, const char* tag, hash::CompressFn fn) {
    hash::sha256_tagged_init(h, reinterpret_cast<const unsigned char*>(tag), std::strlen(tag), fn);
}

// cbytes of an affine point, constant time (the points of a proof in the making derive from
// secrets until the proof is out).
void cbytes(unsigned char out33[33], const Ge& p) { silentpayments::shared_secret_serialize(out33, p); }

void to_affine_ct(Ge& r, const Gej& a) { ge_set_gej(r, a); }

// e's 32 bytes: the challenge hash of the serialized points.
void challenge(unsigned char e32[32], const unsigned char A[33], const unsigned char B[33], const unsigned char C[33],
               const unsigned char G[33], const unsigned char R1[33], const unsigned char R2[33],
               const unsigned char* m32, hash::CompressFn fn) {
    hash::Sha256 h;
    tagged(h, TAG_CHALLENGE, fn);
    const unsigned char* points[6] = {A, B, C, G, R1, R2};
    for (const unsigned char* p : points) hash::sha256_write(h, p, 33);
    if (m32) hash::sha256_write(h, m32, 32);
    hash::sha256_finalize(h, e32);
}

// s·P - e·Q (variable time); P the generator when p_is_generator.
void lincomb_var(Gej& r, const Ge& P, bool p_is_generator, const Scalar& s, const Ge& Q, const Scalar& e) {
    Scalar neg_e, zero;
    scalar_negate(neg_e, e);
    scalar_set_int(zero, 0);
    Gej q;
    gej_set_ge(q, Q);
    if (p_is_generator) {
        ecmult(r, q, neg_e, s);
        return;
    }
    Gej p, sp, eq;
    gej_set_ge(p, P);
    ecmult(sp, p, s, zero);
    ecmult(eq, q, neg_e, zero);
    gej_add_var(r, sp, eq);
}

}  // namespace

bool verify_var(const unsigned char proof64[64], const Ge& G, bool g_is_generator, const Ge& A, const Ge& B,
                const Ge& C, const unsigned char* m32, hash::CompressFn fn) {
    Scalar e, s;
    int overflow = 0;
    scalar_set_b32(e, proof64, nullptr);  // e is a 256-bit integer; e·A uses it mod n
    scalar_set_b32(s, proof64 + 32, &overflow);
    if (overflow) return false;
    Gej r1j, r2j;
    lincomb_var(r1j, G, g_is_generator, s, A, e);
    if (r1j.infinity) return false;
    lincomb_var(r2j, B, false, s, C, e);
    if (r2j.infinity) return false;
    Ge r1, r2;
    ge_set_gej_var(r1, r1j);
    ge_set_gej_var(r2, r2j);
    unsigned char a33[33], b33[33], c33[33], g33[33], r1_33[33], r2_33[33], e32[32];
    cbytes(a33, A);
    cbytes(b33, B);
    cbytes(c33, C);
    cbytes(g33, G);
    cbytes(r1_33, r1);
    cbytes(r2_33, r2);
    challenge(e32, a33, b33, c33, g33, r1_33, r2_33, m32, fn);
    return std::memcmp(e32, proof64, 32) == 0;
}

bool prove(unsigned char proof64[64], const GenBlind& blind, const Scalar& a, const Ge& G, bool g_is_generator,
           const Ge& B, const unsigned char r32[32], const unsigned char* m32, hash::CompressFn fn) {
    Gej aj, cj, r1j, r2j;
    Ge A, C, R1, R2;
    if (g_is_generator) ecmult_gen(blind, aj, a);
    else ecmult_const(aj, G, a);
    ecmult_const(cj, B, a);
    to_affine_ct(A, aj);
    to_affine_ct(C, cj);
    unsigned char a33[33], b33[33], c33[33], g33[33], r1_33[33], r2_33[33];
    cbytes(a33, A);
    cbytes(b33, B);
    cbytes(c33, C);
    cbytes(g33, G);

    // t = a xor hash_aux(r); the nonce from t, A, C and the message.
    unsigned char t[32], buf[32];
    hash::Sha256 h;
    tagged(h, TAG_AUX, fn);
    hash::sha256_write(h, r32, 32);
    hash::sha256_finalize(h, buf);
    scalar_get_b32(t, a);
    for (int i = 0; i < 32; i++) t[i] ^= buf[i];
    tagged(h, TAG_NONCE, fn);
    hash::sha256_write(h, t, 32);
    hash::sha256_write(h, a33, 33);
    hash::sha256_write(h, c33, 33);
    if (m32) hash::sha256_write(h, m32, 32);
    hash::sha256_finalize(h, buf);
    Scalar k;
    scalar_set_b32(k, buf, nullptr);  // mod n
    bool ok = !scalar_is_zero(k);
    // k = 0 only for a hash that is a multiple of n: use 1 to keep the path uniform, and fail.
    Scalar one;
    scalar_set_int(one, 1);
    scalar_cmov(k, one, (uint64_t)!ok);

    if (g_is_generator) ecmult_gen(blind, r1j, k);
    else ecmult_const(r1j, G, k);
    ecmult_const(r2j, B, k);
    to_affine_ct(R1, r1j);
    to_affine_ct(R2, r2j);
    cbytes(r1_33, R1);
    cbytes(r2_33, R2);
    unsigned char e32[32];
    challenge(e32, a33, b33, c33, g33, r1_33, r2_33, m32, fn);
    Scalar e, s;
    scalar_set_b32(e, e32, nullptr);
    scalar_mul(s, e, a);
    scalar_add(s, s, k);
    std::memcpy(proof64, e32, 32);
    scalar_get_b32(proof64 + 32, s);

    hash::memclear(t, sizeof t);
    hash::memclear(buf, sizeof buf);
    hash::memclear(&h, sizeof h);
    scalar_clear(k);
    hash::memclear(&r1j, sizeof r1j);
    hash::memclear(&r2j, sizeof r2j);
    return ok;
}

}  // namespace fastsecp::dleq
