/* fastsecp GPU kernels: one source, compiled as OpenCL C (embedded in the library, built when a
 * device is opened) and as CUDA C++ (nvcc: fatbin + PTX, embedded). A thin macro layer below hides
 * the differences (address spaces, thread index, function qualifiers, the 32-bit multiply with
 * carry). Everything else is plain C.
 *
 * Numbers are 8 x 32-bit limbs, least significant first. Field elements are kept fully reduced
 * (0 <= a < p) after every operation, branch-free, so equality is limb equality and no function
 * of the field layer branches on its inputs. Point and scalar code above it says in each name
 * whether it may branch on its data: _var functions do (public data only); the rest do not.
 *
 * Kernels (every one takes the same six arguments, see the bottom of the file):
 *   fsk_ecmult_gen     k*G for public scalars (8-bit fixed-base windows, table in device memory)
 *   fsk_tweak_mul      k*P for one secret k (params) and many points, 4-bit fixed windows,
 *                      constant time in k (full-scan table select, masked additions)
 *   fsk_sp_prefilter   BIP-352 round k = 0: S, t_0, P_0 = B + t_0*G, P_0 + labels, 8-byte x prefixes
 *                      (the indexer's filter, and the first stage of the full scan)
 *   fsk_schnorr_verify BIP-340, one signature per thread
 *   fsk_ecdsa_verify   ECDSA, one signature per thread
 */
#if defined(__OPENCL_VERSION__) || defined(__OPENCL_C_VERSION__)
typedef uint u32;
typedef ulong u64;
#define KERNEL __kernel
#define GLOBAL __global
#define DEV static inline
#define DEV_BIG static inline
#define THREAD_ID ((u32)get_global_id(0))
#define CONSTMEM __constant
#elif defined(__CUDACC__)
typedef unsigned int u32;
typedef unsigned long long u64;
#define KERNEL extern "C" __global__
#define GLOBAL
#define DEV static __device__ __forceinline__
/* The large routines are called, not inlined: inlining them everywhere made ptxas take minutes
 * per architecture. */
#define DEV_BIG static __device__ __noinline__
#define THREAD_ID ((u32)(blockIdx.x * blockDim.x + threadIdx.x))
#define CONSTMEM __device__ __constant__
#else
#error "compile as OpenCL C or CUDA C++"
#endif

/* Status codes, as in fastsecp.h. */
#define ST_OK 0u
#define ST_SCALAR 4u
#define ST_NOT_ON_CURVE 5u
#define ST_INFINITY 6u
#define ST_INVALID_SIG 8u

typedef struct { u32 v[8]; } fe;             /* field element mod p, or a scalar mod n */
typedef struct { fe x, y; u32 inf; } ge;     /* affine point */
typedef struct { fe x, y, z; } gej;          /* Jacobian point; z == 0 is infinity */

/* ---- 256-bit words ------------------------------------------------------------------------ */

/* p = 2^256 - 0x1000003D1 and n, limbs least significant first. */
#define P_LIMB0 0xFFFFFC2Fu
#define P_LIMB1 0xFFFFFFFEu
DEV u32 p_limb(int i) { return i == 0 ? P_LIMB0 : (i == 1 ? P_LIMB1 : 0xFFFFFFFFu); }
DEV u32 n_limb(int i) {
    return i == 0 ? 0xD0364141u : i == 1 ? 0xBFD25E8Cu : i == 2 ? 0xAF48A03Bu : i == 3 ? 0xBAAEDCE6u
         : i == 4 ? 0xFFFFFFFEu : 0xFFFFFFFFu;
}

DEV void fe_set(fe* r, const fe* a) { for (int i = 0; i < 8; i++) r->v[i] = a->v[i]; }
DEV void fe_zero(fe* r) { for (int i = 0; i < 8; i++) r->v[i] = 0; }
DEV void fe_one(fe* r) { fe_zero(r); r->v[0] = 1; }
DEV void fe_load(fe* r, const GLOBAL u32* a) { for (int i = 0; i < 8; i++) r->v[i] = a[i]; }
DEV void fe_store(GLOBAL u32* r, const fe* a) { for (int i = 0; i < 8; i++) r[i] = a->v[i]; }
/* 1 when a == 0, else 0 (no branch). */
DEV u32 fe_is_zero(const fe* a) {
    u32 z = 0;
    for (int i = 0; i < 8; i++) z |= a->v[i];
    return 1u ^ ((z | (0u - z)) >> 31);
}
DEV u32 fe_eq(const fe* a, const fe* b) {
    u32 z = 0;
    for (int i = 0; i < 8; i++) z |= a->v[i] ^ b->v[i];
    return 1u ^ ((z | (0u - z)) >> 31);
}
/* r = mask ? a : r, mask all ones or zero. */
DEV void fe_cmov(fe* r, const fe* a, u32 mask) {
    for (int i = 0; i < 8; i++) r->v[i] = (r->v[i] & ~mask) | (a->v[i] & mask);
}
/* 1 when a < b (as 256-bit numbers). */
DEV u32 u256_lt(const fe* a, const fe* b) {
    u64 c = 0;
    for (int i = 0; i < 8; i++) {
        c = (u64)a->v[i] - b->v[i] - (u32)(c >> 63);
    }
    return (u32)(c >> 63);
}
DEV u32 u256_lt_n(const fe* a) {
    fe n;
    for (int i = 0; i < 8; i++) n.v[i] = n_limb(i);
    return u256_lt(a, &n);
}
DEV u32 u256_lt_p(const fe* a) {
    fe p;
    for (int i = 0; i < 8; i++) p.v[i] = p_limb(i);
    return u256_lt(a, &p);
}
/* r = a - m (mod 2^256) where the subtraction is kept only when mask; m is p or n by `which`. */
DEV void u256_sub_mod_masked(fe* r, u32 mask, int which_n) {
    u64 c = 0;
    for (int i = 0; i < 8; i++) {
        u32 m = (which_n ? n_limb(i) : p_limb(i)) & mask;
        c = (u64)r->v[i] - m - (u32)(c >> 63);
        r->v[i] = (u32)c;
    }
}

