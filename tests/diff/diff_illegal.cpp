// Illegal arguments. Each case calls one function with one bad argument (a NULL pointer, an
// invalid flags value, a count of zero, an object left invalid by a failed call) on a context
// whose illegal callback only counts. Both libraries must return the same value, call the
// callback the same number of times, and leave the outputs (pre-filled with a pattern) in the
// same state: untouched, zeroed or written. The expected callback count for each case comes
// from libsecp256k1's documented checks and is asserted on the reference as well.
//
// libsecp256k1's header says outputs are undefined once the callback has returned; comparing
// them anyway makes fastsecp a byte-for-byte drop-in even for callers that ignore that rule.
//
// Never passed: a NULL context (libsecp256k1 dereferences it without a check), and arguments
// that the reference dereferences before any check. Calls that must use the default callback
// (static context, invalid context flags) abort the process and are death tests at the end.
#include "diff_common.h"

#include <csignal>
#include <cstdlib>
#include <sys/wait.h>
#include <unistd.h>
#include <functional>

#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#define FASTSECP_UNDER_VALGRIND() (RUNNING_ON_VALGRIND != 0)
#else
#define FASTSECP_UNDER_VALGRIND() false
#endif

namespace fastsecp::test {
namespace {

// Inputs shared by both sides as bytes.
struct Shared {
    B32 sk, msg, tweak, aux;
    Bytes pk33;          // a valid compressed public key (of sk)
    B32 xonly;           // its x coordinate
    Bytes sig64;         // a low-S signature of msg by sk
    Bytes high_sig64;    // the same with s replaced by n - s
    int recid = 0;
};

// Valid (and deliberately invalid) objects of one side, made from the shared bytes.
struct Objects {
    secp256k1_pubkey pk, zero_pk;
    secp256k1_xonly_pubkey xpk, zero_xpk;
    secp256k1_ecdsa_signature sig, high_sig;
    secp256k1_ecdsa_recoverable_signature rsig;
    secp256k1_keypair kp, zero_kp;
};

Objects make_objects(Side& s, const Shared& in) {
    Objects o;
    CountGuard guard(s);
    EXPECT_EQ(s.api->ec_pubkey_parse(s.ctx, &o.pk, in.pk33.data(), 33), 1) << s.label;
    EXPECT_EQ(s.api->xonly_pubkey_parse(s.ctx, &o.xpk, in.xonly.data()), 1) << s.label;
    EXPECT_EQ(s.api->ecdsa_signature_parse_compact(s.ctx, &o.sig, in.sig64.data()), 1) << s.label;
    EXPECT_EQ(s.api->ecdsa_signature_parse_compact(s.ctx, &o.high_sig, in.high_sig64.data()), 1) << s.label;
    EXPECT_EQ(s.api->ecdsa_recoverable_signature_parse_compact(s.ctx, &o.rsig, in.sig64.data(), in.recid), 1) << s.label;
    EXPECT_EQ(s.api->keypair_create(s.ctx, &o.kp, in.sk.data()), 1) << s.label;
    // All-zero objects are what failed calls leave behind; using one is an illegal argument.
    std::memset(&o.zero_pk, 0, sizeof(o.zero_pk));
    std::memset(&o.zero_xpk, 0, sizeof(o.zero_xpk));
    std::memset(&o.zero_kp, 0, sizeof(o.zero_kp));
    return o;
}

struct Case {
    std::string name;
    int expected_callbacks;  // what libsecp256k1's checks give; asserted on both libraries
    std::function<Outcome(Side&, Objects&)> call;
};

class DiffIllegal : public DiffTest {
protected:
    void SetUp() override {
        DiffTest::SetUp();
        if (HasFatalFailure()) return;
        in_.sk = seckey();
        in_.msg = rng_.b32();
        in_.tweak = seckey();
        in_.aux = rng_.b32();
        in_.pk33 = pubkey_bytes(in_.sk, true);
        std::copy(in_.pk33.begin() + 1, in_.pk33.end(), in_.xonly.begin());
        secp256k1_ecdsa_recoverable_signature rs;
        ASSERT_EQ(R().ecdsa_sign_recoverable(Rctx(), &rs, in_.msg.data(), in_.sk.data(), nullptr, nullptr), 1);
        in_.sig64.resize(64);
        ASSERT_EQ(R().ecdsa_recoverable_signature_serialize_compact(Rctx(), in_.sig64.data(), &in_.recid, &rs), 1);
        in_.high_sig64 = in_.sig64;
        B32 sv;
        std::copy(in_.sig64.begin() + 32, in_.sig64.end(), sv.begin());
        B32 hs = neg_mod_order(sv);
        std::copy(hs.begin(), hs.end(), in_.high_sig64.begin() + 32);
    }

    void check(const std::vector<Case>& cases) {
        for (const auto& c : cases) {
            Outcome r = same([&](Side& s) {
                Objects objs = make_objects(s, in_);
                return c.call(s, objs);
            }, c.name);
            EXPECT_EQ(r.illegal, c.expected_callbacks) << c.name << ": callback count of the reference";
        }
    }

