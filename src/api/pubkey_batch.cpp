// fastsecp_pubkey_create_batch and fastsecp_pubkey_tweak_add_batch. Both work in blocks of
// BLOCK items on the stack (no heap at all): one k·G per item, then one shared field inversion
// per block to make the results affine.
#include <cstring>

#include "api/batch_call.h"
#include "api/parse.h"
#include "batch/normalize_ct.h"
#include "batch/same_scalar.h"
#include "hash/memclear.h"
#include "schemes/eckey.h"

using namespace fastsecp;

namespace {

// 64 items share an inversion (its cost per item falls to ~1/64) and a block's arrays still fit
// in ~15 KiB of stack.
constexpr size_t BLOCK = 64;
constexpr size_t MIN_ITEMS_PER_CHUNK = BLOCK;

// Zero len bytes when flag (0/1), without a branch on flag.
void zero_if(unsigned char* p, size_t len, int flag) {
    unsigned char keep = (unsigned char)((unsigned)flag - 1);  // 0xFF to keep, 0x00 to zero
    for (size_t i = 0; i < len; i++) p[i] &= keep;
}

// Keys out of range become 1 (so the constant-time multiplication runs the same way), and
// their output is zeroed afterwards without a branch.
void create_block(const fastsecp_ctx* ctx, fastsecp_status* results, unsigned char* out33,
                  const unsigned char* sec32, size_t count) {
    Gej pj[BLOCK];
    Ge p[BLOCK];
    Fe scratch[BLOCK];
    int valid[BLOCK];
    for (size_t i = 0; i < count; i++) {
        Scalar sec, one;
        valid[i] = scalar_set_b32_seckey(sec, sec32 + 32 * i);
        scalar_set_int(one, 1);
        scalar_cmov(sec, one, (uint64_t)!valid[i]);
        ecmult_gen(ctx->gen_blind, pj[i], sec);
        scalar_clear(sec);
    }
    batch::ge_set_all_gej_ct(p, pj, count, scratch);
    for (size_t i = 0; i < count; i++) {
        pubkey_serialize33(out33 + 33 * i, p[i]);
        zero_if(out33 + 33 * i, 33, !valid[i]);
        // Whether a key was valid is what the caller learns (like libsecp256k1's return value);
        // written without a branch, so only reading the results decides anything.
        results[i] = (fastsecp_status)(FASTSECP_ERR_SCALAR_OUT_OF_RANGE * (1 - valid[i]));
    }
    api::declassify(results, count * sizeof *results);
    hash::memclear(valid, sizeof valid);
}

void tweak_block(fastsecp_status* results, unsigned char* out33, const unsigned char* in33,
                 const unsigned char* tweak32, size_t count) {
    Gej qj[BLOCK];
    Ge q[BLOCK];
    Fe scratch[BLOCK];
    const unsigned char* keys[BLOCK];
    size_t lens[BLOCK];
    for (size_t i = 0; i < count; i++) {
        keys[i] = in33 + 33 * i;
        lens[i] = 33;
    }
    api::parse_pubkeys(q, results, keys, lens, count);
    for (size_t i = 0; i < count; i++) {
        gej_set_infinity(qj[i]);
        Scalar t;
        if (results[i] == FASTSECP_OK) results[i] = api::parse_scalar(t, tweak32 + 32 * i);
        if (results[i] != FASTSECP_OK) continue;
        ecmult_gen_var(qj[i], t);
        gej_add_ge_var(qj[i], qj[i], q[i]);
        if (qj[i].infinity) results[i] = FASTSECP_ERR_POINT_AT_INFINITY;
    }
    ge_set_all_gej_var(q, qj, count, scratch);  // failed items are infinity: skipped
    // Inputs are all read by now, so out33 may be in33.
    for (size_t i = 0; i < count; i++) {
        if (results[i] == FASTSECP_OK) pubkey_serialize33(out33 + 33 * i, q[i]);
        else std::memset(out33 + 33 * i, 0, 33);
    }
}

// One secret tweak times each key of the block, in constant time in the tweak (the points are public).
void tweak_mul_block(fastsecp_status* results, unsigned char* out33, const unsigned char* in33, const Scalar& tweak,
                     size_t count) {
    Ge in[BLOCK], q[BLOCK];
    Gej qj[BLOCK];
    Fe scratch[BLOCK];
    const unsigned char* keys[BLOCK];
    size_t lens[BLOCK], m = 0;
    for (size_t i = 0; i < count; i++) {
        keys[i] = in33 + 33 * i;
        lens[i] = 33;
    }
    api::parse_pubkeys(q, results, keys, lens, count);
    for (size_t i = 0; i < count; i++)
        if (results[i] == FASTSECP_OK) in[m++] = q[i];
    if (m > 0) {
        batch::ecmult_same_scalar(qj, in, m, tweak, true);
        batch::ge_set_all_gej_ct(q, qj, m, scratch);  // never infinity: tweak != 0, prime order
    }
    // Inputs are all read by now, so out33 may be in33.
    for (size_t i = 0, j = 0; i < count; i++) {
        if (results[i] == FASTSECP_OK) pubkey_serialize33(out33 + 33 * i, q[j++]);
        else std::memset(out33 + 33 * i, 0, 33);
    }
    hash::memclear(qj, sizeof qj);
    hash::memclear(q, sizeof q);
}

}  // namespace

