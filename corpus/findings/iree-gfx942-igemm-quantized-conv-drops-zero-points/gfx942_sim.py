"""Run kernel.mlir for gfx942 in kernelfuzz's gfx942 simulator (no AMD hardware) and judge it with check.py.

usage (from the kernelfuzz checkout root, PYTHONPATH=.): python corpus/findings/<this>/gfx942_sim.py IREE_COMPILE WORKDIR [iree-compile flags...]
Compiles with the given iree-compile (any release: 3.10 spells the target --iree-hip-target, the later ones
--iree-rocm-target; pass it among the flags), once to executable-targets (the stream program) and once in full with
the .rocmasm dumped, runs frontends.iree.simulated.run_module on inputs/, saves WORKDIR/op0.npy and prints
check.py's verdict and the simulator's report.  Exit status: check.py's (1 = outside the bound)."""
import verdict  # the exit rule, beside this script: an uncaught error exits 2 or 3, never 1
verdict.install()
import os
import subprocess
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import check  # noqa: E402
from frontends.devices.gfx942.errors import Report  # noqa: E402
from frontends.iree.simulated import run_module  # noqa: E402


def main(compiler, work, flags):
    work = os.path.abspath(work)
    os.makedirs(work, exist_ok=True)
    base = [compiler, os.path.join(HERE, "kernel.mlir"), "--iree-hal-target-device=hip", *flags]
    subprocess.run([*base, "--compile-to=executable-targets", "-o", f"{work}/et.mlir"], check=True)
    subprocess.run([*base, "-o", f"{work}/k.vmfb", f"--iree-hal-dump-executable-files-to={work}/dump"], check=True)
    report = Report()
    ins = [np.load(os.path.join(HERE, "inputs", f"in{k}.npy")) for k in (0, 1)]
    (out,) = run_module(f"{work}/et.mlir", f"{work}/dump", ins, "gfx942", report=report)
    np.save(f"{work}/op0.npy", out)
    print("got:", out.ravel().tolist())
    print(f"gfx942 simulator: {report.summary()}")
    os.chdir(HERE)  # check.py reads reference/ relative to the finding
    return check.main_arrays([out])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], sys.argv[3:]))
