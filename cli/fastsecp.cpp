// fastsecp: command-line front end of the native API. Subcommands: scan (below), derive and
// address (wallet_cmds.cpp), frost (frost_cmds.cpp, on the secp256k1_frost.h module).
//
//   fastsecp scan --wallet FILE [--input FILE] [--output FILE] [--vartime] [--threads N]
//                 [--batch N] [--prefilter] [--device auto|gpu|cpu|opencl] [--quiet]
//
// scans silent-payment transactions for one wallet (the formats are described in usage()).
#include <fastsecp.h>
#include <fastsecp_gpu.h>

#include "frost_cmds.h"
#include "hex.h"
#include "wallet_cmds.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace {

using fastsecp::cli::parse_hex;
using fastsecp::cli::to_hex;

void usage(std::FILE* to) {
    std::fputs(
        "usage: fastsecp scan --wallet FILE [options]\n"
        "       fastsecp derive (--seed HEX | --key XKEY) [--path PATH] [--range A:B] ...  (fastsecp derive --help)\n"
        "       fastsecp address [--kind KINDS] [--network NET] [KEY...]  (fastsecp address --help)\n"
        "       fastsecp frost (split | sign | verify) ...  (fastsecp frost --help)\n"
        "       fastsecp version\n"
        "\n"
        "Scans transactions for silent payments (BIP-352) to one wallet and prints what it finds.\n"
        "\n"
        "Options:\n"
        "  --wallet FILE   the wallet (format below); keep this file private: it holds the scan key\n"
        "  --input FILE    transactions, one per line (default: standard input; '-' also means it)\n"
        "  --output FILE   where matches go (default: standard output)\n"
        "  --vartime       multiply by the scan key in variable time: faster, but its timing depends\n"
        "                  on the key (only where nobody else can time this machine)\n"
        "  --threads N     worker threads, 0 = one per core (default 0)\n"
        "  --batch N       transactions per library call (default 4096; a GPU wants more, e.g. 262144)\n"
        "  --device D      where to compute (named in the progress and summary lines):\n"
        "                    auto    a GPU when there is one (CUDA, else OpenCL), else the CPU (default)\n"
        "                    gpu     a GPU, or exit with an error when there is none\n"
        "                    cpu     the CPU only\n"
        "                    opencl  OpenCL devices, CPU ones (PoCL) included (for tests)\n"
        "  --prefilter     indexer mode: outputs may be 8-byte prefixes (16 hex digits); prints the\n"
        "                  ids of transactions that may pay the wallet (check them with a full scan)\n"
        "  --quiet         no progress bar and no summary line\n"
        "\n"
        "Wallet file: 'key = value' lines ('#' starts a comment):\n"
        "  scan_key     = 64 hex digits (the scan secret key)\n"
        "  spend_pubkey = 66 hex digits (the compressed spend public key)\n"
        "  labels       = comma-separated label numbers m (optional; 0 is the change label)\n"
        "\n"
        "Input: one transaction per line, fields separated by spaces or tabs:\n"
        "  ID TWEAK OUTPUT...\n"
        "  ID      any token without spaces (a txid, a height:index pair, ...), echoed in results\n"
        "  TWEAK   66 hex digits: the transaction's tweak input_hash*A (what indexers store)\n"
        "  OUTPUT  64 hex digits per taproot output x-only key, in vout order (an OUTPUT that is\n"
        "          not a valid x-only key can never pay the wallet: it is skipped, not reported)\n"
        "Empty lines and lines starting with '#' are skipped.\n"
        "\n"
        "Output: one line per found output:\n"
        "  ID VOUT K LABEL SPEND_TWEAK OUTPUT\n"
        "  VOUT is the output's position in the line, K the BIP-352 counter, LABEL the label m or\n"
        "  '-', SPEND_TWEAK (64 hex, secret) is added to the spend secret key to spend the output.\n"
        "Lines that cannot be used are reported on standard error with their line number and\n"
        "reason; the other transactions are still scanned.\n"
        "\n"
        "Exit status: 0 all lines scanned, 1 some lines were rejected, 2 usage or fatal error.\n",
        to);
}

