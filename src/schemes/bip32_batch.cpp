// BIP-32 public child derivation for a run of indices of one parent: the HMACs share the keyed
// chain-code state and run eight at a time (hash::hmac512_short8), then all children are one
// pubkey_tweak_add_many_var (I_L·G eight at a time in IFMA lanes, one field inversion for the
// whole block).
#include <cstring>

#include "schemes/bip32.h"
#include "schemes/eckey.h"
#include "rt/bytes.h"

namespace fastsecp::bip32 {

void ckd_pub_block(unsigned char* pub33s, unsigned char* chains, bool* ok, const Ge& K, const unsigned char pub33[33],
                   const hash::HmacSha512& keyed, std::uint32_t first, std::size_t n) {
    static_assert(BATCH_BLOCK <= TWEAK_MANY_MAX);
    if (n == 0) return;
    Scalar il[BATCH_BLOCK];
    Ge r[BATCH_BLOCK];
    // The HMACs eight at a time (SHA-512 in AVX-512 lanes where the CPU has them); a last
    // partial group repeats its final message in the spare lanes, unless it is so small that one
    // HMAC at a time is cheaper.
    for (std::size_t j0 = 0; j0 < n; j0 += 8) {
        const std::size_t cnt = n - j0 < 8 ? n - j0 : 8;
        unsigned char I[8][64];
        if (cnt <= 2) {
            for (std::size_t l = 0; l < cnt; l++) normal_child_hmac(I[l], keyed, pub33, first + (std::uint32_t)(j0 + l));
        } else {
            unsigned char msgs[8][37];
            const unsigned char* ptrs[8];
            for (std::size_t l = 0; l < 8; l++) {
                const std::uint32_t idx = first + (std::uint32_t)(j0 + (l < cnt ? l : cnt - 1));
                std::memcpy(msgs[l], pub33, 33);
                rt::store_be32(msgs[l] + 33, idx);
                ptrs[l] = msgs[l];
            }
            hash::hmac512_short8(I, keyed, ptrs, 37);
        }
        for (std::size_t l = 0; l < cnt; l++) {
            const std::size_t j = j0 + l;
            int overflow;
            scalar_set_b32(il[j], I[l], &overflow);
            ok[j] = !overflow;
            if (chains) std::memcpy(chains + 32 * j, I[l] + 32, 32);
        }
    }
    pubkey_tweak_add_many_var(r, ok, &K, 0, il, n);
    for (std::size_t j = 0; j < n; j++) {
        if (ok[j]) pubkey_serialize33(pub33s + 33 * j, r[j]);
        else std::memset(pub33s + 33 * j, 0, 33);
    }
}

}  // namespace fastsecp::bip32
