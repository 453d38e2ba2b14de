"""Lane-wise views of raw register bits as typed numpy arrays, and back: the one place where bits become values.

Types are the ISA's operand types: ``b32 u32 i32 u16 i16 u24 i24 u8 i8 f16 f32 f64 u64 i64 b64``.  Integers
become int64 arrays (u64 stays uint64), floats their numpy float type.  ``to_bits`` rounds nothing: a value
is produced in its own type by the caller.  ``fma`` computes a*b+c rounded once (numpy has no fused multiply-add):
the exact product of two f32 or f16 values fits an f64, the f64 sum is rounded once, and when that sum was
inexact it is moved one f64 ulp toward the exact value, so the final rounding to the narrow type cannot tie
wrongly (rounding to odd in effect).
"""
from __future__ import annotations

import numpy as np

FLOAT = {"f16": np.float16, "f32": np.float32, "f64": np.float64}
UINT = {"f16": np.uint16, "f32": np.uint32, "f64": np.uint64}
BITS = {"b32": 32, "u32": 32, "i32": 32, "u16": 16, "i16": 16, "b16": 16, "u24": 24, "i24": 24, "u8": 8,
        "i8": 8, "f16": 16, "f32": 32, "f64": 64, "u64": 64, "i64": 64, "b64": 64}


def is_float(t: str) -> bool:
    return t in FLOAT


def signed(t: str) -> bool:
    return t.startswith("i")


def from_bits(raw: np.ndarray, t: str) -> np.ndarray:
    """Raw lane bits (uint32 or uint64) -> values of type t (the low BITS[t] bits)."""
    if raw.dtype == np.uint32 and t in _FAST32:
        return _FAST32[t](raw)
    if t in FLOAT:
        return (raw.astype(np.uint64) & np.uint64(2**BITS[t] - 1)).astype(UINT[t]).view(FLOAT[t])
    if t in ("u64", "b64"):
        return raw.astype(np.uint64)
    if t == "i64":
        return raw.astype(np.uint64).view(np.int64)
    n = BITS[t]
    v = raw.astype(np.uint64) & np.uint64(2**n - 1)
    v = v.astype(np.int64)
    if signed(t):
        v = np.where(v >= 2**(n - 1), v - 2**n, v)
    return v


_FAST32 = {  # the common 32-bit lanes, by views instead of masks
    "u32": lambda r: r.astype(np.int64), "b32": lambda r: r.astype(np.int64),
    "i32": lambda r: r.view(np.int32).astype(np.int64), "f32": lambda r: r.view(np.float32).copy(),
    "f16": lambda r: r.astype(np.uint16).view(np.float16), "u16": lambda r: r.astype(np.uint16).astype(np.int64),
    "i16": lambda r: r.astype(np.uint16).view(np.int16).astype(np.int64),
}


def to_bits(val: np.ndarray, t: str) -> np.ndarray:
    """Values of type t -> raw bits (uint32, or uint64 for 64-bit types); integers wrap modulo 2**bits."""
    if t in FLOAT:
        out = np.asarray(val, FLOAT[t]).view(UINT[t])
        return out.astype(np.uint64) if t == "f64" else out.astype(np.uint32)
    n = BITS[t]
    if n == 64:
        return np.asarray(val).astype(np.uint64) if np.asarray(val).dtype != np.uint64 else np.asarray(val)
    val = np.asarray(val)
    if n == 32 and val.dtype.kind in "iu":  # an integer cast to uint32 keeps the low 32 bits: the mask in one pass
        return val.astype(np.uint32)
    return (val.astype(np.int64) & (2**n - 1)).astype(np.uint32)


def fma(a: np.ndarray, b: np.ndarray, c: np.ndarray, t: str) -> np.ndarray:
    """a*b+c rounded once to type t (f16 or f32); f64 inputs use numpy's f64 arithmetic only where exact."""
    if t == "f64":
        raise NotImplementedError("f64 fma")  # callers raise Unmodelled before reaching here
    a, b, c = (np.asarray(x, np.float64) for x in (a, b, c))
    with np.errstate(all="ignore"):
        p = a * b  # exact: 2 x 24 significant bits <= 53
        s = p + c
        bb = s - p
        err = (p - (s - bb)) + (c - bb)  # TwoSum: s + err == p + c exactly (finite cases)
        fix = np.isfinite(s) & (err != 0)
        s = np.where(fix, np.nextafter(s, np.where(err > 0, np.inf, -np.inf)), s)
        return s.astype(FLOAT[t])


def sat(val: np.ndarray, t: str) -> np.ndarray:
    """Clamp an exact integer result to the range of integer type t (the VOP3 clamp bit on integer ops)."""
    n = BITS[t]
    lo, hi = (-(2**(n - 1)), 2**(n - 1) - 1) if signed(t) else (0, 2**n - 1)
    return np.clip(val, lo, hi)
