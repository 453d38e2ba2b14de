"""Sums of products rounded to f16: the data of a contraction that declares an f16 accumulator.

``rounded_product_sums(x, w)`` is ``sum_k round_f16(x[p, k] * w[k, f])`` for f16-valued float64 operands.
Each product of two f16 values is exact in f32 (22 significant bits, exponents from 2^-48 to 2^32), so
rounding the f32 product to f16 is the one rounding the semantics ask for; every f16 value is a multiple of
2^-24 below 2^16, so a float64 sum of up to 2^13 of them is exact in any order.

Three paths, one result (tests/test_reference_fast.py holds each to numpy's f16 conversion):

* split (``_split_sums``), where no product reaches f16's overflow and the sums are small enough to snap: each
  product rounded to 11 significant bits by Veltkamp's splitting in f32 (``c = 8193 p``, ``c - (c - p)``: round
  to nearest even, checked on every 22-bit product significand), summed in float64; the products below f16's
  smallest normal (whose f16 grid is coarser than 11 bits) are found from the operands sorted by magnitude and
  corrected one by one; the float64 sum, within 2^-25 of the exact one, is snapped to the 2^-24 grid the exact
  sum lies on.  Five passes over the products, in blocks that stay in cache;
* grid (``_round_to_f16_grid``), where the sums are too large to snap or the small products too many: the
  rounding in f32 integer arithmetic, then an exact float64 sum;
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
SPLIT_CHUNK = 1 << 17  # products per block of the split path: two 512 KiB f32 arrays, few Python calls
TINY = 2.0 ** -14  # f16's smallest normal: below it f16's grid is 2^-24, coarser than 11 significant bits
TINY_CAP = 1 << 22  # small products the split path corrects one by one; beyond, the grid path
_SPLIT = np.float32(8193)  # 2^13 + 1: Veltkamp's constant for f32's 24 bits less f16's 11
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


def _veltkamp(p: np.ndarray, c: np.ndarray) -> np.ndarray:
    """``p`` (f32) rounded to 11 significant bits, to nearest even, into ``c``; ``p`` is overwritten."""
    np.multiply(p, _SPLIT, out=c)
    np.subtract(c, p, out=p)
    return np.subtract(c, p, out=c)


def _tiny_pairs(x32: np.ndarray, w32: np.ndarray):
    """(i, k, f) of every product ``0 < |x[i, k] w[k, f]| < 2^-14`` (a few more near the edge: their correction is
    0), found per k from w's magnitudes sorted; None when there are more than ``TINY_CAP``."""
    aw = np.abs(w32).astype(np.float64)
    order = np.argsort(aw, axis=1, kind="stable")
    sw = np.take_along_axis(aw, order, axis=1)
    start = np.count_nonzero(sw == 0, axis=1)  # a zero weight's products are 0, rounded exactly
    ax = np.abs(x32).astype(np.float64)
    with np.errstate(divide="ignore"):
        limit = TINY * (1 + 2.0 ** -40) / ax  # generous: a product at the edge is corrected by 0
    stop = np.stack([np.searchsorted(sw[k], limit[:, k]) for k in range(sw.shape[0])], axis=1)
    count = np.where(ax > 0, np.maximum(stop - start, 0), 0)
    total = int(count.sum())
    if total > TINY_CAP:
        return None
    i, k = np.nonzero(count)
    n = count[i, k]
    first = np.repeat(np.cumsum(n) - n, n)
    i, k = np.repeat(i, n), np.repeat(k, n)
    return i, k, order[k, start[k] + np.arange(total) - first]


def _split_blocks(x32, wt32, out, blocks, rows: int, cols: int) -> None:
    """Fill ``out`` over ``blocks`` ((row, column) starts) through one scratch pair: no allocation per block."""
    k = x32.shape[1]
    p, c = np.empty((rows, cols, k), np.float32), np.empty((rows, cols, k), np.float32)
    for s, t in blocks:
        r, n = min(rows, x32.shape[0] - s), min(cols, wt32.shape[0] - t)
        pb, cb = p[:r, :n], c[:r, :n]
        np.multiply(x32[s:s + r, None, :], wt32[None, t:t + n, :], out=pb)
        np.sum(_veltkamp(pb, cb), axis=2, dtype=np.float64, out=out[s:s + r, t:t + n])


def _split_sums(x32: np.ndarray, wt32: np.ndarray, tiny) -> np.ndarray:
    """The split path (module docstring); ``tiny`` is ``_tiny_pairs``'s answer."""
    (p, k), f = x32.shape, wt32.shape[0]
    cols = max(1, min(f, SPLIT_CHUNK // max(1, k)))
    rows = max(1, SPLIT_CHUNK // max(1, k * cols))
    out = np.empty((p, f))
    blocks = [(s, t) for s in range(0, p, rows) for t in range(0, f, cols)]
    with ThreadPoolExecutor(THREADS) as pool:  # numpy's loops release the GIL: blocks run on every core
        list(pool.map(lambda part: _split_blocks(x32, wt32, out, part, rows, cols), _parts(blocks)))
    i, kk, j = tiny
    prod = x32[i, kk] * wt32[j, kk]
    fix = prod.astype(np.float16).astype(np.float64) - _veltkamp(prod.copy(), np.empty_like(prod)).astype(np.float64)
    # each correction is a multiple of 2^-58 below 2^-24: their float64 sums are exact
    out += np.bincount(i * f + j, fix, minlength=p * f).reshape(p, f)
    return np.round(out * 2.0 ** 24) * 2.0 ** -24  # within 2^-25 of the exact sum, a multiple of 2^-24


def _parts(blocks: list) -> list:
    """``blocks`` cut into a few runs per thread (each thread reuses its scratch over a run)."""
    n = max(1, len(blocks) // (4 * THREADS))
    return [blocks[i:i + n] for i in range(0, len(blocks), n)]


def _snaps(x: np.ndarray, w: np.ndarray) -> bool:
    """Whether the split path's float64 sums land within 2^-25 of the exact ones: pairwise or not, a sum of K
    terms and one more addition err by at most (K + 1) 2^-53 of the sum of magnitudes, here at most
    (1 + 2^-11) max_i sum_k |x[i, k]| max |w| (products rounded up by at most half an ulp)."""
    mag = float(np.max(np.abs(x).sum(axis=1), initial=0.0)) * float(np.max(np.abs(w), initial=0.0))
    return (x.shape[1] + 1) * 2.0 ** -53 * mag * (1 + 2.0 ** -11) < 2.0 ** -26


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
    x32, wt32 = x.astype(np.float32), np.ascontiguousarray(w.T.astype(np.float32))
    tiny = _tiny_pairs(x32, wt32.T) if fast and _snaps(x, w) else None
    if tiny is not None:
        return _split_sums(x32, wt32, tiny)
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
