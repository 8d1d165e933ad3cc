// Field elements modulo p = 2^256 - C with C = 2^32 + 977, as four 64-bit little-endian limbs.
//
// Representation: any value in [0, 2^256) stands for itself mod p ("weakly reduced"); every
// operation accepts and returns weakly reduced values, so there is no magnitude bookkeeping.
// "Normalized" means fully reduced into [0, p); byte output, parity and comparisons need it.
// Reduction uses 2^256 ≡ C (mod p): a carry out of bit 256 is folded back in as +C.
//
// Multiplication and squaring have two implementations with identical results: portable C++
// (unsigned __int128) and x86-64 BMI2/ADX assembly (mulx with two independent carry chains,
// adcx/adox). The assembly is compiled only in translation units built with -mbmi2 -madx
// (ecmult_bmi2.cpp), which are called only after CPUID says the CPU has both.
//
// All functions are constant time unless their name ends in _var. They are `static inline` on
// purpose: each translation unit keeps its own copy, so an instruction-set-specific copy can never
// be picked by the linker for the portable path. The signature fe_negate(r, a, m) keeps a
// magnitude argument from the lazy-reduction design; it is ignored here.
#pragma once

#include <cstdint>
#include <cstring>

#include "rt/bytes.h"
#include "arith/carry.h"

