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

// Inputs shaped like the modulus or like powers of two (1, 2^k, m - 2^k, m - 1, small values):
// values met in practice (z = 1, small constants, -1) on which the binary GCD meets long runs of
// equal bits. Cycled like the random ones.
struct ShapedInputs {
    uint64_t v[256][4];
    explicit ShapedInputs(const fastsecp::ModinvModulus& m) {
        std::mt19937_64 rng(0x5A9E);
        for (auto& x : v) {
            const int k = (int)(rng() % 256);
            uint64_t p2[4] = {0, 0, 0, 0};
            p2[k / 64] = uint64_t(1) << (k % 64);
            switch (rng() % 4) {
            case 0:  // 2^k
                for (int i = 0; i < 4; i++) x[i] = p2[i];
                break;
            case 1: {  // m - 2^k
                unsigned __int128 borrow = 0;
                for (int i = 0; i < 4; i++) {
                    const unsigned __int128 t = (unsigned __int128)m.m64[i] - p2[i] - (uint64_t)borrow;
                    x[i] = (uint64_t)t;
                    borrow = (t >> 64) & 1;
                }
                break;
            }
            case 2:  // small
                x[0] = rng() >> (rng() % 64) | 1;
                x[1] = x[2] = x[3] = 0;
                break;
            default:  // m - small
                x[0] = m.m64[0] - (rng() >> 40) - 1;
                x[1] = m.m64[1];
                x[2] = m.m64[2];
                x[3] = m.m64[3];
            }
        }
    }
};

void BM_modinv_var_p_shaped(benchmark::State& state) {
    const ShapedInputs data(fastsecp::MODINV_P);
    uint64_t out[4];
    size_t i = 0;
    for (auto _ : state) {
        fastsecp::modinv_var(out, data.v[i++ & 255], fastsecp::MODINV_P);
        benchmark::DoNotOptimize(out);
        benchmark::ClobberMemory();
    }
}

void BM_jacobi_var_p_shaped(benchmark::State& state) {
    const ShapedInputs data(fastsecp::MODINV_P);
    size_t i = 0;
    for (auto _ : state) {
        int r = fastsecp::jacobi_var(data.v[i++ & 255], fastsecp::MODINV_P);
        benchmark::DoNotOptimize(r);
    }
}

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
BENCHMARK(BM_modinv_var_p_shaped);
BENCHMARK(BM_jacobi_var_p_shaped);
