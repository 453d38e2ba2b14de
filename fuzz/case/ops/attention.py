"""``attention``: ``out = softmax(scale * Q K^T + mask) V`` along K2, the op models import from SDPA.

Operands (one float dtype, any of ``FLOAT_DTYPES``): Q ``[B, M, K1]``, K ``[B, K2, K1]``, V ``[B, K2, N]``,
and with ``mask`` other than ``"none"`` a mask ``[B, M, K2]``:

* ``"additive"``: a tensor of the operands' dtype added to the scaled scores;
* ``"boolean"``: an ``i8`` tensor, nonzero keeps a score and zero drops it (its weight is exactly 0, as
  ``-inf`` added would give); a row that drops every score has no softmax and is undefined (the judge raises).

``scale`` is a constant exactly representable in the dtype.  The result has the operands' dtype.  The declared
semantics are the exact real-number formula, rounded once to the dtype; how far a correct implementation may
stray from it (intermediates in the dtype or wider, ``exp2`` with a folded ``log2(e)``, online softmax) is what
the numerics profiles declare (``fuzz.judge.profiles.AttentionNumerics``) and ``fuzz.judge.attention`` bounds.

``form = "generic"`` is not a field here: the generator spells the generic form as the ops of ``decompose``
(two matmuls around a softmax), so the reference and both compilers see ordinary ops: the cross-check.
``as_generic`` gives only the loop nest and the reads (what ``fuzz.case.dynamic`` analyses), not the meaning.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from fuzz.case import untrusted as U
from fuzz.case.ops.affine import Affine
from fuzz.case.ops.base import FLOAT_DTYPES, check, check_points, names, num, op_name, representable
from fuzz.case.ops.expr import Expr
from fuzz.case.ops.generic import Generic
from fuzz.case.ops.named import Matmul

MASKS = ("none", "additive", "boolean")
BOOLEAN_MASK_DTYPE = "i8"  # the case model has no i1: nonzero keeps
LOOPS = ("b", "m", "n", "k1", "k2")
_READS = {0: ("b", "m", "k1"), 1: ("b", "k2", "k1"), 2: ("b", "k2", "n"), 3: ("b", "m", "k2")}
DROPPED = -(2.0 ** 100)  # the generic form's stand-in for -inf (exact in f32): exp of it minus any score is 0


def _map(dims: tuple[str, ...]) -> tuple[Affine, ...]:
    return tuple(Affine(tuple(int(d == loop) for loop in LOOPS)) for d in dims)


@dataclass(frozen=True)
class Attention:
    name: str
    inputs: tuple[str, ...]  # Q, K, V (, mask)
    scale: float
    mask: str = "none"
    kind: str = field(default="attention", init=False)

    def version(self) -> int:
        return 2

    def to_json(self) -> dict:
        return {"kind": "attention", "name": self.name, "inputs": list(self.inputs), "scale": num(self.scale),
                "mask": self.mask}

    @staticmethod
    def from_json(j: dict, where: str) -> "Attention":
        U.fields(j, where, ("kind", "name", "inputs", "scale"), ("mask",))
        mask = U.text(j.get("mask", "none"), where + ".mask", MASKS)
        inputs = names(j["inputs"], where + ".inputs", 4)
        want = 3 if mask == "none" else 4
        check(len(inputs) == want, f"{where}: attention with mask {mask!r} takes {want} inputs "
                                   f"(Q, K, V{', mask' if want == 4 else ''}), got {list(inputs)}")
        return Attention(op_name(j, where), inputs, U.number(j["scale"], where + ".scale"), mask)

    def sizes(self, types: dict) -> tuple[int, int, int, int, int]:
        """(B, M, N, K1, K2)."""
        (b, m, k1), (k2, n) = types[self.inputs[0]][0], types[self.inputs[2]][0][1:]
        return b, m, n, k1, k2

    def reduction_length(self, types: dict) -> int:
        b, m, n, k1, k2 = self.sizes(types)
        return k1 + k2

    def result_type(self, types: dict) -> tuple[tuple[int, ...], str]:
        where = f"op {self.name!r}"
        check(len(self.inputs) == (3 if self.mask == "none" else 4),
              f"{where}: attention with mask {self.mask!r} takes {3 if self.mask == 'none' else 4} inputs")
        (q, qt), (k, kt), (v, vt) = (types[n] for n in self.inputs[:3])
        check(len(q) == len(k) == len(v) == 3, f"{where}: Q, K and V must be 3-d [B, M, K1], [B, K2, K1], [B, K2, N]; "
                                               f"got {list(q)}, {list(k)}, {list(v)}")
        check(qt == kt == vt and qt in FLOAT_DTYPES, f"{where}: Q, K and V must share one float dtype "
                                                    f"({', '.join(FLOAT_DTYPES)}); got {qt}, {kt}, {vt}")
        check(q[0] == k[0] == v[0], f"{where}: batch sizes {q[0]}, {k[0]}, {v[0]} differ")
        check(q[2] == k[2], f"{where}: Q has K1={q[2]} but K has K1={k[2]}")
        check(k[1] == v[1], f"{where}: K has K2={k[1]} but V has K2={v[1]}")
        check(representable(self.scale, qt) and self.scale != 0,
              f"{where}: scale {self.scale!r} must be a nonzero {qt} value")
        if self.mask != "none":
            mshape, mt = types[self.inputs[3]]
            want = BOOLEAN_MASK_DTYPE if self.mask == "boolean" else qt
            check(tuple(mshape) == (q[0], q[1], k[1]), f"{where}: the mask must be [B, M, K2] = "
                                                       f"{[q[0], q[1], k[1]]}, got {list(mshape)}")
            check(mt == want, f"{where}: a {self.mask} mask is {want}, got {mt}")
        b, m, n, k1, k2 = self.sizes(types)
        check_points((b, m, n, k1 + k2), where, "attention (B, M, N, K1 + K2)")
        check_points((b, m, k2, max(k1, n)), where, "attention scores (B, M, K2, max(K1, N))")
        return (b, m, n), qt

    def as_generic(self, types: dict) -> Generic:
        """The loop nest (b, m, n, k1, k2) and its reads: shape facts only; the body is not attention's."""
        dims = self.sizes(types)
        ins = self.inputs
        body = Expr("mul", (Expr("in", index=0), Expr("in", index=1)))
        return Generic(self.name, ins, (dims[0], dims[1], dims[2], dims[3], dims[4]),
                       ("parallel",) * 3 + ("reduction",) * 2, tuple(_map(_READS[k]) for k in range(len(ins))),
                       body, types[ins[0]][1], "add")

    def describe(self) -> str:
        return f"attention scale {num(self.scale)} mask {self.mask}"


