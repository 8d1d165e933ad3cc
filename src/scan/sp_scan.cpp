// fastsecp_sp_scan and fastsecp_sp_scan_prefilter: BIP-352 scanning of many transactions.
//
// Per block of transactions the shared work is done once: the tweaks are decompressed two at a
// time, multiplied by the scan key in one call (batch/same_scalar.h), and made affine with one
// shared inversion. Then each transaction runs the BIP-352 rounds k = 0, 1, ... like
// libsecp256k1's recipient_scan_outputs (same match order, same label rule; see
// schemes/silentpayments_scan.h): the direct comparison needs no inversion (x(T)·Z² = X), and
// labels are found by looking up the candidates (T - P_k, -T - P_k) in the wallet's hash index,
// so their number does not change the cost.
//
// Secrets: the scan key, and the shared secret S = scan·tweak derived from it, are handled in
// constant time unless FASTSECP_SP_SCAN_VARTIME is given; t_k is public once hashed (the outputs
// it yields are on chain), as libsecp256k1 treats it.
#include <algorithm>
#include <memory>
#include <cstring>
#include <new>
#include <vector>

#include "api/batch_call.h"
#include "api/parse.h"
#include "batch/normalize_ct.h"
#include "batch/same_scalar.h"
#include "hash/memclear.h"
#include "scan/sp_wallet.h"
#include "schemes/silentpayments.h"
#include "schemes/silentpayments_scan.h"

using namespace fastsecp;
namespace sp = fastsecp::silentpayments;

namespace {

// Transactions per block: the shared inversion's cost per item is ~1/BLOCK of one inversion.
constexpr size_t BLOCK = 128;
constexpr size_t MIN_ITEMS_PER_CHUNK = 16;

// Decompresses the tweaks of items[0..n) into t[], writing each item's status.
void parse_tweaks(Ge* t, fastsecp_status* st, const fastsecp_sp_item* items, size_t n, bool need_outputs) {
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
    batch::ecmult_gen_var_batch(tg, ts, m);
    for (size_t j = 0; j < m; j++) finish_output_point(p0[idx[j]], st[idx[j]], w, tg[j]);
}

// One transaction's outputs, decoded on demand and kept for the following rounds.
struct Outputs {
    const unsigned char* bytes = nullptr;
    size_t n = 0;
    std::vector<Fe> x;              // x of each output (valid when x_ok)
    std::vector<unsigned char> x_ok;
    std::vector<Ge> lifted;         // even-y points, made when labels need them
    std::vector<unsigned char> lift_state;  // 0 not tried, 1 ok, 2 not on the curve

