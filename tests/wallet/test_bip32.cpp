// BIP-32: the BIP's vectors 1-5, the BIP-49/84/86 key chains, BIP-328's xpub, and properties
// (public derivation = private derivation then the public key; the batch = single children).
#include <algorithm>
#include <cstddef>
#include <cstring>
#include <vector>

#include "wallet_common.h"

using namespace fastsecp::test;

namespace {

fastsecp_xkey parse_ok(const std::string& s) {
    fastsecp_xkey k;
    EXPECT_EQ(fastsecp_xkey_parse(&k, s.c_str()), FASTSECP_OK) << s;
    return k;
}

// Field by field (the struct has padding at its end).
bool same_fields(const fastsecp_xkey& a, const fastsecp_xkey& b) {
    return a.version == b.version && a.child_number == b.child_number && a.depth == b.depth &&
           std::memcmp(a.parent_fingerprint, b.parent_fingerprint, 4) == 0 &&
           std::memcmp(a.chain_code, b.chain_code, 32) == 0 && std::memcmp(a.key, b.key, 33) == 0;
}

fastsecp_xkey neuter(const fastsecp_ctx* ctx, const fastsecp_xkey& k) {
    fastsecp_xkey p;
    EXPECT_EQ(fastsecp_xkey_neuter(ctx, &p, &k), FASTSECP_OK);
    return p;
}

}  // namespace

TEST(Bip32, Vectors1To4FromSeed) {
    Ctx ctx;
    auto v = wallet_vectors("bip-0032/bip32_vectors.json");
    int chains = 0;
    for (const auto& vec : v.at("valid")) {
        Bytes seed = from_hex(vec.at("seed").get<std::string>());
        fastsecp_xkey master;
        ASSERT_EQ(fastsecp_xkey_from_seed(ctx, &master, seed.data(), seed.size(), FASTSECP_XKEY_XPRV), FASTSECP_OK);
        for (const auto& ch : vec.at("chains")) {
            const std::string path = ch.at("path").get<std::string>();
            fastsecp_xkey priv, pub;
            ASSERT_EQ(fastsecp_xkey_derive_path(ctx, &priv, &master, path.c_str()), FASTSECP_OK) << path;
            EXPECT_EQ(xkey_text(priv), ch.at("xprv").get<std::string>()) << path;
            pub = neuter(ctx, priv);
            EXPECT_EQ(xkey_text(pub), ch.at("xpub").get<std::string>()) << path;
            // Parsing gives back the same fields.
            fastsecp_xkey again = parse_ok(ch.at("xprv").get<std::string>());
            EXPECT_TRUE(same_fields(again, priv)) << path;
            // Index by index, and the path_indices agree with the text.
            std::vector<unsigned int> idx(FASTSECP_BIP32_MAX_PATH);
            size_t n;
            ASSERT_EQ(fastsecp_bip32_path_parse(idx.data(), &n, idx.size(), path.c_str()), FASTSECP_OK);
            ASSERT_EQ(n, ch.at("path_indices").size());
            fastsecp_xkey step = master;
            for (size_t i = 0; i < n; i++) {
                EXPECT_EQ(idx[i], ch.at("path_indices")[i].get<unsigned int>());
                ASSERT_EQ(fastsecp_xkey_derive(ctx, &step, &step, idx[i]), FASTSECP_OK);
            }
            EXPECT_EQ(xkey_text(step), ch.at("xprv").get<std::string>());
            chains++;
        }
    }
    EXPECT_EQ(chains, 17);
}

TEST(Bip32, PublicDerivationAlongTheVectorChains) {
    // Each normal step of a chain also follows from the parent's xpub.
    Ctx ctx;
    auto v = wallet_vectors("bip-0032/bip32_vectors.json");
    int checked = 0;
    for (const auto& vec : v.at("valid")) {
        const auto& chains = vec.at("chains");
        for (size_t c = 1; c < chains.size(); c++) {
            unsigned int last = chains[c].at("path_indices").back().get<unsigned int>();
            fastsecp_xkey parent_pub = parse_ok(chains[c - 1].at("xpub").get<std::string>());
            fastsecp_xkey child;
            fastsecp_status st = fastsecp_xkey_derive(ctx, &child, &parent_pub, last);
            if (last >= FASTSECP_BIP32_HARDENED) {
                EXPECT_EQ(st, FASTSECP_ERR_NEEDS_PRIVATE_KEY);
                continue;
            }
            ASSERT_EQ(st, FASTSECP_OK);
            EXPECT_EQ(xkey_text(child), chains[c].at("xpub").get<std::string>());
            checked++;
        }
    }
    EXPECT_GE(checked, 5);
}

