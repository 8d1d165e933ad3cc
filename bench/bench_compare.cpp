// Side-by-side benchmark: fastsecp against a reference libsecp256k1, in one process.
//
// Method, chosen so that the ratio means something:
//  - Same inputs: 64 random secret keys, messages, tweaks, ... (fixed seed) are prepared up front.
//    Opaque structs (pubkeys, signatures, keypairs) are NOT interchangeable between the two
//    libraries, so each library derives its own from the same bytes, and the serialized forms are
//    checked to be identical.
//  - Same answers: before any timing, every operation runs on every input in both libraries and
//    the return codes and outputs must match byte for byte; otherwise the program aborts.
//  - Same conditions: for each operation the two libraries alternate round by round (the order
//    flips every round), each round lasts ~60 ms for the slower library (iteration count
//    calibrated once, then equal for both), and the median of the rounds is reported; the ratio is
//    the median of the rounds' own ratios (each round's two libraries ran back to back), which a
//    burst of load on a shared machine moves less than the ratio of the two medians.
#include "api_table.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <time.h>

#ifndef FASTSECP_BENCH_COMPILER
#define FASTSECP_BENCH_COMPILER "unknown"
#endif
#ifndef FASTSECP_BENCH_FLAGS
#define FASTSECP_BENCH_FLAGS "unknown"
#endif
#ifndef FASTSECP_BENCH_BUILD_TYPE
#define FASTSECP_BENCH_BUILD_TYPE "unknown"
#endif

namespace {

constexpr std::size_t kInputs = 64;  // a power of two: input index = iteration & (kInputs - 1)
static_assert((kInputs & (kInputs - 1)) == 0);

using Bytes = std::vector<unsigned char>;

[[noreturn]] void die(const std::string& msg) {
    std::fprintf(stderr, "bench_compare: %s\n", msg.c_str());
    std::exit(1);
}

// The bytes both libraries start from.
struct SharedInputs {
    unsigned char seckey[kInputs][32];
    unsigned char msg[kInputs][32];
    unsigned char tweak[kInputs][32];
    unsigned char aux[kInputs][32];
    unsigned char seed[kInputs][32];
};

// ---- Silent payments inputs (per library: the module's structs are opaque) ----------------------

constexpr std::size_t kSpMaxOutputs = 100;  // the largest scanned transaction
constexpr std::size_t kSpManyLabels = 100;

// The wallet's label cache, as a scanning wallet would keep it: serialized label -> tweak.
struct SpLabels {
    std::unordered_map<std::string, std::array<unsigned char, 32>> by_label;
};
const unsigned char* sp_lookup(const unsigned char* label33, const void* data) {
    const auto* t = static_cast<const SpLabels*>(data);
    auto it = t->by_label.find(std::string(reinterpret_cast<const char*>(label33), 33));
    return it == t->by_label.end() ? nullptr : it->second.data();
}

// Input i: recipient with scan key seckey[i] and spend key pubkey[i+1]; a transaction spending
// one input of key seckey[i+2] at outpoint msg[i] || tweak[i][0..4).
struct SpData {
    std::vector<secp256k1_silentpayments_prevouts_summary> summary;
    std::vector<secp256k1_pubkey> spend;                       // pubkey[i+1]
    std::vector<const secp256k1_xonly_pubkey*> unrelated;      // kSpMaxOutputs per input, none pays i
    std::vector<secp256k1_xonly_pubkey> paid;                  // 2 per input: [pays i at k=0, unrelated]
    std::vector<secp256k1_xonly_pubkey> paid_label;            // 2 per input: [unrelated, pays i's label 1]
    std::vector<SpLabels> labels_1, labels_many;               // label m=1; labels m=1..kSpManyLabels
    std::vector<secp256k1_silentpayments_recipient> recipient; // i's unlabeled address
    std::vector<secp256k1_silentpayments_label> label_1;       // i's label m=1
    std::vector<std::array<unsigned char, 33>> label_1_33;     // ... serialized (checked identical)
    std::array<secp256k1_silentpayments_found_output, kSpMaxOutputs> found;
    std::array<secp256k1_silentpayments_found_output*, kSpMaxOutputs> found_ptr;
    std::uint32_t n_found = 0;
};

// MuSig2 inputs: session i is signed by keys i and i+1 (per library: the objects are opaque).
struct MusigData {
    secp256k1_musig_keyagg_cache cache[kInputs];
    secp256k1_musig_secnonce sec[kInputs];       // signer i's secret nonce for session i
    secp256k1_musig_pubnonce pub[kInputs][2];
    secp256k1_musig_session session[kInputs];
    secp256k1_musig_partial_sig psig[kInputs][2];
    secp256k1_musig_aggnonce agg[kInputs];        // aggregate of pub[i][0], pub[i][1]
    // Serialized (checked identical between the libraries): the parsers' inputs.
    unsigned char pub66[kInputs][66];             // pub[i][0]
    unsigned char agg66[kInputs][66];
    unsigned char psig32[kInputs][32];            // psig[i][0]
};

// One library with everything it needs, derived by itself from SharedInputs.
struct Lib {
    const SecpApi* api = nullptr;
    const SharedInputs* in = nullptr;
    secp256k1_context* ctx = nullptr;
    secp256k1_context* rand_ctx = nullptr;  // only context_randomize touches this one

    // Opaque, in this library's own layout.
    secp256k1_pubkey pubkey[kInputs];
    secp256k1_ecdsa_signature sig[kInputs];
    secp256k1_ecdsa_signature sig_high[kInputs];  // s replaced by n - s, so normalize has work
    secp256k1_ecdsa_recoverable_signature rsig[kInputs];
    secp256k1_keypair keypair[kInputs];
    secp256k1_xonly_pubkey xonly[kInputs];

    // Serialized, checked identical between the libraries.
    unsigned char pub33[kInputs][33];
    unsigned char pub65[kInputs][65];
    unsigned char der[kInputs][72];
    std::size_t der_len[kInputs];
    unsigned char compact_high[kInputs][64];
    unsigned char xonly32[kInputs][32];
    unsigned char tweaked32[kInputs][32];  // x-only key tweaked by tweak[i]
    int tweaked_parity[kInputs];
    unsigned char schnorr_sig[kInputs][64];
    unsigned char ell[kInputs][64];        // ElligatorSwift encodings of the public keys
    SpData sp;
    std::unique_ptr<MusigData> musig = std::make_unique<MusigData>();

    // Where one operation leaves its result.
    secp256k1_pubkey out_pubkey;
    secp256k1_xonly_pubkey out_xonly;
    secp256k1_ecdsa_signature out_sig;
    secp256k1_ecdsa_recoverable_signature out_rsig;
    secp256k1_keypair out_keypair;
    unsigned char out_bytes[80];
    std::size_t out_len = 0;
    unsigned char out_seckey[32];
    secp256k1_musig_pubnonce out_pubnonce;
    secp256k1_musig_aggnonce out_aggnonce;
    secp256k1_musig_partial_sig out_psig;
    secp256k1_silentpayments_label out_label;

