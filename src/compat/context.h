// The context object behind the libsecp256k1-compatible API and the helpers every compat file
// shares: argument checks that report through the illegal-argument callback, loading and saving
// the opaque public key/signature objects, and declassification for the constant-time test.
#pragma once

#include <secp256k1.h>

#include <cstring>

#include "ecmult/ecmult.h"
#include "hash/sha256.h"
#include "rt/bytes.h"

namespace fastsecp::compat {

struct Callback {
    void (*fn)(const char* message, void* data);
    const void* data;
    void call(const char* message) const { fn(message, const_cast<void*>(data)); }
};

extern const Callback DEFAULT_ILLEGAL;
extern const Callback DEFAULT_ERROR;

}  // namespace fastsecp::compat

struct secp256k1_context_struct {
    int gen_built;                    // 0 only for secp256k1_context_static (and copies of it)
    fastsecp::GenBlind gen_blind;     // blinding of constant-time k·G
    fastsecp::hash::CompressFn sha;   // nullptr = built-in
    fastsecp::compat::Callback illegal;
    fastsecp::compat::Callback error;
    int declassify;                   // SECP256K1_CONTEXT_DECLASSIFY (valgrind runs only)
};

// secp256k1_context_preallocated_size() reports the same 216 bytes as libsecp256k1 v0.8.0, so a
// caller's preallocated buffers are sized identically with either library.
constexpr size_t FASTSECP_CONTEXT_SIZE = 216;
static_assert(sizeof(secp256k1_context) <= FASTSECP_CONTEXT_SIZE);

