// The GPU kernels (src/gpu/kernels/secp256k1_kernels.cl) through the device runtimes
// (src/gpu/device.h), compared byte for byte with the CPU engine's fastsecp.h calls: random inputs
// and edge cases (scalars 0, 1, n-1, n, >= n; infinity; P = +-Q; keys off the curve, x >= p, bad
// prefixes and lengths; invalid and high-S signatures; silent-payment matches with and without
// labels). OpenCL runs on whatever OpenCL device is there, CPU devices (PoCL) included; the CUDA
// tests are skipped without a CUDA device. Launches are small (batch_size 48) so that every call
// is cut into several launches on the two buffer sets.
#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "api/parse.h"
#include "json.h"
#include "test_hex.h"
#include "gpu/device.h"
#include "group/group.h"
#include "scan/sp_wallet.h"
#include "schemes/silentpayments.h"
#include "secp256k1.h"
#include "secp256k1_extrakeys.h"
#include "secp256k1_schnorrsig.h"

using namespace fastsecp;
namespace g = fastsecp::gpu;

namespace {

using Bytes = std::vector<unsigned char>;

const unsigned char N_BE[32] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
                                0xFF, 0xFF, 0xFF, 0xFF, 0xFE, 0xBA, 0xAE, 0xDC, 0xE6, 0xAF, 0x48,
                                0xA0, 0x3B, 0xBF, 0xD2, 0x5E, 0x8C, 0xD0, 0x36, 0x41, 0x41};
const unsigned char P_BE[32] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
                                0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
                                0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE, 0xFF, 0xFF, 0xFC, 0x2F};

// n or p plus a small signed delta, big-endian.
Bytes near(const unsigned char* base, int delta) {
    Bytes b(base, base + 32);
    int carry = delta;
    for (int i = 31; i >= 0 && carry != 0; i--) {
        int v = b[i] + carry;
        carry = v < 0 ? -1 : (v > 255 ? 1 : 0);
        b[i] = (unsigned char)(v & 255);
    }
    return b;
}
Bytes small(unsigned v) {
    Bytes b(32, 0);
    for (int i = 0; i < 4; i++) b[31 - i] = (unsigned char)(v >> (8 * i));
    return b;
}

struct Rng {
    std::mt19937_64 r{0x6750u};
    Bytes bytes(size_t n) {
        Bytes b(n);
        for (auto& x : b) x = (unsigned char)r();
        return b;
    }
    Bytes seckey() {  // valid: below n (overwhelmingly), non-zero
        Bytes b = bytes(32);
        b[0] &= 0x7F;
        b[31] |= 1;
        return b;
    }
};

secp256k1_context* sctx() {
    static secp256k1_context* c = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
    return c;
}
Bytes pub33(const Bytes& sk) {
    secp256k1_pubkey pk;
    EXPECT_TRUE(secp256k1_ec_pubkey_create(sctx(), &pk, sk.data()));
    Bytes out(33);
    size_t len = 33;
    secp256k1_ec_pubkey_serialize(sctx(), out.data(), &len, &pk, SECP256K1_EC_COMPRESSED);
    return out;
}
Bytes pub65(const Bytes& sk) {
    secp256k1_pubkey pk;
    EXPECT_TRUE(secp256k1_ec_pubkey_create(sctx(), &pk, sk.data()));
    Bytes out(65);
    size_t len = 65;
    secp256k1_ec_pubkey_serialize(sctx(), out.data(), &len, &pk, SECP256K1_EC_UNCOMPRESSED);
    return out;
}
// An x that is no point's x (for keys off the curve), and one >= p.
Bytes x_off_curve(Rng& rng) {
    for (;;) {
        Bytes k = rng.bytes(33);
        k[0] = 0x02;
        Ge p;
        if (api::parse_pubkey(p, k.data(), 33) == FASTSECP_ERR_POINT_NOT_ON_CURVE) return Bytes(k.begin() + 1, k.end());
    }
}

