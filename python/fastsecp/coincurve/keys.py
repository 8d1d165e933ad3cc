"""Private and public keys (``coincurve.keys``): ECDSA, BIP-340 Schnorr, ECDH, tweaks, encodings."""
from __future__ import annotations

import os
from typing import List, Optional, Tuple

from fastsecp import _native
from fastsecp.coincurve.context import GLOBAL_CONTEXT, Context
from fastsecp.coincurve.der import decode_der, encode_der
from fastsecp.coincurve.ecdsa import (  # noqa: F401 - coincurve.keys has these names too
    cdata_to_der,
    der_to_cdata,
    deserialize_recoverable,
    recover,
    serialize_recoverable,
)
from fastsecp.coincurve.flags import EC_COMPRESSED, EC_UNCOMPRESSED  # noqa: F401
from fastsecp.coincurve.types import Hasher, Nonce
from fastsecp.coincurve.utils import (
    DEFAULT_NONCE,
    bytes_to_int,
    der_to_pem,
    get_valid_secret,
    hex_to_bytes,
    int_to_bytes_padded,
    pad_scalar,
    pem_to_der,
    sha256,
    validate_secret,
)

_MSG_HASH_ERROR = "Message hash must be 32 bytes long."
_SIGN_ERROR = "The nonce generation function failed, or the private key was invalid."


def _nonce_data(custom_nonce: Nonce):
    # fastsecp signs with RFC 6979 only; the nonce data (None or 32 bytes) is its extra entropy.
    nonce_fn, nonce_data = custom_nonce
    if nonce_fn is not None:
        msg = "custom_nonce: fastsecp supports only the default nonce function (None)"
        raise TypeError(msg)
    return nonce_data


def _parse_or_raise(parse, context: Context, data: bytes):
    parsed = parse(context.ctx, data)
    if parsed is None:
        msg = "The public key could not be parsed or is invalid."
        raise ValueError(msg)
    return parsed


def _fixed32(data: bytes) -> bytes:
    # libsecp256k1 reads exactly 32 bytes where coincurve hands it a longer string.
    return data if len(data) <= 32 else data[:32]


