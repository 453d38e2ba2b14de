"""A bundle's ``iree.sh``: the exact ``iree-compile`` and ``iree-run-module`` lines of each IREE configuration of a
finding, each run judged by ``check.py``.

Its exit status follows kernelfuzz's rule (``fuzz/cli/exits.py``): 1 when any block shows its bug (a result outside
the bound, the compile failing again), whatever blocks follow (a device run skipped for want of the device shows
nothing); 0 when none does; 2 when a tool is missing.  ``PRELUDE``, each configuration's ``lines`` and ``END``
make the script; ``update`` brings a script an earlier kernelfuzz wrote (``corpus/findings/``) to this form.
"""
from __future__ import annotations

import re
import shlex

from fuzz.judge.results import ConfigResult
from fuzz.store import folder_name

PRELUDE = """#!/bin/sh
# Compile and run each IREE configuration of this finding, then judge it.
# Exit status: 1 when any block shows its bug (a wrong result, a compile failure again), 0 when none does (a
# skipped block shows nothing), 2 when a tool is missing.
cd "$(dirname "$0")"
need() {
  command -v "$1" >/dev/null 2>&1 || {
    echo "iree.sh: $1 is not on PATH: pip install iree-base-compiler iree-base-runtime" \\
      "(or put IREE's tools on PATH)" >&2
    exit 2
  }
}
has_device() { iree-run-module --list_devices 2>/dev/null | grep -q "^$1://"; }
PY="${PYTHON:-python3}"  # runs check.py, which needs numpy: PYTHON=/path/to/venv/bin/python sh iree.sh
status=0  # the exit status: set to 1 by each block that shows its bug, whatever blocks follow
need iree-compile
mkdir -p outputs
set -x
"""
SHOWN = "status=1"  # what a block runs when it shows its bug (``update`` brings older scripts to it)
END = 'exit "$status"'  # iree.sh's last line


def lines(r: ConfigResult, case, mlir: str) -> list[str]:
    compile_line = r.source.splitlines()[0].removeprefix("// ")
    argv = shlex.split(compile_line)
    argv[1] = mlir
    vmfb = f"{folder_name(r.config)}.vmfb"
    argv[argv.index("-o") + 1] = vmfb
    argv = _named_cpu(argv, r.facts.get("cpu"))
    device = {"cpu": "local-task", "gfx942": "hip", "cuda": "cuda"}.get(_iree_target(argv), "local-task")
    if r.stage == "compile":  # the compile itself is the repro: say plainly whether it failed again
        return [f"# {r.config}: {r.verdict.value} (kernelfuzz saw iree-compile fail)",
                f"if {shlex.join(argv)}; then",
                f'  echo "NOT reproduced: iree-compile succeeded (kernelfuzz saw {r.verdict.value})"',
                f'else echo "reproduced: iree-compile exit status $? (kernelfuzz saw {r.verdict.value})"; {SHOWN}; fi',
                ""]
    outs = [f"outputs/{folder_name(r.config)}.{n}.npy" for n in case.outputs]
    run = ["iree-run-module", f"--module={vmfb}", f"--device={device}", "--function=main",
           *[f"--input=@inputs/{t.name}.npy" for t in case.inputs], *[f"--output=@{o}" for o in outs]]
    steps = ["need iree-run-module", shlex.join(run), f'"$PY" {shlex.join(["check.py", *outs])} || {SHOWN}']
    if device != "local-task":  # a device step runs only where the device is (kernelfuzz may only have compiled it)
        only = " (kernelfuzz only compiled it)" if r.stage == "compile-only" else ""
        why = f"no {device.upper()} device here{only}"
        steps = [f"if has_device {device}; then", *(f"  {x}" for x in steps),
                 f'else echo "iree.sh: skipping the run of {r.config}: {why}"; fi']
    return [f"# {r.config}: {r.verdict.value}", shlex.join(argv), *steps, ""]


def _named_cpu(argv: list[str], cpu: dict | None) -> list[str]:
    """``host`` means another CPU on another machine: the bundle names the CPU (and features) kernelfuzz compiled
    for."""
    if not cpu or "--iree-llvmcpu-target-cpu=host" not in argv:
        return argv
    features = resolved_features(cpu["features"])
    named = [f"--iree-llvmcpu-target-cpu={cpu['name']}"] + \
        ([f"--iree-llvmcpu-target-cpu-features={features}"] if features else [])
    return [g for a in argv for g in (named if a == "--iree-llvmcpu-target-cpu=host" else [a])]


def resolved_features(features: str) -> str:
    """An LLVM feature list as LLVM reads it: where a feature is named twice (``+pku`` ... ``-pku``) the last sign
    wins, so the list written for people names each feature once, with the sign that took effect."""
    signs: dict[str, str] = {}
    for f in filter(None, features.split(",")):
        signs[f[1:] if f[0] in "+-" else f] = f[0] if f[0] in "+-" else "+"
    return ",".join(f"{sign}{name}" for name, sign in signs.items())


def _iree_target(argv: list[str]) -> str:
    if "--iree-hal-target-device=hip" in argv:
        return "gfx942"
    return "cuda" if "--iree-hal-target-device=cuda" in argv else "cpu"


_CHECK = re.compile(r'^\s*("\$PY"|python3?) check\.py ')
_FEATURES = re.compile(r"(--iree-llvmcpu-target-cpu-features=)(\S+)")


def update(text: str) -> str:
    """An ``iree.sh`` written by an earlier kernelfuzz, brought to this one's form line by line, hand-written notes
    kept: each block's sign of its bug now sets ``status``, which the script exits with (its last block decided
    it); a missing tool exits 2 (it was 127); CPU features are named once (``resolved_features``).  A script in
    this form comes back unchanged."""
    lines = text.rstrip("\n").splitlines()
    if lines and lines[-1] == END:
        return text
    out = []
    for line in lines:
        if _CHECK.match(line) and not line.endswith(f"|| {SHOWN}"):
            line += f" || {SHOWN}"
        elif line.startswith('else echo "reproduced: ') and line.endswith("; fi"):
            line = f"{line[:-len('; fi')]}; {SHOWN}; fi"
        elif line.strip() == "exit 127":  # a missing tool: unusable, not a bug shown
            line = line.replace("exit 127", "exit 2")
        elif line == "need iree-compile":
            out.append("status=0  # the exit status: set to 1 by each block that shows its bug, whatever blocks follow")
        out.append(_FEATURES.sub(lambda m: m.group(1) + resolved_features(m.group(2)), line))
    return "\n".join(out + ["", END]) + "\n"
