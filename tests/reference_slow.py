# The reference as it was at main 5c88ffe (fuzz/judge/reference.py, copied verbatim below this comment): the independent
# slow reference the fast one is compared with (tests/test_reference_compare.py, tests/reference_compare.py). Never imported by the product.
"""The reference: a numpy interpreter of a case, with certified bounds on every value.

Values.  Integers are computed exactly in int64, floats in float64.  Every
elementwise op (body ops, casts, conv products) is rounded to its declared
dtype, as IEEE requires of any correct compilation; reductions are summed in
float64 and rounded once to the accumulator dtype: the ideal result that a
real compiler, rounding after every partial sum in some order, approximates.

Bounds.  Alongside each value the interpreter keeps an interval [lo, hi] per
element that contains the result of *every* correct compilation under a
numerics profile (``fuzz.judge.profiles``).  Body ops are propagated by interval
arithmetic (``fuzz.judge.scalar``: exact for monotone ops, corners for mul and the
divisions, declared accuracies for exp, tanh, sigmoid and erf); a select whose
comparison is ambiguous takes both branches.  Matmuls and pools are evaluated
by their generic twins, ``pad`` exactly.  A float reduction of K terms in an accumulator with unit
roundoff u widens by gamma_K * sum|terms| (any order, any association, FMA,
a wider accumulator), except where all terms are exact multiples of a
power-of-two quantum q and sum|terms| <= 2^p * q: then every partial sum in
every order is exact and the bound stays zero.  That zero is what lets
exact-input cases catch one dropped term.

``magnitude`` is the per-element sum of |terms| (|value| for non-reductions):
it bounds every partial sum in every order, which makes integer overflow
checks order-independent.  A case whose semantics are undefined (integer
overflow, an out-of-range float->int cast, a division by zero or INT_MIN / -1,
a shift out of range; see ``fuzz.case.ops.expr``) raises ``UndefinedBehavior``.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from fuzz.case.values import materialize_all
from fuzz.case.workload import FLOAT_DTYPES, NUMPY_DTYPE, Case, Conv2d, Generic, Matmul, Pad, Pool2d
from fuzz.judge.numerics import (  # noqa: F401
    PRECISION,
    UndefinedBehavior,
    cast,
    cast_interval,
    check_int,
    round_interval,
    round_to,
    ulp,
)
from fuzz.judge.profiles import PROFILES, STRICT, Profile
from fuzz.judge.scalar import Scalar, arith, eval_expr


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
    """Direct convolution, one filter tap and channel at a time; zero points are subtracted exactly (padding
    holds the image zero point, so a padded tap contributes nothing)."""
    nchw = op.layout == "NCHW"
    xs = _to_nhwc(x, True) if nchw else [x.data, x.lo, x.hi]
    ws = _to_nhwc(w, False) if nchw else [w.data, w.lo, w.hi]
    zx, zw = op.zero_points or (0, 0)
    kh, kw, cpg, f = ws[0].shape
    g, (sh, sw), (dh, dw) = op.groups, op.stride, op.dilation
    pt, pb, pl, pr = op.padding
    xp = [np.pad(a, ((0, 0), (pt, pb), (pl, pr), (0, 0)), constant_values=zx) - zx for a in xs]
    ws = [a - zw for a in ws]
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
                data, lo, hi = arith("mul", xa, wa)
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
    idx = tuple(np.broadcast_to(a.evaluate(grid), dims) for a in amap)
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


def eval_pad(op: Pad, x: Value) -> Value:
    value = float(op.value) if x.dtype in FLOAT_DTYPES else int(op.value)
    widths = tuple(zip(op.low, op.high))
    data, lo, hi = (np.pad(a, widths, constant_values=value) for a in (x.data, x.lo, x.hi))
    return Value(data, x.dtype, np.abs(data).astype(np.float64), lo, hi)


def eval_named(op: Matmul | Pool2d, ins: list[Value], prof: Profile = STRICT) -> Value:
    """Matmuls and pools by their generic twins (``as_generic``): the same loops, body and combiner."""
    types = {n: (v.data.shape, v.dtype) for n, v in zip(op.inputs, ins)}
    return eval_generic(op.as_generic(types), ins, prof)


def eval_op(op, ins: list[Value], prof: Profile = STRICT) -> Value:
    if isinstance(op, Conv2d):
        return eval_conv(op, *ins, prof)
    if isinstance(op, Generic):
        return eval_generic(op, ins, prof)
    return eval_pad(op, *ins) if isinstance(op, Pad) else eval_named(op, ins, prof)


def evaluate(case: Case, inputs: dict[str, np.ndarray] | None = None, prof: Profile = STRICT) -> dict[str, Value]:
    """Every value of the case (inputs and ops) by name, with bounds under ``prof``."""
    inputs = materialize_all(case) if inputs is None else inputs
    env: dict[str, Value] = {}
    for t in case.inputs:
        a = inputs[t.name]
        env[t.name] = exact_value(a.astype(np.float64) if t.dtype in FLOAT_DTYPES else a.astype(np.int64), t.dtype)
    for op in case.ops:
        env[op.name] = eval_op(op, [env[n] for n in op.inputs], prof)
    return env


def evaluate_every_profile(case: Case, inputs: dict[str, np.ndarray] | None = None) -> dict[str, dict[str, Value]]:
    """``evaluate`` under every numerics profile, by profile name.  Profiles widen intervals differently, and
    undefinedness is judged over intervals: a case undefined under one profile is undefined, so every
    configuration and every campaign agrees on which cases are defined."""
    inputs = materialize_all(case) if inputs is None else inputs
    out = {}
    for name, prof in PROFILES.items():
        try:
            out[name] = evaluate(case, inputs, prof)
        except UndefinedBehavior as e:
            raise UndefinedBehavior(f"{e} (under the {name} numerics profile)") from None
    return out


def reference_outputs(case: Case, inputs: dict[str, np.ndarray] | None = None) -> list[np.ndarray]:
    env = evaluate(case, inputs)
    return [env[n].as_declared() for n in case.outputs]
