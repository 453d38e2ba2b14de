"""The reference: a numpy interpreter of a case, with certified bounds on every value.

Values.  Integers are computed exactly (int64; float64 where every partial sum is provably below 2^53),
floats in float64.  Every elementwise op (body ops, casts, conv products) is rounded to its declared
dtype, as IEEE requires of any correct compilation; reductions are summed in float64 and rounded once to
the accumulator dtype: the ideal result that a real compiler, rounding after every partial sum in some
order, approximates.  Where a case declares an f16 accumulator, each product is rounded to f16 before the
sum.

Bounds.  Alongside each value the interpreter keeps an interval [lo, hi] per
element that contains the result of *every* correct compilation under a
numerics profile (``fuzz.judge.profiles``).  Body ops are propagated by interval
arithmetic (``fuzz.judge.scalar``: exact for monotone ops, corners for mul and the
divisions, declared accuracies for exp, tanh, sigmoid and erf); a select whose
comparison is ambiguous takes both branches.  Convolutions contract im2col blocks by BLAS
(``fuzz.judge.conv``); matmuls and pools have the semantics of their generic twins, evaluated as
contractions (``fuzz.judge.matmul``; above 2^22 products, float matmuls by BLAS with bounds from matrix products
of magnitudes: ``fuzz.judge.matmul_fast``) and window views (``fuzz.judge.pool``); ``pad`` is exact; attention
has its own exact reference and bound (``fuzz.judge.attention``); a reshape moves values and bounds exactly.
A conv or matmul with an init operand adds it as one more term of its sum (``fuzz.judge.init``).
A float reduction of K terms widens by gamma_K * sum|terms| in the accumulator's unit roundoff,
except where every partial sum is provably exact (``fuzz.judge.sums``).

``magnitude`` is the per-element sum of |terms| (|value| for non-reductions):
it bounds every partial sum in every order, which makes integer overflow
checks order-independent.  A case whose semantics are undefined (integer
overflow, an out-of-range float->int cast, a division by zero or INT_MIN / -1,
a shift out of range; see ``fuzz.case.ops.expr``) raises ``UndefinedBehavior``.

``evaluate_every_profile`` is one pass for all profiles (``fuzz.judge.sharing``): values, magnitudes and
a conv's sums are computed once, and each op is re-evaluated only under profiles whose fields it reads
differ.  Nothing is cached across calls: the reference of a case is a pure function of the case and its
inputs.
"""
from __future__ import annotations

import numpy as np

from fuzz.case.values import materialize_all
from fuzz.case.workload import FLOAT_DTYPES, Attention, Case, Conv2d, Generic, Matmul, Pad, Pool2d, Reshape
from fuzz.judge.attention import eval_attention
from fuzz.judge.contract import exact_contraction
from fuzz.judge.conv import conv_sums, conv_value, eval_conv  # noqa: F401
from fuzz.judge.matmul import eval_matmul
from fuzz.judge.numerics import (  # noqa: F401
    PRECISION,
    UndefinedBehavior,
    as_int,
    cast,
    cast_interval,
    check_int,
    round_interval,
    round_to,
    ulp,
)
from fuzz.judge.pool import eval_pool
from fuzz.judge.profiles import PROFILES, STRICT, Profile
from fuzz.judge.scalar import Scalar, eval_expr
from fuzz.judge.sharing import every_profile
from fuzz.judge.sums import finish, float_sum, gamma, magnitudes, quantum  # noqa: F401
from fuzz.judge.value import Value, exact_value  # noqa: F401


def _gather(v: Value, amap, grid: np.ndarray, dims) -> Scalar:
    idx = tuple(np.broadcast_to(a.evaluate(grid), dims) for a in amap)
    data = v.data[idx]
    if v.lo is v.data and v.hi is v.data:  # a point by construction (an input): its ends stay its data
        return Scalar(data, data, data, v.dtype)
    return Scalar(data, v.lo[idx], v.hi[idx], v.dtype)


def gather(op: Generic, ins: list[Value]) -> list[Scalar]:
    """Each input as the loop nest reads it: profile-free, so the every-profile pass gathers once."""
    grid = np.indices(op.dims)
    return [_gather(v, amap, grid, op.dims) for v, amap in zip(ins, op.maps)]


def eval_generic(op: Generic, ins: list[Value], prof: Profile = STRICT) -> Value:
    """A contraction of exact terms by ``einsum`` (``fuzz.judge.contract``), else the loop nest."""
    v = exact_contraction(op, ins, prof)
    return loop_nest(op, ins, prof, gather(op, ins)) if v is None else v


