// Address payloads and encodings, driven by the coin's row (coins.cpp).
#include "schemes/address.h"

#include <cstring>

#include "encoding/bech32.h"
#include "encoding/cashaddr.h"
#include "hash/keccak.h"
#include "hash/memclear.h"
#include "hash/ripemd160.h"
#include "schemes/eth.h"

namespace fastsecp::address {

namespace {

std::size_t versioned(char* out, std::size_t cap, const Params& c, const unsigned char* version,
                      const unsigned char h20[20]) {
    unsigned char payload[22];
    std::memcpy(payload, version, c.version_len);
    std::memcpy(payload + c.version_len, h20, 20);
    // Public payload: the fast (table) Groestl where the coin uses it.
    encoding::Checksum sum = c.checksum == encoding::Checksum::groestl512d ? encoding::Checksum::groestl512d_var : c.checksum;
    return encoding::base58check_encode(out, cap, payload, c.version_len + 20u, sum);
}

}  // namespace

std::size_t encode(char* out, std::size_t cap, const Params& c, Kind kind, const unsigned char* key) {
    if (!has_kind(c, kind)) return 0;
    unsigned char h[20];
    switch (kind) {
        case Kind::p2pkh:
            hash::hash160(key, 33, h);
            if (c.format == Format::cashaddr)
                return encoding::cashaddr_encode(out, cap, c.cashaddr_prefix, encoding::CashAddrType::p2kh, h);
            return versioned(out, cap, c, c.p2pkh, h);
        case Kind::p2sh_p2wpkh: {
            // The redeem script 0 <20-byte key hash>, then its HASH160 under the P2SH version.
            unsigned char script[22] = {0x00, 0x14};
            hash::hash160(key, 33, script + 2);
            hash::hash160(script, sizeof script, h);
            return versioned(out, cap, c, c.p2sh, h);
        }
        case Kind::p2wpkh:
            hash::hash160(key, 33, h);
            return encoding::segwit_encode(out, cap, c.segwit_hrp, 0, h, 20);
        case Kind::p2tr: return encoding::segwit_encode(out, cap, c.segwit_hrp, 1, key, 32);
        case Kind::evm: {
            unsigned char d[32];
            hash::keccak256(key, 64, d);
            if (cap < 43) return 0;
            eth::checksum_text(out, d + 12);
            return 42;
        }
    }
    return 0;
}

std::size_t wif_encode(char* out, std::size_t cap, const Params& c, const unsigned char key32[32], bool compressed) {
    if (c.wif < 0) return 0;
    unsigned char payload[34];
    payload[0] = (unsigned char)c.wif;
    std::memcpy(payload + 1, key32, 32);
    payload[33] = 0x01;
    std::size_t n = encoding::base58check_encode(out, cap, payload, compressed ? 34 : 33, c.checksum);
    hash::memclear(payload, sizeof payload);
    return n;
}

WifError wif_decode(unsigned char key32[32], bool* compressed, const Params& c, const char* text, std::size_t len) {
    unsigned char buf[34];
    std::size_t n;
    encoding::Base58Error e = encoding::base58check_decode(buf, sizeof buf, &n, text, len, c.checksum);
    WifError r = WifError::ok;
    if (e == encoding::Base58Error::bad_checksum) r = WifError::bad_checksum;
    else if (e != encoding::Base58Error::ok || c.wif < 0 || (n != 33 && n != 34) || (n == 34 && buf[33] != 0x01) ||
             buf[0] != (unsigned char)c.wif)
        r = WifError::bad_encoding;
    if (r == WifError::ok) {
        std::memcpy(key32, buf + 1, 32);
        *compressed = n == 34;
    }
    hash::memclear(buf, sizeof buf);
    return r;
}

}  // namespace fastsecp::address
