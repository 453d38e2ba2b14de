"""Array forms of the warp-collective instructions (``ops_warp``), run over every warp standing at one of them at
once (``vector.Batch._collectives``: each warp's live lanes are all there, lanes sorted).

* ``shfl.sync``: the ISA's source-lane arithmetic over all lanes; a source outside the member mask or not running
  reads all ones (0 where the memory stands in for the H200's) and is noted (``state.SHUFFLE``).
* ``activemask``: the warp's live lanes.
* ``mma.sync.m16n8k16`` (f16 A/B with f16 or f32 C/D, bf16 A/B with f32 C/D): fragments gathered per warp; an element's 16 products and C are
  summed in binary64 with error-free sums, and where that sum is exact (almost always: the products of 16-bit values
  are exact) it is rounded as ``ops_warp`` rounds the exact sum (to nearest for f16, toward zero for f32); any other
  element (an inexact or non-finite sum) is computed by ``ops_warp``'s own scalar functions from the same terms.
  ``ops_warp.MMA_LOG``/``SWAP_ACC`` (the finding's evidence and ablation) run ``ops_warp`` itself, lane by lane.
"""
from __future__ import annotations

import math

import numpy as np

from frontends.devices.ptx import ops_warp, scalar
from frontends.devices.ptx.decode import Reg
from frontends.devices.ptx.errors import BarrierFault
from frontends.devices.ptx.state import SHUFFLE
from frontends.devices.ptx.values import F16, encode
from frontends.devices.ptx.vops_float import enc

U64 = np.uint64


def collective(ins):
    run = ins.cache.get("vector")
    if run is None:
        run = ins.cache["vector"] = {"shfl": build_shfl, "activemask": build_activemask, "mma": build_mma}[ins.op](ins)
    return run


def build_activemask(ins):
    (d,) = ins.args

    def run(vm, lanes):
        warp = vm.block_in_batch[lanes] * 64 + vm.flat[lanes] // 32
        bits = (np.ones(len(lanes), np.int64) << (vm.flat[lanes] % 32)).astype(U64)
        acc = {}
        for w, b in zip(warp.tolist(), bits.tolist()):
            acc[w] = acc.get(w, 0) | b
        vm.put(d, np.array([acc[w] for w in warp.tolist()], U64), 32, lanes)
    return run


def build_shfl(ins):
    d, a, b, c, member = ins.args
    pair = getattr(d, "name", "").split("|")
    d, p = (Reg(pair[0]), Reg(pair[1])) if len(pair) == 2 else (d, None)
    mode = ins.mods[1]

    def run(vm, lanes):
        n = len(lanes)
        values = np.zeros(vm.n, U64)
        values[lanes] = vm.val(a, 32, lanes)
        mask, bv, cv = (np.broadcast_to(vm.val(o, 32, lanes), (n,)).astype(np.int64) for o in (member, b, c))
        lane = vm.flat[lanes] % 32
        j, ok = source(mode, lane, bv, cv)
        if not ((mask >> lane) & 1).all():
            k = int(np.argmin((mask >> lane) & 1))
            raise ops_warp.WarpFault(f"{ins.text}: lane {lane[k]} runs it outside its own member mask")
        within = vm.flat[lanes] - lane + j
        src = np.minimum(lanes - vm.flat[lanes] + within, vm.n - 1)
        good = ((mask >> j) & 1).astype(bool) & (within < vm.nt) & vm.live[src]
        out = np.where(good, values[src], U64(0 if vm.g.outside == "zero" else 0xFFFFFFFF))
        if not good.all():
            bad, js = lanes[~good], j[~good]
            vm.note(SHUFFLE, bad, lambda i: f"{vm.place(bad[i])}: lane {vm.flat[bad[i]] % 32} reads lane {js[i]}")
        vm.put(d, out, 32, lanes)
        if p is not None:
            vm.put(p, ok.astype(U64), 1, lanes)
    return run


