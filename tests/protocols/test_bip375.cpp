// BIP-375 (silent payments in PSBTs): the 42 vectors of bip375_test_vectors.json (20 valid, 22
// invalid), checked as a signer or verifier checks a PSBT: structure, ECDH-share coverage with the
// shares' BIP-374 DLEQ proofs (secp256k1_dleq_verify), input eligibility, and every computed
// silent-payment output against PSBT_OUT_SCRIPT (secp256k1_silentpayments_psbt_output). The PSBT
// v2 reader here is test code; the checks follow the BIP's text and the order of its reference
// validator (the vectors' "checks" list overrides the order, as the file's notes say).
#include <secp256k1_dleq.h>
#include <secp256k1_silentpayments.h>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>

#include "protocol_common.h"

using namespace fastsecp::test;

namespace {

// A PSBT that breaks a rule the reference enforces by failing to read it (a missing field, a bad
// point) is invalid, as it is there.
struct Invalid : std::runtime_error {
    using std::runtime_error::runtime_error;
};

Bytes base64_decode(const std::string& s) {
    auto val = [](char c) -> int {
        if (c >= 'A' && c <= 'Z') return c - 'A';
        if (c >= 'a' && c <= 'z') return c - 'a' + 26;
        if (c >= '0' && c <= '9') return c - '0' + 52;
        if (c == '+') return 62;
        if (c == '/') return 63;
        return -1;
    };
    Bytes out;
    unsigned acc = 0;
    int bits = 0;
    for (char c : s) {
        if (c == '=') break;
        int v = val(c);
        if (v < 0) throw Invalid("base64");
        acc = (acc << 6) | (unsigned)v;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out.push_back((unsigned char)(acc >> bits));
        }
    }
    return out;
}

struct Reader {
    const Bytes& b;
    size_t pos = 0;
    unsigned char byte() {
        if (pos >= b.size()) throw Invalid("truncated");
        return b[pos++];
    }
    Bytes take(size_t n) {
        if (n > b.size() - pos) throw Invalid("truncated");
        Bytes r(b.begin() + (long)pos, b.begin() + (long)(pos + n));
        pos += n;
        return r;
    }
    std::uint64_t compact() {
        unsigned char c = byte();
        int n = c < 0xFD ? 0 : c == 0xFD ? 2 : c == 0xFE ? 4 : 8;
        if (n == 0) return c;
        std::uint64_t v = 0;
        for (int i = 0; i < n; i++) v |= (std::uint64_t)byte() << (8 * i);
        return v;
    }
    std::uint32_t le32() {
        std::uint32_t v = 0;
        for (int i = 0; i < 4; i++) v |= (std::uint32_t)byte() << (8 * i);
        return v;
    }
};

// One PSBT map: keys (type byte first) to values, in the order read.
struct Map {
    std::vector<std::pair<Bytes, Bytes>> kv;
    const Bytes* get(unsigned char type, const Bytes& keydata = {}) const {
        for (const auto& [k, v] : kv)
            if (k[0] == type && k.size() == 1 + keydata.size() && std::equal(keydata.begin(), keydata.end(), k.begin() + 1))
                return &v;
        return nullptr;
    }
    bool has(unsigned char type) const { return get(type) != nullptr; }
    std::vector<std::pair<Bytes, Bytes>> all(unsigned char type) const {
        std::vector<std::pair<Bytes, Bytes>> r;
        for (const auto& [k, v] : kv)
            if (k[0] == type) r.push_back({Bytes(k.begin() + 1, k.end()), v});
        return r;
    }
};

Map read_map(Reader& r) {
    Map m;
    for (;;) {
        std::uint64_t klen = r.compact();
        if (klen == 0) return m;
        Bytes key = r.take(klen);
        Bytes val = r.take(r.compact());
        for (const auto& [k, v] : m.kv)
            if (k == key) throw Invalid("duplicate key");
        m.kv.push_back({key, val});
    }
}

