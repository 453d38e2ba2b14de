"""Reads and writes of registers a memory operation may still be writing: the ``s_waitcnt`` a kernel misses.

The simulator completes every memory operation at once; gfx942 does not.  A VMEM load (buffer, global, scratch,
flat), an LDS operation returning data (``ds_read*``, ``ds_swizzle``, ``ds_(b)permute``) and an SMEM load write
their destination registers when the data returns, and the program must wait with ``s_waitcnt`` before touching
them.  LLVM's SIInsertWaitcnts inserts the waits; one it misses is a miscompile the functional model cannot see.
This module follows every wave's outstanding operations and reports an instruction that reads or writes a
register an outstanding load may still write (a write would be overwritten when the load returns).

The model (CDNA3 ISA "Data dependency resolution"; LLVM's AMDGPUUsage "Memory Model GFX942" and
SIInsertWaitcnts.cpp; the s_waitcnt fields of gfx940_waitcnt.rst: vmcnt 0..63, lgkmcnt 0..15):

* ``vmcnt`` counts every vector memory operation, loads and stores alike (gfx9 has no separate store counter),
  buffer cache operations included; they complete in the order issued.  ``s_waitcnt vmcnt(N)`` leaves only the
  last N issued possibly outstanding.
* ``lgkmcnt`` counts LDS operations, SMEM loads and FLAT operations.  LDS operations complete in the order issued
  among themselves ("completion is reported to a wavefront in execution order"); SMEM loads complete in any order
  (SIInsertWaitcnts: with SMEM in flight, an lgkmcnt(i) is enough for the i-th-last LDS operation, and only
  lgkmcnt(0) for an SMEM load); a FLAT operation that reaches global memory (the only kind this simulator runs)
  returns its data through vmcnt in vector memory order and may report its lgkmcnt part early, out of LDS order.
  So after ``lgkmcnt(N)`` an LDS load is possibly outstanding while fewer than N LDS operations followed it, an
  SMEM load unless N is 0, and a FLAT load's data is waited for by vmcnt alone.
* A counter holds at most its field's maximum: an operation with that many later ones of its ordered stream has
  completed.
* ``s_barrier`` does not wait on gfx942 (it has FeatureBackOffBarrier; SIInsertWaitcnts adds no wait before it),
  and neither does ``s_endpgm`` (stores left outstanding at the end are the hardware's to finish).
* Store data is read at issue on gfx9 (SIInsertWaitcnts: ``vmemWriteNeedsExpWaitcnt`` holds before CI only):
  overwriting a store's source registers needs no wait, and ``expcnt`` (exports, GDS) has nothing here to count:
  an instruction that would need it (``exp``, GDS, messages) is outside the simulator and raises.

Where ordering is in doubt the model takes the stronger guarantee, so that it may miss a hazard but never reports
one the hardware rules out: cache operations (``buffer_wbl2``, ``buffer_inv``) count in vmcnt; an operation counts
whatever EXEC was; a FLAT load is in vector memory order.  A hazard is reported only where lanes meet: the load
wrote lanes (its EXEC) that the instruction reads or writes (its EXEC); an instruction reading other lanes than its
EXEC (DPP, lane reads and writes, permutes, MFMA) only where the load wrote all 64 lanes; scalar registers always.
In VGPR indexing mode (``s_set_gpr_idx_on``) a VALU operand names another register than it reads, so VGPRs of
VALU instructions are not checked in a kernel that turns it on.  An instruction whose counter this module does not
know raises ``Unmodelled``.

The state of a wave is a pure function of the instructions it ran (never of data), so states are interned per
kernel (``Automaton``) and a transition is computed once per (instruction, state) (``Automaton.step``): the
wave-by-wave machine (``machine``) follows one state number per wave, the lockstep machine (``lockstep``) an array
of them per batch; both skip an instruction that has no counter and touches no register any load of the kernel
writes (``Automaton.idle``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from frontends.devices.gfx942.errors import Unmodelled

VM_MAX, LGKM_MAX = 63, 15  # gfx940_waitcnt.rst: VM_CNT 0..63 (bits 15:14 and 3:0), LGKM_CNT 0..15 (bits 11:8)
FULL = (1 << 64) - 1
VMEM = ("global_", "buffer_", "scratch_", "flat_")
LDS_LOADS = ("ds_read", "ds_swizzle_b32", "ds_permute_b32", "ds_bpermute_b32")
SMEM_LOADS = ("s_load_", "s_buffer_load_")
# lgkm or exp counter users the simulator does not run (it refuses them anyway): named, never given a class
UNCOUNTED = ("s_memtime", "s_memrealtime", "s_dcache", "s_sendmsg", "s_store", "s_atc_probe", "s_scratch_", "exp",
             "ds_gws", "ds_ordered", "image_", "tbuffer_", "s_icache")
CROSS = ("v_readlane_b32", "v_readfirstlane_b32", "v_writelane_b32", "ds_swizzle_b32", "ds_permute_b32",
         "ds_bpermute_b32", "v_permlane")
ANY_EXEC = ("v_readlane_b32", "v_readfirstlane_b32", "v_writelane_b32")  # lanes chosen by an operand, not EXEC
NSGPR_LOADED = 102  # s0..s101: an SMEM load into another register (VCC, M0, ...) would be read implicitly: refused
_WAIT = re.compile(r"(vmcnt|expcnt|lgkmcnt)\((\d+)\)")
_BASE = {"v": 0, "a": 512, "s": 1024}  # register numbers: VGPRs, AGPRs, SGPRs


def name(reg: int) -> str:
    kind = "s" if reg >= 1024 else "a" if reg >= 512 else "v"
    return f"{kind}{reg - _BASE[kind]}"


def _regs(ops) -> tuple:
    return tuple(_BASE[o.kind] + o.index + i for o in ops if o.kind in _BASE for i in range(o.count))


@dataclass(frozen=True)
class Shape:
    """What one instruction means to the counters, decided once from its text."""
    stream: str  # "" (none), "vm", "lds", "smem" (the load or store's counter), or "wait"
    dests: tuple  # registers the memory operation writes when it completes
    touched: tuple  # registers it reads or writes at issue (checked against outstanding loads)
    scalar: bool  # a scalar instruction: runs whatever EXEC is
    cross: bool  # reads or writes lanes other than its EXEC
    any_exec: bool  # its lanes do not depend on EXEC
    wait: tuple = (VM_MAX, LGKM_MAX)  # s_waitcnt's vmcnt and lgkmcnt


def _wait(ins) -> tuple:
    rest = ins.text.split(None, 1)[1] if " " in ins.text.strip() else ""
    words = [w for w in re.split(r"[\s&]+", rest.strip()) if w]
    if len(words) == 1 and re.fullmatch(r"0x[0-9a-fA-F]+|\d+", words[0]):  # the raw simm16
        v = int(words[0], 0)
        return (v & 0xF) | ((v >> 14) & 3) << 4, (v >> 8) & 0xF
    got = {"vmcnt": VM_MAX, "lgkmcnt": LGKM_MAX, "expcnt": 7}
    for w in words:
        m = _WAIT.fullmatch(w)
        if not m:
            raise Unmodelled(f"s_waitcnt operand {w!r}", ins)
        got[m.group(1)] = int(m.group(2))
    return min(got["vmcnt"], VM_MAX), min(got["lgkmcnt"], LGKM_MAX)


def shape(ins, indexed: bool = False) -> Shape:
    """``ins``'s counter class and registers; ``indexed``: the kernel uses VGPR indexing mode."""
    op = ins.op
    if op == "s_waitcnt":
        return Shape("wait", (), (), True, False, True, _wait(ins))
    if op.startswith(UNCOUNTED) or "atomic" in op:
        raise Unmodelled(f"the wait counter of {op}", ins)
    scalar = op.startswith("s_")
    cross = ins.enc == "dpp" or op.startswith(CROSS) or op.startswith(("v_mfma", "v_smfmac"))
    touched = _regs(ins.ops)
    if indexed and op.startswith("v_"):
        touched = tuple(r for r in touched if r >= 1024)
    stream, dests = "", ()
    if op.startswith(VMEM):
        stream = "vm"
        if "_load" in op:
            dests, touched = _regs(ins.ops[:1]), _regs(ins.ops[1:])
    elif op.startswith("ds_"):
        stream = "lds"
        if op.startswith(LDS_LOADS):
            dests, touched = _regs(ins.ops[:1]), _regs(ins.ops[1:])
        elif not op.startswith("ds_write"):
            raise Unmodelled(f"the wait counter of {op}", ins)
    elif op.startswith(SMEM_LOADS):
        stream = "smem"
        d = ins.ops[0]
        if d.kind != "s" or d.index + d.count > NSGPR_LOADED:
            raise Unmodelled(f"an SMEM load into {d.kind}{d.index}", ins)
        dests, touched = _regs(ins.ops[:1]), _regs(ins.ops[1:])
    return Shape(stream, dests, touched, scalar, cross, op.startswith(ANY_EXEC))