def source(mode: str, lane, b, c):
    """``ops_warp.shfl_source`` over arrays (int64)."""
    bval, cval, mask = b & 0x1F, c & 0x1F, (c >> 8) & 0x1F
    max_lane = (lane & mask) | (cval & ~mask)
    if mode == "up":
        j = lane - bval
        ok = j >= max_lane
    elif mode == "down":
        j = lane + bval
        ok = j <= max_lane
    elif mode == "bfly":
        j = lane ^ bval
        ok = j <= max_lane
    else:
        j = (lane & mask) | (bval & ~mask)
        ok = j <= max_lane
    return np.where(ok, j, lane), ok


# Fragment layouts (PTX ISA, "Matrix Fragments for mma.m16n8k16"): per lane and element, (row, column).
_LANE = np.arange(32)
_G, _T = _LANE >> 2, _LANE % 4
_I8, _I4 = np.arange(8), np.arange(4)
A_RC = (_G[:, None] + 8 * ((_I8 >> 1) & 1), _T[:, None] * 2 + (_I8 & 1) + 8 * (_I8 >> 2))
B_RC = (_T[:, None] * 2 + (_I4 & 1) + 8 * (_I4 >> 1), np.broadcast_to(_G[:, None], (32, 4)))
C_RC = (_G[:, None] + 8 * (_I4 >> 1), _T[:, None] * 2 + (_I4 & 1))


def _order(where, shape) -> np.ndarray:
    """Where ``where`` (per lane and element, (row, column) of a ``shape`` matrix) puts each element, as the
    lane-major element to take for each matrix element in row-major order (a permutation: every element once)."""
    flat = (np.asarray(where[0]) * shape[1] + np.asarray(where[1])).ravel()
    if sorted(flat.tolist()) != list(range(shape[0] * shape[1])):
        raise ValueError("a fragment layout that does not place every matrix element once")
    return np.argsort(flat)


def _lane_bits(vm, regs, sel, n: int, half: bool) -> np.ndarray:
    """(lanes, elements): each lane's registers' values, as 16-bit halves (low first: the uint32 bits' own little-
    endian halves) or 32-bit values."""
    bits = np.empty((n, len(regs)), np.uint32)
    for i, r in enumerate(regs):
        bits[:, i] = vm.val(r, 32, sel)  # 32 bits: the registers' width, or masked to it
    return bits.view(np.uint16) if half else bits


def _fragment(vm, regs, sel, w: int, shape, order, half: bool) -> np.ndarray:
    """The registers' values (16-bit halves, low first, or 32-bit) placed as ``order`` (``_order``) says in a
    (warps,) + ``shape`` matrix of bits (``sel``: the lanes, whole warps in order)."""
    return _lane_bits(vm, regs, sel, 32 * w, half).reshape(w, -1).take(order, axis=1).reshape((w,) + shape)


def _unplace(matrix: np.ndarray, where, per: int) -> np.ndarray:
    """The inverse of ``_fragment``'s placing: (lanes, ``per``) elements of a (warps, rows, columns) matrix."""
    flat = (np.asarray(where[0]) * matrix.shape[2] + np.asarray(where[1])).ravel()
    return matrix.reshape(len(matrix), -1).take(flat, axis=1).reshape(-1, per)


def whole_warps(vm, lanes) -> bool:
    """Whether ``lanes`` (sorted) are whole warps, lanes 0 to 31 of each in order."""
    if len(lanes) == vm.n and vm.nt % 32 == 0:  # every lane of the batch, blocks of whole warps
        return True
    return not (len(lanes) % 32 or (vm.flat[lanes].reshape(-1, 32) % 32 != _LANE).any())


A_ORDER, B_ORDER, C_ORDER = _order(A_RC, (16, 16)), _order(B_RC, (16, 8)), _order(C_RC, (16, 8))


def _grains(bits: np.ndarray, precision: int, exp_bits: int) -> np.ndarray:
    """Per value (its bits), the exponent of a power of two it is a multiple of (large for zeros)."""
    e = (bits >> (precision - 1)).astype(np.int64) & ((1 << exp_bits) - 1)
    bias = (1 << (exp_bits - 1)) - 1
    g = np.where(e == 0, 2 - bias - precision, e - bias - precision + 1)
    return np.where((bits & ((1 << (precision - 1 + exp_bits)) - 1)) == 0, 1 << 20, g)


