"""The core a vectorized GPU simulator is built on: lane groups scheduled by program counter, events ordered as a
thread-at-a-time run would meet them, and an exact per-byte race shadow.  Used by the PTX simulator
(``frontends/devices/ptx/vector.py``); written so the gfx942 simulator can adopt it (waves instead of threads).

* ``Groups``: the runnable lanes of a launch, grouped by program counter.  The scheduler always runs the group with
  the lowest program counter (``pop``); lanes that reach one counter by different paths merge there (``push``),
  which is where structured control flow reconverges.  Lane sets are sorted ``numpy`` index arrays.
* ``Events``: what a sanitizer notes without stopping (a read of padding, of a register no instruction wrote):
  a count per kind, and the first ``places`` in a stated order: each event carries a key (block, round, thread,
  sequence), the order a simulator that runs blocks one after another and each thread alone up to its next
  synchronisation meets them (``round`` counts the synchronisations a thread's block went through); only the
  first few per kind are kept, so noting an event over every lane costs one array operation.
* ``RaceShadow``: racecheck's shadow of one memory per byte and per block: who wrote a byte and who read it since
  the last barrier (``SEVERAL`` readers); an access by a second thread where one of them writes is a race,
  whatever order the lanes ran in, so checking it over a whole vector of lanes is exact.  Lanes of one access
  writing one byte race unless the caller keys the writes (``write(..., alike)``) and their keys are equal (the
  PTX machines: one warp, one execution of the instruction, the same byte; ``ptx/state.Shared`` states why).
* ``GlobalWrites``: a launch's global stores, per byte: a byte whose final value depends on the order the threads
  ran in (two unordered stores of different values) is a race, decided from the stores' order relation (program
  order, barriers within a block), never from the order this machine ran them in.
"""
from __future__ import annotations

import numpy as np

MAX_STEPS = 5_000_000  # instructions one lane group may run between two synchronisations (a hang)
NONE, SEVERAL = -1, -2  # race shadow: no access since the barrier; several readers


class Groups:
    """Runnable lanes by program counter; ``pop`` gives the lowest counter's lanes."""

    def __init__(self):
        self.at: dict[int, np.ndarray] = {}

    def push(self, pc: int, lanes: np.ndarray) -> None:
        if len(lanes) == 0:
            return
        old = self.at.get(pc)
        self.at[pc] = lanes if old is None else np.sort(np.concatenate((old, lanes)), kind="stable")

    def pop(self) -> tuple[int, np.ndarray] | None:
        if not self.at:
            return None
        pc = min(self.at)
        return pc, self.at.pop(pc)


class Events:
    """Counts per kind and, per kind, the ``keep`` events with the least keys (block, round, thread, sequence)."""

    def __init__(self, keep: int):
        self.keep, self.seq = keep, 0
        self.counts: dict[str, int] = {}
        self.best: dict[str, list] = {}  # kind -> [(key tuple, message thunk)]

    def note(self, kind: str, block, rounds, thread, describe) -> None:
        """``len(thread)`` events of ``kind`` (arrays of their keys, lanes in increasing block and thread order);
        ``describe(i)`` is the message of the ``i``-th, built only for those kept."""
        n = len(thread)
        if n == 0:
            return
        self.seq += 1
        self.counts[kind] = self.counts.get(kind, 0) + n
        if rounds.min() == rounds.max():  # lanes are in (block, thread) order already
            order = range(min(n, self.keep))
        else:
            order = np.lexsort((thread, rounds, block))[:self.keep]
        kept = self.best.setdefault(kind, [])
        for i in order:
            key = (int(block[i]), int(rounds[i]), int(thread[i]), self.seq)
            if len(kept) < self.keep or key < kept[-1][0]:
                kept.append((key, describe(int(i))))  # described now: the machine's state moves on
                kept.sort(key=lambda e: e[0])
                del kept[self.keep:]

    def first(self, kind: str, room: int) -> list[str]:
        return [text for _, text in self.best.get(kind, [])[:room]]


