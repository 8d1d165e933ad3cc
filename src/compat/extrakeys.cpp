// secp256k1_extrakeys.h: x-only public keys (BIP-340) and keypairs.
#if defined(ENABLE_MODULE_EXTRAKEYS)
#include <secp256k1_extrakeys.h>

#include "compat/extrakeys.h"

using namespace fastsecp;
using namespace fastsecp::compat;

namespace fastsecp::compat {

int ge_even_y(Ge& p) {
    fe_normalize_var(p.y);
    int odd = fe_is_odd(p.y);
    if (odd) {
        fe_negate(p.y, p.y, 1);
        fe_normalize_var(p.y);
    }
    return odd;
}

void keypair_save(secp256k1_keypair* kp, const Scalar& sk, const Ge& pk) {
    scalar_get_b32(kp->data, sk);
    point_save(kp->data + 32, pk);
}

// Loads the keypair's secret (sk may be null) and public parts; on failure (an all-zero keypair)
// reports an illegal argument and substitutes G and 1 so callers stay constant time.
int keypair_load(const secp256k1_context* ctx, Scalar* sk, Ge& pk, const secp256k1_keypair* kp) {
    const auto* pub = reinterpret_cast<const secp256k1_pubkey*>(kp->data + 32);
    declassify(ctx, pub, sizeof(*pub));  // public, and pubkey_load branches on it
    int ret = pubkey_load(ctx, pk, pub);
    if (sk != nullptr && ret) {
        int valid = scalar_set_b32_seckey(*sk, kp->data);
        declassify(ctx, &valid, sizeof valid);  // only zero after a failed keypair call
        if (!valid) ctx->illegal.call("ret");
        ret = valid;
    }
    if (!ret) {
        pk = ge_generator();
        if (sk) scalar_set_int(*sk, 1);
    }
    return ret;
}

}  // namespace fastsecp::compat