namespace fastsecp {

using u128 = unsigned __int128;

struct Fe {
    uint64_t n[4];
};

// Compact form for tables (always normalized); same layout as Fe.
struct FeStorage {
    uint64_t n[4];
};

constexpr uint64_t FE_C = 0x1000003D1ULL;  // 2^256 mod p
constexpr uint64_t FE_P0 = 0xFFFFFFFEFFFFFC2FULL;

static inline void fe_set_int(Fe& r, uint64_t v) {
    r.n[0] = v; r.n[1] = r.n[2] = r.n[3] = 0;
}
static inline void fe_clear(Fe& r) { fe_set_int(r, 0); }

// r += carry·C where carry is the (0/1) bit that fell off 2^256; folds a second carry too
// (after a wrap the value is below 2·C, so the last addition cannot carry).
static inline void fe_fold_carry(Fe& r, uint64_t carry) {
    unsigned char c = 0;
    r.n[0] = addc(r.n[0], (0 - carry) & FE_C, c);
    r.n[1] = addc(r.n[1], 0, c);
    r.n[2] = addc(r.n[2], 0, c);
    r.n[3] = addc(r.n[3], 0, c);
    r.n[0] += (0 - (uint64_t)c) & FE_C;
}

static inline void fe_normalize_weak(Fe&) {}

// Into [0, p): a >= p iff a + C overflows 2^256, and then a - p is that sum's low part.
static inline void fe_normalize(Fe& r) {
    unsigned char c = 0;
    uint64_t s0 = addc(r.n[0], FE_C, c);
    uint64_t s1 = addc(r.n[1], 0, c);
    uint64_t s2 = addc(r.n[2], 0, c);
    uint64_t s3 = addc(r.n[3], 0, c);
    uint64_t mask = 0 - (uint64_t)c;
    r.n[0] ^= mask & (r.n[0] ^ s0);
    r.n[1] ^= mask & (r.n[1] ^ s1);
    r.n[2] ^= mask & (r.n[2] ^ s2);
    r.n[3] ^= mask & (r.n[3] ^ s3);
}
static inline void fe_normalize_var(Fe& r) { fe_normalize(r); }

// a ≡ 0 (mod p): a is 0 or p.
static inline bool fe_normalizes_to_zero(const Fe& a) {
    uint64_t z = a.n[0] | a.n[1] | a.n[2] | a.n[3];
    uint64_t p = (a.n[0] ^ FE_P0) | ~(a.n[1] & a.n[2] & a.n[3]);
    return (z == 0) | (p == 0);
}
static inline bool fe_normalizes_to_zero_var(const Fe& a) { return fe_normalizes_to_zero(a); }

static inline bool fe_is_zero(const Fe& a) { return (a.n[0] | a.n[1] | a.n[2] | a.n[3]) == 0; }  // normalized
static inline bool fe_is_odd(const Fe& a) { return a.n[0] & 1; }  // normalized

static inline bool fe_equal_normalized(const Fe& a, const Fe& b) {
    return ((a.n[0] ^ b.n[0]) | (a.n[1] ^ b.n[1]) | (a.n[2] ^ b.n[2]) | (a.n[3] ^ b.n[3])) == 0;
}

// Compare normalized elements as integers: -1, 0, 1. Variable time.
static inline int fe_cmp_var(const Fe& a, const Fe& b) {
    for (int i = 3; i >= 0; i--) {
        if (a.n[i] > b.n[i]) return 1;
        if (a.n[i] < b.n[i]) return -1;
    }
    return 0;
}

// Big-endian 32 bytes; any value is a valid (weakly reduced) element.
static inline void fe_set_b32_mod(Fe& r, const unsigned char* a) { rt::load_be256(r.n, a); }
// Returns whether the input is < p (r holds the value either way).
static inline bool fe_set_b32_limit(Fe& r, const unsigned char* a) {
    fe_set_b32_mod(r, a);
    return !((r.n[3] & r.n[2] & r.n[1]) == ~0ULL && r.n[0] >= FE_P0);
}
static inline void fe_get_b32(unsigned char* r, const Fe& a) { rt::store_be256(r, a.n); }  // a normalized

static inline void fe_to_u64(uint64_t w[4], const Fe& a) { std::memcpy(w, a.n, 32); }  // a normalized
static inline void fe_from_u64(Fe& r, const uint64_t w[4]) { std::memcpy(r.n, w, 32); }
static inline void fe_to_storage(FeStorage& r, const Fe& a) { std::memcpy(r.n, a.n, 32); }  // a normalized
static inline void fe_from_storage(Fe& r, const FeStorage& a) { std::memcpy(r.n, a.n, 32); }

// r = a - b. On a borrow the wrapped value is a - b + 2^256 ≡ a - b + C, so C is subtracted;
// if that borrows too (only when the wrapped value was below C) C is subtracted once more.
static inline void fe_sub(Fe& r, const Fe& a, const Fe& b) {
    unsigned char bw = 0;
    uint64_t r0 = subb(a.n[0], b.n[0], bw);
    uint64_t r1 = subb(a.n[1], b.n[1], bw);
    uint64_t r2 = subb(a.n[2], b.n[2], bw);
    uint64_t r3 = subb(a.n[3], b.n[3], bw);
    uint64_t k = (0 - (uint64_t)bw) & FE_C;
    bw = 0;
    r0 = subb(r0, k, bw);
    r1 = subb(r1, 0, bw);
    r2 = subb(r2, 0, bw);
    r3 = subb(r3, 0, bw);
    r.n[0] = r0 - ((0 - (uint64_t)bw) & FE_C);
    r.n[1] = r1; r.n[2] = r2; r.n[3] = r3;
}

// r = -a (as 0 - a). The magnitude argument is a leftover of the lazy-reduction design.
static inline void fe_negate(Fe& r, const Fe& a, int /*magnitude, unused*/) {
    Fe zero = {{0, 0, 0, 0}};
    fe_sub(r, zero, a);
}

static inline void fe_add(Fe& r, const Fe& a) {
    unsigned char c = 0;
    r.n[0] = addc(r.n[0], a.n[0], c);
    r.n[1] = addc(r.n[1], a.n[1], c);
    r.n[2] = addc(r.n[2], a.n[2], c);
    r.n[3] = addc(r.n[3], a.n[3], c);
    fe_fold_carry(r, c);
}

static inline void fe_add_int(Fe& r, uint64_t v) {
    Fe a;
    fe_set_int(a, v);
    fe_add(r, a);
}

// r = (r0..r3) + top·2^256 reduced: top·C (top < 2^34, so below 2^67) added in, then one more C
// if that carried past 2^256. After such a wrap the value is below 2^67, so that C can carry from
// limb 0 into limb 1 (e.g. (2^256 - 977)², which is 2^64 mod p) but no further.
static inline void fe_set_folded(Fe& r, uint64_t r0, uint64_t r1, uint64_t r2, uint64_t r3, uint64_t top) {
    u128 f = (u128)top * FE_C;
    unsigned char c = 0;
    r0 = addc(r0, (uint64_t)f, c);
    r1 = addc(r1, (uint64_t)(f >> 64), c);
    r.n[2] = addc(r2, 0, c);
    r.n[3] = addc(r3, 0, c);
    unsigned char c2 = 0;
    r.n[0] = addc(r0, (0 - (uint64_t)c) & FE_C, c2);
    r.n[1] = r1 + c2;
}

// r *= k for a small k (< 2^32).
static inline void fe_mul_int(Fe& r, uint64_t k) {
    u128 t0 = (u128)r.n[0] * k, t1 = (u128)r.n[1] * k, t2 = (u128)r.n[2] * k, t3 = (u128)r.n[3] * k;
    unsigned char c = 0;
    uint64_t r0 = (uint64_t)t0;
    uint64_t r1 = addc((uint64_t)t1, (uint64_t)(t0 >> 64), c);
    uint64_t r2 = addc((uint64_t)t2, (uint64_t)(t1 >> 64), c);
    uint64_t r3 = addc((uint64_t)t3, (uint64_t)(t2 >> 64), c);
    fe_set_folded(r, r0, r1, r2, r3, (uint64_t)(t3 >> 64) + c);  // top < 2^32
}

#if defined(__x86_64__) && defined(__BMI2__) && defined(__ADX__)
#define FASTSECP_FIELD_ASM 1
#include "arith/mul4x4_asm.h"
// 4×4 limb product with mulx and the two carry chains of adcx (CF) and adox (OF), then the
// reduction (t0..t3) + (t4..t7)·C, and a final fold of the few bits above 2^256.
// (t0..t3) += (t4..t7)·C; the part above 2^256 lands in t4 (< 2^34); then + t4·C (< 2^67) and
// one more +C if that carried out of 2^256 (the value is then below 2^67: that C may carry into
// t1, never further). Shared by fe_mul and fe_sqr.
#define FASTSECP_FE_REDUCE_ASM \
    "movq $0x1000003D1, %%rdx\n\t" \
    "xorl %k[hi], %k[hi]\n\t" \
    "mulx %[t4], %[lo], %[hi]\n\t" \
    "adcx %[lo], %[t0]\n\t" \
    "adox %[hi], %[t1]\n\t" \
    "mulx %[t5], %[lo], %[hi]\n\t" \
    "adcx %[lo], %[t1]\n\t" \
    "adox %[hi], %[t2]\n\t" \
    "mulx %[t6], %[lo], %[hi]\n\t" \
    "adcx %[lo], %[t2]\n\t" \
    "adox %[hi], %[t3]\n\t" \
    "mulx %[t7], %[lo], %[t4]\n\t" \
    "adcx %[lo], %[t3]\n\t" \
    "movl $0, %k[hi]\n\t" \
    "adox %[hi], %[t4]\n\t" \
    "adcx %[hi], %[t4]\n\t" \
    "mulx %[t4], %[lo], %[hi]\n\t" \
    "addq %[lo], %[t0]\n\t" \
    "adcq %[hi], %[t1]\n\t" \
    FASTSECP_FE_CARRY_TAIL_ASM

// The end of the reduction: the carry out of limb 1 rippled into limbs 2 and 3, and if it leaves
// limb 3, C added once more. Limb 1 carries only when the low 128 bits were within 2^67 of 2^128
// (about once in 2^61 for random values), but constant-time code must run these six instructions
// every time, and they are a sixth of a squaring's dependency chain. Translation units that handle only public data (Strauss, the
// variable-time k·G, decompression, the batch code) define FASTSECP_FIELD_VARTIME: there the
// tail sits out of line behind a branch on that carry, which the CPU predicts as not taken
// (a chain of squarings 10.3 -> 9.0 ns each, a doubling 73.7 -> 69.7 ns). Numeric local labels,
// so that copies of the asm made by inlining or unrolling stay distinct.
#if defined(FASTSECP_FIELD_VARTIME)
#define FASTSECP_FE_CARRY_TAIL_ASM \
    "jc 8f\n\t" \
    "9:\n\t" \
    ".pushsection .text.unlikely\n" \
    "8:\n\t" \
    FASTSECP_FE_CARRY_RIPPLE_ASM \
    "jmp 9b\n\t" \
    ".popsection\n\t"
#else
#define FASTSECP_FE_CARRY_TAIL_ASM FASTSECP_FE_CARRY_RIPPLE_ASM
#endif
#define FASTSECP_FE_CARRY_RIPPLE_ASM \
    "adcq $0, %[t2]\n\t" \
    "adcq $0, %[t3]\n\t" \
    "sbbq %[lo], %[lo]\n\t" \
    "andq %%rdx, %[lo]\n\t" \
    "addq %[lo], %[t0]\n\t" \
    "adcq $0, %[t1]\n\t"

// Always inlined: the call overhead is a fifth of the multiplication itself. Operands as in
// mul4x4_asm.h (FASTSECP_ASM_IN).
__attribute__((always_inline)) static inline void fe_mul(Fe& r, const Fe& a, const Fe& b) {
    uint64_t t0, t1, t2, t3, t4, t5, t6, t7, lo, hi;
    __asm__ FASTSECP_ASM_VOLATILE(
        FASTSECP_MUL4X4_ASM
        FASTSECP_FE_REDUCE_ASM
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5),
          [t6] "=&r"(t6), [t7] "=&r"(t7), [lo] "=&r"(lo), [hi] "=&r"(hi)
        : FASTSECP_ASM_IN(a, a.n), FASTSECP_ASM_IN(b, b.n)
        : FASTSECP_ASM_CLOBBERS);
    r.n[0] = t0; r.n[1] = t1; r.n[2] = t2; r.n[3] = t3;
}
// Squaring: the six off-diagonal products once, doubled with an adcx chain, then the four
// squares on the diagonal added with an adox chain.
__attribute__((always_inline)) static inline void fe_sqr(Fe& r, const Fe& a) {
    uint64_t t0, t1, t2, t3, t4, t5, t6, t7, lo, hi;
    __asm__ FASTSECP_ASM_VOLATILE(
        "movq " FASTSECP_LIMB(a, 0) ", %%rdx\n\t"
        "mulx " FASTSECP_LIMB(a, 1) ", %[t1], %[t2]\n\t"
        "mulx " FASTSECP_LIMB(a, 2) ", %[lo], %[t3]\n\t"
        "addq %[lo], %[t2]\n\t"
        "mulx " FASTSECP_LIMB(a, 3) ", %[lo], %[t4]\n\t"
        "adcq %[lo], %[t3]\n\t"
        "adcq $0, %[t4]\n\t"
        "xorl %k[hi], %k[hi]\n\t"
        "movq " FASTSECP_LIMB(a, 1) ", %%rdx\n\t"
        "mulx " FASTSECP_LIMB(a, 2) ", %[lo], %[hi]\n\t"
        "adcx %[lo], %[t3]\n\t"
        "adox %[hi], %[t4]\n\t"
        "mulx " FASTSECP_LIMB(a, 3) ", %[lo], %[t5]\n\t"
        "adcx %[lo], %[t4]\n\t"
        "movl $0, %k[hi]\n\t"
        "adox %[hi], %[t5]\n\t"
        "adcx %[hi], %[t5]\n\t"
        "movq " FASTSECP_LIMB(a, 2) ", %%rdx\n\t"
        "mulx " FASTSECP_LIMB(a, 3) ", %[lo], %[t6]\n\t"
        "addq %[lo], %[t5]\n\t"
        "adcq $0, %[t6]\n\t"
        // double t1..t6 into t1..t7 (CF chain); OF stays clear for the diagonal.
        "xorl %k[t7], %k[t7]\n\t"
        "adcx %[t1], %[t1]\n\t"
        "adcx %[t2], %[t2]\n\t"
        "adcx %[t3], %[t3]\n\t"
        "adcx %[t4], %[t4]\n\t"
        "adcx %[t5], %[t5]\n\t"
        "adcx %[t6], %[t6]\n\t"
        "movl $0, %k[hi]\n\t"
        "adcx %[hi], %[t7]\n\t"
        "movq " FASTSECP_LIMB(a, 0) ", %%rdx\n\t"
        "mulx %%rdx, %[t0], %[hi]\n\t"
        "adox %[hi], %[t1]\n\t"
        "movq " FASTSECP_LIMB(a, 1) ", %%rdx\n\t"
        "mulx %%rdx, %[lo], %[hi]\n\t"
        "adox %[lo], %[t2]\n\t"
        "adox %[hi], %[t3]\n\t"
        "movq " FASTSECP_LIMB(a, 2) ", %%rdx\n\t"
        "mulx %%rdx, %[lo], %[hi]\n\t"
        "adox %[lo], %[t4]\n\t"
        "adox %[hi], %[t5]\n\t"
        "movq " FASTSECP_LIMB(a, 3) ", %%rdx\n\t"
        "mulx %%rdx, %[lo], %[hi]\n\t"
        "adox %[lo], %[t6]\n\t"
        "adox %[hi], %[t7]\n\t"
        FASTSECP_FE_REDUCE_ASM
        : [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5),
          [t6] "=&r"(t6), [t7] "=&r"(t7), [lo] "=&r"(lo), [hi] "=&r"(hi)
        : FASTSECP_ASM_IN(a, a.n)
        : FASTSECP_ASM_CLOBBERS);
    r.n[0] = t0; r.n[1] = t1; r.n[2] = t2; r.n[3] = t3;
}

