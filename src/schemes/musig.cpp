#include "schemes/musig.h"

#include <cstring>

#include "hash/memclear.h"
#include "schemes/eckey.h"

namespace fastsecp::musig {

void keyagg_coef(hash::CompressFn fn, Scalar& r, const unsigned char pks_hash[32], const Ge& pk, const Ge& second) {
    if (!second.infinity && fe_equal_normalized(pk.x, second.x) && fe_equal_normalized(pk.y, second.y)) {
        scalar_set_int(r, 1);
        return;
    }
    hash::Sha256 h;
    hash::sha256_tagged_init(h, hash::Tag::KeyAggCoef, fn);
    hash::sha256_write(h, pks_hash, 32);
    unsigned char ser[33], out[32];
    pubkey_serialize33(ser, pk);
    hash::sha256_write(h, ser, 33);
    hash::sha256_finalize(h, out);
    scalar_set_b32(r, out, nullptr);
}

namespace {
// An optional input with a length prefix of prefix_size bytes (big-endian; every length here fits
// in the last byte): absent inputs count as length 0.
void write_prefixed(hash::Sha256& h, size_t prefix_size, const unsigned char* data, unsigned char len) {
    static const unsigned char zeros[8] = {0};
    hash::sha256_write(h, zeros, prefix_size - 1);
    const unsigned char l = data != nullptr ? len : 0;
    hash::sha256_write(h, &l, 1);
    if (data != nullptr) hash::sha256_write(h, data, len);
}
}  // namespace

void nonce_derive(hash::CompressFn fn, Scalar k[2], const unsigned char rand32[32], const unsigned char* msg32,
                  const unsigned char* seckey32, const unsigned char pk33[33], const unsigned char* agg_pk32,
                  const unsigned char* extra_input32) {
    unsigned char rand[32];
    hash::Sha256 h;
    if (seckey32 != nullptr) {
        hash::sha256_tagged_init(h, hash::Tag::MusigAux, fn);
        hash::sha256_write(h, rand32, 32);
        hash::sha256_finalize(h, rand);
        for (int i = 0; i < 32; i++) rand[i] ^= seckey32[i];
    } else {
        std::memcpy(rand, rand32, 32);
    }
    hash::sha256_tagged_init(h, hash::Tag::MusigNonce, fn);
    hash::sha256_write(h, rand, 32);
    write_prefixed(h, 1, pk33, 33);
    write_prefixed(h, 1, agg_pk32, 32);
    const unsigned char msg_present = msg32 != nullptr;
    hash::sha256_write(h, &msg_present, 1);
    if (msg_present) write_prefixed(h, 8, msg32, 32);
    write_prefixed(h, 4, extra_input32, 32);
    for (unsigned char i = 0; i < 2; i++) {
        hash::Sha256 hi = h;
        unsigned char buf[32];
        hash::sha256_write(hi, &i, 1);
        hash::sha256_finalize(hi, buf);
        scalar_set_b32(k[i], buf, nullptr);
        hash::memclear(buf, sizeof buf);
    }
    hash::memclear(rand, sizeof rand);
    hash::sha256_clear(h);
}

void ge_serialize_ext(unsigned char out33[33], const Ge& p) {
    if (p.infinity) std::memset(out33, 0, 33);
    else pubkey_serialize33(out33, p);
}

void nonce_coef(hash::CompressFn fn, Scalar& b, const Ge aggnonce[2], const unsigned char agg_pk32[32],
                const unsigned char msg32[32]) {
    hash::Sha256 h;
    hash::sha256_tagged_init(h, hash::Tag::MusigNonceCoef, fn);
    for (int i = 0; i < 2; i++) {
        unsigned char buf[33];
        ge_serialize_ext(buf, aggnonce[i]);
        hash::sha256_write(h, buf, 33);
    }
    hash::sha256_write(h, agg_pk32, 32);
    hash::sha256_write(h, msg32, 32);
    unsigned char out[32];
    hash::sha256_finalize(h, out);
    scalar_set_b32(b, out, nullptr);
}

}  // namespace fastsecp::musig
