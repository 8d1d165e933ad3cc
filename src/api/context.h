// The object behind fastsecp_ctx: everything a native API call needs, fixed at creation.
#pragma once

#include <fastsecp.h>

#include "batch/thread_pool.h"
#include "ecmult/ecmult.h"

struct fastsecp_ctx {
    fastsecp::GenBlind gen_blind;         // blinding of constant-time k·G (from the seed)
    unsigned char batch_key[32];          // secret input to batch-verification coefficients
    unsigned int n_threads;               // threads a call may use, the caller included
    fastsecp::batch::ThreadPool* pool;    // n_threads - 1 workers, or null when n_threads == 1
};

namespace fastsecp::api {
// Marks bytes derived from secrets as public for valgrind's constant-time test (a no-op outside
// valgrind): used only where the API's contract publishes the value anyway, such as whether a
// secret key was valid (its per-item status). libsecp256k1 declassifies the same facts.
void declassify(const void* p, size_t len);
}  // namespace fastsecp::api