// k squarings in a row with the value kept in registers: the same squaring and reduction as
// fe_sqr, but on register operands, so no store and reload between the steps (fe_sqr's operand
// is read through a pointer). Exponentiation chains are runs of squarings: square roots,
// ElligatorSwift's a^((p-3)/4). 13 registers plus rdx, so it also builds with a frame pointer.
__attribute__((always_inline)) static inline void fe_sqr_n(Fe& r, const Fe& a, int k) {
    uint64_t x0 = a.n[0], x1 = a.n[1], x2 = a.n[2], x3 = a.n[3];
    for (int i = 0; i < k; i++) {
        uint64_t t1, t2, t3, t4, t5, t6, t7, lo, hi;
        __asm__(
            "movq %[t0], %%rdx\n\t"
            "mulx %[x1], %[t1], %[t2]\n\t"
            "mulx %[x2], %[lo], %[t3]\n\t"
            "addq %[lo], %[t2]\n\t"
            "mulx %[x3], %[lo], %[t4]\n\t"
            "adcq %[lo], %[t3]\n\t"
            "adcq $0, %[t4]\n\t"
            "xorl %k[hi], %k[hi]\n\t"
            "movq %[x1], %%rdx\n\t"
            "mulx %[x2], %[lo], %[hi]\n\t"
            "adcx %[lo], %[t3]\n\t"
            "adox %[hi], %[t4]\n\t"
            "mulx %[x3], %[lo], %[t5]\n\t"
            "adcx %[lo], %[t4]\n\t"
            "movl $0, %k[hi]\n\t"
            "adox %[hi], %[t5]\n\t"
            "adcx %[hi], %[t5]\n\t"
            "movq %[x2], %%rdx\n\t"
            "mulx %[x3], %[lo], %[t6]\n\t"
            "addq %[lo], %[t5]\n\t"
            "adcq $0, %[t6]\n\t"
            "xorl %k[t7], %k[t7]\n\t"
            "adcx %[t1], %[t1]\n\t"
            "adcx %[t2], %[t2]\n\t"
            "adcx %[t3], %[t3]\n\t"
            "adcx %[t4], %[t4]\n\t"
            "adcx %[t5], %[t5]\n\t"
            "adcx %[t6], %[t6]\n\t"
            "movl $0, %k[hi]\n\t"
            "adcx %[hi], %[t7]\n\t"
            // The diagonal; x0's register takes the low word of x0² (it is t0 from here on).
            "movq %[t0], %%rdx\n\t"
            "mulx %%rdx, %[t0], %[hi]\n\t"
            "adox %[hi], %[t1]\n\t"
            "movq %[x1], %%rdx\n\t"
            "mulx %%rdx, %[lo], %[hi]\n\t"
            "adox %[lo], %[t2]\n\t"
            "adox %[hi], %[t3]\n\t"
            "movq %[x2], %%rdx\n\t"
            "mulx %%rdx, %[lo], %[hi]\n\t"
            "adox %[lo], %[t4]\n\t"
            "adox %[hi], %[t5]\n\t"
            "movq %[x3], %%rdx\n\t"
            "mulx %%rdx, %[lo], %[hi]\n\t"
            "adox %[lo], %[t6]\n\t"
            "adox %[hi], %[t7]\n\t"
            FASTSECP_FE_REDUCE_ASM
            "movq %[t1], %[x1]\n\t"
            "movq %[t2], %[x2]\n\t"
            "movq %[t3], %[x3]\n\t"
            : [t0] "+r"(x0), [x1] "+r"(x1), [x2] "+r"(x2), [x3] "+r"(x3), [t1] "=&r"(t1), [t2] "=&r"(t2),
              [t3] "=&r"(t3), [t4] "=&r"(t4), [t5] "=&r"(t5), [t6] "=&r"(t6), [t7] "=&r"(t7), [lo] "=&r"(lo),
              [hi] "=&r"(hi)
            :
            : "rdx", "cc");
    }
    r.n[0] = x0; r.n[1] = x1; r.n[2] = x2; r.n[3] = x3;
}
#undef FASTSECP_FE_REDUCE_ASM
#undef FASTSECP_FE_CARRY_TAIL_ASM
#undef FASTSECP_FE_CARRY_RIPPLE_ASM

