"""A finding's bundle scripts for every IREE configuration (the ``repro`` and ``read_back`` hooks of
``fuzz/execute/backend.py``): ``iree.sh``, the exact ``iree-compile`` and ``iree-run-module`` lines of each IREE
configuration of a finding, each run judged by ``check.py``; the MLIR it compiles (``kernel.mlir``, another file
per configuration that compiled other MLIR); ``simulate.sh`` where a verdict was simulated
(``frontends/iree/repro_sim.py``).

Its exit status follows kernelfuzz's rule (``fuzz/publish/templates/check.py`` states it): 1 when any block shows its
bug (a result outside the bound, the compile failing again), whatever blocks follow; else 3 when check.py failed on
its own error; else 2 when a block could not run or judge (a tool or device missing, a compile or run failing where
kernelfuzz's did not, an output missing); else 0.  Outputs of a type ``iree-run-module`` cannot write as ``.npy``
(bf16, float8: "unsupported data encoding" in 3.13) go to raw ``.bin`` files, which ``--output=@f.bin`` writes as
the little-endian elements and check.py reads back in the declared type; int4 inputs go in as ``SHAPExi4=@f.bin``,
IREE's packed SINT_4 buffer (``inputs/<name>.i4.bin``).  ``PRELUDE``, each configuration's ``lines`` and ``END``
make the script; ``update`` brings a script an earlier kernelfuzz wrote to the form before this one.  ``read_back``
takes each block's compile line, MLIR, verdict and any note a person added to its header out of a generated
``iree.sh`` again (``fuzz/publish/rescript.py``).
"""
from __future__ import annotations

import re
import shlex
from dataclasses import replace
from pathlib import Path

