"""The CUDA findings across IREE releases without a GPU: each release's iree-compile builds the finding's kernel.mlir
for sm_80, kernelfuzz's PTX simulator (frontends/devices/ptx) runs the PTX it emitted on the finding's inputs, and
check.py judges the output.

usage (from the repository root): python corpus/tools/release_sim.py FINDING_DIR ENV [ENV ...]
  ENV: an environment holding that release's iree-base-compiler, e.g. the side environment
  ~/.cache/kernelfuzz/releases/iree-3.10 that `kernelfuzz replay --releases iree==3.10` made
It prints one line per release: the simulated verdict (wrong / right) or the compile error.  The simulator is not a
GPU (tests/test_ptx_h200.py holds it to an NVIDIA H200's outputs); these rows are predictions for releases never
run on one."""
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run from a checkout: kernelfuzz's own package
from frontends.devices import ptx  # noqa: E402
from frontends.iree.simulated import simulate  # noqa: E402

CUDA = ["--iree-hal-target-device=cuda", "--iree-cuda-target=sm_80", "--iree-opt-level=O2"]


def tool(env: Path) -> Path:
    """The iree-compile binary of the release installed in ``env`` (the wheel's own, not a console script)."""
    found = sorted(env.glob("lib/python3*/site-packages/iree/compiler/_mlir_libs/iree-compile"))
    if not found:
        raise SystemExit(f"{env}: no iree-base-compiler installed there (give a side environment folder)")
    return found[0]


def version(env: Path) -> str:
    out = subprocess.run([str(tool(env)), "--version"], capture_output=True, text=True).stdout
    return next((w for line in out.splitlines() for w in line.split() if w[:1].isdigit()), "?")


def simulate(finding: Path, env: Path) -> str:
    with tempfile.TemporaryDirectory(prefix="kernelfuzz-relsim-") as tmp:
        et, dump = Path(tmp) / "k.et.mlir", Path(tmp) / "d"
        for argv in ([str(finding / "kernel.mlir"), "-o", str(et), *CUDA, "--compile-to=executable-targets"],
                     [str(finding / "kernel.mlir"), "-o", str(Path(tmp) / "k.vmfb"), *CUDA,
                      f"--iree-hal-dump-executable-files-to={dump}"]):
            r = subprocess.run([str(tool(env)), *argv], capture_output=True, text=True)
            if r.returncode:
                return "does not compile: " + (r.stderr.strip().splitlines() or ["?"])[0][:160]
        ins = [np.load(p) for p in sorted((finding / "inputs").glob("in*.npy"))]
        try:
            out = simulate(et.read_text(), [p.read_text() for p in sorted(dump.glob("*.ptx"))], ins,
                               memory=ptx.Memory(outside="zero"))[0]  # zeros where the H200 read them
        except ptx.CannotSimulate as e:  # older releases' PTX and IR forms the simulator lacks
            return f"not decided: the simulator cannot run this release's PTX ({str(e)[:100]})"
        except ptx.KernelFault as e:
            return f"wrong: simulated {e.symptom} ({str(e)[:100]})"
        np.save(Path(tmp) / "out.npy", out)
        r = subprocess.run([sys.executable, str(finding / "check.py"), str(Path(tmp) / "out.npy")],
                           capture_output=True, text=True, cwd=str(finding))
        return ("wrong (reproduces): " if r.returncode else "right: ") + r.stdout.strip().splitlines()[-1]


def main(argv: list[str]) -> int:
    finding, envs = Path(argv[0]).resolve(), [Path(os.path.expanduser(e)) for e in argv[1:]]
    for env in envs:
        print(f"iree {version(env)}: {simulate(finding, env)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
