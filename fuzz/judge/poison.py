"""The bytes every output and intermediate buffer starts as, so that an element no kernel wrote is seen.

Zeros would hide an unwritten element whose right value is 0 (a pad border, a ReLU), as the reverse_compute_at
bug in the corpus showed.  Frontends fill outputs with ``poisoned`` and TVM's TIR pipeline fills intermediates
with the same bytes (``frontends/tvm/poison.py``); the Hexagon harness fills every output with ``INT_POISON``.

An output element that still holds the poison (``holds_poison``) was never written, or was copied from memory
nobody wrote (a float NaN keeps its payload through copies, max and conversions between float widths): the oracle
calls that symptom ``unwritten`` whatever the dtype, so a float kernel's NaN poison and an integer kernel's 0xA5
bytes are one bug, not a NaN mismatch and a wrong value.  A value computed from poison (an int conv summing
0xA5 pad elements) is not the poison itself and stays a wrong value.
"""
from __future__ import annotations

import numpy as np

# every byte of a float output or intermediate: all bits set, a NaN in every float format but the float8 FNUZ types
# (0xFF is -240 or -57344 there: their one NaN is 0x80; no generated case has an output of those types)
FLOAT_POISON = 0xFF
INT_POISON = 0xA5  # every byte of an integer one: the Hexagon harness's fill


def is_float(dtype) -> bool:
    """numpy's floats and ml_dtypes' (bfloat16, float8_*: numpy files them under kind 'V')."""
    dtype = np.dtype(dtype)
    return dtype.kind == "f" or dtype.name.startswith(("bfloat16", "float8"))


def poisoned(shape, dtype) -> np.ndarray:
    """An output buffer no correct kernel leaves any of: NaN for floats (all bits set), 0xA5 bytes for integers."""
    a = np.empty(shape, dtype)
    a.reshape(-1).view(np.uint8)[:] = FLOAT_POISON if is_float(a.dtype) else INT_POISON
    return a


FLOATS = (np.float16, np.float32, np.float64)


def _fills(dtype: np.dtype) -> set[bytes]:
    """The byte patterns an element of ``dtype`` holds when nothing wrote it: the 0xA5 fill, and for a float the
    NaN fill of any float width converted to this one (an f16 intermediate's poison stored into an f32 output reads
    0xFFFFE000: the conversion keeps the NaN's payload)."""
    fills = {bytes([INT_POISON]) * dtype.itemsize}
    if is_float(dtype):
        fills |= {poisoned((), t).astype(dtype).tobytes() for t in FLOATS}
    return fills


def holds_poison(a: np.ndarray) -> np.ndarray:
    """Per element, whether its bytes are exactly a poison fill of its dtype (``_fills``): 0xA5 in every byte for
    any dtype (the Hexagon harness fills float outputs with it too), or for a float the NaN with every bit set."""
    a = np.ascontiguousarray(a)
    if (a.dtype.kind not in "fiu" and not is_float(a.dtype)) or a.size == 0:
        return np.zeros(a.shape, bool)
    b = a.reshape(-1).view(np.uint8).reshape(a.shape + (a.dtype.itemsize,))
    hit = np.zeros(a.shape, bool)
    for fill in _fills(a.dtype):
        hit |= np.all(b == np.frombuffer(fill, np.uint8), axis=-1)
    return hit
