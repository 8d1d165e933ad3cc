// Base58 by schoolbook base conversion over the whole digit array (fixed step count per length).
#include "encoding/base58.h"

#include <cstdint>
#include <cstring>

#include "hash/groestl.h"
#include "hash/memclear.h"
#include "hash/sha256.h"
#include "rt/declassify.h"

namespace fastsecp::encoding {

namespace {

constexpr char ALPHABET[] = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

// The digit value of c plus one, or 0 when c is not in the alphabet; compares c with every letter
// (no table indexed by c).
unsigned digit_plus_one(unsigned char c) {
    unsigned v = 0;
    for (unsigned k = 0; k < 58; k++) {
        unsigned diff = (unsigned)c ^ (unsigned char)ALPHABET[k];
        unsigned is = ((diff - 1) >> 8) & 1;  // 1 iff diff == 0 (diff < 256)
        v |= (k + 1) & (0u - is);
    }
    return v;
}

void checksum(unsigned char out4[4], const unsigned char* data, std::size_t len, Checksum sum) {
    if (sum != Checksum::sha256d) {
        void (*g512)(const unsigned char*, std::size_t, unsigned char*) =
            sum == Checksum::groestl512d ? hash::groestl512 : hash::groestl512_var;
        unsigned char g[64];
        g512(data, len, g);
        g512(g, 64, g);
        std::memcpy(out4, g, 4);
        hash::memclear(g, sizeof g);
        return;
    }
    unsigned char h[32];
    hash::sha256(data, len, h);
    hash::sha256(h, 32, h);
    std::memcpy(out4, h, 4);
}

}  // namespace

std::size_t base58_encode(char* out, std::size_t cap, const unsigned char* data, std::size_t len) {
    if (len > BASE58_MAX_BYTES) return 0;
    std::size_t zeros = 0;
    while (zeros < len && data[zeros] == 0) zeros++;
    constexpr std::size_t MAXD = base58_max_len(BASE58_MAX_BYTES);
    unsigned char digits[MAXD];  // little-endian base-58 digits
    const std::size_t nd = base58_max_len(len);
    std::memset(digits, 0, nd);
    for (std::size_t i = 0; i < len; i++) {
        std::uint32_t carry = data[i];
        for (std::size_t j = 0; j < nd; j++) {
            carry += (std::uint32_t)digits[j] << 8;
            digits[j] = (unsigned char)(carry % 58);
            carry /= 58;
        }
    }
    // The number of significant digits, found without a branch on them; it is the length of the
    // text, which the caller publishes anyway.
    std::size_t top = 0;
    for (std::size_t j = 0; j < nd; j++) {
        std::size_t nonzero = (std::size_t)((0u - (unsigned)digits[j]) >> 31);  // 1 iff digits[j] != 0
        top ^= (top ^ (j + 1)) & (0 - nonzero);
    }
    rt::declassify(&top, sizeof top);
    std::size_t n = zeros + top;
    if (cap <= n) {
        hash::memclear(digits, sizeof digits);
        return 0;
    }
    for (std::size_t i = 0; i < zeros; i++) out[i] = '1';
    for (std::size_t i = 0; i < top; i++) {
        // ALPHABET[d] without indexing by d: the alphabet is three runs of consecutive ASCII
        // codes with gaps after '9' (7 codes), 'H', 'N', 'Z' (6), 'k', each skipped by adding.
        unsigned d = digits[top - 1 - i];
        unsigned c = '1' + d;
        c += 7u & (0u - (unsigned)((8u - d) >> 31 & 1));          // d > 8: skip ':'..'@'
        c += 1u & (0u - (unsigned)((16u - d) >> 31 & 1));         // d > 16: skip 'I'
        c += 1u & (0u - (unsigned)((21u - d) >> 31 & 1));         // d > 21: skip 'O'
        c += 6u & (0u - (unsigned)((32u - d) >> 31 & 1));         // d > 32: skip '['..'`'
        c += 1u & (0u - (unsigned)((43u - d) >> 31 & 1));         // d > 43: skip 'l'
        out[zeros + i] = (char)c;
    }
    out[n] = '\0';
    hash::memclear(digits, sizeof digits);
    return n;
}

Base58Error base58_decode(unsigned char* out, std::size_t cap, std::size_t* outlen, const char* s, std::size_t slen) {
    *outlen = 0;
    if (slen > base58_max_len(BASE58_MAX_BYTES)) return Base58Error::bad_length;
    std::size_t ones = 0;
    while (ones < slen && s[ones] == '1') ones++;
    // Enough bytes for any slen-character number (log(58)/log(256) < 0.733).
    constexpr std::size_t MAXB = base58_max_len(BASE58_MAX_BYTES) * 733 / 1000 + 1;
    unsigned char bytes[MAXB];  // little-endian base-256
    const std::size_t nb = slen * 733 / 1000 + 1;
    std::memset(bytes, 0, nb);
    unsigned bad = 0;
    for (std::size_t i = 0; i < slen; i++) {
        unsigned v = digit_plus_one((unsigned char)s[i]);
        bad |= (unsigned)(v == 0);
        std::uint32_t carry = (v - 1) & 0xff & (0u - (unsigned)(v != 0));
        for (std::size_t j = 0; j < nb; j++) {
            carry += (std::uint32_t)bytes[j] * 58;
            bytes[j] = (unsigned char)carry;
            carry >>= 8;
        }
    }
    if (bad) {
        hash::memclear(bytes, sizeof bytes);
        return Base58Error::bad_char;
    }
    std::size_t top = nb;
    while (top > 0 && bytes[top - 1] == 0) top--;
    if (ones + top > cap) {
        hash::memclear(bytes, sizeof bytes);
        return Base58Error::bad_length;
    }
    std::memset(out, 0, ones);
    for (std::size_t i = 0; i < top; i++) out[ones + i] = bytes[top - 1 - i];
    *outlen = ones + top;
    hash::memclear(bytes, sizeof bytes);
    return Base58Error::ok;
}

std::size_t base58check_encode(char* out, std::size_t cap, const unsigned char* payload, std::size_t len) {
    return base58check_encode(out, cap, payload, len, Checksum::sha256d);
}

Base58Error base58check_decode(unsigned char* out, std::size_t cap, std::size_t* outlen, const char* s,
                               std::size_t slen) {
    return base58check_decode(out, cap, outlen, s, slen, Checksum::sha256d);
}

std::size_t base58check_encode(char* out, std::size_t cap, const unsigned char* payload, std::size_t len,
                               Checksum sum) {
    if (len + 4 > BASE58_MAX_BYTES) return 0;
    unsigned char buf[BASE58_MAX_BYTES];
    std::memcpy(buf, payload, len);
    checksum(buf + len, payload, len, sum);
    std::size_t n = base58_encode(out, cap, buf, len + 4);
    hash::memclear(buf, sizeof buf);
    return n;
}

Base58Error base58check_decode(unsigned char* out, std::size_t cap, std::size_t* outlen, const char* s,
                               std::size_t slen, Checksum sum) {
    *outlen = 0;
    unsigned char buf[BASE58_MAX_BYTES];
    std::size_t n;
    Base58Error e = base58_decode(buf, sizeof buf, &n, s, slen);
    if (e != Base58Error::ok) return e;
    if (n < 4 || n - 4 > cap) {
        hash::memclear(buf, sizeof buf);
        return Base58Error::bad_length;
    }
    unsigned char c[4];
    checksum(c, buf, n - 4, sum);
    unsigned diff = 0;
    for (int i = 0; i < 4; i++) diff |= (unsigned)(c[i] ^ buf[n - 4 + i]);
    if (diff != 0) {
        hash::memclear(buf, sizeof buf);
        return Base58Error::bad_checksum;
    }
    std::memcpy(out, buf, n - 4);
    *outlen = n - 4;
    hash::memclear(buf, sizeof buf);
    return Base58Error::ok;
}

}  // namespace fastsecp::encoding
