"""The vector machine: every thread of a batch of blocks (all of a launch, or as many blocks as ``vlaunch.LANES``
allows) runs in lockstep as ``numpy`` arrays.  A register is an array over the lanes (``vregs``); an instruction is one
array operation over the lanes at its program counter whose guard holds (``vops_*`` modules, one per family, built once
per decoded instruction; an instruction no vector builder takes runs lane by lane through its scalar family function,
``scalar.Lanes``).  Lanes whose branches differ are regrouped by program counter and the lowest counter runs first
(``simcore.Groups``), so they join again where the control flow does.  A register no waiting lane can name again is
dropped (``vlive``: a long unrolled kernel's thousand temporaries would otherwise all stay, paged in and out of the
caches); the batch's last block keeps its values of them for ``threads``.  A lane stops at ``bar.sync`` and at a
warp-collective instruction; when no lane can run, the warps whose live lanes all stand at one collective run it
together, else every block whose live lanes all stand at barriers passes them (its shared memory's race shadow cleared),
else the threads wait at different synchronisations (``BarrierFault``).

What it reports is what the thread-at-a-time machine (``reference.py``) reports, in the same order: counts and first
places of noted events by the order that machine meets them (``simcore.Events``); a fault (out of bounds, a race,
an unwritten address, a division by zero, a deadlock) or a ``CannotSimulate`` met here reruns the launch on the
reference machine (``vlaunch``), so the fault named is the first there.  What the two differ on by design: global
memory written by one thread and read by another of the same launch with no synchronisation between (a race neither
checks) may read an older value here.
"""
from __future__ import annotations

import numpy as np

from frontends.devices.ptx import reference, vlive, vmemory, vops_wmma
from frontends.devices.ptx.decode import Sym
from frontends.devices.ptx.errors import BarrierFault, CannotSimulate, Runaway
from frontends.devices.ptx.state import Thread
from frontends.devices.ptx.vmemory import wide
from frontends.devices.ptx.vops import control, vector_op
from frontends.devices.ptx.vregs import Registers
from frontends.devices.simcore import MAX_STEPS, Groups

# A launch of a few threads still running after HANDOVER steps without a synchronisation (a long loop, a hang) goes
# to the reference machine, which runs a handful of lanes faster than arrays do and finds a hang as it does (past a
# handful, arrays win even one step at a time).
HANDOVER, SMALL = 20_000, 4


class Handover(Exception):
    """A launch the reference machine runs better (see HANDOVER)."""