class RaceShadow:
    """Per byte of a memory shared by the threads of a block: the writer and the reader(s) since the last barrier.
    ``index`` arrays address bytes of a flat memory holding every block's copy (lanes x bytes); ``thread`` the
    accessing threads (a column: one per lane).
    Reads are only logged until a write (or the log's size) asks who read a byte: intervals that only read (the
    common case after a barrier) never pay for the readers' shadow."""

    LOG = 1 << 24  # logged read bytes past which they are settled into the shadow

    def __init__(self, size: int):
        self.writer = np.full(size, NONE, np.int32)
        self.reader = np.full(size, NONE, np.int32)
        self.log: list[tuple[np.ndarray, int, np.ndarray]] = []
        self.logged = 0
        self.wrote = self.settled = False  # since the barrier: any write; any read settled into ``reader``
        self.alike = 0  # writes made alike by lanes of one access (``_alike``), for the caller to collect

    def barrier(self) -> None:
        """Every block that may access the memory again passes a barrier: forget the interval."""
        if self.wrote:
            self.writer[:] = NONE
        if self.settled:
            self.reader[:] = NONE
        self.log, self.logged, self.wrote, self.settled = [], 0, False, False

    @staticmethod
    def bytes(base: np.ndarray, n: int) -> np.ndarray:
        """The (lanes x n) byte indices of accesses of ``n`` bytes at ``base``."""
        return base[:, None] + np.arange(n)

    def read(self, base: np.ndarray, n: int, thread: np.ndarray):
        """Record reads of ``n`` bytes at ``base``; returns None where nothing was written since the barrier, else
        the mask of accesses that race (a byte another thread wrote) and their byte indices."""
        self.log.append((base, n, thread))
        self.logged += base.size * n
        if self.logged > self.LOG:
            self._settle()
        if not self.wrote:
            return None
        index = self.bytes(base, n)
        w = self.writer[index]
        return (w != NONE) & (w != thread), index

    def _settle(self) -> None:
        """The logged reads into the readers' shadow (``SEVERAL`` where two threads read a byte)."""
        for base, n, thread in self.log:
            index = self.bytes(base, n)
            r = self.reader[index]
            new = np.where((r == NONE) | (r == thread), thread, SEVERAL).astype(np.int32)  # lanes x bytes
            self.reader[index] = new
            if len(base) > 1 and not (np.diff(base) >= n).all():  # two lanes of one access may read one byte
                clash = self.reader[index] != new
                self.reader[index[clash]] = SEVERAL
        self.settled = self.settled or bool(self.log)
        self.log, self.logged = [], 0

    def write(self, index: np.ndarray, thread: np.ndarray, alike=None):
        """Record writes; returns the mask of accesses that race (a byte another thread wrote or read, or that a
        second lane of this access writes too) and the writer and reader of each byte before this access.
        ``alike()``, where given, makes the (lanes x bytes) keys of the writes (the writer's warp, the execution of
        the instruction, the byte): lanes of this access writing one byte under one key do not race (``_alike``)."""
        if self.log:
            self._settle()
        race = np.zeros(index.shape, bool)
        w = r = np.broadcast_to(np.int32(NONE), index.shape)  # what a shadow the barrier cleared holds
        if self.wrote:  # else the writers' shadow is clear: nothing to read in it
            w = self.writer[index]
            race |= (w != NONE) & (w != thread)
        if self.settled:
            r = self.reader[index]
            race |= (r != NONE) & (r != thread)
        self.wrote = True
        self.writer[index] = thread
        if len(index) > 1 and not (np.diff(index[:, 0]) >= index.shape[1]).all():  # two lanes' bytes may meet
            lost = self.writer[index] != thread
            if lost.any():
                race |= lost if alike is None else self._alike(index, lost, alike())
        return race, w, r

    def _alike(self, index: np.ndarray, lost: np.ndarray, key: np.ndarray) -> np.ndarray:
        """Bytes several lanes of one access write: a race where two keys meet at one (the lanes that lost it),
        else held by those lanes together (``SEVERAL`` in the writers' shadow: any later access by another
        thread, and any later write, races), and ``alike`` counts the writes of a lane a lower lane's met (rows
        are in thread order, as a thread-at-a-time machine meets them)."""
        flat, keys = index.ravel(), key.ravel()
        hit = np.isin(flat, flat[lost.ravel()])  # entries at bytes two lanes write
        at, k = flat[hit], keys[hit]
        order = np.lexsort((k, at))
        at, k = at[order], k[order]
        start = np.r_[True, at[1:] != at[:-1]]
        differ = at[k != k[np.flatnonzero(start)][np.cumsum(start) - 1]]  # bytes written with two keys
        if len(differ):
            return lost & np.isin(index, differ)
        self.writer[at[start]] = SEVERAL
        first = np.zeros(flat.size, bool)
        first[np.unique(flat, return_index=True)[1]] = True
        self.alike += int((~first.reshape(index.shape)).any(1).sum())
        return np.zeros(index.shape, bool)


