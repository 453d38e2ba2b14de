"""Threads, registers and the memories of a launch, with the checks a sanitizer makes.

* Registers have the widths their ``.reg`` declarations give; a write keeps the low bits.  A register no
  instruction wrote (LLVM's ``undef``, e.g. the unused half of a packed vector) reads as all ones, so a use that
  matters shows in the output, and is counted with its first places (``Memory.stats``, ``Memory.places``); used
  as a branch guard or an address it raises ``UninitializedRegister``.
* Global memory holds the allocations the host program made as the CUDA runtime makes them: each at a 256-byte
  aligned base, its size rounded up to 256 bytes (``Memory.alloc``).  A read inside that rounding (past the
  tensor, as vectorized loads do) returns the fill byte and is counted; a write past the size asked for, or any
  access outside every allocation, raises ``OutOfBounds`` (compute-sanitizer's memcheck); nothing reads 0.
  Fresh allocations hold the byte ``FILL`` (0xFF: NaN for floats, -1 for ints), so an output no dispatch wrote
  shows as such.
* Shared memory is one array per block; between two barriers, two threads touching one byte where one writes
  raises ``SharedRace`` (racecheck), whatever order the lanes ran in.  Local memory is private to each thread.
* Generic addresses (``cvta``): a thread's local window and its block's shared window sit far above every global
  allocation, as the hardware's generic address space has them apart.
"""
from __future__ import annotations

import bisect

from frontends.devices.ptx.errors import OutOfBounds, SharedRace, UninitializedRegister

FILL = 0xFF
LOCAL_WINDOW, SHARED_WINDOW, WINDOW = 1 << 56, 1 << 57, 1 << 32
GLOBAL_BASE, ALIGN = 1 << 20, 256  # cudaMalloc returns 256-byte aligned addresses
PAST_END, UNWRITTEN = "reads past the end of a buffer", "unwritten register reads"  # keys of ``Memory.stats``
ALIKE = "shared stores lanes of a warp made alike"  # the same bytes to one shared byte in one instruction
SHUFFLE = "shuffles from a lane not running"  # shfl.sync's source lane exited, absent or outside the member mask
PLACES = 5  # places kept per kind of event


class Thread:
    __slots__ = ("regs", "widths", "pc", "tid", "flat", "state", "local", "scratch")

    def __init__(self, tid: tuple, flat: int, widths: dict, local_bytes: int):
        self.regs, self.widths, self.tid, self.flat = {}, widths, tid, flat
        self.pc, self.state, self.local = 0, "run", bytearray(local_bytes)

    def read(self, name: str) -> int:
        """A register's value (``Block.val`` reads ``regs`` directly; a KeyError there is reported the same)."""
        try:
            return self.regs[name]
        except KeyError:
            if name not in self.widths:
                raise UninitializedRegister(f"register {name} is not declared") from None
            raise UninitializedRegister(f"thread {self.tid} read {name} before any instruction wrote it") from None


class Memory:
    """Global memory: the host program's allocations at 256-byte aligned, non-adjacent bases."""

    def __init__(self, outside: str = "fault"):
        """``outside="zero"``: fresh allocations, their rounding, every read outside them and unwritten registers
        hold 0 instead of the fill byte, a fault or all ones: what the H200 returned for the corpus's kernels that
        read past a buffer, leave outputs unwritten or use undef (it held zeros there), for checking values against
        it; never the default."""
        self.outside = outside
        self.bases: list[int] = []
        self.bufs: list[bytearray] = []  # each rounded up to ALIGN bytes
        self.sizes: list[int] = []  # as asked for
        self.next = GLOBAL_BASE
        self.stats: dict[str, int] = {}  # what a sanitizer would note without stopping (unwritten reads, ...)
        self.places: dict[str, list[str]] = {}  # of each kind in ``stats``, the first ``PLACES`` places noted

    def note(self, kind: str, place=None) -> None:
        """Count one ``kind`` of event; ``place()`` (where it happened, in words) is kept for the first few."""
        self.stats[kind] = self.stats.get(kind, 0) + 1
        seen = self.places.setdefault(kind, [])
        if place is not None and len(seen) < PLACES:
            seen.append(place())

    def alloc(self, size: int, fill: int = FILL) -> int:
        base = self.next
        fill = 0 if self.outside == "zero" else fill
        self.bases.append(base)
        padded = (size + ALIGN - 1) // ALIGN * ALIGN or ALIGN
        self.bufs.append(bytearray([fill]) * padded)
        self.sizes.append(size)
        self.next += len(self.bufs[-1]) + ALIGN  # a gap: adjacent buffers would hide an overrun
        return base

    def view(self, addr: int, n: int, write: bool = False, where=None) -> tuple[bytearray, int]:
        """The allocation holding ``addr .. addr+n`` and the offset there; ``where()`` names the reader (a
        read in the rounding is noted with it)."""
        i = bisect.bisect_right(self.bases, addr) - 1
        if i >= 0 and addr + n <= self.bases[i] + (self.sizes[i] if write else len(self.bufs[i])):
            if addr + n > self.bases[i] + self.sizes[i]:
                off, size = addr - self.bases[i], self.sizes[i]
                self.note(PAST_END, lambda: f"{where() + ': ' if where else ''}{n} bytes at offset {off} of a "
                                            f"{size}-byte allocation")
            return self.bufs[i], addr - self.bases[i]
        raise OutOfBounds(self._where(addr, n) + (" (a write past the size allocated)" if write else ""))

    def _where(self, addr: int, n: int) -> str:
        if not self.bases:
            return f"global access of {n} bytes at {addr:#x}: no allocation"
        i = min(range(len(self.bases)), key=lambda j: min(abs(addr - self.bases[j]),
                                                         abs(addr - self.bases[j] - len(self.bufs[j]))))
        return (f"global access of {n} bytes at offset {addr - self.bases[i]} of the nearest allocation "
                f"({self.sizes[i]} bytes)")

    def read(self, addr: int, n: int, where=None) -> int:
        try:
            buf, off = self.view(addr, n, where=where)
        except OutOfBounds:
            if self.outside != "zero":
                raise
            self.stats["reads outside every allocation"] = self.stats.get("reads outside every allocation", 0) + 1
            return 0
        return int.from_bytes(buf[off:off + n], "little")

    def write(self, addr: int, n: int, value: int) -> None:
        buf, off = self.view(addr, n, write=True)
        buf[off:off + n] = (value & ((1 << (8 * n)) - 1)).to_bytes(n, "little")


