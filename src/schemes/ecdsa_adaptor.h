// ECDSA adaptor signatures (one-time verifiably encrypted signatures, L. Fournier 2019), in the
// form of the DLC specification (dlcspecs ECDSA-adaptor.md) and secp256k1-zkp's module, so the
// 162-byte signatures are byte-identical to theirs:
//
//   sig162 = cbytes(R) || cbytes(R') || s' || e || s     R = k·Y, R' = k·G, Y the encryption key
//   s'     = k^-1 (m + r·x),  r = R.x mod n
//   (e, s) : a DLEQ proof that R' = k·G and R = k·Y (tag "DLEQ", e = H(R' || Y || R || R1 || R2)
//            mod n with R1 = k2·G, R2 = k2·Y, s = k2 + e·k)
//   decrypt: s = s'·y^-1 (low-s);  recover: y = ±s^-1·s' (the sign matching Y)
//
// Nonces: the modified BIP-340 function (nonce_hash below; the caller may pass its own through
// the compat layer). Encryption is constant time in x, k and the DLEQ nonce; verification,
// decryption's public parts and recovery's comparison work on public data.
#pragma once

#include <cstddef>

#include "ecmult/ecmult.h"

namespace fastsecp::ecdsa_adaptor {

// The algo strings of the nonce function: encryption's nonce and the DLEQ proof's nonce.
extern const unsigned char ALGO_NONCE[16];  // "ECDSAadaptor/non"
extern const unsigned char ALGO_DLEQ[4];    // "DLEQ"

// The default nonce: tagged_hash(algo, key' || pk33 || msg32) with key' = key32 xor
// tagged_hash("ECDSAadaptor/aux", aux32) when aux32 is given, else key32. Constant time.
void nonce_hash(unsigned char nonce32[32], const unsigned char* msg32, const unsigned char* key32,
                const unsigned char* pk33, const unsigned char* algo, std::size_t algolen, const unsigned char* aux32,
                hash::CompressFn fn);

// A nonce source: the default nonce_hash or a caller's function (false: no nonce).
struct NonceSource {
    bool (*fn)(void* self, unsigned char nonce32[32], const unsigned char* msg32, const unsigned char* key32,
               const unsigned char* pk33, const unsigned char* algo, std::size_t algolen);
    void* self;
};

// Encrypted signing. False (sig zeroed) for an invalid key, a failed or zero nonce, or r or s'
// zero. Y not infinity. Constant time in x (seckey32) and the nonces.
bool encrypt(unsigned char sig162[162], const GenBlind& blind, const unsigned char seckey32[32], const Ge& Y,
             const unsigned char msg32[32], const NonceSource& nonce, hash::CompressFn fn);

// The signature's parts (variable time, public data).
struct Parsed {
    Ge R, Rp;
    Scalar r, sp, e, s;
};
// False when R or R' is not a point, r = 0, s' is 0 or >= n, or s >= n (e is taken mod n).
bool parse_var(Parsed& p, const unsigned char sig162[162]);
// r (from R's x bytes, mod n, not 0) and s' (in [1, n-1]) only, as decryption and recovery read them.
bool parse_r_sp(Scalar& r, Scalar& sp, const unsigned char sig162[162]);

// Verification: the DLEQ proof and R' = s'^-1 (m·G + r·X). Variable time.
bool verify_var(const unsigned char sig162[162], const Ge& X, const unsigned char msg32[32], const Ge& Y,
                hash::CompressFn fn);

// Decryption: (r, s) with s = s'·y^-1 made low. False when y is 0 or >= n or the signature's r or
// s' is invalid (r, s then meaningless). Constant time in y.
bool decrypt(Scalar& r, Scalar& s, const unsigned char deckey32[32], const unsigned char sig162[162]);

}  // namespace fastsecp::ecdsa_adaptor
