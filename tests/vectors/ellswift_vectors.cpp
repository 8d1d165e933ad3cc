// BIP-324 ElligatorSwift vectors through the public API, for fastsecp and the reference:
// every row of ellswift_decode_test_vectors.csv (decode -> the stated x), and the key-exchange
// part of packet_encoding_test_vectors.csv (the peer's encoding and our secret key give the stated
// shared x and, through the BIP-324 hash, the stated shared secret).
#include "vector_fixture.h"

#include <cstring>
#include <fstream>
#include <sstream>

namespace fastsecp::test {
namespace {

std::vector<std::vector<std::string>> read_csv(const std::string& rel) {
    std::ifstream in(vector_path(rel));
    if (!in) throw std::runtime_error("cannot open " + rel);
    std::vector<std::vector<std::string>> rows;
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty()) continue;
        std::vector<std::string> cells;
        std::stringstream ss(line);
        std::string cell;
        while (std::getline(ss, cell, ',')) cells.push_back(cell);
        rows.push_back(cells);
    }
    return rows;
}

using Ellswift = VectorTest;

TEST_P(Ellswift, DecodeGivesStatedX) {
    auto rows = read_csv("bip-0324/ellswift_decode_test_vectors.csv");
    ASSERT_EQ(rows.size(), 76u);
    for (const auto& r : rows) {
        Bytes ell = from_hex(r[0]), x = from_hex(r[1]);
        secp256k1_pubkey pk;
        ASSERT_EQ(api().ellswift_decode(ctx(), &pk, ell.data()), 1);
        unsigned char out[33];
        size_t len = 33;
        api().ec_pubkey_serialize(ctx(), out, &len, &pk, SECP256K1_EC_COMPRESSED);
        EXPECT_EQ(to_hex(out + 1, 32), to_hex(x)) << r[0];
    }
}

TEST_P(Ellswift, PacketEncodingKeyExchange) {
    auto rows = read_csv("bip-0324/packet_encoding_test_vectors.csv");
    ASSERT_EQ(rows.size(), 7u);
    for (const auto& r : rows) {
        // Columns: in_idx, in_priv_ours, in_ellswift_ours, in_ellswift_theirs, in_initiating,
        // ..., mid_x_ours (9), mid_x_theirs (10), mid_x_shared (11), mid_shared_secret (12).
        Bytes priv = from_hex(r[1]), ours = from_hex(r[2]), theirs = from_hex(r[3]);
        bool initiating = r[4] == "1";
        // Our encoding decodes to our public key's x, theirs to theirs.
        secp256k1_pubkey pk, mine;
        ASSERT_EQ(api().ellswift_decode(ctx(), &pk, ours.data()), 1);
        ASSERT_EQ(api().ec_pubkey_create(ctx(), &mine, priv.data()), 1);
        unsigned char a[33], b[33];
        size_t la = 33, lb = 33;
        api().ec_pubkey_serialize(ctx(), a, &la, &pk, SECP256K1_EC_COMPRESSED);
        api().ec_pubkey_serialize(ctx(), b, &lb, &mine, SECP256K1_EC_COMPRESSED);
        EXPECT_EQ(to_hex(a + 1, 32), r[9]);
        EXPECT_EQ(to_hex(b + 1, 32), r[9]);
        ASSERT_EQ(api().ellswift_decode(ctx(), &pk, theirs.data()), 1);
        api().ec_pubkey_serialize(ctx(), a, &la, &pk, SECP256K1_EC_COMPRESSED);
        EXPECT_EQ(to_hex(a + 1, 32), r[10]);
        // Shared secret with the BIP-324 hash: A is the initiator.
        const unsigned char* ell_a = initiating ? ours.data() : theirs.data();
        const unsigned char* ell_b = initiating ? theirs.data() : ours.data();
        unsigned char secret[32];
        ASSERT_EQ(api().ellswift_xdh(ctx(), secret, ell_a, ell_b, priv.data(), initiating ? 0 : 1,
                                     api().ellswift_xdh_hash_function_bip324, nullptr),
                  1);
        EXPECT_EQ(to_hex(secret, 32), r[12]);
        // The shared x itself, through a hash function that returns it.
        auto copy_x = [](unsigned char* out, const unsigned char* x32, const unsigned char*, const unsigned char*,
                         void*) -> int {
            std::memcpy(out, x32, 32);
            return 1;
        };
        ASSERT_EQ(api().ellswift_xdh(ctx(), secret, ell_a, ell_b, priv.data(), initiating ? 0 : 1, copy_x, nullptr),
                  1);
        EXPECT_EQ(to_hex(secret, 32), r[11]);
    }
}

TEST_P(Ellswift, EncodeRoundTripsAndCreateMatchesKey) {
    unsigned char seckey[32], rnd[32], ell[64];
    for (int i = 0; i < 32; i++) {
        seckey[i] = (unsigned char)(i * 7 + 1);
        rnd[i] = (unsigned char)(255 - i);
    }
    secp256k1_pubkey pk, dec;
    ASSERT_EQ(api().ec_pubkey_create(ctx(), &pk, seckey), 1);
    ASSERT_EQ(api().ellswift_encode(ctx(), ell, &pk, rnd), 1);
    ASSERT_EQ(api().ellswift_decode(ctx(), &dec, ell), 1);
    EXPECT_EQ(api().ec_pubkey_cmp(ctx(), &pk, &dec), 0);
    ASSERT_EQ(api().ellswift_create(ctx(), ell, seckey, rnd), 1);
    ASSERT_EQ(api().ellswift_decode(ctx(), &dec, ell), 1);
    EXPECT_EQ(api().ec_pubkey_cmp(ctx(), &pk, &dec), 0);
}

FASTSECP_INSTANTIATE_BOTH(Ellswift);

}  // namespace
}  // namespace fastsecp::test
