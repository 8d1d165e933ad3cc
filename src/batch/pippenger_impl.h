// Pippenger multi-scalar multiplication (msm.h) for many points, with affine buckets. Included
// by batch_portable.cpp and batch_bmi2.cpp.
#pragma once

#include "batch/msm_common_impl.h"

namespace fastsecp::FASTSECP_VARIANT {

// Signed c-bit digits of k (< 2^128) into column `term` of the window-major int16 matrix:
// each window value above 2^(c-1) becomes value - 2^c and carries one into the next window.
static inline void msm_signed_digits(int16_t* digits, size_t stride, size_t term, const Scalar& k, int c,
                                     int windows) {
    uint32_t carry = 0;
    const int32_t half = 1 << (c - 1);
    for (int j = 0; j < windows; j++) {
        int32_t v = (int32_t)(scalar_get_bits_range(k, (unsigned)(c * j), (unsigned)c) + carry);
        carry = v > half;
        if (carry) v -= 2 * half;
        digits[(size_t)j * stride + term] = (int16_t)v;
    }
}

// The buckets of one Pippenger window, kept affine. Additions are queued (at most one per
// bucket at a time) and done `batch` at once (PairSums: one shared inversion, eight lanes):
// 5M + 1S per addition plus 3M for the inversion, instead of 8M + 3S for a Jacobian bucket. A
// term whose bucket already has a queued addition waits in a deferred list (up to `batch`) and
// is queued after the next flush; when that list is full, and for what is still deferred when the
// window ends, it goes into the bucket's Jacobian overflow point instead (a plain mixed
// addition), so windows whose digits take few values (the top one) simply run at the Jacobian
// cost. With few buckets (batch == 0) every term takes that path.
struct AffineBuckets {
    Ge* bucket;          // [nb], infinity = empty
    Gej* overflow;       // [nb], added to the bucket when the window is summed
    uint8_t* busy;       // [nb], 1 while the bucket has a queued addition
    uint32_t* pend;      // [K] bucket of each queued addition
    const Ge** pend_pt;  // [K] the point to add (a term's point or its negation, not copied)
    uint32_t* def;       // [K] deferred additions: bucket
    const Ge** def_pt;   // [K] ... point
    PairSums pairs;      // [K]
    size_t batch;        // flush when this many are queued; 0: Jacobian buckets only
    size_t n_pend = 0, n_def = 0;
    bool spilled = false;  // some overflow point was used in this window

    // bucket b += p.
    void add(uint32_t b, const Ge* p) {
        if (batch == 0) {
            spilled = true;
            gej_add_ge_var(overflow[b], overflow[b], *p);
        } else if (busy[b]) {
            if (n_def < batch) {
                def[n_def] = b;
                def_pt[n_def++] = p;
            } else {
                spilled = true;
                gej_add_ge_var(overflow[b], overflow[b], *p);
            }
        } else {
            queue(b, p);
            if (n_pend == batch) flush();
        }
    }

    void queue(uint32_t b, const Ge* p) {
        if (bucket[b].infinity) {
            bucket[b] = *p;
        } else {
            busy[b] = 1;
            pend[n_pend] = b;
            pend_pt[n_pend++] = p;
        }
    }

    // Does every queued addition (P + (-P) empties the bucket), then queues the deferred ones
    // whose bucket is free again, leaving the queue below `batch` (add() queues one more).
    void flush() {
        if (n_pend == 0) return;
        for (size_t k = 0; k < n_pend; k++) {
            Ge& p = bucket[pend[k]];
            if (!pairs.add(&p, &p, pend_pt[k])) ge_set_infinity(p);
            busy[pend[k]] = 0;
        }
        pairs.run();
        n_pend = 0;
        size_t kept = 0;
        for (size_t k = 0; k < n_def; k++) {
            if (busy[def[k]] || n_pend + 1 >= batch) {  // the queue stays below `batch`
                def[kept] = def[k];
                def_pt[kept++] = def_pt[k];
            } else {
                queue(def[k], def_pt[k]);
            }
        }
        n_def = kept;
    }

