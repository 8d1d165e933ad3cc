// BIP-32 public child derivation for a run of indices of one parent: the HMACs share the keyed
// chain-code state, then all children are one pubkey_tweak_add_many_var (I_L·G eight at a time in
// IFMA lanes, one field inversion for the whole block).
#include <cstring>

#include "schemes/bip32.h"
#include "schemes/eckey.h"

namespace fastsecp::bip32 {

void ckd_pub_block(unsigned char* pub33s, unsigned char* chains, bool* ok, const Ge& K, const unsigned char pub33[33],
                   const hash::HmacSha512& keyed, std::uint32_t first, std::size_t n) {
    static_assert(BATCH_BLOCK <= TWEAK_MANY_MAX);
    if (n == 0) return;
    Scalar il[BATCH_BLOCK];
    Ge r[BATCH_BLOCK];
    for (std::size_t j = 0; j < n; j++) {
        unsigned char I[64];
        normal_child_hmac(I, keyed, pub33, first + (std::uint32_t)j);
        int overflow;
        scalar_set_b32(il[j], I, &overflow);
        ok[j] = !overflow;
        if (chains) std::memcpy(chains + 32 * j, I + 32, 32);
    }
    pubkey_tweak_add_many_var(r, ok, &K, 0, il, n);
    for (std::size_t j = 0; j < n; j++) {
        if (ok[j]) pubkey_serialize33(pub33s + 33 * j, r[j]);
        else std::memset(pub33s + 33 * j, 0, 33);
    }
}

}  // namespace fastsecp::bip32
