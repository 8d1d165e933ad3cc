"""cudasp_match, the filter of the public cudasp extension's cudasp_scan, in the server's encodings
(64-byte little-endian x || y points, a little-endian scan key), compared row by row with
scan_silent_payments (our CPU scan) and with the per-row computation through this library's
libsecp256k1 API (test_duckdb_extension.expected_scan): on the BIP-352 vectors, on 3,000 synthetic
rows, and on 100,000 generated rows (all compared with scan_silent_payments; the per-row libsecp256k1
computation on every paying row and a 1-in-100 sample of the rest, to keep the run short).

FASTSECP_DUCKDB_DEVICE picks the device (auto by default: the CPU engine on a machine without GPU).
"""
import os
import random
import tempfile

import duckdb
import pytest

from test_duckdb_extension import EXT, S, bip352_rows, expected_scan, label_point, synthetic_wallet, synthetic_tx

# cudasp_scan(input_table, scan, spend, labels) as a query over the input table.
CUDASP = ("SELECT txid, height, tweak_key FROM {table} "
          "WHERE cudasp_match(tweak_key, outputs, ?, ?, ?) ORDER BY height")


# The README's macro: cudasp_scan with the public extension's parameters, over a table or view name.
MACRO = ("CREATE TEMP MACRO cudasp_scan(input_table, scan_private_key, spend_public_key, label_keys, "
         "batch_size := 300000) AS TABLE SELECT txid, height, tweak_key FROM query_table(input_table) "
         "WHERE cudasp_match(tweak_key, outputs, scan_private_key, spend_public_key, label_keys)")


@pytest.fixture(scope="module")
def con():
    c = duckdb.connect(config={"allow_unsigned_extensions": "true"})
    c.execute("LOAD '%s'" % EXT.replace("'", "''"))
    c.execute(MACRO)
    yield c
    c.close()


def le(b):
    return bytes(reversed(b))


def test_bip352_vectors(con):
    rows = bip352_rows()
    assert len(rows) > 20
    for i, (outs, scan, spend33, tweak33, labels, pays) in enumerate(rows):
        raw_labels = [S.parse(l) for l in labels]
        r = con.execute("SELECT cudasp_match(?, ?, ?, ?, ?)",
                        [S.parse(tweak33), outs, le(scan), S.parse(spend33), raw_labels]).fetchone()[0]
        ours = con.execute("SELECT scan_silent_payments(?, [?, ?, ?], ?)",
                           [outs, scan, spend33, tweak33, labels]).fetchone()[0]
        assert r == ours == expected_scan(outs, [scan, spend33, tweak33], labels) == pays, i


def test_synthetic_rows_as_the_server_scans(con):
    rng = random.Random(5352)
    scan, spend, labels = synthetic_wallet(rng)
    con.execute("CREATE OR REPLACE TABLE tweak (txid BLOB, height INTEGER, tweak_key BLOB, outputs BIGINT[])")
    data = []
    for i in range(700):
        kind = i % 7
        outs, t = synthetic_tx(rng, scan, spend, labels, pays=kind in (1, 2), label_index=1 if kind == 2 else None)
        data.append((i.to_bytes(32, "big"), i, S.parse(t), outs))
    con.executemany("INSERT INTO tweak VALUES (?, ?, ?, ?)", data)
    raw_labels = [S.parse(l) for l in labels]
    got = con.execute(CUDASP.format(table="tweak"), [le(scan), S.parse(spend), raw_labels]).fetchall()
    want = [(txid, h, tk) for (txid, h, tk, outs) in data if expected_scan(outs, [scan, spend, tk], labels)]
    assert got == want
    assert len(want) > 150 and any(h % 7 == 2 for (_, h, _) in want)
    ours = con.execute("SELECT txid, height, tweak_key FROM tweak WHERE scan_silent_payments(outputs, "
                       "[?, ?, tweak_key], ?) ORDER BY height", [scan, spend, labels]).fetchall()
    assert got == ours
    # The macro form, with cudasp_scan's parameters (a view stands for the input subquery).
    con.execute("CREATE OR REPLACE VIEW tweak_range AS SELECT * FROM tweak WHERE height BETWEEN 100 AND 600")
    got_m = con.execute("SELECT * FROM cudasp_scan(tweak_range, ?, ?, ?, batch_size := 300000) ORDER BY height",
                        [le(scan), S.parse(spend), raw_labels]).fetchall()
    assert got_m == [r for r in want if 100 <= r[1] <= 600] and got_m
    # No labels: the labelled payments are gone.
    got0 = con.execute(CUDASP.format(table="tweak"), [le(scan), S.parse(spend), []]).fetchall()
    assert [h for (_, h, _) in got0] == [h for (_, h, _) in want if h % 7 == 1]


