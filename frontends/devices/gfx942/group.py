"""Many waves as one: the registers of a batch of waves as arrays over (waves x 64 lanes), and ``Group``, the
``state.Wave`` interface over the waves of the batch that stand at one program counter (``lockstep``).

``Batch`` holds every wave's VGPRs and AGPRs in one ``(registers, waves * 64)`` array (and every lane's private
segment, and its written shadow, in one ``(waves * 64, bytes)`` array each), and every wave's scalar state as
arrays over the waves: SGPRs ``s`` (waves x ``NSGPR``, int64 holding 32-bit values), ``exec`` and ``vcc``
(uint64), ``scc`` and ``m0`` (int64).
Each ``Wave`` of the batch has ``v`` and ``a`` as views of its 64 columns; its scalar fields (and MODE, its program
counter) are its own, brought in from the arrays (``Batch.enter``) before an instruction runs on it wave by wave and
put back (``Batch.leave``) after, so both ways of running see and change the same state.  A ``Group`` is what a
group handler receives instead of a wave: ``vread`` of a VGPR gives every lane of the batch, of a scalar operand
each wave's value on its 64 lanes; ``sget``/``sput`` read and write a scalar operand of every group wave at once
(what ``state.Wave.sread``/``swrite`` do for one); ``lanes()`` is each group wave's EXEC (the other waves' lanes
off), so a write under it changes only the group's lanes.  ``id`` is each lane's wave, numbered across the batch,
for the LDS race shadow.

``Batch.sw`` is each wave's ``state.Wave.sw`` (which SGPRs it wrote), ``Batch.every`` a bit per SGPR every wave of the
batch wrote (the common case, tested first).  A group's read of an SGPR some of its waves never wrote raises
``Handover`` (``Group.defined``): the wave-by-wave machine records the read (``Report.unwritten_sgpr``) in its order,
and only for the operands its handler reads (``s_cselect`` reads only the one it selects).

``BatchLds`` is the LDS of every workgroup of the batch, one segment each, with racecheck's shadow per byte (the
wave that wrote it and the wave(s) that read it since the workgroup's last barrier, as ``memory.Lds`` keeps them).
It checks a whole group's access at once and exactly: an access by one wave of a byte another wave wrote (or, for a
write, read) since the barrier is a race, whichever lanes ran first.  An access whose lanes' addresses are all
multiples of its size reads and writes the data and the shadow as rows of that many bytes (the same bytes, one index
per lane instead of one per byte).  A race or an access outside the segment is
not reported here: it raises ``Handover`` and the launch reruns wave by wave (``lockstep``), which reports it at
the place the wave-by-wave order meets it first.
"""
from __future__ import annotations

import numpy as np

from frontends.devices.gfx942.errors import SimError, Unmodelled
from frontends.devices.gfx942.memory import FILL
from frontends.devices.gfx942.state import LANES, M32, M64, NSGPR, WIDE, Wave

_BIT = np.uint64(1) << np.arange(LANES, dtype=np.uint64)
NOBODY, SEVERAL = -1, -2
_CONST = Wave(1, 1)  # reads a constant operand's bits (no state of its own is read)
_M32 = np.uint64(M32)


class Handover(Exception):
    """What the lockstep machine leaves to the wave-by-wave machine (a fact whose first place that order decides)."""


