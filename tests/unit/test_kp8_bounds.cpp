// The 8-lane kernel's lazy reduction (src/simd/kp8_impl.h): limb bounds and extreme limbs.
//  - Kp8Bounds: the kernel's field and group formulas run on an interval backend: every lane
//    value is an interval [lo, hi] (the same for all eight lanes), and every limb operation checks
//    that it cannot wrap (sums, shifts, multiply-adds), cannot go negative (subtractions) and that
//    multiplier inputs are below 2^52 (vpmadd52 ignores higher bits). Starting from the widest
//    values the header allows (its "Pt" bound), the complete addition, the doubling and the
//    negation must stay in bounds and return Pt values again, so by induction the whole schedule
//    does.
// (Kp8.ExtremeLimbs in test_kp8.cpp runs the same formulas on the emulation with limbs at the top
// of the Pt bound, against the scalar group code.)
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "simd/kp8_impl.h"
#include "simd/kp8_jac_impl.h"

using namespace fastsecp;

namespace {

std::vector<std::string> g_errors;
void fail(const std::string& what) {
    if (g_errors.size() < 20) g_errors.push_back(what);
}

constexpr uint64_t M52 = (uint64_t(1) << 52) - 1;

struct Iv {
    uint64_t lo = 0, hi = 0;
    using Mask = uint8_t;