struct DeviceFixture : ::testing::Test {
    static g::Device* dev;
    static fastsecp_ctx* cpu;
    static std::string skip;

    static void open(fastsecp_gpu_backend backend) {
        fastsecp_status st = fastsecp_ctx_create(&cpu, nullptr);
        ASSERT_EQ(st, FASTSECP_OK);
        fastsecp_gpu_device_info info[8];
        const size_t n = g::list_devices(backend, 1, info, 8);
        if (n == 0) {
            skip = backend == FASTSECP_GPU_BACKEND_CUDA ? "no CUDA device (or the library was built without nvcc)"
                                                        : "no OpenCL device (install pocl-opencl-icd)";
            return;
        }
        fastsecp_gpu_options o = FASTSECP_GPU_OPTIONS_INIT;
        o.backend = backend;
        o.device = 0;
        o.include_cpu_devices = 1;
        o.batch_size = 48;
        o.cache_dir = FASTSECP_GPU_TEST_CACHE;
        st = g::open_device(backend, 0, &o, &dev);
        ASSERT_EQ(st, FASTSECP_OK) << "opening " << info[0].name;
        const fastsecp_gpu_device_info* d = g::device_info(dev);
        std::printf("device: %s (%s, %u CUs)\n", d->name, d->platform, d->compute_units);
    }
    static void TearDownTestSuite() {
        g::close_device(dev);
        dev = nullptr;
        fastsecp_ctx_destroy(cpu);
        cpu = nullptr;
    }
    void SetUp() override {
        if (dev == nullptr) GTEST_SKIP() << skip;
    }

    void check_ecmult_gen(const std::vector<Bytes>& scalars) {
        const size_t n = scalars.size();
        Bytes in;
        for (const Bytes& s : scalars) in.insert(in.end(), s.begin(), s.end());
        std::vector<fastsecp_status> r_cpu(n), r_dev(n);
        Bytes o_cpu(33 * n), o_dev(33 * n, 0xAA);
        [[maybe_unused]] fastsecp_status cpu_st = fastsecp_pubkey_create_batch(cpu, r_cpu.data(), o_cpu.data(), in.data(), n);
        size_t done = 0;
        ASSERT_EQ(g::run_ecmult_gen(dev, r_dev.data(), o_dev.data(), in.data(), n, &done), FASTSECP_OK);
        ASSERT_EQ(done, n);
        for (size_t i = 0; i < n; i++) {
            EXPECT_EQ(r_dev[i], r_cpu[i]) << "item " << i;
            EXPECT_EQ(0, std::memcmp(&o_dev[33 * i], &o_cpu[33 * i], 33)) << "item " << i;
        }
    }
    void check_tweak_mul(const std::vector<Bytes>& keys, const Bytes& tweak) {
        const size_t n = keys.size();
        Bytes in;
        for (const Bytes& k : keys) in.insert(in.end(), k.begin(), k.end());
        std::vector<fastsecp_status> r_cpu(n), r_dev(n);
        Bytes o_cpu(33 * n), o_dev(33 * n, 0xAA);
        [[maybe_unused]] fastsecp_status cpu_st = fastsecp_pubkey_tweak_mul_batch(cpu, r_cpu.data(), o_cpu.data(), in.data(), tweak.data(), n);
        size_t done = 0;
        ASSERT_EQ(g::run_tweak_mul(dev, r_dev.data(), o_dev.data(), in.data(), tweak.data(), n, &done), FASTSECP_OK);
        ASSERT_EQ(done, n);
        for (size_t i = 0; i < n; i++) {
            EXPECT_EQ(r_dev[i], r_cpu[i]) << "item " << i;
            EXPECT_EQ(0, std::memcmp(&o_dev[33 * i], &o_cpu[33 * i], 33)) << "item " << i;
        }
    }
};
g::Device* DeviceFixture::dev = nullptr;
fastsecp_ctx* DeviceFixture::cpu = nullptr;
std::string DeviceFixture::skip;

