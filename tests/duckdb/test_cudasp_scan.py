"""cudasp.duckdb_extension: cudasp_scan with the public cudasp extension's TABLE argument, called
exactly as the silent-payments server calls it:
    SELECT * FROM cudasp_scan((SELECT txid, height, tweak_key, outputs FROM tweak WHERE ...),
                              scan_private_key, spend_public_key, label_keys [, batch_size])
Its rows are compared with cudasp_match (secp256k1.duckdb_extension), with scan_silent_payments (our
CPU scan) and with the per-row computation through this library's libsecp256k1 API
(test_duckdb_extension.expected_scan): on the BIP-352 vectors, on synthetic rows with every batch
size from 1 row up (batches ending inside and between DuckDB's chunks, more matches in a batch than
one output vector holds), and on 100,000 generated rows on two threads. One run goes through the
OpenCL kernels (PoCL here) in a separate process (FASTSECP_DUCKDB_DEVICE=opencl).

The file is built for one DuckDB version (its footer names it; DuckDB refuses it in any other):
under another DuckDB these tests check that refusal and skip the rest, saying so.
Environment: as test_duckdb_extension, plus FASTSECP_DUCKDB_CUDASP_EXTENSION (default: the
cudasp.duckdb_extension beside FASTSECP_DUCKDB_EXTENSION).
"""
import glob
import os
import random
import subprocess
import sys

import duckdb
import pytest

from test_duckdb_extension import EXT, S, bip352_rows, expected_scan, synthetic_tx, synthetic_wallet

CUDASP = os.environ.get("FASTSECP_DUCKDB_CUDASP_EXTENSION",
                        os.path.join(os.path.dirname(EXT), "cudasp.duckdb_extension"))


def built_for():
    """The DuckDB version in the extension's footer (field 3 of 8, counted from the end)."""
    with open(CUDASP, "rb") as f:
        f.seek(-512, os.SEEK_END)
        footer = f.read(256)
    fields = [footer[i * 32:(i + 1) * 32].rstrip(b"\0").decode() for i in range(8)]
    assert fields[7] == "4" and fields[3] == "CPP", fields
    return fields[5]


SAME_VERSION = built_for() == "v" + duckdb.__version__
needs_same = pytest.mark.skipif(not SAME_VERSION, reason="cudasp.duckdb_extension is built for DuckDB %s; this is %s"
                                % (built_for(), duckdb.__version__))

SCAN = ("SELECT * FROM cudasp_scan((SELECT txid, height, tweak_key, outputs FROM {src}), ?, ?, ?::BLOB[]{extra}) "
        "ORDER BY height")
MATCH = ("SELECT txid, height, tweak_key FROM {src} WHERE cudasp_match(tweak_key, outputs, ?, ?, ?) "
         "ORDER BY height")


def connect(threads=None):
    c = duckdb.connect(config={"allow_unsigned_extensions": "true"})
    c.execute("LOAD '%s'" % EXT.replace("'", "''"))
    c.execute("LOAD '%s'" % CUDASP.replace("'", "''"))
    if threads:
        c.execute("SET threads = %d" % threads)
    return c


@pytest.fixture(scope="module")
def con():
    c = connect()
    yield c
    c.close()


def le(b):
    return bytes(reversed(b))


def args_for(scan, spend, labels):
    return [le(scan), S.parse(spend), [S.parse(l) for l in labels]]


def test_other_duckdb_versions_refuse_the_file():
    if SAME_VERSION:
        pytest.skip("this DuckDB is the one the file is built for (%s)" % built_for())
    c = duckdb.connect(config={"allow_unsigned_extensions": "true"})
    with pytest.raises(duckdb.Error, match=built_for().replace(".", r"\.")):
        c.execute("LOAD '%s'" % CUDASP.replace("'", "''"))


@needs_same
def test_install_and_load_by_name(tmp_path):
    """Installed into DuckDB's extension folder, LOAD cudasp finds it, as it found the original."""
    c = duckdb.connect(config={"allow_unsigned_extensions": "true", "extension_directory": str(tmp_path)})
    c.execute("INSTALL '%s'" % CUDASP.replace("'", "''"))
    c.execute("LOAD cudasp")
    assert c.execute("SELECT loaded FROM duckdb_extensions() WHERE extension_name = 'cudasp'").fetchone() == (True,)
    assert c.execute("SELECT count(*) FROM duckdb_functions() WHERE function_name = 'cudasp_scan'").fetchone() == (1,)
    c.close()


