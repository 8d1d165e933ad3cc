"""fastsecp: secp256k1 for Python.

- ``fastsecp.coincurve``: a drop-in for coincurve 21.0.0 (``import fastsecp.coincurve as coincurve``).
- Batch calls (also in ``fastsecp.batch``): ``ecdsa_verify_batch``, ``schnorr_verify_batch``,
  ``pubkey_create_batch``, ``pubkey_tweak_add_batch``; one ``Status`` per item, the GIL released,
  ``threads=`` to use several cores.
- ``fastsecp.silentpayments``: BIP-352 scanning of many transactions per call (``Wallet``) and the
  sender/receiver steps; ``Wallet.scan(..., device="auto")`` runs on a GPU when there is one.
- ``fastsecp.frost`` (BIP-445 threshold signatures), ``fastsecp.adaptor`` (ECDSA adaptor
  signatures) and ``fastsecp.dleq`` (BIP-374 proofs): the protocol modules, bytes in and out.
- ``fastsecp.gpu``: batch calls on CUDA/OpenCL devices (or the CPU engine): ``Context``,
  ``list_devices``.
"""
from fastsecp import _native
from fastsecp.batch import (
    BatchResult,
    KeyBatchResult,
    ecdsa_verify_batch,
    pubkey_create_batch,
    pubkey_tweak_add_batch,
    schnorr_verify_batch,
)
from fastsecp.status import Status

__version__ = "0.1.0"
#: The version of the fastsecp library inside the extension.
library_version: str = _native.version()

__all__ = [
    "BatchResult",
    "KeyBatchResult",
    "Status",
    "ecdsa_verify_batch",
    "library_version",
    "pubkey_create_batch",
    "pubkey_tweak_add_batch",
    "schnorr_verify_batch",
]
