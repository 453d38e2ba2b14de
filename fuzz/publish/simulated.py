"""What a bundle says about verdicts that were simulated (facts ``executor``: ``frontends/devices/cuda_sim.py``,
``frontends/devices/hip_sim.py``).

For each IREE configuration whose result ran on one of kernelfuzz's simulators (the PTX simulator for CUDA, the
gfx942 simulator for HIP; ``SIMULATORS``), ``simulate.sh`` rebuilds the host program and the kernels (PTX, or the
gfx942 assembly) with the configuration's own ``iree-compile`` flags and runs them in that simulator from a
kernelfuzz checkout (``KERNELFUZZ``), then judges the outputs with ``check.py``; the bundle's ``iree.sh`` holds the
``iree-run-module --device=cuda`` or ``--device=hip`` lines that confirm the verdict on a GPU.  The README names
the simulated verdicts, and says for gfx942 that no AMD hardware has checked the simulator.
"""
from __future__ import annotations

import re
import shlex
from pathlib import Path

from fuzz.publish import iree_script
from fuzz.store import atomic_write

SCRIPT = "simulate.sh"
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


def _slug(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]", "_", name)


def simulated(report) -> list:
    return [r for r in report.results if r.simulated and r.stage != "compile" and r.source.startswith("// iree-compile")]


def _argv(r) -> list[str]:
    return shlex.split(r.source.splitlines()[0].removeprefix("// "))


def _lines(r, case, mlir: str) -> list[str]:
    argv = _argv(r)
    module = SIMULATORS[_target(argv)][0]
    at = argv.index("-o")
    flags = shlex.join(argv[2:at] + argv[at + 2:])
    work = f"sim_{_slug(r.config)}"
    ins = " ".join(f"inputs/{t.name}.npy" for t in case.inputs)
    outs = " ".join(f"{work}/{n}.npy" for n in case.outputs)
    failed = 1 if r.verdict.value in iree_script.FAILED_AT["run"] else 2  # the simulator's failure: the bug, if again
    return [f"# {r.config}: {r.verdict.value} (simulated)", f"mkdir -p {work}",
            f"if iree-compile {mlir} {flags} --compile-to=executable-targets -o {work}/et.mlir &&",
            f"  iree-compile {work}/et.mlir {flags} --compile-from=executable-targets "
            f"--iree-hal-dump-executable-files-to={work}/{module} -o {work}/kernel.vmfb &&",
            f'  PYTHONPATH="$KERNELFUZZ" "$PY" -m frontends.iree.simulated {module} {work}/et.mlir {work}/{module} '
            f'{ins} --save {outs}; then',
            f'  "$PY" check.py {outs}; record $?',
            f'else echo "simulate.sh: {r.config} did not compile or simulate (exit status $?)"; record {failed}; fi', ""]


def write(folder: Path, report, mlir: str = "kernel.mlir") -> list[str]:
    """``simulate.sh`` where a result was simulated; returns the names written."""
    rs = [r for r in simulated(report) if _target(_argv(r)) in SIMULATORS]
    if not rs:
        return []
    kinds = sorted({_target(_argv(r)) for r in rs})
    prelude = PRELUDE.format(what=" and its ".join(SIMULATORS[k][1] for k in kinds),
                             devices="/".join(SIMULATORS[k][2] for k in kinds))
    lines = [prelude + iree_script.RECORD + "set -x\n"] + [ln for r in rs for ln in _lines(r, report.case, mlir)]
    atomic_write(folder / SCRIPT, "\n".join(lines + [iree_script.END]) + "\n", executable=True)
    return [SCRIPT]


def readme_lines(report, written: list[str]) -> list[str]:
    names = [r.config for r in report.results if r.simulated]
    if not names:
        return []
    amd = [r.config for r in report.results if r.simulated and "gfx942" in r.facts.get("executor", "")]
    return ["", "## Simulated verdicts", "",
            f"The verdicts of {', '.join(names)} were simulated: kernelfuzz ran the compiled GPU code in its "
            "simulators (not a GPU: timing and caches are not modelled, nor, for CUDA, the driver's compile of PTX "
            "to SASS; a shared-memory race or an out-of-bounds access is reported as such)."] + \
        ([f"{', '.join(amd)}: no AMD hardware has checked kernelfuzz's gfx942 simulator; confirm on an AMD GPU "
          "before reporting."] if amd else []) + \
        ([f"`sh {SCRIPT}` repeats the simulation from a kernelfuzz checkout (`KERNELFUZZ=...`); `sh iree.sh` "
          "runs the same compile with `iree-run-module --device=cuda` (or `--device=hip`) where a GPU is, to "
          "confirm it."] if SCRIPT in written else [])
