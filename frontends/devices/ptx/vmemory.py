"""Per-lane memory access for the vector machine (``vector.py``): gathers and scatters over a vector of lanes, with
the checks ``state`` states (bounds, allocation padding, shared-memory races) made as array operations.

Global memory is the launch's ``state.Memory`` seen through ``numpy`` views of its allocations (no copy: a write
here is the memory's write); a batch of blocks has its shared memory (one copy per block, rounded up to
``SHARED_UNIT``) with a ``simcore.RaceShadow``, and local memory (one copy per lane).  A fault raises the error
``state`` raises, naming one offending lane; which lane is "first" is the reference machine's to say
(``vector.launch`` reruns a faulting launch there).  Lanes of one warp storing the same bytes to a shared byte in
one execution of an instruction are no race (``state.Shared``): each store is keyed by (warp, the lane's n-th
shared write at that pc, byte) for the shadow, which compares keys only where two lanes of one access meet.
"""
from __future__ import annotations

import numpy as np

from frontends.devices.ptx.errors import CannotSimulate, OutOfBounds, SharedRace
from frontends.devices.ptx.state import ALIKE, FILL, LOCAL_WINDOW, PAST_END, SHARED_UNIT, SHARED_WINDOW, WINDOW
from frontends.devices.simcore import NONE, SEVERAL, RaceShadow

U = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}
SHIFT = {1: 0, 2: 1, 4: 2, 8: 3}  # log2 of an access size: shifts and masks, not int64 division (several times slower)
OUTSIDE = "reads outside every allocation"


def wide(v, n: int, dtype=None) -> np.ndarray:
    """``v`` (an array over ``n`` lanes, or one value for all) as an array over the ``n`` lanes (a view where it is
    one already: ``np.broadcast_to`` costs more than most operations it would precede)."""
    v = v if dtype is None or (isinstance(v, np.ndarray) and v.dtype == dtype) else np.asarray(v, dtype)
    return v if isinstance(v, np.ndarray) and v.shape == (n,) else np.broadcast_to(v, (n,))


def gather(buf: np.ndarray, off: np.ndarray, n: int) -> np.ndarray:
    """``n``-byte little-endian values at byte offsets ``off`` of the byte array ``buf`` (unsigned: uint64, or
    ``n`` bytes wide where every access is aligned; ``put`` widens them)."""
    if len(off) and len(buf) % n == 0 and not (n > 1 and np.bitwise_or.reduce(off) & (n - 1)):  # all aligned
        return buf.view(U[n])[off >> SHIFT[n] if n > 1 else off]
    b = buf[off[:, None] + np.arange(n)]
    return np.pad(b, ((0, 0), (0, 8 - n))).view("<u8")[:, 0]


def scatter(buf: np.ndarray, off: np.ndarray, n: int, value: np.ndarray) -> None:
    value = np.broadcast_to(np.asarray(value, np.uint64), off.shape)
    if len(off) and len(buf) % n == 0 and not (off & (n - 1)).any():
        buf.view(U[n])[off >> SHIFT[n]] = value.astype(U[n])
        return
    b = value.astype("<u8").view(np.uint8).reshape(-1, 8)[:, :n]
    buf[off[:, None] + np.arange(n)] = b


