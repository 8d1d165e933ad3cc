// ElligatorSwift's internals in every compiled variant: XSwiftECInv (not reachable through the
// public API) against every case of BIP-324's xswiftec_inv_test_vectors.csv, with XSwiftEC(u, t) = x
// for each inverse found; and the decoder's exponentiation-only route against the textbook one.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "schemes/ellswift.h"
#include "ref_bigint.h"

using namespace fastsecp;

namespace {

Fe fe_hex(const std::string& h) {
    unsigned char b[32];
    for (int i = 0; i < 32; i++) b[i] = (unsigned char)std::stoi(h.substr(2 * i, 2), nullptr, 16);
    Fe r;
    fe_set_b32_mod(r, b);
    return r;
}
std::string fe_to_hex(Fe a) {
    fe_normalize(a);
    unsigned char b[32];
    fe_get_b32(b, a);
    static const char* d = "0123456789abcdef";
    std::string s;
    for (unsigned char c : b) {
        s += d[c >> 4];
        s += d[c & 15];
    }
    return s;
}

std::vector<const EllswiftOps*> variants() {
    std::vector<const EllswiftOps*> v{&ELLSWIFT_PORTABLE};
    if (cpu_supports_fast_variant()) v.push_back(&ELLSWIFT_BMI2);
    return v;
}

TEST(Ellswift, XSwiftECInvVectors) {
  for (const EllswiftOps* ops : variants()) {
    std::ifstream in(std::string(FASTSECP_VECTORS_DIR) + "/bip-0324/xswiftec_inv_test_vectors.csv");
    ASSERT_TRUE(in.good());
    std::string line;
    std::getline(in, line);
    int rows = 0, found = 0;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        std::vector<std::string> c;
        std::stringstream ss(line);
        std::string cell;
        while (std::getline(ss, cell, ',')) c.push_back(cell);
        ASSERT_GE(c.size(), 10u);
        Fe u = fe_hex(c[0]), x = fe_hex(c[1]);
        for (int k = 0; k < 8; k++) {
            Fe t;
            bool ok = ops->xswiftec_inv(t, x, u, k);
            ASSERT_EQ(ok, !c[2 + k].empty()) << "row " << rows << " case " << k;
            if (!ok) continue;
            found++;
            EXPECT_EQ(fe_to_hex(t), c[2 + k]) << "row " << rows << " case " << k;
            Fe back;
            ops->xswiftec(back, u, t);
            EXPECT_EQ(fe_to_hex(back), c[1]) << "row " << rows << " case " << k;
        }
        rows++;
    }
    EXPECT_EQ(rows, 32);
    EXPECT_GT(found, 0);
  }
}

}  // namespace

