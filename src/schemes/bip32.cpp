// BIP-32 single-key derivation, serialization and paths.
#include "schemes/bip32.h"

#include <cstring>

#include "hash/memclear.h"
#include "schemes/eckey.h"
#include "rt/bytes.h"

namespace fastsecp::bip32 {

namespace {

void put32(unsigned char* p, std::uint32_t v) { rt::store_be32(p, v); }
std::uint32_t get32(const unsigned char* p) { return rt::load_be32(p); }

}  // namespace

const VersionPair VERSIONS[6] = {
    {0x0488ADE4u, 0x0488B21Eu},  // xprv / xpub (mainnet; BIP-44, BIP-86)
    {0x04358394u, 0x043587CFu},  // tprv / tpub (testnet, regtest)
    {0x049D7878u, 0x049D7CB2u},  // yprv / ypub (BIP-49 mainnet)
    {0x044A4E28u, 0x044A5262u},  // uprv / upub (BIP-49 testnet)
    {0x04B2430Cu, 0x04B24746u},  // zprv / zpub (BIP-84 mainnet)
    {0x045F18BCu, 0x045F1CF6u},  // vprv / vpub (BIP-84 testnet)
};

bool version_lookup(std::uint32_t v, bool* is_private, std::uint32_t* other) {
    for (const VersionPair& p : VERSIONS) {
        if (v == p.priv || v == p.pub) {
            *is_private = v == p.priv;
            *other = v == p.priv ? p.pub : p.priv;
            return true;
        }
    }
    return false;
}

bool master_from_seed(Scalar& k, unsigned char chain[32], const unsigned char* seed, std::size_t len) {
    static const unsigned char KEY[12] = {'B', 'i', 't', 'c', 'o', 'i', 'n', ' ', 's', 'e', 'e', 'd'};
    unsigned char I[64];
    hash::hmac_sha512(KEY, sizeof KEY, seed, len, I);
    bool ok = scalar_set_b32_seckey(k, I);
    std::memcpy(chain, I + 32, 32);
    hash::memclear(I, sizeof I);
    return ok;
}

void compute_pub33(const GenBlind& blind, unsigned char pub33[33], const Scalar& k) {
    Gej pj;
    Ge p;
    ecmult_gen(blind, pj, k);
    ge_set_gej(p, pj);
    fe_normalize(p.x);  // constant time, so serializing does not branch on the secret's point
    fe_normalize(p.y);
    pubkey_serialize33(pub33, p);
}

void keyed_chain(hash::HmacSha512& h, const unsigned char chain[32]) { hash::hmac512_init(h, chain, 32); }

void normal_child_hmac(unsigned char I[64], const hash::HmacSha512& keyed, const unsigned char pub33[33],
                       std::uint32_t i) {
    hash::HmacSha512 h = keyed;
    unsigned char msg[37];
    std::memcpy(msg, pub33, 33);
    put32(msg + 33, i);
    hash::hmac512_write(h, msg, 37);
    hash::hmac512_finalize(h, I);
}

bool ckd_priv(Scalar& child, unsigned char child_chain[32], const Scalar& k, const unsigned char chain[32],
              const unsigned char pub33[33], std::uint32_t i) {
    // Data: 0x00 || ser256(k) || ser32(i) for hardened children, serP(K) || ser32(i) otherwise
    // (which one is a public fact: the index).
    unsigned char msg[37];
    if (i >= HARDENED) {
        msg[0] = 0;
        scalar_get_b32(msg + 1, k);
    } else {
        std::memcpy(msg, pub33, 33);
    }
    put32(msg + 33, i);
    unsigned char I[64];
    hash::hmac_sha512(chain, 32, msg, sizeof msg, I);
    // Invalid when I_L >= n or the sum is zero; the flag is folded, not branched on.
    child = k;
    std::uint64_t ok = (std::uint64_t)seckey_tweak_add(child, I);
    Scalar zero;
    scalar_clear(zero);
    scalar_cmov(child, zero, ok ^ 1);
    std::memcpy(child_chain, I + 32, 32);
    hash::memclear(I, sizeof I);
    hash::memclear(msg, sizeof msg);
    return ok != 0;
}

Result ckd_pub(Ge& child, unsigned char child_chain[32], const Ge& K, const unsigned char pub33[33],
               const unsigned char chain[32], std::uint32_t i) {
    if (i >= HARDENED) return Result::needs_private;
    hash::HmacSha512 keyed;
    keyed_chain(keyed, chain);
    unsigned char I[64];
    normal_child_hmac(I, keyed, pub33, i);
    std::memcpy(child_chain, I + 32, 32);
    child = K;
    return pubkey_tweak_add_var(child, I) ? Result::ok : Result::invalid_child;
}

void serialize78(unsigned char out[78], const Raw& r) {
    put32(out, r.version);
    out[4] = r.depth;
    std::memcpy(out + 5, r.parent_fp, 4);
    put32(out + 9, r.child);
    std::memcpy(out + 13, r.chain, 32);
    std::memcpy(out + 45, r.key, 33);
}

void deserialize78(Raw& r, const unsigned char in[78]) {
    r.version = get32(in);
    r.depth = in[4];
    std::memcpy(r.parent_fp, in + 5, 4);
    r.child = get32(in + 9);
    std::memcpy(r.chain, in + 13, 32);
    std::memcpy(r.key, in + 45, 33);
}

bool parse_path(std::uint32_t* out, std::size_t* n, std::size_t cap, const char* path) {
    *n = 0;
    const char* p = path;
    if (*p == 'm') {
        p++;
        if (*p == '\0') return true;
        if (*p != '/') return false;
        p++;
    } else if (*p == '\0') {
        return true;
    }
    for (;;) {
        if (*p < '0' || *p > '9') return false;
        if (*p == '0' && p[1] >= '0' && p[1] <= '9') return false;  // "01": no leading zeros
        std::uint64_t v = 0;
        for (; *p >= '0' && *p <= '9'; p++) {
            v = v * 10 + (std::uint64_t)(*p - '0');
            if (v >= HARDENED) return false;
        }
        if (*p == '\'' || *p == 'h' || *p == 'H') {
            v |= HARDENED;
            p++;
        }
        if (*n < cap) out[*n] = (std::uint32_t)v;
        ++*n;
        if (*p == '\0') return true;
        if (*p != '/') return false;
        p++;
    }
}

}  // namespace fastsecp::bip32
