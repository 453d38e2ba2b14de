"""Lower a case to the TOSA dialect, as a TFLite model arrives at IREE (``tosa.conv2d`` and friends).

Ops are written in MLIR's generic form (``"tosa.add"(...)``), whose syntax does not move with the
dialect's pretty printer; constants as bit patterns, so the text means the exact value.

* ``conv2d``: ``tosa.conv2d`` on NHWC input and OHWI weights, zero points (0) as operands,
  ``acc_type`` the case's accumulator (f16 inputs with f32 accumulation produce f32), NCHW cases
  transposed in and out; depthwise (one input channel per group) as ``tosa.depthwise_conv2d`` with
  the multiplier as the last weight dim; other groups as one conv per group on slices,
  concatenated.  TOSA requires the padded extent minus the dilated kernel to divide by the stride:
  the padding (or input) rows a strided conv never reads are dropped first.  An i32 conv whose one
  consumer adds a per-channel bias takes the bias as its bias operand (integer: exact); so does a conv's
  bias init (``fuzz.case.ops.init``), and a full init is a ``tosa.add`` after it.
* ``reshape``: ``tosa.reshape`` (collapse, expand) and ``tosa.transpose``.  Matmuls, pools and pads are not
  lowered (``NotExpressible``).
* elementwise and reduction generics: each input read through transpose / slice / reverse and a
  reshape to the loop rank (size 1 where it broadcasts), the body as TOSA elementwise ops, then
  ``reduce_sum`` / ``reduce_max`` / ``reduce_min`` over the reduction dims.  Float -> int casts
  truncate as the case declares (``floor``/``ceil`` under a ``select``: ``tosa.cast`` rounds to
  nearest even); ``round`` is that cast there and back; an i32 clamp is ``maximum`` then ``minimum``
  (TOSA's integer profile has no i32 clamp).
* a requantize (``clamp(round(f32(x + bias) * s) + zp)`` to i8) becomes ``tosa.rescale`` with a
  multiplier and shift representing ``s`` exactly, but only where that equals the case's semantics
  on the case's own values: rescale rounds ties up and computes ``x * s`` exactly where the case
  rounds half to even after an f32 multiply.  Elsewhere it is the float ops above, which are exact.

What TOSA cannot express raises ``NotExpressible`` with the reason: a windowed or diagonal read
(``d0*2 + d2``: TOSA has no strided gather), and integer arithmetic or comparison on i8 (TOSA's
integer profile computes in i32); a case with dynamic dims is not lowered (static shapes only).
``lower`` returns the text and notes for the facts (which requantizations became ``tosa.rescale``).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from frontends.iree.emit import Emitter, literal
from frontends.iree.tosa_requant import bias_add, multiplier_shift, requantize_parts, rescale_exact, without_bias
from fuzz.case.ops.expr import V1_OPS
from fuzz.case.workload import Case, Conv2d, Expr, Generic, Reshape, expr_dtype
from fuzz.case.dynamic import is_dynamic
from fuzz.execute.backend import NotExpressible

_ELEM = {"f16": "f16", "f32": "f32", "i8": "i8", "i32": "i32", "i1": "i1", "bf16": "bf16"}  # no float8: tosa_frontend.REJECTS
_WIDE = "an i64 value: kernelfuzz's TOSA lowering spells no i64 (TOSA's integer profiles compute in i32)"
_BINARY = {"add": "add", "sub": "sub", "max": "maximum", "min": "minimum"}
_REDUCE = {"add": "reduce_sum", "max": "reduce_max", "min": "reduce_min"}


@dataclass(frozen=True)
class TV:
    """A TOSA tensor value: SSA name, shape, element type."""

    name: str
    shape: tuple[int, ...]
    dtype: str

    @property
    def type(self) -> str:
        return "tensor<" + "".join(f"{n}x" for n in self.shape) + _ELEM[self.dtype] + ">"


class Tosa:
    """Emits TOSA ops in generic form; every helper returns the result's ``TV``."""

    def __init__(self):
        self.em = Emitter()

    def op(self, name: str, args: list, shape, dtype: str, attrs: str = "", extra: list[str] = ()) -> TV:
        """``extra``: operands that are not tensors (``!tosa.shape`` values), written after the tensors."""
        operands = [a.name for a in args] + [e for e, _ in extra]
        types = [a.type for a in args] + [t for _, t in extra]
        out = TV(self.em.fresh("t"), tuple(shape), dtype)
        self.em.emit(f'{out.name} = "tosa.{name}"({", ".join(operands)}){attrs} : ({", ".join(types)}) -> {out.type}')
        return out

    def const(self, value, dtype: str, shape=(1,)) -> TV:
        ty = TV("", tuple(shape), dtype).type
        return self.op("const", [], shape, dtype, f" {{values = dense<{literal(value, dtype)}> : {ty}}}")

    def shape(self, dims) -> tuple[str, str]:
        name = self.em.fresh("s")
        n = len(dims)
        self.em.emit(f'{name} = "tosa.const_shape"() {{values = dense<[{", ".join(map(str, dims))}]> : '
                     f'tensor<{n}xindex>}} : () -> !tosa.shape<{n}>')
        return name, f"!tosa.shape<{n}>"

    def reshape(self, x: TV, shape) -> TV:
        shape = tuple(shape)
        return x if shape == x.shape else self.op("reshape", [x], shape, x.dtype, extra=[self.shape(shape)])

    def transpose(self, x: TV, perms: list[int]) -> TV:
        if perms == list(range(len(perms))):
            return x
        return self.op("transpose", [x], [x.shape[p] for p in perms], x.dtype,
                       f" {{perms = array<i32: {', '.join(map(str, perms))}>}}")

    def slice(self, x: TV, start, size) -> TV:
        if tuple(size) == x.shape:
            return x
        return self.op("slice", [x], size, x.dtype, extra=[self.shape(start), self.shape(size)])

    def reverse(self, x: TV, axis: int) -> TV:
        return self.op("reverse", [x], x.shape, x.dtype, f" {{axis = {axis} : i32}}")

    def tile(self, x: TV, shape) -> TV:
        multiples = [n if m == 1 else 1 for n, m in zip(shape, x.shape)]
        return x if all(m == 1 for m in multiples) else self.op("tile", [x], shape, x.dtype, extra=[self.shape(multiples)])

    def cast(self, x: TV, dtype: str) -> TV:
        return x if x.dtype == dtype else self.op("cast", [x], x.shape, dtype)

    def elementwise(self, name: str, args: list[TV], dtype: str | None = None, attrs: str = "") -> TV:
        shape = tuple(max(d) for d in zip(*(a.shape for a in args)))  # TOSA broadcasts equal ranks over 1s
        return self.op(name, args, shape, dtype or args[0].dtype, attrs)

    def mul(self, a: TV, b: TV) -> TV:
        shape = tuple(max(d) for d in zip(a.shape, b.shape))
        return self.op("mul", [a, b, self.const(0, "i8")], shape, a.dtype)  # the third operand: shift 0

    def select(self, cond: TV, a: TV, b: TV) -> TV:
        return self.elementwise("select", [cond, a, b], a.dtype)

    def concat(self, parts: list[TV], axis: int) -> TV:
        shape = list(parts[0].shape)
        shape[axis] = sum(p.shape[axis] for p in parts)
        return parts[0] if len(parts) == 1 else self.op("concat", parts, shape, parts[0].dtype, f" {{axis = {axis} : i32}}")


