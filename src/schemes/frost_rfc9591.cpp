// RFC 9591 FROST(secp256k1, SHA-256); see frost_rfc9591.h. Section numbers are the RFC's.
#include "schemes/frost_rfc9591.h"

#include <cstdlib>
#include <cstring>

#include "hash/memclear.h"
#include "schemes/eckey.h"
#include "schemes/frost.h"

namespace fastsecp::frost::rfc9591 {

namespace {

constexpr char CONTEXT[] = "FROST-secp256k1-SHA256-v1";
constexpr size_t CONTEXT_LEN = sizeof CONTEXT - 1;

// hash_to_field(m, 1) with DST = CONTEXT || tag: 48 bytes of expand_message_xmd read big-endian,
// reduced mod n as hi·2^256 + lo with hi < 2^128 (2^256 mod n = 2^256 - n).
void hash_to_scalar(hash::CompressFn fn, Scalar& r, const char* tag, const unsigned char* m, size_t mlen) {
    unsigned char dst[64];
    const size_t taglen = std::strlen(tag);
    std::memcpy(dst, CONTEXT, CONTEXT_LEN);
    std::memcpy(dst + CONTEXT_LEN, tag, taglen);
    unsigned char u[48];
    expand_message_xmd(fn, u, 48, m, mlen, dst, CONTEXT_LEN + taglen);
    unsigned char hi32[32] = {0};
    std::memcpy(hi32 + 16, u, 16);
    Scalar hi, lo, c;
    scalar_set_b32(hi, hi32, nullptr);
    scalar_set_b32(lo, u + 16, nullptr);
    static const unsigned char TWO256_MOD_N[32] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
                                                   0x45, 0x51, 0x23, 0x19, 0x50, 0xb7, 0x5f, 0xc4,
                                                   0x40, 0x2d, 0xa1, 0x73, 0x2f, 0xc9, 0xbe, 0xbf};
    scalar_set_b32(c, TWO256_MOD_N, nullptr);
    scalar_mul(hi, hi, c);
    scalar_add(r, hi, lo);
    hash::memclear(u, sizeof u);
    hash::memclear(hi32, sizeof hi32);
    scalar_clear(hi);
    scalar_clear(lo);
}

void hash_plain(hash::CompressFn fn, unsigned char out32[32], const char* tag, const unsigned char* m, size_t mlen) {
    hash::Sha256 h;
    hash::sha256_init(h, fn);
    hash::sha256_write(h, reinterpret_cast<const unsigned char*>(CONTEXT), CONTEXT_LEN);
    hash::sha256_write(h, reinterpret_cast<const unsigned char*>(tag), std::strlen(tag));
    hash::sha256_write(h, m, mlen);
    hash::sha256_finalize(h, out32);
}

// SerializeElement: compressed (the identity is not serializable; callers never pass it).
void ser(unsigned char out33[33], const Ge& p) { pubkey_serialize33(out33, p); }

void be32(unsigned char out[32], uint32_t v) {
    std::memset(out, 0, 32);
    for (int i = 0; i < 4; i++) out[28 + i] = (unsigned char)(v >> (24 - 8 * i));
}

}  // namespace

void expand_message_xmd(hash::CompressFn fn, unsigned char* out, size_t len, const unsigned char* msg, size_t msglen,
                        const unsigned char* dst, size_t dstlen) {
    const size_t ell = (len + 31) / 32;
    const unsigned char dst_len = (unsigned char)dstlen;
    const unsigned char zpad[64] = {0};
    const unsigned char lib[2] = {(unsigned char)(len >> 8), (unsigned char)len};
    unsigned char b0[32], bi[32];
    hash::Sha256 h;
    hash::sha256_init(h, fn);
    hash::sha256_write(h, zpad, 64);
    hash::sha256_write(h, msg, msglen);
    hash::sha256_write(h, lib, 2);
    const unsigned char zero = 0;
    hash::sha256_write(h, &zero, 1);
    hash::sha256_write(h, dst, dstlen);
    hash::sha256_write(h, &dst_len, 1);
    hash::sha256_finalize(h, b0);
    std::memset(bi, 0, 32);
    for (size_t i = 1; i <= ell; i++) {
        unsigned char in[32];
        for (int j = 0; j < 32; j++) in[j] = (unsigned char)(b0[j] ^ bi[j]);  // b_1 starts from b0 ^ 0
        const unsigned char idx = (unsigned char)i;
        hash::sha256_init(h, fn);
        hash::sha256_write(h, in, 32);
        hash::sha256_write(h, &idx, 1);
        hash::sha256_write(h, dst, dstlen);
        hash::sha256_write(h, &dst_len, 1);
        hash::sha256_finalize(h, bi);
        const size_t take = len - 32 * (i - 1) < 32 ? len - 32 * (i - 1) : 32;
        std::memcpy(out + 32 * (i - 1), bi, take);
    }
    hash::memclear(b0, sizeof b0);
    hash::memclear(bi, sizeof bi);
}