struct OpenCLKernels : DeviceFixture {
    static void SetUpTestSuite() { open(FASTSECP_GPU_BACKEND_OPENCL); }
};
struct CudaKernels : DeviceFixture {
    static void SetUpTestSuite() { open(FASTSECP_GPU_BACKEND_CUDA); }
};

std::vector<Bytes> edge_scalars() {
    std::vector<Bytes> v = {small(0), small(1), small(2), small(3), small(255), small(256), small(0x10000),
                            near(N_BE, -1), near(N_BE, -2), near(N_BE, 0), near(N_BE, 1), Bytes(32, 0xFF),
                            near(P_BE, 0)};
    Bytes top(32, 0);
    top[0] = 0x80;
    v.push_back(top);
    return v;
}

// ---- the tests, run for both backends ------------------------------------------------------------

void ecmult_gen_case(DeviceFixture& f) {
    Rng rng;
    std::vector<Bytes> s = edge_scalars();
    for (int i = 0; i < 150; i++) s.push_back(rng.seckey());
    for (int i = 0; i < 20; i++) {  // sparse scalars: many zero windows
        Bytes b(32, 0);
        b[rng.r() % 32] = (unsigned char)rng.r();
        s.push_back(b);
    }
    f.check_ecmult_gen(s);
}

void tweak_mul_case(DeviceFixture& f) {
    Rng rng;
    std::vector<Bytes> keys;
    for (int i = 0; i < 100; i++) keys.push_back(pub33(rng.seckey()));
    keys.push_back(pub33(small(1)));                     // G
    keys.push_back(pub33(near(N_BE, -1)));               // -G
    Bytes bad = keys[0];
    bad[0] = 0x04;
    keys.push_back(bad);                                 // bad prefix
    Bytes xp(1, 0x02);
    xp.insert(xp.end(), P_BE, P_BE + 32);
    keys.push_back(xp);                                  // x = p
    Bytes off(1, 0x03);
    Bytes ox = x_off_curve(rng);
    off.insert(off.end(), ox.begin(), ox.end());
    keys.push_back(off);                                 // not on the curve
    for (const Bytes& t : {rng.seckey(), small(1), small(2), near(N_BE, -1), small(16), small(15)}) f.check_tweak_mul(keys, t);
    for (const Bytes& t : {small(0), near(N_BE, 0), Bytes(32, 0xFF)}) f.check_tweak_mul(keys, t);  // all fail
    // 0xF...F0 patterns: digits 0 in the lowest windows, 15 elsewhere.
    Bytes t = near(N_BE, -1);
    t[31] &= 0xF0;
    f.check_tweak_mul(keys, t);
}

