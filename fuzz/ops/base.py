"""What every part of the workload model shares: dtypes, the error type, and JSON field readers.

Nothing here knows an op; the op families (``fuzz.ops.*``) and ``fuzz.workload``
build on it.  Every reader raises ``WorkloadError`` with a one-line message
naming the field and the fix.
"""
from __future__ import annotations

from typing import Any

FLOAT_DTYPES = ("f16", "f32")
INT_DTYPES = ("i8", "i32")
DTYPES = FLOAT_DTYPES + INT_DTYPES
NUMPY_DTYPE = {"f16": "float16", "f32": "float32", "i8": "int8", "i32": "int32"}
INT_RANGE = {"i8": (-(2**7), 2**7 - 1), "i32": (-(2**31), 2**31 - 1)}
INT_BITS = {"i8": 8, "i32": 32}
CONV_DTYPES = {("f16", "f16"), ("f16", "f32"), ("i8", "i32")}  # (input, acc)
FORMS = ("named", "generic")  # how a linalg lowering spells a named op: the named op, or its generic twin


class WorkloadError(ValueError):
    """A malformed case. The message names the offending field and the fix."""


def check(cond: bool, msg: str) -> None:
    if not cond:
        raise WorkloadError(msg)


def representable(v: float, dtype: str) -> bool:
    import numpy as np

    if dtype in INT_RANGE:
        lo, hi = INT_RANGE[dtype]
        return float(v).is_integer() and lo <= v <= hi
    return float(np.dtype(NUMPY_DTYPE[dtype]).type(v)) == v


def widens(src: str, dst: str) -> bool:
    """``dst`` holds every value of ``src`` exactly (same dtype, f16 -> f32, i8 -> i32)."""
    return src == dst or (src, dst) in (("f16", "f32"), ("i8", "i32"))


# --------------------------------------------------------------------------
# JSON field readers and writers


def num(v: float) -> float | int:
    return int(v) if float(v).is_integer() and abs(v) < 2**53 else float(v)


def read_int(v: Any, where: str) -> int:
    check(isinstance(v, int) and not isinstance(v, bool), f"{where}: expected an integer, got {v!r}")
    return v


def read_float(v: Any, where: str) -> float:
    check(isinstance(v, (int, float)) and not isinstance(v, bool), f"{where}: expected a number, got {v!r}")
    return float(v)


def read_ints(v: Any, n: int | None, where: str) -> tuple[int, ...]:
    check(isinstance(v, list) and (n is None or len(v) == n),
          f"{where}: expected a list of {n or 'some'} integers, got {v!r}")
    return tuple(read_int(x, where) for x in v)


def require(j: Any, keys: tuple[str, ...], where: str) -> None:
    check(isinstance(j, dict), f"{where}: expected an object, got {type(j).__name__}")
    missing = [k for k in keys if k not in j]
    check(not missing, f"{where}: missing field(s) {', '.join(missing)}")


def read_choice(j: dict, key: str, options: tuple[str, ...], default: str, where: str) -> str:
    v = j.get(key, default)
    check(v in options, f"{where}.{key}: {v!r} is not one of {', '.join(options)}")
    return v


def read_zero_points(j: dict, where: str) -> tuple[int, int] | None:
    if j.get("zero_points") is None:
        return None
    return read_ints(j["zero_points"], 2, where + ".zero_points")


def check_zero_points(zp: tuple[int, int] | None, in_dtype: str, acc: str, where: str) -> None:
    """Zero points belong to int8 operands accumulated in i32; each must be an int8 value."""
    if zp is None:
        return
    check((in_dtype, acc) == ("i8", "i32"), f"{where}: zero points need i8 inputs with i32 accumulation, "
                                            f"got {in_dtype} -> {acc}; drop zero_points")
    check(all(INT_RANGE["i8"][0] <= z <= INT_RANGE["i8"][1] for z in zp),
          f"{where}: zero points {list(zp)} must be int8 values in [-128, 127]")
