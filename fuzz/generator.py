"""The generator: random, valid, UB-free workloads.

Every random decision goes through a ``Chooser``, so one generator serves two
drivers: ``generate(seed)`` (a ``random.Random``; campaigns, deterministic per
seed) and the hypothesis strategy ``cases()`` (property tests, with
shrinking).  A drawn case is evaluated by the reference and rejected when its
semantics are undefined (integer overflow, out-of-range casts) or a float
value leaves the finite range: differences on such cases prove nothing.

Shapes of workload drawn (``KINDS``): a lone conv with every attribute; an
int8 conv with a requantize or dequantize epilogue (the SDXL shape);
elementwise chains; reductions through non-trivial affine maps (strided
windows, transposed, reversed and broadcast access); mixed pipelines of
those.  Inputs are never splat: they are either exact small integers sized
so every partial sum of every reduction is exact in its accumulator, or
realistic (normal, positive-only, wide dynamic range).

How big and how deep cases get is a ``Space``: ``default`` keeps every case
around a second per configuration; ``wide`` draws larger convs and loop
nests, extents just off vector and tile widths (15, 17, 33), larger kernels,
strides, dilations and paddings, int8 -> int8 elementwise generics (layout
transforms, broadcasts), and chains of up to four consumers after the first
op (conv -> requantize -> conv, reductions of reductions).

Which features a case may use is a swarm draw (``fuzz/swarm.py``), made first from the
case's own stream and recorded in the case (``swarm``): every decision point asks
``b.on("group:name")`` or filters its options with ``b.pick``, and a draw that still combines
into a switched-off feature (``fuzz/features.py`` sees it) is redrawn.  With nothing switched
off, ``pick`` is exactly ``ch.choice`` and ``on`` draws nothing, so ``Swarm(enabled=False)``
reproduces the stream of kernelfuzz before swarm, seed for seed.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from math import prod
from typing import Protocol, Sequence

import numpy as np

from fuzz import features
from fuzz.reference import evaluate
from fuzz.swarm import BY_NAME, Swarm
from fuzz.workload import (FLOAT_DTYPES, Affine, Case, Conv2d, Expr, Generic, Tensor,
                           ValueSpec, WorkloadError)

KINDS = ("conv", "conv_requant", "elementwise", "reduction", "mixed")
EXACT_LIMIT = {"f16": 2048, "f32": 2**24, "i32": 2**20}  # |partial sums| kept exact / in range
F16_SAFE = 16384.0  # rejection threshold keeping f16 values far from 65504


@dataclass(frozen=True)
class Space:
    """The ranges a generator draws from (``default`` or ``wide``)."""

    name: str
    spatial: int = 12  # largest conv input height / width
    per_group: int = 4  # most channels and filters per conv group
    groups: int = 4  # most conv groups (depthwise: 2 * groups)
    kernels: tuple[int, ...] = (1, 2, 3, 3, 5)
    strides: int = 2  # largest stride, and dilation
    pads: tuple[int, ...] = (0, 0, 1, 2)
    extent: int = 6  # largest parallel loop extent of a generic
    reduce_extent: int = 8
    edges: tuple[int, ...] = ()  # extents also drawn, a third of the time: just off vector widths
    consumers: int = 0  # most extra ops chained after the first workload
    int8_reads: bool = False  # elementwise int8 -> int8 generics (layout transforms, broadcast zero points)
    work: int = 300_000  # multiply-adds per case, and elements per tensor (below)
    elements: int = 100_000


DEFAULT = Space("default")
WIDE = Space("wide", spatial=40, per_group=8, groups=8, kernels=(1, 2, 3, 3, 5, 7), strides=3,
             pads=(0, 0, 1, 2, 3), extent=12, reduce_extent=16, edges=(15, 16, 17, 31, 32, 33, 64, 65),
             consumers=4, int8_reads=True, work=4_000_000, elements=600_000)
SPACES = {s.name: s for s in (DEFAULT, WIDE)}


class Chooser(Protocol):
    def int(self, lo: int, hi: int) -> int: ...
    def choice(self, options: Sequence): ...


@dataclass
class RandomChooser:
    rng: random.Random

    def int(self, lo: int, hi: int) -> int:
        return self.rng.randint(lo, hi)

    def choice(self, options: Sequence):
        return options[self.rng.randrange(len(options))]


@dataclass
class HypothesisChooser:
    draw: object

    def int(self, lo: int, hi: int) -> int:
        from hypothesis import strategies as st
        return self.draw(st.integers(lo, hi))

    def choice(self, options: Sequence):
        from hypothesis import strategies as st
        return self.draw(st.sampled_from(list(options)))


# --------------------------------------------------------------------------
# Building blocks


@dataclass
class Builder:
    """Accumulates inputs and ops of one case under construction."""

    ch: Chooser
    exact: bool
    space: Space = DEFAULT
    off: frozenset[str] = frozenset()  # features switched off for this case (fuzz/swarm.py)
    inputs: list[Tensor] = field(default_factory=list)
    ops: list = field(default_factory=list)
    types: dict = field(default_factory=dict)

    def on(self, feature: str) -> bool:
        """Whether the case may use ``feature`` (a name in fuzz/swarm.FEATURES)."""
        if feature not in BY_NAME:
            raise KeyError(f"generator asked about unregistered feature {feature!r}: add it to fuzz/swarm.FEATURES")
        return feature not in self.off

    def pick(self, options: Sequence, allowed=lambda option: True, default=None):
        """A choice among the ``options`` still ``allowed``; with nothing switched off, exactly ``ch.choice``.
        With a ``default`` (the plain option: unit stride, a plain read, a dense conv), a switched-off option
        drawn becomes the default, so the options left keep the odds they have in the full stream: switching
        off reversed maps leaves offsets as rare as they were."""
        if not self.off:
            return self.ch.choice(options)
        if default is not None and allowed(default):
            choice = self.ch.choice(options)
            return choice if allowed(choice) else default
        left = [o for o in options if allowed(o)]
        if not left:
            raise WorkloadError("every option of this choice is switched off")  # the draw is redrawn
        return self.ch.choice(left)

    def typed(self, dtype: str) -> bool:
        return self.on(f"dtype:{dtype}")

    def tensor(self, shape: tuple[int, ...], dtype: str, bound: int = 8) -> str:
        name = f"in{len(self.inputs)}"
        self.inputs.append(Tensor(name, tuple(shape), dtype, self.values(dtype, bound)))
        self.types[name] = (tuple(shape), dtype)
        return name

    def values(self, dtype: str, bound: int) -> ValueSpec:
        seed = self.ch.int(0, 2**31 - 1)
        if dtype == "i8":
            b = min(bound, 127) if self.exact else self.ch.choice((127, 16, 3))
            return ValueSpec("int", seed, low=-b - (b == 127), high=b)
        if dtype == "i32":
            return ValueSpec("int", seed, low=-bound, high=bound)
        if self.exact:
            b = min(bound, 64 if dtype == "f16" else 4096)
            return ValueSpec("int", seed, low=-b, high=b)
        dist = self.ch.choice(("normal", "positive", "wide"))
        return ValueSpec(dist, seed, scale=self.ch.choice((3.0, 4.0)) if dist == "wide" else 1.0)

    def add(self, op) -> str:
        from fuzz.workload import infer_types
        self.ops.append(op)
        types = infer_types(Case(tuple(self.inputs), tuple(self.ops), (op.name,)))
        self.types[op.name] = types[op.name]
        return op.name

    def name(self) -> str:
        return f"op{len(self.ops)}"

    def extent(self, lo: int, hi: int) -> int:
        """A loop extent in [lo, hi], or one of the space's edge sizes."""
        if self.space.edges and self.ch.int(0, 2) == 0:
            return self.ch.choice(self.space.edges)
        return self.ch.int(lo, hi)