    ~Lib() {
        if (ctx != nullptr) api->context_destroy(ctx);
        if (rand_ctx != nullptr) api->context_destroy(rand_ctx);
    }
};

// ---- Observers: what an operation produced, as bytes (serialized with the same library). -----

Bytes obs_none(Lib&) { return {}; }
Bytes obs_bytes(Lib& L) { return Bytes(L.out_bytes, L.out_bytes + L.out_len); }
Bytes obs_seckey(Lib& L) { return Bytes(L.out_seckey, L.out_seckey + 32); }
Bytes obs_pubkey(Lib& L) {
    Bytes b(65);
    std::size_t len = b.size();
    L.api->ec_pubkey_serialize(L.ctx, b.data(), &len, &L.out_pubkey, SECP256K1_EC_UNCOMPRESSED);
    b.resize(len);
    return b;
}
Bytes obs_sig(Lib& L) {
    Bytes b(64);
    L.api->ecdsa_signature_serialize_compact(L.ctx, b.data(), &L.out_sig);
    return b;
}
Bytes obs_rsig(Lib& L) {
    Bytes b(65);
    int recid = -1;
    L.api->ecdsa_recoverable_signature_serialize_compact(L.ctx, b.data(), &recid, &L.out_rsig);
    b[64] = static_cast<unsigned char>(recid);
    return b;
}
Bytes obs_xonly(Lib& L) {
    Bytes b(32);
    L.api->xonly_pubkey_serialize(L.ctx, b.data(), &L.out_xonly);
    return b;
}
Bytes obs_keypair(Lib& L) {
    Bytes b(32 + 65);
    secp256k1_pubkey pub;
    std::size_t len = 65;
    L.api->keypair_sec(L.ctx, b.data(), &L.out_keypair);
    L.api->keypair_pub(L.ctx, &pub, &L.out_keypair);
    L.api->ec_pubkey_serialize(L.ctx, b.data() + 32, &len, &pub, SECP256K1_EC_UNCOMPRESSED);
    return b;
}

Bytes obs_pubnonce(Lib& L) {
    Bytes b(66);
    L.api->musig_pubnonce_serialize(L.ctx, b.data(), &L.out_pubnonce);
    return b;
}
Bytes obs_aggnonce(Lib& L) {
    Bytes b(66);
    L.api->musig_aggnonce_serialize(L.ctx, b.data(), &L.out_aggnonce);
    return b;
}
Bytes obs_psig(Lib& L) {
    Bytes b(32);
    L.api->musig_partial_sig_serialize(L.ctx, b.data(), &L.out_psig);
    return b;
}
Bytes obs_label(Lib& L) {
    Bytes b(33);
    L.api->silentpayments_recipient_label_serialize(L.ctx, b.data(), &L.out_label);
    return b;
}

Bytes obs_sp_found(Lib& L) {  // count, then per found output: x-only key, tweak, label flag
    Bytes b{static_cast<unsigned char>(L.sp.n_found)};
    for (std::uint32_t k = 0; k < L.sp.n_found; ++k) {
        unsigned char x[32];
        L.api->xonly_pubkey_serialize(L.ctx, x, &L.sp.found[k].output);
        b.insert(b.end(), x, x + 32);
        b.insert(b.end(), L.sp.found[k].tweak, L.sp.found[k].tweak + 32);
        b.push_back(static_cast<unsigned char>(L.sp.found[k].found_with_label));
    }
    return b;
}
Bytes obs_sp_outputs(Lib& L) {  // the one generated output, left in out_xonly
    return obs_xonly(L);
}

// ---- Operations ------------------------------------------------------------------------------

struct Op {
    const char* name;
    std::size_t (*run)(Lib&, std::size_t iters);  // timed loop; returns how many calls returned 1
    int (*once)(Lib&, std::size_t i);              // one call on input i, for the equality check
    Bytes (*observe)(Lib&);                        // the output of the last once()
};

// The body is a captureless lambda; instantiating the loop per body lets the compiler inline it,
// so the only per-call overhead is the (identical) indirect call into each library.
template <class Body>
Op make_op(const char* name, Body, Bytes (*observe)(Lib&)) {
    return Op{name,
              [](Lib& L, std::size_t iters) {
                  std::size_t ok = 0;
                  for (std::size_t k = 0; k < iters; ++k) ok += Body{}(L, k & (kInputs - 1)) == 1;
                  return ok;
              },
              [](Lib& L, std::size_t i) { return Body{}(L, i); }, observe};
}

// One recipient_scan_outputs call for input i's recipient (labels: NULL for none).
int sp_scan(Lib& L, std::size_t i, const secp256k1_xonly_pubkey* const* outputs, std::size_t n, const SpLabels* labels) {
    L.sp.n_found = 0;
    return L.api->silentpayments_recipient_scan_outputs(L.ctx, L.sp.found_ptr.data(), &L.sp.n_found, outputs, n,
                                                        L.in->seckey[i], &L.sp.summary[i], &L.sp.spend[i],
                                                        labels != nullptr ? &sp_lookup : nullptr, labels);
}

const unsigned char kTag[] = "BIP0340/challenge";
constexpr std::size_t kTagLen = sizeof(kTag) - 1;

// The 64-byte prefix of ellswift_xdh's prefix hash function (any bytes; the same for both).
const unsigned char kXdhPrefix[64] = "fastsecp bench_compare ellswift_xdh prefix hash function input!";

std::vector<Op> all_ops() {
    using S = std::size_t;
    return {
        make_op("context_create (+destroy)", [](Lib& L, S) {
            secp256k1_context* c = L.api->context_create(SECP256K1_CONTEXT_NONE);
            if (c == nullptr) return 0;
            L.api->context_destroy(c);
            return 1;
        }, obs_none),
        make_op("context_randomize", [](Lib& L, S i) {
            return L.api->context_randomize(L.rand_ctx, L.in->seed[i]);
        }, obs_none),
        make_op("ec_pubkey_create", [](Lib& L, S i) {
            return L.api->ec_pubkey_create(L.ctx, &L.out_pubkey, L.in->seckey[i]);
        }, obs_pubkey),
        make_op("ec_pubkey_parse (33 bytes)", [](Lib& L, S i) {
            return L.api->ec_pubkey_parse(L.ctx, &L.out_pubkey, L.pub33[i], 33);
        }, obs_pubkey),
        make_op("ec_pubkey_parse (65 bytes)", [](Lib& L, S i) {
            return L.api->ec_pubkey_parse(L.ctx, &L.out_pubkey, L.pub65[i], 65);
        }, obs_pubkey),
        make_op("ec_pubkey_serialize (33 bytes)", [](Lib& L, S i) {
            L.out_len = 33;
            return L.api->ec_pubkey_serialize(L.ctx, L.out_bytes, &L.out_len, &L.pubkey[i],
                                              SECP256K1_EC_COMPRESSED);
        }, obs_bytes),
        make_op("ec_pubkey_serialize (65 bytes)", [](Lib& L, S i) {
            L.out_len = 65;
            return L.api->ec_pubkey_serialize(L.ctx, L.out_bytes, &L.out_len, &L.pubkey[i],
                                              SECP256K1_EC_UNCOMPRESSED);
        }, obs_bytes),
        make_op("ec_pubkey_tweak_add", [](Lib& L, S i) {
            L.out_pubkey = L.pubkey[i];
            return L.api->ec_pubkey_tweak_add(L.ctx, &L.out_pubkey, L.in->tweak[i]);
        }, obs_pubkey),
        make_op("ec_pubkey_tweak_mul", [](Lib& L, S i) {
            L.out_pubkey = L.pubkey[i];
            return L.api->ec_pubkey_tweak_mul(L.ctx, &L.out_pubkey, L.in->tweak[i]);
        }, obs_pubkey),
        make_op("ec_pubkey_combine (2 keys)", [](Lib& L, S i) {
            const secp256k1_pubkey* keys[2] = {&L.pubkey[i], &L.pubkey[(i + 1) & (kInputs - 1)]};
            return L.api->ec_pubkey_combine(L.ctx, &L.out_pubkey, keys, 2);
        }, obs_pubkey),
        make_op("ec_seckey_tweak_add", [](Lib& L, S i) {
            std::memcpy(L.out_seckey, L.in->seckey[i], 32);
            return L.api->ec_seckey_tweak_add(L.ctx, L.out_seckey, L.in->tweak[i]);
        }, obs_seckey),
        make_op("ec_seckey_tweak_mul", [](Lib& L, S i) {
            std::memcpy(L.out_seckey, L.in->seckey[i], 32);
            return L.api->ec_seckey_tweak_mul(L.ctx, L.out_seckey, L.in->tweak[i]);
        }, obs_seckey),
        make_op("ecdsa_sign", [](Lib& L, S i) {
            return L.api->ecdsa_sign(L.ctx, &L.out_sig, L.in->msg[i], L.in->seckey[i], nullptr, nullptr);
        }, obs_sig),
        make_op("ecdsa_verify", [](Lib& L, S i) {
            return L.api->ecdsa_verify(L.ctx, &L.sig[i], L.in->msg[i], &L.pubkey[i]);
        }, obs_none),
        make_op("ecdsa_signature_parse_der", [](Lib& L, S i) {
            return L.api->ecdsa_signature_parse_der(L.ctx, &L.out_sig, L.der[i], L.der_len[i]);
        }, obs_sig),
        make_op("ecdsa_signature_serialize_der", [](Lib& L, S i) {
            L.out_len = 72;
            return L.api->ecdsa_signature_serialize_der(L.ctx, L.out_bytes, &L.out_len, &L.sig[i]);
        }, obs_bytes),
        make_op("ecdsa_signature_normalize (high S)", [](Lib& L, S i) {
            return L.api->ecdsa_signature_normalize(L.ctx, &L.out_sig, &L.sig_high[i]);
        }, obs_sig),
        make_op("ecdsa_sign_recoverable", [](Lib& L, S i) {
            return L.api->ecdsa_sign_recoverable(L.ctx, &L.out_rsig, L.in->msg[i], L.in->seckey[i],
                                                 nullptr, nullptr);
        }, obs_rsig),
        make_op("ecdsa_recover", [](Lib& L, S i) {
            return L.api->ecdsa_recover(L.ctx, &L.out_pubkey, &L.rsig[i], L.in->msg[i]);
        }, obs_pubkey),
        make_op("keypair_create", [](Lib& L, S i) {
            return L.api->keypair_create(L.ctx, &L.out_keypair, L.in->seckey[i]);
        }, obs_keypair),
        make_op("xonly_pubkey_parse", [](Lib& L, S i) {
            return L.api->xonly_pubkey_parse(L.ctx, &L.out_xonly, L.xonly32[i]);
        }, obs_xonly),
        make_op("xonly_pubkey_tweak_add", [](Lib& L, S i) {
            return L.api->xonly_pubkey_tweak_add(L.ctx, &L.out_pubkey, &L.xonly[i], L.in->tweak[i]);
        }, obs_pubkey),
        make_op("xonly_pubkey_tweak_add_check", [](Lib& L, S i) {
            return L.api->xonly_pubkey_tweak_add_check(L.ctx, L.tweaked32[i], L.tweaked_parity[i],
                                                       &L.xonly[i], L.in->tweak[i]);
        }, obs_none),
        make_op("keypair_xonly_tweak_add", [](Lib& L, S i) {
            L.out_keypair = L.keypair[i];
            return L.api->keypair_xonly_tweak_add(L.ctx, &L.out_keypair, L.in->tweak[i]);
        }, obs_keypair),
        make_op("schnorrsig_sign32", [](Lib& L, S i) {
            L.out_len = 64;
            return L.api->schnorrsig_sign32(L.ctx, L.out_bytes, L.in->msg[i], &L.keypair[i], L.in->aux[i]);
        }, obs_bytes),
        make_op("schnorrsig_verify", [](Lib& L, S i) {
            return L.api->schnorrsig_verify(L.ctx, L.schnorr_sig[i], L.in->msg[i], 32, &L.xonly[i]);
        }, obs_none),
        make_op("ecdh", [](Lib& L, S i) {
            L.out_len = 32;
            return L.api->ecdh(L.ctx, L.out_bytes, &L.pubkey[i], L.in->seckey[(i + 1) & (kInputs - 1)],
                               nullptr, nullptr);
        }, obs_bytes),
        make_op("ellswift_encode", [](Lib& L, S i) {
            L.out_len = 64;
            return L.api->ellswift_encode(L.ctx, L.out_bytes, &L.pubkey[i], L.in->seed[i]);
        }, obs_bytes),
        make_op("ellswift_decode", [](Lib& L, S i) {
            return L.api->ellswift_decode(L.ctx, &L.out_pubkey, L.ell[i]);
        }, obs_pubkey),
        make_op("ellswift_create", [](Lib& L, S i) {
            L.out_len = 64;
            return L.api->ellswift_create(L.ctx, L.out_bytes, L.in->seckey[i], L.in->aux[i]);
        }, obs_bytes),
        make_op("ellswift_xdh (bip324 hash)", [](Lib& L, S i) {
            L.out_len = 32;
            return L.api->ellswift_xdh(L.ctx, L.out_bytes, L.ell[i], L.ell[(i + 1) & (kInputs - 1)], L.in->seckey[i],
                                       0, L.api->ellswift_xdh_hash_function_bip324, nullptr);
        }, obs_bytes),
        make_op("ellswift_xdh (prefix hash)", [](Lib& L, S i) {
            L.out_len = 32;
            return L.api->ellswift_xdh(L.ctx, L.out_bytes, L.ell[i], L.ell[(i + 1) & (kInputs - 1)], L.in->seckey[i],
                                       0, L.api->ellswift_xdh_hash_function_prefix,
                                       const_cast<unsigned char*>(kXdhPrefix));
        }, obs_bytes),
        make_op("silentpayments_sender_create_outputs (1 key, 1 recipient)", [](Lib& L, S i) {
            const secp256k1_silentpayments_recipient* r[1] = {&L.sp.recipient[i]};
            secp256k1_xonly_pubkey* out[1] = {&L.out_xonly};
            const unsigned char* sk[1] = {L.in->seckey[(i + 2) & (kInputs - 1)]};
            unsigned char outpoint[36];
            std::memcpy(outpoint, L.in->msg[i], 32);
            std::memcpy(outpoint + 32, L.in->tweak[i], 4);
            return L.api->silentpayments_sender_create_outputs(L.ctx, out, r, 1, outpoint, nullptr, 0, sk, 1);
        }, obs_sp_outputs),
        make_op("silentpayments_recipient_prevouts_summary_create (1 key)", [](Lib& L, S i) {
            const secp256k1_pubkey* pk[1] = {&L.pubkey[(i + 2) & (kInputs - 1)]};
            unsigned char outpoint[36];
            std::memcpy(outpoint, L.in->msg[i], 32);
            std::memcpy(outpoint + 32, L.in->tweak[i], 4);
            secp256k1_silentpayments_prevouts_summary summary;
            return L.api->silentpayments_recipient_prevouts_summary_create(L.ctx, &summary, outpoint, nullptr, 0, pk, 1);
        }, obs_none),
        make_op("silentpayments_recipient_label_create", [](Lib& L, S i) {
            secp256k1_silentpayments_label label;
            int ret = L.api->silentpayments_recipient_label_create(L.ctx, &label, L.out_bytes + 33, L.in->seckey[i], 1);
            L.out_len = 65;
            if (ret == 1) L.api->silentpayments_recipient_label_serialize(L.ctx, L.out_bytes, &label);
            return ret;
        }, obs_bytes),
        make_op("silentpayments_recipient_label_parse", [](Lib& L, S i) {
            return L.api->silentpayments_recipient_label_parse(L.ctx, &L.out_label, L.sp.label_1_33[i].data());
        }, obs_label),
        make_op("silentpayments_recipient_label_serialize", [](Lib& L, S i) {
            L.out_len = 33;
            return L.api->silentpayments_recipient_label_serialize(L.ctx, L.out_bytes, &L.sp.label_1[i]);
        }, obs_bytes),
        make_op("silentpayments_recipient_create_labeled_spend_pubkey", [](Lib& L, S i) {
            return L.api->silentpayments_recipient_create_labeled_spend_pubkey(L.ctx, &L.out_pubkey, &L.sp.spend[i],
                                                                               &L.sp.label_1[i]);
        }, obs_pubkey),
        make_op("silentpayments scan: 2 outputs, no match", [](Lib& L, S i) {
            return sp_scan(L, i, &L.sp.unrelated[i * kSpMaxOutputs], 2, nullptr);
        }, obs_sp_found),
        make_op("silentpayments scan: 10 outputs, no match", [](Lib& L, S i) {
            return sp_scan(L, i, &L.sp.unrelated[i * kSpMaxOutputs], 10, nullptr);
        }, obs_sp_found),
        make_op("silentpayments scan: 100 outputs, no match", [](Lib& L, S i) {
            return sp_scan(L, i, &L.sp.unrelated[i * kSpMaxOutputs], 100, nullptr);
        }, obs_sp_found),
        make_op("silentpayments scan: 2 outputs, 1 match", [](Lib& L, S i) {
            const secp256k1_xonly_pubkey* o[2] = {&L.sp.paid[2 * i], &L.sp.paid[2 * i + 1]};
            return sp_scan(L, i, o, 2, nullptr);
        }, obs_sp_found),
        make_op("silentpayments scan: 2 outputs, no match, 1 label", [](Lib& L, S i) {
            return sp_scan(L, i, &L.sp.unrelated[i * kSpMaxOutputs], 2, &L.sp.labels_1[i]);
        }, obs_sp_found),
        make_op("silentpayments scan: 2 outputs, labelled match, 1 label", [](Lib& L, S i) {
            const secp256k1_xonly_pubkey* o[2] = {&L.sp.paid_label[2 * i], &L.sp.paid_label[2 * i + 1]};
            return sp_scan(L, i, o, 2, &L.sp.labels_1[i]);
        }, obs_sp_found),
        make_op("silentpayments scan: 2 outputs, labelled match, 100 labels", [](Lib& L, S i) {
            const secp256k1_xonly_pubkey* o[2] = {&L.sp.paid_label[2 * i], &L.sp.paid_label[2 * i + 1]};
            return sp_scan(L, i, o, 2, &L.sp.labels_many[i]);
        }, obs_sp_found),
        make_op("musig_pubkey_agg (2 keys)", [](Lib& L, S i) {
            const secp256k1_pubkey* pk[2] = {&L.pubkey[i], &L.pubkey[(i + 1) & (kInputs - 1)]};
            secp256k1_musig_keyagg_cache cache;
            return L.api->musig_pubkey_agg(L.ctx, &L.out_xonly, &cache, pk, 2);
        }, obs_xonly),
        make_op("musig_pubkey_agg (3 keys)", [](Lib& L, S i) {
            const secp256k1_pubkey* pk[3] = {&L.pubkey[i], &L.pubkey[(i + 1) & (kInputs - 1)],
                                             &L.pubkey[(i + 2) & (kInputs - 1)]};
            secp256k1_musig_keyagg_cache cache;
            return L.api->musig_pubkey_agg(L.ctx, &L.out_xonly, &cache, pk, 3);
        }, obs_xonly),
        make_op("musig_pubkey_agg (16 keys)", [](Lib& L, S i) {
            const secp256k1_pubkey* pk[16];
            for (S j = 0; j < 16; j++) pk[j] = &L.pubkey[(i + j) & (kInputs - 1)];
            secp256k1_musig_keyagg_cache cache;
            return L.api->musig_pubkey_agg(L.ctx, &L.out_xonly, &cache, pk, 16);
        }, obs_xonly),
        make_op("musig_pubkey_get", [](Lib& L, S i) {
            return L.api->musig_pubkey_get(L.ctx, &L.out_pubkey, &L.musig->cache[i]);
        }, obs_pubkey),
        make_op("musig_pubkey_ec_tweak_add", [](Lib& L, S i) {
            secp256k1_musig_keyagg_cache cache = L.musig->cache[i];  // a fresh copy: tweaking updates it
            return L.api->musig_pubkey_ec_tweak_add(L.ctx, &L.out_pubkey, &cache, L.in->tweak[i]);
        }, obs_pubkey),
        make_op("musig_pubkey_xonly_tweak_add", [](Lib& L, S i) {
            secp256k1_musig_keyagg_cache cache = L.musig->cache[i];  // a fresh copy: tweaking updates it
            return L.api->musig_pubkey_xonly_tweak_add(L.ctx, &L.out_pubkey, &cache, L.in->tweak[i]);
        }, obs_pubkey),
        make_op("musig_nonce_gen", [](Lib& L, S i) {
            unsigned char rand[32];
            std::memcpy(rand, L.in->seed[i], 32);
            secp256k1_musig_secnonce sec;
            secp256k1_musig_pubnonce pub;
            int r = L.api->musig_nonce_gen(L.ctx, &sec, &pub, rand, L.in->seckey[i], &L.pubkey[i], L.in->msg[i],
                                           &L.musig->cache[i], nullptr);
            L.out_len = 66;
            if (r) L.api->musig_pubnonce_serialize(L.ctx, L.out_bytes, &pub);
            return r;
        }, obs_bytes),
        make_op("musig_nonce_gen_counter", [](Lib& L, S i) {
            secp256k1_musig_secnonce sec;
            secp256k1_musig_pubnonce pub;
            int r = L.api->musig_nonce_gen_counter(L.ctx, &sec, &pub, 0x100000000ull + i, &L.keypair[i], L.in->msg[i],
                                                   &L.musig->cache[i], nullptr);
            L.out_len = 66;
            if (r) L.api->musig_pubnonce_serialize(L.ctx, L.out_bytes, &pub);
            return r;
        }, obs_bytes),
        make_op("musig_pubnonce_parse", [](Lib& L, S i) {
            return L.api->musig_pubnonce_parse(L.ctx, &L.out_pubnonce, L.musig->pub66[i]);
        }, obs_pubnonce),
        make_op("musig_pubnonce_serialize", [](Lib& L, S i) {
            L.out_len = 66;
            return L.api->musig_pubnonce_serialize(L.ctx, L.out_bytes, &L.musig->pub[i][0]);
        }, obs_bytes),
        make_op("musig_aggnonce_parse", [](Lib& L, S i) {
            return L.api->musig_aggnonce_parse(L.ctx, &L.out_aggnonce, L.musig->agg66[i]);
        }, obs_aggnonce),
        make_op("musig_aggnonce_serialize", [](Lib& L, S i) {
            L.out_len = 66;
            return L.api->musig_aggnonce_serialize(L.ctx, L.out_bytes, &L.musig->agg[i]);
        }, obs_bytes),
        make_op("musig_partial_sig_parse", [](Lib& L, S i) {
            return L.api->musig_partial_sig_parse(L.ctx, &L.out_psig, L.musig->psig32[i]);
        }, obs_psig),
        make_op("musig_partial_sig_serialize", [](Lib& L, S i) {
            L.out_len = 32;
            return L.api->musig_partial_sig_serialize(L.ctx, L.out_bytes, &L.musig->psig[i][0]);
        }, obs_bytes),
        make_op("musig_nonce_agg (2 nonces)", [](Lib& L, S i) {
            const secp256k1_musig_pubnonce* pn[2] = {&L.musig->pub[i][0], &L.musig->pub[i][1]};
            secp256k1_musig_aggnonce an;
            int r = L.api->musig_nonce_agg(L.ctx, &an, pn, 2);
            L.out_len = 66;
            if (r) L.api->musig_aggnonce_serialize(L.ctx, L.out_bytes, &an);
            return r;
        }, obs_bytes),
        make_op("musig_nonce_process", [](Lib& L, S i) {
            const secp256k1_musig_pubnonce* pn[2] = {&L.musig->pub[i][0], &L.musig->pub[i][1]};
            secp256k1_musig_aggnonce an;
            secp256k1_musig_session session;
            int r = L.api->musig_nonce_agg(L.ctx, &an, pn, 2);  // (included: nonce_process needs one)
            r &= L.api->musig_nonce_process(L.ctx, &session, &an, L.in->msg[i], &L.musig->cache[i]);
            L.out_len = 80;
            std::memcpy(L.out_bytes, session.data, 80);  // same object layout in both libraries
            return r;
        }, obs_bytes),
        make_op("musig_partial_sign", [](Lib& L, S i) {
            secp256k1_musig_secnonce sec = L.musig->sec[i];  // a fresh copy: signing wipes it
            secp256k1_musig_partial_sig ps;
            int r = L.api->musig_partial_sign(L.ctx, &ps, &sec, &L.keypair[i], &L.musig->cache[i], &L.musig->session[i]);
            L.out_len = 32;
            if (r) L.api->musig_partial_sig_serialize(L.ctx, L.out_bytes, &ps);
            return r;
        }, obs_bytes),
        make_op("musig_partial_sig_verify", [](Lib& L, S i) {
            return L.api->musig_partial_sig_verify(L.ctx, &L.musig->psig[i][0], &L.musig->pub[i][0], &L.pubkey[i],
                                                   &L.musig->cache[i], &L.musig->session[i]);
        }, obs_none),
        make_op("musig_partial_sig_agg (2 signatures)", [](Lib& L, S i) {
            const secp256k1_musig_partial_sig* ps[2] = {&L.musig->psig[i][0], &L.musig->psig[i][1]};
            L.out_len = 64;
            return L.api->musig_partial_sig_agg(L.ctx, L.out_bytes, &L.musig->session[i], ps, 2);
        }, obs_bytes),
        make_op("tagged_sha256 (32-byte msg)", [](Lib& L, S i) {
            L.out_len = 32;
            return L.api->tagged_sha256(L.ctx, L.out_bytes, kTag, kTagLen, L.in->msg[i], 32);
        }, obs_bytes),
    };
}

// ---- Preparation -----------------------------------------------------------------------------

// secp256k1's group order n, big-endian, for turning low-S signatures into high-S ones.
constexpr unsigned char kOrder[32] = {
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE,
    0xBA, 0xAE, 0xDC, 0xE6, 0xAF, 0x48, 0xA0, 0x3B, 0xBF, 0xD2, 0x5E, 0x8C, 0xD0, 0x36, 0x41, 0x41};

void negate_mod_order(unsigned char s[32]) {  // s := n - s, for 0 < s < n
    int borrow = 0;
    for (int k = 31; k >= 0; --k) {
        int d = kOrder[k] - s[k] - borrow;
        borrow = d < 0;
        s[k] = static_cast<unsigned char>(d + (borrow ? 256 : 0));
    }
}

void fill_random(SharedInputs& in, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    auto fill = [&rng](unsigned char (*rows)[32]) {
        for (std::size_t i = 0; i < kInputs; ++i)
            for (auto& byte : rows[i]) byte = static_cast<unsigned char>(rng() >> 56);
    };
    fill(in.seckey);
    fill(in.msg);
    fill(in.tweak);
    fill(in.aux);
    fill(in.seed);
}

// Derives everything `L` needs from its shared bytes, using only L's own library.
void prepare_sp(Lib& L);  // below
void prepare_musig(Lib& L);  // below

void prepare(Lib& L, const SecpApi& api, const SharedInputs& in) {
    L.api = &api;
    L.in = &in;
    L.ctx = api.context_create(SECP256K1_CONTEXT_NONE);
    L.rand_ctx = api.context_create(SECP256K1_CONTEXT_NONE);
    if (L.ctx == nullptr || L.rand_ctx == nullptr) die(api.name + ": context_create failed");
    auto need = [&api](int ok, const char* what, std::size_t i) {
        if (ok != 1) die(api.name + ": preparing inputs: " + what + " failed on input " + std::to_string(i));
    };
    for (std::size_t i = 0; i < kInputs; ++i) {
        need(api.ec_seckey_verify(L.ctx, in.seckey[i]), "ec_seckey_verify", i);
        need(api.ec_pubkey_create(L.ctx, &L.pubkey[i], in.seckey[i]), "ec_pubkey_create", i);
        std::size_t len = 33;
        need(api.ec_pubkey_serialize(L.ctx, L.pub33[i], &len, &L.pubkey[i], SECP256K1_EC_COMPRESSED),
             "ec_pubkey_serialize", i);
        len = 65;
        need(api.ec_pubkey_serialize(L.ctx, L.pub65[i], &len, &L.pubkey[i], SECP256K1_EC_UNCOMPRESSED),
             "ec_pubkey_serialize", i);

        need(api.ecdsa_sign(L.ctx, &L.sig[i], in.msg[i], in.seckey[i], nullptr, nullptr), "ecdsa_sign", i);
        L.der_len[i] = sizeof L.der[i];
        need(api.ecdsa_signature_serialize_der(L.ctx, L.der[i], &L.der_len[i], &L.sig[i]),
             "ecdsa_signature_serialize_der", i);
        need(api.ecdsa_signature_serialize_compact(L.ctx, L.compact_high[i], &L.sig[i]),
             "ecdsa_signature_serialize_compact", i);
        negate_mod_order(L.compact_high[i] + 32);
        need(api.ecdsa_signature_parse_compact(L.ctx, &L.sig_high[i], L.compact_high[i]),
             "ecdsa_signature_parse_compact", i);
        need(api.ecdsa_sign_recoverable(L.ctx, &L.rsig[i], in.msg[i], in.seckey[i], nullptr, nullptr),
             "ecdsa_sign_recoverable", i);

        need(api.keypair_create(L.ctx, &L.keypair[i], in.seckey[i]), "keypair_create", i);
        need(api.keypair_xonly_pub(L.ctx, &L.xonly[i], nullptr, &L.keypair[i]), "keypair_xonly_pub", i);
        need(api.xonly_pubkey_serialize(L.ctx, L.xonly32[i], &L.xonly[i]), "xonly_pubkey_serialize", i);
        secp256k1_pubkey tweaked;
        secp256k1_xonly_pubkey tweaked_x;
        need(api.xonly_pubkey_tweak_add(L.ctx, &tweaked, &L.xonly[i], in.tweak[i]), "xonly_pubkey_tweak_add", i);
        need(api.xonly_pubkey_from_pubkey(L.ctx, &tweaked_x, &L.tweaked_parity[i], &tweaked),
             "xonly_pubkey_from_pubkey", i);
        need(api.xonly_pubkey_serialize(L.ctx, L.tweaked32[i], &tweaked_x), "xonly_pubkey_serialize", i);
        need(api.schnorrsig_sign32(L.ctx, L.schnorr_sig[i], in.msg[i], &L.keypair[i], in.aux[i]),
             "schnorrsig_sign32", i);
        need(api.ellswift_create(L.ctx, L.ell[i], in.seckey[i], in.aux[i]), "ellswift_create", i);
    }
    prepare_sp(L);
    prepare_musig(L);
}

// Silent payments inputs of L, from its own calls (see SpData).
void prepare_sp(Lib& L) {
    const SecpApi& api = *L.api;
    SpData& sp = L.sp;
    auto need = [&api](int ok, const char* what, std::size_t i) {
        if (ok != 1) die(api.name + ": preparing silent payments inputs: " + what + " failed on input " + std::to_string(i));
    };
    auto at = [](std::size_t i) { return i & (kInputs - 1); };
    sp.summary.resize(kInputs);
    sp.spend.resize(kInputs);
    sp.unrelated.resize(kInputs * kSpMaxOutputs);
    sp.paid.resize(2 * kInputs);
    sp.paid_label.resize(2 * kInputs);
    sp.labels_1.resize(kInputs);
    sp.labels_many.resize(kInputs);
    sp.recipient.resize(kInputs);
    sp.label_1.resize(kInputs);
    sp.label_1_33.resize(kInputs);
    for (std::size_t k = 0; k < kSpMaxOutputs; ++k) sp.found_ptr[k] = &sp.found[k];
    for (std::size_t i = 0; i < kInputs; ++i) {
        unsigned char outpoint[36];
        std::memcpy(outpoint, L.in->msg[i], 32);
        std::memcpy(outpoint + 32, L.in->tweak[i], 4);
        const secp256k1_pubkey* sender_pub[1] = {&L.pubkey[at(i + 2)]};
        need(api.silentpayments_recipient_prevouts_summary_create(L.ctx, &sp.summary[i], outpoint, nullptr, 0, sender_pub, 1),
             "prevouts_summary_create", i);
        sp.spend[i] = L.pubkey[at(i + 1)];
        sp.recipient[i] = {L.pubkey[i], sp.spend[i], 0};
        for (std::size_t j = 0; j < kSpMaxOutputs; ++j) sp.unrelated[i * kSpMaxOutputs + j] = &L.xonly[at(i + 3 + j)];

        const unsigned char* sender_sk[1] = {L.in->seckey[at(i + 2)]};
        const secp256k1_silentpayments_recipient* r[1] = {&sp.recipient[i]};
        secp256k1_xonly_pubkey* out[1] = {&sp.paid[2 * i]};
        need(api.silentpayments_sender_create_outputs(L.ctx, out, r, 1, outpoint, nullptr, 0, sender_sk, 1),
             "sender_create_outputs", i);
        sp.paid[2 * i + 1] = L.xonly[at(i + 3)];

        for (unsigned m = 1; m <= kSpManyLabels; ++m) {
            secp256k1_silentpayments_label label;
            std::array<unsigned char, 32> tweak;
            unsigned char label33[33];
            need(api.silentpayments_recipient_label_create(L.ctx, &label, tweak.data(), L.in->seckey[i], m),
                 "label_create", i);
            need(api.silentpayments_recipient_label_serialize(L.ctx, label33, &label), "label_serialize", i);
            const std::string key(reinterpret_cast<const char*>(label33), 33);
            sp.labels_many[i].by_label[key] = tweak;
            if (m != 1) continue;
            sp.labels_1[i].by_label[key] = tweak;
            sp.label_1[i] = label;
            std::memcpy(sp.label_1_33[i].data(), label33, 33);
            secp256k1_silentpayments_recipient labelled = sp.recipient[i];
            need(api.silentpayments_recipient_create_labeled_spend_pubkey(L.ctx, &labelled.spend_pubkey, &sp.spend[i], &label),
                 "create_labeled_spend_pubkey", i);
            const secp256k1_silentpayments_recipient* rl[1] = {&labelled};
            secp256k1_xonly_pubkey* outl[1] = {&sp.paid_label[2 * i + 1]};
            need(api.silentpayments_sender_create_outputs(L.ctx, outl, rl, 1, outpoint, nullptr, 0, sender_sk, 1),
                 "sender_create_outputs (labelled)", i);
            sp.paid_label[2 * i] = L.xonly[at(i + 3)];
        }
    }
}

// MuSig2 sessions of L (see MusigData), from its own calls.
void prepare_musig(Lib& L) {
    const SecpApi& api = *L.api;
    MusigData& m = *L.musig;
    auto need = [&api](int ok, const char* what, std::size_t i) {
        if (ok != 1) die(api.name + ": preparing MuSig2 inputs: " + what + " failed on input " + std::to_string(i));
    };
    for (std::size_t i = 0; i < kInputs; ++i) {
        const std::size_t j = (i + 1) & (kInputs - 1);
        const secp256k1_pubkey* pk[2] = {&L.pubkey[i], &L.pubkey[j]};
        need(api.musig_pubkey_agg(L.ctx, nullptr, &m.cache[i], pk, 2), "musig_pubkey_agg", i);
        secp256k1_musig_secnonce sec_j;
        for (int s = 0; s < 2; s++) {
            unsigned char rand[32];
            std::memcpy(rand, L.in->aux[s == 0 ? i : j], 32);
            rand[0] ^= (unsigned char)(0x5A + s);
            need(api.musig_nonce_gen(L.ctx, s == 0 ? &m.sec[i] : &sec_j, &m.pub[i][s], rand, nullptr, pk[s], nullptr,
                                     nullptr, nullptr), "musig_nonce_gen", i);
        }
        const secp256k1_musig_pubnonce* pn[2] = {&m.pub[i][0], &m.pub[i][1]};
        secp256k1_musig_aggnonce& an = m.agg[i];
        need(api.musig_nonce_agg(L.ctx, &an, pn, 2), "musig_nonce_agg", i);
        need(api.musig_nonce_process(L.ctx, &m.session[i], &an, L.in->msg[i], &m.cache[i]), "musig_nonce_process", i);
        secp256k1_musig_secnonce sec_i = m.sec[i];
        need(api.musig_partial_sign(L.ctx, &m.psig[i][0], &sec_i, &L.keypair[i], &m.cache[i], &m.session[i]),
             "musig_partial_sign", i);
        need(api.musig_partial_sign(L.ctx, &m.psig[i][1], &sec_j, &L.keypair[j], &m.cache[i], &m.session[i]),
             "musig_partial_sign", i);
        need(api.musig_pubnonce_serialize(L.ctx, m.pub66[i], &m.pub[i][0]), "musig_pubnonce_serialize", i);
        need(api.musig_aggnonce_serialize(L.ctx, m.agg66[i], &m.agg[i]), "musig_aggnonce_serialize", i);
        need(api.musig_partial_sig_serialize(L.ctx, m.psig32[i], &m.psig[i][0]), "musig_partial_sig_serialize", i);
    }
}

template <std::size_t N>
bool same_rows(const unsigned char (&a)[kInputs][N], const unsigned char (&b)[kInputs][N]) {
    return std::memcmp(a, b, sizeof a) == 0;
}

// The serialized inputs must agree, or the two libraries would not be timed on the same work.
void check_prepared(const Lib& A, const Lib& B) {
    auto need = [](bool same, const char* what) {
        if (!same) die(std::string("the libraries disagree while preparing inputs: ") + what);
    };
    need(same_rows(A.pub33, B.pub33), "compressed public keys");
    need(same_rows(A.pub65, B.pub65), "uncompressed public keys");
    need(std::equal(A.der_len, A.der_len + kInputs, B.der_len) && same_rows(A.der, B.der), "DER signatures");
    need(same_rows(A.compact_high, B.compact_high), "compact signatures");
    need(same_rows(A.xonly32, B.xonly32), "x-only public keys");
    need(same_rows(A.tweaked32, B.tweaked32) &&
             std::equal(A.tweaked_parity, A.tweaked_parity + kInputs, B.tweaked_parity),
         "tweaked x-only public keys");
    need(same_rows(A.schnorr_sig, B.schnorr_sig), "BIP-340 signatures");
    need(same_rows(A.musig->pub66, B.musig->pub66), "MuSig2 public nonces");
    need(same_rows(A.musig->agg66, B.musig->agg66), "MuSig2 aggregate nonces");
    need(same_rows(A.musig->psig32, B.musig->psig32), "MuSig2 partial signatures");
    need(A.sp.label_1_33 == B.sp.label_1_33, "silent payments labels");
}

std::string hex(const Bytes& b) {
    static const char digits[] = "0123456789abcdef";
    std::string s;
    for (unsigned char c : b) {
        s += digits[c >> 4];
        s += digits[c & 15];
    }
    return s.empty() ? "(none)" : s;
}

// Every operation, every input: same return code (1) and same output bytes in both libraries.
void check_op(const Op& op, Lib& A, Lib& B) {
    for (std::size_t i = 0; i < kInputs; ++i) {
        const int ra = op.once(A, i);
        const Bytes oa = ra == 1 ? op.observe(A) : Bytes{};
        const int rb = op.once(B, i);
        const Bytes ob = rb == 1 ? op.observe(B) : Bytes{};
        if (ra != 1 || rb != 1 || oa != ob) {
            die(std::string("results differ for ") + op.name + " on input " + std::to_string(i) + ":\n  " +
                A.api->name + ": returned " + std::to_string(ra) + ", output " + hex(oa) + "\n  " +
                B.api->name + ": returned " + std::to_string(rb) + ", output " + hex(ob) +
                "\nRefusing to benchmark wrong results.");
        }
    }
}

// ---- Timing ----------------------------------------------------------------------------------

// This thread's CPU time by default: on a shared machine the wall clock also counts the time the
// thread spends descheduled, which says nothing about either library. --wall switches to it.
bool g_wall_clock = false;

double now_seconds() {
    if (g_wall_clock) {
        return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
    }
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

double seconds(const Op& op, Lib& L, std::size_t iters) {
    const double t0 = now_seconds();
    const std::size_t ok = op.run(L, iters);
    const double t1 = now_seconds();
    if (ok != iters) die(std::string(op.name) + " failed during timing (" + L.api->name + ")");
    return t1 - t0;
}

// Iterations per round so that the slower library spends about `target` seconds.
std::size_t calibrate(const Op& op, Lib& A, Lib& B, double target) {
    auto slower = [&](std::size_t n) { return std::max(seconds(op, A, n), seconds(op, B, n)); };
    std::size_t iters = 1;
    while (iters < (std::size_t{1} << 34) && slower(iters) < target / 8) iters *= 2;
    // Long enough to measure: take the best of three so one interruption does not shrink the rounds.
    const double t = std::min({slower(iters), slower(iters), slower(iters)});
    const double scaled = static_cast<double>(iters) * target / std::max(t, 1e-9);
    return std::max<std::size_t>(1, static_cast<std::size_t>(scaled));
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

struct Result {
    std::string name;
    double ours_us;
    double ref_us;
    double ratio;  // median over rounds of (reference time / our time)
};

Result measure(const Op& op, Lib& ours, Lib& ref, int rounds, double target) {
    const std::size_t iters = calibrate(op, ours, ref, target);
    std::vector<double> a, b;
    for (int r = 0; r < rounds; ++r) {
        // Alternate who goes first so neither library always runs on a warmer (or hotter) core.
        if (r % 2 == 0) {
            a.push_back(seconds(op, ours, iters));
            b.push_back(seconds(op, ref, iters));
        } else {
            b.push_back(seconds(op, ref, iters));
            a.push_back(seconds(op, ours, iters));
        }
    }
    const double per = 1e6 / static_cast<double>(iters);
    std::vector<double> q;
    for (int r = 0; r < rounds; ++r) q.push_back(b[r] / a[r]);
    return {op.name, median(a) * per, median(b) * per, median(q)};
}

// ---- Report ----------------------------------------------------------------------------------

std::string cpu_model() {
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("model name", 0) == 0) {
            const auto colon = line.find(':');
            if (colon != std::string::npos) return line.substr(line.find_first_not_of(" \t", colon + 1));
        }
    }
    return "unknown";
}

std::string collapse_spaces(std::string s) {
    std::string out;
    for (char c : s) {
        if (c == ' ' && (out.empty() || out.back() == ' ')) continue;
        out += c;
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out.empty() ? "(none)" : out;
}

std::string fmt_us(double us) {
    char buf[32];
    std::snprintf(buf, sizeof buf, us < 10 ? "%.3f" : us < 100 ? "%.2f" : "%.1f", us);
    return buf;
}

std::string fmt_ratio(double r) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2fx", r);
    return buf;
}

// Columns are counted in characters, not bytes ("µ" is two bytes of UTF-8).
std::size_t display_width(const std::string& s) {
    return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](char c) {
        return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    }));
}