void h1(hash::CompressFn fn, Scalar& r, const unsigned char* m, size_t mlen) { hash_to_scalar(fn, r, "rho", m, mlen); }
void h2(hash::CompressFn fn, Scalar& r, const unsigned char* m, size_t mlen) { hash_to_scalar(fn, r, "chal", m, mlen); }
void h3(hash::CompressFn fn, Scalar& r, const unsigned char* m, size_t mlen) { hash_to_scalar(fn, r, "nonce", m, mlen); }
void h4(hash::CompressFn fn, unsigned char out32[32], const unsigned char* m, size_t mlen) { hash_plain(fn, out32, "msg", m, mlen); }
void h5(hash::CompressFn fn, unsigned char out32[32], const unsigned char* m, size_t mlen) { hash_plain(fn, out32, "com", m, mlen); }

void nonce_generate(hash::CompressFn fn, Scalar& nonce, const unsigned char random32[32], const Scalar& secret) {
    unsigned char buf[64];
    std::memcpy(buf, random32, 32);
    scalar_get_b32(buf + 32, secret);
    h3(fn, nonce, buf, 64);
    hash::memclear(buf, sizeof buf);
}

bool binding_factors(hash::CompressFn fn, Scalar* rho, const Commitment* list, size_t n, const Ge& group_pk,
                     const unsigned char* msg, size_t msglen) {
    // rho_input_prefix = SerializeElement(PK) || H4(msg) || H5(encode_group_commitment_list(list)).
    unsigned char prefix[33 + 32 + 32 + 32];
    ser(prefix, group_pk);
    h4(fn, prefix + 33, msg, msglen);
    // H5 over the list, streamed: SerializeScalar(id) || hiding || binding per entry.
    hash::Sha256 h;
    hash::sha256_init(h, fn);
    hash::sha256_write(h, reinterpret_cast<const unsigned char*>(CONTEXT), CONTEXT_LEN);
    hash::sha256_write(h, reinterpret_cast<const unsigned char*>("com"), 3);
    for (size_t i = 0; i < n; i++) {
        unsigned char e[32 + 33 + 33];
        be32(e, list[i].id);
        ser(e + 32, list[i].hiding);
        ser(e + 65, list[i].binding);
        hash::sha256_write(h, e, sizeof e);
    }
    hash::sha256_finalize(h, prefix + 65);
    for (size_t i = 0; i < n; i++) {
        be32(prefix + 97, list[i].id);
        h1(fn, rho[i], prefix, sizeof prefix);
    }
    return true;
}

bool group_commitment(Ge& r, const Commitment* list, const Scalar* rho, size_t n) {
    Gej acc;
    gej_set_infinity(acc);
    for (size_t i = 0; i < n; i++) {
        Gej t, b;
        Scalar zero;
        scalar_set_int(zero, 0);
        gej_set_ge(b, list[i].binding);
        ecmult(t, b, rho[i], zero);
        gej_add_ge_var(t, t, list[i].hiding);
        gej_add_var(acc, acc, t);
    }
    if (acc.infinity) return false;
    ge_set_gej_var(r, acc);
    fe_normalize(r.x);
    fe_normalize(r.y);
    return true;
}

void challenge(hash::CompressFn fn, Scalar& c, const Ge& r, const Ge& group_pk, const unsigned char* msg, size_t msglen) {
    unsigned char* buf = static_cast<unsigned char*>(std::malloc(66 + msglen));
    unsigned char stack[66 + 256];
    unsigned char* b = msglen <= 256 ? stack : buf;
    ser(b, r);
    ser(b + 33, group_pk);
    if (msglen) std::memcpy(b + 66, msg, msglen);
    h2(fn, c, b, 66 + msglen);
    std::free(buf);
}

