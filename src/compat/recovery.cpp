// secp256k1_recovery.h: recoverable ECDSA signatures (r, s, recid) and public key recovery.
#if defined(ENABLE_MODULE_RECOVERY)
#include <secp256k1_recovery.h>

#include "compat/ecdsa_sign.h"
#include "schemes/ecdsa.h"

using namespace fastsecp;
using namespace fastsecp::compat;

// Layout: r (32) || s (32) in raw scalar form, then the recovery id byte.
static void rsig_load(Scalar& r, Scalar& s, int& recid, const secp256k1_ecdsa_recoverable_signature* sig) {
    sig_load(r, s, sig->data);
    recid = sig->data[64];
}
static void rsig_save(secp256k1_ecdsa_recoverable_signature* sig, const Scalar& r, const Scalar& s, int recid) {
    sig_save(sig->data, r, s);
    sig->data[64] = (unsigned char)recid;
}

extern "C" {

int secp256k1_ecdsa_recoverable_signature_parse_compact(const secp256k1_context* ctx,
                                                        secp256k1_ecdsa_recoverable_signature* sig,
                                                        const unsigned char* input64, int recid) {
    ARG_CHECK(sig != NULL);
    ARG_CHECK(input64 != NULL);
    ARG_CHECK(recid >= 0 && recid <= 3);
    Scalar r, s;
    int of1 = 0, of2 = 0;
    scalar_set_b32(r, input64, &of1);
    scalar_set_b32(s, input64 + 32, &of2);
    if (of1 | of2) {
        std::memset(sig, 0, sizeof(*sig));
        return 0;
    }
    rsig_save(sig, r, s, recid);
    return 1;
}

int secp256k1_ecdsa_recoverable_signature_serialize_compact(const secp256k1_context* ctx, unsigned char* output64,
                                                            int* recid,
                                                            const secp256k1_ecdsa_recoverable_signature* sig) {
    ARG_CHECK(output64 != NULL);
    ARG_CHECK(sig != NULL);
    ARG_CHECK(recid != NULL);
    Scalar r, s;
    rsig_load(r, s, *recid, sig);
    scalar_get_b32(output64, r);
    scalar_get_b32(output64 + 32, s);
    return 1;
}

int secp256k1_ecdsa_recoverable_signature_convert(const secp256k1_context* ctx, secp256k1_ecdsa_signature* sig,
                                                  const secp256k1_ecdsa_recoverable_signature* sigin) {
    ARG_CHECK(sig != NULL);
    ARG_CHECK(sigin != NULL);
    Scalar r, s;
    int recid;
    rsig_load(r, s, recid, sigin);
    sig_save(sig->data, r, s);
    return 1;
}

int secp256k1_ecdsa_sign_recoverable(const secp256k1_context* ctx, secp256k1_ecdsa_recoverable_signature* signature,
                                     const unsigned char* msghash32, const unsigned char* seckey,
                                     secp256k1_nonce_function noncefp, const void* noncedata) {
    ARG_CHECK_GEN_BUILT();
    ARG_CHECK(msghash32 != NULL);
    ARG_CHECK(signature != NULL);
    ARG_CHECK(seckey != NULL);
    Scalar r, s;
    int recid;
    int ret = ecdsa_sign_inner(ctx, r, s, &recid, msghash32, seckey, noncefp, noncedata);
    rsig_save(signature, r, s, recid);
    return ret;
}

int secp256k1_ecdsa_recover(const secp256k1_context* ctx, secp256k1_pubkey* pubkey,
                            const secp256k1_ecdsa_recoverable_signature* signature, const unsigned char* msghash32) {
    ARG_CHECK(msghash32 != NULL);
    ARG_CHECK(signature != NULL);
    ARG_CHECK(pubkey != NULL);
    Scalar r, s, m;
    int recid;
    rsig_load(r, s, recid, signature);
    scalar_set_b32(m, msghash32, nullptr);
    Ge q;
    if (ecdsa_sig_recover(r, s, q, m, recid)) {
        pubkey_save(pubkey, q);
        return 1;
    }
    std::memset(pubkey, 0, sizeof(*pubkey));
    return 0;
}

}  // extern "C"
#endif
