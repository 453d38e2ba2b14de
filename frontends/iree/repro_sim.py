"""What a finding's bundle says about IREE verdicts that were simulated (facts ``executor``:
``frontends/devices/cuda_sim.py``, ``frontends/devices/hip_sim.py``).

For each IREE configuration whose result ran on one of kernelfuzz's simulators (the PTX simulator for CUDA, the
gfx942 simulator for HIP; ``SIMULATORS``), ``simulate.sh`` rebuilds the host program and the kernels (PTX, or the
gfx942 assembly) with the configuration's own ``iree-compile`` flags and runs them in that simulator from a
kernelfuzz checkout (``KERNELFUZZ``), then judges the outputs with ``check.py``; the bundle's ``iree.sh`` holds the
``iree-run-module --device=cuda`` or ``--device=hip`` lines that confirm the verdict on a GPU.  The README names
the simulated verdicts, and says for gfx942 that no AMD hardware has checked the simulator.
"""
from __future__ import annotations

import shlex
from pathlib import Path

from fuzz.execute.backend import Repro
from fuzz.store import atomic_write, folder_name

SCRIPT = "simulate.sh"
RECORD = """status=0  # the exit status: each block's outcome goes in through record
record() {  # one block's outcome (0, 1, 2 or 3) into the exit status: 1 wins, then 3, then 2
  case "$1" in
    0) ;;
    1) status=1 ;;
    3) [ "$status" = 1 ] || status=3 ;;
    *) [ "$status" != 0 ] || status=2 ;;
  esac
}
"""  # the rule's combination of blocks, in every shell script a bundle holds (iree.sh, simulate.sh)
END = 'exit "$status"'  # the last line of iree.sh and simulate.sh
FAILED_AT = {"compile": ("rejected", "compiler-crash", "timeout"), "run": ("runtime-error",)}  # the bug, if again
# --iree-hal-target-device -> (frontends.devices.<module>, what the simulator is not, the device iree.sh names)
SIMULATORS = {
    "cuda": ("ptx", "PTX simulator (not a GPU; the driver's PTX -> SASS compile is not modelled)", "cuda"),
    "hip": ("gfx942", "gfx942 simulator (not an AMD GPU; no AMD hardware has checked the simulator)", "hip"),
}
PRELUDE = """#!/bin/sh
# The verdicts below were SIMULATED: kernelfuzz ran the GPU code iree-compile emitted in its {what}.
# This script does the same from a kernelfuzz checkout; iree.sh has the iree-run-module --device={devices} lines
# that confirm it on a GPU.
# Exit status, kernelfuzz's rule (check.py states it): 1 when any block shows its bug, else 3, else 2 (a block that
# could not simulate or judge), else 0.
cd "$(dirname "$0")"
[ -n "$KERNELFUZZ" ] || {{
  echo "simulate.sh: set KERNELFUZZ to a kernelfuzz checkout (the folder holding frontends/)" >&2
  exit 2
}}
PY="${{PYTHON:-python3}}"  # needs numpy
"""


def _target(argv: list[str]) -> str:
    """The IREE HAL device an iree-compile command line targets ("cuda", "hip", ...)."""
    return next((a.split("=", 1)[1] for a in argv if a.startswith("--iree-hal-target-device=")), "")


def simulated(results) -> list:
    return [r for r in results if r.simulated and r.stage != "compile" and r.source.startswith("// iree-compile")]


def _argv(r) -> list[str]:
    return shlex.split(r.source.splitlines()[0].removeprefix("// "))


def source_text(r) -> str:
    """The MLIR a result's configuration compiled: its source less the command line (``repro`` names one file per
    distinct text)."""
    return "\n".join(r.source.splitlines()[1:]) + "\n"


def _lines(r, case, mlir: str) -> list[str]:
    argv = _argv(r)
    module = SIMULATORS[_target(argv)][0]
    at = argv.index("-o")
    flags = shlex.join(argv[2:at] + argv[at + 2:])
    work = f"sim_{folder_name(r.config)}"
    ins = " ".join(f"inputs/{t.name}.npy" for t in case.inputs)
    outs = " ".join(f"{work}/{n}.npy" for n in case.outputs)
    failed = 1 if r.verdict.value in FAILED_AT["run"] else 2  # the simulator's failure: the bug, if again
    return [f"# {r.config}: {r.verdict.value} (simulated)", f"mkdir -p {work}",
            f"if iree-compile {mlir} {flags} --compile-to=executable-targets -o {work}/et.mlir &&",
            f"  iree-compile {work}/et.mlir {flags} --compile-from=executable-targets "
            f"--iree-hal-dump-executable-files-to={work}/{module} -o {work}/kernel.vmfb &&",
            f'  PYTHONPATH="$KERNELFUZZ" "$PY" -m frontends.iree.simulated {module} {work}/et.mlir {work}/{module} '
            f'{ins} --save {outs}; then',
            f'  "$PY" check.py {outs}; record $?',
            f'else echo "simulate.sh: {r.config} did not compile or simulate (exit status $?)"; record {failed}; fi', ""]


def script(results, case, mlir: str = "kernel.mlir", files: dict | None = None) -> str | None:
    """``simulate.sh`` for the simulated ones of ``results``; None where none was simulated.  ``files`` (MLIR text ->
    file name, as iree.sh's) gives each configuration the file of the MLIR it compiled: an ONNX configuration's
    import and a linalg configuration's source differ, and each must be simulated from its own."""
    rs = [r for r in simulated(results) if _target(_argv(r)) in SIMULATORS]
    if not rs:
        return None
    kinds = sorted({_target(_argv(r)) for r in rs})
    prelude = PRELUDE.format(what=" and its ".join(SIMULATORS[k][1] for k in kinds),
                             devices="/".join(SIMULATORS[k][2] for k in kinds))
    named = files or {}
    blocks = [ln for r in rs for ln in _lines(r, case, named.get(source_text(r), mlir))]
    lines = [prelude + RECORD + "set -x\n"] + blocks
    return "\n".join(lines + [END]) + "\n"


def repro(results, case, files: dict | None = None) -> Repro:
    """``simulate.sh`` where a result was simulated, and the README's section on the simulated verdicts."""
    text = script(results, case, files=files)
    files = () if text is None else ((SCRIPT, text),)
    return Repro(files, frozenset({SCRIPT}), sections=(SIMULATED,) if files else ())


def write(folder: Path, report, mlir: str = "kernel.mlir") -> list[str]:
    """``simulate.sh`` where a result of ``report`` was simulated; returns the names written."""
    text = script(report.results, report.case, mlir)
    if text is None:
        return []
    atomic_write(folder / SCRIPT, text, executable=True)
    return [SCRIPT]


SIMULATED = (f"`sh {SCRIPT}` repeats the simulation from a kernelfuzz checkout (`KERNELFUZZ=...`); `sh iree.sh` "
             "runs the same compile with `iree-run-module --device=cuda` (or `--device=hip`) where a GPU is, to "
             "confirm it.")


def readme_lines(report, written: list[str]) -> list[str]:
    """The README's section on the simulated verdicts (``fuzz.publish.bundle.simulated_lines``) with how
    ``simulate.sh`` repeats them, where it was written."""
    from fuzz.publish.bundle import simulated_lines
    return simulated_lines(report) + ([SIMULATED] if SCRIPT in written and simulated_lines(report) else [])
