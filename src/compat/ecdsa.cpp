// ECDSA functions of secp256k1.h: signature objects, DER/compact encodings, RFC 6979 nonces,
// signing and verification. The recovery module shares sign_inner through ecdsa_sign.h.
#include "compat/ecdsa_sign.h"
#include "schemes/ecdsa.h"

using namespace fastsecp;
using namespace fastsecp::compat;

namespace fastsecp::compat {

void sig_load(Scalar& r, Scalar& s, const unsigned char* data64) {
    scalar_load_raw(r, data64);
    scalar_load_raw(s, data64 + 32);
}
void sig_save(unsigned char* data64, const Scalar& r, const Scalar& s) {
    scalar_save_raw(data64, r);
    scalar_save_raw(data64 + 32, s);
}

int rfc6979_nonce(hash::CompressFn fn, unsigned char* nonce32, const unsigned char* msg32, const unsigned char* key32,
                  const unsigned char* algo16, const void* data, unsigned int counter) {
    // Key material: seckey || (msg mod n) [|| 32 bytes extra data] [|| 16 bytes algorithm tag].
    unsigned char keydata[112];
    size_t len = 0;
    Scalar m;
    scalar_set_b32(m, msg32, nullptr);
    std::memcpy(keydata, key32, 32);
    scalar_get_b32(keydata + 32, m);
    len = 64;
    if (data) {
        std::memcpy(keydata + len, data, 32);
        len += 32;
    }
    if (algo16) {
        std::memcpy(keydata + len, algo16, 16);
        len += 16;
    }
    hash::Rfc6979 rng;
    hash::rfc6979_init(rng, keydata, len, fn);
    for (unsigned int i = 0;; i++) {
        hash::rfc6979_generate(rng, nonce32, 32);
        if (i == counter) break;
    }
    hash::rfc6979_finalize(rng);
    hash::memclear(keydata, sizeof keydata);
    hash::memclear(&rng, sizeof rng);
    return 1;
}

int ecdsa_sign_inner(const secp256k1_context* ctx, Scalar& r, Scalar& s, int* recid, const unsigned char* msg32,
                     const unsigned char* seckey, secp256k1_nonce_function noncefp, const void* noncedata) {
    scalar_clear(r);
    scalar_clear(s);
    if (recid) *recid = 0;
    Scalar sec, non, msg, one;
    scalar_set_int(one, 1);
    int sec_valid = scalar_set_b32_seckey(sec, seckey);
    scalar_cmov(sec, one, (uint64_t)!sec_valid);
    scalar_set_b32(msg, msg32, nullptr);
    unsigned char nonce32[32];
    unsigned int count = 0;
    int ret = 0;
    for (;;) {
        if (noncefp == nullptr || noncefp == secp256k1_nonce_function_rfc6979)
            ret = rfc6979_nonce(sha_of(ctx), nonce32, msg32, seckey, nullptr, noncedata, count);
        else
            ret = !!noncefp(nonce32, msg32, seckey, nullptr, const_cast<void*>(noncedata), count);
        if (!ret) break;
        int nonce_valid = scalar_set_b32_seckey(non, nonce32);
        // Still secret, but an invalid nonce has probability below 2^-127: safe to branch on.
        declassify(ctx, &nonce_valid, sizeof nonce_valid);
        if (nonce_valid) {
            ret = ecdsa_sig_sign(ctx->gen_blind, r, s, sec, msg, non, recid);
            declassify(ctx, &ret, sizeof ret);  // the signature is public from here on
            if (ret) break;
        }
        count++;
    }
    // The secret key's validity joins the result only after the branches above.
    ret &= sec_valid;
    hash::memclear(nonce32, sizeof nonce32);
    scalar_clear(msg);
    scalar_clear(non);
    scalar_clear(sec);
    Scalar zero;
    scalar_clear(zero);
    scalar_cmov(r, zero, (uint64_t)!ret);
    scalar_cmov(s, zero, (uint64_t)!ret);
    if (recid) *recid &= -ret;
    return ret;
}

}  // namespace fastsecp::compat

static int nonce_function_rfc6979(unsigned char* nonce32, const unsigned char* msg32, const unsigned char* key32,
                                  const unsigned char* algo16, void* data, unsigned int counter) {
    return rfc6979_nonce(nullptr, nonce32, msg32, key32, algo16, data, counter);
}

