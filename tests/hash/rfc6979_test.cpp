// The RFC 6979 HMAC-DRBG: bitcoinjs-lib's published k0/k1/k15 vectors, a step-by-step model of
// RFC 6979 section 3.2 (with libsecp256k1's retry and multi-block conventions), and, when the
// reference libsecp256k1 can be loaded, its exported nonce_function_rfc6979 for many counters.
#include "hash/sha256.h"

#include "api_table.h"
#include "hash_impls.h"
#include "json.h"
#include "test_hex.h"
#include "test_sha256.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>

#ifndef FASTSECP_VECTORS_DIR
#error "FASTSECP_VECTORS_DIR must be defined by the build"
#endif

namespace fastsecp::test {
namespace {

class Rfc6979Impl : public ::testing::TestWithParam<HashImpl> {};

// bitcoinjs-lib ecdsa.json "rfc6979": key material is int2octets(d) || SHA256(message); k0 is the
// first candidate, k1 and k15 the candidates after 1 and 15 rejections (each rejection applies
// K = HMAC_K(V || 0x00), V = HMAC_K(V) before the next V = HMAC_K(V)).
TEST_P(Rfc6979Impl, BitcoinjsVectors) {
    const auto doc = json::parse_file(std::string(FASTSECP_VECTORS_DIR) + "/bitcoinjs-lib/ecdsa.json");
    const auto& cases = doc.at("valid").at("rfc6979");
    ASSERT_EQ(cases.size(), 10u);
    for (const auto& c : cases) {
        const std::string& message = c.at("message").get<std::string>();
        Bytes material = from_hex_padded(c.at("d").get<std::string>(), 32);
        const auto h = sha256(message);
        material.insert(material.end(), h.begin(), h.end());

        hash::Rfc6979 r;
        hash::rfc6979_init(r, material.data(), material.size(), GetParam().fn);
        unsigned char k[16][32];
        for (auto& ki : k) hash::rfc6979_generate(r, ki, 32);
        hash::rfc6979_finalize(r);
        EXPECT_EQ(to_hex(k[0], 32), c.at("k0").get<std::string>()) << message;
        EXPECT_EQ(to_hex(k[1], 32), c.at("k1").get<std::string>()) << message;
        EXPECT_EQ(to_hex(k[15], 32), c.at("k15").get<std::string>()) << message;
    }
}

// The "ecdsa" section's k values are the first candidates for SHA256(message) under d.
TEST_P(Rfc6979Impl, BitcoinjsSigningNonces) {
    const auto doc = json::parse_file(std::string(FASTSECP_VECTORS_DIR) + "/bitcoinjs-lib/ecdsa.json");
    const auto& cases = doc.at("valid").at("ecdsa");
    ASSERT_FALSE(cases.empty());
    for (const auto& c : cases) {
        Bytes material = from_hex_padded(c.at("d").get<std::string>(), 32);
        const auto h = sha256(c.at("message").get<std::string>());
        material.insert(material.end(), h.begin(), h.end());
        hash::Rfc6979 r;
        hash::rfc6979_init(r, material.data(), material.size(), GetParam().fn);
        unsigned char k[32];
        hash::rfc6979_generate(r, k, 32);
        hash::rfc6979_finalize(r);
        EXPECT_EQ(to_hex(k, 32), c.at("k").get<std::string>()) << c.at("message").get<std::string>();
    }
}

INSTANTIATE_TEST_SUITE_P(Impls, Rfc6979Impl, ::testing::ValuesIn(hash_impls()), impl_name);

// RFC 6979 section 3.2 spelled out with one HMAC call per step.
struct ModelDrbg {
    unsigned char v[32], k[32];
    bool retry = false;

