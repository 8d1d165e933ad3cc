"""The package surface: docstrings on every public name, stubs that match the extension module."""
from __future__ import annotations

import importlib
import inspect
import pathlib

import fastsecp
from fastsecp import _native

MODULES = ["fastsecp", "fastsecp.batch", "fastsecp.status", "fastsecp.silentpayments", "fastsecp.coincurve",
           "fastsecp.coincurve.keys", "fastsecp.coincurve.utils", "fastsecp.coincurve.ecdsa", "fastsecp.coincurve.der",
           "fastsecp.coincurve.context", "fastsecp.frost", "fastsecp.adaptor", "fastsecp.dleq"]


def test_docstrings_on_public_names():
    missing = []
    for name in MODULES:
        mod = importlib.import_module(name)
        assert mod.__doc__, name
        for attr, obj in vars(mod).items():
            if attr.startswith("_") or getattr(obj, "__module__", name) != name:
                continue
            if inspect.isfunction(obj) or inspect.isclass(obj):
                if not inspect.getdoc(obj):
                    missing.append(f"{name}.{attr}")
                if inspect.isclass(obj):
                    for m, member in vars(obj).items():
                        if m.startswith("_") or not (inspect.isfunction(member) or isinstance(member, (property, classmethod))):
                            continue
                        if not inspect.getdoc(member if not isinstance(member, classmethod) else member.__func__):
                            missing.append(f"{name}.{attr}.{m}")
    assert not missing, missing


def test_stub_names_every_native_name():
    stub = (pathlib.Path(fastsecp.__file__).parent / "_native.pyi").read_text()
    for name in dir(_native):
        if name.startswith("_"):
            continue
        obj = getattr(_native, name)
        kind = "class" if isinstance(obj, type) else "def"
        assert f"{kind} {name}" in stub, name
    assert (pathlib.Path(fastsecp.__file__).parent / "py.typed").exists()


def test_versions():
    assert fastsecp.__version__ == fastsecp.library_version == "0.1.0"


def test_extension_exports_no_library_symbols():
    """The library is linked in statically with its symbols hidden: nothing of it is exported, so
    another libsecp256k1 in the same process (coincurve's) cannot clash with it."""
    import ctypes

    lib = ctypes.CDLL(_native.__file__)
    for name in ("secp256k1_context_create", "secp256k1_ecdsa_verify", "fastsecp_ctx_create"):
        assert not hasattr(lib, name), name
