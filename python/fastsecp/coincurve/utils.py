"""Helpers and constants (``coincurve.utils``), and ECDSA verification of a DER signature."""
from __future__ import annotations

from base64 import b64decode, b64encode
from hashlib import sha256 as _sha256
from os import urandom
from typing import Iterator

from fastsecp import _native
from fastsecp.coincurve.context import GLOBAL_CONTEXT, Context
from fastsecp.coincurve.types import Hasher

#: The order n of secp256k1's group, as 32 big-endian bytes and as an int.
GROUP_ORDER_INT = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141
GROUP_ORDER = GROUP_ORDER_INT.to_bytes(32, "big")
KEY_SIZE = 32
MSG_HASH_SIZE = 32
ZERO = b"\x00"
PEM_HEADER = b"-----BEGIN PRIVATE KEY-----\n"
PEM_FOOTER = b"-----END PRIVATE KEY-----\n"

#: ``custom_nonce`` default: RFC 6979 nonces without extra data.
DEFAULT_NONCE = (None, None)


def sha256(bytestr: bytes) -> bytes:
    """SHA-256 of ``bytestr`` (the default hasher)."""
    return _sha256(bytestr).digest()


def pad_hex(hexed: str) -> str:
    """``hexed`` with a leading ``0`` when its length is odd."""
    return f"0{hexed}" if len(hexed) % 2 else hexed


def bytes_to_int(bytestr: bytes) -> int:
    """The big-endian unsigned integer of ``bytestr``."""
    return int.from_bytes(bytestr, "big")


def int_to_bytes(num: int) -> bytes:
    """The shortest big-endian encoding of ``num`` (at least one byte)."""
    return num.to_bytes(max(1, (num.bit_length() + 7) // 8), "big")


def int_to_bytes_padded(num: int) -> bytes:
    """``num`` big-endian, left-padded with zeros to 32 bytes (longer when it needs more)."""
    return pad_scalar(int_to_bytes(num))


def hex_to_bytes(hexed: str) -> bytes:
    """The bytes of a hex string (odd lengths allowed), left-padded with zeros to 32 bytes."""
    return pad_scalar(bytes.fromhex(pad_hex(hexed)))


def chunk_data(data: bytes, size: int) -> Iterator[bytes]:
    """``data`` cut into consecutive pieces of ``size`` bytes (the last may be shorter)."""
    return (data[start : start + size] for start in range(0, len(data), size))


def der_to_pem(der: bytes) -> bytes:
    """PEM armour ("PRIVATE KEY") around DER bytes, base64 in lines of 64 characters."""
    body = b"\n".join(chunk_data(b64encode(der), 64))
    return PEM_HEADER + body + b"\n" + PEM_FOOTER


def pem_to_der(pem: bytes) -> bytes:
    """The DER bytes inside PEM armour (every line between the first and the last)."""
    lines = pem.strip().splitlines()
    return b64decode(b"".join(lines[1:-1]))


def get_valid_secret() -> bytes:
    """32 random bytes that form a valid secret key (1 <= k < n)."""
    while True:
        candidate = urandom(KEY_SIZE)
        if ZERO < candidate < GROUP_ORDER:
            return candidate


def pad_scalar(scalar: bytes) -> bytes:
    """``scalar`` left-padded with zero bytes to 32 bytes (unchanged when already that long)."""
    missing = KEY_SIZE - len(scalar)
    return ZERO * missing + scalar if missing > 0 else ZERO[:0] + scalar


def validate_secret(secret: bytes) -> bytes:
    """``secret`` padded to 32 bytes after checking 0 < secret < n.

    Raises:
        ValueError: when the number is 0 or not below the group order.
    """
    if not 0 < bytes_to_int(secret) < GROUP_ORDER_INT:
        msg = f"Secret scalar must be greater than 0 and less than {GROUP_ORDER_INT}."
        raise ValueError(msg)
    return pad_scalar(secret)


def verify_signature(
    signature: bytes, message: bytes, public_key: bytes, hasher: Hasher = sha256, context: Context = GLOBAL_CONTEXT
) -> bool:
    """Checks an ECDSA signature in DER form.

    Parameters:
        signature: the DER-encoded signature.
        message: the signed message (hashed with ``hasher``, or used as the 32-byte hash when
            ``hasher`` is None).
        public_key: the signer's public key, serialized (33 or 65 bytes).
        hasher: the hash function, returning 32 bytes; SHA-256 by default.
        context: the context to use.

    Returns:
        True when the signature is valid for the message and key (lower-S form only).

    Raises:
        ValueError: the public key does not parse, the hash is not 32 bytes, or the signature is
            not valid DER.
    """
    msg_hash = hasher(message) if hasher is not None else message
    code = _native.verify_signature(context.ctx, signature, msg_hash, public_key)
    if code >= 0:
        return code == 1
    if code == -3:
        msg = "The public key could not be parsed or is invalid."
    elif code == -2:
        msg = "Message hash must be 32 bytes long."
    else:
        msg = "The DER-encoded signature could not be parsed."
    raise ValueError(msg)