void lagrange_coef(Scalar& lambda, const Commitment* list, size_t n, uint32_t id) {
    Scalar num, den, mine;
    scalar_set_int(num, 1);
    scalar_set_int(den, 1);
    scalar_set_int(mine, id);
    scalar_negate(mine, mine);
    for (size_t j = 0; j < n; j++) {
        if (list[j].id == id) continue;
        Scalar x, d;
        scalar_set_int(x, list[j].id);
        scalar_mul(num, num, x);
        scalar_add(d, x, mine);
        scalar_mul(den, den, d);
    }
    scalar_inverse_var(den, den);
    scalar_mul(lambda, num, den);
}

void sign_share(Scalar& z, const Scalar& hiding_nonce, const Scalar& binding_nonce, const Scalar& share,
                const Scalar& rho, const Scalar& lambda, const Scalar& c) {
    Scalar a, b;
    scalar_mul(a, binding_nonce, rho);
    scalar_mul(b, lambda, share);
    scalar_mul(b, b, c);
    scalar_add(z, hiding_nonce, a);
    scalar_add(z, z, b);
    scalar_clear(a);
    scalar_clear(b);
}

bool verify_share(const Scalar& z, const Commitment& com, const Scalar& rho, const Scalar& lambda, const Scalar& c,
                  const Ge& pk_share) {
    // z·G - (c·λ)·PK_i - rho·binding - hiding == identity.
    Scalar cl, nz, zero;
    scalar_mul(cl, c, lambda);
    scalar_negate(nz, z);
    scalar_set_int(zero, 0);
    Gej t, p, b;
    gej_set_ge(p, pk_share);
    ecmult(t, p, cl, nz);  // c·λ·PK - z·G
    gej_set_ge(b, com.binding);
    Gej u;
    ecmult(u, b, rho, zero);
    gej_add_var(t, t, u);
    gej_add_ge_var(t, t, com.hiding);
    return t.infinity;
}

void signature_encode(unsigned char sig65[65], const Ge& r, const Scalar& z) {
    ser(sig65, r);
    scalar_get_b32(sig65 + 33, z);
}

bool verify(hash::CompressFn fn, const unsigned char sig65[65], const Ge& group_pk, const unsigned char* msg,
            size_t msglen) {
    Ge r;
    if ((sig65[0] != 0x02 && sig65[0] != 0x03) || !pubkey_parse(r, sig65, 33)) return false;
    Scalar z, c;
    int overflow = 0;
    scalar_set_b32(z, sig65 + 33, &overflow);
    if (overflow) return false;
    challenge(fn, c, r, group_pk, msg, msglen);
    // c·PK - z·G + R == identity.
    Scalar nz;
    scalar_negate(nz, z);
    Gej t, p;
    gej_set_ge(p, group_pk);
    ecmult(t, p, c, nz);
    gej_add_ge_var(t, t, r);
    return t.infinity;
}

void vss_commit(Ge* commitment, const Scalar* coef, uint32_t t) {
    GenBlind blind;
    gen_blind_default(blind);
    for (uint32_t j = 0; j < t; j++) {
        Gej cj;
        ecmult_gen(blind, cj, coef[j]);
        ge_set_gej(commitment[j], cj);
        fe_normalize(commitment[j].x);
        fe_normalize(commitment[j].y);
    }
}

bool vss_eval(Gej& out, uint32_t id, const Ge* commitment, uint32_t t) {
    // sum_j C_j·id^j.
    gej_set_infinity(out);
    Scalar x, xp, zero;
    scalar_set_int(x, id);
    scalar_set_int(xp, 1);
    scalar_set_int(zero, 0);
    for (uint32_t j = 0; j < t; j++) {
        Gej cj, term;
        gej_set_ge(cj, commitment[j]);
        ecmult(term, cj, xp, zero);
        gej_add_var(out, out, term);
        scalar_mul(xp, xp, x);
    }
    return !out.infinity;
}

bool vss_verify(uint32_t id, const Scalar& share, const Ge* commitment, uint32_t t) {
    // sum_j C_j·id^j - share·G == identity.
    Gej acc;
    vss_eval(acc, id, commitment, t);
    Scalar ns;
    scalar_negate(ns, share);
    Gej g;
    ecmult_gen_var(g, ns);
    gej_add_var(acc, acc, g);
    return acc.infinity;
}

}  // namespace fastsecp::frost::rfc9591
