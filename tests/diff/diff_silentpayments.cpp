// Silent Payments (secp256k1_silentpayments.h): fastsecp and the reference on the same random and
// edge inputs must return the same values, report the same illegal arguments (count and text),
// write the same bytes into every output object, call the label lookup with the same labels in
// the same order, and leave the sender's recipient array in the same order.
//
// The module's opaque objects (labels, prevouts summaries, found outputs, x-only outputs) have
// v0.8.0's layouts in both libraries, so they are compared as raw bytes; output buffers start
// filled with a pattern so "untouched", "zeroed" and "written" all show.
#include "diff_common.h"

#include <secp256k1_silentpayments.h>

#include <algorithm>
#include <csignal>
#include <functional>
#include <map>
#include <sys/wait.h>
#include <unistd.h>

namespace fastsecp::test {
namespace {

using Recipient = secp256k1_silentpayments_recipient;
using FoundOutput = secp256k1_silentpayments_found_output;
using Label = secp256k1_silentpayments_label;
using Summary = secp256k1_silentpayments_prevouts_summary;

static_assert(sizeof(FoundOutput) == 168, "found output layout (no padding) is compared raw");

std::string raw_hex(const void* p, std::size_t n) {
    if (const char* st = raw_state(p, n)) return st;
    return to_hex(static_cast<const unsigned char*>(p), n);
}

// ---------------------------------------------------------------------------------------------
// Label lookup with a log: every queried label (as a short fingerprint) in order, and either a
// label cache or a "hit on the q-th query" rule that returns a chosen tweak.

struct LookupState {
    std::map<Bytes, B32> cache;
    int hit_on_call = 0;  // > 0: answer the q-th query with forced_tweak, whatever the label
    B32 forced_tweak{};
    int calls = 0;
    std::string log;
    B32 answer{};  // the returned tweak lives here until the next call
};

const unsigned char* logging_lookup(const unsigned char* label33, const void* context) {
    auto* st = const_cast<LookupState*>(static_cast<const LookupState*>(context));
    st->calls++;
    // A fingerprint keeps logs of thousands of queries short but still order- and value-exact.
    std::uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < 33; i++) h = (h ^ label33[i]) * 1099511628211ull;
    char buf[20];
    std::snprintf(buf, sizeof buf, "%016llx,", (unsigned long long)h);
    st->log += buf;
    if (st->hit_on_call == st->calls) {
        st->answer = st->forced_tweak;
        return st->answer.data();
    }
    auto it = st->cache.find(Bytes(label33, label33 + 33));
    if (it == st->cache.end()) return nullptr;
    st->answer = it->second;
    return st->answer.data();
}

// A lookup that must never be called (label_lookup given but nothing should be looked up is
// impossible to tell apart otherwise).
const unsigned char* never_found(const unsigned char*, const void*) { return nullptr; }

// ---------------------------------------------------------------------------------------------
// Scenarios as bytes: both libraries build their own objects from them.

struct SenderCase {
    std::vector<B32> seckeys;                         // plain inputs (any 32 bytes)
    std::vector<B32> taproot;                         // keypair inputs (invalid key -> zeroed keypair)
    Bytes outpoint = Bytes(36, 0);
    std::vector<std::pair<Bytes, Bytes>> recipients;  // scan, spend encodings; empty -> zeroed object
};

struct ScanCase {
    Bytes outpoint = Bytes(36, 0);
    std::vector<Bytes> full_keys;    // pubkey encodings; empty -> zeroed object
    std::vector<Bytes> xonly_keys;   // 32-byte x; empty -> zeroed object
    std::vector<Bytes> tx_outputs;   // 32-byte x; empty -> zeroed object
    B32 scan_sk{};
    Bytes spend;                     // empty -> zeroed object
    std::vector<std::uint32_t> labels;  // label numbers the wallet's cache holds
    enum class Lookup { None, Cache, ContextOnly } lookup = Lookup::None;
    int hit_on_call = 0;
    B32 forced_tweak{};
    std::function<void(Summary&)> tamper;  // applied to the summary before scanning
};

class DiffSilentPayments : public DiffTest {
protected:
    // --- objects of one side from bytes -------------------------------------------------------
    static secp256k1_pubkey pubkey_obj(Side& s, const Bytes& b) {
        secp256k1_pubkey pk;
        std::memset(&pk, 0, sizeof pk);
        if (!b.empty()) {
            CountGuard g(s);
            EXPECT_EQ(s.api->ec_pubkey_parse(s.ctx, &pk, b.data(), b.size()), 1) << s.label << " " << to_hex(b);
        }
        return pk;
    }
    static secp256k1_xonly_pubkey xonly_obj(Side& s, const Bytes& x) {
        secp256k1_xonly_pubkey pk;
        std::memset(&pk, 0, sizeof pk);
        if (!x.empty()) {
            CountGuard g(s);
            EXPECT_EQ(s.api->xonly_pubkey_parse(s.ctx, &pk, x.data()), 1) << s.label << " " << to_hex(x);
        }
        return pk;
    }
    static secp256k1_keypair keypair_obj(Side& s, const B32& sk) {
        secp256k1_keypair kp;
        CountGuard g(s);
        if (!s.api->keypair_create(s.ctx, &kp, sk.data())) std::memset(&kp, 0, sizeof kp);
        return kp;
    }

    // --- helpers on the reference, for building inputs -----------------------------------------
    Bytes pub33(const B32& sk) { return pubkey_bytes(sk, true); }
    Bytes xonly_of(const B32& sk) {
        Bytes p = pub33(sk);
        return Bytes(p.begin() + 1, p.end());
    }
    bool odd_y(const B32& sk) { return pub33(sk)[0] == 0x03; }
    // a + b mod n (zero result -> all zero), by the reference.
    B32 add_mod_n(const B32& a, const B32& b) {
        if (a == B32{}) return b;
        if (b == B32{}) return a;
        B32 r = a;
        if (!R().ec_seckey_tweak_add(Rctx(), r.data(), b.data())) r = B32{};
        return r;
    }
    B32 neg_mod_n(const B32& a) { return a == B32{} ? a : neg_mod_order(a); }
    // The scalar a sender effectively adds for a taproot input (negated for odd y).
    B32 effective_taproot(const B32& sk) { return odd_y(sk) ? neg_mod_n(sk) : sk; }
    Bytes random_outpoint() { return rng_.bytes(36); }
    // A labeled spend key (reference-made) for scan key / spend key / m.
    Bytes labeled_spend(const B32& scan_sk, const Bytes& spend33, std::uint32_t m) {
        Label label;
        unsigned char tweak[32];
        EXPECT_EQ(R().silentpayments_recipient_label_create(Rctx(), &label, tweak, scan_sk.data(), m), 1);
        secp256k1_pubkey spend, labeled;
        EXPECT_EQ(R().ec_pubkey_parse(Rctx(), &spend, spend33.data(), spend33.size()), 1);
        EXPECT_EQ(R().silentpayments_recipient_create_labeled_spend_pubkey(Rctx(), &labeled, &spend, &label), 1);
        Bytes out(33);
        size_t len = 33;
        EXPECT_EQ(R().ec_pubkey_serialize(Rctx(), out.data(), &len, &labeled, SECP256K1_EC_COMPRESSED), 1);
        return out;
    }
    // Outputs the reference sender makes (x-only bytes, in recipient order); empty on failure.
    std::vector<Bytes> ref_send(const SenderCase& c) {
        std::vector<Bytes> outs;
        run_sender(ref_, c, &outs);
        return outs;
    }

