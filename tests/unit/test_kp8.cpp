// The 8-lane one-scalar k·P kernel (src/simd/): its IFMA build (when this CPU has AVX-512 IFMA)
// and its portable emulation, both modes, against the library's constant-time k·P and the
// textbook reference, on random and edge scalars, points with edge coordinates, and point counts
// that are not multiples of eight.
#include <gtest/gtest.h>

#include <vector>

#include "ecmult/ecmult.h"
#include "ref_bigint.h"
#include "simd/ifma.h"

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

}  // namespace
