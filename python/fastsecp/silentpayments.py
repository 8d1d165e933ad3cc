"""BIP-352 silent payments: batch scanning for wallets and indexers, and the sender/receiver steps.

Scanning (``Wallet``) works on what an indexer serves per transaction: the 33-byte *tweak*
``input_hash·A`` (A = the sum of the eligible inputs' public keys) and the transaction's taproot
outputs (32-byte x-only keys). ``Wallet.scan`` runs BIP-352 exactly (k = 0, 1, ... while an output
matches, labels included) over many transactions per call, with the GIL released;
``Wallet.prefilter`` is the cheaper first pass over 8-byte output prefixes.

The scan key is secret: by default it is only multiplied in constant time. ``vartime=True``
(opt-in) is faster but its timing depends on the scan key; use it only where nobody else can time
the scanner.

The functions below the wallet are the rest of what a wallet needs, on top of the
libsecp256k1-compatible module (``secp256k1_silentpayments.h``): the public tweak of a
transaction, labels and labelled spend keys, sender output creation, and the one-transaction scan.
"""
from __future__ import annotations

import hashlib
from typing import Dict, Iterable, List, NamedTuple, Optional, Sequence, Tuple, Union

from fastsecp import _native, gpu
from fastsecp.batch import BatchResult, Column
from fastsecp.coincurve.context import GLOBAL_CONTEXT

BytesLike = Union[bytes, bytearray, memoryview]


class Match(NamedTuple):
    """One output found by ``Wallet.scan``.

    Attributes:
        item: index of the transaction in the scanned batch.
        output: index of the output within that transaction's outputs.
        k: the BIP-352 output counter.
        label: the label's m when the output pays a labelled address, else None.
        spend_tweak: 32 bytes to add to the spend secret key to spend the output (secret).
    """

    item: int
    output: int
    k: int
    label: Optional[int]
    spend_tweak: bytes


class ScanResult(BatchResult):
    """``BatchResult`` of ``Wallet.scan`` (one status per transaction) with the matches.

    Attributes:
        matches: ``Match`` entries in input order (transaction, then k).
    """

    __slots__ = ("matches",)

    def __init__(self, summary: int, statuses: bytes, matches: List[Match]):
        super().__init__(summary, statuses)
        self.matches = matches


class PrefilterResult(BatchResult):
    """``BatchResult`` of ``Wallet.prefilter`` with one flag per transaction.

    Attributes:
        maybe: one byte per transaction, 1 when one of its prefixes matches (scan it fully), else 0.
    """

    __slots__ = ("maybe",)

    def __init__(self, summary: int, statuses: bytes, maybe: bytes):
        super().__init__(summary, statuses)
        self.maybe = maybe

    def candidates(self) -> List[int]:
        """Indices of the transactions that may pay the wallet."""
        return [i for i, m in enumerate(self.maybe) if m]


#: Where a scan runs: None / "cpu", "auto", "gpu", or a fastsecp.gpu.Context.
Device = Union[None, str, "gpu.Context"]


def _device(device: Device) -> object:
    """The native context for ``device`` (None: the CPU call)."""
    if device is None:
        return None
    if isinstance(device, gpu.Context):
        return device._ctx
    ctx = gpu.shared_context(device)
    return None if ctx is None else ctx._ctx


def _offsets(counts: Iterable[int]) -> List[int]:
    out = [0]
    for c in counts:
        out.append(out[-1] + c)
    return out


