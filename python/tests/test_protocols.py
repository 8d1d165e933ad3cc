"""fastsecp.frost, fastsecp.adaptor and fastsecp.dleq: round trips, vectors from tests/vectors/data
(BIP-445, dlcspecs' ECDSA adaptor file, BIP-374), and bad input raising ValueError."""
from __future__ import annotations

import copy
import csv
import json
import os

import pytest
from conftest import N, VECTORS

import fastsecp.coincurve as cc
from fastsecp import adaptor, dleq, frost
from fastsecp.coincurve.ecdsa import cdata_to_der, deserialize_compact


def h(s):
    return bytes.fromhex(s)


def schnorr_ok(sig, msg, thresh_pk):
    return cc.PublicKeyXOnly(thresh_pk[1:]).verify(sig, msg)


# --- FROST ---------------------------------------------------------------------------------------


def sign_run(t, n, ids, msg, tweak_cache=None, split=None):
    """One full signing run of the signers `ids`; returns (signature, thresh_pk, ...)."""
    thresh_pk, secshares, pubshares = split or frost.shares_gen(t, n)
    pubs = [pubshares[i] for i in ids]
    nonces = [frost.nonce_gen(secshares[i], pubshares[i], msg, tweak_cache) for i in ids]
    aggnonce = frost.nonce_agg([pn for _, pn in nonces])
    session = frost.Session(aggnonce, msg, n, t, ids, pubs, thresh_pk, tweak_cache)
    psigs = [session.partial_sign(sn, secshares[i], i) for (sn, _), i in zip(nonces, ids)]
    for k, ((_, pn), ps) in enumerate(zip(nonces, psigs)):
        assert session.partial_sig_verify(ps, pn, k)
    return session.partial_sig_agg(psigs), thresh_pk, session, nonces, psigs


@pytest.mark.parametrize(("t", "n", "ids"), [(1, 1, [0]), (2, 3, [0, 2]), (2, 3, [2, 1, 0]), (3, 5, [4, 0, 3])])
def test_frost_round_trip(t, n, ids):
    msg = b"frost round trip %d of %d" % (t, n)
    sig, thresh_pk, *_ = sign_run(t, n, ids, msg)
    assert len(sig) == 64
    assert schnorr_ok(sig, msg, thresh_pk)
    assert not schnorr_ok(sig, msg + b"!", thresh_pk)


def test_frost_shares_gen_is_deterministic_in_the_seed():
    a = frost.shares_gen(2, 4, seed=b"\x07" * 32)
    assert a == frost.shares_gen(2, 4, seed=b"\x07" * 32)
    assert a != frost.shares_gen(2, 4, seed=b"\x08" * 32)
    thresh_pk, secshares, pubshares = a
    assert [cc.PrivateKey(s).public_key.format() for s in secshares] == pubshares
    # Any two shares interpolate to the threshold key: f(0) = x1*f(x2)/(x2-x1) + x2*f(x1)/(x1-x2).
    s1, s2 = (int.from_bytes(s, "big") for s in secshares[:2])
    x1, x2 = 1, 2
    secret = (s1 * x2 * pow(x2 - x1, -1, N) + s2 * x1 * pow(x1 - x2, -1, N)) % N
    assert cc.PrivateKey(secret.to_bytes(32, "big")).public_key.format() == thresh_pk


def test_frost_tweaks():
    split = frost.shares_gen(2, 3)
    tc = frost.TweakCache(split[0])
    assert tc.pubkey() == split[0]
    tc.ec_tweak_add(b"\x01" * 32)
    tweaked = tc.xonly_tweak_add(b"\x02" * 32)
    assert tc.pubkey() == tweaked != split[0]
    sig, *_ = sign_run(2, 3, [1, 2], b"tweaked", tweak_cache=tc, split=split)
    assert schnorr_ok(sig, b"tweaked", tweaked)
    with pytest.raises(ValueError):
        tc.ec_tweak_add(N.to_bytes(32, "big"))


