"""Pools with the semantics of their generic twin (``Pool2d.as_generic``), read through strided window views.

The twin's body converts each tap exactly to the accumulator (``in``, or a widening cast: never undefined),
so the body is evaluated once on the image itself (``fuzz.judge.scalar``: the same values and intervals as
over the loop nest) and each output's window is a strided view of it: no index arrays, no gathered copies.
``max`` takes the largest value and bounds; ``sum`` is a float or integer reduction of the window's taps
(``fuzz.judge.sums.finish``), whose exactness and quantum are judged over the taps the windows read.
"""
from __future__ import annotations

import numpy as np

from fuzz.case.workload import Pool2d
from fuzz.judge.profiles import STRICT, Profile
from fuzz.judge.scalar import Scalar, eval_expr
from fuzz.judge.sums import finish, magnitudes, quantum
from fuzz.judge.value import Value


def _windows(op: Pool2d, a: np.ndarray, out: tuple[int, ...]) -> np.ndarray:
    """The view of ``a`` the twin's loops read: (n, oh, ow, c, kh, kw) for NHWC, (n, c, oh, ow, kh, kw) for NCHW."""
    (sh, sw), (dh, dw) = op.stride, op.dilation
    a = np.ascontiguousarray(a)
    s0, s1, s2, s3 = a.strides
    if op.layout == "NHWC":
        strides = (s0, s1 * sh, s2 * sw, s3, s1 * dh, s2 * dw)
    else:
        strides = (s0, s1, s2 * sh, s3 * sw, s2 * dh, s3 * dw)
    return np.lib.stride_tricks.as_strided(a, tuple(out) + tuple(op.window), strides, writeable=False)


def eval_pool(op: Pool2d, x: Value, prof: Profile = STRICT) -> Value:
    twin = op.as_generic({op.inputs[0]: (x.data.shape, x.dtype)})
    what = f"op {op.name!r}"
    taps = eval_expr(twin.body, [Scalar(x.data, x.lo, x.hi, x.dtype)], what, prof)
    out = twin.dims[:4]
    data, lo, hi = (_windows(op, np.broadcast_to(a, x.data.shape), out) for a in (taps.data, taps.lo, taps.hi))
    axes = (4, 5)
    if op.mode == "max":
        r = data.max(axis=axes)
        return Value(r, op.acc, np.abs(r).astype(np.float64), lo.max(axis=axes), hi.max(axis=axes))
    mag = magnitudes(lo, hi, axes, op.acc)
    q = quantum(data) if x.exact and np.array_equal(lo, hi) else None
    return finish(data.sum(axis=axes), lo.sum(axis=axes), hi.sum(axis=axes), mag, op.window[0] * op.window[1],
                  op.acc, q, prof, what)