#else

// Product scanning (Comba) column accumulator: (c0, c1, c2) += x·y, with adc chains.
struct FeAcc {
    uint64_t c0 = 0, c1 = 0, c2 = 0;
    void muladd(uint64_t x, uint64_t y) {
        u128 p = (u128)x * y;
        unsigned char c = 0;
        c0 = addc(c0, (uint64_t)p, c);
        c1 = addc(c1, (uint64_t)(p >> 64), c);
        c2 += c;
    }
    uint64_t extract() {
        uint64_t r = c0;
        c0 = c1; c1 = c2; c2 = 0;
        return r;
    }
};

// Reduce the 512-bit product t[0..7] to a weakly reduced element: (t0..t3) + (t4..t7)·C, then
// the few bits above 2^256 folded once more.
static inline void fe_reduce_512(Fe& r, const uint64_t t[8]) {
    u128 p0 = (u128)t[4] * FE_C, p1 = (u128)t[5] * FE_C, p2 = (u128)t[6] * FE_C, p3 = (u128)t[7] * FE_C;
    unsigned char c = 0, d = 0;
    uint64_t r0 = addc(t[0], (uint64_t)p0, c);
    uint64_t r1 = addc(t[1], (uint64_t)p1, c);
    uint64_t r2 = addc(t[2], (uint64_t)p2, c);
    uint64_t r3 = addc(t[3], (uint64_t)p3, c);
    uint64_t top = (uint64_t)(p3 >> 64) + c;
    r1 = addc(r1, (uint64_t)(p0 >> 64), d);
    r2 = addc(r2, (uint64_t)(p1 >> 64), d);
    r3 = addc(r3, (uint64_t)(p2 >> 64), d);
    fe_set_folded(r, r0, r1, r2, r3, top + d);  // top < 2^34
}