// Field types (BIP-174, BIP-370, BIP-375).
constexpr unsigned char GLOBAL_TX_MODIFIABLE = 0x06, GLOBAL_SP_ECDH_SHARE = 0x07, GLOBAL_SP_DLEQ = 0x08,
                        GLOBAL_INPUT_COUNT = 0x04, GLOBAL_OUTPUT_COUNT = 0x05, GLOBAL_VERSION = 0xFB;
constexpr unsigned char IN_NON_WITNESS_UTXO = 0x00, IN_WITNESS_UTXO = 0x01, IN_SIGHASH_TYPE = 0x03,
                        IN_REDEEM_SCRIPT = 0x04, IN_BIP32_DERIVATION = 0x06, IN_PREVIOUS_TXID = 0x0E,
                        IN_OUTPUT_INDEX = 0x0F, IN_TAP_INTERNAL_KEY = 0x17, IN_SP_ECDH_SHARE = 0x1D,
                        IN_SP_DLEQ = 0x1E;
constexpr unsigned char OUT_SCRIPT = 0x04, OUT_SP_V0_INFO = 0x09, OUT_SP_V0_LABEL = 0x0A;

struct Psbt {
    Map g;
    std::vector<Map> in, out;
};

Psbt read_psbt(const Bytes& raw) {
    Reader r{raw};
    Bytes magic = r.take(5);
    if (std::memcmp(magic.data(), "psbt\xff", 5) != 0) throw Invalid("magic");
    Psbt p;
    p.g = read_map(r);
    const Bytes* ver = p.g.get(GLOBAL_VERSION);
    if (!ver || ver->size() != 4 || (*ver)[0] != 2) throw Invalid("not a PSBT v2");
    const Bytes *ic = p.g.get(GLOBAL_INPUT_COUNT), *oc = p.g.get(GLOBAL_OUTPUT_COUNT);
    if (!ic || !oc) throw Invalid("counts");
    Reader ri{*ic}, ro{*oc};
    std::uint64_t ni = ri.compact(), no = ro.compact();
    for (std::uint64_t i = 0; i < ni; i++) p.in.push_back(read_map(r));
    for (std::uint64_t i = 0; i < no; i++) p.out.push_back(read_map(r));
    return p;
}

// scriptPubKey of a serialized output (amount, script) and of a transaction's output n.
Bytes txout_script(Reader& r) {
    r.take(8);
    return r.take(r.compact());
}
Bytes tx_output_script(const Bytes& tx, std::uint32_t n) {
    Reader r{tx};
    r.le32();
    bool segwit = tx.size() > 6 && tx[4] == 0 && tx[5] == 1;
    if (segwit) r.take(2);
    std::uint64_t nin = r.compact();
    for (std::uint64_t i = 0; i < nin; i++) {
        r.take(36);
        r.take(r.compact());
        r.le32();
    }
    std::uint64_t nout = r.compact();
    if (n >= nout) throw Invalid("output index");
    for (std::uint64_t i = 0; i < nout; i++) {
        Bytes s = txout_script(r);
        if (i == n) return s;
    }
    throw Invalid("unreachable");
}

std::optional<Bytes> input_script(const Map& in) {
    if (const Bytes* w = in.get(IN_WITNESS_UTXO)) {
        Reader r{*w};
        return txout_script(r);
    }
    const Bytes* nw = in.get(IN_NON_WITNESS_UTXO);
    const Bytes* idx = in.get(IN_OUTPUT_INDEX);
    if (nw && idx && idx->size() == 4) {
        std::uint32_t n = (std::uint32_t)((*idx)[0] | (*idx)[1] << 8 | (*idx)[2] << 16 | (std::uint32_t)(*idx)[3] << 24);
        return tx_output_script(*nw, n);
    }
    return std::nullopt;
}

