// BIP-340: challenge hash, nonce derivation and verification.
#include "schemes/schnorr.h"

#include <cstring>

#include "hash/memclear.h"

namespace fastsecp {

const unsigned char BIP340_ALGO[13] = {'B', 'I', 'P', '0', '3', '4', '0', '/', 'n', 'o', 'n', 'c', 'e'};

void bip340_challenge(hash::CompressFn fn, Scalar& e, const unsigned char* r32, const unsigned char* msg,
                      size_t msglen, const unsigned char* pk32) {
    hash::Sha256 h;
    hash::sha256_tagged_init(h, hash::Tag::BIP340Challenge, fn);
    hash::sha256_write(h, r32, 32);
    hash::sha256_write(h, pk32, 32);
    hash::sha256_write(h, msg, msglen);
    unsigned char buf[32];
    hash::sha256_finalize(h, buf);
    scalar_set_b32(e, buf, nullptr);
}

int bip340_nonce(hash::CompressFn fn, unsigned char* nonce32, const unsigned char* msg, size_t msglen,
                 const unsigned char* key32, const unsigned char* xonly_pk32, const unsigned char* algo, size_t algolen,
                 const void* aux32) {
    if (algo == nullptr) return 0;
    unsigned char mask[32];
    hash::Sha256 h;
    hash::sha256_tagged_init(h, hash::Tag::BIP340Aux, fn);
    // Without aux data the mask is the hash of 32 zero bytes (same as passing zeros).
    static const unsigned char zeros[32] = {0};
    hash::sha256_write(h, aux32 ? static_cast<const unsigned char*>(aux32) : zeros, 32);
    hash::sha256_finalize(h, mask);
    for (int i = 0; i < 32; i++) mask[i] ^= key32[i];
    if (algolen == sizeof BIP340_ALGO && std::memcmp(algo, BIP340_ALGO, algolen) == 0)
        hash::sha256_tagged_init(h, hash::Tag::BIP340Nonce, fn);
    else
        hash::sha256_tagged_init(h, algo, algolen, fn);
    hash::sha256_write(h, mask, 32);
    hash::sha256_write(h, xonly_pk32, 32);
    hash::sha256_write(h, msg, msglen);
    hash::sha256_finalize(h, nonce32);
    hash::memclear(mask, sizeof mask);
    return 1;
}

bool bip340_verify(hash::CompressFn fn, const unsigned char* sig64, const unsigned char* msg, size_t msglen,
                   const Ge& pk) {
    Fe rx;
    if (!fe_set_b32_limit(rx, sig64)) return false;
    Scalar s, e;
    int overflow = 0;
    scalar_set_b32(s, sig64 + 32, &overflow);
    if (overflow) return false;
    unsigned char pk32[32];
    Fe px = pk.x;
    fe_normalize_var(px);
    fe_get_b32(pk32, px);
    bip340_challenge(fn, e, sig64, msg, msglen, pk32);
    scalar_negate(e, e);
    Gej pkj, rj;
    gej_set_ge(pkj, pk);
    ecmult(rj, pkj, e, s);  // s·G - e·P
    if (rj.infinity) return false;
    Ge r;
    ge_set_gej_var(r, rj);
    fe_normalize_var(r.y);
    fe_normalize_var(r.x);
    return !fe_is_odd(r.y) && fe_equal_normalized(rx, r.x);
}

int bip340_sign_core(const GenBlind& blind, hash::CompressFn fn, unsigned char* sig64, const unsigned char* msg,
                     size_t msglen, const Scalar& sk, const unsigned char* pk32, const unsigned char* nonce32, int ret,
                     PublishFn publish, const void* arg) {
    Scalar k, one;
    Gej rj;
    Ge r;
    scalar_set_b32(k, nonce32, nullptr);
    ret &= !scalar_is_zero(k);
    scalar_set_int(one, 1);
    scalar_cmov(k, one, (uint64_t)!ret);
    ecmult_gen(blind, rj, k);
    ge_set_gej(r, rj);
    if (publish) publish(&r, sizeof r, arg);  // R is part of the signature
    fe_normalize_var(r.y);
    if (fe_is_odd(r.y)) scalar_negate(k, k);
    fe_normalize_var(r.x);
    fe_get_b32(sig64, r.x);
    bip340_s(fn, sig64 + 32, sig64, msg, msglen, pk32, sk, k);
    hash::memzero_unless(sig64, 64, ret);
    scalar_clear(k);
    return ret;
}

void bip340_s(hash::CompressFn fn, unsigned char* s32, const unsigned char* r32, const unsigned char* msg,
              size_t msglen, const unsigned char* pk32, const Scalar& sk, const Scalar& k) {
    Scalar e;
    bip340_challenge(fn, e, r32, msg, msglen, pk32);
    scalar_mul(e, e, sk);
    scalar_add(e, e, k);
    scalar_get_b32(s32, e);
    scalar_clear(e);
}

void nonce_masked_key(hash::CompressFn fn, unsigned char* out32, const unsigned char* key32, const char* aux_tag,
                      const unsigned char* aux32) {
    hash::Sha256 h;
    hash::sha256_tagged_init(h, reinterpret_cast<const unsigned char*>(aux_tag), std::strlen(aux_tag), fn);
    hash::sha256_write(h, aux32, 32);
    hash::sha256_finalize(h, out32);
    for (int i = 0; i < 32; i++) out32[i] ^= key32[i];
    hash::memclear(&h, sizeof h);
}

}  // namespace fastsecp
