// HMAC-SHA256 against RFC 4231 test cases 1-7, for every compression function, and in pieces.
#include "hash/sha256.h"

#include "hash_impls.h"
#include "test_hex.h"

#include <gtest/gtest.h>

#include <random>
#include <string>

namespace fastsecp::test {
namespace {

struct Rfc4231Case {
    int id;
    Bytes key;
    Bytes data;
    std::string mac_hex;  // case 5 gives only the first 128 bits
};

Bytes text(const std::string& s) { return Bytes(s.begin(), s.end()); }

std::vector<Rfc4231Case> rfc4231_cases() {
    return {
        {1, Bytes(20, 0x0b), text("Hi There"), "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"},
        {2, text("Jefe"), text("what do ya want for nothing?"),
         "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"},
        {3, Bytes(20, 0xaa), Bytes(50, 0xdd), "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"},
        {4, from_hex("0102030405060708090a0b0c0d0e0f10111213141516171819"), Bytes(50, 0xcd),
         "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"},
        {5, Bytes(20, 0x0c), text("Test With Truncation"), "a3b6167473100ee06e0c796c2955552b"},
        {6, Bytes(131, 0xaa), text("Test Using Larger Than Block-Size Key - Hash Key First"),
         "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"},
        {7, Bytes(131, 0xaa),
         text("This is a test using a larger than block-size key and a larger than block-size data. The key needs "
              "to be hashed before being used by the HMAC algorithm."),
         "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"},
    };
}

class HmacImpl : public ::testing::TestWithParam<HashImpl> {};

TEST_P(HmacImpl, Rfc4231) {
    std::mt19937_64 rng(0x5eed0020);
    for (const auto& c : rfc4231_cases()) {
        unsigned char mac[32];
        hash::HmacSha256 h;
        hash::hmac_init(h, c.key.data(), c.key.size(), GetParam().fn);
        hash::hmac_write(h, c.data.data(), c.data.size());
        hash::hmac_finalize(h, mac);
        EXPECT_EQ(to_hex(mac, 32).substr(0, c.mac_hex.size()), c.mac_hex) << "RFC 4231 case " << c.id;

        // Same MAC when the data arrives in random pieces.
        hash::hmac_init(h, c.key.data(), c.key.size(), GetParam().fn);
        std::size_t pos = 0;
        while (pos < c.data.size()) {
            std::size_t piece = std::min<std::size_t>(rng() % 20, c.data.size() - pos);
            hash::hmac_write(h, c.data.data() + pos, piece);
            pos += piece;
        }
        hash::hmac_finalize(h, mac);
        EXPECT_EQ(to_hex(mac, 32).substr(0, c.mac_hex.size()), c.mac_hex) << "RFC 4231 case " << c.id << " split";
    }
}

INSTANTIATE_TEST_SUITE_P(Impls, HmacImpl, ::testing::ValuesIn(hash_impls()), impl_name);

TEST(Hmac, FinalizeWipesState) {
    const unsigned char key[32] = {7};
    hash::HmacSha256 h;
    hash::hmac_init(h, key, sizeof key);
    hash::hmac_write(h, key, sizeof key);
    unsigned char mac[32];
    hash::hmac_finalize(h, mac);
    const unsigned char* p = reinterpret_cast<const unsigned char*>(&h);
    for (std::size_t i = 0; i < sizeof h; ++i) ASSERT_EQ(p[i], 0) << "byte " << i;
}

}  // namespace
}  // namespace fastsecp::test
