"""Where gfx942 code runs: on a HIP device the HIP runtime finds, else on the gfx942 simulator
(``frontends/devices/gfx942``).

One place decides it for every gfx942 configuration (IREE's, the TOSA one, TVM's ROCm ones), by the rule all
simulated devices share (``frontends/devices/simulation.py``: a real device preferred, ``KERNELFUZZ_SIMULATE=1``
forces the simulator).  The device is one the HIP runtime lists (``hipGetDeviceCount`` of ``libamdhip64``, asked
through ctypes: the library IREE's ``hip`` driver, which would run the module, loads; no compiler package is
imported here); its architecture is not asked: a HIP device that is not gfx942 refuses the code object when it
loads it (a runtime error naming the device), and ``KERNELFUZZ_SIMULATE=1`` then runs the simulator instead.  A simulated configuration
is reported as running with ``simulated`` set; every result names its executor (``FACTS``), which says that no AMD
hardware checked the simulator.

The simulator is reached as a device (``frontends/devices/gfx942/device.py``: the faults its report shows, what it
observes) through ``simulation.device("gfx942", ...)``; ``simulation.outcome`` maps what it raises to the engine's
terms.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import functools

from frontends.devices.simulation import forced, prefer_device
from fuzz.execute.backend import Availability

EXECUTOR = ("simulated: kernelfuzz gfx942 simulator (not an AMD GPU: no AMD hardware has checked the simulator; "
            "the AMDGPU driver and firmware are not modelled)")
FACTS = {"executor": EXECUTOR}
SIMULATOR = "gfx942 simulator (no AMD hardware has checked it)"


HIP_LIBRARY = "libamdhip64.so"  # the HIP runtime, where the loader finds it by this name


@functools.cache
def device_count() -> tuple[int, str]:
    """(HIP devices the HIP runtime lists here, why none)."""
    try:
        hip = ctypes.CDLL(ctypes.util.find_library("amdhip64") or HIP_LIBRARY)
    except OSError as e:
        return 0, f"no HIP runtime ({str(e).splitlines()[0][:120] if str(e) else type(e).__name__})"
    count = ctypes.c_int(0)
    status = hip.hipGetDeviceCount(ctypes.byref(count))
    if status != 0 or count.value == 0:
        return 0, f"the HIP runtime lists no device (hipGetDeviceCount status {status})"
    return count.value, ""


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
