// fastsecp_ecdsa_verify_batch: per-item results against secp256k1_ecdsa_verify (fastsecp's and
// the reference's), with planted invalid items whose expected status is the one the header
// documents for that kind of fault.
#include "api_fixture.h"
#include "../unit/ref_bigint.h"

namespace fastsecp::test {
namespace {

struct EcdsaCase {
    std::array<unsigned char, 64> sig;
    B32 msg;
    Bytes pub;
    fastsecp_status want = FASTSECP_OK;
    std::string kind = "valid";
    fastsecp_ecdsa_item item() const { return {sig.data(), msg.data(), pub.data(), pub.size()}; }
};

// A valid signature with a key in form 0 (compressed), 1 (uncompressed) or 2 (hybrid).
EcdsaCase make_valid(Rng& rng, int form) {
    const Lib& L = ours();
    EcdsaCase c;
    B32 sk = rng.seckey(*L.api, L.ctx);
    c.msg = rng.b32();
    secp256k1_ecdsa_signature sig;
    EXPECT_EQ(L.api->ecdsa_sign(L.ctx, &sig, c.msg.data(), sk.data(), nullptr, nullptr), 1);
    EXPECT_EQ(L.api->ecdsa_signature_serialize_compact(L.ctx, c.sig.data(), &sig), 1);
    secp256k1_pubkey pk;
    EXPECT_EQ(L.api->ec_pubkey_create(L.ctx, &pk, sk.data()), 1);
    c.pub.resize(form == 0 ? 33 : 65);
    size_t len = c.pub.size();
    EXPECT_EQ(L.api->ec_pubkey_serialize(L.ctx, c.pub.data(), &len, &pk,
                                         form == 0 ? SECP256K1_EC_COMPRESSED : SECP256K1_EC_UNCOMPRESSED),
              1);
    if (form == 2) c.pub[0] = (unsigned char)(0x06 | (c.pub[64] & 1));
    return c;
}

const std::vector<EcdsaCase>& valid_pool() {
    static const std::vector<EcdsaCase> pool = [] {
        Rng rng(101);
        std::vector<EcdsaCase> v;
        for (int i = 0; i < 1000; i++) v.push_back(make_valid(rng, i % 5 == 3 ? 1 : i % 5 == 4 ? 2 : 0));
        return v;
    }();
    return pool;
}

constexpr int kKinds = 15;

// Breaks a valid case in the given way and records the status the API documents for it.
EcdsaCase plant(EcdsaCase c, int kind, Rng& rng) {
    auto set_r = [&](const B32& r) { std::memcpy(c.sig.data(), r.data(), 32); };
    auto set_s = [&](const B32& s) { std::memcpy(c.sig.data() + 32, s.data(), 32); };
    auto fail = [&](const char* name, fastsecp_status st) {
        c.kind = name;
        c.want = st;
    };
    switch (kind) {
        case 0: set_r(b32_from_int(0)); fail("r = 0", FASTSECP_ERR_INVALID_SIGNATURE); break;
        case 1: set_s(b32_from_int(0)); fail("s = 0", FASTSECP_ERR_INVALID_SIGNATURE); break;
        case 2: set_r(b32_add(kOrder, b32_from_int(rng.below(3)))); fail("r >= n", FASTSECP_ERR_SCALAR_OUT_OF_RANGE); break;
        case 3: set_s(rng.below(2) ? kOrder : B32{0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
                                                 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
                                                 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF});
                fail("s >= n", FASTSECP_ERR_SCALAR_OUT_OF_RANGE); break;
        case 4: set_s(b32_sub(kOrder, b32_of(c.sig.data() + 32))); fail("high S", FASTSECP_ERR_HIGH_S); break;
        case 5: c.msg[rng.below(32)] ^= (unsigned char)(1u << rng.below(8)); fail("wrong message", FASTSECP_ERR_INVALID_SIGNATURE); break;
        case 6: {
            B32 x = x_not_on_curve(rng);
            c.pub.assign(33, 0x02);
            std::memcpy(c.pub.data() + 1, x.data(), 32);
            fail("key not on curve", FASTSECP_ERR_POINT_NOT_ON_CURVE);
            break;
        }
        case 7: {
            B32 x = b32_add(kPrime, b32_from_int(rng.below(5)));  // p .. p+4
            c.pub.assign(33, 0x03);
            std::memcpy(c.pub.data() + 1, x.data(), 32);
            fail("key x >= p", FASTSECP_ERR_BAD_ENCODING);
            break;
        }
        case 8: c.pub[0] = c.pub.size() == 33 ? 0x05 : 0x02; fail("bad prefix", FASTSECP_ERR_BAD_ENCODING); break;
        case 9: c.pub.resize(32); fail("key length 32", FASTSECP_ERR_BAD_ENCODING); break;
        case 10:
            if (c.pub.size() == 65) {
                c.pub[0] = (unsigned char)(0x06 | ((c.pub[64] & 1) ^ 1));
                fail("hybrid parity mismatch", FASTSECP_ERR_BAD_ENCODING);
            } else {
                c.pub.push_back(0);
                fail("key length 34", FASTSECP_ERR_BAD_ENCODING);
            }
            break;
        case 11:
            if (c.pub.size() == 65) {
                c.pub[0] = 0x04;
                c.pub[33 + rng.below(31)] ^= 0x10;  // y no longer matches x (the parity bit kept)
                fail("uncompressed key off curve", FASTSECP_ERR_POINT_NOT_ON_CURVE);
            } else {
                c.sig[rng.below(32)] ^= 0x01;
                fail("r altered", FASTSECP_ERR_INVALID_SIGNATURE);
            }
            break;
        case 12: {
            const auto& other = valid_pool()[rng.below(valid_pool().size())];
            if (other.pub == c.pub) break;
            c.pub = other.pub;
            fail("another key", FASTSECP_ERR_INVALID_SIGNATURE);
            break;
        }
        case 13: {
            B32 y = b32_add(kPrime, b32_from_int(rng.below(3)));
            if (c.pub.size() != 65) c.pub.assign(65, 0x04);
            c.pub[0] = 0x04;
            std::memcpy(c.pub.data() + 33, y.data(), 32);
            fail("key y >= p", FASTSECP_ERR_BAD_ENCODING);
            break;
        }
        case 14: c.sig[32 + rng.below(32)] ^= 0x40; break;  // s altered: the status follows below
    }
    if (kind == 14) {
        // Altering s may push it to >= n or above n/2, or leave it low but wrong.
        const unsigned char* s32 = c.sig.data() + 32;
        c.kind = "s altered";
        c.want = std::memcmp(s32, kOrder.data(), 32) >= 0      ? FASTSECP_ERR_SCALAR_OUT_OF_RANGE
                 : std::memcmp(s32, half_order().data(), 32) > 0 ? FASTSECP_ERR_HIGH_S
                                                                 : FASTSECP_ERR_INVALID_SIGNATURE;
    }
    return c;
}

std::vector<EcdsaCase> make_batch(size_t n, bool mixed, Rng& rng) {
    std::vector<EcdsaCase> v;
    for (size_t i = 0; i < n; i++) {
        EcdsaCase c = valid_pool()[rng.below(valid_pool().size())];
        if (mixed && rng.below(2)) c = plant(c, (int)rng.below(kKinds), rng);
        v.push_back(c);
    }
    return v;
}

// Runs the batch and checks every item against both oracles and its documented status.
void check_batch(const fastsecp_ctx* ctx, const std::vector<EcdsaCase>& cases) {
    std::vector<fastsecp_ecdsa_item> items;
    for (const auto& c : cases) items.push_back(c.item());
    std::vector<fastsecp_status> results(cases.size(), kUnset);
    fastsecp_status ret = fastsecp_ecdsa_verify_batch(ctx, results.data(), items.data(), items.size());
    for (size_t i = 0; i < cases.size(); i++) {
        SCOPED_TRACE("item " + std::to_string(i) + " (" + cases[i].kind + ")");
        EXPECT_EQ(results[i], cases[i].want) << status_name(results[i]);
        for (const Lib& L : oracle_libs())
            EXPECT_EQ(results[i] == FASTSECP_OK, single_ecdsa(L, items[i]) == 1) << L.api->name;
    }
    EXPECT_EQ(ret, summary_of(results));
}

TEST(EcdsaBatch, ReferenceIsLoaded) { EXPECT_TRUE(reference_loaded()); }

TEST(EcdsaBatch, AllValid) {
    Rng rng(1);
    for (unsigned threads : kThreadCounts) {
        auto ctx = make_ctx(threads);
        for (size_t n : kBatchSizes) {
            SCOPED_TRACE("threads " + std::to_string(threads) + ", n " + std::to_string(n));
            check_batch(ctx.get(), make_batch(n, false, rng));
        }
    }
}

TEST(EcdsaBatch, PlantedInvalidItems) {
    Rng rng(2);
    for (unsigned threads : kThreadCounts) {
        auto ctx = make_ctx(threads);
        for (size_t n : kBatchSizes) {
            SCOPED_TRACE("threads " + std::to_string(threads) + ", n " + std::to_string(n));
            check_batch(ctx.get(), make_batch(n, true, rng));
        }
    }
}

TEST(EcdsaBatch, EveryKindOfFaultAlone) {
    Rng rng(3);
    auto ctx = make_ctx(1);
    for (int kind = 0; kind < kKinds; kind++) {
        for (int form = 0; form < 3; form++) {
            static const size_t form_offset[3] = {0, 3, 4};  // pool index mod 5 gives the key form
            EcdsaCase c = plant(valid_pool()[(size_t)kind * 5 + form_offset[form]], kind, rng);
            SCOPED_TRACE("kind " + std::to_string(kind) + ": " + c.kind);
            check_batch(ctx.get(), {c});
        }
    }
}

// Items with two faults get the code checked first (the order the header documents).
TEST(EcdsaBatch, CodesFollowDocumentedOrder) {
    Rng rng(4);
    auto ctx = make_ctx(1);
    auto two = [&](int first, int second) {
        EcdsaCase c = plant(plant(valid_pool()[rng.below(200) * 5], first, rng), second, rng);
        return c;
    };
    struct Want {
        int a, b;
        fastsecp_status st;
    };
    // kinds: 0 r = 0, 2 r >= n, 4 high S, 6 key not on curve, 7 key x >= p, 9 key length 32
    const Want cases[] = {{2, 6, FASTSECP_ERR_SCALAR_OUT_OF_RANGE}, {2, 9, FASTSECP_ERR_SCALAR_OUT_OF_RANGE},
                          {4, 6, FASTSECP_ERR_POINT_NOT_ON_CURVE},  {4, 7, FASTSECP_ERR_BAD_ENCODING},
                          {0, 4, FASTSECP_ERR_HIGH_S},              {4, 2, FASTSECP_ERR_SCALAR_OUT_OF_RANGE}};
    for (const auto& w : cases) {
        EcdsaCase c = two(w.a, w.b);
        c.want = w.st;
        c.kind = "kinds " + std::to_string(w.a) + " and " + std::to_string(w.b);
        SCOPED_TRACE(c.kind);
        check_batch(ctx.get(), {c});
    }
}

// Signatures whose double multiplication meets an exceptional addition in the lanes (a doubling
// inside an addition, or a sum at infinity), which the batch recomputes with the scalar code.
// With u1·G + u2·Q = -2G and u1 = m/s with an even low half and an odd high half, the lanes' sum
// before their last step (taking back the 1 that made u1's low half odd) is -G, and that step
// adds -G (kp8_jac_impl.h): a lane result (0 : 0 : 0), whose x would "match" any r. With
// r = x(-2G) the signature is valid and must verify; with any other r (s chosen so that the sum
// is still -2G) it must fail. With m = -r·d the sum is the point at infinity: it must fail.
// Every item against both single calls, mixed with ordinary ones.
TEST(EcdsaBatch, ExceptionalLanesAgreeWithSingleCall) {
    const Lib& L = ours();
    std::mt19937_64 rng(5);
    auto random_scalar = [&] {
        ref::U256 k = ref::random_u256(rng);
        while (ref::cmp(k, ref::N) >= 0) k = ref::sub(k, ref::N);
        return k;
    };
    const ref::U256 two{{2, 0, 0, 0}}, half_n = ref::shr1(ref::N);
    // r = x(2G) mod n (x(2G) < n)
    unsigned char two_b[32], g2[33];
    ref::to_b32(two_b, two);
    secp256k1_pubkey pk2;
    ASSERT_EQ(L.api->ec_pubkey_create(L.ctx, &pk2, two_b), 1);
    size_t len = 33;
    ASSERT_EQ(L.api->ec_pubkey_serialize(L.ctx, g2, &len, &pk2, SECP256K1_EC_COMPRESSED), 1);
    const ref::U256 r = ref::from_b32(g2 + 1);
    auto make = [&](const ref::U256& d, const ref::U256& rv, const ref::U256& m, const ref::U256& sv, bool valid,
                    const char* kind) {
        EcdsaCase c;
        ref::to_b32(c.sig.data(), rv);
        ref::to_b32(c.sig.data() + 32, sv);
        ref::to_b32(c.msg.data(), m);
        unsigned char sk[32];
        ref::to_b32(sk, d);
        secp256k1_pubkey pk;
        EXPECT_EQ(L.api->ec_pubkey_create(L.ctx, &pk, sk), 1);
        c.pub.resize(33);
        size_t l = 33;
        EXPECT_EQ(L.api->ec_pubkey_serialize(L.ctx, c.pub.data(), &l, &pk, SECP256K1_EC_COMPRESSED), 1);
        c.want = valid ? FASTSECP_OK : FASTSECP_ERR_INVALID_SIGNATURE;
        c.kind = kind;
        return c;
    };
    std::vector<EcdsaCase> cases;
    Rng prng(6);
    size_t wrong_r = 0;
    while (cases.size() < 32) {
        const bool valid = cases.size() % 8 == 0;  // else a random r
        const ref::U256 d = random_scalar(), m = random_scalar(), rv = valid ? r : random_scalar();
        const ref::U256 rd = ref::mulmod(rv, d, ref::N);
        // s = -(m + r·d)/2, low; u1 = m/s with an even low half and an odd high half.
        const ref::U256 sv = ref::submod(ref::U256{}, ref::halfmod(ref::addmod(m, rd, ref::N), ref::N), ref::N);
        if (ref::is_zero(sv) || ref::cmp(sv, half_n) > 0) continue;
        const ref::U256 u1 = ref::mulmod(m, ref::invmod(sv, ref::N), ref::N);
        if ((u1.d[0] & 1) != 0 || (u1.d[2] & 1) == 0) continue;
        if (valid) {
            cases.push_back(make(d, rv, m, sv, true, "valid, u1 G + u2 Q = -2G"));
            // The same key and s with m = -r·d: u1·G + u2·Q = 0.
            cases.push_back(make(d, rv, ref::submod(ref::U256{}, rd, ref::N), sv, false, "at infinity"));
            cases.push_back(valid_pool()[prng.below(valid_pool().size())]);
        } else {
            cases.push_back(make(d, rv, m, sv, false, "r not x(-2G), u1 G + u2 Q = -2G"));
            wrong_r++;
        }
    }
    ASSERT_GT(wrong_r, 0u);
    for (unsigned threads : {1u, 2u}) {
        auto ctx = make_ctx(threads);
        check_batch(ctx.get(), cases);
    }
}

}  // namespace
}  // namespace fastsecp::test
