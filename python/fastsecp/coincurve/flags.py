"""Flag values of libsecp256k1 that coincurve exposes (``coincurve.flags``)."""
from __future__ import annotations

#: secp256k1_context_create's only flag since libsecp256k1 0.2 (SECP256K1_CONTEXT_NONE).
CONTEXT_NONE = 1
#: The context flags ``Context`` accepts.
CONTEXT_FLAGS = {
    CONTEXT_NONE,
}

#: secp256k1_ec_pubkey_serialize's flag for 33-byte keys (SECP256K1_EC_COMPRESSED).
EC_COMPRESSED = (1 << 1) | (1 << 8)
#: secp256k1_ec_pubkey_serialize's flag for 65-byte keys (SECP256K1_EC_UNCOMPRESSED).
EC_UNCOMPRESSED = 1 << 1