HALF = {"f16": (11, 5), "bf16": (8, 8)}  # significand and exponent bits of the 16-bit input types


def _least_grain(bits: np.ndarray, axis: int, ty: str) -> np.ndarray:
    """``_grains`` of 16-bit values, least along ``axis``: the grain of the least nonzero magnitude there."""
    mag = bits & np.uint16(0x7FFF)
    return _grains(np.where(mag == 0, np.uint16(0x7FFF), mag).min(axis), *HALF[ty])


_F16_TO_F64 = np.arange(1 << 16, dtype=np.uint16).view(np.float16).astype(np.float64)  # numpy's own conversion


def _half_values(bits: np.ndarray, ty: str) -> np.ndarray:
    if ty == "f16":
        return _F16_TO_F64[bits]  # each pattern's value as ``astype`` gives it, read from a table (one pass)
    return (bits.astype(np.uint32) << np.uint32(16)).view(np.float32).astype(np.float64)


def build_mma(ins):
    dt, at, ct = ins.mods[5], ins.mods[6], ins.mods[8]
    d, a, b, c = (x.items for x in ins.args)

    def run(vm, lanes):
        if ops_warp.MMA_LOG is not None or ops_warp.SWAP_ACC:
            return _scalar(ins, vm, lanes)
        if not whole_warps(vm, lanes):
            raise BarrierFault(f"{ins.text}: a warp with fewer than 32 lanes at mma.sync")
        w, sel = len(lanes) // 32, slice(None) if len(lanes) == vm.n else lanes
        a16 = _fragment(vm, a, sel, w, (16, 16), A_ORDER, True)
        b16 = _fragment(vm, b, sel, w, (16, 8), B_ORDER, True)
        cb = _fragment(vm, c, sel, w, (16, 8), C_ORDER, ct == "f16")
        bits = _unplace(mma_bits(a16, b16, cb, at, ct, dt), C_RC, 4)
        if dt == "f16":
            vm.put(d[0], bits[:, 0] | (bits[:, 1] << U64(16)), 32, sel)
            vm.put(d[1], bits[:, 2] | (bits[:, 3] << U64(16)), 32, sel)
        else:
            for i in range(4):
                vm.put(d[i], bits[:, i], 32, sel)
    return run


def mma_bits(a16, b16, cb, at: str, ct: str, dt: str) -> np.ndarray:
    """D = A x B + C per warp (``a16``/``b16``: 16-bit patterns of type ``at``; ``cb``: C's bits, f16 or f32), each
    element's exact sum rounded as ``ops_warp`` rounds it; uint64 bits."""
    cfmt = (11, 5) if ct == "f16" else (24, 8)
    fast = _single(a16, b16, cb, ct, dt) if at == "f16" else None
    if fast is not None:
        return fast
    A, B = _half_values(a16, at), _half_values(b16, at)
    C = cb.view(np.float16 if ct == "f16" else np.float32).astype(np.float64)

    def grain(sel) -> np.ndarray:
        return np.minimum(_least_grain(a16[sel], 2, at)[:, :, None] + _least_grain(b16[sel], 1, at)[:, None, :],
                          _grains(cb[sel], *cfmt))

    floor = np.minimum(_warp_grain(a16, *HALF[at]) + _warp_grain(b16, *HALF[at]), _warp_grain(cb, *cfmt))
    return _round(A, B, C, *_exact_sum(A, B, C, floor, grain), dt)


def _warp_grain(bits: np.ndarray, precision: int, exp_bits: int) -> np.ndarray:
    """Per warp (first axis), a grain no element's ``_grains`` (or row's or column's ``_least_grain``) is below:
    the grain of its least nonzero magnitude (grains grow with the magnitude), all-ones' where every one is zero."""
    top = bits.dtype.type((1 << (precision - 1 + exp_bits)) - 1)
    mag = (bits & top).reshape(len(bits), -1)
    return _grains(np.where(mag == 0, top, mag).min(1), precision, exp_bits)


_F16_TO_F32 = np.arange(1 << 16, dtype=np.uint16).view(np.float16).astype(np.float32)  # exact: f32 holds every f16


