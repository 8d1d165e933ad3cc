// FROST (BIP-445) partial signature verification: fastsecp's secp256k1_frost_partial_sig_verify
// against the same check composed from the reference libsecp256k1 v0.8.0's public calls, in one
// process, 2-of-3 and 11-of-15 (u = t signers).
//
// The check is s·G == ±(R1 + b·R2) + (e·λ·g')·P (BIP-445 PartialSigVerifyInternal). Both sides get
// the session values (b, e, R's parity, g') from the same session and pre-parsed points. The
// reference side composes it from ec_seckey_tweak_mul (e·λ·g'), ec_pubkey_tweak_mul (b·R2, c·P),
// ec_pubkey_combine, ec_pubkey_negate, ec_pubkey_create (s·G) and ec_pubkey_cmp, with λ given
// precomputed (libsecp256k1 has no scalar inversion); fastsecp's call also derives λ from the
// identifiers (u-1 products and one inversion) and checks the signer set against the session,
// so the comparison favours the reference. Every verification must succeed on both sides before
// timing. Rounds alternate the two libraries; the median round is reported.
//   bench_frost [--rounds N] [--ref PATH]
#include "api_table.h"

#include <secp256k1_frost.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

[[noreturn]] void die(const char* m) {
    std::fprintf(stderr, "bench_frost: %s\n", m);
    std::exit(1);
}

struct Setup {
    uint32_t t, n;
    std::vector<uint32_t> ids;
    std::vector<secp256k1_pubkey> pubshares;
    std::vector<const secp256k1_pubkey*> set;
    secp256k1_frost_session session;
    std::vector<secp256k1_frost_pubnonce> pubnonce;
    std::vector<secp256k1_frost_partial_sig> psig;
    // Serialized public values for the reference side.
    std::vector<unsigned char> r1, r2, p, s;  // 33, 33, 33, 32 bytes per signer
    std::vector<unsigned char> lambda;        // 32 per signer
    unsigned char b[32], e[32];
    int r_odd, negate;
};

// λ_i over ids (BIP-445: ids shifted by one), computed with 64-bit-limb arithmetic mod n in the
// harness (public data), big-endian out.
void lagrange_bytes(unsigned char out[32], const std::vector<uint32_t>& ids, uint32_t my) {
    using u128 = unsigned __int128;
    static const uint64_t N[4] = {0xBFD25E8CD0364141ULL, 0xBAAEDCE6AF48A03BULL, 0xFFFFFFFFFFFFFFFEULL, 0xFFFFFFFFFFFFFFFFULL};
    auto mulmod = [&](const uint64_t a[4], const uint64_t b[4], uint64_t r[4]) {
        // schoolbook 256x256 then reduce by repeated subtraction of shifted n (slow, setup only)
        uint64_t w[8] = {0};
        for (int i = 0; i < 4; i++) {
            u128 c = 0;
            for (int j = 0; j < 4; j++) {
                c += (u128)a[i] * b[j] + w[i + j];
                w[i + j] = (uint64_t)c;
                c >>= 64;
            }
            w[i + 4] = (uint64_t)c;
        }
        // bitwise reduction: for bit from 511 down, r = 2r + bit mod n
        uint64_t x[4] = {0, 0, 0, 0};
        for (int bit = 511; bit >= 0; bit--) {
            uint64_t top = x[3] >> 63;
            for (int k = 3; k > 0; k--) x[k] = (x[k] << 1) | (x[k - 1] >> 63);
            x[0] = (x[0] << 1) | ((w[bit / 64] >> (bit % 64)) & 1);
            bool ge = top != 0;
            if (!ge) {
                ge = true;
                for (int k = 3; k >= 0; k--)
                    if (x[k] != N[k]) {
                        ge = x[k] > N[k];
                        break;
                    }
            }
            if (ge) {
                u128 br = 0;
                for (int k = 0; k < 4; k++) {
                    u128 d = (u128)x[k] - N[k] - br;
                    x[k] = (uint64_t)d;
                    br = (d >> 64) & 1;
                }
            }
        }
        std::memcpy(r, x, 32);
    };
    auto from = [&](int64_t v, uint64_t r[4]) {
        if (v >= 0) {
            r[0] = (uint64_t)v, r[1] = r[2] = r[3] = 0;
        } else {  // n - |v|
            u128 br = 0;
            uint64_t a[4] = {(uint64_t)(-v), 0, 0, 0};
            for (int k = 0; k < 4; k++) {
                u128 d = (u128)N[k] - a[k] - br;
                r[k] = (uint64_t)d;
                br = (d >> 64) & 1;
            }
        }
    };
    uint64_t num[4] = {1, 0, 0, 0}, den[4] = {1, 0, 0, 0}, t[4];
    for (uint32_t j : ids) {
        if (j == my) continue;
        from((int64_t)j + 1, t);
        mulmod(num, t, num);
        from((int64_t)j - (int64_t)my, t);
        mulmod(den, t, den);
    }
    // den^(n-2) by square-and-multiply
    uint64_t e[4] = {N[0] - 2, N[1], N[2], N[3]}, inv[4] = {1, 0, 0, 0};
    for (int bit = 255; bit >= 0; bit--) {
        mulmod(inv, inv, inv);
        if ((e[bit / 64] >> (bit % 64)) & 1) mulmod(inv, den, inv);
    }
    mulmod(num, inv, t);
    for (int k = 0; k < 4; k++)
        for (int i = 0; i < 8; i++) out[31 - 8 * k - i] = (unsigned char)(t[k] >> (8 * i));
}

