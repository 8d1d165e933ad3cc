// secp256k1_batch.h, secp256k1_schnorrsig_batch.h, secp256k1_tweak_check_batch.h: the batch module
// of libsecp256k1 PR #1134 (API, return values, illegal-argument callbacks, transparent
// verification of a full batch, unusable after a failed check), on our multi-scalar
// multiplication (batch/msm.h).
//
// Signatures: every signature added since the last verification has a coefficient a and
// contributes a·R + (a·e)·P − (a·s)·G (R = lift_x(r), P the key, e the challenge), the point at
// infinity exactly when s·G = R + e·P. The sum over the sub-batch is one msm_var; all signatures
// are valid (except with probability about 2^-127 per forged one) iff it is the point at infinity.
//
// Tweak checks are not put in the equation: there a check costs a square root (Q's y) and two
// MSM terms, more than computing P + t·G with the precomputed G tables (ecmult_gen_var) and
// comparing x at add time (no inversion: x·Z² = X) and the parity at verification (one inversion
// shared by the sub-batch): BM_batch_module_tweak_check n = 4096, 43.2 ms in the equation against
// 31.6 ms this way (CPU medians, alternated, docs/BENCHMARKS.md). The result is the same: the item
// is valid iff P + t·G is Q.
//
// The coefficients, as the PR derives them: a running SHA-256 started as the tagged hash
// "BIP0340/batch" over the 16 bytes aux_rand16 (zeros for NULL) absorbs every item (signature:
// the byte 1, sig64, msg, the key's 33-byte compressed serialization; tweak check: the byte 2,
// tweaked_pubkey32, the parity byte, tweak32, the internal key's 33-byte serialization); the
// digest of the state after an item, with its first 16 bytes zeroed, is an integer u < 2^128 and
// a = u − 2^127. The first item of each sub-batch gets a = 1 instead. One difference from the
// PR (docs/ARCHITECTURE.md "The batch module"): the PR leaves the first item of a sub-batch out
// of the running hash, so with a known aux_rand16 (NULL) every later coefficient is known before
// the first item is chosen, and that item can be chosen to cancel the errors of the others (a
// batch of invalid signatures that verifies). Here the first item is absorbed like every other,
// so each coefficient depends on all the items before it and on itself.
//
// Work done at add time for a signature is what the return value needs: the range checks,
// whether r is the x of a curve point (a Jacobi symbol, cheaper than the square root), the
// challenge and the coefficient. The square roots run at verification, two at a time
// (batch::lift_x_even).
#if defined(ENABLE_MODULE_BATCH)
#include <secp256k1_batch.h>

#include <cstdlib>

#include "batch/batch_ops.h"
#include "batch/msm.h"
#include "compat/context.h"
#include "hash/memclear.h"

#if defined(ENABLE_MODULE_SCHNORRSIG)
#include <secp256k1_schnorrsig_batch.h>

#include "compat/schnorrsig.h"
#include "schemes/schnorr.h"
#endif
#if defined(ENABLE_MODULE_EXTRAKEYS)
#include <secp256k1_tweak_check_batch.h>

#include "compat/extrakeys.h"
#endif

using namespace fastsecp;
using namespace fastsecp::compat;

namespace {

// The most terms a batch holds (max_terms above it is lowered to it). The PR stops at 106 terms,
// where its Strauss multiplication stops gaining; Pippenger here keeps gaining up to thousands of
// points (BM_batch_schnorr_verify: n = 4096 costs less per signature than n = 1024), and a block
// of Bitcoin transactions has a few thousand signatures. 2^13 terms (4,096 signatures): one
// malloc of 22.8 MB, mostly the MSM's scratch (1.6 MB at 106 terms; 81 MB at 2^15, too much for a
// caller with a batch per thread; measured with valgrind's heap total).
constexpr size_t BATCH_MAX_TERMS = size_t(1) << 13;

// A point whose y is known only after the square roots of verification: the point with x = x
// and even y, negated when neg, goes to short term `slot`.
struct PendingLift {
    Fe x;
    size_t slot;
    bool neg;
};

}  // namespace