/* ---- Field mod p ------------------------------------------------------------------------------ */

DEV void fe_add(fe* r, const fe* a, const fe* b) {
    u64 c = 0;
    fe s;
    for (int i = 0; i < 8; i++) {
        c += (u64)a->v[i] + b->v[i];
        s.v[i] = (u32)c;
        c >>= 32;
    }
    /* s + c*2^256 < 2p: subtract p when that is >= p. */
    u32 ge_p = (u32)c | (1u ^ u256_lt_p(&s));
    u256_sub_mod_masked(&s, 0u - ge_p, 0);
    fe_set(r, &s);
}
DEV void fe_sub(fe* r, const fe* a, const fe* b) {
    u64 c = 0;
    fe d;
    for (int i = 0; i < 8; i++) {
        c = (u64)a->v[i] - b->v[i] - (u32)(c >> 63);
        d.v[i] = (u32)c;
    }
    u32 mask = 0u - (u32)(c >> 63);
    c = 0;
    for (int i = 0; i < 8; i++) {
        c += (u64)d.v[i] + (p_limb(i) & mask);
        r->v[i] = (u32)c;
        c >>= 32;
    }
}
DEV void fe_neg(fe* r, const fe* a) {
    fe z;
    fe_zero(&z);
    fe_sub(r, &z, a);
}
DEV void fe_dbl(fe* r, const fe* a) { fe_add(r, a, a); }

/* t[0..15] = a * b. On CUDA with inline PTX: one carry chain per row (mad.lo.cc / madc.lo.cc for
 * the low halves, then mad.hi.cc / madc.hi.cc for the high halves), 16 IMAD per row, 128 in all.
 * Elsewhere: 64-bit accumulation (the same 64 32x32->64 products). */
#if defined(__CUDACC__) && !defined(FASTSECP_NO_PTX)
#define FSK_ROW(i)                                                                                   \
    asm("mad.lo.cc.u32 %0, %9, %10, %0;\n\t"                                                         \
        "madc.lo.cc.u32 %1, %9, %11, %1;\n\t"                                                        \
        "madc.lo.cc.u32 %2, %9, %12, %2;\n\t"                                                        \
        "madc.lo.cc.u32 %3, %9, %13, %3;\n\t"                                                        \
        "madc.lo.cc.u32 %4, %9, %14, %4;\n\t"                                                        \
        "madc.lo.cc.u32 %5, %9, %15, %5;\n\t"                                                        \
        "madc.lo.cc.u32 %6, %9, %16, %6;\n\t"                                                        \
        "madc.lo.cc.u32 %7, %9, %17, %7;\n\t"                                                        \
        "addc.u32 %8, 0, 0;\n\t"                                                                     \
        "mad.hi.cc.u32 %1, %9, %10, %1;\n\t"                                                         \
        "madc.hi.cc.u32 %2, %9, %11, %2;\n\t"                                                        \
        "madc.hi.cc.u32 %3, %9, %12, %3;\n\t"                                                        \
        "madc.hi.cc.u32 %4, %9, %13, %4;\n\t"                                                        \
        "madc.hi.cc.u32 %5, %9, %14, %5;\n\t"                                                        \
        "madc.hi.cc.u32 %6, %9, %15, %6;\n\t"                                                        \
        "madc.hi.cc.u32 %7, %9, %16, %7;\n\t"                                                        \
        "madc.hi.u32 %8, %9, %17, %8;"                                                               \
        : "+r"(t[(i) + 0]), "+r"(t[(i) + 1]), "+r"(t[(i) + 2]), "+r"(t[(i) + 3]), "+r"(t[(i) + 4]),  \
          "+r"(t[(i) + 5]), "+r"(t[(i) + 6]), "+r"(t[(i) + 7]), "+r"(t[(i) + 8])                      \
        : "r"(a->v[i]), "r"(b->v[0]), "r"(b->v[1]), "r"(b->v[2]), "r"(b->v[3]), "r"(b->v[4]),         \
          "r"(b->v[5]), "r"(b->v[6]), "r"(b->v[7]))
DEV void mul_256(u32 t[16], const fe* a, const fe* b) {
    for (int i = 0; i < 16; i++) t[i] = 0;
    /* Row i adds a_i*b into t[i..i+8]; t[i+8] is still zero when row i starts, so the low chain's
     * carry lands there (addc), and the high chain cannot carry out of t[i+8]: the partial sum
     * sum_{j<=i} a_j*b*2^(32j) < 2^(32(i+9)). */
    FSK_ROW(0); FSK_ROW(1); FSK_ROW(2); FSK_ROW(3); FSK_ROW(4); FSK_ROW(5); FSK_ROW(6); FSK_ROW(7);
}
#else
DEV void mul_256(u32 t[16], const fe* a, const fe* b) {
    for (int i = 0; i < 16; i++) t[i] = 0;
    for (int i = 0; i < 8; i++) {
        u64 c = 0;
        for (int j = 0; j < 8; j++) {
            c += (u64)a->v[i] * b->v[j] + t[i + j];
            t[i + j] = (u32)c;
            c >>= 32;
        }
        t[i + 8] = (u32)c;
    }
}
#endif

