// The protocol modules for Python, on their libsecp256k1-style C APIs: FROST (secp256k1_frost.h,
// BIP-445), ECDSA adaptor signatures (secp256k1_ecdsa_adaptor.h) and DLEQ proofs
// (secp256k1_dleq.h, BIP-374). Bytes in, bytes out; every input is checked here (lengths, parsing)
// and a call the library refuses raises ValueError, so the C API's illegal-argument callback
// (silenced on this module's context anyway) is never the error path.
#include "buffers.h"

#include <secp256k1.h>
#include <secp256k1_dleq.h>
#include <secp256k1_ecdsa_adaptor.h>
#include <secp256k1_extrakeys.h>
#include <secp256k1_frost.h>

#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <sys/random.h>

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

namespace pyfastsecp {
namespace {

// One context for this file, randomized once (the GIL serializes its use; it is never modified
// after creation).
const secp256k1_context* ctx() {
    static secp256k1_context* c = [] {
        secp256k1_context* x = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
        if (x == nullptr) throw std::bad_alloc();
        secp256k1_context_set_illegal_callback(x, [](const char*, void*) {}, nullptr);
        unsigned char seed[32];
        if (getrandom(seed, sizeof seed, 0) == static_cast<ssize_t>(sizeof seed))
            (void)secp256k1_context_randomize(x, seed);
        return x;
    }();
    return c;
}

[[noreturn]] void value_error(const std::string& msg) { throw nb::value_error(msg.c_str()); }

nb::bytes out_bytes(const unsigned char* p, size_t n) { return nb::bytes(reinterpret_cast<const char*>(p), n); }

void wipe(void* p, size_t n) {
    volatile unsigned char* v = static_cast<volatile unsigned char*>(p);
    for (size_t i = 0; i < n; i++) v[i] = 0;
}

secp256k1_pubkey parse_pubkey(nb::handle h, const char* what) {
    BufferView b(h, what);
    secp256k1_pubkey pk;
    if ((b.size() != 33 && b.size() != 65) || !secp256k1_ec_pubkey_parse(ctx(), &pk, b.data(), b.size()))
        value_error(std::string(what) + ": not a valid public key (33 or 65 bytes)");
    return pk;
}

nb::bytes pubkey_bytes(const secp256k1_pubkey& pk) {
    unsigned char out[33];
    size_t len = 33;
    secp256k1_ec_pubkey_serialize(ctx(), out, &len, &pk, SECP256K1_EC_COMPRESSED);
    return out_bytes(out, 33);
}

// An optional fixed-size input: None or exactly `size` bytes.
struct Optional {
    std::optional<BufferView> view;
    Optional(nb::handle h, const char* what, size_t size) {
        if (!h.is_none()) view.emplace(fixed_bytes(h, what, size));
    }
    const unsigned char* data() const { return view ? view->data() : nullptr; }
};

// An optional input of any length: None or bytes-like.
struct OptionalAny {
    std::optional<BufferView> view;
    OptionalAny(nb::handle h, const char* what) {
        if (!h.is_none()) view.emplace(h, what);
    }
    const unsigned char* data() const { return view && view->size() ? view->data() : nullptr; }
    size_t size() const { return view ? view->size() : 0; }
};

// --- FROST ---------------------------------------------------------------------------------------

const char* frost_error_text(int err) {
    switch (err) {
        case SECP256K1_FROST_ERR_THRESHOLD: return "the threshold is not between 1 and n";
        case SECP256K1_FROST_ERR_SIGNER_COUNT: return "the number of signers is not between t and n";
        case SECP256K1_FROST_ERR_ID_RANGE: return "a participant id is not below n";
        case SECP256K1_FROST_ERR_DUPLICATE_IDS: return "a participant id occurs twice";
        case SECP256K1_FROST_ERR_THRESH_INFINITY: return "the public shares interpolate to infinity";
        case SECP256K1_FROST_ERR_KEY_MATERIAL: return "the public shares do not belong to the threshold key";
        default: return "invalid signer set";
    }
}

// A signer set: ids and parsed public shares, with the pointer array the C API takes.
struct SignerSet {
    std::vector<uint32_t> ids;
    std::vector<secp256k1_pubkey> keys;
    std::vector<const secp256k1_pubkey*> ptrs;
    SignerSet(const std::vector<uint32_t>& ids_in, nb::sequence pubshares) : ids(ids_in) {
        if (nb::len(pubshares) != ids.size()) value_error("ids and pubshares must have the same length");
        if (ids.empty()) value_error("the signer set is empty");
        for (nb::handle h : pubshares) keys.push_back(parse_pubkey(h, "pubshare"));
        for (auto& k : keys) ptrs.push_back(&k);
    }
    size_t size() const { return ids.size(); }
    // Raises ValueError naming BIP-445's error when the set does not fit (n, t, thresh_pk).
    void validate(uint32_t n, uint32_t t, const secp256k1_pubkey& thresh_pk) const {
        int err = 0;
        size_t index = SIZE_MAX;
        if (!secp256k1_frost_signers_validate(ctx(), &err, &index, n, t, ids.data(), ptrs.data(), ids.size(), &thresh_pk))
            value_error(std::string("invalid signer set: ") + frost_error_text(err));
    }
};

class FrostTweakCache {
public:
    explicit FrostTweakCache(nb::handle thresh_pk) {
        secp256k1_pubkey pk = parse_pubkey(thresh_pk, "thresh_pk");
        if (!secp256k1_frost_tweak_cache_init(ctx(), &cache_, &pk)) value_error("thresh_pk: invalid threshold key");
    }
    nb::bytes pubkey() const {
        secp256k1_pubkey pk;
        if (!secp256k1_frost_pubkey_get(ctx(), &pk, &cache_)) value_error("invalid tweak cache");
        return pubkey_bytes(pk);
    }
    nb::bytes ec_tweak_add(nb::handle tweak) { return tweak_add(tweak, false); }
    nb::bytes xonly_tweak_add(nb::handle tweak) { return tweak_add(tweak, true); }
    const secp256k1_frost_tweak_cache* get() const { return &cache_; }

private:
    nb::bytes tweak_add(nb::handle tweak, bool xonly) {
        BufferView t = fixed_bytes(tweak, "tweak", 32);
        secp256k1_pubkey out;
        const int ok = xonly ? secp256k1_frost_pubkey_xonly_tweak_add(ctx(), &out, &cache_, t.data())
                             : secp256k1_frost_pubkey_ec_tweak_add(ctx(), &out, &cache_, t.data());
        if (!ok) value_error("tweak: not below the group order, or the tweaked key is infinity");
        return pubkey_bytes(out);
    }
    secp256k1_frost_tweak_cache cache_;
};

const secp256k1_frost_tweak_cache* tweak_cache_of(nb::handle h) {
    return h.is_none() ? nullptr : nb::cast<const FrostTweakCache&>(h).get();
}

// A secret nonce: not copyable, not picklable, usable for one partial signature.
class FrostSecNonce {
public:
    FrostSecNonce() { std::memset(&n_, 0, sizeof n_); }
    ~FrostSecNonce() { wipe(&n_, sizeof n_); }
    FrostSecNonce(const FrostSecNonce&) = delete;
    FrostSecNonce& operator=(const FrostSecNonce&) = delete;
    bool used() const { return used_; }
    secp256k1_frost_secnonce* take() {
        if (used_) value_error("this secret nonce was already used (a nonce signs once)");
        used_ = true;
        return &n_;
    }
    secp256k1_frost_secnonce* raw() { return &n_; }

private:
    secp256k1_frost_secnonce n_;
    bool used_ = false;
};

nb::tuple frost_shares_gen(nb::handle seed, uint32_t t, uint32_t n) {
    BufferView s = fixed_bytes(seed, "seed", 32);
    if (t < 1 || t > n) value_error("t must be between 1 and n");
    if (n > 10000) value_error("n must be at most 10000");
    std::vector<unsigned char> sec(32 * static_cast<size_t>(n));
    std::vector<secp256k1_pubkey> pub(n);
    secp256k1_pubkey thresh;
    if (!secp256k1_frost_shares_gen(ctx(), sec.data(), pub.data(), &thresh, s.data(), t, n))
        value_error("key split failed (a polynomial coefficient was zero)");
    nb::list secs, pubs;
    for (uint32_t i = 0; i < n; i++) {
        secs.append(out_bytes(&sec[32 * static_cast<size_t>(i)], 32));
        pubs.append(pubkey_bytes(pub[i]));
    }
    wipe(sec.data(), sec.size());
    return nb::make_tuple(pubkey_bytes(thresh), secs, pubs);
}

void frost_signers_validate(uint32_t n, uint32_t t, const std::vector<uint32_t>& ids, nb::sequence pubshares,
                            nb::handle thresh_pk) {
    SignerSet set(ids, pubshares);
    set.validate(n, t, parse_pubkey(thresh_pk, "thresh_pk"));
}

// (FrostSecNonce, pubnonce66)
nb::tuple frost_nonce_gen(nb::handle session_secrand, nb::handle secshare, nb::handle pubshare, nb::handle tweak_cache,
                          nb::handle msg, nb::handle extra_input) {
    BufferView rand = fixed_bytes(session_secrand, "session_secrand", 32);
    unsigned char r[32];
    std::memcpy(r, rand.data(), 32);
    bool zero = true;
    for (unsigned char b : r) zero = zero && b == 0;
    if (zero) value_error("session_secrand: all zero");
    Optional share(secshare, "secshare", 32);
    secp256k1_pubkey pk;
    if (!pubshare.is_none()) pk = parse_pubkey(pubshare, "pubshare");
    OptionalAny m(msg, "msg"), extra(extra_input, "extra_input");
    auto* sn = new FrostSecNonce();
    nb::object owner = nb::cast(sn, nb::rv_policy::take_ownership);
    secp256k1_frost_pubnonce pn;
    const int ok = secp256k1_frost_nonce_gen(ctx(), sn->raw(), &pn, r, share.data(), pubshare.is_none() ? nullptr : &pk,
                                             tweak_cache_of(tweak_cache), m.data(), m.size(), extra.data(), extra.size());
    wipe(r, 32);
    if (!ok) value_error("nonce generation failed (secshare is not a valid secret)");
    unsigned char out[66];
    secp256k1_frost_pubnonce_serialize(ctx(), out, &pn);
    return nb::make_tuple(owner, out_bytes(out, 66));
}

secp256k1_frost_pubnonce parse_pubnonce(nb::handle h, const char* what) {
    BufferView b = fixed_bytes(h, what, 66);
    secp256k1_frost_pubnonce n;
    if (!secp256k1_frost_pubnonce_parse(ctx(), &n, b.data())) value_error(std::string(what) + ": invalid public nonce");
    return n;
}

nb::bytes frost_nonce_agg(nb::sequence pubnonces) {
    std::vector<secp256k1_frost_pubnonce> ns;
    size_t i = 0;
    for (nb::handle h : pubnonces) {
        const std::string what = "pubnonces[" + std::to_string(i++) + "]";
        ns.push_back(parse_pubnonce(h, what.c_str()));
    }
    if (ns.empty()) value_error("pubnonces: at least one public nonce is needed");
    std::vector<const secp256k1_frost_pubnonce*> ptrs;
    for (auto& n : ns) ptrs.push_back(&n);
    secp256k1_frost_aggnonce agg;
    if (!secp256k1_frost_nonce_agg(ctx(), &agg, ptrs.data(), ptrs.size())) value_error("nonce aggregation failed");
    unsigned char out[66];
    secp256k1_frost_aggnonce_serialize(ctx(), out, &agg);
    return out_bytes(out, 66);
}

// A signing session (BIP-445 GetSessionValues) with the signer set it was made for.
class FrostSession {
public:
    FrostSession(nb::handle aggnonce, nb::handle msg, uint32_t n, uint32_t t, const std::vector<uint32_t>& ids,
                 nb::sequence pubshares, nb::handle thresh_pk, nb::handle tweak_cache)
        : set_(ids, pubshares) {
        BufferView a = fixed_bytes(aggnonce, "aggnonce", 66);
        secp256k1_frost_aggnonce agg;
        if (!secp256k1_frost_aggnonce_parse(ctx(), &agg, a.data())) value_error("aggnonce: invalid aggregate nonce");
        BufferView m(msg, "msg");
        const secp256k1_pubkey pk = parse_pubkey(thresh_pk, "thresh_pk");
        set_.validate(n, t, pk);
        if (!secp256k1_frost_nonce_process(ctx(), &session_, &agg, m.size() ? m.data() : nullptr, m.size(), n, t,
                                           set_.ids.data(), set_.ptrs.data(), set_.size(), &pk,
                                           tweak_cache_of(tweak_cache)))
            value_error("session: the tweak cache belongs to another threshold key");
    }

