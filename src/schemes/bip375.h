// BIP-375 (silent payments in PSBTs): the output a signer or verifier recomputes from an ECDH
// share. The share is C = a·B_scan for the summed secret key a of the eligible inputs (or one
// input's key); with A the summed public key and outpoint_L the smallest outpoint,
//   input_hash = hash_BIP0352/Inputs(outpoint_L || cbytes(A)),  S = input_hash·C,
//   t_k = hash_BIP0352/SharedSecret(cbytes(S) || ser32(k)),  P_k = B_spend + t_k·G (x-only).
// The share's proof is a BIP-374 DLEQ proof (schemes/dleq.h) of a with base G and B = B_scan.
#pragma once

#include <cstdint>

#include "ecmult/ecmult.h"

namespace fastsecp::bip375 {

// P_k with even y (the x-only output key). False when input_hash or t_k is 0 or >= n, or P_k is
// infinity. S is computed in constant time (it identifies the payment); the rest is public.
bool output_xonly(Ge& out, const unsigned char outpoint36[36], const Ge& a_sum, const Ge& share, const Ge& spend,
                  std::uint32_t k, hash::CompressFn fn);

}  // namespace fastsecp::bip375