void schnorr_case(DeviceFixture& f) {
    Rng rng;
    struct Item {
        Bytes sig, msg, key;
    };
    std::vector<Item> v;
    for (int i = 0; i < 60; i++) {
        Bytes sk = rng.seckey();
        secp256k1_keypair kp;
        ASSERT_TRUE(secp256k1_keypair_create(sctx(), &kp, sk.data()));
        secp256k1_xonly_pubkey xk;
        ASSERT_TRUE(secp256k1_keypair_xonly_pub(sctx(), &xk, nullptr, &kp));
        Item it;
        it.key.resize(32);
        secp256k1_xonly_pubkey_serialize(sctx(), it.key.data(), &xk);
        const size_t lens[] = {0, 1, 31, 32, 33, 55, 56, 63, 64, 65, 100, 200};
        it.msg = rng.bytes(lens[i % 12]);
        it.sig.resize(64);
        Bytes aux = rng.bytes(32);
        ASSERT_TRUE(secp256k1_schnorrsig_sign_custom(sctx(), it.sig.data(), it.msg.data(), it.msg.size(), &kp, nullptr));
        v.push_back(it);
        Item bad = it;
        switch (i % 8) {
            case 0: bad.sig[5] ^= 1; break;                                           // r changed
            case 1: bad.sig[40] ^= 0x80; break;                                       // s changed
            case 2: if (!bad.msg.empty()) bad.msg[0] ^= 1; else bad.msg.push_back(0); break;
            case 3: std::copy(P_BE, P_BE + 32, bad.sig.begin()); break;              // r = p
            case 4: std::copy(N_BE, N_BE + 32, bad.sig.begin() + 32); break;         // s = n
            case 5: std::copy(P_BE, P_BE + 32, bad.key.begin()); break;              // key x = p
            case 6: { Bytes x = x_off_curve(rng); std::copy(x.begin(), x.end(), bad.key.begin()); break; }
            case 7: { Bytes x = x_off_curve(rng); std::copy(x.begin(), x.end(), bad.key.begin());
                      std::copy(N_BE, N_BE + 32, bad.sig.begin() + 32); break; }     // both: not on curve wins
        }
        v.push_back(bad);
    }
    std::vector<fastsecp_schnorr_item> items;
    for (const Item& it : v) items.push_back({it.sig.data(), it.msg.empty() ? nullptr : it.msg.data(), it.msg.size(), it.key.data()});
    std::vector<fastsecp_status> r_cpu(items.size()), r_dev(items.size());
    [[maybe_unused]] fastsecp_status cpu_st = fastsecp_schnorr_verify_batch(f.cpu, r_cpu.data(), items.data(), items.size());
    size_t done = 0;
    ASSERT_EQ(g::run_schnorr_verify(f.dev, r_dev.data(), items.data(), items.size(), &done), FASTSECP_OK);
    ASSERT_EQ(done, items.size());
    size_t ok = 0;
    for (size_t i = 0; i < items.size(); i++) {
        EXPECT_EQ(r_dev[i], r_cpu[i]) << "item " << i;
        ok += r_cpu[i] == FASTSECP_OK;
    }
    EXPECT_GE(ok, 60u);  // the valid ones (and a few mutations that stay valid, none expected)
}

void ecdsa_case(DeviceFixture& f) {
    Rng rng;
    struct Item {
        Bytes sig, msg, key;
    };
    std::vector<Item> v;
    for (int i = 0; i < 70; i++) {
        Bytes sk = rng.seckey(), msg = rng.bytes(32);
        if (i == 3) msg = Bytes(32, 0xFF);  // hash >= n: taken mod n
        secp256k1_ecdsa_signature s;
        ASSERT_TRUE(secp256k1_ecdsa_sign(sctx(), &s, msg.data(), sk.data(), nullptr, nullptr));
        Item it;
        it.sig.resize(64);
        secp256k1_ecdsa_signature_serialize_compact(sctx(), it.sig.data(), &s);
        it.msg = msg;
        it.key = i % 3 == 0 ? pub65(sk) : pub33(sk);
        if (i % 3 == 0 && i % 2 == 0) it.key[0] = (unsigned char)(0x06 | (it.key[64] & 1));  // hybrid
        v.push_back(it);
        Item bad = it;
        switch (i % 10) {
            case 0: bad.sig[3] ^= 1; break;
            case 1: bad.msg[31] ^= 1; break;
            case 2: {  // high S: s -> n - s
                int borrow = 0;
                for (int j = 31; j >= 0; j--) {
                    int d = N_BE[j] - bad.sig[32 + j] - borrow;
                    borrow = d < 0;
                    bad.sig[32 + j] = (unsigned char)(d & 255);
                }
                break;
            }
            case 3: std::fill(bad.sig.begin(), bad.sig.begin() + 32, 0); break;       // r = 0
            case 4: std::fill(bad.sig.begin() + 32, bad.sig.end(), 0); break;          // s = 0
            case 5: std::copy(N_BE, N_BE + 32, bad.sig.begin()); break;               // r = n
            case 6: bad.key[0] = bad.key.size() == 65 ? 0x05 : 0x04; break;            // bad prefix
            case 7: bad.key.pop_back(); break;                                         // bad length
            case 8:
                if (bad.key.size() == 65) bad.key[64] ^= 1;                           // off the curve / hybrid parity
                else { Bytes x = x_off_curve(rng); std::copy(x.begin(), x.end(), bad.key.begin() + 1); }
                break;
            case 9:
                if (bad.key.size() == 65) bad.key[0] = (unsigned char)(0x06 | ((bad.key[64] & 1) ^ 1));  // wrong parity
                else std::copy(P_BE, P_BE + 32, bad.key.begin() + 1);
                break;
        }
        v.push_back(bad);
    }
    std::vector<fastsecp_ecdsa_item> items;
    for (const Item& it : v) items.push_back({it.sig.data(), it.msg.data(), it.key.data(), it.key.size()});
    std::vector<fastsecp_status> r_cpu(items.size()), r_dev(items.size());
    [[maybe_unused]] fastsecp_status cpu_st = fastsecp_ecdsa_verify_batch(f.cpu, r_cpu.data(), items.data(), items.size());
    size_t done = 0;
    ASSERT_EQ(g::run_ecdsa_verify(f.dev, r_dev.data(), items.data(), items.size(), &done), FASTSECP_OK);
    ASSERT_EQ(done, items.size());
    size_t ok = 0;
    for (size_t i = 0; i < items.size(); i++) {
        EXPECT_EQ(r_dev[i], r_cpu[i]) << "item " << i;
        ok += r_cpu[i] == FASTSECP_OK;
    }
    EXPECT_GE(ok, 70u);
}

