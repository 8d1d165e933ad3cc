#include "native.h"

#include <nanobind/stl/string.h>

#include <map>
#include <string>

#include <sys/random.h>

namespace pyfastsecp {

void raise_status(const char* what, fastsecp_status status) {
    throw nb::value_error((std::string(what) + ": " + fastsecp_strerror(status)).c_str());
}

const fastsecp_ctx* batch_context(unsigned threads) {
    // One context per thread count, for the life of the process (the GIL guards the map).
    static std::map<unsigned, fastsecp_ctx*> contexts;
    auto it = contexts.find(threads);
    if (it != contexts.end()) return it->second;
    unsigned char seed[32];
    if (getrandom(seed, sizeof seed, 0) != static_cast<ssize_t>(sizeof seed))
        throw std::runtime_error("fastsecp: no randomness for the context seed");
    fastsecp_ctx_options opt = FASTSECP_CTX_OPTIONS_INIT;
    opt.n_threads = threads;
    opt.seed32 = seed;
    fastsecp_ctx* ctx = nullptr;
    fastsecp_status st = fastsecp_ctx_create(&ctx, &opt);
    if (st == FASTSECP_ERR_INVALID_ARGUMENT)
        throw nb::value_error(("threads must be between 0 and " + std::to_string(FASTSECP_MAX_THREADS)).c_str());
    if (st != FASTSECP_OK) raise_status("creating a context", st);
    contexts.emplace(threads, ctx);
    return ctx;
}

}  // namespace pyfastsecp

NB_MODULE(_native, m) {
    m.doc() = "fastsecp's extension module (internal; use the fastsecp package).";
    m.def("version", [] { return std::string(fastsecp_version_string()); },
          "The version string of the fastsecp library linked into this module.");
    m.def("strerror", [](int status) { return std::string(fastsecp_strerror(static_cast<fastsecp_status>(status))); },
          "The library's description of a status code.");
    m.def("context_threads", [](unsigned threads) { return fastsecp_ctx_threads(pyfastsecp::batch_context(threads)); },
          "The number of threads a batch call with threads=N actually uses (0: one per core).");
    pyfastsecp::register_compat(m);
    pyfastsecp::register_batch(m);
    pyfastsecp::register_silentpayments(m);
    pyfastsecp::register_protocols(m);
    pyfastsecp::register_gpu(m);
    pyfastsecp::register_columns(m);
}
