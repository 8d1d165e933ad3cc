"""fastsecp.spark in Spark local mode, checked against the DuckDB extension, the `fastsecp scan`
command and the package's own single calls.

Environment: FASTSECP_DUCKDB_EXTENSION (the built secp256k1.duckdb_extension) and FASTSECP_CLI (the
built fastsecp executable) for the comparisons; without them those tests are skipped, unless
FASTSECP_SPARK_REQUIRE_ORACLES=1 (tools/test.sh), which makes a missing one a failure.
Run: python -m pytest tests/spark (needs fastsecp[spark], duckdb, pytest and a Java runtime).
"""
import os
import random
import subprocess
import sys

import numpy as np
import pyarrow as pa
import pytest

pytest.importorskip("pyspark")

import fastsecp  # noqa: E402
import fastsecp.coincurve as coincurve  # noqa: E402
from fastsecp import silentpayments as sp  # noqa: E402
from fastsecp import spark as fs  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
EXT = os.environ.get("FASTSECP_DUCKDB_EXTENSION")
CLI = os.environ.get("FASTSECP_CLI")
REQUIRE = os.environ.get("FASTSECP_SPARK_REQUIRE_ORACLES") == "1"


def oracle(path, what):
    if path and os.path.exists(path):
        return path
    if REQUIRE:
        pytest.fail("%s not found (%r)" % (what, path))
    pytest.skip("%s not given" % what)


@pytest.fixture(scope="module")
def spark():
    from pyspark.sql import SparkSession

    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    s = (SparkSession.builder.master("local[2]").appName("fastsecp-tests")
         .config("spark.ui.enabled", "false")
         .config("spark.sql.shuffle.partitions", "2")
         # small Arrow batches: every table below spans several batches per task
         .config("spark.sql.execution.arrow.maxRecordsPerBatch", "700")
         .getOrCreate())
    s.sparkContext.setLogLevel("ERROR")
    yield s
    s.stop()


@pytest.fixture(scope="module")
def dataset(tmp_path_factory):
    out = tmp_path_factory.mktemp("sp-data")
    subprocess.run([sys.executable, os.path.join(ROOT, "tools", "make-sp-dataset.py"), "--rows", "4000",
                    "--files", "3", "--row-group", "1000", "--match-rate", "0.02", "--seed", "7",
                    "--cli-input", "--out", str(out)], check=True)
    import json

    with open(out / "wallet.json") as f:
        w = json.load(f)
    with open(out / "expected.txt") as f:
        expected = {line.strip() for line in f if line.strip()}
    return {"dir": out, "scan": bytes.fromhex(w["scan_key"]), "spend": bytes.fromhex(w["spend_pubkey"]),
            "labels": [bytes.fromhex(x) for x in w["label_points"]], "expected": expected}


def duckdb_con():
    duckdb = pytest.importorskip("duckdb")
    ext = oracle(EXT, "FASTSECP_DUCKDB_EXTENSION")
    con = duckdb.connect(config={"allow_unsigned_extensions": "true", "threads": 1})
    con.execute("LOAD '%s'" % ext)
    return con


# ---- scan_silent_payments on the generated table: Spark = DuckDB = CLI = planted ------------------

def spark_matches(spark, d, labels):
    df = spark.read.parquet(str(d["dir"] / "tweak"))
    hit = df.where(fs.scan_silent_payments("tweak_key", "outputs", d["scan"], d["spend"], labels))
    return {r.txid.hex() for r in hit.select("txid").collect()}


def test_generated_table_matches_planted_duckdb_and_cli(spark, dataset):
    d = dataset
    with_label = spark_matches(spark, d, d["labels"])
    no_label = spark_matches(spark, d, [])
    assert with_label == d["expected"]
    assert no_label < with_label and len(no_label) == (len(with_label) + 1) // 2  # half direct, half change

    con = duckdb_con()
    q = ("SELECT txid FROM read_parquet('%s/tweak/*.parquet') WHERE scan_silent_payments(outputs, [?, ?, tweak_key], ?::BLOB[])"
         % d["dir"])
    assert {r[0].hex() for r in con.execute(q, [d["scan"], d["spend"], d["labels"]]).fetchall()} == with_label
    assert {r[0].hex() for r in con.execute(q, [d["scan"], d["spend"], []]).fetchall()} == no_label

    cli = oracle(CLI, "FASTSECP_CLI")
    run = subprocess.run([cli, "scan", "--prefilter", "--quiet", "--threads", "1", "--wallet", str(d["dir"] / "wallet.txt"),
                          "--input", str(d["dir"] / "cli-input.txt")], check=True, capture_output=True, text=True)
    assert {line.split()[0] for line in run.stdout.splitlines() if line.strip()} == with_label


