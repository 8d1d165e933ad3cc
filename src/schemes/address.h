// Addresses and WIF keys of Bitcoin and the other secp256k1 coins, from one table of coin
// parameters (coins.cpp): the payloads (HASH160 of keys and scripts, witness programs, Ethereum's
// Keccak-256 key hash) and their text (Base58Check with one- or two-byte versions and a SHA256d or
// Groestl-512 checksum, Bech32/Bech32m, CashAddr, EIP-55).
#pragma once

#include <cstddef>

#include "encoding/base58.h"

namespace fastsecp::address {

enum class Network { mainnet = 0, testnet = 1, regtest = 2 };

// The values of fastsecp_address_kind.
enum class Kind { p2pkh = 0, p2sh_p2wpkh = 1, p2wpkh = 2, p2tr = 3, evm = 4 };
constexpr unsigned kind_bit(Kind k) { return 1u << (unsigned)k; }

// How a coin writes its P2PKH/P2SH addresses.
enum class Format { base58, cashaddr, evm };

// One coin (one row of the table). Fields that a coin does not use are 0 / null.
struct Params {
    const char* symbol;          // "BTC"
    const char* name;            // "Bitcoin"
    unsigned coin_type;          // BIP-44 coin type (SLIP-44), unhardened
    unsigned kinds;              // kind_bit() of each kind the coin has
    Kind default_kind;
    Format format;
    unsigned char version_len;   // 1 or 2 bytes of Base58Check version (0: none)
    unsigned char p2pkh[2];
    unsigned char p2sh[2];
    int wif;                     // WIF version byte, -1 when the coin has no WIF (EVM chains)
    const char* segwit_hrp;      // null when the coin has no segwit
    const char* cashaddr_prefix; // Format::cashaddr only
    encoding::Checksum checksum; // Base58Check's checksum hash
};

// The coins in fastsecp_coin order.
extern const Params COINS[];
constexpr std::size_t COIN_COUNT = 27;
// Bitcoin's rows for each network (mainnet is COINS[0]).
const Params& bitcoin(Network net);

inline bool has_kind(const Params& c, Kind k) { return (unsigned)k < 32 && (c.kinds & kind_bit(k)) != 0; }

// The address of one key in a kind the coin has: key is the compressed public key (33 bytes) for
// p2pkh, p2sh_p2wpkh and p2wpkh, the output key's x (32 bytes; the tweak is the caller's:
// taproot::output_key) for p2tr, x || y (64 bytes) for evm. Writes a NUL-terminated address and
// returns its length, 0 when cap is too small.
std::size_t encode(char* out, std::size_t cap, const Params& coin, Kind kind, const unsigned char* key);

// WIF: Base58Check(version || key32 [|| 0x01]) with the coin's checksum. Constant time in the key
// (Base58 loops, SHA-256 or the computed-S-box Groestl). 0 when cap is too small or no WIF.
std::size_t wif_encode(char* out, std::size_t cap, const Params& coin, const unsigned char key32[32], bool compressed);

enum class WifError { ok, bad_encoding, bad_checksum };
// Decodes a WIF of this coin's version (Bitcoin's testnet row: 0xEF); key32 is the key unchecked
// against n. The buffers are wiped.
WifError wif_decode(unsigned char key32[32], bool* compressed, const Params& coin, const char* text, std::size_t len);

}  // namespace fastsecp::address
