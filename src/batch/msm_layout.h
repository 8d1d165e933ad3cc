// Where each algorithm of msm.h keeps its arrays inside the caller's scratch buffer, and the
// Pippenger window width. Shared by the size query and both compiled variants; everything here
// has internal linkage (static, unnamed namespace), so the linker can never hand the portable
// code a copy compiled with BMI2 instructions (see field.h).
#pragma once

#include <cstddef>
#include <algorithm>
#include <cstdint>

#include "batch/msm.h"

namespace fastsecp::batch {
namespace {

constexpr size_t MSM_ALIGN = 64;
constexpr size_t msm_round_up(size_t x) { return (x + MSM_ALIGN - 1) & ~(MSM_ALIGN - 1); }

constexpr int STRAUSS_WINDOW = 5;                              // wNAF width for the points
constexpr int STRAUSS_ROW_WINDOW = 4;                          // ... with row sums (see below)
constexpr int STRAUSS_TABLE = 1 << (STRAUSS_WINDOW - 2);       // odd multiples 1P..15P (at most)
constexpr int STRAUSS_DIGITS = 130;                            // scalars < 2^128 (+ NAF carry)

// Below this many terms a Strauss digit row holds about one point (a term has a nonzero digit in
// about one row of six), too few to pair: each is added into the accumulator directly. Above the
// maximum (sizes where Pippenger is chosen anyway) too, so the row lists' scratch stays bounded.
// Row sums make the additions cheaper than the tables' entries, so they take a narrower window
// (4: 1P..7P, a fifth of the digits nonzero) than points added one by one (5: 1P..15P, a sixth).
constexpr size_t STRAUSS_ROW_SUM_MIN_TERMS = 8, STRAUSS_ROW_SUM_MAX_TERMS = 400;
constexpr bool strauss_row_sums(size_t terms) {
    return terms >= STRAUSS_ROW_SUM_MIN_TERMS && terms <= STRAUSS_ROW_SUM_MAX_TERMS;
}

// Scratch of msm_common_impl.h's PairSums per pair it can hold: six pointers, three field elements.
constexpr size_t PAIR_SUMS_BYTES = 6 * sizeof(void*) + 3 * sizeof(Fe);

// wNAF has at most one nonzero digit in any w consecutive ones: a bound on the nonzero digits of
// one term with row sums (also of the generator's two, whose window is wider).
constexpr size_t STRAUSS_MAX_NONZERO = (STRAUSS_DIGITS + STRAUSS_ROW_WINDOW - 1) / STRAUSS_ROW_WINDOW;
constexpr int strauss_window(size_t terms) { return strauss_row_sums(terms) ? STRAUSS_ROW_WINDOW : STRAUSS_WINDOW; }

struct StraussLayout {
    size_t tab, ltab, zt, pre, digits, ntab, nltab, ptrs, rows, rows2, pairs_mem, total;  // byte offsets
    StraussLayout(size_t n_full, size_t n_short) : StraussLayout(n_full, n_short, 2 * n_full + n_short) {}
    // row_terms: the term count the row lists are sized for (the scratch-size query passes the
    // largest that any smaller input could use).
    StraussLayout(size_t n_full, size_t n_short, size_t row_terms) {
        size_t bases = n_full + n_short, terms = 2 * n_full + n_short;
        size_t points = strauss_row_sums(row_terms) ? (row_terms + 2) * STRAUSS_MAX_NONZERO : 0;
        size_t pairs = points / 2;
        tab = 0;                                                        // Ge[bases][TABLE]
        ltab = msm_round_up(tab + bases * STRAUSS_TABLE * sizeof(Ge));  // Ge[n_full][TABLE] (λ)
        zt = msm_round_up(ltab + n_full * STRAUSS_TABLE * sizeof(Ge));  // Fe[bases]
        pre = msm_round_up(zt + bases * sizeof(Fe));                    // Fe[bases]
        digits = msm_round_up(pre + bases * sizeof(Fe));                // int8[DIGITS][terms]
        // With row sums: negated tables, and each row's points as table pointers (at most one per
        // term and two for the generator per row).
        const bool rs = points != 0;
        ntab = msm_round_up(digits + STRAUSS_DIGITS * terms);           // Ge[bases][TABLE]
        nltab = msm_round_up(ntab + (rs ? bases * STRAUSS_TABLE * sizeof(Ge) : 0));   // Ge[n_full][TABLE]
        ptrs = msm_round_up(nltab + (rs ? n_full * STRAUSS_TABLE * sizeof(Ge) : 0));  // Ge*[DIGITS][terms+2]
        rows = msm_round_up(ptrs + (rs ? STRAUSS_DIGITS * (row_terms + 2) * sizeof(Ge*) : 0));  // Ge[points]
        rows2 = msm_round_up(rows + points * sizeof(Ge));               // Ge[points] the next round's
        pairs_mem = msm_round_up(rows2 + points * sizeof(Ge));          // PairSums of `pairs`
        total = msm_round_up(pairs_mem + pairs * PAIR_SUMS_BYTES);
    }
};

// Signed c-bit digits cover 128-bit scalars plus a carry: windows·c >= 129.
constexpr int pippenger_windows(int c) { return (129 + c - 1) / c; }

// Additions into affine buckets are done up to PIPPENGER_BATCH at a time, sharing one inversion.
constexpr size_t PIPPENGER_BATCH = 128;

// Segments of the affine bucket sums (pippenger_impl.h), at most; each step adds two points per
// segment, so the PairSums hold the larger of a batch and twice this.
constexpr size_t PIPPENGER_SEGMENTS = 64;
constexpr size_t pippenger_pairs_cap() {
    return PIPPENGER_BATCH > 2 * PIPPENGER_SEGMENTS ? PIPPENGER_BATCH : 2 * PIPPENGER_SEGMENTS;
}

// Affine additions queued per shared inversion with 2^(c-1) buckets: at most an eighth of the
// buckets busy (so few terms find theirs busy; a quarter, 128 of 512 buckets at n = 1024 Schnorr
// items, was 5-8 % slower there) but not under 64 (nor a quarter of the buckets, when that is
// less: c = 8 and 9 keep their measured 32 and 64), and none at all (plain Jacobian buckets) when
// a quarter is under 32, too few to pay for the inversion.
inline size_t pippenger_affine_batch(int c) {
    const size_t nb = (size_t)1 << (c - 1), quarter = nb / 4;
    return quarter < 32 ? 0 : std::min(PIPPENGER_BATCH, std::max(std::min<size_t>(quarter, 64), nb / 8));
}

// Estimated cost of Pippenger with c-bit digits, in units of one term added into one window's
// affine buckets (≈ 100 ns here): per window every term (≈ 1.2 each into Jacobian buckets),
// plus ≈ 1.75 per bucket for the running sums (fitted to bench_micro BM_batch_msm). With 2048
// buckets (c = 12) the affine segment sums (pippenger_impl.h) are taken as ≈ 1 per bucket: that
// moves n = 4096 Schnorr items (12290 terms) from c = 10 to 12, BM_batch_schnorr_verify
// 17.0/18.0 -> 15.8/15.9 ms; smaller widths keep the old fit (not measured again). A top
// window whose digits take few values (it holds only the last bits and the carry) sends most
// terms to the Jacobian overflow points, ≈ 0.3 more each.
inline double pippenger_cost(size_t terms, int c) {
    int windows = pippenger_windows(c);
    int top_bits = 129 - c * (windows - 1);
    double per_term = pippenger_affine_batch(c) ? 1.0 : 1.2;
    double per_bucket = pippenger_affine_batch(c) && c >= 12 ? 1.0 : 1.75;
    double cost = windows * (per_term * (double)terms + per_bucket * (double)(1u << (c - 1)));
    if (per_term == 1.0 && top_bits < c - 2) cost += 0.3 * (double)terms;
    return cost;
}

// The width c in [2, 12] with the least estimated cost.
inline int pippenger_window(size_t terms) {
    int best = 2;
    for (int c = 3; c <= 12; c++)
        if (pippenger_cost(terms, c) < pippenger_cost(terms, best)) best = c;
    return best;
}

struct PippengerLayout {
    int c, windows;
    size_t nb;                                                     // buckets: 2^(c-1)
    size_t batch;                                                  // additions per shared inversion
    size_t pts, npts, digits, buckets, overflow, busy, pend, pend_pt, def, def_pt, pairs_mem, seg, total;  // byte offsets
    explicit PippengerLayout(size_t terms) : PippengerLayout(terms, pippenger_window(terms)) {}
    PippengerLayout(size_t terms, int width) {
        c = width;
        windows = pippenger_windows(c);
        nb = (size_t)1 << (c - 1);
        batch = pippenger_affine_batch(c);
        const size_t K = batch ? PIPPENGER_BATCH : 0;  // queued additions (none: Jacobian buckets)
        pts = 0;                                                          // Ge[terms]
        npts = msm_round_up(pts + terms * sizeof(Ge));                    // Ge[terms]  their negations
        digits = msm_round_up(npts + terms * sizeof(Ge));                 // int16[windows][terms]
        buckets = msm_round_up(digits + (size_t)windows * terms * sizeof(int16_t));  // Ge[nb]
        overflow = msm_round_up(buckets + nb * sizeof(Ge));               // Gej[nb]
        busy = msm_round_up(overflow + nb * sizeof(Gej));                 // uint8[nb]
        pend = msm_round_up(busy + nb);                                   // uint32[K]  bucket of each
        pend_pt = msm_round_up(pend + K * sizeof(uint32_t));              // Ge*[K]     point to add
        def = msm_round_up(pend_pt + K * sizeof(Ge*));                    // uint32[K]  deferred: bucket
        def_pt = msm_round_up(def + K * sizeof(uint32_t));                // Ge*[K]     ... point
        const size_t KP = K ? pippenger_pairs_cap() : 0;
        pairs_mem = msm_round_up(def_pt + K * sizeof(Ge*));               // PairSums of KP
        seg = msm_round_up(pairs_mem + KP * PAIR_SUMS_BYTES);             // Ge[3][SEGMENTS]  segment sums
        total = msm_round_up(seg + (K ? 3 * PIPPENGER_SEGMENTS * sizeof(Ge) : 0));
    }
};

}  // namespace
}  // namespace fastsecp::batch