class PrivateKey:
    """A secp256k1 secret key with its public keys.

    Parameters:
        secret: the secret key (big-endian, at most 32 significant bytes); a random key when None.
        context: the context to use.

    Raises:
        ValueError: when the secret is 0 or not below the group order.
    """

    def __init__(self, secret: Optional[bytes] = None, context: Context = GLOBAL_CONTEXT):
        self.secret: bytes = validate_secret(secret) if secret is not None else get_valid_secret()
        self.context = context
        # Derived on first use (coincurve derives both here); same values.
        self._public_key: Optional[PublicKey] = None
        self._public_key_xonly: Optional[PublicKeyXOnly] = None
        if len(self.secret) != 32:
            # A longer validated string (leading zeros): coincurve derives the keys from its first
            # 32 bytes, and fails here when they are not a valid key. So do we.
            self._public_key = PublicKey.from_valid_secret(self.secret, self.context)
            self._public_key_xonly = PublicKeyXOnly.from_valid_secret(self.secret, self.context)

    @property
    def public_key(self) -> PublicKey:
        """The public key (``PublicKey``)."""
        if self._public_key is None:
            self._public_key = PublicKey.from_valid_secret(self.secret, self.context)
        return self._public_key

    @public_key.setter
    def public_key(self, value: PublicKey) -> None:
        self._public_key = value

    @property
    def public_key_xonly(self) -> PublicKeyXOnly:
        """The BIP-340 x-only public key (``PublicKeyXOnly``)."""
        if self._public_key_xonly is None:
            self._public_key_xonly = PublicKeyXOnly.from_valid_secret(self.secret, self.context)
        return self._public_key_xonly

    @public_key_xonly.setter
    def public_key_xonly(self, value: PublicKeyXOnly) -> None:
        self._public_key_xonly = value

    def sign(self, message: bytes, hasher: Hasher = sha256, custom_nonce: Nonce = DEFAULT_NONCE) -> bytes:
        """An ECDSA signature (DER) of ``message``, with RFC 6979 nonces.

        Parameters:
            message: the message; hashed with ``hasher`` (None: ``message`` is the 32-byte hash).
            hasher: the hash function, returning 32 bytes; SHA-256 by default.
            custom_nonce: ``(None, None)`` or ``(None, extra32)`` (extra entropy for RFC 6979).

        Raises:
            ValueError: the hash is not 32 bytes, or signing failed.
        """
        msg_hash = hasher(message) if hasher is not None else message
        if len(msg_hash) != 32:
            raise ValueError(_MSG_HASH_ERROR)
        der = _native.ecdsa_sign_der(self.context.ctx, msg_hash, _fixed32(self.secret), _nonce_data(custom_nonce))
        if der is None:
            raise ValueError(_SIGN_ERROR)
        return der

    def sign_schnorr(self, message: bytes, aux_randomness: Optional[bytes] = b"") -> bytes:
        """A BIP-340 signature of a 32-byte message.

        Parameters:
            message: the 32-byte message.
            aux_randomness: 32 bytes of auxiliary randomness; ``b""`` (default) draws fresh random
                bytes; None signs without any.

        Raises:
            ValueError: the message or the auxiliary data is not 32 bytes, or signing failed.
        """
        if len(message) != 32:
            msg = "Message must be 32 bytes long."
            raise ValueError(msg)
        if aux_randomness == b"":
            aux_randomness = os.urandom(32)
        elif aux_randomness is not None and len(aux_randomness) != 32:
            msg = "Auxiliary random data must be 32 bytes long."
            raise ValueError(msg)
        code, signature = _native.schnorr_sign(
            self.context.ctx, message, _fixed32(self.secret), aux_randomness,
        )
        if code == 0:
            return signature
        msg = ("Secret was invalid", "Signing failed", "Invalid signature")[code - 1]
        raise ValueError(msg)

    def sign_recoverable(self, message: bytes, hasher: Hasher = sha256, custom_nonce: Nonce = DEFAULT_NONCE) -> bytes:
        """A recoverable ECDSA signature: 65 bytes r || s || recovery id.

        Raises:
            ValueError: the hash is not 32 bytes, or signing failed.
        """
        msg_hash = hasher(message) if hasher is not None else message
        if len(msg_hash) != 32:
            raise ValueError(_MSG_HASH_ERROR)
        sig = _native.ecdsa_sign_recoverable(
            self.context.ctx, msg_hash, _fixed32(self.secret), _nonce_data(custom_nonce)
        )
        if sig is None:
            raise ValueError(_SIGN_ERROR)
        return _native.recoverable_serialize(self.context.ctx, sig)

    def ecdh(self, public_key: bytes) -> bytes:
        """The ECDH shared secret with ``public_key``: SHA-256 of the compressed shared point
        (libsecp256k1's default), computed in constant time.

        Raises:
            ValueError: when ``public_key`` does not parse.
        """
        secret = _native.ecdh(self.context.ctx, PublicKey(public_key).public_key, _fixed32(self.secret))
        return secret if secret is not None else bytes(32)

    def add(self, scalar: bytes, update: bool = False) -> PrivateKey:  # noqa: FBT001, FBT002
        """The key plus ``scalar`` (mod n): a new key, or this one changed when ``update``.

        Raises:
            ValueError: the tweak is not below the group order, or the sum is zero.
        """
        secret = _native.seckey_tweak_add(self.context.ctx, _fixed32(self.secret), _fixed32(pad_scalar(scalar)))
        if secret is None:
            msg = "The tweak was out of range, or the resulting private key is invalid."
            raise ValueError(msg)
        if update:
            self.secret = secret
            self._update_public_key()
            return self
        return PrivateKey(secret, self.context)

    def multiply(self, scalar: bytes, update: bool = False) -> PrivateKey:  # noqa: FBT001, FBT002
        """The key times ``scalar`` (mod n): a new key, or this one changed when ``update``.

        Raises:
            ValueError: when ``scalar`` is 0 or not below the group order.
        """
        scalar = validate_secret(scalar)
        secret = _native.seckey_tweak_mul(self.context.ctx, _fixed32(self.secret), _fixed32(scalar))
        if secret is None:
            secret = _fixed32(self.secret)
        if update:
            self.secret = secret
            self._update_public_key()
            return self
        return PrivateKey(secret, self.context)

    def to_hex(self) -> str:
        """The secret key as hex."""
        return self.secret.hex()

    def to_int(self) -> int:
        """The secret key as an integer."""
        return bytes_to_int(self.secret)

    def to_pem(self) -> bytes:
        """The key as PEM (PKCS#8, with the uncompressed public key)."""
        return der_to_pem(self.to_der())

    def to_der(self) -> bytes:
        """The key as DER (PKCS#8, with the uncompressed public key)."""
        return encode_der(self.secret, self.public_key.format(compressed=False))

    @classmethod
    def from_hex(cls, hexed: str, context: Context = GLOBAL_CONTEXT) -> PrivateKey:
        """The key whose secret is the hex string ``hexed``."""
        return PrivateKey(hex_to_bytes(hexed), context)

    @classmethod
    def from_int(cls, num: int, context: Context = GLOBAL_CONTEXT) -> PrivateKey:
        """The key whose secret is the integer ``num``."""
        return PrivateKey(int_to_bytes_padded(num), context)

    @classmethod
    def from_pem(cls, pem: bytes, context: Context = GLOBAL_CONTEXT) -> PrivateKey:
        """The key in PEM (PKCS#8) form."""
        return PrivateKey(decode_der(pem_to_der(pem)), context)

    @classmethod
    def from_der(cls, der: bytes, context: Context = GLOBAL_CONTEXT) -> PrivateKey:
        """The key in DER (PKCS#8) form."""
        return PrivateKey(decode_der(der), context)

    def _update_public_key(self):
        # Like coincurve, the PublicKey object already handed out changes in place.
        created = _native.pubkey_create(self.context.ctx, _fixed32(self.secret))
        if created is None:
            msg = "Invalid secret."
            raise ValueError(msg)
        if self._public_key is not None:
            self._public_key.public_key = created
        self._public_key_xonly = None

    def __eq__(self, other) -> bool:
        return self.secret == other.secret

    def __hash__(self) -> int:
        return hash(self.secret)


