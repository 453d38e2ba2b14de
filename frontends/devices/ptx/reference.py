"""The reference machine (the thread-at-a-time interpreter the vector machine, ``vector.py``, is tested against and
falls back to for the exact first fault).  The dispatch loop: one launch (grid x block of threads) of a decoded kernel over a global ``Memory``.

Blocks run one after another; within a block each thread runs alone until it reaches a barrier (``bar.sync 0`` /
``barrier.sync 0``), a warp-collective instruction (``ops_warp``) or its end.  When every live thread stands at a
barrier, shared memory's race shadow is cleared and all go on; when every live lane of a warp stands at one
collective instruction, it runs for the warp.  Anything else is a deadlock or divergence (``BarrierFault``).
Global stores are checked per launch (``simcore.GlobalWrites``): a byte whose final value depends on the threads'
order (different values from threads of different blocks, or of one block between the same two barriers) is a
``GlobalRace``; global reads of what another thread wrote are not checked.  ``MAX_STEPS`` bounds one thread's instructions between two synchronisations (a hang).
"""
from __future__ import annotations

import numpy as np

from frontends.devices.ptx import ops_cvt, ops_float, ops_int, ops_move, ops_wmma
from frontends.devices.ptx.decode import Addr, Imm, Reg, Special, Sym
from frontends.devices.ptx.errors import BarrierFault, CannotSimulate, OutOfBounds, Runaway, UninitializedRegister
from frontends.devices.ptx.state import FILL, LOCAL_WINDOW, SHARED_WINDOW, UNWRITTEN, WINDOW, Shared, Thread
from frontends.devices.simcore import MAX_STEPS, GlobalWrites  # one step limit for both PTX machines

SYNC, EXIT = "sync", "exit"
_FLOATS = {"f16", "f16x2", "f32", "f32x2", "f64", "bf16", "bf16x2"}
_INT = ops_int.BUILDERS
_OTHER = {**ops_move.BUILDERS, **ops_cvt.BUILDERS}


def family(ins):
    """The function that runs a decoded instruction (``decode.parse``'s hook)."""
    op = ins.op
    if op in ("bra", "ret", "exit", "bar", "barrier") or op in ops_wmma.COLLECTIVES:
        return _control(ins)
    ty = ins.mods[-1] if ins.mods else ""
    if op in ops_float.FLOAT_BUILDERS and (ty in _FLOATS or op not in _INT):
        return ops_float.FLOAT_BUILDERS[op](ins)
    builder = _INT.get(op) or _OTHER.get(op)
    if builder is None:
        raise CannotSimulate(f"instruction {op}" + "".join("." + m for m in ins.mods), ins.text)
    return builder(ins)


def _control(ins):
    op = ins.op
    if op == "bra":
        if ins.mods not in ((), ("uni",)):
            raise CannotSimulate(f"bra.{'.'.join(ins.mods)}", ins.text)
        label = ins.args[0].name
        return lambda m, t: m.labels[label]
    if op in ("ret", "exit"):
        return lambda m, t: EXIT
    if op in ("bar", "barrier"):
        if ins.mods not in (("sync",), ("sync", "aligned")) or ins.args != (Imm(0),):
            raise CannotSimulate(f"{op}.{'.'.join(ins.mods)} {', '.join(map(str, ins.args))}", ins.text)
        ins.cache["collective"] = "barrier"
        return lambda m, t: SYNC
    ins.cache["collective"] = ops_wmma.COLLECTIVES[op](ins)
    return lambda m, t: SYNC


