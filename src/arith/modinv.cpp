// Modular inversion and Jacobi symbols; see modinv.h for the references.
//
// Two algorithms, both batched as a 2×2 integer matrix decided on 64-bit words and then applied
// to the full-size numbers (signed 62-bit limbs):
//  - modinv_const: safegcd divsteps (Bernstein–Yang). The state is (f, g) with f = m and g = x at
//    the start, plus (d, e) with d·x ≡ f and e·x ≡ g (mod m). A batch of divsteps is decided from
//    the low bits of f and g alone and summarized as a matrix T scaled by 2^62; T/2^62 is applied
//    to (f, g) (exact: the results are divisible by 2^62) and to (d, e) (modulo m: a multiple of m
//    is added first to clear the low 62 bits). When g = 0, f = ±1 and d·f is the inverse.
//  - modinv_var and jacobi_var: Pornin's binary GCD, whose batches are decided from the low and
//    the top bits together (see the section below); the same matrix application does the rest.
#include "arith/modinv.h"

namespace fastsecp {

namespace {

using i128 = __int128;
using u128 = unsigned __int128;

constexpr uint64_t M62 = UINT64_MAX >> 2;

constexpr ModinvModulus K_P = make_modinv_modulus(0xFFFFFFFEFFFFFC2FULL, 0xFFFFFFFFFFFFFFFFULL,
                                                  0xFFFFFFFFFFFFFFFFULL, 0xFFFFFFFFFFFFFFFFULL);
constexpr ModinvModulus K_N = make_modinv_modulus(0xBFD25E8CD0364141ULL, 0xBAAEDCE6AF48A03BULL,
                                                  0xFFFFFFFFFFFFFFFEULL, 0xFFFFFFFFFFFFFFFFULL);

static_assert((K_P.m64[0] * K_P.m_inv62 & M62) == 1);
static_assert((K_N.m64[0] * K_N.m_inv62 & M62) == 1);
// The balanced form of p is -(2^32 + 977) + 256·2^248: three zero limbs.
static_assert(K_P.m.v[0] == -0x1000003D1LL && K_P.m.v[1] == 0 && K_P.m.v[2] == 0 &&
              K_P.m.v[3] == 0 && K_P.m.v[4] == 256);
static_assert(K_N.m.v[3] == 0 && K_N.m.v[4] == 256);

// Transition matrix [[u, v], [q, r]] of a batch, scaled by 2^62: the batch maps
// (f, g) to ((u·f + v·g) / 2^62, (q·f + r·g) / 2^62). |u| + |v| and |q| + |r| are at most 2^62.
struct Trans {
    int64_t u, v, q, r;
};

inline Signed62 from_u64(const uint64_t a[4]) {
    Signed62 r;
    r.v[0] = (int64_t)(a[0] & M62);
    r.v[1] = (int64_t)(((a[0] >> 62) | (a[1] << 2)) & M62);
    r.v[2] = (int64_t)(((a[1] >> 60) | (a[2] << 4)) & M62);
    r.v[3] = (int64_t)(((a[2] >> 58) | (a[3] << 6)) & M62);
    r.v[4] = (int64_t)(a[3] >> 56);
    return r;
}

// Requires limbs 0..3 in [0, 2^62) and 0 <= top limb < 2^8.
inline void to_u64(uint64_t r[4], const Signed62& a) {
    const uint64_t a0 = a.v[0], a1 = a.v[1], a2 = a.v[2], a3 = a.v[3], a4 = a.v[4];
    r[0] = a0 | (a1 << 62);
    r[1] = (a1 >> 2) | (a2 << 60);
    r[2] = (a2 >> 4) | (a3 << 58);
    r[3] = (a3 >> 6) | (a4 << 56);
}

// ---- Constant-time batch: 59 divsteps of the δ = 1/2 variant --------------------------------
//
// Starting δ at 1/2 lowers the worst case for 256-bit inputs to 590 divsteps, so ten batches of 59
// suffice. The state is kept as the integer ζ = -(δ + 1/2): δ > 0 ⟺ ζ < 0, δ ← 1 + δ is
// ζ ← ζ - 1 and δ ← 1 - δ is ζ ← -ζ - 2 = ~ζ - 1, so both are "flip on a swap, then decrement".
//
// One divstep, written with masks so nothing branches:
//   g odd, δ > 0:  (f, g) ← (g, (g - f)/2),  δ ← 1 - δ
//   g odd, δ ≤ 0:  (f, g) ← (f, (g + f)/2),  δ ← 1 + δ
//   g even:        (f, g) ← (f, g/2),        δ ← 1 + δ
// The matrix rows follow f and g, except that instead of halving the g row we double the f row
// (so after k steps the matrix is scaled by 2^k).
//
// Speed: this loop is bound both by its dependency chain (~5 cycles a step) and by how many
// instructions the core can issue, and the matrix bookkeeping is most of the instructions. After
// k <= 30 steps every entry is at most 2^30 in absolute value, so a whole row (u, v) fits in one
// 64-bit word U = u + v·2^32: every operation on rows (add, negate, double, masked select) is
// linear or bitwise, so it acts on both halves at once and the halves never collide. Hence a
// batch is two half-batches of 30 and 29 steps with packed rows, whose matrices are multiplied
// at the end. That frees issue slots, which the (d, e) and (f, g) updates then use in parallel.
template <int STEPS>
inline int64_t divsteps_half_ct(int64_t zeta, uint64_t& f, uint64_t& g, Trans& t) {
    static_assert(STEPS <= 30, "packed 32-bit row halves need entries below 2^31");
    uint64_t U = 1, Q = uint64_t(1) << 32;  // f row (u, v) = (1, 0), g row (q, r) = (0, 1)
    for (int k = 0; k < STEPS; k++) {
        const uint64_t odd = (uint64_t)((int64_t)(g << 63) >> 63);  // all ones iff g is odd
        const uint64_t pos = (uint64_t)(zeta >> 63);                // all ones iff δ > 0
        const uint64_t swap = odd & pos;
        // With f and g odd, (g + f)/2 = (g >> 1) + (f >> 1) + 1 and (g - f)/2 = (g >> 1) - (f >> 1);
        // ((f >> 1) ^ pos) + 1 is exactly the right-hand term in either case.
        const uint64_t addg = (((f >> 1) ^ pos) + 1) & odd;
        const uint64_t addrow = ((U ^ pos) - pos) & odd;  // ±(f row) into the g row
        // On a swap the new f is the old g, and the f row takes the old g row.
        f ^= (f ^ g) & swap;
        U ^= (U ^ Q) & swap;
        g = (g >> 1) + addg;
        Q += addrow;
        U <<= 1;
        zeta = (zeta ^ (int64_t)swap) - 1;
    }
    // Unpack: the low half is a signed 32-bit number, the high half what remains.
    t.u = (int32_t)U;
    t.v = (int64_t)(U - (uint64_t)t.u) >> 32;
    t.q = (int32_t)Q;
    t.r = (int64_t)(Q - (uint64_t)t.q) >> 32;
    return zeta;
}

// f and g need 59 exact low bits: after k steps only the low 62 - k bits are still exact (bits
// 62 and 63 are zero, not the true ones), which is enough for the last step's parity test.
inline int64_t divsteps59_ct(int64_t zeta, uint64_t f, uint64_t g, Trans& t) {
    Trans a, b;
    zeta = divsteps_half_ct<30>(zeta, f, g, a);
    zeta = divsteps_half_ct<29>(zeta, f, g, b);
    // b·a is scaled by 2^59 with row sums at most 2^59; scale by 2^3 more to reach 2^62.
    t.u = (b.u * a.u + b.v * a.q) << 3;
    t.v = (b.u * a.v + b.v * a.r) << 3;
    t.q = (b.q * a.u + b.r * a.q) << 3;
    t.r = (b.q * a.v + b.r * a.r) << 3;
    return zeta;
}

// ---- Applying a matrix ------------------------------------------------------------------------

// (f, g) ← T·(f, g) / 2^62 on the low LEN limbs (limb LEN-1 is the signed top); the division is
// exact. Output limbs are normalized. Fully unrolled: GCC otherwise keeps a loop with poor code.
template <int LEN>
inline void update_fg_n(Signed62& f, Signed62& g, const Trans& t) {
    const int64_t u = t.u, v = t.v, q = t.q, r = t.r;
    i128 cf = (i128)u * f.v[0] + (i128)v * g.v[0];
    i128 cg = (i128)q * f.v[0] + (i128)r * g.v[0];
    cf >>= 62;
    cg >>= 62;
#pragma GCC unroll 4
    for (int i = 1; i < LEN; i++) {
        cf += (i128)u * f.v[i] + (i128)v * g.v[i];
        cg += (i128)q * f.v[i] + (i128)r * g.v[i];
        f.v[i - 1] = (int64_t)((uint64_t)cf & M62);
        g.v[i - 1] = (int64_t)((uint64_t)cg & M62);
        cf >>= 62;
        cg >>= 62;
    }
    f.v[LEN - 1] = (int64_t)cf;
    g.v[LEN - 1] = (int64_t)cg;
}

// (d, e) ← T·(d, e) / 2^62 mod m, constant time. Inputs and outputs are in (-2m, m).
// Negative inputs are first lifted by m (folded into the multiples md, me of m that get added);
// md, me are then adjusted so the low 62 bits of the sums vanish. The adjustment is subtracted
// from, not recomputed, so the added multiple only shrinks, which keeps the outputs in range.
inline void update_de(Signed62& d, Signed62& e, const Trans& t, const ModinvModulus& mod) {
    const int64_t u = t.u, v = t.v, q = t.q, r = t.r;
    const int64_t sd = d.v[4] >> 63, se = e.v[4] >> 63;  // all ones iff negative
    int64_t md = (u & sd) + (v & se);
    int64_t me = (q & sd) + (r & se);
    i128 cd = (i128)u * d.v[0] + (i128)v * e.v[0];
    i128 ce = (i128)q * d.v[0] + (i128)r * e.v[0];
    md -= (int64_t)((mod.m_inv62 * (uint64_t)cd + (uint64_t)md) & M62);
    me -= (int64_t)((mod.m_inv62 * (uint64_t)ce + (uint64_t)me) & M62);
    cd += (i128)mod.m.v[0] * md;
    ce += (i128)mod.m.v[0] * me;
    cd >>= 62;
    ce >>= 62;
#pragma GCC unroll 4
    for (int i = 1; i < 5; i++) {
        cd += (i128)u * d.v[i] + (i128)v * e.v[i] + (i128)mod.m.v[i] * md;
        ce += (i128)q * d.v[i] + (i128)r * e.v[i] + (i128)mod.m.v[i] * me;
        d.v[i - 1] = (int64_t)((uint64_t)cd & M62);
        e.v[i - 1] = (int64_t)((uint64_t)ce & M62);
        cd >>= 62;
        ce >>= 62;
    }
    d.v[4] = (int64_t)cd;
    e.v[4] = (int64_t)ce;
}

// Carry-propagate a Signed62 whose limbs are arbitrary (small) signed values.
inline void carry62(Signed62& a) {
    for (int i = 0; i < 4; i++) {
        a.v[i + 1] += a.v[i] >> 62;
        a.v[i] &= (int64_t)M62;
    }
}

// out = sign·d mod m in [0, m), where d is in (-2m, m) and sign is the sign of `sign_limb`
// (the top limb of f = ±1). Constant time.
inline void normalize_out(uint64_t out[4], Signed62 d, int64_t sign_limb, const ModinvModulus& mod) {
    const int64_t neg_d = d.v[4] >> 63;
    const int64_t neg_f = sign_limb >> 63;
    for (int i = 0; i < 5; i++) {
        const int64_t x = d.v[i] + (mod.m.v[i] & neg_d);  // now in (-m, m)
        d.v[i] = (x ^ neg_f) - neg_f;                       // times the sign of f, still in (-m, m)
    }
    carry62(d);
    const int64_t neg = d.v[4] >> 63;
    for (int i = 0; i < 5; i++) d.v[i] += mod.m.v[i] & neg;  // now in [0, m)
    carry62(d);
    to_u64(out, d);
}

// ---- The three algorithms, written once and instantiated per modulus (see dispatch below) ----

[[gnu::always_inline]] inline void modinv_const_impl(uint64_t out[4], const uint64_t x[4],
                                                     const ModinvModulus& mod) {
    Signed62 d{{0, 0, 0, 0, 0}}, e{{1, 0, 0, 0, 0}};
    Signed62 f = from_u64(mod.m64), g = from_u64(x);
    int64_t zeta = -1;  // δ = 1/2
    for (int i = 0; i < 10; i++) {
        Trans t;
        zeta = divsteps59_ct(zeta, (uint64_t)f.v[0], (uint64_t)g.v[0], t);
        update_fg_n<5>(f, g, t);
        update_de(d, e, t, mod);
    }
    // Now g = 0 and f = ±1 (or f = m when x = 0, with d = 0).
    normalize_out(out, d, f.v[4], mod);
}

// ---- Jacobi symbol by the binary GCD with approximations ---------------------------------------
//
// The binary GCD of T. Pornin, "Optimized Binary GCD for Modular Inversion" (IACR ePrint 2020/972),
// works on a pair (a, b), b odd, starting from (x, m), and repeats one step until a = 0:
//   if a is odd and a < b:  (a, b) ← (b, a)
//   if a is odd:            a ← a - b
//   a ← a/2
// Done on the full numbers, each step costs a multi-limb comparison. Pornin's idea: run 30 steps on
// 64-bit approximations of a and b instead, namely their exact low 32 bits below their top 32 bits
// (taken at the bit position of the longer of the two), record the steps as a 2×2 matrix, and
// apply it to the full numbers once. Parities, hence the sizes of the halvings, are always exact;
// only the comparisons may be wrong when the tops of a and b are too close to tell apart. A wrong
// comparison makes a negative, which the full update reveals: a is then negated and the next batch
// carries on. The approximations only decide how fast this converges, never what it computes.
//
// The symbol. We keep (x | m) = (-1)^j · (a | b) with (a | b) the Kronecker symbol, which allows
// negative a and b. Starting from a, b >= 0, a step can never make both negative: from a, b >= 0
// only a can become negative (b is only ever replaced by a nonnegative a); from a < 0 < b a swap
// gives (b - a, a) with b - a > 0; from b < 0 < a it gives (b - a, a) with a > 0, and a subtraction
// gives a - b > 0. For odd b and a, b not both negative the Kronecker symbol obeys
//   (a | b) = (a - b | b)                              (period |b| when b > 0; a, a - b > 0 when b < 0)
//   (a | b) = (b | a)·(-1)^[a ≡ b ≡ 3 (mod 4)]          (reciprocity; a, b are read in two's complement)
//   (a | b) = (2 | b)·(a/2 | b), (2 | b) = -1 iff b ≡ 3 or 5 (mod 8)   (also for negative b)
//   (-a | b) = (a | b)·(-1)^[b ≡ 3 (mod 4)] for b > 0, and (a | -b) = (a | b) for a >= 0,
// so every update of j reads only the low three bits of a and b, which are exact in the
// approximations (32 exact low bits, 30 halvings). At the end a = 0 and (0 | b) = [b = ±1].
// Once both numbers fit in 64 bits the steps run on them directly, without approximations.

constexpr int BG_STEPS = 30;  // steps per batch: packed row entries stay within ±2^30

// The step loop is written as jumps: while a is even, all its trailing zeros are shifted out at
// once (every halving sees the same b, so the symbol flips iff their number is odd and
// b ≡ 3 or 5 (mod 8)); then a is odd and one swap-and-subtract follows:
//   a < b:   (a, b) ← (b - a, a),  (F, G) ← (G - F, F),  symbol flips iff a ≡ b ≡ 3 (mod 4)
//   a >= b:  (a, b) ← (a - b, b),  (F, G) ← (F - G, G)
// where F (row of a) and G (row of b) are the matrix rows, packed as below. The subtraction of two
// odd numbers leaves at least one zero, two on average, so a batch of 30 halvings takes about 15
// jumps. j collects the symbol's flips in bit 1.
//
// The comparison is a coin toss for the branch predictor and GCC turns selects into branches; and
// the loop is short enough that instruction count, not only the dependency chain, bounds it. So on
// x86-64 it is one block of assembly with conditional moves and no register shuffling. Its
// dependency chain per jump is sub, or, tzcnt, shr: the shift count is read from a - b, which has
// the trailing zeros of |a - b|, while the selects run beside it. (tzcnt runs as bsf on processors
// without BMI1, which differs only for a zero input: see bingcd_tail.) Defining
// FASTSECP_BINGCD_PORTABLE selects the plain C version (the one other targets get), for testing.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(FASTSECP_BINGCD_PORTABLE)
#define FASTSECP_BINGCD_ASM 1
// Swap-and-subtract (a odd): CF = (a < b) selects the swapped results. Both b - a (t1) and a copy
// of a - b (t6, taken right after the subtraction; measured a little faster in the batch loops)
// have the trailing zeros of the new a, so the shift reads its count from one of them and does not
// wait for the selects.
#define FASTSECP_BINGCD_SUB_HEAD                                                                   \
    "mov %[b], %[t1]\n\t"                                                                          \
    "sub %[a], %[t1]\n\t"   /* b - a */                                                            \
    "mov %[G], %[t2]\n\t"                                                                          \
    "sub %[F], %[t2]\n\t"   /* G - F */
#define FASTSECP_BINGCD_SUB_BODY                                                                   \
    "mov %[a], %[t4]\n\t"                                                                          \
    "mov %[F], %[t5]\n\t"                                                                          \
    "sub %[G], %[F]\n\t"                                                                           \
    "sub %[b], %[a]\n\t"    /* CF = (a < b) */
#define FASTSECP_BINGCD_SUB_SELECT                                                                 \
    "cmovc %[t1], %[a]\n\t"                                                                        \
    "cmovc %[t4], %[b]\n\t"                                                                        \
    "cmovc %[t2], %[F]\n\t"                                                                        \
    "cmovc %[t5], %[G]\n\t"
// Shift out the trailing zeros of a (counted in register t, which holds ±a), at most as many as
// the mask (all ones from the bit "halvings left" up) allows; the same shift doubles G and uses up
// the mask.
#define FASTSECP_BINGCD_HALVE(t)                                                                   \
    "or %[mask], %[" t "]\n\t"                                                                     \
    "tzcnt %[" t "], %[z]\n\t"                                                                     \
    "shr %%cl, %[a]\n\t"                                                                           \
    "shl %%cl, %[G]\n\t"                                                                           \
    "sar %%cl, %[mask]\n\t"
// The symbol's flip for z halvings is bit 1 of b ^ (b >> 1) when z is odd: hx collects the b of
// every odd z (its flips are then bit 1 of hx ^ (hx >> 1), a linear function of b).
#define FASTSECP_BINGCD_HALVE_J                                                                    \
    "xor %k[t2], %k[t2]\n\t"                                                                       \
    "test $1, %%cl\n\t"                                                                            \
    "cmovnz %[b], %[t2]\n\t"                                                                       \
    "xor %[t2], %[hx]\n\t"
#endif

// BG_STEPS halvings on approximations; returns the matrix scaled by 2^62 (so update_fg_n applies
// it). Rows are packed: F = f0 + g0·2^32, G = f1 + g1·2^32. With JAC, j collects the symbol's
// flips; a and b are left as the approximations' final values (exact if the inputs were).
template <bool JAC>
[[gnu::always_inline]] inline void bingcd_batch(uint64_t& a, uint64_t& b, Trans& t, uint64_t& j) {
    uint64_t F = 1, G = uint64_t(1) << 32;
    uint64_t mask = UINT64_MAX << BG_STEPS;  // all ones from the bit "halvings left" up
#ifdef FASTSECP_BINGCD_ASM
    uint64_t z, t1, t2, t4, t5, t6;
    if constexpr (JAC) {
        // The reciprocity flip when swapping is bit 1 of a & b. 14 registers: with a frame
        // pointer (debug and sanitizer builds) that is all there are.
        uint64_t t3, hx = 0;
        __asm__("mov %[a], %[t1]\n\t"
                FASTSECP_BINGCD_HALVE("t1")
                FASTSECP_BINGCD_HALVE_J
                "cmp $-1, %[mask]\n\t"
                "je 2f\n"
                "1:\n\t"
                FASTSECP_BINGCD_SUB_HEAD
                "mov %[a], %[t3]\n\t"
                "and %[b], %[t3]\n\t"
                FASTSECP_BINGCD_SUB_BODY
                "mov %[a], %[t6]\n\t"
                "cmovc %[t2], %[F]\n\t"
                "mov $0, %k[t2]\n\t"  /* t2 is free now; mov leaves CF alone */
                "cmovnc %[t2], %[t3]\n\t"
                "cmovc %[t1], %[a]\n\t"
                "cmovc %[t4], %[b]\n\t"
                "cmovc %[t5], %[G]\n\t"
                "xor %[t3], %[j]\n\t"
                FASTSECP_BINGCD_HALVE("t6")
                FASTSECP_BINGCD_HALVE_J
                "cmp $-1, %[mask]\n\t"
                "jne 1b\n"
                "2:"
                : [a] "+r"(a), [b] "+r"(b), [F] "+r"(F), [G] "+r"(G), [j] "+r"(j), [hx] "+r"(hx),
                  [mask] "+r"(mask), [z] "=&c"(z), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3),
                  [t4] "=&r"(t4), [t5] "=&r"(t5), [t6] "=&r"(t6)
                :
                : "cc");
        j ^= hx ^ (hx >> 1);
    } else {
        __asm__("mov %[a], %[t1]\n\t"
                FASTSECP_BINGCD_HALVE("t1")
                "cmp $-1, %[mask]\n\t"
                "je 2f\n"
                "1:\n\t"
                FASTSECP_BINGCD_SUB_HEAD
                FASTSECP_BINGCD_SUB_BODY
                "mov %[a], %[t6]\n\t"
                FASTSECP_BINGCD_SUB_SELECT
                FASTSECP_BINGCD_HALVE("t6")
                "cmp $-1, %[mask]\n\t"
                "jne 1b\n"
                "2:"
                : [a] "+r"(a), [b] "+r"(b), [F] "+r"(F), [G] "+r"(G), [mask] "+r"(mask),
                  [z] "=&c"(z), [t1] "=&r"(t1), [t2] "=&r"(t2), [t4] "=&r"(t4), [t5] "=&r"(t5),
                  [t6] "=&r"(t6)
                :
                : "cc");
    }
#else
    for (;;) {
        const int z = __builtin_ctzll(a | mask);
        a >>= z;
        G <<= z;
        mask = (uint64_t)((int64_t)mask >> z);
        if constexpr (JAC) j ^= (b ^ (b >> 1)) & ((uint64_t)z << 1);
        if (mask == UINT64_MAX) break;
        const uint64_t lt = 0 - (uint64_t)(a < b), d = a - b;
        if constexpr (JAC) j ^= a & b & lt;
        const uint64_t bn = b ^ ((a ^ b) & lt);
        a = (d ^ lt) - lt;
        b = bn;
        const uint64_t Fn = ((F - G) ^ lt) - lt;
        G ^= (G ^ F) & lt;
        F = Fn;
    }
#endif
    const int64_t f0 = (int32_t)F, g0 = (int64_t)(F - (uint64_t)f0) >> 32;
    const int64_t f1 = (int32_t)G, g1 = (int64_t)(G - (uint64_t)f1) >> 32;
    constexpr int SCALE = 62 - BG_STEPS;
    t.u = (int64_t)((uint64_t)f0 << SCALE);
    t.v = (int64_t)((uint64_t)g0 << SCALE);
    t.q = (int64_t)((uint64_t)f1 << SCALE);
    t.r = (int64_t)((uint64_t)g1 << SCALE);
}

// The same steps on exact numbers below 2^64 (no matrix), until a = 0; b ends as gcd(a, b).
inline void bingcd_tail(uint64_t a, uint64_t& b, uint64_t& j) {
    // a != 0 on entry.
#ifdef FASTSECP_BINGCD_ASM
    // The shift count is read from a - b, which has the trailing zeros of the new a (and is zero
    // exactly when the new a is: then the loop ends, and the shift count is unused except for the
    // (2 | b) flip, which is zero as b = 1 when it matters: with bsf instead of tzcnt the count
    // is undefined there, and harmless).
    uint64_t z, t1, t2, t3, t4, zero, hx = 0;
    __asm__("xor %k[zero], %k[zero]\n\t"
            "mov %[a], %[t1]\n\t"
            "jmp 2f\n"
            "1:\n\t"
            "mov %[b], %[t1]\n\t"
            "sub %[a], %[t1]\n\t"
            "mov %[a], %[t3]\n\t"
            "and %[b], %[t3]\n\t"
            "mov %[a], %[t4]\n\t"
            "sub %[b], %[a]\n\t"
            "cmovnc %[zero], %[t3]\n\t"
            "cmovc %[t1], %[a]\n\t"
            "cmovc %[t4], %[b]\n\t"
            "xor %[t3], %[j]\n"
            "2:\n\t"
            "tzcnt %[t1], %[z]\n\t"
            "shr %%cl, %[a]\n\t"
            "xor %k[t2], %k[t2]\n\t"
            "test $1, %%cl\n\t"
            "cmovnz %[b], %[t2]\n\t"
            "xor %[t2], %[hx]\n\t"
            "test %[a], %[a]\n\t"
            "jnz 1b"
            : [a] "+r"(a), [b] "+r"(b), [j] "+r"(j), [hx] "+r"(hx), [z] "=&c"(z), [t1] "=&r"(t1),
              [t2] "=&r"(t2), [t3] "=&r"(t3), [t4] "=&r"(t4), [zero] "=&r"(zero)
            :
            : "cc");
    j ^= hx ^ (hx >> 1);
#else
    while (a != 0) {
        const int z = __builtin_ctzll(a);
        a >>= z;
        j ^= (b ^ (b >> 1)) & ((uint64_t)z << 1);
        const uint64_t lt = 0 - (uint64_t)(a < b), d = a - b;
        j ^= a & b & lt;
        const uint64_t bn = b ^ ((a ^ b) & lt);
        a = (d ^ lt) - lt;
        b = bn;
    }
#endif
}

// a ← -a on the low LEN limbs (normalized in, normalized out).
template <int LEN>
inline void negate_n(Signed62& a) {
    int64_t c = 0;
    for (int i = 0; i < LEN - 1; i++) {
        const int64_t x = c - a.v[i];
        a.v[i] = x & (int64_t)M62;
        c = x >> 62;
    }
    a.v[LEN - 1] = c - a.v[LEN - 1];
}

// Batches on approximations before giving up (jacobi_var's textbook fallback or modinv_const
// then answers). Each batch shortens the pair by about 30 bits, so 256-bit inputs take about 10
// (at most 15 seen on inputs built against the approximations) before the 64-bit tail; 40 is a
// wide margin.
constexpr int BG_MAX_BATCHES = 40;

// What a stage loop ends with.
enum StageEnd { STAGE_OUT_OF_BUDGET, STAGE_SHORTER, STAGE_DONE };

// b = 1 exactly (then nothing is left to do: gcd 1, (a | 1) = 1, e·x ≡ 1).
template <int LEN>
[[gnu::always_inline]] inline bool is_one_n(const Signed62& b) {
    if (b.v[0] != 1) return false;
    int64_t any = 0;
    for (int i = 1; i < LEN; i++) any |= b.v[i];
    return any == 0;
}

// a ≡ 0 (mod 2^62): shift a down by a whole limb (exact), or report a = 0. Batches take 30
// halvings at most, so this saves many of them for inputs like 2^255 (all shifts).
template <int LEN>
[[gnu::always_inline]] inline bool shift_limb_n(Signed62& a) {
    int64_t any = 0;
    for (int i = 1; i < LEN; i++) any |= a.v[i];
    if (any == 0) return false;  // a = 0
    for (int i = 0; i < LEN - 1; i++) a.v[i] = a.v[i + 1];
    a.v[LEN - 1] = 0;
    return true;
}

// Approximations of a and b for a batch: the top 32 bits of the longer number (left-aligned from
// the two top limbs, top = the OR of their top limbs, so s >= 2 as limbs are below 2^62) above the
// exact low 32 bits. As the values have more than 64 bits, the two parts do not overlap.
template <int LEN>
[[gnu::always_inline]] inline void approximate_n(uint64_t& ah, uint64_t& bh, const Signed62& a, const Signed62& b,
                                                 uint64_t top) {
    const int s = __builtin_clzll(top);
    const uint64_t ha = ((uint64_t)a.v[LEN - 1] << s) | (((uint64_t)a.v[LEN - 2] << 2) >> (64 - s));
    const uint64_t hb = ((uint64_t)b.v[LEN - 1] << s) | (((uint64_t)b.v[LEN - 2] << 2) >> (64 - s));
    const uint64_t LO = 0xFFFFFFFFu;
    ah = (ha & ~LO) | ((uint64_t)a.v[0] & LO);
    bh = (hb & ~LO) | ((uint64_t)b.v[0] & LO);
}

// Batches while a and b need LEN limbs; returns STAGE_SHORTER when they fit in fewer (for
// LEN = 2: when both are below 2^64), STAGE_DONE when b = 1 or a = 0 (the symbol is then
// [b = 1]·(-1)^j), or STAGE_OUT_OF_BUDGET. a >= 0 and b > 0 on entry and exit. The length is a
// template parameter so that the limbs stay in registers.
template <int LEN>
[[gnu::always_inline]] inline StageEnd jacobi_batches(Signed62& a, Signed62& b, uint64_t& j, int& budget) {
    for (;;) {
        const uint64_t top = (uint64_t)(a.v[LEN - 1] | b.v[LEN - 1]);
        if (top < (LEN == 2 ? 4u : 1u)) return STAGE_SHORTER;
        if (--budget < 0) return STAGE_OUT_OF_BUDGET;
        if (a.v[0] == 0) [[unlikely]] {
            // 62 halvings: (2 | b)^62 = 1.
            if (!shift_limb_n<LEN>(a)) return STAGE_DONE;
            continue;
        }
        uint64_t ah, bh;
        approximate_n<LEN>(ah, bh, a, b, top);
        Trans t;
        bingcd_batch<true>(ah, bh, t, j);
        update_fg_n<LEN>(a, b, t);
        // At most one of a and b is negative now (wrong comparisons of approximations do that).
        if (a.v[LEN - 1] < 0) [[unlikely]] {
            negate_n<LEN>(a);
            j ^= (uint64_t)b.v[0];  // (-1 | b) = -1 iff b ≡ 3 (mod 4): bit 1
        } else if (b.v[LEN - 1] < 0) [[unlikely]] {
            negate_n<LEN>(b);
        }
        // b = 1 happens early for inputs related to m's shape (x = 1, -1, 2^k, ...), whose a
        // then shrinks one bit a step for hundreds of steps; stop there.
        if (is_one_n<LEN>(b)) [[unlikely]] return STAGE_DONE;
    }
}

[[gnu::always_inline]] inline int jacobi_impl(const uint64_t x[4], const ModinvModulus& mod) {
    if ((x[0] | x[1] | x[2] | x[3]) == 0) return 0;
    Signed62 a = from_u64(x), b = from_u64(mod.m64);
    uint64_t j = 0;  // the symbol is (-1)^(bit 1 of j)
    int budget = BG_MAX_BATCHES;
    // Limbs that are zero in both are dropped (the top limb is zero-extended into the next).
    StageEnd end = jacobi_batches<5>(a, b, j, budget);
    if (end == STAGE_SHORTER) end = jacobi_batches<4>(a, b, j, budget);
    if (end == STAGE_SHORTER) end = jacobi_batches<3>(a, b, j, budget);
    if (end == STAGE_SHORTER) end = jacobi_batches<2>(a, b, j, budget);
    if (end == STAGE_OUT_OF_BUDGET) return modinv_detail::jacobi_binary_var(x, mod.m64);
    uint64_t b64 = 1;
    if (end == STAGE_SHORTER) {
        // Both below 2^64: finish with exact steps (at most 128 of them).
        uint64_t a64 = (uint64_t)a.v[0] | ((uint64_t)a.v[1] << 62);
        b64 = (uint64_t)b.v[0] | ((uint64_t)b.v[1] << 62);
        if (a64 != 0 && b64 != 1) bingcd_tail(a64, b64, j);
    } else if (!is_one_n<5>(b)) {
        b64 = 0;  // done with a = 0 and b > 1: gcd(x, m) > 1
    }
    if (b64 != 1) return 0;
    return (j & 2) ? -1 : 1;
}

// ---- Variable-time inverse by the same binary GCD ---------------------------------------------
//
// The steps are those of the Jacobi symbol above without the symbol, and with the matrices also
// applied to (d, e), d·x ≡ a and e·x ≡ b (mod m), by update_de (which divides by 2^62 modulo m,
// the matrices being scaled to 2^62). A negated a or b negates the matching row of the matrix
// before it reaches (d, e). At the end a = 0 and b = gcd(x, m) = 1, so e is the inverse.

// The matrices not yet applied to (d, e): one batch's (scaled by 2^32, dividing by 2^30), or the
// product of two (scaled by 4, dividing by 2^60, entries still within 2^62), so that update_de,
// which costs about as much as a batch's steps in multiplications and additions, runs once every
// two batches. It is placed in program order after the next batch's steps, in whose shadow it
// then runs (nothing waits for (d, e) until the end).
struct PendingDe {
    Trans t;
    int n = 0;  // batches in t: 0, 1 or 2
};

// 4·(B·A) from A and B scaled by 2^32 (entries of the unscaled matrices below 2^31).
inline Trans combine_scaled(const Trans& A, const Trans& B) {
    const int64_t au = A.u >> 32, av = A.v >> 32, aq = A.q >> 32, ar = A.r >> 32;
    const int64_t bu = B.u >> 32, bv = B.v >> 32, bq = B.q >> 32, br = B.r >> 32;
    Trans t;
    t.u = (bu * au + bv * aq) * 4;
    t.v = (bu * av + bv * ar) * 4;
    t.q = (bq * au + br * aq) * 4;
    t.r = (bq * av + br * ar) * 4;
    return t;
}

// update_de called out of line in the stage loops: inlined, its many temporaries made GCC spill
// a and b around the whole loop (measured: the inverse 3-4% slower). One copy per built-in modulus
// keeps their constant limbs; mod is only read by the generic copy.
template <int WHICH>
[[gnu::noinline]] void update_de_out(Signed62& d, Signed62& e, const Trans& t, const ModinvModulus& mod) {
    if constexpr (WHICH == 0) update_de(d, e, t, K_P);
    else if constexpr (WHICH == 1) update_de(d, e, t, K_N);
    else update_de(d, e, t, mod);
}

[[gnu::always_inline]] inline void pending_flush_if_full(PendingDe& p, Signed62& d, Signed62& e,
                                                         const ModinvModulus& mod) {
    if (p.n == 2) {
        if (&mod == &K_P) update_de_out<0>(d, e, p.t, mod);
        else if (&mod == &K_N) update_de_out<1>(d, e, p.t, mod);
        else update_de_out<2>(d, e, p.t, mod);
        p.n = 0;
    }
}

inline void pending_add(PendingDe& p, const Trans& t) {
    if (p.n == 0) {
        p.t = t;
        p.n = 1;
    } else {
        p.t = combine_scaled(p.t, t);
        p.n = 2;
    }
}

// Everything pending applied to (d, e).
[[gnu::always_inline]] inline void pending_flush(PendingDe& p, Signed62& d, Signed62& e,
                                                 const ModinvModulus& mod) {
    if (p.n != 0) update_de(d, e, p.t, mod);
    p.n = 0;
}

template <int LEN>
[[gnu::always_inline]] inline StageEnd inv_batches(Signed62& a, Signed62& b, Signed62& d, Signed62& e,
                                                   PendingDe& pending, int& budget,
                                                   const ModinvModulus& mod) {
    for (;;) {
        const uint64_t top = (uint64_t)(a.v[LEN - 1] | b.v[LEN - 1]);
        if (top < (LEN == 2 ? 4u : 1u)) return STAGE_SHORTER;
        if (--budget < 0) return STAGE_OUT_OF_BUDGET;
        if (a.v[0] == 0) [[unlikely]] {
            // a ← a/2^62, so d ← d/2^62 (mod m): the matrix diag(1, 2^62) scaled by 2^62.
            if (!shift_limb_n<LEN>(a)) return STAGE_DONE;
            pending_flush(pending, d, e, mod);
            update_de(d, e, Trans{1, 0, 0, int64_t(1) << 62}, mod);
            continue;
        }
        uint64_t ah, bh;
        approximate_n<LEN>(ah, bh, a, b, top);
        uint64_t unused = 0;
        Trans t;
        bingcd_batch<false>(ah, bh, t, unused);
        pending_flush_if_full(pending, d, e, mod);
        update_fg_n<LEN>(a, b, t);
        if (a.v[LEN - 1] < 0) [[unlikely]] {
            negate_n<LEN>(a);
            t.u = -t.u;
            t.v = -t.v;
        } else if (b.v[LEN - 1] < 0) [[unlikely]] {
            negate_n<LEN>(b);
            t.q = -t.q;
            t.r = -t.r;
        }
        pending_add(pending, t);
        if (is_one_n<LEN>(b)) [[unlikely]] return STAGE_DONE;  // e·x ≡ 1 already
    }
}

// Never seen taken (at most 15 of the 40 batches were used on millions of inputs built against
// the approximations), so one generic out-of-line copy rather than one inlined per modulus.
[[gnu::noinline]] void modinv_const_fallback(uint64_t out[4], const uint64_t x[4],
                                             const ModinvModulus& mod) {
    modinv_const_impl(out, x, mod);
}

[[gnu::always_inline]] inline void modinv_var_impl(uint64_t out[4], const uint64_t x[4],
                                                   const ModinvModulus& mod) {
    if ((x[0] | x[1] | x[2] | x[3]) == 0) {
        out[0] = out[1] = out[2] = out[3] = 0;
        return;
    }
    Signed62 a = from_u64(x), b = from_u64(mod.m64);
    Signed62 d{{1, 0, 0, 0, 0}}, e{{0, 0, 0, 0, 0}};
    PendingDe pending;
    int budget = BG_MAX_BATCHES;
    StageEnd end = inv_batches<5>(a, b, d, e, pending, budget, mod);
    if (end == STAGE_SHORTER) end = inv_batches<4>(a, b, d, e, pending, budget, mod);
    if (end == STAGE_SHORTER) end = inv_batches<3>(a, b, d, e, pending, budget, mod);
    if (end == STAGE_SHORTER) end = inv_batches<2>(a, b, d, e, pending, budget, mod);
    if (end == STAGE_OUT_OF_BUDGET) {
        modinv_const_fallback(out, x, mod);
        return;
    }
    if (end == STAGE_SHORTER) {
        // Both below 2^64: the approximations are the numbers themselves, and a batch leaves
        // them updated exactly; at most 128 halvings remain, so at most 5 batches.
        uint64_t a64 = (uint64_t)a.v[0] | ((uint64_t)a.v[1] << 62);
        uint64_t b64 = (uint64_t)b.v[0] | ((uint64_t)b.v[1] << 62);
        while (a64 != 0 && b64 != 1) {
            uint64_t unused = 0;
            Trans t;
            bingcd_batch<false>(a64, b64, t, unused);
            pending_flush_if_full(pending, d, e, mod);
            pending_add(pending, t);
        }
    }
    pending_flush(pending, d, e, mod);
    normalize_out(out, e, 1, mod);
}

}  // namespace