struct secp256k1_batch_struct {
    size_t capacity;   // terms (PR accounting: 2 per signature, 1 per tweak check)
    size_t len;        // terms in the current sub-batch
    int result;        // 0 once a check failed: the batch is unusable
    int known_bad;     // the current sub-batch has an item that fails whatever the equation says
    hash::Sha256 sha;  // the running hash of the items
    Scalar g;          // coefficient of G
    // MSM terms of the current sub-batch: full scalars (a·e, with the signature keys) and short
    // ones (|a| < 2^128, with R negated when a < 0).
    Ge* full_pts;
    Scalar* full_sc;
    size_t n_full;
    Ge* short_pts;
    Scalar* short_sc;
    size_t n_short;
    PendingLift* lifts;
    size_t n_lift;
    Fe* lift_x;  // verification's temporaries for lift_x_even
    Ge* lift_pt;
    bool* lift_ok;
    void* msm_scratch;
    // Tweak checks of the current sub-batch whose x matched: P + t·G and the expected parity.
    Gej* tw_sum;
    int* tw_parity;
    size_t n_tw;
    Ge* tw_aff;  // verification's temporaries
    Fe* tw_scratch;
};

namespace {

constexpr unsigned char BATCH_TAG[] = {'B', 'I', 'P', '0', '3', '4', '0', '/', 'b', 'a', 't', 'c', 'h'};
enum : unsigned char { ADD_SCHNORRSIG = 1, ADD_TWEAK_CHECK = 2 };

size_t align_up(size_t n) { return (n + 63) & ~size_t(63); }

// Sizes: a signature takes one full term, one short term and one lift per 2 PR terms; a tweak
// check one pending sum per PR term.
struct Layout {
    size_t sigs, tweaks, msm, bytes;
    size_t off_full_pts, off_full_sc, off_short_pts, off_short_sc, off_lifts, off_lx, off_lp, off_lok, off_msm;
    size_t off_tw_sum, off_tw_par, off_tw_aff, off_tw_scratch;
};

Layout layout_for(size_t cap) {
    Layout l{};
    l.sigs = (cap + 1) / 2;  // max_terms 1 still takes one signature (see the add)
    l.tweaks = cap;
    size_t off = align_up(sizeof(secp256k1_batch));
    auto take = [&off](size_t bytes) {
        size_t at = off;
        off += align_up(bytes);
        return at;
    };
    l.off_full_pts = take(l.sigs * sizeof(Ge));
    l.off_full_sc = take(l.sigs * sizeof(Scalar));
    l.off_short_pts = take(l.sigs * sizeof(Ge));
    l.off_short_sc = take(l.sigs * sizeof(Scalar));
    l.off_lifts = take(l.sigs * sizeof(PendingLift));
    l.off_lx = take(l.sigs * sizeof(Fe));
    l.off_lp = take(l.sigs * sizeof(Ge));
    l.off_lok = take(l.sigs * sizeof(bool));
    l.msm = batch::msm_scratch_size(l.sigs, l.sigs);
    l.off_msm = take(l.msm);
    l.off_tw_sum = take(l.tweaks * sizeof(Gej));
    l.off_tw_par = take(l.tweaks * sizeof(int));
    l.off_tw_aff = take(l.tweaks * sizeof(Ge));
    l.off_tw_scratch = take(l.tweaks * sizeof(Fe));
    l.bytes = off;
    return l;
}

void clear_terms(secp256k1_batch* b) {
    scalar_clear(b->g);
    b->len = b->n_full = b->n_short = b->n_lift = b->n_tw = 0;
    b->known_bad = 0;
}

// The coefficient of the item just absorbed into b->sha (see the top of the file): a as a scalar
// mod n, and |a| with its sign for the short terms.
void coefficient(secp256k1_batch* b, bool first, Scalar& a, Scalar& abs_a, bool& neg) {
    if (first) {
        scalar_set_int(a, 1);
        abs_a = a;
        neg = false;
        return;
    }
    hash::Sha256 copy = b->sha;
    unsigned char d[32];
    hash::sha256_finalize(copy, d);
    std::memset(d, 0, 16);
    Scalar u;
    scalar_set_b32(u, d, nullptr);  // u < 2^128: d[16..31] are limbs 0 and 1
    // a = u − 2^127: positive (or 0) when bit 127 of u is set.
    neg = (u.d[1] >> 63) == 0;
    if (!neg) {
        abs_a = u;
        abs_a.d[1] &= ~(uint64_t(1) << 63);
        a = abs_a;
    } else {
        // |a| = 2^127 − u, in (0, 2^127].
        unsigned __int128 lo = (static_cast<unsigned __int128>(u.d[1]) << 64) | u.d[0];
        unsigned __int128 m = (static_cast<unsigned __int128>(1) << 127) - lo;
        scalar_set_int(abs_a, static_cast<uint64_t>(m));
        abs_a.d[1] = static_cast<uint64_t>(m >> 64);
        scalar_negate(a, abs_a);
    }
}

// The compressed serialization of an x-only key's loaded point (the PR hashes it, so keys whose
// stored y is odd, never made by the API, still hash differently from their negation).
void compressed33(unsigned char* out, Ge p) {
    fe_normalize_var(p.x);
    fe_normalize_var(p.y);
    out[0] = fe_is_odd(p.y) ? 0x03 : 0x02;
    fe_get_b32(out + 1, p.x);
}

// Whether x (< p) is the x coordinate of a curve point.
bool x_on_curve(const Fe& x) {
    Fe c;
    fe_sqr(c, x);
    fe_mul(c, c, x);
    fe_add_int(c, CURVE_B);
    return fe_is_square_var(c);
}

// The equation over the current sub-batch; empties it. Returns the batch's result.
int verify_terms(secp256k1_batch* b) {
    if (b->result == 0) return 0;
    if (b->len == 0) return b->result;
    bool ok = !b->known_bad;
    if (ok && b->n_tw > 0) {
        ge_set_all_gej_var(b->tw_aff, b->tw_sum, b->n_tw, b->tw_scratch);
        for (size_t i = 0; i < b->n_tw && ok; i++) {
            fe_normalize_var(b->tw_aff[i].y);
            ok = static_cast<int>(fe_is_odd(b->tw_aff[i].y)) == b->tw_parity[i];
        }
    }
    if (ok && b->n_lift > 0) {
        for (size_t i = 0; i < b->n_lift; i++) b->lift_x[i] = b->lifts[i].x;
        batch::lift_x_even(b->lift_pt, b->lift_ok, b->lift_x, b->n_lift);
        for (size_t i = 0; i < b->n_lift && ok; i++) {
            ok = b->lift_ok[i];  // always: checked by the Jacobi symbol at add time
            Ge& dst = b->short_pts[b->lifts[i].slot];
            if (b->lifts[i].neg)
                ge_neg(dst, b->lift_pt[i]);
            else
                dst = b->lift_pt[i];
        }
    }
    if (ok && b->n_full > 0) {
        batch::MsmInput in;
        in.full_points = b->full_pts;
        in.full_scalars = b->full_sc;
        in.n_full = b->n_full;
        in.short_points = b->short_pts;
        in.short_scalars = b->short_sc;
        in.n_short = b->n_short;
        in.g = b->g;
        Gej r;
        batch::msm_var(r, in, b->msm_scratch);
        ok = r.infinity != 0;
    }
    b->result = ok ? 1 : 0;
    clear_terms(b);
    return b->result;
}

void add_lift(secp256k1_batch* b, const Fe& x, bool neg, const Scalar& abs_a) {
    PendingLift& l = b->lifts[b->n_lift++];
    l.x = x;
    l.slot = b->n_short;
    l.neg = neg;
    b->short_sc[b->n_short++] = abs_a;  // the point is written at verification
}

}  // namespace

