"""Matmuls with the semantics of their generic twin (``Matmul.as_generic``), contracted where they can be.

The twin's body is ``mul(operand A, operand B)`` over plain reads: where every term is exact it is a
contraction of exact terms (``fuzz.judge.contract``: matrix products by BLAS, profile-free).  Elsewhere (an
operand with width, products rounded to an f16 or f32 accumulator, a profile that flushes subnormals or adds
ulps) each operand is evaluated once on its input (every element is read: the same values and intervals as
over the loop nest) and the products are evaluated term by term as the twin evaluates them, in blocks of
bounded size, then summed over K.  From ``matmul_fast.TERMS`` products on, a float matmul takes the real-size path
instead (``fuzz.judge.matmul_fast``: BLAS values, sound bounds at most twice as wide), its profile-free sums made
once for every profile.
"""
from __future__ import annotations

import numpy as np

from fuzz.case.workload import Expr, Matmul
from fuzz.judge import init as accumulate
from fuzz.judge import matmul_fast as fast
from fuzz.judge.contract import exact_contraction
from fuzz.judge.profiles import STRICT, Profile
from fuzz.judge.scalar import Scalar, eval_expr
from fuzz.judge.sums import finish, quantum
from fuzz.judge.value import Value

BLOCK = 1 << 20  # terms per block on the term-by-term path
_MUL = Expr("mul", (Expr("in", index=0), Expr("in", index=1)))


def _operand(e: Expr, v: Value, index: int, swap: bool, prof: Profile, what: str) -> Scalar:
    """The operand expression over input ``v`` (read as input ``index``), as (batch..., rows, K) or (K, cols)."""
    args = [None, None]
    args[index] = Scalar(v.data, v.lo, v.hi, v.dtype)
    s = eval_expr(e, args, what, prof)
    views: dict[int, np.ndarray] = {}  # a point stays one array (data is lo is hi): matmul_fast sees it is one

    def view(a: np.ndarray) -> np.ndarray:
        a2 = np.broadcast_to(a, v.data.shape)
        return views.setdefault(id(a), np.swapaxes(a2, -1, -2) if swap else a2)
    return Scalar(view(s.data), view(s.lo), view(s.hi), s.dtype)


def _term_block(a: Scalar, b: Scalar, prof: Profile, what: str) -> dict:
    """One block of rows: the twin's terms (rows, N, K) and their sums over K."""
    sa = Scalar(a.data[..., :, None, :], a.lo[..., :, None, :], a.hi[..., :, None, :], a.dtype)
    bt = [np.swapaxes(v, -1, -2)[..., None, :, :] for v in (b.data, b.lo, b.hi)]
    t = eval_expr(_MUL, [sa, Scalar(*bt, b.dtype)], what, prof)
    mag = np.maximum(np.abs(t.lo), np.abs(t.hi)).astype(np.float64).sum(axis=-1)
    exact = bool(np.array_equal(t.lo, t.hi))
    return {"data": t.data.sum(axis=-1), "lo": t.lo.sum(axis=-1), "hi": t.hi.sum(axis=-1), "mag": mag,
            "exact": exact, "q": quantum(t.data) if exact else None}


def _termwise(a: Scalar, b: Scalar, prof: Profile, what: str, exact_inputs: bool) -> dict:
    rows = max(1, BLOCK // max(1, b.data.shape[-1] * a.data.shape[-1]))
    parts = [_term_block(Scalar(*(v[..., s:s + rows, :] for v in (a.data, a.lo, a.hi)), a.dtype), b, prof, what)
             for s in range(0, a.data.shape[-2], rows)]
    out = {k: np.concatenate([p[k] for p in parts], axis=-2) for k in ("data", "lo", "hi", "mag")}
    exact = exact_inputs and all(p["exact"] for p in parts)
    out["q"] = min(p["q"] for p in parts) if exact else None
    return out


def eval_matmul(op: Matmul, ins: list[Value], prof: Profile = STRICT, memo: dict | None = None) -> Value:
    """``ins``: A, B and, for the accumulate-into form, the init (one more term: ``fuzz.judge.init``); ``memo``: the
    every-profile pass's store for the profile-free sums of a real-size float matmul (``fuzz.judge.matmul_fast``,
    which takes no init: a matmul with one goes the termwise way), by operand values."""
    a, b = ins[:2]
    twin = op.as_generic({n: (v.data.shape, v.dtype) for n, v in zip(op.inputs, (a, b))})
    init = None
    if len(ins) == 3:
        out = twin.result_type({n: (v.data.shape, v.dtype) for n, v in zip(op.inputs, (a, b))})[0]
        init = accumulate.broadcast(ins[2], out, len(out) - 1)
    batch, m, n, k = op.sizes({nm: (v.data.shape, v.dtype) for nm, v in zip(op.inputs, (a, b))})
    large = init is None and fast.applies(op.acc, a, (batch or 1) * m * n * k)
    exact = None if large else exact_contraction(twin, [a, b], prof, init)
    if exact is not None:
        return exact
    what = f"op {op.name!r}"
    ea, eb = twin.body.args
    sa = _operand(ea, a, 0, op.transpose == "a", prof, what)
    sb = _operand(eb, b, 1, op.transpose == "b", prof, what)
    if large:
        sums = fast.shared(memo if memo is not None else {}, sa.data, sb.data, op.acc)
        return fast.value(sums, sa, sb, op.acc, prof, what, a.exact and b.exact)
    s = _termwise(sa, sb, prof, what, a.exact and b.exact)
    data, lo, hi, mag, q = accumulate.add(s["data"], s["lo"], s["hi"], s["mag"], s["q"], init)
    return finish(data, lo, hi, mag, sa.data.shape[-1] + (init is not None), op.acc, q, prof, what)
