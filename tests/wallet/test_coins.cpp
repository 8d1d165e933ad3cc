// The coin table (fastsecp_coin_*): every coin and kind against the vectors generated with bip_utils
// (tests/vectors/data/coins, how they were made in its README), the encodings only some coins use
// (CashAddr, Groestl-512) against their published answers, and the refusals.
#include <cstring>
#include <map>
#include <set>
#include <string>

#include "encoding/base58.h"
#include "encoding/cashaddr.h"
#include "hash/groestl.h"
#include "wallet_common.h"

using namespace fastsecp;
using namespace fastsecp::test;

namespace {

const json::Value& coin_vectors() {
    static const json::Value v = wallet_vectors("coins/coin_vectors.json");
    return v.at("vectors");
}

fastsecp_address_kind kind_of(const std::string& k) {
    static const std::map<std::string, fastsecp_address_kind> m = {{"p2pkh", FASTSECP_ADDRESS_P2PKH},
                                                                   {"p2sh-p2wpkh", FASTSECP_ADDRESS_P2SH_P2WPKH},
                                                                   {"p2wpkh", FASTSECP_ADDRESS_P2WPKH},
                                                                   {"p2tr", FASTSECP_ADDRESS_P2TR},
                                                                   {"evm", FASTSECP_ADDRESS_EVM}};
    return m.at(k);
}

fastsecp_coin coin_of(const std::string& sym) {
    fastsecp_coin c;
    EXPECT_EQ(fastsecp_coin_from_symbol(&c, sym.c_str()), FASTSECP_OK) << sym;
    return c;
}

// (account, change, index) of "m/p'/c'/a'/ch/i".
void path_numbers(const std::string& path, unsigned& account, unsigned& change, unsigned& index) {
    unsigned purpose, type;
    ASSERT_EQ(std::sscanf(path.c_str(), "m/%u'/%u'/%u'/%u/%u", &purpose, &type, &account, &change, &index), 5) << path;
}

}  // namespace

TEST(Coins, EveryVectorRow) {
    Ctx ctx;
    size_t rows = 0;
    for (const auto& v : coin_vectors()) {
        const std::string sym = v.at("coin").get<std::string>(), path = v.at("path").get<std::string>();
        SCOPED_TRACE(sym + " " + v.at("kind").get<std::string>() + " " + path);
        fastsecp_coin coin = coin_of(sym);
        fastsecp_address_kind kind = kind_of(v.at("kind").get<std::string>());
        unsigned account, change, index;
        path_numbers(path, account, change, index);
        char text[FASTSECP_ADDRESS_SIZE];
        ASSERT_EQ(fastsecp_coin_path(text, sizeof text, coin, kind, account, change, index), FASTSECP_OK);
        EXPECT_EQ(std::string(text), path);

        Bytes seed = from_hex(v.at("seed").get<std::string>());
        fastsecp_xkey root, key;
        ASSERT_EQ(fastsecp_xkey_from_seed(ctx, &root, seed.data(), seed.size(), FASTSECP_XKEY_XPRV), FASTSECP_OK);
        ASSERT_EQ(fastsecp_xkey_derive_path(ctx, &key, &root, path.c_str()), FASTSECP_OK);
        unsigned char pub[33];
        ASSERT_EQ(fastsecp_xkey_pubkey(ctx, pub, nullptr, &key), FASTSECP_OK);
        EXPECT_EQ(to_hex(pub, 33), v.at("pubkey").get<std::string>());
        EXPECT_EQ(to_hex(key.key + 1, 32), v.at("seckey").get<std::string>());

        ASSERT_EQ(fastsecp_coin_address(ctx, text, sizeof text, coin, kind, pub), FASTSECP_OK);
        EXPECT_EQ(std::string(text), v.at("address").get<std::string>());

        if (!v.at("wif").is_null()) {
            char wif[64];
            ASSERT_EQ(fastsecp_coin_wif_encode(wif, sizeof wif, key.key + 1, coin, 1), FASTSECP_OK);
            EXPECT_EQ(std::string(wif), v.at("wif").get<std::string>());
            unsigned char back[32];
            int compressed = 0;
            ASSERT_EQ(fastsecp_coin_wif_decode(back, &compressed, coin, wif), FASTSECP_OK);
            EXPECT_EQ(std::memcmp(back, key.key + 1, 32), 0);
            EXPECT_EQ(compressed, 1);
        }
        rows++;
    }
    EXPECT_GE(rows, 500u);
}

