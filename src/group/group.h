// Points on y^2 = x^3 + 7 over the field of field.h: affine (Ge), Jacobian (Gej: x = X/Z^2,
// y = Y/Z^3) and a compact storage form for tables.
//
// Coordinates are weakly reduced field elements (see field.h); outputs are normalized only where
// a function says so. Constant time unless the name ends in _var.
#pragma once

#include "arith/field.h"
#include "arith/scalar.h"

// The library is built without GCC's straight-line vectorization (src/CMakeLists.txt: it made
// the doubling and the variable-time addition slower). The constant-time addition is the
// exception: its selections (fe_cmov, gej_cmov) and copies gain from SSE, and with it the
// constant-time k·G is ~6 % faster (bench_micro BM_ecmult_gen 6.6 -> 6.1 µs).
#if defined(__GNUC__) && !defined(__clang__)
#define FASTSECP_SLP_VECTORIZE __attribute__((optimize("tree-slp-vectorize")))
#else
#define FASTSECP_SLP_VECTORIZE
#endif

namespace fastsecp {

// A point with coordinates in a field F (group.h: field.h's Fe; group_5x52.h: the 5×52 one).
template <class F>
struct GeOf {
    F x, y;
    uint64_t infinity;  // 0 or 1
};
template <class F>
struct GejOf {
    F x, y, z;
    uint64_t infinity;  // 0 or 1
};
using Ge = GeOf<Fe>;
using Gej = GejOf<Fe>;

struct GeStorage {
    FeStorage x, y;
};

constexpr uint64_t CURVE_B = 7;

static inline const Ge& ge_generator() {
    static constexpr Ge G = {{{0x59F2815B16F81798ULL, 0x029BFCDB2DCE28D9ULL, 0x55A06295CE870B07ULL, 0x79BE667EF9DCBBACULL}}, {{0x9C47D08FFB10D4B8ULL, 0xFD17B448A6855419ULL, 0x5DA4FBFC0E1108A8ULL, 0x483ADA7726A3C465ULL}}, 0};
    return G;
}

// β with β^3 = 1 mod p: λ·(x, y) = (β·x, y).
static inline const Fe& fe_beta() {
    static constexpr Fe B = {{0xC1396C28719501EEULL, 0x9CF0497512F58995ULL, 0x6E64479EAC3434E9ULL, 0x7AE96A2B657C0710ULL}};
    return B;
}

// Inversions and the quadratic character (modinv, on 64-bit words).
static inline void fe_inv(Fe& r, const Fe& a) {
    Fe t = a;
    fe_normalize(t);
    uint64_t w[4], o[4];
    fe_to_u64(w, t);
    modinv_const(o, w, MODINV_P);
    fe_from_u64(r, o);
}
static inline void fe_inv_var(Fe& r, const Fe& a) {
    Fe t = a;
    fe_normalize_var(t);
    uint64_t w[4], o[4];
    fe_to_u64(w, t);
    modinv_var(o, w, MODINV_P);
    fe_from_u64(r, o);
}
// True iff a is a square mod p (0 counts as a square). Variable time.
static inline bool fe_is_square_var(const Fe& a) {
    Fe t = a;
    fe_normalize_var(t);
    uint64_t w[4];
    fe_to_u64(w, t);
    return jacobi_var(w, MODINV_P) >= 0;
}
// To and from this representation (identity here; group_5x52.h converts).
static inline void ge_import(Ge& r, const Ge& a) { r = a; }
static inline void gej_import(Gej& r, const Gej& a) { r = a; }
static inline void fe_import(Fe& r, const Fe& a) { r = a; }
static inline void ge_export(Ge& r, const Ge& a) { r = a; }
static inline void gej_export(Gej& r, const Gej& a) { r = a; }
static inline void fe_export(Fe& r, const Fe& a) { r = a; }

}  // namespace fastsecp

#define FASTSECP_GROUP_NS fastsecp
#include "group/group_formulas.h"
#undef FASTSECP_GROUP_NS
