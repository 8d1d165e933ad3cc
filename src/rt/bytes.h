// Byte order: the one place that knows how integers sit in memory. Everything that turns bytes into
// integers or back goes through these helpers, so the library gives the same results on little-
// and big-endian CPUs (s390x is tested in CI, tools/cross-test.sh):
//   - big-endian (load_be*/store_be*): serialized numbers (field elements, scalars), SHA-256,
//     SHA-512, BIP-32 indices, silent-payments counters;
//   - little-endian (load_le*/store_le*): Keccak-256 lanes, RIPEMD-160 words, ElligatorSwift's
//     counter;
//   - native (load_ne64s/store_ne64s): the opaque libsecp256k1 objects (secp256k1_pubkey, the
//     signature objects, ...). libsecp256k1 v0.8.0 memcpy's its 4x64-bit limb storage into them
//     (secp256k1_ge_to_bytes, secp256k1_ecdsa_signature_save), so their raw bytes follow the CPU's
//     byte order; a drop-in must store the same bytes on each platform.
// Below arith/ and hash/ (both use it).
#pragma once

#include <cstdint>
#include <cstring>

namespace fastsecp::rt {

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
constexpr bool LITTLE_ENDIAN_CPU = true;
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
constexpr bool LITTLE_ENDIAN_CPU = false;
#else
#error "unknown byte order: define __BYTE_ORDER__ (GCC and clang do)"
#endif

static inline uint64_t bswap64(uint64_t v) { return __builtin_bswap64(v); }
static inline uint32_t bswap32(uint32_t v) { return __builtin_bswap32(v); }

// memcpy + a byte swap where the CPU's order differs: one load (movbe/rev) on every target.
static inline uint64_t load_be64(const unsigned char* p) {
    uint64_t v;
    std::memcpy(&v, p, 8);
    return LITTLE_ENDIAN_CPU ? bswap64(v) : v;
}
static inline void store_be64(unsigned char* p, uint64_t v) {
    if (LITTLE_ENDIAN_CPU) v = bswap64(v);
    std::memcpy(p, &v, 8);
}
static inline uint64_t load_le64(const unsigned char* p) {
    uint64_t v;
    std::memcpy(&v, p, 8);
    return LITTLE_ENDIAN_CPU ? v : bswap64(v);
}
static inline void store_le64(unsigned char* p, uint64_t v) {
    if (!LITTLE_ENDIAN_CPU) v = bswap64(v);
    std::memcpy(p, &v, 8);
}
static inline uint32_t load_be32(const unsigned char* p) {
    uint32_t v;
    std::memcpy(&v, p, 4);
    return LITTLE_ENDIAN_CPU ? bswap32(v) : v;
}
static inline void store_be32(unsigned char* p, uint32_t v) {
    if (LITTLE_ENDIAN_CPU) v = bswap32(v);
    std::memcpy(p, &v, 4);
}
static inline uint32_t load_le32(const unsigned char* p) {
    uint32_t v;
    std::memcpy(&v, p, 4);
    return LITTLE_ENDIAN_CPU ? v : bswap32(v);
}
static inline void store_le32(unsigned char* p, uint32_t v) {
    if (!LITTLE_ENDIAN_CPU) v = bswap32(v);
    std::memcpy(p, &v, 4);
}

// 32-byte big-endian number <-> four 64-bit limbs, least significant first.
static inline void load_be256(uint64_t w[4], const unsigned char* b32) {
    for (int i = 0; i < 4; i++) w[i] = load_be64(b32 + 8 * (3 - i));
}
static inline void store_be256(unsigned char* b32, const uint64_t w[4]) {
    for (int i = 0; i < 4; i++) store_be64(b32 + 8 * (3 - i), w[i]);
}

// n 64-bit words in the CPU's own order (libsecp256k1's opaque-object layout, see above).
static inline void load_ne64s(uint64_t* w, const unsigned char* p, int n) { std::memcpy(w, p, 8 * (size_t)n); }
static inline void store_ne64s(unsigned char* p, const uint64_t* w, int n) { std::memcpy(p, w, 8 * (size_t)n); }

}  // namespace fastsecp::rt