class Block:
    """One block's context: the operand access and memories the instruction families use (``m``)."""

    def __init__(self, kernel, memory, params: bytes, symbols: dict, ctaid, grid, block, shared_bytes: int,
                 writes=None):
        self.k, self.g, self.params, self.symbols = kernel, memory, params, symbols
        self.labels, self.ctaid, self.grid, self.block = kernel.labels, ctaid, grid, block
        self.shared = Shared(shared_bytes, memory.stats)
        self.masks = kernel.masks
        self.writes = writes  # the launch's ``simcore.GlobalWrites`` (None: global stores not checked)
        nt = block[0] * block[1] * block[2]
        self.first_thread = (ctaid[0] + grid[0] * (ctaid[1] + grid[1] * ctaid[2])) * nt  # its global thread ids
        self.barriers = 0  # the barriers the block passed: its global stores' interval

    # ---- operands
    def val(self, t: Thread, o, w: int) -> int:
        cls = type(o)
        if cls is Reg:
            v = t.regs.get(o[0])
            return (self._unwritten(t, o[0]) if v is None else v) & ((1 << w) - 1)
        if cls is Imm:
            return o.value & ((1 << w) - 1)
        if cls is Special:
            return self._special(t, o.name)
        if cls is Sym:
            return self._symbol(o.name)
        raise CannotSimulate(f"operand {o}")

    def _symbol(self, name: str) -> int:
        if name not in self.symbols:
            raise CannotSimulate(f"symbol {name} (not a parameter, array or variable of the module)")
        return self.symbols[name][1]

    def put(self, t: Thread, o, value: int, w: int) -> None:
        if type(o) is Reg:
            t.regs[o[0]] = value & ((1 << w) - 1) & self.masks[o[0]]

    def width(self, o) -> int:
        return self.k.regs[o[0]] if type(o) is Reg else 64

    def _unwritten(self, t: Thread, name: str) -> int:
        """A register no instruction wrote (LLVM's undef, e.g. the unused lane of a packed vector): any value on a
        GPU; here all ones, so a use that matters shows in the output (NaN, -1), and counted (zero where the
        memory stands in for the H200's, ``Memory(outside="zero")``: what it held there)."""
        if name not in self.masks:
            raise UninitializedRegister(f"register {name} is not declared")
        self.g.note(UNWRITTEN, lambda: f"{self._place(t)}: {name}")
        return 0 if self.g.outside == "zero" else self.masks[name]

    def _place(self, t: Thread) -> str:
        """Where thread ``t`` is: kernel, instruction (its PTX text), thread and block."""
        text = " ".join(self.k.code[t.pc].text.split())
        return f"{self.k.name}: instruction {t.pc} `{text}` (thread {t.tid}, block {self.ctaid})"

    def _special(self, t: Thread, name: str) -> int:
        kind, _, axis = name[1:].partition(".")
        i = "xyz".find(axis)
        return {"tid": lambda: t.tid[i], "ntid": lambda: self.block[i], "ctaid": lambda: self.ctaid[i],
                "nctaid": lambda: self.grid[i], "laneid": lambda: t.flat % 32, "warpsize": lambda: 32}[kind]()

    def address(self, t: Thread, a: Addr) -> int:
        """An address; one computed from a register no instruction wrote is a fault, not a guess."""
        return (self._symbol(a.base.name) if type(a.base) is Sym else t.read(a.base.name)) + a.offset

    # ---- memories
    def to_generic(self, v: int, space: str) -> int:
        return v + {"local": LOCAL_WINDOW, "shared": SHARED_WINDOW, "global": 0}[space]

    def from_generic(self, v: int, space: str) -> int:
        return v - {"local": LOCAL_WINDOW, "shared": SHARED_WINDOW, "global": 0}[space]

    def resolve(self, space: str, addr: int) -> tuple[str, int]:
        if space != "generic":
            return space, addr
        for name, base in (("local", LOCAL_WINDOW), ("shared", SHARED_WINDOW)):
            if base <= addr < base + WINDOW:
                return name, addr - base
        return "global", addr

    def load(self, t: Thread, space: str, addr: int, n: int) -> int:
        space, addr = self.resolve(space, addr)
        if space == "global":
            return self.g.read(addr, n, lambda: self._place(t))
        if space == "shared":
            return self.shared.read(addr, n, t.flat)
        buf = t.local if space == "local" else self.params
        if addr < 0 or addr + n > len(buf):
            raise OutOfBounds(f"{space} access of {n} bytes at {addr} ({len(buf)} bytes)")
        return int.from_bytes(buf[addr:addr + n], "little")

    def store(self, t: Thread, space: str, addr: int, n: int, v: int) -> None:
        space, addr = self.resolve(space, addr)
        if space == "global":
            if self.writes is not None:
                self.writes.write(np.array([addr], np.int64), n, np.array([v & ((1 << (8 * n)) - 1)], np.uint64),
                                  np.array([self.first_thread + t.flat]), np.array([self.barriers]), self._current)
            self.g.write(addr, n, v)
        elif space == "shared":
            self.shared.write(addr, n, v, t.flat, t.pc)
        elif space == "local":
            if addr < 0 or addr + n > len(t.local):
                raise OutOfBounds(f"local access of {n} bytes at {addr} ({len(t.local)} bytes)")
            t.local[addr:addr + n] = v.to_bytes(n, "little")
        else:
            raise CannotSimulate(f"st.{space}")

    def _current(self, j: int, offsets) -> np.ndarray:
        return np.frombuffer(self.g.bufs[j], np.uint8)[offsets]

    # ---- running
    def run(self, threads: list[Thread]) -> None:
        while True:
            for t in threads:
                if t.state == "run":
                    self._step(t)
            live = [t for t in threads if t.state != EXIT]
            if not live:
                return
            if self._collectives(threads):
                continue
            if all(self.k.code[t.pc].cache.get("collective") == "barrier" for t in live):
                self.shared.barrier()
                self.barriers += 1
                for t in live:
                    t.state, t.pc = "run", t.pc + 1
                continue
            where = sorted({self.k.code[t.pc].text for t in live})
            raise BarrierFault(f"block {self.ctaid}: threads wait at different synchronisations: {where[:3]}")

    def _collectives(self, threads: list[Thread]) -> bool:
        done = False
        for w0 in range(0, len(threads), 32):
            lanes = [t for t in threads[w0:w0 + 32] if t.state != EXIT]
            if not lanes or any(self.k.code[t.pc].cache.get("collective") in (None, "barrier") for t in lanes):
                continue
            if len({t.pc for t in lanes}) != 1:
                raise BarrierFault(f"block {self.ctaid}: warp {w0 // 32} diverged at a collective instruction")
            ins = self.k.code[lanes[0].pc]
            if ins.op == "mma" and len(lanes) != 32:
                raise BarrierFault(f"{ins.text}: {len(lanes)} lanes of 32 at mma.sync")
            ins.cache["collective"](self, lanes)
            for t in lanes:
                t.state, t.pc = "run", t.pc + 1
            done = True
        return done

    def _step(self, t: Thread) -> None:
        code = self.k.code
        for _ in range(MAX_STEPS):
            ins = code[t.pc]
            if ins.pred is not None and bool(t.read(ins.pred)) == ins.neg:  # an unwritten guard: a fault
                t.pc += 1
                continue
            r = ins.run(self, t)
            if r is None:
                t.pc += 1
            elif r is SYNC or r is EXIT:
                t.state = "wait" if r is SYNC else EXIT
                return
            else:
                t.pc = r
        raise Runaway(f"thread {t.tid} ran {MAX_STEPS} instructions without synchronising (a hang?)")


