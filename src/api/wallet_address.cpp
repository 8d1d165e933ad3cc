// fastsecp_wallet.h, encodings and addresses: Base58Check, Bech32/Bech32m, segwit addresses, WIF
// and the address kinds of a public key (one and many), for Bitcoin's networks and the coin table.
#include <fastsecp_wallet.h>

#include <cstring>

#include "api/batch_call.h"
#include "api/parse.h"
#include "encoding/base58.h"
#include "encoding/bech32.h"
#include "hash/memclear.h"
#include "schemes/address.h"
#include "schemes/eckey.h"
#include "schemes/taproot.h"

using namespace fastsecp;

namespace {

bool network_ok(fastsecp_network n) {
    return n == FASTSECP_NETWORK_MAINNET || n == FASTSECP_NETWORK_TESTNET || n == FASTSECP_NETWORK_REGTEST;
}
bool coin_ok(fastsecp_coin c) { return (unsigned)c < address::COIN_COUNT; }
address::Kind to_kind(fastsecp_address_kind k) { return (address::Kind)k; }

fastsecp_status from_bech32(encoding::Bech32Error e) {
    switch (e) {
        case encoding::Bech32Error::ok: return FASTSECP_OK;
        case encoding::Bech32Error::bad_checksum:
        case encoding::Bech32Error::wrong_variant: return FASTSECP_ERR_BAD_CHECKSUM;
        default: return FASTSECP_ERR_BAD_ENCODING;
    }
}

// The even-y point of a parsed key (BIP-86: the internal key is its x coordinate).
Ge even_y(const Ge& p) {
    Ge r = p;
    fe_normalize_var(r.y);
    if (fe_is_odd(r.y)) ge_neg(r, r);
    fe_normalize_var(r.y);
    return r;
}

// The address of a parsed key p (pub33: its compressed bytes) in a kind the coin has; output_x32 is
// the P2TR output key's x.
size_t write_address(char* out, size_t cap, const address::Params& coin, fastsecp_address_kind kind,
                     const unsigned char* pub33, const Ge& p, const unsigned char* output_x32) {
    if (kind == FASTSECP_ADDRESS_P2TR) return address::encode(out, cap, coin, address::Kind::p2tr, output_x32);
    if (kind == FASTSECP_ADDRESS_EVM) {
        unsigned char xy[64];
        Fe x = p.x, y = p.y;
        fe_normalize_var(x);
        fe_normalize_var(y);
        fe_get_b32(xy, x);
        fe_get_b32(xy + 32, y);
        return address::encode(out, cap, coin, address::Kind::evm, xy);
    }
    return address::encode(out, cap, coin, to_kind(kind), pub33);
}

void internal_tweak(unsigned char t32[32], const Ge& p_even) {
    unsigned char x[32];
    Fe px = p_even.x;
    fe_normalize_var(px);
    fe_get_b32(x, px);
    taproot::tweak_hash(t32, x, nullptr);
}

fastsecp_status address_one(const fastsecp_ctx* ctx, char* out, size_t out_size, const address::Params* coin,
                            fastsecp_address_kind kind, const unsigned char* pubkey33) {
    if (out == nullptr) return FASTSECP_ERR_INVALID_ARGUMENT;
    std::memset(out, 0, out_size);
    if (ctx == nullptr || pubkey33 == nullptr || coin == nullptr || !address::has_kind(*coin, to_kind(kind)))
        return FASTSECP_ERR_INVALID_ARGUMENT;
    Ge p;
    if (pubkey33[0] != 2 && pubkey33[0] != 3) return FASTSECP_ERR_BAD_ENCODING;
    fastsecp_status st = api::parse_pubkey(p, pubkey33, 33);
    if (st != FASTSECP_OK) return st;
    unsigned char qx[32] = {0};
    if (kind == FASTSECP_ADDRESS_P2TR) {
        Ge pe = even_y(p), q;
        unsigned char t[32];
        internal_tweak(t, pe);
        if (!taproot::output_key(q, pe, t)) return FASTSECP_ERR_POINT_AT_INFINITY;  // ~2^-128
        fe_get_b32(qx, q.x);
    }
    if (write_address(out, out_size, *coin, kind, pubkey33, p, qx) == 0) {
        std::memset(out, 0, out_size);
        return FASTSECP_ERR_BUFFER_TOO_SMALL;
    }
    return FASTSECP_OK;
}

fastsecp_status address_many(const fastsecp_ctx* ctx, fastsecp_status* results, char* out, size_t stride,
                             const address::Params* coin, fastsecp_address_kind kind, const unsigned char* pubkeys33,
                             size_t n) {
    if (!api::arrays_ok(ctx, n, {results, out, pubkeys33}) || coin == nullptr || !address::has_kind(*coin, to_kind(kind)))
        return api::fail_all(results, n, FASTSECP_ERR_INVALID_ARGUMENT);
    batch::RangePlan plan(ctx->pool, n, taproot::BLOCK, 4);
    batch::run_plan(ctx->pool, plan, [&](size_t, size_t begin, size_t end) {
        for (size_t i = begin; i < end; i += taproot::BLOCK) {
            size_t count = end - i < taproot::BLOCK ? end - i : taproot::BLOCK;
            Ge p[taproot::BLOCK], q[taproot::BLOCK];
            bool ok[taproot::BLOCK];
            unsigned char t[32 * taproot::BLOCK];
            const unsigned char* keys[taproot::BLOCK];
            size_t lens[taproot::BLOCK];
            fastsecp_status* st = results + i;
            for (size_t j = 0; j < count; j++) {
                keys[j] = pubkeys33 + 33 * (i + j);
                lens[j] = 33;
            }
            api::parse_pubkeys(p, st, keys, lens, count);  // square roots several at a time
            for (size_t j = 0; j < count; j++) {
                if (st[j] == FASTSECP_OK && keys[j][0] != 2 && keys[j][0] != 3) st[j] = FASTSECP_ERR_BAD_ENCODING;
                if (st[j] != FASTSECP_OK) ge_set_infinity(p[j]);
            }
            if (kind == FASTSECP_ADDRESS_P2TR) {
                for (size_t j = 0; j < count; j++) {
                    if (st[j] != FASTSECP_OK) {
                        std::memset(t + 32 * j, 0xFF, 32);  // >= n: skipped by output_keys
                        continue;
                    }
                    p[j] = even_y(p[j]);
                    internal_tweak(t + 32 * j, p[j]);
                }
                taproot::output_keys(q, ok, p, t, count);
            }
            for (size_t j = 0; j < count; j++) {
                char* o = out + stride * (i + j);
                unsigned char qx[32] = {0};
                if (st[j] == FASTSECP_OK && kind == FASTSECP_ADDRESS_P2TR) {
                    if (!ok[j]) st[j] = FASTSECP_ERR_POINT_AT_INFINITY;
                    else fe_get_b32(qx, q[j].x);
                }
                if (st[j] == FASTSECP_OK && write_address(o, stride, *coin, kind, keys[j], p[j], qx) == 0)
                    st[j] = FASTSECP_ERR_BUFFER_TOO_SMALL;
                if (st[j] != FASTSECP_OK) std::memset(o, 0, stride);
            }
        }
    });
    return api::summarize(results, n);
}

// 0 < key < n, in constant time (only the answer is published).
bool seckey_valid(const unsigned char* key32) {
    Scalar k;
    bool valid = scalar_set_b32_seckey(k, key32);
    scalar_clear(k);
    api::declassify(&valid, sizeof valid);
    return valid;
}

fastsecp_status wif_encode_coin(char* out, size_t out_size, const unsigned char* seckey32, const address::Params* coin,
                                int compressed) {
    if (out == nullptr) return FASTSECP_ERR_INVALID_ARGUMENT;
    std::memset(out, 0, out_size);
    if (seckey32 == nullptr || coin == nullptr || coin->wif < 0) return FASTSECP_ERR_INVALID_ARGUMENT;
    if (!seckey_valid(seckey32)) return FASTSECP_ERR_SCALAR_OUT_OF_RANGE;
    if (address::wif_encode(out, out_size, *coin, seckey32, compressed != 0) == 0) {
        std::memset(out, 0, out_size);
        return FASTSECP_ERR_BUFFER_TOO_SMALL;
    }
    return FASTSECP_OK;
}

}  // namespace

