"""A bundle's ``iree.sh``: the exact ``iree-compile`` and ``iree-run-module`` lines of each IREE configuration of a
finding, each run judged by ``check.py``.

Its exit status follows kernelfuzz's rule (``fuzz/publish/templates/check.py`` states it): 1 when any block shows its
bug (a result outside the bound, the compile failing again), whatever blocks follow; else 3 when check.py failed on
its own error; else 2 when a block could not run or judge (a tool or device missing, a compile or run failing where
kernelfuzz's did not, an output missing); else 0.  Outputs of a type ``iree-run-module`` cannot write as ``.npy``
(bf16, float8: "unsupported data encoding" in 3.13) go to raw ``.bin`` files, which ``--output=@f.bin`` writes as
the little-endian elements and check.py reads back in the declared type; int4 inputs go in as ``SHAPExi4=@f.bin``,
IREE's packed SINT_4 buffer (``inputs/<name>.i4.bin``).  ``PRELUDE``, each configuration's ``lines`` and ``END``
make the script; ``update`` brings a script an earlier kernelfuzz wrote to the form before this one.
"""
from __future__ import annotations

import re
import shlex

from fuzz.case.ops import int4
from fuzz.case.workload import FP8_DTYPES
from fuzz.judge.results import ConfigResult
from fuzz.store import folder_name

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
PRELUDE = """#!/bin/sh
# Compile and run each IREE configuration of this finding, then judge it with check.py.
# Exit status, kernelfuzz's rule (check.py states it): 1 when any block shows its bug (a wrong result, the compile
# failing again), whatever blocks follow; else 3 when check.py failed on its own error; else 2 when a block could
# not run or judge (a tool, device or output missing, a compile or run failing where kernelfuzz's did not); else 0.
cd "$(dirname "$0")"
need() {
  command -v "$1" >/dev/null 2>&1 || {
    echo "iree.sh: $1 is not on PATH: pip install iree-base-compiler iree-base-runtime" \\
      "(or put IREE's tools on PATH)" >&2
    exit 2
  }
}
has_device() { iree-run-module --list_devices 2>/dev/null | grep -q "^$1://"; }
""" + RECORD + """PY="${PYTHON:-python3}"  # runs check.py (numpy; ml_dtypes for bf16 and float8): PYTHON=/path/to/venv/bin/python sh iree.sh
need iree-compile
mkdir -p outputs
set -x
"""
END = 'exit "$status"'  # iree.sh's last line
RAW = frozenset(("bf16",) + FP8_DTYPES)  # output types iree-run-module 3.13 cannot write as .npy: raw .bin instead
FAILED_AT = {"compile": ("rejected", "compiler-crash", "timeout"), "run": ("runtime-error",)}  # the bug, if again


def lines(r: ConfigResult, case, mlir: str) -> list[str]:
    """The block of one IREE configuration's result: compile, run where it ran, judge."""
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
                f'else echo "reproduced: iree-compile exit status $? (kernelfuzz saw {r.verdict.value})"; record 1; fi',
                ""]
    steps = ["need iree-run-module", *_run(r, case, vmfb, device)]
    if device != "local-task":  # a device step runs only where the device is (kernelfuzz may only have compiled it)
        only = " (kernelfuzz only compiled it)" if r.stage == "compile-only" else ""
        why = f"no {device.upper()} device here{only}"
        steps = [f"if has_device {device}; then", *(f"  {x}" for x in steps),
                 f'else echo "iree.sh: could not run {r.config}: {why}"; record 2; fi']
    return [f"# {r.config}: {r.verdict.value}", f"if {shlex.join(argv)}; then", *(f"  {x}" for x in steps),
            f'else echo "iree.sh: could not run {r.config}: iree-compile failed where kernelfuzz\'s did not"; '
            f"record {1 if r.verdict.value in FAILED_AT['compile'] else 2}; fi", ""]


def _run(r: ConfigResult, case, vmfb: str, device: str) -> list[str]:
    """iree-run-module on the bundle's inputs (int4 packed as IREE's SINT_4 buffer), then check.py."""
    types = case.tensor_types()
    outs = [f"outputs/{folder_name(r.config)}.{n}.{'bin' if types[n][1] in RAW else 'npy'}" for n in case.outputs]
    ins = shlex.split(lines_inputs(case))
    run = ["iree-run-module", f"--module={vmfb}", f"--device={device}", "--function=main", *ins,
           *[f"--output=@{o}" for o in outs]]
    failed = 1 if r.verdict.value in FAILED_AT["run"] else 2
    return [f"if {shlex.join(run)}; then", f'  "$PY" {shlex.join(["check.py", *outs])}; record $?',
            f'else echo "iree.sh: iree-run-module exit status $? (kernelfuzz saw {r.verdict.value})"; '
            f"record {failed}; fi"]


def lines_inputs(case) -> str:
    """iree-run-module's ``--input`` arguments for the bundle's inputs (int4 packed as IREE's SINT_4 buffer)."""
    types = case.tensor_types()
    return shlex.join(f"--input={_shape(types[t.name][0])}xi4=@inputs/{t.name}.i4.bin" if t.dtype == int4.STORAGE
                      else f"--input=@inputs/{t.name}.npy" for t in case.inputs)


def _shape(shape) -> str:
    return "x".join(map(str, shape))


def int4_inputs(case, values) -> dict[str, bytes]:
    """inputs/<name>.i4.bin of each int4 input: the packed bytes iree-run-module reads as ``SHAPExi4``."""
    return {t.name: int4.pack_flat(values[t.name]).tobytes() for t in case.inputs if t.dtype == int4.STORAGE}


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


_SHOWN = "status=1"  # what a block of an earlier script ran when it showed its bug
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
        if _CHECK.match(line) and not line.endswith(f"|| {_SHOWN}"):
            line += f" || {_SHOWN}"
        elif line.startswith('else echo "reproduced: ') and line.endswith("; fi"):
            line = f"{line[:-len('; fi')]}; {_SHOWN}; fi"
        elif line.strip() == "exit 127":  # a missing tool: unusable, not a bug shown
            line = line.replace("exit 127", "exit 2")
        elif line == "need iree-compile":
            out.append("status=0  # the exit status: set to 1 by each block that shows its bug, whatever blocks follow")
        out.append(_FEATURES.sub(lambda m: m.group(1) + resolved_features(m.group(2)), line))
    return "\n".join(out + ["", END]) + "\n"
