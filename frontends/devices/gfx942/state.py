"""One wave64 wavefront's architectural state and operand access.

SGPRs, M0, VCC, EXEC and SCC are Python integers (scalar instructions touch one value); VGPRs and AGPRs are numpy
``uint32`` arrays of shape (registers, 64), one column per lane.  ``sread``/``swrite`` move scalar values of one or
two dwords; ``vread`` gives an operand's value in every lane (a scalar or constant operand broadcast, 64-bit
operands as ``uint64``); ``vwrite`` writes the lanes EXEC enables, or the lanes of an explicit mask.

``sw`` says which SGPRs the wave has written (the ABI's initial SGPRs count: ``launch`` marks them; every ``swrite``
marks its registers).  ``sread`` of an SGPR never written reads 0, as every SGPR starts here, and notes its index in
``unread``: hardware leaves such a register undefined, so the 0 is no answer; the machine turns the notes into the
run's ``Report.unwritten_sgpr`` after the instruction (``machine.unwritten_sgprs``), and that record is what tells.
"""
from __future__ import annotations

import numpy as np

from frontends.devices.gfx942.errors import SimError, Unmodelled

LANES = 64
M32 = 0xFFFFFFFF
M64 = 2**64 - 1
NSGPR = 106  # s0..s101 plus room: gfx942 addresses s0..s101 (VCC sits apart here)
_BIT = np.uint64(1) << np.arange(LANES, dtype=np.uint64)
WIDE = ("f64", "b64", "u64", "i64")


def to_mask(bits: int) -> np.ndarray:
    """EXEC-style 64-bit lane mask -> bool array of 64 lanes."""
    return (np.uint64(bits & M64) & _BIT) != 0


def from_mask(lanes: np.ndarray) -> int:
    return int(np.bitwise_or.reduce(np.where(lanes, _BIT, np.uint64(0))))