/* s += h*0x1000003D1 (= h*2^256 mod p), h < 2^34; returns the carry out of 2^256. */
DEV u32 fe_fold(fe* s, u64 h) {
    u64 c = (u64)s->v[0] + h * 977u;
    s->v[0] = (u32)c;
    c >>= 32;
    c += (u64)s->v[1] + h;
    s->v[1] = (u32)c;
    c >>= 32;
    for (int i = 2; i < 8; i++) {
        c += s->v[i];
        s->v[i] = (u32)c;
        c >>= 32;
    }
    return (u32)c;
}
/* r = t mod p for a 512-bit t: 2^256 = 0x1000003D1 (mod p), folded twice, then one masked
 * subtraction of p. */
DEV_BIG void fe_reduce512(fe* r, const u32 t[16]) {
    u64 c = 0;
    fe s;
    for (int i = 0; i < 8; i++) {
        c += (u64)t[i] + (u64)t[8 + i] * 977u;
        if (i > 0) c += t[7 + i];
        s.v[i] = (u32)c;
        c >>= 32;
    }
    /* value = s + h*2^256 with h < 2^33; after one fold the carry is 0 or 1, and when it is 1, s is
     * small, so the second fold cannot carry. */
    u32 k = fe_fold(&s, c + t[15]);
    (void)fe_fold(&s, k);
    u256_sub_mod_masked(&s, 0u - (1u ^ u256_lt_p(&s)), 0);
    fe_set(r, &s);
}
DEV void fe_mul(fe* r, const fe* a, const fe* b) {
    u32 t[16];
    mul_256(t, a, b);
    fe_reduce512(r, t);
}
DEV void fe_sqr(fe* r, const fe* a) { fe_mul(r, a, a); }
DEV void fe_sqr_n(fe* r, const fe* a, int n) {
    fe_set(r, a);
    for (int i = 0; i < n; i++) fe_sqr(r, r);
}
/* a^(2^223 - 1) and the shorter powers on the way (the addition chain of p-2 and (p+1)/4:
 * 255 squarings, 15 multiplications for the inverse). Fixed sequence: constant time. */
DEV_BIG void fe_pow_x223(fe* x223, fe* x22, fe* x2, const fe* a) {
    fe x3, x6, x9, x11, x44, x88, x176, x220, t;
    fe_sqr(&t, a); fe_mul(x2, &t, a);
    fe_sqr(&t, x2); fe_mul(&x3, &t, a);
    fe_sqr_n(&t, &x3, 3); fe_mul(&x6, &t, &x3);
    fe_sqr_n(&t, &x6, 3); fe_mul(&x9, &t, &x3);
    fe_sqr_n(&t, &x9, 2); fe_mul(&x11, &t, x2);
    fe_sqr_n(&t, &x11, 11); fe_mul(x22, &t, &x11);
    fe_sqr_n(&t, x22, 22); fe_mul(&x44, &t, x22);
    fe_sqr_n(&t, &x44, 44); fe_mul(&x88, &t, &x44);
    fe_sqr_n(&t, &x88, 88); fe_mul(&x176, &t, &x88);
    fe_sqr_n(&t, &x176, 44); fe_mul(&x220, &t, &x44);
    fe_sqr_n(&t, &x220, 3); fe_mul(x223, &t, &x3);
}
/* r = 1/a (a^(p-2)); 0 for 0. */
DEV_BIG void fe_inv(fe* r, const fe* a) {
    fe x223, x22, x2, t;
    fe_pow_x223(&x223, &x22, &x2, a);
    fe_sqr_n(&t, &x223, 23); fe_mul(&t, &t, &x22);
    fe_sqr_n(&t, &t, 5); fe_mul(&t, &t, a);
    fe_sqr_n(&t, &t, 3); fe_mul(&t, &t, &x2);
    fe_sqr_n(&t, &t, 2); fe_mul(r, &t, a);
}
/* r = a^((p+1)/4); returns 1 when r^2 == a (a is a square). */
DEV_BIG u32 fe_sqrt(fe* r, const fe* a) {
    fe x223, x22, x2, t;
    fe_pow_x223(&x223, &x22, &x2, a);
    fe_sqr_n(&t, &x223, 23); fe_mul(&t, &t, &x22);
    fe_sqr_n(&t, &t, 6); fe_mul(&t, &t, &x2);
    fe_sqr_n(r, &t, 2);
    fe_sqr(&t, r);
    return fe_eq(&t, a);
}
/* x^3 + 7 */
DEV void fe_curve_rhs(fe* r, const fe* x) {
    fe t, seven;
    fe_sqr(&t, x);
    fe_mul(&t, &t, x);
    fe_zero(&seven);
    seven.v[0] = 7;
    fe_add(r, &t, &seven);
}

/* ---- Scalars mod n (Montgomery, R = 2^256) ------------------------------------------------------ */

