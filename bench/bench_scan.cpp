// Silent-payments scanning, side by side: fastsecp's batch scanner (fastsecp_sp_scan, native API)
// against libsecp256k1 v0.8.0's secp256k1_silentpayments_recipient_scan_outputs, one transaction
// at a time as that API works, on the same transactions.
//
// What each side starts from is what an indexer has: per transaction the tweak (input_hash·A, 33
// bytes; the reference gets the equivalent prevouts summary, made before timing) and the output
// keys as 32-byte strings (the reference's time includes parsing them with xonly_pubkey_parse,
// since its API takes parsed keys; ours includes decompressing the tweak). Labels: the reference
// gets a lookup function over a hash map of serialized labels, as a wallet would write it.
//
// Workloads: 2-output transactions without a match, with a direct match, and with a labelled
// match, for wallets with 0, 1 and 100 labels; each at batches of 1, 64, 1024 and 65536
// transactions per fastsecp_sp_scan call, in constant-time and variable-time mode, with one
// thread and (batches from 64 on) two; the pre-filter at batch 1024. --quick stops at batch 1024.
//
// Before timing, both sides scan the first 1024 transactions and must find the same outputs with
// the same tweaks; the reference is timed on those 1024. Every timed run must find each planted
// payment. Times are medians over rounds (batch 65536: half as many rounds); one thread = this
// thread's CPU time, two threads = wall time. Usage: bench_scan [--quick] [--rounds N] [--markdown]
#include <fastsecp.h>

#include "api_table.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <random>
#include <string>
#include <unordered_map>
#include <vector>

#include <time.h>

namespace {

using Bytes = std::vector<unsigned char>;
using B32 = std::array<unsigned char, 32>;

[[noreturn]] void die(const std::string& msg) {
    std::fprintf(stderr, "bench_scan: %s\n", msg.c_str());
    std::exit(1);
}

double cpu_now() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + double(ts.tv_nsec) * 1e-9;
}
double wall_now() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

struct Lib {
    const SecpApi* api;
    secp256k1_context* ctx;
};

// The wallet and the labels, with each library's label cache.
struct Wallet {
    B32 scan_sk, spend_sk;
    unsigned char spend33[33], scan33[33];
    std::vector<unsigned> labels;
};

struct LabelMap {
    std::unordered_map<std::string, B32> by_label;
};
const unsigned char* lookup(const unsigned char* l33, const void* d) {
    const auto* m = static_cast<const LabelMap*>(d);
    auto it = m->by_label.find(std::string(reinterpret_cast<const char*>(l33), 33));
    return it == m->by_label.end() ? nullptr : it->second.data();
}

enum class Pay { None, Direct, Labelled };

// N transactions of one kind, with each library's summaries.
struct Txs {
    std::vector<Bytes> tweak33;
    std::vector<Bytes> outputs;  // 32 bytes per output
    std::vector<secp256k1_silentpayments_prevouts_summary> ref_summary;
};

std::mt19937_64 g_rng(20261122);
B32 random_key(const Lib& L) {
    for (;;) {
        B32 k;
        for (auto& b : k) b = (unsigned char)g_rng();
        if (L.api->ec_seckey_verify(L.ctx, k.data())) return k;
    }
}
Bytes random_xonly(const Lib& L) {
    for (;;) {
        Bytes x(32);
        for (auto& b : x) b = (unsigned char)g_rng();
        secp256k1_xonly_pubkey pk;
        if (L.api->xonly_pubkey_parse(L.ctx, &pk, x.data())) return x;
    }
}
Bytes ser33(const Lib& L, const secp256k1_pubkey& pk) {
    Bytes out(33);
    size_t len = 33;
    if (!L.api->ec_pubkey_serialize(L.ctx, out.data(), &len, &pk, SECP256K1_EC_COMPRESSED)) die("serialize");
    return out;
}

// The reference is timed (and checked) on the first REF_N transactions of each kind.
constexpr size_t REF_N = 1024;

