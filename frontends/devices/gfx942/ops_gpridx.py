"""VGPR indexing mode (CDNA3 ISA, ``S_SET_GPR_IDX_ON`` / ``S_SET_GPR_IDX_OFF``): between the two, the VALU operands
the mode names (SRC0, SRC1, SRC2, DST) address VGPRs relative to the index ``M0[7:0]`` that ``S_SET_GPR_IDX_ON``
set from its scalar source (it also writes the mode to ``M0[15:12]``, as the ISA says).

LLVM emits the mode only as a bundle around ``v_mov_b32`` for a vector element picked by a runtime index (an
extract reads ``gpr_idx(SRC0)``, an insert writes ``gpr_idx(DST)``; unoptimized code, such as ``kernelfuzz
localize``'s ``--opt-bisect-limit`` points, has them).  That is what is modelled: ``s_set_gpr_idx_on`` runs its
bundle itself up to ``s_set_gpr_idx_off`` (``s_nop`` there is a no-op); any other instruction inside the bundle
raises ``Unmodelled``.  Only VGPR operands are indexed; an SGPR or constant source is read as written.
"""
from __future__ import annotations

import dataclasses
import re

from frontends.devices.gfx942.errors import Unmodelled

MODE_BITS = {"SRC0": 1, "SRC1": 2, "SRC2": 4, "DST": 8}


def _mode(op) -> int:
    m = re.fullmatch(r"gpr_idx\(([A-Z0-9,\s]*)\)", str(op.value or ""))
    if op.kind != "raw" or not m:
        raise Unmodelled(f"s_set_gpr_idx_on with mode operand {op.value!r}")
    names = [n.strip() for n in m.group(1).split(",") if n.strip()]
    if any(n not in MODE_BITS for n in names):
        raise Unmodelled(f"s_set_gpr_idx_on mode {m.group(1)}")
    return sum(MODE_BITS[n] for n in names)


def _indexed(op, index: int, on: bool):
    return dataclasses.replace(op, index=op.index + index) if on and op.kind == "v" else op


def s_set_gpr_idx_on(w, ins, ctx):
    src, mode_op = ins.ops
    index, mode = w.sread(src) & 0xFF, _mode(mode_op)
    w.m0 = (w.m0 & ~0xF0FF) | index | (mode << 12)
    code = ctx.kernel.code
    while True:
        if w.pc >= len(code):
            raise Unmodelled("GPR indexing mode left on at the end of the kernel", ins)
        nxt = code[w.pc]
        w.pc += 1
        if nxt.op == "s_set_gpr_idx_off":
            return
        if nxt.op == "s_nop":
            continue
        if nxt.op != "v_mov_b32" or nxt.enc not in ("", "e32") or nxt.mods or len(nxt.ops) != 2 or \
                nxt.ops[0].kind != "v" or any(o.neg or o.abs or o.sext for o in nxt.ops):
            raise Unmodelled(f"{nxt.op} in GPR indexing mode", nxt)
        dst, src0 = _indexed(nxt.ops[0], index, mode & 8), _indexed(nxt.ops[1], index, mode & 1)
        w.vwrite(dst, w.vread(src0))


def s_set_gpr_idx_off(w, ins, ctx):  # reached only outside a bundle: the mode is off already
    return None


OPS = {"s_set_gpr_idx_on": s_set_gpr_idx_on, "s_set_gpr_idx_off": s_set_gpr_idx_off}
