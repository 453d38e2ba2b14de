"""The rules every simulated device shares (``cuda_sim`` for the PTX simulator, ``hip_sim`` for gfx942's): a real
device is preferred where it runs the code; ``KERNELFUZZ_SIMULATE=1`` (``SIM_ENV``) forces the simulators even
there, for comparison; a simulated configuration is reported as running with ``simulated`` set and the reason; and
what a simulation observed without stopping goes to the result's facts as ``{"count": n, "first": [...]}``; a
simulated run may take ``RUN_TIMEOUT_FACTOR`` times the run timeout (``run_timeout``).

One device interface (``Device``), which a compiler's host side (``frontends/iree/host.py``,
``frontends/tvm/simulated.py``) drives without knowing the simulator: ``alloc``/``view`` place and read buffers,
``launch(name, args, grid, block, local)`` runs one kernel; ``run(device, host)`` gives ``host(device)``'s outputs
and the run's facts, or the ``ProgramFailure`` that says why there are none (``outcome``, the one place the core's
errors, ``frontends/devices/errors.py``, become the engine's terms: ``NotModelled`` is the emulator's limit, verdict
``emulator-unsupported``, never a finding; a ``Fault`` is the program's, named by its symptom, a ``Runaway`` one a
``hang``, verdict ``timeout``).
"""
from __future__ import annotations

import importlib
from typing import Callable, Protocol

from frontends.devices.errors import Fault, NotModelled
from fuzz import settings
from fuzz.execute.backend import Availability, ProgramFailure, note_run

SIM_ENV = settings.SIMULATE.name


def forced() -> bool:
    return (settings.get(settings.SIMULATE) or "0") != "0"


def prefer_device(device: Availability, simulator: str) -> Availability:
    """``device`` where it runs the code and the simulators are not forced, else the simulator, saying why."""
    if device.status == "runs" and not forced():
        return device
    reason = f"{SIM_ENV} is set" if forced() else device.why
    return Availability("runs", f"simulated on kernelfuzz's {simulator} ({reason})", simulated=True)


def seen(count: int, first: list) -> dict:
    """One observed fact: how often, and the first places (kernel, instruction, register or offset)."""
    return {"count": count, "first": list(first)} if count else {"count": 0}


# A simulator runs a kernel about 10^4 times slower than the device (the seed's slowest gfx942 configuration
# executes 7.3 million wave instructions: minutes), and it ends a program that does not end itself (a step limit per
# wave or thread: frontends/devices/gfx942/machine.py, simcore.MAX_STEPS), so the wall-clock limit that catches hangs
# on a device can be longer for it without hiding one.
RUN_TIMEOUT_FACTOR = 5.0


def run_timeout(simulated: bool, timeout: float) -> float:
    """The wall-clock limit of a run whose configuration is (or is not) simulated, given the run timeout."""
    return timeout * RUN_TIMEOUT_FACTOR if simulated else timeout


class Device(Protocol):
    """A simulated device, as a host side sees it (``ptx.device.Device``, ``gfx942.device.Device``)."""

    fill: int  # the byte fresh allocations hold (no one wrote them)

    def alloc(self, size: int, fill: int) -> int: ...

    def view(self, address: int, n: int) -> tuple: ...  # (a buffer, the offset of ``address`` in it)

    def launch(self, name: str, args: list[int], grid: tuple, block: tuple, local: int = 0) -> None: ...

    def observed(self) -> dict: ...  # the run's facts (what it observed without stopping)

    def check(self) -> None: ...  # raises the fault the finished run shows, if any

    def watching(self): ...  # a context that shows a long run's progress


DEVICES = {"ptx": "frontends.devices.ptx.device", "gfx942": "frontends.devices.gfx942.device"}  # imported lazily


def device(simulator: str, texts=(), **options) -> Device:
    """A fresh simulated device of ``simulator`` (a key of ``DEVICES``) holding the kernels of ``texts``."""
    return importlib.import_module(DEVICES[simulator]).Device(texts, **options)


def outcome(run: Callable[[], list], device: Device) -> list:
    """``run()``'s outputs, or the ProgramFailure that says why the simulation gave none; the device's observations
    go to the result's facts either way (``fuzz.execute.backend.note_run``)."""
    try:
        with device.watching():
            outputs = run()
            device.check()
        return outputs
    except NotModelled as e:
        raise ProgramFailure(f"simulated: {e}", "emulator") from None
    except Fault as e:
        raise ProgramFailure(f"simulated: {e.symptom}: {e}", e.kind) from None
    except RecursionError:
        raise ProgramFailure("simulated: cannot simulate this program (recursion)", "emulator") from None
    finally:
        note_run(device.observed())


def run(device: Device, host: Callable[[Device], list]) -> list:
    """The outputs of a host program ``host(device)`` that places its buffers and launches its kernels on
    ``device`` (see ``outcome``)."""
    return outcome(lambda: host(device), device)
