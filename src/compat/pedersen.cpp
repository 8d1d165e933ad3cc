// secp256k1_generator.h (secp256k1-zkp's Pedersen commitments) on schemes/pedersen: argument
// checks and the opaque objects' bytes (a generator: x || y big endian, 64 bytes; a commitment:
// its 33-byte encoding in the first 33 bytes), as secp256k1-zkp lays them out.
#if defined(ENABLE_MODULE_GENERATOR)
#include <secp256k1_generator.h>

#include <cstring>

#include "compat/context.h"
#include "hash/memclear.h"
#include "rt/vec.h"
#include "schemes/pedersen.h"

using namespace fastsecp;
using namespace fastsecp::compat;

namespace {

// H: x = SHA256(04 || G.x || G.y), the square y.
const secp256k1_generator GENERATOR_H = {{
    0x50, 0x92, 0x9b, 0x74, 0xc1, 0xa0, 0x49, 0x54, 0xb7, 0x8b, 0x4b, 0x60, 0x35, 0xe9, 0x7a, 0x5e,
    0x07, 0x8a, 0x5a, 0x0f, 0x28, 0xec, 0x96, 0xd5, 0x47, 0xbf, 0xee, 0x9a, 0xce, 0x80, 0x3a, 0xc0,
    0x31, 0xd3, 0xc6, 0x86, 0x39, 0x73, 0x92, 0x6e, 0x04, 0x9e, 0x63, 0x7c, 0xb1, 0xb5, 0xf4, 0x0a,
    0x36, 0xda, 0xc2, 0x8a, 0xf1, 0x76, 0x69, 0x68, 0xc3, 0x0c, 0x23, 0x13, 0xf3, 0xa3, 0x89, 0x04}};

void gen_load(Ge& g, const secp256k1_generator* gen) {
    Fe x, y;
    fe_set_b32_mod(x, gen->data);
    fe_set_b32_mod(y, gen->data + 32);
    ge_set_xy(g, x, y);
}
void gen_save(secp256k1_generator* gen, const Ge& g) {
    Fe x = g.x, y = g.y;
    fe_normalize_var(x);
    fe_normalize_var(y);
    fe_get_b32(gen->data, x);
    fe_get_b32(gen->data + 32, y);
}
constexpr unsigned char COMMIT_BASE = 8, GENERATOR_BASE = 10;

}  // namespace