class Globals:
    """The global allocations of a ``state.Memory`` as arrays: bases, ends of the padded and of the asked-for size."""

    def __init__(self, memory):
        self.memory = memory
        self.bases = np.array(memory.bases, np.int64)
        self.pad_end = self.bases + np.array([len(b) for b in memory.bufs], np.int64)
        self.end = self.bases + np.array(memory.sizes, np.int64)
        self.views = [np.frombuffer(b, np.uint8) for b in memory.bufs]

    def _find(self, addr: np.ndarray, n: int, limit: np.ndarray):
        i = np.searchsorted(self.bases, addr, "right") - 1
        j = np.maximum(i, 0)
        ok = (i >= 0) & (addr + n <= limit[j]) if len(self.bases) else np.zeros(len(addr), bool)
        return j, ok

    def read(self, vm, addr: np.ndarray, n: int, sel) -> np.ndarray:
        j, ok = self._find(addr, n, self.pad_end)
        out = np.zeros(len(addr), np.uint64)
        if not ok.all():
            if self.memory.outside != "zero":
                bad = int(np.argmin(ok))
                raise OutOfBounds(self.memory._where(int(addr[bad]), n))
            self.memory.stats[OUTSIDE] = self.memory.stats.get(OUTSIDE, 0) + int((~ok).sum())
        past = ok & (addr + n > self.end[j])
        if past.any():
            self._note_past(vm, sel, past, addr, j, n)
        if ok.all() and j.min() == j.max():  # the common case: one allocation
            return gather(self.views[j[0]], addr - self.bases[j[0]], n)
        for a in np.unique(j[ok]):
            pick = ok & (j == a)
            out[pick] = gather(self.views[a], addr[pick] - self.bases[a], n)
        return out

    def _note_past(self, vm, sel, past, addr, j, n) -> None:
        lanes = vm.lanes(sel)[past]
        off, sizes = addr[past] - self.bases[j[past]], self.end[j[past]] - self.bases[j[past]]
        vm.note(PAST_END, lanes, lambda i: f"{vm.place(lanes[i])}: {n} bytes at offset {off[i]} of a "
                                           f"{sizes[i]}-byte allocation")

    def write(self, addr: np.ndarray, n: int, value) -> None:
        j, ok = self._find(addr, n, self.end)
        if not ok.all():
            bad = int(np.argmin(ok))
            raise OutOfBounds(self.memory._where(int(addr[bad]), n) + " (a write past the size allocated)")
        value = np.broadcast_to(np.asarray(value, np.uint64), addr.shape)
        if j.min() == j.max():
            scatter(self.views[j[0]], addr - self.bases[j[0]], n, value)
            return
        for a in np.unique(j):
            pick = j == a
            scatter(self.views[a], addr[pick] - self.bases[a], n, value[pick])