# ---------------------------------------------------------------- generics


def _read(a, nd: int, where: str) -> tuple[int | None, int, int]:
    """(loop dim or None for a constant index, coefficient +-1, offset) of one input index."""
    if a.divs:
        raise NotExpressible(f"{where} reads {a}: a floordiv/mod index, which TOSA cannot express (no gather by "
                             "computed index)")
    used = [d for d, c in enumerate(a.coeffs) if c]
    if not used:
        return None, 0, a.offset
    if len(used) > 1 or abs(a.coeffs[used[0]]) != 1:
        raise NotExpressible(f"{where} reads {a}: a windowed read, which TOSA cannot express (no strided gather)")
    return used[0], a.coeffs[used[0]], a.offset


def view(t: Tosa, x: TV, amap, dims: tuple[int, ...], where: str) -> TV:
    """The input as a tensor of rank len(dims) with axes in loop order (size 1 where it broadcasts)."""
    reads = [_read(a, len(dims), where) for a in amap]
    loops = [d for d, _, _ in reads if d is not None]
    if len(set(loops)) != len(loops):
        raise NotExpressible(f"{where} reads one loop dim at two of its indices ({', '.join(map(str, amap))}): a "
                             f"diagonal gather, which TOSA cannot express")
    start = [o if c >= 0 else o - dims[d] + 1 for d, c, o in reads]
    size = [1 if d is None else dims[d] for d, _, _ in reads]
    x = t.slice(x, start, size)
    for axis, (d, c, _) in enumerate(reads):
        if c < 0 and dims[d] > 1:
            x = t.reverse(x, axis)
    kept = [d for d, _, _ in reads if d is not None]
    x = t.reshape(x, [dims[d] for d in kept])
    x = t.transpose(x, sorted(range(len(kept)), key=lambda k: kept[k]))
    return t.reshape(x, [dims[d] if d in kept else 1 for d in range(len(dims))])


