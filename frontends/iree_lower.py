"""Lower a case to linalg MLIR text for IREE.

Convs with one group become the named ops ``linalg.conv_2d_nhwc_hwcf`` /
``conv_2d_nchw_fchw`` (depthwise with multiplier 1: ``depthwise_conv_2d_nhwc_hwc``
/ ``nchw_chw`` after collapsing the filter); other grouped convs and every
generic become ``linalg.generic``.  Padding is an explicit ``tensor.pad``.
Named convs promote operands to the accumulator type before the multiply,
exactly the declared conv semantics.  Float constants are written as bit
patterns so the text means the exact value.  The function is ``@main`` with the
case inputs as arguments and its outputs as results.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from fuzz.workload import Affine, Case, Conv2d, Expr, Generic, INT_RANGE

MLIR_TYPE = {"f16": "f16", "f32": "f32", "i8": "i8", "i32": "i32"}
_FLOAT_BITS = {"f16": (np.float16, np.uint16, 4), "f32": (np.float32, np.uint32, 8)}
_CMPF = {"gt": "ogt", "lt": "olt", "ge": "oge", "le": "ole", "eq": "oeq"}
_CMPI = {"gt": "sgt", "lt": "slt", "ge": "sge", "le": "sle", "eq": "eq"}


def tensor_type(shape, dtype: str) -> str:
    return "tensor<" + "".join(f"{n}x" for n in shape) + MLIR_TYPE[dtype] + ">"


def literal(v: float, dtype: str) -> str:
    if dtype in INT_RANGE:
        return str(int(v))
    ftype, itype, width = _FLOAT_BITS[dtype]
    return f"0x{int(np.array(v, ftype).view(itype)):0{width}X}"


def affine_text(a: Affine) -> str:
    terms = [f"d{d}" if c == 1 else f"d{d} * {c}" for d, c in enumerate(a.coeffs) if c]
    if a.offset or not terms:
        terms.append(str(a.offset))
    return " + ".join(terms)


def affine_map(ndims: int, results: list[str]) -> str:
    dims = ", ".join(f"d{i}" for i in range(ndims))
    return f"affine_map<({dims}) -> ({', '.join(results)})>"


@dataclass
class Emitter:
    lines: list[str] = field(default_factory=list)
    counter: int = 0
    indent: str = "  "

    def fresh(self, hint: str = "v") -> str:
        self.counter += 1
        return f"%{hint}{self.counter}"

    def emit(self, text: str) -> None:
        self.lines.append(self.indent + text)

    def op(self, text: str, hint: str = "v") -> str:
        name = self.fresh(hint)
        self.emit(f"{name} = {text}")
        return name

    def const(self, v: float, dtype: str) -> str:
        return self.op(f"arith.constant {literal(v, dtype)} : {MLIR_TYPE[dtype]}", "c")

    def cast(self, v: str, src: str, dst: str) -> str:
        if src == dst:
            return v
        fs, fd = src.startswith("f"), dst.startswith("f")
        bits = {"f16": 16, "f32": 32, "i8": 8, "i32": 32}
        if fs and fd:
            kind = "arith.extf" if bits[dst] > bits[src] else "arith.truncf"
        elif not fs and not fd:
            kind = "arith.extsi" if bits[dst] > bits[src] else "arith.trunci"
        else:
            kind = "arith.sitofp" if fd else "arith.fptosi"
        return self.op(f"{kind} {v} : {MLIR_TYPE[src]} to {MLIR_TYPE[dst]}")


def body(em: Emitter, e: Expr, args: list[str], dtypes: tuple[str, ...]) -> tuple[str, str]:
    """Emit the scalar ops of a body; returns (SSA value, dtype)."""
    if e.op == "in":
        return args[e.index], dtypes[e.index]
    if e.op == "const":
        return em.const(e.value, e.dtype), e.dtype
    subs = [body(em, x, args, dtypes) for x in e.args]
    (a, t), ty = subs[0], MLIR_TYPE[subs[0][1]]
    isf = t.startswith("f")
    if e.op in ("add", "sub", "mul", "max", "min"):
        name = {"add": ("addf", "addi"), "sub": ("subf", "subi"), "mul": ("mulf", "muli"),
                "max": ("maximumf", "maxsi"), "min": ("minimumf", "minsi")}[e.op][0 if isf else 1]
        return em.op(f"arith.{name} {a}, {subs[1][0]} : {ty}"), t
    if e.op == "cast":
        return em.cast(a, t, e.dtype), e.dtype
    if e.op == "round":
        return em.op(f"math.roundeven {a} : {ty}"), t
    if e.op == "exp":
        return em.op(f"math.exp {a} : {ty}"), t
    if e.op == "clamp":
        lo, hi = em.const(e.lo, t), em.const(e.hi, t)
        mx, mn = ("arith.maximumf", "arith.minimumf") if isf else ("arith.maxsi", "arith.minsi")
        return em.op(f"{mn} {em.op(f'{mx} {a}, {lo} : {ty}')}, {hi} : {ty}"), t
    pred = (_CMPF if isf else _CMPI)[e.pred]
    cond = em.op(f"arith.{'cmpf' if isf else 'cmpi'} {pred}, {a}, {subs[1][0]} : {ty}")
    return em.op(f"arith.select {cond}, {subs[2][0]}, {subs[3][0]} : {MLIR_TYPE[subs[2][1]]}"), subs[2][1]


def _identity(reduce: str | None, dtype: str) -> float:
    if reduce in (None, "add"):
        return 0.0
    if dtype in INT_RANGE:
        return INT_RANGE[dtype][0 if reduce == "max" else 1]
    return float("-inf") if reduce == "max" else float("inf")


def _init(em: Emitter, shape, dtype: str, reduce: str | None) -> str:
    ty = tensor_type(shape, dtype)
    empty = em.op(f"tensor.empty() : {ty}", "e")
    c = em.const(_identity(reduce, dtype), dtype)
    return em.op(f"linalg.fill ins({c} : {MLIR_TYPE[dtype]}) outs({empty} : {ty}) -> {ty}", "init")


def _linalg_generic(em: Emitter, ins: list[tuple[str, str, str]], maps: list[str], iters: list[str],
                    out_init: str, out_ty: str, out_dtype: str, emit_body) -> str:
    """Emit a linalg.generic; ``ins`` are (ssa, tensor type, element dtype); emit_body(em, args, acc)."""
    name = em.fresh("g")
    its = ", ".join(f'"{t}"' for t in iters)
    em.emit(f"{name} = linalg.generic {{indexing_maps = [{', '.join(maps)}], iterator_types = [{its}]}} "
            f"ins({', '.join(s for s, _, _ in ins)} : {', '.join(t for _, t, _ in ins)}) "
            f"outs({out_init} : {out_ty}) {{")
    blk = [f"%a{k}: {MLIR_TYPE[d]}" for k, (_, _, d) in enumerate(ins)]
    em.emit(f"^bb0({', '.join(blk + [f'%acc: {MLIR_TYPE[out_dtype]}'])}):")
    inner = Emitter(counter=em.counter, indent=em.indent + "  ")
    result = emit_body(inner, [f"%a{k}" for k in range(len(ins))], "%acc")
    inner.emit(f"linalg.yield {result} : {MLIR_TYPE[out_dtype]}")
    em.lines += inner.lines
    em.counter = inner.counter
    em.emit(f"}} -> {out_ty}")
    return name


def _combine(em: Emitter, reduce: str | None, acc: str, v: str, dtype: str) -> str:
    if reduce is None:
        return v
    isf = dtype.startswith("f")
    name = {"add": ("addf", "addi"), "max": ("maximumf", "maxsi"), "min": ("minimumf", "minsi")}[reduce]
    return em.op(f"arith.{name[0 if isf else 1]} {acc}, {v} : {MLIR_TYPE[dtype]}")


def conv(em: Emitter, op: Conv2d, x: str, w: str, types: dict) -> str:
    (xs, xt), (ws, _), (oshape, _) = types[op.inputs[0]], types[op.inputs[1]], types[op.name]
    nhwc = op.layout == "NHWC"
    pt, pb, pl, pr = op.padding
    if any(op.padding):
        lo, hi = ([0, pt, pl, 0], [0, pb, pr, 0]) if nhwc else ([0, 0, pt, pl], [0, 0, pb, pr])
        ps = tuple(n + a + b for n, a, b in zip(xs, lo, hi))
        zero = em.const(0, xt)
        p = em.fresh("pad")
        em.emit(f"{p} = tensor.pad {x} low{lo} high{hi} {{")
        em.emit("^bb0(%i0: index, %i1: index, %i2: index, %i3: index):")
        em.emit(f"  tensor.yield {zero} : {MLIR_TYPE[xt]}")
        em.emit(f"}} : {tensor_type(xs, xt)} to {tensor_type(ps, xt)}")
        x, xs = p, ps
    out_ty = tensor_type(oshape, op.acc)
    init = _init(em, oshape, op.acc, None)
    kh, kw, cpg, f = ws if nhwc else (ws[2], ws[3], ws[1], ws[0])
    attrs = (f"{{dilations = dense<[{op.dilation[0]}, {op.dilation[1]}]> : tensor<2xi64>, "
             f"strides = dense<[{op.stride[0]}, {op.stride[1]}]> : tensor<2xi64>}}")
    if op.groups == 1 or (op.groups == f and cpg == 1):
        named = "conv_2d_nhwc_hwcf" if nhwc else "conv_2d_nchw_fchw"
        if op.groups > 1:  # depthwise, multiplier 1: filter HWC / CHW
            named = "depthwise_conv_2d_nhwc_hwc" if nhwc else "depthwise_conv_2d_nchw_chw"
            fs = (kh, kw, f) if nhwc else (f, kh, kw)
            assoc = "[[0], [1], [2, 3]]" if nhwc else "[[0, 1], [2], [3]]"
            w = em.op(f"tensor.collapse_shape {w} {assoc} : {tensor_type(ws, xt)} into {tensor_type(fs, xt)}")
            ws = fs
        return em.op(f"linalg.{named} {attrs} ins({x}, {w} : {tensor_type(xs, xt)}, {tensor_type(ws, xt)}) "
                     f"outs({init} : {out_ty}) -> {out_ty}", "conv")
    # grouped: loops (n, oh, ow, f, ky, kx, c) for NHWC, (n, f, oh, ow, c, ky, kx) for NCHW
    (sh, sw), (dh, dw), fpg = op.stride, op.dilation, f // op.groups
    if nhwc:
        n_, oh, ow, ff, ky, kx, cc = range(7)
    else:
        n_, ff, oh, ow, cc, ky, kx = range(7)
    yy, xx = f"d{oh} * {sh} + d{ky} * {dh}", f"d{ow} * {sw} + d{kx} * {dw}"
    chan = f"(d{ff} floordiv {fpg}) * {cpg} + d{cc}"
    xmap = [f"d{n_}", yy, xx, chan] if nhwc else [f"d{n_}", chan, yy, xx]
    wmap = [f"d{ky}", f"d{kx}", f"d{cc}", f"d{ff}"] if nhwc else [f"d{ff}", f"d{cc}", f"d{ky}", f"d{kx}"]
    omap = [f"d{n_}", f"d{oh}", f"d{ow}", f"d{ff}"] if nhwc else [f"d{n_}", f"d{ff}", f"d{oh}", f"d{ow}"]
    iters = ["parallel"] * 4 + ["reduction"] * 3

    def mac(e: Emitter, args: list[str], acc: str) -> str:
        a, b = e.cast(args[0], xt, op.acc), e.cast(args[1], xt, op.acc)
        p = e.op(f"arith.{'mulf' if op.acc.startswith('f') else 'muli'} {a}, {b} : {MLIR_TYPE[op.acc]}")
        return _combine(e, "add", acc, p, op.acc)

    return _linalg_generic(em, [(x, tensor_type(xs, xt), xt), (w, tensor_type(ws, xt), xt)],
                           [affine_map(7, m) for m in (xmap, wmap, omap)], iters, init, out_ty, op.acc, mac)


def generic(em: Emitter, op: Generic, ins: list[str], types: dict) -> str:
    nd = len(op.dims)
    shape = types[op.name][0]
    out_ty = tensor_type(shape, op.out)
    if op.reduce:
        init = _init(em, shape, op.out, op.reduce)
    else:
        init = em.op(f"tensor.empty() : {out_ty}", "e")
    maps = [affine_map(nd, [affine_text(a) for a in amap]) for amap in op.maps]
    maps.append(affine_map(nd, [f"d{d}" for d in op.parallel]))
    dtypes = tuple(types[n][1] for n in op.inputs)

    def emit_body(e: Emitter, args: list[str], acc: str) -> str:
        v, _ = body(e, op.body, args, dtypes)
        return _combine(e, op.reduce, acc, v, op.out)

    operands = [(s, tensor_type(*types[n]), types[n][1]) for s, n in zip(ins, op.inputs)]
    return _linalg_generic(em, operands, maps, list(op.iterators), init, out_ty, op.out, emit_body)


def _arg(name: str) -> str:
    """The SSA name of an input: prefixed, so an input named like an emitted value (acc, a0, v1) cannot
    redefine it; the name itself is an identifier (checked when the case was loaded)."""
    return f"%arg_{name}"


def lower(case: Case) -> str:
    """The MLIR module text of the case (function ``@main``)."""
    types = case.tensor_types()
    em = Emitter()
    env = {t.name: _arg(t.name) for t in case.inputs}
    for op in case.ops:
        ins = [env[n] for n in op.inputs]
        env[op.name] = conv(em, op, *ins, types) if isinstance(op, Conv2d) else generic(em, op, ins, types)
    args = ", ".join(f"{_arg(t.name)}: {tensor_type(t.shape, t.dtype)}" for t in case.inputs)
    results = [tensor_type(*types[n]) for n in case.outputs]
    head = f"func.func @main({args}) -> ({', '.join(results)}) {{"
    ret = f"  return {', '.join(env[n] for n in case.outputs)} : {', '.join(results)}"
    return "\n".join([head, *em.lines, ret, "}"]) + "\n"
