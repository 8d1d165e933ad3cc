// secp256k1_ellswift.h: ElligatorSwift encodings of public keys and x-only ECDH on them (BIP-324).
#if defined(ENABLE_MODULE_ELLSWIFT)
#include <secp256k1_ellswift.h>

#include "compat/context.h"
#include "schemes/eckey.h"
#include "schemes/ellswift.h"

using namespace fastsecp;
using namespace fastsecp::compat;

namespace {

const unsigned char TAG_ENCODE[] = "secp256k1_ellswift_encode";
const unsigned char TAG_CREATE[] = "secp256k1_ellswift_create";

int xdh_hash_prefix(hash::CompressFn fn, unsigned char* output, const unsigned char* x32, const unsigned char* ell_a64,
                    const unsigned char* ell_b64, const void* data) {
    hash::Sha256 h;
    hash::sha256_init(h, fn);
    hash::sha256_write(h, static_cast<const unsigned char*>(data), 64);
    hash::sha256_write(h, ell_a64, 64);
    hash::sha256_write(h, ell_b64, 64);
    hash::sha256_write(h, x32, 32);
    hash::sha256_finalize(h, output);
    return 1;
}

int xdh_hash_bip324(hash::CompressFn fn, unsigned char* output, const unsigned char* x32, const unsigned char* ell_a64,
                    const unsigned char* ell_b64) {
    hash::Sha256 h;
    hash::sha256_tagged_init(h, hash::Tag::BIP324EllswiftXonly, fn);
    hash::sha256_write(h, ell_a64, 64);
    hash::sha256_write(h, ell_b64, 64);
    hash::sha256_write(h, x32, 32);
    hash::sha256_finalize(h, output);
    return 1;
}

int ellswift_xdh_hash_function_prefix(unsigned char* output, const unsigned char* x32, const unsigned char* ell_a64,
                                      const unsigned char* ell_b64, void* data) {
    return xdh_hash_prefix(nullptr, output, x32, ell_a64, ell_b64, data);
}

int ellswift_xdh_hash_function_bip324(unsigned char* output, const unsigned char* x32, const unsigned char* ell_a64,
                                      const unsigned char* ell_b64, void* data) {
    (void)data;
    return xdh_hash_bip324(nullptr, output, x32, ell_a64, ell_b64);
}

// Writes u (already in ell64[0..32]) and t for point p into ell64.
void encode_point(unsigned char* ell64, const Ge& p, const hash::Sha256& hasher) {
    Fe t;
    ellswift_encode_var(ell64, t, p, hasher);
    fe_get_b32(ell64 + 32, t);
}

}  // namespace

