// k·P for eight points at once and one scalar k, on an 8-lane backend V (lanes8.h).
//
// Field elements mod p = 2^256 - 0x1000003D1 are five limbs of 52 bits per lane. Products use the
// 52-bit multiply-add instructions: ten column sums, one carry pass, then the columns of weight
// 2^260 and up are folded back with 2^260 = 0x1000003D10 (mod p).
//
// Reduction is lazy; what each value may hold is one of these limb bounds (all lanes alike):
//  - mul/sqr inputs: every limb < 2^52 (vpmadd52 reads only the low 52 bits of its multiplier
//    inputs: a higher bit would be dropped silently) and the top limb < 2^52 - 2^8, so the value
//    is below 2^260 and the product's column 9 fits in 52 bits after the carry;
//  - "M", what mul, sqr and wnorm return: limbs 0..3 < 2^52, limb 4 < 2^48 + 2^7;
//  - "Pt", the coordinates of every point between group operations (table entries, lookups,
//    accumulators): limbs 0..3 < 2^52, limb 4 < 2^50.
// Sums and differences are kept as raw limb sums (add, sub<K> = a + K·p - b, mul21); carry() (one
// carry pass, no fold) or wnorm() (fold limb 4's bits from 2^256 up, then one carry pass) brings a
// value back under a bound only where a multiplication or the Pt invariant needs it. Each formula
// step says its bound ("2M": limbs of a sum of two M values). Test Kp8Bounds (tests/unit/
// test_kp8_bounds.cpp) runs these formulas on an interval backend that checks every limb
// operation for overflow, underflow and mul inputs of 52 bits or more, starting from the widest
// Pt inputs, and checks the outputs are Pt again.
//
// Points are projective (X : Y : Z), x = X/Z, with the complete addition and doubling formulas
// of Renes, Costello and Batina ("Complete addition formulas for prime order elliptic curves",
// EUROCRYPT 2016, algorithms 7 and 9 for a = 0; 3b = 21): no input is exceptional, the identity
// (0 : 1 : 0) included, so a fixed schedule needs no special cases.
//
// Schedule: k = k1 + k2·λ (GLV), |k1|, |k2| < 2^128, each recoded into 33 signed digits in
// [-8, 7] (radix 16); tables T1[j] = j·(±P), T2[j] = j·(±λP) for j = 0..8 (λP = (β·x, y));
// acc = 16·acc + T1[d1_i] + T2[d2_i] from the top digit down: 128 doublings and 65 additions
// (the top T1 entry starts the sum).
// The scalar is the same in every lane, so digits, signs and table indices are uniform across
// lanes; in constant-time mode they are applied with masked selections over all nine entries.
#pragma once

#include <cstddef>
#include <cstdint>

#include "ecmult/ecmult.h"
#include "group/group.h"
#include "simd/lanes8.h"

namespace fastsecp::simd {

// The field operations are forced inline into the group formulas (a call would pass its five
// registers per operand through memory); padd, padd_affine and pdbl stay calls.
#define KP8_INLINE __attribute__((always_inline)) inline

template <class V>
struct Kp8 {
    using Mask = typename V::Mask;
    struct F {
        V l[5];
    };
    struct P {
        F x, y, z;
    };

    static constexpr uint64_t M52 = (uint64_t(1) << 52) - 1;
    static constexpr uint64_t M48 = (uint64_t(1) << 48) - 1;
    static constexpr uint64_t R256 = 0x1000003D1ULL;   // 2^256 mod p
    static constexpr uint64_t R260 = 0x1000003D10ULL;  // 2^260 mod p
    static constexpr uint64_t P0 = 0xFFFFEFFFFFC2FULL; // p's limb 0 (limbs 1..3: M52, limb 4: M48)

