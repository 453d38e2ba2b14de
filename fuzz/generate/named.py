"""Named ops beyond conv: matmuls (batched, transposed, quantized with zero points) and pools (max, sum)
over an image or a conv's output, after a ``pad`` with a non-zero value where ``pad:value`` is on.

Each named op is spelled as the linalg named op, or a quarter of the time (``form:generic``) as its
generic twin; half the matmuls get a consumer (an elementwise or reduction epilogue, or a requantize of
an int32 product).
"""
from __future__ import annotations

from fuzz.case.workload import Matmul, Pad, Pool2d
from fuzz.generate.base import Builder, exact_bound
from fuzz.generate.chains import consumer
from fuzz.generate.convs import conv, conv_types, named_form, requant_out, requantize, zero_points

MATMUL_TYPES = (("f16", "f16"), ("f16", "f32"), ("f32", "f32"), ("i8", "i32"))
PAD_VALUES = {"f16": (-64.0, -1.0, 0.5, 3.0), "f32": (-64.0, -1.0, 0.5, 3.0), "i8": (-128, -5, 7, 127),
              "i32": (-1000, -5, 7, 1 << 20)}


def _matmul_types(b: Builder) -> tuple[str, str]:
    return b.pick(MATMUL_TYPES, lambda t: b.typed(t[0]) and b.typed(t[1]))


def matmul(b: Builder) -> str:
    """C = A @ B, plain or batched, A or B stored transposed, quantized for int8; then a consumer half the time."""
    sp, ch = b.space, b.ch
    dtype, acc = _matmul_types(b)
    batch = (ch.int(1, 3),) if b.coin("matmul:batch") else ()
    transpose = b.pick(("none", "none", "a", "b"), lambda t: t == "none" or b.on("matmul:transposed"), "none")
    m, n, k = b.extent(1, 2 * sp.extent), b.extent(1, 2 * sp.extent), b.extent(1, 2 * sp.reduce_extent)
    bound = exact_bound(k, acc)
    a = b.tensor(batch + ((k, m) if transpose == "a" else (m, k)), dtype, bound)
    w = b.tensor(batch + ((n, k) if transpose == "b" else (k, n)), dtype, bound)
    zp = zero_points(b, "matmul:quantized") if acc == "i32" else None
    out = b.add(Matmul(b.name(), (a, w), acc, transpose, zp, named_form(b)))
    if acc == "i32" and ch.int(0, 2) == 0 and requant_out(b, "i8"):
        return requantize(b, out, "i8")
    return consumer(b, out) if ch.int(0, 1) else out


def _image(b: Builder) -> tuple[str, str]:
    """A 4-D image and its layout: a conv's output half the time, else a fresh input."""
    if b.ch.int(0, 1):
        src = conv(b, *conv_types(b))
        return src, b.ops[-1].layout
    sp = b.space
    layout = b.ch.choice(("NHWC", "NCHW"))
    n, c, h, w = b.ch.int(1, 2), b.ch.int(1, 2 * sp.per_group), b.extent(3, sp.spatial), b.extent(3, sp.spatial)
    dtype = b.pick(("f16", "f32", "i8"), b.typed)
    return b.tensor((n, h, w, c) if layout == "NHWC" else (n, c, h, w), dtype, 16), layout


def pad(b: Builder, src: str, layout: str) -> str:
    """``tensor.pad`` of the spatial dims with a non-zero value of the image's dtype."""
    t = b.types[src][1]
    spatial = lambda: (b.ch.int(0, 2), b.ch.int(0, 2))  # noqa: E731
    (top, left), (bottom, right) = spatial(), spatial()
    low, high = ((0, top, left, 0), (0, bottom, right, 0)) if layout == "NHWC" else \
        ((0, 0, top, left), (0, 0, bottom, right))
    return b.add(Pad(b.name(), (src,), low, high, float(b.ch.choice(PAD_VALUES[t]))))


def _pool_acc(b: Builder, mode: str, t: str) -> str:
    """The pool's result type: max keeps the dtype (or widens), sum widens f16 and i8 (f16 sums stay in f16 a
    third of the time)."""
    wide = {"f16": "f32", "i8": "i32"}.get(t, t)
    if mode == "sum":
        return t if t == "f16" and b.ch.int(0, 2) == 0 else wide
    return wide if b.ch.int(0, 2) == 0 else t


def pool(b: Builder) -> str:
    """A max or sum pool with a drawn window, stride and dilation, over an image padded first where on."""
    src, layout = _image(b)
    if b.coin("pad:value"):
        src = pad(b, src, layout)
    shape, t = b.types[src]
    h, w = (shape[1], shape[2]) if layout == "NHWC" else (shape[2], shape[3])
    mode = b.pick(("max", "sum"), lambda m: b.on(f"pool:{m}"))
    dil = (b.ch.int(1, 2), b.ch.int(1, 2)) if b.ch.int(0, 3) == 0 else (1, 1)
    window = (b.ch.int(1, min(3, (h - 1) // dil[0] + 1)), b.ch.int(1, min(3, (w - 1) // dil[1] + 1)))
    stride = (b.ch.int(1, b.space.strides), b.ch.int(1, b.space.strides))
    acc = _pool_acc(b, mode, t)
    return b.add(Pool2d(b.name(), (src,), mode, layout, window, stride, dil, acc, named_form(b)))
