"""Scalar bodies: random, well-typed, UB-free expressions for a generic's loop body.

Every op of ``fuzz.case.ops.expr.SCALAR_OPS`` is drawn where its swarm feature (``body:<op>``) is on.
Definedness is built in, not hoped for:

* integer division and remainder (``floordiv``, ``floormod``, ``truncdiv``, ``truncmod``) divide by a
  constant of either sign (never 0 or -1) or by a tensor-derived value that can never be zero:
  ``2x + 1`` and ``x | 1`` (odd, either sign), ``(x & 7) + 1`` (1..8); operands are the case's
  small integers, so INT_MIN / -1 never arises (the reference rejects any case where it would);
* shifts shift by a constant in [0, 7] or by ``x & 7``; a left shift that would overflow is
  rejected by the reference and redrawn;
* ``div`` divides by ``|b| + 0.5`` or by a constant, ``sqrt`` reads ``|a|`` or ``max(a, 0)``: the
  certified intervals of divisor and radicand then exclude zero and negatives;
* ``exp`` reads a clamped argument (f16 overflows above ~11); ``tanh`` and ``sigmoid`` read
  anything (their declared budgets cover the saturation).

Exact-input cases (``Builder.exact``) draw no op whose result the case declares rounded beyond
its dtype (``INEXACT``: exp, tanh, sigmoid, erf, div, sqrt), so they stay exact end to end.  ``erf`` is not drawn
here: it takes the place of a drawn tanh in the seeds its own stream takes (``fuzz/generate/erf.py``).
"""
from __future__ import annotations

from fuzz.case.workload import FLOAT_DTYPES, Expr, WorkloadError
from fuzz.generate.base import Builder

INEXACT = ("exp", "tanh", "sigmoid", "erf", "div", "sqrt")  # results rounded or approximated: no zero-width bound
INT_OPS = ("floordiv", "floormod", "truncdiv", "truncmod", "shl", "shr", "and", "or", "xor", "abs", "neg")
FLOAT_OPS = ("round", "exp", "div", "sqrt", "tanh", "sigmoid", "abs", "neg")
_ALWAYS = ("add", "mul", "cast")  # not switchable: every body needs them
DIVISORS = (-7, -3, -2, 2, 3, 4, 5, 8)


def const(dtype: str, v: float) -> Expr:
    return Expr("const", dtype=dtype, value=float(v))


def leaf(b: Builder, want: str, dtypes: tuple[str, ...]) -> Expr:
    ch = b.ch
    same = [i for i, t in enumerate(dtypes) if t == want]
    if same and ch.int(0, 4):
        return Expr("in", index=ch.choice(same))
    if ch.int(0, 2):
        i = ch.int(0, len(dtypes) - 1)
        return Expr("cast", (Expr("in", index=i),), dtype=want) if dtypes[i] != want else Expr("in", index=i)
    v = float(ch.int(-4, 4)) if want not in FLOAT_DTYPES else ch.choice((0.5, 1.0, -2.0, 0.125, 3.0, -0.75))
    return const(want, v)


def _kinds(b: Builder, want: str) -> list[str]:
    kinds = ["add", "sub", "mul", "max", "min", "select", "clamp", "cast"]
    if want in FLOAT_DTYPES:
        return kinds + [k for k in FLOAT_OPS if not (b.exact and k in INEXACT)]
    return kinds + list(INT_OPS)


def _allowed(b: Builder, k: str) -> bool:
    if k in _ALWAYS:
        return True
    if k == "exp":  # exp reads a clamped argument
        return b.on("body:exp") and b.on("body:clamp")
    if k == "sqrt":  # and sqrt a non-negative one
        return b.on("body:sqrt") and (b.on("body:abs") or b.on("body:max"))
    return b.on(f"body:{k}")


def body(b: Builder, want: str, dtypes: tuple[str, ...], depth: int) -> Expr:
    """A random well-typed scalar expression of dtype ``want``."""
    if want == "i8":  # i8 arithmetic may overflow (UB in TVM): compute in i32, clamp, narrow
        if not b.on("body:clamp"):
            raise WorkloadError("narrowing to i8 needs body:clamp")
        inner = body(b, "i32", dtypes, depth)
        return Expr("cast", (Expr("clamp", (inner,), lo=-128.0, hi=127.0),), dtype="i8")
    if depth == 0:
        return leaf(b, want, dtypes)
    k = b.pick(_kinds(b, want), lambda k: _allowed(b, k))
    sub = lambda t=want: body(b, t, dtypes, depth - 1)  # noqa: E731
    return _DRAW.get(k, _unary)(b, k, want, sub)


