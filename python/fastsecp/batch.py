"""The batch API: many signatures or keys per call, one status per item, the GIL released.

Inputs are columns: either a sequence of byte strings (``bytes``, ``bytearray``, ``memoryview``,
...) or one packed buffer of equal-size records back to back (any object with the buffer
protocol: ``bytes``, ``bytearray``, ``memoryview``, a C-contiguous NumPy array). Columns of one
call must have the same number of items.

``threads``: how many threads a call may use, the calling thread included; 1 (default) runs on the
calling thread only, 0 uses one thread per CPU core. Small batches always run on one thread.
While a call runs, the GIL is released: other Python threads keep running.
"""
from __future__ import annotations

from typing import Iterator, List, Sequence, Union, overload

from fastsecp import _native
from fastsecp.status import Status

#: A column: a sequence of bytes-like items, or one packed bytes-like buffer.
Column = Union[bytes, bytearray, memoryview, Sequence[Union[bytes, bytearray, memoryview]], object]

_STATUS = tuple(Status)


class BatchResult(Sequence[Status]):
    """The outcome of a batch call: a sequence of one ``Status`` per input item (in input order).

    Attributes:
        statuses: the raw codes, one byte per item (``bytes``; cheap for millions of items).
        all_valid: True when every item is ``Status.OK``.
        summary: ``Status.OK`` or ``Status.ITEM_FAILED``.
    """

    __slots__ = ("statuses", "summary")

    def __init__(self, summary: int, statuses: bytes):
        self.summary = Status(summary)
        self.statuses = statuses

    @property
    def all_valid(self) -> bool:
        """True when every item succeeded (also for an empty batch)."""
        return self.summary == Status.OK

    def __len__(self) -> int:
        return len(self.statuses)

    @overload
    def __getitem__(self, index: int) -> Status: ...
    @overload
    def __getitem__(self, index: slice) -> List[Status]: ...
    def __getitem__(self, index):
        if isinstance(index, slice):
            return [_STATUS[s] for s in self.statuses[index]]
        return _STATUS[self.statuses[index]]

    def __iter__(self) -> Iterator[Status]:
        return (_STATUS[s] for s in self.statuses)

    def failed(self) -> List[int]:
        """The indices of the items that did not succeed."""
        return [i for i, s in enumerate(self.statuses) if s]

    def __bool__(self) -> bool:
        return self.all_valid

    def __repr__(self) -> str:
        bad = len(self.statuses) - self.statuses.count(0)
        return f"BatchResult(n={len(self.statuses)}, all_valid={self.all_valid}, failed={bad})"


class KeyBatchResult(BatchResult):
    """A ``BatchResult`` with outputs: 33-byte compressed public keys, zero-filled for failed items.

    Attributes:
        packed: the outputs back to back (``bytes`` of 33 × n).
    """

    __slots__ = ("packed",)

    def __init__(self, summary: int, statuses: bytes, packed: bytes):
        super().__init__(summary, statuses)
        self.packed = packed

    @property
    def keys(self) -> List[bytes]:
        """The outputs as a list of 33-byte strings (in input order)."""
        p = self.packed
        return [p[i : i + 33] for i in range(0, len(p), 33)]


def ecdsa_verify_batch(signatures: Column, msghashes: Column, pubkeys: Column, *, threads: int = 1) -> BatchResult:
    """Verifies ECDSA signatures, item i being (signatures[i], msghashes[i], pubkeys[i]).

    Parameters:
        signatures: 64-byte compact signatures r || s.
        msghashes: 32-byte message hashes.
        pubkeys: serialized public keys, 33 or 65 bytes (packed: all of one size).
        threads: threads to use (1: this thread only; 0: one per core).

    Returns:
        One status per item: ``OK`` exactly when libsecp256k1's ``secp256k1_ecdsa_verify`` accepts
        it (lower-S rule included); else ``SCALAR_OUT_OF_RANGE``, ``BAD_ENCODING``,
        ``POINT_NOT_ON_CURVE``, ``HIGH_S`` or ``INVALID_SIGNATURE``.

    Raises:
        TypeError: a column is not bytes-like / a sequence of bytes-like objects.
        ValueError: wrong record sizes or column lengths, or a bad ``threads``.
    """
    return BatchResult(*_native.ecdsa_verify_batch(signatures, msghashes, pubkeys, threads))


def schnorr_verify_batch(signatures: Column, messages: Column, pubkeys: Column, *, threads: int = 1) -> BatchResult:
    """Verifies BIP-340 signatures with one randomized batch equation (items are re-checked one by
    one when it fails, so every status equals a single verification's).

    Parameters:
        signatures: 64-byte signatures.
        messages: the messages, any length (packed: all of one length, total / n).
        pubkeys: 32-byte x-only public keys.
        threads: threads to use (1: this thread only; 0: one per core).

    Returns:
        One status per item: ``OK``, ``BAD_ENCODING``, ``POINT_NOT_ON_CURVE``,
        ``SCALAR_OUT_OF_RANGE`` or ``INVALID_SIGNATURE``.

    Raises:
        TypeError, ValueError: as for ``ecdsa_verify_batch``.
    """
    return BatchResult(*_native.schnorr_verify_batch(signatures, messages, pubkeys, threads))


def pubkey_create_batch(seckeys: Column, *, threads: int = 1) -> KeyBatchResult:
    """Compressed public keys of 32-byte secret keys (each in constant time).

    Returns:
        Statuses (``SCALAR_OUT_OF_RANGE`` for a key 0 or >= n) and the 33-byte keys.
    """
    return KeyBatchResult(*_native.pubkey_create_batch(seckeys, threads))


def pubkey_tweak_add_batch(pubkeys: Column, tweaks: Column, *, threads: int = 1) -> KeyBatchResult:
    """``P_i + t_i·G`` for 33-byte compressed keys P_i and 32-byte tweaks t_i (public data,
    variable time), as ``secp256k1_ec_pubkey_tweak_add``.

    Returns:
        Statuses (``BAD_ENCODING`` / ``POINT_NOT_ON_CURVE`` for a key, ``SCALAR_OUT_OF_RANGE`` for a
        tweak >= n, ``POINT_AT_INFINITY``) and the 33-byte results.
    """
    return KeyBatchResult(*_native.pubkey_tweak_add_batch(pubkeys, tweaks, threads))


__all__ = [
    "BatchResult",
    "KeyBatchResult",
    "ecdsa_verify_batch",
    "pubkey_create_batch",
    "pubkey_tweak_add_batch",
    "schnorr_verify_batch",
]
