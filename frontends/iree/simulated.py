"""IREE's GPU configurations on kernelfuzz's simulators: CUDA on the PTX simulator (where
``frontends/devices/cuda_sim.py`` says so), gfx942 on the gfx942 simulator (where ``frontends/devices/hip_sim.py``
says so).

The configuration's own compile, split where the host program and the kernels part: ``iree-compile
--compile-to=executable-targets`` (the stream program, kept as ``et.mlir``; ``SPLIT``), then ``--compile-from=
executable-targets`` with the executables dumped (the PTX the driver would be given, or the gfx942 assembly of the
code object; ``finish``).  The handle is a ``Program`` (the host program's text, its kernels' text and which
simulator runs them), which runs in ``frontends/devices/ptx`` or ``frontends/devices/gfx942`` and travels as an
``Artifact`` to a worker that has no compiler (``run_artifact``).  The same two commands and
``python -m frontends.devices.<simulator> et.mlir DUMP in0.npy ...`` reproduce a run by hand (``commands``).
"""
from __future__ import annotations

import shlex
import subprocess
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from fuzz.execute.backend import Artifact, CompilerFailure

SPLIT = ("--compile-to=executable-targets",)
DUMP = "kernels"
FINISH = ("--compile-from=executable-targets", f"--iree-hal-dump-executable-files-to={DUMP}")
SIMULATORS = {"cuda": "ptx", "gfx942": "gfx942"}  # IREE target -> frontends.devices.<simulator>
KERNELS = {"ptx": "*.ptx", "gfx942": "*.rocmasm"}  # what the simulator reads from the dump


@dataclass(frozen=True)
class Program:
    host: str  # the program after --compile-to=executable-targets
    kernels: tuple[str, ...]  # the PTX, or the gfx942 assembly, of its executables
    simulator: str = "ptx"  # "ptx" or "gfx942": frontends.devices.<simulator>


def finish(tool: str, flags: list[str], workdir: str, timeout: float, target: str = "cuda") -> Program:
    """After ``iree-compile ... SPLIT -o kernel.vmfb`` (which wrote the host program there): its kernels, compiled
    within ``timeout`` seconds (what the case's compile timeout leaves: ``backend.compile_time_left``)."""
    work = Path(workdir)
    (work / "kernel.vmfb").replace(work / "et.mlir")
    for old in (work / DUMP).glob("*"):
        old.unlink()
    try:
        p = subprocess.run([tool, "et.mlir", *flags, *FINISH, "-o", "kernel.vmfb"], capture_output=True, text=True,
                           timeout=timeout, cwd=workdir)
    except subprocess.TimeoutExpired:  # the compile timeout's remainder ran out: a timeout, never a crash
        raise CompilerFailure(f"iree-compile (from executable-targets) timed out after {timeout:.0f} s",
                              timed_out=True) from None
    if p.returncode:
        raise CompilerFailure(f"iree-compile (from executable-targets) failed (status {p.returncode}):\n"
                              f"{p.stderr[-3000:]}", crashed=p.returncode < 0)
    sim = SIMULATORS[target]
    return Program((work / "et.mlir").read_text(),
                   tuple(f.read_text() for f in sorted((work / DUMP).glob(KERNELS[sim]))), sim)


def _packed(inputs: list[np.ndarray]) -> list[np.ndarray]:
    """int4 inputs as IREE's runtime holds them (two a byte, ``fuzz/case/ops/int4.pack_flat``): the simulators
    copy an input's bytes into device memory as they are, and the kernels read packed nibbles."""
    from fuzz.case.ops.int4 import is_int4, pack_flat
    return [pack_flat(a) if is_int4(a) else a for a in inputs]


def run(program: Program, function: str, inputs: list[np.ndarray]) -> list[np.ndarray]:
    inputs = _packed(inputs)
    if program.simulator == "gfx942":
        from frontends.devices import hip_sim
        from frontends.devices.gfx942 import Report
        from frontends.devices.gfx942.stream import run_program
        report = Report()
        return hip_sim.outcome(lambda: run_program(program.host, program.kernels, inputs, report, function=function),
                               report)
    from frontends.devices import cuda_sim
    from frontends.devices.ptx import Memory, simulate
    memory = Memory()
    return cuda_sim.outcome(lambda: simulate(program.host, program.kernels, inputs, function, memory=memory), memory)


def export(program: Program, function: str) -> Artifact:
    return Artifact(__name__, {"host": program.host, "kernels": list(program.kernels),
                               "simulator": program.simulator, "function": function})


def run_artifact(payload: dict, inputs: list[np.ndarray]) -> list[np.ndarray]:
    program = Program(payload["host"], tuple(payload["kernels"]), payload["simulator"])
    return run(program, payload["function"], inputs)


def commands(flags: list[str], inputs: list[str], target: str = "cuda") -> list[str]:
    """The shell lines that rebuild and simulate a case from ``kernel.mlir`` (from a kernelfuzz checkout)."""
    f = shlex.join(flags)
    return [f"iree-compile kernel.mlir {f} {SPLIT[0]} -o et.mlir",
            f"iree-compile et.mlir {f} {' '.join(FINISH)} -o kernel.vmfb",
            f"PYTHONPATH=KERNELFUZZ python3 -m frontends.devices.{SIMULATORS[target]} et.mlir {DUMP} "
            f"{' '.join(inputs)}"]
