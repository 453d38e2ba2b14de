"""A PTX simulator: the device kernelfuzz runs CUDA code on where no NVIDIA GPU is.

What enters: IREE's program after ``--compile-to=executable-targets`` (its host-side stream program, run by
``frontends/devices/iree_stream.py``) and the PTX of its executables (``--iree-hal-dump-executable-files-to``), or one
PTX kernel with its launch (``launch_ptx``: TVM's NVRTC output); what leaves: the outputs, or an exception that says
why there are none: ``CannotSimulate`` (outside this model: never a finding) or a ``KernelFault`` (what a GPU would
leave undefined or compute-sanitizer report: an out-of-bounds access, an uninitialised register read, a
shared-memory race, a barrier deadlock, a division by zero).

What it models: the PTX ISA's definitions of the instructions IREE 3.10-3.13 and NVRTC emit for kernelfuzz's
generated cases (``decode`` -> records; one module per family: ``ops_int``, ``ops_float``, ``ops_cvt``,
``ops_move``, ``ops_warp``, each instruction's scalar definition, with array forms in ``vops``, ``vops_float``,
``vops_warp``), registers at their declared widths, global memory as the host program allocates it, shared memory per
block with a race shadow, local memory per thread.  ``machine`` picks the machine that runs a launch: the vector
machine (``vector``, ``vlaunch``: every thread of a batch of blocks in lockstep as arrays) or the thread-at-a-time
reference machine (``reference``) it is tested against and falls back to for a fault; both report the same.  A
result that depends on the threads' order shows as a race, never as a value.
What it does not model: timing, caches, memory consistency between blocks, and the driver's own PTX -> SASS
compile (ptxas may contract an unrounded ``add``/``mul`` into an FMA, and its bugs are invisible here); approximate
instructions follow the model stated in ``ops_float``.  Anything outside the model raises, naming the instruction,
type or modifier.

usage (command line): ``python -m frontends.devices.ptx ET.mlir PTX_DIR in0.npy ...`` prints the outputs.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from frontends.devices import iree_stream
from frontends.devices.ptx.decode import parse
from frontends.devices.ptx.errors import CannotSimulate, KernelFault
from frontends.devices.ptx.machine import family, launch
from frontends.devices.ptx.state import FILL, Memory

__all__ = ["CannotSimulate", "KernelFault", "FILL", "Memory", "kernels", "over_reads", "run_module", "simulate",
           "unwritten"]


def kernels(ptx_texts) -> dict:
    out = {}
    for text in ptx_texts:
        out.update(parse(text, family))
    return out


def simulate(et_text: str, ptx_texts, inputs: list[np.ndarray], function: str = "main",
             stats: dict | None = None, memory: Memory | None = None) -> list[np.ndarray]:
    """Run ``@function`` of an executable-targets program on its PTX; ``stats`` receives what the memory noted
    without stopping (reads past the end of a buffer inside its allocation, unwritten register reads)."""
    ks = kernels(ptx_texts)
    memory = memory or Memory()
    if stats is not None:
        memory.stats = stats

    def run(name, grid, block, local, args):
        if name not in ks:
            raise CannotSimulate(f"dispatch of {name}: no PTX entry of that name")
        launch(ks[name], memory, args, grid, block, local)
    return iree_stream.run(et_text, inputs, memory, run, FILL, function)


def run_module(et_path: str, ptx_dir: str, inputs: list[np.ndarray], **options) -> list[np.ndarray]:
    """``simulate`` on files: the executable-targets program and the folder its PTX was dumped to."""
    return simulate(Path(et_path).read_text(), [p.read_text() for p in sorted(Path(ptx_dir).glob("*.ptx"))],
                    inputs, **options)


def over_reads(stats: dict) -> int:
    """Reads past a buffer's size, inside its allocation or outside every one (``simulate``'s ``stats``)."""
    return stats.get("reads past the end of a buffer", 0) + stats.get("reads outside every allocation", 0)


def unwritten(a: np.ndarray) -> np.ndarray:
    """Mask of the elements that still hold the fill byte (no dispatch wrote them)."""
    b = a.view(np.uint8).reshape(a.shape + (a.dtype.itemsize,))
    return (b == FILL).all(axis=-1)
