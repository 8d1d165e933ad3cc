// cudasp_scan, the table function of the silent-payments server's GPU extension
// (sparrowwallet/duckdb-cudasp-extension), with its TABLE argument, parameters and result:
//   cudasp_scan(input_table, scan_private_key BLOB, spend_public_key BLOB, label_keys BLOB[]
//               [, batch_size INTEGER])          -- or batch_size := N; default 300,000
// input_table: (txid BLOB, height INTEGER, tweak_key BLOB, outputs BIGINT[]), by position;
// returns txid, height, tweak_key of every row whose k = 0 output (or that output plus a label key)
// has its 8-byte x prefix among outputs. Encodings as cudasp's: 64-byte x || y little-endian points
// (33-byte compressed ones accepted too), a 32-byte little-endian scan key.
//
// An in-out table function on DuckDB's C++ API, so this file is compiled against one DuckDB
// version's C++ headers and loaded through cudasp_loader.cpp (see there). Each DuckDB thread
// collects up to batch_size rows and runs them through one fastsecp_sp_scan_prefilter_items call
// on the scan device (scan_device.h: a GPU when there is one, else the CPU engine; same rows either
// way), then hands the matching rows out a vector at a time. Rows with a NULL txid, height or
// tweak_key are skipped (as cudasp does); a tweak_key of another length or off the curve matches
// nothing (cudasp computes on such bytes as they are); NULL output elements are skipped.
#include "duckdb.hpp"
#include "duckdb/common/exception.hpp"
#include "duckdb/function/table_function.hpp"
#include "duckdb/main/extension/extension_loader.hpp"

#include <fastsecp.h>
#include <string.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "scan_device.h"

namespace {

using namespace duckdb;

constexpr int64_t DEFAULT_BATCH = 300000;
constexpr int64_t MAX_BATCH = 10000000;

struct BindData : public TableFunctionData {
    std::shared_ptr<fastsecp_duckdb::WalletRef> wallet;  // the bound keys' wallet; shared by copies of the plan
    idx_t batch_size = DEFAULT_BATCH;

    unique_ptr<FunctionData> Copy() const override {
        auto r = make_uniq<BindData>();
        r->wallet = wallet;
        r->batch_size = batch_size;
        return r;
    }
    bool Equals(const FunctionData& other) const override {
        const auto& o = other.Cast<BindData>();
        return wallet == o.wallet && batch_size == o.batch_size;
    }
};

// One thread's rows waiting for a batch, and the matches waiting to be handed out. Bytes are
// copied: DuckDB's input chunks live only for the call.
struct LocalState : public LocalTableFunctionState {
    std::vector<unsigned char> bytes;  // txid then tweak_key of each waiting row
    std::vector<size_t> txid_at, tweak_at, tweak_len;
    std::vector<int32_t> height;
    std::vector<uint64_t> prefixes;
    std::vector<size_t> prefixes_at;  // row r's prefixes: [prefixes_at[r], prefixes_at[r + 1])
    bool input_taken = false;         // this input chunk is already collected (HAVE_MORE_OUTPUT)

    std::vector<unsigned char> out_bytes;
    std::vector<size_t> out_txid_at, out_txid_len, out_tweak_at, out_tweak_len;
    std::vector<int32_t> out_height;
    size_t out_pos = 0;

