#!/usr/bin/env python3
"""Scaling of the silent-payments pre-filter on one tweak table (tools/make-sp-dataset.py):
Spark local[1] and local[2] (fastsecp.spark.scan_silent_payments), the DuckDB extension
(scan_silent_payments over read_parquet, one DuckDB thread) and `fastsecp scan --prefilter
--threads 1` (on the same rows as text). Prints a Markdown table: wall time, CPU time (every
process of the engine: for Spark the driver, the JVM and its Python workers), rows per CPU second
(= rows/s per core) and CPU µs per row, medians over --rounds rounds; the engines alternate inside
each round so all see the same load. Every engine must return the planted matches (checked).

    python tools/bench-spark.py --data DIR [--rounds 3] [--engines spark1,spark2,duckdb,cli] [--warmup full|one]
                                   [--conf KEY=VALUE ...]

Environment: FASTSECP_DUCKDB_EXTENSION and FASTSECP_CLI (the built extension and executable). The
Spark runs happen in child processes (one SparkContext each); each runs the whole query once to warm
the JVM up (its JIT compiles the query's stages; --warmup one: only one file, the earlier default),
then the timed query on the whole table: the steady state a long chain-wide scan runs in.
"""
import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time

ENGINES = {"spark1": "Spark local[1]", "spark2": "Spark local[2]", "duckdb": "DuckDB extension, 1 thread",
           "cli": "fastsecp scan --prefilter, 1 thread"}


def tree_cpu(root: int) -> float:
    """CPU seconds (user + system, own + reaped children) of a process and all its descendants."""
    tick = os.sysconf("SC_CLK_TCK")
    kids, stat = {}, {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % pid) as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        kids.setdefault(int(fields[1]), []).append(int(pid))
        stat[int(pid)] = sum(int(x) for x in fields[11:15]) / tick
    total, todo = 0.0, [root]
    while todo:
        p = todo.pop()
        total += stat.get(p, 0.0)
        todo.extend(kids.get(p, []))
    return total


def wallet(data):
    with open(os.path.join(data, "wallet.json")) as f:
        w = json.load(f)
    return bytes.fromhex(w["scan_key"]), bytes.fromhex(w["spend_pubkey"]), [bytes.fromhex(x) for x in w["label_points"]]


def child_spark(data, master, warmup, confs):
    from pyspark.sql import SparkSession

    from fastsecp import spark as fs

    os.environ["PYSPARK_PYTHON"] = sys.executable
    b = (SparkSession.builder.master(master).appName("bench").config("spark.ui.enabled", "false")
         .config("spark.driver.memory", "2g"))
    for kv in confs:
        b = b.config(*kv.split("=", 1))
    s = b.getOrCreate()
    s.sparkContext.setLogLevel("ERROR")
    scan, spend, labels = wallet(data)
    files = sorted(os.path.join(data, "tweak", f) for f in os.listdir(os.path.join(data, "tweak")))

    def query(paths):
        df = s.read.parquet(*paths)
        return [r.txid.hex() for r in df.where(fs.scan_silent_payments("tweak_key", "outputs", scan, spend, labels))
                .select("txid").collect()]

    query(files if warmup == "full" else files[:1])  # warm-up: JVM (JIT), Python workers
    c0, t0 = tree_cpu(os.getpid()), time.perf_counter()
    found = query(files)
    wall, cpu = time.perf_counter() - t0, tree_cpu(os.getpid()) - c0
    rows = s.read.parquet(*files).count()
    s.stop()
    return {"wall": wall, "cpu": cpu, "rows": rows, "found": sorted(found)}


def run_duckdb(data):
    import duckdb

    scan, spend, labels = wallet(data)
    con = duckdb.connect(config={"allow_unsigned_extensions": "true", "threads": 1})
    con.execute("LOAD '%s'" % os.environ["FASTSECP_DUCKDB_EXTENSION"])
    path = os.path.join(data, "tweak", "*.parquet")
    rows = con.execute("SELECT count(*) FROM read_parquet('%s')" % path).fetchone()[0]
    c0, t0 = time.process_time(), time.perf_counter()
    found = con.execute("SELECT txid FROM read_parquet('%s') WHERE scan_silent_payments(outputs, [?, ?, tweak_key], ?)"
                        % path, [scan, spend, labels]).fetchall()
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    con.close()
    return {"wall": wall, "cpu": cpu, "rows": rows, "found": sorted(r[0].hex() for r in found)}


