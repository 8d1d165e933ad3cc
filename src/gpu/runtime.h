// What the common device code (device_common.cpp) needs from a driver: OpenCL (opencl_runtime.cpp)
// or CUDA (cuda_runtime.cpp), both loaded with dlopen. Two queues (OpenCL command queues, CUDA
// streams): the common code alternates launches between them so that one launch's copies run
// while the other's kernel does. Every call returns false when the driver reports an error.
#pragma once

#include <fastsecp_gpu.h>

#include <dlfcn.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace fastsecp::gpu {

// The kernels of kernels/secp256k1_kernels.cl, in this order.
enum Kernel { K_ECMULT_GEN, K_TWEAK_MUL, K_SP_PREFILTER, K_SCHNORR, K_ECDSA, K_COUNT };
extern const char* const KERNEL_NAMES[K_COUNT];

using Buf = uint64_t;  // cl_mem or CUdeviceptr; 0 = none

class Runtime {
public:
    virtual void destroy() = 0;  // frees everything and the object itself
    virtual bool alloc(size_t bytes, Buf* out) = 0;
    virtual void release(Buf b) = 0;
    // Host memory for copies (pinned on CUDA so that copies are asynchronous), and its release.
    virtual void* host_alloc(size_t bytes) = 0;
    virtual void host_free(void* p) = 0;
    // Asynchronous on queue q; host memory must stay untouched until sync(q).
    virtual bool write(int q, Buf b, const void* src, size_t bytes) = 0;
    virtual bool read(int q, Buf b, void* dst, size_t bytes) = 0;
    virtual bool zero(int q, Buf b, size_t bytes) = 0;
    virtual bool launch(int q, Kernel k, Buf table, Buf params, Buf in, Buf out, Buf scratch, uint32_t n) = 0;
    virtual bool sync(int q) = 0;

protected:
    ~Runtime() = default;
};

// Lists the devices of the driver (the common code fills in backend and index).
size_t opencl_list(int include_cpu_devices, fastsecp_gpu_device_info* out, size_t cap);
size_t cuda_list(fastsecp_gpu_device_info* out, size_t cap);
// Opens device `index`; *info is filled. NO_DEVICE, DEVICE or OUT_OF_MEMORY on failure.
fastsecp_status opencl_open(unsigned int index, int include_cpu_devices, const char* cache_dir,
                            fastsecp_gpu_device_info* info, Runtime** out);
fastsecp_status cuda_open(unsigned int index, fastsecp_gpu_device_info* info, Runtime** out);

// fn = dlsym(lib, name); ok becomes false when the symbol is missing.
template <class Fn>
void bind_symbol(void* lib, Fn& fn, const char* name, bool& ok) {
    void* p = dlsym(lib, name);
    if (p == nullptr) ok = false;
    std::memcpy(&fn, &p, sizeof p);
}

// The kernel source (OpenCL C), embedded at build time.
extern const unsigned char KERNEL_SOURCE[];
extern const size_t KERNEL_SOURCE_SIZE;

}  // namespace fastsecp::gpu
