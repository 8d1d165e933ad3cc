"""PKCS#8 DER encoding of secp256k1 private keys (``coincurve.der``).

The layout written and read (RFC 5208 around RFC 5915):

    SEQUENCE { INTEGER 0,
               SEQUENCE { OID 1.2.840.10045.2.1 (ecPublicKey), OID 1.3.132.0.10 (secp256k1) },
               OCTET STRING { SEQUENCE { INTEGER 1, OCTET STRING secret,
                                         [1] { BIT STRING uncompressed public key } } } }
"""
from __future__ import annotations

from typing import Optional, Tuple

from fastsecp.coincurve.utils import int_to_bytes

INTEGER_TAG = 0x02
BIT_STRING_TAG = 0x03
OCTET_STRING_TAG = 0x04
OBJECT_IDENTIFIER_TAG = 0x06
SEQUENCE_TAG = 0x30

#: 1.2.840.10045.2.1 and 1.3.132.0.10, encoded.
EC_PUBKEY_OID = bytes.fromhex("2a8648ce3d0201")
SECP256K1_OID = bytes.fromhex("2b8104000a")

VERSION_INTEGER_ZERO = bytes((INTEGER_TAG, 1, 0))
VERSION_INTEGER_ONE = bytes((INTEGER_TAG, 1, 1))


def _tlv(tag: int, value: bytes) -> bytes:
    return bytes((tag,)) + encode_length(len(value)) + value


def encode_length(length: int) -> bytes:
    """A DER length: one byte below 128, else 0x80 | count followed by the big-endian count bytes."""
    if length < 0x80:
        return bytes((length,))
    body = int_to_bytes(length)
    return bytes((0x80 | len(body),)) + body


EC_ALGORITHM_IDENTIFIER = _tlv(
    SEQUENCE_TAG, _tlv(OBJECT_IDENTIFIER_TAG, EC_PUBKEY_OID) + _tlv(OBJECT_IDENTIFIER_TAG, SECP256K1_OID)
)


def encode_octet_string(value: bytes) -> bytes:
    """An OCTET STRING holding ``value``."""
    return _tlv(OCTET_STRING_TAG, bytes(value))


def encode_bit_string(value: bytes, unused_bits: int = 0) -> bytes:
    """A BIT STRING holding ``value`` (``unused_bits`` in its first content byte)."""
    return _tlv(BIT_STRING_TAG, bytes((unused_bits,)) + bytes(value))


def encode_der(private_key: bytes, public_key: Optional[bytes] = None) -> bytes:
    """The PKCS#8 DER encoding of a secret key, with its uncompressed public key when given."""
    inner = VERSION_INTEGER_ONE + encode_octet_string(private_key)
    if public_key is not None:
        inner += _tlv(0xA1, encode_bit_string(public_key))
    ec_private_key = _tlv(SEQUENCE_TAG, inner)
    return _tlv(SEQUENCE_TAG, VERSION_INTEGER_ZERO + EC_ALGORITHM_IDENTIFIER + encode_octet_string(ec_private_key))


def decode_length(data: bytes, offset: int) -> Tuple[int, int]:
    """Reads a DER length at ``offset``: ``(length, offset just past it)``."""
    first = data[offset]
    offset += 1
    if first < 0x80:
        return first, offset
    length = 0
    for _ in range(first & 0x7F):  # an IndexError when the data ends early
        length = (length << 8) | data[offset]
        offset += 1
    return length, offset


def _expect(data: bytes, offset: int, tag: int, message: str) -> int:
    if data[offset] != tag:
        raise ValueError(message)
    return offset + 1


def _open_sequence(data: bytes, version_message: str) -> int:
    # A SEQUENCE whose first element is a version INTEGER: the offset just past that INTEGER.
    _, pos = decode_length(data, 1)
    pos = _expect(data, pos, INTEGER_TAG, version_message)
    skip, pos = decode_length(data, pos)
    return pos + skip


def decode_der(der_data: bytes) -> bytes:
    """The secret key bytes inside a PKCS#8 DER private key.

    Raises:
        ValueError: when the structure is not an EC private key in the layout above.
    """
    if len(der_data) < 34 or der_data[0] != SEQUENCE_TAG:
        msg = "Invalid DER: not a valid PKCS#8 structure"
        raise ValueError(msg)
    pos = _open_sequence(der_data, "Invalid DER: expected INTEGER tag for version")
    pos = _expect(der_data, pos, SEQUENCE_TAG, "Invalid DER: expected SEQUENCE tag for algorithm")
    alg_len, pos = decode_length(der_data, pos)
    alg_end = pos + alg_len
    pos = _expect(der_data, pos, OBJECT_IDENTIFIER_TAG, "Invalid DER: expected OBJECT IDENTIFIER tag")
    oid_len, pos = decode_length(der_data, pos)
    if der_data[pos : pos + oid_len] != EC_PUBKEY_OID:
        msg = "Not an EC private key"
        raise ValueError(msg)
    pos = _expect(der_data, alg_end, OCTET_STRING_TAG, "Invalid DER: expected OCTET STRING for private key")
    key_len, pos = decode_length(der_data, pos)
    ec_data = der_data[pos : pos + key_len]
    if len(ec_data) < 2 or ec_data[0] != SEQUENCE_TAG:
        msg = "Invalid EC key format: missing sequence"
        raise ValueError(msg)
    pos = _open_sequence(ec_data, "Invalid EC key format: missing version")
    pos = _expect(ec_data, pos, OCTET_STRING_TAG, "Invalid DER: expected OCTET STRING for EC private key")
    secret_len, pos = decode_length(ec_data, pos)
    return ec_data[pos : pos + secret_len]