    // --- running the API on one side ------------------------------------------------------------
    static Outcome run_sender(Side& s, const SenderCase& c, std::vector<Bytes>* outputs_x = nullptr) {
        Outcome o;
        std::vector<secp256k1_keypair> kps;
        for (const auto& sk : c.taproot) kps.push_back(keypair_obj(s, sk));
        std::vector<const secp256k1_keypair*> kp_ptrs;
        for (const auto& kp : kps) kp_ptrs.push_back(&kp);
        std::vector<const unsigned char*> sk_ptrs;
        for (const auto& sk : c.seckeys) sk_ptrs.push_back(sk.data());
        std::vector<Recipient> recs(c.recipients.size());
        for (size_t i = 0; i < recs.size(); i++) {
            recs[i].scan_pubkey = pubkey_obj(s, c.recipients[i].first);
            recs[i].spend_pubkey = pubkey_obj(s, c.recipients[i].second);
            recs[i].index = i;
        }
        std::vector<const Recipient*> rec_ptrs;
        for (const auto& r : recs) rec_ptrs.push_back(&r);
        std::vector<secp256k1_xonly_pubkey> outs(recs.size());
        std::vector<secp256k1_xonly_pubkey*> out_ptrs;
        for (auto& x : outs) {
            fill_pattern(x);
            out_ptrs.push_back(&x);
        }
        s.illegal.last.clear();
        o.ret = s.api->silentpayments_sender_create_outputs(
            s.ctx, out_ptrs.data(), rec_ptrs.data(), rec_ptrs.size(), c.outpoint.data(),
            kp_ptrs.empty() ? nullptr : kp_ptrs.data(), kp_ptrs.size(), sk_ptrs.empty() ? nullptr : sk_ptrs.data(),
            sk_ptrs.size());
        o.add("msg", s.illegal.last);
        std::string order;
        for (const auto* r : rec_ptrs) order += std::to_string(r->index) + ",";
        o.add("order", order);
        for (size_t i = 0; i < outs.size(); i++) o.add("out" + std::to_string(i), raw_hex(&outs[i], sizeof outs[i]));
        if (outputs_x != nullptr && o.ret == 1) {
            CountGuard g(s);
            for (const auto& x : outs) {
                Bytes b(32);
                EXPECT_EQ(s.api->xonly_pubkey_serialize(s.ctx, b.data(), &x), 1);
                outputs_x->push_back(b);
            }
        }
        return o;
    }

    // Summary (as the case's keys give it) on side s; returns the create call's result.
    static int make_summary(Side& s, const ScanCase& c, Summary& summary) {
        std::vector<secp256k1_pubkey> full;
        for (const auto& b : c.full_keys) full.push_back(pubkey_obj(s, b));
        std::vector<secp256k1_xonly_pubkey> xo;
        for (const auto& b : c.xonly_keys) xo.push_back(xonly_obj(s, b));
        std::vector<const secp256k1_pubkey*> fp;
        for (const auto& k : full) fp.push_back(&k);
        std::vector<const secp256k1_xonly_pubkey*> xp;
        for (const auto& k : xo) xp.push_back(&k);
        fill_pattern(summary);
        return s.api->silentpayments_recipient_prevouts_summary_create(
            s.ctx, &summary, c.outpoint.data(), xp.empty() ? nullptr : xp.data(), xp.size(),
            fp.empty() ? nullptr : fp.data(), fp.size());
    }

    static Outcome run_scan(Side& s, const ScanCase& c, std::uint32_t* n_found_out = nullptr,
                            std::vector<FoundOutput>* found_out = nullptr) {
        Outcome o;
        Summary summary;
        s.illegal.last.clear();
        int before = s.illegal.count;
        int sret = make_summary(s, c, summary);
        o.add("summary_ret", std::to_string(sret)).add("summary_cb", std::to_string(s.illegal.count - before));
        o.add("summary", raw_hex(&summary, sizeof summary));
        if (c.tamper) c.tamper(summary);
        LookupState st;
        st.hit_on_call = c.hit_on_call;
        st.forced_tweak = c.forced_tweak;
        {
            CountGuard g(s);
            for (std::uint32_t m : c.labels) {
                Label label;
                B32 tweak;
                EXPECT_EQ(s.api->silentpayments_recipient_label_create(s.ctx, &label, tweak.data(), c.scan_sk.data(), m), 1);
                Bytes l33(33);
                EXPECT_EQ(s.api->silentpayments_recipient_label_serialize(s.ctx, l33.data(), &label), 1);
                st.cache[l33] = tweak;
            }
        }
        std::vector<secp256k1_xonly_pubkey> txo;
        for (const auto& b : c.tx_outputs) txo.push_back(xonly_obj(s, b));
        std::vector<const secp256k1_xonly_pubkey*> tx_ptrs;
        for (const auto& t : txo) tx_ptrs.push_back(&t);
        std::vector<FoundOutput> found(std::max<size_t>(txo.size(), 1));
        std::vector<FoundOutput*> found_ptrs;
        for (auto& f : found) {
            fill_pattern(f);
            found_ptrs.push_back(&f);
        }
        secp256k1_pubkey spend = pubkey_obj(s, c.spend);
        std::uint32_t n_found = 0xA5A5A5A5;
        secp256k1_silentpayments_label_lookup fn =
            c.lookup == ScanCase::Lookup::Cache ? logging_lookup : nullptr;
        const void* lctx = c.lookup == ScanCase::Lookup::None ? nullptr : &st;
        s.illegal.last.clear();
        o.ret = s.api->silentpayments_recipient_scan_outputs(s.ctx, found_ptrs.data(), &n_found, tx_ptrs.data(),
                                                             tx_ptrs.size(), c.scan_sk.data(), &summary, &spend, fn, lctx);
        o.add("msg", s.illegal.last).add("n_found", std::to_string(n_found));
        for (size_t i = 0; i < txo.size(); i++) o.add("found" + std::to_string(i), raw_hex(&found[i], sizeof found[i]));
        o.add("lookups", std::to_string(st.calls)).add("log", st.log);
        if (n_found_out != nullptr) *n_found_out = n_found;
        if (found_out != nullptr) *found_out = found;
        return o;
    }

