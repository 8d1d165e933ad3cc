// MuSig2 (secp256k1_musig.h): fastsecp and the reference run whole signing sessions on the same
// random inputs (1 to 4 signers, duplicate keys, plain and x-only tweaks, optional nonce inputs)
// and must produce identical return values, serializations and raw object bytes (the objects
// share v0.8.0's layout); longer key lists; sessions on adversarial aggregate nonces with wrong
// and out-of-range partial signatures; plus malformed encodings, NULL and uninitialised
// arguments, a reused secret nonce and a mismatched keypair, with identical illegal-argument
// callbacks.
#include "diff_common.h"

#include <secp256k1_musig.h>

namespace fastsecp::test {
namespace {

class DiffMusig : public DiffTest {
protected:
    // 66 bytes that are sometimes valid nonces, sometimes edge encodings.
    Bytes nonce_bytes(bool agg) {
        Bytes b(66);
        for (int half = 0; half < 2; half++) {
            Bytes h;
            switch (rng_.below(8)) {
                case 0: h = Bytes(33, 0); break;                        // infinity (aggnonce only)
                case 1: h = rng_.bytes(33); h[0] = 0x04; break;          // bad prefix
                case 2: h = Bytes(33, 0xFF); h[0] = 0x02; break;         // x >= p
                case 3: h = rng_.bytes(33); h[0] = 0x02 | (h[0] & 1); break;  // maybe not on the curve
                default: h = pubkey_bytes(seckey(), true); break;
            }
            (void)agg;
            std::memcpy(b.data() + 33 * half, h.data(), 33);
        }
        return b;
    }
};

TEST_F(DiffMusig, Parsers) {
    for (int i = 0; i < diff_iters() && !HasFailure(); ++i) {
        Bytes in = nonce_bytes(rng_.coin());
        same([&](Side& s) {
            Outcome o;
            secp256k1_musig_pubnonce pn;
            fill_pattern(pn);
            o.ret = s.api->musig_pubnonce_parse(s.ctx, &pn, in.data());
            o.add("pubnonce", &pn.data[0], sizeof pn.data);
            unsigned char out[66];
            if (o.ret) {
                o.ret += 10 * s.api->musig_pubnonce_serialize(s.ctx, out, &pn);
                o.add("ser", out, 66);
            }
            secp256k1_musig_aggnonce an;
            fill_pattern(an);
            o.ret += 100 * s.api->musig_aggnonce_parse(s.ctx, &an, in.data());
            o.add("aggnonce", &an.data[0], sizeof an.data);
            if (o.ret >= 100) {
                o.ret += 1000 * s.api->musig_aggnonce_serialize(s.ctx, out, &an);
                o.add("ser", out, 66);
            }
            return o;
        }, "nonce parse " + to_hex(in));
        B32 sig = rng_.scalarish();
        same([&](Side& s) {
            Outcome o;
            secp256k1_musig_partial_sig ps;
            fill_pattern(ps);
            o.ret = s.api->musig_partial_sig_parse(s.ctx, &ps, sig.data());
            o.add("psig", ps.data, sizeof ps.data);
            unsigned char out[32];
            if (o.ret) {
                o.ret += 10 * s.api->musig_partial_sig_serialize(s.ctx, out, &ps);
                o.add("ser", out, 32);
            }
            return o;
        }, "partial sig parse");
    }
}

TEST_F(DiffMusig, FullSessions) {
    for (int it = 0; it < diff_iters() / 2 && !HasFailure(); ++it) {
        const size_t n = 1 + rng_.below(4);
        std::vector<B32> sks;
        for (size_t i = 0; i < n; i++) sks.push_back(i > 0 && rng_.below(5) == 0 ? sks[0] : seckey());
        const size_t n_tweaks = rng_.below(3);
        std::vector<B32> tweaks;
        std::vector<bool> xonly;
        for (size_t t = 0; t < n_tweaks; t++) {
            tweaks.push_back(rng_.below(6) == 0 ? rng_.scalarish() : rng_.b32());
            xonly.push_back(rng_.coin());
        }
        const B32 msg = rng_.b32();
        std::vector<B32> rands(n), extras(n);
        std::vector<int> opts(n);
        for (size_t i = 0; i < n; i++) {
            rands[i] = rng_.below(20) == 0 ? B32{} : rng_.b32();
            extras[i] = rng_.b32();
            opts[i] = (int)rng_.below(16);  // bit 0 seckey, 1 msg, 2 cache, 3 extra; 16+: counter variant
        }
        const bool counter = rng_.coin();
        same([&](Side& s) {
            Outcome o;
            auto& A = *s.api;
            std::vector<secp256k1_pubkey> pks(n);
            std::vector<secp256k1_keypair> kps(n);
            for (size_t i = 0; i < n; i++) {
                if (!A.keypair_create(s.ctx, &kps[i], sks[i].data()) || !A.keypair_pub(s.ctx, &pks[i], &kps[i]))
                    return o.add("setup", "failed");
            }
            std::vector<const secp256k1_pubkey*> pp;
            for (auto& p : pks) pp.push_back(&p);
            secp256k1_xonly_pubkey agg;
            secp256k1_musig_keyagg_cache cache;
            o.ret = A.musig_pubkey_agg(s.ctx, &agg, &cache, pp.data(), n);
            o.add("agg", describe_xonly(s, agg)).add("cache", cache.data, sizeof cache.data);
            for (size_t t = 0; t < n_tweaks; t++) {
                secp256k1_pubkey out;
                fill_pattern(out);
                int r = xonly[t] ? A.musig_pubkey_xonly_tweak_add(s.ctx, &out, &cache, tweaks[t].data())
                                 : A.musig_pubkey_ec_tweak_add(s.ctx, &out, &cache, tweaks[t].data());
                o.add("tweak", std::to_string(r) + "/" + describe_pubkey(s, out)).add("cache", cache.data, sizeof cache.data);
                if (!r) return o;
            }
            secp256k1_pubkey got;
            const int got_ret = A.musig_pubkey_get(s.ctx, &got, &cache);
            o.add("get", std::to_string(got_ret) + "/" + describe_pubkey(s, got));
            std::vector<secp256k1_musig_secnonce> sec(n);
            std::vector<secp256k1_musig_pubnonce> pub(n);
            for (size_t i = 0; i < n; i++) {
                B32 rnd = rands[i];
                const int f = opts[i];
                int r;
                if (counter)
                    r = A.musig_nonce_gen_counter(s.ctx, &sec[i], &pub[i], 1000 + i * 7 + (uint64_t)it, &kps[i],
                                                  f & 2 ? msg.data() : nullptr, f & 4 ? &cache : nullptr,
                                                  f & 8 ? extras[i].data() : nullptr);
                else
                    r = A.musig_nonce_gen(s.ctx, &sec[i], &pub[i], rnd.data(), f & 1 ? sks[i].data() : nullptr, &pks[i],
                                          f & 2 ? msg.data() : nullptr, f & 4 ? &cache : nullptr,
                                          f & 8 ? extras[i].data() : nullptr);
                o.add("nonce_gen", std::to_string(r)).add("sec", sec[i].data, sizeof sec[i].data)
                    .add("pub", pub[i].data, sizeof pub[i].data).add("rand_after", rnd.data(), 32);
                if (!r) return o;
                unsigned char ser[66];
                o.add("pub_ser", std::to_string(A.musig_pubnonce_serialize(s.ctx, ser, &pub[i]))).add("b", ser, 66);
            }
            std::vector<const secp256k1_musig_pubnonce*> np;
            for (auto& p : pub) np.push_back(&p);
            secp256k1_musig_aggnonce an;
            o.add("nonce_agg", std::to_string(A.musig_nonce_agg(s.ctx, &an, np.data(), n))).add("an", an.data, sizeof an.data);
            secp256k1_musig_session session;
            o.add("process", std::to_string(A.musig_nonce_process(s.ctx, &session, &an, msg.data(), &cache)))
                .add("session", session.data, sizeof session.data);
            std::vector<secp256k1_musig_partial_sig> ps(n);
            for (size_t i = 0; i < n; i++) {
                o.add("sign", std::to_string(A.musig_partial_sign(s.ctx, &ps[i], &sec[i], &kps[i], &cache, &session)))
                    .add("psig", ps[i].data, sizeof ps[i].data).add("sec_after", sec[i].data, sizeof sec[i].data);
                o.add("verify", std::to_string(A.musig_partial_sig_verify(s.ctx, &ps[i], &pub[i], &pks[i], &cache, &session)));
                // Someone else's nonce or key: must not verify (unless it is the same signer twice).
                const size_t j = (i + 1) % n;
                o.add("verify_other", std::to_string(A.musig_partial_sig_verify(s.ctx, &ps[i], &pub[j], &pks[i], &cache, &session)));
            }
            std::vector<const secp256k1_musig_partial_sig*> psp;
            for (auto& p : ps) psp.push_back(&p);
            unsigned char sig[64];
            o.add("agg_sig", std::to_string(A.musig_partial_sig_agg(s.ctx, sig, &session, psp.data(), n))).add("sig", sig, 64);
            secp256k1_xonly_pubkey final_key;
            A.xonly_pubkey_from_pubkey(s.ctx, &final_key, nullptr, &got);
            const int ok = A.schnorrsig_verify(s.ctx, sig, msg.data(), 32, &final_key);
            o.add("schnorr_verify", std::to_string(ok));
            EXPECT_EQ(ok, 1) << s.label << ": the aggregate signature does not verify";
            return o;
        }, "session with " + std::to_string(n) + " signers, " + std::to_string(n_tweaks) + " tweaks");
    }
}

// Key aggregation of longer lists (1 to 12 keys, and every eighth list 60 to 139 keys: more than
// one multi-scalar multiplication of up to 64 points; some keys repeated, the second key sometimes
// repeated too), so every grouping of the multi-scalar multiplication and the coefficient-1 path
// are crossed; the aggregate, the cache bytes and a following tweak must be equal.
TEST_F(DiffMusig, ManyKeys) {
    for (int it = 0; it < diff_iters() / 4 && !HasFailure(); ++it) {
        const size_t n = it % 8 == 7 ? 60 + rng_.below(80) : 1 + rng_.below(12);
        std::vector<B32> sks;
        for (size_t i = 0; i < n; i++) sks.push_back(i > 0 && rng_.below(4) == 0 ? sks[rng_.below(i)] : seckey());
        const B32 tweak = rng_.b32();
        const bool xonly = rng_.coin();
        same([&](Side& s) {
            Outcome o;
            auto& A = *s.api;
            std::vector<secp256k1_pubkey> pks(n);
            for (size_t i = 0; i < n; i++)
                if (!A.ec_pubkey_create(s.ctx, &pks[i], sks[i].data())) return o.add("setup", "failed");
            std::vector<const secp256k1_pubkey*> pp;
            for (auto& p : pks) pp.push_back(&p);
            secp256k1_xonly_pubkey agg;
            secp256k1_musig_keyagg_cache cache;
            o.ret = A.musig_pubkey_agg(s.ctx, &agg, &cache, pp.data(), n);
            o.add("agg", describe_xonly(s, agg)).add("cache", cache.data, sizeof cache.data);
            secp256k1_pubkey out;
            const int r = xonly ? A.musig_pubkey_xonly_tweak_add(s.ctx, &out, &cache, tweak.data())
                                : A.musig_pubkey_ec_tweak_add(s.ctx, &out, &cache, tweak.data());
            o.add("tweak", std::to_string(r) + "/" + describe_pubkey(s, out)).add("cache", cache.data, sizeof cache.data);
            return o;
        }, "aggregation of " + std::to_string(n) + " keys");
    }
}

// Sessions on aggregate nonces nobody honest would produce (halves at infinity, random points),
// then partial signatures that are wrong, out of range or someone else's: session bytes, the
// signer's partial signature, verification results and aggregates must be equal.
TEST_F(DiffMusig, AdversarialNoncesAndSignatures) {
    for (int it = 0; it < diff_iters() / 2 && !HasFailure(); ++it) {
        const B32 sk0 = seckey(), sk1 = seckey(), msg = rng_.b32(), rand0 = rng_.b32(), tweak = rng_.b32();
        Bytes an_bytes(66, 0);
        const unsigned kind = rng_.below(5);  // 0 both infinite, 1 R1 infinite, 2 R2 infinite, 3+ random
        for (int half = 0; half < 2; half++) {
            const bool inf = kind == 0 || (kind == 1 && half == 0) || (kind == 2 && half == 1);
            if (!inf) {
                Bytes p = pubkey_bytes(seckey(), true);
                std::memcpy(an_bytes.data() + 33 * half, p.data(), 33);
            }
        }
        const B32 bogus = rng_.scalarish();  // sometimes >= n: must not parse
        const bool use_tweak = rng_.coin();
        same([&](Side& s) {
            Outcome o;
            auto& A = *s.api;
            secp256k1_keypair kp0, kp1;
            secp256k1_pubkey pk0, pk1;
            if (!A.keypair_create(s.ctx, &kp0, sk0.data()) || !A.keypair_create(s.ctx, &kp1, sk1.data()) ||
                !A.keypair_pub(s.ctx, &pk0, &kp0) || !A.keypair_pub(s.ctx, &pk1, &kp1))
                return o.add("setup", "failed");
            const secp256k1_pubkey* pp[2] = {&pk0, &pk1};
            secp256k1_musig_keyagg_cache cache;
            o.ret = A.musig_pubkey_agg(s.ctx, nullptr, &cache, pp, 2);
            if (use_tweak) o.add("tweak", std::to_string(A.musig_pubkey_xonly_tweak_add(s.ctx, nullptr, &cache, tweak.data())));
            secp256k1_musig_aggnonce an;
            o.add("an_parse", std::to_string(A.musig_aggnonce_parse(s.ctx, &an, an_bytes.data())))
                .add("an", an.data, sizeof an.data);
            secp256k1_musig_session session;
            o.add("process", std::to_string(A.musig_nonce_process(s.ctx, &session, &an, msg.data(), &cache)))
                .add("session", session.data, sizeof session.data);
            B32 rnd = rand0;
            secp256k1_musig_secnonce sec;
            secp256k1_musig_pubnonce pub;
            o.add("gen", std::to_string(A.musig_nonce_gen(s.ctx, &sec, &pub, rnd.data(), sk0.data(), &pk0, msg.data(), &cache, nullptr)));
            secp256k1_musig_partial_sig ps, bad;
            o.add("sign", std::to_string(A.musig_partial_sign(s.ctx, &ps, &sec, &kp0, &cache, &session)))
                .add("psig", ps.data, sizeof ps.data);
            o.add("verify", std::to_string(A.musig_partial_sig_verify(s.ctx, &ps, &pub, &pk0, &cache, &session)));
            o.add("verify_wrong_key", std::to_string(A.musig_partial_sig_verify(s.ctx, &ps, &pub, &pk1, &cache, &session)));
            fill_pattern(bad);
            const int parsed = A.musig_partial_sig_parse(s.ctx, &bad, bogus.data());
            o.add("bogus_parse", std::to_string(parsed)).add("bogus", bad.data, sizeof bad.data);
            if (parsed) {
                o.add("verify_bogus", std::to_string(A.musig_partial_sig_verify(s.ctx, &bad, &pub, &pk0, &cache, &session)));
                const secp256k1_musig_partial_sig* list[2] = {&ps, &bad};
                unsigned char sig[64];
                o.add("agg", std::to_string(A.musig_partial_sig_agg(s.ctx, sig, &session, list, 2))).add("sig", sig, 64);
            }
            return o;
        }, "adversarial aggnonce kind " + std::to_string(kind));
    }
}

// Illegal arguments: NULLs, uninitialised (zeroed) objects, a reused secnonce, a secnonce used
// with another keypair, empty lists.
TEST_F(DiffMusig, IllegalArguments) {
    const B32 sk = seckey(), sk2 = seckey(), msg = rng_.b32(), rand1 = rng_.b32(), rand2 = rng_.b32();
    same([&](Side& s) {
        Outcome o;
        auto& A = *s.api;
        secp256k1_keypair kp, kp2;
        secp256k1_pubkey pk, pk2;
        if (!A.keypair_create(s.ctx, &kp, sk.data()) || !A.keypair_create(s.ctx, &kp2, sk2.data()) ||
            !A.keypair_pub(s.ctx, &pk, &kp) || !A.keypair_pub(s.ctx, &pk2, &kp2))
            return o.add("setup", "failed");
        const secp256k1_pubkey* pp[2] = {&pk, &pk2};
        secp256k1_musig_keyagg_cache cache, zero_cache{};
        secp256k1_xonly_pubkey agg;
        auto step = [&](const char* name, long long r) { o.add(name, std::to_string(r)); };
        step("agg", A.musig_pubkey_agg(s.ctx, &agg, &cache, pp, 2));
        step("agg_null_list", A.musig_pubkey_agg(s.ctx, &agg, &cache, null_of<const secp256k1_pubkey*>(), 2));
        step("agg_n0", A.musig_pubkey_agg(s.ctx, &agg, &cache, pp, 0));
        secp256k1_pubkey zero_pk{};
        const secp256k1_pubkey* with_zero[2] = {&pk, &zero_pk};
        secp256k1_musig_keyagg_cache c2;
        step("agg_invalid_key", A.musig_pubkey_agg(s.ctx, nullptr, &c2, with_zero, 2));
        const secp256k1_pubkey* null_entry[2] = {&pk, nullptr};
        step("agg_null_entry", A.musig_pubkey_agg(s.ctx, nullptr, &c2, null_entry, 2));
        secp256k1_pubkey out;
        step("get_zero_cache", A.musig_pubkey_get(s.ctx, &out, &zero_cache));
        step("tweak_zero_cache", A.musig_pubkey_ec_tweak_add(s.ctx, &out, &zero_cache, msg.data()));
        step("tweak_null_tweak", A.musig_pubkey_xonly_tweak_add(s.ctx, &out, &cache, null_of<const unsigned char>()));
        secp256k1_musig_secnonce sec;
        secp256k1_musig_pubnonce pub;
        B32 rnd = rand1;
        step("gen_null_rand", A.musig_nonce_gen(s.ctx, &sec, &pub, null_of<unsigned char>(), nullptr, &pk, nullptr, nullptr, nullptr));
        step("gen_null_pubkey", A.musig_nonce_gen(s.ctx, &sec, &pub, rnd.data(), nullptr, null_of<const secp256k1_pubkey>(), nullptr, nullptr, nullptr));
        o.add("sec_after_fail", sec.data, sizeof sec.data);
        step("gen_zero_cache", A.musig_nonce_gen(s.ctx, &sec, &pub, rnd.data(), nullptr, &pk, nullptr, &zero_cache, nullptr));
        B32 bad_sk = kOrder;
        step("gen_bad_seckey", A.musig_nonce_gen(s.ctx, &sec, &pub, rnd.data(), bad_sk.data(), &pk, nullptr, nullptr, nullptr));
        o.add("sec_after_bad_sk", sec.data, sizeof sec.data).add("rnd_after_bad_sk", rnd.data(), 32);
        rnd = rand2;
        step("gen", A.musig_nonce_gen(s.ctx, &sec, &pub, rnd.data(), sk.data(), &pk, msg.data(), &cache, nullptr));
        secp256k1_musig_secnonce sec2 = sec;
        const secp256k1_musig_pubnonce* np[1] = {&pub};
        secp256k1_musig_aggnonce an;
        step("nonce_agg", A.musig_nonce_agg(s.ctx, &an, np, 1));
        step("nonce_agg_n0", A.musig_nonce_agg(s.ctx, &an, np, 0));
        secp256k1_musig_pubnonce zero_pub{};
        const secp256k1_musig_pubnonce* zp[1] = {&zero_pub};
        secp256k1_musig_aggnonce an2;
        step("nonce_agg_zero_nonce", A.musig_nonce_agg(s.ctx, &an2, zp, 1));
        secp256k1_musig_session session, zero_session{};
        step("process", A.musig_nonce_process(s.ctx, &session, &an, msg.data(), &cache));
        secp256k1_musig_aggnonce zero_an{};
        step("process_zero_aggnonce", A.musig_nonce_process(s.ctx, &session, &zero_an, msg.data(), &cache));
        step("process_again", A.musig_nonce_process(s.ctx, &session, &an, msg.data(), &cache));
        secp256k1_musig_partial_sig ps;
        fill_pattern(ps);
        step("sign_wrong_keypair", A.musig_partial_sign(s.ctx, &ps, &sec2, &kp2, &cache, &session));
        o.add("sec2_after", sec2.data, sizeof sec2.data).add("ps", ps.data, sizeof ps.data);
        step("sign", A.musig_partial_sign(s.ctx, &ps, &sec, &kp, &cache, &session));
        step("sign_reuse", A.musig_partial_sign(s.ctx, &ps, &sec, &kp, &cache, &session));
        step("sign_zero_session", A.musig_partial_sign(s.ctx, &ps, &sec2, &kp, &cache, &zero_session));
        secp256k1_musig_partial_sig zero_ps{};
        step("verify_zero_psig", A.musig_partial_sig_verify(s.ctx, &zero_ps, &pub, &pk, &cache, &session));
        step("verify_zero_session", A.musig_partial_sig_verify(s.ctx, &ps, &pub, &pk, &cache, &zero_session));
        const secp256k1_musig_partial_sig* psp[1] = {&ps};
        unsigned char sig[64];
        step("agg_sig_n0", A.musig_partial_sig_agg(s.ctx, sig, &session, psp, 0));
        const secp256k1_musig_partial_sig* zpsp[1] = {&zero_ps};
        step("agg_sig_zero_psig", A.musig_partial_sig_agg(s.ctx, sig, &session, zpsp, 1));
        unsigned char out66[66];
        fill_pattern(out66);
        step("pubnonce_ser_zero", A.musig_pubnonce_serialize(s.ctx, out66, &zero_pub));
        o.add("out66", out66, 66);
        step("aggnonce_ser_zero", A.musig_aggnonce_serialize(s.ctx, out66, &zero_an));
        unsigned char out32[32];
        step("psig_ser_zero", A.musig_partial_sig_serialize(s.ctx, out32, &zero_ps));
        secp256k1_musig_secnonce sec3;
        step("counter_null_keypair", A.musig_nonce_gen_counter(s.ctx, &sec3, &pub, 1, null_of<const secp256k1_keypair>(), nullptr, nullptr, nullptr));
        B32 zero_rand{};
        step("gen_zero_rand", A.musig_nonce_gen(s.ctx, &sec3, &pub, zero_rand.data(), nullptr, &pk, nullptr, nullptr, nullptr));
        o.add("sec3", sec3.data, sizeof sec3.data);
        return o;
    }, "illegal arguments");
}

}  // namespace
}  // namespace fastsecp::test
