"""What every part of the workload model shares: dtypes, the error type, and JSON field helpers.

Nothing here knows an op; the op families (``fuzz.case.ops.*``) and ``fuzz.case.workload``
build on it.  Errors and the typed, ranged readers of untrusted fields come from
``fuzz.case.untrusted`` (the limits of a case file live there): every problem is a
``WorkloadError`` with a one-line message naming the field and the fix.
"""
from __future__ import annotations

from math import prod
from typing import Any

import ml_dtypes

from fuzz.case import untrusted as U
from fuzz.case.untrusted import WorkloadError, check  # noqa: F401  (re-exported)

import ml_dtypes  # noqa: F401,E402  (registers bfloat16 and the float8 types with numpy by name)

FP8_DTYPES = ("f8E4M3FN", "f8E5M2", "f8E4M3FNUZ", "f8E5M2FNUZ")  # MLIR's names: OCP (sm_89+) and FNUZ (gfx942)
FLOAT_DTYPES = ("f16", "f32", "bf16") + FP8_DTYPES
INT_DTYPES = ("i8", "i32", "i64")
DTYPES = FLOAT_DTYPES + INT_DTYPES
NUMPY_DTYPE = {"f16": "float16", "f32": "float32", "i8": "int8", "i32": "int32", "i64": "int64",
               "bf16": "bfloat16",
               "f8E4M3FN": "float8_e4m3fn", "f8E5M2": "float8_e5m2", "f8E4M3FNUZ": "float8_e4m3fnuz",
               "f8E5M2FNUZ": "float8_e5m2fnuz"}
DTYPE_BYTES = {"f16": 2, "f32": 4, "i8": 1, "i32": 4, "i64": 8, "bf16": 2, "f8E4M3FN": 1, "f8E5M2": 1, "f8E4M3FNUZ": 1,
               "f8E5M2FNUZ": 1}
INT_RANGE = {"i8": (-(2**7), 2**7 - 1), "i32": (-(2**31), 2**31 - 1), "i64": (-(2**63), 2**63 - 1)}
CONV_DTYPES = {("f16", "f16"), ("f16", "f32"), ("i8", "i32"), ("bf16", "bf16"), ("bf16", "f32"), ("f32", "f32")} | {
    (t, "f32") for t in FP8_DTYPES}  # (input, acc): fp8 always accumulates wider
EXACT_WIDENING = {("f16", "f32"), ("i8", "i32"), ("bf16", "f32")} | {(t, w) for t in FP8_DTYPES for w in (
    "f16", "bf16", "f32")}  # (src, dst): dst holds every value of src (every fp8 value is an f16 and a bf16)
FORMS = ("named", "generic")  # how a linalg lowering spells a named op: the named op, or its generic twin

# int4 weights (issue 39): ``i4`` is a storage type for weight inputs only, read through a cast
# (the rules: fuzz/case/ops/int4.py); numpy holds it as ml_dtypes.int4, one value a byte.
DTYPES += ("i4",)
NUMPY_DTYPE["i4"] = ml_dtypes.int4
DTYPE_BYTES["i4"] = 1
INT_RANGE["i4"] = (-(2**3), 2**3 - 1)


def representable(v: float, dtype: str) -> bool:
    import numpy as np

    if dtype in INT_RANGE:
        lo, hi = INT_RANGE[dtype]
        if isinstance(v, int):  # exact (``exact_int``): an i64 value beyond 2^53 never passed through float64
            return lo <= v <= hi
        if dtype == "i64" and abs(v) > 2**53:  # a float this large may be a rounded integer: say it exactly
            return False
        return float(v).is_integer() and lo <= v <= hi
    return float(np.dtype(NUMPY_DTYPE[dtype]).type(v)) == v


def widens(src: str, dst: str) -> bool:
    """``dst`` holds every value of ``src`` exactly (same dtype, or ``EXACT_WIDENING``)."""
    return src == dst or (src, dst) in EXACT_WIDENING


# --------------------------------------------------------------------------
# JSON field helpers shared by the op families


def num(v: float) -> float | int:
    if isinstance(v, int):  # an exact integer (an i64 constant) stays one, however large
        return v
    return int(v) if float(v).is_integer() and abs(v) < 2**53 else float(v)


def exact_int(v: Any, where: str) -> float | int:
    """A JSON number for a constant or bound: a JSON integer stays an exact Python int (an i64 value beyond 2^53
    must not pass through float64), anything else a finite float."""
    if isinstance(v, int) and not isinstance(v, bool):
        check(abs(v) < 2**64, f"{where}: {U.show(v)} is beyond every integer dtype; use an i64 value", "range")
        return v
    return U.number(v, where)


def names(v: Any, where: str, most: int) -> tuple[str, ...]:
    """A list of at most ``most`` tensor names (identifiers: they name SSA values, buffers and files)."""
    check(isinstance(v, list) and len(v) <= most, f"{where}: expected a list of at most {most} names, got {U.show(v)}",
          "type")
    return tuple(U.tensor_name(x, f"{where}[{k}]") for k, x in enumerate(v))


def op_name(j: dict, where: str) -> str:
    return U.tensor_name(j["name"], where + ".name")


def form(j: dict, where: str) -> str:
    return U.text(j.get("form", "named"), where + ".form", FORMS)


def read_zero_points(j: dict, where: str) -> tuple[int, int] | None:
    if j.get("zero_points") is None:
        return None
    return U.integers(j["zero_points"], where + ".zero_points", INT_RANGE["i8"][0], INT_RANGE["i8"][1], 2)


def check_zero_points(zp: tuple[int, int] | None, in_dtype: str, acc: str, where: str) -> None:
    """Zero points belong to int8 operands accumulated in i32; each must be an int8 value."""
    if zp is None:
        return
    check((in_dtype, acc) == ("i8", "i32"), f"{where}: zero points need i8 inputs with i32 accumulation, "
                                            f"got {in_dtype} -> {acc}; drop zero_points")
    check(all(INT_RANGE["i8"][0] <= z <= INT_RANGE["i8"][1] for z in zp),
          f"{where}: zero points {list(zp)} must be int8 values in [-128, 127]", "range")


def check_points(shape, where: str, what: str = "loop nest") -> None:
    """The reference evaluates a loop nest over its whole iteration space at once: bound it."""
    check(len(shape) <= U.MAX_LOOPS and prod(shape) <= U.MAX_LOOP_POINTS,
          f"{where}: {what} {list(shape)} exceeds the limit of {U.MAX_LOOPS} loops and {U.MAX_LOOP_POINTS} points; "
          "use smaller sizes", "limit")
