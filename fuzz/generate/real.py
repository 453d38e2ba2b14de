"""Real-size cases (``size:real``): a conv, quantized conv, matmul, attention or int4 weight-only layer of a real
model, or of tile-boundary sizes (``fuzz/generate/sizes.py``), with its usual epilogue.

Kinds: ``conv`` (f16 operands, f32 accumulator, or f16 where the reduction is at most 512 terms: the TVM seed's
class), ``mixed`` (such a conv, then a bias and an activation: ReLU, SiLU or tanh-GELU), ``conv_requant`` (an int8
conv accumulated in i32, then the requantize or dequantize epilogue of the SDXL seed's class), ``matmul`` (f16 or
f32, or int8 with zero points; B stored N x K as a linear layer's weight where ``matmul:transposed`` is on; a bias
and activation half the time), ``attention`` and ``weight_only`` (int4 weights dequantized per channel or per group
of 32 to 128 along K, a matmul accumulated in f32).  Inputs are realistic, never splat: normal, positive or
wide-range floats, full-range int8; where the swarm switches realistic inputs off, exact integers small enough
that every partial sum is exact (``exact_bound``).  Every choice asks the swarm (``b.on`` / ``b.pick``): a layer needing a
feature switched off (a strided or padded conv, a depthwise one, a batch matmul) is not drawn.  A seed's real
size never decides whether it is int4 or attention: its own streams for those do (``kinds``), so a real-size
seed that takes int4 weights is a real int4 weight-only layer, one that takes attention a real attention.
"""
from __future__ import annotations

import numpy as np

from fuzz.case.ops.attention import Attention
from fuzz.case.workload import NUMPY_DTYPE, Affine, Case, Conv2d, Expr, Generic, Matmul, ValueSpec, WorkloadError
from fuzz.generate import attention as attn
from fuzz.generate import features, quant
from fuzz.generate.base import Builder, Chooser, exact_bound, identity
from fuzz.generate.convs import channel_dim, named_form, requant_out, requantize, zero_points
from fuzz.generate.layers import ATTENTIONS, CONVS, MATMULS, ConvLayer
from fuzz.generate.sizes import BUDGET, REAL, Shape, boundary_shape, draw_boundary, from_layer

# The kinds a real-size case picks among; attention and int4 weights are not picked: the seed's own streams for them
# decide (``kinds``), so a real size changes a seed's size, never whether it is int4 or attention.
KINDS = ("conv", "conv", "mixed", "conv_requant", "conv_requant", "matmul", "matmul")
F16_ACC_TERMS = 512  # an f16 accumulator beyond this many terms has a bound wider than the values (gamma_K)
GROUPS = (32, 64, 128)  # int4 group sizes along K (GPTQ and AWQ use 128)


def _rounded(v: float, dtype: str) -> float:
    return float(np.asarray(v).astype(NUMPY_DTYPE[dtype]))


def _layer_or_boundary(b: Builder, rows: list, kind: str, boundary) -> Shape:
    """A fitting layer of ``rows`` half the time (always where boundaries are not drawn), else ``boundary()``."""
    shapes = [s for s in (from_layer(r, kind) for r in rows) if s is not None]
    if shapes and b.ch.int(0, 1):
        return b.ch.choice(shapes)
    shape = boundary()
    if shape is None:
        raise WorkloadError("no boundary size fits the budget")  # the generator redraws
    return shape


# ------------------------------------------------------------------ convs


def _grouping(r: ConvLayer) -> str:
    return "dense" if r.groups == 1 else "depthwise" if r.groups == r.c else "grouped"