    // --- random scenarios -----------------------------------------------------------------------
    // 1..max_inputs inputs, mixed plain and taproot.
    void random_inputs(SenderCase& c, size_t max_inputs) {
        size_t n = 1 + rng_.below(max_inputs);
        for (size_t i = 0; i < n; i++) (rng_.coin() ? c.taproot : c.seckeys).push_back(seckey());
    }
    // The prevouts a recipient sees for the sender's inputs.
    void prevouts_of(const SenderCase& sc, ScanCase& c) {
        c.outpoint = sc.outpoint;
        for (const auto& sk : sc.seckeys) c.full_keys.push_back(rng_.below(4) == 0 ? pubkey_bytes(sk, false) : pub33(sk));
        for (const auto& sk : sc.taproot) c.xonly_keys.push_back(xonly_of(sk));
    }
};

// ---------------------------------------------------------------------------------------------
// Sender

TEST_F(DiffSilentPayments, SenderRandom) {
    for (int it = 0; it < diff_iters() && !HasFailure(); ++it) {
        SenderCase c;
        random_inputs(c, 5);
        c.outpoint = random_outpoint();
        // A few recipients drawn from small pools of scan and spend keys, so groups, duplicates
        // and labeled spend keys all occur.
        std::vector<B32> scan_sks;
        for (size_t i = 0, n = 1 + rng_.below(3); i < n; i++) scan_sks.push_back(seckey());
        std::vector<Bytes> spends;
        for (size_t i = 0, n = 1 + rng_.below(3); i < n; i++) spends.push_back(pub33(seckey()));
        size_t n_rec = 1 + rng_.below(rng_.below(5) == 0 ? 12 : 6);
        for (size_t i = 0; i < n_rec; i++) {
            const B32& scan = scan_sks[rng_.below(scan_sks.size())];
            Bytes spend = spends[rng_.below(spends.size())];
            if (rng_.below(4) == 0) spend = labeled_spend(scan, spend, (std::uint32_t)rng_.below(4));
            c.recipients.push_back({pub33(scan), spend});
        }
        same([&](Side& s) { return run_sender(s, c); }, "sender random #" + std::to_string(it));
    }
}

TEST_F(DiffSilentPayments, SenderBadAndCancellingKeys) {
    for (int it = 0; it < diff_iters() && !HasFailure(); ++it) {
        SenderCase c;
        random_inputs(c, 4);
        c.outpoint = random_outpoint();
        c.recipients.push_back({pub33(seckey()), pub33(seckey())});
        if (rng_.coin()) c.recipients.push_back({pub33(seckey()), pub33(seckey())});
        std::string what;
        switch (rng_.below(5)) {
            case 0: {  // an invalid plain key (0, n, > n, ...)
                B32 bad = rng_.scalarish();
                c.seckeys.insert(c.seckeys.begin() + rng_.below(c.seckeys.size() + 1), bad);
                what = "plain key " + to_hex(bad.data(), 32);
                break;
            }
            case 1: {  // an invalid taproot key: its keypair is the zeroed object keypair_create leaves
                c.taproot.insert(c.taproot.begin() + rng_.below(c.taproot.size() + 1), B32{});
                what = "zeroed keypair";
                break;
            }
            case 2:
            case 3: {  // keys that sum to zero, through a plain or a taproot input
                B32 sum{};
                for (const auto& k : c.seckeys) sum = add_mod_n(sum, k);
                for (const auto& k : c.taproot) sum = add_mod_n(sum, effective_taproot(k));
                if (sum == B32{}) continue;
                B32 cancel = neg_mod_n(sum);
                // A taproot key always counts with the sign that makes its point even, so it can
                // cancel the sum only when cancel·G has even y.
                if (rng_.coin() || odd_y(cancel)) {
                    c.seckeys.push_back(cancel);
                    what = "sum zero via plain key";
                } else {
                    c.taproot.push_back(cancel);
                    what = "sum zero via taproot key";
                }
                break;
            }
            default: {  // an intermediate zero: k, -k, then more keys
                B32 k = seckey();
                c.seckeys.insert(c.seckeys.begin(), {k, neg_mod_n(k)});
                what = "intermediate zero";
                break;
            }
        }
        same([&](Side& s) { return run_sender(s, c); }, what);
    }
}

TEST_F(DiffSilentPayments, SenderInvalidRecipientKeys) {
    // Zeroed scan keys are reported every time the sort (and the grouping) compares them, so the
    // callback count checks that both libraries compare the same pairs in the same order.
    for (int it = 0; it < diff_iters() && !HasFailure(); ++it) {
        SenderCase c;
        random_inputs(c, 3);
        c.outpoint = random_outpoint();
        std::vector<Bytes> scans = {pub33(seckey()), pub33(seckey())};
        size_t n_rec = 1 + rng_.below(9);
        for (size_t i = 0; i < n_rec; i++) {
            Bytes scan = rng_.below(4) == 0 ? Bytes() : scans[rng_.below(2)];
            Bytes spend = rng_.below(6) == 0 ? Bytes() : pub33(seckey());
            c.recipients.push_back({scan, spend});
        }
        same([&](Side& s) { return run_sender(s, c); }, "invalid recipient keys #" + std::to_string(it));
    }
}

// Tweaks t_0, t_1, ... of a (scan key, inputs) pair as the reference recipient finds them.
class DiffSilentPaymentsTweaks : public DiffSilentPayments {
protected:
    std::vector<B32> tweaks(const SenderCase& base, const B32& scan_sk, size_t n) {
        SenderCase c = base;
        Bytes spend = pub33(seckey());
        c.recipients.assign(n, {pub33(scan_sk), spend});
        std::vector<Bytes> outs = ref_send(c);
        EXPECT_EQ(outs.size(), n);
        ScanCase sc;
        prevouts_of(c, sc);
        sc.tx_outputs = outs;
        sc.scan_sk = scan_sk;
        sc.spend = spend;
        std::uint32_t n_found = 0;
        std::vector<FoundOutput> found;
        run_scan(ref_, sc, &n_found, &found);
        EXPECT_EQ(n_found, n);
        std::vector<B32> t;
        for (std::uint32_t i = 0; i < n_found; i++) {
            B32 b;
            std::memcpy(b.data(), found[i].tweak, 32);
            t.push_back(b);
        }
        return t;
    }
};

TEST_F(DiffSilentPaymentsTweaks, OutputAtInfinity) {
    // A spend key of -t_k·G makes output k the point at infinity, on both sides.
    for (int it = 0; it < std::max(4, diff_iters() / 20) && !HasFailure(); ++it) {
        SenderCase base;
        random_inputs(base, 3);
        base.outpoint = random_outpoint();
        B32 scan_sk = seckey();
        std::vector<B32> t = tweaks(base, scan_sk, 3);
        ASSERT_EQ(t.size(), 3u);
        size_t k = rng_.below(3);
        Bytes bad_spend = pub33(neg_mod_n(t[k]));
        // Sender: the k-th output of the group fails; earlier outputs stay written.
        SenderCase c = base;
        for (size_t i = 0; i < k; i++) c.recipients.push_back({pub33(scan_sk), pub33(seckey())});
        c.recipients.push_back({pub33(scan_sk), bad_spend});
        c.recipients.push_back({pub33(scan_sk), pub33(seckey())});
        Outcome r = same([&](Side& s) { return run_sender(s, c); }, "sender output at infinity, k=" + std::to_string(k));
        EXPECT_EQ(r.ret, 0);
        // Recipient: with spend key -t_0·G the very first candidate is infinity; with
        // -t_k·G (k > 0) the scan gets there only if outputs 0..k-1 are found, so put
        // (t_j - t_k)·G for j < k in the transaction.
        ScanCase sc;
        prevouts_of(base, sc);
        sc.scan_sk = scan_sk;
        sc.spend = bad_spend;
        for (size_t j = 0; j < k; j++) sc.tx_outputs.push_back(xonly_of(add_mod_n(t[j], neg_mod_n(t[k]))));
        sc.tx_outputs.push_back(xonly_of(seckey()));
        r = same([&](Side& s) { return run_scan(s, sc); }, "scan output at infinity, k=" + std::to_string(k));
        EXPECT_EQ(r.ret, 0);
    }
}

TEST_F(DiffSilentPayments, SenderGroupLimit) {
    // K_max recipients in one group succeed; one more fails after writing the first K_max.
    for (size_t n : {size_t(2323), size_t(2324)}) {
        SenderCase c;
        random_inputs(c, 2);
        c.outpoint = random_outpoint();
        Bytes scan = pub33(seckey()), other = pub33(seckey());
        Bytes spend = pub33(seckey());
        for (size_t i = 0; i < n; i++) c.recipients.push_back({scan, spend});
        c.recipients.push_back({other, spend});  // another group, sorted before or after
        Outcome r = same([&](Side& s) { return run_sender(s, c); }, "group of " + std::to_string(n));
        EXPECT_EQ(r.ret, n <= 2323 ? 1 : 0);
    }
}

// ---------------------------------------------------------------------------------------------
// Recipient: summaries, scanning

TEST_F(DiffSilentPayments, PrevoutsSummaryRandom) {
    for (int it = 0; it < diff_iters() && !HasFailure(); ++it) {
        ScanCase c;
        c.outpoint = random_outpoint();
        size_t nf = rng_.below(4), nx = rng_.below(4);
        if (nf + nx == 0) nf = 1;
        std::vector<B32> keys;
        for (size_t i = 0; i < nf; i++) {
            B32 k = seckey();
            c.full_keys.push_back(pubkey_bytes(k, rng_.coin()));
        }
        for (size_t i = 0; i < nx; i++) c.xonly_keys.push_back(xonly_of(seckey()));
        std::string what = "random";
        switch (rng_.below(6)) {
            case 0: {  // A and -A among the full keys: an intermediate or final infinity
                B32 k = seckey();
                Bytes a = pub33(k), na = pub33(neg_mod_n(k));
                c.full_keys.insert(c.full_keys.begin() + rng_.below(c.full_keys.size() + 1), a);
                c.full_keys.insert(c.full_keys.begin() + rng_.below(c.full_keys.size() + 1), na);
                what = "A and -A";
                break;
            }
            case 1: {  // an x-only key cancelled by the odd-y full key with the same x
                Bytes x = xonly_of(seckey());
                Bytes odd(33, 0x03);
                std::memcpy(odd.data() + 1, x.data(), 32);
                c.xonly_keys.push_back(x);
                c.full_keys.push_back(odd);
                what = "x-only cancelled";
                break;
            }
            case 2: {  // everything cancels
                B32 k = seckey();
                c.full_keys = {pub33(k)};
                c.xonly_keys.clear();
                Bytes p = pub33(neg_mod_n(k));
                if (rng_.coin()) c.full_keys.push_back(p);
                else if (p[0] == 0x02) c.xonly_keys.push_back(Bytes(p.begin() + 1, p.end()));
                else c.full_keys.push_back(p);
                what = "sum at infinity";
                break;
            }
            case 3: {  // duplicates
                if (!c.full_keys.empty()) c.full_keys.push_back(c.full_keys[0]);
                if (!c.xonly_keys.empty()) c.xonly_keys.push_back(c.xonly_keys[0]);
                what = "duplicates";
                break;
            }
            case 4: {  // a zeroed key object (reported, sum abandoned)
                if (rng_.coin() && !c.full_keys.empty()) c.full_keys[rng_.below(c.full_keys.size())].clear();
                else c.xonly_keys.push_back(Bytes());
                what = "zeroed key object";
                break;
            }
            default: break;
        }
        same([&](Side& s) {
            Outcome o;
            Summary summary;
            s.illegal.last.clear();
            o.ret = make_summary(s, c, summary);
            return o.add("msg", s.illegal.last).add("summary", raw_hex(&summary, sizeof summary));
        }, what);
    }
}

TEST_F(DiffSilentPayments, ScanRandomTransactions) {
    int scans_with_matches = 0, label_matches = 0;
    for (int it = 0; it < diff_iters() && !HasFailure(); ++it) {
        // The recipient, with 0..3 labels in its cache.
        B32 scan_sk = seckey(), spend_sk = seckey();
        Bytes scan = pub33(scan_sk), spend = pub33(spend_sk);
        std::vector<std::uint32_t> labels;
        for (size_t i = 0, n = rng_.below(4); i < n; i++) {
            std::uint32_t m = rng_.below(3) == 0 ? 0 : rng_.coin() ? (std::uint32_t)rng_.below(10) : (std::uint32_t)rng_.u64();
            if (std::find(labels.begin(), labels.end(), m) == labels.end()) labels.push_back(m);
        }
        // The sender pays it 0..3 times (unlabeled or to one of its labels, sometimes to a
        // label it does not have) and pays others too.
        SenderCase sc;
        random_inputs(sc, 5);
        sc.outpoint = random_outpoint();
        size_t ours = rng_.below(4);
        for (size_t i = 0; i < ours; i++) {
            Bytes to = spend;
            int pick = (int)rng_.below(4);
            if (pick == 1 && !labels.empty()) to = labeled_spend(scan_sk, spend, labels[rng_.below(labels.size())]);
            if (pick == 2 && rng_.below(3) == 0) to = labeled_spend(scan_sk, spend, 1000000 + (std::uint32_t)rng_.below(10));
            sc.recipients.push_back({scan, to});
        }
        for (size_t i = 0, n = rng_.below(3); i < n; i++) sc.recipients.push_back({pub33(seckey()), pub33(seckey())});
        std::vector<Bytes> outs;
        if (!sc.recipients.empty()) {
            outs = ref_send(sc);
            ASSERT_EQ(outs.size(), sc.recipients.size());
        }
        // The transaction: those outputs plus unrelated ones, 2..20 in all, shuffled.
        size_t total = std::max<size_t>(outs.size(), 2 + rng_.below(19));
        while (outs.size() < total) outs.push_back(xonly_of(seckey()));
        std::shuffle(outs.begin(), outs.end(), std::mt19937_64(rng_.u64()));
        ScanCase c;
        prevouts_of(sc, c);
        c.tx_outputs = outs;
        c.scan_sk = scan_sk;
        c.spend = spend;
        c.labels = labels;
        c.lookup = labels.empty() && rng_.coin() ? ScanCase::Lookup::None : ScanCase::Lookup::Cache;
        std::uint32_t n_found = 0;
        std::vector<FoundOutput> found;
        same([&](Side& s) { return run_scan(s, c, &n_found, &found); }, "scan #" + std::to_string(it));
        scans_with_matches += n_found > 0;
        for (std::uint32_t i = 0; i < n_found && i < found.size(); i++) label_matches += found[i].found_with_label;
    }
    // The scenarios must actually exercise matches and label matches.
    EXPECT_GT(scans_with_matches, diff_iters() / 5);
    EXPECT_GT(label_matches, 0);
}

TEST_F(DiffSilentPayments, ScanLookupOrder) {
    // A lookup that answers "found" on its q-th call, whatever the label: the output reported, and
    // the labels asked before, show the order and extent of the lookups (across batches of
    // candidates, before and after a direct match).
    for (int it = 0; it < diff_iters() && !HasFailure(); ++it) {
        SenderCase sc;
        random_inputs(sc, 3);
        sc.outpoint = random_outpoint();
        B32 scan_sk = seckey(), spend_sk = seckey();
        Bytes spend = pub33(spend_sk);
        size_t direct = rng_.below(3);  // outputs really paying the recipient
        for (size_t i = 0; i < direct; i++) sc.recipients.push_back({pub33(scan_sk), spend});
        std::vector<Bytes> outs;
        if (direct > 0) outs = ref_send(sc);
        size_t total = std::max<size_t>(outs.size(), 1 + rng_.below(rng_.coin() ? 45 : 12));
        while (outs.size() < total) outs.push_back(xonly_of(seckey()));
        std::shuffle(outs.begin(), outs.end(), std::mt19937_64(rng_.u64()));
        ScanCase c;
        prevouts_of(sc, c);
        c.tx_outputs = outs;
        c.scan_sk = scan_sk;
        c.spend = spend;
        c.lookup = ScanCase::Lookup::Cache;
        c.hit_on_call = (int)rng_.below(2 * total + 4);  // 0: never
        // The forced tweak: usually fine, sometimes one that cannot be added (tweak left 0).
        switch (rng_.below(4)) {
            case 0: c.forced_tweak = rng_.scalarish(); break;
            default: c.forced_tweak = seckey(); break;
        }
        same([&](Side& s) { return run_scan(s, c); }, "lookup order, hit on call " + std::to_string(c.hit_on_call));
    }
}

TEST_F(DiffSilentPayments, ScanLabelTweakCancelsOutputTweak) {
    // A lookup returning n - t_0 for the first candidate: seckey_tweak_add fails, tweak is 0 and
    // the output still counts as found with a label.
    SenderCase sc;
    random_inputs(sc, 2);
    sc.outpoint = random_outpoint();
    B32 scan_sk = seckey();
    Bytes spend = pub33(seckey());
    sc.recipients.push_back({pub33(scan_sk), spend});
    std::vector<Bytes> outs = ref_send(sc);
    ScanCase c;
    prevouts_of(sc, c);
    c.tx_outputs = {xonly_of(seckey()), outs[0]};
    c.scan_sk = scan_sk;
    c.spend = spend;
    // t_0 from a plain scan.
    std::uint32_t n_found = 0;
    std::vector<FoundOutput> found;
    run_scan(ref_, c, &n_found, &found);
    ASSERT_EQ(n_found, 1u);
    B32 t0;
    std::memcpy(t0.data(), found[0].tweak, 32);
    c.lookup = ScanCase::Lookup::Cache;
    c.hit_on_call = 1;
    c.forced_tweak = neg_mod_n(t0);
    Outcome r = same([&](Side& s) { return run_scan(s, c); }, "label tweak = -t_0");
    EXPECT_EQ(r.ret, 1);
}

TEST_F(DiffSilentPayments, ScanEdgeCases) {
    for (int it = 0; it < diff_iters() && !HasFailure(); ++it) {
        SenderCase sc;
        random_inputs(sc, 3);
        sc.outpoint = random_outpoint();
        B32 scan_sk = seckey();
        Bytes spend = pub33(seckey());
        sc.recipients.push_back({pub33(scan_sk), spend});
        std::vector<Bytes> outs = ref_send(sc);
        outs.push_back(xonly_of(seckey()));
        std::shuffle(outs.begin(), outs.end(), std::mt19937_64(rng_.u64()));
        ScanCase c;
        prevouts_of(sc, c);
        c.tx_outputs = outs;
        c.scan_sk = scan_sk;
        c.spend = spend;
        std::string what;
        switch (rng_.below(7)) {
            case 0: c.scan_sk = rng_.scalarish(); what = "scan key " + to_hex(c.scan_sk.data(), 32); break;
            case 1: c.spend.clear(); what = "zeroed spend key"; break;
            case 2: c.tx_outputs[rng_.below(c.tx_outputs.size())].clear(); what = "zeroed tx output"; break;
            case 3:  // the "combined" flag set: A_sum is used without the input hash
                c.tamper = [](Summary& s) { s.data[4] = 1; };
                what = "combined flag";
                break;
            case 4: {  // a different input hash
                B32 h = seckey();
                c.tamper = [h](Summary& s) { std::memcpy(s.data + 69, h.data(), 32); };
                what = "other input hash";
                break;
            }
            case 5: {  // an uninitialized summary (bad magic)
                size_t pos = rng_.below(4);
                c.tamper = [pos](Summary& s) { s.data[pos] ^= 0x01; };
                what = "summary magic";
                break;
            }
            default:  // the recipient's scan key given with a spend key of somebody else
                c.spend = pub33(seckey());
                what = "wrong spend key";
                break;
        }
        same([&](Side& s) { return run_scan(s, c); }, what);
    }
}

TEST_F(DiffSilentPayments, ScanGroupLimit) {
    // K_max + 1 outputs of which the first K_max pay the recipient: at most K_max are scanned for.
    SenderCase sc;
    random_inputs(sc, 2);
    sc.outpoint = random_outpoint();
    B32 scan_sk = seckey();
    Bytes spend = pub33(seckey());
    sc.recipients.assign(2323, {pub33(scan_sk), spend});
    std::vector<Bytes> outs = ref_send(sc);
    ASSERT_EQ(outs.size(), 2323u);
    outs.push_back(xonly_of(seckey()));
    std::shuffle(outs.begin(), outs.end(), std::mt19937_64(rng_.u64()));
    ScanCase c;
    prevouts_of(sc, c);
    c.tx_outputs = outs;
    c.scan_sk = scan_sk;
    c.spend = spend;
    std::uint32_t n_found = 0;
    Outcome r = same([&](Side& s) { return run_scan(s, c, &n_found); }, "K_max");
    EXPECT_EQ(r.ret, 1);
    EXPECT_EQ(n_found, 2323u);
}

TEST_F(DiffSilentPayments, StaticContextServesRecipient) {
    // Everything but sending and label creation works on secp256k1_context_static.
    for (int it = 0; it < std::max(4, diff_iters() / 10) && !HasFailure(); ++it) {
        SenderCase sc;
        random_inputs(sc, 3);
        sc.outpoint = random_outpoint();
        B32 scan_sk = seckey();
        Bytes spend = pub33(seckey());
        sc.recipients.push_back({pub33(scan_sk), spend});
        ScanCase c;
        prevouts_of(sc, c);
        c.tx_outputs = ref_send(sc);
        c.tx_outputs.push_back(xonly_of(seckey()));
        c.scan_sk = scan_sk;
        c.spend = spend;
        Bytes label33 = pub33(seckey());
        same([&](Side& s) {
            Side st;
            st.label = s.label;
            st.api = s.api;
            st.ctx = const_cast<secp256k1_context*>(s.api->context_static);
            Outcome o = run_scan(st, c);
            Label label;
            o.ret += s.api->silentpayments_recipient_label_parse(st.ctx, &label, label33.data());
            unsigned char out[33];
            o.ret += s.api->silentpayments_recipient_label_serialize(st.ctx, out, &label);
            secp256k1_pubkey sp = pubkey_obj(s, spend), labeled;
            o.ret += s.api->silentpayments_recipient_create_labeled_spend_pubkey(st.ctx, &labeled, &sp, &label);
            return o.add("label", out, 33).add("labeled", raw_hex(&labeled, sizeof labeled));
        }, "static context");
    }
}

// ---------------------------------------------------------------------------------------------
// Labels

TEST_F(DiffSilentPayments, LabelCreate) {
    for (int it = 0; it < diff_iters() && !HasFailure(); ++it) {
        B32 scan = rng_.below(4) == 0 ? rng_.scalarish() : seckey();
        std::uint32_t m;
        switch (rng_.below(4)) {
            case 0: m = 0; break;
            case 1: m = 0xFFFFFFFFu - (std::uint32_t)rng_.below(3); break;
            case 2: m = (std::uint32_t)rng_.below(100); break;
            default: m = (std::uint32_t)rng_.u64(); break;
        }
        same([&](Side& s) {
            Outcome o;
            Label label;
            unsigned char tweak[32];
            fill_pattern(label);
            std::memset(tweak, kPattern, 32);
            o.ret = s.api->silentpayments_recipient_label_create(s.ctx, &label, tweak, scan.data(), m);
            o.add("label", raw_hex(&label, sizeof label)).add("tweak", tweak, 32);
            unsigned char out[33];
            std::memset(out, kPattern, 33);
            CountGuard g(s);
            if (o.ret) {
                o.add("ser_ret", std::to_string(s.api->silentpayments_recipient_label_serialize(s.ctx, out, &label)));
                o.add("ser", out, 33);
            }
            return o;
        }, "label_create " + to_hex(scan.data(), 32) + " m=" + std::to_string(m));
    }
}

TEST_F(DiffSilentPayments, LabelParseSerialize) {
    for (int it = 0; it < diff_iters() * 2 && !HasFailure(); ++it) {
        Bytes in;
        switch (rng_.below(6)) {
            case 0: in = rng_.bytes(33); break;  // mostly not a point
            case 1: {  // x = p, p+1, all ones, 0 with either prefix
                B32 e = rng_.coin() ? kPrime : rng_.coin() ? b32_add_int(kPrime, 1) : rng_.coin() ? b32_all(0xFF) : B32{};
                in.assign(33, rng_.coin() ? 0x02 : 0x03);
                std::memcpy(in.data() + 1, e.data(), 32);
                break;
            }
            case 2: {  // a valid point with a wrong prefix
                in = pub33(seckey());
                static const unsigned char prefixes[] = {0x00, 0x04, 0x05, 0x06, 0x07, 0xFF};
                in[0] = prefixes[rng_.below(sizeof prefixes)];
                break;
            }
            default: in = pub33(seckey()); break;
        }
        same([&](Side& s) {
            Outcome o;
            Label label;
            fill_pattern(label);
            o.ret = s.api->silentpayments_recipient_label_parse(s.ctx, &label, in.data());
            unsigned char out[33];
            std::memset(out, kPattern, 33);
            s.illegal.last.clear();
            int ser = s.api->silentpayments_recipient_label_serialize(s.ctx, out, &label);
            return o.add("label", raw_hex(&label, sizeof label))
                .add("ser_ret", std::to_string(ser))
                .add("ser", out, 33)
                .add("msg", s.illegal.last);
        }, "label_parse " + to_hex(in));
    }
}

TEST_F(DiffSilentPayments, LabelSerializeStoredBytes) {
    // A label whose magic is intact but whose point bytes were changed: serialization writes the
    // stored coordinates as they are (parity from y, x as stored), like libsecp256k1.
    for (int it = 0; it < diff_iters() && !HasFailure(); ++it) {
        Bytes valid = pub33(seckey());
        Bytes noise = rng_.bytes(64);
        size_t offset = rng_.below(64), len = 1 + rng_.below(64 - offset);
        same([&](Side& s) {
            Outcome o;
            Label label;
            {
                CountGuard g(s);
                EXPECT_EQ(s.api->silentpayments_recipient_label_parse(s.ctx, &label, valid.data()), 1);
            }
            std::memcpy(label.data + 4 + offset, noise.data() + offset, len);
            unsigned char out[33];
            std::memset(out, kPattern, 33);
            o.ret = s.api->silentpayments_recipient_label_serialize(s.ctx, out, &label);
            return o.add("ser", out, 33);
        }, "stored bytes");
    }
}

TEST_F(DiffSilentPayments, LabeledSpendPubkey) {
    for (int it = 0; it < diff_iters() && !HasFailure(); ++it) {
        B32 spend_sk = seckey();
        Bytes spend = rng_.below(8) == 0 ? Bytes() : pub33(spend_sk);
        Bytes label33 = pub33(seckey());
        bool bad_magic = rng_.below(8) == 0;
        std::string what = "random";
        switch (rng_.below(6)) {
            case 0: label33 = pub33(neg_mod_n(spend_sk)); what = "label = -spend (infinity)"; break;
            case 1: label33 = pub33(spend_sk); what = "label = spend (doubling)"; break;
            default: break;
        }
        same([&](Side& s) {
            Outcome o;
            secp256k1_pubkey sp = pubkey_obj(s, spend), out;
            Label label;
            {
                CountGuard g(s);
                EXPECT_EQ(s.api->silentpayments_recipient_label_parse(s.ctx, &label, label33.data()), 1);
            }
            if (bad_magic) label.data[0] ^= 0x80;
            fill_pattern(out);
            s.illegal.last.clear();
            o.ret = s.api->silentpayments_recipient_create_labeled_spend_pubkey(s.ctx, &out, &sp, &label);
            return o.add("out", raw_hex(&out, sizeof out)).add("msg", s.illegal.last);
        }, what + (spend.empty() ? " zeroed spend" : "") + (bad_magic ? " bad magic" : ""));
    }
}

// ---------------------------------------------------------------------------------------------
// The context's SHA-256 compression function is used for the module's hashes (same number of
// blocks through it as in libsecp256k1).

std::size_t g_blocks[2];
void count_blocks0(std::uint32_t* st, const unsigned char* b, std::size_t n) {
    g_blocks[0] += n;
    sha256_compress(st, b, n);
}
void count_blocks1(std::uint32_t* st, const unsigned char* b, std::size_t n) {
    g_blocks[1] += n;
    sha256_compress(st, b, n);
}

TEST_F(DiffSilentPayments, UsesContextHashFunction) {
    ours_.api->context_set_sha256_compression(ours_.ctx, count_blocks0);
    ref_.api->context_set_sha256_compression(ref_.ctx, count_blocks1);
    for (int it = 0; it < 10 && !HasFailure(); ++it) {
        SenderCase sc;
        random_inputs(sc, 3);
        sc.outpoint = random_outpoint();
        B32 scan_sk = seckey();
        Bytes spend = pub33(seckey());
        sc.recipients = {{pub33(scan_sk), spend}, {pub33(scan_sk), spend}, {pub33(seckey()), spend}};
        ScanCase c;
        prevouts_of(sc, c);
        c.scan_sk = scan_sk;
        c.spend = spend;
        c.labels = {0, 7};
        c.lookup = ScanCase::Lookup::Cache;
        same([&](Side& s) {
            int i = idx(s);
            g_blocks[i] = 0;
            std::vector<Bytes> outs;
            Outcome o = run_sender(s, sc, &outs);
            ScanCase mine = c;
            mine.tx_outputs = outs;  // each side scans what it sent (the outputs are compared too)
            Outcome sco = run_scan(s, mine);
            return o.add("scan", sco.out).add("blocks", std::to_string(g_blocks[i]));
        }, "hash blocks");
    }
    ours_.api->context_set_sha256_compression(ours_.ctx, nullptr);
    ref_.api->context_set_sha256_compression(ref_.ctx, nullptr);
}

// ---------------------------------------------------------------------------------------------
// Illegal arguments: each case breaks one argument of an otherwise valid call.

struct SendArgs {
    std::vector<secp256k1_keypair> kps;
    std::vector<const secp256k1_keypair*> kp_ptrs;
    std::vector<B32> sks;
    std::vector<const unsigned char*> sk_ptrs;
    std::vector<Recipient> recs;
    std::vector<const Recipient*> rec_ptrs;
    std::vector<secp256k1_xonly_pubkey> outs;
    std::vector<secp256k1_xonly_pubkey*> out_ptrs;
    Bytes outpoint;
    // What the call receives (defaults point into the vectors above).
    secp256k1_xonly_pubkey** generated = nullptr;
    const Recipient** recipients = nullptr;
    size_t n_recipients = 0;
    const unsigned char* outpoint_ptr = nullptr;
    const secp256k1_keypair* const* keypairs = nullptr;
    size_t n_keypairs = 0;
    const unsigned char* const* seckeys = nullptr;
    size_t n_seckeys = 0;
};

struct ScanArgs {
    Summary summary;
    std::vector<secp256k1_xonly_pubkey> txo;
    std::vector<const secp256k1_xonly_pubkey*> tx_ptrs;
    std::vector<FoundOutput> found;
    std::vector<FoundOutput*> found_ptrs;
    std::uint32_t n_found = 0xA5A5A5A5;
    B32 scan_sk;
    secp256k1_pubkey spend;
    LookupState st;
    FoundOutput** found_arg = nullptr;
    std::uint32_t* n_found_arg = nullptr;
    const secp256k1_xonly_pubkey* const* tx_arg = nullptr;
    size_t n_tx = 0;
    const unsigned char* scan_arg = nullptr;
    const Summary* summary_arg = nullptr;
    const secp256k1_pubkey* spend_arg = nullptr;
    secp256k1_silentpayments_label_lookup lookup = nullptr;
    const void* lookup_ctx = nullptr;
};

class DiffSilentPaymentsIllegal : public DiffSilentPayments {
protected:
    void SetUp() override {
        DiffSilentPayments::SetUp();
        if (HasFatalFailure()) return;
        base_.seckeys = {seckey(), seckey()};
        base_.taproot = {seckey(), seckey()};
        base_.outpoint = random_outpoint();
        scan_sk_ = seckey();
        spend_ = pub33(seckey());
        base_.recipients = {{pub33(scan_sk_), spend_}, {pub33(seckey()), spend_}, {pub33(scan_sk_), spend_}};
        prevouts_of(base_, scan_);
        scan_.scan_sk = scan_sk_;
        scan_.spend = spend_;
        scan_.tx_outputs = ref_send(base_);
        ASSERT_EQ(scan_.tx_outputs.size(), 3u);
    }

