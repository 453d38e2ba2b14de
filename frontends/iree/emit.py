"""MLIR text building blocks for the IREE lowering: types, literals, (quasi-)affine maps, an SSA emitter,
and the ``linalg.generic`` every non-named op (and every generic twin) becomes.

Float constants are written as bit patterns so the text means the exact value.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from frontends.iree.body import MLIR_TYPE, body
from fuzz.case.workload import DTYPE_BYTES, FLOAT_DTYPES, INT_RANGE, NUMPY_DTYPE, Affine, Generic

_UINT = {1: np.uint8, 2: np.uint16, 4: np.uint32}  # a float literal's bit pattern, by width in bytes


class Shape(tuple):
    """A shape whose ``dynamic`` dims (dim -> the SSA ``index`` holding its size, or None where no op needs
    it) the MLIR types spell ``?`` (fuzz/case/dynamic.py says which dims are dynamic)."""

    dynamic: dict[int, str | None]

    def __new__(cls, dims, dynamic: dict[int, str | None]):
        shape = super().__new__(cls, dims)
        shape.dynamic = dict(dynamic)
        return shape


def dynamic_of(shape) -> dict[int, str | None]:
    return getattr(shape, "dynamic", {})


def tensor_type(shape, dtype: str) -> str:
    dyn = dynamic_of(shape)
    return "tensor<" + "".join(f"{'?' if i in dyn else n}x" for i, n in enumerate(shape)) + MLIR_TYPE[dtype] + ">"


def literal(v: float, dtype: str) -> str:
    if dtype in INT_RANGE:
        return str(int(v))
    width = DTYPE_BYTES[dtype]
    return f"0x{int(np.array(v, np.float64).astype(NUMPY_DTYPE[dtype]).view(_UINT[width])):0{2 * width}X}"


def affine_text(a: Affine) -> str:
    """MLIR affine expression text: ``d0 * 2 + (d1 * 4 + d2) floordiv 3 + -1``."""
    terms = [f"d{d}" if c == 1 else f"d{d} * {c}" for d, c in enumerate(a.coeffs) if c]
    for t in a.divs:
        inner = affine_text(t.inner)
        term = f"({inner}) {t.op} {t.divisor}"
        terms.append(term if t.coeff == 1 else f"({term}) * {t.coeff}")
    if a.offset or not terms:
        terms.append(str(a.offset))
    return " + ".join(terms)


def affine_map(ndims: int, results: list[str]) -> str:
    dims = ", ".join(f"d{i}" for i in range(ndims))
    return f"affine_map<({dims}) -> ({', '.join(results)})>"


def dims_map(ndims: int, dims) -> str:
    return affine_map(ndims, [f"d{d}" for d in dims])


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

    def empty(self, shape, dtype: str) -> str:
        """``tensor.empty`` of ``shape``, its dynamic dims sized by their SSA values."""
        sizes = ", ".join(dynamic_of(shape)[i] for i in sorted(dynamic_of(shape)))
        return self.op(f"tensor.empty({sizes}) : {tensor_type(shape, dtype)}", "e")

    def static(self, v: str, shape, dtype: str) -> str:
        """``v`` cast to its static type where an op needs one (a no-op for a static shape)."""
        if not dynamic_of(shape):
            return v
        return self.op(f"tensor.cast {v} : {tensor_type(shape, dtype)} to {tensor_type(tuple(shape), dtype)}")

    def cast(self, v: str, src: str, dst: str) -> str:
        if src == dst:
            return v
        fs, fd = src in FLOAT_DTYPES, dst in FLOAT_DTYPES
        bits = {t: 8 * n for t, n in DTYPE_BYTES.items()} | {"i4": 4}  # i4 is stored a byte a value
        if fs and fd:  # f16 <-> bf16 (same width, neither holds the other): through f32, rounded once
            if bits[dst] == bits[src]:
                return self.cast(self.cast(v, src, "f32"), "f32", dst)
            kind = "arith.extf" if bits[dst] > bits[src] else "arith.truncf"
        elif not fs and not fd:
            kind = "arith.extsi" if bits[dst] > bits[src] else "arith.trunci"
        else:
            kind = "arith.sitofp" if fd else "arith.fptosi"
        return self.op(f"{kind} {v} : {MLIR_TYPE[src]} to {MLIR_TYPE[dst]}")


def identity(reduce: str | None, dtype: str) -> float:
    if reduce in (None, "add"):
        return 0.0
    if dtype in INT_RANGE:
        return INT_RANGE[dtype][0 if reduce == "max" else 1]
    return float("-inf") if reduce == "max" else float("inf")


def init(em: Emitter, shape, dtype: str, reduce: str | None) -> str:
    ty = tensor_type(shape, dtype)
    empty = em.empty(shape, dtype)
    c = em.const(identity(reduce, dtype), dtype)
    return em.op(f"linalg.fill ins({c} : {MLIR_TYPE[dtype]}) outs({empty} : {ty}) -> {ty}", "init")


def linalg_generic(em: Emitter, ins: list[tuple[str, str, str]], maps: list[str], iters: list[str],
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


def combine(em: Emitter, reduce: str | None, acc: str, v: str, dtype: str) -> str:
    if reduce is None:
        return v
    isf = dtype in FLOAT_DTYPES
    name = {"add": ("addf", "addi"), "max": ("maximumf", "maxsi"), "min": ("minimumf", "minsi")}[reduce]
    return em.op(f"arith.{name[0 if isf else 1]} {acc}, {v} : {MLIR_TYPE[dtype]}")


def generic(em: Emitter, op: Generic, ins: list[str], types: dict, shape_only: tuple = (),
            out_init: str | None = None) -> str:
    """``op`` as a linalg.generic.  ``shape_only``: extra (shape, loop dims) operands the body never reads,
    which bound reduction dims no real operand reads plainly (a pooling twin's window).  The result's shape
    is ``types[op.name]``'s (a ``Shape`` where it has dynamic dims).  ``out_init``: the ``outs`` operand where
    it is not the combiner's identity (a matmul twin's init)."""
    nd = len(op.dims)
    shape = types[op.name][0]
    out_ty = tensor_type(shape, op.out)
    if out_init is None:
        out_init = init(em, shape, op.out, op.reduce) if op.reduce else em.empty(shape, op.out)
    maps = [affine_map(nd, [affine_text(a) for a in amap]) for amap in op.maps]
    operands = [(s, tensor_type(*types[n]), types[n][1]) for s, n in zip(ins, op.inputs)]
    for wshape, wdims in shape_only:
        operands.append((em.op(f"tensor.empty() : {tensor_type(wshape, op.out)}", "e"),
                         tensor_type(wshape, op.out), op.out))
        maps.append(dims_map(nd, wdims))
    maps.append(dims_map(nd, op.parallel))
    dtypes = tuple(types[n][1] for n in op.inputs)

    def emit_body(e: Emitter, args: list[str], acc: str) -> str:
        v, _ = body(e, op.body, args, dtypes)
        return combine(e, op.reduce, acc, v, op.out)

    return linalg_generic(em, operands, maps, list(op.iterators), out_init, out_ty, op.out, emit_body)