def _conv_ok(b: Builder, r: ConvLayer, int8: bool) -> bool:
    needs = [f"conv:{_grouping(r)}"] + (["conv:strided"] if r.stride > 1 else []) + \
        (["conv:padded"] if r.pad else [])
    return r.int8 == int8 and all(b.on(f) for f in needs) and (int8 or bool(_float_accs(b, r.kh * r.kw * r.c // r.groups)))


def _float_accs(b: Builder, terms: int) -> list[str]:
    return [a for a in ("f32", "f16") if b.on(f"conv:acc-{a}") and (a == "f32" or terms <= F16_ACC_TERMS)]


def _conv_boundary(b: Builder, int8: bool):
    """Boundary convs of the grouping the swarm leaves on: dense (C and F boundary sizes), depthwise (C = F =
    groups, a boundary size) or grouped (2 to 32 groups of boundary-sized channels: the GEMM each group is)."""
    grouping = b.pick(("dense", "dense", "depthwise", "grouped"), lambda g: b.on(f"conv:{g}"))
    k = b.pick((3, 3, 1, 7), lambda v: v != 7 or b.on("conv:strided"))
    stride = 2 if k == 7 or b.coin("conv:strided", 3) else 1
    pad = k // 2 if k > 1 and b.on("conv:padded") else 0
    most_c = F16_ACC_TERMS // (k * k) if not int8 and not b.on("conv:acc-f32") else 512
    fixed = {"n": 1, "kh": k, "kw": k, "stride": stride, "pad": pad}
    if grouping == "dense":
        return lambda: boundary_shape(b.ch, "conv", {**fixed, "groups": 1}, {"c": (3, max(3, most_c)), "f": (8, 512)},
                                      "h")

    def grouped() -> Shape | None:
        if grouping == "depthwise":
            c, why = draw_boundary(b.ch, 512, 8)
            dims, how = {**fixed, "c": c, "f": c, "groups": c}, f"c={c} ({why}; depthwise: f = groups = c)"
        else:
            g = b.ch.choice((2, 4, 8, 32))
            (cpg, why_c), (fpg, why_f) = draw_boundary(b.ch, min(128, most_c), 2), draw_boundary(b.ch, 128, 2)
            dims = {**fixed, "c": g * cpg, "f": g * fpg, "groups": g}
            how = f"c={g * cpg} ({g} groups of {cpg}: {why_c}), f={g * fpg} ({g} groups of {fpg}: {why_f})"
        shape = boundary_shape(b.ch, "conv", dims, {}, "h")
        return None if shape is None else Shape(shape.dims, "boundary", f"{how}, {shape.origin}")
    return grouped


def _conv(b: Builder, int8: bool) -> tuple[str, Shape]:
    shape = _layer_or_boundary(b, [r for r in CONVS if _conv_ok(b, r, int8)], "conv", _conv_boundary(b, int8))
    d = shape.dims
    layout = b.pick(("NHWC", "NCHW"), lambda v: b.on(f"conv:{v}"))
    cpg = d["c"] // d["groups"]
    if int8:
        dtype, acc = "i8", "i32"
    else:
        accs = _float_accs(b, d["kh"] * d["kw"] * cpg)
        if not accs:
            raise WorkloadError("no float conv accumulator left on for this reduction")
        dtype, acc = "f16", b.ch.choice(accs)
    bound = exact_bound(d["kh"] * d["kw"] * cpg, acc)
    x = _input(b, (d["n"], d["h"], d["w"], d["c"]) if layout == "NHWC" else (d["n"], d["c"], d["h"], d["w"]), dtype,
               bound)
    wshape = (d["kh"], d["kw"], cpg, d["f"]) if layout == "NHWC" else (d["f"], cpg, d["kh"], d["kw"])
    w = _input(b, wshape, dtype, bound)
    zp = zero_points(b, "conv:quantized") if int8 else None
    p = d["pad"]
    op = Conv2d(b.name(), (x, w), layout, (d["stride"],) * 2, (1, 1), (p, p, p, p), d["groups"], acc,
                zero_points=zp, form=named_form(b))
    return b.add(op), shape


def _input(b: Builder, shape: tuple[int, ...], dtype: str, bound: int) -> str:
    """A realistic input (full-range int8, or the float distributions ``Builder.values`` draws), or where the
    swarm leaves only exact inputs on, integers within ``bound`` (every partial sum exact)."""
    if dtype == "i8" and not b.exact:
        return b.tensor(shape, dtype, values=ValueSpec("int", b.ch.int(0, 2**31 - 1), low=-128, high=127))
    return b.tensor(shape, dtype, bound)


# ------------------------------------------------------------------ epilogues


def _activation(b: Builder, x: Expr, dtype: str) -> Expr:
    kind = b.pick(("relu", "silu", "gelu", "none"),
                  lambda a: a == "none" or b.on({"relu": "body:max", "silu": "body:sigmoid", "gelu": "body:tanh"}[a]))

    def c(v: float) -> Expr:
        return Expr("const", dtype=dtype, value=_rounded(v, dtype))
    if kind == "relu":
        return Expr("max", (x, c(0.0)))
    if kind == "silu":
        return Expr("mul", (x, Expr("sigmoid", (x,))))
    if kind == "gelu":  # 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))), as BERT's and SDXL's tanh-GELU
        cube = Expr("mul", (Expr("mul", (x, x)), x))
        inner = Expr("mul", (c(0.7978845608), Expr("add", (x, Expr("mul", (c(0.044715), cube))))))
        return Expr("mul", (Expr("mul", (c(0.5), x)), Expr("add", (c(1.0), Expr("tanh", (inner,))))))
    return x


def epilogue(b: Builder, src: str) -> str:
    """A bias (per output channel: a broadcast read) and an activation after ``src``, in its dtype."""
    shape, dtype = b.types[src]
    axis, channels = channel_dim(b, src)
    dims = len(shape)
    ident = tuple(identity(d, dims) for d in range(dims))
    x, srcs, maps = Expr("in", index=0), (src,), (ident,)
    if b.on("map:broadcast"):
        bias = _input(b, (channels,), dtype, 8)
        x = Expr("add", (x, Expr("in", index=1)))
        srcs, maps = (src, bias), (ident, (Affine(tuple(int(i == axis) for i in range(dims))),))
    return b.add(Generic(b.name(), srcs, shape, ("parallel",) * dims, maps, _activation(b, x, dtype), dtype))


# ------------------------------------------------------------------ matmuls, attention, int4


def _matmul_types(b: Builder, k: int) -> tuple[str, str]:
    options = (("f16", "f32"), ("f16", "f32"), ("f16", "f16"), ("f32", "f32"), ("i8", "i32"))
    return b.pick(options, lambda t: b.typed(t[0]) and b.typed(t[1]) and (t != ("f16", "f16") or k <= F16_ACC_TERMS))


def _matmul_boundary(b: Builder, batched: bool):
    fixed = {"batch": b.ch.int(2, 12) if batched else 0}
    return lambda: boundary_shape(b.ch, "matmul", fixed, {"n": (8, 512), "k": (8, 512)}, "m")


def matmul(b: Builder) -> tuple[str, Shape]:
    batched = b.coin("matmul:batch", 4)
    rows = [r for r in MATMULS if bool(r.batch) == batched]
    shape = _layer_or_boundary(b, rows, "matmul", _matmul_boundary(b, batched))
    d = shape.dims
    dtype, acc = _matmul_types(b, d["k"])
    transpose = b.pick(("b", "none"), lambda t: t == "none" or b.on("matmul:transposed"), "none")
    lead = (d["batch"],) if d["batch"] else ()
    bound = exact_bound(d["k"], acc)
    a = _input(b, lead + (d["m"], d["k"]), dtype, bound)
    w = _input(b, lead + ((d["n"], d["k"]) if transpose == "b" else (d["k"], d["n"])), dtype, bound)
    zp = zero_points(b, "matmul:quantized") if acc == "i32" else None
    out = b.add(Matmul(b.name(), (a, w), acc, transpose, zp, named_form(b)))
    if acc == "i32":
        return (requantize(b, out, "i8") if requant_out(b, "i8") else out), shape
    return (epilogue(b, out) if b.ch.int(0, 1) else out), shape


def attention(b: Builder) -> tuple[str, Shape]:
    def boundary():
        fixed = {"batch": b.ch.int(1, 8)}
        return boundary_shape(b.ch, "attention", fixed, {"k2": (8, 512), "k1": (16, 129), "n": (16, 129)}, "m")
    shape = _layer_or_boundary(b, list(ATTENTIONS), "attention", boundary)
    d = shape.dims
    dtype = b.pick(attn.DTYPES, b.typed)
    kind = attn._mask_kind(b, d["k2"])
    q = attn._input(b, (d["batch"], d["m"], d["k1"]), dtype, 2)
    k = attn._input(b, (d["batch"], d["k2"], d["k1"]), dtype, 2)
    v = attn._input(b, (d["batch"], d["k2"], d["n"]), dtype, 16)
    scale = _rounded(1 / np.sqrt(d["k1"]), dtype)
    mask = attn._mask(b, kind, (d["batch"], d["m"], d["k2"]), dtype)
    return b.add(Attention(b.name(), (q, k, v) + mask, scale, kind)), shape


def weight_only(b: Builder) -> tuple[str, Shape]:
    """x (M x K) @ dequantize(int4 w), w stored K x N or N x K; the dequantized weights are an op result, so a
    layer's K x N must fit the result budget."""
    rows = [r for r in MATMULS if not r.batch and r.k * r.n <= BUDGET.outputs]
    shape = _layer_or_boundary(b, rows, "matmul", _matmul_boundary(b, False))
    d = shape.dims
    if d["k"] * d["n"] > BUDGET.outputs:
        raise WorkloadError("the dequantized weights exceed the result budget")  # a boundary draw: redrawn
    dq = b.pick(("f16", "f16", "f32"), b.typed)
    groups = [g for g in GROUPS if d["k"] % g == 0]
    granularity = quant._granularity(b, bool(groups))
    group = b.ch.choice(groups) if granularity == "group" else 1
    transpose = b.pick(("b", "none"), lambda t: t == "none" or b.on("matmul:transposed"), "none")
    x = _input(b, (d["m"], d["k"]), dq, quant._activation_bound(b, d["k"]))
    w = quant._weights(b, (d["n"], d["k"]) if transpose == "b" else (d["k"], d["n"]))
    out_axis, k_axis = (0, 1) if transpose == "b" else (1, 0)
    dq_w = quant.dequantize(b, w, dq, out_axis, granularity, group, k_axis)
    mm = b.add(Matmul(b.name(), (x, dq_w), "f32", transpose, None, named_form(b)))
    return quant._to_f16(b, mm, dq), shape


def _conv_kind(int8: bool, then_epilogue: bool):
    def draw(b: Builder) -> tuple[str, Shape]:
        out, shape = _conv(b, int8)
        if int8:
            return requantize(b, out, b.pick(("i8", "i8", "f16"), lambda o: requant_out(b, o))), shape
        return (epilogue(b, out) if then_epilogue else out), shape
    return draw


FAMILIES = {"conv": _conv_kind(False, False), "mixed": _conv_kind(False, True), "conv_requant": _conv_kind(True, False),
            "matmul": matmul, "attention": attention, "weight_only": weight_only}


def kinds(b: Builder, on: frozenset[str], only: frozenset[str]) -> tuple[str, ...]:
    """The kinds this draw may take: the int4 weight-only kind where the seed takes int4 weights, else attention
    where it takes attention (each decided by its own stream, or pinned: ``fuzz/generate/seeded.py``), else those
    of ``KINDS`` the swarm leaves on and, where ``only`` (``--only``) names kinds, among them."""
    if "dtype:i4" in on:
        return ("weight_only",)
    if "kind:attention" in on:
        return ("attention",)
    named = {n for n in only if n.startswith("kind:")}
    return tuple(k for k in KINDS if b.on(f"kind:{k}") and (not named or f"kind:{k}" in named))


def build(ch: Chooser, name: str, off: frozenset[str], only: frozenset[str] = frozenset(),
          on: frozenset[str] = frozenset()) -> tuple[Case, bool]:
    """A real-size case without the features in ``off``, of a kind ``kinds`` allows (``WorkloadError`` where this
    draw cannot be one; ``on``: the seeded features the seed takes), and whether its inputs are exact (only where
    the swarm switched realistic inputs off)."""
    b = Builder(ch, "inputs:realistic" in off, REAL, off)
    allowed = kinds(b, on, only)
    if not allowed:
        raise WorkloadError("no real-size kind is left on")  # the seed draws its ordinary case
    kind = ch.choice(list(allowed))
    out, shape = FAMILIES[kind](b)
    note = f"generated: kind={kind} inputs={'exact' if b.exact else 'realistic'}" + shape.note()
    outputs = (out,) + tuple(o for o in b.extra_outputs if o != out)
    case = Case(tuple(b.inputs), tuple(b.ops), outputs, name, note, swarm=tuple(sorted(off)))
    if off and not off.isdisjoint(features.of(case, b.types)):
        raise WorkloadError(f"the draw exercises {sorted(off & set(features.of(case, b.types)))}, switched off")
    return case, b.exact
