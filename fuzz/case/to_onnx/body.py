"""A generic as ONNX nodes: its reads as views, the body op by op, then the reduction.

Each input dim must read one loop dim, forward or reversed, at an offset (``d + k``, ``k - d``), each loop dim at
most once: the input is then a ``Slice`` of what it reads (step -1 where reversed), a ``Transpose`` into loop order
and an ``Unsqueeze`` with 1 where it broadcasts (numpy broadcasting is ONNX's; a dynamic dim stays dynamic).  The
body is one ONNX node per body op, each rounding in its own dtype as the case declares (``SCALAR_OPS``); the result
is ``Expand``-ed to the whole loop space where no read spans it, then reduced over the reduction dims
(``keepdims=0`` leaves the parallel dims in order: the case's output).  What is declined and why: the package
docstring.
"""
from __future__ import annotations

from fuzz.case.ops.base import FLOAT_DTYPES
from fuzz.case.ops.expr import Expr, expr_dtype
from fuzz.case.to_onnx.builder import Builder, Unwritable, tensor_type
from fuzz.case.workload import Generic

_BINARY = {"add": "Add", "sub": "Sub", "mul": "Mul", "max": "Max", "min": "Min", "div": "Div",
           "and": "BitwiseAnd", "or": "BitwiseOr", "xor": "BitwiseXor"}
_UNARY = {"abs": "Abs", "neg": "Neg", "round": "Round", "sqrt": "Sqrt", "exp": "Exp", "tanh": "Tanh",
          "sigmoid": "Sigmoid", "erf": "Erf"}
_MOD = {"floormod": 0, "truncmod": 1}  # Mod's fmod attribute: 0 takes the divisor's sign, 1 the dividend's
_COMPARE = {"gt": "Greater", "lt": "Less", "ge": "GreaterOrEqual", "le": "LessOrEqual", "eq": "Equal"}
_REDUCE = {"add": "ReduceSum", "max": "ReduceMax", "min": "ReduceMin"}
_DECLINED = {"floordiv": "ONNX Div leaves integer rounding unspecified", "truncdiv": "ONNX Div leaves integer "
             "rounding unspecified", "shl": "ONNX BitShift takes unsigned integers", "shr": "ONNX BitShift takes "
             "unsigned integers"}


def read_dims(amap) -> list[tuple[int, int]] | None:
    """(loop dim, +1 or -1) per input dim, when each reads one loop dim forward or reversed, at an offset, each loop
    dim at most once (see the module docstring); None for windows, diagonals and quasi-affine reads."""
    read = []
    for a in amap:
        terms = [(d, c) for d, c in enumerate(a.coeffs) if c]
        if a.divs or len(terms) != 1 or abs(terms[0][1]) != 1:
            return None
        read.append(terms[0])
    return read if len({d for d, _ in read}) == len(read) else None


def _slice(b: Builder, x: str, amap, read: list[tuple[int, int]], dims, shape) -> str:
    """The elements ``x`` is read at: ``Slice`` of ``offset + d`` forward, or ``offset - d`` with step -1."""
    rows = [(j, a.offset, a.offset + c * dims[d], c) for j, (a, (d, c)) in enumerate(zip(amap, read))
            if c < 0 or a.offset or shape[j] != dims[d]]
    if not rows:
        return x
    ends = [end if end >= 0 else -(shape[j] + 1) for j, _, end, _ in rows]  # a negative end counts from the back
    starts, axes, steps = ([r[k] for r in rows] for k in (1, 0, 3))
    return b.node("Slice", [x, b.const(starts, "i64", "starts"), b.const(ends, "i64", "ends"),
                            b.const(axes, "i64", "axes"), b.const(steps, "i64", "steps")])


def _views(b: Builder, op: Generic) -> list[str | None]:
    """Each input the body reads, sliced to what it reads and viewed in loop order (None for the others)."""
    out: list[str | None] = []
    for k, (name, amap) in enumerate(zip(op.inputs, op.maps)):
        if k not in _reads(op.body):
            out.append(None)
            continue
        read = read_dims(amap)
        if read is None:
            raise Unwritable(f"generic {op.name!r} reads {name!r} through windowed, diagonal or quasi-affine "
                             "indices: the ONNX writer takes reads of one loop dim per input dim")
        x = _slice(b, name, amap, read, op.dims, b.types[name][0])
        order = sorted(range(len(read)), key=lambda j: read[j][0])
        x = b.transpose(x, order)
        missing = [d for d in range(len(op.dims)) if d not in {d for d, _ in read}]
        out.append(b.node("Unsqueeze", [x, b.const(missing, "i64", "axes")]) if missing else x)
    return out


