"""A launch run in lockstep: the waves of many workgroups at once (``group.Batch``), an instruction run once for
every wave at its program counter.  The default of ``launch.launch``; the wave-by-wave machine (``machine``) stays
the reference it must equal, and runs what this one hands over.

Scheduling, as ``simcore.Groups`` does for threads: the waves of a batch are grouped by program counter and the
group with the lowest counter runs next, so waves whose scalar branches differ run apart and merge where their
counters meet again.  A lane-wise instruction (its DPP form included; the integer ones in 32-bit lanes,
``gvalu``), an SMEM load, the scalar ALU and branches
(``gsalu``, on the batch's scalar arrays), the lane-crossing instructions (``glane``), ``s_endpgm`` and
``s_barrier`` run once on the ``group.Group`` (``gops.handler``); any other (``s_brev_b32``, the 64-bit bit-field
extracts, f32 denormal flushing, ``s_setreg``, ...) runs wave by wave on each wave of the group, which sees its own
registers (views of the batch's VGPRs; its scalar state brought in from the batch's arrays and put back,
``group.Batch.enter``/``leave``).  A wave stops at ``s_barrier``; when no wave can run, every workgroup's barrier
opens (its LDS race shadow restarts) and its waiting waves go on.  The step limit
is the reference's: ``machine.STEP_LIMIT`` instructions per wave between barriers (the waves' counts are compared
only where an upper bound of the largest passes it).  ``s_waitcnt`` and ``s_nop`` change no register: they are
counted and the group moves on without a handler.  Each wave's outstanding loads (``waitcnt``) are a state number
in an array over the batch, moved once per group and state; an instruction that may touch a register a load still
writes hands over (the reference decides the lanes and records it).

What it reports equals the reference's, byte for byte and in the same order.  The records a correct kernel
makes on purpose (out-of-range buffer accesses, over-reads inside an allocation's granule) come from the wave-by-wave
handlers of the waves concerned, each keyed (workgroup, barrier interval, wave, step) as the reference meets them,
and are published in that order; so are reads of unwritten private bytes, which ``gops.scratch`` records per wave
of its group (``Batch.unwritten``) and the scheduler keys the same way.  Anything else (a fault, an LDS race or
access outside the segment, a read of an SGPR a wave never wrote (``group.Group.defined``), a scratch access
outside its segment, an instruction outside the model, a ``SimError``)
raises ``group.Handover``: global memory, the report and the histogram are put back as they were before the launch
and the reference reruns the launch, naming what it meets first; only ``Runaway`` stands as met (rerunning millions of steps wave by wave is what it stops).
Where they differ by design: a wave reading global memory another wave of the launch writes with no barrier
between (a race neither machine checks) may read an older value here.
"""
from __future__ import annotations

import numpy as np

from frontends.devices import progress
from frontends.devices.gfx942 import gmem, gops, machine, ops_mem, ops_salu
from frontends.devices.gfx942.errors import Report, Runaway, SimError, Unmodelled
from frontends.devices.gfx942.group import Batch, Group, Handover
from frontends.devices.gfx942.machine import Context

LANES_PER_BATCH = 1 << 17  # lanes of one batch (whole workgroups; at least one): bounds the register arrays
REGISTER_BYTES = 256 << 20  # and their bytes (registers and private segments)
COUNT = {"instructions": 0, "handovers": 0}  # wave-instructions x 64 run in lockstep; launches handed over


class Keyed:
    """Records of one kind, each with its key (workgroup, barrier interval, wave, step, sequence)."""

    def __init__(self):
        self.items: list = []

    def add(self, key: tuple, entries) -> None:
        self.items += [((*key, i), e) for i, e in enumerate(entries)]

    def ordered(self) -> list:
        return [e for _, e in sorted(self.items, key=lambda item: item[0])]


class Run:
    """One launch's batches, the keyed records and the context wave-by-wave handlers see."""

    def __init__(self, kernel, memory, counts, lds_bytes: int):
        self.kernel, self.memory, self.counts = kernel, memory, counts
        self.ctx = Context(kernel, memory, Report(), lds_bytes)
        self.ctx.counts = None  # counted here, per group
        self.lds_size = len(self.ctx.lds.data)
        self.oob_buffer, self.overreads, self.unwritten = Keyed(), Keyed(), Keyed()
        self.handlers = [gops.handler(ins.fn, ins) for ins in kernel.code]
        self.nothing = [ins.fn is ops_salu._nothing for ins in kernel.code]

    def batch(self, groups: list, make_waves) -> None:
        """Run the workgroups ``groups`` (linear indices, with their ids) to completion."""
        waves, wg, place, first = [], [], [], []
        for g, (linear, ids) in enumerate(groups):
            ws = make_waves(ids, shared=True)  # Batch copies their registers into its arrays
            waves += ws
            wg += [g] * len(ws)
            place += [(linear, w.id, ids) for w in ws]
            first += [linear * len(ws) + w.id for w in ws]  # the launch's wave numbering (``launch``)
        b = Batch(waves, np.array(wg, np.int64), self.lds_size)
        self.ctx.lds = b.lds
        _Scheduler(self, b, place, np.array(first, np.int64)).run()
        b.enter_all()  # the waves' own scalar fields as the batch ends them (read by tests)


