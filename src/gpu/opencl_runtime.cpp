// OpenCL runtime: libOpenCL.so.1 (the ICD loader) opened with dlopen, the few types and entry
// points used declared here (no OpenCL header at build time), the embedded kernel source compiled
// when a device is opened, the program binary cached in a folder (keyed by a hash of the source,
// the device, the platform and the driver version).
#include <dlfcn.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "gpu/runtime.h"
#include "rt/vec.h"

namespace fastsecp::gpu {
namespace {

using cl_int = int32_t;
using cl_uint = uint32_t;
using cl_ulong = uint64_t;
using cl_bitfield = uint64_t;
using cl_platform_id = struct _cl_platform_id*;
using cl_device_id = struct _cl_device_id*;
using cl_context = struct _cl_context*;
using cl_command_queue = struct _cl_command_queue*;
using cl_program = struct _cl_program*;
using cl_kernel = struct _cl_kernel*;
using cl_mem = struct _cl_mem*;
using cl_event = struct _cl_event*;

constexpr cl_int CL_SUCCESS = 0;
constexpr cl_bitfield CL_DEVICE_TYPE_CPU = 1 << 1;
constexpr cl_bitfield CL_DEVICE_TYPE_ALL = 0xFFFFFFFF;
constexpr cl_uint CL_PLATFORM_NAME = 0x0902;
constexpr cl_uint CL_DEVICE_TYPE = 0x1000;
constexpr cl_uint CL_DEVICE_MAX_COMPUTE_UNITS = 0x1002;
constexpr cl_uint CL_DEVICE_MAX_CLOCK_FREQUENCY = 0x100C;
constexpr cl_uint CL_DEVICE_GLOBAL_MEM_SIZE = 0x101F;
constexpr cl_uint CL_DEVICE_NAME = 0x102B;
constexpr cl_uint CL_DRIVER_VERSION = 0x102D;
constexpr cl_uint CL_PROGRAM_BINARY_SIZES = 0x1165;
constexpr cl_uint CL_PROGRAM_BINARIES = 0x1166;
constexpr cl_bitfield CL_MEM_READ_WRITE = 1;
constexpr cl_uint CL_TRUE = 1, CL_FALSE = 0;

struct Api {
    void* lib = nullptr;
    cl_int (*GetPlatformIDs)(cl_uint, cl_platform_id*, cl_uint*);
    cl_int (*GetPlatformInfo)(cl_platform_id, cl_uint, size_t, void*, size_t*);
    cl_int (*GetDeviceIDs)(cl_platform_id, cl_bitfield, cl_uint, cl_device_id*, cl_uint*);
    cl_int (*GetDeviceInfo)(cl_device_id, cl_uint, size_t, void*, size_t*);
    cl_context (*CreateContext)(const intptr_t*, cl_uint, const cl_device_id*, void (*)(const char*, const void*, size_t, void*),
                                void*, cl_int*);
    cl_command_queue (*CreateCommandQueue)(cl_context, cl_device_id, cl_bitfield, cl_int*);
    cl_program (*CreateProgramWithSource)(cl_context, cl_uint, const char**, const size_t*, cl_int*);
    cl_program (*CreateProgramWithBinary)(cl_context, cl_uint, const cl_device_id*, const size_t*, const unsigned char**,
                                          cl_int*, cl_int*);
    cl_int (*BuildProgram)(cl_program, cl_uint, const cl_device_id*, const char*, void (*)(cl_program, void*), void*);
    cl_int (*GetProgramInfo)(cl_program, cl_uint, size_t, void*, size_t*);
    cl_kernel (*CreateKernel)(cl_program, const char*, cl_int*);
    cl_int (*SetKernelArg)(cl_kernel, cl_uint, size_t, const void*);
    cl_int (*EnqueueNDRangeKernel)(cl_command_queue, cl_kernel, cl_uint, const size_t*, const size_t*, const size_t*, cl_uint,
                                   const cl_event*, cl_event*);
    cl_mem (*CreateBuffer)(cl_context, cl_bitfield, size_t, void*, cl_int*);
    cl_int (*EnqueueWriteBuffer)(cl_command_queue, cl_mem, cl_uint, size_t, size_t, const void*, cl_uint, const cl_event*,
                                 cl_event*);
    cl_int (*EnqueueReadBuffer)(cl_command_queue, cl_mem, cl_uint, size_t, size_t, void*, cl_uint, const cl_event*, cl_event*);
    cl_int (*EnqueueFillBuffer)(cl_command_queue, cl_mem, const void*, size_t, size_t, size_t, cl_uint, const cl_event*,
                                cl_event*);
    cl_int (*Finish)(cl_command_queue);
    cl_int (*ReleaseMemObject)(cl_mem);
    cl_int (*ReleaseKernel)(cl_kernel);
    cl_int (*ReleaseProgram)(cl_program);
    cl_int (*ReleaseCommandQueue)(cl_command_queue);
    cl_int (*ReleaseContext)(cl_context);
};

// The driver, loaded once per call site that needs it (no global state): load() fills api.
// A loader that loaded is never unloaded: the ICD loader and its drivers (PoCL among them) keep
// threads and allocations for the life of the process, and unloading them under those is not
// safe (so the references of later dlopen calls are not given back either; it is mapped once).
bool load(Api& a) {
    a.lib = dlopen("libOpenCL.so.1", RTLD_NOW | RTLD_LOCAL);
    if (a.lib == nullptr) return false;
    bool ok = true;
    auto sym = [&](auto& fn, const char* name) { bind_symbol(a.lib, fn, name, ok); };
    sym(a.GetPlatformIDs, "clGetPlatformIDs");
    sym(a.GetPlatformInfo, "clGetPlatformInfo");
    sym(a.GetDeviceIDs, "clGetDeviceIDs");
    sym(a.GetDeviceInfo, "clGetDeviceInfo");
    sym(a.CreateContext, "clCreateContext");
    sym(a.CreateCommandQueue, "clCreateCommandQueue");
    sym(a.CreateProgramWithSource, "clCreateProgramWithSource");
    sym(a.CreateProgramWithBinary, "clCreateProgramWithBinary");
    sym(a.BuildProgram, "clBuildProgram");
    sym(a.GetProgramInfo, "clGetProgramInfo");
    sym(a.CreateKernel, "clCreateKernel");
    sym(a.SetKernelArg, "clSetKernelArg");
    sym(a.EnqueueNDRangeKernel, "clEnqueueNDRangeKernel");
    sym(a.CreateBuffer, "clCreateBuffer");
    sym(a.EnqueueWriteBuffer, "clEnqueueWriteBuffer");
    sym(a.EnqueueReadBuffer, "clEnqueueReadBuffer");
    sym(a.EnqueueFillBuffer, "clEnqueueFillBuffer");
    sym(a.Finish, "clFinish");
    sym(a.ReleaseMemObject, "clReleaseMemObject");
    sym(a.ReleaseKernel, "clReleaseKernel");
    sym(a.ReleaseProgram, "clReleaseProgram");
    sym(a.ReleaseCommandQueue, "clReleaseCommandQueue");
    sym(a.ReleaseContext, "clReleaseContext");
    if (!ok) {
        dlclose(a.lib);
        a.lib = nullptr;
    }
    return ok;
}

// Every device of every platform, in platform order (CPU devices only when asked).
constexpr size_t MAX_DEVICES = 64;
size_t enumerate(const Api& a, int include_cpu, cl_device_id* devs, cl_platform_id* plats) {
    cl_platform_id p[16];
    cl_uint np = 0;
    if (a.GetPlatformIDs(16, p, &np) != CL_SUCCESS) return 0;
    size_t n = 0;
    for (cl_uint i = 0; i < np && i < 16; i++) {
        cl_device_id d[MAX_DEVICES];
        cl_uint nd = 0;
        if (a.GetDeviceIDs(p[i], CL_DEVICE_TYPE_ALL, MAX_DEVICES, d, &nd) != CL_SUCCESS) continue;
        for (cl_uint j = 0; j < nd && j < MAX_DEVICES && n < MAX_DEVICES; j++) {
            cl_bitfield type = 0;
            a.GetDeviceInfo(d[j], CL_DEVICE_TYPE, sizeof type, &type, nullptr);
            if ((type & CL_DEVICE_TYPE_CPU) != 0 && !include_cpu) continue;
            devs[n] = d[j];
            plats[n++] = p[i];
        }
    }
    return n;
}

void describe(const Api& a, cl_device_id d, cl_platform_id p, fastsecp_gpu_device_info* info) {
    std::memset(info, 0, sizeof *info);
    info->backend = FASTSECP_GPU_BACKEND_OPENCL;
    a.GetDeviceInfo(d, CL_DEVICE_NAME, sizeof info->name - 1, info->name, nullptr);
    a.GetPlatformInfo(p, CL_PLATFORM_NAME, sizeof info->platform - 1, info->platform, nullptr);
    cl_uint cu = 0, mhz = 0;
    cl_ulong mem = 0;
    cl_bitfield type = 0;
    a.GetDeviceInfo(d, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof cu, &cu, nullptr);
    a.GetDeviceInfo(d, CL_DEVICE_MAX_CLOCK_FREQUENCY, sizeof mhz, &mhz, nullptr);
    a.GetDeviceInfo(d, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof mem, &mem, nullptr);
    a.GetDeviceInfo(d, CL_DEVICE_TYPE, sizeof type, &type, nullptr);
    info->compute_units = cu;
    info->clock_mhz = mhz;
    info->global_mem_bytes = mem;
    info->is_cpu = (type & CL_DEVICE_TYPE_CPU) != 0;
}

uint64_t fnv1a(uint64_t h, const void* data, size_t n) {
    const unsigned char* p = static_cast<const unsigned char*>(data);
    for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 0x100000001B3ull;
    return h;
}

// The cache file's path (false when caching is off or no folder can be had).
bool cache_path(char* out, size_t cap, const char* cache_dir, uint64_t key) {
    char dir[512];
    if (cache_dir != nullptr) {
        if (cache_dir[0] == 0) return false;
        std::snprintf(dir, sizeof dir, "%s", cache_dir);
    } else if (const char* x = std::getenv("XDG_CACHE_HOME"); x != nullptr && x[0] != 0) {
        std::snprintf(dir, sizeof dir, "%s/fastsecp", x);
    } else if (const char* h = std::getenv("HOME"); h != nullptr && h[0] != 0) {
        std::snprintf(dir, sizeof dir, "%s/.cache/fastsecp", h);
    } else {
        return false;
    }
    // mkdir -p
    for (char* s = dir + 1; *s != 0; s++)
        if (*s == '/') {
            *s = 0;
            mkdir(dir, 0700);
            *s = '/';
        }
    mkdir(dir, 0700);
    return (size_t)std::snprintf(out, cap, "%s/opencl-%016llx.bin", dir, (unsigned long long)key) < cap;
}

class OpenCL final : public Runtime {
public:
    Api a{};
    cl_context ctx = nullptr;
    cl_device_id dev = nullptr;
    cl_command_queue q[2] = {nullptr, nullptr};
    cl_program prog = nullptr;
    cl_kernel k[K_COUNT] = {};