// Every coin and every kind its row has appears in the vectors; the symbols round-trip.
TEST(Coins, VectorsCoverTheTable) {
    std::set<std::pair<std::string, std::string>> seen;
    for (const auto& v : coin_vectors()) seen.insert({v.at("coin").get<std::string>(), v.at("kind").get<std::string>()});
    const char* kinds[] = {"p2pkh", "p2sh-p2wpkh", "p2wpkh", "p2tr", "evm"};
    size_t pairs = 0;
    for (unsigned c = 0; c < FASTSECP_COIN_COUNT; c++) {
        fastsecp_coin_info info;
        ASSERT_EQ(fastsecp_coin_get_info(&info, (fastsecp_coin)c), FASTSECP_OK);
        fastsecp_coin back;
        ASSERT_EQ(fastsecp_coin_from_symbol(&back, info.symbol), FASTSECP_OK);
        EXPECT_EQ(back, (fastsecp_coin)c);
        EXPECT_NE(info.kinds & (1u << info.default_kind), 0u) << info.symbol;
        for (unsigned k = 0; k < 5; k++) {
            bool has = (info.kinds >> k) & 1;
            EXPECT_EQ(has, seen.count({info.symbol, kinds[k]}) == 1) << info.symbol << " " << kinds[k];
            pairs += has;
        }
    }
    EXPECT_EQ(seen.size(), pairs);
    EXPECT_EQ(FASTSECP_COIN_COUNT, 27);
}

// The batch call writes what the single call writes, for every coin and kind.
TEST(Coins, BatchMatchesSingle) {
    Ctx ctx(2);
    const size_t n = 19;
    Bytes keys(33 * n);
    for (size_t i = 0; i < n; i++) {
        Bytes sk = random_bytes(32);
        sk[0] &= 0x7f;
        fastsecp_status st;
        ASSERT_EQ(fastsecp_pubkey_create_batch(ctx, &st, &keys[33 * i], sk.data(), 1), FASTSECP_OK);
    }
    keys[33 * 5] = 0x04;  // one bad key: BAD_ENCODING in its slot only
    for (unsigned c = 0; c < FASTSECP_COIN_COUNT; c++) {
        fastsecp_coin_info info;
        ASSERT_EQ(fastsecp_coin_get_info(&info, (fastsecp_coin)c), FASTSECP_OK);
        for (unsigned k = 0; k < 5; k++) {
            if (!((info.kinds >> k) & 1)) continue;
            std::vector<char> out(FASTSECP_ADDRESS_SIZE * n);
            std::vector<fastsecp_status> st(n);
            EXPECT_EQ(fastsecp_coin_address_batch(ctx, st.data(), out.data(), FASTSECP_ADDRESS_SIZE, (fastsecp_coin)c,
                                                  (fastsecp_address_kind)k, keys.data(), n),
                      FASTSECP_ERR_ITEM_FAILED);
            for (size_t i = 0; i < n; i++) {
                char one[FASTSECP_ADDRESS_SIZE];
                fastsecp_status s = fastsecp_coin_address(ctx, one, sizeof one, (fastsecp_coin)c,
                                                          (fastsecp_address_kind)k, &keys[33 * i]);
                EXPECT_EQ(st[i], s) << info.symbol << " " << k << " " << i;
                EXPECT_EQ(std::string(&out[FASTSECP_ADDRESS_SIZE * i]), std::string(one)) << info.symbol << " " << k;
                if (i == 5) {
                    EXPECT_EQ(s, FASTSECP_ERR_BAD_ENCODING);
                }
            }
        }
    }
}

