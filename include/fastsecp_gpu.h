/* fastsecp_gpu.h: batch calls on GPUs (CUDA or OpenCL), shaped like fastsecp.h's.
 *
 * One kernel source is compiled as CUDA C++ (shipped as a fatbin for sm_80 and sm_90 plus compute_90 PTX, which covers sm_86/89 and newer, when
 * the library was built with nvcc) and as OpenCL C (embedded, compiled when a context is created,
 * cached). The driver libraries are loaded at run time with dlopen (libcuda.so.1, libOpenCL.so.1):
 * linking this library never adds a dependency, and a machine without them gets
 * FASTSECP_ERR_NO_DEVICE, or the CPU engine where the caller asked for FASTSECP_GPU_BACKEND_AUTO.
 *
 * Every batch call has the same contract as its fastsecp.h counterpart (named in each comment):
 * the same per-item status codes, the same outputs byte for byte for every input, valid or not,
 * the same summary return value (FASTSECP_OK, FASTSECP_ERR_ITEM_FAILED, or why the call did not run).
 * Nothing aborts and nothing calls back. If a device fails in the middle of a call, the items it had
 * not finished are computed by the CPU engine, so the results are still complete and exact
 * (fastsecp_gpu_ctx_stats counts them).
 *
 * Secrets on the device: the one secret scalar of fastsecp_gpu_pubkey_tweak_mul_batch and the
 * wallet's scan key in the silent-payments calls are used with fixed windows, without any
 * secret-dependent branch or table index; every lane does the same work. They are copied to device
 * memory for the call and overwritten with zeros before the call returns.
 *
 * A context may be used by several threads; calls on one context run one after another.
 */
#ifndef FASTSECP_GPU_H
#define FASTSECP_GPU_H

#include "fastsecp.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum fastsecp_gpu_backend {
    /* CUDA devices if any, else OpenCL GPUs, else the CPU engine. */
    FASTSECP_GPU_BACKEND_AUTO = 0,
    FASTSECP_GPU_BACKEND_CUDA = 1,
    FASTSECP_GPU_BACKEND_OPENCL = 2,
    /* The CPU engine (fastsecp.h's calls, with the context's threads): no device at all. */
    FASTSECP_GPU_BACKEND_CPU = 3
} fastsecp_gpu_backend;

/* One device, as listed by fastsecp_gpu_list_devices. */
typedef struct fastsecp_gpu_device_info {
    fastsecp_gpu_backend backend; /* CUDA or OPENCL */
    unsigned int index;           /* the device's index within its backend's list */
    char name[128];               /* e.g. "NVIDIA H100 80GB HBM3"; NUL-terminated */
    char platform[64];            /* "CUDA", or the OpenCL platform name (e.g. "Portable Computing Language") */
    unsigned int compute_units;   /* SMs (CUDA) or compute units (OpenCL) */
    unsigned int clock_mhz;       /* the device's maximum clock, 0 when unknown */
    uint64_t global_mem_bytes;
    int is_cpu;                   /* 1 for an OpenCL device of type CPU (such as PoCL) */
} fastsecp_gpu_device_info;

/* Lists the devices of a backend (AUTO: CUDA's, then OpenCL's; CPU: none). OpenCL devices of type
 * CPU are listed only when include_cpu_devices is non-zero. Writes at most cap entries to out (out
 * may be NULL when cap is 0); *n_devices receives how many there are. A missing driver library is
 * not an error: it lists nothing. Returns FASTSECP_OK, FASTSECP_ERR_INVALID_ARGUMENT (NULL
 * n_devices, unknown backend) or FASTSECP_ERR_BUFFER_TOO_SMALL (more devices than cap; the first
 * cap are written). */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_gpu_list_devices(
    fastsecp_gpu_backend backend, int include_cpu_devices, fastsecp_gpu_device_info *out, size_t cap,
    size_t *n_devices);

/* Opaque: the opened device(s), their compiled kernels and device buffers, and a CPU engine context
 * (fastsecp_ctx) for the CPU backend and for recomputing what a failed device left. */
typedef struct fastsecp_gpu_ctx fastsecp_gpu_ctx;

#define FASTSECP_GPU_OPTIONS_VERSION 1u

typedef struct fastsecp_gpu_options {
    /* Must be FASTSECP_GPU_OPTIONS_VERSION. */
    unsigned int version;
    fastsecp_gpu_backend backend;
    /* -1: every device of the backend, each batch split between them in proportion to their
     * compute units; otherwise the index of one device in fastsecp_gpu_list_devices' list. */
    int device;
    /* Non-zero: OpenCL CPU devices (PoCL) count as devices (tests use this; AUTO otherwise prefers
     * the CPU engine to them). */
    int include_cpu_devices;
    /* Items per kernel launch (0: chosen from the device). A call with more items is cut into
     * launches of this size whose copies overlap the previous launch's kernels (two buffers). */
    size_t batch_size;
    /* Threads of the CPU engine (as fastsecp_ctx_options.n_threads). */
    unsigned int cpu_threads;
    /* Folder for compiled OpenCL programs (NULL: $XDG_CACHE_HOME/fastsecp, else ~/.cache/fastsecp;
     * "" disables the cache). Entries are keyed by the kernel source's hash, the device and the
     * driver version. */
    const char *cache_dir;
} fastsecp_gpu_options;

/* version, AUTO, every device, no CPU devices, default batch size, one CPU thread, default cache. */
#define FASTSECP_GPU_OPTIONS_INIT { FASTSECP_GPU_OPTIONS_VERSION, FASTSECP_GPU_BACKEND_AUTO, -1, 0, 0, 1u, NULL }