    // One carry pass, limb 0 up to limb 4, no fold: limbs 0..3 end below 2^52, limb 4 gains the
    // carry. Same value.
    KP8_INLINE static F carry(F a) {
        const V m = V::set1(M52);
        for (int i = 0; i < 4; i++) {
            a.l[i + 1] = a.l[i + 1] + a.l[i].shr(52);
            a.l[i] = a.l[i] & m;
        }
        return a;
    }
    // Weak normalization: limb 4's bits from 2^256 up folded into limb 0 (times 2^256 mod p, a
    // product below 2^49, so the low half is all of it), then one carry pass. Limbs below 2^63 in,
    // limbs 0..3 < 2^52 and limb 4 < 2^48 + (carry out of limb 3) out.
    KP8_INLINE static F wnorm(F a) {
        const V top = a.l[4].shr(48);
        a.l[4] = a.l[4] & V::set1(M48);
        a.l[0] = V::madd52lo(a.l[0], top, V::set1(R256));
        return carry(a);
    }
    // Full normalization for leaving the lanes: limbs 0..3 < 2^52, limb 4 <= 2^48, and limb 4
    // reaches 2^48 only when the limbs below are small (what from_limbs assumes).
    KP8_INLINE static F norm(F a) { return wnorm(carry(a)); }

    KP8_INLINE static F mul(const F& a, const F& b) {
        V t[10];
        for (auto& x : t) x = V::zero();
        for (int i = 0; i < 5; i++)
            for (int j = 0; j < 5; j++) {
                t[i + j] = V::madd52lo(t[i + j], a.l[i], b.l[j]);
                t[i + j + 1] = V::madd52hi(t[i + j + 1], a.l[i], b.l[j]);
            }
        return reduce(t);
    }
    // The cross products once, doubled, then the squares: 30 multiply-adds instead of 50.
    KP8_INLINE static F sqr(const F& a) {
        V t[10];
        for (auto& x : t) x = V::zero();
        for (int i = 0; i < 5; i++)
            for (int j = i + 1; j < 5; j++) {
                t[i + j] = V::madd52lo(t[i + j], a.l[i], a.l[j]);
                t[i + j + 1] = V::madd52hi(t[i + j + 1], a.l[i], a.l[j]);
            }
        for (int k = 1; k < 9; k++) t[k] = t[k] + t[k];  // columns 0 and 9 hold no cross product
        for (int i = 0; i < 5; i++) {
            t[2 * i] = V::madd52lo(t[2 * i], a.l[i], a.l[i]);
            t[2 * i + 1] = V::madd52hi(t[2 * i + 1], a.l[i], a.l[i]);
        }
        return reduce(t);
    }
    // The ten column sums of a product of mul inputs (each below 2^56) reduced mod p to an M value.
    KP8_INLINE static F reduce(V (&t)[10]) {
        // Columns 5..9 become multiplier inputs, so they (only) must be below 2^52: carry from
        // column 4 up. Column 9 then holds the product's bits from 468 on: below 2^52 because
        // the inputs are below 2^260. Columns 0..4 stay as they are (< 2^56).
        const V m = V::set1(M52);
        for (int i = 4; i < 9; i++) {
            t[i + 1] = t[i + 1] + t[i].shr(52);
            t[i] = t[i] & m;
        }
        const V r = V::set1(R260);
        V u[6];
        for (int i = 0; i < 5; i++) u[i] = V::madd52lo(t[i], t[i + 5], r);
        u[5] = V::zero();
        for (int i = 0; i < 5; i++) u[i + 1] = V::madd52hi(u[i + 1], t[i + 5], r);
        // u[5] < 2^37 (weight 2^260 again): fold it too; u[0..4] < 2^57 then.
        u[0] = V::madd52lo(u[0], u[5], r);
        u[1] = V::madd52hi(u[1], u[5], r);
        return wnorm(F{{u[0], u[1], u[2], u[3], u[4]}});
    }

