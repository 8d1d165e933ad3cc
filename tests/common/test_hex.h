// Hex <-> bytes for tests. Vector files mix upper and lower case; both are accepted.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace fastsecp::test {

using Bytes = std::vector<unsigned char>;

// data() of an empty vector may be NULL, which the libsecp256k1 API treats as an illegal
// argument even with length 0; this gives a valid pointer for zero-length inputs.
inline const unsigned char* nonnull_data(const Bytes& b) {
    static const unsigned char empty[1] = {0};
    return b.empty() ? empty : b.data();
}

inline int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

inline bool is_hex(std::string_view s) {
    if (s.size() % 2 != 0) return false;
    for (char c : s)
        if (hex_digit(c) < 0) return false;
    return true;
}

inline Bytes from_hex(std::string_view s) {
    if (!is_hex(s)) throw std::invalid_argument("not a hex string: " + std::string(s));
    Bytes out(s.size() / 2);
    for (std::size_t i = 0; i < out.size(); ++i)
        out[i] = static_cast<unsigned char>(hex_digit(s[2 * i]) << 4 | hex_digit(s[2 * i + 1]));
    return out;
}

inline std::string to_hex(const unsigned char* p, std::size_t n) {
    static const char digits[] = "0123456789abcdef";
    std::string s;
    s.reserve(2 * n);
    for (std::size_t i = 0; i < n; ++i) {
        s += digits[p[i] >> 4];
        s += digits[p[i] & 15];
    }
    return s;
}
inline std::string to_hex(const Bytes& b) { return to_hex(b.data(), b.size()); }

// A big-endian number given in hex, left-padded with zeros to `width` bytes.
// Throws when it does not fit, so a malformed vector cannot be silently truncated.
inline Bytes from_hex_padded(std::string_view s, std::size_t width) {
    std::string t(s);
    if (t.size() % 2) t.insert(t.begin(), '0');
    Bytes b = from_hex(t);
    while (b.size() > width && b.front() == 0) b.erase(b.begin());
    if (b.size() > width) throw std::invalid_argument("hex value wider than " + std::to_string(width) + " bytes");
    b.insert(b.begin(), width - b.size(), 0);
    return b;
}

}  // namespace fastsecp::test
