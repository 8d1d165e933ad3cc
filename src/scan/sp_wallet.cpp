// fastsecp_sp_wallet_create / _destroy.
#include "scan/sp_wallet.h"

#include "api/batch_call.h"
#include "api/context.h"
#include "api/parse.h"
#include "ecmult/ecmult.h"
#include "hash/memclear.h"
#include "schemes/silentpayments.h"

using namespace fastsecp;

namespace {

// Slot of a point: its x is uniformly distributed, so its low bits are a fine hash.
size_t slot_of(const Ge& p, size_t mask) { return (size_t)(p.x.n[0] ^ (p.x.n[1] >> 7)) & mask; }

// A new wallet with the scan key, the spend key (33 or 64 bytes, see api::parse_points) and room
// for n_labels labels. On failure w may be set (wallet_finish frees it).
fastsecp_status wallet_begin(fastsecp_sp_wallet*& w, const unsigned char* scan32, const unsigned char* spend,
                             size_t spend_len, size_t n_labels) {
    w = rt::create<fastsecp_sp_wallet>();
    if (w == nullptr) return FASTSECP_ERR_OUT_OF_MEMORY;
    int valid = scalar_set_b32_seckey(w->scan, scan32);
    api::declassify(&valid, sizeof valid);  // like libsecp256k1: a bad key is the caller's to know
    if (!valid) return FASTSECP_ERR_SCALAR_OUT_OF_RANGE;
    fastsecp_status st;
    if (spend_len == 64) st = api::parse_point_raw64(w->spend, spend);
    else st = api::parse_pubkey(w->spend, spend, spend_len == 33 ? 33 : 0);
    if (st != FASTSECP_OK) return st;
    fe_normalize(w->spend.x);
    fe_normalize(w->spend.y);
    std::memcpy(w->scan32, scan32, 32);
    size_t size = 1;
    while (size < 2 * n_labels) size <<= 1;
    if (!w->labels.reserve(n_labels) || (n_labels > 0 && !w->slots.assign(size, 0))) return FASTSECP_ERR_OUT_OF_MEMORY;
    return FASTSECP_OK;
}

// Hands w out when st is OK, else wipes and frees it.
fastsecp_status wallet_finish(fastsecp_sp_wallet** out, fastsecp_sp_wallet* w, fastsecp_status st) {
    if (st != FASTSECP_OK) {
        fastsecp_sp_wallet_destroy(w);
        return st;
    }
    *out = w;
    return FASTSECP_OK;
}

}  // namespace

void fastsecp_sp_wallet::add_label(const scan::Label& l) {
    if (find_label(l.point) != nullptr) return;  // the same label twice
    (void)labels.push_back(l);                   // capacity reserved by the caller
    const size_t mask = slots.size() - 1;
    size_t s = slot_of(l.point, mask);
    while (slots[s] != 0) s = (s + 1) & mask;
    slots[s] = (uint32_t)labels.size();
}

const scan::Label* fastsecp_sp_wallet::find_label(const Ge& p) const {
    if (slots.empty()) return nullptr;
    const size_t mask = slots.size() - 1;
    for (size_t s = slot_of(p, mask);; s = (s + 1) & mask) {
        uint32_t v = slots[s];
        if (v == 0) return nullptr;
        const scan::Label& l = labels[v - 1];
        if (fe_equal_normalized(l.point.x, p.x) && fe_equal_normalized(l.point.y, p.y)) return &l;
    }
}

