"""Rounding, casts and integer range checks shared by the reference's scalar and tensor parts.

Floats are carried in float64 already rounded to their dtype; integers in
int64, except i64: numpy object arrays of Python ints (``as_int``), so that
overflow is seen before anything wraps and no value passes through float64.
``round_interval`` maps the interval of an exact result to the interval of
every correct compilation's rounded result under a numerics profile
(rounding to nearest is monotone, so rounding the ends is sound).
A value with no defined result raises ``UndefinedBehavior``.
"""
from __future__ import annotations

import math

import numpy as np

from fuzz.case.workload import FLOAT_DTYPES, FP8_DTYPES, INT_RANGE, NUMPY_DTYPE, WorkloadError
from fuzz.judge.profiles import Profile

PRECISION = {"f16": 11, "f32": 24, "bf16": 8, "f8E4M3FN": 4, "f8E5M2": 3, "f8E4M3FNUZ": 4, "f8E5M2FNUZ": 3}
# significand bits p; unit roundoff u = 2^-p.  Rounding to every type is ml_dtypes' (round to nearest even).
# Where a float8 type's finite range ends, a compiler's truncf differs: ml_dtypes gives NaN (E4M3FN, the FNUZ
# types: no inf) or inf (E5M2), LLVM's APFloat and MLIR's arith expansion saturate or not by flag, PTX's
# cvt.rn.satfinite saturates.  No rule is common to them, so a float8 result beyond the finite range is
# *undefined* here (``cast``): the generator never keeps such a case, the oracle never judges one.


def finfo(dtype: str):
    """``numpy.finfo`` of ``dtype``, ml_dtypes' for bf16 and the float8 types (numpy's finfo rejects them)."""
    import ml_dtypes

    return ml_dtypes.finfo(NUMPY_DTYPE[dtype])


class UndefinedBehavior(WorkloadError):
    """The case has no defined result (overflow, out-of-range cast, division by zero, ...)."""


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
    rlo = round_to(lo, dtype)
    rhi = rlo if hi is lo else round_to(hi, dtype)  # a point by construction is rounded once
    if unrounded or prof.keeps_wider(dtype):
        rlo, rhi = np.minimum(rlo, lo), np.maximum(rhi, hi)
    if prof.extra_ulps:
        with np.errstate(invalid="ignore"):
            wlo, whi = rlo - prof.extra_ulps * ulp(rlo, dtype), rhi + prof.extra_ulps * ulp(rhi, dtype)
        if np.isinf(rlo).any() or np.isinf(rhi).any():  # an infinite end has no ulp (nan): it stays as it is
            wlo, whi = np.where(np.isinf(rlo), rlo, wlo), np.where(np.isinf(rhi), rhi, whi)
        rlo, rhi = wlo, whi
    if prof.ftz:
        tiny = float(finfo(dtype).tiny)
        rlo, rhi = rlo - tiny, rhi + tiny
    return rlo, rhi


def widen_ulps(lo, hi, dtype: str, ulps: float, one_ulps: float = 0.0):
    """[lo, hi] widened by ``ulps`` ulps of each end plus ``one_ulps`` ulps of 1.0 (an absolute floor)."""
    floor = one_ulps * float(finfo(dtype).eps)
    return lo - ulps * ulp(lo, dtype) - floor, hi + ulps * ulp(hi, dtype) + floor


# ------------------------------------------------------------------ integers and casts


WIDE = "i64"  # the integer dtype the reference holds as Python ints (int64 arithmetic would wrap unseen)


def as_int(a, dtype: str) -> np.ndarray:
    """Integer data as the reference holds ``dtype``: int64, or for i64 an object array of exact Python ints."""
    a = np.asarray(a)
    if dtype != WIDE:
        return a.astype(np.int64)
    if a.dtype == object:
        return a
    if a.dtype.kind == "f":  # integral floats only (trunc'd casts, clamp bounds): float -> int is exact
        return np.frompyfunc(int, 1, 1)(a).astype(object) if a.ndim else np.array(int(a), object)
    return a.astype(np.int64).astype(object)


def _odd_float64(v: int) -> float:
    """``v`` rounded to float64 to odd: exact, or the neighbour with an odd significand.  Rounding that to a
    narrower float (f32 and below: p + 2 <= 53 bits) is the correctly rounded ``v`` (no double rounding)."""
    h = float(v)
    r = v - int(h)
    if r and not int(math.frexp(h)[0] * 2**53) & 1:
        h = math.nextafter(h, math.inf if r > 0 else -math.inf)
    return h


_ODD = np.frompyfunc(_odd_float64, 1, 1)


