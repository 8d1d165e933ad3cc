// Field elements modulo p = 2^256 - 2^32 - 977, in five 52-bit limbs (value = sum n[i]·2^(52i)).
//
// Lazy reduction: limbs may exceed 52 bits between operations. The "magnitude" m of an element
// bounds its limbs: n[0..3] <= 2m(2^52-1), n[4] <= 2m(2^48-1). fe_mul/fe_sqr accept m <= 8 and
// return m = 1; fe_add adds magnitudes; fe_negate(r, a, m) needs a's magnitude <= m and returns
// m+1. "Normalized" means fully reduced into [0, p) with every limb in range; byte output, parity
// and comparisons need normalized inputs. The caller tracks magnitudes (documented per function).
//
// All functions here are constant time unless their name ends in _var. They are `static inline`
// on purpose: every translation unit (including the ones compiled with BMI2 code generation for
// the dispatched paths) gets its own copy, so no instruction-set-specific copy can leak into the
// portable path through the linker.
#pragma once

#include <cstdint>
#include <cstring>

namespace fastsecp {

using u128 = unsigned __int128;

struct Fe {
    uint64_t n[5];
};

// Compact 4×64 form for tables (always normalized).
struct FeStorage {
    uint64_t n[4];
};

constexpr uint64_t FE_M52 = 0xFFFFFFFFFFFFFULL;
constexpr uint64_t FE_M48 = 0xFFFFFFFFFFFFULL;
// 2^256 mod p.
constexpr uint64_t FE_C = 0x1000003D1ULL;
// p in 52-bit limbs.
constexpr uint64_t FE_P0 = 0xFFFFEFFFFFC2FULL;

static inline void fe_set_int(Fe& r, uint64_t v) {
    r.n[0] = v; r.n[1] = r.n[2] = r.n[3] = r.n[4] = 0;
}

static inline void fe_clear(Fe& r) { fe_set_int(r, 0); }

// Reduce to magnitude 1 (not necessarily < p).
static inline void fe_normalize_weak(Fe& r) {
    uint64_t t0 = r.n[0], t1 = r.n[1], t2 = r.n[2], t3 = r.n[3], t4 = r.n[4];
    uint64_t x = t4 >> 48; t4 &= FE_M48;
    t0 += x * FE_C;
    t1 += t0 >> 52; t0 &= FE_M52;
    t2 += t1 >> 52; t1 &= FE_M52;
    t3 += t2 >> 52; t2 &= FE_M52;
    t4 += t3 >> 52; t3 &= FE_M52;
    r.n[0] = t0; r.n[1] = t1; r.n[2] = t2; r.n[3] = t3; r.n[4] = t4;
}

// Fully reduce into [0, p), constant time.
static inline void fe_normalize(Fe& r) {
    uint64_t t0 = r.n[0], t1 = r.n[1], t2 = r.n[2], t3 = r.n[3], t4 = r.n[4];
    // First pass: fold bits above 2^256, propagate carries.
    uint64_t x = t4 >> 48; t4 &= FE_M48;
    t0 += x * FE_C;
    t1 += t0 >> 52; t0 &= FE_M52;
    t2 += t1 >> 52; t1 &= FE_M52;
    t3 += t2 >> 52; t2 &= FE_M52;
    t4 += t3 >> 52; t3 &= FE_M52;
    // Now value < 2^256 + small; it is >= p iff it overflowed 2^256 again or all high limbs
    // are saturated and the low limb is >= p's low limb.
    uint64_t m = t1 & t2 & t3;
    uint64_t ge = (t4 >> 48) | ((t4 == FE_M48) & (m == FE_M52) & (t0 >= FE_P0));
    // Subtract p (i.e. add 2^256 - p and drop bit 256) when ge.
    t0 += ge * FE_C;
    t1 += t0 >> 52; t0 &= FE_M52;
    t2 += t1 >> 52; t1 &= FE_M52;
    t3 += t2 >> 52; t2 &= FE_M52;
    t4 += t3 >> 52; t3 &= FE_M52;
    t4 &= FE_M48;
    r.n[0] = t0; r.n[1] = t1; r.n[2] = t2; r.n[3] = t3; r.n[4] = t4;
}

static inline void fe_normalize_var(Fe& r) { fe_normalize(r); }

// True iff a ≡ 0 (mod p); a of magnitude <= 8 or so. Constant time.
static inline bool fe_normalizes_to_zero(const Fe& a) {
    Fe t = a;
    fe_normalize(t);
    return ((t.n[0] | t.n[1] | t.n[2] | t.n[3] | t.n[4]) == 0);
}
static inline bool fe_normalizes_to_zero_var(const Fe& a) { return fe_normalizes_to_zero(a); }

static inline bool fe_is_zero(const Fe& a) {  // a normalized
    return (a.n[0] | a.n[1] | a.n[2] | a.n[3] | a.n[4]) == 0;
}
static inline bool fe_is_odd(const Fe& a) { return a.n[0] & 1; }  // a normalized

// Both normalized.
static inline bool fe_equal_normalized(const Fe& a, const Fe& b) {
    return ((a.n[0] ^ b.n[0]) | (a.n[1] ^ b.n[1]) | (a.n[2] ^ b.n[2]) | (a.n[3] ^ b.n[3]) |
            (a.n[4] ^ b.n[4])) == 0;
}

// Compare normalized elements as integers: -1, 0, 1. Variable time.
static inline int fe_cmp_var(const Fe& a, const Fe& b) {
    for (int i = 4; i >= 0; i--) {
        if (a.n[i] > b.n[i]) return 1;
        if (a.n[i] < b.n[i]) return -1;
    }
    return 0;
}

// Big-endian 32 bytes, reduced mod p (no range check).
static inline void fe_set_b32_mod(Fe& r, const unsigned char* a) {
    uint64_t w[4];
    for (int i = 0; i < 4; i++) {
        uint64_t v = 0;
        for (int j = 0; j < 8; j++) v = (v << 8) | a[(3 - i) * 8 + j];
        w[i] = v;
    }
    r.n[0] = w[0] & FE_M52;
    r.n[1] = (w[0] >> 52) | ((w[1] << 12) & FE_M52);
    r.n[2] = (w[1] >> 40) | ((w[2] << 24) & FE_M52);
    r.n[3] = (w[2] >> 28) | ((w[3] << 36) & FE_M52);
    r.n[4] = w[3] >> 16;
}

// Returns false (and leaves r holding the unreduced value) when the input is >= p.
static inline bool fe_set_b32_limit(Fe& r, const unsigned char* a) {
    fe_set_b32_mod(r, a);
    return !((r.n[4] == FE_M48) & ((r.n[3] & r.n[2] & r.n[1]) == FE_M52) & (r.n[0] >= FE_P0));
}

// a normalized.
static inline void fe_get_b32(unsigned char* r, const Fe& a) {
    uint64_t w[4];
    w[0] = a.n[0] | (a.n[1] << 52);
    w[1] = (a.n[1] >> 12) | (a.n[2] << 40);
    w[2] = (a.n[2] >> 24) | (a.n[3] << 28);
    w[3] = (a.n[3] >> 36) | (a.n[4] << 16);
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 8; j++) r[(3 - i) * 8 + j] = (unsigned char)(w[i] >> (56 - 8 * j));
}

