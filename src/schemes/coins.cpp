// The coin table: one row per coin, the facts each coin's own reference client defines (Base58
// version bytes of P2PKH, P2SH and WIF, the segwit HRP) and its BIP-44 (SLIP-44) coin type. Which
// address kinds a row has: P2PKH everywhere but the EVM chains; P2SH-P2WPKH (BIP-49) and P2WPKH
// (BIP-84) only where the chain has segwit (a P2SH-P2WPKH output on a chain without it can be spent
// by anyone); P2TR (BIP-86) only for Bitcoin. The EVM chains share Ethereum's addresses and coin
// type 60 (as MetaMask and most wallets derive them). Checked against bip_utils where it knows the
// coin (tests/vectors/data/coins/README.md).
#include "schemes/address.h"

namespace fastsecp::address {

namespace {

constexpr unsigned LEGACY = kind_bit(Kind::p2pkh);
constexpr unsigned SEGWIT = LEGACY | kind_bit(Kind::p2sh_p2wpkh) | kind_bit(Kind::p2wpkh);
constexpr unsigned TAPROOT = SEGWIT | kind_bit(Kind::p2tr);
constexpr unsigned EVM = kind_bit(Kind::evm);

constexpr encoding::Checksum SHA = encoding::Checksum::sha256d;
constexpr encoding::Checksum GROESTL = encoding::Checksum::groestl512d;

// A Base58 coin with one-byte versions.
constexpr Params b58(const char* sym, const char* name, unsigned type, unsigned kinds, unsigned char p2pkh,
                     unsigned char p2sh, int wif, const char* hrp = nullptr, encoding::Checksum sum = SHA) {
    return Params{sym,  name, type,         kinds,  kinds & kind_bit(Kind::p2wpkh) ? Kind::p2wpkh : Kind::p2pkh,
                  Format::base58, 1, {p2pkh, 0}, {p2sh, 0}, wif, hrp, nullptr, sum};
}
// Two-byte versions (Zcash transparent addresses and its descendants).
constexpr Params b58x2(const char* sym, const char* name, unsigned type, unsigned p2pkh, unsigned p2sh, int wif) {
    return Params{sym,
                  name,
                  type,
                  LEGACY,
                  Kind::p2pkh,
                  Format::base58,
                  2,
                  {(unsigned char)(p2pkh >> 8), (unsigned char)p2pkh},
                  {(unsigned char)(p2sh >> 8), (unsigned char)p2sh},
                  wif,
                  nullptr,
                  nullptr,
                  SHA};
}
constexpr Params evm(const char* sym, const char* name) {
    return Params{sym, name, 60, EVM, Kind::evm, Format::evm, 0, {0, 0}, {0, 0}, -1, nullptr, nullptr, SHA};
}

}  // namespace

// In fastsecp_coin order.
const Params COINS[COIN_COUNT] = {
    b58("BTC", "Bitcoin", 0, TAPROOT, 0x00, 0x05, 0x80, "bc"),
    evm("ETH", "Ethereum"),
    b58("LTC", "Litecoin", 2, SEGWIT, 0x30, 0x32, 0xB0, "ltc"),
    b58("DOGE", "Dogecoin", 3, LEGACY, 0x1E, 0x16, 0x9E),
    Params{"BCH", "Bitcoin Cash", 145, LEGACY, Kind::p2pkh, Format::cashaddr, 1, {0x00, 0}, {0x05, 0}, 0x80, nullptr,
           "bitcoincash", SHA},
    b58("BSV", "Bitcoin SV", 236, LEGACY, 0x00, 0x05, 0x80),
    b58x2("ZEC", "Zcash (transparent)", 133, 0x1CB8, 0x1CBD, 0x80),
    b58("DASH", "Dash", 5, LEGACY, 0x4C, 0x10, 0xCC),
    b58("DGB", "DigiByte", 20, SEGWIT, 0x1E, 0x3F, 0x80, "dgb"),
    b58("NMC", "Namecoin", 7, LEGACY, 0x34, 0x0D, 0xB4),
    b58("PPC", "Peercoin", 6, LEGACY, 0x37, 0x75, 0xB7),
    b58("VTC", "Vertcoin", 28, SEGWIT, 0x47, 0x05, 0x80, "vtc"),
    b58("VIA", "Viacoin", 14, SEGWIT, 0x47, 0x21, 0xC7, "via"),
    b58("GRS", "Groestlcoin", 17, SEGWIT, 0x24, 0x05, 0x80, "grs", GROESTL),
    b58("SYS", "Syscoin", 57, SEGWIT, 0x3F, 0x05, 0x80, "sys"),
    evm("BNB", "BNB Smart Chain"),
    evm("MATIC", "Polygon"),
    evm("AVAX", "Avalanche C-Chain"),
    evm("FTM", "Fantom Opera"),
    evm("ARB", "Arbitrum One"),
    evm("OP", "OP Mainnet"),
    b58("RVN", "Ravencoin", 175, LEGACY, 0x3C, 0x7A, 0x80),
    b58x2("FLUX", "Flux (transparent)", 19167, 0x1CB8, 0x1CBD, 0x80),
    b58("QTUM", "Qtum", 2301, LEGACY, 0x3A, 0x32, 0x80),
    b58x2("ZEN", "Horizen (transparent)", 121, 0x2089, 0x2096, 0x80),
    b58("BTG", "Bitcoin Gold", 156, SEGWIT, 0x26, 0x17, 0x80, "btg"),
    b58("KMD", "Komodo", 141, LEGACY, 0x3C, 0x55, 0xBC),
};

const Params& bitcoin(Network net) {
    static constexpr Params TESTNET = b58("BTC", "Bitcoin testnet", 1, TAPROOT, 0x6F, 0xC4, 0xEF, "tb");
    static constexpr Params REGTEST = b58("BTC", "Bitcoin regtest", 1, TAPROOT, 0x6F, 0xC4, 0xEF, "bcrt");
    switch (net) {
        case Network::mainnet: return COINS[0];
        case Network::testnet: return TESTNET;
        default: return REGTEST;
    }
}

}  // namespace fastsecp::address
