"""Test helper: run a few gfx942 instructions in one wave64, or in the waves of one workgroup, with registers set
beforehand (``frontends.devices.gfx942.asm.assemble``), on either machine, and read the waves back.  The ISA vectors
(``tests/data/gfx942/isa.s``) and the tests of single findings use it."""
from __future__ import annotations

import copy

import numpy as np

from frontends.devices.gfx942 import lockstep
from frontends.devices.gfx942.asm import assemble
from frontends.devices.gfx942.errors import Report
from frontends.devices.gfx942.machine import Context, bind, run_workgroup
from frontends.devices.gfx942.memory import Memory
from frontends.devices.gfx942.state import Wave

ALL = 2**64 - 1
LANE = np.arange(64)


def f32(x) -> int:
    return int(np.array(x, np.float32).view(np.uint32))


def as_f32(bits) -> float:
    return float(np.array(bits, np.uint32).view(np.float32))


def run(body: str, v=None, s=None, exec_=ALL, waves=1, lds=0, mem=None, report=None, private=0, engine="reference"):
    """The wave (or the waves) after ``body`` ran; ``v``/``s``: register -> value (a lane array, or a function of
    the wave's id giving one); ``engine``: the wave-by-wave machine (``machine``) or the lockstep one
    (``lockstep``, which hands what it does not run over to the other, on the waves as they were)."""
    k = assemble(body, group_segment_fixed_size=lds, private_segment_fixed_size=private)
    bind(k)
    ws = []
    for wid in range(waves):
        w = Wave(64, 16, wid)
        w.scratch = np.zeros((64, private), np.uint8)
        w.written = np.zeros((64, private), bool)
        for r, val in (v or {}).items():
            val = val(wid) if callable(val) else val
            w.v[r] = np.asarray(val, np.int64).astype(np.uint32) if np.ndim(val) else np.uint32(val & 0xFFFFFFFF)
        for r, val in (s or {}).items():
            w.s[r], w.sw[r] = val & 0xFFFFFFFF, True  # given: as the ABI's registers, written
        w.exec = exec_
        ws.append(w)
    mem = mem if mem is not None else Memory()
    report = report if report is not None else Report()
    if engine == "lockstep":
        before = copy.deepcopy(ws)
        if not lockstep.run(k, (1, 1, 1), [(0, (0, 0, 0))], lambda wg, shared=False: ws, mem, report, None, lds):
            ws = before
        else:
            return ws[0] if waves == 1 else ws
    run_workgroup(ws, k.code, Context(k, mem, report, lds))
    return ws[0] if waves == 1 else ws
