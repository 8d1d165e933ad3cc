// fastsecp_sp_scan and fastsecp_sp_scan_prefilter: BIP-352 scanning of many transactions.
//
// Per block of transactions the shared work is done once: the tweaks are decompressed together
// (square roots in IFMA lanes when the CPU has them), multiplied by the scan key in one call (batch/same_scalar.h), and made affine with one
// shared inversion. Then each transaction runs the BIP-352 rounds k = 0, 1, ... like
// libsecp256k1's recipient_scan_outputs (same match order, same label rule; see
// schemes/silentpayments_scan.h): the direct comparison needs no inversion (x(T)·Z² = X), and
// labels are found by looking up the candidates (T - P_k, -T - P_k) in the wallet's hash index,
// so their number does not change the cost. The prefilter, which only has 8-byte prefixes of the
// outputs, cannot do that: it computes P_0 + label for every label, so its cost grows linearly
// with the number of labels.
//
// Secrets: the scan key, and the shared secret S = scan·tweak derived from it, are handled in
// constant time unless FASTSECP_SP_SCAN_VARTIME is given; t_k is public once hashed (the outputs
// it yields are on chain), as libsecp256k1 treats it.
#include <algorithm>
#include <cstring>

#include "api/batch_call.h"
#include "api/parse.h"
#include "batch/batch_ops.h"
#include "batch/normalize_ct.h"
#include "batch/same_scalar.h"
#include "hash/memclear.h"
#include "rt/vec.h"
#include "scan/sp_wallet.h"
#include "schemes/silentpayments.h"
#include "schemes/silentpayments_scan.h"
#include "rt/bytes.h"

using namespace fastsecp;
namespace sp = fastsecp::silentpayments;

namespace {

// Transactions per block: the shared inversion's cost per item is ~1/BLOCK of one inversion.
constexpr size_t BLOCK = 128;
constexpr size_t MIN_ITEMS_PER_CHUNK = 16;

// Decompresses the tweaks of items[0..n) into t[], writing each item's status.
void parse_tweaks(Ge* t, fastsecp_status* st, const fastsecp_sp_item* items, size_t n, bool need_outputs) {
    if (n == 0) return;
    const unsigned char* keys[BLOCK];
    size_t lens[BLOCK];
    static const unsigned char dummy[33] = {0x02};
    for (size_t i = 0; i < n; i++) {
        keys[i] = items[i].tweak33 != nullptr ? items[i].tweak33 : dummy;
        lens[i] = 33;
    }
    api::parse_pubkeys(t, st, keys, lens, n);
    for (size_t i = 0; i < n; i++)
        if (items[i].tweak33 == nullptr || (need_outputs && items[i].outputs32 == nullptr && items[i].n_outputs > 0))
            st[i] = FASTSECP_ERR_INVALID_ARGUMENT;
}

// S_i = scan·T_i for the items whose status is OK, serialized (ser_P) into ss33[33*i ..].
void shared_secrets(unsigned char* ss33, const fastsecp_sp_wallet& w, const Ge* t, const fastsecp_status* st,
                    size_t n, bool ct) {
    Ge in[BLOCK], s[BLOCK];
    Gej sj[BLOCK];
    Fe scratch[BLOCK];
    size_t idx[BLOCK], m = 0;
    for (size_t i = 0; i < n; i++)
        if (st[i] == FASTSECP_OK) {
            idx[m] = i;
            in[m++] = t[i];
        }
    if (m == 0) return;
    batch::ecmult_same_scalar(sj, in, m, w.scan, ct);
    if (ct) batch::ge_set_all_gej_ct(s, sj, m, scratch);
    else ge_set_all_gej_var(s, sj, m, scratch);
    for (size_t j = 0; j < m; j++) sp::shared_secret_serialize(ss33 + 33 * idx[j], s[j]);
    hash::memclear(sj, sizeof sj);
    hash::memclear(s, sizeof s);
}

// t_k from the shared secret. False (status set) when the hash is 0 or >= n, where libsecp256k1's
// scan gives up too (never seen in practice).
bool output_tweak(Scalar& t_k, fastsecp_status& st, const unsigned char ss33[33], uint32_t k) {
    unsigned char h[32];
    sp::output_tweak_hash(h, ss33, k, nullptr);
    api::declassify(h, sizeof h);  // public from here on (see the top comment)
    if (!sp::output_tweak_scalar(t_k, h)) {
        st = FASTSECP_ERR_SCALAR_OUT_OF_RANGE;
        return false;
    }
    return true;
}

// P_k = B_spend + t_k·G given t_k·G. False (status set) at infinity.
bool finish_output_point(Gej& p_k, fastsecp_status& st, const fastsecp_sp_wallet& w, const Gej& tg) {
    gej_add_ge_var(p_k, tg, w.spend);
    if (p_k.infinity) {
        st = FASTSECP_ERR_POINT_AT_INFINITY;
        return false;
    }
    return true;
}

// The k = 0 output points of a block's items (those with status OK, and outputs when items is
// given), t_0·G computed together.
void first_output_points(Gej* p0, Scalar* t0, fastsecp_status* st, const fastsecp_sp_wallet& w,
                         const unsigned char* ss33, size_t n, const fastsecp_sp_item* items) {
    Scalar ts[BLOCK];
    Gej tg[BLOCK];
    size_t idx[BLOCK], m = 0;
    for (size_t i = 0; i < n; i++)
        if (st[i] == FASTSECP_OK && (items == nullptr || items[i].n_outputs > 0) &&
            output_tweak(t0[i], st[i], ss33 + 33 * i, 0)) {
            idx[m] = i;
            ts[m++] = t0[i];
        }
    if (m == 0) return;  // also tells GCC that ts is written before it is read
    batch::ecmult_gen_var_batch(tg, ts, m);
    for (size_t j = 0; j < m; j++) finish_output_point(p0[idx[j]], st[idx[j]], w, tg[j]);
}

// One transaction's outputs, decoded on demand (lifted by label_wave) and kept for the following rounds.
struct Outputs {
    const unsigned char* bytes = nullptr;
    size_t n = 0;
    rt::Vec<Fe> x;              // x of each output (valid when x_ok)
    rt::Vec<unsigned char> x_ok;
    rt::Vec<Ge> lifted;         // even-y points, made when labels need them
    rt::Vec<unsigned char> lift_state;  // 0 not tried, 1 ok, 2 not on the curve

