// secp256k1.duckdb_extension: the functions of the silent-payments server's DuckDB extension
// (same names, argument types, results and NULL rules), on DuckDB's stable C extension API, with
// the heavy ones run a whole chunk at a time through fastsecp's batch calls:
//  - scan_silent_payments: every row of a chunk that shares a wallet goes through one
//    fastsecp_sp_scan_prefilter_items call (shared inversions, lanes); the prepared wallet is
//    cached across chunks and queries, keyed by a hash of (scan key, spend key, label list);
//  - secp256k1_ec_pubkey_tweak_mul: runs of rows with the same tweak through
//    fastsecp_pubkey_tweak_mul_batch; secp256k1_ec_pubkey_create through fastsecp_pubkey_create_batch;
//  - the light ones row by row (through this library's libsecp256k1 API where a curve is involved).
//  - cudasp_match: the filter of the public cudasp extension's cudasp_scan table function (its
//    encodings: 64-byte little-endian x || y points, a little-endian scan key), a chunk at a time
//    through fastsecp_gpu.h (a GPU when there is one, else the CPU engine; same rows either way);
//    cudasp_scan itself, with its TABLE argument, is cudasp.duckdb_extension (cudasp_extension.cpp).
// The scan key is handled in constant time unless the environment sets FASTSECP_DUCKDB_VARTIME=1
// when the extension is loaded (see README, "Silent payments in DuckDB").
#include <fastsecp.h>
#include <fastsecp_gpu.h>
#include <secp256k1.h>
#include <string.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#define DUCKDB_EXTENSION_NAME secp256k1
#include "scan_device.h"
#include "vectors.h"

using ddb::Blob;

namespace {

// ---- Process-wide state, made once ----------------------------------------------------------------

struct Globals {
    secp256k1_context* sctx = nullptr;  // this library's libsecp256k1 API (row-by-row functions)
};

const Globals& globals() {
    static Globals g = [] {
        Globals r;
        r.sctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
        return r;
    }();
    return g;
}

void wipe(void* p, size_t n) { explicit_bzero(p, n); }

// Equality without an early exit (for key material; only the yes/no is used).
bool same_bytes(const Blob& a, const Blob& b) {
    if (a.size != b.size) return false;
    unsigned char d = 0;
    for (size_t i = 0; i < a.size; i++) d |= a.data[i] ^ b.data[i];
    return d == 0;
}

int64_t be_int64(const unsigned char* p) {
    uint64_t v = 0;
    for (int i = 0; i < 8; i++) v = v << 8 | p[i];
    return (int64_t)v;
}

bool serialize33(unsigned char out[33], const secp256k1_pubkey& pk) {
    size_t len = 33;
    return secp256k1_ec_pubkey_serialize(globals().sctx, out, &len, &pk, SECP256K1_EC_COMPRESSED) == 1;
}

// ---- Prepared wallets, cached across chunks and queries -------------------------------------------

using fastsecp_duckdb::WalletRef;
using WalletPtr = std::shared_ptr<WalletRef>;

// What identifies a wallet in a row: the scan key, the spend key and the label list's elements
// (NULL elements left out, as the reference skips them).
struct WalletSpec {
    Blob scan, spend;
    std::vector<Blob> labels;
};

// A small LRU map from a digest of the wallet's keys (never the keys themselves) to the prepared
// wallet. An evicted wallet is destroyed, and so wiped, once no running chunk still uses it.
class WalletCache {
public:
    static constexpr size_t CAPACITY = 16;

