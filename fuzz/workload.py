"""The workload model: one fuzz case as a frozen, versioned value.

A case is a DAG of ops over named input tensors. Every op declares its numeric
semantics (accumulator dtype, rounding, saturation) in the case itself, so the
case means the same thing to the reference, to TVM and to IREE:

* ``conv2d``: inputs are converted exactly to ``acc`` dtype, multiplied and
  accumulated in ``acc``; the result has dtype ``acc``.  Layouts NHWC/HWCF and
  NCHW/FCHW, explicit zero padding (top, bottom, left, right), stride,
  dilation, groups (depthwise when groups == input channels).
* ``generic``: a linalg.generic-style loop nest.  Loop dims have sizes and
  iterator types; each input is read through an affine map (integer
  coefficients and an offset per input dim); the output is indexed by the
  parallel dims in order.  The scalar ``body`` is evaluated at every point with
  each op rounded to its own dtype; with reduction dims the body values are
  combined by ``reduce`` (add/max/min) in the output dtype, order unspecified.

Scalar semantics of the body ops (see ``EXPR_OPS``): float ops are IEEE
round-to-nearest-even in their dtype; integer add/sub/mul must not overflow
(the case is invalid otherwise: TVM emits ``nsw``, so overflow is undefined);
int->int casts wrap; float->int casts truncate toward zero and must be in
range; ``round`` is round-half-to-even; ``exp`` is accurate to a few ulp.

JSON is the only serialization (never pickle).  ``load``/``from_json`` raise
``WorkloadError`` with a one-line message naming the field and the fix.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from math import prod
from typing import Any, Union

from fuzz import untrusted as U
from fuzz.untrusted import CaseFileError, WorkloadError  # noqa: F401  (re-exported: the errors of a case)

FORMAT = "kernelfuzz.case/1"
FLOAT_DTYPES = ("f16", "f32")
INT_DTYPES = ("i8", "i32")
DTYPES = FLOAT_DTYPES + INT_DTYPES
NUMPY_DTYPE = {"f16": "float16", "f32": "float32", "i8": "int8", "i32": "int32"}
DTYPE_BYTES = {"f16": 2, "f32": 4, "i8": 1, "i32": 4}
INT_RANGE = {"i8": (-128, 127), "i32": (-(2**31), 2**31 - 1)}
CONV_DTYPES = {("f16", "f16"), ("f16", "f32"), ("i8", "i32")}  # (input, acc)
REDUCE_OPS = ("add", "max", "min")
BINARY_OPS = ("add", "sub", "mul", "max", "min")
PREDICATES = ("gt", "lt", "ge", "le", "eq")
EXPR_OPS = ("in", "const") + BINARY_OPS + ("cast", "round", "clamp", "select", "exp")
DISTRIBUTIONS = ("int", "normal", "positive", "wide")


_check = U.check  # raises WorkloadError(message, kind)


# --------------------------------------------------------------------------
# Input tensors and their value specifications


@dataclass(frozen=True)
class ValueSpec:
    """How an input's values are generated (see ``fuzz.values``).

    int: uniform integers in [low, high]; normal: N(0, scale); positive:
    U(0, scale); wide: random sign times 2**U(-scale, scale).  ``sha256`` of the
    materialized bytes, when present, is checked on every regeneration.
    ``base_shape``: values are drawn for this larger shape and cropped to the
    tensor's, starting at ``base_offset`` (default: the leading corner): how the
    reducer shrinks a tensor and keeps the values that made it fail.
    """

    dist: str
    seed: int
    low: int = 0
    high: int = 0
    scale: float = 1.0
    sha256: str | None = None
    base_shape: tuple[int, ...] | None = None
    base_offset: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Tensor:
    name: str
    shape: tuple[int, ...]
    dtype: str
    values: ValueSpec


# --------------------------------------------------------------------------
# Scalar expressions: nested lists in JSON, e.g. ["add", ["in", 0], ["const", "f32", 1.5]]


@dataclass(frozen=True)
class Expr:
    op: str
    args: tuple["Expr", ...] = ()
    index: int = 0  # "in": which generic input
    dtype: str = ""  # "const", "cast": result dtype
    value: float = 0.0  # "const"
    lo: float = 0.0  # "clamp"
    hi: float = 0.0  # "clamp"
    pred: str = ""  # "select": compare args[0] pred args[1], pick args[2] or args[3]


def expr_to_json(e: Expr) -> list:
    if e.op == "in":
        return ["in", e.index]
    if e.op == "const":
        return ["const", e.dtype, _num(e.value)]
    if e.op == "cast":
        return ["cast", e.dtype, expr_to_json(e.args[0])]
    if e.op == "clamp":
        return ["clamp", _num(e.lo), _num(e.hi), expr_to_json(e.args[0])]
    if e.op == "select":
        return ["select", e.pred, *map(expr_to_json, e.args)]
    return [e.op, *map(expr_to_json, e.args)]


def expr_from_json(j: Any, where: str, budget: list[int] | None = None, depth: int = 1) -> Expr:
    """Parse a body; ``budget`` counts the nodes left (a hostile body must not blow up before it is counted)."""
    budget = [U.MAX_EXPR_NODES] if budget is None else budget
    budget[0] -= 1
    _check(budget[0] >= 0, f"{where}: more than {U.MAX_EXPR_NODES} expression nodes; simplify the body", "limit")
    _check(depth <= U.MAX_EXPR_DEPTH, f"{where}: expression nested deeper than {U.MAX_EXPR_DEPTH}", "limit")
    _check(isinstance(j, list) and j and isinstance(j[0], str),
           f"{where}: expected an expression list like [\"add\", a, b], got {U.show(j)}", "type")
    op, rest = j[0], j[1:]
    _check(op in EXPR_OPS, f"{where}: unknown op {U.show(op)}; use one of {', '.join(EXPR_OPS)}", "value")
    arity = {"in": 1, "const": 2, "cast": 2, "round": 1, "exp": 1, "clamp": 3, "select": 5}
    _check(len(rest) == arity.get(op, 2), f"{where}: {op!r} takes {arity.get(op, 2)} arguments, got {len(rest)}")
    sub = lambda k: expr_from_json(rest[k], f"{where}.{op}", budget, depth + 1)  # noqa: E731
    if op == "in":
        return Expr("in", index=U.integer(rest[0], where, 0, U.MAX_INPUTS - 1))
    if op == "const":
        return Expr("const", dtype=U.text(rest[0], where, DTYPES), value=U.number(rest[1], where))
    if op == "cast":
        return Expr("cast", (sub(1),), dtype=U.text(rest[0], where, DTYPES))
    if op == "clamp":
        return Expr("clamp", (sub(2),), lo=U.number(rest[0], where), hi=U.number(rest[1], where))
    if op == "select":
        return Expr("select", tuple(sub(k) for k in range(1, 5)), pred=U.text(rest[0], where, PREDICATES))
    return Expr(op, tuple(sub(k) for k in range(len(rest))))


def expr_dtype(e: Expr, in_dtypes: tuple[str, ...], where: str = "body") -> str:
    """Type-check ``e`` against the generic's input dtypes; return its dtype."""
    if e.op == "in":
        _check(0 <= e.index < len(in_dtypes), f"{where}: [\"in\", {e.index}] but the generic has {len(in_dtypes)} inputs")
        return in_dtypes[e.index]
    if e.op == "const":
        _check(e.dtype in DTYPES, f"{where}: const dtype {e.dtype!r} is not one of {DTYPES}")
        _check(representable(e.value, e.dtype), f"{where}: constant {e.value!r} is not exactly representable in {e.dtype}; round it first")
        return e.dtype
    ts = [expr_dtype(a, in_dtypes, where) for a in e.args]
    if e.op in BINARY_OPS:
        _check(ts[0] == ts[1], f"{where}: {e.op} mixes {ts[0]} and {ts[1]}; insert an explicit cast")
        return ts[0]
    if e.op == "cast":
        _check(e.dtype in DTYPES, f"{where}: cast to unknown dtype {e.dtype!r}")
        return e.dtype
    if e.op in ("round", "exp"):
        _check(ts[0] in FLOAT_DTYPES, f"{where}: {e.op} needs a float operand, got {ts[0]}")
        return ts[0]
    if e.op == "clamp":
        _check(e.lo <= e.hi, f"{where}: clamp bounds {e.lo} > {e.hi}")
        _check(representable(e.lo, ts[0]) and representable(e.hi, ts[0]),
               f"{where}: clamp bounds must be exactly representable in {ts[0]}")
        return ts[0]
    _check(e.pred in PREDICATES, f"{where}: select predicate {e.pred!r} is not one of {PREDICATES}")
    _check(ts[0] == ts[1] and ts[2] == ts[3], f"{where}: select compares {ts[0]}/{ts[1]} and picks {ts[2]}/{ts[3]}; operands must pair up")
    return ts[2]


