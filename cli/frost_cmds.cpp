// fastsecp frost: BIP-445 FROST threshold signatures for trying them out on one machine, on the
// public C API (secp256k1_frost.h): a trusted-dealer key split and a signing run in which this one
// process plays every signer and the coordinator. Same error style as the other subcommands:
// "fastsecp: ..." on standard error, exit status 2 for usage errors, 1 when signing fails.
#include "frost_cmds.h"

#include "hex.h"

#include <secp256k1.h>
#include <secp256k1_extrakeys.h>
#include <secp256k1_frost.h>
#include <secp256k1_schnorrsig.h>

#include <sys/random.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <initializer_list>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

using fastsecp::cli::parse_hex;
using fastsecp::cli::to_hex;

void frost_usage(std::FILE* to) {
    std::fputs(
        "usage: fastsecp frost split --threshold T --participants N [--seed HEX]\n"
        "       fastsecp frost sign [--keys FILE] [--signers ID,ID,...] (--message HEX | --message-text TEXT)\n"
        "       fastsecp frost verify --pubkey XONLY --signature SIG (--message HEX | --message-text TEXT)\n"
        "\n"
        "FROST threshold signatures (BIP-445) for trying them out on one machine.\n"
        "\n"
        "split: a trusted dealer splits a fresh key into N shares, any T of which can sign.\n"
        "  --threshold T       signers needed (1 <= T <= N)\n"
        "  --participants N    number of shares (participant ids 0..N-1)\n"
        "  --seed HEX          the dealer's secret 32-byte seed (64 hex digits; default: fresh randomness)\n"
        "  Output (the key file; keep it private: it holds every secret share):\n"
        "    frost T N THRESHOLD_PUBKEY XONLY_PUBKEY\n"
        "    share ID SECRET_SHARE PUBLIC_SHARE      (one line per participant)\n"
        "  THRESHOLD_PUBKEY: 66 hex digits (compressed); XONLY_PUBKEY: the BIP-340 key (64 hex) that\n"
        "  verifies the group's signatures; SECRET_SHARE: 64 hex digits; PUBLIC_SHARE: 66 hex digits.\n"
        "\n"
        "sign: one signing run with the shares of the key file, every signer in this process: nonce\n"
        "  generation, nonce aggregation, partial signing, partial-signature verification and\n"
        "  aggregation. Prints one line: SIGNATURE XONLY_PUBKEY (the 64-byte BIP-340 signature, 128 hex).\n"
        "  --keys FILE         a key file as split prints it, with the 'frost' line and the share lines\n"
        "                      of (at least) the signers; default or '-': standard input\n"
        "  --signers IDS       comma-separated participant ids that sign (default: every share line)\n"
        "  --message HEX       the message (any length, hex); --message-text TEXT: its bytes as given\n"
        "\n"
        "verify: checks a BIP-340 signature; prints 'valid' (exit 0) or 'invalid' (exit 1).\n"
        "\n"
        "Exit status: 0 success, 1 signing failed or the signature is invalid, 2 usage or input error.\n",
        to);
}

[[noreturn]] void usage_error(const std::string& msg) {
    frost_usage(stderr);
    std::fprintf(stderr, "fastsecp: %s\n", msg.c_str());
    std::exit(2);
}

[[noreturn]] void fail(const std::string& msg, int code = 2) {
    std::fprintf(stderr, "fastsecp: %s\n", msg.c_str());
    std::exit(code);
}

void wipe(void* p, size_t n) {
    volatile unsigned char* v = static_cast<volatile unsigned char*>(p);
    for (size_t i = 0; i < n; i++) v[i] = 0;
}

void random_bytes(unsigned char* out, size_t n) {
    if (getrandom(out, n, 0) != static_cast<ssize_t>(n)) fail("no randomness available (getrandom)");
}

