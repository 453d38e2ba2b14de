"""Build VALU handlers from elementwise definitions: ``elementwise(dst type, source types, f)`` reads the sources
through ``vector.source`` (DPP, SDWA, op_sel, abs/neg), applies ``f`` lane-wise to typed numpy arrays and
writes through ``vector.output``/``vector.write`` (clamp, omod, SDWA dst, 16-bit rules) under EXEC."""
from __future__ import annotations

from frontends.devices.gfx942.errors import Unmodelled
from frontends.devices.gfx942.lanes import BITS, from_bits
from frontends.devices.gfx942.vector import check_mods, output, plain, source, write


def elementwise(dst: str, srcs: tuple, f, ndst: int = 1, accumulate: bool = False):
    """accumulate: the destination is also the last source (v_fmac, v_dot4c)."""
    halves = any(BITS[t] == 16 for t in (dst, *srcs))

    def run(w, ins, ctx):
        if ins.plain is None:  # once per instruction: its modifiers are checked, and whether it has any
            check_mods(ins)
            if not halves and any(ins.mods.get("op_sel") or ()):
                raise Unmodelled(f"op_sel on {ins.op}, which has no 16-bit operand", ins)
            ins.plain = plain(ins)
        if ins.plain:  # no DPP, SDWA, op_sel or input modifiers: the sources are the registers' values
            nd = ins.ndst
            vals = [from_bits(w.vread(ins.ops[i + nd], t), t) for i, t in enumerate(srcs)]
        else:
            vals = [source(w, ins, i, t) for i, t in enumerate(srcs)]
        if accumulate:
            vals.append(from_bits(w.vread(ins.ops[0]), dst))
        r = f(*vals)  # floating-point exceptions are ignored for the whole launch (machine.run_workgroup)
        write(w, ins, output(ins, r, dst), dst)
    run.ndst = ndst
    run.modifiable = True  # takes SDWA and DPP through vector.source/write
    run.lockstep = True  # lane-wise: runs on a group of waves (``lockstep``) as on one wave, DPP form included
    return run


def table(rows: dict) -> dict:
    """{name: (dst, srcs, f)} -> {name: handler}."""
    return {name: elementwise(*spec) for name, spec in rows.items()}