def expr_nodes(e: Expr) -> int:
    return 1 + sum(expr_nodes(a) for a in e.args)


def representable(v: float, dtype: str) -> bool:
    import numpy as np

    if dtype in INT_RANGE:
        lo, hi = INT_RANGE[dtype]
        return float(v).is_integer() and lo <= v <= hi
    return float(np.dtype(NUMPY_DTYPE[dtype]).type(v)) == v


# --------------------------------------------------------------------------
# Affine maps: "d0*2 + d2 - 1" in JSON


@dataclass(frozen=True)
class Affine:
    coeffs: tuple[int, ...]  # one per loop dim
    offset: int = 0

    def __str__(self) -> str:
        terms = [("- " if c < 0 else "+ ") + (f"d{i}" if abs(c) == 1 else f"d{i}*{abs(c)}")
                 for i, c in enumerate(self.coeffs) if c]
        if self.offset or not terms:
            terms.append(("- " if self.offset < 0 else "+ ") + str(abs(self.offset)))
        text = " ".join(terms)
        return text[2:] if text.startswith("+ ") else "-" + text[2:]

    def range(self, dims: tuple[int, ...]) -> tuple[int, int]:
        """Smallest and largest value over the loop domain."""
        lo = self.offset + sum(min(0, c * (n - 1)) for c, n in zip(self.coeffs, dims))
        hi = self.offset + sum(max(0, c * (n - 1)) for c, n in zip(self.coeffs, dims))
        return lo, hi


