// secp256k1_silentpayments.h: BIP-352 Silent Payments (sender outputs, labels, prevouts summary,
// scanning). The protocol steps live in schemes/silentpayments*.h; this file checks arguments,
// loads and stores the opaque objects, and keeps libsecp256k1 v0.8.0's order of checks,
// failure results and declassification points.
#if defined(ENABLE_MODULE_SILENTPAYMENTS)
#include <secp256k1_silentpayments.h>

#include "compat/context.h"
#include "compat/extrakeys.h"
#include "compat/silentpayments_sort.h"
#include "hash/memclear.h"
#include "schemes/eckey.h"
#include "schemes/silentpayments.h"
#include "schemes/silentpayments_scan.h"

using namespace fastsecp;
using namespace fastsecp::compat;
namespace sp = fastsecp::silentpayments;

namespace {

// Opaque layouts (the same bytes as libsecp256k1 v0.8.0 writes):
//   label:            magic[4] | point[64]
//   prevouts summary: magic[4] | combined[1] (always 0 here) | A_sum point[64] | input_hash[32]
// where a point is x, y as normalized little-endian 64-bit limbs (like secp256k1_pubkey).
const unsigned char LABEL_MAGIC[4] = {0x27, 0x9d, 0x44, 0xba};
const unsigned char SUMMARY_MAGIC[4] = {0xa7, 0x1c, 0xd3, 0x5e};
constexpr size_t SUMMARY_COMBINED = 4, SUMMARY_POINT = 5, SUMMARY_HASH = 5 + 64;

// Reported texts of the magic checks, as libsecp256k1 words them.
constexpr const char* MSG_LABEL_MAGIC =
    "secp256k1_memcmp_var(&label->data[0], secp256k1_silentpayments_label_magic, 4) == 0";
constexpr const char* MSG_SUMMARY_MAGIC =
    "secp256k1_memcmp_var(&prevouts_summary->data[0], secp256k1_silentpayments_prevouts_summary_magic, 4) == 0";

// p not infinity. Constant time (point_save normalizes without branches).
void label_save(secp256k1_silentpayments_label* label, const Ge& p) {
    std::memcpy(label->data, LABEL_MAGIC, 4);
    point_save(label->data + 4, p);
}

// The point is taken as stored; only the magic tells whether the object was ever set.
bool label_load(const secp256k1_context* ctx, Ge& p, const secp256k1_silentpayments_label* label) {
    ARG_CHECK_MSG(magic_matches(label->data, LABEL_MAGIC), MSG_LABEL_MAGIC);
    point_load_raw(p, label->data + 4);
    return true;
}

using Recipient = secp256k1_silentpayments_recipient;

// Order for grouping recipients: scan public key, then index. Goes through the public
// comparison so invalid keys are reported exactly as libsecp256k1 reports them.
int recipient_cmp(const secp256k1_context* ctx, const Recipient* a, const Recipient* b) {
    int c = secp256k1_ec_pubkey_cmp(ctx, &a->scan_pubkey, &b->scan_pubkey);
    if (c != 0) return c;
    return (a->index > b->index) - (a->index < b->index);
}

// t_k for the shared secret and k; the hash becomes public here (the sender publishes the
// outputs, the scanner branches on matches), as in libsecp256k1.
bool output_tweak(const secp256k1_context* ctx, Scalar& t_k, const unsigned char* ss33, uint32_t k) {
    unsigned char h[32];
    sp::output_tweak_hash(h, ss33, k, sha_of(ctx));
    declassify(ctx, h, sizeof h);
    bool ok = sp::output_tweak_scalar(t_k, h);
    hash::memclear(h, sizeof h);
    return ok;
}

// Writes the x-only output for spend_pubkey and the k-th tweak of ss33.
bool sender_output(const secp256k1_context* ctx, secp256k1_xonly_pubkey* out, const unsigned char* ss33,
                   const secp256k1_pubkey* spend_pubkey, uint32_t k) {
    Scalar t_k;
    Ge spend, p;
    bool ok = output_tweak(ctx, t_k, ss33, k) && pubkey_load(ctx, spend, spend_pubkey) &&
              sp::output_xonly_var(p, spend, t_k);
    scalar_clear(t_k);
    if (ok) point_save(out->data, p);
    return ok;
}

}  // namespace

