"""Lane-crossing instructions on a group of waves (``group.Group``): each moves data between the 64 lanes of each
wave, for every wave of the group at once, with the batch's registers seen as (waves x 64 lanes).  Each computes
what its wave-by-wave handler computes (``ops_vlane``: ``v_readfirstlane_b32``, ``v_readlane_b32``,
``v_writelane_b32``, ``v_mbcnt_lo/hi_u32_b32``; ``ops_ds``: ``ds_swizzle_b32``, ``ds_bpermute_b32``,
``ds_permute_b32``; the rules in those modules' docstrings), and refuses what those refuse with the same checks.
DPP forms of lane-wise instructions need nothing here: ``dpp.move`` reads each wave's source lanes within its own
64 columns.  A lane never reads or writes another wave's lanes: every index is the wave's first column plus a lane
number below 64."""
from __future__ import annotations

import numpy as np

from frontends.devices.gfx942 import ops_ds
from frontends.devices.gfx942.errors import Unmodelled
from frontends.devices.gfx942.state import LANES
from frontends.devices.gfx942.vector import check_mods, source, write

_BELOW = (np.uint64(1) << np.arange(LANES, dtype=np.uint64)) - np.uint64(1)  # lane l: the bits of lanes 0..l-1


def _rows(g, values: np.ndarray) -> np.ndarray:
    """The group's waves' rows of a batch-wide lane array: (group waves, 64)."""
    return values.reshape(g.b.n, LANES)[g.idx]


def readfirstlane(g, ins, ctx) -> bool:
    lanes = _rows(g, g.lanes())
    first = np.where(lanes.any(axis=1), lanes.argmax(axis=1), 0)  # no lane enabled: lane 0
    g.sput(ins.ops[0], _rows(g, g.vread(ins.ops[1]))[np.arange(len(g.idx)), first])
    return True


def readlane(g, ins, ctx) -> bool:
    lane = (g.sget(ins.ops[2]) & np.uint64(63)).astype(np.int64)
    g.sput(ins.ops[0], _rows(g, g.vread(ins.ops[1]))[np.arange(len(g.idx)), lane])
    return True


def writelane(g, ins, ctx) -> bool:
    """The lane ``src1 & 63`` of each wave is written, whatever EXEC holds (as the wave-by-wave handler does)."""
    lane = (g.sget(ins.ops[2]) & np.uint64(63)).astype(np.int64)
    mask = np.zeros(g.b.n * LANES, bool)
    mask[g.idx * LANES + lane] = True
    value = np.repeat(g.each(ins.ops[1]) & np.uint64(0xFFFFFFFF), LANES).astype(np.uint32)
    g.vwrite(ins.ops[0], value, mask)
    return True


def _mbcnt(high: bool):
    part = ((_BELOW >> np.uint64(32)) if high else _BELOW) & np.uint64(0xFFFFFFFF)

    def run(g, ins, ctx) -> bool:
        check_mods(ins)
        if ins.enc not in ("", "e32", "e64") or any(op.abs or op.neg for op in ins.ops):
            raise Unmodelled(f"{ins.enc or 'a modifier'} on {ins.op}", ins)
        s0, s1 = source(g, ins, 0, "u32"), source(g, ins, 1, "u32")
        count = np.bitwise_count(np.tile(part, g.b.n) & s0.astype(np.uint64)).astype(np.uint64)
        write(g, ins, ((count + s1.astype(np.uint64)) & np.uint64(0xFFFFFFFF)).astype(np.uint32), "u32")
        return True
    return run


def swizzle(g, ins, ctx) -> bool:
    ops_ds._mods(ins, {"offset"})
    src = ops_ds.swizzle_sources(ops_ds.swizzle_offset(ins.mods.get("offset", 0), ins), ins)
    data = np.where(g.lanes(), g.vread(ins.ops[1]), 0).reshape(g.b.n, LANES)[:, src]
    g.vwrite(ins.ops[0], data.ravel().astype(np.uint32))
    return True


def _lane_of(g, op, ins) -> np.ndarray:
    """Each lane's ``((vaddr + offset) >> 2) & 63`` as a column of the batch (its wave's first column + that)."""
    lane = ((g.vread(op).astype(np.int64) + ins.mods.get("offset", 0)) >> 2) & 63
    return g.id.astype(np.int64) * LANES + lane


def bpermute(g, ins, ctx) -> bool:
    ops_ds._mods(ins, {"offset"})
    src = _lane_of(g, ins.ops[1], ins)
    data = np.where(g.lanes(), g.vread(ins.ops[2]), 0)
    g.vwrite(ins.ops[0], data[src].astype(np.uint32))
    return True


def permute(g, ins, ctx) -> bool:
    """Lanes writing one lane: the highest lane's value lands (lane order, as the wave-by-wave handler writes)."""
    ops_ds._mods(ins, {"offset"})
    dst = _lane_of(g, ins.ops[1], ins)
    data = g.vread(ins.ops[2])
    on = np.flatnonzero(g.lanes())[::-1]  # highest lane first: np.unique keeps each target's first occurrence
    targets, first = np.unique(dst[on], return_index=True)
    out = np.zeros(g.b.n * LANES, np.uint32)
    out[targets] = data[on[first]]
    g.vwrite(ins.ops[0], out)
    return True


OPS = {"v_readfirstlane_b32": readfirstlane, "v_readlane_b32": readlane, "v_writelane_b32": writelane,
       "v_mbcnt_lo_u32_b32": _mbcnt(False), "v_mbcnt_hi_u32_b32": _mbcnt(True),
       "ds_swizzle_b32": swizzle, "ds_bpermute_b32": bpermute, "ds_permute_b32": permute}
