// `fastsecp derive` and `fastsecp address` end to end, against the BIP-32/84/86 vectors and
// against each other (a range of children = the same children one by one).
#include "cli_text.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct CliResult {
    int exit_code = -1;
    std::string out, err;
};

using cli_text::fields;
using cli_text::lines;
using cli_text::slurp;

nlohmann::json vectors(const std::string& rel) {
    std::ifstream in(std::string(FASTSECP_VECTORS_DIR) + "/" + rel);
    return nlohmann::json::parse(in);
}

class CliWallet : public ::testing::Test {
  protected:
    void SetUp() override {
        char tmpl[] = "/tmp/fastsecp-cliw-XXXXXX";
        ASSERT_NE(mkdtemp(tmpl), nullptr);
        dir_ = tmpl;
    }
    void TearDown() override { (void)std::system(("rm -rf '" + dir_ + "'").c_str()); }
    CliResult run(const std::string& args, const std::string& input = "") {
        std::ofstream(dir_ + "/in") << input;
        std::string cmd = std::string(FASTSECP_CLI_PATH) + " " + args + " > '" + dir_ + "/out' 2> '" + dir_ + "/err' < '" +
                          dir_ + "/in'";
        int status = std::system(cmd.c_str());
        CliResult r;
        r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        r.out = slurp(dir_ + "/out");
        r.err = slurp(dir_ + "/err");
        return r;
    }
    std::string dir_;
};

TEST_F(CliWallet, DeriveMatchesBip32Vectors) {
    auto v = vectors("bip-0032/bip32_vectors.json");
    for (const auto& vec : v.at("valid")) {
        for (const auto& ch : vec.at("chains")) {
            CliResult r = run("derive --seed " + vec.at("seed").get<std::string>() + " --path \"" +
                        ch.at("path").get<std::string>() + "\" --kind none");
            ASSERT_EQ(r.exit_code, 0) << r.err;
            auto f = fields(r.out);
            ASSERT_EQ(f.size(), 4u) << r.out;
            EXPECT_EQ(f[1], ch.at("xprv").get<std::string>());
            EXPECT_EQ(f[2], ch.at("xpub").get<std::string>());
        }
    }
}

TEST_F(CliWallet, DeriveAndAddressMatchBip84And86) {
    auto v86 = vectors("bip-0086/text_vectors.json");
    for (const auto& e : v86.at("entries")) {
        if (!e.contains("address")) continue;
        CliResult r = run("derive --key " + v86.at("rootpriv").get<std::string>() + " --path \"" + e.at("path").get<std::string>() +
                    "\" --kind p2tr");
        ASSERT_EQ(r.exit_code, 0) << r.err;
        auto f = fields(r.out);
        ASSERT_EQ(f.size(), 5u);
        EXPECT_EQ(f[1], e.at("xprv").get<std::string>());
        EXPECT_EQ(f[4], e.at("address").get<std::string>());
    }
    auto v84 = vectors("bip-0084/text_vectors.json");
    std::string input;
    std::vector<std::string> want;
    for (const auto& e : v84.at("entries"))
        if (e.contains("address")) {
            input += e.at("privkey").get<std::string>() + "\n" + e.at("pubkey").get<std::string>() + "\n";
            want.push_back(e.at("address").get<std::string>());
            want.push_back(e.at("address").get<std::string>());
        }
    CliResult r = run("address --kind p2wpkh", input);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto ls = lines(r.out);
    ASSERT_EQ(ls.size(), want.size());
    for (size_t i = 0; i < ls.size(); i++) EXPECT_EQ(fields(ls[i]).at(2), want[i]);
}

TEST_F(CliWallet, RangeEqualsSingleChildren) {
    const std::string key =
        "xpub6BgBgsespWvERF3LHQu6CnqdvfEvtMcQjYrcRzx53QJjSxarj2afYWcLteoGVky7D3UKDP9QyrLprQ3VCECoY49yfdDEHGCtMMj92pReUsQ";
    CliResult r = run("derive --key " + key + " --path m/0 --range 5:40 --batch 16 --kind all");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto ls = lines(r.out);
    ASSERT_EQ(ls.size(), 35u);
    for (size_t i : {0u, 17u, 34u}) {
        auto f = fields(ls[i]);
        ASSERT_EQ(f.size(), 7u);  // path, pubkey, 4 Bitcoin kinds, eth
        CliResult one = run("derive --key " + key + " --path m/0/" + std::to_string(5 + i) + " --kind all");
        ASSERT_EQ(one.exit_code, 0) << one.err;
        auto g = fields(one.out);
        ASSERT_EQ(g.size(), 9u);
        EXPECT_EQ(f[0], g[0]);
        for (size_t k = 1; k < 7; k++) EXPECT_EQ(f[k], g[k + 2]) << k;
    }
}

