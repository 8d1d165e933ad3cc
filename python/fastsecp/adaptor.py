"""ECDSA adaptor signatures (``secp256k1_ecdsa_adaptor.h``, secp256k1-zkp's scheme, used by DLCs).

An adaptor signature (162 bytes) is an ECDSA signature of a 32-byte message hash encrypted to a
public key Y = y·G: anyone can ``verify`` it, the holder of y can ``decrypt`` it into a valid
64-byte compact ECDSA signature (low s), and whoever sees both learns y (``recover``).
Public keys: 33 or 65 bytes. Bad input raises ValueError (TypeError for non-bytes).

Warning: an adaptor signature reveals the Diffie-Hellman point x·Y of the signing key x and Y; do
not use a signing key here that also serves in protocols relying on that point staying secret.
"""
from __future__ import annotations

import os
from typing import Optional, Union

from fastsecp import _native

BytesLike = Union[bytes, bytearray, memoryview]


def encrypt(seckey: BytesLike, enckey: BytesLike, msg32: BytesLike, aux_rand: Optional[BytesLike] = None) -> bytes:
    """The 162-byte adaptor signature of ``msg32`` by ``seckey``, encrypted to ``enckey``.

    ``aux_rand``: 32 bytes of fresh randomness for the nonce (default ``os.urandom(32)``).
    """
    return _native.adaptor_encrypt(seckey, enckey, msg32, os.urandom(32) if aux_rand is None else aux_rand)


def verify(adaptor_sig: BytesLike, pubkey: BytesLike, msg32: BytesLike, enckey: BytesLike) -> bool:
    """Whether ``adaptor_sig`` decrypts to a valid signature of ``msg32`` under ``pubkey``."""
    return _native.adaptor_verify(adaptor_sig, pubkey, msg32, enckey)


def decrypt(adaptor_sig: BytesLike, deckey: BytesLike) -> bytes:
    """The 64-byte compact ECDSA signature (r || s, low s) decrypted with ``deckey`` (y)."""
    return _native.adaptor_decrypt(adaptor_sig, deckey)


def recover(signature: BytesLike, adaptor_sig: BytesLike, enckey: BytesLike) -> bytes:
    """The decryption key y (32 bytes) from a decrypted ``signature`` (64-byte compact) and its adaptor signature."""
    return _native.adaptor_recover(signature, adaptor_sig, enckey)


__all__ = ["decrypt", "encrypt", "recover", "verify"]