_TERM = re.compile(r"^(?:(-?\d+)\*)?d(\d+)(?:\*(-?\d+))?$|^(-?\d+)$")


def parse_affine(text: str, ndims: int, where: str) -> Affine:
    _check(isinstance(text, str), f"{where}: affine expression must be a string like \"d0*2 + d1\"", "type")
    _check(len(text) <= U.MAX_AFFINE_TEXT, f"{where}: affine expression longer than {U.MAX_AFFINE_TEXT} characters",
           "limit")
    coeffs, offset = [0] * ndims, 0
    for sign, term in re.findall(r"([+-]?)([^+-]+)", text.replace(" ", "")):
        m = _TERM.match(term)
        _check(m is not None, f"{where}: cannot parse term {U.show(term)} in {U.show(text)}; use terms like d0, "
                              "d1*2, 3", "value")
        s = -1 if sign == "-" else 1
        if m.group(4) is not None:
            offset += s * int(m.group(4))
            continue
        d = int(m.group(2))
        _check(d < ndims, f"{where}: d{d} in {U.show(text)} but the loop nest has {ndims} dims", "range")
        coeffs[d] += s * int(m.group(1) or 1) * int(m.group(3) or 1)
    _check(all(abs(c) <= U.MAX_AFFINE for c in (*coeffs, offset)),
           f"{where}: a coefficient or offset of {U.show(text)} exceeds {U.MAX_AFFINE} in magnitude", "range")
    return Affine(tuple(coeffs), offset)


# --------------------------------------------------------------------------
# Ops


@dataclass(frozen=True)
class Conv2d:
    name: str
    inputs: tuple[str, str]  # image, filter
    layout: str  # "NHWC" (filter HWCF) or "NCHW" (filter FCHW)
    stride: tuple[int, int] = (1, 1)
    dilation: tuple[int, int] = (1, 1)
    padding: tuple[int, int, int, int] = (0, 0, 0, 0)  # top, bottom, left, right
    groups: int = 1
    acc: str = "f32"
    kind: str = field(default="conv2d", init=False)


@dataclass(frozen=True)
class Generic:
    name: str
    inputs: tuple[str, ...]
    dims: tuple[int, ...]
    iterators: tuple[str, ...]  # "parallel" | "reduction" per dim
    maps: tuple[tuple[Affine, ...], ...]  # per input, one Affine per input dim
    body: Expr
    out: str  # output (and accumulator) dtype
    reduce: str | None = None  # combiner when there are reduction dims
    kind: str = field(default="generic", init=False)

    @property
    def parallel(self) -> tuple[int, ...]:
        return tuple(i for i, t in enumerate(self.iterators) if t == "parallel")

    @property
    def reduction(self) -> tuple[int, ...]:
        return tuple(i for i, t in enumerate(self.iterators) if t == "reduction")


