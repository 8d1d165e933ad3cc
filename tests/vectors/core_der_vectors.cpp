// Bitcoin Core's sig_canonical.json / sig_noncanonical.json. Each entry is a script signature:
// a DER signature followed by one sighash-type byte. libsecp256k1 parses only the DER part, so the
// last byte is removed before parsing (and, as a check of that reading, the full entry with the
// byte still attached must never parse: DER forbids trailing data).
//
// Canonical entries must parse and re-serialize to the same DER bytes. For non-canonical ones
// libsecp256k1 is stricter than BER but not a full canonicality check (it accepts negative
// integers, loading them as zero), so its result for each entry is compared with the
// reference's, and where the DER rules make libsecp256k1 reject an entry that is asserted too.
#include "vector_fixture.h"

#include <map>

namespace fastsecp::test {
namespace {

Bytes strip_sighash(const Bytes& script_sig) { return Bytes(script_sig.begin(), script_sig.end() - 1); }

using CoreDer = VectorTest;

TEST_P(CoreDer, CanonicalSignaturesRoundTrip) {
    auto doc = json::parse_file(vector_path("bitcoin-core/sig_canonical.json"));
    ASSERT_EQ(doc.size(), 5u);
    for (const auto& entry : doc) {
        SCOPED_TRACE(entry.get<std::string>());
        Bytes full = from_hex(entry.get<std::string>());
        Bytes der = strip_sighash(full);
        secp256k1_ecdsa_signature sig;
        ASSERT_EQ(api().ecdsa_signature_parse_der(ctx(), &sig, der.data(), der.size()), 1);
        unsigned char out[72];
        size_t len = sizeof(out);
        ASSERT_EQ(api().ecdsa_signature_serialize_der(ctx(), out, &len, &sig), 1);
        EXPECT_EQ(to_hex(out, len), to_hex(der));
        EXPECT_EQ(api().ecdsa_signature_parse_der(ctx(), &sig, full.data(), full.size()), 0)
            << "trailing sighash byte accepted";
    }
}

TEST_P(CoreDer, NonCanonicalSignaturesMatchReference) {
#if !defined(FASTSECP_REFERENCE_OPTIONAL)
    ASSERT_TRUE(have_ref()) << "reference libsecp256k1 could not be loaded (" << ref_error()
                            << "); set FASTSECP_REFERENCE_LIB to its path";
#endif
    // Without a reference (inside another project) only the expected results below are checked.
    // What libsecp256k1's DER rules give for the DER part of each labelled entry: 1 = parses.
    // "hashtype" differs from a canonical signature only in its sighash byte; "R<0"/"S<0" are
    // well-formed DER whose negative integer libsecp256k1 loads as zero.
    const std::map<std::string, int> expected = {
        {"too short:", 0}, {"too long:", 0},   {"hashtype:", 1}, {"type:", 0},     {"total length:", 0},
        {"S len oob:", 0}, {"R+S:", 0},        {"R type:", 0},   {"R len = 0:", 0}, {"R<0:", 1},
        {"R padded:", 0},  {"S type:", 0},     {"S len = 0:", 0}, {"S<0:", 1},     {"S padded:", 0}};

    auto doc = json::parse_file(vector_path("bitcoin-core/sig_noncanonical.json"));
    std::string label;
    int entries = 0;
    for (const auto& item : doc) {
        const std::string& text = item.get<std::string>();
        if (!is_hex(text)) {  // labels and remarks are plain strings; each label names the next entry
            label = text;
            continue;
        }
        ++entries;
        SCOPED_TRACE(label + " " + text);
        Bytes full = from_hex(text);
        for (const Bytes& input : {strip_sighash(full), full}) {
            if (!have_ref()) break;
            secp256k1_ecdsa_signature sig, ref_sig;
            int got = api().ecdsa_signature_parse_der(ctx(), &sig, input.data(), input.size());
            int want = ref().ecdsa_signature_parse_der(ref_ctx(), &ref_sig, input.data(), input.size());
            EXPECT_EQ(got, want) << "input " << to_hex(input);
            if (got == 1 && want == 1) {
                unsigned char a[64], b[64];
                ASSERT_EQ(api().ecdsa_signature_serialize_compact(ctx(), a, &sig), 1);
                ASSERT_EQ(ref().ecdsa_signature_serialize_compact(ref_ctx(), b, &ref_sig), 1);
                EXPECT_EQ(to_hex(a, 64), to_hex(b, 64));
            }
        }
        auto it = expected.find(label);
        ASSERT_NE(it, expected.end()) << "unknown label";
        Bytes der = strip_sighash(full);
        secp256k1_ecdsa_signature sig;
        EXPECT_EQ(api().ecdsa_signature_parse_der(ctx(), &sig, der.data(), der.size()), it->second);
        if (it->second == 1 && (label == "R<0:" || label == "S<0:")) {
            unsigned char compact[64];
            ASSERT_EQ(api().ecdsa_signature_serialize_compact(ctx(), compact, &sig), 1);
            const unsigned char* zero_half = compact + (label == "R<0:" ? 0 : 32);
            EXPECT_EQ(to_hex(zero_half, 32), std::string(64, '0')) << "negative integer not loaded as zero";
        }
    }
    EXPECT_EQ(entries, 15);
}

FASTSECP_INSTANTIATE_BOTH(CoreDer);

}  // namespace
}  // namespace fastsecp::test