    SendArgs send_args(Side& s) {
        SendArgs a;
        for (const auto& k : base_.taproot) a.kps.push_back(keypair_obj(s, k));
        for (const auto& kp : a.kps) a.kp_ptrs.push_back(&kp);
        a.sks = base_.seckeys;
        for (const auto& k : a.sks) a.sk_ptrs.push_back(k.data());
        for (size_t i = 0; i < base_.recipients.size(); i++) {
            Recipient r;
            r.scan_pubkey = pubkey_obj(s, base_.recipients[i].first);
            r.spend_pubkey = pubkey_obj(s, base_.recipients[i].second);
            r.index = i;
            a.recs.push_back(r);
        }
        for (const auto& r : a.recs) a.rec_ptrs.push_back(&r);
        a.outs.resize(a.recs.size());
        for (auto& o : a.outs) {
            fill_pattern(o);
            a.out_ptrs.push_back(&o);
        }
        a.outpoint = base_.outpoint;
        a.generated = a.out_ptrs.data();
        a.recipients = a.rec_ptrs.data();
        a.n_recipients = a.rec_ptrs.size();
        a.outpoint_ptr = a.outpoint.data();
        a.keypairs = a.kp_ptrs.data();
        a.n_keypairs = a.kp_ptrs.size();
        a.seckeys = a.sk_ptrs.data();
        a.n_seckeys = a.sk_ptrs.size();
        return a;
    }

