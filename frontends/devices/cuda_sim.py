"""Where CUDA code runs: on the NVIDIA device the driver finds, else on the PTX simulator (``frontends/devices/ptx``).

One place decides it for every CUDA configuration (IREE's and TVM's): a real device is preferred where the driver
runs the configuration's PTX; ``KERNELFUZZ_SIMULATE=1`` (``SIM_ENV``) forces the simulator even there, for
comparison (the rule all simulated devices share: ``frontends/devices/simulation.py``). A simulated configuration is
reported as running, with ``simulated`` set, and every result it gives names its executor in its facts (``FACTS``),
so a simulated verdict is never taken for a device's, and what the simulation observed without stopping
(``ptx.device.observed``: reads of unwritten registers and of allocation padding, which a GPU would return anything
for).
The simulator is reached as a device (``frontends/devices/ptx/device.py``: what it observes, its progress on the
terminal) through ``simulation.device("ptx", ...)``; ``simulation.outcome`` maps what it raises to the engine's terms.

What the simulator cannot see: the driver's own PTX -> SASS compile (ptxas), timing, caches; its approximations are
stated in ``frontends/devices/ptx/ops_float.py``.
"""
from __future__ import annotations

from frontends.devices.simulation import SIM_ENV, forced, prefer_device
from fuzz.execute.backend import Availability

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
