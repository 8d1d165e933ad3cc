/* A C program written for libsecp256k1: built against an installed fastsecp (pkg-config or CMake
 * package) by tools/test.sh to check the drop-in install. Signs, verifies, exits 0 on success. */
#include <secp256k1.h>
#include <secp256k1_extrakeys.h>
#include <secp256k1_schnorrsig.h>
#include <stdio.h>
#include <string.h>

int main(void) {
    unsigned char seckey[32], msg[32], sig64[64];
    secp256k1_context* ctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
    secp256k1_pubkey pub;
    secp256k1_ecdsa_signature sig;
    secp256k1_keypair kp;
    secp256k1_xonly_pubkey xpub;
    int ok = 1;
    memset(seckey, 0x42, sizeof seckey);
    memset(msg, 0x17, sizeof msg);
    ok &= secp256k1_ec_pubkey_create(ctx, &pub, seckey);
    ok &= secp256k1_ecdsa_sign(ctx, &sig, msg, seckey, NULL, NULL);
    ok &= secp256k1_ecdsa_verify(ctx, &sig, msg, &pub);
    ok &= secp256k1_keypair_create(ctx, &kp, seckey);
    ok &= secp256k1_keypair_xonly_pub(ctx, &xpub, NULL, &kp);
    ok &= secp256k1_schnorrsig_sign32(ctx, sig64, msg, &kp, NULL);
    ok &= secp256k1_schnorrsig_verify(ctx, sig64, msg, 32, &xpub);
    secp256k1_context_destroy(ctx);
    printf("consumer: %s\n", ok ? "ok" : "FAILED");
    return ok ? 0 : 1;
}
