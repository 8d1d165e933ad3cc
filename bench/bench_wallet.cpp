// BIP-32 public child derivation: fastsecp's wallet calls against the same derivation done with a
// reference libsecp256k1's calls, in one process. Both sides hash with fastsecp's HMAC-SHA512 (one
// keyed state per parent; ranges eight children at a time, hash::hmac512_short8, as
// fastsecp_xkey_derive_range does), so only the curve work differs:
//   reference, per child: ec_pubkey_tweak_add(copy of the parsed parent, I_L), ec_pubkey_serialize
//   (the single row also parses the parent and keys the HMAC each time: ec_pubkey_parse and
//   hmac512_init, as deriving one child from an xpub must);
//   fastsecp single: fastsecp_xkey_derive on the xpub (parse, HMAC, k·G, add, inversion, serialize,
//   plus the child's parent fingerprint, which the reference row does not compute);
//   fastsecp batch: fastsecp_xkey_derive_range (children [a, a+n): k·G eight at a time in IFMA lanes
//   when the CPU has them, one inversion per 128 children), one thread.
// Times are medians of per-round CPU times of this thread, per child key.
// Usage: bench_wallet [--rounds N] [--ref PATH] [--markdown]
#include <fastsecp_wallet.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <time.h>

#include "api_table.h"
#include "hash/sha512.h"

namespace {

[[noreturn]] void die(const std::string& msg) {
    std::fprintf(stderr, "bench_wallet: %s\n", msg.c_str());
    std::exit(1);
}

double cpu_now() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

void put32(unsigned char* p, unsigned v) {
    p[0] = (unsigned char)(v >> 24);
    p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}

// The reference's children [first, first+n): returns how many were valid (all, in practice).
size_t ref_range(const SecpApi& api, const secp256k1_context* ctx, const fastsecp_xkey& parent, unsigned first, size_t n,
                 unsigned char* pubs, unsigned char* chains, bool parse_each) {
    fastsecp::hash::HmacSha512 keyed;
    fastsecp::hash::hmac512_init(keyed, parent.chain_code, 32);
    secp256k1_pubkey parsed;
    if (!api.ec_pubkey_parse(ctx, &parsed, parent.key, 33)) die("reference: parent key does not parse");
    size_t ok = 0;
    unsigned char msg[37];
    std::memcpy(msg, parent.key, 33);
    // A range hashes eight children at a time with the same batched HMAC fastsecp uses
    // (hmac512_short8), so only the curve work differs; a single child hashes alone.
    unsigned char I8[8][64];
    for (size_t j = 0; j < n; j++) {
        unsigned char I[64];
        const size_t group_left = n - (j - j % 8);  // children from this group of eight on
        if (parse_each || group_left <= 2) {         // alone, as fastsecp also does for <= 2
            if (parse_each) fastsecp::hash::hmac512_init(keyed, parent.chain_code, 32);
            fastsecp::hash::HmacSha512 h = keyed;
            put32(msg + 33, first + (unsigned)j);
            fastsecp::hash::hmac512_write(h, msg, 37);
            fastsecp::hash::hmac512_finalize(h, I);
        } else {
            if (j % 8 == 0) {
                unsigned char msgs[8][37];
                const unsigned char* ptrs[8];
                for (size_t l = 0; l < 8; l++) {
                    std::memcpy(msgs[l], parent.key, 33);
                    put32(msgs[l] + 33, first + (unsigned)(j + l));
                    ptrs[l] = msgs[l];
                }
                fastsecp::hash::hmac512_short8(I8, keyed, ptrs, 37);
            }
            std::memcpy(I, I8[j % 8], 64);
        }
        secp256k1_pubkey pk = parsed;
        if (parse_each && !api.ec_pubkey_parse(ctx, &pk, parent.key, 33)) die("reference: parse");
        if (!api.ec_pubkey_tweak_add(ctx, &pk, I)) continue;
        size_t len = 33;
        api.ec_pubkey_serialize(ctx, pubs + 33 * j, &len, &pk, SECP256K1_EC_COMPRESSED);
        std::memcpy(chains + 32 * j, I + 32, 32);
        ok++;
    }
    return ok;
}

}  // namespace

