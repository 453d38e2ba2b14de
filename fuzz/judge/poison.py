"""The bytes every output and intermediate buffer starts as, so that an element no kernel wrote is seen.

Zeros would hide an unwritten element whose right value is 0 (a pad border, a ReLU), as the reverse_compute_at
bug in the corpus showed.  Frontends fill outputs with ``poisoned`` and TVM's TIR pipeline fills intermediates
with the same bytes (``frontends/tvm_poison.py``); the Hexagon harness fills with ``INT_POISON``.
"""
from __future__ import annotations

import numpy as np

FLOAT_POISON = 0xFF  # every byte of a float output or intermediate: all bits set, a NaN in every float format
INT_POISON = 0xA5  # every byte of an integer one: the Hexagon harness's fill


def poisoned(shape, dtype) -> np.ndarray:
    """An output buffer no correct kernel leaves any of: NaN for floats (all bits set), 0xA5 bytes for integers."""
    a = np.empty(shape, dtype)
    a.reshape(-1).view(np.uint8)[:] = FLOAT_POISON if a.dtype.kind == "f" else INT_POISON
    return a