TEST(Bip32, Vector5InvalidKeysRejected) {
    auto v = wallet_vectors("bip-0032/bip32_vectors.json");
    ASSERT_EQ(v.at("invalid").size(), 16u);
    for (const auto& c : v.at("invalid")) {
        fastsecp_xkey k;
        std::memset(&k, 0xAA, sizeof k);
        fastsecp_status st = fastsecp_xkey_parse(&k, c.at("key").get<std::string>().c_str());
        EXPECT_NE(st, FASTSECP_OK) << c.at("reason").get<std::string>();
        fastsecp_xkey zero;
        std::memset(&zero, 0, sizeof zero);
        EXPECT_TRUE(same_fields(k, zero)) << "output not cleared";
    }
}

TEST(Bip32, ParseErrorCodes) {
    const std::string good =
        "xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi";
    fastsecp_xkey k;
    std::string bad = good;
    bad[50] = bad[50] == 'a' ? 'b' : 'a';
    EXPECT_EQ(fastsecp_xkey_parse(&k, bad.c_str()), FASTSECP_ERR_BAD_CHECKSUM);
    bad = good;
    bad[10] = '0';  // not in the Base58 alphabet
    EXPECT_EQ(fastsecp_xkey_parse(&k, bad.c_str()), FASTSECP_ERR_BAD_ENCODING);
    EXPECT_EQ(fastsecp_xkey_parse(&k, good.substr(0, 100).c_str()), FASTSECP_ERR_BAD_CHECKSUM);
    EXPECT_EQ(fastsecp_xkey_parse(&k, ""), FASTSECP_ERR_BAD_ENCODING);
    EXPECT_EQ(fastsecp_xkey_parse(&k, nullptr), FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(fastsecp_xkey_parse(nullptr, good.c_str()), FASTSECP_ERR_INVALID_ARGUMENT);
    // Serialize refuses inconsistent structs and short buffers.
    k = parse_ok(good);
    char buf[FASTSECP_XKEY_STRING_SIZE];
    EXPECT_EQ(fastsecp_xkey_serialize(buf, 50, &k), FASTSECP_ERR_BUFFER_TOO_SMALL);
    EXPECT_EQ(fastsecp_xkey_serialize(buf, sizeof buf, &k), FASTSECP_OK);
    EXPECT_EQ(std::string(buf), good);
    fastsecp_xkey wrong = k;
    wrong.version = FASTSECP_XKEY_XPUB;  // a secret key under a public version
    EXPECT_EQ(fastsecp_xkey_serialize(buf, sizeof buf, &wrong), FASTSECP_ERR_BAD_ENCODING);
    wrong = k;
    std::memset(wrong.key + 1, 0xFF, 32);
    EXPECT_EQ(fastsecp_xkey_serialize(buf, sizeof buf, &wrong), FASTSECP_ERR_SCALAR_OUT_OF_RANGE);
    wrong = k;
    wrong.parent_fingerprint[0] = 1;  // depth 0
    EXPECT_EQ(fastsecp_xkey_serialize(buf, sizeof buf, &wrong), FASTSECP_ERR_BAD_ENCODING);
    wrong = k;
    wrong.version = 0x01020304;
    EXPECT_EQ(fastsecp_xkey_serialize(buf, sizeof buf, &wrong), FASTSECP_ERR_BAD_ENCODING);
    // A public key's x: >= p is an encoding error (as fastsecp.h's parsers say), x < p off the
    // curve is POINT_NOT_ON_CURVE, as fastsecp_wallet.h documents.
    fastsecp_xkey pub = k;
    pub.version = FASTSECP_XKEY_XPUB;
    pub.key[0] = 0x02;
    std::memset(pub.key + 1, 0xFF, 32);  // x = 2^256 - 1 >= p
    EXPECT_EQ(fastsecp_xkey_serialize(buf, sizeof buf, &pub), FASTSECP_ERR_BAD_ENCODING);
    pub.key[32] = 0x2F;
    pub.key[31] = 0xFC;
    pub.key[28] = 0xFE;  // x = p exactly
    EXPECT_EQ(fastsecp_xkey_serialize(buf, sizeof buf, &pub), FASTSECP_ERR_BAD_ENCODING);
    std::memset(pub.key + 1, 0, 32);
    pub.key[32] = 5;  // x = 5: x^3 + 7 = 132 is not a square mod p
    EXPECT_EQ(fastsecp_xkey_serialize(buf, sizeof buf, &pub), FASTSECP_ERR_POINT_NOT_ON_CURVE);
}

TEST(Bip32, PathsAndArguments) {
    unsigned int idx[8];
    size_t n;
    ASSERT_EQ(fastsecp_bip32_path_parse(idx, &n, 8, "m/86'/0h/0H/0/5"), FASTSECP_OK);
    ASSERT_EQ(n, 5u);
    EXPECT_EQ(idx[0], 86u | FASTSECP_BIP32_HARDENED);
    EXPECT_EQ(idx[1], FASTSECP_BIP32_HARDENED);
    EXPECT_EQ(idx[2], FASTSECP_BIP32_HARDENED);
    EXPECT_EQ(idx[3], 0u);
    EXPECT_EQ(idx[4], 5u);
    EXPECT_EQ(fastsecp_bip32_path_parse(idx, &n, 8, "m"), FASTSECP_OK);
    EXPECT_EQ(n, 0u);
    EXPECT_EQ(fastsecp_bip32_path_parse(idx, &n, 8, "1/2"), FASTSECP_OK);
    EXPECT_EQ(n, 2u);
    EXPECT_EQ(fastsecp_bip32_path_parse(idx, &n, 8, "2147483647'"), FASTSECP_OK);
    EXPECT_EQ(idx[0], 0xFFFFFFFFu);
    for (const char* bad : {"m/", "m//1", "m/2147483648", "m/1''", "m/x", "n/1", "m/1/", "/1", "m/-1", "m/1 "})
        EXPECT_EQ(fastsecp_bip32_path_parse(idx, &n, 8, bad), FASTSECP_ERR_BAD_ENCODING) << bad;
    // Leading zeros are not BIP-32 numbers (its tools reject "m/01"); a lone 0 is one.
    for (const char* bad : {"m/01", "m/00", "m/0/007'", "m/1/00h", "01", "m/44'/00'"})
        EXPECT_EQ(fastsecp_bip32_path_parse(idx, &n, 8, bad), FASTSECP_ERR_BAD_ENCODING) << bad;
    ASSERT_EQ(fastsecp_bip32_path_parse(idx, &n, 8, "m/0/0'/10/100h"), FASTSECP_OK);
    EXPECT_EQ(n, 4u);
    EXPECT_EQ(idx[2], 10u);
    EXPECT_EQ(idx[3], 100u | FASTSECP_BIP32_HARDENED);
    EXPECT_EQ(fastsecp_bip32_path_parse(idx, &n, 2, "m/1/2/3"), FASTSECP_ERR_BUFFER_TOO_SMALL);
    EXPECT_EQ(fastsecp_bip32_path_parse(idx, nullptr, 8, "m"), FASTSECP_ERR_INVALID_ARGUMENT);

    Ctx ctx;
    Bytes seed = random_bytes(32);
    fastsecp_xkey m;
    EXPECT_EQ(fastsecp_xkey_from_seed(ctx, &m, seed.data(), 15, FASTSECP_XKEY_XPRV), FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(fastsecp_xkey_from_seed(ctx, &m, seed.data(), 65, FASTSECP_XKEY_XPRV), FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(fastsecp_xkey_from_seed(ctx, &m, seed.data(), 32, FASTSECP_XKEY_XPUB), FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(fastsecp_xkey_from_seed(nullptr, &m, seed.data(), 32, FASTSECP_XKEY_XPRV), FASTSECP_ERR_INVALID_ARGUMENT);
    ASSERT_EQ(fastsecp_xkey_from_seed(ctx, &m, seed.data(), 32, FASTSECP_XKEY_TPRV), FASTSECP_OK);
    EXPECT_EQ(xkey_text(m).substr(0, 4), "tprv");
    EXPECT_EQ(xkey_text(neuter(ctx, m)).substr(0, 4), "tpub");
    fastsecp_xkey out;
    EXPECT_EQ(fastsecp_xkey_derive_path(ctx, &out, &m, "m/1/x"), FASTSECP_ERR_BAD_ENCODING);
    fastsecp_xkey pub = neuter(ctx, m);
    EXPECT_EQ(fastsecp_xkey_derive_path(ctx, &out, &pub, "m/1/2'"), FASTSECP_ERR_NEEDS_PRIVATE_KEY);
    EXPECT_EQ(fastsecp_xkey_derive(nullptr, &out, &m, 1), FASTSECP_ERR_INVALID_ARGUMENT);
    fastsecp_xkey deep = m;
    deep.depth = 255;
    deep.parent_fingerprint[0] = 1;
    EXPECT_EQ(fastsecp_xkey_derive(ctx, &out, &deep, 1), FASTSECP_ERR_INVALID_ARGUMENT);
}

TEST(Bip32, PublicDerivationEqualsPrivateThenPubkey) {
    Ctx ctx;
    for (int round = 0; round < 40; round++) {
        Bytes seed = random_bytes(16 + rng()() % 49);
        fastsecp_xkey m;
        ASSERT_EQ(fastsecp_xkey_from_seed(ctx, &m, seed.data(), seed.size(), FASTSECP_XKEY_XPRV), FASTSECP_OK);
        // A random hardened prefix, then a normal index.
        fastsecp_xkey parent;
        std::string path = "m/" + std::to_string(rng()() % 1000) + "'/" + std::to_string(rng()() % 0x80000000u);
        ASSERT_EQ(fastsecp_xkey_derive_path(ctx, &parent, &m, path.c_str()), FASTSECP_OK);
        unsigned int i = (unsigned int)(rng()() % 0x80000000u);
        fastsecp_xkey child_priv, child_pub;
        ASSERT_EQ(fastsecp_xkey_derive(ctx, &child_priv, &parent, i), FASTSECP_OK);
        fastsecp_xkey parent_pub = neuter(ctx, parent);
        ASSERT_EQ(fastsecp_xkey_derive(ctx, &child_pub, &parent_pub, i), FASTSECP_OK);
        EXPECT_EQ(xkey_text(neuter(ctx, child_priv)), xkey_text(child_pub)) << path << "/" << i;
        // The parent fingerprint is the parent's.
        unsigned char fp[4], pk[33];
        ASSERT_EQ(fastsecp_xkey_pubkey(ctx, pk, fp, &parent), FASTSECP_OK);
        EXPECT_EQ(std::memcmp(fp, child_pub.parent_fingerprint, 4), 0);
        EXPECT_EQ(std::memcmp(pk, parent_pub.key, 33), 0);
    }
}

TEST(Bip32, RangeMatchesSingleDerivation) {
    for (unsigned threads : {1u, 2u}) {
        Ctx ctx(threads);
        Bytes seed = random_bytes(32);
        fastsecp_xkey m, acct;
        ASSERT_EQ(fastsecp_xkey_from_seed(ctx, &m, seed.data(), seed.size(), FASTSECP_XKEY_XPRV), FASTSECP_OK);
        ASSERT_EQ(fastsecp_xkey_derive_path(ctx, &acct, &m, "m/84'/0'/0'/0"), FASTSECP_OK);
        fastsecp_xkey acct_pub = neuter(ctx, acct);
        for (size_t n : {0u, 1u, 7u, 8u, 9u, 127u, 128u, 129u, 700u}) {
            unsigned int first = (unsigned int)(rng()() % 1000000);
            std::vector<fastsecp_status> st(n);
            std::vector<unsigned char> pubs(33 * n), chains(32 * n);
            // From the xpub and from the xprv: same children.
            for (const fastsecp_xkey* parent : {&acct_pub, &acct}) {
                ASSERT_EQ(fastsecp_xkey_derive_range(ctx, st.data(), pubs.data(), chains.data(), parent, first, n),
                          FASTSECP_OK);
                for (size_t j = 0; j < n; j += (n > 64 ? 37 : 1)) {
                    fastsecp_xkey c;
                    ASSERT_EQ(fastsecp_xkey_derive(ctx, &c, &acct_pub, first + (unsigned)j), FASTSECP_OK);
                    EXPECT_EQ(std::memcmp(c.key, &pubs[33 * j], 33), 0) << "n=" << n << " j=" << j;
                    EXPECT_EQ(std::memcmp(c.chain_code, &chains[32 * j], 32), 0);
                }
            }
            // Without chain codes: the same keys.
            std::vector<unsigned char> pubs2(33 * n);
            ASSERT_EQ(fastsecp_xkey_derive_range(ctx, st.data(), pubs2.data(), nullptr, &acct_pub, first, n), FASTSECP_OK);
            EXPECT_EQ(pubs, pubs2);
        }
    }
}

TEST(Bip32, RangeStatusCodes) {
    Ctx ctx;
    fastsecp_xkey pub = parse_ok(
        "xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8");
    // Crossing into hardened indices: those items need the private key.
    fastsecp_status st[4];
    unsigned char pubs[33 * 4];
    EXPECT_EQ(fastsecp_xkey_derive_range(ctx, st, pubs, nullptr, &pub, 0x7FFFFFFEu, 4), FASTSECP_ERR_ITEM_FAILED);
    EXPECT_EQ(st[0], FASTSECP_OK);
    EXPECT_EQ(st[1], FASTSECP_OK);
    EXPECT_EQ(st[2], FASTSECP_ERR_NEEDS_PRIVATE_KEY);
    EXPECT_EQ(st[3], FASTSECP_ERR_NEEDS_PRIVATE_KEY);
    unsigned char zero[33] = {0};
    EXPECT_EQ(std::memcmp(pubs + 66, zero, 33), 0);
    fastsecp_xkey c;
    ASSERT_EQ(fastsecp_xkey_derive(ctx, &c, &pub, 0x7FFFFFFFu), FASTSECP_OK);
    EXPECT_EQ(std::memcmp(c.key, pubs + 33, 33), 0);
    // A bad parent: every item says why.
    fastsecp_xkey bad = pub;
    bad.key[0] = 5;
    EXPECT_EQ(fastsecp_xkey_derive_range(ctx, st, pubs, nullptr, &bad, 0, 4), FASTSECP_ERR_BAD_ENCODING);
    for (auto s : st) EXPECT_EQ(s, FASTSECP_ERR_BAD_ENCODING);
    EXPECT_EQ(fastsecp_xkey_derive_range(ctx, st, nullptr, nullptr, &pub, 0, 4), FASTSECP_ERR_INVALID_ARGUMENT);
    for (auto s : st) EXPECT_EQ(s, FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(fastsecp_xkey_derive_range(ctx, nullptr, nullptr, nullptr, &pub, 0, 0), FASTSECP_OK);
}

TEST(Bip32, SeedPathBatchMatchesSingle) {
    for (unsigned threads : {1u, 2u}) {
        Ctx ctx(threads);
        const size_t n = 9, len = 32;
        Bytes seeds = random_bytes(n * len);
        const unsigned int path[] = {86 | FASTSECP_BIP32_HARDENED, FASTSECP_BIP32_HARDENED, FASTSECP_BIP32_HARDENED, 0, 5};
        std::vector<fastsecp_status> st(n);
        std::vector<fastsecp_xkey> out(n);
        ASSERT_EQ(fastsecp_xkey_from_seed_path_batch(ctx, st.data(), out.data(), seeds.data(), len, FASTSECP_XKEY_XPRV,
                                                     path, 5, n),
                  FASTSECP_OK);
        for (size_t i = 0; i < n; i++) {
            fastsecp_xkey m, c;
            ASSERT_EQ(fastsecp_xkey_from_seed(ctx, &m, &seeds[len * i], len, FASTSECP_XKEY_XPRV), FASTSECP_OK);
            ASSERT_EQ(fastsecp_xkey_derive_path(ctx, &c, &m, "m/86'/0'/0'/0/5"), FASTSECP_OK);
            EXPECT_EQ(xkey_text(out[i]), xkey_text(c));
        }
        EXPECT_EQ(fastsecp_xkey_from_seed_path_batch(ctx, st.data(), out.data(), seeds.data(), 8, FASTSECP_XKEY_XPRV,
                                                     path, 5, n),
                  FASTSECP_ERR_INVALID_ARGUMENT);
        EXPECT_EQ(st[0], FASTSECP_ERR_INVALID_ARGUMENT);
    }
}

TEST(Bip32, Bip49Bip84Bip86KeyChains) {
    Ctx ctx;
    auto v49 = wallet_vectors("bip-0049/text_vectors.json");
    fastsecp_xkey root = parse_ok(v49.at("root_xprv").get<std::string>()), acct, recv;
    ASSERT_EQ(fastsecp_xkey_derive_path(ctx, &acct, &root, v49.at("account_path").get<std::string>().c_str()), FASTSECP_OK);
    EXPECT_EQ(xkey_text(acct), v49.at("account_xprv").get<std::string>());
    EXPECT_EQ(xkey_text(neuter(ctx, acct)), v49.at("account_xpub").get<std::string>());
    ASSERT_EQ(fastsecp_xkey_derive_path(ctx, &recv, &root, v49.at("receive_path").get<std::string>().c_str()), FASTSECP_OK);
    EXPECT_EQ(to_hex(recv.key + 1, 32), v49.at("receive_seckey").get<std::string>());
    EXPECT_EQ(to_hex(neuter(ctx, recv).key, 33), v49.at("receive_pubkey").get<std::string>());

    for (const char* file : {"bip-0084/text_vectors.json", "bip-0086/text_vectors.json"}) {
        auto v = wallet_vectors(file);
        fastsecp_xkey r = parse_ok(v.at("rootpriv").get<std::string>());
        EXPECT_EQ(xkey_text(neuter(ctx, r)), v.at("rootpub").get<std::string>()) << file;
        int n = 0;
        for (const auto& e : v.at("entries")) {
            fastsecp_xkey k;
            ASSERT_EQ(fastsecp_xkey_derive_path(ctx, &k, &r, e.at("path").get<std::string>().c_str()), FASTSECP_OK);
            const char* xprv_name = e.contains("xprv") ? "xprv" : "xpriv";  // BIP-84 writes xpriv
            if (e.contains(xprv_name)) {
                EXPECT_EQ(xkey_text(k), e.at(xprv_name).get<std::string>()) << file;
                EXPECT_EQ(xkey_text(neuter(ctx, k)), e.at("xpub").get<std::string>()) << file;
            }
            if (e.contains("pubkey")) {
                EXPECT_EQ(to_hex(neuter(ctx, k).key, 33), e.at("pubkey").get<std::string>());
            }
            if (e.contains("internal_key")) {
                EXPECT_EQ(to_hex(neuter(ctx, k).key + 1, 32), e.at("internal_key").get<std::string>());
            }
            n++;
        }
        EXPECT_EQ(n, 4) << file;
    }
}

TEST(Bip32, Bip328AggregateKeyXpub) {
    // BIP-328: the aggregate key with the fixed chain code, depth 0, as an xpub.
    Ctx ctx;
    auto v = wallet_vectors("bip-0328/vectors.json");
    Bytes chain = from_hex("868087ca02a6f974c4598924c36b57762d32cb45717167e300622c7167e38965");
    ASSERT_EQ(v.size(), 3u);
    for (const auto& c : v) {
        fastsecp_xkey k;
        std::memset(&k, 0, sizeof k);
        k.version = FASTSECP_XKEY_XPUB;
        std::memcpy(k.chain_code, chain.data(), 32);
        Bytes agg = from_hex(c.at("aggregate_pubkey").get<std::string>());
        std::memcpy(k.key, agg.data(), 33);
        EXPECT_EQ(xkey_text(k), c.at("xpub").get<std::string>());
        fastsecp_xkey parsed = parse_ok(c.at("xpub").get<std::string>());
        EXPECT_EQ(std::memcmp(parsed.key, agg.data(), 33), 0);
    }
}

// Keys carry their public key (pubkey): what each call writes there is the key's public key, and
// a parent with it zeroed (parsed, or written by a caller) gives the same children.
TEST(Bip32, CarriedPublicKey) {
    Ctx ctx;
    for (int round = 0; round < 8; round++) {
        Bytes seed = random_bytes(32);
        fastsecp_xkey m;
        ASSERT_EQ(fastsecp_xkey_from_seed(ctx, &m, seed.data(), seed.size(), FASTSECP_XKEY_XPRV), FASTSECP_OK);
        fastsecp_xkey chain[3] = {m};
        const unsigned idx[2] = {round * 7u, FASTSECP_BIP32_HARDENED + round};
        for (int i = 0; i < 2; i++) ASSERT_EQ(fastsecp_xkey_derive(ctx, &chain[i + 1], &chain[i], idx[i]), FASTSECP_OK);
        for (const fastsecp_xkey& k : chain) {
            // The carried key is the neutered key's key (computed from the secret here).
            fastsecp_xkey bare = k;
            std::memset(bare.pubkey, 0, 33);
            unsigned char pub[33];
            ASSERT_EQ(fastsecp_xkey_pubkey(ctx, pub, nullptr, &bare), FASTSECP_OK);
            EXPECT_EQ(std::memcmp(pub, k.pubkey, 33), 0);
            fastsecp_xkey n = neuter(ctx, k);
            EXPECT_EQ(std::memcmp(n.key, pub, 33), 0);
            EXPECT_EQ(std::memcmp(n.pubkey, pub, 33), 0);
            // Children of the bare parent (as fastsecp_xkey_parse gives it) are the same keys.
            for (unsigned child : {3u, FASTSECP_BIP32_HARDENED + 3}) {
                fastsecp_xkey a, b;
                ASSERT_EQ(fastsecp_xkey_derive(ctx, &a, &k, child), FASTSECP_OK);
                ASSERT_EQ(fastsecp_xkey_derive(ctx, &b, &bare, child), FASTSECP_OK);
                EXPECT_EQ(std::memcmp(&a, &b, sizeof a), 0);
            }
            fastsecp_xkey parsed = parse_ok(xkey_text(k));
            EXPECT_TRUE(std::all_of(parsed.pubkey, parsed.pubkey + 33, [](unsigned char c) { return c == 0; }));
            fastsecp_xkey pub_parsed = parse_ok(xkey_text(n));
            EXPECT_EQ(std::memcmp(pub_parsed.pubkey, pub, 33), 0);
        }
        // A path gives the step-by-step result, carried key included.
        fastsecp_xkey p;
        ASSERT_EQ(fastsecp_xkey_derive_path(ctx, &p, &m, ("m/" + std::to_string(idx[0]) + "/" + std::to_string(round) + "'").c_str()),
                  FASTSECP_OK);
        EXPECT_EQ(std::memcmp(&p, &chain[2], sizeof p), 0);
    }
}

extern "C" int fastsecp_wallet_c_header_check(void);

TEST(Bip32, HeaderWorksFromC89) { EXPECT_EQ(fastsecp_wallet_c_header_check(), 1); }

// Fills the stack below the caller with non-zero bytes, so that stack leftovers are visible.
__attribute__((noinline)) void dirty_stack() {
    volatile unsigned char junk[1 << 16];
    for (size_t i = 0; i < sizeof junk; i++) junk[i] = 0xA5;
}

// Found by tests/fuzz/fuzz_wallet: a derived key's padding bytes (after key[33]) came from the
// derivation's stack frame, which holds hash states of secret data. Every call that writes a key
// writes all of its bytes; the caller's garbage there (0xA5) must be gone.
TEST(Bip32, OutputKeysHaveZeroPadding) {
    Ctx ctx;
    const size_t end = offsetof(fastsecp_xkey, pubkey) + sizeof(((fastsecp_xkey*)nullptr)->pubkey);
    auto padding_zero = [&](const fastsecp_xkey& k) {
        const unsigned char* b = (const unsigned char*)&k;
        for (size_t i = end; i < sizeof k; i++)
            if (b[i]) return false;
        return true;
    };
    Bytes seed = random_bytes(32);
    fastsecp_xkey m, out;
    ASSERT_EQ(fastsecp_xkey_from_seed(ctx, &m, seed.data(), seed.size(), FASTSECP_XKEY_XPRV), FASTSECP_OK);
    EXPECT_TRUE(padding_zero(m));
    for (const char* path : {"m/0'/1/2'", "m/7", "m"}) {
        std::memset(&out, 0xA5, sizeof out);
        dirty_stack();
        ASSERT_EQ(fastsecp_xkey_derive_path(ctx, &out, &m, path), FASTSECP_OK);
        EXPECT_TRUE(padding_zero(out)) << path;
    }
    std::memset(&out, 0xA5, sizeof out);
    dirty_stack();
    ASSERT_EQ(fastsecp_xkey_derive(ctx, &out, &m, 5), FASTSECP_OK);
    EXPECT_TRUE(padding_zero(out));
    fastsecp_xkey pub;
    std::memset(&pub, 0xA5, sizeof pub);
    ASSERT_EQ(fastsecp_xkey_neuter(ctx, &pub, &m), FASTSECP_OK);
    EXPECT_TRUE(padding_zero(pub));
    std::memset(&out, 0xA5, sizeof out);
    dirty_stack();
    ASSERT_EQ(fastsecp_xkey_derive(ctx, &out, &pub, 9), FASTSECP_OK);
    EXPECT_TRUE(padding_zero(out));
}

// Found while fuzzing the path parser (tests/fuzz/fuzz_wallet): 256 components parsed although
// FASTSECP_BIP32_MAX_PATH is 255, and a syntax error after the 256th component was reported as
// BUFFER_TOO_SMALL. Now: any syntax error is BAD_ENCODING, more than the cap or 255 is BUFFER_TOO_SMALL.
TEST(Bip32, LongPathsAndLateSyntaxErrors) {
    static unsigned int idx[1000];
    size_t n;
    for (int k : {254, 255, 256, 300}) {
        std::string p = "m";
        for (int i = 0; i < k; i++) p += "/" + std::to_string(i) + (i % 2 ? "h" : "");
        fastsecp_status want = k <= FASTSECP_BIP32_MAX_PATH ? FASTSECP_OK : FASTSECP_ERR_BUFFER_TOO_SMALL;
        EXPECT_EQ(fastsecp_bip32_path_parse(idx, &n, 1000, p.c_str()), want) << k;
        EXPECT_EQ(n, want == FASTSECP_OK ? (size_t)k : 0u) << k;
        if (want == FASTSECP_OK) {
            EXPECT_EQ(idx[k - 1], (unsigned)(k - 1) | (k % 2 ? 0u : FASTSECP_BIP32_HARDENED));
        }
        EXPECT_EQ(fastsecp_bip32_path_parse(idx, &n, 10, p.c_str()), FASTSECP_ERR_BUFFER_TOO_SMALL) << k;
        for (const char* tail : {"/x", "/", "/2147483648", "''"}) {
            std::string bad = p + tail;
            EXPECT_EQ(fastsecp_bip32_path_parse(idx, &n, 1000, bad.c_str()), FASTSECP_ERR_BAD_ENCODING) << k << tail;
            EXPECT_EQ(fastsecp_bip32_path_parse(idx, &n, 10, bad.c_str()), FASTSECP_ERR_BAD_ENCODING) << k << tail;
            EXPECT_EQ(n, 0u);
        }
    }
}
