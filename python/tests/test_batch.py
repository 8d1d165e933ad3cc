"""The batch API: results equal one-by-one results, every input form, bad inputs, threads, the GIL."""
from __future__ import annotations

import array
import csv
import hashlib
import random
import re
import sys
import threading
import time

import numpy as np
import pytest

import fastsecp
from conftest import N, P, ROOT, VECTORS
from fastsecp import Status
from fastsecp.coincurve import PrivateKey, PublicKey
from fastsecp.coincurve.ecdsa import der_to_cdata, serialize_compact

rng = random.Random(7)


def rbytes(n):
    return bytes(rng.getrandbits(8) for _ in range(n))


def make_ecdsa(n, compressed=True):
    sigs, hashes, pubs = [], [], []
    for i in range(n):
        k = PrivateKey(rbytes(32))
        h = hashlib.sha256(i.to_bytes(4, "big")).digest()
        sigs.append(serialize_compact(der_to_cdata(k.sign(h, hasher=None))))
        hashes.append(h)
        pubs.append(k.public_key.format(compressed))
    return sigs, hashes, pubs


def make_schnorr(n, msglen=32):
    sigs, msgs, pubs = [], [], []
    for i in range(n):
        k = PrivateKey(rbytes(32))
        m = hashlib.sha256(i.to_bytes(4, "big")).digest()
        sigs.append(k.sign_schnorr(m))
        msgs.append(m)
        pubs.append(k.public_key_xonly.format())
    return sigs, msgs, pubs


def single_ecdsa(sig, h, pub):
    """The one-by-one answer through the coincurve layer (True/False, or the parse failure)."""
    try:
        key = PublicKey(pub)
    except ValueError:
        return "bad key"
    try:
        from fastsecp.coincurve.ecdsa import cdata_to_der, deserialize_compact

        der = cdata_to_der(deserialize_compact(sig))
    except ValueError:
        return "bad sig"
    return key.verify(der, h, hasher=None)


def test_status_mirrors_c_enum():
    header = (ROOT / "include" / "fastsecp.h").read_text()
    c_values = {m[0]: int(m[1]) for m in re.findall(r"FASTSECP_((?:OK|ERR_[A-Z_]+)) = (\d+)", header)}
    py_values = {("OK" if s.name == "OK" else "ERR_" + s.name): int(s) for s in Status}
    assert py_values == c_values
    for s in Status:
        assert s.describe() and s.describe() != fastsecp._native.strerror(1000)


def test_ecdsa_batch_matches_single_calls():
    sigs, hashes, pubs = make_ecdsa(40)
    pubs[5:10] = [PublicKey(p).format(False) for p in pubs[5:10]]
    # Break some items, one way each.
    sigs[1] = sigs[1][:32] + (N - int.from_bytes(sigs[1][32:], "big")).to_bytes(32, "big")  # high S
    sigs[2] = N.to_bytes(32, "big") + sigs[2][32:]  # r >= n
    pubs[3] = b"\x05" + pubs[3][1:]  # bad prefix
    pubs[4] = b"\x02" + (5).to_bytes(32, "big")  # x not on the curve
    hashes[6] = bytes(32)  # wrong message
    sigs[7] = bytes(64)  # r = s = 0
    pubs[8] = pubs[8][:20]  # wrong length
    pubs[11] = b"\x04" + (1).to_bytes(32, "big") * 2  # off the curve
    pubs[12] = b"\x02" + P.to_bytes(32, "big")  # x >= p
    r = fastsecp.ecdsa_verify_batch(sigs, hashes, pubs)
    expect = {1: Status.HIGH_S, 2: Status.SCALAR_OUT_OF_RANGE, 3: Status.BAD_ENCODING, 4: Status.POINT_NOT_ON_CURVE,
              6: Status.INVALID_SIGNATURE, 7: Status.INVALID_SIGNATURE, 8: Status.BAD_ENCODING,
              11: Status.POINT_NOT_ON_CURVE, 12: Status.BAD_ENCODING}
    for i, st in enumerate(r):
        assert st == expect.get(i, Status.OK), i
        one = single_ecdsa(sigs[i], hashes[i], pubs[i])
        assert (st == Status.OK) == (one is True), (i, one)
    assert not r.all_valid and r.summary == Status.ITEM_FAILED and r.failed() == sorted(expect)
    assert len(r) == 40 and r[-1] == Status.OK and r[1:3] == [Status.HIGH_S, Status.SCALAR_OUT_OF_RANGE]


