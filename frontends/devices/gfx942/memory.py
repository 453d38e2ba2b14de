"""Global memory as the HIP runtime allocates it, and one workgroup's LDS.

``Memory`` holds allocations at distinct 4 KiB-aligned bases with a guard page between them (as a GPU allocator
leaves them apart); ``gather``/``scatter`` move n bytes per lane.  A lane outside every allocation reads 0, writes
nothing, and is reported (hardware would fault or read whatever lies there).  ``Lds`` is the workgroup's
``group_segment_fixed_size`` bytes; it records per byte which wave wrote and read it since the last barrier, and
reports a race when two different waves touch a byte between barriers and at least one of them writes.
"""
from __future__ import annotations

import numpy as np

FILL = 0xFF  # bytes no one wrote (an uninitialized device allocation; NaN for floats, -1 for integers)
BASE = 1 << 32


class Memory:
    def __init__(self):
        self.regions: list[tuple[int, np.ndarray]] = []
        self.next = BASE
        self.faults: list[tuple[str, int]] = []  # ("read"/"write", address) outside every allocation

    def alloc(self, size: int, fill: int = FILL) -> int:
        base = self.next
        self.regions.append((base, np.full(max(size, 1), fill, np.uint8)))
        self.next += ((size + 4095) // 4096 + 1) * 4096
        return base

    def put(self, addr: int, data: bytes) -> None:
        buf, off = self._find(addr, len(data))
        buf[off:off + len(data)] = np.frombuffer(data, np.uint8)

    def get(self, addr: int, n: int) -> bytes:
        buf, off = self._find(addr, n)
        return buf[off:off + n].tobytes()

    def _find(self, addr, n):
        for base, buf in self.regions:
            if base <= addr and addr + n <= base + len(buf):
                return buf, addr - base
        raise IndexError(f"host access outside every allocation: {addr:#x} ({n} bytes)")

    def _locate(self, addrs: np.ndarray, n: int):
        """Per lane: region index (-1 none) and offset in it (regions are allocated at increasing bases)."""
        a = addrs.astype(np.uint64)
        bases = np.array([b for b, _ in self.regions], np.uint64)
        ends = np.array([b + len(buf) for b, buf in self.regions], np.uint64)
        which = np.searchsorted(bases, a, side="right").astype(np.int64) - 1
        safe = np.maximum(which, 0)
        inside = (which >= 0) & (a + np.uint64(n) <= ends[safe])
        off = np.where(inside, (a - bases[safe]).astype(np.int64), 0)
        return np.where(inside, which, -1), off

    def gather(self, addrs: np.ndarray, n: int, lanes: np.ndarray) -> np.ndarray:
        """(64, n) bytes; lanes not enabled or outside memory read 0."""
        out = np.zeros((len(addrs), n), np.uint8)
        which, off = self._locate(addrs, n)
        for i, (_, buf) in enumerate(self.regions):
            sel = lanes & (which == i)
            if sel.any():
                out[sel] = buf[off[sel][:, None] + np.arange(n)]
        self._fault("read", addrs, lanes & (which < 0))
        return out

    def scatter(self, addrs: np.ndarray, data: np.ndarray, lanes: np.ndarray) -> None:
        n = data.shape[1]
        which, off = self._locate(addrs, n)
        for i, (_, buf) in enumerate(self.regions):
            sel = np.flatnonzero(lanes & (which == i))
            for lane in sel:  # lane order: the highest lane's store to one address lands last
                buf[off[lane]:off[lane] + n] = data[lane]
        self._fault("write", addrs, lanes & (which < 0))

    def _fault(self, kind, addrs, bad):
        for lane in np.flatnonzero(bad):
            self.faults.append((kind, int(addrs[lane])))


class Lds:
    def __init__(self, size: int):
        self.data = np.zeros(size, np.uint8)
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