std::string pad(const std::string& s, std::size_t width, bool right_align) {
    const std::size_t w = display_width(s);
    const std::string fill(w < width ? width - w : 0, ' ');
    return right_align ? fill + s : s + fill;
}

struct Options {
    std::string ref_path;
    std::string debug_ours_path;
    std::string filter;
    int rounds = 9;
    double round_ms = 60;
    std::uint64_t seed = 0x5ecb256b1;
    bool markdown = false;
    bool wall = false;
    bool list = false;
};

void usage() {
    std::printf(
        "usage: bench_compare [options]\n"
        "Times fastsecp and a reference libsecp256k1 side by side on identical inputs.\n"
        "  --ref PATH        reference shared object (libsecp256k1.so or the btclib-secp256k1 wheel's\n"
        "                    _btclib_secp256k1*.so); default: $FASTSECP_REFERENCE_LIB, else the\n"
        "                    path configured at build time\n"
        "  --rounds N        timed rounds per operation and library (default 9); medians are reported\n"
        "  --round-ms MS     approximate length of one round in milliseconds (default 60)\n"
        "  --filter SUBSTR   only operations whose name contains SUBSTR\n"
        "  --markdown        print a Markdown table for docs/BENCHMARKS.md\n"
        "  --wall            time with the wall clock instead of this thread's CPU time\n"
        "  --seed N          seed for the random inputs (default fixed)\n"
        "  --list            list the operations and exit\n"
        "  --debug-ours PATH load \"fastsecp\" from a shared object instead of the linked library\n"
        "                    (for testing this harness, e.g. with the reference on both sides)\n");
}

