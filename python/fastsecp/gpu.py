"""Batch calls on GPUs (``fastsecp_gpu.h``): CUDA or OpenCL devices, or the CPU engine.

A ``Context`` opens the devices of a backend (``"auto"``: CUDA devices if any, else OpenCL GPUs,
else the CPU engine; ``"cuda"``, ``"opencl"``: those only, ``NoDeviceError`` without one; ``"cpu"``:
the CPU engine). Its calls have the contract of the CPU batch calls: one ``Status`` per item, the
same outputs byte for byte, the GIL released while they run. The driver libraries are loaded at run
time, so this module imports everywhere; on a machine without a GPU, ``Context()`` runs on the CPU.

``Wallet.scan``/``scan_packed``/``prefilter`` (``fastsecp.silentpayments``) take ``device=``: a
``Context``, or ``"auto"``, ``"gpu"``, ``"cpu"`` (a shared context made on first use).
"""
from __future__ import annotations

from typing import Dict, List, NamedTuple, Optional, Union

from fastsecp import _native
from fastsecp.batch import BatchResult, Column, KeyBatchResult


class NoDeviceError(RuntimeError):
    """No device of the requested kind (or its driver failed)."""


class DeviceInfo(NamedTuple):
    """One device as the library lists it."""

    backend: str  # "cuda" or "opencl"
    index: int
    name: str
    platform: str
    compute_units: int
    clock_mhz: int
    global_mem_bytes: int
    is_cpu: bool  # an OpenCL CPU device (PoCL): its figures are CPU figures


def list_devices(backend: str = "auto", *, include_cpu_devices: bool = False) -> List[DeviceInfo]:
    """The devices of a backend (``"auto"``: CUDA's, then OpenCL's). OpenCL CPU devices are listed
    only with ``include_cpu_devices``. A missing driver library lists nothing."""
    return [DeviceInfo(*d) for d in _native.gpu_list_devices(backend, bool(include_cpu_devices))]


class Context:
    """Devices opened for batch calls.

    Parameters:
        backend: ``"auto"``, ``"cuda"``, ``"opencl"`` or ``"cpu"``.
        device: -1 for every device of the backend (a batch is split between them), else an index
            into ``list_devices(backend, include_cpu_devices=...)``.
        include_cpu_devices: let OpenCL CPU devices (PoCL) count as devices.
        batch_size: items per kernel launch (0: chosen from the device).
        cpu_threads: threads of the CPU engine (0: one per core).
        cache_dir: folder for compiled OpenCL programs (None: the default; "" disables it).

    Raises:
        NoDeviceError: ``"cuda"``/``"opencl"`` without such a device, or the driver failed.
        ValueError: bad options.
    """

    def __init__(self, backend: str = "auto", *, device: int = -1, include_cpu_devices: bool = False,
                 batch_size: int = 0, cpu_threads: int = 1, cache_dir: Optional[str] = None):
        try:
            self._ctx = _native.GpuContext(backend, device, bool(include_cpu_devices), batch_size, cpu_threads,
                                           cache_dir)
        except RuntimeError as e:
            raise NoDeviceError(str(e)) from None

    @property
    def backend(self) -> str:
        """What the context runs on: ``"cuda"``, ``"opencl"`` or ``"cpu"`` (never ``"auto"``)."""
        return self._ctx.backend()

    @property
    def description(self) -> str:
        """One line naming the device(s), e.g. ``"CPU engine (1 thread, no GPU)"``."""
        return self._ctx.describe()

    def stats(self, *, reset: bool = False) -> Dict[str, Union[int, float]]:
        """Items done on devices and on the CPU engine, launches, and seconds in kernels, copies and
        calls since creation or the last reset."""
        return self._ctx.stats(bool(reset))

    def ecmult_gen_batch(self, scalars: Column) -> KeyBatchResult:
        """``k·G`` for PUBLIC 32-byte scalars (tweaks, hashes; never secret keys: a device may take
        time that depends on them), compressed; ``pubkey_create_batch``'s statuses and outputs."""
        return KeyBatchResult(*self._ctx.ecmult_gen_batch(scalars))

    def pubkey_tweak_mul_batch(self, pubkeys: Column, tweak: bytes) -> KeyBatchResult:
        """``tweak·P_i`` for 33-byte compressed keys and one (possibly secret) 32-byte tweak,
        constant time in the tweak."""
        return KeyBatchResult(*self._ctx.pubkey_tweak_mul_batch(pubkeys, tweak))

    def schnorr_verify_batch(self, signatures: Column, messages: Column, pubkeys: Column) -> BatchResult:
        """As ``fastsecp.schnorr_verify_batch``."""
        return BatchResult(*self._ctx.schnorr_verify_batch(signatures, messages, pubkeys))

    def ecdsa_verify_batch(self, signatures: Column, msghashes: Column, pubkeys: Column) -> BatchResult:
        """As ``fastsecp.ecdsa_verify_batch``."""
        return BatchResult(*self._ctx.ecdsa_verify_batch(signatures, msghashes, pubkeys))

    def __repr__(self) -> str:
        return f"fastsecp.gpu.Context({self.description!r})"


_shared: Dict[str, Context] = {}


def shared_context(device: str) -> Optional[Context]:
    """The context a ``device=`` string names, made on first use: ``"cpu"`` gives None (the CPU
    calls with their ``threads``), ``"auto"`` a GPU if any else the CPU engine, ``"gpu"`` a GPU
    (``NoDeviceError`` without one)."""
    if device == "cpu":
        return None
    if device not in ("auto", "gpu"):
        msg = "device must be 'auto', 'gpu', 'cpu' or a fastsecp.gpu.Context"
        raise ValueError(msg)
    if device not in _shared:
        if device == "auto":
            _shared[device] = Context("auto", cpu_threads=0)
        else:
            try:
                _shared[device] = Context("cuda")
            except NoDeviceError:
                try:
                    _shared[device] = Context("opencl")
                except NoDeviceError:
                    msg = "device='gpu': no GPU found (no CUDA device, no OpenCL GPU)"
                    raise NoDeviceError(msg) from None
    return _shared[device]


__all__ = ["Context", "DeviceInfo", "NoDeviceError", "list_devices", "shared_context"]
