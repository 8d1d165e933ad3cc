"""fastsecp.silentpayments: BIP-352 vectors through the Python API, batch scan = per-transaction scan,
prefilter, packed inputs, CT/vartime and threads, bad inputs."""
from __future__ import annotations

import array
import json
import os
import random

import numpy as np
import pytest

from conftest import N, VECTORS
from fastsecp import Status
from fastsecp import silentpayments as sp
from fastsecp.coincurve import PrivateKey, PublicKeyXOnly

with open(VECTORS / "bip-0352" / "send_and_receive_test_vectors.json") as f:
    CASES = json.load(f)


def smallest(vin):
    return sp.smallest_outpoint(sp.serialize_outpoint(i["txid"], i["vout"]) for i in vin)


def test_vectors_sending():
    checked = 0
    for case in CASES:
        for send in case["sending"]:
            exp = send["expected"]
            recipients = [(bytes.fromhex(r["scan_pub_key"]), bytes.fromhex(r["spend_pub_key"]))
                          for r in send["given"]["recipients"] for _ in range(int(r.get("count", 1)))]
            if "input_private_key_sum" not in exp or not recipients:
                continue
            outpoint = smallest(send["given"]["vin"])
            seckey = bytes.fromhex(exp["input_private_key_sum"])
            try:
                outs = sp.create_outputs(recipients, outpoint, seckeys=[seckey])
            except ValueError:
                assert exp["outputs"] in ([], [[]]), case["comment"]
                continue
            assert any(sorted(o.hex() for o in outs) == sorted(e) for e in exp["outputs"]), case["comment"]
            # The tweak from the eligible inputs' public keys gives the receiver the same outputs.
            keys = [bytes.fromhex(k) for k in exp["input_pub_keys"]]
            tweak = sp.public_tweak(outpoint, [k for k in keys if len(k) == 32], [k for k in keys if len(k) != 32])
            assert tweak is not None
            checked += 1
    assert checked >= 15


def test_vectors_receiving():
    checked = 0
    for case in CASES:
        for recv in case["receiving"]:
            given, exp = recv["given"], recv["expected"]
            if exp.get("tweak") is None:
                continue  # no eligible input, or keys summing to infinity: nothing to scan
            scan_key = bytes.fromhex(given["key_material"]["scan_priv_key"])
            spend_key = bytes.fromhex(given["key_material"]["spend_priv_key"])
            spend_pub = PrivateKey(spend_key).public_key.format()
            outputs = [bytes.fromhex(o) for o in given["outputs"]]
            tweak = bytes.fromhex(exp["tweak"])
            outpoint = smallest(given["vin"])
            # The tweak helper agrees with the vector (A = the given sum of the input keys).
            assert sp.public_tweak(outpoint, pubkeys=[bytes.fromhex(exp["input_pub_key_sum"])]) == tweak
            labels = given["labels"]
            wallet = sp.Wallet(scan_key, spend_pub, labels=labels)
            if "outputs" not in exp:
                # The K_max case: only the number of outputs found is published.
                r = wallet.scan([(tweak, outputs)])
                assert r.all_valid and len(r.matches) == int(exp["n_outputs"]) == 2323
                checked += 1
                continue
            expected = {o["pub_key"]: o["priv_key_tweak"] for o in exp["outputs"]}
            for vartime in (False, True):
                r = wallet.scan([(tweak, outputs)], vartime=vartime)
                assert r.all_valid
                found = {outputs[m.output].hex(): m.spend_tweak.hex() for m in r.matches}
                assert found == expected, case["comment"]
                for m in r.matches:
                    # Spending key: spend key + tweak; its x-only key is the output.
                    k = PrivateKey(spend_key).add(m.spend_tweak)
                    assert k.public_key_xonly.format() == outputs[m.output]
                    assert m.k < len(outputs)
                    if m.label is not None:
                        assert m.label in labels
            # The module API's one-transaction scan, with the label cache made by create_label.
            cache = dict(sp.create_label(scan_key, m) for m in labels)
            one = sp.scan_transaction(outputs, scan_key, spend_pub, outpoint,
                                      pubkeys=[bytes.fromhex(exp["input_pub_key_sum"])], labels=cache)
            assert one is not None
            assert {outputs[f.output].hex(): f.spend_tweak.hex() for f in one} == expected
            # The prefilter flags every transaction that has a match.
            prefixes = [o[:8] for o in outputs]
            pf = wallet.prefilter([tweak], prefixes, [0, len(prefixes)])
            assert pf.all_valid and pf.maybe == (b"\x01" if expected else pf.maybe)
            checked += 1
    assert checked >= 20


