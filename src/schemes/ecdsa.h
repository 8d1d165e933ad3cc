// ECDSA over secp256k1 on internal types: signing with a given nonce (constant time), verification
// and public key recovery (variable time, public inputs), and strict DER encoding of (r, s).
#pragma once

#include <cstddef>

#include "ecmult/ecmult.h"

namespace fastsecp {

// r = x(nonce·G) mod n, s = nonce^-1 (msg + r·sec), normalized to low-S. recid (if non-null)
// gets bit 0 = parity of y(R) (flipped with S), bit 1 = x(R) >= n. False if r or s is zero.
bool ecdsa_sig_sign(const GenBlind& blind, Scalar& r, Scalar& s, const Scalar& sec, const Scalar& msg,
                    const Scalar& nonce, int* recid);
// Accepts high S too (callers enforce low-S where required).
bool ecdsa_sig_verify(const Scalar& r, const Scalar& s, const Ge& pub, const Scalar& msg);
// ok[i] = ecdsa_sig_verify(r[i], s[i], pub[i], msg[i]) for i < n (n <= ECDSA_VERIFY_MANY_MAX): one
// scalar inversion for all the s values, and the double multiplications u1·G + u2·Q in AVX-512
// IFMA lanes when the CPU has them (batch::ecmult2_var_batch).
constexpr size_t ECDSA_VERIFY_MANY_MAX = 64;
void ecdsa_sig_verify_many(bool* ok, const Scalar* r, const Scalar* s, const Ge* pub, const Scalar* msg, size_t n);
bool ecdsa_sig_recover(const Scalar& r, const Scalar& s, Ge& pub, const Scalar& msg, int recid);

// BER-lenient-free strict DER: SEQUENCE { INTEGER r, INTEGER s } with minimal lengths and no
// excess padding. Integers >= n or negative parse as 0 (so they fail verification later).
bool der_parse_sig(Scalar& r, Scalar& s, const unsigned char* input, size_t len);
// Writes at most 72 bytes; when *len is too small, sets *len to the needed size and fails.
bool der_serialize_sig(unsigned char* out, size_t* len, const Scalar& r, const Scalar& s);

}  // namespace fastsecp
