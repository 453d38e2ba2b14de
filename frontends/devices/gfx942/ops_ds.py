"""LDS instructions (DS): reads and writes (single, ``2``-address and ``2st64`` forms, d16 halves) through the
workgroup's ``memory.Lds`` (which reports races between barriers), and the cross-lane ``ds_swizzle_b32``,
``ds_permute_b32`` and ``ds_bpermute_b32``, which move data between lanes without touching LDS (the swizzle offset
also as the macros LLVM prints: QUAD_PERM, SWAP, REVERSE, BROADCAST, BITMASK_PERM).

From the CDNA3 ISA reference: the address is ``vaddr + offset`` (``offset0``/``offset1`` in units of the element
size for ``2`` forms, of 64 elements for ``2st64``), a 32-bit sum that wraps: LLVM's AMDGPU backend folds a constant
into the offset field whatever the sign of the base on every target since CI (``isDSOffsetLegal``), so a loop whose
base counts up from a negative value (``vaddr`` 0xFFFFFE08, ``offset:504``) addresses byte 0.  ``ds_swizzle_b32``: offset bit 15 set selects quad mode
(lane i of each quad reads quad lane ``offset[2i+1:2i]``), else bit-mask mode within 32 lanes (source lane
``((i & and) | or) ^ xor`` with and/or/xor = offset[4:0], [9:5], [14:10]).  ``ds_bpermute_b32``: lane i reads lane
``((vaddr + offset) >> 2) & 63``; ``ds_permute_b32``: lane i writes lane ``((vaddr + offset) >> 2) & 63`` (a higher
lane wins a collision; a lane nobody writes reads 0).  A lane that EXEC disables provides 0.  Atomics raise.
"""
from __future__ import annotations

import re

import numpy as np

from frontends.devices.gfx942.errors import Unmodelled
from frontends.devices.gfx942.memory import from_bytes, to_bytes

SIZE = {"b8": 1, "u8": 1, "i8": 1, "b16": 2, "u16": 2, "i16": 2, "b32": 4, "b64": 8, "b96": 12, "b128": 16}
LANE = np.arange(64)


def _mods(ins, allowed):
    extra = set(ins.mods) - allowed
    if extra:
        raise Unmodelled(f"modifier {sorted(extra)[0]} on {ins.op}", ins)


def _address(vaddr, offset: int) -> np.ndarray:
    """The LDS byte address of each lane: ``vaddr + offset`` modulo 2**32 (the module docstring)."""
    return (vaddr.astype(np.int64) + offset) & 0xFFFFFFFF