    // Raw limb sum (no carry).
    KP8_INLINE static F add(const F& a, const F& b) {
        F r;
        for (int i = 0; i < 5; i++) r.l[i] = a.l[i] + b.l[i];
        return r;
    }
    // a - b + K·p, raw; every limb of K·p must be at least b's (checked by Kp8Bounds).
    template <uint64_t K>
    KP8_INLINE static F sub(const F& a, const F& b) {
        F r;
        r.l[0] = a.l[0] + V::set1(K * P0) - b.l[0];
        for (int i = 1; i < 4; i++) r.l[i] = a.l[i] + V::set1(K * M52) - b.l[i];
        r.l[4] = a.l[4] + V::set1(K * M48) - b.l[4];
        return r;
    }
    // -a for a Pt value, as an M value.
    KP8_INLINE static F neg(const F& a) { return wnorm(sub<5>(constant(0), a)); }
    KP8_INLINE static F mul21(const F& a) {  // 3b, raw
        F r;
        for (int i = 0; i < 5; i++) r.l[i] = a.l[i].shl(4) + a.l[i].shl(2) + a.l[i];
        return r;
    }
    KP8_INLINE static F constant(uint64_t v) {
        F r;
        r.l[0] = V::set1(v);
        for (int i = 1; i < 5; i++) r.l[i] = V::zero();
        return r;
    }
    KP8_INLINE static F blend(Mask m, const F& a, const F& b) {
        F r;
        for (int i = 0; i < 5; i++) r.l[i] = V::blend(m, a.l[i], b.l[i]);
        return r;
    }

    // RCB16 algorithm 7 (a = 0). p, q: Pt coordinates; the result too.
    __attribute__((noinline)) static P padd(const P& p, const P& q) {
        F t0 = mul(p.x, q.x), t1 = mul(p.y, q.y), t2 = mul(p.z, q.z);       // M
        F t3 = mul(carry(add(p.x, p.y)), carry(add(q.x, q.y)));             // 2Pt, carried: mul inputs
        F t4 = add(t0, t1);                                                 // 2M
        t3 = carry(sub<3>(t3, t4));                                         // M + 3p: mul input
        t4 = mul(carry(add(p.y, p.z)), carry(add(q.y, q.z)));               // M
        F x3 = add(t1, t2);                                                 // 2M
        t4 = carry(sub<3>(t4, x3));                                         // M + 3p: mul input
        x3 = mul(carry(add(p.x, p.z)), carry(add(q.x, q.z)));               // M
        F y3 = add(t0, t2);                                                 // 2M
        y3 = sub<3>(x3, y3);                                                // M + 3p, raw
        x3 = add(t0, t0);                                                   // 2M
        t0 = carry(add(x3, t0));                                            // 3M: mul input
        t2 = mul21(t2);                                                     // 21M
        F z3 = wnorm(add(t1, t2));                                          // 22M -> M
        t1 = wnorm(sub<22>(t1, t2));                                        // M + 22p -> M
        y3 = wnorm(mul21(y3));                                              // 21(M + 3p) -> M
        return add_tail(t0, t1, t3, t4, y3, z3);
    }

    // The last nine steps of algorithms 7 and 8 (the same in both). t0, t3, t4: mul inputs;
    // t1, y3, z3: M. The result: Pt.
    KP8_INLINE static P add_tail(const F& t0, const F& t1, const F& t3, const F& t4, const F& y3, const F& z3) {
        F x3 = mul(t4, y3);                                                 // M
        x3 = carry(sub<2>(mul(t3, t1), x3));                                // M + 2p -> Pt
        const F y = carry(add(mul(t1, z3), mul(y3, t0)));                   // 2M -> Pt
        const F z = carry(add(mul(z3, t4), mul(t0, t3)));                   // 2M -> Pt
        return P{x3, y, z};
    }