// Transactions made with fastsecp's libsecp256k1 API (fast to generate), summaries also with the
// reference (its opaque layout) for the first REF_N.
Txs make_txs(const Lib& ours, const Lib& ref, const Wallet& w, size_t n, size_t n_outputs, Pay pay) {
    Txs t;
    secp256k1_pubkey scan_pk, spend_pk;
    if (!ours.api->ec_pubkey_parse(ours.ctx, &scan_pk, w.scan33, 33) ||
        !ours.api->ec_pubkey_parse(ours.ctx, &spend_pk, w.spend33, 33))
        die("wallet keys");
    secp256k1_pubkey pay_to = spend_pk;
    if (pay == Pay::Labelled) {
        secp256k1_silentpayments_label label;
        unsigned char tw[32];
        if (!ours.api->silentpayments_recipient_label_create(ours.ctx, &label, tw, w.scan_sk.data(), w.labels.at(0)) ||
            !ours.api->silentpayments_recipient_create_labeled_spend_pubkey(ours.ctx, &pay_to, &spend_pk, &label))
            die("label");
    }
    for (size_t i = 0; i < n; i++) {
        unsigned char outpoint[36];
        for (auto& b : outpoint) b = (unsigned char)g_rng();
        B32 sender = random_key(ours);
        secp256k1_pubkey sender_pk;
        if (!ours.api->ec_pubkey_create(ours.ctx, &sender_pk, sender.data())) die("sender key");
        std::vector<Bytes> outs;
        if (pay != Pay::None) {
            secp256k1_silentpayments_recipient r{scan_pk, pay_to, 0};
            const secp256k1_silentpayments_recipient* rp[1] = {&r};
            secp256k1_xonly_pubkey gen;
            secp256k1_xonly_pubkey* gp[1] = {&gen};
            const unsigned char* sk[1] = {sender.data()};
            if (!ours.api->silentpayments_sender_create_outputs(ours.ctx, gp, rp, 1, outpoint, nullptr, 0, sk, 1)) die("sender");
            Bytes x(32);
            ours.api->xonly_pubkey_serialize(ours.ctx, x.data(), &gen);
            outs.push_back(x);
        }
        while (outs.size() < n_outputs) outs.push_back(random_xonly(ours));
        std::swap(outs[0], outs[g_rng() % outs.size()]);
        Bytes all;
        for (auto& o : outs) all.insert(all.end(), o.begin(), o.end());
        t.outputs.push_back(all);

        // Summaries (each library's layout) and the tweak input_hash·A_sum (v0.8.0 layout: A_sum
        // at byte 5, input_hash at 69).
        secp256k1_silentpayments_prevouts_summary s;
        const secp256k1_pubkey* kp[1] = {&sender_pk};
        if (!ours.api->silentpayments_recipient_prevouts_summary_create(ours.ctx, &s, outpoint, nullptr, 0, kp, 1)) die("summary");
        secp256k1_pubkey a;
        std::memcpy(a.data, s.data + 5, 64);
        if (!ours.api->ec_pubkey_tweak_mul(ours.ctx, &a, s.data + 69)) die("tweak");
        t.tweak33.push_back(ser33(ours, a));
        if (i >= REF_N) continue;
        Bytes sender33 = ser33(ours, sender_pk);
        secp256k1_pubkey ref_pk;
        if (!ref.api->ec_pubkey_parse(ref.ctx, &ref_pk, sender33.data(), 33)) die("ref parse");
        const secp256k1_pubkey* rkp[1] = {&ref_pk};
        secp256k1_silentpayments_prevouts_summary rs;
        if (!ref.api->silentpayments_recipient_prevouts_summary_create(ref.ctx, &rs, outpoint, nullptr, 0, rkp, 1)) die("ref summary");
        t.ref_summary.push_back(rs);
    }
    return t;
}

// The reference's scan of transaction i: found (output index, tweak hex), appended to out when
// non-null. Returns the number found.
struct RefScanner {
    const Lib& L;
    const Wallet& w;
    LabelMap labels;
    secp256k1_pubkey spend;
    std::vector<secp256k1_xonly_pubkey> xs;
    std::vector<const secp256k1_xonly_pubkey*> xp;
    std::vector<secp256k1_silentpayments_found_output> found;
    std::vector<secp256k1_silentpayments_found_output*> fp;

