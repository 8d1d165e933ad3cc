// The device.h functions for both runtimes: the k*G table, argument packing, launches of
// batch_size items alternating between two buffer sets and queues (a launch's copies overlap the
// other's kernel), and the unpacking into fastsecp.h's results. Parsing is split: byte-level
// checks (lengths, prefixes, coordinates < p, scalars < n, hybrid parity, high S) here, with the
// library's own code; curve membership, square roots and all the arithmetic on the device.
#include "gpu/device.h"

#include <cstdlib>
#include <cstring>
#include <ctime>

#include "api/parse.h"
#include "gpu/runtime.h"
#include "group/group.h"
#include "hash/memclear.h"
#include "hash/sha256.h"
#include "rt/bytes.h"
#include "rt/vec.h"
#include "scan/sp_wallet.h"

namespace fastsecp::gpu {

const char* const KERNEL_NAMES[K_COUNT] = {"fsk_ecmult_gen", "fsk_tweak_mul", "fsk_sp_prefilter",
                                           "fsk_schnorr_verify", "fsk_ecdsa_verify"};

namespace {

constexpr size_t GTABLE_WORDS = 32 * 255 * 16;  // 8-bit windows, 16 words per affine point: 510 KiB
constexpr size_t POINT_WORDS = 17, PF_WORDS = 19, SCHNORR_WORDS = 28, ECDSA_WORDS = 42;

struct Slot {
    Buf in = 0, out = 0, scratch = 0;
    size_t in_cap = 0, out_cap = 0, scratch_cap = 0;
    uint32_t* hin = nullptr;
    uint32_t* hout = nullptr;
    size_t hin_cap = 0, hout_cap = 0;
    bool busy = false;
    size_t begin = 0, count = 0, in_bytes = 0, out_bytes = 0;
};

double now_seconds() {
    timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void be32_to_limbs(uint32_t* l, const unsigned char* b) {
    for (int i = 0; i < 8; i++) {
        const unsigned char* p = b + 28 - 4 * i;
        l[i] = (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
    }
}
void le32_to_limbs(uint32_t* l, const unsigned char* b) {
    for (int i = 0; i < 8; i++) l[i] = (uint32_t)b[4 * i] | (uint32_t)b[4 * i + 1] << 8 | (uint32_t)b[4 * i + 2] << 16 | (uint32_t)b[4 * i + 3] << 24;
}
void limbs_to_be32(unsigned char* b, const uint32_t* l) {
    for (int i = 0; i < 8; i++) {
        unsigned char* p = b + 28 - 4 * i;
        p[0] = (unsigned char)(l[i] >> 24);
        p[1] = (unsigned char)(l[i] >> 16);
        p[2] = (unsigned char)(l[i] >> 8);
        p[3] = (unsigned char)l[i];
    }
}
void fe_to_limbs(uint32_t* l, const Fe& a) {
    Fe t = a;
    fe_normalize(t);
    unsigned char b[32];
    fe_get_b32(b, t);
    be32_to_limbs(l, b);
}
bool below_p(const unsigned char* be32) {
    Fe x;
    return fe_set_b32_limit(x, be32);
}
bool below_n(const unsigned char* be32) {
    Scalar s;
    return api::parse_scalar(s, be32) == FASTSECP_OK;
}
bool is_zero32(const unsigned char* b) {
    unsigned char z = 0;
    for (int i = 0; i < 32; i++) z |= b[i];
    return z == 0;
}

// The byte-level half of api::parse_pubkey / parse_points: OK means "send rec to the device", which
// then reports POINT_NOT_ON_CURVE or OK (point_decode in the kernel source).
fastsecp_status encode_point(uint32_t* rec, const unsigned char* in, size_t len, bool raw64_ok) {
    if (len == 33 && (in[0] == 0x02 || in[0] == 0x03)) {
        if (!below_p(in + 1)) return FASTSECP_ERR_BAD_ENCODING;
        rec[0] = in[0] == 0x02 ? 2 : 3;
        be32_to_limbs(rec + 1, in + 1);
        std::memset(rec + 9, 0, 32);
        return FASTSECP_OK;
    }
    if (len == 65 && (in[0] == 0x04 || in[0] == 0x06 || in[0] == 0x07)) {
        if (!below_p(in + 1) || !below_p(in + 33)) return FASTSECP_ERR_BAD_ENCODING;
        if (in[0] != 0x04 && (in[64] & 1) != (in[0] == 0x07 ? 1 : 0)) return FASTSECP_ERR_BAD_ENCODING;
        rec[0] = 1;
        be32_to_limbs(rec + 1, in + 1);
        be32_to_limbs(rec + 9, in + 33);
        return FASTSECP_OK;
    }
    if (raw64_ok && len == 64) {
        unsigned char be[32];
        for (int half = 0; half < 2; half++) {
            for (int i = 0; i < 32; i++) be[i] = in[32 * half + 31 - i];
            if (!below_p(be)) return FASTSECP_ERR_BAD_ENCODING;
        }
        rec[0] = 1;
        le32_to_limbs(rec + 1, in);
        le32_to_limbs(rec + 9, in + 32);
        return FASTSECP_OK;
    }
    return FASTSECP_ERR_BAD_ENCODING;
}

void serialize33(unsigned char* out33, const uint32_t* xy) {
    out33[0] = (unsigned char)(0x02 | (xy[8] & 1));
    limbs_to_be32(out33 + 1, xy);
}

void midstate(uint32_t* out, hash::Tag tag) {
    hash::Sha256 h;
    hash::sha256_tagged_init(h, tag);
    for (int i = 0; i < 8; i++) out[i] = h.s[i];
}

}  // namespace

struct Device {
    Runtime* rt = nullptr;
    fastsecp_gpu_device_info info{};
    size_t batch = 0;
    Buf table = 0, params = 0;
    size_t params_cap = 0;
    Slot slots[2];
    double kernel_s = 0, copy_s = 0;
    unsigned long long launches = 0;
};

namespace {

bool ensure_buf(Runtime* rt, Buf& b, size_t& cap, size_t need) {
    if (need < 64) need = 64;
    if (cap >= need) return true;
    if (b != 0) rt->release(b);
    b = 0;
    cap = 0;
    size_t want = need + need / 4;
    if (!rt->alloc(want, &b)) return false;
    cap = want;
    return true;
}
bool ensure_host(Runtime* rt, uint32_t*& p, size_t& cap, size_t need) {
    if (need < 64) need = 64;
    if (cap >= need) return true;
    if (p != nullptr) rt->host_free(p);
    cap = 0;
    size_t want = need + need / 4;
    p = static_cast<uint32_t*>(rt->host_alloc(want));
    if (p == nullptr) return false;
    cap = want;
    return true;
}

// Writes the call's parameters (synchronously: both queues use them).
bool set_params(Device* dev, const uint32_t* words, size_t n_words) {
    if (!ensure_buf(dev->rt, dev->params, dev->params_cap, n_words * 4)) return false;
    return dev->rt->write(0, dev->params, words, n_words * 4) && dev->rt->sync(0);
}
void clear_params(Device* dev) {
    if (dev->params != 0 && dev->rt->zero(0, dev->params, dev->params_cap)) (void)dev->rt->sync(0);
}

// One call cut into launches. A Job gives, for items [b, b + c): in_words(b, c), pack(hin, b, c)
// (returns false on a host failure), out_words(c), scratch_words(c), and unpack(hout, b, c)
// (false: stop, OUT_OF_MEMORY). Chunks are unpacked in order, so *n_done is a prefix.
template <class Job>
fastsecp_status run_job(Device* dev, Kernel k, Job& job, size_t n, size_t* n_done, bool secret) {
    Runtime* rt = dev->rt;
    *n_done = 0;
    fastsecp_status st = FASTSECP_OK;
    const double t0 = now_seconds();
    auto finish = [&](Slot& s) -> bool {
        const double w = now_seconds();
        bool ok = rt->sync((int)(&s - dev->slots));
        dev->kernel_s += now_seconds() - w;
        s.busy = false;
        if (!ok) {
            st = FASTSECP_ERR_DEVICE;
            return false;
        }
        if (!job.unpack(s.hout, s.begin, s.count)) {
            st = FASTSECP_ERR_OUT_OF_MEMORY;
            return false;
        }
        *n_done = s.begin + s.count;
        return true;
    };
    size_t chunk = 0;
    for (size_t b = 0; b < n && st == FASTSECP_OK; b += dev->batch, chunk++) {
        Slot& s = dev->slots[chunk & 1];
        const int q = (int)(chunk & 1);
        if (s.busy && !finish(s)) break;
        const size_t c = n - b < dev->batch ? n - b : dev->batch;
        const size_t in_b = job.in_words(b, c) * 4, out_b = job.out_words(c) * 4, scr_b = job.scratch_words(c) * 4;
        if (!ensure_host(rt, s.hin, s.hin_cap, in_b) || !ensure_host(rt, s.hout, s.hout_cap, out_b)) {
            st = FASTSECP_ERR_OUT_OF_MEMORY;
            break;
        }
        if (!ensure_buf(rt, s.in, s.in_cap, in_b) || !ensure_buf(rt, s.out, s.out_cap, out_b) ||
            !ensure_buf(rt, s.scratch, s.scratch_cap, scr_b)) {
            st = FASTSECP_ERR_DEVICE;
            break;
        }
        job.pack(s.hin, b, c);
        s.begin = b;
        s.count = c;
        s.in_bytes = in_b;
        s.out_bytes = out_b;
        if (!rt->write(q, s.in, s.hin, in_b) ||
            !rt->launch(q, k, dev->table, dev->params, s.in, s.out, s.scratch, (uint32_t)c) ||
            !rt->read(q, s.out, s.hout, out_b)) {
            st = FASTSECP_ERR_DEVICE;
            break;
        }
        dev->launches++;
        s.busy = true;
    }
    // The other slot holds the earlier chunk: finish it first.
    for (size_t j = 0; j < 2; j++) {
        Slot& s = dev->slots[(chunk + j) & 1];
        if (s.busy && (st != FASTSECP_OK || !finish(s))) {
            (void)rt->sync((int)(&s - dev->slots));
            s.busy = false;
        }
    }
    if (secret)
        for (Slot& s : dev->slots) {
            if (s.in != 0) (void)rt->zero(0, s.in, s.in_cap);
            if (s.out != 0) (void)rt->zero(0, s.out, s.out_cap);
            if (s.hin != nullptr) hash::memclear(s.hin, s.hin_cap);
            if (s.hout != nullptr) hash::memclear(s.hout, s.hout_cap);
        }
    if (secret) (void)rt->sync(0);
    dev->copy_s += 0;  // copies are inside the queue waits (kernel_s): not separated
    (void)t0;
    return st;
}

// The k*G table: window w, digit d at (w*255 + d-1), affine x, y as limbs.
bool make_gtable(uint32_t* t) {
    rt::Vec<Gej> j;
    rt::Vec<Ge> a;
    rt::Vec<Fe> scratch;
    const size_t m = 32 * 255;
    if (!j.resize(m) || !a.resize(m) || !scratch.resize(m)) return false;
    Gej base;
    gej_set_ge(base, ge_generator());
    for (size_t w = 0; w < 32; w++) {
        Ge base_a;
        ge_set_gej_var(base_a, base);
        j[w * 255] = base;
        for (size_t d = 1; d < 255; d++) gej_add_ge_var(j[w * 255 + d], j[w * 255 + d - 1], base_a);
        for (int s = 0; s < 8; s++) gej_double_var(base, base);
    }
    ge_set_all_gej_var(a.data(), j.data(), m, scratch.data());
    for (size_t i = 0; i < m; i++) {
        fe_to_limbs(t + 16 * i, a[i].x);
        fe_to_limbs(t + 16 * i + 8, a[i].y);
    }
    return true;
}

}  // namespace

size_t list_devices(fastsecp_gpu_backend backend, int include_cpu_devices, fastsecp_gpu_device_info* out, size_t cap) {
    size_t n = 0;
    if (backend == FASTSECP_GPU_BACKEND_OPENCL) n = opencl_list(include_cpu_devices, out, cap);
    else if (backend == FASTSECP_GPU_BACKEND_CUDA) n = cuda_list(out, cap);
    for (size_t i = 0; i < n && i < cap && out != nullptr; i++) {
        out[i].backend = backend;
        out[i].index = (unsigned)i;
    }
    return n;
}

fastsecp_status open_device(fastsecp_gpu_backend backend, unsigned int index, const fastsecp_gpu_options* options,
                            Device** out) {
    *out = nullptr;
    Device* dev = rt::create<Device>();
    if (dev == nullptr) return FASTSECP_ERR_OUT_OF_MEMORY;
    fastsecp_status st;
    const int cpu = options != nullptr ? options->include_cpu_devices : 0;
    if (backend == FASTSECP_GPU_BACKEND_OPENCL)
        st = opencl_open(index, cpu, options != nullptr ? options->cache_dir : nullptr, &dev->info, &dev->rt);
    else if (backend == FASTSECP_GPU_BACKEND_CUDA) st = cuda_open(index, &dev->info, &dev->rt);
    else st = FASTSECP_ERR_NO_DEVICE;
    if (st != FASTSECP_OK) {
        rt::destroy(dev);
        return st;
    }
    dev->info.backend = backend;
    dev->info.index = index;
    // Launch size: the caller's, else enough threads to fill a GPU (a CPU device needs few).
    dev->batch = options != nullptr && options->batch_size > 0 ? options->batch_size
                 : dev->info.is_cpu ? 4096 : (size_t)(dev->info.compute_units ? dev->info.compute_units : 64) * 2048;
    if (dev->batch > ((size_t)1 << 24)) dev->batch = (size_t)1 << 24;
    uint32_t* table = static_cast<uint32_t*>(std::malloc(GTABLE_WORDS * 4));
    st = FASTSECP_OK;
    if (table == nullptr || !make_gtable(table)) st = FASTSECP_ERR_OUT_OF_MEMORY;
    else if (!dev->rt->alloc(GTABLE_WORDS * 4, &dev->table) || !dev->rt->write(0, dev->table, table, GTABLE_WORDS * 4) ||
             !dev->rt->sync(0))
        st = FASTSECP_ERR_DEVICE;
    std::free(table);
    if (st != FASTSECP_OK) {
        close_device(dev);
        return st;
    }
    *out = dev;
    return FASTSECP_OK;
}

void close_device(Device* dev) {
    if (dev == nullptr) return;
    if (dev->rt != nullptr) {
        Runtime* rt = dev->rt;
        (void)rt->sync(0);
        (void)rt->sync(1);
        for (Slot& s : dev->slots) {
            if (s.in) rt->release(s.in);
            if (s.out) rt->release(s.out);
            if (s.scratch) rt->release(s.scratch);
            if (s.hin) rt->host_free(s.hin);
            if (s.hout) rt->host_free(s.hout);
        }
        if (dev->table) rt->release(dev->table);
        if (dev->params) rt->release(dev->params);
        rt->destroy();
    }
    rt::destroy(dev);
}

const fastsecp_gpu_device_info* device_info(const Device* dev) { return &dev->info; }

void take_times(Device* dev, double* kernel_seconds, double* copy_seconds, unsigned long long* launches) {
    if (kernel_seconds) *kernel_seconds = dev->kernel_s;
    if (copy_seconds) *copy_seconds = dev->copy_s;
    if (launches) *launches = dev->launches;
    dev->kernel_s = dev->copy_s = 0;
    dev->launches = 0;
}

// ---- k*G ------------------------------------------------------------------------------------------

fastsecp_status run_ecmult_gen(Device* dev, fastsecp_status* results, unsigned char* out33,
                               const unsigned char* scalars32, size_t n, size_t* n_done) {
    struct Job {
        fastsecp_status* results;
        unsigned char* out33;
        const unsigned char* sc;
        size_t in_words(size_t, size_t c) const { return 8 * c; }
        size_t out_words(size_t c) const { return 17 * c; }
        size_t scratch_words(size_t) const { return 0; }
        void pack(uint32_t* h, size_t b, size_t c) const {
            for (size_t i = 0; i < c; i++) {
                const unsigned char* s = sc + 32 * (b + i);
                if (is_zero32(s) || !below_n(s)) std::memset(h + 8 * i, 0, 32);  // the device gets 0
                else be32_to_limbs(h + 8 * i, s);
            }
        }
        bool unpack(const uint32_t* h, size_t b, size_t c) const {
            for (size_t i = 0; i < c; i++) {
                const unsigned char* s = sc + 32 * (b + i);
                unsigned char* o = out33 + 33 * (b + i);
                if (is_zero32(s) || !below_n(s) || h[17 * i] != 0) {
                    results[b + i] = FASTSECP_ERR_SCALAR_OUT_OF_RANGE;
                    std::memset(o, 0, 33);
                } else {
                    results[b + i] = FASTSECP_OK;
                    serialize33(o, h + 17 * i + 1);
                }
            }
            return true;
        }
    } job{results, out33, scalars32};
    return run_job(dev, K_ECMULT_GEN, job, n, n_done, false);
}

// ---- tweak * P_i ---------------------------------------------------------------------------------

fastsecp_status run_tweak_mul(Device* dev, fastsecp_status* results, unsigned char* out33,
                              const unsigned char* pubkeys33, const unsigned char* tweak32, size_t n, size_t* n_done) {
    *n_done = 0;
    if (is_zero32(tweak32) || !below_n(tweak32)) {
        for (size_t i = 0; i < n; i++) {
            results[i] = FASTSECP_ERR_SCALAR_OUT_OF_RANGE;
            std::memset(out33 + 33 * i, 0, 33);
        }
        *n_done = n;
        return FASTSECP_OK;
    }
    uint32_t k[8];
    be32_to_limbs(k, tweak32);
    const bool ok = set_params(dev, k, 8);
    hash::memclear(k, sizeof k);
    if (!ok) return FASTSECP_ERR_DEVICE;
    struct Job {
        fastsecp_status* results;
        unsigned char* out33;
        const unsigned char* keys;
        rt::Vec<fastsecp_status> host_st;  // per item of the call: the byte-level status
        size_t in_words(size_t, size_t c) const { return POINT_WORDS * c; }
        size_t out_words(size_t c) const { return 17 * c; }
        size_t scratch_words(size_t) const { return 0; }
        void pack(uint32_t* h, size_t b, size_t c) {
            for (size_t i = 0; i < c; i++) {
                uint32_t* rec = h + POINT_WORDS * i;
                host_st[b + i] = encode_point(rec, keys + 33 * (b + i), 33, false);
                if (host_st[b + i] != FASTSECP_OK) {  // a valid point (G's x, even y) keeps the lane busy
                    std::memset(rec, 0, POINT_WORDS * 4);
                    rec[0] = 2;
                    rec[1] = 0x16F81798u;
                }
            }
        }
        bool unpack(const uint32_t* h, size_t b, size_t c) {
            for (size_t i = 0; i < c; i++) {
                // keys and out33 may be the same array: keys[b + i] is not read after this.
                unsigned char* o = out33 + 33 * (b + i);
                fastsecp_status st = host_st[b + i] != FASTSECP_OK ? host_st[b + i] : (fastsecp_status)h[17 * i];
                results[b + i] = st;
                if (st == FASTSECP_OK) serialize33(o, h + 17 * i + 1);
                else std::memset(o, 0, 33);
            }
            return true;
        }
    } job{results, out33, pubkeys33, {}};
    if (!job.host_st.resize(n)) {
        clear_params(dev);
        return FASTSECP_ERR_OUT_OF_MEMORY;
    }
    fastsecp_status st = run_job(dev, K_TWEAK_MUL, job, n, n_done, true);
    clear_params(dev);
    return st;
}

// ---- BIP-340 ---------------------------------------------------------------------------------------

fastsecp_status run_schnorr_verify(Device* dev, fastsecp_status* results, const fastsecp_schnorr_item* items,
                                   size_t n, size_t* n_done) {
    uint32_t mid[8];
    midstate(mid, hash::Tag::BIP340Challenge);
    if (!set_params(dev, mid, 8)) {
        *n_done = 0;
        return FASTSECP_ERR_DEVICE;
    }
    struct Job {
        fastsecp_status* results;
        const fastsecp_schnorr_item* items;
        rt::Vec<fastsecp_status> host_st;
        size_t in_words(size_t b, size_t c) const {
            size_t bytes = 0;
            for (size_t i = 0; i < c; i++) bytes += items[b + i].msg != nullptr ? items[b + i].msglen : 0;
            return SCHNORR_WORDS * c + (bytes + 3) / 4;
        }
        size_t out_words(size_t c) const { return c; }
        size_t scratch_words(size_t) const { return 0; }
        void pack(uint32_t* h, size_t b, size_t c) {
            size_t off = SCHNORR_WORDS * 4 * c;  // message bytes, after the records
            unsigned char* bytes = reinterpret_cast<unsigned char*>(h);
            for (size_t i = 0; i < c; i++) {
                const fastsecp_schnorr_item& it = items[b + i];
                uint32_t* rec = h + SCHNORR_WORDS * i;
                std::memset(rec, 0, SCHNORR_WORDS * 4);
                fastsecp_status st = FASTSECP_OK;
                if (it.sig64 == nullptr || it.xonly_pubkey32 == nullptr || (it.msg == nullptr && it.msglen != 0))
                    st = FASTSECP_ERR_INVALID_ARGUMENT;
                else if (!below_p(it.xonly_pubkey32) || !below_p(it.sig64)) st = FASTSECP_ERR_BAD_ENCODING;
                host_st[b + i] = st;
                if (st != FASTSECP_OK) {
                    rec[0] = 1;  // x = 1 is on the curve (1 + 7 = 8 is a square); its result is ignored
                    rec[24] = 1;
                    continue;
                }
                be32_to_limbs(rec, it.xonly_pubkey32);
                be32_to_limbs(rec + 8, it.sig64);
                be32_to_limbs(rec + 16, it.sig64 + 32);
                rec[24] = below_n(it.sig64 + 32) ? 0 : 1;
                rec[25] = (uint32_t)off;
                rec[26] = (uint32_t)it.msglen;
                if (it.msglen > 0) {
                    // Words are read little-endian on the device: byte j of the area is bits 8*(j%4).
                    for (size_t j = 0; j < it.msglen; j++) {
                        const size_t at = off + j;
                        uint32_t& w = h[at / 4];
                        if (at % 4 == 0) w = 0;
                        w |= (uint32_t)it.msg[j] << (8 * (at % 4));
                    }
                }
                off += it.msglen;
            }
            (void)bytes;
        }
        bool unpack(const uint32_t* h, size_t b, size_t c) {
            for (size_t i = 0; i < c; i++)
                results[b + i] = host_st[b + i] != FASTSECP_OK ? host_st[b + i] : (fastsecp_status)h[i];
            return true;
        }
    } job{results, items, {}};
    if (!job.host_st.resize(n)) {
        *n_done = 0;
        return FASTSECP_ERR_OUT_OF_MEMORY;
    }
    return run_job(dev, K_SCHNORR, job, n, n_done, false);
}

// ---- ECDSA -----------------------------------------------------------------------------------------

fastsecp_status run_ecdsa_verify(Device* dev, fastsecp_status* results, const fastsecp_ecdsa_item* items, size_t n,
                                 size_t* n_done) {
    struct Job {
        fastsecp_status* results;
        const fastsecp_ecdsa_item* items;
        rt::Vec<fastsecp_status> host_st;
        rt::Vec<unsigned char> high;
        size_t in_words(size_t, size_t c) const { return ECDSA_WORDS * c; }
        size_t out_words(size_t c) const { return c; }
        size_t scratch_words(size_t) const { return 0; }
        void pack(uint32_t* h, size_t b, size_t c) {
            for (size_t i = 0; i < c; i++) {
                const fastsecp_ecdsa_item& it = items[b + i];
                uint32_t* rec = h + ECDSA_WORDS * i;
                std::memset(rec, 0, ECDSA_WORDS * 4);
                fastsecp_status st = FASTSECP_OK;
                if (it.sig64 == nullptr || it.msghash32 == nullptr || it.pubkey == nullptr)
                    st = FASTSECP_ERR_INVALID_ARGUMENT;
                else if (!below_n(it.sig64) || !below_n(it.sig64 + 32)) st = FASTSECP_ERR_SCALAR_OUT_OF_RANGE;
                else st = encode_point(rec, it.pubkey, it.pubkeylen, false);
                host_st[b + i] = st;
                if (st != FASTSECP_OK) {
                    std::memset(rec, 0, ECDSA_WORDS * 4);
                    rec[0] = 2;
                    rec[1] = 1;
                    rec[41] = 1;
                    continue;
                }
                Scalar s;
                (void)api::parse_scalar(s, it.sig64 + 32);
                high[b + i] = scalar_is_high(s) ? 1 : 0;
                be32_to_limbs(rec + 17, it.sig64);
                be32_to_limbs(rec + 25, it.sig64 + 32);
                be32_to_limbs(rec + 33, it.msghash32);
                rec[41] = high[b + i];
            }
        }
        bool unpack(const uint32_t* h, size_t b, size_t c) {
            for (size_t i = 0; i < c; i++) {
                fastsecp_status st = host_st[b + i];
                if (st == FASTSECP_OK) {
                    st = (fastsecp_status)h[i];
                    if (st == FASTSECP_OK && high[b + i]) st = FASTSECP_ERR_HIGH_S;
                }
                results[b + i] = st;
            }
            return true;
        }
    } job{results, items, {}, {}};
    if (!job.host_st.resize(n) || !job.high.resize(n)) {
        *n_done = 0;
        return FASTSECP_ERR_OUT_OF_MEMORY;
    }
    return run_job(dev, K_ECDSA, job, n, n_done, false);
}

// ---- BIP-352 ---------------------------------------------------------------------------------------

namespace {
bool wallet_params(Device* dev, const fastsecp_sp_wallet* w, bool with_labels) {
    const size_t nl = with_labels ? w->labels.size() : 0;
    rt::Vec<uint32_t> p;
    if (!p.resize(33 + 16 * nl)) return false;
    be32_to_limbs(p.data(), w->scan32);
    midstate(p.data() + 8, hash::Tag::BIP352SharedSecret);
    fe_to_limbs(p.data() + 16, w->spend.x);
    fe_to_limbs(p.data() + 24, w->spend.y);
    p[32] = (uint32_t)nl;
    for (size_t j = 0; j < nl; j++) {
        fe_to_limbs(p.data() + 33 + 16 * j, w->labels[j].point.x);
        fe_to_limbs(p.data() + 41 + 16 * j, w->labels[j].point.y);
    }
    const bool ok = set_params(dev, p.data(), p.size());
    hash::memclear(p.data(), 8 * 4);
    return ok;
}
}  // namespace

fastsecp_status run_sp_prefilter(Device* dev, const fastsecp_sp_wallet* wallet, fastsecp_status* results,
                                 unsigned char* maybe, const fastsecp_sp_prefilter_item* items, size_t n,
                                 size_t* n_done) {
    *n_done = 0;
    if (!wallet_params(dev, wallet, true)) {
        clear_params(dev);
        return FASTSECP_ERR_DEVICE;
    }
    struct Job {
        fastsecp_status* results;
        unsigned char* maybe;
        const fastsecp_sp_prefilter_item* items;
        size_t n_labels;
        rt::Vec<fastsecp_status> host_st;
        size_t in_words(size_t b, size_t c) const {
            size_t pre = 0;
            for (size_t i = 0; i < c; i++) pre += items[b + i].prefixes != nullptr ? items[b + i].n_prefixes : 0;
            return PF_WORDS * c + 2 * pre;
        }
        size_t out_words(size_t c) const { return 2 * c; }
        size_t scratch_words(size_t c) const { return 24 * (n_labels + 1) * c; }
        void pack(uint32_t* h, size_t b, size_t c) {
            size_t off = PF_WORDS * c;
            for (size_t i = 0; i < c; i++) {
                const fastsecp_sp_prefilter_item& it = items[b + i];
                uint32_t* rec = h + PF_WORDS * i;
                fastsecp_status st = FASTSECP_OK;
                if (it.tweak == nullptr || (it.prefixes == nullptr && it.n_prefixes > 0)) st = FASTSECP_ERR_INVALID_ARGUMENT;
                else st = encode_point(rec, it.tweak, it.tweaklen, true);
                host_st[b + i] = st;
                rec[17] = (uint32_t)off;
                rec[18] = 0;
                if (st != FASTSECP_OK) {
                    std::memset(rec, 0, POINT_WORDS * 4);
                    rec[0] = 2;
                    rec[1] = 1;
                    continue;
                }
                rec[18] = (uint32_t)it.n_prefixes;
                for (size_t j = 0; j < it.n_prefixes; j++) {
                    h[off++] = (uint32_t)(it.prefixes[j] >> 32);
                    h[off++] = (uint32_t)it.prefixes[j];
                }
            }
        }
        bool unpack(const uint32_t* h, size_t b, size_t c) {
            for (size_t i = 0; i < c; i++) {
                fastsecp_status st = host_st[b + i] != FASTSECP_OK ? host_st[b + i] : (fastsecp_status)h[2 * i];
                results[b + i] = st;
                maybe[b + i] = st == FASTSECP_OK && h[2 * i + 1] != 0 ? 1 : 0;
            }
            return true;
        }
    } job{results, maybe, items, wallet->labels.size(), {}};
    if (!job.host_st.resize(n)) {
        clear_params(dev);
        return FASTSECP_ERR_OUT_OF_MEMORY;
    }
    // Scratch per launch: 96 bytes per candidate; many labels make launches smaller.
    const size_t saved = dev->batch;
    const size_t per_item = 96 * (wallet->labels.size() + 1);
    const size_t cap = ((size_t)256 << 20) / per_item;
    if (dev->batch > cap) dev->batch = cap > 0 ? cap : 1;
    fastsecp_status st = run_job(dev, K_SP_PREFILTER, job, n, n_done, true);
    dev->batch = saved;
    clear_params(dev);
    return st;
}

fastsecp_status run_sp_scan(Device* dev, const fastsecp_ctx* cpu, const fastsecp_sp_wallet* wallet,
                            unsigned int flags, fastsecp_status* results, const fastsecp_sp_item* items, size_t n,
                            MatchSink sink, void* user, size_t* n_done) {
    *n_done = 0;
    // Round k = 0 of every item runs on the device: the pre-filter kernel, given each output's
    // 8-byte x prefix. An item it does not flag has no output equal to P_0 or to P_0 + a label
    // point at k = 0, so BIP-352 scanning ends there for it: OK with no match (or the failure the
    // kernel reports, which the scan reports too: the tweak's encoding, t_0, P_0 at infinity).
    // A flagged item (some prefix equals a candidate's; a false alarm has odds of about 2^-64 per
    // output and candidate) is scanned exactly by the CPU engine, every round, in input order.
    size_t total = 0;
    for (size_t i = 0; i < n; i++) total += items[i].n_outputs;
    rt::Vec<fastsecp_sp_prefilter_item> pf;
    rt::Vec<uint64_t> prefixes;
    rt::Vec<unsigned char> maybe;
    if (!pf.resize(n) || !prefixes.resize(total) || !maybe.resize(n)) return FASTSECP_ERR_OUT_OF_MEMORY;
    size_t off = 0;
    for (size_t i = 0; i < n; i++) {
        const fastsecp_sp_item& it = items[i];
        pf[i] = {it.tweak33, 33, it.n_outputs > 0 ? prefixes.data() + off : nullptr, it.n_outputs};
        for (size_t j = 0; j < it.n_outputs; j++) prefixes[off++] = rt::load_be64(it.outputs32 + 32 * j);
    }
    size_t dev_done = 0;
    const fastsecp_status st = run_sp_prefilter(dev, wallet, results, maybe.data(), pf.data(), n, &dev_done);
    rt::Vec<fastsecp_sp_match> m;
    bool stopped = false;
    for (size_t i = 0; i < dev_done; i++) {
        if (results[i] != FASTSECP_OK || maybe[i] == 0) continue;
        size_t got = 0;
        fastsecp_status r = FASTSECP_ERR_OUT_OF_MEMORY;
        if (m.resize(items[i].n_outputs)) {
            r = fastsecp_sp_scan(cpu, wallet, results + i, items + i, 1, m.data(), m.size(), &got, flags);
            if (r == FASTSECP_ERR_BUFFER_TOO_SMALL && m.resize(got))  // not expected: one match per output at most
                r = fastsecp_sp_scan(cpu, wallet, results + i, items + i, 1, m.data(), m.size(), &got, flags);
        }
        if (r == FASTSECP_ERR_OUT_OF_MEMORY || r == FASTSECP_ERR_BUFFER_TOO_SMALL) {
            hash::memclear(m.data(), m.size() * sizeof(fastsecp_sp_match));
            *n_done = i;
            return FASTSECP_ERR_OUT_OF_MEMORY;
        }
        for (size_t j = 0; j < got && !stopped; j++) {
            fastsecp_sp_match g = m[j];
            g.item = i;
            stopped = sink(user, &g) == 0;
            hash::memclear(&g, sizeof g);
        }
        hash::memclear(m.data(), m.size() * sizeof(fastsecp_sp_match));
    }
    *n_done = dev_done;
    return st;
}

}  // namespace fastsecp::gpu