class Wallet:
    """A receiving wallet prepared for batch scanning (``fastsecp_sp_wallet``).

    Parameters:
        scan_key: the 32-byte scan secret key b_scan.
        spend_pubkey: the 33-byte compressed spend public key B_spend.
        labels: the label numbers m the wallet owns (0 is the change label). Labels do not slow
            ``scan`` down; ``prefilter``'s cost grows with their number.

    Raises:
        ValueError: invalid scan key or spend key, too many labels (above 1,000,000).
        TypeError: keys that are not bytes-like.
    """

    def __init__(self, scan_key: BytesLike, spend_pubkey: BytesLike, labels: Iterable[int] = ()):
        self.labels: Tuple[int, ...] = tuple(int(m) for m in labels)
        for m in self.labels:
            if not 0 <= m < 2**32:
                msg = f"labels: {m} is not a 32-bit label number"
                raise ValueError(msg)
        self._wallet = _native.SpWallet(scan_key, spend_pubkey, list(self.labels))

    def scan(
        self,
        items: Iterable[Tuple[BytesLike, Union[Sequence[BytesLike], BytesLike]]],
        *,
        vartime: bool = False,
        threads: int = 1,
        device: Device = None,
    ) -> ScanResult:
        """Scans transactions given as ``(tweak33, outputs)`` pairs, ``outputs`` being a sequence
        of 32-byte x-only keys or one packed buffer of them.

        ``device``: None or ``"cpu"`` (the CPU on ``threads`` threads), ``"auto"`` (a GPU when there
        is one, else the CPU engine), ``"gpu"`` (a GPU; ``fastsecp.gpu.NoDeviceError`` without one) or
        a ``fastsecp.gpu.Context``. The results are the same on every device.

        Returns:
            One status per transaction (``OK``; ``BAD_ENCODING`` / ``POINT_NOT_ON_CURVE`` for a
            tweak that is not a point) and the matches. Outputs that are not valid x-only keys are
            skipped (never matched).
        """
        tweaks: List[BytesLike] = []
        outputs: List[bytes] = []
        counts: List[int] = []
        for tweak, outs in items:
            tweaks.append(tweak)
            if isinstance(outs, (bytes, bytearray, memoryview)):
                packed = bytes(outs)
                if len(packed) % 32:
                    msg = "outputs: a packed buffer must hold 32-byte keys"
                    raise ValueError(msg)
                counts.append(len(packed) // 32)
                outputs.append(packed)
            else:
                outs = list(outs)
                for o in outs:
                    if len(o) != 32:
                        msg = f"outputs: expected 32-byte x-only keys, got {len(o)} bytes"
                        raise ValueError(msg)
                counts.append(len(outs))
                outputs.append(b"".join(bytes(o) for o in outs))
        return self.scan_packed(tweaks, b"".join(outputs), _offsets(counts), vartime=vartime, threads=threads,
                                device=device)

    def scan_packed(
        self, tweaks: Column, outputs: Column, offsets: Union[Sequence[int], BytesLike], *, vartime: bool = False,
        threads: int = 1, device: Device = None,
    ) -> ScanResult:
        """Scans n transactions given as columns (for millions of rows): ``tweaks`` (n × 33 bytes),
        ``outputs`` (all outputs, 32 bytes each, transaction after transaction) and ``offsets``
        (n + 1 non-decreasing integers: transaction i owns outputs offsets[i] .. offsets[i+1]; a
        list or a buffer of 8-byte integers such as ``array('Q')`` or a NumPy uint64 array).
        """
        summary, statuses, found = self._wallet.scan(tweaks, outputs, offsets, bool(vartime), threads,
                                                     _device(device))
        return ScanResult(summary, statuses, [Match(*m) for m in found])

    def prefilter(
        self, tweaks: Column, prefixes: Column, offsets: Union[Sequence[int], BytesLike], *, vartime: bool = False,
        threads: int = 1, device: Device = None,
    ) -> PrefilterResult:
        """The indexer's pre-filter: for each tweak, whether the k = 0 output (or its labelled
        variants) has its first 8 bytes among the transaction's ``prefixes`` (8 bytes each;
        transaction i owns prefixes offsets[i] .. offsets[i+1]). Only a hint: scan the candidates
        fully with ``scan``.
        """
        summary, statuses, maybe = self._wallet.prefilter(tweaks, prefixes, offsets, bool(vartime), threads,
                                                          _device(device))
        return PrefilterResult(summary, statuses, maybe)


# --- Sender and receiver steps (module API) -----------------------------------------------------


def serialize_outpoint(txid: str, vout: int) -> bytes:
    """The 36-byte serialized outpoint of a transaction id in its usual (display, hex) form and an
    output index: the id's bytes reversed, then vout as 4 little-endian bytes."""
    return bytes.fromhex(txid)[::-1] + int(vout).to_bytes(4, "little")


def smallest_outpoint(outpoints: Iterable[BytesLike]) -> bytes:
    """The lexicographically smallest of serialized outpoints (BIP-352 uses it over ALL inputs)."""
    return min(bytes(o) for o in outpoints)


def _tagged(tag: str, data: bytes) -> bytes:
    t = hashlib.sha256(tag.encode()).digest()
    return hashlib.sha256(t + t + data).digest()


def public_tweak(
    outpoint_smallest: BytesLike, xonly_pubkeys: Iterable[BytesLike] = (), pubkeys: Iterable[BytesLike] = ()
) -> Optional[bytes]:
    """A transaction's tweak ``input_hash·A`` (33 bytes), what ``Wallet.scan`` takes and indexers
    serve: A is the sum of the eligible inputs' public keys (taproot inputs as 32-byte x-only keys,
    the others as serialized keys), input_hash the BIP0352/Inputs hash of the smallest outpoint and A.

    Returns:
        The tweak, or None when the keys sum to infinity (no silent payment possible).

    Raises:
        ValueError: no keys, an invalid key, an outpoint that is not 36 bytes.
    """
    ctx = GLOBAL_CONTEXT.ctx
    outpoint = bytes(outpoint_smallest)
    if len(outpoint) != 36:
        msg = "outpoint_smallest must be 36 bytes"
        raise ValueError(msg)
    keys = []
    for x in xonly_pubkeys:
        x = bytes(x)
        pk = _native.pubkey_parse(ctx, b"\x02" + x) if len(x) == 32 else None
        if pk is None:
            msg = "invalid x-only public key"
            raise ValueError(msg)
        keys.append(pk)
    for p in pubkeys:
        pk = _native.pubkey_parse(ctx, bytes(p))
        if pk is None:
            msg = "invalid public key"
            raise ValueError(msg)
        keys.append(pk)
    if not keys:
        msg = "no input public keys"
        raise ValueError(msg)
    total = _native.pubkey_combine(ctx, keys)
    if total is None:
        return None
    a33 = _native.pubkey_serialize(ctx, total, True)
    input_hash = _tagged("BIP0352/Inputs", outpoint + a33)
    tweaked = _native.pubkey_tweak_mul(ctx, total, input_hash)
    if tweaked is None:
        return None
    return _native.pubkey_serialize(ctx, tweaked, True)


def create_label(scan_key: BytesLike, m: int) -> Tuple[bytes, bytes]:
    """Label number m of the wallet with this scan key: ``(label33, label_tweak32)`` where the label
    is the point label_tweak·G (BIP-352 "Labels"; m = 0 is reserved for change).

    Raises:
        ValueError: an invalid scan key or m outside 0 .. 2**32 - 1.
    """
    if not 0 <= m < 2**32:
        msg = "m must be a 32-bit label number"
        raise ValueError(msg)
    result = _native.sp_label_create(GLOBAL_CONTEXT.ctx, scan_key, m)
    if result is None:
        msg = "scan_key: not a valid secret key"
        raise ValueError(msg)
    return result


def labeled_spend_pubkey(spend_pubkey: BytesLike, label: BytesLike) -> bytes:
    """The spend public key of a labelled address: spend_pubkey + label (33 bytes compressed).

    Raises:
        ValueError: an invalid key or label, or a sum at infinity.
    """
    result = _native.sp_labeled_spend_pubkey(GLOBAL_CONTEXT.ctx, spend_pubkey, label)
    if result is None:
        msg = "the labelled spend key is the point at infinity"
        raise ValueError(msg)
    return result


def create_outputs(
    recipients: Sequence[Tuple[BytesLike, BytesLike]],
    outpoint_smallest: BytesLike,
    taproot_seckeys: Iterable[BytesLike] = (),
    seckeys: Iterable[BytesLike] = (),
) -> List[bytes]:
    """The sender's side: the x-only output keys (32 bytes each, in ``recipients`` order) paying
    ``recipients`` = [(scan_pubkey33, spend_pubkey33), ...], from the transaction's smallest
    outpoint and the secret keys of its eligible inputs (taproot inputs apart: the library negates
    those whose public key has odd y).

    Raises:
        ValueError: invalid keys, no inputs, keys summing to zero, too many outputs for one scan key.
    """
    result = _native.sp_sender_create_outputs(
        GLOBAL_CONTEXT.ctx, list(recipients), outpoint_smallest, list(taproot_seckeys), list(seckeys)
    )
    if result is None:
        msg = "silent payment outputs could not be created (invalid or zero-sum input keys, or too many recipients)"
        raise ValueError(msg)
    return result


class FoundOutput(NamedTuple):
    """One output found by ``scan_transaction``.

    Attributes:
        output: index of the output in the given outputs.
        spend_tweak: 32 bytes to add to the spend secret key (secret).
        label: the 33-byte label point when paid to a labelled address, else None.
    """

    output: int
    spend_tweak: bytes
    label: Optional[bytes]


def scan_transaction(
    outputs: Sequence[BytesLike],
    scan_key: BytesLike,
    spend_pubkey: BytesLike,
    outpoint_smallest: BytesLike,
    xonly_pubkeys: Iterable[BytesLike] = (),
    pubkeys: Iterable[BytesLike] = (),
    labels: Optional[Dict[bytes, bytes]] = None,
) -> Optional[List[FoundOutput]]:
    """Scans one transaction through the module API (``secp256k1_silentpayments_recipient_scan_
    outputs``), from its inputs' public keys instead of a precomputed tweak.

    Parameters:
        labels: ``{label33: label_tweak32}`` for the wallet's labels (see ``create_label``), or None.

    Returns:
        The outputs that pay the wallet, or None when the transaction cannot hold silent payments
        (no keys, keys summing to infinity, an output that is not a valid x-only key).
    """
    result = _native.sp_recipient_scan_outputs(
        GLOBAL_CONTEXT.ctx, list(outputs), scan_key, outpoint_smallest, list(xonly_pubkeys), list(pubkeys),
        spend_pubkey, labels,
    )
    if result is None:
        return None
    return [FoundOutput(*r) for r in result]


__all__ = [
    "FoundOutput",
    "Match",
    "PrefilterResult",
    "ScanResult",
    "Wallet",
    "create_label",
    "create_outputs",
    "labeled_spend_pubkey",
    "public_tweak",
    "scan_transaction",
    "serialize_outpoint",
    "smallest_outpoint",
]
