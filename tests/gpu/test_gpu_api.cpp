// fastsecp_gpu.h's public side: contexts and their option checks, device lists, NO_DEVICE for
// explicit backends without devices, and every batch call compared byte for byte (outputs, per-item
// codes, return values, matches) with its fastsecp.h counterpart on random and bad inputs, through:
//  - the CPU backend;
//  - simulated devices (src/gpu/testing.h: they compute with the CPU engine through the device
//    paths, and fail on purpose after some items), alone and several splitting one batch, so the
//    split, the NULL-item compaction, the match sink and the CPU fallback are tested without a GPU;
//  - the OpenCL backend with CPU devices allowed (PoCL), skipped where no OpenCL device exists.
#include <fastsecp.h>
#include <fastsecp_gpu.h>
#include <gtest/gtest.h>
#include <secp256k1.h>
#include <secp256k1_extrakeys.h>
#include <secp256k1_schnorrsig.h>

#include <cstring>
#include <memory>
#include <ostream>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "gpu/testing.h"

namespace {

using Bytes = std::vector<unsigned char>;

const unsigned char ORDER[32] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                 0xff, 0xff, 0xff, 0xff, 0xfe, 0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48,
                                 0xa0, 0x3b, 0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x41};

struct GpuCtxDeleter {
    void operator()(fastsecp_gpu_ctx* c) const { fastsecp_gpu_ctx_destroy(c); }
};
struct CtxDeleter {
    void operator()(fastsecp_ctx* c) const { fastsecp_ctx_destroy(c); }
};
struct WalletDeleter {
    void operator()(fastsecp_sp_wallet* w) const { fastsecp_sp_wallet_destroy(w); }
};
using GpuCtx = std::unique_ptr<fastsecp_gpu_ctx, GpuCtxDeleter>;
using Ctx = std::unique_ptr<fastsecp_ctx, CtxDeleter>;
using Wallet = std::unique_ptr<fastsecp_sp_wallet, WalletDeleter>;

secp256k1_context* sctx() {
    static secp256k1_context* c = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
    return c;
}

Bytes random_bytes(std::mt19937_64& rng, size_t n) {
    Bytes b(n);
    for (auto& x : b) x = (unsigned char)rng();
    return b;
}

Bytes seckey(std::mt19937_64& rng) {
    for (;;) {
        Bytes k = random_bytes(rng, 32);
        if (secp256k1_ec_seckey_verify(sctx(), k.data())) return k;
    }
}

Bytes ser33(const secp256k1_pubkey& p) {
    Bytes o(33);
    size_t len = 33;
    secp256k1_ec_pubkey_serialize(sctx(), o.data(), &len, &p, SECP256K1_EC_COMPRESSED);
    return o;
}

secp256k1_pubkey pub_of(const Bytes& k) {
    secp256k1_pubkey p;
    EXPECT_EQ(secp256k1_ec_pubkey_create(sctx(), &p, k.data()), 1);
    return p;
}

// 64 bytes x || y, each little-endian (the "raw" encoding of fastsecp_sp_prefilter_item).
Bytes raw64(const secp256k1_pubkey& p) {
    unsigned char u[65];
    size_t len = 65;
    secp256k1_ec_pubkey_serialize(sctx(), u, &len, &p, SECP256K1_EC_UNCOMPRESSED);
    Bytes o(64);
    for (int i = 0; i < 32; i++) o[i] = u[32 - i], o[32 + i] = u[64 - i];
    return o;
}

// ---- The engines under test -------------------------------------------------------------------

struct Engine {
    const char* name;
    fastsecp_gpu_backend backend;
    std::vector<std::pair<unsigned, size_t>> simulated;  // (compute units, fail after)
};

void PrintTo(const Engine& e, std::ostream* os) { *os << e.name; }

const Engine ENGINES[] = {
    {"cpu", FASTSECP_GPU_BACKEND_CPU, {}},
    {"sim_one", FASTSECP_GPU_BACKEND_CPU, {{4, SIZE_MAX}}},
    {"sim_one_fails", FASTSECP_GPU_BACKEND_CPU, {{4, 7}}},
    {"sim_three", FASTSECP_GPU_BACKEND_CPU, {{1, SIZE_MAX}, {3, SIZE_MAX}, {2, SIZE_MAX}}},
    {"sim_three_fail", FASTSECP_GPU_BACKEND_CPU, {{2, 0}, {3, 5}, {1, SIZE_MAX}}},
    {"opencl", FASTSECP_GPU_BACKEND_OPENCL, {}},
};

