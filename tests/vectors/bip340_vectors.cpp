// BIP-340 test-vectors.csv: signing (with the given aux_rand) must reproduce the signature byte
// for byte, and verification must give the stated result. Messages of other lengths than 32
// bytes (rows 15-18) go through schnorrsig_sign_custom / schnorrsig_verify with that length.
#include "vector_fixture.h"

#include <fstream>
#include <sstream>

namespace fastsecp::test {
namespace {

struct Bip340Row {
    int index = -1;
    std::string seckey, pubkey, aux, msg, sig, result, comment;
};

// The file is plain CSV with a header row; only the last column (comment) could hold commas,
// so everything after the seventh comma belongs to it.
std::vector<Bip340Row> read_bip340_csv() {
    std::ifstream in(vector_path("bip-0340/test-vectors.csv"));
    if (!in) throw std::runtime_error("cannot open bip-0340/test-vectors.csv");
    std::vector<Bip340Row> rows;
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.empty()) continue;
        std::vector<std::string> f;
        std::size_t start = 0;
        for (int i = 0; i < 7; ++i) {
            std::size_t comma = line.find(',', start);
            if (comma == std::string::npos) throw std::runtime_error("short BIP-340 row: " + line);
            f.push_back(line.substr(start, comma - start));
            start = comma + 1;
        }
        f.push_back(line.substr(start));
        rows.push_back({std::stoi(f[0]), f[1], f[2], f[3], f[4], f[5], f[6], f[7]});
    }
    return rows;
}

using Bip340 = VectorTest;

TEST_P(Bip340, FileHasAllRows) {
    auto rows = read_bip340_csv();
    ASSERT_EQ(rows.size(), 19u);
    for (std::size_t i = 0; i < rows.size(); ++i) EXPECT_EQ(rows[i].index, int(i));
}

TEST_P(Bip340, SignReproducesSignature) {
    int signed_rows = 0;
    for (const auto& row : read_bip340_csv()) {
        if (row.seckey.empty()) continue;
        SCOPED_TRACE("BIP-340 row " + std::to_string(row.index));
        ++signed_rows;
        Bytes sk = from_hex(row.seckey), aux = from_hex(row.aux), msg = from_hex(row.msg);
        Bytes want_sig = from_hex(row.sig), want_pk = from_hex(row.pubkey);

        secp256k1_keypair kp;
        ASSERT_EQ(api().keypair_create(ctx(), &kp, sk.data()), 1);
        secp256k1_xonly_pubkey xpk;
        ASSERT_EQ(api().keypair_xonly_pub(ctx(), &xpk, nullptr, &kp), 1);
        unsigned char pk32[32];
        ASSERT_EQ(api().xonly_pubkey_serialize(ctx(), pk32, &xpk), 1);
        EXPECT_EQ(to_hex(pk32, 32), to_hex(want_pk));

        unsigned char sig[64];
        if (msg.size() == 32) {
            ASSERT_EQ(api().schnorrsig_sign32(ctx(), sig, msg.data(), &kp, aux.data()), 1);
            EXPECT_EQ(to_hex(sig, 64), to_hex(want_sig)) << "schnorrsig_sign32";
        }
        // The same signature through the general entry point, for every message length.
        secp256k1_schnorrsig_extraparams extra = SECP256K1_SCHNORRSIG_EXTRAPARAMS_INIT;
        extra.ndata = aux.data();
        ASSERT_EQ(api().schnorrsig_sign_custom(ctx(), sig, msg.empty() ? nullptr : msg.data(), msg.size(), &kp, &extra), 1);
        EXPECT_EQ(to_hex(sig, 64), to_hex(want_sig)) << "schnorrsig_sign_custom, msglen " << msg.size();
        EXPECT_EQ(api().schnorrsig_verify(ctx(), sig, msg.data(), msg.size(), &xpk), 1);
    }
    EXPECT_EQ(signed_rows, 8);
}

TEST_P(Bip340, VerifyGivesStatedResult) {
    int true_rows = 0, false_rows = 0;
    for (const auto& row : read_bip340_csv()) {
        SCOPED_TRACE("BIP-340 row " + std::to_string(row.index) + " (" + row.comment + ")");
        ASSERT_TRUE(row.result == "TRUE" || row.result == "FALSE") << row.result;
        bool expected = row.result == "TRUE";
        (expected ? true_rows : false_rows)++;
        Bytes pk = from_hex(row.pubkey), msg = from_hex(row.msg), sig = from_hex(row.sig);
        ASSERT_EQ(pk.size(), 32u);
        ASSERT_EQ(sig.size(), 64u);

        // A public key that is not a valid x coordinate cannot be parsed; the BIP counts that
        // as a failed verification.
        secp256k1_xonly_pubkey xpk;
        int parsed = api().xonly_pubkey_parse(ctx(), &xpk, pk.data());
        int verified = parsed && api().schnorrsig_verify(ctx(), sig.data(), msg.empty() ? nullptr : msg.data(),
                                                          msg.size(), &xpk);
        EXPECT_EQ(verified == 1, expected);
        if (expected) {
            // A valid signature must stop verifying when any single bit of it changes.
            for (std::size_t bit = 0; bit < 512; bit += 37) {
                Bytes bad = sig;
                bad[bit / 8] ^= static_cast<unsigned char>(1u << (bit % 8));
                EXPECT_EQ(api().schnorrsig_verify(ctx(), bad.data(), msg.data(), msg.size(), &xpk), 0)
                    << "bit " << bit << " flipped";
            }
        }
    }
    EXPECT_EQ(true_rows, 9);
    EXPECT_EQ(false_rows, 10);
}

FASTSECP_INSTANTIATE_BOTH(Bip340);

}  // namespace
}  // namespace fastsecp::test
