// Scalars modulo the group order n, as four 64-bit little-endian limbs, always fully reduced.
// Constant time unless the name ends in _var. `static inline` for the same reason as field.h.
#pragma once

#include <cstdint>

#include "rt/bytes.h"
#include "arith/carry.h"
#include "arith/modinv.h"

namespace fastsecp {

using u128 = unsigned __int128;

struct Scalar {
    uint64_t d[4];
};

constexpr uint64_t SC_N0 = 0xBFD25E8CD0364141ULL, SC_N1 = 0xBAAEDCE6AF48A03BULL,
                   SC_N2 = 0xFFFFFFFFFFFFFFFEULL, SC_N3 = 0xFFFFFFFFFFFFFFFFULL;
// 2^256 - n
constexpr uint64_t SC_NC0 = 0x402DA1732FC9BEBFULL, SC_NC1 = 0x4551231950B75FC4ULL, SC_NC2 = 1;
// (n - 1) / 2
constexpr uint64_t SC_H0 = 0xDFE92F46681B20A0ULL, SC_H1 = 0x5D576E7357A4501DULL,
                   SC_H2 = 0xFFFFFFFFFFFFFFFFULL, SC_H3 = 0x7FFFFFFFFFFFFFFFULL;

static inline void scalar_set_int(Scalar& r, uint64_t v) { r.d[0] = v; r.d[1] = r.d[2] = r.d[3] = 0; }
static inline void scalar_clear(Scalar& r) { scalar_set_int(r, 0); }

// 1 if a >= n (a is any 256-bit value), constant time.
static inline uint64_t scalar_check_overflow(const uint64_t a[4]) {
    // a >= n  <=>  a + (2^256 - n) carries out of 2^256.
    unsigned char c = 0;
    addc(a[0], SC_NC0, c);
    addc(a[1], SC_NC1, c);
    addc(a[2], SC_NC2, c);
    addc(a[3], 0, c);
    return c;
}

// r = a - n·overflow (overflow is 0 or 1, and a < 2n).
static inline void scalar_reduce(Scalar& r, uint64_t overflow) {
    uint64_t mask = 0 - overflow;
    unsigned char c = 0;
    r.d[0] = addc(r.d[0], SC_NC0 & mask, c);
    r.d[1] = addc(r.d[1], SC_NC1 & mask, c);
    r.d[2] = addc(r.d[2], SC_NC2 & mask, c);
    r.d[3] = addc(r.d[3], 0, c);
}

static inline void scalar_set_b32(Scalar& r, const unsigned char* b32, int* overflow) {
    rt::load_be256(r.d, b32);
    uint64_t of = scalar_check_overflow(r.d);
    scalar_reduce(r, of);
    if (overflow) *overflow = (int)of;
}

static inline void scalar_get_b32(unsigned char* b32, const Scalar& a) { rt::store_be256(b32, a.d); }

static inline bool scalar_is_zero(const Scalar& a) { return (a.d[0] | a.d[1] | a.d[2] | a.d[3]) == 0; }
static inline bool scalar_is_one(const Scalar& a) {
    return ((a.d[0] ^ 1) | a.d[1] | a.d[2] | a.d[3]) == 0;
}
static inline bool scalar_eq(const Scalar& a, const Scalar& b) {
    return ((a.d[0] ^ b.d[0]) | (a.d[1] ^ b.d[1]) | (a.d[2] ^ b.d[2]) | (a.d[3] ^ b.d[3])) == 0;
}

// Parse a secret key: true iff 0 < value < n. On failure r is zero. Constant time.
static inline bool scalar_set_b32_seckey(Scalar& r, const unsigned char* b32) {
    int overflow;
    scalar_set_b32(r, b32, &overflow);
    uint64_t ok = (uint64_t)(overflow == 0) & (uint64_t)(!scalar_is_zero(r));
    uint64_t mask = 0 - ok;
    for (int i = 0; i < 4; i++) r.d[i] &= mask;
    return ok;
}

// r = a + b mod n; returns whether the integer sum overflowed n (for callers that care).
static inline int scalar_add(Scalar& r, const Scalar& a, const Scalar& b) {
    unsigned char c = 0;
    r.d[0] = addc(a.d[0], b.d[0], c);
    r.d[1] = addc(a.d[1], b.d[1], c);
    r.d[2] = addc(a.d[2], b.d[2], c);
    r.d[3] = addc(a.d[3], b.d[3], c);
    uint64_t of = (uint64_t)c | scalar_check_overflow(r.d);
    scalar_reduce(r, of);
    return (int)of;
}

// r = -a mod n (0 stays 0).
static inline void scalar_negate(Scalar& r, const Scalar& a) {
    uint64_t nonzero = 0 - (uint64_t)!scalar_is_zero(a);
    unsigned char b = 0;
    uint64_t r0 = subb(SC_N0, a.d[0], b);
    uint64_t r1 = subb(SC_N1, a.d[1], b);
    uint64_t r2 = subb(SC_N2, a.d[2], b);
    uint64_t r3 = subb(SC_N3, a.d[3], b);
    r.d[0] = r0 & nonzero; r.d[1] = r1 & nonzero; r.d[2] = r2 & nonzero; r.d[3] = r3 & nonzero;
}

// a > (n-1)/2
static inline bool scalar_is_high(const Scalar& a) {
    // Compute (n-1)/2 - a and look at the borrow.
    unsigned char b = 0;
    subb(SC_H0, a.d[0], b);
    subb(SC_H1, a.d[1], b);
    subb(SC_H2, a.d[2], b);
    subb(SC_H3, a.d[3], b);
    return b;
}

static inline void scalar_cmov(Scalar& r, const Scalar& a, uint64_t flag) {
    uint64_t mask = 0 - flag;
    for (int i = 0; i < 4; i++) r.d[i] ^= mask & (r.d[i] ^ a.d[i]);
}

// Negate when flag (0/1); returns +1 or -1 as a convenience (sign of the factor applied).
static inline int scalar_cond_negate(Scalar& r, uint64_t flag) {
    Scalar neg;
    scalar_negate(neg, r);
    scalar_cmov(r, neg, flag);
    return 1 - 2 * (int)flag;
}

// Bits [offset, offset+count) of a, count <= 32 and the range not crossing a limb boundary.
static inline uint32_t scalar_get_bits(const Scalar& a, unsigned offset, unsigned count) {
    return (uint32_t)((a.d[offset >> 6] >> (offset & 63)) & ((1ULL << count) - 1));
}
// Same, for any range inside 256 bits. Branches only on the (public) bit positions, never on the
// scalar's value, so it is constant time in the scalar.
static inline uint32_t scalar_get_bits_range(const Scalar& a, unsigned offset, unsigned count) {
    if ((offset + count - 1) >> 6 == offset >> 6) return scalar_get_bits(a, offset, count);
    return (uint32_t)(((a.d[offset >> 6] >> (offset & 63)) | (a.d[(offset >> 6) + 1] << (64 - (offset & 63)))) &
                      ((1ULL << count) - 1));
}

// acc[0..n) += x·y << (64·0), with the carry rippling through the whole window. A row of the
// schoolbook product; the row structure keeps the carry chains short and independent.
static inline void sc_row_muladd(uint64_t* acc, int n, const uint64_t* x, int xn, uint64_t y) {
    u128 c = 0;
#pragma GCC unroll 8
    for (int i = 0; i < xn; i++) {
        c += (u128)x[i] * y + acc[i];
        acc[i] = (uint64_t)c;
        c >>= 64;
    }
#pragma GCC unroll 8
    for (int i = xn; i < n; i++) {
        c += acc[i];
        acc[i] = (uint64_t)c;
        c >>= 64;
    }
}
static inline void sc_row_add(uint64_t* acc, int n, const uint64_t* x, int xn) {
    u128 c = 0;
#pragma GCC unroll 8
    for (int i = 0; i < n; i++) {
        c += (u128)acc[i] + (i < xn ? x[i] : 0);
        acc[i] = (uint64_t)c;
        c >>= 64;
    }
}

// r = x (512-bit, 8 limbs) mod n, folding the high part with 2^256 ≡ NC = 2^256 - n
// (NC = NC0 + NC1·2^64 + 2^128) three times: 512 -> 386 -> 259 -> 256 bits, then one
// conditional subtraction. No data-dependent branches.
static inline void scalar_reduce_512(Scalar& r, const uint64_t l[8]) {
    // m = l[0..3] + h·NC, h = l[4..7]   (< 2^386: 7 limbs)
    uint64_t m[7] = {l[0], l[1], l[2], l[3], 0, 0, 0};
    const uint64_t* h = l + 4;
    sc_row_muladd(m, 7, h, 4, SC_NC0);
    sc_row_muladd(m + 1, 6, h, 4, SC_NC1);
    sc_row_add(m + 2, 5, h, 4);
    // q = m[0..3] + m[4..6]·NC   (< 2^259: 5 limbs)
    uint64_t q[5] = {m[0], m[1], m[2], m[3], 0};
    sc_row_muladd(q, 5, m + 4, 3, SC_NC0);
    sc_row_muladd(q + 1, 4, m + 4, 3, SC_NC1);
    sc_row_add(q + 2, 3, m + 4, 3);
    // r = q[0..3] + q[4]·NC, q[4] small; a carry past 2^256 is folded by scalar_reduce.
    u128 c = (u128)q[4] * SC_NC0 + q[0];
    r.d[0] = (uint64_t)c; c >>= 64;
    c += (u128)q[4] * SC_NC1 + q[1];
    r.d[1] = (uint64_t)c; c >>= 64;
    c += (u128)q[4] + q[2];
    r.d[2] = (uint64_t)c; c >>= 64;
    c += q[3];
    r.d[3] = (uint64_t)c; c >>= 64;
    scalar_reduce(r, (uint64_t)c | scalar_check_overflow(r.d));
}

// GCC only: clang's register allocator gives up on these two blocks (13 registers) in some
// translation units; clang builds use the C++ code below, which gives the same results.
#if defined(__x86_64__) && defined(__BMI2__) && defined(__ADX__) && !defined(__clang__)
#include "arith/mul4x4_asm.h"
// The 512-bit product in mulx/adcx/adox assembly (translation units built with -mbmi2 -madx).
static inline void scalar_mul_512(uint64_t l[8], const Scalar& a, const Scalar& b) {
    uint64_t t0, t1, t2, t3, t4, t5, t6, t7, lo, hi;
    __asm__ FASTSECP_ASM_VOLATILE(
        FASTSECP_MUL4X4_ASM
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5),
          [t6] "=&r"(t6), [t7] "=&r"(t7), [lo] "=&r"(lo), [hi] "=&r"(hi)
        : FASTSECP_ASM_IN(a, a.d), FASTSECP_ASM_IN(b, b.d)
        : FASTSECP_ASM_CLOBBERS);
    l[0] = t0; l[1] = t1; l[2] = t2; l[3] = t3; l[4] = t4; l[5] = t5; l[6] = t6; l[7] = t7;
}
// The same reduction as scalar_reduce_512 (three folds with 2^256 ≡ NC, then one conditional
// subtraction) with mulx and the adcx/adox carry chains: each fold is two 4- or 3-limb rows
// (NC0, NC1) plus the shifted high part for NC's 2^128 term. The C version's rows are serial
// 128-bit carry chains; this one takes 16 instead of 21 ns for a whole scalar_mul.
static inline void scalar_reduce_512_asm(Scalar& r, const uint64_t l[8]) {
    uint64_t m0 = l[0], m1 = l[1], m2 = l[2], m3 = l[3], m4 = 0, m5 = 0, m6 = 0, q4 = 0, lo, hi, z;
    __asm__ volatile(
        // m = l[0..3] + h·NC, h = l[4..7], NC = NC0 + NC1·2^64 + 2^128
        "movabsq $0x402DA1732FC9BEBF, %%rdx\n\t"
        "xorl %k[z], %k[z]\n\t"
        "mulx 0(%[h]), %[lo], %[hi]\n\t"
        "adcx %[lo], %[m0]\n\t" "adox %[hi], %[m1]\n\t"
        "mulx 8(%[h]), %[lo], %[hi]\n\t"
        "adcx %[lo], %[m1]\n\t" "adox %[hi], %[m2]\n\t"
        "mulx 16(%[h]), %[lo], %[hi]\n\t"
        "adcx %[lo], %[m2]\n\t" "adox %[hi], %[m3]\n\t"
        "mulx 24(%[h]), %[lo], %[hi]\n\t"
        "adcx %[lo], %[m3]\n\t" "adox %[hi], %[m4]\n\t"
        "adcx %[z], %[m4]\n\t"
        "movabsq $0x4551231950B75FC4, %%rdx\n\t"
        "xorl %k[z], %k[z]\n\t"
        "mulx 0(%[h]), %[lo], %[hi]\n\t"
        "adcx %[lo], %[m1]\n\t" "adox %[hi], %[m2]\n\t"
        "mulx 8(%[h]), %[lo], %[hi]\n\t"
        "adcx %[lo], %[m2]\n\t" "adox %[hi], %[m3]\n\t"
        "mulx 16(%[h]), %[lo], %[hi]\n\t"
        "adcx %[lo], %[m3]\n\t" "adox %[hi], %[m4]\n\t"
        "mulx 24(%[h]), %[lo], %[hi]\n\t"
        "adcx %[lo], %[m4]\n\t" "adox %[hi], %[m5]\n\t"
        "adcx %[z], %[m5]\n\t"
        "xorl %k[z], %k[z]\n\t"
        "adcx 0(%[h]), %[m2]\n\t"
        "adcx 8(%[h]), %[m3]\n\t"
        "adcx 16(%[h]), %[m4]\n\t"
        "adcx 24(%[h]), %[m5]\n\t"
        "adcx %[z], %[m6]\n\t"
        // q = m[0..3] + k·NC, k = (m4, m5, m6) < 2^129
        "movabsq $0x402DA1732FC9BEBF, %%rdx\n\t"
        "xorl %k[z], %k[z]\n\t"
        "mulx %[m4], %[lo], %[hi]\n\t"
        "adcx %[lo], %[m0]\n\t" "adox %[hi], %[m1]\n\t"
        "mulx %[m5], %[lo], %[hi]\n\t"
        "adcx %[lo], %[m1]\n\t" "adox %[hi], %[m2]\n\t"
        "mulx %[m6], %[lo], %[hi]\n\t"
        "adcx %[lo], %[m2]\n\t" "adox %[hi], %[m3]\n\t"
        "adcx %[z], %[m3]\n\t"
        "adox %[z], %[q4]\n\t"
        "adcx %[z], %[q4]\n\t"
        "movabsq $0x4551231950B75FC4, %%rdx\n\t"
        "xorl %k[z], %k[z]\n\t"
        "mulx %[m4], %[lo], %[hi]\n\t"
        "adcx %[lo], %[m1]\n\t" "adox %[hi], %[m2]\n\t"
        "mulx %[m5], %[lo], %[hi]\n\t"
        "adcx %[lo], %[m2]\n\t" "adox %[hi], %[m3]\n\t"
        "mulx %[m6], %[lo], %[hi]\n\t"
        "adcx %[lo], %[m3]\n\t" "adox %[hi], %[q4]\n\t"
        "adcx %[z], %[q4]\n\t"
        "xorl %k[z], %k[z]\n\t"
        "adcx %[m4], %[m2]\n\t"
        "adcx %[m5], %[m3]\n\t"
        "adcx %[m6], %[q4]\n\t"
        // r = m[0..3] + q4·NC (q4 < 8); the carry past 2^256 ends in m6
        "movq %[q4], %%rdx\n\t"
        "movabsq $0x402DA1732FC9BEBF, %[m4]\n\t"
        "mulx %[m4], %[m4], %[m5]\n\t"
        "movabsq $0x4551231950B75FC4, %[lo]\n\t"
        "mulx %[lo], %[lo], %[hi]\n\t"
        "xorl %k[z], %k[z]\n\t"
        "movl $0, %k[m6]\n\t"
        "adcx %[m4], %[m0]\n\t"
        "adox %[lo], %[m1]\n\t" "adcx %[m5], %[m1]\n\t"
        "adox %[hi], %[m2]\n\t" "adcx %[q4], %[m2]\n\t"
        "adox %[z], %[m3]\n\t" "adcx %[z], %[m3]\n\t"
        "adox %[z], %[m6]\n\t" "adcx %[z], %[m6]\n\t"
        : [m0] "+&r"(m0), [m1] "+&r"(m1), [m2] "+&r"(m2), [m3] "+&r"(m3), [m4] "+&r"(m4), [m5] "+&r"(m5),
          [m6] "+&r"(m6), [q4] "+&r"(q4), [lo] "=&r"(lo), [hi] "=&r"(hi), [z] "=&r"(z)
        : [h] "r"(l + 4)
        : "rdx", "cc", "memory");
    r.d[0] = m0; r.d[1] = m1; r.d[2] = m2; r.d[3] = m3;
    scalar_reduce(r, m6 | scalar_check_overflow(r.d));
}
#define FASTSECP_SCALAR_REDUCE_ASM 1
#else
static inline void scalar_mul_512(uint64_t l[8], const Scalar& a, const Scalar& b) {
    l[4] = l[5] = l[6] = l[7] = 0;
    u128 c = 0;
    for (int j = 0; j < 4; j++) {
        c += (u128)a.d[0] * b.d[j];
        l[j] = (uint64_t)c;
        c >>= 64;
    }
    l[4] = (uint64_t)c;
#pragma GCC unroll 4
    for (int i = 1; i < 4; i++) sc_row_muladd(l + i, 8 - i, b.d, 4, a.d[i]);
}
#endif

