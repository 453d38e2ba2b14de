"""Weight-only quantization (``kind:weight_only``, ``dtype:i4``): int4 weights, dequantized, then a matmul or a
conv accumulated in f32, the deployment shape of today's int4 LLM and diffusion weights (GPTQ, AWQ, MLC-LLM's
q4f16; IREE takes ``tensor<...xi4>`` from torch-mlir).

The weights are a signed ``i4`` input (values in [-8, 7]), read by a dequantizing generic:
``w * scale`` in the activation dtype (f16, or f32 a third of the time for the matmul), the scale per tensor
(a constant), per output channel (a broadcast read of an N- or F-vector) or per group of ``G`` along K (a
``(K / G, N)`` tensor read through ``d_k floordiv G``).  The matmul (B stored K x N or, as GPTQ stores it,
N x K) or dense conv then accumulates in f32 (``acc`` declared in the op) and an f16 case casts the result
back to f16.  Signed int4 is symmetric quantization: no zero point (unsigned int4 with a zero point is left
for later, see docs/case-format.md, "Int4 weights").

Exact-input cases draw scales from small powers of two and activations small enough that every partial sum
stays exact in f32 and the result in f16; realistic ones draw positive scales below 1/16 and the usual
normal, positive or wide activations.  Every choice asks the swarm (``b.on`` / ``b.pick``): a scale read
through a broadcast needs ``map:broadcast``, a grouped one ``map:floordiv`` too, the conv ``conv:dense`` and
``conv:acc-f32``, a transposed B ``matmul:transposed``.
"""
from __future__ import annotations

from fuzz.case.workload import Affine, Conv2d, Div, Expr, Generic, Matmul, ValueSpec
from fuzz.generate.base import Builder, identity
from fuzz.generate.convs import _attributes, named_form

GROUP_SIZES = (4, 8, 16, 32)  # GPTQ/AWQ use 32-128 along K of thousands: scaled to these K
EXACT_SCALES = (1.0, 2.0, 4.0)


def _even(b: Builder, n: int) -> int:
    """``n`` rounded up to even three times in four: real int4 weights fill whole bytes (IREE sizes them so,
    fuzz/case/ops/int4.py); the odd rest probes the partial byte."""
    return n + n % 2 if b.ch.int(0, 3) else n


def _weights(b: Builder, shape: tuple[int, ...]) -> str:
    """An int4 weight tensor, every value of [-8, 7] drawn."""
    return b.tensor(shape, "i4", values=ValueSpec("int", b.ch.int(0, 2**31 - 1), low=-8, high=7))


def _scale_values(b: Builder) -> ValueSpec:
    seed = b.ch.int(0, 2**31 - 1)
    if b.exact:
        return ValueSpec("int", seed, low=1, high=4)
    return ValueSpec("positive", seed, scale=b.ch.choice((1 / 16, 1 / 64)))


def _granularity(b: Builder, grouped: bool) -> str:
    """Per tensor, per output channel or (matmuls) per group along K, as the swarm allows."""
    def ok(g: str) -> bool:
        return g == "tensor" or (b.on("map:broadcast") and (g == "channel" or b.on("map:floordiv")))
    options = ("channel", "channel", "group", "tensor") if grouped else ("channel", "channel", "tensor")
    return b.pick(options, ok)


