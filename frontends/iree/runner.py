"""Run an exported IREE program (``frontends.iree.frontend.export``) with the IREE runtime alone.

What a device worker needs of IREE: numpy and ``iree-base-runtime``, never the compiler.  The payload is the
vmfb's bytes, the HAL driver (``local-task``, ``cuda``, ``hip``) and the entry function to call.

bf16 and the float8 types: the runtime takes ml_dtypes arrays as they are (their buffer views get the MLIR element
type of the function's signature) and returns ml_dtypes arrays (IREE 3.13, checked).  The command-line
``iree-run-module`` reads such inputs from ``.npy`` files too (descr ``<V2``/``<V1``: the raw bytes) or as
``--input=SHAPExbf16=@f.bin`` raw binary, but cannot *write* a bf16 or float8 output as ``.npy`` ("UNIMPLEMENTED;
unsupported data encoding"): a script must write those outputs as raw bytes (``--output=@f.bin``).
"""
from __future__ import annotations

import importlib
import importlib.util

import numpy as np

from fuzz import settings
from fuzz.execute.backend import ProgramFailure

_PREPARED: list = []  # the drivers prepare() has set up in this process
_INSTANCE: dict = {}  # driver -> runtime Config: one HAL driver instance per process, reused across programs


def run_artifact(payload: dict, inputs: list[np.ndarray]) -> list[np.ndarray]:
    return invoke(payload["vmfb"], payload["driver"], payload["function"], inputs)


def invoke(vmfb: bytes, driver: str, function: str, inputs: list[np.ndarray]) -> list[np.ndarray]:
    """Call ``function`` of the compiled module on ``inputs`` (``iree_frontend.run`` and a runner worker alike)."""
    import iree.runtime as rt

    if driver not in _INSTANCE:  # --device N: that device of the driver (IREE's URI driver://N)
        index = settings.get(settings.DEVICE)
        _INSTANCE[driver] = rt.Config(device=rt.get_device(f"{driver}://{index}")) if index and driver != "local-task" \
            else rt.Config(driver)
    try:
        ctx = rt.SystemContext(config=_INSTANCE[driver])
        ctx.add_vm_module(rt.VmModule.copy_buffer(ctx.instance, vmfb))
        out = getattr(ctx.modules.module, function)(*[_int4_view(a, _INSTANCE[driver].device) for a in inputs])
    except (RuntimeError, ValueError) as e:
        raise ProgramFailure(str(e)) from None
    outs = out if isinstance(out, (tuple, list)) else [out]
    return [np.asarray(o).copy() for o in outs]


def _int4_view(a: np.ndarray, device):
    """An int4 input (``ml_dtypes.int4``, one value a byte) as the buffer view IREE's runtime takes for
    ``tensor<...xi4>``: a ``SINT_4`` view of the elements packed two a byte, the even element in the low nibble
    (``fuzz/case/ops/int4.pack_flat``; iree-base-runtime 3.13 has no numpy mapping for int4, so the view is made
    by hand).  Any other input passes as it is."""
    from fuzz.case.ops.int4 import is_int4, pack_flat
    if not is_int4(a):
        return a
    import iree.runtime as rt
    buf = device.allocator.allocate_buffer_copy(memory_type=rt.MemoryType.DEVICE_LOCAL,
                                                allowed_usage=rt.BufferUsage.DEFAULT, device=device,
                                                buffer=pack_flat(a))
    return rt.HalBufferView(buf, list(a.shape), rt.HalElementType.SINT_4)


def prepare(payload: dict) -> bool:
    """Before the runner's workers spawn, for the CUDA driver: the ``libcuda.so`` link IREE opens, where the driver
    ships only ``libcuda.so.1`` (``frontends/devices/cuda_driver.py``, where this kernelfuzz has it: ctypes, no compiler).
    True when the environment the workers start with changed."""
    if payload["driver"] != "cuda" or _PREPARED or importlib.util.find_spec("frontends.devices.cuda_driver") is None:
        return False
    _PREPARED.append(payload["driver"])
    before = settings.get(settings.LIBRARY_PATH)
    importlib.import_module("frontends.devices.cuda_driver").prepare()
    return settings.get(settings.LIBRARY_PATH) != before