namespace {

using ref::U256;

U256 fe_to_ref(Fe a) {
    fe_normalize(a);
    unsigned char b[32];
    fe_get_b32(b, a);
    return ref::from_b32(b);
}
Fe ref_to_fe(const U256& a) {
    unsigned char b[32];
    ref::to_b32(b, a);
    Fe r;
    fe_set_b32_mod(r, b);
    return r;
}
U256 small(uint64_t v) { return U256{{v, 0, 0, 0}}; }
U256 mulp(const U256& a, const U256& b) { return ref::mulmod(a, b, ref::P); }
U256 addp(const U256& a, const U256& b) { return ref::addmod(a, b, ref::P); }
U256 subp(const U256& a, const U256& b) { return ref::submod(a, b, ref::P); }
U256 divp(const U256& a, const U256& b) { return mulp(a, ref::inv_p(b)); }
U256 gx(const U256& x) { return addp(mulp(mulp(x, x), x), small(7)); }
bool is_square(const U256& a) {  // Euler's criterion
    U256 e = ref::shr1(ref::sub(ref::P, small(1)));
    U256 r = ref::powmod(a, e, ref::P);
    return ref::is_zero(r) || ref::is_one(r);
}

// BIP-324's XSwiftEC written as its specification states it, in slow reference arithmetic;
// `which` receives 3, 2 or 1 for the candidate taken (u + 4Y², (-X/Y - u)/2, (X/Y - u)/2).
U256 textbook_xswiftec(U256 u, U256 t, int& which) {
    const U256 c0 = ref::powmod(subp(U256{}, small(3)), ref::shr1(ref::shr1(ref::add(ref::P, small(1)))), ref::P);
    if (ref::is_zero(u)) u = small(1);
    if (ref::is_zero(t)) t = small(1);
    if (ref::is_zero(addp(gx(u), mulp(t, t)))) t = addp(t, t);
    U256 X = divp(subp(gx(u), mulp(t, t)), addp(t, t));
    U256 Y = divp(addp(X, t), mulp(c0, u));
    U256 cand[3] = {addp(u, mulp(small(4), mulp(Y, Y))), ref::halfmod(subp(subp(U256{}, divp(X, Y)), u), ref::P),
                    ref::halfmod(subp(divp(X, Y), u), ref::P)};
    for (int i = 0; i < 3; i++) {
        if (is_square(gx(cand[i]))) {
            which = 3 - i;
            return cand[i];
        }
    }
    which = 0;
    return U256{};
}

// The decoder (swiftec: two exponentiations in lockstep, x1's root derived from the others)
// against the textbook map plus a textbook square root, on random inputs and on the substitution
// edge cases (u = 0, t = 0, u³ + t² + 7 = 0), until every candidate has been taken many times.
TEST(Ellswift, DecodeEqualsTextbookInEveryVariant) {
    std::mt19937_64 rng(20261124);
    const U256 sqrt_exp = ref::shr1(ref::shr1(ref::add(ref::P, small(1))));
    for (const EllswiftOps* ops : variants()) {
        int taken[4] = {0, 0, 0, 0}, edge_sum_zero = 0;
        for (int i = 0; i < 240; i++) {
            U256 u = ref::random_u256(rng), t = ref::random_u256(rng);
            if (ref::cmp(u, ref::P) >= 0) u = ref::sub(u, ref::P);
            if (ref::cmp(t, ref::P) >= 0) t = ref::sub(t, ref::P);
            if (i % 10 == 1) u = U256{};
            if (i % 10 == 2) t = U256{};
            if (i % 10 == 3) {  // t² = -(u³ + 7), when that has a root
                U256 r = ref::powmod(subp(U256{}, gx(u)), sqrt_exp, ref::P);
                if (ref::cmp(mulp(r, r), subp(U256{}, gx(u))) != 0) continue;
                t = (i % 20 == 3) ? r : subp(U256{}, r);
                edge_sum_zero++;
            }
            int which;
            U256 x = textbook_xswiftec(u, t, which);
            ASSERT_NE(which, 0);
            taken[which]++;
            U256 y = ref::powmod(gx(x), sqrt_exp, ref::P);
            if ((y.d[0] & 1) != (t.d[0] & 1)) y = subp(U256{}, y);
            Ge p;
            ops->swiftec(p, ref_to_fe(u), ref_to_fe(t));
            ASSERT_FALSE(p.infinity);
            EXPECT_EQ(ref::cmp(fe_to_ref(p.x), x), 0) << "variant " << ops << " input " << i;
            EXPECT_EQ(ref::cmp(fe_to_ref(p.y), y), 0) << "variant " << ops << " input " << i;
            Fe fx;
            ops->xswiftec(fx, ref_to_fe(u), ref_to_fe(t));
            EXPECT_EQ(ref::cmp(fe_to_ref(fx), x), 0) << "input " << i;
        }
        EXPECT_GT(taken[1], 25);
        EXPECT_GT(taken[2], 25);
        EXPECT_GT(taken[3], 50);
        EXPECT_GT(edge_sum_zero, 5);
    }
}

}  // namespace