Setup make(secp256k1_context* ctx, uint32_t t, uint32_t n, std::mt19937_64& rng) {
    Setup S;
    S.t = t;
    S.n = n;
    unsigned char seed[32];
    for (auto& c : seed) c = (unsigned char)rng();
    std::vector<unsigned char> shares(32 * n);
    S.pubshares.resize(n);
    secp256k1_pubkey thresh;
    if (!secp256k1_frost_shares_gen(ctx, shares.data(), S.pubshares.data(), &thresh, seed, t, n)) die("shares_gen");
    for (uint32_t i = 0; i < t; i++) S.ids.push_back(n - 1 - i);
    for (uint32_t id : S.ids) S.set.push_back(&S.pubshares[id]);
    unsigned char msg[32];
    for (auto& c : msg) c = (unsigned char)rng();
    std::vector<secp256k1_frost_secnonce> sec(t);
    S.pubnonce.resize(t);
    std::vector<const secp256k1_frost_pubnonce*> pp;
    for (uint32_t i = 0; i < t; i++) {
        unsigned char rnd[32];
        for (auto& c : rnd) c = (unsigned char)rng();
        if (!secp256k1_frost_nonce_gen(ctx, &sec[i], &S.pubnonce[i], rnd, nullptr, nullptr, nullptr, msg, 32, nullptr, 0))
            die("nonce_gen");
        pp.push_back(&S.pubnonce[i]);
    }
    secp256k1_frost_aggnonce agg;
    if (!secp256k1_frost_nonce_agg(ctx, &agg, pp.data(), t)) die("nonce_agg");
    if (!secp256k1_frost_nonce_process(ctx, &S.session, &agg, msg, 32, n, t, S.ids.data(), S.set.data(), t, &thresh, nullptr))
        die("nonce_process");
    S.psig.resize(t);
    for (uint32_t i = 0; i < t; i++) {
        if (!secp256k1_frost_partial_sign(ctx, &S.psig[i], &sec[i], &shares[32 * S.ids[i]], S.ids[i], &S.session, S.ids.data(),
                                          S.set.data(), t))
            die("partial_sign");
        unsigned char pn[66], ps[32], pk[33];
        size_t len = 33;
        secp256k1_frost_pubnonce_serialize(ctx, pn, &S.pubnonce[i]);
        secp256k1_frost_partial_sig_serialize(ctx, ps, &S.psig[i]);
        secp256k1_ec_pubkey_serialize(ctx, pk, &len, S.set[i], SECP256K1_EC_COMPRESSED);
        S.r1.insert(S.r1.end(), pn, pn + 33);
        S.r2.insert(S.r2.end(), pn + 33, pn + 66);
        S.p.insert(S.p.end(), pk, pk + 33);
        S.s.insert(S.s.end(), ps, ps + 32);
        unsigned char l[32];
        lagrange_bytes(l, S.ids, S.ids[i]);
        S.lambda.insert(S.lambda.end(), l, l + 32);
    }
    // The session object's layout (src/compat/frost.cpp): parity at 4, b at 37, e at 69, negate at 133.
    S.r_odd = S.session.data[4];
    std::memcpy(S.b, S.session.data + 37, 32);
    std::memcpy(S.e, S.session.data + 69, 32);
    S.negate = S.session.data[133];
    return S;
}