def _fine_grains(bits: np.ndarray) -> np.ndarray:
    """Per f16 or f32 pattern, the exponent of the largest power of two it is a multiple of (its unit in the last
    place times its significand's trailing zeros; 1 << 20 for zeros; meaningless for infinities and NaNs)."""
    wide = bits.dtype == np.uint32
    man, exp_bits = (23, 8) if wide else (10, 5)
    b = bits.astype(np.int64)
    e = (b >> man) & ((1 << exp_bits) - 1)
    sig = (b & ((1 << man) - 1)) | np.where(e > 0, 1 << man, 0)
    lowest = np.frexp((sig & -sig).astype(np.float64))[1] - 1  # the trailing zeros (powers of two convert exactly)
    return np.where(sig == 0, 1 << 20, np.maximum(e, 1) - ((1 << (exp_bits - 1)) - 1) - man + lowest)


_F16_GRAIN = _fine_grains(np.arange(1 << 16, dtype=np.uint16)).astype(np.int32)


def _largest(bits: np.ndarray) -> np.ndarray:
    """Per warp, the value of its largest magnitude as binary64 (magnitudes order as their bits do; a NaN's bits
    are above infinity's, so a warp holding one gives NaN)."""
    if bits.dtype == np.uint16:
        return _F16_TO_F64[(bits & np.uint16(0x7FFF)).reshape(len(bits), -1).max(1)]
    mag = (bits & np.uint32(0x7FFFFFFF)).reshape(len(bits), -1).max(1)
    return mag.view(np.float32).astype(np.float64)


def _single(a16, b16, cb, ct: str, dt: str) -> np.ndarray | None:
    """``mma_bits`` of f16 A and B in binary32, where every warp passes ``_exact_sum``'s coarse bound with binary32's
    2^24 for binary64's 2^53 and exact grains (``_fine_grains``) for ``_grains``: then every partial sum, a
    multiple of 2^floor below 2^(24 + floor) and far below binary32's overflow, is exact in binary32 in any order,
    so the sum is the exact sum, which rounding toward zero to f32 leaves as it is and rounding to f16 rounds once.
    Else None (the binary64 path)."""
    w = len(a16)
    grain = [_F16_GRAIN.take(x).reshape(w, -1).min(1) for x in (a16, b16)]
    c_grain = (_F16_GRAIN.take(cb) if ct == "f16" else _fine_grains(cb)).reshape(w, -1).min(1)
    floor = np.minimum(grain[0] + grain[1], c_grain)
    with np.errstate(invalid="ignore", over="ignore"):
        top = a16.shape[2] * _largest(a16) * _largest(b16) + _largest(cb)
        ok = (top * (1 + 2.0 ** -40) < np.ldexp(1.0, np.clip(floor + 24, -1000, 1000))) & (top < 2.0 ** 100)
    if not ok.all():  # a NaN or infinity fails too
        return None
    s = np.matmul(_F16_TO_F32.take(a16), _F16_TO_F32.take(b16))
    s += _F16_TO_F32.take(cb) if ct == "f16" else cb.view(np.float32)
    s += np.float32(0)  # math.fsum gives +0 for a zero sum (-0 + +0 is +0; every other value is itself)
    if dt == "f16":
        return s.astype(np.float16).view(np.uint16).astype(U64)
    return s.view(np.uint32).astype(U64)


def _round(A, B, C, s, exact, dt: str) -> np.ndarray:
    """The sums ``s`` (exact where ``exact``) rounded as ``ops_warp`` rounds the exact sum (uint64 bits); the others
    summed by its scalar functions from A, B and C."""
    s = s + 0.0  # math.fsum gives +0 for a zero sum (-0 + +0 is +0; every other value is itself)
    if dt == "f16":
        bits = enc(s, F16)
    else:
        with np.errstate(over="ignore"):
            r = s.astype(np.float32)  # to nearest; toward zero where that rounded away from zero
            away = np.flatnonzero(np.abs(r.astype(np.float64)) > np.abs(s))
            r.flat[away] = np.nextafter(r.flat[away], np.float32(0))
        bits = r.view(np.uint32).astype(U64)
    for w, row, col in zip(*np.nonzero(~exact)):
        xs = [float(A[w, row, k] * B[w, k, col]) for k in range(16)] + [float(C[w, row, col])]
        bits[w, row, col] = encode(math.fsum(xs), F16) if dt == "f16" else ops_warp.truncated_sum(xs)
    return bits