class Batch:
    """The waves of some workgroups: shared register arrays, the waves (views into them) and each wave's place."""

    def __init__(self, waves: list, wave_wg: np.ndarray, lds_size: int):
        self.waves, self.n = waves, len(waves)
        nv, na = waves[0].v.shape[0], waves[0].a.shape[0]
        self.v, self.a = (_columns([getattr(w, k) for w in waves]) for k in ("v", "a"))
        self.scratch = np.ascontiguousarray(_columns([w.scratch.T for w in waves]).T)  # each lane's private bytes, a row per lane
        self.written = np.ascontiguousarray(_columns([w.written.T for w in waves]).T)  # the private bytes' shadow
        self.unwritten: list = []  # (wave index, record) of private reads of unwritten bytes (``lockstep`` keys them)
        for i, w in enumerate(waves):
            cols = slice(i * LANES, (i + 1) * LANES)
            w.v, w.a, w.scratch, w.written = self.v[:, cols], self.a[:, cols], self.scratch[cols], self.written[cols]
        self.s = np.array([w.s for w in waves], np.int64).reshape(self.n, NSGPR)
        self.sw = np.array([w.sw for w in waves], bool).reshape(self.n, NSGPR)
        self.every = _bits(self.sw.all(axis=0))
        self.exec = np.array([w.exec for w in waves], np.uint64)
        self.vcc = np.array([w.vcc for w in waves], np.uint64)
        self.scc = np.array([w.scc for w in waves], np.int64)
        self.m0 = np.array([w.m0 for w in waves], np.int64)
        self.lane_wave = np.repeat(np.arange(self.n, dtype=np.int32), LANES)
        self.epoch = 0  # counts the moments any wave's EXEC may have changed (a write of it, a wave-by-wave instruction)
        self.cached = (-1, None, None, False)  # (epoch, group indices, their lanes, every lane of every wave)
        self.lds = BatchLds(lds_size, wave_wg, self.lane_wave)
        self.memo: dict = {}  # what consecutive buffer instructions share (gmem.remember keeps it true)

    def enter(self, i: int):
        """Wave ``i`` with its scalar state as the arrays hold it, to run an instruction wave by wave."""
        w = self.waves[i]
        w.s, w.sw = self.s[i].tolist(), self.sw[i].tolist()
        w.exec, w.vcc, w.scc, w.m0 = int(self.exec[i]), int(self.vcc[i]), int(self.scc[i]), int(self.m0[i])
        return w

    def enter_all(self) -> None:
        """``enter`` of every wave (Python integers from one conversion of each array)."""
        for w, s, sw, e, v, c, m in zip(self.waves, self.s.tolist(), self.sw.tolist(), self.exec.tolist(),
                                        self.vcc.tolist(), self.scc.tolist(), self.m0.tolist()):
            w.s, w.sw, w.exec, w.vcc, w.scc, w.m0 = s, sw, e, v, c, m

    def leave(self, i: int) -> None:
        """Wave ``i``'s scalar state back into the arrays."""
        w = self.waves[i]
        self.s[i], self.sw[i] = w.s, w.sw
        self.exec[i], self.vcc[i], self.scc[i], self.m0[i] = w.exec, w.vcc, w.scc, w.m0


def _bits(flags: np.ndarray) -> int:
    """A bool per SGPR as an integer, bit i for SGPR i."""
    return sum(1 << int(i) for i in np.flatnonzero(flags))


def _columns(arrays: list) -> np.ndarray:
    """The waves' (rows, 64) arrays side by side, a fresh (rows, waves x 64) array: one tiling where every wave
    holds one array (the clones of a workgroup's template, ``launch``)."""
    first = arrays[0]
    if all(x is first for x in arrays):
        return np.ascontiguousarray(np.tile(first, (1, len(arrays))))
    return np.concatenate(arrays, axis=1)


