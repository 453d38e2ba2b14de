"""IREE's GPU configurations on kernelfuzz's simulators: CUDA on the PTX simulator (where
``frontends/devices/cuda_sim.py`` says so), gfx942 on the gfx942 simulator (where ``frontends/devices/hip_sim.py``
says so).

The configuration's own compile, split where the host program and the kernels part: ``iree-compile
--compile-to=executable-targets`` (the stream program, kept as ``et.mlir``; ``SPLIT``), then ``--compile-from=
executable-targets`` with the executables dumped (the PTX the driver would be given, or the gfx942 assembly of the
code object; ``finish``).  The handle is a ``Program`` (the host program's text, its kernels' text and which
simulator runs them), which runs in ``frontends/devices/ptx`` or ``frontends/devices/gfx942`` and travels as an
``Artifact`` to a worker that has no compiler (``run_artifact``).  The host program runs in ``host`` on the
simulator's device (``frontends.devices.simulation.device``: ``simulate`` on the PTX simulator, ``run_program`` on
gfx942's, ``run_module`` on files).  The same two commands and ``python -m frontends.iree.simulated SIMULATOR
et.mlir DUMP in0.npy ...`` reproduce a run by hand (``commands``; ``main``).
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
# iree-compile crashed (not rejected) when it died by a signal or printed one of these; the second stage is where
# LLVM's AMDGPU and NVPTX backends run, so their "LLVM ERROR: cannot select" is a crash here as in one compile
CRASH_MARKS = ("Please report issues to", "Stack dump:", "LLVM ERROR", "Assertion `")


def clip(text: str, head: int = 3000, tail: int = 2000) -> str:
    """Diagnostics keep their first error (the cause: an LLVM ERROR above its stack) and their end (the stack)."""
    return text if len(text) <= head + tail else f"{text[:head]}\n[...]\n{text[-tail:]}"


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
    if p.returncode:  # a crash says "died", as one compile's does: the judge names a crash by that notice
        crashed = p.returncode < 0 or any(m in p.stderr for m in CRASH_MARKS)
        raise CompilerFailure(f"iree-compile (from executable-targets) {'died' if crashed else 'failed'} (status "
                              f"{p.returncode}):\n{clip(p.stderr)}", crashed=crashed)
    sim = SIMULATORS[target]
    return Program((work / "et.mlir").read_text(),
                   tuple(f.read_text() for f in sorted((work / DUMP).glob(KERNELS[sim]))), sim)


def _packed(inputs: list[np.ndarray]) -> list[np.ndarray]:
    """int4 inputs as IREE's runtime holds them (two a byte, ``fuzz/case/ops/int4.pack_flat``): the simulators
    copy an input's bytes into device memory as they are, and the kernels read packed nibbles."""
    from fuzz.case.ops.int4 import is_int4, pack_flat
    return [pack_flat(a) if is_int4(a) else a for a in inputs]


def run(program: Program, function: str, inputs: list[np.ndarray]) -> list[np.ndarray]:
    """The outputs of ``@function``, or the ``ProgramFailure`` that says why the simulation gave none; what the
    simulation observed goes to the result's facts (``simulation.run``)."""
    from frontends.devices import simulation
    from frontends.iree import host
    inputs = _packed(inputs)
    device = simulation.device(program.simulator, program.kernels)
    return simulation.run(device, lambda d: host.run(program.host, inputs, d, function))


def simulate(et_text: str, ptx_texts, inputs: list[np.ndarray], function: str = "main", stats: dict | None = None,
             memory=None) -> list[np.ndarray]:
    """``@function`` of an executable-targets program on the PTX simulator, raising the simulator's errors;
    ``stats`` receives what the memory noted without stopping (reads past a buffer's end, unwritten registers)."""
    from frontends.devices import simulation
    from frontends.iree import host
    device = simulation.device("ptx", ptx_texts, memory=memory)
    if stats is not None:
        device.memory.stats = stats
    return host.run(et_text, inputs, device, function)


def run_program(et_text: str, asm_texts, inputs: list, report=None, counts=None, function: str = "main",
                memory=None) -> list:
    """``@function`` on the gfx942 simulator, raising its errors; ``report`` (a ``gfx942.Report``) collects what the
    launches flag, ``counts`` (a dict) the instructions executed."""
    from frontends.devices import simulation
    from frontends.iree import host
    device = simulation.device("gfx942", asm_texts, memory=memory, report=report, counts=counts)
    return host.run(et_text, inputs, device, function)


def run_module(et_path: str, dump: str, inputs: list, simulator: str = "ptx", **options) -> list:
    """``simulate`` or ``run_program`` on files: the executable-targets program and the folder its kernels were
    dumped to."""
    texts = [p.read_text() for p in sorted(Path(dump).glob(KERNELS[simulator]))]
    go = simulate if simulator == "ptx" else run_program
    return go(Path(et_path).read_text(), texts, inputs, **options)


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
            f"PYTHONPATH=KERNELFUZZ python3 -m frontends.iree.simulated {SIMULATORS[target]} et.mlir {DUMP} "
            f"{' '.join(inputs)}"]


def main(argv: list[str]) -> int:
    """``python -m frontends.iree.simulated SIMULATOR ET.mlir DUMP in0.npy ... [--save out0.npy ...]``: run the
    program on the simulator (``ptx`` or ``gfx942``) and print its outputs (or save them, one file per output, in
    order); exits 1 on a fault of the program (what a simulated run reports as its runtime error: an out-of-bounds
    access, a race, a deadlock, a run that never ends) and 2 on what the simulator does not model, naming it."""
    import sys
    from frontends.devices.errors import Fault, NotModelled
    args, saves = (argv[:argv.index("--save")], argv[argv.index("--save") + 1:]) if "--save" in argv else (argv, [])
    if len(args) < 3 or args[0] not in KERNELS:
        print("usage: python -m frontends.iree.simulated {ptx|gfx942} ET.mlir DUMP [in0.npy ...] "
              "[--save out0.npy ...]", file=sys.stderr)
        return 2
    simulator, et, dump, *ins = args
    options = {}
    if simulator == "gfx942":
        from frontends.devices.gfx942 import Report
        options["report"] = Report()
    try:
        outs = run_module(et, dump, [np.load(p) for p in ins], simulator, **options)
    except NotModelled as e:
        print(f"simulated: {e}", file=sys.stderr)
        return 2
    except Fault as e:
        print(f"simulated: {e.symptom}: {e}", file=sys.stderr)
        return 1
    for i, out in enumerate(outs):
        if i < len(saves):
            np.save(saves[i], out)
        else:
            print(out.dtype, out.shape, out.ravel().tolist())
    if "report" in options:
        print(f"gfx942 simulator (no AMD hardware checked it): {options['report'].summary()}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    import sys
    sys.exit(main(sys.argv[1:]))