// A whole decimal number in [lo, hi]; otherwise a usage error (arguments) or an input error naming
// the place (`where`, for the key file).
uint32_t parse_uint(const std::string& s, const char* what, uint32_t lo, uint32_t hi, const std::string& where = "") {
    std::string err;
    unsigned long long v = 0;
    if (s.empty() || s.size() > 10 || s.find_first_not_of("0123456789") != std::string::npos) {
        err = std::string(what) + " must be a number, got '" + s + "'";
    } else {
        v = std::strtoull(s.c_str(), nullptr, 10);
        if (v < lo || v > hi) err = std::string(what) + " must be between " + std::to_string(lo) + " and " + std::to_string(hi);
    }
    if (!err.empty()) {
        if (where.empty()) usage_error(err);
        fail(where + err);
    }
    return static_cast<uint32_t>(v);
}

// The "--option VALUE" pairs after the subcommand (argv[3..]): on(option, value) for each option in
// `known`; -h/--help prints the usage and exits 0; anything else is a usage error.
template <class F>
void for_each_option(int argc, char** argv, std::initializer_list<const char*> known, F on) {
    for (int i = 3; i < argc; i++) {
        const std::string a = argv[i];
        if (a == "-h" || a == "--help") {
            frost_usage(stdout);
            std::exit(0);
        }
        bool ok = false;
        for (const char* k : known) ok = ok || a == k;
        if (!ok) usage_error("unknown option '" + a + "'");
        if (i + 1 >= argc) usage_error("option " + a + " needs a value");
        on(a, std::string(argv[++i]));
    }
}

struct Context {
    secp256k1_context* ctx;
    Context() : ctx(secp256k1_context_create(SECP256K1_CONTEXT_NONE)) {
        if (ctx == nullptr) fail("out of memory");
        unsigned char seed[32];
        random_bytes(seed, 32);
        if (!secp256k1_context_randomize(ctx, seed)) fail("context randomization failed");
    }
    ~Context() { secp256k1_context_destroy(ctx); }
};

std::string pubkey_hex(const secp256k1_context* ctx, const secp256k1_pubkey& pk) {
    unsigned char out[33];
    size_t len = 33;
    secp256k1_ec_pubkey_serialize(ctx, out, &len, &pk, SECP256K1_EC_COMPRESSED);
    return to_hex(out, 33);
}

std::string xonly_hex(const secp256k1_context* ctx, const secp256k1_pubkey& pk) {
    secp256k1_xonly_pubkey x;
    unsigned char out[32];
    secp256k1_xonly_pubkey_from_pubkey(ctx, &x, nullptr, &pk);
    secp256k1_xonly_pubkey_serialize(ctx, out, &x);
    return to_hex(out, 32);
}

// --message HEX / --message-text TEXT.
struct Message {
    std::vector<unsigned char> bytes;
    bool given = false;
    // --message HEX or --message-text TEXT.
    void set(const std::string& option, const std::string& value) {
        if (given) usage_error("give the message once");
        if (option == "--message-text") bytes.assign(value.begin(), value.end());
        else if (!parse_hex(value, bytes)) usage_error("--message must be an even number of hex digits");
        given = true;
    }
    const unsigned char* data() const { return bytes.empty() ? nullptr : bytes.data(); }
};