def _trunc(t: Tosa, x: TV, dtype: str) -> TV:
    """Float -> int truncating toward zero (the case's cast), exact: tosa.cast itself rounds to nearest even."""
    up = t.elementwise("greater_equal", [x, t.const(0, x.dtype, (1,) * len(x.shape))], "i1")
    whole = t.select(up, t.elementwise("floor", [x]), t.elementwise("ceil", [x]))
    return t.cast(whole, dtype)


def _round(t: Tosa, x: TV) -> TV:
    """Round half to even: tosa.cast to i32 and back, for f32 only below 2^23 (above, x is integral)."""
    back = t.cast(t.cast(x, "i32"), x.dtype)
    if x.dtype == "f16":  # every f16 fits i32
        return back
    small = t.elementwise("greater", [t.const(2.0 ** 23, "f32", (1,) * len(x.shape)), t.elementwise("abs", [x])], "i1")
    return t.select(small, back, x)


def _cast(t: Tosa, x: TV, dtype: str) -> TV:
    if x.dtype.startswith("f") and dtype.startswith("i"):
        return _trunc(t, x, dtype)
    return t.cast(x, dtype)


def _clamp(t: Tosa, x: TV, lo: float, hi: float) -> TV:
    """tosa.clamp, except on i32, where TOSA's integer profile allows only maximum and minimum."""
    if x.dtype == "i32":
        ones = (1,) * len(x.shape)
        return t.elementwise("minimum", [t.elementwise("maximum", [x, t.const(lo, "i32", ones)]), t.const(hi, "i32", ones)])
    attrs = f" {{min_val = {literal(lo, x.dtype)} : {x.dtype}, max_val = {literal(hi, x.dtype)} : {x.dtype}}}"
    return t.elementwise("clamp", [x], attrs=attrs)


def _int8_arith(where: str, what: str, dtype: str) -> None:
    if dtype == "i8":
        raise NotExpressible(f"{where}: {what} on i8, which TOSA's integer profile computes only in i32")


def body(t: Tosa, e: Expr, read, rank: int, where: str) -> TV:
    """The body as TOSA ops; ``read(k)`` is the view of input k."""
    if e.op == "in":
        return read(e.index)
    if e.op in ("const", "cast") and e.dtype not in _ELEM:
        raise NotExpressible(f"{where}: {_WIDE}")
    if e.op == "const":
        return t.const(e.value, e.dtype, (1,) * rank)
    if e.op not in V1_OPS:
        raise NotExpressible(f"{where}: body op {e.op} is not lowered to TOSA by kernelfuzz (its TOSA lowering "
                             "covers the body ops of the first case format)")
    args = [body(t, a, read, rank, where) for a in e.args]
    a = args[0]
    if e.op in ("add", "sub", "mul", "max", "min"):
        _int8_arith(where, e.op, a.dtype)
        return t.mul(a, args[1]) if e.op == "mul" else t.elementwise(_BINARY[e.op], args)
    if e.op == "cast":
        return _cast(t, a, e.dtype)
    if e.op == "round":
        return _round(t, a)
    if e.op == "exp":
        return t.elementwise("exp", [a])
    if e.op == "clamp":
        return _clamp(t, a, e.lo, e.hi)
    _int8_arith(where, "a comparison", a.dtype)
    x, y = (args[1], a) if e.pred in ("lt", "le") else (a, args[1])
    cmp = {"gt": "greater", "lt": "greater", "ge": "greater_equal", "le": "greater_equal", "eq": "equal"}[e.pred]
    return t.select(t.elementwise(cmp, [x, y], "i1"), args[2], args[3])


def generic(t: Tosa, op: Generic, ins: list[TV]) -> TV:
    where = f"op {op.name!r}"
    views: dict[int, TV] = {}

    def read(k: int) -> TV:
        if k not in views:
            views[k] = view(t, ins[k], op.maps[k], op.dims, f"{where} input {k}")
        return views[k]

    value = t.tile(body(t, op.body, read, len(op.dims), where), op.dims)
    for axis in op.reduction:
        shape = tuple(1 if d == axis else n for d, n in enumerate(value.shape))
        value = t.op(_REDUCE[op.reduce], [value], shape, value.dtype, f" {{axis = {axis} : i32}}")
    return t.reshape(value, [op.dims[d] for d in op.parallel])


