"""FROST threshold signatures for BIP-340 keys (BIP-445), on ``secp256k1_frost.h``.

Any ``t`` of ``n`` participants (ids ``0..n-1``) jointly make a BIP-340 signature for the
threshold public key. Everything is bytes: public keys and shares 33 bytes (compressed; 65-byte
keys are accepted as input), secret shares 32 bytes, public and aggregate nonces 66 bytes, partial
signatures 32 bytes, signatures 64 bytes.

Flow::

    thresh_pk, secshares, pubshares = frost.shares_gen(t, n)           # trusted dealer
    secnonce, pubnonce = frost.nonce_gen(secshare=..., pubshare=..., msg=msg)  # each signer
    aggnonce = frost.nonce_agg([pubnonce, ...])                        # coordinator
    session = frost.Session(aggnonce, msg, n, t, ids, pubshares_of_ids, thresh_pk)
    psig = session.partial_sign(secnonce, secshare, my_id)             # each signer
    session.partial_sig_verify(psig, pubnonce, index)                  # coordinator: blame
    sig = session.partial_sig_agg([psig, ...])                         # BIP-340 signature

A ``SecNonce`` is opaque, cannot be copied or pickled, and signs once: a second use raises
ValueError. Bad input (wrong lengths, keys or nonces that do not parse, an invalid signer set)
raises ValueError with the reason; TypeError for arguments that are not bytes-like.
"""
from __future__ import annotations

import os
from typing import List, Optional, Sequence, Tuple, Union

from fastsecp import _native

BytesLike = Union[bytes, bytearray, memoryview]

#: An opaque secret nonce (``used`` tells whether it has signed).
SecNonce = _native.FrostSecNonce
#: Tweaks for the threshold key (BIP-445 TweakCtx): ``TweakCache(thresh_pk)``, then
#: ``ec_tweak_add(tweak32)`` (BIP-32) / ``xonly_tweak_add(tweak32)`` (BIP-341), each returning the
#: tweaked key; ``pubkey()`` gives the current one.
TweakCache = _native.FrostTweakCache


def shares_gen(t: int, n: int, seed: Optional[BytesLike] = None) -> Tuple[bytes, List[bytes], List[bytes]]:
    """Trusted-dealer key split: ``(thresh_pk, secshares, pubshares)``; list index = participant id.

    ``seed``: the dealer's secret 32 bytes (default: ``os.urandom(32)``); the same seed gives the
    same split. Raises ValueError unless ``1 <= t <= n``.
    """
    return _native.frost_shares_gen(os.urandom(32) if seed is None else seed, t, n)


def validate_signers(n: int, t: int, ids: Sequence[int], pubshares: Sequence[BytesLike], thresh_pk: BytesLike) -> None:
    """BIP-445 ValidateSignersCtx: returns None, or raises ValueError naming what is wrong."""
    _native.frost_signers_validate(n, t, list(ids), pubshares, thresh_pk)


def nonce_gen(
    secshare: Optional[BytesLike] = None,
    pubshare: Optional[BytesLike] = None,
    msg: Optional[BytesLike] = None,
    tweak_cache: Optional[TweakCache] = None,
    extra_input: Optional[BytesLike] = None,
    session_secrand: Optional[BytesLike] = None,
) -> Tuple[SecNonce, bytes]:
    """Round 1 for one signer: ``(secnonce, pubnonce)``. Send ``pubnonce``; keep ``secnonce``.

    The optional inputs harden the nonce (BIP-445 NonceGen); ``session_secrand`` (32 bytes, default
    ``os.urandom(32)``) must never repeat.
    """
    rand = os.urandom(32) if session_secrand is None else session_secrand
    return _native.frost_nonce_gen(rand, secshare, pubshare, tweak_cache, msg, extra_input)


def nonce_agg(pubnonces: Sequence[BytesLike]) -> bytes:
    """The coordinator's aggregate of the signers' public nonces (66 bytes)."""
    return _native.frost_nonce_agg(pubnonces)


class Session:
    """A signing session (BIP-445 GetSessionValues) for one message and signer set.

    Parameters: ``aggnonce`` (66 bytes), ``msg`` (any length), ``n``, ``t``, ``ids`` (the signers'
    participant ids) and ``pubshares`` (their public shares, same order), ``thresh_pk``,
    optionally a ``TweakCache``. Raises ValueError for an invalid signer set or nonce.
    """

    def __init__(
        self,
        aggnonce: BytesLike,
        msg: BytesLike,
        n: int,
        t: int,
        ids: Sequence[int],
        pubshares: Sequence[BytesLike],
        thresh_pk: BytesLike,
        tweak_cache: Optional[TweakCache] = None,
    ):
        self.ids: Tuple[int, ...] = tuple(ids)
        self._s = _native.FrostSession(aggnonce, msg, n, t, list(self.ids), pubshares, thresh_pk, tweak_cache)

    def partial_sign(self, secnonce: SecNonce, secshare: BytesLike, my_id: int) -> bytes:
        """This signer's partial signature (32 bytes); uses up ``secnonce``."""
        return self._s.partial_sign(secnonce, secshare, my_id)

    def partial_sig_verify(self, psig: BytesLike, pubnonce: BytesLike, signer_index: int) -> bool:
        """Whether the signer at position ``signer_index`` of ``ids`` sent a valid partial signature."""
        return self._s.partial_sig_verify(psig, pubnonce, signer_index)

    def partial_sig_agg(self, psigs: Sequence[BytesLike]) -> bytes:
        """The 64-byte BIP-340 signature from every signer's partial signature (in ``ids`` order)."""
        return self._s.partial_sig_agg(psigs)


def deterministic_sign(
    secshare: BytesLike,
    my_id: int,
    msg: BytesLike,
    n: int,
    t: int,
    ids: Sequence[int],
    pubshares: Sequence[BytesLike],
    thresh_pk: BytesLike,
    aggothernonce: Optional[BytesLike] = None,
    aux_rand: Optional[BytesLike] = None,
    tweak_cache: Optional[TweakCache] = None,
) -> Tuple[bytes, bytes]:
    """BIP-445 DeterministicSign for the last signer: ``(pubnonce, psig)``.

    ``aggothernonce``: the aggregate of the other signers' nonces (None for a sole signer).
    """
    return _native.frost_deterministic_sign(
        secshare, my_id, aggothernonce, aux_rand, msg, n, t, list(ids), pubshares, thresh_pk, tweak_cache
    )


__all__ = [
    "SecNonce",
    "Session",
    "TweakCache",
    "deterministic_sign",
    "nonce_agg",
    "nonce_gen",
    "shares_gen",
    "validate_signers",
]
