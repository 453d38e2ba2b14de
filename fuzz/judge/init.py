"""An init operand as one more term of a sum (``fuzz.case.ops.init``: the accumulate-into form).

A conv or matmul that accumulates into an init has the meaning ``init + sum(products)`` rounded once: the
reference adds the init's values, bounds and magnitude to the products' float64 (int64) sums before
``fuzz.judge.sums.finish``, which is then told of one more term, so the float bound covers an implementation
that adds the init first, last or anywhere in its order.  The init's quantum joins the terms' quantum where it
is exactly known (so exact-input cases stay exact end to end); an init with width leaves the sum inexact.
"""
from __future__ import annotations

import numpy as np

from fuzz.judge.sums import quantum
from fuzz.judge.value import Value


def broadcast(init: Value, out_shape: tuple[int, ...], channel_axis: int) -> dict[str, np.ndarray]:
    """The init's data, bounds and magnitude broadcast to the result's shape (a bias along ``channel_axis``)."""
    parts = {"data": init.data, "lo": init.lo, "hi": init.hi,
             "mag": np.maximum(np.abs(init.lo), np.abs(init.hi)).astype(np.float64)}
    if init.data.shape != tuple(out_shape):
        view = [1] * len(out_shape)
        view[channel_axis] = -1
        parts = {k: v.reshape(view) for k, v in parts.items()}
    parts = {k: np.broadcast_to(v, out_shape) for k, v in parts.items()}
    parts["exact"] = init.exact
    return parts


def add(data, lo, hi, mag, q: float | None, init: dict | None) -> tuple:
    """The sums with the init as one more term: (data, lo, hi, mag, q); unchanged without an init."""
    if init is None:
        return data, lo, hi, mag, q
    if q is not None:
        q = min(q, quantum(init["data"])) if init["exact"] else None
    return data + init["data"], lo + init["lo"], hi + init["hi"], mag + init["mag"], q
