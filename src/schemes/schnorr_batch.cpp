#include "schemes/schnorr_batch.h"

#include <cstring>

#include "batch/batch_ops.h"
#include "batch/msm_layout.h"
#include "ecmult/ecmult.h"
#include "schemes/schnorr.h"

namespace fastsecp::schnorr_batch {

using namespace fastsecp::batch;  // the engines this scheme runs on (msm, lift_x_even)

namespace {

struct Layout {
    size_t keys, pk, e, r, a, idx, msm, total;
    explicit Layout(size_t n) {
        keys = 0;                                          // Ge[n]      lifted keys, item order
        pk = msm_round_up(keys + n * sizeof(Ge));          // Ge[n]      keys of the terms
        e = msm_round_up(pk + n * sizeof(Ge));             // Scalar[n]  e_i, then a_i·e_i
        r = msm_round_up(e + n * sizeof(Scalar));          // Ge[n]      nonces
        a = msm_round_up(r + n * sizeof(Ge));              // Scalar[n]  a_i
        idx = msm_round_up(a + n * sizeof(Scalar));        // size_t[n]  item of each term
        msm = msm_round_up(idx + n * sizeof(size_t));
        total = msm + msm_scratch_size(n, n);
    }
};

constexpr char COEF_TAG[] = "fastsecp/schnorr-batch-coefficients";

// Seed of the coefficients: a tagged hash of the context key and every included item's
// signature, key and challenge (the challenge commits to the message).
void coefficient_seed(unsigned char seed[32], const SchnorrParsed* items, const size_t* idx, const Scalar* e,
                      size_t m, const unsigned char* key32) {
    hash::Sha256 h;
    hash::sha256_tagged_init(h, reinterpret_cast<const unsigned char*>(COEF_TAG), sizeof COEF_TAG - 1);
    static const unsigned char zeros[32] = {0};
    hash::sha256_write(h, key32 ? key32 : zeros, 32);
    for (size_t j = 0; j < m; j++) {
        const SchnorrParsed& it = items[idx[j]];
        unsigned char e32[32];
        scalar_get_b32(e32, e[j]);
        hash::sha256_write(h, it.sig64, 64);
        hash::sha256_write(h, it.pk32, 32);
        hash::sha256_write(h, e32, 32);
    }
    hash::sha256_finalize(h, seed);
}

// a_0 = 1; for odd j, a_j and a_(j+1) are the two 128-bit halves of SHA256(seed || j); never 0.
// (128-bit coefficients keep the chance that invalid signatures pass below 2^-128, and make the
// nonce terms half-length scalars for the multiplication.)
void coefficients(Scalar* a, size_t m, const unsigned char seed[32]) {
    scalar_set_int(a[0], 1);
    for (size_t j = 1; j < m; j += 2) {
        unsigned char buf[40], out[32];
        std::memcpy(buf, seed, 32);
        for (int b = 0; b < 8; b++) buf[32 + b] = (unsigned char)((uint64_t)j >> (8 * b));
        hash::sha256(buf, sizeof buf, out);
        for (size_t half = 0; half < 2 && j + half < m; half++) {
            Scalar& s = a[j + half];
            s.d[0] = rt::load_be64(out + 16 * half);
            s.d[1] = rt::load_be64(out + 16 * half + 8);
            s.d[2] = s.d[3] = 0;
            if (scalar_is_zero(s)) scalar_set_int(s, 1);
        }
    }
}

}  // namespace

size_t schnorr_batch_scratch_size(size_t n) { return Layout(n).total; }

bool schnorr_verify_one(const Ge& pk, const SchnorrParsed& it) {
    return bip340_verify(nullptr, it.sig64, it.msg, it.msglen, pk);
}

bool schnorr_batch_equation(SchnorrOutcome* out, const SchnorrParsed* items, size_t n, const unsigned char* key32,
                            void* scratch) {
    const Layout lay(n);
    unsigned char* base = static_cast<unsigned char*>(scratch);
    Ge* keys = reinterpret_cast<Ge*>(base + lay.keys);
    Ge* pk = reinterpret_cast<Ge*>(base + lay.pk);
    Scalar* e = reinterpret_cast<Scalar*>(base + lay.e);
    Ge* r = reinterpret_cast<Ge*>(base + lay.r);
    Scalar* a = reinterpret_cast<Scalar*>(base + lay.a);
    size_t* idx = reinterpret_cast<size_t*>(base + lay.idx);

    // P_i and R_i = lift_x(r_i), lifted together. An r that is no curve point's x fails here,
    // as it fails single verification (whose x(sG - eP) can never equal it).
    size_t m = 0;
    constexpr size_t CHUNK = 16;  // items per lift_x call (two x each)
    for (size_t i0 = 0; i0 < n; i0 += CHUNK) {
        const size_t c = n - i0 < CHUNK ? n - i0 : CHUNK;
        Fe x[2 * CHUNK];
        Ge lifted[2 * CHUNK];
        bool ok[2 * CHUNK];
        for (size_t q = 0; q < c; q++) {
            fe_set_b32_limit(x[2 * q], items[i0 + q].pk32);  // both < p: checked by the parser
            fe_set_b32_limit(x[2 * q + 1], items[i0 + q].sig64);
        }
        lift_x_even(lifted, ok, x, 2 * c);
        for (size_t q = 0; q < c; q++) {
            const size_t i = i0 + q;
            keys[i] = lifted[2 * q];
            out[i] = !ok[2 * q] ? SchnorrOutcome::KeyNotOnCurve : !ok[2 * q + 1] ? SchnorrOutcome::Invalid : SchnorrOutcome::Valid;
            if (out[i] != SchnorrOutcome::Valid) continue;
            pk[m] = lifted[2 * q];
            r[m] = lifted[2 * q + 1];
            bip340_challenge(nullptr, e[m], items[i].sig64, items[i].msg, items[i].msglen, items[i].pk32);
            idx[m++] = i;
        }
    }
    if (m == 0) return true;

    unsigned char seed[32];
    coefficient_seed(seed, items, idx, e, m, key32);
    coefficients(a, m, seed);
    MsmInput in;
    Scalar sum;
    scalar_clear(sum);
    for (size_t j = 0; j < m; j++) {
        Scalar t;
        scalar_mul(t, a[j], items[idx[j]].s);
        scalar_add(sum, sum, t);
        scalar_mul(e[j], e[j], a[j]);
    }
    scalar_negate(in.g, sum);  // sum a_i·R_i + sum (a_i·e_i)·P_i - (sum a_i·s_i)·G must vanish
    in.full_points = pk;
    in.full_scalars = e;
    in.n_full = m;
    in.short_points = r;
    in.short_scalars = a;
    in.n_short = m;
    Gej res;
    msm_var(res, in, base + lay.msm);
    return res.infinity != 0;
}

void schnorr_verify_parsed(SchnorrOutcome* out, const SchnorrParsed* items, size_t n, const unsigned char* key32,
                           void* scratch) {
    if (n == 1) {  // nothing to share: lift the key alone and verify
        Fe x;
        Ge pk;
        fe_set_b32_limit(x, items[0].pk32);
        out[0] = !ge_set_xo(pk, x, false)             ? SchnorrOutcome::KeyNotOnCurve
                 : schnorr_verify_one(pk, items[0]) ? SchnorrOutcome::Valid
                                                    : SchnorrOutcome::Invalid;
        return;
    }
    if (schnorr_batch_equation(out, items, n, key32, scratch)) return;
    const Ge* keys = reinterpret_cast<const Ge*>(static_cast<unsigned char*>(scratch) + Layout(n).keys);
    for (size_t i = 0; i < n; i++)
        if (out[i] == SchnorrOutcome::Valid && !schnorr_verify_one(keys[i], items[i])) out[i] = SchnorrOutcome::Invalid;
}

}  // namespace fastsecp::schnorr_batch