def launch(kernel, memory, args: list[int], grid, block, dynamic_shared: int = 0) -> list[Thread]:
    """Run ``kernel`` over the grid (``args``: its parameters' values, addresses and push constants); returns the
    threads of the last block, as they ended (for tests and debugging)."""
    params, symbols = parameters(kernel, memory, args)
    shared = _layout(kernel.shared, symbols, "shared", dynamic_shared)
    local = _layout(kernel.locals, symbols, "local", 0)
    nthreads = block[0] * block[1] * block[2]
    threads = []
    writes = GlobalWrites(memory.bases, memory.sizes, nthreads)
    for bz in range(grid[2]):
        for by in range(grid[1]):
            for bx in range(grid[0]):
                b = Block(kernel, memory, bytes(params), symbols, (bx, by, bz), grid, block, shared, writes)
                threads = [_thread(f, block, kernel.regs, local) for f in range(nthreads)]
                b.run(threads)
    writes.check(lambda th: describe_thread(th, grid, block))
    return threads


def describe_thread(thread: int, grid, block) -> str:
    """A global thread id (block-linear times the block's threads, plus the thread's flat index) in words."""
    nt = block[0] * block[1] * block[2]
    b, f = divmod(thread, nt)
    tid = (f % block[0], f // block[0] % block[1], f // (block[0] * block[1]))
    ctaid = (b % grid[0], b // grid[0] % grid[1], b // (grid[0] * grid[1]))
    return f"thread {tid} of block {ctaid}"


def parameters(kernel, memory, args: list[int]) -> tuple[bytearray, dict]:
    """The parameter buffer and the symbols' (space, offset); module-scope variables allocated in ``memory``."""
    if len(args) != len(kernel.params):
        raise CannotSimulate(f"{kernel.name}: {len(args)} arguments for {len(kernel.params)} parameters")
    params, symbols = bytearray(), {}
    for (ty, name), value in zip(kernel.params, args):
        n = int(ty[1:]) // 8
        params += bytes(-len(params) % n)
        symbols[name] = ("param", len(params))
        params += (value & ((1 << (8 * n)) - 1)).to_bytes(n, "little")
    for name, data in kernel.globals.items():  # module-scope variables, placed in global memory
        symbols[name] = ("global", memory.alloc(len(data)))
        buf, off = memory.view(symbols[name][1], len(data))
        buf[off:off + len(data)] = data
    return params, symbols


def _layout(arrays: dict, symbols: dict, space: str, dynamic: int) -> int:
    size = 0
    for name, n in arrays.items():
        size += -size % 16
        symbols[name] = (space, size)
        size += n if n else dynamic  # an extern array is the launch's dynamic shared memory
    return size


def _thread(f: int, block, regs: dict, local: int) -> Thread:
    x, y, z = f % block[0], (f // block[0]) % block[1], f // (block[0] * block[1])
    t = Thread((x, y, z), f, regs, local)
    t.local[:] = bytes([FILL]) * local
    return t
