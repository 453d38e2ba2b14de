"""Sparse MFMA (``v_smfmac_f32_16x16x32_{f16,bf16}``): D += A x B for one wave, A a 16x32 matrix with 2:4
structured sparsity along K stored compressed, with CDNA3's register layouts.

The layouts are the dense 16x16 MFMA's (``ops_mfma``) with K doubled for A's expanded rows:

- A (2 registers, 4 values a lane): lane ``l`` holds row ``l % 16`` of the 8 K positions starting at
  ``8 * (l // 16)``, two groups of four; its values 0-1 go to group 0 and 2-3 to group 1, each at the position
  (0-3) its 2-bit index names, value ``e`` taking bits ``[2e, 2e+2)`` of the lane's 8-bit index;
- B (4 registers, 8 values a lane): B[k][j] in lane ``j + 16 * (k // 8)``, element ``k % 8``;
- D (4 registers, also the accumulator): D[i][j] in lane ``j + 16 * (i // 4)``, register ``i % 4``;
- the index (one register): four 8-bit index sets a lane; with ``cbsz`` 0, ``abid[1:0]`` picks the set (MLIR's
  ``amdgpu.sparse_mfma`` documentation), so with neither field written (the only form modelled) it is bits [7:0]
  (IREE's VDMFMA lowering passes ``0x44`` on even lanes, ``0xEE`` on odd ones).  A ``cbsz``/``abid`` modifier, a
  partial EXEC or two values of one group at one position (the manual does not say what that sums) raise.

This is the layout IREE's virtual dense MFMA (``VDMFMA_F32_8x16x64x2_{F16,BF16}``, its design note) and AMD's
CDNA3 ISA describe; products are exact and the sum with D rounded once to f32, as ``ops_mfma``'s dense forms.
"""
from __future__ import annotations

import numpy as np

from frontends.devices.gfx942.errors import Unmodelled
from frontends.devices.gfx942.ops_mfma import _elements, _exact_dot, d_place

M64 = 2**64 - 1


def dense_a(a_el: np.ndarray, sel: np.ndarray, ins=None) -> np.ndarray:
    """The 16x32 A the compressed (64, 4) values and (64,) 8-bit indices stand for."""
    pos = np.stack([(sel >> np.uint32(2 * e)) & np.uint32(3) for e in range(4)], axis=1).astype(np.int64)
    if ((pos[:, 0] == pos[:, 1]) | (pos[:, 2] == pos[:, 3])).any():
        raise Unmodelled("a sparse MFMA index naming one position twice in a group", ins)
    lanes = np.arange(64)
    A = np.zeros((16, 32))
    for e in range(4):
        A[lanes % 16, 8 * (lanes // 16) + 4 * (e // 2) + pos[:, e]] = a_el[:, e]
    return A


def _smfmac(w, ins, ctx):
    if any(ins.mods.get(m) for m in ins.mods):
        raise Unmodelled(f"modifier {sorted(ins.mods)[0]} on {ins.op}", ins)
    if w.exec != M64:
        raise Unmodelled(f"{ins.op} under a partial EXEC mask", ins)
    src_t = ins.op.rsplit("_", 1)[1]
    sel = w.vregs(ins.ops[3], 1)[0] & np.uint32(0xFF)  # index set 0 (abid 0)
    A = dense_a(_elements(w.vregs(ins.ops[1], 2), 16, src_t), sel, ins)
    b_el = _elements(w.vregs(ins.ops[2], 4), 16, src_t)  # (64, 8)
    kk, jj = np.meshgrid(np.arange(32), np.arange(16), indexing="ij")
    B = b_el[jj + 16 * (kk // 8), kk % 8]
    di, dj = np.meshgrid(np.arange(16), np.arange(16), indexing="ij")
    lane, reg = d_place(16, di, dj)
    C = w.vregs(ins.ops[0], 4)[reg, lane].view(np.float32).astype(np.float64)
    with np.errstate(all="ignore"):
        bits = _exact_dot(A, B, C).view(np.uint32)
    out = np.zeros((4, 64), np.uint32)
    out[reg, lane] = bits
    w.vwrite(ins.ops[0], out, np.ones(64, bool), 4)


OPS = {"v_smfmac_f32_16x16x32_f16": _smfmac, "v_smfmac_f32_16x16x32_bf16": _smfmac}