#define N_PRIME 0x5588B13Fu /* -1/n mod 2^32 */
DEV u32 r2n_limb(int i) {
    return i == 0 ? 0x67D7D140u : i == 1 ? 0x896CF214u : i == 2 ? 0x0E7CF878u : i == 3 ? 0x741496C2u
         : i == 4 ? 0x5BCD07C6u : i == 5 ? 0xE697F5E4u : i == 6 ? 0x81C69BC5u : 0x9D671CD5u;
}
/* r = a*b/R mod n for a, b < n (CIOS). */
DEV_BIG void sc_mont(fe* r, const fe* a, const fe* b) {
    u32 t[10];
    for (int i = 0; i < 10; i++) t[i] = 0;
    for (int i = 0; i < 8; i++) {
        u64 c = 0;
        for (int j = 0; j < 8; j++) {
            c += (u64)a->v[j] * b->v[i] + t[j];
            t[j] = (u32)c;
            c >>= 32;
        }
        c += t[8];
        t[8] = (u32)c;
        t[9] = (u32)(c >> 32);
        u32 m = t[0] * N_PRIME;
        c = (u64)m * n_limb(0) + t[0];
        c >>= 32;
        for (int j = 1; j < 8; j++) {
            c += (u64)m * n_limb(j) + t[j];
            t[j - 1] = (u32)c;
            c >>= 32;
        }
        c += t[8];
        t[7] = (u32)c;
        t[8] = t[9] + (u32)(c >> 32);
    }
    fe s;
    for (int i = 0; i < 8; i++) s.v[i] = t[i];
    u32 ge_n = t[8] | (1u ^ u256_lt_n(&s));
    u256_sub_mod_masked(&s, 0u - ge_n, 1);
    fe_set(r, &s);
}
/* r = a mod n for any 256-bit a (a < 2n always holds). */
DEV void sc_reduce(fe* r, const fe* a) {
    fe_set(r, a);
    u256_sub_mod_masked(r, 0u - (1u ^ u256_lt_n(a)), 1);
}
DEV void sc_neg(fe* r, const fe* a) { /* n - a, 0 for 0 */
    u64 c = 0;
    u32 nz = 1u ^ fe_is_zero(a);
    for (int i = 0; i < 8; i++) {
        c = (u64)(n_limb(i) & (0u - nz)) - a->v[i] - (u32)(c >> 63);
        r->v[i] = (u32)c;
    }
}
/* w*R mod n where w = 1/s (s^(n-2)), s < n. Public inputs only (the exponent's bits branch, but
 * they are constant). */
DEV_BIG void sc_inv_mont(fe* r, const fe* s) {
    fe r2, x;
    for (int i = 0; i < 8; i++) r2.v[i] = r2n_limb(i);
    sc_mont(&x, s, &r2); /* s*R */
    fe_set(r, &x);
    for (int bit = 254; bit >= 0; bit--) {
        sc_mont(r, r, r);
        u32 e = n_limb(bit >> 5);
        if ((bit >> 5) == 0) e -= 2u;
        if ((e >> (bit & 31)) & 1u) sc_mont(r, r, &x);
    }
}

/* ---- Points ------------------------------------------------------------------------------------ */

DEV void gej_set_inf(gej* r) { fe_zero(&r->x); fe_zero(&r->y); fe_zero(&r->z); }
DEV void gej_set_ge(gej* r, const ge* a) { fe_set(&r->x, &a->x); fe_set(&r->y, &a->y); fe_one(&r->z); }
DEV u32 gej_is_inf(const gej* a) { return fe_is_zero(&a->z); }
DEV void gej_cmov(gej* r, const gej* a, u32 mask) {
    fe_cmov(&r->x, &a->x, mask); fe_cmov(&r->y, &a->y, mask); fe_cmov(&r->z, &a->z, mask);
}

/* r = 2a (a = 0 curve). Infinity stays infinity (z3 = 2yz). No branch. 3M + 4S. */
DEV_BIG void gej_double(gej* r, const gej* a) {
    fe yy, s, m, t, x3, y3, z3;
    fe_sqr(&yy, &a->y);
    fe_mul(&s, &a->x, &yy);
    fe_dbl(&s, &s); fe_dbl(&s, &s);            /* S = 4xy^2 */
    fe_sqr(&m, &a->x);
    fe_add(&t, &m, &m); fe_add(&m, &m, &t);    /* M = 3x^2 */
    fe_sqr(&x3, &m);
    fe_sub(&x3, &x3, &s); fe_sub(&x3, &x3, &s);
    fe_sqr(&t, &yy);
    fe_dbl(&t, &t); fe_dbl(&t, &t); fe_dbl(&t, &t); /* 8y^4 */
    fe_sub(&y3, &s, &x3);
    fe_mul(&y3, &y3, &m);
    fe_sub(&y3, &y3, &t);
    fe_mul(&z3, &a->y, &a->z);
    fe_dbl(&z3, &z3);
    fe_set(&r->x, &x3); fe_set(&r->y, &y3); fe_set(&r->z, &z3);
}

/* r = a + b, Jacobian + affine, every case (infinity, a = b, a = -b). Variable time. 8M + 3S. */
DEV_BIG void gej_add_ge_var(gej* r, const gej* a, const ge* b) {
    if (b->inf) { *r = *a; return; }
    if (gej_is_inf(a)) { gej_set_ge(r, b); return; }
    fe z2, u2, s2, h, rr, hh, hhh, v, t;
    fe_sqr(&z2, &a->z);
    fe_mul(&u2, &b->x, &z2);
    fe_mul(&s2, &b->y, &z2);
    fe_mul(&s2, &s2, &a->z);
    fe_sub(&h, &u2, &a->x);
    fe_sub(&rr, &s2, &a->y);
    if (fe_is_zero(&h)) {
        if (fe_is_zero(&rr)) { gej_double(r, a); return; }
        gej_set_inf(r);
        return;
    }
    fe_sqr(&hh, &h);
    fe_mul(&hhh, &hh, &h);
    fe_mul(&v, &a->x, &hh);
    gej res;
    fe_sqr(&res.x, &rr);
    fe_sub(&res.x, &res.x, &hhh);
    fe_sub(&res.x, &res.x, &v);
    fe_sub(&res.x, &res.x, &v);
    fe_sub(&t, &v, &res.x);
    fe_mul(&t, &t, &rr);
    fe_mul(&res.y, &a->y, &hhh);
    fe_sub(&res.y, &t, &res.y);
    fe_mul(&res.z, &a->z, &h);
    *r = res;
}

