// fastsecp_wallet.h, BIP-32 part: extended keys between their C struct, their text and the
// schemes (schemes/bip32.h). Thin: argument checks, key checks, status codes.
#include <fastsecp_wallet.h>

#include <cstring>

#include "api/batch_call.h"
#include "api/parse.h"
#include "encoding/base58.h"
#include "hash/memclear.h"
#include "hash/ripemd160.h"
#include "schemes/bip32.h"
#include "schemes/eckey.h"

using namespace fastsecp;

namespace {

// A checked key: its kind, and the secret scalar or the public point.
struct Key {
    bool is_private;
    Scalar k;
    Ge K;
};

void to_raw(bip32::Raw& r, const fastsecp_xkey& x) {
    r.version = x.version;
    r.depth = x.depth;
    std::memcpy(r.parent_fp, x.parent_fingerprint, 4);
    r.child = x.child_number;
    std::memcpy(r.chain, x.chain_code, 32);
    std::memcpy(r.key, x.key, 33);
}

void from_raw(fastsecp_xkey& x, const bip32::Raw& r) {
    x.version = r.version;
    x.depth = r.depth;
    std::memcpy(x.parent_fingerprint, r.parent_fp, 4);
    x.child_number = r.child;
    std::memcpy(x.chain_code, r.chain, 32);
    std::memcpy(x.key, r.key, 33);
}

// The checks of BIP-32's vector 5 on a deserialized key.
fastsecp_status check_key(Key& out, const fastsecp_xkey& x) {
    bool version_private;
    std::uint32_t other;
    if (!bip32::version_lookup(x.version, &version_private, &other)) return FASTSECP_ERR_BAD_ENCODING;
    bool zero_fp = (x.parent_fingerprint[0] | x.parent_fingerprint[1] | x.parent_fingerprint[2] |
                    x.parent_fingerprint[3]) == 0;
    if (x.depth == 0 && (!zero_fp || x.child_number != 0)) return FASTSECP_ERR_BAD_ENCODING;
    out.is_private = version_private;
    if (version_private) {
        if (x.key[0] != 0) return FASTSECP_ERR_BAD_ENCODING;
        bool ok = scalar_set_b32_seckey(out.k, x.key + 1);
        api::declassify(&ok, sizeof ok);  // whether the key is valid is the call's result
        return ok ? FASTSECP_OK : FASTSECP_ERR_SCALAR_OUT_OF_RANGE;
    }
    if (x.key[0] != 2 && x.key[0] != 3) return FASTSECP_ERR_BAD_ENCODING;
    return api::parse_pubkey(out.K, x.key, 33);
}

void clear_xkey(fastsecp_xkey* x) {
    if (x) hash::memclear(x, sizeof *x);
}

bool pubkey_known(const fastsecp_xkey& x) {
    unsigned char any = 0;
    for (unsigned char b : x.pubkey) any |= b;
    return any != 0;
}

// pub33 of a checked key: the carried pubkey when known, else constant-time k·G for a private one.
void key_pub33(const fastsecp_ctx* ctx, unsigned char pub33[33], const Key& key, const fastsecp_xkey& x) {
    if (!key.is_private) std::memcpy(pub33, x.key, 33);
    else if (pubkey_known(x)) std::memcpy(pub33, x.pubkey, 33);  // public data: the branch leaks nothing
    else bip32::compute_pub33(ctx->gen_blind, pub33, key.k);
}

void fingerprint(unsigned char fp[4], const unsigned char pub33[33]) {
    unsigned char id[20];
    hash::hash160(pub33, 33, id);
    std::memcpy(fp, id, 4);
}

// One derivation step from a checked parent; on success *out is the child (out may be parent).
fastsecp_status derive_step(const fastsecp_ctx* ctx, fastsecp_xkey* out, Key& key, const fastsecp_xkey& parent,
                            std::uint32_t index) {
    if (parent.depth == 255) return FASTSECP_ERR_INVALID_ARGUMENT;
    if (!key.is_private && index >= bip32::HARDENED) return FASTSECP_ERR_NEEDS_PRIVATE_KEY;
    unsigned char pub33[33], chain[32];
    key_pub33(ctx, pub33, key, parent);
    api::declassify(pub33, sizeof pub33);  // a public key
    // Zeroed whole and copied whole: the struct's padding bytes would otherwise carry this stack
    // frame's leftovers (hash states of secret data) to the caller.
    fastsecp_xkey child;
    std::memset(&child, 0, sizeof child);
    child.version = parent.version;
    child.depth = (unsigned char)(parent.depth + 1);
    fingerprint(child.parent_fingerprint, pub33);
    child.child_number = index;
    if (key.is_private) {
        Scalar ck;
        bool ok = bip32::ckd_priv(ck, chain, key.k, parent.chain_code, pub33, index);
        api::declassify(&ok, sizeof ok);
        if (!ok) {
            hash::memclear(chain, sizeof chain);
            return FASTSECP_ERR_SCALAR_OUT_OF_RANGE;
        }
        child.key[0] = 0;
        scalar_get_b32(child.key + 1, ck);
        // The child carries its public key: the step's one k·G (the next step and
        // fastsecp_xkey_pubkey reuse it).
        bip32::compute_pub33(ctx->gen_blind, child.pubkey, ck);
        api::declassify(child.pubkey, sizeof child.pubkey);
        key.k = ck;
        scalar_clear(ck);
    } else {
        Ge K;
        if (bip32::ckd_pub(K, chain, key.K, pub33, parent.chain_code, index) != bip32::Result::ok)
            return FASTSECP_ERR_SCALAR_OUT_OF_RANGE;
        pubkey_serialize33(child.key, K);
        std::memcpy(child.pubkey, child.key, 33);
        key.K = K;
    }
    std::memcpy(child.chain_code, chain, 32);
    std::memcpy(out, &child, sizeof child);
    hash::memclear(&child, sizeof child);
    hash::memclear(chain, sizeof chain);
    return FASTSECP_OK;
}

}  // namespace

