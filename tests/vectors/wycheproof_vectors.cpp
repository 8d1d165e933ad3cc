// Wycheproof ecdsa_secp256k1_sha256_bitcoin_test.json: each signature is parsed as strict DER
// and verified against SHA-256(msg). The "bitcoin" variant also demands low S, which
// secp256k1_ecdsa_verify enforces, so "valid" must mean parse_der == 1 and verify == 1, and
// "invalid" must mean one of them returned 0. Every group's public key must parse too.
#include "vector_fixture.h"

#include <algorithm>
#include <set>

namespace fastsecp::test {
namespace {

const json::Value& wycheproof_file() {
    static const json::Value doc = json::parse_file(vector_path("wycheproof/ecdsa_secp256k1_sha256_bitcoin_test.json"));
    return doc;
}

bool has_flag(const json::Value& test, const std::string& flag) {
    for (const auto& f : test.at("flags"))
        if (f.get<std::string>() == flag) return true;
    return false;
}

using Wycheproof = VectorTest;

TEST_P(Wycheproof, PublicKeysParse) {
    for (const auto& group : wycheproof_file().at("testGroups")) {
        const auto& key = group.at("publicKey");
        SCOPED_TRACE("key " + key.at("uncompressed").get<std::string>());
        Bytes uncompressed = from_hex(key.at("uncompressed").get<std::string>());
        secp256k1_pubkey pk;
        ASSERT_EQ(api().ec_pubkey_parse(ctx(), &pk, uncompressed.data(), uncompressed.size()), 1);

        unsigned char out[65];
        size_t len = sizeof(out);
        ASSERT_EQ(api().ec_pubkey_serialize(ctx(), out, &len, &pk, SECP256K1_EC_UNCOMPRESSED), 1);
        EXPECT_EQ(to_hex(out, len), to_hex(uncompressed));

        // The compressed form built from wx / wy must name the same key.
        Bytes x = from_hex_padded(key.at("wx").get<std::string>(), 32), y = from_hex_padded(key.at("wy").get<std::string>(), 32);
        Bytes compressed{static_cast<unsigned char>(0x02 | (y[31] & 1))};
        compressed.insert(compressed.end(), x.begin(), x.end());
        secp256k1_pubkey pk2;
        ASSERT_EQ(api().ec_pubkey_parse(ctx(), &pk2, compressed.data(), compressed.size()), 1);
        EXPECT_EQ(api().ec_pubkey_cmp(ctx(), &pk, &pk2), 0);
        len = 33;
        ASSERT_EQ(api().ec_pubkey_serialize(ctx(), out, &len, &pk, SECP256K1_EC_COMPRESSED), 1);
        EXPECT_EQ(to_hex(out, len), to_hex(compressed));
    }
}

TEST_P(Wycheproof, VerifyResultsMatch) {
    // Flags whose every vector is an encoding that strict DER forbids (BER forms, broken
    // lengths, tags other than SEQUENCE / INTEGER): parsing alone must fail.
    const std::set<std::string> not_der = {"BerEncodedSignature", "InvalidEncoding", "InvalidTypesInSignature"};
    int tests = 0, valid = 0;
    for (const auto& group : wycheproof_file().at("testGroups")) {
        ASSERT_EQ(group.at("type").get<std::string>(), "EcdsaBitcoinVerify");
        ASSERT_EQ(group.at("sha").get<std::string>(), "SHA-256");
        Bytes key = from_hex(group.at("publicKey").at("uncompressed").get<std::string>());
        secp256k1_pubkey pk;
        ASSERT_EQ(api().ec_pubkey_parse(ctx(), &pk, key.data(), key.size()), 1);

        for (const auto& t : group.at("tests")) {
            ++tests;
            SCOPED_TRACE("tcId " + std::to_string(t.at("tcId").get<long long>()) + ": " + t.at("comment").get<std::string>());
            const std::string& result = t.at("result").get<std::string>();
            ASSERT_TRUE(result == "valid" || result == "invalid") << result;
            Bytes msg = from_hex(t.at("msg").get<std::string>()), der = from_hex(t.at("sig").get<std::string>());
            auto digest = sha256(msg);

            secp256k1_ecdsa_signature sig;
            int parsed = api().ecdsa_signature_parse_der(ctx(), &sig, nonnull_data(der), der.size());
            int verified = parsed && api().ecdsa_verify(ctx(), &sig, digest.data(), &pk);
            if (result == "valid") {
                ++valid;
                EXPECT_EQ(parsed, 1);
                EXPECT_EQ(verified, 1);
                // A valid signature is strict DER, so it serializes back to the same bytes.
                unsigned char out[72];
                size_t len = sizeof(out);
                ASSERT_EQ(api().ecdsa_signature_serialize_der(ctx(), out, &len, &sig), 1);
                EXPECT_EQ(to_hex(out, len), to_hex(der));
            } else {
                EXPECT_EQ(verified, 0);
            }
            for (const auto& flag : not_der)
                if (has_flag(t, flag)) EXPECT_EQ(parsed, 0) << "non-DER encoding was accepted (" << flag << ")";

            if (has_flag(t, "SignatureMalleabilityBitcoin")) {
                // The high-S twin of a valid signature: DER is fine, verify refuses it, and
                // normalizing (which must report that S was high) gives one that verifies.
                ASSERT_EQ(parsed, 1);
                secp256k1_ecdsa_signature low;
                EXPECT_EQ(api().ecdsa_signature_normalize(ctx(), &low, &sig), 1);
                EXPECT_EQ(api().ecdsa_verify(ctx(), &low, digest.data(), &pk), 1);
                EXPECT_EQ(api().ecdsa_signature_normalize(ctx(), nullptr, &low), 0);
            }
        }
    }
    EXPECT_EQ(tests, wycheproof_file().at("numberOfTests").get<long long>());
    EXPECT_EQ(tests, 463);
    EXPECT_EQ(valid, 162);
}

FASTSECP_INSTANTIATE_BOTH(Wycheproof);

}  // namespace
}  // namespace fastsecp::test
