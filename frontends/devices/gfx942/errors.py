"""What the gfx942 simulator says when it cannot go on, in the core's errors (``frontends/devices/errors.py``):
``Unmodelled`` is a ``NotModelled`` naming the gfx942 instruction, modifier or operand; ``SimError`` is the core's
``Fault`` (a register beyond those the kernel declares, a wave that runs past its last instruction) and ``Runaway``
the core's (a wave past the step limit).  ``Report`` holds what it records after a launch that completed
(out-of-bounds accesses and LDS races, which hardware would not flag, and reads of unwritten private bytes and
SGPRs);
``device.check`` turns the out-of-bounds accesses and races into faults."""
from __future__ import annotations

from dataclasses import dataclass, field

from frontends.devices.errors import Fault as SimError
from frontends.devices.errors import NotModelled, Runaway

__all__ = ["Report", "Runaway", "SimError", "Unmodelled"]


class Unmodelled(NotModelled):
    """An instruction, modifier or operand outside the model: named, never guessed."""

    def __init__(self, what: str, ins=None):
        where = f" in `{ins.text}` (line {ins.line})" if ins is not None else ""
        NotImplementedError.__init__(self, f"cannot simulate: gfx942 simulator: {what} is not modelled{where}")
        self.what = what


@dataclass
class Report:
    """Accesses a GPU would not flag: out-of-range buffer accesses (hardware returns 0 / drops the store),
    reads past an allocation's end inside its granule, global accesses outside every allocation, and LDS races
    between barriers."""
    oob_buffer: list = field(default_factory=list)  # (kernel, instruction text, lanes, first byte offset)
    oob_global: list = field(default_factory=list)  # (kernel, "read"/"write", address)
    oob_local: list = field(default_factory=list)  # (kernel, instruction text or "LDS", lanes): LDS or scratch
    lds_races: list = field(default_factory=list)  # (kernel, workgroup, instruction text, first byte)
    # global bytes whose value at the kernel's end depends on the order its waves (or one instruction's lanes) ran in
    global_races: list = field(default_factory=list)  # (kernel, the race in words: simcore.GlobalWrites)
    # reads past an allocation's requested end inside what the runtime allocated with it (a kernarg segment's pool
    # slack, a page-rounded allocation's tail): hardware reads whatever lies there; the bytes read as unwritten memory
    overreads: list = field(default_factory=list)  # (kernel, allocation, offset, bytes, its size, lanes)
    # loads of private (scratch) bytes no store of the lane wrote: hardware reads whatever the scratch held before the
    # launch (here ``memory.FILL``); a fact, not a fault (a spill reloads lanes it never stored and ignores them)
    unwritten_private: list = field(default_factory=list)  # (kernel, workgroup, wave, instruction, lane, offset, lanes)
    # reads of SGPRs neither the ABI's initial state nor an instruction of the wave wrote: hardware gives whatever
    # the register held (undefined); the simulator reads 0 there, so a result computed from it is no answer: a fact
    unwritten_sgpr: list = field(default_factory=list)  # (kernel, workgroup, wave, instruction, register)
    # instructions that read or write a register an outstanding load may still write (waitcnt.py): on hardware they
    # read the old value, or lose theirs when the load returns; a fault of the compiled code
    missing_waits: list = field(default_factory=list)  # (kernel, workgroup, wave, pc, text, register, load, lane, lanes)

    def clean(self) -> bool:
        """No access a correct program makes on purpose went wrong (out-of-range buffer accesses are how IREE
        masks edges, and over-reads inside an allocation's granule are how LLVM widens loads: they do not count;
        nor do reads of unwritten private bytes or SGPRs, which a program may make and ignore)."""
        return not (self.oob_global or self.oob_local or self.lds_races or self.global_races or self.missing_waits)

    def summary(self) -> str:
        return (f"{len(self.oob_buffer)} out-of-range buffer accesses (read 0 / dropped), "
                f"{len(self.overreads)} reads past an allocation's end (read as unwritten), "
                f"{len(self.oob_global)} global accesses outside any allocation, "
                f"{len(self.oob_local)} LDS/scratch accesses outside their segment, {len(self.lds_races)} LDS races"
                + (f", {len(self.global_races)} global-memory races" if self.global_races else "")
                + (f", {len(self.unwritten_private)} private reads of unwritten bytes" if self.unwritten_private
                   else "")
                + (f", {len(self.unwritten_sgpr)} reads of unwritten SGPRs" if self.unwritten_sgpr else "")
                + (f", {len(self.missing_waits)} register accesses before their s_waitcnt" if self.missing_waits
                   else ""))