extern "C" {

const secp256k1_generator* secp256k1_generator_h = &GENERATOR_H;

int secp256k1_generator_parse(const secp256k1_context* ctx, secp256k1_generator* gen, const unsigned char* input) {
    ARG_CHECK(gen != NULL);
    ARG_CHECK(input != NULL);
    Ge g;
    if ((input[0] & 0xFE) != GENERATOR_BASE || !pedersen::load_var(g, input, false)) return 0;
    gen_save(gen, g);
    return 1;
}

int secp256k1_generator_serialize(const secp256k1_context* ctx, unsigned char* output, const secp256k1_generator* gen) {
    ARG_CHECK(output != NULL);
    ARG_CHECK(gen != NULL);
    Ge g;
    gen_load(g, gen);
    pedersen::save_var(output, g, GENERATOR_BASE);
    return 1;
}

int secp256k1_generator_generate(const secp256k1_context* ctx, secp256k1_generator* gen, const unsigned char* key32) {
    ARG_CHECK(gen != NULL);
    ARG_CHECK(key32 != NULL);
    Ge g;
    int ret = pedersen::generator_generate(g, ctx->gen_blind, key32, nullptr);
    declassify(ctx, &ret, sizeof ret);
    declassify(ctx, &g, sizeof g);  // a generator is public
    gen_save(gen, g);
    return ret;
}

int secp256k1_generator_generate_blinded(const secp256k1_context* ctx, secp256k1_generator* gen,
                                         const unsigned char* key32, const unsigned char* blind32) {
    ARG_CHECK(gen != NULL);
    ARG_CHECK(key32 != NULL);
    ARG_CHECK(blind32 != NULL);
    ARG_CHECK_GEN_BUILT();
    Ge g;
    int ret = pedersen::generator_generate(g, ctx->gen_blind, key32, blind32);
    declassify(ctx, &ret, sizeof ret);
    declassify(ctx, &g, sizeof g);
    gen_save(gen, g);
    return ret;
}

int secp256k1_pedersen_commitment_parse(const secp256k1_context* ctx, secp256k1_pedersen_commitment* commit,
                                        const unsigned char* input) {
    ARG_CHECK(commit != NULL);
    ARG_CHECK(input != NULL);
    Ge c;
    if ((input[0] & 0xFE) != COMMIT_BASE || !pedersen::load_var(c, input, false)) return 0;
    std::memcpy(commit->data, input, 33);
    return 1;
}

int secp256k1_pedersen_commitment_serialize(const secp256k1_context* ctx, unsigned char* output,
                                            const secp256k1_pedersen_commitment* commit) {
    ARG_CHECK(output != NULL);
    ARG_CHECK(commit != NULL);
    std::memcpy(output, commit->data, 33);
    return 1;
}

int secp256k1_pedersen_commit(const secp256k1_context* ctx, secp256k1_pedersen_commitment* commit,
                              const unsigned char* blind, uint64_t value, const secp256k1_generator* gen) {
    ARG_CHECK_GEN_BUILT();
    ARG_CHECK(commit != NULL);
    ARG_CHECK(blind != NULL);
    ARG_CHECK(gen != NULL);
    Ge H;
    gen_load(H, gen);
    Scalar b;
    int overflow = 0;
    scalar_set_b32(b, blind, &overflow);
    declassify(ctx, &overflow, sizeof overflow);  // it is the call's result
    int ret = 0;
    if (!overflow) {
        Gej rj;
        bool ok = pedersen::commit(rj, ctx->gen_blind, b, value, H);
        declassify(ctx, &ok, sizeof ok);
        if (ok) {
            Ge r;
            ge_set_gej(r, rj);
            declassify(ctx, &r, sizeof r);  // the commitment is public
            pedersen::save_var(commit->data, r, COMMIT_BASE);
            ret = 1;
        }
        hash::memclear(&rj, sizeof rj);
    }
    scalar_clear(b);
    return ret;
}

int secp256k1_pedersen_blind_sum(const secp256k1_context* ctx, unsigned char* blind_out,
                                 const unsigned char* const* blinds, size_t n, size_t npositive) {
    ARG_CHECK(blind_out != NULL);
    ARG_CHECK(blinds != NULL);
    for (size_t i = 0; i < n; i++) ARG_CHECK(blinds[i] != NULL);
    ARG_CHECK(npositive <= n);
    Scalar acc, x;
    scalar_set_int(acc, 0);
    int any_overflow = 0;
    for (size_t i = 0; i < n; i++) {
        int overflow = 0;
        scalar_set_b32(x, blinds[i], &overflow);
        any_overflow |= overflow;
        scalar_cond_negate(x, (uint64_t)(i >= npositive));
        scalar_add(acc, acc, x);
    }
    declassify(ctx, &any_overflow, sizeof any_overflow);  // the call's result
    if (any_overflow) {
        scalar_clear(acc);
        scalar_clear(x);
        return 0;
    }
    scalar_get_b32(blind_out, acc);
    scalar_clear(acc);
    scalar_clear(x);
    return 1;
}

int secp256k1_pedersen_verify_tally(const secp256k1_context* ctx, const secp256k1_pedersen_commitment* const* commits,
                                    size_t pcnt, const secp256k1_pedersen_commitment* const* ncommits, size_t ncnt) {
    ARG_CHECK(!pcnt || commits != NULL);
    ARG_CHECK(!ncnt || ncommits != NULL);
    for (size_t i = 0; i < pcnt; i++) ARG_CHECK(commits[i] != NULL);
    for (size_t i = 0; i < ncnt; i++) ARG_CHECK(ncommits[i] != NULL);
    rt::Vec<Ge> pts;
    rt::Vec<const unsigned char*> enc;
    if (!pts.resize(pcnt + ncnt) || !enc.resize(pcnt + ncnt)) return 0;
    for (size_t i = 0; i < pcnt; i++) enc[i] = commits[i]->data;
    for (size_t i = 0; i < ncnt; i++) enc[pcnt + i] = ncommits[i]->data;
    // A stored commitment passed its parse (or was made here): x is on the curve. Reduced mod p
    // as secp256k1-zkp reads it; the square roots together.
    if (!pedersen::load_many_var(pts.data(), enc.data(), pcnt + ncnt)) return 0;
    return pedersen::tally_var(pts.data(), pcnt, pts.data() + pcnt, ncnt);
}

int secp256k1_pedersen_blind_generator_blind_sum(const secp256k1_context* ctx, const uint64_t* value,
                                                 const unsigned char* const* generator_blind,
                                                 unsigned char* const* blinding_factor, size_t n_total,
                                                 size_t n_inputs) {
    ARG_CHECK(n_total == 0 || value != NULL);
    ARG_CHECK(n_total == 0 || generator_blind != NULL);
    ARG_CHECK(n_total == 0 || blinding_factor != NULL);
    ARG_CHECK(n_total > n_inputs);
    for (size_t i = 0; i < n_total; i++) {
        ARG_CHECK(generator_blind[i] != NULL);
        ARG_CHECK(blinding_factor[i] != NULL);
    }
    Scalar sum, last, term, t;
    scalar_set_int(sum, 0);
    scalar_set_int(last, 0);
    int any_overflow = 0;
    for (size_t i = 0; i < n_total; i++) {
        int o1 = 0, o2 = 0;
        scalar_set_int(term, value[i]);
        scalar_set_b32(t, generator_blind[i], &o1);
        scalar_mul(term, term, t);
        scalar_set_b32(last, blinding_factor[i], &o2);
        any_overflow |= o1 | o2;
        scalar_add(term, term, last);
        scalar_cond_negate(term, (uint64_t)(i < n_inputs));
        scalar_add(sum, sum, term);
    }
    declassify(ctx, &any_overflow, sizeof any_overflow);  // the call's result
    // The last output's factor absorbs the difference.
    scalar_negate(sum, sum);
    scalar_add(last, last, sum);
    if (!any_overflow) scalar_get_b32(blinding_factor[n_total - 1], last);
    scalar_clear(sum);
    scalar_clear(last);
    scalar_clear(term);
    scalar_clear(t);
    return !any_overflow;
}

}  // extern "C"

#endif  // ENABLE_MODULE_GENERATOR