class Private:
    """A batch's shared memory (per block, with its race shadow) and local memory (per lane)."""

    def __init__(self, blocks: int, lanes: int, shared: int, local: int, stats: dict):
        self.lanes = lanes
        self.size, self.rounded = shared, (shared + SHARED_UNIT - 1) // SHARED_UNIT * SHARED_UNIT
        self.shared = np.full(blocks * self.rounded, FILL, np.uint8)
        self.shadow = RaceShadow(blocks * self.rounded)
        self.local_size, self.stride = local, (local + 7) // 8 * 8
        self.local = np.full(lanes * self.stride, FILL, np.uint8)
        self.stats = stats
        self.columns: dict[str, np.ndarray] = {}  # ``_column`` for every lane
        self.counts: dict[int, np.ndarray] = {}  # pc -> per lane, its shared writes there (``write_shared``)

    def barrier(self) -> None:
        """The blocks of the batch that can still run all passed a barrier (the others have exited)."""
        self.shadow.barrier()

    def _shared_index(self, vm, sel, addr: np.ndarray, n: int, limit: int) -> tuple[np.ndarray, int]:
        """The accesses' byte indices in ``shared`` (every block's copy), and their largest address."""
        hi = int(addr.max()) if len(addr) else 0
        if len(addr) and (addr.min() < 0 or hi + n > limit):  # two reductions, no temporaries
            bad = int(np.argmax((addr < 0) | (addr + n > limit)))
            raise OutOfBounds(f"shared access of {n} bytes at {addr[bad]} (the block has {self.size} bytes)")
        return self._column(vm, sel, "base") + addr, hi

    def _column(self, vm, sel, what: str) -> np.ndarray:
        """Per lane of ``sel``: its block's first byte in ``shared`` ("base"), or its thread as an int32 column
        ("thread"); for every lane, made once per batch."""
        if type(sel) is not slice:
            return vm.block_in_batch[sel] * self.rounded if what == "base" else vm.flat[sel].astype(np.int32)[:, None]
        got = self.columns.get(what)
        if got is None:
            got = self.columns[what] = self._column(vm, vm.all, what)
        return got

    def _first(self, vm, sel, race: np.ndarray):
        """The racing (lane, byte) a thread-at-a-time run would meet first: least (block, round, thread), then byte."""
        lanes = vm.lanes(sel)
        rows = np.flatnonzero(race.any(1))
        row = rows[np.lexsort((vm.flat[lanes[rows]], vm.rounds[lanes[rows]], vm.block_linear[lanes[rows]]))[0]]
        return row, int(np.argmax(race[row]))

    def _read_race(self, vm, sel, race, index, thread) -> None:
        if race.any():
            row, col = self._first(vm, sel, race)
            w = int(self.shadow.writer[index[row, col]])
            who = "several lanes of one warp" if w == SEVERAL else f"thread {w}"  # wrote it alike
            raise SharedRace(f"shared byte {int(index[row, col]) % self.rounded}: thread {int(thread[row, 0])} read "
                             f"what {who} wrote, no barrier between")

    def _write_race(self, vm, sel, race, w, r, index, thread) -> None:
        """As ``state.Shared.write`` words it: the other thread, or "several" readers."""
        if race.any():
            row, col = self._first(vm, sel, race)
            me, wb, rb = int(thread[row, 0]), int(w[row, col]), int(r[row, col])
            if wb in (NONE, me) and rb in (NONE, me):  # a second lane of this store: the first one wrote it
                same = np.flatnonzero((index == index[row, col]).any(1))
                me, wb = int(thread[same[1], 0]), int(thread[same[0], 0])
            other = "other lanes of its warp" if wb == SEVERAL else f"thread {wb}" if wb not in (NONE, me) else \
                f"thread {'several' if rb == SEVERAL else rb}"
            raise SharedRace(f"shared byte {int(index[row, col]) % self.rounded}: thread {me} wrote it while {other} "
                             f"{'wrote' if wb not in (NONE, me) else 'read'} it, no barrier between")

    def _bytes(self, vm, sel, base: np.ndarray, n: int):
        """(lanes x n) byte indices of the accesses, and the accessing threads as a column."""
        return self.shadow.bytes(base, n), self._column(vm, sel, "thread")

    def read_shared(self, vm, sel, addr: np.ndarray, n: int) -> np.ndarray:
        base, hi = self._shared_index(vm, sel, addr, n, self.rounded)
        past = int((addr + n > self.size).sum()) if len(addr) and hi + n > self.size else 0
        if past:
            self.stats["shared reads past its size"] = self.stats.get("shared reads past its size", 0) + past
        thread = self._column(vm, sel, "thread")
        checked = self.shadow.read(base, n, thread)
        if checked is not None:
            self._read_race(vm, sel, checked[0], checked[1], thread)
        return gather(self.shared, base, n)

    def write_shared(self, vm, sel, addr: np.ndarray, n: int, value) -> None:
        base = self._shared_index(vm, sel, addr, n, self.size)[0]
        index, thread = self._bytes(vm, sel, base, n)
        count = self.counts.get(vm.pc)
        if count is None:
            count = self.counts[vm.pc] = np.zeros(self.lanes, np.int64)
        count[sel] += 1  # the lanes' n-th shared write at this pc: which execution of it (``state.Shared``)

        def keys() -> np.ndarray:  # (warp, execution, byte) per lane and byte, only where two lanes meet
            v = wide(value, len(index), np.uint64).astype(np.int64)
            byte = (v[:, None] >> (8 * np.arange(n))) & 0xFF
            return (((count[sel][:, None] << 16) | (thread // 32)) << 8) | byte

        self._write_race(vm, sel, *self.shadow.write(index, thread, keys), index, thread)
        if self.shadow.alike:
            self.stats[ALIKE] = self.stats.get(ALIKE, 0) + self.shadow.alike
            self.shadow.alike = 0
        scatter(self.shared, base, n, value)

    def _local_index(self, vm, sel, addr: np.ndarray, n: int) -> np.ndarray:
        if ((addr < 0) | (addr + n > self.local_size)).any():
            bad = int(np.argmax((addr < 0) | (addr + n > self.local_size)))
            raise OutOfBounds(f"local access of {n} bytes at {addr[bad]} ({self.local_size} bytes)")
        return vm.lanes(sel) * self.stride + addr

    def read_local(self, vm, sel, addr, n):
        return gather(self.local, self._local_index(vm, sel, addr, n), n)

    def write_local(self, vm, sel, addr, n, value):
        scatter(self.local, self._local_index(vm, sel, addr, n), n, value)


def resolve(addr: np.ndarray) -> dict[str, np.ndarray]:
    """Generic addresses -> the mask of lanes in each space (``state``'s windows)."""
    local = (addr >= LOCAL_WINDOW) & (addr < LOCAL_WINDOW + WINDOW)
    shared = (addr >= SHARED_WINDOW) & (addr < SHARED_WINDOW + WINDOW)
    return {"local": local, "shared": shared, "global": ~(local | shared)}


WINDOWS = {"local": LOCAL_WINDOW, "shared": SHARED_WINDOW, "global": 0}


def param_read(params: bytes, addr: np.ndarray, n: int) -> np.ndarray:
    if ((addr < 0) | (addr + n > len(params))).any():
        bad = int(np.argmax((addr < 0) | (addr + n > len(params))))
        raise OutOfBounds(f"param access of {n} bytes at {addr[bad]} ({len(params)} bytes)")
    return gather(np.frombuffer(bytes(params) + bytes(8), np.uint8), addr, n)


def check_space(space: str) -> None:
    if space not in ("global", "shared", "local", "param", "generic"):
        raise CannotSimulate(f"state space .{space}")
