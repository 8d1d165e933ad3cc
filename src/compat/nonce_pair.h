// The nonce objects secp256k1_musig.h and secp256k1_frost.h share in form: a 4-byte marker, then
// two points as 64-byte x||y limbs (all zero for an infinite half of an aggregate nonce), and
// their 66-byte encodings (two compressed points; an aggregate's infinite half as 33 zero bytes).
#pragma once

#include <cstring>

#include "compat/context.h"
#include "schemes/musig_nonce.h"

namespace fastsecp::compat {

// A point or infinity as 64 bytes (all zero for infinity).
inline void point_save_ext(unsigned char* data64, const Ge& p) {
    if (p.infinity) std::memset(data64, 0, 64);
    else point_save(data64, p);
}
inline void point_load_ext(Ge& p, const unsigned char* data64) {
    static const unsigned char zeros[64] = {0};
    if (std::memcmp(data64, zeros, 64) == 0) ge_set_infinity(p);
    else point_load_raw(p, data64);
}

// ext: an aggregate nonce (halves may be infinity); else a public nonce.
inline void nonce_pair_save(unsigned char* data, const unsigned char (&magic)[4], const Ge r[2], bool ext) {
    std::memcpy(data, magic, 4);
    for (int i = 0; i < 2; i++) {
        if (ext) point_save_ext(data + 4 + 64 * i, r[i]);
        else point_save(data + 4 + 64 * i, r[i]);
    }
}
// The marker is checked (message: what the illegal-argument callback reports).
inline int nonce_pair_load(const secp256k1_context* ctx, Ge r[2], const unsigned char* data,
                           const unsigned char (&magic)[4], const char* msg, bool ext) {
    ARG_CHECK_MSG(magic_matches(data, magic), msg);
    for (int i = 0; i < 2; i++) {
        if (ext) point_load_ext(r[i], data + 4 + 64 * i);
        else point_load_raw(r[i], data + 4 + 64 * i);
    }
    return 1;
}
// The 66-byte encoding into an object (0 when it is not a valid encoding).
inline int nonce_pair_parse(unsigned char* data, const unsigned char (&magic)[4], const unsigned char* in66, bool ext) {
    Ge r[2];
    if (!musig::ge_parse_pair(r, in66, ext)) return 0;
    nonce_pair_save(data, magic, r, ext);
    return 1;
}
// An object to its 66-byte encoding (out66 already zeroed by the caller).
inline int nonce_pair_serialize(const secp256k1_context* ctx, unsigned char* out66, const unsigned char* data,
                                const unsigned char (&magic)[4], const char* msg, bool ext) {
    Ge r[2];
    if (!nonce_pair_load(ctx, r, data, magic, msg, ext)) return 0;
    for (int i = 0; i < 2; i++) {
        if (ext) musig::ge_serialize_ext(out66 + 33 * i, r[i]);
        else pubkey_serialize33(out66 + 33 * i, r[i]);
    }
    return 1;
}

}  // namespace fastsecp::compat
