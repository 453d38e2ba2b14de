"""Integer VALU instructions on a group of waves (``group.Group``) in 32-bit lanes: what ``ops_vint``'s handlers
compute through int64 values (``valu.elementwise``: sources widened, the result wrapped by ``lanes.to_bits``),
computed on the registers' uint32 rows as (waves x 64) arrays, scalar operands as one column per wave.

Why it gives the same bits: every row of ``MODULAR`` is an operation whose result modulo 2**32 depends only on its
sources modulo 2**32 (add, subtract, multiply, shift left, the bitwise operations), or reads unsigned sources whose
uint32 value is their int64 value (a logical right shift, a 24-bit multiply of masked sources); a 16-bit source is
masked to 16 bits, as ``lanes.from_bits`` reads it.  ``v_dot4c_i32_i8`` sums four int8 products (each within
2**14, so held by int16) and the destination in int32, modulo 2**32; ``v_perm_b32`` with one selector in every wave of the group
moves each selected byte by a shift.  What a row's types or modifiers take outside that (clamp, DPP, op_sel,
abs/neg/sext, an operand of two dwords, a register beyond the kernel's, a selector that differs between waves) runs
on the instruction's own handler (``handler`` returns it), so a refusal or a register error is worded there.
"""
from __future__ import annotations

import numpy as np

from frontends.devices.gfx942 import ops_vint
from frontends.devices.gfx942.group import _CONST
from frontends.devices.gfx942.lanes import BITS
from frontends.devices.gfx942.state import LANES
from frontends.devices.gfx942.vector import SEL, _sdwa_dst, _sdwa_select

U = np.uint32
_SRC_MASK = {16: U(0xFFFF), 24: U(0xFFFFFF), 32: None}
_KINDS = {"v", "s", "vcc", "exec", "m0", "scc", "imm", "fimm"}  # sources read here (an AGPR: the handler)
_SDWA = {"dst_sel", "dst_unused", "src0_sel", "src1_sel"}

MODULAR = {
    "v_add_u32": lambda a, b: a + b, "v_sub_u32": lambda a, b: a - b, "v_subrev_u32": lambda a, b: b - a,
    "v_add_i32": lambda a, b: a + b, "v_sub_i32": lambda a, b: a - b,
    "v_add_u16": lambda a, b: a + b, "v_sub_u16": lambda a, b: a - b, "v_subrev_u16": lambda a, b: b - a,
    "v_mul_lo_u16": lambda a, b: a * b,
    "v_lshlrev_b16": lambda a, b: b << (a & U(15)), "v_lshrrev_b16": lambda a, b: b >> (a & U(15)),
    "v_and_b32": lambda a, b: a & b, "v_or_b32": lambda a, b: a | b, "v_xor_b32": lambda a, b: a ^ b,
    "v_not_b32": lambda a: ~a, "v_xnor_b32": lambda a, b: ~(a ^ b),
    "v_lshlrev_b32": lambda a, b: b << (a & U(31)), "v_lshrrev_b32": lambda a, b: b >> (a & U(31)),
    "v_mul_lo_u32": lambda a, b: a * b, "v_mul_u32_u24": lambda a, b: a * b,
    "v_mad_u32_u24": lambda a, b, c: a * b + c, "v_mad_u32_u16": lambda a, b, c: a * b + c,
    "v_add3_u32": lambda a, b, c: a + b + c,
    "v_lshl_add_u32": lambda a, b, c: (a << (b & U(31))) + c,
    "v_add_lshl_u32": lambda a, b, c: (a + b) << (c & U(31)),
    "v_lshl_or_b32": lambda a, b, c: (a << (b & U(31))) | c,
    "v_and_or_b32": lambda a, b, c: (a & b) | c, "v_or3_b32": lambda a, b, c: a | b | c,
    "v_xad_u32": lambda a, b, c: (a ^ b) + c,
    "v_max_u32": np.maximum, "v_min_u32": np.minimum, "v_max_u16": np.maximum, "v_min_u16": np.minimum,
    "v_mov_b32": lambda a: a,
}
UFUNC = {"v_add_u32": np.add, "v_sub_u32": np.subtract, "v_add_i32": np.add, "v_sub_i32": np.subtract,
         "v_and_b32": np.bitwise_and, "v_or_b32": np.bitwise_or, "v_xor_b32": np.bitwise_xor,
         "v_mul_lo_u32": np.multiply}  # 32-bit rows that are one ufunc (written with out=)