[[noreturn]] void fatal(const std::string& msg) {
    std::fprintf(stderr, "fastsecp: %s\n", msg.c_str());
    std::exit(2);
}

std::string trim(const std::string& s) {
    size_t b = s.find_first_not_of(" \t\r\n"), e = s.find_last_not_of(" \t\r\n");
    return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

struct Wallet {
    unsigned char scan_key[32] = {};
    unsigned char spend_pubkey[33] = {};
    std::vector<unsigned int> labels;
    ~Wallet() {
        volatile unsigned char* p = scan_key;  // wipe the copy of the secret
        for (size_t i = 0; i < sizeof scan_key; i++) p[i] = 0;
    }
};

void read_wallet(const std::string& path, Wallet& w) {
    std::ifstream in(path);
    if (!in) fatal("cannot open wallet file " + path);
    bool have_scan = false, have_spend = false;
    std::string line;
    for (int lineno = 1; std::getline(in, line); lineno++) {
        const std::string where = path + ":" + std::to_string(lineno) + ": ";
        line = trim(line.substr(0, line.find('#')));
        if (line.empty()) continue;
        size_t eq = line.find('=');
        if (eq == std::string::npos) fatal(where + "expected 'key = value'");
        const std::string key = trim(line.substr(0, eq)), value = trim(line.substr(eq + 1));
        if (key == "scan_key") {
            if (!parse_hex(value, w.scan_key, 32)) fatal(where + "scan_key must be 64 hex digits");
            have_scan = true;
        } else if (key == "spend_pubkey") {
            if (!parse_hex(value, w.spend_pubkey, 33)) fatal(where + "spend_pubkey must be 66 hex digits");
            have_spend = true;
        } else if (key == "labels") {
            std::stringstream ss(value);
            std::string item;
            while (std::getline(ss, item, ',')) {
                item = trim(item);
                char* end = nullptr;
                errno = 0;
                unsigned long m = std::strtoul(item.c_str(), &end, 10);
                if (item.empty() || *end != '\0' || errno != 0 || m > 0xFFFFFFFFul || item[0] == '-')
                    fatal(where + "labels must be comma-separated numbers 0..4294967295");
                w.labels.push_back(static_cast<unsigned int>(m));
            }
        } else {
            fatal(where + "unknown key '" + key + "'");
        }
    }
    if (!have_scan || !have_spend) fatal(path + ": the wallet needs scan_key and spend_pubkey");
}

struct Options {
    std::string wallet, input = "-", output;
    bool vartime = false, prefilter = false, quiet = false;
    unsigned threads = 0;
    size_t batch = 4096;
    std::string device = "auto";
};

unsigned long parse_number(const std::string& s, const char* what, unsigned long max) {
    char* end = nullptr;
    errno = 0;
    unsigned long v = std::strtoul(s.c_str(), &end, 10);
    if (s.empty() || *end != '\0' || errno != 0 || v > max || s[0] == '-')
        fatal(std::string(what) + " must be a number up to " + std::to_string(max));
    return v;
}

Options parse_options(int argc, char** argv) {
    Options o;
    for (int i = 2; i < argc; i++) {
        const std::string a = argv[i];
        auto next = [&]() -> std::string {
            if (i + 1 >= argc) fatal(a + " needs a value");
            return argv[++i];
        };
        if (a == "--wallet") o.wallet = next();
        else if (a == "--input") o.input = next();
        else if (a == "--output") o.output = next();
        else if (a == "--vartime") o.vartime = true;
        else if (a == "--prefilter") o.prefilter = true;
        else if (a == "--quiet") o.quiet = true;
        else if (a == "--threads") o.threads = static_cast<unsigned>(parse_number(next(), "--threads", FASTSECP_MAX_THREADS));
        else if (a == "--batch") o.batch = parse_number(next(), "--batch", 1u << 24);
        else if (a == "--device") o.device = next();
        else if (a == "-h" || a == "--help") {
            usage(stdout);
            std::exit(0);
        } else fatal("unknown option " + a + " (see fastsecp --help)");
    }
    if (o.wallet.empty()) fatal("scan needs --wallet FILE (see fastsecp --help)");
    if (o.batch == 0) fatal("--batch must be at least 1");
    if (o.device != "auto" && o.device != "gpu" && o.device != "cpu" && o.device != "opencl")
        fatal("--device must be auto, gpu, cpu or opencl");
    return o;
}

// One parsed input line.
struct Tx {
    std::string id;
    size_t line = 0;
    unsigned char tweak[33];
    std::vector<unsigned char> outputs;  // 32 bytes each (full scan) or 8 (prefilter)
    size_t n_outputs = 0;
};

// Parses "ID TWEAK OUTPUT..." into tx; on failure returns the reason.
std::optional<std::string> parse_tx(const std::string& line, bool prefilter, Tx& tx) {
    std::istringstream in(line);
    std::string tweak, out;
    if (!(in >> tx.id >> tweak)) return "expected ID TWEAK OUTPUT...";
    if (!parse_hex(tweak, tx.tweak, 33)) return "the tweak must be 66 hex digits";
    tx.outputs.clear();
    tx.n_outputs = 0;
    while (in >> out) {
        unsigned char bytes[32];
        const bool full = parse_hex(out, bytes, 32);
        if (full || (prefilter && parse_hex(out, bytes, 8))) {
            tx.outputs.insert(tx.outputs.end(), bytes, bytes + (prefilter ? 8 : 32));
            tx.n_outputs++;
        } else {
            return "output " + std::to_string(tx.n_outputs) + " must be 64 hex digits" +
                   (prefilter ? " or a 16-digit prefix" : "");
        }
    }
    if (tx.n_outputs == 0) return "no outputs";
    return std::nullopt;
}

// While a progress bar owns the terminal line, messages first clear it.
bool g_progress_shown = false;
const char* progress_prefix() { return g_progress_shown ? "\r\033[K" : ""; }

// Progress on a terminal: transactions, rate, share of the input file read when known.
class Progress {
  public:
    Progress(bool enabled, long long total_bytes, const char* device)
        : enabled_(enabled), total_(total_bytes), device_(device) {
        g_progress_shown = enabled;
    }
    void update(size_t txs, long long bytes_read, bool final_line = false) {
        if (!enabled_) return;
        auto now = std::chrono::steady_clock::now();
        if (!final_line && now - last_ < std::chrono::milliseconds(200)) return;
        last_ = now;
        const double secs = std::chrono::duration<double>(now - start_).count();
        const double rate = secs > 0 ? txs / secs : 0;
        if (total_ > 0) {
            const double frac = std::min(1.0, double(bytes_read) / double(total_));
            const int width = 30, filled = static_cast<int>(frac * width);
            std::fprintf(stderr, "\r[%s%s] %5.1f%%  %zu tx  %.0f tx/s  on %s ", std::string(filled, '#').c_str(),
                         std::string(width - filled, ' ').c_str(), 100 * frac, txs, rate, device_);
        } else {
            std::fprintf(stderr, "\r%zu tx  %.0f tx/s  on %s ", txs, rate, device_);
        }
        if (final_line) std::fputc('\n', stderr);
        std::fflush(stderr);
    }

  private:
    bool enabled_;
    long long total_;
    const char* device_;
    std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now(), last_{};
};

// The context --device asks for (the CPU engine gets --threads threads); exits when it cannot be had.
fastsecp_gpu_ctx* open_device(const Options& opt) {
    fastsecp_gpu_options o = FASTSECP_GPU_OPTIONS_INIT;
    o.cpu_threads = opt.threads;
    fastsecp_gpu_ctx* dev = nullptr;
    fastsecp_status st;
    if (opt.device == "gpu") {
        o.backend = FASTSECP_GPU_BACKEND_CUDA;
        st = fastsecp_gpu_ctx_create(&dev, &o);
        if (st == FASTSECP_ERR_NO_DEVICE) {
            o.backend = FASTSECP_GPU_BACKEND_OPENCL;
            st = fastsecp_gpu_ctx_create(&dev, &o);
        }
        if (st == FASTSECP_ERR_NO_DEVICE)
            fatal("--device gpu: no GPU found (no CUDA device, no OpenCL GPU); use --device auto or cpu");
    } else {
        o.backend = opt.device == "cpu"      ? FASTSECP_GPU_BACKEND_CPU
                    : opt.device == "opencl" ? FASTSECP_GPU_BACKEND_OPENCL
                                             : FASTSECP_GPU_BACKEND_AUTO;
        o.include_cpu_devices = opt.device == "opencl";
        st = fastsecp_gpu_ctx_create(&dev, &o);
    }
    if (st != FASTSECP_OK) fatal("--device " + opt.device + ": " + fastsecp_strerror(st));
    return dev;
}

int run_scan(const Options& opt) {
    Wallet w;
    read_wallet(opt.wallet, w);

    fastsecp_ctx_options copt = FASTSECP_CTX_OPTIONS_INIT;
    copt.n_threads = opt.threads;
    fastsecp_ctx* ctx = nullptr;
    fastsecp_status st = fastsecp_ctx_create(&ctx, &copt);
    if (st != FASTSECP_OK) fatal(std::string("cannot create a context: ") + fastsecp_strerror(st));
    std::unique_ptr<fastsecp_ctx, void (*)(fastsecp_ctx*)> ctx_guard(ctx, fastsecp_ctx_destroy);
    fastsecp_sp_wallet* wallet = nullptr;
    st = fastsecp_sp_wallet_create(ctx, &wallet, w.scan_key, w.spend_pubkey, w.labels.data(), w.labels.size());
    if (st != FASTSECP_OK) fatal(std::string("the wallet is not usable: ") + fastsecp_strerror(st));
    std::unique_ptr<fastsecp_sp_wallet, void (*)(fastsecp_sp_wallet*)> wallet_guard(wallet, fastsecp_sp_wallet_destroy);
    fastsecp_gpu_ctx* dev = open_device(opt);
    std::unique_ptr<fastsecp_gpu_ctx, void (*)(fastsecp_gpu_ctx*)> dev_guard(dev, fastsecp_gpu_ctx_destroy);
    const char* device_name = fastsecp_gpu_ctx_describe(dev);

    std::ifstream file;
    std::istream* in = &std::cin;
    long long total_bytes = -1;
    if (opt.input != "-") {
        file.open(opt.input, std::ios::binary);
        if (!file) fatal("cannot open input " + opt.input);
        file.seekg(0, std::ios::end);
        total_bytes = static_cast<long long>(file.tellg());
        file.seekg(0);
        in = &file;
    }
    std::ofstream outfile;
    std::ostream* out = &std::cout;
    if (!opt.output.empty()) {
        outfile.open(opt.output);
        if (!outfile) fatal("cannot write " + opt.output);
        out = &outfile;
    }
    const unsigned flags = opt.vartime ? FASTSECP_SP_SCAN_VARTIME : FASTSECP_SP_SCAN_DEFAULT;
    Progress progress(!opt.quiet && isatty(STDERR_FILENO), total_bytes, device_name);

    std::vector<Tx> txs(opt.batch);
    std::vector<fastsecp_sp_item> items(opt.batch);
    std::vector<fastsecp_status> results(opt.batch);
    std::vector<fastsecp_sp_match> matches;
    std::vector<unsigned char> maybe;
    std::vector<uint64_t> prefixes;
    std::vector<fastsecp_sp_prefilter_item> pitems(opt.batch);
    size_t lineno = 0, scanned = 0, rejected = 0, found = 0;
    long long bytes_read = 0;
    const auto start = std::chrono::steady_clock::now();
    std::string line;
    bool eof = false;
    while (!eof) {
        size_t n = 0, total_outputs = 0;
        while (n < opt.batch) {
            if (!std::getline(*in, line)) {
                eof = true;
                break;
            }
            lineno++;
            bytes_read += static_cast<long long>(line.size()) + 1;
            const std::string t = trim(line);
            if (t.empty() || t[0] == '#') continue;
            if (auto err = parse_tx(t, opt.prefilter, txs[n])) {
                std::fprintf(stderr, "%sline %zu: %s\n", progress_prefix(), lineno, err->c_str());
                rejected++;
                continue;
            }
            txs[n].line = lineno;
            total_outputs += txs[n].n_outputs;
            n++;
        }
        if (n == 0) continue;
        if (opt.prefilter) {
            // Prefixes as numbers: bytes 0..7 of each output read big-endian.
            maybe.assign(n, 0);
            prefixes.resize(total_outputs);
            size_t at = 0;
            for (size_t i = 0; i < n; i++) {
                pitems[i] = {txs[i].tweak, 33, prefixes.data() + at, txs[i].n_outputs};
                for (size_t j = 0; j < txs[i].n_outputs; j++, at++) {
                    uint64_t v = 0;
                    for (int b = 0; b < 8; b++) v = v << 8 | txs[i].outputs[8 * j + b];
                    prefixes[at] = v;
                }
            }
            st = fastsecp_gpu_sp_scan_prefilter_items(dev, wallet, results.data(), maybe.data(), pitems.data(), n, flags);
            if (st != FASTSECP_OK && st != FASTSECP_ERR_ITEM_FAILED) fatal(std::string("scan failed: ") + fastsecp_strerror(st));
            for (size_t i = 0; i < n; i++)
                if (results[i] == FASTSECP_OK && maybe[i]) {
                    *out << txs[i].id << '\n';
                    found++;
                }
        } else {
            for (size_t i = 0; i < n; i++) items[i] = {txs[i].tweak, txs[i].outputs.data(), txs[i].n_outputs};
            matches.resize(total_outputs);  // at most one match per output
            size_t n_matches = 0;
            st = fastsecp_gpu_sp_scan(dev, wallet, results.data(), items.data(), n, matches.data(), matches.size(),
                                      &n_matches, flags);
            if (st != FASTSECP_OK && st != FASTSECP_ERR_ITEM_FAILED) fatal(std::string("scan failed: ") + fastsecp_strerror(st));
            for (size_t m = 0; m < n_matches; m++) {
                const fastsecp_sp_match& f = matches[m];
                const Tx& tx = txs[f.item];
                *out << tx.id << ' ' << f.output << ' ' << f.k << ' '
                     << (f.has_label ? std::to_string(f.label) : std::string("-")) << ' '
                     << to_hex(f.spend_tweak32, 32) << ' ' << to_hex(&tx.outputs[32 * f.output], 32) << '\n';
            }
            found += n_matches;
        }
        for (size_t i = 0; i < n; i++) {
            if (results[i] == FASTSECP_OK) {
                scanned++;
                continue;
            }
            std::fprintf(stderr, "%sline %zu: %s\n", progress_prefix(), txs[i].line, fastsecp_strerror(results[i]));
            rejected++;
        }
        out->flush();
        progress.update(scanned, bytes_read);
    }
    progress.update(scanned, bytes_read, true);
    if (!out->good()) fatal("writing the results failed");
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!opt.quiet)
        std::fprintf(stderr, "scanned %zu transactions in %.3f s on %s: %.0f tweaks/s, %zu %s, %zu rejected line(s)\n",
                     scanned, secs, device_name, secs > 0 ? scanned / secs : 0.0, found,
                     opt.prefilter ? "candidate transaction(s)" : "match(es)", rejected);
    return rejected == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    const std::string cmd = argv[1];
    if (cmd == "-h" || cmd == "--help" || cmd == "help") {
        usage(stdout);
        return 0;
    }
    if (cmd == "version" || cmd == "--version") {
        std::printf("fastsecp %s\n", fastsecp_version_string());
        return 0;
    }
    if (cmd == "scan") return run_scan(parse_options(argc, argv));
    if (cmd == "derive") return run_derive(argc, argv);
    if (cmd == "address") return run_address(argc, argv);
#ifdef FASTSECP_CLI_FROST
    if (cmd == "frost") return run_frost(argc, argv);
#endif
    std::fprintf(stderr, "fastsecp: unknown command '%s'\n", cmd.c_str());
    usage(stderr);
    return 2;
}
