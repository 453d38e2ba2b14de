"""The thin loop: bind each decoded instruction to its family's handler once, then run a workgroup's waves.

Handlers are ``f(wave, instr, ctx)``; the tables are the ``OPS`` dicts of the ``ops_*`` modules.  An opcode no table
names is bound to a handler that raises ``Unmodelled`` when (and only if) it executes, as does an SDWA or DPP form
of a handler that does not take those modifiers.  Waves of a workgroup run one after another, each until
``s_barrier`` or ``s_endpgm``; when every live wave waits at the barrier, the barrier opens (LDS race tracking
restarts) and they go on.
"""
from __future__ import annotations

import numpy as np

from frontends.devices.gfx942 import (denorm, ops_ds, ops_fp8, ops_gpridx, ops_mem, ops_mfma, ops_salu, ops_smfmac,
                                       ops_vdiv, ops_vfloat, ops_vint, ops_vlane, ops_vop3p, waitcnt)
from frontends.devices.gfx942.errors import Runaway, SimError, Unmodelled
from frontends.devices.gfx942.memory import Lds

TABLE = {**ops_salu.OPS, **ops_vint.OPS, **ops_vfloat.OPS, **ops_vlane.OPS, **ops_vop3p.OPS, **ops_mfma.OPS,
         **ops_mem.OPS, **ops_ds.OPS, **ops_vdiv.OPS, **ops_gpridx.OPS, **denorm.OPS,
         **ops_fp8.OPS, **ops_smfmac.OPS}
# LDS is allocated per workgroup in granules of 128 dwords (LLVM AMDGPUBaseInfo getLdsDwGranularity): a kernel may touch
# the tail of its last granule (IREE reads a whole dword whose last byte lies past group_segment_fixed_size)
LDS_GRANULE = 512
STEP_LIMIT = 20_000_000  # per wave: a runaway loop is the core's Runaway (verdict timeout)


def _refuse(what: str):
    def run(w, ins, ctx):
        raise Unmodelled(what, ins)
    run.ndst = 1
    return run


def may_flush(kernel) -> bool:
    """Whether f32 denormals can be flushed in this kernel (its descriptor, or a write of MODE: ``denorm``)."""
    return kernel.descriptor.get("float_denorm_mode_32", denorm.KEEP) != denorm.KEEP or \
        any(ins.op == "s_setreg_imm32_b32" for ins in kernel.code)


def bind(kernel) -> None:
    flush = may_flush(kernel)
    for ins in kernel.code:
        fn = TABLE.get(ins.op)
        if fn is None:
            fn = _refuse(f"instruction {ins.op}")
        elif ins.enc in ("sdwa", "dpp") and not getattr(fn, "modifiable", False):
            fn = _refuse(f"{ins.op} in its {ins.enc.upper()} form")
        elif flush and denorm.reads_f32(ins.op):  # f32 operands: the wave's MODE decides whether denormals are flushed
            fn = denorm.wrap(fn, ops_vfloat.ROWS)
        ins.fn = fn
        ins.ndst = getattr(fn, "ndst", 1)


class Context:
    """What handlers reach besides their wave: global memory, the workgroup's LDS, and the launch's report."""

    def __init__(self, kernel, mem, report, lds_bytes: int):
        self.kernel, self.mem, self.report = kernel, mem, report
        self.lds = Lds(-(-lds_bytes // LDS_GRANULE) * LDS_GRANULE)
        self.workgroup = (0, 0, 0)
        self.first_wave = 0  # the workgroup's first wave in the launch's numbering (``launch``), for global stores
        self.barriers = 0  # the barriers the workgroup passed: its global stores' interval
        self.counts = None  # instruction histogram, when asked for
        self.waits = waitcnt.automaton(kernel, TABLE)  # the outstanding loads of each wave (waitcnt.py)

    def oob_buffer(self, ins, lanes: int, offset: int) -> None:
        self.report.oob_buffer.append((self.kernel.name, ins.text, lanes, offset))


def missing_wait(w, pc: int, hazards: tuple, ctx) -> None:
    """Record the first register the instruction at ``pc`` touches that an outstanding load may still write, where
    their lanes meet (``waitcnt``), before the instruction runs (EXEC as it reads its operands)."""
    shape = ctx.waits.shape(pc)
    for reg, load, _ in hazards:
        meet = waitcnt.lanes(shape, w.exec, w.loaded.get(load, waitcnt.FULL), reg)
        if meet:
            lane = (meet & -meet).bit_length() - 1
            ctx.report.missing_waits.append((ctx.kernel.name, ctx.workgroup, w.id, pc, ctx.kernel.code[pc].text,
                                             waitcnt.name(reg), ctx.kernel.code[load].text, lane,
                                             bin(meet).count("1") if reg < 1024 else 0))
            return


def unwritten_sgprs(w, ins, ctx) -> None:
    """Record the SGPRs the instruction ``ins`` just read on wave ``w`` that no instruction and not the ABI wrote
    (``state.Wave.unread``): each once, in the order it read them."""
    ctx.report.unwritten_sgpr += [(ctx.kernel.name, ctx.workgroup, w.id, ins.text, r)
                                  for r in dict.fromkeys(w.unread)]
    w.unread.clear()


def _run_wave(w, code, ctx) -> None:
    steps = 0
    ctx.mem.who = lambda waves, t=ctx.first_wave + w.id, iv=ctx.barriers: (t, iv)
    waits = ctx.waits
    while not (w.done or w.at_barrier):
        if w.pc >= len(code):
            raise SimError(f"{ctx.kernel.name}: ran past the last instruction")
        ins = code[w.pc]
        if not waits.idle[w.pc]:
            w.waits, hazards = waits.step(w.pc, w.waits)
            if hazards:
                missing_wait(w, w.pc, hazards, ctx)
            if waits.shapes[w.pc].dests:
                w.loaded[w.pc] = w.exec  # the lanes the load writes, for a later hazard (an SMEM load's: unused)
        w.pc += 1
        ins.fn(w, ins, ctx)
        if w.unread:
            unwritten_sgprs(w, ins, ctx)
        if ctx.counts is not None:
            ctx.counts[ins.op] = ctx.counts.get(ins.op, 0) + 1
        steps += 1
        if steps > STEP_LIMIT:
            raise Runaway(f"{ctx.kernel.name}: more than {STEP_LIMIT} instructions in one wave")


def run_workgroup(waves, code, ctx) -> None:
    with np.errstate(all="ignore"):  # IEEE results (inf, NaN) are the ISA's, never warnings
        _run_waves(waves, code, ctx)
    for what, byte in ctx.lds.races:
        ctx.report.lds_races.append((ctx.kernel.name, ctx.workgroup, what, byte))
    if ctx.lds.out_of_range:
        ctx.report.oob_local.append((ctx.kernel.name, "LDS", ctx.lds.out_of_range))


def _run_waves(waves, code, ctx) -> None:
    while True:
        for w in waves:
            _run_wave(w, code, ctx)
        live = [w for w in waves if not w.done]
        if not live:
            break
        for w in live:
            w.at_barrier = False
        ctx.lds.barrier()
        ctx.barriers += 1
