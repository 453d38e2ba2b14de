"""Matmuls with the semantics of their generic twin (``Matmul.as_generic``), contracted by BLAS where they can be.

The twin's body is ``mul(operand A, operand B)``, each operand an elementwise expression of one input (a cast
to the accumulator, a zero point subtracted).  Every element of A and B is read, so the operands are
evaluated once on the inputs themselves (``fuzz.judge.scalar``: the same values, intervals and undefinedness
as over the loop nest), then:

* where both operands are exactly known and every product is exact in the accumulator under this profile
  (integers; f16 values multiplied in f32 where the profile neither flushes nor adds ulps), the terms are
  exact and profile-free: values, bounds and magnitudes are three matrix products (integers in float64,
  exact while the magnitude stays below 2^53), and the quantum of the terms is taken from the operands;
* elsewhere the product is evaluated term by term as the twin evaluates it, in blocks of bounded size.

Integer products are checked against the accumulator's range over their extremes, per reduction index, before
either path: the same error the twin raises over the whole loop nest.
"""
from __future__ import annotations

import numpy as np

from fuzz.case.workload import FLOAT_DTYPES, Expr, Matmul
from fuzz.judge.numerics import check_int
from fuzz.judge.profiles import STRICT, Profile
from fuzz.judge.scalar import Scalar, eval_expr
from fuzz.judge.sums import check_int_magnitude, finish, quantum
from fuzz.judge.value import Value

BLOCK = 1 << 20  # terms per block on the term-by-term path
EXACT_IN_FLOAT64 = 2.0**53
_MUL = Expr("mul", (Expr("in", index=0), Expr("in", index=1)))


def _operand(e: Expr, v: Value, index: int, swap: bool, prof: Profile, what: str) -> Scalar:
    """The operand expression over input ``v`` (read as input ``index``), as (batch..., rows, K) or (K, cols)."""
    args = [None, None]
    args[index] = Scalar(v.data, v.lo, v.hi, v.dtype)
    s = eval_expr(e, args, what, prof)
    parts = [np.broadcast_to(a, v.data.shape) for a in (s.data, s.lo, s.hi)]
    if swap:
        parts = [np.swapaxes(a, -1, -2) for a in parts]
    return Scalar(*parts, s.dtype)


def _lowest_bits(a: np.ndarray, axis: int) -> np.ndarray:
    """Per index along the other axes, the smallest lowest set bit of the nonzero finite values (inf if none)."""
    a = np.abs(np.asarray(a, np.float64))
    ok = (a != 0) & np.isfinite(a)
    mant, exp = np.frexp(np.where(ok, a, 1.0))
    ints = (mant * 2.0**53).astype(np.int64)
    low = (ints & -ints).astype(np.float64) * np.exp2(exp.astype(np.float64) - 53)
    return np.where(ok, low, np.inf).min(axis=axis)


def _product_quantum(a: np.ndarray, b: np.ndarray) -> float:
    """``quantum`` of every product a[..., m, k] * b[..., k, n]: exact products' lowest set bits multiply."""
    qa, qb = _lowest_bits(a, -2), _lowest_bits(b, -1)  # (..., K) each
    both = np.isfinite(qa) & np.isfinite(qb)
    return float(np.min(qa * qb, where=both, initial=np.inf))


def _check_products(a: Scalar, b: Scalar, dtype: str, what: str) -> None:
    """An integer product outside the accumulator's range is undefined; its extremes are corner products of
    each reduction index's extremes."""
    amin, amax, bmin, bmax = a.data.min(axis=-2), a.data.max(axis=-2), b.data.min(axis=-1), b.data.max(axis=-1)
    corners = np.stack([amin * bmin, amin * bmax, amax * bmin, amax * bmax])
    check_int(np.array([corners.min(), corners.max()]), dtype, f"{what}: mul")