    nb::bytes partial_sign(FrostSecNonce& secnonce, nb::handle secshare, uint32_t my_id) {
        BufferView s = fixed_bytes(secshare, "secshare", 32);
        secp256k1_frost_secnonce* sn = secnonce.take();  // used up whatever happens next
        secp256k1_frost_partial_sig ps;
        if (!secp256k1_frost_partial_sign(ctx(), &ps, sn, s.data(), my_id, &session_, set_.ids.data(), set_.ptrs.data(),
                                          set_.size()))
            value_error("partial signing failed: my_id is not a signer, or secshare is invalid or does not match "
                        "a public share of the set (the secret nonce is used up)");
        unsigned char out[32];
        secp256k1_frost_partial_sig_serialize(ctx(), out, &ps);
        return out_bytes(out, 32);
    }

    bool partial_sig_verify(nb::handle psig, nb::handle pubnonce, size_t signer_index) {
        BufferView p = fixed_bytes(psig, "psig", 32);
        if (signer_index >= set_.size()) value_error("signer_index: not a position in the signer set");
        const secp256k1_frost_pubnonce pn = parse_pubnonce(pubnonce, "pubnonce");
        secp256k1_frost_partial_sig ps;
        if (!secp256k1_frost_partial_sig_parse(ctx(), &ps, p.data())) return false;  // >= n: invalid, blame the signer
        return secp256k1_frost_partial_sig_verify(ctx(), &ps, &pn, signer_index, &session_, set_.ids.data(),
                                                  set_.ptrs.data(), set_.size()) == 1;
    }

