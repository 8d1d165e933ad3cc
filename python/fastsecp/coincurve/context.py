"""Signing/verification contexts (``coincurve.context``)."""
from __future__ import annotations

from os import urandom
from threading import Lock
from typing import Optional

from fastsecp import _native
from fastsecp.coincurve.flags import CONTEXT_FLAGS, CONTEXT_NONE


class Context:
    """A secp256k1 context: the blinding state of signing and key generation.

    Parameters:
        seed: 32 bytes to randomize the blinding with; anything else (None, another length) draws
            32 random bytes instead.
        flag: must be ``CONTEXT_NONE``.
        name: shown by ``repr``.

    Raises:
        ValueError: for a flag other than ``CONTEXT_NONE``.
    """

    def __init__(self, seed: Optional[bytes] = None, flag=CONTEXT_NONE, name: str = ""):
        if flag not in CONTEXT_FLAGS:
            msg = f"{flag} is an invalid context flag."
            raise ValueError(msg)
        self._lock = Lock()
        self.ctx = _native.Context()
        self.reseed(seed)
        self.name = name

    def reseed(self, seed: Optional[bytes] = None):
        """Re-randomizes the blinding (side-channel protection) with ``seed`` or fresh random bytes."""
        with self._lock:
            if not seed or len(seed) != 32:
                seed = urandom(32)
            if not self.ctx.randomize(bytes(seed)):
                msg = "secp256k1_context_randomize"
                raise ValueError(msg)

    def __repr__(self):
        return self.name or super().__repr__()


#: The context every call uses unless given another.
GLOBAL_CONTEXT = Context(name="GLOBAL_CONTEXT")