    Shared in_;
};

// Short names for output states in the cases below.
template <class T>
std::string state(Side& s, const T& obj);
template <>
std::string state(Side& s, const secp256k1_pubkey& v) { return describe_pubkey(s, v); }
template <>
std::string state(Side& s, const secp256k1_xonly_pubkey& v) { return describe_xonly(s, v); }
template <>
std::string state(Side& s, const secp256k1_ecdsa_signature& v) { return describe_sig(s, v); }
template <>
std::string state(Side& s, const secp256k1_ecdsa_recoverable_signature& v) { return describe_recsig(s, v); }
template <>
std::string state(Side& s, const secp256k1_keypair& v) { return describe_keypair(s, v); }

std::string bytes_state(const unsigned char* p, size_t n) {
    if (const char* st = raw_state(p, n)) return st;
    return to_hex(p, n);
}

void counting_callback(const char*, void* data) { ++*static_cast<int*>(data); }

// ---------------------------------------------------------------------------------------------

TEST_F(DiffIllegal, ContextFunctions) {
    check({
        {"preallocated_clone into NULL", 1, [](Side& s, Objects&) {
             Outcome o;
             o.ret = s.api->context_preallocated_clone(s.ctx, null_of<void>()) == nullptr;
             return o;
         }},
        {"randomize with NULL seed (legal)", 0, [](Side& s, Objects&) {
             Outcome o;
             o.ret = s.api->context_randomize(s.ctx, nullptr);
             return o;
         }},
        {"set_sha256_compression(NULL) (legal reset)", 0, [](Side& s, Objects&) {
             s.api->context_set_sha256_compression(s.ctx, nullptr);
             return Outcome{};
         }},
        {"destroy(NULL) (legal no-op)", 0, [](Side& s, Objects&) {
             s.api->context_destroy(nullptr);
             s.api->context_preallocated_destroy(nullptr);
             return Outcome{};
         }},
        {"set_error_callback(NULL) restores default (legal)", 0, [](Side& s, Objects&) {
             s.api->context_set_error_callback(s.ctx, nullptr, nullptr);
             s.api->context_set_error_callback(s.ctx, log_callback, &s.error);
             return Outcome{};
         }},
    });
    // A callback's data pointer is passed through: install a second counter and trigger it.
    same([&](Side& s) {
        Outcome o;
        int hits = 0;
        s.api->context_set_illegal_callback(s.ctx, counting_callback, &hits);
        unsigned char out[32];
        o.ret = s.api->ec_seckey_verify(s.ctx, null_of<unsigned char>());
        o.ret += s.api->keypair_sec(s.ctx, out, null_of<secp256k1_keypair>());
        s.api->context_set_illegal_callback(s.ctx, log_callback, &s.illegal);
        return o.add("hits", std::to_string(hits));
    }, "custom callback data");
}

TEST_F(DiffIllegal, PublicKeyFunctions) {
    const Bytes& pk33 = in_.pk33;
    const B32 tweak = in_.tweak, sk = in_.sk, over = kOrder;
    check({
        {"ec_pubkey_parse pubkey NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             o.ret = s.api->ec_pubkey_parse(s.ctx, null_of<secp256k1_pubkey>(), pk33.data(), 33);
             return o;
         }},
        {"ec_pubkey_parse input NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             secp256k1_pubkey pk;
             fill_pattern(pk);
             o.ret = s.api->ec_pubkey_parse(s.ctx, &pk, null_of<unsigned char>(), 33);
             return o.add("pk", state(s, pk));
         }},
        {"ec_pubkey_serialize outputlen NULL", 1, [&](Side& s, Objects& v) {
             Outcome o;
             unsigned char out[65];
             std::memset(out, kPattern, 65);
             o.ret = s.api->ec_pubkey_serialize(s.ctx, out, null_of<size_t>(), &v.pk, SECP256K1_EC_COMPRESSED);
             return o.add("out", bytes_state(out, 65));
         }},
        {"ec_pubkey_serialize output NULL", 1, [&](Side& s, Objects& v) {
             Outcome o;
             size_t len = 65;
             o.ret = s.api->ec_pubkey_serialize(s.ctx, null_of<unsigned char>(), &len, &v.pk, SECP256K1_EC_UNCOMPRESSED);
             return o.add("len", std::to_string(len));
         }},
        {"ec_pubkey_serialize pubkey NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             unsigned char out[70];
             std::memset(out, kPattern, sizeof(out));
             size_t len = 66;  // the output buffer is cleared up to the given length
             o.ret = s.api->ec_pubkey_serialize(s.ctx, out, &len, null_of<secp256k1_pubkey>(), SECP256K1_EC_UNCOMPRESSED);
             return o.add("len", std::to_string(len)).add("out", to_hex(out, sizeof(out)));
         }},
        {"ec_pubkey_serialize zeroed pubkey", 1, [&](Side& s, Objects& v) {
             Outcome o;
             unsigned char out[33];
             std::memset(out, kPattern, sizeof(out));
             size_t len = 33;
             o.ret = s.api->ec_pubkey_serialize(s.ctx, out, &len, &v.zero_pk, SECP256K1_EC_COMPRESSED);
             return o.add("len", std::to_string(len)).add("out", to_hex(out, sizeof(out)));
         }},
        {"ec_pubkey_serialize outputlen too small (compressed)", 1, [&](Side& s, Objects& v) {
             Outcome o;
             unsigned char out[33];
             std::memset(out, kPattern, sizeof(out));
             size_t len = 32;
             o.ret = s.api->ec_pubkey_serialize(s.ctx, out, &len, &v.pk, SECP256K1_EC_COMPRESSED);
             return o.add("len", std::to_string(len)).add("out", to_hex(out, sizeof(out)));
         }},
        {"ec_pubkey_serialize outputlen too small (uncompressed)", 1, [&](Side& s, Objects& v) {
             Outcome o;
             unsigned char out[65];
             std::memset(out, kPattern, sizeof(out));
             size_t len = 64;
             o.ret = s.api->ec_pubkey_serialize(s.ctx, out, &len, &v.pk, SECP256K1_EC_UNCOMPRESSED);
             return o.add("len", std::to_string(len)).add("out", to_hex(out, sizeof(out)));
         }},
        {"ec_pubkey_serialize invalid flags", 3, [&](Side& s, Objects& v) {
             Outcome o;
             for (unsigned flags : {0u, unsigned(SECP256K1_CONTEXT_NONE), unsigned(SECP256K1_EC_COMPRESSED) | 4u}) {
                 unsigned char out[65];
                 std::memset(out, kPattern, sizeof(out));
                 size_t len = 65;
                 o.ret += s.api->ec_pubkey_serialize(s.ctx, out, &len, &v.pk, flags);
                 o.add("len", std::to_string(len)).add("out", to_hex(out, sizeof(out)));
             }
             return o;
         }},
        {"ec_pubkey_cmp first NULL", 1, [&](Side& s, Objects& v) {
             Outcome o;
             int c = s.api->ec_pubkey_cmp(s.ctx, null_of<secp256k1_pubkey>(), &v.pk);
             o.ret = (c > 0) - (c < 0);
             return o;
         }},
        {"ec_pubkey_cmp second NULL", 1, [&](Side& s, Objects& v) {
             Outcome o;
             int c = s.api->ec_pubkey_cmp(s.ctx, &v.pk, null_of<secp256k1_pubkey>());
             o.ret = (c > 0) - (c < 0);
             return o;
         }},
        {"ec_pubkey_cmp both NULL", 2, [&](Side& s, Objects&) {
             Outcome o;
             o.ret = s.api->ec_pubkey_cmp(s.ctx, null_of<secp256k1_pubkey>(), null_of<secp256k1_pubkey>());
             return o;
         }},
        {"ec_pubkey_cmp zeroed vs valid", 1, [&](Side& s, Objects& v) {
             Outcome o;
             int c = s.api->ec_pubkey_cmp(s.ctx, &v.zero_pk, &v.pk);
             o.ret = (c > 0) - (c < 0);
             return o;
         }},
        {"ec_pubkey_sort array NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             o.ret = s.api->ec_pubkey_sort(s.ctx, null_of<const secp256k1_pubkey*>(), 2);
             return o;
         }},
        {"ec_pubkey_sort array NULL with n = 0", 1, [&](Side& s, Objects&) {
             Outcome o;
             o.ret = s.api->ec_pubkey_sort(s.ctx, null_of<const secp256k1_pubkey*>(), 0);
             return o;
         }},
        {"ec_pubkey_sort element NULL", 1, [&](Side& s, Objects& v) {
             Outcome o;
             const secp256k1_pubkey* arr[3] = {&v.pk, nullptr, &v.pk};
             o.ret = s.api->ec_pubkey_sort(s.ctx, arr, 3);
             return o.add("order", arr[0] == &v.pk && arr[1] == nullptr && arr[2] == &v.pk ? "unchanged" : "changed");
         }},
        {"ec_pubkey_create pubkey NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             o.ret = s.api->ec_pubkey_create(s.ctx, null_of<secp256k1_pubkey>(), sk.data());
             return o;
         }},
        {"ec_pubkey_create seckey NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             secp256k1_pubkey pk;
             fill_pattern(pk);
             o.ret = s.api->ec_pubkey_create(s.ctx, &pk, null_of<unsigned char>());
             return o.add("pk", state(s, pk));
         }},
        {"ec_pubkey_negate NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             o.ret = s.api->ec_pubkey_negate(s.ctx, null_of<secp256k1_pubkey>());
             return o;
         }},
        {"ec_pubkey_negate zeroed pubkey", 1, [&](Side& s, Objects& v) {
             Outcome o;
             o.ret = s.api->ec_pubkey_negate(s.ctx, &v.zero_pk);
             return o.add("pk", state(s, v.zero_pk));
         }},
        {"ec_pubkey_tweak_add pubkey NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             o.ret = s.api->ec_pubkey_tweak_add(s.ctx, null_of<secp256k1_pubkey>(), tweak.data());
             return o;
         }},
        {"ec_pubkey_tweak_add tweak NULL", 1, [&](Side& s, Objects& v) {
             Outcome o;
             o.ret = s.api->ec_pubkey_tweak_add(s.ctx, &v.pk, null_of<unsigned char>());
             return o.add("pk", state(s, v.pk));
         }},
        {"ec_pubkey_tweak_add zeroed pubkey", 1, [&](Side& s, Objects& v) {
             Outcome o;
             o.ret = s.api->ec_pubkey_tweak_add(s.ctx, &v.zero_pk, tweak.data());
             return o.add("pk", state(s, v.zero_pk));
         }},
        {"ec_pubkey_tweak_add zeroed pubkey, tweak >= n", 1, [&](Side& s, Objects& v) {
             Outcome o;
             o.ret = s.api->ec_pubkey_tweak_add(s.ctx, &v.zero_pk, over.data());
             return o.add("pk", state(s, v.zero_pk));
         }},
        {"ec_pubkey_tweak_mul pubkey NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             o.ret = s.api->ec_pubkey_tweak_mul(s.ctx, null_of<secp256k1_pubkey>(), tweak.data());
             return o;
         }},
        {"ec_pubkey_tweak_mul tweak NULL", 1, [&](Side& s, Objects& v) {
             Outcome o;
             o.ret = s.api->ec_pubkey_tweak_mul(s.ctx, &v.pk, null_of<unsigned char>());
             return o.add("pk", state(s, v.pk));
         }},
        {"ec_pubkey_tweak_mul zeroed pubkey", 1, [&](Side& s, Objects& v) {
             Outcome o;
             o.ret = s.api->ec_pubkey_tweak_mul(s.ctx, &v.zero_pk, tweak.data());
             return o.add("pk", state(s, v.zero_pk));
         }},
        // The tweak is range-checked before the key is loaded, so no callback here.
        {"ec_pubkey_tweak_mul zeroed pubkey, tweak >= n", 0, [&](Side& s, Objects& v) {
             Outcome o;
             o.ret = s.api->ec_pubkey_tweak_mul(s.ctx, &v.zero_pk, over.data());
             return o.add("pk", state(s, v.zero_pk));
         }},
        {"ec_pubkey_combine output NULL", 1, [&](Side& s, Objects& v) {
             Outcome o;
             const secp256k1_pubkey* arr[1] = {&v.pk};
             o.ret = s.api->ec_pubkey_combine(s.ctx, null_of<secp256k1_pubkey>(), arr, 1);
             return o;
         }},
        {"ec_pubkey_combine n = 0", 1, [&](Side& s, Objects& v) {
             Outcome o;
             secp256k1_pubkey out;
             fill_pattern(out);
             const secp256k1_pubkey* arr[1] = {&v.pk};
             o.ret = s.api->ec_pubkey_combine(s.ctx, &out, arr, 0);
             return o.add("out", state(s, out));
         }},
        {"ec_pubkey_combine array NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             secp256k1_pubkey out;
             fill_pattern(out);
             o.ret = s.api->ec_pubkey_combine(s.ctx, &out, null_of<const secp256k1_pubkey* const>(), 2);
             return o.add("out", state(s, out));
         }},
        {"ec_pubkey_combine element NULL", 1, [&](Side& s, Objects& v) {
             Outcome o;
             secp256k1_pubkey out;
             fill_pattern(out);
             const secp256k1_pubkey* arr[3] = {&v.pk, &v.pk, nullptr};
             o.ret = s.api->ec_pubkey_combine(s.ctx, &out, arr, 3);
             return o.add("out", state(s, out));
         }},
    });
}