    void destroy() override {
        for (cl_kernel x : k)
            if (x) a.ReleaseKernel(x);
        if (prog) a.ReleaseProgram(prog);
        for (cl_command_queue x : q)
            if (x) a.ReleaseCommandQueue(x);
        if (ctx) a.ReleaseContext(ctx);
        // The ICD loader stays loaded (see load_library's note), its reference with it.
        rt::destroy(this);
    }
    bool alloc(size_t bytes, Buf* out) override {
        cl_int err = 0;
        cl_mem m = a.CreateBuffer(ctx, CL_MEM_READ_WRITE, bytes, nullptr, &err);
        if (err != CL_SUCCESS || m == nullptr) return false;
        *out = (Buf)(uintptr_t)m;
        return true;
    }
    void release(Buf b) override { a.ReleaseMemObject((cl_mem)(uintptr_t)b); }
    void* host_alloc(size_t bytes) override { return std::malloc(bytes); }
    void host_free(void* p) override { std::free(p); }
    bool write(int i, Buf b, const void* src, size_t bytes) override {
        return a.EnqueueWriteBuffer(q[i], (cl_mem)(uintptr_t)b, CL_FALSE, 0, bytes, src, 0, nullptr, nullptr) == CL_SUCCESS;
    }
    bool read(int i, Buf b, void* dst, size_t bytes) override {
        return a.EnqueueReadBuffer(q[i], (cl_mem)(uintptr_t)b, CL_FALSE, 0, bytes, dst, 0, nullptr, nullptr) == CL_SUCCESS;
    }
    bool zero(int i, Buf b, size_t bytes) override {
        const uint32_t z = 0;
        return a.EnqueueFillBuffer(q[i], (cl_mem)(uintptr_t)b, &z, sizeof z, 0, bytes & ~(size_t)3, 0, nullptr, nullptr) ==
               CL_SUCCESS;
    }
    bool launch(int i, Kernel kn, Buf table, Buf params, Buf in, Buf out, Buf scratch, uint32_t n) override {
        cl_kernel x = k[kn];
        cl_mem m[5] = {(cl_mem)(uintptr_t)table, (cl_mem)(uintptr_t)params, (cl_mem)(uintptr_t)in, (cl_mem)(uintptr_t)out,
                       (cl_mem)(uintptr_t)scratch};
        for (cl_uint j = 0; j < 5; j++)
            if (a.SetKernelArg(x, j, sizeof(cl_mem), &m[j]) != CL_SUCCESS) return false;
        if (a.SetKernelArg(x, 5, sizeof n, &n) != CL_SUCCESS) return false;
        const size_t local = 64, global = (n + local - 1) / local * local;
        return a.EnqueueNDRangeKernel(q[i], x, 1, nullptr, &global, &local, 0, nullptr, nullptr) == CL_SUCCESS;
    }
    bool sync(int i) override { return q[i] == nullptr || a.Finish(q[i]) == CL_SUCCESS; }

