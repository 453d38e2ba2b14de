"""Where CUDA code runs: on the NVIDIA device the driver finds, else on the PTX simulator (``frontends/devices/ptx``).

One place decides it for every CUDA configuration (IREE's and TVM's): a real device is preferred where the driver
runs the configuration's PTX; ``KERNELFUZZ_SIMULATE=1`` (``SIM_ENV``) forces the simulator even there, for
comparison (the rule all simulated devices share: ``frontends/devices/simulation.py``). A simulated configuration is
reported as running, with ``simulated`` set, and every result it gives names its executor in its facts (``FACTS``),
so a simulated verdict is never taken for a device's, and what the simulation observed without stopping
(``observed``: reads of unwritten registers and of allocation padding, which a GPU would return anything for).
``outcome`` maps what the simulator raises to the engine's ``ProgramFailure``: ``CannotSimulate`` is the emulator's
limit (verdict ``unsupported``, never a finding); a ``KernelFault`` is the program's, named by its symptom.  While it
runs, a launch past ``SHOW_AFTER`` seconds shows its progress on the terminal (thread-instructions, threads,
seconds: ``ptx.vlaunch.PROGRESS``), where stderr is one.

What the simulator cannot see: the driver's own PTX -> SASS compile (ptxas), timing, caches; its approximations are
stated in ``frontends/devices/ptx/ops_float.py``.
"""
from __future__ import annotations

import sys

from frontends.devices.ptx.state import PAST_END, SHUFFLE, UNWRITTEN
from frontends.devices.simulation import SIM_ENV, forced, prefer_device, seen
from fuzz.execute.backend import Availability, ProgramFailure

__all__ = ["SIM_ENV", "forced"]
EXECUTOR = "simulated: kernelfuzz PTX simulator (not a GPU; the driver's PTX to SASS compile is not modelled)"
FACTS = {"executor": EXECUTOR}


def device_availability(sm: str, what: str = "PTX") -> Availability:
    from frontends.devices import cuda_driver
    return cuda_driver.availability(sm, what)


def simulated(sm: str) -> bool:
    """Whether code for ``sm`` runs on the simulator here."""
    return forced() or device_availability(sm).status != "runs"


def availability(sm: str, what: str = "PTX") -> Availability:
    return prefer_device(device_availability(sm, what), "PTX simulator")


def facts(sm: str) -> dict:
    """What a result records about where it ran."""
    from frontends.devices import cuda_driver
    return dict(FACTS) if simulated(sm) else {"executor": "device", **cuda_driver.device_facts("cuda")}


OBSERVED = {"unwritten_register_reads": UNWRITTEN, "padding_reads": PAST_END,
            "undefined_shuffle_reads": SHUFFLE}  # fact -> its key in the simulator's ``Memory.stats``


def observed(memory) -> dict:
    """The run facts of a simulation (``fuzz.execute.backend.note_run``): how often it read a register no
    instruction wrote, and global memory past a buffer's size inside cudaMalloc's 256-byte rounding (both read
    all ones here, any value on a GPU), and shuffles from a lane that is not running (all ones here, undefined in the
    ISA), with the first places of each (kernel, instruction, register or offset)."""
    return {fact: seen(memory.stats.get(kind, 0), memory.places.get(kind, [])) for fact, kind in OBSERVED.items()}


def outcome(run, memory=None):
    """``run()``'s outputs, or the ProgramFailure that says why the simulator gave none; what ``memory`` (the
    run's ``Memory``) observed goes to the result's facts either way (``observed``)."""
    from frontends.devices.ptx import CannotSimulate, KernelFault
    from frontends.devices.ptx.errors import OutOfBounds
    from fuzz.execute.backend import note_run
    from frontends.devices.ptx import vlaunch
    shown, before = [], vlaunch.PROGRESS
    vlaunch.PROGRESS = (lambda p: _show(p, shown)) if sys.stderr.isatty() else before
    try:
        return run()
    except CannotSimulate as e:
        raise ProgramFailure(f"simulated: {e}", "emulator") from None
    except KernelFault as e:
        kind = "out-of-bounds" if isinstance(e, OutOfBounds) else "error"
        raise ProgramFailure(f"simulated: {e.symptom}: {e}", kind) from None
    except RecursionError:
        raise ProgramFailure("simulated: cannot simulate this program (recursion)", "emulator") from None
    finally:
        vlaunch.PROGRESS = before
        if shown:
            print(file=sys.stderr)
        if memory is not None:
            note_run(observed(memory))


SHOW_AFTER = 2.0  # seconds of one launch before its progress shows


def _show(p, shown: list) -> None:
    """One terminal line, rewritten in place, for a launch running past ``SHOW_AFTER`` seconds."""
    if p.elapsed >= SHOW_AFTER:
        shown.append(p)
        print(f"\r  simulating {p.kernel}: {p.instructions / 1e6:.1f} M thread-instructions over {p.lanes} "
              f"threads, {p.elapsed:.0f} s", end="", file=sys.stderr, flush=True)
