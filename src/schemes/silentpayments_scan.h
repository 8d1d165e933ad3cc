// BIP-352 scanning: one round k looks for the expected output P_k among a transaction's x-only
// outputs, either directly or as P_k + label for a label the wallet owns.
//
// Which output a round reports, and which labels it asks the wallet about, follow a fixed order
// (the one libsecp256k1 v0.8.0 shows through its label lookup callback): outputs are visited in
// vout order; at each output a direct match is tried first, then the two label candidates
//     T - P_k   and   -T - P_k      (T = the output's even-y point)
// are looked up, in that order; the first hit ends the round. Outputs after the first direct
// match are never looked at, so their candidates are never computed or looked up.
//
// Work sharing: the direct comparison runs on Jacobian P_k (x(T)·Z² == X, no inversion); label
// candidates, needed only before the first direct match, are made in batches whose affine
// additions share one field inversion. Everything here is variable time: P_k, the outputs and
// the labels are public.
#pragma once

#include <cstddef>
#include <cstdint>

#include "group/group.h"

namespace fastsecp::silentpayments {

// Outputs per label-candidate batch (two candidates each).
constexpr size_t LABEL_BATCH = 16;

// For outputs t[0..n) with x(t[j]) != x(p) (n <= LABEL_BATCH): cand[2j] = t[j] - p and
// cand[2j+1] = -t[j] - p, affine and normalized. One field inversion for the whole batch.
void label_candidates_var(Ge* cand, const Ge* t, size_t n, const Ge& p);

// Index of the first output whose x equals x(p) (p Jacobian, not infinity), or n.
// load(j, Ge&) reads output j.
template <class Load>
size_t find_direct_var(const Gej& p, size_t n, Load&& load) {
    Fe z2, px = p.x;
    fe_sqr(z2, p.z);
    fe_normalize_var(px);
    for (size_t j = 0; j < n; j++) {
        Ge t;
        load(j, t);
        Fe lhs;
        fe_mul(lhs, t.x, z2);
        fe_normalize_var(lhs);
        if (fe_equal_normalized(lhs, px)) return j;
    }
    return n;
}

struct RoundResult {
    size_t index = SIZE_MAX;                  // matching output, SIZE_MAX for none
    const unsigned char* label_tweak = nullptr;  // non-null when found through a label
    Ge label;                                 // the label point then (affine, normalized)
};

// One scanning round for P_k (Jacobian, not infinity) over n outputs.
// lookup(label33) returns the wallet's tweak for that label or nullptr; with_labels false skips
// label candidates entirely (no lookup function).
template <class Load, class Lookup>
RoundResult scan_round_var(const Gej& p_k, size_t n, bool with_labels, Load&& load, Lookup&& lookup) {
    RoundResult r;
    size_t direct = find_direct_var(p_k, n, load);
    if (with_labels && direct > 0) {
        Ge p;
        ge_set_gej_var(p, p_k);
        Ge t[LABEL_BATCH], cand[2 * LABEL_BATCH];
        for (size_t start = 0; start < direct; start += LABEL_BATCH) {
            size_t m = direct - start < LABEL_BATCH ? direct - start : LABEL_BATCH;
            for (size_t i = 0; i < m; i++) load(start + i, t[i]);
            label_candidates_var(cand, t, m, p);
            for (size_t c = 0; c < 2 * m; c++) {
                unsigned char ser[33];
                ser[0] = (unsigned char)(0x02 | (unsigned)fe_is_odd(cand[c].y));
                fe_get_b32(ser + 1, cand[c].x);
                const unsigned char* tweak = lookup(ser);
                if (tweak != nullptr) {
                    r.index = start + c / 2;
                    r.label_tweak = tweak;
                    r.label = cand[c];
                    return r;
                }
            }
        }
    }
    if (direct < n) r.index = direct;
    return r;
}

}  // namespace fastsecp::silentpayments