def _exact_terms(dtype: str, a: Scalar, b: Scalar, prof: Profile) -> bool:
    if dtype not in FLOAT_DTYPES:
        return True
    f16_values = a.dtype == b.dtype == "f32" and _holds_f16(a.data) and _holds_f16(b.data)
    return f16_values and not prof.ftz and not prof.extra_ulps


def _holds_f16(a: np.ndarray) -> bool:
    with np.errstate(over="ignore"):
        return bool(np.array_equal(a.astype(np.float16).astype(np.float64), a))


def _blas(a: Scalar, b: Scalar, dtype: str, exact_inputs: bool, what: str) -> dict:
    x, y = a.data.astype(np.float64), b.data.astype(np.float64)
    mag = np.abs(x) @ np.abs(y)
    if dtype not in FLOAT_DTYPES and np.max(mag, initial=0.0) >= EXACT_IN_FLOAT64:
        check_int_magnitude(mag, dtype, what)  # no integer accumulator holds it
    data = x @ y
    data = data if dtype in FLOAT_DTYPES else data.astype(np.int64)
    return {"data": data, "lo": data, "hi": data, "mag": mag,
            "q": _product_quantum(x, y) if exact_inputs and dtype in FLOAT_DTYPES else None}


def _term_block(a: Scalar, b: Scalar, prof: Profile, what: str) -> dict:
    """One block of rows: the twin's terms (rows, N, K) and their sums over K."""
    sa = Scalar(a.data[..., :, None, :], a.lo[..., :, None, :], a.hi[..., :, None, :], a.dtype)
    bt = [np.swapaxes(v, -1, -2)[..., None, :, :] for v in (b.data, b.lo, b.hi)]
    t = eval_expr(_MUL, [sa, Scalar(*bt, b.dtype)], what, prof)
    mag = np.maximum(np.abs(t.lo), np.abs(t.hi)).astype(np.float64).sum(axis=-1)
    exact = bool(np.array_equal(t.lo, t.hi))
    return {"data": t.data.sum(axis=-1), "lo": t.lo.sum(axis=-1), "hi": t.hi.sum(axis=-1), "mag": mag,
            "exact": exact, "q": quantum(t.data) if exact else None}


def _termwise(a: Scalar, b: Scalar, prof: Profile, what: str, exact_inputs: bool) -> dict:
    rows = max(1, BLOCK // max(1, b.data.shape[-1] * a.data.shape[-1]))
    parts = [_term_block(Scalar(*(v[..., s:s + rows, :] for v in (a.data, a.lo, a.hi)), a.dtype), b, prof, what)
             for s in range(0, a.data.shape[-2], rows)]
    out = {k: np.concatenate([p[k] for p in parts], axis=-2) for k in ("data", "lo", "hi", "mag")}
    exact = exact_inputs and all(p["exact"] for p in parts)
    out["q"] = min(p["q"] for p in parts) if exact else None
    return out


def eval_matmul(op: Matmul, a: Value, b: Value, prof: Profile = STRICT) -> Value:
    twin = op.as_generic({n: (v.data.shape, v.dtype) for n, v in zip(op.inputs, (a, b))})
    what = f"op {op.name!r}"
    ea, eb = twin.body.args
    sa = _operand(ea, a, 0, op.transpose == "a", prof, what)
    sb = _operand(eb, b, 1, op.transpose == "b", prof, what)
    if op.acc not in FLOAT_DTYPES:
        _check_products(sa, sb, op.acc, what)
    exact_inputs = a.exact and b.exact
    operands_exact = np.array_equal(sa.lo, sa.hi) and np.array_equal(sb.lo, sb.hi)
    if operands_exact and _exact_terms(op.acc, sa, sb, prof):
        s = _blas(sa, sb, op.acc, exact_inputs, what)
    else:
        s = _termwise(sa, sb, prof, what, exact_inputs)
    return finish(s["data"], s["lo"], s["hi"], s["mag"], sa.data.shape[-1], op.acc, s["q"], prof, what)
