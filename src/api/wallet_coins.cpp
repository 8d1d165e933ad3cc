// fastsecp_wallet.h, the coin table's parameters: info, symbols and BIP-44 paths (the addresses
// and WIF keys are in wallet_address.cpp).
#include <fastsecp_wallet.h>

#include <cstdio>
#include <cstring>

#include "schemes/address.h"

using namespace fastsecp;

namespace {

bool same_symbol(const char* a, const char* b) {
    for (; *a && *b; a++, b++) {
        char x = *a >= 'a' && *a <= 'z' ? (char)(*a - 32) : *a;
        if (x != *b) return false;
    }
    return *a == 0 && *b == 0;
}

}  // namespace

extern "C" {

fastsecp_status fastsecp_coin_get_info(fastsecp_coin_info* out, fastsecp_coin coin) {
    if (out == nullptr) return FASTSECP_ERR_INVALID_ARGUMENT;
    std::memset(out, 0, sizeof *out);
    if ((unsigned)coin >= address::COIN_COUNT) return FASTSECP_ERR_INVALID_ARGUMENT;
    const address::Params& c = address::COINS[coin];
    out->symbol = c.symbol;
    out->name = c.name;
    out->coin_type = c.coin_type;
    out->kinds = c.kinds;
    out->default_kind = (fastsecp_address_kind)c.default_kind;
    out->format = c.format == address::Format::cashaddr ? FASTSECP_COIN_FORMAT_CASHADDR
                  : c.format == address::Format::evm    ? FASTSECP_COIN_FORMAT_EVM
                                                        : FASTSECP_COIN_FORMAT_BASE58;
    out->version_len = c.version_len;
    std::memcpy(out->p2pkh_version, c.p2pkh, 2);
    std::memcpy(out->p2sh_version, c.p2sh, 2);
    out->wif_version = c.wif;
    out->segwit_hrp = c.segwit_hrp;
    out->cashaddr_prefix = c.cashaddr_prefix;
    out->groestl_checksum = c.checksum == encoding::Checksum::groestl512d;
    return FASTSECP_OK;
}

fastsecp_status fastsecp_coin_from_symbol(fastsecp_coin* out, const char* symbol) {
    if (out == nullptr) return FASTSECP_ERR_INVALID_ARGUMENT;
    *out = FASTSECP_COIN_BTC;
    if (symbol == nullptr) return FASTSECP_ERR_INVALID_ARGUMENT;
    for (size_t i = 0; i < address::COIN_COUNT; i++)
        if (same_symbol(symbol, address::COINS[i].symbol)) {
            *out = (fastsecp_coin)i;
            return FASTSECP_OK;
        }
    return FASTSECP_ERR_INVALID_ARGUMENT;
}

fastsecp_status fastsecp_coin_path(char* out, size_t out_size, fastsecp_coin coin, fastsecp_address_kind kind,
                                   unsigned int account, unsigned int change, unsigned int index) {
    if (out == nullptr) return FASTSECP_ERR_INVALID_ARGUMENT;
    std::memset(out, 0, out_size);
    if ((unsigned)coin >= address::COIN_COUNT || !address::has_kind(address::COINS[coin], (address::Kind)kind) ||
        account >= FASTSECP_BIP32_HARDENED || change >= FASTSECP_BIP32_HARDENED || index >= FASTSECP_BIP32_HARDENED)
        return FASTSECP_ERR_INVALID_ARGUMENT;
    static const unsigned PURPOSE[] = {44, 49, 84, 86, 44};  // by fastsecp_address_kind
    char buf[64];
    int n = std::snprintf(buf, sizeof buf, "m/%u'/%u'/%u'/%u/%u", PURPOSE[kind], address::COINS[coin].coin_type, account,
                          change, index);
    if (n < 0 || (size_t)n >= out_size) return FASTSECP_ERR_BUFFER_TOO_SMALL;
    std::memcpy(out, buf, (size_t)n + 1);
    return FASTSECP_OK;
}

}  // extern "C"
