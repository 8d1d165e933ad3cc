#include "schemes/musig_nonce.h"

#include <cstdint>
#include <cstring>

#include "batch/batch_ops.h"
#include "hash/memclear.h"
#include "schemes/eckey.h"

namespace fastsecp::musig {

namespace {
// An optional input behind a big-endian length prefix of prefix_size bytes; an absent input
// hashes as length 0.
void write_prefixed(hash::Sha256& h, size_t prefix_size, const unsigned char* data, size_t len) {
    const uint64_t l = data != nullptr ? (uint64_t)len : 0;
    unsigned char prefix[8];
    for (size_t i = 0; i < prefix_size; i++) prefix[i] = (unsigned char)(l >> (8 * (prefix_size - 1 - i)));
    hash::sha256_write(h, prefix, prefix_size);
    if (data != nullptr) hash::sha256_write(h, data, len);
}
}  // namespace

void nonce_derive(hash::CompressFn fn, Scalar k[2], const unsigned char rand32[32], const unsigned char* msg,
                  size_t msglen, const unsigned char* seckey32, const unsigned char pk33[33],
                  const unsigned char* agg_pk32, const unsigned char* extra_input32) {
    hash::Sha256 aux, nonce;
    hash::sha256_tagged_init(aux, hash::Tag::MusigAux, fn);
    hash::sha256_tagged_init(nonce, hash::Tag::MusigNonce, fn);
    nonce_derive_tagged(aux, nonce, k, rand32, msg, msglen, seckey32, pk33, agg_pk32, extra_input32, 32);
}

void nonce_derive_tagged(const hash::Sha256& aux_init, const hash::Sha256& nonce_init, Scalar k[2],
                         const unsigned char rand32[32], const unsigned char* msg, size_t msglen,
                         const unsigned char* seckey32, const unsigned char* pk33, const unsigned char* agg_pk32,
                         const unsigned char* extra, size_t extralen) {
    unsigned char rand[32];
    hash::Sha256 h;
    if (seckey32 != nullptr) {
        h = aux_init;
        hash::sha256_write(h, rand32, 32);
        hash::sha256_finalize(h, rand);
        for (int i = 0; i < 32; i++) rand[i] ^= seckey32[i];
    } else {
        std::memcpy(rand, rand32, 32);
    }
    h = nonce_init;
    hash::sha256_write(h, rand, 32);
    write_prefixed(h, 1, pk33, 33);
    write_prefixed(h, 1, agg_pk32, 32);
    // msg_prefixed: a presence byte, then (when present) the message behind an 8-byte length.
    const unsigned char msg_present = msg != nullptr;
    hash::sha256_write(h, &msg_present, 1);
    if (msg_present) write_prefixed(h, 8, msg, msglen);
    write_prefixed(h, 4, extra, extralen);
    nonce_pair_finish(h, k);
    hash::memclear(rand, sizeof rand);
}

void nonce_pair_finish(hash::Sha256& h, Scalar k[2]) {
    for (unsigned char i = 0; i < 2; i++) {
        hash::Sha256 hi = h;
        unsigned char buf[32];
        hash::sha256_write(hi, &i, 1);
        hash::sha256_finalize(hi, buf);
        scalar_set_b32(k[i], buf, nullptr);
        hash::memclear(buf, sizeof buf);
        hash::sha256_clear(hi);
    }
    hash::sha256_clear(h);
}

bool ge_parse_pair(Ge r[2], const unsigned char in66[66], bool ext) {
    static const unsigned char zeros[33] = {0};
    Fe x[2];
    int at[2];
    bool odd[2];
    size_t n = 0;
    for (int i = 0; i < 2; i++) {
        const unsigned char* in = in66 + 33 * i;
        if (ext && std::memcmp(in, zeros, 33) == 0) {
            ge_set_infinity(r[i]);
            continue;
        }
        if ((in[0] != 0x02 && in[0] != 0x03) || !fe_set_b32_limit(x[n], in + 1)) return false;
        odd[n] = in[0] == 0x03;
        at[n++] = i;
    }
    Ge p[2];
    bool ok[2];
    batch::lift_x_even(p, ok, x, n);
    for (size_t k = 0; k < n; k++) {
        if (!ok[k]) return false;
        if (odd[k]) {
            fe_negate(p[k].y, p[k].y, 1);
            fe_normalize_var(p[k].y);
        }
        r[at[k]] = p[k];
    }
    return true;
}

void nonce_sum_init(NonceSum& s) {
    gej_set_infinity(s.r[0]);
    gej_set_infinity(s.r[1]);
}

void nonce_sum_add(NonceSum& s, const Ge r[2]) {
    for (int j = 0; j < 2; j++) gej_add_ge_var(s.r[j], s.r[j], r[j]);
}

void nonce_sum_finish(Ge out[2], NonceSum& s) {
    Fe scratch[2];
    ge_set_all_gej_var(out, s.r, 2, scratch);  // infinity stays infinity
    for (int j = 0; j < 2; j++) {
        fe_normalize(out[j].x);
        fe_normalize(out[j].y);
    }
}

}  // namespace fastsecp::musig
