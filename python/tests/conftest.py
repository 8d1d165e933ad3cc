"""Shared helpers of the Python tests: the vector folder and the coincurve 21.0.0 oracle."""
from __future__ import annotations

import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
VECTORS = pathlib.Path(os.environ.get("FASTSECP_VECTORS_DIR", ROOT / "tests" / "vectors" / "data"))

N = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141
P = 0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F


def outcome(fn, *args, **kwargs):
    """('ok', value) or ('raise', exception type name, message) of a call."""
    try:
        return ("ok", fn(*args, **kwargs))
    except Exception as e:  # noqa: BLE001 - the point is to compare any exception
        return ("raise", type(e).__name__, str(e))


@pytest.fixture(scope="session")
def oracle():
    """The coincurve 21.0.0 wheel (installed in the test environment as the reference)."""
    import coincurve

    assert coincurve.__version__ == "21.0.0"
    return coincurve


@pytest.fixture(scope="session")
def ours():
    import fastsecp.coincurve

    return fastsecp.coincurve
