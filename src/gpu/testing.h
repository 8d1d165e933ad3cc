// Test-only hook of the GPU API (not exported from the shared library; tests reach it through the
// internal static library): simulated devices that compute with the CPU engine and fail on purpose,
// so the split of a batch between devices and the CPU fallback after a device failure are tested on
// machines without any GPU.
#pragma once

#include <fastsecp_gpu.h>

#include <stddef.h>

namespace fastsecp::gpu::testing {

// Adds a simulated device with `compute_units` units to ctx (any backend). In each call it computes
// its share's first `fail_after` items (SIZE_MAX: all) as a device would, results through the same
// paths as a runtime's (matches through the match sink), then reports FASTSECP_ERR_DEVICE so the
// context computes the rest on the CPU engine. Returns INVALID_ARGUMENT (NULL ctx, compute_units 0,
// too many devices) or OK.
fastsecp_status add_simulated_device(fastsecp_gpu_ctx* ctx, unsigned int compute_units, size_t fail_after);

}  // namespace fastsecp::gpu::testing