extern "C" {

int secp256k1_silentpayments_sender_create_outputs(const secp256k1_context* ctx,
                                                   secp256k1_xonly_pubkey** generated_outputs,
                                                   const secp256k1_silentpayments_recipient** recipients,
                                                   size_t n_recipients, const unsigned char* outpoint_smallest36,
                                                   const secp256k1_keypair* const* keypairs, size_t n_keypairs,
                                                   const unsigned char* const* seckeys, size_t n_seckeys) {
    ARG_CHECK_GEN_BUILT();
    ARG_CHECK(generated_outputs != NULL);
    ARG_CHECK(recipients != NULL);
    ARG_CHECK(n_recipients > 0);
    ARG_CHECK(outpoint_smallest36 != NULL);
    ARG_CHECK((seckeys != NULL) || (keypairs != NULL));
    if (keypairs != NULL) {
        ARG_CHECK(n_keypairs > 0);
        for (size_t i = 0; i < n_keypairs; i++) ARG_CHECK(keypairs[i] != NULL);
    } else {
        ARG_CHECK(n_keypairs == 0);
    }
    if (seckeys != NULL) {
        ARG_CHECK(n_seckeys > 0);
        for (size_t i = 0; i < n_seckeys; i++) ARG_CHECK(seckeys[i] != NULL);
    } else {
        ARG_CHECK(n_seckeys == 0);
    }
    for (size_t i = 0; i < n_recipients; i++) {
        ARG_CHECK(generated_outputs[i] != NULL);
        ARG_CHECK(recipients[i] != NULL);
        ARG_CHECK(recipients[i]->index == i);
    }

    // a = sum of the input secret keys; taproot keys count with the sign that gives their
    // public key even y, so a·G equals the sum the recipient forms from x-only keys.
    Scalar a, addend;
    scalar_clear(a);
    for (size_t i = 0; i < n_seckeys; i++) {
        int ok = scalar_set_b32_seckey(addend, seckeys[i]);
        declassify(ctx, &ok, sizeof ok);  // whether a key is valid is not secret: a bad one fails the call
        if (!ok) {
            scalar_clear(addend);
            scalar_clear(a);
            return 0;
        }
        scalar_add(a, a, addend);
    }
    for (size_t i = 0; i < n_keypairs; i++) {
        Ge pub;
        int ok = keypair_load(ctx, &addend, pub, keypairs[i]);
        declassify(ctx, &ok, sizeof ok);
        if (!ok) {
            scalar_clear(addend);
            scalar_clear(a);
            return 0;
        }
        scalar_cond_negate(addend, (uint64_t)fe_is_odd(pub.y));
        scalar_add(a, a, addend);
    }
    int sum_is_zero = scalar_is_zero(a);
    declassify(ctx, &sum_is_zero, sizeof sum_is_zero);
    scalar_clear(addend);
    if (sum_is_zero) {
        scalar_clear(a);
        return 0;
    }
    // A = a·G is what the recipient sees on chain; from here on it is public.
    Ge a_pub;
    ecmult_gen_ge(ctx, a_pub, a);
    declassify(ctx, &a_pub, sizeof a_pub);
    Scalar ih;
    if (!sp::input_hash(ih, outpoint_smallest36, a_pub, sha_of(ctx))) {
        scalar_clear(a);
        return 0;
    }
    // (input_hash·a)·B_scan: one scalar product instead of a second point multiplication.
    scalar_mul(a, a, ih);

    // Group recipients by scan key; within a group they keep their order, and k counts up.
    heap_sort(recipients, n_recipients,
              [ctx](const Recipient* x, const Recipient* y) { return recipient_cmp(ctx, x, y); });
    unsigned char ss[33];
    secp256k1_pubkey current = recipients[0]->scan_pubkey;
    uint32_t k = 0;
    int ret = 1;
    for (size_t i = 0; i < n_recipients; i++) {
        const Recipient* r = recipients[i];
        if (i == 0 || secp256k1_ec_pubkey_cmp(ctx, &current, &r->scan_pubkey) != 0) {
            Ge scan;
            if (!pubkey_load(ctx, scan, &r->scan_pubkey)) {
                ret = 0;
                break;
            }
            sp::shared_secret(ss, scan, a);
            k = 0;
        }
        // Outputs beyond K_max in one group would never be found by the recipient.
        if (k >= sp::GROUP_LIMIT || !sender_output(ctx, generated_outputs[r->index], ss, &r->spend_pubkey, k)) {
            ret = 0;
            break;
        }
        current = r->scan_pubkey;
        k++;
    }
    scalar_clear(a);
    hash::memclear(ss, sizeof ss);
    return ret;
}

int secp256k1_silentpayments_recipient_label_parse(const secp256k1_context* ctx, secp256k1_silentpayments_label* label,
                                                   const unsigned char* in33) {
    ARG_CHECK(label != NULL);
    std::memset(label, 0, sizeof(*label));
    ARG_CHECK(in33 != NULL);
    Ge p;
    if (!pubkey_parse(p, in33, 33)) return 0;
    label_save(label, p);
    return 1;
}

int secp256k1_silentpayments_recipient_label_serialize(const secp256k1_context* ctx, unsigned char* out33,
                                                       const secp256k1_silentpayments_label* label) {
    ARG_CHECK(out33 != NULL);
    std::memset(out33, 0, 33);
    ARG_CHECK(label != NULL);
    Ge p;
    if (!label_load(ctx, p, label)) return 0;
    // The stored coordinates as they are (a label made here is normalized already).
    out33[0] = (unsigned char)(0x02 | (p.y.n[0] & 1));
    fe_get_b32(out33 + 1, p.x);
    return 1;
}

int secp256k1_silentpayments_recipient_label_create(const secp256k1_context* ctx, secp256k1_silentpayments_label* label,
                                                    unsigned char* label_tweak32, const unsigned char* scan_key32,
                                                    uint32_t m) {
    ARG_CHECK(label != NULL);
    std::memset(label, 0, sizeof(*label));
    ARG_CHECK_GEN_BUILT();
    ARG_CHECK(label_tweak32 != NULL);
    ARG_CHECK(scan_key32 != NULL);
    // Everything below runs the same way for valid and invalid scan keys (constant time); an
    // invalid key only zeroes the outputs at the end.
    Scalar tmp;
    int ret = scalar_set_b32_seckey(tmp, scan_key32);
    scalar_clear(tmp);
    sp::label_tweak(label_tweak32, scan_key32, m, sha_of(ctx));
    Ge lp;
    ret &= pubkey_create_helper(ctx, tmp, lp, label_tweak32);
    label_save(label, lp);
    memczero(label, sizeof(*label), !ret);
    memczero(label_tweak32, 32, !ret);
    scalar_clear(tmp);
    hash::memclear(&lp, sizeof lp);
    return ret;
}

int secp256k1_silentpayments_recipient_create_labeled_spend_pubkey(const secp256k1_context* ctx,
                                                                   secp256k1_pubkey* labeled_spend_pubkey,
                                                                   const secp256k1_pubkey* unlabeled_spend_pubkey,
                                                                   const secp256k1_silentpayments_label* label) {
    ARG_CHECK(labeled_spend_pubkey != NULL);
    std::memset(labeled_spend_pubkey, 0, sizeof(*labeled_spend_pubkey));
    ARG_CHECK(unlabeled_spend_pubkey != NULL);
    ARG_CHECK(label != NULL);
    Ge spend, lp;
    // Both objects are checked (and reported) before giving up.
    int ret = pubkey_load(ctx, spend, unlabeled_spend_pubkey);
    ret &= label_load(ctx, lp, label);
    if (!ret) return 0;
    Ge r;
    if (!ge_add_distinct_var<1>(&r, &spend, &lp)) {  // equal x: a doubling, or infinity
        Gej sum;
        gej_set_ge(sum, spend);
        gej_add_ge_var(sum, sum, lp);
        if (sum.infinity) return 0;
        ge_set_gej_var(r, sum);
    }
    pubkey_save(labeled_spend_pubkey, r);
    return 1;
}

int secp256k1_silentpayments_recipient_prevouts_summary_create(
    const secp256k1_context* ctx, secp256k1_silentpayments_prevouts_summary* prevouts_summary,
    const unsigned char* outpoint_smallest36, const secp256k1_xonly_pubkey* const* xonly_pubkeys,
    size_t n_xonly_pubkeys, const secp256k1_pubkey* const* pubkeys, size_t n_pubkeys) {
    ARG_CHECK(prevouts_summary != NULL);
    std::memset(prevouts_summary, 0, sizeof(*prevouts_summary));
    ARG_CHECK(outpoint_smallest36 != NULL);
    ARG_CHECK((pubkeys != NULL) || (xonly_pubkeys != NULL));
    if (xonly_pubkeys != NULL) {
        ARG_CHECK(n_xonly_pubkeys > 0);
        for (size_t i = 0; i < n_xonly_pubkeys; i++) ARG_CHECK(xonly_pubkeys[i] != NULL);
    } else {
        ARG_CHECK(n_xonly_pubkeys == 0);
    }
    if (pubkeys != NULL) {
        ARG_CHECK(n_pubkeys > 0);
        for (size_t i = 0; i < n_pubkeys; i++) ARG_CHECK(pubkeys[i] != NULL);
    } else {
        ARG_CHECK(n_pubkeys == 0);
    }
    // A = sum of all input keys (full keys first, then x-only ones as even-y points). A sum at
    // infinity means no silent payment can be in this transaction.
    Gej sum;
    gej_set_infinity(sum);
    Ge addend;
    for (size_t i = 0; i < n_pubkeys; i++) {
        if (!pubkey_load(ctx, addend, pubkeys[i])) return 0;
        gej_add_ge_var(sum, sum, addend);
    }
    for (size_t i = 0; i < n_xonly_pubkeys; i++) {
        if (!xonly_load(ctx, addend, xonly_pubkeys[i])) return 0;
        gej_add_ge_var(sum, sum, addend);
    }
    if (sum.infinity) return 0;
    Ge a_sum;
    ge_set_gej_var(a_sum, sum);
    Scalar ih;
    if (!sp::input_hash(ih, outpoint_smallest36, a_sum, sha_of(ctx))) return 0;
    unsigned char* d = prevouts_summary->data;
    std::memcpy(d, SUMMARY_MAGIC, 4);
    d[SUMMARY_COMBINED] = 0;
    point_save(d + SUMMARY_POINT, a_sum);
    scalar_get_b32(d + SUMMARY_HASH, ih);
    return 1;
}

int secp256k1_silentpayments_recipient_scan_outputs(const secp256k1_context* ctx,
                                                    secp256k1_silentpayments_found_output** found_outputs,
                                                    uint32_t* n_found_outputs,
                                                    const secp256k1_xonly_pubkey* const* tx_outputs,
                                                    size_t n_tx_outputs, const unsigned char* scan_key32,
                                                    const secp256k1_silentpayments_prevouts_summary* prevouts_summary,
                                                    const secp256k1_pubkey* unlabeled_spend_pubkey,
                                                    secp256k1_silentpayments_label_lookup label_lookup,
                                                    const void* label_context) {
    ARG_CHECK(found_outputs != NULL);
    ARG_CHECK(n_found_outputs != NULL);
    *n_found_outputs = 0;
    ARG_CHECK(tx_outputs != NULL);
    ARG_CHECK(n_tx_outputs > 0);
    for (size_t i = 0; i < n_tx_outputs; i++) {
        ARG_CHECK(found_outputs[i] != NULL);
        ARG_CHECK(tx_outputs[i] != NULL);
        Ge t;
        if (!xonly_load(ctx, t, tx_outputs[i])) return 0;
    }
    ARG_CHECK(scan_key32 != NULL);
    ARG_CHECK(prevouts_summary != NULL);
    ARG_CHECK_MSG(magic_matches(prevouts_summary->data, SUMMARY_MAGIC), MSG_SUMMARY_MAGIC);
    ARG_CHECK(unlabeled_spend_pubkey != NULL);
    if (label_context != NULL) ARG_CHECK(label_lookup != NULL);

    Scalar b;
    int valid = scalar_set_b32_seckey(b, scan_key32);
    declassify(ctx, &valid, sizeof valid);
    if (!valid) {
        scalar_clear(b);
        return 0;
    }
    const unsigned char* d = prevouts_summary->data;
    Ge a_sum;
    point_load_raw(a_sum, d + SUMMARY_POINT);
    // A summary whose A_sum already includes the input hash ("combined") is multiplied by the
    // scan key alone. prevouts_summary_create never makes one, but the byte is honoured.
    if (d[SUMMARY_COMBINED] == 0) {
        Scalar ih;
        scalar_set_b32(ih, d + SUMMARY_HASH, nullptr);
        scalar_mul(b, b, ih);
    }
    Ge spend;
    if (!pubkey_load(ctx, spend, unlabeled_spend_pubkey)) {
        scalar_clear(b);
        return 0;
    }
    unsigned char ss[33];
    sp::shared_secret(ss, a_sum, b);
    scalar_clear(b);

    auto load = [tx_outputs](size_t j, Ge& t) { point_load_raw(t, tx_outputs[j]->data); };
    auto lookup = [label_lookup, label_context](const unsigned char* label33) {
        return label_lookup(label33, label_context);
    };
    // Never look past K_max outputs: bounds the work a crafted transaction can cause.
    const uint32_t k_max = n_tx_outputs < sp::GROUP_LIMIT ? (uint32_t)n_tx_outputs : sp::GROUP_LIMIT;
    uint32_t k;
    for (k = 0; k < k_max; k++) {
        Scalar t_k;
        Gej p_k;
        if (!output_tweak(ctx, t_k, ss, k) || !sp::output_point_var(p_k, spend, t_k)) {
            scalar_clear(t_k);
            hash::memclear(ss, sizeof ss);
            return 0;
        }
        sp::RoundResult hit = sp::scan_round_var(p_k, n_tx_outputs, label_lookup != NULL, load, lookup);
        if (hit.index == SIZE_MAX) {
            scalar_clear(t_k);
            break;
        }
        secp256k1_silentpayments_found_output* f = found_outputs[k];
        f->output = *tx_outputs[hit.index];
        scalar_get_b32(f->tweak, t_k);
        scalar_clear(t_k);
        if (hit.label_tweak != nullptr) {
            f->found_with_label = 1;
            // A label tweak that cancels t_k (or is not a scalar) leaves tweak 0: the output is
            // still spendable with the spend key alone.
            if (!secp256k1_ec_seckey_tweak_add(ctx, f->tweak, hit.label_tweak)) std::memset(f->tweak, 0, 32);
            label_save(&f->label, hit.label);
        } else {
            f->found_with_label = 0;
            std::memset(&f->label, 0, sizeof(f->label));
        }
    }
    *n_found_outputs = k;
    hash::memclear(ss, sizeof ss);
    return 1;
}

}  // extern "C"

#endif  // ENABLE_MODULE_SILENTPAYMENTS
