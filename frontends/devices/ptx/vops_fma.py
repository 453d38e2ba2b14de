"""``fma.rn.f32`` (and ``mad.rn.f32``) over arrays where both factors are known to be f16 values: one float32
multiply and one float32 add, with no per-lane exactness check.

Why it is exact: an f16 value has at most 11 significant bits and a magnitude in [2^-24, 65504] (or is a zero, an
infinity or NaN), so the product of two is at most 22 bits wide and between 2^-48 and 2^32: a binary32 value, which
float32 multiplication returns exactly.  The one rounding left is the float32 addition of that product and ``c``,
which IEEE 754 rounds to nearest, ties to even: the definition of ``fma.rn.f32`` (the exact ``a*b + c`` rounded
once).  Infinities and NaN follow IEEE in both; NaN results become the canonical NaN, as ``ops_float`` writes it.

Where the factors are f16 values is a fact the vector machine keeps per register (``vector.Batch.halves``): a
register enters it when ``cvt.f32.f16`` writes every lane of it through a table each of whose entries is checked
here once to be an f16 value (``exact_f16``), keeps it through guarded writes of that conversion (the other lanes
still hold what it wrote before), and leaves it on any other write and when it is dropped.  Anything else (a
register outside the fact, an immediate that is not an f16 value, a process whose float32 arithmetic flushes
subnormals: ``ieee_f32``) runs the general array form (``vops_float.fma``: binary64 with its exactness checks).
"""
from __future__ import annotations

import numpy as np

from frontends.devices.ptx.decode import Imm, Reg
from frontends.devices.ptx.values import F32
from frontends.devices.ptx.vmemory import wide

NAN32 = np.uint32(F32.nan)
STATE = {"ieee": None}  # whether this process's float32 arithmetic keeps subnormals (checked once)


def ieee_f32() -> bool:
    """Whether float32 multiply and add here keep subnormal operands and results (no flush-to-zero, no
    denormals-are-zero: a library built with fast-math can switch them on for the whole process)."""
    if STATE["ieee"] is None:
        tiny = np.array([2.0 ** -149, 2.0 ** -126], np.float32)
        half = np.array([0.5, 0.5], np.float32)
        STATE["ieee"] = bool((tiny * half)[1] == np.float32(2.0 ** -127) and
                             (tiny + tiny)[0] == np.float32(2.0 ** -148))
    return STATE["ieee"]


def exact_f16(bits: np.ndarray) -> bool:
    """Whether every float32 bit pattern of ``bits`` is an f16 value exactly (NaN included: any NaN)."""
    x = np.asarray(bits, np.uint32).view(np.float32)
    with np.errstate(over="ignore", invalid="ignore"):
        back = x.astype(np.float16).astype(np.float32)
    return bool(((back == x) | np.isnan(x)).all())


def _f16_imm(o) -> bool:
    return type(o) is Imm and exact_f16(np.array([o.value & 0xFFFFFFFF], np.uint32))


def build(ins, general):
    """``run(vm, sel)`` for ``fma.rn.f32 d, a, b, c``: the float32 form where ``a`` and ``b`` are f16 values on
    every lane (registers in ``vm.halves``, or such immediates), else ``general`` (the binary64 form)."""
    d, a, b, c = ins.args
    fixed = [_f16_imm(o) for o in (a, b)]

    def run(vm, sel):
        if not all(fix or (type(o) is Reg and o[0] in vm.halves) for o, fix in zip((a, b), fixed)) or \
                not ieee_f32():
            general(vm, sel)
            return
        n = len(vm.lanes(sel))
        x, y, z = (_f32(wide(vm.raw(o, 32, sel), n)) for o in (a, b, c))  # read in order, as ``general`` reads
        vm.put(d, products(x, y, z), 32, sel)
    return run


def products(x: np.ndarray, y: np.ndarray, z: np.ndarray) -> np.ndarray:
    """RN(x*y + z) as float32 bits (uint32), for float32 arrays whose ``x`` and ``y`` are f16 values."""
    with np.errstate(all="ignore"):
        r = np.multiply(x, y)  # exact (see the module docstring)
        np.add(r, z, out=r)  # the one rounding
    bits = r.view(np.uint32)
    if not np.isfinite(r).all():
        bits[np.isnan(r)] = NAN32
    return bits


def _f32(bits) -> np.ndarray:
    """Float32 values of bit patterns held as uint32 or uint64 (their low 32 bits)."""
    if bits.dtype == np.uint32:
        return bits.view(np.float32)
    return np.asarray(bits, np.uint64).astype(np.uint32).view(np.float32)


__all__ = ["build", "exact_f16", "ieee_f32", "products"]