def _binary(b: Builder, k: str, want: str, sub) -> Expr:
    return Expr(k, (sub(), sub()))


def _unary(b: Builder, k: str, want: str, sub) -> Expr:
    return Expr(k, (sub(),))


def _select(b: Builder, k: str, want: str, sub) -> Expr:
    return Expr("select", (sub(), sub(), sub(), sub()), pred=b.ch.choice(("gt", "lt", "ge", "le", "eq")))


def _clamp(b: Builder, k: str, want: str, sub) -> Expr:
    lo = float(b.ch.int(-8, 0))
    return Expr("clamp", (sub(),), lo=lo, hi=lo + b.ch.choice((1.0, 4.0, 8.0, 16.0)))


def _exp(b: Builder, k: str, want: str, sub) -> Expr:  # keep exp's argument small: f16 overflows above ~11
    return Expr("exp", (Expr("clamp", (sub(),), lo=-4.0, hi=4.0),))


def _cast(b: Builder, k: str, want: str, sub) -> Expr:
    src = b.ch.choice([t for t in ("f16", "f32", "i32") if t != want])
    return Expr("cast", (sub(src),), dtype=want)


def nonzero_divisor(b: Builder, x: Expr) -> Expr:
    """A value computed from ``x`` that is never zero: odd (``2x + 1``, ``x | 1``) or in 1..8 (``(x & 7) + 1``)."""
    forms = ["odd"] + [f for f in ("or", "and") if b.on(f"body:{f}")]
    form = b.ch.choice(forms)
    if form == "odd":
        return Expr("add", (Expr("mul", (x, const("i32", 2))), const("i32", 1)))
    if form == "or":
        return Expr("or", (x, const("i32", 1)))
    return Expr("add", (Expr("and", (x, const("i32", 7))), const("i32", 1)))


def _int_div(b: Builder, k: str, want: str, sub) -> Expr:
    """Integer division or remainder by a constant of either sign, or by a never-zero tensor value."""
    by = const("i32", b.ch.choice(DIVISORS)) if b.ch.int(0, 1) else nonzero_divisor(b, sub())
    return Expr(k, (sub(), by))


def _shift(b: Builder, k: str, want: str, sub) -> Expr:
    """A shift by an in-range amount: a constant in [0, 7], or ``x & 7``."""
    by = Expr("and", (sub(), const("i32", 7))) if b.on("body:and") and b.ch.int(0, 1) else \
        const("i32", b.ch.int(0, 7))
    return Expr(k, (sub(), by))


def _div(b: Builder, k: str, want: str, sub) -> Expr:
    """a / (|b| + 0.5), or a / c for a constant c: the divisor's interval never holds zero."""
    if b.on("body:abs") and b.ch.int(0, 1):
        return Expr("div", (sub(), Expr("add", (Expr("abs", (sub(),)), const(want, 0.5)))))
    return Expr("div", (sub(), const(want, b.ch.choice((3.0, -0.75, 0.125, 10.0, -6.0)))))


def _sqrt(b: Builder, k: str, want: str, sub) -> Expr:
    """sqrt(|a|) or sqrt(max(a, 0)): the radicand is never negative."""
    if b.ch.choice([f for f in ("abs", "max") if b.on(f"body:{f}")]) == "abs":
        return Expr("sqrt", (Expr("abs", (sub(),)),))
    return Expr("sqrt", (Expr("max", (sub(), const(want, 0.0))),))


_DRAW = {"add": _binary, "sub": _binary, "mul": _binary, "max": _binary, "min": _binary, "and": _binary,
         "or": _binary, "xor": _binary, "select": _select, "clamp": _clamp, "exp": _exp, "cast": _cast,
         "floordiv": _int_div, "floormod": _int_div, "truncdiv": _int_div, "truncmod": _int_div,
         "shl": _shift, "shr": _shift, "div": _div, "sqrt": _sqrt}
