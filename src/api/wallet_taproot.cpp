// fastsecp_wallet.h, Taproot (BIP-341): hashes, script trees, output keys, control blocks and the
// key-path secret key.
#include <fastsecp_wallet.h>

#include <cstring>

#include "api/context.h"
#include "api/parse.h"
#include "hash/memclear.h"
#include "schemes/schnorr.h"
#include "schemes/taproot.h"

using namespace fastsecp;

namespace {

// Leaf hashes of the caller's leaves (at most MAX_LEAVES at once on the stack).
constexpr size_t MAX_LEAVES = 1024;

fastsecp_status load_leaves(taproot::Leaf* out, const fastsecp_tap_leaf* leaves, size_t n) {
    if (leaves == nullptr || n == 0 || n > MAX_LEAVES) return n > MAX_LEAVES ? FASTSECP_ERR_BAD_ENCODING : FASTSECP_ERR_INVALID_ARGUMENT;
    for (size_t i = 0; i < n; i++) {
        if (leaves[i].script == nullptr && leaves[i].script_len != 0) return FASTSECP_ERR_INVALID_ARGUMENT;
        // BIP-341: the leaf version is even (its low bit carries the output key's parity).
        if (leaves[i].leaf_version & 1) return FASTSECP_ERR_BAD_ENCODING;
        out[i].depth = leaves[i].depth;
        taproot::leaf_hash(out[i].hash, leaves[i].leaf_version, leaves[i].script, leaves[i].script_len);
    }
    return FASTSECP_OK;
}

fastsecp_status output_key(unsigned char* x32, int* parity, const unsigned char* internal32, const unsigned char* root32) {
    Ge p, q;
    fastsecp_status st = api::parse_xonly(p, internal32);
    if (st != FASTSECP_OK) return st;
    unsigned char t[32];
    taproot::tweak_hash(t, internal32, root32);
    Scalar ts;
    if (api::parse_scalar(ts, t) != FASTSECP_OK) return FASTSECP_ERR_SCALAR_OUT_OF_RANGE;
    if (!taproot::output_key(q, p, t)) return FASTSECP_ERR_POINT_AT_INFINITY;
    fe_get_b32(x32, q.x);
    *parity = fe_is_odd(q.y);
    return FASTSECP_OK;
}

}  // namespace