int run_split(int argc, char** argv) {
    std::string t_text, n_text, seed_hex;
    for_each_option(argc, argv, {"--threshold", "-t", "--participants", "-n", "--seed"}, [&](const std::string& a, std::string v) {
        if (a == "--threshold" || a == "-t") t_text = v;
        else if (a == "--participants" || a == "-n") n_text = v;
        else seed_hex = v;
    });
    if (t_text.empty() || n_text.empty()) usage_error("split needs --threshold and --participants");
    // 1000 participants: far beyond any use here, and it bounds the output.
    const uint32_t n = parse_uint(n_text, "--participants", 1, 1000);
    const uint32_t t = parse_uint(t_text, "--threshold", 1, n);
    unsigned char seed[32];
    if (seed_hex.empty()) random_bytes(seed, 32);
    else if (!parse_hex(seed_hex, seed, 32)) usage_error("--seed must be 64 hex digits");
    Context c;
    std::vector<unsigned char> secshares(32 * static_cast<size_t>(n));
    std::vector<secp256k1_pubkey> pubshares(n);
    secp256k1_pubkey thresh_pk;
    const int ok = secp256k1_frost_shares_gen(c.ctx, secshares.data(), pubshares.data(), &thresh_pk, seed, t, n);
    wipe(seed, sizeof seed);
    if (!ok) fail("key split failed (a polynomial coefficient was zero: try another seed)");
    std::printf("frost %u %u %s %s\n", t, n, pubkey_hex(c.ctx, thresh_pk).c_str(), xonly_hex(c.ctx, thresh_pk).c_str());
    for (uint32_t id = 0; id < n; id++) {
        std::string sec = to_hex(&secshares[32 * static_cast<size_t>(id)], 32);
        std::printf("share %u %s %s\n", id, sec.c_str(), pubkey_hex(c.ctx, pubshares[id]).c_str());
        wipe(sec.data(), sec.size());
    }
    wipe(secshares.data(), secshares.size());
    return std::fflush(stdout) == 0 ? 0 : 2;
}

struct Share {
    uint32_t id = 0;
    unsigned char secshare[32] = {};
    secp256k1_pubkey pubshare;
};

struct KeyFile {
    uint32_t t = 0, n = 0;
    secp256k1_pubkey thresh_pk;
    std::vector<Share> shares;  // in file order
    ~KeyFile() {
        for (auto& s : shares) wipe(s.secshare, 32);
    }
};

void read_keys(std::istream& in, const std::string& name, const secp256k1_context* ctx, KeyFile& k) {
    bool have_header = false;
    std::string line;
    for (int lineno = 1; std::getline(in, line); lineno++) {
        const std::string where = name + ":" + std::to_string(lineno) + ": ";
        std::istringstream ls(line);
        std::vector<std::string> f;
        for (std::string w; ls >> w;) f.push_back(w);
        if (f.empty() || f[0][0] == '#') continue;
        if (f[0] == "frost") {
            if (have_header) fail(where + "a second 'frost' line");
            if (f.size() != 5) fail(where + "expected 'frost T N THRESHOLD_PUBKEY XONLY_PUBKEY'");
            k.n = parse_uint(f[2], "N", 1, 1000, where);
            k.t = parse_uint(f[1], "T", 1, k.n, where);
            unsigned char pk[33];
            if (!parse_hex(f[3], pk, 33) || !secp256k1_ec_pubkey_parse(ctx, &k.thresh_pk, pk, 33))
                fail(where + "the threshold public key is not a valid compressed key (66 hex digits)");
            have_header = true;
        } else if (f[0] == "share") {
            if (!have_header) fail(where + "a share line before the 'frost' line");
            if (f.size() != 4) fail(where + "expected 'share ID SECRET_SHARE PUBLIC_SHARE'");
            Share s;
            s.id = parse_uint(f[1], "the share's ID", 0, k.n - 1, where);
            for (const auto& o : k.shares)
                if (o.id == s.id) fail(where + "participant " + f[1] + " appears twice");
            unsigned char pk[33];
            if (!parse_hex(f[2], s.secshare, 32)) fail(where + "the secret share must be 64 hex digits");
            wipe(f[2].data(), f[2].size());
            if (!parse_hex(f[3], pk, 33) || !secp256k1_ec_pubkey_parse(ctx, &s.pubshare, pk, 33))
                fail(where + "the public share is not a valid compressed key (66 hex digits)");
            k.shares.push_back(s);
            wipe(s.secshare, 32);
        } else {
            fail(where + "expected a 'frost' or 'share' line");
        }
    }
    wipe(line.data(), line.size());
    if (!have_header) fail(name + ": no 'frost T N ...' line (the output of 'fastsecp frost split')");
}