extern "C" {

fastsecp_status fastsecp_xkey_from_seed(const fastsecp_ctx* ctx, fastsecp_xkey* out, const unsigned char* seed,
                                        size_t seed_len, unsigned int version) {
    bool is_private;
    std::uint32_t other;
    if (out == nullptr) return FASTSECP_ERR_INVALID_ARGUMENT;
    clear_xkey(out);
    if (ctx == nullptr || seed == nullptr || seed_len < 16 || seed_len > 64 ||
        !bip32::version_lookup(version, &is_private, &other) || !is_private)
        return FASTSECP_ERR_INVALID_ARGUMENT;
    Scalar k;
    bool ok = bip32::master_from_seed(k, out->chain_code, seed, seed_len);
    api::declassify(&ok, sizeof ok);
    if (!ok) {
        clear_xkey(out);
        return FASTSECP_ERR_SCALAR_OUT_OF_RANGE;
    }
    out->version = version;
    scalar_get_b32(out->key + 1, k);
    bip32::compute_pub33(ctx->gen_blind, out->pubkey, k);
    api::declassify(out->pubkey, sizeof out->pubkey);
    scalar_clear(k);
    return FASTSECP_OK;
}

fastsecp_status fastsecp_xkey_parse(fastsecp_xkey* out, const char* text) {
    if (out == nullptr) return FASTSECP_ERR_INVALID_ARGUMENT;
    clear_xkey(out);
    if (text == nullptr) return FASTSECP_ERR_INVALID_ARGUMENT;
    unsigned char raw[78];
    size_t len;
    size_t tlen = std::strlen(text);
    encoding::Base58Error e = encoding::base58check_decode(raw, sizeof raw, &len, text, tlen);
    if (e == encoding::Base58Error::bad_checksum) return FASTSECP_ERR_BAD_CHECKSUM;
    if (e != encoding::Base58Error::ok || len != 78) {
        hash::memclear(raw, sizeof raw);
        return FASTSECP_ERR_BAD_ENCODING;
    }
    bip32::Raw r;
    bip32::deserialize78(r, raw);
    from_raw(*out, r);
    hash::memclear(raw, sizeof raw);
    hash::memclear(&r, sizeof r);
    Key key;
    fastsecp_status st = check_key(key, *out);
    scalar_clear(key.k);
    if (st != FASTSECP_OK) clear_xkey(out);
    else if (!key.is_private) std::memcpy(out->pubkey, out->key, 33);
    return st;
}

fastsecp_status fastsecp_xkey_serialize(char* out, size_t out_size, const fastsecp_xkey* key) {
    if (out == nullptr || key == nullptr) return FASTSECP_ERR_INVALID_ARGUMENT;
    std::memset(out, 0, out_size);
    Key k;
    fastsecp_status st = check_key(k, *key);
    scalar_clear(k.k);
    if (st != FASTSECP_OK) return st;
    bip32::Raw r;
    to_raw(r, *key);
    unsigned char raw[78];
    bip32::serialize78(raw, r);
    size_t n = encoding::base58check_encode(out, out_size, raw, sizeof raw);
    hash::memclear(raw, sizeof raw);
    hash::memclear(&r, sizeof r);
    if (n == 0) {
        std::memset(out, 0, out_size);
        return FASTSECP_ERR_BUFFER_TOO_SMALL;
    }
    return FASTSECP_OK;
}

fastsecp_status fastsecp_xkey_pubkey(const fastsecp_ctx* ctx, unsigned char* pubkey33, unsigned char* fingerprint4,
                                     const fastsecp_xkey* key) {
    if (pubkey33) std::memset(pubkey33, 0, 33);
    if (fingerprint4) std::memset(fingerprint4, 0, 4);
    if (ctx == nullptr || key == nullptr) return FASTSECP_ERR_INVALID_ARGUMENT;
    Key k;
    fastsecp_status st = check_key(k, *key);
    if (st != FASTSECP_OK) return st;
    unsigned char pub33[33];
    key_pub33(ctx, pub33, k, *key);
    scalar_clear(k.k);
    api::declassify(pub33, sizeof pub33);
    if (pubkey33) std::memcpy(pubkey33, pub33, 33);
    if (fingerprint4) fingerprint(fingerprint4, pub33);
    return FASTSECP_OK;
}

fastsecp_status fastsecp_xkey_neuter(const fastsecp_ctx* ctx, fastsecp_xkey* out, const fastsecp_xkey* key) {
    if (out == nullptr) return FASTSECP_ERR_INVALID_ARGUMENT;
    if (ctx == nullptr || key == nullptr) {
        clear_xkey(out);
        return FASTSECP_ERR_INVALID_ARGUMENT;
    }
    fastsecp_xkey pub = *key;
    bool is_private;
    std::uint32_t other;
    fastsecp_status st = fastsecp_xkey_pubkey(ctx, pub.key, nullptr, key);
    if (st == FASTSECP_OK && bip32::version_lookup(key->version, &is_private, &other) && is_private)
        pub.version = other;
    std::memcpy(pub.pubkey, pub.key, 33);
    if (st == FASTSECP_OK) std::memcpy(out, &pub, sizeof pub);
    else clear_xkey(out);
    hash::memclear(&pub, sizeof pub);
    return st;
}

fastsecp_status fastsecp_xkey_derive(const fastsecp_ctx* ctx, fastsecp_xkey* out, const fastsecp_xkey* parent,
                                     unsigned int index) {
    if (out == nullptr) return FASTSECP_ERR_INVALID_ARGUMENT;
    if (ctx == nullptr || parent == nullptr) {
        clear_xkey(out);
        return FASTSECP_ERR_INVALID_ARGUMENT;
    }
    Key key;
    fastsecp_xkey p = *parent;  // out may be parent
    fastsecp_status st = check_key(key, p);
    if (st == FASTSECP_OK) st = derive_step(ctx, out, key, p, index);
    if (st != FASTSECP_OK) clear_xkey(out);
    scalar_clear(key.k);
    hash::memclear(&p, sizeof p);
    return st;
}

fastsecp_status fastsecp_bip32_path_parse(unsigned int* indices, size_t* n, size_t cap, const char* path) {
    if (n == nullptr) return FASTSECP_ERR_INVALID_ARGUMENT;
    *n = 0;
    if (path == nullptr || (indices == nullptr && cap != 0)) return FASTSECP_ERR_INVALID_ARGUMENT;
    std::uint32_t tmp[FASTSECP_BIP32_MAX_PATH];
    size_t count;
    // A syntax error anywhere is BAD_ENCODING, however many components come before it.
    if (!bip32::parse_path(tmp, &count, FASTSECP_BIP32_MAX_PATH, path)) return FASTSECP_ERR_BAD_ENCODING;
    if (count > cap || count > FASTSECP_BIP32_MAX_PATH) return FASTSECP_ERR_BUFFER_TOO_SMALL;
    for (size_t i = 0; i < count; i++) indices[i] = tmp[i];
    *n = count;
    return FASTSECP_OK;
}

fastsecp_status fastsecp_xkey_derive_path(const fastsecp_ctx* ctx, fastsecp_xkey* out, const fastsecp_xkey* parent,
                                          const char* path) {
    if (out == nullptr) return FASTSECP_ERR_INVALID_ARGUMENT;
    if (ctx == nullptr || parent == nullptr || path == nullptr) {
        clear_xkey(out);
        return FASTSECP_ERR_INVALID_ARGUMENT;
    }
    unsigned int idx[FASTSECP_BIP32_MAX_PATH];
    size_t n;
    fastsecp_status st = fastsecp_bip32_path_parse(idx, &n, FASTSECP_BIP32_MAX_PATH, path);
    Key key;
    fastsecp_xkey cur = *parent;
    if (st == FASTSECP_OK) st = check_key(key, cur);
    for (size_t i = 0; i < n && st == FASTSECP_OK; i++) st = derive_step(ctx, &cur, key, cur, idx[i]);
    if (st == FASTSECP_OK) std::memcpy(out, &cur, sizeof cur);
    else clear_xkey(out);
    scalar_clear(key.k);
    hash::memclear(&cur, sizeof cur);
    return st;
}

fastsecp_status fastsecp_xkey_derive_range(const fastsecp_ctx* ctx, fastsecp_status* results, unsigned char* pubkeys33,
                                           unsigned char* chain_codes32, const fastsecp_xkey* parent,
                                           unsigned int first, size_t n) {
    if (!api::arrays_ok(ctx, n, {results, pubkeys33}) || parent == nullptr)
        return api::fail_all(results, n, FASTSECP_ERR_INVALID_ARGUMENT);
    Key key;
    fastsecp_status st = check_key(key, *parent);
    if (st != FASTSECP_OK) {
        if (pubkeys33) std::memset(pubkeys33, 0, 33 * n);
        if (chain_codes32) std::memset(chain_codes32, 0, 32 * n);
        return api::fail_all(results, n, st);
    }
    unsigned char pub33[33];
    key_pub33(ctx, pub33, key, *parent);
    scalar_clear(key.k);
    api::declassify(pub33, sizeof pub33);
    if (key.is_private) {
        fastsecp_status pst = api::parse_pubkey(key.K, pub33, 33);
        if (pst != FASTSECP_OK) return api::fail_all(results, n, pst);
    }
    hash::HmacSha512 keyed;
    bip32::keyed_chain(keyed, parent->chain_code);
    // Children at or above 2^31 would be hardened: only the normal ones are derived.
    size_t normal = first >= bip32::HARDENED ? 0 : (size_t)(bip32::HARDENED - first);
    size_t m = n < normal ? n : normal;
    for (size_t i = m; i < n; i++) {
        results[i] = FASTSECP_ERR_NEEDS_PRIVATE_KEY;
        std::memset(pubkeys33 + 33 * i, 0, 33);
        if (chain_codes32) std::memset(chain_codes32 + 32 * i, 0, 32);
    }
    batch::RangePlan plan(ctx->pool, m, bip32::BATCH_BLOCK, 4);
    batch::run_plan(ctx->pool, plan, [&](size_t, size_t begin, size_t end) {
        bool ok[bip32::BATCH_BLOCK];
        for (size_t i = begin; i < end; i += bip32::BATCH_BLOCK) {
            size_t count = end - i < bip32::BATCH_BLOCK ? end - i : bip32::BATCH_BLOCK;
            bip32::ckd_pub_block(pubkeys33 + 33 * i, chain_codes32 ? chain_codes32 + 32 * i : nullptr, ok, key.K,
                                 pub33, keyed, first + (std::uint32_t)i, count);
            for (size_t j = 0; j < count; j++) {
                results[i + j] = ok[j] ? FASTSECP_OK : FASTSECP_ERR_SCALAR_OUT_OF_RANGE;
                if (!ok[j] && chain_codes32) std::memset(chain_codes32 + 32 * (i + j), 0, 32);
            }
        }
    });
    hash::memclear(&keyed, sizeof keyed);
    return api::summarize(results, n);
}

fastsecp_status fastsecp_xkey_from_seed_path_batch(const fastsecp_ctx* ctx, fastsecp_status* results,
                                                   fastsecp_xkey* out, const unsigned char* seeds, size_t seed_len,
                                                   unsigned int version, const unsigned int* path, size_t path_len,
                                                   size_t n) {
    bool is_private;
    std::uint32_t other;
    if (!api::arrays_ok(ctx, n, {results, out, seeds}) || (path == nullptr && path_len != 0) ||
        path_len > FASTSECP_BIP32_MAX_PATH || seed_len < 16 || seed_len > 64 ||
        !bip32::version_lookup(version, &is_private, &other) || !is_private) {
        if (out)
            for (size_t i = 0; i < n; i++) clear_xkey(out + i);
        return api::fail_all(results, n, FASTSECP_ERR_INVALID_ARGUMENT);
    }
    batch::RangePlan plan(ctx->pool, n, 4, 4);
    batch::run_plan(ctx->pool, plan, [&](size_t, size_t begin, size_t end) {
        for (size_t i = begin; i < end; i++) {
            fastsecp_status st = fastsecp_xkey_from_seed(ctx, out + i, seeds + seed_len * i, seed_len, version);
            Key key;
            if (st == FASTSECP_OK) {
                key.is_private = true;
                scalar_set_b32(key.k, out[i].key + 1, nullptr);
            }
            for (size_t s = 0; s < path_len && st == FASTSECP_OK; s++)
                st = derive_step(ctx, out + i, key, out[i], path[s]);
            scalar_clear(key.k);
            if (st != FASTSECP_OK) clear_xkey(out + i);
            results[i] = st;
        }
    });
    return api::summarize(results, n);
}

}  // extern "C"
