/* include/fastsecp.h from C (this file is compiled as C89 with -pedantic -Werror): creates a
 * context with the documented initializer and runs an empty and a one-item batch. */
#include <fastsecp.h>

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
