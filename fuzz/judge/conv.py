"""Convolutions as contractions: im2col blocks multiplied by BLAS, one pass shared by every profile.

``conv_sums`` gives what a conv's result needs before any numerics profile is applied: per output element the
float64 (int64) sum of the products' values (each product rounded to f16 first where the case declares an f16
accumulator), the sums of the products' lower and upper bounds, the sum of their magnitudes and, when both
operands are exactly known, the quantum of the terms.  ``conv_value`` finishes them under one profile
(``fuzz.judge.sums.finish``: only ``ftz`` is read), so a case's every-profile pass multiplies once.

Zero points are subtracted exactly (padding holds the image zero point, so a padded tap contributes nothing).
Operands whose bounds are degenerate (lo == hi) contract by matrix products: integer operands in float64,
exact because every partial sum is bounded by the magnitude, which is checked below 2^53 first (beyond it,
or beyond the accumulator's range, the accumulation is undefined); float products of f16 values are exact in
float64, their sums carry float64's summation error, which ``float_sum``'s bound already covers.  Operands with
intervals take the exact interval path: each term's bounds are the extremes of its four corner products, as
``fuzz.judge.scalar`` defines a product's interval, summed in blocks of bounded size.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from fuzz.case.workload import FLOAT_DTYPES, Conv2d
from fuzz.judge import init as accumulate
from fuzz.judge.f16_products import NARROW_ACC, rounded_product_sums
from fuzz.judge.profiles import STRICT, Profile
from fuzz.judge.sums import check_int_magnitude, finish, quantum
from fuzz.judge.value import Value

BLOCK = 1 << 21  # im2col elements (or corner products) per block: bounds memory on any shape
EXACT_IN_FLOAT64 = 2.0**53


@dataclass(frozen=True)
class ConvSums:
    """A conv's profile-free sums, NHWC: value, bounds and magnitude per output element."""
    data: np.ndarray
    lo: np.ndarray
    hi: np.ndarray
    mag: np.ndarray
    terms: int
    exact_q: float | None


@dataclass(frozen=True)
class _Geometry:
    n: int
    oh: int
    ow: int
    kh: int
    kw: int
    g: int
    cpg: int
    fpg: int

    @property
    def k(self) -> int:
        return self.kh * self.kw * self.cpg


def _nhwc(op: Conv2d, x: np.ndarray, image: bool) -> np.ndarray:
    if op.nhwc:
        return x
    return x.transpose((0, 2, 3, 1) if image else (2, 3, 1, 0))  # NCHW -> NHWC, FCHW -> HWCF


