// Differential fuzzing of every parser and verifier that takes untrusted bytes: fastsecp and the
// reference libsecp256k1 v0.8.0 must return the same value and produce the same bytes for any
// input. libFuzzer target (clang -fsanitize=fuzzer); see tests/fuzz/CMakeLists.txt.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "api_table.h"

namespace {

struct Pair {
    SecpApi ours, ref;
    secp256k1_context* co = nullptr;
    secp256k1_context* cr = nullptr;
};

const Pair& libs() {
    static Pair p = [] {
        Pair q;
        std::string err;
        q.ours = load_fastsecp_api();
        if (!load_reference_api("", q.ref, err)) {
            std::fprintf(stderr, "fuzz_parsers: cannot load the reference libsecp256k1: %s\n", err.c_str());
            std::abort();
        }
        q.co = q.ours.context_create(SECP256K1_CONTEXT_NONE);
        q.cr = q.ref.context_create(SECP256K1_CONTEXT_NONE);
        return q;
    }();
    return p;
}

[[noreturn]] void mismatch(const char* what) {
    std::fprintf(stderr, "fuzz_parsers: fastsecp and libsecp256k1 differ on %s\n", what);
    std::abort();
}

void check(bool same, const char* what) {
    if (!same) mismatch(what);
}

// Serialize a pubkey (uncompressed) with its own library; all zeros when ok is 0.
void ser_pub(const SecpApi& api, const secp256k1_context* ctx, int ok, const secp256k1_pubkey& pk,
             unsigned char out[65]) {
    std::memset(out, 0, 65);
    size_t len = 65;
    if (ok) api.ec_pubkey_serialize(ctx, out, &len, &pk, SECP256K1_EC_UNCOMPRESSED);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, size_t size) {
    const Pair& L = libs();
    // Public keys of every length the parser sees, as given.
    secp256k1_pubkey po, pr;
    int ro = L.ours.ec_pubkey_parse(L.co, &po, data, size);
    int rr = L.ref.ec_pubkey_parse(L.cr, &pr, data, size);
    check(ro == rr, "ec_pubkey_parse result");
    unsigned char so[65], sr[65];
    ser_pub(L.ours, L.co, ro, po, so);
    ser_pub(L.ref, L.cr, rr, pr, sr);
    check(std::memcmp(so, sr, 65) == 0, "ec_pubkey_parse output");

    // DER signatures, then verification of what parsed against the parsed key (or G·1).
    secp256k1_ecdsa_signature sgo, sgr;
    int d_o = L.ours.ecdsa_signature_parse_der(L.co, &sgo, data, size);
    int d_r = L.ref.ecdsa_signature_parse_der(L.cr, &sgr, data, size);
    check(d_o == d_r, "ecdsa_signature_parse_der result");
    unsigned char co[64], cr[64];
    L.ours.ecdsa_signature_serialize_compact(L.co, co, &sgo);
    L.ref.ecdsa_signature_serialize_compact(L.cr, cr, &sgr);
    check(std::memcmp(co, cr, 64) == 0, "ecdsa_signature_parse_der output");
    if (d_o && ro) {
        unsigned char msg[32] = {0};
        std::memcpy(msg, data, size < 32 ? size : 32);
        check(L.ours.ecdsa_verify(L.co, &sgo, msg, &po) == L.ref.ecdsa_verify(L.cr, &sgr, msg, &pr),
              "ecdsa_verify");
    }

    // Fixed-size objects read from the start of the input.
    if (size >= 64) {
        check(L.ours.ecdsa_signature_parse_compact(L.co, &sgo, data) ==
                  L.ref.ecdsa_signature_parse_compact(L.cr, &sgr, data),
              "ecdsa_signature_parse_compact");
        secp256k1_ecdsa_recoverable_signature rso, rsr;
        int recid = data[0] & 3;
        int a = L.ours.ecdsa_recoverable_signature_parse_compact(L.co, &rso, data, recid);
        int b = L.ref.ecdsa_recoverable_signature_parse_compact(L.cr, &rsr, data, recid);
        check(a == b, "ecdsa_recoverable_signature_parse_compact");
        if (a && size >= 96) {
            secp256k1_pubkey qo, qr;
            int x = L.ours.ecdsa_recover(L.co, &qo, &rso, data + 64);
            int y = L.ref.ecdsa_recover(L.cr, &qr, &rsr, data + 64);
            check(x == y, "ecdsa_recover result");
            ser_pub(L.ours, L.co, x, qo, so);
            ser_pub(L.ref, L.cr, y, qr, sr);
            check(std::memcmp(so, sr, 65) == 0, "ecdsa_recover output");
        }
    }
    if (size >= 64) {
        // Every 64-byte string is an ElligatorSwift encoding.
        secp256k1_pubkey eo, er;
        int a = L.ours.ellswift_decode(L.co, &eo, data);
        int b = L.ref.ellswift_decode(L.cr, &er, data);
        check(a == b, "ellswift_decode result");
        ser_pub(L.ours, L.co, a, eo, so);
        ser_pub(L.ref, L.cr, b, er, sr);
        check(std::memcmp(so, sr, 65) == 0, "ellswift_decode output");
    }
    if (size >= 66) {
        // MuSig2 nonces (66 bytes): public and aggregate encodings; same result and raw object
        // bytes (the object layouts are v0.8.0's in both libraries).
        secp256k1_musig_pubnonce no, nr;
        std::memset(&no, 0, sizeof no);
        std::memset(&nr, 0, sizeof nr);
        int a = L.ours.musig_pubnonce_parse(L.co, &no, data);
        int b = L.ref.musig_pubnonce_parse(L.cr, &nr, data);
        check(a == b, "musig_pubnonce_parse result");
        check(!a || std::memcmp(&no, &nr, sizeof no) == 0, "musig_pubnonce_parse output");
        secp256k1_musig_aggnonce ao, ar;
        std::memset(&ao, 0, sizeof ao);
        std::memset(&ar, 0, sizeof ar);
        a = L.ours.musig_aggnonce_parse(L.co, &ao, data);
        b = L.ref.musig_aggnonce_parse(L.cr, &ar, data);
        check(a == b, "musig_aggnonce_parse result");
        check(!a || std::memcmp(&ao, &ar, sizeof ao) == 0, "musig_aggnonce_parse output");
    }
    if (size >= 33) {
        // Silent-payments labels (33-byte compressed points): same result and raw object bytes
        // (v0.8.0 layout in both), same serialization back. A parsed label is then added to a
        // spend key equal to it (doubling) and to its negation (sum at infinity: both return 0).
        secp256k1_silentpayments_label lo, lr;
        std::memset(&lo, 0, sizeof lo);
        std::memset(&lr, 0, sizeof lr);
        int a = L.ours.silentpayments_recipient_label_parse(L.co, &lo, data);
        int b = L.ref.silentpayments_recipient_label_parse(L.cr, &lr, data);
        check(a == b, "silentpayments_recipient_label_parse result");
        check(!a || std::memcmp(&lo, &lr, sizeof lo) == 0, "silentpayments_recipient_label_parse output");
        if (a) {
            unsigned char lso[33], lsr[33];
            int x = L.ours.silentpayments_recipient_label_serialize(L.co, lso, &lo);
            int y = L.ref.silentpayments_recipient_label_serialize(L.cr, lsr, &lr);
            check(x == y && std::memcmp(lso, lsr, 33) == 0, "silentpayments_recipient_label_serialize");
            for (unsigned char flip = 0; flip < 2; flip++) {
                unsigned char spend33[33];
                std::memcpy(spend33, data, 33);
                spend33[0] ^= flip;  // 02 <-> 03: the negated point
                secp256k1_pubkey spo, spr, outo, outr;
                x = L.ours.ec_pubkey_parse(L.co, &spo, spend33, 33);
                y = L.ref.ec_pubkey_parse(L.cr, &spr, spend33, 33);
                check(x == y && x == 1, "ec_pubkey_parse of a parsed label");
                x = L.ours.silentpayments_recipient_create_labeled_spend_pubkey(L.co, &outo, &spo, &lo);
                y = L.ref.silentpayments_recipient_create_labeled_spend_pubkey(L.cr, &outr, &spr, &lr);
                check(x == y, "silentpayments_recipient_create_labeled_spend_pubkey result");
                ser_pub(L.ours, L.co, x, outo, so);
                ser_pub(L.ref, L.cr, y, outr, sr);
                check(std::memcmp(so, sr, 65) == 0, "silentpayments_recipient_create_labeled_spend_pubkey output");
            }
        }
    }
    if (size >= 32) {
        secp256k1_musig_partial_sig so32, sr32;
        int a = L.ours.musig_partial_sig_parse(L.co, &so32, data);
        int b = L.ref.musig_partial_sig_parse(L.cr, &sr32, data);
        check(a == b && std::memcmp(&so32, &sr32, sizeof so32) == 0, "musig_partial_sig_parse");
    }
    if (size >= 32) {
        secp256k1_xonly_pubkey xo, xr;
        int a = L.ours.xonly_pubkey_parse(L.co, &xo, data);
        int b = L.ref.xonly_pubkey_parse(L.cr, &xr, data);
        check(a == b, "xonly_pubkey_parse");
        // BIP-340 verification: key = first 32 bytes, signature = next 64, message = the rest.
        if (a && size >= 96) {
            int v1 = L.ours.schnorrsig_verify(L.co, data + 32, data + 96, size - 96, &xo);
            int v2 = L.ref.schnorrsig_verify(L.cr, data + 32, data + 96, size - 96, &xr);
            check(v1 == v2, "schnorrsig_verify");
        }
        // Secret-key checks on arbitrary 32 bytes.
        check(L.ours.ec_seckey_verify(L.co, data) == L.ref.ec_seckey_verify(L.cr, data), "ec_seckey_verify");
    }
    return 0;
}
