"""Scalar body expressions: nested lists in JSON, e.g. ``["add", ["in", 0], ["const", "f32", 1.5]]``.

``SCALAR_OPS`` declares every op's arity, operand kind and meaning: the one
place the semantics of a body are written down.  The reference
(``fuzz.judge.scalar``) evaluates exactly these meanings; both lowerings emit them.
Where a meaning says "undefined", the reference raises ``UndefinedBehavior``
and the generator never keeps such a case.  The special forms ``in``,
``const``, ``cast``, ``clamp`` and ``select`` carry attributes and are read
apart from the table.
"""
from __future__ import annotations

from dataclasses import dataclass

from fuzz.case import untrusted as U
from fuzz.case.ops.base import DTYPES, FLOAT_DTYPES, INT_DTYPES, check, exact_int, num, representable

PREDICATES = ("gt", "lt", "ge", "le", "eq")


@dataclass(frozen=True)
class OpSpec:
    arity: int
    operands: str  # "any" | "float" | "int": which dtypes the operands may have (all operands alike)
    meaning: str


SCALAR_OPS = {
    "add": OpSpec(2, "any", "a + b, rounded to nearest even (floats); integers must not overflow"),
    "sub": OpSpec(2, "any", "a - b, rounded to nearest even (floats); integers must not overflow"),
    "mul": OpSpec(2, "any", "a * b, rounded to nearest even (floats); integers must not overflow"),
    "max": OpSpec(2, "any", "the larger operand"),
    "min": OpSpec(2, "any", "the smaller operand"),
    "div": OpSpec(2, "float", "a / b correctly rounded; undefined where b's certified interval holds 0"),
    "floordiv": OpSpec(2, "int", "floor(a / b); undefined for b = 0 and for INT_MIN / -1"),
    "floormod": OpSpec(2, "int", "a - b * floor(a / b) (takes the sign of b); undefined for b = 0, INT_MIN / -1"),
    "truncdiv": OpSpec(2, "int", "a / b rounded toward zero (C /, arith.divsi); undefined for b = 0, INT_MIN / -1"),
    "truncmod": OpSpec(2, "int", "a - b * truncdiv(a, b) (takes the sign of a, C %); undefined for b = 0, "
                                 "INT_MIN / -1"),
    "shl": OpSpec(2, "int", "a * 2^b; undefined unless 0 <= b < bits and the product fits the dtype"),
    "shr": OpSpec(2, "int", "floor(a / 2^b), arithmetic shift; undefined unless 0 <= b < bits"),
    "and": OpSpec(2, "int", "two's complement bitwise and"),
    "or": OpSpec(2, "int", "two's complement bitwise or"),
    "xor": OpSpec(2, "int", "two's complement bitwise xor"),
    "abs": OpSpec(1, "any", "|a| (exact); undefined for the integer INT_MIN"),
    "neg": OpSpec(1, "any", "-a (exact); undefined for the integer INT_MIN"),
    "round": OpSpec(1, "float", "round half to even"),
    "sqrt": OpSpec(1, "float", "square root, correctly rounded; undefined where a's certified interval reaches "
                               "below 0"),
    "exp": OpSpec(1, "float", "e^a to the profile's exp_ulps"),
    "tanh": OpSpec(1, "float", "tanh(a) to the profile's budget (ulps of the result plus ulps of 1.0)"),
    "sigmoid": OpSpec(1, "float", "1 / (1 + e^-a) to the profile's budget (ulps of the result plus ulps of 1.0)"),
    "erf": OpSpec(1, "float", "the error function (2/sqrt(pi)) * integral_0^a e^-t^2 dt to the profile's budget "
                              "(ulps of the result plus ulps of 1.0); never outside [-1, 1]"),
}
SPECIAL = {"in": 1, "const": 2, "cast": 2, "clamp": 3, "select": 5}  # op -> JSON arguments
EXPR_OPS = tuple(SPECIAL) + tuple(SCALAR_OPS)
BINARY_OPS = tuple(k for k, s in SCALAR_OPS.items() if s.arity == 2)
V1_OPS = ("in", "const", "add", "sub", "mul", "max", "min", "cast", "round", "clamp", "select", "exp")


@dataclass(frozen=True)
class Expr:
    op: str
    args: tuple["Expr", ...] = ()
    index: int = 0  # "in": which generic input
    dtype: str = ""  # "const", "cast": result dtype
    value: float = 0.0  # "const": a Python int where the JSON held an integer of an integer dtype (exact)
    lo: float = 0.0  # "clamp"
    hi: float = 0.0  # "clamp"
    pred: str = ""  # "select": compare args[0] pred args[1], pick args[2] or args[3]


def expr_to_json(e: Expr) -> list:
    if e.op == "in":
        return ["in", e.index]
    if e.op == "const":
        return ["const", e.dtype, num(e.value)]
    if e.op == "cast":
        return ["cast", e.dtype, expr_to_json(e.args[0])]
    if e.op == "clamp":
        return ["clamp", num(e.lo), num(e.hi), expr_to_json(e.args[0])]
    if e.op == "select":
        return ["select", e.pred, *map(expr_to_json, e.args)]
    return [e.op, *map(expr_to_json, e.args)]