extern "C" {

secp256k1_batch* secp256k1_batch_create(const secp256k1_context* ctx, size_t max_terms,
                                        const unsigned char* aux_rand16) {
    if (max_terms > BATCH_MAX_TERMS) max_terms = BATCH_MAX_TERMS;
    ARG_CHECK(max_terms != 0);
    const Layout l = layout_for(max_terms);
    unsigned char* mem = static_cast<unsigned char*>(std::malloc(l.bytes));
    if (mem == nullptr) {
        ctx->error.call("Out of memory");
        return nullptr;
    }
    secp256k1_batch* b = reinterpret_cast<secp256k1_batch*>(mem);
    b->capacity = max_terms;
    b->result = 1;
    b->full_pts = reinterpret_cast<Ge*>(mem + l.off_full_pts);
    b->full_sc = reinterpret_cast<Scalar*>(mem + l.off_full_sc);
    b->short_pts = reinterpret_cast<Ge*>(mem + l.off_short_pts);
    b->short_sc = reinterpret_cast<Scalar*>(mem + l.off_short_sc);
    b->lifts = reinterpret_cast<PendingLift*>(mem + l.off_lifts);
    b->lift_x = reinterpret_cast<Fe*>(mem + l.off_lx);
    b->lift_pt = reinterpret_cast<Ge*>(mem + l.off_lp);
    b->lift_ok = reinterpret_cast<bool*>(mem + l.off_lok);
    b->msm_scratch = mem + l.off_msm;
    b->tw_sum = reinterpret_cast<Gej*>(mem + l.off_tw_sum);
    b->tw_parity = reinterpret_cast<int*>(mem + l.off_tw_par);
    b->tw_aff = reinterpret_cast<Ge*>(mem + l.off_tw_aff);
    b->tw_scratch = reinterpret_cast<Fe*>(mem + l.off_tw_scratch);
    clear_terms(b);
    static const unsigned char zeros[16] = {0};
    hash::sha256_tagged_init(b->sha, BATCH_TAG, sizeof BATCH_TAG, sha_of(ctx));
    hash::sha256_write(b->sha, aux_rand16 != nullptr ? aux_rand16 : zeros, 16);
    return b;
}

void secp256k1_batch_destroy(const secp256k1_context* ctx, secp256k1_batch* batch) {
    (void)ctx;
    if (batch == nullptr) return;
    hash::memclear(&batch->sha, sizeof batch->sha);  // holds aux_rand16
    std::free(batch);
}

int secp256k1_batch_usable(const secp256k1_context* ctx, const secp256k1_batch* batch) {
    ARG_CHECK(batch != NULL);
    return batch->result;
}

int secp256k1_batch_verify(const secp256k1_context* ctx, secp256k1_batch* batch) {
    ARG_CHECK(batch != NULL);
    return verify_terms(batch);
}

#if defined(ENABLE_MODULE_SCHNORRSIG)
int secp256k1_batch_add_schnorrsig(const secp256k1_context* ctx, secp256k1_batch* batch, const unsigned char* sig64,
                                   const unsigned char* msg, size_t msglen, const secp256k1_xonly_pubkey* pubkey) {
    ARG_CHECK(batch != NULL);
    ARG_CHECK(sig64 != NULL);
    ARG_CHECK(msg != NULL || msglen == 0);
    ARG_CHECK(pubkey != NULL);
    if (batch->result == 0) return 0;
    Fe rx;
    Scalar s;
    Ge pk;
    if (!schnorrsig_parse(ctx, rx, s, pk, sig64, pubkey)) return 0;
    // A full batch is verified and emptied first (its result stays for the next add), then the
    // point checks, in the PR's order.
    // (len + 2 > capacity rather than the PR's capacity - len < 2: the same for every batch but
    // max_terms 1, where the PR's subtraction wraps after a signature and the next one is
    // written past the end of its arrays; here that batch is checked before each add.)
    if (batch->len + 2 > batch->capacity) verify_terms(batch);
    if (!x_on_curve(rx)) return 0;

    unsigned char pk33[33];
    compressed33(pk33, pk);
    const bool first = batch->len == 0;
    const unsigned char type = ADD_SCHNORRSIG;
    hash::sha256_write(batch->sha, &type, 1);
    hash::sha256_write(batch->sha, sig64, 64);
    if (msglen != 0) hash::sha256_write(batch->sha, msg, msglen);
    hash::sha256_write(batch->sha, pk33, 33);
    Scalar a, abs_a, e;
    bool neg;
    coefficient(batch, first, a, abs_a, neg);
    bip340_challenge(sha_of(ctx), e, sig64, msg, msglen, pk33 + 1);

    batch->len += 2;
    if (scalar_is_zero(a)) return 1;  // u = 2^127: the item's terms are all zero
    // a·R (R = lift_x(r), written at verification) + (a·e)·P − (a·s)·G
    add_lift(batch, rx, neg, abs_a);
    scalar_mul(e, e, a);
    batch->full_pts[batch->n_full] = pk;
    batch->full_sc[batch->n_full++] = e;
    scalar_mul(s, s, a);
    scalar_negate(s, s);
    scalar_add(batch->g, batch->g, s);
    return 1;
}
#endif

#if defined(ENABLE_MODULE_EXTRAKEYS)
int secp256k1_batch_add_xonlypub_tweak_check(const secp256k1_context* ctx, secp256k1_batch* batch,
                                             const unsigned char* tweaked_pubkey32, int tweaked_pk_parity,
                                             const secp256k1_xonly_pubkey* internal_pubkey,
                                             const unsigned char* tweak32) {
    ARG_CHECK(batch != NULL);
    ARG_CHECK(internal_pubkey != NULL);
    ARG_CHECK(tweaked_pubkey32 != NULL);
    ARG_CHECK(tweak32 != NULL);
    if (batch->result == 0) return 0;
    Fe qx;
    if (!fe_set_b32_limit(qx, tweaked_pubkey32)) return 0;
    Scalar t;
    int overflow = 0;
    scalar_set_b32(t, tweak32, &overflow);
    if (overflow) return 0;
    Ge pk;
    if (!xonly_load(ctx, pk, internal_pubkey)) return 0;
    if (batch->len + 1 > batch->capacity) verify_terms(batch);
    // P + t·G; the x comparison tells a matching qx (a curve point's x) without the Jacobi symbol.
    Gej sum;
    ecmult_gen_var(sum, t);
    gej_add_ge_var(sum, sum, pk);
    const bool x_matches = !sum.infinity && gej_eq_x_var(qx, sum);
    if (!x_matches && !x_on_curve(qx)) return 0;

    // Absorbed like the PR does, so the coefficients of the signatures after it are the PR's.
    unsigned char pk33[33];
    compressed33(pk33, pk);
    const unsigned char type = ADD_TWEAK_CHECK, parity = static_cast<unsigned char>(tweaked_pk_parity);
    hash::sha256_write(batch->sha, &type, 1);
    hash::sha256_write(batch->sha, tweaked_pubkey32, 32);
    hash::sha256_write(batch->sha, &parity, 1);
    hash::sha256_write(batch->sha, tweak32, 32);
    hash::sha256_write(batch->sha, pk33, 33);
    batch->len += 1;
    // secp256k1_xonly_pubkey_tweak_add_check compares the parity with 0 or 1: any other value
    // fails it, so it fails the batch; so does another x.
    if (!x_matches || (tweaked_pk_parity != 0 && tweaked_pk_parity != 1)) {
        batch->known_bad = 1;
        return 1;
    }
    batch->tw_sum[batch->n_tw] = sum;
    batch->tw_parity[batch->n_tw++] = tweaked_pk_parity;
    return 1;
}
#endif

}  // extern "C"
#endif
