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

EcdsaColumns::EcdsaColumns(nb::handle signatures, nb::handle msghashes, nb::handle pubkeys)
    : sigs(signatures, "signatures", {64}, SIZE_MAX),
      hashes(msghashes, "msghashes", {32}, sigs.size()),
      keys(pubkeys, "pubkeys", {}, sigs.size()) {
    const size_t n = sigs.size();
    // A packed pubkey column must be all 33- or all 65-byte keys.
    if (n && PyObject_CheckBuffer(pubkeys.ptr()) && keys.len(0) != 33 && keys.len(0) != 65)
        throw nb::value_error("pubkeys: packed keys must be 33 or 65 bytes each");
    items.resize(n);
    for (size_t i = 0; i < n; i++) items[i] = {sigs.ptr(i), hashes.ptr(i), keys.ptr(i), keys.len(i)};
}

SchnorrColumns::SchnorrColumns(nb::handle signatures, nb::handle messages, nb::handle pubkeys)
    : sigs(signatures, "signatures", {64}, SIZE_MAX),
      msgs(messages, "messages", {}, sigs.size()),
      keys(pubkeys, "pubkeys", {32}, sigs.size()) {
    static const unsigned char empty = 0;
    items.resize(sigs.size());
    for (size_t i = 0; i < items.size(); i++)
        items[i] = {sigs.ptr(i), msgs.len(i) ? msgs.ptr(i) : &empty, msgs.len(i), keys.ptr(i)};
}

namespace {

nb::bytes status_bytes(const std::vector<fastsecp_status>& st) { return pyfastsecp::status_bytes(st.data(), st.size()); }

nb::tuple ecdsa_verify_batch(nb::handle sigs, nb::handle msgs, nb::handle pubkeys, unsigned threads) {
    const fastsecp_ctx* ctx = batch_context(threads);
    EcdsaColumns c(sigs, msgs, pubkeys);
    const size_t n = c.items.size();
    std::vector<fastsecp_status> st(n);
    fastsecp_status sum;
    {
        nb::gil_scoped_release release;
        sum = fastsecp_ecdsa_verify_batch(ctx, st.data(), c.items.data(), n);
    }
    check_summary("ecdsa_verify_batch", sum);
    return nb::make_tuple(static_cast<int>(sum), status_bytes(st));
}

nb::tuple schnorr_verify_batch(nb::handle sigs, nb::handle msgs, nb::handle pubkeys, unsigned threads) {
    const fastsecp_ctx* ctx = batch_context(threads);
    SchnorrColumns c(sigs, msgs, pubkeys);
    const size_t n = c.items.size();
    std::vector<fastsecp_status> st(n);
    fastsecp_status sum;
    {
        nb::gil_scoped_release release;
        sum = fastsecp_schnorr_verify_batch(ctx, st.data(), c.items.data(), n);
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
