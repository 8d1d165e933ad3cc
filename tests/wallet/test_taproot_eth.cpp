// BIP-341 wallet vectors (script trees, output keys, addresses, control blocks, key-path
// secret keys and signatures) and Ethereum (EIP-55, addresses, signatures recovered with the
// libsecp256k1 API).
#include <secp256k1.h>
#include <secp256k1_extrakeys.h>
#include <secp256k1_recovery.h>
#include <secp256k1_schnorrsig.h>

#include <cstring>
#include <vector>

#include "hash/keccak.h"
#include "wallet_common.h"

using namespace fastsecp::test;

namespace {

struct TreeLeaf {
    int id;
    unsigned depth;
    Bytes script;
    unsigned char version;
};

void flatten(const fastsecp::json::Value& node, unsigned depth, std::vector<TreeLeaf>& out) {
    if (node.is_array()) {
        for (const auto& child : node) flatten(child, depth + 1, out);
        return;
    }
    out.push_back({node.at("id").get<int>(), depth, from_hex(node.at("script").get<std::string>()),
                   (unsigned char)node.at("leafVersion").get<int>()});
}

}  // namespace

TEST(Taproot, Bip341ScriptPubKeyVectors) {
    Ctx ctx;
    auto v = wallet_vectors("bip-0341/wallet-test-vectors.json");
    int cases = 0;
    for (const auto& c : v.at("scriptPubKey")) {
        Bytes internal = from_hex(c.at("given").at("internalPubkey").get<std::string>());
        const auto& tree = c.at("given").at("scriptTree");
        std::vector<TreeLeaf> leaves;
        unsigned char root[32];
        const unsigned char* rootp = nullptr;
        std::vector<fastsecp_tap_leaf> tl;
        if (!tree.is_null()) {
            // A lone leaf is the root (depth 0); a list's children sit one level down.
            if (tree.is_array()) {
                for (const auto& child : tree) flatten(child, 1, leaves);
            } else {
                flatten(tree, 0, leaves);
            }
            for (const auto& l : leaves) tl.push_back({(unsigned char)l.depth, l.version, l.script.data(), l.script.size()});
            ASSERT_EQ(fastsecp_taproot_tree_root(root, tl.data(), tl.size()), FASTSECP_OK);
            EXPECT_EQ(to_hex(root, 32), c.at("intermediary").at("merkleRoot").get<std::string>());
            for (const auto& l : leaves) {
                unsigned char h[32];
                ASSERT_EQ(fastsecp_taproot_leaf_hash(h, l.version, l.script.data(), l.script.size()), FASTSECP_OK);
                EXPECT_EQ(to_hex(h, 32), c.at("intermediary").at("leafHashes")[l.id].get<std::string>());
            }
            rootp = root;
        }
        unsigned char q[32];
        int parity;
        ASSERT_EQ(fastsecp_taproot_output_key(ctx, q, &parity, internal.data(), rootp), FASTSECP_OK);
        EXPECT_EQ(to_hex(q, 32), c.at("intermediary").at("tweakedPubkey").get<std::string>());
        EXPECT_EQ("5120" + to_hex(q, 32), c.at("expected").at("scriptPubKey").get<std::string>());
        char addr[FASTSECP_ADDRESS_SIZE];
        ASSERT_EQ(fastsecp_segwit_address_encode(addr, sizeof addr, "bc", 1, q, 32), FASTSECP_OK);
        EXPECT_EQ(std::string(addr), c.at("expected").at("bip350Address").get<std::string>());
        for (size_t i = 0; i < leaves.size(); i++) {
            unsigned char cb[33 + 32 * 128];
            size_t len;
            ASSERT_EQ(fastsecp_taproot_control_block(ctx, cb, sizeof cb, &len, internal.data(), tl.data(), tl.size(), i),
                      FASTSECP_OK);
            EXPECT_EQ(to_hex(cb, len), c.at("expected").at("scriptPathControlBlocks")[leaves[i].id].get<std::string>());
        }
        cases++;
    }
    EXPECT_EQ(cases, 7);
}

