"""gfx942's float8 widening conversions: ``v_cvt_f32_fp8``/``v_cvt_f32_bf8`` (one byte to f32) and
``v_cvt_pk_f32_fp8``/``v_cvt_pk_f32_bf8`` (two bytes to an f32 pair).

Formats (CDNA3 ISA reference, "FP8 and BF8"; MLIR's f8E4M3FNUZ and f8E5M2FNUZ): fp8 is E4M3 with exponent bias 8,
bf8 is E5M2 with bias 16; both have denormals, no infinities and no negative zero, and 0x80 is their one NaN.  Every
value of either is exactly an f32, so the conversion rounds nothing; the NaN becomes f32's quiet NaN 0x7FC00000 (the
manual does not give the payload; an f32 NaN is one either way).  Operand selection: the VOP1 form converts byte 0
(word 0 for the packed forms); the SDWA form's ``src0_sel`` picks the byte (word).  The VOP3 form's byte select
(op_sel) and the narrowing conversions (``v_cvt_pk_fp8_f32``, ``v_cvt_sr_*``: rounding and saturation) are not
modelled: they raise.
"""
from __future__ import annotations

import ml_dtypes
import numpy as np

from frontends.devices.gfx942.errors import Unmodelled
from frontends.devices.gfx942.valu import elementwise
from frontends.devices.gfx942.vector import check_mods, source

FORMATS = {"fp8": ml_dtypes.float8_e4m3fnuz, "bf8": ml_dtypes.float8_e5m2fnuz}
QNAN = np.uint32(0x7FC00000)


def decode(raw: np.ndarray, fmt: str) -> np.ndarray:
    """Bytes (the low 8 bits of ``raw``) of format ``fmt`` -> their f32 bit patterns."""
    b = (np.asarray(raw).astype(np.uint32) & np.uint32(0xFF)).astype(np.uint8)
    f = b.view(FORMATS[fmt]).astype(np.float32)
    return np.where(b == 0x80, QNAN, f.view(np.uint32)).astype(np.uint32)


def _one(fmt: str):
    return elementwise("f32", ("u32",), lambda x: decode(x, fmt).view(np.float32))


def _pair(fmt: str):
    def run(w, ins, ctx):
        check_mods(ins)
        if ins.enc not in ("", "e32", "sdwa") or ins.mods.get("op_sel") or \
                ins.mods.get("dst_sel", "DWORD") != "DWORD" or ins.ops[0].count != 2:
            raise Unmodelled(f"{ins.op} in this form", ins)
        word = source(w, ins, 0, "u32").astype(np.uint32)  # SDWA's src0_sel picks the word
        lanes = w.lanes()
        w.vwrite(ins.ops[0], np.array([decode(word, fmt), decode(word >> np.uint32(8), fmt)]), lanes, 2)
    run.modifiable = True
    return run


OPS = {"v_cvt_f32_fp8": _one("fp8"), "v_cvt_f32_bf8": _one("bf8"),
       "v_cvt_pk_f32_fp8": _pair("fp8"), "v_cvt_pk_f32_bf8": _pair("bf8")}
