#!/usr/bin/env python3
"""Driver of tools/bench-duckdb.sh: the silent-payments server's query over a synthetic `tweak`
table, run by secp256k1.duckdb_extension (this tree) and by secp256k1_reference.duckdb_extension
(the same per-row computation as the server's extension, through libsecp256k1 v0.8.0), with one
DuckDB thread and with all cores. Prints a Markdown table of rows/s (median of --rounds runs) and
the ratios, then the scaling from 1 thread to all cores by CPU time of the busiest thread and by
wall time; checks that both engines return the same rows. DuckDB splits a table scan by row
group (122,880 rows), so the table should have several row groups per core.
--cudasp adds a table of the GPU server's function on the same rows with the change label, one
thread, CPU time: cudasp_scan (cudasp.duckdb_extension, beside FASTSECP_DUCKDB_EXTENSION), the
cudasp_match filter and scan_silent_payments, interleaved (on the device FASTSECP_DUCKDB_DEVICE
picks: the CPU engine without a GPU); the three must return the same rows.

Environment: FASTSECP_DUCKDB_EXTENSION, FASTSECP_DUCKDB_REFERENCE_EXTENSION, FASTSECP_LIB
(libsecp256k1.so of this tree, used only to make the table), FASTSECP_REFERENCE_LIB (read by the
reference extension).
"""
import argparse
import ctypes
import os
import random
import statistics
import tempfile
import time

import duckdb

QUERY = ("SELECT txid, tweak_key, height FROM tweak "
         "WHERE scan_silent_payments(outputs, [?, ?, tweak_key], [?]) AND height >= ? AND height <= ?")
QUERY_NO_LABEL = ("SELECT txid, tweak_key, height FROM tweak "
                  "WHERE scan_silent_payments(outputs, [?, ?, tweak_key], []) AND height >= ? AND height <= ?")


class Secp:
    def __init__(self, path):
        self.lib = ctypes.CDLL(path)
        self.lib.secp256k1_context_create.restype = ctypes.c_void_p
        self.ctx = ctypes.c_void_p(self.lib.secp256k1_context_create(1))

    def create(self, sec):
        pk = ctypes.create_string_buffer(64)
        assert self.lib.secp256k1_ec_pubkey_create(self.ctx, pk, sec) == 1
        return pk.raw

    def parse(self, b):
        pk = ctypes.create_string_buffer(64)
        assert self.lib.secp256k1_ec_pubkey_parse(self.ctx, pk, b, ctypes.c_size_t(len(b))) == 1
        return pk.raw

    def ser(self, pk):
        out = ctypes.create_string_buffer(33)
        n = ctypes.c_size_t(33)
        self.lib.secp256k1_ec_pubkey_serialize(self.ctx, out, ctypes.byref(n), pk, (1 << 1) | (1 << 8))
        return out.raw

    def tweak_mul(self, pk, t):
        b = ctypes.create_string_buffer(pk, 64)
        assert self.lib.secp256k1_ec_pubkey_tweak_mul(self.ctx, b, t) == 1
        return b.raw

    def combine(self, a, b):
        ba, bb = ctypes.create_string_buffer(a, 64), ctypes.create_string_buffer(b, 64)
        arr = (ctypes.c_void_p * 2)(ctypes.addressof(ba), ctypes.addressof(bb))
        out = ctypes.create_string_buffer(64)
        assert self.lib.secp256k1_ec_pubkey_combine(self.ctx, out, arr, ctypes.c_size_t(2)) == 1
        return out.raw

    def tagged(self, tag, msg):
        out = ctypes.create_string_buffer(32)
        self.lib.secp256k1_tagged_sha256(self.ctx, out, tag, ctypes.c_size_t(len(tag)), msg, ctypes.c_size_t(len(msg)))
        return out.raw