    static Iv of(uint64_t a, uint64_t b) {
        Iv r;
        r.lo = a;
        r.hi = b;
        return r;
    }
    static Iv set1(uint64_t x) { return of(x, x); }
    static Iv zero() { return of(0, 0); }
    friend Iv operator+(const Iv& a, const Iv& b) {
        if (a.hi + b.hi < a.hi) fail("add wraps");
        return of(a.lo + b.lo, a.hi + b.hi);
    }
    friend Iv operator-(const Iv& a, const Iv& b) {
        if (a.lo < b.hi) fail("sub may go negative: " + std::to_string(a.lo) + " - " + std::to_string(b.hi));
        return of(a.lo - b.hi, a.hi - b.lo);
    }
    friend Iv operator&(const Iv& a, const Iv& b) {
        // Only used with a constant low mask 2^k - 1.
        if (b.lo != b.hi || ((b.lo + 1) & b.lo) != 0) fail("and with a non-mask");
        if (a.hi <= b.lo) return a;
        return of(0, b.lo);
    }
    Iv shr(int s) const { return of(lo >> s, hi >> s); }
    Iv shl(int s) const {
        if ((hi << s) >> s != hi) fail("shl wraps");
        return of(lo << s, hi << s);
    }
    static void check_inputs(const Iv& a, const Iv& b) {
        if (a.hi > M52 || b.hi > M52) fail("multiplier input may reach 2^52: " + std::to_string(a.hi > b.hi ? a.hi : b.hi));
    }
    static Iv madd52lo(const Iv& acc, const Iv& a, const Iv& b) {
        check_inputs(a, b);
        const unsigned __int128 ph = (unsigned __int128)a.hi * b.hi, pl = (unsigned __int128)a.lo * b.lo;
        const uint64_t add_hi = ph > M52 ? M52 : (uint64_t)ph;
        const uint64_t add_lo = ph > M52 ? 0 : (uint64_t)pl;
        if (acc.hi + add_hi < acc.hi) fail("madd52lo wraps");
        return of(acc.lo + add_lo, acc.hi + add_hi);
    }
    static Iv madd52hi(const Iv& acc, const Iv& a, const Iv& b) {
        check_inputs(a, b);
        const uint64_t add_hi = (uint64_t)(((unsigned __int128)a.hi * b.hi) >> 52);
        const uint64_t add_lo = (uint64_t)(((unsigned __int128)a.lo * b.lo) >> 52);
        if (acc.hi + add_hi < acc.hi) fail("madd52hi wraps");
        return of(acc.lo + add_lo, acc.hi + add_hi);
    }
    static Iv blend(Mask, const Iv& a, const Iv& b) { return of(a.lo < b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi); }
};

using KB = simd::Kp8<Iv>;

// The header's bounds: Pt (limbs 0..3 < 2^52, limb 4 < 2^50) and M (limb 4 < 2^48 + 2^7).
constexpr uint64_t PT_TOP = (uint64_t(1) << 50) - 1;
constexpr uint64_t M_TOP = (uint64_t(1) << 48) + (uint64_t(1) << 7) - 1;

KB::F widest(uint64_t top) {
    KB::F f;
    for (int i = 0; i < 4; i++) f.l[i] = Iv::of(0, M52);
    f.l[4] = Iv::of(0, top);
    return f;
}
void expect_within(const KB::F& f, uint64_t top, const std::string& what) {
    for (int i = 0; i < 4; i++) EXPECT_LE(f.l[i].hi, M52) << what << " limb " << i;
    EXPECT_LE(f.l[4].hi, top) << what << " limb 4";
}
template <class Point>
void expect_point_within(const Point& p, uint64_t top, const std::string& what) {
    expect_within(p.x, top, what + " x");
    expect_within(p.y, top, what + " y");
    expect_within(p.z, top, what + " z");
}

TEST(Kp8Bounds, FieldOperations) {
    g_errors.clear();
    const KB::F pt = widest(PT_TOP);
    expect_within(KB::mul(pt, pt), M_TOP, "mul");
    expect_within(KB::sqr(pt), M_TOP, "sqr");
    // The widest mul input the header allows: every limb below 2^52, the top one below 2^52 - 2^8.
    const KB::F in = widest((uint64_t(1) << 52) - (uint64_t(1) << 8) - 1);
    expect_within(KB::mul(in, in), M_TOP, "mul of widest inputs");
    expect_within(KB::neg(pt), M_TOP, "neg");
    // norm (leaving the lanes) of any Pt value: limb 4 at most 2^48 plus a carry of one.
    expect_within(KB::norm(pt), uint64_t(1) << 48, "norm");
    // Normalized library elements and the constants are Pt values.
    EXPECT_LE(uint64_t(1) << 48, PT_TOP);
    EXPECT_TRUE(g_errors.empty()) << g_errors.front();
}

TEST(Kp8Bounds, GroupFormulasKeepPt) {
    g_errors.clear();
    const KB::F pt = widest(PT_TOP);
    const KB::P p{pt, pt, pt};
    const KB::P s = KB::padd(p, p);
    expect_point_within(s, PT_TOP, "padd");
    const KB::P m = KB::padd_affine(p, pt, pt);
    expect_point_within(m, PT_TOP, "padd_affine");
    const KB::P d = KB::pdbl(p);
    expect_point_within(d, PT_TOP, "pdbl");
    EXPECT_TRUE(g_errors.empty()) << g_errors.front();
}

// The Jacobian formulas of the double multiplication (kp8_jac_impl.h) keep X and Y M values and
// Z a Pt value: from the widest such inputs (and M affine entries), such outputs.
TEST(Kp8Bounds, JacobianFormulasKeepBounds) {
    g_errors.clear();
    using KJ = simd::Kp8Jac<Iv>;
    const KB::F m = widest(M_TOP), pt = widest(PT_TOP);
    const KJ::J a{m, m, pt};
    for (const KJ::J& r : {KJ::dbl(a), KJ::add_affine(a, m, m)}) {
        expect_within(r.x, M_TOP, "x");
        expect_within(r.y, M_TOP, "y");
        expect_within(r.z, PT_TOP, "z");
    }
    EXPECT_TRUE(g_errors.empty()) << g_errors.front();
}

// A mutation check of the interval backend itself: a subtraction with too small a multiple of p
// and a multiplication of an unreduced sum must be reported.
TEST(Kp8Bounds, BackendReportsViolations) {
    g_errors.clear();
    const KB::F pt = widest(PT_TOP);
    (void)KB::sub<1>(pt, pt);
    EXPECT_FALSE(g_errors.empty());
    g_errors.clear();
    const KB::F m = KB::mul(pt, pt);
    (void)KB::mul(KB::add(KB::add(m, m), m), pt);
    EXPECT_FALSE(g_errors.empty());
    g_errors.clear();
}

}  // namespace
