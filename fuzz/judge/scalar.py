"""Scalar body semantics with certified intervals: ``eval_expr`` over a loop domain.

Each op of ``fuzz.case.ops.expr.SCALAR_OPS`` gets the reference value (integers
exact in int64, i64 in Python ints (``numerics.as_int``), floats rounded to
their dtype) and an interval [lo, hi] containing every correct compilation's
result, given its operands' intervals.  Monotone ops map the interval ends; ``mul`` and the divisions
take the extremes over the corners (a quotient over a box whose divisor
keeps one sign is extreme at a corner, and floor / trunc are monotone);
approximated functions widen by their profile's declared accuracy.
Undefinedness is judged over the whole interval, not only the reference
value: whatever a correct compilation may compute must be defined (a
divisor interval holding 0 is a possible division by zero).  An interval
cannot say "odd", so integers also carry their known parity: ``2x + 1`` and
``x | 1``, the generator's never-zero divisors, are odd whatever interval
``x`` has under a profile that widens it.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from fuzz.case.workload import FLOAT_DTYPES, INT_RANGE, Expr
from fuzz.judge.numerics import (
    WIDE,
    UndefinedBehavior,
    as_int,
    cast,
    cast_interval,
    check_int,
    round_interval,
    round_to,
    widen_ulps,
)
from fuzz.judge.profiles import STRICT, Profile

_COMPARE = {"gt": np.greater, "lt": np.less, "ge": np.greater_equal, "le": np.less_equal, "eq": np.equal}
_BITWISE = {"and": np.bitwise_and, "or": np.bitwise_or, "xor": np.bitwise_xor}
_BITS = {"i8": 8, "i32": 32, "i64": 64}


@dataclass(frozen=True)
class Scalar:
    """An expression's value over the loop domain: reference data and its interval."""
    data: np.ndarray
    lo: np.ndarray
    hi: np.ndarray
    dtype: str
    parity: np.ndarray | None = None  # integers: 1 certainly odd, 0 certainly even, -1 unknown (None: unknown)


def parity(s: Scalar) -> np.ndarray:
    """Per element, the parity every correct compilation's integer result has: 1 odd, 0 even, -1 unknown."""
    if s.dtype in FLOAT_DTYPES:
        return np.full(np.shape(s.lo), -1, np.int64)
    known = np.full(np.shape(s.lo), -1, np.int64) if s.parity is None else s.parity
    lo = np.asarray(s.lo)
    low_bit = np.asarray(lo & 1).astype(np.int64) if lo.dtype == object else lo.astype(np.int64) & 1  # i64: exact
    return np.where(s.lo == s.hi, low_bit, known)


def _known(pa: np.ndarray, pb: np.ndarray, values: np.ndarray) -> np.ndarray:
    return np.where((pa >= 0) & (pb >= 0), values, -1)


_PARITY = {  # the parity of an integer op's result from its operands' (wrapping keeps the low bit)
    "add": lambda a, b: _known(a, b, a ^ b), "sub": lambda a, b: _known(a, b, a ^ b),
    "xor": lambda a, b: _known(a, b, a ^ b),
    "mul": lambda a, b: np.where((a == 0) | (b == 0), 0, _known(a, b, a & b)),
    "and": lambda a, b: np.where((a == 0) | (b == 0), 0, _known(a, b, a & b)),
    "or": lambda a, b: np.where((a == 1) | (b == 1), 1, _known(a, b, a | b)),
    "max": lambda a, b: np.where(a == b, a, -1), "min": lambda a, b: np.where(a == b, a, -1),
}


def _with_parity(r: Scalar, op: str, a: Scalar, b: Scalar) -> Scalar:
    return Scalar(r.data, r.lo, r.hi, r.dtype, _PARITY[op](parity(a), parity(b)))


def _ends(s: Scalar) -> tuple[np.ndarray, ...]:
    """The distinct ends of an interval: one where it is a point by construction (an input's ends are its data:
    the same array), so a product of points is one product, not four."""
    return (s.lo,) if s.lo is s.hi else (s.lo, s.hi)