Op = Union[Conv2d, Generic]


@dataclass(frozen=True)
class Case:
    inputs: tuple[Tensor, ...]
    ops: tuple[Op, ...]
    outputs: tuple[str, ...]
    name: str = "case"
    note: str = ""
    schedules: tuple[tuple[str, str], ...] = ()  # (configuration, schedule trace as JSON text)
    expect: tuple[tuple[str, str], ...] = ()  # (configuration, expected verdict) for corpus replay
    swarm: tuple[str, ...] = ()  # generator features switched off when it was drawn (fuzz/swarm.py)

    def schedule_for(self, config: str) -> str | None:
        """The stored schedule trace a configuration must replay, if any."""
        return dict(self.schedules).get(config)

    def with_schedule(self, config: str, trace: str) -> "Case":
        kept = tuple((c, t) for c, t in self.schedules if c != config)
        return replace(self, schedules=tuple(sorted(kept + ((config, trace),))))

    def tensor_types(self) -> dict[str, tuple[tuple[int, ...], str]]:
        """Shape and dtype of every value; validates the whole case."""
        return infer_types(self)

    def reduction_length(self) -> int:
        """Largest number of terms any single reduction in the case sums."""
        lengths, types = [1], self.tensor_types()
        for op in self.ops:
            if isinstance(op, Conv2d):
                w = types[op.inputs[1]][0]
                kh, kw, cpg = (w[0], w[1], w[2]) if op.layout == "NHWC" else (w[2], w[3], w[1])
                lengths.append(kh * kw * cpg)
            elif op.reduction:
                lengths.append(prod(op.dims[i] for i in op.reduction))
        return max(lengths)


# --------------------------------------------------------------------------
# Shape inference and validation


def conv_out_shape(op: Conv2d, x: tuple[int, ...], w: tuple[int, ...]) -> tuple[int, ...]:
    where = f"op {op.name!r}"
    _check(len(x) == 4 and len(w) == 4, f"{where}: conv2d needs 4-d image and filter, got {x} and {w}")
    if op.layout == "NHWC":
        n, h, wd, c = x
        kh, kw, cpg, f = w
    else:
        n, c, h, wd = x
        f, cpg, kh, kw = w
    g = op.groups
    _check(g >= 1 and c % g == 0 and f % g == 0, f"{where}: groups={g} must divide input channels {c} and filters {f}")
    _check(cpg * g == c, f"{where}: filter has {cpg} channels per group but image has {c} channels / {g} groups")
    pt, pb, pl, pr = op.padding
    oh = (h + pt + pb - op.dilation[0] * (kh - 1) - 1) // op.stride[0] + 1
    ow = (wd + pl + pr - op.dilation[1] * (kw - 1) - 1) // op.stride[1] + 1
    _check(oh >= 1 and ow >= 1, f"{where}: the dilated filter does not fit the padded image (output {oh}x{ow})")
    return (n, oh, ow, f) if op.layout == "NHWC" else (n, f, oh, ow)


def _conv_types(op: Conv2d, types: dict) -> tuple[tuple[int, ...], str]:
    where = f"op {op.name!r}"
    _check(op.layout in ("NHWC", "NCHW"), f"{where}: layout {op.layout!r} must be NHWC or NCHW")
    _check(all(s >= 1 for s in op.stride + op.dilation), f"{where}: stride and dilation must be >= 1")
    _check(all(p >= 0 for p in op.padding), f"{where}: padding must be >= 0")
    (xs, xt), (ws, wt) = types[op.inputs[0]], types[op.inputs[1]]
    _check(xt == wt, f"{where}: image is {xt} but filter is {wt}; cast one of them first")
    _check((xt, op.acc) in CONV_DTYPES, f"{where}: {xt} inputs with {op.acc} accumulation unsupported; use one of {sorted(CONV_DTYPES)}")
    out = conv_out_shape(op, xs, ws)
    macs = prod(out) * prod(ws) // ws[3 if op.layout == "NHWC" else 0]
    _check(macs <= U.MAX_CONV_MACS, f"{where}: {macs} multiply-adds exceed the limit of {U.MAX_CONV_MACS}; "
                                    "use smaller tensors", "limit")
    return out, op.acc