    // RCB16 algorithm 8 (a = 0): p + q for q affine (Z = 1, so q must not be the identity).
    // p, (qx, qy): Pt coordinates; the result Pt. 11 multiplications instead of 12.
    __attribute__((noinline)) static P padd_affine(const P& p, const F& qx, const F& qy) {
        F t0 = mul(p.x, qx), t1 = mul(p.y, qy);                            // M
        F t3 = mul(carry(add(qx, qy)), carry(add(p.x, p.y)));               // M
        F t4 = add(t0, t1);                                                 // 2M
        t3 = carry(sub<3>(t3, t4));                                         // M + 3p: mul input
        t4 = carry(add(mul(qy, p.z), p.y));                                 // M + Pt: mul input
        F y3 = add(mul(qx, p.z), p.x);                                      // M + Pt, raw
        F x3 = add(t0, t0);                                                 // 2M
        t0 = carry(add(x3, t0));                                            // 3M: mul input
        const F t2 = mul21(p.z);                                            // 21Pt
        F z3 = wnorm(add(t1, t2));                                          // M + 21Pt -> M
        t1 = wnorm(sub<85>(t1, t2));                                        // M + 85p -> M
        y3 = wnorm(mul21(y3));                                              // 21(M + Pt) -> M
        return add_tail(t0, t1, t3, t4, y3, z3);
    }

    // RCB16 algorithm 9 (a = 0). p: Pt coordinates; the result too.
    __attribute__((noinline)) static P pdbl(const P& p) {
        F t0 = sqr(p.y);                                                    // M
        F z3 = t0;
        for (auto& l : z3.l) l = l.shl(3);
        z3 = carry(z3);                                                     // 8M: mul input
        F t1 = mul(p.y, p.z);                                               // M
        F t2 = wnorm(mul21(sqr(p.z)));                                      // 21M -> M
        F x3 = mul(t2, z3);                                                 // M
        F y3 = carry(add(t0, t2));                                          // 2M: mul input
        z3 = mul(t1, z3);                                                   // M (Pt)
        t1 = add(t2, t2);                                                   // 2M
        t2 = add(t1, t2);                                                   // 3M
        t0 = carry(sub<4>(t0, t2));                                         // M + 4p: mul input
        y3 = mul(t0, y3);                                                   // M
        y3 = carry(add(x3, y3));                                            // 2M -> Pt
        t1 = mul(p.x, p.y);                                                 // M
        x3 = mul(t0, t1);                                                   // M
        x3 = carry(add(x3, x3));                                            // 2M -> Pt
        return P{x3, y3, z3};
    }

    // ---- conversion between lanes and the library's 4x64 field elements ----------------------

    static void to_limbs(uint64_t l[5], const Fe& a) {  // a normalized
        l[0] = a.n[0] & M52;
        l[1] = ((a.n[0] >> 52) | (a.n[1] << 12)) & M52;
        l[2] = ((a.n[1] >> 40) | (a.n[2] << 24)) & M52;
        l[3] = ((a.n[2] >> 28) | (a.n[3] << 36)) & M52;
        l[4] = a.n[3] >> 16;
    }
    // From normalized limbs (value < 2^257) to a normalized Fe.
    static void from_limbs(Fe& r, const uint64_t l[5]) {
        unsigned __int128 acc;
        uint64_t n[4];
        const uint64_t top = l[4] >> 48;
        const uint64_t l4 = l[4] & M48;
        acc = (unsigned __int128)(l[0] | (l[1] << 52)) + (unsigned __int128)top * R256;
        n[0] = (uint64_t)acc;
        acc >>= 64;
        acc += (l[1] >> 12) | (l[2] << 40);
        n[1] = (uint64_t)acc;
        acc >>= 64;
        acc += (l[2] >> 24) | (l[3] << 28);
        n[2] = (uint64_t)acc;
        acc >>= 64;
        acc += (l[3] >> 36) | (l4 << 16);
        n[3] = (uint64_t)acc;
        // No carry out: top is 1 only when the low 256 bits are below 2^208.
        for (int i = 0; i < 4; i++) r.n[i] = n[i];
        fe_normalize(r);
    }