# 16-bit results whose low 16 bits depend only on the sources' low 16 bits (the shift count on its low 4): their
# sources need no mask, the result's mask (``_put``) is enough
LOW16 = {"v_add_u16", "v_sub_u16", "v_subrev_u16", "v_mul_lo_u16", "v_lshlrev_b16"}
UNSIGNED = {"u32", "b32", "u16", "u24"}  # source types read here (an i32 source only where MODULAR's row wraps)
WRAPS_SIGNED = {"v_add_i32", "v_sub_i32"}


def _fits(ins) -> bool:
    """Whether ``ins`` reads its sources as they are or through SDWA selection only (nothing else to model)."""
    if ins.enc not in ("", "e32", "e64", "sdwa"):
        return False
    allowed = _SDWA if ins.enc == "sdwa" else set()
    if set(ins.mods) - allowed or any(op.abs or op.neg or op.sext for op in ins.ops):
        return False
    return ins.ops[0].kind == "v" and ins.ops[0].count == 1 and \
        all(op.count == 1 and op.kind in _KINDS for op in ins.ops[1:])


def _rows(g, op, t: str):
    """Source ``op`` of type ``t`` over the batch as (waves, 64) uint32 (a register's rows, a column per wave, or
    a constant); None where the register lies beyond the kernel's (the handler raises it)."""
    if op.kind == "v":
        return g.v[op.index].reshape(g.b.n, LANES) if op.index < len(g.v) else None
    if op.kind in ("imm", "fimm"):
        return U(_CONST.sread(op, t) & 0xFFFFFFFF)
    return g.each(op, t, np.uint32)[:, None]


def _source(g, ins, i: int, t: str, low: bool = True):
    """Source i as uint32 rows; ``low``: masked to its type's bits (``lanes.from_bits``)."""
    raw = _rows(g, ins.ops[i + 1], t)
    if raw is None:
        return None
    if ins.enc == "sdwa":
        raw = _sdwa_select(raw, ins.mods.get(f"src{i}_sel", "DWORD"), False, ins)
    mask = _SRC_MASK[BITS[t]] if low else None
    return raw if mask is None else raw & mask


def _put(g, ins, bits, t: str) -> None:
    """Result bits (any shape broadcasting to (waves, 64)) into the destination under EXEC, as ``vector.write``:
    a 16-bit result's type first (``lanes.to_bits``), then SDWA's destination field.  With every lane of the batch
    enabled, the last step writes into the register itself."""
    out = g.v[ins.ops[0].index].reshape(g.b.n, LANES)  # a view: ``bits`` broadcasts to it
    full = g.lanes() is not None and g._full
    narrow = 0xFFFF if BITS[t] == 16 else 0xFFFFFFFF
    if ins.enc == "sdwa":
        sel, unused = ins.mods.get("dst_sel", "DWORD"), ins.mods.get("dst_unused", "UNUSED_PAD")
        if full and unused == "UNUSED_PAD" and sel in SEL:  # the field alone (vector._sdwa_dst)
            lo, n = SEL[sel]
            np.bitwise_and(bits, U((2**n - 1) & narrow), out=out)
            if lo:
                np.left_shift(out, U(lo), out=out)
            return
        bits = _sdwa_dst(out, np.asarray(bits & U(narrow), U), t, ins)
    elif narrow != 0xFFFFFFFF:
        if full:
            np.bitwise_and(bits, U(narrow), out=out)
            return
        bits = bits & U(narrow)
    if full:
        out[:] = bits
    else:
        np.copyto(out, bits, where=g.lanes().reshape(out.shape), casting="unsafe")