    RefScanner(const Lib& lib, const Wallet& wallet) : L(lib), w(wallet) {
        if (!L.api->ec_pubkey_parse(L.ctx, &spend, w.spend33, 33)) die("ref spend key");
        for (unsigned m : w.labels) {
            secp256k1_silentpayments_label label;
            B32 tw;
            unsigned char l33[33];
            if (!L.api->silentpayments_recipient_label_create(L.ctx, &label, tw.data(), w.scan_sk.data(), m) ||
                !L.api->silentpayments_recipient_label_serialize(L.ctx, l33, &label))
                die("ref label");
            labels.by_label[std::string(reinterpret_cast<char*>(l33), 33)] = tw;
        }
    }
    uint32_t scan(const Txs& t, size_t i, std::vector<std::string>* out) {
        const size_t n = t.outputs[i].size() / 32;
        xs.resize(n);
        xp.resize(n);
        found.resize(n);
        fp.resize(n);
        for (size_t j = 0; j < n; j++) {
            if (!L.api->xonly_pubkey_parse(L.ctx, &xs[j], t.outputs[i].data() + 32 * j)) die("ref output parse");
            xp[j] = &xs[j];
            fp[j] = &found[j];
        }
        uint32_t n_found = 0;
        const bool with_labels = !w.labels.empty();
        if (!L.api->silentpayments_recipient_scan_outputs(L.ctx, fp.data(), &n_found, xp.data(), n, w.scan_sk.data(),
                                                          &t.ref_summary[i], &spend, with_labels ? lookup : nullptr,
                                                          with_labels ? &labels : nullptr))
            die("ref scan failed");
        if (out)
            for (uint32_t k = 0; k < n_found; k++) {
                unsigned char x[32];
                L.api->xonly_pubkey_serialize(L.ctx, x, &found[k].output);
                std::string s(reinterpret_cast<char*>(x), 32);
                s.append(reinterpret_cast<char*>(found[k].tweak), 32);
                out->push_back(s);
            }
        return n_found;
    }
};

struct Ours {
    fastsecp_ctx* ctx1 = nullptr;
    fastsecp_ctx* ctx2 = nullptr;
    Ours() {
        fastsecp_ctx_options o = FASTSECP_CTX_OPTIONS_INIT;
        if (fastsecp_ctx_create(&ctx1, &o) != FASTSECP_OK) die("ctx");
        o.n_threads = 2;
        if (fastsecp_ctx_create(&ctx2, &o) != FASTSECP_OK) die("ctx2");
    }
    ~Ours() {
        fastsecp_ctx_destroy(ctx1);
        fastsecp_ctx_destroy(ctx2);
    }
};

struct Row {
    std::string workload;
    size_t batch;
    std::string mode;
    unsigned threads;
    double ours_us, ref_us;
};

struct Options {
    bool quick = false, markdown = false;
    int rounds = 5;
};

// fastsecp over the first n transactions, `batch` per call. Returns the number of matches (of
// transactions that may pay, with prefilter); the matches (output bytes + tweak) per tx go to out
// when it is given.
size_t ours_scan(const fastsecp_ctx* ctx, const fastsecp_sp_wallet* w, const Txs& t, size_t n, size_t batch,
                 unsigned flags, bool prefilter, std::vector<std::vector<std::string>>* out) {
    size_t total = 0;
    std::vector<fastsecp_sp_item> items(batch);
    std::vector<fastsecp_status> st(batch);
    std::vector<fastsecp_sp_match> m(batch * 4 + 16);
    std::vector<unsigned char> tweaks, prefixes, maybe(batch);
    std::vector<size_t> offsets;
    for (size_t b = 0; b < n; b += batch) {
        const size_t cnt = std::min(batch, n - b);
        if (prefilter) {
            tweaks.clear();
            prefixes.clear();
            offsets.assign(1, 0);
            for (size_t i = 0; i < cnt; i++) {
                tweaks.insert(tweaks.end(), t.tweak33[b + i].begin(), t.tweak33[b + i].end());
                for (size_t j = 0; j < t.outputs[b + i].size(); j += 32)
                    prefixes.insert(prefixes.end(), t.outputs[b + i].begin() + j, t.outputs[b + i].begin() + j + 8);
                offsets.push_back(prefixes.size() / 8);
            }
            if (fastsecp_sp_scan_prefilter(ctx, w, st.data(), maybe.data(), tweaks.data(), cnt, prefixes.data(),
                                           offsets.data(), flags) != FASTSECP_OK)
                die("prefilter failed");
            for (size_t i = 0; i < cnt; i++) total += maybe[i];
            continue;
        }
        for (size_t i = 0; i < cnt; i++) items[i] = {t.tweak33[b + i].data(), t.outputs[b + i].data(), t.outputs[b + i].size() / 32};
        size_t n_m = 0;
        if (fastsecp_sp_scan(ctx, w, st.data(), items.data(), cnt, m.data(), m.size(), &n_m, flags) != FASTSECP_OK)
            die("fastsecp_sp_scan failed");
        total += n_m;
        if (out)
            for (size_t k = 0; k < n_m; k++) {
                const Bytes& o = t.outputs[b + m[k].item];
                std::string s(reinterpret_cast<const char*>(o.data() + 32 * m[k].output), 32);
                s.append(reinterpret_cast<const char*>(m[k].spend_tweak32), 32);
                (*out)[b + m[k].item].push_back(s);
            }
    }
    return total;
}

