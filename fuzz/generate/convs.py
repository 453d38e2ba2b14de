"""The conv family: convs with every attribute drawn, quantized convs, and requantize / dequantize
epilogues (the SDXL shape); the ``conv`` and ``conv_requant`` workload kinds.
"""
from __future__ import annotations

import numpy as np

from fuzz.case.workload import Affine, Conv2d, Expr, Generic
from fuzz.generate.base import Builder, exact_bound, identity


def conv_types(b: Builder) -> tuple[str, str]:
    return b.pick((("f16", "f16"), ("f16", "f32"), ("i8", "i32")), lambda t: b.on(f"conv:acc-{t[1]}"))


def named_form(b: Builder) -> str:
    """How a linalg lowering spells a named op: mostly the named op, a quarter of the time its generic twin."""
    return "generic" if b.coin("form:generic", 4) else "named"


def zero_points(b: Builder, feature: str) -> tuple[int, int] | None:
    """Zero points of a quantized op, half the time where ``feature`` is on: small in exact mode (the sums
    stay exact in the epilogue's f32), anywhere in int8 otherwise."""
    if not b.coin(feature):
        return None
    most = 8 if b.exact else 127
    return b.ch.int(-most, most), b.ch.int(-most, most)


def _grouping(b: Builder) -> tuple[str, int]:
    """Dense, depthwise or grouped, and the group count; one group is dense and one channel per group
    depthwise whatever was drawn, so what is switched off stays off."""
    sp = b.space
    grouping = b.pick(("dense", "dense", "depthwise", "grouped"), lambda v: b.on(f"conv:{v}"), "dense")
    g = 1 if grouping == "dense" else b.ch.int(2, sp.groups) if grouping == "grouped" else \
        b.ch.int(1 if b.on("conv:dense") else 2, 2 * sp.groups)
    return grouping, g


def _attributes(b: Builder) -> tuple[tuple, tuple, tuple]:
    sp = b.space
    stride = (b.ch.int(1, sp.strides), b.ch.int(1, sp.strides)) if b.on("conv:strided") else (1, 1)
    dilation = (b.ch.int(1, sp.strides), b.ch.int(1, sp.strides)) if b.on("conv:dilated") else (1, 1)
    padding = tuple(b.ch.choice(sp.pads) for _ in range(4)) if b.on("conv:padded") else (0, 0, 0, 0)
    return stride, dilation, padding


def conv(b: Builder, dtype: str, acc: str, src: str | None = None, layout: str | None = None) -> str:
    """A conv with every attribute drawn; over a fresh input, or over ``src`` (4-D, in ``layout``)."""
    ch, sp = b.ch, b.space
    layout = layout or b.pick(("NHWC", "NCHW"), lambda v: b.on(f"conv:{v}"))
    grouping, g = _grouping(b)
    cpg = 1 if grouping == "depthwise" else ch.int(1 if b.on("conv:depthwise") or g == 1 else 2, sp.per_group)
    fpg = ch.int(1, 3) if grouping == "depthwise" else ch.int(1, sp.per_group)
    kh, kw = ch.choice(sp.kernels), ch.choice(sp.kernels[:4] if sp.name == "default" else sp.kernels)
    stride, dilation, padding = _attributes(b)
    n, c, f = ch.int(1, 2), cpg * g, fpg * g
    h = max(b.extent(3, sp.spatial), dilation[0] * (kh - 1) + 1)
    w = max(b.extent(3, sp.spatial), dilation[1] * (kw - 1) + 1)
    bound = exact_bound(kh * kw * cpg, acc)
    if src is None:
        x = b.tensor((n, h, w, c) if layout == "NHWC" else (n, c, h, w), dtype, bound)
    else:  # a chained conv: groups must divide the channels it is given
        x, shape = src, b.types[src][0]
        c = shape[3] if layout == "NHWC" else shape[1]
        g = next(k for k in (g, 1) if c % k == 0)
        cpg, f = c // g, fpg * g
    wshape = (kh, kw, cpg, f) if layout == "NHWC" else (f, cpg, kh, kw)
    wt = b.tensor(wshape, dtype, bound)
    zp = zero_points(b, "conv:quantized") if acc == "i32" else None
    return b.add(Conv2d(b.name(), (x, wt), layout, stride, dilation, padding, g, acc, zero_points=zp,
                        form=named_form(b)))


def channel_dim(b: Builder, name: str) -> tuple[int, int]:
    """(index of the channel dim, its size) of a conv output, from its layout."""
    op = next(o for o in b.ops if o.name == name)
    shape = b.types[name][0]
    axis = 3 if isinstance(op, Conv2d) and op.layout == "NHWC" else 1
    return axis, shape[axis]


def _f32(x: float) -> float:
    return float(np.float32(x))


def requantize(b: Builder, src: str, out: str = "i8") -> str:
    """i32 -> (+bias) -> f32 * scale -> round half to even (+ zero point) -> clamp -> i8, or dequantize to f16."""
    ch = b.ch
    shape = b.types[src][0]
    axis, channels = channel_dim(b, src)
    dims = len(shape)
    ident = tuple(identity(d, dims) for d in range(dims))
    broadcast = b.on("map:broadcast")  # the per-channel bias is a broadcast read
    bias = b.tensor((channels,), "i32", ch.choice((4, 64, 1000))) if broadcast else None
    x = Expr("add", (Expr("in", index=0), Expr("in", index=1))) if broadcast else Expr("in", index=0)
    scale = _f32(ch.choice((0.5, 0.25, 1 / 64)) if ch.int(0, 2) == 0 else ch.int(1, 1000) / 16384)
    scaled = Expr("mul", (Expr("cast", (x,), dtype="f32"), Expr("const", dtype="f32", value=scale)))
    if out == "f16":
        body = Expr("cast", (scaled,), dtype="f16")
    else:
        zp = float(ch.int(-8, 8))
        q = Expr("add", (Expr("round", (scaled,)), Expr("const", dtype="f32", value=zp)))
        body = Expr("cast", (Expr("clamp", (q,), lo=-128.0, hi=127.0),), dtype="i8")
    maps = (ident, (Affine(tuple(int(i == axis) for i in range(dims))),))
    srcs = (src, bias) if broadcast else (src,)
    return b.add(Generic(b.name(), srcs, shape, ("parallel",) * dims, maps[:len(srcs)], body, out))


def requant_out(b: Builder, out: str) -> bool:
    """Requantizing to int8 rounds and clamps; dequantizing to f16 does neither."""
    return b.typed(out) and (out == "f16" or (b.on("body:round") and b.on("body:clamp")))


def lone_conv(b: Builder) -> str:
    """A conv with every attribute drawn."""
    return conv(b, *conv_types(b))


def conv_requant(b: Builder) -> str:
    """An int8 conv with a requantize (to int8) or dequantize (to f16) epilogue."""
    return requantize(b, conv(b, "i8", "i32"), b.pick(("i8", "i8", "f16"), lambda o: requant_out(b, o)))
