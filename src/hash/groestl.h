// Grøstl (Gauri, Knudsen, Matusiewicz, Mendel, Rechberger, Schläffer, Thomsen; SHA-3 finalist,
// specification v2.0.2): Groestl-256 and Groestl-512. Groestlcoin's Base58Check checksum is the
// first four bytes of Groestl-512(Groestl-512(payload)).
//
// groestl256/groestl512 are constant time in the bytes hashed: the AES S-box is computed
// (inversion in GF(2^8) by a fixed chain of multiplications, then the affine map), never looked up,
// because WIF keys pass through the checksum. That costs about 0.33 us per S-box (3.5 ms for a
// WIF's two Groestl-512 hashes); groestl512_var looks it up and is for public data (addresses).
#pragma once

#include <cstddef>

namespace fastsecp::hash {

void groestl256(const unsigned char* data, std::size_t len, unsigned char out32[32]);
void groestl512(const unsigned char* data, std::size_t len, unsigned char out64[64]);
// Groestl-512 with the S-box looked up in a table: variable time, for public data (addresses).
void groestl512_var(const unsigned char* data, std::size_t len, unsigned char out64[64]);

}  // namespace fastsecp::hash