extern "C" {

const secp256k1_nonce_function secp256k1_nonce_function_rfc6979 = nonce_function_rfc6979;
const secp256k1_nonce_function secp256k1_nonce_function_default = nonce_function_rfc6979;

int secp256k1_ecdsa_signature_parse_der(const secp256k1_context* ctx, secp256k1_ecdsa_signature* sig,
                                        const unsigned char* input, size_t inputlen) {
    ARG_CHECK(sig != NULL);
    ARG_CHECK(input != NULL);
    Scalar r, s;
    if (der_parse_sig(r, s, input, inputlen)) {
        sig_save(sig->data, r, s);
        return 1;
    }
    std::memset(sig, 0, sizeof(*sig));
    return 0;
}

int secp256k1_ecdsa_signature_parse_compact(const secp256k1_context* ctx, secp256k1_ecdsa_signature* sig,
                                            const unsigned char* input64) {
    ARG_CHECK(sig != NULL);
    ARG_CHECK(input64 != NULL);
    Scalar r, s;
    int of1 = 0, of2 = 0;
    scalar_set_b32(r, input64, &of1);
    scalar_set_b32(s, input64 + 32, &of2);
    if (of1 | of2) {
        std::memset(sig, 0, sizeof(*sig));
        return 0;
    }
    sig_save(sig->data, r, s);
    return 1;
}

int secp256k1_ecdsa_signature_serialize_der(const secp256k1_context* ctx, unsigned char* output, size_t* outputlen,
                                            const secp256k1_ecdsa_signature* sig) {
    ARG_CHECK(output != NULL);
    ARG_CHECK(outputlen != NULL);
    ARG_CHECK(sig != NULL);
    Scalar r, s;
    sig_load(r, s, sig->data);
    return der_serialize_sig(output, outputlen, r, s);
}

int secp256k1_ecdsa_signature_serialize_compact(const secp256k1_context* ctx, unsigned char* output64,
                                                const secp256k1_ecdsa_signature* sig) {
    ARG_CHECK(output64 != NULL);
    ARG_CHECK(sig != NULL);
    Scalar r, s;
    sig_load(r, s, sig->data);
    scalar_get_b32(output64, r);
    scalar_get_b32(output64 + 32, s);
    return 1;
}

int secp256k1_ecdsa_signature_normalize(const secp256k1_context* ctx, secp256k1_ecdsa_signature* sigout,
                                        const secp256k1_ecdsa_signature* sigin) {
    ARG_CHECK(sigin != NULL);
    Scalar r, s;
    sig_load(r, s, sigin->data);
    int high = scalar_is_high(s);
    if (sigout != nullptr) {
        if (high) scalar_negate(s, s);
        sig_save(sigout->data, r, s);
    }
    return high;
}

int secp256k1_ecdsa_verify(const secp256k1_context* ctx, const secp256k1_ecdsa_signature* sig,
                           const unsigned char* msghash32, const secp256k1_pubkey* pubkey) {
    ARG_CHECK(msghash32 != NULL);
    ARG_CHECK(sig != NULL);
    ARG_CHECK(pubkey != NULL);
    Scalar r, s, m;
    scalar_set_b32(m, msghash32, nullptr);
    sig_load(r, s, sig->data);
    Ge q;
    return !scalar_is_high(s) && pubkey_load(ctx, q, pubkey) && ecdsa_sig_verify(r, s, q, m);
}

int secp256k1_ecdsa_sign(const secp256k1_context* ctx, secp256k1_ecdsa_signature* signature,
                         const unsigned char* msghash32, const unsigned char* seckey,
                         secp256k1_nonce_function noncefp, const void* noncedata) {
    ARG_CHECK_GEN_BUILT();
    ARG_CHECK(msghash32 != NULL);
    ARG_CHECK(signature != NULL);
    ARG_CHECK(seckey != NULL);
    Scalar r, s;
    int ret = ecdsa_sign_inner(ctx, r, s, nullptr, msghash32, seckey, noncefp, noncedata);
    sig_save(signature->data, r, s);
    return ret;
}

}  // extern "C"