NEUTRAL = Shape("", (), (), True, False, True)

# A state: (vm, lds, smem). vm and lds: tuples of (distance, pc, registers) of outstanding loads, distance the number
# of later operations of their ordered stream; smem: tuple of (pc, registers).  Registers of one load that a later
# one writes again belong to the later one only.
EMPTY = ((), (), ())


def _drop(entries: tuple, regs: frozenset, at: int) -> tuple:
    out = []
    for e in entries:
        keep = tuple(r for r in e[at] if r not in regs)
        if keep:
            out.append((*e[:at], keep))
    return tuple(out)


def _later(entries: tuple, cap: int) -> tuple:
    """One more operation of the ordered stream: every distance grows; a load ``cap`` operations back is done."""
    return tuple((d + 1, pc, regs) for d, pc, regs in entries if d + 1 < cap)


def outstanding(state: tuple) -> dict:
    """register -> (pc of the load that may still write it, its stream)."""
    vm, lds, smem = state
    pending = {}
    for _, p, regs in vm:
        pending.update((r, (p, "vm")) for r in regs)
    for _, p, regs in lds:
        pending.update((r, (p, "lds")) for r in regs)
    for p, regs in smem:
        pending.update((r, (p, "smem")) for r in regs)
    return pending


def hazards(pending: dict, s: Shape) -> tuple:
    """The registers an instruction of shape ``s`` touches that an outstanding load may still write: (register, pc
    of the load, its stream)."""
    if not pending:
        return ()
    found = [(r, *pending[r]) for r in s.touched if r in pending]
    # a load writing what a load of its own ordered stream writes returns after it: no hazard; any other does
    found += [(r, *pending[r]) for r in s.dests if r in pending and (s.stream == "smem" or pending[r][1] != s.stream)]
    return tuple(found)


