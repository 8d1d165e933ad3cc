/* include/fastsecp_wallet.h from C (compiled as C89 with -pedantic -Werror): a master key from a
 * seed, its xprv text, a child, and the child's P2WPKH address. Returns 1 when all worked. */
#include <fastsecp_wallet.h>

#include <string.h>

int fastsecp_wallet_c_header_check(void) {
    fastsecp_ctx *ctx = NULL;
    fastsecp_xkey m, c;
    unsigned char seed[16];
    unsigned char pub[33];
    char text[FASTSECP_XKEY_STRING_SIZE];
    char addr[FASTSECP_ADDRESS_SIZE];
    int ok;
    unsigned int i;
    for (i = 0; i < 16; i++) seed[i] = (unsigned char)i;
    if (fastsecp_ctx_create(&ctx, NULL) != FASTSECP_OK) return 0;
    ok = fastsecp_xkey_from_seed(ctx, &m, seed, sizeof seed, FASTSECP_XKEY_XPRV) == FASTSECP_OK;
    ok = ok && fastsecp_xkey_serialize(text, sizeof text, &m) == FASTSECP_OK;
    /* BIP-32 test vector 1's master key. */
    ok = ok && strcmp(text, "xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi") == 0;
    ok = ok && fastsecp_xkey_derive_path(ctx, &c, &m, "m/84'/0'/0'/0/0") == FASTSECP_OK;
    ok = ok && fastsecp_xkey_pubkey(ctx, pub, NULL, &c) == FASTSECP_OK;
    ok = ok && fastsecp_address(ctx, addr, sizeof addr, FASTSECP_ADDRESS_P2WPKH, FASTSECP_NETWORK_MAINNET, pub) == FASTSECP_OK;
    ok = ok && strncmp(addr, "bc1q", 4) == 0;
    fastsecp_ctx_destroy(ctx);
    return ok;
}