def _ident(nd: int) -> tuple[Affine, ...]:
    return tuple(Affine(tuple(int(i == d) for i in range(nd))) for d in range(nd))


def _row(nd: int) -> tuple[Affine, ...]:
    return _ident(nd)[:-1]


def _e(op: str, *args: Expr, **kw) -> Expr:
    return Expr(op, tuple(args), **kw)


def decompose(op: Attention, types: dict, fresh) -> list:
    """The generic form: ``S = Q K^T`` (f32-or-wider accumulation), scaled and masked scores, a softmax along K2
    (max, exp of the difference, sum, divide) in the scores' dtype, P rounded to the operands' dtype, ``P V``
    and the result rounded to it.  ``fresh()`` names each op; the last op's name is ``op.name``."""
    b, m, n, k1, k2 = op.sizes(types)
    dt = types[op.inputs[0]][1]
    acc = "f32" if dt != "f32" else dt  # the widest float the case model has for the sums
    q, k, v = op.inputs[:3]
    in0, in1 = Expr("in", index=0), Expr("in", index=1)
    ops = [Matmul(fresh(), (q, k), acc, "b")]
    srcs, maps = (ops[0].name,), (_ident(3),)
    score = _e("mul", in0, Expr("const", dtype=acc, value=float(op.scale)))
    if op.mask == "additive":
        score, srcs, maps = _e("add", score, _e("cast", in1, dtype=acc)), srcs + (op.inputs[3],), maps + (_ident(3),)
    elif op.mask == "boolean":
        zero, dropped = Expr("const", dtype=BOOLEAN_MASK_DTYPE, value=0.0), Expr("const", dtype=acc, value=DROPPED)
        score = Expr("select", (in1, zero, dropped, score), pred="eq")
        srcs, maps = srcs + (op.inputs[3],), maps + (_ident(3),)
    shape, par, red = (b, m, k2), ("parallel",) * 3, ("parallel",) * 2 + ("reduction",)
    ops.append(Generic(fresh(), srcs, shape, par, maps, score, acc))
    s = ops[-1].name
    ops.append(Generic(fresh(), (s,), shape, red, (_ident(3),), in0, acc, "max"))
    ops.append(Generic(fresh(), (s, ops[-1].name), shape, par, (_ident(3), _row(3)), _e("exp", _e("sub", in0, in1)),
                       acc))
    e = ops[-1].name
    ops.append(Generic(fresh(), (e,), shape, red, (_ident(3),), in0, acc, "add"))
    p = _e("div", in0, in1)
    ops.append(Generic(fresh(), (e, ops[-1].name), shape, par, (_ident(3), _row(3)),
                       p if acc == dt else _e("cast", p, dtype=dt), dt))
    ops.append(Matmul(fresh(), (ops[-1].name, v), acc))
    if acc != dt:
        ops.append(Generic(fresh(), (ops[-1].name,), (b, m, n), ("parallel",) * 3, (_ident(3),),
                           _e("cast", in0, dtype=dt), dt))
    return ops[:-1] + [replace(ops[-1], name=op.name)]