    void reset(const unsigned char* b, size_t count) {
        bytes = b;
        n = count;
        x.resize(count);
        x_ok.resize(count);
        lift_state.assign(count, 0);
        lifted.resize(count);
        for (size_t j = 0; j < count; j++) x_ok[j] = fe_set_b32_limit(x[j], b + 32 * j);
    }
    bool lift(size_t j) {
        if (lift_state[j] == 0) lift_state[j] = x_ok[j] && ge_set_xo(lifted[j], x[j], false) ? 1 : 2;
        return lift_state[j] == 1;
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

struct Hit {
    size_t index = SIZE_MAX;
    const scan::Label* label = nullptr;
};

// One BIP-352 round for P_k: label candidates of the outputs before the first direct match, in
// vout order (T - P_k, then -T - P_k), then the direct match.
Hit scan_round(const Gej& p_k, Outputs& o, const fastsecp_sp_wallet& w) {
    Hit hit;
    const size_t direct = find_direct(p_k, o);
    if (!w.labels.empty() && direct > 0) {
        Ge p;
        ge_set_gej_var(p, p_k);
        Ge t[sp::LABEL_BATCH], cand[2 * sp::LABEL_BATCH];
        size_t which[sp::LABEL_BATCH];
        size_t j = 0;
        while (j < direct) {
            size_t m = 0;
            for (; j < direct && m < sp::LABEL_BATCH; j++)
                if (o.lift(j)) {
                    which[m] = j;
                    t[m++] = o.lifted[j];
                }
            if (m == 0) break;
            sp::label_candidates_var(cand, t, m, p);
            for (size_t c = 0; c < 2 * m; c++)
                if (const scan::Label* l = w.find_label(cand[c])) {
                    hit.index = which[c / 2];
                    hit.label = l;
                    return hit;
                }
        }
    }
    if (direct < o.n) hit.index = direct;
    return hit;
}

// All rounds of one transaction (round 0's P_0 and t_0 given); matches appended to out.
fastsecp_status scan_item(std::vector<fastsecp_sp_match>& out, Outputs& o, const fastsecp_sp_wallet& w,
                          const fastsecp_sp_item& item, size_t item_index, const unsigned char ss33[33],
                          const Gej& p0, const Scalar& t0) {
    if (item.n_outputs == 0) return FASTSECP_OK;
    o.reset(item.outputs32, item.n_outputs);
    const uint32_t k_max = item.n_outputs < sp::GROUP_LIMIT ? (uint32_t)item.n_outputs : sp::GROUP_LIMIT;
    for (uint32_t k = 0; k < k_max; k++) {
        Gej p_k = p0;
        Scalar t_k = t0;
        fastsecp_status st = FASTSECP_OK;
        if (k > 0) {
            Gej tg;
            if (!output_tweak(t_k, st, ss33, k)) return st;
            ecmult_gen_var(tg, t_k);
            if (!finish_output_point(p_k, st, w, tg)) return st;
        }
        Hit hit = scan_round(p_k, o, w);
        if (hit.index == SIZE_MAX) break;
        fastsecp_sp_match m{};
        m.item = item_index;
        m.output = hit.index;
        m.k = k;
        if (hit.label != nullptr) {
            Scalar lt;
            scalar_set_b32(lt, hit.label->tweak32, nullptr);
            scalar_add(t_k, t_k, lt);  // zero (a label cancelling t_k) is reported as 32 zero bytes
            scalar_clear(lt);
            m.has_label = 1;
            m.label = hit.label->m;
        }
        scalar_get_b32(m.spend_tweak32, t_k);
        scalar_clear(t_k);
        out.push_back(m);
    }
    return FASTSECP_OK;
}

// Output-key prefix: bytes 0..7 of x, big-endian (x normalized).
uint64_t x_prefix(const Fe& x) { return x.n[3]; }
uint64_t load_prefix(const unsigned char* p) {
    uint64_t v = 0;
    for (int i = 0; i < 8; i++) v = v << 8 | p[i];
    return v;
}

struct ScanArgs {
    const fastsecp_sp_wallet* w;
    const fastsecp_sp_item* items;
    fastsecp_status* results;
    bool ct;
};

// Scans items [begin, end) into matches (in input order).
void scan_range(std::vector<fastsecp_sp_match>& matches, bool& oom, const ScanArgs& a, size_t begin, size_t end) {
    Ge t[BLOCK];
    Gej p0[BLOCK];
    Scalar t0[BLOCK];
    unsigned char ss[33 * BLOCK];
    try {
        Outputs o;
        for (size_t b = begin; b < end; b += BLOCK) {
            const size_t n = std::min(BLOCK, end - b);
            fastsecp_status* st = a.results + b;
            parse_tweaks(t, st, a.items + b, n, true);
            shared_secrets(ss, *a.w, t, st, n, a.ct);
            first_output_points(p0, t0, st, *a.w, ss, n, a.items + b);
            for (size_t i = 0; i < n; i++)
                if (st[i] == FASTSECP_OK && a.items[b + i].n_outputs > 0)
                    st[i] = scan_item(matches, o, *a.w, a.items[b + i], b + i, ss + 33 * i, p0[i], t0[i]);
        }
    } catch (const std::bad_alloc&) {
        oom = true;
    }
    hash::memclear(ss, sizeof ss);
}

struct PrefilterArgs {
    const fastsecp_sp_wallet* w;
    const unsigned char* tweaks33;
    const unsigned char* prefixes8;
    const size_t* offsets;
    fastsecp_status* results;
    unsigned char* maybe;
    bool ct;
};

void prefilter_range(bool& oom, const PrefilterArgs& a, size_t begin, size_t end) {
    Ge t[BLOCK];
    Gej p0[BLOCK];
    Scalar t0[BLOCK];
    unsigned char ss[33 * BLOCK];
    fastsecp_sp_item items[BLOCK];
    const size_t per_item = 1 + a.w->labels.size();
    // Candidates of a block: at most ~64 Ki points (a wallet with many labels gets smaller blocks).
    const size_t block = std::max<size_t>(1, std::min(BLOCK, (size_t{1} << 16) / per_item));
    try {
        std::vector<Gej> cand(block * per_item);
        std::vector<Ge> aff(block * per_item);
        std::vector<Fe> scratch(block * per_item);
        for (size_t b = begin; b < end; b += block) {
            const size_t n = std::min(block, end - b);
            for (size_t i = 0; i < n; i++) items[i] = {a.tweaks33 + 33 * (b + i), nullptr, 0};
            fastsecp_status* st = a.results + b;
            parse_tweaks(t, st, items, n, false);
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
                const unsigned char* pre = a.prefixes8 + 8 * a.offsets[b + i];
                const size_t n_pre = a.offsets[b + i + 1] - a.offsets[b + i];
                for (size_t q = 0; q < per_item; q++, c++) {
                    if (aff[c].infinity || a.maybe[b + i]) continue;
                    const uint64_t x = x_prefix(aff[c].x);
                    for (size_t j = 0; j < n_pre; j++)
                        if (load_prefix(pre + 8 * j) == x) {
                            a.maybe[b + i] = 1;
                            break;
                        }
                }
            }
        }
    } catch (const std::bad_alloc&) {
        oom = true;
    }
    hash::memclear(ss, sizeof ss);
}

}  // namespace

extern "C" {

fastsecp_status fastsecp_sp_scan(const fastsecp_ctx* ctx, const fastsecp_sp_wallet* wallet, fastsecp_status* results,
                                 const fastsecp_sp_item* items, size_t n, fastsecp_sp_match* matches,
                                 size_t matches_cap, size_t* n_matches, unsigned int flags) {
    if (n_matches != nullptr) *n_matches = 0;
    if (!api::arrays_ok(ctx, n, {results, items}) || wallet == nullptr || n_matches == nullptr ||
        (matches == nullptr && matches_cap > 0) || (flags & ~FASTSECP_SP_SCAN_VARTIME) != 0)
        return api::fail_all(results, n, FASTSECP_ERR_INVALID_ARGUMENT);
    const ScanArgs args{wallet, items, results, (flags & FASTSECP_SP_SCAN_VARTIME) == 0};
    batch::RangePlan plan(ctx->pool, n, MIN_ITEMS_PER_CHUNK, 4);
    std::vector<std::vector<fastsecp_sp_match>> found;
    std::unique_ptr<bool[]> oom;
    try {
        found.resize(plan.chunks);
        oom.reset(new bool[plan.chunks]());
    } catch (const std::bad_alloc&) {
        return api::fail_all(results, n, FASTSECP_ERR_OUT_OF_MEMORY);
    }
    batch::run_plan(ctx->pool, plan, [&](size_t c, size_t begin, size_t end) {
        scan_range(found[c], oom[c], args, begin, end);
    });
    size_t total = 0;
    for (size_t c = 0; c < plan.chunks; c++) {
        if (oom[c]) {
            for (auto& v : found) hash::memclear(v.data(), v.size() * sizeof(fastsecp_sp_match));
            return api::fail_all(results, n, FASTSECP_ERR_OUT_OF_MEMORY);
        }
        for (const fastsecp_sp_match& m : found[c]) {
            if (total < matches_cap) matches[total] = m;
            total++;
        }
        hash::memclear(found[c].data(), found[c].size() * sizeof(fastsecp_sp_match));
    }
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
    const PrefilterArgs args{wallet, tweaks33, prefixes8, prefix_offsets, results, maybe,
                             (flags & FASTSECP_SP_SCAN_VARTIME) == 0};
    batch::RangePlan plan(ctx->pool, n, MIN_ITEMS_PER_CHUNK, 4);
    std::unique_ptr<bool[]> oom(new (std::nothrow) bool[plan.chunks + 1]());
    if (!oom) return api::fail_all(results, n, FASTSECP_ERR_OUT_OF_MEMORY);
    batch::run_plan(ctx->pool, plan, [&](size_t c, size_t begin, size_t end) { prefilter_range(oom[c], args, begin, end); });
    for (size_t c = 0; c < plan.chunks; c++)
        if (oom[c]) return api::fail_all(results, n, FASTSECP_ERR_OUT_OF_MEMORY);
    return api::summarize(results, n);
}

}  // extern "C"