def _exact_sum(A, B, C, floor, grain):
    """(A x B + C in binary64, where that is the exact sum).  Every product A[r,k] B[k,c] is a multiple of
    2^(gA[r] + gB[c]) (the least grains of A's row and B's column) and C[r,c] of 2^gC[r,c] (``grain(warps)`` holds
    the least of those), so where the absolute sum (bounded through |A| x |B|) is below 2^53 times that, every
    partial sum is exact in binary64, in any order and with or without FMA; elsewhere an element is summed alone with
    error-free sums (TwoSum), and where that is not exact either, ``_round`` calls the scalar functions.
    A warp passes whole where a coarser bound holds: K max|A| max|B| + max|C| (no less than any element's absolute
    sum as binary64 computes it: every product is exact, K of the largest sum exactly, and rounding is monotone)
    below 2^53 times ``floor`` (no more than any element's grain); only the other warps are bounded element by
    element."""
    with np.errstate(invalid="ignore", over="ignore"):
        s = A @ B + C
    whole = _whole_warps(A, B, C, floor)
    exact = np.broadcast_to(whole[:, None, None], s.shape).copy()
    rest = np.flatnonzero(~whole)
    if len(rest):
        s[rest], exact[rest] = _exact_elements(A[rest], B[rest], C[rest], s[rest], grain(rest))
    return s, exact


def _whole_warps(A, B, C, floor) -> np.ndarray:
    """The warps whose every element's sum is exact by the coarse bound (see ``_exact_sum``)."""
    with np.errstate(invalid="ignore", over="ignore"):
        top = A.shape[2] * np.abs(A).max((1, 2)) * np.abs(B).max((1, 2)) + np.abs(C).max((1, 2))
        return np.isfinite(top) & (top * (1 + 2.0 ** -40) < _limit(floor))


def _limit(grain) -> np.ndarray:
    return np.ldexp(1.0, np.clip(grain + 53, -1000, 1000))


def _exact_elements(A, B, C, s, grain):
    """``_exact_sum`` element by element (``s``: A x B + C)."""
    exact, finite = _bounded(A, B, C, grain)
    w, row, col = np.nonzero(~exact & finite)
    if len(w):
        terms = np.concatenate((A[w, row, :] * B[w, :, col], C[w, row, col][:, None]), axis=1)
        s[w, row, col], exact[w, row, col] = _two_sum(terms)
    return s, exact


def _bounded(A, B, C, grain) -> tuple[np.ndarray, np.ndarray]:
    """(the elements whose sum is exact by their own bound, the elements whose bound is finite)."""
    with np.errstate(invalid="ignore", over="ignore"):
        bound = (np.abs(A) @ np.abs(B) + np.abs(C)) * (1 + 2.0 ** -40)
        finite = np.isfinite(bound)
        return finite & (bound < _limit(grain)), finite


def _two_sum(terms: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per row of ``terms``, the sequential binary64 sum of its columns and whether every step was exact (TwoSum's
    error 0), every row at once."""
    s, exact = np.zeros(len(terms)), np.ones(len(terms), bool)
    for t in terms.T:
        n = s + t
        bt = n - s
        exact &= (s - (n - bt)) + (t - bt) == 0
        s = n
    return s, exact


def _scalar(ins, vm, lanes) -> None:
    """``ops_warp``'s own mma, warp by warp (the evidence log and the ablation live there)."""
    m = scalar.Lanes(vm)
    for warp in np.split(lanes, np.flatnonzero(np.diff(vm.flat[lanes] // 32 + 64 * vm.block_in_batch[lanes])) + 1):
        m.ctaid = vm.ctaid(int(warp[0]))
        threads = [scalar.LaneThread(vm, int(x)) for x in warp]
        if len(threads) != 32:
            raise BarrierFault(f"{ins.text}: {len(threads)} lanes of 32 at mma.sync")
        ins.cache["collective"](m, threads)
