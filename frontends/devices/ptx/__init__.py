"""A PTX simulator: the device kernelfuzz runs CUDA code on where no NVIDIA GPU is.

What enters: PTX kernels (IREE's executables, ``--iree-hal-dump-executable-files-to``; TVM's NVRTC output) and
their launches, through the device interface (``device.Device``: memory, ``launch(name, args, grid, block, local)``,
the observed facts) that a compiler's host side drives (IREE's stream program: ``frontends/iree/host.py``); what
leaves: the memory as the kernels left it, or one of the core's errors (``frontends/devices/errors.py``) that says
why there is none: ``CannotSimulate`` (the core's ``NotModelled``: outside this model, never a finding) or a
``KernelFault`` (the core's ``Fault``: what a GPU would leave undefined or compute-sanitizer report: an
out-of-bounds access, an uninitialised register read, a shared-memory race, a global store whose value depends on the
threads' order, a barrier deadlock, a thread that never
ends, a division by zero).

What it models: the PTX ISA's definitions of the instructions IREE 3.10-3.13 and NVRTC emit for kernelfuzz's generated
cases (``decode`` -> records; one module per family: ``ops_int``, ``ops_float``, ``ops_cvt``, ``ops_move``,
``ops_warp``, ``ops_wmma``, each instruction's scalar definition, with array forms in ``vops``, ``vops_float``,
``vops_warp``, ``vops_wmma``), registers at their declared widths, global memory as the host program allocates it,
shared memory per block with a race shadow, local memory per thread.  ``machine`` picks the machine that runs a launch:
the vector machine (``vector``, ``vlaunch``: every thread of a batch of blocks in lockstep as arrays) or the
thread-at-a-time reference machine (``reference``) it is tested against and falls back to for a fault; both report the
same.  A result that depends on the threads' order shows as a race, never as a value.
What it does not model: timing, caches, memory consistency between blocks, and the driver's own PTX -> SASS
compile (ptxas may contract an unrounded ``add``/``mul`` into an FMA, and its bugs are invisible here); approximate
instructions follow the model stated in ``ops_float``.  Anything outside the model raises, naming the instruction,
type or modifier.
"""
from __future__ import annotations

import numpy as np

from frontends.devices.ptx.device import kernels
from frontends.devices.ptx.errors import CannotSimulate, KernelFault
from frontends.devices.ptx.state import FILL, Memory

__all__ = ["CannotSimulate", "KernelFault", "FILL", "Memory", "kernels", "over_reads", "unwritten"]


def over_reads(stats: dict) -> int:
    """Reads past a buffer's size, inside its allocation or outside every one (``simulate``'s ``stats``)."""
    return stats.get("reads past the end of a buffer", 0) + stats.get("reads outside every allocation", 0)


def unwritten(a: np.ndarray) -> np.ndarray:
    """Mask of the elements that still hold the fill byte (no dispatch wrote them)."""
    b = a.view(np.uint8).reshape(a.shape + (a.dtype.itemsize,))
    return (b == FILL).all(axis=-1)