def make_table(path, rows, seed):
    """The synthetic table as a Parquet file, and the wallet's keys."""
    s = Secp(os.environ["FASTSECP_LIB"])
    rng = random.Random(seed)
    scan = rng.randbytes(32)
    spend = s.ser(s.create(rng.randbytes(32)))
    change = s.create(s.tagged(b"BIP0352/Label", scan + b"\0\0\0\0"))  # label m = 0, 64-byte raw
    txids, heights, tweaks, outputs = [], [], [], []
    for i in range(rows):
        a = s.create(rng.randbytes(32))
        outs = [rng.randrange(-2**63, 2**63) for _ in range(rng.choice((2, 3)))]
        r = rng.random()
        if r < 0.01:  # ~1% pay the wallet: half directly, half to its change label
            t0 = s.tagged(b"BIP0352/SharedSecret", s.ser(s.tweak_mul(a, scan)) + b"\0\0\0\0")
            p = s.combine(s.parse(spend), s.create(t0))
            if r < 0.005:
                p = s.combine(p, change)
            outs[rng.randrange(len(outs))] = int.from_bytes(s.ser(p)[1:9], "big", signed=True)
        txids.append(rng.randbytes(32))
        heights.append(800000 + i // 3000)
        tweaks.append(a)
        outputs.append(outs)
    con = duckdb.connect()
    con.execute("CREATE TABLE tweak (txid BLOB, height INTEGER, tweak_key BLOB, outputs BIGINT[])")
    rows = list(zip(txids, heights, tweaks, outputs))
    for b in range(0, len(rows), 4096):  # literal VALUES batches: much faster than executemany
        con.execute("INSERT INTO tweak VALUES " + ",".join(
            "(from_hex('%s'), %d, from_hex('%s'), [%s]::BIGINT[])" % (t.hex(), h, k.hex(), ",".join(map(str, o)))
            for t, h, k, o in rows[b:b + 4096]))
    con.execute("COPY tweak TO '%s' (FORMAT parquet)" % path)
    con.close()
    return scan, spend, change, heights[0], heights[-1]


def engine(ext, parquet, threads):
    con = duckdb.connect(config={"allow_unsigned_extensions": "true", "threads": threads})
    con.execute("LOAD '%s'" % ext)
    con.execute("CREATE TABLE tweak AS SELECT * FROM read_parquet('%s')" % parquet)
    return con


def thread_cpu():
    """CPU time (user + system, seconds) of each thread of this process, by thread id: DuckDB's
    worker threads and the calling thread, which also runs tasks. Linux /proc; {} elsewhere."""
    tick = os.sysconf("SC_CLK_TCK")
    out = {}
    try:
        for tid in os.listdir("/proc/self/task"):
            with open("/proc/self/task/%s/stat" % tid) as f:
                fields = f.read().rsplit(")", 1)[1].split()
            out[tid] = (int(fields[11]) + int(fields[12])) / tick
    except OSError:
        return {}
    return out


def run(con, label, keys, lo, hi):
    """The query's wall time, the process's CPU time and the CPU time of its busiest thread (the
    query's critical path when every thread has a core of its own: on a shared machine the
    scheduler may give a query's threads less than a core each, and then wall time does not
    show the parallelism), its rows' heights and their number."""
    scan, spend, change = keys
    before = thread_cpu()
    t, c = time.perf_counter(), time.process_time()
    if label:
        res = con.execute(QUERY, [scan, spend, change, lo, hi]).fetchall()
    else:
        res = con.execute(QUERY_NO_LABEL, [scan, spend, lo, hi]).fetchall()
    wall, cpu = time.perf_counter() - t, time.process_time() - c
    after = thread_cpu()
    per_thread = [after[k] - before.get(k, 0.0) for k in after]
    busiest = max(per_thread) if per_thread else wall
    return (wall, cpu, busiest), sorted(r[2] for r in res), len(res)


def cudasp_table(parquet, keys, lo, hi, a):
    s = Secp(os.environ["FASTSECP_LIB"])
    ext = os.environ["FASTSECP_DUCKDB_EXTENSION"]
    con = engine(ext, parquet, 1)
    con.execute("LOAD '%s'" % os.path.join(os.path.dirname(ext), "cudasp.duckdb_extension"))
    scan, spend, change = keys
    ck = [scan[::-1], s.parse(spend), [change]]  # cudasp's encodings: little-endian scan key, 64-byte points
    queries = {
        "cudasp_scan": ("SELECT txid, tweak_key, height FROM cudasp_scan((SELECT txid, height, tweak_key, outputs "
                        "FROM tweak WHERE height >= ? AND height <= ?), ?, ?, ?)", [lo, hi] + ck),
        "cudasp_match": ("SELECT txid, tweak_key, height FROM tweak WHERE cudasp_match(tweak_key, outputs, ?, ?, ?) "
                         "AND height >= ? AND height <= ?", ck + [lo, hi]),
        "scan_silent_payments": (QUERY, [scan, spend, change, lo, hi]),
    }
    cpu, rows = {}, {}
    for _ in range(a.rounds):
        for name, (q, params) in queries.items():
            c = time.process_time()
            res = sorted(con.execute(q, params).fetchall())
            cpu.setdefault(name, []).append(time.process_time() - c)
            rows[name] = res
    con.close()
    if not rows["cudasp_scan"] == rows["cudasp_match"] == rows["scan_silent_payments"]:
        raise SystemExit("cudasp: the three functions return different rows")
    base = statistics.median(cpu["scan_silent_payments"])
    print("\nThe GPU server's cudasp_scan, same rows with the change label (%d matches), one thread, CPU time, "
          "medians of %d runs\n" % (len(rows["cudasp_scan"]), a.rounds))
    print("| function | rows/s | vs scan_silent_payments |")
    print("|---|---|---|")
    for name in queries:
        m = statistics.median(cpu[name])
        print("| %s | %.0f | %.2fx |" % (name, a.rows / m, base / m), flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, default=491520)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seed", type=int, default=352)
    ap.add_argument("--cudasp", action="store_true")
    a = ap.parse_args()
    cores = os.cpu_count() or 1
    with tempfile.TemporaryDirectory() as tmp:
        parquet = os.path.join(tmp, "tweak.parquet")
        scan, spend, change, lo, hi = make_table(parquet, a.rows, a.seed)
        keys = (scan, spend, change)
        exts = {"fastsecp": os.environ["FASTSECP_DUCKDB_EXTENSION"],
                "libsecp256k1 per row": os.environ["FASTSECP_DUCKDB_REFERENCE_EXTENSION"]}
        vt = os.environ.get("FASTSECP_DUCKDB_VARTIME") == "1"
        print("duckdb %s, %d rows (%d row groups), %d cores, scan key %s, medians of %d runs; one thread: "
              "CPU time, %d threads: CPU time of the busiest thread\n"
              % (duckdb.__version__, a.rows, -(-a.rows // 122880), cores,
                 "variable time" if vt else "constant time", a.rounds, cores))
        print("| query | DuckDB threads | libsecp256k1 per row (rows/s) | fastsecp (rows/s) | ratio |")
        print("|---|---|---|---|---|")
        med = {}  # (label, threads, name) -> medians of (wall, cpu, busiest)
        for label in (False, True):
            for threads in (1, cores):
                samples = {}
                results = {}
                cons = {name: engine(ext, parquet, threads) for name, ext in exts.items()}
                for _ in range(a.rounds):  # interleaved, so both see the same machine load
                    for name, con in cons.items():
                        times, rows, n = run(con, label, keys, lo, hi)
                        samples.setdefault(name, []).append(times)
                        if name in results and results[name] != rows:
                            raise SystemExit("%s: results differ between runs" % name)
                        results[name] = rows
                for con in cons.values():
                    con.close()
                if results["fastsecp"] != results["libsecp256k1 per row"]:
                    raise SystemExit("results differ: fastsecp %d rows, reference %d rows"
                                     % (len(results["fastsecp"]), len(results["libsecp256k1 per row"])))
                for name, ts in samples.items():
                    med[(label, threads, name)] = tuple(statistics.median(t[k] for t in ts) for k in range(3))
                # one thread: the process's CPU time; more: the busiest thread's CPU time
                k = 1 if threads == 1 else 2
                ref = a.rows / med[(label, threads, "libsecp256k1 per row")][k]
                ours = a.rows / med[(label, threads, "fastsecp")][k]
                print("| %s (%d matches) | %d | %.0f | %.0f | %.2fx |"
                      % ("with the change label" if label else "no label", len(results["fastsecp"]), threads, ref,
                         ours, ours / ref), flush=True)
        if a.cudasp:
            cudasp_table(parquet, keys, lo, hi, a)
        print("\n%d threads against 1 thread (medians): by CPU time (one thread's CPU time / the busiest "
              "thread's), by wall time, and the cores the %d-thread query got (its CPU time / wall time)\n"
              % (cores, cores))
        print("| engine | query | by CPU time | by wall time | cores obtained |")
        print("|---|---|---|---|---|")
        for name in exts:
            for label in (False, True):
                one, many = med[(label, 1, name)], med[(label, cores, name)]
                print("| %s | %s | %.2fx | %.2fx | %.2f |"
                      % (name, "label" if label else "no label", one[1] / many[2], one[0] / many[0],
                         many[1] / many[0]))


if __name__ == "__main__":
    main()
