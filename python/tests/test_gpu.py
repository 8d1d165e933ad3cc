"""fastsecp.gpu and Wallet.scan(device=...): every call through the CPU backend (always) and through
OpenCL with CPU devices allowed (PoCL; skipped where no OpenCL device exists) equals the CPU batch
calls byte for byte, on random and bad inputs; explicit backends without a device raise
NoDeviceError."""
from __future__ import annotations

import random

import pytest

import fastsecp
from conftest import N
from fastsecp import gpu
from fastsecp import silentpayments as sp
from fastsecp.coincurve import PrivateKey, PublicKey
from test_silentpayments import random_world


def opencl_context():
    try:
        return gpu.Context("opencl", include_cpu_devices=True)
    except gpu.NoDeviceError:
        pytest.skip("no OpenCL device on this machine")


@pytest.fixture(params=["cpu", "opencl"])
def ctx(request):
    if request.param == "cpu":
        return gpu.Context("cpu", cpu_threads=2)
    return opencl_context()


def test_list_devices_and_contexts():
    assert gpu.list_devices("cpu") == []
    devs = gpu.list_devices("auto", include_cpu_devices=True)
    assert len(devs) == len(gpu.list_devices("cuda")) + len(gpu.list_devices("opencl", include_cpu_devices=True))
    for d in devs:
        assert d.backend in ("cuda", "opencl") and d.name and d.compute_units > 0
    c = gpu.Context("cpu", cpu_threads=3)
    assert c.backend == "cpu"
    assert c.description == "CPU engine (3 threads, no GPU)"
    assert gpu.Context().backend in ("cpu", "cuda", "opencl")
    with pytest.raises(ValueError):
        gpu.Context("tpu")
    with pytest.raises(ValueError):
        gpu.Context("cpu", device=-2)
    for backend in ("cuda", "opencl"):
        if not gpu.list_devices(backend, include_cpu_devices=True):
            with pytest.raises(gpu.NoDeviceError):
                gpu.Context(backend, include_cpu_devices=True)
    if not gpu.list_devices("auto"):
        with pytest.raises(gpu.NoDeviceError, match="no GPU found"):
            gpu.shared_context("gpu")
    with pytest.raises(ValueError):
        gpu.shared_context("fpga")


def test_ecmult_gen_and_tweak_mul(ctx):
    r = random.Random(22)
    scalars = [r.randbytes(32) for _ in range(60)] + [bytes(32), N.to_bytes(32, "big"), (N - 1).to_bytes(32, "big")]
    got = ctx.ecmult_gen_batch(scalars)
    want = fastsecp.pubkey_create_batch(scalars)
    assert got.statuses == want.statuses and got.packed == want.packed
    assert got.failed() == [60, 61]
    keys = [PrivateKey(r.randbytes(32)).public_key.format() for _ in range(40)]
    keys[3] = b"\x05" + keys[3][1:]
    keys[7] = b"\x02" + b"\xff" * 32
    tweak = r.randbytes(32)
    res = ctx.pubkey_tweak_mul_batch(keys, tweak)
    for i, k in enumerate(keys):
        if i in (3, 7):
            assert res[i] != fastsecp.Status.OK and res.keys[i] == bytes(33)
        else:
            assert res.keys[i] == PublicKey(k).multiply(tweak).format()
    assert ctx.pubkey_tweak_mul_batch(keys, bytes(32)).failed() == list(range(40))
    st = ctx.stats(reset=True)
    assert st["device_items"] + st["cpu_items"] >= 60 + 40 + 40


def test_verification(ctx):
    r = random.Random(23)
    sigs, msgs, keys, hashes, esigs, ekeys = [], [], [], [], [], []
    for i in range(40):
        k = PrivateKey(r.randbytes(32))
        m = r.randbytes(32)
        s = k.sign_schnorr(m)
        if i % 5 == 1:
            s = s[:40] + bytes([s[40] ^ 1]) + s[41:]
        if i % 5 == 2:
            s = s[:32] + b"\xff" * 32
        sigs.append(s)
        msgs.append(m)
        keys.append(k.public_key_xonly.format())
        h = r.randbytes(32)
        esigs.append(_compact(k, h) if i % 7 != 3 else N.to_bytes(32, "big") + bytes(32))
        hashes.append(bytes([h[0] ^ (i % 4 == 1)]) + h[1:])
        ekeys.append(k.public_key.format(compressed=i % 3 != 0))
    got = ctx.schnorr_verify_batch(sigs, msgs, keys)
    want = fastsecp.schnorr_verify_batch(sigs, msgs, keys)
    assert got.statuses == want.statuses and not got.all_valid and got[0] == fastsecp.Status.OK
    got = ctx.ecdsa_verify_batch(esigs, hashes, ekeys)
    want = fastsecp.ecdsa_verify_batch(esigs, hashes, ekeys)
    assert got.statuses == want.statuses and not got.all_valid and got[0] == fastsecp.Status.OK


def _compact(key, msghash):
    from fastsecp import _native  # noqa: PLC0415
    from fastsecp.coincurve.context import GLOBAL_CONTEXT  # noqa: PLC0415

    sig = _native.ecdsa_sign(GLOBAL_CONTEXT.ctx, msghash, key.secret, None)
    return _native.ecdsa_serialize_compact(GLOBAL_CONTEXT.ctx, sig)


@pytest.mark.parametrize("device", ["cpu", "auto", "context", "opencl"])
def test_wallet_scan_on_devices(device):
    scan_key, spend, txs = random_world(30, 7)
    wallet = sp.Wallet(scan_key, spend.public_key.format(), labels=[0, 1, 7])
    items = [(t, o) for t, o, _, _ in txs]
    items.append((b"\x05" + txs[0][0][1:], txs[0][1]))  # a bad tweak
    dev = {"context": gpu.Context("cpu"), "opencl": None}.get(device, device)
    if device == "opencl":
        dev = opencl_context()
    base = wallet.scan(items)
    got = wallet.scan(items, device=dev)
    assert got.statuses == base.statuses and got.matches == base.matches
    assert len(got.matches) == 20 and got[30] != fastsecp.Status.OK
    prefixes = [o[:8] for _, outs in items for o in outs]
    offs = [0]
    for _, o in items:
        offs.append(offs[-1] + len(o))
    tweaks = b"".join(t for t, _ in items)
    for vartime in (False, True):
        a = wallet.prefilter(tweaks, prefixes, offs, vartime=vartime)
        b = wallet.prefilter(tweaks, prefixes, offs, vartime=vartime, device=dev)
        assert a.statuses == b.statuses and a.maybe == b.maybe
    assert b.candidates() == [i for i in range(30) if i % 3 != 0]


def test_wallet_scan_device_errors():
    scan_key, spend, txs = random_world(3, 8)
    wallet = sp.Wallet(scan_key, spend.public_key.format())
    with pytest.raises(ValueError):
        wallet.scan([(t, o) for t, o, _, _ in txs], device="fpga")
    if not gpu.list_devices("auto"):
        with pytest.raises(gpu.NoDeviceError):
            wallet.scan([(t, o) for t, o, _, _ in txs], device="gpu")