bool is_p2tr(const Bytes& s) { return s.size() == 34 && s[0] == 0x51 && s[1] == 0x20; }
bool is_p2wpkh(const Bytes& s) { return s.size() == 22 && s[0] == 0x00 && s[1] == 0x14; }
bool is_p2sh(const Bytes& s) { return s.size() == 23 && s[0] == 0xA9 && s[1] == 0x14 && s[22] == 0x87; }
bool is_p2pkh(const Bytes& s) {
    return s.size() == 25 && s[0] == 0x76 && s[1] == 0xA9 && s[2] == 0x14 && s[23] == 0x88 && s[24] == 0xAC;
}
// A SegWit v2..v16 witness program.
bool is_segwit_v2_plus(const Bytes& s) {
    return s.size() >= 4 && s.size() <= 42 && s[0] >= 0x52 && s[0] <= 0x60 && s[1] == s.size() - 2;
}

// BIP-352's eligible inputs, with BIP-375's NUMS-internal-key exclusion for P2TR.
bool eligible(const Map& in) {
    std::optional<Bytes> spk = input_script(in);
    if (!spk) throw Invalid("input without a scriptPubKey");
    const Bytes& s = *spk;
    if (!(is_p2pkh(s) || is_p2wpkh(s) || is_p2tr(s) || is_p2sh(s))) return false;
    static const Bytes NUMS = from_hex("50929b74c1a04954b78b4b6035e97a5e078a5a0f28ec96d547bfee9ace803ac0");
    if (is_p2tr(s)) {
        const Bytes* ik = in.get(IN_TAP_INTERNAL_KEY);
        if (ik && *ik == NUMS) return false;
    }
    if (is_p2sh(s)) {
        const Bytes* rs = in.get(IN_REDEEM_SCRIPT);
        if (!rs) throw Invalid("P2SH input without its redeem script");
        if (!is_p2wpkh(*rs)) return false;
    }
    return true;
}

struct Checker {
    const secp256k1_context* ctx;
    const Psbt& p;

    secp256k1_pubkey point(const Bytes& b) const {
        secp256k1_pubkey pk;
        if (!parse_pub(ctx, pk, b)) throw Invalid("not a point");
        return pk;
    }
    std::optional<secp256k1_pubkey> add(const std::optional<secp256k1_pubkey>& a, const secp256k1_pubkey& b) const {
        if (!a) return b;
        const secp256k1_pubkey* both[2] = {&*a, &b};
        secp256k1_pubkey sum;
        if (!secp256k1_ec_pubkey_combine(ctx, &sum, both, 2)) throw Invalid("sum at infinity");
        return sum;
    }
    // The public key of an eligible input: its first BIP-32 derivation key, else a P2TR output key.
    std::optional<secp256k1_pubkey> input_pubkey(const Map& in) const {
        if (!eligible(in)) return std::nullopt;
        auto der = in.all(IN_BIP32_DERIVATION);
        if (!der.empty() && der[0].first.size() == 33) return point(der[0].first);
        const Bytes* w = in.get(IN_WITNESS_UTXO);
        if (!w) throw Invalid("no key for the input");
        Reader r{*w};
        Bytes s = txout_script(r);
        if (is_p2tr(s)) {
            Bytes k(33, 0x02);
            std::copy(s.begin() + 2, s.end(), k.begin() + 1);
            return point(k);
        }
        return std::nullopt;
    }
    // The ECDH share for a scan key (global, else the sum of the eligible inputs' shares) and
    // the summed public key it goes with.
    bool share_and_sum(const Bytes& scan, secp256k1_pubkey& share, secp256k1_pubkey& sum) const {
        std::optional<secp256k1_pubkey> s;
        if (const Bytes* g = p.g.get(GLOBAL_SP_ECDH_SHARE, scan)) {
            for (const Map& in : p.in)
                if (auto k = input_pubkey(in)) s = add(s, *k);
            if (s) {
                share = point(*g);
                sum = *s;
                return true;
            }
        }
        std::optional<secp256k1_pubkey> c;
        for (const Map& in : p.in) {
            const Bytes* e = in.get(IN_SP_ECDH_SHARE, scan);
            if (!e || !eligible(in)) continue;
            c = add(c, point(*e));
            if (auto k = input_pubkey(in)) s = add(s, *k);
        }
        if (c && s) {
            share = *c;
            sum = *s;
            return true;
        }
        return false;
    }
    bool dleq_ok(const secp256k1_pubkey& A, const Bytes& scan, const Bytes& share, const Bytes& proof) const {
        if (share.size() != 33 || proof.size() != 64) return false;
        secp256k1_pubkey B = point(scan), C = point(share);
        return secp256k1_dleq_verify(ctx, proof.data(), &A, &B, &C, nullptr) == 1;
    }

