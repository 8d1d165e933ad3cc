// `fastsecp scan` end to end: transactions paying a wallet are made with the libsecp256k1-style
// silent payments API (sender side), written in the CLI's input format, scanned by the executable,
// and its output is compared with what secp256k1_silentpayments_recipient_scan_outputs finds on
// the same transactions.
#include <fastsecp_gpu.h>
#include <secp256k1.h>
#include <secp256k1_extrakeys.h>
#include <secp256k1_silentpayments.h>

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

using B32 = std::array<unsigned char, 32>;

std::string hex(const unsigned char* p, size_t n) {
    static const char d[] = "0123456789abcdef";
    std::string s;
    for (size_t i = 0; i < n; i++) {
        s += d[p[i] >> 4];
        s += d[p[i] & 15];
    }
    return s;
}

std::string read_file(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::vector<std::string> lines_of(const std::string& s) {
    std::vector<std::string> out;
    std::istringstream in(s);
    std::string l;
    while (std::getline(in, l))
        if (!l.empty()) out.push_back(l);
    return out;
}

struct CliRun {
    int exit_code = -1;
    std::string out, err;
};

class CliTest : public ::testing::Test {
  protected:
    void SetUp() override {
        char tmpl[] = "/tmp/fastsecp-cli-XXXXXX";
        ASSERT_NE(mkdtemp(tmpl), nullptr);
        dir_ = tmpl;
        ctx_ = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
        std::mt19937_64 rng(12345);
        for (auto& b : scan_key_) b = static_cast<unsigned char>(rng());
        for (auto& b : spend_key_) b = static_cast<unsigned char>(rng());
        ASSERT_TRUE(secp256k1_ec_pubkey_create(ctx_, &scan_pub_, scan_key_.data()));
        ASSERT_TRUE(secp256k1_ec_pubkey_create(ctx_, &spend_pub_, spend_key_.data()));
    }
    void TearDown() override {
        secp256k1_context_destroy(ctx_);
        std::string cmd = "rm -rf '" + dir_ + "'";
        (void)std::system(cmd.c_str());
    }

    std::string path(const std::string& name) const { return dir_ + "/" + name; }

    void write(const std::string& name, const std::string& text) {
        std::ofstream(path(name)) << text;
    }

    void write_wallet(const std::string& labels) {
        unsigned char spend33[33];
        size_t len = 33;
        ASSERT_TRUE(secp256k1_ec_pubkey_serialize(ctx_, spend33, &len, &spend_pub_, SECP256K1_EC_COMPRESSED));
        write("wallet", "# test wallet\nscan_key = " + hex(scan_key_.data(), 32) + "\nspend_pubkey = " +
                            hex(spend33, 33) + "\n" + (labels.empty() ? "" : "labels = " + labels + "\n"));
    }

    CliRun run(const std::string& args, const std::string& stdin_file = "") {
        CliRun r;
        std::string cmd = std::string(FASTSECP_CLI_PATH) + " " + args + " > '" + path("out") + "' 2> '" +
                          path("err") + "'" + (stdin_file.empty() ? " < /dev/null" : " < '" + path(stdin_file) + "'");
        int status = std::system(cmd.c_str());
        r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        r.out = read_file(path("out"));
        r.err = read_file(path("err"));
        return r;
    }

    // A transaction with one input (key `sender`) paying `recipients` (scan key = the wallet's,
    // spend key = given) plus `extra` unrelated outputs placed first. Returns its input line.
    struct Tx {
        std::string line;
        std::vector<secp256k1_xonly_pubkey> outputs;
        unsigned char outpoint[36];
        secp256k1_pubkey sender_pub;
    };
    Tx make_tx(const std::string& id, unsigned seed, const std::vector<secp256k1_pubkey>& spends, size_t extra) {
        Tx tx;
        std::mt19937_64 rng(seed);
        B32 sender;
        for (auto& b : sender) b = static_cast<unsigned char>(rng());
        for (auto& b : tx.outpoint) b = static_cast<unsigned char>(rng());
        EXPECT_TRUE(secp256k1_ec_pubkey_create(ctx_, &tx.sender_pub, sender.data()));
        for (size_t e = 0; e < extra; e++) {
            B32 k;
            for (auto& b : k) b = static_cast<unsigned char>(rng());
            secp256k1_keypair kp;
            secp256k1_xonly_pubkey x;
            EXPECT_TRUE(secp256k1_keypair_create(ctx_, &kp, k.data()));
            EXPECT_TRUE(secp256k1_keypair_xonly_pub(ctx_, &x, nullptr, &kp));
            tx.outputs.push_back(x);
        }
        if (!spends.empty()) {
            std::vector<secp256k1_silentpayments_recipient> rec(spends.size());
            std::vector<const secp256k1_silentpayments_recipient*> rp;
            std::vector<secp256k1_xonly_pubkey> gen(spends.size());
            std::vector<secp256k1_xonly_pubkey*> gp;
            for (size_t i = 0; i < spends.size(); i++) {
                rec[i] = {scan_pub_, spends[i], i};
                rp.push_back(&rec[i]);
                gp.push_back(&gen[i]);
            }
            const unsigned char* sk[1] = {sender.data()};
            EXPECT_TRUE(secp256k1_silentpayments_sender_create_outputs(ctx_, gp.data(), rp.data(), rp.size(),
                                                                        tx.outpoint, nullptr, 0, sk, 1));
            for (auto& g : gen) tx.outputs.push_back(g);
        }
        // tweak = input_hash * A, input_hash = tagged hash "BIP0352/Inputs" of outpoint || A.
        unsigned char a33[33], buf[69], h[32];
        size_t len = 33;
        EXPECT_TRUE(secp256k1_ec_pubkey_serialize(ctx_, a33, &len, &tx.sender_pub, SECP256K1_EC_COMPRESSED));
        std::memcpy(buf, tx.outpoint, 36);
        std::memcpy(buf + 36, a33, 33);
        static const char tag[] = "BIP0352/Inputs";
        EXPECT_TRUE(secp256k1_tagged_sha256(ctx_, h, reinterpret_cast<const unsigned char*>(tag), sizeof tag - 1, buf, 69));
        secp256k1_pubkey tweak = tx.sender_pub;
        EXPECT_TRUE(secp256k1_ec_pubkey_tweak_mul(ctx_, &tweak, h));
        unsigned char t33[33];
        len = 33;
        EXPECT_TRUE(secp256k1_ec_pubkey_serialize(ctx_, t33, &len, &tweak, SECP256K1_EC_COMPRESSED));
        tx.line = id + " " + hex(t33, 33);
        for (auto& o : tx.outputs) {
            unsigned char x[32];
            EXPECT_TRUE(secp256k1_xonly_pubkey_serialize(ctx_, x, &o));
            tx.line += " " + hex(x, 32);
        }
        return tx;
    }

    // What the module API finds, in the CLI's output format (without the K column, which the
    // module API does not report; the CLI lines are compared without it too).
    std::set<std::string> expected(const std::string& id, const Tx& tx, const std::vector<unsigned>& labels) {
        struct Cache {
            std::vector<std::pair<std::string, B32>> entries;
        } cache;
        for (unsigned m : labels) {
            secp256k1_silentpayments_label label;
            B32 tweak;
            unsigned char l33[33];
            EXPECT_TRUE(secp256k1_silentpayments_recipient_label_create(ctx_, &label, tweak.data(), scan_key_.data(), m));
            EXPECT_TRUE(secp256k1_silentpayments_recipient_label_serialize(ctx_, l33, &label));
            cache.entries.push_back({std::string(reinterpret_cast<char*>(l33), 33), tweak});
        }
        auto lookup = [](const unsigned char* l33, const void* data) -> const unsigned char* {
            for (auto& e : static_cast<const Cache*>(data)->entries)
                if (std::memcmp(e.first.data(), l33, 33) == 0) return e.second.data();
            return nullptr;
        };
        const secp256k1_pubkey* pk[1] = {&tx.sender_pub};
        secp256k1_silentpayments_prevouts_summary summary;
        EXPECT_TRUE(secp256k1_silentpayments_recipient_prevouts_summary_create(ctx_, &summary, tx.outpoint, nullptr, 0, pk, 1));
        std::vector<secp256k1_silentpayments_found_output> found(tx.outputs.size());
        std::vector<secp256k1_silentpayments_found_output*> fp;
        std::vector<const secp256k1_xonly_pubkey*> op;
        for (size_t i = 0; i < tx.outputs.size(); i++) {
            fp.push_back(&found[i]);
            op.push_back(&tx.outputs[i]);
        }
        uint32_t n = 0;
        EXPECT_TRUE(secp256k1_silentpayments_recipient_scan_outputs(ctx_, fp.data(), &n, op.data(), op.size(),
                                                                    scan_key_.data(), &summary, &spend_pub_,
                                                                    labels.empty() ? nullptr : +lookup,
                                                                    labels.empty() ? nullptr : &cache));
        std::set<std::string> out;
        for (uint32_t i = 0; i < n; i++) {
            unsigned char x[32];
            EXPECT_TRUE(secp256k1_xonly_pubkey_serialize(ctx_, x, &found[i].output));
            size_t vout = 0;
            while (vout < tx.outputs.size() && std::memcmp(&tx.outputs[vout], &found[i].output, sizeof found[i].output) != 0) vout++;
            out.insert(id + " " + std::to_string(vout) + " " + (found[i].found_with_label ? "L" : "-") + " " +
                       hex(found[i].tweak, 32) + " " + hex(x, 32));
        }
        return out;
    }

    // CLI output lines "ID VOUT K LABEL TWEAK OUTPUT" -> "ID VOUT L|- TWEAK OUTPUT".
    static std::set<std::string> without_k(const std::string& out, std::vector<std::string>* labels_seen = nullptr) {
        std::set<std::string> s;
        for (auto& l : lines_of(out)) {
            std::istringstream in(l);
            std::string id, vout, k, label, tweak, x;
            in >> id >> vout >> k >> label >> tweak >> x;
            if (labels_seen) labels_seen->push_back(label);
            s.insert(id + " " + vout + " " + (label == "-" ? "-" : "L") + " " + tweak + " " + x);
        }
        return s;
    }

    secp256k1_pubkey labelled_spend(unsigned m) {
        secp256k1_silentpayments_label label;
        B32 tweak;
        secp256k1_pubkey out;
        EXPECT_TRUE(secp256k1_silentpayments_recipient_label_create(ctx_, &label, tweak.data(), scan_key_.data(), m));
        EXPECT_TRUE(secp256k1_silentpayments_recipient_create_labeled_spend_pubkey(ctx_, &out, &spend_pub_, &label));
        return out;
    }

    std::string dir_;
    secp256k1_context* ctx_ = nullptr;
    B32 scan_key_{}, spend_key_{};
    secp256k1_pubkey scan_pub_, spend_pub_;
};

TEST_F(CliTest, FindsWhatTheModuleApiFindsAndReportsBadLines) {
    write_wallet("0, 5");
    Tx paid_twice = make_tx("tx-a", 1, {spend_pub_, spend_pub_}, 2);
    Tx paid_label = make_tx("tx-b", 2, {labelled_spend(5)}, 1);
    Tx unrelated = make_tx("tx-c", 3, {}, 3);
    std::string bad_tweak = paid_twice.line;
    bad_tweak.replace(bad_tweak.find(' ') + 1, 2, "05");            // prefix 05: not a compressed key
    const std::string off_curve = "tx-e 02" + std::string(64, '0') + " " + std::string(64, '1');  // x = 0
    write("input", "# id tweak outputs\n" + paid_twice.line + "\n\n" + bad_tweak + "\n" + paid_label.line + "\n" +
                       off_curve + "\nnot-enough-fields\n" + unrelated.line + "\n");

    std::set<std::string> want = expected("tx-a", paid_twice, {0, 5});
    for (auto& s : expected("tx-b", paid_label, {0, 5})) want.insert(s);
    ASSERT_EQ(want.size(), 3u);  // the transactions really pay the wallet

    CliRun r = run("scan --wallet '" + path("wallet") + "' --input '" + path("input") + "' --batch 2");
    EXPECT_EQ(r.exit_code, 1) << r.err;  // some lines were rejected
    std::vector<std::string> labels;
    EXPECT_EQ(without_k(r.out, &labels), want) << r.out;
    EXPECT_NE(std::find(labels.begin(), labels.end(), "5"), labels.end()) << "the label m is printed";
    EXPECT_NE(r.err.find("line 4:"), std::string::npos) << r.err;  // bad tweak prefix
    EXPECT_NE(r.err.find("line 6:"), std::string::npos) << r.err;  // tweak x not on the curve
    EXPECT_NE(r.err.find("line 7:"), std::string::npos) << r.err;  // missing fields
    EXPECT_NE(r.err.find("scanned 3 transactions"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("3 match"), std::string::npos) << r.err;

    // The same through stdin, variable-time, two threads, one batch: identical output.
    CliRun r2 = run("scan --wallet '" + path("wallet") + "' --vartime --threads 2 --quiet", "input");
    EXPECT_EQ(r2.exit_code, 1);
    EXPECT_EQ(without_k(r2.out, nullptr), want);
    EXPECT_EQ(r2.err.find("scanned"), std::string::npos) << "--quiet prints no summary";
}

// Outputs that are not x-only keys can never pay the wallet: they are skipped, the line is not
// rejected, and the real match is reported at its own position.
TEST_F(CliTest, InvalidOutputsAreSkippedNotRejected) {
    write_wallet("");
    Tx paid = make_tx("tx-p", 11, {spend_pub_}, 1);
    const std::set<std::string> want = expected("tx-p", paid, {});
    ASSERT_EQ(want.size(), 1u);
    // Two outputs put first: x = 0 (0³ + 7 is not a square mod p) and x = ff..ff (>= p).
    std::istringstream in(paid.line);
    std::string id, tweak, o;
    in >> id >> tweak;
    std::string line = id + " " + tweak + " " + std::string(64, '0') + " " + std::string(64, 'f');
    while (in >> o) line += " " + o;
    write("input", line + "\n");
    CliRun r = run("scan --wallet '" + path("wallet") + "' --input '" + path("input") + "'");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.err.find("line 1:"), std::string::npos) << r.err;
    const auto got = without_k(r.out);
    ASSERT_EQ(got.size(), 1u) << r.out;
    std::istringstream w(*want.begin()), g(*got.begin());
    std::string w_id, w_vout, w_rest, g_id, g_vout, g_rest;
    w >> w_id >> w_vout;
    std::getline(w, w_rest);
    g >> g_id >> g_vout;
    std::getline(g, g_rest);
    EXPECT_EQ(g_id, w_id);
    EXPECT_EQ(std::stoul(g_vout), std::stoul(w_vout) + 2) << "positions count the skipped outputs";
    EXPECT_EQ(g_rest, w_rest);  // label, tweak and output key
}

TEST_F(CliTest, PrefilterNamesThePayingTransactions) {
    write_wallet("1");
    Tx a = make_tx("pay", 7, {spend_pub_}, 1);
    Tx b = make_tx("pay-label", 8, {labelled_spend(1)}, 2);
    Tx c = make_tx("nothing", 9, {}, 2);
    // Prefix form for one line: outputs cut to their first 8 bytes (16 hex digits).
    std::istringstream in(b.line);
    std::string id, tweak, o, short_line;
    in >> id >> tweak;
    short_line = id + " " + tweak;
    while (in >> o) short_line += " " + o.substr(0, 16);
    write("input", a.line + "\n" + short_line + "\n" + c.line + "\n");
    CliRun r = run("scan --prefilter --wallet '" + path("wallet") + "' --input '" + path("input") + "'");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(lines_of(r.out), (std::vector<std::string>{"pay", "pay-label"}));
}

// --device: the same results on every device; the device named in the summary line; gpu without a
// GPU is a clear error (exit 2).
TEST_F(CliTest, DeviceOption) {
    write_wallet("0, 5");
    Tx a = make_tx("tx-a", 1, {spend_pub_}, 2);
    Tx b = make_tx("tx-b", 2, {labelled_spend(5)}, 1);
    Tx c = make_tx("tx-c", 3, {}, 3);
    write("input", a.line + "\n" + b.line + "\n" + c.line + "\n");
    const std::string base = "scan --wallet '" + path("wallet") + "' --input '" + path("input") + "'";
    CliRun def = run(base);
    ASSERT_EQ(def.exit_code, 0) << def.err;
    ASSERT_EQ(without_k(def.out).size(), 2u);
    CliRun cpu = run(base + " --device cpu --threads 2");
    EXPECT_EQ(cpu.exit_code, 0) << cpu.err;
    EXPECT_EQ(cpu.out, def.out);
    EXPECT_NE(cpu.err.find("on CPU engine (2 threads, no GPU)"), std::string::npos) << cpu.err;
    CliRun pre = run(base + " --device cpu --prefilter");
    EXPECT_EQ(lines_of(pre.out), (std::vector<std::string>{"tx-a", "tx-b"}));
    size_t n_gpus = 0, n_cuda = 0;
    fastsecp_gpu_device_info info[16];
    ASSERT_NE(fastsecp_gpu_list_devices(FASTSECP_GPU_BACKEND_CUDA, 0, nullptr, 0, &n_cuda), FASTSECP_ERR_INVALID_ARGUMENT);
    ASSERT_NE(fastsecp_gpu_list_devices(FASTSECP_GPU_BACKEND_OPENCL, 0, info, 16, &n_gpus), FASTSECP_ERR_INVALID_ARGUMENT);
    CliRun gpu = run(base + " --device gpu");
    if (n_cuda + n_gpus == 0) {
        EXPECT_EQ(gpu.exit_code, 2);
        EXPECT_NE(gpu.err.find("--device gpu: no GPU found"), std::string::npos) << gpu.err;
        EXPECT_EQ(gpu.out, "");
        CliRun aut = run(base + " --device auto");
        EXPECT_EQ(aut.out, def.out);
        EXPECT_NE(aut.err.find("on CPU engine"), std::string::npos) << aut.err;
    } else {
        EXPECT_EQ(gpu.exit_code, 0) << gpu.err;
        EXPECT_EQ(gpu.out, def.out);
    }
    size_t n_ocl = 0;
    ASSERT_NE(fastsecp_gpu_list_devices(FASTSECP_GPU_BACKEND_OPENCL, 1, info, 16, &n_ocl), FASTSECP_ERR_INVALID_ARGUMENT);
    CliRun ocl = run(base + " --device opencl");
    if (n_ocl == 0) {
        EXPECT_EQ(ocl.exit_code, 2);
        EXPECT_NE(ocl.err.find("--device opencl: no GPU device"), std::string::npos) << ocl.err;
    } else {
        EXPECT_EQ(ocl.exit_code, 0) << ocl.err;
        EXPECT_EQ(ocl.out, def.out);
        EXPECT_NE(ocl.err.find("on OpenCL"), std::string::npos) << ocl.err;
    }
    EXPECT_EQ(run(base + " --device tpu").exit_code, 2);
}

TEST_F(CliTest, UsageErrors) {
    EXPECT_EQ(run("").exit_code, 2);
    EXPECT_EQ(run("frobnicate").exit_code, 2);
    EXPECT_EQ(run("scan").exit_code, 2);  // no wallet
    write("wallet", "scan_key = 1234\n");
    CliRun r = run("scan --wallet '" + path("wallet") + "'");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("scan_key"), std::string::npos) << r.err;
    // A scan key of zero is refused by the library.
    unsigned char spend33[33];
    size_t len = 33;
    ASSERT_TRUE(secp256k1_ec_pubkey_serialize(ctx_, spend33, &len, &spend_pub_, SECP256K1_EC_COMPRESSED));
    write("wallet", "scan_key = " + std::string(64, '0') + "\nspend_pubkey = " + hex(spend33, 33) + "\n");
    r = run("scan --wallet '" + path("wallet") + "'");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("wallet"), std::string::npos) << r.err;
    CliRun v = run("version");
    EXPECT_EQ(v.exit_code, 0);
    EXPECT_EQ(v.out.rfind("fastsecp ", 0), 0u) << v.out;
}

}  // namespace
