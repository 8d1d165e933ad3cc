// CUDA runtime: libcuda.so.1 (the driver) opened with dlopen, the few driver types and entry
// points used declared here (no CUDA header at build time), the kernels loaded from the fatbin
// that nvcc built from kernels/secp256k1_kernels.cl (sm_80/86/89/90 + compute_90 PTX; the driver
// JIT-compiles the PTX for newer GPUs). Without that fatbin (library built without nvcc) the CUDA
// backend lists no device.
#include <dlfcn.h>

#include <cstdlib>
#include <cstring>

#include "gpu/runtime.h"
#include "rt/vec.h"

#if defined(FASTSECP_HAVE_CUDA_FATBIN)
namespace fastsecp::gpu {
extern const unsigned char KERNEL_FATBIN[];
extern const size_t KERNEL_FATBIN_SIZE;
}  // namespace fastsecp::gpu
#endif

namespace fastsecp::gpu {
namespace {

using CUresult = int;
using CUdevice = int;
using CUcontext = struct CUctx_st*;
using CUmodule = struct CUmod_st*;
using CUfunction = struct CUfunc_st*;
using CUstream = struct CUstream_st*;
using CUdeviceptr = unsigned long long;
constexpr int ATTR_CLOCK_RATE = 13, ATTR_MULTIPROCESSOR_COUNT = 16;

struct Api {
    void* lib = nullptr;
    CUresult (*Init)(unsigned);
    CUresult (*DeviceGetCount)(int*);
    CUresult (*DeviceGet)(CUdevice*, int);
    CUresult (*DeviceGetName)(char*, int, CUdevice);
    CUresult (*DeviceGetAttribute)(int*, int, CUdevice);
    CUresult (*DeviceTotalMem)(size_t*, CUdevice);
    CUresult (*PrimaryCtxRetain)(CUcontext*, CUdevice);
    CUresult (*PrimaryCtxRelease)(CUdevice);
    CUresult (*CtxSetCurrent)(CUcontext);
    CUresult (*ModuleLoadData)(CUmodule*, const void*);
    CUresult (*ModuleUnload)(CUmodule);
    CUresult (*ModuleGetFunction)(CUfunction*, CUmodule, const char*);
    CUresult (*MemAlloc)(CUdeviceptr*, size_t);
    CUresult (*MemFree)(CUdeviceptr);
    CUresult (*MemAllocHost)(void**, size_t);
    CUresult (*MemFreeHost)(void*);
    CUresult (*MemcpyHtoDAsync)(CUdeviceptr, const void*, size_t, CUstream);
    CUresult (*MemcpyDtoHAsync)(void*, CUdeviceptr, size_t, CUstream);
    CUresult (*MemsetD8Async)(CUdeviceptr, unsigned char, size_t, CUstream);
    CUresult (*StreamCreate)(CUstream*, unsigned);
    CUresult (*StreamDestroy)(CUstream);
    CUresult (*StreamSynchronize)(CUstream);
    CUresult (*LaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, CUstream,
                             void**, void**);
};

// A driver that loaded and initialized is never unloaded: drivers keep threads and allocations
// for the life of the process, and unloading them under those is not safe (so the references of
// later dlopen calls are not given back either; the library is mapped once).
bool load(Api& a) {
#if !defined(FASTSECP_HAVE_CUDA_FATBIN)
    (void)a;
    return false;
#else
    a.lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (a.lib == nullptr) return false;
    bool ok = true;
    auto sym = [&](auto& fn, const char* name) { bind_symbol(a.lib, fn, name, ok); };
    sym(a.Init, "cuInit");
    sym(a.DeviceGetCount, "cuDeviceGetCount");
    sym(a.DeviceGet, "cuDeviceGet");
    sym(a.DeviceGetName, "cuDeviceGetName");
    sym(a.DeviceGetAttribute, "cuDeviceGetAttribute");
    sym(a.DeviceTotalMem, "cuDeviceTotalMem_v2");
    sym(a.PrimaryCtxRetain, "cuDevicePrimaryCtxRetain");
    sym(a.PrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2");
    sym(a.CtxSetCurrent, "cuCtxSetCurrent");
    sym(a.ModuleLoadData, "cuModuleLoadData");
    sym(a.ModuleUnload, "cuModuleUnload");
    sym(a.ModuleGetFunction, "cuModuleGetFunction");
    sym(a.MemAlloc, "cuMemAlloc_v2");
    sym(a.MemFree, "cuMemFree_v2");
    sym(a.MemAllocHost, "cuMemAllocHost_v2");
    sym(a.MemFreeHost, "cuMemFreeHost");
    sym(a.MemcpyHtoDAsync, "cuMemcpyHtoDAsync_v2");
    sym(a.MemcpyDtoHAsync, "cuMemcpyDtoHAsync_v2");
    sym(a.MemsetD8Async, "cuMemsetD8Async");
    sym(a.StreamCreate, "cuStreamCreate");
    sym(a.StreamDestroy, "cuStreamDestroy_v2");
    sym(a.StreamSynchronize, "cuStreamSynchronize");
    sym(a.LaunchKernel, "cuLaunchKernel");
    if (!ok || a.Init(0) != 0) {
        dlclose(a.lib);
        a.lib = nullptr;
        return false;
    }
    return true;
#endif
}

void describe(const Api& a, CUdevice d, fastsecp_gpu_device_info* info) {
    std::memset(info, 0, sizeof *info);
    info->backend = FASTSECP_GPU_BACKEND_CUDA;
    a.DeviceGetName(info->name, (int)sizeof info->name - 1, d);
    std::memcpy(info->platform, "CUDA", 5);
    int v = 0;
    if (a.DeviceGetAttribute(&v, ATTR_MULTIPROCESSOR_COUNT, d) == 0) info->compute_units = (unsigned)v;
    if (a.DeviceGetAttribute(&v, ATTR_CLOCK_RATE, d) == 0) info->clock_mhz = (unsigned)(v / 1000);
    size_t mem = 0;
    if (a.DeviceTotalMem(&mem, d) == 0) info->global_mem_bytes = mem;
}

class Cuda final : public Runtime {
public:
    Api a{};
    CUdevice dev = 0;
    CUcontext ctx = nullptr;
    CUmodule mod = nullptr;
    CUstream s[2] = {nullptr, nullptr};
    CUfunction f[K_COUNT] = {};

    bool cur() { return a.CtxSetCurrent(ctx) == 0; }
    void destroy() override {
        if (ctx != nullptr) {
            cur();
            for (CUstream x : s)
                if (x) a.StreamDestroy(x);
            if (mod) a.ModuleUnload(mod);
            a.PrimaryCtxRelease(dev);
        }
        // The driver stays loaded (see load's note), its reference with it.
        rt::destroy(this);
    }
    bool alloc(size_t bytes, Buf* out) override {
        CUdeviceptr p = 0;
        if (!cur() || a.MemAlloc(&p, bytes) != 0) return false;
        *out = p;
        return true;
    }
    void release(Buf b) override {
        cur();
        a.MemFree(b);
    }
    void* host_alloc(size_t bytes) override {
        void* p = nullptr;
        if (!cur() || a.MemAllocHost(&p, bytes) != 0) return nullptr;
        return p;
    }
    void host_free(void* p) override {
        cur();
        a.MemFreeHost(p);
    }
    bool write(int i, Buf b, const void* src, size_t bytes) override {
        return cur() && a.MemcpyHtoDAsync(b, src, bytes, s[i]) == 0;
    }
    bool read(int i, Buf b, void* dst, size_t bytes) override {
        return cur() && a.MemcpyDtoHAsync(dst, b, bytes, s[i]) == 0;
    }
    bool zero(int i, Buf b, size_t bytes) override { return cur() && a.MemsetD8Async(b, 0, bytes, s[i]) == 0; }
    bool launch(int i, Kernel k, Buf table, Buf params, Buf in, Buf out, Buf scratch, uint32_t n) override {
        void* args[6] = {&table, &params, &in, &out, &scratch, &n};
        const unsigned block = 128, grid = (n + block - 1) / block;
        return cur() && a.LaunchKernel(f[k], grid, 1, 1, block, 1, 1, 0, s[i], args, nullptr) == 0;
    }
    bool sync(int i) override { return s[i] == nullptr || (cur() && a.StreamSynchronize(s[i]) == 0); }
};

}  // namespace

size_t cuda_list(fastsecp_gpu_device_info* out, size_t cap) {
    Api a{};
    if (!load(a)) return 0;
    int n = 0;
    if (a.DeviceGetCount(&n) != 0 || n < 0) n = 0;
    for (int i = 0; i < n && (size_t)i < cap && out != nullptr; i++) {
        CUdevice d;
        if (a.DeviceGet(&d, i) == 0) describe(a, d, &out[i]);
    }
    return (size_t)n;  // the driver stays loaded (see load's note)
}

fastsecp_status cuda_open(unsigned int index, fastsecp_gpu_device_info* info, Runtime** out) {
    *out = nullptr;
    Cuda* r = rt::create<Cuda>();
    if (r == nullptr) return FASTSECP_ERR_OUT_OF_MEMORY;
    int n = 0;
    if (!load(r->a) || r->a.DeviceGetCount(&n) != 0 || index >= (unsigned)n || r->a.DeviceGet(&r->dev, (int)index) != 0) {
        r->destroy();
        return FASTSECP_ERR_NO_DEVICE;
    }
    describe(r->a, r->dev, info);
    bool ok = r->a.PrimaryCtxRetain(&r->ctx, r->dev) == 0 && r->cur();
#if defined(FASTSECP_HAVE_CUDA_FATBIN)
    ok = ok && r->a.ModuleLoadData(&r->mod, KERNEL_FATBIN) == 0;
#endif
    for (int i = 0; i < K_COUNT && ok; i++) ok = r->a.ModuleGetFunction(&r->f[i], r->mod, KERNEL_NAMES[i]) == 0;
    for (int i = 0; i < 2 && ok; i++) ok = r->a.StreamCreate(&r->s[i], 1 /* non-blocking */) == 0;
    if (!ok) {
        r->destroy();
        return FASTSECP_ERR_DEVICE;
    }
    *out = r;
    return FASTSECP_OK;
}

}  // namespace fastsecp::gpu
