"""A drop-in for coincurve 21.0.0 running on fastsecp.

``import fastsecp.coincurve as coincurve`` (or ``sys.modules["coincurve"] = fastsecp.coincurve``
before anything imports coincurve) gives the same classes, functions, results and exceptions as
coincurve 21.0.0, computed by fastsecp. The submodules mirror coincurve's: ``.keys``, ``.utils``,
``.ecdsa``, ``.der``, ``.flags``, ``.context``, ``.types``.

Where coincurve exposes libsecp256k1's cffi objects (the ``public_key`` attribute of keys, the
"cdata" of ``coincurve.ecdsa``, ``custom_nonce``), this package holds fastsecp's own small objects
instead; they are used the same way (passed back to the same functions).
"""
from fastsecp.coincurve.context import GLOBAL_CONTEXT, Context
from fastsecp.coincurve.keys import PrivateKey, PublicKey, PublicKeyXOnly
from fastsecp.coincurve.utils import verify_signature

__version__ = "21.0.0"
__all__ = [
    "GLOBAL_CONTEXT",
    "Context",
    "PrivateKey",
    "PublicKey",
    "PublicKeyXOnly",
    "verify_signature",
]
