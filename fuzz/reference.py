"""The reference: a numpy interpreter of a case, with certified bounds on every value.

Values.  Integers are computed exactly in int64, floats in float64.  Every
elementwise op (body ops, casts, conv products) is rounded to its declared
dtype, as IEEE requires of any correct compilation; reductions are summed in
float64 and rounded once to the accumulator dtype: the ideal result that a
real compiler, rounding after every partial sum in some order, approximates.

Bounds.  Alongside each value the interpreter keeps an interval [lo, hi] per
element that contains the result of *every* correct compilation under a
numerics profile (``fuzz.profiles``).  Elementwise ops are propagated by
interval arithmetic, exact for monotone ops (rounding, casts, round, clamp,
exp) and by corners for mul; a select whose comparison is ambiguous takes
both branches.  A float reduction of K terms in an accumulator with unit
roundoff u widens by gamma_K * sum|terms| (any order, any association, FMA,
a wider accumulator), except where all terms are exact multiples of a
power-of-two quantum q and sum|terms| <= 2^p * q: then every partial sum in
every order is exact and the bound stays zero.  That zero is what lets
exact-input cases catch one dropped term.

``magnitude`` is the per-element sum of |terms| (|value| for non-reductions):
it bounds every partial sum in every order, which makes integer overflow
checks order-independent.  A case whose semantics are undefined (integer
overflow, an out-of-range float->int cast) raises ``UndefinedBehavior``.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from fuzz.profiles import STRICT, Profile
from fuzz.values import materialize_all
from fuzz.workload import (FLOAT_DTYPES, INT_RANGE, NUMPY_DTYPE, Case, Conv2d, Expr,
                           Generic, WorkloadError)

PRECISION = {"f16": 11, "f32": 24}  # significand bits p; unit roundoff u = 2^-p


class UndefinedBehavior(WorkloadError):
    """The case has no defined result (overflow, out-of-range cast)."""


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

    @property
    def exact(self) -> bool:
        return bool(np.array_equal(self.lo, self.hi))


def exact_value(data: np.ndarray, dtype: str) -> Value:
    return Value(data, dtype, np.abs(data).astype(np.float64), data, data)


# ------------------------------------------------------------------ rounding


def round_to(a: np.ndarray, dtype: str) -> np.ndarray:
    """Round float64 values to ``dtype`` (kept in float64)."""
    with np.errstate(over="ignore", invalid="ignore"):
        return np.asarray(a, np.float64).astype(NUMPY_DTYPE[dtype]).astype(np.float64)


def ulp(a: np.ndarray, dtype: str) -> np.ndarray:
    with np.errstate(over="ignore", invalid="ignore"):
        return np.spacing(np.abs(np.asarray(a, np.float64)).astype(NUMPY_DTYPE[dtype])).astype(np.float64)


def round_interval(lo, hi, dtype: str, prof: Profile, unrounded: bool = False):
    """Interval of a float op's result given the interval of its exact value.

    Rounding to nearest is monotone, so [round(lo), round(hi)] is sound.
    ``unrounded``: the profile lets this op keep its exact (wider) result."""
    rlo, rhi = round_to(lo, dtype), round_to(hi, dtype)
    if unrounded or dtype in prof.excess_precision:
        rlo, rhi = np.minimum(rlo, lo), np.maximum(rhi, hi)
    if prof.extra_ulps:
        rlo, rhi = rlo - prof.extra_ulps * ulp(rlo, dtype), rhi + prof.extra_ulps * ulp(rhi, dtype)
    if prof.ftz:
        tiny = float(np.finfo(NUMPY_DTYPE[dtype]).tiny)
        rlo, rhi = rlo - tiny, rhi + tiny
    return rlo, rhi


# ------------------------------------------------------------------ casts


def check_int(a: np.ndarray, dtype: str, what: str) -> np.ndarray:
    lo, hi = INT_RANGE[dtype]
    if a.size and (a.min() < lo or a.max() > hi):
        raise UndefinedBehavior(f"{what}: {dtype} overflow (values reach [{a.min()}, {a.max()}])")
    return a


def _wrap(a: np.ndarray, dtype: str) -> np.ndarray:
    return np.asarray(a).astype(np.int64).astype(NUMPY_DTYPE[dtype]).astype(np.int64)


def cast(a: np.ndarray, src: str, dst: str, what: str) -> np.ndarray:
    if dst in FLOAT_DTYPES:
        return round_to(np.asarray(a, np.float64), dst)
    if src in FLOAT_DTYPES:
        if not np.all(np.isfinite(a)):
            raise UndefinedBehavior(f"{what}: cast of NaN/Inf to {dst}")
        return check_int(np.trunc(a).astype(np.int64), dst, f"{what}: float->{dst} cast")
    return _wrap(a, dst)


def cast_interval(lo, hi, src: str, dst: str, prof: Profile):
    if dst in FLOAT_DTYPES:
        return round_interval(np.asarray(lo, np.float64), np.asarray(hi, np.float64), dst, prof)
    rmin, rmax = INT_RANGE[dst]
    if src in FLOAT_DTYPES:  # trunc is monotone; beyond the range a correct program has no defined result
        lo, hi = np.nan_to_num(np.trunc(lo), nan=rmin), np.nan_to_num(np.trunc(hi), nan=rmax)
        return np.clip(lo, rmin, rmax).astype(np.int64), np.clip(hi, rmin, rmax).astype(np.int64)
    period = rmax - rmin + 1  # wrapping is monotone within one period of the target range
    same = np.floor_divide(lo - rmin, period) == np.floor_divide(hi - rmin, period)
    return (np.where(same, _wrap(lo, dst), rmin), np.where(same, _wrap(hi, dst), rmax))


# ------------------------------------------------------------------ scalar bodies

_COMPARE = {"gt": np.greater, "lt": np.less, "ge": np.greater_equal, "le": np.less_equal, "eq": np.equal}


@dataclass(frozen=True)
class Scalar:
    """An expression's value over the loop domain: reference data and its interval."""
    data: np.ndarray
    lo: np.ndarray
    hi: np.ndarray
    dtype: str


