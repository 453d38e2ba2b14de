"""The ``body:erf`` rewrite: erf takes the place of a drawn tanh.

erf joined the case language after the case streams were pinned (``tests/test_swarm.py``), so it is no option of
the body draw: a seed whose own erf stream takes it (``fuzz/generate/table.py``) has each tanh of its drawn case
become erf, and a tanh-GELU epilogue, 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))),
becomes the erf GELU 0.5 x (1 + erf(x / sqrt(2))) (PyTorch's default ``gelu``).  erf, like tanh, is monotone, lies
in [-1, 1] and saturates, so a case that was defined stays defined.  A seed that does not take it, or whose case
has no tanh, keeps the case it drew.
"""
from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from fuzz.case.workload import NUMPY_DTYPE, Case, Expr, Generic

_GELU_SCALE = 0.7978845608  # sqrt(2/pi), as fuzz/generate/real.py writes tanh-GELU's inner scale


def _gelu_x(e: Expr) -> Expr | None:
    """The x of tanh-GELU's argument ``sqrt(2/pi) * (x + 0.044715 * x^3)``; None for any other argument."""
    if e.op != "mul" or e.args[0].op != "const" or e.args[1].op != "add":
        return None
    close = np.asarray(_GELU_SCALE).astype(NUMPY_DTYPE[e.args[0].dtype]).item() == e.args[0].value
    return e.args[1].args[0] if close else None


def _erf_of(arg: Expr) -> Expr:
    """erf in tanh's place: of x / sqrt(2) where the argument is tanh-GELU's, else of the same argument."""
    x = _gelu_x(arg)
    if x is None:
        return Expr("erf", (arg,))
    half = float(np.asarray(1 / math.sqrt(2)).astype(NUMPY_DTYPE[arg.args[0].dtype]))
    return Expr("erf", (Expr("mul", (Expr("const", dtype=arg.args[0].dtype, value=half), x)),))


def _swap(e: Expr) -> Expr:
    args = tuple(_swap(a) for a in e.args)
    if e.op == "tanh":
        return _erf_of(args[0])
    return replace(e, args=args) if args != e.args else e


def tanh_to_erf(case: Case, exact: bool, ch) -> Case | None:
    """``case`` with its tanh ops turned erf (``ch``, the seed's erf stream, is not drawn from: the stream's one
    draw decided the row); None where none was (nothing to rewrite)."""
    ops = tuple(replace(op, body=_swap(op.body)) if isinstance(op, Generic) else op for op in case.ops)
    return replace(case, ops=ops) if ops != case.ops else None
