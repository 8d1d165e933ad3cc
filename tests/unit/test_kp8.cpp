// The 8-lane one-scalar k·P kernel (src/simd/): its IFMA build (when this CPU has AVX-512 IFMA)
// and its portable emulation, both modes, against the library's constant-time k·P and the
// textbook reference, on random and edge scalars, points with edge coordinates, and point counts
// that are not multiples of eight.
#include <gtest/gtest.h>

#include <vector>

#include "ecmult/ecmult.h"
#include "ref_bigint.h"
#include "simd/ifma.h"
#include "simd/kp8_impl.h"

using namespace fastsecp;

namespace {

Scalar sc_of(const ref::U256& v) {
    unsigned char b[32];
    ref::to_b32(b, v);
    Scalar s;
    scalar_set_b32(s, b, nullptr);
    return s;
}
Ge ge_of_key(const ref::U256& k) {  // k·G, affine, normalized
    Gej j;
    ecmult_gen_var(j, sc_of(k));
    Ge g;
    ge_set_gej_var(g, j);
    fe_normalize(g.x);
    fe_normalize(g.y);
    return g;
}
bool same_point(const Gej& a, const Gej& b) {
    if (a.infinity || b.infinity) return a.infinity == b.infinity;
    Ge x, y;
    ge_set_gej_var(x, a);
    ge_set_gej_var(y, b);
    fe_normalize(x.x);
    fe_normalize(x.y);
    fe_normalize(y.x);
    fe_normalize(y.y);
    return fe_equal_normalized(x.x, y.x) && fe_equal_normalized(x.y, y.y);
}

using Kernel = void (*)(Gej*, const Ge*, size_t, const Scalar&, bool);
std::vector<std::pair<const char*, Kernel>> kernels() {
    std::vector<std::pair<const char*, Kernel>> k{{"emu8", &simd::ecmult_same_scalar_emu8}};
    if (simd::ifma_available()) k.push_back({"ifma", &simd::ecmult_same_scalar_ifma});
    return k;
}

TEST(Kp8, MatchesConstantTimeKP) {
    std::mt19937_64 rng(88);
    const ref::U256 one{{1, 0, 0, 0}}, nm1 = ref::sub(ref::N, one);
    // Points: random ones, G, -G, and points whose x or y limbs are extreme.
    std::vector<Ge> pts;
    pts.push_back(ge_generator());
    pts.push_back(ge_of_key(nm1));
    for (int i = 0; i < 19; i++) {
        ref::U256 k = ref::random_u256(rng);
        while (ref::cmp(k, ref::N) >= 0) k = ref::sub(k, ref::N);
        pts.push_back(ge_of_key(k));
    }
    // Scalars: edge values, λ-related ones (k2 = 0 or k1 = 0 after the split), random.
    std::vector<ref::U256> ks = {one, ref::U256{{2, 0, 0, 0}}, ref::U256{{15, 0, 0, 0}}, ref::U256{{16, 0, 0, 0}}, nm1,
                                 ref::sub(ref::N, ref::U256{{8, 0, 0, 0}}), ref::U256{{0, 0, 1, 0}},
                                 ref::from_hex("5363AD4CC05C30E0A5261C028812645A122E22EA20816678DF02967C1B23BD72"),  // λ
                                 ref::from_hex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF")};
    for (int i = 0; i < 8; i++) {
        ref::U256 k = ref::random_u256(rng);
        while (ref::cmp(k, ref::N) >= 0) k = ref::sub(k, ref::N);
        ks.push_back(k);
    }
    for (const auto& [name, kernel] : kernels()) {
        for (size_t ki = 0; ki < ks.size(); ki++) {
            const Scalar k = sc_of(ks[ki]);
            for (size_t n : {size_t{1}, size_t{8}, size_t{13}, pts.size()}) {
                for (bool ct : {true, false}) {
                    std::vector<Gej> out(n);
                    kernel(out.data(), pts.data(), n, k, ct);
                    for (size_t i = 0; i < n; i++) {
                        Gej want;
                        ecmult_const(want, pts[i], k);
                        ASSERT_TRUE(same_point(out[i], want))
                            << name << " scalar " << ki << " point " << i << " of " << n << (ct ? " ct" : " vartime");
                    }
                }
            }
        }
    }
}

TEST(Kp8, GeneratorTableWalkMatchesGenVar) {
    std::mt19937_64 rng(89);
    const ref::U256 one{{1, 0, 0, 0}};
    std::vector<Scalar> ts = {sc_of(ref::U256{}), sc_of(one), sc_of(ref::sub(ref::N, one)),
                              sc_of(ref::from_hex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF")), sc_of(ref::U256{{32, 0, 0, 0}}),
                              sc_of(ref::U256{{33, 0, 0, 0}})};
    for (int i = 0; i < 15; i++) {
        ref::U256 k = ref::random_u256(rng);
        while (ref::cmp(k, ref::N) >= 0) k = ref::sub(k, ref::N);
        ts.push_back(sc_of(k));
    }
    std::vector<std::pair<const char*, void (*)(Gej*, const Scalar*, size_t)>> kernels{{"emu8", &simd::ecmult_gen_var_emu8}};
    if (simd::ifma_available()) kernels.push_back({"ifma", &simd::ecmult_gen_var_ifma});
    for (const auto& [name, kernel] : kernels)
        for (size_t n : {size_t{1}, size_t{8}, ts.size()}) {
            std::vector<Gej> out(n);
            kernel(out.data(), ts.data(), n);
            for (size_t i = 0; i < n; i++) {
                Gej want;
                ecmult_gen_var(want, ts[i]);
                ASSERT_TRUE(same_point(out[i], want)) << name << " scalar " << i << " of " << n;
            }
        }
}

// The per-lane double multiplication g·G + k·P (ECDSA verification): every lane its own point and
// scalars, against the library's Strauss; edge scalars (0, 1, n - 1, 2^128 - 1, λ, small) on
// both sides, g·G = -k·P (the result is infinity), and counts that are not multiples of eight.
TEST(Kp8, DoubleMultiplicationMatchesStrauss) {
    std::mt19937_64 rng(90);
    const ref::U256 zero{}, one{{1, 0, 0, 0}}, nm1 = ref::sub(ref::N, one);
    std::vector<ref::U256> edge = {zero, one, nm1, ref::from_hex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"), ref::U256{{16, 0, 0, 0}},
                                   ref::from_hex("5363AD4CC05C30E0A5261C028812645A122E22EA20816678DF02967C1B23BD72")};
    auto random_scalar = [&] {
        ref::U256 k = ref::random_u256(rng);
        while (ref::cmp(k, ref::N) >= 0) k = ref::sub(k, ref::N);
        return k;
    };
    std::vector<Ge> pts;
    std::vector<Scalar> ks, gs;
    for (size_t a = 0; a < edge.size(); a++)
        for (size_t b = 0; b < edge.size(); b++) {
            pts.push_back(ge_of_key(random_scalar()));
            ks.push_back(sc_of(edge[a]));
            gs.push_back(sc_of(edge[b]));
        }
    for (int i = 0; i < 40; i++) {
        const ref::U256 key = random_scalar(), k = random_scalar();
        pts.push_back(ge_of_key(key));
        ks.push_back(sc_of(k));
        // Every fourth item: g = -k·key, so g·G + k·P is the point at infinity.
        gs.push_back(i % 4 == 3 ? sc_of(ref::sub(ref::N, ref::mulmod(k, key, ref::N))) : sc_of(random_scalar()));
    }
    pts.push_back(ge_generator());  // P = G: k·G + g·G through both tables
    ks.push_back(sc_of(random_scalar()));
    gs.push_back(sc_of(random_scalar()));
    std::vector<std::pair<const char*, void (*)(Gej*, const Ge*, const Scalar*, const Scalar*, size_t)>> kernels{
        {"emu8", &simd::ecmult2_var_emu8}};
    if (simd::ifma_available()) kernels.push_back({"ifma", &simd::ecmult2_var_ifma});
    for (const auto& [name, kernel] : kernels)
        for (size_t n : {size_t{1}, size_t{8}, size_t{13}, pts.size()}) {
            std::vector<Gej> out(n);
            kernel(out.data(), pts.data(), ks.data(), gs.data(), n);
            for (size_t i = 0; i < n; i++) {
                Gej want, p;
                gej_set_ge(p, pts[i]);
                ecmult(want, p, ks[i], gs[i]);
                ASSERT_TRUE(same_point(out[i], want)) << name << " item " << i << " of " << n;
                if (i >= 36 && i < 76 && (i - 36) % 4 == 3) ASSERT_TRUE(out[i].infinity) << name << " item " << i;
            }
        }
}

// The double multiplication's Jacobian lanes (kp8_jac_impl.h) are not complete: a lane whose
// addition meets P = ±Q ends with Z = 0 and is recomputed by the scalar code. Inputs that make
// this happen, on purpose: g = -2 - k·key with g's low half even and high half odd, so the sum
// before the last step (taking back the 1 that made g's low half odd) is -G and that step adds
// -G to it (a doubling inside an addition); P = ±G with small k and g (sums and table entries
// collide); results at infinity. Every lane must match the scalar Strauss.
TEST(Kp8, DoubleMultiplicationExceptionalLanes) {
    std::mt19937_64 rng(91);
    auto random_scalar = [&] {
        ref::U256 k = ref::random_u256(rng);
        while (ref::cmp(k, ref::N) >= 0) k = ref::sub(k, ref::N);
        return k;
    };
    const ref::U256 two{{2, 0, 0, 0}};
    std::vector<Ge> pts;
    std::vector<Scalar> ks, gs;
    std::vector<bool> at_inf;
    while (pts.size() < 12) {
        const ref::U256 key = random_scalar(), k = random_scalar();
        const ref::U256 g = ref::submod(ref::sub(ref::N, two), ref::mulmod(k, key, ref::N), ref::N);
        if ((g.d[0] & 1) != 0 || (g.d[2] & 1) == 0) continue;
        pts.push_back(ge_of_key(key));
        ks.push_back(sc_of(k));
        gs.push_back(sc_of(g));
        at_inf.push_back(false);
    }
    const ref::U256 one{{1, 0, 0, 0}}, nm1 = ref::sub(ref::N, one);
    for (const ref::U256& key : {one, nm1, ref::U256{{3, 0, 0, 0}}})
        for (uint64_t a = 0; a < 6; a++)
            for (uint64_t b = 0; b < 6; b++) {
                pts.push_back(ge_of_key(key));
                ks.push_back(sc_of(ref::U256{{a, 0, 0, 0}}));
                gs.push_back(sc_of(ref::U256{{b, 0, 0, 0}}));
                // key·a + b = 0 mod n: the sum is the point at infinity
                at_inf.push_back(ref::is_zero(ref::addmod(ref::mulmod(key, ref::U256{{a, 0, 0, 0}}, ref::N),
                                                          ref::U256{{b, 0, 0, 0}}, ref::N)));
            }
    std::vector<std::pair<const char*, void (*)(Gej*, const Ge*, const Scalar*, const Scalar*, size_t)>> kernels{
        {"emu8", &simd::ecmult2_var_emu8}};
    if (simd::ifma_available()) kernels.push_back({"ifma", &simd::ecmult2_var_ifma});
    for (const auto& [name, kernel] : kernels) {
        std::vector<Gej> out(pts.size());
        kernel(out.data(), pts.data(), ks.data(), gs.data(), pts.size());
        for (size_t i = 0; i < pts.size(); i++) {
            Gej want, p;
            gej_set_ge(p, pts[i]);
            ecmult(want, p, ks[i], gs[i]);
            ASSERT_TRUE(same_point(out[i], want)) << name << " item " << i;
            ASSERT_EQ(bool(out[i].infinity), bool(at_inf[i])) << name << " item " << i;
        }
    }
}

using KE = simd::Kp8<simd::LanesEmu>;
constexpr uint64_t M52 = (uint64_t(1) << 52) - 1;
constexpr uint64_t PT_TOP = (uint64_t(1) << 50) - 1;

ref::U256 random_key(std::mt19937_64& rng) {
    ref::U256 k = ref::random_u256(rng);
    while (ref::cmp(k, ref::N) >= 0) k = ref::sub(k, ref::N);
    return k;
}


using KE = simd::Kp8<simd::LanesEmu>;

// Five 52-bit limbs of a + j·p (a normalized, j <= 3: below 2^258, so limb 4 < 2^50).
void limbs_plus_jp(uint64_t l[5], const Fe& a, uint64_t j) {
    KE::to_limbs(l, a);
    const uint64_t pl[5] = {KE::P0, M52, M52, M52, KE::M48};
    for (int i = 0; i < 5; i++) l[i] += j * pl[i];
    for (int i = 0; i < 4; i++) {
        l[i + 1] += l[i] >> 52;
        l[i] &= M52;
    }
}

struct LanePoints {
    uint64_t x[5][8], y[5][8], z[5][8];
    Gej want[8];
};

// Lane i: the affine point a[i] as (x·Z : y·Z : Z) with limbs at the top of the Pt bound.
void fill(LanePoints& lp, const Ge* a, std::mt19937_64& rng) {
    // Z = 2^258 - 1 reduced (its limbs: all 52 bits set, limb 4 = 2^50 - 1).
    uint64_t zmax[5] = {M52, M52, M52, M52, PT_TOP};
    Fe zmax_fe;
    fe_set_int(zmax_fe, 4 * KE::R256 - 1);  // 2^258 - 1 = 4·2^256 - 1 ≡ 4·(2^256 mod p) - 1
    for (int lane = 0; lane < 8; lane++) {
        Fe z;
        uint64_t lz[5];
        if (lane % 2 == 0) {
            z = zmax_fe;
            for (int i = 0; i < 5; i++) lz[i] = zmax[i];
        } else {
            unsigned char b[32];
            for (auto& c : b) c = (unsigned char)rng();
            fe_set_b32_mod(z, b);
            fe_normalize(z);
            limbs_plus_jp(lz, z, 3);
        }
        Fe x, y;
        fe_mul(x, a[lane].x, z);
        fe_mul(y, a[lane].y, z);
        fe_normalize(x);
        fe_normalize(y);
        uint64_t lx[5], ly[5];
        limbs_plus_jp(lx, x, 3 - (rng() & 1));
        limbs_plus_jp(ly, y, 3 - (rng() & 1));
        for (int i = 0; i < 5; i++) {
            lp.x[i][lane] = lx[i];
            lp.y[i][lane] = ly[i];
            lp.z[i][lane] = lz[i];
        }
        EXPECT_LT(lx[4], uint64_t(1) << 50);
        EXPECT_LT(ly[4], uint64_t(1) << 50);
    }
}

KE::P load(const uint64_t (&x)[5][8], const uint64_t (&y)[5][8], const uint64_t (&z)[5][8]) {
    KE::P p;
    for (int i = 0; i < 5; i++) {
        p.x.l[i] = simd::LanesEmu::load(x[i]);
        p.y.l[i] = simd::LanesEmu::load(y[i]);
        p.z.l[i] = simd::LanesEmu::load(z[i]);
    }
    return p;
}

// The formulas (complete, mixed, doubling; the lazy reduction's bounds are checked by Kp8Bounds in
// test_kp8_bounds.cpp) on the emulation with point coordinates whose limbs sit at the top of the
// Pt bound (value + j·p, and Z = 2^258 - 1 itself), against the scalar group code.
TEST(Kp8, ExtremeLimbs) {
    std::mt19937_64 rng(1616);
    for (int round = 0; round < 50; round++) {
        Ge a[8], b[8];
        for (int lane = 0; lane < 8; lane++) {
            a[lane] = ge_of_key(random_key(rng));
            b[lane] = lane == 3 ? a[lane] : ge_of_key(random_key(rng));  // lane 3: a doubling through padd
        }
        LanePoints pa, pb;
        fill(pa, a, rng);
        fill(pb, b, rng);
        const KE::P p = load(pa.x, pa.y, pa.z), q = load(pb.x, pb.y, pb.z);
        Gej sum[8], dbl[8], both[8], mixed[8];
        // b affine with limbs at the top too: x + j·p, y + j·p (Z = 1).
        uint64_t bx[5][8], by[5][8];
        for (int lane = 0; lane < 8; lane++) {
            uint64_t lx[5], ly[5];
            limbs_plus_jp(lx, b[lane].x, 3);
            limbs_plus_jp(ly, b[lane].y, 3 - (lane & 1));
            for (int i = 0; i < 5; i++) {
                bx[i][lane] = lx[i];
                by[i][lane] = ly[i];
            }
        }
        KE::F qx, qy;
        for (int i = 0; i < 5; i++) {
            qx.l[i] = simd::LanesEmu::load(bx[i]);
            qy.l[i] = simd::LanesEmu::load(by[i]);
        }
        KE::to_jacobian(mixed, KE::padd_affine(p, qx, qy));
        KE::to_jacobian(sum, KE::padd(p, q));
        KE::to_jacobian(dbl, KE::pdbl(p));
        KE::to_jacobian(both, KE::padd(KE::pdbl(KE::padd(p, q)), KE::P{p.x, KE::neg(p.y), p.z}));
        for (int lane = 0; lane < 8; lane++) {
            Gej ja, want_sum, want_dbl, want_both, t;
            gej_set_ge(ja, a[lane]);
            gej_add_ge_var(want_sum, ja, b[lane]);
            gej_double_var(want_dbl, ja);
            gej_double_var(t, want_sum);
            Ge na;
            ge_neg(na, a[lane]);
            gej_add_ge_var(want_both, t, na);
            ASSERT_TRUE(same_point(sum[lane], want_sum)) << "round " << round << " lane " << lane;
            ASSERT_TRUE(same_point(mixed[lane], want_sum)) << "round " << round << " lane " << lane;
            ASSERT_TRUE(same_point(dbl[lane], want_dbl)) << "round " << round << " lane " << lane;
            ASSERT_TRUE(same_point(both[lane], want_both)) << "round " << round << " lane " << lane;
        }
    }
}

}  // namespace
