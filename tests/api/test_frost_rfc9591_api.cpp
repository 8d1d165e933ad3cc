// secp256k1_frost_rfc9591.h (FROST(secp256k1, SHA-256) of RFC 9591) through the shipped library,
// like a user program: the RFC's vector (tests/vectors/data/rfc9591/) end to end in its own
// encodings (dealer shares from its coefficients, VSS checks, round-one commitments from its
// randomness, signature shares, the 65-byte signature), whole signing runs with random signer
// subsets (2-of-3, 3-of-5, 11-of-15), what must fail (tampered shares, signatures, messages and
// lists, a reused secret nonce), and illegal arguments. The scheme layer's intermediate values are
// checked in tests/unit/test_frost_rfc9591.cpp.
#include <secp256k1.h>
#include <secp256k1_frost_rfc9591.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "json.h"
#include "test_hex.h"

extern "C" int fastsecp_c_header_frost_rfc9591_check(void);

namespace fastsecp::test {
namespace {

struct Illegal {
    int count = 0;
    static void cb(const char*, void* d) { static_cast<Illegal*>(d)->count++; }
};

class FrostRfc9591Api : public ::testing::Test {
protected:
    secp256k1_context* ctx = nullptr;
    Illegal illegal;
    void SetUp() override {
        ctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
        secp256k1_context_set_illegal_callback(ctx, Illegal::cb, &illegal);
    }
    void TearDown() override { secp256k1_context_destroy(ctx); }
};

std::string hex(const unsigned char* p, size_t n) { return to_hex(p, n); }

// A signing run's public state: the commitment list and the message.
struct Round {
    std::vector<uint32_t> ids;
    Bytes commitments;  // 66 per signer
    Bytes msg;
};

TEST_F(FrostRfc9591Api, RfcVector) {
    const auto v = json::parse_file(std::string(FASTSECP_VECTORS_DIR) + "/rfc9591/frost-secp256k1-sha256.json");
    const auto& in = v.at("inputs");
    const uint32_t max_p = std::stoul(v.at("config").at("MAX_PARTICIPANTS").get<std::string>());
    const uint32_t min_p = std::stoul(v.at("config").at("MIN_PARTICIPANTS").get<std::string>());
    const Bytes secret = from_hex(in.at("group_secret_key").get<std::string>());
    Bytes coefs;
    for (const auto& c : in.at("share_polynomial_coefficients")) {
        Bytes b = from_hex(c.get<std::string>());
        coefs.insert(coefs.end(), b.begin(), b.end());
    }
    ASSERT_EQ(coefs.size(), 32u * (min_p - 1));
    Bytes shares(32 * max_p), vss(33 * min_p);
    ASSERT_EQ(secp256k1_frost_rfc9591_dealer_keygen(ctx, shares.data(), vss.data(), secret.data(), coefs.data(), min_p, max_p), 1);
    EXPECT_EQ(hex(vss.data(), 33), in.at("group_public_key").get<std::string>());
    for (const auto& s : in.at("participant_shares")) {
        const uint32_t id = s.at("identifier").get<uint32_t>();
        EXPECT_EQ(hex(shares.data() + 32 * (id - 1), 32), s.at("participant_share").get<std::string>()) << id;
    }
    for (uint32_t id = 1; id <= max_p; id++) {
        EXPECT_EQ(secp256k1_frost_rfc9591_vss_verify(ctx, shares.data() + 32 * (id - 1), id, vss.data(), min_p), 1);
        // Another participant's share is not this one's.
        EXPECT_EQ(secp256k1_frost_rfc9591_vss_verify(ctx, shares.data() + 32 * (id % max_p), id, vss.data(), min_p), 0);
        // The share's public key from the commitment equals share·G.
        unsigned char ps[33], direct[33];
        ASSERT_EQ(secp256k1_frost_rfc9591_pubshare(ctx, ps, id, vss.data(), min_p), 1);
        secp256k1_pubkey pk;
        ASSERT_EQ(secp256k1_ec_pubkey_create(ctx, &pk, shares.data() + 32 * (id - 1)), 1);
        size_t len = 33;
        ASSERT_EQ(secp256k1_ec_pubkey_serialize(ctx, direct, &len, &pk, SECP256K1_EC_COMPRESSED), 1);
        EXPECT_EQ(hex(ps, 33), hex(direct, 33));
    }
    const Bytes pk = from_hex(in.at("group_public_key").get<std::string>());

    Round r;
    r.msg = from_hex(in.at("message").get<std::string>());
    std::vector<secp256k1_frost_rfc9591_secnonce> sec;
    for (const auto& o : v.at("round_one_outputs").at("outputs")) {
        const uint32_t id = o.at("identifier").get<uint32_t>();
        const Bytes hr = from_hex(o.at("hiding_nonce_randomness").get<std::string>());
        const Bytes br = from_hex(o.at("binding_nonce_randomness").get<std::string>());
        secp256k1_frost_rfc9591_secnonce sn;
        unsigned char com[66];
        ASSERT_EQ(secp256k1_frost_rfc9591_nonce_gen(ctx, &sn, com, hr.data(), br.data(), shares.data() + 32 * (id - 1)), 1);
        EXPECT_EQ(hex(com, 33), o.at("hiding_nonce_commitment").get<std::string>());
        EXPECT_EQ(hex(com + 33, 33), o.at("binding_nonce_commitment").get<std::string>());
        // The secret nonce holds the RFC's nonces (big-endian scalars after a 4-byte marker).
        EXPECT_EQ(hex(sn.data + 4, 32), o.at("hiding_nonce").get<std::string>());
        EXPECT_EQ(hex(sn.data + 36, 32), o.at("binding_nonce").get<std::string>());
        r.ids.push_back(id);
        r.commitments.insert(r.commitments.end(), com, com + 66);
        sec.push_back(sn);
    }
    const size_t n = r.ids.size();
    Bytes zs;
    size_t k = 0;
    for (const auto& o : v.at("round_two_outputs").at("outputs")) {
        const uint32_t id = o.at("identifier").get<uint32_t>();
        ASSERT_EQ(id, r.ids[k]);
        unsigned char z[32];
        ASSERT_EQ(secp256k1_frost_rfc9591_sign(ctx, z, &sec[k], shares.data() + 32 * (id - 1), id, pk.data(), r.msg.data(),
                                               r.msg.size(), r.ids.data(), r.commitments.data(), n),
                  1);
        EXPECT_EQ(hex(z, 32), o.at("sig_share").get<std::string>());
        unsigned char ps[33];
        ASSERT_EQ(secp256k1_frost_rfc9591_pubshare(ctx, ps, id, vss.data(), min_p), 1);
        EXPECT_EQ(secp256k1_frost_rfc9591_verify_share(ctx, z, id, ps, pk.data(), r.msg.data(), r.msg.size(), r.ids.data(),
                                                       r.commitments.data(), n),
                  1);
        z[31] ^= 1;
        EXPECT_EQ(secp256k1_frost_rfc9591_verify_share(ctx, z, id, ps, pk.data(), r.msg.data(), r.msg.size(), r.ids.data(),
                                                       r.commitments.data(), n),
                  0);
        z[31] ^= 1;
        zs.insert(zs.end(), z, z + 32);
        k++;
    }
    unsigned char sig[65];
    ASSERT_EQ(secp256k1_frost_rfc9591_aggregate(ctx, sig, zs.data(), pk.data(), r.msg.data(), r.msg.size(), r.ids.data(),
                                                r.commitments.data(), n),
              1);
    EXPECT_EQ(hex(sig, 65), v.at("final_output").at("sig").get<std::string>());
    EXPECT_EQ(secp256k1_frost_rfc9591_verify(ctx, sig, r.msg.data(), r.msg.size(), pk.data()), 1);
    EXPECT_EQ(secp256k1_frost_rfc9591_verify(secp256k1_context_static, sig, r.msg.data(), r.msg.size(), pk.data()), 1);
    Bytes other = r.msg;
    other.push_back(0);
    EXPECT_EQ(secp256k1_frost_rfc9591_verify(ctx, sig, other.data(), other.size(), pk.data()), 0);
    sig[64] ^= 1;
    EXPECT_EQ(secp256k1_frost_rfc9591_verify(ctx, sig, r.msg.data(), r.msg.size(), pk.data()), 0);
    sig[64] ^= 1;
    sig[0] ^= 1;  // the other R of the same x: a valid point, a wrong signature
    EXPECT_EQ(secp256k1_frost_rfc9591_verify(ctx, sig, r.msg.data(), r.msg.size(), pk.data()), 0);
    sig[0] = 0x04;  // not an encoding
    EXPECT_EQ(secp256k1_frost_rfc9591_verify(ctx, sig, r.msg.data(), r.msg.size(), pk.data()), 0);
    EXPECT_EQ(illegal.count, 0);
}

// Random t-of-n runs: a random subset of at least t signers (ascending), a random message length.
TEST_F(FrostRfc9591Api, RandomRuns) {
    std::mt19937_64 rng(9591);
    auto fill = [&](unsigned char* p, size_t len) {
        for (size_t i = 0; i < len; i++) p[i] = static_cast<unsigned char>(rng());
    };
    const std::pair<uint32_t, uint32_t> configs[] = {{2, 3}, {3, 5}, {11, 15}, {1, 1}};
    for (const auto& [t, n] : configs) {
        for (int run = 0; run < 4; run++) {
            Bytes secret(32), coefs(32 * (t - 1) + 1), shares(32 * n), vss(33 * t);
            fill(secret.data(), 32);
            fill(coefs.data(), coefs.size());
            ASSERT_EQ(secp256k1_frost_rfc9591_dealer_keygen(ctx, shares.data(), vss.data(), secret.data(), coefs.data(), t, n), 1);
            // The group key is secret·G.
            secp256k1_pubkey gpk;
            unsigned char gpk33[33];
            size_t len = 33;
            ASSERT_EQ(secp256k1_ec_pubkey_create(ctx, &gpk, secret.data()), 1);
            ASSERT_EQ(secp256k1_ec_pubkey_serialize(ctx, gpk33, &len, &gpk, SECP256K1_EC_COMPRESSED), 1);
            ASSERT_EQ(hex(vss.data(), 33), hex(gpk33, 33));
            std::vector<uint32_t> all(n);
            for (uint32_t i = 0; i < n; i++) all[i] = i + 1;
            std::shuffle(all.begin(), all.end(), rng);
            const uint32_t m = t + static_cast<uint32_t>(rng() % (n - t + 1));
            Round r;
            r.ids.assign(all.begin(), all.begin() + m);
            std::sort(r.ids.begin(), r.ids.end());
            r.msg.resize(rng() % 100);
            fill(r.msg.data(), r.msg.size());
            std::vector<secp256k1_frost_rfc9591_secnonce> sec(m);
            for (uint32_t i = 0; i < m; i++) {
                unsigned char hr[32], br[32], com[66];
                fill(hr, 32);
                fill(br, 32);
                ASSERT_EQ(secp256k1_frost_rfc9591_nonce_gen(ctx, &sec[i], com, hr, br, shares.data() + 32 * (r.ids[i] - 1)), 1);
                r.commitments.insert(r.commitments.end(), com, com + 66);
            }
            Bytes zs(32 * m);
            for (uint32_t i = 0; i < m; i++) {
                const uint32_t id = r.ids[i];
                ASSERT_EQ(secp256k1_frost_rfc9591_sign(ctx, zs.data() + 32 * i, &sec[i], shares.data() + 32 * (id - 1), id,
                                                       vss.data(), r.msg.data(), r.msg.size(), r.ids.data(),
                                                       r.commitments.data(), m),
                          1);
                unsigned char ps[33];
                ASSERT_EQ(secp256k1_frost_rfc9591_pubshare(ctx, ps, id, vss.data(), t), 1);
                EXPECT_EQ(secp256k1_frost_rfc9591_verify_share(ctx, zs.data() + 32 * i, id, ps, vss.data(), r.msg.data(),
                                                               r.msg.size(), r.ids.data(), r.commitments.data(), m),
                          1);
            }
            unsigned char sig[65];
            ASSERT_EQ(secp256k1_frost_rfc9591_aggregate(ctx, sig, zs.data(), vss.data(), r.msg.data(), r.msg.size(),
                                                        r.ids.data(), r.commitments.data(), m),
                      1);
            EXPECT_EQ(secp256k1_frost_rfc9591_verify(ctx, sig, r.msg.data(), r.msg.size(), vss.data()), 1)
                << t << "-of-" << n << " with " << m << " signers";
            if (t > 1) {
                // Fewer than t signers' shares cannot make a valid signature: drop the last signer.
                std::vector<secp256k1_frost_rfc9591_secnonce> sec2(t - 1);
                Round few;
                few.ids.assign(r.ids.begin(), r.ids.begin() + (t - 1));
                few.msg = r.msg;
                for (uint32_t i = 0; i + 1 < t; i++) {
                    unsigned char hr[32], br[32], com[66];
                    fill(hr, 32);
                    fill(br, 32);
                    ASSERT_EQ(secp256k1_frost_rfc9591_nonce_gen(ctx, &sec2[i], com, hr, br, shares.data() + 32 * (few.ids[i] - 1)), 1);
                    few.commitments.insert(few.commitments.end(), com, com + 66);
                }
                Bytes fz(32 * (t - 1));
                for (uint32_t i = 0; i + 1 < t; i++)
                    ASSERT_EQ(secp256k1_frost_rfc9591_sign(ctx, fz.data() + 32 * i, &sec2[i], shares.data() + 32 * (few.ids[i] - 1),
                                                           few.ids[i], vss.data(), few.msg.data(), few.msg.size(),
                                                           few.ids.data(), few.commitments.data(), t - 1),
                              1);
                ASSERT_EQ(secp256k1_frost_rfc9591_aggregate(ctx, sig, fz.data(), vss.data(), few.msg.data(), few.msg.size(),
                                                            few.ids.data(), few.commitments.data(), t - 1),
                          1);
                EXPECT_EQ(secp256k1_frost_rfc9591_verify(ctx, sig, few.msg.data(), few.msg.size(), vss.data()), 0);
            }
        }
    }
    EXPECT_EQ(illegal.count, 0);
}

// Lists the RFC forbids, a signer outside the list, a reused nonce, shares >= n, bad encodings.
TEST_F(FrostRfc9591Api, Refusals) {
    unsigned char secret[32] = {7}, coefs[64] = {1, 2, 3}, shares[4 * 32], vss[3 * 33];
    coefs[32] = 9;
    ASSERT_EQ(secp256k1_frost_rfc9591_dealer_keygen(ctx, shares, vss, secret, coefs, 3, 4), 1);
    const unsigned char zero[32] = {0};
    unsigned char big[32];
    std::memset(big, 0xff, 32);
    EXPECT_EQ(secp256k1_frost_rfc9591_dealer_keygen(ctx, shares, vss, zero, coefs, 3, 4), 0);  // secret 0
    EXPECT_EQ(secp256k1_frost_rfc9591_dealer_keygen(ctx, shares, vss, big, coefs, 3, 4), 0);   // secret >= n
    unsigned char bigcoef[64];
    std::memcpy(bigcoef, coefs, 32);
    std::memset(bigcoef + 32, 0xff, 32);
    EXPECT_EQ(secp256k1_frost_rfc9591_dealer_keygen(ctx, shares, vss, secret, bigcoef, 3, 4), 0);
    for (unsigned char b : shares) EXPECT_EQ(b, 0);  // outputs cleared on failure
    ASSERT_EQ(secp256k1_frost_rfc9591_dealer_keygen(ctx, shares, vss, secret, coefs, 3, 4), 1);
    EXPECT_EQ(secp256k1_frost_rfc9591_vss_verify(ctx, shares, 0, vss, 3), 0);     // identifier 0
    EXPECT_EQ(secp256k1_frost_rfc9591_vss_verify(ctx, big, 1, vss, 3), 0);        // share >= n
    unsigned char ps[33];
    EXPECT_EQ(secp256k1_frost_rfc9591_pubshare(ctx, ps, 0, vss, 3), 0);
    unsigned char badvss[3 * 33];
    std::memcpy(badvss, vss, sizeof badvss);
    badvss[33] = 0x04;
    EXPECT_EQ(secp256k1_frost_rfc9591_pubshare(ctx, ps, 1, badvss, 3), 0);
    EXPECT_EQ(secp256k1_frost_rfc9591_vss_verify(ctx, shares, 1, badvss, 3), 0);

    auto fresh = [&](uint32_t id, secp256k1_frost_rfc9591_secnonce& sn, unsigned char* com) {
        unsigned char hr[32] = {static_cast<unsigned char>(id)}, br[32] = {static_cast<unsigned char>(id), 1};
        return secp256k1_frost_rfc9591_nonce_gen(ctx, &sn, com, hr, br, shares + 32 * (id - 1));
    };
    uint32_t ids[3] = {1, 2, 4};
    unsigned char coms[3 * 66];
    secp256k1_frost_rfc9591_secnonce sn[3];
    for (int i = 0; i < 3; i++) ASSERT_EQ(fresh(ids[i], sn[i], coms + 66 * i), 1);
    const unsigned char msg[5] = {'h', 'e', 'l', 'l', 'o'};
    unsigned char z[32];
    auto sign = [&](secp256k1_frost_rfc9591_secnonce& s, uint32_t id, const uint32_t* list) {
        return secp256k1_frost_rfc9591_sign(ctx, z, &s, shares + 32 * (id - 1), id, vss, msg, 5, list, coms, 3);
    };
    // Not ascending, a repeated identifier, identifier 0, the signer not in the list: 0, and the
    // nonce is gone (it was wiped before the list was looked at).
    const uint32_t unsorted[3] = {2, 1, 4}, repeated[3] = {1, 1, 4}, with0[3] = {0, 2, 4}, without[3] = {2, 3, 4};
    secp256k1_frost_rfc9591_secnonce s;
    ASSERT_EQ(fresh(1, s, coms), 1);
    EXPECT_EQ(sign(s, 1, unsorted), 0);
    ASSERT_EQ(fresh(1, s, coms), 1);
    EXPECT_EQ(sign(s, 1, repeated), 0);
    ASSERT_EQ(fresh(1, s, coms), 1);
    EXPECT_EQ(sign(s, 1, with0), 0);
    ASSERT_EQ(fresh(1, s, coms), 1);
    EXPECT_EQ(sign(s, 1, without), 0);
    EXPECT_EQ(illegal.count, 0);
    // The nonce of a failed call is wiped: using it again is illegal.
    EXPECT_EQ(sign(s, 1, ids), 0);
    EXPECT_EQ(illegal.count, 1);
    // A good call, then the same nonce again: illegal.
    ASSERT_EQ(fresh(1, sn[0], coms), 1);
    EXPECT_EQ(sign(sn[0], 1, ids), 1);
    EXPECT_EQ(sign(sn[0], 1, ids), 0);
    EXPECT_EQ(illegal.count, 2);
    // A commitment that does not parse.
    ASSERT_EQ(fresh(1, sn[0], coms), 1);
    coms[66 + 33] = 0x05;
    EXPECT_EQ(sign(sn[0], 1, ids), 0);
    unsigned char zs[96] = {0}, sig[65];
    EXPECT_EQ(secp256k1_frost_rfc9591_aggregate(ctx, sig, zs, vss, msg, 5, ids, coms, 3), 0);
    coms[66 + 33] = 0x02;
    // A signature share >= n.
    std::memset(zs, 0xff, 32);
    EXPECT_EQ(secp256k1_frost_rfc9591_aggregate(ctx, sig, zs, vss, msg, 5, ids, coms, 3), 0);
    EXPECT_EQ(secp256k1_frost_rfc9591_verify_share(ctx, zs, 1, vss, vss, msg, 5, ids, coms, 3), 0);
    EXPECT_EQ(illegal.count, 2);
}

TEST_F(FrostRfc9591Api, IllegalArguments) {
    unsigned char secret[32] = {7}, coefs[32] = {1}, shares[2 * 32], vss[2 * 33], com[66], z[32], sig[65] = {2},
                  r32[32] = {1};
    const uint32_t ids[2] = {1, 2};
    secp256k1_frost_rfc9591_secnonce sn;
    int expected = 0;
    auto check = [&](int ret) {
        EXPECT_EQ(ret, 0);
        EXPECT_EQ(illegal.count, ++expected);
    };
    check(secp256k1_frost_rfc9591_dealer_keygen(ctx, nullptr, vss, secret, coefs, 2, 2));
    check(secp256k1_frost_rfc9591_dealer_keygen(ctx, shares, nullptr, secret, coefs, 2, 2));
    check(secp256k1_frost_rfc9591_dealer_keygen(ctx, shares, vss, nullptr, coefs, 2, 2));
    check(secp256k1_frost_rfc9591_dealer_keygen(ctx, shares, vss, secret, nullptr, 2, 2));
    check(secp256k1_frost_rfc9591_dealer_keygen(ctx, shares, vss, secret, coefs, 3, 2));  // min > max
    check(secp256k1_frost_rfc9591_dealer_keygen(ctx, shares, vss, secret, coefs, 0, 2));
    ASSERT_EQ(secp256k1_frost_rfc9591_dealer_keygen(ctx, shares, vss, secret, nullptr, 1, 2), 1);  // t = 1 needs none
    ASSERT_EQ(secp256k1_frost_rfc9591_dealer_keygen(ctx, shares, vss, secret, coefs, 2, 2), 1);
    check(secp256k1_frost_rfc9591_vss_verify(ctx, nullptr, 1, vss, 2));
    check(secp256k1_frost_rfc9591_vss_verify(ctx, shares, 1, nullptr, 2));
    check(secp256k1_frost_rfc9591_vss_verify(ctx, shares, 1, vss, 0));
    check(secp256k1_frost_rfc9591_pubshare(ctx, nullptr, 1, vss, 2));
    check(secp256k1_frost_rfc9591_pubshare(ctx, com, 1, nullptr, 2));
    check(secp256k1_frost_rfc9591_nonce_gen(ctx, nullptr, com, r32, r32, shares));
    check(secp256k1_frost_rfc9591_nonce_gen(ctx, &sn, nullptr, r32, r32, shares));
    check(secp256k1_frost_rfc9591_nonce_gen(ctx, &sn, com, nullptr, r32, shares));
    check(secp256k1_frost_rfc9591_nonce_gen(ctx, &sn, com, r32, nullptr, shares));
    check(secp256k1_frost_rfc9591_nonce_gen(ctx, &sn, com, r32, r32, nullptr));
    // sign: a NULL argument still wipes the nonce.
    unsigned char coms[132];
    secp256k1_frost_rfc9591_secnonce sn2;
    ASSERT_EQ(secp256k1_frost_rfc9591_nonce_gen(ctx, &sn, coms, r32, r32, shares), 1);
    ASSERT_EQ(secp256k1_frost_rfc9591_nonce_gen(ctx, &sn2, coms + 66, r32, r32, shares + 32), 1);
    check(secp256k1_frost_rfc9591_sign(ctx, nullptr, &sn, shares, 1, vss, nullptr, 0, ids, coms, 2));
    for (unsigned char b : sn.data) EXPECT_EQ(b, 0);
    check(secp256k1_frost_rfc9591_sign(ctx, z, nullptr, shares, 1, vss, nullptr, 0, ids, coms, 2));
    check(secp256k1_frost_rfc9591_sign(ctx, z, &sn2, shares + 32, 2, vss, nullptr, 3, ids, coms, 2));  // msg NULL, len 3
    ASSERT_EQ(secp256k1_frost_rfc9591_nonce_gen(ctx, &sn2, coms + 66, r32, r32, shares + 32), 1);
    check(secp256k1_frost_rfc9591_sign(ctx, z, &sn2, shares + 32, 2, vss, nullptr, 0, ids, coms, 0));  // no signers
    check(secp256k1_frost_rfc9591_verify_share(ctx, nullptr, 1, vss, vss, nullptr, 0, ids, coms, 2));
    check(secp256k1_frost_rfc9591_verify_share(ctx, z, 1, vss, vss, nullptr, 0, nullptr, coms, 2));
    check(secp256k1_frost_rfc9591_aggregate(ctx, nullptr, z, vss, nullptr, 0, ids, coms, 2));
    check(secp256k1_frost_rfc9591_aggregate(ctx, sig, z, vss, nullptr, 0, ids, nullptr, 2));
    check(secp256k1_frost_rfc9591_verify(ctx, nullptr, nullptr, 0, vss));
    check(secp256k1_frost_rfc9591_verify(ctx, sig, nullptr, 1, vss));
    check(secp256k1_frost_rfc9591_verify(ctx, sig, nullptr, 0, nullptr));
}

TEST_F(FrostRfc9591Api, CHeader) { EXPECT_EQ(fastsecp_c_header_frost_rfc9591_check(), 1); }

}  // namespace
}  // namespace fastsecp::test