TEST_F(DiffIllegal, SecretKeyFunctions) {
    const B32 tweak = in_.tweak, sk = in_.sk;
    auto key_case = [&](const std::string& name, auto fn) {
        return Case{name, 1, [=](Side& s, Objects&) {
                        Outcome o;
                        B32 k = sk;
                        o.ret = fn(s, k.data());
                        return o.add("key", k.data(), 32);
                    }};
    };
    check({
        {"ec_seckey_verify NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             o.ret = s.api->ec_seckey_verify(s.ctx, null_of<unsigned char>());
             return o;
         }},
        {"ec_seckey_negate NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             o.ret = s.api->ec_seckey_negate(s.ctx, null_of<unsigned char>());
             return o;
         }},
        {"ec_seckey_tweak_add seckey NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             o.ret = s.api->ec_seckey_tweak_add(s.ctx, null_of<unsigned char>(), tweak.data());
             return o;
         }},
        key_case("ec_seckey_tweak_add tweak NULL", [](Side& s, unsigned char* k) {
            return s.api->ec_seckey_tweak_add(s.ctx, k, null_of<unsigned char>());
        }),
        {"ec_seckey_tweak_mul seckey NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             o.ret = s.api->ec_seckey_tweak_mul(s.ctx, null_of<unsigned char>(), tweak.data());
             return o;
         }},
        key_case("ec_seckey_tweak_mul tweak NULL", [](Side& s, unsigned char* k) {
            return s.api->ec_seckey_tweak_mul(s.ctx, k, null_of<unsigned char>());
        }),
    });
}

