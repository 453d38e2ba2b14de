"""A launch on the vector machine (``vector.Batch``): the parameters and symbols laid out as the reference machine
lays them, the grid cut into batches of blocks (``LANES`` lanes at most, and shared and local memory within
``MEMORY`` bytes), run one after another in block order; the events they noted published to the memory's facts in
the reference machine's order.  A ``KernelFault`` or ``CannotSimulate`` met on the way (or a ``vector.Handover``)
restores global memory and the facts as they were before the launch and reruns it on the reference machine, which
names the fault it meets first; past ``RERUN_LIMIT`` thread-instructions the vector machine's own fault stands
(a true fault at a true place, perhaps not the first).

Memory: the first launch asks glibc's allocator (where it is the process's) to keep a 64 MiB pad at the top of its
heap (``mallopt(M_TOP_PAD)``): the machine's arrays are a few hundred KiB to a few MiB each, made and freed by the
thousand, and with glibc's default pad each freed run at the heap's top goes back to the system and its pages fault
in again (zeroed by the kernel) on the next allocation: on the 1,000,000-element matmul that was a third of the run.

Progress: each launch and the thread-instructions it runs (guarded-off ones included) go to the run's progress line
(``frontends/devices/progress.py``); ``COUNT`` adds up the thread-instructions every launch ran (the lanes-per-second
measure of `make bench`).
"""
from __future__ import annotations

import ctypes

from frontends.devices import progress
from frontends.devices.ptx import reference, vmemory
from frontends.devices.ptx.errors import CannotSimulate, KernelFault
from frontends.devices.ptx.state import PLACES, Thread
from frontends.devices.ptx.vector import Batch, Handover
from frontends.devices.simcore import Events, GlobalWrites

LANES = 1 << 15  # lanes per batch: bounds the memory of the register arrays (smaller stays in cache)
MEMORY = 256 << 20  # bytes of shared and local memory (and their race shadow) per batch
RERUN_LIMIT = 3_000_000  # thread-instructions up to a fault past which the reference machine is not asked again

COUNT = {"instructions": 0}  # thread-instructions run by every launch so far (the lanes-per-second measure)


class Meter:
    """Counts a launch's thread-instructions: ``done`` by its finished batches, ``told`` to the progress line."""

    def __init__(self):
        self.done = self.told = 0

    def tick(self, running: int) -> None:
        """The batch under way has run ``running`` thread-instructions so far."""
        progress.tick(self.done + running - self.told)
        self.told = self.done + running


def launch(kernel, memory, args: list[int], grid, block, dynamic_shared: int = 0) -> list[Thread]:
    """``reference.launch``'s contract, run as vectors (a fault: rerun on the reference machine, see above)."""
    if not HEAP["padded"]:
        _pad_heap()
    saved = _snapshot(memory)
    work = [0]
    try:
        return _launch(kernel, memory, args, grid, block, dynamic_shared, work)
    except (KernelFault, CannotSimulate, Handover) as e:
        if work[0] > RERUN_LIMIT and not isinstance(e, Handover):
            raise
        _restore(memory, saved)
        return reference.launch(kernel, memory, args, grid, block, dynamic_shared)


def _launch(kernel, memory, args, grid, block, dynamic_shared, work) -> list[Thread]:
    params, symbols = reference.parameters(kernel, memory, args)
    shared = reference._layout(kernel.shared, symbols, "shared", dynamic_shared)
    local = reference._layout(kernel.locals, symbols, "local", 0)
    glob, events = vmemory.Globals(memory), Events(PLACES)
    nt = block[0] * block[1] * block[2]
    writes = GlobalWrites(memory.bases, memory.sizes, nt)
    total = grid[0] * grid[1] * grid[2]
    meter = Meter()
    progress.launch(kernel.name, total * nt)
    per = max(1, min(LANES // max(nt, 1), MEMORY // max(1, 9 * shared + 9 * local * nt)))
    batch = None
    try:
        for start in range(0, total, per):
            batch = Batch(kernel, memory, glob, bytes(params), symbols, range(start, min(total, start + per)),
                          grid, block, shared, local, events, meter, writes)
            batch.final = start + per >= total  # only the last batch's threads are returned (``Batch.threads``)
            try:
                batch.run()
            finally:
                work[0] += batch.executed
                meter.done += batch.executed
                meter.tick(0)
                COUNT["instructions"] += batch.executed
        writes.check(lambda th: reference.describe_thread(th, grid, block))
    finally:
        _publish(events, memory)
    return batch.threads(int(batch.block_in_batch[-1])) if batch else []


HEAP = {"padded": False}
TOP_PAD, M_TOP_PAD = 64 << 20, -2  # bytes; mallopt's parameter number (glibc's malloc.h)


def _pad_heap() -> None:
    """See the module docstring; nothing where the C library has no ``mallopt`` (not glibc)."""
    HEAP["padded"] = True
    try:
        libc = ctypes.CDLL(None)
        if hasattr(libc, "mallopt") and hasattr(libc, "gnu_get_libc_version"):
            libc.mallopt(M_TOP_PAD, TOP_PAD)
    except OSError:
        pass


def _publish(events: Events, memory) -> None:
    for kind, count in events.counts.items():
        memory.stats[kind] = memory.stats.get(kind, 0) + count
        seen = memory.places.setdefault(kind, [])
        seen += events.first(kind, PLACES - len(seen))


def _snapshot(memory):
    return (len(memory.bases), memory.next, [bytes(b) for b in memory.bufs], dict(memory.stats),
            {k: list(v) for k, v in memory.places.items()})


def _restore(memory, saved) -> None:
    count, nxt, bufs, stats, places = saved
    del memory.bases[count:], memory.bufs[count:], memory.sizes[count:]
    memory.next = nxt
    for buf, old in zip(memory.bufs, bufs):
        buf[:] = old
    memory.stats.clear()
    memory.stats.update(stats)
    memory.places.clear()
    memory.places.update(places)


