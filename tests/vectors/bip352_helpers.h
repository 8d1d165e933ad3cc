// What a BIP-352 wallet does around the libsecp256k1 API, needed to run the BIP's published
// send/receive vectors: deciding which transaction inputs are eligible and extracting their public
// keys from prevout scripts, scriptSigs and witnesses, picking the smallest outpoint, and encoding
// addresses (bech32m, "sp" prefix). Written from the rules in bip-0352.mediawiki ("Inputs For
// Shared Secret Derivation"); the library API takes already-extracted keys.
//
// Also a RIPEMD-160 (for HASH160 = RIPEMD160(SHA256(x)), which P2PKH key extraction needs).
#pragma once

#include "test_hex.h"
#include "test_sha256.h"

#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace fastsecp::test::bip352 {

// ---------------------------------------------------------------------------------------------
// RIPEMD-160 (Dobbertin, Bosselaers, Preneel 1996): two parallel lines of 80 steps over each
// 64-byte block, combined crosswise at the end. Little-endian words and length.

inline std::uint32_t rmd_rol(std::uint32_t x, int n) { return (x << n) | (x >> (32 - n)); }

inline std::uint32_t rmd_f(int round, std::uint32_t x, std::uint32_t y, std::uint32_t z) {
    switch (round) {
        case 0: return x ^ y ^ z;
        case 1: return (x & y) | (~x & z);
        case 2: return (x | ~y) ^ z;
        case 3: return (x & z) | (y & ~z);
        default: return x ^ (y | ~z);
    }
}

inline void rmd_block(std::uint32_t h[5], const unsigned char* p) {
    static const int word_l[80] = {0, 1, 2,  3,  4,  5,  6,  7,  8, 9, 10, 11, 12, 13, 14, 15, 7,  4,  13, 1,
                                   10, 6, 15, 3, 12, 0, 9, 5, 2, 14, 11, 8, 3, 10, 14, 4, 9, 15, 8, 1,
                                   2, 7, 0, 6, 13, 11, 5, 12, 1, 9, 11, 10, 0, 8, 12, 4, 13, 3, 7, 15,
                                   14, 5, 6, 2, 4, 0, 5, 9, 7, 12, 2, 10, 14, 1, 3, 8, 11, 6, 15, 13};
    static const int word_r[80] = {5, 14, 7, 0, 9, 2, 11, 4, 13, 6, 15, 8, 1, 10, 3, 12, 6, 11, 3, 7,
                                   0, 13, 5, 10, 14, 15, 8, 12, 4, 9, 1, 2, 15, 5, 1, 3, 7, 14, 6, 9,
                                   11, 8, 12, 2, 10, 0, 4, 13, 8, 6, 4, 1, 3, 11, 15, 0, 5, 12, 2, 13,
                                   9, 7, 10, 14, 12, 15, 10, 4, 1, 5, 8, 7, 6, 2, 13, 14, 0, 3, 9, 11};
    static const int rot_l[80] = {11, 14, 15, 12, 5, 8, 7, 9, 11, 13, 14, 15, 6, 7, 9, 8, 7, 6, 8, 13,
                                  11, 9, 7, 15, 7, 12, 15, 9, 11, 7, 13, 12, 11, 13, 6, 7, 14, 9, 13, 15,
                                  14, 8, 13, 6, 5, 12, 7, 5, 11, 12, 14, 15, 14, 15, 9, 8, 9, 14, 5, 6,
                                  8, 6, 5, 12, 9, 15, 5, 11, 6, 8, 13, 12, 5, 12, 13, 14, 11, 8, 5, 6};
    static const int rot_r[80] = {8, 9, 9, 11, 13, 15, 15, 5, 7, 7, 8, 11, 14, 14, 12, 6, 9, 13, 15, 7,
                                  12, 8, 9, 11, 7, 7, 12, 7, 6, 15, 13, 11, 9, 7, 15, 11, 8, 6, 6, 14,
                                  12, 13, 5, 14, 13, 13, 7, 5, 15, 5, 8, 11, 14, 14, 6, 14, 6, 9, 12, 9,
                                  12, 5, 15, 8, 8, 5, 12, 9, 12, 5, 14, 6, 8, 13, 6, 5, 15, 13, 11, 11};
    static const std::uint32_t k_l[5] = {0x00000000, 0x5A827999, 0x6ED9EBA1, 0x8F1BBCDC, 0xA953FD4E};
    static const std::uint32_t k_r[5] = {0x50A28BE6, 0x5C4DD124, 0x6D703EF3, 0x7A6D76E9, 0x00000000};
    std::uint32_t x[16];
    for (int i = 0; i < 16; i++)
        x[i] = std::uint32_t(p[4 * i]) | std::uint32_t(p[4 * i + 1]) << 8 | std::uint32_t(p[4 * i + 2]) << 16 |
               std::uint32_t(p[4 * i + 3]) << 24;
    std::uint32_t al = h[0], bl = h[1], cl = h[2], dl = h[3], el = h[4];
    std::uint32_t ar = al, br = bl, cr = cl, dr = dl, er = el;
    for (int j = 0; j < 80; j++) {
        int round = j / 16;
        std::uint32_t t = rmd_rol(al + rmd_f(round, bl, cl, dl) + x[word_l[j]] + k_l[round], rot_l[j]) + el;
        al = el; el = dl; dl = rmd_rol(cl, 10); cl = bl; bl = t;
        t = rmd_rol(ar + rmd_f(4 - round, br, cr, dr) + x[word_r[j]] + k_r[round], rot_r[j]) + er;
        ar = er; er = dr; dr = rmd_rol(cr, 10); cr = br; br = t;
    }
    std::uint32_t t = h[1] + cl + dr;
    h[1] = h[2] + dl + er;
    h[2] = h[3] + el + ar;
    h[3] = h[4] + al + br;
    h[4] = h[0] + bl + cr;
    h[0] = t;
}

