"""The VALU's operand path, shared by every vector ALU family: read a source (DPP lane movement, SDWA selection
and sign extension, VOP3 op_sel halves, then the float abs/neg input modifiers), and write a result (clamp, the
output modifier, SDWA dst_sel/dst_unused, the gfx9 rule for 16-bit results) under EXEC.

Rules from the CDNA3 ISA reference and LLVM's AMDGPU backend (``GCNSubtarget::zeroesHigh16BitsOfDest``): on gfx9 a
16-bit VALU result written without SDWA zeroes the high half of the VGPR, except ``v_fmac_f16``/``v_mac_f16``,
which keep it; VOP3 ``op_sel`` bit 3 writes the high half and keeps the low one.  Modifiers outside
``MODIFIERS`` raise.
"""
from __future__ import annotations

import numpy as np

from frontends.devices.gfx942 import dpp
from frontends.devices.gfx942.errors import Unmodelled
from frontends.devices.gfx942.lanes import BITS, FLOAT, from_bits, is_float, sat, to_bits

MODIFIERS = {"clamp", "mul", "div", "op_sel", "dst_sel", "dst_unused", "src0_sel", "src1_sel", "src2_sel",
             *dpp.MODIFIERS}
SEL = {"BYTE_0": (0, 8), "BYTE_1": (8, 8), "BYTE_2": (16, 8), "BYTE_3": (24, 8), "WORD_0": (0, 16),
       "WORD_1": (16, 16), "DWORD": (0, 32)}
KEEP_HIGH = ("v_fmac_f16", "v_mac_f16")


def check_mods(ins) -> None:
    extra = set(ins.mods) - MODIFIERS
    if extra:
        raise Unmodelled(f"modifier {sorted(extra)[0]} on {ins.op}", ins)


def plain(ins) -> bool:
    """Whether the sources are read as they are: no DPP, SDWA, op_sel, and no abs/neg/sext on any operand."""
    return ins.enc not in ("dpp", "sdwa") and not ins.mods.get("op_sel") and \
        not any(op.abs or op.neg or op.sext for op in ins.ops)


def _sdwa_select(raw: np.ndarray, sel: str, sext: bool, ins) -> np.ndarray:
    if sel not in SEL:
        raise Unmodelled(f"SDWA selection {sel}", ins)
    lo, n = SEL[sel]
    if n == 32:  # DWORD: the register as it is
        return raw.astype(np.uint32, copy=False)
    v = (raw.astype(np.uint32, copy=False) >> np.uint32(lo)) & np.uint32(2**n - 1)  # lo + n <= 32: no bit lost
    if sext and n < 32:
        v = np.where(v >= 2**(n - 1), v | np.uint32(0xFFFFFFFF ^ (2**n - 1)), v)
    return v


def source(w, ins, i: int, t: str) -> np.ndarray:
    """Source operand i (0-based, after the destinations) of instruction ins as values of type t."""
    op = ins.ops[i + ins.ndst]
    raw = w.vread(op, t)
    if i == 0 and ins.enc == "dpp":
        raw = dpp.move(raw, ins, w.lanes())
    if ins.enc == "sdwa":
        raw = _sdwa_select(raw, ins.mods.get(f"src{i}_sel", "DWORD"), op.sext, ins)
    elif op.sext:
        raise Unmodelled("sext() outside SDWA", ins)
    sel = ins.mods.get("op_sel")
    if sel and BITS.get(t) == 16 and sel[i]:
        raw = raw >> np.uint32(16)
    # SDWA's sext() makes the selected field a 32-bit sign-extended operand (``_sdwa_select``); the opcode then reads
    # those bits as its own type, so an unsigned compare or max takes sext(0xC9) as 0xFFFFFFC9, never as -55
    val = from_bits(raw, t)
    if op.abs or op.neg:
        if not is_float(t):
            raise Unmodelled(f"abs/neg input modifier on a {t} source", ins)
        val = np.abs(val) if op.abs else val
        val = -val if op.neg else val
    return val


def output(ins, val: np.ndarray, t: str) -> np.ndarray:
    """Apply clamp and the output modifier; return raw bits of type t."""
    if is_float(t):
        val = np.asarray(val, FLOAT[t])
        if "mul" in ins.mods:
            val = (val * FLOAT[t](ins.mods["mul"])).astype(FLOAT[t])
        if "div" in ins.mods:
            val = (val / FLOAT[t](ins.mods["div"])).astype(FLOAT[t])
        if ins.mods.get("clamp"):
            val = np.where(np.isnan(val), FLOAT[t](0), np.clip(val, 0, 1)).astype(FLOAT[t])
    elif ins.mods.get("clamp"):
        val = sat(val, t)
    elif "mul" in ins.mods or "div" in ins.mods:
        raise Unmodelled("output modifier on an integer result", ins)
    return to_bits(val, t)


def write(w, ins, bits: np.ndarray, t: str, mask: np.ndarray | None = None) -> None:
    """Write result bits of type t to the first destination under EXEC (and the DPP write mask)."""
    dst = ins.ops[0]
    m = w.lanes() if mask is None else mask
    if ins.enc == "dpp":
        m = m & dpp.write_mask(ins)
    if BITS[t] == 64:
        w.vwrite(dst, bits, m, 2)
        return
    if ins.enc == "sdwa":
        bits = _sdwa_dst(_old(w, dst), bits, t, ins)
    elif BITS[t] == 16:
        bits = bits & np.uint32(0xFFFF)
        sel = ins.mods.get("op_sel")
        if sel and sel[-1]:
            bits = (_old(w, dst) & np.uint32(0xFFFF)) | (bits << np.uint32(16))
        elif ins.op in KEEP_HIGH:
            bits = (_old(w, dst) & np.uint32(0xFFFF0000)) | bits
    w.vwrite(dst, bits, m, 1)


def _old(w, dst):
    """The destination's value before the write (for the bits a write keeps)."""
    return w.vread(dst) if dst.kind in ("v", "a") else None


def _sdwa_dst(old, bits, t, ins) -> np.ndarray:
    lo, n = SEL.get(ins.mods.get("dst_sel", "DWORD"), (None, None))
    if lo is None:
        raise Unmodelled(f"SDWA dst_sel {ins.mods.get('dst_sel')}", ins)
    unused = ins.mods.get("dst_unused", "UNUSED_PAD")
    # 32-bit arithmetic throughout: lo + n <= 32, and only the low 32 bits of ``bits`` are kept either way
    field = (bits.astype(np.uint32) & np.uint32(2**n - 1)) << np.uint32(lo)
    if unused == "UNUSED_PAD":
        out = field
    elif unused == "UNUSED_PRESERVE":
        keep = np.uint32(0xFFFFFFFF ^ ((2**n - 1) << lo))
        out = (old.astype(np.uint32) & keep) | field
    elif unused == "UNUSED_SEXT":
        top = (field >> np.uint32(lo + n - 1)) & np.uint32(1)
        above = np.uint32(0xFFFFFFFF ^ (2**(lo + n) - 1))
        out = np.where(top == 1, field | above, field)
    else:
        raise Unmodelled(f"SDWA dst_unused {unused}", ins)
    return out