    std::string structure() const {
        for (const Map& o : p.out) {
            const Bytes* script = o.get(OUT_SCRIPT);
            bool has_script = script && !script->empty();
            const Bytes *info = o.get(OUT_SP_V0_INFO), *label = o.get(OUT_SP_V0_LABEL);
            if (!has_script && !info) return "output without script or silent-payment info";
            if (label && !info) return "label without silent-payment info";
            if (label && label->size() != 4) return "label length";
            if (info && info->size() != 66) return "silent-payment info length";
        }
        for (const auto& [k, v] : p.g.all(GLOBAL_SP_ECDH_SHARE))
            if (v.size() != 33) return "global share length";
        for (const Map& in : p.in)
            for (const auto& [k, v] : in.all(IN_SP_ECDH_SHARE))
                if (v.size() != 33) return "input share length";
        for (const auto& [k, v] : p.g.all(GLOBAL_SP_DLEQ))
            if (v.size() != 64) return "global proof length";
        for (const Map& in : p.in)
            for (const auto& [k, v] : in.all(IN_SP_DLEQ))
                if (v.size() != 64) return "input proof length";
        for (const Map& o : p.out) {
            const Bytes* script = o.get(OUT_SCRIPT);
            if (o.has(OUT_SP_V0_INFO) && script && !script->empty()) {
                const Bytes* mod = p.g.get(GLOBAL_TX_MODIFIABLE);
                if (!mod || *mod != Bytes{0}) return "outputs computed but the transaction still modifiable";
            }
        }
        return "";
    }

    std::string ecdh_coverage() const {
        std::set<Bytes> scans;
        for (const Map& o : p.out)
            if (const Bytes* info = o.get(OUT_SP_V0_INFO)) scans.insert(Bytes(info->begin(), info->begin() + 33));
        for (const Bytes& scan : scans) {
            const Bytes* global = p.g.get(GLOBAL_SP_ECDH_SHARE, scan);
            bool any_input = std::any_of(p.in.begin(), p.in.end(), [&](const Map& in) { return in.get(IN_SP_ECDH_SHARE, scan); });
            bool computed = std::any_of(p.out.begin(), p.out.end(), [&](const Map& o) {
                const Bytes* info = o.get(OUT_SP_V0_INFO);
                return info && std::equal(scan.begin(), scan.end(), info->begin()) && o.has(OUT_SCRIPT);
            });
            if (computed && !global && !any_input) return "output computed without an ECDH share";
            if (global) {
                const Bytes* proof = p.g.get(GLOBAL_SP_DLEQ, scan);
                if (!proof) return "global share without its proof";
                secp256k1_pubkey share, sum;
                if (!share_and_sum(scan, share, sum)) throw Invalid("no input keys");
                if (!dleq_ok(sum, scan, *global, *proof)) return "global proof invalid";
            }
            if (computed && !global) {
                for (size_t i = 0; i < p.in.size(); i++) {
                    const Map& in = p.in[i];
                    if (!eligible(in)) continue;
                    const Bytes* share = in.get(IN_SP_ECDH_SHARE, scan);
                    if (!share) return "eligible input " + std::to_string(i) + " without a share";
                    const Bytes* proof = in.get(IN_SP_DLEQ, scan);
                    if (!proof) return "input share without its proof";
                    auto A = input_pubkey(in);
                    if (!A) return "input without a public key for its proof";
                    if (!dleq_ok(*A, scan, *share, *proof)) return "input proof invalid";
                }
            }
        }
        return "";
    }

