"""DAG patterns real models have, where a value feeds several ops (what fusion changes):

* ``softmax``: max-reduce, subtract with broadcast, exp, sum-reduce, divide, along one axis (the
  maximum subtracted where ``reduce:max`` and ``body:sub`` are on; an f16 softmax may sum in f32);
* ``norm``: mean and variance along one axis, then ``(x - mean) / sqrt(var + eps)`` (sqrt and a
  division, each correctly rounded: no approximated rsqrt), optionally scaled and shifted by
  per-channel gamma and beta; with exact inputs the centred values (and the variance), which stay
  exact when the axis length is a power of two; without ``body:sub`` the mean is summed negated and
  added back;
* ``residual``: a same-padded conv whose input is added back to its output;
* ``fanout``: one conv read by two consumers, returned both or joined again.

Where ``dag:multi-output`` is on, a pattern also returns its intermediates (softmax's maximum or
sum, the mean, the conv before the residual add, both consumers) as further case outputs.
"""
from __future__ import annotations

import numpy as np

from fuzz.case.workload import NUMPY_DTYPE, Conv2d, Expr, Generic
from fuzz.generate.base import Builder, exact_bound, identity
from fuzz.generate.chains import consumer
from fuzz.generate.convs import conv, conv_types, named_form, zero_points
from fuzz.generate.generics import generic

IN0, IN1, IN2 = (Expr("in", index=k) for k in range(3))


def _e(op: str, *args: Expr, **kw) -> Expr:
    return Expr(op, tuple(args), **kw)


def _const(dtype: str, v: float) -> Expr:
    return Expr("const", dtype=dtype, value=float(np.dtype(NUMPY_DTYPE[dtype]).type(v)))


def _float(b: Builder) -> str:
    return b.pick(("f16", "f32"), b.typed)


def _rows(b: Builder, k: int) -> tuple[tuple[int, ...], int]:
    """A shape of one to three dims with ``k`` on the reduced axis (the last, or a third of the time another)."""
    rows = tuple(b.extent(1, b.space.extent) for _ in range(b.ch.int(1, 2)))
    axis = b.ch.int(0, len(rows)) if b.ch.int(0, 2) == 0 else len(rows)
    return rows[:axis] + (k,) + rows[axis:], axis


class _Axis:
    """Maps and iterators of a pattern that reduces one axis of ``shape`` and broadcasts back along it."""

    def __init__(self, shape: tuple[int, ...], axis: int):
        nd = len(shape)
        self.shape, self.axis = shape, axis
        self.full = tuple(identity(d, nd) for d in range(nd))
        self.row = tuple(identity(d, nd) for d in range(nd) if d != axis)
        self.reduce = tuple("reduction" if d == axis else "parallel" for d in range(nd))
        self.parallel = ("parallel",) * nd

    def reduced(self, b: Builder, srcs: tuple, maps: tuple, body: Expr, out: str, how: str) -> str:
        return b.add(Generic(b.name(), srcs, self.shape, self.reduce, maps, body, out, how))

    def each(self, b: Builder, srcs: tuple, maps: tuple, body: Expr, out: str) -> str:
        return b.add(Generic(b.name(), srcs, self.shape, self.parallel, maps, body, out))


def softmax(b: Builder) -> str:
    """exp(x - max) / sum(exp(x - max)) along one axis."""
    dtype = _float(b)
    shape, axis = _rows(b, b.extent(2, 2 * b.space.reduce_extent))
    ax = _Axis(shape, axis)
    x = b.tensor(shape, dtype, 8)
    if b.on("reduce:max") and b.on("body:sub"):
        m = ax.reduced(b, (x,), (ax.full,), IN0, dtype, "max")
        e = ax.each(b, (x, m), (ax.full, ax.row), _e("exp", _e("sub", IN0, IN1)), dtype)
        b.output(m)
    else:  # without the maximum: exp of the (clamped) input
        arg = _e("clamp", IN0, lo=-4.0, hi=4.0) if b.on("body:clamp") else IN0
        e = ax.each(b, (x,), (ax.full,), _e("exp", arg), dtype)
    acc = "f32" if dtype == "f16" and b.typed("f32") and b.ch.int(0, 2) == 0 else dtype  # an f32 sum of f16 terms
    term = IN0 if acc == dtype else _e("cast", IN0, dtype=acc)
    s = ax.reduced(b, (e,), (ax.full,), term, acc, "add")
    quotient = _e("div", term, IN1)
    y = ax.each(b, (e, s), (ax.full, ax.row), quotient if acc == dtype else _e("cast", quotient, dtype=dtype), dtype)
    b.output(s)
    return y


def _norm_length(b: Builder, dtype: str) -> int:
    """The normalized axis: a power of two with exact inputs (1/k is then exact), any length otherwise."""
    if b.exact:
        return b.ch.choice((2, 4, 8) if dtype == "f16" else (2, 4, 8, 16))
    return b.extent(2, 2 * b.space.reduce_extent)


