"""The gfx942 simulator as a device, behind the interface every simulated device gives (``simulation.Device``): a
memory the host side places buffers in (``alloc``, ``view``: HIP's allocations, ``memory.Memory``), ``launch(name,
args, grid, block, local)`` running one kernel of the ``.rocmasm`` texts it was given, and ``observed()``, the run's
facts.

A launch's ``args`` are the kernel's explicit arguments in the order its metadata lists them (the ``global_buffer``
pointers and the ``by_value`` constants: IREE's HIP HAL gives the binding pointers, then the push constants; TVM its
buffers' pointers and its dims), laid out with the hidden ones by ``kernarg``; ``local`` is the dynamic LDS
(hipModuleLaunchKernel's sharedMemBytes: IREE's export's ``workgroup_local_memory``, TVM's dynamic shared memory).
What hardware would not flag is kept in the run's ``Report``: ``check()`` raises the core's fault for what a GPU
would fault on or leave to the schedule (an access outside every allocation or outside the LDS or scratch segment,
an LDS race between barriers); ``observed()`` gives what hardware defines and does not flag: out-of-range buffer
accesses (loads read 0, stores are dropped: IREE masks tile edges this way) and reads past an allocation's end
inside its runtime granule (a kernarg segment's pool slack: LLVM widens kernarg loads), each with its first places,
and, only where a run makes them, loads of private (scratch) bytes no store of the lane wrote
(``unwritten_private_reads``: they read ``FILL`` here, whatever the scratch held on hardware; a fact, as the other
unwritten reads are, not a fault), and reads of SGPRs that neither the ABI's initial state nor an instruction of the
wave wrote (``unwritten_sgpr_reads``: hardware leaves them undefined, the simulator reads 0; a fact, not a fault:
the verdict stays what the values give, and the fact tells that they may hold no answer).  An instruction that
reads or writes a register an outstanding load may still write (``waitcnt``: a missing ``s_waitcnt``) is both a
fact, ``reads_before_wait``, with its first places, and the run's fault (``MissingWait``): hardware would read the
old value, or lose the new one, so the compiled code is wrong whatever the simulation's values say.
"""
from __future__ import annotations

from frontends.devices import progress
from frontends.devices.errors import GlobalRace, MissingWait, OutOfBounds, Race
from frontends.devices.gfx942.asm import parse
from frontends.devices.gfx942.errors import Report, Unmodelled
from frontends.devices.gfx942.kernarg import kernarg
from frontends.devices.gfx942.launch import launch
from frontends.devices.gfx942.memory import FILL, Memory
from frontends.devices.simulation import seen

FIRST = 3  # places kept per observed fact
EXPLICIT = ("global_buffer", "by_value")


def kernels(asm_texts) -> dict:
    """The kernels of the assembly texts by name, decoded into instruction records."""
    out = {}
    for text in asm_texts:
        out.update(parse(text))
    return out


def observed(report: Report) -> dict:
    """The run facts of a simulation (see the module docstring)."""
    first = [f"{k}: {text} ({lanes} lanes, offset {off})" for k, text, lanes, off in report.oob_buffer[:FIRST]]
    over = [f"{k}: {n} bytes at offset {off} of a {size}-byte {what} ({lanes} lanes)"
            for k, what, off, n, size, lanes in report.overreads[:FIRST]]
    facts = {"out_of_range_buffer_accesses": seen(len(report.oob_buffer), first),
             "reads_past_allocation_end": seen(len(report.overreads), over)}
    if report.unwritten_private:  # only where seen: the facts of every run without such reads stay as recorded
        facts["unwritten_private_reads"] = seen(len(report.unwritten_private), [
            f"{k}: {text} (workgroup {wg}, wave {wave}, lane {lane}, offset {off}; {lanes} lanes)"
            for k, wg, wave, text, lane, off, lanes in report.unwritten_private[:FIRST]])
    if report.unwritten_sgpr:  # only where seen, as above
        facts["unwritten_sgpr_reads"] = seen(len(report.unwritten_sgpr), [
            f"{k}: `{text}` reads s{reg}, which neither the ABI nor an instruction wrote (workgroup {wg}, wave {wave})"
            for k, wg, wave, text, reg in report.unwritten_sgpr[:FIRST]])
    if report.missing_waits:  # only where seen, as above; device.fault makes it the run's fault too
        facts["reads_before_wait"] = seen(len(report.missing_waits), [_missing(m) for m in report.missing_waits[:FIRST]])
    return facts