// a normalized <-> 4×64 little-endian integer.
static inline void fe_to_u64(uint64_t w[4], const Fe& a) {
    w[0] = a.n[0] | (a.n[1] << 52);
    w[1] = (a.n[1] >> 12) | (a.n[2] << 40);
    w[2] = (a.n[2] >> 24) | (a.n[3] << 28);
    w[3] = (a.n[3] >> 36) | (a.n[4] << 16);
}
static inline void fe_from_u64(Fe& r, const uint64_t w[4]) {
    r.n[0] = w[0] & FE_M52;
    r.n[1] = (w[0] >> 52) | ((w[1] << 12) & FE_M52);
    r.n[2] = (w[1] >> 40) | ((w[2] << 24) & FE_M52);
    r.n[3] = (w[2] >> 28) | ((w[3] << 36) & FE_M52);
    r.n[4] = w[3] >> 16;
}

static inline void fe_to_storage(FeStorage& r, const Fe& a) { fe_to_u64(r.n, a); }  // a normalized
static inline void fe_from_storage(Fe& r, const FeStorage& a) { fe_from_u64(r, a.n); }

// r = -a, where a has magnitude <= m. Result magnitude m+1.
static inline void fe_negate(Fe& r, const Fe& a, int m) {
    uint64_t k = 2 * (uint64_t)(m + 1);
    r.n[0] = k * FE_P0 - a.n[0];
    r.n[1] = k * FE_M52 - a.n[1];
    r.n[2] = k * FE_M52 - a.n[2];
    r.n[3] = k * FE_M52 - a.n[3];
    r.n[4] = k * FE_M48 - a.n[4];
}