class Group:
    """The waves ``idx`` of ``batch`` (sorted indices) as one wave: see the module docstring."""

    def __init__(self, batch: Batch, idx: np.ndarray, pc: int = 0):
        self.b, self.idx, self.pc = batch, idx, pc
        self.sel = slice(None) if len(idx) == batch.n else idx  # the group's waves: a slice where it is the batch
        self.v, self.a = batch.v, batch.a
        self.id = batch.lane_wave
        self._lanes, self._full = None, False

    def lanes(self) -> np.ndarray:
        if self._lanes is None:
            epoch, idx, lanes, full = self.b.cached
            if epoch != self.b.epoch or idx is not self.idx:  # EXEC as of its last write
                ex = np.zeros(self.b.n, np.uint64)
                ex[self.sel] = self.b.exec[self.sel]
                full = len(self.idx) == self.b.n and bool((ex == np.uint64(M64)).all())
                lanes = ((ex[:, None] & _BIT) != 0).ravel()
                lanes.flags.writeable = False  # shared by the instructions until EXEC changes
                self.b.cached = (self.b.epoch, self.idx, lanes, full)
            self._lanes, self._full = lanes, full
        return self._lanes

    # -- scalar operands of every group wave (``state.Wave.sread``/``swrite``, as arrays)
    def defined(self, first: int, n: int = 1) -> None:
        """SGPRs ``first`` .. ``first + n - 1`` are about to be read: hand over unless every group wave wrote them."""
        bits = ((1 << n) - 1) << first
        if self.b.every & bits != bits and not self.b.sw[self.sel, first:first + n].all():
            raise Handover("a read of an SGPR no instruction wrote")

    def wrote(self, first: int, n: int = 1) -> None:
        """SGPRs ``first`` .. ``first + n - 1`` of every group wave were written."""
        b, bits = self.b, ((1 << n) - 1) << first
        if b.every & bits != bits:
            b.sw[self.sel, first:first + n] = True
            if len(self.idx) == b.n or b.sw[:, first:first + n].all():
                b.every |= bits

    def sget(self, op, ftype: str = "b32") -> np.ndarray:
        """A scalar operand's value in each group wave (uint64: one or two dwords)."""
        k, b, idx = op.kind, self.b, self.sel
        if k == "s":
            if op.index + op.count > NSGPR:
                Wave._check(op, NSGPR)
            self.defined(op.index, min(op.count, 2))
            if op.count == 1:
                return b.s[idx, op.index].astype(np.uint64)
            if op.count == 2:
                pair = b.s[idx, op.index:op.index + 2].astype(np.uint64)
                return pair[:, 0] | (pair[:, 1] << np.uint64(32))
            raise Handover(f"a {op.count}-dword scalar operand read as one value")
        if k in ("vcc", "exec"):
            full = getattr(b, k)[idx]
            return (full >> np.uint64(32 * op.index)) & _M32 if op.count == 1 else full.copy()
        if k in ("m0", "scc"):
            return getattr(b, k)[idx].astype(np.uint64)
        return np.full(len(self.idx), _CONST.sread(op, ftype), np.uint64)  # a constant (anything else raises there)

    def sput(self, op, values: np.ndarray) -> None:
        """Write a scalar operand of each group wave (``values`` as uint64, in the group's order)."""
        k, b, idx = op.kind, self.b, self.sel
        values = np.asarray(values).astype(np.uint64)
        if k == "s":
            Wave._check(op, NSGPR)
            if op.count > 2:
                raise Handover(f"a {op.count}-dword scalar operand written as one value")
            for j in range(op.count):
                b.s[idx, op.index + j] = (values >> np.uint64(32 * j)) & _M32
            self.wrote(op.index, op.count)
        elif k in ("vcc", "exec"):
            if op.count == 1:
                sh = np.uint64(32 * op.index)
                full = getattr(b, k)[idx] & ~(_M32 << sh) | ((values & _M32) << sh)
            else:
                full = values
            getattr(b, k)[idx] = full
            if k == "exec":
                self.exec_changed()
        elif k == "m0":
            b.m0[idx] = (values & _M32).astype(np.int64)
        else:
            raise Unmodelled(f"scalar write to a {k} operand")

    def exec_changed(self) -> None:
        self.b.epoch += 1
        self._lanes = None

    def each(self, op, ftype: str = "b32", dtype=np.uint64) -> np.ndarray:
        """A scalar operand's value in each wave of the batch (the group's; 0 for the others)."""
        out = np.zeros(self.b.n, dtype)
        out[self.sel] = self.sget(op, ftype)
        return out

    # -- masks in scalar registers
    def mask_read(self, op) -> np.ndarray:
        return ((self.each(op)[:, None] & _BIT) != 0).ravel()

    def mask_write(self, op, lanes: np.ndarray, also_exec: bool = False) -> None:
        bits = np.bitwise_or.reduce(np.where(lanes.reshape(self.b.n, LANES), _BIT, np.uint64(0)), axis=1)
        self.sput(op, bits[self.idx])
        if also_exec:
            self.b.exec[self.idx] = bits[self.idx]
            self.exec_changed()
        self._lanes = None

    def sread(self, op, ftype: str = "b32"):
        raise Handover(f"a scalar read of {op.kind} by a lane-wise instruction")

    def swrite(self, op, value):
        raise Handover(f"a scalar write of {op.kind} by a lane-wise instruction")

    # -- vector
    def _regs(self, op):
        if op.kind == "v":
            return self.v
        if op.kind == "a":
            return self.a
        raise Unmodelled(f"vector register access to a {op.kind} operand")

    def vread(self, op, ftype: str = "b32") -> np.ndarray:
        if op.kind in ("v", "a"):
            regs = self._regs(op)
            _check(op, len(regs))
            if op.count == 1:
                return regs[op.index].copy()
            if op.count == 2:
                return regs[op.index].astype(np.uint64) | (regs[op.index + 1].astype(np.uint64) << np.uint64(32))
            raise Unmodelled(f"{op.count}-dword operand as one value")
        wide = op.count == 2 or ftype in WIDE
        return np.repeat(self.each(op, ftype, np.uint64 if wide else np.uint32), LANES)

    def vregs(self, op, n: int) -> np.ndarray:
        if op.kind in ("imm", "fimm"):
            return np.array([self.vread(op)] * n, np.uint32)
        regs = self._regs(op)
        _check(op, regs.shape[0], n)
        return regs[op.index:op.index + n].copy()

    def vwrite(self, op, value, mask=None, ndw=None) -> None:
        regs = self._regs(op)
        m = self.lanes() if mask is None else mask
        n = ndw or op.count
        _check(op, len(regs), n)
        value = np.asarray(value)
        full = m is self._lanes and self._full
        if value.ndim == 2:
            for i in range(n):
                if full:
                    regs[op.index + i] = value[i]
                else:
                    regs[op.index + i][m] = value[i][m]
            return
        if n == 2:
            v = value.astype(np.uint64)
            parts = ((v & np.uint64(M32)).astype(np.uint32), (v >> np.uint64(32)).astype(np.uint32))
        else:
            parts = (value.astype(np.uint32),)
        for i, part in enumerate(parts):
            if full:
                regs[op.index + i] = part
            else:
                regs[op.index + i][m] = part[m]


