// The native batch API (fastsecp.h) next to the single-item libsecp256k1-compatible calls doing
// the same job. Every benchmark reports "per_item": wall-clock time per item (threads count as
// wall time). Single-item rows start from the same bytes as the batch (parse included), and the
// verification ones also without the key parse ("_parsed", how libsecp256k1 users often call it).
// Run: build/bench/bench_micro --benchmark_filter=batch
#include <benchmark/benchmark.h>

#include <fastsecp.h>
#include <secp256k1.h>
#include <secp256k1_extrakeys.h>
#include <secp256k1_schnorrsig.h>
#if defined(ENABLE_MODULE_BATCH)
#include <secp256k1_schnorrsig_batch.h>
#include <secp256k1_tweak_check_batch.h>
#endif

#include <array>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "batch/msm.h"
#include "ecmult/ecmult.h"

namespace {

constexpr size_t kItems = 4096;

// kItems valid signatures of each kind, keys, tweaks, made once with the compat API.
struct Data {
    secp256k1_context* ctx;
    std::vector<unsigned char> sec32, pub33, tweak32;
    std::vector<std::array<unsigned char, 64>> ecdsa_sig, schnorr_sig;
    std::vector<std::array<unsigned char, 32>> msg, xonly;
    std::vector<secp256k1_pubkey> pub;
    std::vector<secp256k1_xonly_pubkey> xpub;
    std::vector<secp256k1_ecdsa_signature> esig;
    std::vector<fastsecp_ecdsa_item> ecdsa_items;
    std::vector<fastsecp_schnorr_item> schnorr_items;

