"""Lower a case to a TVM PrimFunc through TE.

TE gives the ``T.init`` + reduce-axis block form of real TVM bug reports.
TE and TVMScript cast mixed dtypes silently, so every cast the case declares
is emitted explicitly and every binary op gets operands of one dtype.
The PrimFunc's parameters are the case inputs followed by its outputs (a
DAG case: several outputs, values read by several ops).

Body ops map one to one onto TIR (``floordiv`` / ``floormod`` /
``truncdiv`` / ``truncmod``, ``shift_left`` / ``shift_right``,
``bitwise_*``, ``sqrt``, ``tanh``, ``sigmoid``); quasi-affine reads become
``floordiv`` / ``floormod`` index expressions.  Attention is the TE computes of its generic form (two
matmuls around a softmax: ``fuzz.case.ops.attention.decompose``).  Matmuls and pools are the TE
computes of their generic twins (``as_generic``: the same loops and body),
quantized convs subtract their zero points in the product and pad with the
image zero point, and ``pad`` is a compute with ``if_then_else``.  A conv or matmul with an init operand is
its sum then one add of the init, and a reshape one compute (``frontends.tvm.forms``).

``faults`` plants deliberate miscompiles (``FAULTS``) into the lowering.  They
exist to measure the fuzzer itself: the test-only mutant configurations in
``tests/mutants.py`` compile real, wrong programs with them.
"""
from __future__ import annotations

from dataclasses import replace

import tvm
from tvm import te, tirx

from frontends.tvm.forms import accumulate, reshape
from fuzz.case.dynamic import dynamic_dims
from fuzz.case.ops.attention import decompose
from fuzz.case.ops.init import init_of
from fuzz.case.workload import FLOAT_DTYPES, Affine, Attention, Case, Conv2d, Expr, Generic, Matmul, Pad, Pool2d, Reshape

TVM_DTYPE = {"f16": "float16", "f32": "float32", "i8": "int8", "i32": "int32", "i64": "int64", "bf16": "bfloat16",
             "f8E4M3FN": "float8_e4m3fn", "f8E5M2": "float8_e5m2", "f8E4M3FNUZ": "float8_e4m3fnuz",
             "f8E5M2FNUZ": "float8_e5m2fnuz"}  # ml_dtypes' names too: TVM's tensors take those arrays
_COMPARE = {"gt": tirx.GT, "lt": tirx.LT, "ge": tirx.GE, "le": tirx.LE, "eq": tirx.EQ}
_REDUCER = {"add": te.sum, "max": te.max, "min": te.min}
_BINARY = {"add": tirx.Add, "sub": tirx.Sub, "mul": tirx.Mul, "max": tirx.Max, "min": tirx.Min, "div": tirx.Div,
           "floordiv": tirx.floordiv, "floormod": tirx.floormod, "truncdiv": tirx.truncdiv,
           "truncmod": tirx.truncmod, "shl": tirx.shift_left, "shr": tirx.shift_right, "and": tirx.bitwise_and,
           "or": tirx.bitwise_or, "xor": tirx.bitwise_xor}
_UNARY = {"exp": tirx.exp, "sqrt": tirx.sqrt, "tanh": tirx.tanh, "sigmoid": tirx.sigmoid, "abs": tirx.abs,
          "erf": tirx.erf}
FAULTS = {
    "skip-last": "the last reduction loop with more than one iteration skips its last iteration",
    "pad-off-by-one": "conv padding offset off by one: the first real row (or column) reads as padding",
    "f16-acc": "f16 accumulation where the case declares f32",
    "round-half-away": "round half away from zero where the case declares half to even",
    "floordiv-trunc": "integer floordiv rounded toward zero (truncdiv) where the case declares floor",
    "softmax-no-max": "exp(a - b) computed as exp(a): a softmax that forgets to subtract the row maximum",
    "matmul-drop-k": "every matmul skips the last iteration of its k loop",
}


def _round(x, t: str, faults: frozenset):
    if "round-half-away" not in faults:
        return tirx.nearbyint(x)  # round half to even, like numpy.rint
    half = _const(0.5, t)
    return tirx.Select(x >= _const(0.0, t), tirx.floor(x + half), tirx.ceil(x - half))


def _axes(extents: list[int], names: list[str], faults: frozenset) -> list:
    """Reduce axes; under "skip-last" the last one with extent > 1 is one short."""
    cut = max((k for k, n in enumerate(extents) if n > 1), default=None) if "skip-last" in faults else None
    return [te.reduce_axis((0, n - (k == cut)), name) for k, (n, name) in enumerate(zip(extents, names))]