TEST_F(DiffIllegal, EcdsaFunctions) {
    const Bytes sig64 = in_.sig64;
    const B32 msg = in_.msg, sk = in_.sk;
    check({
        {"parse_compact sig NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             o.ret = s.api->ecdsa_signature_parse_compact(s.ctx, null_of<secp256k1_ecdsa_signature>(), sig64.data());
             return o;
         }},
        {"parse_compact input NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             secp256k1_ecdsa_signature sig;
             fill_pattern(sig);
             o.ret = s.api->ecdsa_signature_parse_compact(s.ctx, &sig, null_of<unsigned char>());
             return o.add("sig", state(s, sig));
         }},
        {"parse_der sig NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             unsigned char der[8] = {0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01};
             o.ret = s.api->ecdsa_signature_parse_der(s.ctx, null_of<secp256k1_ecdsa_signature>(), der, 8);
             return o;
         }},
        {"parse_der input NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             secp256k1_ecdsa_signature sig;
             fill_pattern(sig);
             o.ret = s.api->ecdsa_signature_parse_der(s.ctx, &sig, null_of<unsigned char>(), 0);
             return o.add("sig", state(s, sig));
         }},
        {"serialize_der output NULL", 1, [&](Side& s, Objects& v) {
             Outcome o;
             size_t len = 72;
             o.ret = s.api->ecdsa_signature_serialize_der(s.ctx, null_of<unsigned char>(), &len, &v.sig);
             return o.add("len", std::to_string(len));
         }},
        {"serialize_der outputlen NULL", 1, [&](Side& s, Objects& v) {
             Outcome o;
             unsigned char out[72];
             std::memset(out, kPattern, sizeof(out));
             o.ret = s.api->ecdsa_signature_serialize_der(s.ctx, out, null_of<size_t>(), &v.sig);
             return o.add("out", bytes_state(out, sizeof(out)));
         }},
        {"serialize_der sig NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             unsigned char out[72];
             std::memset(out, kPattern, sizeof(out));
             size_t len = 72;
             o.ret = s.api->ecdsa_signature_serialize_der(s.ctx, out, &len, null_of<secp256k1_ecdsa_signature>());
             return o.add("len", std::to_string(len)).add("out", bytes_state(out, sizeof(out)));
         }},
        {"serialize_compact output NULL", 1, [&](Side& s, Objects& v) {
             Outcome o;
             o.ret = s.api->ecdsa_signature_serialize_compact(s.ctx, null_of<unsigned char>(), &v.sig);
             return o;
         }},
        {"serialize_compact sig NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             unsigned char out[64];
             std::memset(out, kPattern, sizeof(out));
             o.ret = s.api->ecdsa_signature_serialize_compact(s.ctx, out, null_of<secp256k1_ecdsa_signature>());
             return o.add("out", bytes_state(out, sizeof(out)));
         }},
        {"normalize sigin NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             secp256k1_ecdsa_signature out;
             fill_pattern(out);
             o.ret = s.api->ecdsa_signature_normalize(s.ctx, &out, null_of<secp256k1_ecdsa_signature>());
             return o.add("out", state(s, out));
         }},
        {"normalize sigout NULL (legal)", 0, [&](Side& s, Objects& v) {
             Outcome o;
             o.ret = s.api->ecdsa_signature_normalize(s.ctx, nullptr, &v.high_sig);
             return o;
         }},
        {"verify msg NULL", 1, [&](Side& s, Objects& v) {
             Outcome o;
             o.ret = s.api->ecdsa_verify(s.ctx, &v.sig, null_of<unsigned char>(), &v.pk);
             return o;
         }},
        {"verify sig NULL", 1, [&](Side& s, Objects& v) {
             Outcome o;
             o.ret = s.api->ecdsa_verify(s.ctx, null_of<secp256k1_ecdsa_signature>(), msg.data(), &v.pk);
             return o;
         }},
        {"verify pubkey NULL", 1, [&](Side& s, Objects& v) {
             Outcome o;
             o.ret = s.api->ecdsa_verify(s.ctx, &v.sig, msg.data(), null_of<secp256k1_pubkey>());
             return o;
         }},
        {"verify zeroed pubkey", 1, [&](Side& s, Objects& v) {
             Outcome o;
             o.ret = s.api->ecdsa_verify(s.ctx, &v.sig, msg.data(), &v.zero_pk);
             return o;
         }},
        // A high S fails before the key is looked at: no callback.
        {"verify zeroed pubkey, high S", 0, [&](Side& s, Objects& v) {
             Outcome o;
             o.ret = s.api->ecdsa_verify(s.ctx, &v.high_sig, msg.data(), &v.zero_pk);
             return o;
         }},
        {"sign msg NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             secp256k1_ecdsa_signature sig;
             fill_pattern(sig);
             o.ret = s.api->ecdsa_sign(s.ctx, &sig, null_of<unsigned char>(), sk.data(), nullptr, nullptr);
             return o.add("sig", state(s, sig));
         }},
        {"sign sig NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             o.ret = s.api->ecdsa_sign(s.ctx, null_of<secp256k1_ecdsa_signature>(), msg.data(), sk.data(), nullptr, nullptr);
             return o;
         }},
        {"sign seckey NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             secp256k1_ecdsa_signature sig;
             fill_pattern(sig);
             o.ret = s.api->ecdsa_sign(s.ctx, &sig, msg.data(), null_of<unsigned char>(), nullptr, nullptr);
             return o.add("sig", state(s, sig));
         }},
        {"tagged_sha256 hash NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             o.ret = s.api->tagged_sha256(s.ctx, null_of<unsigned char>(), msg.data(), 3, msg.data(), 32);
             return o;
         }},
        {"tagged_sha256 tag NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             unsigned char h[32];
             std::memset(h, kPattern, 32);
             o.ret = s.api->tagged_sha256(s.ctx, h, null_of<unsigned char>(), 0, msg.data(), 32);
             return o.add("hash", bytes_state(h, 32));
         }},
        {"tagged_sha256 msg NULL (even with msglen 0)", 1, [&](Side& s, Objects&) {
             Outcome o;
             unsigned char h[32];
             std::memset(h, kPattern, 32);
             o.ret = s.api->tagged_sha256(s.ctx, h, msg.data(), 3, null_of<unsigned char>(), 0);
             return o.add("hash", bytes_state(h, 32));
         }},
    });
}