extern "C" {

fastsecp_status fastsecp_sp_wallet_create(const fastsecp_ctx* ctx, fastsecp_sp_wallet** wallet,
                                          const unsigned char* scan_seckey32, const unsigned char* spend_pubkey33,
                                          const unsigned int* labels, size_t n_labels) {
    if (wallet != nullptr) *wallet = nullptr;
    if (ctx == nullptr || wallet == nullptr || scan_seckey32 == nullptr || spend_pubkey33 == nullptr ||
        (labels == nullptr && n_labels > 0) || n_labels > FASTSECP_SP_MAX_LABELS)
        return FASTSECP_ERR_INVALID_ARGUMENT;
    fastsecp_sp_wallet* w = nullptr;
    fastsecp_status st = wallet_begin(w, scan_seckey32, spend_pubkey33, 33, n_labels);
    for (size_t i = 0; i < n_labels && st == FASTSECP_OK; i++) {
        scan::Label l;
        l.m = labels[i];
        silentpayments::label_tweak(l.tweak32, w->scan32, l.m, nullptr);
        Scalar t;
        int overflow = 0;
        scalar_set_b32(t, l.tweak32, &overflow);
        int unusable = overflow | (int)scalar_is_zero(t);
        api::declassify(&unusable, sizeof unusable);
        if (unusable) {  // probability ~2^-128: libsecp256k1 refuses such a label too
            st = FASTSECP_ERR_SCALAR_OUT_OF_RANGE;
            break;
        }
        Gej lj;
        ecmult_gen(ctx->gen_blind, lj, t);
        scalar_clear(t);
        ge_set_gej(l.point, lj);
        fe_normalize(l.point.x);
        fe_normalize(l.point.y);
        // The label point is public (labelled addresses publish B_spend + label·G).
        api::declassify(&l.point, sizeof l.point);
        w->add_label(l);
        hash::memclear(&l, sizeof l);
    }
    return wallet_finish(wallet, w, st);
}

fastsecp_status fastsecp_sp_wallet_create_from_points(const fastsecp_ctx* ctx, fastsecp_sp_wallet** wallet,
                                                      const unsigned char* scan_seckey32,
                                                      const unsigned char* spend_pubkey, size_t spend_pubkeylen,
                                                      const unsigned char* const* label_points,
                                                      const size_t* label_lens, size_t n_labels,
                                                      fastsecp_status* label_results) {
    if (wallet != nullptr) *wallet = nullptr;
    if (ctx == nullptr || wallet == nullptr || scan_seckey32 == nullptr || spend_pubkey == nullptr ||
        ((label_points == nullptr || label_lens == nullptr) && n_labels > 0) || n_labels > FASTSECP_SP_MAX_LABELS) {
        api::fail_all(label_results, n_labels, FASTSECP_ERR_INVALID_ARGUMENT);
        return FASTSECP_ERR_INVALID_ARGUMENT;
    }
    fastsecp_sp_wallet* w = nullptr;
    fastsecp_status st = wallet_begin(w, scan_seckey32, spend_pubkey, spend_pubkeylen, n_labels);
    if (st == FASTSECP_OK) w->point_labels = n_labels > 0;
    constexpr size_t RUN = 64;
    for (size_t b = 0; b < n_labels && st == FASTSECP_OK; b += RUN) {
        const size_t m = n_labels - b < RUN ? n_labels - b : RUN;
        Ge p[RUN];
        fastsecp_status ps[RUN];
        static const unsigned char dummy[33] = {0};  // a NULL point fails as BAD_ENCODING below
        const unsigned char* keys[RUN];
        size_t lens[RUN];
        for (size_t k = 0; k < m; k++) {
            keys[k] = label_points[b + k] != nullptr ? label_points[b + k] : dummy;
            lens[k] = label_points[b + k] != nullptr ? label_lens[b + k] : 0;
        }
        api::parse_points(p, ps, keys, lens, m);
        for (size_t k = 0; k < m; k++) {
            if (label_points[b + k] == nullptr) ps[k] = FASTSECP_ERR_INVALID_ARGUMENT;
            if (label_results != nullptr) label_results[b + k] = ps[k];
            if (ps[k] != FASTSECP_OK) continue;
            scan::Label l{};
            l.point = p[k];
            fe_normalize(l.point.x);
            fe_normalize(l.point.y);
            l.m = (unsigned int)(b + k);
            w->add_label(l);
        }
    }
    if (st != FASTSECP_OK) api::fail_all(label_results, n_labels, st);
    return wallet_finish(wallet, w, st);
}

void fastsecp_sp_wallet_destroy(fastsecp_sp_wallet* wallet) {
    if (wallet == nullptr) return;
    scalar_clear(wallet->scan);
    hash::memclear(wallet->scan32, sizeof wallet->scan32);
    for (auto& l : wallet->labels) hash::memclear(l.tweak32, sizeof l.tweak32);
    rt::destroy(wallet);
}

}  // extern "C"
