"""Global memory as the HIP runtime allocates it, and one workgroup's LDS.

``Memory`` holds allocations at distinct 4 KiB-aligned bases with a guard page between them (as a GPU allocator
leaves them apart); ``gather``/``scatter`` move n bytes per lane.  A lane outside every allocation reads 0, writes
nothing, and is reported (hardware would fault or read whatever lies there).  ``Lds`` is the workgroup's
LDS (filled with FILL, like unwritten global memory); it records per byte which wave wrote and read it since the
last barrier, and reports a race when two different waves touch a byte between barriers and at least one of them
writes.
"""
from __future__ import annotations

import bisect

import numpy as np

from frontends.devices.gfx942.errors import Unmodelled

FILL = 0xFF  # bytes no one wrote (an uninitialized device allocation; NaN for floats, -1 for integers)
BASE = 1 << 32
RUNTIME = 1 << 47  # addresses standing for the HIP runtime's own objects (``Memory.runtime_object``)
_ALL = np.ones(64, bool)
_ALL.flags.writeable = False


_SPAN = {n: np.arange(n) for n in range(1, 65)}


class Memory:
    """Allocations live in one byte arena (address = BASE + arena offset), so a wave's 64 accesses are one numpy
    gather or scatter; ``bases``/``ends`` say which bytes belong to an allocation (the guard gaps do not)."""

    def __init__(self):
        self.arena = np.zeros(0, np.uint8)
        self.bases = np.zeros(0, np.uint64)
        self.ends = np.zeros(0, np.uint64)
        self.faults: list[tuple[str, int]] = []  # ("read"/"write", address) outside every allocation
        self._bases: list[int] = []  # the same bounds as Python ints, for the one-allocation fast path
        self._ends: list[int] = []
        self.runtime: dict[str, int] = {}  # a runtime object's name -> the address that stands for it

    def runtime_object(self, name: str) -> int:
        """An address for the HIP runtime's ``name`` (the hostcall buffer, the queue, ...: what a hidden kernel
        argument points at), 1 MiB apart and outside every allocation: a kernel that accesses it raises
        ``Unmodelled`` instead of reading something made up."""
        return self.runtime.setdefault(name, RUNTIME + len(self.runtime) * (1 << 20))

    def alloc(self, size: int, fill: int = FILL) -> int:
        start = len(self.arena)
        span = ((max(size, 1) + 4095) // 4096 + 1) * 4096  # the allocation, then at least one guard page
        self.arena = np.concatenate([self.arena, np.full(span, fill, np.uint8)])
        self.bases = np.append(self.bases, np.uint64(BASE + start))
        self.ends = np.append(self.ends, np.uint64(BASE + start + max(size, 1)))
        self._bases.append(BASE + start)
        self._ends.append(BASE + start + max(size, 1))
        return BASE + start

    def put(self, addr: int, data: bytes) -> None:
        off = self._host(addr, len(data))
        self.arena[off:off + len(data)] = np.frombuffer(data, np.uint8)

    def get(self, addr: int, n: int) -> bytes:
        off = self._host(addr, n)
        return self.arena[off:off + n].tobytes()

    def view(self, addr: int, n: int) -> tuple[memoryview, int]:
        """The arena and the offset of ``addr`` in it (``frontends/devices/iree_stream.py``'s host access)."""
        return memoryview(self.arena), self._host(addr, n)

    def _host(self, addr: int, n: int) -> int:
        inside, _ = self._inside(np.array([addr], np.uint64), n)
        if not inside[0]:
            raise IndexError(f"host access outside every allocation: {addr:#x} ({n} bytes)")
        return addr - BASE

    def _inside(self, addrs: np.ndarray, n: int):
        """Per lane: whether [addr, addr + n) lies in one allocation, and its arena offset."""
        a = addrs.astype(np.uint64)
        lo, hi = int(a.min()), int(a.max())
        k = bisect.bisect_right(self._bases, lo) - 1  # the common case: every lane in one allocation
        if k >= 0 and hi + n <= self._ends[k]:
            return (_ALL if len(a) == 64 else np.ones(len(a), bool)), (a - np.uint64(BASE)).astype(np.int64)
        which = np.searchsorted(self.bases, a, side="right").astype(np.int64) - 1
        # a <= end - n, not a + n <= end: a + n wraps for an address near 2**64 (a negative 64-bit pointer)
        inside = (which >= 0) & (a <= self.ends[np.maximum(which, 0)] - np.uint64(n))
        return inside, np.where(inside, (a - np.uint64(BASE)).astype(np.int64), 0)

    def gather(self, addrs: np.ndarray, n: int, lanes: np.ndarray) -> np.ndarray:
        """(64, n) bytes; lanes not enabled or outside memory read 0."""
        inside, off = self._inside(addrs, n)
        ok = lanes & inside
        out = self.arena[off][:, None] if n == 1 else self.arena[off[:, None] + _SPAN[n]]
        out[~ok] = 0
        if inside is not _ALL and (lanes & ~inside).any():
            self._fault("read", addrs, lanes & ~inside)
        return out

    def scatter(self, addrs: np.ndarray, data: np.ndarray, lanes: np.ndarray) -> None:
        n = data.shape[1]
        inside, off = self._inside(addrs, n)
        ok = lanes & inside
        idx = (off[ok][:, None] + np.arange(n)).ravel()
        if len(np.unique(idx)) == idx.size:
            self.arena[idx] = data[ok].ravel()
        else:  # lanes storing to one byte: lane order, the highest lane lands last (the ISA leaves it unordered)
            for lane in np.flatnonzero(ok):
                self.arena[off[lane]:off[lane] + n] = data[lane]
        if inside is not _ALL and (lanes & ~inside).any():
            self._fault("write", addrs, lanes & ~inside)

    def _fault(self, kind, addrs, bad):
        for lane in np.flatnonzero(bad):
            addr = int(addrs[lane])
            for name, at in self.runtime.items():
                if at <= addr < at + (1 << 20):
                    raise Unmodelled(f"a {kind} of the HIP runtime's {name} (a hidden kernel argument)")
            self.faults.append((kind, addr))


class Lds:
    def __init__(self, size: int):
        self.data = np.full(size, FILL, np.uint8)  # a workgroup finds LDS holding whatever was there
        self.races: list[tuple[str, int]] = []
        self.out_of_range = 0
        self.barrier()

    def barrier(self) -> None:
        self.writer = np.full(len(self.data), -1, np.int32)  # -1 nobody, -2 several waves
        self.reader = np.full(len(self.data), -1, np.int32)

    def _bytes(self, addrs, n, lanes):
        idx = addrs.astype(np.int64)[:, None] + np.arange(n)
        inside = lanes & (idx[:, -1] < len(self.data)) & (idx[:, 0] >= 0)
        self.out_of_range += int((lanes & ~inside).sum())
        return idx, inside

    def _race(self, what, wave, idx, mine_w, other):
        if np.any((other >= 0) & (other != wave) | (other == -2)):
            self.races.append((what, int(idx.ravel()[0])))

    def read(self, addrs: np.ndarray, n: int, lanes: np.ndarray, wave: int, what: str) -> np.ndarray:
        idx, inside = self._bytes(addrs, n, lanes)
        out = np.zeros((len(addrs), n), np.uint8)
        sel = idx[inside]
        out[inside] = self.data[sel]
        self._race(what, wave, sel, None, self.writer[sel])
        r = self.reader[sel]
        self.reader[sel] = np.where((r == -1) | (r == wave), wave, -2)
        return out

    def write(self, addrs: np.ndarray, data: np.ndarray, lanes: np.ndarray, wave: int, what: str) -> None:
        idx, inside = self._bytes(addrs, data.shape[1], lanes)
        for lane in np.flatnonzero(inside):
            self.data[idx[lane]] = data[lane]
        sel = idx[inside]
        self._race(what, wave, sel, None, self.writer[sel])
        self._race(what, wave, sel, None, self.reader[sel])
        wr = self.writer[sel]
        self.writer[sel] = np.where((wr == -1) | (wr == wave), wave, -2)


def to_bytes(dwords: np.ndarray, n: int) -> np.ndarray:
    """(k, 64) uint32 registers -> (64, n) bytes, little-endian (the low n bytes of the k dwords)."""
    return np.ascontiguousarray(dwords.T.astype("<u4")).view(np.uint8).reshape(dwords.shape[1], -1)[:, :n]


def from_bytes(b: np.ndarray, k: int) -> np.ndarray:
    """(64, n) bytes -> (k, 64) uint32 registers, zero-filled above n bytes."""
    pad = np.zeros((b.shape[0], 4 * k), np.uint8)
    pad[:, :b.shape[1]] = b
    return pad.view("<u4").T.astype(np.uint32)
