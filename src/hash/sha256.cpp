// SHA-256 streaming (init / write / finalize), the run-time choice of compression function, and
// tagged hashing. Branches here depend on lengths only, never on the bytes being hashed.
#include "hash/sha256.h"
#include "rt/cached.h"

#include <cstdlib>
#include <cstring>
#include "rt/bytes.h"

namespace fastsecp::hash {
namespace {

constexpr std::uint32_t kInitialState[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                             0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};

using rt::store_be32;

bool portable_forced() {
    const char* v = std::getenv("FASTSECP_FORCE_PORTABLE");
    return v != nullptr && std::strcmp(v, "1") == 0;
}

}  // namespace

CompressFn best_compress() {
    // Decided once; later changes to the environment are ignored so that every hash in the
    // process uses the same code.
    static rt::Cached<CompressFn> chosen;
    return chosen.get([] {
        if (portable_forced()) return &compress_portable;
        return have_shani_compress() ? &compress_shani : &compress_portable;
    });
}

void sha256_init(Sha256& h, CompressFn fn) { sha256_init_midstate(h, kInitialState, 0, fn); }

void sha256_init_midstate(Sha256& h, const std::uint32_t midstate[8], std::uint64_t bytes, CompressFn fn) {
    std::memcpy(h.s, midstate, sizeof h.s);
    h.bytes = bytes;
    h.fn = fn != nullptr ? fn : best_compress();
}

void sha256_write(Sha256& h, const unsigned char* data, std::size_t len) {
    if (len == 0) return;  // also keeps memcpy away from a null data pointer
    std::size_t used = static_cast<std::size_t>(h.bytes & 63);
    h.bytes += len;
    if (used != 0) {
        std::size_t take = 64 - used < len ? 64 - used : len;
        std::memcpy(h.buf + used, data, take);
        data += take;
        len -= take;
        if (used + take < 64) return;
        h.fn(h.s, h.buf, 1);
    }
    // Whole blocks go to the compression function straight from the caller's buffer.
    std::size_t blocks = len / 64;
    if (blocks != 0) {
        h.fn(h.s, data, blocks);
        data += blocks * 64;
        len -= blocks * 64;
    }
    if (len != 0) std::memcpy(h.buf, data, len);
}

void sha256_finalize(Sha256& h, unsigned char out32[32]) {
    // Padding: a 1 bit, zeros up to 56 mod 64, then the message length in bits (big endian).
    std::size_t used = static_cast<std::size_t>(h.bytes & 63);
    const std::uint64_t bits = h.bytes << 3;
    h.buf[used++] = 0x80;
    if (used > 56) {
        std::memset(h.buf + used, 0, 64 - used);
        h.fn(h.s, h.buf, 1);
        used = 0;
    }
    std::memset(h.buf + used, 0, 56 - used);
    store_be32(h.buf + 56, static_cast<std::uint32_t>(bits >> 32));
    store_be32(h.buf + 60, static_cast<std::uint32_t>(bits));
    h.fn(h.s, h.buf, 1);
    for (int i = 0; i < 8; ++i) store_be32(out32 + 4 * i, h.s[i]);
    sha256_clear(h);
}

void sha256(const unsigned char* data, std::size_t len, unsigned char out32[32], CompressFn fn) {
    Sha256 h;
    sha256_init(h, fn);
    sha256_write(h, data, len);
    sha256_finalize(h, out32);
}

void sha256_tagged_init(Sha256& h, const unsigned char* tag, std::size_t taglen, CompressFn fn) {
    unsigned char tag_hash[32];
    sha256(tag, taglen, tag_hash, fn);
    sha256_init(h, fn);
    sha256_write(h, tag_hash, 32);
    sha256_write(h, tag_hash, 32);
}

void sha256_tagged_init(Sha256& h, Tag tag, CompressFn fn) { sha256_init_midstate(h, tag_midstate(tag), 64, fn); }

void tagged_sha256(const unsigned char* tag, std::size_t taglen, const unsigned char* msg, std::size_t msglen,
                   unsigned char out32[32], CompressFn fn) {
    Sha256 h;
    sha256_tagged_init(h, tag, taglen, fn);
    sha256_write(h, msg, msglen);
    sha256_finalize(h, out32);
}

}  // namespace fastsecp::hash