    static void mac(const unsigned char key[32], const Bytes& data, unsigned char out[32]) {
        hash::HmacSha256 h;
        hash::hmac_init(h, key, 32, &hash::compress_portable);
        hash::hmac_write(h, data.data(), data.size());
        hash::hmac_finalize(h, out);
    }
    Bytes v_then(std::initializer_list<unsigned char> sep, const Bytes& extra = {}) const {
        Bytes b(v, v + 32);
        b.insert(b.end(), sep);
        b.insert(b.end(), extra.begin(), extra.end());
        return b;
    }
    explicit ModelDrbg(const Bytes& material) {
        std::memset(v, 1, 32);                      // b
        std::memset(k, 0, 32);                      // c
        mac(k, v_then({0x00}, material), k);        // d
        mac(k, v_then({}), v);                      // e
        mac(k, v_then({0x01}, material), k);        // f
        mac(k, v_then({}), v);                      // g
    }
    Bytes generate(std::size_t outlen) {
        if (retry) {                                // h.3 for the previous candidate
            mac(k, v_then({0x00}), k);
            mac(k, v_then({}), v);
        }
        Bytes t;
        while (t.size() < outlen) {                 // h.2
            mac(k, v_then({}), v);
            t.insert(t.end(), v, v + 32);
        }
        t.resize(outlen);
        retry = true;
        return t;
    }
};

TEST(Rfc6979, MatchesStepByStepModel) {
    std::mt19937_64 rng(0x5eed0030);
    for (std::size_t keylen : {0, 32, 64, 96, 112, 200}) {
        for (int trial = 0; trial < 5; ++trial) {
            Bytes material(keylen);
            for (auto& c : material) c = static_cast<unsigned char>(rng());
            ModelDrbg model(material);
            hash::Rfc6979 r;
            hash::rfc6979_init(r, material.data(), material.size());
            for (int call = 0; call < 6; ++call) {
                // Lengths around the 32-byte output size, including 0 (which still counts as a
                // call and arms the retry update) and multi-block requests.
                std::size_t outlen = std::size_t(rng() % 100);
                Bytes got(outlen + 1, 0xee);
                hash::rfc6979_generate(r, got.data(), outlen);
                EXPECT_EQ(got[outlen], 0xee) << "wrote past the end";
                got.resize(outlen);
                ASSERT_EQ(to_hex(got), to_hex(model.generate(outlen)))
                    << "keylen " << keylen << " trial " << trial << " call " << call << " outlen " << outlen;
            }
            hash::rfc6979_finalize(r);
        }
    }
}

TEST(Rfc6979, FinalizeWipesState) {
    const unsigned char material[64] = {9};
    hash::Rfc6979 r;
    hash::rfc6979_init(r, material, sizeof material);
    unsigned char out[32];
    hash::rfc6979_generate(r, out, 32);
    hash::rfc6979_finalize(r);
    const unsigned char* p = reinterpret_cast<const unsigned char*>(&r);
    for (std::size_t i = 0; i < sizeof r; ++i) ASSERT_EQ(p[i], 0) << "byte " << i;
}

// ---- Differential check against the reference libsecp256k1 ----------------------------------
// Its nonce_function_rfc6979(nonce32, msg32, key32, algo16, data, counter) seeds the DRBG with
// key32 || (msg32 mod n) || [data32] || [algo16] and returns the candidate number `counter`.

TEST(Rfc6979Reference, SameCandidatesAsLibsecp256k1) {
    // Loaded through the shared test helper (tests/common), which knows where the configured
    // reference lives and how to open it (also under sanitizers).
    SecpApi api;
    std::string why;
    if (!load_reference_api("", api, why)) GTEST_SKIP() << "reference libsecp256k1 unavailable: " << why;
    ASSERT_NE(api.nonce_function_rfc6979, nullptr);
    const secp256k1_nonce_function ref = api.nonce_function_rfc6979;

    std::mt19937_64 rng(0x5eed0031);
    for (int trial = 0; trial < 40; ++trial) {
        unsigned char key[32], msg[32], extra[32], algo[16];
        for (auto* buf : {key, msg, extra}) for (int i = 0; i < 32; ++i) buf[i] = static_cast<unsigned char>(rng());
        for (auto& c : algo) c = static_cast<unsigned char>(rng());
        msg[0] &= 0x7f;  // below the group order, so the reference's reduction mod n is the identity
        const bool with_extra = trial % 2 == 1, with_algo = trial % 4 >= 2;

        Bytes material(key, key + 32);
        material.insert(material.end(), msg, msg + 32);
        if (with_extra) material.insert(material.end(), extra, extra + 32);
        if (with_algo) material.insert(material.end(), algo, algo + 16);

        hash::Rfc6979 r;
        hash::rfc6979_init(r, material.data(), material.size());
        for (unsigned counter = 0; counter < 5; ++counter) {
            unsigned char ours[32], theirs[32];
            hash::rfc6979_generate(r, ours, 32);
            ASSERT_EQ(ref(theirs, msg, key, with_algo ? algo : nullptr, with_extra ? extra : nullptr, counter), 1);
            ASSERT_EQ(to_hex(ours, 32), to_hex(theirs, 32)) << "trial " << trial << " counter " << counter;
        }
        hash::rfc6979_finalize(r);
    }
}

}  // namespace
}  // namespace fastsecp::test
