// The engines the extensions scan with, each made once per process on first use:
//  - cpu_engine(): a fastsecp context for the calling thread only (DuckDB runs its own threads), and
//    the scan flags: FASTSECP_DUCKDB_VARTIME=1 in the environment multiplies the scan key in
//    variable time (default: constant time);
//  - scan_device(): where the cudasp functions run, from FASTSECP_DUCKDB_DEVICE = auto (default: a
//    GPU when there is one, else the CPU engine), cpu, or opencl (OpenCL devices, CPU ones such as
//    PoCL included: tests).
// Shared by secp256k1.duckdb_extension (C API) and cudasp.duckdb_extension (C++ API).
#pragma once

#include <fastsecp.h>
#include <fastsecp_gpu.h>

#include <cstddef>
#include <string>

namespace fastsecp_duckdb {

struct CpuEngine {
    fastsecp_ctx* ctx = nullptr;  // null if it could not be made
    unsigned int flags = FASTSECP_SP_SCAN_DEFAULT;
};
const CpuEngine& cpu_engine();

struct ScanDevice {
    fastsecp_gpu_ctx* ctx = nullptr;  // null when the requested device could not be opened
    std::string error;                // then: why
};
const ScanDevice& scan_device();

// Owns a prepared wallet; destroying it wipes the key material (fastsecp_sp_wallet_destroy).
struct WalletRef {
    fastsecp_sp_wallet* w = nullptr;
    WalletRef() = default;
    WalletRef(const WalletRef&) = delete;
    WalletRef& operator=(const WalletRef&) = delete;
    ~WalletRef() { fastsecp_sp_wallet_destroy(w); }
};

// One batch of fastsecp_sp_scan_prefilter_items: on the scan device when on_device and it has a
// GPU backend (a GPU context serializes its calls), else on the CPU engine on the calling thread.
fastsecp_status scan_prefilter(const fastsecp_sp_wallet* wallet, fastsecp_status* results, unsigned char* maybe,
                               const fastsecp_sp_prefilter_item* items, size_t n, bool on_device);

}  // namespace fastsecp_duckdb
