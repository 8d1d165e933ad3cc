// secp256k1_schnorrsig.h: BIP-340 signing and verification.
#if defined(ENABLE_MODULE_SCHNORRSIG)
#include <secp256k1_schnorrsig.h>

#include "compat/schnorrsig.h"
#include "schemes/schnorr.h"

using namespace fastsecp;
using namespace fastsecp::compat;

static int nonce_function_bip340(unsigned char* nonce32, const unsigned char* msg, size_t msglen,
                                 const unsigned char* key32, const unsigned char* xonly_pk32,
                                 const unsigned char* algo, size_t algolen, void* data) {
    return bip340_nonce(nullptr, nonce32, msg, msglen, key32, xonly_pk32, algo, algolen, data);
}

// R is part of the signature: public from there on (declassified under valgrind when the context
// asks for it, as libsecp256k1 does).
static void publish_point(const void* p, size_t len, const void* ctx) {
    declassify(static_cast<const secp256k1_context*>(ctx), p, len);
}

static int schnorrsig_sign_internal(const secp256k1_context* ctx, unsigned char* sig64, const unsigned char* msg,
                                    size_t msglen, const secp256k1_keypair* keypair,
                                    secp256k1_nonce_function_hardened noncefp, void* ndata) {
    ARG_CHECK_GEN_BUILT();
    ARG_CHECK(sig64 != NULL);
    ARG_CHECK(msg != NULL || msglen == 0);
    ARG_CHECK(keypair != NULL);
    Scalar sk;
    Ge pk;
    unsigned char nonce32[32] = {0}, pk32[32], seckey[32];
    int ret = keypair_load(ctx, &sk, pk, keypair);
    // Sign for the x-only key: use -sk when the full key has odd y.
    fe_normalize_var(pk.y);
    if (fe_is_odd(pk.y)) scalar_negate(sk, sk);
    scalar_get_b32(seckey, sk);
    fe_normalize_var(pk.x);
    fe_get_b32(pk32, pk.x);
    if (noncefp == nullptr || noncefp == secp256k1_nonce_function_bip340)
        ret &= bip340_nonce(sha_of(ctx), nonce32, msg, msglen, seckey, pk32, BIP340_ALGO, sizeof BIP340_ALGO, ndata);
    else
        ret &= !!noncefp(nonce32, msg, msglen, seckey, pk32, BIP340_ALGO, sizeof BIP340_ALGO, ndata);
    ret = bip340_sign_core(ctx->gen_blind, sha_of(ctx), sig64, msg, msglen, sk, pk32, nonce32, ret, publish_point, ctx);
    scalar_clear(sk);
    hash::memclear(seckey, sizeof seckey);
    hash::memclear(nonce32, sizeof nonce32);
    return ret;
}

extern "C" {

const secp256k1_nonce_function_hardened secp256k1_nonce_function_bip340 = nonce_function_bip340;

int secp256k1_schnorrsig_sign32(const secp256k1_context* ctx, unsigned char* sig64, const unsigned char* msg32,
                                const secp256k1_keypair* keypair, const unsigned char* aux_rand32) {
    return schnorrsig_sign_internal(ctx, sig64, msg32, 32, keypair, secp256k1_nonce_function_bip340,
                                    const_cast<unsigned char*>(aux_rand32));
}

int secp256k1_schnorrsig_sign_custom(const secp256k1_context* ctx, unsigned char* sig64, const unsigned char* msg,
                                     size_t msglen, const secp256k1_keypair* keypair,
                                     secp256k1_schnorrsig_extraparams* extraparams) {
    static const unsigned char magic[4] = SECP256K1_SCHNORRSIG_EXTRAPARAMS_MAGIC;
    secp256k1_nonce_function_hardened noncefp = nullptr;
    void* ndata = nullptr;
    if (extraparams != nullptr) {
        ARG_CHECK_MSG(memcmp_var(extraparams->magic, magic, sizeof(extraparams->magic)) == 0,
                      "secp256k1_memcmp_var(extraparams->magic, schnorrsig_extraparams_magic, "
                      "sizeof(extraparams->magic)) == 0");
        noncefp = extraparams->noncefp;
        ndata = extraparams->ndata;
    }
    return schnorrsig_sign_internal(ctx, sig64, msg, msglen, keypair, noncefp, ndata);
}

int secp256k1_schnorrsig_verify(const secp256k1_context* ctx, const unsigned char* sig64, const unsigned char* msg,
                                size_t msglen, const secp256k1_xonly_pubkey* pubkey) {
    ARG_CHECK(sig64 != NULL);
    ARG_CHECK(msg != NULL || msglen == 0);
    ARG_CHECK(pubkey != NULL);
    Fe rx;
    Scalar s;
    Ge pk;
    if (!schnorrsig_parse(ctx, rx, s, pk, sig64, pubkey)) return 0;
    return bip340_verify(sha_of(ctx), sig64, msg, msglen, pk);
}

}  // extern "C"
#endif