def _modular(op: str, fn):
    dst, srcs, _ = ops_vint.ROWS[op]
    f, ufunc = MODULAR[op], UFUNC.get(op)
    low16 = op in LOW16

    def run(g, ins, ctx) -> bool:
        vals = [_source(g, ins, i, t, not low16) for i, t in enumerate(srcs)]
        if any(v is None for v in vals) or ins.ops[0].index >= len(g.v):
            fn(g, ins, ctx)  # a register beyond the kernel's: the handler's error
            return True
        if ufunc is not None and ins.enc != "sdwa" and g.lanes() is not None and g._full:
            ufunc(*vals, out=g.v[ins.ops[0].index].reshape(g.b.n, LANES))  # every lane: straight into the register
            return True
        _put(g, ins, f(*vals), dst)
        return True
    return run


def _dot4c(fn):
    def run(g, ins, ctx) -> bool:
        a, b = _rows(g, ins.ops[1], "u32"), _rows(g, ins.ops[2], "u32")
        if a is None or b is None or ins.ops[0].index >= len(g.v):
            fn(g, ins, ctx)
            return True
        shape = (g.b.n, LANES)
        a, b = (np.ascontiguousarray(np.broadcast_to(x, shape)).view(np.int8) for x in (a, b))
        # the four int8 products of each lane (|p| <= 2**14) as int16, read two to a dword: the low one
        # sign-extended by shifts, the high one by the arithmetic shift; their int32 sums wrap as to_bits
        pairs = np.multiply(a, b, dtype=np.int16).view(U)
        s = (pairs << U(16)).view(np.int32)
        s >>= 16
        s += pairs.view(np.int32) >> 16
        s = s.reshape(g.b.n * LANES, 2)
        dot = s[:, 0] + s[:, 1]
        dot += g.v[ins.ops[0].index].view(np.int32)
        _put(g, ins, dot.view(U).reshape(shape), "i32")
        return True
    return run


def _perm(fn):
    def run(g, ins, ctx) -> bool:
        sel = g.sget(ins.ops[3], "u32") if ins.ops[3].kind not in ("v", "a") else None
        if sel is None or len(sel) == 0 or (sel != sel[0]).any():
            fn(g, ins, ctx)
            return True
        s0, s1 = _rows(g, ins.ops[1], "u32"), _rows(g, ins.ops[2], "u32")
        moves = _byte_moves(int(sel[0]) & 0xFFFFFFFF)
        if moves is None or s0 is None or s1 is None or ins.ops[0].index >= len(g.v):
            fn(g, ins, ctx)
            return True
        moves, const = moves
        out = U(const)
        for src, shift, mask in moves:
            x = s0 if src == 0 else s1
            out = out | ((x << U(shift) if shift >= 0 else x >> U(-shift)) & U(mask))
        _put(g, ins, out, "b32")
        return True
    return run


def _byte_moves(sel: int):
    """A ``v_perm_b32`` selector as ((source, left shift, mask) moves, one per source and shift; the constant
    bytes: 12 gives 0x00, 13 and above 0xFF); None where a byte takes a sign (selector bytes 8..11)."""
    moves: dict = {}
    const = 0
    for k in range(4):
        c = (sel >> (8 * k)) & 0xFF
        if 8 <= c <= 11:
            return None
        if c >= 12:
            const |= (0xFF if c >= 13 else 0) << (8 * k)
            continue
        src, byte = (1, c) if c < 4 else (0, c - 4)  # bytes 0..3 of {S0, S1} are S1's
        key = (src, 8 * (k - byte))
        moves[key] = moves.get(key, 0) | (0xFF << (8 * k))
    return [(src, shift, mask) for (src, shift), mask in moves.items()], const


def handler(ins, fn):
    """The group handler of integer VALU instruction ``ins`` bound to ``fn`` (``ops_vint``'s own), or None."""
    if fn is not ops_vint.OPS.get(ins.op) or not _fits(ins):
        return None
    if ins.op in MODULAR:
        dst, srcs, _ = ops_vint.ROWS[ins.op]
        if len(ins.ops) != 1 + len(srcs):
            return None
        if all(t in UNSIGNED for t in srcs) or ins.op in WRAPS_SIGNED:
            return _modular(ins.op, fn)
    if ins.op == "v_dot4c_i32_i8" and ins.enc in ("", "e32") and not ins.mods and len(ins.ops) == 3:
        return _dot4c(fn)
    if ins.op == "v_perm_b32" and ins.enc in ("", "e64") and not ins.mods and len(ins.ops) == 4:
        return _perm(fn)
    return None