TEST_F(DiffIllegal, ExtrakeysFunctions) {
    const B32 sk = in_.sk, tweak = in_.tweak, x = in_.xonly;
    check({
        {"keypair_create keypair NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             o.ret = s.api->keypair_create(s.ctx, null_of<secp256k1_keypair>(), sk.data());
             return o;
         }},
        {"keypair_create seckey NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             secp256k1_keypair kp;
             fill_pattern(kp);
             o.ret = s.api->keypair_create(s.ctx, &kp, null_of<unsigned char>());
             return o.add("kp", bytes_state(reinterpret_cast<unsigned char*>(&kp), sizeof(kp)));
         }},
        {"keypair_sec seckey NULL", 1, [&](Side& s, Objects& v) {
             Outcome o;
             o.ret = s.api->keypair_sec(s.ctx, null_of<unsigned char>(), &v.kp);
             return o;
         }},
        {"keypair_sec keypair NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             unsigned char out[32];
             std::memset(out, kPattern, 32);
             o.ret = s.api->keypair_sec(s.ctx, out, null_of<secp256k1_keypair>());
             return o.add("out", bytes_state(out, 32));
         }},
        {"keypair_pub pubkey NULL", 1, [&](Side& s, Objects& v) {
             Outcome o;
             o.ret = s.api->keypair_pub(s.ctx, null_of<secp256k1_pubkey>(), &v.kp);
             return o;
         }},
        {"keypair_pub keypair NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             secp256k1_pubkey pk;
             fill_pattern(pk);
             o.ret = s.api->keypair_pub(s.ctx, &pk, null_of<secp256k1_keypair>());
             return o.add("pk", state(s, pk));
         }},
        {"keypair_xonly_pub pubkey NULL", 1, [&](Side& s, Objects& v) {
             Outcome o;
             int parity = -1;
             o.ret = s.api->keypair_xonly_pub(s.ctx, null_of<secp256k1_xonly_pubkey>(), &parity, &v.kp);
             return o.add("parity", std::to_string(parity));
         }},
        {"keypair_xonly_pub keypair NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             secp256k1_xonly_pubkey x;
             fill_pattern(x);
             int parity = -1;
             o.ret = s.api->keypair_xonly_pub(s.ctx, &x, &parity, null_of<secp256k1_keypair>());
             return o.add("x", state(s, x)).add("parity", std::to_string(parity));
         }},
        {"keypair_xonly_pub zeroed keypair", 1, [&](Side& s, Objects& v) {
             Outcome o;
             secp256k1_xonly_pubkey x;
             fill_pattern(x);
             int parity = -1;
             o.ret = s.api->keypair_xonly_pub(s.ctx, &x, &parity, &v.zero_kp);
             return o.add("x", state(s, x)).add("parity", std::to_string(parity));
         }},
        {"keypair_xonly_tweak_add keypair NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             o.ret = s.api->keypair_xonly_tweak_add(s.ctx, null_of<secp256k1_keypair>(), tweak.data());
             return o;
         }},
        {"keypair_xonly_tweak_add tweak NULL", 1, [&](Side& s, Objects& v) {
             Outcome o;
             o.ret = s.api->keypair_xonly_tweak_add(s.ctx, &v.kp, null_of<unsigned char>());
             return o.add("kp", state(s, v.kp));
         }},
        {"keypair_xonly_tweak_add zeroed keypair", 1, [&](Side& s, Objects& v) {
             Outcome o;
             o.ret = s.api->keypair_xonly_tweak_add(s.ctx, &v.zero_kp, tweak.data());
             return o.add("kp", bytes_state(reinterpret_cast<unsigned char*>(&v.zero_kp), sizeof(v.zero_kp)));
         }},
        {"xonly_pubkey_parse pubkey NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             o.ret = s.api->xonly_pubkey_parse(s.ctx, null_of<secp256k1_xonly_pubkey>(), x.data());
             return o;
         }},
        {"xonly_pubkey_parse input NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             secp256k1_xonly_pubkey xp;
             fill_pattern(xp);
             o.ret = s.api->xonly_pubkey_parse(s.ctx, &xp, null_of<unsigned char>());
             return o.add("x", state(s, xp));
         }},
        {"xonly_pubkey_serialize output NULL", 1, [&](Side& s, Objects& v) {
             Outcome o;
             o.ret = s.api->xonly_pubkey_serialize(s.ctx, null_of<unsigned char>(), &v.xpk);
             return o;
         }},
        {"xonly_pubkey_serialize pubkey NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             unsigned char out[32];
             std::memset(out, kPattern, 32);
             o.ret = s.api->xonly_pubkey_serialize(s.ctx, out, null_of<secp256k1_xonly_pubkey>());
             return o.add("out", bytes_state(out, 32));
         }},
        {"xonly_pubkey_serialize zeroed pubkey", 1, [&](Side& s, Objects& v) {
             Outcome o;
             unsigned char out[32];
             std::memset(out, kPattern, 32);
             o.ret = s.api->xonly_pubkey_serialize(s.ctx, out, &v.zero_xpk);
             return o.add("out", bytes_state(out, 32));
         }},
        {"xonly_pubkey_cmp NULL and zeroed", 2, [&](Side& s, Objects& v) {
             Outcome o;
             int c = s.api->xonly_pubkey_cmp(s.ctx, null_of<secp256k1_xonly_pubkey>(), &v.zero_xpk);
             o.ret = c;  // both read as all-zero: equal
             return o;
         }},
        {"xonly_pubkey_cmp valid vs NULL", 1, [&](Side& s, Objects& v) {
             Outcome o;
             int c = s.api->xonly_pubkey_cmp(s.ctx, &v.xpk, null_of<secp256k1_xonly_pubkey>());
             o.ret = (c > 0) - (c < 0);
             return o;
         }},
        {"xonly_pubkey_from_pubkey xonly NULL", 1, [&](Side& s, Objects& v) {
             Outcome o;
             o.ret = s.api->xonly_pubkey_from_pubkey(s.ctx, null_of<secp256k1_xonly_pubkey>(), nullptr, &v.pk);
             return o;
         }},
        {"xonly_pubkey_from_pubkey pubkey NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             secp256k1_xonly_pubkey xp;
             fill_pattern(xp);
             int parity = -1;
             o.ret = s.api->xonly_pubkey_from_pubkey(s.ctx, &xp, &parity, null_of<secp256k1_pubkey>());
             return o.add("x", state(s, xp)).add("parity", std::to_string(parity));
         }},
        {"xonly_pubkey_from_pubkey zeroed pubkey", 1, [&](Side& s, Objects& v) {
             Outcome o;
             secp256k1_xonly_pubkey xp;
             fill_pattern(xp);
             int parity = -1;
             o.ret = s.api->xonly_pubkey_from_pubkey(s.ctx, &xp, &parity, &v.zero_pk);
             return o.add("x", state(s, xp)).add("parity", std::to_string(parity));
         }},
        {"xonly_pubkey_tweak_add output NULL", 1, [&](Side& s, Objects& v) {
             Outcome o;
             o.ret = s.api->xonly_pubkey_tweak_add(s.ctx, null_of<secp256k1_pubkey>(), &v.xpk, tweak.data());
             return o;
         }},
        {"xonly_pubkey_tweak_add internal NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             secp256k1_pubkey out;
             fill_pattern(out);
             o.ret = s.api->xonly_pubkey_tweak_add(s.ctx, &out, null_of<secp256k1_xonly_pubkey>(), tweak.data());
             return o.add("out", state(s, out));
         }},
        {"xonly_pubkey_tweak_add tweak NULL", 1, [&](Side& s, Objects& v) {
             Outcome o;
             secp256k1_pubkey out;
             fill_pattern(out);
             o.ret = s.api->xonly_pubkey_tweak_add(s.ctx, &out, &v.xpk, null_of<unsigned char>());
             return o.add("out", state(s, out));
         }},
        {"xonly_pubkey_tweak_add zeroed internal", 1, [&](Side& s, Objects& v) {
             Outcome o;
             secp256k1_pubkey out;
             fill_pattern(out);
             o.ret = s.api->xonly_pubkey_tweak_add(s.ctx, &out, &v.zero_xpk, tweak.data());
             return o.add("out", state(s, out));
         }},
        {"xonly_pubkey_tweak_add_check tweaked NULL", 1, [&](Side& s, Objects& v) {
             Outcome o;
             o.ret = s.api->xonly_pubkey_tweak_add_check(s.ctx, null_of<unsigned char>(), 0, &v.xpk, tweak.data());
             return o;
         }},
        {"xonly_pubkey_tweak_add_check internal NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             o.ret = s.api->xonly_pubkey_tweak_add_check(s.ctx, x.data(), 0, null_of<secp256k1_xonly_pubkey>(), tweak.data());
             return o;
         }},
        {"xonly_pubkey_tweak_add_check tweak NULL", 1, [&](Side& s, Objects& v) {
             Outcome o;
             o.ret = s.api->xonly_pubkey_tweak_add_check(s.ctx, x.data(), 0, &v.xpk, null_of<unsigned char>());
             return o;
         }},
        {"xonly_pubkey_tweak_add_check zeroed internal", 1, [&](Side& s, Objects& v) {
             Outcome o;
             o.ret = s.api->xonly_pubkey_tweak_add_check(s.ctx, x.data(), 0, &v.zero_xpk, tweak.data());
             return o;
         }},
    });
}

