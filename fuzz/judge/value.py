"""A reference value: the value every correct compilation approximates, and the interval it stays in.

``data`` holds the reference already rounded to the dtype (float64 for floats, int64 for integers);
``lo``/``hi`` bound every correct compilation's result under one numerics profile; ``magnitude`` is the
per-element sum of |terms| for reductions (|value| otherwise), which bounds every partial sum in every order.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from fuzz.case.workload import NUMPY_DTYPE


@dataclass(frozen=True)
class Value:
    data: np.ndarray  # float64 or int64, already rounded to dtype: the reference
    dtype: str
    magnitude: np.ndarray  # float64: sum of |terms| for reductions, |value| otherwise
    lo: np.ndarray  # every correct compilation lies in [lo, hi]
    hi: np.ndarray

    def as_declared(self) -> np.ndarray:
        with np.errstate(over="ignore"):
            return self.data.astype(NUMPY_DTYPE[self.dtype])

    def saved_bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """lo and hi as files beside the reference hold them: float64, or for i64 int64 clipped to its range
        (float64 would round them; no i64 output lies beyond the range anyway)."""
        if self.dtype != "i64":
            return self.lo.astype(np.float64), self.hi.astype(np.float64)
        return tuple(np.clip(b, -(2**63), 2**63 - 1).astype(np.int64) for b in (self.lo, self.hi))

    @property
    def exact(self) -> bool:
        return bool(np.array_equal(self.lo, self.hi))


def exact_value(data: np.ndarray, dtype: str) -> Value:
    return Value(data, dtype, np.abs(data).astype(np.float64), data, data)
