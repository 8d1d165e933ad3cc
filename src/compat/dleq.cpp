// secp256k1_dleq.h: BIP-374 DLEQ proofs and the BIP-375 share/output calls, on schemes/dleq and
// schemes/bip375. Thin: argument checks, object loading, the self-check of a new proof.
#if defined(ENABLE_MODULE_DLEQ)
#include <secp256k1_dleq.h>

#include <cstring>

#include "compat/context.h"
#include "compat/extrakeys.h"
#include "hash/memclear.h"
#include "schemes/bip375.h"
#include "schemes/dleq.h"

using namespace fastsecp;
using namespace fastsecp::compat;

namespace {

const unsigned char ZERO32[32] = {0};

// Proof of a for base G (the generator when G is null) and B; 0 on a bad key (proof zeroed).
int prove(const secp256k1_context* ctx, unsigned char* proof64, const unsigned char* seckey32, const Ge* G,
          const Ge& B, const unsigned char* aux_rand32, const unsigned char* msg32) {
    Scalar a;
    int bad = scalar_set_b32_or_one(a, seckey32);
    const Ge& base = G ? *G : ge_generator();
    bool ok = dleq::prove(proof64, ctx->gen_blind, a, base, G == nullptr, B, aux_rand32 ? aux_rand32 : ZERO32, msg32,
                          sha_of(ctx));
    int ret = (int)ok & !bad;
    scalar_clear(a);
    declassify(ctx, &ret, sizeof ret);
    declassify(ctx, proof64, 64);  // the proof is public once made
    if (ret) {
        // The BIP's reference checks its proof before returning it (a fault would leak a).
        Gej aj;
        Ge A, C;
        Scalar a2;
        scalar_set_b32_or_one(a2, seckey32);
        if (G) ecmult_const(aj, base, a2);
        else ecmult_gen(ctx->gen_blind, aj, a2);
        Gej cj;
        ecmult_const(cj, B, a2);
        scalar_clear(a2);
        ge_set_gej(A, aj);
        ge_set_gej(C, cj);
        declassify(ctx, &A, sizeof A);
        declassify(ctx, &C, sizeof C);
        ret = dleq::verify_var(proof64, base, G == nullptr, A, B, C, msg32, sha_of(ctx));
    }
    if (!ret) std::memset(proof64, 0, 64);
    return ret;
}

int verify(const secp256k1_context* ctx, const unsigned char* proof64, const Ge* G, const secp256k1_pubkey* pa,
           const secp256k1_pubkey* pb, const secp256k1_pubkey* pc, const unsigned char* msg32) {
    Ge A, B, C;
    if (!pubkey_load(ctx, A, pa) || !pubkey_load(ctx, B, pb) || !pubkey_load(ctx, C, pc)) return 0;
    return dleq::verify_var(proof64, G ? *G : ge_generator(), G == nullptr, A, B, C, msg32, sha_of(ctx));
}

}  // namespace