extern "C" {

fastsecp_status fastsecp_taproot_leaf_hash(unsigned char* out32, unsigned char leaf_version, const unsigned char* script,
                                           size_t len) {
    if (out32 == nullptr || (script == nullptr && len != 0)) return FASTSECP_ERR_INVALID_ARGUMENT;
    taproot::leaf_hash(out32, leaf_version, script, len);
    return FASTSECP_OK;
}

fastsecp_status fastsecp_taproot_branch_hash(unsigned char* out32, const unsigned char* a32, const unsigned char* b32) {
    if (out32 == nullptr || a32 == nullptr || b32 == nullptr) return FASTSECP_ERR_INVALID_ARGUMENT;
    taproot::branch_hash(out32, a32, b32);
    return FASTSECP_OK;
}

fastsecp_status fastsecp_taproot_tree_root(unsigned char* root32, const fastsecp_tap_leaf* leaves, size_t n) {
    if (root32 == nullptr) return FASTSECP_ERR_INVALID_ARGUMENT;
    std::memset(root32, 0, 32);
    taproot::Leaf ls[MAX_LEAVES];
    fastsecp_status st = load_leaves(ls, leaves, n);
    if (st != FASTSECP_OK) return st;
    if (!taproot::tree_root(root32, ls, n, n, nullptr, nullptr)) {
        std::memset(root32, 0, 32);
        return FASTSECP_ERR_BAD_ENCODING;
    }
    return FASTSECP_OK;
}

fastsecp_status fastsecp_taproot_output_key(const fastsecp_ctx* ctx, unsigned char* out_xonly32, int* parity,
                                            const unsigned char* internal_xonly32, const unsigned char* merkle_root32) {
    if (parity) *parity = 0;
    if (out_xonly32 == nullptr) return FASTSECP_ERR_INVALID_ARGUMENT;
    std::memset(out_xonly32, 0, 32);
    if (ctx == nullptr || internal_xonly32 == nullptr) return FASTSECP_ERR_INVALID_ARGUMENT;
    int par;
    fastsecp_status st = output_key(out_xonly32, &par, internal_xonly32, merkle_root32);
    if (st == FASTSECP_OK && parity) *parity = par;
    return st;
}

fastsecp_status fastsecp_taproot_control_block(const fastsecp_ctx* ctx, unsigned char* out, size_t out_size, size_t* len,
                                               const unsigned char* internal_xonly32, const fastsecp_tap_leaf* leaves,
                                               size_t n, size_t index) {
    if (len) *len = 0;
    if (out == nullptr || len == nullptr) return FASTSECP_ERR_INVALID_ARGUMENT;
    std::memset(out, 0, out_size);
    if (ctx == nullptr || internal_xonly32 == nullptr || leaves == nullptr || index >= n)
        return FASTSECP_ERR_INVALID_ARGUMENT;
    taproot::Leaf ls[MAX_LEAVES];
    fastsecp_status st = load_leaves(ls, leaves, n);
    if (st != FASTSECP_OK) return st;
    unsigned char root[32], path[32 * taproot::MAX_DEPTH];
    size_t plen;
    if (!taproot::tree_root(root, ls, n, index, path, &plen)) return FASTSECP_ERR_BAD_ENCODING;
    unsigned char qx[32];
    int parity;
    st = output_key(qx, &parity, internal_xonly32, root);
    if (st != FASTSECP_OK) return st;
    size_t need = 33 + 32 * plen;
    if (out_size < need) return FASTSECP_ERR_BUFFER_TOO_SMALL;
    out[0] = (unsigned char)(leaves[index].leaf_version | parity);
    std::memcpy(out + 1, internal_xonly32, 32);
    std::memcpy(out + 33, path, 32 * plen);
    *len = need;
    return FASTSECP_OK;
}

fastsecp_status fastsecp_taproot_tweak_seckey(const fastsecp_ctx* ctx, unsigned char* out32,
                                              const unsigned char* seckey32, const unsigned char* merkle_root32) {
    if (out32 == nullptr) return FASTSECP_ERR_INVALID_ARGUMENT;
    if (ctx == nullptr || seckey32 == nullptr) {
        std::memset(out32, 0, 32);
        return FASTSECP_ERR_INVALID_ARGUMENT;
    }
    Scalar k, t;
    bool valid = scalar_set_b32_seckey(k, seckey32);
    Scalar one;
    scalar_set_int(one, 1);
    scalar_cmov(k, one, (uint64_t)!valid);  // run the same way for an invalid key
    // Combined with & (no short-circuit branch on the secret flags).
    bool ok = (int)taproot::tweak_seckey(t, ctx->gen_blind, k, merkle_root32) & (int)valid;
    // zero the output without a branch on the (secret) flags, then publish only the status
    Scalar zero;
    scalar_clear(zero);
    scalar_cmov(t, zero, (uint64_t)!ok);
    scalar_get_b32(out32, t);
    scalar_clear(k);
    scalar_clear(t);
    api::declassify(&ok, sizeof ok);
    return ok ? FASTSECP_OK : FASTSECP_ERR_SCALAR_OUT_OF_RANGE;
}

fastsecp_status fastsecp_taproot_sign_keypath(const fastsecp_ctx* ctx, unsigned char* sig64, const unsigned char* seckey32,
                                              const unsigned char* merkle_root32, const unsigned char* msg32,
                                              const unsigned char* aux_rand32) {
    if (sig64 == nullptr) return FASTSECP_ERR_INVALID_ARGUMENT;
    std::memset(sig64, 0, 64);
    if (ctx == nullptr || seckey32 == nullptr || msg32 == nullptr) return FASTSECP_ERR_INVALID_ARGUMENT;
    unsigned char tweaked[32], pk32[32], nonce32[32];
    fastsecp_status st = fastsecp_taproot_tweak_seckey(ctx, tweaked, seckey32, merkle_root32);
    if (st != FASTSECP_OK) return st;
    // The output key Q = d·G; sign with d or -d so that Q has even y (constant time).
    Scalar d;
    scalar_set_b32(d, tweaked, nullptr);
    Gej qj;
    Ge q;
    ecmult_gen(ctx->gen_blind, qj, d);
    ge_set_gej(q, qj);
    fe_normalize(q.x);
    fe_normalize(q.y);
    api::declassify(&q, sizeof q);  // the output key is public
    if (fe_is_odd(q.y)) scalar_negate(d, d);
    fe_get_b32(pk32, q.x);
    scalar_get_b32(tweaked, d);
    int ret = bip340_nonce(nullptr, nonce32, msg32, 32, tweaked, pk32, BIP340_ALGO, sizeof BIP340_ALGO, aux_rand32);
    ret = bip340_sign_core(ctx->gen_blind, nullptr, sig64, msg32, 32, d, pk32, nonce32, ret,
                           [](const void* p, size_t len, const void*) { api::declassify(p, len); }, nullptr);
    scalar_clear(d);
    hash::memclear(tweaked, sizeof tweaked);
    hash::memclear(nonce32, sizeof nonce32);
    api::declassify(&ret, sizeof ret);
    return ret ? FASTSECP_OK : FASTSECP_ERR_SCALAR_OUT_OF_RANGE;  // a zero nonce: never in practice
}

}  // extern "C"