def test_100k_generated_rows(con):
    """100,000 rows: the tweaks made in SQL (k·G of hashes), one row in 50 paying the wallet (half of
    those through a label), outputs random otherwise."""
    rng = random.Random(100352)
    scan, spend, labels = synthetic_wallet(rng)
    labels = labels[:1]  # the change label: the server's usual query
    n = 100_000
    con.execute("CREATE OR REPLACE TABLE g0 AS SELECT i::INTEGER AS height, unhex(sha256('txid' || i)) AS txid, "
                "secp256k1_ec_pubkey_create(unhex(sha256('tweak' || i))) AS t33, "
                "[(hash(i) >> 1)::BIGINT, -((hash(i + 7777777) >> 1)::BIGINT)] AS outputs FROM range(%d) r(i)" % n)
    # The paying rows' k = 0 output (plus the change label for every other one), with the SQL
    # functions of the server's own query.
    con.execute("CREATE OR REPLACE TABLE g1 AS SELECT height, txid, t33, CASE WHEN height % 50 = 3 THEN "
                "list_append(outputs, hash_prefix_to_int(secp256k1_ec_pubkey_combine(list_concat([?, "
                "secp256k1_ec_pubkey_create(secp256k1_tagged_sha256('BIP0352/SharedSecret'::BLOB, "
                "secp256k1_ec_pubkey_tweak_mul(t33, ?) || '\\x00\\x00\\x00\\x00'::BLOB))], "
                "CASE WHEN height % 100 = 3 THEN [?::BLOB] ELSE []::BLOB[] END)), 1)) ELSE outputs END AS outputs "
                "FROM g0", [spend, scan, labels[0]])
    # 64-byte little-endian tweak keys, as the server stores them (through a CSV file: fast).
    t33 = con.execute("SELECT height, t33 FROM g1 ORDER BY height").fetchall()
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "raw.csv")
        with open(path, "w") as f:
            f.write("height,raw\n")
            for h, t in t33:
                f.write("%d,%s\n" % (h, S.parse(t).hex()))
        con.execute("CREATE OR REPLACE TABLE g AS SELECT g1.txid, g1.height, unhex(c.raw) AS tweak_key, "
                    "g1.outputs, g1.t33 FROM g1 JOIN read_csv('%s', columns={'height': 'INTEGER', "
                    "'raw': 'VARCHAR'}) c USING (height)" % path)
    raw_labels = [S.parse(l) for l in labels]
    got = con.execute(CUDASP.format(table="g"), [le(scan), S.parse(spend), raw_labels]).fetchall()
    ours = con.execute("SELECT txid, height, tweak_key FROM g WHERE scan_silent_payments(outputs, "
                       "[?, ?, tweak_key], ?) ORDER BY height", [scan, spend, labels]).fetchall()
    assert got == ours
    assert [h for (_, h, _) in got] == [h for h in range(n) if h % 50 == 3]
    # The per-row libsecp256k1 computation: every paying row and a sample of the others.
    rows = con.execute("SELECT height, tweak_key, outputs FROM g WHERE height % 50 = 3 OR height % 100 = 0 "
                       "ORDER BY height").fetchall()
    hit = {h for (_, h, _) in got}
    for h, tk, outs in rows:
        assert expected_scan(outs, [scan, spend, tk], labels) == (h in hit), h


def test_bad_rows_and_keys(con):
    rng = random.Random(77)
    scan, spend, labels = synthetic_wallet(rng)
    outs, t = synthetic_tx(rng, scan, spend, labels, pays=True)
    raw = S.parse(t)
    args = [le(scan), S.parse(spend), [S.parse(l) for l in labels]]
    q = "SELECT cudasp_match(?, ?, ?, ?, ?)"
    assert con.execute(q, [raw, outs] + args).fetchone()[0] is True
    assert con.execute(q, [t, outs] + args).fetchone()[0] is True          # 33-byte tweak accepted too
    assert con.execute(q, [raw, None] + args).fetchone()[0] is None        # NULL outputs: no row
    assert con.execute(q, [raw, [None] + outs] + args).fetchone()[0] is True  # NULL elements skipped
    assert con.execute(q, [None, outs] + args).fetchone()[0] is None       # NULL tweak: no row
    assert con.execute(q, [raw[:40], outs] + args).fetchone()[0] is None   # wrong length: no row
    off = bytearray(raw)
    off[40] ^= 1                                                           # y changed: off the curve
    assert con.execute(q, [bytes(off), outs] + args).fetchone()[0] is None
    with pytest.raises(duckdb.Error, match="scan_private_key must be exactly 32 bytes"):
        con.execute(q, [raw, outs, scan[:31], args[1], args[2]]).fetchone()
    with pytest.raises(duckdb.Error, match="spend_public_key must be exactly 64 bytes"):
        con.execute(q, [raw, outs, args[0], args[1][:50], args[2]]).fetchone()
    with pytest.raises(duckdb.Error, match="Each label key must be exactly 64 bytes"):
        con.execute(q, [raw, outs, args[0], args[1], [b"\x01" * 10]]).fetchone()
    with pytest.raises(duckdb.Error, match="invalid scan_private_key or spend_public_key"):
        con.execute(q, [raw, outs, bytes(32), args[1], args[2]]).fetchone()
