// Items per second of each GPU kernel through the device runtimes (src/gpu/device.h), end to end
// (packing, copies, kernel, unpacking) for one call of n items, beside the CPU engine's fastsecp.h
// call on the same inputs (one thread). The public-API benchmark is tools/bench-gpu.sh; this one
// measures the runtimes alone and runs on any OpenCL device, CPU devices (PoCL) included, whose
// figures are CPU figures.
// Usage: bench_gpu_kernels [opencl|cuda] [n] [batch_size]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "gpu/device.h"

namespace g = fastsecp::gpu;
using Clock = std::chrono::steady_clock;

static double secs(Clock::time_point a) { return std::chrono::duration<double>(Clock::now() - a).count(); }

int main(int argc, char** argv) {
    const fastsecp_gpu_backend be = argc > 1 && std::strcmp(argv[1], "cuda") == 0 ? FASTSECP_GPU_BACKEND_CUDA
                                                                                 : FASTSECP_GPU_BACKEND_OPENCL;
    const size_t n = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 2048;
    fastsecp_gpu_options o = FASTSECP_GPU_OPTIONS_INIT;
    o.backend = be;
    o.include_cpu_devices = 1;
    o.batch_size = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 0;
    g::Device* dev = nullptr;
    if (g::open_device(be, 0, &o, &dev) != FASTSECP_OK) {
        std::fprintf(stderr, "no device\n");
        return 1;
    }
    const fastsecp_gpu_device_info* info = g::device_info(dev);
    std::printf("device: %s (%s, %u CUs%s), n = %zu\n", info->name, info->platform, info->compute_units,
                info->is_cpu ? ", a CPU device: CPU figures" : "", n);
    fastsecp_ctx* cpu = nullptr;
    if (fastsecp_ctx_create(&cpu, nullptr) != FASTSECP_OK) return 1;
    std::mt19937_64 rng(1);
    std::vector<unsigned char> sc(32 * n), keys(33 * n), out(33 * n), tweak(32);
    for (auto& b : sc) b = (unsigned char)rng();
    for (size_t i = 0; i < n; i++) sc[32 * i] &= 0x7F;
    for (auto& b : tweak) b = (unsigned char)rng();
    tweak[0] &= 0x7F;
    std::vector<fastsecp_status> st(n);
    if (fastsecp_pubkey_create_batch(cpu, st.data(), keys.data(), sc.data(), n) != FASTSECP_OK) return 1;
    size_t done = 0;
    auto row = [&](const char* name, double dev_s, double cpu_s) {
        std::printf("%-22s device %10.0f items/s   CPU engine (1 thread) %10.0f items/s\n", name, n / dev_s, n / cpu_s);
    };
    auto t = Clock::now();
    fastsecp_status r = g::run_ecmult_gen(dev, st.data(), out.data(), sc.data(), n, &done);
    double d = secs(t);
    t = Clock::now();
    fastsecp_status r2 = fastsecp_pubkey_create_batch(cpu, st.data(), out.data(), sc.data(), n);
    row("k*G", d, secs(t));
    t = Clock::now();
    r = g::run_tweak_mul(dev, st.data(), out.data(), keys.data(), tweak.data(), n, &done);
    d = secs(t);
    t = Clock::now();
    r2 = fastsecp_pubkey_tweak_mul_batch(cpu, st.data(), out.data(), keys.data(), tweak.data(), n);
    row("k*P (secret k)", d, secs(t));
    // Prefilter: tweaks = keys, one random prefix each, no labels and one label.
    for (unsigned nl = 0; nl < 2; nl++) {
        fastsecp_sp_wallet* w = nullptr;
        const unsigned int label = 0;
        if (fastsecp_sp_wallet_create(cpu, &w, tweak.data(), keys.data(), &label, nl) != FASTSECP_OK) return 1;
        std::vector<uint64_t> pre(n);
        std::vector<fastsecp_sp_prefilter_item> items(n);
        for (size_t i = 0; i < n; i++) {
            pre[i] = rng();
            items[i] = {keys.data() + 33 * i, 33, &pre[i], 1};
        }
        std::vector<unsigned char> maybe(n);
        t = Clock::now();
        r = g::run_sp_prefilter(dev, w, st.data(), maybe.data(), items.data(), n, &done);
        d = secs(t);
        t = Clock::now();
        r2 = fastsecp_sp_scan_prefilter_items(cpu, w, st.data(), maybe.data(), items.data(), n, 0);
        row(nl ? "BIP-352 prefilter, 1 label" : "BIP-352 prefilter", d, secs(t));
        fastsecp_sp_wallet_destroy(w);
    }
    (void)r;
    (void)r2;
    g::close_device(dev);
    fastsecp_ctx_destroy(cpu);
    return 0;
}