def int_to_float64(a, src: str) -> np.ndarray:
    """Integers as float64 for a cast to a float dtype: exact below 2^53; i64 beyond that rounded to odd."""
    if src != WIDE:
        return np.asarray(a, np.float64)
    return np.asarray(_ODD(np.asarray(a, object)), np.float64)


def check_int(a: np.ndarray, dtype: str, what: str) -> np.ndarray:
    lo, hi = INT_RANGE[dtype]
    if np.size(a) and (np.min(a) < lo or np.max(a) > hi):
        raise UndefinedBehavior(f"{what}: {dtype} overflow (values reach [{np.min(a)}, {np.max(a)}])")
    return a


def _wrap(a: np.ndarray, dtype: str, src: str = "") -> np.ndarray:
    if dtype == WIDE:  # every source is narrower or i64 itself: nothing wraps
        return as_int(a, dtype)
    if src == WIDE:  # two's complement wrap, in Python ints (an i64 interval end may lie beyond int64)
        lo, hi = INT_RANGE[dtype]
        return ((np.asarray(a, object) - lo) % (hi - lo + 1) + lo).astype(np.int64)
    return np.asarray(a).astype(np.int64).astype(NUMPY_DTYPE[dtype]).astype(np.int64)


def check_fp8_range(a: np.ndarray, dtype: str, what: str) -> None:
    """A float8 result beyond the type's finite range is undefined (see ``PRECISION``): compilers disagree."""
    if dtype not in FP8_DTYPES or not np.size(a):
        return
    most = float(finfo(dtype).max)
    with np.errstate(invalid="ignore"):
        big = np.max(np.abs(np.asarray(a, np.float64)))
    if not big <= most:  # NaN included
        raise UndefinedBehavior(f"{what}: {dtype} result {big} beyond the finite range +-{most}")


def cast(a: np.ndarray, src: str, dst: str, what: str) -> np.ndarray:
    if dst in FLOAT_DTYPES:
        a = int_to_float64(a, src) if src not in FLOAT_DTYPES else a
        check_fp8_range(a, dst, f"{what}: {src}->{dst} cast")
        return round_to(np.asarray(a, np.float64), dst)
    if src in FLOAT_DTYPES:
        if not np.all(np.isfinite(a)):
            raise UndefinedBehavior(f"{what}: cast of NaN/Inf to {dst}")
        t = np.trunc(a)
        if dst == WIDE:  # range-checked in float64 (2^63 is a float; int64 would wrap it), then exact
            if np.size(t) and (np.min(t) < -(2.0**63) or np.max(t) >= 2.0**63):
                raise UndefinedBehavior(f"{what}: float->{dst} cast overflow (values reach [{np.min(t)}, "
                                        f"{np.max(t)}])")
            return as_int(t, dst)
        return check_int(t.astype(np.int64), dst, f"{what}: float->{dst} cast")
    return _wrap(a, dst, src)


def cast_interval(lo, hi, src: str, dst: str, prof: Profile):
    if dst in FLOAT_DTYPES:
        for end in (lo, hi):  # a result a correct compilation may give must be defined too
            check_fp8_range(end, dst, f"a {src}->{dst} cast's certified interval")
        to_f = (lambda x: np.asarray(x, np.float64)) if src in FLOAT_DTYPES else (lambda x: int_to_float64(x, src))
        flo = to_f(lo)  # rounding to odd is monotone too: the ends stay ends
        return round_interval(flo, flo if hi is lo else to_f(hi), dst, prof)
    rmin, rmax = INT_RANGE[dst]
    if src in FLOAT_DTYPES:  # trunc is monotone; beyond the range a correct program has no defined result
        lo, hi = np.nan_to_num(np.trunc(lo), nan=rmin), np.nan_to_num(np.trunc(hi), nan=rmax)
        if dst == WIDE:  # clipped in Python ints: float64 rounds rmax up to 2^63
            return (np.clip(as_int(np.clip(lo, -2.0**64, 2.0**64), dst), rmin, rmax),
                    np.clip(as_int(np.clip(hi, -2.0**64, 2.0**64), dst), rmin, rmax))
        return np.clip(lo, rmin, rmax).astype(np.int64), np.clip(hi, rmin, rmax).astype(np.int64)
    if dst == WIDE:  # from i8 / i32 / i64: nothing wraps
        return _wrap(lo, dst), _wrap(hi, dst)
    if src == WIDE:
        lo, hi = np.asarray(lo, object), np.asarray(hi, object)
    period = rmax - rmin + 1  # wrapping is monotone within one period of the target range
    same = np.floor_divide(lo - rmin, period) == np.floor_divide(hi - rmin, period)
    return (np.where(same, _wrap(lo, dst, src), rmin), np.where(same, _wrap(hi, dst, src), rmax))
