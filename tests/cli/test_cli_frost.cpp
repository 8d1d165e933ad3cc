// `fastsecp frost` end to end: a dealer split, signing runs with various signer sets, and the
// library's BIP-340 verification of what the tool prints; wrong shares, too few signers and bad
// arguments must fail with a message and a non-zero exit status (never a crash).
#include <secp256k1.h>
#include <secp256k1_extrakeys.h>
#include <secp256k1_schnorrsig.h>

#include "cli_text.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

using cli_text::fields;
using cli_text::lines;
using cli_text::slurp;

bool unhex(const std::string& s, std::vector<unsigned char>& out) {
    if (s.size() % 2) return false;
    out.clear();
    for (size_t i = 0; i < s.size(); i += 2) out.push_back(static_cast<unsigned char>(std::stoul(s.substr(i, 2), nullptr, 16)));
    return true;
}

struct CliOut {
    int exit_code = -1;
    bool signaled = false;
    std::string out, err;
};

class CliFrost : public ::testing::Test {
  protected:
    void SetUp() override {
        char tmpl[] = "/tmp/fastsecp-clifrost-XXXXXX";
        ASSERT_NE(mkdtemp(tmpl), nullptr);
        dir_ = tmpl;
        ctx_ = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
    }
    void TearDown() override {
        secp256k1_context_destroy(ctx_);
        (void)std::system(("rm -rf '" + dir_ + "'").c_str());
    }
    std::string path(const std::string& name) const { return dir_ + "/" + name; }
    void write(const std::string& name, const std::string& text) { std::ofstream(path(name)) << text; }
    CliOut run(const std::string& args, const std::string& stdin_file = "") {
        const std::string cmd = std::string(FASTSECP_CLI_PATH) + " " + args + " > '" + path("out") + "' 2> '" +
                                path("err") + "' < " + (stdin_file.empty() ? "/dev/null" : "'" + path(stdin_file) + "'");
        const int status = std::system(cmd.c_str());
        CliOut r;
        // std::system runs sh, which reports a child killed by signal S as exit status 128 + S.
        r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        r.signaled = !WIFEXITED(status) || r.exit_code > 128;
        r.out = slurp(path("out"));
        r.err = slurp(path("err"));
        return r;
    }
    // The library's verdict on a "SIGNATURE XONLY" line for message msg_hex.
    bool library_verifies(const std::string& out_line, const std::string& msg_hex) {
        auto f = fields(out_line);
        std::vector<unsigned char> sig, pk, msg;
        if (f.size() != 2 || !unhex(f[0], sig) || !unhex(f[1], pk) || !unhex(msg_hex, msg)) return false;
        if (sig.size() != 64 || pk.size() != 32) return false;
        secp256k1_xonly_pubkey x;
        if (!secp256k1_xonly_pubkey_parse(ctx_, &x, pk.data())) return false;
        return secp256k1_schnorrsig_verify(ctx_, sig.data(), msg.data(), msg.size(), &x) == 1;
    }
    std::string dir_;
    secp256k1_context* ctx_ = nullptr;
};

const char* const MSG = "48656c6c6f2c2046524f5354";  // "Hello, FROST"

TEST_F(CliFrost, SplitSignVerify) {
    CliOut split = run("frost split --threshold 2 --participants 3 --seed " + std::string(64, '7'));
    ASSERT_EQ(split.exit_code, 0) << split.err;
    auto ls = lines(split.out);
    ASSERT_EQ(ls.size(), 4u) << split.out;
    auto head = fields(ls[0]);
    ASSERT_EQ(head.size(), 5u);
    EXPECT_EQ(head[0], "frost");
    EXPECT_EQ(head[1], "2");
    EXPECT_EQ(head[2], "3");
    EXPECT_EQ(head[3].size(), 66u);
    EXPECT_EQ(head[3].substr(2), head[4]);  // the x-only key is the compressed key's x
    for (int id = 0; id < 3; id++) {
        auto f = fields(ls[1 + id]);
        ASSERT_EQ(f.size(), 4u);
        EXPECT_EQ(f[0], "share");
        EXPECT_EQ(f[1], std::to_string(id));
        EXPECT_EQ(f[2].size(), 64u);
        EXPECT_EQ(f[3].size(), 66u);
    }
    // The same seed gives the same split.
    CliOut again = run("frost split -t 2 -n 3 --seed " + std::string(64, '7'));
    EXPECT_EQ(again.out, split.out);
    write("keys", split.out);

    // Every pair of signers, in both orders, and all three.
    for (const char* signers : {"0,1", "1,2", "2,0", "0,1,2"}) {
        CliOut s = run("frost sign --keys '" + path("keys") + "' --signers " + signers + " --message " + MSG);
        ASSERT_EQ(s.exit_code, 0) << signers << ": " << s.err;
        ASSERT_EQ(lines(s.out).size(), 1u);
        EXPECT_EQ(fields(s.out)[1], head[4]);
        EXPECT_TRUE(library_verifies(s.out, MSG)) << signers;
        CliOut v = run("frost verify --pubkey " + head[4] + " --signature " + fields(s.out)[0] + " --message " + MSG);
        EXPECT_EQ(v.exit_code, 0) << v.err;
        EXPECT_EQ(v.out, "valid\n");
        // The signature is for this message only.
        CliOut w = run("frost verify --pubkey " + head[4] + " --signature " + fields(s.out)[0] + " --message 00");
        EXPECT_EQ(w.exit_code, 1);
        EXPECT_EQ(w.out, "invalid\n");
    }
    // A key file with only the signers' lines (in another order), from standard input; an empty message.
    write("two", ls[0] + "\n" + ls[3] + "\n" + ls[1] + "\n");
    CliOut s = run("frost sign --message-text ''", "two");
    ASSERT_EQ(s.exit_code, 0) << s.err;
    EXPECT_TRUE(library_verifies(s.out, ""));
}

