// Field elements modulo p = 2^256 - C (C = 2^32 + 977) as five 52-bit limbs: the representation
// of the portable scalar multiplication (ecmult_portable.cpp), where no carry flags are at hand.
// A column of partial products then accumulates in one unsigned __int128 with no carry handling
// (12 bits of headroom per limb), which compiles to about a quarter fewer instructions than the
// 4×64 product of field.h on x86-64 and AArch64 alike.
//
// Invariant of every element, input and output of every function here: limbs 0..3 below 2^53,
// limb 4 below 2^49 (the value, sum of n[i]·2^(52i), is any number below 2^257 standing for itself
// mod p). Products end with limbs 0..3 below 2^52 and limb 4 below 2^48 (limb 1 may exceed 2^52
// by the fold of the bits above 2^256); additions and subtractions end with fe_normalize_weak, one
// step that brings any limbs back within the invariant, so no caller tracks magnitudes. "Normalized" means the unique form of a
// value in [0, p): limbs 0..3 below 2^52, limb 4 below 2^48.
//
// The same function names as field.h, on their own type (f52::Fe), so that the point formulas of
// group_formulas.h compile for either. Tables stay in field.h's 4×64 storage form (FeStorage);
// conversions are a few shifts. Constant time unless the name ends in _var.
#pragma once

#include <cstdint>

#include "arith/field.h"

