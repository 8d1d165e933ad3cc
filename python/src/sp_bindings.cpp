// BIP-352 for Python: the batch scanner of fastsecp.h (wallets, scan, prefilter) and the helpers of
// the libsecp256k1-compatible module (secp256k1_silentpayments.h): output creation for senders,
// labels, labelled spend keys and the one-transaction scan for receivers.
#include "buffers.h"
#include "gpu.h"

#include <secp256k1.h>
#include <secp256k1_extrakeys.h>
#include <secp256k1_silentpayments.h>

#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <cstring>
#include <string>
#include <unordered_map>
#include <vector>

namespace pyfastsecp {

secp256k1_context* compat_context(nb::handle ctx);
nb::tuple prefilter_columns(const fastsecp_sp_wallet* w, nb::handle tweak_data, nb::handle tweak_offsets,
                            nb::handle prefixes, nb::handle prefix_offsets, bool vartime);  // columns_bindings.cpp

namespace {

nb::bytes out_bytes(const unsigned char* p, size_t n) { return nb::bytes(reinterpret_cast<const char*>(p), n); }

nb::bytes status_bytes(const std::vector<fastsecp_status>& st) { return pyfastsecp::status_bytes(st.data(), st.size()); }

// The batch scanner's wallet (fastsecp_sp_wallet). Holds a copy of the scan key, wiped on close.
class SpWallet {
public:
    SpWallet(nb::handle scan_key, nb::handle spend_pubkey, const std::vector<unsigned>& labels) {
        BufferView sk = fixed_bytes(scan_key, "scan_key", 32);
        BufferView pk = fixed_bytes(spend_pubkey, "spend_pubkey", 33);
        fastsecp_status st = fastsecp_sp_wallet_create(batch_context(1), &w_, sk.data(), pk.data(),
                                                       labels.empty() ? nullptr : labels.data(), labels.size());
        if (st == FASTSECP_ERR_OUT_OF_MEMORY) throw std::bad_alloc();
        if (st == FASTSECP_ERR_SCALAR_OUT_OF_RANGE) throw nb::value_error("scan_key: not a valid secret key (0 or >= the group order)");
        if (st == FASTSECP_ERR_BAD_ENCODING || st == FASTSECP_ERR_POINT_NOT_ON_CURVE)
            raise_status("spend_pubkey: not a valid compressed public key", st);
        if (st != FASTSECP_OK) raise_status("Wallet", st);
    }
    // A wallet from label points (fastsecp_sp_wallet_create_from_points): the spend key and the
    // labels 33-byte compressed or 64-byte raw points; labels that are not points are left out.
    // It serves the pre-filters only when it has labels.
    static SpWallet* from_points(nb::handle scan_key, nb::handle spend_pubkey, nb::sequence label_points) {
        BufferView sk = fixed_bytes(scan_key, "scan_key", 32);
        BufferView pk(spend_pubkey, "spend_pubkey");
        std::vector<BufferView> views;
        for (nb::handle h : label_points) views.emplace_back(h, "label point");
        std::vector<const unsigned char*> pts;
        std::vector<size_t> lens;
        for (auto& v : views) {
            pts.push_back(v.data());
            lens.push_back(v.size());
        }
        fastsecp_sp_wallet* w = nullptr;
        const fastsecp_status st = fastsecp_sp_wallet_create_from_points(
            batch_context(1), &w, sk.data(), pk.data(), pk.size(), pts.empty() ? nullptr : pts.data(),
            lens.empty() ? nullptr : lens.data(), pts.size(), nullptr);
        if (st == FASTSECP_ERR_OUT_OF_MEMORY) throw std::bad_alloc();
        if (st == FASTSECP_ERR_SCALAR_OUT_OF_RANGE) throw nb::value_error("scan_key: not a valid secret key (0 or >= the group order)");
        if (st != FASTSECP_OK) raise_status("spend_pubkey", st);
        return new SpWallet(w);
    }
    ~SpWallet() { fastsecp_sp_wallet_destroy(w_); }
    SpWallet(const SpWallet&) = delete;
    SpWallet& operator=(const SpWallet&) = delete;