def dequantize(b: Builder, w: str, dq: str, out_axis: int, granularity: str, group: int = 1, k_axis: int = 0) -> str:
    """``cast(w) * scale`` in ``dq`` over the weight's shape; the scale a constant, or a tensor read per
    ``out_axis`` (and per group of ``group`` along ``k_axis``)."""
    shape = b.types[w][0]
    dims = len(shape)
    ident = tuple(identity(d, dims) for d in range(dims))
    weight = Expr("cast", (Expr("in", index=0),), dtype=dq)
    if granularity == "tensor":
        value = b.ch.choice(EXACT_SCALES) if b.exact else b.ch.int(1, 1000) / 16384
        body = Expr("mul", (weight, Expr("const", dtype=dq, value=_rounded(value, dq))))
        return b.add(Generic(b.name(), (w,), shape, ("parallel",) * dims, (ident,), body, dq))
    if granularity == "channel":
        sshape, smap = (shape[out_axis],), (identity(out_axis, dims),)
    else:
        kmap = Affine((0,) * dims, divs=(Div(identity(k_axis, dims), "floordiv", group),))
        pair = {k_axis: (shape[k_axis] // group, kmap), out_axis: (shape[out_axis], identity(out_axis, dims))}
        sshape, smap = tuple(pair[a][0] for a in sorted(pair)), tuple(pair[a][1] for a in sorted(pair))
    scale = b.tensor(sshape, dq, values=_scale_values(b))
    body = Expr("mul", (weight, Expr("in", index=1)))
    return b.add(Generic(b.name(), (w, scale), shape, ("parallel",) * dims, (ident, smap), body, dq))


def _rounded(v: float, dtype: str) -> float:
    import numpy as np
    return float(np.float16(v)) if dtype == "f16" else float(np.float32(v))


def _to_f16(b: Builder, src: str, dq: str) -> str:
    """The f32 accumulator narrowed to the case's f16 result (nothing for an f32 case)."""
    if dq != "f16":
        return src
    shape = b.types[src][0]
    ident = tuple(identity(d, len(shape)) for d in range(len(shape)))
    body = Expr("cast", (Expr("in", index=0),), dtype="f16")
    return b.add(Generic(b.name(), (src,), shape, ("parallel",) * len(shape), (ident,), body, "f16"))


def _activation_bound(b: Builder, terms: int) -> int:
    """Exact inputs: |x| small enough that sum_k |x| * |w * scale| stays exact in the f16 result."""
    return max(1, 2048 // (terms * 8 * int(max(EXACT_SCALES))))


def matmul(b: Builder, dq: str) -> str:
    """x (M x K) @ dequantize(w), w stored K x N or N x K, accumulated in f32."""
    sp, ch = b.space, b.ch
    granularity = _granularity(b, True)
    group = ch.choice(GROUP_SIZES) if granularity == "group" else 1
    k = group * ch.int(1, 4) if granularity == "group" else b.extent(2, 4 * sp.reduce_extent)
    m, n = b.extent(1, 2 * sp.extent), b.extent(1, 2 * sp.extent)
    transpose = b.pick(("b", "none"), lambda t: t == "none" or b.on("matmul:transposed"), "none")
    k, n = (_even(b, k), n) if transpose == "b" else (k, _even(b, n))  # the stored last dim
    x = b.tensor((m, k), dq, _activation_bound(b, k))
    w = _weights(b, (n, k) if transpose == "b" else (k, n))
    out_axis, k_axis = (0, 1) if transpose == "b" else (1, 0)
    dq_w = dequantize(b, w, dq, out_axis, granularity, group, k_axis)
    return _to_f16(b, b.add(Matmul(b.name(), (x, dq_w), "f32", transpose, None, named_form(b))), dq)


def conv(b: Builder) -> str:
    """A dense f16 conv of dequantize(w) (per output channel or per tensor), accumulated in f32."""
    sp, ch = b.space, b.ch
    layout = b.pick(("NHWC", "NCHW"), lambda v: b.on(f"conv:{v}"))
    kh, kw = ch.choice(sp.kernels), ch.choice(sp.kernels[:4])
    stride, dilation, padding = _attributes(b)
    n, c, f = ch.int(1, 2), ch.int(1, 2 * sp.per_group), ch.int(1, 2 * sp.per_group)
    f, c = (_even(b, f), c) if layout == "NHWC" else (f, _even(b, c))  # HWCF's last dim F; FCHW: an even count
    h = max(b.extent(3, sp.spatial), dilation[0] * (kh - 1) + 1)
    wd = max(b.extent(3, sp.spatial), dilation[1] * (kw - 1) + 1)
    granularity = _granularity(b, False)
    x = b.tensor((n, h, wd, c) if layout == "NHWC" else (n, c, h, wd), "f16", _activation_bound(b, kh * kw * c))
    w = _weights(b, (kh, kw, c, f) if layout == "NHWC" else (f, c, kh, kw))
    dq_w = dequantize(b, w, "f16", 3 if layout == "NHWC" else 0, granularity)
    op = Conv2d(b.name(), (x, dq_w), layout, stride, dilation, padding, 1, "f32", form=named_form(b))
    return _to_f16(b, b.add(op), "f16")


def weight_only(b: Builder) -> str:
    """A weight-only quantized matmul or conv (the conv where the swarm leaves dense f32-accumulated convs on)."""
    convs_ok = b.on("conv:dense") and b.on("conv:acc-f32")
    if convs_ok and b.ch.int(0, 2) == 0:
        return conv(b)
    return matmul(b, b.pick(("f16", "f16", "f32"), b.typed))
