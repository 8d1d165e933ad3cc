// fastsecp_wallet.h, Ethereum: Keccak-256, addresses, EIP-55, signatures (r, s, v).
#include <fastsecp_wallet.h>

#include <cstring>

#include "api/context.h"
#include "api/parse.h"
#include "hash/keccak.h"
#include "schemes/eth.h"

using namespace fastsecp;

extern "C" {

fastsecp_status fastsecp_keccak256(unsigned char* out32, const unsigned char* data, size_t len) {
    if (out32 == nullptr || (data == nullptr && len != 0)) return FASTSECP_ERR_INVALID_ARGUMENT;
    static const unsigned char empty[1] = {0};
    hash::keccak256(data ? data : empty, len, out32);
    return FASTSECP_OK;
}

fastsecp_status fastsecp_eth_address(unsigned char* out20, const unsigned char* pubkey, size_t pubkey_len) {
    if (out20 == nullptr) return FASTSECP_ERR_INVALID_ARGUMENT;
    std::memset(out20, 0, 20);
    if (pubkey == nullptr) return FASTSECP_ERR_INVALID_ARGUMENT;
    Ge p;
    fastsecp_status st = api::parse_pubkey(p, pubkey, pubkey_len);
    if (st != FASTSECP_OK) return st;
    eth::address(out20, p);
    return FASTSECP_OK;
}

fastsecp_status fastsecp_eth_address_to_checksum(char* out, size_t out_size, const unsigned char* addr20) {
    if (out == nullptr || addr20 == nullptr) return FASTSECP_ERR_INVALID_ARGUMENT;
    std::memset(out, 0, out_size);
    if (out_size < 43) return FASTSECP_ERR_BUFFER_TOO_SMALL;
    eth::checksum_text(out, addr20);
    return FASTSECP_OK;
}

fastsecp_status fastsecp_eth_address_parse(unsigned char* out20, const char* text) {
    if (out20) std::memset(out20, 0, 20);
    if (text == nullptr) return FASTSECP_ERR_INVALID_ARGUMENT;
    if (std::strlen(text) != 42 || text[0] != '0' || text[1] != 'x') return FASTSECP_ERR_BAD_ENCODING;
    unsigned char a[20];
    bool lower = false, upper = false;
    for (int i = 0; i < 40; i++) {
        char c = text[2 + i];
        int v;
        if (c >= '0' && c <= '9') v = c - '0';
        else if (c >= 'a' && c <= 'f') v = c - 'a' + 10, lower = true;
        else if (c >= 'A' && c <= 'F') v = c - 'A' + 10, upper = true;
        else return FASTSECP_ERR_BAD_ENCODING;
        if (i % 2 == 0) a[i / 2] = (unsigned char)(v << 4);
        else a[i / 2] |= (unsigned char)v;
    }
    if (lower && upper) {
        char want[43];
        eth::checksum_text(want, a);
        if (std::memcmp(want + 2, text + 2, 40) != 0) return FASTSECP_ERR_BAD_CHECKSUM;
    }
    if (out20) std::memcpy(out20, a, 20);
    return FASTSECP_OK;
}

fastsecp_status fastsecp_eth_sign(const fastsecp_ctx* ctx, unsigned char* sig65, const unsigned char* hash32,
                                  const unsigned char* seckey32) {
    if (sig65 == nullptr) return FASTSECP_ERR_INVALID_ARGUMENT;
    std::memset(sig65, 0, 65);
    if (ctx == nullptr || hash32 == nullptr || seckey32 == nullptr) return FASTSECP_ERR_INVALID_ARGUMENT;
    Scalar k, one, r, s;
    bool valid = scalar_set_b32_seckey(k, seckey32);
    scalar_set_int(one, 1);
    scalar_cmov(k, one, (uint64_t)!valid);
    int recid = 0;
    bool ok = eth::sign(ctx->gen_blind, r, s, recid, hash32, k);
    scalar_clear(k);
    ok = (int)ok & (int)valid;  // no short-circuit branch on the key's validity
    api::declassify(&ok, sizeof ok);
    if (!ok) return FASTSECP_ERR_SCALAR_OUT_OF_RANGE;
    scalar_get_b32(sig65, r);
    scalar_get_b32(sig65 + 32, s);
    sig65[64] = (unsigned char)(27 + recid);
    return FASTSECP_OK;
}

}  // extern "C"
