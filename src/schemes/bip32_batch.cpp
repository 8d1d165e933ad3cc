// BIP-32 public child derivation for a run of indices of one parent: the HMACs share the keyed
// chain-code state, the I_L·G multiplications run eight at a time in IFMA lanes
// (batch::ecmult_gen_var_batch), and one field inversion makes the whole block affine.
#include <cstring>

#include "batch/same_scalar.h"
#include "schemes/bip32.h"
#include "schemes/eckey.h"

namespace fastsecp::bip32 {

void ckd_pub_block(unsigned char* pub33s, unsigned char* chains, bool* ok, const Ge& K, const unsigned char pub33[33],
                   const hash::HmacSha512& keyed, std::uint32_t first, std::size_t n) {
    Scalar il[BATCH_BLOCK];
    Gej rj[BATCH_BLOCK];
    Ge r[BATCH_BLOCK];
    Fe scratch[BATCH_BLOCK];
    for (std::size_t j = 0; j < n; j++) {
        unsigned char I[64];
        normal_child_hmac(I, keyed, pub33, first + (std::uint32_t)j);
        int overflow;
        scalar_set_b32(il[j], I, &overflow);
        ok[j] = !overflow;
        if (overflow) scalar_set_int(il[j], 1);  // computed and discarded below
        if (chains) std::memcpy(chains + 32 * j, I + 32, 32);
    }
    batch::ecmult_gen_var_batch(rj, il, n);
    for (std::size_t j = 0; j < n; j++) {
        if (!ok[j]) {
            gej_set_infinity(rj[j]);
            continue;
        }
        gej_add_ge_var(rj[j], rj[j], K);
        if (rj[j].infinity) ok[j] = false;
    }
    ge_set_all_gej_var(r, rj, n, scratch);  // infinity entries are skipped
    for (std::size_t j = 0; j < n; j++) {
        if (ok[j]) pubkey_serialize33(pub33s + 33 * j, r[j]);
        else std::memset(pub33s + 33 * j, 0, 33);
    }
}

}  // namespace fastsecp::bip32
