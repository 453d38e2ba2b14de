"""The vector machine's way to run an instruction no vector builder takes: its scalar family function (the one the
reference machine runs), lane after lane, through ``Lanes``: the reference ``Block``'s interface over one lane of a
``vector.Batch`` at a time.  Every value it reads or writes goes through the batch's own operand and memory
access, so checks and noted events are the same as for vector instructions; only speed differs.

``mapped``: a faster form for elementwise float instructions and ``cvt``, whose family function exposes its per-value
computation (``ins.cache["map"]``, ``ins.cache["convert"]``): operands are read as arrays, the computation is mapped
over the values in Python, and the result written as an array.
"""
from __future__ import annotations

import numpy as np

from frontends.devices.ptx.state import LOCAL_WINDOW, SHARED_WINDOW

_WINDOWS = {"local": LOCAL_WINDOW, "shared": SHARED_WINDOW, "global": 0}


class LaneThread:
    """What a family function sees as a thread: one lane of the batch."""
    __slots__ = ("lane", "sel", "flat", "tid", "scratch")

    def __init__(self, vm, lane: int):
        self.lane, self.sel = lane, np.array([lane])
        self.flat, self.tid = int(vm.flat[lane]), vm.tid(lane)


def _int(v) -> int:
    return int(v[0]) if isinstance(v, np.ndarray) and v.ndim else int(v)


def _addr(a: int) -> np.ndarray:
    return np.array([(a + (1 << 63)) % (1 << 64) - (1 << 63)], np.int64)  # one past 64 bits is out of bounds too


class Lanes:
    """The reference ``Block`` interface (``val``, ``put``, ``load``, ...) over one lane of a batch at a time."""

    def __init__(self, vm):
        self.vm, self.g, self.k, self.masks = vm, vm.g, vm.k, vm.k.masks
        self.ctaid = None  # set by the caller where a family function names the block (the mma evidence log)

    def val(self, t, o, w: int) -> int:
        return _int(self.vm.val(o, w, t.sel))

    def put(self, t, o, value: int, w: int) -> None:
        if hasattr(o, "name") and o.name in self.masks:
            self.vm.put(o, np.uint64(value & ((1 << w) - 1) & self.masks[o.name]), 64, t.sel)

    def width(self, o) -> int:
        return self.vm.width(o)

    def address(self, t, a) -> int:
        return _int(self.vm.address(a, t.sel))

    def to_generic(self, v: int, space: str) -> int:
        return v + _WINDOWS[space]

    def from_generic(self, v: int, space: str) -> int:
        return v - _WINDOWS[space]

    def load(self, t, space: str, addr: int, n: int) -> int:
        return _int(self.vm.load(space, _addr(addr), n, t.sel))

    def store(self, t, space: str, addr: int, n: int, v: int) -> None:
        self.vm.store(space, _addr(addr), n, np.uint64(v & ((1 << (8 * n)) - 1)), t.sel)

    def _place(self, t) -> str:
        return self.vm.place(t.lane)


def per_lane(ins):
    """The instruction's family function run lane after lane."""
    def run(vm, sel):
        m = Lanes(vm)
        for lane in vm.lanes(sel):
            ins.run(m, LaneThread(vm, int(lane)))
    return run


def mapped(ins):
    """The array form of an elementwise float instruction or a ``cvt``, or None where it has none."""
    if "map" in ins.cache:
        compute, w, pair = ins.cache["map"]
        d, srcs = ins.args[0], ins.args[1:]
        fn = np.frompyfunc(compute, len(srcs), 1)

        def run(vm, sel):
            vals = [np.broadcast_to(vm.val(s, 2 * w if pair else w, sel), (len(vm.lanes(sel)),)) for s in srcs]
            if not pair:
                vm.put(d, _apply(fn, vals), w, sel)
                return
            low = np.uint64((1 << w) - 1)
            lo = _apply(fn, [v & low for v in vals])
            hi = _apply(fn, [v >> np.uint64(w) for v in vals])
            vm.put(d, lo | (hi << np.uint64(w)), 2 * w, sel)
        return run
    if "convert" in ins.cache:
        conv, sw = ins.cache["convert"]
        d, a = ins.args
        fn = np.frompyfunc(conv, 1, 1)

        def run_cvt(vm, sel):
            v = np.broadcast_to(vm.val(a, sw, sel), (len(vm.lanes(sel)),))
            vm.put(d, _apply(fn, [v]), vm.width(d), sel)
        return run_cvt
    return None


def _apply(fn, vals: list) -> np.ndarray:
    """``fn`` over Python integers (the family functions compute on ints), back to uint64 (two's complement)."""
    with np.errstate(all="ignore"):  # the family functions compute IEEE specials (inf x 0) on purpose
        out = fn(*[v.astype(object) for v in vals])
    return np.array([x & 0xFFFFFFFFFFFFFFFF for x in np.atleast_1d(out)], np.uint64)
