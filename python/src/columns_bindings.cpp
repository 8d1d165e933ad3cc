// Batch calls over columns in Arrow's layout, for fastsecp.spark (and anyone holding Arrow or
// NumPy data): a variable-length column is one data buffer plus n + 1 int64 offsets (row i is
// data[offsets[i] .. offsets[i+1])), a fixed-length column one packed buffer. Every row is
// handled inside one call with the GIL released; the per-row statuses say what was wrong, so a
// bad row never fails the call. The Python side turns Arrow arrays into these buffers with NumPy.
#include "buffers.h"

#include <secp256k1.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace pyfastsecp {

namespace {

// n rows of a variable-length column: (data, int64 offsets of n + 1 entries), checked to be
// non-decreasing and inside the data.
class VarColumn {
public:
    VarColumn(nb::handle data, nb::handle offsets, const char* what)
        : data_(data, what), off_(offsets, what) {
        if (off_.size() % 8 != 0 || off_.size() < 8)
            throw nb::value_error((std::string(what) + ": offsets must be n + 1 int64 values").c_str());
        n_ = off_.size() / 8 - 1;
        const int64_t* o = offs();
        if (o[0] < 0) throw nb::value_error((std::string(what) + ": negative offset").c_str());
        for (size_t i = 0; i < n_; i++)
            if (o[i + 1] < o[i]) throw nb::value_error((std::string(what) + ": offsets must not decrease").c_str());
        if (static_cast<uint64_t>(o[n_]) > data_.size())
            throw nb::value_error((std::string(what) + ": offsets past the end of the data").c_str());
    }
    size_t size() const { return n_; }
    const unsigned char* ptr(size_t i) const { return data_.data() + offs()[i]; }
    size_t len(size_t i) const { return static_cast<size_t>(offs()[i + 1] - offs()[i]); }

private:
    const int64_t* offs() const { return reinterpret_cast<const int64_t*>(off_.data()); }
    BufferView data_, off_;
    size_t n_ = 0;
};

// A packed column of n records of `record` bytes.
const unsigned char* packed(const BufferView& b, size_t n, size_t record, const char* what) {
    if (b.size() != n * record)
        throw nb::value_error((std::string(what) + ": expected " + std::to_string(n) + " records of " +
                               std::to_string(record) + " bytes").c_str());
    static const unsigned char none = 0;
    return n ? b.data() : &none;
}

nb::bytes statuses(const std::vector<fastsecp_status>& st) { return status_bytes(st.data(), st.size()); }

// ECDSA: packed 64-byte compact signatures and 32-byte hashes, keys as a variable column (33 or 65
// bytes; any other length is BAD_ENCODING). -> per-row statuses.
nb::bytes ecdsa_verify_columns(nb::handle sigs, nb::handle hashes, nb::handle key_data, nb::handle key_offsets,
                               unsigned threads) {
    const fastsecp_ctx* ctx = batch_context(threads);
    VarColumn keys(key_data, key_offsets, "pubkeys");
    const size_t n = keys.size();
    BufferView s(sigs, "signatures"), h(hashes, "msghashes");
    const unsigned char* sp = packed(s, n, 64, "signatures");
    const unsigned char* hp = packed(h, n, 32, "msghashes");
    std::vector<fastsecp_ecdsa_item> items(n);
    static const unsigned char empty = 0;
    for (size_t i = 0; i < n; i++)
        items[i] = {sp + 64 * i, hp + 32 * i, keys.len(i) ? keys.ptr(i) : &empty, keys.len(i)};
    std::vector<fastsecp_status> st(n);
    fastsecp_status sum;
    {
        nb::gil_scoped_release release;
        sum = n ? fastsecp_ecdsa_verify_batch(ctx, st.data(), items.data(), n) : FASTSECP_OK;
    }
    check_summary("ecdsa_verify_columns", sum);
    return statuses(st);
}

// BIP-340: packed 64-byte signatures and 32-byte x-only keys, messages as a variable column.
nb::bytes schnorr_verify_columns(nb::handle sigs, nb::handle msg_data, nb::handle msg_offsets, nb::handle pubkeys,
                                 unsigned threads) {
    const fastsecp_ctx* ctx = batch_context(threads);
    VarColumn msgs(msg_data, msg_offsets, "messages");
    const size_t n = msgs.size();
    BufferView s(sigs, "signatures"), p(pubkeys, "pubkeys");
    const unsigned char* sp = packed(s, n, 64, "signatures");
    const unsigned char* pp = packed(p, n, 32, "pubkeys");
    std::vector<fastsecp_schnorr_item> items(n);
    static const unsigned char empty = 0;
    for (size_t i = 0; i < n; i++)
        items[i] = {sp + 64 * i, msgs.len(i) ? msgs.ptr(i) : &empty, msgs.len(i), pp + 32 * i};
    std::vector<fastsecp_status> st(n);
    fastsecp_status sum;
    {
        nb::gil_scoped_release release;
        sum = n ? fastsecp_schnorr_verify_batch(ctx, st.data(), items.data(), n) : FASTSECP_OK;
    }
    check_summary("schnorr_verify_columns", sum);
    return statuses(st);
}

// BIP-352's public tweak of each row: input_hash * A, A = the sum of the row's input keys (32-byte
// x-only keys of taproot inputs, read with even y, or 33/65-byte keys), input_hash =
// hash_BIP0352/Inputs(outpoint_smallest || A). Keys: one variable column of all keys; row i owns
// keys [row_offsets[i], row_offsets[i+1]). -> (ok bytes, 33-byte tweaks packed; zeros where not ok).
// Not ok: no keys, an invalid key, a sum at infinity, a zero or out-of-range hash.
nb::tuple bip352_tweak_columns(nb::handle outpoints, nb::handle key_data, nb::handle key_offsets,
                               nb::handle row_offsets) {
    VarColumn keys(key_data, key_offsets, "input keys");
    BufferView ro(row_offsets, "row offsets");
    if (ro.size() % 8 != 0 || ro.size() < 8) throw nb::value_error("row offsets: must be n + 1 int64 values");
    const size_t n = ro.size() / 8 - 1;
    const int64_t* rows = reinterpret_cast<const int64_t*>(ro.data());
    if (rows[0] < 0 || static_cast<uint64_t>(rows[n]) > keys.size())
        throw nb::value_error("row offsets: outside the keys");
    for (size_t i = 0; i < n; i++)
        if (rows[i + 1] < rows[i]) throw nb::value_error("row offsets: must not decrease");
    BufferView op(outpoints, "outpoints");
    const unsigned char* opp = packed(op, n, 36, "outpoints");
    std::vector<unsigned char> ok(n, 0), out(33 * n, 0);
    {
        nb::gil_scoped_release release;
        const secp256k1_context* c = secp256k1_context_static;
        std::vector<secp256k1_pubkey> pks;
        std::vector<const secp256k1_pubkey*> ptrs;
        for (size_t i = 0; i < n; i++) {
            pks.clear();
            bool good = rows[i + 1] > rows[i];
            for (int64_t k = rows[i]; good && k < rows[i + 1]; k++) {
                const size_t len = keys.len(static_cast<size_t>(k));
                const unsigned char* p = keys.ptr(static_cast<size_t>(k));
                secp256k1_pubkey pk;
                if (len == 32) {  // x-only: the point with this x and even y
                    unsigned char ser[33];
                    ser[0] = 2;
                    std::memcpy(ser + 1, p, 32);
                    good = secp256k1_ec_pubkey_parse(c, &pk, ser, 33) == 1;
                } else {
                    good = (len == 33 || len == 65) && secp256k1_ec_pubkey_parse(c, &pk, p, len) == 1;
                }
                if (good) pks.push_back(pk);
            }
            if (!good) continue;
            ptrs.clear();
            for (auto& pk : pks) ptrs.push_back(&pk);
            secp256k1_pubkey a;
            if (secp256k1_ec_pubkey_combine(c, &a, ptrs.data(), ptrs.size()) != 1) continue;
            unsigned char msg[36 + 33];
            std::memcpy(msg, opp + 36 * i, 36);
            size_t len = 33;
            secp256k1_ec_pubkey_serialize(c, msg + 36, &len, &a, SECP256K1_EC_COMPRESSED);
            static const char TAG[] = "BIP0352/Inputs";
            unsigned char input_hash[32];
            if (secp256k1_tagged_sha256(c, input_hash, reinterpret_cast<const unsigned char*>(TAG), sizeof TAG - 1,
                                        msg, sizeof msg) != 1)
                continue;
            if (secp256k1_ec_pubkey_tweak_mul(c, &a, input_hash) != 1) continue;
            len = 33;
            secp256k1_ec_pubkey_serialize(c, out.data() + 33 * i, &len, &a, SECP256K1_EC_COMPRESSED);
            ok[i] = 1;
        }
    }
    return nb::make_tuple(nb::bytes(reinterpret_cast<const char*>(ok.data()), n),
                          nb::bytes(reinterpret_cast<const char*>(out.data()), out.size()));
}

}  // namespace

