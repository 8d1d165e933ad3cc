"""BIP-374 discrete-log-equality proofs (``secp256k1_dleq.h``).

A 64-byte proof that A = a·G and C = a·B share the secret a, optionally bound to a 32-byte
message. G is the curve's generator unless a base point ``G`` is given (the BIP's general form,
which its test vectors use). Points: 33 or 65 bytes. Bad input raises ValueError (TypeError for
non-bytes); ``verify`` returns False for a proof that does not hold.
"""
from __future__ import annotations

import os
from typing import Optional, Union

from fastsecp import _native

BytesLike = Union[bytes, bytearray, memoryview]


def prove(
    seckey: BytesLike,
    B: BytesLike,
    msg: Optional[BytesLike] = None,
    aux_rand: Optional[BytesLike] = None,
    G: Optional[BytesLike] = None,
) -> bytes:
    """The proof for a = ``seckey`` and the point ``B`` (``aux_rand``: 32 bytes, default os.urandom)."""
    return _native.dleq_prove(seckey, B, os.urandom(32) if aux_rand is None else aux_rand, msg, G)


def verify(
    proof: BytesLike, A: BytesLike, B: BytesLike, C: BytesLike, msg: Optional[BytesLike] = None, G: Optional[BytesLike] = None
) -> bool:
    """Whether ``proof`` shows that A = a·G and C = a·B for one a."""
    return _native.dleq_verify(proof, A, B, C, msg, G)


__all__ = ["prove", "verify"]
