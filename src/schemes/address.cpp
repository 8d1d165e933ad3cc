// Address payloads and encodings.
#include "schemes/address.h"

#include <cstring>

#include "encoding/base58.h"
#include "encoding/bech32.h"
#include "hash/memclear.h"
#include "hash/ripemd160.h"

namespace fastsecp::address {

namespace {

std::size_t versioned(char* out, std::size_t cap, unsigned char version, const unsigned char h20[20]) {
    unsigned char payload[21];
    payload[0] = version;
    std::memcpy(payload + 1, h20, 20);
    return encoding::base58check_encode(out, cap, payload, sizeof payload);
}

}  // namespace

const char* segwit_hrp(Network net) {
    switch (net) {
        case Network::mainnet: return "bc";
        case Network::testnet: return "tb";
        default: return "bcrt";
    }
}

std::size_t p2pkh(char* out, std::size_t cap, Network net, const unsigned char pub33[33]) {
    unsigned char h[20];
    hash::hash160(pub33, 33, h);
    return versioned(out, cap, net == Network::mainnet ? 0x00 : 0x6f, h);
}

std::size_t p2sh_p2wpkh(char* out, std::size_t cap, Network net, const unsigned char pub33[33]) {
    // The redeem script 0 <20-byte key hash>, then its HASH160 under the P2SH version.
    unsigned char script[22] = {0x00, 0x14};
    hash::hash160(pub33, 33, script + 2);
    unsigned char h[20];
    hash::hash160(script, sizeof script, h);
    return versioned(out, cap, net == Network::mainnet ? 0x05 : 0xc4, h);
}

std::size_t p2wpkh(char* out, std::size_t cap, Network net, const unsigned char pub33[33]) {
    unsigned char h[20];
    hash::hash160(pub33, 33, h);
    return encoding::segwit_encode(out, cap, segwit_hrp(net), 0, h, 20);
}

std::size_t p2tr(char* out, std::size_t cap, Network net, const unsigned char output_x32[32]) {
    return encoding::segwit_encode(out, cap, segwit_hrp(net), 1, output_x32, 32);
}

std::size_t wif_encode(char* out, std::size_t cap, const unsigned char key32[32], Network net, bool compressed) {
    unsigned char payload[34];
    payload[0] = net == Network::mainnet ? 0x80 : 0xef;
    std::memcpy(payload + 1, key32, 32);
    payload[33] = 0x01;
    std::size_t n = encoding::base58check_encode(out, cap, payload, compressed ? 34 : 33);
    hash::memclear(payload, sizeof payload);
    return n;
}

}  // namespace fastsecp::address
