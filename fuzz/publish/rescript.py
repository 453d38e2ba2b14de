"""Rewrite the generated scripts of saved bundles (``corpus/findings/``) with today's templates, compiling nothing.

A bundle's generated scripts hold what they were generated from: ``tvm_<config>.py`` its target and scheduled module
(``TARGET``, ``SOURCE``; ``CONFIG`` for Relax), ``iree.sh`` each configuration's exact ``iree-compile`` line and the
MLIR file it names (``simulate.sh`` is written again from those too).  ``rescript(folder)`` reads those back, with the verdicts of ``results.json`` and the case of
``case.json``, and has ``bundle.write_scripts`` write them again, so a template change reaches every bundle with the
very module each finding reported (re-lowering the case today could print another).  ``check.py`` of a localize
folder (``localize/<config>/``) is the bundle's check.py.  A script that does not read as generated (hand-written or
hand-edited: an ``iree.sh`` with lines of its own) is left alone and named in the result.

    python -m fuzz.publish.rescript corpus/findings      # every bundle under the folder
"""
from __future__ import annotations

import ast
import json
import re
import shlex
import sys
from pathlib import Path

from fuzz.casefile import load
from fuzz.execute.backend import RELAX_HEADER, TVM_HEADER, TVM_PENDING
from fuzz.judge.oracle import Verdict
from fuzz.judge.results import CaseReport, ConfigResult
from fuzz.publish import bundle, iree_script, simulated
from fuzz.store import atomic_write, folder_name

GENERATED_TVM = '"""Standalone repro for '  # how every generated tvm_<config>.py starts
_REJECTED = " (kernelfuzz saw iree-compile fail)"  # the note iree_script writes on a rejection's block
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
_PRELUDE_LINES = frozenset(iree_script.PRELUDE.splitlines() + _OLD_PRELUDE.splitlines())


def _generated(line: str) -> bool:
    return line in _PRELUDE_LINES or bool(_BLOCK_LINE.match(line))


def _literals(path: Path) -> dict:
    """The module-level constants a generated script assigns (TARGET, SOURCE, CONFIG, ...)."""
    out = {}
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            try:
                out[node.targets[0].id] = ast.literal_eval(node.value)
            except ValueError:
                continue
    return out


def tvm_source(path: Path) -> str | None:
    """The source (as a TVM configuration's result holds it) a generated tvm_<config>.py was written from."""
    text = path.read_text()
    if not text.startswith(GENERATED_TVM):
        return None
    got = _literals(path)
    if "CONFIG" in got:
        return f"{RELAX_HEADER}{json.dumps(got['CONFIG'])}\n{got['SOURCE']}"
    pending = next((f"{TVM_PENDING}{name}\n" for name, block in bundle.TVM_SCHEDULES.items()
                    if block.splitlines()[0] in text), "")
    return f"{TVM_HEADER}{json.dumps(got['TARGET'])}\n{pending}{got['SOURCE']}"


def iree_blocks(folder: Path, case) -> dict[str, tuple[str, str, str]] | None:
    """config -> (source, verdict, note) of each block of a generated iree.sh: the source as a result holds it
    (``// iree-compile ...`` over the MLIR), the verdict and any note a person added to the block's header ("(control)",
    "(measured on an H200)"); None where the script has lines no kernelfuzz wrote, or runs a module on other inputs
    than the case's (a hand-written kernel.mlir beside the case)."""
    lines = (folder / "iree.sh").read_text().splitlines()
    if not all(map(_generated, lines)):
        return None
    ins = [a for a in shlex.split(iree_script.lines_inputs(case)) if a.startswith("--input=")]
    runs = [ln for ln in lines if "iree-run-module --module=" in ln]
    if any([a for a in shlex.split(ln.strip().removeprefix("if ").removesuffix("; then")) if a.startswith("--input=")]
           != ins for ln in runs):
        return None
    out = {}
    for k, line in enumerate(lines[:-1]):
        block, compiled = _BLOCK.match(line), _COMPILE.match(lines[k + 1])
        if block and compiled:
            argv = shlex.split(compiled.group(2))
            note = "" if block.group(3) == _REJECTED else block.group(3) or ""
            out[block.group(1)] = (f"// {shlex.join(argv)}\n{(folder / argv[1]).read_text()}", block.group(2), note)
    return out