extern "C" {

const secp256k1_ellswift_xdh_hash_function secp256k1_ellswift_xdh_hash_function_prefix =
    ellswift_xdh_hash_function_prefix;
const secp256k1_ellswift_xdh_hash_function secp256k1_ellswift_xdh_hash_function_bip324 =
    ellswift_xdh_hash_function_bip324;

int secp256k1_ellswift_encode(const secp256k1_context* ctx, unsigned char* ell64, const secp256k1_pubkey* pubkey,
                              const unsigned char* rnd32) {
    ARG_CHECK(ell64 != NULL);
    ARG_CHECK(pubkey != NULL);
    ARG_CHECK(rnd32 != NULL);
    Ge p;
    if (pubkey_load(ctx, p, pubkey)) {
        // Randomness: tagged hash of (33-byte compressed key, zero-padded to 64) || rnd32 || counter.
        unsigned char p64[64] = {0};
        pubkey_serialize33(p64, p);
        hash::Sha256 h;
        hash::sha256_tagged_init(h, TAG_ENCODE, sizeof TAG_ENCODE - 1, sha_of(ctx));
        hash::sha256_write(h, p64, sizeof p64);
        hash::sha256_write(h, rnd32, 32);
        encode_point(ell64, p, h);
        return 1;
    }
    std::memset(ell64, 0, 64);
    return 0;
}

int secp256k1_ellswift_decode(const secp256k1_context* ctx, secp256k1_pubkey* pubkey, const unsigned char* ell64) {
    ARG_CHECK(pubkey != NULL);
    ARG_CHECK(ell64 != NULL);
    Fe u, t;
    fe_set_b32_mod(u, ell64);
    fe_set_b32_mod(t, ell64 + 32);
    Ge p;
    swiftec_var(p, u, t);
    pubkey_save(pubkey, p);
    return 1;
}

int secp256k1_ellswift_create(const secp256k1_context* ctx, unsigned char* ell64, const unsigned char* seckey32,
                              const unsigned char* auxrnd32) {
    static const unsigned char zero32[32] = {0};
    ARG_CHECK(ell64 != NULL);
    std::memset(ell64, 0, 64);
    ARG_CHECK_GEN_BUILT();
    ARG_CHECK(seckey32 != NULL);
    Scalar sec;
    Ge p;
    int ret = pubkey_create_helper(ctx, sec, p, seckey32);
    declassify(ctx, &p, sizeof p);  // the public key may be handled in variable time
    fe_normalize(p.x);
    fe_normalize(p.y);
    // Randomness: tagged hash of seckey32 || 32 zero bytes [|| auxrnd32] || counter.
    hash::Sha256 h;
    hash::sha256_tagged_init(h, TAG_CREATE, sizeof TAG_CREATE - 1, sha_of(ctx));
    hash::sha256_write(h, seckey32, 32);
    hash::sha256_write(h, zero32, sizeof zero32);
    declassify(ctx, h.s, sizeof h.s);  // the hash state is as good as random from here on
    if (auxrnd32) hash::sha256_write(h, auxrnd32, 32);
    encode_point(ell64, p, h);
    memczero(ell64, 64, !ret);
    scalar_clear(sec);
    hash::sha256_clear(h);
    return ret;
}

int secp256k1_ellswift_xdh(const secp256k1_context* ctx, unsigned char* output, const unsigned char* ell_a64,
                           const unsigned char* ell_b64, const unsigned char* seckey32, int party,
                           secp256k1_ellswift_xdh_hash_function hashfp, void* data) {
    ARG_CHECK(output != NULL);
    ARG_CHECK(ell_a64 != NULL);
    ARG_CHECK(ell_b64 != NULL);
    ARG_CHECK(seckey32 != NULL);
    ARG_CHECK(hashfp != NULL);
    // The peer's x coordinate as a fraction xn/xd. Only x(s·Q) is needed, so no square root or
    // inversion: with g = xn³ + 7·xd³ (a square times xd, as xn/xd is on the curve), the point
    // (xn·g, g²) lies on y² = x³ + 7·(xd·g)³, which is isomorphic to secp256k1 by scaling x with
    // xd·g; scalar multiplication does not involve the curve constant, so it runs there and the x
    // of the result is divided by xd·g at the end.
    const unsigned char* theirs = party ? ell_a64 : ell_b64;
    Fe u, t, xn, xd;
    fe_set_b32_mod(u, theirs);
    fe_set_b32_mod(t, theirs + 32);
    xswiftec_frac_var(xn, xd, u, t);
    Fe g, d3, scale;
    fe_sqr(g, xn);
    fe_mul(g, g, xn);
    fe_sqr(d3, xd);
    fe_mul(d3, d3, xd);
    fe_mul_int(d3, CURVE_B);
    fe_add(g, d3);
    Ge q;
    fe_mul(q.x, xn, g);
    fe_sqr(q.y, g);
    q.infinity = 0;
    fe_mul(scale, xd, g);
    // The secret key, or 1 when it is invalid (the result is then still computed, and 0 returned).
    Scalar s;
    int overflow = scalar_set_b32_or_one(s, seckey32);
    Gej rj;
    ecmult_const(rj, q, s);
    Fe zi, x;
    fe_sqr(zi, rj.z);
    fe_mul(zi, zi, scale);
    fe_inv(zi, zi);
    fe_mul(x, rj.x, zi);
    fe_normalize(x);
    unsigned char sx[32];
    fe_get_b32(sx, x);
    int ret;
    if (hashfp == secp256k1_ellswift_xdh_hash_function_bip324)
        ret = xdh_hash_bip324(sha_of(ctx), output, sx, ell_a64, ell_b64);
    else if (hashfp == secp256k1_ellswift_xdh_hash_function_prefix)
        ret = xdh_hash_prefix(sha_of(ctx), output, sx, ell_a64, ell_b64, data);
    else
        ret = hashfp(output, sx, ell_a64, ell_b64, data);
    hash::memclear(sx, sizeof sx);
    hash::memclear(&x, sizeof x);
    hash::memclear(&rj, sizeof rj);
    scalar_clear(s);
    return !!ret & !overflow;
}

}  // extern "C"
#endif
