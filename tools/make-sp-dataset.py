#!/usr/bin/env python3
"""A synthetic silent-payments tweak table in Parquet, with known matches planted, for
docs/SPARK.md's example, the Spark tests and tools/bench-spark.py.

    python tools/make-sp-dataset.py --rows 1000000 --out sp-data [--files 8] [--seed 352]

Writes into --out:
  tweak/part-NNNNN.parquet  the table, in --files files of row groups of --row-group rows:
                            txid BINARY (32), height INT (800000 + i // 3000),
                            tweak_key BINARY (33-byte compressed tweak input_hash·A),
                            outputs ARRAY<BIGINT> (2 or 3 output prefixes: the first 8 bytes of
                            each x-only output key as a big-endian signed number, as the
                            silent-payments server stores them)
  wallet.json               the wallet: scan_key, spend_pubkey (hex), labels (m values) and
                            label_points (hex, what scan_silent_payments takes)
  wallet.txt                the same wallet for `fastsecp scan --wallet`
  expected.txt              the txids (hex) of the planted rows, sorted
  cli-input.txt             (with --cli-input) the table as `fastsecp scan --prefilter` input

About --match-rate of the rows (default 1 %) pay the wallet: half directly, half to its change
label (m = 0), built with the sender's side of BIP-352 (fastsecp.silentpayments.create_outputs from
a random input key and outpoint, the tweak from public_tweak). The other rows have random tweaks
(points from random secret keys, one batch call) and random prefixes: a random prefix equals the
wallet's one with probability 2^-64 per output, so the matches are exactly the planted rows.
Needs the fastsecp package and pyarrow.
"""
import argparse
import json
import os
import random

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

import fastsecp
from fastsecp import silentpayments as sp


def prefix(xonly32: bytes) -> int:
    return int.from_bytes(xonly32[:8], "big", signed=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rows", type=int, default=100000)
    ap.add_argument("--out", required=True)
    ap.add_argument("--files", type=int, default=8)
    ap.add_argument("--row-group", type=int, default=65536)
    ap.add_argument("--match-rate", type=float, default=0.01)
    ap.add_argument("--seed", type=int, default=352)
    ap.add_argument("--cli-input", action="store_true", help="also write cli-input.txt for fastsecp scan --prefilter")
    a = ap.parse_args()

    rng = random.Random(a.seed)
    n = a.rows
    scan_key = rng.randbytes(32)
    spend_sec = rng.randbytes(32)
    spend_pub = fastsecp.pubkey_create_batch([spend_sec]).keys[0]
    scan_pub = fastsecp.pubkey_create_batch([scan_key]).keys[0]
    change33, _ = sp.create_label(scan_key, 0)
    change_spend = sp.labeled_spend_pubkey(spend_pub, change33)

    # Random rows: tweaks from random secret keys (one batch call), 2 or 3 random prefixes.
    secrets = bytearray(rng.randbytes(32 * n))
    res = fastsecp.pubkey_create_batch(bytes(secrets))
    if not res.all_valid:  # a secret >= n (probability 2^-128): replace it
        raise SystemExit("unlucky seed: choose another --seed")
    tweaks = [bytes(k) for k in res.keys]
    counts = np.array([rng.choice((2, 3)) for _ in range(n)], dtype=np.int64)
    npr = np.random.default_rng(a.seed)
    values = npr.integers(-2**63, 2**63 - 1, size=int(counts.sum()), dtype=np.int64, endpoint=True)
    offsets = np.concatenate(([0], np.cumsum(counts)))

    # Planted rows: a real sender transaction paying the wallet (or its change label).
    planted = sorted(rng.sample(range(n), int(round(n * a.match_rate))))
    for j, i in enumerate(planted):
        outpoint = rng.randbytes(32) + bytes(4)
        input_sec = rng.randbytes(32)
        input_pub = fastsecp.pubkey_create_batch([input_sec]).keys[0]
        recipient = (scan_pub, spend_pub if j % 2 == 0 else change_spend)
        out = sp.create_outputs([recipient], outpoint, seckeys=[input_sec])[0]
        tweaks[i] = sp.public_tweak(outpoint, pubkeys=[input_pub])
        values[offsets[i] + rng.randrange(int(counts[i]))] = prefix(out)

    txids = [rng.randbytes(32) for _ in range(n)]
    heights = np.arange(n, dtype=np.int32) // 3000 + 800000
    outputs = pa.ListArray.from_arrays(pa.array(offsets.astype(np.int32)), pa.array(values))
    table = pa.table({"txid": pa.array(txids, pa.binary()), "height": pa.array(heights),
                      "tweak_key": pa.array(tweaks, pa.binary()), "outputs": outputs})

    os.makedirs(os.path.join(a.out, "tweak"), exist_ok=True)
    per_file = -(-n // a.files)
    for f in range(a.files):
        part = table.slice(f * per_file, per_file)
        if part.num_rows:
            pq.write_table(part, os.path.join(a.out, "tweak", "part-%05d.parquet" % f), row_group_size=a.row_group)

    with open(os.path.join(a.out, "wallet.json"), "w") as f:
        json.dump({"scan_key": scan_key.hex(), "spend_pubkey": spend_pub.hex(), "labels": [0],
                   "label_points": [change33.hex()]}, f, indent=1)
    with open(os.path.join(a.out, "wallet.txt"), "w") as f:
        f.write("# synthetic wallet of tools/make-sp-dataset.py (seed %d)\n" % a.seed)
        f.write("scan_key     = %s\nspend_pubkey = %s\nlabels       = 0\n" % (scan_key.hex(), spend_pub.hex()))
    with open(os.path.join(a.out, "expected.txt"), "w") as f:
        f.writelines(h + "\n" for h in sorted(txids[i].hex() for i in planted))
    if a.cli_input:
        with open(os.path.join(a.out, "cli-input.txt"), "w") as f:
            for i in range(n):
                outs = " ".join((int(v) & (2**64 - 1)).to_bytes(8, "big").hex() for v in values[offsets[i]:offsets[i + 1]])
                f.write("%s %s %s\n" % (txids[i].hex(), tweaks[i].hex(), outs))
    print("%d rows in %d files, %d planted matches: %s" % (n, a.files, len(planted), a.out))


if __name__ == "__main__":
    main()
