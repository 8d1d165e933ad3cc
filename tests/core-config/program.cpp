// A C++ program of the parent project, linked to `secp256k1` as Core's test_bitcoin and
// bench_bitcoin are: ECDSA sign/verify/recover, BIP-340, ElligatorSwift and MuSig2 headers through
// the parent's include path, the batch module (libsecp256k1 PR #1134's API, which a Core with
// batch validation uses), and the SECP256K1_APPEND_CFLAGS probe.
#include <secp256k1.h>
#include <secp256k1_ellswift.h>
#include <secp256k1_extrakeys.h>
#include <secp256k1_musig.h>
#include <secp256k1_recovery.h>
#include <secp256k1_schnorrsig.h>
#include <secp256k1_schnorrsig_batch.h>
#include <secp256k1_tweak_check_batch.h>

#include <array>
#include <cstdio>
#include <cstring>

extern "C" int fastsecp_append_cflags_probe(void);
int core_config_kernel_check(void);

#define CHECK(cond)                                                          \
    do {                                                                     \
        if (!(cond)) {                                                       \
            std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            return 1;                                                        \
        }                                                                    \
    } while (0)

int main() {
    // The appended flags reached our compiles (the probe is defined only by them).
    CHECK(fastsecp_append_cflags_probe() == 42);
    secp256k1_context* ctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
    CHECK(ctx != nullptr);
    std::array<unsigned char, 32> sk{}, msg{}, aux{};
    for (int i = 0; i < 32; ++i) {
        sk[i] = static_cast<unsigned char>(i + 1);
        msg[i] = static_cast<unsigned char>(0xa0 ^ i);
        aux[i] = static_cast<unsigned char>(7 * i);
    }
    secp256k1_pubkey pk;
    CHECK(secp256k1_ec_pubkey_create(ctx, &pk, sk.data()) == 1);
    secp256k1_ecdsa_signature sig;
    CHECK(secp256k1_ecdsa_sign(ctx, &sig, msg.data(), sk.data(), nullptr, nullptr) == 1);
    CHECK(secp256k1_ecdsa_verify(ctx, &sig, msg.data(), &pk) == 1);
    secp256k1_ecdsa_recoverable_signature rsig;
    secp256k1_pubkey rec;
    CHECK(secp256k1_ecdsa_sign_recoverable(ctx, &rsig, msg.data(), sk.data(), nullptr, nullptr) == 1);
    CHECK(secp256k1_ecdsa_recover(ctx, &rec, &rsig, msg.data()) == 1);
    CHECK(secp256k1_ec_pubkey_cmp(ctx, &rec, &pk) == 0);
    secp256k1_keypair kp;
    secp256k1_xonly_pubkey xpk;
    unsigned char sig64[64];
    CHECK(secp256k1_keypair_create(ctx, &kp, sk.data()) == 1);
    CHECK(secp256k1_keypair_xonly_pub(ctx, &xpk, nullptr, &kp) == 1);
    CHECK(secp256k1_schnorrsig_sign32(ctx, sig64, msg.data(), &kp, aux.data()) == 1);
    CHECK(secp256k1_schnorrsig_verify(ctx, sig64, msg.data(), 32, &xpk) == 1);
    // A signature and a Taproot tweak check through a batch; a bad signature fails it.
    secp256k1_batch* batch = secp256k1_batch_create(ctx, 3, aux.data());
    CHECK(batch != nullptr);
    CHECK(secp256k1_batch_add_schnorrsig(ctx, batch, sig64, msg.data(), 32, &xpk) == 1);
    secp256k1_pubkey tweaked;
    secp256k1_xonly_pubkey tweaked_x;
    unsigned char tweaked32[32];
    int parity;
    CHECK(secp256k1_xonly_pubkey_tweak_add(ctx, &tweaked, &xpk, msg.data()) == 1);
    CHECK(secp256k1_xonly_pubkey_from_pubkey(ctx, &tweaked_x, &parity, &tweaked) == 1);
    CHECK(secp256k1_xonly_pubkey_serialize(ctx, tweaked32, &tweaked_x) == 1);
    CHECK(secp256k1_batch_add_xonlypub_tweak_check(ctx, batch, tweaked32, parity, &xpk, msg.data()) == 1);
    CHECK(secp256k1_batch_verify(ctx, batch) == 1);
    sig64[63] ^= 1;
    CHECK(secp256k1_batch_add_schnorrsig(ctx, batch, sig64, msg.data(), 32, &xpk) == 1);
    CHECK(secp256k1_batch_verify(ctx, batch) == 0);
    CHECK(secp256k1_batch_usable(ctx, batch) == 0);
    secp256k1_batch_destroy(ctx, batch);
    unsigned char ell[64], ell2[64], shared1[32], shared2[32];
    std::array<unsigned char, 32> sk2 = sk;
    sk2[0] ^= 0x55;
    CHECK(secp256k1_ellswift_create(ctx, ell, sk.data(), aux.data()) == 1);
    CHECK(secp256k1_ellswift_create(ctx, ell2, sk2.data(), nullptr) == 1);
    CHECK(secp256k1_ellswift_xdh(ctx, shared1, ell, ell2, sk.data(), 0, secp256k1_ellswift_xdh_hash_function_bip324, nullptr) == 1);
    CHECK(secp256k1_ellswift_xdh(ctx, shared2, ell, ell2, sk2.data(), 1, secp256k1_ellswift_xdh_hash_function_bip324, nullptr) == 1);
    CHECK(std::memcmp(shared1, shared2, 32) == 0);
    const secp256k1_pubkey* pks[1] = {&pk};
    secp256k1_musig_keyagg_cache cache;
    secp256k1_xonly_pubkey agg;
    CHECK(secp256k1_musig_pubkey_agg(ctx, &agg, &cache, pks, 1) == 1);
    // The static library folded into a shared one (BUILD_KERNEL_LIB=ON's secp256k1_objs) works.
    CHECK(core_config_kernel_check() == 1);
    secp256k1_context_destroy(ctx);
    std::puts("core-config: fastsecp configured as Bitcoin Core's src/secp256k1 works");
    return 0;
}