extern "C" {

int secp256k1_xonly_pubkey_parse(const secp256k1_context* ctx, secp256k1_xonly_pubkey* pubkey,
                                 const unsigned char* input32) {
    ARG_CHECK(pubkey != NULL);
    std::memset(pubkey, 0, sizeof(*pubkey));
    ARG_CHECK(input32 != NULL);
    Fe x;
    Ge pk;
    if (!fe_set_b32_limit(x, input32)) return 0;
    if (!ge_set_xo(pk, x, false)) return 0;
    point_save(pubkey->data, pk);
    return 1;
}

int secp256k1_xonly_pubkey_serialize(const secp256k1_context* ctx, unsigned char* output32,
                                     const secp256k1_xonly_pubkey* pubkey) {
    ARG_CHECK(output32 != NULL);
    std::memset(output32, 0, 32);
    ARG_CHECK(pubkey != NULL);
    Ge pk;
    if (!xonly_load(ctx, pk, pubkey)) return 0;
    fe_get_b32(output32, pk.x);
    return 1;
}

int secp256k1_xonly_pubkey_cmp(const secp256k1_context* ctx, const secp256k1_xonly_pubkey* pk0,
                               const secp256k1_xonly_pubkey* pk1) {
    unsigned char out[2][32];
    const secp256k1_xonly_pubkey* pk[2] = {pk0, pk1};
    for (int i = 0; i < 2; i++)
        if (!secp256k1_xonly_pubkey_serialize(ctx, out[i], pk[i])) std::memset(out[i], 0, 32);
    return memcmp_var(out[0], out[1], 32);
}

int secp256k1_xonly_pubkey_from_pubkey(const secp256k1_context* ctx, secp256k1_xonly_pubkey* xonly_pubkey,
                                       int* pk_parity, const secp256k1_pubkey* pubkey) {
    ARG_CHECK(xonly_pubkey != NULL);
    ARG_CHECK(pubkey != NULL);
    Ge pk;
    if (!pubkey_load(ctx, pk, pubkey)) return 0;
    int parity = ge_even_y(pk);
    if (pk_parity) *pk_parity = parity;
    point_save(xonly_pubkey->data, pk);
    return 1;
}

int secp256k1_xonly_pubkey_tweak_add(const secp256k1_context* ctx, secp256k1_pubkey* output_pubkey,
                                     const secp256k1_xonly_pubkey* internal_pubkey, const unsigned char* tweak32) {
    ARG_CHECK(output_pubkey != NULL);
    std::memset(output_pubkey, 0, sizeof(*output_pubkey));
    ARG_CHECK(internal_pubkey != NULL);
    ARG_CHECK(tweak32 != NULL);
    Ge pk;
    if (!xonly_load(ctx, pk, internal_pubkey) || !pubkey_tweak_add_helper(pk, tweak32)) return 0;
    pubkey_save(output_pubkey, pk);
    return 1;
}

int secp256k1_xonly_pubkey_tweak_add_check(const secp256k1_context* ctx, const unsigned char* tweaked_pubkey32,
                                           int tweaked_pk_parity, const secp256k1_xonly_pubkey* internal_pubkey,
                                           const unsigned char* tweak32) {
    ARG_CHECK(internal_pubkey != NULL);
    ARG_CHECK(tweaked_pubkey32 != NULL);
    ARG_CHECK(tweak32 != NULL);
    Ge pk;
    if (!xonly_load(ctx, pk, internal_pubkey) || !pubkey_tweak_add_helper(pk, tweak32)) return 0;
    fe_normalize_var(pk.x);
    fe_normalize_var(pk.y);
    unsigned char expected[32];
    fe_get_b32(expected, pk.x);
    return memcmp_var(expected, tweaked_pubkey32, 32) == 0 && (int)fe_is_odd(pk.y) == tweaked_pk_parity;
}

int secp256k1_keypair_create(const secp256k1_context* ctx, secp256k1_keypair* keypair, const unsigned char* seckey32) {
    ARG_CHECK(keypair != NULL);
    std::memset(keypair, 0, sizeof(*keypair));
    ARG_CHECK_GEN_BUILT();
    ARG_CHECK(seckey32 != NULL);
    Scalar sk;
    Ge pk;
    int ret = pubkey_create_helper(ctx, sk, pk, seckey32);
    keypair_save(keypair, sk, pk);
    memczero(keypair, sizeof(*keypair), !ret);
    scalar_clear(sk);
    return ret;
}

int secp256k1_keypair_sec(const secp256k1_context* ctx, unsigned char* seckey, const secp256k1_keypair* keypair) {
    ARG_CHECK(seckey != NULL);
    std::memset(seckey, 0, 32);
    ARG_CHECK(keypair != NULL);
    std::memcpy(seckey, keypair->data, 32);
    return 1;
}

int secp256k1_keypair_pub(const secp256k1_context* ctx, secp256k1_pubkey* pubkey, const secp256k1_keypair* keypair) {
    ARG_CHECK(pubkey != NULL);
    std::memset(pubkey, 0, sizeof(*pubkey));
    ARG_CHECK(keypair != NULL);
    std::memcpy(pubkey->data, keypair->data + 32, sizeof(*pubkey));
    return 1;
}

int secp256k1_keypair_xonly_pub(const secp256k1_context* ctx, secp256k1_xonly_pubkey* pubkey, int* pk_parity,
                                const secp256k1_keypair* keypair) {
    ARG_CHECK(pubkey != NULL);
    std::memset(pubkey, 0, sizeof(*pubkey));
    ARG_CHECK(keypair != NULL);
    Ge pk;
    if (!keypair_load(ctx, nullptr, pk, keypair)) return 0;
    int parity = ge_even_y(pk);
    if (pk_parity) *pk_parity = parity;
    point_save(pubkey->data, pk);
    return 1;
}

int secp256k1_keypair_xonly_tweak_add(const secp256k1_context* ctx, secp256k1_keypair* keypair,
                                      const unsigned char* tweak32) {
    ARG_CHECK(keypair != NULL);
    ARG_CHECK(tweak32 != NULL);
    Scalar sk;
    Ge pk;
    int ret = keypair_load(ctx, &sk, pk, keypair);
    std::memset(keypair, 0, sizeof(*keypair));
    if (ge_even_y(pk)) scalar_negate(sk, sk);
    ret &= seckey_tweak_add_helper(sk, tweak32);
    ret &= pubkey_tweak_add_helper(pk, tweak32);
    declassify(ctx, &ret, sizeof ret);
    if (ret) keypair_save(keypair, sk, pk);
    scalar_clear(sk);
    return ret;
}

}  // extern "C"
#endif