extern "C" {

fastsecp_status fastsecp_address(const fastsecp_ctx* ctx, char* out, size_t out_size, fastsecp_address_kind kind,
                                 fastsecp_network network, const unsigned char* pubkey33) {
    const address::Params* coin = network_ok(network) ? &address::bitcoin((address::Network)network) : nullptr;
    return address_one(ctx, out, out_size, coin, kind, pubkey33);
}

fastsecp_status fastsecp_address_batch(const fastsecp_ctx* ctx, fastsecp_status* results, char* out, size_t stride,
                                       fastsecp_address_kind kind, fastsecp_network network,
                                       const unsigned char* pubkeys33, size_t n) {
    const address::Params* coin = network_ok(network) ? &address::bitcoin((address::Network)network) : nullptr;
    return address_many(ctx, results, out, stride, coin, kind, pubkeys33, n);
}

fastsecp_status fastsecp_coin_address(const fastsecp_ctx* ctx, char* out, size_t out_size, fastsecp_coin coin,
                                      fastsecp_address_kind kind, const unsigned char* pubkey33) {
    return address_one(ctx, out, out_size, coin_ok(coin) ? &address::COINS[coin] : nullptr, kind, pubkey33);
}

fastsecp_status fastsecp_coin_address_batch(const fastsecp_ctx* ctx, fastsecp_status* results, char* out,
                                            size_t stride, fastsecp_coin coin, fastsecp_address_kind kind,
                                            const unsigned char* pubkeys33, size_t n) {
    return address_many(ctx, results, out, stride, coin_ok(coin) ? &address::COINS[coin] : nullptr, kind, pubkeys33,
                        n);
}

fastsecp_status fastsecp_base58check_encode(char* out, size_t out_size, const unsigned char* data, size_t len) {
    if (out == nullptr || (data == nullptr && len != 0)) return FASTSECP_ERR_INVALID_ARGUMENT;
    std::memset(out, 0, out_size);
    if (len + 4 > encoding::BASE58_MAX_BYTES) return FASTSECP_ERR_INVALID_ARGUMENT;
    if (encoding::base58check_encode(out, out_size, data, len) == 0) {
        std::memset(out, 0, out_size);
        return FASTSECP_ERR_BUFFER_TOO_SMALL;
    }
    return FASTSECP_OK;
}

fastsecp_status fastsecp_base58check_decode(unsigned char* out, size_t out_size, size_t* len, const char* text) {
    if (len) *len = 0;
    if (out == nullptr || len == nullptr || text == nullptr) return FASTSECP_ERR_INVALID_ARGUMENT;
    std::memset(out, 0, out_size);
    unsigned char buf[encoding::BASE58_MAX_BYTES];
    size_t n;
    encoding::Base58Error e = encoding::base58check_decode(buf, sizeof buf, &n, text, std::strlen(text));
    fastsecp_status st = FASTSECP_OK;
    if (e == encoding::Base58Error::bad_checksum) st = FASTSECP_ERR_BAD_CHECKSUM;
    else if (e != encoding::Base58Error::ok) st = FASTSECP_ERR_BAD_ENCODING;
    else if (n > out_size) st = FASTSECP_ERR_BUFFER_TOO_SMALL;
    if (st == FASTSECP_OK) {
        std::memcpy(out, buf, n);
        *len = n;
    }
    hash::memclear(buf, sizeof buf);
    return st;
}

fastsecp_status fastsecp_bech32_encode(char* out, size_t out_size, const char* hrp, const unsigned char* data5, size_t n,
                                       int bech32m) {
    if (out == nullptr || hrp == nullptr || (data5 == nullptr && n != 0)) return FASTSECP_ERR_INVALID_ARGUMENT;
    std::memset(out, 0, out_size);
    size_t need = std::strlen(hrp) + 1 + n + 6;
    if (need > encoding::BECH32_MAX_LEN) return FASTSECP_ERR_BAD_ENCODING;
    if (out_size <= need) return FASTSECP_ERR_BUFFER_TOO_SMALL;
    if (encoding::bech32_encode(out, out_size, hrp, data5, n,
                                bech32m ? encoding::Bech32Variant::bech32m : encoding::Bech32Variant::bech32) == 0) {
        std::memset(out, 0, out_size);
        return FASTSECP_ERR_BAD_ENCODING;
    }
    return FASTSECP_OK;
}

fastsecp_status fastsecp_bech32_decode(char* hrp84, unsigned char* data90, size_t* n, int* bech32m, const char* text) {
    if (n) *n = 0;
    if (hrp84 == nullptr || data90 == nullptr || n == nullptr || bech32m == nullptr || text == nullptr)
        return FASTSECP_ERR_INVALID_ARGUMENT;
    size_t len = std::strlen(text);
    *bech32m = 0;
    if (len > encoding::BECH32_MAX_LEN) {
        std::memset(hrp84, 0, 84);
        std::memset(data90, 0, 90);
        return FASTSECP_ERR_BAD_ENCODING;
    }
    encoding::Bech32Variant v;
    fastsecp_status st = from_bech32(encoding::bech32_decode(hrp84, data90, n, &v, text, len));
    *bech32m = st == FASTSECP_OK && v == encoding::Bech32Variant::bech32m;
    if (st != FASTSECP_OK) {  // the whole documented sizes: a bad checksum leaves values decoded
        std::memset(hrp84, 0, 84);
        std::memset(data90, 0, 90);
        *n = 0;
    }
    return st;
}

fastsecp_status fastsecp_segwit_address_encode(char* out, size_t out_size, const char* hrp, unsigned int version,
                                               const unsigned char* program, size_t len) {
    if (out == nullptr || hrp == nullptr || program == nullptr) return FASTSECP_ERR_INVALID_ARGUMENT;
    std::memset(out, 0, out_size);
    if (version > 16 || len < 2 || len > 40 || (version == 0 && len != 20 && len != 32)) return FASTSECP_ERR_BAD_ENCODING;
    char buf[encoding::BECH32_MAX_LEN + 1];
    size_t w = encoding::segwit_encode(buf, sizeof buf, hrp, version, program, len);
    if (w == 0) return FASTSECP_ERR_BAD_ENCODING;
    if (w >= out_size) return FASTSECP_ERR_BUFFER_TOO_SMALL;
    std::memcpy(out, buf, w + 1);
    return FASTSECP_OK;
}

fastsecp_status fastsecp_segwit_address_decode(unsigned int* version, unsigned char* program40, size_t* len,
                                               const char* hrp, const char* text) {
    if (len) *len = 0;
    if (version) *version = 0;
    if (version == nullptr || program40 == nullptr || len == nullptr || hrp == nullptr || text == nullptr)
        return FASTSECP_ERR_INVALID_ARGUMENT;
    std::memset(program40, 0, 40);
    unsigned v;
    fastsecp_status st = from_bech32(encoding::segwit_decode(&v, program40, len, hrp, text, std::strlen(text)));
    if (st != FASTSECP_OK) {
        std::memset(program40, 0, 40);
        *len = 0;
        return st;
    }
    *version = v;
    return FASTSECP_OK;
}

fastsecp_status fastsecp_wif_encode(char* out, size_t out_size, const unsigned char* seckey32, fastsecp_network network,
                                    int compressed) {
    const address::Params* coin = network_ok(network) ? &address::bitcoin((address::Network)network) : nullptr;
    return wif_encode_coin(out, out_size, seckey32, coin, compressed);
}

fastsecp_status fastsecp_coin_wif_encode(char* out, size_t out_size, const unsigned char* seckey32, fastsecp_coin coin,
                                         int compressed) {
    return wif_encode_coin(out, out_size, seckey32, coin_ok(coin) ? &address::COINS[coin] : nullptr, compressed);
}

fastsecp_status fastsecp_coin_wif_decode(unsigned char* seckey32, int* compressed, fastsecp_coin coin,
                                         const char* text) {
    if (compressed) *compressed = 0;
    if (seckey32 == nullptr) return FASTSECP_ERR_INVALID_ARGUMENT;
    std::memset(seckey32, 0, 32);
    if (text == nullptr || !coin_ok(coin) || address::COINS[coin].wif < 0) return FASTSECP_ERR_INVALID_ARGUMENT;
    bool c = false;
    address::WifError e = address::wif_decode(seckey32, &c, address::COINS[coin], text, std::strlen(text));
    if (e != address::WifError::ok) return e == address::WifError::bad_checksum ? FASTSECP_ERR_BAD_CHECKSUM : FASTSECP_ERR_BAD_ENCODING;
    if (!seckey_valid(seckey32)) {
        hash::memclear(seckey32, 32);
        return FASTSECP_ERR_SCALAR_OUT_OF_RANGE;
    }
    if (compressed) *compressed = c;
    return FASTSECP_OK;
}

fastsecp_status fastsecp_wif_decode(unsigned char* seckey32, fastsecp_network* network, int* compressed,
                                    const char* text) {
    // Outputs of a failure are zero (MAINNET is 0), as for every call.
    if (network) *network = FASTSECP_NETWORK_MAINNET;
    if (compressed) *compressed = 0;
    if (seckey32 == nullptr || text == nullptr) return FASTSECP_ERR_INVALID_ARGUMENT;
    std::memset(seckey32, 0, 32);
    unsigned char buf[34];
    size_t n;
    encoding::Base58Error e = encoding::base58check_decode(buf, sizeof buf, &n, text, std::strlen(text));
    if (e == encoding::Base58Error::bad_checksum) return FASTSECP_ERR_BAD_CHECKSUM;
    fastsecp_status st = FASTSECP_OK;
    if (e != encoding::Base58Error::ok || (n != 33 && n != 34) || (n == 34 && buf[33] != 0x01) ||
        (buf[0] != 0x80 && buf[0] != 0xef))
        st = FASTSECP_ERR_BAD_ENCODING;
    if (st == FASTSECP_OK) {
        if (!seckey_valid(buf + 1)) st = FASTSECP_ERR_SCALAR_OUT_OF_RANGE;
    }
    if (st == FASTSECP_OK) {
        std::memcpy(seckey32, buf + 1, 32);
        if (network) *network = buf[0] == 0x80 ? FASTSECP_NETWORK_MAINNET : FASTSECP_NETWORK_TESTNET;
        if (compressed) *compressed = n == 34;
    }
    hash::memclear(buf, sizeof buf);
    return st;
}

}  // extern "C"
