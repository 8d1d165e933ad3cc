// Micro-benchmarks for the hash layer: one-shot SHA-256 of 32, 64 and 1024 bytes with each
// compression function, plus the tagged-hash and RFC 6979 paths the signing code uses.
// Registers with Google Benchmark at static-initialisation time; main() comes from the bench
// executable this file is compiled into.
#include "hash/sha256.h"

#include <benchmark/benchmark.h>

#include <vector>

namespace {

using fastsecp::hash::CompressFn;

void bm_sha256(benchmark::State& state, CompressFn fn) {
    std::vector<unsigned char> msg(static_cast<std::size_t>(state.range(0)), 0x5a);
    unsigned char out[32];
    for (auto _ : state) {
        fastsecp::hash::sha256(msg.data(), msg.size(), out, fn);
        benchmark::DoNotOptimize(out);
        msg[0] = out[0];  // chain iterations so the work cannot be hoisted
    }
    state.SetBytesProcessed(state.iterations() * state.range(0));
}

void bm_sha256_portable(benchmark::State& state) { bm_sha256(state, &fastsecp::hash::compress_portable); }

void bm_sha256_shani(benchmark::State& state) {
    if (!fastsecp::hash::have_shani_compress()) {
        state.SkipWithError("CPU has no SHA extensions");
        for (auto _ : state) {
        }
        return;
    }
    bm_sha256(state, &fastsecp::hash::compress_shani);
}

// BIP-340 challenge hash: tag midstate + R || P || m (96 bytes).
void bm_tagged_challenge(benchmark::State& state) {
    unsigned char data[96] = {1}, out[32];
    for (auto _ : state) {
        fastsecp::hash::Sha256 h;
        fastsecp::hash::sha256_tagged_init(h, fastsecp::hash::Tag::BIP340Challenge);
        fastsecp::hash::sha256_write(h, data, sizeof data);
        fastsecp::hash::sha256_finalize(h, out);
        data[0] = out[0];
    }
}

// ECDSA nonce derivation: DRBG seeded with seckey32 || msg32, first candidate.
void bm_rfc6979_first_nonce(benchmark::State& state) {
    unsigned char material[64] = {7}, nonce[32];
    for (auto _ : state) {
        fastsecp::hash::Rfc6979 r;
        fastsecp::hash::rfc6979_init(r, material, sizeof material);
        fastsecp::hash::rfc6979_generate(r, nonce, sizeof nonce);
        fastsecp::hash::rfc6979_finalize(r);
        material[40] = nonce[0];
    }
}

}  // namespace

BENCHMARK(bm_sha256_portable)->Arg(32)->Arg(64)->Arg(1024);
BENCHMARK(bm_sha256_shani)->Arg(32)->Arg(64)->Arg(1024);
BENCHMARK(bm_tagged_challenge);
BENCHMARK(bm_rfc6979_first_nonce);
