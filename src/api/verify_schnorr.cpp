// fastsecp_schnorr_verify_batch: items parsed here, then verified together by the BIP-340 batch
// equation (schemes/schnorr_batch.h), one independent batch per thread.
#include "api/batch_call.h"
#include "api/parse.h"
#include "schemes/schnorr_batch.h"

using namespace fastsecp;

namespace {

// A thread's batch should be big enough that the shared work (129 doublings, the coefficient
// hash, waking the thread) stays small next to its items (≈ 10 µs each).
constexpr size_t MIN_ITEMS_PER_CHUNK = 16;

// The checks that need no square root, in the documented order; the key is lifted later (with
// r, by the batch), except for an item that fails on s, where it decides which code comes first.
fastsecp_status parse_item(schnorr_batch::SchnorrParsed& p, const fastsecp_schnorr_item& it) {
    static const unsigned char empty[1] = {0};
    if (it.sig64 == nullptr || it.xonly_pubkey32 == nullptr || (it.msg == nullptr && it.msglen != 0))
        return FASTSECP_ERR_INVALID_ARGUMENT;
    Fe x;
    if (!fe_set_b32_limit(x, it.xonly_pubkey32) || !fe_set_b32_limit(x, it.sig64)) return FASTSECP_ERR_BAD_ENCODING;
    if (api::parse_scalar(p.s, it.sig64 + 32) != FASTSECP_OK) {
        Ge pk;
        return api::parse_xonly(pk, it.xonly_pubkey32) == FASTSECP_OK ? FASTSECP_ERR_SCALAR_OUT_OF_RANGE
                                                                      : FASTSECP_ERR_POINT_NOT_ON_CURVE;
    }
    p.sig64 = it.sig64;
    p.pk32 = it.xonly_pubkey32;
    p.msg = it.msg != nullptr ? it.msg : empty;  // hashing never sees a null pointer
    p.msglen = it.msglen;
    return FASTSECP_OK;
}

fastsecp_status status_of(schnorr_batch::SchnorrOutcome o) {
    switch (o) {
        case schnorr_batch::SchnorrOutcome::Valid: return FASTSECP_OK;
        case schnorr_batch::SchnorrOutcome::KeyNotOnCurve: return FASTSECP_ERR_POINT_NOT_ON_CURVE;
        case schnorr_batch::SchnorrOutcome::Invalid: break;
    }
    return FASTSECP_ERR_INVALID_SIGNATURE;
}

// Scratch of one range: parsed items, their original positions, answers, the batch's scratch.
// (Every part is a few KiB per item at most; lengths beyond SIZE_MAX / 2^16 are refused as
// unallocatable, which keeps the sums below from overflowing.)
struct RangeLayout {
    size_t parsed, pos, out, scratch, total;
    explicit RangeLayout(size_t len) {
        auto up = [](size_t x) { return (x + 63) & ~(size_t)63; };
        parsed = 0;
        pos = up(len * sizeof(schnorr_batch::SchnorrParsed));
        out = up(pos + len * sizeof(size_t));
        scratch = up(out + len * sizeof(schnorr_batch::SchnorrOutcome));
        total = len > SIZE_MAX / 65536 ? SIZE_MAX : up(scratch + schnorr_batch::schnorr_batch_scratch_size(len));
    }
};

void verify_range(const fastsecp_ctx* ctx, fastsecp_status* results, const fastsecp_schnorr_item* items,
                  size_t begin, size_t end, unsigned char* mem) {
    RangeLayout lay(end - begin);
    auto* parsed = reinterpret_cast<schnorr_batch::SchnorrParsed*>(mem + lay.parsed);
    auto* pos = reinterpret_cast<size_t*>(mem + lay.pos);
    auto* out = reinterpret_cast<schnorr_batch::SchnorrOutcome*>(mem + lay.out);
    size_t m = 0;
    for (size_t i = begin; i < end; i++) {
        results[i] = parse_item(parsed[m], items[i]);
        if (results[i] == FASTSECP_OK) pos[m++] = i;
    }
    if (m == 0) return;
    schnorr_batch::schnorr_verify_parsed(out, parsed, m, ctx->batch_key, mem + lay.scratch);
    for (size_t j = 0; j < m; j++) results[pos[j]] = status_of(out[j]);
}

}  // namespace

extern "C" fastsecp_status fastsecp_schnorr_verify_batch(const fastsecp_ctx* ctx, fastsecp_status* results,
                                                         const fastsecp_schnorr_item* items, size_t n) {
    if (!api::arrays_ok(ctx, n, {results, items})) return api::fail_all(results, n, FASTSECP_ERR_INVALID_ARGUMENT);
    if (n == 1) {  // nothing to share: plain verification, no allocation (a single item needs no scratch)
        schnorr_batch::SchnorrParsed p;
        results[0] = parse_item(p, items[0]);
        if (results[0] == FASTSECP_OK) {
            schnorr_batch::SchnorrOutcome o;
            schnorr_batch::schnorr_verify_parsed(&o, &p, 1, ctx->batch_key, nullptr);
            results[0] = status_of(o);
        }
        return results[0] == FASTSECP_OK ? FASTSECP_OK : FASTSECP_ERR_ITEM_FAILED;
    }
    batch::RangePlan plan(ctx->pool, n, MIN_ITEMS_PER_CHUNK, 1);
    // All memory up front, so running out is reported before any work.
    size_t per_range = RangeLayout(plan.largest()).total;
    api::HeapBuffer mem(api::size_muladd(plan.chunks, per_range));
    if (!mem.ok()) return api::fail_all(results, n, FASTSECP_ERR_OUT_OF_MEMORY);
    batch::run_plan(ctx->pool, plan, [&](size_t c, size_t begin, size_t end) {
        verify_range(ctx, results, items, begin, end, mem.data() + c * per_range);
    });
    return api::summarize(results, n);
}