TEST_F(DiffIllegal, SchnorrFunctions) {
    const B32 msg = in_.msg, aux = in_.aux;
    check({
        {"sign32 sig NULL", 1, [&](Side& s, Objects& v) {
             Outcome o;
             o.ret = s.api->schnorrsig_sign32(s.ctx, null_of<unsigned char>(), msg.data(), &v.kp, aux.data());
             return o;
         }},
        {"sign32 msg NULL", 1, [&](Side& s, Objects& v) {
             Outcome o;
             unsigned char sig[64];
             std::memset(sig, kPattern, 64);
             o.ret = s.api->schnorrsig_sign32(s.ctx, sig, null_of<unsigned char>(), &v.kp, aux.data());
             return o.add("sig", bytes_state(sig, 64));
         }},
        {"sign32 keypair NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             unsigned char sig[64];
             std::memset(sig, kPattern, 64);
             o.ret = s.api->schnorrsig_sign32(s.ctx, sig, msg.data(), null_of<secp256k1_keypair>(), aux.data());
             return o.add("sig", bytes_state(sig, 64));
         }},
        {"sign32 zeroed keypair", 1, [&](Side& s, Objects& v) {
             Outcome o;
             unsigned char sig[64];
             std::memset(sig, kPattern, 64);
             o.ret = s.api->schnorrsig_sign32(s.ctx, sig, msg.data(), &v.zero_kp, aux.data());
             return o.add("sig", bytes_state(sig, 64));
         }},
        {"sign_custom msg NULL with msglen 5", 1, [&](Side& s, Objects& v) {
             Outcome o;
             unsigned char sig[64];
             std::memset(sig, kPattern, 64);
             o.ret = s.api->schnorrsig_sign_custom(s.ctx, sig, null_of<unsigned char>(), 5, &v.kp, nullptr);
             return o.add("sig", bytes_state(sig, 64));
         }},
        {"sign_custom msg NULL with msglen 0 (legal)", 0, [&](Side& s, Objects& v) {
             Outcome o;
             unsigned char sig[64];
             o.ret = s.api->schnorrsig_sign_custom(s.ctx, sig, nullptr, 0, &v.kp, nullptr);
             return o.add("sig", sig, 64);
         }},
        {"sign_custom bad extraparams magic", 1, [&](Side& s, Objects& v) {
             Outcome o;
             unsigned char sig[64];
             std::memset(sig, kPattern, 64);
             secp256k1_schnorrsig_extraparams extra = SECP256K1_SCHNORRSIG_EXTRAPARAMS_INIT;
             extra.magic[3] ^= 1;
             o.ret = s.api->schnorrsig_sign_custom(s.ctx, sig, msg.data(), 32, &v.kp, &extra);
             return o.add("sig", bytes_state(sig, 64));
         }},
        {"verify sig NULL", 1, [&](Side& s, Objects& v) {
             Outcome o;
             o.ret = s.api->schnorrsig_verify(s.ctx, null_of<unsigned char>(), msg.data(), 32, &v.xpk);
             return o;
         }},
        {"verify msg NULL with msglen 32", 1, [&](Side& s, Objects& v) {
             Outcome o;
             unsigned char sig[64];
             EXPECT_EQ(s.api->schnorrsig_sign32(s.ctx, sig, msg.data(), &v.kp, nullptr), 1);
             o.ret = s.api->schnorrsig_verify(s.ctx, sig, null_of<unsigned char>(), 32, &v.xpk);
             return o;
         }},
        {"verify pubkey NULL", 1, [&](Side& s, Objects& v) {
             Outcome o;
             unsigned char sig[64];
             EXPECT_EQ(s.api->schnorrsig_sign32(s.ctx, sig, msg.data(), &v.kp, nullptr), 1);
             o.ret = s.api->schnorrsig_verify(s.ctx, sig, msg.data(), 32, null_of<secp256k1_xonly_pubkey>());
             return o;
         }},
        {"verify zeroed pubkey", 1, [&](Side& s, Objects& v) {
             Outcome o;
             unsigned char sig[64];
             EXPECT_EQ(s.api->schnorrsig_sign32(s.ctx, sig, msg.data(), &v.kp, nullptr), 1);
             o.ret = s.api->schnorrsig_verify(s.ctx, sig, msg.data(), 32, &v.zero_xpk);
             return o;
         }},
        // r >= p is rejected before the key is loaded: no callback.
        {"verify zeroed pubkey, r = p", 0, [&](Side& s, Objects& v) {
             Outcome o;
             unsigned char sig[64];
             std::memcpy(sig, kPrime.data(), 32);
             std::memset(sig + 32, 1, 32);
             o.ret = s.api->schnorrsig_verify(s.ctx, sig, msg.data(), 32, &v.zero_xpk);
             return o;
         }},
    });
}