TEST(Taproot, Bip341KeyPathSpending) {
    Ctx ctx;
    secp256k1_context* sctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
    auto v = wallet_vectors("bip-0341/wallet-test-vectors.json");
    int n = 0;
    for (const auto& in : v.at("keyPathSpending")[0].at("inputSpending")) {
        Bytes sk = from_hex(in.at("given").at("internalPrivkey").get<std::string>());
        Bytes root;
        if (!in.at("given").at("merkleRoot").is_null()) root = from_hex(in.at("given").at("merkleRoot").get<std::string>());
        unsigned char tweaked[32];
        ASSERT_EQ(fastsecp_taproot_tweak_seckey(ctx, tweaked, sk.data(), root.empty() ? nullptr : root.data()), FASTSECP_OK);
        EXPECT_EQ(to_hex(tweaked, 32), in.at("intermediary").at("tweakedPrivkey").get<std::string>());
        // Signing the sighash with it (BIP-340, zero auxiliary randomness) gives the witness.
        Bytes sighash = from_hex(in.at("intermediary").at("sigHash").get<std::string>());
        secp256k1_keypair kp;
        ASSERT_EQ(secp256k1_keypair_create(sctx, &kp, tweaked), 1);
        unsigned char sig[64], aux[32] = {0};
        ASSERT_EQ(secp256k1_schnorrsig_sign32(sctx, sig, sighash.data(), &kp, aux), 1);
        std::string w = in.at("expected").at("witness")[0].get<std::string>();
        EXPECT_EQ(to_hex(sig, 64), w.substr(0, 128));
        // The same through fastsecp_taproot_sign_keypath, from the internal key.
        unsigned char sig2[64];
        ASSERT_EQ(fastsecp_taproot_sign_keypath(ctx, sig2, sk.data(), root.empty() ? nullptr : root.data(), sighash.data(), aux),
                  FASTSECP_OK);
        EXPECT_EQ(to_hex(sig2, 64), w.substr(0, 128));
        ASSERT_EQ(fastsecp_taproot_sign_keypath(ctx, sig2, sk.data(), root.empty() ? nullptr : root.data(), sighash.data(),
                                                nullptr),
                  FASTSECP_OK);
        EXPECT_EQ(to_hex(sig2, 64), w.substr(0, 128));
        // The internal key's output key is the tweaked key's public key.
        unsigned char q[32];
        int parity;
        Bytes internal = from_hex(in.at("intermediary").at("internalPubkey").get<std::string>());
        ASSERT_EQ(fastsecp_taproot_output_key(ctx, q, &parity, internal.data(), root.empty() ? nullptr : root.data()),
                  FASTSECP_OK);
        secp256k1_xonly_pubkey xo;
        unsigned char qx[32];
        ASSERT_EQ(secp256k1_keypair_xonly_pub(sctx, &xo, nullptr, &kp), 1);
        ASSERT_EQ(secp256k1_xonly_pubkey_serialize(sctx, qx, &xo), 1);
        EXPECT_EQ(to_hex(q, 32), to_hex(qx, 32));
        n++;
    }
    EXPECT_EQ(n, 7);
    secp256k1_context_destroy(sctx);
    unsigned char out[32], bad[32];
    std::memset(bad, 0xFF, 32);
    EXPECT_EQ(fastsecp_taproot_tweak_seckey(ctx, out, bad, nullptr), FASTSECP_ERR_SCALAR_OUT_OF_RANGE);
    EXPECT_EQ(to_hex(out, 32), std::string(64, '0'));
    unsigned char sig[64], msg[32] = {0};
    EXPECT_EQ(fastsecp_taproot_sign_keypath(ctx, sig, bad, nullptr, msg, nullptr), FASTSECP_ERR_SCALAR_OUT_OF_RANGE);
    EXPECT_EQ(to_hex(sig, 64), std::string(128, '0'));
    EXPECT_EQ(fastsecp_taproot_sign_keypath(ctx, sig, bad, nullptr, nullptr, nullptr), FASTSECP_ERR_INVALID_ARGUMENT);
}

