"""Scalar body ops as arith / math MLIR: one function per op family, each the declared meaning exactly.

Integer division maps onto ``arith.floordivsi``, ``arith.divsi`` and
``arith.remsi``; ``floormod`` has no arith op and is ``remsi`` plus the
fix-up that moves a non-zero remainder to the divisor's sign.  ``sigmoid``
has no math op either: it is ``1 / (1 + exp(-x))``, as frameworks lower it.
The emitter (``frontends.iree.emit.Emitter``) names every SSA value.
"""
from __future__ import annotations

from fuzz.case.workload import FLOAT_DTYPES, Expr

MLIR_TYPE = {"f16": "f16", "f32": "f32", "i8": "i8", "i32": "i32", "i64": "i64", "bf16": "bf16", "f8E4M3FN": "f8E4M3FN",
             "f8E5M2": "f8E5M2", "f8E4M3FNUZ": "f8E4M3FNUZ", "f8E5M2FNUZ": "f8E5M2FNUZ"}
MLIR_TYPE["i4"] = "i4"  # int4 weights (fuzz/case/ops/int4.py): read only through arith.sitofp / arith.extsi

_CMPF = {"gt": "ogt", "lt": "olt", "ge": "oge", "le": "ole", "eq": "oeq"}
_CMPI = {"gt": "sgt", "lt": "slt", "ge": "sge", "le": "sle", "eq": "eq"}
_FLOAT_BINARY = {"add": "arith.addf", "sub": "arith.subf", "mul": "arith.mulf", "max": "arith.maximumf",
                 "min": "arith.minimumf", "div": "arith.divf"}
_INT_BINARY = {"add": "arith.addi", "sub": "arith.subi", "mul": "arith.muli", "max": "arith.maxsi",
               "min": "arith.minsi", "floordiv": "arith.floordivsi", "truncdiv": "arith.divsi",
               "truncmod": "arith.remsi", "shl": "arith.shli", "shr": "arith.shrsi", "and": "arith.andi",
               "or": "arith.ori", "xor": "arith.xori"}
_FLOAT_UNARY = {"round": "math.roundeven", "exp": "math.exp", "sqrt": "math.sqrt", "tanh": "math.tanh",
                "erf": "math.erf", "abs": "math.absf", "neg": "arith.negf"}


def _floormod(em, a: str, b: str, ty: str) -> str:
    """remsi, then r + b where r != 0 and r's sign differs from b's (no overflow: opposite signs)."""
    r = em.op(f"arith.remsi {a}, {b} : {ty}")
    zero = em.op(f"arith.constant 0 : {ty}", "c")
    differ = em.op(f"arith.xori {em.op(f'arith.cmpi slt, {r}, {zero} : {ty}')}, "
                   f"{em.op(f'arith.cmpi slt, {b}, {zero} : {ty}')} : i1")
    fix = em.op(f"arith.andi {differ}, {em.op(f'arith.cmpi ne, {r}, {zero} : {ty}')} : i1")
    return em.op(f"arith.select {fix}, {em.op(f'arith.addi {r}, {b} : {ty}')}, {r} : {ty}")


def _sigmoid(em, a: str, t: str) -> str:
    one = em.const(1.0, t)
    e = em.op(f"math.exp {em.op(f'arith.negf {a} : {t}')} : {t}")
    return em.op(f"arith.divf {one}, {em.op(f'arith.addf {one}, {e} : {t}')} : {t}")


def _unary(em, e: Expr, a: str, t: str) -> str:
    ty = MLIR_TYPE[t]
    if t in FLOAT_DTYPES:
        return _sigmoid(em, a, ty) if e.op == "sigmoid" else em.op(f"{_FLOAT_UNARY[e.op]} {a} : {ty}")
    if e.op == "abs":
        return em.op(f"math.absi {a} : {ty}")
    return em.op(f"arith.subi {em.const(0, t)}, {a} : {ty}")  # neg


def _clamp(em, e: Expr, a: str, t: str) -> str:
    ty, isf = MLIR_TYPE[t], t in FLOAT_DTYPES
    lo, hi = em.const(e.lo, t), em.const(e.hi, t)
    mx, mn = ("arith.maximumf", "arith.minimumf") if isf else ("arith.maxsi", "arith.minsi")
    return em.op(f"{mn} {em.op(f'{mx} {a}, {lo} : {ty}')}, {hi} : {ty}")


def body(em, e: Expr, args: list[str], dtypes: tuple[str, ...]) -> tuple[str, str]:
    """Emit the scalar ops of a body; returns (SSA value, dtype)."""
    if e.op == "in":
        return args[e.index], dtypes[e.index]
    if e.op == "const":
        return em.const(e.value, e.dtype), e.dtype
    subs = [body(em, x, args, dtypes) for x in e.args]
    (a, t), ty = subs[0], MLIR_TYPE[subs[0][1]]
    isf = t in FLOAT_DTYPES
    if e.op == "cast":
        return em.cast(a, t, e.dtype), e.dtype
    if e.op == "clamp":
        return _clamp(em, e, a, t), t
    if e.op == "select":
        pred = (_CMPF if isf else _CMPI)[e.pred]
        cond = em.op(f"arith.{'cmpf' if isf else 'cmpi'} {pred}, {a}, {subs[1][0]} : {ty}")
        return em.op(f"arith.select {cond}, {subs[2][0]}, {subs[3][0]} : {MLIR_TYPE[subs[2][1]]}"), subs[2][1]
    if len(subs) == 1:
        return _unary(em, e, a, t), t
    if e.op == "floormod":
        return _floormod(em, a, subs[1][0], ty), t
    return em.op(f"{(_FLOAT_BINARY if isf else _INT_BINARY)[e.op]} {a}, {subs[1][0]} : {ty}"), t