def integral(e: Expr, dtypes: tuple[str, ...]) -> bool:
    """Whether a float expression's value is always an integer (so a float-to-integer Cast of it is exact
    whatever rounding the ONNX runtime uses)."""
    if e.op == "round":
        return True
    if e.op == "const":
        return float(e.value).is_integer()
    if e.op == "clamp":
        return float(e.lo).is_integer() and float(e.hi).is_integer() and integral(e.args[0], dtypes)
    if e.op in ("max", "min", "neg", "abs", "add", "sub", "mul"):  # a rounded sum or product of integers is one
        return all(integral(a, dtypes) for a in e.args)
    if e.op == "select":
        return integral(e.args[2], dtypes) and integral(e.args[3], dtypes)
    if e.op == "cast":  # from an integer, or from an integral float
        inner = expr_dtype(e.args[0], dtypes)
        return inner not in FLOAT_DTYPES or integral(e.args[0], dtypes)
    return False


def _cast(b: Builder, e: Expr, x: str, src: str, dtypes) -> str:
    if src in FLOAT_DTYPES and e.dtype not in FLOAT_DTYPES and not integral(e.args[0], dtypes):
        raise Unwritable("a float-to-integer cast of a value not known to be integral: ONNX leaves Cast's "
                         "rounding of it unspecified")
    return b.cast(x, src, e.dtype)


def _expr(b: Builder, e: Expr, views: list, dtypes: tuple[str, ...]) -> str:
    if e.op == "in":
        return views[e.index]
    if e.op == "const":
        return b.const(e.value if e.dtype in FLOAT_DTYPES else int(e.value), e.dtype)
    if e.op in _DECLINED:
        raise Unwritable(f"body op {e.op}: {_DECLINED[e.op]}")
    args = [_expr(b, a, views, dtypes) for a in e.args]
    t = expr_dtype(e.args[0], dtypes)
    if e.op in _BINARY:
        return b.node(_BINARY[e.op], args)
    if e.op in _UNARY:
        return b.node(_UNARY[e.op], args)
    if e.op in _MOD:
        return b.node("Mod", args, fmod=_MOD[e.op])
    if e.op == "cast":
        return _cast(b, e, args[0], t, dtypes)
    if e.op == "clamp":
        lo, hi = (e.lo, e.hi) if t in FLOAT_DTYPES else (int(e.lo), int(e.hi))
        return b.node("Clip", [args[0], b.const(lo, t, "lo"), b.const(hi, t, "hi")])
    return b.node("Where", [b.node(_COMPARE[e.pred], args[:2]), args[2], args[3]])


def generic(b: Builder, op: Generic) -> str:
    """The generic's nodes; the last one is named after the op."""
    dtypes = tuple(b.types[n][1] for n in op.inputs)
    value = _expr(b, op.body, _views(b, op), dtypes)
    covered = _covered(op)
    if len(covered) < len(op.dims):  # 1 where some read gives the size (dynamic, perhaps): numpy broadcasting
        value = b.node("Expand", [value, b.const([1 if d in covered else n for d, n in enumerate(op.dims)], "i64",
                                                 "loops")])
    if not op.reduction:
        return b.finish(value, op.name)
    axes = b.const(list(op.reduction), "i64", "axes")
    if op.reduce == "add" and op.out == "i8":  # ReduceSum takes no int8; an int8 sum that is defined fits, so the
        total = b.node("ReduceSum", [b.cast(value, "i8", "i32"), axes], keepdims=0)  # int32 sum is the same
        return b.node("Cast", [total], op.name, to=tensor_type("i8"))
    return b.node(_REDUCE[op.reduce], [value, axes], op.name, keepdims=0)


def _reads(e: Expr) -> set[int]:
    return {e.index} if e.op == "in" else set().union(*(_reads(a) for a in e.args))


def _covered(op: Generic) -> set[int]:
    """The loop dims some input the body reads spans (the body's value has their sizes, 1 elsewhere)."""
    return {d for k in _reads(op.body) for a in op.maps[k] for d, c in enumerate(a.coeffs) if c}