class _Scheduler:
    def __init__(self, run: Run, batch: Batch, place: list, wave_ids: np.ndarray):
        self.r, self.b, self.place, self.wave_ids = run, batch, place, wave_ids
        self.code = run.kernel.code
        self.steps = np.zeros(batch.n, np.int64)
        self.top = 0  # at least the largest of ``steps``
        self.rounds = np.zeros(batch.n, np.int64)
        self.waits = np.zeros(batch.n, np.int32)  # each wave's outstanding loads (a waitcnt.Automaton state number)
        self.idle = run.ctx.waits.idle
        self.uniform: int | None = 0  # the state every wave has, while they have one (then ``waits`` is stale)
        self.at: dict[int, np.ndarray] = {}
        self.waiting: list[int] = []

    def push(self, pc: int, idx: np.ndarray) -> None:
        old = self.at.get(pc)
        self.at[pc] = idx if old is None else np.sort(np.concatenate((old, idx)))

    def run(self) -> None:
        self.push(0, np.arange(self.b.n))
        while self.at or self.waiting:
            if not self.at:
                self._release()
                continue
            pc = min(self.at)
            self._step(pc, self.at.pop(pc))
        if not all(w.done for w in self.b.waves):  # a scheduling fault of this machine, never the program's
            raise Handover("a wave left the schedule before s_endpgm")

    def _release(self) -> None:
        idx = np.array(sorted(self.waiting))
        self.waiting = []
        for i in idx:
            self.b.waves[i].at_barrier = False
        self.b.lds.barrier()
        live = [i for i, w in enumerate(self.b.waves) if not w.done]
        self.rounds[live] += 1
        self.steps[live] = 0
        self.top = int(self.steps.max())
        for i in idx:
            self.push(self.b.waves[i].pc, np.array([i]))

    def _step(self, pc: int, idx: np.ndarray) -> None:
        if pc >= len(self.code):
            raise Handover("a wave ran past the last instruction")
        ins, fn = self.code[pc], self.r.handlers[pc]
        steps = self.steps if len(idx) == self.b.n else self.steps[idx]  # every wave of the batch: no gather
        steps += 1
        if len(idx) != self.b.n:
            self.steps[idx] = steps
        self.top += 1  # a step adds one to its waves' counts: the largest count grows by one at most
        if self.top > machine.STEP_LIMIT:  # read at each step: tests lower it
            self.top = int(self.steps.max())
            if steps.max() > machine.STEP_LIMIT:
                raise Runaway(f"{self.r.kernel.name}: more than {machine.STEP_LIMIT} instructions in one wave")
        counts = self.r.counts
        if counts is not None:
            counts[ins.op] = counts.get(ins.op, 0) + len(idx)
        COUNT["instructions"] += 64 * len(idx)
        progress.tick(64 * len(idx))
        if not self.idle[pc]:
            self._waits(pc, idx)
        if self.r.nothing[pc]:  # s_waitcnt, s_nop: no state to change, no record to make
            self.push(pc + 1, idx)
            return
        buffer = ins.fn is ops_mem._buffer
        gmem.remember(self.b, ins, buffer, False)
        if ins.fn in (ops_salu._endpgm, ops_salu._barrier):
            self._stop(pc, ins, idx)
            return
        self.r.memory.who = lambda waves: (self.wave_ids[waves], self.rounds[waves])  # a group form's lanes
        done = fn is not None and fn(Group(self.b, idx, pc), ins, self.r.ctx)
        if self.b.unwritten:
            self._keep_unwritten()
        if not done:
            self._each(pc, ins, idx)
        gmem.remember(self.b, ins, buffer, True)
        if not done:
            return
        self._quiet()
        for to, waves in ({pc + 1: idx} if done is True else done).items():
            if len(waves):
                self.push(to, waves)

    def _waits(self, pc: int, idx: np.ndarray) -> None:
        """Move the group's waves' outstanding loads past the instruction at ``pc``; a possible hazard hands over
        (the reference records it, where the lanes meet: ``machine.missing_wait``).  While every wave of the batch
        has one state (``uniform``), the array is not kept."""
        whole = len(idx) == self.b.n
        if whole and self.uniform is not None:
            self.uniform = self._wait_as(pc, self.uniform)
            return
        if self.uniform is not None:
            self.waits.fill(self.uniform)
            self.uniform = None
        states = self.waits if whole else self.waits[idx]
        first = int(states[0])
        if len(states) > 1 and not (states == first).all():
            for sid in np.unique(states).tolist():
                self.waits[idx[states == sid]] = self._wait_as(pc, sid)
        elif whole:
            self.uniform = self._wait_as(pc, first)
        else:
            self.waits[idx] = self._wait_as(pc, first)

    def _wait_as(self, pc: int, sid: int) -> int:
        nxt, hazards = self.r.ctx.waits.step(pc, sid)
        if hazards:
            raise Handover("a register touched before its s_waitcnt")
        return nxt

    def _stop(self, pc: int, ins, idx: np.ndarray) -> None:
        """``s_endpgm`` or ``s_barrier`` on every wave of the group (their handlers set only these flags)."""
        end = ins.fn is ops_salu._endpgm
        for i in idx.tolist():
            w = self.b.waves[i]
            w.pc = pc + 1
            w.done, w.at_barrier = w.done or end, w.at_barrier or not end
        if not end:
            self.waiting += idx.tolist()

    def _each(self, pc: int, ins, idx: np.ndarray) -> None:
        """The instruction on each wave of the group, one after another, its records keyed."""
        moved: dict[int, list] = {}
        rep, mem = self.r.ctx.report, self.r.memory
        self.b.epoch += 1  # it may write EXEC
        for i in idx.tolist():
            w = self.b.enter(i)
            w.pc = pc + 1
            self.r.ctx.workgroup = self.place[i][2]  # what a record names
            mem.who = lambda waves, i=i: (self.wave_ids[i], self.rounds[i])
            ins.fn(w, ins, self.r.ctx)
            if w.unread:  # a read of an SGPR no instruction wrote: recorded, then handed over (``_quiet``)
                machine.unwritten_sgprs(w, ins, self.r.ctx)
            self.b.leave(i)
            if rep.oob_buffer or mem.overreads or rep.unwritten_private:
                self._keep(i)
            if w.done:
                continue
            if w.at_barrier:
                self.waiting.append(i)
            else:
                moved.setdefault(w.pc, []).append(i)
        self._quiet()
        for to, waves in moved.items():
            self.push(to, np.array(waves))

    def _keep(self, i: int) -> None:
        """Move the records wave ``i`` just made to the keyed lists (the lists start every wave's call empty)."""
        rep, mem = self.r.ctx.report, self.r.memory
        key = self._key(i)
        self.r.oob_buffer.add(key, rep.oob_buffer)
        self.r.overreads.add(key, mem.overreads)
        self.r.unwritten.add(key, rep.unwritten_private)
        rep.oob_buffer.clear()
        mem.overreads.clear()
        rep.unwritten_private.clear()

    def _key(self, i: int) -> tuple:
        """Where wave ``i``'s step stands in the wave-by-wave order: (workgroup, barrier interval, wave, step)."""
        linear, wave, _ = self.place[i]
        return linear, int(self.rounds[i]), wave, int(self.steps[i])

    def _keep_unwritten(self) -> None:
        """Key the records of unwritten private reads a group handler left (``gops.scratch``), one per wave."""
        for i, *seen in self.b.unwritten:
            _, wave, ids = self.place[i]
            self.r.unwritten.add(self._key(i), [(self.r.kernel.name, ids, wave, *seen)])
        self.b.unwritten.clear()

    def _quiet(self) -> None:
        rep, mem = self.r.ctx.report, self.r.memory
        if (rep.oob_local or rep.oob_global or rep.lds_races or mem.faults or rep.oob_buffer or mem.overreads
                or rep.unwritten_private or rep.unwritten_sgpr):
            raise Handover("a fault or a record the wave-by-wave order places")


