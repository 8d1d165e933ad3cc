// fastsecp_gpu.h: contexts, argument checks, the CPU engine backend, the split of one batch between
// devices and the CPU fallback after a device failure. The device runtimes (gpu/device.h) see only
// items that passed the checks here: an item with a NULL pointer gets INVALID_ARGUMENT without
// reaching a device, as in fastsecp.h.
//
// One call on a context with devices: the items are cut into contiguous shares in proportion to the
// devices' compute units, one POSIX thread per device (the caller runs the first share); a device
// that stops (DEVICE, OUT_OF_MEMORY) has done a prefix of its share, and the rest of the share is
// computed by the CPU engine on the same thread. Matches of fastsecp_gpu_sp_scan are gathered per
// share and joined in share order, which is input order.
#include <fastsecp.h>
#include <fastsecp_gpu.h>
#include <pthread.h>
#include <time.h>

#include <cstdio>
#include <cstring>
#include <type_traits>

#include "api/batch_call.h"
#include "api/context.h"
#include "arith/scalar.h"
#include "gpu/device.h"
#include "gpu/testing.h"
#include "hash/memclear.h"
#include "rt/vec.h"

using namespace fastsecp;

namespace {

constexpr size_t MAX_DEVICES = 16;

// One device of a context: a runtime's opened device, or a simulated one (tests).
struct Slot {
    gpu::Device* dev;
    size_t sim_fail_after;  // simulated device: items of each share done before it fails
    unsigned int compute_units;
};

}  // namespace

struct fastsecp_gpu_ctx {
    fastsecp_gpu_backend backend;
    fastsecp_ctx* cpu;  // the CPU engine: the CPU backend, and what a failed device left
    Slot slots[MAX_DEVICES];
    size_t n_slots;
    pthread_mutex_t mu;  // calls on one context run one after another
    fastsecp_gpu_stats stats;
    char desc[384];
};