def norm(b: Builder) -> str:
    """Mean and variance along one axis, then the normalized values (or, with exact inputs, the centred ones)."""
    dtype = _float(b)
    k = _norm_length(b, dtype)
    shape, axis = _rows(b, k)
    ax = _Axis(shape, axis)
    bound = max(1, int(np.sqrt((2048 if dtype == "f16" else 2**22) / k**3) / 2))  # the variance's sum stays exact
    x = b.tensor(shape, dtype, bound)
    sub = b.on("body:sub")  # else the mean is summed negated and added back
    inv_k = _const(dtype, (1.0 if sub else -1.0) / k)
    mean = ax.reduced(b, (x,), (ax.full,), _e("mul", IN0, inv_k), dtype, "add")
    d = _e("sub" if sub else "add", IN0, IN1)
    inv_k = _const(dtype, 1.0 / k)
    normalize = not b.exact and b.on("body:div") and b.on("body:sqrt")
    if normalize or b.on("dag:multi-output"):
        var = ax.reduced(b, (x, mean), (ax.full, ax.row), _e("mul", _e("mul", d, d), inv_k), dtype, "add")
    if normalize:
        eps = _const(dtype, b.ch.choice((1.0, 0.25, 1e-3)))
        y = ax.each(b, (x, mean, var), (ax.full, ax.row, ax.row), _e("div", d, _e("sqrt", _e("add", IN2, eps))), dtype)
        b.output(mean)
    else:
        y = ax.each(b, (x, mean), (ax.full, ax.row), d, dtype)
        if b.on("dag:multi-output"):
            b.output(var)
    return _scale_shift(b, ax, y, dtype) if b.on("map:broadcast") and b.ch.int(0, 1) else y


def _scale_shift(b: Builder, ax: _Axis, y: str, dtype: str) -> str:
    """y * gamma + beta with per-channel gamma and beta along the normalized axis (broadcast reads)."""
    k = ax.shape[ax.axis]
    gamma, beta = b.tensor((k,), dtype, 4), b.tensor((k,), dtype, 4)
    channel = (identity(ax.axis, len(ax.shape)),)
    return ax.each(b, (y, gamma, beta), (ax.full, channel, channel), _e("add", _e("mul", IN0, IN1), IN2), dtype)


def _same_kernel(b: Builder) -> tuple[int, int, int]:
    """(kh, kw, dilation) of a conv that keeps the spatial size: odd taps, padded by half the dilated window."""
    if not b.on("conv:padded"):
        return 1, 1, 1
    dil = b.ch.int(2, b.space.strides) if b.coin("conv:dilated", 3) else 1
    odd = tuple(k for k in b.space.kernels if k % 2)
    return b.ch.choice(odd), b.ch.choice(odd), dil


def residual(b: Builder) -> str:
    """conv(x) + x for a same-padded, channel-preserving conv (dense, or depthwise a third of the time; grouped
    when swarm left only that grouping on)."""
    sp = b.space
    dtype, acc = conv_types(b)
    layout = b.pick(("NHWC", "NCHW"), lambda v: b.on(f"conv:{v}"))
    kh, kw, dil = _same_kernel(b)
    plain = b.on("conv:dense") or b.on("conv:depthwise")  # else grouped, the one grouping swarm left on
    grouping = b.pick(("dense", "dense", "depthwise"), lambda v: b.on(f"conv:{v}")) if plain else "grouped"
    if grouping == "grouped":  # channels kept: c = groups * channels per group
        groups, cpg = b.ch.int(2, sp.groups), b.ch.int(2, sp.per_group)
        c = groups * cpg
    else:
        c = b.ch.int(2 if grouping == "depthwise" else 1, 2 * sp.per_group)
        groups, cpg = (c, 1) if grouping == "depthwise" else (1, c)
    n, h, w = b.ch.int(1, 2), b.extent(3, sp.spatial), b.extent(3, sp.spatial)
    bound = exact_bound(kh * kw * cpg + 1, acc)
    x = b.tensor((n, h, w, c) if layout == "NHWC" else (n, c, h, w), dtype, bound)
    wt = b.tensor((kh, kw, cpg, c) if layout == "NHWC" else (c, cpg, kh, kw), dtype, bound)
    ph, pw = dil * (kh // 2), dil * (kw // 2)
    y = b.add(Conv2d(b.name(), (x, wt), layout, (1, 1), (dil, dil), (ph, ph, pw, pw), groups, acc,
                     zero_points=zero_points(b, "conv:quantized") if acc == "i32" else None, form=named_form(b)))
    shape = b.types[y][0]
    skip = IN1 if dtype == acc else _e("cast", IN1, dtype=acc)
    out = b.add(Generic(b.name(), (y, x), shape, ("parallel",) * 4, (_ident(4), _ident(4)), _e("add", IN0, skip), acc))
    b.output(y)
    return out


def _ident(nd: int) -> tuple:
    return tuple(identity(d, nd) for d in range(nd))


def _elementwise_of(b: Builder, src: str) -> str:
    """An elementwise op over ``src`` alone (its dtype, or the other float)."""
    t = b.types[src][1]
    out = t if t not in ("f16", "f32") else _float(b)
    return generic(b, [src], 0, False, out, dims=b.types[src][0])


def fanout(b: Builder) -> str:
    """One conv read by two consumers: both returned, or (one output) joined by a third elementwise op."""
    src = conv(b, *conv_types(b))
    first = _elementwise_of(b, src)
    if b.on("dag:multi-output"):
        b.output(first)
        return consumer(b, src)
    second = _elementwise_of(b, src)
    return generic(b, [first, second], 0, False, b.types[first][1], dims=b.types[first][0])