def loop_nest(op: Generic, ins: list[Value], prof: Profile, args: list[Scalar]) -> Value:
    """The generic over its whole iteration space; ``args``: the inputs as it reads them (``gather``)."""
    what = f"op {op.name!r}"
    body = eval_expr(op.body, args, what, prof)
    data, lo, hi = (np.broadcast_to(a, op.dims) for a in (body.data, body.lo, body.hi))
    if not op.reduction:
        return Value(data.copy(), op.out, np.abs(data).astype(np.float64), lo.copy(), hi.copy())
    axes = op.reduction
    if op.reduce == "add":
        mag = magnitudes(lo, hi, axes, op.out)
        q = quantum(data) if all(v.exact for v in ins) and np.array_equal(lo, hi) else None
        terms = int(np.prod([op.dims[d] for d in axes]))
        return finish(data.sum(axis=axes), lo.sum(axis=axes), hi.sum(axis=axes), mag, terms, op.out, q,
                      prof, what)
    f = np.max if op.reduce == "max" else np.min
    r = f(data, axis=axes)
    return Value(r, op.out, np.abs(r).astype(np.float64), f(lo, axis=axes), f(hi, axis=axes))


def eval_pad(op: Pad, x: Value) -> Value:
    value = float(op.value) if x.dtype in FLOAT_DTYPES else int(op.value)
    widths = tuple(zip(op.low, op.high))
    data, lo, hi = (np.pad(a, widths, constant_values=value) for a in (x.data, x.lo, x.hi))
    return Value(data, x.dtype, np.abs(data).astype(np.float64), lo, hi)


def eval_reshape(op: Reshape, x: Value) -> Value:
    """Values, bounds and magnitudes moved as the reshape moves them (row-major, as every frontend lays out)."""
    out = op.result_type({op.inputs[0]: (x.data.shape, x.dtype)})[0]

    def move(a: np.ndarray) -> np.ndarray:
        return a.transpose(op.perm) if op.mode == "transpose" else a.reshape(out)
    return Value(move(x.data), x.dtype, move(x.magnitude), move(x.lo), move(x.hi))


def eval_named(op: Matmul | Pool2d, ins: list[Value], prof: Profile = STRICT) -> Value:
    """Matmuls and pools with the semantics of their generic twins (``as_generic``): the same loops, body and
    combiner; matmuls contracted by BLAS where they can be (``fuzz.judge.matmul``), pools read through window
    views (``fuzz.judge.pool``)."""
    return eval_matmul(op, ins, prof) if isinstance(op, Matmul) else eval_pool(op, *ins, prof)


def eval_op(op, ins: list[Value], prof: Profile = STRICT) -> Value:
    if isinstance(op, Conv2d):
        return eval_conv(op, ins, prof)
    if isinstance(op, Reshape):
        return eval_reshape(op, *ins)
    if isinstance(op, Generic):
        return eval_generic(op, ins, prof)
    if isinstance(op, Attention):
        return eval_attention(op, ins, prof)
    return eval_pad(op, *ins) if isinstance(op, Pad) else eval_named(op, ins, prof)


def _eval_shared(op, ins: list[Value], prof: Profile, memo: dict) -> Value:
    """``eval_op`` in the every-profile pass: a conv's sums and a generic's gathered inputs are made once per
    tuple of operands."""
    if isinstance(op, Matmul):
        return eval_matmul(op, ins, prof, memo)
    if not isinstance(op, (Conv2d, Generic)):
        return eval_op(op, ins, prof)
    key = tuple(map(id, ins))
    if isinstance(op, Conv2d):
        if key not in memo:
            memo[key] = conv_sums(op, *ins)
        return conv_value(op, memo[key], prof)
    v = exact_contraction(op, ins, prof)
    if v is not None:
        return v
    if key not in memo:
        memo[key] = gather(op, ins)
    return loop_nest(op, ins, prof, memo[key])


def _input_values(case: Case, inputs: dict[str, np.ndarray]) -> dict[str, Value]:
    return {t.name: exact_value(inputs[t.name].astype(np.float64) if t.dtype in FLOAT_DTYPES else
                                as_int(inputs[t.name], t.dtype), t.dtype) for t in case.inputs}


def evaluate(case: Case, inputs: dict[str, np.ndarray] | None = None, prof: Profile = STRICT) -> dict[str, Value]:
    """Every value of the case (inputs and ops) by name, with bounds under ``prof``."""
    env = _input_values(case, materialize_all(case) if inputs is None else inputs)
    for op in case.ops:
        env[op.name] = eval_op(op, [env[n] for n in op.inputs], prof)
    return env


def evaluate_every_profile(case: Case, inputs: dict[str, np.ndarray] | None = None) -> dict[str, dict[str, Value]]:
    """``evaluate`` under every numerics profile, by profile name, in one shared pass.  Profiles widen
    intervals differently, and undefinedness is judged over intervals: a case undefined under one profile is
    undefined, so every configuration and every campaign agrees on which cases are defined."""
    env = _input_values(case, materialize_all(case) if inputs is None else inputs)
    return every_profile(case.ops, env, PROFILES, _eval_shared)


def reference_outputs(case: Case, inputs: dict[str, np.ndarray] | None = None) -> list[np.ndarray]:
    env = evaluate(case, inputs)
    return [env[n].as_declared() for n in case.outputs]