class GlobalWrites:
    """Which values a launch may leave in global memory, checked per byte: a byte whose final value depends on the
    order the threads ran in is a race (``errors.GlobalRace``), whatever order this machine ran them in.

    A "thread" here is what runs its stores in program order: a PTX thread, or a gfx942 wave (its instructions run
    in order; the lanes of one instruction do not).  A store is ordered before another to the same byte when one
    thread makes both in two calls of ``write`` (two instructions) or threads of one block (workgroup) make them on
    either side of a barrier (``bar.sync``, ``s_barrier``); the lanes of one call are never ordered among
    themselves, nor are stores of different blocks.  The value left is the value of a store no other is ordered
    after: per block, the stores of the last barrier interval in which the block wrote the byte, the last call of
    each thread there.  Two such stores with different bytes: the value depends on the order (stores of one value
    are no race: whichever lands, the byte is defined).  ``write`` is called before the store lands, with the
    memory's current bytes; only bytes two stores of a launch met at are logged (a shadow holds each byte's last
    writer and its interval), so a launch whose threads write disjoint bytes pays one shadow read and write per
    byte stored.  ``check`` at the launch's end raises for the lowest racy byte, naming two of its writers (the
    lowest thread of the first value and the lowest of another), the same on every machine."""

    def __init__(self, bases, sizes, threads_per_block: int):
        self.bases, self.sizes = np.asarray(bases, np.int64), np.asarray(sizes, np.int64)
        self.nt = threads_per_block
        self.writer: dict[int, np.ndarray] = {}  # allocation -> per byte: its last writer (global thread id)
        self.interval: dict[int, np.ndarray] = {}  # ... and that writer's block's barrier interval
        self.contested: dict[int, np.ndarray] = {}  # ... whether two stores met there (its stores are logged)
        self.stamp: dict[int, np.ndarray] = {}  # ... scratch: which entry of a call wrote it last
        self.log: list[tuple] = []  # (call, allocation, offsets, threads, intervals, bytes) in the order stores ran
        self.calls = 0

    def write(self, addr: np.ndarray, n: int, value: np.ndarray, thread: np.ndarray, interval: np.ndarray,
              current) -> None:
        """Lanes' stores of ``n`` <= 8 bytes (``value``, little-endian): see ``write_bytes``."""
        data = np.asarray(value, "<u8").view(np.uint8).reshape(-1, 8)[:, :n]
        self.write_bytes(np.asarray(addr, np.int64), data, thread, interval, current)

    def write_bytes(self, addr: np.ndarray, data: np.ndarray, thread, interval, current) -> None:
        """One instruction's stores: lane ``i`` stores ``data[i]`` (bytes) at ``addr[i]``, by ``thread[i]`` in
        ``interval[i]`` of its block (arrays, or one value for every lane); ``current(j, offsets)`` reads allocation
        ``j``'s bytes as they are before the store."""
        if len(addr) == 0:
            return
        n = data.shape[1]
        thread = np.broadcast_to(np.asarray(thread, np.int64), addr.shape)
        interval = np.broadcast_to(np.asarray(interval, np.int64), addr.shape)
        alloc = np.searchsorted(self.bases, addr, "right") - 1
        if (alloc < 0).any() or (addr + n > self.bases[alloc] + self.sizes[alloc]).any():
            return  # a store outside every allocation: the memory's write faults
        self.calls += 1
        for j in (np.unique(alloc) if alloc.min() != alloc.max() else alloc[:1]):
            pick = slice(None) if alloc.min() == alloc.max() else alloc == j
            self._write(int(j), (addr[pick] - self.bases[j])[:, None] + np.arange(n), data[pick],
                        thread[pick], interval[pick], current)

    def _write(self, j: int, off: np.ndarray, data: np.ndarray, thread: np.ndarray, interval: np.ndarray,
               current) -> None:
        if j not in self.writer:
            size = int(self.sizes[j])
            self.writer[j] = np.full(size, NONE, np.int64)
            self.interval[j] = np.zeros(size, np.int32)  # barriers a block passed: far below 2**31
            self.contested[j] = np.zeros(size, bool)
            self.stamp[j] = np.zeros(size, np.int32)  # entries of one call: a store's lanes x bytes
        writer, inter, contested, stamp = self.writer[j], self.interval[j], self.contested[j], self.stamp[j]
        n = off.shape[1]
        off, th, iv, data = off.ravel(), np.repeat(thread, n), np.repeat(interval, n), data.ravel()
        before, before_iv = writer[off], inter[off]
        writer[off], inter[off] = th, iv
        entry = np.arange(len(off), dtype=np.int32)
        stamp[off] = entry
        met = stamp[off] != entry  # another lane of this call stores to the byte too
        new = (((before != NONE) & (before != th)) | met) & ~contested[off]
        if new.any():
            first = new & (before != NONE)  # the byte's earlier store (one thread's), as the memory holds it
            if first.any():
                at, keep = np.unique(off[first], return_index=True)
                self.log.append((0, j, at, before[first][keep], before_iv[first][keep], current(j, at)))
            contested[off[new]] = True
        if contested[off].any():
            c = contested[off]
            self.log.append((self.calls, j, off[c], th[c], iv[c], data[c]))

    def check(self, describe) -> None:
        """Raise ``GlobalRace`` for the lowest byte whose value depends on the threads' order (none: nothing);
        ``describe(thread)`` names a global thread id (its thread and block indices)."""
        if not self.log:
            return
        from frontends.devices.errors import GlobalRace
        call, j, off, th, iv, val = (np.concatenate([np.broadcast_to(np.asarray(e[k]), np.shape(e[2]))
                                                     for e in self.log]) for k in range(6))
        block = th // self.nt
        # an earlier writer's store (call 0) came before every logged store of its thread: it keeps its place
        order = np.lexsort((call, iv, block, off, j))  # per byte and block, by interval, then as they ran
        call, j, off, th, iv, val, block = (a[order] for a in (call, j, off, th, iv, val, block))
        group = np.r_[True, (j[1:] != j[:-1]) | (off[1:] != off[:-1]) | (block[1:] != block[:-1])]
        last = np.r_[group[1:], True]
        keep = iv == iv[last][np.cumsum(group) - 1]  # the block's last interval writing the byte
        call, j, off, th, val = call[keep], j[keep], off[keep], th[keep], val[keep]
        order = np.lexsort((call, th, off, j))  # per byte and thread, by call: keep the last call's stores
        call, j, off, th, val = call[order], j[order], off[order], th[order], val[order]
        key = np.r_[True, (j[1:] != j[:-1]) | (off[1:] != off[:-1]) | (th[1:] != th[:-1])]
        final = call == call[np.r_[key[1:], True]][np.cumsum(key) - 1]  # the group's last call (sorted by call)
        j, off, th, val = j[final], off[final], th[final], val[final]
        start = np.r_[True, (j[1:] != j[:-1]) | (off[1:] != off[:-1])]
        differs = val != val[np.flatnonzero(start)][np.cumsum(start) - 1]  # not the byte's first store's value
        if not differs.any():
            return
        k = int(np.argmax(differs))  # the lowest racy byte (sorted by allocation, byte, thread): its other writer
        a = int(np.flatnonzero(start[:k + 1])[-1])  # ... and its lowest writer
        where = f"global byte {int(off[a])} of a {self.sizes[int(j[a])]}-byte allocation"
        if th[a] == th[k]:
            raise GlobalRace(f"{where}: two lanes of one instruction of {describe(int(th[a]))} stored "
                             f"{int(val[a]):#04x} and {int(val[k]):#04x}: the value left depends on the lanes' order")
        raise GlobalRace(f"{where}: {describe(int(th[a]))} stored {int(val[a]):#04x} and {describe(int(th[k]))} "
                         f"stored {int(val[k]):#04x} with no barrier between: the value left depends on the threads' "
                         "order")