def _const(v: float, dtype: str):
    return tirx.const(v if dtype in FLOAT_DTYPES else int(v), TVM_DTYPE[dtype])


def expr(e: Expr, vals: list, dtypes: tuple[str, ...], faults: frozenset = frozenset()):
    """(TIR expression, dtype) of a body; ``vals`` are the loaded input elements."""
    if e.op == "in":
        return vals[e.index], dtypes[e.index]
    if e.op == "const":
        return _const(e.value, e.dtype), e.dtype
    if e.op == "exp" and "softmax-no-max" in faults and e.args[0].op == "sub":
        e = replace(e, args=e.args[0].args[:1])
    args = [expr(x, vals, dtypes, faults) for x in e.args]
    a, t = [v for v, _ in args], args[0][1]
    if e.op == "floordiv" and "floordiv-trunc" in faults:
        return tirx.truncdiv(a[0], a[1]), t
    if e.op in _BINARY:
        return _BINARY[e.op](a[0], a[1]), t
    if e.op in _UNARY:
        return _UNARY[e.op](a[0]), t
    if e.op == "neg":
        return tirx.Sub(_const(0, t), a[0]), t
    if e.op == "cast":
        return (a[0] if t == e.dtype else tirx.Cast(TVM_DTYPE[e.dtype], a[0])), e.dtype
    if e.op == "round":
        return _round(a[0], t, faults), t
    if e.op == "clamp":
        return tirx.Min(tirx.Max(a[0], _const(e.lo, t)), _const(e.hi, t)), t
    return tirx.Select(_COMPARE[e.pred](a[0], a[1]), a[2], a[3]), args[2][1]


def _index(a: Affine, loop: list):
    terms = [c * loop[d] if c != 1 else loop[d] for d, c in enumerate(a.coeffs) if c]
    for t in a.divs:
        v = (tirx.floordiv if t.op == "floordiv" else tirx.floormod)(_index(t.inner, loop), t.divisor)
        terms.append(v if t.coeff == 1 else t.coeff * v)
    out = terms[0] if terms else tirx.const(0, "int32")
    for t in terms[1:]:
        out = out + t
    return out + a.offset if a.offset else out