/* The general Jacobian sum without case analysis (wrong when a or b is infinity or a = +-b).
 * 12M + 4S. Returns h == 0 (the caller decides what that means). */
DEV_BIG u32 gej_add_formula(gej* r, const gej* a, const gej* b, u32* r_zero) {
    fe z1z1, z2z2, u1, u2, s1, s2, h, rr, hh, hhh, v, t;
    fe_sqr(&z1z1, &a->z);
    fe_sqr(&z2z2, &b->z);
    fe_mul(&u1, &a->x, &z2z2);
    fe_mul(&u2, &b->x, &z1z1);
    fe_mul(&s1, &a->y, &b->z);
    fe_mul(&s1, &s1, &z2z2);
    fe_mul(&s2, &b->y, &a->z);
    fe_mul(&s2, &s2, &z1z1);
    fe_sub(&h, &u2, &u1);
    fe_sub(&rr, &s2, &s1);
    fe_sqr(&hh, &h);
    fe_mul(&hhh, &hh, &h);
    fe_mul(&v, &u1, &hh);
    fe_sqr(&r->x, &rr);
    fe_sub(&r->x, &r->x, &hhh);
    fe_sub(&r->x, &r->x, &v);
    fe_sub(&r->x, &r->x, &v);
    fe_sub(&t, &v, &r->x);
    fe_mul(&t, &t, &rr);
    fe_mul(&r->y, &s1, &hhh);
    fe_sub(&r->y, &t, &r->y);
    fe_mul(&r->z, &a->z, &b->z);
    fe_mul(&r->z, &r->z, &h);
    *r_zero = fe_is_zero(&rr);
    return fe_is_zero(&h);
}
/* r = a + b, Jacobian, every case. Variable time. */
DEV void gej_add_var(gej* r, const gej* a, const gej* b) {
    if (gej_is_inf(a)) { *r = *b; return; }
    if (gej_is_inf(b)) { *r = *a; return; }
    gej res;
    u32 rz;
    if (gej_add_formula(&res, a, b, &rz)) {
        if (rz) gej_double(r, a);
        else gej_set_inf(r);
        return;
    }
    *r = res;
}

/* Affine from Jacobian; infinity gives inf = 1. Constant time (Fermat inverse). */
DEV_BIG void ge_from_gej(ge* r, const gej* a) {
    fe zi, zi2;
    fe_inv(&zi, &a->z);
    fe_sqr(&zi2, &zi);
    fe_mul(&r->x, &a->x, &zi2);
    fe_mul(&zi2, &zi2, &zi);
    fe_mul(&r->y, &a->y, &zi2);
    r->inf = gej_is_inf(a);
}

/* table[0..15] = i*P (table[0] infinity) for an affine P. Public P: variable time. */
DEV void gej_table16_var(gej table[16], const ge* p) {
    gej_set_inf(&table[0]);
    gej_set_ge(&table[1], p);
    gej_double(&table[2], &table[1]);
    for (int i = 3; i < 16; i++) gej_add_ge_var(&table[i], &table[i - 1], p);
}

/* r = k*P, P affine and valid, 0 < k < n secret: 4-bit fixed windows from the top, every window
 * does 4 doublings, reads all 16 table entries (masked select), and one addition whose two
 * special cases (accumulator at infinity: only before the first non-zero window; digit 0) are
 * settled by masks. No other case can occur: before window j's addition the accumulator is
 * m*P with m = 16*floor(k/16^(j+1)) < n and the entry d*P with d < 16, and m = +-d (mod n) would
 * need m = d = 0 or floor(k/16^j) = n. */
DEV_BIG void ecmult_ct(gej* r, const ge* p, const fe* k) {
    gej table[16], acc, e, sum;
    gej_table16_var(table, p);
    gej_set_inf(&acc);
    u32 acc_inf = 0xFFFFFFFFu;
    for (int w = 63; w >= 0; w--) {
        for (int d = 0; d < 4; d++) gej_double(&acc, &acc);
        u32 digit = (k->v[w >> 3] >> ((w & 7) * 4)) & 15u;
        gej_set_inf(&e);
        for (u32 i = 1; i < 16; i++) {
            u32 m = 0u - (((i ^ digit) - 1u) >> 31);
            gej_cmov(&e, &table[i], m);
        }
        u32 dz = 0u - (((digit) - 1u) >> 31); /* digit == 0 */
        u32 rz;
        (void)gej_add_formula(&sum, &acc, &e, &rz);
        /* acc at infinity: take e; digit 0: keep acc. */
        gej_cmov(&sum, &e, acc_inf);
        gej_cmov(&sum, &acc, dz);
        acc = sum;
        acc_inf &= dz;
    }
    *r = acc;
}

/* r = k*P for a public k (variable time; any k < 2^256, P affine). */
DEV_BIG void ecmult_var(gej* r, const ge* p, const fe* k) {
    gej table[16], acc;
    gej_table16_var(table, p);
    gej_set_inf(&acc);
    for (int w = 63; w >= 0; w--) {
        if (!gej_is_inf(&acc))
            for (int d = 0; d < 4; d++) gej_double(&acc, &acc);
        u32 digit = (k->v[w >> 3] >> ((w & 7) * 4)) & 15u;
        if (digit) gej_add_var(&acc, &acc, &table[digit]);
    }
    *r = acc;
}