    Data() : ctx(secp256k1_context_create(SECP256K1_CONTEXT_NONE)) {
        std::mt19937_64 rng(12345);
        sec32.resize(32 * kItems);
        pub33.resize(33 * kItems);
        tweak32.resize(32 * kItems);
        ecdsa_sig.resize(kItems);
        schnorr_sig.resize(kItems);
        msg.resize(kItems);
        xonly.resize(kItems);
        pub.resize(kItems);
        xpub.resize(kItems);
        esig.resize(kItems);
        for (size_t i = 0; i < kItems; i++) {
            unsigned char* sk = &sec32[32 * i];
            do {
                for (int b = 0; b < 32; b++) sk[b] = (unsigned char)rng();
            } while (!secp256k1_ec_seckey_verify(ctx, sk));
            for (int b = 0; b < 32; b++) tweak32[32 * i + b] = (unsigned char)rng();
            tweak32[32 * i] &= 0x7F;  // below n
            for (auto& c : msg[i]) c = (unsigned char)rng();
            if (!secp256k1_ec_pubkey_create(ctx, &pub[i], sk)) std::abort();
            size_t len = 33;
            secp256k1_ec_pubkey_serialize(ctx, &pub33[33 * i], &len, &pub[i], SECP256K1_EC_COMPRESSED);
            secp256k1_ecdsa_sign(ctx, &esig[i], msg[i].data(), sk, nullptr, nullptr);
            secp256k1_ecdsa_signature_serialize_compact(ctx, ecdsa_sig[i].data(), &esig[i]);
            secp256k1_keypair kp;
            if (!secp256k1_keypair_create(ctx, &kp, sk)) std::abort();
            secp256k1_schnorrsig_sign32(ctx, schnorr_sig[i].data(), msg[i].data(), &kp, nullptr);
            secp256k1_keypair_xonly_pub(ctx, &xpub[i], nullptr, &kp);
            secp256k1_xonly_pubkey_serialize(ctx, xonly[i].data(), &xpub[i]);
            ecdsa_items.push_back({ecdsa_sig[i].data(), msg[i].data(), &pub33[33 * i], 33});
            schnorr_items.push_back({schnorr_sig[i].data(), msg[i].data(), 32, xonly[i].data()});
        }
    }
};

const Data& data() {
    static const Data d;
    return d;
}

fastsecp_ctx* ctx_with(unsigned threads) {
    static fastsecp_ctx* ctxs[3] = {nullptr, nullptr, nullptr};
    if (!ctxs[threads]) {
        unsigned char seed[32] = {7};
        fastsecp_ctx_options opt = FASTSECP_CTX_OPTIONS_INIT;
        opt.n_threads = threads;
        opt.seed32 = seed;
        if (fastsecp_ctx_create(&ctxs[threads], &opt) != FASTSECP_OK) return nullptr;
    }
    return ctxs[threads];
}

void per_item(benchmark::State& st, size_t n) {
    st.counters["per_item"] = benchmark::Counter((double)n, benchmark::Counter::kIsIterationInvariantRate |
                                                                benchmark::Counter::kInvert);
}

// ---- Schnorr ---------------------------------------------------------------------------------

// args: batch size, threads
void BM_batch_schnorr_verify(benchmark::State& st) {
    const Data& d = data();
    size_t n = (size_t)st.range(0);
    fastsecp_ctx* ctx = ctx_with((unsigned)st.range(1));
    std::vector<fastsecp_status> res(n);
    for (auto _ : st) {
        if (fastsecp_schnorr_verify_batch(ctx, res.data(), d.schnorr_items.data(), n) != FASTSECP_OK)
            st.SkipWithError("verification failed");
    }
    per_item(st, n);
}
void BM_batch_schnorr_single(benchmark::State& st) {
    const Data& d = data();
    size_t i = 0;
    for (auto _ : st) {
        secp256k1_xonly_pubkey pk;
        int ok = secp256k1_xonly_pubkey_parse(d.ctx, &pk, d.xonly[i].data()) &&
                 secp256k1_schnorrsig_verify(d.ctx, d.schnorr_sig[i].data(), d.msg[i].data(), 32, &pk);
        if (!ok) st.SkipWithError("verification failed");
        i = (i + 1) % kItems;
    }
    per_item(st, 1);
}
void BM_batch_schnorr_single_parsed(benchmark::State& st) {
    const Data& d = data();
    size_t i = 0;
    for (auto _ : st) {
        if (!secp256k1_schnorrsig_verify(d.ctx, d.schnorr_sig[i].data(), d.msg[i].data(), 32, &d.xpub[i]))
            st.SkipWithError("verification failed");
        i = (i + 1) % kItems;
    }
    per_item(st, 1);
}

#if defined(ENABLE_MODULE_BATCH)
// libsecp256k1 PR #1134's batch API (secp256k1_batch.h): per iteration a batch for n signatures
// is created, the n signatures added one by one (range checks, Jacobi symbol of r, challenge and
// coefficient hashes), verified (square roots of the R, one MSM) and destroyed.
void BM_batch_module_schnorr(benchmark::State& st) {
    const Data& d = data();
    size_t n = (size_t)st.range(0);
    unsigned char aux[16] = {1};
    for (auto _ : st) {
        secp256k1_batch* b = secp256k1_batch_create(d.ctx, 2 * n, aux);
        int ok = b != nullptr;
        for (size_t i = 0; i < n && ok; i++)
            ok = secp256k1_batch_add_schnorrsig(d.ctx, b, d.schnorr_sig[i].data(), d.msg[i].data(), 32, &d.xpub[i]);
        ok = ok && secp256k1_batch_verify(d.ctx, b);
        secp256k1_batch_destroy(d.ctx, b);
        if (!ok) st.SkipWithError("verification failed");
    }
    per_item(st, n);
}
// kItems BIP-341 tweak checks: key i tweaked by tweak i (the tweaked x and its parity).
struct TweakChecks {
    std::vector<std::array<unsigned char, 32>> tweaked;
    std::vector<int> parity;
    TweakChecks() : tweaked(kItems), parity(kItems) {
        const Data& d = data();
        for (size_t i = 0; i < kItems; i++) {
            secp256k1_pubkey out;
            secp256k1_xonly_pubkey x;
            if (!secp256k1_xonly_pubkey_tweak_add(d.ctx, &out, &d.xpub[i], &d.tweak32[32 * i]) ||
                !secp256k1_xonly_pubkey_from_pubkey(d.ctx, &x, &parity[i], &out))
                std::abort();
            secp256k1_xonly_pubkey_serialize(d.ctx, tweaked[i].data(), &x);
        }
    }
};
const TweakChecks& tweak_checks() {
    static const TweakChecks t;
    return t;
}
// The same cycle as BM_batch_module_schnorr for n tweak checks.
void BM_batch_module_tweak_check(benchmark::State& st) {
    const Data& d = data();
    const TweakChecks& t = tweak_checks();
    size_t n = (size_t)st.range(0);
    unsigned char aux[16] = {1};
    for (auto _ : st) {
        secp256k1_batch* b = secp256k1_batch_create(d.ctx, n, aux);
        int ok = b != nullptr;
        for (size_t i = 0; i < n && ok; i++)
            ok = secp256k1_batch_add_xonlypub_tweak_check(d.ctx, b, t.tweaked[i].data(), t.parity[i], &d.xpub[i],
                                                          &d.tweak32[32 * i]);
        ok = ok && secp256k1_batch_verify(d.ctx, b);
        secp256k1_batch_destroy(d.ctx, b);
        if (!ok) st.SkipWithError("verification failed");
    }
    per_item(st, n);
}
// One secp256k1_xonly_pubkey_tweak_add_check per iteration, over the same kItems checks as the
// batch rows (one key and tweak again and again would keep their G-table rows in cache).
void BM_batch_tweak_check_single(benchmark::State& st) {
    const Data& d = data();
    const TweakChecks& t = tweak_checks();
    size_t i = 0;
    for (auto _ : st) {
        if (!secp256k1_xonly_pubkey_tweak_add_check(d.ctx, t.tweaked[i].data(), t.parity[i], &d.xpub[i],
                                                    &d.tweak32[32 * i]))
            st.SkipWithError("check failed");
        i = (i + 1) % kItems;
    }
    per_item(st, 1);
}
#endif

// ---- ECDSA -----------------------------------------------------------------------------------

void BM_batch_ecdsa_verify(benchmark::State& st) {
    const Data& d = data();
    size_t n = (size_t)st.range(0);
    fastsecp_ctx* ctx = ctx_with((unsigned)st.range(1));
    std::vector<fastsecp_status> res(n);
    // More than kItems: the kItems signatures again (the same work per item).
    std::vector<fastsecp_ecdsa_item> items(n);
    for (size_t i = 0; i < n; i++) items[i] = d.ecdsa_items[i % kItems];
    for (auto _ : st) {
        if (fastsecp_ecdsa_verify_batch(ctx, res.data(), items.data(), n) != FASTSECP_OK)
            st.SkipWithError("verification failed");
    }
    per_item(st, n);
}
void BM_batch_ecdsa_single(benchmark::State& st) {
    const Data& d = data();
    size_t i = 0;
    for (auto _ : st) {
        secp256k1_ecdsa_signature sig;
        secp256k1_pubkey pk;
        int ok = secp256k1_ecdsa_signature_parse_compact(d.ctx, &sig, d.ecdsa_sig[i].data()) &&
                 secp256k1_ec_pubkey_parse(d.ctx, &pk, &d.pub33[33 * i], 33) &&
                 secp256k1_ecdsa_verify(d.ctx, &sig, d.msg[i].data(), &pk);
        if (!ok) st.SkipWithError("verification failed");
        i = (i + 1) % kItems;
    }
    per_item(st, 1);
}
void BM_batch_ecdsa_single_parsed(benchmark::State& st) {
    const Data& d = data();
    size_t i = 0;
    for (auto _ : st) {
        if (!secp256k1_ecdsa_verify(d.ctx, &d.esig[i], d.msg[i].data(), &d.pub[i]))
            st.SkipWithError("verification failed");
        i = (i + 1) % kItems;
    }
    per_item(st, 1);
}

// ---- Keys ------------------------------------------------------------------------------------

void BM_batch_pubkey_create(benchmark::State& st) {
    const Data& d = data();
    size_t n = (size_t)st.range(0);
    fastsecp_ctx* ctx = ctx_with((unsigned)st.range(1));
    std::vector<fastsecp_status> res(n);
    std::vector<unsigned char> out(33 * n);
    for (auto _ : st) {
        if (fastsecp_pubkey_create_batch(ctx, res.data(), out.data(), d.sec32.data(), n) != FASTSECP_OK)
            st.SkipWithError("failed");
    }
    per_item(st, n);
}
void BM_batch_pubkey_create_single(benchmark::State& st) {
    const Data& d = data();
    size_t i = 0;
    unsigned char out[33];
    for (auto _ : st) {
        secp256k1_pubkey pk;
        size_t len = 33;
        if (!secp256k1_ec_pubkey_create(d.ctx, &pk, &d.sec32[32 * i]) ||
            !secp256k1_ec_pubkey_serialize(d.ctx, out, &len, &pk, SECP256K1_EC_COMPRESSED))
            st.SkipWithError("failed");
        benchmark::DoNotOptimize(out);
        i = (i + 1) % kItems;
    }
    per_item(st, 1);
}

void BM_batch_pubkey_tweak_add(benchmark::State& st) {
    const Data& d = data();
    size_t n = (size_t)st.range(0);
    fastsecp_ctx* ctx = ctx_with((unsigned)st.range(1));
    std::vector<fastsecp_status> res(n);
    std::vector<unsigned char> out(33 * n);
    for (auto _ : st) {
        if (fastsecp_pubkey_tweak_add_batch(ctx, res.data(), out.data(), d.pub33.data(), d.tweak32.data(), n) !=
            FASTSECP_OK)
            st.SkipWithError("failed");
    }
    per_item(st, n);
}
void BM_batch_pubkey_tweak_add_single(benchmark::State& st) {
    const Data& d = data();
    size_t i = 0;
    unsigned char out[33];
    for (auto _ : st) {
        secp256k1_pubkey pk;
        size_t len = 33;
        if (!secp256k1_ec_pubkey_parse(d.ctx, &pk, &d.pub33[33 * i], 33) ||
            !secp256k1_ec_pubkey_tweak_add(d.ctx, &pk, &d.tweak32[32 * i]) ||
            !secp256k1_ec_pubkey_serialize(d.ctx, out, &len, &pk, SECP256K1_EC_COMPRESSED))
            st.SkipWithError("failed");
        benchmark::DoNotOptimize(out);
        i = (i + 1) % kItems;
    }
    per_item(st, 1);
}

// ---- Where batch Schnorr time goes ----------------------------------------------------------

// One multi-scalar multiplication over n_full full-size scalars and n_short 128-bit ones on random
// points (and, with short ones, a full scalar on G), by the algorithm of args[1] (0 Strauss, 1
// Pippenger).
void run_msm(benchmark::State& st, size_t n_full, size_t n_short, uint64_t seed) {
    using namespace fastsecp;
    const size_t n = n_full + n_short;
    std::vector<Ge> pts(n);
    std::vector<Scalar> ks(n);
    std::mt19937_64 rng(seed);
    for (size_t i = 0; i < n; i++) {
        unsigned char b[32];
        for (auto& c : b) c = (unsigned char)rng();
        scalar_set_b32(ks[i], b, nullptr);
        Gej j;
        ecmult_gen_var(j, ks[i]);
        ge_set_gej_var(pts[i], j);
        if (i >= n_full) ks[i].d[2] = ks[i].d[3] = 0;
    }
    batch::MsmInput in;
    in.full_points = pts.data();
    in.full_scalars = ks.data();
    in.n_full = n_full;
    in.short_points = pts.data() + n_full;
    in.short_scalars = ks.data() + n_full;
    in.n_short = n_short;
    if (n_short) in.g = ks[0];
    std::vector<unsigned char> scratch(batch::msm_scratch_size(n_full, n_short));
    for (auto _ : st) {
        Gej r;
        batch::msm_var(r, in, scratch.data(), st.range(1) ? batch::MsmAlgo::Pippenger : batch::MsmAlgo::Strauss);
        benchmark::DoNotOptimize(r);
    }
}
// The multi-scalar multiplication of a Schnorr batch of n items (n full-size scalars on keys, n
// 128-bit ones on nonces, one on G), per algorithm. args: n, algorithm.
void BM_batch_msm(benchmark::State& st) {
    run_msm(st, (size_t)st.range(0), (size_t)st.range(0), 5);
    per_item(st, (size_t)st.range(0));
}
// The multi-scalar multiplication of a MuSig2 key aggregation: n full-size scalars on keys only
// (musig_pubkey_agg of n + 1 keys; the second key's coefficient is 1). args: n, algorithm.
void BM_batch_msm_full(benchmark::State& st) { run_msm(st, (size_t)st.range(0), 0, 6); }
// Point decompression (one per key, one per nonce in a batch), dispatched variant.
void BM_batch_decompress(benchmark::State& st) {
    using namespace fastsecp;
    const Data& d = data();
    size_t i = 0;
    for (auto _ : st) {
        Fe x;
        Ge p;
        fe_set_b32_limit(x, d.xonly[i].data());
        benchmark::DoNotOptimize(ge_set_xo(p, x, false));
        i = (i + 1) % kItems;
    }
}

}  // namespace

