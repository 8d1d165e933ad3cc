// bench_gpu: fastsecp_gpu.h's batch calls on every listed device (OpenCL CPU devices such as PoCL
// included and labelled as CPU figures) and on the CPU engine beside them: items per second
// kernel-only (the context's kernel_seconds) and end to end (wall time of the call, transfers
// included), with the batch size used. Driven by tools/bench-gpu.sh.
//
//   bench_gpu [--quick] [--markdown] [--rounds R] [--gpu-batch N] [--cpu-batch N] [--threads T]
#include <fastsecp.h>
#include <fastsecp_gpu.h>
#include <secp256k1.h>
#include <secp256k1_extrakeys.h>
#include <secp256k1_schnorrsig.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

namespace {

using Bytes = std::vector<unsigned char>;

struct Opts {
    bool quick = false, markdown = false;
    int rounds = 3;
    size_t gpu_batch = 1u << 20, cpu_batch = 1u << 16;
    unsigned threads = 0;
};

[[noreturn]] void die(const std::string& m) {
    std::fprintf(stderr, "bench_gpu: %s\n", m.c_str());
    std::exit(2);
}

// Inputs for n items, made once with the CPU API (a pool of distinct items, repeated).
struct Inputs {
    size_t n = 0;
    Bytes scalars, pubkeys, tweak;
    std::vector<Bytes> ssig, smsg, skey, esig, ehash, ekey;
    std::vector<fastsecp_schnorr_item> sitems;
    std::vector<fastsecp_ecdsa_item> eitems;
    Bytes scan_tweaks, outputs;
    std::vector<uint64_t> prefixes;
    std::vector<fastsecp_sp_prefilter_item> pitems;
    std::vector<fastsecp_sp_item> scan_items;
    fastsecp_sp_wallet* wallet = nullptr;
};

void make_inputs(Inputs& in, size_t n) {
    std::mt19937_64 rng(0x627063ull);
    auto rnd = [&](unsigned char* p, size_t len) {
        for (size_t i = 0; i < len; i++) p[i] = (unsigned char)rng();
    };
    fastsecp_ctx* ctx = nullptr;
    fastsecp_ctx_options co = FASTSECP_CTX_OPTIONS_INIT;
    co.n_threads = 0;
    if (fastsecp_ctx_create(&ctx, &co) != FASTSECP_OK) die("no context");
    secp256k1_context* s = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
    in.n = n;
    const size_t pool = std::min<size_t>(n, 4096);
    // k·G inputs, and points for k·P / tweaks / outputs (k·G of random scalars).
    in.scalars.resize(32 * n);
    rnd(in.scalars.data(), in.scalars.size());
    std::vector<fastsecp_status> st(n);
    in.pubkeys.resize(33 * n);
    Bytes pk_pool(33 * pool);
    if (fastsecp_pubkey_create_batch(ctx, st.data(), pk_pool.data(), in.scalars.data(), pool) != FASTSECP_OK)
        die("pubkey_create_batch");
    for (size_t i = 0; i < n; i++) std::memcpy(&in.pubkeys[33 * i], &pk_pool[33 * (i % pool)], 33);
    in.tweak.resize(32);
    rnd(in.tweak.data(), 32);
    in.tweak[0] &= 0x7f;
    // Signatures: a pool of distinct valid ones.
    in.ssig.resize(pool), in.smsg.resize(pool), in.skey.resize(pool);
    in.esig.resize(pool), in.ehash.resize(pool), in.ekey.resize(pool);
    for (size_t i = 0; i < pool; i++) {
        unsigned char sk[32];
        do rnd(sk, 32);
        while (!secp256k1_ec_seckey_verify(s, sk));
        secp256k1_keypair kp;
        if (!secp256k1_keypair_create(s, &kp, sk)) die("keypair");
        secp256k1_xonly_pubkey xp;
        secp256k1_keypair_xonly_pub(s, &xp, nullptr, &kp);
        in.skey[i].resize(32);
        secp256k1_xonly_pubkey_serialize(s, in.skey[i].data(), &xp);
        in.smsg[i].resize(32);
        rnd(in.smsg[i].data(), 32);
        in.ssig[i].resize(64);
        if (!secp256k1_schnorrsig_sign32(s, in.ssig[i].data(), in.smsg[i].data(), &kp, nullptr)) die("schnorr sign");
        in.ehash[i].resize(32);
        rnd(in.ehash[i].data(), 32);
        secp256k1_ecdsa_signature sig;
        if (!secp256k1_ecdsa_sign(s, &sig, in.ehash[i].data(), sk, nullptr, nullptr)) die("ecdsa sign");
        in.esig[i].resize(64);
        secp256k1_ecdsa_signature_serialize_compact(s, in.esig[i].data(), &sig);
        secp256k1_pubkey p;
        if (!secp256k1_ec_pubkey_create(s, &p, sk)) die("pubkey");
        in.ekey[i].resize(33);
        size_t len = 33;
        secp256k1_ec_pubkey_serialize(s, in.ekey[i].data(), &len, &p, SECP256K1_EC_COMPRESSED);
    }
    in.sitems.resize(n), in.eitems.resize(n);
    for (size_t i = 0; i < n; i++) {
        const size_t j = i % pool;
        in.sitems[i] = {in.ssig[j].data(), in.smsg[j].data(), 32, in.skey[j].data()};
        in.eitems[i] = {in.esig[j].data(), in.ehash[j].data(), in.ekey[j].data(), 33};
    }
    // Silent payments: a wallet with the change label; transactions with a tweak and two outputs.
    unsigned char scan[32], spend_sk[32], spend33[33];
    rnd(scan, 32), rnd(spend_sk, 32);
    scan[0] &= 0x7f, spend_sk[0] &= 0x7f;
    fastsecp_status one;
    if (fastsecp_pubkey_create_batch(ctx, &one, spend33, spend_sk, 1) != FASTSECP_OK) die("spend key");
    const unsigned label0 = 0;
    if (fastsecp_sp_wallet_create(ctx, &in.wallet, scan, spend33, &label0, 1) != FASTSECP_OK) die("wallet");
    in.scan_tweaks = in.pubkeys;
    in.outputs.resize(64 * n);
    in.prefixes.resize(2 * n);
    for (size_t i = 0; i < n; i++) {
        const unsigned char* a = &pk_pool[33 * ((i + 1) % pool)] + 1;
        const unsigned char* b = &pk_pool[33 * ((i + 2) % pool)] + 1;
        std::memcpy(&in.outputs[64 * i], a, 32);
        std::memcpy(&in.outputs[64 * i + 32], b, 32);
        for (int k = 0; k < 2; k++) {
            uint64_t v = 0;
            for (int q = 0; q < 8; q++) v = v << 8 | in.outputs[64 * i + 32 * k + q];
            in.prefixes[2 * i + k] = v;
        }
    }
    in.pitems.resize(n), in.scan_items.resize(n);
    for (size_t i = 0; i < n; i++) {
        in.pitems[i] = {&in.scan_tweaks[33 * i], 33, &in.prefixes[2 * i], 2};
        in.scan_items[i] = {&in.scan_tweaks[33 * i], &in.outputs[64 * i], 2};
    }
    secp256k1_context_destroy(s);
    fastsecp_ctx_destroy(ctx);
}

struct Row {
    std::string device, call;
    size_t batch;
    double kernel_per_s, e2e_per_s;  // kernel_per_s < 0: not measured (CPU engine)
};

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

void bench_device(fastsecp_gpu_ctx* g, const std::string& label, const Inputs& in, size_t n, const Opts& o,
                  std::vector<Row>& rows) {
    std::vector<fastsecp_status> st(n);
    Bytes out(33 * n);
    Bytes maybe(n);
    std::vector<fastsecp_sp_match> matches(2 * n);
    struct Call {
        const char* name;
        std::function<fastsecp_status()> run;
    };
    const Call calls[] = {
        {"k·G (public scalars)", [&] { return fastsecp_gpu_ecmult_gen_batch(g, st.data(), out.data(), in.scalars.data(), n); }},
        {"k·P (one secret scalar)",
         [&] { return fastsecp_gpu_pubkey_tweak_mul_batch(g, st.data(), out.data(), in.pubkeys.data(), in.tweak.data(), n); }},
        {"BIP-340 verify", [&] { return fastsecp_gpu_schnorr_verify_batch(g, st.data(), in.sitems.data(), n); }},
        {"ECDSA verify", [&] { return fastsecp_gpu_ecdsa_verify_batch(g, st.data(), in.eitems.data(), n); }},
        {"BIP-352 prefilter tx (1 label)",
         [&] { return fastsecp_gpu_sp_scan_prefilter_items(g, in.wallet, st.data(), maybe.data(), in.pitems.data(), n, 0); }},
        {"BIP-352 full scan tx (1 label)",
         [&] {
             size_t nm = 0;
             return fastsecp_gpu_sp_scan(g, in.wallet, st.data(), in.scan_items.data(), n, matches.data(),
                                         matches.size(), &nm, 0);
         }},
    };
    for (const Call& c : calls) {
        fastsecp_gpu_stats s;
        const fastsecp_status first = c.run();  // warm-up (OpenCL/CUDA first launch, caches)
        if (first != FASTSECP_OK && first != FASTSECP_ERR_ITEM_FAILED)
            die(std::string(c.name) + " on " + label + ": " + fastsecp_strerror(first));
        if (fastsecp_gpu_ctx_stats(g, &s, 1) != FASTSECP_OK) die("stats");
        std::vector<double> wall, kern;
        for (int r = 0; r < o.rounds; r++) {
            const auto t0 = std::chrono::steady_clock::now();
            const fastsecp_status r_st = c.run();
            const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            if (r_st != first || fastsecp_gpu_ctx_stats(g, &s, 1) != FASTSECP_OK) die(std::string(c.name) + ": unstable result");
            wall.push_back(secs);
            kern.push_back(s.device_items > 0 && s.kernel_seconds > 0 ? (double)s.device_items / s.kernel_seconds : -1);
        }
        rows.push_back({label, c.name, n, median(kern), (double)n / median(wall)});
        std::fprintf(stderr, "  %-32s %s\n", c.name, label.c_str());
    }
}

std::string rate(double v) {
    if (v < 0) return "-";
    char b[32];
    if (v >= 1e6) std::snprintf(b, sizeof b, "%.2f M/s", v / 1e6);
    else std::snprintf(b, sizeof b, "%.1f k/s", v / 1e3);
    return b;
}

}  // namespace

