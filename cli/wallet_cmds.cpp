// fastsecp derive / fastsecp address: BIP-32 derivation and addresses on the wallet API
// (fastsecp_wallet.h). Same error style as `fastsecp scan`: "fastsecp: ..." on standard error,
// exit status 2 for usage or fatal errors, 1 when some inputs were rejected.
#include "wallet_cmds.h"

#include "hex.h"

#include <fastsecp_wallet.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

namespace {

[[noreturn]] void fail(const std::string& msg) {
    std::fprintf(stderr, "fastsecp: %s\n", msg.c_str());
    std::exit(2);
}

std::string hex(const unsigned char* p, size_t n) { return fastsecp::cli::to_hex(p, n); }
bool unhex(const std::string& s, std::vector<unsigned char>& out) { return fastsecp::cli::parse_hex(s, out); }

void wipe(std::vector<unsigned char>& v) {
    volatile unsigned char* p = v.data();
    for (size_t i = 0; i < v.size(); i++) p[i] = 0;
}

struct Kind {
    const char* name;
    fastsecp_address_kind kind;
};
const Kind KINDS[] = {{"p2pkh", FASTSECP_ADDRESS_P2PKH},
                      {"p2sh-p2wpkh", FASTSECP_ADDRESS_P2SH_P2WPKH},
                      {"p2wpkh", FASTSECP_ADDRESS_P2WPKH},
                      {"p2tr", FASTSECP_ADDRESS_P2TR}};

fastsecp_network parse_network(const std::string& s) {
    if (s == "main" || s == "mainnet" || s == "bitcoin") return FASTSECP_NETWORK_MAINNET;
    if (s == "test" || s == "testnet" || s == "signet") return FASTSECP_NETWORK_TESTNET;
    if (s == "regtest") return FASTSECP_NETWORK_REGTEST;
    fail("unknown --network '" + s + "' (main, test, regtest)");
}

unsigned int parse_version(const std::string& s) {
    static const struct {
        const char* name;
        unsigned int v;
    } table[] = {{"xprv", FASTSECP_XKEY_XPRV}, {"tprv", FASTSECP_XKEY_TPRV}, {"yprv", FASTSECP_XKEY_YPRV},
                 {"uprv", FASTSECP_XKEY_UPRV}, {"zprv", FASTSECP_XKEY_ZPRV}, {"vprv", FASTSECP_XKEY_VPRV}};
    for (const auto& t : table)
        if (s == t.name) return t.v;
    fail("unknown --version '" + s + "' (xprv, tprv, yprv, uprv, zprv, vprv)");
}

// Kind names ("all" = the four Bitcoin kinds plus eth); "none" = no address.
struct KindSet {
    std::vector<fastsecp_address_kind> btc;
    bool eth = false;
};
// The comma-separated names of a --kind value.
std::vector<std::string> split_commas(const std::string& s) {
    std::vector<std::string> out;
    size_t start = 0;
    while (true) {
        size_t comma = s.find(',', start);
        out.push_back(s.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
        if (comma == std::string::npos) return out;
        start = comma + 1;
    }
}

KindSet parse_kinds(const std::string& s) {
    KindSet k;
    if (s == "none") return k;
    for (const std::string& name : split_commas(s)) {
        bool found = false;
        if (name == "all") {
            for (const Kind& kk : KINDS) k.btc.push_back(kk.kind);
            k.eth = found = true;
        } else if (name == "eth") {
            k.eth = found = true;
        }
        for (const Kind& kk : KINDS)
            if (name == kk.name) k.btc.push_back(kk.kind), found = true;
        if (!found) fail("unknown address kind '" + name + "' (p2pkh, p2sh-p2wpkh, p2wpkh, p2tr, eth, all, none)");
    }
    return k;
}

const char* kind_name(fastsecp_address_kind k) {
    for (const Kind& kk : KINDS)
        if (kk.kind == k) return kk.name;
    return "?";
}

// Where addresses go: Bitcoin on a network, or one coin of the table (--coin).
struct Target {
    bool coin_mode = false;
    fastsecp_coin coin = FASTSECP_COIN_BTC;
    fastsecp_network net = FASTSECP_NETWORK_MAINNET;
};

fastsecp_coin parse_coin(const std::string& s) {
    fastsecp_coin c;
    if (fastsecp_coin_from_symbol(&c, s.c_str()) == FASTSECP_OK) return c;
    fail("unknown --coin '" + s + "' (fastsecp address --coin list shows them)");
}

const char* coin_kind_name(fastsecp_address_kind k) { return k == FASTSECP_ADDRESS_EVM ? "evm" : kind_name(k); }

// Kind names for one coin: its kinds, "evm" (or "eth") for the EVM chains, "all" = every kind it has.
KindSet parse_coin_kinds(const std::string& s, fastsecp_coin coin) {
    fastsecp_coin_info info;
    if (fastsecp_coin_get_info(&info, coin) != FASTSECP_OK) fail("unknown coin");
    KindSet k;
    if (s == "none") return k;
    for (const std::string& name : split_commas(s)) {
        int found = -1;
        for (int kk = 0; kk <= (int)FASTSECP_ADDRESS_EVM; kk++)
            if (name == coin_kind_name((fastsecp_address_kind)kk) || (name == "eth" && kk == (int)FASTSECP_ADDRESS_EVM))
                found = kk;
        if (name == "all") {
            for (int kk = 0; kk <= (int)FASTSECP_ADDRESS_EVM; kk++)
                if ((info.kinds >> kk) & 1) k.btc.push_back((fastsecp_address_kind)kk);
        } else if (found < 0 || !((info.kinds >> found) & 1)) {
            std::string have;
            for (int kk = 0; kk <= (int)FASTSECP_ADDRESS_EVM; kk++)
                if ((info.kinds >> kk) & 1) have += std::string(have.empty() ? "" : ", ") + coin_kind_name((fastsecp_address_kind)kk);
            fail("--coin " + std::string(info.symbol) + " has no address kind '" + name + "' (" + have + ", all, none)");
        } else {
            k.btc.push_back((fastsecp_address_kind)found);
        }
    }
    return k;
}

fastsecp_status one_address(const fastsecp_ctx* ctx, char* out, size_t size, const Target& t, fastsecp_address_kind k,
                            const unsigned char* pub33) {
    return t.coin_mode ? fastsecp_coin_address(ctx, out, size, t.coin, k, pub33)
                       : fastsecp_address(ctx, out, size, k, t.net, pub33);
}

fastsecp_status many_addresses(const fastsecp_ctx* ctx, fastsecp_status* res, char* out, size_t stride, const Target& t,
                               fastsecp_address_kind k, const unsigned char* pubs, size_t n) {
    return t.coin_mode ? fastsecp_coin_address_batch(ctx, res, out, stride, t.coin, k, pubs, n)
                       : fastsecp_address_batch(ctx, res, out, stride, k, t.net, pubs, n);
}

// fastsecp address --coin list: the table, one coin a line.
void print_coins() {
    std::printf("%-6s %-22s %-6s %-8s %-8s %-5s %-12s %s\n", "coin", "name", "type", "p2pkh", "p2sh", "wif", "hrp", "kinds");
    for (int c = 0; c < FASTSECP_COIN_COUNT; c++) {
        fastsecp_coin_info i;
        if (fastsecp_coin_get_info(&i, (fastsecp_coin)c) != FASTSECP_OK) fail("coin table");
        std::string kinds;
        for (int kk = 0; kk <= (int)FASTSECP_ADDRESS_EVM; kk++)
            if ((i.kinds >> kk) & 1) kinds += std::string(kinds.empty() ? "" : ",") + coin_kind_name((fastsecp_address_kind)kk);
        std::string hrp = i.segwit_hrp ? i.segwit_hrp : i.cashaddr_prefix ? std::string(i.cashaddr_prefix) + ":" : "-";
        unsigned char w = (unsigned char)i.wif_version;
        std::string wif = i.wif_version < 0 ? "-" : hex(&w, 1);
        std::string v1 = i.version_len ? hex(i.p2pkh_version, i.version_len) : "-";
        std::string v2 = i.version_len ? hex(i.p2sh_version, i.version_len) : "-";
        if (i.groestl_checksum) kinds += " (Groestl-512 checksum)";
        std::printf("%-6s %-22s %-6u %-8s %-8s %-5s %-12s %s\n", i.symbol, i.name, i.coin_type, v1.c_str(), v2.c_str(),
                    wif.c_str(), hrp.c_str(), kinds.c_str());
    }
}

std::string eth_text(const unsigned char* pub33) {
    unsigned char a[20];
    char t[43];
    if (fastsecp_eth_address(a, pub33, 33) != FASTSECP_OK || fastsecp_eth_address_to_checksum(t, sizeof t, a) != FASTSECP_OK)
        return "-";
    return t;
}

std::string xkey_text(const fastsecp_xkey& k) {
    char buf[FASTSECP_XKEY_STRING_SIZE];
    fastsecp_status st = fastsecp_xkey_serialize(buf, sizeof buf, &k);
    if (st != FASTSECP_OK) fail(std::string("cannot serialize the key: ") + fastsecp_strerror(st));
    return buf;
}

std::string path_text(const std::string& base, unsigned int idx) {
    std::string p = base.empty() ? "m" : base;
    p += "/" + std::to_string(idx & 0x7FFFFFFFu);
    if (idx & FASTSECP_BIP32_HARDENED) p += "'";
    return p;
}

void derive_usage(std::FILE* to) {
    std::fputs(
        "usage: fastsecp derive (--seed HEX | --key XPRV|XPUB) [--path PATH] [--range A:B | --count N]\n"
        "                       [--kind KINDS] [--network NET] [--version VER] [--threads N] [--batch N]\n"
        "\n"
        "Derives BIP-32 keys. Without --range: the key at PATH (default m), one line:\n"
        "  PATH EXTENDED_KEY XPUB PUBKEY ADDRESS...\n"
        "(EXTENDED_KEY is the xprv when the input was private, else the xpub again). With --range A:B\n"
        "(or --count N, i.e. 0:N): the public children A..B-1 of the key at PATH, one line each,\n"
        "  PATH/i PUBKEY ADDRESS...\n"
        "by batch public derivation (no hardened children; fast for millions).\n"
        "\n"
        "  --seed HEX      16..64-byte seed (the master key; --version picks its prefix, default xprv)\n"
        "  --key KEY       an extended key (xprv/xpub/tprv/tpub/yprv/ypub/zprv/zpub/uprv/upub/vprv/vpub)\n"
        "  --path PATH     e.g. \"m/86'/0'/0'/0/5\" (' or h: hardened), relative to the given key\n"
        "  --kind KINDS    comma list of p2pkh, p2sh-p2wpkh, p2wpkh, p2tr, eth, all, none (default p2wpkh)\n"
        "  --network NET   main, test, regtest (default main)\n"
        "  --coin SYM      addresses of this coin instead (BTC, LTC, DOGE, ETH, ...: fastsecp address --coin list);\n"
        "                  KINDS then names its kinds (evm for the EVM chains), default: the coin's usual kind\n"
        "  --threads N     threads for --range, 0 = one per core (default 0)\n"
        "  --batch N       children per library call with --range (default 65536)\n",
        to);
}

}  // namespace

int run_derive(int argc, char** argv) {
    std::string seed_hex, key_text, path = "m", kinds, network = "main", version = "xprv", coin;
    long long range_a = -1, range_b = -1;
    unsigned threads = 0;
    size_t batch = 65536;
    for (int i = 2; i < argc; i++) {
        std::string a = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) fail("option " + a + " needs a value");
            return argv[++i];
        };
        if (a == "--seed") seed_hex = value();
        else if (a == "--key") key_text = value();
        else if (a == "--path") path = value();
        else if (a == "--kind") kinds = value();
        else if (a == "--network") network = value();
        else if (a == "--version") version = value();
        else if (a == "--coin") coin = value();
        else if (a == "--threads") threads = (unsigned)std::strtoul(value().c_str(), nullptr, 10);
        else if (a == "--batch") batch = std::max<size_t>(1, std::strtoull(value().c_str(), nullptr, 10));
        else if (a == "--count") {
            range_a = 0;
            range_b = std::strtoll(value().c_str(), nullptr, 10);
        } else if (a == "--range") {
            std::string r = value();
            size_t colon = r.find(':');
            if (colon == std::string::npos) fail("--range needs A:B");
            char* end;
            range_a = std::strtoll(r.c_str(), &end, 10);
            if (end != r.c_str() + colon) fail("--range needs A:B");
            range_b = std::strtoll(r.c_str() + colon + 1, &end, 10);
            if (*end != '\0') fail("--range needs A:B");
        } else if (a == "-h" || a == "--help") {
            derive_usage(stdout);
            return 0;
        } else {
            derive_usage(stderr);
            fail("unknown option '" + a + "'");
        }
    }
    if (seed_hex.empty() == key_text.empty()) {
        derive_usage(stderr);
        fail("give exactly one of --seed and --key");
    }
    if (range_a != -1 && (range_a < 0 || range_b < range_a || range_b > 0x80000000LL))
        fail("--range A:B needs 0 <= A <= B <= 2^31 (public children only)");
    Target target;
    target.net = parse_network(network);
    KindSet ks;
    if (!coin.empty()) {
        target.coin_mode = true;
        target.coin = parse_coin(coin);
        fastsecp_coin_info info;
        if (fastsecp_coin_get_info(&info, target.coin) != FASTSECP_OK) fail("unknown coin");
        ks = parse_coin_kinds(kinds.empty() ? coin_kind_name(info.default_kind) : kinds, target.coin);
    } else {
        ks = parse_kinds(kinds.empty() ? "p2wpkh" : kinds);
    }

    fastsecp_ctx* ctx;
    fastsecp_ctx_options opt = FASTSECP_CTX_OPTIONS_INIT;
    opt.n_threads = threads;
    if (fastsecp_ctx_create(&ctx, &opt) != FASTSECP_OK) fail("cannot create a context");
    fastsecp_xkey root, key;
    fastsecp_status st;
    if (!seed_hex.empty()) {
        std::vector<unsigned char> seed;
        if (!unhex(seed_hex, seed) || seed.size() < 16 || seed.size() > 64) fail("--seed must be 32..128 hex digits");
        st = fastsecp_xkey_from_seed(ctx, &root, seed.data(), seed.size(), parse_version(version));
        wipe(seed);
        if (st != FASTSECP_OK) fail(std::string("--seed: ") + fastsecp_strerror(st));
    } else {
        st = fastsecp_xkey_parse(&root, key_text.c_str());
        if (st != FASTSECP_OK) fail(std::string("--key: ") + fastsecp_strerror(st));
    }
    st = fastsecp_xkey_derive_path(ctx, &key, &root, path.c_str());
    if (st != FASTSECP_OK) fail("--path '" + path + "': " + fastsecp_strerror(st));
    std::string base = path;
    while (!base.empty() && base.back() == '/') base.pop_back();

    if (range_a == -1) {
        fastsecp_xkey pub;
        unsigned char pk[33];
        if (fastsecp_xkey_neuter(ctx, &pub, &key) != FASTSECP_OK || fastsecp_xkey_pubkey(ctx, pk, nullptr, &key) != FASTSECP_OK)
            fail("cannot compute the public key");
        std::string line = (base.empty() ? "m" : base) + " " + xkey_text(key) + " " + xkey_text(pub) + " " + hex(pk, 33);
        for (auto k : ks.btc) {
            char addr[FASTSECP_ADDRESS_SIZE];
            if (one_address(ctx, addr, sizeof addr, target, k, pk) != FASTSECP_OK) fail("cannot make the address");
            line += std::string(" ") + addr;
        }
        if (ks.eth) line += " " + eth_text(pk);
        std::printf("%s\n", line.c_str());
        fastsecp_ctx_destroy(ctx);
        return 0;
    }

    // Range: batches of children, then each batch's addresses in one call per kind.
    const size_t total = (size_t)(range_b - range_a);
    std::vector<unsigned char> pubs;
    std::vector<fastsecp_status> res;
    std::vector<std::vector<char>> addrs(ks.btc.size());
    std::string out;
    int rc = 0;
    for (size_t done = 0; done < total; done += batch) {
        size_t n = std::min(batch, total - done);
        unsigned first = (unsigned)(range_a + (long long)done);
        pubs.resize(33 * n);
        res.resize(n);
        fastsecp_status s = fastsecp_xkey_derive_range(ctx, res.data(), pubs.data(), nullptr, &key, first, n);
        if (s != FASTSECP_OK && s != FASTSECP_ERR_ITEM_FAILED) fail(std::string("derivation: ") + fastsecp_strerror(s));
        for (size_t k = 0; k < ks.btc.size(); k++) {
            addrs[k].assign(FASTSECP_ADDRESS_SIZE * n, 0);
            std::vector<fastsecp_status> ar(n);
            // Items that failed derivation fail here too (their key is zero) and are skipped below.
            fastsecp_status as =
                many_addresses(ctx, ar.data(), addrs[k].data(), FASTSECP_ADDRESS_SIZE, target, ks.btc[k], pubs.data(), n);
            if (as != FASTSECP_OK && as != FASTSECP_ERR_ITEM_FAILED) fail(std::string("addresses: ") + fastsecp_strerror(as));
        }
        out.clear();
        for (size_t j = 0; j < n; j++) {
            if (res[j] != FASTSECP_OK) {
                std::fprintf(stderr, "fastsecp: %s: skipped (%s)\n", path_text(base, first + (unsigned)j).c_str(),
                             fastsecp_strerror(res[j]));
                rc = 1;
                continue;
            }
            out += path_text(base, first + (unsigned)j);
            out += ' ';
            out += hex(&pubs[33 * j], 33);
            for (size_t k = 0; k < ks.btc.size(); k++) {
                out += ' ';
                out += &addrs[k][FASTSECP_ADDRESS_SIZE * j];
            }
            if (ks.eth) out += " " + eth_text(&pubs[33 * j]);
            out += '\n';
        }
        std::fwrite(out.data(), 1, out.size(), stdout);
    }
    fastsecp_ctx_destroy(ctx);
    return rc;
}

