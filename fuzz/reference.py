"""The reference: a numpy interpreter of a case, following each op's declared semantics.

Integers are computed exactly in int64; floats in float64.  Every elementwise
op (body ops, casts, conv products) is rounded to its declared dtype, exactly
as IEEE requires of any correct compilation; reductions are summed in float64
and rounded once to the accumulator dtype: the ideal result that a real
compiler, which rounds after every partial sum in some order, approximates.

Alongside each value the interpreter keeps ``magnitude``: for a reduction the
per-element sum of |terms|, for other ops |value|.  It bounds every partial
sum in every summation order, which makes integer overflow checks
order-independent and is the raw material of the oracle's error bounds.

A case whose semantics are undefined (integer overflow, an out-of-range
float->int cast) raises ``UndefinedBehavior``; the generator rejects such
cases, and a saved case that triggers it is invalid.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from fuzz.values import materialize_all
from fuzz.workload import (FLOAT_DTYPES, INT_RANGE, NUMPY_DTYPE, Case, Conv2d, Expr,
                           Generic, WorkloadError)


class UndefinedBehavior(WorkloadError):
    """The case has no defined result (overflow, out-of-range cast)."""


@dataclass(frozen=True)
class Value:
    data: np.ndarray  # float64 or int64, already rounded to dtype
    dtype: str
    magnitude: np.ndarray  # float64: sum of |terms| for reductions, |value| otherwise

    def as_declared(self) -> np.ndarray:
        with np.errstate(over="ignore"):
            return self.data.astype(NUMPY_DTYPE[self.dtype])


def round_to(a: np.ndarray, dtype: str) -> np.ndarray:
    """Round float64 values to ``dtype`` (kept in float64)."""
    with np.errstate(over="ignore", invalid="ignore"):
        return a.astype(NUMPY_DTYPE[dtype]).astype(np.float64)


def check_int(a: np.ndarray, dtype: str, what: str) -> np.ndarray:
    lo, hi = INT_RANGE[dtype]
    if a.size and (a.min() < lo or a.max() > hi):
        raise UndefinedBehavior(f"{what}: {dtype} overflow (values reach [{a.min()}, {a.max()}])")
    return a


def _wrap(a: np.ndarray, dtype: str) -> np.ndarray:
    return a.astype(NUMPY_DTYPE[dtype]).astype(np.int64)


def cast(a: np.ndarray, src: str, dst: str, what: str) -> np.ndarray:
    if dst in FLOAT_DTYPES:
        return round_to(a.astype(np.float64), dst)
    if src in FLOAT_DTYPES:
        if not np.all(np.isfinite(a)):
            raise UndefinedBehavior(f"{what}: cast of NaN/Inf to {dst}")
        return check_int(np.trunc(a).astype(np.int64), dst, f"{what}: float->{dst} cast")
    return _wrap(a, dst)


_COMPARE = {"gt": np.greater, "lt": np.less, "ge": np.greater_equal, "le": np.less_equal, "eq": np.equal}
_BINARY = {"add": np.add, "sub": np.subtract, "mul": np.multiply, "max": np.maximum, "min": np.minimum}


def eval_expr(e: Expr, args: list[np.ndarray], dtypes: tuple[str, ...], what: str) -> tuple[np.ndarray, str]:
    """Evaluate a body expression elementwise over already-gathered inputs."""
    if e.op == "in":
        return args[e.index], dtypes[e.index]
    if e.op == "const":
        return np.array(float(e.value) if e.dtype in FLOAT_DTYPES else int(e.value)), e.dtype
    subs = [eval_expr(a, args, dtypes, what) for a in e.args]
    (x, t) = subs[0]
    if e.op in _BINARY:
        with np.errstate(over="ignore", invalid="ignore"):
            r = _BINARY[e.op](x, subs[1][0])
        return (round_to(r, t) if t in FLOAT_DTYPES else check_int(r, t, f"{what}: {e.op}")), t
    if e.op == "cast":
        return cast(x, t, e.dtype, what), e.dtype
    if e.op == "round":
        return np.rint(x), t
    if e.op == "exp":
        with np.errstate(over="ignore"):
            return round_to(np.exp(x), t), t
    if e.op == "clamp":
        lo, hi = (e.lo, e.hi) if t in FLOAT_DTYPES else (int(e.lo), int(e.hi))
        return np.minimum(np.maximum(x, lo), hi), t
    cond = _COMPARE[e.pred](x, subs[1][0])
    return np.where(cond, subs[2][0], subs[3][0]), subs[2][1]


def _finish(acc: np.ndarray, mag: np.ndarray, dtype: str, what: str) -> Value:
    if dtype in FLOAT_DTYPES:
        return Value(round_to(acc, dtype), dtype, mag)
    check_int(mag.astype(np.int64), dtype, f"{what}: accumulation (sum of |terms|)")
    return Value(acc.astype(np.int64), dtype, mag)


def eval_conv(op: Conv2d, x: Value, w: Value) -> Value:
    """Direct convolution, one filter tap and channel at a time, products rounded to acc."""
    xd, wd = x.data, w.data
    if op.layout == "NCHW":
        xd, wd = xd.transpose(0, 2, 3, 1), wd.transpose(2, 3, 1, 0)  # to NHWC / HWCF
    kh, kw, cpg, f = wd.shape
    g, (sh, sw), (dh, dw) = op.groups, op.stride, op.dilation
    pt, pb, pl, pr = op.padding
    xp = np.pad(xd, ((0, 0), (pt, pb), (pl, pr), (0, 0)))
    oh = (xp.shape[1] - dh * (kh - 1) - 1) // sh + 1
    ow = (xp.shape[2] - dw * (kw - 1) - 1) // sw + 1
    n, fpg = xp.shape[0], f // g
    acc = np.zeros((n, oh, ow, g, fpg), dtype=xd.dtype)
    mag = np.zeros(acc.shape)
    wg = wd.reshape(kh, kw, cpg, g, fpg)
    for ky in range(kh):
        for kx in range(kw):
            win = xp[:, ky * dh: ky * dh + (oh - 1) * sh + 1: sh, kx * dw: kx * dw + (ow - 1) * sw + 1: sw, :]
            win = win.reshape(n, oh, ow, g, cpg)
            for c in range(cpg):
                term = win[..., c, None] * wg[ky, kx, c]
                if op.acc == "f16":
                    term = round_to(term, "f16")
                acc = acc + term
                mag = mag + np.abs(term)
    out = _finish(acc.reshape(n, oh, ow, f), mag.reshape(n, oh, ow, f), op.acc, f"op {op.name!r}")
    if op.layout == "NCHW":
        out = Value(out.data.transpose(0, 3, 1, 2), out.dtype, out.magnitude.transpose(0, 3, 1, 2))
    return out


def eval_generic(op: Generic, ins: list[Value]) -> Value:
    grid = np.indices(op.dims)
    args = []
    for v, amap in zip(ins, op.maps):
        idx = tuple(sum(c * grid[d] for d, c in enumerate(a.coeffs) if c) + a.offset for a in amap)
        args.append(v.data[tuple(np.broadcast_to(i, op.dims) for i in idx)])
    what = f"op {op.name!r}"
    body, _ = eval_expr(op.body, args, tuple(v.dtype for v in ins), what)
    body = np.broadcast_to(body, op.dims)
    if not op.reduction:
        return Value(body.copy(), op.out, np.abs(body).astype(np.float64))
    axes = op.reduction
    if op.reduce == "add":
        return _finish(body.sum(axis=axes), np.abs(body).astype(np.float64).sum(axis=axes), op.out, what)
    r = body.max(axis=axes) if op.reduce == "max" else body.min(axis=axes)
    return Value(r, op.out, np.abs(r).astype(np.float64))


def evaluate(case: Case, inputs: dict[str, np.ndarray] | None = None) -> dict[str, Value]:
    """Every value of the case (inputs and ops) by name."""
    inputs = materialize_all(case) if inputs is None else inputs
    env: dict[str, Value] = {}
    for t in case.inputs:
        a = inputs[t.name]
        data = a.astype(np.float64) if t.dtype in FLOAT_DTYPES else a.astype(np.int64)
        env[t.name] = Value(data, t.dtype, np.abs(data).astype(np.float64))
    for op in case.ops:
        ins = [env[n] for n in op.inputs]
        env[op.name] = eval_conv(op, *ins) if isinstance(op, Conv2d) else eval_generic(op, ins)
    return env


def reference_outputs(case: Case, inputs: dict[str, np.ndarray] | None = None) -> list[np.ndarray]:
    env = evaluate(case, inputs)
    return [env[n].as_declared() for n in case.outputs]
