// BIP-341 hashes, trees and tweaks.
#include "schemes/taproot.h"

#include <cstring>

#include "hash/memclear.h"
#include "hash/sha256.h"
#include "schemes/eckey.h"

namespace fastsecp::taproot {

namespace {

const unsigned char TAG_LEAF[] = {'T', 'a', 'p', 'L', 'e', 'a', 'f'};
const unsigned char TAG_BRANCH[] = {'T', 'a', 'p', 'B', 'r', 'a', 'n', 'c', 'h'};

}  // namespace

void leaf_hash(unsigned char out32[32], unsigned char leaf_version, const unsigned char* script, std::size_t len) {
    hash::Sha256 h;
    hash::sha256_tagged_init(h, TAG_LEAF, sizeof TAG_LEAF);
    hash::sha256_write(h, &leaf_version, 1);
    // Bitcoin's compact size: 1, 3, 5 or 9 bytes, little-endian.
    unsigned char cs[9];
    std::size_t cl;
    std::uint64_t v = len;
    if (v < 0xfd) {
        cs[0] = (unsigned char)v;
        cl = 1;
    } else {
        unsigned bytes = v <= 0xffff ? 2 : v <= 0xffffffffu ? 4 : 8;
        cs[0] = bytes == 2 ? 0xfd : bytes == 4 ? 0xfe : 0xff;
        for (unsigned i = 0; i < bytes; i++) cs[1 + i] = (unsigned char)(v >> (8 * i));
        cl = 1 + bytes;
    }
    hash::sha256_write(h, cs, cl);
    if (len) hash::sha256_write(h, script, len);
    hash::sha256_finalize(h, out32);
}

void branch_hash(unsigned char out32[32], const unsigned char* a32, const unsigned char* b32) {
    if (std::memcmp(a32, b32, 32) > 0) {
        const unsigned char* t = a32;
        a32 = b32;
        b32 = t;
    }
    hash::Sha256 h;
    hash::sha256_tagged_init(h, TAG_BRANCH, sizeof TAG_BRANCH);
    hash::sha256_write(h, a32, 32);
    hash::sha256_write(h, b32, 32);
    hash::sha256_finalize(h, out32);
}

void tweak_hash(unsigned char out32[32], const unsigned char* xonly32, const unsigned char* root32) {
    hash::Sha256 h;
    hash::sha256_tagged_init(h, hash::Tag::TapTweak);
    hash::sha256_write(h, xonly32, 32);
    if (root32) hash::sha256_write(h, root32, 32);
    hash::sha256_finalize(h, out32);
}

bool tree_root(unsigned char root32[32], const Leaf* leaves, std::size_t n, std::size_t target, unsigned char* path,
               std::size_t* path_len) {
    // A stack of finished subtrees (depth of their root, hash, whether target is inside); two
    // neighbours of equal depth merge into their parent.
    struct Node {
        unsigned depth;
        unsigned char hash[32];
        bool has_target;
    };
    Node stack[MAX_DEPTH + 2];
    std::size_t top = 0, plen = 0;
    if (n == 0) return false;
    for (std::size_t i = 0; i < n; i++) {
        if (leaves[i].depth > MAX_DEPTH) return false;
        // A subtree rooted at depth 0 is the whole tree: nothing may follow it.
        if (top > 0 && stack[top - 1].depth == 0) return false;
        Node& nd = stack[top++];
        nd.depth = leaves[i].depth;
        std::memcpy(nd.hash, leaves[i].hash, 32);
        nd.has_target = i == target;
        while (top >= 2 && stack[top - 1].depth == stack[top - 2].depth) {
            Node& a = stack[top - 2];
            const Node& b = stack[top - 1];
            if (a.depth == 0) return false;
            if (path && a.has_target) std::memcpy(path + 32 * plen++, b.hash, 32);
            if (path && b.has_target) std::memcpy(path + 32 * plen++, a.hash, 32);
            unsigned char h[32];
            branch_hash(h, a.hash, b.hash);
            std::memcpy(a.hash, h, 32);
            a.depth--;
            a.has_target = a.has_target || b.has_target;
            top--;
        }
        if (top > MAX_DEPTH + 1) return false;
    }
    if (top != 1 || stack[0].depth != 0) return false;
    std::memcpy(root32, stack[0].hash, 32);
    if (path_len) *path_len = plen;
    return true;
}

bool output_key(Ge& q, const Ge& p_even, const unsigned char* t32) {
    q = p_even;
    if (!pubkey_tweak_add_var(q, t32)) return false;
    fe_normalize_var(q.x);
    fe_normalize_var(q.y);
    return true;
}

void output_keys(Ge* q, bool* ok, const Ge* p_even, const unsigned char* t32s, std::size_t n) {
    static_assert(BLOCK <= TWEAK_MANY_MAX);
    Scalar t[BLOCK];
    for (std::size_t i = 0; i < n; i++) {
        int overflow;
        scalar_set_b32(t[i], t32s + 32 * i, &overflow);
        ok[i] = !overflow;
    }
    pubkey_tweak_add_many_var(q, ok, p_even, 1, t, n);
}

bool tweak_seckey(Scalar& out, const GenBlind& blind, const Scalar& k, const unsigned char* root32) {
    Gej pj;
    Ge p;
    ecmult_gen(blind, pj, k);
    ge_set_gej(p, pj);
    fe_normalize(p.x);
    fe_normalize(p.y);
    Scalar d = k;
    scalar_cond_negate(d, (uint64_t)fe_is_odd(p.y));
    unsigned char x[32], t32[32];
    fe_get_b32(x, p.x);
    tweak_hash(t32, x, root32);
    out = d;
    std::uint64_t ok = (std::uint64_t)seckey_tweak_add(out, t32);
    Scalar zero;
    scalar_clear(zero);
    scalar_cmov(out, zero, ok ^ 1);
    scalar_clear(d);
    hash::memclear(x, sizeof x);
    return ok != 0;
}

}  // namespace fastsecp::taproot