def _generic_types(op: Generic, types: dict) -> tuple[tuple[int, ...], str]:
    where = f"op {op.name!r}"
    _check(len(op.dims) == len(op.iterators) and op.dims, f"{where}: dims and iterators must have the same non-zero length")
    _check(all(n >= 1 for n in op.dims), f"{where}: loop sizes must be >= 1")
    _check(len(op.dims) <= U.MAX_LOOPS and prod(op.dims) <= U.MAX_LOOP_POINTS,
           f"{where}: loop nest {list(op.dims)} exceeds the limit of {U.MAX_LOOPS} loops and {U.MAX_LOOP_POINTS} "
           "points; use smaller loops", "limit")
    _check(all(t in ("parallel", "reduction") for t in op.iterators), f"{where}: iterators must be parallel or reduction")
    _check(len(op.maps) == len(op.inputs), f"{where}: {len(op.inputs)} inputs but {len(op.maps)} indexing maps")
    _check(op.out in DTYPES, f"{where}: out dtype {op.out!r} is not one of {DTYPES}")
    for k, (name, amap) in enumerate(zip(op.inputs, op.maps)):
        shape = types[name][0]
        _check(len(amap) == len(shape), f"{where}: map {k} has {len(amap)} results but {name!r} has rank {len(shape)}")
        for d, (a, size) in enumerate(zip(amap, shape)):
            _check(len(a.coeffs) == len(op.dims), f"{where}: map {k} dim {d} has {len(a.coeffs)} coefficients for {len(op.dims)} loops")
            lo, hi = a.range(op.dims)
            _check(lo >= 0 and hi < size, f"{where}: map {k} dim {d} ({a}) reads [{lo}, {hi}] outside {name!r} extent {size}")
    _check(op.parallel, f"{where}: needs at least one parallel dim (the output is indexed by them)")
    plain = {d: types[name][0][k] for name, amap in zip(op.inputs, op.maps) for k, a in enumerate(amap)
             if a.offset == 0 and sorted(a.coeffs) == [0] * (len(a.coeffs) - 1) + [1]
             for d in [a.coeffs.index(1)]}
    for d in op.reduction:  # linalg derives loop bounds from operands: every dim must be read plainly
        _check(d in plain, f"{where}: reduction dim d{d} is never read as a plain d{d} by an input; linalg cannot bound it")
    for d, size in plain.items():
        _check(size == op.dims[d], f"{where}: an input reads plain d{d} with extent {size} but the loop size is {op.dims[d]}")
    body_t = expr_dtype(op.body, tuple(types[n][1] for n in op.inputs), f"{where} body")
    _check(body_t == op.out, f"{where}: body has dtype {body_t} but out is {op.out}; end the body with a cast")
    if op.reduction:
        _check(op.reduce in REDUCE_OPS, f"{where}: reduction dims need reduce in {REDUCE_OPS}, got {op.reduce!r}")
    else:
        _check(op.reduce is None, f"{where}: reduce={op.reduce!r} given but no dim is a reduction")
    return tuple(op.dims[i] for i in op.parallel), op.out


def _check_size(name: str, shape: tuple[int, ...], dtype: str, total: list[int]) -> None:
    """Resource limits (fuzz/untrusted.py), checked before any value is drawn or computed."""
    n = prod(shape)
    _check(len(shape) <= U.MAX_RANK and n <= U.MAX_TENSOR_ELEMENTS,
           f"{name}: shape {U.show(list(shape))} exceeds the limit of rank {U.MAX_RANK} and "
           f"{U.MAX_TENSOR_ELEMENTS} elements; use a smaller shape", "limit")
    total[0] += n * DTYPE_BYTES[dtype]
    _check(total[0] <= U.MAX_TOTAL_BYTES, f"{name}: the case's values exceed the limit of {U.MAX_TOTAL_BYTES} bytes "
                                          "together; use smaller tensors", "limit")


