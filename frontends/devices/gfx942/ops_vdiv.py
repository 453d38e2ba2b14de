"""The f32 division macro's helpers: ``v_div_scale_f32`` and ``v_div_fmas_f32`` (``v_div_fixup_f32`` is an
elementwise op in ``ops_vfloat``).

The CDNA3 ISA reference's pseudocode for ``v_div_scale_f32`` (D = S0 scaled, VCC = post-scale needed; S1 the
denominator, S2 the numerator): zero operands give NaN; otherwise scaling by 2^+-64 happens only when the
exponents differ by 96 or more, S1 is denormal, S2/S1 would be denormal, or S2's exponent is at most 23; else
D = S0 and VCC = 0.  Those scaling branches are where AMD's pseudocode and observed hardware are reported to
differ (tinygrad's RDNA3 emulator patches four of them), so lanes that reach one raise ``Unmodelled`` rather than
pick a side.  Lanes with a zero, infinite or NaN operand give NaN with VCC = 0: ``v_div_fixup_f32`` decides those
lanes' result from the original operands, whatever the quotient estimate.  ``v_div_fmas_f32`` is a fused
multiply-add where VCC is 0, and raises on lanes where VCC asks for post-scaling.
"""
from __future__ import annotations

import numpy as np

from frontends.devices.gfx942.errors import Unmodelled
from frontends.devices.gfx942.lanes import fma, to_bits
from frontends.devices.gfx942.state import from_mask, to_mask
from frontends.devices.gfx942.vector import check_mods, source, write

TINY = np.float32(2.0**-126)


def _exponent(x: np.ndarray) -> np.ndarray:
    return ((x.view(np.uint32) >> 23) & 0xFF).astype(np.int64)


def _div_scale(w, ins, ctx):
    check_mods(ins)
    s0, s1, s2 = (source(w, ins, i, "f32") for i in range(3))
    lanes = w.lanes()
    special = ~(np.isfinite(s1) & np.isfinite(s2)) | (s1 == 0) | (s2 == 0)
    with np.errstate(all="ignore"):
        q = (s2 / s1).astype(np.float32)
    scaling = ((_exponent(s2) - _exponent(s1) >= 96) | (np.abs(s1) < TINY) | ((q != 0) & (np.abs(q) < TINY))
               | (_exponent(s2) <= 23)) & ~special & lanes
    if scaling.any():
        raise Unmodelled("v_div_scale_f32 on operands that need scaling (huge ratio, denormal or tiny)", ins)
    write(w, ins, to_bits(np.where(special, np.float32(np.nan), s0), "f32"), "f32")
    w.swrite(ins.ops[1], 0 if ins.ops[1].kind != "vcc" else w.vcc & ~from_mask(lanes))


def _div_fmas(w, ins, ctx):
    check_mods(ins)
    lanes = w.lanes()
    if (to_mask(w.vcc) & lanes).any():
        raise Unmodelled("v_div_fmas_f32 with VCC set (post-scaling)", ins)
    a, b, c = (source(w, ins, i, "f32") for i in range(3))
    write(w, ins, to_bits(fma(a, b, c, "f32"), "f32"), "f32")


_div_scale.ndst = 2
_div_fmas.ndst = 1
OPS = {"v_div_scale_f32": _div_scale, "v_div_fmas_f32": _div_fmas}
