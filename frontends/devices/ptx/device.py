"""The PTX simulator as a device, behind the interface every simulated device gives (``simulation.Device``): a
memory the host side places buffers in (``alloc``, ``view``), ``launch(name, args, grid, block, local)`` running one
kernel of the PTX texts it was given (decoded on the first launch, so a refusal at decode is the run's), and
``observed()``, the run's facts: reads of registers no instruction wrote, of global memory past a buffer's size
inside cudaMalloc's 256-byte rounding (both all ones here, any value on a GPU) and shuffles from a lane that is not
running (all ones here, undefined in the ISA), with the first places of each (kernel, instruction, register or
offset); and ``alike_shared_stores``, stores by lanes of one warp of the same bytes to a shared byte in one
instruction (defined, so no race: ``state.Shared``), a count only.  A run that lasts shows its progress
(``frontends/devices/progress.py``).
"""
from __future__ import annotations

from frontends.devices import progress
from frontends.devices.ptx.decode import parse
from frontends.devices.ptx.errors import CannotSimulate
from frontends.devices.ptx.machine import family, launch
from frontends.devices.ptx.ops_wmma import check_fragments
from frontends.devices.ptx.state import ALIKE, FILL, PAST_END, SHUFFLE, UNWRITTEN, Memory
from frontends.devices.simulation import seen

OBSERVED = {"unwritten_register_reads": UNWRITTEN, "padding_reads": PAST_END,
            "undefined_shuffle_reads": SHUFFLE, "alike_shared_stores": ALIKE}  # fact -> ``Memory.stats`` key


def kernels(ptx_texts) -> dict:
    """The entries of the PTX texts by name, decoded into instruction records."""
    out = {}
    for text in ptx_texts:
        out.update(parse(text, family))
    for k in out.values():
        if any(ins.op == "wmma" for ins in k.code):
            check_fragments(k)  # a result that could depend on the unspecified fragment layout: refused
    return out


def observed(memory) -> dict:
    """The run facts of a simulation on ``memory`` (``fuzz.execute.backend.note_run``): see the module docstring."""
    return {fact: seen(memory.stats.get(kind, 0), memory.places.get(kind, [])) for fact, kind in OBSERVED.items()}


class Device:
    """One simulated run's device: its memory and the kernels of ``texts``."""

    fill = FILL

    def __init__(self, texts=(), memory: Memory | None = None):
        self.texts, self.code = tuple(texts), None
        self.memory = memory if memory is not None else Memory()

    def alloc(self, size: int, fill: int) -> int:
        return self.memory.alloc(size, fill)

    def view(self, address: int, n: int):
        return self.memory.view(address, n)

    def launch(self, name: str, args: list[int], grid: tuple, block: tuple, local: int = 0) -> None:
        """Run entry ``name`` over ``grid`` blocks of ``block`` threads, ``local`` bytes of dynamic shared memory."""
        if self.code is None:
            self.code = kernels(self.texts)
        if name not in self.code:
            raise CannotSimulate(f"dispatch of {name}: no PTX entry of that name")
        launch(self.code[name], self.memory, args, tuple(grid), tuple(block), local)

    def observed(self) -> dict:
        return observed(self.memory)

    def check(self) -> None:
        """Nothing to check after the run: the PTX machines raise each fault where they meet it."""

    def watching(self):
        return progress.watching()
