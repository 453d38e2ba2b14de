"""The MODE register's float fields, and f32 denormal flushing (``FP_DENORM`` mode 0, which IREE's attention kernels
declare and switch off around the f32 division macro).

MODE (CDNA3 ISA reference, "MODE register"; LLVM SIDefines.h ``FP_ROUND_*``, ``FP_DENORM_*``): bits 1:0 round mode
of f32, 3:2 of f16/f64 (0: nearest even), 5:4 denormal mode of f32, 7:6 of f16/f64 (0: flush inputs and outputs,
3: keep both).  A wave starts with the descriptor's fields (``initial``); ``s_setreg_imm32_b32 hwreg(HW_REG_MODE,
offset, size), imm`` writes ``imm``'s low ``size`` bits at ``offset``.  Modelled: rounding to nearest even, f16/f64
denormals kept, f32 denormals kept (3) or flushed in and out (0); any other setting raises ``Unmodelled``.

Under f32 flushing, ``FLUSHES`` (IEEE add, subtract, multiply and fused multiply-add, scalar and packed, and the
f32 -> f16 conversion, whose result a denormal input cannot change) read a denormal f32 input as zero of its sign and
write a denormal result as zero of its sign (LLVM AMDGPU: FP_DENORM_FLUSH_IN_FLUSH_OUT; ``llvm.canonicalize`` is
``v_mul_f32 1.0, x`` there).  Any other instruction with f32 operands (``f32_operands``: ``v_max_f32``, ``v_exp_f32``,
compares, MFMA accumulators, ...) runs as with denormals kept while no enabled lane sees a denormal f32, and raises
``Unmodelled`` when one does: where the flush matters and the manual leaves it unclear, the model refuses.  An
instruction with f32 in its name whose f32 operands this module does not know raises whenever flushing is on.
"""
from __future__ import annotations

import re

import numpy as np

from frontends.devices.gfx942.errors import Unmodelled

ROUND32, ROUND1664, DENORM32, DENORM1664 = (0, 2), (2, 2), (4, 2), (6, 2)  # (offset, size) in MODE
KEEP, FLUSH = 3, 0
FLUSHES = {"v_add_f32", "v_sub_f32", "v_subrev_f32", "v_mul_f32", "v_fma_f32", "v_fmac_f32", "v_fmamk_f32",
           "v_fmaak_f32", "v_pk_add_f32", "v_pk_mul_f32", "v_pk_fma_f32", "v_cvt_f16_f32"}
_HWREG = re.compile(r"^hwreg\((?:HW_REG_MODE|1)(?:,\s*(\d+),\s*(\d+))?\)$")
_EXP, _MANT, _SIGN = np.uint32(0x7F800000), np.uint32(0x007FFFFF), np.uint32(0x80000000)


def field(mode: int, f: tuple) -> int:
    return (mode >> f[0]) & ((1 << f[1]) - 1)


def initial(descriptor: dict) -> int:
    """MODE's float fields as the kernel descriptor sets them (LLVM's defaults where it names none)."""
    d = descriptor
    mode = (d.get("float_round_mode_32", 0) | d.get("float_round_mode_16_64", 0) << 2
            | d.get("float_denorm_mode_32", KEEP) << 4 | d.get("float_denorm_mode_16_64", KEEP) << 6)
    check(mode, "kernel descriptor")
    return mode


def check(mode: int, where: str, ins=None) -> None:
    """Raise for a MODE the model does not cover (see the module docstring)."""
    if field(mode, ROUND32) or field(mode, ROUND1664):
        raise Unmodelled(f"a rounding mode other than nearest even (MODE {mode:#x}, {where})", ins)
    if field(mode, DENORM1664) != KEEP or field(mode, DENORM32) not in (KEEP, FLUSH):
        raise Unmodelled(f"denormal mode {field(mode, DENORM32)} (f32) / {field(mode, DENORM1664)} (f16, f64) "
                         f"(MODE {mode:#x}, {where})", ins)


def _setreg(w, ins, ctx):
    if ins.mods or len(ins.ops) != 2 or ins.ops[0].kind != "raw" or ins.ops[1].kind != "imm":
        raise Unmodelled(f"{ins.op} form", ins)
    m = _HWREG.match(ins.ops[0].value.strip())
    if not m:
        raise Unmodelled(f"{ins.op} of {ins.ops[0].value}", ins)
    offset, size = (int(m.group(1)), int(m.group(2))) if m.group(1) else (0, 32)
    if offset + size > 8:
        raise Unmodelled(f"{ins.op} of MODE bits beyond the float fields ({offset}, {size})", ins)
    keep = ~(((1 << size) - 1) << offset)
    mode = (w.mode & keep) | ((ins.ops[1].value & ((1 << size) - 1)) << offset)
    check(mode, ins.op, ins)
    w.mode = mode


OPS = {"s_setreg_imm32_b32": _setreg}


def reads_f32(op: str) -> bool:
    """Whether instruction ``op`` may have f32 operands (the ones ``wrap`` watches)."""
    return "f32" in op or op.startswith("v_fma_mix")


