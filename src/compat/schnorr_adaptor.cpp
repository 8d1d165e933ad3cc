// secp256k1_schnorr_adaptor.h (the schnorr_adaptor module proposed for secp256k1-zkp) on
// schemes/schnorr_adaptor: argument checks, key loading and the constant-time test's markers.
#if defined(ENABLE_MODULE_SCHNORR_ADAPTOR)
#include <secp256k1_schnorr_adaptor.h>

#include "compat/extrakeys.h"
#include "hash/memclear.h"
#include "schemes/eckey.h"
#include "schemes/schnorr_adaptor.h"

using namespace fastsecp;
using namespace fastsecp::compat;

namespace {

int default_nonce(unsigned char* nonce32, const unsigned char* msg32, const unsigned char* key32,
                  const unsigned char* adaptor33, const unsigned char* xonly_pk32, const unsigned char* algo,
                  size_t algolen, void* data) {
    if (algo == nullptr) return 0;
    schnorr_adaptor::nonce_hash(nonce32, msg32, key32, adaptor33, xonly_pk32, algo, algolen,
                                static_cast<const unsigned char*>(data), nullptr);
    return 1;
}

// R = k·G is public once computed (R' - T): declassified for the valgrind test, as the
// schnorrsig module does with its R.
void publish_point(const void* p, size_t len, const void* ctx) {
    declassify(static_cast<const secp256k1_context*>(ctx), p, len);
}

}  // namespace

extern "C" {

const secp256k1_nonce_function_hardened_schnorr_adaptor secp256k1_nonce_function_schnorr_adaptor = default_nonce;

int secp256k1_schnorr_adaptor_presign(const secp256k1_context* ctx, unsigned char* pre_sig65, const unsigned char* msg32,
                                      const secp256k1_keypair* keypair, const secp256k1_pubkey* adaptor,
                                      const unsigned char* aux_rand32) {
    ARG_CHECK_GEN_BUILT();
    ARG_CHECK(pre_sig65 != NULL);
    ARG_CHECK(msg32 != NULL);
    ARG_CHECK(keypair != NULL);
    ARG_CHECK(adaptor != NULL);
    Ge T;
    if (!pubkey_load(ctx, T, adaptor)) return 0;
    unsigned char t33[33];
    pubkey_serialize33(t33, T);  // public
    Scalar sk;
    Ge pk;
    int ret = keypair_load(ctx, &sk, pk, keypair);
    // Sign for the x-only key: -sk when the full key has odd y.
    fe_normalize_var(pk.y);
    if (fe_is_odd(pk.y)) scalar_negate(sk, sk);
    unsigned char seckey[32], pk32[32], nonce32[32];
    scalar_get_b32(seckey, sk);
    fe_normalize_var(pk.x);
    fe_get_b32(pk32, pk.x);
    schnorr_adaptor::nonce_hash(nonce32, msg32, seckey, t33, pk32, schnorr_adaptor::ALGO_NONCE,
                                sizeof schnorr_adaptor::ALGO_NONCE, aux_rand32, sha_of(ctx));
    ret = schnorr_adaptor::presign_core(ctx->gen_blind, sha_of(ctx), pre_sig65, msg32, sk, pk32, T, nonce32, ret,
                                        publish_point, ctx);
    declassify(ctx, &ret, sizeof ret);
    declassify(ctx, pre_sig65, 65);
    scalar_clear(sk);
    hash::memclear(seckey, sizeof seckey);
    hash::memclear(nonce32, sizeof nonce32);
    return ret;
}

int secp256k1_schnorr_adaptor_extract(const secp256k1_context* ctx, secp256k1_pubkey* adaptor,
                                      const unsigned char* pre_sig65, const unsigned char* msg32,
                                      const secp256k1_xonly_pubkey* pubkey) {
    ARG_CHECK(adaptor != NULL);
    ARG_CHECK(pre_sig65 != NULL);
    ARG_CHECK(msg32 != NULL);
    ARG_CHECK(pubkey != NULL);
    Ge P;
    if (!xonly_load(ctx, P, pubkey)) return 0;
    unsigned char pk32[32];
    fe_normalize_var(P.x);
    fe_get_b32(pk32, P.x);
    Ge T;
    if (!schnorr_adaptor::extract_var(T, pre_sig65, msg32, P, pk32, sha_of(ctx))) return 0;
    pubkey_save(adaptor, T);
    return 1;
}

int secp256k1_schnorr_adaptor_adapt(const secp256k1_context* ctx, unsigned char* sig64, const unsigned char* pre_sig65,
                                    const unsigned char* sec_adaptor32) {
    ARG_CHECK(sig64 != NULL);
    ARG_CHECK(pre_sig65 != NULL);
    ARG_CHECK(sec_adaptor32 != NULL);
    int ret = schnorr_adaptor::adapt(sig64, pre_sig65, sec_adaptor32);
    declassify(ctx, &ret, sizeof ret);  // t's range is the caller's to know
    return ret;
}

int secp256k1_schnorr_adaptor_extract_sec(const secp256k1_context* ctx, unsigned char* sec_adaptor32,
                                          const unsigned char* pre_sig65, const unsigned char* sig64) {
    ARG_CHECK(sec_adaptor32 != NULL);
    ARG_CHECK(pre_sig65 != NULL);
    ARG_CHECK(sig64 != NULL);
    return schnorr_adaptor::extract_sec(sec_adaptor32, pre_sig65, sig64);
}

}  // extern "C"

#endif  // ENABLE_MODULE_SCHNORR_ADAPTOR
