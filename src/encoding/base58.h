// Base58 and Base58Check (the encoding of legacy addresses, WIF keys and BIP-32 extended keys).
//
// The conversion loops run a fixed number of steps for a given input length (no branch or table
// index depends on the digits), because extended private keys and WIF keys pass through here.
// What does depend on the value: the number of leading zero bytes / '1' characters and of leading
// zero digits, i.e. the output length; for versioned payloads (xprv, WIF) that is fixed by the
// public version byte.
#pragma once

#include <cstddef>

namespace fastsecp::encoding {

enum class Base58Error {
    ok,
    bad_char,      // a character outside the Base58 alphabet
    bad_checksum,  // Base58Check: the last four bytes are not SHA256d(payload)[0..4)
    bad_length,    // the decoded bytes do not fit the output, or are shorter than a checksum
};

// Upper bound of the encoded length of len bytes (without the NUL).
constexpr std::size_t base58_max_len(std::size_t len) { return len * 138 / 100 + 1; }
// Largest input base58_encode/_decode accept (bytes): longer inputs are refused.
constexpr std::size_t BASE58_MAX_BYTES = 128;

// Writes the text and a terminating NUL; returns its length, or 0 when cap is too small (cap must
// exceed the length) or len > BASE58_MAX_BYTES.
std::size_t base58_encode(char* out, std::size_t cap, const unsigned char* data, std::size_t len);
// Decodes s[0..slen) into out (at most cap bytes); *outlen gets the length.
Base58Error base58_decode(unsigned char* out, std::size_t cap, std::size_t* outlen, const char* s, std::size_t slen);

// The four checksum bytes of Base58Check: SHA256d (Bitcoin and most coins) or Groestl-512 applied
// twice (Groestlcoin): constant time, or groestl512d_var (a table S-box, for public payloads only:
// addresses).
enum class Checksum { sha256d, groestl512d, groestl512d_var };

// payload || SHA256d(payload)[0..4), Base58-encoded.
std::size_t base58check_encode(char* out, std::size_t cap, const unsigned char* payload, std::size_t len);
// Checks and strips the checksum; *outlen gets the payload length.
Base58Error base58check_decode(unsigned char* out, std::size_t cap, std::size_t* outlen, const char* s,
                               std::size_t slen);

// The same with the checksum of another hash (Checksum::sha256d is the calls above).
std::size_t base58check_encode(char* out, std::size_t cap, const unsigned char* payload, std::size_t len,
                               Checksum sum);
Base58Error base58check_decode(unsigned char* out, std::size_t cap, std::size_t* outlen, const char* s,
                               std::size_t slen, Checksum sum);

}  // namespace fastsecp::encoding
