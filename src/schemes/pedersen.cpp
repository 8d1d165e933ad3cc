// Pedersen commitments (see pedersen.h).
#include "schemes/pedersen.h"

#include "batch/batch_ops.h"

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

bool tally_var(const Ge* pos, std::size_t npos, const Ge* neg, std::size_t nneg) {
    Gej acc;
    gej_set_infinity(acc);
    for (std::size_t i = 0; i < nneg; i++) gej_add_ge_var(acc, acc, neg[i]);
    gej_neg(acc, acc);
    for (std::size_t i = 0; i < npos; i++) gej_add_ge_var(acc, acc, pos[i]);
    return acc.infinity != 0;
}

}  // namespace fastsecp::pedersen
