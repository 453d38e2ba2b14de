"""Generic reductions that are contractions: ``sum mul(f(x), g(y))`` over plain reads, by ``einsum``.

A generic whose body is a product of two factors, each an elementwise expression of one input read through a
plain map (every result ``dK``, no dim twice: a transpose, a projection, a broadcast), reads every element of
both inputs, so each factor is evaluated once on its input (``fuzz.judge.scalar``: the same values,
intervals and undefinedness as over the loop nest, in the same order).  Where both factors are exactly known
and every product is exact in the output dtype under this profile (integers; f16 values multiplied in f32
where the profile neither flushes nor adds ulps), every term is exact and profile-free, and values, bounds
and magnitudes are ``einsum`` contractions in float64 (integers exact while the magnitude stays below 2^53;
beyond it no integer accumulator holds the sum: undefined).  The quantum of the terms and the extremes of
integer products (checked against the dtype, as the loop nest checks each product) come from the factors,
per index of the dims they share.  Anything else is left to the loop nest (``exact_contraction`` gives None).
"""
from __future__ import annotations

import numpy as np

from fuzz.case.workload import FLOAT_DTYPES, Expr, Generic
from fuzz.judge import init as accumulate
from fuzz.judge.numerics import WIDE, check_int
from fuzz.judge.profiles import Profile
from fuzz.judge.scalar import Scalar, eval_expr
from fuzz.judge.sums import check_int_magnitude, finish
from fuzz.judge.value import Value

EXACT_IN_FLOAT64 = 2.0**53
LETTERS = "abcdefghijklmnopqrstuvwxyz"


def _inputs_of(e: Expr) -> set[int]:
    return {e.index} if e.op == "in" else set().union(*(_inputs_of(a) for a in e.args))


def _plain(amap) -> str | None:
    dims = [a.plain_dim for a in amap]
    return None if None in dims or len(set(dims)) < len(dims) else "".join(LETTERS[d] for d in dims)


def holds_f16(a: np.ndarray) -> bool:
    with np.errstate(over="ignore"):
        return bool(np.array_equal(np.asarray(a).astype(np.float16).astype(np.float64), a))


def exact_products(dtype: str, a: Scalar, b: Scalar, prof: Profile) -> bool:
    """Whether every product of the exactly known factors is exact in ``dtype`` under ``prof``."""
    if dtype not in FLOAT_DTYPES:
        return True
    return a.dtype == b.dtype == "f32" and holds_f16(a.data) and holds_f16(b.data) and not prof.ftz \
        and not prof.extra_ulps


def lowest_bits(a: np.ndarray, axes: tuple[int, ...]) -> np.ndarray:
    """Over ``axes``, the smallest lowest set bit of the nonzero finite values (inf where there is none)."""
    a = np.abs(np.asarray(a, np.float64))
    ok = (a != 0) & np.isfinite(a)
    mant, exp = np.frexp(np.where(ok, a, 1.0))
    ints = (mant * 2.0**53).astype(np.int64)
    low = (ints & -ints).astype(np.float64) * np.exp2(exp.astype(np.float64) - 53)
    return np.where(ok, low, np.inf).min(axis=axes) if axes else np.where(ok, low, np.inf)


def _shared(a: np.ndarray, letters: str, shared: str, reduce) -> np.ndarray:
    """``reduce`` of ``a`` over its dims the other factor does not read, the rest in ``shared`` order."""
    private = tuple(k for k, c in enumerate(letters) if c not in shared)
    r = reduce(a, private)
    kept = [c for c in letters if c in shared]
    return np.transpose(r, [kept.index(c) for c in shared])


def _min(a, axes):
    return a.min(axis=axes) if axes else a


def _max(a, axes):
    return a.max(axis=axes) if axes else a


def _check_products(a: np.ndarray, la: str, b: np.ndarray, lb: str, dtype: str, what: str) -> None:
    """Products of elements read together: their extremes are corner products of each shared index's."""
    shared = "".join(c for c in la if c in lb)
    ends = [_shared(x, lx, shared, f) for x, lx in ((a, la), (b, lb)) for f in (_min, _max)]
    corners = np.stack([ends[i] * ends[j] for i in (0, 1) for j in (2, 3)])
    check_int(np.array([corners.min(), corners.max()]), dtype, f"{what}: mul")


def _quantum(a: np.ndarray, la: str, b: np.ndarray, lb: str) -> float:
    """``quantum`` of every term: exact products' lowest set bits multiply."""
    shared = "".join(c for c in la if c in lb)
    qa, qb = (_shared(x, lx, shared, lowest_bits) for x, lx in ((a, la), (b, lb)))
    return float(np.min(qa * qb, initial=np.inf))


def _factor(e: Expr, v: Value, index: int, prof: Profile, what: str) -> Scalar:
    args: list = [None] * (index + 1)
    args[index] = Scalar(v.data, v.lo, v.hi, v.dtype)
    s = eval_expr(e, args, what, prof)
    return Scalar(*(np.broadcast_to(x, v.data.shape) for x in (s.data, s.lo, s.hi)), s.dtype)


def exact_contraction(op: Generic, ins: list[Value], prof: Profile, init: dict | None = None) -> Value | None:
    """The generic's Value where it is a contraction of exact terms, else None (undefined: raises).  ``init``: an
    init operand broadcast to the result (``fuzz.judge.init.broadcast``), one more term of the sum."""
    if op.reduce != "add" or not op.reduction or op.body.op != "mul" or op.out == WIDE:  # i64: float64 einsum
        # would round its products; the loop nest sums them exactly
        return None
    (e0, e1), what = op.body.args, f"op {op.name!r}"
    i0, i1 = _inputs_of(e0), _inputs_of(e1)
    if len(i0) != 1 or len(i1) != 1:
        return None
    (i,), (j,) = i0, i1
    la, lb = _plain(op.maps[i]), _plain(op.maps[j])
    if la is None or lb is None or set(LETTERS[:len(op.dims)]) - set(la + lb):
        return None
    a, b = _factor(e0, ins[i], i, prof, what), _factor(e1, ins[j], j, prof, what)
    if op.out not in FLOAT_DTYPES:
        _check_products(a.data, la, b.data, lb, op.out, what)
    if not (np.array_equal(a.lo, a.hi) and np.array_equal(b.lo, b.hi) and exact_products(op.out, a, b, prof)):
        return None
    spec = f"{la},{lb}->{''.join(LETTERS[d] for d in op.parallel)}"
    x, y = a.data.astype(np.float64), b.data.astype(np.float64)
    mag = np.einsum(spec, np.abs(x), np.abs(y), optimize=True)
    if op.out not in FLOAT_DTYPES and np.max(mag, initial=0.0) >= EXACT_IN_FLOAT64:
        check_int_magnitude(mag, op.out, what)
    data = np.einsum(spec, x, y, optimize=True)
    data = data if op.out in FLOAT_DTYPES else data.astype(np.int64)
    q = _quantum(x, la, y, lb) if op.out in FLOAT_DTYPES and all(v.exact for v in ins) else None
    data, lo, hi, mag, q = accumulate.add(data, data, data, mag, q, init)
    return finish(data, lo, hi, mag, op.reduction_length({}) + (init is not None), op.out, q, prof, what)