// ---- silent payments -------------------------------------------------------------------------------

Bytes xonly_of(const Gej& p) {
    Ge a;
    ge_set_gej_var(a, p);
    fe_normalize_var(a.x);
    Bytes x(32);
    fe_get_b32(x.data(), a.x);
    return x;
}
Bytes raw64(const Bytes& key33) {  // x || y little-endian
    Ge p;
    EXPECT_EQ(api::parse_pubkey(p, key33.data(), 33), FASTSECP_OK);
    fe_normalize_var(p.x);
    fe_normalize_var(p.y);
    unsigned char x[32], y[32];
    fe_get_b32(x, p.x);
    fe_get_b32(y, p.y);
    Bytes r(64);
    for (int i = 0; i < 32; i++) {
        r[i] = x[31 - i];
        r[32 + i] = y[31 - i];
    }
    return r;
}

// A transaction paying the wallet: outputs P_k (+ label) for k < n_pay, others random.
struct Tx {
    Bytes tweak;
    std::vector<Bytes> outs;
};
Tx make_tx(Rng& rng, const fastsecp_sp_wallet* w, int n_pay, int label_idx, int n_random) {
    Tx tx;
    tx.tweak = pub33(rng.seckey());
    Ge t;
    EXPECT_EQ(api::parse_pubkey(t, tx.tweak.data(), 33), FASTSECP_OK);
    unsigned char ss[33];
    silentpayments::shared_secret(ss, t, w->scan);
    for (int k = 0; k < n_pay; k++) {
        unsigned char h[32];
        silentpayments::output_tweak_hash(h, ss, (uint32_t)k, nullptr);
        Scalar tk;
        EXPECT_TRUE(silentpayments::output_tweak_scalar(tk, h));
        Gej p;
        EXPECT_TRUE(silentpayments::output_point_var(p, w->spend, tk));
        if (label_idx >= 0 && k == n_pay - 1) gej_add_ge_var(p, p, w->labels[(size_t)label_idx].point);
        tx.outs.push_back(xonly_of(p));
    }
    for (int j = 0; j < n_random; j++) tx.outs.insert(tx.outs.begin() + (long)(rng.r() % (tx.outs.size() + 1)), rng.bytes(32));
    return tx;
}

