"""Build VALU handlers from elementwise definitions: ``elementwise(dst type, source types, f)`` reads the sources
through ``vector.source`` (DPP, SDWA, op_sel, abs/neg), applies ``f`` lane-wise to typed numpy arrays and
writes through ``vector.output``/``vector.write`` (clamp, omod, SDWA dst, 16-bit rules) under EXEC."""
from __future__ import annotations

import numpy as np

from frontends.devices.gfx942.errors import Unmodelled
from frontends.devices.gfx942.lanes import BITS, from_bits
from frontends.devices.gfx942.vector import check_mods, output, source, write


def elementwise(dst: str, srcs: tuple, f, ndst: int = 1, accumulate: bool = False):
    """accumulate: the destination is also the last source (v_fmac, v_dot4c)."""
    halves = any(BITS[t] == 16 for t in (dst, *srcs))

    def run(w, ins, ctx):
        check_mods(ins)
        if not halves and any(ins.mods.get("op_sel") or ()):
            raise Unmodelled(f"op_sel on {ins.op}, which has no 16-bit operand", ins)
        vals = [source(w, ins, i, t) for i, t in enumerate(srcs)]
        if accumulate:
            vals.append(from_bits(w.vread(ins.ops[0]), dst))
        with np.errstate(all="ignore"):
            r = f(*vals)
        write(w, ins, output(ins, r, dst), dst)
    run.ndst = ndst
    run.modifiable = True  # takes SDWA and DPP through vector.source/write
    return run


def table(rows: dict) -> dict:
    """{name: (dst, srcs, f)} -> {name: handler}."""
    return {name: elementwise(*spec) for name, spec in rows.items()}
