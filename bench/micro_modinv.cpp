// Micro-benchmarks for the safegcd inversions and the Jacobi symbol (src/arith/modinv.*).
// Each iteration takes the next of 256 random inputs, so the variable-time code cannot settle
// on one well-predicted path.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <random>

#include "arith/modinv.h"

namespace {

struct Inputs {
    uint64_t v[256][4];
    explicit Inputs(const fastsecp::ModinvModulus& m) {
        std::mt19937_64 rng(0xB00C);
        for (auto& x : v) {
            do {
                for (auto& w : x) w = rng();
            } while (x[3] > m.m64[3] || (x[3] == m.m64[3] && x[2] >= m.m64[2]));  // x < m
        }
    }
};

template <void (*Inv)(uint64_t*, const uint64_t*, const fastsecp::ModinvModulus&)>
void bench_inverse(benchmark::State& state, const fastsecp::ModinvModulus& m) {
    const Inputs data(m);
    uint64_t out[4];
    size_t i = 0;
    for (auto _ : state) {
        Inv(out, data.v[i++ & 255], m);
        benchmark::DoNotOptimize(out);
        benchmark::ClobberMemory();
    }
}

void BM_modinv_const_p(benchmark::State& s) { bench_inverse<fastsecp::modinv_const>(s, fastsecp::MODINV_P); }
void BM_modinv_var_p(benchmark::State& s) { bench_inverse<fastsecp::modinv_var>(s, fastsecp::MODINV_P); }
void BM_modinv_const_n(benchmark::State& s) { bench_inverse<fastsecp::modinv_const>(s, fastsecp::MODINV_N); }
void BM_modinv_var_n(benchmark::State& s) { bench_inverse<fastsecp::modinv_var>(s, fastsecp::MODINV_N); }

void BM_jacobi_var_p(benchmark::State& state) {
    const Inputs data(fastsecp::MODINV_P);
    size_t i = 0;
    for (auto _ : state) {
        int r = fastsecp::jacobi_var(data.v[i++ & 255], fastsecp::MODINV_P);
        benchmark::DoNotOptimize(r);
    }
}

}  // namespace

BENCHMARK(BM_modinv_const_p);
BENCHMARK(BM_modinv_var_p);
BENCHMARK(BM_modinv_const_n);
BENCHMARK(BM_modinv_var_n);
BENCHMARK(BM_jacobi_var_p);
