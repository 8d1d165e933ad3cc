// CashAddr encoding: the 40-bit polymod of the specification over GF(32) polynomials.
#include "encoding/cashaddr.h"

#include <cstdint>
#include <cstring>

#include "encoding/bech32.h"

namespace fastsecp::encoding {

namespace {

std::uint64_t polymod_step(std::uint64_t c, unsigned v) {
    std::uint64_t top = c >> 35;
    c = ((c & 0x07ffffffffull) << 5) ^ v;
    if (top & 1) c ^= 0x98f2bc8e61ull;
    if (top & 2) c ^= 0x79b76d99e2ull;
    if (top & 4) c ^= 0xf33e5fb3c4ull;
    if (top & 8) c ^= 0xae2eabe2a8ull;
    if (top & 16) c ^= 0x1e4f43e470ull;
    return c;
}

}  // namespace

std::size_t cashaddr_encode(char* out, std::size_t cap, const char* prefix, CashAddrType type,
                            const unsigned char hash20[20]) {
    unsigned char payload[21];
    payload[0] = (unsigned char)((unsigned)type << 3);  // size code 0: 160 bits
    std::memcpy(payload + 1, hash20, 20);
    unsigned char data[34];  // 168 bits in 5-bit groups
    std::size_t n;
    if (!convert_bits(data, &n, sizeof data, payload, sizeof payload, 8, 5, true)) return 0;
    std::size_t pl = std::strlen(prefix);
    std::size_t total = pl + 1 + n + 8;
    if (total >= cap) return 0;
    std::uint64_t c = 1;
    for (std::size_t i = 0; i < pl; i++) c = polymod_step(c, (unsigned char)prefix[i] & 31);
    c = polymod_step(c, 0);
    for (std::size_t i = 0; i < n; i++) c = polymod_step(c, data[i]);
    for (int i = 0; i < 8; i++) c = polymod_step(c, 0);
    c ^= 1;
    std::memcpy(out, prefix, pl);
    out[pl] = ':';
    char* p = out + pl + 1;
    for (std::size_t i = 0; i < n; i++) *p++ = bech32_char(data[i]);
    for (int i = 0; i < 8; i++) *p++ = bech32_char((unsigned)(c >> (5 * (7 - i))));
    *p = '\0';
    return total;
}

}  // namespace fastsecp::encoding
