// Pedersen commitments (see pedersen.h).
#include "schemes/pedersen.h"

#include "batch/batch_ops.h"
#include "hash/memclear.h"
#include "hash/sha256.h"

namespace fastsecp::pedersen {

bool load_var(Ge& r, const unsigned char in33[33], bool reduce_x) {
    Fe x;
    if (reduce_x) {
        fe_set_b32_mod(x, in33 + 1);
        fe_normalize_var(x);
    } else if (!fe_set_b32_limit(x, in33 + 1)) {
        return false;
    }
    // y = (x^3 + 7)^((p+1)/4) is itself a square ((p+1)/4 is even): the "quadratic residue" root.
    Fe x3, y;
    fe_sqr(x3, x);
    fe_mul(x3, x3, x);
    Fe seven;
    fe_set_int(seven, 7);
    fe_add(x3, seven);
    if (!fe_sqrt_fast(y, x3)) return false;
    fe_normalize_var(y);
    if (in33[0] & 1) {
        fe_negate(y, y, 1);
        fe_normalize_var(y);
    }
    ge_set_xy(r, x, y);
    return true;
}

bool load_many_var(Ge* r, const unsigned char* const* in33, std::size_t n) {
    constexpr std::size_t CHUNK = 64;
    Fe x[CHUNK];
    bool ok[CHUNK];
    for (std::size_t base = 0; base < n; base += CHUNK) {
        const std::size_t m = n - base < CHUNK ? n - base : CHUNK;
        for (std::size_t k = 0; k < m; k++) {
            fe_set_b32_mod(x[k], in33[base + k] + 1);
            fe_normalize_var(x[k]);
        }
        batch::lift_x_square(r + base, ok, x, m);
        for (std::size_t k = 0; k < m; k++) {
            if (!ok[k]) return false;
            if (in33[base + k][0] & 1) ge_neg(r[base + k], r[base + k]);
        }
    }
    return true;
}

void save_var(unsigned char out33[33], const Ge& p, unsigned char base) {
    Fe x = p.x, y = p.y;
    fe_normalize_var(x);
    fe_normalize_var(y);
    out33[0] = (unsigned char)(base + (fe_is_square_var(y) ? 0 : 1));
    fe_get_b32(out33 + 1, x);
}

bool commit(Gej& r, const GenBlind& blind, const Scalar& b, std::uint64_t value, const Ge& H) {
    Scalar v;
    scalar_set_int(v, value);
    Gej bg, vh;
    ecmult_gen(blind, bg, b);
    ecmult_const(vh, H, v);
    Ge vh_affine;
    ge_set_gej(vh_affine, vh);
    gej_add_ge(r, bg, vh_affine);  // complete: either term may be infinity
    scalar_clear(v);
    return !r.infinity;
}

void svdw(Ge& r, const Fe& t_in) {
    // -c and d for c = (-3)^((p+1)/4), d = (c - 1)/2, evaluated once from those formulas (the
    // other square root of -3 would give other generators: the generated vectors pin them).
    static const unsigned char NEG_C[32] = {
        0xf5, 0xd2, 0xd4, 0x56, 0xca, 0xf8, 0x0e, 0x20, 0xdc, 0xc8, 0x8f, 0x3d, 0x58, 0x68, 0x69, 0xd3,
        0x39, 0xe0, 0x92, 0xea, 0x25, 0xeb, 0x13, 0x2b, 0x82, 0x72, 0xd8, 0x50, 0xe3, 0x2a, 0x03, 0xdd};
    static const unsigned char D[32] = {
        0x85, 0x16, 0x95, 0xd4, 0x9a, 0x83, 0xf8, 0xef, 0x91, 0x9b, 0xb8, 0x61, 0x53, 0xcb, 0xcb, 0x16,
        0x63, 0x0f, 0xb6, 0x8a, 0xed, 0x0a, 0x76, 0x6a, 0x3e, 0xc6, 0x93, 0xd6, 0x8e, 0x6a, 0xfa, 0x40};
    Fe negc, d, t = t_in;
    fe_set_b32_mod(negc, NEG_C);
    fe_set_b32_mod(d, D);
    fe_normalize(t);
    // With wd = 8 + t² and x3d = -3t², one inversion of j = wd·x3d gives both quotients:
    // x1 = d - c·t²·x3d/j, x3 = 1 + wd³/j.
    Fe t2, wd, x3d, jinv, x1, x2, x3;
    fe_sqr(t2, t);
    wd = t2;
    fe_add_int(wd, 8);
    x3d = t2;
    fe_mul_int(x3d, 3);
    fe_negate(x3d, x3d, 3);
    fe_mul(jinv, wd, x3d);
    fe_inv(jinv, jinv);  // 0 for t = 0
    fe_mul(x1, negc, t2);
    fe_mul(x1, x1, x3d);
    fe_mul(x1, x1, jinv);
    fe_add(x1, d);
    x2 = x1;
    fe_add_int(x2, 1);
    fe_negate(x2, x2, 3);
    fe_sqr(x3, wd);
    fe_mul(x3, x3, wd);
    fe_mul(x3, x3, jinv);
    fe_add_int(x3, 1);
    Fe in1, in2, in3, y1, y2, y3;
    auto rhs = [](Fe& out, const Fe& x) {
        fe_sqr(out, x);
        fe_mul(out, out, x);
        fe_add_int(out, 7);
    };
    fe_normalize(x1);
    fe_normalize(x2);
    fe_normalize(x3);
    rhs(in1, x1);
    rhs(in2, x2);
    rhs(in3, x3);
    const uint64_t q1 = fe_sqrt(y1, in1), q2 = fe_sqrt(y2, in2);
    fe_sqrt(y3, in3);
    fe_normalize(y1);
    fe_normalize(y2);
    fe_normalize(y3);
    fe_cmov(x1, x2, (!q1) & q2);
    fe_cmov(y1, y2, (!q1) & q2);
    fe_cmov(x1, x3, (!q1) & !q2);
    fe_cmov(y1, y3, (!q1) & !q2);
    Fe neg;
    fe_normalize(y1);
    fe_negate(neg, y1, 1);
    fe_cmov(y1, neg, (uint64_t)fe_is_odd(t));
    fe_normalize(x1);
    fe_normalize(y1);
    ge_set_xy(r, x1, y1);
}

bool generator_generate(Ge& r, const GenBlind& gen_blind, const unsigned char key32[32],
                        const unsigned char* blind32) {
    static const unsigned char PREFIX[2][17] = {"1st generation: ", "2nd generation: "};
    bool ok = true;
    Gej acc;
    gej_set_infinity(acc);
    if (blind32) {
        Scalar b;
        int overflow = 0;
        scalar_set_b32(b, blind32, &overflow);
        ok = !overflow;
        ecmult_gen(gen_blind, acc, b);
        scalar_clear(b);
    }
    for (int i = 0; i < 2; i++) {
        unsigned char h32[32];
        hash::Sha256 h;
        hash::sha256_init(h);
        hash::sha256_write(h, PREFIX[i], 16);
        hash::sha256_write(h, key32, 32);
        hash::sha256_finalize(h, h32);
        Fe t;
        ok &= fe_set_b32_limit(t, h32);
        Ge add;
        svdw(add, t);
        gej_add_ge(acc, acc, add);  // complete
        hash::memclear(h32, sizeof h32);
    }
    ge_set_gej(r, acc);
    hash::memclear(&acc, sizeof acc);
    return ok;
}

bool tally_var(const Ge* pos, std::size_t npos, const Ge* neg, std::size_t nneg) {
    Gej acc;
    gej_set_infinity(acc);
    for (std::size_t i = 0; i < nneg; i++) gej_add_ge_var(acc, acc, neg[i]);
    gej_neg(acc, acc);
    for (std::size_t i = 0; i < npos; i++) gej_add_ge_var(acc, acc, pos[i]);
    return acc.infinity != 0;
}

}  // namespace fastsecp::pedersen