def infer_types(case: Case) -> dict[str, tuple[tuple[int, ...], str]]:
    types: dict[str, tuple[tuple[int, ...], str]] = {}
    total = [0]  # bytes of every value so far
    for t in case.inputs:
        _check(t.name not in types, f"input {t.name!r} is defined twice; rename one")
        _check(t.dtype in DTYPES, f"input {t.name!r}: dtype {t.dtype!r} is not one of {DTYPES}")
        _check(all(isinstance(n, int) and n >= 1 for n in t.shape), f"input {t.name!r}: shape {t.shape} needs positive sizes")
        _check(t.values.dist in DISTRIBUTIONS, f"input {t.name!r}: distribution {t.values.dist!r} is not one of {DISTRIBUTIONS}")
        _check_size(f"input {t.name!r}", t.values.base_shape or t.shape, t.dtype, total)
        types[t.name] = (t.shape, t.dtype)
    for op in case.ops:
        _check(op.name not in types, f"op {op.name!r}: name already used; names must be unique")
        for name in op.inputs:
            _check(name in types, f"op {op.name!r}: input {name!r} is not defined before it; ops must be in topological order")
        types[op.name] = _conv_types(op, types) if isinstance(op, Conv2d) else _generic_types(op, types)
        _check_size(f"op {op.name!r}", *types[op.name], total)
    _check(bool(case.outputs), "outputs: a case needs at least one output")
    for name in case.outputs:
        _check(name in types, f"outputs: {name!r} is not an input or op of the case")
    return types


# --------------------------------------------------------------------------
# JSON


def _num(v: float) -> float | int:
    return int(v) if float(v).is_integer() and abs(v) < 2**53 else float(v)


def _op_to_json(op: Op) -> dict:
    if isinstance(op, Conv2d):
        return {"kind": "conv2d", "name": op.name, "inputs": list(op.inputs), "layout": op.layout,
                "stride": list(op.stride), "dilation": list(op.dilation), "padding": list(op.padding),
                "groups": op.groups, "acc": op.acc}
    return {"kind": "generic", "name": op.name, "inputs": list(op.inputs), "dims": list(op.dims),
            "iterators": list(op.iterators), "maps": [[str(a) for a in m] for m in op.maps],
            "body": expr_to_json(op.body), "out": op.out, "reduce": op.reduce}


_CONV_KEYS = ("kind", "name", "inputs", "layout", "acc"), ("stride", "dilation", "padding", "groups")
_GENERIC_KEYS = ("kind", "name", "inputs", "dims", "iterators", "maps", "body", "out"), ("reduce",)


def _names(v: Any, where: str, most: int) -> tuple[str, ...]:
    _check(isinstance(v, list) and len(v) <= most, f"{where}: expected a list of at most {most} names, got {U.show(v)}",
           "type")
    return tuple(U.tensor_name(x, f"{where}[{k}]") for k, x in enumerate(v))


def _conv_from_json(j: dict, where: str) -> Conv2d:
    U.fields(j, where, *_CONV_KEYS)
    inputs = _names(j["inputs"], where + ".inputs", 2)
    _check(len(inputs) == 2, f"{where}: conv2d takes [image, filter], got {list(inputs)}")
    most = U.MAX_CONV_ATTR
    return Conv2d(U.tensor_name(j["name"], where + ".name"), inputs,
                  U.text(j["layout"], where + ".layout", ("NHWC", "NCHW")),
                  U.integers(j.get("stride", [1, 1]), where + ".stride", 1, most, 2),
                  U.integers(j.get("dilation", [1, 1]), where + ".dilation", 1, most, 2),
                  U.integers(j.get("padding", [0, 0, 0, 0]), where + ".padding", 0, most, 4),
                  U.integer(j.get("groups", 1), where + ".groups", 1, U.MAX_TENSOR_ELEMENTS),
                  U.text(j["acc"], where + ".acc", DTYPES))


def _generic_from_json(j: dict, where: str) -> Generic:
    U.fields(j, where, *_GENERIC_KEYS)
    inputs = _names(j["inputs"], where + ".inputs", U.MAX_INPUTS)
    dims = U.integers(j["dims"], where + ".dims", 1, U.MAX_LOOP_POINTS, most=U.MAX_LOOPS)
    its = j["iterators"]
    _check(isinstance(its, list) and len(its) == len(dims), f"{where}.iterators: expected one per loop dim "
                                                             f"({len(dims)}), got {U.show(its)}", "type")
    maps = j["maps"]
    _check(isinstance(maps, list) and len(maps) == len(inputs) and all(
        isinstance(m, list) and len(m) <= U.MAX_RANK for m in maps),
        f"{where}.maps: expected one list of affine expressions per input ({len(inputs)}), got {U.show(maps)}", "type")
    reduce = j.get("reduce")
    return Generic(U.tensor_name(j["name"], where + ".name"), inputs, dims,
                   tuple(U.text(t, f"{where}.iterators", ("parallel", "reduction")) for t in its),
                   tuple(tuple(parse_affine(a, len(dims), f"{where}.maps[{m}]") for a in amap)
                         for m, amap in enumerate(maps)),
                   expr_from_json(j["body"], where + ".body"), U.text(j["out"], where + ".out", DTYPES),
                   None if reduce is None else U.text(reduce, where + ".reduce", REDUCE_OPS))