def _results(folder: Path) -> list[ConfigResult]:
    return [ConfigResult(r["config"], Verdict(r["verdict"]), r["stage"], profile=r["profile"], facts=r["facts"])
            for r in json.loads((folder / "results.json").read_text())]


def rescript(folder: Path) -> list[str]:
    """Rewrite the generated scripts of the bundle in ``folder``; returns what it left alone, and why."""
    case = load(folder / "case.json")
    iree = iree_blocks(folder, case) if (folder / "iree.sh").exists() else {}
    left = [] if iree is not None else [f"{folder / 'iree.sh'}: lines of its own (hand-edited): kept"]
    results = []
    for r in _results(folder):
        script = folder / f"{folder_name(r.config)}.py"
        source = tvm_source(script) if script.exists() else None
        if script.exists() and source is None:
            left.append(f"{script}: not a generated script: kept")
        source = source or (iree or {}).get(r.config, ("",))[0]
        results.append(ConfigResult(r.config, r.verdict, r.stage, profile=r.profile, facts=r.facts, source=source))
    for config, (source, verdict, _) in (iree or {}).items():  # a block added by hand (a control run): kept
        if config not in {r.config for r in results}:
            results.append(ConfigResult(config, Verdict(verdict), "compare", source=source))
    order = list(iree or {})  # iree.sh's blocks (and so its MLIR files' names) in the order they were written
    results.sort(key=lambda r: order.index(r.config) if r.config in order else -1)
    report = CaseReport(case, tuple(results))
    bundle.write_scripts(folder, report)  # no IREE source: iree.sh stays as it is
    simulated.write(folder, report)  # simulate.sh, where a simulated verdict has its source
    notes = {f"# {c}: {v}": f"# {c}: {v}{note}" for c, (_, v, note) in (iree or {}).items() if note}
    if notes:
        text = (folder / "iree.sh").read_text()
        atomic_write(folder / "iree.sh", "\n".join(notes.get(ln, ln) for ln in text.split("\n")), executable=True)
    for check in folder.glob("localize/*/check.py"):
        atomic_write(check, bundle.check_script(bundle.outputs(case)))
    return left


def recheck(folder: Path) -> list[str]:
    """A folder a person assembled with kernelfuzz's check.py but no case.json: its check.py rewritten for the outputs
    it names, typed and shaped as reference/ holds them; its other scripts are its own."""
    import numpy as np
    names = [o if isinstance(o, str) else o[0] for o in _literals(folder / "check.py").get("OUTPUTS", [])]
    refs = [np.load(folder / "reference" / f"{n}.npy", mmap_mode="r") for n in names]
    if not names or any(r.dtype.kind == "V" for r in refs):  # no outputs named, or a type only the case names
        return [f"{folder / 'check.py'}: no case.json to type its outputs: kept"]
    atomic_write(folder / "check.py", bundle.check_script([(n, list(r.shape), r.dtype.name) for n, r in zip(names, refs)]))
    return [f"{folder}: no case.json: check.py rewritten from reference/, its other scripts kept"]


def main(root: str) -> int:
    checks = [p.parent for p in Path(root).rglob("check.py") if p.parent.name not in ("localize",)
              and p.parent.parent.name != "localize" and (p.parent / "reference").is_dir()]
    folders = sorted(f for f in checks if (f / "case.json").exists() and (f / "results.json").exists())
    for folder in folders:
        for line in rescript(folder):
            print(line)
    for folder in sorted(f for f in checks if not (f / "case.json").exists()):
        for line in recheck(folder):
            print(line)
    print(f"rewrote the generated scripts of {len(folders)} bundles under {root}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "corpus/findings"))
