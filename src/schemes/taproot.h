// BIP-341 Taproot on internal types: leaf and branch hashes, script-tree roots and Merkle paths,
// the TapTweak of an internal key (variable time, public keys) and of a secret key (constant time).
#pragma once

#include <cstddef>
#include <cstdint>

#include "ecmult/ecmult.h"

namespace fastsecp::taproot {

constexpr std::size_t MAX_DEPTH = 128;

void leaf_hash(unsigned char out32[32], unsigned char leaf_version, const unsigned char* script, std::size_t len);
void branch_hash(unsigned char out32[32], const unsigned char* a32, const unsigned char* b32);
// t = hash_TapTweak(xonly32 || root32), root32 may be null (no script tree).
void tweak_hash(unsigned char out32[32], const unsigned char* xonly32, const unsigned char* root32);

// A leaf of a depth-first tree description.
struct Leaf {
    unsigned depth;
    unsigned char hash[32];
};
// Root of the tree the depths describe; false when they do not describe a complete binary tree
// (or a depth > MAX_DEPTH). When target < n, path gets the Merkle path of leaf target (sibling
// hashes from the leaf up, *path_len of them; path holds MAX_DEPTH·32 bytes).
bool tree_root(unsigned char root32[32], const Leaf* leaves, std::size_t n, std::size_t target, unsigned char* path,
               std::size_t* path_len);

// Q = P + t·G for the x-only internal key P (even y) and tweak bytes t32. False when t >= n or Q
// is infinity. Variable time.
bool output_key(Ge& q, const Ge& p_even, const unsigned char* t32);
// Many at once: q[i] = p_even[i] + t[i]·G (eight multiplications at a time in IFMA lanes, one
// shared inversion per block of at most BLOCK). ok[i] false for t[i] >= n or infinity.
constexpr std::size_t BLOCK = 128;
void output_keys(Ge* q, bool* ok, const Ge* p_even, const unsigned char* t32s, std::size_t n);

// Key-path secret: (k or -k so that k·G has even y) + t, constant time. blind for k·G. False when
// t >= n or the result is zero (out zeroed).
bool tweak_seckey(Scalar& out, const GenBlind& blind, const Scalar& k, const unsigned char* root32);

}  // namespace fastsecp::taproot
