// BIP-352 send and receive vectors (bip-0352/send_and_receive_test_vectors.json), run against
// fastsecp and the reference libsecp256k1.
//
// Sending: the eligible inputs' keys (found by bip352_helpers.h) go to sender_create_outputs;
// the generated set must equal one of the allowed output sets, or the call must fail where the
// vector expects no outputs. Receiving: prevouts_summary_create and scan_outputs (with a label
// cache built by label_create/label_serialize) must find exactly the expected outputs and tweaks;
// each found output is spent (spend key + tweak, BIP-340 signature over the vectors' fixed
// message and aux data) and the signature must equal the published one.
#include "bip352_helpers.h"
#include "vector_fixture.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace fastsecp::test {
namespace {

using bip352::InputKey;

const json::Value& bip352_vectors() {
    static const json::Value v = json::parse_file(vector_path("bip-0352/send_and_receive_test_vectors.json"));
    return v;
}

class Bip352Vectors : public VectorTest {
protected:
    bool valid_compressed(const Bytes& k) {
        secp256k1_pubkey pk;
        return api().ec_pubkey_parse(ctx(), &pk, k.data(), k.size()) == 1;
    }

    // Keys and smallest outpoint of a vector's inputs.
    struct Tx {
        Bytes outpoint;                 // smallest serialized outpoint of all inputs
        std::vector<InputKey> keys;     // one per input (kind None when not eligible)
        std::vector<Bytes> privs;       // the inputs' secret keys (sending side only)
    };
    Tx read_tx(const json::Value& vin, bool with_privs) {
        Tx tx;
        for (const auto& in : vin) {
            Bytes op = bip352::serialize_outpoint(in.at("txid").get<std::string>(), (std::uint32_t)in.at("vout").get<long long>());
            if (tx.outpoint.empty() || op < tx.outpoint) tx.outpoint = op;
            tx.keys.push_back(bip352::extract_input_key(from_hex(in.at("prevout").at("scriptPubKey").at("hex").get<std::string>()),
                                                        from_hex(in.at("scriptSig").get<std::string>()),
                                                        from_hex(in.at("txinwitness").get<std::string>()),
                                                        [&](const Bytes& k) { return valid_compressed(k); }));
            if (with_privs) tx.privs.push_back(from_hex(in.at("private_key").get<std::string>()));
        }
        return tx;
    }

    secp256k1_pubkey parse_pubkey(const std::string& hex) {
        Bytes b = from_hex(hex);
        secp256k1_pubkey pk;
        EXPECT_EQ(api().ec_pubkey_parse(ctx(), &pk, b.data(), b.size()), 1) << hex;
        return pk;
    }
    Bytes serialize33(const secp256k1_pubkey& pk) {
        Bytes out(33);
        size_t len = 33;
        EXPECT_EQ(api().ec_pubkey_serialize(ctx(), out.data(), &len, &pk, SECP256K1_EC_COMPRESSED), 1);
        return out;
    }
    std::string xonly_hex(const secp256k1_xonly_pubkey& pk) {
        unsigned char out[32];
        EXPECT_EQ(api().xonly_pubkey_serialize(ctx(), out, &pk), 1);
        return to_hex(out, 32);
    }