TEST(Taproot, TreeShapesAndErrors) {
    Ctx ctx;
    unsigned char s[1] = {0x51};
    auto leaf = [&](unsigned char d) { return fastsecp_tap_leaf{d, 0xc0, s, 1}; };
    unsigned char root[32];
    std::vector<fastsecp_tap_leaf> ok1 = {leaf(0)}, ok2 = {leaf(1), leaf(2), leaf(2)}, bad1 = {leaf(1)},
                                   bad2 = {leaf(1), leaf(1), leaf(1)}, bad3 = {leaf(2), leaf(1)}, bad4 = {leaf(0), leaf(0)};
    EXPECT_EQ(fastsecp_taproot_tree_root(root, ok1.data(), ok1.size()), FASTSECP_OK);
    unsigned char lh[32];
    ASSERT_EQ(fastsecp_taproot_leaf_hash(lh, 0xc0, s, 1), FASTSECP_OK);
    EXPECT_EQ(std::memcmp(root, lh, 32), 0);
    EXPECT_EQ(fastsecp_taproot_tree_root(root, ok2.data(), ok2.size()), FASTSECP_OK);
    unsigned char b[32], r2[32];
    ASSERT_EQ(fastsecp_taproot_branch_hash(b, lh, lh), FASTSECP_OK);
    ASSERT_EQ(fastsecp_taproot_branch_hash(r2, lh, b), FASTSECP_OK);
    EXPECT_EQ(std::memcmp(root, r2, 32), 0);
    for (auto* t : {&bad1, &bad2, &bad3, &bad4})
        EXPECT_EQ(fastsecp_taproot_tree_root(root, t->data(), t->size()), FASTSECP_ERR_BAD_ENCODING);
    std::vector<fastsecp_tap_leaf> odd = {fastsecp_tap_leaf{0, 0xc1, s, 1}};
    EXPECT_EQ(fastsecp_taproot_tree_root(root, odd.data(), 1), FASTSECP_ERR_BAD_ENCODING);
    EXPECT_EQ(fastsecp_taproot_tree_root(root, ok1.data(), 0), FASTSECP_ERR_INVALID_ARGUMENT);
    unsigned char cb[100];
    size_t len;
    unsigned char x[32];
    std::memset(x, 0xFF, 32);
    EXPECT_EQ(fastsecp_taproot_control_block(ctx, cb, sizeof cb, &len, x, ok2.data(), 3, 0), FASTSECP_ERR_BAD_ENCODING);
    EXPECT_EQ(fastsecp_taproot_output_key(ctx, cb, nullptr, x, nullptr), FASTSECP_ERR_BAD_ENCODING);
    Bytes g = from_hex("79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798");
    EXPECT_EQ(fastsecp_taproot_control_block(ctx, cb, 40, &len, g.data(), ok2.data(), 3, 1), FASTSECP_ERR_BUFFER_TOO_SMALL);
    EXPECT_EQ(fastsecp_taproot_control_block(ctx, cb, sizeof cb, &len, g.data(), ok2.data(), 3, 3), FASTSECP_ERR_INVALID_ARGUMENT);
    ASSERT_EQ(fastsecp_taproot_control_block(ctx, cb, sizeof cb, &len, g.data(), ok2.data(), 3, 1), FASTSECP_OK);
    EXPECT_EQ(len, 33u + 64u);
}

TEST(Ethereum, Eip55TestCases) {
    auto v = wallet_vectors("eip-0055/test_cases.json");
    ASSERT_EQ(v.at("cases").size(), 8u);
    for (const auto& c : v.at("cases")) {
        std::string a = c.at("address").get<std::string>();
        unsigned char raw[20];
        ASSERT_EQ(fastsecp_eth_address_parse(raw, a.c_str()), FASTSECP_OK) << a;
        char out[43];
        ASSERT_EQ(fastsecp_eth_address_to_checksum(out, sizeof out, raw), FASTSECP_OK);
        EXPECT_EQ(std::string(out), a);
        // One letter's case flipped: the checksum fails (unless that makes it all one case).
        for (size_t i = 2; i < a.size(); i++) {
            if (!std::isalpha((unsigned char)a[i])) continue;
            std::string b = a;
            b[i] = std::islower((unsigned char)b[i]) ? (char)std::toupper((unsigned char)b[i]) : (char)std::tolower((unsigned char)b[i]);
            bool has_lower = false, has_upper = false;
            for (size_t j = 2; j < b.size(); j++) {
                has_lower |= std::islower((unsigned char)b[j]) != 0;
                has_upper |= std::isupper((unsigned char)b[j]) != 0;
            }
            EXPECT_EQ(fastsecp_eth_address_parse(raw, b.c_str()),
                      has_lower && has_upper ? FASTSECP_ERR_BAD_CHECKSUM : FASTSECP_OK) << b;
            break;
        }
    }
    unsigned char raw[20];
    EXPECT_EQ(fastsecp_eth_address_parse(raw, "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe"), FASTSECP_ERR_BAD_ENCODING);
    EXPECT_EQ(fastsecp_eth_address_parse(raw, "1x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"), FASTSECP_ERR_BAD_ENCODING);
    EXPECT_EQ(fastsecp_eth_address_parse(raw, "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg"), FASTSECP_ERR_BAD_ENCODING);
    EXPECT_EQ(fastsecp_eth_address_parse(raw, nullptr), FASTSECP_ERR_INVALID_ARGUMENT);
    // Only a lower-case "0x" prefix (EIP-55 tools reject "0X"); the same digits parse after "0x".
    EXPECT_EQ(fastsecp_eth_address_parse(raw, "0X5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"), FASTSECP_ERR_BAD_ENCODING);
    EXPECT_EQ(fastsecp_eth_address_parse(raw, "0X5aaeb6053f3e94c9b9a09f33669435e7ef1beaed"), FASTSECP_ERR_BAD_ENCODING);
    EXPECT_EQ(fastsecp_eth_address_parse(raw, "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed"), FASTSECP_OK);
}