static inline void fe_mul(Fe& r, const Fe& a, const Fe& b) {
    uint64_t t[8];
    FeAcc acc;
    acc.muladd(a.n[0], b.n[0]);
    t[0] = acc.extract();
    acc.muladd(a.n[0], b.n[1]); acc.muladd(a.n[1], b.n[0]);
    t[1] = acc.extract();
    acc.muladd(a.n[0], b.n[2]); acc.muladd(a.n[1], b.n[1]); acc.muladd(a.n[2], b.n[0]);
    t[2] = acc.extract();
    acc.muladd(a.n[0], b.n[3]); acc.muladd(a.n[1], b.n[2]); acc.muladd(a.n[2], b.n[1]); acc.muladd(a.n[3], b.n[0]);
    t[3] = acc.extract();
    acc.muladd(a.n[1], b.n[3]); acc.muladd(a.n[2], b.n[2]); acc.muladd(a.n[3], b.n[1]);
    t[4] = acc.extract();
    acc.muladd(a.n[2], b.n[3]); acc.muladd(a.n[3], b.n[2]);
    t[5] = acc.extract();
    acc.muladd(a.n[3], b.n[3]);
    t[6] = acc.c0;
    t[7] = acc.c1;
    fe_reduce_512(r, t);
}

// Portable squaring is the multiplication: a dedicated version measured no faster here.
static inline void fe_sqr(Fe& r, const Fe& a) { fe_mul(r, a, a); }
#endif

