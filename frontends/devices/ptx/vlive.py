"""Register liveness for the vector machine (``vector.Batch``): which registers it may drop while a batch runs.

A batch holds each register as an array over its lanes (8 bytes a lane); a long straight-line kernel (TVM's
unrolled conv: about a thousand registers over 32K lanes) would otherwise keep every one of them to the end, a
quarter of a gigabyte touched once each, paged in and evicted from the caches.  ``Liveness(kernel)`` is a backward
pass over the decoded program: a register is *live* at a program counter where some path from it (through the
successors ``vector.Batch._step`` pushes lanes to) reaches an instruction that names it.  Naming is counted
conservatively: any operand (a write as well as a read, each half of a ``p|q`` destination, an address base, a
vector element, a declared register named without ``%``) and the guard.  ``dead[pc]``: the registers the
instruction at ``pc`` names that are live at none of its successors.

The batch drops such a register after that instruction only if it is live at no program counter where any lane
waits (its runnable groups and its parked lanes, ``live_at``), so no lane can name it again: no later read, write
or fact can differ.  A kernel with an instruction whose successors are not those (``call``, ``brx``, a branch to
an unknown label) gets no liveness (``dead`` is None): nothing is dropped.
"""
from __future__ import annotations

import numpy as np

from frontends.devices.ptx.decode import Addr, Reg, Sym, Vec

OPAQUE = ("call", "brx")  # instructions whose successors the pass does not know


class Liveness:
    """``dead``: per program counter, the registers dropped after it (a tuple, often empty), or None for the whole
    kernel; ``bit``: register name -> its bit in ``live_at``'s sets."""

    def __init__(self, kernel):
        self.k = kernel
        self.bit: dict[str, int] = {}
        self.live: list[int] = []
        self.dead = self._solve()

    def live_at(self, pcs) -> int:
        """The registers live at any of ``pcs`` (a bit set)."""
        out, live = 0, self.live
        for pc in pcs:
            out |= live[pc]
        return out

    def _solve(self):
        code, labels = self.k.code, self.k.labels
        succ = []
        for pc, ins in enumerate(code):
            if ins.op in OPAQUE:
                return None
            nxt = [pc + 1] if pc + 1 < len(code) else []
            if ins.op == "bra":
                target = ins.args[0] if ins.args else None
                if type(target) is not Sym or target.name not in labels:
                    return None
                nxt.append(labels[target.name])
            succ.append(nxt)
        lists = [list(dict.fromkeys(_names(ins.args, self.k.regs) + ([ins.pred] if ins.pred else [])))
                 for ins in code]
        named = [self._bits(names) for names in lists]
        kills = [self._bits([n]) if (n := _kill(ins)) else 0 for ins in code]
        uses = [self._bits(list(dict.fromkeys(_names(ins.args[1:] if kills[pc] else ins.args, self.k.regs) +
                                              ([ins.pred] if ins.pred else [])))) for pc, ins in enumerate(code)]
        live = [0] * len(code)
        changed = True
        while changed:  # a fixed point: straight-line code settles in one pass, each loop nest adds one
            changed = False
            for pc in range(len(code) - 1, -1, -1):
                got = 0
                for s in succ[pc]:
                    got |= live[s]
                got = got & ~kills[pc] | uses[pc]
                if got != live[pc]:
                    live[pc], changed = got, True
        self.live = live + [0]  # past the last instruction (where lanes that ran off the end would stand): none
        dead, bit = [], self.bit
        for pc in range(len(code)):
            after = 0
            for s in succ[pc]:
                after |= live[s]
            dead.append(tuple(n for n in lists[pc] if not after >> bit[n] & 1))
        return dead

    def _bits(self, names: list) -> int:
        out = 0
        for name in names:
            out |= 1 << self.bit.setdefault(name, len(self.bit))
        return out


# ops whose first operand, a lone register, is written whole on every lane that runs them (``vector.Batch.put``
# replaces every bit), reading nothing of its old value
WHOLE = frozenset(("add", "sub", "mul", "mad", "fma", "cvt", "cvta", "mov", "ld", "setp", "selp", "shl", "shr",
                   "and", "or", "xor", "not", "min", "max", "neg", "abs"))


def _kill(ins) -> str | None:
    """The register an unguarded instruction overwrites whole (its old value is dead before it), or None."""
    d = ins.args[0] if ins.args else None
    if ins.pred is None and ins.op in WHOLE and type(d) is Reg and "|" not in d[0]:
        return d[0]
    return None


def _names(args, regs: dict) -> list[str]:
    """Every register name the operands name (see the module docstring)."""
    out = []
    for o in args:
        if type(o) is Reg:
            out.append(o[0])
            if "|" in o[0]:
                out += o[0].split("|")
        elif type(o) is Sym and o.name in regs:
            out.append(o.name)
        elif type(o) is Vec:
            out += _names(o.items, regs)
        elif type(o) is Addr:
            out += _names((o.base,), regs)
    return out


def drop(vm, dead: tuple, waiting: list) -> None:
    """Drop from the batch ``vm`` the registers of ``dead`` live at none of the ``waiting`` program counters (its
    runnable groups' and parked lanes'), keeping its arrays for reuse and, in a launch's last batch (``final``), its
    last block's values and ``wrote`` of them for ``threads`` (a register made again since: its lanes that did not
    write it this time hold the old)."""
    live, bit = vm.liveness.live_at(waiting), vm.liveness.bit
    last = slice(vm.n - vm.nt, vm.n)
    for name in dead:
        if name in vm.regs and not live >> bit[name] & 1:
            arr, wrote = vm.regs.pop(name), vm.wrote.pop(name)
            del vm.written[name]
            vm.halves.discard(name)
            vm.version.pop(name, None)
            vm.forget(name)
            if id(arr) not in vm.held:  # else a conversion remembered (``vregs.Registers.derived``) lives on in it
                vm.pool[arr.dtype.type].append((arr, wrote))  # made again soon in a loop: still in the caches
            if not vm.final:  # no ``threads`` asked of this batch: nothing to keep
                vm.freed[name] = None
                continue
            vals, done = arr[last].copy(), wrote[last].copy()
            if name in vm.freed:
                old, was = vm.freed[name]
                vals, done = np.where(done, vals, old), done | was
            vm.freed[name] = (vals, done)


def liveness(kernel) -> Liveness:
    """The kernel's ``Liveness``, computed once (kept with the kernel, as ``Kernel.masks`` is)."""
    got = kernel.__dict__.get("_liveness")
    if got is None:
        got = kernel.__dict__["_liveness"] = Liveness(kernel)
    return got


__all__ = ["Liveness", "drop", "liveness"]
