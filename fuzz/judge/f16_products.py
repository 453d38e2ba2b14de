"""Sums of products rounded to f16: the data of a contraction that declares an f16 accumulator.

``rounded_product_sums(x, w)`` is ``sum_k round_f16(x[p, k] * w[k, f])`` for f16-valued float64 operands.
Each product of two f16 values is exact in f32 (22 significant bits, exponents from 2^-48 to 2^32), so
rounding the f32 product to f16 is the one rounding the semantics ask for; every f16 value is a multiple of
2^-24 below 2^16, so a float64 sum of up to 2^13 of them is exact in any order.

Three paths, one result (tests/test_reference_fast.py holds each to numpy's f16 conversion):

* the compiled kernel (``fuzz.judge.f16_kernel``), from ``KERNEL_TERMS`` products on where no product reaches
  f16's overflow and the sums are exact in every order: each product rounded and added in one pass, on every core;
* grid (``_round_to_f16_grid``), elsewhere below f16's overflow: the rounding in f32 integer arithmetic, then a
  float64 sum, in blocks;
* numpy's f16 conversion, for non-finite operands or products that may overflow (slower, same values, overflow
  to +-inf included).
"""
from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor

import numpy as np

NARROW_ACC = ("f16", "bf16")  # accumulators narrower than their products: each product is rounded first
THREADS = max(1, min(8, len(os.sched_getaffinity(0))))
CHUNK = 1 << 19  # products per block of the grid path: a few MiB of f32 scratch
KERNEL_TERMS = 1 << 20  # products from which the compiled kernel takes them (below, numba's import costs more)
F16_OVERFLOW = 65520.0  # the smallest magnitude that rounds to inf in f16 (round to nearest even)
_EXPONENT, _SIGN = np.int32(0x7F800000), np.int32(-(1 << 31))
_MIN_NORMAL_F16 = np.int32((127 - 14) << 23)  # 2^-14: below it f16's grid is that binade's, 2^-24
_SHIFT = np.int32(13 << 23)  # 2^13: f32's 24 significant bits less f16's 11


def _round_to_f16_grid(p: np.ndarray, m: np.ndarray) -> None:
    """Round finite f32 ``p`` (|p| < 65520) in place to the nearest f16 value, ties to even.

    M = sign(p) * 2^(max(e, -14) + 13) for p in [2^e, 2^(e+1)): p + M lies in M's binade, whose f32 spacing
    2^(max(e,-14) - 10) is f16's spacing at p, and M's last significand bit is 0, so round-to-nearest-even
    of the sum rounds p to f16's grid, ties to even; subtracting M again is exact.  ``m`` is int32 scratch."""
    bits = p.view(np.int32)
    np.bitwise_and(bits, _EXPONENT, out=m)
    np.maximum(m, _MIN_NORMAL_F16, out=m)
    np.add(m, _SHIFT, out=m)
    m |= bits & _SIGN
    big = m.view(np.float32)
    p += big
    p -= big


def _block(x32: np.ndarray, wt32: np.ndarray, fast: bool) -> np.ndarray:
    """(rows, F) float64 sums over k of the rounded products of x32 (rows, K) and wt32 (F, K)."""
    prod = x32[:, None, :] * wt32[None, :, :]
    if fast:
        _round_to_f16_grid(prod, np.empty(prod.shape, np.int32))
        return prod.sum(axis=2, dtype=np.float64)
    with np.errstate(over="ignore", invalid="ignore"):
        return prod.astype(np.float16).astype(np.float64).sum(axis=2)


def _bf16_block(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    """``sum_k round_bf16(x[p, k] * w[k, f])``: a product of two bf16 values (8 significant bits each) is exact
    in f32 (16 bits, exponents within f32's: bf16 has f32's range; a product beyond it overflows in both), so
    numpy's f32 product then ml_dtypes' conversion (nearest even) is the one rounding.  The float64 sum of the
    rounded products is exact while they span fewer than 2^45 binades apart, as the realistic inputs do."""
    import ml_dtypes

    out = np.empty((x.shape[0], w.shape[1]))
    rows = max(1, CHUNK // max(1, x.shape[1] * w.shape[1]))
    wt32 = np.ascontiguousarray(w.T.astype(np.float32))
    with np.errstate(over="ignore", invalid="ignore"):
        for s in range(0, x.shape[0], rows):
            prod = x[s:s + rows, None, :].astype(np.float32) * wt32[None]
            out[s:s + rows] = prod.astype(ml_dtypes.bfloat16).astype(np.float64).sum(axis=2)
    return out


def rounded_product_sums(x: np.ndarray, w: np.ndarray, dtype: str = "f16") -> np.ndarray:
    """``sum_k round_f16(x[p, k] * w[k, f])`` in float64, for float64 ``x`` (P, K) and ``w`` (K, F) holding
    f16 values; with ``dtype`` bf16, the same rounded to bf16 (``_bf16_block``)."""
    if dtype != "f16":
        return _bf16_block(x, w)
    if x.shape[1] == 0:  # an empty sum
        return np.zeros((x.shape[0], w.shape[1]))
    with np.errstate(invalid="ignore"):
        bound = float(np.max(np.abs(x), initial=0.0)) * float(np.max(np.abs(w), initial=0.0))
    fast = bool(np.isfinite(bound) and bound < F16_OVERFLOW)
    x32, wt32 = np.ascontiguousarray(x, np.float32), np.ascontiguousarray(w.T, np.float32)
    if fast and x.size * w.shape[1] >= KERNEL_TERMS:
        from fuzz.judge import f16_kernel  # numba: imported where it pays
        if f16_kernel.exact_sums(x.shape[1], bound):
            return f16_kernel.rounded_sums(x32, wt32, THREADS)
    return _grid_sums(x32, wt32, fast)


def _grid_sums(x32: np.ndarray, wt32: np.ndarray, fast: bool) -> np.ndarray:
    (p, k), f = x32.shape, wt32.shape[0]
    rows = max(1, CHUNK // max(1, k * f))
    out = np.empty((p, f))

    def fill(s: int) -> None:
        out[s:s + rows] = _block(x32[s:s + rows], wt32, fast)
    starts = range(0, p, rows)
    if len(starts) == 1:
        fill(0)
        return out
    with ThreadPoolExecutor(THREADS) as pool:  # numpy's loops release the GIL: blocks run on every core
        list(pool.map(fill, starts))
    return out