def test_scan_wallets_many(spark, dataset):
    d = dataset
    df = spark.read.parquet(str(d["dir"] / "tweak"))
    other = (bytes(31) + b"\x05", fastsecp.pubkey_create_batch([bytes(31) + b"\x09"]).keys[0], [])
    wallets = [(1, d["scan"], d["spend"], d["labels"]), (2, d["scan"], d["spend"], []),
               (3, *other), (4, bytes(32), d["spend"], [])]  # 4: scan key 0, invalid: matches nothing
    found = spark_rows = df.transform(lambda t: fs.scan_wallets(t, wallets)).collect()
    by_wallet = {}
    for r in spark_rows:
        by_wallet.setdefault(r.wallet_id, set()).add(r.row_id.hex())
    assert by_wallet.get(1) == spark_matches(spark, d, d["labels"]) == d["expected"]
    assert by_wallet.get(2) == spark_matches(spark, d, [])
    assert 3 not in by_wallet and 4 not in by_wallet
    assert len(found) == len(by_wallet[1]) + len(by_wallet[2])
    # the wallets table may also be a Spark DataFrame (string ids)
    wdf = spark.createDataFrame([("a", d["scan"], d["spend"], d["labels"])],
                                "wallet_id string, scan_key binary, spend_pubkey binary, labels array<binary>")
    rows = fs.scan_wallets(df, wdf).collect()
    assert {r.row_id.hex() for r in rows} == d["expected"] and {r.wallet_id for r in rows} == {"a"}


# ---- bad rows and keys: the DuckDB function's results, row by row --------------------------------

def raw64(pub33):
    """libsecp256k1's 64-byte secp256k1_pubkey bytes (x || y little-endian) of a compressed key."""
    u = coincurve.PublicKey(pub33).format(compressed=False)
    return u[1:33][::-1] + u[33:65][::-1]


def bad_rows_table():
    rng = random.Random(11)
    scan = rng.randbytes(32)
    spend = fastsecp.pubkey_create_batch([rng.randbytes(32)]).keys[0]
    change33, _ = sp.create_label(scan, 0)
    scan_pub = fastsecp.pubkey_create_batch([scan]).keys[0]
    rows = []

    def paying(label):
        outpoint = rng.randbytes(36)
        sec = rng.randbytes(32)
        recipient = (scan_pub, sp.labeled_spend_pubkey(spend, change33) if label else spend)
        out = sp.create_outputs([recipient], outpoint, seckeys=[sec])[0]
        tweak = sp.public_tweak(outpoint, pubkeys=[fastsecp.pubkey_create_batch([sec]).keys[0]])
        return tweak, int.from_bytes(out[:8], "big", signed=True)

    t1, p1 = paying(False)
    t2, p2 = paying(True)
    off_curve = b"\x02" + bytes(31) + b"\x05"  # x = 5: no point (5^3 + 7 = 132 is not a square mod p)
    rand = lambda: rng.randrange(-2**63, 2**63)  # noqa: E731
    rows += [
        (t1, [rand(), p1]), (t2, [p2]), (t1, [rand(), rand()]),           # match, labelled match, none
        (raw64(t1), [p1]), (raw64(t2), [rand(), p2, rand()]),              # 64-byte raw tweaks
        (None, [p1]), (t1, None),                                          # NULLs
        (t1, [None, p1]), (t1, [None]), (t1, []),                          # NULL elements, empty
        (t1[:32], [p1]), (t1 + b"\0", [p1]), (b"", [p1]),                 # wrong lengths
        (off_curve, [p1]), (b"\x05" + t1[1:], [p1]),                       # not points
        (bytes(64), [p1]), (b"\xff" * 64, [p1]),                           # raw: (0,0) and x >= p
    ]
    for _ in range(1500):  # enough for several Arrow batches
        rows.append((fastsecp.pubkey_create_batch([rng.randbytes(32)]).keys[0], [rand(), rand()]))
    table = pa.table({"id": pa.array(range(len(rows)), pa.int64()),
                      "tweak_key": pa.array([r[0] for r in rows], pa.binary()),
                      "outputs": pa.array([r[1] for r in rows], pa.list_(pa.int64()))})
    return table, scan, spend, change33


