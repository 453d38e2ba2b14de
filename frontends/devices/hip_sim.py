"""Where gfx942 code runs: on a HIP device IREE's runtime finds, else on the gfx942 simulator
(``frontends/devices/gfx942``).

One place decides it for every gfx942 configuration (IREE's, the TOSA one, TVM's ROCm ones), by the rule all
simulated devices share (``frontends/devices/simulation.py``: a real device preferred, ``KERNELFUZZ_SIMULATE=1``
forces the simulator).  The device is the one IREE's ``hip`` driver lists (the driver that would run the module);
its architecture is not asked: a HIP device that is not gfx942 refuses the code object when it loads it (a runtime
error naming the device), and ``KERNELFUZZ_SIMULATE=1`` then runs the simulator instead.  A simulated configuration
is reported as running with ``simulated`` set; every result names its executor (``FACTS``), which says that no AMD
hardware checked the simulator.

``outcome`` maps a simulation to the engine's terms: ``Unmodelled`` (an instruction or modifier outside the model)
and the host side's ``CannotSimulate`` are the emulator's limit (verdict ``emulator-unsupported``, never a
finding); what the program did wrong is a ``ProgramFailure`` named by its symptom: an access outside every
allocation or outside the LDS or scratch segment (``out-of-bounds``), an LDS race between barriers, a wave that
never ends (``hang``), any other ``SimError`` (a register beyond those the kernel declares).  What a run observed
that hardware defines and does not flag, out-of-range buffer accesses (loads read 0, stores are dropped: IREE masks
tile edges this way) and reads past an allocation's end inside its runtime granule (a kernarg segment's pool slack:
LLVM widens kernarg loads), goes to the result's facts (``observed``).
"""
from __future__ import annotations

import functools

from frontends.devices.simulation import forced, prefer_device, seen
from fuzz.execute.backend import Availability, ProgramFailure

EXECUTOR = ("simulated: kernelfuzz gfx942 simulator (not an AMD GPU: no AMD hardware has checked the simulator; "
            "the AMDGPU driver and firmware are not modelled)")
FACTS = {"executor": EXECUTOR}
SIMULATOR = "gfx942 simulator (no AMD hardware has checked it)"
FIRST = 3  # places kept per observed fact


@functools.cache
def device_count() -> tuple[int, str]:
    """(HIP devices IREE's runtime lists here, why none)."""
    try:
        import iree.runtime as rt
    except ImportError:
        return 0, "iree-base-runtime is not installed"
    try:
        return len(rt.get_driver("hip").query_available_devices()), "IREE's hip driver lists no device"
    except (RuntimeError, ValueError, OSError) as e:
        return 0, f"no HIP runtime ({str(e).splitlines()[0][:120] if str(e) else type(e).__name__})"


def device_availability() -> Availability:
    n, why = device_count()
    return Availability("runs", f"{n} hip device(s)") if n else Availability("compile-only", f"no HIP device: {why}")


def availability() -> Availability:
    return prefer_device(device_availability(), SIMULATOR)


def simulated() -> bool:
    return availability().simulated


def facts() -> dict:
    """What a result records about where it ran."""
    from frontends.devices import cuda_driver
    return dict(FACTS) if simulated() else {"executor": "device", **cuda_driver.device_facts("hip")}


def observed(report) -> dict:
    """The run facts of a simulation: out-of-range buffer accesses (0 read or store dropped, as on hardware), with
    the first places (kernel: instruction, lanes, byte offset), and reads past an allocation's end inside what the
    runtime allocated with it (no fault on hardware; the bytes past the end read as unwritten memory, so a kernel
    that uses them comes out wrong), with the first places (kernel: the read, the allocation)."""
    first = [f"{k}: {text} ({lanes} lanes, offset {off})" for k, text, lanes, off in report.oob_buffer[:FIRST]]
    over = [f"{k}: {n} bytes at offset {off} of a {size}-byte {what} ({lanes} lanes)"
            for k, what, off, n, size, lanes in report.overreads[:FIRST]]
    return {"out_of_range_buffer_accesses": seen(len(report.oob_buffer), first),
            "reads_past_allocation_end": seen(len(report.overreads), over)}


def fault(report) -> ProgramFailure | None:
    """What the program did that a GPU would fault on or leave to the schedule (None: nothing)."""
    if report.oob_global:
        k, kind, addr = report.oob_global[0]
        return ProgramFailure(f"simulated: out-of-bounds access: {len(report.oob_global)} global {kind}s outside "
                              f"every allocation, first in {k} at {addr:#x}", "out-of-bounds")
    if report.oob_local:
        k, what, lanes = report.oob_local[0]
        return ProgramFailure(f"simulated: out-of-bounds access: {what} outside its segment in {k} ({lanes} lanes)",
                              "out-of-bounds")
    if report.lds_races:
        k, wg, what, byte = report.lds_races[0]
        return ProgramFailure(f"simulated: shared-memory race: {len(report.lds_races)} LDS races between barriers, "
                              f"first in {k} workgroup {wg} at `{what}` byte {byte}")
    return None


def outcome(run, report):
    """``run()``'s outputs, or the ProgramFailure that says why the simulation gave none (see the docstring);
    ``report`` is the run's ``gfx942.Report``, whose observations go to the result's facts either way."""
    from frontends.devices.gfx942.errors import Runaway, SimError, Unmodelled
    from frontends.devices.ptx.errors import CannotSimulate
    from fuzz.execute.backend import note_run
    try:
        outputs = run()
    except (Unmodelled, CannotSimulate) as e:
        raise ProgramFailure(f"simulated: cannot simulate: {e}", "emulator") from None
    except Runaway as e:
        raise ProgramFailure(f"simulated: {e}", "hang") from None
    except SimError as e:
        raise ProgramFailure(f"simulated: {e}", "error") from None
    except RecursionError:
        raise ProgramFailure("simulated: cannot simulate this program (recursion)", "emulator") from None
    finally:
        note_run(observed(report))
    failure = fault(report)
    if failure is not None:
        raise failure
    return outputs
