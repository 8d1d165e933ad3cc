// fastsecp_ctx_create / destroy: options checks, blinding from the seed, the worker threads.
#include <unistd.h>

#include <cstring>

#include "api/context.h"
#include "hash/memclear.h"
#include "hash/sha256.h"
#include "rt/declassify.h"
#include "rt/vec.h"

#if defined(FASTSECP_HAVE_VALGRIND)
#include <valgrind/memcheck.h>
#endif

using namespace fastsecp;

namespace {

constexpr char BATCH_KEY_TAG[] = "fastsecp/context-batch-key";

unsigned int resolve_threads(unsigned int requested) {
    if (requested != 0) return requested;
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    unsigned int cores = online > 0 ? (unsigned int)(online < 0x7FFFFFFF ? online : 0x7FFFFFFF) : 1;
    return cores > FASTSECP_MAX_THREADS ? FASTSECP_MAX_THREADS : cores;
}

}  // namespace

extern "C" {

fastsecp_status fastsecp_ctx_create(fastsecp_ctx** out, const fastsecp_ctx_options* options) {
    if (out == nullptr) return FASTSECP_ERR_INVALID_ARGUMENT;
    *out = nullptr;
    fastsecp_ctx_options opts = FASTSECP_CTX_OPTIONS_INIT;
    if (options != nullptr) {
        if (options->version != FASTSECP_CTX_OPTIONS_VERSION) return FASTSECP_ERR_INVALID_ARGUMENT;
        opts = *options;
    }
    if (opts.n_threads > FASTSECP_MAX_THREADS) return FASTSECP_ERR_INVALID_ARGUMENT;

    fastsecp_ctx* ctx = rt::create<fastsecp_ctx>();
    if (ctx == nullptr) return FASTSECP_ERR_OUT_OF_MEMORY;
    gen_blind_set(ctx->gen_blind, opts.seed32);  // null seed: no blinding
    // The batch key is a hash of the seed, so it reveals nothing about the blinding.
    if (opts.seed32 != nullptr) {
        hash::tagged_sha256(reinterpret_cast<const unsigned char*>(BATCH_KEY_TAG), sizeof BATCH_KEY_TAG - 1,
                            opts.seed32, 32, ctx->batch_key);
    } else {
        std::memset(ctx->batch_key, 0, sizeof ctx->batch_key);
    }
    ctx->n_threads = resolve_threads(opts.n_threads);
    ctx->pool = nullptr;
    if (ctx->n_threads > 1) {
        ctx->pool = batch::ThreadPool::create(ctx->n_threads - 1);
        if (ctx->pool == nullptr) {
            fastsecp_ctx_destroy(ctx);
            return FASTSECP_ERR_OUT_OF_MEMORY;
        }
    }
    *out = ctx;
    return FASTSECP_OK;
}

void fastsecp_ctx_destroy(fastsecp_ctx* ctx) {
    if (ctx == nullptr) return;
    batch::ThreadPool::destroy(ctx->pool);
    hash::memclear(ctx, sizeof *ctx);
    rt::destroy(ctx);
}

unsigned int fastsecp_ctx_threads(const fastsecp_ctx* ctx) { return ctx ? ctx->n_threads : 0; }

}  // extern "C"

void fastsecp::api::declassify(const void* p, size_t len) { rt::declassify(p, len); }