def test_ecdsa_batch_input_forms():
    sigs, hashes, pubs = make_ecdsa(16)
    ref = fastsecp.ecdsa_verify_batch(sigs, hashes, pubs)
    assert ref.all_valid and bool(ref)
    forms = [
        (b"".join(sigs), b"".join(hashes), b"".join(pubs)),
        (bytearray(b"".join(sigs)), memoryview(b"".join(hashes)), pubs),
        ([bytearray(s) for s in sigs], [memoryview(h) for h in hashes], [bytearray(p) for p in pubs]),
        (np.frombuffer(b"".join(sigs), dtype=np.uint8).reshape(16, 64),
         np.frombuffer(b"".join(hashes), dtype=np.uint8).reshape(16, 32),
         np.frombuffer(b"".join(pubs), dtype=np.uint8).reshape(16, 33)),
        (tuple(sigs), tuple(hashes), tuple(pubs)),
    ]
    for s, h, p in forms:
        assert fastsecp.ecdsa_verify_batch(s, h, p).statuses == ref.statuses
    full = [PublicKey(p).format(False) for p in pubs]
    assert fastsecp.ecdsa_verify_batch(sigs, hashes, b"".join(full)).all_valid
    assert fastsecp.ecdsa_verify_batch([], [], []).all_valid
    assert len(fastsecp.ecdsa_verify_batch(b"", b"", b"")) == 0


def test_batch_bad_arguments():
    sigs, hashes, pubs = make_ecdsa(4)
    with pytest.raises(ValueError, match="signatures\\[1\\]: expected 64 bytes, got 63"):
        fastsecp.ecdsa_verify_batch([sigs[0], sigs[1][:63]] + sigs[2:], hashes, pubs)
    with pytest.raises(ValueError, match="msghashes: expected 4 items, got 3"):
        fastsecp.ecdsa_verify_batch(sigs, hashes[:3], pubs)
    with pytest.raises(ValueError, match="not a multiple of 64"):
        fastsecp.ecdsa_verify_batch(b"".join(sigs)[:-1], hashes, pubs)
    with pytest.raises(ValueError, match="does not hold 4 records"):
        fastsecp.ecdsa_verify_batch(sigs, b"".join(hashes) + b"x", pubs)
    with pytest.raises(ValueError, match="33 or 65"):
        fastsecp.ecdsa_verify_batch(sigs, hashes, b"\x02" * (34 * 4))
    with pytest.raises(TypeError):
        fastsecp.ecdsa_verify_batch(sigs, hashes, [1, 2, 3, 4])
    with pytest.raises(TypeError):
        fastsecp.ecdsa_verify_batch(sigs, hashes, ["a" * 33] * 4)
    with pytest.raises(TypeError):
        fastsecp.ecdsa_verify_batch(12, hashes, pubs)
    with pytest.raises(TypeError):
        fastsecp.ecdsa_verify_batch(sigs, None, pubs)
    strided = np.zeros((4, 128), dtype=np.uint8)[:, ::2]
    with pytest.raises(TypeError, match="C-contiguous"):
        fastsecp.ecdsa_verify_batch(strided, hashes, pubs)
    with pytest.raises(ValueError, match="threads"):
        fastsecp.ecdsa_verify_batch(sigs, hashes, pubs, threads=100000)
    with pytest.raises(TypeError):
        fastsecp.ecdsa_verify_batch(sigs, hashes, pubs, threads=-1)
    with pytest.raises(ValueError, match="pubkeys\\[0\\]: expected 32 bytes"):
        fastsecp.schnorr_verify_batch([bytes(64)], [b"m"], [bytes(33)])
    with pytest.raises(ValueError, match="seckeys"):
        fastsecp.pubkey_create_batch(bytes(33))
    with pytest.raises(ValueError, match="tweaks"):
        fastsecp.pubkey_tweak_add_batch(pubs, [bytes(32)] * 3)
    with pytest.raises(ValueError, match="pubkeys\\[0\\]: expected 33 bytes"):
        fastsecp.pubkey_tweak_add_batch([PublicKey(pubs[0]).format(False)], [bytes(32)])