TEST_F(DiffIllegal, EcdhAndRecoveryFunctions) {
    const B32 sk = in_.sk, msg = in_.msg;
    const Bytes sig64 = in_.sig64;
    check({
#if defined(ENABLE_MODULE_ECDH)
        {"ecdh output NULL", 1, [&](Side& s, Objects& v) {
             Outcome o;
             o.ret = s.api->ecdh(s.ctx, null_of<unsigned char>(), &v.pk, sk.data(), nullptr, nullptr);
             return o;
         }},
        {"ecdh point NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             unsigned char out[32];
             std::memset(out, kPattern, 32);
             o.ret = s.api->ecdh(s.ctx, out, null_of<secp256k1_pubkey>(), sk.data(), nullptr, nullptr);
             return o.add("out", bytes_state(out, 32));
         }},
        {"ecdh scalar NULL", 1, [&](Side& s, Objects& v) {
             Outcome o;
             unsigned char out[32];
             std::memset(out, kPattern, 32);
             o.ret = s.api->ecdh(s.ctx, out, &v.pk, null_of<unsigned char>(), nullptr, nullptr);
             return o.add("out", bytes_state(out, 32));
         }},
#endif
        {"recoverable parse_compact sig NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             o.ret = s.api->ecdsa_recoverable_signature_parse_compact(
                 s.ctx, null_of<secp256k1_ecdsa_recoverable_signature>(), sig64.data(), 0);
             return o;
         }},
        {"recoverable parse_compact input NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             secp256k1_ecdsa_recoverable_signature rs;
             fill_pattern(rs);
             o.ret = s.api->ecdsa_recoverable_signature_parse_compact(s.ctx, &rs, null_of<unsigned char>(), 0);
             return o.add("sig", state(s, rs));
         }},
        {"recoverable parse_compact recid -1 and 4", 2, [&](Side& s, Objects&) {
             Outcome o;
             for (int recid : {-1, 4}) {
                 secp256k1_ecdsa_recoverable_signature rs;
                 fill_pattern(rs);
                 o.ret += s.api->ecdsa_recoverable_signature_parse_compact(s.ctx, &rs, sig64.data(), recid);
                 o.add("sig", state(s, rs));
             }
             return o;
         }},
        {"recoverable serialize_compact output NULL", 1, [&](Side& s, Objects& v) {
             Outcome o;
             int recid = -1;
             o.ret = s.api->ecdsa_recoverable_signature_serialize_compact(s.ctx, null_of<unsigned char>(), &recid, &v.rsig);
             return o.add("recid", std::to_string(recid));
         }},
        {"recoverable serialize_compact recid NULL", 1, [&](Side& s, Objects& v) {
             Outcome o;
             unsigned char out[64];
             std::memset(out, kPattern, 64);
             o.ret = s.api->ecdsa_recoverable_signature_serialize_compact(s.ctx, out, null_of<int>(), &v.rsig);
             return o.add("out", bytes_state(out, 64));
         }},
        {"recoverable serialize_compact sig NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             unsigned char out[64];
             std::memset(out, kPattern, 64);
             int recid = -1;
             o.ret = s.api->ecdsa_recoverable_signature_serialize_compact(
                 s.ctx, out, &recid, null_of<secp256k1_ecdsa_recoverable_signature>());
             return o.add("out", bytes_state(out, 64)).add("recid", std::to_string(recid));
         }},
        {"recoverable convert sig NULL", 1, [&](Side& s, Objects& v) {
             Outcome o;
             o.ret = s.api->ecdsa_recoverable_signature_convert(s.ctx, null_of<secp256k1_ecdsa_signature>(), &v.rsig);
             return o;
         }},
        {"recoverable convert sigin NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             secp256k1_ecdsa_signature sig;
             fill_pattern(sig);
             o.ret = s.api->ecdsa_recoverable_signature_convert(s.ctx, &sig, null_of<secp256k1_ecdsa_recoverable_signature>());
             return o.add("sig", state(s, sig));
         }},
        {"sign_recoverable msg NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             secp256k1_ecdsa_recoverable_signature rs;
             fill_pattern(rs);
             o.ret = s.api->ecdsa_sign_recoverable(s.ctx, &rs, null_of<unsigned char>(), sk.data(), nullptr, nullptr);
             return o.add("sig", state(s, rs));
         }},
        {"sign_recoverable sig NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             o.ret = s.api->ecdsa_sign_recoverable(s.ctx, null_of<secp256k1_ecdsa_recoverable_signature>(), msg.data(),
                                                   sk.data(), nullptr, nullptr);
             return o;
         }},
        {"sign_recoverable seckey NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             secp256k1_ecdsa_recoverable_signature rs;
             fill_pattern(rs);
             o.ret = s.api->ecdsa_sign_recoverable(s.ctx, &rs, msg.data(), null_of<unsigned char>(), nullptr, nullptr);
             return o.add("sig", state(s, rs));
         }},
        {"recover pubkey NULL", 1, [&](Side& s, Objects& v) {
             Outcome o;
             o.ret = s.api->ecdsa_recover(s.ctx, null_of<secp256k1_pubkey>(), &v.rsig, msg.data());
             return o;
         }},
        {"recover sig NULL", 1, [&](Side& s, Objects&) {
             Outcome o;
             secp256k1_pubkey pk;
             fill_pattern(pk);
             o.ret = s.api->ecdsa_recover(s.ctx, &pk, null_of<secp256k1_ecdsa_recoverable_signature>(), msg.data());
             return o.add("pk", state(s, pk));
         }},
        {"recover msg NULL", 1, [&](Side& s, Objects& v) {
             Outcome o;
             secp256k1_pubkey pk;
             fill_pattern(pk);
             o.ret = s.api->ecdsa_recover(s.ctx, &pk, &v.rsig, null_of<unsigned char>());
             return o.add("pk", state(s, pk));
         }},
    });
}

// ---------------------------------------------------------------------------------------------
// The static context: every function that only reads public data works on it, with results
// equal to a full context's.

TEST_F(DiffIllegal, StaticContextServesVerification) {
    const Shared in = in_;
    same([&](Side& s) {
        Side st;
        st.label = s.label;
        st.api = s.api;
        st.ctx = const_cast<secp256k1_context*>(s.api->context_static);
        Outcome o;
        Objects v = make_objects(s, in);  // built on the full context
        secp256k1_pubkey pk;
        o.ret += s.api->ec_pubkey_parse(st.ctx, &pk, in.pk33.data(), 33);
        unsigned char out[65];
        size_t len = 65;
        o.ret += s.api->ec_pubkey_serialize(st.ctx, out, &len, &pk, SECP256K1_EC_UNCOMPRESSED);
        o.add("pk", out, len);
        o.ret += s.api->ecdsa_verify(st.ctx, &v.sig, in.msg.data(), &pk);
        unsigned char sig64[64];
        EXPECT_EQ(s.api->schnorrsig_sign32(s.ctx, sig64, in.msg.data(), &v.kp, nullptr), 1);
        secp256k1_xonly_pubkey xp;
        EXPECT_EQ(s.api->keypair_xonly_pub(s.ctx, &xp, nullptr, &v.kp), 1);
        o.ret += s.api->schnorrsig_verify(st.ctx, sig64, in.msg.data(), 32, &xp);
        secp256k1_pubkey rec;
        o.ret += s.api->ecdsa_recover(st.ctx, &rec, &v.rsig, in.msg.data());
        o.add("recovered", describe_pubkey(s, rec));
#if defined(ENABLE_MODULE_ECDH)
        unsigned char shared[32];
        o.ret += s.api->ecdh(st.ctx, shared, &pk, in.tweak.data(), nullptr, nullptr);
        o.add("ecdh", shared, 32);
#endif
        secp256k1_pubkey t = pk;
        o.ret += s.api->ec_pubkey_tweak_add(st.ctx, &t, in.tweak.data());
        o.ret += s.api->ec_pubkey_tweak_mul(st.ctx, &t, in.tweak.data());
        o.add("tweaked", describe_pubkey(s, t));
        B32 k = in.sk;
        o.ret += s.api->ec_seckey_tweak_add(st.ctx, k.data(), in.tweak.data());
        o.add("seckey", k.data(), 32);
        unsigned char h[32];
        o.ret += s.api->tagged_sha256(st.ctx, h, in.msg.data(), 32, in.aux.data(), 32);
        o.add("tagged", h, 32);
        return o;
    }, "static context");
}