    // The wallet for spec, made on first use; null when its keys are invalid (status in st).
    WalletPtr get(const WalletSpec& spec, fastsecp_status& st) {
        unsigned char digest[32];
        digest_of(digest, spec);
        {
            std::lock_guard<std::mutex> lock(mu_);
            for (Entry& e : entries_)
                if (same_bytes({e.digest, 32}, {digest, 32})) {
                    e.used = ++clock_;
                    st = FASTSECP_OK;
                    return e.wallet;
                }
        }
        auto ref = std::make_shared<WalletRef>();
        std::vector<const unsigned char*> pts(spec.labels.size());
        std::vector<size_t> lens(spec.labels.size());
        for (size_t i = 0; i < spec.labels.size(); i++) {
            pts[i] = spec.labels[i].data;
            lens[i] = spec.labels[i].size;
        }
        st = fastsecp_sp_wallet_create_from_points(fastsecp_duckdb::cpu_engine().ctx, &ref->w, spec.scan.data, spec.spend.data,
                                                   spec.spend.size, pts.data(), lens.data(), pts.size(), nullptr);
        if (st != FASTSECP_OK) return nullptr;
        std::lock_guard<std::mutex> lock(mu_);
        for (Entry& e : entries_)  // another thread made the same wallet meanwhile: use that one
            if (same_bytes({e.digest, 32}, {digest, 32})) {
                e.used = ++clock_;
                return e.wallet;  // ours is wiped as it goes out of scope
            }
        if (entries_.size() >= CAPACITY) {
            auto oldest = std::min_element(entries_.begin(), entries_.end(),
                                           [](const Entry& a, const Entry& b) { return a.used < b.used; });
            entries_.erase(oldest);  // its wallet is wiped when the last user lets go
        }
        Entry e;
        std::memcpy(e.digest, digest, 32);
        e.wallet = ref;
        e.used = ++clock_;
        entries_.push_back(std::move(e));
        return ref;
    }

private:
    struct Entry {
        unsigned char digest[32];
        WalletPtr wallet;
        uint64_t used = 0;
    };

    static void digest_of(unsigned char out[32], const WalletSpec& spec) {
        std::vector<unsigned char> buf;
        auto put = [&](const Blob& b) {
            const uint32_t len = (uint32_t)b.size;
            const unsigned char l[4] = {(unsigned char)len, (unsigned char)(len >> 8), (unsigned char)(len >> 16),
                                        (unsigned char)(len >> 24)};
            buf.insert(buf.end(), l, l + 4);
            buf.insert(buf.end(), b.data, b.data + b.size);
        };
        size_t total = 12 + spec.scan.size + spec.spend.size;
        for (const Blob& b : spec.labels) total += 4 + b.size;
        buf.reserve(total);  // one allocation: nothing holding the key is left behind by a regrowth
        put(spec.scan);
        put(spec.spend);
        for (const Blob& b : spec.labels) put(b);
        static const char TAG[] = "fastsecp/duckdb/wallet";
        (void)secp256k1_tagged_sha256(globals().sctx, out, reinterpret_cast<const unsigned char*>(TAG),
                                      sizeof TAG - 1, buf.data(), buf.size());
        wipe(buf.data(), buf.size());
    }