def test_frost_secnonce_signs_once_and_errors():
    thresh_pk, secshares, pubshares = frost.shares_gen(2, 3)
    msg = b"m"
    (sn0, pn0), (sn1, pn1) = frost.nonce_gen(secshares[0]), frost.nonce_gen(secshares[1])
    aggnonce = frost.nonce_agg([pn0, pn1])
    session = frost.Session(aggnonce, msg, 3, 2, [0, 1], pubshares[:2], thresh_pk)
    assert not sn0.used
    ps0 = session.partial_sign(sn0, secshares[0], 0)
    assert sn0.used
    with pytest.raises(ValueError, match="already used"):
        session.partial_sign(sn0, secshares[0], 0)
    # A wrong secret share: partial signing fails (and uses the nonce up).
    with pytest.raises(ValueError, match="partial signing failed"):
        session.partial_sign(sn1, secshares[2], 1)
    assert sn1.used
    # A wrong partial signature is caught and blamed on its signer.
    assert session.partial_sig_verify(ps0, pn0, 0)
    assert not session.partial_sig_verify(ps0, pn1, 1)
    assert not session.partial_sig_verify(b"\xff" * 32, pn0, 0)
    with pytest.raises(ValueError, match="signer_index"):
        session.partial_sig_verify(ps0, pn0, 2)
    with pytest.raises(ValueError, match="one partial signature per signer"):
        session.partial_sig_agg([ps0])
    with pytest.raises(TypeError):
        copy.copy(sn0)  # secret nonces cannot be copied (nor pickled)
    # Invalid signer sets and inputs.
    for ids, pubs, what in [
        ([0], pubshares[:1], "number of signers"),
        ([0, 0], [pubshares[0]] * 2, "occurs twice"),
        ([0, 3], pubshares[:2], "not below n"),
        ([0, 1], [pubshares[0], pubshares[2]], "do not belong"),
    ]:
        with pytest.raises(ValueError, match=what):
            frost.validate_signers(3, 2, ids, pubs, thresh_pk)
        with pytest.raises(ValueError, match=what):
            frost.Session(aggnonce, msg, 3, 2, ids, pubs, thresh_pk)
    bad_args = [
        lambda: frost.shares_gen(3, 2),
        lambda: frost.shares_gen(0, 2),
        lambda: frost.shares_gen(2, 3, seed=b"short"),
        lambda: frost.nonce_agg([]),
        lambda: frost.nonce_agg([(b"\x02" + b"\xff" * 32) * 2]),
        lambda: frost.nonce_gen(session_secrand=bytes(32)),
        lambda: frost.nonce_gen(secshare=b"\x01"),
        lambda: frost.Session(b"\x00" * 65, msg, 3, 2, [0, 1], pubshares[:2], thresh_pk),
        lambda: frost.Session(aggnonce, msg, 3, 2, [0, 1], pubshares[:1], thresh_pk),
        lambda: frost.Session(aggnonce, msg, 3, 2, [0, 1], [b"\x02" + b"\xff" * 32, pubshares[1]], thresh_pk),
        lambda: frost.TweakCache(b"\x05" * 33),
    ]
    for f in bad_args:
        with pytest.raises(ValueError):
            f()
    with pytest.raises(TypeError):
        frost.nonce_agg([None])


def bip445_group(name):
    with open(os.path.join(VECTORS, "bip-0445", name)) as f:
        return json.load(f)["test_groups"][0]


def test_frost_bip445_partial_sig_verify_vector():
    g = bip445_group("sign_verify_vectors.json")
    tc = g["valid_tests"][0]
    ids = tc["ids"]
    pubs = [h(g["pubshares"][i]) for i in tc["pubshare_indices"]]
    pubnonces = [h(g["pubnonces"][i]) for i in tc["pubnonce_indices"]]
    assert frost.nonce_agg(pubnonces) == h(tc["aggnonce"])
    session = frost.Session(h(tc["aggnonce"]), h(tc["msg"]), g["n"], g["t"], ids, pubs, h(g["thresh_pk"]))
    signer = ids.index(tc["my_id"])
    assert session.partial_sig_verify(h(tc["expected"]), pubnonces[signer], signer)
    other = h(tc["expected"])[:-1] + bytes([h(tc["expected"])[-1] ^ 1])
    assert not session.partial_sig_verify(other, pubnonces[signer], signer)


def test_frost_bip445_tweak_vectors():
    """Every valid case of tweak_vectors.json: the expected partial signature verifies under the
    session built with the tweak cache, and not without the tweaks (when there are some)."""
    g = bip445_group("tweak_vectors.json")
    assert g["valid_tests"]
    for tc in g["valid_tests"]:
        cache = frost.TweakCache(h(g["thresh_pk"]))
        for i, xonly in zip(tc["tweak_indices"], tc["is_xonly"]):
            (cache.xonly_tweak_add if xonly else cache.ec_tweak_add)(h(g["tweaks"][i]))
        ids = tc["ids"]
        pubs = [h(g["pubshares"][i]) for i in tc["pubshare_indices"]]
        pubnonces = [h(g["pubnonces"][i]) for i in tc["pubnonce_indices"]]
        signer = ids.index(tc["my_id"])
        args = (h(tc["aggnonce"]), h(tc["msg"]), g["n"], g["t"], ids, pubs, h(g["thresh_pk"]))
        assert frost.Session(*args, cache).partial_sig_verify(h(tc["expected"]), pubnonces[signer], signer), tc["comment"]
        if tc["tweak_indices"]:
            assert not frost.Session(*args).partial_sig_verify(h(tc["expected"]), pubnonces[signer], signer)


def test_frost_bip445_deterministic_sign_vector():
    g = bip445_group("det_sign_vectors.json")
    tc = g["valid_tests"][0]
    assert tc["tweaks"] == []
    pubs = [h(g["pubshares"][i]) for i in tc["pubshare_indices"]]
    pubnonce, psig = frost.deterministic_sign(
        h(g["secshares"][tc["secshare_index"]]), tc["my_id"], h(tc["msg"]), g["n"], g["t"], tc["ids"], pubs,
        h(g["thresh_pk"]), aggothernonce=h(tc["aggothernonce"]), aux_rand=h(tc["aux_rand"]),
    )
    assert [pubnonce.hex().upper(), psig.hex().upper()] == tc["expected"]


