// Tests for the safegcd inversions and the Jacobi symbol (src/arith/modinv.*), checked against a
// deliberately slow and plain reference: schoolbook 256×256 multiplication, reduction one bit at a
// time, Fermat's little theorem for inverses and Euler's criterion for quadratic residuosity.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ostream>
#include <random>
#include <vector>

#include "arith/modinv.h"

namespace {

using fastsecp::ModinvModulus;
using u128 = unsigned __int128;

struct U256 {
    uint64_t w[4];
    bool operator==(const U256& o) const {
        return w[0] == o.w[0] && w[1] == o.w[1] && w[2] == o.w[2] && w[3] == o.w[3];
    }
};

std::ostream& operator<<(std::ostream& os, const U256& a) {
    char buf[80];
    snprintf(buf, sizeof buf, "%016llx%016llx%016llx%016llx", (unsigned long long)a.w[3],
             (unsigned long long)a.w[2], (unsigned long long)a.w[1], (unsigned long long)a.w[0]);
    return os << buf;
}

// The moduli, written out independently of the library's constants.
const U256 P = {{0xFFFFFFFEFFFFFC2FULL, 0xFFFFFFFFFFFFFFFFULL, 0xFFFFFFFFFFFFFFFFULL,
                 0xFFFFFFFFFFFFFFFFULL}};
const U256 N = {{0xBFD25E8CD0364141ULL, 0xBAAEDCE6AF48A03BULL, 0xFFFFFFFFFFFFFFFEULL,
                 0xFFFFFFFFFFFFFFFFULL}};
// 2^256 - 189, the largest prime below 2^256: exercises the generic (non-specialized) code path.
const U256 Q = {{0xFFFFFFFFFFFFFF43ULL, 0xFFFFFFFFFFFFFFFFULL, 0xFFFFFFFFFFFFFFFFULL,
                 0xFFFFFFFFFFFFFFFFULL}};

const ModinvModulus MOD_Q = fastsecp::make_modinv_modulus(Q.w[0], Q.w[1], Q.w[2], Q.w[3]);
// A second copy of p at another address: forces the generic path on p's values.
const ModinvModulus MOD_P_COPY = fastsecp::make_modinv_modulus(P.w[0], P.w[1], P.w[2], P.w[3]);

// ---- Reference arithmetic -----------------------------------------------------------------------

bool ref_less(const U256& a, const U256& b) {
    for (int i = 3; i >= 0; i--)
        if (a.w[i] != b.w[i]) return a.w[i] < b.w[i];
    return false;
}

U256 ref_sub(const U256& a, const U256& b) {  // a - b mod 2^256
    U256 r;
    uint64_t borrow = 0;
    for (int i = 0; i < 4; i++) {
        u128 t = (u128)a.w[i] - b.w[i] - borrow;
        r.w[i] = (uint64_t)t;
        borrow = (uint64_t)(t >> 64) & 1;
    }
    return r;
}

// a·b mod m: full 512-bit product, then Horner over its bits from the top (acc ← 2·acc + bit,
// minus m if that reached m), so acc stays below m throughout.
U256 ref_mulmod(const U256& a, const U256& b, const U256& m) {
    uint64_t prod[8] = {0};
    for (int i = 0; i < 4; i++) {
        uint64_t carry = 0;
        for (int j = 0; j < 4; j++) {
            u128 t = (u128)a.w[i] * b.w[j] + prod[i + j] + carry;
            prod[i + j] = (uint64_t)t;
            carry = (uint64_t)(t >> 64);
        }
        prod[i + 4] = carry;
    }
    U256 acc = {{0, 0, 0, 0}};
    for (int bit = 511; bit >= 0; bit--) {
        const uint64_t top = acc.w[3] >> 63;
        for (int i = 3; i > 0; i--) acc.w[i] = (acc.w[i] << 1) | (acc.w[i - 1] >> 63);
        acc.w[0] = (acc.w[0] << 1) | ((prod[bit / 64] >> (bit % 64)) & 1);
        // If the doubling overflowed 2^256 the true value is 2^256 + acc >= m; the wrap-around
        // subtraction then yields the right result.
        if (top || !ref_less(acc, m)) acc = ref_sub(acc, m);
    }
    return acc;
}

U256 ref_pow(const U256& x, const U256& e, const U256& m) {
    U256 r = {{1, 0, 0, 0}};
    for (int bit = 255; bit >= 0; bit--) {
        r = ref_mulmod(r, r, m);
        if ((e.w[bit / 64] >> (bit % 64)) & 1) r = ref_mulmod(r, x, m);
    }
    return r;
}

U256 ref_inverse(const U256& x, const U256& m) {  // Fermat: x^(m-2)
    return ref_pow(x, ref_sub(m, U256{{2, 0, 0, 0}}), m);
}

int ref_legendre(const U256& x, const U256& m) {  // Euler: x^((m-1)/2) is 0, 1 or m-1
    U256 e = ref_sub(m, U256{{1, 0, 0, 0}});
    for (int i = 0; i < 3; i++) e.w[i] = (e.w[i] >> 1) | (e.w[i + 1] << 63);
    e.w[3] >>= 1;
    const U256 r = ref_pow(x, e, m);
    if (r == U256{{0, 0, 0, 0}}) return 0;
    if (r == U256{{1, 0, 0, 0}}) return 1;
    EXPECT_EQ(r, ref_sub(m, U256{{1, 0, 0, 0}}));
    return -1;
}

const U256 ZERO = {{0, 0, 0, 0}};
const U256 ONE = {{1, 0, 0, 0}};

U256 inv_const(const U256& x, const ModinvModulus& m) {
    U256 r;
    fastsecp::modinv_const(r.w, x.w, m);
    return r;
}
U256 inv_var(const U256& x, const ModinvModulus& m) {
    U256 r;
    fastsecp::modinv_var(r.w, x.w, m);
    return r;
}

struct Case {
    const char* name;
    U256 m;
    const ModinvModulus* mod;
};
const Case CASES[] = {{"p", P, &fastsecp::MODINV_P},
                      {"n", N, &fastsecp::MODINV_N},
                      {"2^256-189", Q, &MOD_Q},
                      {"p(generic)", P, &MOD_P_COPY}};

// Random value below m, drawn in a few shapes: uniform, sparse bit patterns (long runs of zeros
// and ones, which take other divstep paths) and short values.
U256 random_below(std::mt19937_64& rng, const U256& m) {
    for (;;) {
        U256 x;
        const unsigned shape = rng() % 4;
        for (int i = 0; i < 4; i++) {
            uint64_t a = rng();
            if (shape == 1) a &= rng() & rng();
            if (shape == 2) a |= rng() | rng();
            x.w[i] = a;
        }
        if (shape == 3) {
            const int bits = 1 + rng() % 256;
            for (int b = bits; b < 256; b++) x.w[b / 64] &= ~(1ULL << (b % 64));
        }
        if (ref_less(x, m)) return x;
    }
}

// Values that make the binary GCD's approximations of the two numbers hard to tell apart (the
// same top bits as m, m/2 or a fraction k·m/l, different low bits): these are the inputs where a
// comparison of approximations goes wrong and an intermediate value turns negative.
U256 ref_add(const U256& a, const U256& b) {  // a + b mod 2^256
    U256 r;
    uint64_t carry = 0;
    for (int i = 0; i < 4; i++) {
        u128 t = (u128)a.w[i] + b.w[i] + carry;
        r.w[i] = (uint64_t)t;
        carry = (uint64_t)(t >> 64);
    }
    return r;
}

U256 ref_shr(const U256& a, int s) {  // 0 <= s < 64
    if (s == 0) return a;
    U256 r;
    for (int i = 0; i < 3; i++) r.w[i] = (a.w[i] >> s) | (a.w[i + 1] << (64 - s));
    r.w[3] = a.w[3] >> s;
    return r;
}

U256 random_bits(std::mt19937_64& rng, int bits) {  // uniform below 2^bits, 0 <= bits <= 256
    U256 r = {{rng(), rng(), rng(), rng()}};
    for (int b = bits; b < 256; b++) r.w[b / 64] &= ~(1ULL << (b % 64));
    return r;
}

U256 hard_value(std::mt19937_64& rng, const U256& m) {
    for (;;) {
        const U256 r = random_bits(rng, 1 + (int)(rng() % 224));
        U256 base;
        switch (rng() % 4) {
        case 0: base = m; break;                                          // m - r
        case 1: base = ref_shr(m, 1); break;                              // m/2 ± r
        case 2: base = ref_shr(m, 1 + (int)(rng() % 3)); break;           // m/4, m/8 ± r
        default: base = ref_sub(m, ref_shr(m, 1 + (int)(rng() % 3)));     // 3m/4 ... ± r
        }
        const U256 x = (rng() & 1) ? ref_sub(base, r) : ref_add(base, r);
        if (ref_less(x, m) && !(x == ZERO)) return x;
    }
}

// Edge values for modulus m: tiny values, values next to m, powers of two, values with high
// zero limbs, and values built from 2^256 mod m.
std::vector<U256> edge_values(const U256& m) {
    std::vector<U256> v;
    for (uint64_t k = 1; k <= 20; k++) v.push_back(U256{{k, 0, 0, 0}});
    for (uint64_t k = 1; k <= 20; k++) v.push_back(ref_sub(m, U256{{k, 0, 0, 0}}));
    for (int b = 0; b < 256; b++) {
        U256 x = ZERO;
        x.w[b / 64] = 1ULL << (b % 64);
        v.push_back(x);
        if (b > 0) v.push_back(ref_sub(x, ONE));  // 2^b - 1
    }
    const uint64_t lows[] = {0xFFFFFFFFFFFFFFFFULL, 0x8000000000000000ULL, 0x123456789ABCDEF1ULL,
                             0x3FFFFFFFFFFFFFFFULL, 0x4000000000000000ULL};
    for (uint64_t a : lows) {
        v.push_back(U256{{a, 0, 0, 0}});
        v.push_back(U256{{a, a, 0, 0}});
        v.push_back(U256{{a, a, a, 0}});
        v.push_back(U256{{0, 0, 0, a >> 1}});
        v.push_back(U256{{0, a, 0, 0}});
    }
    const U256 c = ref_sub(ZERO, m);  // 2^256 mod m (2^256 - m, as m > 2^255)
    v.push_back(c);
    v.push_back(ref_sub(c, ONE));
    v.push_back(ref_sub(c, U256{{0xFFFFFFFFFFFFFFFFULL, 0xFFFFFFFFFFFFFFFFULL,
                                 0xFFFFFFFFFFFFFFFFULL, 0xFFFFFFFFFFFFFFFFULL}}));  // c + 1
    v.push_back(ref_sub(m, c));
    v.push_back(ref_mulmod(c, c, m));  // 2^512 mod m
    U256 half = ref_sub(m, ONE);       // (m + 1) / 2 = 1/2 mod m
    for (int i = 0; i < 3; i++) half.w[i] = (half.w[i] >> 1) | (half.w[i + 1] << 63);
    half.w[3] >>= 1;
    half = ref_sub(half, ref_sub(ZERO, ONE));
    v.push_back(half);
    std::vector<U256> out;
    for (const U256& x : v)
        if (ref_less(x, m) && !(x == ZERO)) out.push_back(x);
    return out;
}

// ---- Tests --------------------------------------------------------------------------------------

TEST(Modinv, ReferenceArithmeticSanity) {
    // The reference itself: 2·(m+1)/2 ≡ 1, and Fermat inverses of small numbers check out.
    for (const Case& c : CASES) {
        const U256 three = {{3, 0, 0, 0}};
        const U256 i3 = ref_inverse(three, c.m);
        EXPECT_EQ(ref_mulmod(three, i3, c.m), ONE) << c.name;
        EXPECT_EQ(ref_mulmod(ref_sub(c.m, ONE), ref_sub(c.m, ONE), c.m), ONE) << c.name;
    }
}

TEST(Modinv, ZeroMapsToZero) {
    for (const Case& c : CASES) {
        EXPECT_EQ(inv_const(ZERO, *c.mod), ZERO) << c.name;
        EXPECT_EQ(inv_var(ZERO, *c.mod), ZERO) << c.name;
        EXPECT_EQ(fastsecp::jacobi_var(ZERO.w, *c.mod), 0) << c.name;
    }
}

TEST(Modinv, ModulusConstants) {
    EXPECT_EQ(0, memcmp(fastsecp::MODINV_P.m64, P.w, 32));
    EXPECT_EQ(0, memcmp(fastsecp::MODINV_N.m64, N.w, 32));
}

TEST(Modinv, EdgeValuesAgainstFermat) {
    for (const Case& c : CASES) {
        for (const U256& x : edge_values(c.m)) {
            const U256 a = inv_const(x, *c.mod), b = inv_var(x, *c.mod);
            ASSERT_EQ(ref_mulmod(x, a, c.m), ONE) << c.name << " x=" << x;
            ASSERT_EQ(a, b) << c.name << " x=" << x;
            ASSERT_TRUE(ref_less(a, c.m)) << c.name << " x=" << x;
        }
        // The full Fermat reference on a handful (it costs ~1 ms each).
        const U256 some[] = {ONE, U256{{2, 0, 0, 0}}, ref_sub(c.m, ONE), ref_sub(c.m, U256{{2, 0, 0, 0}}),
                             U256{{0, 0, 0, 1ULL << 63}}, ref_sub(ZERO, c.m)};
        for (const U256& x : some) EXPECT_EQ(inv_const(x, *c.mod), ref_inverse(x, c.m)) << c.name << " x=" << x;
    }
}

TEST(Modinv, RandomValues) {
    std::mt19937_64 rng(0x5AFE6CD);
    for (const Case& c : CASES) {
        for (int i = 0; i < 3000; i++) {
            const U256 x = random_below(rng, c.m);
            if (x == ZERO) continue;
            const U256 a = inv_const(x, *c.mod), b = inv_var(x, *c.mod);
            ASSERT_EQ(ref_mulmod(x, a, c.m), ONE) << c.name << " x=" << x;
            ASSERT_EQ(a, b) << c.name << " x=" << x;
            ASSERT_TRUE(ref_less(a, c.m)) << c.name << " x=" << x;
            // Inverting twice gives x back.
            ASSERT_EQ(inv_var(a, *c.mod), x) << c.name << " x=" << x;
            if (i < 40) {
                ASSERT_EQ(a, ref_inverse(x, c.m)) << c.name << " x=" << x;
            }
        }
    }
}

TEST(Modinv, OutputMayAliasInput) {
    std::mt19937_64 rng(7);
    for (const Case& c : CASES) {
        const U256 x = random_below(rng, c.m);
        const U256 want = inv_var(x, *c.mod);
        U256 y = x;
        fastsecp::modinv_const(y.w, y.w, *c.mod);
        EXPECT_EQ(y, want) << c.name;
        y = x;
        fastsecp::modinv_var(y.w, y.w, *c.mod);
        EXPECT_EQ(y, want) << c.name;
    }
}

TEST(Modinv, VarOnValuesHardForApproximations) {
    // modinv_var (binary GCD with approximations) on values built so the approximations of the two
    // numbers are hard to tell apart, which drives intermediate values negative: checked by
    // multiplication, and against modinv_const (safegcd, another algorithm).
    std::mt19937_64 rng(0x1A7E);
    for (const Case& c : CASES) {
        for (int i = 0; i < 3000; i++) {
            const U256 x = (i % 4 == 3) ? random_below(rng, c.m) : hard_value(rng, c.m);
            const U256 b = inv_var(x, *c.mod);
            ASSERT_EQ(b, inv_const(x, *c.mod)) << c.name << " x=" << x;
            if (i % 8 == 0) {
                ASSERT_EQ(ref_mulmod(x, b, c.m), ONE) << c.name << " x=" << x;
            }
        }
    }
}

TEST(Modinv, VarOnValuesWhoseApproximationsGoNegative) {
    // The values of Jacobi.ValuesWhoseApproximationsGoNegative (the inverse runs the same steps),
    // checked against Fermat: a negated a or b must negate its row of the matrix applied to (d, e).
    struct V {
        const U256* m;
        const ModinvModulus* mod;
        U256 x;
    };
    const V vs[] = {
        {&P, &fastsecp::MODINV_P, {{0x00000052e5132525ULL, 0, 0, 0x8000000000000000ULL}}},
        {&P, &fastsecp::MODINV_P, {{0x0000002230a842fcULL, 0, 0, 0x8000000000000000ULL}}},
        {&N, &fastsecp::MODINV_N, {{0xdfe92f46681b20a0ULL, 0x5d576e7357a4501dULL, 0xffffffffffffffffULL, 0x7fffffffffffffffULL}}},
        {&Q, &MOD_Q, {{0xe3f12da8c67675ebULL, 0xffffffffffffffffULL, 0xffffffffffffffffULL, 0x7fffffffffffffffULL}}},
        {&P, &fastsecp::MODINV_P, {{0xfffffe1fe39ac4dfULL, 0xffffffffffffffffULL, 0xffffffffffffffffULL, 0x7fffffffffffffffULL}}},
        {&P, &fastsecp::MODINV_P, {{0xfddd03771b353fd5ULL, 0x555a88c026fa1573ULL, 0x5555555555555555ULL, 0x5555555555555555ULL}}},
        {&N, &fastsecp::MODINV_N, {{0x08837377ec9d27d3ULL, 0x9e0e4fffb67b0f94ULL, 0xfffffffffffffffeULL, 0xffffffffffffffffULL}}},
        {&Q, &MOD_Q, {{0xfffffff9daa17ee0ULL, 0xffffffffffffffffULL, 0xffffffffffffffffULL, 0xffffffffffffffffULL}}},
    };
    for (const V& v : vs) {
        const U256 want = ref_inverse(v.x, *v.m);
        EXPECT_EQ(inv_var(v.x, *v.mod), want) << "x=" << v.x;
        EXPECT_EQ(inv_const(v.x, *v.mod), want) << "x=" << v.x;
    }
}

TEST(Modinv, VarOnShortValues) {
    // Values of every length from 1 to 256 bits, and m minus them: the pair reaches the exact
    // 64-bit stage after every possible number of batches, with every number of pending matrices.
    std::mt19937_64 rng(0x5407);
    for (const Case& c : CASES) {
        for (int bits = 1; bits <= 256; bits++) {
            for (int k = 0; k < 4; k++) {
                U256 x = random_bits(rng, bits);
                x.w[(bits - 1) / 64] |= 1ULL << ((bits - 1) % 64);  // exactly `bits` long
                if (!ref_less(x, c.m)) continue;
                const U256 b = inv_var(x, *c.mod);
                ASSERT_EQ(b, inv_const(x, *c.mod)) << c.name << " x=" << x;
                const U256 y = ref_sub(c.m, x);
                ASSERT_EQ(inv_var(y, *c.mod), inv_const(y, *c.mod)) << c.name << " x=" << y;
            }
        }
        for (const U256& x : edge_values(c.m)) {
            const U256 b = inv_var(x, *c.mod);
            ASSERT_EQ(ref_mulmod(x, b, c.m), ONE) << c.name << " x=" << x;
        }
    }
}

TEST(Modinv, VarAndJacobiOnValuesShapedLikeTheModulus) {
    // 2^k, m - 2^k, m - 3·2^k, 2^k ± 1: the binary GCD meets long runs of zero bits (whole limbs
    // are then shifted out at once) or reaches b = 1 while a is still long (it then stops early).
    for (const Case& c : CASES) {
        for (int k = 0; k < 256; k++) {
            U256 p2 = ZERO;
            p2.w[k / 64] = 1ULL << (k % 64);
            const U256 xs[] = {p2, ref_sub(c.m, p2), ref_sub(c.m, ref_add(p2, ref_add(p2, p2))),
                               ref_add(p2, ONE), ref_sub(p2, ONE)};
            for (const U256& x : xs) {
                if (x == ZERO || !ref_less(x, c.m)) continue;
                ASSERT_EQ(inv_var(x, *c.mod), inv_const(x, *c.mod)) << c.name << " x=" << x;
                ASSERT_EQ(fastsecp::jacobi_var(x.w, *c.mod), fastsecp::modinv_detail::jacobi_binary_var(x.w, c.m.w))
                    << c.name << " x=" << x;
            }
        }
    }
}

TEST(Jacobi, AgainstEulerOnRandomValues) {
    std::mt19937_64 rng(0x1ACB0B1);
    for (const Case& c : CASES) {
        int seen[3] = {0, 0, 0};
        for (int i = 0; i < 200; i++) {
            const U256 x = random_below(rng, c.m);
            const int want = ref_legendre(x, c.m);
            ASSERT_EQ(fastsecp::jacobi_var(x.w, *c.mod), want) << c.name << " x=" << x;
            ASSERT_EQ(fastsecp::modinv_detail::jacobi_binary_var(x.w, c.m.w), want) << c.name << " x=" << x;
            seen[want + 1]++;
        }
        EXPECT_GT(seen[0], 40) << c.name;  // both answers occur
        EXPECT_GT(seen[2], 40) << c.name;
    }
}

TEST(Jacobi, SquaresAndEdgeValues) {
    std::mt19937_64 rng(99);
    for (const Case& c : CASES) {
        // Euler's criterion (slow) on every 8th edge value; the binary algorithm, itself checked
        // against Euler above, on all of them.
        const std::vector<U256> edges = edge_values(c.m);
        for (size_t k = 0; k < edges.size(); k++) {
            const U256& x = edges[k];
            const int want = fastsecp::modinv_detail::jacobi_binary_var(x.w, c.m.w);
            if (k % 8 == 0) {
                ASSERT_EQ(want, ref_legendre(x, c.m)) << c.name << " x=" << x;
            }
            ASSERT_EQ(fastsecp::jacobi_var(x.w, *c.mod), want) << c.name << " x=" << x;
        }
        for (int i = 0; i < 500; i++) {
            const U256 r = random_below(rng, c.m);
            if (r == ZERO) continue;
            const U256 sq = ref_mulmod(r, r, c.m);
            ASSERT_EQ(fastsecp::jacobi_var(sq.w, *c.mod), 1) << c.name << " r=" << r;
            // -1 is a square modulo a prime m iff m ≡ 1 (mod 4) (true for n, not for p or Q).
            const U256 neg = ref_sub(c.m, sq);
            const int want_neg = (c.m.w[0] & 3) == 3 ? -1 : 1;
            ASSERT_EQ(fastsecp::jacobi_var(neg.w, *c.mod), want_neg) << c.name << " r=" << r;
        }
    }
}

TEST(Jacobi, AgainstBinaryAlgorithmOnManyValues) {
    // jacobi_var against the textbook binary algorithm (itself checked against Euler above) on
    // uniform, sparse, dense and short values, on values built to confuse the approximations of
    // the binary GCD, and on m - x for each.
    std::mt19937_64 rng(0x7AC0B1);
    for (const Case& c : CASES) {
        int seen[3] = {0, 0, 0};
        for (int i = 0; i < 6000; i++) {
            const U256 x = (i % 2) ? hard_value(rng, c.m) : random_below(rng, c.m);
            if (x == ZERO) continue;
            const int want = fastsecp::modinv_detail::jacobi_binary_var(x.w, c.m.w);
            ASSERT_EQ(fastsecp::jacobi_var(x.w, *c.mod), want) << c.name << " x=" << x;
            const U256 y = ref_sub(c.m, x);
            ASSERT_EQ(fastsecp::jacobi_var(y.w, *c.mod), fastsecp::modinv_detail::jacobi_binary_var(y.w, c.m.w))
                << c.name << " x=" << y;
            seen[want + 1]++;
        }
        EXPECT_GT(seen[0], 1000) << c.name;
        EXPECT_GT(seen[2], 1000) << c.name;
    }
}

TEST(Jacobi, ValuesWhoseApproximationsGoNegative) {
    // Each of these sends the binary GCD through a negative intermediate value of a or of b (found
    // by running the algorithm exactly on many values of the shape of hard_value), where the
    // symbol picks up (-1 | b) or nothing. Checked against Euler's criterion.
    struct V {
        const U256* m;
        const ModinvModulus* mod;
        U256 x;
    };
    const V vs[] = {
        {&P, &fastsecp::MODINV_P, {{0x00000052e5132525ULL, 0, 0, 0x8000000000000000ULL}}},
        {&P, &fastsecp::MODINV_P, {{0x0000002230a842fcULL, 0, 0, 0x8000000000000000ULL}}},
        {&P, &fastsecp::MODINV_P, {{0x0000000777b101f6ULL, 0, 0, 0x8000000000000000ULL}}},
        {&N, &fastsecp::MODINV_N, {{0xdfe92f46681b20a0ULL, 0x5d576e7357a4501dULL, 0xffffffffffffffffULL, 0x7fffffffffffffffULL}}},
        {&Q, &MOD_Q, {{0xe3f12da8c67675ebULL, 0xffffffffffffffffULL, 0xffffffffffffffffULL, 0x7fffffffffffffffULL}}},
        {&P, &fastsecp::MODINV_P, {{0xfffffe1fe39ac4dfULL, 0xffffffffffffffffULL, 0xffffffffffffffffULL, 0x7fffffffffffffffULL}}},
        {&P, &fastsecp::MODINV_P, {{0xfddd03771b353fd5ULL, 0x555a88c026fa1573ULL, 0x5555555555555555ULL, 0x5555555555555555ULL}}},
        {&P, &fastsecp::MODINV_P, {{0x000000e3c854c4ddULL, 0, 0, 0xe000000000000000ULL}}},
        {&N, &fastsecp::MODINV_N, {{0x08837377ec9d27d3ULL, 0x9e0e4fffb67b0f94ULL, 0xfffffffffffffffeULL, 0xffffffffffffffffULL}}},
        {&Q, &MOD_Q, {{0xfffffff9daa17ee0ULL, 0xffffffffffffffffULL, 0xffffffffffffffffULL, 0xffffffffffffffffULL}}},
    };
    for (const V& v : vs) {
        const int want = ref_legendre(v.x, *v.m);
        EXPECT_EQ(fastsecp::jacobi_var(v.x.w, *v.mod), want) << "x=" << v.x;
        EXPECT_EQ(fastsecp::modinv_detail::jacobi_binary_var(v.x.w, v.m->w), want) << "x=" << v.x;
    }
}

TEST(Jacobi, Multiplicative) {
    // (xy | m) = (x | m)(y | m), on random pairs of both kinds.
    std::mt19937_64 rng(0x3A1E);
    for (const Case& c : CASES) {
        for (int i = 0; i < 300; i++) {
            const U256 x = (i % 2) ? hard_value(rng, c.m) : random_below(rng, c.m);
            const U256 y = (i % 3) ? hard_value(rng, c.m) : random_below(rng, c.m);
            const U256 xy = ref_mulmod(x, y, c.m);
            ASSERT_EQ(fastsecp::jacobi_var(xy.w, *c.mod),
                      fastsecp::jacobi_var(x.w, *c.mod) * fastsecp::jacobi_var(y.w, *c.mod))
                << c.name << " x=" << x << " y=" << y;
        }
    }
}

TEST(Jacobi, CompositeModulus) {
    // A composite modulus exercises the ends where b does not reach 1: (x | m) = 0 when x shares a
    // factor with m. m = p·q' for two primes below 2^128, so m < 2^256; the fast path's answer
    // must equal the textbook one.
    // p1 = 2^127 - 1 (Mersenne prime), p2 = 2^128 - 159 (prime).
    const U256 p1 = {{0xFFFFFFFFFFFFFFFFULL, 0x7FFFFFFFFFFFFFFFULL, 0, 0}};
    const U256 p2 = {{0xFFFFFFFFFFFFFF61ULL, 0xFFFFFFFFFFFFFFFFULL, 0, 0}};
    U256 m = ZERO;
    {
        uint64_t prod[4] = {0, 0, 0, 0};
        for (int i = 0; i < 2; i++) {
            uint64_t carry = 0;
            for (int k = 0; k < 2; k++) {
                u128 t = (u128)p1.w[i] * p2.w[k] + prod[i + k] + carry;
                prod[i + k] = (uint64_t)t;
                carry = (uint64_t)(t >> 64);
            }
            prod[i + 2] += carry;
        }
        for (int i = 0; i < 4; i++) m.w[i] = prod[i];
    }
    const ModinvModulus mod = fastsecp::make_modinv_modulus(m.w[0], m.w[1], m.w[2], m.w[3]);
    std::mt19937_64 rng(0xC0);
    std::vector<U256> xs = {p1, p2, ref_add(p1, p1), ONE, ref_sub(m, ONE), ref_sub(m, p1)};
    for (int i = 0; i < 2000; i++) xs.push_back((i % 2) ? hard_value(rng, m) : random_below(rng, m));
    for (int i = 0; i < 50; i++) {  // multiples of p1 and of p2
        U256 k = random_bits(rng, 120);
        k.w[0] |= 1;
        xs.push_back(ref_mulmod(k, (i % 2) ? p1 : p2, m));
    }
    int zeros = 0;
    for (const U256& x : xs) {
        if (x == ZERO || !ref_less(x, m)) continue;
        const int want = fastsecp::modinv_detail::jacobi_binary_var(x.w, m.w);
        zeros += want == 0;
        ASSERT_EQ(fastsecp::jacobi_var(x.w, mod), want) << "x=" << x;
    }
    EXPECT_GE(zeros, 50);
}

}  // namespace
