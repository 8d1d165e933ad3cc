// Base58Check, Bech32/Bech32m and segwit addresses (the BIP-173 and BIP-350 vectors), WIF, and
// the four address kinds against the BIP-49/84/86 texts; the batch against single addresses.
#include <cstring>
#include <vector>

#include "wallet_common.h"

using namespace fastsecp::test;

namespace {

std::string vector_string(const fastsecp::json::Value& e) {
    if (e.contains("string")) return e.at("string").get<std::string>();
    Bytes b = from_hex(e.at("string_hex").get<std::string>());
    return std::string(b.begin(), b.end());
}

// The witness version and program of a scriptPubKey in the vectors (OP_n, push).
void script_to_program(const std::string& hex, unsigned& version, Bytes& program) {
    Bytes s = from_hex(hex);
    version = s[0] == 0 ? 0 : s[0] - 0x50;
    program.assign(s.begin() + 2, s.end());
}

std::string hrp_of(const std::string& addr) {
    std::string lower;
    for (char c : addr) lower += (char)std::tolower((unsigned char)c);
    return lower.substr(0, lower.rfind('1'));
}

}  // namespace

TEST(Bech32, Bip173And350Strings) {
    auto v173 = wallet_vectors("bip-0173/text_vectors.json");
    auto v350 = wallet_vectors("bip-0350/text_vectors.json");
    char hrp[84];
    unsigned char data[90];
    size_t n;
    int m;
    struct Set {
        const fastsecp::json::Value* list;
        bool valid;
        int bech32m;
    };
    for (const Set& set : {Set{&v173.at("valid_bech32"), true, 0}, Set{&v350.at("valid_bech32m"), true, 1},
                           Set{&v173.at("invalid_bech32"), false, 0}, Set{&v350.at("invalid_bech32m"), false, 1}}) {
        ASSERT_GT(set.list->size(), 5u);
        for (const auto& e : *set.list) {
            std::string s = vector_string(e);
            fastsecp_status st = fastsecp_bech32_decode(hrp, data, &n, &m, s.c_str());
            if (!set.valid) {
                // Invalid under both checksums (BIP-350: no string is valid as both).
                EXPECT_NE(st, FASTSECP_OK) << s;
                continue;
            }
            ASSERT_EQ(st, FASTSECP_OK) << s;
            EXPECT_EQ(m, set.bech32m) << s;
            // Encoding the parts again gives the string (lower-cased).
            char back[91];
            ASSERT_EQ(fastsecp_bech32_encode(back, sizeof back, hrp, data, n, m), FASTSECP_OK) << s;
            std::string lower;
            for (char c : s) lower += (char)std::tolower((unsigned char)c);
            EXPECT_EQ(std::string(back), lower);
        }
    }
    // The errors are told apart.
    EXPECT_EQ(fastsecp_bech32_decode(hrp, data, &n, &m, "a12uel5m"), FASTSECP_ERR_BAD_CHECKSUM);
    EXPECT_EQ(fastsecp_bech32_decode(hrp, data, &n, &m, "pzry9x0s0muk"), FASTSECP_ERR_BAD_ENCODING);
    EXPECT_EQ(fastsecp_bech32_decode(hrp, data, &n, &m, nullptr), FASTSECP_ERR_INVALID_ARGUMENT);
    char small[5];
    EXPECT_EQ(fastsecp_bech32_encode(small, sizeof small, "a", data, 0, 0), FASTSECP_ERR_BUFFER_TOO_SMALL);
    unsigned char big = 32;
    char out[91];
    EXPECT_EQ(fastsecp_bech32_encode(out, sizeof out, "a", &big, 1, 0), FASTSECP_ERR_BAD_ENCODING);
    EXPECT_EQ(fastsecp_bech32_encode(out, sizeof out, "A", data, 0, 0), FASTSECP_ERR_BAD_ENCODING);
}

