"""IREE's CUDA configurations on the PTX simulator (where ``frontends/devices/cuda_sim.py`` says so).

The configuration's own compile, split where the host program and the kernels part: ``iree-compile
--compile-to=executable-targets`` (the stream program, kept as ``et.mlir``; ``SPLIT``), then ``--compile-from=
executable-targets`` with the executables dumped (the PTX the driver would be given; ``finish``).  The handle is a
``Program`` (the host program's text and the PTX), which runs in ``frontends/devices/ptx`` and travels as an
``Artifact`` to a worker that has no compiler (``run_artifact``).  The same two commands and
``python -m frontends.devices.ptx et.mlir ptx in0.npy ...`` reproduce a run by hand (``commands``).
"""
from __future__ import annotations

import shlex
import subprocess
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from frontends.devices import cuda_sim
from fuzz.execute.backend import Artifact, CompilerFailure

SPLIT = ("--compile-to=executable-targets",)
FINISH = ("--compile-from=executable-targets", "--iree-hal-dump-executable-files-to=ptx")


@dataclass(frozen=True)
class Program:
    host: str  # the program after --compile-to=executable-targets
    ptx: tuple[str, ...]  # the PTX of its executables


def finish(tool: str, flags: list[str], workdir: str, timeout: float) -> Program:
    """After ``iree-compile ... SPLIT -o kernel.vmfb`` (which wrote the host program there): its PTX."""
    work = Path(workdir)
    (work / "kernel.vmfb").replace(work / "et.mlir")
    for old in (work / "ptx").glob("*"):
        old.unlink()
    try:
        p = subprocess.run([tool, "et.mlir", *flags, *FINISH, "-o", "kernel.vmfb"], capture_output=True, text=True,
                           timeout=timeout, cwd=workdir)
    except subprocess.TimeoutExpired:
        raise CompilerFailure(f"iree-compile (from executable-targets) timed out after {timeout:.0f} s",
                              crashed=True) from None
    if p.returncode:
        raise CompilerFailure(f"iree-compile (from executable-targets) failed (status {p.returncode}):\n"
                              f"{p.stderr[-3000:]}", crashed=p.returncode < 0)
    return Program((work / "et.mlir").read_text(), tuple(f.read_text() for f in sorted((work / "ptx").glob("*.ptx"))))


def run(program: Program, function: str, inputs: list[np.ndarray]) -> list[np.ndarray]:
    from frontends.devices.ptx import simulate
    return cuda_sim.outcome(lambda: simulate(program.host, program.ptx, inputs, function))


def export(program: Program, function: str) -> Artifact:
    return Artifact(__name__, {"host": program.host, "ptx": list(program.ptx), "function": function})


def run_artifact(payload: dict, inputs: list[np.ndarray]) -> list[np.ndarray]:
    return run(Program(payload["host"], tuple(payload["ptx"])), payload["function"], inputs)


def commands(flags: list[str], inputs: list[str]) -> list[str]:
    """The shell lines that rebuild and simulate a case from ``kernel.mlir`` (from a kernelfuzz checkout)."""
    f = shlex.join(flags)
    return [f"iree-compile kernel.mlir {f} {SPLIT[0]} -o et.mlir",
            f"iree-compile et.mlir {f} {' '.join(FINISH)} -o kernel.vmfb",
            f"PYTHONPATH=KERNELFUZZ python3 -m frontends.devices.ptx et.mlir ptx {' '.join(inputs)}"]