// r = a if flag else r; flag is 0 or 1. Constant time.
static inline void fe_cmov(Fe& r, const Fe& a, uint64_t flag) {
    uint64_t mask = 0 - flag;
    for (int i = 0; i < 4; i++) r.n[i] ^= mask & (r.n[i] ^ a.n[i]);
}

// r = r/2 mod p: add p when odd (a 257-bit sum), then shift right by one. Constant time.
static inline void fe_half(Fe& r) {
    uint64_t mask = 0 - (r.n[0] & 1);
    unsigned char c = 0;
    uint64_t s0 = addc(r.n[0], FE_P0 & mask, c);
    uint64_t s1 = addc(r.n[1], mask, c);
    uint64_t s2 = addc(r.n[2], mask, c);
    uint64_t s3 = addc(r.n[3], mask, c);
    r.n[0] = (s0 >> 1) | (s1 << 63);
    r.n[1] = (s1 >> 1) | (s2 << 63);
    r.n[2] = (s2 >> 1) | (s3 << 63);
    r.n[3] = (s3 >> 1) | ((uint64_t)c << 63);
}

#if !defined(FASTSECP_FIELD_ASM)
static inline void fe_sqr_n(Fe& r, const Fe& a, int k) {
    r = a;
    for (int i = 0; i < k; i++) fe_sqr(r, r);
}
#endif