inline std::array<unsigned char, 20> ripemd160(const unsigned char* data, std::size_t len) {
    std::uint32_t h[5] = {0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0};
    std::size_t full = len / 64 * 64;
    for (std::size_t off = 0; off < full; off += 64) rmd_block(h, data + off);
    unsigned char tail[128] = {0};
    std::size_t rest = len - full;
    std::memcpy(tail, data + full, rest);
    tail[rest] = 0x80;
    std::size_t tail_len = rest + 9 <= 64 ? 64 : 128;
    std::uint64_t bits = std::uint64_t(len) * 8;
    for (int i = 0; i < 8; i++) tail[tail_len - 8 + i] = (unsigned char)(bits >> (8 * i));
    for (std::size_t off = 0; off < tail_len; off += 64) rmd_block(h, tail + off);
    std::array<unsigned char, 20> out;
    for (int i = 0; i < 5; i++)
        for (int b = 0; b < 4; b++) out[4 * i + b] = (unsigned char)(h[i] >> (8 * b));
    return out;
}

inline std::array<unsigned char, 20> hash160(const unsigned char* data, std::size_t len) {
    auto s = sha256(data, len);
    return ripemd160(s.data(), s.size());
}

// ---------------------------------------------------------------------------------------------
// Scripts and witnesses

inline bool is_p2pkh(const Bytes& s) {
    return s.size() == 25 && s[0] == 0x76 && s[1] == 0xa9 && s[2] == 0x14 && s[23] == 0x88 && s[24] == 0xac;
}
inline bool is_p2sh(const Bytes& s) { return s.size() == 23 && s[0] == 0xa9 && s[1] == 0x14 && s[22] == 0x87; }
inline bool is_p2wpkh(const Bytes& s) { return s.size() == 22 && s[0] == 0x00 && s[1] == 0x14; }
inline bool is_p2tr(const Bytes& s) { return s.size() == 34 && s[0] == 0x51 && s[1] == 0x20; }

// A serialized witness: compact-size item count, then each item as compact size + bytes.
// An empty string means no witness.
inline std::vector<Bytes> parse_witness(const Bytes& w) {
    std::vector<Bytes> items;
    std::size_t pos = 0;
    auto compact = [&]() -> std::uint64_t {
        if (pos >= w.size()) throw std::runtime_error("witness: truncated");
        unsigned char b = w[pos++];
        int extra = b == 0xfd ? 2 : b == 0xfe ? 4 : b == 0xff ? 8 : 0;
        if (extra == 0) return b;
        if (pos + extra > w.size()) throw std::runtime_error("witness: truncated size");
        std::uint64_t v = 0;
        for (int i = 0; i < extra; i++) v |= std::uint64_t(w[pos++]) << (8 * i);
        return v;
    };
    if (w.empty()) return items;
    std::uint64_t n = compact();
    for (std::uint64_t i = 0; i < n; i++) {
        std::uint64_t len = compact();
        if (pos + len > w.size()) throw std::runtime_error("witness: truncated item");
        items.emplace_back(w.begin() + pos, w.begin() + pos + len);
        pos += len;
    }
    if (pos != w.size()) throw std::runtime_error("witness: trailing bytes");
    return items;
}

// BIP-341's provably unspendable internal key H (x only).
inline const Bytes& nums_h() {
    static const Bytes h = from_hex("50929b74c1a04954b78b4b6035e97a5e078a5a0f28ec96d547bfee9ace803ac0");
    return h;
}

// ---------------------------------------------------------------------------------------------
// Input eligibility and key extraction

struct InputKey {
    enum class Kind { None, Full, Taproot } kind = Kind::None;
    Bytes key;  // 33-byte compressed key (Full) or 32-byte x-only key (Taproot)
};