class Batch(Registers):
    """The lanes of ``blocks`` (linear block indices) of one launch: registers, specials, memories, scheduler."""

    def __init__(self, kernel, memory, glob, params, symbols, blocks, grid, block, shared, local, events, meter,
                 writes=None):
        self.meter, self.global_writes = meter, writes  # the launch's ``simcore.GlobalWrites`` (None: not checked)
        self.k, self.g, self.glob, self.params, self.symbols = kernel, memory, glob, params, symbols
        self.grid, self.block, self.events = grid, block, events
        nt = block[0] * block[1] * block[2]
        self.n, self.nt = len(blocks) * nt, nt
        self.block_in_batch = np.repeat(np.arange(len(blocks), dtype=np.int64), nt)
        self.flat = np.tile(np.arange(nt, dtype=np.int64), len(blocks))
        self.block_linear = np.asarray(blocks, np.int64)[self.block_in_batch]
        self.rounds = np.zeros(self.n, np.int64)  # 2 x the synchronisations passed (odd: inside a collective)
        self.barriers = 0  # the barriers the batch's blocks passed (together): global stores' interval
        self.pc = 0
        self.all = np.arange(self.n)
        self.special = self._specials(blocks, grid, block)
        self.live = np.ones(self.n, bool)
        self.exited = False  # whether any lane has left ``live``
        self.mem = vmemory.Private(len(blocks), self.n, shared, local, memory.stats)
        self.executed = 0
        self.liveness = vlive.liveness(kernel)  # registers dropped once no waiting lane can name them again
        self.init_registers()
        self.final = True  # whether ``threads`` may be asked (``vlaunch`` clears it but for a launch's last batch)

    def _specials(self, blocks, grid, block) -> dict:
        f = self.flat
        c = np.asarray(blocks, np.int64)[self.block_in_batch]
        sp = {"%tid.x": f % block[0], "%tid.y": f // block[0] % block[1], "%tid.z": f // (block[0] * block[1]),
              "%ctaid.x": c % grid[0], "%ctaid.y": c // grid[0] % grid[1], "%ctaid.z": c // (grid[0] * grid[1]),
              "%laneid": f % 32}
        sp = {k: v.astype(np.uint64) for k, v in sp.items()}
        for i, axis in enumerate("xyz"):
            sp[f"%ntid.{axis}"], sp[f"%nctaid.{axis}"] = np.uint64(block[i]), np.uint64(grid[i])
        sp["%warpsize"] = np.uint64(32)
        return sp

    # ---- lanes and places
    def lanes(self, sel) -> np.ndarray:
        return self.all if type(sel) is slice else sel  # ``sel``: every lane, or an index array (its own lanes)

    def tid(self, lane: int) -> tuple:
        return tuple(int(self.special[f"%tid.{a}"][lane]) for a in "xyz")

    def ctaid(self, lane: int) -> tuple:
        return tuple(int(self.special[f"%ctaid.{a}"][lane]) for a in "xyz")

    def place(self, lane: int, pc: int | None = None) -> str:
        pc = self.pc if pc is None else pc
        text = " ".join(self.k.code[pc].text.split())
        return f"{self.k.name}: instruction {pc} `{text}` (thread {self.tid(lane)}, block {self.ctaid(lane)})"

    def note(self, kind: str, lanes: np.ndarray, describe, shift: int = 0) -> None:
        self.events.note(kind, self.block_linear[lanes], self.rounds[lanes] + shift, self.flat[lanes], describe)

    # ---- operands (the register file and its reads and writes: ``vregs.Registers``)
    def address(self, a, sel) -> np.ndarray:
        if type(a.base) is Sym:
            if a.base.name not in self.symbols:
                raise CannotSimulate(f"symbol {a.base.name} (not a parameter, array or variable of the module)")
            return np.int64(self.symbols[a.base.name][1] + a.offset)
        base = self.read(a.base.name, sel).astype(np.int64)
        return base + np.int64(a.offset) if a.offset else base

    # ---- memories
    def load(self, space: str, addr, n: int, sel) -> np.ndarray:
        addr = wide(addr, len(self.lanes(sel)), np.int64)
        if space == "generic":
            return self._generic(addr, n, sel, lambda sp, a, s: self.load(sp, a, n, s))
        if space == "global":
            return self.glob.read(self, addr, n, sel)
        if space == "shared":
            return self.mem.read_shared(self, sel, addr, n)
        if space == "local":
            return self.mem.read_local(self, sel, addr, n)
        return vmemory.param_read(self.params, addr, n)

    def store(self, space: str, addr, n: int, value, sel) -> None:
        lanes = self.lanes(sel)
        addr, value = wide(addr, len(lanes), np.int64), wide(value, len(lanes), np.uint64)
        if space == "generic":
            self._generic(addr, n, sel, lambda sp, a, s, v=value: self.store(sp, a, n, v[self._pos(sel, s)], s))
        elif space == "global":
            if self.global_writes is not None:
                self.global_writes.write(addr, n, value & np.uint64((1 << (8 * n)) - 1), self.block_linear[lanes] * self.nt
                                  + self.flat[lanes], np.full(len(lanes), self.barriers), self._current)
            self.glob.write(addr, n, value)
        elif space == "shared":
            self.mem.write_shared(self, sel, addr, n, value)
        elif space == "local":
            self.mem.write_local(self, sel, addr, n, value)
        else:
            raise CannotSimulate(f"st.{space}")

    def _current(self, j: int, offsets) -> np.ndarray:
        return self.glob.views[j][offsets]

    def _pos(self, sel, sub) -> np.ndarray:
        return np.searchsorted(self.lanes(sel), sub)

    def _generic(self, addr, n, sel, access):
        lanes, out = self.lanes(sel), np.zeros(len(addr), np.uint64)
        for space, pick in vmemory.resolve(addr).items():
            if pick.any():
                got = access(space, addr[pick] - vmemory.WINDOWS[space], lanes[pick])
                if got is not None:
                    out[pick] = got
        return out

    # ---- running
    def run(self) -> None:
        groups, parked, steps = Groups(), {}, 0
        groups.push(0, self.all)
        while True:
            g = groups.pop()
            if g is None:
                if not self._resolve(parked, groups):
                    return
                steps = 0
                continue
            steps += 1
            if not steps & 63:
                self.meter.tick(self.executed)
            if steps > HANDOVER and self.n <= SMALL:
                raise Handover()
            if steps > MAX_STEPS:
                lane = int(g[1][0])
                raise Runaway(f"thread {self.tid(lane)} ran {MAX_STEPS} instructions without synchronising "
                              f"(a hang?)")
            self._step(*g, groups, parked)
            dead = self.liveness.dead[g[0]] if self.liveness.dead is not None else ()
            if dead:
                vlive.drop(self, dead, [*groups.at, *parked])

    def _step(self, pc: int, lanes: np.ndarray, groups: Groups, parked: dict) -> None:
        ins = self.k.code[pc]
        self.pc = pc
        on = lanes
        if ins.pred is not None:
            sel = slice(None) if len(lanes) == self.n else lanes
            on = lanes[self.read(ins.pred, sel).astype(bool) != ins.neg]
        self.executed += len(lanes)
        kind = control(ins)
        if kind is None:
            if len(on):
                vector_op(ins)(self, slice(None) if len(on) == self.n else on)
            groups.push(pc + 1, lanes)
            return
        rest = np.setdiff1d(lanes, on, assume_unique=True) if len(on) != len(lanes) else lanes[:0]
        groups.push(pc + 1, rest)
        if kind == "bra":
            groups.push(self.k.labels[ins.args[0].name], on)
        elif kind == "exit":
            self.live[on] = False
            self.exited = self.exited or len(on) > 0
        elif len(on):
            parked.setdefault(pc, []).append(on)

    def _resolve(self, parked: dict, groups: Groups) -> bool:
        """No lane can run: run the collectives every warp stands at, else pass the blocks' barriers."""
        if not parked:
            return False
        if len(parked) == 1:  # one instruction: a collective every lane stands at runs (no lane is at a barrier)
            (pc, got), = parked.items()
            if self.k.code[pc].cache["collective"] != "barrier":
                parked.clear()
                lanes = _sorted(np.concatenate(got))
                self._collectives(lanes, None, None, groups, pc)
                return True
        pcs = np.concatenate([np.full(sum(map(len, v)), pc) for pc, v in parked.items()])
        lanes = np.concatenate([np.concatenate(v) for v in parked.values()])
        coll = np.concatenate([np.full(sum(map(len, v)), self.k.code[pc].cache["collective"] != "barrier")
                               for pc, v in parked.items()])
        warp = self.block_in_batch[lanes] * ((self.nt + 31) // 32) + self.flat[lanes] // 32
        at_barrier = np.zeros(int(warp.max()) + 1, bool)
        at_barrier[warp[~coll]] = True
        ready = coll & ~at_barrier[warp]
        parked.clear()
        if ready.any():
            self._collectives(lanes[ready], pcs[ready], warp[ready], groups)
            for pc in np.unique(pcs[~ready]):
                parked[int(pc)] = [_sorted(lanes[~ready & (pcs == pc)])]
            return True
        if coll.any():
            lane = int(lanes[np.argmax(coll)])
            where = sorted({self.k.code[int(p)].text for p in pcs})
            raise BarrierFault(f"block {self.ctaid(lane)}: threads wait at different synchronisations: {where[:3]}")
        self.mem.barrier()  # every block with a live lane is at it
        self.barriers += 1
        top = np.zeros(int(self.block_in_batch[-1]) + 1, np.int64)
        np.maximum.at(top, self.block_in_batch, self.rounds)
        self.rounds[:] = top[self.block_in_batch] + 2
        for pc in np.unique(pcs):
            groups.push(int(pc) + 1, _sorted(lanes[pcs == pc]))
        return True

    def _collectives(self, lanes, pcs, warp, groups: Groups, only: int | None = None) -> None:
        """Run the collectives the ``lanes`` stand at (``pcs``, per lane; ``only``: the one instruction all stand
        at, sorted lanes), each over every warp at it at once; a warp whose lanes stand at two is a divergence."""
        if only is None:
            lo = np.full(int(warp.max()) + 1, np.iinfo(np.int64).max)
            hi = np.full(int(warp.max()) + 1, -1)
            np.minimum.at(lo, warp, pcs)
            np.maximum.at(hi, warp, pcs)
            if (lo[warp] != hi[warp]).any():
                lane = int(lanes[np.argmax(lo[warp] != hi[warp])])
                raise BarrierFault(f"block {self.ctaid(lane)}: warp {self.flat[lane] // 32} diverged at a collective "
                                   f"instruction")
        for pc in ([only] if only is not None else np.unique(pcs).tolist()):
            at = lanes if only is not None else _sorted(lanes[pcs == pc])
            every = slice(None) if len(at) == self.n else at
            self.pc = pc
            self.executed += len(at)
            self.rounds[every] += 1  # its events come after the round's, before the next (simcore.Events)
            vops_wmma.collective(self.k.code[pc])(self, at)
            self.rounds[every] += 1
            groups.push(pc + 1, at)

    def threads(self, block_index: int) -> list[Thread]:
        """The threads of one block of the batch as ``state.Thread`` records (for tests and debugging)."""
        lanes = np.flatnonzero(self.block_in_batch == block_index)
        if self.freed and (block_index != self.block_in_batch[-1] or not self.final):
            raise ValueError("registers were dropped: only a final batch's last block keeps them all")
        values = {n: (a[lanes].tolist(), self.wrote[n][lanes].tolist()) for n, a in self.regs.items()}
        for n, (a, done) in self.freed.items():  # a register made again: its lanes not written since hold the old
            if n in values:
                a, done = np.where(self.wrote[n][lanes], self.regs[n][lanes], a), self.wrote[n][lanes] | done
            values[n] = (a.tolist(), done.tolist())
        values = dict(sorted(values.items(), key=lambda item: self.born[item[0]]))
        out = []
        for i, lane in enumerate(lanes.tolist()):
            t = Thread(self.tid(lane), int(self.flat[lane]), self.k.regs, 0)
            t.regs = {n: v[i] for n, (v, done) in values.items() if done[i]}
            t.state = "run" if self.live[lane] else reference.EXIT
            out.append(t)
        return out


def _sorted(lanes: np.ndarray) -> np.ndarray:
    """Lane indices (distinct) in increasing order: parked lanes arrive as a few sorted runs, often one, which a
    stable sort (timsort) merges in a pass or two where the default sort would start over."""
    return lanes if len(lanes) < 2 or (lanes[1:] > lanes[:-1]).all() else np.sort(lanes, kind="stable")


__all__ = ["Batch", "Handover"]
