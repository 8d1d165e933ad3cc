// A slow, obviously-correct reference for modular arithmetic on 256-bit numbers, used by the
// property tests: schoolbook multiplication and bit-by-bit reduction, no tricks.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>

namespace ref {

// Little-endian 64-bit limbs, fixed width W.
template <int W>
struct Big {
    std::array<uint64_t, W> d{};
    bool bit(int i) const { return (d[i / 64] >> (i % 64)) & 1; }
};
using U256 = Big<4>;
using U512 = Big<8>;

template <int W>
inline int cmp(const Big<W>& a, const Big<W>& b) {
    for (int i = W - 1; i >= 0; i--) {
        if (a.d[i] != b.d[i]) return a.d[i] < b.d[i] ? -1 : 1;
    }
    return 0;
}
template <int W>
inline Big<W> sub(const Big<W>& a, const Big<W>& b) {
    Big<W> r;
    unsigned __int128 borrow = 0;
    for (int i = 0; i < W; i++) {
        unsigned __int128 t = (unsigned __int128)a.d[i] - b.d[i] - (uint64_t)borrow;
        r.d[i] = (uint64_t)t;
        borrow = (t >> 64) ? 1 : 0;
    }
    return r;
}
template <int W>
inline Big<W> add(const Big<W>& a, const Big<W>& b, bool* carry = nullptr) {
    Big<W> r;
    unsigned __int128 c = 0;
    for (int i = 0; i < W; i++) {
        c += (unsigned __int128)a.d[i] + b.d[i];
        r.d[i] = (uint64_t)c;
        c >>= 64;
    }
    if (carry) *carry = c != 0;
    return r;
}

// (a + b) mod m, inputs < m.
inline U256 addmod(const U256& a, const U256& b, const U256& m) {
    bool carry;
    U256 r = add(a, b, &carry);
    if (carry || cmp(r, m) >= 0) r = sub(r, m);
    return r;
}
inline U256 submod(const U256& a, const U256& b, const U256& m) {
    if (cmp(a, b) >= 0) return sub(a, b);
    return sub(add(a, m), b);  // wraps correctly modulo 2^256
}
// a mod m for any 512-bit a, by shift-and-subtract.
inline U256 reduce(const U512& a, const U256& m) {
    U256 r{};
    for (int i = 511; i >= 0; i--) {
        // r = 2r + bit, then subtract m if needed (r < m before, so 2r+1 < 2m < 2^257).
        uint64_t top = r.d[3] >> 63;
        for (int j = 3; j > 0; j--) r.d[j] = (r.d[j] << 1) | (r.d[j - 1] >> 63);
        r.d[0] = (r.d[0] << 1) | (uint64_t)a.bit(i);
        if (top || cmp(r, m) >= 0) r = sub(r, m);
    }
    return r;
}
inline U512 mul(const U256& a, const U256& b) {
    U512 r{};
    for (int i = 0; i < 4; i++) {
        unsigned __int128 c = 0;
        for (int j = 0; j < 4; j++) {
            c += (unsigned __int128)a.d[i] * b.d[j] + r.d[i + j];
            r.d[i + j] = (uint64_t)c;
            c >>= 64;
        }
        r.d[i + 4] = (uint64_t)c;
    }
    return r;
}
inline U256 mulmod(const U256& a, const U256& b, const U256& m) { return reduce(mul(a, b), m); }
inline U256 powmod(U256 b, const U256& e, const U256& m) {
    U256 r{};
    r.d[0] = 1;
    for (int i = 255; i >= 0; i--) {
        r = mulmod(r, r, m);
        if (e.bit(i)) r = mulmod(r, b, m);
    }
    return r;
}

inline U256 shr1(U256 a) {
    for (int j = 0; j < 3; j++) a.d[j] = (a.d[j] >> 1) | (a.d[j + 1] << 63);
    a.d[3] >>= 1;
    return a;
}
inline bool is_zero(const U256& a) { return (a.d[0] | a.d[1] | a.d[2] | a.d[3]) == 0; }
inline bool is_one(const U256& a) { return a.d[0] == 1 && (a.d[1] | a.d[2] | a.d[3]) == 0; }
// Halve modulo an odd m: a/2 if a is even, else (a + m)/2 computed with the carry bit.
inline U256 halfmod(const U256& a, const U256& m) {
    if (!(a.d[0] & 1)) return shr1(a);
    bool carry;
    U256 s = add(a, m, &carry);
    s = shr1(s);
    if (carry) s.d[3] |= 1ULL << 63;
    return s;
}
// Inverse modulo an odd prime m by the binary extended Euclidean algorithm (a != 0 mod m).
inline U256 invmod(const U256& a, const U256& m) {
    U256 u = a, v = m, x1{{1, 0, 0, 0}}, x2{};
    while (!is_one(u) && !is_one(v)) {
        while (!(u.d[0] & 1)) { u = shr1(u); x1 = halfmod(x1, m); }
        while (!(v.d[0] & 1)) { v = shr1(v); x2 = halfmod(x2, m); }
        if (cmp(u, v) >= 0) { u = sub(u, v); x1 = submod(x1, x2, m); }
        else { v = sub(v, u); x2 = submod(x2, x1, m); }
    }
    return is_one(u) ? x1 : x2;
}

inline U256 from_hex(const std::string& h) {
    U256 r{};
    for (char c : h) {
        int v = (c >= '0' && c <= '9') ? c - '0' : (c | 32) - 'a' + 10;
        for (int j = 3; j > 0; j--) r.d[j] = (r.d[j] << 4) | (r.d[j - 1] >> 60);
        r.d[0] = (r.d[0] << 4) | (uint64_t)v;
    }
    return r;
}
inline void to_b32(unsigned char* out, const U256& a) {
    for (int i = 0; i < 32; i++) out[i] = (unsigned char)(a.d[3 - i / 8] >> (56 - 8 * (i % 8)));
}
inline U256 from_b32(const unsigned char* in) {
    U256 r{};
    for (int i = 0; i < 32; i++) r.d[3 - i / 8] |= (uint64_t)in[i] << (56 - 8 * (i % 8));
    return r;
}

inline const U256 P = from_hex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F");
inline const U256 N = from_hex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141");

// Random values biased towards edge cases: long runs of 0 or 1 bits, values near the modulus.
inline U256 random_u256(std::mt19937_64& rng) {
    U256 r;
    switch (rng() % 6) {
        case 0:  // sparse
            r = U256{};
            for (int i = 0; i < 4; i++) r.d[rng() % 4] |= 1ULL << (rng() % 64);
            break;
        case 1:  // dense
            for (auto& x : r.d) x = ~0ULL;
            for (int i = 0; i < 4; i++) r.d[rng() % 4] &= ~(1ULL << (rng() % 64));
            break;
        default:
            for (auto& x : r.d) x = rng();
    }
    return r;
}

// Affine point arithmetic on y^2 = x^3 + 7 mod P with the textbook formulas (inversion by
// Fermat). inf marks the point at infinity.
struct Point {
    U256 x{}, y{};
    bool inf = true;
};
inline U256 inv_p(const U256& a) { return invmod(a, P); }
inline Point padd(const Point& a, const Point& b) {
    if (a.inf) return b;
    if (b.inf) return a;
    U256 lam;
    if (cmp(a.x, b.x) == 0) {
        if (cmp(a.y, b.y) != 0 || (a.y.d[0] | a.y.d[1] | a.y.d[2] | a.y.d[3]) == 0) return Point{};
        U256 three{{3, 0, 0, 0}}, two{{2, 0, 0, 0}};
        lam = mulmod(mulmod(three, mulmod(a.x, a.x, P), P), inv_p(mulmod(two, a.y, P)), P);
    } else {
        lam = mulmod(submod(b.y, a.y, P), inv_p(submod(b.x, a.x, P)), P);
    }
    Point r;
    r.inf = false;
    r.x = submod(submod(mulmod(lam, lam, P), a.x, P), b.x, P);
    r.y = submod(mulmod(lam, submod(a.x, r.x, P), P), a.y, P);
    return r;
}
inline Point pmul(const U256& k, const Point& p) {
    Point r;
    for (int i = 255; i >= 0; i--) {
        r = padd(r, r);
        if (k.bit(i)) r = padd(r, p);
    }
    return r;
}
inline Point generator() {
    Point g;
    g.inf = false;
    g.x = from_hex("79BE667EF9DCBBAC55A06295CE870B07029BFCDB2DCE28D959F2815B16F81798");
    g.y = from_hex("483ADA7726A3C4655DA4FBFC0E1108A8FD17B448A68554199C47D08FFB10D4B8");
    return g;
}

}  // namespace ref
