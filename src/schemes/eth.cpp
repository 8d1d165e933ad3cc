// Ethereum addresses, EIP-55 and signing.
#include "schemes/eth.h"

#include <cstring>

#include "hash/keccak.h"
#include "hash/memclear.h"
#include "hash/sha256.h"
#include "rt/declassify.h"
#include "schemes/ecdsa.h"

namespace fastsecp::eth {

void address(unsigned char out20[20], const Ge& pub) {
    Fe x = pub.x, y = pub.y;
    fe_normalize_var(x);
    fe_normalize_var(y);
    unsigned char xy[64], h[32];
    fe_get_b32(xy, x);
    fe_get_b32(xy + 32, y);
    hash::keccak256(xy, 64, h);
    std::memcpy(out20, h + 12, 20);
}

void checksum_text(char out43[43], const unsigned char addr20[20]) {
    static const char HEX[] = "0123456789abcdef";
    char lower[40];
    for (int i = 0; i < 20; i++) {
        lower[2 * i] = HEX[addr20[i] >> 4];
        lower[2 * i + 1] = HEX[addr20[i] & 15];
    }
    unsigned char h[32];
    hash::keccak256(reinterpret_cast<const unsigned char*>(lower), 40, h);
    out43[0] = '0';
    out43[1] = 'x';
    for (int i = 0; i < 40; i++) {
        unsigned nibble = (i % 2 == 0) ? h[i / 2] >> 4 : h[i / 2] & 15;
        char c = lower[i];
        out43[2 + i] = (c >= 'a' && nibble >= 8) ? (char)(c - 'a' + 'A') : c;
    }
    out43[42] = '\0';
}

bool sign(const GenBlind& blind, Scalar& r, Scalar& s, int& recid, const unsigned char hash32[32], const Scalar& sec) {
    unsigned char keydata[64], nonce32[32];
    Scalar m, k;
    scalar_set_b32(m, hash32, nullptr);
    scalar_get_b32(keydata, sec);
    scalar_get_b32(keydata + 32, m);
    hash::Rfc6979 rng;
    hash::rfc6979_init(rng, keydata, sizeof keydata);
    bool ok = false;
    for (int attempt = 0; attempt < 64 && !ok; attempt++) {
        hash::rfc6979_generate(rng, nonce32, 32);
        // An unusable nonce has probability below 2^-127: branching on it leaks nothing useful.
        bool nonce_ok = scalar_set_b32_seckey(k, nonce32);
        rt::declassify(&nonce_ok, sizeof nonce_ok);
        if (!nonce_ok) continue;
        ok = ecdsa_sig_sign(blind, r, s, sec, m, k, &recid);
        rt::declassify(&ok, sizeof ok);  // the signature is public from here on
    }
    hash::rfc6979_finalize(rng);
    hash::memclear(keydata, sizeof keydata);
    hash::memclear(nonce32, sizeof nonce32);
    scalar_clear(k);
    return ok;
}

}  // namespace fastsecp::eth
