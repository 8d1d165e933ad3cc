"""fastsecp for Python against the coincurve 21.0.0 wheel, in one process (tools/bench-python.sh).

Per-call rows go through fastsecp.coincurve and coincurve with the same inputs (Python call
overhead included on both sides). Batch rows compare one fastsecp batch call with a coincurve loop
over the same signatures (keys and signatures parsed beforehand on both sides: the loop calls
verify on ready objects). The scan row compares Wallet.scan over 10,000 transactions with one
silentpayments.scan_transaction call per transaction (the libsecp256k1-compatible module API).
Every timed side's outputs are checked against the other's first. Times are medians over rounds,
interleaved (ours, theirs, ours, ...); ratio = baseline / fastsecp. One-thread rows are timed in
this process's CPU time (on a shared, loaded machine wall time mostly measures the other tenants);
rows with more threads in wall time.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import sys
import time

import coincurve

import fastsecp
import fastsecp.coincurve as fc
from fastsecp import silentpayments as sp


def timeit(fn, n_ops, rounds, min_time, clock=time.process_time):
    """Median seconds per operation of fn() (which performs n_ops operations), over rounds."""
    reps = 1
    while True:
        t = clock()
        for _ in range(reps):
            fn()
        dt = clock() - t
        if dt >= min_time or reps >= 1 << 20:
            break
        reps *= 2
    times = []
    for _ in range(rounds):
        t = clock()
        for _ in range(reps):
            fn()
        times.append((clock() - t) / (reps * n_ops))
    return statistics.median(times)


def pair(ours, theirs, n_ops, rounds, min_time, wall=False):
    # Interleave the rounds of both sides so that load changes hit both alike.
    clock = time.perf_counter if wall else time.process_time
    a, b = [], []
    for _ in range(rounds):
        a.append(timeit(ours, n_ops, 1, min_time, clock))
        b.append(timeit(theirs, n_ops, 1, min_time, clock))
    return statistics.median(a), statistics.median(b)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--min-time", type=float, default=0.2, help="seconds per timed round and side")
    ap.add_argument("--batch", type=int, default=10000)
    ap.add_argument("--threads", type=int, default=os.cpu_count() or 1, help="threads for the multi-threaded batch rows")
    args = ap.parse_args()
    assert coincurve.__version__ == "21.0.0"
    rows = []
    scan_rows = []

    def row(name, ours, theirs, n_ops=1, note="", table=rows):
        wall = "threads" in name  # the multi-threaded rows
        t_ours, t_theirs = pair(ours, theirs, n_ops, args.rounds, args.min_time, wall)
        if wall:
            note = (note + " wall time").strip()
        table.append((name, t_theirs, t_ours, t_theirs / t_ours, note))
        print(f"  {name}: baseline {t_theirs * 1e6:.2f} us, fastsecp {t_ours * 1e6:.2f} us, "
              f"{t_theirs / t_ours:.2f}x", file=sys.stderr)

    secret = hashlib.sha256(b"bench key").digest()
    msg = b"benchmark message"
    msg32 = hashlib.sha256(msg).digest()
    ko, kt = fc.PrivateKey(secret), coincurve.PrivateKey(secret)
    sig = kt.sign(msg)
    assert ko.sign(msg) == sig
    pub33 = kt.public_key.format()
    po, pt = fc.PublicKey(pub33), coincurve.PublicKey(pub33)
    ssig = kt.sign_schnorr(msg32, None)
    assert ko.sign_schnorr(msg32, None) == ssig
    xo, xt = ko.public_key_xonly, kt.public_key_xonly
    other = coincurve.PrivateKey(hashlib.sha256(b"peer").digest()).public_key.format()
    assert ko.ecdh(other) == kt.ecdh(other)

    print("per call (fastsecp.coincurve vs coincurve):", file=sys.stderr)
    row("ECDSA sign (PrivateKey.sign, DER)", lambda: ko.sign(msg), lambda: kt.sign(msg))
    row("ECDSA verify (PublicKey.verify)", lambda: po.verify(sig, msg), lambda: pt.verify(sig, msg))
    row("ECDSA verify (verify_signature, key bytes)", lambda: fc.verify_signature(sig, msg, pub33),
        lambda: coincurve.verify_signature(sig, msg, pub33))
    row("BIP-340 sign (sign_schnorr)", lambda: ko.sign_schnorr(msg32, None), lambda: kt.sign_schnorr(msg32, None))
    row("BIP-340 verify (PublicKeyXOnly.verify)", lambda: xo.verify(ssig, msg32), lambda: xt.verify(ssig, msg32))
    row("ECDH (PrivateKey.ecdh)", lambda: ko.ecdh(other), lambda: kt.ecdh(other))
    row("pubkey creation (PublicKey.from_secret + format)", lambda: fc.PublicKey.from_secret(secret).format(),
        lambda: coincurve.PublicKey.from_secret(secret).format())
    row("PrivateKey(secret).public_key.format()", lambda: fc.PrivateKey(secret).public_key.format(),
        lambda: coincurve.PrivateKey(secret).public_key.format(), note="coincurve also derives the x-only key here")

    n = args.batch
    print(f"batches of {n} (one fastsecp call vs a coincurve loop):", file=sys.stderr)
    keys = [hashlib.sha256(i.to_bytes(4, "big")).digest() for i in range(n)]
    hashes = [hashlib.sha256(b"m" + i.to_bytes(4, "big")).digest() for i in range(n)]
    ck = [coincurve.PrivateKey(k) for k in keys]
    ders = [k.sign(h, hasher=None) for k, h in zip(ck, hashes)]
    compact = b"".join(coincurve.ecdsa.serialize_compact(coincurve.ecdsa.der_to_cdata(d)) for d in ders)
    pubs = [k.public_key for k in ck]
    packed_pubs = b"".join(p.format() for p in pubs)
    packed_hashes = b"".join(hashes)

    def loop_ecdsa():
        for p, d, h in zip(pubs, ders, hashes):
            if not p.verify(d, h, hasher=None):
                raise AssertionError

    assert fastsecp.ecdsa_verify_batch(compact, packed_hashes, packed_pubs).all_valid
    row(f"ECDSA verify, batch of {n}, 1 thread", lambda: fastsecp.ecdsa_verify_batch(compact, packed_hashes, packed_pubs),
        loop_ecdsa, n_ops=n)
    row(f"ECDSA verify, batch of {n}, {args.threads} threads",
        lambda: fastsecp.ecdsa_verify_batch(compact, packed_hashes, packed_pubs, threads=args.threads), loop_ecdsa, n_ops=n)

    ssigs = [k.sign_schnorr(h, None) for k, h in zip(ck, hashes)]
    xpubs = [k.public_key_xonly for k in ck]
    packed_ssigs = b"".join(ssigs)
    packed_x = b"".join(x.format() for x in xpubs)

    def loop_schnorr():
        for x, s, h in zip(xpubs, ssigs, hashes):
            if not x.verify(s, h):
                raise AssertionError

    assert fastsecp.schnorr_verify_batch(packed_ssigs, packed_hashes, packed_x).all_valid
    row(f"BIP-340 verify, batch of {n}, 1 thread",
        lambda: fastsecp.schnorr_verify_batch(packed_ssigs, packed_hashes, packed_x), loop_schnorr, n_ops=n)
    row(f"BIP-340 verify, batch of {n}, {args.threads} threads",
        lambda: fastsecp.schnorr_verify_batch(packed_ssigs, packed_hashes, packed_x, threads=args.threads),
        loop_schnorr, n_ops=n)

    packed_keys = b"".join(keys)
    assert fastsecp.pubkey_create_batch(packed_keys).packed == packed_pubs

    def loop_create():
        for k in keys:
            coincurve.PublicKey.from_secret(k).format()

    row(f"pubkey creation, batch of {n}, 1 thread", lambda: fastsecp.pubkey_create_batch(packed_keys), loop_create, n_ops=n)

    # Silent payments: n two-output transactions, one in 16 paying the wallet.
    print(f"silent payments, {n} transactions (Wallet.scan vs scan_transaction per transaction):", file=sys.stderr)
    scan_key = hashlib.sha256(b"scan").digest()
    spend = fc.PrivateKey(hashlib.sha256(b"spend").digest())
    spend_pub = spend.public_key.format()
    scan_pub = fc.PrivateKey(scan_key).public_key.format()
    txs = []
    for i in range(n):
        in_key = keys[i]
        outpoint = hashlib.sha256(b"o" + i.to_bytes(4, "big")).digest() + i.to_bytes(4, "little")
        noise = xpubs[(i + 1) % n].format()
        if i % 16 == 0:
            outs = sp.create_outputs([(scan_pub, spend_pub)], outpoint, seckeys=[in_key]) + [noise]
        else:
            outs = [xpubs[(i + 2) % n].format(), noise]
        in_pub = ck[i].public_key.format()
        txs.append((sp.public_tweak(outpoint, pubkeys=[in_pub]), outs, outpoint, in_pub))
    wallet = sp.Wallet(scan_key, spend_pub)
    items = [(t, o) for t, o, _, _ in txs]
    tweaks = b"".join(t for t, _, _, _ in txs)
    outputs = b"".join(b"".join(o) for _, o, _, _ in txs)
    offsets = list(range(0, 2 * n + 1, 2))
    found = wallet.scan_packed(tweaks, outputs, offsets)
    assert len(found.matches) == (n + 15) // 16

    def loop_scan():
        hits = 0
        for _, outs, outpoint, in_pub in txs:
            hits += len(sp.scan_transaction(outs, scan_key, spend_pub, outpoint, pubkeys=[in_pub]))
        if hits != (n + 15) // 16:
            raise AssertionError

    row(f"SP scan, {n} txs, CT, 1 thread (packed)", lambda: wallet.scan_packed(tweaks, outputs, offsets), loop_scan, n_ops=n, table=scan_rows)
    row(f"SP scan, {n} txs, CT, 1 thread (list of (tweak, outputs))", lambda: wallet.scan(items), loop_scan, n_ops=n, table=scan_rows)
    row(f"SP scan, {n} txs, vartime, 1 thread (packed)",
        lambda: wallet.scan_packed(tweaks, outputs, offsets, vartime=True), loop_scan, n_ops=n, table=scan_rows)
    row(f"SP scan, {n} txs, CT, {args.threads} threads (packed)",
        lambda: wallet.scan_packed(tweaks, outputs, offsets, threads=args.threads), loop_scan, n_ops=n, table=scan_rows)

    print(f"\nfastsecp {fastsecp.__version__} (library {fastsecp.library_version}), coincurve {coincurve.__version__}, "
          f"Python {sys.version.split()[0]}, {os.cpu_count()} cores; medians of {args.rounds} interleaved rounds; "
          "process CPU time unless the note says wall time\n")
    print("| operation | coincurve 21.0.0 (us/op) | fastsecp (us/op) | ratio | note |")
    print("|---|---:|---:|---:|---|")
    for name, a, b, r, note in rows:
        print(f"| {name} | {a * 1e6:.2f} | {b * 1e6:.2f} | {r:.2f}x | {note} |")
    print("\n| silent payments (coincurve has none) | scan_transaction per transaction (us/tx) | Wallet.scan (us/tx) "
          "| ratio | note |")
    print("|---|---:|---:|---:|---|")
    for name, a, b, r, note in scan_rows:
        print(f"| {name} | {a * 1e6:.2f} | {b * 1e6:.2f} | {r:.2f}x | {note} |")


if __name__ == "__main__":
    main()