TEST_F(CliWallet, Errors) {
    const std::string xpub =
        "xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8";
    EXPECT_EQ(run("derive").exit_code, 2);
    CliResult r = run("derive --key " + xpub + " --path \"m/0'\"");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("private key"), std::string::npos) << r.err;
    r = run("derive --key " + xpub.substr(0, 110) + "x");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("--key"), std::string::npos) << r.err;
    EXPECT_EQ(run("derive --seed 00 --kind p2pkh").exit_code, 2);
    EXPECT_EQ(run("derive --key " + xpub + " --kind p2wsh").exit_code, 2);
    EXPECT_EQ(run("derive --key " + xpub + " --range 5:2").exit_code, 2);
    EXPECT_EQ(run("derive --key " + xpub + " --path m/x").exit_code, 2);
    // address: a bad key is reported with its number, the good one still printed.
    r = run("address --kind p2pkh 0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798 nonsense");
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_EQ(lines(r.out).size(), 1u);
    EXPECT_NE(r.err.find("key 2"), std::string::npos) << r.err;
    EXPECT_EQ(run("address --network moon 02").exit_code, 2);
}

}  // namespace

// fastsecp address --coin / derive --coin against the rows generated with bip_utils
// (tests/vectors/data/coins): every coin and kind, from the public key and from the coin's WIF.
TEST_F(CliWallet, CoinAddressesMatchBipUtilsVectors) {
    auto v = vectors("coins/coin_vectors.json").at("vectors");
    std::map<std::string, std::vector<nlohmann::json>> by_coin;
    for (const auto& r : v) by_coin[r.at("coin").get<std::string>()].push_back(r);
    ASSERT_EQ(by_coin.size(), 27u);
    size_t checked = 0;
    for (const auto& [coin, rows] : by_coin) {
        std::string input;
        for (const auto& r : rows) {
            input += r.at("pubkey").get<std::string>() + "\n";
            if (!r.at("wif").is_null()) input += r.at("wif").get<std::string>() + "\n";
        }
        CliResult res = run("address --coin " + coin, input);
        ASSERT_EQ(res.exit_code, 0) << coin << ": " << res.err;
        std::map<std::pair<std::string, std::string>, std::string> got;
        for (const auto& l : lines(res.out)) {
            auto f = fields(l);
            ASSERT_EQ(f.size(), 3u) << l;
            got[{f[0], f[1]}] = f[2];
        }
        for (const auto& r : rows) {
            const std::string kind = r.at("kind").get<std::string>(), want = r.at("address").get<std::string>();
            const auto from_pub = std::make_pair(r.at("pubkey").get<std::string>(), kind);
            EXPECT_EQ(got[from_pub], want) << coin << " " << kind;
            if (!r.at("wif").is_null()) {
                const auto from_wif = std::make_pair(r.at("wif").get<std::string>(), kind);
                EXPECT_EQ(got[from_wif], want) << coin << " " << kind;
            }
            checked++;
        }
        // derive --coin: seed -> path -> the same address.
        const auto& r = rows.back();
        res = run("derive --seed " + r.at("seed").get<std::string>() + " --path \"" + r.at("path").get<std::string>() +
                  "\" --coin " + coin + " --kind " + r.at("kind").get<std::string>());
        ASSERT_EQ(res.exit_code, 0) << coin << ": " << res.err;
        auto f = fields(res.out);
        ASSERT_EQ(f.size(), 5u) << res.out;
        EXPECT_EQ(f[3], r.at("pubkey").get<std::string>());
        EXPECT_EQ(f[4], r.at("address").get<std::string>()) << coin;
    }
    EXPECT_EQ(checked, v.size());
}

TEST_F(CliWallet, CoinListAndErrors) {
    CliResult r = run("address --coin list");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto ls = lines(r.out);
    ASSERT_EQ(ls.size(), 28u);  // header + 27 coins
    EXPECT_EQ(fields(ls[1]).at(0), "BTC");
    EXPECT_EQ(fields(ls[27]).at(0), "KMD");
    const std::string key = "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798";
    r = run("address --coin XYZ " + key);
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("unknown --coin"), std::string::npos) << r.err;
    r = run("address --coin doge --kind p2wpkh " + key);
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find("no address kind"), std::string::npos) << r.err;
    EXPECT_EQ(run("address --coin ltc --network test " + key).exit_code, 2);
    // A Bitcoin WIF is not a Litecoin key.
    r = run("address --coin ltc KwDiBf89QgGbjEhKnhXJuH7LrciVrZi3qYjgd9M7rFU73sVHnoWn");
    EXPECT_EQ(r.exit_code, 1);
    r = run("address --coin eth --kind eth " + key);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(fields(r.out).at(2), "0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf");
}
