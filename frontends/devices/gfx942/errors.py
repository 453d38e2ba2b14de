"""What the gfx942 simulator says when it cannot go on (``Unmodelled``, ``SimError``) and what it reports after a
launch that completed (``Report``: out-of-bounds accesses and LDS races, which hardware would not flag)."""
from __future__ import annotations

from dataclasses import dataclass, field


class SimError(Exception):
    """The program did something the simulator refuses to continue past (a bad register, a runaway loop)."""


class Runaway(SimError):
    """A wave ran past the step limit: a loop that does not end (a hang on hardware)."""


class Unmodelled(SimError):
    """An instruction, modifier or operand outside the model: named, never guessed."""

    def __init__(self, what: str, ins=None):
        where = f" in `{ins.text}` (line {ins.line})" if ins is not None else ""
        super().__init__(f"gfx942 simulator: {what} is not modelled{where}")


@dataclass
class Report:
    """Accesses a GPU would not flag: out-of-range buffer accesses (hardware returns 0 / drops the store),
    reads past an allocation's end inside its granule, global accesses outside every allocation, and LDS races
    between barriers."""
    oob_buffer: list = field(default_factory=list)  # (kernel, instruction text, lanes, first byte offset)
    oob_global: list = field(default_factory=list)  # (kernel, "read"/"write", address)
    oob_local: list = field(default_factory=list)  # (kernel, instruction text or "LDS", lanes): LDS or scratch
    lds_races: list = field(default_factory=list)  # (kernel, workgroup, instruction text, first byte)
    # reads past an allocation's requested end inside what the runtime allocated with it (a kernarg segment's pool
    # slack, a page-rounded allocation's tail): hardware reads whatever lies there; the bytes read as unwritten memory
    overreads: list = field(default_factory=list)  # (kernel, allocation, offset, bytes, its size, lanes)

    def clean(self) -> bool:
        """No access a correct program makes on purpose went wrong (out-of-range buffer accesses are how IREE
        masks edges, and over-reads inside an allocation's granule are how LLVM widens loads: they do not count)."""
        return not (self.oob_global or self.oob_local or self.lds_races)

    def summary(self) -> str:
        return (f"{len(self.oob_buffer)} out-of-range buffer accesses (read 0 / dropped), "
                f"{len(self.overreads)} reads past an allocation's end (read as unwritten), "
                f"{len(self.oob_global)} global accesses outside any allocation, "
                f"{len(self.oob_local)} LDS/scratch accesses outside their segment, {len(self.lds_races)} LDS races")
