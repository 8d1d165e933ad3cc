// MuSig2 (BIP-327) key aggregation on internal types: the key-list hash, KeyAgg coefficients,
// the aggregate point and its tweaks. The opaque secp256k1_musig_keyagg_cache object that stores
// a KeyAggCache, and the argument checks around it, are in src/compat/musig.cpp.
#pragma once

#include <cstddef>

#include "group/group.h"
#include "hash/sha256.h"

namespace fastsecp::musig {

// BIP-327's KeyAgg context plus what signing needs later: the aggregate (tweaked) point Q, the
// "second key" (first key in the list different from the first one, infinity when all keys are
// equal), the key-list hash, and the accumulated x-only negations (gacc as 0/1) and tweak (tacc).
struct KeyAggCache {
    Ge pk;
    Ge second;
    unsigned char pks_hash[32];
    int parity_acc;
    Scalar tweak;
};

// Hands out the i-th key of a caller's list (already validated, never infinity). Lets the caller
// keep its own list type without copying it (libsecp256k1 does not allocate, neither do we).
using PubkeyAt = void (*)(const void* list, size_t i, Ge& out);

// hash_KeyAgg list(ser(pk_0) || ... || ser(pk_{n-1})), compressed encodings.
void keyagg_list_hash(hash::CompressFn fn, unsigned char out32[32], const void* list, size_t n, PubkeyAt at);

// KeyAgg coefficient of pk: 1 when pk equals `second` (which may be infinity), otherwise
// int(hash_KeyAgg coefficient(pks_hash || ser(pk))) mod n. pk not infinity.
void keyagg_coef(hash::CompressFn fn, Scalar& r, const unsigned char pks_hash[32], const Ge& pk, const Ge& second);

// Q = sum of a_i·P_i with the coefficients above; fills the cache with Q (coordinates
// normalized), second, pks_hash, no tweak. Public data: variable time.
void keyagg_aggregate(hash::CompressFn fn, KeyAggCache& out, const void* list, size_t n, PubkeyAt at,
                      const Ge& second, const unsigned char pks_hash[32]);

// BIP-327 ApplyTweak: Q' = g·Q + t·G, where g = -1 for an x-only tweak of a Q with odd y, and
// the accumulators follow. False (cache untouched) when t >= n or Q' is infinity.
bool keyagg_tweak(KeyAggCache& c, const unsigned char tweak32[32], bool xonly);

// The signer's side of the parity bookkeeping: whether its secret key (or challenge share) must
// be negated, i.e. g·gacc = -1 (Q's y odd XOR accumulated negations). Q's y normalized.
bool keyagg_negate_signer(const KeyAggCache& c);

}  // namespace fastsecp::musig