    // (summary, statuses, [(item, output, k, label or None, spend_tweak32)])
    // device: None (fastsecp_sp_scan on `threads` threads) or a GpuContext (fastsecp_gpu_sp_scan).
    nb::tuple scan(nb::handle tweaks, nb::handle outputs, nb::handle offsets, bool vartime, unsigned threads,
                   nb::handle device) {
        const fastsecp_ctx* ctx = batch_context(threads);
        fastsecp_gpu_ctx* dev = device_context(device);
        Column t(tweaks, "tweaks", {33}, SIZE_MAX);
        const size_t n = t.size();
        Column o(outputs, "outputs", {32}, SIZE_MAX);
        const size_t m = o.size();
        const unsigned char* out = o.packed(32);
        std::vector<size_t> off = read_offsets(offsets, "offsets", n, m);
        std::vector<fastsecp_sp_item> items(n);
        for (size_t i = 0; i < n; i++) items[i] = {t.ptr(i), out ? out + 32 * off[i] : nullptr, off[i + 1] - off[i]};
        static const unsigned char none = 0;
        for (auto& it : items)
            if (it.outputs32 == nullptr) it.outputs32 = &none;  // n_outputs is 0 then
        // A match is an output, so the outputs bound their number.
        std::vector<fastsecp_sp_match> matches(m ? m : 1);
        std::vector<fastsecp_status> st(n);
        size_t n_matches = 0;
        fastsecp_status sum;
        {
            nb::gil_scoped_release release;
            const unsigned flags = vartime ? FASTSECP_SP_SCAN_VARTIME : FASTSECP_SP_SCAN_DEFAULT;
            sum = dev != nullptr ? fastsecp_gpu_sp_scan(dev, w_, st.data(), items.data(), n, matches.data(),
                                                        matches.size(), &n_matches, flags)
                                 : fastsecp_sp_scan(ctx, w_, st.data(), items.data(), n, matches.data(),
                                                    matches.size(), &n_matches, flags);
        }
        check_summary("scan", sum);
        nb::list found;
        for (size_t i = 0; i < n_matches && i < matches.size(); i++) {
            const fastsecp_sp_match& x = matches[i];
            nb::object label = x.has_label ? nb::object(nb::int_(x.label)) : nb::object(nb::none());
            found.append(nb::make_tuple(x.item, x.output, x.k, label, out_bytes(x.spend_tweak32, 32)));
        }
        for (auto& x : matches) std::memset(x.spend_tweak32, 0, 32);
        return nb::make_tuple(static_cast<int>(sum), status_bytes(st), found);
    }

    // (summary, statuses, maybe as bytes of 0/1)
    // device: None (fastsecp_sp_scan_prefilter) or a GpuContext (fastsecp_gpu_sp_scan_prefilter_items).
    nb::tuple prefilter(nb::handle tweaks, nb::handle prefixes, nb::handle offsets, bool vartime, unsigned threads,
                        nb::handle device) {
        const fastsecp_ctx* ctx = batch_context(threads);
        fastsecp_gpu_ctx* dev = device_context(device);
        Column t(tweaks, "tweaks", {33}, SIZE_MAX);
        const size_t n = t.size();
        Column p(prefixes, "prefixes", {8}, SIZE_MAX);
        static const unsigned char none[8] = {0};
        const unsigned char* pre = p.size() ? p.packed(8) : none;
        const unsigned char* tw = n ? t.packed(33) : none;
        std::vector<size_t> off = read_offsets(offsets, "offsets", n, p.size());
        std::vector<unsigned char> maybe(n);
        std::vector<fastsecp_status> st(n);
        fastsecp_status sum;
        {
            nb::gil_scoped_release release;
            const unsigned flags = vartime ? FASTSECP_SP_SCAN_VARTIME : FASTSECP_SP_SCAN_DEFAULT;
            if (dev != nullptr) {
                // The device call takes the prefixes as numbers (bytes 0..7 big-endian) per item.
                std::vector<uint64_t> nums(off[n]);
                for (size_t j = 0; j < nums.size(); j++) {
                    uint64_t v = 0;
                    for (int b = 0; b < 8; b++) v = v << 8 | pre[8 * j + b];
                    nums[j] = v;
                }
                std::vector<fastsecp_sp_prefilter_item> items(n);
                for (size_t i = 0; i < n; i++) items[i] = {tw + 33 * i, 33, nums.data() + off[i], off[i + 1] - off[i]};
                sum = fastsecp_gpu_sp_scan_prefilter_items(dev, w_, st.data(), maybe.data(), items.data(), n, flags);
            } else {
                sum = fastsecp_sp_scan_prefilter(ctx, w_, st.data(), maybe.data(), tw, n, pre, off.data(), flags);
            }
        }
        check_summary("prefilter", sum);
        return nb::make_tuple(static_cast<int>(sum), status_bytes(st), out_bytes(maybe.data(), n));
    }