void print(const std::vector<Row>& rows, bool markdown) {
    if (markdown) {
        std::printf("| workload | batch | mode | threads | fastsecp µs/tx | fastsecp tx/s | libsecp256k1 µs/tx | ratio |\n");
        std::printf("|---|---:|---|---:|---:|---:|---:|---:|\n");
    } else {
        std::printf("%-44s %6s %-9s %3s %12s %12s %12s %7s\n", "workload", "batch", "mode", "thr", "ours µs/tx",
                    "ours tx/s", "ref µs/tx", "ratio");
    }
    for (const Row& r : rows) {
        const char* fmt = markdown ? "| %s | %zu | %s | %u | %.2f | %.0f | %.2f | %.2fx |\n"
                                   : "%-44s %6zu %-9s %3u %12.2f %12.0f %12.2f %6.2fx\n";
        std::printf(fmt, r.workload.c_str(), r.batch, r.mode.c_str(), r.threads, r.ours_us, 1e6 / r.ours_us, r.ref_us,
                    r.ref_us / r.ours_us);
    }
}

}  // namespace

int main(int argc, char** argv) {
    Options opt;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (a == "--quick") opt.quick = true;
        else if (a == "--markdown") opt.markdown = true;
        else if (a == "--rounds" && i + 1 < argc) opt.rounds = std::max(1, std::atoi(argv[++i]));
        else die("usage: bench_scan [--quick] [--rounds N] [--markdown]");
    }
    if (opt.quick) opt.rounds = 1;
    const SecpApi ours_api = load_fastsecp_api();
    SecpApi ref_api;
    std::string err;
    if (!load_reference_api("", ref_api, err)) die("cannot load the reference libsecp256k1: " + err);
    const Lib ours{&ours_api, ours_api.context_create(SECP256K1_CONTEXT_NONE)};
    const Lib ref{&ref_api, ref_api.context_create(SECP256K1_CONTEXT_NONE)};
    Ours native;

    // One wallet (labels 1..100; each workload's wallet gets the first 0, 1 or 100 of them) and
    // the transactions of each kind, made once: as many as the largest batch.
    const std::vector<size_t> batches = opt.quick ? std::vector<size_t>{1, 64, 1024}
                                                  : std::vector<size_t>{1, 64, 1024, 65536};
    const size_t n_txs = std::max(REF_N, batches.back());
    Wallet base;
    base.scan_sk = random_key(ours);
    base.spend_sk = random_key(ours);
    {
        secp256k1_pubkey pk;
        if (!ours.api->ec_pubkey_create(ours.ctx, &pk, base.scan_sk.data())) die("scan key");
        Bytes s33 = ser33(ours, pk);
        std::memcpy(base.scan33, s33.data(), 33);
        if (!ours.api->ec_pubkey_create(ours.ctx, &pk, base.spend_sk.data())) die("spend key");
        s33 = ser33(ours, pk);
        std::memcpy(base.spend33, s33.data(), 33);
    }
    for (unsigned m = 1; m <= 100; m++) base.labels.push_back(m);
    std::map<Pay, Txs> txs;
    for (auto [pay, name] : {std::pair{Pay::None, "no payment"}, std::pair{Pay::Direct, "a payment"},
                             std::pair{Pay::Labelled, "a payment to label 1"}}) {
        std::fprintf(stderr, "bench_scan: preparing %zu transactions with 2 outputs (%s)\n", n_txs, name);
        txs[pay] = make_txs(ours, ref, base, n_txs, 2, pay);
    }

    struct Workload {
        std::string name;
        size_t n_labels;
        Pay pay;
    };
    const Workload workloads[] = {
        {"2 outputs, no match", 0, Pay::None},
        {"2 outputs, 1 match", 0, Pay::Direct},
        {"2 outputs, no match, 1 label", 1, Pay::None},
        {"2 outputs, no match, 100 labels", 100, Pay::None},
        {"2 outputs, labelled match, 1 label", 1, Pay::Labelled},
        {"2 outputs, labelled match, 100 labels", 100, Pay::Labelled},
    };

    std::vector<Row> rows;
    for (const Workload& wl : workloads) {
        Wallet w = base;
        w.labels.resize(wl.n_labels);
        const Txs& t = txs[wl.pay];
        fastsecp_sp_wallet* wallet = nullptr;
        if (fastsecp_sp_wallet_create(native.ctx1, &wallet, w.scan_sk.data(), w.spend33, w.labels.data(), w.labels.size()) !=
            FASTSECP_OK)
            die("wallet");
        RefScanner rs(ref, w);

        // Same matches on every transaction the reference is timed on, both modes.
        std::vector<std::vector<std::string>> got(REF_N);
        for (unsigned flags : {FASTSECP_SP_SCAN_DEFAULT, FASTSECP_SP_SCAN_VARTIME}) {
            for (auto& g : got) g.clear();
            ours_scan(native.ctx1, wallet, t, REF_N, 1024, flags, false, &got);
            size_t total = 0;
            for (size_t i = 0; i < REF_N; i++) {
                std::vector<std::string> want;
                rs.scan(t, i, &want);
                if (want != got[i]) die("different matches on transaction " + std::to_string(i) + " (" + wl.name + ")");
                total += want.size();
            }
            if ((wl.pay == Pay::None) != (total == 0)) die("planted payments not found (" + wl.name + ")");
        }

        // The reference, one transaction at a time: µs per transaction (CPU time).
        std::vector<double> ref_times;
        for (int r = 0; r < opt.rounds; r++) {
            const double t0 = cpu_now();
            for (size_t i = 0; i < REF_N; i++) rs.scan(t, i, nullptr);
            ref_times.push_back((cpu_now() - t0) * 1e6 / REF_N);
        }
        const double ref_us = median(ref_times);

        struct Mode {
            const char* name;
            unsigned flags;
            bool prefilter;
        };
        const Mode modes[] = {{"CT", FASTSECP_SP_SCAN_DEFAULT, false},
                              {"vartime", FASTSECP_SP_SCAN_VARTIME, false},
                              {"prefilter", FASTSECP_SP_SCAN_DEFAULT, true}};
        for (size_t batch : batches) {
            // At least REF_N transactions per timing (batch 1: 1024 calls of one).
            const size_t n = std::max(batch, REF_N);
            for (const Mode& mode : modes) {
                if (mode.prefilter && batch != 1024) continue;
                for (unsigned threads : {1u, 2u}) {
                    if (threads == 2 && batch < 64) continue;  // one item: nothing to share out
                    const fastsecp_ctx* ctx = threads == 1 ? native.ctx1 : native.ctx2;
                    std::vector<double> times;
                    const int rounds = batch >= 65536 ? std::max(1, opt.rounds / 2) : opt.rounds;
                    for (int r = 0; r < rounds; r++) {
                        const double t0 = threads == 1 ? cpu_now() : wall_now();
                        const size_t found = ours_scan(ctx, wallet, t, n, batch, mode.flags, mode.prefilter, nullptr);
                        const double t1 = threads == 1 ? cpu_now() : wall_now();
                        times.push_back((t1 - t0) * 1e6 / n);
                        // Every transaction of a paying kind pays once; no others (prefilter: a
                        // false positive needs a 64-bit prefix collision).
                        if (found != (wl.pay == Pay::None ? 0 : n))
                            die("found " + std::to_string(found) + " in " + std::to_string(n) + " transactions (" +
                                wl.name + ", " + mode.name + ")");
                    }
                    rows.push_back({wl.name, batch, mode.name, threads, median(times), ref_us});
                }
            }
        }
        fastsecp_sp_wallet_destroy(wallet);
    }
    ours.api->context_destroy(ours.ctx);
    ref.api->context_destroy(ref.ctx);
    std::printf("Silent-payments scanning: fastsecp_sp_scan vs libsecp256k1 v0.8.0 recipient_scan_outputs (%s)\n",
                ref_api.name.c_str());
    std::printf("One thread: CPU time of the calling thread; two threads: wall time. Medians of %d round(s); the\n"
                "reference's µs/tx is the same for every batch size (it scans one transaction per call).\n\n",
                opt.rounds);
    print(rows, opt.markdown);
    return 0;
}