static inline void fe_add(Fe& r, const Fe& a) {
    r.n[0] += a.n[0]; r.n[1] += a.n[1]; r.n[2] += a.n[2]; r.n[3] += a.n[3]; r.n[4] += a.n[4];
}
static inline void fe_add_int(Fe& r, uint64_t v) { r.n[0] += v; }
static inline void fe_mul_int(Fe& r, uint64_t k) {
    r.n[0] *= k; r.n[1] *= k; r.n[2] *= k; r.n[3] *= k; r.n[4] *= k;
}

// Reduce nine 128-bit product columns to a magnitude-1 element. Inputs of magnitude <= 8 keep
// every column below 2^117, so nothing overflows.
static inline void fe_reduce_columns(Fe& r, u128 c0, u128 c1, u128 c2, u128 c3, u128 c4, u128 c5,
                                     u128 c6, u128 c7, u128 c8) {
    constexpr uint64_t R = FE_C << 4;  // 2^260 mod p
    // Split the high half (weight 2^260) into 52-bit limbs h0..h4.
    uint64_t h0 = (uint64_t)c5 & FE_M52; c6 += c5 >> 52;
    uint64_t h1 = (uint64_t)c6 & FE_M52; c7 += c6 >> 52;
    uint64_t h2 = (uint64_t)c7 & FE_M52; c8 += c7 >> 52;
    uint64_t h3 = (uint64_t)c8 & FE_M52;
    uint64_t h4 = (uint64_t)(c8 >> 52);
    c0 += (u128)h0 * R;
    c1 += (u128)h1 * R;
    c2 += (u128)h2 * R;
    c3 += (u128)h3 * R;
    c4 += (u128)h4 * R;
    uint64_t r0 = (uint64_t)c0 & FE_M52; c1 += c0 >> 52;
    uint64_t r1 = (uint64_t)c1 & FE_M52; c2 += c1 >> 52;
    uint64_t r2 = (uint64_t)c2 & FE_M52; c3 += c2 >> 52;
    uint64_t r3 = (uint64_t)c3 & FE_M52; c4 += c3 >> 52;
    uint64_t r4 = (uint64_t)c4 & FE_M48;
    u128 top = c4 >> 48;  // weight 2^256
    u128 u = (u128)r0 + top * FE_C;
    r0 = (uint64_t)u & FE_M52; u >>= 52;
    u += r1;
    r1 = (uint64_t)u & FE_M52; u >>= 52;
    r2 += (uint64_t)u;
    r.n[0] = r0; r.n[1] = r1; r.n[2] = r2; r.n[3] = r3; r.n[4] = r4;
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

static inline void fe_sqr(Fe& r, const Fe& a) {
    const uint64_t a0 = a.n[0], a1 = a.n[1], a2 = a.n[2], a3 = a.n[3], a4 = a.n[4];
    const uint64_t d0 = a0 * 2, d1 = a1 * 2, d2 = a2 * 2, d3 = a3 * 2;
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

// r = a if flag else r; flag is 0 or 1. Constant time.
static inline void fe_cmov(Fe& r, const Fe& a, uint64_t flag) {
    uint64_t mask = 0 - flag;
    for (int i = 0; i < 5; i++) r.n[i] ^= mask & (r.n[i] ^ a.n[i]);
}
static inline void fe_storage_cmov(FeStorage& r, const FeStorage& a, uint64_t flag) {
    uint64_t mask = 0 - flag;
    for (int i = 0; i < 4; i++) r.n[i] ^= mask & (r.n[i] ^ a.n[i]);
}

// r = a/2 mod p; a of magnitude m gives magnitude (m >> 1) + 1. Constant time.
static inline void fe_half(Fe& r) {
    uint64_t t0 = r.n[0], t1 = r.n[1], t2 = r.n[2], t3 = r.n[3], t4 = r.n[4];
    uint64_t one = 0 - (t0 & 1);  // add p when odd
    uint64_t mask = one >> 12;
    t0 += FE_P0 & mask;
    t1 += mask; t2 += mask; t3 += mask;
    t4 += mask >> 4;
    r.n[0] = (t0 >> 1) + ((t1 & 1) << 51);
    r.n[1] = (t1 >> 1) + ((t2 & 1) << 51);
    r.n[2] = (t2 >> 1) + ((t3 & 1) << 51);
    r.n[3] = (t3 >> 1) + ((t4 & 1) << 51);
    r.n[4] = (t4 >> 1);
}

// a^(2^k)
static inline void fe_sqr_n(Fe& r, const Fe& a, int k) {
    r = a;
    for (int i = 0; i < k; i++) fe_sqr(r, r);
}

// r = a^((p+1)/4); returns whether a is a square (then r^2 == a). Constant time.
// (p+1)/4 = 2^254 - 2^30 - 244 has a long run of ones; the chain builds a^(2^k - 1) blocks.
static inline bool fe_sqrt(Fe& r, const Fe& a) {
    Fe x2, x3, x6, x9, x11, x22, x44, x88, x176, x220, x223, t1;
    fe_sqr(x2, a); fe_mul(x2, x2, a);            // 2^2 - 1
    fe_sqr(x3, x2); fe_mul(x3, x3, a);           // 2^3 - 1
    fe_sqr_n(x6, x3, 3); fe_mul(x6, x6, x3);     // 2^6 - 1
    fe_sqr_n(x9, x6, 3); fe_mul(x9, x9, x3);
    fe_sqr_n(x11, x9, 2); fe_mul(x11, x11, x2);
    fe_sqr_n(x22, x11, 11); fe_mul(x22, x22, x11);
    fe_sqr_n(x44, x22, 22); fe_mul(x44, x44, x22);
    fe_sqr_n(x88, x44, 44); fe_mul(x88, x88, x44);
    fe_sqr_n(x176, x88, 88); fe_mul(x176, x176, x88);
    fe_sqr_n(x220, x176, 44); fe_mul(x220, x220, x44);
    fe_sqr_n(x223, x220, 3); fe_mul(x223, x223, x3);
    // exponent tail: 223 ones, then 0, then 22 ones, then 0000, then 11, then 00
    fe_sqr_n(t1, x223, 23); fe_mul(t1, t1, x22);
    fe_sqr_n(t1, t1, 6); fe_mul(t1, t1, x2);
    fe_sqr(t1, t1);
    fe_sqr(r, t1);
    Fe chk;
    fe_sqr(chk, r);
    Fe neg;
    fe_negate(neg, a, 1);
    fe_add(chk, neg);
    return fe_normalizes_to_zero(chk);
}

}  // namespace fastsecp