def _corners(f, a: Scalar, b: Scalar) -> tuple[np.ndarray, np.ndarray]:
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        c = [f(x, y) for x in _ends(a) for y in _ends(b)]
    if len(c) == 1:
        return c[0], c[0]
    lo, hi = np.minimum(c[0], c[1]), np.maximum(c[0], c[1])  # pairwise: ufunc.reduce over a list stacks a copy
    for x in c[2:]:  # not in place: the corners of constants are numpy scalars
        lo, hi = np.minimum(lo, x), np.maximum(hi, x)
    return lo, hi


def arith(op: str, a: Scalar, b: Scalar) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(data, lo, hi) of the exact result of add/sub/mul/max/min, before rounding."""
    with np.errstate(over="ignore", invalid="ignore"):
        if op == "add":
            return a.data + b.data, a.lo + b.lo, a.hi + b.hi
        if op == "sub":
            return a.data - b.data, a.lo - b.hi, a.hi - b.lo
        if op == "mul":
            lo, hi = _corners(np.multiply, a, b)
            return (lo if a.data is a.lo is a.hi and b.data is b.lo is b.hi else a.data * b.data), lo, hi
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


# ------------------------------------------------------------------ integer ops


def _truncdiv(a, b):
    q = np.abs(a) // np.abs(b)
    return np.where((a < 0) != (b < 0), -q, q)


_INT_DIV = {"floordiv": np.floor_divide, "truncdiv": _truncdiv}


def _check_divisor(a: Scalar, b: Scalar, op: str, what: str) -> None:
    if np.any((b.lo <= 0) & (b.hi >= 0) & (parity(b) != 1)):  # an odd divisor is never 0
        raise UndefinedBehavior(f"{what}: {op} by a divisor that may be 0 (its interval reaches "
                                f"[{np.min(b.lo)}, {np.max(b.hi)}])")
    if np.any((a.lo <= INT_RANGE[a.dtype][0]) & (b.lo <= -1) & (b.hi >= -1)):
        raise UndefinedBehavior(f"{what}: {op} of {a.dtype} INT_MIN by -1 overflows")


def _int_div(op: str, a: Scalar, b: Scalar, what: str) -> Scalar:
    _check_divisor(a, b, op, what)
    div = _INT_DIV["truncdiv" if op.startswith("trunc") else "floordiv"]
    q, (qlo, qhi) = div(a.data, b.data), _corners(div, a, b)
    if op.endswith("div"):
        return Scalar(q, qlo, qhi, a.dtype)
    r = a.data - b.data * q
    one_period = (b.lo == b.hi) & (qlo == qhi)  # a - b*q with q fixed: increasing in a
    if op == "floormod":  # takes the divisor's sign, |r| < |b|
        lo, hi = np.where(b.lo > 0, 0, b.lo + 1), np.where(b.lo > 0, b.hi - 1, 0)
    else:  # truncmod takes the dividend's sign, |r| < |b| and |r| <= |a|
        m = np.maximum(np.abs(b.lo), np.abs(b.hi)) - 1
        lo, hi = np.where(a.lo >= 0, 0, np.maximum(-m, a.lo)), np.where(a.hi <= 0, 0, np.minimum(m, a.hi))
    return Scalar(r, np.where(one_period, a.lo - b.lo * qlo, lo), np.where(one_period, a.hi - b.lo * qlo, hi), a.dtype)


def _shift(op: str, a: Scalar, b: Scalar, what: str) -> Scalar:
    bits = _BITS[a.dtype]
    if np.any((b.lo < 0) | (b.hi >= bits)):
        raise UndefinedBehavior(f"{what}: {op} by an amount outside [0, {bits - 1}] (its interval reaches "
                                f"[{np.min(b.lo)}, {np.max(b.hi)}])")
    one = np.array(1, object) if a.dtype == WIDE else np.int64(1)  # 1 << 63 must not wrap
    f = (lambda x, s: x * (one << s)) if op == "shl" else np.right_shift
    lo, hi = _corners(f, a, b)
    check_int(np.concatenate([np.ravel(lo), np.ravel(hi)]), a.dtype, f"{what}: {op}")
    return Scalar(f(a.data, b.data), lo, hi, a.dtype)


def _bitwise(op: str, a: Scalar, b: Scalar) -> Scalar:
    """Exact where both operands are; elsewhere the smallest two's complement range holding both, narrowed by
    what the op keeps: ``and`` with a non-negative operand lies in [0, its hi]; ``or`` with a negative one in
    [its lo, -1] (setting bits never lowers a value of either sign, and keeps the sign bit set)."""
    data = _BITWISE[op](a.data, b.data)
    if a.dtype == WIDE:  # 2^bit_length(mag), exactly (log2 of a float64 rounds near 2^63), at most 2^63 (the range
        # clips it there): |INT64_MIN| gives 2^64, which numpy cannot take as the bare python int 0-d arrays give
        bound = np.frompyfunc(lambda *v: min(1 << max(abs(int(x)) for x in v).bit_length(), 2**63), 4, 1)(
            a.lo, a.hi, b.lo, b.hi)
    else:
        mag = np.maximum(np.maximum(np.abs(a.lo), np.abs(a.hi)), np.maximum(np.abs(b.lo), np.abs(b.hi)))
        bound = np.left_shift(np.int64(1), np.ceil(np.log2(mag + 1.0)).astype(np.int64))
    rmin, rmax = INT_RANGE[a.dtype]
    lo = np.where((a.lo >= 0) & (b.lo >= 0), 0, np.maximum(-bound, rmin))
    hi = np.minimum(bound - 1, rmax)
    if op == "and":
        keep = np.where(a.lo >= 0, a.hi, np.where(b.lo >= 0, b.hi, hi))
        lo, hi = np.where((a.lo >= 0) | (b.lo >= 0), 0, lo), np.minimum(hi, keep)
    elif op == "or":
        neg = np.where(a.hi < 0, a.lo, np.where(b.hi < 0, b.lo, lo))
        lo, hi = np.maximum(lo, neg), np.where((a.hi < 0) | (b.hi < 0), -1, hi)
    exact = (a.lo == a.hi) & (b.lo == b.hi)
    return Scalar(data, np.where(exact, data, lo), np.where(exact, data, hi), a.dtype)


def _sign_op(op: str, a: Scalar, what: str) -> Scalar:
    """abs and neg: exact for floats; undefined for the integer INT_MIN."""
    if a.dtype in INT_RANGE and np.any(a.lo <= INT_RANGE[a.dtype][0]):
        raise UndefinedBehavior(f"{what}: {op} of {a.dtype} INT_MIN overflows")
    odd = parity(a) if a.dtype in INT_RANGE else None  # -x and |x| keep the parity of x
    if op == "neg":
        return Scalar(-a.data, -a.hi, -a.lo, a.dtype, odd)
    lo = np.where(a.lo >= 0, a.lo, np.where(a.hi <= 0, -a.hi, 0))
    return Scalar(np.abs(a.data), lo, np.maximum(np.abs(a.lo), np.abs(a.hi)), a.dtype, odd)


# ------------------------------------------------------------------ float ops


def _divide(a: Scalar, b: Scalar, prof: Profile, what: str) -> Scalar:
    if np.any((b.lo <= 0) & (b.hi >= 0)):
        raise UndefinedBehavior(f"{what}: div by a divisor whose interval holds 0 ([{np.min(b.lo)}, "
                                f"{np.max(b.hi)}]): a correct compilation may return Inf or NaN")
    lo, hi = round_interval(*_corners(np.divide, a, b), a.dtype, prof)
    lo, hi = widen_ulps(lo, hi, a.dtype, prof.div_sqrt_ulps)
    with np.errstate(over="ignore"):
        return Scalar(round_to(a.data / b.data, a.dtype), lo, hi, a.dtype)


def _sqrt(a: Scalar, prof: Profile, what: str) -> Scalar:
    if np.any(a.lo < 0):
        raise UndefinedBehavior(f"{what}: sqrt of an operand whose interval reaches {np.min(a.lo)} < 0")
    lo, hi = round_interval(np.sqrt(a.lo), np.sqrt(a.hi), a.dtype, prof)
    lo, hi = widen_ulps(lo, hi, a.dtype, prof.div_sqrt_ulps)
    return Scalar(round_to(np.sqrt(a.data), a.dtype), lo, hi, a.dtype)


def _sigmoid(x):
    with np.errstate(over="ignore"):
        return 1.0 / (1.0 + np.exp(-x))


# math.erf is the C library's erf in float64 (glibc: within 1 ulp of float64), some 2^29 times finer than an f32
# ulp: its error is nothing beside any profile's erf budget (fuzz/judge/profiles.py).
_erf = np.vectorize(math.erf, otypes=[np.float64])
_APPROX = {"exp": np.exp, "tanh": np.tanh, "sigmoid": _sigmoid, "erf": _erf}


def _approx(op: str, a: Scalar, prof: Profile) -> Scalar:
    """Monotone functions known only to a declared accuracy: the rounded ends, widened by the budget."""
    f = _APPROX[op]
    with np.errstate(over="ignore"):
        lo, hi = round_interval(f(a.lo), f(a.hi), a.dtype, prof)
        ulps, one = (prof.exp_ulps, 0.0) if op == "exp" else (getattr(prof, op).ulps, getattr(prof, op).one_ulps)
        lo, hi = widen_ulps(lo, hi, a.dtype, ulps, one)
        return Scalar(round_to(f(a.data), a.dtype), lo, hi, a.dtype)


# ------------------------------------------------------------------ the evaluator


def _binary(e: Expr, a: Scalar, b: Scalar, prof: Profile, what: str) -> Scalar:
    t = a.dtype
    if e.op in ("add", "sub", "mul", "max", "min"):
        data, lo, hi = arith(e.op, a, b)
        if t not in FLOAT_DTYPES:
            return _with_parity(Scalar(check_int(data, t, f"{what}: {e.op}"), lo, hi, t), e.op, a, b)
        if e.op in ("max", "min"):  # the result is one of the operands: no rounding
            return Scalar(data, lo, hi, t)
        lo, hi = round_interval(lo, hi, t, prof, unrounded=prof.fma and e.op == "mul")
        return Scalar(round_to(data, t), lo, hi, t)
    if e.op == "div":
        return _divide(a, b, prof, what)
    if e.op in _BITWISE:
        return _with_parity(_bitwise(e.op, a, b), e.op, a, b)
    if e.op in ("shl", "shr"):
        return _shift(e.op, a, b, what)
    return _int_div(e.op, a, b, what)


def _unary(e: Expr, a: Scalar, prof: Profile, what: str) -> Scalar:
    t = a.dtype
    if e.op == "cast":
        lo, hi = cast_interval(a.lo, a.hi, t, e.dtype, prof)
        keeps = t not in FLOAT_DTYPES and e.dtype not in FLOAT_DTYPES  # int -> int wraps: the low bit stays
        return Scalar(cast(a.data, t, e.dtype, what), lo, hi, e.dtype, parity(a) if keeps else None)
    if e.op == "round":
        return Scalar(np.rint(a.data), np.rint(a.lo), np.rint(a.hi), t)
    if e.op == "clamp":
        lo, hi = (e.lo, e.hi) if t in FLOAT_DTYPES else (int(e.lo), int(e.hi))
        return Scalar(np.clip(a.data, lo, hi), np.clip(a.lo, lo, hi), np.clip(a.hi, lo, hi), t)
    if e.op in ("abs", "neg"):
        return _sign_op(e.op, a, what)
    if e.op == "sqrt":
        return _sqrt(a, prof, what)
    return _approx(e.op, a, prof)


def eval_expr(e: Expr, args: list[Scalar], what: str, prof: Profile = STRICT) -> Scalar:
    """Evaluate a body expression elementwise over already-gathered inputs."""
    if e.op == "in":
        return args[e.index]
    if e.op == "const":
        v = np.array(float(e.value)) if e.dtype in FLOAT_DTYPES else as_int(int(e.value), e.dtype)
        # an i64 constant is a one-element array, not 0-d: numpy gives an op on 0-d object arrays as a bare python
        # int, and takes one beyond int64 (a bound of INT64_MIN % c) back as int64, and fails
        return Scalar(*(v.reshape(1) if e.dtype == WIDE else v,) * 3, e.dtype)
    s = [eval_expr(x, args, what, prof) for x in e.args]
    if e.op == "select":
        return _select(e, s)
    return _binary(e, s[0], s[1], prof, what) if len(s) == 2 else _unary(e, s[0], prof, what)
