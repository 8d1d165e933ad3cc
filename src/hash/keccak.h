// Keccak-256 as Ethereum uses it: Keccak-f[1600], rate 136 bytes, the original Keccak padding
// (0x01 ... 0x80), not SHA3-256's (0x06 ... 0x80). Constant time in the bytes hashed.
#pragma once

#include <cstddef>

namespace fastsecp::hash {

void keccak256(const unsigned char* data, std::size_t len, unsigned char out32[32]);

}  // namespace fastsecp::hash
