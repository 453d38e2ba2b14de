"""Which instructions a set of gfx942 listings needs and which of them the simulator models.

usage: python -m frontends.devices.gfx942.coverage DUMP_DIR...   (folders holding ``*.rocmasm``, searched below)

Counts each opcode (with its SDWA/DPP form apart, since those forms are modelled per family) by static occurrence
and by the number of folders using it, and says which ones would raise ``Unmodelled`` when executed.
"""
from __future__ import annotations

import collections
import sys
from dataclasses import dataclass, field
from pathlib import Path

from frontends.devices.gfx942.asm import parse
from frontends.devices.gfx942.machine import TABLE


@dataclass
class Coverage:
    uses: collections.Counter = field(default_factory=collections.Counter)  # form -> static occurrences
    folders: dict = field(default_factory=lambda: collections.defaultdict(set))  # form -> folders using it
    missing: set = field(default_factory=set)  # forms that would raise

    def add(self, folder: str, text: str) -> None:
        for kernel in parse(text).values():
            for ins in kernel.code:
                form = ins.op + (f"_{ins.enc}" if ins.enc in ("sdwa", "dpp") else "")
                self.uses[form] += 1
                self.folders[form].add(folder)
                fn = TABLE.get(ins.op)
                if fn is None or ins.enc in ("sdwa", "dpp") and not getattr(fn, "modifiable", False):
                    self.missing.add(form)

    def lines(self) -> list[str]:
        n = len({f for s in self.folders.values() for f in s})
        blocked = {f for form in self.missing for f in self.folders[form]}
        out = [f"{len(self.uses)} instruction forms in {n} folders; {len(self.uses) - len(self.missing)} modelled; "
               f"{n - len(blocked)} folders need only modelled ones"]
        for form, count in sorted(self.uses.items(), key=lambda kv: (-len(self.folders[kv[0]]), kv[0])):
            mark = "  UNMODELLED" if form in self.missing else ""
            out.append(f"{form:36s} {count:7d} {len(self.folders[form]):5d}{mark}")
        return out


def measure(folders) -> Coverage:
    cov = Coverage()
    for folder in folders:
        for path in sorted(Path(folder).rglob("*.rocmasm")):
            cov.add(str(folder), path.read_text())
    return cov


if __name__ == "__main__":
    print("\n".join(measure(sys.argv[1:]).lines()))