def advance(state: tuple, pc: int, s: Shape) -> tuple:
    """The state after the instruction at ``pc`` (of shape ``s``)."""
    vm, lds, smem = state
    if s.stream == "wait":
        n_vm, n_lgkm = s.wait
        vm = tuple(e for e in vm if e[0] < n_vm)
        lds = tuple(e for e in lds if e[0] < n_lgkm)
        return vm, lds, smem if n_lgkm else ()
    if not s.stream:  # no counter: the outstanding loads stay as they are
        return state
    if s.dests:
        mine = frozenset(s.dests)
        vm, lds, smem = _drop(vm, mine, 2), _drop(lds, mine, 2), _drop(smem, mine, 1)
    if s.stream == "vm":
        vm = _later(vm, VM_MAX) + (((0, pc, s.dests),) if s.dests else ())
    elif s.stream == "lds":
        lds = _later(lds, LGKM_MAX) + (((0, pc, s.dests),) if s.dests else ())
    elif s.stream == "smem":
        smem = smem + ((pc, s.dests),)
    return vm, lds, smem


class Automaton:
    """One kernel's interned states (number 0 is the empty one) and its transitions, computed as waves meet them."""

    def __init__(self, kernel, known):
        self.code, self.known = kernel.code, known
        self.indexed = any(ins.op == "s_set_gpr_idx_on" for ins in kernel.code)
        self.states, self.number = [EMPTY], {EMPTY: 0}
        self.shapes: list = [None] * len(kernel.code)
        self.table: list[dict] = [{} for _ in kernel.code]  # pc -> {state number: (next number, hazards)}
        self.pending: dict = {}  # state number -> outstanding(state)
        self.idle = self._idle()

    def _idle(self) -> list:
        """Per instruction: it has no counter and touches no register any load of the kernel writes, so it leaves
        every state as it is and meets no hazard (the machines skip it).  None idle where a shape cannot be
        decided before it runs (an instruction that raises when it runs)."""
        try:
            shapes = [self.shape(pc) for pc in range(len(self.code))]
        except Unmodelled:
            return [False] * len(self.code)
        loaded = {r for s in shapes for r in s.dests}
        return [not s.stream and loaded.isdisjoint(s.touched) for s in shapes]

    def shape(self, pc: int) -> Shape:
        s = self.shapes[pc]
        if s is None:
            ins = self.code[pc]  # an instruction outside the simulator raises in its handler, right after this
            s = self.shapes[pc] = shape(ins, self.indexed) if ins.op in self.known else NEUTRAL
        return s

    def step(self, pc: int, sid: int) -> tuple[int, tuple]:
        got = self.table[pc].get(sid)
        if got is None:
            s = self.shape(pc)
            found = hazards(self._outstanding(sid), s) if s.stream != "wait" else ()
            state = advance(self.states[sid], pc, s) if s.stream else self.states[sid]  # most leave it as it is
            nxt = self.number.get(state)
            if nxt is None:
                nxt = self.number[state] = len(self.states)
                self.states.append(state)
            got = self.table[pc][sid] = (nxt, found)
        return got

    def _outstanding(self, sid: int) -> dict:
        got = self.pending.get(sid)
        if got is None:
            got = self.pending[sid] = outstanding(self.states[sid])
        return got


def automaton(kernel, known) -> Automaton:
    """``kernel``'s automaton (made once); ``known``: the opcodes the simulator runs."""
    a = getattr(kernel, "waits", None)
    if a is None:
        a = kernel.waits = Automaton(kernel, known)
    return a


def lanes(s: Shape, exec_: int, loaded: int, reg: int) -> int:
    """The lanes where an instruction of shape ``s`` run under ``exec_`` meets a load that wrote ``loaded``: a mask
    (0: none, so no hazard)."""
    if reg >= 1024:  # an SGPR: scalar, read by a vector instruction only where it runs
        return FULL if (s.scalar or s.any_exec or exec_) else 0
    if s.cross:
        return loaded if loaded == FULL and (exec_ or s.any_exec) else 0
    return exec_ & loaded
