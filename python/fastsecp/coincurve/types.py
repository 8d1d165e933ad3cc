"""Type aliases used in signatures (``coincurve.types``)."""
from __future__ import annotations

from typing import Any, Callable, Optional, Tuple

#: A function from the message to its 32-byte hash, or None to sign/verify the 32 bytes given.
Hasher = Optional[Callable[[bytes], bytes]]
#: ``(nonce_function, nonce_data)``: fastsecp takes ``(None, None)`` (RFC 6979) or
#: ``(None, extra_entropy32)`` (RFC 6979 with 32 bytes of extra data mixed in).
Nonce = Tuple[Any, Any]