void prefilter_case(DeviceFixture& f, bool with_labels) {
    Rng rng;
    Bytes scan = rng.seckey(), spend = pub33(rng.seckey());
    const unsigned int labels[] = {0, 1, 7};
    fastsecp_sp_wallet* w = nullptr;
    ASSERT_EQ(fastsecp_sp_wallet_create(f.cpu, &w, scan.data(), spend.data(), labels, with_labels ? 3 : 0), FASTSECP_OK);
    std::vector<Tx> txs;
    for (int i = 0; i < 90; i++) txs.push_back(make_tx(rng, w, i % 3 == 0 ? 1 : 0, with_labels && i % 6 == 0 ? (i / 6) % 3 : -1, 1 + i % 3));
    std::vector<Bytes> tweaks;
    std::vector<std::vector<uint64_t>> pre(txs.size());
    std::vector<fastsecp_sp_prefilter_item> items;
    for (size_t i = 0; i < txs.size(); i++) {
        tweaks.push_back(i % 2 ? raw64(txs[i].tweak) : txs[i].tweak);
        for (const Bytes& o : txs[i].outs) {
            uint64_t v = 0;
            for (int b = 0; b < 8; b++) v = v << 8 | o[b];
            pre[i].push_back(v);
        }
    }
    // Bad tweaks: wrong length, x >= p, off the curve, raw y wrong, NULL prefixes with n = 0.
    tweaks[1].pop_back();
    std::copy(P_BE, P_BE + 32, tweaks[2].begin() + 1);
    { Bytes x = x_off_curve(rng); std::copy(x.begin(), x.end(), tweaks[4].begin() + 1); }
    tweaks[5][40] ^= 1;
    pre[7].clear();
    for (size_t i = 0; i < txs.size(); i++)
        items.push_back({tweaks[i].data(), tweaks[i].size(), pre[i].empty() ? nullptr : pre[i].data(), pre[i].size()});
    std::vector<fastsecp_status> r_cpu(items.size()), r_dev(items.size());
    Bytes m_cpu(items.size()), m_dev(items.size(), 7);
    [[maybe_unused]] fastsecp_status cpu_st = fastsecp_sp_scan_prefilter_items(f.cpu, w, r_cpu.data(), m_cpu.data(), items.data(), items.size(), 0);
    size_t done = 0;
    ASSERT_EQ(g::run_sp_prefilter(f.dev, w, r_dev.data(), m_dev.data(), items.data(), items.size(), &done), FASTSECP_OK);
    ASSERT_EQ(done, items.size());
    size_t maybes = 0;
    for (size_t i = 0; i < items.size(); i++) {
        EXPECT_EQ(r_dev[i], r_cpu[i]) << "item " << i;
        EXPECT_EQ(m_dev[i], m_cpu[i]) << "item " << i;
        maybes += m_cpu[i];
    }
    EXPECT_GE(maybes, with_labels ? 30u : 25u);
    fastsecp_sp_wallet_destroy(w);
}

int collect(void* user, const fastsecp_sp_match* m) {
    static_cast<std::vector<fastsecp_sp_match>*>(user)->push_back(*m);
    return 1;
}

