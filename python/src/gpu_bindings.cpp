// fastsecp_gpu.h for Python: device lists, contexts and their batch calls. Same conventions as
// batch_bindings.cpp: columns read with the GIL held, the library call with it released,
// (summary, statuses as bytes[, outputs]) returned.
#include "buffers.h"
#include "gpu.h"

#include <nanobind/stl/string.h>

#include <cstring>
#include <string>
#include <vector>

namespace pyfastsecp {

namespace {

fastsecp_gpu_backend backend_of(const std::string& s) {
    if (s == "auto") return FASTSECP_GPU_BACKEND_AUTO;
    if (s == "cuda") return FASTSECP_GPU_BACKEND_CUDA;
    if (s == "opencl") return FASTSECP_GPU_BACKEND_OPENCL;
    if (s == "cpu") return FASTSECP_GPU_BACKEND_CPU;
    throw nb::value_error("backend must be 'auto', 'cuda', 'opencl' or 'cpu'");
}

const char* backend_name(fastsecp_gpu_backend b) {
    switch (b) {
    case FASTSECP_GPU_BACKEND_CUDA: return "cuda";
    case FASTSECP_GPU_BACKEND_OPENCL: return "opencl";
    case FASTSECP_GPU_BACKEND_CPU: return "cpu";
    default: return "auto";
    }
}

nb::bytes bytes_of(const unsigned char* p, size_t n) { return nb::bytes(reinterpret_cast<const char*>(p), n); }

nb::list list_devices(const std::string& backend, bool include_cpu_devices) {
    size_t n = 0;
    const fastsecp_gpu_backend b = backend_of(backend);
    fastsecp_status st = fastsecp_gpu_list_devices(b, include_cpu_devices, nullptr, 0, &n);
    std::vector<fastsecp_gpu_device_info> info(n);
    if (n) st = fastsecp_gpu_list_devices(b, include_cpu_devices, info.data(), n, &n);
    if (st != FASTSECP_OK && st != FASTSECP_ERR_BUFFER_TOO_SMALL) raise_status("list_devices", st);
    nb::list out;
    for (size_t i = 0; i < info.size() && i < n; i++) {
        const auto& d = info[i];
        out.append(nb::make_tuple(backend_name(d.backend), d.index, std::string(d.name), std::string(d.platform),
                                  d.compute_units, d.clock_mhz, d.global_mem_bytes, d.is_cpu != 0));
    }
    return out;
}

std::vector<fastsecp_status> statuses(size_t n) { return std::vector<fastsecp_status>(n); }

nb::tuple ecmult_gen_batch(GpuContext& g, nb::handle scalars) {
    Column k(scalars, "scalars", {32}, SIZE_MAX);
    const size_t n = k.size();
    const unsigned char* in = k.packed(32);
    std::vector<unsigned char> out(33 * n);
    auto st = statuses(n);
    fastsecp_status sum;
    {
        nb::gil_scoped_release release;
        sum = fastsecp_gpu_ecmult_gen_batch(g.ctx, st.data(), out.data(), in, n);
    }
    check_summary("ecmult_gen_batch", sum);
    return nb::make_tuple(static_cast<int>(sum), status_bytes(st.data(), n), bytes_of(out.data(), out.size()));
}

nb::tuple tweak_mul_batch(GpuContext& g, nb::handle pubkeys, nb::handle tweak) {
    Column p(pubkeys, "pubkeys", {33}, SIZE_MAX);
    const size_t n = p.size();
    const unsigned char* in = p.packed(33);
    BufferView t = fixed_bytes(tweak, "tweak", 32);
    std::vector<unsigned char> out(33 * n);
    auto st = statuses(n);
    fastsecp_status sum;
    {
        nb::gil_scoped_release release;
        sum = fastsecp_gpu_pubkey_tweak_mul_batch(g.ctx, st.data(), out.data(), in, t.data(), n);
    }
    // A tweak of 0 or >= n fails every item with SCALAR_OUT_OF_RANGE: per-item results, not an error.
    if (sum == FASTSECP_ERR_SCALAR_OUT_OF_RANGE && n > 0) sum = FASTSECP_ERR_ITEM_FAILED;
    check_summary("pubkey_tweak_mul_batch", sum);
    return nb::make_tuple(static_cast<int>(sum), status_bytes(st.data(), n), bytes_of(out.data(), out.size()));
}

nb::tuple schnorr_verify_batch(GpuContext& g, nb::handle sigs, nb::handle msgs, nb::handle pubkeys) {
    SchnorrColumns c(sigs, msgs, pubkeys);
    const size_t n = c.items.size();
    auto st = statuses(n);
    fastsecp_status sum;
    {
        nb::gil_scoped_release release;
        sum = fastsecp_gpu_schnorr_verify_batch(g.ctx, st.data(), c.items.data(), n);
    }
    check_summary("schnorr_verify_batch", sum);
    return nb::make_tuple(static_cast<int>(sum), status_bytes(st.data(), n));
}

nb::tuple ecdsa_verify_batch(GpuContext& g, nb::handle sigs, nb::handle msgs, nb::handle pubkeys) {
    EcdsaColumns c(sigs, msgs, pubkeys);
    const size_t n = c.items.size();
    auto st = statuses(n);
    fastsecp_status sum;
    {
        nb::gil_scoped_release release;
        sum = fastsecp_gpu_ecdsa_verify_batch(g.ctx, st.data(), c.items.data(), n);
    }
    check_summary("ecdsa_verify_batch", sum);
    return nb::make_tuple(static_cast<int>(sum), status_bytes(st.data(), n));
}

nb::dict stats(GpuContext& g, bool reset) {
    fastsecp_gpu_stats s;
    const fastsecp_status st = fastsecp_gpu_ctx_stats(g.ctx, &s, reset);
    if (st != FASTSECP_OK) raise_status("stats", st);
    nb::dict d;
    d["device_items"] = s.device_items;
    d["cpu_items"] = s.cpu_items;
    d["launches"] = s.launches;
    d["kernel_seconds"] = s.kernel_seconds;
    d["copy_seconds"] = s.copy_seconds;
    d["call_seconds"] = s.call_seconds;
    return d;
}

}  // namespace

GpuContext::GpuContext(const char* backend, int device, bool include_cpu_devices, size_t batch_size,
                       unsigned cpu_threads, nb::handle cache_dir) {
    fastsecp_gpu_options o = FASTSECP_GPU_OPTIONS_INIT;
    o.backend = backend_of(backend);
    o.device = device;
    o.include_cpu_devices = include_cpu_devices;
    o.batch_size = batch_size;
    o.cpu_threads = cpu_threads;
    std::string dir;
    if (!cache_dir.is_none()) {
        dir = nb::cast<std::string>(cache_dir);
        o.cache_dir = dir.c_str();
    }
    fastsecp_status st;
    {
        nb::gil_scoped_release release;  // an OpenCL build can take a while
        st = fastsecp_gpu_ctx_create(&ctx, &o);
    }
    if (st == FASTSECP_ERR_OUT_OF_MEMORY) throw std::bad_alloc();
    if (st == FASTSECP_ERR_NO_DEVICE || st == FASTSECP_ERR_DEVICE)
        throw std::runtime_error(std::string("fastsecp.gpu: ") + fastsecp_strerror(st));
    if (st != FASTSECP_OK) raise_status("Context", st);
}

fastsecp_gpu_ctx* device_context(nb::handle device) {
    if (device.is_none()) return nullptr;
    return nb::cast<GpuContext&>(device).ctx;
}

void register_gpu(nb::module_& m) {
    m.def("gpu_list_devices", &list_devices, nb::arg("backend"), nb::arg("include_cpu_devices"));
    nb::class_<GpuContext>(m, "GpuContext", "A fastsecp_gpu_ctx.")
        .def(nb::init<const char*, int, bool, size_t, unsigned, nb::handle>(), nb::arg("backend"), nb::arg("device"),
             nb::arg("include_cpu_devices"), nb::arg("batch_size"), nb::arg("cpu_threads"), nb::arg("cache_dir").none())
        .def("backend", [](const GpuContext& g) { return std::string(backend_name(fastsecp_gpu_ctx_backend(g.ctx))); })
        .def("describe", [](const GpuContext& g) { return std::string(fastsecp_gpu_ctx_describe(g.ctx)); })
        .def("stats", &stats, nb::arg("reset"))
        .def("ecmult_gen_batch", &ecmult_gen_batch, nb::arg("scalars"))
        .def("pubkey_tweak_mul_batch", &tweak_mul_batch, nb::arg("pubkeys"), nb::arg("tweak"))
        .def("schnorr_verify_batch", &schnorr_verify_batch, nb::arg("signatures"), nb::arg("messages"),
             nb::arg("pubkeys"))
        .def("ecdsa_verify_batch", &ecdsa_verify_batch, nb::arg("signatures"), nb::arg("msghashes"),
             nb::arg("pubkeys"));
}

}  // namespace pyfastsecp