def random_world(n_tx, seed):
    """A wallet and n_tx transactions, some paying it (directly or through label 1)."""
    r = random.Random(seed)
    scan_key = PrivateKey(r.getrandbits(256).to_bytes(32, "big")).secret
    spend = PrivateKey(r.getrandbits(255).to_bytes(32, "big"))
    scan_pub = PrivateKey(scan_key).public_key.format()
    label_point, _ = sp.create_label(scan_key, 1)
    labelled = sp.labeled_spend_pubkey(spend.public_key.format(), label_point)
    txs = []
    for i in range(n_tx):
        in_key = r.getrandbits(255).to_bytes(32, "big")
        outpoint = r.getrandbits(288).to_bytes(36, "big")
        noise = [PrivateKey(r.getrandbits(255).to_bytes(32, "big")).public_key_xonly.format() for _ in range(2)]
        kind = i % 3
        if kind == 0:
            outs = noise
        else:
            spend_target = spend.public_key.format() if kind == 1 else labelled
            outs = sp.create_outputs([(scan_pub, spend_target)], outpoint, seckeys=[in_key]) + noise
            r.shuffle(outs)
        tweak = sp.public_tweak(outpoint, pubkeys=[PrivateKey(in_key).public_key.format()])
        txs.append((tweak, outs, outpoint, PrivateKey(in_key).public_key.format()))
    return scan_key, spend, txs


def test_batch_scan_equals_per_transaction_scan():
    scan_key, spend, txs = random_world(30, 1)
    spend_pub = spend.public_key.format()
    wallet = sp.Wallet(scan_key, spend_pub, labels=[0, 1, 7])
    cache = dict(sp.create_label(scan_key, m) for m in (0, 1, 7))
    batch = wallet.scan([(t, o) for t, o, _, _ in txs])
    assert batch.all_valid and len(batch) == 30
    per_item = {}
    for m in batch.matches:
        per_item.setdefault(m.item, {})[m.output] = (m.spend_tweak, m.label)
    for i, (tweak, outs, outpoint, in_pub) in enumerate(txs):
        one = sp.scan_transaction(outs, scan_key, spend_pub, outpoint, pubkeys=[in_pub], labels=cache)
        mine = per_item.get(i, {})
        assert {f.output: f.spend_tweak for f in one} == {k: v[0] for k, v in mine.items()}
        assert len(mine) == (0 if i % 3 == 0 else 1)
        for f in one:
            label = mine[f.output][1]
            assert (label == 1) == (f.label == cache_point(cache, 1, scan_key))
    # Packed forms: NumPy/array offsets, one buffer of outputs; CT, vartime and threads agree.
    tweaks = b"".join(t for t, _, _, _ in txs)
    outputs = b"".join(b"".join(o) for _, o, _, _ in txs)
    offs = [0]
    for _, o, _, _ in txs:
        offs.append(offs[-1] + len(o))
    for offsets in (offs, array.array("Q", offs), np.array(offs, dtype=np.uint64), np.array(offs, dtype=np.int64)):
        for vartime in (False, True):
            for threads in (1, 2):
                r = wallet.scan_packed(tweaks, outputs, offsets, vartime=vartime, threads=threads)
                assert r.matches == batch.matches and r.statuses == batch.statuses


def cache_point(cache, m, scan_key):
    return sp.create_label(scan_key, m)[0]


def test_prefilter():
    scan_key, spend, txs = random_world(24, 2)
    wallet = sp.Wallet(scan_key, spend.public_key.format(), labels=[1])
    tweaks = np.frombuffer(b"".join(t for t, _, _, _ in txs), np.uint8).reshape(-1, 33)
    prefixes = [o[:8] for _, outs, _, _ in txs for o in outs]
    offs = [0]
    for _, o, _, _ in txs:
        offs.append(offs[-1] + len(o))
    for vartime in (False, True):
        pf = wallet.prefilter(tweaks, prefixes, offs, vartime=vartime)
        assert pf.all_valid
        # Every paying transaction is a candidate (false positives would need 64-bit collisions).
        assert pf.candidates() == [i for i in range(24) if i % 3 != 0]
    # Without label 1 in the wallet, the labelled payments are not candidates.
    plain = sp.Wallet(scan_key, spend.public_key.format())
    assert plain.prefilter(tweaks, b"".join(prefixes), offs).candidates() == [i for i in range(24) if i % 3 == 1]


