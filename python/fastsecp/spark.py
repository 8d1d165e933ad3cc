"""fastsecp on Apache Spark: column functions and a DataFrame call over the batch API.

``pip install fastsecp[spark]`` (PySpark 4.1 or later, for Arrow-native UDFs). Every function
here is a vectorized Arrow UDF: Spark hands it a whole Arrow batch (``spark.sql.execution.arrow.
maxRecordsPerBatch`` rows, 10,000 by default) and the batch goes to one fastsecp batch call; the
columns are repacked with NumPy, never row by row in Python. Each call uses the calling Python
worker's thread only: Spark's tasks give the parallelism (one Python worker per core).

Column functions (Spark ``Column`` in, ``Column`` out):

- ``scan_silent_payments(tweak, outputs, scan_key, spend_pubkey, labels)``: the silent-payments
  server's pre-filter, with the inputs, result and NULL rules of the DuckDB extension's
  ``scan_silent_payments(outputs, [scan_key, spend_pubkey, tweak], labels)``;
- ``schnorr_verify(sig, msg, xonly_pubkey)``, ``ecdsa_verify(sig, msghash, pubkey)``;
- ``pubkey_tweak_add(pubkey, tweak)``, ``bip352_tweak(outpoint_smallest, input_pubkeys)``.

DataFrame call: ``scan_wallets(df, wallets, ...)`` scans a tweak table for many wallets at once
and returns ``(wallet_id, row_id)`` pairs.

Bad rows never fail a job: a NULL input gives NULL; a malformed row gives NULL (keys, tweaks,
scans) or false (verification), as the DuckDB functions do.

Secrets (scan keys) travel to the executors as Spark broadcast variables: the plan, the pickled
UDF and every error message hold only the broadcast's id, never the key.
"""
from __future__ import annotations

import collections
import os
import threading
from typing import Any, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

import numpy as np
import pyarrow as pa
from pyspark.sql import Column, DataFrame, SparkSession
from pyspark.sql import functions as F

from fastsecp import _native

BytesLike = Union[bytes, bytearray, memoryview]
ColumnOrName = Union[Column, str]

_EMPTY = b""


# --- Arrow arrays as the buffers the native calls take (NumPy, no per-row Python) -------------

def _array(a: Union[pa.Array, pa.ChunkedArray]) -> pa.Array:
    if isinstance(a, pa.ChunkedArray):
        return a.combine_chunks() if a.num_chunks != 1 else a.chunk(0)
    return a


def _valid(a: pa.Array) -> np.ndarray:
    """One bool per row: not NULL."""
    if a.null_count == 0:
        return np.ones(len(a), dtype=bool)
    return a.is_valid().to_numpy(zero_copy_only=False)


def _binary(a: pa.Array) -> Tuple[Any, np.ndarray, np.ndarray]:
    """A binary column as (data buffer, int64 offsets of n + 1, valid mask)."""
    a = _array(a)
    if pa.types.is_fixed_size_binary(a.type):
        a = a.cast(pa.binary())
    n = len(a)
    bufs = a.buffers()
    large = pa.types.is_large_binary(a.type)
    width = 8 if large else 4
    off = np.frombuffer(bufs[1], dtype=np.int64 if large else np.int32, count=n + 1, offset=a.offset * width)
    data = bufs[2] if bufs[2] is not None else _EMPTY
    return data, off.astype(np.int64), _valid(a)


def _fixed(a: pa.Array, size: int) -> Tuple[np.ndarray, np.ndarray]:
    """A binary column as n packed records of `size` bytes (zeros where a row is NULL or has another
    length) and a mask of the rows that had exactly `size` bytes."""
    data, off, valid = _binary(a)
    n = len(off) - 1
    good = valid & ((off[1:] - off[:-1]) == size)
    raw = np.frombuffer(data, dtype=np.uint8)
    if n and good.all() and off[-1] - off[0] == n * size:
        return raw[off[0]:off[-1]].reshape(n, size), good  # already packed: no copy
    out = np.zeros((n, size), dtype=np.uint8)
    if good.any():
        out[good] = raw[off[:-1][good][:, None] + np.arange(size)]
    return out, good