    // (statuses, maybe) of fastsecp_sp_scan_prefilter_items over columns (see columns_bindings.cpp).
    nb::tuple prefilter_columns(nb::handle tweak_data, nb::handle tweak_offsets, nb::handle prefixes,
                                nb::handle prefix_offsets, bool vartime) {
        return pyfastsecp::prefilter_columns(w_, tweak_data, tweak_offsets, prefixes, prefix_offsets, vartime);
    }

private:
    explicit SpWallet(fastsecp_sp_wallet* w) : w_(w) {}
    fastsecp_sp_wallet* w_ = nullptr;
};

// --- The module API (secp256k1_silentpayments.h) ---------------------------------------------

bool parse_pubkey(secp256k1_context* c, secp256k1_pubkey* pk, const BufferView& b) {
    return secp256k1_ec_pubkey_parse(c, pk, b.data(), b.size()) != 0;
}

// Outputs for recipients [(scan_pubkey33, spend_pubkey33)] (list order = index), from the
// transaction's smallest outpoint and its eligible inputs' secret keys. Returns the 32-byte x-only
// output keys in recipient order, or None when the module refuses (see the header).
nb::object sender_create_outputs(nb::handle ctxh, nb::sequence recipients, nb::handle outpoint,
                                 nb::sequence taproot_seckeys, nb::sequence seckeys) {
    secp256k1_context* c = compat_context(ctxh);
    BufferView op = fixed_bytes(outpoint, "outpoint", 36);
    const size_t nr = nb::len(recipients);
    if (nr == 0) throw nb::value_error("recipients: at least one recipient is needed");
    std::vector<secp256k1_silentpayments_recipient> rec(nr);
    size_t i = 0;
    for (nb::handle r : recipients) {
        nb::sequence pair = nb::cast<nb::sequence>(r);
        if (nb::len(pair) != 2) throw nb::value_error("recipients: each recipient is (scan_pubkey, spend_pubkey)");
        BufferView scan(pair[0], "scan_pubkey"), spend(pair[1], "spend_pubkey");
        if (!parse_pubkey(c, &rec[i].scan_pubkey, scan))
            throw nb::value_error(("recipients[" + std::to_string(i) + "]: invalid scan public key").c_str());
        if (!parse_pubkey(c, &rec[i].spend_pubkey, spend))
            throw nb::value_error(("recipients[" + std::to_string(i) + "]: invalid spend public key").c_str());
        rec[i].index = i;
        i++;
    }
    std::vector<const secp256k1_silentpayments_recipient*> rp(nr);
    for (i = 0; i < nr; i++) rp[i] = &rec[i];
    std::vector<secp256k1_keypair> kps;
    for (nb::handle k : taproot_seckeys) {
        BufferView sk = fixed_bytes(k, "taproot secret key", 32);
        kps.emplace_back();
        if (!secp256k1_keypair_create(c, &kps.back(), sk.data())) throw nb::value_error("invalid taproot secret key");
    }
    std::vector<const secp256k1_keypair*> kpp;
    for (auto& k : kps) kpp.push_back(&k);
    std::vector<std::string> sks;
    for (nb::handle k : seckeys) {
        BufferView sk = fixed_bytes(k, "secret key", 32);
        sks.emplace_back(reinterpret_cast<const char*>(sk.data()), 32);
    }
    std::vector<const unsigned char*> skp;
    for (auto& s : sks) skp.push_back(reinterpret_cast<const unsigned char*>(s.data()));
    if (kpp.empty() && skp.empty()) throw nb::value_error("at least one input secret key is needed");
    std::vector<secp256k1_xonly_pubkey> outs(nr);
    std::vector<secp256k1_xonly_pubkey*> op_ptrs(nr);
    for (i = 0; i < nr; i++) op_ptrs[i] = &outs[i];
    const int ok = secp256k1_silentpayments_sender_create_outputs(
        c, op_ptrs.data(), rp.data(), nr, op.data(), kpp.empty() ? nullptr : kpp.data(), kpp.size(),
        skp.empty() ? nullptr : skp.data(), skp.size());
    for (auto& k : kps) std::memset(&k, 0, sizeof k);
    for (auto& s : sks) std::memset(s.data(), 0, s.size());
    if (!ok) return nb::none();
    nb::list result;
    for (i = 0; i < nr; i++) {
        unsigned char x[32];
        secp256k1_xonly_pubkey_serialize(c, x, &outs[i]);
        result.append(out_bytes(x, 32));
    }
    return result;
}

// (label33, label_tweak32) of label m, or None for an invalid scan key.
nb::object label_create(nb::handle ctxh, nb::handle scan_key, uint32_t m) {
    secp256k1_context* c = compat_context(ctxh);
    BufferView sk = fixed_bytes(scan_key, "scan_key", 32);
    secp256k1_silentpayments_label label;
    unsigned char tweak[32], out[33];
    if (!secp256k1_silentpayments_recipient_label_create(c, &label, tweak, sk.data(), m)) return nb::none();
    secp256k1_silentpayments_recipient_label_serialize(c, out, &label);
    return nb::make_tuple(out_bytes(out, 33), out_bytes(tweak, 32));
}

// The labelled spend public key (33 bytes) for spend_pubkey and a serialized label, or None.
nb::object labeled_spend_pubkey(nb::handle ctxh, nb::handle spend_pubkey, nb::handle label33) {
    secp256k1_context* c = compat_context(ctxh);
    BufferView spend(spend_pubkey, "spend_pubkey");
    BufferView lb = fixed_bytes(label33, "label", 33);
    secp256k1_pubkey pk, res;
    secp256k1_silentpayments_label label;
    if (!parse_pubkey(c, &pk, spend)) throw nb::value_error("spend_pubkey: invalid public key");
    if (!secp256k1_silentpayments_recipient_label_parse(c, &label, lb.data())) throw nb::value_error("label: invalid label point");
    if (!secp256k1_silentpayments_recipient_create_labeled_spend_pubkey(c, &res, &pk, &label)) return nb::none();
    unsigned char out[33];
    size_t len = 33;
    secp256k1_ec_pubkey_serialize(c, out, &len, &res, SECP256K1_EC_COMPRESSED);
    return out_bytes(out, 33);
}

struct LabelCache {
    std::unordered_map<std::string, std::string> by_point;  // label33 -> tweak32
};
const unsigned char* label_lookup(const unsigned char* l33, const void* d) {
    const auto* m = static_cast<const LabelCache*>(d);
    auto it = m->by_point.find(std::string(reinterpret_cast<const char*>(l33), 33));
    return it == m->by_point.end() ? nullptr : reinterpret_cast<const unsigned char*>(it->second.data());
}

// One transaction through secp256k1_silentpayments_recipient_scan_outputs: the inputs' public
// keys (x-only for taproot inputs, full otherwise), the smallest outpoint, the outputs (32-byte
// x-only keys). labels: a dict {label33: label_tweak32} or None. Returns
// [(output index, spend_tweak32, label33 or None)], or None when the module refuses the
// transaction (no eligible keys, keys summing to infinity, an invalid output key).
nb::object recipient_scan_outputs(nb::handle ctxh, nb::sequence outputs, nb::handle scan_key, nb::handle outpoint,
                                  nb::sequence xonly_pubkeys, nb::sequence pubkeys, nb::handle spend_pubkey,
                                  nb::handle labels) {
    secp256k1_context* c = compat_context(ctxh);
    BufferView sk = fixed_bytes(scan_key, "scan_key", 32);
    BufferView op = fixed_bytes(outpoint, "outpoint", 36);
    BufferView sp(spend_pubkey, "spend_pubkey");
    secp256k1_pubkey spend;
    if (!parse_pubkey(c, &spend, sp)) throw nb::value_error("spend_pubkey: invalid public key");
    std::vector<secp256k1_xonly_pubkey> xs;
    for (nb::handle h : xonly_pubkeys) {
        BufferView b = fixed_bytes(h, "x-only input key", 32);
        xs.emplace_back();
        if (!secp256k1_xonly_pubkey_parse(c, &xs.back(), b.data())) return nb::none();
    }
    std::vector<secp256k1_pubkey> ps;
    for (nb::handle h : pubkeys) {
        BufferView b(h, "input public key");
        ps.emplace_back();
        if (!parse_pubkey(c, &ps.back(), b)) return nb::none();
    }
    std::vector<const secp256k1_xonly_pubkey*> xp;
    for (auto& x : xs) xp.push_back(&x);
    std::vector<const secp256k1_pubkey*> pp;
    for (auto& p : ps) pp.push_back(&p);
    if (xp.empty() && pp.empty()) return nb::none();
    secp256k1_silentpayments_prevouts_summary summary;
    if (!secp256k1_silentpayments_recipient_prevouts_summary_create(c, &summary, op.data(), xp.empty() ? nullptr : xp.data(),
                                                                    xp.size(), pp.empty() ? nullptr : pp.data(), pp.size()))
        return nb::none();
    std::vector<secp256k1_xonly_pubkey> outs;
    for (nb::handle h : outputs) {
        BufferView b = fixed_bytes(h, "output", 32);
        outs.emplace_back();
        if (!secp256k1_xonly_pubkey_parse(c, &outs.back(), b.data())) return nb::none();
    }
    if (outs.empty()) return nb::list();
    std::vector<const secp256k1_xonly_pubkey*> op_ptrs;
    for (auto& o : outs) op_ptrs.push_back(&o);
    LabelCache cache;
    if (!labels.is_none()) {
        for (auto kv : nb::cast<nb::dict>(labels)) {
            BufferView k = fixed_bytes(kv.first, "label", 33), v = fixed_bytes(kv.second, "label tweak", 32);
            cache.by_point.emplace(std::string(reinterpret_cast<const char*>(k.data()), 33),
                                   std::string(reinterpret_cast<const char*>(v.data()), 32));
        }
    }
    std::vector<secp256k1_silentpayments_found_output> found(outs.size());
    std::vector<secp256k1_silentpayments_found_output*> fp;
    for (auto& f : found) fp.push_back(&f);
    uint32_t n_found = 0;
    if (!secp256k1_silentpayments_recipient_scan_outputs(c, fp.data(), &n_found, op_ptrs.data(), op_ptrs.size(), sk.data(),
                                                         &summary, &spend, labels.is_none() ? nullptr : label_lookup,
                                                         labels.is_none() ? nullptr : &cache))
        return nb::none();
    nb::list result;
    for (uint32_t k = 0; k < n_found; k++) {
        const auto& f = found[k];
        size_t index = 0;
        while (index < outs.size() && secp256k1_xonly_pubkey_cmp(c, &outs[index], &f.output) != 0) index++;
        nb::object label = nb::none();
        if (f.found_with_label) {
            unsigned char l33[33];
            secp256k1_silentpayments_recipient_label_serialize(c, l33, &f.label);
            label = out_bytes(l33, 33);
        }
        result.append(nb::make_tuple(index, out_bytes(f.tweak, 32), label));
    }
    for (auto& f : found) std::memset(f.tweak, 0, 32);
    return result;
}

}  // namespace

void register_silentpayments(nb::module_& m) {
    nb::class_<SpWallet>(m, "SpWallet", "The batch scanner's wallet (fastsecp_sp_wallet).")
        .def(nb::init<nb::handle, nb::handle, const std::vector<unsigned>&>(), nb::arg("scan_key"),
             nb::arg("spend_pubkey"), nb::arg("labels"))
        .def("scan", &SpWallet::scan, nb::arg("tweaks"), nb::arg("outputs"), nb::arg("offsets"), nb::arg("vartime"),
             nb::arg("threads"), nb::arg("device").none() = nb::none())
        .def_static("from_points", &SpWallet::from_points, nb::arg("scan_key"), nb::arg("spend_pubkey"),
                    nb::arg("label_points"), nb::rv_policy::take_ownership)
        .def("prefilter_columns", &SpWallet::prefilter_columns, nb::arg("tweak_data"), nb::arg("tweak_offsets"),
             nb::arg("prefixes"), nb::arg("prefix_offsets"), nb::arg("vartime"))
        .def("prefilter", &SpWallet::prefilter, nb::arg("tweaks"), nb::arg("prefixes"), nb::arg("offsets"),
             nb::arg("vartime"), nb::arg("threads"), nb::arg("device").none() = nb::none());
    m.def("sp_sender_create_outputs", &sender_create_outputs);
    m.def("sp_label_create", &label_create);
    m.def("sp_labeled_spend_pubkey", &labeled_spend_pubkey);
    m.def("sp_recipient_scan_outputs", &recipient_scan_outputs, nb::arg("ctx"), nb::arg("outputs"), nb::arg("scan_key"),
          nb::arg("outpoint"), nb::arg("xonly_pubkeys"), nb::arg("pubkeys"), nb::arg("spend_pubkey"),
          nb::arg("labels").none());
}

}  // namespace pyfastsecp