def test_schnorr_batch_matches_single_calls():
    sigs, msgs, pubs = make_schnorr(30)
    r = fastsecp.schnorr_verify_batch(sigs, msgs, pubs)
    assert r.all_valid
    sigs[3] = sigs[3][:63] + bytes([sigs[3][63] ^ 1])
    sigs[4] = P.to_bytes(32, "big") + sigs[4][32:]  # r >= p
    sigs[5] = sigs[5][:32] + N.to_bytes(32, "big")  # s >= n
    pubs[6] = P.to_bytes(32, "big")
    pubs[7] = (5).to_bytes(32, "big")  # not on the curve
    msgs[8] = b"other"
    r = fastsecp.schnorr_verify_batch(sigs, msgs, pubs)
    expect = {3: Status.INVALID_SIGNATURE, 4: Status.BAD_ENCODING, 5: Status.SCALAR_OUT_OF_RANGE,
              6: Status.BAD_ENCODING, 7: Status.POINT_NOT_ON_CURVE, 8: Status.INVALID_SIGNATURE}
    from fastsecp.coincurve import PublicKeyXOnly

    for i, st in enumerate(r):
        assert st == expect.get(i, Status.OK), i
        try:
            single = PublicKeyXOnly(pubs[i]).verify(sigs[i], msgs[i])
        except ValueError:
            single = False
        assert (st == Status.OK) == single
    # Packed: messages of one length; also through NumPy and memoryview.
    s2, m2, p2 = make_schnorr(8)
    assert fastsecp.schnorr_verify_batch(b"".join(s2), memoryview(b"".join(m2)),
                                         np.frombuffer(b"".join(p2), np.uint8)).all_valid


def test_bip340_vectors_batch():
    with open(VECTORS / "bip-0340" / "test-vectors.csv") as f:
        rows = list(csv.DictReader(f))
    sigs = [bytes.fromhex(r["signature"]) for r in rows]
    msgs = [bytes.fromhex(r["message"]) for r in rows]  # lengths 0, 1, 17, 32, 100 in the file
    pubs = [bytes.fromhex(r["public key"]) for r in rows]
    r = fastsecp.schnorr_verify_batch(sigs, msgs, pubs)
    for row, st in zip(rows, r):
        assert (st == Status.OK) == (row["verification result"] == "TRUE"), row["index"]
    assert not r.all_valid


def test_pubkey_create_batch():
    keys = [rbytes(32) for _ in range(50)] + [bytes(32), N.to_bytes(32, "big"), (N - 1).to_bytes(32, "big")]
    r = fastsecp.pubkey_create_batch(keys)
    for k, st, out in zip(keys, r, r.keys):
        v = int.from_bytes(k, "big")
        if 0 < v < N:
            assert st == Status.OK and out == PrivateKey(k).public_key.format()
        else:
            assert st == Status.SCALAR_OUT_OF_RANGE and out == bytes(33)
    assert r.packed == b"".join(r.keys) and len(r.packed) == 33 * len(keys)
    assert fastsecp.pubkey_create_batch(np.frombuffer(b"".join(keys), np.uint8)).packed == r.packed


