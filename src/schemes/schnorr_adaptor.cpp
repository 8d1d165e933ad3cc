// Schnorr (BIP-340) adaptor signatures (see schnorr_adaptor.h).
#include "schemes/schnorr_adaptor.h"

#include <cstring>

#include "hash/memclear.h"
#include "schemes/eckey.h"

namespace fastsecp::schnorr_adaptor {

const unsigned char ALGO_NONCE[20] = {'S', 'c', 'h', 'n', 'o', 'r', 'r', 'A', 'd', 'a',
                                      'p', 't', 'o', 'r', '/', 'n', 'o', 'n', 'c', 'e'};

namespace {

constexpr const char* TAG_AUX = "SchnorrAdaptor/aux";

// The scalar of bytes 33..64 (s'); false when it is >= n.
bool load_s(Scalar& s, const unsigned char* b32) {
    int overflow = 0;
    scalar_set_b32(s, b32, &overflow);
    return overflow == 0;
}

bool tag_ok(unsigned char tag) { return tag == 0x02 || tag == 0x03; }

}  // namespace

void nonce_hash(unsigned char nonce32[32], const unsigned char* msg32, const unsigned char* key32,
                const unsigned char* adaptor33, const unsigned char* pk32, const unsigned char* algo,
                std::size_t algolen, const unsigned char* aux32, hash::CompressFn fn) {
    static const unsigned char zero32[32] = {0};
    unsigned char masked[32];
    nonce_masked_key(fn, masked, key32, TAG_AUX, aux32 ? aux32 : zero32);
    hash::Sha256 h;
    hash::sha256_tagged_init(h, algo, algolen, fn);
    hash::sha256_write(h, masked, 32);
    hash::sha256_write(h, adaptor33, 33);
    hash::sha256_write(h, pk32, 32);
    hash::sha256_write(h, msg32, 32);
    hash::sha256_finalize(h, nonce32);
    hash::memclear(masked, sizeof masked);
    hash::memclear(&h, sizeof h);
}

int presign_core(const GenBlind& blind, hash::CompressFn fn, unsigned char pre_sig65[65], const unsigned char msg32[32],
                 const Scalar& sk, const unsigned char pk32[32], const Ge& T, const unsigned char nonce32[32], int ret,
                 PublishFn publish, const void* arg) {
    Scalar k, one;
    scalar_set_b32(k, nonce32, nullptr);
    ret &= !scalar_is_zero(k);
    scalar_set_int(one, 1);
    scalar_cmov(k, one, (uint64_t)!ret);
    Gej rj;
    Ge r;
    ecmult_gen(blind, rj, k);
    ge_set_gej(r, rj);  // constant time
    hash::memclear(&rj, sizeof rj);
    if (publish) publish(&r, sizeof r, arg);  // R = R' - T: public from here on
    // R' = R + T (public).
    Gej rpj;
    gej_set_ge(rpj, r);
    gej_add_ge_var(rpj, rpj, T);
    Ge rp;
    if (rpj.infinity) {
        ret = 0;
        rp = ge_generator();  // any point: the output is zeroed
    } else {
        ge_set_gej_var(rp, rpj);
    }
    pubkey_serialize33(pre_sig65, rp);
    // The signature's nonce is R' with even y: for odd y it is -R' = -k·G - T, so k is negated.
    scalar_cond_negate(k, (uint64_t)(pre_sig65[0] == 0x03));
    bip340_s(fn, pre_sig65 + 33, pre_sig65 + 1, msg32, 32, pk32, sk, k);
    hash::memzero_unless(pre_sig65, 65, ret);
    scalar_clear(k);
    return ret;
}

bool extract_var(Ge& T, const unsigned char pre_sig65[65], const unsigned char msg32[32], const Ge& P,
                 const unsigned char pk32[32], hash::CompressFn fn) {
    Ge rp;
    if (!pubkey_parse(rp, pre_sig65, 33)) return false;
    Scalar s, e;
    if (!load_s(s, pre_sig65 + 33)) return false;
    bip340_challenge(fn, e, pre_sig65 + 1, msg32, 32, pk32);
    scalar_negate(e, e);
    Gej pj, rj;
    gej_set_ge(pj, P);
    ecmult(rj, pj, e, s);  // R = s'·G - e·P
    if (rj.infinity) return false;
    // s' = k' + e·d with k' = k (R' even) or -k (R' odd), so R = ±k·G and T = R' ∓ R.
    if (pre_sig65[0] == 0x02) gej_neg(rj, rj);
    gej_add_ge_var(rj, rj, rp);
    if (rj.infinity) return false;
    ge_set_gej_var(T, rj);
    return true;
}

bool adapt(unsigned char sig64[64], const unsigned char pre_sig65[65], const unsigned char sec_adaptor32[32]) {
    const unsigned char tag = pre_sig65[0];
    Scalar s, t;
    if (!tag_ok(tag) || !load_s(s, pre_sig65 + 33)) {
        std::memset(sig64, 0, 64);
        return false;
    }
    int overflow = 0;
    scalar_set_b32(t, sec_adaptor32, &overflow);
    const int ok = !overflow;
    scalar_cond_negate(t, (uint64_t)(tag == 0x03));  // the tag is public
    scalar_add(s, s, t);
    std::memmove(sig64, pre_sig65 + 1, 32);  // s' was read before: sig64 may be pre_sig65
    scalar_get_b32(sig64 + 32, s);
    hash::memzero_unless(sig64, 64, ok);
    scalar_clear(t);
    scalar_clear(s);
    return ok;
}

bool extract_sec(unsigned char sec_adaptor32[32], const unsigned char pre_sig65[65], const unsigned char sig64[64]) {
    const unsigned char tag = pre_sig65[0];
    Scalar sp, s, t;
    if (!tag_ok(tag) || !load_s(sp, pre_sig65 + 33)) {
        std::memset(sec_adaptor32, 0, 32);
        return false;
    }
    int overflow = 0;
    scalar_set_b32(s, sig64 + 32, &overflow);
    const int ok = !overflow;
    scalar_negate(sp, sp);
    scalar_add(t, s, sp);                             // s - s'
    scalar_cond_negate(t, (uint64_t)(tag == 0x03));  // s' - s for an odd R'
    scalar_get_b32(sec_adaptor32, t);
    hash::memzero_unless(sec_adaptor32, 32, ok);
    scalar_clear(t);
    return ok;
}

}  // namespace fastsecp::schnorr_adaptor