    // Runs sender_create_outputs with `edit` applied to the valid arguments on both sides.
    void send_case(const std::string& what, int expected_callbacks, const std::function<void(SendArgs&)>& edit) {
        Outcome r = same([&](Side& s) {
            SendArgs a = send_args(s);
            edit(a);
            Outcome o;
            s.illegal.last.clear();
            int before = s.illegal.count;
            o.ret = s.api->silentpayments_sender_create_outputs(s.ctx, a.generated, a.recipients, a.n_recipients,
                                                                a.outpoint_ptr, a.keypairs, a.n_keypairs, a.seckeys,
                                                                a.n_seckeys);
            int calls = s.illegal.count - before;
            o.add("msg", s.illegal.last);
            for (size_t i = 0; i < a.outs.size(); i++) o.add("out" + std::to_string(i), raw_hex(&a.outs[i], 64));
            std::string order;
            for (const auto* p : a.rec_ptrs) order += p ? std::to_string(p->index) + "," : "null,";
            o.add("order", order);
            (void)calls;
            return o;
        }, "sender: " + what);
        if (expected_callbacks >= 0) EXPECT_EQ(r.illegal, expected_callbacks) << what;
        EXPECT_EQ(r.ret, 0) << what;
    }

    ScanArgs scan_args(Side& s) {
        ScanArgs a;
        {
            CountGuard g(s);
            EXPECT_EQ(make_summary(s, scan_, a.summary), 1);
        }
        for (const auto& b : scan_.tx_outputs) a.txo.push_back(xonly_obj(s, b));
        for (const auto& t : a.txo) a.tx_ptrs.push_back(&t);
        a.found.resize(a.txo.size());
        for (auto& f : a.found) {
            fill_pattern(f);
            a.found_ptrs.push_back(&f);
        }
        a.scan_sk = scan_sk_;
        a.spend = pubkey_obj(s, spend_);
        a.found_arg = a.found_ptrs.data();
        a.n_found_arg = &a.n_found;
        a.tx_arg = a.tx_ptrs.data();
        a.n_tx = a.tx_ptrs.size();
        a.scan_arg = a.scan_sk.data();
        a.summary_arg = &a.summary;
        a.spend_arg = &a.spend;
        return a;
    }