    void run_sending(const json::Value& given, const json::Value& expected);
    size_t sums_compared_ = 0, secrets_compared_ = 0;  // by check_sender_intermediates
    void check_sender_intermediates(const Tx& tx, const std::vector<std::string>& picked, const json::Value& given,
                                    const json::Value& expected, bool expect_none);
    void run_receiving(const json::Value& given, const json::Value& expected);
};

TEST_P(Bip352Vectors, Ripemd160KnownAnswers) {
    // Published RIPEMD-160 test vectors (Dobbertin et al.), for the helper P2PKH extraction uses.
    const std::pair<std::string, std::string> cases[] = {
        {"", "9c1185a5c5e9fc54612808977ee8f548b2258d31"},
        {"abc", "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc"},
        {"message digest", "5d0689ef49d2fae572b881b123a85ffa21595f36"},
        {"12345678901234567890123456789012345678901234567890123456789012345678901234567890",
         "9b752e45573d4b39f4dbd3323cab82bf63326bfb"},
    };
    for (const auto& [msg, hex] : cases) {
        auto h = bip352::ripemd160(reinterpret_cast<const unsigned char*>(msg.data()), msg.size());
        EXPECT_EQ(to_hex(h.data(), h.size()), hex) << msg;
    }
}

// The sender's intermediate values published by the vectors, recomputed through the public API:
//  - input_private_key_sum: the eligible inputs' secret keys added with ec_seckey_tweak_add, a
//    taproot input's key negated (ec_seckey_negate) when its public key has an odd y (BIP-352,
//    "Inputs For Shared Secret Derivation"). The field is absent when there is nothing to sum or
//    the sum is zero. A partial sum may be zero (tweak_add refuses that result); the next key
//    then starts the sum again. a_sum·G must also be the sum of the published input keys.
//  - shared_secrets (one per recipient entry, null where sending fails): input_hash·a_sum·B_scan
//    with input_hash = hash_BIP0352/Inputs(smallest outpoint || a_sum·G), via tagged_sha256,
//    ec_seckey_tweak_mul and ec_pubkey_tweak_mul.
void Bip352Vectors::check_sender_intermediates(const Tx& tx, const std::vector<std::string>& picked,
                                               const json::Value& given, const json::Value& expected,
                                               bool expect_none) {
    std::optional<Bytes> a_sum;  // nullopt: zero (no key yet, or the keys so far cancel)
    for (size_t i = 0; i < tx.keys.size(); i++) {
        if (tx.keys[i].kind == InputKey::Kind::None) continue;
        Bytes k = tx.privs[i];
        ASSERT_EQ(api().ec_seckey_verify(ctx(), k.data()), 1) << "input " << i;
        if (tx.keys[i].kind == InputKey::Kind::Taproot) {
            secp256k1_keypair kp;
            secp256k1_xonly_pubkey x;
            int parity = -1;
            ASSERT_EQ(api().keypair_create(ctx(), &kp, k.data()), 1);
            ASSERT_EQ(api().keypair_xonly_pub(ctx(), &x, &parity, &kp), 1);
            EXPECT_EQ(xonly_hex(x), to_hex(tx.keys[i].key)) << "input " << i << ": key is not the prevout's";
            if (parity == 1) ASSERT_EQ(api().ec_seckey_negate(ctx(), k.data()), 1);
        }
        if (!a_sum) {
            a_sum = k;
            continue;
        }
        Bytes t = *a_sum;
        if (api().ec_seckey_tweak_add(ctx(), t.data(), k.data()) == 1) {
            a_sum = t;
        } else {
            // Both operands are valid keys, so only a zero result is refused: k = -sum.
            Bytes neg = k;
            ASSERT_EQ(api().ec_seckey_negate(ctx(), neg.data()), 1);
            EXPECT_EQ(to_hex(neg), to_hex(*a_sum)) << "input " << i << ": tweak_add failed although the sum is not zero";
            a_sum.reset();
        }
    }
    if (expected.contains("input_private_key_sum")) {
        ASSERT_TRUE(a_sum.has_value()) << "the eligible keys sum to zero";
        EXPECT_EQ(to_hex(*a_sum), to_hex(from_hex(expected.at("input_private_key_sum").get<std::string>())))
            << "input_private_key_sum";
        sums_compared_++;
    } else {
        EXPECT_FALSE(a_sum.has_value()) << "the vector gives no key sum, but the keys sum to " << to_hex(*a_sum);
    }

    // a_sum·G against the published input keys, summed with ec_pubkey_combine.
    secp256k1_pubkey a_pub{};
    if (a_sum) ASSERT_EQ(api().ec_pubkey_create(ctx(), &a_pub, a_sum->data()), 1);
    if (!picked.empty()) {
        std::vector<secp256k1_pubkey> pks;
        for (const auto& h : picked) pks.push_back(parse_pubkey(h));
        std::vector<const secp256k1_pubkey*> ptrs;
        for (const auto& p : pks) ptrs.push_back(&p);
        secp256k1_pubkey combined;
        const int ok = api().ec_pubkey_combine(ctx(), &combined, ptrs.data(), ptrs.size());
        EXPECT_EQ(ok, a_sum ? 1 : 0) << "input keys sum to infinity exactly when the secret keys sum to zero";
        if (ok && a_sum) EXPECT_EQ(to_hex(serialize33(combined)), to_hex(serialize33(a_pub)));
    }

    const auto& secrets = expected.at("shared_secrets");
    const auto& recipients = given.at("recipients");
    ASSERT_EQ(secrets.size(), recipients.size()) << "one shared secret per recipient entry";
    size_t published = 0;
    for (size_t j = 0; j < secrets.size(); j++) {
        if (secrets[j].is_null()) {
            EXPECT_TRUE(expect_none) << "recipient " << j << ": no shared secret, yet sending succeeds";
            continue;
        }
        published++;
        ASSERT_TRUE(a_sum.has_value()) << "a shared secret is published but the keys sum to zero";
        Bytes hash_in = tx.outpoint;
        const Bytes a33 = serialize33(a_pub);
        hash_in.insert(hash_in.end(), a33.begin(), a33.end());
        static const char tag[] = "BIP0352/Inputs";
        unsigned char input_hash[32];
        ASSERT_EQ(api().tagged_sha256(ctx(), input_hash, reinterpret_cast<const unsigned char*>(tag), sizeof tag - 1,
                                      hash_in.data(), hash_in.size()),
                  1);
        Bytes t = *a_sum;
        ASSERT_EQ(api().ec_seckey_tweak_mul(ctx(), t.data(), input_hash), 1);
        secp256k1_pubkey shared = parse_pubkey(recipients[j].at("scan_pub_key").get<std::string>());
        ASSERT_EQ(api().ec_pubkey_tweak_mul(ctx(), &shared, t.data()), 1);
        EXPECT_EQ(to_hex(serialize33(shared)), to_hex(from_hex(secrets[j].get<std::string>())))
            << "shared secret of recipient " << j;
        secrets_compared_++;
    }
    // Every sending vector that produces outputs publishes its shared secrets.
    if (!expect_none) EXPECT_EQ(published, secrets.size());
}

void Bip352Vectors::run_sending(const json::Value& given, const json::Value& expected) {
    Tx tx = read_tx(given.at("vin"), true);
    // The eligibility logic must pick exactly the vector's input keys, in input order.
    std::vector<std::string> picked;
    for (const auto& k : tx.keys) {
        if (k.kind == InputKey::Kind::Full) picked.push_back(to_hex(k.key));
        if (k.kind == InputKey::Kind::Taproot) picked.push_back("02" + to_hex(k.key));
    }
    std::vector<std::string> want_keys;
    for (const auto& k : expected.at("input_pub_keys")) want_keys.push_back(k.get<std::string>());
    EXPECT_EQ(picked, want_keys);

    const auto& allowed = expected.at("outputs");
    bool expect_none = allowed.size() == 1 && allowed[0].empty();
    const bool failed_before = HasFatalFailure();
    check_sender_intermediates(tx, picked, given, expected, expect_none);
    if (HasFatalFailure() && !failed_before) return;
    if (picked.empty()) {
        // Nothing to call the API with: the vector must expect no outputs.
        EXPECT_TRUE(expect_none);
        return;
    }

    std::vector<secp256k1_keypair> keypairs;
    std::vector<const unsigned char*> seckeys;
    for (size_t i = 0; i < tx.keys.size(); i++) {
        if (tx.keys[i].kind == InputKey::Kind::Taproot) {
            secp256k1_keypair kp;
            ASSERT_EQ(api().keypair_create(ctx(), &kp, tx.privs[i].data()), 1);
            keypairs.push_back(kp);
        } else if (tx.keys[i].kind == InputKey::Kind::Full) {
            seckeys.push_back(tx.privs[i].data());
        }
    }
    std::vector<const secp256k1_keypair*> keypair_ptrs;
    for (const auto& kp : keypairs) keypair_ptrs.push_back(&kp);

    std::vector<secp256k1_silentpayments_recipient> recipients;
    for (const auto& r : given.at("recipients")) {
        secp256k1_pubkey scan = parse_pubkey(r.at("scan_pub_key").get<std::string>());
        secp256k1_pubkey spend = parse_pubkey(r.at("spend_pub_key").get<std::string>());
        // The address is the bech32m encoding of the two keys (checks the address helper, which
        // the receiving side relies on).
        EXPECT_EQ(bip352::sp_address(serialize33(scan), serialize33(spend)), r.at("address").get<std::string>());
        long long count = r.contains("count") ? r.at("count").get<long long>() : 1;
        for (long long c = 0; c < count; c++) {
            secp256k1_silentpayments_recipient rec;
            rec.scan_pubkey = scan;
            rec.spend_pubkey = spend;
            rec.index = recipients.size();
            recipients.push_back(rec);
        }
    }
    std::vector<const secp256k1_silentpayments_recipient*> rec_ptrs;
    for (const auto& r : recipients) rec_ptrs.push_back(&r);
    std::vector<secp256k1_xonly_pubkey> outputs(recipients.size());
    std::vector<secp256k1_xonly_pubkey*> out_ptrs;
    for (auto& o : outputs) out_ptrs.push_back(&o);

    int ret = api().silentpayments_sender_create_outputs(
        ctx(), out_ptrs.data(), rec_ptrs.data(), rec_ptrs.size(), tx.outpoint.data(),
        keypair_ptrs.empty() ? nullptr : keypair_ptrs.data(), keypair_ptrs.size(),
        seckeys.empty() ? nullptr : seckeys.data(), seckeys.size());
    if (expect_none) {
        EXPECT_EQ(ret, 0) << "the vector expects sending to fail";
        return;
    }
    ASSERT_EQ(ret, 1);
    std::multiset<std::string> got;
    for (const auto& o : outputs) got.insert(xonly_hex(o));
    bool matched = false;
    for (const auto& set : allowed) {
        std::multiset<std::string> want;
        for (const auto& o : set) want.insert(o.get<std::string>());
        matched |= want == got;
    }
    EXPECT_TRUE(matched) << "generated outputs are none of the allowed sets";
}

// Label cache for scanning: serialized label -> tweak.
struct LabelCache {
    std::map<Bytes, std::array<unsigned char, 32>> entries;
    int lookups = 0;
};
const unsigned char* lookup_label(const unsigned char* label33, const void* context) {
    auto* cache = const_cast<LabelCache*>(static_cast<const LabelCache*>(context));
    cache->lookups++;
    auto it = cache->entries.find(Bytes(label33, label33 + 33));
    return it == cache->entries.end() ? nullptr : it->second.data();
}

void Bip352Vectors::run_receiving(const json::Value& given, const json::Value& expected) {
    Tx tx = read_tx(given.at("vin"), false);
    std::vector<secp256k1_xonly_pubkey> xonly_keys;
    std::vector<secp256k1_pubkey> full_keys;
    for (const auto& k : tx.keys) {
        if (k.kind == InputKey::Kind::Taproot) {
            secp256k1_xonly_pubkey x;
            ASSERT_EQ(api().xonly_pubkey_parse(ctx(), &x, k.key.data()), 1);
            xonly_keys.push_back(x);
        } else if (k.kind == InputKey::Kind::Full) {
            full_keys.push_back(parse_pubkey(to_hex(k.key)));
        }
    }

    // Recipient keys, labels and addresses.
    Bytes scan_sk = from_hex(given.at("key_material").at("scan_priv_key").get<std::string>());
    Bytes spend_sk = from_hex(given.at("key_material").at("spend_priv_key").get<std::string>());
    secp256k1_pubkey scan_pk, spend_pk;
    ASSERT_EQ(api().ec_pubkey_create(ctx(), &scan_pk, scan_sk.data()), 1);
    ASSERT_EQ(api().ec_pubkey_create(ctx(), &spend_pk, spend_sk.data()), 1);
    std::set<std::string> addresses = {bip352::sp_address(serialize33(scan_pk), serialize33(spend_pk))};
    LabelCache cache;
    for (const auto& m : given.at("labels")) {
        secp256k1_silentpayments_label label;
        std::array<unsigned char, 32> tweak;
        ASSERT_EQ(api().silentpayments_recipient_label_create(ctx(), &label, tweak.data(), scan_sk.data(),
                                                               (std::uint32_t)m.get<long long>()),
                  1);
        Bytes label33(33);
        ASSERT_EQ(api().silentpayments_recipient_label_serialize(ctx(), label33.data(), &label), 1);
        // Parsing the serialization gives the same label back.
        secp256k1_silentpayments_label again;
        ASSERT_EQ(api().silentpayments_recipient_label_parse(ctx(), &again, label33.data()), 1);
        EXPECT_EQ(std::memcmp(&again, &label, sizeof label), 0);
        cache.entries[label33] = tweak;
        secp256k1_pubkey labeled;
        ASSERT_EQ(api().silentpayments_recipient_create_labeled_spend_pubkey(ctx(), &labeled, &spend_pk, &label), 1);
        addresses.insert(bip352::sp_address(serialize33(scan_pk), serialize33(labeled)));
    }
    std::set<std::string> want_addresses;
    for (const auto& a : expected.at("addresses")) want_addresses.insert(a.get<std::string>());
    EXPECT_EQ(addresses, want_addresses);

    if (xonly_keys.empty() && full_keys.empty()) {
        // No eligible input: not a silent payment transaction, nothing to scan.
        EXPECT_TRUE(expected.at("outputs").empty());
        return;
    }
    std::vector<const secp256k1_xonly_pubkey*> xonly_ptrs;
    std::vector<const secp256k1_pubkey*> full_ptrs;
    for (const auto& k : xonly_keys) xonly_ptrs.push_back(&k);
    for (const auto& k : full_keys) full_ptrs.push_back(&k);
    secp256k1_silentpayments_prevouts_summary summary;
    int ret = api().silentpayments_recipient_prevouts_summary_create(
        ctx(), &summary, tx.outpoint.data(), xonly_ptrs.empty() ? nullptr : xonly_ptrs.data(), xonly_ptrs.size(),
        full_ptrs.empty() ? nullptr : full_ptrs.data(), full_ptrs.size());
    if (!expected.contains("input_pub_key_sum")) {
        // The keys sum to infinity: the receiver skips the transaction.
        EXPECT_EQ(ret, 0);
        EXPECT_TRUE(expected.at("outputs").empty());
        EXPECT_TRUE(expected.at("tweak").is_null());
        return;
    }
    ASSERT_EQ(ret, 1);
    // The summary's layout is libsecp256k1 v0.8.0's (magic, flag, A_sum as a 64-byte point like
    // secp256k1_pubkey, input_hash): check A_sum, input_hash·A_sum ("tweak") and the shared secret.
    secp256k1_pubkey a_sum;
    std::memcpy(a_sum.data, summary.data + 5, 64);
    EXPECT_EQ(to_hex(serialize33(a_sum)), expected.at("input_pub_key_sum").get<std::string>());
    secp256k1_pubkey tweak_pk = a_sum;
    ASSERT_EQ(api().ec_pubkey_tweak_mul(ctx(), &tweak_pk, summary.data + 69), 1);
    EXPECT_EQ(to_hex(serialize33(tweak_pk)), expected.at("tweak").get<std::string>());
    secp256k1_pubkey shared = tweak_pk;
    ASSERT_EQ(api().ec_pubkey_tweak_mul(ctx(), &shared, scan_sk.data()), 1);
    EXPECT_EQ(to_hex(serialize33(shared)), expected.at("shared_secret").get<std::string>());

    // Scan.
    std::vector<secp256k1_xonly_pubkey> tx_outputs;
    for (const auto& o : given.at("outputs")) {
        Bytes x = from_hex(o.get<std::string>());
        secp256k1_xonly_pubkey pk;
        ASSERT_EQ(api().xonly_pubkey_parse(ctx(), &pk, x.data()), 1);
        tx_outputs.push_back(pk);
    }
    std::vector<const secp256k1_xonly_pubkey*> tx_ptrs;
    for (const auto& o : tx_outputs) tx_ptrs.push_back(&o);
    std::vector<secp256k1_silentpayments_found_output> found(tx_outputs.size());
    std::vector<secp256k1_silentpayments_found_output*> found_ptrs;
    for (auto& f : found) found_ptrs.push_back(&f);
    std::uint32_t n_found = 0xFFFFFFFF;
    bool labels = !cache.entries.empty();
    ret = api().silentpayments_recipient_scan_outputs(ctx(), found_ptrs.data(), &n_found, tx_ptrs.data(), tx_ptrs.size(),
                                                       scan_sk.data(), &summary, &spend_pk,
                                                       labels ? lookup_label : nullptr, labels ? &cache : nullptr);
    ASSERT_EQ(ret, 1);
    if (expected.contains("n_outputs")) {
        // Only the count is published (the K_max case).
        EXPECT_EQ((long long)n_found, expected.at("n_outputs").get<long long>());
    } else {
        EXPECT_EQ(n_found, expected.at("outputs").size());
    }
    ASSERT_LE(n_found, found.size());

    // Every found output: its tweak must spend it (spend key + tweak is its secret key).
    const auto msg = sha256(std::string_view("message"));
    const auto aux = sha256(std::string_view("random auxiliary data"));
    std::map<std::string, std::pair<std::string, std::string>> got;  // output -> (tweak, signature)
    for (std::uint32_t i = 0; i < n_found; i++) {
        const auto& f = found[i];
        Bytes d = spend_sk;
        ASSERT_EQ(api().ec_seckey_tweak_add(ctx(), d.data(), f.tweak), 1);
        secp256k1_keypair kp;
        ASSERT_EQ(api().keypair_create(ctx(), &kp, d.data()), 1);
        secp256k1_xonly_pubkey xpk;
        ASSERT_EQ(api().keypair_xonly_pub(ctx(), &xpk, nullptr, &kp), 1);
        EXPECT_EQ(xonly_hex(xpk), xonly_hex(f.output)) << "tweak does not spend output " << i;
        // found_with_label and label must agree with the label cache.
        if (f.found_with_label) {
            Bytes l33(33);
            EXPECT_EQ(api().silentpayments_recipient_label_serialize(ctx(), l33.data(), &f.label), 1);
            EXPECT_EQ(cache.entries.count(l33), 1u) << "found with a label the wallet does not have";
        } else {
            secp256k1_silentpayments_label zero{};
            EXPECT_EQ(std::memcmp(&f.label, &zero, sizeof zero), 0);
        }
        if (!expected.contains("n_outputs")) {
            unsigned char sig[64];
            ASSERT_EQ(api().schnorrsig_sign32(ctx(), sig, msg.data(), &kp, aux.data()), 1);
            got[xonly_hex(f.output)] = {to_hex(f.tweak, 32), to_hex(sig, 64)};
        }
    }
    if (!expected.contains("n_outputs")) {
        std::map<std::string, std::pair<std::string, std::string>> want;
        for (const auto& o : expected.at("outputs"))
            want[o.at("pub_key").get<std::string>()] = {o.at("priv_key_tweak").get<std::string>(), o.at("signature").get<std::string>()};
        EXPECT_EQ(got, want);
    }
}

TEST_P(Bip352Vectors, Sending) {
    int cases = 0;
    size_t want_sums = 0, want_secrets = 0;
    for (const auto& c : bip352_vectors()) {
        for (const auto& s : c.at("sending")) {
            SCOPED_TRACE(c.at("comment").get<std::string>());
            run_sending(s.at("given"), s.at("expected"));
            cases++;
            if (s.at("expected").contains("input_private_key_sum")) want_sums++;
            for (const auto& ss : s.at("expected").at("shared_secrets")) want_secrets += !ss.is_null();
        }
    }
    EXPECT_EQ(cases, 28);
    // Every published key sum and shared secret was compared (counted from the file).
    EXPECT_EQ(sums_compared_, want_sums);
    EXPECT_EQ(secrets_compared_, want_secrets);
}

TEST_P(Bip352Vectors, Receiving) {
    int cases = 0;
    for (const auto& c : bip352_vectors()) {
        for (const auto& r : c.at("receiving")) {
            SCOPED_TRACE(c.at("comment").get<std::string>());
            run_receiving(r.at("given"), r.at("expected"));
            cases++;
        }
    }
    EXPECT_EQ(cases, 29);
}

FASTSECP_INSTANTIATE_BOTH(Bip352Vectors);

}  // namespace
}  // namespace fastsecp::test
