/* include/secp256k1_frost_rfc9591.h from C (compiled as C89 with -pedantic -Werror): a 2-of-2
 * dealer split, one signing run in the RFC's encodings, verification of the 65-byte signature. */
#include <secp256k1.h>
#include <secp256k1_frost_rfc9591.h>

int fastsecp_c_header_frost_rfc9591_check(void) {
    secp256k1_context *ctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
    unsigned char secret[32] = {3}, coef[32] = {4}, shares[64], vss[66], coms[132], rnd[32] = {5}, z[64], sig[65];
    unsigned char msg[3] = {'a', 'b', 'c'}, ps[33];
    uint32_t ids[2] = {1, 2};
    secp256k1_frost_rfc9591_secnonce sn[2];
    int ok, i;
    ok = secp256k1_frost_rfc9591_dealer_keygen(ctx, shares, vss, secret, coef, 2, 2);
    for (i = 0; i < 2 && ok; i++) {
        rnd[1] = (unsigned char)i;
        ok = secp256k1_frost_rfc9591_vss_verify(ctx, shares + 32 * i, ids[i], vss, 2) &&
             secp256k1_frost_rfc9591_nonce_gen(ctx, &sn[i], coms + 66 * i, rnd, rnd, shares + 32 * i);
    }
    for (i = 0; i < 2 && ok; i++) {
        ok = secp256k1_frost_rfc9591_sign(ctx, z + 32 * i, &sn[i], shares + 32 * i, ids[i], vss, msg, 3, ids, coms, 2) &&
             secp256k1_frost_rfc9591_pubshare(ctx, ps, ids[i], vss, 2) &&
             secp256k1_frost_rfc9591_verify_share(ctx, z + 32 * i, ids[i], ps, vss, msg, 3, ids, coms, 2);
    }
    ok = ok && secp256k1_frost_rfc9591_aggregate(ctx, sig, z, vss, msg, 3, ids, coms, 2);
    ok = ok && secp256k1_frost_rfc9591_verify(ctx, sig, msg, 3, vss);
    secp256k1_context_destroy(ctx);
    return ok;
}