def test_bad_inputs():
    scan_key, spend, txs = random_world(3, 3)
    spend_pub = spend.public_key.format()
    with pytest.raises(ValueError, match="scan_key"):
        sp.Wallet(bytes(32), spend_pub)
    with pytest.raises(ValueError, match="scan_key"):
        sp.Wallet(N.to_bytes(32, "big"), spend_pub)
    with pytest.raises(ValueError, match="scan_key must be 32 bytes"):
        sp.Wallet(scan_key[:31], spend_pub)
    with pytest.raises(ValueError, match="spend_pubkey"):
        sp.Wallet(scan_key, b"\x05" + spend_pub[1:])
    with pytest.raises(ValueError, match="spend_pubkey must be 33 bytes"):
        sp.Wallet(scan_key, spend.public_key.format(False))
    with pytest.raises(TypeError):
        sp.Wallet("key", spend_pub)
    with pytest.raises(ValueError, match="labels"):
        sp.Wallet(scan_key, spend_pub, labels=[-1])
    w = sp.Wallet(scan_key, spend_pub, labels=[1])
    good = txs[0]
    with pytest.raises(ValueError, match="tweaks\\[0\\]: expected 33 bytes"):
        w.scan([(good[0][:32], good[1])])
    with pytest.raises(ValueError, match="32-byte"):
        w.scan([(good[0], [b"\x00" * 31])])
    with pytest.raises(ValueError, match="expected 4 offsets"):
        w.scan_packed(good[0] * 3, b"".join(good[1]), [0, 1, 2])
    with pytest.raises(ValueError, match="must not decrease"):
        w.scan_packed(good[0] * 3, b"".join(good[1]), [0, 2, 1, 2])
    with pytest.raises(ValueError, match="past the end"):
        w.scan_packed(good[0] * 3, b"".join(good[1]), [0, 1, 2, 99])
    with pytest.raises(TypeError, match="8-byte integers"):
        w.scan_packed(good[0], b"".join(good[1]), np.array([0, 1], dtype=np.int32))
    with pytest.raises(ValueError, match="negative"):
        w.scan_packed(good[0], b"".join(good[1]), np.array([-1, 1], dtype=np.int64))
    with pytest.raises(ValueError, match="prefixes"):
        w.prefilter([good[0]], b"\x00" * 9, [0, 1])
    # A tweak that is not a point: a status for that transaction, the others scanned.
    bad_prefix = b"\x05" + good[0][1:]
    off_curve = b"\x02" + (5).to_bytes(32, "big")
    r = w.scan([(bad_prefix, good[1]), (off_curve, good[1]), (txs[1][0], txs[1][1]), (good[0], [])])
    assert list(r) == [Status.BAD_ENCODING, Status.POINT_NOT_ON_CURVE, Status.OK, Status.OK]
    assert [m.item for m in r.matches] == [2] and not r.all_valid
    # Outputs that are not x-only keys are skipped, never matched, and do not fail the item.
    r = w.scan([(txs[1][0], [bytes(32), b"\xff" * 32] + list(txs[1][1]))])
    assert r.all_valid and [m.output for m in r.matches] == [2 + i for i, o in enumerate(txs[1][1])
                                                             if o in {txs[1][1][mm.output] for mm in w.scan([(txs[1][0], txs[1][1])]).matches}]
    pf = w.prefilter([bad_prefix, off_curve], [b"\x00" * 8], [0, 1, 1])
    assert list(pf) == [Status.BAD_ENCODING, Status.POINT_NOT_ON_CURVE] and pf.maybe == b"\x00\x00"
    # The helpers.
    with pytest.raises(ValueError):
        sp.create_label(bytes(32), 0)
    with pytest.raises(ValueError):
        sp.create_label(scan_key, -1)
    with pytest.raises(ValueError):
        sp.labeled_spend_pubkey(spend_pub, b"\x05" * 33)
    with pytest.raises(ValueError):
        sp.create_outputs([(spend_pub, spend_pub)], b"\x00" * 36)  # no input keys
    with pytest.raises(ValueError):
        sp.create_outputs([(spend_pub, spend_pub)], b"\x00" * 36, seckeys=[bytes(32)])
    with pytest.raises(ValueError):
        sp.create_outputs([(b"\x02" + (5).to_bytes(32, "big"), spend_pub)], b"\x00" * 36, seckeys=[scan_key])
    with pytest.raises(ValueError):
        sp.create_outputs([(spend_pub, spend_pub)], b"\x00" * 35, seckeys=[scan_key])
    with pytest.raises(ValueError):
        sp.public_tweak(b"\x00" * 36)
    with pytest.raises(ValueError):
        sp.public_tweak(b"\x00" * 36, pubkeys=[b"\x05" * 33])
    k = PrivateKey(scan_key).public_key
    neg = PrivateKey((N - int.from_bytes(scan_key, "big")).to_bytes(32, "big")).public_key
    assert sp.public_tweak(b"\x00" * 36, pubkeys=[k.format(), neg.format()]) is None
    assert sp.scan_transaction(txs[0][1], scan_key, spend_pub, b"\x00" * 36) is None  # no input keys
    assert sp.scan_transaction([b"\xff" * 32], scan_key, spend_pub, b"\x00" * 36, pubkeys=[k.format()]) is None


