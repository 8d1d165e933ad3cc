// Hex text <-> bytes for the fastsecp tool's subcommands.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace fastsecp::cli {

inline int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// Decodes exactly len bytes of hex; false on a wrong length or a non-hex digit.
inline bool parse_hex(const std::string& s, unsigned char* out, size_t len) {
    if (s.size() != 2 * len) return false;
    for (size_t i = 0; i < len; i++) {
        int hi = hex_value(s[2 * i]), lo = hex_value(s[2 * i + 1]);
        if (hi < 0 || lo < 0) return false;
        out[i] = static_cast<unsigned char>(hi << 4 | lo);
    }
    return true;
}

// Any even number of hex digits.
inline bool parse_hex(const std::string& s, std::vector<unsigned char>& out) {
    if (s.size() % 2) return false;
    out.resize(s.size() / 2);
    return parse_hex(s, out.data(), out.size());
}

inline std::string to_hex(const unsigned char* p, size_t len) {
    static const char digits[] = "0123456789abcdef";
    std::string s(2 * len, '0');
    for (size_t i = 0; i < len; i++) {
        s[2 * i] = digits[p[i] >> 4];
        s[2 * i + 1] = digits[p[i] & 15];
    }
    return s;
}

}  // namespace fastsecp::cli