    void scan_case(const std::string& what, int expected_callbacks, int expected_ret,
                   const std::function<void(ScanArgs&)>& edit) {
        Outcome r = same([&](Side& s) {
            ScanArgs a = scan_args(s);
            edit(a);
            Outcome o;
            s.illegal.last.clear();
            o.ret = s.api->silentpayments_recipient_scan_outputs(s.ctx, a.found_arg, a.n_found_arg, a.tx_arg, a.n_tx,
                                                                 a.scan_arg, a.summary_arg, a.spend_arg, a.lookup,
                                                                 a.lookup_ctx);
            o.add("msg", s.illegal.last).add("n_found", std::to_string(a.n_found));
            for (size_t i = 0; i < a.found.size(); i++)
                o.add("found" + std::to_string(i), raw_hex(&a.found[i], sizeof a.found[i]));
            return o;
        }, "scan: " + what);
        EXPECT_EQ(r.illegal, expected_callbacks) << what;
        EXPECT_EQ(r.ret, expected_ret) << what;
    }

    SenderCase base_;
    ScanCase scan_;
    B32 scan_sk_{};
    Bytes spend_;
};

TEST_F(DiffSilentPaymentsIllegal, SenderArguments) {
    send_case("generated_outputs NULL", 1, [](SendArgs& a) { a.generated = null_of<secp256k1_xonly_pubkey*>(); });
    send_case("recipients NULL", 1, [](SendArgs& a) { a.recipients = null_of<const Recipient*>(); });
    send_case("n_recipients 0", 1, [](SendArgs& a) { a.n_recipients = 0; });
    send_case("outpoint NULL", 1, [](SendArgs& a) { a.outpoint_ptr = null_of<const unsigned char>(); });
    send_case("no keys at all", 1, [](SendArgs& a) {
        a.keypairs = nullptr;
        a.n_keypairs = 0;
        a.seckeys = nullptr;
        a.n_seckeys = 0;
    });
    send_case("keypairs with count 0", 1, [](SendArgs& a) { a.n_keypairs = 0; });
    send_case("keypairs NULL with count", 1, [](SendArgs& a) { a.keypairs = nullptr; });
    send_case("keypairs[1] NULL", 1, [](SendArgs& a) { a.kp_ptrs[1] = nullptr; });
    send_case("seckeys with count 0", 1, [](SendArgs& a) { a.n_seckeys = 0; });
    send_case("seckeys NULL with count", 1, [](SendArgs& a) { a.seckeys = nullptr; });
    send_case("seckeys[0] NULL", 1, [](SendArgs& a) { a.sk_ptrs[0] = nullptr; });
    send_case("generated_outputs[2] NULL", 1, [](SendArgs& a) { a.out_ptrs[2] = nullptr; });
    send_case("recipients[1] NULL", 1, [](SendArgs& a) { a.rec_ptrs[1] = nullptr; });
    send_case("recipients[1]->index wrong", 1, [](SendArgs& a) { a.recs[1].index = 2; });
    send_case("recipients swapped", 1, [](SendArgs& a) { std::swap(a.rec_ptrs[0], a.rec_ptrs[2]); });
    send_case("zeroed keypair", 1, [](SendArgs& a) { std::memset(&a.kps[1], 0, sizeof a.kps[1]); });
    send_case("keypair with zeroed secret", 1, [](SendArgs& a) { std::memset(a.kps[0].data, 0, 32); });
    send_case("keypair with secret n", 1, [](SendArgs& a) { std::memcpy(a.kps[1].data, kOrder.data(), 32); });
    send_case("invalid seckey (no report)", 0, [](SendArgs& a) { a.sks[0] = B32{}; });
    send_case("invalid seckey n", 0, [](SendArgs& a) { a.sks[1] = kOrder; });
    // Invalid scan keys: reported by every comparison that meets them (count from the reference).
    send_case("zeroed scan key", -1, [](SendArgs& a) { std::memset(&a.recs[1].scan_pubkey, 0, 64); });
    send_case("two zeroed scan keys", -1, [](SendArgs& a) {
        std::memset(&a.recs[0].scan_pubkey, 0, 64);
        std::memset(&a.recs[2].scan_pubkey, 0, 64);
    });
    send_case("zeroed spend key", 1, [](SendArgs& a) { std::memset(&a.recs[2].spend_pubkey, 0, 64); });
    // A keypair whose stored public key belongs to another secret: the sign of its secret
    // follows the stored key's y parity (the outputs are compared; nothing is reported).
    Bytes other = pub33(seckey());
    Outcome m = same([&](Side& s) {
        SendArgs a = send_args(s);
        secp256k1_pubkey pk = pubkey_obj(s, other);
        std::memcpy(a.kps[0].data + 32, pk.data, 64);
        Outcome o;
        o.ret = s.api->silentpayments_sender_create_outputs(s.ctx, a.generated, a.recipients, a.n_recipients,
                                                            a.outpoint_ptr, a.keypairs, a.n_keypairs, a.seckeys, a.n_seckeys);
        for (size_t i = 0; i < a.outs.size(); i++) o.add("out" + std::to_string(i), raw_hex(&a.outs[i], 64));
        return o;
    }, "keypair with a foreign public key");
    EXPECT_EQ(m.illegal, 0);
    // Only keypairs, only seckeys: valid shapes (sanity that they are not reported).
    Outcome r = same([&](Side& s) {
        SendArgs a = send_args(s);
        a.keypairs = nullptr;
        a.n_keypairs = 0;
        Outcome o;
        o.ret = s.api->silentpayments_sender_create_outputs(s.ctx, a.generated, a.recipients, a.n_recipients,
                                                            a.outpoint_ptr, a.keypairs, a.n_keypairs, a.seckeys, a.n_seckeys);
        for (size_t i = 0; i < a.outs.size(); i++) o.add("out" + std::to_string(i), raw_hex(&a.outs[i], 64));
        return o;
    }, "only seckeys");
    EXPECT_EQ(r.ret, 1);
    EXPECT_EQ(r.illegal, 0);
}

TEST_F(DiffSilentPaymentsIllegal, ScanArguments) {
    scan_case("valid call (sanity)", 0, 1, [](ScanArgs&) {});
    scan_case("found_outputs NULL", 1, 0, [](ScanArgs& a) { a.found_arg = null_of<FoundOutput*>(); });
    scan_case("n_found_outputs NULL", 1, 0, [](ScanArgs& a) { a.n_found_arg = null_of<std::uint32_t>(); });
    scan_case("tx_outputs NULL", 1, 0, [](ScanArgs& a) { a.tx_arg = null_of<const secp256k1_xonly_pubkey* const>(); });
    scan_case("n_tx_outputs 0", 1, 0, [](ScanArgs& a) { a.n_tx = 0; });
    scan_case("found_outputs[1] NULL", 1, 0, [](ScanArgs& a) { a.found_ptrs[1] = nullptr; });
    scan_case("tx_outputs[2] NULL", 1, 0, [](ScanArgs& a) { a.tx_ptrs[2] = nullptr; });
    scan_case("zeroed tx output", 1, 0, [](ScanArgs& a) { std::memset(&a.txo[1], 0, 64); });
    scan_case("scan_key NULL", 1, 0, [](ScanArgs& a) { a.scan_arg = null_of<const unsigned char>(); });
    scan_case("summary NULL", 1, 0, [](ScanArgs& a) { a.summary_arg = null_of<const Summary>(); });
    scan_case("summary zeroed", 1, 0, [](ScanArgs& a) { std::memset(&a.summary, 0, sizeof a.summary); });
    scan_case("spend NULL", 1, 0, [](ScanArgs& a) { a.spend_arg = null_of<const secp256k1_pubkey>(); });
    scan_case("label context without lookup", 1, 0, [](ScanArgs& a) { a.lookup_ctx = &a.st; });
    scan_case("lookup without context", 0, 1, [](ScanArgs& a) { a.lookup = never_found; });
    scan_case("zeroed spend key", 1, 0, [](ScanArgs& a) { std::memset(&a.spend, 0, 64); });
    scan_case("invalid scan key (no report)", 0, 0, [](ScanArgs& a) { a.scan_sk = kOrder; });
    // Checks run in order: the first broken argument is the one reported.
    scan_case("tx output and summary both bad", 1, 0, [](ScanArgs& a) {
        std::memset(&a.txo[0], 0, 64);
        a.summary_arg = nullptr;
    });
}

TEST_F(DiffSilentPaymentsIllegal, SummaryArguments) {
    struct SumArgs {
        Summary summary;
        std::vector<secp256k1_pubkey> full;
        std::vector<secp256k1_xonly_pubkey> xo;
        std::vector<const secp256k1_pubkey*> fp;
        std::vector<const secp256k1_xonly_pubkey*> xp;
        Bytes outpoint;
        Summary* out;
        const unsigned char* op;
        const secp256k1_xonly_pubkey* const* xarg;
        size_t nx;
        const secp256k1_pubkey* const* farg;
        size_t nf;
    };
    auto run_case = [&](const std::string& what, int callbacks, const std::function<void(SumArgs&)>& edit) {
        Outcome r = same([&](Side& s) {
            SumArgs a;
            for (const auto& b : scan_.full_keys) a.full.push_back(pubkey_obj(s, b));
            for (const auto& b : scan_.xonly_keys) a.xo.push_back(xonly_obj(s, b));
            for (const auto& k : a.full) a.fp.push_back(&k);
            for (const auto& k : a.xo) a.xp.push_back(&k);
            a.outpoint = scan_.outpoint;
            fill_pattern(a.summary);
            a.out = &a.summary;
            a.op = a.outpoint.data();
            a.xarg = a.xp.data();
            a.nx = a.xp.size();
            a.farg = a.fp.data();
            a.nf = a.fp.size();
            edit(a);
            Outcome o;
            s.illegal.last.clear();
            o.ret = s.api->silentpayments_recipient_prevouts_summary_create(s.ctx, a.out, a.op, a.xarg, a.nx, a.farg, a.nf);
            return o.add("msg", s.illegal.last).add("summary", raw_hex(&a.summary, sizeof a.summary));
        }, "summary: " + what);
        EXPECT_EQ(r.illegal, callbacks) << what;
    };
    run_case("valid (sanity)", 0, [](SumArgs&) {});
    run_case("summary NULL", 1, [](SumArgs& a) { a.out = null_of<Summary>(); });
    run_case("outpoint NULL", 1, [](SumArgs& a) { a.op = null_of<const unsigned char>(); });
    run_case("no keys", 1, [](SumArgs& a) {
        a.xarg = nullptr;
        a.farg = nullptr;
        a.nx = a.nf = 0;
    });
    run_case("xonly count 0", 1, [](SumArgs& a) { a.nx = 0; });
    run_case("xonly NULL with count", 1, [](SumArgs& a) { a.xarg = nullptr; });
    run_case("xonly[0] NULL", 1, [](SumArgs& a) { a.xp[0] = nullptr; });
    run_case("pubkeys count 0", 1, [](SumArgs& a) { a.nf = 0; });
    run_case("pubkeys NULL with count", 1, [](SumArgs& a) { a.farg = nullptr; });
    run_case("pubkeys[last] NULL", 1, [](SumArgs& a) { a.fp.back() = nullptr; });
    run_case("zeroed pubkey", 1, [](SumArgs& a) { std::memset(&a.full[0], 0, 64); });
    run_case("zeroed xonly", 1, [](SumArgs& a) { std::memset(&a.xo[0], 0, 64); });
    run_case("only xonly", 0, [](SumArgs& a) {
        a.farg = nullptr;
        a.nf = 0;
    });
    run_case("only pubkeys", 0, [](SumArgs& a) {
        a.xarg = nullptr;
        a.nx = 0;
    });
}

TEST_F(DiffSilentPaymentsIllegal, LabelArguments) {
    auto check = [&](const std::string& what, int callbacks, auto&& call) {
        Outcome r = same([&](Side& s) {
            s.illegal.last.clear();
            Outcome o = call(s);
            return o.add("msg", s.illegal.last);
        }, what);
        EXPECT_EQ(r.illegal, callbacks) << what;
    };
    Bytes l33 = pub33(seckey());
    B32 scan = scan_sk_;
    check("label_parse label NULL", 1, [&](Side& s) {
        Outcome o;
        o.ret = s.api->silentpayments_recipient_label_parse(s.ctx, null_of<Label>(), l33.data());
        return o;
    });
    check("label_parse in NULL", 1, [&](Side& s) {
        Outcome o;
        Label label;
        fill_pattern(label);
        o.ret = s.api->silentpayments_recipient_label_parse(s.ctx, &label, null_of<const unsigned char>());
        return o.add("label", raw_hex(&label, sizeof label));
    });
    check("label_serialize out NULL", 1, [&](Side& s) {
        Outcome o;
        Label label;
        EXPECT_EQ(s.api->silentpayments_recipient_label_parse(s.ctx, &label, l33.data()), 1);
        o.ret = s.api->silentpayments_recipient_label_serialize(s.ctx, null_of<unsigned char>(), &label);
        return o;
    });
    check("label_serialize label NULL", 1, [&](Side& s) {
        Outcome o;
        unsigned char out[33];
        std::memset(out, kPattern, 33);
        o.ret = s.api->silentpayments_recipient_label_serialize(s.ctx, out, null_of<const Label>());
        return o.add("out", out, 33);
    });
    check("label_serialize zeroed label", 1, [&](Side& s) {
        Outcome o;
        Label label;
        std::memset(&label, 0, sizeof label);
        unsigned char out[33];
        std::memset(out, kPattern, 33);
        o.ret = s.api->silentpayments_recipient_label_serialize(s.ctx, out, &label);
        return o.add("out", out, 33);
    });
    for (int which = 0; which < 3; which++) {
        check("label_create NULL argument " + std::to_string(which), 1, [&](Side& s) {
            Outcome o;
            Label label;
            unsigned char tweak[32];
            fill_pattern(label);
            std::memset(tweak, kPattern, 32);
            o.ret = s.api->silentpayments_recipient_label_create(
                s.ctx, which == 0 ? null_of<Label>() : &label, which == 1 ? null_of<unsigned char>() : tweak,
                which == 2 ? null_of<const unsigned char>() : scan.data(), 1);
            return o.add("label", raw_hex(&label, sizeof label)).add("tweak", tweak, 32);
        });
    }
    for (int which = 0; which < 3; which++) {
        check("create_labeled_spend_pubkey NULL argument " + std::to_string(which), 1, [&](Side& s) {
            Outcome o;
            Label label;
            {
                CountGuard g(s);
                EXPECT_EQ(s.api->silentpayments_recipient_label_parse(s.ctx, &label, l33.data()), 1);
            }
            secp256k1_pubkey sp = pubkey_obj(s, spend_), out;
            fill_pattern(out);
            o.ret = s.api->silentpayments_recipient_create_labeled_spend_pubkey(
                s.ctx, which == 0 ? null_of<secp256k1_pubkey>() : &out, which == 1 ? null_of<const secp256k1_pubkey>() : &sp,
                which == 2 ? null_of<const Label>() : &label);
            return o.add("out", raw_hex(&out, sizeof out));
        });
    }
    check("create_labeled_spend_pubkey zeroed key and label", 2, [&](Side& s) {
        Outcome o;
        Label label;
        std::memset(&label, 0, sizeof label);
        secp256k1_pubkey sp, out;
        std::memset(&sp, 0, sizeof sp);
        fill_pattern(out);
        o.ret = s.api->silentpayments_recipient_create_labeled_spend_pubkey(s.ctx, &out, &sp, &label);
        return o.add("out", raw_hex(&out, sizeof out));
    });
}

// Sending and label creation need a context that can compute k·G: on the static context they
// report through the default illegal callback, which aborts in fastsecp. (The reference wheel
// replaces its default callbacks with ones that return; it must then return 0.)
template <class T>
void sink(T) {}

TEST_F(DiffSilentPaymentsIllegal, StaticContextCannotSendOrCreateLabels) {
    Side* sides[2] = {&ours_, &ref_};
    for (Side* s : sides) {
        SendArgs a = send_args(*s);
        auto* stc = const_cast<secp256k1_context*>(s->api->context_static);
        const SecpApi* api = s->api;
        B32 scan = scan_sk_;
        auto send = [&] {
            return api->silentpayments_sender_create_outputs(stc, a.generated, a.recipients, a.n_recipients,
                                                             a.outpoint_ptr, a.keypairs, a.n_keypairs, a.seckeys,
                                                             a.n_seckeys);
        };
        auto label = [&] {
            Label l;
            unsigned char t[32];
            return api->silentpayments_recipient_label_create(stc, &l, t, scan.data(), 0);
        };
        if (s == &ours_) {
            EXPECT_EXIT(sink(send()), ::testing::KilledBySignal(SIGABRT), ".+") << "sender on static context";
            EXPECT_EXIT(sink(label()), ::testing::KilledBySignal(SIGABRT), ".+") << "label_create on static context";
        } else {
            // In a child: the reference either aborts (stock build) or returns 0.
            std::function<int()> calls[2] = {send, label};
            for (auto& call : calls) {
                pid_t pid = fork();
                if (pid == 0) std::_Exit(call() == 0 ? 0 : 1);
                int status = 0;
                waitpid(pid, &status, 0);
                bool aborted = WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT;
                bool returned_zero = WIFEXITED(status) && WEXITSTATUS(status) == 0;
                EXPECT_TRUE(aborted || returned_zero) << "reference on static context";
            }
        }
    }
}

}  // namespace
}  // namespace fastsecp::test
