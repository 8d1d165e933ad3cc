// Modular inversion and Jacobi symbols modulo a 256-bit odd modulus. The constant-time inverse is
// the "safegcd" divstep method of D. J. Bernstein and B.-Y. Yang, "Fast constant-time gcd
// computation and modular inversion" (IACR TCHES 2019, https://gcd.cr.yp.to/papers.html#safegcd),
// in the batched form with signed 62-bit limbs explained in libsecp256k1's
// doc/safegcd_implementation.md. The variable-time inverse and the Jacobi symbol use the binary
// GCD of T. Pornin, "Optimized Binary GCD for Modular Inversion" (IACR ePrint 2020/972), batched
// the same way.
//
// Values at this interface are 256-bit integers as four little-endian 64-bit limbs, fully reduced
// (below the modulus). Internally a number is five signed 62-bit limbs: value = sum v[i]·2^(62i).
// Lower limbs of a "normalized" Signed62 are in [0, 2^62) and only the top limb carries the sign;
// the modulus itself is kept in a balanced form (limbs may be negative) because that form of p and
// n has zero limbs, which turns multiplications into nothing once the compiler sees the constant.
#pragma once

#include <cstdint>

namespace fastsecp {

struct Signed62 {
    int64_t v[5];
};

struct ModinvModulus {
    Signed62 m;         // the modulus, balanced signed-62 limbs (each in (-2^61, 2^61] except the top)
    uint64_t m_inv62;   // m^-1 mod 2^62
    uint64_t m64[4];    // the modulus as plain little-endian 64-bit limbs
};

// Precomputed description of an odd modulus 1 < m < 2^256 (usable in constant expressions).
constexpr ModinvModulus make_modinv_modulus(uint64_t m0, uint64_t m1, uint64_t m2, uint64_t m3) {
    constexpr uint64_t M62 = UINT64_MAX >> 2;
    ModinvModulus r{};
    r.m64[0] = m0; r.m64[1] = m1; r.m64[2] = m2; r.m64[3] = m3;
    int64_t l[5] = {(int64_t)(m0 & M62), (int64_t)(((m0 >> 62) | (m1 << 2)) & M62),
                    (int64_t)(((m1 >> 60) | (m2 << 4)) & M62),
                    (int64_t)(((m2 >> 58) | (m3 << 6)) & M62), (int64_t)(m3 >> 56)};
    // Balance: a limb above 2^61 becomes limb - 2^62 with a carry of one into the next limb.
    for (int i = 0; i < 4; i++) {
        if (l[i] > (int64_t(1) << 61)) {
            l[i] -= int64_t(1) << 62;
            l[i + 1] += 1;
        }
    }
    for (int i = 0; i < 5; i++) r.m.v[i] = l[i];
    // Newton iteration for the inverse modulo 2^64: x ← x(2 - m·x) doubles the correct low bits,
    // and x = m is already right modulo 2^3 for odd m.
    uint64_t x = m0;
    for (int i = 0; i < 5; i++) x *= 2 - m0 * x;
    r.m_inv62 = x & M62;
    return r;
}

extern const ModinvModulus MODINV_P;  // p = 2^256 - 2^32 - 977
extern const ModinvModulus MODINV_N;  // n, the order of the secp256k1 group

// out = x^-1 mod m, and 0 when x = 0. Constant time in x: exactly 590 divsteps (10 batches of 59),
// no branch or memory index depends on x. out may alias x.
void modinv_const(uint64_t out[4], const uint64_t x[4], const ModinvModulus& m);

// Same result, variable time (public inputs only): T. Pornin's binary GCD with approximations
// (see modinv.cpp), stopping as soon as it is done.
void modinv_var(uint64_t out[4], const uint64_t x[4], const ModinvModulus& m);

// Jacobi symbol (x | m), variable time: 0 if x = 0, else 1 or -1 (for prime m: square or not).
// Computed by T. Pornin's binary GCD with approximations (see modinv.cpp), not by divsteps.
int jacobi_var(const uint64_t x[4], const ModinvModulus& m);

namespace modinv_detail {
// Textbook binary Jacobi algorithm (always terminates, slow); the fallback of jacobi_var when its
// iteration has not finished within its budget. Exposed for tests.
int jacobi_binary_var(const uint64_t x[4], const uint64_t m[4]);
}  // namespace modinv_detail

}  // namespace fastsecp