# --- ECDSA adaptor signatures ---------------------------------------------------------------------


def test_adaptor_round_trip():
    x, y = cc.PrivateKey(), cc.PrivateKey()
    X, Y = x.public_key.format(), y.public_key.format()
    msg = bytes(range(32))
    asig = adaptor.encrypt(x.secret, Y, msg)
    assert len(asig) == 162
    assert adaptor.verify(asig, X, msg, Y)
    assert not adaptor.verify(asig, X, bytes(32), Y)
    assert not adaptor.verify(asig, Y, msg, Y)
    sig = adaptor.decrypt(asig, y.secret)
    der = cdata_to_der(deserialize_compact(sig))
    assert cc.PublicKey(X).verify(der, msg, hasher=None)
    assert adaptor.recover(sig, asig, Y) == y.secret
    with pytest.raises(ValueError):
        adaptor.recover(sig, asig, X)
    for f in [
        lambda: adaptor.encrypt(bytes(32), Y, msg),
        lambda: adaptor.encrypt(x.secret, b"\x02" + b"\xff" * 32, msg),
        lambda: adaptor.encrypt(x.secret, Y, msg[:31]),
        lambda: adaptor.verify(asig[:-1], X, msg, Y),
        lambda: adaptor.decrypt(asig, N.to_bytes(32, "big")),
        lambda: adaptor.recover(sig[:63], asig, Y),
    ]:
        with pytest.raises(ValueError):
            f()


def test_adaptor_dlcspecs_vectors():
    with open(os.path.join(VECTORS, "ecdsa-adaptor", "ecdsa_adaptor.json")) as f:
        cases = json.load(f)
    checked = 0
    for v in cases:
        if v["kind"] == "verification":
            ok = adaptor.verify(h(v["adaptor_sig"]), h(v["public_signing_key"]), h(v["message_hash"]), h(v["encryption_key"]))
            assert ok == (v.get("error") is None), v.get("comment")
            if ok:
                assert adaptor.decrypt(h(v["adaptor_sig"]), h(v["decryption_key"])) == h(v["signature"])
                checked += 1
        elif v["kind"] == "recovery" and v.get("error") is None and v["decryption_key"] is not None:
            got = adaptor.recover(h(v["signature"]), h(v["adaptor_sig"]), h(v["encryption_key"]))
            assert got == h(v["decryption_key"])
            checked += 1
    assert checked == 4


# --- DLEQ (BIP-374) -------------------------------------------------------------------------------


def bip374_rows(name):
    with open(os.path.join(VECTORS, "bip-0374", name), newline="") as f:
        return list(csv.DictReader(f))


def test_dleq_round_trip():
    a, b = cc.PrivateKey(), cc.PrivateKey()
    A, B = a.public_key.format(), b.public_key.format()
    C = cc.PublicKey(B).multiply(a.secret).format()
    for msg in (None, b"\x05" * 32):
        proof = dleq.prove(a.secret, B, msg=msg)
        assert len(proof) == 64
        assert dleq.verify(proof, A, B, C, msg=msg)
        assert not dleq.verify(proof, A, B, A, msg=msg)
    assert not dleq.verify(dleq.prove(a.secret, B, msg=b"\x01" * 32), A, B, C)
    for f in [
        lambda: dleq.prove(bytes(32), B),
        lambda: dleq.prove(a.secret, B[:32]),
        lambda: dleq.prove(a.secret, B, msg=b"short"),
        lambda: dleq.verify(b"\x00" * 63, A, B, C),
        lambda: dleq.verify(b"\x00" * 64, A, B, b"\x02" + b"\xff" * 32),
    ]:
        with pytest.raises(ValueError):
            f()


def test_dleq_bip374_generate_vectors():
    rows = bip374_rows("test_vectors_generate_proof.csv")
    for r in rows:
        if r["result_proof"] == "INVALID":
            # a = 0, a = n: refused; B at infinity: no encoding (parsing "INFINITY" is not tried).
            if r["point_B"] != "INFINITY":
                with pytest.raises(ValueError, match="seckey"):
                    dleq.prove(h(r["scalar_a"]), h(r["point_B"]), aux_rand=h(r["auxrand_r"]), G=h(r["point_G"]))
            continue
        proof = dleq.prove(h(r["scalar_a"]), h(r["point_B"]), msg=h(r["message"]) or None,
                           aux_rand=h(r["auxrand_r"]), G=h(r["point_G"]))
        assert proof == h(r["result_proof"]), r["comment"]


def test_dleq_bip374_verify_vectors():
    rows = bip374_rows("test_vectors_verify_proof.csv")
    for r in rows:
        try:
            got = dleq.verify(h(r["proof"]), h(r["point_A"]), h(r["point_B"]), h(r["point_C"]),
                              msg=h(r["message"]) or None, G=h(r["point_G"]))
        except ValueError:
            got = False  # a point that does not parse
        assert got == (r["result_success"] == "TRUE"), r["comment"]