class PublicKey:
    """A secp256k1 public key.

    Parameters:
        data: a serialized key, compressed (33 bytes, 02/03), uncompressed (65 bytes, 04) or
            hybrid (65 bytes, 06/07); or an already parsed key object.
        context: the context to use.

    Raises:
        ValueError: when the bytes are not a valid public key.
    """

    def __init__(self, data, context: Context = GLOBAL_CONTEXT):
        self.public_key = _parse_or_raise(_native.pubkey_parse, context, data) if isinstance(data, bytes) else data
        self.context = context

    @classmethod
    def from_secret(cls, secret: bytes, context: Context = GLOBAL_CONTEXT) -> PublicKey:
        """The public key of a secret key.

        Raises:
            ValueError: when the secret is 0 or not below the group order.
        """
        created = _native.pubkey_create(context.ctx, _fixed32(validate_secret(secret)))
        if created is None:
            # Only a validated string longer than 32 bytes gets here; coincurve's wording.
            msg = (
                "Somehow an invalid secret was used. Please "
                "submit this as an issue here: "
                "https://github.com/ofek/coincurve/issues/new"
            )
            raise ValueError(msg)
        return PublicKey(created, context)

    @classmethod
    def from_valid_secret(cls, secret: bytes, context: Context = GLOBAL_CONTEXT) -> PublicKey:
        """The public key of a secret key known to be valid (only the library checks it).

        Raises:
            ValueError: when the secret is invalid.
        """
        created = _native.pubkey_create(context.ctx, _fixed32(secret))
        if created is None:
            msg = "Invalid secret."
            raise ValueError(msg)
        return PublicKey(created, context)

    @classmethod
    def from_point(cls, x: int, y: int, context: Context = GLOBAL_CONTEXT) -> PublicKey:
        """The public key with affine coordinates (x, y).

        Raises:
            ValueError: when (x, y) is not a point of the curve.
        """
        return PublicKey(b"\x04" + int_to_bytes_padded(x) + int_to_bytes_padded(y), context)

    @classmethod
    def from_signature_and_message(
        cls, signature: bytes, message: bytes, hasher: Hasher = sha256, context: Context = GLOBAL_CONTEXT
    ) -> PublicKey:
        """The public key recovered from a 65-byte recoverable signature of ``message``.

        Raises:
            ValueError: a malformed signature, a hash that is not 32 bytes, or no key recovers.
        """
        return PublicKey(
            recover(message, deserialize_recoverable(signature, context=context), hasher=hasher, context=context)
        )

    @classmethod
    def combine_keys(cls, public_keys: List[PublicKey], context: Context = GLOBAL_CONTEXT) -> PublicKey:
        """The sum of public keys.

        Raises:
            ValueError: when the sum is the point at infinity (or the list is empty).
        """
        combined = _native.pubkey_combine(context.ctx, [pk.public_key for pk in public_keys])
        if combined is None:
            msg = "The sum of the public keys is invalid."
            raise ValueError(msg)
        return PublicKey(combined, context)

    def format(self, compressed: bool = True) -> bytes:  # noqa: FBT001, FBT002
        """The key serialized: 33 bytes compressed (default) or 65 bytes uncompressed."""
        return _native.pubkey_serialize(self.context.ctx, self.public_key, bool(compressed))

    def point(self) -> Tuple[int, int]:
        """The affine coordinates (x, y)."""
        full = self.format(compressed=False)
        return bytes_to_int(full[1:33]), bytes_to_int(full[33:])

    def verify(self, signature: bytes, message: bytes, hasher: Hasher = sha256) -> bool:
        """Checks a DER-encoded ECDSA signature of ``message`` (lower-S only).

        Raises:
            ValueError: the hash is not 32 bytes, or the signature is not valid DER.
        """
        msg_hash = hasher(message) if hasher is not None else message
        if len(msg_hash) != 32:
            raise ValueError(_MSG_HASH_ERROR)
        code = _native.ecdsa_verify_der(self.context.ctx, signature, msg_hash, self.public_key)
        if code < 0:
            msg = "The DER-encoded signature could not be parsed."
            raise ValueError(msg)
        return code == 1

    def add(self, scalar: bytes, update: bool = False) -> PublicKey:  # noqa: FBT001, FBT002
        """The key plus ``scalar``·G: a new key, or this one changed when ``update``.

        Raises:
            ValueError: the tweak is not below the group order, or the sum is infinity.
        """
        new_key = _native.pubkey_tweak_add(self.context.ctx, self.public_key, _fixed32(pad_scalar(scalar)))
        if new_key is None:
            msg = "The tweak was out of range, or the resulting public key is invalid."
            raise ValueError(msg)
        if update:
            self.public_key = new_key
            return self
        return PublicKey(new_key, self.context)

    def multiply(self, scalar: bytes, update: bool = False) -> PublicKey:  # noqa: FBT001, FBT002
        """The key times ``scalar``: a new key, or this one changed when ``update``.

        Raises:
            ValueError: when ``scalar`` is 0 or not below the group order.
        """
        scalar = validate_secret(scalar)
        new_key = _native.pubkey_tweak_mul(self.context.ctx, self.public_key, _fixed32(scalar))
        if new_key is None:
            new_key = self.public_key
        if update:
            self.public_key = new_key
            return self
        return PublicKey(new_key, self.context)

    def combine(self, public_keys: List[PublicKey], update: bool = False) -> PublicKey:  # noqa: FBT001, FBT002
        """This key plus ``public_keys``: a new key, or this one changed when ``update``.

        Raises:
            ValueError: when the sum is the point at infinity.
        """
        combined = _native.pubkey_combine(self.context.ctx, [pk.public_key for pk in [self, *public_keys]])
        if combined is None:
            msg = "The sum of the public keys is invalid."
            raise ValueError(msg)
        if update:
            self.public_key = combined
            return self
        return PublicKey(combined, self.context)

    def __eq__(self, other) -> bool:
        return self.format(compressed=False) == other.format(compressed=False)

    def __hash__(self) -> int:
        return hash(self.format(compressed=False))


