#include "schemes/musig_keyagg.h"

#include <cstdlib>

#include "batch/msm.h"
#include "ecmult/ecmult.h"
#include "schemes/eckey.h"

namespace fastsecp::musig {

void keyagg_list_hash(hash::CompressFn fn, unsigned char out32[32], const void* list, size_t n, PubkeyAt at) {
    hash::Sha256 h;
    hash::sha256_tagged_init(h, hash::Tag::KeyAggList, fn);
    for (size_t i = 0; i < n; i++) {
        Ge p;
        at(list, i, p);
        unsigned char ser[33];
        pubkey_serialize33(ser, p);
        hash::sha256_write(h, ser, 33);
    }
    hash::sha256_finalize(h, out32);
}

void keyagg_coef(hash::CompressFn fn, Scalar& r, const unsigned char pks_hash[32], const Ge& pk, const Ge& second) {
    Ge a = pk, b = second;
    if (!b.infinity) {
        fe_normalize_var(a.x);
        fe_normalize_var(a.y);
        fe_normalize_var(b.x);
        fe_normalize_var(b.y);
        if (fe_equal_normalized(a.x, b.x) && fe_equal_normalized(a.y, b.y)) {
            scalar_set_int(r, 1);
            return;
        }
    }
    hash::Sha256 h;
    hash::sha256_tagged_init(h, hash::Tag::KeyAggCoef, fn);
    hash::sha256_write(h, pks_hash, 32);
    unsigned char ser[33], out[32];
    pubkey_serialize33(ser, pk);
    hash::sha256_write(h, ser, 33);
    hash::sha256_finalize(h, out);
    scalar_set_b32(r, out, nullptr);
}

void keyagg_aggregate(hash::CompressFn fn, KeyAggCache& out, const void* list, size_t n, PubkeyAt at,
                      const Ge& second, const unsigned char pks_hash[32]) {
    // Keys whose coefficient is 1 (copies of the second key) are added as they are; the others go
    // through multi-scalar multiplications (shared doublings) of up to MAX_GROUP points, with
    // scratch on the stack when it fits and malloc'd otherwise, or one at a time (plain Strauss)
    // when memory cannot be had: the call cannot fail.
    constexpr size_t MAX_GROUP = 64, STACK_GROUP = 3;
    alignas(64) unsigned char stack_scratch[16 * 1024];
    Ge stack_pts[STACK_GROUP];
    Scalar stack_mus[STACK_GROUP];
    size_t group = n < MAX_GROUP ? n : MAX_GROUP;
    void* heap = nullptr;
    unsigned char* scratch = nullptr;
    Ge* pts = stack_pts;
    Scalar* mus = stack_mus;
    if (group <= STACK_GROUP && batch::msm_scratch_size(group, 0) <= sizeof stack_scratch) {
        scratch = stack_scratch;
    } else if (group > 1) {
        const size_t msm_bytes = (batch::msm_scratch_size(group, 0) + 63) / 64 * 64;
        heap = std::malloc(msm_bytes + group * (sizeof(Ge) + sizeof(Scalar)));
        if (heap != nullptr) {
            scratch = static_cast<unsigned char*>(heap);
            pts = reinterpret_cast<Ge*>(scratch + msm_bytes);
            mus = reinterpret_cast<Scalar*>(pts + group);
        }
    }
    if (scratch == nullptr) group = 1;
    const bool msm_fits = scratch != nullptr;
    Gej q;
    gej_set_infinity(q);
    size_t m = 0;
    auto flush = [&] {
        if (m == 0) return;
        Gej part;
        if (msm_fits && m > 1) {
            batch::MsmInput in;
            in.full_points = pts;
            in.full_scalars = mus;
            in.n_full = m;
            batch::msm_var(part, in, scratch);
            gej_add_var(q, q, part);
        } else {
            Scalar zero;
            scalar_set_int(zero, 0);
            for (size_t j = 0; j < m; j++) {
                Gej pj;
                gej_set_ge(pj, pts[j]);
                ecmult(part, pj, mus[j], zero);
                gej_add_var(q, q, part);
            }
        }
        m = 0;
    };
    for (size_t i = 0; i < n; i++) {
        Ge p;
        at(list, i, p);
        Scalar mu;
        keyagg_coef(fn, mu, pks_hash, p, second);
        if (scalar_is_one(mu)) {
            gej_add_ge_var(q, q, p);
            continue;
        }
        pts[m] = p;
        mus[m++] = mu;
        if (m == group) flush();
    }
    flush();
    std::free(heap);
    // Q is infinity only if someone finds a hash collision-like relation; libsecp256k1 does not
    // handle it either (it is a precondition of its cache), so neither do we.
    ge_set_gej_var(out.pk, q);
    fe_normalize(out.pk.x);
    fe_normalize(out.pk.y);
    out.second = second;
    for (int i = 0; i < 32; i++) out.pks_hash[i] = pks_hash[i];
    out.parity_acc = 0;
    scalar_set_int(out.tweak, 0);
}

bool keyagg_tweak(KeyAggCache& c, const unsigned char tweak32[32], bool xonly) {
    Scalar t;
    int overflow = 0;
    scalar_set_b32(t, tweak32, &overflow);
    if (overflow) return false;
    Ge q = c.pk;
    int parity_acc = c.parity_acc;
    Scalar tacc = c.tweak;
    fe_normalize_var(q.y);
    if (xonly && fe_is_odd(q.y)) {  // g = -1: continue from the even-y point
        fe_negate(q.y, q.y, 1);
        fe_normalize_var(q.y);
        parity_acc ^= 1;
        scalar_negate(tacc, tacc);
    }
    scalar_add(tacc, tacc, t);
    Gej r;
    ecmult_gen_var(r, t);  // the tweak is public
    gej_add_ge_var(r, r, q);
    if (r.infinity) return false;
    ge_set_gej_var(c.pk, r);
    fe_normalize(c.pk.x);
    fe_normalize(c.pk.y);
    c.parity_acc = parity_acc;
    c.tweak = tacc;
    return true;
}

bool keyagg_negate_signer(const KeyAggCache& c) { return (int)fe_is_odd(c.pk.y) != c.parity_acc; }

}  // namespace fastsecp::musig
