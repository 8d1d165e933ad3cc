// fastsecp_ecdsa_verify_batch: each item verified on its own (ECDSA has no cheap batch equation:
// R's y is unknown), but in blocks that share the work that can be shared: the keys decompressed
// together, one scalar inversion for all the s values, and the double multiplications eight at
// a time in AVX-512 IFMA lanes when the CPU has them (ecdsa_sig_verify_many). Ranges of items
// are spread over the context's threads. No heap allocation.
#include "api/batch_call.h"
#include "api/parse.h"
#include "schemes/ecdsa.h"

using namespace fastsecp;

namespace {

// Below this many items per thread, waking threads costs more than it saves (an item ≈ 20 µs).
constexpr size_t MIN_ITEMS_PER_CHUNK = 8;

// Items in blocks, so that their keys can be parsed together (api::parse_pubkeys).
constexpr size_t BLOCK = 32;
static_assert(BLOCK <= ECDSA_VERIFY_MANY_MAX);

void verify_block(fastsecp_status* results, const fastsecp_ecdsa_item* items, size_t count) {
    Scalar r[BLOCK], s[BLOCK];
    Ge q[BLOCK];
    fastsecp_status key_st[BLOCK];
    const unsigned char* keys[BLOCK];
    size_t lens[BLOCK], with_key[BLOCK], n_keys = 0;
    for (size_t i = 0; i < count; i++) {
        const fastsecp_ecdsa_item& it = items[i];
        if (it.sig64 == nullptr || it.msghash32 == nullptr || it.pubkey == nullptr) {
            results[i] = FASTSECP_ERR_INVALID_ARGUMENT;
        } else if (api::parse_scalar(r[i], it.sig64) != FASTSECP_OK ||
                   api::parse_scalar(s[i], it.sig64 + 32) != FASTSECP_OK) {
            results[i] = FASTSECP_ERR_SCALAR_OUT_OF_RANGE;
        } else {
            results[i] = FASTSECP_OK;
            keys[n_keys] = it.pubkey;
            lens[n_keys] = it.pubkeylen;
            with_key[n_keys++] = i;
        }
    }
    api::parse_pubkeys(q, key_st, keys, lens, n_keys);
    // The items left are verified together (ecdsa_sig_verify_many: one inversion, lanes).
    Scalar vr[BLOCK], vs[BLOCK], vm[BLOCK];
    Ge vq[BLOCK];
    size_t at[BLOCK], m = 0;
    for (size_t k = 0; k < n_keys; k++) {
        const size_t i = with_key[k];
        if (key_st[k] != FASTSECP_OK) results[i] = key_st[k];
        else if (scalar_is_high(s[i])) results[i] = FASTSECP_ERR_HIGH_S;
        else {
            scalar_set_b32(vm[m], items[i].msghash32, nullptr);  // the hash is taken mod n
            vr[m] = r[i];
            vs[m] = s[i];
            vq[m] = q[k];
            at[m++] = i;
        }
    }
    bool ok[BLOCK];
    ecdsa_sig_verify_many(ok, vr, vs, vq, vm, m);
    for (size_t j = 0; j < m; j++)
        if (!ok[j]) results[at[j]] = FASTSECP_ERR_INVALID_SIGNATURE;
}

}  // namespace

extern "C" fastsecp_status fastsecp_ecdsa_verify_batch(const fastsecp_ctx* ctx, fastsecp_status* results,
                                                       const fastsecp_ecdsa_item* items, size_t n) {
    if (!api::arrays_ok(ctx, n, {results, items})) return api::fail_all(results, n, FASTSECP_ERR_INVALID_ARGUMENT);
    batch::RangePlan plan(ctx->pool, n, MIN_ITEMS_PER_CHUNK, 4);
    batch::run_plan(ctx->pool, plan, [&](size_t, size_t begin, size_t end) {
        for (size_t i = begin; i < end; i += BLOCK)
            verify_block(results + i, items + i, end - i < BLOCK ? end - i : BLOCK);
    });
    return api::summarize(results, n);
}
