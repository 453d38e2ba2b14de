"""Run an exported IREE program (``frontends.iree.frontend.export``) with the IREE runtime alone.

What a device worker needs of IREE: numpy and ``iree-base-runtime``, never the compiler.  The payload is the
vmfb's bytes, the HAL driver (``local-task``, ``cuda``, ``hip``) and the entry function to call.

bf16 and the float8 types: the runtime takes ml_dtypes arrays as they are (their buffer views get the MLIR element
type of the function's signature) and returns ml_dtypes arrays (IREE 3.13, checked).  The command-line
``iree-run-module`` reads such inputs from ``.npy`` files too (descr ``<V2``/``<V1``: the raw bytes) or as
``--input=SHAPExbf16=@f.bin`` raw binary, but cannot *write* a bf16 or float8 output as ``.npy`` ("UNIMPLEMENTED;
unsupported data encoding"): a script must write those outputs as raw bytes (``--output=@f.bin``).  Older runtimes
(IREE 3.7, checked) take such inputs but have no numpy type for such an output ("Unsupported VM Buffer -> numpy dtype
mapping"): ``host_array`` reads its bytes through an unsigned view of the same buffer and views them as the ml_dtypes
type, bit for bit.
"""
from __future__ import annotations

import functools
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
    return [host_array(o) for o in outs]


BITS = {  # element types whose numpy type comes from ml_dtypes: the unsigned type of their width, the type
    "BFLOAT_16": ("UINT_16", "bfloat16"), "FLOAT_8_E4M3_FN": ("UINT_8", "float8_e4m3fn"),
    "FLOAT_8_E4M3_FNUZ": ("UINT_8", "float8_e4m3fnuz"), "FLOAT_8_E5M2": ("UINT_8", "float8_e5m2"),
    "FLOAT_8_E5M2_FNUZ": ("UINT_8", "float8_e5m2fnuz"), "FLOAT_8_E8M0_FNU": ("UINT_8", "float8_e8m0fnu")}


def host_array(out) -> np.ndarray:
    """One result of a call as a numpy array on the host.  A runtime without a numpy mapping for the result's
    element type (3.7 for bf16 and the float8 types) gets the same buffer viewed as unsigned integers of the same
    width, transferred by the runtime itself (mapped or copied, as the buffer allows), then viewed as the ml_dtypes
    type: the bytes are the result's, nothing is converted."""
    import iree.runtime as rt
    view = getattr(out, "_buffer_view", None)
    element_type = rt.HalElementType(int(view.element_type)) if view is not None else None  # a view holds an int
    kind = BITS.get(getattr(element_type, "name", ""))
    if kind is None or _maps(element_type):
        return np.asarray(out).copy()
    import ml_dtypes
    raw = rt.HalBufferView(view.get_buffer(), list(view.shape), getattr(rt.HalElementType, kind[0]))
    host = np.asarray(rt.DeviceArray(out._device, raw, implicit_host_transfer=True)).copy()
    return host.view(getattr(ml_dtypes, kind[1]))


@functools.lru_cache(maxsize=None)
def _maps(element_type) -> bool:
    """Whether this runtime maps ``element_type`` to a numpy type (IREE 3.13 does for bf16; 3.7 raises); asked once
    per type and process (a worker outlives many calls)."""
    import iree.runtime as rt
    try:
        rt.HalElementType.map_to_dtype(element_type)
    except (RuntimeError, ValueError, TypeError):
        return False
    return True


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