// Any 512-bit value mod n, in this translation unit's best form.
static inline void scalar_reduce_wide(Scalar& r, const uint64_t l[8]) {
#if defined(FASTSECP_SCALAR_REDUCE_ASM)
    scalar_reduce_512_asm(r, l);
#else
    scalar_reduce_512(r, l);
#endif
}

static inline void scalar_mul(Scalar& r, const Scalar& a, const Scalar& b) {
    uint64_t l[8];
    scalar_mul_512(l, a, b);
    scalar_reduce_wide(r, l);
}

static inline void scalar_sqr(Scalar& r, const Scalar& a) { scalar_mul(r, a, a); }

// r = round(a·b / 2^shift) for shift >= 256 (used by the GLV split). Variable time in shift only.
static inline void scalar_mul_shift_round(Scalar& r, const Scalar& a, const Scalar& b, unsigned shift) {
    uint64_t l[8];
    scalar_mul_512(l, a, b);
    unsigned limbs = shift >> 6, bits = shift & 63;
    for (int i = 0; i < 4; i++) {
        unsigned src = limbs + i;
        uint64_t lo = src < 8 ? l[src] : 0;
        uint64_t hi = src + 1 < 8 ? l[src + 1] : 0;
        r.d[i] = bits ? (lo >> bits) | (hi << (64 - bits)) : lo;
    }
    // Rounding bit: bit (shift - 1).
    unsigned rb = shift - 1;
    uint64_t round = (l[rb >> 6] >> (rb & 63)) & 1;
    u128 t = (u128)r.d[0] + round;
    r.d[0] = (uint64_t)t; t >>= 64;
    for (int i = 1; i < 4; i++) {
        t += r.d[i];
        r.d[i] = (uint64_t)t;
        t >>= 64;
    }
}

