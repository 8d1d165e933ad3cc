// secp256k1_reference.duckdb_extension: the benchmark's baseline, never installed. It registers
// scan_silent_payments computed row by row the way the silent-payments server's extension does
// it (parse, tweak multiply, serialize, tagged hash, k·G, combine, serialize, compare; then each
// label: combine, serialize, compare), through libsecp256k1 v0.8.0's API: the shared object named
// by FASTSECP_REFERENCE_LIB (tools/fetch-reference.sh), loaded when the extension is.
#include <dlfcn.h>

#include <cstdlib>
#include <cstring>
#include <type_traits>

#define DUCKDB_EXTENSION_NAME secp256k1_reference
#include "vectors.h"

using ddb::Blob;

namespace {

struct pubkey {
    unsigned char data[64];
};
struct Ref {
    void* ctx;
    void* (*context_create)(unsigned int);
    int (*parse)(const void*, pubkey*, const unsigned char*, size_t);
    int (*serialize)(const void*, unsigned char*, size_t*, const pubkey*, unsigned int);
    int (*tweak_mul)(const void*, pubkey*, const unsigned char*);
    int (*create)(const void*, pubkey*, const unsigned char*);
    int (*combine)(const void*, pubkey*, const pubkey* const*, size_t);
    int (*tagged)(const void*, unsigned char*, const unsigned char*, size_t, const unsigned char*, size_t);
} ref;

constexpr unsigned int CONTEXT_NONE = 1, COMPRESSED = (1 << 1) | (1 << 8);

bool load(const char* path) {
    void* h = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
    if (h == nullptr) return false;
    bool ok = true;
    auto sym = [&](auto& fn, const char* name) {
        fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(dlsym(h, name));
        ok = ok && fn != nullptr;
    };
    sym(ref.context_create, "secp256k1_context_create");
    sym(ref.parse, "secp256k1_ec_pubkey_parse");
    sym(ref.serialize, "secp256k1_ec_pubkey_serialize");
    sym(ref.tweak_mul, "secp256k1_ec_pubkey_tweak_mul");
    sym(ref.create, "secp256k1_ec_pubkey_create");
    sym(ref.combine, "secp256k1_ec_pubkey_combine");
    sym(ref.tagged, "secp256k1_tagged_sha256");
    if (ok) ref.ctx = ref.context_create(CONTEXT_NONE);
    return ok && ref.ctx != nullptr;
}

int64_t prefix_of(const unsigned char ser33[33]) {
    uint64_t v = 0;
    for (int i = 1; i <= 8; i++) v = v << 8 | ser33[i];
    return (int64_t)v;
}

bool key_of(pubkey& pk, const Blob& b) {
    if (b.size == 64) {
        std::memcpy(pk.data, b.data, 64);
        return true;
    }
    return ref.parse(ref.ctx, &pk, b.data, 33) == 1;
}

// One row; 1/0, or -1 for NULL.
int scan_row(const ddb::ListColumn& outs, size_t i, const Blob& scan, const Blob& spend, const Blob& tweak,
             const ddb::ListColumn& labels) {
    pubkey sp, tw, base_pk, out_pk;
    if (!key_of(sp, spend) || !key_of(tw, tweak)) return -1;
    if (ref.tweak_mul(ref.ctx, &tw, scan.data) != 1) return -1;
    unsigned char data[37] = {0}, ss[32], ser[33];
    size_t len = 33;
    if (ref.serialize(ref.ctx, data, &len, &tw, COMPRESSED) != 1) return -1;
    static const char TAG[] = "BIP0352/SharedSecret";
    if (ref.tagged(ref.ctx, ss, reinterpret_cast<const unsigned char*>(TAG), sizeof TAG - 1, data, 37) != 1) return -1;
    if (ref.create(ref.ctx, &base_pk, ss) != 1) return -1;
    const pubkey* two[2] = {&sp, &base_pk};
    if (ref.combine(ref.ctx, &out_pk, two, 2) != 1) return -1;
    len = 33;
    if (ref.serialize(ref.ctx, ser, &len, &out_pk, COMPRESSED) != 1) return -1;
    const duckdb_list_entry oe = outs.entry(i);
    const int64_t* ov = outs.child.data<int64_t>();
    auto found = [&](int64_t p) {
        for (idx_t j = oe.offset; j < oe.offset + oe.length; j++)
            if (outs.child.valid(j) && ov[j] == p) return true;
        return false;
    };
    if (found(prefix_of(ser))) return 1;
    const duckdb_list_entry le = labels.entry(i);
    for (idx_t j = le.offset; j < le.offset + le.length; j++) {
        if (!labels.child.valid(j)) continue;
        const Blob lb = labels.child.blob(j);
        pubkey lp, sum;
        if ((lb.size != 33 && lb.size != 64) || !key_of(lp, lb)) continue;
        const pubkey* pair[2] = {&out_pk, &lp};
        if (ref.combine(ref.ctx, &sum, pair, 2) != 1) continue;
        len = 33;
        if (ref.serialize(ref.ctx, ser, &len, &sum, COMPRESSED) != 1) continue;
        if (found(prefix_of(ser))) return 1;
    }
    return 0;
}

void scan_silent_payments(duckdb_function_info, duckdb_data_chunk input, duckdb_vector output) {
    const size_t n = duckdb_data_chunk_get_size(input);
    ddb::ListColumn outs(input, 0), keys(input, 1), labels(input, 2);
    ddb::Output out(output);
    bool* res = out.data<bool>();
    for (size_t i = 0; i < n; i++) {
        res[i] = false;
        int r = -1;
        if (outs.valid(i) && keys.valid(i) && labels.valid(i) && keys.entry(i).length == 3) {
            const idx_t o = keys.entry(i).offset;
            if (keys.child.valid(o) && keys.child.valid(o + 1) && keys.child.valid(o + 2)) {
                const Blob scan = keys.child.blob(o), spend = keys.child.blob(o + 1), tweak = keys.child.blob(o + 2);
                if (scan.size == 32 && (spend.size == 33 || spend.size == 64) && (tweak.size == 33 || tweak.size == 64))
                    r = scan_row(outs, i, scan, spend, tweak, labels);
            }
        }
        if (r < 0) out.set_null(i);
        else res[i] = r == 1;
    }
}

}  // namespace

DUCKDB_EXTENSION_ENTRYPOINT(duckdb_connection con, duckdb_extension_info info, struct duckdb_extension_access* access) {
    const char* path = std::getenv("FASTSECP_REFERENCE_LIB");
    if (path == nullptr || !load(path)) {
        access->set_error(info, "secp256k1_reference: set FASTSECP_REFERENCE_LIB to libsecp256k1 v0.8.0");
        return false;
    }
    ddb::Types t;
    const duckdb_logical_type params[3] = {t.bigint_list, t.blob_list, t.blob_list};
    if (!ddb::register_scalar(con, "scan_silent_payments", params, 3, t.boolean, scan_silent_payments)) {
        access->set_error(info, "secp256k1_reference: could not register scan_silent_payments");
        return false;
    }
    return true;
}