extern "C" {

int secp256k1_dleq_prove(const secp256k1_context* ctx, unsigned char* proof64, const unsigned char* seckey32,
                         const secp256k1_pubkey* pubkey_B, const unsigned char* aux_rand32, const unsigned char* msg32) {
    ARG_CHECK_GEN_BUILT();
    ARG_CHECK(proof64 != NULL);
    std::memset(proof64, 0, 64);
    ARG_CHECK(seckey32 != NULL);
    ARG_CHECK(pubkey_B != NULL);
    Ge B;
    if (!pubkey_load(ctx, B, pubkey_B)) return 0;
    return prove(ctx, proof64, seckey32, nullptr, B, aux_rand32, msg32);
}

int secp256k1_dleq_verify(const secp256k1_context* ctx, const unsigned char* proof64, const secp256k1_pubkey* pubkey_A,
                          const secp256k1_pubkey* pubkey_B, const secp256k1_pubkey* pubkey_C,
                          const unsigned char* msg32) {
    ARG_CHECK(proof64 != NULL);
    ARG_CHECK(pubkey_A != NULL);
    ARG_CHECK(pubkey_B != NULL);
    ARG_CHECK(pubkey_C != NULL);
    return verify(ctx, proof64, nullptr, pubkey_A, pubkey_B, pubkey_C, msg32);
}

int secp256k1_dleq_prove_with_base(const secp256k1_context* ctx, unsigned char* proof64, const unsigned char* seckey32,
                                   const secp256k1_pubkey* base_G, const secp256k1_pubkey* pubkey_B,
                                   const unsigned char* aux_rand32, const unsigned char* msg32) {
    ARG_CHECK_GEN_BUILT();
    ARG_CHECK(proof64 != NULL);
    std::memset(proof64, 0, 64);
    ARG_CHECK(seckey32 != NULL);
    ARG_CHECK(base_G != NULL);
    ARG_CHECK(pubkey_B != NULL);
    Ge G, B;
    if (!pubkey_load(ctx, G, base_G) || !pubkey_load(ctx, B, pubkey_B)) return 0;
    return prove(ctx, proof64, seckey32, &G, B, aux_rand32, msg32);
}

int secp256k1_dleq_verify_with_base(const secp256k1_context* ctx, const unsigned char* proof64,
                                    const secp256k1_pubkey* base_G, const secp256k1_pubkey* pubkey_A,
                                    const secp256k1_pubkey* pubkey_B, const secp256k1_pubkey* pubkey_C,
                                    const unsigned char* msg32) {
    ARG_CHECK(proof64 != NULL);
    ARG_CHECK(base_G != NULL);
    ARG_CHECK(pubkey_A != NULL);
    ARG_CHECK(pubkey_B != NULL);
    ARG_CHECK(pubkey_C != NULL);
    Ge G;
    if (!pubkey_load(ctx, G, base_G)) return 0;
    return verify(ctx, proof64, &G, pubkey_A, pubkey_B, pubkey_C, msg32);
}

int secp256k1_silentpayments_psbt_ecdh_share(const secp256k1_context* ctx, secp256k1_pubkey* share,
                                             unsigned char* proof64, const unsigned char* seckey32,
                                             const secp256k1_pubkey* scan_pubkey, const unsigned char* aux_rand32) {
    ARG_CHECK_GEN_BUILT();
    ARG_CHECK(share != NULL);
    std::memset(share, 0, sizeof *share);
    ARG_CHECK(proof64 != NULL);
    std::memset(proof64, 0, 64);
    ARG_CHECK(seckey32 != NULL);
    ARG_CHECK(scan_pubkey != NULL);
    Ge B;
    if (!pubkey_load(ctx, B, scan_pubkey)) return 0;
    int ret = prove(ctx, proof64, seckey32, nullptr, B, aux_rand32, nullptr);
    if (!ret) return 0;
    Scalar a;
    scalar_set_b32_or_one(a, seckey32);
    Gej cj;
    Ge C;
    ecmult_const(cj, B, a);
    ge_set_gej(C, cj);
    scalar_clear(a);
    declassify(ctx, &C, sizeof C);  // the share goes into the PSBT
    pubkey_save(share, C);
    hash::memclear(&cj, sizeof cj);
    return 1;
}

int secp256k1_silentpayments_psbt_output(const secp256k1_context* ctx, secp256k1_xonly_pubkey* output,
                                         const unsigned char* smallest_outpoint36,
                                         const secp256k1_pubkey* input_pubkey_sum, const secp256k1_pubkey* share,
                                         const secp256k1_pubkey* spend_pubkey, uint32_t k) {
    ARG_CHECK(output != NULL);
    std::memset(output, 0, sizeof *output);
    ARG_CHECK(smallest_outpoint36 != NULL);
    ARG_CHECK(input_pubkey_sum != NULL);
    ARG_CHECK(share != NULL);
    ARG_CHECK(spend_pubkey != NULL);
    Ge A, C, spend, out;
    if (!pubkey_load(ctx, A, input_pubkey_sum) || !pubkey_load(ctx, C, share) || !pubkey_load(ctx, spend, spend_pubkey))
        return 0;
    if (!bip375::output_xonly(out, smallest_outpoint36, A, C, spend, k, sha_of(ctx))) return 0;
    point_save(output->data, out);
    return 1;
}

}  // extern "C"

#endif  // ENABLE_MODULE_DLEQ
