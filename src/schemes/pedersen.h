// Pedersen commitments in secp256k1-zkp's form: commit = blind·G + value·H for a 64-bit value and
// a second generator H (the NUMS point whose x is SHA256 of G's uncompressed encoding, or another
// generator), and their 33-byte encodings, which name the point's y by whether it is a square
// mod p (not by its parity): prefix base (commitments 0x08, generators 0x0a) for a square y,
// base + 1 otherwise.
#pragma once

#include <cstddef>
#include <cstdint>

#include "ecmult/ecmult.h"

namespace fastsecp::pedersen {

// The point of a 33-byte encoding: x (mod p when reduce_x, else it must be < p) and the square
// root of x^3 + 7 that is itself a square (negated for an odd prefix). False when x is not on the
// curve. Variable time.
bool load_var(Ge& r, const unsigned char in33[33], bool reduce_x);
// load_var (x reduced mod p) for many encodings at once, the square roots several at a time
// (batch::lift_x_square). False when any x is not on the curve. Variable time.
bool load_many_var(Ge* r, const unsigned char* const* in33, std::size_t n);
// The encoding of p with prefix base (square y) or base + 1. Variable time (public points).
void save_var(unsigned char out33[33], const Ge& p, unsigned char base);

// blind·G + value·H; false when that is infinity. Constant time in blind; the value's multiple is
// a constant-time k·P too (the value is secret in confidential transactions).
bool commit(Gej& r, const GenBlind& blind, const Scalar& b, std::uint64_t value, const Ge& H);

// Shallue-van de Woestijne map of t to the curve (Fouque-Tibouchi, "Indifferentiable hashing to
// Barreto-Naehrig curves", 2012), in secp256k1-zkp's form: c = (-3)^((p+1)/4) (a square root of
// -3), d = (c - 1)/2, w = c·t/(1 + 7 + t²), x1 = d - t·w, x2 = -(x1 + 1), x3 = 1 + 1/w² (with
// 1/0 taken as 0, so t = 0 gives x1 = d); the first xi with xi³ + 7 a square, y its root
// (xi³ + 7)^((p+1)/4), negated when t is odd. Constant time.
void svdw(Ge& r, const Fe& t);

// secp256k1-zkp's generator from a 32-byte key: svdw(SHA256("1st generation: " || key)) +
// svdw(SHA256("2nd generation: " || key)), plus blind·G when blind32 is given. False when a hash
// is >= p or the blind >= n (the point is still written). Constant time in key and blind.
bool generator_generate(Ge& r, const GenBlind& gen_blind, const unsigned char key32[32],
                        const unsigned char* blind32);

// Whether the sum of pos minus the sum of neg is infinity. Variable time.
bool tally_var(const Ge* pos, std::size_t npos, const Ge* neg, std::size_t nneg);

}  // namespace fastsecp::pedersen
