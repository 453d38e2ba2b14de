"""Which requantizations TOSA takes as ``tosa.rescale``, and which biases fold into a conv (for tosa_lower).

``tosa.rescale`` (``scale32``, ``SINGLE_ROUND``) computes ``(x * multiplier + 2^(shift-1)) >> shift`` in
integers: ties round up and the product is exact, where the case converts ``x`` to f32, multiplies in f32
and rounds half to even.  ``rescale_exact`` decides, on the case's own reference values, whether the two
agree on every element; only then is the requantize a rescale.  A per-channel bias added to an i32 conv
that nothing else reads folds into the conv's bias operand (integer addition: exact in any order).
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from fuzz.case.workload import Case, Conv2d, Expr, Generic


def bias_add(op: Generic, case: Case, consumers: dict) -> tuple[str, str] | None:
    """(conv, bias) when the body adds a per-channel bias to an i32 conv that only it reads, once."""
    def find(e: Expr):
        if e.op == "add" and all(a.op == "in" for a in e.args):
            return e
        return next((f for a in e.args if (f := find(a)) is not None), None)
    add = find(op.body)
    if add is None:
        return None
    ops = {o.name: o for o in case.ops}
    (i, j) = (add.args[0].index, add.args[1].index)
    for k, b in ((i, j), (j, i)):
        src = ops.get(op.inputs[k])
        if isinstance(src, Conv2d) and src.acc == "i32" and _per_channel(op, src, b) and \
                consumers.get(src.name) == [op.name] and src.name not in case.outputs and \
                op.inputs[b] in {i.name for i in case.inputs} and \
                _uses(op.body, k) == _uses(op.body, b) == 1 and _plain_identity(op.maps[k]):
            return src.name, op.inputs[b]
    return None


def _per_channel(op: Generic, conv_op: Conv2d, b: int) -> bool:
    axis = 3 if conv_op.layout == "NHWC" else 1
    return len(op.maps[b]) == 1 and op.maps[b][0].offset == 0 and op.maps[b][0].coeffs == tuple(
        int(d == axis) for d in range(len(op.dims)))


def _plain_identity(amap) -> bool:
    return all(a.offset == 0 and a.coeffs == tuple(int(d == k) for d in range(len(a.coeffs))) for k, a in enumerate(amap))


def _uses(e: Expr, k: int) -> int:
    return int(e.op == "in" and e.index == k) + sum(_uses(a, k) for a in e.args)


def without_bias(e: Expr, conv_index: int) -> Expr:
    """The body with the fused ``add(conv, bias)`` read as the conv (whose bias operand now adds it)."""
    if e.op == "add" and all(a.op == "in" for a in e.args) and conv_index in (e.args[0].index, e.args[1].index):
        return Expr("in", index=conv_index)
    return replace(e, args=tuple(without_bias(a, conv_index) for a in e.args))


def requantize_parts(e: Expr) -> tuple[Expr, float, float] | None:
    """(the i32 sum, scale, zero point) of ``cast(i8, clamp(-128, 127, round(f32(sum) * scale) + zp))``."""
    if not (e.op == "cast" and e.dtype == "i8" and e.args[0].op == "clamp"
            and (e.args[0].lo, e.args[0].hi) == (-128.0, 127.0)):
        return None
    add = e.args[0].args[0]
    if add.op != "add" or add.args[1].op != "const" or add.args[0].op != "round":
        return None
    mul = add.args[0].args[0]
    if mul.op != "mul" or mul.args[1].op != "const" or mul.args[0].op != "cast" or mul.args[0].dtype != "f32":
        return None
    return mul.args[0].args[0], mul.args[1].value, add.args[1].value


def multiplier_shift(scale: float) -> tuple[int, int] | None:
    """(multiplier < 2^31, 2 <= shift <= 62) with multiplier * 2^-shift == scale exactly, or None."""
    if scale <= 0:
        return None
    m, q = float(scale).as_integer_ratio()
    shift = q.bit_length() - 1
    while m < 2 ** 30 and shift < 62:
        m, shift = m * 2, shift + 1
    return (m, shift) if m < 2 ** 31 and 2 <= shift <= 62 else None


def apply_rescale(v: np.ndarray, m: int, shift: int, zp: int) -> np.ndarray:
    """tosa.rescale with scale32 and SINGLE_ROUND, as its spec defines it: ties round up."""
    scaled = (v.astype(np.int64) * m + (1 << (shift - 1))) >> shift
    return np.clip(scaled + zp, -128, 127)


def rescale_exact(op: Generic, parts, env: dict) -> tuple[bool, str]:
    """Whether tosa.rescale gives the case's result on every element of this case's values, and why not."""
    from fuzz.judge.reference import eval_generic
    inner, scale, zp = parts
    ms = multiplier_shift(scale)
    if ms is None:
        return False, f"scale {scale!r} needs more than a 31-bit multiplier"
    if not -128 <= zp <= 127:
        return False, f"zero point {zp} is outside i8"
    pre = eval_generic(replace(op, body=inner, out="i32"), [env[n] for n in op.inputs])
    if not pre.exact:
        return False, "the rescaled sum is not exact"
    got, want = apply_rescale(pre.data, *ms, int(zp)), env[op.name].as_declared().astype(np.int64)
    bad = int(np.sum(got != want))
    return (True, f"tosa.rescale multiplier {ms[0]} shift {ms[1]}") if not bad else \
        (False, f"tosa.rescale (ties up, exact product) would differ from the case's f32 round-half-even on {bad} "
                f"element(s)")