TEST_F(CliFrost, WrongShareOrTooFewSignersFail) {
    CliOut split = run("frost split --threshold 3 --participants 5");
    ASSERT_EQ(split.exit_code, 0) << split.err;
    auto ls = lines(split.out);
    ASSERT_EQ(ls.size(), 6u);
    write("keys", split.out);

    CliOut few = run("frost sign --keys '" + path("keys") + "' --signers 0,4 --message " + std::string(MSG));
    EXPECT_EQ(few.exit_code, 1);
    EXPECT_NE(few.err.find("too few signers: 2 given, the key needs 3"), std::string::npos) << few.err;
    EXPECT_TRUE(few.out.empty());

    // Participant 2's secret share altered (its public share kept): its partial signing fails.
    auto f = fields(ls[3]);
    std::string bad = f[2];
    bad[63] = bad[63] == '1' ? '2' : '1';
    write("bad", ls[0] + "\n" + ls[1] + "\n" + ls[2] + "\nshare 2 " + bad + " " + f[3] + "\n");
    CliOut wrong = run("frost sign --keys '" + path("bad") + "' --message " + std::string(MSG));
    EXPECT_EQ(wrong.exit_code, 1);
    EXPECT_NE(wrong.err.find("participant 2: partial signing failed"), std::string::npos) << wrong.err;
    EXPECT_TRUE(wrong.out.empty());

    // Participant 2's line taken from another split (a consistent but foreign share): the signer
    // set does not interpolate to the threshold key.
    CliOut other = run("frost split --threshold 3 --participants 5");
    ASSERT_EQ(other.exit_code, 0);
    write("foreign", ls[0] + "\n" + ls[1] + "\n" + ls[2] + "\n" + lines(other.out)[3] + "\n");
    CliOut foreign = run("frost sign --keys '" + path("foreign") + "' --message " + std::string(MSG));
    EXPECT_EQ(foreign.exit_code, 1);
    EXPECT_NE(foreign.err.find("do not belong to the threshold key"), std::string::npos) << foreign.err;

    // A signer without a share line.
    write("some", ls[0] + "\n" + ls[1] + "\n" + ls[2] + "\n");
    CliOut missing = run("frost sign --keys '" + path("some") + "' --signers 0,1,3 --message 00");
    EXPECT_NE(missing.exit_code, 0);
    EXPECT_NE(missing.err.find("participant 3 has no share line"), std::string::npos) << missing.err;
}

TEST_F(CliFrost, BadArgumentsAreUsageErrors) {
    CliOut split = run("frost split --threshold 2 --participants 3");
    ASSERT_EQ(split.exit_code, 0) << split.err;
    write("keys", split.out);
    write("offcurve", "frost 2 3 02" + std::string(64, 'f') + " " + std::string(64, 'f') + "\n");
    write("garbage", "hello world\n");
    const char* const cases[] = {
        "frost",
        "frost nonsense",
        "frost split",
        "frost split --threshold 2",
        "frost split --threshold 4 --participants 3",
        "frost split --threshold 0 --participants 3",
        "frost split --threshold x --participants 3",
        "frost split --threshold 2 --participants 3 --seed 12",
        "frost split --threshold 2 --participants 3 --bogus",
        "frost split --threshold 2 --participants 99999999999999999999",
        "frost split --threshold",
        "frost sign --keys /nonexistent/file --message 00",
        "frost sign --message 0",
        "frost sign --message zz",
        "frost sign --keys KEYS",
        "frost sign --keys KEYS --message 00 --signers 0,,1",
        "frost sign --keys KEYS --message 00 --signers 7",
        "frost sign --keys GARBAGE --message 00",
        "frost sign --keys OFFCURVE --message 00",
        "frost verify --pubkey 00 --signature 00 --message 00",
        "frost verify --message 00",
    };
    for (const char* c : cases) {
        std::string args = c;
        for (auto [from, to] : {std::pair<std::string, std::string>{"KEYS", path("keys")}, {"GARBAGE", path("garbage")}, {"OFFCURVE", path("offcurve")}}) {
            const size_t at = args.find(from);
            if (at != std::string::npos) args.replace(at, from.size(), to);
        }
        CliOut r = run(args);
        EXPECT_FALSE(r.signaled) << c;
        EXPECT_EQ(r.exit_code, 2) << c << ": " << r.err;
        EXPECT_NE(r.err.find("fastsecp: "), std::string::npos) << c;
        EXPECT_TRUE(r.out.empty()) << c;
    }
    CliOut help = run("frost --help");
    EXPECT_EQ(help.exit_code, 0);
    EXPECT_NE(help.out.find("fastsecp frost split"), std::string::npos);
}

}  // namespace