def expr_from_json(j, where: str, budget: list[int] | None = None, depth: int = 1) -> Expr:
    """Parse a body; ``budget`` counts the nodes left (a hostile body must not blow up before it is counted)."""
    budget = [U.MAX_EXPR_NODES] if budget is None else budget
    budget[0] -= 1
    check(budget[0] >= 0, f"{where}: more than {U.MAX_EXPR_NODES} expression nodes; simplify the body", "limit")
    check(depth <= U.MAX_EXPR_DEPTH, f"{where}: expression nested deeper than {U.MAX_EXPR_DEPTH}", "limit")
    check(isinstance(j, list) and j and isinstance(j[0], str),
          f"{where}: expected an expression list like [\"add\", a, b], got {U.show(j)}", "type")
    op, rest = j[0], j[1:]
    check(op in EXPR_OPS, f"{where}: unknown op {U.show(op)}; use one of {', '.join(EXPR_OPS)}", "value")
    arity = SPECIAL[op] if op in SPECIAL else SCALAR_OPS[op].arity
    check(len(rest) == arity, f"{where}: {op!r} takes {arity} arguments, got {len(rest)}")
    sub = lambda k: expr_from_json(rest[k], f"{where}.{op}", budget, depth + 1)  # noqa: E731
    if op == "in":
        return Expr("in", index=U.integer(rest[0], where, 0, U.MAX_INPUTS - 1))
    if op == "const":
        dtype = U.text(rest[0], where, DTYPES)
        return Expr("const", dtype=dtype, value=U.number(rest[1], where) if dtype in FLOAT_DTYPES else
                    exact_int(rest[1], where))
    if op == "cast":
        return Expr("cast", (sub(1),), dtype=U.text(rest[0], where, DTYPES))
    if op == "clamp":
        return Expr("clamp", (sub(2),), lo=exact_int(rest[0], where), hi=exact_int(rest[1], where))
    if op == "select":
        return Expr("select", tuple(sub(k) for k in range(1, 5)), pred=U.text(rest[0], where, PREDICATES))
    return Expr(op, tuple(sub(k) for k in range(len(rest))))


_KINDS = {"any": DTYPES, "float": FLOAT_DTYPES, "int": INT_DTYPES}


def _special_dtype(e: Expr, ts: list[str], where: str) -> str:
    if e.op == "cast":
        check(e.dtype in DTYPES, f"{where}: cast to unknown dtype {e.dtype!r}")
        return e.dtype
    if e.op == "clamp":
        check(e.lo <= e.hi, f"{where}: clamp bounds {e.lo} > {e.hi}")
        check(representable(e.lo, ts[0]) and representable(e.hi, ts[0]),
              f"{where}: clamp bounds must be exactly representable in {ts[0]}")
        return ts[0]
    check(e.pred in PREDICATES, f"{where}: select predicate {e.pred!r} is not one of {PREDICATES}")
    check(ts[0] == ts[1] and ts[2] == ts[3],
          f"{where}: select compares {ts[0]}/{ts[1]} and picks {ts[2]}/{ts[3]}; operands must pair up")
    return ts[2]


def expr_dtype(e: Expr, in_dtypes: tuple[str, ...], where: str = "body") -> str:
    """Type-check ``e`` against the generic's input dtypes; return its dtype."""
    if e.op == "in":
        check(0 <= e.index < len(in_dtypes), f"{where}: [\"in\", {e.index}] but the generic has {len(in_dtypes)} inputs")
        return in_dtypes[e.index]
    if e.op == "const":
        check(e.dtype in DTYPES, f"{where}: const dtype {e.dtype!r} is not one of {DTYPES}")
        check(representable(e.value, e.dtype),
              f"{where}: constant {e.value!r} is not exactly representable in {e.dtype}; round it first")
        return e.dtype
    ts = [expr_dtype(a, in_dtypes, where) for a in e.args]
    if e.op in SPECIAL:
        return _special_dtype(e, ts, where)
    spec = SCALAR_OPS[e.op]
    check(len(set(ts)) == 1, f"{where}: {e.op} mixes {' and '.join(ts)}; insert an explicit cast")
    check(ts[0] in _KINDS[spec.operands], f"{where}: {e.op} needs {spec.operands} operands, got {ts[0]}")
    return ts[0]


def expr_nodes(e: Expr) -> int:
    return 1 + sum(expr_nodes(a) for a in e.args)


def typed_ops(e: Expr, in_dtypes: tuple[str, ...]) -> set[tuple[str, str]]:
    """Every scalar op of the expression with the dtype of its first operand, e.g. ``("erf", "f16")``."""
    own = {(e.op, expr_dtype(e.args[0], in_dtypes))} if e.op in SCALAR_OPS else set()
    return own.union(*(typed_ops(a, in_dtypes) for a in e.args))


def expr_ops(e: Expr) -> set[str]:
    """Every op the expression uses (``in`` and ``const`` included)."""
    return {e.op}.union(*(expr_ops(a) for a in e.args))