    // False when memory cannot be had.
    [[nodiscard]] bool reset(const unsigned char* b, size_t count) {
        bytes = b;
        n = 0;
        if (!x.resize(count) || !x_ok.resize(count) || !lift_state.assign(count, 0) || !lifted.resize(count))
            return false;
        n = count;
        for (size_t j = 0; j < count; j++) x_ok[j] = fe_set_b32_limit(x[j], b + 32 * j);
        return true;
    }
};

// The first output whose x equals x(p_k), or n.
size_t find_direct(const Gej& p_k, const Outputs& o) {
    Fe z2, px = p_k.x;
    fe_sqr(z2, p_k.z);
    fe_normalize_var(px);
    for (size_t j = 0; j < o.n; j++) {
        if (!o.x_ok[j]) continue;
        Fe lhs;
        fe_mul(lhs, o.x[j], z2);
        fe_normalize_var(lhs);
        if (fe_equal_normalized(lhs, px)) return j;
    }
    return o.n;
}

struct ScanArgs {
    const fastsecp_sp_wallet* w;
    const fastsecp_sp_item* items;
    fastsecp_status* results;
    bool ct;
};

// An (item, output) pair of a block.
struct ItemOutput {
    uint32_t item, output;
};

// Scratch reused from block to block (arrays keep their capacity).
struct Scratch {
    Outputs outs[BLOCK];
    rt::Vec<fastsecp_sp_match> found;  // this block's matches, in wave order
    rt::Vec<fastsecp_sp_match> sorted; // the same by item (then k)
    rt::Vec<ItemOutput> pairs;         // (item, output) needing label candidates
    rt::Vec<Fe> d, prefix;
    rt::Vec<ItemOutput> to_lift;
};

// Label round of a wave: for each listed item (affine P_k in p[i]), the candidates T_j - P_k and
// -T_j - P_k of its outputs j < direct[i], in vout order, looked up in the wallet; the first hit
// per item goes to hit_out[i] / hit_label[i]. All the block's candidates share one inversion.
// No candidate is ever infinity: T_j = ±P_k would need x(T_j) = x(P_k), and the first such j is
// direct[i], where the candidates stop (so every denominator x(T_j) - x(P_k) is non-zero).
[[nodiscard]] bool label_wave(Scratch& sc, const fastsecp_sp_wallet& w, const Ge* p, const size_t* direct,
                              const uint32_t* items, size_t n_items, size_t* hit_out, const scan::Label** hit_label) {
    // Lift the outputs that need it (square roots several at a time).
    sc.to_lift.clear();
    for (size_t q = 0; q < n_items; q++) {
        const uint32_t i = items[q];
        Outputs& o = sc.outs[i];
        for (size_t j = 0; j < direct[i]; j++)
            if (o.lift_state[j] == 0) {
                if (!o.x_ok[j]) o.lift_state[j] = 2;
                else if (!sc.to_lift.push_back({i, (uint32_t)j})) return false;
            }
    }
    for (size_t q0 = 0; q0 < sc.to_lift.size(); q0 += 32) {
        const size_t m = std::min<size_t>(32, sc.to_lift.size() - q0);
        Fe x[32];
        Ge r[32];
        bool ok[32];
        for (size_t q = 0; q < m; q++) x[q] = sc.outs[sc.to_lift[q0 + q].item].x[sc.to_lift[q0 + q].output];
        batch::lift_x_even(r, ok, x, m);
        for (size_t q = 0; q < m; q++) {
            Outputs& o = sc.outs[sc.to_lift[q0 + q].item];
            const uint32_t j = sc.to_lift[q0 + q].output;
            o.lifted[j] = r[q];
            o.lift_state[j] = ok[q] ? 1 : 2;
        }
    }
    // Denominators x(T) - x(P) of every pair, inverted together (Montgomery's trick).
    sc.pairs.clear();
    for (size_t q = 0; q < n_items; q++) {
        const uint32_t i = items[q];
        for (size_t j = 0; j < direct[i]; j++)
            if (sc.outs[i].lift_state[j] == 1 && !sc.pairs.push_back({i, (uint32_t)j})) return false;
    }
    const size_t m = sc.pairs.size();
    if (m == 0) return true;
    if (!sc.d.resize(m) || !sc.prefix.resize(m)) return false;
    for (size_t c = 0; c < m; c++) {
        const auto [i, j] = sc.pairs[c];
        fe_sub(sc.d[c], sc.outs[i].lifted[j].x, p[i].x);  // non-zero: j is before the direct match
        if (c == 0) sc.prefix[0] = sc.d[0];
        else fe_mul(sc.prefix[c], sc.prefix[c - 1], sc.d[c]);
    }
    Fe inv;
    fe_inv_var(inv, sc.prefix[m - 1]);
    for (size_t c = m; c-- > 0;) {  // d[c] := 1 / d[c]
        Fe dinv;
        if (c == 0) dinv = inv;
        else {
            fe_mul(dinv, inv, sc.prefix[c - 1]);
            fe_mul(inv, inv, sc.d[c]);
        }
        sc.d[c] = dinv;
    }
    for (size_t c = 0; c < m; c++) {
        const auto [i, j] = sc.pairs[c];
        if (hit_label[i] != nullptr) continue;  // an earlier output of this item already hit
        const Ge& t = sc.outs[i].lifted[j];
        Fe xsum = t.x;
        fe_add(xsum, p[i].x);
        for (int which = 0; which < 2; which++) {
            // which 0: T - P = T + (-P), slope (yT + yP)/(xT - xP);
            // which 1: -T - P = -(T + P), slope (yT - yP)/(xT - xP), y negated at the end.
            Fe num, lambda, x3, y3, tmp;
            if (which == 0) {
                num = t.y;
                fe_add(num, p[i].y);
            } else {
                fe_sub(num, t.y, p[i].y);
            }
            fe_mul(lambda, num, sc.d[c]);
            fe_sqr(x3, lambda);
            fe_sub(x3, x3, xsum);
            fe_sub(tmp, t.x, x3);
            fe_mul(y3, lambda, tmp);
            fe_sub(y3, y3, t.y);
            if (which == 1) fe_negate(y3, y3, 1);
            Ge cand;
            cand.x = x3;
            cand.y = y3;
            cand.infinity = 0;
            fe_normalize_var(cand.x);
            fe_normalize_var(cand.y);
            if (const scan::Label* l = w.find_label(cand)) {
                hit_out[i] = j;
                hit_label[i] = l;
                break;
            }
        }
    }
    return true;
}

// One block: shared secrets, then BIP-352 rounds in waves (every still-matching transaction of
// the block does round k together: t_k·G batched, label candidates with one inversion).
// False when memory cannot be had.
[[nodiscard]] bool scan_block(rt::Vec<fastsecp_sp_match>& matches, Scratch& sc, const ScanArgs& a, size_t b, size_t n) {
    Ge t[BLOCK] = {}, p_aff[BLOCK];  // (t zeroed: only silences a false maybe-uninitialized warning)
    Gej p[BLOCK], tg[BLOCK];
    Scalar tk[BLOCK], tks[BLOCK];
    Fe scratch[BLOCK];
    uint32_t k[BLOCK], k_max[BLOCK], active[BLOCK], lab[BLOCK], idx[BLOCK];
    size_t direct[BLOCK], hit_out[BLOCK];
    const scan::Label* hit_label[BLOCK];
    unsigned char ss[33 * BLOCK];
    const fastsecp_sp_wallet& w = *a.w;
    fastsecp_status* st = a.results + b;
    const fastsecp_sp_item* items = a.items + b;

    parse_tweaks(t, st, items, n, true);
    shared_secrets(ss, w, t, st, n, a.ct);
    first_output_points(p, tk, st, w, ss, n, items);
    bool ok = true;
    size_t n_active = 0;
    for (size_t i = 0; i < n && ok; i++)
        if (st[i] == FASTSECP_OK && items[i].n_outputs > 0) {
            active[n_active++] = (uint32_t)i;
            k[i] = 0;
            k_max[i] = items[i].n_outputs < sp::GROUP_LIMIT ? (uint32_t)items[i].n_outputs : sp::GROUP_LIMIT;
            ok = sc.outs[i].reset(items[i].outputs32, items[i].n_outputs);
        }
    sc.found.clear();
    while (ok && n_active > 0) {
        size_t n_lab = 0;
        for (size_t q = 0; q < n_active; q++) {
            const uint32_t i = active[q];
            direct[i] = find_direct(p[i], sc.outs[i]);
            hit_out[i] = SIZE_MAX;
            hit_label[i] = nullptr;
            if (!w.labels.empty() && direct[i] > 0) lab[n_lab++] = i;
        }
        if (n_lab > 0) {
            Gej pl[BLOCK];
            for (size_t q = 0; q < n_lab; q++) pl[q] = p[lab[q]];
            Ge pa[BLOCK];
            ge_set_all_gej_var(pa, pl, n_lab, scratch);
            for (size_t q = 0; q < n_lab; q++) p_aff[lab[q]] = pa[q];
            if (!label_wave(sc, w, p_aff, direct, lab, n_lab, hit_out, hit_label)) {
                ok = false;
                break;
            }
        }
        // Record this round's matches; the matching transactions go on to the next round.
        size_t n_next = 0;
        for (size_t q = 0; q < n_active; q++) {
            const uint32_t i = active[q];
            size_t out = hit_label[i] != nullptr ? hit_out[i] : direct[i];
            if (out >= sc.outs[i].n) continue;
            fastsecp_sp_match m{};
            m.item = b + i;
            m.output = out;
            m.k = k[i];
            Scalar spend = tk[i];
            if (hit_label[i] != nullptr) {
                Scalar lt;
                scalar_set_b32(lt, hit_label[i]->tweak32, nullptr);
                scalar_add(spend, spend, lt);  // zero (a label cancelling t_k) is reported as 32 zero bytes
                scalar_clear(lt);
                m.has_label = 1;
                m.label = hit_label[i]->m;
            }
            scalar_get_b32(m.spend_tweak32, spend);
            scalar_clear(spend);
            if (!sc.found.push_back(m)) {
                ok = false;
                break;
            }
            if (++k[i] >= k_max[i]) continue;
            if (!output_tweak(tk[i], st[i], ss + 33 * i, k[i])) continue;
            active[n_next++] = i;
        }
        // P_k for the next round, t_k·G together.
        for (size_t q = 0; q < n_next; q++) {
            idx[q] = active[q];
            tks[q] = tk[active[q]];
        }
        batch::ecmult_gen_var_batch(tg, tks, n_next);
        size_t n_ok = 0;
        for (size_t q = 0; q < n_next; q++) {
            const uint32_t i = idx[q];
            if (finish_output_point(p[i], st[i], w, tg[q])) active[n_ok++] = i;
        }
        n_active = n_ok;
    }
    // An item that failed in a later round (t_k out of range, or P_k at infinity for k > 0) reports
    // nothing, not the matches of its earlier rounds: libsecp256k1's scan_outputs returns 0 with no
    // outputs there, and failed items' outputs are empty (fastsecp.h).
    size_t kept = 0;
    if (ok)
        for (const fastsecp_sp_match& m : sc.found)
            if (st[m.item - b] == FASTSECP_OK) sc.found[kept++] = m;
    hash::memclear(sc.found.data() + kept, (sc.found.size() - kept) * sizeof(fastsecp_sp_match));
    sc.found.truncate(kept);
    // Input order: by item, then k (the waves interleave items, each in k order): a counting sort.
    size_t first[BLOCK + 1] = {};
    for (const fastsecp_sp_match& m : sc.found) first[m.item - b + 1]++;
    for (size_t i = 0; i < n; i++) first[i + 1] += first[i];
    ok = ok && sc.sorted.resize(kept);
    if (ok) {
        for (const fastsecp_sp_match& m : sc.found) sc.sorted[first[m.item - b]++] = m;
        for (const fastsecp_sp_match& m : sc.sorted)
            if (!matches.push_back(m)) {
                ok = false;
                break;
            }
    }
    hash::memclear(sc.found.data(), sc.found.size() * sizeof(fastsecp_sp_match));
    hash::memclear(sc.sorted.data(), sc.sorted.size() * sizeof(fastsecp_sp_match));
    hash::memclear(ss, sizeof ss);
    return ok;
}

// Output-key prefix: bytes 0..7 of x, big-endian (x normalized).
uint64_t x_prefix(const Fe& x) { return x.n[3]; }
uint64_t load_prefix(const unsigned char* p) { return rt::load_be64(p); }


// Scans items [begin, end) into matches (in input order).
void scan_range(rt::Vec<fastsecp_sp_match>& matches, bool& oom, const ScanArgs& a, size_t begin, size_t end) {
    Scratch* sc = rt::create<Scratch>();
    oom = sc == nullptr;
    for (size_t b = begin; b < end && !oom; b += BLOCK) oom = !scan_block(matches, *sc, a, b, std::min(BLOCK, end - b));
    rt::destroy(sc);
}

// The pre-filter's input in either form: contiguous 33-byte tweaks with 8-byte prefixes and
// offsets (fastsecp_sp_scan_prefilter), or items with a 33- or 64-byte tweak and 64-bit prefixes
// (fastsecp_sp_scan_prefilter_items).
struct PrefilterArgs {
    const fastsecp_sp_wallet* w;
    const unsigned char* tweaks33;
    const unsigned char* prefixes8;
    const size_t* offsets;
    const fastsecp_sp_prefilter_item* items;  // when set, the three above are unused
    fastsecp_status* results;
    unsigned char* maybe;
    bool ct;