def test_pubkey_tweak_add_batch():
    pubs = [PrivateKey(rbytes(32)).public_key.format() for _ in range(30)]
    tweaks = [rbytes(32) for _ in range(30)]
    k = rbytes(32)
    pubs[1] = PrivateKey(k).public_key.format()
    tweaks[1] = (N - int.from_bytes(k, "big")).to_bytes(32, "big")  # -> infinity
    tweaks[2] = N.to_bytes(32, "big")
    pubs[3] = b"\x05" + pubs[3][1:]
    tweaks[4] = bytes(32)
    r = fastsecp.pubkey_tweak_add_batch(pubs, tweaks)
    expect = {1: Status.POINT_AT_INFINITY, 2: Status.SCALAR_OUT_OF_RANGE, 3: Status.BAD_ENCODING}
    for i, (st, out) in enumerate(zip(r, r.keys)):
        assert st == expect.get(i, Status.OK), i
        if st == Status.OK:
            assert out == PublicKey(pubs[i]).add(tweaks[i]).format()
        else:
            assert out == bytes(33)
    assert fastsecp.pubkey_tweak_add_batch(b"".join(pubs), b"".join(tweaks)).statuses == r.statuses


@pytest.mark.parametrize("threads", [0, 2, 3])
def test_threads_give_the_same_results(threads):
    sigs, hashes, pubs = make_ecdsa(300)
    hashes[17] = bytes(32)
    one = fastsecp.ecdsa_verify_batch(sigs, hashes, pubs, threads=1)
    many = fastsecp.ecdsa_verify_batch(sigs, hashes, pubs, threads=threads)
    assert many.statuses == one.statuses and one.failed() == [17]
    s2, m2, p2 = make_schnorr(300)
    m2[5] = b"x"
    assert fastsecp.schnorr_verify_batch(s2, m2, p2, threads=threads).failed() == [5]
    keys = [rbytes(32) for _ in range(300)]
    assert fastsecp.pubkey_create_batch(keys, threads=threads).packed == fastsecp.pubkey_create_batch(keys).packed
    assert fastsecp._native.context_threads(threads) >= 1


def run_with_counter(calls):
    """Runs each call on this thread while a second Python thread counts; returns how far the
    counter moved during each call. The switch interval is raised so that the interpreter never
    takes the GIL from a running thread by force: the counter moves during a call only when the
    call itself releases the GIL (the counter gives the GIL back by itself every 1000 steps)."""
    counter = [0]
    stop = threading.Event()

    def count():
        while not stop.is_set():
            counter[0] += 1
            if counter[0] % 1000 == 0:
                time.sleep(0)

    t = threading.Thread(target=count)
    old = sys.getswitchinterval()
    sys.setswitchinterval(30.0)
    progress = []
    try:
        t.start()
        while counter[0] == 0:
            time.sleep(0.001)
        for call in calls:
            before = counter[0]
            call()
            progress.append(counter[0] - before)
    finally:
        stop.set()
        t.join()
        sys.setswitchinterval(old)
    return progress


def test_gil_released_during_batch():
    """A second Python thread makes progress while a long batch runs on this one."""
    sigs, hashes, pubs = make_ecdsa(64)
    n = 64 * 200  # a long batch: 12,800 signatures
    sigs, hashes, pubs = sigs * 200, hashes * 200, pubs * 200
    s2, m2, p2 = make_schnorr(64)
    s2, m2, p2 = s2 * 200, m2 * 200, p2 * 200
    keys = b"".join(rbytes(32) for _ in range(64)) * 200
    results = []
    calls = [
        lambda: results.append(fastsecp.ecdsa_verify_batch(b"".join(sigs), b"".join(hashes), b"".join(pubs))),
        lambda: results.append(fastsecp.ecdsa_verify_batch(sigs, hashes, pubs)),
        lambda: results.append(fastsecp.schnorr_verify_batch(s2, m2, p2)),
        lambda: results.append(fastsecp.pubkey_create_batch(keys)),
    ]
    # The control: a C call that keeps the GIL (a long sum) lets the counter move not at all.
    progress = run_with_counter([lambda: sum(range(3 * 10**6))] + calls)
    assert progress[0] == 0, progress
    assert all(p > 1000 for p in progress[1:]), progress
    assert all(r.all_valid and len(r) == n for r in results)
