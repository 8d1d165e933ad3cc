// fastsecp_gpu.h for Python: the GpuContext class (gpu_bindings.cpp), also used by the scanner's
// wallet (sp_bindings.cpp) when a scan runs on a device.
#pragma once

#include "native.h"

#include <fastsecp_gpu.h>

namespace pyfastsecp {

// Owns one fastsecp_gpu_ctx (calls on it serialize inside the library; the GIL is released).
struct GpuContext {
    fastsecp_gpu_ctx* ctx = nullptr;
    GpuContext(const char* backend, int device, bool include_cpu_devices, size_t batch_size, unsigned cpu_threads,
               nb::handle cache_dir);
    ~GpuContext() { fastsecp_gpu_ctx_destroy(ctx); }
    GpuContext(const GpuContext&) = delete;
    GpuContext& operator=(const GpuContext&) = delete;
};

// The context of a scan's `device` argument (a GpuContext); nullptr for None (the CPU call).
fastsecp_gpu_ctx* device_context(nb::handle device);

}  // namespace pyfastsecp
