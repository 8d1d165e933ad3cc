// Contexts, callbacks, self test and the static context (secp256k1.h, secp256k1_preallocated.h).
#include <cstdio>
#include <cstdlib>
#include <new>

#include <secp256k1_preallocated.h>

#include "compat/context.h"

#if defined(FASTSECP_HAVE_VALGRIND)
#include <valgrind/memcheck.h>
#endif

using namespace fastsecp;
using namespace fastsecp::compat;

extern "C" {

// Exported like libsecp256k1's (SECP256K1_USE_EXTERNAL_DEFAULT_CALLBACKS users may replace them).
SECP256K1_API void secp256k1_default_illegal_callback_fn(const char* str, void* data) {
    (void)data;
    std::fprintf(stderr, "[libsecp256k1] illegal argument: %s\n", str);
    std::abort();
}
SECP256K1_API void secp256k1_default_error_callback_fn(const char* str, void* data) {
    (void)data;
    std::fprintf(stderr, "[libsecp256k1] internal consistency check failed: %s\n", str);
    std::abort();
}

}  // extern "C"

namespace fastsecp::compat {

const Callback DEFAULT_ILLEGAL = {secp256k1_default_illegal_callback_fn, nullptr};
const Callback DEFAULT_ERROR = {secp256k1_default_error_callback_fn, nullptr};

bool checkmem_running() {
#if defined(FASTSECP_HAVE_VALGRIND)
    return RUNNING_ON_VALGRIND;
#else
    return false;
#endif
}

void declassify(const secp256k1_context* ctx, [[maybe_unused]] const void* p, [[maybe_unused]] size_t len) {
#if defined(FASTSECP_HAVE_VALGRIND)
    if (ctx->declassify) (void)VALGRIND_MAKE_MEM_DEFINED(p, len);
#else
    (void)ctx; (void)p; (void)len;
#endif
}

}  // namespace fastsecp::compat

static const secp256k1_context context_static_ = {
    0, {{{0, 0, 0, 0}}, {{{0}}, {{0}}, {{0}}, 1}}, nullptr,
    {secp256k1_default_illegal_callback_fn, nullptr}, {secp256k1_default_error_callback_fn, nullptr}, 0};
const secp256k1_context* const secp256k1_context_static = &context_static_;

// A context is "proper" unless it is the static context or a copy of it.
static bool context_is_proper(const secp256k1_context* ctx) { return gen_is_built(ctx); }

// SHA-256("") and SHA-256 of 64 + 1 bytes through a candidate compression function.
static bool sha256_selftest(hash::CompressFn fn) {
    static const unsigned char empty_digest[32] = {
        0xe3, 0xb0, 0xc4, 0x42, 0x98, 0xfc, 0x1c, 0x14, 0x9a, 0xfb, 0xf4, 0xc8, 0x99, 0x6f, 0xb9, 0x24,
        0x27, 0xae, 0x41, 0xe4, 0x64, 0x9b, 0x93, 0x4c, 0xa4, 0x95, 0x99, 0x1b, 0x78, 0x52, 0xb8, 0x55};
    // SHA-256 of "abc" (FIPS 180-2 appendix B.1).
    static const unsigned char abc_digest[32] = {
        0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea, 0x41, 0x41, 0x40, 0xde, 0x5d, 0xae, 0x22, 0x23,
        0xb0, 0x03, 0x61, 0xa3, 0x96, 0x17, 0x7a, 0x9c, 0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad};
    unsigned char out[32];
    hash::sha256(nullptr, 0, out, fn);
    if (std::memcmp(out, empty_digest, 32) != 0) return false;
    hash::sha256(reinterpret_cast<const unsigned char*>("abc"), 3, out, fn);
    if (std::memcmp(out, abc_digest, 32) != 0) return false;
    // Several blocks in one call must equal block-by-block processing with the built-in function.
    unsigned char msg[200];
    for (int i = 0; i < 200; i++) msg[i] = (unsigned char)(i * 7 + 1);
    unsigned char ref[32];
    hash::sha256(msg, sizeof msg, out, fn);
    hash::sha256(msg, sizeof msg, ref, hash::compress_portable);
    return std::memcmp(out, ref, 32) == 0;
}

