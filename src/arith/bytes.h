// Big-endian 64-bit loads and stores (the byte order of every serialized number in secp256k1).
#pragma once

#include <cstdint>
#include <cstring>

namespace fastsecp {

static inline uint64_t load_be64(const unsigned char* p) {
    uint64_t v;
    std::memcpy(&v, p, 8);
#if defined(__GNUC__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    return __builtin_bswap64(v);
#else
    uint64_t r = 0;
    for (int i = 0; i < 8; i++) r = (r << 8) | p[i];
    return r;
#endif
}

static inline void store_be64(unsigned char* p, uint64_t v) {
#if defined(__GNUC__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    v = __builtin_bswap64(v);
    std::memcpy(p, &v, 8);
#else
    for (int i = 7; i >= 0; i--, v >>= 8) p[i] = (unsigned char)v;
#endif
}

// 32-byte big-endian number <-> four little-endian 64-bit limbs.
static inline void load_be256(uint64_t w[4], const unsigned char* b32) {
    for (int i = 0; i < 4; i++) w[i] = load_be64(b32 + 8 * (3 - i));
}
static inline void store_be256(unsigned char* b32, const uint64_t w[4]) {
    for (int i = 0; i < 4; i++) store_be64(b32 + 8 * (3 - i), w[i]);
}

}  // namespace fastsecp
