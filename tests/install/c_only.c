/* A plain C program on the static library: built by tools/test.sh with `cc` and nothing but the
 * flags `pkg-config --static` prints, once against libc dynamically and once with -static, to
 * prove the library needs no C++ runtime. It uses the threaded batch API too (the worker threads
 * are the part that needs libpthread), and checks every result against the one-call API. */
#include <fastsecp.h>
#include <secp256k1.h>
#include <secp256k1_ecdh.h>
#include <secp256k1_extrakeys.h>
#include <secp256k1_schnorrsig.h>
#include <stdio.h>
#include <string.h>

#define N 256

int main(void) {
    static unsigned char seckeys[32 * N], batch_pub[33 * N];
    static fastsecp_status results[N];
    unsigned char msg[32], sig64[64], shared[32], ser[33];
    size_t len;
    int i, ok = 1;
    secp256k1_context *ctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
    fastsecp_ctx *fctx = NULL;
    fastsecp_ctx_options opt = FASTSECP_CTX_OPTIONS_INIT;
    secp256k1_pubkey pub;
    secp256k1_keypair kp;
    secp256k1_xonly_pubkey xpub;

    for (i = 0; i < 32 * N; i++) seckeys[i] = (unsigned char)(i * 7 + 1);
    memset(msg, 0x17, sizeof msg);
    ok &= secp256k1_keypair_create(ctx, &kp, seckeys);
    ok &= secp256k1_keypair_xonly_pub(ctx, &xpub, NULL, &kp);
    ok &= secp256k1_schnorrsig_sign32(ctx, sig64, msg, &kp, NULL);
    ok &= secp256k1_schnorrsig_verify(ctx, sig64, msg, 32, &xpub);
    ok &= secp256k1_ec_pubkey_create(ctx, &pub, seckeys + 32);
    ok &= secp256k1_ecdh(ctx, shared, &pub, seckeys, NULL, NULL);

    opt.n_threads = 2;
    ok &= fastsecp_ctx_create(&fctx, &opt) == FASTSECP_OK;
    ok &= fastsecp_ctx_threads(fctx) == 2;
    ok &= fastsecp_pubkey_create_batch(fctx, results, batch_pub, seckeys, N) == FASTSECP_OK;
    for (i = 0; i < N && ok; i++) {
        len = sizeof ser;
        ok &= secp256k1_ec_pubkey_create(ctx, &pub, seckeys + 32 * i);
        ok &= secp256k1_ec_pubkey_serialize(ctx, ser, &len, &pub, SECP256K1_EC_COMPRESSED);
        ok &= memcmp(ser, batch_pub + 33 * i, 33) == 0;
    }
    fastsecp_ctx_destroy(fctx);
    secp256k1_context_destroy(ctx);
    printf("c_only: %s\n", ok ? "ok" : "FAILED");
    return ok ? 0 : 1;
}