def _op_from_json(j: Any, k: int) -> Op:
    where = f"ops[{k}]"
    _check(isinstance(j, dict) and "kind" in j, f"{where}: expected an op object with a kind, got {U.show(j)}", "type")
    kind = U.text(j["kind"], where + ".kind", ("conv2d", "generic"))
    return _conv_from_json(j, where) if kind == "conv2d" else _generic_from_json(j, where)


def to_json(case: Case) -> dict:
    return {
        "format": FORMAT,
        "name": case.name,
        "note": case.note,
        **({"swarm": list(case.swarm)} if case.swarm else {}),
        "inputs": [{"name": t.name, "shape": list(t.shape), "dtype": t.dtype,
                    "values": {k: list(v) if isinstance(v, tuple) else v
                               for k, v in vars(t.values).items() if v is not None}}
                   for t in case.inputs],
        "ops": [_op_to_json(op) for op in case.ops],
        "outputs": list(case.outputs),
        **({"schedules": {c: json.loads(t) for c, t in case.schedules}} if case.schedules else {}),
        **({"expect": dict(case.expect)} if case.expect else {}),
    }


_VALUE_KEYS = ("dist", "seed"), ("low", "high", "scale", "sha256", "base_shape", "base_offset")


def _values_from_json(v: Any, where: str, dtype: str, shape: tuple[int, ...]) -> ValueSpec:
    U.fields(v, where, *_VALUE_KEYS)
    dist = U.text(v["dist"], where + ".dist", DISTRIBUTIONS)
    lo, hi = INT_RANGE.get(dtype, INT_RANGE["i32"])
    low, high = U.integer(v.get("low", 0), where + ".low", lo, hi), U.integer(v.get("high", 0), where + ".high", lo, hi)
    _check(low <= high, f"{where}: low {low} > high {high}; swap them", "range")
    scale = U.number(v.get("scale", 1.0), where + ".scale")
    most = U.MAX_WIDE_SCALE if dist == "wide" else 1e300
    _check(0 <= scale <= most, f"{where}.scale: {scale} is out of range; use a number in [0, {most:g}]", "range")
    sha = v.get("sha256")
    _check(sha is None or isinstance(sha, str) and U.SHA256.fullmatch(sha),
           f"{where}.sha256: {U.show(sha)} is not a hex digest; delete it to have it recomputed", "type")
    base = v.get("base_shape")
    base = None if base is None else U.integers(base, where + ".base_shape", 1, U.MAX_TENSOR_ELEMENTS, len(shape))
    off = v.get("base_offset")
    off = None if off is None else U.integers(off, where + ".base_offset", 0, U.MAX_TENSOR_ELEMENTS, len(shape))
    _check(all(o + n <= b for b, n, o in zip(base or shape, shape, off or (0,) * len(shape))),
           f"{where}.base_shape {list(base or shape)} at offset {list(off or ())} must cover the shape {list(shape)}",
           "range")
    return ValueSpec(dist, U.integer(v["seed"], where + ".seed", 0, U.MAX_SEED), low, high, scale, sha, base, off)


def _tensor_from_json(j: Any, k: int) -> Tensor:
    where = f"inputs[{k}]"
    U.fields(j, where, ("name", "shape", "dtype", "values"))
    shape = U.integers(j["shape"], where + ".shape", 1, U.MAX_TENSOR_ELEMENTS, most=U.MAX_RANK)
    dtype = U.text(j["dtype"], where + ".dtype", DTYPES)
    return Tensor(U.tensor_name(j["name"], where + ".name"), shape, dtype,
                  _values_from_json(j["values"], where + ".values", dtype, shape))


def _configs_map(j: Any, where: str, value) -> tuple:
    """An object keyed by configuration names (``schedules``, ``expect``), as sorted pairs."""
    _check(isinstance(j, dict), f"{where}: expected an object mapping configuration names to values", "type")
    for c in j:
        _check(U.CONFIG_NAME.fullmatch(c), f"{where}: {U.show(c)} is not a configuration name (like tvm:cpu)", "name")
    return tuple(sorted((c, value(t, f"{where}[{c!r}]")) for c, t in j.items()))