    std::string input_eligibility() const {
        bool sp = std::any_of(p.out.begin(), p.out.end(), [](const Map& o) { return o.has(OUT_SP_V0_INFO); });
        if (!sp) return "";
        for (const Map& in : p.in) {
            std::optional<Bytes> s = input_script(in);
            if (s && is_segwit_v2_plus(*s)) return "segwit v2+ input";
        }
        for (const Map& in : p.in) {
            const Bytes* sh = in.get(IN_SIGHASH_TYPE);
            if (sh && sh->size() >= 4 && ((*sh)[0] != 1 || (*sh)[1] || (*sh)[2] || (*sh)[3])) return "not SIGHASH_ALL";
        }
        return "";
    }

    std::string output_scripts() const {
        std::vector<Bytes> outpoints;
        for (const Map& in : p.in) {
            const Bytes *txid = in.get(IN_PREVIOUS_TXID), *idx = in.get(IN_OUTPUT_INDEX);
            if (txid && idx) {
                if (txid->size() != 32 || idx->size() != 4) throw Invalid("outpoint");
                Bytes op(*txid);
                op.insert(op.end(), idx->begin(), idx->end());
                outpoints.push_back(op);
            }
        }
        std::map<Bytes, std::uint32_t> next_k;
        for (size_t i = 0; i < p.out.size(); i++) {
            const Map& o = p.out[i];
            const Bytes* info = o.get(OUT_SP_V0_INFO);
            if (!info) continue;
            Bytes scan(info->begin(), info->begin() + 33), spend(info->begin() + 33, info->end());
            std::uint32_t k = next_k[scan];
            secp256k1_pubkey share, sum;
            if (share_and_sum(scan, share, sum) && !outpoints.empty()) {
                const Bytes& smallest = *std::min_element(outpoints.begin(), outpoints.end());
                secp256k1_pubkey B_spend = point(spend);
                secp256k1_xonly_pubkey xo;
                if (!secp256k1_silentpayments_psbt_output(ctx, &xo, smallest.data(), &sum, &share, &B_spend, k))
                    throw Invalid("no output for this share");
                Bytes script{0x51, 0x20};
                script.resize(34);
                secp256k1_xonly_pubkey_serialize(ctx, script.data() + 2, &xo);
                if (const Bytes* actual = o.get(OUT_SCRIPT))
                    if (*actual != script) return "output " + std::to_string(i) + " is not the derived one";
                next_k[scan] = k + 1;
            } else if (o.has(OUT_SCRIPT)) {
                return "output " + std::to_string(i) + " set without a share or input keys";
            }
        }
        return "";
    }

    // The first failure of the checks, in order; "" when the PSBT passes.
    std::string run(const std::vector<std::string>& checks) const {
        for (const std::string& c : checks) {
            std::string why = c == "psbt_structure" ? structure()
                              : c == "ecdh_coverage" ? ecdh_coverage()
                              : c == "input_eligibility" ? input_eligibility()
                              : c == "output_scripts" ? output_scripts()
                                                       : "unknown check " + c;
            if (!why.empty()) return c + ": " + why;
        }
        return "";
    }
};

std::string validate(const secp256k1_context* ctx, const nlohmann::json& v) {
    std::vector<std::string> checks = {"psbt_structure", "ecdh_coverage", "input_eligibility", "output_scripts"};
    if (v.contains("checks")) checks = v.at("checks").get<std::vector<std::string>>();
    try {
        Psbt p = read_psbt(base64_decode(v.at("psbt").get<std::string>()));
        return Checker{ctx, p}.run(checks);
    } catch (const Invalid& e) {
        return std::string("unreadable: ") + e.what();
    }
}

