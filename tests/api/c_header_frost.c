/* include/secp256k1_frost.h from C (compiled as C89 with -pedantic -Werror): a 2-of-2 dealer
 * split, one signing run, the BIP-340 check of the result. */
#include <secp256k1.h>
#include <secp256k1_extrakeys.h>
#include <secp256k1_frost.h>
#include <secp256k1_schnorrsig.h>

int fastsecp_c_header_frost_check(void) {
    secp256k1_context *ctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
    unsigned char seed[32] = {1}, shares[64], rnd[32], msg[32] = {2}, sig[64];
    secp256k1_pubkey pks[2], thresh;
    const secp256k1_pubkey *set[2];
    uint32_t ids[2] = {0, 1};
    secp256k1_frost_secnonce sn[2];
    secp256k1_frost_pubnonce pn[2];
    const secp256k1_frost_pubnonce *pp[2];
    secp256k1_frost_aggnonce agg;
    secp256k1_frost_session session;
    secp256k1_frost_partial_sig ps[2];
    const secp256k1_frost_partial_sig *psp[2];
    secp256k1_xonly_pubkey xq;
    int ok, i;
    ok = secp256k1_frost_shares_gen(ctx, shares, pks, &thresh, seed, 2, 2);
    set[0] = &pks[0];
    set[1] = &pks[1];
    for (i = 0; i < 2 && ok; i++) {
        rnd[0] = (unsigned char)(i + 1);
        rnd[1] = 7;
        ok = secp256k1_frost_nonce_gen(ctx, &sn[i], &pn[i], rnd, NULL, NULL, NULL, msg, 32, NULL, 0);
        pp[i] = &pn[i];
    }
    ok = ok && secp256k1_frost_nonce_agg(ctx, &agg, pp, 2);
    ok = ok && secp256k1_frost_nonce_process(ctx, &session, &agg, msg, 32, 2, 2, ids, set, 2, &thresh, NULL);
    for (i = 0; i < 2 && ok; i++) {
        ok = secp256k1_frost_partial_sign(ctx, &ps[i], &sn[i], shares + 32 * i, ids[i], &session, ids, set, 2);
        psp[i] = &ps[i];
    }
    ok = ok && secp256k1_frost_partial_sig_agg(ctx, sig, &session, psp, 2);
    ok = ok && secp256k1_xonly_pubkey_from_pubkey(ctx, &xq, NULL, &thresh);
    ok = ok && secp256k1_schnorrsig_verify(ctx, sig, msg, 32, &xq);
    secp256k1_context_destroy(ctx);
    return ok;
}