Options parse_args(int argc, char** argv) {
    Options o;
    for (int k = 1; k < argc; ++k) {
        std::string arg = argv[k];
        std::string value;
        bool has_value = false;
        if (const auto eq = arg.find('='); arg.rfind("--", 0) == 0 && eq != std::string::npos) {
            value = arg.substr(eq + 1);
            arg.resize(eq);
            has_value = true;
        }
        auto next = [&]() -> std::string {
            if (has_value) return value;
            if (k + 1 >= argc) die("missing value for " + arg);
            return argv[++k];
        };
        auto number = [&](const std::string& s) {
            char* end = nullptr;
            const double v = std::strtod(s.c_str(), &end);
            if (end == s.c_str() || *end != '\0' || !(v > 0)) die("bad value for " + arg + ": " + s);
            return v;
        };
        if (arg == "--ref") o.ref_path = next();
        else if (arg == "--debug-ours") o.debug_ours_path = next();
        else if (arg == "--filter") o.filter = next();
        else if (arg == "--rounds") o.rounds = static_cast<int>(number(next()));
        else if (arg == "--round-ms") o.round_ms = number(next());
        else if (arg == "--seed") o.seed = std::strtoull(next().c_str(), nullptr, 0);
        else if (arg == "--markdown") o.markdown = true;
        else if (arg == "--wall") o.wall = true;
        else if (arg == "--list") o.list = true;
        else if (arg == "--help" || arg == "-h") {
            usage();
            std::exit(0);
        } else {
            usage();
            die("unknown option " + arg);
        }
    }
    return o;
}

}  // namespace