# ---------------------------------------------------------------- convolutions


def _fit_stride(size: int, lo: int, hi: int, k: int, d: int, s: int) -> tuple[int, int]:
    """(padding after, rows of input kept) so that TOSA's exact-division rule holds; dropped rows are never read."""
    extra = (size + lo + hi - (k - 1) * d - 1) % s
    cut = min(extra, hi)
    return hi - cut, size - (extra - cut)


def _conv_nhwc(t: Tosa, op: Conv2d, x: TV, w_ohwi: TV, bias: TV | None, depthwise: bool) -> TV:
    n, h, wd, c = x.shape
    kh, kw = (w_ohwi.shape[0], w_ohwi.shape[1]) if depthwise else (w_ohwi.shape[1], w_ohwi.shape[2])
    pt, pb, pl, pr = op.padding
    (sh, sw), (dh, dw) = op.stride, op.dilation
    pb, h = _fit_stride(h, pt, pb, kh, dh, sh)
    pr, wd = _fit_stride(wd, pl, pr, kw, dw, sw)
    x = t.slice(x, [0, 0, 0, 0], [n, h, wd, c])
    oh, ow = (h + pt + pb - (kh - 1) * dh - 1) // sh + 1, (wd + pl + pr - (kw - 1) * dw - 1) // sw + 1
    f = w_ohwi.shape[2] * w_ohwi.shape[3] if depthwise else w_ohwi.shape[0]
    zx, zw = op.zero_points or (0, 0)  # TOSA pads with the input zero point, as the case does
    izp, wzp = t.const(zx, x.dtype), t.const(zw, w_ohwi.dtype)
    bias = bias or t.const(0, op.acc)
    attrs = (f" {{acc_type = {op.acc}, dilation = array<i64: {dh}, {dw}>, pad = array<i64: {pt}, {pb}, {pl}, {pr}>, "
             f"stride = array<i64: {sh}, {sw}>}}")
    return t.op("depthwise_conv2d" if depthwise else "conv2d", [x, w_ohwi, bias, izp, wzp], (n, oh, ow, f),
                op.acc, attrs)


