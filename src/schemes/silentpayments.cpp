// BIP-352 building blocks (see silentpayments.h for the formulas).
#include "schemes/silentpayments.h"

#include "hash/memclear.h"
#include "schemes/eckey.h"
#include "rt/bytes.h"

namespace fastsecp::silentpayments {

namespace {

void write_be32(unsigned char out[4], uint32_t v) { rt::store_be32(out, v); }

// A 32-byte hash as a scalar that must be in [1, n-1].
bool scalar_from_hash(Scalar& r, const unsigned char hash32[32]) {
    int overflow = 0;
    scalar_set_b32(r, hash32, &overflow);
    return (!overflow) & (!scalar_is_zero(r));
}

}  // namespace

bool input_hash(Scalar& out, const unsigned char outpoint36[36], const Ge& a_sum, hash::CompressFn fn) {
    unsigned char ser[33], digest[32];
    pubkey_serialize33(ser, a_sum);
    hash::Sha256 h;
    hash::sha256_tagged_init(h, hash::Tag::BIP352Inputs, fn);
    hash::sha256_write(h, outpoint36, 36);
    hash::sha256_write(h, ser, sizeof ser);
    hash::sha256_finalize(h, digest);
    return scalar_from_hash(out, digest);
}

void shared_secret_point(Gej& s, const Ge& p, const Scalar& secret) { ecmult_const(s, p, secret); }

void shared_secret_serialize(unsigned char out33[33], const Ge& s) {
    Fe x = s.x, y = s.y;
    fe_normalize(x);
    fe_normalize(y);
    out33[0] = (unsigned char)(0x02 | (unsigned)fe_is_odd(y));
    fe_get_b32(out33 + 1, x);
    hash::memclear(&x, sizeof x);
    hash::memclear(&y, sizeof y);
}

void shared_secret(unsigned char out33[33], const Ge& p, const Scalar& secret) {
    Gej sj;
    Ge s;
    shared_secret_point(sj, p, secret);
    ge_set_gej(s, sj);
    shared_secret_serialize(out33, s);
    // S identifies the payment: keep no copy of it beyond the caller's buffer.
    hash::memclear(&sj, sizeof sj);
    hash::memclear(&s, sizeof s);
}

void output_tweak_hash(unsigned char out32[32], const unsigned char ss33[33], uint32_t k, hash::CompressFn fn) {
    unsigned char kbytes[4];
    write_be32(kbytes, k);
    hash::Sha256 h;
    hash::sha256_tagged_init(h, hash::Tag::BIP352SharedSecret, fn);
    hash::sha256_write(h, ss33, 33);
    hash::sha256_write(h, kbytes, sizeof kbytes);
    hash::sha256_finalize(h, out32);  // also wipes h
}

bool output_tweak_scalar(Scalar& t_k, const unsigned char hash32[32]) { return scalar_from_hash(t_k, hash32); }

bool output_point_var(Gej& out, const Ge& spend, const Scalar& t_k) {
    ecmult_gen_var(out, t_k);
    gej_add_ge_var(out, out, spend);
    return !out.infinity;
}

bool output_xonly_var(Ge& out, const Ge& spend, const Scalar& t_k) {
    Gej j;
    if (!output_point_var(j, spend, t_k)) return false;
    ge_set_gej_var(out, j);
    fe_normalize_var(out.x);
    fe_normalize_var(out.y);
    if (fe_is_odd(out.y)) {
        fe_negate(out.y, out.y, 1);
        fe_normalize_var(out.y);
    }
    return true;
}

void label_tweak(unsigned char out32[32], const unsigned char scan_key32[32], uint32_t m, hash::CompressFn fn) {
    unsigned char mbytes[4];
    write_be32(mbytes, m);
    hash::Sha256 h;
    hash::sha256_tagged_init(h, hash::Tag::BIP352Label, fn);
    hash::sha256_write(h, scan_key32, 32);
    hash::sha256_write(h, mbytes, sizeof mbytes);
    hash::sha256_finalize(h, out32);
}

}  // namespace fastsecp::silentpayments
