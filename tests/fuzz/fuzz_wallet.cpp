// Fuzzing of the wallet layer's parsers and decoders (include/fastsecp_wallet.h). No reference
// library has these calls, so instead of differences this target checks properties, and aborts
// (which libFuzzer reports) when one fails:
//  - every status is one the header documents for that call;
//  - what parses re-encodes to the canonical input (Base58Check, extended keys, WIF, Bech32 and
//    segwit addresses in lower case, EIP-55 text), and decode(encode(x)) == x for the value;
//  - failed calls leave their outputs zero-filled (the API's convention);
//  - no call writes past the size it is given: every output is a heap block of exactly that size
//    (ASan), or carries guard bytes after the stated size.
// Each input is used twice: as text (up to its first NUL) for every text parser, and as bytes
// that are first encoded validly (Base58Check, Bech32, a segwit program, a script tree), so that
// the checks behind the checksums are reached too. libFuzzer target; see tests/fuzz/CMakeLists.txt.
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

#include <fastsecp_wallet.h>

namespace {

[[noreturn]] void fail(const char* what) {
    std::fprintf(stderr, "fuzz_wallet: property violated: %s\n", what);
    std::abort();
}

void check(bool ok, const char* what) {
    if (!ok) fail(what);
}

void check_status(fastsecp_status st, std::initializer_list<fastsecp_status> allowed, const char* what) {
    for (fastsecp_status a : allowed)
        if (st == a) return;
    std::fprintf(stderr, "fuzz_wallet: %s returned undocumented status %d\n", what, (int)st);
    std::abort();
}

bool all_zero(const void* p, size_t n) {
    const unsigned char* b = (const unsigned char*)p;
    for (size_t i = 0; i < n; i++)
        if (b[i]) return false;
    return true;
}

std::string lower(std::string s) {
    for (char& c : s)
        if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
    return s;
}

const fastsecp_ctx* ctx() {
    static fastsecp_ctx* c = [] {
        fastsecp_ctx* p = nullptr;
        if (fastsecp_ctx_create(&p, nullptr) != FASTSECP_OK) fail("fastsecp_ctx_create");
        return p;
    }();
    return c;
}

// ---- Base58Check ------------------------------------------------------------------------------

void base58check_text(const std::string& text) {
    std::vector<unsigned char> out(124);
    size_t len = 99;
    fastsecp_status st = fastsecp_base58check_decode(out.data(), out.size(), &len, text.c_str());
    check_status(st, {FASTSECP_OK, FASTSECP_ERR_BAD_ENCODING, FASTSECP_ERR_BAD_CHECKSUM}, "base58check_decode");
    if (st != FASTSECP_OK) {
        check(len == 0 && all_zero(out.data(), out.size()), "base58check_decode: outputs of a failure not zeroed");
        return;
    }
    check(len <= out.size(), "base58check_decode: length past the buffer");
    std::vector<char> again(text.size() + 1);  // exactly the room the canonical text needs
    check(fastsecp_base58check_encode(again.data(), again.size(), out.data(), len) == FASTSECP_OK,
          "base58check: decoded payload does not encode");
    check(text == again.data(), "base58check: encode(decode(text)) != text");
    // The same payload with a buffer one byte short of it.
    if (len > 0) {
        // new[] of exactly len - 1 bytes (not NULL even for 0): ASan sees any write past it.
        std::unique_ptr<unsigned char[]> shorter(new unsigned char[len - 1]);
        size_t l2 = 99;
        st = fastsecp_base58check_decode(shorter.get(), len - 1, &l2, text.c_str());
        check(st == FASTSECP_ERR_BUFFER_TOO_SMALL && l2 == 0 && all_zero(shorter.get(), len - 1),
              "base58check_decode: short buffer");
    }
}

// Base58Check text of payload (at most 124 bytes).
std::string b58c(const unsigned char* payload, size_t len) {
    char buf[200];
    if (fastsecp_base58check_encode(buf, sizeof buf, payload, len) != FASTSECP_OK) fail("base58check_encode");
    // Every shorter buffer is refused and zero-filled, never overrun.
    size_t n = std::strlen(buf);
    std::vector<char> small(n);
    check(fastsecp_base58check_encode(small.data(), small.size(), payload, len) == FASTSECP_ERR_BUFFER_TOO_SMALL &&
              all_zero(small.data(), small.size()),
          "base58check_encode: buffer of exactly the length without the NUL");
    unsigned char back[124];
    size_t bl = 0;
    check(fastsecp_base58check_decode(back, sizeof back, &bl, buf) == FASTSECP_OK && bl == len &&
              std::memcmp(back, payload, len) == 0,
          "base58check: decode(encode(x)) != x");
    return buf;
}

// ---- BIP-32 -----------------------------------------------------------------------------------

// Field by field (the struct has padding bytes).
bool same_key(const fastsecp_xkey& a, const fastsecp_xkey& b) {
    return a.version == b.version && a.child_number == b.child_number && a.depth == b.depth &&
           std::memcmp(a.parent_fingerprint, b.parent_fingerprint, 4) == 0 &&
           std::memcmp(a.chain_code, b.chain_code, 32) == 0 && std::memcmp(a.key, b.key, 33) == 0;
}

// The bytes after the last field: written as zeros by every call that outputs a key (they would
// otherwise carry stack leftovers).
bool padding_zero(const fastsecp_xkey& k) {
    size_t end = offsetof(fastsecp_xkey, pubkey) + sizeof k.pubkey;
    return all_zero((const unsigned char*)&k + end, sizeof k - end);
}

bool is_private_version(unsigned v) {
    switch (v) {
        case FASTSECP_XKEY_XPRV: case FASTSECP_XKEY_TPRV: case FASTSECP_XKEY_YPRV:
        case FASTSECP_XKEY_UPRV: case FASTSECP_XKEY_ZPRV: case FASTSECP_XKEY_VPRV: return true;
        default: return false;
    }
}

void xkey_text(const std::string& text, const std::string& path) {
    fastsecp_xkey k;
    std::memset(&k, 0xA5, sizeof k);
    fastsecp_status st = fastsecp_xkey_parse(&k, text.c_str());
    check_status(st, {FASTSECP_OK, FASTSECP_ERR_BAD_CHECKSUM, FASTSECP_ERR_BAD_ENCODING, FASTSECP_ERR_SCALAR_OUT_OF_RANGE,
                      FASTSECP_ERR_POINT_NOT_ON_CURVE},
                 "xkey_parse");
    if (st != FASTSECP_OK) {
        check(all_zero(&k, sizeof k), "xkey_parse: output of a failure not zeroed");
        return;
    }
    check(is_private_version(k.version) ? k.key[0] == 0 : (k.key[0] == 2 || k.key[0] == 3),
          "xkey_parse: key kind does not match the version");
    char out[FASTSECP_XKEY_STRING_SIZE];
    check(fastsecp_xkey_serialize(out, sizeof out, &k) == FASTSECP_OK, "xkey: parsed key does not serialize");
    check(text == out, "xkey: serialize(parse(text)) != text");
    std::vector<char> small(std::strlen(out));
    check(fastsecp_xkey_serialize(small.data(), small.size(), &k) == FASTSECP_ERR_BUFFER_TOO_SMALL &&
              all_zero(small.data(), small.size()),
          "xkey_serialize: short buffer");

    // The public half, and one step of derivation along the fuzzed path (kept short: each step is
    // a scalar multiplication).
    check(padding_zero(k), "xkey_parse: padding");
    fastsecp_xkey pub;
    std::memset(&pub, 0xA5, sizeof pub);
    check(fastsecp_xkey_neuter(ctx(), &pub, &k) == FASTSECP_OK && padding_zero(pub), "xkey_neuter of a parsed key");
    unsigned char pk[33], fp[4];
    check(fastsecp_xkey_pubkey(ctx(), pk, fp, &k) == FASTSECP_OK && std::memcmp(pk, pub.key, 33) == 0,
          "xkey_pubkey != neuter's key");
    char pubtext[FASTSECP_XKEY_STRING_SIZE];
    check(fastsecp_xkey_serialize(pubtext, sizeof pubtext, &pub) == FASTSECP_OK, "neutered key does not serialize");
    fastsecp_xkey pub2;
    check(fastsecp_xkey_parse(&pub2, pubtext) == FASTSECP_OK && same_key(pub2, pub),
          "xkey: parse(serialize(neuter(k))) != neuter(k)");

    unsigned idx[4];
    size_t n = 0;
    if (fastsecp_bip32_path_parse(idx, &n, 4, path.c_str()) != FASTSECP_OK) return;
    fastsecp_xkey child;
    std::memset(&child, 0xA5, sizeof child);
    st = fastsecp_xkey_derive_path(ctx(), &child, &k, path.c_str());
    check_status(st, {FASTSECP_OK, FASTSECP_ERR_INVALID_ARGUMENT, FASTSECP_ERR_NEEDS_PRIVATE_KEY,
                      FASTSECP_ERR_SCALAR_OUT_OF_RANGE},
                 "xkey_derive_path");
    if (st != FASTSECP_OK) {
        check(all_zero(&child, sizeof child), "xkey_derive_path: output of a failure not zeroed");
        return;
    }
    check(padding_zero(child), "xkey_derive_path: padding");
    check(n == 0 || child.child_number == idx[n - 1], "xkey_derive_path: child number");
    check(child.depth == (unsigned char)(k.depth + n), "xkey_derive_path: depth");
    char ctext[FASTSECP_XKEY_STRING_SIZE];
    fastsecp_xkey back;
    check(fastsecp_xkey_serialize(ctext, sizeof ctext, &child) == FASTSECP_OK &&
              fastsecp_xkey_parse(&back, ctext) == FASTSECP_OK && same_key(back, child),
          "xkey: derived child does not round-trip");
    if (n > 0) {
        // The public child of the public parent equals the neutered private child (non-hardened).
        bool hardened = false;
        for (size_t i = 0; i < n; i++) hardened |= idx[i] >= FASTSECP_BIP32_HARDENED;
        fastsecp_xkey pchild, nchild;
        st = fastsecp_xkey_derive_path(ctx(), &pchild, &pub, path.c_str());
        if (hardened) {
            check(st == FASTSECP_ERR_NEEDS_PRIVATE_KEY, "public derivation of a hardened path");
        } else {
            check(st == FASTSECP_OK && fastsecp_xkey_neuter(ctx(), &nchild, &child) == FASTSECP_OK &&
                      same_key(nchild, pchild),
                  "public derivation != neutered private derivation");
        }
    }
}

// The path grammar written out independently: "" | "m" | ["m/"] component ("/" component)*, a
// component being decimal digits without a leading zero ("0" itself is fine; "01" is not, as in
// BIP-32 tools) of value < 2^31 and an optional ', h or H. The number of
// components, or -1 for a syntax error.
long path_components(const char* p) {
    if (*p == 'm') {
        if (*++p == '\0') return 0;
        if (*p++ != '/') return -1;
    } else if (*p == '\0') {
        return 0;
    }
    long count = 0;
    for (;;) {
        const char* start = p;
        if (p[0] == '0' && p[1] >= '0' && p[1] <= '9') return -1;
        unsigned long long v = 0;
        while (*p >= '0' && *p <= '9' && v < 0x80000000ull) v = v * 10 + (unsigned)(*p++ - '0');
        if (p == start || v >= 0x80000000ull) return -1;
        if (*p == '\'' || *p == 'h' || *p == 'H') p++;
        count++;
        if (*p == '\0') return count;
        if (*p++ != '/') return -1;
    }
}

void path_text(const std::string& text) {
    // With room for the longest path, then with less room than the path has.
    unsigned idx[FASTSECP_BIP32_MAX_PATH + 2];
    std::memset(idx, 0xA5, sizeof idx);
    size_t n = 99;
    fastsecp_status st = fastsecp_bip32_path_parse(idx, &n, FASTSECP_BIP32_MAX_PATH, text.c_str());
    check_status(st, {FASTSECP_OK, FASTSECP_ERR_BAD_ENCODING, FASTSECP_ERR_BUFFER_TOO_SMALL}, "bip32_path_parse");
    long want = path_components(text.c_str());
    check(want < 0 ? st == FASTSECP_ERR_BAD_ENCODING
                   : want > FASTSECP_BIP32_MAX_PATH ? st == FASTSECP_ERR_BUFFER_TOO_SMALL : st == FASTSECP_OK,
          "bip32_path_parse: status differs from the grammar");
    for (size_t i = (st == FASTSECP_OK ? n : 0); i < sizeof idx / sizeof idx[0]; i++)
        check(idx[i] == 0xA5A5A5A5u, "bip32_path_parse: wrote past the components it returned");
    if (st != FASTSECP_OK) {
        check(n == 0, "bip32_path_parse: count of a failure");
        return;
    }
    check(n <= FASTSECP_BIP32_MAX_PATH, "bip32_path_parse: count past cap");
    // The canonical text of the indices parses back to them.
    std::string canon = "m";
    for (size_t i = 0; i < n; i++) {
        canon += "/" + std::to_string(idx[i] & ~FASTSECP_BIP32_HARDENED);
        if (idx[i] & FASTSECP_BIP32_HARDENED) canon += "'";
    }
    unsigned again[FASTSECP_BIP32_MAX_PATH];
    size_t n2 = 0;
    check(fastsecp_bip32_path_parse(again, &n2, FASTSECP_BIP32_MAX_PATH, canon.c_str()) == FASTSECP_OK && n2 == n &&
              std::memcmp(again, idx, n * sizeof idx[0]) == 0,
          "bip32_path_parse: the canonical text of the indices parses differently");
    if (n > 0) {
        std::vector<unsigned> small(n - 1);
        size_t n3 = 99;
        check(fastsecp_bip32_path_parse(small.data(), &n3, n - 1, text.c_str()) == FASTSECP_ERR_BUFFER_TOO_SMALL &&
                  n3 == 0,
              "bip32_path_parse: cap below the count");
    }
}

// ---- WIF --------------------------------------------------------------------------------------

void wif_text(const std::string& text) {
    unsigned char key[32];
    std::memset(key, 0xA5, sizeof key);
    fastsecp_network net = FASTSECP_NETWORK_REGTEST;  // never an output: a failure must reset it
    int compressed = 77;
    fastsecp_status st = fastsecp_wif_decode(key, &net, &compressed, text.c_str());
    check_status(st, {FASTSECP_OK, FASTSECP_ERR_BAD_ENCODING, FASTSECP_ERR_BAD_CHECKSUM,
                      FASTSECP_ERR_SCALAR_OUT_OF_RANGE},
                 "wif_decode");
    if (st != FASTSECP_OK) {
        check(all_zero(key, sizeof key) && net == 0 && compressed == 0, "wif_decode: outputs of a failure not zeroed");
        return;
    }
    check(net == FASTSECP_NETWORK_MAINNET || net == FASTSECP_NETWORK_TESTNET, "wif_decode: network");
    check(compressed == 0 || compressed == 1, "wif_decode: compressed flag");
    std::vector<char> out(text.size() + 1);
    check(fastsecp_wif_encode(out.data(), out.size(), key, net, compressed) == FASTSECP_OK && text == out.data(),
          "wif: encode(decode(text)) != text");
    std::vector<char> small(text.size());
    check(fastsecp_wif_encode(small.data(), small.size(), key, net, compressed) == FASTSECP_ERR_BUFFER_TOO_SMALL &&
              all_zero(small.data(), small.size()),
          "wif_encode: short buffer");
}

// A coin's WIF (its version byte; SHA-256d or Groestl-512 checksum): zeroed failures, and a
// decoded key encodes back to the same text.
void coin_wif_text(const std::string& text, fastsecp_coin coin) {
    unsigned char key[32];
    std::memset(key, 0xA5, sizeof key);
    int compressed = 77;
    fastsecp_status st = fastsecp_coin_wif_decode(key, &compressed, coin, text.c_str());
    fastsecp_coin_info info;
    check(fastsecp_coin_get_info(&info, coin) == FASTSECP_OK, "coin_get_info");
    if (info.wif_version < 0) {
        check(st == FASTSECP_ERR_INVALID_ARGUMENT && all_zero(key, sizeof key), "coin_wif_decode: EVM chain");
        return;
    }
    check_status(st, {FASTSECP_OK, FASTSECP_ERR_BAD_ENCODING, FASTSECP_ERR_BAD_CHECKSUM,
                      FASTSECP_ERR_SCALAR_OUT_OF_RANGE},
                 "coin_wif_decode");
    if (st != FASTSECP_OK) {
        check(all_zero(key, sizeof key) && compressed == 0, "coin_wif_decode: outputs of a failure not zeroed");
        return;
    }
    std::vector<char> out(text.size() + 1);
    check(fastsecp_coin_wif_encode(out.data(), out.size(), key, coin, compressed) == FASTSECP_OK && text == out.data(),
          "coin wif: encode(decode(text)) != text");
}

// ---- Bech32, segwit addresses -----------------------------------------------------------------

void segwit_text(const std::string& text, const char* hrp) {
    unsigned version = 99;
    std::vector<unsigned char> prog(40);
    size_t len = 99;
    fastsecp_status st = fastsecp_segwit_address_decode(&version, prog.data(), &len, hrp, text.c_str());
    check_status(st, {FASTSECP_OK, FASTSECP_ERR_BAD_ENCODING, FASTSECP_ERR_BAD_CHECKSUM}, "segwit_address_decode");
    if (st != FASTSECP_OK) {
        check(version == 0 && len == 0 && all_zero(prog.data(), prog.size()),
              "segwit_address_decode: outputs of a failure not zeroed");
        return;
    }
    check(version <= 16 && len >= 2 && len <= 40 && (version != 0 || len == 20 || len == 32),
          "segwit_address_decode: version or program length outside BIP-173/350");
    std::vector<char> out(text.size() + 1);
    check(fastsecp_segwit_address_encode(out.data(), out.size(), hrp, version, prog.data(), len) == FASTSECP_OK,
          "segwit: decoded address does not encode");
    check(lower(text) == out.data(), "segwit: encode(decode(text)) != lower-case text");
    std::vector<char> small(text.size());
    check(fastsecp_segwit_address_encode(small.data(), small.size(), hrp, version, prog.data(), len) ==
                  FASTSECP_ERR_BUFFER_TOO_SMALL &&
              all_zero(small.data(), small.size()),
          "segwit_address_encode: short buffer");
}

void bech32_text(const std::string& text) {
    std::vector<char> hrp(84);
    std::vector<unsigned char> data(90);
    std::memset(hrp.data(), 0x5A, hrp.size());
    std::memset(data.data(), 0x5A, data.size());
    size_t n = 99;
    int m = 99;
    fastsecp_status st = fastsecp_bech32_decode(hrp.data(), data.data(), &n, &m, text.c_str());
    check_status(st, {FASTSECP_OK, FASTSECP_ERR_BAD_ENCODING, FASTSECP_ERR_BAD_CHECKSUM}, "bech32_decode");
    if (st != FASTSECP_OK) {
        check(n == 0 && m == 0 && all_zero(hrp.data(), hrp.size()) && all_zero(data.data(), data.size()),
              "bech32_decode: outputs of a failure not zeroed");
        segwit_text(text, "bc");
        return;
    }
    check(m == 0 || m == 1, "bech32_decode: variant flag");
    size_t hl = strnlen(hrp.data(), hrp.size());
    check(hl >= 1 && hl < hrp.size(), "bech32_decode: hrp length");
    check(n + hl + 7 == text.size(), "bech32_decode: lengths do not add up to the text's");
    for (size_t i = 0; i < n; i++) check(data[i] < 32, "bech32_decode: value above 31");
    std::vector<char> out(text.size() + 1);
    check(fastsecp_bech32_encode(out.data(), out.size(), hrp.data(), data.data(), n, m) == FASTSECP_OK,
          "bech32: decoded string does not encode");
    check(lower(text) == out.data(), "bech32: encode(decode(text)) != lower-case text");
    std::vector<char> small(text.size());
    check(fastsecp_bech32_encode(small.data(), small.size(), hrp.data(), data.data(), n, m) ==
                  FASTSECP_ERR_BUFFER_TOO_SMALL &&
              all_zero(small.data(), small.size()),
          "bech32_encode: short buffer");
    segwit_text(text, hrp.data());
}

// ---- Ethereum ---------------------------------------------------------------------------------

void eth_text(const std::string& text) {
    unsigned char a[20];
    std::memset(a, 0xA5, sizeof a);
    fastsecp_status st = fastsecp_eth_address_parse(a, text.c_str());
    check_status(st, {FASTSECP_OK, FASTSECP_ERR_BAD_ENCODING, FASTSECP_ERR_BAD_CHECKSUM}, "eth_address_parse");
    if (st != FASTSECP_OK) {
        check(all_zero(a, sizeof a), "eth_address_parse: output of a failure not zeroed");
        return;
    }
    check(fastsecp_eth_address_parse(nullptr, text.c_str()) == FASTSECP_OK, "eth_address_parse with out20 NULL");
    char out[43];
    check(fastsecp_eth_address_to_checksum(out, sizeof out, a) == FASTSECP_OK, "eth_address_to_checksum");
    std::string digits = text.substr(2);
    bool has_lower = false, has_upper = false;
    for (char c : digits) {
        has_lower |= c >= 'a' && c <= 'f';
        has_upper |= c >= 'A' && c <= 'F';
    }
    check(lower(digits) == lower(out + 2), "eth: the checksum text has other digits");
    if (has_lower && has_upper) check(digits == out + 2, "eth: accepted mixed case that is not EIP-55");
    unsigned char b[20];
    check(fastsecp_eth_address_parse(b, out) == FASTSECP_OK && std::memcmp(a, b, 20) == 0,
          "eth: parse(checksum(a)) != a");
}

// ---- Inputs as bytes, encoded validly first ---------------------------------------------------

void from_bytes(const unsigned char* data, size_t size) {
    // Base58Check of the bytes: every Base58 payload parser sees well-checksummed data.
    size_t plen = size < 124 ? size : 124;
    std::string t = b58c(data, plen);
    base58check_text(t);
    wif_text(t);
    if (size >= 1) coin_wif_text(t, (fastsecp_coin)(data[0] % FASTSECP_COIN_COUNT));
    // 78 bytes as an extended key, its version one of the twelve known ones (data[0] % 13 == 12
    // keeps the bytes), the rest of the input as a derivation path.
    if (size >= 1) {
        static const unsigned VERSIONS[12] = {FASTSECP_XKEY_XPRV, FASTSECP_XKEY_XPUB, FASTSECP_XKEY_TPRV,
                                              FASTSECP_XKEY_TPUB, FASTSECP_XKEY_YPRV, FASTSECP_XKEY_YPUB,
                                              FASTSECP_XKEY_UPRV, FASTSECP_XKEY_UPUB, FASTSECP_XKEY_ZPRV,
                                              FASTSECP_XKEY_ZPUB, FASTSECP_XKEY_VPRV, FASTSECP_XKEY_VPUB};
        unsigned char raw[78] = {0};
        std::memcpy(raw, data, size < 78 ? size : 78);
        if (data[0] % 13 < 12) {
            unsigned v = VERSIONS[data[0] % 13];
            for (int i = 0; i < 4; i++) raw[i] = (unsigned char)(v >> (24 - 8 * i));
        }
        std::string path;
        if (size > 78) path.assign((const char*)data + 78, strnlen((const char*)data + 78, size - 78));
        xkey_text(b58c(raw, 78), path);
    }
    // A WIF payload: version 0x80 or 0xEF (the low bit of data[0]; data[0] & 2 keeps the byte as
    // given), 32 key bytes, the 0x01 of a compressed key when data[0] & 4.
    if (size >= 1) {
        unsigned char w[34] = {0};
        std::memcpy(w, data, size < 33 ? size : 33);
        if (!(data[0] & 2)) w[0] = (data[0] & 1) ? 0xEF : 0x80;
        w[33] = 0x01;
        wif_text(b58c(w, (data[0] & 4) ? 34 : 33));
    }
    // 20 bytes as an Ethereum address, in EIP-55, lower and upper case.
    if (size >= 20) {
        char e[43];
        check(fastsecp_eth_address_to_checksum(e, sizeof e, data) == FASTSECP_OK, "eth_address_to_checksum");
        eth_text(e);
        std::string l = lower(e);
        eth_text(l);
        for (size_t i = 2; i < l.size(); i++)
            if (l[i] >= 'a' && l[i] <= 'f') l[i] = (char)(l[i] - 'a' + 'A');
        eth_text(l);
        std::vector<char> small(42);
        check(fastsecp_eth_address_to_checksum(small.data(), small.size(), data) == FASTSECP_ERR_BUFFER_TOO_SMALL &&
                  all_zero(small.data(), small.size()),
              "eth_address_to_checksum: short buffer");
    }

    // Bech32/Bech32m of the bytes as 5-bit values under a fixed HRP, and a segwit program.
    if (size >= 1) {
        unsigned char d5[90];
        size_t n = size - 1 < 80 ? size - 1 : 80;
        for (size_t i = 0; i < n; i++) d5[i] = data[1 + i] & 31;
        char s[91];
        fastsecp_status st = fastsecp_bech32_encode(s, sizeof s, "bc", d5, n, data[0] & 1);
        check(st == FASTSECP_OK, "bech32_encode of valid values");
        bech32_text(s);
        unsigned version = data[0] % 17;
        size_t len = size - 1 < 40 ? size - 1 : 40;
        st = fastsecp_segwit_address_encode(s, sizeof s, "tb", version, data + 1, len);
        check_status(st, {FASTSECP_OK, FASTSECP_ERR_BAD_ENCODING}, "segwit_address_encode");
        if (st == FASTSECP_OK) {
            unsigned v2;
            unsigned char p2[40];
            size_t l2;
            check(fastsecp_segwit_address_decode(&v2, p2, &l2, "tb", s) == FASTSECP_OK && v2 == version && l2 == len &&
                      std::memcmp(p2, data + 1, len) == 0,
                  "segwit: decode(encode(x)) != x");
        } else {
            check(len < 2 || (version == 0 && len != 20 && len != 32), "segwit_address_encode refused a valid program");
        }
    }

    // A script tree: (depth, leaf version, script length, script...) records.
    fastsecp_tap_leaf leaves[64];
    size_t nl = 0, pos = 0;
    while (nl < 64 && pos + 3 <= size) {
        fastsecp_tap_leaf& l = leaves[nl++];
        l.depth = data[pos];
        l.leaf_version = data[pos + 1];
        size_t sl = data[pos + 2] % 8;
        pos += 3;
        if (sl > size - pos) sl = size - pos;
        l.script = data + pos;
        l.script_len = sl;
        pos += sl;
    }
    if (nl > 0) {
        unsigned char root[32];
        fastsecp_status st = fastsecp_taproot_tree_root(root, leaves, nl);
        check_status(st, {FASTSECP_OK, FASTSECP_ERR_BAD_ENCODING}, "taproot_tree_root");
        if (st != FASTSECP_OK) {
            check(all_zero(root, 32), "taproot_tree_root: output of a failure not zeroed");
            return;
        }
        // The control block of the first and the last leaf leads from the leaf to the root.
        static const unsigned char G_X[32] = {0x79, 0xBE, 0x66, 0x7E, 0xF9, 0xDC, 0xBB, 0xAC, 0x55, 0xA0, 0x62,
                                              0x95, 0xCE, 0x87, 0x0B, 0x07, 0x02, 0x9B, 0xFC, 0xDB, 0x2D, 0xCE,
                                              0x28, 0xD9, 0x59, 0xF2, 0x81, 0x5B, 0x16, 0xF8, 0x17, 0x98};
        for (size_t index : {(size_t)0, nl - 1}) {
            const fastsecp_tap_leaf& l = leaves[index];
            size_t need = 33 + 32 * (size_t)l.depth;
            std::vector<unsigned char> cb(need);
            size_t len = 0;
            st = fastsecp_taproot_control_block(ctx(), cb.data(), cb.size(), &len, G_X, leaves, nl, index);
            check(st == FASTSECP_OK && len == need, "taproot_control_block of a valid tree");
            check(cb[0] == (l.leaf_version | (cb[0] & 1)) && std::memcmp(cb.data() + 1, G_X, 32) == 0,
                  "taproot_control_block: header");
            unsigned char h[32];
            check(fastsecp_taproot_leaf_hash(h, l.leaf_version, l.script, l.script_len) == FASTSECP_OK, "leaf_hash");
            for (size_t i = 0; i < l.depth; i++)
                check(fastsecp_taproot_branch_hash(h, h, cb.data() + 33 + 32 * i) == FASTSECP_OK, "branch_hash");
            check(std::memcmp(h, root, 32) == 0, "taproot: the control block's path does not lead to the root");
            int parity = 0;
            unsigned char qx[32];
            check(fastsecp_taproot_output_key(ctx(), qx, &parity, G_X, root) == FASTSECP_OK && parity == (cb[0] & 1),
                  "taproot: control block parity != output key parity");
            if (need > 33) {
                std::vector<unsigned char> small(need - 1);
                check(fastsecp_taproot_control_block(ctx(), small.data(), small.size(), &len, G_X, leaves, nl, index) ==
                              FASTSECP_ERR_BUFFER_TOO_SMALL &&
                          len == 0 && all_zero(small.data(), small.size()),
                      "taproot_control_block: short buffer");
            }
        }
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, size_t size) {
    // As text: everything up to the first NUL.
    std::string text((const char*)data, strnlen((const char*)data, size));
    base58check_text(text);
    xkey_text(text, "");
    path_text(text);
    wif_text(text);
    bech32_text(text);
    segwit_text(text, "bc");
    segwit_text(text, "tb");
    eth_text(text);
    from_bytes(data, size);
    return 0;
}