int main(int argc, char** argv) {
    const Options opt = parse_args(argc, argv);
    g_wall_clock = opt.wall;
    const std::string_view build_type = FASTSECP_BENCH_BUILD_TYPE;
    if (build_type != "Release" && build_type != "RelWithDebInfo") {
        std::fprintf(stderr, "bench_compare: warning: %s build; use tools/bench.sh for numbers worth quoting\n",
                     build_type.empty() ? "unnamed" : FASTSECP_BENCH_BUILD_TYPE);
    }
    std::vector<Op> ops;
    for (const Op& op : all_ops())
        if (std::string_view(op.name).find(opt.filter) != std::string_view::npos) ops.push_back(op);
    if (opt.list) {
        for (const Op& op : ops) std::printf("%s\n", op.name);
        return 0;
    }
    if (ops.empty()) die("no operation matches --filter '" + opt.filter + "' (see --list)");

    SecpApi ours_api;
    std::string error;
    if (opt.debug_ours_path.empty()) {
        ours_api = load_fastsecp_api();
    } else if (!load_reference_api(opt.debug_ours_path, ours_api, error)) {
        die(error);
    } else {
        ours_api.name = "fastsecp (debug: loaded from " + opt.debug_ours_path + ")";
    }
    SecpApi ref_api;
    const std::string ref_path = opt.ref_path.empty() ? default_reference_path() : opt.ref_path;
    if (!load_reference_api(ref_path, ref_api, error)) die(error);
    if (opt.debug_ours_path.empty() && ours_api.ecdsa_sign == ref_api.ecdsa_sign) {
        die("the reference resolved to fastsecp's own symbols; it was not isolated");
    }
    // Every operation is timed on both sides, so every entry must be there (a library built
    // without a module, e.g. ECDH off, cannot be compared by this harness).
    for (const SecpApi* api : {&ours_api, &ref_api}) {
        std::string missing;
#define FASTSECP_BENCH_REQUIRE(n) if (api->n == nullptr) missing += " secp256k1_" #n;
        FASTSECP_API_FUNCTIONS(FASTSECP_BENCH_REQUIRE)
#undef FASTSECP_BENCH_REQUIRE
        if (!missing.empty()) die(api->name + " lacks functions the benchmark calls:" + missing);
    }

    auto shared = std::make_unique<SharedInputs>();
    fill_random(*shared, opt.seed);
    auto ours = std::make_unique<Lib>();
    auto ref = std::make_unique<Lib>();
    prepare(*ours, ours_api, *shared);
    prepare(*ref, ref_api, *shared);
    check_prepared(*ours, *ref);
    for (const Op& op : ops) check_op(op, *ours, *ref);
    std::fprintf(stderr, "bench_compare: outputs of %zu operation(s) agree on %zu inputs; timing...\n",
                 ops.size(), kInputs);

    std::vector<Result> results;
    for (const Op& op : ops) {
        results.push_back(measure(op, *ours, *ref, opt.rounds, opt.round_ms / 1000));
        if (!opt.markdown) std::fprintf(stderr, "  %s done\n", op.name);
    }

    // tools/bench.sh says how it was called, which is the command worth quoting in the docs.
    std::string command;
    if (const char* via = std::getenv("FASTSECP_BENCH_COMMAND"); via != nullptr && *via != '\0') {
        command = via;
    } else {
        command = "bench_compare";
        for (int k = 1; k < argc; ++k) command += std::string(" ") + argv[k];
    }
    const std::string flags = collapse_spaces(FASTSECP_BENCH_FLAGS);
    char method[200];
    std::snprintf(method, sizeof method,
                  "%zu inputs, %d interleaved rounds of ~%.0f ms per operation and library, "
                  "median of %s time; ratio: the median of the rounds' own ratios",
                  kInputs, opt.rounds, opt.round_ms, opt.wall ? "wall-clock" : "thread CPU");

    if (opt.markdown) {
        std::printf("- CPU: %s\n", cpu_model().c_str());
        std::printf("- Compiler: %s, flags `%s` (%s)\n", FASTSECP_BENCH_COMPILER, flags.c_str(),
                    FASTSECP_BENCH_BUILD_TYPE);
        std::printf("- fastsecp: %s\n", ours_api.name.c_str());
        std::printf("- Reference: `%s`\n", ref_path.c_str());
        std::printf("- Method: %s; ratio above 1: fastsecp is faster\n", method);
        std::printf("- Command: `%s`\n\n", command.c_str());
        std::printf("| Operation | fastsecp µs/op | libsecp256k1 µs/op | ratio (ref/ours) |\n");
        std::printf("|---|---:|---:|---:|\n");
        for (const Result& r : results) {
            std::printf("| %s | %s | %s | %s |\n", r.name.c_str(), fmt_us(r.ours_us).c_str(),
                        fmt_us(r.ref_us).c_str(), fmt_ratio(r.ratio).c_str());
        }
        return 0;
    }
    std::printf("CPU:        %s\n", cpu_model().c_str());
    std::printf("Compiler:   %s\n", FASTSECP_BENCH_COMPILER);
    std::printf("Flags:      %s (%s)\n", flags.c_str(), FASTSECP_BENCH_BUILD_TYPE);
    std::printf("fastsecp:   %s\n", ours_api.name.c_str());
    std::printf("Reference:  %s\n", ref_path.c_str());
    std::printf("Method:     %s\n", method);
    std::printf("Command:    %s\n", command.c_str());
    std::printf("Ratio:      reference time / fastsecp time (above 1: fastsecp is faster)\n\n");
    std::size_t width = std::string_view("operation").size();
    for (const Result& r : results) width = std::max(width, r.name.size());
    const std::vector<std::string> head = {"operation", "fastsecp µs/op", "libsecp256k1 µs/op",
                                           "ratio (ref/ours)"};
    auto row = [&](const std::vector<std::string>& cells) {
        std::string line = pad(cells[0], width, false);
        for (std::size_t c = 1; c < cells.size(); ++c) line += "  " + pad(cells[c], display_width(head[c]), true);
        std::printf("%s\n", line.c_str());
    };
    row(head);
    for (const Result& r : results)
        row({r.name, fmt_us(r.ours_us), fmt_us(r.ref_us), fmt_ratio(r.ratio)});
    return 0;
}
