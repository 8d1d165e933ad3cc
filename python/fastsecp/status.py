"""Per-item status codes of the batch API (``fastsecp_status`` in include/fastsecp.h)."""
from __future__ import annotations

from enum import IntEnum

from fastsecp import _native


class Status(IntEnum):
    """The outcome of one item of a batch call; the values are those of the C enum
    ``fastsecp_status``."""

    #: Success (a valid signature, a created key, ...).
    OK = 0
    #: An argument is missing or outside its documented range.
    INVALID_ARGUMENT = 1
    #: Memory or threads could not be obtained.
    OUT_OF_MEMORY = 2
    #: Bytes that are not a valid encoding (public key length/prefix, coordinate >= p, ...).
    BAD_ENCODING = 3
    #: A number that must be below the group order is not (or is zero where it must not be).
    SCALAR_OUT_OF_RANGE = 4
    #: A well-encoded public key that is not on the curve.
    POINT_NOT_ON_CURVE = 5
    #: The result would be the point at infinity.
    POINT_AT_INFINITY = 6
    #: An output buffer is too small.
    BUFFER_TOO_SMALL = 7
    #: Well-formed inputs, but the signature does not verify.
    INVALID_SIGNATURE = 8
    #: An ECDSA signature with s > n/2 (libsecp256k1's lower-S rule rejects it).
    HIGH_S = 9
    #: A batch call's summary when at least one item failed.
    ITEM_FAILED = 10
    #: A checksum does not match (Base58Check, Bech32/Bech32m, EIP-55).
    BAD_CHECKSUM = 11
    #: The operation needs a private key (hardened BIP-32 derivation from an extended public key).
    NEEDS_PRIVATE_KEY = 12
    #: No GPU device of the requested kind (``fastsecp_gpu.h``).
    NO_DEVICE = 13
    #: The GPU device or its driver failed (``fastsecp_gpu.h``).
    DEVICE = 14

    def describe(self) -> str:
        """The library's description of this status (``fastsecp_strerror``)."""
        return _native.strerror(int(self))