def _check(op, size: int, n: int | None = None) -> None:
    if op.index + (n or op.count) > size:
        raise SimError(f"register {op.kind}{op.index}+{(n or op.count) - 1} beyond the {size} the kernel declares")


class BatchLds:
    """Every workgroup's LDS of a batch, with the race shadow (see the module docstring)."""

    def __init__(self, size: int, wave_wg: np.ndarray, lane_wave: np.ndarray):
        self.size = size
        groups = int(wave_wg.max()) + 1 if len(wave_wg) else 0
        self.data = np.full(size * groups, FILL, np.uint8)
        self.writer = np.full(len(self.data), NOBODY, np.int32)
        self.reader = np.full(len(self.data), NOBODY, np.int32)
        self.lane_base = (wave_wg.astype(np.int64) * size)[lane_wave]
        self.wave_wg = wave_wg
        # reads are logged, and settled into ``reader`` only when a write asks who read (``simcore.RaceShadow``):
        # an interval that only reads (the common one after a barrier) never pays for the readers' shadow
        self.log: list = []
        self.wrote = False

    def barrier(self) -> None:
        """The waves waiting passed their barriers; every other wave of the batch has ended (``lockstep``): each
        workgroup that may access LDS again starts a new interval."""
        if self.wrote:
            self.writer[:] = NOBODY
        self.reader[:] = NOBODY
        self.log, self.wrote = [], False

    def _settle(self) -> None:
        # who read a byte is a join (nobody, one wave, several) that no order changes: the reads of one row size
        # settle together
        sizes: dict = {}
        for g, rows, who in self.log:
            sizes.setdefault(g, []).append((rows, who))
        for g, parts in sizes.items():
            rows, who = (np.concatenate(x) if len(x) > 1 else x[0] for x in zip(*parts))
            view, by = _rows(self.reader, g), _by(who, g)
            r = view[rows]
            new = np.where((r == NOBODY) | (r == by), by, SEVERAL).astype(np.int32)
            view[rows] = new
            clash = view[rows] != new  # two waves of one access read one byte
            if clash.any():
                i, *j = np.nonzero(clash)
                view[(rows[i], *j)] = SEVERAL
        self.log = []

    def _access(self, addrs, n, lanes, wave):
        """The enabled lanes' bytes as (g, rows, who): rows of ``g`` bytes of the batch's LDS (``g`` = n where every
        lane's address is a multiple of n, so that a lane's bytes are one row of the LDS seen as rows of n, else 1:
        a row per byte) and the wave accessing each row."""
        start = addrs.astype(np.int64)
        if ((start < 0) | (start + n > self.size))[lanes].any():
            raise Handover("an LDS access outside the segment")
        start = start + self.lane_base
        who = np.asarray(wave, np.int32)
        if not lanes.all():
            start, who = start[lanes], who[lanes]
        if n == 1:
            return 1, start, who
        if self.size % n == 0 and not (start % n).any():
            return n, start // n, who
        return 1, (start[:, None] + np.arange(n)).ravel(), np.repeat(who, n)

    def read(self, addrs, n: int, lanes, wave, what: str) -> np.ndarray:
        g, rows, who = self._access(addrs, n, lanes, wave)
        got = _rows(self.data, g)[rows].reshape(-1, n)
        if len(got) == len(addrs):  # every lane (a fresh array: the gather's)
            out = got
        else:
            out = np.zeros((len(addrs), n), np.uint8)
            out[lanes] = got
        if self.wrote:
            w, by = _rows(self.writer, g)[rows], _by(who, g)
            if ((w >= 0) & (w != by) | (w == SEVERAL)).any():
                raise Handover("an LDS race")
        self.log.append((g, rows, who))
        return out

    def write(self, addrs, data, lanes, wave, what: str) -> None:
        n = data.shape[1]
        g, rows, who = self._access(addrs, n, lanes, wave)
        self._settle()
        self.wrote = True
        writer, by = _rows(self.writer, g), _by(who, g)
        w, r = writer[rows], _rows(self.reader, g)[rows]
        if (((w >= 0) & (w != by)) | (w == SEVERAL) | ((r >= 0) & (r != by)) | (r == SEVERAL)).any():
            raise Handover("an LDS race")
        writer[rows] = by
        if (writer[rows] != by).any():  # two waves of this access write one byte
            raise Handover("an LDS race")
        vals = data[lanes]
        starts = np.sort(rows[::n // g])  # each lane's first row (its n bytes are consecutive)
        dest = _rows(self.data, g)
        if (np.diff(starts) >= n // g).all():  # no two lanes write one byte
            dest[rows] = vals if g > 1 else vals.ravel()
        else:  # lanes writing one byte: lane order, the highest lane lands last (as memory.Lds writes them)
            k = n // g
            for i in range(len(vals)):
                dest[rows[i * k:(i + 1) * k]] = vals[i]


def _rows(arr: np.ndarray, g: int) -> np.ndarray:
    """The LDS (data or a shadow) as rows of ``g`` bytes (g = 1: the bytes themselves)."""
    return arr if g == 1 else arr.reshape(-1, g)


def _by(who: np.ndarray, g: int) -> np.ndarray:
    """Each row's wave, shaped to meet the rows' ``g`` bytes."""
    return who if g == 1 else who[:, None]