TEST(Bech32, SegwitAddresses) {
    auto v173 = wallet_vectors("bip-0173/text_vectors.json");
    auto v350 = wallet_vectors("bip-0350/text_vectors.json");
    int valid = 0, invalid = 0;
    auto check_valid = [&](const fastsecp::json::Value& e) {
        std::string addr = e.at("string").get<std::string>();
        unsigned want_v;
        Bytes want_p;
        script_to_program(e.at("script_pubkey").get<std::string>(), want_v, want_p);
        unsigned v;
        unsigned char prog[40];
        size_t len;
        std::string hrp = hrp_of(addr);
        ASSERT_EQ(fastsecp_segwit_address_decode(&v, prog, &len, hrp.c_str(), addr.c_str()), FASTSECP_OK) << addr;
        EXPECT_EQ(v, want_v);
        EXPECT_EQ(Bytes(prog, prog + len), want_p);
        char back[91];
        ASSERT_EQ(fastsecp_segwit_address_encode(back, sizeof back, hrp.c_str(), v, prog, len), FASTSECP_OK);
        std::string lower;
        for (char c : addr) lower += (char)std::tolower((unsigned char)c);
        EXPECT_EQ(std::string(back), lower);
        valid++;
    };
    auto check_invalid = [&](const std::string& addr) {
        unsigned v;
        unsigned char prog[40];
        size_t len;
        for (const char* hrp : {"bc", "tb"})
            EXPECT_NE(fastsecp_segwit_address_decode(&v, prog, &len, hrp, addr.c_str()), FASTSECP_OK) << addr;
        invalid++;
    };
    for (const auto& e : v350.at("valid_segwit")) check_valid(e);
    for (const auto& e : v350.at("invalid_segwit")) check_invalid(vector_string(e));
    for (const auto& e : v173.at("invalid_segwit")) check_invalid(vector_string(e));
    // BIP-173's valid list: version 0 stays valid; higher versions with a Bech32 checksum are
    // invalid since BIP-350.
    for (const auto& e : v173.at("valid_segwit")) {
        if (e.at("script_pubkey").get<std::string>().substr(0, 2) == "00") check_valid(e);
        else check_invalid(e.at("string").get<std::string>());
    }
    EXPECT_EQ(valid, 8 + 3);
    EXPECT_EQ(invalid, 15 + 10 + 3);
    // Which error: a Bech32m checksum on version 0 is a checksum error, a wrong HRP an encoding one.
    unsigned v;
    unsigned char prog[40];
    size_t len;
    EXPECT_EQ(fastsecp_segwit_address_decode(&v, prog, &len, "bc", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh"),
              FASTSECP_ERR_BAD_CHECKSUM);
    EXPECT_EQ(fastsecp_segwit_address_decode(&v, prog, &len, "tb", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"),
              FASTSECP_ERR_BAD_ENCODING);
    char out[91];
    EXPECT_EQ(fastsecp_segwit_address_encode(out, sizeof out, "bc", 17, prog, 20), FASTSECP_ERR_BAD_ENCODING);
    EXPECT_EQ(fastsecp_segwit_address_encode(out, sizeof out, "bc", 0, prog, 21), FASTSECP_ERR_BAD_ENCODING);
    EXPECT_EQ(fastsecp_segwit_address_encode(out, 10, "bc", 0, prog, 20), FASTSECP_ERR_BUFFER_TOO_SMALL);
}

TEST(Base58, CheckRoundTripAndErrors) {
    for (size_t len : {0u, 1u, 20u, 21u, 33u, 78u, 120u}) {
        for (int lead : {0, 1, 3}) {
            Bytes d = random_bytes(len);
            for (int i = 0; i < lead && i < (int)len; i++) d[i] = 0;
            char text[200];
            ASSERT_EQ(fastsecp_base58check_encode(text, sizeof text, nonnull_data(d), len), FASTSECP_OK);
            unsigned char back[128];
            size_t n;
            ASSERT_EQ(fastsecp_base58check_decode(back, sizeof back, &n, text), FASTSECP_OK) << text;
            EXPECT_EQ(Bytes(back, back + n), d);
            // Leading zero bytes are leading '1's.
            for (int i = 0; i < lead && i < (int)len; i++) EXPECT_EQ(text[i], '1');
            std::string bad = text;
            bad.back() = bad.back() == '2' ? '3' : '2';
            EXPECT_EQ(fastsecp_base58check_decode(back, sizeof back, &n, bad.c_str()), FASTSECP_ERR_BAD_CHECKSUM);
            if (len > 1) {
                EXPECT_EQ(fastsecp_base58check_decode(back, len - 1, &n, text), FASTSECP_ERR_BUFFER_TOO_SMALL);
            }
        }
    }
    unsigned char back[128];
    size_t n;
    EXPECT_EQ(fastsecp_base58check_decode(back, sizeof back, &n, "1I1"), FASTSECP_ERR_BAD_ENCODING);
    EXPECT_EQ(fastsecp_base58check_decode(back, sizeof back, &n, "111"), FASTSECP_ERR_BAD_ENCODING);  // < 4 bytes
    char small[10];
    unsigned char d[20] = {1};
    EXPECT_EQ(fastsecp_base58check_encode(small, sizeof small, d, 20), FASTSECP_ERR_BUFFER_TOO_SMALL);
}

TEST(Addresses, Bip49Bip84Bip86Texts) {
    Ctx ctx;
    char out[FASTSECP_ADDRESS_SIZE];
    // BIP-49: P2SH-P2WPKH on testnet, and the WIF of its key.
    auto v49 = wallet_vectors("bip-0049/text_vectors.json");
    Bytes pub = from_hex(v49.at("receive_pubkey").get<std::string>());
    ASSERT_EQ(fastsecp_address(ctx, out, sizeof out, FASTSECP_ADDRESS_P2SH_P2WPKH, FASTSECP_NETWORK_TESTNET, pub.data()),
              FASTSECP_OK);
    EXPECT_EQ(std::string(out), v49.at("address").get<std::string>());
    Bytes sk = from_hex(v49.at("receive_seckey").get<std::string>());
    ASSERT_EQ(fastsecp_wif_encode(out, sizeof out, sk.data(), FASTSECP_NETWORK_TESTNET, 1), FASTSECP_OK);
    EXPECT_EQ(std::string(out), v49.at("receive_wif").get<std::string>());
    // BIP-84: P2WPKH and WIF from the derived keys.
    auto v84 = wallet_vectors("bip-0084/text_vectors.json");
    fastsecp_xkey root;
    ASSERT_EQ(fastsecp_xkey_parse(&root, v84.at("rootpriv").get<std::string>().c_str()), FASTSECP_OK);
    int n84 = 0;
    for (const auto& e : v84.at("entries")) {
        if (!e.contains("address")) continue;
        fastsecp_xkey k;
        ASSERT_EQ(fastsecp_xkey_derive_path(ctx, &k, &root, e.at("path").get<std::string>().c_str()), FASTSECP_OK);
        unsigned char pk[33];
        ASSERT_EQ(fastsecp_xkey_pubkey(ctx, pk, nullptr, &k), FASTSECP_OK);
        ASSERT_EQ(fastsecp_address(ctx, out, sizeof out, FASTSECP_ADDRESS_P2WPKH, FASTSECP_NETWORK_MAINNET, pk), FASTSECP_OK);
        EXPECT_EQ(std::string(out), e.at("address").get<std::string>());
        ASSERT_EQ(fastsecp_wif_encode(out, sizeof out, k.key + 1, FASTSECP_NETWORK_MAINNET, 1), FASTSECP_OK);
        EXPECT_EQ(std::string(out), e.at("privkey").get<std::string>());
        unsigned char back[32];
        fastsecp_network net;
        int comp;
        ASSERT_EQ(fastsecp_wif_decode(back, &net, &comp, e.at("privkey").get<std::string>().c_str()), FASTSECP_OK);
        EXPECT_EQ(std::memcmp(back, k.key + 1, 32), 0);
        EXPECT_EQ(net, FASTSECP_NETWORK_MAINNET);
        EXPECT_EQ(comp, 1);
        n84++;
    }
    EXPECT_EQ(n84, 3);
    // BIP-86: P2TR from the key, and the output key through the Taproot call.
    auto v86 = wallet_vectors("bip-0086/text_vectors.json");
    int n86 = 0;
    for (const auto& e : v86.at("entries")) {
        if (!e.contains("address")) continue;
        fastsecp_xkey k;
        ASSERT_EQ(fastsecp_xkey_parse(&k, e.at("xpub").get<std::string>().c_str()), FASTSECP_OK);
        ASSERT_EQ(fastsecp_address(ctx, out, sizeof out, FASTSECP_ADDRESS_P2TR, FASTSECP_NETWORK_MAINNET, k.key), FASTSECP_OK);
        EXPECT_EQ(std::string(out), e.at("address").get<std::string>());
        unsigned char q[32];
        int parity;
        ASSERT_EQ(fastsecp_taproot_output_key(ctx, q, &parity, k.key + 1, nullptr), FASTSECP_OK);
        EXPECT_EQ(to_hex(q, 32), e.at("output_key").get<std::string>());
        n86++;
    }
    EXPECT_EQ(n86, 3);
}

TEST(Addresses, BatchMatchesSingleAndStatusCodes) {
    for (unsigned threads : {1u, 2u}) {
        Ctx ctx(threads);
        const size_t n = 300;
        Bytes seed = random_bytes(32);
        fastsecp_xkey m;
        ASSERT_EQ(fastsecp_xkey_from_seed(ctx, &m, seed.data(), 32, FASTSECP_XKEY_XPRV), FASTSECP_OK);
        std::vector<unsigned char> pubs(33 * n);
        std::vector<fastsecp_status> st(n);
        ASSERT_EQ(fastsecp_xkey_derive_range(ctx, st.data(), pubs.data(), nullptr, &m, 0, n), FASTSECP_OK);
        pubs[33 * 5] = 0x04;                            // bad prefix
        std::memset(&pubs[33 * 7 + 1], 0xFF, 32);       // x >= p
        for (auto kind : {FASTSECP_ADDRESS_P2PKH, FASTSECP_ADDRESS_P2SH_P2WPKH, FASTSECP_ADDRESS_P2WPKH, FASTSECP_ADDRESS_P2TR})
            for (auto net : {FASTSECP_NETWORK_MAINNET, FASTSECP_NETWORK_TESTNET, FASTSECP_NETWORK_REGTEST}) {
                std::vector<char> out(FASTSECP_ADDRESS_SIZE * n);
                EXPECT_EQ(fastsecp_address_batch(ctx, st.data(), out.data(), FASTSECP_ADDRESS_SIZE, kind, net, pubs.data(), n),
                          FASTSECP_ERR_ITEM_FAILED);
                for (size_t i = 0; i < n; i++) {
                    char one[FASTSECP_ADDRESS_SIZE];
                    fastsecp_status s1 = fastsecp_address(ctx, one, sizeof one, kind, net, &pubs[33 * i]);
                    EXPECT_EQ(st[i], s1) << i;
                    EXPECT_STREQ(&out[FASTSECP_ADDRESS_SIZE * i], one) << i;
                }
                EXPECT_EQ(st[5], FASTSECP_ERR_BAD_ENCODING);
                EXPECT_EQ(st[7], FASTSECP_ERR_BAD_ENCODING);
                const char* prefix = kind == FASTSECP_ADDRESS_P2WPKH || kind == FASTSECP_ADDRESS_P2TR
                                         ? (net == FASTSECP_NETWORK_MAINNET ? "bc1" : net == FASTSECP_NETWORK_TESTNET ? "tb1" : "bcrt1")
                                         : nullptr;
                if (prefix) {
                    EXPECT_EQ(std::string(&out[0]).rfind(prefix, 0), 0u);
                }
            }
        char out[FASTSECP_ADDRESS_SIZE];
        EXPECT_EQ(fastsecp_address(ctx, out, sizeof out, (fastsecp_address_kind)9, FASTSECP_NETWORK_MAINNET, pubs.data()),
                  FASTSECP_ERR_INVALID_ARGUMENT);
        EXPECT_EQ(fastsecp_address(ctx, out, 20, FASTSECP_ADDRESS_P2TR, FASTSECP_NETWORK_MAINNET, pubs.data()),
                  FASTSECP_ERR_BUFFER_TOO_SMALL);
    }
}

TEST(Wif, Errors) {
    unsigned char sk[32];
    std::memset(sk, 0xFF, 32);
    char out[60];
    EXPECT_EQ(fastsecp_wif_encode(out, sizeof out, sk, FASTSECP_NETWORK_MAINNET, 1), FASTSECP_ERR_SCALAR_OUT_OF_RANGE);
    std::memset(sk, 0, 32);
    EXPECT_EQ(fastsecp_wif_encode(out, sizeof out, sk, FASTSECP_NETWORK_MAINNET, 1), FASTSECP_ERR_SCALAR_OUT_OF_RANGE);
    sk[31] = 1;
    ASSERT_EQ(fastsecp_wif_encode(out, sizeof out, sk, FASTSECP_NETWORK_TESTNET, 0), FASTSECP_OK);
    unsigned char back[32];
    fastsecp_network net;
    int comp;
    ASSERT_EQ(fastsecp_wif_decode(back, &net, &comp, out), FASTSECP_OK);
    EXPECT_EQ(net, FASTSECP_NETWORK_TESTNET);
    EXPECT_EQ(comp, 0);
    EXPECT_EQ(fastsecp_wif_encode(out, 10, sk, FASTSECP_NETWORK_TESTNET, 0), FASTSECP_ERR_BUFFER_TOO_SMALL);
    // A Base58Check string of the wrong length or version is not a WIF key.
    unsigned char d[33] = {0x05};
    char text[80];
    ASSERT_EQ(fastsecp_base58check_encode(text, sizeof text, d, 33), FASTSECP_OK);
    EXPECT_EQ(fastsecp_wif_decode(back, &net, &comp, text), FASTSECP_ERR_BAD_ENCODING);
    ASSERT_EQ(fastsecp_base58check_encode(text, sizeof text, d, 20), FASTSECP_OK);
    EXPECT_EQ(fastsecp_wif_decode(back, &net, &comp, text), FASTSECP_ERR_BAD_ENCODING);
}

// Found by tests/fuzz/fuzz_wallet (inputs in tests/fuzz/regressions-wallet/): failed decodes left
// some outputs as they were, against the API's zero-filled-outputs convention.
TEST(Wif, FailureZeroesEveryOutput) {
    unsigned char sk[32];
    fastsecp_network net;
    int comp;
    for (const char* text : {"", "5HueCGU8rMjxEXxiPuD5BDku4MkFqeZyd4dZ1jvhTVqvbTLvyTK" /* checksum */, "not base58 0OIl"}) {
        std::memset(sk, 0xA5, sizeof sk);
        net = FASTSECP_NETWORK_REGTEST;
        comp = 7;
        EXPECT_NE(fastsecp_wif_decode(sk, &net, &comp, text), FASTSECP_OK) << text;
        EXPECT_EQ(net, FASTSECP_NETWORK_MAINNET) << text;
        EXPECT_EQ(comp, 0) << text;
        EXPECT_EQ(std::memcmp(sk, std::vector<unsigned char>(32).data(), 32), 0) << text;
    }
}

TEST(Bech32, FailureZeroesEveryOutput) {
    // No separator; a bad checksum after values were decoded; longer than 90 characters.
    const std::string texts[] = {"", "a12uel5x", "a1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq"};
    for (const std::string& text : texts) {
        char hrp[84];
        unsigned char data[90];
        std::memset(hrp, 0x5A, sizeof hrp);
        std::memset(data, 0x5A, sizeof data);
        size_t n = 99;
        int m = 99;
        fastsecp_status st = fastsecp_bech32_decode(hrp, data, &n, &m, text.c_str());
        EXPECT_TRUE(st == FASTSECP_ERR_BAD_ENCODING || st == FASTSECP_ERR_BAD_CHECKSUM) << text;
        EXPECT_EQ(n, 0u) << text;
        EXPECT_EQ(m, 0) << text;
        EXPECT_EQ(std::memcmp(hrp, std::vector<char>(84).data(), 84), 0) << text;
        EXPECT_EQ(std::memcmp(data, std::vector<unsigned char>(90).data(), 90), 0) << text;
    }
}
