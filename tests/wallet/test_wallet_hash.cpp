// The hashes under the wallet layer against published known answers
// (tests/vectors/data/hash-known-answers), and split writes against one-shot hashing.
#include <string>

#include "hash/keccak.h"
#include "hash/ripemd160.h"
#include "hash/sha512.h"
#include "wallet_common.h"

using namespace fastsecp;
using namespace fastsecp::test;

namespace {

Bytes message(const json::Value& c) {
    if (c.contains("msg_repeat")) {
        std::string ch = c.at("msg_repeat")[0].get<std::string>();
        return Bytes(c.at("msg_repeat")[1].get<size_t>(), (unsigned char)ch.at(0));
    }
    std::string m = c.at("msg").get<std::string>();
    return Bytes(m.begin(), m.end());
}

const json::Value& cases(const char* name) {
    static const json::Value v = wallet_vectors("hash-known-answers/known_answers.json");
    return v.at(name).at("cases");
}

}  // namespace

TEST(WalletHash, Sha512KnownAnswers) {
    for (const auto& c : cases("sha512")) {
        Bytes m = message(c);
        unsigned char out[64];
        hash::sha512(nonnull_data(m), m.size(), out);
        EXPECT_EQ(to_hex(out, 64), c.at("digest").get<std::string>());
        // The same through writes of every split point pattern (1, 7, 128-byte pieces).
        for (size_t piece : {1u, 7u, 128u}) {
            hash::Sha512 h;
            hash::sha512_init(h);
            for (size_t i = 0; i < m.size(); i += piece) hash::sha512_write(h, &m[i], std::min(piece, m.size() - i));
            hash::sha512_finalize(h, out);
            EXPECT_EQ(to_hex(out, 64), c.at("digest").get<std::string>()) << piece;
        }
    }
}

TEST(WalletHash, HmacSha512KnownAnswers) {
    for (const auto& c : cases("hmac_sha512")) {
        Bytes k = from_hex(c.at("key").get<std::string>()), m = message(c);
        unsigned char out[64];
        hash::hmac_sha512(k.data(), k.size(), m.data(), m.size(), out);
        EXPECT_EQ(to_hex(out, 64), c.at("mac").get<std::string>());
    }
    // A key longer than a block is hashed first: same MAC as with its SHA-512 as the key.
    Bytes longkey = random_bytes(200), m = random_bytes(50);
    unsigned char hk[64], a[64], b[64];
    hash::sha512(longkey.data(), longkey.size(), hk);
    hash::hmac_sha512(longkey.data(), longkey.size(), m.data(), m.size(), a);
    hash::hmac_sha512(hk, 64, m.data(), m.size(), b);
    EXPECT_EQ(to_hex(a, 64), to_hex(b, 64));
}

TEST(WalletHash, EightLaneHmacMatchesSingle) {
    // hmac512_short8 (AVX-512 lanes, or the scalar fallback under FASTSECP_FORCE_PORTABLE=1)
    // against one HMAC at a time, for every one-block message length.
    for (size_t len = 0; len <= 111; len++) {
        Bytes key = random_bytes(len % 3 == 0 ? 32 : 1 + len), msgs = random_bytes(8 * len + 1);
        hash::HmacSha512 keyed;
        hash::hmac512_init(keyed, key.data(), key.size());
        const unsigned char* ptrs[8];
        for (int l = 0; l < 8; l++) ptrs[l] = &msgs[len * l];
        unsigned char out[8][64];
        hash::hmac512_short8(out, keyed, ptrs, len);
        for (int l = 0; l < 8; l++) {
            unsigned char want[64];
            hash::hmac_sha512(key.data(), key.size(), ptrs[l], len, want);
            EXPECT_EQ(to_hex(out[l], 64), to_hex(want, 64)) << "len " << len << " lane " << l;
        }
    }
    std::printf("sha512 lanes: %s\n", hash::sha512_lanes_available() ? "AVX-512" : "portable");
}

TEST(WalletHash, Ripemd160KnownAnswers) {
    for (const auto& c : cases("ripemd160")) {
        Bytes m = message(c);
        unsigned char out[20];
        hash::ripemd160(nonnull_data(m), m.size(), out);
        EXPECT_EQ(to_hex(out, 20), c.at("digest").get<std::string>());
    }
}

TEST(WalletHash, Keccak256KnownAnswers) {
    for (const auto& c : cases("keccak256")) {
        Bytes m = message(c);
        unsigned char out[32];
        hash::keccak256(nonnull_data(m), m.size(), out);
        EXPECT_EQ(to_hex(out, 32), c.at("digest").get<std::string>());
        unsigned char api[32];
        ASSERT_EQ(fastsecp_keccak256(api, nonnull_data(m), m.size()), FASTSECP_OK);
        EXPECT_EQ(to_hex(api, 32), c.at("digest").get<std::string>());
    }
    unsigned char out[32];
    EXPECT_EQ(fastsecp_keccak256(out, nullptr, 0), FASTSECP_OK);
    EXPECT_EQ(fastsecp_keccak256(out, nullptr, 1), FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(fastsecp_keccak256(nullptr, out, 1), FASTSECP_ERR_INVALID_ARGUMENT);
}
