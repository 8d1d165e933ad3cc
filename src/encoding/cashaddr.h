// CashAddr, Bitcoin Cash's address format (specification "CashAddr: Address format for Bitcoin
// Cash", 2017): prefix ":" payload, the payload a version byte (type << 3 | size code) and the
// hash in the Bech32 alphabet, closed by a 40-bit BCH checksum over the prefix and payload.
// Public data (addresses): variable time.
#pragma once

#include <cstddef>

namespace fastsecp::encoding {

enum class CashAddrType { p2kh = 0, p2sh = 1 };

// prefix (lower case, e.g. "bitcoincash") and a 20-byte hash -> "prefix:q..." with a NUL; returns
// the length, or 0 when cap is too small.
std::size_t cashaddr_encode(char* out, std::size_t cap, const char* prefix, CashAddrType type,
                            const unsigned char hash20[20]);

}  // namespace fastsecp::encoding
