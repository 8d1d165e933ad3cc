// Every wallet parser on damaged and random text: no crash (the ASan/UBSan build runs this too),
// outputs zeroed on failure, and whatever parses writes back to the same text (the encodings are
// canonical, so parse followed by serialize is the identity on accepted strings).
#include <cstring>
#include <string>
#include <vector>

#include "wallet_common.h"

using namespace fastsecp::test;

namespace {

const char* const SEEDS[] = {
    "xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi",
    "xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8",
    "zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs",
    "KyZpNDKnfs94vbrwhJneDi77V6jF64PWPF8x5cdJb8ifgg2DUc9d",
    "2Mww8dCYPUpKHofjgcXcBCEGmniw9CoaiD2",
    "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu",
    "bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr",
    "BC1SW50QGDZ25J",
    "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    "m/86'/0'/0'/0/5",
};

const char ALPHABET[] = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0OIl'hH/mx ";

std::string mutate(std::string s) {
    auto& g = rng();
    int edits = 1 + (int)(g() % 3);
    for (int e = 0; e < edits; e++) {
        switch (g() % 5) {
            case 0:
                if (!s.empty()) s[g() % s.size()] = ALPHABET[g() % (sizeof ALPHABET - 1)];
                break;
            case 1:
                if (!s.empty()) s.erase(g() % s.size(), 1);
                break;
            case 2: s.insert(s.begin() + (s.empty() ? 0 : g() % (s.size() + 1)), ALPHABET[g() % (sizeof ALPHABET - 1)]); break;
            case 3:
                if (!s.empty()) s.resize(g() % s.size());
                break;
            default:
                if (!s.empty()) {
                    size_t i = g() % s.size();
                    s[i] = (char)(std::isupper((unsigned char)s[i]) ? std::tolower((unsigned char)s[i]) : std::toupper((unsigned char)s[i]));
                }
        }
    }
    return s;
}

std::string lower(std::string s) {
    for (char& c : s) c = (char)std::tolower((unsigned char)c);
    return s;
}

void exercise(const fastsecp_ctx* ctx, const std::string& s) {
    const char* t = s.c_str();
    fastsecp_xkey k;
    if (fastsecp_xkey_parse(&k, t) == FASTSECP_OK) {
        EXPECT_EQ(xkey_text(k), s);
        fastsecp_xkey c;
        fastsecp_status st = fastsecp_xkey_derive(ctx, &c, &k, 1);
        EXPECT_TRUE(st == FASTSECP_OK || (st == FASTSECP_ERR_INVALID_ARGUMENT && k.depth == 255)) << s;
    }
    unsigned char buf[128];
    size_t n;
    if (fastsecp_base58check_decode(buf, sizeof buf, &n, t) == FASTSECP_OK) {
        char back[256];
        ASSERT_EQ(fastsecp_base58check_encode(back, sizeof back, buf, n), FASTSECP_OK);
        EXPECT_EQ(std::string(back), s);
    }
    char hrp[84];
    unsigned char d5[90];
    int m;
    if (fastsecp_bech32_decode(hrp, d5, &n, &m, t) == FASTSECP_OK) {
        char back[91];
        ASSERT_EQ(fastsecp_bech32_encode(back, sizeof back, hrp, d5, n, m), FASTSECP_OK);
        EXPECT_EQ(std::string(back), lower(s));
        unsigned v;
        unsigned char prog[40];
        if (fastsecp_segwit_address_decode(&v, prog, &n, hrp, t) == FASTSECP_OK) {
            ASSERT_EQ(fastsecp_segwit_address_encode(back, sizeof back, hrp, v, prog, n), FASTSECP_OK);
            EXPECT_EQ(std::string(back), lower(s));
        } else {
            unsigned char zero[40] = {0};
            EXPECT_EQ(std::memcmp(prog, zero, 40), 0);
        }
    }
    unsigned char sk[32];
    fastsecp_network net;
    int comp;
    if (fastsecp_wif_decode(sk, &net, &comp, t) == FASTSECP_OK) {
        char back[60];
        ASSERT_EQ(fastsecp_wif_encode(back, sizeof back, sk, net, comp), FASTSECP_OK);
        EXPECT_EQ(std::string(back), s);
    } else {
        unsigned char zero[32] = {0};
        EXPECT_EQ(std::memcmp(sk, zero, 32), 0);
    }
    unsigned char a20[20];
    if (fastsecp_eth_address_parse(a20, t) == FASTSECP_OK) {
        char back[43];
        ASSERT_EQ(fastsecp_eth_address_to_checksum(back, sizeof back, a20), FASTSECP_OK);
        EXPECT_EQ(lower(std::string(back)), lower(s));
    }
    unsigned int idx[16];
    fastsecp_status pst = fastsecp_bip32_path_parse(idx, &n, 16, t);
    EXPECT_TRUE(pst == FASTSECP_OK ? n <= 16 : (pst == FASTSECP_ERR_BAD_ENCODING || pst == FASTSECP_ERR_BUFFER_TOO_SMALL)) << s;
}

}  // namespace

TEST(WalletParsers, DamagedAndRandomText) {
    Ctx ctx;
    for (const char* seed : SEEDS) exercise(ctx, seed);
    for (int round = 0; round < 3000; round++) {
        std::string s = mutate(SEEDS[rng()() % (sizeof SEEDS / sizeof SEEDS[0])]);
        exercise(ctx, s);
    }
    for (int round = 0; round < 300; round++) {
        Bytes b = random_bytes(rng()() % 130);
        std::string s(b.begin(), b.end());
        s = s.substr(0, s.find('\0'));
        exercise(ctx, s);
    }
}
