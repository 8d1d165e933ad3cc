// The libsecp256k1-compatible calls (include/secp256k1*.h) that fastsecp.coincurve is built on.
// Opaque objects (public keys, signatures) are small Python classes holding the C structs; byte
// strings cross as bytes. Each function does one library operation (or a fixed short sequence of
// them) and reports failure as None / False / a negative code; the Python layer raises the
// exceptions coincurve raises, with its messages.
#include "native.h"

#include <secp256k1.h>
#include <secp256k1_ecdh.h>
#include <secp256k1_extrakeys.h>
#include <secp256k1_recovery.h>
#include <secp256k1_schnorrsig.h>

#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <cstring>
#include <string>
#include <vector>

namespace pyfastsecp {

namespace {

// A libsecp256k1 context for the coincurve layer. Illegal arguments never abort the process:
// the callback does nothing and the call returns 0.
struct Context {
    secp256k1_context* ctx;
    Context() {
        ctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
        if (ctx == nullptr) throw std::bad_alloc();
        secp256k1_context_set_illegal_callback(ctx, [](const char*, void*) {}, nullptr);
    }
    ~Context() { secp256k1_context_destroy(ctx); }
    Context(const Context&) = delete;
    Context& operator=(const Context&) = delete;
};

struct Pubkey { secp256k1_pubkey v; };
struct XonlyPubkey { secp256k1_xonly_pubkey v; };
struct EcdsaSignature { secp256k1_ecdsa_signature v; };
struct RecoverableSignature { secp256k1_ecdsa_recoverable_signature v; };

const unsigned char* u8(const nb::bytes& b) { return reinterpret_cast<const unsigned char*>(b.c_str()); }
nb::bytes out_bytes(const unsigned char* p, size_t n) { return nb::bytes(reinterpret_cast<const char*>(p), n); }

// Optional 32-byte input (None, or bytes of length 32): NULL for None; `ok` false otherwise.
const unsigned char* opt32(const nb::handle& h, bool& ok) {
    ok = true;
    if (h.is_none()) return nullptr;
    if (!PyBytes_Check(h.ptr())) throw nb::type_error("expected bytes or None");
    if (PyBytes_GET_SIZE(h.ptr()) != 32) {
        ok = false;
        return nullptr;
    }
    return reinterpret_cast<const unsigned char*>(PyBytes_AS_STRING(h.ptr()));
}

nb::object pubkey_parse(Context& c, const nb::bytes& data) {
    Pubkey pk;
    if (!secp256k1_ec_pubkey_parse(c.ctx, &pk.v, u8(data), data.size())) return nb::none();
    return nb::cast(pk);
}

nb::object pubkey_create(Context& c, const nb::bytes& secret) {
    Pubkey pk;
    if (secret.size() != 32 || !secp256k1_ec_pubkey_create(c.ctx, &pk.v, u8(secret))) return nb::none();
    return nb::cast(pk);
}

nb::bytes pubkey_serialize(Context& c, const Pubkey& pk, bool compressed) {
    unsigned char out[65];
    size_t len = compressed ? 33 : 65;
    if (!secp256k1_ec_pubkey_serialize(c.ctx, out, &len, &pk.v,
                                       compressed ? SECP256K1_EC_COMPRESSED : SECP256K1_EC_UNCOMPRESSED))
        std::memset(out, 0, sizeof out);
    return out_bytes(out, compressed ? 33 : 65);
}

nb::object pubkey_tweak_add(Context& c, const Pubkey& pk, const nb::bytes& tweak) {
    Pubkey r = pk;
    if (tweak.size() != 32 || !secp256k1_ec_pubkey_tweak_add(c.ctx, &r.v, u8(tweak))) return nb::none();
    return nb::cast(r);
}

nb::object pubkey_tweak_mul(Context& c, const Pubkey& pk, const nb::bytes& tweak) {
    Pubkey r = pk;
    if (tweak.size() != 32 || !secp256k1_ec_pubkey_tweak_mul(c.ctx, &r.v, u8(tweak))) return nb::none();
    return nb::cast(r);
}

nb::object pubkey_combine(Context& c, const std::vector<const Pubkey*>& keys) {
    std::vector<const secp256k1_pubkey*> ptrs;
    ptrs.reserve(keys.size());
    for (const Pubkey* k : keys) {
        if (k == nullptr) return nb::none();
        ptrs.push_back(&k->v);
    }
    Pubkey r;
    if (ptrs.empty() || !secp256k1_ec_pubkey_combine(c.ctx, &r.v, ptrs.data(), ptrs.size())) return nb::none();
    return nb::cast(r);
}

int pubkey_cmp(Context& c, const Pubkey& a, const Pubkey& b) { return secp256k1_ec_pubkey_cmp(c.ctx, &a.v, &b.v); }

nb::object seckey_tweak(Context& c, const nb::bytes& secret, const nb::bytes& tweak, bool mul) {
    if (secret.size() != 32 || tweak.size() != 32) return nb::none();
    unsigned char s[32];
    std::memcpy(s, u8(secret), 32);
    const int ok = mul ? secp256k1_ec_seckey_tweak_mul(c.ctx, s, u8(tweak))
                       : secp256k1_ec_seckey_tweak_add(c.ctx, s, u8(tweak));
    nb::object r = ok ? nb::object(out_bytes(s, 32)) : nb::object(nb::none());
    std::memset(s, 0, sizeof s);
    return r;
}

// ECDSA signing with RFC 6979 nonces (ndata: None or 32 bytes of extra entropy).
nb::object ecdsa_sign(Context& c, const nb::bytes& msghash, const nb::bytes& secret, nb::handle ndata) {
    bool ok;
    const unsigned char* nd = opt32(ndata, ok);
    EcdsaSignature sig;
    if (!ok || msghash.size() != 32 || secret.size() != 32 ||
        !secp256k1_ecdsa_sign(c.ctx, &sig.v, u8(msghash), u8(secret), nullptr, nd))
        return nb::none();
    return nb::cast(sig);
}

nb::bytes ecdsa_serialize_der(Context& c, const EcdsaSignature& sig) {
    unsigned char der[72];
    size_t len = sizeof der;
    if (!secp256k1_ecdsa_signature_serialize_der(c.ctx, der, &len, &sig.v)) len = 0;
    return out_bytes(der, len);
}

// Sign and serialize to DER in one call (PrivateKey.sign's path).
nb::object ecdsa_sign_der(Context& c, const nb::bytes& msghash, const nb::bytes& secret, nb::handle ndata) {
    bool ok;
    const unsigned char* nd = opt32(ndata, ok);
    secp256k1_ecdsa_signature sig;
    if (!ok || msghash.size() != 32 || secret.size() != 32 ||
        !secp256k1_ecdsa_sign(c.ctx, &sig, u8(msghash), u8(secret), nullptr, nd))
        return nb::none();
    unsigned char der[72];
    size_t len = sizeof der;
    secp256k1_ecdsa_signature_serialize_der(c.ctx, der, &len, &sig);
    return out_bytes(der, len);
}

nb::object ecdsa_parse_der(Context& c, const nb::bytes& der) {
    EcdsaSignature sig;
    if (!secp256k1_ecdsa_signature_parse_der(c.ctx, &sig.v, u8(der), der.size())) return nb::none();
    return nb::cast(sig);
}

nb::bytes ecdsa_serialize_compact(Context& c, const EcdsaSignature& sig) {
    unsigned char out[64];
    if (!secp256k1_ecdsa_signature_serialize_compact(c.ctx, out, &sig.v)) std::memset(out, 0, 64);
    return out_bytes(out, 64);
}

nb::object ecdsa_parse_compact(Context& c, const nb::bytes& data) {
    EcdsaSignature sig;
    if (data.size() != 64 || !secp256k1_ecdsa_signature_parse_compact(c.ctx, &sig.v, u8(data))) return nb::none();
    return nb::cast(sig);
}

nb::tuple ecdsa_normalize(Context& c, const EcdsaSignature& sig) {
    EcdsaSignature out;
    const int changed = secp256k1_ecdsa_signature_normalize(c.ctx, &out.v, &sig.v);
    return nb::make_tuple(changed != 0, out);
}

bool ecdsa_verify(Context& c, const EcdsaSignature& sig, const nb::bytes& msghash, const Pubkey& pk) {
    return msghash.size() == 32 && secp256k1_ecdsa_verify(c.ctx, &sig.v, u8(msghash), &pk.v);
}

// PublicKey.verify's path: -1 when the DER signature does not parse, else 0 / 1.
int ecdsa_verify_der(Context& c, const nb::bytes& der, const nb::bytes& msghash, const Pubkey& pk) {
    secp256k1_ecdsa_signature sig;
    if (!secp256k1_ecdsa_signature_parse_der(c.ctx, &sig, u8(der), der.size())) return -1;
    return msghash.size() == 32 && secp256k1_ecdsa_verify(c.ctx, &sig, u8(msghash), &pk.v);
}

// verify_signature's path, checks in coincurve's order: -3 public key does not parse, -2 message
// hash not 32 bytes, -1 DER signature does not parse, else 0 / 1.
int verify_signature(Context& c, const nb::bytes& der, const nb::bytes& msghash, const nb::bytes& pubkey) {
    secp256k1_pubkey pk;
    if (!secp256k1_ec_pubkey_parse(c.ctx, &pk, u8(pubkey), pubkey.size())) return -3;
    if (msghash.size() != 32) return -2;
    secp256k1_ecdsa_signature sig;
    if (!secp256k1_ecdsa_signature_parse_der(c.ctx, &sig, u8(der), der.size())) return -1;
    return secp256k1_ecdsa_verify(c.ctx, &sig, u8(msghash), &pk);
}

nb::object ecdsa_sign_recoverable(Context& c, const nb::bytes& msghash, const nb::bytes& secret, nb::handle ndata) {
    bool ok;
    const unsigned char* nd = opt32(ndata, ok);
    RecoverableSignature sig;
    if (!ok || msghash.size() != 32 || secret.size() != 32 ||
        !secp256k1_ecdsa_sign_recoverable(c.ctx, &sig.v, u8(msghash), u8(secret), nullptr, nd))
        return nb::none();
    return nb::cast(sig);
}

nb::bytes recoverable_serialize(Context& c, const RecoverableSignature& sig) {
    unsigned char out[65];
    int recid = 0;
    if (!secp256k1_ecdsa_recoverable_signature_serialize_compact(c.ctx, out, &recid, &sig.v)) std::memset(out, 0, 64);
    out[64] = static_cast<unsigned char>(recid);
    return out_bytes(out, 65);
}

nb::object recoverable_parse(Context& c, const nb::bytes& sig64, int recid) {
    RecoverableSignature sig;
    if (sig64.size() != 64 ||
        !secp256k1_ecdsa_recoverable_signature_parse_compact(c.ctx, &sig.v, u8(sig64), recid))
        return nb::none();
    return nb::cast(sig);
}

nb::object ecdsa_recover(Context& c, const RecoverableSignature& sig, const nb::bytes& msghash) {
    Pubkey pk;
    if (msghash.size() != 32 || !secp256k1_ecdsa_recover(c.ctx, &pk.v, &sig.v, u8(msghash))) return nb::none();
    return nb::cast(pk);
}

EcdsaSignature recoverable_convert(Context& c, const RecoverableSignature& sig) {
    EcdsaSignature out;
    secp256k1_ecdsa_recoverable_signature_convert(c.ctx, &out.v, &sig.v);
    return out;
}

nb::object ecdh(Context& c, const Pubkey& pk, const nb::bytes& secret) {
    unsigned char out[32];
    if (secret.size() != 32 || !secp256k1_ecdh(c.ctx, out, &pk.v, u8(secret), nullptr, nullptr)) return nb::none();
    return out_bytes(out, 32);
}

// (x-only key, parity) of a secret key through a keypair; None when the secret is invalid.
nb::object keypair_xonly(Context& c, const nb::bytes& secret) {
    secp256k1_keypair kp;
    XonlyPubkey xo;
    int parity = 0;
    if (secret.size() != 32 || !secp256k1_keypair_create(c.ctx, &kp, u8(secret))) return nb::none();
    secp256k1_keypair_xonly_pub(c.ctx, &xo.v, &parity, &kp);
    std::memset(&kp, 0, sizeof kp);
    return nb::make_tuple(xo, parity != 0);
}

// BIP-340 signing as PrivateKey.sign_schnorr does it: keypair, sign32, then verify against the
// key's x-only public key. Returns (code, signature): 0 ok, 1 secret invalid, 2 signing failed,
// 3 verification failed.
nb::tuple schnorr_sign(Context& c, const nb::bytes& msg32, const nb::bytes& secret, nb::handle aux) {
    bool ok;
    const unsigned char* a = opt32(aux, ok);
    secp256k1_keypair kp;
    unsigned char sig[64] = {0};
    if (secret.size() != 32 || !secp256k1_keypair_create(c.ctx, &kp, u8(secret)))
        return nb::make_tuple(1, nb::none());
    int code = 0;
    secp256k1_xonly_pubkey xo;
    if (!ok || msg32.size() != 32 || !secp256k1_schnorrsig_sign32(c.ctx, sig, u8(msg32), &kp, a)) {
        code = 2;
    } else if (!secp256k1_keypair_xonly_pub(c.ctx, &xo, nullptr, &kp) ||
               !secp256k1_schnorrsig_verify(c.ctx, sig, u8(msg32), 32, &xo)) {
        code = 3;
    }
    std::memset(&kp, 0, sizeof kp);
    if (code) return nb::make_tuple(code, nb::none());
    return nb::make_tuple(0, out_bytes(sig, 64));
}

bool schnorr_verify(Context& c, const nb::bytes& sig, const nb::bytes& msg, const XonlyPubkey& pk) {
    return sig.size() == 64 && secp256k1_schnorrsig_verify(c.ctx, u8(sig), u8(msg), msg.size(), &pk.v);
}

nb::object xonly_parse(Context& c, const nb::bytes& data) {
    XonlyPubkey xo;
    if (data.size() != 32 || !secp256k1_xonly_pubkey_parse(c.ctx, &xo.v, u8(data))) return nb::none();
    return nb::cast(xo);
}

nb::object xonly_serialize(Context& c, const XonlyPubkey& xo) {
    unsigned char out[32];
    if (!secp256k1_xonly_pubkey_serialize(c.ctx, out, &xo.v)) return nb::none();
    return out_bytes(out, 32);
}

// x-only tweak: (new x-only key, parity) of xo + tweak*G, None when it fails.
nb::object xonly_tweak_add(Context& c, const XonlyPubkey& xo, const nb::bytes& tweak) {
    secp256k1_pubkey full;
    XonlyPubkey r;
    int parity = 0;
    if (tweak.size() != 32 || !secp256k1_xonly_pubkey_tweak_add(c.ctx, &full, &xo.v, u8(tweak))) return nb::none();
    secp256k1_xonly_pubkey_from_pubkey(c.ctx, &r.v, &parity, &full);
    return nb::make_tuple(r, parity != 0);
}

// The x-only key of a full public key, with the parity of its y.
nb::tuple xonly_from_pubkey(Context& c, const Pubkey& pk) {
    XonlyPubkey r;
    int parity = 0;
    secp256k1_xonly_pubkey_from_pubkey(c.ctx, &r.v, &parity, &pk.v);
    return nb::make_tuple(r, parity != 0);
}

int xonly_cmp(Context& c, const XonlyPubkey& a, const XonlyPubkey& b) {
    return secp256k1_xonly_pubkey_cmp(c.ctx, &a.v, &b.v);
}

nb::bytes tagged_sha256(Context& c, const nb::bytes& tag, const nb::bytes& msg) {
    unsigned char out[32];
    if (!secp256k1_tagged_sha256(c.ctx, out, u8(tag), tag.size(), u8(msg), msg.size())) std::memset(out, 0, 32);
    return out_bytes(out, 32);
}

}  // namespace

secp256k1_context* compat_context(nb::handle ctx) { return nb::cast<Context&>(ctx).ctx; }
const secp256k1_pubkey* compat_pubkey(nb::handle pk) { return &nb::cast<const Pubkey&>(pk).v; }
nb::object make_pubkey(const secp256k1_pubkey& v) { return nb::cast(Pubkey{v}); }
nb::object make_xonly(const secp256k1_xonly_pubkey& v) { return nb::cast(XonlyPubkey{v}); }

void register_compat(nb::module_& m) {
    nb::class_<Context>(m, "Context", "A libsecp256k1-compatible context (illegal arguments never abort).")
        .def(nb::init<>())
        .def("randomize",
             [](Context& c, const nb::bytes& seed) {
                 return seed.size() == 32 && secp256k1_context_randomize(c.ctx, u8(seed)) != 0;
             },
             "Re-randomizes the context's blinding with 32 seed bytes; False on failure.");
    nb::class_<Pubkey>(m, "Pubkey", "A parsed public key (secp256k1_pubkey).");
    nb::class_<XonlyPubkey>(m, "XonlyPubkey", "A parsed x-only public key (secp256k1_xonly_pubkey).");
    nb::class_<EcdsaSignature>(m, "EcdsaSignature", "A parsed ECDSA signature (secp256k1_ecdsa_signature).");
    nb::class_<RecoverableSignature>(m, "RecoverableSignature",
                                     "A parsed recoverable ECDSA signature (secp256k1_ecdsa_recoverable_signature).");

    m.def("pubkey_parse", &pubkey_parse);
    m.def("pubkey_create", &pubkey_create);
    m.def("pubkey_serialize", &pubkey_serialize);
    m.def("pubkey_tweak_add", &pubkey_tweak_add);
    m.def("pubkey_tweak_mul", &pubkey_tweak_mul);
    m.def("pubkey_combine", &pubkey_combine);
    m.def("pubkey_cmp", &pubkey_cmp);
    m.def("seckey_tweak_add", [](Context& c, const nb::bytes& s, const nb::bytes& t) { return seckey_tweak(c, s, t, false); });
    m.def("seckey_tweak_mul", [](Context& c, const nb::bytes& s, const nb::bytes& t) { return seckey_tweak(c, s, t, true); });
    m.def("ecdsa_sign", &ecdsa_sign, nb::arg("ctx"), nb::arg("msghash"), nb::arg("secret"), nb::arg("ndata").none());
    m.def("ecdsa_sign_der", &ecdsa_sign_der, nb::arg("ctx"), nb::arg("msghash"), nb::arg("secret"), nb::arg("ndata").none());
    m.def("ecdsa_serialize_der", &ecdsa_serialize_der);
    m.def("ecdsa_parse_der", &ecdsa_parse_der);
    m.def("ecdsa_serialize_compact", &ecdsa_serialize_compact);
    m.def("ecdsa_parse_compact", &ecdsa_parse_compact);
    m.def("ecdsa_normalize", &ecdsa_normalize);
    m.def("ecdsa_verify", &ecdsa_verify);
    m.def("ecdsa_verify_der", &ecdsa_verify_der);
    m.def("verify_signature", &verify_signature);
    m.def("ecdsa_sign_recoverable", &ecdsa_sign_recoverable, nb::arg("ctx"), nb::arg("msghash"), nb::arg("secret"), nb::arg("ndata").none());
    m.def("recoverable_serialize", &recoverable_serialize);
    m.def("recoverable_parse", &recoverable_parse);
    m.def("ecdsa_recover", &ecdsa_recover);
    m.def("recoverable_convert", &recoverable_convert);
    m.def("ecdh", &ecdh);
    m.def("keypair_xonly", &keypair_xonly);
    m.def("schnorr_sign", &schnorr_sign, nb::arg("ctx"), nb::arg("msg"), nb::arg("secret"), nb::arg("aux").none());
    m.def("schnorr_verify", &schnorr_verify);
    m.def("xonly_parse", &xonly_parse);
    m.def("xonly_serialize", &xonly_serialize);
    m.def("xonly_tweak_add", &xonly_tweak_add);
    m.def("xonly_from_pubkey", &xonly_from_pubkey);
    m.def("xonly_cmp", &xonly_cmp);
    m.def("tagged_sha256", &tagged_sha256);
}

}  // namespace pyfastsecp
