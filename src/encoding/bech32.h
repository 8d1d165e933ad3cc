// Bech32 (BIP-173) and Bech32m (BIP-350) strings and segwit addresses on them. Public data only
// (addresses): variable time.
#pragma once

#include <cstddef>

namespace fastsecp::encoding {

enum class Bech32Variant { bech32 = 1, bech32m = 2 };

enum class Bech32Error {
    ok,
    bad_char,         // a character outside 33..126, or a data character outside the charset
    mixed_case,       // upper- and lower-case letters together
    bad_length,       // longer than 90 characters, empty HRP, data part shorter than the checksum
    no_separator,     // no '1'
    bad_checksum,     // neither a Bech32 nor a Bech32m checksum
    wrong_hrp,        // segwit: the human-readable part is not the expected one
    bad_witness,      // segwit: version > 16, program length outside 2..40 (v0: 20 or 32), bad padding
    wrong_variant,    // segwit: v0 with a Bech32m checksum or v1+ with a Bech32 one
};

constexpr std::size_t BECH32_MAX_LEN = 90;

// The character of a 5-bit value (the low five bits of v) in the Bech32 alphabet (which CashAddr
// shares).
char bech32_char(unsigned v);

// Regroups bits: from `from`-bit values to `to`-bit values (at most cap of them). With pad, a
// partial last group is zero-filled; without, leftover bits must be fewer than `from` and zero.
bool convert_bits(unsigned char* out, std::size_t* outlen, std::size_t cap, const unsigned char* in, std::size_t n,
                  unsigned from, unsigned to, bool pad);

// hrp (lower case, 1..83 characters) and 5-bit values -> text with a NUL; returns the length or 0
// when it would exceed 90 characters or cap, or the hrp is invalid.
std::size_t bech32_encode(char* out, std::size_t cap, const char* hrp, const unsigned char* data5, std::size_t n,
                          Bech32Variant variant);
// Splits and checks a string: hrp (lower-cased, NUL-terminated, up to 84 bytes) and the data
// values without the checksum (up to 90).
Bech32Error bech32_decode(char* hrp, unsigned char* data5, std::size_t* n, Bech32Variant* variant, const char* s,
                          std::size_t slen);

// Segwit address (BIP-173/350): witness version 0..16 and program of 2..40 bytes.
std::size_t segwit_encode(char* out, std::size_t cap, const char* hrp, unsigned version, const unsigned char* program,
                          std::size_t len);
// Decodes an address that must carry hrp; program needs 40 bytes.
Bech32Error segwit_decode(unsigned* version, unsigned char* program, std::size_t* len, const char* hrp, const char* s,
                          std::size_t slen);

}  // namespace fastsecp::encoding
