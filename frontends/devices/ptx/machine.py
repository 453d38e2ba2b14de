"""Which machine runs a launch: the vector machine (``vector.py``, every thread of a batch of blocks in lockstep as
arrays) by default, or the thread-at-a-time reference machine (``reference.py``) where ``KERNELFUZZ_PTX_ENGINE``
(``ENGINE_ENV``) is ``reference``.  Both give the same outputs and the same facts (the vector machine is tested
against the reference on the H200's outputs and on generated cases); the reference is kept as that test's oracle
and for the exact first fault of a faulting launch.

``family`` maps a decoded instruction to its scalar family function (``decode.parse``'s hook); the vector machine
builds its array form from the same record when it first runs it.
"""
from __future__ import annotations

from frontends.devices.ptx import reference, vlaunch
from fuzz import settings
from frontends.devices.ptx.reference import MAX_STEPS, family

ENGINE_ENV = settings.PTX_ENGINE.name
ENGINES = {"vector": vlaunch.launch, "reference": reference.launch}

__all__ = ["ENGINE_ENV", "MAX_STEPS", "engine", "family", "launch"]


def engine() -> str:
    name = settings.get(settings.PTX_ENGINE) or "vector"
    if name not in ENGINES:
        raise ValueError(f"{ENGINE_ENV}={name!r}: set it to one of {', '.join(ENGINES)}")
    return name


def launch(kernel, memory, args: list[int], grid, block, dynamic_shared: int = 0):
    """Run ``kernel`` over the grid on the chosen machine; returns the threads of the last block, as they ended."""
    return ENGINES[engine()](kernel, memory, args, grid, block, dynamic_shared)
