"""Rewrite the generated scripts of saved bundles (``corpus/findings/``) with today's templates, compiling nothing.

A bundle's generated scripts hold what they were generated from (a script its scheduled module and target, a shell
script each configuration's exact compile line and the file it names).  ``rescript(folder)`` has each frontend read
the sources back from its own scripts (its ``read_back`` hook, ``fuzz/execute/backend.py``), with the verdicts of
``results.json`` and the case of ``case.json``, and has ``bundle.write_scripts`` write them again, so a template
change reaches every bundle with the very module each finding reported (re-lowering the case today could print
another).  ``check.py`` of a localize folder (``localize/<config>/``) is the bundle's check.py.  A script that does
not read as generated (hand-written or hand-edited) is left alone and named in the result.

    python -m fuzz.publish.rescript corpus/findings      # every bundle under the folder
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from fuzz.casefile import load
from fuzz.execute import registry
from fuzz.execute.backend import Repro
from fuzz.judge.oracle import Verdict
from fuzz.judge.results import CaseReport, ConfigResult
from fuzz.publish import bundle, checker
from fuzz.publish.checker import literals


def _results(folder: Path) -> list[ConfigResult]:
    return [ConfigResult(r["config"], Verdict(r["verdict"]), r["stage"], profile=r["profile"], facts=r["facts"])
            for r in json.loads((folder / "results.json").read_text())]


def rescript(folder: Path) -> list[str]:
    """Rewrite the generated scripts of the bundle in ``folder``; returns what it left alone, and why."""
    case = load(folder / "case.json")
    results = _results(folder)
    found = registry.serving([r.config for r in results], "read_back")
    found += [(m, []) for m in registry.every("read_back") if all(m.read_back is not f.read_back for f, _ in found)]
    repro, left = Repro(), []  # every frontend is asked: a person may have added a configuration without a result
    for module, ks in found:
        back, kept = module.read_back(folder, case, [results[k] for k in ks])
        repro += module.repro(back, case)  # a result without its source: nothing written for it
        left += kept
    bundle.write_scripts(folder, CaseReport(case, ()), repro)
    for check in folder.glob("localize/*/check.py"):
        checker.write(check.parent, bundle.outputs(case))
    return left


def recheck(folder: Path) -> list[str]:
    """A folder a person assembled with kernelfuzz's check.py but no case.json: its check.py rewritten for the outputs
    it names, typed and shaped as reference/ holds them; its other scripts are its own."""
    import numpy as np
    names = [o if isinstance(o, str) else o[0] for o in literals(folder / "check.py").get("OUTPUTS", [])]
    refs = [np.load(folder / "reference" / f"{n}.npy", mmap_mode="r") for n in names]
    if not names or any(r.dtype.kind == "V" for r in refs):  # no outputs named, or a type only the case names
        return [f"{folder / 'check.py'}: no case.json to type its outputs: kept"]
    checker.write(folder, [(n, list(r.shape), r.dtype.name) for n, r in zip(names, refs)])
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
