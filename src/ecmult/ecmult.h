// Scalar multiplication entry points. Each is implemented once (ecmult_impl.h) and compiled twice:
// a portable build and one with BMI2/ADX code generation (field multiply in mulx/adcx/adox
// assembly, AVX2 constant-time table scans); the variant is chosen once at run time from CPUID
// (FASTSECP_FORCE_PORTABLE=1 in the environment forces the portable one).
#pragma once

#include "group/group.h"
#include "hash/sha256.h"

namespace fastsecp {

// Blinding state for constant-time k·G, owned by a context. k·G is computed as
// (k + blind)·G + initial, where initial = -blind·G, so the table walk never sees k itself.
struct GenBlind {
    Scalar blind;
    Gej initial;
};

// blind = 0, initial = infinity (a context that was never randomized).
void gen_blind_default(GenBlind& b);
// Derive the blinding from a 32-byte seed (secret); seed == nullptr resets to the default.
void gen_blind_set(GenBlind& b, const unsigned char* seed32, hash::CompressFn sha = nullptr);

struct EcmultOps {
    const char* name;
    // r = k·G, constant time in k.
    void (*gen)(const GenBlind& blind, Gej& r, const Scalar& k);
    // r = na·a + ng·G, variable time (public inputs only). a may be infinity.
    void (*strauss)(Gej& r, const Gej& a, const Scalar& na, const Scalar& ng);
    // r = k·a, constant time in k (a is treated as public, k as secret). a not infinity.
    void (*konst)(Gej& r, const Ge& a, const Scalar& k);
    // r = k·G, variable time (public k, e.g. tweaks): the k·G table walked without doublings.
    void (*gen_var)(Gej& r, const Scalar& k);
    // This variant's field multiplication and squaring, exposed for tests and benchmarks.
    void (*fe_mul)(Fe& r, const Fe& a, const Fe& b);
    void (*fe_sqr)(Fe& r, const Fe& a);
    // Point decompression (a square root): see ge_set_xo_impl in group.h.
    bool (*ge_set_xo)(Ge& r, const Fe& x, bool odd);
    // On-curve check: see ge_is_valid_var_impl in group.h.
    bool (*ge_is_valid)(const Ge& a);
    // Square root (field.h's fe_sqrt).
    bool (*fe_sqrt)(Fe& r, const Fe& a);
    // a^((p-3)/4) (field.h's fe_pow_p3d4): square root and inversion in one exponentiation.
    void (*fe_pow_p3d4)(Fe& r, const Fe& a);
    // Scalar multiplication mod n (constant time).
    void (*scalar_mul)(Scalar& r, const Scalar& a, const Scalar& b);
    // Any 512-bit value (8 little-endian limbs) mod n: scalar_mul's reduction, exposed for tests.
    void (*scalar_reduce_wide)(Scalar& r, const uint64_t l[8]);
    // The field arithmetic of this variant's variable-time code (strauss, gen_var, ge_set_xo,
    // ge_is_valid), which may differ from the constant-time one above in how it reduces (see
    // FASTSECP_FIELD_VARTIME in field.h); exposed for tests.
    struct {
        void (*fe_mul)(Fe& r, const Fe& a, const Fe& b);
        void (*fe_sqr)(Fe& r, const Fe& a);
        bool (*fe_sqrt)(Fe& r, const Fe& a);
    } vartime;
};

extern const EcmultOps ECMULT_PORTABLE;
extern const EcmultOps ECMULT_BMI2;
// The variant in use (selected on first call; thread-safe).
const EcmultOps& ecmult_ops();
// True when the CPU (and OS) can run the fast variant: BMI2, ADX and AVX2.
bool cpu_supports_fast_variant();

inline void ecmult_gen(const GenBlind& b, Gej& r, const Scalar& k) { ecmult_ops().gen(b, r, k); }
inline void ecmult(Gej& r, const Gej& a, const Scalar& na, const Scalar& ng) {
    ecmult_ops().strauss(r, a, na, ng);
}
inline void ecmult_const(Gej& r, const Ge& a, const Scalar& k) { ecmult_ops().konst(r, a, k); }
inline void ecmult_gen_var(Gej& r, const Scalar& k) { ecmult_ops().gen_var(r, k); }
inline bool ge_set_xo(Ge& r, const Fe& x, bool odd) { return ecmult_ops().ge_set_xo(r, x, odd); }
inline bool ge_is_valid_var(const Ge& a) { return ecmult_ops().ge_is_valid(a); }
inline bool fe_sqrt_fast(Fe& r, const Fe& a) { return ecmult_ops().fe_sqrt(r, a); }
inline void fe_pow_p3d4_fast(Fe& r, const Fe& a) { ecmult_ops().fe_pow_p3d4(r, a); }
inline void scalar_mul_fast(Scalar& r, const Scalar& a, const Scalar& b) { ecmult_ops().scalar_mul(r, a, b); }

// Precomputed tables (generated at build time by src/tables/gen_tables.cpp).
constexpr int ECMULT_G_WINDOW = 15;                         // wNAF window for G in Strauss
constexpr int ECMULT_G_TABLE_SIZE = 1 << (ECMULT_G_WINDOW - 2);  // odd multiples 1..2^14-1
extern const GeStorage ECMULT_G_ODD[ECMULT_G_TABLE_SIZE];       // (2i+1)·G
extern const GeStorage ECMULT_G128_ODD[ECMULT_G_TABLE_SIZE];    // (2i+1)·2^128·G
// Signed 7-bit windows of k·G (37 windows × 64 entries, 148 KiB): six mixed additions fewer than
// 6-bit windows (43 × 32, 86 KiB) for twice the table scanned per addition; k·G 7.7 -> 7.3 µs
// (8-bit windows, 32 × 128: 7.6 µs; build-exp experiment, docs/BENCHMARKS.md issue 16).
constexpr int GEN_WINDOW_BITS = 7;
constexpr int GEN_WINDOWS = (256 + GEN_WINDOW_BITS - 1) / GEN_WINDOW_BITS;  // 37
constexpr int GEN_ENTRIES = 1 << (GEN_WINDOW_BITS - 1);                   // |digit| in 1..64
extern const GeStorage ECMULT_GEN_TABLE[GEN_WINDOWS][GEN_ENTRIES];         // (j+1)·2^(7i)·G

}  // namespace fastsecp