    void tweak(size_t i, const unsigned char*& key, size_t& len) const {
        if (items != nullptr) {
            key = items[i].tweak;
            len = items[i].tweaklen;
        } else {
            key = tweaks33 + 33 * i;
            len = 33;
        }
    }
    // Whether any of item i's prefixes equals x.
    bool has_prefix(size_t i, uint64_t x) const {
        if (items != nullptr) {
            for (size_t j = 0; j < items[i].n_prefixes; j++)
                if (items[i].prefixes[j] == x) return true;
            return false;
        }
        const unsigned char* pre = prefixes8 + 8 * offsets[i];
        const size_t n_pre = offsets[i + 1] - offsets[i];
        for (size_t j = 0; j < n_pre; j++)
            if (load_prefix(pre + 8 * j) == x) return true;
        return false;
    }
};

void prefilter_range(bool& oom, const PrefilterArgs& a, size_t begin, size_t end) {
    Ge t[BLOCK];
    Gej p0[BLOCK];
    Scalar t0[BLOCK];
    unsigned char ss[33 * BLOCK];
    const unsigned char* keys[BLOCK];
    size_t lens[BLOCK];
    const size_t per_item = 1 + a.w->labels.size();
    // Candidates of a block: at most ~64 Ki points (a wallet with many labels gets smaller blocks).
    const size_t block = std::max<size_t>(1, std::min(BLOCK, (size_t{1} << 16) / per_item));
    rt::Vec<Gej> cand;
    rt::Vec<Ge> aff;
    rt::Vec<Fe> scratch;
    if (!cand.resize(block * per_item) || !aff.resize(block * per_item) || !scratch.resize(block * per_item)) {
        oom = true;
        return;
    }
    static const unsigned char dummy[33] = {0x02};
    for (size_t b = begin; b < end; b += block) {
        const size_t n = std::min(block, end - b);
        for (size_t i = 0; i < n; i++) a.tweak(b + i, keys[i], lens[i]);
        fastsecp_status* st = a.results + b;
        for (size_t i = 0; i < n; i++)
            if (keys[i] == nullptr) {
                keys[i] = dummy;
                lens[i] = 0;
            }
        api::parse_points(t, st, keys, lens, n);
        for (size_t i = 0; i < n; i++) {
            const unsigned char* k;
            size_t len;
            a.tweak(b + i, k, len);
            if (k == nullptr || (a.items != nullptr && a.items[b + i].prefixes == nullptr && a.items[b + i].n_prefixes > 0))
                st[i] = FASTSECP_ERR_INVALID_ARGUMENT;
        }
        shared_secrets(ss, *a.w, t, st, n, a.ct);
        first_output_points(p0, t0, st, *a.w, ss, n, nullptr);
        size_t m = 0;
        for (size_t i = 0; i < n; i++) {
            a.maybe[b + i] = 0;
            if (st[i] != FASTSECP_OK) continue;
            cand[m++] = p0[i];
            for (const scan::Label& l : a.w->labels) gej_add_ge_var(cand[m++], p0[i], l.point);
        }
        ge_set_all_gej_var(aff.data(), cand.data(), m, scratch.data());  // infinity stays infinity
        size_t c = 0;
        for (size_t i = 0; i < n; i++) {
            if (st[i] != FASTSECP_OK) continue;
            for (size_t q = 0; q < per_item; q++, c++) {
                if (aff[c].infinity || a.maybe[b + i]) continue;
                if (a.has_prefix(b + i, x_prefix(aff[c].x))) a.maybe[b + i] = 1;
            }
        }
    }
    hash::memclear(ss, sizeof ss);
}

// Runs the pre-filter over n items on the context's threads.
fastsecp_status run_prefilter(const fastsecp_ctx* ctx, const PrefilterArgs& args, size_t n) {
    batch::RangePlan plan(ctx->pool, n, MIN_ITEMS_PER_CHUNK, 4);
    bool* oom = static_cast<bool*>(std::calloc(plan.chunks + 1, sizeof(bool)));
    if (oom == nullptr) return api::fail_all(args.results, n, FASTSECP_ERR_OUT_OF_MEMORY);
    batch::run_plan(ctx->pool, plan, [&](size_t c, size_t begin, size_t end) { prefilter_range(oom[c], args, begin, end); });
    bool any_oom = false;
    for (size_t c = 0; c < plan.chunks; c++) any_oom |= oom[c];
    std::free(oom);
    if (any_oom) return api::fail_all(args.results, n, FASTSECP_ERR_OUT_OF_MEMORY);
    return api::summarize(args.results, n);
}

}  // namespace