// The exponents (p+1)/4 (square root) and (p-3)/4 share a 250-bit head, "223 ones, 0, 22 ones,
// 0000", and differ in their last 4 bits (1100 and 1011). fe_pow_head raises a to that head with
// an addition chain that builds a^(2^k - 1) for the runs of ones, and returns a^3 in x2 for the
// tails. It is written once for L independent elements in lockstep (every step is done for all
// lanes before the next), so that with L = 2 the two dependency chains overlap in the CPU: two
// exponentiations cost about 1.2 of one.
template <int L, class F>
static inline void fe_sqr_lanes(F* r, const F* a, int k) {
    for (int j = 0; j < L; j++) r[j] = a[j];
    if (L == 1) {
        fe_sqr_n(r[0], r[0], k);  // registers only, no store/reload between squarings
        return;
    }
    for (int i = 0; i < k; i++)
        for (int j = 0; j < L; j++) fe_sqr(r[j], r[j]);
}
template <int L, class F>
static inline void fe_mul_lanes(F* r, const F* a, const F* b) {
    for (int j = 0; j < L; j++) fe_mul(r[j], a[j], b[j]);
}
template <int L, class F>
static inline void fe_pow_head(F* t, F* x2, const F* a) {
    F x3[L], x6[L], x9[L], x11[L], x22[L], x44[L], x88[L], x176[L], x220[L], x223[L];
    fe_sqr_lanes<L>(x2, a, 1); fe_mul_lanes<L>(x2, x2, a);
    fe_sqr_lanes<L>(x3, x2, 1); fe_mul_lanes<L>(x3, x3, a);
    fe_sqr_lanes<L>(x6, x3, 3); fe_mul_lanes<L>(x6, x6, x3);
    fe_sqr_lanes<L>(x9, x6, 3); fe_mul_lanes<L>(x9, x9, x3);
    fe_sqr_lanes<L>(x11, x9, 2); fe_mul_lanes<L>(x11, x11, x2);
    fe_sqr_lanes<L>(x22, x11, 11); fe_mul_lanes<L>(x22, x22, x11);
    fe_sqr_lanes<L>(x44, x22, 22); fe_mul_lanes<L>(x44, x44, x22);
    fe_sqr_lanes<L>(x88, x44, 44); fe_mul_lanes<L>(x88, x88, x44);
    fe_sqr_lanes<L>(x176, x88, 88); fe_mul_lanes<L>(x176, x176, x88);
    fe_sqr_lanes<L>(x220, x176, 44); fe_mul_lanes<L>(x220, x220, x44);
    fe_sqr_lanes<L>(x223, x220, 3); fe_mul_lanes<L>(x223, x223, x3);
    fe_sqr_lanes<L>(t, x223, 23); fe_mul_lanes<L>(t, t, x22);   // 223 ones, 0, 22 ones
    fe_sqr_lanes<L>(t, t, 4);                                   // then 0000
}