/* acc += k*G for a public k, with the fixed-base table: window w (0..31) of 8 bits, digit d
 * (1..255) at entry w*255 + d-1, 16 words (x, y) each. 32 mixed additions at most. */
#define GTABLE_WORDS (32u * 255u * 16u)
DEV_BIG void ecmult_gen_add_var(gej* acc, const GLOBAL u32* table, const fe* k) {
    for (int w = 0; w < 32; w++) {
        u32 d = (k->v[w >> 2] >> ((w & 3) * 8)) & 255u;
        if (d == 0) continue;
        const GLOBAL u32* e = table + ((u32)w * 255u + d - 1u) * 16u;
        ge q;
        fe_load(&q.x, e);
        fe_load(&q.y, e + 8);
        q.inf = 0;
        gej_add_ge_var(acc, acc, &q);
    }
}

/* ---- Inputs ------------------------------------------------------------------------------------ */

/* A point record of 17 words: kind, x, y. Kind 1: x and y given (checked against the curve);
 * kind 2 / 3: x given, y the even / odd square root of x^3 + 7. The host has already checked
 * the encoding (lengths, prefixes, coordinates < p, hybrid parity). Returns ST_OK or
 * ST_NOT_ON_CURVE. Public data: variable time. */
#define POINT_WORDS 17u
DEV_BIG u32 point_decode(ge* r, const GLOBAL u32* rec) {
    u32 kind = rec[0];
    fe rhs, t;
    fe_load(&r->x, rec + 1);
    r->inf = 0;
    fe_curve_rhs(&rhs, &r->x);
    if (kind == 1u) {
        fe_load(&r->y, rec + 9);
        fe_sqr(&t, &r->y);
        return fe_eq(&t, &rhs) ? ST_OK : ST_NOT_ON_CURVE;
    }
    if (!fe_sqrt(&r->y, &rhs)) return ST_NOT_ON_CURVE;
    if ((r->y.v[0] & 1u) != (kind & 1u)) fe_neg(&r->y, &r->y);
    return ST_OK;
}

/* ---- SHA-256 ----------------------------------------------------------------------------------- */

typedef struct { u32 s[8]; u32 w[16]; u32 len; } sha256;

DEV u32 rotr(u32 x, int n) { return (x >> n) | (x << (32 - n)); }
/* FIPS 180-4 round constants. */
CONSTMEM u32 SHA_K[64] = {
        0x428a2f98u, 0x71374491u, 0xb5c0fbcfu, 0xe9b5dba5u, 0x3956c25bu, 0x59f111f1u, 0x923f82a4u, 0xab1c5ed5u,
        0xd807aa98u, 0x12835b01u, 0x243185beu, 0x550c7dc3u, 0x72be5d74u, 0x80deb1feu, 0x9bdc06a7u, 0xc19bf174u,
        0xe49b69c1u, 0xefbe4786u, 0x0fc19dc6u, 0x240ca1ccu, 0x2de92c6fu, 0x4a7484aau, 0x5cb0a9dcu, 0x76f988dau,
        0x983e5152u, 0xa831c66du, 0xb00327c8u, 0xbf597fc7u, 0xc6e00bf3u, 0xd5a79147u, 0x06ca6351u, 0x14292967u,
        0x27b70a85u, 0x2e1b2138u, 0x4d2c6dfcu, 0x53380d13u, 0x650a7354u, 0x766a0abbu, 0x81c2c92eu, 0x92722c85u,
        0xa2bfe8a1u, 0xa81a664bu, 0xc24b8b70u, 0xc76c51a3u, 0xd192e819u, 0xd6990624u, 0xf40e3585u, 0x106aa070u,
        0x19a4c116u, 0x1e376c08u, 0x2748774cu, 0x34b0bcb5u, 0x391c0cb3u, 0x4ed8aa4au, 0x5b9cca4fu, 0x682e6ff3u,
        0x748f82eeu, 0x78a5636fu, 0x84c87814u, 0x8cc70208u, 0x90befffau, 0xa4506cebu, 0xbef9a3f7u, 0xc67178f2u};
DEV_BIG void sha_compress(sha256* h) {
    u32 w[16];
    for (int i = 0; i < 16; i++) w[i] = h->w[i];
    u32 a = h->s[0], b = h->s[1], c = h->s[2], d = h->s[3], e = h->s[4], f = h->s[5], g = h->s[6], hh = h->s[7];
    for (int i = 0; i < 64; i++) {
        u32 wi;
        if (i < 16) wi = w[i];
        else {
            u32 w15 = w[(i + 1) & 15], w2 = w[(i + 14) & 15];
            u32 s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >> 3);
            u32 s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >> 10);
            wi = w[i & 15] + s0 + w[(i + 9) & 15] + s1;
            w[i & 15] = wi;
        }
        u32 t1 = hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + SHA_K[i] + wi;
        u32 t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
        hh = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
    }
    h->s[0] += a; h->s[1] += b; h->s[2] += c; h->s[3] += d;
    h->s[4] += e; h->s[5] += f; h->s[6] += g; h->s[7] += hh;
    for (int i = 0; i < 16; i++) h->w[i] = 0;
}
/* Starts from a tagged hash's midstate (the state after SHA256(tag) || SHA256(tag)). */
DEV void sha_init_mid(sha256* h, const GLOBAL u32* mid) {
    for (int i = 0; i < 8; i++) h->s[i] = mid[i];
    for (int i = 0; i < 16; i++) h->w[i] = 0;
    h->len = 64;
}
DEV void sha_byte(sha256* h, u32 b) {
    u32 idx = h->len & 63u;
    h->w[idx >> 2] |= (b & 255u) << (24 - 8 * (idx & 3u));
    h->len++;
    if ((h->len & 63u) == 0) sha_compress(h);
}
DEV void sha_fe(sha256* h, const fe* a) { /* 32 bytes big-endian */
    for (int i = 7; i >= 0; i--)
        for (int s = 24; s >= 0; s -= 8) sha_byte(h, a->v[i] >> s);
}
/* The digest as a 256-bit number (big-endian bytes -> limbs). */
DEV void sha_final(sha256* h, fe* out) {
    u32 bits = h->len * 8u;
    sha_byte(h, 0x80);
    while ((h->len & 63u) != 56u) sha_byte(h, 0);
    h->w[14] = 0;
    h->w[15] = bits;
    sha_compress(h);
    for (int i = 0; i < 8; i++) out->v[i] = h->s[7 - i];
}

