// Chooses the scalar multiplication variant once, and the blinding helpers of ecmult.h.
#include <cstdlib>
#include <cstring>

#include "ecmult/ecmult.h"
#include "hash/sha256.h"
#include "rt/cached.h"

#if defined(__x86_64__)
#include <cpuid.h>
#endif

namespace fastsecp {

bool cpu_supports_fast_variant() {
#if defined(__x86_64__)
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return false;
    bool osxsave = c & (1u << 27), avx = c & (1u << 28);
    if (!osxsave || !avx) return false;
    // The OS must save the YMM registers (XCR0 bits 1 and 2) for AVX2 code to be usable.
    unsigned xcr0_lo, xcr0_hi;
    __asm__("xgetbv" : "=a"(xcr0_lo), "=d"(xcr0_hi) : "c"(0));
    if ((xcr0_lo & 6) != 6) return false;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return false;
    return (b & (1u << 5)) && (b & (1u << 8)) && (b & (1u << 19));  // AVX2, BMI2, ADX
#else
    return false;
#endif
}

static bool env_flag(const char* name) {
    const char* v = std::getenv(name);
    return v && v[0] != '\0' && std::strcmp(v, "0") != 0;
}

static const EcmultOps& select_ops() {
    if (env_flag("FASTSECP_FORCE_PORTABLE")) return ECMULT_PORTABLE;
    // Test-only: valgrind's virtual CPU hides ADX from CPUID although it executes mulx/adcx/adox,
    // so the constant-time test sets this to check the assembly path too.
    if (env_flag("FASTSECP_FORCE_BMI2")) return ECMULT_BMI2;
    return cpu_supports_fast_variant() ? ECMULT_BMI2 : ECMULT_PORTABLE;
}

const EcmultOps& ecmult_ops() {
    static rt::Cached<const EcmultOps*> chosen;
    return *chosen.get([] { return &select_ops(); });
}

void gen_blind_default(GenBlind& b) {
    scalar_clear(b.blind);
    gej_set_infinity(b.initial);
}

void gen_blind_set(GenBlind& b, const unsigned char* seed32, hash::CompressFn sha) {
    if (!seed32) {
        gen_blind_default(b);
        return;
    }
    // blind = SHA-256(seed) reduced mod n (0 is replaced by 1 without branching);
    // initial = -blind·G computed with the unblinded walk.
    unsigned char h[32];
    hash::sha256(seed32, 32, h, sha);
    Scalar s, one;
    scalar_set_b32(s, h, nullptr);
    scalar_set_int(one, 1);
    scalar_cmov(s, one, (uint64_t)scalar_is_zero(s));
    GenBlind zero;
    gen_blind_default(zero);
    Gej p;
    ecmult_gen(zero, p, s);
    gej_neg(b.initial, p);
    b.blind = s;
    hash::memclear(h, sizeof h);
    scalar_clear(s);
}

}  // namespace fastsecp