namespace fastsecp::compat {

// Return `ret` from the enclosing function after reporting `cond` as an illegal argument.
// The message is the condition's text, as libsecp256k1 reports it; the *_MSG forms take the text
// explicitly where our expression differs from the one users see in libsecp256k1's reports.
#define ARG_CHECK_MSG(cond, msg)                   \
    do {                                           \
        if (!(cond)) {                             \
            ctx->illegal.call(msg);                \
            return 0;                              \
        }                                          \
    } while (0)
#define ARG_CHECK(cond) ARG_CHECK_MSG(cond, #cond)
#define ARG_CHECK_VOID_MSG(cond, msg)              \
    do {                                           \
        if (!(cond)) {                             \
            ctx->illegal.call(msg);                \
            return;                                \
        }                                          \
    } while (0)
#define ARG_CHECK_VOID(cond) ARG_CHECK_VOID_MSG(cond, #cond)
constexpr const char* MSG_GEN_BUILT = "secp256k1_ecmult_gen_context_is_built(&ctx->ecmult_gen_ctx)";
constexpr const char* MSG_PROPER = "secp256k1_context_is_proper(ctx)";
#define ARG_CHECK_GEN_BUILT() ARG_CHECK_MSG(gen_is_built(ctx), MSG_GEN_BUILT)

inline bool gen_is_built(const secp256k1_context* ctx) { return ctx->gen_built != 0; }
inline hash::CompressFn sha_of(const secp256k1_context* ctx) { return ctx->sha; }

// Mark memory as public for the valgrind constant-time test (no-op outside valgrind).
void declassify(const secp256k1_context* ctx, const void* p, size_t len);
bool checkmem_running();

// Opaque 64-byte point format: x and y as normalized 4×64-bit limbs (the same layout as
// libsecp256k1 uses, so raw bytes match too).
// In the CPU's byte order, like libsecp256k1 (rt/bytes.h: store_ne64s).
inline void point_save(unsigned char* data64, const Ge& p) {
    GeStorage s;
    ge_to_storage(s, p);
    rt::store_ne64s(data64, s.x.n, 4);
    rt::store_ne64s(data64 + 32, s.y.n, 4);
}
inline void point_load_raw(Ge& p, const unsigned char* data64) {
    GeStorage s;
    rt::load_ne64s(s.x.n, data64, 4);
    rt::load_ne64s(s.y.n, data64 + 32, 4);
    ge_from_storage(p, s);
}
// Loads a public key; an all-zero (unset/invalid) object is an illegal argument.
inline bool pubkey_load(const secp256k1_context* ctx, Ge& p, const secp256k1_pubkey* pk) {
    point_load_raw(p, pk->data);
    ARG_CHECK_MSG(!fe_is_zero(p.x), "!secp256k1_fe_is_zero(&ge->x)");
    return true;
}
inline void pubkey_save(secp256k1_pubkey* pk, const Ge& p) { point_save(pk->data, p); }

// Scalars inside signature objects: 4×64-bit limbs in the CPU's byte order (as libsecp256k1).
inline void scalar_load_raw(Scalar& s, const unsigned char* data32) { rt::load_ne64s(s.d, data32, 4); }
inline void scalar_save_raw(unsigned char* data32, const Scalar& s) { rt::store_ne64s(data32, s.d, 4); }

// Byte-wise difference of the first differing byte (libsecp256k1's comparison result).
inline int memcmp_var(const unsigned char* a, const unsigned char* b, size_t n) {
    for (size_t i = 0; i < n; i++) {
        int d = a[i] - b[i];
        if (d != 0) return d;
    }
    return 0;
}
// Whether an opaque object starts with its 4-byte marker (one word compare).
// Whether a secret nonce's two 32-byte halves (data64) are all zero, i.e. wiped by an earlier use;
// the answer is declassified (it only says whether the nonce was used).
inline int nonce_halves_zero(const secp256k1_context* ctx, const unsigned char* data64) {
    unsigned char acc = 0;
    for (int i = 0; i < 64; i++) acc |= data64[i];
    int is_zero = acc == 0;
    declassify(ctx, &is_zero, sizeof is_zero);
    return is_zero;
}
inline bool magic_matches(const unsigned char* data, const unsigned char (&magic)[4]) {
    uint32_t a, b;
    std::memcpy(&a, data, 4);
    std::memcpy(&b, magic, 4);
    return a == b;
}
// Zero `len` bytes when flag (0/1), constant time.
inline void memczero(void* p, size_t len, int flag) {
    unsigned char mask = (unsigned char)(0 - (unsigned)flag);
    unsigned char* b = static_cast<unsigned char*>(p);
    for (size_t i = 0; i < len; i++) b[i] &= (unsigned char)~mask;
}

// A secret scalar for a multiplication that must run even on bad input: s = the 32 bytes, or 1
// when they are 0 or >= n. Returns 1 in that bad case (for the caller's return value), 0 otherwise.
// Constant time.
inline int scalar_set_b32_or_one(Scalar& s, const unsigned char* b32) {
    int overflow = 0;
    scalar_set_b32(s, b32, &overflow);
    overflow |= scalar_is_zero(s);
    Scalar one;
    scalar_set_int(one, 1);
    scalar_cmov(s, one, (uint64_t)overflow);
    return overflow;
}

// k·G with the context's blinding, affine result (constant time).
inline void ecmult_gen_ge(const secp256k1_context* ctx, Ge& r, const Scalar& k) {
    Gej j;
    ecmult_gen(ctx->gen_blind, j, k);
    ge_set_gej(r, j);
}

// Shared by pubkey and extrakeys: p += tweak·G (tweak public). False on overflow or infinity.
bool pubkey_tweak_add_helper(Ge& p, const unsigned char* tweak32);
// Shared by seckey and extrakeys: sec += tweak (constant time). False on overflow or zero.
int seckey_tweak_add_helper(Scalar& sec, const unsigned char* tweak32);
// sec = seckey (or 1 when invalid), p = sec·G; returns validity. Constant time.
int pubkey_create_helper(const secp256k1_context* ctx, Scalar& sec, Ge& p, const unsigned char* seckey32);

}  // namespace fastsecp::compat