BENCHMARK(BM_batch_msm)->ArgNames({"n", "pippenger"})
    ->Args({16, 0})->Args({16, 1})->Args({64, 0})->Args({64, 1})->Args({128, 0})->Args({128, 1})->Args({256, 0})->Args({256, 1})
    ->Args({1024, 0})->Args({1024, 1});
BENCHMARK(BM_batch_msm_full)->ArgNames({"n", "pippenger"})->Args({15, 0})->Args({15, 1});
BENCHMARK(BM_batch_decompress);
BENCHMARK(BM_batch_schnorr_single)->UseRealTime();
BENCHMARK(BM_batch_schnorr_single_parsed)->UseRealTime();
BENCHMARK(BM_batch_schnorr_verify)->ArgNames({"n", "threads"})
    ->Args({1, 1})->Args({64, 1})->Args({1024, 1})->Args({4096, 1})->Args({64, 2})->Args({1024, 2})->UseRealTime();
#if defined(ENABLE_MODULE_BATCH)
BENCHMARK(BM_batch_module_schnorr)->ArgNames({"n"})->Arg(64)->Arg(1024)->Arg(4096)->UseRealTime();
BENCHMARK(BM_batch_module_tweak_check)->ArgNames({"n"})->Arg(64)->Arg(4096)->UseRealTime();
BENCHMARK(BM_batch_tweak_check_single)->UseRealTime();
#endif
BENCHMARK(BM_batch_ecdsa_single)->UseRealTime();
BENCHMARK(BM_batch_ecdsa_single_parsed)->UseRealTime();
BENCHMARK(BM_batch_ecdsa_verify)->ArgNames({"n", "threads"})
    ->Args({1, 1})->Args({1024, 1})->Args({1024, 2})->Args({4096, 1})->UseRealTime();
BENCHMARK(BM_batch_pubkey_create_single)->UseRealTime();
BENCHMARK(BM_batch_pubkey_create)->ArgNames({"n", "threads"})->Args({1024, 1})->Args({1024, 2})->UseRealTime();
BENCHMARK(BM_batch_pubkey_tweak_add_single)->UseRealTime();
BENCHMARK(BM_batch_pubkey_tweak_add)->ArgNames({"n", "threads"})->Args({1024, 1})->Args({1024, 2})->UseRealTime();
