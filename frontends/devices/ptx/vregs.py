"""The vector machine's register file (``vector.Batch`` inherits it): each register an array over the batch's
lanes, with the lanes that wrote it, read and written as the instructions' array forms ask.

Storage: a register declared 32 bits wide is held as uint32, any other as uint64 (``STORAGE``: a 16-bit one stays
uint64, whose int64 view indexes an f16 table without a conversion pass); ``val``
gives uint64 values either way, ``raw`` the register as held.  A read of lanes that never wrote the register notes
the unwritten read (the reference machine's fact) and reads its fill.  Registers a batch drops (``vlive``) give
their arrays back to ``pool``.  ``halves``: the registers every lane of which holds an f16 value as float32 bits
(``vops_fma``).  ``version``: per register, the count of writes when it was last written (a drop forgets it), so
a conversion of a register's values can be reused while both it and the register that holds the result are as they
were (``derived``: TVM converts each f16 value to f32 once per use, four times in its conv).
"""
from __future__ import annotations

import numpy as np

from frontends.devices.ptx.decode import Imm, Reg, Special, Sym
from frontends.devices.ptx.errors import CannotSimulate, UninitializedRegister
from frontends.devices.ptx.state import UNWRITTEN

MASK = [np.uint64((1 << w) - 1) if w < 64 else np.uint64(2 ** 64 - 1) for w in range(65)]
U64, U32 = np.uint64, np.uint32
STORAGE = {False: U64, True: U32}  # a register's storage, by whether it is declared 32 bits wide