int main(int argc, char** argv) {
    int rounds = 5;
    bool markdown = false;
    std::string ref_path;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (a == "--rounds" && i + 1 < argc) rounds = std::max(1, std::atoi(argv[++i]));
        else if (a == "--ref" && i + 1 < argc) ref_path = argv[++i];
        else if (a == "--markdown") markdown = true;
        else {
            std::fprintf(stderr, "usage: bench_wallet [--rounds N] [--ref PATH] [--markdown]\n");
            return 2;
        }
    }
    SecpApi ref;
    std::string error;
    if (!load_reference_api(ref_path.empty() ? default_reference_path() : ref_path, ref, error)) die(error);
    if (ref.ec_pubkey_tweak_add == &secp256k1_ec_pubkey_tweak_add) die("the reference resolved to fastsecp's own symbols");
    secp256k1_context* rctx = ref.context_create(SECP256K1_CONTEXT_NONE);

    fastsecp_ctx* ctx;
    fastsecp_ctx_options opt = FASTSECP_CTX_OPTIONS_INIT;  // one thread
    if (fastsecp_ctx_create(&ctx, &opt) != FASTSECP_OK) die("fastsecp_ctx_create");
    std::mt19937_64 rng(12345);
    unsigned char seed[32];
    for (auto& c : seed) c = (unsigned char)rng();
    fastsecp_xkey m, acct, xpub;
    if (fastsecp_xkey_from_seed(ctx, &m, seed, 32, FASTSECP_XKEY_XPRV) != FASTSECP_OK ||
        fastsecp_xkey_derive_path(ctx, &acct, &m, "m/84'/0'/0'/0") != FASTSECP_OK ||
        fastsecp_xkey_neuter(ctx, &xpub, &acct) != FASTSECP_OK)
        die("setting up the parent key");

    std::printf("BIP-32 public child derivation, per child key (us); one thread; medians of %d rounds\n", rounds);
    std::printf("reference: %s\n\n", ref.name.c_str());
    if (markdown) {
        std::printf("| derivation | children | fastsecp (us/child) | libsecp256k1 + HMAC (us/child) | ratio |\n");
        std::printf("|---|---:|---:|---:|---:|\n");
    } else {
        std::printf("%-34s %9s %12s %12s %7s\n", "derivation", "children", "fastsecp", "reference", "ratio");
    }
    auto row = [&](const char* name, size_t n, double ours, double theirs) {
        if (markdown)
            std::printf("| %s | %zu | %.3f | %.3f | %.2fx |\n", name, n, ours * 1e6, theirs * 1e6, theirs / ours);
        else
            std::printf("%-34s %9zu %12.3f %12.3f %6.2fx\n", name, n, ours * 1e6, theirs * 1e6, theirs / ours);
        std::fflush(stdout);
    };

    // Single: one child of an xpub per call (1000 calls per round).
    {
        const size_t calls = 1000;
        std::vector<double> t_ours, t_ref;
        std::vector<unsigned char> pubs(33 * calls), chains(32 * calls);
        for (int r = 0; r < rounds; r++) {
            unsigned first = (unsigned)(rng() % 1000000);
            double t0 = cpu_now();
            for (size_t j = 0; j < calls; j++) {
                fastsecp_xkey c;
                if (fastsecp_xkey_derive(ctx, &c, &xpub, first + (unsigned)j) != FASTSECP_OK) die("derive");
                std::memcpy(&pubs[33 * j], c.key, 33);
            }
            double t1 = cpu_now();
            std::vector<unsigned char> rp(33 * calls);
            ref_range(ref, rctx, xpub, first, calls, rp.data(), chains.data(), true);
            double t2 = cpu_now();
            if (rp != pubs) die("single: the two libraries derived different keys");
            t_ours.push_back((t1 - t0) / calls);
            t_ref.push_back((t2 - t1) / calls);
        }
        row("single (xkey_derive / parse+tweak)", 1, median(t_ours), median(t_ref));
    }
    // Batch: children [a, a+n) of one xpub.
    for (size_t n : {size_t(1), size_t(1000), size_t(100000)}) {
        int rr = n >= 100000 ? std::max(1, rounds / 2) : rounds;
        size_t reps = n == 1 ? 1000 : 1;  // n = 1: a thousand calls per round
        std::vector<double> t_ours, t_ref;
        std::vector<unsigned char> pubs(33 * n), chains(32 * n), rp(33 * n), rc(32 * n);
        std::vector<fastsecp_status> st(n);
        for (int r = 0; r < rr; r++) {
            unsigned first = (unsigned)(rng() % 1000000);
            double t0 = cpu_now();
            for (size_t k = 0; k < reps; k++)
                if (fastsecp_xkey_derive_range(ctx, st.data(), pubs.data(), chains.data(), &xpub, first, n) != FASTSECP_OK)
                    die("derive_range");
            double t1 = cpu_now();
            for (size_t k = 0; k < reps; k++) ref_range(ref, rctx, xpub, first, n, rp.data(), rc.data(), false);
            double t2 = cpu_now();
            if (rp != pubs || rc != chains) die("batch: the two libraries derived different children");
            t_ours.push_back((t1 - t0) / double(n * reps));
            t_ref.push_back((t2 - t1) / double(n * reps));
        }
        row("batch (xkey_derive_range)", n, median(t_ours), median(t_ref));
    }
    fastsecp_ctx_destroy(ctx);
    ref.context_destroy(rctx);
    return 0;
}