def test_taproot_sender_inputs():
    """Taproot inputs as keypairs (negated for odd y) give the outputs a receiver finds."""
    r = random.Random(5)
    scan_key = r.getrandbits(255).to_bytes(32, "big")
    spend = PrivateKey(r.getrandbits(255).to_bytes(32, "big"))
    scan_pub = PrivateKey(scan_key).public_key.format()
    outpoint = os.urandom(36)
    for _ in range(4):
        tr_key = r.getrandbits(255).to_bytes(32, "big")
        plain = r.getrandbits(255).to_bytes(32, "big")
        outs = sp.create_outputs([(scan_pub, spend.public_key.format())] * 2, outpoint,
                                 taproot_seckeys=[tr_key], seckeys=[plain])
        xonly = PrivateKey(tr_key).public_key_xonly.format()
        tweak = sp.public_tweak(outpoint, [xonly], [PrivateKey(plain).public_key.format()])
        res = sp.Wallet(scan_key, spend.public_key.format()).scan([(tweak, outs)])
        assert sorted((m.output, m.k) for m in res.matches) in ([(0, 0), (1, 1)], [(0, 1), (1, 0)])


def test_scan_item_forms_and_results():
    scan_key, spend, txs = random_world(6, 4)
    w = sp.Wallet(scan_key, spend.public_key.format(), labels=[1])
    as_lists = w.scan([(t, o) for t, o, _, _ in txs])
    as_packed = w.scan([(bytearray(t), b"".join(o)) for t, o, _, _ in txs])
    as_views = w.scan([(memoryview(t), [memoryview(x) for x in o]) for t, o, _, _ in txs])
    assert as_lists.matches == as_packed.matches == as_views.matches and len(as_lists.matches) == 4
    assert {m.label for m in as_lists.matches} == {None, 1}
    with pytest.raises(ValueError, match="32-byte"):
        w.scan([(txs[0][0], b"\x00" * 33)])
    assert w.scan([]).all_valid and len(w.scan([])) == 0
    assert "all_valid=True" in repr(as_lists) and w.labels == (1,)
    assert as_lists.failed() == [] and list(as_lists) == [Status.OK] * 6
    pf = w.prefilter([], [], [0])
    assert pf.all_valid and pf.maybe == b"" and pf.candidates() == []


def test_gil_released_during_scan():
    """A second Python thread makes progress while Wallet.scan_packed and prefilter run."""
    import fastsecp
    from test_batch import run_with_counter

    n = 4000
    tweaks = fastsecp.pubkey_create_batch(os.urandom(32 * n)).packed  # valid points
    outputs = os.urandom(32 * 2 * n)
    offsets = list(range(0, 2 * n + 1, 2))
    prefixes = b"".join(outputs[i : i + 8] for i in range(0, len(outputs), 32))
    w = sp.Wallet(PrivateKey(os.urandom(32)).secret, PrivateKey(os.urandom(32)).public_key.format(), labels=[0])
    results = []
    progress = run_with_counter([
        lambda: sum(range(3 * 10**6)),  # control: keeps the GIL
        lambda: results.append(w.scan_packed(tweaks, outputs, offsets)),
        lambda: results.append(w.prefilter(tweaks, prefixes, offsets)),
    ])
    assert progress[0] == 0 and all(p > 1000 for p in progress[1:]), progress
    assert all(r.all_valid and len(r) == n for r in results)