// ---------------------------------------------------------------------------------------------
// Death tests: libsecp256k1 calls its default illegal callback (message to stderr, abort) when
// a function that needs a full context gets the static one, or when context flags are invalid.
// fastsecp must do the same. The reference is held to the same unless its build replaced the
// default callback (see expect_both_abort).

// Uses a result that the headers mark warn_unused_result but a death test never gets to see.
template <class T>
void sink(T) {}

using DeathCall = std::function<void(const SecpApi& api, Side& s, secp256k1_context* stc)>;

class DiffIllegalDeathTest : public DiffIllegal {
protected:
    // Runs `call` for one library in a child process; it must die by SIGABRT after writing
    // something to stderr. `stc` is that library's static context.
    static void expect_aborts(Side& s, const std::string& what, const DeathCall& call) {
        auto* stc = const_cast<secp256k1_context*>(s.api->context_static);
        EXPECT_EXIT(call(*s.api, s, stc), ::testing::KilledBySignal(SIGABRT), ".+") << s.label << ": " << what;
    }
    // Runs `call` in a child process that must survive it.
    static void expect_survives(Side& s, const std::string& what, const DeathCall& call) {
        auto* stc = const_cast<secp256k1_context*>(s.api->context_static);
        EXPECT_EXIT({
            call(*s.api, s, stc);
            std::_Exit(0);
        }, ::testing::ExitedWithCode(0), "") << s.label << ": " << what;
    }

    // Whether this library's *default* illegal callback aborts, probed in a child process with
    // an invalid flags value. libsecp256k1 built normally aborts; a build with external default
    // callbacks may not (the PyPI wheel used as reference installs one that just returns).
    static bool default_callback_aborts(const SecpApi& api) {
        pid_t pid = fork();
        if (pid == 0) {
            sink(api.context_preallocated_size(0));
            std::_Exit(0);
        }
        int status = 0;
        waitpid(pid, &status, 0);
        return WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT;
    }

    // fastsecp must abort (the header's contract for the default callback). The reference must
    // abort too when its default callback does; otherwise it must return normally.
    void expect_both_abort(const std::string& what, const DeathCall& call) {
        expect_aborts(ours_, what, call);
        static const bool ref_aborts = [this] {
            bool a = default_callback_aborts(*ref_.api);
            if (!a)
                std::printf("note: the reference's default illegal callback returns instead of aborting "
                            "(external default callbacks); checking that it survives instead\n");
            return a;
        }();
        if (ref_aborts) expect_aborts(ref_, what, call);
        else expect_survives(ref_, what, call);
    }
};

#define EXPECT_BOTH_ABORT(...)                                                                      \
    expect_both_abort(#__VA_ARGS__, [&](const SecpApi& api, Side& s, secp256k1_context* stc) {      \
        (void)api;                                                                                  \
        (void)s;                                                                                    \
        (void)stc;                                                                                  \
        __VA_ARGS__;                                                                                \
    })

TEST_F(DiffIllegalDeathTest, StaticContextCannotSign) {
    const B32 sk = in_.sk, msg = in_.msg;
    secp256k1_pubkey pk;
    secp256k1_keypair kp;
    secp256k1_ecdsa_signature sig;
    secp256k1_ecdsa_recoverable_signature rs;
    unsigned char sig64[64];
    EXPECT_BOTH_ABORT(sink(api.ec_pubkey_create(stc, &pk, sk.data())));
    EXPECT_BOTH_ABORT(sink(api.keypair_create(stc, &kp, sk.data())));
    EXPECT_BOTH_ABORT(sink(api.ecdsa_sign(stc, &sig, msg.data(), sk.data(), nullptr, nullptr)));
    EXPECT_BOTH_ABORT(sink(api.ecdsa_sign_recoverable(stc, &rs, msg.data(), sk.data(), nullptr, nullptr)));
    // Signing needs a keypair; make one on the full context, then sign on the static one.
    EXPECT_BOTH_ABORT({
        secp256k1_keypair k;
        sink(api.keypair_create(s.ctx, &k, sk.data()));
        sink(api.schnorrsig_sign32(stc, sig64, msg.data(), &k, nullptr));
    });
    EXPECT_BOTH_ABORT({
        secp256k1_keypair k;
        sink(api.keypair_create(s.ctx, &k, sk.data()));
        sink(api.schnorrsig_sign_custom(stc, sig64, msg.data(), 32, &k, nullptr));
    });
}

TEST_F(DiffIllegalDeathTest, StaticContextCannotBeChanged) {
    unsigned char buf[1024] = {0};
    EXPECT_BOTH_ABORT(sink(api.context_randomize(stc, nullptr)));
    EXPECT_BOTH_ABORT(sink(api.context_clone(stc)));
    EXPECT_BOTH_ABORT(sink(api.context_preallocated_clone_size(stc)));
    EXPECT_BOTH_ABORT(sink(api.context_preallocated_clone(stc, buf)));
    EXPECT_BOTH_ABORT(api.context_destroy(stc));
    EXPECT_BOTH_ABORT(api.context_preallocated_destroy(stc));
    EXPECT_BOTH_ABORT(api.context_set_illegal_callback(stc, log_callback, nullptr));
    EXPECT_BOTH_ABORT(api.context_set_error_callback(stc, log_callback, nullptr));
    EXPECT_BOTH_ABORT(api.context_set_sha256_compression(stc, nullptr));
}

TEST_F(DiffIllegalDeathTest, InvalidContextFlags) {
    alignas(64) static unsigned char buf[4096];
    // Flags must carry the "context" type bits; the compression type or no type is invalid.
    for (unsigned flags : {0u, unsigned(SECP256K1_EC_COMPRESSED), unsigned(SECP256K1_EC_UNCOMPRESSED), 0xFFu}) {
        SCOPED_TRACE("flags " + std::to_string(flags));
        EXPECT_BOTH_ABORT(sink(api.context_preallocated_size(flags)));
        EXPECT_BOTH_ABORT(sink(api.context_create(flags)));
        EXPECT_BOTH_ABORT(sink(api.context_preallocated_create(buf, flags)));
    }
    // The declassify flag is only for runs under a memory checker; elsewhere it is refused the
    // same way.
    if (!FASTSECP_UNDER_VALGRIND()) {
        EXPECT_BOTH_ABORT(sink(api.context_preallocated_size(SECP256K1_CONTEXT_DECLASSIFY)));
        EXPECT_BOTH_ABORT(sink(api.context_create(SECP256K1_CONTEXT_DECLASSIFY)));
    }
}

TEST_F(DiffIllegalDeathTest, DefaultCallbackRestoredByNull) {
    // After set_illegal_callback(NULL) an illegal argument aborts again.
    EXPECT_BOTH_ABORT({
        api.context_set_illegal_callback(s.ctx, nullptr, nullptr);
        sink(api.ec_seckey_verify(s.ctx, null_of<unsigned char>()));
    });
}

}  // namespace
}  // namespace fastsecp::test