extern "C" {

fastsecp_status fastsecp_pubkey_create_batch(const fastsecp_ctx* ctx, fastsecp_status* results,
                                             unsigned char* pubkeys33, const unsigned char* seckeys32, size_t n) {
    if (!api::arrays_ok(ctx, n, {results, pubkeys33, seckeys32}))
        return api::fail_all(results, n, FASTSECP_ERR_INVALID_ARGUMENT);
    batch::RangePlan plan(ctx->pool, n, MIN_ITEMS_PER_CHUNK, 4);
    batch::run_plan(ctx->pool, plan, [&](size_t, size_t begin, size_t end) {
        for (size_t i = begin; i < end; i += BLOCK) {
            size_t count = end - i < BLOCK ? end - i : BLOCK;
            create_block(ctx, results + i, pubkeys33 + 33 * i, seckeys32 + 32 * i, count);
        }
    });
    return api::summarize(results, n);
}

fastsecp_status fastsecp_pubkey_tweak_add_batch(const fastsecp_ctx* ctx, fastsecp_status* results,
                                                unsigned char* out33, const unsigned char* pubkeys33,
                                                const unsigned char* tweaks32, size_t n) {
    if (!api::arrays_ok(ctx, n, {results, out33, pubkeys33, tweaks32}))
        return api::fail_all(results, n, FASTSECP_ERR_INVALID_ARGUMENT);
    batch::RangePlan plan(ctx->pool, n, MIN_ITEMS_PER_CHUNK, 4);
    batch::run_plan(ctx->pool, plan, [&](size_t, size_t begin, size_t end) {
        for (size_t i = begin; i < end; i += BLOCK) {
            size_t count = end - i < BLOCK ? end - i : BLOCK;
            tweak_block(results + i, out33 + 33 * i, pubkeys33 + 33 * i, tweaks32 + 32 * i, count);
        }
    });
    return api::summarize(results, n);
}

fastsecp_status fastsecp_pubkey_tweak_mul_batch(const fastsecp_ctx* ctx, fastsecp_status* results,
                                                unsigned char* out33, const unsigned char* pubkeys33,
                                                const unsigned char* tweak32, size_t n) {
    if (!api::arrays_ok(ctx, n, {results, out33, pubkeys33, tweak32}))
        return api::fail_all(results, n, FASTSECP_ERR_INVALID_ARGUMENT);
    if (n == 0) return FASTSECP_OK;
    Scalar tweak;
    int valid = scalar_set_b32_seckey(tweak, tweak32);
    api::declassify(&valid, sizeof valid);  // like libsecp256k1's return value
    if (!valid) {
        scalar_clear(tweak);
        std::memset(out33, 0, 33 * n);
        return api::fail_all(results, n, FASTSECP_ERR_SCALAR_OUT_OF_RANGE);
    }
    batch::RangePlan plan(ctx->pool, n, MIN_ITEMS_PER_CHUNK, 4);
    batch::run_plan(ctx->pool, plan, [&](size_t, size_t begin, size_t end) {
        for (size_t i = begin; i < end; i += BLOCK) {
            size_t count = end - i < BLOCK ? end - i : BLOCK;
            tweak_mul_block(results + i, out33 + 33 * i, pubkeys33 + 33 * i, tweak, count);
        }
    });
    scalar_clear(tweak);
    return api::summarize(results, n);
}

}  // extern "C"