def conv(t: Tosa, op: Conv2d, x: TV, w: TV, bias: TV | None = None) -> TV:
    nhwc = op.layout == "NHWC"
    x = x if nhwc else t.transpose(x, [0, 2, 3, 1])
    w = t.transpose(w, [3, 0, 1, 2] if nhwc else [0, 2, 3, 1])  # -> OHWI: (filters, kh, kw, channels per group)
    f, kh, kw, cpg = w.shape
    g, c = op.groups, x.shape[3]
    if g > 1 and cpg == 1 and g == c:  # depthwise: weights (kh, kw, channels, multiplier)
        hwcm = t.reshape(t.transpose(w, [1, 2, 3, 0]), (kh, kw, c, f // c))
        out = _conv_nhwc(t, op, x, hwcm, bias, True)
    else:
        fpg, n, h, wd = f // g, *x.shape[:3]
        parts = [_conv_nhwc(t, op, t.slice(x, [0, 0, 0, k * cpg], [n, h, wd, cpg]),
                            t.slice(w, [k * fpg, 0, 0, 0], [fpg, kh, kw, cpg]),
                            None if bias is None else t.slice(bias, [k * fpg], [fpg]), False) for k in range(g)]
        out = t.concat(parts, 3)
    return out if nhwc else t.transpose(out, [0, 3, 1, 2])


def _conv_into(t: Tosa, op: Conv2d, ins: list[TV], bias: TV | None) -> TV:
    """A conv with its init operand (``fuzz.case.ops.init``): a bias is ``tosa.conv2d``'s own bias operand, as the
    TOSA legalizations of Conv with a bias give it; a full init (or a bias beside a fused one) is a ``tosa.add``."""
    init = ins[2] if len(ins) == 3 else None
    if init is not None and len(init.shape) == 1 and bias is None:
        bias, init = init, None
    out = conv(t, op, ins[0], ins[1], bias)
    if init is None:
        return out
    if len(init.shape) == 1:
        init = t.reshape(init, [init.shape[0] if d == op.channel_axis else 1 for d in range(4)])
    return t.elementwise("add", [out, init])


# ---------------------------------------------------------------- requantization


def _rescale(t: Tosa, x: TV, scale: float, zp: float) -> TV:
    m, shift = multiplier_shift(scale)
    args = [x, t.const(m, "i32"), t.const(shift, "i8"), t.const(0, "i32"), t.const(int(zp), "i8")]
    return t.op("rescale", args, x.shape, "i8", " {scale32 = true, rounding_mode = #tosa.rounding_mode<SINGLE_ROUND>, "
                                                "per_channel = false, input_unsigned = false, output_unsigned = false}")


# ---------------------------------------------------------------- whole cases


def _consumers(case: Case) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for op in case.ops:
        for n in set(op.inputs):
            out.setdefault(n, []).append(op.name)
    return out


def _arg(name: str) -> str:
    """An input's SSA name, prefixed as iree_lower does, so an input named like an emitted value (t1, s2) cannot
    redefine it."""
    return f"%arg_{name}"


def lower(case: Case, env: dict | None = None) -> tuple[str, dict]:
    """The TOSA module text of the case (function ``@main``) and notes: how each requantize was lowered.

    ``env``: the reference values of the case (``fuzz.judge.reference.evaluate``), which decide whether a requantize
    may be ``tosa.rescale``; without them every requantize is float ops."""
    if is_dynamic(case):
        raise NotExpressible("a case with dynamic dims: kernelfuzz's TOSA lowering spells static shapes only "
                             "(its reshapes and rescales take constant shapes); the linalg configurations take them")
    if any(i.dtype == "i4" for i in case.inputs):
        raise NotExpressible("an int4 (i4) weight input: kernelfuzz's TOSA lowering has no i4 tensors (TOSA takes "
                             "int4 only as the weights of its quantized conv profile); the linalg configurations take them")
    types = case.tensor_types()
    if any(dt not in _ELEM for _, dt in types.values()):
        raise NotExpressible(f"{_WIDE}; the linalg configurations take them")
    t, notes = Tosa(), {}
    vals = {i.name: TV(_arg(i.name), *types[i.name]) for i in case.inputs}
    consumers = _consumers(case)
    fused = {op.name: bias_add(op, case, consumers) for op in case.ops if isinstance(op, Generic)}
    bias_of = {f[0]: f[1] for f in fused.values() if f}
    for op in case.ops:
        ins = [vals[n] for n in op.inputs]
        if not isinstance(op, (Conv2d, Generic, Reshape)):
            raise NotExpressible(f"{op.name}: a {op.kind} is not lowered to TOSA by kernelfuzz (its TOSA lowering "
                                 "covers convs, generics and reshapes)")
        if isinstance(op, Reshape):
            vals[op.name] = t.transpose(ins[0], list(op.perm)) if op.mode == "transpose" else \
                t.reshape(ins[0], types[op.name][0])
            continue
        if isinstance(op, Conv2d):
            vals[op.name] = _conv_into(t, op, ins, vals[bias_of[op.name]] if op.name in bias_of else None)
            continue
        if fused[op.name]:
            op = replace(op, body=without_bias(op.body, op.inputs.index(fused[op.name][0])))
        vals[op.name] = _generic_or_rescale(t, op, ins, fused[op.name], case, env, notes)
    results = [vals[n] for n in case.outputs]
    args = ", ".join(f"{_arg(i.name)}: {vals[i.name].type}" for i in case.inputs)
    head = f"func.func @main({args}) -> ({', '.join(r.type for r in results)}) {{"
    ret = f"  return {', '.join(r.name for r in results)} : {', '.join(r.type for r in results)}"
    return "\n".join([head, *t.em.lines, ret, "}"]) + "\n", notes


def _generic_or_rescale(t: Tosa, op: Generic, ins: list[TV], fused, case: Case, env, notes: dict) -> TV:
    parts = requantize_parts(op.body)
    if parts is None or expr_dtype(parts[0], tuple(v.dtype for v in ins)) != "i32":
        return generic(t, op, ins)
    original = next(o for o in case.ops if o.name == op.name)
    ok, why = rescale_exact(original, requantize_parts(original.body), env) if env is not None else \
        (False, "no reference values to check tosa.rescale against")
    notes[op.name] = why if ok else f"float ops: {why}"
    if not ok:
        return generic(t, op, ins)
    inner = replace(op, body=parts[0], out="i32", reduce=None)
    return _rescale(t, generic(t, inner, ins), parts[1], parts[2])