/* ---- Kernels ------------------------------------------------------------------------------------ *
 * Arguments, the same for all: table (the k*G windows), params (per call), in (this launch's
 * items), out (this launch's results), scratch (per launch), n (items in this launch).       */
#define KARGS const GLOBAL u32 *table, const GLOBAL u32 *params, const GLOBAL u32 *in, GLOBAL u32 *out, \
              GLOBAL u32 *scratch, u32 n

DEV void store_affine(GLOBAL u32* o, const gej* p) {
    ge a;
    ge_from_gej(&a, p);
    o[0] = a.inf ? ST_INFINITY : ST_OK;
    fe_store(o + 1, &a.x);
    fe_store(o + 9, &a.y);
}

/* in: 8 words (scalar, 0 < k < n) per item; out: 17 words (status, x, y). */
KERNEL void fsk_ecmult_gen(KARGS) {
    u32 i = THREAD_ID;
    if (i >= n) return;
    fe k;
    fe_load(&k, in + i * 8u);
    gej acc;
    gej_set_inf(&acc);
    ecmult_gen_add_var(&acc, table, &k);
    store_affine(out + i * 17u, &acc);
}

/* params: the secret scalar (8 words, 0 < k < n). in: point records; out: 17 words (status, x, y). */
KERNEL void fsk_tweak_mul(KARGS) {
    u32 i = THREAD_ID;
    if (i >= n) return;
    ge p;
    GLOBAL u32* o = out + i * 17u;
    u32 st = point_decode(&p, in + i * POINT_WORDS);
    if (st != ST_OK) {
        o[0] = st;
        return;
    }
    fe k;
    fe_load(&k, params);
    gej r;
    ecmult_ct(&r, &p, &k);
    store_affine(o, &r);
}

/* S = scan*T serialized: status, y parity, x (10 words). params: scan key. */
DEV u32 shared_secret(ge* s, const GLOBAL u32* params, const GLOBAL u32* rec) {
    ge t;
    u32 st = point_decode(&t, rec);
    if (st != ST_OK) return st;
    fe k;
    fe_load(&k, params);
    gej r;
    ecmult_ct(&r, &t, &k);
    ge_from_gej(s, &r);
    return ST_OK;
}
/* params: scan key (0..7), BIP0352/SharedSecret midstate (8..15), B_spend x, y (16..31), number of
 * labels L (32), labels x, y (33 + 16*j). in: per item 19 words (point record, offset of its
 * prefixes in words from the start of in, count); a prefix is 2 words (high, low 32 bits).
 * out: 2 words (status, maybe). scratch: 24 words per candidate, (1 + L) per item. */
#define PF_WORDS 19u
KERNEL void fsk_sp_prefilter(KARGS) {
    u32 i = THREAD_ID;
    if (i >= n) return;
    const GLOBAL u32* rec = in + i * PF_WORDS;
    GLOBAL u32* o = out + i * 2u;
    o[1] = 0;
    ge s;
    u32 st = shared_secret(&s, params, rec);
    if (st != ST_OK) {
        o[0] = st;
        return;
    }
    /* t_0 = hash_BIP0352/SharedSecret(ser_P(S) || ser_32(0)) */
    sha256 h;
    sha_init_mid(&h, params + 8);
    sha_byte(&h, 2u | (s.y.v[0] & 1u));
    sha_fe(&h, &s.x);
    for (int b = 0; b < 4; b++) sha_byte(&h, 0);
    fe t0;
    sha_final(&h, &t0);
    if (fe_is_zero(&t0) || !u256_lt_n(&t0)) {
        o[0] = ST_SCALAR;
        return;
    }
    gej p0;
    ge spend;
    fe_load(&spend.x, params + 16);
    fe_load(&spend.y, params + 24);
    spend.inf = 0;
    gej_set_inf(&p0);
    ecmult_gen_add_var(&p0, table, &t0);
    gej_add_ge_var(&p0, &p0, &spend);
    if (gej_is_inf(&p0)) {
        o[0] = ST_INFINITY;
        return;
    }
    o[0] = ST_OK;
    /* Candidates P_0 + label_j (c = 0 is P_0), their z inverted together (Montgomery's trick). */
    u32 nl = params[32];
    GLOBAL u32* sc = scratch + (u64)i * (nl + 1u) * 24u;
    fe acc;
    fe_one(&acc);
    for (u32 c = 0; c <= nl; c++) {
        gej q = p0;
        if (c > 0) {
            ge l;
            fe_load(&l.x, params + 33 + (c - 1u) * 16u);
            fe_load(&l.y, params + 41 + (c - 1u) * 16u);
            l.inf = 0;
            gej_add_ge_var(&q, &p0, &l);
        }
        GLOBAL u32* e = sc + c * 24u;
        fe_store(e, &q.x);
        fe_store(e + 8, &q.z); /* zero: infinity, left out of the product */
        fe_store(e + 16, &acc);  /* product of the earlier z's */
        if (!gej_is_inf(&q)) fe_mul(&acc, &acc, &q.z);
    }
    fe inv;
    fe_inv(&inv, &acc);
    const GLOBAL u32* pre = in + rec[17];
    u32 npre = rec[18];
    u32 maybe = 0;
    for (u32 c = nl + 1u; c-- > 0;) {
        GLOBAL u32* e = sc + c * 24u;
        fe z, before, zi, x;
        fe_load(&z, e + 8);
        if (fe_is_zero(&z)) continue;
        fe_load(&before, e + 16);
        fe_mul(&zi, &inv, &before);
        fe_mul(&inv, &inv, &z);
        fe_load(&x, e);
        fe_sqr(&zi, &zi);
        fe_mul(&x, &x, &zi);
        for (u32 j = 0; j < npre; j++)
            if (pre[2 * j] == x.v[7] && pre[2 * j + 1] == x.v[6]) maybe = 1;
    }
    o[1] = maybe;
}