    std::mutex mu_;
    std::vector<Entry> entries_;
    uint64_t clock_ = 0;
};

WalletCache& wallet_cache() {
    static WalletCache c;
    return c;
}

// ---- scan_silent_payments(outputs BIGINT[], keys BLOB[], label_tweaks BLOB[]) -> BOOLEAN ----------

struct ScanRow {
    Blob tweak;
    int wallet;  // index into the chunk's wallets, or -1: the row's result is NULL
};

// Runs the rows of each wallet through one pre-filter call (on the scan device when on_device, else
// on the CPU engine): res[i] = whether row i may pay; rows that fail get wallet -1 (a NULL result). The
// prefixes are each row's non-NULL output elements (as the reference compares them), sized by this
// chunk's lists (the child vector may hold more than this chunk's elements). False (the function's
// error set) when a call did not run.
bool prefilter_rows(duckdb_function_info info, std::vector<ScanRow>& rows, const std::vector<WalletPtr>& wallets,
                    const ddb::ListColumn& outs, bool* res, bool on_device) {
    const size_t n = rows.size();
    size_t n_prefixes = 0;
    for (size_t i = 0; i < n; i++)
        if (rows[i].wallet >= 0 && outs.valid(i)) n_prefixes += outs.entry(i).length;
    std::vector<uint64_t> prefixes(n_prefixes);
    std::vector<fastsecp_sp_prefilter_item> items;
    std::vector<size_t> item_row;
    std::vector<fastsecp_status> st;
    std::vector<unsigned char> maybe;
    const int64_t* out_vals = outs.child.data<int64_t>();
    for (size_t w = 0; w < wallets.size(); w++) {
        items.clear();
        item_row.clear();
        size_t used = 0;
        for (size_t i = 0; i < n; i++) {
            if (rows[i].wallet != (int)w) continue;
            fastsecp_sp_prefilter_item it;
            it.tweak = rows[i].tweak.data;
            it.tweaklen = rows[i].tweak.size;
            it.prefixes = prefixes.data() + used;
            if (outs.valid(i)) {
                const duckdb_list_entry oe = outs.entry(i);
                for (idx_t j = oe.offset; j < oe.offset + oe.length; j++)
                    if (outs.child.valid(j)) prefixes[used++] = (uint64_t)out_vals[j];
            }
            it.n_prefixes = (size_t)(prefixes.data() + used - it.prefixes);
            items.push_back(it);
            item_row.push_back(i);
        }
        st.resize(items.size());
        maybe.resize(items.size());
        const fastsecp_status call = fastsecp_duckdb::scan_prefilter(wallets[w]->w, st.data(), maybe.data(),
                                                                     items.data(), items.size(), on_device);
        if (call != FASTSECP_OK && call != FASTSECP_ERR_ITEM_FAILED) {
            duckdb_scalar_function_set_error(info, fastsecp_strerror(call));
            return false;
        }
        for (size_t k = 0; k < items.size(); k++) {
            if (st[k] == FASTSECP_OK) res[item_row[k]] = maybe[k] != 0;
            else rows[item_row[k]].wallet = -1;
        }
    }
    return true;
}

void scan_silent_payments(duckdb_function_info info, duckdb_data_chunk input, duckdb_vector output) {
    const size_t n = duckdb_data_chunk_get_size(input);
    ddb::ListColumn outs(input, 0), keys(input, 1), labels(input, 2);
    ddb::Output out(output);
    bool* res = out.data<bool>();
    std::vector<ScanRow> rows(n);
    std::vector<WalletPtr> wallets;
    WalletSpec prev, cur;
    int prev_wallet = -1;
    bool have_prev = false;
    for (size_t i = 0; i < n; i++) {
        res[i] = false;
        rows[i].wallet = -1;
        if (!outs.valid(i) || !keys.valid(i) || !labels.valid(i)) continue;
        const duckdb_list_entry ke = keys.entry(i);
        if (ke.length != 3) continue;
        if (!keys.child.valid(ke.offset) || !keys.child.valid(ke.offset + 1) || !keys.child.valid(ke.offset + 2))
            continue;
        cur.scan = keys.child.blob(ke.offset);
        cur.spend = keys.child.blob(ke.offset + 1);
        rows[i].tweak = keys.child.blob(ke.offset + 2);
        if (cur.scan.size != 32 || (cur.spend.size != 33 && cur.spend.size != 64) ||
            (rows[i].tweak.size != 33 && rows[i].tweak.size != 64))
            continue;
        const duckdb_list_entry le = labels.entry(i);
        cur.labels.clear();
        for (idx_t j = le.offset; j < le.offset + le.length; j++)
            if (labels.child.valid(j)) cur.labels.push_back(labels.child.blob(j));
        // Rows of a chunk nearly always share one wallet: compare with the previous row first.
        bool same = have_prev && same_bytes(cur.scan, prev.scan) && same_bytes(cur.spend, prev.spend) &&
                    cur.labels.size() == prev.labels.size();
        for (size_t j = 0; same && j < cur.labels.size(); j++) same = same_bytes(cur.labels[j], prev.labels[j]);
        if (!same) {
            fastsecp_status st;
            WalletPtr w = wallet_cache().get(cur, st);
            prev_wallet = -1;
            if (w != nullptr) {
                for (size_t q = 0; q < wallets.size() && prev_wallet < 0; q++)
                    if (wallets[q] == w) prev_wallet = (int)q;
                if (prev_wallet < 0) {
                    wallets.push_back(w);
                    prev_wallet = (int)wallets.size() - 1;
                }
            }
            std::swap(prev, cur);
            have_prev = true;
        }
        rows[i].wallet = prev_wallet;
    }
    if (!prefilter_rows(info, rows, wallets, outs, res, false)) return;
    for (size_t i = 0; i < n; i++)
        if (rows[i].wallet < 0) out.set_null(i);
}

// ---- cudasp_match(tweak_key BLOB, outputs BIGINT[], scan_private_key BLOB, spend_public_key BLOB,
//                   label_keys BLOB[]) -> BOOLEAN ---------------------------------------------------
// The public cudasp extension's cudasp_scan(input_table, scan_private_key, spend_public_key,
// label_keys, batch_size := 300000) is a table function with a TABLE argument, which DuckDB's stable
// C extension API cannot declare (cudasp.duckdb_extension, on the C++ API of one DuckDB version,
// has it: cudasp_extension.cpp); the same rows come from
//   SELECT txid, height, tweak_key FROM <input_table>
//   WHERE cudasp_match(tweak_key, outputs, scan_private_key, spend_public_key, label_keys)
// (README, "cudasp_scan"). Same encodings as cudasp: tweak_key, spend_public_key and each label key are
// 64 bytes x || y little-endian (a 33-byte compressed point is accepted too), scan_private_key is 32
// bytes little-endian. Keys of the wrong length are an error, with cudasp's messages; a tweak_key that
// is NULL, of another length or not on the curve gives NULL (no row in the WHERE form); NULL output
// elements are skipped and NULL outputs match nothing.

void cudasp_match(duckdb_function_info info, duckdb_data_chunk input, duckdb_vector output) {
    const size_t n = duckdb_data_chunk_get_size(input);
    ddb::Column tweaks(input, 0), scans(input, 2), spends(input, 3);
    ddb::ListColumn outs(input, 1), labels(input, 4);
    ddb::Output out(output);
    bool* res = out.data<bool>();
    const fastsecp_duckdb::ScanDevice& dev = fastsecp_duckdb::scan_device();
    if (dev.ctx == nullptr) {
        duckdb_scalar_function_set_error(info, ("cudasp_match: " + dev.error).c_str());
        return;
    }
    // Rows are grouped by wallet (nearly always one per query); each group is one batch call.
    std::vector<ScanRow> rows(n);
    std::vector<WalletPtr> wallets;
    std::vector<WalletSpec> specs;
    unsigned char scan_be[32];
    for (size_t i = 0; i < n; i++) {
        res[i] = false;
        rows[i].wallet = -1;
        if (!scans.valid(i) || !spends.valid(i) || !labels.valid(i)) continue;
        const Blob sk = scans.blob(i), sp = spends.blob(i);
        if (sk.size != 32) {
            const std::string e = "scan_private_key must be exactly 32 bytes, got " + std::to_string(sk.size) + " bytes";
            duckdb_scalar_function_set_error(info, e.c_str());
            return;
        }
        if (sp.size != 64 && sp.size != 33) {
            const std::string e = "spend_public_key must be exactly 64 bytes, got " + std::to_string(sp.size) + " bytes";
            duckdb_scalar_function_set_error(info, e.c_str());
            return;
        }
        WalletSpec cur;
        cur.scan = sk;
        cur.spend = sp;
        const duckdb_list_entry le = labels.entry(i);
        for (idx_t j = le.offset; j < le.offset + le.length; j++) {
            if (!labels.child.valid(j)) continue;
            const Blob l = labels.child.blob(j);
            if (l.size != 64 && l.size != 33) {
                const std::string e = "Each label key must be exactly 64 bytes, got " + std::to_string(l.size) + " bytes";
                duckdb_scalar_function_set_error(info, e.c_str());
                return;
            }
            cur.labels.push_back(l);
        }
        if (!tweaks.valid(i)) continue;
        int w = -1;
        for (size_t q = 0; q < specs.size() && w < 0; q++) {
            bool same = same_bytes(specs[q].scan, cur.scan) && same_bytes(specs[q].spend, cur.spend) &&
                        specs[q].labels.size() == cur.labels.size();
            for (size_t j = 0; same && j < cur.labels.size(); j++) same = same_bytes(specs[q].labels[j], cur.labels[j]);
            if (same) w = (int)q;
        }
        if (w < 0) {
            // cudasp's scan key is little-endian; the wallet takes BIP-352's big-endian bytes.
            for (int b = 0; b < 32; b++) scan_be[b] = sk.data[31 - b];
            WalletSpec be = cur;
            be.scan = Blob{scan_be, 32};
            fastsecp_status st;
            WalletPtr wp = wallet_cache().get(be, st);
            wipe(scan_be, sizeof scan_be);
            if (wp == nullptr) {
                const std::string e = std::string("cudasp_match: invalid scan_private_key or spend_public_key: ") +
                                      fastsecp_strerror(st);
                duckdb_scalar_function_set_error(info, e.c_str());
                return;
            }
            specs.push_back(cur);
            wallets.push_back(wp);
            w = (int)wallets.size() - 1;
        }
        rows[i].wallet = w;
        rows[i].tweak = tweaks.blob(i);
    }
    // The CPU engine runs on DuckDB's threads directly (a GPU context serializes its calls).
    if (!prefilter_rows(info, rows, wallets, outs, res, true)) return;
    for (size_t i = 0; i < n; i++)
        if (rows[i].wallet < 0) out.set_null(i);
}

// ---- secp256k1_ec_pubkey_tweak_mul(pubkey BLOB, tweak BLOB) -> BLOB --------------------------------

void ec_pubkey_tweak_mul(duckdb_function_info, duckdb_data_chunk input, duckdb_vector output) {
    const size_t n = duckdb_data_chunk_get_size(input);
    ddb::Column keys(input, 0), tweaks(input, 1);
    ddb::Output out(output);
    // Runs of rows with the same tweak (Frigate binds one scan key for the whole query) go through
    // one batch call each.
    std::vector<unsigned char> in33, out33;
    std::vector<size_t> run_rows;
    std::vector<fastsecp_status> st;
    unsigned char tweak[32];
    auto flush = [&] {
        if (run_rows.empty()) return;
        st.resize(run_rows.size());
        out33.resize(in33.size());
        const fastsecp_status call = fastsecp_pubkey_tweak_mul_batch(fastsecp_duckdb::cpu_engine().ctx, st.data(), out33.data(),
                                                                    in33.data(), tweak, run_rows.size());
        if (call == FASTSECP_ERR_INVALID_ARGUMENT || call == FASTSECP_ERR_OUT_OF_MEMORY) {
            for (size_t k = 0; k < run_rows.size(); k++) st[k] = call;
        }
        for (size_t k = 0; k < run_rows.size(); k++) {
            if (st[k] == FASTSECP_OK) out.set_blob(run_rows[k], out33.data() + 33 * k, 33);
            else out.set_null(run_rows[k]);
        }
        run_rows.clear();
        in33.clear();
    };
    for (size_t i = 0; i < n; i++) {
        if (!keys.valid(i) || !tweaks.valid(i)) {
            out.set_null(i);
            continue;
        }
        const Blob k = keys.blob(i), t = tweaks.blob(i);
        if (k.size != 33 || t.size != 32) {
            out.set_null(i);
            continue;
        }
        if (!run_rows.empty() && !same_bytes(t, {tweak, 32})) flush();
        if (run_rows.empty()) std::memcpy(tweak, t.data, 32);
        in33.insert(in33.end(), k.data, k.data + 33);
        run_rows.push_back(i);
    }
    flush();
    wipe(tweak, sizeof tweak);
}

// ---- secp256k1_ec_pubkey_create(seckey BLOB) -> BLOB ----------------------------------------------

void ec_pubkey_create(duckdb_function_info info, duckdb_data_chunk input, duckdb_vector output) {
    const size_t n = duckdb_data_chunk_get_size(input);
    ddb::Column keys(input, 0);
    ddb::Output out(output);
    std::vector<unsigned char> sec(32 * n), pub(33 * n);
    std::vector<size_t> rows;
    for (size_t i = 0; i < n; i++) {
        if (!keys.valid(i) || keys.blob(i).size != 32) {
            out.set_null(i);
            continue;
        }
        std::memcpy(sec.data() + 32 * rows.size(), keys.blob(i).data, 32);
        rows.push_back(i);
    }
    std::vector<fastsecp_status> st(rows.size());
    const fastsecp_status call =
        fastsecp_pubkey_create_batch(fastsecp_duckdb::cpu_engine().ctx, st.data(), pub.data(), sec.data(), rows.size());
    wipe(sec.data(), sec.size());
    if (call != FASTSECP_OK && call != FASTSECP_ERR_ITEM_FAILED) {
        duckdb_scalar_function_set_error(info, fastsecp_strerror(call));
        return;
    }
    for (size_t k = 0; k < rows.size(); k++) {
        if (st[k] == FASTSECP_OK) out.set_blob(rows[k], pub.data() + 33 * k, 33);
        else out.set_null(rows[k]);
    }
}

// ---- secp256k1_ec_pubkey_combine(pubkeys BLOB[]) -> BLOB ------------------------------------------

void ec_pubkey_combine(duckdb_function_info, duckdb_data_chunk input, duckdb_vector output) {
    const size_t n = duckdb_data_chunk_get_size(input);
    ddb::ListColumn list(input, 0);
    ddb::Output out(output);
    std::vector<secp256k1_pubkey> pks;
    std::vector<const secp256k1_pubkey*> ptrs;
    for (size_t i = 0; i < n; i++) {
        bool ok = list.valid(i);
        const duckdb_list_entry e = ok ? list.entry(i) : duckdb_list_entry{0, 0};
        ok = ok && e.length > 0;
        pks.resize(e.length);
        ptrs.clear();
        for (idx_t j = 0; ok && j < e.length; j++) {
            const idx_t c = e.offset + j;
            ok = list.child.valid(c) && list.child.blob(c).size == 33 &&
                 secp256k1_ec_pubkey_parse(globals().sctx, &pks[j], list.child.blob(c).data, 33) == 1;
            ptrs.push_back(&pks[j]);
        }
        secp256k1_pubkey sum;
        unsigned char ser[33];
        ok = ok && secp256k1_ec_pubkey_combine(globals().sctx, &sum, ptrs.data(), ptrs.size()) == 1 &&
             serialize33(ser, sum);
        if (ok) out.set_blob(i, ser, 33);
        else out.set_null(i);
    }
}

// ---- secp256k1_tagged_sha256(tag BLOB, msg BLOB) -> BLOB ------------------------------------------

void tagged_sha256(duckdb_function_info, duckdb_data_chunk input, duckdb_vector output) {
    const size_t n = duckdb_data_chunk_get_size(input);
    ddb::Column tags(input, 0), msgs(input, 1);
    ddb::Output out(output);
    for (size_t i = 0; i < n; i++) {
        unsigned char h[32];
        if (!tags.valid(i) || !msgs.valid(i)) {
            out.set_null(i);
            continue;
        }
        const Blob t = tags.blob(i), m = msgs.blob(i);
        static const unsigned char empty[1] = {0};
        if (secp256k1_tagged_sha256(globals().sctx, h, t.size ? t.data : empty, t.size, m.size ? m.data : empty,
                                    m.size) == 1)
            out.set_blob(i, h, 32);
        else out.set_null(i);
    }
}

// ---- secp256k1_xonly_key_match(xonly BIGINT[], target BLOB, keys BLOB[]) -> BOOLEAN ----------------

void xonly_key_match(duckdb_function_info, duckdb_data_chunk input, duckdb_vector output) {
    const size_t n = duckdb_data_chunk_get_size(input);
    ddb::ListColumn xs(input, 0), others(input, 2);
    ddb::Column targets(input, 1);
    ddb::Output out(output);
    bool* res = out.data<bool>();
    const int64_t* xv = xs.child.data<int64_t>();
    for (size_t i = 0; i < n; i++) {
        res[i] = false;
        if (!xs.valid(i) || !targets.valid(i) || !others.valid(i) || targets.blob(i).size != 33) {
            out.set_null(i);
            continue;
        }
        const Blob target = targets.blob(i);
        const duckdb_list_entry xe = xs.entry(i), oe = others.entry(i);
        auto in_list = [&](int64_t v) {
            for (idx_t j = xe.offset; j < xe.offset + xe.length; j++)
                if (xs.child.valid(j) && xv[j] == v) return true;
            return false;
        };
        if (in_list(be_int64(target.data + 1))) {
            res[i] = true;
            continue;
        }
        if (oe.length == 0) continue;
        secp256k1_pubkey tp;
        if (secp256k1_ec_pubkey_parse(globals().sctx, &tp, target.data, 33) != 1) {
            out.set_null(i);
            continue;
        }
        for (idx_t k = oe.offset; k < oe.offset + oe.length && !res[i]; k++) {
            if (!others.child.valid(k) || others.child.blob(k).size != 33) continue;
            secp256k1_pubkey op, sum;
            if (secp256k1_ec_pubkey_parse(globals().sctx, &op, others.child.blob(k).data, 33) != 1) continue;
            const secp256k1_pubkey* two[2] = {&tp, &op};
            unsigned char ser[33];
            if (secp256k1_ec_pubkey_combine(globals().sctx, &sum, two, 2) != 1 || !serialize33(ser, sum)) continue;
            res[i] = in_list(be_int64(ser + 1));
        }
    }
}

// ---- create_outpoint, min_outpoint, hash_prefix_to_int, int_to_big_endian -------------------------

void create_outpoint(duckdb_function_info, duckdb_data_chunk input, duckdb_vector output) {
    const size_t n = duckdb_data_chunk_get_size(input);
    ddb::Column txids(input, 0), vouts(input, 1);
    ddb::Output out(output);
    const int32_t* v = vouts.data<int32_t>();
    for (size_t i = 0; i < n; i++) {
        if (!txids.valid(i) || !vouts.valid(i) || txids.blob(i).size != 32) {
            out.set_null(i);
            continue;
        }
        unsigned char o[36];
        const unsigned char* t = txids.blob(i).data;
        for (int j = 0; j < 32; j++) o[j] = t[31 - j];  // txid reversed
        const uint32_t u = (uint32_t)v[i];
        for (int j = 0; j < 4; j++) o[32 + j] = (unsigned char)(u >> (8 * j));  // vout little-endian
        out.set_blob(i, o, 36);
    }
}

void min_outpoint(duckdb_function_info, duckdb_data_chunk input, duckdb_vector output) {
    const size_t n = duckdb_data_chunk_get_size(input);
    ddb::ListColumn list(input, 0);
    ddb::Output out(output);
    for (size_t i = 0; i < n; i++) {
        const unsigned char* best = nullptr;
        if (list.valid(i)) {
            const duckdb_list_entry e = list.entry(i);
            for (idx_t j = e.offset; j < e.offset + e.length; j++) {
                if (!list.child.valid(j)) continue;
                const Blob b = list.child.blob(j);
                if (b.size == 36 && (best == nullptr || std::memcmp(b.data, best, 36) < 0)) best = b.data;
            }
        }
        if (best != nullptr) out.set_blob(i, best, 36);
        else out.set_null(i);
    }
}

void hash_prefix_to_int(duckdb_function_info, duckdb_data_chunk input, duckdb_vector output) {
    const size_t n = duckdb_data_chunk_get_size(input);
    ddb::Column blobs(input, 0), offsets(input, 1);
    ddb::Output out(output);
    int64_t* res = out.data<int64_t>();
    const uint32_t* off = offsets.data<uint32_t>();
    for (size_t i = 0; i < n; i++) {
        res[i] = 0;
        if (!blobs.valid(i) || !offsets.valid(i) || blobs.blob(i).size < (uint64_t)off[i] + 8) {
            out.set_null(i);
            continue;
        }
        res[i] = be_int64(blobs.blob(i).data + off[i]);
    }
}

void int_to_big_endian(duckdb_function_info, duckdb_data_chunk input, duckdb_vector output) {
    const size_t n = duckdb_data_chunk_get_size(input);
    ddb::Column ints(input, 0);
    ddb::Output out(output);
    const int32_t* v = ints.data<int32_t>();
    for (size_t i = 0; i < n; i++) {
        if (!ints.valid(i)) {
            out.set_null(i);
            continue;
        }
        const uint32_t u = (uint32_t)v[i];
        const unsigned char b[4] = {(unsigned char)(u >> 24), (unsigned char)(u >> 16), (unsigned char)(u >> 8),
                                    (unsigned char)u};
        out.set_blob(i, b, 4);
    }
}

}  // namespace