namespace {

void address_usage(std::FILE* to) {
    std::fputs(
        "usage: fastsecp address [--kind KINDS] [--network NET | --coin SYM] [KEY...]\n"
        "       fastsecp address --coin list\n"
        "\n"
        "Prints the addresses of each KEY (or of each line of standard input when no KEY is given):\n"
        "  KEY KIND ADDRESS     one line per kind\n"
        "KEY: a compressed public key (66 hex digits), an uncompressed one (130), a WIF secret key, or\n"
        "an extended key (its own key). KINDS: comma list of p2pkh, p2sh-p2wpkh, p2wpkh, p2tr, eth, all\n"
        "(default all). NET: main, test, regtest (default main; a WIF or extended key's own network\n"
        "wins for Bitcoin kinds only when --network is not given).\n"
        "--coin SYM: the addresses of one of 27 coins (BTC, ETH, LTC, DOGE, BCH, BSV, ZEC, DASH, DGB, NMC,\n"
        "PPC, VTC, VIA, GRS, SYS, BNB, MATIC, AVAX, FTM, ARB, OP, RVN, FLUX, QTUM, ZEN, BTG, KMD) in the\n"
        "kinds it has (default all of them; evm for the EVM chains); WIF keys are then that coin's.\n"
        "--coin list prints the table (BIP-44 coin type, version bytes, WIF byte, HRP, kinds).\n"
        "Keys that cannot be used are reported on standard error; the others are still printed.\n",
        to);
}

// The compressed public key of one input; false with a reason.
bool key_to_pub(const fastsecp_ctx* ctx, const std::string& text, unsigned char pub33[33], fastsecp_network* net,
                const Target& target, std::string& why) {
    std::vector<unsigned char> b;
    if (unhex(text, b) && (b.size() == 33 || b.size() == 65)) {
        // Through the Ethereum parser, which accepts both lengths and reports why not.
        unsigned char a[20];
        fastsecp_status st = fastsecp_eth_address(a, b.data(), b.size());
        if (st != FASTSECP_OK) {
            why = fastsecp_strerror(st);
            return false;
        }
        if (b.size() == 33) {
            std::memcpy(pub33, b.data(), 33);
        } else {
            std::memcpy(pub33 + 1, b.data() + 1, 32);
            pub33[0] = (unsigned char)(2 | (b[64] & 1));
        }
        return true;
    }
    fastsecp_xkey x;
    if (text.size() == 111 && fastsecp_xkey_parse(&x, text.c_str()) == FASTSECP_OK) {
        *net = (x.version == FASTSECP_XKEY_XPRV || x.version == FASTSECP_XKEY_XPUB || x.version == FASTSECP_XKEY_YPRV ||
                x.version == FASTSECP_XKEY_YPUB || x.version == FASTSECP_XKEY_ZPRV || x.version == FASTSECP_XKEY_ZPUB)
                   ? FASTSECP_NETWORK_MAINNET
                   : FASTSECP_NETWORK_TESTNET;
        return fastsecp_xkey_pubkey(ctx, pub33, nullptr, &x) == FASTSECP_OK;
    }
    unsigned char sk[32];
    int compressed;
    fastsecp_status st = target.coin_mode ? fastsecp_coin_wif_decode(sk, &compressed, target.coin, text.c_str())
                                          : fastsecp_wif_decode(sk, net, &compressed, text.c_str());
    if (st == FASTSECP_OK) {
        fastsecp_status r;
        st = fastsecp_pubkey_create_batch(ctx, &r, pub33, sk, 1);
        volatile unsigned char* p = sk;
        for (int i = 0; i < 32; i++) p[i] = 0;
        if (st == FASTSECP_OK) return true;
    }
    why = "not a public key (66 or 130 hex digits), WIF key or extended key";
    return false;
}

}  // namespace

