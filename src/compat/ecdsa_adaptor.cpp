// secp256k1_ecdsa_adaptor.h (secp256k1-zkp's API) on schemes/ecdsa_adaptor: argument checks,
// the nonce-function plumbing, and recovery's final comparison.
#if defined(ENABLE_MODULE_ECDSA_ADAPTOR)
#include <secp256k1_ecdsa_adaptor.h>

#include <cstring>

#include "compat/context.h"
#include "compat/ecdsa_sign.h"
#include "hash/memclear.h"
#include "schemes/ecdsa_adaptor.h"
#include "schemes/eckey.h"

using namespace fastsecp;
using namespace fastsecp::compat;

namespace {

int default_nonce(unsigned char* nonce32, const unsigned char* msg32, const unsigned char* key32,
                  const unsigned char* pk33, const unsigned char* algo, size_t algolen, void* data) {
    if (algo == nullptr) return 0;
    ecdsa_adaptor::nonce_hash(nonce32, msg32, key32, pk33, algo, algolen, static_cast<const unsigned char*>(data),
                              nullptr);
    return 1;
}

struct Nonce {
    secp256k1_nonce_function_hardened_ecdsa_adaptor fp;
    void* ndata;
    hash::CompressFn sha;
};

bool call_nonce(void* self, unsigned char nonce32[32], const unsigned char* msg32, const unsigned char* key32,
                const unsigned char* pk33, const unsigned char* algo, size_t algolen) {
    const Nonce& n = *static_cast<const Nonce*>(self);
    if (n.fp == default_nonce) {
        ecdsa_adaptor::nonce_hash(nonce32, msg32, key32, pk33, algo, algolen, static_cast<const unsigned char*>(n.ndata),
                                  n.sha);
        return true;
    }
    return n.fp(nonce32, msg32, key32, pk33, algo, algolen, n.ndata) != 0;
}

}  // namespace

extern "C" {

const secp256k1_nonce_function_hardened_ecdsa_adaptor secp256k1_nonce_function_ecdsa_adaptor = default_nonce;

int secp256k1_ecdsa_adaptor_encrypt(const secp256k1_context* ctx, unsigned char* adaptor_sig162, unsigned char* seckey32,
                                    const secp256k1_pubkey* enckey, const unsigned char* msg32,
                                    secp256k1_nonce_function_hardened_ecdsa_adaptor noncefp, void* ndata) {
    ARG_CHECK_GEN_BUILT();
    ARG_CHECK(adaptor_sig162 != NULL);
    ARG_CHECK(seckey32 != NULL);
    ARG_CHECK(enckey != NULL);
    ARG_CHECK(msg32 != NULL);
    Ge Y;
    if (!pubkey_load(ctx, Y, enckey)) return 0;
    Nonce n{noncefp ? noncefp : default_nonce, ndata, sha_of(ctx)};
    ecdsa_adaptor::NonceSource src{call_nonce, &n};
    int ret = ecdsa_adaptor::encrypt(adaptor_sig162, ctx->gen_blind, seckey32, Y, msg32, src, sha_of(ctx));
    declassify(ctx, &ret, sizeof ret);
    declassify(ctx, adaptor_sig162, 162);
    return ret;
}

int secp256k1_ecdsa_adaptor_verify(const secp256k1_context* ctx, const unsigned char* adaptor_sig162,
                                   const secp256k1_pubkey* pubkey, const unsigned char* msg32,
                                   const secp256k1_pubkey* enckey) {
    ARG_CHECK(adaptor_sig162 != NULL);
    ARG_CHECK(pubkey != NULL);
    ARG_CHECK(msg32 != NULL);
    ARG_CHECK(enckey != NULL);
    ecdsa_adaptor::Parsed p;
    if (!ecdsa_adaptor::parse_var(p, adaptor_sig162)) return 0;
    Ge Y, X;
    if (!pubkey_load(ctx, Y, enckey)) return 0;
    if (!pubkey_load(ctx, X, pubkey)) return 0;
    return ecdsa_adaptor::verify_var(adaptor_sig162, X, msg32, Y, sha_of(ctx));
}

int secp256k1_ecdsa_adaptor_decrypt(const secp256k1_context* ctx, secp256k1_ecdsa_signature* sig,
                                    const unsigned char* deckey32, const unsigned char* adaptor_sig162) {
    ARG_CHECK(sig != NULL);
    ARG_CHECK(deckey32 != NULL);
    ARG_CHECK(adaptor_sig162 != NULL);
    Scalar r, s;
    int ret = ecdsa_adaptor::decrypt(r, s, deckey32, adaptor_sig162);
    sig_save(sig->data, r, s);
    memczero(sig->data, 64, !ret);
    scalar_clear(s);
    return ret;
}

int secp256k1_ecdsa_adaptor_recover(const secp256k1_context* ctx, unsigned char* deckey32,
                                    const secp256k1_ecdsa_signature* sig, const unsigned char* adaptor_sig162,
                                    const secp256k1_pubkey* enckey) {
    ARG_CHECK_GEN_BUILT();
    ARG_CHECK(deckey32 != NULL);
    ARG_CHECK(sig != NULL);
    ARG_CHECK(adaptor_sig162 != NULL);
    ARG_CHECK(enckey != NULL);
    Scalar ar, sp;
    if (!ecdsa_adaptor::parse_r_sp(ar, sp, adaptor_sig162)) return 0;
    Scalar r, s;
    sig_load(r, s, sig->data);
    int ret = scalar_eq(ar, r);  // not some unrelated signature
    ret &= !scalar_is_zero(s);
    // y = s^-1·s' (the decrypted signature may have been negated to low-s: then -y).
    Scalar y;
    scalar_inverse(y, s);
    scalar_mul(y, y, sp);
    Gej yj;
    Ge Yx;
    ecmult_gen(ctx->gen_blind, yj, y);
    ge_set_gej(Yx, yj);
    declassify(ctx, &Yx, sizeof Yx);  // a public key, compared with enckey
    Ge Y;
    if (!pubkey_load(ctx, Y, enckey)) return 0;
    unsigned char want[33], got[33];
    pubkey_serialize33(want, Yx);
    pubkey_serialize33(got, Y);
    if (std::memcmp(want + 1, got + 1, 32) != 0) {
        scalar_clear(y);
        return 0;
    }
    if (want[0] != got[0]) scalar_negate(y, y);
    scalar_get_b32(deckey32, y);
    scalar_clear(y);
    scalar_clear(sp);
    scalar_clear(s);
    return ret;
}

}  // extern "C"

#endif  // ENABLE_MODULE_ECDSA_ADAPTOR