def _missing(m: tuple) -> str:
    k, wg, wave, pc, text, reg, load, lane, lanes = m
    where = f"lane {lane}; {lanes} lanes" if lanes else "scalar"
    return f"{k}: `{text}` (instruction {pc}, workgroup {wg}, wave {wave}) touches {reg} before `{load}` returns ({where})"


def fault(report: Report):
    """The fault the report shows (None: nothing a GPU would fault on or leave to the schedule)."""
    if report.oob_global:
        k, kind, addr = report.oob_global[0]
        return OutOfBounds(f"{len(report.oob_global)} global {kind}s outside every allocation, first in {k} at "
                           f"{addr:#x}")
    if report.oob_local:
        k, what, lanes = report.oob_local[0]
        return OutOfBounds(f"{what} outside its segment in {k} ({lanes} lanes)")
    if report.lds_races:
        k, wg, what, byte = report.lds_races[0]
        return Race(f"{len(report.lds_races)} LDS races between barriers, first in {k} workgroup {wg} at `{what}` "
                    f"byte {byte}")
    if report.global_races:
        k, what = report.global_races[0]
        return GlobalRace(f"{what} (in {k})")
    if report.missing_waits:
        k, wg, wave, pc, text, reg, load, lane, lanes = report.missing_waits[0]
        where = f"lane {lane}; {lanes} lanes" if lanes else "scalar"
        # the instructions first, the kernel after: a campaign buckets a failure by its message's start
        return MissingWait(f"{len(report.missing_waits)} register accesses before the s_waitcnt of their load, "
                           f"first `{text}` touching {reg} before `{load}` returns, in {k} (instruction {pc}, "
                           f"workgroup {wg}, wave {wave}; {where})")
    return None


def split(kernel, args: list[int]) -> tuple[list[int], list[int]]:
    """``args`` in metadata order -> (the global_buffer pointers, the by_value constants)."""
    kinds = [a[".value_kind"] for a in kernel.meta.get(".args", []) if a[".value_kind"] in EXPLICIT]
    pointers = [v for v, kind in zip(args, kinds) if kind == "global_buffer"]
    return pointers, [v for v, kind in zip(args, kinds) if kind == "by_value"] + list(args[len(kinds):])


class Device:
    """One simulated run's device: its memory, its report and the kernels of ``texts`` (decoded on the first launch,
    so that a refusal at decode is the run's); ``counts`` (a dict), when given, receives the instructions
    executed."""

    fill = FILL

    def __init__(self, texts=(), memory: Memory | None = None, report: Report | None = None, counts=None):
        self.texts, self.code = tuple(texts), None
        self.memory = memory if memory is not None else Memory()
        self.report = report if report is not None else Report()
        self.counts = counts

    def alloc(self, size: int, fill: int) -> int:
        return self.memory.alloc(size, fill)

    def view(self, address: int, n: int):
        return self.memory.view(address, n)

    def launch(self, name: str, args: list[int], grid: tuple, block: tuple, local: int = 0) -> None:
        """Run kernel ``name`` over ``grid`` workgroups of ``block`` work-items with ``local`` bytes of dynamic
        LDS."""
        if self.code is None:
            self.code = kernels(self.texts)
        k = self.code.get(name)
        if k is None:
            raise Unmodelled(f"a launch of {name}, which no assembly given defines")
        grid, block = tuple(grid), tuple(block)
        pointers, constants = split(k, args)
        progress.launch(name, grid[0] * grid[1] * grid[2] * block[0] * block[1] * block[2])
        launch(k, grid, block, kernarg(k, pointers, constants, grid, block, self.memory, local), self.memory,
               self.report, self.counts, local)

    def observed(self) -> dict:
        return observed(self.report)

    def check(self) -> None:
        failure = fault(self.report)
        if failure is not None:
            raise failure

    def watching(self):
        return progress.watching()