int run_address(int argc, char** argv) {
    std::string kinds = "all", coin;
    bool have_network = false;
    fastsecp_network net = FASTSECP_NETWORK_MAINNET;
    std::vector<std::string> keys;
    for (int i = 2; i < argc; i++) {
        std::string a = argv[i];
        if (a == "--kind" && i + 1 < argc) kinds = argv[++i];
        else if (a == "--coin" && i + 1 < argc) coin = argv[++i];
        else if (a == "--network" && i + 1 < argc) net = parse_network(argv[++i]), have_network = true;
        else if (a == "-h" || a == "--help") {
            address_usage(stdout);
            return 0;
        } else if (a.rfind("--", 0) == 0) {
            address_usage(stderr);
            fail("unknown option '" + a + "'");
        } else {
            keys.push_back(a);
        }
    }
    if (coin == "list") {
        print_coins();
        return 0;
    }
    Target target;
    if (!coin.empty()) {
        if (have_network) fail("give --network or --coin, not both");
        target.coin_mode = true;
        target.coin = parse_coin(coin);
    }
    const KindSet ks = target.coin_mode ? parse_coin_kinds(kinds, target.coin) : parse_kinds(kinds);
    bool from_stdin = keys.empty();
    if (from_stdin)
        for (std::string line; std::getline(std::cin, line);) {
            size_t b = line.find_first_not_of(" \t\r"), e = line.find_last_not_of(" \t\r");
            if (b != std::string::npos && line[b] != '#') keys.push_back(line.substr(b, e - b + 1));
        }
    fastsecp_ctx* ctx;
    if (fastsecp_ctx_create(&ctx, nullptr) != FASTSECP_OK) fail("cannot create a context");
    int rc = 0;
    for (size_t i = 0; i < keys.size(); i++) {
        unsigned char pub[33];
        fastsecp_network key_net = net;
        std::string why;
        if (!key_to_pub(ctx, keys[i], pub, &key_net, target, why)) {
            std::fprintf(stderr, "fastsecp: %s %zu: %s\n", from_stdin ? "line" : "key", i + 1, why.c_str());
            rc = 1;
            continue;
        }
        Target use = target;
        use.net = have_network ? net : key_net;
        for (auto k : ks.btc) {
            char addr[FASTSECP_ADDRESS_SIZE];
            if (one_address(ctx, addr, sizeof addr, use, k, pub) == FASTSECP_OK)
                std::printf("%s %s %s\n", keys[i].c_str(), coin_kind_name(k), addr);
        }
        if (ks.eth) std::printf("%s eth %s\n", keys[i].c_str(), eth_text(pub).c_str());
    }
    fastsecp_ctx_destroy(ctx);
    return rc;
}