// The scanner's pre-filter over columns (used by SpWallet.prefilter_columns in sp_bindings.cpp):
// tweaks as a variable column (33 or 64 bytes, see fastsecp_sp_prefilter_item), prefixes as one
// buffer of 8-byte integers (big-endian prefixes read as numbers, e.g. an int64 column) and n + 1
// int64 prefix offsets.
nb::tuple prefilter_columns(const fastsecp_sp_wallet* w, nb::handle tweak_data, nb::handle tweak_offsets,
                            nb::handle prefixes, nb::handle prefix_offsets, bool vartime) {
    const fastsecp_ctx* ctx = batch_context(1);
    VarColumn tweaks(tweak_data, tweak_offsets, "tweaks");
    const size_t n = tweaks.size();
    BufferView pre(prefixes, "prefixes"), po(prefix_offsets, "prefix offsets");
    if (pre.size() % 8 != 0) throw nb::value_error("prefixes: must be 8-byte integers");
    if (po.size() != 8 * (n + 1)) throw nb::value_error("prefix offsets: must be n + 1 int64 values");
    const int64_t* off = reinterpret_cast<const int64_t*>(po.data());
    const size_t m = pre.size() / 8;
    if (off[0] < 0 || static_cast<uint64_t>(off[n]) > m) throw nb::value_error("prefix offsets: outside the prefixes");
    for (size_t i = 0; i < n; i++)
        if (off[i + 1] < off[i]) throw nb::value_error("prefix offsets: must not decrease");
    const uint64_t* pv = reinterpret_cast<const uint64_t*>(pre.data());
    std::vector<fastsecp_sp_prefilter_item> items(n);
    static const unsigned char empty = 0;
    for (size_t i = 0; i < n; i++) {
        const size_t k = static_cast<size_t>(off[i + 1] - off[i]);
        items[i] = {tweaks.len(i) ? tweaks.ptr(i) : &empty, tweaks.len(i), k ? pv + off[i] : nullptr, k};
    }
    std::vector<fastsecp_status> st(n);
    std::vector<unsigned char> maybe(n, 0);
    fastsecp_status sum;
    {
        nb::gil_scoped_release release;
        sum = n ? fastsecp_sp_scan_prefilter_items(ctx, w, st.data(), maybe.data(), items.data(), n,
                                                   vartime ? FASTSECP_SP_SCAN_VARTIME : FASTSECP_SP_SCAN_DEFAULT)
                : FASTSECP_OK;
    }
    check_summary("prefilter_columns", sum);
    return nb::make_tuple(statuses(st), nb::bytes(reinterpret_cast<const char*>(maybe.data()), n));
}

void register_columns(nb::module_& m) {
    m.def("ecdsa_verify_columns", &ecdsa_verify_columns, nb::arg("signatures"), nb::arg("msghashes"),
          nb::arg("key_data"), nb::arg("key_offsets"), nb::arg("threads"));
    m.def("schnorr_verify_columns", &schnorr_verify_columns, nb::arg("signatures"), nb::arg("msg_data"),
          nb::arg("msg_offsets"), nb::arg("pubkeys"), nb::arg("threads"));
    m.def("bip352_tweak_columns", &bip352_tweak_columns, nb::arg("outpoints"), nb::arg("key_data"),
          nb::arg("key_offsets"), nb::arg("row_offsets"));
}

}  // namespace pyfastsecp