// Bitcoin's row is what fastsecp_address writes on mainnet.
TEST(Coins, BitcoinRowIsTheMainnetCall) {
    Ctx ctx;
    Bytes key = from_hex("0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798");
    for (unsigned k = 0; k < 4; k++) {
        char a[FASTSECP_ADDRESS_SIZE], b[FASTSECP_ADDRESS_SIZE];
        ASSERT_EQ(fastsecp_address(ctx, a, sizeof a, (fastsecp_address_kind)k, FASTSECP_NETWORK_MAINNET, key.data()),
                  FASTSECP_OK);
        ASSERT_EQ(fastsecp_coin_address(ctx, b, sizeof b, FASTSECP_COIN_BTC, (fastsecp_address_kind)k, key.data()),
                  FASTSECP_OK);
        EXPECT_STREQ(a, b);
    }
    char a[FASTSECP_ADDRESS_SIZE];
    EXPECT_EQ(fastsecp_address(ctx, a, sizeof a, FASTSECP_ADDRESS_EVM, FASTSECP_NETWORK_MAINNET, key.data()),
              FASTSECP_ERR_INVALID_ARGUMENT);
}

TEST(Coins, Refusals) {
    Ctx ctx;
    Bytes key = from_hex("0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798");
    Bytes one(32, 0);
    one[31] = 1;
    char out[FASTSECP_ADDRESS_SIZE];
    // A kind the coin lacks, an unknown coin or kind.
    EXPECT_EQ(fastsecp_coin_address(ctx, out, sizeof out, FASTSECP_COIN_DOGE, FASTSECP_ADDRESS_P2WPKH, key.data()),
              FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(out[0], 0);
    EXPECT_EQ(fastsecp_coin_address(ctx, out, sizeof out, FASTSECP_COIN_ETH, FASTSECP_ADDRESS_P2PKH, key.data()),
              FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(fastsecp_coin_address(ctx, out, sizeof out, FASTSECP_COIN_LTC, FASTSECP_ADDRESS_P2TR, key.data()),
              FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(fastsecp_coin_address(ctx, out, sizeof out, FASTSECP_COIN_COUNT, FASTSECP_ADDRESS_P2PKH, key.data()),
              FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(fastsecp_coin_address(ctx, out, sizeof out, FASTSECP_COIN_BTC, (fastsecp_address_kind)5, key.data()),
              FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(fastsecp_coin_address(ctx, out, sizeof out, FASTSECP_COIN_BTC, (fastsecp_address_kind)-1, key.data()),
              FASTSECP_ERR_INVALID_ARGUMENT);
    // Short buffers.
    EXPECT_EQ(fastsecp_coin_address(ctx, out, 42, FASTSECP_COIN_ETH, FASTSECP_ADDRESS_EVM, key.data()),
              FASTSECP_ERR_BUFFER_TOO_SMALL);
    EXPECT_EQ(fastsecp_coin_address(ctx, out, 20, FASTSECP_COIN_BCH, FASTSECP_ADDRESS_P2PKH, key.data()),
              FASTSECP_ERR_BUFFER_TOO_SMALL);
    EXPECT_EQ(fastsecp_coin_path(out, 10, FASTSECP_COIN_BTC, FASTSECP_ADDRESS_P2PKH, 0, 0, 0), FASTSECP_ERR_BUFFER_TOO_SMALL);
    EXPECT_EQ(fastsecp_coin_path(out, sizeof out, FASTSECP_COIN_BTC, FASTSECP_ADDRESS_P2PKH, 0x80000000u, 0, 0),
              FASTSECP_ERR_INVALID_ARGUMENT);
    // WIF: none for EVM chains, keys out of range, another coin's version, a checksum of the other hash.
    char wif[64];
    EXPECT_EQ(fastsecp_coin_wif_encode(wif, sizeof wif, one.data(), FASTSECP_COIN_ETH, 1), FASTSECP_ERR_INVALID_ARGUMENT);
    Bytes zero(32, 0);
    EXPECT_EQ(fastsecp_coin_wif_encode(wif, sizeof wif, zero.data(), FASTSECP_COIN_LTC, 1), FASTSECP_ERR_SCALAR_OUT_OF_RANGE);
    ASSERT_EQ(fastsecp_coin_wif_encode(wif, sizeof wif, one.data(), FASTSECP_COIN_LTC, 0), FASTSECP_OK);
    unsigned char back[32];
    int compressed = 1;
    EXPECT_EQ(fastsecp_coin_wif_decode(back, &compressed, FASTSECP_COIN_LTC, wif), FASTSECP_OK);
    EXPECT_EQ(compressed, 0);
    EXPECT_EQ(fastsecp_coin_wif_decode(back, &compressed, FASTSECP_COIN_DOGE, wif), FASTSECP_ERR_BAD_ENCODING);
    EXPECT_EQ(fastsecp_coin_wif_decode(back, &compressed, FASTSECP_COIN_GRS, wif), FASTSECP_ERR_BAD_CHECKSUM);
    ASSERT_EQ(fastsecp_coin_wif_encode(wif, sizeof wif, one.data(), FASTSECP_COIN_GRS, 1), FASTSECP_OK);
    EXPECT_EQ(fastsecp_coin_wif_decode(back, &compressed, FASTSECP_COIN_VTC, wif), FASTSECP_ERR_BAD_CHECKSUM);
    EXPECT_EQ(fastsecp_coin_wif_decode(back, &compressed, FASTSECP_COIN_GRS, wif), FASTSECP_OK);
    // A WIF of n itself (valid text, key out of range).
    Bytes n = from_hex("80fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141");
    char text[64];
    ASSERT_EQ(fastsecp_base58check_encode(text, sizeof text, n.data(), n.size()), FASTSECP_OK);
    EXPECT_EQ(fastsecp_coin_wif_decode(back, &compressed, FASTSECP_COIN_BTC, text), FASTSECP_ERR_SCALAR_OUT_OF_RANGE);
    EXPECT_EQ(std::memcmp(back, zero.data(), 32), 0);
    fastsecp_coin c;
    EXPECT_EQ(fastsecp_coin_from_symbol(&c, "doge"), FASTSECP_OK);
    EXPECT_EQ(c, FASTSECP_COIN_DOGE);
    EXPECT_EQ(fastsecp_coin_from_symbol(&c, "DOG"), FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(fastsecp_coin_from_symbol(&c, "DOGEE"), FASTSECP_ERR_INVALID_ARGUMENT);
    fastsecp_coin_info info;
    EXPECT_EQ(fastsecp_coin_get_info(&info, FASTSECP_COIN_COUNT), FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(info.symbol, nullptr);
}

// Groestl from its specification: the published digests of the empty string and of "The quick
// brown fox jumps over the lazy dog" (the Grøstl submission's examples, also on the Grøstl page of
// Wikipedia).
TEST(Coins, GroestlKnownAnswers) {
    unsigned char d[64];
    const std::string fox = "The quick brown fox jumps over the lazy dog";
    hash::groestl256(nullptr, 0, d);
    EXPECT_EQ(to_hex(d, 32), "1a52d11d550039be16107f9c58db9ebcc417f16f736adb2502567119f0083467");
    hash::groestl256((const unsigned char*)fox.data(), fox.size(), d);
    EXPECT_EQ(to_hex(d, 32), "8c7ad62eb26a21297bc39c2d7293b4bd4d3399fa8afab29e970471739e28b301");
    hash::groestl512(nullptr, 0, d);
    EXPECT_EQ(to_hex(d, 64),
              "6d3ad29d279110eef3adbd66de2a0345a77baede1557f5d099fce0c03d6dc2ba8e6d4a6633dfbd66053c20faa87d1a11f39a7fbe4a6c2f00"
              "9801370308fc4ad8");
    // The table S-box (public data) gives the same hashes, across the padding's block boundaries.
    for (size_t len : {0, 1, 33, 34, 64, 119, 120, 127, 128, 129, 300}) {
        Bytes m = random_bytes(len);
        unsigned char a[64], b[64];
        hash::groestl512(m.data(), len, a);
        hash::groestl512_var(m.data(), len, b);
        EXPECT_EQ(to_hex(a, 64), to_hex(b, 64)) << len;
    }
}

// CashAddr against the specification's example (the key hash of 1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu).
TEST(Coins, CashAddrSpecificationExample) {
    Bytes h = from_hex("76a04053bda0a88bda5177b86a15c3b29f559873");
    char out[64];
    ASSERT_GT(encoding::cashaddr_encode(out, sizeof out, "bitcoincash", encoding::CashAddrType::p2kh, h.data()), 0u);
    EXPECT_STREQ(out, "bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a");
    char legacy[64];
    Bytes p = from_hex("0076a04053bda0a88bda5177b86a15c3b29f559873");
    ASSERT_GT(encoding::base58check_encode(legacy, sizeof legacy, p.data(), p.size()), 0u);
    EXPECT_STREQ(legacy, "1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu");
}