class PublicKeyXOnly:
    """A BIP-340 x-only public key.

    Parameters:
        data: the 32-byte x coordinate, or an already parsed key object.
        parity: whether the full key's y is odd (the x-only key then stands for its negation).
        context: the context to use.

    Raises:
        ValueError: when the bytes are not the x coordinate of a curve point.
    """

    def __init__(self, data, parity: bool = False, context: Context = GLOBAL_CONTEXT):  # noqa: FBT001, FBT002
        self.public_key = _parse_or_raise(_native.xonly_parse, context, data) if isinstance(data, bytes) else data
        self.parity = parity
        self.context = context

    @classmethod
    def from_secret(cls, secret: bytes, context: Context = GLOBAL_CONTEXT) -> PublicKeyXOnly:
        """The x-only public key of a secret key.

        Raises:
            ValueError: when the secret is 0 or not below the group order.
        """
        return cls.from_valid_secret(validate_secret(secret), context)

    @classmethod
    def from_valid_secret(cls, secret: bytes, context: Context = GLOBAL_CONTEXT) -> PublicKeyXOnly:
        """The x-only public key of a secret key known to be valid.

        Raises:
            ValueError: when the secret is invalid.
        """
        result = _native.keypair_xonly(context.ctx, _fixed32(secret))
        if result is None:
            msg = "Secret was invalid"
            raise ValueError(msg)
        return cls(result[0], parity=result[1], context=context)

    def format(self) -> bytes:
        """The 32-byte x coordinate."""
        out = _native.xonly_serialize(self.context.ctx, self.public_key)
        if out is None:
            msg = "Public key in self.public_key must be valid"
            raise ValueError(msg)
        return out

    def verify(self, signature: bytes, message: bytes) -> bool:
        """Checks a 64-byte BIP-340 signature of ``message`` (any length).

        Raises:
            ValueError: when the signature is not 64 bytes.
        """
        if len(signature) != 64:
            msg = "Signature must be 64 bytes long."
            raise ValueError(msg)
        return _native.schnorr_verify(self.context.ctx, signature, message, self.public_key)

    def tweak_add(self, scalar: bytes) -> None:
        """Replaces the key by the x-only key of key + ``scalar``·G (BIP-341 tweaking); updates
        ``parity``.

        Raises:
            ValueError: the tweak is not below the group order, or the result is infinity.
        """
        result = _native.xonly_tweak_add(self.context.ctx, self.public_key, _fixed32(pad_scalar(scalar)))
        if result is None:
            msg = "The tweak was out of range, or the resulting public key would be invalid"
            raise ValueError(msg)
        self.public_key, self.parity = result

    def __eq__(self, other) -> bool:
        return _native.xonly_cmp(self.context.ctx, self.public_key, other.public_key) == 0

    def __hash__(self) -> int:
        return hash(self.format())