void scan_case(DeviceFixture& f) {
    Rng rng;
    Bytes scan = rng.seckey(), spend = pub33(rng.seckey());
    const unsigned int labels[] = {0, 3};
    fastsecp_sp_wallet* w = nullptr;
    ASSERT_EQ(fastsecp_sp_wallet_create(f.cpu, &w, scan.data(), spend.data(), labels, 2), FASTSECP_OK);
    std::vector<Tx> txs;
    for (int i = 0; i < 80; i++) txs.push_back(make_tx(rng, w, i % 4 == 0 ? 1 + i % 3 : 0, i % 8 == 0 ? (i / 8) % 2 : -1, i % 3));
    std::vector<Bytes> outs(txs.size());
    std::vector<fastsecp_sp_item> items;
    for (size_t i = 0; i < txs.size(); i++) {
        for (const Bytes& o : txs[i].outs) outs[i].insert(outs[i].end(), o.begin(), o.end());
        if (i == 5 && !outs[i].empty()) std::copy(P_BE, P_BE + 32, outs[i].begin());  // an output x >= p: skipped
        items.push_back({txs[i].tweak.data(), outs[i].empty() ? nullptr : outs[i].data(), txs[i].outs.size()});
    }
    txs[9].tweak[0] = 0x05;                                          // bad prefix
    { Bytes x = x_off_curve(rng); std::copy(x.begin(), x.end(), txs[10].tweak.begin() + 1); }
    std::vector<fastsecp_status> r_cpu(items.size()), r_dev(items.size());
    std::vector<fastsecp_sp_match> m_cpu(400), m_dev;
    size_t nm = 0;
    [[maybe_unused]] fastsecp_status cpu_st = fastsecp_sp_scan(f.cpu, w, r_cpu.data(), items.data(), items.size(), m_cpu.data(), m_cpu.size(), &nm, 0);
    m_cpu.resize(nm);
    size_t done = 0;
    ASSERT_EQ(g::run_sp_scan(f.dev, f.cpu, w, 0, r_dev.data(), items.data(), items.size(), collect, &m_dev, &done), FASTSECP_OK);
    ASSERT_EQ(done, items.size());
    for (size_t i = 0; i < items.size(); i++) EXPECT_EQ(r_dev[i], r_cpu[i]) << "item " << i;
    ASSERT_EQ(m_dev.size(), m_cpu.size());
    EXPECT_GE(m_cpu.size(), 30u);
    for (size_t i = 0; i < m_cpu.size(); i++) {
        EXPECT_EQ(m_dev[i].item, m_cpu[i].item);
        EXPECT_EQ(m_dev[i].output, m_cpu[i].output);
        EXPECT_EQ(m_dev[i].k, m_cpu[i].k);
        EXPECT_EQ(m_dev[i].has_label, m_cpu[i].has_label);
        EXPECT_EQ(m_dev[i].label, m_cpu[i].label);
        EXPECT_EQ(0, std::memcmp(m_dev[i].spend_tweak32, m_cpu[i].spend_tweak32, 32));
    }
    fastsecp_sp_wallet_destroy(w);
}