// `valid_compressed(bytes33)` tells whether 33 bytes are a valid compressed point (the caller
// asks a library; on-curve checks are not this file's business).
template <class ValidCompressed>
InputKey extract_input_key(const Bytes& prevout_spk, const Bytes& script_sig, const Bytes& witness_bytes,
                           ValidCompressed&& valid_compressed) {
    InputKey r;
    const std::vector<Bytes> witness = parse_witness(witness_bytes);
    auto usable = [&](const Bytes& k) { return k.size() == 33 && (k[0] == 0x02 || k[0] == 0x03) && valid_compressed(k); };
    if (is_p2pkh(prevout_spk)) {
        // The key is whichever 33-byte window of the scriptSig hashes to the key hash; scanning
        // from the end finds it first in standard scriptSigs and still finds it in malleated ones.
        const unsigned char* pkh = prevout_spk.data() + 3;
        for (std::size_t end = script_sig.size(); end >= 33; end--) {
            Bytes window(script_sig.begin() + (end - 33), script_sig.begin() + end);
            auto h = hash160(window.data(), window.size());
            if (std::memcmp(h.data(), pkh, 20) == 0 && usable(window)) {
                r.kind = InputKey::Kind::Full;
                r.key = window;
                return r;
            }
        }
        return r;
    }
    if (is_p2sh(prevout_spk)) {
        // Only P2SH-wrapped P2WPKH: the scriptSig pushes a P2WPKH program as redeem script.
        if (script_sig.empty()) return r;
        Bytes redeem(script_sig.begin() + 1, script_sig.end());
        if (is_p2wpkh(redeem) && !witness.empty() && usable(witness.back())) {
            r.kind = InputKey::Kind::Full;
            r.key = witness.back();
        }
        return r;
    }
    if (is_p2wpkh(prevout_spk)) {
        if (!witness.empty() && usable(witness.back())) {
            r.kind = InputKey::Kind::Full;
            r.key = witness.back();
        }
        return r;
    }
    if (is_p2tr(prevout_spk)) {
        std::vector<Bytes> stack = witness;
        if (stack.empty()) return r;
        if (stack.size() > 1 && !stack.back().empty() && stack.back()[0] == 0x50) stack.pop_back();  // annex
        if (stack.size() > 1) {
            // Script path: excluded when the internal key (control block bytes 1..32) is H.
            const Bytes& control = stack.back();
            if (control.size() >= 33 && std::equal(nums_h().begin(), nums_h().end(), control.begin() + 1)) return r;
        }
        Bytes xonly(prevout_spk.begin() + 2, prevout_spk.end());
        Bytes as_even = {0x02};
        as_even.insert(as_even.end(), xonly.begin(), xonly.end());
        if (valid_compressed(as_even)) {
            r.kind = InputKey::Kind::Taproot;
            r.key = xonly;
        }
        return r;
    }
    return r;
}

// txid as displayed (big-endian hex) -> serialized outpoint: txid bytes reversed || vout LE32.
inline Bytes serialize_outpoint(const std::string& txid_hex, std::uint32_t vout) {
    Bytes txid = from_hex(txid_hex);
    Bytes out(txid.rbegin(), txid.rend());
    for (int i = 0; i < 4; i++) out.push_back((unsigned char)(vout >> (8 * i)));
    return out;
}

// ---------------------------------------------------------------------------------------------
// Bech32m (BIP-350) encoding of silent payment addresses (BIP-352: hrp "sp", version 0, payload
// scan key || spend key, no 90-character limit).

inline std::uint32_t bech32_polymod(const std::vector<unsigned char>& values) {
    static const std::uint32_t gen[5] = {0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3};
    std::uint32_t chk = 1;
    for (unsigned char v : values) {
        std::uint32_t top = chk >> 25;
        chk = (chk & 0x1ffffff) << 5 ^ v;
        for (int i = 0; i < 5; i++)
            if ((top >> i) & 1) chk ^= gen[i];
    }
    return chk;
}

inline std::string bech32m_encode(const std::string& hrp, const std::vector<unsigned char>& data5) {
    static const char* charset = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
    std::vector<unsigned char> values;
    for (char c : hrp) values.push_back((unsigned char)c >> 5);
    values.push_back(0);
    for (char c : hrp) values.push_back((unsigned char)c & 31);
    values.insert(values.end(), data5.begin(), data5.end());
    values.insert(values.end(), 6, 0);
    std::uint32_t mod = bech32_polymod(values) ^ 0x2bc830a3;
    std::string out = hrp + "1";
    for (unsigned char d : data5) out += charset[d];
    for (int i = 0; i < 6; i++) out += charset[(mod >> (5 * (5 - i))) & 31];
    return out;
}

inline std::string sp_address(const Bytes& scan33, const Bytes& spend33) {
    std::vector<unsigned char> data5 = {0};  // version 0
    Bytes payload = scan33;
    payload.insert(payload.end(), spend33.begin(), spend33.end());
    std::uint32_t acc = 0;
    int bits = 0;
    for (unsigned char b : payload) {
        acc = (acc << 8) | b;
        bits += 8;
        while (bits >= 5) {
            bits -= 5;
            data5.push_back((acc >> bits) & 31);
        }
    }
    if (bits > 0) data5.push_back((acc << (5 - bits)) & 31);
    return bech32m_encode("sp", data5);
}

}  // namespace fastsecp::test::bip352