    // Builds the program from the cache or the source.
    bool build(const char* cache_dir, const fastsecp_gpu_device_info& info) {
        char driver[128] = {};
        a.GetDeviceInfo(dev, CL_DRIVER_VERSION, sizeof driver - 1, driver, nullptr);
        uint64_t key = fnv1a(0xCBF29CE484222325ull, KERNEL_SOURCE, KERNEL_SOURCE_SIZE);
        key = fnv1a(key, info.name, std::strlen(info.name));
        key = fnv1a(key, info.platform, std::strlen(info.platform));
        key = fnv1a(key, driver, std::strlen(driver));
        char path[640];
        const bool cached = cache_path(path, sizeof path, cache_dir, key);
        cl_int err = 0;
        if (cached) {
            if (FILE* f = std::fopen(path, "rb")) {
                std::fseek(f, 0, SEEK_END);
                long len = std::ftell(f);
                std::fseek(f, 0, SEEK_SET);
                unsigned char* bin = len > 0 ? static_cast<unsigned char*>(std::malloc((size_t)len)) : nullptr;
                if (bin != nullptr && std::fread(bin, 1, (size_t)len, f) == (size_t)len) {
                    size_t sz = (size_t)len;
                    const unsigned char* bp = bin;
                    cl_int bst = 0;
                    prog = a.CreateProgramWithBinary(ctx, 1, &dev, &sz, &bp, &bst, &err);
                    if (err != CL_SUCCESS || bst != CL_SUCCESS || a.BuildProgram(prog, 1, &dev, "", nullptr, nullptr) != CL_SUCCESS) {
                        if (prog) a.ReleaseProgram(prog);
                        prog = nullptr;
                    }
                }
                std::free(bin);
                std::fclose(f);
            }
        }
        if (prog == nullptr) {
            const char* src = reinterpret_cast<const char*>(KERNEL_SOURCE);
            size_t len = KERNEL_SOURCE_SIZE;
            prog = a.CreateProgramWithSource(ctx, 1, &src, &len, &err);
            if (err != CL_SUCCESS || prog == nullptr) return false;
            if (a.BuildProgram(prog, 1, &dev, "-cl-std=CL1.2", nullptr, nullptr) != CL_SUCCESS) return false;
            size_t sz = 0;
            if (cached && a.GetProgramInfo(prog, CL_PROGRAM_BINARY_SIZES, sizeof sz, &sz, nullptr) == CL_SUCCESS && sz > 0) {
                unsigned char* bin = static_cast<unsigned char*>(std::malloc(sz));
                if (bin != nullptr && a.GetProgramInfo(prog, CL_PROGRAM_BINARIES, sizeof bin, &bin, nullptr) == CL_SUCCESS) {
                    char tmp[700];
                    std::snprintf(tmp, sizeof tmp, "%s.%d.tmp", path, (int)getpid());
                    if (FILE* f = std::fopen(tmp, "wb")) {
                        const bool ok = std::fwrite(bin, 1, sz, f) == sz;
                        if (std::fclose(f) == 0 && ok) std::rename(tmp, path);
                        else std::remove(tmp);
                    }
                }
                std::free(bin);
            }
        }
        for (int i = 0; i < K_COUNT; i++) {
            k[i] = a.CreateKernel(prog, KERNEL_NAMES[i], &err);
            if (err != CL_SUCCESS || k[i] == nullptr) return false;
        }
        return true;
    }
};

}  // namespace

size_t opencl_list(int include_cpu_devices, fastsecp_gpu_device_info* out, size_t cap) {
    Api a{};
    if (!load(a)) return 0;
    cl_device_id d[MAX_DEVICES];
    cl_platform_id p[MAX_DEVICES];
    const size_t n = enumerate(a, include_cpu_devices, d, p);
    for (size_t i = 0; i < n && i < cap && out != nullptr; i++) describe(a, d[i], p[i], &out[i]);
    return n;  // the loader stays loaded (see load's note)
}

fastsecp_status opencl_open(unsigned int index, int include_cpu_devices, const char* cache_dir,
                            fastsecp_gpu_device_info* info, Runtime** out) {
    *out = nullptr;
    OpenCL* r = rt::create<OpenCL>();
    if (r == nullptr) return FASTSECP_ERR_OUT_OF_MEMORY;
    if (!load(r->a)) {
        r->destroy();
        return FASTSECP_ERR_NO_DEVICE;
    }
    cl_device_id d[MAX_DEVICES];
    cl_platform_id p[MAX_DEVICES];
    const size_t n = enumerate(r->a, include_cpu_devices, d, p);
    if (index >= n) {
        r->destroy();
        return FASTSECP_ERR_NO_DEVICE;
    }
    r->dev = d[index];
    describe(r->a, d[index], p[index], info);
    cl_int err = 0;
    r->ctx = r->a.CreateContext(nullptr, 1, &r->dev, nullptr, nullptr, &err);
    bool ok = err == CL_SUCCESS && r->ctx != nullptr;
    for (int i = 0; i < 2 && ok; i++) {
        r->q[i] = r->a.CreateCommandQueue(r->ctx, r->dev, 0, &err);
        ok = err == CL_SUCCESS && r->q[i] != nullptr;
    }
    if (!ok || !r->build(cache_dir, *info)) {
        r->destroy();
        return FASTSECP_ERR_DEVICE;
    }
    *out = r;
    return FASTSECP_OK;
}

}  // namespace fastsecp::gpu