def _trace(t: Any, where: str) -> str:
    """A schedule trace in its frontend's own format: a non-empty list (TVM: [instructions, decisions]) or, for a
    pipeline of several kernels (Relax), a non-empty object of such lists keyed by kernel name."""
    per_kernel = isinstance(t, dict) and t and all(isinstance(v, list) and v for v in t.values())
    _check((isinstance(t, list) and t) or per_kernel, f"{where}: a schedule trace is a non-empty list (or an object of "
           "them per kernel); delete it to have it redrawn", "type")
    return json.dumps(t, separators=(",", ":"))


_CASE_KEYS = ("format", "inputs", "ops", "outputs"), ("name", "note", "swarm", "schedules", "expect")


def from_json(j: Any) -> Case:
    """A case from parsed JSON, checked field by field, then for types and resource limits
    (``fuzz.untrusted``) before anything is drawn or computed."""
    _check(isinstance(j, dict), "case: expected a JSON object at the top level", "type")
    fmt = j.get("format")
    _check(fmt == FORMAT, f"case format {U.show(fmt)} is not {FORMAT!r}; this kernelfuzz reads only {FORMAT}",
           "version")
    U.fields(j, "case", *_CASE_KEYS)
    for key, most in (("inputs", U.MAX_INPUTS), ("ops", U.MAX_OPS), ("outputs", U.MAX_INPUTS + U.MAX_OPS)):
        _check(isinstance(j[key], list), f"{key}: expected a list, got {U.show(j[key])}", "type")
        _check(len(j[key]) <= most, f"{key}: {len(j[key])} items exceed the limit of {most}", "limit")
    case = Case(tuple(_tensor_from_json(t, k) for k, t in enumerate(j["inputs"])),
                tuple(_op_from_json(o, k) for k, o in enumerate(j["ops"])),
                _names(j["outputs"], "outputs", U.MAX_INPUTS + U.MAX_OPS),
                U.case_name(j.get("name", "case"), "name"), U.text(j.get("note", ""), "note", most=U.MAX_NOTE),
                _configs_map(j.get("schedules", {}), "schedules", _trace),
                _configs_map(j.get("expect", {}), "expect", lambda v, w: U.text(v, w, most=40)),
                _swarm(j.get("swarm", []), "swarm"))
    case.tensor_types()
    return case


def _pretty(obj: Any, pad: str = "") -> str:
    """JSON with objects one field per line and lists (shapes, maps, bodies) on one line."""
    inner = pad + "  "
    if isinstance(obj, dict):
        rows = [f"{inner}{json.dumps(k)}: {_pretty(v, inner)}" for k, v in obj.items()]
        return "{\n" + ",\n".join(rows) + "\n" + pad + "}"
    if isinstance(obj, list) and any(isinstance(x, dict) for x in obj):
        return "[\n" + ",\n".join(inner + _pretty(x, inner) for x in obj) + "\n" + pad + "]"
    return json.dumps(obj)


def _swarm(v: Any, where: str) -> tuple[str, ...]:
    """The generator features a case's swarm draw switched off (provenance: names are not checked against the
    registry, which lives above this leaf module)."""
    _check(isinstance(v, list) and len(v) <= 256,
           f"{where}: expected a list of the feature names switched off (`kernelfuzz features`), got {U.show(v)}",
           "type")
    return tuple(U.text(x, f"{where}[{k}]", most=64) for k, x in enumerate(v))


def dumps(case: Case) -> str:
    return _pretty(to_json(case)) + "\n"


def load(path) -> Case:
    """Read and check a case file: encoding, JSON, format version, every field's type and range, names, resource
    limits.  Any problem is a one-line ``CaseFileError`` naming the file, the field and the fix.
    (``fuzz.casefile.load`` adds what needs the layers above: verdict names and value digests.)"""
    j = U.read_json(path)
    try:
        return from_json(j)
    except WorkloadError as e:
        raise CaseFileError(path, str(e), e.kind) from None
    except (TypeError, ValueError, KeyError, IndexError, AttributeError, OverflowError, RecursionError) as e:
        # a check this loader lacks: still one line, and tests/test_front_door.py counts these as its failures
        raise CaseFileError(path, f"malformed case ({type(e).__name__}: {e})", "malformed") from None
