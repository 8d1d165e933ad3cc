// Micro-benchmarks of the engine: field and scalar arithmetic, group operations and the scalar
// multiplications, to see where the time of each API call goes. Run: build/bench/bench_micro.
#include <benchmark/benchmark.h>

#include <string>

#include "ecmult/ecmult.h"
#include "batch/same_scalar.h"

using namespace fastsecp;

namespace {

Fe some_fe(uint64_t seed) {
    unsigned char b[32];
    for (int i = 0; i < 32; i++) b[i] = (unsigned char)(seed * 131 + i * 17 + 1);
    Fe r;
    fe_set_b32_mod(r, b);
    return r;
}
Scalar some_scalar(uint64_t seed) {
    unsigned char b[32];
    for (int i = 0; i < 32; i++) b[i] = (unsigned char)(seed * 71 + i * 29 + 3);
    b[0] &= 0x7F;
    Scalar s;
    scalar_set_b32(s, b, nullptr);
    return s;
}

void BM_fe_mul(benchmark::State& st) {
    Fe a = some_fe(1), b = some_fe(2);
    for (auto _ : st) {
        fe_mul(a, a, b);
        benchmark::DoNotOptimize(a);
    }
}
void BM_fe_sqr(benchmark::State& st) {
    Fe a = some_fe(1);
    for (auto _ : st) {
        fe_sqr(a, a);
        benchmark::DoNotOptimize(a);
    }
}
// The dispatched variants (portable C++ / BMI2-ADX assembly), called through the ops table:
// range(0) picks the variant (2: the BMI2-ADX variant's variable-time flavour, FASTSECP_FIELD_VARTIME);
// null (benchmark skipped) when the CPU lacks BMI2/ADX.
const EcmultOps* variant(benchmark::State& st) {
    if (st.range(0) && !cpu_supports_fast_variant()) {
        st.SkipWithError("no BMI2/ADX");
        return nullptr;
    }
    const EcmultOps& ops = st.range(0) ? ECMULT_BMI2 : ECMULT_PORTABLE;
    st.SetLabel(std::string(ops.name) + (st.range(0) == 2 ? " vartime" : ""));
    return &ops;
}
// CHAINS independent multiplications (or squarings) per iteration: one chain measures latency;
// with four the CPU can overlap them, so per_op is the throughput.
template <bool Square, int CHAINS>
void fe_variant_chains(benchmark::State& st) {
    const EcmultOps* ops = variant(st);
    if (!ops) return;
    const bool vt = st.range(0) == 2;
    auto mul = vt ? ops->vartime.fe_mul : ops->fe_mul;
    auto sqr = vt ? ops->vartime.fe_sqr : ops->fe_sqr;
    Fe a[CHAINS], b = some_fe(2);
    for (int i = 0; i < CHAINS; i++) a[i] = some_fe(i == 0 ? 1 : 2 + i);
    for (auto _ : st) {
        for (auto& x : a) {
            if (Square) sqr(x, x);
            else mul(x, x, b);
        }
        benchmark::DoNotOptimize(a);
    }
    if (CHAINS > 1)
        st.counters["per_op"] =
            benchmark::Counter(CHAINS, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
void BM_fe_mul_variant(benchmark::State& st) { fe_variant_chains<false, 1>(st); }
void BM_fe_sqr_variant(benchmark::State& st) { fe_variant_chains<true, 1>(st); }
void BM_fe_mul_variant_4chains(benchmark::State& st) { fe_variant_chains<false, 4>(st); }
void BM_fe_sqr_variant_4chains(benchmark::State& st) { fe_variant_chains<true, 4>(st); }
void BM_fe_inv(benchmark::State& st) {
    Fe a = some_fe(3);
    for (auto _ : st) {
        fe_inv(a, a);
        benchmark::DoNotOptimize(a);
    }
}
void BM_fe_inv_var(benchmark::State& st) {
    Fe a = some_fe(3);
    for (auto _ : st) {
        fe_inv_var(a, a);
        benchmark::DoNotOptimize(a);
    }
}
// Square root (an exponentiation: 253 squarings, 13 multiplications) in each variant.
void BM_fe_sqrt(benchmark::State& st) {
    const EcmultOps* ops = variant(st);
    if (!ops) return;
    auto sqrt = st.range(0) == 2 ? ops->vartime.fe_sqrt : ops->fe_sqrt;
    Fe a = some_fe(4), r;
    for (auto _ : st) {
        benchmark::DoNotOptimize(sqrt(r, a));
        a.n[0] ^= 1;
    }
}
void BM_scalar_mul(benchmark::State& st) {
    Scalar a = some_scalar(1), b = some_scalar(2);
    for (auto _ : st) {
        scalar_mul(a, a, b);
        benchmark::DoNotOptimize(a);
    }
}
void BM_scalar_inverse(benchmark::State& st) {
    Scalar a = some_scalar(1);
    for (auto _ : st) {
        scalar_inverse(a, a);
        benchmark::DoNotOptimize(a);
    }
}
void BM_scalar_inverse_var(benchmark::State& st) {
    Scalar a = some_scalar(1);
    for (auto _ : st) {
        scalar_inverse_var(a, a);
        benchmark::DoNotOptimize(a);
    }
}
void BM_gej_double(benchmark::State& st) {
    Gej a;
    gej_set_ge(a, ge_generator());
    for (auto _ : st) {
        gej_double(a, a);
        benchmark::DoNotOptimize(a);
    }
}
void BM_gej_add_ge_var(benchmark::State& st) {
    Gej a;
    gej_set_ge(a, ge_generator());
    gej_double(a, a);
    for (auto _ : st) {
        gej_add_ge_var(a, a, ge_generator());
        benchmark::DoNotOptimize(a);
    }
}
void BM_gej_add_ge_const(benchmark::State& st) {
    Gej a;
    gej_set_ge(a, ge_generator());
    gej_double(a, a);
    for (auto _ : st) {
        gej_add_ge(a, a, ge_generator());
        benchmark::DoNotOptimize(a);
    }
}
void BM_ecmult_gen(benchmark::State& st) {
    GenBlind b;
    unsigned char seed[32] = {7};
    gen_blind_set(b, seed);
    Scalar k = some_scalar(5);
    Gej r;
    for (auto _ : st) {
        ecmult_gen(b, r, k);
        benchmark::DoNotOptimize(r);
        k.d[0]++;
    }
}
void BM_ecmult_const(benchmark::State& st) {
    Scalar k = some_scalar(6);
    Gej r;
    for (auto _ : st) {
        ecmult_const(r, ge_generator(), k);
        benchmark::DoNotOptimize(r);
        k.d[0]++;
    }
}
void BM_ecmult_strauss(benchmark::State& st) {
    Scalar k1 = some_scalar(7), k2 = some_scalar(8);
    Gej a, r;
    gej_set_ge(a, ge_generator());
    for (auto _ : st) {
        ecmult(r, a, k1, k2);
        benchmark::DoNotOptimize(r);
        k1.d[0]++;
    }
}
void BM_ecmult_g_only(benchmark::State& st) {  // vartime k·G (public tweaks)
    Scalar k = some_scalar(9), zero;
    scalar_clear(zero);
    Gej inf, r;
    gej_set_infinity(inf);
    for (auto _ : st) {
        ecmult(r, inf, zero, k);
        benchmark::DoNotOptimize(r);
        k.d[0]++;
    }
}

void BM_ecmult_gen_var(benchmark::State& st) {  // vartime k·G without doublings
    Scalar k = some_scalar(10);
    Gej r;
    for (auto _ : st) {
        ecmult_gen_var(r, k);
        benchmark::DoNotOptimize(r);
        k.d[0]++;
    }
}

}  // namespace

// The batch double multiplication g·G + k·P (ECDSA verification's), per item, 64 items a call:
// in IFMA lanes when the CPU has them (compare with BM_ecmult_strauss, one item).
void BM_ecmult2_var_batch(benchmark::State& st) {
    constexpr size_t N = 64;
    Ge pts[N];
    Scalar ks[N], gs[N];
    Gej out[N];
    for (size_t i = 0; i < N; i++) {
        Gej p;
        ecmult_gen_var(p, some_scalar((int)i + 20));
        ge_set_gej_var(pts[i], p);
        ks[i] = some_scalar((int)i + 100);
        gs[i] = some_scalar((int)i + 200);
    }
    for (auto _ : st) {
        batch::ecmult2_var_batch(out, pts, ks, gs, N);
        benchmark::DoNotOptimize(out);
        ks[0].d[0]++;
    }
    st.counters["per_item"] = benchmark::Counter((double)N, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_ecmult2_var_batch);
BENCHMARK(BM_fe_mul);
BENCHMARK(BM_fe_sqr);
BENCHMARK(BM_fe_mul_variant)->Arg(0)->Arg(1)->Arg(2);
BENCHMARK(BM_fe_sqr_variant)->Arg(0)->Arg(1)->Arg(2);
BENCHMARK(BM_fe_mul_variant_4chains)->Arg(0)->Arg(1)->Arg(2);
BENCHMARK(BM_fe_sqr_variant_4chains)->Arg(0)->Arg(1)->Arg(2);
BENCHMARK(BM_fe_inv);
BENCHMARK(BM_fe_inv_var);
BENCHMARK(BM_fe_sqrt)->Arg(0)->Arg(1)->Arg(2);
BENCHMARK(BM_scalar_mul);
BENCHMARK(BM_scalar_inverse);
BENCHMARK(BM_scalar_inverse_var);
BENCHMARK(BM_gej_double);
BENCHMARK(BM_gej_add_ge_var);
BENCHMARK(BM_gej_add_ge_const);
BENCHMARK(BM_ecmult_gen);
BENCHMARK(BM_ecmult_const);
BENCHMARK(BM_ecmult_strauss);
BENCHMARK(BM_ecmult_g_only);
BENCHMARK(BM_ecmult_gen_var);
