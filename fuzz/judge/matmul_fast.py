"""Float matmuls of real size: values by BLAS, bounds by matrix products of magnitudes, one pass for every profile.

The term-by-term path of ``fuzz.judge.matmul`` evaluates each of the M x N x K products' intervals: exact, but a
billion products take minutes.  From ``TERMS`` products on (a decode layer's 1 x 4096 x 1024 is exactly 2^22) a
float matmul is evaluated here instead, soundly and a little wider (the slow reference of tests/reference_slow.py
judges it: tests/test_reference_compare.py):

* profile-free, once per operand pair (``sums``, kept in the every-profile memo): from the operands' values
  ``a``, ``b``, the value sums ``D = a @ b`` (for an f16 or bf16 accumulator, each product rounded first:
  ``rounded_product_sums``) and the magnitudes ``M0 = |a| @ |b|``;
* per profile: where an operand's interval (as the twin's operand expression gives it: a cast widened by ftz or
  extra ulps, dequantized weights) has width, its radius ``r`` about its value; every term lies within
  ``|a| r_b + r_a |b| + r_a r_b`` of the product of the values, summed over K by matrix products (only for the
  profiles and operands that have width);
* the rounding of each term to the accumulator under the profile (``round_interval``: to nearest, extra ulps,
  flushed subnormals) is bounded by ``c1 |t| + c0``: c1 the unit roundoff (0 where every product of two f16
  values is exact in f32 and nothing widens) plus 2u per extra ulp, c0 half the smallest subnormal, plus an ulp
  of it per extra ulp, plus the smallest normal where the profile flushes;
* float64's own error in each matrix product, at most 2K 2^-53 of the magnitudes, is added outward.

``finish`` then adds the reduction's bound (gamma_K of the magnitude) as for every sum.  Integer matmuls stay on
the exact paths.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from fuzz.case.workload import FLOAT_DTYPES
from fuzz.judge.contract import holds_f16
from fuzz.judge.f16_products import NARROW_ACC, rounded_product_sums
from fuzz.judge.numerics import PRECISION, finfo
from fuzz.judge.profiles import Profile
from fuzz.judge.scalar import Scalar
from fuzz.judge.sums import finish, quantum
from fuzz.judge.value import Value

TERMS = 1 << 22  # products from which a float matmul takes this path (the term-by-term one below)


@dataclass(frozen=True)
class Sums:
    """A matmul's profile-free parts, from its operands' values (batch..., M, N)."""
    data: np.ndarray
    center: np.ndarray  # the exact products' sum (equal to ``data`` unless products are rounded first)
    mag: np.ndarray
    terms: int
    q: float


def applies(acc: str, a: Scalar, terms: int) -> bool:
    return acc in FLOAT_DTYPES and a.dtype in FLOAT_DTYPES and terms >= TERMS


def sums(a: np.ndarray, b: np.ndarray, acc: str) -> Sums:
    """``a`` (batch..., M, K) and ``b`` (batch..., K, N) float64 operand values."""
    a, b = np.ascontiguousarray(a, np.float64), np.ascontiguousarray(b, np.float64)
    center = a @ b
    if acc in NARROW_ACC:
        data = np.stack([rounded_product_sums(x, y, acc) for x, y in zip(a.reshape(-1, *a.shape[-2:]),
                                                                          b.reshape(-1, *b.shape[-2:]))])
        data = data.reshape(center.shape)
    else:
        data = center
    return Sums(data, center, np.abs(a) @ np.abs(b), a.shape[-1], _quantum(a) * _quantum(b))


def shared(memo: dict, a: np.ndarray, b: np.ndarray, acc: str) -> Sums:
    """``sums`` of these operand values, made once per pass: profiles that evaluate an operand to new objects of
    the same values (a dequantizing generic, under each profile) share it (comparing values costs far less than
    the products)."""
    made = memo.setdefault("matmul_fast", [])
    for x, y, s in made:
        if (x is a or np.array_equal(x, a)) and (y is b or np.array_equal(y, b)):
            return s
    s = sums(a, b, acc)
    made.append((a, b, s))
    return s


def _quantum(a: np.ndarray) -> float:
    """A power of two dividing every value of ``a``: 1 for integers, 2^-24 for other f16 values (a lower bound
    is sound: it only certifies fewer sums exact), else the exact quantum."""
    if np.array_equal(a, np.rint(a)):
        return 1.0 if np.any(a) else float("inf")
    return 2.0**-24 if holds_f16(a) else quantum(a)


def _radius(s: Scalar) -> np.ndarray | None:
    """Per element, how far the operand's interval reaches from its value (outward of float64's rounding of the
    difference), or None where every element is a point."""
    with np.errstate(invalid="ignore", over="ignore"):
        if s.lo is s.data and s.hi is s.data and np.isfinite(np.sum(s.data)):  # a finite point by construction
            return None
    with np.errstate(invalid="ignore", over="ignore"):
        r = np.maximum(s.data - s.lo, s.hi - s.data)
    if not np.any(r):
        return None
    return r * (1 + 2.0**-50)


def _rounding(acc: str, prof: Profile, exact_products: bool) -> tuple[float, float]:
    """(c1, c0): each term's rounding to ``acc`` under ``prof`` moves it by at most c1 |t| + c0."""
    u = 2.0 ** -PRECISION[acc]
    info = finfo(acc)
    sub = float(info.smallest_subnormal)
    c1 = (0.0 if exact_products else u) + 2 * u * prof.extra_ulps
    c0 = (0.0 if exact_products else sub / 2) + sub * prof.extra_ulps + (float(info.tiny) if prof.ftz else 0.0)
    if prof.keeps_wider(acc):
        c1, c0 = max(c1, u), max(c0, sub / 2)  # the unrounded product: within a rounding of the rounded one
    return c1, c0


def value(s: Sums, a: Scalar, b: Scalar, acc: str, prof: Profile, what: str, exact_inputs: bool) -> Value:
    """The matmul's Value under ``prof``; ``a``/``b`` its operands under that profile (batch..., M, K), (..., K, N)."""
    ra, rb = _radius(a), _radius(b)
    points = ra is None and rb is None
    exact_products = points and acc == "f32" and holds_f16(a.data) and holds_f16(b.data)
    c1, c0 = _rounding(acc, prof, exact_products)
    k, spread, mag = s.terms, 0.0, s.mag
    if not points:  # |a b - a0 b0| <= |a0| rb + ra |b0| + ra rb, summed over K by matrix products
        aa, ab = np.abs(a.data), np.abs(b.data)
        spread = (0.0 if rb is None else aa @ rb) + (0.0 if ra is None else ra @ (ab if rb is None else ab + rb))
        mag = s.mag + spread  # bounds sum_k |t| over every term's interval
    q = s.q if exact_inputs and points and c1 == 0.0 and c0 == 0.0 else None
    blas = 2 * k * 2.0**-53  # float64's error in the matrix products, none where every partial sum is exact
    if q is not None and np.max(mag, initial=0.0) <= 2.0**53 * q:
        return finish(s.data, s.center, s.center, mag, k, acc, q, prof, what)
    width = spread + (c1 + blas) * mag + k * c0
    terms_mag = mag if c1 == c0 == 0.0 else mag * (1 + c1) + k * c0
    return finish(s.data, s.center - width, s.center + width, terms_mag, k, acc, q, prof, what)
