"""What a bundle says about verdicts that were simulated (facts ``executor``: ``frontends/devices/cuda_sim.py``).

For each IREE configuration whose result ran on kernelfuzz's PTX simulator, ``simulate.sh`` rebuilds the host
program and PTX with the configuration's own ``iree-compile`` flags and runs them in the simulator from a kernelfuzz
checkout (``KERNELFUZZ``), then judges the outputs with ``check.py``; the bundle's ``iree.sh`` holds the
``iree-run-module --device=cuda`` lines that confirm the verdict on a GPU.  The README names the simulated verdicts.
"""
from __future__ import annotations

import re
import shlex
from pathlib import Path

from fuzz.store import atomic_write

SCRIPT = "simulate.sh"
PRELUDE = """#!/bin/sh
# The verdicts below were SIMULATED: kernelfuzz ran the PTX that iree-compile emitted in its PTX simulator
# (frontends/devices/ptx: not a GPU; the driver's PTX -> SASS compile is not modelled). This script does the same
# from a kernelfuzz checkout; iree.sh has the iree-run-module --device=cuda lines that confirm it on a GPU.
set -e
cd "$(dirname "$0")"
: "${KERNELFUZZ:?set KERNELFUZZ to a kernelfuzz checkout (the folder holding frontends/)}"
PY="${PYTHON:-python3}"  # needs numpy
set -x
"""


def _slug(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]", "_", name)


def simulated(report) -> list:
    return [r for r in report.results if r.simulated and r.stage != "compile" and r.source.startswith("// iree-compile")]


def _lines(r, case, mlir: str) -> list[str]:
    argv = shlex.split(r.source.splitlines()[0].removeprefix("// "))
    at = argv.index("-o")
    flags = shlex.join(argv[2:at] + argv[at + 2:])
    work = f"sim_{_slug(r.config)}"
    ins = " ".join(f"inputs/{t.name}.npy" for t in case.inputs)
    outs = " ".join(f"{work}/{n}.npy" for n in case.outputs)
    return [f"# {r.config}: {r.verdict.value} (simulated)", f"mkdir -p {work}",
            f"iree-compile {mlir} {flags} --compile-to=executable-targets -o {work}/et.mlir",
            f"iree-compile {work}/et.mlir {flags} --compile-from=executable-targets "
            f"--iree-hal-dump-executable-files-to={work}/ptx -o {work}/kernel.vmfb",
            f'PYTHONPATH="$KERNELFUZZ" "$PY" -m frontends.devices.ptx {work}/et.mlir {work}/ptx {ins} --save {outs}',
            f'"$PY" check.py {outs} || true', ""]


def write(folder: Path, report, mlir: str = "kernel.mlir") -> list[str]:
    """``simulate.sh`` where a result was simulated; returns the names written."""
    rs = simulated(report)
    if not rs:
        return []
    lines = [PRELUDE] + [ln for r in rs for ln in _lines(r, report.case, mlir)]
    atomic_write(folder / SCRIPT, "\n".join(lines) + "\n")
    return [SCRIPT]


def readme_lines(report, written: list[str]) -> list[str]:
    names = [r.config for r in report.results if r.simulated]
    if not names:
        return []
    return ["", "## Simulated verdicts", "",
            f"The verdicts of {', '.join(names)} were simulated: kernelfuzz ran the compiled GPU code in its PTX "
            "simulator (not a GPU: the driver's compile of PTX to SASS, timing and caches are not modelled; a "
            "shared-memory race or an out-of-bounds access is reported as such)."] + \
        ([f"`sh {SCRIPT}` repeats the simulation from a kernelfuzz checkout (`KERNELFUZZ=...`); `sh iree.sh` "
          "runs the same compile with `iree-run-module --device=cuda` where a GPU is, to confirm it."]
         if SCRIPT in written else [])
