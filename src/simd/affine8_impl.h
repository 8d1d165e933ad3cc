// Affine point additions in eight lanes: out[j] = a[j] + b[j] for many independent pairs, all
// sharing one field inversion (Montgomery's trick), on an 8-lane backend V (lanes8.h) with the
// field arithmetic of kp8_impl.h. This is the inner step of the multi-scalar multiplications
// (batch/msm.h): Strauss's per-row sums and Pippenger's affine buckets.
//
// Per pair: den = xb - xa (lanes), prefix products of den (lane l multiplies pairs l, l + 8, ...),
// the eight lane products inverted together with one scalar inversion, then back through the
// prefixes for each 1/den, and λ = (yb - ya)/den, x3 = λ² - xa - xb, y3 = λ·(xa - x3) - ya:
// 5M + 1S per pair, eight pairs per instruction.
#pragma once

#include <cstddef>
#include <cstdint>

#include "simd/kp8_impl.h"

namespace fastsecp::simd {

// Moving eight points' coordinates between memory (4×64-bit limbs, any value below 2^256, at
// byte offset `off` of each Ge) and the lanes, without a round trip through a stack buffer (whose
// scalar stores a vector load cannot forward from). Lanes at or past `live` are not read or
// written; their inputs are `fill` (a small constant).
static inline void lanes_gather(LanesEmu (&w)[4], const Ge* const* p, unsigned live, size_t off, uint64_t fill) {
    for (unsigned lane = 0; lane < 8; lane++)
        for (int k = 0; k < 4; k++) {
            const unsigned char* at = reinterpret_cast<const unsigned char*>(p[lane < live ? lane : 0]) + off;
            w[k].v[lane] = lane < live ? reinterpret_cast<const uint64_t*>(at)[k] : (k == 0 ? fill : 0);
        }
}
static inline void lanes_scatter(Ge* const* p, unsigned live, size_t off, const LanesEmu (&w)[4]) {
    for (unsigned lane = 0; lane < live; lane++)
        for (int k = 0; k < 4; k++)
            reinterpret_cast<uint64_t*>(reinterpret_cast<unsigned char*>(p[lane]) + off)[k] = w[k].v[lane];
}
#if defined(__AVX512F__) && defined(__AVX512IFMA__)
static inline void lanes_gather(LanesIfma (&w)[4], const Ge* const* p, unsigned live, size_t off, uint64_t fill) {
    const __mmask8 m = (__mmask8)((1u << live) - 1);
    const __m512i at = _mm512_add_epi64(_mm512_maskz_loadu_epi64(m, p), _mm512_set1_epi64((long long)off));
    for (int k = 0; k < 4; k++) {
        const __m512i src = _mm512_set1_epi64(k == 0 ? (long long)fill : 0);
        w[k].v = _mm512_mask_i64gather_epi64(src, m, at, reinterpret_cast<const long long*>(8 * k), 1);
    }
}
static inline void lanes_scatter(Ge* const* p, unsigned live, size_t off, const LanesIfma (&w)[4]) {
    const __mmask8 m = (__mmask8)((1u << live) - 1);
    const __m512i at = _mm512_add_epi64(_mm512_maskz_loadu_epi64(m, p), _mm512_set1_epi64((long long)off));
    for (int k = 0; k < 4; k++) _mm512_mask_i64scatter_epi64(reinterpret_cast<long long*>(8 * k), m, at, w[k].v, 1);
}
#endif

template <class V>
struct Affine8 {
    using K = Kp8<V>;
    using F = typename K::F;
    static constexpr size_t CHUNK = 32;  // groups of eight per shared inversion

    // Pairs must be finite with xa ≠ xb (mod p); out[j] may be a[j] or b[j], and otherwise no
    // output may overlap an input. Outputs are below 2^256 (not necessarily below p).
    static void add_pairs(Ge* const* out, const Ge* const* a, const Ge* const* b, size_t n) {
        for (size_t base = 0; base < n; base += 8 * CHUNK) {
            const size_t m = n - base < 8 * CHUNK ? n - base : 8 * CHUNK;
            chunk(out + base, a + base, b + base, m);
        }
    }