def exact_bound(terms: int, acc: str, factors: int = 2) -> int:
    """Largest integer input magnitude keeping sums of ``terms`` products exact in ``acc``."""
    per_term = max(1, EXACT_LIMIT.get(acc, 2**20) // max(terms, 1))
    return max(1, int(per_term ** (1 / factors)) if factors > 1 else per_term)


# --------------------------------------------------------------------------
# Convolutions


def conv(b: Builder, dtype: str, acc: str, src: str | None = None, layout: str | None = None) -> str:
    """A conv with every attribute drawn; over a fresh input, or over ``src`` (4-D, in ``layout``)."""
    ch, sp = b.ch, b.space
    layout = layout or b.pick(("NHWC", "NCHW"), lambda v: b.on(f"conv:{v}"))
    grouping = b.pick(("dense", "dense", "depthwise", "grouped"), lambda v: b.on(f"conv:{v}"), "dense")
    # one group is dense and one channel per group depthwise, whatever was drawn: keep off what is off
    g = 1 if grouping == "dense" else ch.int(2, sp.groups) if grouping == "grouped" else \
        ch.int(1 if b.on("conv:dense") else 2, 2 * sp.groups)
    cpg = 1 if grouping == "depthwise" else ch.int(1 if b.on("conv:depthwise") or g == 1 else 2, sp.per_group)
    fpg = ch.int(1, 3) if grouping == "depthwise" else ch.int(1, sp.per_group)
    kh, kw = ch.choice(sp.kernels), ch.choice(sp.kernels[:4] if sp is DEFAULT else sp.kernels)
    stride = (ch.int(1, sp.strides), ch.int(1, sp.strides)) if b.on("conv:strided") else (1, 1)
    dilation = (ch.int(1, sp.strides), ch.int(1, sp.strides)) if b.on("conv:dilated") else (1, 1)
    padding = tuple(ch.choice(sp.pads) for _ in range(4)) if b.on("conv:padded") else (0, 0, 0, 0)
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
    return b.add(Conv2d(b.name(), (x, wt), layout, stride, dilation, padding, g, acc))


def _channel_dim(b: Builder, name: str) -> tuple[int, int]:
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
    axis, channels = _channel_dim(b, src)
    dims = len(shape)
    ident = tuple(Affine(tuple(int(i == d) for i in range(dims))) for d in range(dims))
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


# --------------------------------------------------------------------------
# Scalar bodies


def leaf(b: Builder, want: str, dtypes: tuple[str, ...]) -> Expr:
    ch = b.ch
    same = [i for i, t in enumerate(dtypes) if t == want]
    if same and ch.int(0, 4):
        return Expr("in", index=ch.choice(same))
    if ch.int(0, 2):
        i = ch.int(0, len(dtypes) - 1)
        return Expr("cast", (Expr("in", index=i),), dtype=want) if dtypes[i] != want else Expr("in", index=i)
    v = float(ch.int(-4, 4)) if want not in FLOAT_DTYPES else ch.choice((0.5, 1.0, -2.0, 0.125, 3.0, -0.75))
    return Expr("const", dtype=want, value=v)


def body(b: Builder, want: str, dtypes: tuple[str, ...], depth: int) -> Expr:
    """A random well-typed scalar expression of dtype ``want``."""
    ch = b.ch
    if want == "i8":  # i8 arithmetic may overflow (UB in TVM): compute in i32, clamp, narrow
        if not b.on("body:clamp"):
            raise WorkloadError("narrowing to i8 needs body:clamp")
        inner = body(b, "i32", dtypes, depth)
        return Expr("cast", (Expr("clamp", (inner,), lo=-128.0, hi=127.0),), dtype="i8")
    if depth == 0:
        return leaf(b, want, dtypes)
    kinds = ["add", "sub", "mul", "max", "min", "select", "clamp", "cast"]
    if want in FLOAT_DTYPES:
        kinds += ["round", "exp"]
    k = b.pick(kinds, lambda k: k in ("add", "mul", "cast") or b.on(f"body:{k}"))
    sub = lambda t=want: body(b, t, dtypes, depth - 1)  # noqa: E731
    if k in ("add", "sub", "mul", "max", "min"):
        return Expr(k, (sub(), sub()))
    if k == "select":
        return Expr("select", (sub(), sub(), sub(), sub()), pred=ch.choice(("gt", "lt", "ge", "le", "eq")))
    if k == "clamp":
        lo = float(ch.int(-8, 0))
        return Expr("clamp", (sub(),), lo=lo, hi=lo + ch.choice((1.0, 4.0, 8.0, 16.0)))
    if k == "round":
        return Expr("round", (sub(),))
    if k == "exp":  # keep exp's argument small: f16 overflows above ~11
        return Expr("exp", (Expr("clamp", (sub(),), lo=-4.0, hi=4.0),))
    src = ch.choice([t for t in ("f16", "f32", "i32") if t != want])
    return Expr("cast", (sub(src),), dtype=want)


# --------------------------------------------------------------------------
# Generic loop nests


def permutation(ch: Chooser, n: int) -> list[int]:
    left, out = list(range(n)), []
    while left:
        out.append(left.pop(ch.int(0, len(left) - 1)))
    return out


def _identity(d: int, ndims: int) -> Affine:
    return Affine(tuple(int(i == d) for i in range(ndims)))


def access(b: Builder, dims: tuple[int, ...], iters: tuple[str, ...]) -> tuple[Affine, ...]:
    """A random affine access: identity, transposed, broadcast, strided window, reversed, offset."""
    ch, nd = b.ch, len(dims)
    order = permutation(ch, nd) if ch.int(0, 1) and b.on("map:transposed") else list(range(nd))
    keep = ([d for d in order if ch.int(0, 3)] or order[:1]) if b.on("map:broadcast") else order  # drops broadcast
    exprs, used = [], set()
    for d in keep:
        if d in used:
            continue
        used.add(d)
        coeffs = [0] * nd
        coeffs[d] = 1
        style = b.pick(("plain", "plain", "window", "reversed", "offset"), lambda s: s == "plain" or b.on(f"map:{s}"),
                       "plain")
        red = [r for r, t in enumerate(iters) if t == "reduction" and r not in used]
        if style == "window" and iters[d] == "parallel" and red:
            r = ch.choice(red)
            used.add(r)
            coeffs[d], coeffs[r] = ch.int(1, 3), ch.int(1, 2)
        a = Affine(tuple(coeffs))
        if style == "reversed":
            a = Affine(tuple(-c for c in coeffs), dims[d] - 1)
        elif style == "offset":
            a = Affine(tuple(coeffs), ch.int(1, 2))
        exprs.append(a)
    return tuple(exprs)


def _is_plain(a: Affine) -> bool:
    return a.offset == 0 and sorted(a.coeffs)[-1] == 1 and sum(map(abs, a.coeffs)) == 1


def _read_reductions_plainly(b: Builder, names: list, maps: list, dims, iters, first: int) -> None:
    """linalg bounds every loop through a plain dK read: add one to the first fresh input if missing."""
    seen = {a.coeffs.index(1) for m in maps for a in m if _is_plain(a)}
    missing = [d for d, t in enumerate(iters) if t == "reduction" and d not in seen]
    if not missing:
        return
    extra = tuple(_identity(d, len(dims)) for d in missing)
    maps[first] = maps[first] + extra
    t = next(i for i, t in enumerate(b.inputs) if t.name == names[first])
    shape = b.inputs[t].shape + tuple(dims[d] for d in missing)
    b.inputs[t] = replace(b.inputs[t], shape=shape)
    b.types[names[first]] = (shape, b.types[names[first]][1])


def generic(b: Builder, srcs: list[str], n_new: int, reduction: bool, out: str,
            dims: tuple[int, ...] | None = None) -> str:
    """A generic over existing values ``srcs`` (read through identity maps) plus ``n_new`` fresh inputs."""
    ch = b.ch
    if dims is None:
        dims = tuple(b.extent(1, b.space.extent) for _ in range(ch.int(1, 3)))
    iters = ["parallel"] * len(dims)
    if reduction:
        extra = ch.int(0, 2) if srcs else ch.int(1, 2)
        dims = dims + tuple(b.extent(2, b.space.reduce_extent) for _ in range(extra))
        iters += ["reduction"] * extra
        for d in range(len(iters) - extra):  # turn some existing dims into reductions too
            if srcs and ch.int(0, 2) == 0:
                iters[d] = "reduction"
        if "reduction" not in iters:
            iters[-1] = "reduction"
        if "parallel" not in iters:
            iters[0] = "parallel"
    iters = tuple(iters)
    maps = [tuple(_identity(d, len(dims)) for d in range(len(b.types[s][0]))) for s in srcs]
    names = list(srcs)
    terms = prod(dims[i] for i, t in enumerate(iters) if t == "reduction")
    int8 = out == "i32" or (out == "i8" and not reduction and b.space.int8_reads and ch.int(0, 1) == 1)
    if int8 and n_new and not b.typed("i8"):
        raise WorkloadError("int8 inputs switched off")
    in_dtype = ("i8" if int8 else b.pick(("f16", "f16", "f32"), b.typed)) if n_new else None
    for _ in range(n_new):
        amap = access(b, dims, iters)
        shape = tuple(a.range(dims)[1] + 1 for a in amap)
        names.append(b.tensor(shape, in_dtype, exact_bound(terms, out, len(srcs) + n_new)))
        maps.append(amap)
    if n_new:
        _read_reductions_plainly(b, names, maps, dims, iters, len(srcs))
    dtypes = tuple(b.types[n][1] for n in names)
    if reduction:
        operands = [Expr("in", index=i) if t == out else Expr("cast", (Expr("in", index=i),), dtype=out)
                    for i, t in enumerate(dtypes)]
        e = operands[0]
        for o in operands[1:]:
            e = Expr("mul", (e, o))
        red = b.pick(("add", "add", "add", "max", "min"), lambda r: b.on(f"reduce:{r}"), "add")
        return b.add(Generic(b.name(), tuple(names), dims, iters, tuple(maps), e, out, red))
    e = body(b, out, dtypes, ch.int(1, 3))
    return b.add(Generic(b.name(), tuple(names), dims, iters, tuple(maps), e, out))


# --------------------------------------------------------------------------
# Whole cases


def _conv_types(b: Builder) -> tuple[str, str]:
    return b.pick((("f16", "f16"), ("f16", "f32"), ("i8", "i32")), lambda t: b.on(f"conv:acc-{t[1]}"))


def _generic_out(b: Builder, out: str) -> bool:
    """Whether a generic may produce ``out``: int32 generics read int8 inputs, narrowing to int8 clamps."""
    return b.typed(out) and (out != "i32" or b.typed("i8")) and (out != "i8" or b.on("body:clamp"))


def _requant_out(b: Builder, out: str) -> bool:
    """Requantizing to int8 rounds and clamps; dequantizing to f16 does neither."""
    return b.typed(out) and (out == "f16" or (b.on("body:round") and b.on("body:clamp")))


def _build(b: Builder, kind: str) -> str:
    ch = b.ch
    outs = lambda options: b.pick(options, lambda o: _generic_out(b, o))  # noqa: E731
    if kind == "conv":
        return conv(b, *_conv_types(b))
    if kind == "conv_requant":
        return requantize(b, conv(b, "i8", "i32"), b.pick(("i8", "i8", "f16"), lambda o: _requant_out(b, o)))
    if kind == "elementwise":
        out = outs(("f16", "f32", "i32", "i8"))
        first = generic(b, [], ch.int(1, 3), False, out)
        dims = None if b.on("map:broadcast") else b.types[first][0]  # new loop dims broadcast ``first``
        return generic(b, [first], ch.int(0, 1), False, outs(("f16", "f32", out)), dims) if ch.int(0, 1) else first
    if kind == "reduction":
        acc = outs(("f16", "f32", "i32"))
        return generic(b, [], ch.int(1, 2), True, acc)
    # mixed: a conv or reduction feeding a reduction or elementwise consumer
    if ch.int(0, 1):
        src = conv(b, *_conv_types(b))
        if b.types[src][1] == "i32" and ch.int(0, 1) and _requant_out(b, "i8"):
            src = requantize(b, src, "i8")
    else:
        src = generic(b, [], ch.int(1, 2), True, outs(("f16", "f32", "i32")))
    return consumer(b, src)


def _layout_of(b: Builder, name: str) -> str | None:
    """The conv layout a 4-D value inherits from the conv that made it (through its epilogues)."""
    for op in reversed(b.ops):
        if isinstance(op, Conv2d):
            return op.layout if len(b.types[name][0]) == 4 else None
    return None


def consumer(b: Builder, src: str) -> str:
    """An op reading ``src``: a reduction or elementwise generic over it, or (wide space) a conv of it."""
    ch = b.ch
    t = b.types[src][1]
    layout = _layout_of(b, src)
    if b.space.consumers and layout and t in ("i8", "f16") and ch.int(0, 2) == 0:
        shape = b.types[src][0]
        if min(shape[1:3] if layout == "NHWC" else shape[2:]) >= 3:
            acc = "i32" if t == "i8" else b.pick(("f16", "f32"), lambda a: b.on(f"conv:acc-{a}"))
            out = conv(b, t, acc, src, layout)
            return requantize(b, out, b.pick(("i8", "f16"), lambda o: _requant_out(b, o))) \
                if t == "i8" and ch.int(0, 1) else out
    i8_next = b.pick(("i32", "i8"), lambda o: _generic_out(b, o)) if b.space.int8_reads and t == "i8" else "i32"
    floats = b.pick(("f16", "f32"), b.typed) if b.typed("f16") or b.typed("f32") else None
    nxt = {"i8": i8_next, "i32": "i32", "f16": floats, "f32": "f32"}[t]
    if ch.int(0, 1):
        return generic(b, [src], 0, True, nxt, dims=b.types[src][0]) if t == nxt else \
            generic(b, [src], 0, False, nxt, dims=b.types[src][0])
    return generic(b, [src], ch.int(0, 1), False, b.pick(("f16", "f32"), b.typed) if t in FLOAT_DTYPES else nxt,
                   dims=b.types[src][0])


def _too_big(case: Case, space: Space = DEFAULT) -> bool:
    types = case.tensor_types()
    work = 0
    for op in case.ops:
        out = prod(types[op.name][0])
        work += out * (case.reduction_length() if isinstance(op, Conv2d) else
                       prod(op.dims) // max(out, 1))
    return work > space.work or any(prod(s) > space.elements for s, _ in types.values())


def acceptable(case: Case, exact: bool = False, space: Space = DEFAULT) -> bool:
    """Defined semantics, finite and f16-safe values, small enough to run in about a second, and, for
    exact-input cases, exact end to end: every correct compilation gives the reference bit for bit."""
    if _too_big(case, space):
        return False
    try:
        env = evaluate(case)
    except WorkloadError:  # UndefinedBehavior
        return False
    if exact and not all(env[n].exact for n in case.outputs):
        return False
    return all(np.all(np.isfinite(v.data)) and (v.dtype != "f16" or np.abs(v.data).max(initial=0) < F16_SAFE)
               for v in env.values())


def build(ch: Chooser, name: str = "case", space: Space = DEFAULT,
          off: frozenset[str] = frozenset()) -> tuple[Case, bool]:
    """A random case without the features in ``off``, and whether its inputs are exact-mode integers."""
    b = Builder(ch, False, space, off)
    kind = b.pick(KINDS, lambda k: b.on(f"kind:{k}"))
    modes = [m for m in ("realistic", "exact") if b.on(f"inputs:{m}")]
    b.exact = bool(ch.int(0, 1)) if len(modes) == 2 else modes == ["exact"]
    out = _build(b, kind)
    for _ in range(ch.int(0, space.consumers) if space.consumers and b.on("chain:long") else 0):
        out = consumer(b, out)
    note = f"generated: kind={kind} inputs={'exact' if b.exact else 'realistic'}" + \
        ("" if space is DEFAULT else f" space={space.name}")
    case = Case(tuple(b.inputs), tuple(b.ops), (out,), name, note, swarm=tuple(sorted(off)))
    if off and not off.isdisjoint(features.of(case, b.types)):  # decisions can combine into a switched-off
        raise WorkloadError("the draw exercises a feature switched off")  # feature: a chained conv turns dense
    return case, b.exact


def generate(seed: int, space: Space = DEFAULT, swarm: Swarm = Swarm(), attempts: int = 200) -> Case:
    """The deterministic case for ``seed``: its swarm draw (none with ``swarm.enabled`` false), then the
    first acceptable draw of the same seeded stream (a draw never exercises a feature switched off)."""
    ch = RandomChooser(random.Random(seed))
    off = swarm.draw(ch)
    name = f"seed{seed}" if space is DEFAULT else f"{space.name}{seed}"
    for _ in range(attempts):
        try:
            case, exact = build(ch, name, space, off)
        except WorkloadError:
            continue
        if acceptable(case, exact, space):
            return case
    raise RuntimeError(f"generator found no acceptable case for seed {seed} in {attempts} draws "
                       f"with {', '.join(sorted(off)) or 'nothing'} switched off")


def cases(swarm: Swarm = Swarm()):
    """Hypothesis strategy over the same generator, swarm draw included (shrinks toward every feature on)."""
    from hypothesis import assume
    from hypothesis import strategies as st

    @st.composite
    def _cases(draw):
        ch = HypothesisChooser(draw)
        off = swarm.draw(ch)
        try:
            case, exact = build(ch, off=off)
        except WorkloadError:
            assume(False)
        assume(acceptable(case, exact))
        return case

    return _cases()
