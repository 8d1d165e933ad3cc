// Bech32/Bech32m: the BCH checksum over GF(32) polynomials as BIP-173 defines it, with
// BIP-350's constant for Bech32m.
#include "encoding/bech32.h"

#include <cstdint>
#include <cstring>

namespace fastsecp::encoding {

namespace {

constexpr char CHARSET[] = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";

std::uint32_t polymod_step(std::uint32_t c, unsigned v) {
    std::uint32_t top = c >> 25;
    c = ((c & 0x1ffffff) << 5) ^ v;
    if (top & 1) c ^= 0x3b6a57b2;
    if (top & 2) c ^= 0x26508e6d;
    if (top & 4) c ^= 0x1ea119fa;
    if (top & 8) c ^= 0x3d4233dd;
    if (top & 16) c ^= 0x2a1462b3;
    return c;
}

std::uint32_t hrp_polymod(const char* hrp, std::size_t len) {
    std::uint32_t c = 1;
    for (std::size_t i = 0; i < len; i++) c = polymod_step(c, (unsigned char)hrp[i] >> 5);
    c = polymod_step(c, 0);
    for (std::size_t i = 0; i < len; i++) c = polymod_step(c, (unsigned char)hrp[i] & 31);
    return c;
}

constexpr std::uint32_t constant(Bech32Variant v) { return v == Bech32Variant::bech32 ? 1u : 0x2bc830a3u; }

int charset_value(char c) {
    const char* p = (c == 0) ? nullptr : std::strchr(CHARSET, c);
    return p ? (int)(p - CHARSET) : -1;
}

}  // namespace

char bech32_char(unsigned v) { return CHARSET[v & 31]; }

bool convert_bits(unsigned char* out, std::size_t* outlen, std::size_t cap, const unsigned char* in, std::size_t n,
                  unsigned from, unsigned to, bool pad) {
    std::uint32_t acc = 0;
    unsigned bits = 0;
    std::size_t len = 0;
    const std::uint32_t maxv = (1u << to) - 1;
    for (std::size_t i = 0; i < n; i++) {
        acc = (acc << from) | in[i];
        bits += from;
        while (bits >= to) {
            bits -= to;
            if (len == cap) return false;
            out[len++] = (unsigned char)((acc >> bits) & maxv);
        }
    }
    if (pad) {
        if (bits) {
            if (len == cap) return false;
            out[len++] = (unsigned char)((acc << (to - bits)) & maxv);
        }
    } else if (bits >= from || ((acc << (to - bits)) & maxv)) {
        return false;
    }
    *outlen = len;
    return true;
}


std::size_t bech32_encode(char* out, std::size_t cap, const char* hrp, const unsigned char* data5, std::size_t n,
                          Bech32Variant variant) {
    std::size_t hl = std::strlen(hrp);
    std::size_t total = hl + 1 + n + 6;
    if (hl == 0 || hl > 83 || total > BECH32_MAX_LEN || total >= cap) return 0;
    for (std::size_t i = 0; i < hl; i++)
        if (hrp[i] < 33 || hrp[i] > 126 || (hrp[i] >= 'A' && hrp[i] <= 'Z')) return 0;
    std::uint32_t c = hrp_polymod(hrp, hl);
    std::memcpy(out, hrp, hl);
    out[hl] = '1';
    for (std::size_t i = 0; i < n; i++) {
        if (data5[i] > 31) return 0;
        c = polymod_step(c, data5[i]);
        out[hl + 1 + i] = CHARSET[data5[i]];
    }
    for (int i = 0; i < 6; i++) c = polymod_step(c, 0);
    c ^= constant(variant);
    for (int i = 0; i < 6; i++) out[hl + 1 + n + i] = CHARSET[(c >> (5 * (5 - i))) & 31];
    out[total] = '\0';
    return total;
}

Bech32Error bech32_decode(char* hrp, unsigned char* data5, std::size_t* n, Bech32Variant* variant, const char* s,
                          std::size_t slen) {
    *n = 0;
    hrp[0] = '\0';
    if (slen > BECH32_MAX_LEN) return Bech32Error::bad_length;
    bool lower = false, upper = false;
    for (std::size_t i = 0; i < slen; i++) {
        unsigned char ch = (unsigned char)s[i];
        if (ch < 33 || ch > 126) return Bech32Error::bad_char;
        if (ch >= 'a' && ch <= 'z') lower = true;
        if (ch >= 'A' && ch <= 'Z') upper = true;
    }
    if (lower && upper) return Bech32Error::mixed_case;
    std::size_t sep = slen;
    for (std::size_t i = slen; i-- > 0;)
        if (s[i] == '1') {
            sep = i;
            break;
        }
    if (sep == slen) return Bech32Error::no_separator;
    if (sep == 0 || sep + 7 > slen) return Bech32Error::bad_length;
    for (std::size_t i = 0; i < sep; i++) {
        char ch = s[i];
        hrp[i] = (ch >= 'A' && ch <= 'Z') ? (char)(ch - 'A' + 'a') : ch;
    }
    hrp[sep] = '\0';
    std::uint32_t c = hrp_polymod(hrp, sep);
    std::size_t nd = slen - sep - 1;
    for (std::size_t i = 0; i < nd; i++) {
        char ch = s[sep + 1 + i];
        if (ch >= 'A' && ch <= 'Z') ch = (char)(ch - 'A' + 'a');
        int v = charset_value(ch);
        if (v < 0) return Bech32Error::bad_char;
        c = polymod_step(c, (unsigned)v);
        data5[i] = (unsigned char)v;
    }
    if (c == constant(Bech32Variant::bech32)) *variant = Bech32Variant::bech32;
    else if (c == constant(Bech32Variant::bech32m)) *variant = Bech32Variant::bech32m;
    else return Bech32Error::bad_checksum;
    *n = nd - 6;
    return Bech32Error::ok;
}

std::size_t segwit_encode(char* out, std::size_t cap, const char* hrp, unsigned version, const unsigned char* program,
                          std::size_t len) {
    if (version > 16 || len < 2 || len > 40 || (version == 0 && len != 20 && len != 32)) return 0;
    unsigned char data[1 + 64];
    std::size_t n;
    data[0] = (unsigned char)version;
    if (!convert_bits(data + 1, &n, sizeof data - 1, program, len, 8, 5, true)) return 0;
    return bech32_encode(out, cap, hrp, data, n + 1, version == 0 ? Bech32Variant::bech32 : Bech32Variant::bech32m);
}

Bech32Error segwit_decode(unsigned* version, unsigned char* program, std::size_t* len, const char* hrp, const char* s,
                          std::size_t slen) {
    *len = 0;
    char got_hrp[BECH32_MAX_LEN + 1];
    unsigned char data[BECH32_MAX_LEN];
    std::size_t n;
    Bech32Variant variant;
    Bech32Error e = bech32_decode(got_hrp, data, &n, &variant, s, slen);
    if (e != Bech32Error::ok) return e;
    if (std::strcmp(got_hrp, hrp) != 0) return Bech32Error::wrong_hrp;
    if (n < 1 || data[0] > 16) return Bech32Error::bad_witness;
    std::size_t plen;
    if (!convert_bits(program, &plen, 40, data + 1, n - 1, 5, 8, false)) return Bech32Error::bad_witness;
    if (plen < 2 || plen > 40 || (data[0] == 0 && plen != 20 && plen != 32)) return Bech32Error::bad_witness;
    if ((data[0] == 0) != (variant == Bech32Variant::bech32)) return Bech32Error::wrong_variant;
    *version = data[0];
    *len = plen;
    return Bech32Error::ok;
}

}  // namespace fastsecp::encoding