TEST(Bip375, PublishedVectors) {
    Context ctx;
    auto j = nlohmann::json::parse(read_vector_file("bip-0375/bip375_test_vectors.json"));
    ASSERT_EQ(j.at("valid").size(), 20u);
    ASSERT_EQ(j.at("invalid").size(), 22u);
    for (const auto& v : j.at("valid")) {
        std::string why = validate(ctx, v);
        EXPECT_EQ(why, "") << v.at("description");
    }
    for (const auto& v : j.at("invalid")) {
        std::string why = validate(ctx, v);
        EXPECT_NE(why, "") << v.at("description");
        // Each invalid vector fails for the reason its description names (the checks' group).
        std::string desc = v.at("description").get<std::string>();
        std::string group = desc.substr(0, desc.find(':'));
        std::replace(group.begin(), group.end(), ' ', '_');
        const std::string want = group == "psbt_structure"    ? "psbt_structure"
                                 : group == "ecdh_coverage"   ? "ecdh_coverage"
                                 : group == "input_eligibility" ? "input_eligibility"
                                 : group == "output_scripts"  ? "output_scripts"
                                                              : "?";
        EXPECT_TRUE(why.rfind(want, 0) == 0 || why.rfind("unreadable", 0) == 0) << desc << " -> " << why;
        if (std::getenv("BIP375_VERBOSE")) std::printf("%s\n  -> %s\n", desc.c_str(), why.c_str());
    }
}

// A signer's side: the share and proof it makes verify, and give the same output as a sender who
// holds the keys (BIP-352: input_hash·a·B_scan).
TEST(Bip375, ShareProofAndOutputRoundTrip) {
    Context ctx;
    std::mt19937_64 rng(375);
    for (int round = 0; round < 20; round++) {
        Bytes a = random_bytes(rng, 32), bscan = random_bytes(rng, 32), bspend = random_bytes(rng, 32);
        Bytes outpoint = random_bytes(rng, 36), aux = random_bytes(rng, 32);
        secp256k1_pubkey A, Bscan, Bspend, share;
        ASSERT_EQ(secp256k1_ec_pubkey_create(ctx, &A, a.data()), 1);
        ASSERT_EQ(secp256k1_ec_pubkey_create(ctx, &Bscan, bscan.data()), 1);
        ASSERT_EQ(secp256k1_ec_pubkey_create(ctx, &Bspend, bspend.data()), 1);
        unsigned char proof[64];
        ASSERT_EQ(secp256k1_silentpayments_psbt_ecdh_share(ctx, &share, proof, a.data(), &Bscan, aux.data()), 1);
        EXPECT_EQ(secp256k1_dleq_verify(ctx, proof, &A, &Bscan, &share, nullptr), 1);
        // The share is a·B_scan, and the scan-key holder's b_scan·A is the same point.
        secp256k1_pubkey other = A;
        ASSERT_EQ(secp256k1_ec_pubkey_tweak_mul(ctx, &other, bscan.data()), 1);
        EXPECT_EQ(ser33(ctx, other), ser33(ctx, share));
        // The outputs from the share are the ones a sender holding the key makes (BIP-352's
        // secp256k1_silentpayments_sender_create_outputs), for k = 0 and 1 of one scan key; the
        // share computed the other way round gives the same.
        secp256k1_xonly_pubkey o[2], o0b, want[2];
        for (std::uint32_t k = 0; k < 2; k++)
            ASSERT_EQ(secp256k1_silentpayments_psbt_output(ctx, &o[k], outpoint.data(), &A, &share, &Bspend, k), 1);
        ASSERT_EQ(secp256k1_silentpayments_psbt_output(ctx, &o0b, outpoint.data(), &A, &other, &Bspend, 0), 1);
        EXPECT_EQ(secp256k1_xonly_pubkey_cmp(ctx, &o[0], &o0b), 0);
        secp256k1_silentpayments_recipient r0{Bscan, Bspend, 0}, r1{Bscan, Bspend, 1};
        const secp256k1_silentpayments_recipient* rs[2] = {&r0, &r1};
        secp256k1_xonly_pubkey* outs[2] = {&want[0], &want[1]};
        const unsigned char* sks[1] = {a.data()};
        ASSERT_EQ(secp256k1_silentpayments_sender_create_outputs(ctx, outs, rs, 2, outpoint.data(), nullptr, 0, sks, 1), 1);
        EXPECT_EQ(secp256k1_xonly_pubkey_cmp(ctx, &o[0], &want[0]), 0);
        EXPECT_EQ(secp256k1_xonly_pubkey_cmp(ctx, &o[1], &want[1]), 0);
        EXPECT_NE(secp256k1_xonly_pubkey_cmp(ctx, &o[0], &o[1]), 0);
    }
}

}  // namespace