// r = a^((p+1)/4) for L elements: the head, then 1100.
template <int L, class F>
static inline void fe_pow_sqrt_lanes(F* r, const F* a) {
    F t[L], x2[L];
    fe_pow_head<L>(t, x2, a);
    fe_sqr_lanes<L>(t, t, 2); fe_mul_lanes<L>(t, t, x2);       // 11
    fe_sqr_lanes<L>(r, t, 2);                                   // 00
}

// r = a^((p-3)/4) for L elements: the head, then 1011. For a square a ≠ 0, r² = 1/a
// (a^((p-3)/2) = a^((p-1)/2)/a), and for a non-square r² = -1/a; with a = u·v³, u·v·r is the
// square root of u/v that fe_sqrt would return (an inversion and a square root for the price of
// one exponentiation).
template <int L, class F>
static inline void fe_pow_p3d4_lanes(F* r, const F* a) {
    F t[L], x2[L];
    fe_pow_head<L>(t, x2, a);
    fe_sqr_lanes<L>(t, t, 1); fe_mul_lanes<L>(t, t, a);        // 1
    fe_sqr_lanes<L>(t, t, 3); fe_mul_lanes<L>(r, t, x2);       // 011
}

// r = a^((p+1)/4); returns whether a is a square (then r^2 == a). Constant time. Templates on the
// field type like the chains above (field_5x52.h's elements use them too).
template <class F>
static inline bool fe_sqrt(F& r, const F& a) {
    fe_pow_sqrt_lanes<1>(&r, &a);
    F chk, neg;
    fe_sqr(chk, r);
    fe_negate(neg, a, 1);
    fe_add(chk, neg);
    return fe_normalizes_to_zero(chk);
}

// r = a^((p-3)/4) (see fe_pow_p3d4_lanes). Constant time.
template <class F>
static inline void fe_pow_p3d4(F& r, const F& a) { fe_pow_p3d4_lanes<1>(&r, &a); }

}  // namespace fastsecp
