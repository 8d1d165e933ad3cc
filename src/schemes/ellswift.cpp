// ElligatorSwift: the variant choice and the encoder's candidate loop (the field arithmetic is in
// ellswift_impl.h).
#include "schemes/ellswift.h"
#include "rt/bytes.h"

namespace fastsecp {

const EllswiftOps& ellswift_ops() {
    return &ecmult_ops() == &ECMULT_BMI2 ? ELLSWIFT_BMI2 : ELLSWIFT_PORTABLE;
}

static void encode_prng(unsigned char out32[32], const hash::Sha256& hasher, uint32_t cnt) {
    hash::Sha256 h = hasher;
    unsigned char b[4];
    rt::store_le32(b, cnt);
    hash::sha256_write(h, b, 4);
    hash::sha256_finalize(h, out32);
}

void ellswift_encode_var(unsigned char u32[32], Fe& t, const Ge& p, const hash::Sha256& hasher) {
    // Counter 0 fills a pool of 64 four-bit case numbers (used from the last nibble down); the
    // next 64 counters give candidate u values; then the pool is refilled, and so on.
    unsigned char pool[32];
    int left = 0;
    uint32_t cnt = 0;
    Fe x = p.x;
    for (;;) {
        if (left == 0) {
            encode_prng(pool, hasher, cnt++);
            left = 64;
        }
        --left;
        int c = (pool[left >> 1] >> ((left & 1) << 2)) & 7;
        encode_prng(u32, hasher, cnt++);
        Fe u;
        fe_set_b32_mod(u, u32);
        if (xswiftec_inv_var(t, x, u, c)) break;
    }
    // t's parity carries y's.
    Fe y = p.y;
    fe_normalize(t);
    fe_normalize(y);
    if (fe_is_odd(t) != fe_is_odd(y)) {
        fe_negate(t, t, 1);
        fe_normalize(t);
    }
}

}  // namespace fastsecp
