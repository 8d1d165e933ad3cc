// RFC 9591 FROST(secp256k1, SHA-256): the RFC's vector (tests/vectors/data/rfc9591/) through the
// internal functions of src/schemes/frost_rfc9591.h, every intermediate value it lists (shares,
// group key, nonces, commitments, binding factors, signature shares, the 65-byte signature), and
// RFC 9380's expand_message_xmd SHA-256 answers (appendix K.1) for the hash-to-field underneath.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "../common/json.h"
#include "../common/test_hex.h"
#include "schemes/eckey.h"
#include "schemes/frost.h"
#include "schemes/frost_rfc9591.h"

namespace fastsecp::test {
namespace {

using namespace frost::rfc9591;

Scalar scalar_hex(const std::string& h) {
    Bytes b = from_hex(h);
    Scalar s;
    int overflow = 0;
    scalar_set_b32(s, b.data(), &overflow);
    EXPECT_EQ(overflow, 0);
    return s;
}
std::string hex_of(const Scalar& s) {
    unsigned char b[32];
    scalar_get_b32(b, s);
    return to_hex(b, 32);
}
std::string hex_of(const Ge& p) {
    unsigned char b[33];
    pubkey_serialize33(b, p);
    return to_hex(b, 33);
}
Ge point_hex(const std::string& h) {
    Bytes b = from_hex(h);
    Ge p;
    EXPECT_TRUE(pubkey_parse(p, b.data(), b.size()));
    return p;
}

TEST(FrostRfc9591, ExpandMessageXmdSha256) {
    const std::string dst = "QUUX-V01-CS02-with-expander-SHA256-128";
    const struct {
        const char* msg;
        const char* out;
    } cases[] = {{"", "68a985b87eb6b46952128911f2a4412bbc302a9d759667f87f7a21d803f07235"},
                 {"abc", "d8ccab23b5985ccea865c6c97b6e5b8350e794e603b4b97902f53a8a0d605615"}};
    for (const auto& c : cases) {
        unsigned char out[32];
        std::string m = c.msg;
        expand_message_xmd(nullptr, out, 32, reinterpret_cast<const unsigned char*>(m.data()), m.size(),
                           reinterpret_cast<const unsigned char*>(dst.data()), dst.size());
        EXPECT_EQ(to_hex(out, 32), c.out) << "msg \"" << c.msg << "\"";
    }
}

TEST(FrostRfc9591, Vector) {
    const auto v = json::parse_file(std::string(FASTSECP_VECTORS_DIR) + "/rfc9591/frost-secp256k1-sha256.json");
    const auto& in = v.at("inputs");
    const uint32_t max_p = std::stoul(v.at("config").at("MAX_PARTICIPANTS").get<std::string>());
    const uint32_t min_p = std::stoul(v.at("config").at("MIN_PARTICIPANTS").get<std::string>());
    // Dealer (appendix C): coefficients [s, a_1, ...], shares f(1..n), VSS commitment.
    std::vector<Scalar> coef{scalar_hex(in.at("group_secret_key").get<std::string>())};
    for (const auto& c : in.at("share_polynomial_coefficients")) coef.push_back(scalar_hex(c.get<std::string>()));
    ASSERT_EQ(coef.size(), min_p);
    std::vector<Scalar> shares(max_p);
    frost::shamir_shares(shares.data(), coef.data(), min_p, 1, max_p);
    for (const auto& s : in.at("participant_shares")) {
        const uint32_t id = s.at("identifier").get<uint32_t>();
        EXPECT_EQ(hex_of(shares[id - 1]), s.at("participant_share").get<std::string>()) << "share " << id;
    }
    std::vector<Ge> vss(min_p);
    vss_commit(vss.data(), coef.data(), min_p);
    EXPECT_EQ(hex_of(vss[0]), in.at("group_public_key").get<std::string>());
    for (uint32_t id = 1; id <= max_p; id++) EXPECT_TRUE(vss_verify(id, shares[id - 1], vss.data(), min_p));
    Scalar wrong = shares[0];
    Scalar one;
    scalar_set_int(one, 1);
    scalar_add(wrong, wrong, one);
    EXPECT_FALSE(vss_verify(1, wrong, vss.data(), min_p));
    const Ge pk = point_hex(in.at("group_public_key").get<std::string>());
    const Bytes msg = from_hex(in.at("message").get<std::string>());

    // Round one: nonces from the given randomness, commitments.
    std::vector<Commitment> list;
    std::vector<Scalar> hiding, binding;
    for (const auto& o : v.at("round_one_outputs").at("outputs")) {
        const uint32_t id = o.at("identifier").get<uint32_t>();
        Scalar d, e;
        Bytes hr = from_hex(o.at("hiding_nonce_randomness").get<std::string>());
        Bytes br = from_hex(o.at("binding_nonce_randomness").get<std::string>());
        nonce_generate(nullptr, d, hr.data(), shares[id - 1]);
        nonce_generate(nullptr, e, br.data(), shares[id - 1]);
        EXPECT_EQ(hex_of(d), o.at("hiding_nonce").get<std::string>());
        EXPECT_EQ(hex_of(e), o.at("binding_nonce").get<std::string>());
        Commitment c;
        c.id = id;
        Gej t;
        ecmult_gen_var(t, d);
        ge_set_gej_var(c.hiding, t);
        ecmult_gen_var(t, e);
        ge_set_gej_var(c.binding, t);
        EXPECT_EQ(hex_of(c.hiding), o.at("hiding_nonce_commitment").get<std::string>());
        EXPECT_EQ(hex_of(c.binding), o.at("binding_nonce_commitment").get<std::string>());
        list.push_back(c);
        hiding.push_back(d);
        binding.push_back(e);
    }
    std::vector<Scalar> rho(list.size());
    ASSERT_TRUE(binding_factors(nullptr, rho.data(), list.data(), list.size(), pk, msg.data(), msg.size()));
    size_t k = 0;
    for (const auto& o : v.at("round_one_outputs").at("outputs"))
        EXPECT_EQ(hex_of(rho[k++]), o.at("binding_factor").get<std::string>());

    // Round two: signature shares, each verified; aggregation; verification.
    Ge r;
    ASSERT_TRUE(group_commitment(r, list.data(), rho.data(), list.size()));
    Scalar c;
    challenge(nullptr, c, r, pk, msg.data(), msg.size());
    Scalar z;
    scalar_set_int(z, 0);
    k = 0;
    for (const auto& o : v.at("round_two_outputs").at("outputs")) {
        const uint32_t id = o.at("identifier").get<uint32_t>();
        ASSERT_EQ(id, list[k].id);
        Scalar lambda, zi;
        lagrange_coef(lambda, list.data(), list.size(), id);
        sign_share(zi, hiding[k], binding[k], shares[id - 1], rho[k], lambda, c);
        EXPECT_EQ(hex_of(zi), o.at("sig_share").get<std::string>());
        Gej pj;
        ecmult_gen_var(pj, shares[id - 1]);
        Ge pk_share;
        ge_set_gej_var(pk_share, pj);
        EXPECT_TRUE(verify_share(zi, list[k], rho[k], lambda, c, pk_share));
        Scalar bad;
        scalar_add(bad, zi, one);
        EXPECT_FALSE(verify_share(bad, list[k], rho[k], lambda, c, pk_share));
        scalar_add(z, z, zi);
        k++;
    }
    unsigned char sig[65];
    signature_encode(sig, r, z);
    EXPECT_EQ(to_hex(sig, 65), v.at("final_output").at("sig").get<std::string>());
    EXPECT_TRUE(verify(nullptr, sig, pk, msg.data(), msg.size()));
    sig[64] ^= 1;
    EXPECT_FALSE(verify(nullptr, sig, pk, msg.data(), msg.size()));
    sig[64] ^= 1;
    sig[0] = 0x04;
    EXPECT_FALSE(verify(nullptr, sig, pk, msg.data(), msg.size()));
}

}  // namespace
}  // namespace fastsecp::test