extern "C" {

void secp256k1_selftest(void) {
    if (!sha256_selftest(nullptr)) DEFAULT_ERROR.call("self test failed");
}

size_t secp256k1_context_preallocated_size(unsigned int flags) {
    if ((flags & SECP256K1_FLAGS_TYPE_MASK) != SECP256K1_FLAGS_TYPE_CONTEXT) {
        DEFAULT_ILLEGAL.call("Invalid flags");
        return 0;
    }
    if (!checkmem_running() && (flags & SECP256K1_FLAGS_BIT_CONTEXT_DECLASSIFY)) {
        DEFAULT_ILLEGAL.call("Declassify flag requires running with memory checking");
        return 0;
    }
    return FASTSECP_CONTEXT_SIZE;
}

size_t secp256k1_context_preallocated_clone_size(const secp256k1_context* ctx) {
    ARG_CHECK_MSG(context_is_proper(ctx), MSG_PROPER);
    return FASTSECP_CONTEXT_SIZE;
}

secp256k1_context* secp256k1_context_preallocated_create(void* prealloc, unsigned int flags) {
    secp256k1_selftest();
    if (secp256k1_context_preallocated_size(flags) == 0) return nullptr;
    secp256k1_context* ret = new (prealloc) secp256k1_context;
    ret->illegal = DEFAULT_ILLEGAL;
    ret->error = DEFAULT_ERROR;
    ret->sha = nullptr;
    ret->gen_built = 1;
    gen_blind_default(ret->gen_blind);
    ret->declassify = !!(flags & SECP256K1_FLAGS_BIT_CONTEXT_DECLASSIFY);
    return ret;
}

secp256k1_context* secp256k1_context_create(unsigned int flags) {
    size_t size = secp256k1_context_preallocated_size(flags);
    if (size == 0) return nullptr;  // only reachable when the illegal callback returned
    void* mem = std::malloc(size);
    if (!mem) {
        DEFAULT_ERROR.call("Out of memory");
        return nullptr;
    }
    secp256k1_context* ctx = secp256k1_context_preallocated_create(mem, flags);
    if (!ctx) std::free(mem);
    return ctx;
}

secp256k1_context* secp256k1_context_preallocated_clone(const secp256k1_context* ctx, void* prealloc) {
    ARG_CHECK(prealloc != NULL);
    ARG_CHECK_MSG(context_is_proper(ctx), MSG_PROPER);
    secp256k1_context* ret = static_cast<secp256k1_context*>(prealloc);
    *ret = *ctx;
    return ret;
}

secp256k1_context* secp256k1_context_clone(const secp256k1_context* ctx) {
    ARG_CHECK_MSG(context_is_proper(ctx), MSG_PROPER);
    void* mem = std::malloc(sizeof(secp256k1_context));
    if (!mem) {
        ctx->error.call("Out of memory");
        return nullptr;
    }
    return secp256k1_context_preallocated_clone(ctx, mem);
}

void secp256k1_context_preallocated_destroy(secp256k1_context* ctx) {
    if (ctx != nullptr && !context_is_proper(ctx)) {
        ctx->illegal.call("ctx == NULL || secp256k1_context_is_proper(ctx)");
        return;
    }
    if (ctx == nullptr) return;
    gen_blind_default(ctx->gen_blind);
    ctx->gen_built = 0;
}

void secp256k1_context_destroy(secp256k1_context* ctx) {
    if (ctx != nullptr && !context_is_proper(ctx)) {
        ctx->illegal.call("ctx == NULL || secp256k1_context_is_proper(ctx)");
        return;
    }
    if (ctx == nullptr) return;
    secp256k1_context_preallocated_destroy(ctx);
    std::free(ctx);
}

void secp256k1_context_set_illegal_callback(secp256k1_context* ctx, void (*fun)(const char*, void*),
                                            const void* data) {
    ARG_CHECK_VOID(ctx != secp256k1_context_static);
    ctx->illegal.fn = fun ? fun : secp256k1_default_illegal_callback_fn;
    ctx->illegal.data = data;
}

void secp256k1_context_set_error_callback(secp256k1_context* ctx, void (*fun)(const char*, void*),
                                          const void* data) {
    ARG_CHECK_VOID(ctx != secp256k1_context_static);
    ctx->error.fn = fun ? fun : secp256k1_default_error_callback_fn;
    ctx->error.data = data;
}

void secp256k1_context_set_sha256_compression(secp256k1_context* ctx,
                                              secp256k1_sha256_compression_function fn_compression) {
    ARG_CHECK_VOID_MSG(context_is_proper(ctx), MSG_PROPER);
    if (!fn_compression) {
        ctx->sha = nullptr;
        return;
    }
    ARG_CHECK_VOID_MSG(sha256_selftest(fn_compression), "secp256k1_selftest_sha256(fn_compression)");
    ctx->sha = fn_compression;
}

int secp256k1_context_randomize(secp256k1_context* ctx, const unsigned char* seed32) {
    ARG_CHECK_MSG(context_is_proper(ctx), MSG_PROPER);
    gen_blind_set(ctx->gen_blind, seed32, sha_of(ctx));  // hashed like every call: through the context's function
    return 1;
}

}  // extern "C"