// Inverse mod n (0 maps to 0). Constant time / variable time.
static inline void scalar_inverse(Scalar& r, const Scalar& a) { modinv_const(r.d, a.d, MODINV_N); }
static inline void scalar_inverse_var(Scalar& r, const Scalar& a) { modinv_var(r.d, a.d, MODINV_N); }

// GLV: the endomorphism λ with λ^3 = 1 mod n acts as (x, y) -> (βx, y).
static inline const Scalar& scalar_lambda() {
    static constexpr Scalar L = {{0xDF02967C1B23BD72ULL, 0x122E22EA20816678ULL, 0xA5261C028812645AULL,
                                  0x5363AD4CC05C30E0ULL}};
    return L;
}

// Split k into k1 + k2·λ (mod n) with |k1|, |k2| < 2^128 as signed values (the returned
// scalars are either < 2^128 or > n - 2^128). Constant time.
static inline void scalar_split_lambda(Scalar& k1, Scalar& k2, const Scalar& k) {
    static constexpr Scalar G1 = {{0xE893209A45DBB031ULL, 0x3DAA8A1471E8CA7FULL, 0xE86C90E49284EB15ULL,
                                   0x3086D221A7D46BCDULL}};
    static constexpr Scalar G2 = {{0x1571B4AE8AC47F71ULL, 0x221208AC9DF506C6ULL, 0x6F547FA90ABFE4C4ULL,
                                   0xE4437ED6010E8828ULL}};
    static constexpr Scalar MINUS_B1 = {{0x6F547FA90ABFE4C3ULL, 0xE4437ED6010E8828ULL, 0, 0}};
    static constexpr Scalar MINUS_B2 = {{0xD765CDA83DB1562CULL, 0x8A280AC50774346DULL, 0xFFFFFFFFFFFFFFFEULL,
                                         0xFFFFFFFFFFFFFFFFULL}};
    Scalar c1, c2;
    scalar_mul_shift_round(c1, k, G1, 384);
    scalar_mul_shift_round(c2, k, G2, 384);
    scalar_mul(c1, c1, MINUS_B1);
    scalar_mul(c2, c2, MINUS_B2);
    scalar_add(k2, c1, c2);
    scalar_mul(k1, k2, scalar_lambda());
    scalar_negate(k1, k1);
    scalar_add(k1, k1, k);
}

// Split into the low and high 128 bits: k = k1 + k2·2^128.
static inline void scalar_split_128(Scalar& k1, Scalar& k2, const Scalar& k) {
    k1.d[0] = k.d[0]; k1.d[1] = k.d[1]; k1.d[2] = k1.d[3] = 0;
    k2.d[0] = k.d[2]; k2.d[1] = k.d[3]; k2.d[2] = k2.d[3] = 0;
}

}  // namespace fastsecp