const ModinvModulus MODINV_P = K_P;
const ModinvModulus MODINV_N = K_N;

// Dispatch on the two built-in moduli so each gets a copy in which the modulus limbs are
// compile-time constants (the zero limbs of p then cost nothing). Other moduli take the generic copy.
void modinv_const(uint64_t out[4], const uint64_t x[4], const ModinvModulus& m) {
    if (&m == &MODINV_P) return modinv_const_impl(out, x, K_P);
    if (&m == &MODINV_N) return modinv_const_impl(out, x, K_N);
    modinv_const_impl(out, x, m);
}

void modinv_var(uint64_t out[4], const uint64_t x[4], const ModinvModulus& m) {
    if (&m == &MODINV_P) return modinv_var_impl(out, x, K_P);
    if (&m == &MODINV_N) return modinv_var_impl(out, x, K_N);
    modinv_var_impl(out, x, m);
}

int jacobi_var(const uint64_t x[4], const ModinvModulus& m) {
    if (&m == &MODINV_P) return jacobi_impl(x, K_P);
    if (&m == &MODINV_N) return jacobi_impl(x, K_N);
    return jacobi_impl(x, m);
}

namespace modinv_detail {

namespace {
bool is_zero4(const uint64_t a[4]) { return (a[0] | a[1] | a[2] | a[3]) == 0; }
bool less4(const uint64_t a[4], const uint64_t b[4]) {
    for (int i = 3; i >= 0; i--)
        if (a[i] != b[i]) return a[i] < b[i];
    return false;
}
void sub4(uint64_t a[4], const uint64_t b[4]) {  // a -= b, requires a >= b
    uint64_t borrow = 0;
    for (int i = 0; i < 4; i++) {
        const u128 t = (u128)a[i] - b[i] - borrow;
        a[i] = (uint64_t)t;
        borrow = (uint64_t)(t >> 64) & 1;
    }
}
void shr4(uint64_t a[4], int s) {  // 0 < s < 64
    for (int i = 0; i < 3; i++) a[i] = (a[i] >> s) | (a[i + 1] << (64 - s));
    a[3] >>= s;
}
}  // namespace

int jacobi_binary_var(const uint64_t x[4], const uint64_t m[4]) {
    uint64_t a[4] = {x[0], x[1], x[2], x[3]}, n[4] = {m[0], m[1], m[2], m[3]};
    int j = 1;
    // Invariant: (x | m) = j·(a | n), n odd and positive.
    while (!is_zero4(a)) {
        // Remove factors of two: (2 | n) = -1 iff n ≡ 3, 5 (mod 8).
        while ((a[0] & 1) == 0) {
            int z = a[0] ? __builtin_ctzll(a[0]) : 63;
            shr4(a, z);
            if ((z & 1) && (((n[0] >> 1) ^ (n[0] >> 2)) & 1)) j = -j;
        }
        // Both odd: make a >= n (reciprocity on a swap), then a - n keeps the symbol.
        if (less4(a, n)) {
            for (int i = 0; i < 4; i++) { const uint64_t t = a[i]; a[i] = n[i]; n[i] = t; }
            if ((a[0] & n[0] & 3) == 3) j = -j;
        }
        sub4(a, n);
    }
    const bool one = n[0] == 1 && (n[1] | n[2] | n[3]) == 0;
    return one ? j : 0;
}

}  // namespace modinv_detail

}  // namespace fastsecp