// The receiving cases of the BIP-352 vectors (their given tweak): run_sp_scan finds the expected
// outputs with the expected spend tweaks and equals fastsecp_sp_scan; run_sp_prefilter with the
// outputs' 8-byte prefixes equals fastsecp_sp_scan_prefilter_items.
void bip352_vectors_case(DeviceFixture& f) {
    const json::Value v = json::parse_file(std::string(FASTSECP_VECTORS_DIR) + "/bip-0352/send_and_receive_test_vectors.json");
    int scanned = 0;
    for (const auto& c : v)
        for (const auto& r : c.at("receiving")) {
            SCOPED_TRACE(c.at("comment").get<std::string>());
            const auto& given = r.at("given");
            const auto& expected = r.at("expected");
            if (expected.at("tweak").is_null()) continue;
            Bytes scan_sk = test::from_hex(given.at("key_material").at("scan_priv_key").get<std::string>());
            Bytes spend_sk = test::from_hex(given.at("key_material").at("spend_priv_key").get<std::string>());
            Bytes spend33 = pub33(spend_sk);
            std::vector<unsigned> labels;
            for (const auto& m : given.at("labels")) labels.push_back((unsigned)m.get<long long>());
            Bytes outputs;
            std::vector<uint64_t> prefixes;
            for (const auto& o : given.at("outputs")) {
                Bytes x = test::from_hex(o.get<std::string>());
                outputs.insert(outputs.end(), x.begin(), x.end());
                uint64_t p = 0;
                for (int b = 0; b < 8; b++) p = p << 8 | x[b];
                prefixes.push_back(p);
            }
            Bytes tweak = test::from_hex(expected.at("tweak").get<std::string>());
            fastsecp_sp_wallet* w = nullptr;
            ASSERT_EQ(fastsecp_sp_wallet_create(f.cpu, &w, scan_sk.data(), spend33.data(), labels.data(), labels.size()),
                      FASTSECP_OK);
            fastsecp_sp_item item{tweak.data(), outputs.empty() ? nullptr : outputs.data(), outputs.size() / 32};
            fastsecp_status r_cpu = FASTSECP_STATUS_MAX_ENUM, r_dev = FASTSECP_STATUS_MAX_ENUM;
            std::vector<fastsecp_sp_match> m_cpu(item.n_outputs + 1), m_dev;
            size_t nm = 0, done = 0;
            [[maybe_unused]] fastsecp_status cpu_st =
                fastsecp_sp_scan(f.cpu, w, &r_cpu, &item, 1, m_cpu.data(), m_cpu.size(), &nm, 0);
            m_cpu.resize(nm);
            ASSERT_EQ(g::run_sp_scan(f.dev, f.cpu, w, 0, &r_dev, &item, 1, collect, &m_dev, &done), FASTSECP_OK);
            EXPECT_EQ(r_dev, FASTSECP_OK);
            EXPECT_EQ(r_dev, r_cpu);
            ASSERT_EQ(m_dev.size(), m_cpu.size());
            std::map<std::string, std::string> have;
            for (size_t i = 0; i < m_dev.size(); i++) {
                EXPECT_EQ(m_dev[i].output, m_cpu[i].output);
                EXPECT_EQ(m_dev[i].k, m_cpu[i].k);
                EXPECT_EQ(0, std::memcmp(m_dev[i].spend_tweak32, m_cpu[i].spend_tweak32, 32));
                have[test::to_hex(outputs.data() + 32 * m_dev[i].output, 32)] = test::to_hex(m_dev[i].spend_tweak32, 32);
            }
            if (expected.contains("n_outputs")) {
                EXPECT_EQ((long long)m_dev.size(), expected.at("n_outputs").get<long long>());
            } else {
                std::map<std::string, std::string> want;
                for (const auto& o : expected.at("outputs"))
                    want[o.at("pub_key").get<std::string>()] = o.at("priv_key_tweak").get<std::string>();
                EXPECT_EQ(have, want);
            }
            fastsecp_sp_prefilter_item pi{tweak.data(), 33, prefixes.empty() ? nullptr : prefixes.data(), prefixes.size()};
            unsigned char mc = 9, md = 9;
            cpu_st = fastsecp_sp_scan_prefilter_items(f.cpu, w, &r_cpu, &mc, &pi, 1, 0);
            ASSERT_EQ(g::run_sp_prefilter(f.dev, w, &r_dev, &md, &pi, 1, &done), FASTSECP_OK);
            EXPECT_EQ(r_dev, r_cpu);
            EXPECT_EQ(md, mc);
            fastsecp_sp_wallet_destroy(w);
            scanned++;
        }
    EXPECT_GT(scanned, 20);
}

}  // namespace

#define BOTH(name, body)                        \
    TEST_F(OpenCLKernels, name) { body(*this); } \
    TEST_F(CudaKernels, name) { body(*this); }

BOTH(EcmultGenMatchesCpu, ecmult_gen_case)
BOTH(TweakMulMatchesCpu, tweak_mul_case)
BOTH(SchnorrVerifyMatchesCpu, schnorr_case)
BOTH(EcdsaVerifyMatchesCpu, ecdsa_case)
void prefilter_no_labels(DeviceFixture& f) { prefilter_case(f, false); }
void prefilter_labels(DeviceFixture& f) { prefilter_case(f, true); }
BOTH(SpPrefilterMatchesCpu, prefilter_no_labels)
BOTH(SpPrefilterWithLabelsMatchesCpu, prefilter_labels)
BOTH(SpScanMatchesCpu, scan_case)
BOTH(Bip352VectorsMatchCpuAndExpected, bip352_vectors_case)

TEST(GpuDevices, ListingWithoutCpuDevicesNeverShowsThem) {
    fastsecp_gpu_device_info info[16];
    const size_t n = g::list_devices(FASTSECP_GPU_BACKEND_OPENCL, 0, info, 16);
    for (size_t i = 0; i < n && i < 16; i++) EXPECT_EQ(info[i].is_cpu, 0) << info[i].name;
    EXPECT_EQ(g::list_devices(FASTSECP_GPU_BACKEND_CPU, 1, info, 16), 0u);
}
