"""Which machine runs a launch: the vector machine (``vector.py``, every thread of a batch of blocks in lockstep as
arrays) by default, or the thread-at-a-time reference machine (``reference.py``) where ``KERNELFUZZ_PTX_ENGINE``
(``ENGINE_ENV``) is ``reference``.  Both give the same outputs and the same facts (the vector machine is tested
against the reference on the H200's outputs and on generated cases); the reference is kept as that test's oracle
and for the exact first fault of a faulting launch.

A kernel whose ``.local`` arrays need more than CUDA's 512 KiB per thread (``LOCAL_LIMIT``) is refused before either
machine allocates them, as the device refuses it: ptxas stops the module's load ("uses too much local data").

``family`` maps a decoded instruction to its scalar family function (``decode.parse``'s hook); the vector machine
builds its array form from the same record when it first runs it.
"""
from __future__ import annotations

from frontends.devices.errors import OverLimit
from frontends.devices.ptx import reference, vlaunch
from fuzz import settings
from frontends.devices.ptx.reference import MAX_STEPS, family

ENGINE_ENV = settings.PTX_ENGINE.name
ENGINES = {"vector": vlaunch.launch, "reference": reference.launch}
# Local memory per thread, every compute capability (the CUDA C++ Programming Guide's technical specifications table)
LOCAL_LIMIT = 512 * 1024

__all__ = ["ENGINE_ENV", "MAX_STEPS", "engine", "family", "launch"]


def engine() -> str:
    name = settings.get(settings.PTX_ENGINE) or "vector"
    if name not in ENGINES:
        raise ValueError(f"{ENGINE_ENV}={name!r}: set it to one of {', '.join(ENGINES)}")
    return name


def launch(kernel, memory, args: list[int], grid, block, dynamic_shared: int = 0):
    """Run ``kernel`` over the grid on the chosen machine; returns the threads of the last block, as they ended."""
    local = sum(kernel.locals.values())  # without the arrays' alignment: never more than the kernel needs
    if local > LOCAL_LIMIT:
        raise OverLimit(f"{kernel.name}: {local:,} bytes of local memory per thread, over CUDA's {LOCAL_LIMIT:,} "
                        f"(the module does not load: ptxas reports too much local data)")
    return ENGINES[engine()](kernel, memory, args, grid, block, dynamic_shared)