WALLET_CASES = {
    "plain": lambda s, b, c: (s, b, []),
    "change label": lambda s, b, c: (s, b, [c]),
    "labels with NULL and junk": lambda s, b, c: (s, b, [None, b"\x02" + bytes(32), b"12", raw64(c)]),
    "64-byte spend key": lambda s, b, c: (s, raw64(b), [c]),
    "labels NULL": lambda s, b, c: (s, b, None),
    "scan key 0": lambda s, b, c: (bytes(32), b, [c]),
    "scan key >= n": lambda s, b, c: (b"\xff" * 32, b, [c]),
    "scan key 31 bytes": lambda s, b, c: (s[:31], b, [c]),
    "spend key not a point": lambda s, b, c: (s, b"\x02" + bytes(31) + b"\x05", [c]),
    "spend key 32 bytes": lambda s, b, c: (s, b[1:], [c]),
}


@pytest.mark.parametrize("case", sorted(WALLET_CASES))
def test_bad_rows_and_keys_like_duckdb(spark, case):
    table, scan, spend, change = bad_rows_table()
    keys = WALLET_CASES[case](scan, spend, change)
    df = spark.createDataFrame(table.to_pylist(), "id bigint, tweak_key binary, outputs array<bigint>").repartition(3)
    got = {r.id: r.m for r in df.select("id", fs.scan_silent_payments("tweak_key", "outputs", *keys).alias("m")).collect()}
    con = duckdb_con()
    con.register("t", table)
    want = dict(con.execute("SELECT id, scan_silent_payments(outputs, [?::BLOB, ?::BLOB, tweak_key], ?::BLOB[]) FROM t",
                            list(keys)).fetchall())
    assert got == want
    if case == "change label":  # the cases the table was built for
        assert [got[i] for i in range(17)] == [True, True, False, True, True, None, None, True, False, False,
                                               None, None, None, None, None, None, None]


def test_secret_keys_stay_out_of_plans_and_pickles(spark, capsys):
    from pyspark import cloudpickle

    scan = bytes(range(1, 33))
    spend = fastsecp.pubkey_create_batch([bytes(31) + b"\x07"]).keys[0]
    df = spark.createDataFrame([(b"\x05" * 33, [1, 2])], "tweak_key binary, outputs array<bigint>")
    q = df.select(fs.scan_silent_payments("tweak_key", "outputs", scan, spend, []).alias("m"))
    q.explain(extended=True)
    plan = capsys.readouterr().out
    assert "scan_silent_payments" in plan and scan.hex() not in plan.lower() and scan.hex().upper() not in plan
    # what Spark pickles and ships to the executors: the broadcast's id, not the key
    bc = spark.sparkContext.broadcast((b"token", (scan, spend, [])))
    pickled = cloudpickle.dumps(fs._scan_function(bc, False))
    assert scan not in pickled and scan.hex().encode() not in pickled
    assert q.collect()[0].m is None  # a tweak that is not a point: NULL, no failed job


# ---- signatures and keys ------------------------------------------------------------------------

def test_schnorr_and_ecdsa_verify(spark):
    rng = random.Random(5)
    rows = []
    for i in range(900):
        key = coincurve.PrivateKey(rng.randbytes(32))
        msg = rng.randbytes(32)
        h = rng.randbytes(32)
        ssig = key.sign_schnorr(msg)
        esig = coincurve.ecdsa.serialize_compact(coincurve.ecdsa.der_to_cdata(key.sign(h, hasher=None)))
        xonly = key.public_key_xonly.format()
        pub = key.public_key.format(compressed=i % 2 == 0)
        if i % 7 == 0:
            msg = msg + b"x" * (i % 5)  # other lengths: invalid (or changed) messages
            h = bytes(32)
        rows.append((ssig, msg, xonly, esig, h, pub))
    # malformed rows: wrong lengths, NULLs
    s0 = rows[1]
    rows += [(s0[0][:63], s0[1], s0[2], s0[3][:63], s0[4], s0[5][:32]),
             (None, s0[1], s0[2], None, s0[4], s0[5]), (s0[0], None, s0[2], s0[3], None, s0[5]),
             (s0[0], s0[1], None, s0[3], s0[4], None), (s0[0], s0[1], b"\xff" * 32, s0[3], s0[4] + b"\0", b"\x05" + s0[5][1:])]
    schema = "i int, ssig binary, msg binary, xonly binary, esig binary, h binary, pub binary"
    df = spark.createDataFrame([(i, *r) for i, r in enumerate(rows)], schema).repartition(2)
    got = df.select("i", fs.schnorr_verify("ssig", "msg", "xonly").alias("s"),
                    fs.ecdsa_verify("esig", "h", "pub").alias("e")).collect()
    by_key = {r.i: (r.s, r.e) for r in got}
    for i, (ssig, msg, xonly, esig, h, pub) in enumerate(rows):
        s_want = None if None in (ssig, msg, xonly) else bool(
            len(ssig) == 64 and len(xonly) == 32 and fastsecp.schnorr_verify_batch([ssig], [msg], [xonly]).all_valid)
        e_want = None if None in (esig, h, pub) else bool(
            len(esig) == 64 and len(h) == 32 and len(pub) in (33, 65)
            and fastsecp.ecdsa_verify_batch([esig], [h], [pub]).all_valid)
        assert by_key[i] == (s_want, e_want), i
    n_ok = sum(1 for r in got if r.s)
    assert 700 < n_ok < 900 and sum(1 for r in got if r.e) > 700  # most are valid, not all