def _geometry(op: Conv2d, xp: np.ndarray, w: np.ndarray) -> _Geometry:
    kh, kw, cpg, f = w.shape
    (sh, sw), (dh, dw) = op.stride, op.dilation
    oh = (xp.shape[1] - dh * (kh - 1) - 1) // sh + 1
    ow = (xp.shape[2] - dw * (kw - 1) - 1) // sw + 1
    return _Geometry(xp.shape[0], oh, ow, kh, kw, op.groups, cpg, f // op.groups)


def _padded(op: Conv2d, x: np.ndarray, zx) -> np.ndarray:
    pt, pb, pl, pr = op.padding
    return np.pad(_nhwc(op, x, True), ((0, 0), (pt, pb), (pl, pr), (0, 0)), constant_values=zx) - zx


def _windows(op: Conv2d, xp: np.ndarray, geo: _Geometry) -> np.ndarray:
    """A strided view (n, oh, ow, kh, kw, g, cpg) of the padded image: every output's taps."""
    (sh, sw), (dh, dw) = op.stride, op.dilation
    s0, s1, s2, s3 = xp.strides
    view = np.lib.stride_tricks.as_strided(
        xp, (geo.n, geo.oh, geo.ow, geo.kh, geo.kw, geo.g, geo.cpg),
        (s0, s1 * sh, s2 * sw, s1 * dh, s2 * dw, s3 * geo.cpg, s3), writeable=False)
    return view


def _blocks(geo: _Geometry):
    """(image, rows, columns) blocks of outputs, each of about BLOCK im2col elements (one output at least)."""
    per_output = max(1, geo.k * geo.g)
    rows = BLOCK // (geo.ow * per_output)
    for b in range(geo.n):
        if rows:
            for r in range(0, geo.oh, rows):
                yield b, slice(r, min(geo.oh, r + rows)), slice(0, geo.ow)
            continue
        cols = max(1, BLOCK // per_output)  # one output row is already too many: split it
        for r in range(geo.oh):
            for c in range(0, geo.ow, cols):
                yield b, slice(r, r + 1), slice(c, min(geo.ow, c + cols))


def _im2col(win: np.ndarray, b: int, rows: slice, cols: slice, geo: _Geometry) -> np.ndarray:
    """(g, P, K) patches of one block of outputs of image b, K ordered (ky, kx, c) like the filter."""
    block = win[b, rows, cols].transpose(4, 0, 1, 2, 3, 5)  # (g, rows, cols, kh, kw, cpg)
    return block.reshape(geo.g, -1, geo.k)


def _filters(w: np.ndarray, geo: _Geometry) -> np.ndarray:
    """(g, K, fpg) filter matrices."""
    return w.reshape(geo.kh, geo.kw, geo.cpg, geo.g, geo.fpg).transpose(3, 0, 1, 2, 4).reshape(geo.g, geo.k, geo.fpg)


def _to_rows(a: np.ndarray) -> np.ndarray:
    """(g, P, fpg) -> (P, g * fpg): filter index g * fpg + j, as the filter's layout numbers them."""
    return a.transpose(1, 0, 2).reshape(a.shape[1], -1)


class _Out:
    """NHWC accumulators filled block by block."""

    def __init__(self, geo: _Geometry, names: tuple[str, ...], dtype):
        shape = (geo.n, geo.oh, geo.ow, geo.g * geo.fpg)
        self.arrays = {k: np.empty(shape, dtype if k != "mag" else np.float64) for k in names}

    def put(self, name: str, b: int, rows: slice, cols: slice, values: np.ndarray) -> None:
        a = self.arrays[name]
        a[b, rows, cols] = values.reshape(rows.stop - rows.start, cols.stop - cols.start, a.shape[3])


def _exact_sums(op: Conv2d, xp: dict, w: dict, geo: _Geometry) -> dict:
    """Degenerate bounds: value, bound and magnitude sums by matrix products (batched over groups)."""
    f16 = op.acc in NARROW_ACC
    keys = ("data",) if xp["lo"] is xp["data"] and w["lo"] is w["data"] else ("data", "lo")
    win = {k: _windows(op, xp[k].astype(np.float64, copy=False), geo) for k in keys}
    mats = {k: _filters(w[k].astype(np.float64, copy=False), geo) for k in keys}
    out = _Out(geo, ("data", "mag") + (("lo",) if f16 or len(keys) == 2 else ()), np.float64)
    for b, rows, cols in _blocks(geo):
        pat = {k: _im2col(v, b, rows, cols, geo) for k, v in win.items()}
        pat.setdefault("lo", pat["data"])
        mats.setdefault("lo", mats["data"])
        out.put("mag", b, rows, cols, _to_rows(np.abs(pat["lo"]) @ np.abs(mats["lo"])))
        if f16:
            data = np.stack([rounded_product_sums(c, m, op.acc) for c, m in zip(pat["data"], mats["data"])])
        else:
            data = pat["data"] @ mats["data"]
        out.put("data", b, rows, cols, _to_rows(data))
        if "lo" in out.arrays:
            out.put("lo", b, rows, cols, _to_rows(pat["lo"] @ mats["lo"]))
    sums = out.arrays
    sums.setdefault("lo", sums["data"])
    return {"data": sums["data"], "lo": sums["lo"], "hi": sums["lo"], "mag": sums["mag"]}


def _corner_block(xs: dict, ws: dict, acc: str) -> dict:
    """Sums over K of one block's terms: (P, K) patches against (K, F) filters, each term's four corners."""
    with np.errstate(over="ignore", invalid="ignore"):
        corners = [xs[a][:, :, None] * ws[b][None] for a in ("lo", "hi") for b in ("lo", "hi")]
        lo, hi = np.minimum.reduce(corners), np.maximum.reduce(corners)
        data = rounded_product_sums(xs["data"], ws["data"], acc) if acc in NARROW_ACC else \
            (xs["data"][:, :, None] * ws["data"][None]).sum(axis=1)
    mag = np.maximum(np.abs(lo), np.abs(hi)).astype(np.float64).sum(axis=1)
    return {"data": data, "lo": lo.sum(axis=1), "hi": hi.sum(axis=1), "mag": mag}


def _interval_sums(op: Conv2d, xp: dict, w: dict, geo: _Geometry) -> dict:
    """Operands with intervals: every term's corner products, summed block by block (exact for integers)."""
    win = {k: _windows(op, a, geo) for k, a in xp.items()}
    mats = {k: _filters(a, geo) for k, a in w.items()}
    out = _Out(geo, ("data", "lo", "hi", "mag"), xp["data"].dtype)
    step = max(1, BLOCK // max(1, geo.k * geo.fpg))
    for b, rows, cols in _blocks(geo):
        pat = {k: _im2col(v, b, rows, cols, geo) for k, v in win.items()}
        parts = []
        for gi in range(geo.g):
            blocks = [_corner_block({k: c[gi, s:s + step] for k, c in pat.items()},
                                    {k: m[gi] for k, m in mats.items()}, op.acc)
                      for s in range(0, pat["data"].shape[1], step)]
            parts.append({k: np.concatenate([blk[k] for blk in blocks]) for k in out.arrays})
        for k in out.arrays:
            out.put(k, b, rows, cols, _to_rows(np.stack([p[k] for p in parts])))
    return out.arrays


def conv_sums(op: Conv2d, x: Value, w: Value, init: Value | None = None) -> ConvSums:
    """The profile-free sums of ``op`` over operands ``x`` (image) and ``w`` (filter), and its ``init`` (one more
    term, ``fuzz.judge.init``)."""
    zx, zw = op.zero_points or (0, 0)
    xp = {k: _padded(op, getattr(x, k), zx) for k in ("data", "lo", "hi")}
    ws = {k: _nhwc(op, getattr(w, k), False) - zw for k in ("data", "lo", "hi")}
    geo = _geometry(op, xp["data"], ws["data"])
    exact = x.exact and w.exact
    if exact:
        if x.lo is x.data and w.lo is w.data:  # keep the identity: the value sums are the bound sums
            xp["lo"], ws["lo"] = xp["data"], ws["data"]
        sums = _exact_sums(op, {k: xp[k] for k in ("data", "lo")}, {k: ws[k] for k in ("data", "lo")}, geo)
    else:
        sums = _interval_sums(op, xp, ws, geo)
    if op.acc not in FLOAT_DTYPES:
        sums = _exact_integers(sums, op)
    q = quantum(_nhwc(op, x.data, True)) * quantum(_nhwc(op, w.data, False)) \
        if exact and op.acc in FLOAT_DTYPES else None
    if init is None:
        return ConvSums(sums["data"], sums["lo"], sums["hi"], sums["mag"], geo.k, q)
    out = sums["data"].shape if op.nhwc else tuple(sums["data"].shape[i] for i in (0, 3, 1, 2))
    terms = accumulate.broadcast(init, out, op.channel_axis)
    if not op.nhwc:
        terms = {k: v if k == "exact" else v.transpose(0, 2, 3, 1) for k, v in terms.items()}
    data, lo, hi, mag, q = accumulate.add(sums["data"], sums["lo"], sums["hi"], sums["mag"], q, terms)
    return ConvSums(data, lo, hi, mag, geo.k + 1, q)


def _exact_integers(sums: dict, op: Conv2d) -> dict:
    """Integer sums back to int64; float64 held them exactly while the magnitude stays below 2^53 (else no
    integer accumulator holds it: undefined)."""
    if np.max(sums["mag"], initial=0.0) >= EXACT_IN_FLOAT64:
        check_int_magnitude(sums["mag"], op.acc, f"op {op.name!r}")
    return {k: (v if k == "mag" else v.astype(np.int64)) for k, v in sums.items()}


def conv_value(op: Conv2d, s: ConvSums, prof: Profile = STRICT) -> Value:
    """The conv's Value under ``prof``, in the op's layout."""
    out = finish(s.data, s.lo, s.hi, s.mag, s.terms, op.acc, s.exact_q, prof, f"op {op.name!r}")
    if op.nhwc:
        return out
    t = (0, 3, 1, 2)
    return Value(out.data.transpose(t), out.dtype, out.magnitude.transpose(t), out.lo.transpose(t),
                 out.hi.transpose(t))


def eval_conv(op: Conv2d, ins: list[Value], prof: Profile = STRICT) -> Value:
    """``ins``: image, filter and, for the accumulate-into form, the init."""
    return conv_value(op, conv_sums(op, *ins), prof)
