// fastsecp_sp_wallet_create / _destroy.
#include "scan/sp_wallet.h"

#include "api/context.h"
#include "api/parse.h"
#include "ecmult/ecmult.h"
#include "hash/memclear.h"
#include "schemes/silentpayments.h"

using namespace fastsecp;

namespace {

// Slot of a point: its x is uniformly distributed, so its low bits are a fine hash.
size_t slot_of(const Ge& p, size_t mask) { return (size_t)(p.x.n[0] ^ (p.x.n[1] >> 7)) & mask; }

}  // namespace

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
    fastsecp_sp_wallet* w = rt::create<fastsecp_sp_wallet>();
    if (w == nullptr) return FASTSECP_ERR_OUT_OF_MEMORY;
    fastsecp_status st = FASTSECP_OK;
    int valid = scalar_set_b32_seckey(w->scan, scan_seckey32);
    api::declassify(&valid, sizeof valid);  // like libsecp256k1: a bad key is the caller's to know
    if (!valid) st = FASTSECP_ERR_SCALAR_OUT_OF_RANGE;
    if (st == FASTSECP_OK) st = api::parse_pubkey(w->spend, spend_pubkey33, 33);
    if (st == FASTSECP_OK) {
        std::memcpy(w->scan32, scan_seckey32, 32);
        size_t size = 1;
        while (size < 2 * n_labels) size <<= 1;
        if (!w->labels.reserve(n_labels) || (n_labels > 0 && !w->slots.assign(size, 0))) st = FASTSECP_ERR_OUT_OF_MEMORY;
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
            if (w->find_label(l.point) == nullptr) {  // else the same m twice
                (void)w->labels.push_back(l);  // capacity reserved above
                const size_t mask = w->slots.size() - 1;
                size_t s = slot_of(l.point, mask);
                while (w->slots[s] != 0) s = (s + 1) & mask;
                w->slots[s] = (uint32_t)w->labels.size();
            }
            hash::memclear(&l, sizeof l);
        }
    }
    if (st != FASTSECP_OK) {
        fastsecp_sp_wallet_destroy(w);
        return st;
    }
    *wallet = w;
    return FASTSECP_OK;
}

void fastsecp_sp_wallet_destroy(fastsecp_sp_wallet* wallet) {
    if (wallet == nullptr) return;
    scalar_clear(wallet->scan);
    hash::memclear(wallet->scan32, sizeof wallet->scan32);
    for (auto& l : wallet->labels) hash::memclear(l.tweak32, sizeof l.tweak32);
    rt::destroy(wallet);
}

}  // extern "C"
