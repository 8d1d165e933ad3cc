// Tagged hashes (BIP-340): the precomputed midstate table, the generic tagged init, and the
// definition SHA256(SHA256(tag) || SHA256(tag) || msg), checked with the tests' independent SHA-256.
#include "hash/sha256.h"

#include "hash_impls.h"
#include "test_hex.h"
#include "test_sha256.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstring>
#include <random>
#include <string>

namespace fastsecp::test {
namespace {

using hash::Tag;

// The tag texts as the BIPs and the brief spell them, kept separately from the library's own
// strings so a typo in either is caught.
const std::pair<Tag, const char*> kExpectedTags[] = {
    {Tag::BIP340Challenge, "BIP0340/challenge"},
    {Tag::BIP340Aux, "BIP0340/aux"},
    {Tag::BIP340Nonce, "BIP0340/nonce"},
    {Tag::TapTweak, "TapTweak"},
    {Tag::KeyAggList, "KeyAgg list"},
    {Tag::KeyAggCoef, "KeyAgg coefficient"},
    {Tag::MusigAux, "MuSig/aux"},
    {Tag::MusigNonce, "MuSig/nonce"},
    {Tag::MusigNonceCoef, "MuSig/noncecoef"},
    {Tag::BIP352Inputs, "BIP0352/Inputs"},
    {Tag::BIP352SharedSecret, "BIP0352/SharedSecret"},
    {Tag::BIP352Label, "BIP0352/Label"},
    {Tag::BIP324EllswiftXonly, "bip324_ellswift_xonly_ecdh"},
};
static_assert(std::size(kExpectedTags) == hash::kTagCount);

// Midstate after the block SHA256(tag) || SHA256(tag), using only tests/common/test_sha256.h.
void independent_midstate(const std::string& tag, std::uint32_t out[8]) {
    const auto t = sha256(tag);
    unsigned char block[64];
    std::memcpy(block, t.data(), 32);
    std::memcpy(block + 32, t.data(), 32);
    const std::uint32_t iv[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    std::memcpy(out, iv, sizeof iv);
    sha256_compress(out, block, 1);
}

std::array<unsigned char, 32> independent_tagged(const std::string& tag, const Bytes& msg) {
    const auto t = sha256(tag);
    Bytes all(t.begin(), t.end());
    all.insert(all.end(), t.begin(), t.end());
    all.insert(all.end(), msg.begin(), msg.end());
    return sha256(all);
}

// Recomputes the whole table. On a mismatch it prints the correct rows, which is how the table in
// src/hash/tag_midstates.cpp is (re)generated.
TEST(TagMidstates, TableMatchesTagStrings) {
    bool all_ok = true;
    std::string rows;
    for (const auto& [tag, text] : kExpectedTags) {
        EXPECT_STREQ(hash::tag_string(tag), text);
        std::uint32_t expect[8];
        independent_midstate(text, expect);
        const std::uint32_t* got = hash::tag_midstate(tag);
        char line[160];
        std::snprintf(line, sizeof line, "    // \"%s\"\n    {", text);
        rows += line;
        for (int i = 0; i < 8; ++i) {
            std::snprintf(line, sizeof line, "0x%08x%s", expect[i], i == 7 ? "},\n" : ", ");
            rows += line;
            if (got[i] != expect[i]) all_ok = false;
        }
    }
    EXPECT_TRUE(all_ok) << "kMidstates should be:\n" << rows;
}

class TaggedHash : public ::testing::TestWithParam<HashImpl> {};

TEST_P(TaggedHash, FixedTagsMatchDefinition) {
    std::mt19937_64 rng(0x5eed0010);
    for (const auto& [tag, text] : kExpectedTags) {
        for (std::size_t len : {0, 1, 32, 55, 56, 64, 97, 200}) {
            Bytes msg(len);
            for (auto& c : msg) c = static_cast<unsigned char>(rng());
            const auto expected = independent_tagged(text, msg);

            unsigned char from_table[32], from_string[32], one_shot[32];
            hash::Sha256 h;
            hash::sha256_tagged_init(h, tag, GetParam().fn);
            EXPECT_EQ(h.bytes, 64u);
            hash::sha256_write(h, msg.data(), msg.size());
            hash::sha256_finalize(h, from_table);

            hash::sha256_tagged_init(h, reinterpret_cast<const unsigned char*>(text), std::strlen(text), GetParam().fn);
            hash::sha256_write(h, msg.data(), msg.size());
            hash::sha256_finalize(h, from_string);

            hash::tagged_sha256(reinterpret_cast<const unsigned char*>(text), std::strlen(text), msg.data(), msg.size(),
                                one_shot, GetParam().fn);

            const std::string want = to_hex(expected.data(), 32);
            ASSERT_EQ(to_hex(from_table, 32), want) << text << " len " << len;
            ASSERT_EQ(to_hex(from_string, 32), want) << text << " len " << len;
            ASSERT_EQ(to_hex(one_shot, 32), want) << text << " len " << len;
        }
    }
}

// Arbitrary tags (including empty and longer than a block) through the generic path.
TEST_P(TaggedHash, ArbitraryTagsMatchDefinition) {
    std::mt19937_64 rng(0x5eed0011);
    for (std::size_t taglen : {0, 1, 17, 63, 64, 65, 130}) {
        std::string tag(taglen, '\0');
        for (auto& c : tag) c = static_cast<char>(rng());
        Bytes msg(rng() % 100);
        for (auto& c : msg) c = static_cast<unsigned char>(rng());
        unsigned char out[32];
        hash::tagged_sha256(reinterpret_cast<const unsigned char*>(tag.data()), tag.size(), msg.data(), msg.size(), out,
                            GetParam().fn);
        EXPECT_EQ(to_hex(out, 32), to_hex(independent_tagged(tag, msg).data(), 32)) << "taglen " << taglen;
    }
}

INSTANTIATE_TEST_SUITE_P(Impls, TaggedHash, ::testing::ValuesIn(hash_impls()), impl_name);

}  // namespace
}  // namespace fastsecp::test