@needs_same
def test_bip352_vectors(con):
    rows = bip352_rows()
    assert len(rows) > 20
    con.execute("CREATE OR REPLACE TABLE v (txid BLOB, height INTEGER, tweak_key BLOB, outputs BIGINT[])")
    for i, (outs, scan, spend33, tweak33, labels, pays) in enumerate(rows):
        con.execute("DELETE FROM v")
        con.execute("INSERT INTO v VALUES (?, ?, ?, ?)", [b"tx%d" % i, i, S.parse(tweak33), outs])
        got = con.execute(SCAN.format(src="v", extra=""),
                          [le(scan), S.parse(spend33), [S.parse(l) for l in labels]]).fetchall()
        assert (len(got) == 1) == pays == expected_scan(outs, [scan, spend33, tweak33], labels), i
        if pays:
            assert got == [(b"tx%d" % i, i, S.parse(tweak33))]


@needs_same
def test_rows_and_batch_sizes(con):
    rng = random.Random(5353)
    scan, spend, labels = synthetic_wallet(rng)
    con.execute("CREATE OR REPLACE TABLE t (txid BLOB, height INTEGER, tweak_key BLOB, outputs BIGINT[])")
    data = []
    for i in range(2600):
        kind = i % 13
        outs, t = synthetic_tx(rng, scan, spend, labels, pays=kind != 0, label_index=1 if kind == 2 else None)
        raw = S.parse(t)
        if kind == 0 and i % 2 == 0:
            raw = raw[:40]                                  # wrong length: never a row
        data.append((i.to_bytes(32, "big"), i, raw, outs))
    # Rows cudasp skips: a NULL txid, height or tweak_key (they would pay otherwise).
    outs, t = synthetic_tx(rng, scan, spend, labels, pays=True)
    data += [(None, 5000, S.parse(t), outs), (b"n1", None, S.parse(t), outs), (b"n2", 5001, None, outs),
             (b"n3", 5002, S.parse(t), None), (b"n4", 5003, S.parse(t), [None] + outs)]
    con.executemany("INSERT INTO t VALUES (?, ?, ?, ?)", data)
    a = args_for(scan, spend, labels)
    want = [(x, h, k) for (x, h, k, o) in data
            if x is not None and h is not None and k is not None and len(k) == 64
            and expected_scan([v for v in (o or []) if v is not None], [scan, spend, k], labels)]
    assert len(want) > 2048 + 100 and (b"n4", 5003, S.parse(t)) in want   # more than one output vector
    # (the WHERE form keeps rows with a NULL txid or height; cudasp_scan skips them, as cudasp does)
    assert con.execute(MATCH.format(src="(FROM t WHERE txid IS NOT NULL AND height IS NOT NULL)"), a).fetchall() == want
    assert con.execute(SCAN.format(src="t", extra=""), a).fetchall() == want
    for batch in (1, 7, 2047, 2048, 2049, 2500, 300000):
        assert con.execute(SCAN.format(src="t", extra=", %d" % batch), a).fetchall() == want, batch
        assert con.execute(SCAN.format(src="t", extra=", batch_size := %d" % batch), a).fetchall() == want, batch
    # A filtered subquery, as the server writes it, and no labels.
    got = con.execute(SCAN.format(src="t WHERE height BETWEEN 100 AND 600", extra=""), a).fetchall()
    assert got == [r for r in want if 100 <= r[1] <= 600] and got
    got0 = con.execute(SCAN.format(src="t", extra=""), a[:2] + [[]]).fetchall()
    assert [h for (_, h, _) in got0] == [h for (_, h, _) in want if h >= 5000 or h % 13 != 2]


@needs_same
def test_100k_rows_two_threads(con):
    """The table of test_cudasp.test_100k_generated_rows (tweaks made in SQL, one row in 50 paying),
    scanned with two DuckDB threads."""
    rng = random.Random(100353)
    scan, spend, labels = synthetic_wallet(rng)
    labels = labels[:1]
    c = connect(threads=2)
    c.execute("CREATE TABLE g AS SELECT unhex(sha256('txid' || i)) AS txid, i::INTEGER AS height, "
              "secp256k1_ec_pubkey_create(unhex(sha256('tweak' || i))) AS tweak_key, "
              "[(hash(i) >> 1)::BIGINT, -((hash(i + 7777777) >> 1)::BIGINT)] AS outputs FROM range(100000) r(i)")
    c.execute("UPDATE g SET outputs = list_append(outputs, hash_prefix_to_int(secp256k1_ec_pubkey_combine("
              "list_concat([?, secp256k1_ec_pubkey_create(secp256k1_tagged_sha256('BIP0352/SharedSecret'::BLOB, "
              "secp256k1_ec_pubkey_tweak_mul(tweak_key, ?) || '\\x00\\x00\\x00\\x00'::BLOB))], "
              "CASE WHEN height % 100 = 3 THEN [?::BLOB] ELSE []::BLOB[] END)), 1)) WHERE height % 50 = 3",
              [spend, scan, labels[0]])
    a = [le(scan), spend, labels]   # 33-byte keys and tweaks: cudasp_scan takes them too
    got = c.execute(SCAN.format(src="g", extra=""), a).fetchall()
    assert [h for (_, h, _) in got] == [h for h in range(100000) if h % 50 == 3]
    assert got == c.execute(MATCH.format(src="g"), a).fetchall()
    assert got == c.execute(SCAN.format(src="g", extra=", batch_size := 4096"), a).fetchall()
    # The per-row libsecp256k1 computation: every paying row and a 1-in-100 sample of the others.
    hit = {h for (_, h, _) in got}
    rows = c.execute("SELECT height, tweak_key, outputs FROM g WHERE height % 50 = 3 OR height % 100 = 0").fetchall()
    assert len(rows) == 3000
    for h, k, outs in rows:
        assert expected_scan(outs, [scan, spend, k], labels) == (h in hit), h
    c.close()