    nb::bytes partial_sig_agg(nb::sequence psigs) {
        std::vector<secp256k1_frost_partial_sig> ps;
        size_t i = 0;
        for (nb::handle h : psigs) {
            BufferView b = fixed_bytes(h, "psig", 32);
            ps.emplace_back();
            if (!secp256k1_frost_partial_sig_parse(ctx(), &ps.back(), b.data()))
                value_error("psigs[" + std::to_string(i) + "]: not below the group order");
            i++;
        }
        if (ps.size() != set_.size()) value_error("psigs: one partial signature per signer is needed");
        std::vector<const secp256k1_frost_partial_sig*> ptrs;
        for (auto& p : ps) ptrs.push_back(&p);
        unsigned char sig[64];
        if (!secp256k1_frost_partial_sig_agg(ctx(), sig, &session_, ptrs.data(), ptrs.size()))
            value_error("aggregation failed");
        return out_bytes(sig, 64);
    }

private:
    SignerSet set_;
    secp256k1_frost_session session_;
};

// (pubnonce66, psig32) of DeterministicSign.
nb::tuple frost_deterministic_sign(nb::handle secshare, uint32_t my_id, nb::handle aggothernonce, nb::handle aux_rand,
                                   nb::handle msg, uint32_t n, uint32_t t, const std::vector<uint32_t>& ids,
                                   nb::sequence pubshares, nb::handle thresh_pk, nb::handle tweak_cache) {
    BufferView s = fixed_bytes(secshare, "secshare", 32);
    Optional aux(aux_rand, "aux_rand", 32);
    BufferView m(msg, "msg");
    SignerSet set(ids, pubshares);
    const secp256k1_pubkey pk = parse_pubkey(thresh_pk, "thresh_pk");
    set.validate(n, t, pk);
    secp256k1_frost_aggnonce other;
    if (!aggothernonce.is_none()) {
        BufferView a = fixed_bytes(aggothernonce, "aggothernonce", 66);
        if (!secp256k1_frost_aggnonce_parse(ctx(), &other, a.data())) value_error("aggothernonce: invalid aggregate nonce");
    }
    secp256k1_frost_partial_sig ps;
    secp256k1_frost_pubnonce pn;
    if (!secp256k1_frost_deterministic_sign(ctx(), &ps, &pn, s.data(), my_id, aggothernonce.is_none() ? nullptr : &other,
                                            aux.data(), m.size() ? m.data() : nullptr, m.size(), n, t, set.ids.data(),
                                            set.ptrs.data(), set.size(), &pk, tweak_cache_of(tweak_cache)))
        value_error("deterministic signing failed: my_id is not a signer, secshare is invalid or does not match its "
                    "public share, or aggothernonce has an infinite half");
    unsigned char pno[66], pso[32];
    secp256k1_frost_pubnonce_serialize(ctx(), pno, &pn);
    secp256k1_frost_partial_sig_serialize(ctx(), pso, &ps);
    return nb::make_tuple(out_bytes(pno, 66), out_bytes(pso, 32));
}

// --- ECDSA adaptor signatures ----------------------------------------------------------------------

nb::bytes adaptor_encrypt(nb::handle seckey, nb::handle enckey, nb::handle msg32, nb::handle aux_rand) {
    BufferView sk = fixed_bytes(seckey, "seckey", 32);
    const secp256k1_pubkey ek = parse_pubkey(enckey, "enckey");
    BufferView m = fixed_bytes(msg32, "msg32", 32);
    Optional aux(aux_rand, "aux_rand", 32);
    unsigned char key[32], sig[162];
    std::memcpy(key, sk.data(), 32);
    const int ok = secp256k1_ecdsa_adaptor_encrypt(ctx(), sig, key, &ek, m.data(), nullptr,
                                                   const_cast<unsigned char*>(aux.data()));
    wipe(key, 32);
    if (!ok) value_error("seckey: not a valid secret key (0 or >= the group order)");
    return out_bytes(sig, 162);
}

bool adaptor_verify(nb::handle adaptor_sig, nb::handle pubkey, nb::handle msg32, nb::handle enckey) {
    BufferView a = fixed_bytes(adaptor_sig, "adaptor_sig", 162);
    const secp256k1_pubkey pk = parse_pubkey(pubkey, "pubkey");
    BufferView m = fixed_bytes(msg32, "msg32", 32);
    const secp256k1_pubkey ek = parse_pubkey(enckey, "enckey");
    return secp256k1_ecdsa_adaptor_verify(ctx(), a.data(), &pk, m.data(), &ek) == 1;
}

// The decrypted signature, 64-byte compact (r || s, low s).
nb::bytes adaptor_decrypt(nb::handle adaptor_sig, nb::handle deckey) {
    BufferView a = fixed_bytes(adaptor_sig, "adaptor_sig", 162);
    BufferView d = fixed_bytes(deckey, "deckey", 32);
    secp256k1_ecdsa_signature sig;
    if (!secp256k1_ecdsa_adaptor_decrypt(ctx(), &sig, d.data(), a.data()))
        value_error("decryption failed: deckey is 0 or >= the group order, or adaptor_sig is malformed");
    unsigned char out[64];
    secp256k1_ecdsa_signature_serialize_compact(ctx(), out, &sig);
    return out_bytes(out, 64);
}

nb::bytes adaptor_recover(nb::handle signature, nb::handle adaptor_sig, nb::handle enckey) {
    BufferView s = fixed_bytes(signature, "signature", 64);
    BufferView a = fixed_bytes(adaptor_sig, "adaptor_sig", 162);
    const secp256k1_pubkey ek = parse_pubkey(enckey, "enckey");
    secp256k1_ecdsa_signature sig;
    if (!secp256k1_ecdsa_signature_parse_compact(ctx(), &sig, s.data())) value_error("signature: r or s not below the group order");
    unsigned char out[32];
    if (!secp256k1_ecdsa_adaptor_recover(ctx(), out, &sig, a.data(), &ek))
        value_error("recovery failed: the signature was not decrypted from this adaptor signature and encryption key");
    nb::bytes r = out_bytes(out, 32);
    wipe(out, 32);
    return r;
}

// --- DLEQ (BIP-374) --------------------------------------------------------------------------------

nb::bytes dleq_prove(nb::handle seckey, nb::handle B, nb::handle aux_rand, nb::handle msg32, nb::handle G) {
    BufferView sk = fixed_bytes(seckey, "seckey", 32);
    const secp256k1_pubkey b = parse_pubkey(B, "B");
    Optional aux(aux_rand, "aux_rand", 32), m(msg32, "msg", 32);
    unsigned char proof[64];
    int ok;
    if (G.is_none()) {
        ok = secp256k1_dleq_prove(ctx(), proof, sk.data(), &b, aux.data(), m.data());
    } else {
        const secp256k1_pubkey g = parse_pubkey(G, "G");
        ok = secp256k1_dleq_prove_with_base(ctx(), proof, sk.data(), &g, &b, aux.data(), m.data());
    }
    if (!ok) value_error("seckey: not a valid secret key (0 or >= the group order)");
    return out_bytes(proof, 64);
}

bool dleq_verify(nb::handle proof, nb::handle A, nb::handle B, nb::handle C, nb::handle msg32, nb::handle G) {
    BufferView p = fixed_bytes(proof, "proof", 64);
    const secp256k1_pubkey a = parse_pubkey(A, "A"), b = parse_pubkey(B, "B"), c = parse_pubkey(C, "C");
    Optional m(msg32, "msg", 32);
    if (G.is_none()) return secp256k1_dleq_verify(ctx(), p.data(), &a, &b, &c, m.data()) == 1;
    const secp256k1_pubkey g = parse_pubkey(G, "G");
    return secp256k1_dleq_verify_with_base(ctx(), p.data(), &g, &a, &b, &c, m.data()) == 1;
}

}  // namespace

void register_protocols(nb::module_& m) {
    nb::class_<FrostTweakCache>(m, "FrostTweakCache", "A FROST tweak context (BIP-445 TweakCtxInit).")
        .def(nb::init<nb::handle>(), nb::arg("thresh_pk"))
        .def("pubkey", &FrostTweakCache::pubkey)
        .def("ec_tweak_add", &FrostTweakCache::ec_tweak_add, nb::arg("tweak"))
        .def("xonly_tweak_add", &FrostTweakCache::xonly_tweak_add, nb::arg("tweak"));
    nb::class_<FrostSecNonce>(m, "FrostSecNonce", "A FROST secret nonce (opaque; signs once).")
        .def_prop_ro("used", &FrostSecNonce::used, "Whether this nonce has signed (it signs once).")
        .def("__copy__", [](const FrostSecNonce&) -> nb::object { throw nb::type_error("a secret nonce cannot be copied"); })
        .def("__deepcopy__",
             [](const FrostSecNonce&, nb::handle) -> nb::object { throw nb::type_error("a secret nonce cannot be copied"); })
        .def("__reduce__", [](const FrostSecNonce&) -> nb::object { throw nb::type_error("a secret nonce cannot be pickled"); });
    nb::class_<FrostSession>(m, "FrostSession", "A FROST signing session (BIP-445 GetSessionValues).")
        .def(nb::init<nb::handle, nb::handle, uint32_t, uint32_t, const std::vector<uint32_t>&, nb::sequence, nb::handle,
                      nb::handle>(),
             nb::arg("aggnonce"), nb::arg("msg"), nb::arg("n"), nb::arg("t"), nb::arg("ids"), nb::arg("pubshares"),
             nb::arg("thresh_pk"), nb::arg("tweak_cache").none())
        .def("partial_sign", &FrostSession::partial_sign, nb::arg("secnonce"), nb::arg("secshare"), nb::arg("my_id"))
        .def("partial_sig_verify", &FrostSession::partial_sig_verify, nb::arg("psig"), nb::arg("pubnonce"),
             nb::arg("signer_index"))
        .def("partial_sig_agg", &FrostSession::partial_sig_agg, nb::arg("psigs"));
    m.def("frost_shares_gen", &frost_shares_gen, nb::arg("seed"), nb::arg("t"), nb::arg("n"));
    m.def("frost_signers_validate", &frost_signers_validate, nb::arg("n"), nb::arg("t"), nb::arg("ids"),
          nb::arg("pubshares"), nb::arg("thresh_pk"));
    m.def("frost_nonce_gen", &frost_nonce_gen, nb::arg("session_secrand"), nb::arg("secshare").none(),
          nb::arg("pubshare").none(), nb::arg("tweak_cache").none(), nb::arg("msg").none(), nb::arg("extra_input").none());
    m.def("frost_nonce_agg", &frost_nonce_agg, nb::arg("pubnonces"));
    m.def("frost_deterministic_sign", &frost_deterministic_sign, nb::arg("secshare"), nb::arg("my_id"),
          nb::arg("aggothernonce").none(), nb::arg("aux_rand").none(), nb::arg("msg"), nb::arg("n"), nb::arg("t"),
          nb::arg("ids"), nb::arg("pubshares"), nb::arg("thresh_pk"), nb::arg("tweak_cache").none());
    m.def("adaptor_encrypt", &adaptor_encrypt, nb::arg("seckey"), nb::arg("enckey"), nb::arg("msg32"),
          nb::arg("aux_rand").none());
    m.def("adaptor_verify", &adaptor_verify, nb::arg("adaptor_sig"), nb::arg("pubkey"), nb::arg("msg32"), nb::arg("enckey"));
    m.def("adaptor_decrypt", &adaptor_decrypt, nb::arg("adaptor_sig"), nb::arg("deckey"));
    m.def("adaptor_recover", &adaptor_recover, nb::arg("signature"), nb::arg("adaptor_sig"), nb::arg("enckey"));
    m.def("dleq_prove", &dleq_prove, nb::arg("seckey"), nb::arg("B"), nb::arg("aux_rand").none(), nb::arg("msg").none(),
          nb::arg("G").none());
    m.def("dleq_verify", &dleq_verify, nb::arg("proof"), nb::arg("A"), nb::arg("B"), nb::arg("C"), nb::arg("msg").none(),
          nb::arg("G").none());
}

}  // namespace pyfastsecp
