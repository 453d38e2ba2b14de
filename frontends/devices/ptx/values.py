"""Bits and values of PTX's scalar types, and IEEE rounding from exact values.

A float value is held as its bit pattern in a register; arithmetic decodes it to a Python float (every f16, bf16,
f32 and f64 is exactly a Python float), computes exactly (``fractions.Fraction``) and rounds once to the destination
format under the instruction's rounding mode (``rn``, ``rz``, ``rm``, ``rp``).  NaN results are the canonical NaN
(PTX ISA, "Floating-Point Instructions": payloads are not propagated): ``0x7fff`` (f16), ``0x7fffffff`` (f32),
``0x7fffffffffffffff`` (f64).  ``.ftz`` flushes subnormal f32 operands and results to a zero of the same sign.
"""
from __future__ import annotations

import math
import struct
from dataclasses import dataclass
from functools import cached_property
from fractions import Fraction


from frontends.devices.ptx.errors import CannotSimulate


@dataclass(frozen=True)
class Format:
    name: str
    bits: int
    precision: int  # significand bits, the hidden one included
    emax: int

    @property
    def emin(self) -> int:
        return 1 - self.emax

    @property
    def exp_bits(self) -> int:
        return self.bits - self.precision

    @property
    def nan(self) -> int:
        return (1 << (self.bits - 1)) - 1

    @cached_property
    def overflow(self) -> float:
        """The least magnitude that rounds to infinity under .rn."""
        return (2 - 2.0 ** -self.precision) * 2.0 ** self.emax


F16, BF16 = Format("f16", 16, 11, 15), Format("bf16", 16, 8, 127)
F32, F64 = Format("f32", 32, 24, 127), Format("f64", 64, 53, 1023)
FORMATS = {f.name: f for f in (F16, BF16, F32, F64)}
MODES = ("rn", "rz", "rm", "rp")


def fmt(name: str) -> Format:
    if name not in FORMATS:
        raise CannotSimulate(f"float type .{name}")
    return FORMATS[name]


def decode(bits: int, f: Format) -> float:
    """The value of a bit pattern (exact)."""
    fast = _STRUCT.get(f.name)
    if fast is not None:
        return fast[1](fast[0](bits & ((1 << f.bits) - 1)))[0]
    return _decode(bits, f)


def _decode(bits: int, f: Format) -> float:
    bits &= (1 << f.bits) - 1
    sign = -1.0 if bits >> (f.bits - 1) else 1.0
    e = (bits >> (f.precision - 1)) & ((1 << f.exp_bits) - 1)
    m = bits & ((1 << (f.precision - 1)) - 1)
    if e == (1 << f.exp_bits) - 1:
        return sign * math.inf if m == 0 else math.nan
    if e == 0:
        return sign * math.ldexp(m, f.emin - f.precision + 1)
    return sign * math.ldexp(m | (1 << (f.precision - 1)), e - f.emax - f.precision + 1)


def encode(x, f: Format, mode: str = "rn") -> int:
    """The bits of ``x`` (a float or an exact Fraction) rounded to ``f`` under ``mode``."""
    if isinstance(x, float):
        if math.isnan(x):
            return f.nan
        if math.isinf(x):
            return _inf(f, x < 0)
        if x == 0:
            return _sign(f, math.copysign(1.0, x) < 0)
        if mode == "rn" and f.name in _STRUCT:  # C's and struct's conversions round to nearest, ties to even
            if abs(x) >= f.overflow:  # past the largest finite plus half an ulp
                return _inf(f, x < 0)
            pack, unpack = _STRUCT[f.name][2:]
            return unpack(pack(x))[0]
        x = Fraction(x)
    if x == 0:
        return 0
    return _round(x, f, mode)


def _codec(int_fmt: str, float_fmt: str):
    i, f = struct.Struct(int_fmt), struct.Struct(float_fmt)
    return i.pack, f.unpack, f.pack, i.unpack


_STRUCT = {"f16": _codec("<H", "<e"), "f32": _codec("<I", "<f"), "f64": _codec("<Q", "<d")}


def _sign(f: Format, negative: bool) -> int:
    return (1 << (f.bits - 1)) if negative else 0


def _inf(f: Format, negative: bool) -> int:
    return _sign(f, negative) | (((1 << f.exp_bits) - 1) << (f.precision - 1))


def _round(x: Fraction, f: Format, mode: str) -> int:
    if mode not in MODES:
        raise CannotSimulate(f"rounding mode .{mode}")
    negative, a = x < 0, abs(x)
    e = a.numerator.bit_length() - a.denominator.bit_length()  # floor(log2 a) is e or e - 1
    if Fraction(2) ** e > a:
        e -= 1
    e = max(e, f.emin)
    scale = Fraction(2) ** (e - f.precision + 1)
    q = a / scale
    n = math.floor(q)
    rem = q - n
    up = {"rn": rem > Fraction(1, 2) or (rem == Fraction(1, 2) and n % 2 == 1), "rz": False,
          "rp": rem > 0 and not negative, "rm": rem > 0 and negative}[mode]
    n += up
    if n == 1 << f.precision:
        n, e = n >> 1, e + 1
    if e > f.emax:
        return _overflow(f, negative, mode)
    if n < 1 << (f.precision - 1):  # subnormal (e == emin)
        return _sign(f, negative) | n
    return _sign(f, negative) | ((e + f.emax) << (f.precision - 1)) | (n - (1 << (f.precision - 1)))


def _overflow(f: Format, negative: bool, mode: str) -> int:
    to_inf = mode == "rn" or (mode == "rp" and not negative) or (mode == "rm" and negative)
    return _inf(f, negative) if to_inf else _inf(f, negative) - 1  # the largest finite of that sign


def is_subnormal(bits: int, f: Format) -> bool:
    return (bits >> (f.precision - 1)) & ((1 << f.exp_bits) - 1) == 0 and bits & ((1 << (f.precision - 1)) - 1) != 0


def flush(bits: int, f: Format) -> int:
    """``.ftz``: a subnormal becomes a zero of its sign."""
    return bits & (1 << (f.bits - 1)) if is_subnormal(bits, f) else bits


def signed(v: int, width: int) -> int:
    v &= (1 << width) - 1
    return v - (1 << width) if v >> (width - 1) else v