def run_cli(data):
    inp = os.path.join(data, "cli-input.txt")
    with open(inp) as f:
        rows = sum(1 for _ in f)
    r0, t0 = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    out = subprocess.run([os.environ["FASTSECP_CLI"], "scan", "--prefilter", "--quiet", "--threads", "1",
                          "--wallet", os.path.join(data, "wallet.txt"), "--input", inp],
                         check=True, capture_output=True, text=True).stdout
    wall = time.perf_counter() - t0
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
    return {"wall": wall, "cpu": cpu, "rows": rows, "found": sorted(line.split()[0] for line in out.splitlines() if line)}


def run_engine(name, data, warmup, confs):
    if name in ("spark1", "spark2"):
        master = "local[1]" if name == "spark1" else "local[2]"
        out = subprocess.run([sys.executable, __file__, "--data", data, "--child", master, "--warmup", warmup]
                             + [x for kv in confs for x in ("--conf", kv)], check=True,
                             capture_output=True, text=True).stdout
        return json.loads(out.strip().splitlines()[-1])
    return run_duckdb(data) if name == "duckdb" else run_cli(data)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--engines", default="spark1,spark2,duckdb,cli")
    ap.add_argument("--warmup", choices=("full", "one"), default="full")
    ap.add_argument("--conf", action="append", default=[], metavar="KEY=VALUE", help="a Spark setting (repeatable)")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.child:
        print(json.dumps(child_spark(a.data, a.child, a.warmup, a.conf)))
        return
    with open(os.path.join(a.data, "expected.txt")) as f:
        expected = sorted(line.strip() for line in f if line.strip())
    engines = a.engines.split(",")
    samples = {e: [] for e in engines}
    loads = [os.getloadavg()[0]]
    for r in range(a.rounds):
        order = engines if r % 2 == 0 else engines[::-1]  # alternate the order too
        for e in order:
            res = run_engine(e, a.data, a.warmup, a.conf)
            if res["found"] != expected:
                raise SystemExit("%s: %d matches, expected the %d planted rows" % (e, len(res["found"]), len(expected)))
            samples[e].append(res)
            print("round %d %s: wall %.2f s, cpu %.2f s" % (r + 1, e, res["wall"], res["cpu"]), file=sys.stderr, flush=True)
            loads.append(os.getloadavg()[0])
    rows = samples[engines[0]][0]["rows"]
    med = {e: (statistics.median(s["wall"] for s in samples[e]), statistics.median(s["cpu"] for s in samples[e]))
           for e in engines}
    print("%d rows, %d planted matches (all engines found exactly them), medians of %d rounds, Spark warm-up: %s, "
          "Spark settings: %s, load average (1 min) %.1f-%.1f during the runs\n"
          % (rows, len(expected), a.rounds, "the whole query" if a.warmup == "full" else "one file",
             ", ".join(a.conf) or "defaults", min(loads), max(loads)))
    print("| engine | wall (s) | CPU (s) | rows/s per core (rows / CPU s) | CPU µs per row | per core vs DuckDB |")
    print("|---|---:|---:|---:|---:|---:|")
    base = med.get("duckdb", (None, None))[1]
    for e in engines:
        wall, cpu = med[e]
        print("| %s | %.2f | %.2f | %.0f | %.2f | %s |" % (ENGINES[e], wall, cpu, rows / cpu, 1e6 * cpu / rows,
                                                          "%.2fx" % (base / cpu) if base else "-"))
    if "spark1" in med and "spark2" in med:
        print("\nSpark local[2] / local[1]: CPU per row %.2fx, wall %.2fx (the 2-core run's cores: %.2f)"
              % (med["spark2"][1] / med["spark1"][1], med["spark2"][0] / med["spark1"][0], med["spark2"][1] / med["spark2"][0]))


if __name__ == "__main__":
    main()