@needs_same
def test_bad_keys_and_input_tables(con):
    rng = random.Random(78)
    scan, spend, labels = synthetic_wallet(rng)
    con.execute("CREATE OR REPLACE TABLE b (txid BLOB, height INTEGER, tweak_key BLOB, outputs BIGINT[])")
    a = args_for(scan, spend, labels)
    q = SCAN.format(src="b", extra="")
    cases = [([scan[:31]] + a[1:], "scan_private_key must be exactly 32 bytes, got 31 bytes"),
             (a[:1] + [a[1][:50]] + a[2:], "spend_public_key must be exactly 64 bytes, got 50 bytes"),
             (a[:2] + [[b"\x01" * 10]], "Each label key must be exactly 64 bytes, got 10 bytes"),
             ([bytes(32)] + a[1:], "invalid scan_private_key or spend_public_key"),
             ([None] + a[1:], "scan_private_key must not be NULL")]
    for params, message in cases:
        with pytest.raises(duckdb.Error, match=message):
            con.execute(q, params)
    for extra, message in ((", 0", "batch_size must be between 1 and 10000000, got 0"),
                           (", batch_size := 10000001", "batch_size must be between"),
                           (", 1, 2", "cudasp_scan takes 4 or 5 arguments")):
        with pytest.raises(duckdb.Error, match=message):
            con.execute(SCAN.format(src="b", extra=extra), a)
    with pytest.raises(duckdb.Error, match="txid BLOB, height INTEGER, tweak_key BLOB, outputs BIGINT"):
        con.execute("SELECT * FROM cudasp_scan((SELECT height, txid, tweak_key, outputs FROM b), ?, ?, ?::BLOB[])", a)
    assert con.execute(q, a).fetchall() == []      # an empty input table: no rows, no error


OPENCL_RUN = r'''
import sys, duckdb
sys.path.insert(0, sys.argv[1])
from test_cudasp_scan import connect, SCAN
c = connect()
c.execute("CREATE TABLE t AS SELECT * FROM read_parquet(?)", [sys.argv[2]])
a = c.execute("SELECT * FROM read_parquet(?)", [sys.argv[3]]).fetchone()
print(len(c.execute(SCAN.format(src="t", extra=", 64"), list(a)).fetchall()))
for row in c.execute(SCAN.format(src="t", extra=", 64"), list(a)).fetchall():
    print(row[1])
'''


@needs_same
def test_opencl_device_gives_the_same_rows(con, tmp_path):
    if not glob.glob("/etc/OpenCL/vendors/*.icd"):
        pytest.skip("no OpenCL platform (install pocl-opencl-icd)")
    rng = random.Random(4242)
    scan, spend, labels = synthetic_wallet(rng)
    con.execute("CREATE OR REPLACE TABLE o (txid BLOB, height INTEGER, tweak_key BLOB, outputs BIGINT[])")
    data = []
    for i in range(200):
        outs, t = synthetic_tx(rng, scan, spend, labels, pays=i % 4 != 0, label_index=1 if i % 4 == 2 else None)
        data.append((i.to_bytes(32, "big"), i, S.parse(t), outs))
    con.executemany("INSERT INTO o VALUES (?, ?, ?, ?)", data)
    a = args_for(scan, spend, labels)
    cpu = [h for (_, h, _) in con.execute(SCAN.format(src="o", extra=", 64"), a).fetchall()]
    assert cpu == [i for i in range(200) if i % 4 != 0]
    con.execute("COPY o TO '%s' (FORMAT parquet)" % (tmp_path / "o.parquet"))
    con.execute("COPY (SELECT ?::BLOB AS s, ?::BLOB AS p, ?::BLOB[] AS l) TO '%s' (FORMAT parquet)"
                % (tmp_path / "k.parquet"), a)
    env = dict(os.environ, FASTSECP_DUCKDB_DEVICE="opencl")
    r = subprocess.run([sys.executable, "-c", OPENCL_RUN, os.path.dirname(__file__), str(tmp_path / "o.parquet"),
                        str(tmp_path / "k.parquet")], env=env, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-2000:]
    lines = r.stdout.split()
    assert int(lines[0]) == len(cpu) and [int(h) for h in lines[1:]] == cpu
