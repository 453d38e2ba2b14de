"""The newer float types (``dtype:bf16`` and one feature per float8 type): a drawn case retyped.

A case is drawn as ever (its f16 tensors included), then, when its seed's ``dtype:float`` stream picks a newer
type (the feature table's rule, ``fuzz/generate/seeded.py``: one seed in six), ``retype`` rewrites it; no draw of the case's own stream changes, so a seed whose case
keeps the old types is the case it was before these types existed (tests/test_dynamic_stream.py).

* ``bf16``: every f16 in the case becomes bf16: tensors, op results, accumulators, body casts and
  constants.  Elementwise and reduction bodies, matmuls and convs then compute in bf16 or, where the case
  accumulated f16 products in f32, in f32 (both accumulators are ones the compilers take).
* a float8 type (``FP8_DTYPES``): every f16 *input* becomes that type and is only ever widened, never
  computed in: a matmul or conv whose operands are all such inputs and that accumulates in f32 reads them
  directly (``linalg.matmul`` of f8 operands into f32, what MFMA and sm_89's mma take); a generic reads
  them through exact casts to f32 then f16 at each ``in`` (``_to_f16``); any other reader (an f16-accumulating matmul or
  conv, a pool, a pad) reads an elementwise generic that widens the input to f16 first.  Input values lie
  inside every float8 range (|x| <= 64 < 240: ``Builder.values``) and no op result is a float8 value, so no
  out-of-range narrowing, no inf and no NaN encoding can arise: the undefined float8 cases are never drawn.

``retype`` returns None when the case has no f16 to retype (the feature would not show).
"""
from __future__ import annotations

from dataclasses import replace

from fuzz.case.workload import FP8_DTYPES, Affine, Case, Conv2d, Expr, Generic, Matmul, WorkloadError, from_json, to_json

NEW_FLOATS = ("bf16",) + FP8_DTYPES  # their features are dtype:<name>, in the group float-type
def retype(case: Case, dtype: str) -> Case | None:
    """``case`` with its f16 retyped to ``dtype`` (see the module docstring), validated; None without f16."""
    if not any(t.dtype == "f16" for t in case.inputs):
        return None
    new = _bf16(case) if dtype == "bf16" else _fp8(case, dtype)
    try:
        return from_json(to_json(new))  # validated as a case file is
    except WorkloadError:
        return None  # a constant or clamp bound f16 holds and bf16 does not: the generator redraws


# ------------------------------------------------------------------ bf16


def _swap(t: str) -> str:
    return "bf16" if t == "f16" else t


def _expr(e: Expr) -> Expr:
    return replace(e, dtype=_swap(e.dtype), args=tuple(_expr(a) for a in e.args))


def _bf16_op(op):
    if isinstance(op, Generic):
        return replace(op, out=_swap(op.out), body=_expr(op.body))
    return replace(op, acc=_swap(op.acc)) if hasattr(op, "acc") else op


def _bf16(case: Case) -> Case:
    return replace(case, inputs=tuple(replace(t, dtype=_swap(t.dtype)) for t in case.inputs),
                   ops=tuple(_bf16_op(op) for op in case.ops))


# ------------------------------------------------------------------ float8


def _to_f16(e: Expr) -> Expr:
    """``e`` (a float8 read) widened exactly to f16, through f32: IREE's llvm-cpu rejects a direct
    ``arith.extf`` from float8 to f16 ("failed to legalize operation 'arith.extf'", IREE 3.13), which would
    mask every such case there; f32 holds every float8 and f16 value, so the two casts round nothing."""
    return Expr("cast", (Expr("cast", (e,), dtype="f32"),), dtype="f16")


def _widened(e: Expr, narrow: set[int]) -> Expr:
    """``e`` with every read of an input in ``narrow`` widened (exactly) to f16."""
    if e.op == "in":
        return _to_f16(e) if e.index in narrow else e
    return replace(e, args=tuple(_widened(a, narrow) for a in e.args))


def _direct(op, fp8: set[str]) -> bool:
    """A matmul or conv reading only retyped inputs into an f32 accumulator takes float8 operands as they are."""
    return isinstance(op, (Matmul, Conv2d)) and op.acc == "f32" and not op.zero_points and set(op.inputs) <= fp8


def _widening_op(name: str, src: str, rank: int) -> Generic:
    ident = tuple(Affine(tuple(int(i == d) for i in range(rank))) for d in range(rank))
    return Generic(name, (src,), (), ("parallel",) * rank, (ident,), _to_f16(Expr("in", index=0)), "f16")


def _fp8(case: Case, dtype: str) -> Case:
    fp8 = {t.name for t in case.inputs if t.dtype == "f16"}
    types = case.tensor_types()
    wide: dict[str, str] = {}  # retyped input -> the widening generic some reader needs
    ops = []
    for op in case.ops:
        if isinstance(op, Generic):
            op = replace(op, body=_widened(op.body, {k for k, n in enumerate(op.inputs) if n in fp8}))
        elif not _direct(op, fp8):
            for n in op.inputs:
                if n in fp8 and n not in wide:
                    wide[n] = f"{n}_f16"
            op = replace(op, inputs=tuple(wide.get(n, n) for n in op.inputs))
        ops.append(op)
    widening = [replace(_widening_op(w, n, len(types[n][0])), dims=types[n][0]) for n, w in wide.items()]
    inputs = tuple(replace(t, dtype=dtype) if t.name in fp8 else t for t in case.inputs)
    return replace(case, inputs=inputs, ops=tuple(widening + ops))
