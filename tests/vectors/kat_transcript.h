// Known answers recorded from the reference libsecp256k1 v0.8.0 (tests/vectors/data/fastsecp-kat/),
// for the CPUs where no reference build can be loaded (riscv64, s390x under qemu-user;
// tools/cross-test.sh). kat_transcript() runs a fixed list of operations on inputs derived from
// SHA-256 of a label and a counter (the same bytes on every machine) and writes one line per result:
//     <operation> <case> <return value> <output hex>
// Outputs are serializations only (opaque objects differ by byte order; their raw bytes are never
// printed). tests/vectors/gen_kat.cpp writes the file from the reference on x86-64; kat_vectors.cpp
// compares fastsecp's (and, where loadable, the reference's) transcript with it line by line.
#pragma once

#include "api_table.h"
#include "test_hex.h"
#include "test_sha256.h"

#include <array>
#include <cstring>
#include <string>
#include <vector>

namespace fastsecp::test {

// The number of random cases per operation in the committed file.
constexpr int KAT_CASES = 48;

namespace kat_detail {

using B32 = std::array<unsigned char, 32>;

inline B32 derive(const char* label, int i) {
    std::string s = std::string("fastsecp-kat/") + label + "/" + std::to_string(i);
    return sha256(s);
}

// Special scalars first (0, 1, n-1, n, 2^256-1), then hashes: edge cases get recorded too.
inline B32 scalar_input(const char* label, int i) {
    static const char* const special[] = {
        "0000000000000000000000000000000000000000000000000000000000000000",
        "0000000000000000000000000000000000000000000000000000000000000001",
        "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140",
        "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141",
        "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    };
    if (i < 5) {
        Bytes b = from_hex(special[i]);
        B32 r;
        std::memcpy(r.data(), b.data(), 32);
        return r;
    }
    return derive(label, i);
}

struct Out {
    std::string text;
    void line(const char* op, int i, int ret, const unsigned char* p = nullptr, size_t n = 0) {
        text += op;
        text += ' ' + std::to_string(i) + ' ' + std::to_string(ret) + ' ';
        text += (ret && p != nullptr) ? to_hex(p, n) : std::string("-");
        text += '\n';
    }
};

}  // namespace kat_detail

// The transcript of `cases` random cases per operation with `api`; ctx from api.context_create.
inline std::string kat_transcript(const SecpApi& api, secp256k1_context* ctx, int cases) {
    using namespace kat_detail;
    Out o;
    unsigned char buf[80];
    size_t len;
    auto ser = [&](const secp256k1_pubkey& pk, unsigned flags) {
        len = sizeof buf;
        api.ec_pubkey_serialize(ctx, buf, &len, &pk, flags);
    };
    for (int i = 0; i < cases; i++) {
        const B32 sk = scalar_input("seckey", i), tweak = scalar_input("tweak", (i + 3) % cases);
        const B32 msg = derive("msg", i), aux = derive("aux", i);
        const B32 sk2 = derive("seckey2", i);
        o.line("seckey_verify", i, api.ec_seckey_verify(ctx, sk.data()));

        secp256k1_pubkey pk, pk2;
        int ok = api.ec_pubkey_create(ctx, &pk, sk.data());
        if (ok) ser(pk, SECP256K1_EC_UNCOMPRESSED);
        o.line("pubkey_create", i, ok, buf, 65);
        ok = api.ec_pubkey_create(ctx, &pk2, sk2.data());
        if (ok) ser(pk2, SECP256K1_EC_COMPRESSED);
        o.line("pubkey_create_c", i, ok, buf, 33);

        B32 t = sk;
        o.line("seckey_tweak_add", i, api.ec_seckey_tweak_add(ctx, t.data(), tweak.data()), t.data(), 32);
        t = sk;
        o.line("seckey_tweak_mul", i, api.ec_seckey_tweak_mul(ctx, t.data(), tweak.data()), t.data(), 32);
        t = sk;
        o.line("seckey_negate", i, api.ec_seckey_negate(ctx, t.data()), t.data(), 32);

        secp256k1_pubkey q = pk2;
        ok = api.ec_pubkey_tweak_add(ctx, &q, tweak.data());
        if (ok) ser(q, SECP256K1_EC_COMPRESSED);
        o.line("pubkey_tweak_add", i, ok, buf, 33);
        q = pk2;
        ok = api.ec_pubkey_tweak_mul(ctx, &q, tweak.data());
        if (ok) ser(q, SECP256K1_EC_COMPRESSED);
        o.line("pubkey_tweak_mul", i, ok, buf, 33);
        q = pk2;
        ok = api.ec_pubkey_negate(ctx, &q);
        if (ok) ser(q, SECP256K1_EC_UNCOMPRESSED);
        o.line("pubkey_negate", i, ok, buf, 65);

        if (api.ec_pubkey_create(ctx, &q, sk.data())) {
            const secp256k1_pubkey* both[2] = {&q, &pk2};
            secp256k1_pubkey sum;
            ok = api.ec_pubkey_combine(ctx, &sum, both, 2);
            if (ok) ser(sum, SECP256K1_EC_COMPRESSED);
            o.line("pubkey_combine", i, ok, buf, 33);
        }

        // ECDSA (RFC 6979 nonces), DER and compact, verification of a good and a changed message.
        secp256k1_ecdsa_signature sig;
        ok = api.ecdsa_sign(ctx, &sig, msg.data(), sk.data(), nullptr, nullptr);
        if (ok) api.ecdsa_signature_serialize_compact(ctx, buf, &sig);
        o.line("ecdsa_sign", i, ok, buf, 64);
        if (ok) {
            len = 72;
            api.ecdsa_signature_serialize_der(ctx, buf, &len, &sig);
            o.line("ecdsa_der", i, 1, buf, len);
            o.line("ecdsa_verify", i, api.ecdsa_verify(ctx, &sig, msg.data(), &pk));
            B32 other = msg;
            other[i % 32] ^= 1;
            o.line("ecdsa_verify_bad", i, api.ecdsa_verify(ctx, &sig, other.data(), &pk));
        }
        secp256k1_ecdsa_recoverable_signature rsig;
        ok = api.ecdsa_sign_recoverable(ctx, &rsig, msg.data(), sk2.data(), nullptr, nullptr);
        int recid = -1;
        if (ok) api.ecdsa_recoverable_signature_serialize_compact(ctx, buf, &recid, &rsig);
        o.line("ecdsa_sign_recoverable", i, ok, buf, 64);
        o.line("ecdsa_recid", i, recid);
        if (ok) {
            ok = api.ecdsa_recover(ctx, &q, &rsig, msg.data());
            if (ok) ser(q, SECP256K1_EC_COMPRESSED);
            o.line("ecdsa_recover", i, ok, buf, 33);
        }

        // BIP-340: keypair, x-only key, signing with aux randomness, verification, tweaks.
        secp256k1_keypair kp;
        ok = api.keypair_create(ctx, &kp, sk.data());
        o.line("keypair_create", i, ok);
        if (ok) {
            secp256k1_xonly_pubkey xo;
            int parity = -1;
            api.keypair_xonly_pub(ctx, &xo, &parity, &kp);
            api.xonly_pubkey_serialize(ctx, buf, &xo);
            o.line("keypair_xonly_pub", i, parity + 1, buf, 32);
            unsigned char sig64[64];
            ok = api.schnorrsig_sign32(ctx, sig64, msg.data(), &kp, aux.data());
            o.line("schnorrsig_sign32", i, ok, sig64, 64);
            o.line("schnorrsig_verify", i, api.schnorrsig_verify(ctx, sig64, msg.data(), 32, &xo));
            sig64[63 - i % 64] ^= 0x10;
            o.line("schnorrsig_verify_bad", i, api.schnorrsig_verify(ctx, sig64, msg.data(), 32, &xo));
            ok = api.xonly_pubkey_tweak_add(ctx, &q, &xo, tweak.data());
            if (ok) ser(q, SECP256K1_EC_COMPRESSED);
            o.line("xonly_tweak_add", i, ok, buf, 33);
            secp256k1_keypair kt = kp;
            ok = api.keypair_xonly_tweak_add(ctx, &kt, tweak.data());
            if (ok) api.keypair_sec(ctx, buf, &kt);
            o.line("keypair_xonly_tweak_add", i, ok, buf, 32);
        }

#if defined(ENABLE_MODULE_ECDH)
        if (api.ecdh != nullptr) {
            ok = api.ecdh(ctx, buf, &pk2, sk.data(), nullptr, nullptr);
            o.line("ecdh", i, ok, buf, 32);
        }
#endif
        // ElligatorSwift: encoding with fixed randomness, decoding, BIP-324 key exchange.
        unsigned char ell_a[64], ell_b[64];
        ok = api.ellswift_create(ctx, ell_a, sk.data(), aux.data());
        o.line("ellswift_create", i, ok, ell_a, 64);
        if (ok && api.ellswift_create(ctx, ell_b, sk2.data(), msg.data())) {
            ok = api.ellswift_decode(ctx, &q, ell_a);
            if (ok) ser(q, SECP256K1_EC_COMPRESSED);
            o.line("ellswift_decode", i, ok, buf, 33);
            ok = api.ellswift_xdh(ctx, buf, ell_a, ell_b, sk.data(), 0, api.ellswift_xdh_hash_function_bip324, nullptr);
            o.line("ellswift_xdh", i, ok, buf, 32);
        }
        // An arbitrary 64-byte encoding decodes to some point.
        B32 e1 = derive("ell1", i), e2 = derive("ell2", i);
        std::memcpy(ell_a, e1.data(), 32);
        std::memcpy(ell_a + 32, e2.data(), 32);
        ok = api.ellswift_decode(ctx, &q, ell_a);
        if (ok) ser(q, SECP256K1_EC_UNCOMPRESSED);
        o.line("ellswift_decode_any", i, ok, buf, 65);

        // Tagged hash and x-coordinate parsing of arbitrary bytes (about half are on the curve).
        ok = api.tagged_sha256(ctx, buf, aux.data(), 32, msg.data(), 32);
        o.line("tagged_sha256", i, ok, buf, 32);
        unsigned char c33[33];
        c33[0] = (unsigned char)(2 + (i & 1));
        std::memcpy(c33 + 1, msg.data(), 32);
        ok = api.ec_pubkey_parse(ctx, &q, c33, 33);
        if (ok) ser(q, SECP256K1_EC_UNCOMPRESSED);
        o.line("pubkey_parse", i, ok, buf, 65);
    }
    return o.text;
}

}  // namespace fastsecp::test
