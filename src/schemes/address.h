// Bitcoin addresses and WIF keys: the payloads (HASH160 of keys and scripts, witness programs)
// and their Base58Check / Bech32(m) text for mainnet, testnet and regtest.
#pragma once

#include <cstddef>

namespace fastsecp::address {

enum class Network { mainnet = 0, testnet = 1, regtest = 2 };

// The segwit HRP of a network: "bc", "tb", "bcrt".
const char* segwit_hrp(Network net);

// Each writes a NUL-terminated address and returns its length, 0 when cap is too small.
std::size_t p2pkh(char* out, std::size_t cap, Network net, const unsigned char pub33[33]);
std::size_t p2sh_p2wpkh(char* out, std::size_t cap, Network net, const unsigned char pub33[33]);
std::size_t p2wpkh(char* out, std::size_t cap, Network net, const unsigned char pub33[33]);
// From the output key's x coordinate (the tweak is the caller's: taproot::output_key).
std::size_t p2tr(char* out, std::size_t cap, Network net, const unsigned char output_x32[32]);

// WIF: Base58Check(0x80 | 0xEF || key32 [|| 0x01]). Constant time in the key (Base58 loops).
std::size_t wif_encode(char* out, std::size_t cap, const unsigned char key32[32], Network net, bool compressed);

}  // namespace fastsecp::address
