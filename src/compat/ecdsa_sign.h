// Pieces of the ECDSA API shared by compat/ecdsa.cpp and compat/recovery.cpp.
#pragma once

#include "compat/context.h"

namespace fastsecp::compat {

void sig_load(Scalar& r, Scalar& s, const unsigned char* data64);
void sig_save(unsigned char* data64, const Scalar& r, const Scalar& s);
// RFC 6979 nonce (libsecp256k1's nonce_function_rfc6979) with a chosen compression function.
int rfc6979_nonce(hash::CompressFn fn, unsigned char* nonce32, const unsigned char* msg32, const unsigned char* key32,
                  const unsigned char* algo16, const void* data, unsigned int counter);
// Signing loop: asks the nonce function (counter 0, 1, ...) until a valid nonce gives a
// signature; zeroes r, s (and recid) on failure. Constant time in the secret key.
int ecdsa_sign_inner(const secp256k1_context* ctx, Scalar& r, Scalar& s, int* recid, const unsigned char* msg32,
                     const unsigned char* seckey, secp256k1_nonce_function noncefp, const void* noncedata);

}  // namespace fastsecp::compat