class GpuApi : public ::testing::TestWithParam<Engine> {
protected:
    void SetUp() override {
        const Engine& e = GetParam();
        fastsecp_gpu_options o = FASTSECP_GPU_OPTIONS_INIT;
        o.backend = e.backend;
        o.include_cpu_devices = 1;
        o.cpu_threads = 2;
        fastsecp_gpu_ctx* c = nullptr;
        const fastsecp_status st = fastsecp_gpu_ctx_create(&c, &o);
        if (e.backend == FASTSECP_GPU_BACKEND_OPENCL && st == FASTSECP_ERR_NO_DEVICE)
            GTEST_SKIP() << "no OpenCL device on this machine";
        ASSERT_EQ(st, FASTSECP_OK);
        gpu.reset(c);
        for (auto& s : e.simulated)
            ASSERT_EQ(fastsecp::gpu::testing::add_simulated_device(c, s.first, s.second), FASTSECP_OK);
        fastsecp_ctx* r = nullptr;
        ASSERT_EQ(fastsecp_ctx_create(&r, nullptr), FASTSECP_OK);
        ref.reset(r);
    }
    GpuCtx gpu;
    Ctx ref;
    std::mt19937_64 rng{0x6770755f617069ull};
};

// ---- k·G and k·P ----------------------------------------------------------------------------

TEST_P(GpuApi, EcmultGenEqualsPubkeyCreate) {
    for (size_t n : {0, 1, 3, 50, 203}) {
        Bytes sc = random_bytes(rng, 32 * n);
        if (n >= 3) {
            std::memset(&sc[0], 0, 32);                 // zero
            std::memcpy(&sc[32], ORDER, 32);            // n
            std::memcpy(&sc[64], ORDER, 32), sc[95]--;  // n - 1
        }
        if (n >= 50) std::memset(&sc[32 * 10], 0xff, 32);
        std::vector<fastsecp_status> r1(n, FASTSECP_STATUS_MAX_ENUM), r2(n, FASTSECP_STATUS_MAX_ENUM);
        Bytes o1(33 * n, 0xaa), o2(33 * n, 0x55);
        const fastsecp_status s1 = fastsecp_gpu_ecmult_gen_batch(gpu.get(), r1.data(), o1.data(), sc.data(), n);
        const fastsecp_status s2 = fastsecp_pubkey_create_batch(ref.get(), r2.data(), o2.data(), sc.data(), n);
        EXPECT_EQ(s1, s2);
        EXPECT_EQ(r1, r2);
        EXPECT_EQ(o1, o2);
        if (n >= 3) EXPECT_EQ(s1, FASTSECP_ERR_ITEM_FAILED);
    }
}

TEST_P(GpuApi, TweakMulEqualsCpu) {
    const size_t n = 120;
    Bytes keys;
    for (size_t i = 0; i < n; i++) {
        Bytes k = ser33(pub_of(seckey(rng)));
        if (i % 17 == 3) k[0] = 0x05;                       // bad prefix
        if (i % 17 == 5) std::memset(&k[1], 0xff, 32);      // x >= p
        if (i % 17 == 9) k[1] ^= 1, k[32] ^= 0x40;          // likely no curve point
        keys.insert(keys.end(), k.begin(), k.end());
    }
    Bytes zero(32, 0), order(ORDER, ORDER + 32);
    for (const Bytes& tweak : {seckey(rng), seckey(rng), zero, order}) {
        std::vector<fastsecp_status> r1(n), r2(n);
        Bytes o1(33 * n, 1), o2(33 * n, 2);
        EXPECT_EQ(fastsecp_gpu_pubkey_tweak_mul_batch(gpu.get(), r1.data(), o1.data(), keys.data(), tweak.data(), n),
                  fastsecp_pubkey_tweak_mul_batch(ref.get(), r2.data(), o2.data(), keys.data(), tweak.data(), n));
        EXPECT_EQ(r1, r2);
        EXPECT_EQ(o1, o2);
    }
}

// ---- Verification ---------------------------------------------------------------------------

