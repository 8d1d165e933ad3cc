// The contract between the public GPU calls (src/gpu/api.cpp, include/fastsecp_gpu.h) and the
// device runtimes (OpenCL and CUDA, loaded with dlopen). api.cpp owns contexts, argument checks,
// the CPU engine fallback and the split of one batch between devices; a runtime owns one opened
// device: its kernels, its buffers and the launches of one call's share of items (cut into
// launches of batch_size items, copies overlapping kernels).
//
// Every run_* function has the contract of its public call restricted to items [0, n) that api.cpp
// has already checked for NULL pointers (items with NULL pointers never reach a device), and
// reports how far it got: *n_done items (a prefix) have final results and outputs. It returns
// FASTSECP_OK when all n are done (per-item failures are in results, not in the return value), or
// FASTSECP_ERR_DEVICE (or OUT_OF_MEMORY) when the device stopped: api.cpp then computes items
// [*n_done, n) with the CPU engine.
#ifndef FASTSECP_GPU_DEVICE_H
#define FASTSECP_GPU_DEVICE_H

#include <fastsecp.h>
#include <fastsecp_gpu.h>

#include <stddef.h>

namespace fastsecp::gpu {

struct Device;  // one opened device of one runtime

// Lists the devices of one backend (CUDA or OPENCL). Returns how many there are and writes at most
// cap of them. A missing driver library lists nothing.
size_t list_devices(fastsecp_gpu_backend backend, int include_cpu_devices, fastsecp_gpu_device_info* out,
                    size_t cap);

// Opens device `index` of `backend` (the index of list_devices' list): loads the driver, builds or
// loads the kernels (OpenCL: source compiled with the cache in options->cache_dir), allocates the
// buffers. NO_DEVICE, DEVICE or OUT_OF_MEMORY on failure (*out is then NULL).
fastsecp_status open_device(fastsecp_gpu_backend backend, unsigned int index, const fastsecp_gpu_options* options,
                            Device** out);
void close_device(Device* dev);

// What list_devices says of the opened device.
const fastsecp_gpu_device_info* device_info(const Device* dev);

// Time spent by this device since the last call of take_times (kernels, copies), in seconds.
void take_times(Device* dev, double* kernel_seconds, double* copy_seconds, unsigned long long* launches);

fastsecp_status run_ecmult_gen(Device* dev, fastsecp_status* results, unsigned char* out33,
                               const unsigned char* scalars32, size_t n, size_t* n_done);
fastsecp_status run_tweak_mul(Device* dev, fastsecp_status* results, unsigned char* out33,
                              const unsigned char* pubkeys33, const unsigned char* tweak32, size_t n, size_t* n_done);
fastsecp_status run_schnorr_verify(Device* dev, fastsecp_status* results, const fastsecp_schnorr_item* items,
                                   size_t n, size_t* n_done);
fastsecp_status run_ecdsa_verify(Device* dev, fastsecp_status* results, const fastsecp_ecdsa_item* items, size_t n,
                                 size_t* n_done);
fastsecp_status run_sp_prefilter(Device* dev, const fastsecp_sp_wallet* wallet, fastsecp_status* results,
                                 unsigned char* maybe, const fastsecp_sp_prefilter_item* items, size_t n,
                                 size_t* n_done);
// fastsecp_sp_scan on the device: round k = 0 of every item there (the pre-filter kernel with the
// outputs' 8-byte x prefixes), the items it flags scanned exactly by the CPU engine `cpu` (with
// `flags`). Matches of items [0, *n_done) in fastsecp_sp_scan's order, appended through `sink`
// (called on the calling thread, in order); sink returns 0 to stop early (api.cpp then reports
// BUFFER_TOO_SMALL).
typedef int (*MatchSink)(void* user, const fastsecp_sp_match* match);
fastsecp_status run_sp_scan(Device* dev, const fastsecp_ctx* cpu, const fastsecp_sp_wallet* wallet,
                            unsigned int flags, fastsecp_status* results, const fastsecp_sp_item* items, size_t n,
                            MatchSink sink, void* user, size_t* n_done);

}  // namespace fastsecp::gpu

#endif