class Wave:
    def __init__(self, nvgpr: int, nagpr: int, wave_id: int = 0):
        self.s = [0] * NSGPR
        self.sw = [False] * NSGPR  # which SGPRs were written (the ABI's, launch.py, or an instruction's)
        self.unread: list = []  # SGPRs the running instruction read unwritten (machine.unwritten_sgprs records them)
        self.v = np.zeros((max(nvgpr, 1), LANES), np.uint32)
        self.a = np.zeros((max(nagpr, 1), LANES), np.uint32)
        self.vcc = self.exec = self.m0 = self.scc = 0
        self.pc = 0
        self.done = False
        self.at_barrier = False
        self.id = wave_id
        self._mask, self._mask_of = to_mask(0), 0
        self.scratch = np.zeros((LANES, 0), np.uint8)  # private segment bytes per lane (launch sizes it)
        self.written = np.zeros((LANES, 0), bool)  # which of them a store wrote (reads of the others are recorded)
        self.waits = 0  # its outstanding loads: a state number of the kernel's waitcnt.Automaton
        self.loaded: dict = {}  # the pc of each load it ran -> the EXEC it ran under (the lanes it writes)
        self.mode = 0xF0  # MODE's float fields (denorm.py): nearest even, denormals kept; launch sets the kernel's

    # -- lanes
    def lanes(self) -> np.ndarray:
        if self._mask_of != self.exec:  # EXEC changes rarely: convert once per change
            self._mask, self._mask_of = to_mask(self.exec), self.exec
        return self._mask

    # -- scalar
    def _special(self, op):
        full = getattr(self, op.kind)
        if op.kind in ("vcc", "exec") and op.count == 1:
            return (full >> (32 * op.index)) & M32
        return full

    def sread(self, op, ftype: str = "b32") -> int:
        k = op.kind
        if k == "s":
            i, n = op.index, op.count
            if i + n > NSGPR:
                self._check(op, NSGPR)
            sw = self.sw
            if n == 1:
                if not sw[i]:
                    self.unread.append(i)
                return self.s[i]
            if n == 2:
                if not (sw[i] and sw[i + 1]):
                    self.unread += [j for j in (i, i + 1) if not sw[j]]  # a half written reads defined
                return self.s[i] | (self.s[i + 1] << 32)
            if not all(sw[i:i + n]):
                self.unread += [j for j in range(i, i + n) if not sw[j]]
            if n == 4:  # a buffer resource descriptor
                s = self.s
                return s[i] | (s[i + 1] << 32) | (s[i + 2] << 64) | (s[i + 3] << 96)
            return sum(self.s[i + j] << (32 * j) for j in range(n))
        if k in ("vcc", "exec", "m0", "scc"):
            return self._special(op)
        if k in ("imm", "fimm"):
            bits = op.bits(ftype)
            if op.kind == "imm" and op.value < 0 and ftype in WIDE:
                bits = op.value & M64
            return bits
        raise Unmodelled(f"scalar read of a {k} operand {op.value or ''}".strip())

    def swrite(self, op, value: int) -> None:
        k = op.kind
        if k == "s":
            self._check(op, NSGPR)
            for i in range(op.count):
                self.s[op.index + i] = (value >> (32 * i)) & M32
                self.sw[op.index + i] = True
        elif k in ("vcc", "exec"):
            if op.count == 1:
                sh = 32 * op.index
                full = getattr(self, k) & ~(M32 << sh) | ((value & M32) << sh)
                setattr(self, k, full & M64)
            else:
                setattr(self, k, value & M64)
        elif k == "m0":
            self.m0 = value & M32
        else:
            raise Unmodelled(f"scalar write to a {k} operand")

    # -- lane masks held in scalar registers (compares, carries, v_cndmask): a Group (``group.py``) gives the same
    def mask_read(self, op) -> np.ndarray:
        """A 64-bit mask operand (VCC, an SGPR pair) as a bool per lane."""
        return to_mask(self.sread(op))

    def mask_write(self, op, lanes: np.ndarray, also_exec: bool = False) -> None:
        """Write the mask of ``lanes`` to ``op`` (and to EXEC: ``v_cmpx``)."""
        bits = from_mask(lanes)
        self.swrite(op, bits)
        if also_exec:
            self.exec = bits

    # -- vector
    def vread(self, op, ftype: str = "b32") -> np.ndarray:
        """Per-lane value: uint32 for one dword, uint64 for two."""
        if op.kind in ("v", "a"):
            regs = self.v if op.kind == "v" else self.a
            if op.index + op.count > len(regs):
                self._check(op, len(regs))
            if op.count == 1:
                return regs[op.index].copy()
            if op.count == 2:
                return regs[op.index].astype(np.uint64) | (regs[op.index + 1].astype(np.uint64) << np.uint64(32))
            raise Unmodelled(f"{op.count}-dword operand as one value")
        wide = op.count == 2 or ftype in WIDE
        bits = self.sread(op, ftype)
        return np.full(LANES, bits, np.uint64 if wide else np.uint32)

    def vregs(self, op, n: int) -> np.ndarray:
        """n consecutive dword registers as an (n, 64) uint32 array (memory data, MFMA operands)."""
        regs = self.v if op.kind == "v" else self.a if op.kind == "a" else None
        if regs is None:
            return np.array([self.vread(op)] * n, np.uint32) if op.kind in ("imm", "fimm") else self._bad(op)
        self._check(op, regs.shape[0], n)
        return regs[op.index:op.index + n].copy()

    def vwrite(self, op, value: np.ndarray, mask: np.ndarray | None = None, ndw: int | None = None) -> None:
        regs = self.v if op.kind == "v" else self.a if op.kind == "a" else self._bad(op)
        m = self.lanes() if mask is None else mask
        n = ndw or op.count
        if op.index + n > len(regs):
            self._check(op, len(regs), n)
        value = np.asarray(value)
        full = m is self._mask and self.exec == M64  # every lane: plain stores, no masked indexing
        if value.ndim == 2:  # (n, 64) dwords
            if full:
                regs[op.index:op.index + n] = value[:n]
                return
            for i in range(n):
                regs[op.index + i][m] = value[i][m]
            return
        if n == 2:
            v = value.astype(np.uint64)
            lo, hi = (v & np.uint64(M32)).astype(np.uint32), (v >> np.uint64(32)).astype(np.uint32)
            if full:
                regs[op.index], regs[op.index + 1] = lo, hi
            else:
                regs[op.index][m], regs[op.index + 1][m] = lo[m], hi[m]
        elif full:
            regs[op.index] = value  # numpy casts to uint32 on store, as astype does
        else:
            regs[op.index][m] = value.astype(np.uint32)[m]

    @staticmethod
    def _bad(op):
        raise Unmodelled(f"vector register access to a {op.kind} operand")

    @staticmethod
    def _check(op, size: int, n: int | None = None) -> None:
        if op.index + (n or op.count) > size:
            raise SimError(f"register {op.kind}{op.index}+{(n or op.count) - 1} beyond the {size} the kernel declares")
