// bitcoinjs-lib test/fixtures/ecdsa.json (v5.2.0). "valid.ecdsa": signing SHA-256(message) with
// key d and the default nonce (RFC 6979) must give exactly (r, s), in compact and DER form.
// "invalid.verify": signatures with r or s out of range (negative, zero, >= n) or for another
// message must not verify. The "valid.rfc6979" entries list internal nonces (k0, k1, k15) that
// the public API never exposes; they belong to the hash unit tests and are not used here.
#include "vector_fixture.h"

namespace fastsecp::test {
namespace {

const json::Value& bitcoinjs_file() {
    static const json::Value doc = json::parse_file(vector_path("bitcoinjs-lib/ecdsa.json"));
    return doc;
}

// DER INTEGER for a signed value given as a (possibly "-"-prefixed) big-endian hex magnitude,
// in two's complement with the fewest bytes, as X.690 requires. Written independently of the
// library so it can judge the library's encoder.
Bytes der_integer(const std::string& signed_hex) {
    bool negative = !signed_hex.empty() && signed_hex[0] == '-';
    Bytes mag = from_hex_padded(negative ? signed_hex.substr(1) : signed_hex, 40);
    Bytes v = mag;
    if (negative) {  // two's complement over 40 bytes: invert and add one
        for (auto& b : v) b = static_cast<unsigned char>(~b);
        for (std::size_t i = v.size(); i-- > 0;)
            if (++v[i] != 0) break;
    }
    // Drop leading bytes that only repeat the sign.
    while (v.size() > 1 && ((v[0] == 0x00 && !(v[1] & 0x80)) || (v[0] == 0xFF && (v[1] & 0x80)))) v.erase(v.begin());
    Bytes out{0x02, static_cast<unsigned char>(v.size())};
    out.insert(out.end(), v.begin(), v.end());
    return out;
}

Bytes der_signature(const std::string& r, const std::string& s) {
    Bytes ri = der_integer(r), si = der_integer(s);
    Bytes out{0x30, static_cast<unsigned char>(ri.size() + si.size())};
    out.insert(out.end(), ri.begin(), ri.end());
    out.insert(out.end(), si.begin(), si.end());
    return out;
}

using BitcoinJs = VectorTest;

TEST_P(BitcoinJs, DerHelperMatchesKnownEncodings) {
    // Checks of the test's own encoder against hand-derived X.690 encodings.
    EXPECT_EQ(to_hex(der_integer("00")), "020100");
    EXPECT_EQ(to_hex(der_integer("7f")), "02017f");
    EXPECT_EQ(to_hex(der_integer("80")), "02020080");
    EXPECT_EQ(to_hex(der_integer("-01")), "0201ff");
    EXPECT_EQ(to_hex(der_integer("-80")), "020180");
    EXPECT_EQ(to_hex(der_integer("-81")), "0202ff7f");
}

TEST_P(BitcoinJs, SignWithDefaultNonce) {
    const auto& cases = bitcoinjs_file().at("valid").at("ecdsa");
    ASSERT_EQ(cases.size(), 7u);
    for (const auto& c : cases) {
        const std::string& message = c.at("message").get<std::string>();
        SCOPED_TRACE("message \"" + message + "\"");
        Bytes d = from_hex_padded(c.at("d").get<std::string>(), 32);
        Bytes r = from_hex_padded(c.at("signature").at("r").get<std::string>(), 32);
        Bytes s = from_hex_padded(c.at("signature").at("s").get<std::string>(), 32);
        auto digest = sha256(message);

        for (secp256k1_nonce_function nonce : {secp256k1_nonce_function(nullptr), api().nonce_function_default,
                                               api().nonce_function_rfc6979}) {
            secp256k1_ecdsa_signature sig;
            ASSERT_EQ(api().ecdsa_sign(ctx(), &sig, digest.data(), d.data(), nonce, nullptr), 1);
            unsigned char compact[64];
            ASSERT_EQ(api().ecdsa_signature_serialize_compact(ctx(), compact, &sig), 1);
            EXPECT_EQ(to_hex(compact, 32), to_hex(r));
            EXPECT_EQ(to_hex(compact + 32, 32), to_hex(s));

            unsigned char der[72];
            size_t len = sizeof(der);
            ASSERT_EQ(api().ecdsa_signature_serialize_der(ctx(), der, &len, &sig), 1);
            EXPECT_EQ(to_hex(der, len), to_hex(der_signature(c.at("signature").at("r").get<std::string>(),
                                                             c.at("signature").at("s").get<std::string>())));

            secp256k1_pubkey pk;
            ASSERT_EQ(api().ec_pubkey_create(ctx(), &pk, d.data()), 1);
            EXPECT_EQ(api().ecdsa_verify(ctx(), &sig, digest.data(), &pk), 1);
        }
    }
}

TEST_P(BitcoinJs, InvalidSignaturesDoNotVerify) {
    const auto& cases = bitcoinjs_file().at("invalid").at("verify");
    ASSERT_EQ(cases.size(), 8u);
    for (const auto& c : cases) {
        SCOPED_TRACE(c.at("description").get<std::string>());
        Bytes d = from_hex_padded(c.at("d").get<std::string>(), 32);
        auto digest = sha256(c.at("message").get<std::string>());
        secp256k1_pubkey pk;
        ASSERT_EQ(api().ec_pubkey_create(ctx(), &pk, d.data()), 1);
        const std::string& r = c.at("signature").at("r").get<std::string>();
        const std::string& s = c.at("signature").at("s").get<std::string>();

        // DER can carry every value, negative ones included; libsecp256k1 accepts out-of-range
        // integers at parse time (they load as zero) and refuses them in verify.
        Bytes der = der_signature(r, s);
        secp256k1_ecdsa_signature sig;
        int parsed = api().ecdsa_signature_parse_der(ctx(), &sig, der.data(), der.size());
        EXPECT_EQ(parsed && api().ecdsa_verify(ctx(), &sig, digest.data(), &pk), 0) << "DER " << to_hex(der);

        // Non-negative values also fit the 64-byte compact form, which rejects r or s >= n.
        if (r[0] != '-' && s[0] != '-') {
            Bytes compact = from_hex_padded(r, 32);
            Bytes sb = from_hex_padded(s, 32);
            compact.insert(compact.end(), sb.begin(), sb.end());
            parsed = api().ecdsa_signature_parse_compact(ctx(), &sig, compact.data());
            EXPECT_EQ(parsed && api().ecdsa_verify(ctx(), &sig, digest.data(), &pk), 0) << "compact " << to_hex(compact);
        }
    }
}

FASTSECP_INSTANTIATE_BOTH(BitcoinJs);

}  // namespace
}  // namespace fastsecp::test