    static F load_fe(const Fe* const* src) {  // one Fe per lane
        uint64_t buf[5][8];
        for (int lane = 0; lane < 8; lane++) {
            uint64_t l[5];
            to_limbs(l, *src[lane]);
            for (int i = 0; i < 5; i++) buf[i][lane] = l[i];
        }
        F r;
        for (int i = 0; i < 5; i++) r.l[i] = V::load(buf[i]);
        return r;
    }
    static void store_fe(Fe* const* dst, const F& a) {  // a: any mul input or Pt value
        uint64_t buf[5][8];
        const F n = norm(a);
        for (int i = 0; i < 5; i++) n.l[i].store(buf[i]);
        for (int lane = 0; lane < 8; lane++) {
            uint64_t l[5];
            for (int i = 0; i < 5; i++) l[i] = buf[i][lane];
            from_limbs(*dst[lane], l);
        }
    }

    // 1/a in every lane (a non-zero in every lane, any mul input or Pt value): one variable-time
    // field inversion for the eight (public values only).
    static F inv_lanes_var(const F& a) {
        Fe v[8], pre[8];
        Fe* dst[8];
        const Fe* src[8];
        for (int lane = 0; lane < 8; lane++) {
            dst[lane] = &v[lane];
            src[lane] = &v[lane];
        }
        store_fe(dst, a);
        pre[0] = v[0];
        for (int i = 1; i < 8; i++) fe_mul(pre[i], pre[i - 1], v[i]);
        Fe inv;
        fe_inv_var(inv, pre[7]);
        for (int i = 7; i > 0; i--) {
            Fe t;
            fe_mul(t, inv, pre[i - 1]);
            fe_mul(inv, inv, v[i]);
            v[i] = t;
        }
        v[0] = inv;
        return load_fe(src);
    }

    // ---- square roots (public inputs) -----------------------------------------------------------

    // G groups of eight side by side: each step is done for every group before the next, so the
    // groups' dependency chains overlap (one chain leaves most of the multiply-add units idle).
    template <int G>
    static void sqr_n(F (&r)[G], const F (&a)[G], int k) {
        for (int g = 0; g < G; g++) r[g] = a[g];
        for (int i = 0; i < k; i++)
            for (int g = 0; g < G; g++) r[g] = sqr(r[g]);
    }
    template <int G>
    static void mul_g(F (&r)[G], const F (&a)[G], const F (&b)[G]) {
        for (int g = 0; g < G; g++) r[g] = mul(a[g], b[g]);
    }
    // a^((p+1)/4) by the addition chain of field.h's fe_pow_head / fe_pow_sqrt_lanes.
    template <int G>
    static void pow_sqrt(F (&r)[G], const F (&a)[G]) {
        F x2[G], x3[G], x6[G], x9[G], x11[G], x22[G], x44[G], x88[G], x176[G], x220[G], x223[G], t[G];
        sqr_n(x2, a, 1); mul_g(x2, x2, a);
        sqr_n(x3, x2, 1); mul_g(x3, x3, a);
        sqr_n(x6, x3, 3); mul_g(x6, x6, x3);
        sqr_n(x9, x6, 3); mul_g(x9, x9, x3);
        sqr_n(x11, x9, 2); mul_g(x11, x11, x2);
        sqr_n(x22, x11, 11); mul_g(x22, x22, x11);
        sqr_n(x44, x22, 22); mul_g(x44, x44, x22);
        sqr_n(x88, x44, 44); mul_g(x88, x88, x44);
        sqr_n(x176, x88, 88); mul_g(x176, x176, x88);
        sqr_n(x220, x176, 44); mul_g(x220, x220, x44);
        sqr_n(x223, x220, 3); mul_g(x223, x223, x3);
        sqr_n(t, x223, 23); mul_g(t, t, x22);  // 223 ones, 0, 22 ones
        sqr_n(t, t, 4);                        // 0000
        sqr_n(t, t, 2); mul_g(t, t, x2);       // 11
        sqr_n(r, t, 2);                        // 00
    }
    // y[i] = c[i]^((p+1)/4) for i < n (c normalized), sixteen at a time (two groups of eight in
    // lockstep) while more than eight remain; a last partial group is padded with repeats.
    static void pow_sqrt_all(Fe* y, const Fe* c, size_t n) {
        // Lane pointers of the group starting at b: inputs, and outputs (spare slots for padding).
        auto lanes = [&](size_t b, const Fe** src, Fe** dst, Fe* pad) {
            for (size_t lane = 0; lane < 8; lane++) {
                const bool real = b + lane < n;
                src[lane] = &c[real ? b + lane : b];
                dst[lane] = real ? &y[b + lane] : &pad[lane];
            }
        };
        size_t base = 0;
        for (; base + 8 < n; base += 16) {
            const Fe* src[2][8];
            Fe* dst[2][8];
            Fe pad[2][8];
            F a[2], r[2];
            for (int g = 0; g < 2; g++) {
                lanes(base + 8 * g, src[g], dst[g], pad[g]);
                a[g] = load_fe(src[g]);
            }
            pow_sqrt<2>(r, a);
            for (int g = 0; g < 2; g++) store_fe(dst[g], r[g]);
        }
        if (base < n) {
            const Fe* src[8];
            Fe* dst[8];
            Fe pad[8];
            F a[1], r[1];
            lanes(base, src, dst, pad);
            a[0] = load_fe(src);
            pow_sqrt<1>(r, a);
            store_fe(dst, r[0]);
        }
    }