/* in: 28 words per item: x (key), r, s, flags (bit 0: s >= n, only the key is checked),
 * message offset (bytes from the start of in) and length, 1 unused; messages packed after the
 * records. params: BIP0340/challenge midstate (0..7). out: status. */
#define SCHNORR_WORDS 28u
KERNEL void fsk_schnorr_verify(KARGS) {
    u32 i = THREAD_ID;
    if (i >= n) return;
    const GLOBAL u32* rec = in + i * SCHNORR_WORDS;
    ge p;
    fe rhs, r, s, e;
    fe_load(&p.x, rec);
    p.inf = 0;
    fe_curve_rhs(&rhs, &p.x);
    if (!fe_sqrt(&p.y, &rhs)) {
        out[i] = ST_NOT_ON_CURVE;
        return;
    }
    if (p.y.v[0] & 1u) fe_neg(&p.y, &p.y);
    if (rec[24] & 1u) {
        out[i] = ST_SCALAR;
        return;
    }
    fe_load(&r, rec + 8);
    fe_load(&s, rec + 16);
    /* e = hash_BIP0340/challenge(r || x(P) || msg) mod n */
    sha256 h;
    sha_init_mid(&h, params);
    sha_fe(&h, &r);
    sha_fe(&h, &p.x);
    u32 off = rec[25], len = rec[26];
    for (u32 b = 0; b < len; b++) sha_byte(&h, in[(off + b) >> 2] >> (8u * ((off + b) & 3u)));
    sha_final(&h, &e);
    sc_reduce(&e, &e);
    sc_neg(&e, &e);
    /* R = s*G - e*P */
    gej acc;
    ecmult_var(&acc, &p, &e);
    ecmult_gen_add_var(&acc, table, &s);
    if (gej_is_inf(&acc)) {
        out[i] = ST_INVALID_SIG;
        return;
    }
    ge ra;
    ge_from_gej(&ra, &acc);
    out[i] = ((ra.y.v[0] & 1u) == 0 && fe_eq(&ra.x, &r)) ? ST_OK : ST_INVALID_SIG;
}

/* in: 42 words per item: point record (17), r, s, message hash (8 each, r and s < n), flags
 * (bit 0: s is high, only the key is checked). out: status. */
#define ECDSA_WORDS 42u
KERNEL void fsk_ecdsa_verify(KARGS) {
    u32 i = THREAD_ID;
    if (i >= n) return;
    const GLOBAL u32* rec = in + i * ECDSA_WORDS;
    ge q;
    u32 st = point_decode(&q, rec);
    if (st != ST_OK) {
        out[i] = st;
        return;
    }
    if (rec[41] & 1u) {
        out[i] = ST_OK; /* the host reports HIGH_S */
        return;
    }
    fe r, s, m, w, u1, u2;
    fe_load(&r, rec + 17);
    fe_load(&s, rec + 25);
    fe_load(&m, rec + 33);
    if (fe_is_zero(&r) || fe_is_zero(&s)) {
        out[i] = ST_INVALID_SIG;
        return;
    }
    sc_reduce(&m, &m);
    sc_inv_mont(&w, &s);
    sc_mont(&u1, &m, &w);
    sc_mont(&u2, &r, &w);
    gej acc;
    ecmult_var(&acc, &q, &u2);
    ecmult_gen_add_var(&acc, table, &u1);
    if (gej_is_inf(&acc)) {
        out[i] = ST_INVALID_SIG;
        return;
    }
    /* x(R) mod n == r: X == r*Z^2, or X == (r+n)*Z^2 when r + n < p. */
    fe z2, t;
    fe_sqr(&z2, &acc.z);
    fe_mul(&t, &r, &z2);
    if (fe_eq(&t, &acc.x)) {
        out[i] = ST_OK;
        return;
    }
    fe rn;
    u64 c = 0;
    for (int j = 0; j < 8; j++) {
        c += (u64)r.v[j] + n_limb(j);
        rn.v[j] = (u32)c;
        c >>= 32;
    }
    if (c == 0 && u256_lt_p(&rn)) {
        fe_mul(&t, &rn, &z2);
        if (fe_eq(&t, &acc.x)) {
            out[i] = ST_OK;
            return;
        }
    }
    out[i] = ST_INVALID_SIG;
}