SHARED_UNIT = 128  # the shared memory allocation unit of sm_80 (CUDA occupancy calculator, compute capability 8.x)


class Shared:
    """One block's shared memory with racecheck's shadow: per byte, who wrote it and who read it since the last
    barrier (``None`` for several readers).  The block gets its size rounded up to ``SHARED_UNIT``, as the GPU
    allocates it: a read past the size asked for but inside that rounding returns the fill byte and is counted
    (``stats``), a write there is out of bounds.

    Lanes of one warp storing one byte in one instruction (``ALIKE``): the CUDA C Programming Guide (SIMT
    architecture) leaves which write lands undefined but lands one; where every such write carries the same byte
    the value is defined, so it is no race, only counted.  "One instruction" is one execution of it: the
    writer's (pc, n) with n its n-th shared write at that pc (``counts``), the same for every lane of a warp that
    runs it together.  A byte so written is held by the warp's lanes together: a later write to it by any thread
    (its recorded writer included) races, as anything but such a collision does; different bytes race."""

    def __init__(self, size: int, stats: dict | None = None):
        self.size = size
        self.mem = bytearray([FILL]) * ((size + SHARED_UNIT - 1) // SHARED_UNIT * SHARED_UNIT)
        self.writer: dict[int, int] = {}
        self.readers: dict[int, int | None] = {}
        self.by: dict[int, tuple] = {}  # byte -> the (pc, n) of its writer's write
        self.alike: set[int] = set()  # bytes lanes of one warp wrote alike since the barrier
        self.counts: dict[tuple, int] = {}  # (thread, pc) -> its shared writes there (never cleared: an order)
        self.stats = {} if stats is None else stats

    def barrier(self) -> None:
        self.writer.clear()
        self.readers.clear()
        self.by.clear()
        self.alike.clear()

    def _check(self, addr: int, n: int, limit: int) -> None:
        if addr < 0 or addr + n > limit:
            raise OutOfBounds(f"shared access of {n} bytes at {addr} (the block has {self.size} bytes)")

    def read(self, addr: int, n: int, thread: int) -> int:
        self._check(addr, n, len(self.mem))
        if addr + n > self.size:
            self.stats["shared reads past its size"] = self.stats.get("shared reads past its size", 0) + 1
        for b in range(addr, addr + n):
            w = self.writer.get(b)
            if w is not None and w != thread:
                raise SharedRace(f"shared byte {b}: thread {thread} read what thread {w} wrote, no barrier between")
            r = self.readers.get(b, thread)
            self.readers[b] = thread if r == thread else None
        return int.from_bytes(self.mem[addr:addr + n], "little")

    def write(self, addr: int, n: int, value: int, thread: int, pc: int = -1) -> None:
        self._check(addr, n, self.size)
        count = self.counts[thread, pc] = self.counts.get((thread, pc), 0) + 1
        data = (value & ((1 << (8 * n)) - 1)).to_bytes(n, "little")
        alike = False
        for i, b in enumerate(range(addr, addr + n)):
            w = self.writer.get(b, thread)
            r = self.readers.get(b, thread)
            same = (w != thread and w // 32 == thread // 32 and self.by.get(b) == (pc, count)
                    and self.mem[b] == data[i])  # another lane of this warp, in this execution, these bytes
            if (w != thread and not same) or (w == thread and b in self.alike) or r != thread:
                raise SharedRace(_race(b, thread, w, r, b in self.alike))
            if same:
                alike = True
                self.alike.add(b)
            self.writer[b] = thread
            self.by[b] = (pc, count)
        self.mem[addr:addr + n] = data
        if alike:
            self.stats[ALIKE] = self.stats.get(ALIKE, 0) + 1


def _race(byte: int, thread: int, w: int, r, alike: bool) -> str:
    """A write race in words: the other writer, the lanes that wrote the byte alike, or the reader(s)."""
    if w != thread:
        other, did = f"thread {w}", "wrote"
    elif alike:
        other, did = "other lanes of its warp", "wrote"
    else:
        other, did = f"thread {'several' if r is None else r}", "read"
    return f"shared byte {byte}: thread {thread} wrote it while {other} {did} it, no barrier between"