    // ---- the multiplication --------------------------------------------------------------------

    // 33 signed radix-16 digits of a (< 2^128), in [-8, 7]; arithmetic only, no branches.
    static void recode(int8_t d[33], const Scalar& a) {
        uint32_t carry = 0;
        for (int i = 0; i < 32; i++) {
            uint32_t v = scalar_get_bits(a, 4 * i, 4) + carry;
            carry = (v + 8) >> 4;
            d[i] = (int8_t)((int32_t)v - (int32_t)(carry << 4));
        }
        d[32] = (int8_t)carry;
    }

    static P lookup(const P* table, int8_t digit, bool ct) {
        const uint32_t sign = (uint32_t)(uint8_t)digit >> 7;  // 1 when negative
        const uint32_t mag = ((uint32_t)(int32_t)digit ^ (0u - sign)) + sign;  // |digit|, 0..8
        P r;
        if (ct) {
            r = table[0];
            for (uint32_t j = 1; j <= 8; j++) {
                const Mask m = (Mask)(0u - (uint32_t)(((j ^ mag) - 1) >> 31));  // all ones iff j == mag
                r.x = blend(m, r.x, table[j].x);
                r.y = blend(m, r.y, table[j].y);
                r.z = blend(m, r.z, table[j].z);
            }
        } else {
            r = table[mag];
        }
        const F neg_y = neg(r.y);
        r.y = blend((Mask)(0u - sign), r.y, neg_y);
        return r;
    }

    // k = ±k1 ± k2·λ with |k1|, |k2| < 2^128 (GLV), each recoded by recode(); neg1, neg2 (0 or 1)
    // are the signs. Constant time; the halves are wiped.
    static void split_recode(int8_t d1[33], int8_t d2[33], uint64_t& neg1, uint64_t& neg2, const Scalar& k) {
        Scalar k1, k2;
        scalar_split_lambda(k1, k2, k);
        neg1 = scalar_is_high(k1);
        neg2 = scalar_is_high(k2);
        scalar_cond_negate(k1, neg1);
        scalar_cond_negate(k2, neg2);
        recode(d1, k1);
        recode(d2, k2);
        scalar_clear(k1);
        scalar_clear(k2);
    }