class Registers:
    """The register file of a ``vector.Batch`` (which provides ``k``, ``g``, ``n``, ``live``, ``exited``,
    ``lanes``, ``note``, ``place``, ``tid``, ``special`` and ``symbols``)."""

    def init_registers(self) -> None:
        self.regs: dict[str, np.ndarray] = {}
        self.written: dict[str, np.ndarray | None] = {}  # lanes that wrote it; None: every live lane did
        self.wrote: dict[str, np.ndarray] = {}  # the same, kept (for ``threads``)
        self.masks: dict[tuple, tuple] = {}  # (register, width written) -> ``_mask``
        self.born: dict[str, int] = {}  # register -> the order its array was made (``threads`` lists them so)
        self.freed: dict[str, tuple] = {}  # a dropped register -> its values and ``wrote`` on the last block's lanes
        self.halves: set[str] = set()  # registers whose every lane holds an f16 value as float32 bits (vops_fma)
        self.pool = {U64: [], U32: []}  # dropped (values, wrote) arrays by storage, reused for the next one made
        self.version: dict[str, int] = {}  # register -> ``writes`` when it was last written (``derived``)
        self.writes = 0
        self.memo: dict[str, tuple] = {}  # source -> (conversion, its version, destination, the result's array)
        self.held: dict[int, int] = {}  # id of an array ``memo`` holds -> how many entries hold it (never pooled)

    def val(self, o, w: int, sel) -> np.ndarray:
        """The operand's value on the lanes ``sel`` (an array, or a scalar where it is one for every lane)."""
        cls = type(o)
        if cls is Reg:
            v = self._reg(o[0], sel)  # a gathered copy, or a view of the register where ``sel`` takes every lane
            if type(sel) is not slice and w >= self.k.regs.get(o[0], 0):
                return v if v.dtype == U64 else v.astype(U64)
            return v & MASK[w]  # uint64, whatever the register's storage
        if cls is Imm:
            return np.uint64(o.value & ((1 << w) - 1))
        if cls is Special:
            v = self.special[o.name]
            return v[sel] if isinstance(v, np.ndarray) else v
        if cls is Sym:
            if o.name not in self.symbols:
                raise CannotSimulate(f"symbol {o.name} (not a parameter, array or variable of the module)")
            return np.uint64(self.symbols[o.name][1] & ((1 << w) - 1))
        raise CannotSimulate(f"operand {o}")

    def raw(self, o, w: int, sel) -> np.ndarray:
        """``val`` for a caller that reads only the low ``w`` bits of each value (a cast to a ``w``-bit type, a table
        indexed modulo 2^w, bitwise operations whose result ``put`` masks): a register as held (uint32 where it is
        32 bits wide, see ``put``), bits above ``w`` included, and a view of it where ``sel`` takes every
        lane (to read, never to write into)."""
        return self._reg(o[0], sel) if type(o) is Reg else self.val(o, w, sel)

    def sval(self, o, w: int, sel) -> np.ndarray:
        """The operand's value read as a signed ``w``-bit integer (int64)."""
        v = np.asarray(self.val(o, w, sel)).astype(np.int64)
        if w < 64:
            top = np.int64(1 << (w - 1))
            v = (v ^ top) - top
        return v

    def _reg(self, name: str, sel) -> np.ndarray:
        arr, done = self.regs.get(name), self.written.get(name, False)
        if done is None:
            return arr[sel]
        if name not in self.k.masks:
            raise UninitializedRegister(f"register {name} is not declared")
        fill = np.uint64(0 if self.g.outside == "zero" else self.k.masks[name])
        lanes = self.lanes(sel)
        if arr is None:
            out, miss = np.full(len(lanes), fill), np.ones(len(lanes), bool)
        else:
            out, miss = arr[sel].copy(), ~done[sel]
        if miss.any():
            out[miss] = fill
            where = lanes[miss]
            self.note(UNWRITTEN, where, lambda i: f"{self.place(where[i])}: {name}")
        return out

    def known(self, o) -> bool:
        """Whether reading ``o`` can note nothing (not a register, or one every lane wrote)."""
        return type(o) is not Reg or self.written.get(o[0], False) is None

    def read(self, name: str, sel) -> np.ndarray:
        """A register that must have been written (a guard, an address base): else ``UninitializedRegister``."""
        done = self.written.get(name, False)
        if done is not None and (done is False or not done[sel].all()):
            if name not in self.k.regs:
                raise UninitializedRegister(f"register {name} is not declared")
            lane = int(self.lanes(sel)[0] if done is False else self.lanes(sel)[np.argmin(done[sel])])
            raise UninitializedRegister(f"thread {self.tid(lane)} read {name} before any instruction wrote it")
        return self.regs[name][sel]

    def put(self, o, value, w: int, sel, half: bool = False) -> None:
        """Write ``value`` (its low ``w`` bits, within the register's declared width) to register ``o`` on ``sel``.
        A register declared 32 bits wide is held as uint32 (``STORAGE``): half the memory traffic of the
        uint64 a wider one needs, and a float32 view of an f32 register is contiguous.  ``half``: the values are
        f16 values as float32 bits (``halves``, ``vops_fma``)."""
        if type(o) is not Reg:
            return
        name = o[0]
        arr = self.regs.get(name)
        if arr is None:
            arr, done = self._make(name)
            self.regs[name], self.written[name] = arr, done
            self.wrote[name] = done
            self.born.setdefault(name, len(self.born))
            if type(sel) is not slice:  # a write to every lane (below) leaves nothing of the old values
                arr.fill(0)
        elif self.held and id(arr) in self.held:  # a remembered conversion's array written: no longer one
            for src in [s for s, got in self.memo.items() if got[3] is arr]:
                self.forget(src)
        mask, bits = self._mask(name, w)
        if not (isinstance(value, np.ndarray) and value.dtype.kind == "u"):
            value = np.asarray(value).astype(np.uint64)
        if mask is None or value.dtype.itemsize * 8 <= bits:  # nothing to clear: a copy (narrower: widened; wider
            arr[sel] = value  # into uint32 storage: the low 32 bits, all a 32-bit register keeps)
        elif type(sel) is slice:
            np.bitwise_and(value, mask, out=arr)  # one pass, no temporary
        else:
            arr[sel] = value & mask
        self.writes += 1
        self.version[name] = self.writes
        if half:
            if type(sel) is slice:
                self.halves.add(name)
        elif name in self.halves:
            self.halves.discard(name)
        done = self.written[name]
        if done is not None:
            done[sel] = True
            if type(sel) is slice or (done | ~self.live if self.exited else done).all():  # exited: never read again
                self.written[name] = None

    def current(self, src, sel) -> int | None:
        """``src``'s version where a conversion of it may be remembered (``derive``): a register every lane wrote,
        read on every lane (so reading it notes nothing); else None."""
        if type(sel) is slice and type(src) is Reg and self.written.get(src[0], False) is None:
            return self.version[src[0]]
        return None

    def derived(self, key, src, sel) -> np.ndarray | None:
        """An array holding the conversion ``key`` of ``src``'s current values on every lane, where the batch made
        one (``derive``), still as written (its register not written since; dropped, only ``memo`` holds it), to
        copy instead of converting again; else None."""
        version = self.current(src, sel)
        got = self.memo.get(src[0]) if version is not None else None
        if got is None or got[0] != key or got[1] != version:
            return None
        return got[3]  # intact: a write to it forgets it (``put``), a dropped one is never pooled (``vlive.drop``)

    def derive(self, key, src, version: int, dest) -> None:
        """Remember that ``dest`` (32 bits wide, not ``src``) now holds the conversion ``key`` of ``src`` as it was at
        ``version`` (``current``, asked before the write), on every lane."""
        arr = self.regs[dest[0]]
        self.forget(src[0])
        self.memo[src[0]] = (key, version, dest[0], arr)
        self.held[id(arr)] = self.held.get(id(arr), 0) + 1

    def forget(self, src: str) -> None:
        """Drop what ``memo`` remembers of ``src`` (a register dropped, or a new conversion of it)."""
        got = self.memo.pop(src, None)
        if got is not None:
            left = self.held.pop(id(got[3])) - 1
            if left:
                self.held[id(got[3])] = left

    def _make(self, name: str) -> tuple:
        """A new register's (values, lanes written) arrays, from the pool of dropped ones where it has one."""
        dtype = STORAGE[self.k.regs.get(name, 64) == 32]
        pool = self.pool[dtype]
        arr, done = pool.pop() if pool else (np.empty(self.n, dtype), np.empty(self.n, bool))
        done.fill(False)
        return arr, done

    def _mask(self, name: str, w: int) -> tuple:
        """(the mask a ``w``-bit write to ``name`` keeps, None where it keeps every bit the register's storage holds;
        how many low bits it keeps)."""
        got = self.masks.get((name, w))
        if got is None:
            mask = MASK[min(w, 64)] & np.uint64(self.k.masks[name])  # an undeclared register: KeyError, as ever
            bits = min(w, 64, self.k.regs[name])
            held = MASK[32] if self.k.regs[name] == 32 else MASK[64]
            got = self.masks[(name, w)] = (None if mask == held else mask, bits if mask == MASK[bits] else 0)
        return got

    def width(self, o) -> int:
        return self.k.regs[o[0]] if type(o) is Reg else 64


__all__ = ["MASK", "Registers", "STORAGE"]
