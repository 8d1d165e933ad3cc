// secp256k1_ecdh.h: constant-time shared secret k·P, hashed.
#if defined(ENABLE_MODULE_ECDH)
#include <secp256k1_ecdh.h>

#include "compat/context.h"

using namespace fastsecp;
using namespace fastsecp::compat;

// SHA256((0x02 | parity of y) || x), the default shared-secret hash.
static int ecdh_hash_sha256(hash::CompressFn fn, unsigned char* output, const unsigned char* x32,
                            const unsigned char* y32) {
    unsigned char version = (unsigned char)((y32[31] & 1) | 0x02);
    hash::Sha256 h;
    hash::sha256_init(h, fn);
    hash::sha256_write(h, &version, 1);
    hash::sha256_write(h, x32, 32);
    hash::sha256_finalize(h, output);
    return 1;
}

static int ecdh_hash_function_sha256(unsigned char* output, const unsigned char* x32, const unsigned char* y32,
                                     void* data) {
    (void)data;
    return ecdh_hash_sha256(nullptr, output, x32, y32);
}

extern "C" {

const secp256k1_ecdh_hash_function secp256k1_ecdh_hash_function_sha256 = ecdh_hash_function_sha256;
const secp256k1_ecdh_hash_function secp256k1_ecdh_hash_function_default = ecdh_hash_function_sha256;

int secp256k1_ecdh(const secp256k1_context* ctx, unsigned char* output, const secp256k1_pubkey* point,
                   const unsigned char* scalar, secp256k1_ecdh_hash_function hashfp, void* data) {
    ARG_CHECK(output != NULL);
    ARG_CHECK(point != NULL);
    ARG_CHECK(scalar != NULL);
    Ge pt;
    pubkey_load(ctx, pt, point);
    Scalar s;
    int overflow = scalar_set_b32_or_one(s, scalar);
    Gej res;
    ecmult_const(res, pt, s);
    ge_set_gej(pt, res);
    fe_normalize(pt.x);
    fe_normalize(pt.y);
    unsigned char x[32], y[32];
    fe_get_b32(x, pt.x);
    fe_get_b32(y, pt.y);
    int ret;
    if (hashfp == nullptr || hashfp == secp256k1_ecdh_hash_function_sha256)
        ret = ecdh_hash_sha256(sha_of(ctx), output, x, y);
    else
        ret = hashfp(output, x, y, data);
    hash::memclear(x, sizeof x);
    hash::memclear(y, sizeof y);
    scalar_clear(s);
    hash::memclear(&pt, sizeof pt);
    hash::memclear(&res, sizeof res);
    return !!ret & !overflow;
}

}  // extern "C"
#endif