    // Field element at byte offset off of eight points, as lanes (see lanes_gather): limbs below
    // 2^52, the top one below 2^48.
    static F load(const Ge* const* p, unsigned live, size_t off, uint64_t fill) {
        V w[4];
        lanes_gather(w, p, live, off, fill);
        const V m = V::set1(K::M52);
        return F{{w[0] & m, (w[0].shr(52) + w[1].shl(12)) & m, (w[1].shr(40) + w[2].shl(24)) & m,
                  (w[2].shr(28) + w[3].shl(36)) & m, w[3].shr(16)}};
    }
    // a - b + 4p (Kp8::sub<4>), weakly normalized (Kp8::wnorm: limbs 0..3 below 2^52, limb 4
    // below 2^48 + 2^11): a multiplication input, and a valid b for the next sub<4>. b's limbs
    // below 2^52, its top one below 4·(2^48 - 1) (what load, sub and Kp8's mul/sqr return); a's
    // limbs below 2^58 (the raw difference's are then below 2^59).
    static F sub(const F& a, const F& b) { return K::wnorm(K::template sub<4>(a, b)); }
    // Back to 4×64 limbs below 2^256 from a normalized element: bit 256 is set only when the low
    // 256 bits are below 2^208, so one more fold of it (+C) and a carry pass leave every limb in
    // range.
    static void store(Ge* const* p, unsigned live, size_t off, F a) {
        a = K::norm(K::norm(a));
        V w[4] = {a.l[0] + a.l[1].shl(52), a.l[1].shr(12) + a.l[2].shl(40), a.l[2].shr(24) + a.l[3].shl(28),
                  a.l[3].shr(36) + a.l[4].shl(16)};
        lanes_scatter(p, live, off, w);
    }

    // Flattened: the lane arithmetic (Kp8::mul and friends) inlined, so field elements stay in
    // registers instead of going through memory at every call.
    [[gnu::flatten]] static void chunk(Ge* const* out, const Ge* const* a, const Ge* const* b, size_t n) {
        constexpr size_t X = offsetof(Ge, x), Y = offsetof(Ge, y);
        const size_t groups = (n + 7) / 8;
        F den[CHUNK], acc[CHUNK], xa[CHUNK], xb[CHUNK];  // x coordinates kept from the first pass
        // Lanes past n (last group) get xa = 0, xb = 1: a nonzero denominator, result unused.
        auto live = [n](size_t g) { return (unsigned)(n - 8 * g < 8 ? n - 8 * g : 8); };
        for (size_t g = 0; g < groups; g++) {
            xb[g] = load(b + 8 * g, live(g), X, 1);
            xa[g] = load(a + 8 * g, live(g), X, 0);
            den[g] = sub(xb[g], xa[g]);
            acc[g] = g ? K::mul(acc[g - 1], den[g]) : den[g];
        }
        // The eight lane products, inverted together.
        F iv = K::inv_lanes_var(acc[groups - 1]);
        for (size_t g = groups; g-- > 1;) {  // den[g] := 1 / den[g]
            F di = K::mul(iv, acc[g - 1]);
            iv = K::mul(iv, den[g]);
            den[g] = di;
        }
        den[0] = iv;
        // The sums, in pair order (each group's inputs are read before its outputs are written).
        for (size_t g = 0; g < groups; g++) {
            const unsigned lv = live(g);
            const F ax = xa[g], ay = load(a + 8 * g, lv, Y, 0);
            const F lam = K::mul(sub(load(b + 8 * g, lv, Y, 0), ay), den[g]);
            const F x3 = sub(K::template sub<4>(K::sqr(lam), ax), xb[g]);
            const F y3 = K::template sub<4>(K::mul(sub(ax, x3), lam), ay);  // store normalizes
            store(out + 8 * g, lv, X, x3);
            store(out + 8 * g, lv, Y, y3);
            for (unsigned lane = 0; lane < lv; lane++) out[8 * g + lane]->infinity = 0;
        }
    }
};

}  // namespace fastsecp::simd