TEST_P(GpuApi, SchnorrVerifyEqualsCpu) {
    const size_t n = 90;
    std::vector<Bytes> sigs(n), msgs(n), keys(n);
    for (size_t i = 0; i < n; i++) {
        secp256k1_keypair kp;
        Bytes sk = seckey(rng);
        ASSERT_EQ(secp256k1_keypair_create(sctx(), &kp, sk.data()), 1);
        secp256k1_xonly_pubkey xp;
        secp256k1_keypair_xonly_pub(sctx(), &xp, nullptr, &kp);
        keys[i].resize(32);
        secp256k1_xonly_pubkey_serialize(sctx(), keys[i].data(), &xp);
        msgs[i] = random_bytes(rng, i % 5 == 0 ? 0 : 1 + i % 70);
        sigs[i].resize(64);
        ASSERT_EQ(secp256k1_schnorrsig_sign_custom(sctx(), sigs[i].data(), msgs[i].data(), msgs[i].size(), &kp, nullptr), 1);
        switch (i % 9) {
        case 1: sigs[i][40] ^= 1; break;                            // wrong signature
        case 2: std::memset(sigs[i].data() + 32, 0xff, 32); break;  // s >= n
        case 3: std::memset(sigs[i].data(), 0xff, 32); break;       // r >= p
        case 4: std::memset(keys[i].data(), 0xff, 32); break;       // key x >= p
        case 5: keys[i][31] ^= 1; break;                            // wrong (or no) key
        default: break;
        }
    }
    std::vector<fastsecp_schnorr_item> items(n);
    for (size_t i = 0; i < n; i++)
        items[i] = {sigs[i].data(), msgs[i].empty() ? nullptr : msgs[i].data(), msgs[i].size(), keys[i].data()};
    items[7].sig64 = nullptr;
    items[20].xonly_pubkey32 = nullptr;
    items[21].msg = nullptr;  // msglen > 0: a NULL item
    std::vector<fastsecp_status> r1(n), r2(n);
    EXPECT_EQ(fastsecp_gpu_schnorr_verify_batch(gpu.get(), r1.data(), items.data(), n),
              fastsecp_schnorr_verify_batch(ref.get(), r2.data(), items.data(), n));
    EXPECT_EQ(r1, r2);
    EXPECT_EQ(r1[7], FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(r1[0], FASTSECP_OK);
    // All valid: OK.
    std::vector<fastsecp_schnorr_item> good;
    for (size_t i = 0; i < n; i += 9) good.push_back(items[i]);
    std::vector<fastsecp_status> rg(good.size());
    EXPECT_EQ(fastsecp_gpu_schnorr_verify_batch(gpu.get(), rg.data(), good.data(), good.size()), FASTSECP_OK);
}

TEST_P(GpuApi, EcdsaVerifyEqualsCpu) {
    const size_t n = 90;
    std::vector<Bytes> sigs(n), hashes(n), keys(n);
    for (size_t i = 0; i < n; i++) {
        Bytes sk = seckey(rng);
        hashes[i] = random_bytes(rng, 32);
        secp256k1_ecdsa_signature sig;
        ASSERT_EQ(secp256k1_ecdsa_sign(sctx(), &sig, hashes[i].data(), sk.data(), nullptr, nullptr), 1);
        sigs[i].resize(64);
        secp256k1_ecdsa_signature_serialize_compact(sctx(), sigs[i].data(), &sig);
        secp256k1_pubkey pk = pub_of(sk);
        keys[i] = ser33(pk);
        switch (i % 8) {
        case 1: hashes[i][0] ^= 1; break;                    // wrong hash
        case 2: {                                            // high S: s -> n - s
            secp256k1_ecdsa_signature s2;
            secp256k1_ecdsa_signature_parse_compact(sctx(), &s2, sigs[i].data());
            Bytes s(sigs[i].begin() + 32, sigs[i].end());
            ASSERT_EQ(secp256k1_ec_seckey_negate(sctx(), s.data()), 1);
            std::memcpy(sigs[i].data() + 32, s.data(), 32);
            break;
        }
        case 3: std::memcpy(sigs[i].data(), ORDER, 32); break;  // r = n
        case 4: keys[i][0] = 0x07; break;                       // bad prefix
        case 5: {                                               // uncompressed key
            unsigned char u[65];
            size_t len = 65;
            secp256k1_ec_pubkey_serialize(sctx(), u, &len, &pk, SECP256K1_EC_UNCOMPRESSED);
            keys[i].assign(u, u + 65);
            break;
        }
        case 6: std::memset(sigs[i].data() + 32, 0, 32); break;  // s = 0
        default: break;
        }
    }
    std::vector<fastsecp_ecdsa_item> items(n);
    for (size_t i = 0; i < n; i++) items[i] = {sigs[i].data(), hashes[i].data(), keys[i].data(), keys[i].size()};
    items[9].pubkey = nullptr;
    items[10].msghash32 = nullptr;
    items[11].pubkeylen = 12;
    std::vector<fastsecp_status> r1(n), r2(n);
    EXPECT_EQ(fastsecp_gpu_ecdsa_verify_batch(gpu.get(), r1.data(), items.data(), n),
              fastsecp_ecdsa_verify_batch(ref.get(), r2.data(), items.data(), n));
    EXPECT_EQ(r1, r2);
    EXPECT_EQ(r1[0], FASTSECP_OK);
    EXPECT_EQ(r1[9], FASTSECP_ERR_INVALID_ARGUMENT);
}

// ---- Silent payments ------------------------------------------------------------------------

// BIP-352 by hand with the libsecp256k1 API: the shared secret b·T and the output keys
// P_k = B + t_k·G (+ label), t_k = hash_BIP0352/SharedSecret(ser(b·T) || ser32(k)).
struct Sp {
    Bytes scan = Bytes(32), spend_sec;
    secp256k1_pubkey spend;
    explicit Sp(std::mt19937_64& rng) : scan(seckey(rng)), spend_sec(seckey(rng)), spend(pub_of(spend_sec)) {}
    static Bytes tagged(const char* tag, const Bytes& msg) {
        Bytes h(32);
        secp256k1_tagged_sha256(sctx(), h.data(), reinterpret_cast<const unsigned char*>(tag), std::strlen(tag),
                                msg.data(), msg.size());
        return h;
    }
    static Bytes ser32(unsigned k) {
        return {(unsigned char)(k >> 24), (unsigned char)(k >> 16), (unsigned char)(k >> 8), (unsigned char)k};
    }
    secp256k1_pubkey label_point(unsigned m) const {
        Bytes msg = scan, s = ser32(m);
        msg.insert(msg.end(), s.begin(), s.end());
        return pub_of(tagged("BIP0352/Label", msg));
    }
    // P_k (+ label m when m >= 0).
    secp256k1_pubkey output(const secp256k1_pubkey& tweak, unsigned k, long long m = -1) const {
        secp256k1_pubkey shared = tweak;
        EXPECT_EQ(secp256k1_ec_pubkey_tweak_mul(sctx(), &shared, scan.data()), 1);
        Bytes msg = ser33(shared), s = ser32(k);
        msg.insert(msg.end(), s.begin(), s.end());
        Bytes t = tagged("BIP0352/SharedSecret", msg);
        secp256k1_pubkey p = spend;
        EXPECT_EQ(secp256k1_ec_pubkey_tweak_add(sctx(), &p, t.data()), 1);
        if (m >= 0) {
            secp256k1_pubkey l = label_point((unsigned)m), sum;
            const secp256k1_pubkey* two[2] = {&p, &l};
            EXPECT_EQ(secp256k1_ec_pubkey_combine(sctx(), &sum, two, 2), 1);
            p = sum;
        }
        return p;
    }
    static Bytes xonly(const secp256k1_pubkey& p) {
        Bytes s = ser33(p);
        return Bytes(s.begin() + 1, s.end());
    }
    static uint64_t prefix(const secp256k1_pubkey& p) {
        Bytes x = xonly(p);
        uint64_t v = 0;
        for (int i = 0; i < 8; i++) v = v << 8 | x[i];
        return v;
    }
};

TEST_P(GpuApi, PrefilterEqualsCpu) {
    Sp sp(rng);
    const std::vector<unsigned> labels = {0, 3};
    Bytes spend33 = ser33(sp.spend);
    std::vector<Bytes> lpts;
    for (unsigned m : labels) lpts.push_back(raw64(sp.label_point(m)));
    std::vector<const unsigned char*> lp;
    std::vector<size_t> ll;
    for (auto& b : lpts) lp.push_back(b.data()), ll.push_back(b.size());
    fastsecp_sp_wallet* w = nullptr;
    ASSERT_EQ(fastsecp_sp_wallet_create_from_points(ref.get(), &w, sp.scan.data(), spend33.data(), 33, lp.data(),
                                                    ll.data(), lp.size(), nullptr),
              FASTSECP_OK);
    Wallet wallet(w);
    const size_t n = 150;
    std::vector<Bytes> tweaks(n);
    std::vector<std::vector<uint64_t>> prefixes(n);
    for (size_t i = 0; i < n; i++) {
        secp256k1_pubkey t = pub_of(seckey(rng));
        tweaks[i] = i % 2 ? raw64(t) : ser33(t);
        for (size_t j = 0; j < i % 4; j++) prefixes[i].push_back(rng());
        if (i % 5 == 1) prefixes[i].push_back(Sp::prefix(sp.output(t, 0)));
        if (i % 7 == 2) prefixes[i].insert(prefixes[i].begin(), Sp::prefix(sp.output(t, 0, 3)));
        if (i % 11 == 4) prefixes[i].push_back(Sp::prefix(sp.output(t, 1)));  // k = 1: not a pre-filter hit
        if (i % 13 == 6) tweaks[i][5] ^= 0x10;                             // off the curve (or bad)
        if (i % 13 == 7) tweaks[i].resize(40);                             // bad length
    }
    std::vector<fastsecp_sp_prefilter_item> items(n);
    for (size_t i = 0; i < n; i++)
        items[i] = {tweaks[i].data(), tweaks[i].size(), prefixes[i].empty() ? nullptr : prefixes[i].data(),
                    prefixes[i].size()};
    items[8].tweak = nullptr;
    items[9].prefixes = nullptr, items[9].n_prefixes = 2;
    std::vector<fastsecp_status> r1(n), r2(n);
    Bytes m1(n, 7), m2(n, 9);
    for (unsigned flags : {FASTSECP_SP_SCAN_DEFAULT, FASTSECP_SP_SCAN_VARTIME}) {
        EXPECT_EQ(fastsecp_gpu_sp_scan_prefilter_items(gpu.get(), wallet.get(), r1.data(), m1.data(), items.data(), n, flags),
                  fastsecp_sp_scan_prefilter_items(ref.get(), wallet.get(), r2.data(), m2.data(), items.data(), n, flags));
        EXPECT_EQ(r1, r2);
        EXPECT_EQ(m1, m2);
    }
    EXPECT_EQ(m1[1], 1);
    EXPECT_EQ(r1[8], FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(m1[8], 0);
    // The wallet and flags are checked as in fastsecp.h.
    EXPECT_EQ(fastsecp_gpu_sp_scan_prefilter_items(gpu.get(), nullptr, r1.data(), m1.data(), items.data(), n, 0),
              FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(r1[0], FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(fastsecp_gpu_sp_scan_prefilter_items(gpu.get(), wallet.get(), r1.data(), m1.data(), items.data(), n, 6),
              FASTSECP_ERR_INVALID_ARGUMENT);
}

TEST_P(GpuApi, SpScanEqualsCpu) {
    Sp sp(rng);
    const std::vector<unsigned> labels = {0, 1, 5};
    Bytes spend33 = ser33(sp.spend);
    fastsecp_sp_wallet* w = nullptr;
    ASSERT_EQ(fastsecp_sp_wallet_create(ref.get(), &w, sp.scan.data(), spend33.data(), labels.data(), labels.size()),
              FASTSECP_OK);
    Wallet wallet(w);
    const size_t n = 120;
    std::vector<Bytes> tweaks(n), outs(n);
    size_t planted = 0;
    for (size_t i = 0; i < n; i++) {
        secp256k1_pubkey t = pub_of(seckey(rng));
        tweaks[i] = ser33(t);
        auto add = [&](const Bytes& x) { outs[i].insert(outs[i].end(), x.begin(), x.end()); };
        for (size_t j = 0; j < i % 3; j++) add(random_bytes(rng, 32));
        if (i % 4 == 1) add(Sp::xonly(sp.output(t, 0))), planted++;
        if (i % 8 == 1) add(Sp::xonly(sp.output(t, 1, 5))), planted++;  // k = 1 through label 5
        if (i % 6 == 2) add(Sp::xonly(sp.output(t, 0, 0))), planted++;  // the change label
        if (i % 10 == 3) add(Bytes(32, 0xff));                          // not an x-only key
        if (i % 19 == 5) tweaks[i][0] = 0x04;                           // bad tweak encoding
    }
    std::vector<fastsecp_sp_item> items(n);
    for (size_t i = 0; i < n; i++)
        items[i] = {tweaks[i].data(), outs[i].empty() ? nullptr : outs[i].data(), outs[i].size() / 32};
    items[12].tweak33 = nullptr;
    items[13].outputs32 = nullptr, items[13].n_outputs = 1;
    auto compare = [&](size_t cap, unsigned flags) {
        std::vector<fastsecp_status> r1(n), r2(n);
        std::vector<fastsecp_sp_match> m1(cap + 1), m2(cap + 1);
        std::memset(m1.data(), 0x11, m1.size() * sizeof m1[0]);
        std::memset(m2.data(), 0x11, m2.size() * sizeof m2[0]);
        size_t n1 = 99, n2 = 77;
        const fastsecp_status s1 =
            fastsecp_gpu_sp_scan(gpu.get(), wallet.get(), r1.data(), items.data(), n, m1.data(), cap, &n1, flags);
        const fastsecp_status s2 =
            fastsecp_sp_scan(ref.get(), wallet.get(), r2.data(), items.data(), n, m2.data(), cap, &n2, flags);
        EXPECT_EQ(s1, s2);
        EXPECT_EQ(r1, r2);
        EXPECT_EQ(n1, n2);
        EXPECT_EQ(std::memcmp(m1.data(), m2.data(), m1.size() * sizeof m1[0]), 0);
        return n1;
    };
    const size_t found = compare(200, FASTSECP_SP_SCAN_DEFAULT);
    EXPECT_GE(found, planted - 8);  // all but those of the bad-tweak and NULL items
    compare(200, FASTSECP_SP_SCAN_VARTIME);
    compare(found / 2, FASTSECP_SP_SCAN_DEFAULT);  // BUFFER_TOO_SMALL, the first half written
    compare(0, FASTSECP_SP_SCAN_DEFAULT);
    // A wallet from label points cannot scan; NULL n_matches; matches NULL with a capacity.
    std::vector<fastsecp_status> r(n);
    size_t nm = 5;
    Bytes l = raw64(sp.label_point(1));
    const unsigned char* lp[1] = {l.data()};
    const size_t ll[1] = {64};
    fastsecp_sp_wallet* pw = nullptr;
    ASSERT_EQ(fastsecp_sp_wallet_create_from_points(ref.get(), &pw, sp.scan.data(), spend33.data(), 33, lp, ll, 1, nullptr),
              FASTSECP_OK);
    Wallet points_wallet(pw);
    fastsecp_sp_match mm[4];
    EXPECT_EQ(fastsecp_gpu_sp_scan(gpu.get(), points_wallet.get(), r.data(), items.data(), n, mm, 4, &nm, 0),
              FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(nm, 0u);
    EXPECT_EQ(r[n - 1], FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(fastsecp_gpu_sp_scan(gpu.get(), wallet.get(), r.data(), items.data(), n, mm, 4, nullptr, 0),
              FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(fastsecp_gpu_sp_scan(gpu.get(), wallet.get(), r.data(), items.data(), n, nullptr, 4, &nm, 0),
              FASTSECP_ERR_INVALID_ARGUMENT);
}

// ---- Arguments, counters, threads -----------------------------------------------------------

TEST_P(GpuApi, NullArguments) {
    fastsecp_status r[3] = {FASTSECP_OK, FASTSECP_OK, FASTSECP_OK};
    unsigned char out[99], in[99] = {0};
    EXPECT_EQ(fastsecp_gpu_ecmult_gen_batch(nullptr, r, out, in, 3), FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(r[2], FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(fastsecp_gpu_ecmult_gen_batch(gpu.get(), r, nullptr, in, 3), FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(fastsecp_gpu_ecmult_gen_batch(gpu.get(), nullptr, nullptr, nullptr, 0), FASTSECP_OK);
    EXPECT_EQ(fastsecp_gpu_pubkey_tweak_mul_batch(gpu.get(), r, out, in, nullptr, 3), FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(fastsecp_gpu_schnorr_verify_batch(gpu.get(), r, nullptr, 3), FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(fastsecp_gpu_ecdsa_verify_batch(gpu.get(), nullptr, nullptr, 0), FASTSECP_OK);
    EXPECT_EQ(fastsecp_gpu_ecdsa_verify_batch(gpu.get(), nullptr, nullptr, 1), FASTSECP_ERR_INVALID_ARGUMENT);
    fastsecp_gpu_stats s;
    EXPECT_EQ(fastsecp_gpu_ctx_stats(gpu.get(), nullptr, 0), FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(fastsecp_gpu_ctx_stats(nullptr, &s, 0), FASTSECP_ERR_INVALID_ARGUMENT);
}

TEST_P(GpuApi, StatsCountEveryItem) {
    fastsecp_gpu_stats s;
    ASSERT_EQ(fastsecp_gpu_ctx_stats(gpu.get(), &s, 1), FASTSECP_OK);
    const size_t n = 64;
    Bytes sc = random_bytes(rng, 32 * n), out(33 * n);
    std::vector<fastsecp_status> r(n);
    EXPECT_NE(fastsecp_gpu_ecmult_gen_batch(gpu.get(), r.data(), out.data(), sc.data(), n), FASTSECP_ERR_INVALID_ARGUMENT);
    ASSERT_EQ(fastsecp_gpu_ctx_stats(gpu.get(), &s, 1), FASTSECP_OK);
    EXPECT_EQ(s.device_items + s.cpu_items, n);
    EXPECT_GT(s.call_seconds, 0.0);
    const Engine& e = GetParam();
    if (e.backend == FASTSECP_GPU_BACKEND_CPU && e.simulated.empty()) EXPECT_EQ(s.cpu_items, n);
    if (e.simulated.size() == 1) EXPECT_EQ(s.cpu_items, n - std::min<size_t>(n, e.simulated[0].second));
    ASSERT_EQ(fastsecp_gpu_ctx_stats(gpu.get(), &s, 0), FASTSECP_OK);
    EXPECT_EQ(s.device_items + s.cpu_items, 0u);  // reset
}

TEST_P(GpuApi, SeveralThreadsOneContext) {
    const size_t n = 40;
    Bytes sc = random_bytes(rng, 32 * n), want(33 * n);
    std::vector<fastsecp_status> rw(n);
    ASSERT_EQ(fastsecp_pubkey_create_batch(ref.get(), rw.data(), want.data(), sc.data(), n), FASTSECP_OK);
    std::vector<std::thread> ts;
    std::vector<Bytes> got(4, Bytes(33 * n));
    std::vector<fastsecp_status> ret(4, FASTSECP_ERR_DEVICE);
    for (int t = 0; t < 4; t++)
        ts.emplace_back([&, t] {
            std::vector<fastsecp_status> r(n);
            ret[t] = fastsecp_gpu_ecmult_gen_batch(gpu.get(), r.data(), got[t].data(), sc.data(), n);
        });
    for (auto& t : ts) t.join();
    for (int t = 0; t < 4; t++) {
        EXPECT_EQ(ret[t], FASTSECP_OK);
        EXPECT_EQ(got[t], want);
    }
}

INSTANTIATE_TEST_SUITE_P(Engines, GpuApi, ::testing::ValuesIn(ENGINES),
                         [](const ::testing::TestParamInfo<Engine>& i) { return std::string(i.param.name); });

// ---- Contexts and device lists --------------------------------------------------------------

TEST(GpuContext, OptionChecks) {
    fastsecp_gpu_ctx* c = reinterpret_cast<fastsecp_gpu_ctx*>(1);
    EXPECT_EQ(fastsecp_gpu_ctx_create(nullptr, nullptr), FASTSECP_ERR_INVALID_ARGUMENT);
    fastsecp_gpu_options o = FASTSECP_GPU_OPTIONS_INIT;
    o.version = 2;
    EXPECT_EQ(fastsecp_gpu_ctx_create(&c, &o), FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(c, nullptr);
    o = FASTSECP_GPU_OPTIONS_INIT;
    o.backend = (fastsecp_gpu_backend)7;
    EXPECT_EQ(fastsecp_gpu_ctx_create(&c, &o), FASTSECP_ERR_INVALID_ARGUMENT);
    o = FASTSECP_GPU_OPTIONS_INIT;
    o.device = -2;
    EXPECT_EQ(fastsecp_gpu_ctx_create(&c, &o), FASTSECP_ERR_INVALID_ARGUMENT);
    o = FASTSECP_GPU_OPTIONS_INIT;
    o.cpu_threads = FASTSECP_MAX_THREADS + 1;
    EXPECT_EQ(fastsecp_gpu_ctx_create(&c, &o), FASTSECP_ERR_INVALID_ARGUMENT);
    // Defaults: AUTO never fails for want of a device.
    ASSERT_EQ(fastsecp_gpu_ctx_create(&c, nullptr), FASTSECP_OK);
    EXPECT_NE(fastsecp_gpu_ctx_backend(c), FASTSECP_GPU_BACKEND_AUTO);
    EXPECT_NE(std::strlen(fastsecp_gpu_ctx_describe(c)), 0u);
    fastsecp_gpu_ctx_destroy(c);
    fastsecp_gpu_ctx_destroy(nullptr);
    EXPECT_STREQ(fastsecp_gpu_ctx_describe(nullptr), "no context");
    // The CPU backend names its threads.
    o = FASTSECP_GPU_OPTIONS_INIT;
    o.backend = FASTSECP_GPU_BACKEND_CPU;
    o.cpu_threads = 3;
    ASSERT_EQ(fastsecp_gpu_ctx_create(&c, &o), FASTSECP_OK);
    EXPECT_EQ(fastsecp_gpu_ctx_backend(c), FASTSECP_GPU_BACKEND_CPU);
    EXPECT_STREQ(fastsecp_gpu_ctx_describe(c), "CPU engine (3 threads, no GPU)");
    fastsecp_gpu_ctx_destroy(c);
}

size_t count_devices(fastsecp_gpu_backend b, int cpu) {
    size_t n = 99;
    EXPECT_EQ(fastsecp_gpu_list_devices(b, cpu, nullptr, 0, &n) == FASTSECP_ERR_INVALID_ARGUMENT, false);
    return n;
}

TEST(GpuContext, ListDevices) {
    size_t n = 5;
    fastsecp_gpu_device_info info[8];
    EXPECT_EQ(fastsecp_gpu_list_devices(FASTSECP_GPU_BACKEND_AUTO, 0, info, 8, nullptr), FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(fastsecp_gpu_list_devices((fastsecp_gpu_backend)9, 0, info, 8, &n), FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(fastsecp_gpu_list_devices(FASTSECP_GPU_BACKEND_AUTO, 0, nullptr, 3, &n), FASTSECP_ERR_INVALID_ARGUMENT);
    EXPECT_EQ(fastsecp_gpu_list_devices(FASTSECP_GPU_BACKEND_CPU, 1, info, 8, &n), FASTSECP_OK);
    EXPECT_EQ(n, 0u);
    for (int cpu : {0, 1}) {
        const size_t cuda = count_devices(FASTSECP_GPU_BACKEND_CUDA, cpu);
        const size_t ocl = count_devices(FASTSECP_GPU_BACKEND_OPENCL, cpu);
        EXPECT_EQ(count_devices(FASTSECP_GPU_BACKEND_AUTO, cpu), cuda + ocl);
        if (cuda + ocl > 0 && cuda + ocl <= 8) {
            ASSERT_EQ(fastsecp_gpu_list_devices(FASTSECP_GPU_BACKEND_AUTO, cpu, info, 8, &n), FASTSECP_OK);
            for (size_t i = 0; i < n; i++) {
                EXPECT_EQ(info[i].backend, i < cuda ? FASTSECP_GPU_BACKEND_CUDA : FASTSECP_GPU_BACKEND_OPENCL);
                EXPECT_NE(std::strlen(info[i].name), 0u);
                EXPECT_GT(info[i].compute_units, 0u);
                if (!cpu) EXPECT_EQ(info[i].is_cpu, 0);
            }
            EXPECT_EQ(fastsecp_gpu_list_devices(FASTSECP_GPU_BACKEND_AUTO, cpu, info, n - 1, &n),
                      FASTSECP_ERR_BUFFER_TOO_SMALL);
            EXPECT_EQ(n, cuda + ocl);
        }
    }
}

TEST(GpuContext, ExplicitBackendWithoutDeviceIsNoDevice) {
    for (fastsecp_gpu_backend b : {FASTSECP_GPU_BACKEND_CUDA, FASTSECP_GPU_BACKEND_OPENCL}) {
        fastsecp_gpu_options o = FASTSECP_GPU_OPTIONS_INIT;
        o.backend = b;
        o.include_cpu_devices = 1;
        const size_t n = count_devices(b, 1);
        fastsecp_gpu_ctx* c = reinterpret_cast<fastsecp_gpu_ctx*>(1);
        o.device = (int)n;  // past the list
        EXPECT_EQ(fastsecp_gpu_ctx_create(&c, &o), FASTSECP_ERR_NO_DEVICE);
        EXPECT_EQ(c, nullptr);
        if (n == 0) {
            o.device = -1;
            EXPECT_EQ(fastsecp_gpu_ctx_create(&c, &o), FASTSECP_ERR_NO_DEVICE);
        }
    }
    // AUTO with an index past the list falls back to the CPU engine.
    fastsecp_gpu_options o = FASTSECP_GPU_OPTIONS_INIT;
    o.device = 1000;
    fastsecp_gpu_ctx* c = nullptr;
    ASSERT_EQ(fastsecp_gpu_ctx_create(&c, &o), FASTSECP_OK);
    EXPECT_EQ(fastsecp_gpu_ctx_backend(c), FASTSECP_GPU_BACKEND_CPU);
    fastsecp_gpu_ctx_destroy(c);
}

TEST(GpuContext, SimulatedDeviceChecks) {
    EXPECT_EQ(fastsecp::gpu::testing::add_simulated_device(nullptr, 1, 0), FASTSECP_ERR_INVALID_ARGUMENT);
    fastsecp_gpu_options o = FASTSECP_GPU_OPTIONS_INIT;
    o.backend = FASTSECP_GPU_BACKEND_CPU;
    fastsecp_gpu_ctx* c = nullptr;
    ASSERT_EQ(fastsecp_gpu_ctx_create(&c, &o), FASTSECP_OK);
    EXPECT_EQ(fastsecp::gpu::testing::add_simulated_device(c, 0, 0), FASTSECP_ERR_INVALID_ARGUMENT);
    ASSERT_EQ(fastsecp::gpu::testing::add_simulated_device(c, 2, 3), FASTSECP_OK);
    EXPECT_NE(std::strstr(fastsecp_gpu_ctx_describe(c), "simulated device (2 units, fails after 3 items)"), nullptr);
    fastsecp_gpu_ctx_destroy(c);
}

}  // namespace