def _read(w, ins, ctx):
    _mods(ins, {"offset"})
    kind = ins.op.split("_", 2)[2]
    base = kind.split("_d16")[0]
    n = SIZE[base]
    addrs = _address(w.vread(ins.ops[1]), ins.mods.get("offset", 0))
    b = ctx.lds.read(addrs, n, w.lanes(), w.id, ins.text)
    dst = ins.ops[0]
    if "d16" in kind:
        v = from_bytes(b, 1)[0]
        if base == "i8":
            v = np.where(v >= 128, v | 0xFF00, v).astype(np.uint32)
        old = w.vread(dst)
        v = (old & 0xFFFF) | (v << 16) if kind.endswith("_hi") else (old & 0xFFFF0000) | (v & 0xFFFF)
        w.vwrite(dst, v.astype(np.uint32), None, 1)
        return
    regs = from_bytes(b, max(1, n // 4))
    if base in ("i8", "i16"):
        v = regs[0].astype(np.int64)
        v = np.where(v >= 2**(8 * n - 1), v - 2**(8 * n), v)
        regs = (v & 0xFFFFFFFF).astype(np.uint32)[None]
    w.vwrite(dst, regs, None, regs.shape[0])


def _write(w, ins, ctx):
    _mods(ins, {"offset"})
    kind = ins.op.split("_", 2)[2]
    n = SIZE[kind.split("_d16")[0]]
    regs = w.vregs(ins.ops[1], max(1, n // 4))
    if kind.endswith("d16_hi"):
        regs = regs >> np.uint32(16)
    addrs = _address(w.vread(ins.ops[0]), ins.mods.get("offset", 0))
    ctx.lds.write(addrs, to_bytes(regs, n), w.lanes(), w.id, ins.text)


def _two(ins) -> tuple[int, int, int]:
    _mods(ins, {"offset0", "offset1"})
    op = ins.op
    n = 4 if op.endswith("b32") else 8
    unit = n * (64 if "st64" in op else 1)
    return n, ins.mods.get("offset0", 0) * unit, ins.mods.get("offset1", 0) * unit


def _read2(w, ins, ctx):
    n, o0, o1 = _two(ins)
    a = w.vread(ins.ops[1])
    parts = [from_bytes(ctx.lds.read(_address(a, o), n, w.lanes(), w.id, ins.text), n // 4) for o in (o0, o1)]
    w.vwrite(ins.ops[0], np.concatenate(parts), None, 2 * n // 4)


def _write2(w, ins, ctx):
    n, o0, o1 = _two(ins)
    a = w.vread(ins.ops[0])
    for data, o in ((ins.ops[1], o0), (ins.ops[2], o1)):
        ctx.lds.write(_address(a, o), to_bytes(w.vregs(data, n // 4), n), w.lanes(), w.id, ins.text)


def swizzle_offset(value, ins) -> int:
    """The 16-bit offset of ``ds_swizzle_b32``, a number or the macro LLVM's AMDGPU printer writes for it
    (``AMDGPUInstPrinter::printSwizzle``): QUAD_PERM,a,b,c,d; SWAP,x (and 31, or 0, xor x); REVERSE,n (xor n-1);
    BROADCAST,g,l (and 32-g, or l); BITMASK_PERM,"ccccc" (bits 4..0: 0 and 1 force the bit, p keeps it, i flips
    it).  Any other text (ROTATE, FFT) is not modelled."""
    if isinstance(value, int):
        return value
    text = str(value).replace(" ", "")
    forms = ((r"swizzle\(QUAD_PERM,(\d),(\d),(\d),(\d)\)",
              lambda *g: 0x8000 | sum(int(x) << (2 * i) for i, x in enumerate(g))),
             (r"swizzle\(SWAP,(\d+)\)", lambda x: _bitmask(31, 0, int(x))),
             (r"swizzle\(REVERSE,(\d+)\)", lambda n: _bitmask(31, 0, int(n) - 1)),
             (r"swizzle\(BROADCAST,(\d+),(\d+)\)", lambda g, lane: _bitmask(32 - int(g), int(lane), 0)),
             (r'swizzle\(BITMASK_PERM,"([01pi]{5})"\)', _bitmask_text))
    for pattern, encode in forms:
        m = re.fullmatch(pattern, text)
        if m:
            try:
                return encode(*m.groups())
            except ValueError as e:  # a group size or lane the printer never writes
                raise Unmodelled(f"ds_swizzle offset {value} ({e})", ins) from None
    raise Unmodelled(f"ds_swizzle offset {value}", ins)


def _bitmask(and_m: int, or_m: int, xor_m: int) -> int:
    if not all(0 <= m <= 31 for m in (and_m, or_m, xor_m)):
        raise ValueError(f"swizzle masks out of range: and {and_m}, or {or_m}, xor {xor_m}")
    return and_m | (or_m << 5) | (xor_m << 10)


def _bitmask_text(chars: str) -> int:
    masks = [0, 0, 0]  # and, or, xor; chars[0] is bit 4
    for i, c in enumerate(chars):
        bit = 1 << (4 - i)
        masks[0] |= bit if c in "pi" else 0
        masks[1] |= bit if c == "1" else 0
        masks[2] |= bit if c == "i" else 0
    return _bitmask(*masks)


def swizzle_sources(offset: int, ins=None) -> np.ndarray:
    """The lane each lane reads: quad mode when offset[15:8] is 0x80, bit-mask mode when bit 15 is clear; the
    rotate and FFT modes (offset 0xC000 and up) and the rest are not modelled."""
    if offset & 0xFF00 == 0x8000:
        return (LANE & ~3) | ((offset >> (2 * (LANE & 3))) & 3)
    if offset & 0x8000:
        raise Unmodelled(f"ds_swizzle offset {offset:#06x} (rotate, FFT or reserved mode)", ins)
    and_m, or_m, xor_m = offset & 31, (offset >> 5) & 31, (offset >> 10) & 31
    return (LANE & ~31) | (((LANE & 31 & and_m) | or_m) ^ xor_m)


def _swizzle(w, ins, ctx):
    _mods(ins, {"offset"})
    src = swizzle_sources(swizzle_offset(ins.mods.get("offset", 0), ins), ins)
    data = np.where(w.lanes(), w.vread(ins.ops[1]), 0)
    w.vwrite(ins.ops[0], data[src].astype(np.uint32))


def _bpermute(w, ins, ctx):
    _mods(ins, {"offset"})
    lanes = w.lanes()
    src = ((w.vread(ins.ops[1]).astype(np.int64) + ins.mods.get("offset", 0)) >> 2) & 63
    data = np.where(lanes, w.vread(ins.ops[2]), 0)
    w.vwrite(ins.ops[0], data[src].astype(np.uint32))


def _permute(w, ins, ctx):
    _mods(ins, {"offset"})
    lanes = w.lanes()
    dst = ((w.vread(ins.ops[1]).astype(np.int64) + ins.mods.get("offset", 0)) >> 2) & 63
    data = w.vread(ins.ops[2])
    out = np.zeros(64, np.uint32)
    for lane in np.flatnonzero(lanes):
        out[dst[lane]] = data[lane]
    w.vwrite(ins.ops[0], out)


OPS = {"ds_swizzle_b32": _swizzle, "ds_bpermute_b32": _bpermute, "ds_permute_b32": _permute}
for _k in ("b32", "b64", "b96", "b128", "u8", "i8", "u16", "i16", "u8_d16", "u8_d16_hi", "i8_d16", "i8_d16_hi",
           "u16_d16", "u16_d16_hi"):
    OPS[f"ds_read_{_k}"] = _read
for _k in ("b8", "b16", "b32", "b64", "b96", "b128", "b8_d16_hi", "b16_d16_hi"):
    OPS[f"ds_write_{_k}"] = _write
for _k in ("ds_read2_b32", "ds_read2_b64", "ds_read2st64_b32", "ds_read2st64_b64"):
    OPS[_k] = _read2
for _k in ("ds_write2_b32", "ds_write2_b64", "ds_write2st64_b32", "ds_write2st64_b64"):
    OPS[_k] = _write2
