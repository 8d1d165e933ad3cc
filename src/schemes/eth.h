// Ethereum keys: addresses (Keccak-256 of the uncompressed key), EIP-55 checksums, and signatures
// with a recovery id.
#pragma once

#include <cstddef>

#include "ecmult/ecmult.h"

namespace fastsecp::eth {

// The last 20 bytes of Keccak-256(x || y).
void address(unsigned char out20[20], const Ge& pub);
// "0x" + 40 hex digits, letters capitalized where the EIP-55 hash nibble is >= 8; 43 bytes with NUL.
void checksum_text(char out43[43], const unsigned char addr20[20]);

// RFC 6979 (HMAC-SHA256 over key || hash) nonce, ECDSA with low s and the recovery id.
// Constant time in sec (valid, non-zero). False only if no nonce worked (never in practice).
bool sign(const GenBlind& blind, Scalar& r, Scalar& s, int& recid, const unsigned char hash32[32], const Scalar& sec);

}  // namespace fastsecp::eth