def _int64_lists(a: pa.Array) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A list<bigint> column as (values without NULL elements, int64 offsets of n + 1 into them,
    valid mask of the rows)."""
    a = _array(a)
    valid = _valid(a)
    off = a.offsets.to_numpy().astype(np.int64)
    child = a.values
    if child.type != pa.int64():
        child = child.cast(pa.int64())
    vals = np.frombuffer(child.buffers()[1], dtype=np.int64, count=len(child), offset=child.offset * 8) \
        if len(child) else np.zeros(0, dtype=np.int64)
    if child.null_count:
        keep = child.is_valid().to_numpy(zero_copy_only=False)
        cum = np.concatenate(([0], np.cumsum(keep, dtype=np.int64)))
        vals = vals[keep]
        off = cum[off]
    if len(off) and off[0] != 0:  # a slice: rebase onto the values it covers
        vals = vals[off[0]:off[-1]]
        off = off - off[0]
    return np.ascontiguousarray(vals), np.ascontiguousarray(off), valid


def _bools(values: np.ndarray, ok: np.ndarray) -> pa.Array:
    return pa.array(values.astype(bool), type=pa.bool_(), mask=~ok)


def _binary_out(packed: bytes, size: int, ok: np.ndarray) -> pa.Array:
    n = len(ok)
    offsets = pa.py_buffer(np.arange(0, (n + 1) * size, size, dtype=np.int32).tobytes())
    mask = pa.array(ok, type=pa.bool_()).buffers()[1] if not ok.all() else None
    # validity bitmap: Arrow's, from the boolean array's bit-packed values
    return pa.BinaryArray.from_buffers(pa.binary(), n, [mask, offsets, pa.py_buffer(packed)],
                                       null_count=int(n - ok.sum()))


# --- Wallets on the executors -----------------------------------------------------------------

class _WalletCache:
    """Wallets made on an executor from broadcast keys, kept per broadcast (keyed by a random token
    sent with the keys, never by the keys); at most 16, least recently used dropped (the native wallet wipes its scan key)."""

    CAPACITY = 16

    def __init__(self):
        self._lock = threading.Lock()
        self._items: "collections.OrderedDict[Any, Any]" = collections.OrderedDict()

    def get(self, key, make):
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
        value = make()
        with self._lock:
            self._items[key] = value
            while len(self._items) > self.CAPACITY:
                self._items.popitem(last=False)
        return value


_wallets = _WalletCache()


def _make_wallet(scan_key, spend_pubkey, labels):
    """The native wallet, or None when the DuckDB function would give NULL for every row (keys of
    the wrong length, an invalid scan key or spend key, labels NULL)."""
    if scan_key is None or spend_pubkey is None or labels is None:
        return None
    if len(scan_key) != 32 or len(spend_pubkey) not in (33, 64):
        return None
    try:
        return _native.SpWallet.from_points(scan_key, spend_pubkey, [bytes(x) for x in labels if x is not None])
    except ValueError:  # the message names the field only, never its bytes; the row is NULL
        return None


def _scan_batch(wallet, tweak: pa.Array, outputs: pa.Array, vartime: bool) -> pa.Array:
    """scan_silent_payments over one Arrow batch: one fastsecp_sp_scan_prefilter_items call."""
    tweak, outputs = _array(tweak), _array(outputs)
    n = len(tweak)
    if wallet is None:
        return pa.nulls(n, type=pa.bool_())
    data, toff, tvalid = _binary(tweak)
    vals, loff, lvalid = _int64_lists(outputs)
    statuses, maybe = wallet.prefilter_columns(data, toff, vals, loff, vartime)
    ok = tvalid & lvalid & (np.frombuffer(statuses, dtype=np.uint8) == 0)
    return _bools(np.frombuffer(maybe, dtype=np.uint8), ok)


def _session(spark: Optional[SparkSession]) -> SparkSession:
    s = spark or SparkSession.getActiveSession()
    if s is None:
        msg = "no active SparkSession: create one first or pass spark="
        raise RuntimeError(msg)
    return s


def _col(c: ColumnOrName) -> Column:
    return F.col(c) if isinstance(c, str) else c


def _bytes_or_none(x) -> Optional[bytes]:
    return None if x is None else bytes(x)


def _arrow_udf(fn, return_type: str, name: str):
    from pyspark.sql.functions import arrow_udf  # PySpark >= 4.1

    def call(*arrays: pa.Array) -> pa.Array:
        return fn(*arrays)

    call.__name__ = call.__qualname__ = name  # the name the plan shows
    call.__annotations__ = {}  # a scalar Arrow UDF (the default), arrays in, array out
    return arrow_udf(call, returnType=return_type)


# --- Silent payments --------------------------------------------------------------------------

def scan_silent_payments(
    tweak: ColumnOrName,
    outputs: ColumnOrName,
    scan_key: BytesLike,
    spend_pubkey: BytesLike,
    labels: Optional[Iterable[Optional[BytesLike]]] = (),
    *,
    vartime: bool = False,
    spark: Optional[SparkSession] = None,
) -> Column:
    """The DuckDB extension's ``scan_silent_payments(outputs, [scan_key, spend_pubkey, tweak],
    labels)`` as a Spark column: true when the transaction's k = 0 output, or that output plus one
    of the label points, has an x-only key whose first 8 bytes (a big-endian signed 64-bit number,
    as the server stores them) are among ``outputs``.

    Parameters:
        tweak: binary column, the transaction's tweak input_hash·A: 33 bytes compressed or 64
            bytes raw (x || y little-endian, libsecp256k1's ``secp256k1_pubkey`` bytes).
        outputs: array<bigint> column, the outputs' 8-byte prefixes (NULL elements skipped).
        scan_key: the wallet's 32-byte scan secret key (sent to the executors as a broadcast).
        spend_pubkey: the 33-byte or 64-byte spend public key.
        labels: label points (33 or 64 bytes; NULL entries and entries that are not points are
            skipped); None gives NULL for every row, as a NULL list does in DuckDB.
        vartime: multiply by the scan key in variable time (faster; see fastsecp.h).

    Returns:
        A boolean column: NULL where the tweak or outputs are NULL, the tweak is not a 33/64-byte
        point, or the wallet's keys are invalid (then every row); else true/false.
    """
    session = _session(spark)
    keys = (_bytes_or_none(scan_key), _bytes_or_none(spend_pubkey),
            None if labels is None else [_bytes_or_none(x) for x in labels])
    bc = session.sparkContext.broadcast((os.urandom(16), keys))  # (cache token, keys)
    return _arrow_udf(_scan_function(bc, bool(vartime)), "boolean", "scan_silent_payments")(_col(tweak), _col(outputs))


def _scan_function(bc, vartime: bool):
    """The function shipped to the executors: it holds the broadcast (pickled as its id only)."""

    def scan(tweak_arr: pa.Array, outputs_arr: pa.Array) -> pa.Array:
        return _scan_broadcast(bc, tweak_arr, outputs_arr, vartime)

    return scan


# (Module-level, so that the pickled UDFs refer to them by name instead of carrying them and the
# executor-side cache.)
def _scan_broadcast(bc, tweak_arr: pa.Array, outputs_arr: pa.Array, vartime: bool) -> pa.Array:
    token, keys = bc.value
    wallet = _wallets.get(token, lambda: _make_wallet(*keys))
    return _scan_batch(wallet, tweak_arr, outputs_arr, vartime)


def _scan_wallets_batches(bc, batches: Iterator[pa.RecordBatch], vartime: bool, id_type) -> Iterator[pa.RecordBatch]:
    token, spec = bc.value
    made = _wallets.get(token, lambda: [(w[0], _make_wallet(*w[1:])) for w in spec])
    for b in batches:
        rid = b.column(0)
        found_w: List[pa.Array] = []
        found_r: List[pa.Array] = []
        for wid, wallet in made:
            hit = _scan_batch(wallet, b.column(1), b.column(2), vartime)
            idx = np.flatnonzero(hit.fill_null(False).to_numpy(zero_copy_only=False))
            if len(idx):
                found_r.append(rid.take(pa.array(idx)))
                found_w.append(pa.array([wid] * len(idx), type=id_type))
        if found_r:
            yield pa.RecordBatch.from_arrays([pa.concat_arrays(found_w), pa.concat_arrays(found_r)],
                                             names=["wallet_id", "row_id"])


def label_points(scan_key: BytesLike, labels: Iterable[int]) -> List[bytes]:
    """The 33-byte label points of label numbers m (BIP-352; m = 0 is change), what
    ``scan_silent_payments`` and ``scan_wallets`` take (computed on the driver)."""
    from fastsecp.silentpayments import create_label

    return [create_label(scan_key, int(m))[0] for m in labels]


WalletRow = Tuple[Any, BytesLike, BytesLike, Optional[Sequence[Optional[BytesLike]]]]


def scan_wallets(
    df: DataFrame,
    wallets: Union[DataFrame, Sequence[WalletRow]],
    *,
    tweak: str = "tweak_key",
    outputs: str = "outputs",
    row_id: str = "txid",
    vartime: bool = False,
) -> DataFrame:
    """Scans a tweak table for many wallets at once: ``(wallet_id, row_id)`` for every row and
    wallet whose ``scan_silent_payments`` is true.

    Parameters:
        df: the tweak table (columns ``tweak``, ``outputs`` and ``row_id``, named by the arguments).
        wallets: a small table of wallets, collected on the driver and broadcast to the executors:
            rows ``(wallet_id, scan_key, spend_pubkey, labels)`` as a list or a Spark DataFrame with
            those four columns (labels: a list of label points or None). Wallets whose keys are
            invalid match nothing.

    Returns:
        A DataFrame of ``wallet_id`` (the type of the wallets' ids: bigint or string) and ``row_id``
        (the type of ``df[row_id]``), one row per match.
    """
    if isinstance(wallets, DataFrame):
        rows = [tuple(r) for r in wallets.collect()]
    else:
        rows = [tuple(r) for r in wallets]
    spec = []
    for r in rows:
        if len(r) != 4:
            msg = "wallets: each row is (wallet_id, scan_key, spend_pubkey, labels)"
            raise ValueError(msg)
        wid, scan_key, spend, labels = r
        spec.append((wid, _bytes_or_none(scan_key), _bytes_or_none(spend),
                     None if labels is None else [_bytes_or_none(x) for x in labels]))
    ids = [s[0] for s in spec]
    id_type = "bigint" if all(isinstance(i, int) for i in ids) else "string"
    session = df.sparkSession
    bc = session.sparkContext.broadcast((os.urandom(16), spec))  # (cache token, wallets)
    vt = bool(vartime)
    rid_field = df.schema[row_id]
    out_schema = "wallet_id %s, row_id %s" % (id_type, rid_field.dataType.simpleString())
    pa_id = pa.int64() if id_type == "bigint" else pa.string()

    def run(batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
        return _scan_wallets_batches(bc, batches, vt, pa_id)

    return df.select(F.col(row_id), F.col(tweak), F.col(outputs)).mapInArrow(run, out_schema)


# --- Signatures and keys ----------------------------------------------------------------------

def _verify_schnorr(sig: pa.Array, msg: pa.Array, pub: pa.Array) -> pa.Array:
    sig, msg, pub = _array(sig), _array(msg), _array(pub)
    s, s_ok = _fixed(sig, 64)
    p, p_ok = _fixed(pub, 32)
    data, off, m_valid = _binary(msg)
    st = np.frombuffer(_native.schnorr_verify_columns(s, data, off, p, 1), dtype=np.uint8)
    nonnull = _valid(sig) & m_valid & _valid(pub)
    return _bools((st == 0) & s_ok & p_ok, nonnull)


def _verify_ecdsa(sig: pa.Array, msghash: pa.Array, pub: pa.Array) -> pa.Array:
    sig, msghash, pub = _array(sig), _array(msghash), _array(pub)
    s, s_ok = _fixed(sig, 64)
    h, h_ok = _fixed(msghash, 32)
    data, off, p_valid = _binary(pub)
    st = np.frombuffer(_native.ecdsa_verify_columns(s, h, data, off, 1), dtype=np.uint8)
    nonnull = _valid(sig) & _valid(msghash) & p_valid
    return _bools((st == 0) & s_ok & h_ok, nonnull)


def _tweak_add(pub: pa.Array, tweak: pa.Array) -> pa.Array:
    pub, tweak = _array(pub), _array(tweak)
    p, p_ok = _fixed(pub, 33)
    t, t_ok = _fixed(tweak, 32)
    _, st, out = _native.pubkey_tweak_add_batch(np.ascontiguousarray(p), np.ascontiguousarray(t), 1)
    ok = p_ok & t_ok & (np.frombuffer(st, dtype=np.uint8) == 0)
    return _binary_out(out, 33, ok)


def _bip352_tweak(outpoint: pa.Array, keys: pa.Array) -> pa.Array:
    outpoint, keys = _array(outpoint), _array(keys)
    o, o_ok = _fixed(outpoint, 36)
    k_valid = _valid(keys)
    row_off = keys.offsets.to_numpy().astype(np.int64)
    child = _array(keys.values)
    if not (pa.types.is_binary(child.type) or pa.types.is_large_binary(child.type)):
        child = child.cast(pa.binary())
    data, koff, kvalid = _binary(child)
    # A NULL key makes its row NULL (as a key that is not a point does).
    bad_key = np.concatenate(([0], np.cumsum(~kvalid, dtype=np.int64)))
    row_has_null = (bad_key[row_off[1:]] - bad_key[row_off[:-1]]) > 0
    ok_rows, out = _native.bip352_tweak_columns(np.ascontiguousarray(o), data, koff, row_off)
    ok = o_ok & k_valid & ~row_has_null & (np.frombuffer(ok_rows, dtype=np.uint8) == 1)
    return _binary_out(out, 33, ok)


def schnorr_verify(sig: ColumnOrName, msg: ColumnOrName, xonly_pubkey: ColumnOrName) -> Column:
    """BIP-340 verification per row (one ``fastsecp_schnorr_verify_batch`` per Arrow batch):
    64-byte signature, message of any length, 32-byte x-only key. NULL where an input is NULL;
    false for a wrong length, an invalid key or signature."""
    return _arrow_udf(_verify_schnorr, "boolean", "schnorr_verify")(_col(sig), _col(msg), _col(xonly_pubkey))


def ecdsa_verify(sig: ColumnOrName, msghash: ColumnOrName, pubkey: ColumnOrName) -> Column:
    """ECDSA verification per row (``fastsecp_ecdsa_verify_batch``, libsecp256k1's rules: low s
    only): 64-byte compact signature r || s, 32-byte message hash, 33- or 65-byte public key.
    NULL where an input is NULL; false for a wrong length, an invalid key or signature."""
    return _arrow_udf(_verify_ecdsa, "boolean", "ecdsa_verify")(_col(sig), _col(msghash), _col(pubkey))


def pubkey_tweak_add(pubkey: ColumnOrName, tweak: ColumnOrName) -> Column:
    """P + t·G per row (``fastsecp_pubkey_tweak_add_batch``): 33-byte compressed key, 32-byte
    tweak, 33-byte compressed result; NULL for a NULL or malformed input, a tweak >= n or a
    result at infinity."""
    return _arrow_udf(_tweak_add, "binary", "pubkey_tweak_add")(_col(pubkey), _col(tweak))


def bip352_tweak(outpoint_smallest: ColumnOrName, input_pubkeys: ColumnOrName) -> Column:
    """A transaction's BIP-352 tweak input_hash·A (33 bytes compressed), what the tweak table
    holds: ``outpoint_smallest`` the 36-byte serialized smallest outpoint of all inputs,
    ``input_pubkeys`` array<binary> of the eligible inputs' keys (32-byte x-only keys of taproot
    inputs, 33/65-byte keys of the others). NULL when an input is NULL or invalid, there are no
    keys, or they sum to infinity (as ``fastsecp.silentpayments.public_tweak`` returns None)."""
    return _arrow_udf(_bip352_tweak, "binary", "bip352_tweak")(_col(outpoint_smallest), _col(input_pubkeys))


__all__ = [
    "bip352_tweak",
    "ecdsa_verify",
    "label_points",
    "pubkey_tweak_add",
    "scan_silent_payments",
    "scan_wallets",
    "schnorr_verify",
]
