"""Sizes of a TVM launch plan that depend on symbolic shapes (``frontends/tvm/cuda_run.py``): a dynamic dim
(``fuzz/case/dynamic.py``) is a TIR variable of the PrimFunc's buffer shapes, and the host function computes the
launch extents, the scalar kernel arguments and the intermediate buffers' sizes from it.

``encode`` (compile side, with TVM) turns such a TIR expression into a JSON-able value: an int where it is
constant, else a nested list ``[op, operand, ...]`` over ``["var", name]`` leaves, with ``op`` one of ``OPS`` (TIR's
``Add Sub Mul FloorDiv FloorMod Div Mod Min Max`` and ``Cast`` to an integer type); any other node raises
``Unplaceable`` naming it, and the plan says the configuration is compile-only.  ``bind`` reads the variables'
values from the shapes of the arrays a run is given (each variable is a plain dim of some parameter's shape, which
``encode``'s caller checks), and ``evaluate`` (run side, no TVM) computes a value from them.
"""
from __future__ import annotations


class Unplaceable(Exception):
    """A launch kernelfuzz cannot reproduce outside TVM's runtime (the plan records why; the run is compile-only)."""


def _trunc_div(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


OPS = {"Add": lambda a, b: a + b, "Sub": lambda a, b: a - b, "Mul": lambda a, b: a * b,
       "FloorDiv": lambda a, b: a // b, "FloorMod": lambda a, b: a % b, "Div": _trunc_div,
       "Mod": lambda a, b: a - b * _trunc_div(a, b), "Min": min, "Max": max}
WIDTHS = {"int32": 32, "int64": 64}


def encode(expr, what: str):
    """``expr`` (a TIR integer expression) as a plan value; ``what`` names it in the refusal."""
    kind = type(expr).__name__
    if kind == "IntImm":
        return int(expr.value)
    if kind in ("Var", "SizeVar"):
        return ["var", str(expr.name)]
    if kind in OPS:
        return [kind, encode(expr.a, what), encode(expr.b, what)]
    if kind == "Cast" and str(expr.ty) in WIDTHS:
        return ["Cast", str(expr.ty), encode(expr.value, what)]
    raise Unplaceable(f"{what} computed at run time by a TIR {kind} ({expr})")


def variables(value) -> set[str]:
    """The variables a plan value reads."""
    if not isinstance(value, list):
        return set()
    if value[0] == "var":
        return {value[1]}
    return set().union(*(variables(v) for v in value[1:]))


def evaluate(value, env: dict[str, int]) -> int:
    """A plan value at the variables' values ``env``."""
    if isinstance(value, int):
        return value
    op, *args = value
    if op == "var":
        return env[args[0]]
    if op == "Cast":
        w = WIDTHS[args[0]]
        v = evaluate(args[1], env) & ((1 << w) - 1)
        return v - (1 << w) if v >> (w - 1) else v
    a, b = (evaluate(x, env) for x in args)
    if op in ("FloorDiv", "FloorMod", "Div", "Mod") and b == 0:
        raise ZeroDivisionError(f"{op} by zero in a launch size")
    return OPS[op](a, b)


def bind(shapes: dict[str, list], arrays: dict[str, tuple[int, ...]]) -> dict[str, int]:
    """The variables' values: each plain ``["var", name]`` dim of a parameter's planned shape, read from the
    shape of the array the run gives that parameter."""
    env: dict[str, int] = {}
    for name, dims in shapes.items():
        for dim, size in zip(dims, arrays.get(name, ())):
            if isinstance(dim, list) and dim[0] == "var":
                env.setdefault(dim[1], int(size))
    return env
