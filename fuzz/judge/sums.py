"""Float and integer sums: the reference of a reduction and the interval every correct compilation stays in.

A float reduction of K terms in an accumulator with unit roundoff u widens by gamma_K * sum|terms| (any
order, any association, FMA, a wider accumulator), plus float64's own summation error and, per term, half
the smallest subnormal (or the smallest normal where the profile flushes subnormals), except where all
terms are exact multiples of a power-of-two quantum q and sum|terms| <= 2^p * q: then every partial sum in
every order is exact and the bound stays zero.  That zero is what lets exact-input cases catch one dropped
term.  An integer reduction is exact; its magnitude (sum of |terms|) bounds every partial sum, so a
magnitude beyond the dtype is an overflow in some order: undefined.  The one profile field read is ``ftz``.
"""
from __future__ import annotations

import numpy as np

from fuzz.case.workload import FLOAT_DTYPES
from fuzz.judge.numerics import PRECISION, WIDE, check_int, finfo, round_to
from fuzz.judge.profiles import Profile
from fuzz.judge.value import Value


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
    tiny = float(finfo(dtype).smallest_subnormal)
    slack = slack + terms * (float(finfo(dtype).tiny) if prof.ftz else tiny / 2)
    if exact_q is not None:  # every partial sum representable: no rounding anywhere
        slack = np.where(mag <= 2.0 ** PRECISION[dtype] * exact_q, 0.0, slack)
    return round_to(data, dtype), lo - slack, hi + slack


def finish(acc, lo, hi, mag, terms: int, dtype: str, exact_q, prof: Profile, what: str) -> Value:
    """The Value of a sum: ``acc/lo/hi`` the float64 (or int64) sums of the terms' values and bounds."""
    if dtype in FLOAT_DTYPES:
        data, lo, hi = float_sum(dtype, terms, acc, lo, hi, mag, exact_q, prof)
        return Value(data, dtype, mag, lo, hi)
    check_int_magnitude(mag, dtype, what)
    if dtype == WIDE:  # Python ints throughout (``magnitudes``): exact, nothing wrapped
        return Value(acc, dtype, mag.astype(np.float64), lo, hi)
    return Value(acc.astype(np.int64), dtype, mag, lo.astype(np.int64), hi.astype(np.int64))


def magnitudes(lo: np.ndarray, hi: np.ndarray, axes, dtype: str) -> np.ndarray:
    """Per result, the sum of the terms' largest |value|: float64, or Python ints for i64 (its overflow check
    must be exact near 2^63, where float64 rounds)."""
    m = np.maximum(np.abs(lo), np.abs(hi))
    return m.sum(axis=axes) if dtype == WIDE else m.astype(np.float64).sum(axis=axes)


def check_int_magnitude(mag: np.ndarray, dtype: str, what: str) -> None:
    check_int(mag if dtype == WIDE else mag.astype(np.int64), dtype, f"{what}: accumulation (sum of |terms|)")