/* Creates a context. options may be NULL (FASTSECP_GPU_OPTIONS_INIT).
 * Returns FASTSECP_OK; FASTSECP_ERR_INVALID_ARGUMENT (NULL ctx, unknown version or backend, device
 * < -1, cpu_threads too large); FASTSECP_ERR_NO_DEVICE (CUDA or OPENCL asked for and no such device,
 * or the index is past the list); FASTSECP_ERR_DEVICE (the driver failed: kernel build, module load,
 * device memory); FASTSECP_ERR_OUT_OF_MEMORY. With AUTO it never returns NO_DEVICE or DEVICE: it
 * falls back to the CPU engine. *ctx is NULL on failure. */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_gpu_ctx_create(
    fastsecp_gpu_ctx **ctx, const fastsecp_gpu_options *options);

/* Frees the context, its device buffers and the CPU context. NULL is ignored. */
FASTSECP_API void fastsecp_gpu_ctx_destroy(fastsecp_gpu_ctx *ctx);

/* The backend the context runs on (CUDA, OPENCL or CPU; never AUTO). */
FASTSECP_API fastsecp_gpu_backend fastsecp_gpu_ctx_backend(const fastsecp_gpu_ctx *ctx);

/* A one-line description of what the context runs on, e.g. "CUDA: NVIDIA H100 80GB HBM3 (132 SMs)",
 * "OpenCL: cpu-... (Portable Computing Language, 2 CUs)" or "CPU engine (2 threads, no GPU)".
 * Static for the context's life; never NULL (a NULL ctx gives "no context"). */
FASTSECP_API const char *fastsecp_gpu_ctx_describe(const fastsecp_gpu_ctx *ctx);

/* Counters since creation or the last reset: items done on devices and on the CPU engine
 * (cpu_items includes what a failed device left), and seconds spent in kernels, in host<->device
 * copies, and in calls in all (wall time; kernels and copies overlap, so the first two may add up
 * to more). In this version kernel_seconds is the time spent waiting for launches (copies included)
 * and copy_seconds stays 0: the runtimes do not time copies apart yet. */
typedef struct fastsecp_gpu_stats {
    uint64_t device_items;
    uint64_t cpu_items;
    uint64_t launches;
    double kernel_seconds;
    double copy_seconds;
    double call_seconds;
} fastsecp_gpu_stats;

/* Fills *stats; non-zero reset zeroes the counters afterwards. FASTSECP_ERR_INVALID_ARGUMENT for a
 * NULL argument. */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_gpu_ctx_stats(
    fastsecp_gpu_ctx *ctx, fastsecp_gpu_stats *stats, int reset);

/* ---- Batch calls ------------------------------------------------------------------------------- */

/* out33[33*i ..] = compressed k_i*G for the PUBLIC scalars scalars32[32*i ..] (tweaks, hashes):
 * fastsecp_pubkey_create_batch's outputs and codes (SCALAR_OUT_OF_RANGE for 0 or >= n), but the
 * device may take time that depends on the scalars: never pass secret keys here. */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_gpu_ecmult_gen_batch(
    fastsecp_gpu_ctx *ctx, fastsecp_status *results, unsigned char *out33,
    const unsigned char *scalars32, size_t n);

/* fastsecp_pubkey_tweak_mul_batch: one (possibly secret) tweak times many public keys, constant
 * time in the tweak. */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_gpu_pubkey_tweak_mul_batch(
    fastsecp_gpu_ctx *ctx, fastsecp_status *results, unsigned char *out33,
    const unsigned char *pubkeys33, const unsigned char *tweak32, size_t n);

/* fastsecp_schnorr_verify_batch: each signature checked on its own (one per device thread). */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_gpu_schnorr_verify_batch(
    fastsecp_gpu_ctx *ctx, fastsecp_status *results, const fastsecp_schnorr_item *items, size_t n);

/* fastsecp_ecdsa_verify_batch. */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_gpu_ecdsa_verify_batch(
    fastsecp_gpu_ctx *ctx, fastsecp_status *results, const fastsecp_ecdsa_item *items, size_t n);

/* fastsecp_sp_scan_prefilter_items: the indexer's 8-byte-prefix filter (shared secret, t_0,
 * P_0 = B_spend + t_0*G, P_0 + each label, compared with the prefixes). The wallet is made by
 * fastsecp.h's fastsecp_sp_wallet_create or _create_from_points. flags: FASTSECP_SP_SCAN_VARTIME
 * is accepted and changes nothing on a device (the scan key is always used in constant time
 * there); on the CPU backend it means what it means for fastsecp_sp_scan_prefilter_items. */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_gpu_sp_scan_prefilter_items(
    fastsecp_gpu_ctx *ctx, const fastsecp_sp_wallet *wallet, fastsecp_status *results,
    unsigned char *maybe, const fastsecp_sp_prefilter_item *items, size_t n, unsigned int flags);

/* fastsecp_sp_scan: the full BIP-352 scan against full x-only outputs (k = 0, 1, ... and labels),
 * same results and matches in the same order. On a device, round k = 0 of every transaction runs
 * there (the pre-filter with each output's 8-byte x prefix, as above); only the transactions it
 * flags (a match at k = 0, or a false alarm at odds of about 2^-64 per output and candidate) are
 * scanned by the CPU engine, every round, with `flags`. */
FASTSECP_API FASTSECP_WARN_UNUSED_RESULT fastsecp_status fastsecp_gpu_sp_scan(
    fastsecp_gpu_ctx *ctx, const fastsecp_sp_wallet *wallet, fastsecp_status *results,
    const fastsecp_sp_item *items, size_t n, fastsecp_sp_match *matches, size_t matches_cap,
    size_t *n_matches, unsigned int flags);

#ifdef __cplusplus
}
#endif

#endif /* FASTSECP_GPU_H */