DUCKDB_EXTENSION_ENTRYPOINT(duckdb_connection con, duckdb_extension_info info, struct duckdb_extension_access* access) {
    const Globals& g = globals();
    if (g.sctx == nullptr || fastsecp_duckdb::cpu_engine().ctx == nullptr) {
        access->set_error(info, "secp256k1: could not create the library contexts");
        return false;
    }
    ddb::Types t;
    struct Fn {
        const char* name;
        std::vector<duckdb_logical_type> params;
        duckdb_logical_type ret;
        duckdb_scalar_function_t fn;
    };
    const Fn fns[] = {
        {"scan_silent_payments", {t.bigint_list, t.blob_list, t.blob_list}, t.boolean, scan_silent_payments},
        {"cudasp_match", {t.blob, t.bigint_list, t.blob, t.blob, t.blob_list}, t.boolean, cudasp_match},
        {"secp256k1_ec_pubkey_combine", {t.blob_list}, t.blob, ec_pubkey_combine},
        {"secp256k1_ec_pubkey_create", {t.blob}, t.blob, ec_pubkey_create},
        {"secp256k1_ec_pubkey_tweak_mul", {t.blob, t.blob}, t.blob, ec_pubkey_tweak_mul},
        {"secp256k1_tagged_sha256", {t.blob, t.blob}, t.blob, tagged_sha256},
        {"secp256k1_xonly_key_match", {t.bigint_list, t.blob, t.blob_list}, t.boolean, xonly_key_match},
        {"create_outpoint", {t.blob, t.integer}, t.blob, create_outpoint},
        {"min_outpoint", {t.blob_list}, t.blob, min_outpoint},
        {"hash_prefix_to_int", {t.blob, t.uinteger}, t.bigint, hash_prefix_to_int},
        {"int_to_big_endian", {t.integer}, t.blob, int_to_big_endian},
    };
    for (const Fn& f : fns)
        if (!ddb::register_scalar(con, f.name, f.params.data(), f.params.size(), f.ret, f.fn)) {
            access->set_error(info, "secp256k1: could not register a function");
            return false;
        }
    return true;
}