namespace {

double now_seconds() {
    timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

// A caller's fastsecp_gpu_backend may hold any integer (C allows it); it is read as its underlying
// integer, since loading a C++ enum object whose value is outside the enumeration is undefined.
bool backend_ok(const fastsecp_gpu_backend& backend) {
    std::underlying_type_t<fastsecp_gpu_backend> b;
    static_assert(sizeof b == sizeof backend);
    std::memcpy(&b, &backend, sizeof b);
    return b == FASTSECP_GPU_BACKEND_AUTO || b == FASTSECP_GPU_BACKEND_CUDA || b == FASTSECP_GPU_BACKEND_OPENCL ||
           b == FASTSECP_GPU_BACKEND_CPU;
}

// A batch call's status from the CPU engine: only OUT_OF_MEMORY stops the whole call; OK and
// ITEM_FAILED are per-item matters (the caller summarizes all items at the end).
fastsecp_status engine_status(fastsecp_status s) {
    return s == FASTSECP_OK || s == FASTSECP_ERR_ITEM_FAILED || s == FASTSECP_ERR_BUFFER_TOO_SMALL ? FASTSECP_OK : s;
}

class Lock {
public:
    explicit Lock(pthread_mutex_t& m) : m_(m) { pthread_mutex_lock(&m_); }
    ~Lock() { pthread_mutex_unlock(&m_); }
    Lock(const Lock&) = delete;
    Lock& operator=(const Lock&) = delete;

private:
    pthread_mutex_t& m_;
};

// ---- The split of one call between devices ----------------------------------------------------

struct Share {
    size_t begin = 0, end = 0;
    uint64_t device_items = 0, cpu_items = 0;
    fastsecp_status status = FASTSECP_OK;  // OK, or why the CPU engine could not finish the share
};

// Op is one call's work on items [b, b + cnt) of share s:
//   fastsecp_status device(gpu::Device*, size_t s, size_t b, size_t cnt, size_t* done)  (a runtime)
//   fastsecp_status simulated(size_t s, size_t b, size_t cnt)   (a simulated device's done prefix)
//   fastsecp_status engine(size_t s, size_t b, size_t cnt)      (the CPU engine)
template <class Op>
void run_share(Op& op, const Slot& slot, size_t s, Share& sh) {
    const size_t cnt = sh.end - sh.begin;
    size_t done = 0;
    fastsecp_status st;
    if (slot.dev != nullptr) {
        st = op.device(slot.dev, s, sh.begin, cnt, &done);
        if (st == FASTSECP_OK || done > cnt) done = cnt;
    } else {
        done = cnt < slot.sim_fail_after ? cnt : slot.sim_fail_after;
        st = op.simulated(s, sh.begin, done);
        if (st != FASTSECP_OK) done = 0;  // nothing usable: recompute the whole share
    }
    sh.device_items = done;
    if (done < cnt) {
        sh.cpu_items = cnt - done;
        sh.status = engine_status(op.engine(s, sh.begin + done, cnt - done));
    }
}

template <class Op>
struct ShareThread {
    Op* op;
    const Slot* slot;
    size_t s;
    Share* share;
    static void* main(void* p) {
        ShareThread* t = static_cast<ShareThread*>(p);
        run_share(*t->op, *t->slot, t->s, *t->share);
        return nullptr;
    }
};

// Runs op over items [0, n) on the context's devices; OK or OUT_OF_MEMORY (the CPU engine failed).
template <class Op>
fastsecp_status run_split(fastsecp_gpu_ctx* ctx, Op& op, size_t n) {
    const size_t k = ctx->n_slots;
    Share shares[MAX_DEVICES];
    ShareThread<Op> threads[MAX_DEVICES];
    pthread_t tids[MAX_DEVICES];
    bool started[MAX_DEVICES] = {};
    uint64_t units = 0;
    for (size_t d = 0; d < k; d++) units += ctx->slots[d].compute_units;
    size_t at = 0;
    uint64_t acc = 0;
    for (size_t d = 0; d < k; d++) {
        acc += ctx->slots[d].compute_units;
        const size_t end = d + 1 == k ? n : (size_t)((unsigned __int128)n * acc / units);
        shares[d].begin = at;
        shares[d].end = end;
        at = end;
        threads[d] = ShareThread<Op>{&op, &ctx->slots[d], d, &shares[d]};
    }
    for (size_t d = 1; d < k; d++)
        if (shares[d].end > shares[d].begin)
            started[d] = pthread_create(&tids[d], nullptr, &ShareThread<Op>::main, &threads[d]) == 0;
    if (shares[0].end > shares[0].begin) run_share(op, ctx->slots[0], 0, shares[0]);
    for (size_t d = 1; d < k; d++) {
        if (started[d]) pthread_join(tids[d], nullptr);
        else if (shares[d].end > shares[d].begin) run_share(op, ctx->slots[d], d, shares[d]);  // no thread: here
    }
    fastsecp_status st = FASTSECP_OK;
    for (size_t d = 0; d < k; d++) {
        ctx->stats.device_items += shares[d].device_items;
        ctx->stats.cpu_items += shares[d].cpu_items;
        if (shares[d].status != FASTSECP_OK) st = shares[d].status;
        if (ctx->slots[d].dev != nullptr) {
            double ks = 0, cs = 0;
            unsigned long long launches = 0;
            gpu::take_times(ctx->slots[d].dev, &ks, &cs, &launches);
            ctx->stats.kernel_seconds += ks;
            ctx->stats.copy_seconds += cs;
            ctx->stats.launches += launches;
        }
    }
    return st;
}

// ---- Items with NULL pointers never reach a device --------------------------------------------

// The items that pass bad(): the originals when all do, else compacted copies with their indices,
// and compacted result (and maybe) arrays that scatter() copies back.
template <class Item>
struct Compacted {
    const Item* items = nullptr;
    fastsecp_status* results = nullptr;
    unsigned char* maybe = nullptr;
    size_t n = 0;
    const size_t* index = nullptr;  // compacted position -> input position (null: the same)
    rt::Vec<Item> own_items;
    rt::Vec<size_t> own_index;
    rt::Vec<fastsecp_status> own_results;
    rt::Vec<unsigned char> own_maybe;

    // false: out of memory.
    template <class Bad>
    bool build(const Item* in, size_t count, fastsecp_status* res, unsigned char* mb, Bad bad) {
        size_t good = 0;
        for (size_t i = 0; i < count; i++) good += bad(in[i]) ? 0 : 1;
        if (good == count) {
            items = in, results = res, maybe = mb, n = count;
            return true;
        }
        if (!own_items.resize(good) || !own_index.resize(good) || !own_results.resize(good) ||
            (mb != nullptr && !own_maybe.resize(good)))
            return false;
        size_t j = 0;
        for (size_t i = 0; i < count; i++) {
            if (bad(in[i])) {
                res[i] = FASTSECP_ERR_INVALID_ARGUMENT;
                if (mb != nullptr) mb[i] = 0;
                continue;
            }
            own_items[j] = in[i];
            own_index[j++] = i;
        }
        items = own_items.data(), results = own_results.data(), n = good, index = own_index.data();
        maybe = mb != nullptr ? own_maybe.data() : nullptr;
        return true;
    }
    size_t input_index(size_t j) const { return index != nullptr ? index[j] : j; }
    void scatter(fastsecp_status* res, unsigned char* mb) const {
        if (index == nullptr) return;
        for (size_t j = 0; j < n; j++) {
            res[index[j]] = results[j];
            if (mb != nullptr) mb[index[j]] = maybe[j];
        }
    }
};

// ---- Contexts -------------------------------------------------------------------------------

const char* backend_name(fastsecp_gpu_backend b) { return b == FASTSECP_GPU_BACKEND_CUDA ? "CUDA" : "OpenCL"; }

void describe(fastsecp_gpu_ctx* ctx) {
    char* p = ctx->desc;
    size_t left = sizeof ctx->desc;
    auto put = [&](const char* fmt, auto... args) {
        int w = std::snprintf(p, left, fmt, args...);
        if (w < 0) return;
        size_t u = (size_t)w < left ? (size_t)w : left - 1;
        p += u, left -= u;
    };
    if (ctx->n_slots == 0) {
        const unsigned t = fastsecp_ctx_threads(ctx->cpu);
        put("CPU engine (%u thread%s, no GPU)", t, t == 1 ? "" : "s");
        return;
    }
    for (size_t d = 0; d < ctx->n_slots; d++) {
        if (d > 0) put(" + ");
        const Slot& s = ctx->slots[d];
        const fastsecp_gpu_device_info* info = s.dev != nullptr ? gpu::device_info(s.dev) : nullptr;
        if (info == nullptr) {
            put("simulated device (%u units, fails after %zu items)", s.compute_units, s.sim_fail_after);
        } else if (info->backend == FASTSECP_GPU_BACKEND_CUDA) {
            put("CUDA: %s (%u SMs)", info->name, info->compute_units);
        } else {
            put("%s: %s (%s, %u CUs%s)", backend_name(info->backend), info->name, info->platform, info->compute_units,
                info->is_cpu ? ", a CPU device" : "");
        }
    }
}

void close_all(fastsecp_gpu_ctx* ctx) {
    for (size_t d = 0; d < ctx->n_slots; d++)
        if (ctx->slots[d].dev != nullptr) gpu::close_device(ctx->slots[d].dev);
    ctx->n_slots = 0;
}

// The devices `backend` lists (AUTO: CUDA's, then OpenCL's), at most cap of them; returns the count.
size_t list_all(fastsecp_gpu_backend backend, int include_cpu, fastsecp_gpu_device_info* out, size_t cap) {
    if (backend == FASTSECP_GPU_BACKEND_CPU) return 0;
    if (backend != FASTSECP_GPU_BACKEND_AUTO) return gpu::list_devices(backend, include_cpu, out, cap);
    const size_t a = gpu::list_devices(FASTSECP_GPU_BACKEND_CUDA, include_cpu, out, cap);
    const size_t wa = a < cap ? a : cap;
    return a + gpu::list_devices(FASTSECP_GPU_BACKEND_OPENCL, include_cpu, out != nullptr ? out + wa : nullptr, cap - wa);
}

// Opens the devices of `infos` (indices [first, last)); on failure closes what it opened.
fastsecp_status open_range(fastsecp_gpu_ctx* ctx, const fastsecp_gpu_device_info* infos, size_t first, size_t last,
                           const fastsecp_gpu_options* opts) {
    for (size_t i = first; i < last && ctx->n_slots < MAX_DEVICES; i++) {
        gpu::Device* dev = nullptr;
        const fastsecp_status st = gpu::open_device(infos[i].backend, infos[i].index, opts, &dev);
        if (st != FASTSECP_OK) {
            close_all(ctx);
            return st;
        }
        ctx->slots[ctx->n_slots++] = Slot{dev, 0, infos[i].compute_units ? infos[i].compute_units : 1};
    }
    return FASTSECP_OK;
}

// Opens what the options ask for (AUTO: the first kind that has devices); NO_DEVICE when nothing fits.
fastsecp_status open_devices(fastsecp_gpu_ctx* ctx, const fastsecp_gpu_options& o) {
    fastsecp_gpu_device_info infos[MAX_DEVICES];
    if (o.backend == FASTSECP_GPU_BACKEND_CPU) return FASTSECP_OK;
    const size_t total = list_all(o.backend, o.include_cpu_devices, infos, MAX_DEVICES);
    const size_t listed = total < MAX_DEVICES ? total : MAX_DEVICES;
    if (o.device >= 0) {
        if ((size_t)o.device >= listed) return FASTSECP_ERR_NO_DEVICE;
        return open_range(ctx, infos, (size_t)o.device, (size_t)o.device + 1, &o);
    }
    if (listed == 0) return FASTSECP_ERR_NO_DEVICE;
    if (o.backend != FASTSECP_GPU_BACKEND_AUTO) return open_range(ctx, infos, 0, listed, &o);
    // AUTO: CUDA's devices when there are any (they come first), else OpenCL's.
    size_t cuda = 0;
    while (cuda < listed && infos[cuda].backend == FASTSECP_GPU_BACKEND_CUDA) cuda++;
    return cuda > 0 ? open_range(ctx, infos, 0, cuda, &o) : open_range(ctx, infos, cuda, listed, &o);
}

// Checks shared by every batch call; a call that fails them has every result set to the code.
bool ctx_ok(const fastsecp_gpu_ctx* ctx, size_t n, std::initializer_list<const void*> arrays) {
    return ctx != nullptr && api::arrays_ok(ctx->cpu, n, arrays);
}

// The call's timing and, on return, its share of the counters.
class CallScope {
public:
    explicit CallScope(fastsecp_gpu_ctx* ctx) : ctx_(ctx), lock_(ctx->mu), t0_(now_seconds()) {}
    ~CallScope() { ctx_->stats.call_seconds += now_seconds() - t0_; }
    CallScope(const CallScope&) = delete;
    CallScope& operator=(const CallScope&) = delete;

private:
    fastsecp_gpu_ctx* ctx_;
    Lock lock_;
    double t0_;
};

// ---- The calls' work ------------------------------------------------------------------------

struct GenOp {
    fastsecp_ctx* cpu;
    fastsecp_status* results;
    unsigned char* out33;
    const unsigned char* in32;
    fastsecp_status device(gpu::Device* d, size_t, size_t b, size_t c, size_t* done) {
        return gpu::run_ecmult_gen(d, results + b, out33 + 33 * b, in32 + 32 * b, c, done);
    }
    fastsecp_status cpu_run(size_t b, size_t c) {
        return fastsecp_pubkey_create_batch(cpu, results + b, out33 + 33 * b, in32 + 32 * b, c);
    }
    fastsecp_status simulated(size_t, size_t b, size_t c) { return engine_status(cpu_run(b, c)); }
    fastsecp_status engine(size_t, size_t b, size_t c) { return cpu_run(b, c); }
};

struct TweakMulOp {
    fastsecp_ctx* cpu;
    fastsecp_status* results;
    unsigned char* out33;
    const unsigned char* in33;
    const unsigned char* tweak32;
    fastsecp_status device(gpu::Device* d, size_t, size_t b, size_t c, size_t* done) {
        return gpu::run_tweak_mul(d, results + b, out33 + 33 * b, in33 + 33 * b, tweak32, c, done);
    }
    fastsecp_status cpu_run(size_t b, size_t c) {
        return fastsecp_pubkey_tweak_mul_batch(cpu, results + b, out33 + 33 * b, in33 + 33 * b, tweak32, c);
    }
    fastsecp_status simulated(size_t, size_t b, size_t c) { return engine_status(cpu_run(b, c)); }
    fastsecp_status engine(size_t, size_t b, size_t c) { return cpu_run(b, c); }
};

template <class Item>
struct VerifyOp {
    fastsecp_ctx* cpu;
    const Compacted<Item>* in;
    fastsecp_status device(gpu::Device* d, size_t, size_t b, size_t c, size_t* done);
    fastsecp_status cpu_run(size_t b, size_t c);
    fastsecp_status simulated(size_t, size_t b, size_t c) { return engine_status(cpu_run(b, c)); }
    fastsecp_status engine(size_t, size_t b, size_t c) { return cpu_run(b, c); }
};

template <>
fastsecp_status VerifyOp<fastsecp_schnorr_item>::device(gpu::Device* d, size_t, size_t b, size_t c, size_t* done) {
    return gpu::run_schnorr_verify(d, in->results + b, in->items + b, c, done);
}
template <>
fastsecp_status VerifyOp<fastsecp_schnorr_item>::cpu_run(size_t b, size_t c) {
    return fastsecp_schnorr_verify_batch(cpu, in->results + b, in->items + b, c);
}
template <>
fastsecp_status VerifyOp<fastsecp_ecdsa_item>::device(gpu::Device* d, size_t, size_t b, size_t c, size_t* done) {
    return gpu::run_ecdsa_verify(d, in->results + b, in->items + b, c, done);
}
template <>
fastsecp_status VerifyOp<fastsecp_ecdsa_item>::cpu_run(size_t b, size_t c) {
    return fastsecp_ecdsa_verify_batch(cpu, in->results + b, in->items + b, c);
}

struct PrefilterOp {
    fastsecp_ctx* cpu;
    const fastsecp_sp_wallet* wallet;
    const Compacted<fastsecp_sp_prefilter_item>* in;
    unsigned int flags;
    fastsecp_status device(gpu::Device* d, size_t, size_t b, size_t c, size_t* done) {
        return gpu::run_sp_prefilter(d, wallet, in->results + b, in->maybe + b, in->items + b, c, done);
    }
    fastsecp_status cpu_run(size_t b, size_t c) {
        return fastsecp_sp_scan_prefilter_items(cpu, wallet, in->results + b, in->maybe + b, in->items + b, c, flags);
    }
    fastsecp_status simulated(size_t, size_t b, size_t c) { return engine_status(cpu_run(b, c)); }
    fastsecp_status engine(size_t, size_t b, size_t c) { return cpu_run(b, c); }
};

// Matches are gathered per share, with the input's item indices; a share that cannot grow its list
// marks itself out of memory.
struct ScanOp {
    fastsecp_ctx* cpu;
    const fastsecp_sp_wallet* wallet;
    const Compacted<fastsecp_sp_item>* in;
    unsigned int flags;
    rt::Vec<fastsecp_sp_match>* found;  // one list per share
    bool* oom;                          // one flag per share

    struct SinkState {
        ScanOp* op;
        size_t s, base;
    };
    static int sink(void* user, const fastsecp_sp_match* m) {
        SinkState* st = static_cast<SinkState*>(user);
        fastsecp_sp_match g = *m;
        g.item = st->op->in->input_index(st->base + m->item);
        const bool ok = st->op->found[st->s].push_back(g);
        hash::memclear(&g, sizeof g);
        if (!ok) st->op->oom[st->s] = true;
        return ok ? 1 : 0;
    }
    // A runtime sinks the matches of the items it finished (its done prefix) only.
    fastsecp_status device(gpu::Device* d, size_t s, size_t b, size_t c, size_t* done) {
        SinkState st{this, s, b};
        const fastsecp_status r = gpu::run_sp_scan(d, cpu, wallet, flags, in->results + b, in->items + b, c, &ScanOp::sink, &st, done);
        return oom[s] ? FASTSECP_ERR_OUT_OF_MEMORY : r;
    }
    // The CPU engine over [b, b + c), its matches appended to share s's list through the sink.
    fastsecp_status cpu_scan(size_t s, size_t b, size_t c) {
        rt::Vec<fastsecp_sp_match> tmp;
        size_t got = 0;
        if (!tmp.resize(16)) return FASTSECP_ERR_OUT_OF_MEMORY;
        fastsecp_status r = fastsecp_sp_scan(cpu, wallet, in->results + b, in->items + b, c, tmp.data(), tmp.size(), &got, flags);
        if (r == FASTSECP_ERR_BUFFER_TOO_SMALL) {
            hash::memclear(tmp.data(), tmp.size() * sizeof(fastsecp_sp_match));
            if (!tmp.resize(got)) return FASTSECP_ERR_OUT_OF_MEMORY;
            r = fastsecp_sp_scan(cpu, wallet, in->results + b, in->items + b, c, tmp.data(), tmp.size(), &got, flags);
        }
        SinkState st{this, s, b};
        if (engine_status(r) == FASTSECP_OK)
            for (size_t i = 0; i < got && i < tmp.size(); i++)
                if (!sink(&st, &tmp[i])) break;
        hash::memclear(tmp.data(), tmp.size() * sizeof(fastsecp_sp_match));
        if (oom[s]) return FASTSECP_ERR_OUT_OF_MEMORY;
        return r;
    }
    fastsecp_status simulated(size_t s, size_t b, size_t c) { return engine_status(cpu_scan(s, b, c)); }
    fastsecp_status engine(size_t s, size_t b, size_t c) { return cpu_scan(s, b, c); }
};

bool bad_schnorr(const fastsecp_schnorr_item& it) {
    return it.sig64 == nullptr || it.xonly_pubkey32 == nullptr || (it.msg == nullptr && it.msglen != 0);
}
bool bad_ecdsa(const fastsecp_ecdsa_item& it) {
    return it.sig64 == nullptr || it.msghash32 == nullptr || it.pubkey == nullptr;
}
bool bad_prefilter(const fastsecp_sp_prefilter_item& it) {
    return it.tweak == nullptr || (it.prefixes == nullptr && it.n_prefixes != 0);
}
bool bad_scan(const fastsecp_sp_item& it) {
    return it.tweak33 == nullptr || (it.outputs32 == nullptr && it.n_outputs != 0);
}

template <class Item, class Bad, class Call>
fastsecp_status verify_call(fastsecp_gpu_ctx* ctx, fastsecp_status* results, const Item* items, size_t n, Bad bad,
                            Call cpu_call) {
    if (!ctx_ok(ctx, n, {results, items})) return api::fail_all(results, n, FASTSECP_ERR_INVALID_ARGUMENT);
    CallScope scope(ctx);
    if (ctx->n_slots == 0 || n == 0) {
        ctx->stats.cpu_items += n;
        return cpu_call(ctx->cpu, results, items, n);
    }
    Compacted<Item> in;
    if (!in.build(items, n, results, nullptr, bad)) return api::fail_all(results, n, FASTSECP_ERR_OUT_OF_MEMORY);
    VerifyOp<Item> op{ctx->cpu, &in};
    const fastsecp_status st = run_split(ctx, op, in.n);
    if (st != FASTSECP_OK) return api::fail_all(results, n, st);
    in.scatter(results, nullptr);
    return api::summarize(results, n);
}

}  // namespace

namespace fastsecp::gpu::testing {

fastsecp_status add_simulated_device(fastsecp_gpu_ctx* ctx, unsigned int compute_units, size_t fail_after) {
    if (ctx == nullptr || compute_units == 0) return FASTSECP_ERR_INVALID_ARGUMENT;
    Lock lock(ctx->mu);
    if (ctx->n_slots >= MAX_DEVICES) return FASTSECP_ERR_INVALID_ARGUMENT;
    ctx->slots[ctx->n_slots++] = Slot{nullptr, fail_after, compute_units};
    describe(ctx);
    return FASTSECP_OK;
}

}  // namespace fastsecp::gpu::testing

extern "C" {

fastsecp_status fastsecp_gpu_list_devices(fastsecp_gpu_backend backend, int include_cpu_devices,
                                          fastsecp_gpu_device_info* out, size_t cap, size_t* n_devices) {
    if (n_devices != nullptr) *n_devices = 0;
    if (n_devices == nullptr || !backend_ok(backend) || (out == nullptr && cap > 0)) return FASTSECP_ERR_INVALID_ARGUMENT;
    const size_t n = list_all(backend, include_cpu_devices, out, cap);
    *n_devices = n;
    return n > cap ? FASTSECP_ERR_BUFFER_TOO_SMALL : FASTSECP_OK;
}

fastsecp_status fastsecp_gpu_ctx_create(fastsecp_gpu_ctx** out, const fastsecp_gpu_options* options) {
    if (out == nullptr) return FASTSECP_ERR_INVALID_ARGUMENT;
    *out = nullptr;
    fastsecp_gpu_options o = FASTSECP_GPU_OPTIONS_INIT;
    if (options != nullptr) o = *options;
    if (o.version != FASTSECP_GPU_OPTIONS_VERSION || !backend_ok(o.backend) || o.device < -1 ||
        o.cpu_threads > FASTSECP_MAX_THREADS)
        return FASTSECP_ERR_INVALID_ARGUMENT;
    auto* ctx = static_cast<fastsecp_gpu_ctx*>(std::calloc(1, sizeof(fastsecp_gpu_ctx)));
    if (ctx == nullptr) return FASTSECP_ERR_OUT_OF_MEMORY;
    if (pthread_mutex_init(&ctx->mu, nullptr) != 0) {
        std::free(ctx);
        return FASTSECP_ERR_OUT_OF_MEMORY;
    }
    fastsecp_ctx_options co = FASTSECP_CTX_OPTIONS_INIT;
    co.n_threads = o.cpu_threads;
    fastsecp_status st = fastsecp_ctx_create(&ctx->cpu, &co);
    if (st == FASTSECP_OK) {
        st = open_devices(ctx, o);
        // AUTO never fails for want of a device: the CPU engine takes over.
        if (o.backend == FASTSECP_GPU_BACKEND_AUTO && (st == FASTSECP_ERR_NO_DEVICE || st == FASTSECP_ERR_DEVICE))
            st = FASTSECP_OK;
    }
    if (st != FASTSECP_OK) {
        fastsecp_gpu_ctx_destroy(ctx);
        return st;
    }
    ctx->backend = FASTSECP_GPU_BACKEND_CPU;
    if (ctx->n_slots > 0) ctx->backend = gpu::device_info(ctx->slots[0].dev)->backend;
    describe(ctx);
    *out = ctx;
    return FASTSECP_OK;
}

void fastsecp_gpu_ctx_destroy(fastsecp_gpu_ctx* ctx) {
    if (ctx == nullptr) return;
    close_all(ctx);
    fastsecp_ctx_destroy(ctx->cpu);
    pthread_mutex_destroy(&ctx->mu);
    std::free(ctx);
}

fastsecp_gpu_backend fastsecp_gpu_ctx_backend(const fastsecp_gpu_ctx* ctx) {
    return ctx != nullptr ? ctx->backend : FASTSECP_GPU_BACKEND_CPU;
}

const char* fastsecp_gpu_ctx_describe(const fastsecp_gpu_ctx* ctx) { return ctx != nullptr ? ctx->desc : "no context"; }

fastsecp_status fastsecp_gpu_ctx_stats(fastsecp_gpu_ctx* ctx, fastsecp_gpu_stats* stats, int reset) {
    if (ctx == nullptr || stats == nullptr) return FASTSECP_ERR_INVALID_ARGUMENT;
    Lock lock(ctx->mu);
    *stats = ctx->stats;
    if (reset) std::memset(&ctx->stats, 0, sizeof ctx->stats);
    return FASTSECP_OK;
}

fastsecp_status fastsecp_gpu_ecmult_gen_batch(fastsecp_gpu_ctx* ctx, fastsecp_status* results, unsigned char* out33,
                                              const unsigned char* scalars32, size_t n) {
    if (!ctx_ok(ctx, n, {results, out33, scalars32})) return api::fail_all(results, n, FASTSECP_ERR_INVALID_ARGUMENT);
    CallScope scope(ctx);
    if (ctx->n_slots == 0 || n == 0) {
        ctx->stats.cpu_items += n;
        return fastsecp_pubkey_create_batch(ctx->cpu, results, out33, scalars32, n);
    }
    GenOp op{ctx->cpu, results, out33, scalars32};
    const fastsecp_status st = run_split(ctx, op, n);
    if (st != FASTSECP_OK) return api::fail_all(results, n, st);
    return api::summarize(results, n);
}

fastsecp_status fastsecp_gpu_pubkey_tweak_mul_batch(fastsecp_gpu_ctx* ctx, fastsecp_status* results,
                                                    unsigned char* out33, const unsigned char* pubkeys33,
                                                    const unsigned char* tweak32, size_t n) {
    if (!ctx_ok(ctx, n, {results, out33, pubkeys33, tweak32}))
        return api::fail_all(results, n, FASTSECP_ERR_INVALID_ARGUMENT);
    CallScope scope(ctx);
    // A tweak of 0 or >= n fails the whole call (SCALAR_OUT_OF_RANGE as the summary, like
    // fastsecp.h), not item by item: such a call never reaches a device.
    Scalar tweak;
    int valid = scalar_set_b32_seckey(tweak, tweak32);
    scalar_clear(tweak);
    api::declassify(&valid, sizeof valid);
    if (ctx->n_slots == 0 || n == 0 || !valid) {
        ctx->stats.cpu_items += n;
        return fastsecp_pubkey_tweak_mul_batch(ctx->cpu, results, out33, pubkeys33, tweak32, n);
    }
    TweakMulOp op{ctx->cpu, results, out33, pubkeys33, tweak32};
    const fastsecp_status st = run_split(ctx, op, n);
    if (st != FASTSECP_OK) return api::fail_all(results, n, st);
    return api::summarize(results, n);
}

fastsecp_status fastsecp_gpu_schnorr_verify_batch(fastsecp_gpu_ctx* ctx, fastsecp_status* results,
                                                  const fastsecp_schnorr_item* items, size_t n) {
    return verify_call(ctx, results, items, n, bad_schnorr, fastsecp_schnorr_verify_batch);
}

fastsecp_status fastsecp_gpu_ecdsa_verify_batch(fastsecp_gpu_ctx* ctx, fastsecp_status* results,
                                                const fastsecp_ecdsa_item* items, size_t n) {
    return verify_call(ctx, results, items, n, bad_ecdsa, fastsecp_ecdsa_verify_batch);
}

fastsecp_status fastsecp_gpu_sp_scan_prefilter_items(fastsecp_gpu_ctx* ctx, const fastsecp_sp_wallet* wallet,
                                                     fastsecp_status* results, unsigned char* maybe,
                                                     const fastsecp_sp_prefilter_item* items, size_t n,
                                                     unsigned int flags) {
    if (!ctx_ok(ctx, n, {results, maybe, items})) return api::fail_all(results, n, FASTSECP_ERR_INVALID_ARGUMENT);
    CallScope scope(ctx);
    if (ctx->n_slots == 0 || n == 0) {
        ctx->stats.cpu_items += n;
        return fastsecp_sp_scan_prefilter_items(ctx->cpu, wallet, results, maybe, items, n, flags);
    }
    // The wallet and flags checked exactly as the CPU call checks them (a call with no items).
    const fastsecp_status probe = fastsecp_sp_scan_prefilter_items(ctx->cpu, wallet, nullptr, nullptr, nullptr, 0, flags);
    if (probe != FASTSECP_OK) return api::fail_all(results, n, probe);
    Compacted<fastsecp_sp_prefilter_item> in;
    if (!in.build(items, n, results, maybe, bad_prefilter)) return api::fail_all(results, n, FASTSECP_ERR_OUT_OF_MEMORY);
    PrefilterOp op{ctx->cpu, wallet, &in, flags};
    const fastsecp_status st = run_split(ctx, op, in.n);
    if (st != FASTSECP_OK) return api::fail_all(results, n, st);
    in.scatter(results, maybe);
    return api::summarize(results, n);
}

fastsecp_status fastsecp_gpu_sp_scan(fastsecp_gpu_ctx* ctx, const fastsecp_sp_wallet* wallet, fastsecp_status* results,
                                     const fastsecp_sp_item* items, size_t n, fastsecp_sp_match* matches,
                                     size_t matches_cap, size_t* n_matches, unsigned int flags) {
    if (n_matches != nullptr) *n_matches = 0;
    if (!ctx_ok(ctx, n, {results, items})) return api::fail_all(results, n, FASTSECP_ERR_INVALID_ARGUMENT);
    CallScope scope(ctx);
    if (ctx->n_slots == 0 || n == 0) {
        ctx->stats.cpu_items += n;
        return fastsecp_sp_scan(ctx->cpu, wallet, results, items, n, matches, matches_cap, n_matches, flags);
    }
    // The wallet, match buffer and flags checked exactly as the CPU call checks them.
    const fastsecp_status probe =
        fastsecp_sp_scan(ctx->cpu, wallet, nullptr, nullptr, 0, matches, matches_cap, n_matches, flags);
    if (probe != FASTSECP_OK) return api::fail_all(results, n, probe);
    Compacted<fastsecp_sp_item> in;
    if (!in.build(items, n, results, nullptr, bad_scan)) return api::fail_all(results, n, FASTSECP_ERR_OUT_OF_MEMORY);
    rt::Vec<fastsecp_sp_match> found[MAX_DEVICES];
    bool oom[MAX_DEVICES] = {};
    ScanOp op{ctx->cpu, wallet, &in, flags, found, oom};
    fastsecp_status st = run_split(ctx, op, in.n);
    size_t total = 0;
    for (size_t d = 0; d < ctx->n_slots; d++) {
        if (oom[d]) st = FASTSECP_ERR_OUT_OF_MEMORY;
        for (const fastsecp_sp_match& m : found[d]) {
            if (st == FASTSECP_OK && total < matches_cap) matches[total] = m;
            total++;
        }
        hash::memclear(found[d].data(), found[d].size() * sizeof(fastsecp_sp_match));
    }
    if (st != FASTSECP_OK) return api::fail_all(results, n, st);
    in.scatter(results, nullptr);
    *n_matches = total;
    if (total > matches_cap) return FASTSECP_ERR_BUFFER_TOO_SMALL;
    return api::summarize(results, n);
}

}  // extern "C"
