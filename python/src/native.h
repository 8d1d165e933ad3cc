// fastsecp._native: the extension module behind the Python package (nanobind).
// module.cpp registers the parts below; each part lives in its own file.
#pragma once

#include <nanobind/nanobind.h>

#include <fastsecp.h>

namespace nb = nanobind;

namespace pyfastsecp {

// The libsecp256k1-compatible calls the coincurve layer sits on (compat_bindings.cpp).
void register_compat(nb::module_& m);
// The native batch API: verification, key creation, tweak-add (batch_bindings.cpp).
void register_batch(nb::module_& m);
// BIP-352: the batch scanner (wallets, scan, prefilter) and the module's helpers (sp_bindings.cpp).
void register_silentpayments(nb::module_& m);
// FROST (BIP-445), ECDSA adaptor signatures and DLEQ proofs (BIP-374) on their C APIs (protocol_bindings.cpp).
void register_protocols(nb::module_& m);
// fastsecp_gpu.h: device lists and GpuContext (gpu_bindings.cpp).
void register_gpu(nb::module_& m);
// Batch calls over columns in Arrow's layout (data + int64 offsets), for fastsecp.spark (columns_bindings.cpp).
void register_columns(nb::module_& m);

// A fastsecp context with the given thread count (0 = one per core), created on first use with a
// random seed and kept for the life of the process (contexts are immutable and thread-safe).
// Called with the GIL held. Raises ValueError for a thread count the library refuses.
const fastsecp_ctx* batch_context(unsigned threads);

// Raises ValueError("<what>: <fastsecp_strerror(status)>").
[[noreturn]] void raise_status(const char* what, fastsecp_status status);

// A batch call's summary: OK and ITEM_FAILED return (the items say the rest); a call that did not
// run raises (MemoryError for OUT_OF_MEMORY, ValueError otherwise). (batch_bindings.cpp)
void check_summary(const char* what, fastsecp_status status);
// Per-item statuses as bytes, one byte per item. (batch_bindings.cpp)
nb::bytes status_bytes(const fastsecp_status* statuses, size_t n);

}  // namespace pyfastsecp
