"""fastsecp: secp256k1 for Python (placeholder, filled below)."""
from fastsecp import _native
