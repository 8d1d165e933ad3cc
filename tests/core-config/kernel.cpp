// Stands for Core's libbitcoinkernel: a shared library with secp256k1_objs inside, hidden
// visibility, exporting only its own API. check_kernel_exports.cmake checks no secp256k1_* symbol
// leaks out of it (Core: "prevent secp's symbols from being exported by our libs").
#include <secp256k1.h>

#define KERNEL_API __attribute__((visibility("default")))

KERNEL_API int core_config_kernel_check(void) {
    secp256k1_context* ctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
    unsigned char sk[32] = {1};
    secp256k1_pubkey pk;
    const int ok = ctx != nullptr && secp256k1_ec_pubkey_create(ctx, &pk, sk) == 1;
    secp256k1_context_destroy(ctx);
    return ok ? 1 : 0;
}