def _arith(op: str, a: Scalar, b: Scalar) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(data, lo, hi) of the exact result, before rounding."""
    with np.errstate(over="ignore", invalid="ignore"):
        if op == "add":
            return a.data + b.data, a.lo + b.lo, a.hi + b.hi
        if op == "sub":
            return a.data - b.data, a.lo - b.hi, a.hi - b.lo
        if op == "mul":
            corners = [a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi]
            return a.data * b.data, np.minimum.reduce(corners), np.maximum.reduce(corners)
        f = np.maximum if op == "max" else np.minimum
        return f(a.data, b.data), f(a.lo, b.lo), f(a.hi, b.hi)


def _select(e: Expr, s: list[Scalar]) -> Scalar:
    a, b, t, f = s
    cond = _COMPARE[e.pred](a.data, b.data)
    if e.pred in ("gt", "ge"):  # certainly true / certainly false for every point of the box
        sure, never = _COMPARE[e.pred](a.lo, b.hi), ~_COMPARE[e.pred](a.hi, b.lo)
    elif e.pred in ("lt", "le"):
        sure, never = _COMPARE[e.pred](a.hi, b.lo), ~_COMPARE[e.pred](a.lo, b.hi)
    else:
        sure = (a.lo == a.hi) & (b.lo == b.hi) & (a.lo == b.lo)
        never = (a.hi < b.lo) | (b.hi < a.lo)
    lo = np.where(sure, t.lo, np.where(never, f.lo, np.minimum(t.lo, f.lo)))
    hi = np.where(sure, t.hi, np.where(never, f.hi, np.maximum(t.hi, f.hi)))
    return Scalar(np.where(cond, t.data, f.data), lo, hi, t.dtype)


def eval_expr(e: Expr, args: list[Scalar], what: str, prof: Profile = STRICT) -> Scalar:
    """Evaluate a body expression elementwise over already-gathered inputs."""
    if e.op == "in":
        return args[e.index]
    if e.op == "const":
        v = np.array(float(e.value) if e.dtype in FLOAT_DTYPES else int(e.value))
        return Scalar(v, v, v, e.dtype)
    s = [eval_expr(x, args, what, prof) for x in e.args]
    a, t = s[0], s[0].dtype
    isf = t in FLOAT_DTYPES
    if e.op in ("add", "sub", "mul", "max", "min"):
        data, lo, hi = _arith(e.op, a, s[1])
        if not isf:
            return Scalar(check_int(data, t, f"{what}: {e.op}"), lo, hi, t)
        if e.op in ("max", "min"):  # the result is one of the operands: no rounding
            return Scalar(data, lo, hi, t)
        lo, hi = round_interval(lo, hi, t, prof, unrounded=prof.fma and e.op == "mul")
        return Scalar(round_to(data, t), lo, hi, t)
    if e.op == "cast":
        lo, hi = cast_interval(a.lo, a.hi, t, e.dtype, prof)
        return Scalar(cast(a.data, t, e.dtype, what), lo, hi, e.dtype)
    if e.op == "round":
        return Scalar(np.rint(a.data), np.rint(a.lo), np.rint(a.hi), t)
    if e.op == "exp":
        with np.errstate(over="ignore"):
            lo, hi = round_interval(np.exp(a.lo), np.exp(a.hi), t, prof)
            k = prof.exp_ulps
            return Scalar(round_to(np.exp(a.data), t), lo - k * ulp(lo, t), hi + k * ulp(hi, t), t)
    if e.op == "clamp":
        lo, hi = (e.lo, e.hi) if isf else (int(e.lo), int(e.hi))
        return Scalar(np.clip(a.data, lo, hi), np.clip(a.lo, lo, hi), np.clip(a.hi, lo, hi), t)
    return _select(e, s)


# ------------------------------------------------------------------ reductions


def quantum(a: np.ndarray) -> float:
    """Largest power of two dividing every value of ``a`` (inf for all-zero arrays)."""
    a = np.asarray(a, np.float64)
    nz = np.abs(a[(a != 0) & np.isfinite(a)])
    if nz.size == 0:
        return float("inf")
    mant, exp = np.frexp(nz)
    # trailing zero bits of the 53-bit significand give each value's lowest set bit
    ints = (mant * 2.0**53).astype(np.int64)
    low = (ints & -ints).astype(np.float64)
    return float(np.min(low * np.exp2(exp.astype(np.float64) - 53)))


def gamma(k: int, u: float) -> float:
    return k * u / (1 - k * u) if k * u < 1 else float("inf")


def float_sum(dtype: str, terms: int, data, lo, hi, mag, exact_q: float | None, prof: Profile) -> tuple:
    """Reference and interval of a float sum of ``terms`` terms accumulated in ``dtype``.

    ``data/lo/hi`` are the exact float64 sums of the terms' values and bounds,
    ``mag`` the sum of |terms| (worst over each term's interval), ``exact_q`` the
    quantum of the terms when they are all exactly known."""
    u = 2.0 ** -PRECISION[dtype]
    slack = gamma(terms, u) * mag + 2.0**-52 * terms * mag  # + float64's own summation error
    tiny = float(np.finfo(NUMPY_DTYPE[dtype]).smallest_subnormal)
    slack = slack + terms * (float(np.finfo(NUMPY_DTYPE[dtype]).tiny) if prof.ftz else tiny / 2)
    if exact_q is not None:  # every partial sum representable: no rounding anywhere
        slack = np.where(mag <= 2.0 ** PRECISION[dtype] * exact_q, 0.0, slack)
    return round_to(data, dtype), lo - slack, hi + slack


def _finish(acc, lo, hi, mag, terms: int, dtype: str, exact_q, prof: Profile, what: str) -> Value:
    if dtype in FLOAT_DTYPES:
        data, lo, hi = float_sum(dtype, terms, acc, lo, hi, mag, exact_q, prof)
        return Value(data, dtype, mag, lo, hi)
    check_int(mag.astype(np.int64), dtype, f"{what}: accumulation (sum of |terms|)")
    return Value(acc.astype(np.int64), dtype, mag, lo.astype(np.int64), hi.astype(np.int64))


# ------------------------------------------------------------------ ops


def _to_nhwc(v: Value, image: bool) -> list[np.ndarray]:
    perm = (0, 2, 3, 1) if image else (2, 3, 1, 0)  # NCHW -> NHWC, FCHW -> HWCF
    return [a.transpose(perm) for a in (v.data, v.lo, v.hi)]


def eval_conv(op: Conv2d, x: Value, w: Value, prof: Profile = STRICT) -> Value:
    """Direct convolution, one filter tap and channel at a time."""
    nchw = op.layout == "NCHW"
    xs = _to_nhwc(x, True) if nchw else [x.data, x.lo, x.hi]
    ws = _to_nhwc(w, False) if nchw else [w.data, w.lo, w.hi]
    kh, kw, cpg, f = ws[0].shape
    g, (sh, sw), (dh, dw) = op.groups, op.stride, op.dilation
    pt, pb, pl, pr = op.padding
    xp = [np.pad(a, ((0, 0), (pt, pb), (pl, pr), (0, 0))) for a in xs]
    oh = (xp[0].shape[1] - dh * (kh - 1) - 1) // sh + 1
    ow = (xp[0].shape[2] - dw * (kw - 1) - 1) // sw + 1
    n, fpg = xp[0].shape[0], f // g
    wg = [a.reshape(kh, kw, cpg, g, fpg) for a in ws]
    acc = [np.zeros((n, oh, ow, g, fpg), dtype=xs[0].dtype) for _ in range(3)]
    mag = np.zeros(acc[0].shape)
    for ky in range(kh):
        for kx in range(kw):
            sl = (slice(None), slice(ky * dh, ky * dh + (oh - 1) * sh + 1, sh),
                  slice(kx * dw, kx * dw + (ow - 1) * sw + 1, sw), slice(None))
            win = [a[sl].reshape(n, oh, ow, g, cpg) for a in xp]
            for c in range(cpg):
                xa = Scalar(*(v[..., c, None] for v in win), x.dtype)
                wa = Scalar(*(v[ky, kx, c] for v in wg), w.dtype)
                data, lo, hi = _arith("mul", xa, wa)
                if op.acc == "f16":  # declared: the product is rounded to the accumulator
                    data = round_to(data, "f16")
                acc = [acc[0] + data, acc[1] + lo, acc[2] + hi]
                mag = mag + np.maximum(np.abs(lo), np.abs(hi))
    exact_inputs = op.acc in FLOAT_DTYPES and x.exact and w.exact
    q = quantum(xs[0]) * quantum(ws[0]) if exact_inputs else None
    shape = (n, oh, ow, f)
    out = _finish(*(a.reshape(shape) for a in acc), mag.reshape(shape), kh * kw * cpg, op.acc, q, prof,
                  f"op {op.name!r}")
    if nchw:
        t = (0, 3, 1, 2)
        out = Value(out.data.transpose(t), out.dtype, out.magnitude.transpose(t), out.lo.transpose(t),
                    out.hi.transpose(t))
    return out


def _gather(v: Value, amap, grid: np.ndarray, dims) -> Scalar:
    idx = tuple(np.broadcast_to(sum(c * grid[d] for d, c in enumerate(a.coeffs) if c) + a.offset, dims)
                for a in amap)
    return Scalar(v.data[idx], v.lo[idx], v.hi[idx], v.dtype)


def eval_generic(op: Generic, ins: list[Value], prof: Profile = STRICT) -> Value:
    grid = np.indices(op.dims)
    args = [_gather(v, amap, grid, op.dims) for v, amap in zip(ins, op.maps)]
    what = f"op {op.name!r}"
    body = eval_expr(op.body, args, what, prof)
    data, lo, hi = (np.broadcast_to(a, op.dims) for a in (body.data, body.lo, body.hi))
    if not op.reduction:
        return Value(data.copy(), op.out, np.abs(data).astype(np.float64), lo.copy(), hi.copy())
    axes = op.reduction
    if op.reduce == "add":
        mag = np.maximum(np.abs(lo), np.abs(hi)).astype(np.float64).sum(axis=axes)
        q = quantum(data) if all(v.exact for v in ins) and np.array_equal(lo, hi) else None
        terms = int(np.prod([op.dims[d] for d in axes]))
        return _finish(data.sum(axis=axes), lo.sum(axis=axes), hi.sum(axis=axes), mag, terms, op.out, q,
                       prof, what)
    f = np.max if op.reduce == "max" else np.min
    r = f(data, axis=axes)
    return Value(r, op.out, np.abs(r).astype(np.float64), f(lo, axis=axes), f(hi, axis=axes))


def evaluate(case: Case, inputs: dict[str, np.ndarray] | None = None, prof: Profile = STRICT) -> dict[str, Value]:
    """Every value of the case (inputs and ops) by name, with bounds under ``prof``."""
    inputs = materialize_all(case) if inputs is None else inputs
    env: dict[str, Value] = {}
    for t in case.inputs:
        a = inputs[t.name]
        env[t.name] = exact_value(a.astype(np.float64) if t.dtype in FLOAT_DTYPES else a.astype(np.int64), t.dtype)
    for op in case.ops:
        ins = [env[n] for n in op.inputs]
        env[op.name] = eval_conv(op, *ins, prof) if isinstance(op, Conv2d) else eval_generic(op, ins, prof)
    return env


def reference_outputs(case: Case, inputs: dict[str, np.ndarray] | None = None) -> list[np.ndarray]:
    env = evaluate(case, inputs)
    return [env[n].as_declared() for n in case.outputs]
