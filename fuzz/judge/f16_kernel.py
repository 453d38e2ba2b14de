"""Sums of products rounded to f16 by one compiled pass (numba): the real-size path of ``fuzz.judge.f16_products``.

``rounded_sums(x32, wt32)`` is ``sum_k round_f16(x32[i, k] * wt32[j, k])`` in float64, for f32 operands that hold
f16 values, where the caller (``f16_products.rounded_product_sums``) has checked that no product reaches f16's
overflow and that the sums are exact (``exact_sums``).  Why every step is exact:

* a product of two f16 values (11 significant bits each, exponents from -24 to 15) has at most 22 significant
  bits and an exponent from -48 to 31: it is exact in f32;
* rounding it to f16, to nearest with ties to even, is one of two f32 formulas: where ``|p| >= 2^-14`` (f16's
  normals), Veltkamp's splitting ``c = 8193 p; c - (c - p)`` rounds to 11 significant bits (to nearest even on
  every 22-bit significand: tests/test_reference_fast.py sweeps them all; ``8193 p`` stays finite below 65520);
  below, ``(p + 0.75) - 0.75`` rounds to f16's subnormal grid 2^-24, the f32 spacing of the binade [0.5, 1) that
  ``0.75 + p`` stays in (0.75 is an even multiple of 2^-24: ties go to even);
* every rounded product is a multiple of 2^-24 below 2^16 in magnitude: where the sum of their magnitudes stays
  within 2^29 (``exact_sums``), every partial sum in every order is a multiple of 2^-24 below 2^29, exact in
  float64's 53 bits.  So the sum may be taken in any order: its addition alone carries LLVM's ``reassoc`` flag
  (which lets LLVM vectorize the reduction), while the product and its rounding are compiled in a function of
  their own without fast-math flags, so that nothing reassociates ``c - (c - p)``.

Rows (or columns, for fewer rows) are split over the cores: the kernel releases the GIL.  The kernel is compiled
for the machine's CPU on its first use and kept in numba's cache (``__pycache__`` beside this file): a fresh
checkout pays the compile (well under a second of CPU) once, every process numba's import and the cache's load.
"""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import numpy as np
from numba import njit

_SPLIT = np.float32(8193.0)  # 2^13 + 1: Veltkamp's constant for f32's 24 significant bits less f16's 11
_TINY = np.float32(2.0**-14)  # f16's smallest normal
_GRID = np.float32(0.75)  # in [0.5, 1), whose f32 spacing is f16's subnormal grid 2^-24
_SUM_LIMIT = 2.0**29  # 2^53 multiples of 2^-24: every partial sum below it is exact in float64
_F16_MAX = 65504.0


@njit("float32(float32, float32)", nogil=True, cache=True)
def rounded_product(x, w):
    """``round_f16(x * w)`` for f16 values ``x``, ``w`` whose product is below 65520 in magnitude (module
    docstring; a negative product that rounds to zero gives +0, which no sum tells apart: sums start from +0, as a
    compiled accumulator does); compiled without fast-math flags."""
    p = x * w
    c = p * _SPLIT
    normal = c - (c - p)
    tiny = (p + _GRID) - _GRID
    return tiny if abs(p) < _TINY else normal


@njit("void(float32[:, ::1], float32[:, ::1], float64[:, ::1], int64, int64, int64, int64)", nogil=True, cache=True,
      boundscheck=False, fastmath={"reassoc"})
def _fill(x, wt, out, r0, r1, c0, c1):
    """``out[i, j]`` for rows ``r0:r1`` and columns ``c0:c1``: the sum over k, in any order (exact)."""
    k = x.shape[1]
    for i in range(r0, r1):
        for j in range(c0, c1):
            acc = 0.0
            for t in range(k):
                acc += rounded_product(x[i, t], wt[j, t])
            out[i, j] = acc


def exact_sums(k: int, bound: float) -> bool:
    """Whether sums of ``k`` rounded products, each of magnitude at most ``bound`` before rounding (below f16's
    overflow), are exact in every order: rounding moves a product by at most 2^-11 of it, or 2^-25 below f16's
    normals, and never beyond 65504."""
    return k * min(bound * (1 + 2.0**-10) + 2.0**-24, _F16_MAX) <= _SUM_LIMIT


def rounded_sums(x32: np.ndarray, wt32: np.ndarray, threads: int = 1) -> np.ndarray:
    """(P, F) float64 ``sum_k round_f16(x32[i, k] * wt32[j, k])`` for contiguous f32 ``x32`` (P, K) and ``wt32``
    (F, K), under the conditions of the module docstring, on ``threads`` threads."""
    (p, _), f = x32.shape, wt32.shape[0]
    out = np.empty((p, f))
    n = max(p, f)
    cuts = np.linspace(0, n, min(n, 4 * threads) + 1).astype(int)  # a few parts per core: a busy core lags less
    spans = [(cuts[s], cuts[s + 1]) for s in range(len(cuts) - 1)]
    parts = [(a, b, 0, f) if p >= f else (0, p, a, b) for a, b in spans]
    with ThreadPoolExecutor(threads) as pool:
        list(pool.map(lambda part: _fill(x32, wt32, out, *part), parts))
    return out
