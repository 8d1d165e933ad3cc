// RIPEMD-160 (Dobbertin, Bosselaers, Preneel 1996): HASH160 = RIPEMD-160(SHA-256(x)) names keys
// in P2PKH/P2WPKH addresses and BIP-32 fingerprints. Constant time in the bytes hashed.
#pragma once

#include <cstddef>

namespace fastsecp::hash {

void ripemd160(const unsigned char* data, std::size_t len, unsigned char out20[20]);
// RIPEMD-160(SHA-256(data)).
void hash160(const unsigned char* data, std::size_t len, unsigned char out20[20]);

}  // namespace fastsecp::hash