from frontends.iree import repro_sim
from frontends.iree.repro_sim import END, FAILED_AT, RECORD
from fuzz.case.ops import int4
from fuzz.case.values import materialize_all
from fuzz.case.workload import FP8_DTYPES
from fuzz.execute.backend import Repro
from fuzz.judge.oracle import Verdict
from fuzz.judge.results import ConfigResult
from fuzz.store import folder_name

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
NOTE = "bundle-note"  # in a read-back result's facts: what a person added to its block's header line
RAW = frozenset(("bf16",) + FP8_DTYPES)  # output types iree-run-module 3.13 cannot write as .npy: raw .bin instead


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
    note = r.facts.get(NOTE, "")  # a person's note on the block of a saved script, kept (read_back)
    return [f"# {r.config}: {r.verdict.value}{note}", f"if {shlex.join(argv)}; then", *(f"  {x}" for x in steps),
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
    this form comes back unchanged, and so does a hand-written one that ends with ``verdict`` (its exit rule is
    ``corpus/tools/verdict.sh``'s)."""
    lines = text.rstrip("\n").splitlines()
    if lines and lines[-1] in (END, "verdict"):
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


README = ("- IREE: `sh iree.sh` runs the exact `iree-compile` and `iree-run-module` lines, then `python3 check.py` "
          "judges the outputs (`PYTHON=...` picks the interpreter).")
EXITS = "`iree.sh` exits 1 when any of its blocks showed its bug, else 3, else 2, else 0."


def repro(results, case) -> Repro:
    """``iree.sh`` and the MLIR it compiles for the results with an ``iree-compile`` source (int4 inputs packed as
    iree-run-module reads them), ``simulate.sh`` for the simulated ones, and the ONNX importer's lines."""
    mlirs: dict[str, str] = {}  # MLIR text -> file: one kernel.mlir unless a configuration compiled another
    script = [PRELUDE]
    for r in results:
        if r.source.startswith("// iree-compile"):
            mlir = mlirs.setdefault(repro_sim.source_text(r),
                                    "kernel.mlir" if not mlirs else f"{folder_name(r.config)}.mlir")
            script += lines(r, case, mlir)
    if not mlirs:
        return repro_sim.repro(results, case) + _onnx(results)
    files = [(name, text) for text, name in mlirs.items()] + [("iree.sh", "\n".join(script + [END]) + "\n")]
    if any(".i4.bin" in line for line in script):  # iree-run-module reads int4 packed, from raw bytes
        files += [(f"inputs/{name}.i4.bin", data) for name, data in int4_inputs(case, materialize_all(case)).items()]
    return Repro(tuple(files), frozenset({"iree.sh"}), (README,), exits=(EXITS,)) \
        + repro_sim.repro(results, case, mlirs) \
        + _onnx(results)


def _onnx(results) -> Repro:
    """onnx.sh's lines where a result came from the case's ONNX model (``frontends/iree/onnx_frontend.py``)."""
    if not any(r.facts.get("importer") for r in results):
        return Repro()
    from fuzz.case.to_onnx import IMPORTERS
    need = ("command -v iree-import-onnx >/dev/null || { echo \"iree-import-onnx not found: "
            "pip install 'iree-base-compiler[onnx]==3.13.0'\"; exit 2; }")
    return Repro(onnx=((need, f"{IMPORTERS['iree']} || exit 1"),))


_REJECTED = " (kernelfuzz saw iree-compile fail)"  # the note ``lines`` writes on a rejection's block
_BLOCK = re.compile(r"^# (\S+): (\S+)( \(.*\))?$")
_COMPILE = re.compile(r"^(if )?(iree-compile .*?)(; then)?$")
_BLOCK_LINE = re.compile(  # every line of a configuration's block in an iree.sh of kernelfuzz's (now or before)
    r'^\s*(need iree-run-module|iree-run-module .*|if iree-run-module .*; then|"\$PY" check\.py .*|python3? check\.py .*'
    r'|echo "NOT reproduced: .*"|else echo "(iree\.sh|reproduced): .*|if has_device \S+; then|if iree-compile .*; then'
    r'|iree-compile .*|fi|# \S+: \S+.*|exit "\$status"|)$')
_OLD_PRELUDE = """# Compile and run each IREE configuration of this finding, then judge it.
# Exit status: 1 when any block shows its bug (a wrong result, a compile failure again), 0 when none does (a
# skipped block shows nothing), 2 when a tool is missing.
PY="${PYTHON:-python3}"  # runs check.py, which needs numpy: PYTHON=/path/to/venv/bin/python sh iree.sh
status=0  # the exit status: set to 1 by each block that shows its bug, whatever blocks follow
"""  # the lines an earlier kernelfuzz's prelude held that today's does not
_PRELUDE_LINES = frozenset(PRELUDE.splitlines() + _OLD_PRELUDE.splitlines())


def _generated(line: str) -> bool:
    return line in _PRELUDE_LINES or bool(_BLOCK_LINE.match(line))


def blocks(folder: Path, case) -> dict[str, tuple[str, str, str]] | None:
    """config -> (source, verdict, note) of each block of a generated iree.sh: the source as a result holds it
    (``// iree-compile ...`` over the MLIR), the verdict and any note a person added to the block's header ("(control)",
    "(measured on an H200)"); None where the script has lines no kernelfuzz wrote, or runs a module on other inputs
    than the case's (a hand-written kernel.mlir beside the case)."""
    text = folder / "iree.sh"
    lines_ = text.read_text().splitlines()
    if not all(map(_generated, lines_)):
        return None
    ins = [a for a in shlex.split(lines_inputs(case)) if a.startswith("--input=")]
    runs = [ln for ln in lines_ if "iree-run-module --module=" in ln]
    if any([a for a in shlex.split(ln.strip().removeprefix("if ").removesuffix("; then")) if a.startswith("--input=")]
           != ins for ln in runs):
        return None
    out = {}
    for k, line in enumerate(lines_[:-1]):
        block, compiled = _BLOCK.match(line), _COMPILE.match(lines_[k + 1])
        if block and compiled:
            argv = shlex.split(compiled.group(2))
            note = "" if block.group(3) == _REJECTED else block.group(3) or ""
            out[block.group(1)] = (f"// {shlex.join(argv)}\n{(folder / argv[1]).read_text()}", block.group(2), note)
    return out


def read_back(folder: Path, case, results) -> tuple[list, list[str]]:
    """``results`` with the sources iree.sh's blocks hold, in its order, plus the blocks a person added (a control
    run); a hand-edited iree.sh is left alone (no result gets a source, so it is not written again)."""
    found = blocks(folder, case) if (folder / "iree.sh").exists() else {}
    if found is None:
        return [replace(r, source="") for r in results], [f"{folder / 'iree.sh'}: lines of its own (hand-edited): kept"]
    out = [_with_block(r, found.get(r.config)) for r in results]
    out += [_with_block(ConfigResult(config, Verdict(verdict), "compare"), found[config])
            for config, (_, verdict, _) in found.items() if config not in {r.config for r in results}]
    order = list(found)  # iree.sh's blocks (and so its MLIR files' names) in the order they were written
    return sorted(out, key=lambda r: order.index(r.config) if r.config in order else -1), []


def _with_block(r: ConfigResult, block: tuple[str, str, str] | None) -> ConfigResult:
    if block is None:
        return replace(r, source="")
    source, _, note = block
    return replace(r, source=source, facts={**r.facts, NOTE: note} if note else r.facts)
