"""The rules every simulated device shares (``cuda_sim`` for the PTX simulator, ``hip_sim`` for gfx942's): a real
device is preferred where it runs the code; ``KERNELFUZZ_SIMULATE=1`` (``SIM_ENV``) forces the simulators even
there, for comparison; a simulated configuration is reported as running with ``simulated`` set and the reason; and
what a simulation observed without stopping goes to the result's facts as ``{"count": n, "first": [...]}``; a
simulated run may take ``RUN_TIMEOUT_FACTOR`` times the run timeout (``run_timeout``).
"""
from __future__ import annotations

from fuzz import settings
from fuzz.execute.backend import Availability

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
