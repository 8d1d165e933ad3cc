// Public and secret key functions of secp256k1.h, and secp256k1_tagged_sha256.
#include <algorithm>

#include "compat/context.h"
#include "schemes/eckey.h"

using namespace fastsecp;
using namespace fastsecp::compat;

namespace fastsecp::compat {

bool pubkey_tweak_add_helper(Ge& p, const unsigned char* tweak32) { return pubkey_tweak_add_var(p, tweak32); }

int seckey_tweak_add_helper(Scalar& sec, const unsigned char* tweak32) { return seckey_tweak_add(sec, tweak32); }

int pubkey_create_helper(const secp256k1_context* ctx, Scalar& sec, Ge& p, const unsigned char* seckey32) {
    int ret = scalar_set_b32_seckey(sec, seckey32);
    Scalar one;
    scalar_set_int(one, 1);
    scalar_cmov(sec, one, (uint64_t)!ret);
    ecmult_gen_ge(ctx, p, sec);
    return ret;
}

}  // namespace fastsecp::compat

extern "C" {

int secp256k1_ec_pubkey_parse(const secp256k1_context* ctx, secp256k1_pubkey* pubkey, const unsigned char* input,
                              size_t inputlen) {
    ARG_CHECK(pubkey != NULL);
    std::memset(pubkey, 0, sizeof(*pubkey));
    ARG_CHECK(input != NULL);
    Ge q;
    if (!pubkey_parse(q, input, inputlen)) return 0;
    pubkey_save(pubkey, q);
    return 1;
}

int secp256k1_ec_pubkey_serialize(const secp256k1_context* ctx, unsigned char* output, size_t* outputlen,
                                  const secp256k1_pubkey* pubkey, unsigned int flags) {
    ARG_CHECK(outputlen != NULL);
    ARG_CHECK(*outputlen >= ((flags & SECP256K1_FLAGS_BIT_COMPRESSION) ? 33u : 65u));
    size_t len = *outputlen;
    *outputlen = 0;
    ARG_CHECK(output != NULL);
    std::memset(output, 0, len);
    ARG_CHECK(pubkey != NULL);
    ARG_CHECK((flags & SECP256K1_FLAGS_TYPE_MASK) == SECP256K1_FLAGS_TYPE_COMPRESSION);
    Ge q;
    if (!pubkey_load(ctx, q, pubkey)) return 0;
    if (flags & SECP256K1_FLAGS_BIT_COMPRESSION) {
        pubkey_serialize33(output, q);
        *outputlen = 33;
    } else {
        pubkey_serialize65(output, q);
        *outputlen = 65;
    }
    return 1;
}

int secp256k1_ec_pubkey_cmp(const secp256k1_context* ctx, const secp256k1_pubkey* pubkey0,
                            const secp256k1_pubkey* pubkey1) {
    unsigned char out[2][33];
    const secp256k1_pubkey* pk[2] = {pubkey0, pubkey1};
    for (int i = 0; i < 2; i++) {
        size_t len = sizeof out[i];
        // NULL or invalid keys compare as 33 zero bytes (below every valid key), after the
        // illegal callback has been told.
        if (!secp256k1_ec_pubkey_serialize(ctx, out[i], &len, pk[i], SECP256K1_EC_COMPRESSED))
            std::memset(out[i], 0, sizeof out[i]);
    }
    return memcmp_var(out[0], out[1], 33);
}

int secp256k1_ec_pubkey_sort(const secp256k1_context* ctx, const secp256k1_pubkey** pubkeys, size_t n_pubkeys) {
    ARG_CHECK(pubkeys != NULL);
    for (size_t i = 0; i < n_pubkeys; i++) ARG_CHECK(pubkeys[i] != NULL);
    // Serialize once, then sort pointers by the 33-byte encodings. Invalid keys sort first, as
    // with libsecp256k1 (they compare as zeros), and are reported once each.
    struct Item {
        unsigned char key[33];
        const secp256k1_pubkey* pk;
    };
    Item stack_items[64];
    Item* items = n_pubkeys <= 64 ? stack_items : static_cast<Item*>(std::malloc(n_pubkeys * sizeof(Item)));
    if (!items) {
        ctx->error.call("Out of memory");
        return 0;
    }
    for (size_t i = 0; i < n_pubkeys; i++) {
        size_t len = 33;
        items[i].pk = pubkeys[i];
        if (!secp256k1_ec_pubkey_serialize(ctx, items[i].key, &len, pubkeys[i], SECP256K1_EC_COMPRESSED))
            std::memset(items[i].key, 0, 33);
    }
    std::sort(items, items + n_pubkeys,
              [](const Item& a, const Item& b) { return std::memcmp(a.key, b.key, 33) < 0; });
    for (size_t i = 0; i < n_pubkeys; i++) pubkeys[i] = items[i].pk;
    if (items != stack_items) std::free(items);
    return 1;
}

int secp256k1_ec_pubkey_create(const secp256k1_context* ctx, secp256k1_pubkey* pubkey, const unsigned char* seckey) {
    ARG_CHECK(pubkey != NULL);
    std::memset(pubkey, 0, sizeof(*pubkey));
    ARG_CHECK_GEN_BUILT();
    ARG_CHECK(seckey != NULL);
    Scalar sec;
    Ge p;
    int ret = pubkey_create_helper(ctx, sec, p, seckey);
    pubkey_save(pubkey, p);
    memczero(pubkey, sizeof(*pubkey), !ret);
    scalar_clear(sec);
    return ret;
}

int secp256k1_ec_seckey_verify(const secp256k1_context* ctx, const unsigned char* seckey) {
    ARG_CHECK(seckey != NULL);
    Scalar sec;
    int ret = scalar_set_b32_seckey(sec, seckey);
    scalar_clear(sec);
    return ret;
}

int secp256k1_ec_seckey_negate(const secp256k1_context* ctx, unsigned char* seckey) {
    ARG_CHECK(seckey != NULL);
    Scalar sec, zero;
    int ret = scalar_set_b32_seckey(sec, seckey);
    scalar_clear(zero);
    scalar_cmov(sec, zero, (uint64_t)!ret);
    scalar_negate(sec, sec);
    scalar_get_b32(seckey, sec);
    scalar_clear(sec);
    return ret;
}

int secp256k1_ec_pubkey_negate(const secp256k1_context* ctx, secp256k1_pubkey* pubkey) {
    ARG_CHECK(pubkey != NULL);
    Ge p;
    int ret = pubkey_load(ctx, p, pubkey);
    std::memset(pubkey, 0, sizeof(*pubkey));
    if (ret) {
        ge_neg(p, p);
        pubkey_save(pubkey, p);
    }
    return ret;
}

int secp256k1_ec_seckey_tweak_add(const secp256k1_context* ctx, unsigned char* seckey, const unsigned char* tweak32) {
    ARG_CHECK(seckey != NULL);
    ARG_CHECK(tweak32 != NULL);
    Scalar sec, zero;
    int ret = scalar_set_b32_seckey(sec, seckey);
    ret &= seckey_tweak_add_helper(sec, tweak32);
    scalar_clear(zero);
    scalar_cmov(sec, zero, (uint64_t)!ret);
    scalar_get_b32(seckey, sec);
    scalar_clear(sec);
    return ret;
}

int secp256k1_ec_pubkey_tweak_add(const secp256k1_context* ctx, secp256k1_pubkey* pubkey, const unsigned char* tweak32) {
    ARG_CHECK(pubkey != NULL);
    ARG_CHECK(tweak32 != NULL);
    Ge p;
    int ret = pubkey_load(ctx, p, pubkey);
    std::memset(pubkey, 0, sizeof(*pubkey));
    ret = ret && pubkey_tweak_add_helper(p, tweak32);
    if (ret) pubkey_save(pubkey, p);
    return ret;
}

int secp256k1_ec_seckey_tweak_mul(const secp256k1_context* ctx, unsigned char* seckey, const unsigned char* tweak32) {
    ARG_CHECK(seckey != NULL);
    ARG_CHECK(tweak32 != NULL);
    Scalar factor, sec, zero;
    int overflow = 0;
    scalar_set_b32(factor, tweak32, &overflow);
    int ret = scalar_set_b32_seckey(sec, seckey);
    ret &= (!overflow) & (!scalar_is_zero(factor));
    scalar_mul_fast(sec, sec, factor);
    scalar_clear(zero);
    scalar_cmov(sec, zero, (uint64_t)!ret);
    scalar_get_b32(seckey, sec);
    scalar_clear(sec);
    scalar_clear(factor);
    return ret;
}

int secp256k1_ec_pubkey_tweak_mul(const secp256k1_context* ctx, secp256k1_pubkey* pubkey, const unsigned char* tweak32) {
    ARG_CHECK(pubkey != NULL);
    ARG_CHECK(tweak32 != NULL);
    Scalar factor;
    int overflow = 0;
    scalar_set_b32(factor, tweak32, &overflow);
    Ge p;
    int ret = !overflow && pubkey_load(ctx, p, pubkey);
    std::memset(pubkey, 0, sizeof(*pubkey));
    if (!ret) return 0;
    if (scalar_is_zero(factor)) return 0;
    Gej pj, r;
    Scalar zero;
    scalar_clear(zero);
    gej_set_ge(pj, p);
    ecmult(r, pj, factor, zero);
    ge_set_gej_var(p, r);
    pubkey_save(pubkey, p);
    return 1;
}

int secp256k1_ec_pubkey_combine(const secp256k1_context* ctx, secp256k1_pubkey* pubnonce,
                                const secp256k1_pubkey* const* pubnonces, size_t n) {
    ARG_CHECK(pubnonce != NULL);
    std::memset(pubnonce, 0, sizeof(*pubnonce));
    ARG_CHECK(n >= 1);
    ARG_CHECK(pubnonces != NULL);
    Gej acc;
    gej_set_infinity(acc);
    for (size_t i = 0; i < n; i++) {
        ARG_CHECK(pubnonces[i] != NULL);
        Ge q;
        pubkey_load(ctx, q, pubnonces[i]);
        gej_add_ge_var(acc, acc, q);
    }
    if (acc.infinity) return 0;
    Ge q;
    ge_set_gej_var(q, acc);
    pubkey_save(pubnonce, q);
    return 1;
}

int secp256k1_tagged_sha256(const secp256k1_context* ctx, unsigned char* hash32, const unsigned char* tag,
                            size_t taglen, const unsigned char* msg, size_t msglen) {
    ARG_CHECK(hash32 != NULL);
    ARG_CHECK(tag != NULL);
    ARG_CHECK(msg != NULL);
    hash::tagged_sha256(tag, taglen, msg, msglen, hash32, sha_of(ctx));
    return 1;
}

}  // extern "C"