int main(int argc, char** argv) {
    Opts o;
    for (int i = 1; i < argc; i++) {
        const std::string a = argv[i];
        auto next = [&]() -> size_t {
            if (i + 1 >= argc) die(a + " needs a value");
            return (size_t)std::strtoull(argv[++i], nullptr, 10);
        };
        if (a == "--quick") o.quick = true;
        else if (a == "--markdown") o.markdown = true;
        else if (a == "--rounds") o.rounds = (int)next();
        else if (a == "--gpu-batch") o.gpu_batch = next();
        else if (a == "--cpu-batch") o.cpu_batch = next();
        else if (a == "--threads") o.threads = (unsigned)next();
        else die("unknown option " + a);
    }
    if (o.quick) {
        o.rounds = 1;
        o.gpu_batch = std::min<size_t>(o.gpu_batch, 1u << 16);
        o.cpu_batch = std::min<size_t>(o.cpu_batch, 1u << 12);
    }
    if (o.rounds < 1 || o.gpu_batch == 0 || o.cpu_batch == 0) die("--rounds and batches must be positive");
    size_t n_dev = 0;
    std::vector<fastsecp_gpu_device_info> devs(64);
    const fastsecp_status lst = fastsecp_gpu_list_devices(FASTSECP_GPU_BACKEND_AUTO, 1, devs.data(), devs.size(), &n_dev);
    if (lst != FASTSECP_OK && lst != FASTSECP_ERR_BUFFER_TOO_SMALL) die("list_devices");
    devs.resize(std::min<size_t>(n_dev, devs.size()));
    size_t biggest = o.cpu_batch;
    for (auto& d : devs)
        if (!d.is_cpu) biggest = std::max(biggest, o.gpu_batch);
    Inputs in;
    std::fprintf(stderr, "bench_gpu: preparing %zu items\n", biggest);
    make_inputs(in, biggest);
    std::vector<Row> rows;
    for (size_t k = 0; k < devs.size(); k++) {
        fastsecp_gpu_options opt = FASTSECP_GPU_OPTIONS_INIT;
        opt.backend = FASTSECP_GPU_BACKEND_AUTO;
        opt.device = (int)k;
        opt.include_cpu_devices = 1;
        opt.cpu_threads = o.threads;
        fastsecp_gpu_ctx* g = nullptr;
        const fastsecp_status st = fastsecp_gpu_ctx_create(&g, &opt);
        std::string label = fastsecp_gpu_ctx_describe(g);
        if (st != FASTSECP_OK || fastsecp_gpu_ctx_backend(g) == FASTSECP_GPU_BACKEND_CPU) {
            std::fprintf(stderr, "bench_gpu: %s could not be opened (%s)\n", devs[k].name, fastsecp_strerror(st));
            fastsecp_gpu_ctx_destroy(g);
            continue;
        }
        if (devs[k].is_cpu) label += " [an OpenCL CPU device: CPU figures]";
        bench_device(g, label, in, devs[k].is_cpu ? o.cpu_batch : o.gpu_batch, o, rows);
        fastsecp_gpu_ctx_destroy(g);
    }
    fastsecp_gpu_options opt = FASTSECP_GPU_OPTIONS_INIT;
    opt.backend = FASTSECP_GPU_BACKEND_CPU;
    opt.cpu_threads = o.threads;
    fastsecp_gpu_ctx* g = nullptr;
    if (fastsecp_gpu_ctx_create(&g, &opt) != FASTSECP_OK) die("no CPU engine context");
    bench_device(g, fastsecp_gpu_ctx_describe(g), in, o.cpu_batch, o, rows);
    fastsecp_gpu_ctx_destroy(g);
    fastsecp_sp_wallet_destroy(in.wallet);

    if (o.markdown) {
        std::printf("| device | call | batch | kernel-only | end to end |\n|---|---|---:|---:|---:|\n");
        for (const Row& r : rows)
            std::printf("| %s | %s | %zu | %s | %s |\n", r.device.c_str(), r.call.c_str(), r.batch,
                        rate(r.kernel_per_s).c_str(), rate(r.e2e_per_s).c_str());
    } else {
        std::string last;
        for (const Row& r : rows) {
            if (r.device != last) std::printf("%s\n", (last = r.device).c_str());
            std::printf("  %-32s batch %8zu  kernel-only %12s  end to end %12s\n", r.call.c_str(), r.batch,
                        rate(r.kernel_per_s).c_str(), rate(r.e2e_per_s).c_str());
        }
    }
    if (devs.empty()) std::printf("(no GPU or OpenCL device listed: the CPU engine only)\n");
    return 0;
}