def f32_operands(ins, rows: dict):
    """(sources, destinations) that hold f32 values, as (operand index, dwords), or None where not known.
    ``rows``: the elementwise table of ``ops_vfloat`` (name -> (dst type, source types, f))."""
    op, nd = ins.op, getattr(ins, "ndst", 1)
    if op in rows:
        dst, srcs, _ = rows[op]
        return [(nd + i, 1) for i, t in enumerate(srcs) if t == "f32"], ([(0, 1)] if dst == "f32" else [])
    if op in ("v_fmac_f32", "v_fmamk_f32", "v_fmaak_f32"):
        return [(i, 1) for i in range(len(ins.ops))], [(0, 1)]
    if op in ("v_pk_add_f32", "v_pk_mul_f32", "v_pk_fma_f32"):
        return [(i, 2) for i in range(1, len(ins.ops))], [(0, 2)]
    if re.match(r"^v_cmpx?_\w+_f32$", op):
        return [(i, 1) for i in range(nd, len(ins.ops)) if not op.startswith(("v_cmp_class", "v_cmpx_class"))
                or i == nd], []
    if re.match(r"^v_mfma_f32_", op):
        return [(3, ins.ops[0].count)], [(0, ins.ops[0].count)]
    if op in ("v_cvt_f32_fp8", "v_cvt_f32_bf8", "v_cvt_pk_f32_fp8", "v_cvt_pk_f32_bf8"):  # never a denormal f32
        return [], [(0, ins.ops[0].count)]
    if op in ("v_div_scale_f32", "v_div_fmas_f32"):
        return [(i, 1) for i in range(nd, len(ins.ops))], [(0, 1)]
    if op in ("v_fma_mixlo_f16", "v_fma_mixhi_f16"):  # source i is an f32 where op_sel_hi[i] is 0 (ops_vop3p)
        hi = ins.mods.get("op_sel_hi") or [0, 0, 0]
        return [(nd + i, 1) for i in range(3) if not hi[i]], []
    if op in ("v_dot2_f32_f16", "v_dot2c_f32_f16"):
        return ([(3, 1)] if op == "v_dot2_f32_f16" else [(0, 1)]), [(0, 1)]
    return None


def _denormal(bits: np.ndarray) -> np.ndarray:
    return ((bits & _EXP) == 0) & ((bits & _MANT) != 0)


def wrap(fn, rows: dict):
    """``fn`` under the wave's f32 denormal mode (the module docstring); unchanged while f32 denormals are kept."""
    def run(w, ins, ctx):
        if field(w.mode, DENORM32) == KEEP:
            return fn(w, ins, ctx)
        spec = f32_operands(ins, rows)
        if spec is None:
            raise Unmodelled(f"{ins.op} under f32 denormal flushing (MODE.FP_DENORM 0)", ins)
        flushes = ins.op in FLUSHES
        lanes = np.ones(64, bool) if ins.enc == "dpp" else w.lanes()  # DPP reads lanes EXEC disables
        saved = [_inputs(w, ins, i, n, lanes, flushes) for i, n in spec[0]]
        fn(w, ins, ctx)
        for entry in saved:
            _restore(w, ins, entry)
        for i, n in spec[1]:
            _outputs(w, ins, i, n, flushes)
    for attr in ("ndst", "modifiable"):
        if hasattr(fn, attr):
            setattr(run, attr, getattr(fn, attr))
    return run


def _refuse(ins, what: str):
    raise Unmodelled(f"a denormal f32 {what} of {ins.op} under f32 denormal flushing (MODE.FP_DENORM 0)", ins)


def _inputs(w, ins, i: int, n: int, lanes, flushes: bool):
    """Check (or flush, for ``FLUSHES``) the f32 source operand ``i`` of ``n`` dwords; returns what to restore."""
    op = ins.ops[i]
    if op.kind in ("v", "a"):
        regs = w.v if op.kind == "v" else w.a
        rows = regs[op.index:op.index + n]
        den = _denormal(rows) & lanes
        if not den.any():
            return None
        if not flushes or ins.enc == "dpp" and _writes(w, ins, regs, op.index, n):
            _refuse(ins, "input")  # a DPP write mask leaves lanes the restore below could not tell apart
        before = rows.copy()
        rows[den] &= _SIGN
        return regs, op.index, before
    if op.kind == "s":  # an SGPR pair may hold an f32 and a neighbour op_sel never reads: flushed the same way
        before = w.s[op.index:op.index + n]
        den = _denormal(np.array(before, np.uint32))
        if not den.any():
            return None
        if not flushes:
            _refuse(ins, "scalar input")
        w.s[op.index:op.index + n] = [b & 0x80000000 if d else b for b, d in zip(before, den)]
        return w.s, op.index, before
    if op.kind in ("imm", "fimm") and _denormal(np.array([op.bits("f32")], np.uint32)).any():
        _refuse(ins, "constant input")
    return None


def _writes(w, ins, regs, index: int, n: int) -> bool:
    """Whether the instruction's destination overlaps registers ``index`` .. ``index + n - 1`` of ``regs``."""
    dst = ins.ops[0]
    return dst.kind in ("v", "a") and regs is (w.v if dst.kind == "v" else w.a) and \
        dst.index < index + n and index < dst.index + max(dst.count, 1)


def _restore(w, ins, entry) -> None:
    """Give flushed source registers back their bits, except the lanes the instruction wrote as its result."""
    if entry is None:
        return
    regs, index, before = entry
    if isinstance(regs, list):  # SGPRs: a VALU instruction does not write them as its f32 result
        regs[index:index + len(before)] = before
        return
    for k in range(before.shape[0]):
        written = _writes(w, ins, regs, index + k, 1)  # the lanes EXEC enabled hold the result
        regs[index + k] = np.where(w.lanes(), regs[index + k], before[k]) if written else before[k]


def _outputs(w, ins, i: int, n: int, flushes: bool) -> None:
    op = ins.ops[i]
    if op.kind not in ("v", "a"):
        return
    regs = w.v if op.kind == "v" else w.a
    rows = regs[op.index:op.index + n]
    den = _denormal(rows) & w.lanes()
    if den.any():
        if not flushes:
            _refuse(ins, "result")
        rows[den] &= _SIGN