    // The tables of k·P's GLV halves: t1[j] = j·(±P), t2[j] = j·(±λP) = (β·x, ±y) for j = 0..8,
    // P negated in the lanes of neg1 and λP's sign flipped from P's in the lanes of flip.
    static void tables(P (&t1)[9], P (&t2)[9], const Ge* const* in, Mask neg1, Mask flip) {
        const Fe* xs[8];
        const Fe* ys[8];
        for (int lane = 0; lane < 8; lane++) {
            xs[lane] = &in[lane]->x;
            ys[lane] = &in[lane]->y;
        }
        t1[0] = P{constant(0), constant(1), constant(0)};
        t1[1].x = load_fe(xs);
        t1[1].y = load_fe(ys);
        t1[1].z = constant(1);
        t1[1].y = blend(neg1, t1[1].y, neg(t1[1].y));
        t1[2] = pdbl(t1[1]);
        for (int j = 3; j <= 8; j++) t1[j] = padd_affine(t1[j - 1], t1[1].x, t1[1].y);  // t1[1]: Z = 1
        const Fe* beta_ptr[8];
        for (auto& b : beta_ptr) b = &fe_beta();
        const F beta = load_fe(beta_ptr);
        for (int j = 0; j <= 8; j++) {
            t2[j].x = mul(t1[j].x, beta);
            t2[j].y = blend(flip, t1[j].y, neg(t1[j].y));
            t2[j].z = t1[j].z;
        }
    }

    // out[i] = k·in[i] for the eight lanes (in may repeat points to fill lanes).
    static void run(Gej* out, const Ge* const* in, const Scalar& k, bool ct) {
        int8_t d1[33], d2[33];
        uint64_t neg1, neg2;
        split_recode(d1, d2, neg1, neg2, k);
        P t1[9], t2[9];
        tables(t1, t2, in, (Mask)(0u - (uint32_t)neg1), (Mask)(0u - (uint32_t)(neg1 ^ neg2)));

        // The top digit's entry starts the sum (the identity plus it, without the addition).
        // Variable time: a zero digit (the identity) is skipped.
        P acc = lookup(t1, d1[32], ct);
        for (int i = 32; i >= 0; i--) {
            if (i != 32) {
                for (int s = 0; s < 4; s++) acc = pdbl(acc);
                if (ct || d1[i] != 0) acc = padd(acc, lookup(t1, d1[i], ct));
            }
            if (ct || d2[i] != 0) acc = padd(acc, lookup(t2, d2[i], ct));
        }
        to_jacobian(out, acc);
    }

    // out[i] = t[i]·G for the eight lanes, variable time (public scalars): the k·G table walk of
    // ecmult_impl.h's gen_var (GEN_WINDOWS signed windows of GEN_WINDOW_BITS bits, no doublings),
    // one lane per scalar, each lane reading its own table entry (a zero digit adds nothing),
    // added with the mixed formula.
    static void gen_var(Gej* out, const Scalar* const* t) { to_jacobian(out, gen_acc(t)); }