std::string signers_error(int err, size_t index, const std::vector<uint32_t>& ids, const KeyFile& k, size_t u) {
    switch (err) {
        case SECP256K1_FROST_ERR_SIGNER_COUNT:
            return "too few signers: " + std::to_string(u) + " given, the key needs " + std::to_string(k.t) +
                   (u > k.n ? " (and at most " + std::to_string(k.n) + ")" : std::string());
        case SECP256K1_FROST_ERR_ID_RANGE:
            return "participant id " + (index < ids.size() ? std::to_string(ids[index]) : std::string("?")) + " is not below N";
        case SECP256K1_FROST_ERR_DUPLICATE_IDS: return "a participant id occurs twice";
        case SECP256K1_FROST_ERR_THRESH_INFINITY:
        case SECP256K1_FROST_ERR_KEY_MATERIAL:
            return "the signers' public shares do not belong to the threshold key (a wrong share?)";
        default: return "invalid signer set (error " + std::to_string(err) + ")";
    }
}

int run_sign(int argc, char** argv) {
    std::string keys_path = "-", signers_text;
    Message msg;
    for_each_option(argc, argv, {"--keys", "--signers", "--message", "--message-text"}, [&](const std::string& a, std::string v) {
        if (a == "--keys") keys_path = v;
        else if (a == "--signers") signers_text = v;
        else msg.set(a, v);
    });
    if (!msg.given) usage_error("sign needs --message or --message-text");
    Context c;
    KeyFile k;
    if (keys_path == "-") {
        read_keys(std::cin, "<stdin>", c.ctx, k);
    } else {
        std::ifstream in(keys_path);
        if (!in) fail("cannot open key file " + keys_path);
        read_keys(in, keys_path, c.ctx, k);
    }
    // The signers, in the order given (or file order).
    std::vector<const Share*> signers;
    if (signers_text.empty()) {
        for (const auto& s : k.shares) signers.push_back(&s);
    } else {
        size_t start = 0;
        while (true) {
            const size_t comma = signers_text.find(',', start);
            const std::string item = signers_text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
            const uint32_t id = parse_uint(item, "--signers' ids", 0, k.n - 1);
            const Share* found = nullptr;
            for (const auto& s : k.shares)
                if (s.id == id) found = &s;
            if (found == nullptr) fail("participant " + item + " has no share line in the key file");
            for (const Share* s : signers)
                if (s == found) fail("participant " + item + " is named twice in --signers");
            signers.push_back(found);
            if (comma == std::string::npos) break;
            start = comma + 1;
        }
    }
    const size_t u = signers.size();
    std::vector<uint32_t> ids(u);
    std::vector<const secp256k1_pubkey*> pubshares(u);
    for (size_t i = 0; i < u; i++) {
        ids[i] = signers[i]->id;
        pubshares[i] = &signers[i]->pubshare;
    }
    if (u == 0) fail("too few signers: 0 given, the key needs " + std::to_string(k.t), 1);
    int err = 0;
    size_t err_index = 0;
    if (!secp256k1_frost_signers_validate(c.ctx, &err, &err_index, k.n, k.t, ids.data(), pubshares.data(), u, &k.thresh_pk))
        fail(signers_error(err, err_index, ids, k, u), 1);

    // Round 1: every signer's nonce, then the coordinator's aggregate.
    std::vector<secp256k1_frost_secnonce> secnonces(u);
    std::vector<secp256k1_frost_pubnonce> pubnonces(u);
    std::vector<const secp256k1_frost_pubnonce*> pubnonce_ptrs(u);
    for (size_t i = 0; i < u; i++) {
        unsigned char secrand[32];
        random_bytes(secrand, 32);
        if (!secp256k1_frost_nonce_gen(c.ctx, &secnonces[i], &pubnonces[i], secrand, signers[i]->secshare,
                                       &signers[i]->pubshare, nullptr, msg.data(), msg.bytes.size(), nullptr, 0))
            fail("participant " + std::to_string(ids[i]) + ": nonce generation failed (its secret share is not a valid scalar)", 1);
        pubnonce_ptrs[i] = &pubnonces[i];
    }
    secp256k1_frost_aggnonce aggnonce;
    if (!secp256k1_frost_nonce_agg(c.ctx, &aggnonce, pubnonce_ptrs.data(), u)) fail("nonce aggregation failed", 1);

    // Round 2: the session, every partial signature, each checked before aggregation.
    secp256k1_frost_session session;
    if (!secp256k1_frost_nonce_process(c.ctx, &session, &aggnonce, msg.data(), msg.bytes.size(), k.n, k.t, ids.data(),
                                       pubshares.data(), u, &k.thresh_pk, nullptr))
        fail("building the signing session failed", 1);
    std::vector<secp256k1_frost_partial_sig> psigs(u);
    std::vector<const secp256k1_frost_partial_sig*> psig_ptrs(u);
    for (size_t i = 0; i < u; i++) {
        if (!secp256k1_frost_partial_sign(c.ctx, &psigs[i], &secnonces[i], signers[i]->secshare, ids[i], &session,
                                          ids.data(), pubshares.data(), u))
            fail("participant " + std::to_string(ids[i]) +
                     ": partial signing failed (its secret share does not match its public share)", 1);
        psig_ptrs[i] = &psigs[i];
    }
    for (size_t i = 0; i < u; i++)
        if (!secp256k1_frost_partial_sig_verify(c.ctx, &psigs[i], &pubnonces[i], i, &session, ids.data(),
                                                pubshares.data(), u))
            fail("participant " + std::to_string(ids[i]) + ": its partial signature does not verify", 1);
    unsigned char sig[64];
    if (!secp256k1_frost_partial_sig_agg(c.ctx, sig, &session, psig_ptrs.data(), u)) fail("aggregation failed", 1);
    secp256k1_xonly_pubkey xonly;
    secp256k1_xonly_pubkey_from_pubkey(c.ctx, &xonly, nullptr, &k.thresh_pk);
    if (!secp256k1_schnorrsig_verify(c.ctx, sig, msg.data(), msg.bytes.size(), &xonly))
        fail("the aggregated signature does not verify", 1);
    std::printf("%s %s\n", to_hex(sig, 64).c_str(), xonly_hex(c.ctx, k.thresh_pk).c_str());
    return std::fflush(stdout) == 0 ? 0 : 2;
}