extern "C" {

fastsecp_status fastsecp_sp_scan(const fastsecp_ctx* ctx, const fastsecp_sp_wallet* wallet, fastsecp_status* results,
                                 const fastsecp_sp_item* items, size_t n, fastsecp_sp_match* matches,
                                 size_t matches_cap, size_t* n_matches, unsigned int flags) {
    if (n_matches != nullptr) *n_matches = 0;
    if (!api::arrays_ok(ctx, n, {results, items}) || wallet == nullptr || wallet->point_labels || n_matches == nullptr ||
        (matches == nullptr && matches_cap > 0) || (flags & ~FASTSECP_SP_SCAN_VARTIME) != 0)
        return api::fail_all(results, n, FASTSECP_ERR_INVALID_ARGUMENT);
    const ScanArgs args{wallet, items, results, (flags & FASTSECP_SP_SCAN_VARTIME) == 0};
    batch::RangePlan plan(ctx->pool, n, MIN_ITEMS_PER_CHUNK, 4);
    // One match list per chunk (all empty until grown), and one out-of-memory flag per chunk.
    auto* found = static_cast<rt::Vec<fastsecp_sp_match>*>(std::calloc(plan.chunks + 1, sizeof(rt::Vec<fastsecp_sp_match>)));
    bool* oom = static_cast<bool*>(std::calloc(plan.chunks + 1, sizeof(bool)));
    if (found == nullptr || oom == nullptr) {
        std::free(found);
        std::free(oom);
        return api::fail_all(results, n, FASTSECP_ERR_OUT_OF_MEMORY);
    }
    for (size_t c = 0; c < plan.chunks; c++) new (&found[c]) rt::Vec<fastsecp_sp_match>();
    batch::run_plan(ctx->pool, plan, [&](size_t c, size_t begin, size_t end) {
        scan_range(found[c], oom[c], args, begin, end);
    });
    size_t total = 0;
    bool any_oom = false;
    for (size_t c = 0; c < plan.chunks; c++) any_oom |= oom[c];
    for (size_t c = 0; c < plan.chunks; c++) {
        for (const fastsecp_sp_match& m : found[c]) {
            if (!any_oom && total < matches_cap) matches[total] = m;
            total++;
        }
        hash::memclear(found[c].data(), found[c].size() * sizeof(fastsecp_sp_match));
        found[c].~Vec();
    }
    std::free(found);
    std::free(oom);
    if (any_oom) return api::fail_all(results, n, FASTSECP_ERR_OUT_OF_MEMORY);
    *n_matches = total;
    if (total > matches_cap) return FASTSECP_ERR_BUFFER_TOO_SMALL;
    return api::summarize(results, n);
}

fastsecp_status fastsecp_sp_scan_prefilter(const fastsecp_ctx* ctx, const fastsecp_sp_wallet* wallet,
                                           fastsecp_status* results, unsigned char* maybe,
                                           const unsigned char* tweaks33, size_t n, const unsigned char* prefixes8,
                                           const size_t* prefix_offsets, unsigned int flags) {
    if (!api::arrays_ok(ctx, n, {results, maybe, tweaks33, prefix_offsets}) || wallet == nullptr ||
        (flags & ~FASTSECP_SP_SCAN_VARTIME) != 0)
        return api::fail_all(results, n, FASTSECP_ERR_INVALID_ARGUMENT);
    if (n > 0) {
        for (size_t i = 0; i < n; i++)
            if (prefix_offsets[i + 1] < prefix_offsets[i]) return api::fail_all(results, n, FASTSECP_ERR_INVALID_ARGUMENT);
        if (prefixes8 == nullptr && prefix_offsets[n] > prefix_offsets[0])
            return api::fail_all(results, n, FASTSECP_ERR_INVALID_ARGUMENT);
    }
    const PrefilterArgs args{wallet,  tweaks33, prefixes8, prefix_offsets, nullptr,
                             results, maybe,    (flags & FASTSECP_SP_SCAN_VARTIME) == 0};
    return run_prefilter(ctx, args, n);
}

fastsecp_status fastsecp_sp_scan_prefilter_items(const fastsecp_ctx* ctx, const fastsecp_sp_wallet* wallet,
                                                 fastsecp_status* results, unsigned char* maybe,
                                                 const fastsecp_sp_prefilter_item* items, size_t n, unsigned int flags) {
    if (!api::arrays_ok(ctx, n, {results, maybe, items}) || wallet == nullptr || (flags & ~FASTSECP_SP_SCAN_VARTIME) != 0)
        return api::fail_all(results, n, FASTSECP_ERR_INVALID_ARGUMENT);
    const PrefilterArgs args{wallet,  nullptr, nullptr, nullptr, items,
                             results, maybe,   (flags & FASTSECP_SP_SCAN_VARTIME) == 0};
    return run_prefilter(ctx, args, n);
}

}  // extern "C"
