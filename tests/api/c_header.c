/* include/fastsecp.h from C (this file is compiled as C89 with -pedantic -Werror): creates a
 * context with the documented initializer and runs an empty and a one-item batch. */
#include <fastsecp.h>
#include <fastsecp_gpu.h>

int fastsecp_c_header_check(void) {
    fastsecp_ctx *ctx = NULL;
    fastsecp_ctx_options opt = FASTSECP_CTX_OPTIONS_INIT;
    unsigned char sec[32] = {0}, pub[33];
    fastsecp_status st = FASTSECP_OK;
    int ok;
    sec[31] = 1;
    opt.n_threads = 1;
    if (fastsecp_ctx_create(&ctx, &opt) != FASTSECP_OK) return 0;
    ok = fastsecp_pubkey_create_batch(ctx, NULL, NULL, NULL, 0) == FASTSECP_OK;
    ok = ok && fastsecp_pubkey_create_batch(ctx, &st, pub, sec, 1) == FASTSECP_OK && st == FASTSECP_OK;
    ok = ok && pub[0] == 0x02 && fastsecp_strerror(st) != NULL && fastsecp_version() == FASTSECP_VERSION_NUMBER;
    fastsecp_ctx_destroy(ctx);
    return ok;
}

/* include/fastsecp_gpu.h from C: a CPU-backend context with the documented initializer. */
int fastsecp_gpu_c_header_check(void) {
    fastsecp_gpu_ctx *g = NULL;
    fastsecp_gpu_options opt = FASTSECP_GPU_OPTIONS_INIT;
    unsigned char sc[32] = {0}, pub[33];
    fastsecp_status st = FASTSECP_OK;
    int ok;
    sc[31] = 1;
    opt.backend = FASTSECP_GPU_BACKEND_CPU;
    if (fastsecp_gpu_ctx_create(&g, &opt) != FASTSECP_OK) return 0;
    ok = fastsecp_gpu_ctx_backend(g) == FASTSECP_GPU_BACKEND_CPU && fastsecp_gpu_ctx_describe(g) != NULL;
    ok = ok && fastsecp_gpu_ecmult_gen_batch(g, &st, pub, sc, 1) == FASTSECP_OK && pub[0] == 0x02;
    fastsecp_gpu_ctx_destroy(g);
    return ok;
}