int run_verify(int argc, char** argv) {
    std::string pk_hex, sig_hex;
    Message msg;
    for_each_option(argc, argv, {"--pubkey", "--signature", "--message", "--message-text"}, [&](const std::string& a, std::string v) {
        if (a == "--pubkey") pk_hex = v;
        else if (a == "--signature") sig_hex = v;
        else msg.set(a, v);
    });
    if (pk_hex.empty() || sig_hex.empty() || !msg.given) usage_error("verify needs --pubkey, --signature and a message");
    unsigned char pk[32], sig[64];
    if (!parse_hex(pk_hex, pk, 32)) usage_error("--pubkey must be 64 hex digits (an x-only key)");
    if (!parse_hex(sig_hex, sig, 64)) usage_error("--signature must be 128 hex digits");
    Context c;
    secp256k1_xonly_pubkey xonly;
    const bool valid = secp256k1_xonly_pubkey_parse(c.ctx, &xonly, pk) &&
                       secp256k1_schnorrsig_verify(c.ctx, sig, msg.data(), msg.bytes.size(), &xonly);
    std::printf("%s\n", valid ? "valid" : "invalid");
    return valid ? 0 : 1;
}

}  // namespace

int run_frost(int argc, char** argv) {
    if (argc < 3) usage_error("frost needs a subcommand: split, sign or verify");
    const std::string sub = argv[2];
    if (sub == "-h" || sub == "--help" || sub == "help") {
        frost_usage(stdout);
        return 0;
    }
    if (sub == "split") return run_split(argc, argv);
    if (sub == "sign") return run_sign(argc, argv);
    if (sub == "verify") return run_verify(argc, argv);
    usage_error("unknown frost subcommand '" + sub + "'");
}