namespace fastsecp::f52 {

struct Fe {
    uint64_t n[5];
};
using fastsecp::FeStorage;

constexpr uint64_t M52 = 0xFFFFFFFFFFFFFULL, M48 = 0xFFFFFFFFFFFFULL;
constexpr uint64_t C = 0x1000003D1ULL;       // 2^256 mod p
constexpr uint64_t R = 0x1000003D10ULL;      // 2^260 mod p (limb 5's weight)
constexpr uint64_t P0 = 0xFFFFEFFFFFC2FULL;  // p's lowest limb; limbs 1..3 are M52, limb 4 M48

// From four 64-bit limbs (any value below 2^256).
static constexpr Fe fe_from_4x64(uint64_t w0, uint64_t w1, uint64_t w2, uint64_t w3) {
    return Fe{{w0 & M52, ((w0 >> 52) | (w1 << 12)) & M52, ((w1 >> 40) | (w2 << 24)) & M52,
               ((w2 >> 28) | (w3 << 36)) & M52, w3 >> 16}};
}

static inline void fe_set_int(Fe& r, uint64_t v) {  // v < 2^52
    r.n[0] = v; r.n[1] = r.n[2] = r.n[3] = r.n[4] = 0;
}
static inline void fe_clear(Fe& r) { fe_set_int(r, 0); }

// Back within the invariant from any limbs below 2^64, in one step with no chain: each limb keeps
// its low 52 bits (48 for limb 4) plus the bits the limb below had above them, and the bits of
// limb 4 above 2^48 (weight 2^256) come back into limb 0 as a multiple of C. Additions and
// subtractions end with it.
static inline void fe_normalize_weak(Fe& r) {
    const uint64_t t0 = r.n[0], t1 = r.n[1], t2 = r.n[2], t3 = r.n[3], t4 = r.n[4];
    r.n[0] = (t0 & M52) + (t4 >> 48) * C;
    r.n[1] = (t1 & M52) + (t0 >> 52);
    r.n[2] = (t2 & M52) + (t1 >> 52);
    r.n[3] = (t3 & M52) + (t2 >> 52);
    r.n[4] = (t4 & M48) + (t3 >> 52);
}

// A full carry pass (limbs within the invariant in): limbs 0..3 below 2^52, limb 4 at most 2^48
// + 2, so the value is below 2^256 + 2^210 and its limbs are its plain radix-2^52 digits.
static inline void fe_carry(Fe& r) {
    uint64_t t0 = r.n[0], t1 = r.n[1], t2 = r.n[2], t3 = r.n[3], t4 = r.n[4];
    t0 += (t4 >> 48) * C;
    t4 &= M48;
    t1 += t0 >> 52; t0 &= M52;
    t2 += t1 >> 52; t1 &= M52;
    t3 += t2 >> 52; t2 &= M52;
    t4 += t3 >> 52; t3 &= M52;
    r.n[0] = t0; r.n[1] = t1; r.n[2] = t2; r.n[3] = t3; r.n[4] = t4;
}

// Into [0, p). After the carry pass the value is below 2^256 + 2^210, so one conditional
// subtraction of p (adding C and dropping 2^256) is enough.
static inline void fe_normalize(Fe& r) {
    fe_carry(r);
    uint64_t t0 = r.n[0], t1 = r.n[1], t2 = r.n[2], t3 = r.n[3], t4 = r.n[4];
    uint64_t ge_p = (t4 >> 48) | ((uint64_t)(t4 == M48) & (uint64_t)((t1 & t2 & t3) == M52) & (uint64_t)(t0 >= P0));
    t0 += ge_p * C;
    t1 += t0 >> 52; t0 &= M52;
    t2 += t1 >> 52; t1 &= M52;
    t3 += t2 >> 52; t2 &= M52;
    t4 += t3 >> 52; t3 &= M52;
    t4 &= M48;
    r.n[0] = t0; r.n[1] = t1; r.n[2] = t2; r.n[3] = t3; r.n[4] = t4;
}
static inline void fe_normalize_var(Fe& r) { fe_normalize(r); }

// a ≡ 0 (mod p): after the carry pass the value is 0 or p, each with one set of limbs.
static inline bool fe_normalizes_to_zero(const Fe& a) {
    Fe t = a;
    fe_carry(t);
    uint64_t z = t.n[0] | t.n[1] | t.n[2] | t.n[3] | t.n[4];
    uint64_t q = (t.n[0] ^ P0) | (t.n[1] ^ M52) | (t.n[2] ^ M52) | (t.n[3] ^ M52) | (t.n[4] ^ M48);
    return (z == 0) | (q == 0);
}
static inline bool fe_normalizes_to_zero_var(const Fe& a) { return fe_normalizes_to_zero(a); }

static inline bool fe_is_odd(const Fe& a) { return a.n[0] & 1; }  // a normalized

// To and from field.h's 4×64 elements and storage.
static inline void fe_import(Fe& r, const fastsecp::Fe& a) { r = fe_from_4x64(a.n[0], a.n[1], a.n[2], a.n[3]); }
static inline void fe_export(fastsecp::Fe& r, const Fe& a) {  // normalized on the way
    Fe t = a;
    fe_normalize(t);
    r.n[0] = t.n[0] | (t.n[1] << 52);
    r.n[1] = (t.n[1] >> 12) | (t.n[2] << 40);
    r.n[2] = (t.n[2] >> 24) | (t.n[3] << 28);
    r.n[3] = (t.n[3] >> 36) | (t.n[4] << 16);
}
static inline void fe_from_storage(Fe& r, const FeStorage& a) { r = fe_from_4x64(a.n[0], a.n[1], a.n[2], a.n[3]); }
static inline void fe_to_storage(FeStorage& r, const Fe& a) {  // a normalized
    fastsecp::Fe t;
    fe_export(t, a);
    std::memcpy(r.n, t.n, 32);
}

// r += a.
// (The five-limb operations are written out, not as loops: GCC's loop vectorizer turns a loop of
// five into vector pairs whose loads straddle limbs just stored as scalars, a store-forwarding
// stall each, which made the constant-time k·G slower than with field.h.)
static inline void fe_add(Fe& r, const Fe& a) {
    r.n[0] += a.n[0]; r.n[1] += a.n[1]; r.n[2] += a.n[2]; r.n[3] += a.n[3]; r.n[4] += a.n[4];
    fe_normalize_weak(r);
}
static inline void fe_add_int(Fe& r, uint64_t v) {  // v < 2^52
    r.n[0] += v;
    fe_normalize_weak(r);
}

// r = a - b as a + 4p - b: 4p's limbs (2^54 - 2^34 - 3908 for limb 0, 2^54 - 4 for limbs 1..3,
// 2^50 - 4 for limb 4) exceed any operand's, so no limb goes negative.
static inline void fe_sub(Fe& r, const Fe& a, const Fe& b) {
    r.n[0] = a.n[0] + 4 * P0 - b.n[0];
    r.n[1] = a.n[1] + 4 * M52 - b.n[1];
    r.n[2] = a.n[2] + 4 * M52 - b.n[2];
    r.n[3] = a.n[3] + 4 * M52 - b.n[3];
    r.n[4] = a.n[4] + 4 * M48 - b.n[4];
    fe_normalize_weak(r);
}
static inline void fe_negate(Fe& r, const Fe& a, int /*magnitude, unused*/) {
    Fe zero = {{0, 0, 0, 0, 0}};
    fe_sub(r, zero, a);
}

// r *= k for a small k (< 2^11: the limbs stay below 2^64).
static inline void fe_mul_int(Fe& r, uint64_t k) {
    r.n[0] *= k; r.n[1] *= k; r.n[2] *= k; r.n[3] *= k; r.n[4] *= k;
    fe_normalize_weak(r);
}

// r = r/2 mod p: p added when r is odd (r's parity is limb 0's), then every limb halved, the bit
// a limb drops going to the one below as 2^51. Within the invariant without a carry pass.
static inline void fe_half(Fe& r) {
    uint64_t t0 = r.n[0], t1 = r.n[1], t2 = r.n[2], t3 = r.n[3], t4 = r.n[4];
    uint64_t m = 0 - (t0 & 1);
    t0 += P0 & m; t1 += M52 & m; t2 += M52 & m; t3 += M52 & m; t4 += M48 & m;
    r.n[0] = (t0 >> 1) + ((t1 & 1) << 51);
    r.n[1] = (t1 >> 1) + ((t2 & 1) << 51);
    r.n[2] = (t2 >> 1) + ((t3 & 1) << 51);
    r.n[3] = (t3 >> 1) + ((t4 & 1) << 51);
    r.n[4] = t4 >> 1;
}

// r = a if flag else r; flag is 0 or 1.
static inline void fe_cmov(Fe& r, const Fe& a, uint64_t flag) {
    const uint64_t mask = 0 - flag;
    r.n[0] ^= mask & (r.n[0] ^ a.n[0]);
    r.n[1] ^= mask & (r.n[1] ^ a.n[1]);
    r.n[2] ^= mask & (r.n[2] ^ a.n[2]);
    r.n[3] ^= mask & (r.n[3] ^ a.n[3]);
    r.n[4] ^= mask & (r.n[4] ^ a.n[4]);
}

// The product's columns c0..c8 (limbs below 2^53: each column below 2^108.4), reduced with
// 2^260 ≡ R: column k+5 comes down onto column k as R·(its low 64 bits) and onto column k+1 as
// (R·2^12)·(the rest, below 2^45), products that are all independent of one another, so that one
// carry pass (columns 0 to 4) remains on the critical path, instead of first carrying the high
// columns into limbs. The part of limb 4 above 2^48 (weight 2^256, below 2^61) comes back as a
// multiple of C into limbs 0 and 1.
static inline void fe_reduce_columns(Fe& r, u128 c0, u128 c1, u128 c2, u128 c3, u128 c4, u128 c5, u128 c6,
                                     u128 c7, u128 c8) {
    constexpr uint64_t R12 = R << 12;
    c0 += (u128)(uint64_t)c5 * R;
    c1 += (u128)(uint64_t)c6 * R + (u128)(uint64_t)(c5 >> 64) * R12;
    c2 += (u128)(uint64_t)c7 * R + (u128)(uint64_t)(c6 >> 64) * R12;
    c3 += (u128)(uint64_t)c8 * R + (u128)(uint64_t)(c7 >> 64) * R12;
    c4 += (u128)(uint64_t)(c8 >> 64) * R12;
    uint64_t r0 = (uint64_t)c0 & M52;
    c1 += c0 >> 52;
    uint64_t r1 = (uint64_t)c1 & M52;
    c2 += c1 >> 52;
    uint64_t r2 = (uint64_t)c2 & M52;
    c3 += c2 >> 52;
    uint64_t r3 = (uint64_t)c3 & M52;
    c4 += c3 >> 52;
    uint64_t r4 = (uint64_t)c4 & M48;
    u128 f = (u128)(uint64_t)(c4 >> 48) * C + r0;
    r.n[0] = (uint64_t)f & M52;
    r.n[1] = r1 + (uint64_t)(f >> 52);
    r.n[2] = r2;
    r.n[3] = r3;
    r.n[4] = r4;
}

static inline void fe_mul(Fe& r, const Fe& a, const Fe& b) {
    const uint64_t a0 = a.n[0], a1 = a.n[1], a2 = a.n[2], a3 = a.n[3], a4 = a.n[4];
    const uint64_t b0 = b.n[0], b1 = b.n[1], b2 = b.n[2], b3 = b.n[3], b4 = b.n[4];
    u128 c0 = (u128)a0 * b0;
    u128 c1 = (u128)a0 * b1 + (u128)a1 * b0;
    u128 c2 = (u128)a0 * b2 + (u128)a1 * b1 + (u128)a2 * b0;
    u128 c3 = (u128)a0 * b3 + (u128)a1 * b2 + (u128)a2 * b1 + (u128)a3 * b0;
    u128 c4 = (u128)a0 * b4 + (u128)a1 * b3 + (u128)a2 * b2 + (u128)a3 * b1 + (u128)a4 * b0;
    u128 c5 = (u128)a1 * b4 + (u128)a2 * b3 + (u128)a3 * b2 + (u128)a4 * b1;
    u128 c6 = (u128)a2 * b4 + (u128)a3 * b3 + (u128)a4 * b2;
    u128 c7 = (u128)a3 * b4 + (u128)a4 * b3;
    u128 c8 = (u128)a4 * b4;
    fe_reduce_columns(r, c0, c1, c2, c3, c4, c5, c6, c7, c8);
}

// The off-diagonal products once, against doubled limbs (below 2^54: columns stay below 2^109).
static inline void fe_sqr(Fe& r, const Fe& a) {
    const uint64_t a0 = a.n[0], a1 = a.n[1], a2 = a.n[2], a3 = a.n[3], a4 = a.n[4];
    const uint64_t d0 = 2 * a0, d1 = 2 * a1, d2 = 2 * a2, d3 = 2 * a3;
    u128 c0 = (u128)a0 * a0;
    u128 c1 = (u128)d0 * a1;
    u128 c2 = (u128)d0 * a2 + (u128)a1 * a1;
    u128 c3 = (u128)d0 * a3 + (u128)d1 * a2;
    u128 c4 = (u128)d0 * a4 + (u128)d1 * a3 + (u128)a2 * a2;
    u128 c5 = (u128)d1 * a4 + (u128)d2 * a3;
    u128 c6 = (u128)d2 * a4 + (u128)a3 * a3;
    u128 c7 = (u128)d3 * a4;
    u128 c8 = (u128)a4 * a4;
    fe_reduce_columns(r, c0, c1, c2, c3, c4, c5, c6, c7, c8);
}

static inline void fe_sqr_n(Fe& r, const Fe& a, int k) {
    r = a;
    for (int i = 0; i < k; i++) fe_sqr(r, r);
}

// Square root and a^((p-3)/4): field.h's fe_sqrt and fe_pow_p3d4 (templates on the field type).

}  // namespace fastsecp::f52