    // End of the window: everything queued done, what still waits added into overflow points.
    void finish() {
        flush();
        spilled |= n_def > 0;
        for (size_t k = 0; k < n_def; k++) gej_add_ge_var(overflow[def[k]], overflow[def[k]], *def_pt[k]);
        n_def = 0;
        flush();
    }
};

// out = sum_b (b+1)·bucket[b] for nb affine buckets (a power of two, at least 16) and no
// overflow points, with affine additions: the buckets split into S segments of L (S ≤ pairs'
// capacity / 2), each segment's running sum and sum of running sums advanced one bucket per step
// in all segments at once (2S additions sharing one inversion, PairSums); then
// out = sum_s sum[s] + L·sum_s s·run[s] in Jacobian coordinates (≈ 3S additions and log2 L
// doublings instead of 2 per bucket). seg: 3·S points of scratch.
static void msm_bucket_sums_affine(Gej& out, const Ge* bucket, size_t nb, PairSums& pairs, size_t S, Ge* seg) {
    const size_t L = nb / S;
    Ge *run = seg, *nrun = seg + S, *sum = seg + 2 * S;
    for (size_t s = 0; s < S; s++) {
        ge_set_infinity(run[s]);
        ge_set_infinity(sum[s]);
    }
    for (size_t t = 0; t <= L; t++) {
        // Step t: sum[s] += run[s] (the first t buckets from the segment's top), and
        // nrun[s] = run[s] + the next bucket down. Outputs never feed another pair of the step.
        for (size_t s = 0; s < S; s++) {
            if (t > 0 && !run[s].infinity) {
                if (sum[s].infinity) sum[s] = run[s];
                else if (!pairs.add(&sum[s], &sum[s], &run[s])) ge_set_infinity(sum[s]);
            }
            if (t < L) {
                const Ge& b = bucket[s * L + (L - 1 - t)];
                if (b.infinity) nrun[s] = run[s];
                else if (run[s].infinity) nrun[s] = b;
                else if (!pairs.add(&nrun[s], &run[s], &b)) ge_set_infinity(nrun[s]);
            }
        }
        pairs.run();
        if (t < L) {
            Ge* x = run;
            run = nrun;
            nrun = x;
        }
    }
    // sum_s s·run[s] as running sums from the top segment down, times L, plus every sum[s].
    Gej r, acc;
    gej_set_infinity(r);
    gej_set_infinity(acc);
    for (size_t s = S; s-- > 1;) {
        gej_add_ge_var(r, r, run[s]);
        gej_add_var(acc, acc, r);
    }
    for (size_t l = L; l > 1; l >>= 1) gej_double_var(acc, acc);
    for (size_t s = 0; s < S; s++) gej_add_ge_var(acc, acc, sum[s]);
    out = acc;
}

static void msm_pippenger(Gej& r, const batch::MsmInput& in, void* scratch) {
    const size_t terms = batch::msm_terms(in.n_full, in.n_short);
    const batch::PippengerLayout lay(terms);
    const int c = lay.c, windows = lay.windows;
    const size_t nb = lay.nb;
    unsigned char* base = static_cast<unsigned char*>(scratch);
    Ge* pts = reinterpret_cast<Ge*>(base + lay.pts);
    Ge* npts = reinterpret_cast<Ge*>(base + lay.npts);
    int16_t* digits = reinterpret_cast<int16_t*>(base + lay.digits);
    AffineBuckets bk;
    bk.bucket = reinterpret_cast<Ge*>(base + lay.buckets);
    bk.overflow = reinterpret_cast<Gej*>(base + lay.overflow);
    bk.busy = base + lay.busy;
    bk.pend = reinterpret_cast<uint32_t*>(base + lay.pend);
    bk.pend_pt = reinterpret_cast<const Ge**>(base + lay.pend_pt);
    bk.def = reinterpret_cast<uint32_t*>(base + lay.def);
    bk.def_pt = reinterpret_cast<const Ge**>(base + lay.def_pt);
    bk.pairs.init(base + lay.pairs_mem, lay.batch ? batch::pippenger_pairs_cap() : 0);
    bk.batch = lay.batch;
    // Segments for the affine bucket sums: 16 buckets or more each, at most capacity / 2 of them.
    const size_t segs = lay.batch && nb >= 256 ? (nb / 16 < batch::PIPPENGER_SEGMENTS ? nb / 16 : batch::PIPPENGER_SEGMENTS) : 0;
    Ge* seg = reinterpret_cast<Ge*>(base + lay.seg);

    // Every term as a point and a non-negative scalar below 2^128 (signs moved into the point).
    size_t t = 0;
    for (size_t b = 0; b < in.n_full; b++) {
        Scalar k1, k2;
        bool n1, n2;
        msm_split_full(k1, k2, n1, n2, in.full_scalars[b]);
        const Ge& p = in.full_points[b];
        if (n1) ge_neg(pts[t], p); else pts[t] = p;
        msm_signed_digits(digits, terms, t++, k1, c, windows);
        ge_mul_lambda(pts[t], p);
        if (n2) ge_neg(pts[t], pts[t]);
        msm_signed_digits(digits, terms, t++, k2, c, windows);
    }
    for (size_t s = 0; s < in.n_short; s++) {
        pts[t] = in.short_points[s];
        msm_signed_digits(digits, terms, t++, in.short_scalars[s], c, windows);
    }
    Scalar g1, g2;
    scalar_split_128(g1, g2, in.g);
    pts[t] = ge_generator();
    msm_signed_digits(digits, terms, t++, g1, c, windows);
    ge_from_storage(pts[t], ECMULT_G128_ODD[0]);  // 2^128·G
    msm_signed_digits(digits, terms, t++, g2, c, windows);
    // Each point's negation made once: a negative digit picks it without a branch or a copy.
    for (size_t i = 0; i < terms; i++) ge_neg(npts[i], pts[i]);
    const Ge* const sides[2] = {pts, npts};

    Gej acc;
    gej_set_infinity(acc);
    for (int j = windows - 1; j >= 0; j--) {
        for (int d = 0; d < c; d++) gej_double_var(acc, acc);
        for (size_t b = 0; b < nb; b++) {
            ge_set_infinity(bk.bucket[b]);
            gej_set_infinity(bk.overflow[b]);
            bk.busy[b] = 0;
        }
        bk.spilled = false;
        const int16_t* row = digits + (size_t)j * terms;
        for (size_t i = 0; i < terms; i++) {
            const int d = row[i], m = d >> 31;  // m: -1 when d < 0
            if (d == 0) continue;
            bk.add((uint32_t)(((d ^ m) - m) - 1), sides[m & 1] + i);
        }
        bk.finish();
        if (segs && !bk.spilled) {
            Gej sum;
            msm_bucket_sums_affine(sum, bk.bucket, nb, bk.pairs, segs, seg);
            gej_add_var(acc, acc, sum);
            continue;
        }
        // sum_b (b+1)·(bucket[b] + overflow[b]) as a sum of running sums from the top bucket down.
        Gej running, sum;
        gej_set_infinity(running);
        gej_set_infinity(sum);
        for (size_t b = nb; b-- > 0;) {
            gej_add_ge_var(running, running, bk.bucket[b]);
            gej_add_var(running, running, bk.overflow[b]);
            gej_add_var(sum, sum, running);
        }
        gej_add_var(acc, acc, sum);
    }
    r = acc;
}

}  // namespace fastsecp::FASTSECP_VARIANT