    // The sum behind gen_var, projective.
    static P gen_acc(const Scalar* const* t) {
        int8_t digits[8][GEN_WINDOWS];
        for (int lane = 0; lane < 8; lane++) {
            uint64_t carry = 0;
            for (int i = 0; i < GEN_WINDOWS; i++) {
                const unsigned bits = i == GEN_WINDOWS - 1 ? 256 - GEN_WINDOW_BITS * i : GEN_WINDOW_BITS;
                uint64_t v = scalar_get_bits_range(*t[lane], GEN_WINDOW_BITS * i, bits) + carry;
                carry = v > (uint64_t)GEN_ENTRIES;
                digits[lane][i] = (int8_t)(carry ? (int)v - 2 * GEN_ENTRIES : (int)v);
            }
        }
        P acc{constant(0), constant(1), constant(0)};
        for (int i = 0; i < GEN_WINDOWS; i++) {
            // The table (88 KB) is read at random: ask for the next window's entries now, so they
            // arrive while this window's addition runs (otherwise each lane's read waits on L2).
            if (i + 1 < GEN_WINDOWS)
                for (int lane = 0; lane < 8; lane++) {
                    const int d = digits[lane][i + 1];
                    if (d != 0) __builtin_prefetch(&ECMULT_GEN_TABLE[i + 1][(d > 0 ? d : -d) - 1]);
                }
            uint64_t bx[5][8], by[5][8];
            Mask negative = 0, zero = 0;
            for (int lane = 0; lane < 8; lane++) {
                const int d = digits[lane][i];
                uint64_t lx[5] = {0, 0, 0, 0, 0}, ly[5] = {1, 0, 0, 0, 0};
                if (d == 0) zero |= (Mask)(1u << lane);
                if (d != 0) {
                    const GeStorage& e = ECMULT_GEN_TABLE[i][(d > 0 ? d : -d) - 1];
                    Fe x, y;
                    fe_from_storage(x, e.x);
                    fe_from_storage(y, e.y);
                    to_limbs(lx, x);
                    to_limbs(ly, y);
                    if (d < 0) negative |= (Mask)(1u << lane);
                }
                for (int l = 0; l < 5; l++) {
                    bx[l][lane] = lx[l];
                    by[l][lane] = ly[l];
                }
            }
            if (zero == (Mask)0xFF) continue;
            F ex, ey;
            for (int l = 0; l < 5; l++) {
                ex.l[l] = V::load(bx[l]);
                ey.l[l] = V::load(by[l]);
            }
            if (negative) ey = blend(negative, ey, neg(ey));
            // The entries are affine: the mixed addition, whose result the lanes with a zero
            // digit (no entry: (0, 1) stands in) discard.
            const P s = padd_affine(acc, ex, ey);
            if (zero) {
                acc.x = blend(zero, s.x, acc.x);
                acc.y = blend(zero, s.y, acc.y);
                acc.z = blend(zero, s.z, acc.z);
            } else {
                acc = s;
            }
        }
        return acc;
    }

    // Projective (X : Y : Z) to Jacobian (X·Z, Y·Z², Z), out of the lanes.
    static void to_jacobian(Gej* out, const P& acc) {
        const F z2 = sqr(acc.z);
        const F jx = mul(acc.x, acc.z), jy = mul(acc.y, z2);
        store_gej(out, jx, jy, acc.z);
    }
    // Eight Jacobian points (X, Y, Z: mul inputs or Pt values) out of the lanes, normalized;
    // infinity where Z is zero.
    static void store_gej(Gej* out, const F& x, const F& y, const F& z) {
        Fe* ox[8];
        Fe* oy[8];
        Fe* oz[8];
        for (int lane = 0; lane < 8; lane++) {
            ox[lane] = &out[lane].x;
            oy[lane] = &out[lane].y;
            oz[lane] = &out[lane].z;
        }
        store_fe(ox, x);
        store_fe(oy, y);
        store_fe(oz, z);
        for (int lane = 0; lane < 8; lane++) out[lane].infinity = fe_is_zero(out[lane].z);
    }

    // Any n: groups of eight, the last one padded with repeats of its first scalar.
    static void gen_var_all(Gej* out, const Scalar* t, size_t n) {
        for (size_t b = 0; b < n; b += 8) {
            const size_t cnt = n - b < 8 ? n - b : 8;
            const Scalar* ts[8];
            Gej res[8];
            for (size_t i = 0; i < 8; i++) ts[i] = &t[b + (i < cnt ? i : 0)];
            gen_var(res, ts);
            for (size_t i = 0; i < cnt; i++) out[b + i] = res[i];
        }
    }

    // Any n: groups of eight, the last one padded with repeats of its first point.
    static void run_all(Gej* out, const Ge* in, size_t n, const Scalar& k, bool ct) {
        for (size_t b = 0; b < n; b += 8) {
            const size_t cnt = n - b < 8 ? n - b : 8;
            const Ge* pts[8];
            Gej res[8];
            for (size_t i = 0; i < 8; i++) pts[i] = &in[b + (i < cnt ? i : 0)];
            run(res, pts, k, ct);
            for (size_t i = 0; i < cnt; i++) out[b + i] = res[i];
        }
    }
};

}  // namespace fastsecp::simd

#undef KP8_INLINE
