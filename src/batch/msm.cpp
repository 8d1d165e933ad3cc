// Scratch sizes and the choice between the multi-scalar multiplication algorithms.
#include <algorithm>

#include "batch/batch_ops.h"
#include "batch/msm_layout.h"

namespace fastsecp::batch {

// Enough for these sizes and any smaller ones (callers size the scratch before they know how
// many items pass their checks). Fewer terms never get a wider window (the chosen width's fixed
// cost, per-bucket work, grows with the width and the optimum's grows with the term count), so
// the largest layout over the widths up to this size's covers them.
size_t msm_scratch_size(size_t n_full, size_t n_short) {
    size_t strauss_terms = 2 * n_full + n_short;
    if (strauss_terms > STRAUSS_ROW_SUM_MAX_TERMS) strauss_terms = STRAUSS_ROW_SUM_MAX_TERMS;
    size_t terms = msm_terms(n_full, n_short), size = StraussLayout(n_full, n_short, strauss_terms).total;
    for (int c = 2; c <= pippenger_window(terms); c++) size = std::max(size, PippengerLayout(terms, c).total);
    return size;
}

// Strauss's cost in pippenger_cost() units, fitted to bench_micro BM_batch_msm: per point (table
// of odd multiples, its share of the inversion) and per 128-bit term (window-5 NAF additions:
// 29 added one by one, 15 with the affine row sums), about 70 units per Schnorr item (2 points,
// 3 terms) with row sums whatever the batch size, plus the shared doublings and G additions.
static bool prefer_strauss(size_t n_full, size_t n_short) {
    double bases = (double)(n_full + n_short), terms = (double)(2 * n_full + n_short);
    double per_term = strauss_row_sums(2 * n_full + n_short) ? 15.0 : 29.0;
    double strauss = bases * 13.0 + terms * per_term + 100.0;
    size_t pt = msm_terms(n_full, n_short);
    return strauss <= pippenger_cost(pt, pippenger_window(pt));
}

void msm_var(Gej& r, const MsmInput& in, void* scratch, MsmAlgo algo) {
    if (algo == MsmAlgo::Auto) algo = prefer_strauss(in.n_full, in.n_short) ? MsmAlgo::Strauss : MsmAlgo::Pippenger;
    if (algo == MsmAlgo::Strauss) batch_ops().msm_strauss(r, in, scratch);
    else batch_ops().msm_pippenger(r, in, scratch);
}

}  // namespace fastsecp::batch