def conv(op: Conv2d, x: te.Tensor, w: te.Tensor, faults: frozenset = frozenset(), shape=None,
         wstatic=None) -> te.Tensor:
    """``shape``: the result's (dynamic dims symbolic, fuzz/case/dynamic.py), and ``wstatic`` the filter's static
    shape (a symbolic filter's window is still the case's: the reduction extents stay static); default: as x
    and w give them."""
    nhwc = op.layout == "NHWC"
    n, h, wd, c = (x.shape if nhwc else (x.shape[0], x.shape[2], x.shape[3], x.shape[1]))
    kh, kw, cpg, f = (w.shape if nhwc else (w.shape[2], w.shape[3], w.shape[1], w.shape[0]))
    if wstatic is not None:
        kh, kw, cpg, _ = op.filter_dims(wstatic)
    pt, pb, pl, pr = op.padding
    zx, zw = op.zero_points or (None, None)
    if any(op.padding):
        ph, pw = h + pt + pb, wd + pl + pr
        off = int("pad-off-by-one" in faults)
        top, left = pt + (off if pt else 0), pl + (off if pl and not pt else 0)

        def padded(*i):
            y, xx = (i[1], i[2]) if nhwc else (i[2], i[3])
            inside = tirx.all(y >= top, y < h + pt, xx >= left, xx < wd + pl)
            src = (i[0], y - pt, xx - pl, i[3]) if nhwc else (i[0], i[1], y - pt, xx - pl)
            return tirx.if_then_else(inside, x[src], tirx.const(zx or 0, x.dtype))

        x = te.compute((n, ph, pw, c) if nhwc else (n, c, ph, pw), padded, name=f"{op.name}_pad")
        h, wd = ph, pw
    (sh, sw), (dh, dw), g = op.stride, op.dilation, op.groups
    oh, ow = (h - dh * (kh - 1) - 1) // sh + 1, (wd - dw * (kw - 1) - 1) // sw + 1
    if shape is not None:
        oh, ow = (shape[1], shape[2]) if nhwc else (shape[2], shape[3])
    ry, rx, rc = _axes([int(kh), int(kw), int(cpg)], ["ry", "rx", "rc"], faults)
    acc, fpg = TVM_DTYPE[op.acc], f // g
    narrowed = "f16-acc" in faults and acc == "float32"
    if narrowed:
        acc = "float16"

    def body(b, i, j, k):
        ch = rc if g == 1 else (k // fpg) * cpg + rc
        yy, xx = i * sh + ry * dh, j * sw + rx * dw
        xv = x[b, yy, xx, ch] if nhwc else x[b, ch, yy, xx]
        wv = w[ry, rx, rc, k] if nhwc else w[k, rc, ry, rx]
        cast = (lambda v: v) if x.dtype == acc else (lambda v: tirx.Cast(acc, v))
        xv, wv = cast(xv), cast(wv)
        if zx is not None:  # the quantized conv: (x - zx) * (w - zw)
            xv, wv = xv - tirx.const(zx, acc), wv - tirx.const(zw, acc)
        return te.sum(xv * wv, axis=[ry, rx, rc])

    name = f"{op.name}_f16" if narrowed else op.name
    if nhwc:
        out = te.compute((n, oh, ow, f), body, name=name)
    else:
        out = te.compute((n, f, oh, ow), lambda b, k, i, j: body(b, i, j, k), name=name)
    return _widen(out, op.name) if narrowed else out


def _widen(t: te.Tensor, name: str) -> te.Tensor:
    return te.compute(t.shape, lambda *i: tirx.Cast("float32", t(*i)), name=name)


def generic(op: Generic, ins: list[te.Tensor], faults: frozenset = frozenset(), shape=None) -> te.Tensor:
    raxes = _axes([op.dims[d] for d in op.reduction], [f"r{d}" for d in op.reduction], faults)
    narrowed = "f16-acc" in faults and op.out == "f32" and op.reduce == "add"
    dtypes = tuple(_dtype(t) for t in ins)

    def fcompute(*pvars):
        loop = [None] * len(op.dims)
        for d, v in zip(op.parallel, pvars):
            loop[d] = v
        for d, r in zip(op.reduction, raxes):
            loop[d] = r
        vals = [t[tuple(_index(a, loop) for a in amap)] for t, amap in zip(ins, op.maps)]
        v, _ = expr(op.body, vals, dtypes, faults)
        if narrowed:
            v = tirx.Cast("float16", v)
        return _REDUCER[op.reduce](v, axis=raxes) if raxes else v

    shape = tuple(op.dims[d] for d in op.parallel) if shape is None else shape
    out = te.compute(shape, fcompute, name=f"{op.name}_f16" if narrowed else op.name)
    return _widen(out, op.name) if narrowed else out


def pad(op: Pad, x: te.Tensor) -> te.Tensor:
    def padded(*i):
        inside = tirx.all(*(tirx.all(v >= lo, v < lo + n) for v, lo, n in zip(i, op.low, x.shape)))
        return tirx.if_then_else(inside, x[tuple(v - lo for v, lo in zip(i, op.low))], _const(op.value, _dtype(x)))

    shape = tuple(n + lo + hi for n, lo, hi in zip(x.shape, op.low, op.high))
    return te.compute(shape, padded, name=op.name)


def _dtype(t: te.Tensor) -> str:
    return next(k for k, v in TVM_DTYPE.items() if v == str(t.dtype))


def named(op: Matmul | Pool2d, ins: list[te.Tensor], faults: frozenset, static=None, shape=None) -> te.Tensor:
    """The TE compute of the op's generic twin; "matmul-drop-k" is the twin's last k iteration skipped.
    ``static``: the operands' static shapes, where ``ins`` have symbolic ones."""
    static = static or [tuple(int(d) for d in t.shape) for t in ins]
    types = {n: (s, _dtype(t)) for n, s, t in zip(op.inputs, static, ins)}
    if isinstance(op, Matmul) and "matmul-drop-k" in faults:
        faults = faults | {"skip-last"}
    return generic(op.as_generic(types), ins, faults, shape)


def attention(op: Attention, ins: list[te.Tensor], faults: frozenset, static=None) -> te.Tensor:
    """Attention as the TE computes of its generic form (``fuzz.case.ops.attention.decompose``): two batch matmuls
    around a softmax, every intermediate a compute named after the op."""
    static = static or [tuple(int(d) for d in t.shape) for t in ins]
    types = {n: (tuple(s), _dtype(t)) for n, s, t in zip(op.inputs, static, ins)}
    env = dict(zip(op.inputs, ins))
    count = iter(range(64))
    for o in decompose(op, types, lambda: f"{op.name}_{next(count)}"):
        types[o.name] = o.result_type(types)
        env[o.name] = lower_op(o, [env[n] for n in o.inputs], faults)
    return env[op.name]


def lower_op(op, ins: list[te.Tensor], faults: frozenset = frozenset(), static=None, shape=None) -> te.Tensor:
    """The TE compute of one op of any kind (Relax's ``emit_te`` of the ops it has no operator for).
    ``static`` and ``shape``: the operands' static shapes and the result's symbolic one, for a case with dynamic
    dims (``lower``)."""
    if isinstance(op, (Conv2d, Matmul)) and init_of(op) is not None:
        total = replace(op, name=f"{op.name}_sum", inputs=op.inputs[:2])
        return accumulate(op, lower_op(total, ins[:2], faults, static and static[:2], shape), ins[2])
    if isinstance(op, Reshape):
        xshape = tuple(static[0]) if static else tuple(int(d) for d in ins[0].shape)
        return reshape(op, ins[0], xshape, op.result_type({op.inputs[0]: (xshape, _dtype(ins[0]))})[0])
    if isinstance(op, Conv2d):
        return conv(op, *ins, faults, shape, static[1] if static else None)
    if isinstance(op, Generic):
        return generic(op, ins, faults, shape)
    if isinstance(op, Attention):
        return attention(op, ins, faults, static)
    return pad(op, *ins) if isinstance(op, Pad) else named(op, ins, faults, static, shape)


def _symbolic(case: Case, env: dict, op, types: dict, dyn: dict):
    """``op``'s result shape: static, except its dynamic dims (fuzz/case/dynamic.py), each the symbolic size of
    the operand dim it passes through (a pad's: the operand's plus its padding)."""
    shape = list(types[op.name][0])
    for d, src in dyn[op.name].items():
        if src is None:
            shape[d] = env[op.inputs[0]].shape[d] + op.low[d] + op.high[d]
        else:
            shape[d] = env[src[0]].shape[src[1]]
    return tuple(shape)


def _input_shape(t):
    """An input's shape, its dynamic dims ``te.var`` extents the PrimFunc binds from the buffer at run time."""
    return tuple(te.var(f"{t.name}_d{d}", "int32") if d in t.dynamic else n for d, n in enumerate(t.shape))


def _int4_input(t):
    """An i4 input: the PrimFunc takes it packed, two values a byte along the last dim (low nibble first, a
    ``uint8`` placeholder of ``ceil(n / 2)`` bytes a row: ``fuzz/case/ops/int4.pack_rows``), and unpacks it with
    shifts and masks into int8, as MLC-LLM's q4 dequantize does.  Not TVM's own ``int4`` dtype: in apache-tvm
    0.27 its runtime allocates an int4 tensor packed (``ceil(n * 4 / 8)`` bytes) while the LLVM codegen indexes
    one byte per element, so a kernel reads past the packed bytes (measured: docs/case-format.md, "Int4 weights")."""
    *lead, last = t.shape
    packed = te.placeholder((*lead, (last + 1) // 2), "uint8", name=t.name)

    def unpack(*i):
        byte = tirx.Cast("int32", packed[(*i[:-1], i[-1] // 2)])
        nibble = tirx.bitwise_and(tirx.shift_right(byte, (i[-1] % 2) * 4), tirx.const(15, "int32"))
        return tirx.Cast("int8", tirx.bitwise_xor(nibble, tirx.const(8, "int32")) - tirx.const(8, "int32"))
    return packed, te.compute(tuple(t.shape), unpack, name=f"{t.name}_i4")


def _inputs(case: Case) -> tuple[list, dict]:
    """The PrimFunc's input parameters, and the tensor each case input is read as."""
    params, env = [], {}
    for t in case.inputs:
        if t.dtype == "i4":
            packed, env[t.name] = _int4_input(t)
            params.append(packed)
        else:
            params.append(te.placeholder(_input_shape(t), TVM_DTYPE[t.dtype], name=t.name))
            env[t.name] = params[-1]
    return params, env


def lower(case: Case, faults: frozenset = frozenset()) -> tvm.tirx.PrimFunc:
    unknown = set(faults) - set(FAULTS)
    if unknown:
        raise ValueError(f"unknown planted faults {sorted(unknown)}; known: {sorted(FAULTS)}")
    types = case.tensor_types()
    dyn = dynamic_dims(case, types)
    inputs, env = _inputs(case)
    for op in case.ops:
        shape = _symbolic(case, env, op, types, dyn) if dyn[op.name] else None
        env[op.name] = lower_op(op, [env[n] for n in op.inputs], faults, [types[n][0] for n in op.inputs], shape)
    params = inputs + [env[n] for n in case.outputs]
    return te.create_prim_func(params)
