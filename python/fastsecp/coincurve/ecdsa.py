"""Low-level ECDSA conversions (``coincurve.ecdsa``).

The "cdata" values here are fastsecp's parsed-signature objects (``_native.EcdsaSignature`` and
``_native.RecoverableSignature``), where coincurve has cffi structs; they are produced and consumed
by the same functions.
"""
from __future__ import annotations

from fastsecp import _native
from fastsecp.coincurve.context import GLOBAL_CONTEXT, Context
from fastsecp.coincurve.types import Hasher
from fastsecp.coincurve.utils import bytes_to_int, int_to_bytes, sha256

MAX_SIG_LENGTH = 72
CDATA_SIG_LENGTH = 64


def cdata_to_der(cdata, context: Context = GLOBAL_CONTEXT) -> bytes:
    """The DER encoding of a parsed ECDSA signature."""
    return _native.ecdsa_serialize_der(context.ctx, cdata)


def der_to_cdata(der: bytes, context: Context = GLOBAL_CONTEXT):
    """Parses a DER-encoded ECDSA signature.

    Raises:
        ValueError: when ``der`` is not a valid DER signature.
    """
    parsed = _native.ecdsa_parse_der(context.ctx, der)
    if parsed is None:
        msg = "The DER-encoded signature could not be parsed."
        raise ValueError(msg)
    return parsed


def recover(message: bytes, recover_sig, hasher: Hasher = sha256, context: Context = GLOBAL_CONTEXT):
    """The public key (parsed) that made a recoverable signature of ``message``.

    Raises:
        ValueError: when the hash is not 32 bytes or no key can be recovered.
    """
    msg_hash = hasher(message) if hasher is not None else message
    if len(msg_hash) != 32:
        msg = "Message hash must be 32 bytes long."
        raise ValueError(msg)
    pubkey = _native.ecdsa_recover(context.ctx, recover_sig, msg_hash)
    if pubkey is None:
        msg = "failed to recover ECDSA public key"
        raise ValueError(msg)
    return pubkey


def serialize_recoverable(recover_sig, context: Context = GLOBAL_CONTEXT) -> bytes:
    """A recoverable signature as 65 bytes: r || s || recovery id."""
    return _native.recoverable_serialize(context.ctx, recover_sig)


def deserialize_recoverable(serialized: bytes, context: Context = GLOBAL_CONTEXT):
    """Parses a 65-byte recoverable signature (r || s || recovery id).

    Raises:
        ValueError: wrong length, a recovery id outside 0..3, or r/s out of range.
    """
    if len(serialized) != 65:
        msg = "Serialized signature must be 65 bytes long."
        raise ValueError(msg)
    rec_id = bytes_to_int(serialized[64:])
    if not 0 <= rec_id <= 3:
        msg = "Invalid recovery id."
        raise ValueError(msg)
    parsed = _native.recoverable_parse(context.ctx, serialized[:64], rec_id)
    if parsed is None:
        msg = "Failed to parse recoverable signature."
        raise ValueError(msg)
    return parsed


def serialize_compact(raw_sig, context: Context = GLOBAL_CONTEXT):
    """A parsed ECDSA signature as 64 bytes r || s."""
    return _native.ecdsa_serialize_compact(context.ctx, raw_sig)


def deserialize_compact(ser_sig: bytes, context: Context = GLOBAL_CONTEXT):
    """Parses a 64-byte r || s ECDSA signature.

    Raises:
        ValueError: wrong length, or r/s not below the group order.
    """
    if len(ser_sig) != 64:
        msg = "invalid signature length"
        raise ValueError(msg)
    parsed = _native.ecdsa_parse_compact(context.ctx, ser_sig)
    if parsed is None:
        msg = "secp256k1_ecdsa_signature_parse_compact"
        raise ValueError(msg)
    return parsed


def signature_normalize(raw_sig, context: Context = GLOBAL_CONTEXT):
    """``(changed, signature)``: the lower-S form of a parsed signature; ``changed`` is True when
    the input had a high S."""
    return _native.ecdsa_normalize(context.ctx, raw_sig)


def recoverable_convert(recover_sig, context: Context = GLOBAL_CONTEXT):
    """The plain ECDSA signature of a recoverable one."""
    return _native.recoverable_convert(context.ctx, recover_sig)


__all__ = [
    "CDATA_SIG_LENGTH",
    "MAX_SIG_LENGTH",
    "cdata_to_der",
    "der_to_cdata",
    "deserialize_compact",
    "deserialize_recoverable",
    "recover",
    "recoverable_convert",
    "serialize_compact",
    "serialize_recoverable",
    "signature_normalize",
]