TEST(Ethereum, AddressesAndSignatures) {
    // The address is Keccak-256 of x || y; the signature recovers (v - 27) to the signer's key.
    Ctx ctx;
    secp256k1_context* sctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
    for (int round = 0; round < 30; round++) {
        Bytes sk = random_bytes(32), h = random_bytes(32);
        secp256k1_pubkey pk;
        if (!secp256k1_ec_pubkey_create(sctx, &pk, sk.data())) continue;
        unsigned char u65[65], c33[33];
        size_t len = 65;
        secp256k1_ec_pubkey_serialize(sctx, u65, &len, &pk, SECP256K1_EC_UNCOMPRESSED);
        len = 33;
        secp256k1_ec_pubkey_serialize(sctx, c33, &len, &pk, SECP256K1_EC_COMPRESSED);
        unsigned char a1[20], a2[20], kh[32];
        ASSERT_EQ(fastsecp_eth_address(a1, u65, 65), FASTSECP_OK);
        ASSERT_EQ(fastsecp_eth_address(a2, c33, 33), FASTSECP_OK);
        fastsecp::hash::keccak256(u65 + 1, 64, kh);
        EXPECT_EQ(to_hex(a1, 20), to_hex(kh + 12, 20));
        EXPECT_EQ(to_hex(a1, 20), to_hex(a2, 20));

        unsigned char sig[65];
        ASSERT_EQ(fastsecp_eth_sign(ctx, sig, h.data(), sk.data()), FASTSECP_OK);
        ASSERT_TRUE(sig[64] == 27 || sig[64] == 28);
        // Same r, s as libsecp256k1-API ECDSA with RFC 6979; recovers the key.
        secp256k1_ecdsa_recoverable_signature rs;
        ASSERT_EQ(secp256k1_ecdsa_sign_recoverable(sctx, &rs, h.data(), sk.data(), nullptr, nullptr), 1);
        unsigned char c64[64];
        int recid;
        secp256k1_ecdsa_recoverable_signature_serialize_compact(sctx, c64, &recid, &rs);
        EXPECT_EQ(to_hex(sig, 64), to_hex(c64, 64));
        EXPECT_EQ(sig[64] - 27, recid);
        secp256k1_ecdsa_recoverable_signature parsed;
        ASSERT_EQ(secp256k1_ecdsa_recoverable_signature_parse_compact(sctx, &parsed, sig, sig[64] - 27), 1);
        secp256k1_pubkey rec;
        ASSERT_EQ(secp256k1_ecdsa_recover(sctx, &rec, &parsed, h.data()), 1);
        unsigned char r65[65];
        len = 65;
        secp256k1_ec_pubkey_serialize(sctx, r65, &len, &rec, SECP256K1_EC_UNCOMPRESSED);
        EXPECT_EQ(to_hex(r65, 65), to_hex(u65, 65));
    }
    secp256k1_context_destroy(sctx);
    unsigned char sig[65], h[32] = {1}, zero[32] = {0}, out[20];
    EXPECT_EQ(fastsecp_eth_sign(ctx, sig, h, zero), FASTSECP_ERR_SCALAR_OUT_OF_RANGE);
    EXPECT_EQ(fastsecp_eth_address(out, zero, 32), FASTSECP_ERR_BAD_ENCODING);
}
