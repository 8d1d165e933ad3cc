// The parsers of the protocol headers beyond libsecp256k1 (secp256k1_dleq.h,
// secp256k1_ecdsa_adaptor.h, secp256k1_schnorr_adaptor.h, secp256k1_generator.h,
// secp256k1_frost_rfc9591.h) on arbitrary bytes. No reference library is
// loaded, so this target checks properties: parse/serialize round trips, a commitment tallies
// with itself, return values 0 or 1, no crash or sanitizer report.
#include <secp256k1.h>
#include <secp256k1_dleq.h>
#include <secp256k1_ecdsa_adaptor.h>
#include <secp256k1_frost_rfc9591.h>
#include <secp256k1_generator.h>
#include <secp256k1_schnorr_adaptor.h>
#include <secp256k1_schnorrsig.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

void check(bool ok, const char* what) {
    if (!ok) {
        std::fprintf(stderr, "property failed: %s\n", what);
        std::abort();
    }
}

struct Fixture {
    secp256k1_context* ctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
    secp256k1_pubkey X, Y;
    secp256k1_xonly_pubkey Xx;  // x-only X, the Schnorr adaptor signer's key
    unsigned char msg[32];
    Fixture() {
        unsigned char k[32] = {0};
        k[31] = 3;
        check(secp256k1_ec_pubkey_create(ctx, &X, k) == 1, "key");
        check(secp256k1_xonly_pubkey_from_pubkey(ctx, &Xx, nullptr, &X) == 1, "x-only key");
        k[31] = 5;
        check(secp256k1_ec_pubkey_create(ctx, &Y, k) == 1, "key");
        std::memset(msg, 0x42, 32);
    }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, size_t size) {
    static Fixture f;
    unsigned char buf[162] = {0};
    std::memcpy(buf, data, size < sizeof buf ? size : sizeof buf);

    // An adaptor signature: verify says 0 or 1; decryption with the input's next bytes as key
    // either fails with a zeroed signature or gives a signature with the adaptor signature's r.
    int v = secp256k1_ecdsa_adaptor_verify(f.ctx, buf, &f.X, f.msg, &f.Y);
    check(v == 0 || v == 1, "adaptor verify result");
    unsigned char dk[32] = {0};
    if (size > 162) std::memcpy(dk, data + 162, size - 162 < 32 ? size - 162 : 32);
    secp256k1_ecdsa_signature sig;
    int d = secp256k1_ecdsa_adaptor_decrypt(f.ctx, &sig, dk, buf);
    unsigned char compact[64];
    secp256k1_ecdsa_signature_serialize_compact(f.ctx, compact, &sig);
    if (!d) {
        unsigned char zero[64] = {0};
        check(std::memcmp(compact, zero, 64) == 0, "failed decrypt zeroes the signature");
    } else {
        unsigned char rec[32];
        int r = secp256k1_ecdsa_adaptor_recover(f.ctx, rec, &sig, buf, &f.Y);
        check(r == 0 || r == 1, "recover result");
    }

    // A Schnorr adaptor pre-signature (the first 65 bytes) and adaptor secret t (the key bytes
    // above): adapt fails with a zeroed signature or keeps x(R') and gives a signature from which
    // extract_sec returns t; when extract's point for X and msg is t·G, the signature verifies.
    secp256k1_pubkey T;
    const int e = secp256k1_schnorr_adaptor_extract(f.ctx, &T, buf, f.msg, &f.Xx);
    check(e == 0 || e == 1, "schnorr adaptor extract result");
    unsigned char ssig[64], t_out[32];
    const int a = secp256k1_schnorr_adaptor_adapt(f.ctx, ssig, buf, dk);
    if (!a) {
        const unsigned char zero[64] = {0};
        check(std::memcmp(ssig, zero, 64) == 0, "failed adapt zeroes the signature");
    } else {
        check(std::memcmp(ssig, buf + 1, 32) == 0, "adapt keeps x(R')");
        check(secp256k1_schnorr_adaptor_extract_sec(f.ctx, t_out, buf, ssig) == 1 && std::memcmp(t_out, dk, 32) == 0,
              "extract_sec gives t back");
        secp256k1_pubkey tG;
        if (e == 1 && secp256k1_ec_pubkey_create(f.ctx, &tG, dk) && secp256k1_ec_pubkey_cmp(f.ctx, &tG, &T) == 0)
            check(secp256k1_schnorrsig_verify(f.ctx, ssig, f.msg, 32, &f.Xx) == 1, "adapted signature verifies");
    }
    // adapt refuses a t at or above the group order (its header says so), whatever the pre-signature.
    static const unsigned char order[32] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                            0xff, 0xff, 0xff, 0xff, 0xfe, 0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48,
                                            0xa0, 0x3b, 0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x41};
    const bool t_below_order = std::memcmp(dk, order, 32) < 0;
    check(e == 0 || a == (t_below_order ? 1 : 0), "what extract accepts, adapt accepts iff t < n");

    // 33-byte commitments and generators: what parses serializes back to the same bytes, and a
    // commitment tallies against itself.
    secp256k1_pedersen_commitment c;
    if (secp256k1_pedersen_commitment_parse(f.ctx, &c, buf)) {
        unsigned char out[33];
        check(secp256k1_pedersen_commitment_serialize(f.ctx, out, &c) == 1 && std::memcmp(out, buf, 33) == 0,
              "commitment round trip");
        const secp256k1_pedersen_commitment* one[1] = {&c};
        check(secp256k1_pedersen_verify_tally(f.ctx, one, 1, one, 1) == 1, "commitment tallies with itself");
    }
    secp256k1_generator g;
    if (secp256k1_generator_parse(f.ctx, &g, buf)) {
        unsigned char out[33];
        check(secp256k1_generator_serialize(f.ctx, out, &g) == 1 && std::memcmp(out, buf, 33) == 0,
              "generator round trip");
    }

    // A DLEQ proof from the input against fixed points; a 33-byte share and spend key parsed from
    // it for the BIP-375 output.
    int q = secp256k1_dleq_verify(f.ctx, buf, &f.X, &f.Y, &f.X, nullptr);
    check(q == 0 || q == 1, "dleq verify result");
    secp256k1_pubkey share;
    if (secp256k1_ec_pubkey_parse(f.ctx, &share, buf + 36, 33)) {
        secp256k1_xonly_pubkey out;
        int o = secp256k1_silentpayments_psbt_output(f.ctx, &out, buf, &f.X, &share, &f.Y, (uint32_t)buf[100]);
        check(o == 0 || o == 1, "psbt output result");
    }

    // RFC 9591: a 65-byte signature and a 66-byte commitment from the input. With one signer
    // (Lagrange coefficient 1) whose share key is the group key, a signature share verifies
    // exactly when the signature aggregated from it does.
    unsigned char pk33[33];
    size_t len = 33;
    secp256k1_ec_pubkey_serialize(f.ctx, pk33, &len, &f.X, SECP256K1_EC_COMPRESSED);
    const int fv = secp256k1_frost_rfc9591_verify(f.ctx, buf, f.msg, 32, pk33);
    check(fv == 0 || fv == 1, "rfc9591 verify result");
    const uint32_t id1[1] = {1};
    const unsigned char* z = buf + 96;
    const int vs = secp256k1_frost_rfc9591_verify_share(f.ctx, z, 1, pk33, pk33, f.msg, 32, id1, buf, 1);
    unsigned char fsig[65];
    const int ag = secp256k1_frost_rfc9591_aggregate(f.ctx, fsig, z, pk33, f.msg, 32, id1, buf, 1);
    if (ag == 1) {
        check(secp256k1_frost_rfc9591_verify(f.ctx, fsig, f.msg, 32, pk33) == vs, "share verifies iff the signature does");
    } else {
        check(vs == 0, "a share of an unusable list does not verify");
    }
    unsigned char ps[33];
    const int p1 = secp256k1_frost_rfc9591_pubshare(f.ctx, ps, 1 + buf[161], buf, 2);
    check(p1 == 0 || p1 == 1, "rfc9591 pubshare result");
    return 0;
}
