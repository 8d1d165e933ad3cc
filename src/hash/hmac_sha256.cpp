// HMAC-SHA256 (RFC 2104) and the RFC 6979 section 3.2 HMAC-DRBG built on it.
#include "hash/sha256.h"

#include <cstring>

namespace fastsecp::hash {

void hmac_init(HmacSha256& h, const unsigned char* key, std::size_t keylen, CompressFn fn) {
    // The key is zero-padded to one block; a key longer than a block is replaced by its hash.
    unsigned char block[64];
    if (keylen <= sizeof block) {
        if (keylen != 0) std::memcpy(block, key, keylen);
        std::memset(block + keylen, 0, sizeof block - keylen);
    } else {
        sha256(key, keylen, block, fn);
        std::memset(block + 32, 0, 32);
    }
    // inner = H((K ^ ipad) || ...), outer = H((K ^ opad) || inner digest).
    for (unsigned char& c : block) c ^= 0x36;
    sha256_init(h.inner, fn);
    sha256_write(h.inner, block, sizeof block);
    for (unsigned char& c : block) c ^= 0x36 ^ 0x5c;
    sha256_init(h.outer, fn);
    sha256_write(h.outer, block, sizeof block);
    memclear(block, sizeof block);
}

void hmac_write(HmacSha256& h, const unsigned char* data, std::size_t len) { sha256_write(h.inner, data, len); }

void hmac_finalize(HmacSha256& h, unsigned char out32[32]) {
    unsigned char inner_digest[32];
    sha256_finalize(h.inner, inner_digest);
    sha256_write(h.outer, inner_digest, 32);
    sha256_finalize(h.outer, out32);
    memclear(inner_digest, sizeof inner_digest);
}

namespace {

// K changed: absorb the new key's pads once, so each later HMAC_K(...) starts from a copy
// instead of compressing the two pad blocks again.
void rekey(Rfc6979& r, CompressFn fn) { hmac_init(r.keyed, r.k, 32, fn); }

// V = HMAC_K(V)
void update_v(Rfc6979& r) {
    HmacSha256 m = r.keyed;
    hmac_write(m, r.v, 32);
    hmac_finalize(m, r.v);
}

// K = HMAC_K(V || sep [|| data]); then V = HMAC_K(V) under the new K (RFC 6979 steps d-e, f-g,
// and the retry update of step h.3 with no data).
void reseed(Rfc6979& r, unsigned char sep, const unsigned char* data, std::size_t len) {
    HmacSha256 m = r.keyed;
    hmac_write(m, r.v, 32);
    hmac_write(m, &sep, 1);
    hmac_write(m, data, len);
    hmac_finalize(m, r.k);
    rekey(r, r.keyed.inner.fn);
    update_v(r);
}

}  // namespace

void rfc6979_init(Rfc6979& r, const unsigned char* key, std::size_t keylen, CompressFn fn) {
    std::memset(r.v, 0x01, sizeof r.v);  // step b
    std::memset(r.k, 0x00, sizeof r.k);  // step c
    rekey(r, fn);
    reseed(r, 0x00, key, keylen);        // steps d, e
    reseed(r, 0x01, key, keylen);        // steps f, g
    r.retry = false;
}

void rfc6979_generate(Rfc6979& r, unsigned char* out, std::size_t outlen) {
    // Step h.3 of the previous output ("candidate rejected") is done lazily here, which is what
    // lets a caller ask for the n-th candidate by calling generate n+1 times.
    if (r.retry) reseed(r, 0x00, nullptr, 0);
    while (outlen > 0) {
        update_v(r);
        std::size_t now = outlen < 32 ? outlen : 32;
        std::memcpy(out, r.v, now);
        out += now;
        outlen -= now;
    }
    r.retry = true;
}

void rfc6979_finalize(Rfc6979& r) { memclear(&r, sizeof r); }

}  // namespace fastsecp::hash