    LocalState() { prefixes_at.push_back(0); }
    size_t rows() const { return height.size(); }
    bool pending() const { return out_pos < out_height.size(); }
};

std::string blob_arg(const Value& v, const char* name) {
    if (v.IsNull()) throw InvalidInputException("%s must not be NULL", name);
    if (v.type().id() != LogicalTypeId::BLOB) throw InvalidInputException("%s must be a BLOB", name);
    return StringValue::Get(v);
}

// A copy of a secret argument, wiped when it goes out of scope (whichever way Bind leaves).
struct WipedString {
    std::string s;
    ~WipedString() {
        if (!s.empty()) explicit_bzero(&s[0], s.size());
    }
};

unique_ptr<FunctionData> Bind(ClientContext&, TableFunctionBindInput& input, vector<LogicalType>& return_types,
                              vector<string>& names) {
    const auto& cols = input.input_table_types;
    if (cols.size() < 4 || cols[0].id() != LogicalTypeId::BLOB || cols[1].id() != LogicalTypeId::INTEGER ||
        cols[2].id() != LogicalTypeId::BLOB || cols[3] != LogicalType::LIST(LogicalType::BIGINT))
        throw InvalidInputException("cudasp_scan: the input table's columns must be txid BLOB, height INTEGER, "
                                    "tweak_key BLOB, outputs BIGINT[] (in that order)");
    const WipedString scan{blob_arg(input.inputs[1], "scan_private_key")};
    if (scan.s.size() != 32)
        throw InvalidInputException("scan_private_key must be exactly 32 bytes, got %llu bytes",
                                    (unsigned long long)scan.s.size());
    const std::string spend = blob_arg(input.inputs[2], "spend_public_key");
    if (spend.size() != 64 && spend.size() != 33) {
        throw InvalidInputException("spend_public_key must be exactly 64 bytes, got %llu bytes",
                                    (unsigned long long)spend.size());
    }
    std::vector<std::string> labels;
    if (input.inputs[3].IsNull()) {
        throw InvalidInputException("label_keys must not be NULL");
    }
    for (const Value& l : ListValue::GetChildren(input.inputs[3])) {
        if (l.IsNull()) continue;  // as cudasp_match and the reference skip NULL elements
        labels.push_back(StringValue::Get(l));
        if (labels.back().size() != 64 && labels.back().size() != 33) {
            throw InvalidInputException("Each label key must be exactly 64 bytes, got %llu bytes",
                                        (unsigned long long)labels.back().size());
        }
    }
    if (input.inputs.size() > 5) {
        throw InvalidInputException("cudasp_scan takes 4 or 5 arguments: TABLE, scan_private_key BLOB, "
                                    "spend_public_key BLOB, label_keys BLOB[], and an optional batch_size INTEGER");
    }
    int64_t batch = DEFAULT_BATCH;
    if (input.inputs.size() == 5) {
        if (input.inputs[4].IsNull()) batch = 0;
        else batch = input.inputs[4].GetValue<int64_t>();
    }
    auto named = input.named_parameters.find("batch_size");
    if (named != input.named_parameters.end()) batch = named->second.IsNull() ? 0 : named->second.GetValue<int64_t>();
    if (batch <= 0 || batch > MAX_BATCH) {
        throw InvalidInputException("batch_size must be between 1 and %lld, got %lld", (long long)MAX_BATCH,
                                    (long long)batch);
    }

    const fastsecp_duckdb::CpuEngine& cpu = fastsecp_duckdb::cpu_engine();
    if (cpu.ctx == nullptr) {
        throw InternalException("cudasp_scan: could not create the library's context");
    }
    // cudasp's scan key is little-endian; the wallet takes BIP-352's big-endian bytes.
    unsigned char scan_be[32];
    for (int b = 0; b < 32; b++) scan_be[b] = (unsigned char)scan.s[31 - b];
    std::vector<const unsigned char*> pts;
    std::vector<size_t> lens;
    for (const std::string& l : labels) {
        pts.push_back(reinterpret_cast<const unsigned char*>(l.data()));
        lens.push_back(l.size());
    }
    auto wallet = std::make_shared<fastsecp_duckdb::WalletRef>();
    const fastsecp_status st = fastsecp_sp_wallet_create_from_points(
        cpu.ctx, &wallet->w, scan_be, reinterpret_cast<const unsigned char*>(spend.data()), spend.size(),
        pts.data(), lens.data(), pts.size(), nullptr);
    explicit_bzero(scan_be, sizeof scan_be);
    if (st != FASTSECP_OK)
        throw InvalidInputException("cudasp_scan: invalid scan_private_key or spend_public_key: %s",
                                    fastsecp_strerror(st));
    if (fastsecp_duckdb::scan_device().ctx == nullptr)
        throw IOException("cudasp_scan: %s", fastsecp_duckdb::scan_device().error);

    return_types = {LogicalType::BLOB, LogicalType::INTEGER, LogicalType::BLOB};
    names = {"txid", "height", "tweak_key"};
    auto r = make_uniq<BindData>();
    r->wallet = std::move(wallet);
    r->batch_size = (idx_t)batch;
    return r;
}

unique_ptr<LocalTableFunctionState> LocalInit(ExecutionContext&, TableFunctionInitInput&, GlobalTableFunctionState*) {
    return make_uniq<LocalState>();
}

void collect(LocalState& ls, DataChunk& input) {
    const idx_t n = input.size();
    UnifiedVectorFormat txid, height, tweak, outs, child;
    input.data[0].ToUnifiedFormat(n, txid);
    input.data[1].ToUnifiedFormat(n, height);
    input.data[2].ToUnifiedFormat(n, tweak);
    input.data[3].ToUnifiedFormat(n, outs);
    Vector& child_vec = ListVector::GetEntry(input.data[3]);
    child_vec.ToUnifiedFormat(ListVector::GetListSize(input.data[3]), child);
    const auto* txids = UnifiedVectorFormat::GetData<string_t>(txid);
    const auto* heights = UnifiedVectorFormat::GetData<int32_t>(height);
    const auto* tweaks = UnifiedVectorFormat::GetData<string_t>(tweak);
    const auto* lists = UnifiedVectorFormat::GetData<list_entry_t>(outs);
    const auto* values = UnifiedVectorFormat::GetData<int64_t>(child);
    for (idx_t i = 0; i < n; i++) {
        const idx_t a = txid.sel->get_index(i), h = height.sel->get_index(i), t = tweak.sel->get_index(i),
                    o = outs.sel->get_index(i);
        if (!txid.validity.RowIsValid(a) || !height.validity.RowIsValid(h) || !tweak.validity.RowIsValid(t)) continue;
        const string_t& x = txids[a];
        const string_t& k = tweaks[t];
        ls.txid_at.push_back(ls.bytes.size());
        ls.bytes.insert(ls.bytes.end(), x.GetData(), x.GetData() + x.GetSize());
        ls.tweak_at.push_back(ls.bytes.size());
        ls.tweak_len.push_back(k.GetSize());
        ls.bytes.insert(ls.bytes.end(), k.GetData(), k.GetData() + k.GetSize());
        ls.height.push_back(heights[h]);
        if (outs.validity.RowIsValid(o)) {
            const list_entry_t& e = lists[o];
            for (idx_t j = e.offset; j < e.offset + e.length; j++) {
                const idx_t c = child.sel->get_index(j);
                if (child.validity.RowIsValid(c)) ls.prefixes.push_back((uint64_t)values[c]);
            }
        }
        ls.prefixes_at.push_back(ls.prefixes.size());
    }
}

// Scans the waiting rows in one call and queues the matches.
void run_batch(LocalState& ls, const BindData& bd) {
    const size_t n = ls.rows();
    if (n == 0) return;
    std::vector<fastsecp_sp_prefilter_item> items(n);
    for (size_t r = 0; r < n; r++) {
        items[r].tweak = ls.bytes.data() + ls.tweak_at[r];
        items[r].tweaklen = ls.tweak_len[r];
        items[r].prefixes = ls.prefixes.data() + ls.prefixes_at[r];
        items[r].n_prefixes = ls.prefixes_at[r + 1] - ls.prefixes_at[r];
    }
    std::vector<fastsecp_status> st(n);
    std::vector<unsigned char> maybe(n);
    const fastsecp_status call =
        fastsecp_duckdb::scan_prefilter(bd.wallet->w, st.data(), maybe.data(), items.data(), n, true);
    if (call != FASTSECP_OK && call != FASTSECP_ERR_ITEM_FAILED)
        throw IOException("cudasp_scan: %s", fastsecp_strerror(call));
    if (!ls.pending()) {
        ls.out_bytes.clear();
        ls.out_txid_at.clear();
        ls.out_txid_len.clear();
        ls.out_tweak_at.clear();
        ls.out_tweak_len.clear();
        ls.out_height.clear();
        ls.out_pos = 0;
    }
    for (size_t r = 0; r < n; r++) {
        if (st[r] != FASTSECP_OK || maybe[r] == 0) continue;
        const size_t txid_len = ls.tweak_at[r] - ls.txid_at[r];
        ls.out_txid_at.push_back(ls.out_bytes.size());
        ls.out_txid_len.push_back(txid_len);
        ls.out_bytes.insert(ls.out_bytes.end(), ls.bytes.data() + ls.txid_at[r], ls.bytes.data() + ls.tweak_at[r]);
        ls.out_tweak_at.push_back(ls.out_bytes.size());
        ls.out_tweak_len.push_back(ls.tweak_len[r]);
        ls.out_bytes.insert(ls.out_bytes.end(), ls.bytes.data() + ls.tweak_at[r],
                            ls.bytes.data() + ls.tweak_at[r] + ls.tweak_len[r]);
        ls.out_height.push_back(ls.height[r]);
    }
    ls.bytes.clear();
    ls.txid_at.clear();
    ls.tweak_at.clear();
    ls.tweak_len.clear();
    ls.height.clear();
    ls.prefixes.clear();
    ls.prefixes_at.assign(1, 0);
}

// Hands out up to one vector of queued matches.
void emit(LocalState& ls, DataChunk& output) {
    const size_t k = std::min<size_t>(STANDARD_VECTOR_SIZE, ls.out_height.size() - ls.out_pos);
    auto* txid = FlatVector::GetData<string_t>(output.data[0]);
    auto* height = FlatVector::GetData<int32_t>(output.data[1]);
    auto* tweak = FlatVector::GetData<string_t>(output.data[2]);
    for (size_t i = 0; i < k; i++) {
        const size_t r = ls.out_pos + i;
        txid[i] = StringVector::AddStringOrBlob(
            output.data[0], string_t(reinterpret_cast<const char*>(ls.out_bytes.data() + ls.out_txid_at[r]),
                                     (uint32_t)ls.out_txid_len[r]));
        height[i] = ls.out_height[r];
        tweak[i] = StringVector::AddStringOrBlob(
            output.data[2], string_t(reinterpret_cast<const char*>(ls.out_bytes.data() + ls.out_tweak_at[r]),
                                     (uint32_t)ls.out_tweak_len[r]));
    }
    ls.out_pos += k;
    output.SetCardinality(k);
}

OperatorResultType InOut(ExecutionContext&, TableFunctionInput& data, DataChunk& input, DataChunk& output) {
    const auto& bd = data.bind_data->Cast<BindData>();
    auto& ls = data.local_state->Cast<LocalState>();
    if (!ls.input_taken) {
        collect(ls, input);
        ls.input_taken = true;
        if (ls.rows() >= bd.batch_size) run_batch(ls, bd);
    }
    emit(ls, output);
    if (ls.pending()) return OperatorResultType::HAVE_MORE_OUTPUT;
    ls.input_taken = false;
    return OperatorResultType::NEED_MORE_INPUT;
}

OperatorFinalizeResultType Final(ExecutionContext&, TableFunctionInput& data, DataChunk& output) {
    const auto& bd = data.bind_data->Cast<BindData>();
    auto& ls = data.local_state->Cast<LocalState>();
    run_batch(ls, bd);
    emit(ls, output);
    return ls.pending() ? OperatorFinalizeResultType::HAVE_MORE_OUTPUT : OperatorFinalizeResultType::FINISHED;
}

}  // namespace

// Called by cudasp_loader.cpp's entry point with DuckDB's ExtensionLoader.
extern "C" __attribute__((visibility("default"))) void fastsecp_cudasp_register(void* loader_p) {
    auto& loader = *static_cast<ExtensionLoader*>(loader_p);
    // DuckDB allows no overloads beside a TABLE parameter: batch_size, cudasp's optional fifth
    // argument, is taken as a variadic BIGINT (at most one, checked in Bind) or as batch_size := N.
    TableFunction f("cudasp_scan",
                    {LogicalType::TABLE, LogicalType::BLOB, LogicalType::BLOB, LogicalType::LIST(LogicalType::BLOB)},
                    nullptr, Bind, nullptr, LocalInit);
    f.varargs = LogicalType::BIGINT;
    f.in_out_function = InOut;
    f.in_out_function_final = Final;
    f.named_parameters["batch_size"] = LogicalType::BIGINT;
    loader.SetDescription("cudasp_scan (silent-payments scanning) on fastsecp");
    loader.RegisterFunction(std::move(f));
}
