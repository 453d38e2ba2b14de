"""Global memory as the HIP runtime allocates it, and one workgroup's LDS.

``Memory`` holds allocations at distinct 4 KiB-aligned bases with a guard page between them (as a GPU allocator
leaves them apart); ``gather``/``scatter`` move n bytes per lane.  Each allocation has its requested bytes and the
bytes the runtime hands out with them (``granule``): ROCR rounds every device allocation up to the page
(``PAGE``), and the HIP runtime carves kernel arguments from a pool with 128-byte alignment (``KERNARG_ALIGN``),
so hardware neither faults nor computes wrong where a kernel reads a little past the requested end (LLVM widens a
3-dword kernarg load to 4 on purpose).  A read's requested bytes come as stored; bytes past the requested end but
inside the granule read as ``FILL`` (what lies there is no one's data: a kernel that uses them comes out wrong) and
are recorded in ``overreads``, a fact, not a fault.  A lane whose access leaves the granule reads ``FILL`` outside
the requested bytes, a lane that writes anywhere past the requested end writes nothing, and both are recorded in
``faults`` (hardware would fault or touch another allocation).  ``Lds`` is the workgroup's LDS (filled with FILL,
like unwritten global memory); it records per byte which wave wrote and read it since the last barrier, and
reports a race when two different waves touch a byte between barriers and at least one of them writes.  Global
stores are checked per launch where ``launch`` sets ``writes`` (``simcore.GlobalWrites``, a wave being its thread):
``scatter`` hands it each store's lanes with their waves' numbers and barrier intervals (``who``, set by the machine
running).
"""
from __future__ import annotations

import bisect

import numpy as np

from frontends.devices.gfx942.errors import Unmodelled

FILL = 0xFF  # bytes no one wrote (an uninitialized device allocation; NaN for floats, -1 for integers)
BASE = 1 << 32
RUNTIME = 1 << 47  # addresses standing for the HIP runtime's own objects (``Memory.runtime_object``)
# hipMalloc allocates through ROCR, which rounds every device allocation up to the page (ROCm/ROCR-Runtime,
# core/runtime/amd_memory_region.cpp, MemoryRegion::AllocateImpl: ``size = AlignUp(size, kPageSize())``)
PAGE = 4096
# The HIP runtime carves each launch's kernarg segment from a 1 MiB pool (ROCm/clr, rocclr/device/rocm/rocvirtual.cpp,
# VirtualGPU::allocKernArg, a bump allocation; HSA_KERNARG_POOL_SIZE) aligned to max(the code object's kernarg
# alignment, 128) rounded to the cache line (rockernel.cpp, LightningKernel::postLoad; 128 bytes on gfx942): a segment
# owns the bytes up to the next 128-byte boundary, where the next launch's segment may begin (kept apart here, behind
# a guard page, so that reading another launch's arguments is reported)
KERNARG_ALIGN = 128
_ALL = np.ones(64, bool)
_ALL.flags.writeable = False


_SPAN = {n: np.arange(n) for n in range(1, 65)}


