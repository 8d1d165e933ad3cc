#include "scan_device.h"

#include <cstdlib>
#include <cstring>

namespace fastsecp_duckdb {

const CpuEngine& cpu_engine() {
    static const CpuEngine e = [] {
        CpuEngine r;
        fastsecp_ctx_options o = FASTSECP_CTX_OPTIONS_INIT;
        o.n_threads = 1;
        if (fastsecp_ctx_create(&r.ctx, &o) != FASTSECP_OK) r.ctx = nullptr;
        const char* vt = std::getenv("FASTSECP_DUCKDB_VARTIME");
        if (vt != nullptr && std::strcmp(vt, "1") == 0) r.flags = FASTSECP_SP_SCAN_VARTIME;
        return r;
    }();
    return e;
}

const ScanDevice& scan_device() {
    static const ScanDevice d = [] {
        ScanDevice r;
        fastsecp_gpu_options o = FASTSECP_GPU_OPTIONS_INIT;
        const char* dev = std::getenv("FASTSECP_DUCKDB_DEVICE");
        if (dev != nullptr && std::strcmp(dev, "cpu") == 0) o.backend = FASTSECP_GPU_BACKEND_CPU;
        if (dev != nullptr && std::strcmp(dev, "opencl") == 0) {
            o.backend = FASTSECP_GPU_BACKEND_OPENCL;
            o.include_cpu_devices = 1;
        }
        const fastsecp_status st = fastsecp_gpu_ctx_create(&r.ctx, &o);
        if (st != FASTSECP_OK) {
            r.ctx = nullptr;
            r.error = std::string("no device (FASTSECP_DUCKDB_DEVICE=") + (dev ? dev : "") + "): " + fastsecp_strerror(st);
        }
        return r;
    }();
    return d;
}

fastsecp_status scan_prefilter(const fastsecp_sp_wallet* wallet, fastsecp_status* results, unsigned char* maybe,
                               const fastsecp_sp_prefilter_item* items, size_t n, bool on_device) {
    const CpuEngine& cpu = cpu_engine();
    if (on_device) {  // (only then is the device opened)
        const ScanDevice& dev = scan_device();
        if (dev.ctx != nullptr && fastsecp_gpu_ctx_backend(dev.ctx) != FASTSECP_GPU_BACKEND_CPU)
            return fastsecp_gpu_sp_scan_prefilter_items(dev.ctx, wallet, results, maybe, items, n, cpu.flags);
    }
    // On the CPU, pieces of a DuckDB chunk's size: a larger batch gains nothing there (the shared
    // inversion is already cheap per item) and loses the cache.
    constexpr size_t CPU_PIECE = 2048;
    fastsecp_status all = FASTSECP_OK;
    for (size_t at = 0; at < n; at += CPU_PIECE) {
        const size_t k = n - at < CPU_PIECE ? n - at : CPU_PIECE;
        const fastsecp_status st =
            fastsecp_sp_scan_prefilter_items(cpu.ctx, wallet, results + at, maybe + at, items + at, k, cpu.flags);
        if (st != FASTSECP_OK && st != FASTSECP_ERR_ITEM_FAILED) return st;
        if (st == FASTSECP_ERR_ITEM_FAILED) all = st;
    }
    return all;
}

}  // namespace fastsecp_duckdb
