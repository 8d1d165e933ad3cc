// The native batch API for Python. Each call reads its columns with the GIL held (keeping the
// objects alive), releases the GIL for the library call, and returns
// (summary status, per-item statuses as bytes, outputs as bytes where the call has some).
#include "buffers.h"

#include <cstdint>
#include <vector>

namespace pyfastsecp {

nb::bytes status_bytes(const fastsecp_status* statuses, size_t n) {
    std::vector<unsigned char> b(n);
    for (size_t i = 0; i < n; i++) b[i] = static_cast<unsigned char>(statuses[i]);
    return nb::bytes(reinterpret_cast<const char*>(b.data()), n);
}

void check_summary(const char* what, fastsecp_status st) {
    if (st == FASTSECP_OK || st == FASTSECP_ERR_ITEM_FAILED) return;
    if (st == FASTSECP_ERR_OUT_OF_MEMORY) throw std::bad_alloc();
    raise_status(what, st);
}

namespace {

nb::bytes status_bytes(const std::vector<fastsecp_status>& st) { return pyfastsecp::status_bytes(st.data(), st.size()); }

nb::tuple ecdsa_verify_batch(nb::handle sigs, nb::handle msgs, nb::handle pubkeys, unsigned threads) {
    const fastsecp_ctx* ctx = batch_context(threads);
    Column s(sigs, "signatures", {64}, SIZE_MAX);
    const size_t n = s.size();
    Column h(msgs, "msghashes", {32}, n);
    Column p(pubkeys, "pubkeys", {}, n);
    // A packed pubkey column must be all 33- or all 65-byte keys.
    if (n && PyObject_CheckBuffer(pubkeys.ptr()) && p.len(0) != 33 && p.len(0) != 65)
        throw nb::value_error("pubkeys: packed keys must be 33 or 65 bytes each");
    std::vector<fastsecp_ecdsa_item> items(n);
    for (size_t i = 0; i < n; i++) items[i] = {s.ptr(i), h.ptr(i), p.ptr(i), p.len(i)};
    std::vector<fastsecp_status> st(n);
    fastsecp_status sum;
    {
        nb::gil_scoped_release release;
        sum = fastsecp_ecdsa_verify_batch(ctx, st.data(), items.data(), n);
    }
    check_summary("ecdsa_verify_batch", sum);
    return nb::make_tuple(static_cast<int>(sum), status_bytes(st));
}

nb::tuple schnorr_verify_batch(nb::handle sigs, nb::handle msgs, nb::handle pubkeys, unsigned threads) {
    const fastsecp_ctx* ctx = batch_context(threads);
    Column s(sigs, "signatures", {64}, SIZE_MAX);
    const size_t n = s.size();
    Column m(msgs, "messages", {}, n);
    Column p(pubkeys, "pubkeys", {32}, n);
    std::vector<fastsecp_schnorr_item> items(n);
    static const unsigned char empty = 0;
    for (size_t i = 0; i < n; i++) items[i] = {s.ptr(i), m.len(i) ? m.ptr(i) : &empty, m.len(i), p.ptr(i)};
    std::vector<fastsecp_status> st(n);
    fastsecp_status sum;
    {
        nb::gil_scoped_release release;
        sum = fastsecp_schnorr_verify_batch(ctx, st.data(), items.data(), n);
    }
    check_summary("schnorr_verify_batch", sum);
    return nb::make_tuple(static_cast<int>(sum), status_bytes(st));
}

nb::tuple pubkey_create_batch(nb::handle seckeys, unsigned threads) {
    const fastsecp_ctx* ctx = batch_context(threads);
    Column k(seckeys, "seckeys", {32}, SIZE_MAX);
    const size_t n = k.size();
    const unsigned char* keys = k.packed(32);
    std::vector<unsigned char> out(n * 33);
    std::vector<fastsecp_status> st(n);
    fastsecp_status sum;
    {
        nb::gil_scoped_release release;
        sum = fastsecp_pubkey_create_batch(ctx, st.data(), out.data(), keys, n);
    }
    check_summary("pubkey_create_batch", sum);
    return nb::make_tuple(static_cast<int>(sum), status_bytes(st),
                          nb::bytes(reinterpret_cast<const char*>(out.data()), out.size()));
}

nb::tuple pubkey_tweak_add_batch(nb::handle pubkeys, nb::handle tweaks, unsigned threads) {
    const fastsecp_ctx* ctx = batch_context(threads);
    Column p(pubkeys, "pubkeys", {33}, SIZE_MAX);
    const size_t n = p.size();
    Column t(tweaks, "tweaks", {32}, n);
    const unsigned char* keys = p.packed(33);
    const unsigned char* tw = t.packed(32);
    std::vector<unsigned char> out(n * 33);
    std::vector<fastsecp_status> st(n);
    fastsecp_status sum;
    {
        nb::gil_scoped_release release;
        sum = fastsecp_pubkey_tweak_add_batch(ctx, st.data(), out.data(), keys, tw, n);
    }
    check_summary("pubkey_tweak_add_batch", sum);
    return nb::make_tuple(static_cast<int>(sum), status_bytes(st),
                          nb::bytes(reinterpret_cast<const char*>(out.data()), out.size()));
}

}  // namespace

void register_batch(nb::module_& m) {
    m.def("ecdsa_verify_batch", &ecdsa_verify_batch, nb::arg("signatures"), nb::arg("msghashes"),
          nb::arg("pubkeys"), nb::arg("threads"));
    m.def("schnorr_verify_batch", &schnorr_verify_batch, nb::arg("signatures"), nb::arg("messages"),
          nb::arg("pubkeys"), nb::arg("threads"));
    m.def("pubkey_create_batch", &pubkey_create_batch, nb::arg("seckeys"), nb::arg("threads"));
    m.def("pubkey_tweak_add_batch", &pubkey_tweak_add_batch, nb::arg("pubkeys"), nb::arg("tweaks"),
          nb::arg("threads"));
}

}  // namespace pyfastsecp
