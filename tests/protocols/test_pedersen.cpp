// Pedersen commitments with secp256k1-zkp's API (secp256k1_generator.h): byte-identical to
// secp256k1-zkp on 48 generated cases (tests/vectors/data/README.md says how they were made:
// commitments on H and on generators secp256k1-zkp derived, blind sums), and the homomorphism.
#include <secp256k1_generator.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstring>

#include "protocol_common.h"

using namespace fastsecp::test;

namespace {

TEST(Pedersen, SameAsSecp256k1Zkp) {
    Context ctx;
    auto j = nlohmann::json::parse(read_vector_file("secp256k1-zkp/pedersen_generated.json"));
    unsigned char h33[33];
    ASSERT_EQ(secp256k1_generator_serialize(ctx, h33, secp256k1_generator_h), 1);
    EXPECT_EQ(to_hex(h33, 33), j.at("generator_h").get<std::string>());
    ASSERT_EQ(j.at("cases").size(), 48u);
    std::vector<secp256k1_pedersen_commitment> made;
    int generated = 0;
    for (size_t i = 0; i < j.at("cases").size(); i++) {
        const auto& c = j.at("cases")[i];
        SCOPED_TRACE("case " + std::to_string(i));
        Bytes g33 = from_hex(c.at("generator").get<std::string>());
        secp256k1_generator gen;
        ASSERT_EQ(secp256k1_generator_parse(ctx, &gen, g33.data()), 1);
        unsigned char back[33];
        ASSERT_EQ(secp256k1_generator_serialize(ctx, back, &gen), 1);
        EXPECT_EQ(to_hex(back, 33), to_hex(g33));
        Bytes blind = from_hex(c.at("blind").get<std::string>());
        // The generator derived here from the same key (and blind) is secp256k1-zkp's.
        const std::string from = c.at("generator_from").get<std::string>();
        if (from != "h") {
            Bytes key = from_hex(c.at("key").get<std::string>());
            secp256k1_generator mine;
            int ok = from == "generate" ? secp256k1_generator_generate(ctx, &mine, key.data())
                                        : secp256k1_generator_generate_blinded(ctx, &mine, key.data(), blind.data());
            ASSERT_EQ(ok, 1);
            ASSERT_EQ(secp256k1_generator_serialize(ctx, back, &mine), 1);
            EXPECT_EQ(to_hex(back, 33), to_hex(g33)) << from;
            EXPECT_EQ(std::memcmp(mine.data, gen.data, 64), 0);
            generated++;
        }
        uint64_t value = std::stoull(c.at("value").get<std::string>());
        secp256k1_pedersen_commitment cm;
        int ok = secp256k1_pedersen_commit(ctx, &cm, blind.data(), value, &gen);
        EXPECT_EQ(ok, c.at("commit").get<int>());
        if (ok) {
            unsigned char out[33];
            ASSERT_EQ(secp256k1_pedersen_commitment_serialize(ctx, out, &cm), 1);
            EXPECT_EQ(to_hex(out, 33), c.at("commitment").get<std::string>());
            // The encoding parses back to the same commitment.
            secp256k1_pedersen_commitment again;
            ASSERT_EQ(secp256k1_pedersen_commitment_parse(ctx, &again, out), 1);
            const secp256k1_pedersen_commitment* p[1] = {&cm};
            const secp256k1_pedersen_commitment* n[1] = {&again};
            EXPECT_EQ(secp256k1_pedersen_verify_tally(ctx, p, 1, n, 1), 1);
            made.push_back(cm);
        }
        std::vector<Bytes> bl;
        for (const auto& b : c.at("blinds")) bl.push_back(from_hex(b.get<std::string>()));
        const unsigned char* bp[4] = {bl[0].data(), bl[1].data(), bl[2].data(), bl[3].data()};
        unsigned char sum[32];
        int sok = secp256k1_pedersen_blind_sum(ctx, sum, bp, 4, (size_t)c.at("npositive").get<int>());
        EXPECT_EQ(sok, c.at("blind_sum").get<int>());
        if (sok) EXPECT_EQ(to_hex(sum, 32), c.at("sum").get<std::string>());
    }
    EXPECT_EQ(generated, 23);
    // Distinct commitments do not tally; a permutation does.
    ASSERT_GE(made.size(), 3u);
    const secp256k1_pedersen_commitment* a[2] = {&made[0], &made[1]};
    const secp256k1_pedersen_commitment* b[2] = {&made[1], &made[0]};
    const secp256k1_pedersen_commitment* c1[1] = {&made[2]};
    EXPECT_EQ(secp256k1_pedersen_verify_tally(ctx, a, 2, b, 2), 1);
    EXPECT_EQ(secp256k1_pedersen_verify_tally(ctx, a, 2, c1, 1), 0);
    EXPECT_EQ(secp256k1_pedersen_verify_tally(ctx, a, 0, b, 0), 1);
}

TEST(Pedersen, HomomorphismAndBadEncodings) {
    Context ctx;
    std::mt19937_64 rng(9);
    for (int round = 0; round < 20; round++) {
        // Inputs (v1, b1), (v2, b2) and outputs (v3, b3), (v1 + v2 - v3, b_last) with b_last from
        // blind_sum: the commitments tally.
        uint64_t v1 = rng() >> 2, v2 = rng() >> 2, v3 = v1 / 3;
        uint64_t v4 = v1 + v2 - v3;
        Bytes b1 = random_bytes(rng, 32), b2 = random_bytes(rng, 32), b3 = random_bytes(rng, 32);
        b1[0] &= 0x7f;
        b2[0] &= 0x7f;
        b3[0] &= 0x7f;
        unsigned char b4[32];
        const unsigned char* blinds[3] = {b1.data(), b2.data(), b3.data()};
        ASSERT_EQ(secp256k1_pedersen_blind_sum(ctx, b4, blinds, 3, 2), 1);
        secp256k1_pedersen_commitment c[4];
        ASSERT_EQ(secp256k1_pedersen_commit(ctx, &c[0], b1.data(), v1, secp256k1_generator_h), 1);
        ASSERT_EQ(secp256k1_pedersen_commit(ctx, &c[1], b2.data(), v2, secp256k1_generator_h), 1);
        ASSERT_EQ(secp256k1_pedersen_commit(ctx, &c[2], b3.data(), v3, secp256k1_generator_h), 1);
        ASSERT_EQ(secp256k1_pedersen_commit(ctx, &c[3], b4, v4, secp256k1_generator_h), 1);
        const secp256k1_pedersen_commitment* in[2] = {&c[0], &c[1]};
        const secp256k1_pedersen_commitment* out[2] = {&c[2], &c[3]};
        EXPECT_EQ(secp256k1_pedersen_verify_tally(ctx, in, 2, out, 2), 1);
        ASSERT_EQ(secp256k1_pedersen_commit(ctx, &c[3], b4, v4 + 1, secp256k1_generator_h), 1);
        EXPECT_EQ(secp256k1_pedersen_verify_tally(ctx, in, 2, out, 2), 0);
    }
    // blind_generator_blind_sum with zero generator blinds is a blind sum (inputs negative).
    unsigned char f[3][32], zero[32] = {0};
    for (auto& x : f)
        for (auto& byte : x) byte = (unsigned char)(rng() & 0x7f);
    uint64_t values[3] = {5, 7, 12};
    const unsigned char* gb[3] = {zero, zero, zero};
    unsigned char* fp[3] = {f[0], f[1], f[2]};
    ASSERT_EQ(secp256k1_pedersen_blind_generator_blind_sum(ctx, values, gb, fp, 3, 1), 1);
    const unsigned char* order[3] = {f[1], f[2], f[0]};  // outputs positive, the input negative
    unsigned char total[32];
    ASSERT_EQ(secp256k1_pedersen_blind_sum(ctx, total, order, 3, 2), 1);
    EXPECT_EQ(std::memcmp(total, zero, 32), 0);
    // Encodings: wrong prefix, x >= p, x off the curve.
    secp256k1_pedersen_commitment cm;
    secp256k1_generator g;
    unsigned char enc[33];
    ASSERT_EQ(secp256k1_pedersen_commit(ctx, &cm, f[0], 1, secp256k1_generator_h), 1);
    ASSERT_EQ(secp256k1_pedersen_commitment_serialize(ctx, enc, &cm), 1);
    enc[0] = 0x02;
    EXPECT_EQ(secp256k1_pedersen_commitment_parse(ctx, &cm, enc), 0);
    enc[0] = 0x0a;
    EXPECT_EQ(secp256k1_pedersen_commitment_parse(ctx, &cm, enc), 0);
    unsigned char big[33];
    std::memset(big, 0xff, 33);
    big[0] = 0x08;
    EXPECT_EQ(secp256k1_pedersen_commitment_parse(ctx, &cm, big), 0);
    big[0] = 0x0a;
    EXPECT_EQ(secp256k1_generator_parse(ctx, &g, big), 0);
    unsigned char five[33] = {0x08};
    five[32] = 5;  // 5^3 + 7 is not a square
    EXPECT_EQ(secp256k1_pedersen_commitment_parse(ctx, &cm, five), 0);
}

}  // namespace
