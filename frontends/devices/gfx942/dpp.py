"""DPP (data-parallel primitives, gfx9 DPP16): which lane each lane's src0 comes from, and which lanes write.

From the CDNA3 ISA reference and LLVM's AMDGPU asm syntax: ``quad_perm:[a,b,c,d]`` picks within each group of
four lanes; ``row_shl:n``/``row_shr:n`` read lane i+n / i-n of the same 16-lane row (outside the row: invalid);
``row_ror:n`` rotates right within the row (reads (i-n) mod 16); ``wave_shl:1``/``wave_shr:1`` read lane i+1 /
i-1 of the wave; ``wave_rol:1``/``wave_ror:1`` rotate; ``row_mirror`` reads 15-i within the row,
``row_half_mirror`` 7-i within each 8 lanes; ``row_bcast:15`` gives each row lane 15 of the row before it and
``row_bcast:31`` gives lanes 32..63 lane 31 (lanes with no such source are invalid).  A source lane that is
invalid or disabled in EXEC reads 0 when ``bound_ctrl`` is present, otherwise the destination lane is not
written.  ``row_mask``/``bank_mask`` bits that are clear disable writes of that row / bank (4-lane group of each
row).
"""
from __future__ import annotations

import numpy as np

from frontends.devices.gfx942.errors import Unmodelled

MODIFIERS = {"quad_perm", "row_shl", "row_shr", "row_ror", "wave_shl", "wave_shr", "wave_rol", "wave_ror",
             "row_mirror", "row_half_mirror", "row_bcast", "row_mask", "bank_mask", "bound_ctrl"}
LANE = np.arange(64)
ROW, OFF = LANE // 16, LANE % 16


def source_lanes(ins) -> np.ndarray:
    """For each lane, the lane its src0 is read from (-1: invalid)."""
    m = ins.mods
    if "quad_perm" in m:
        p = np.array(m["quad_perm"])
        return (LANE & ~3) | p[LANE & 3]
    for key, f in (("row_shl", lambda n: np.where(OFF + n < 16, LANE + n, -1)),
                   ("row_shr", lambda n: np.where(OFF - n >= 0, LANE - n, -1)),
                   ("row_ror", lambda n: ROW * 16 + (OFF - n) % 16),
                   ("wave_shl", lambda n: np.where(LANE + 1 < 64, LANE + 1, -1)),
                   ("wave_shr", lambda n: np.where(LANE >= 1, LANE - 1, -1)),
                   ("wave_rol", lambda n: (LANE + 1) % 64), ("wave_ror", lambda n: (LANE - 1) % 64)):
        if key in m:
            return f(m[key])
    if "row_mirror" in m:
        return ROW * 16 + 15 - OFF
    if "row_half_mirror" in m:
        return (LANE & ~7) + 7 - (LANE & 7)
    if m.get("row_bcast") == 15:
        return np.where(ROW > 0, ROW * 16 - 1, -1)
    if m.get("row_bcast") == 31:
        return np.where(LANE >= 32, 31, -1)
    raise Unmodelled(f"DPP control {sorted(k for k in m if k in MODIFIERS)}", ins)


def move(raw: np.ndarray, ins, exec_lanes: np.ndarray | None = None) -> np.ndarray:
    """src0 as each lane reads it; ``raw`` holds one wave's 64 lanes or several waves' (a ``group.Group``), each
    wave's lanes reading only its own."""
    src = source_lanes(ins)
    if raw.size != len(LANE):
        src = np.where(src >= 0, src + (np.arange(raw.size // len(LANE)) * len(LANE))[:, None], -1).ravel()
    valid = src >= 0
    if exec_lanes is not None:
        valid &= exec_lanes[np.maximum(src, 0)]
    ins._dpp_valid = valid  # read by write_mask for the same execution
    return np.where(valid, raw[np.maximum(src, 0)], 0).astype(raw.dtype)


def write_mask(ins) -> np.ndarray:
    """The lanes a DPP instruction writes (of as many waves as its last ``move`` read)."""
    rows = np.array([(ins.mods.get("row_mask", 0xF) >> r) & 1 for r in range(4)], bool)[ROW]
    banks = np.array([(ins.mods.get("bank_mask", 0xF) >> b) & 1 for b in range(4)], bool)[OFF // 4]
    m = rows & banks
    if ins._dpp_valid.size != m.size:
        m = np.tile(m, ins._dpp_valid.size // m.size)
    if "bound_ctrl" not in ins.mods:
        m &= ins._dpp_valid
    return m