def test_pubkey_tweak_add_and_bip352_tweak(spark):
    rng = random.Random(9)
    rows = []
    for i in range(800):
        pub = fastsecp.pubkey_create_batch([rng.randbytes(32)]).keys[0]
        tweak = rng.randbytes(32) if i % 50 else b"\xff" * 32  # >= n: NULL
        outpoint = rng.randbytes(36)
        keys = [fastsecp.pubkey_create_batch([rng.randbytes(32)]).keys[0] for _ in range(1 + i % 3)]
        if i % 4 == 0:
            keys.append(keys[0][1:])  # an x-only (taproot) input
        rows.append((i, pub, tweak, outpoint, keys))
    rows += [(900, None, b"\1" * 32, None, None), (901, b"\x05" * 33, b"\1" * 32, bytes(35), []),
             (902, rows[1][1], b"\1" * 31, rows[1][3], [rows[1][4][0], None]),
             (903, rows[1][1], b"\1" * 32, rows[1][3], [b"\x02" + bytes(31) + b"\x05"])]
    df = spark.createDataFrame(rows, "i long, pub binary, tweak binary, outpoint binary, keys array<binary>")
    got = {r.i: (r.t, r.b) for r in df.select("i", fs.pubkey_tweak_add("pub", "tweak").alias("t"),
                                               fs.bip352_tweak("outpoint", "keys").alias("b")).collect()}
    for i, pub, tweak, outpoint, keys in rows:
        try:
            t_want = coincurve.PublicKey(pub).add(tweak).format() if pub and tweak and len(tweak) == 32 else None
        except (ValueError, TypeError):
            t_want = None
        b_want = None
        if outpoint is not None and keys is not None and len(outpoint) == 36 and keys and None not in keys:
            xs = [k for k in keys if len(k) == 32]
            full = [k for k in keys if len(k) != 32]
            try:
                b_want = sp.public_tweak(outpoint, xonly_pubkeys=xs, pubkeys=full)
            except ValueError:
                b_want = None
        assert got[i] == (t_want, b_want), i
    assert sum(1 for v in got.values() if v[0] is None) == 16 + 3  # tweaks >= n, rows 900-902


def test_numpy_packing_of_sliced_arrays():
    """The Arrow helpers read sliced arrays (offsets into a shared buffer) and NULL list elements."""
    arr = pa.array([b"a" * 33, None, b"b" * 33, b"c" * 32, b"d" * 33], pa.binary()).slice(1)
    packed, good = fs._fixed(arr, 33)
    assert good.tolist() == [False, True, False, True]
    assert bytes(packed[1]) == b"b" * 33 and bytes(packed[3]) == b"d" * 33 and not packed[0].any()
    lists = pa.array([[1, 2], None, [3, None, 4], [], [5]], pa.list_(pa.int64())).slice(2)
    vals, off, valid = fs._int64_lists(lists)
    assert vals.tolist() == [3, 4, 5] and off.tolist() == [0, 2, 2, 3] and valid.tolist() == [True, True, True]
    out = fs._binary_out(b"x" * 33 + b"y" * 33, 33, np.array([True, False]))
    assert out.to_pylist() == [b"x" * 33, None]