class Memory:
    """Allocations live in one byte arena (address = BASE + arena offset), so a wave's 64 accesses are one numpy
    gather or scatter; ``bases``/``ends`` say which bytes an allocation asked for, ``owned`` where its granule ends
    (the guard gaps belong to none)."""

    def __init__(self):
        self.arena = np.zeros(0, np.uint8)
        self.bases = np.zeros(0, np.uint64)
        self.ends = np.zeros(0, np.uint64)
        self.owned = np.zeros(0, np.uint64)
        self.names: list[str] = []  # what each allocation is (a global allocation, a kernarg segment)
        self.faults: list[tuple[str, int]] = []  # ("read"/"write", address) outside every allocation
        self.overreads: list[tuple[str, int, int, int, int]] = []  # (allocation, offset, bytes, its size, lanes)
        self._bases: list[int] = []  # the same bounds as Python ints, for the one-allocation fast path
        self._ends: list[int] = []
        self.runtime: dict[str, int] = {}  # a runtime object's name -> the address that stands for it
        self.writes = None  # the launch's ``simcore.GlobalWrites`` (None: global stores not checked)
        self.who = None  # set by the machine running: ``who(waves)`` -> the storing lanes' (thread, interval)

    def runtime_object(self, name: str) -> int:
        """An address for the HIP runtime's ``name`` (the hostcall buffer, the queue, ...: what a hidden kernel
        argument points at), 1 MiB apart and outside every allocation: a kernel that accesses it raises
        ``Unmodelled`` instead of reading something made up."""
        return self.runtime.setdefault(name, RUNTIME + len(self.runtime) * (1 << 20))

    def alloc(self, size: int, fill: int = FILL, granule: int = PAGE, name: str = "global allocation") -> int:
        """``size`` bytes filled with ``fill``, owning the rest of their ``granule`` (see the module docstring)."""
        start, size = len(self.arena), max(size, 1)
        owned = -(-size // granule) * granule
        span = (-(-owned // PAGE) + 1) * PAGE  # the allocation, then at least one guard page
        self.arena = np.concatenate([self.arena, np.full(span, fill, np.uint8)])
        self.bases = np.append(self.bases, np.uint64(BASE + start))
        self.ends = np.append(self.ends, np.uint64(BASE + start + size))
        self.owned = np.append(self.owned, np.uint64(BASE + start + owned))
        self.names.append(name)
        self._bases.append(BASE + start)
        self._ends.append(BASE + start + size)
        return BASE + start

    def put(self, addr: int, data: bytes) -> None:
        off = self._host(addr, len(data))
        self.arena[off:off + len(data)] = np.frombuffer(data, np.uint8)

    def get(self, addr: int, n: int) -> bytes:
        off = self._host(addr, n)
        return self.arena[off:off + n].tobytes()

    def view(self, addr: int, n: int) -> tuple[memoryview, int]:
        """The arena and the offset of ``addr`` in it (``frontends/iree/host.py``'s host access)."""
        return memoryview(self.arena), self._host(addr, n)

    def _host(self, addr: int, n: int) -> int:
        place = self._place(np.array([addr], np.uint64), n)
        if not place[0][0]:
            raise IndexError(f"host access outside every allocation: {addr:#x} ({n} bytes)")
        return addr - BASE

    def _place(self, addrs: np.ndarray, n: int):
        """Per lane: whether [addr, addr + n) lies in one allocation's requested bytes, whether in its granule,
        its arena offset, and (None where every lane is inside one allocation) which allocation holds its start."""
        a = addrs.astype(np.uint64)
        lo, hi = int(a.min()), int(a.max())
        k = bisect.bisect_right(self._bases, lo) - 1  # the common case: every lane in one allocation
        if k >= 0 and hi + n <= self._ends[k]:
            every = _ALL if len(a) == 64 else np.ones(len(a), bool)
            return every, every, (a - np.uint64(BASE)).astype(np.int64), None
        which = np.searchsorted(self.bases, a, side="right").astype(np.int64) - 1
        k = np.maximum(which, 0)
        # a <= end - n, not a + n <= end: a + n wraps for an address near 2**64 (a negative 64-bit pointer)
        inside = (which >= 0) & (a <= self.ends[k] - np.uint64(n))
        owned = (which >= 0) & (a <= self.owned[k] - np.uint64(n))
        return inside, owned, np.where(which >= 0, (a - np.uint64(BASE)).astype(np.int64), 0), which

    def gather(self, addrs: np.ndarray, n: int, lanes: np.ndarray) -> np.ndarray:
        """(64, n) bytes; lanes not enabled read 0, bytes past an allocation's requested end ``FILL``."""
        inside, owned, off, which = self._place(addrs, n)
        if which is None:
            out = self.arena[off][:, None] if n == 1 else self.arena[off[:, None] + _SPAN[n]]
            out[~lanes] = 0
            return out
        k = np.maximum(which, 0)
        idx = off[:, None] + _SPAN[n]
        end = np.where(which >= 0, (self.ends[k] - np.uint64(BASE)).astype(np.int64), 0)
        # the requested bytes, as stored; the rest is no one's data (an offset past 2**63 wraps negative in int64)
        stored = (idx >= 0) & (idx < end[:, None])
        out = np.where(stored, self.arena[np.where(stored, idx, 0)], np.uint8(FILL)).astype(np.uint8)
        out[~lanes] = 0
        over = lanes & owned & ~inside
        if over.any():
            first = int(np.flatnonzero(over)[0])
            self.overreads.append((self.names[k[first]], int(off[first] - (self.bases[k[first]] - np.uint64(BASE))),
                                   n, int(self.ends[k[first]] - self.bases[k[first]]), int(over.sum())))
        if (lanes & ~owned).any():
            self._fault("read", addrs, lanes & ~owned)
        return out

    def scatter(self, addrs: np.ndarray, data: np.ndarray, lanes: np.ndarray, waves=None) -> None:
        """Each enabled lane's n bytes; a lane writing past an allocation's requested end writes nothing.
        ``waves``: each lane's wave in the machine's numbering (None: the one wave running), for ``writes``."""
        n = data.shape[1]
        inside, _, off, _ = self._place(addrs, n)
        ok = lanes & inside
        if self.writes is not None and ok.any():
            thread, interval = (np.broadcast_to(v, addrs.shape)[ok] for v in self.who(waves))
            self.writes.write_bytes(off[ok] + BASE, data[ok], thread, interval,
                                    lambda j, at: self.arena[at + (int(self.writes.bases[j]) - BASE)])
        idx = (off[ok][:, None] + np.arange(n)).ravel()
        if (np.diff(np.sort(off[ok])) >= n).all():  # no two lanes' n bytes meet (the bytes of a lane are distinct)
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
    n = b.shape[1]
    if b.flags.c_contiguous and (n == 4 * k or (k == 1 and n in (1, 2))):  # whole elements: read as they are
        return b.view({1: "u1", 2: "<u2"}.get(n, "<u4")).T.astype(np.uint32)
    pad = np.zeros((b.shape[0], 4 * k), np.uint8)
    pad[:, :b.shape[1]] = b
    return pad.view("<u4").T.astype(np.uint32)