// The reference's objects for one signer.
struct RefSigner {
    secp256k1_pubkey r1, r2, p;
};

int ref_verify(const SecpApi& api, const secp256k1_context* ctx, const Setup& S, const RefSigner& R, size_t i) {
    unsigned char c[32];
    std::memcpy(c, S.e, 32);
    int ok = api.ec_seckey_tweak_mul(ctx, c, &S.lambda[32 * i]);
    if (S.negate) ok &= api.ec_seckey_negate(ctx, c);
    secp256k1_pubkey br2 = R.r2, cp = R.p, re, rhs, lhs;
    ok &= api.ec_pubkey_tweak_mul(ctx, &br2, S.b);
    const secp256k1_pubkey* two[2] = {&R.r1, &br2};
    ok &= api.ec_pubkey_combine(ctx, &re, two, 2);
    if (S.r_odd) ok &= api.ec_pubkey_negate(ctx, &re);
    ok &= api.ec_pubkey_tweak_mul(ctx, &cp, c);
    const secp256k1_pubkey* sum[2] = {&re, &cp};
    ok &= api.ec_pubkey_combine(ctx, &rhs, sum, 2);
    ok &= api.ec_pubkey_create(ctx, &lhs, &S.s[32 * i]);
    return ok && api.ec_pubkey_cmp(ctx, &lhs, &rhs) == 0;
}

}  // namespace

int main(int argc, char** argv) {
    int rounds = 9;
    std::string ref_path;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (a == "--rounds" && i + 1 < argc) rounds = std::atoi(argv[++i]);
        else if (a == "--ref" && i + 1 < argc) ref_path = argv[++i];
        else die("usage: bench_frost [--rounds N] [--ref PATH]");
    }
    SecpApi ref;
    std::string err;
    if (!load_reference_api(ref_path, ref, err)) die(err.c_str());
    secp256k1_context* ctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
    secp256k1_context* rctx = ref.context_create(SECP256K1_CONTEXT_NONE);
    std::mt19937_64 rng(445);
    std::printf("%-44s %12s %12s %8s\n", "operation (per partial signature)", "fastsecp us", "libsecp us", "ratio");
    for (auto [t, n] : {std::pair<uint32_t, uint32_t>{2, 3}, {11, 15}}) {
        Setup S = make(ctx, t, n, rng);
        std::vector<RefSigner> R(t);
        for (uint32_t i = 0; i < t; i++) {
            if (!ref.ec_pubkey_parse(rctx, &R[i].r1, &S.r1[33 * i], 33) || !ref.ec_pubkey_parse(rctx, &R[i].r2, &S.r2[33 * i], 33) ||
                !ref.ec_pubkey_parse(rctx, &R[i].p, &S.p[33 * i], 33))
                die("reference parse");
            if (secp256k1_frost_partial_sig_verify(ctx, &S.psig[i], &S.pubnonce[i], i, &S.session, S.ids.data(), S.set.data(), t) != 1)
                die("fastsecp verify failed");
            if (ref_verify(ref, rctx, S, R[i], i) != 1) die("reference verify failed");
        }
        const int iters = 2000;
        std::vector<double> ours, theirs;
        int sink = 0;
        for (int r = 0; r < rounds; r++) {
            for (int side = 0; side < 2; side++) {
                bool do_ours = (side == 0) == (r % 2 == 0);
                auto t0 = Clock::now();
                for (int k = 0; k < iters; k++) {
                    size_t i = (size_t)k % t;
                    sink += do_ours ? secp256k1_frost_partial_sig_verify(ctx, &S.psig[i], &S.pubnonce[i], i, &S.session,
                                                                         S.ids.data(), S.set.data(), t)
                                    : ref_verify(ref, rctx, S, R[i], i);
                }
                double us = std::chrono::duration<double, std::micro>(Clock::now() - t0).count() / iters;
                (do_ours ? ours : theirs).push_back(us);
            }
        }
        if (sink != rounds * 2 * iters) die("a verification failed while timing");
        std::sort(ours.begin(), ours.end());
        std::sort(theirs.begin(), theirs.end());
        double o = ours[ours.size() / 2], th = theirs[theirs.size() / 2];
        char name[64];
        std::snprintf(name, sizeof name, "frost partial_sig_verify %u-of-%u", t, n);
        std::printf("%-44s %12.2f %12.2f %7.2fx\n", name, o, th, th / o);
    }
    ref.context_destroy(rctx);
    secp256k1_context_destroy(ctx);
    return 0;
}