def run(kernel, grid: tuple, workgroups, make_waves, memory, report: Report, counts, lds_bytes: int) -> bool:
    """Run the launch in lockstep; False (memory, report and counts as before) where it hands over.
    ``make_waves(ids, shared=...)``: a workgroup's waves (``shared``: their registers may be another wave's arrays,
    as ``Batch`` copies them)."""
    if memory.faults or memory.overreads:  # the launch's own records start empty (launch.launch moves them)
        return False
    saved = (memory.arena.copy(), dict(counts or {}))
    r = Run(kernel, memory, counts, lds_bytes)
    try:
        with np.errstate(all="ignore"):  # IEEE results (inf, NaN) are the ISA's, never warnings
            for part in _parts(list(workgroups), kernel, make_waves):
                r.batch(part, make_waves)
    except (Handover, Unmodelled, SimError):
        COUNT["handovers"] += 1
        arena, old = saved
        memory.arena[:] = arena
        memory.faults.clear()
        memory.overreads.clear()
        if counts is not None:
            counts.clear()
            counts.update(old)
        return False
    report.oob_buffer += r.oob_buffer.ordered()
    memory.overreads += r.overreads.ordered()
    report.unwritten_private += r.unwritten.ordered()
    return True


def _parts(workgroups: list, kernel, make_waves):
    """Whole workgroups, as many per batch as ``LANES_PER_BATCH`` and ``REGISTER_BYTES`` allow."""
    if not workgroups:
        return
    probe = make_waves(workgroups[0][1])
    wave_bytes = 64 * (4 * (probe[0].v.shape[0] + probe[0].a.shape[0]) + 2 * probe[0].scratch.shape[1])
    waves = len(probe)
    per = max(1, min(LANES_PER_BATCH // (64 * waves), REGISTER_BYTES // max(1, wave_bytes * waves)))
    for start in range(0, len(workgroups), per):
        yield workgroups[start:start + per]
