"""Declare the generated scripts of every finding in its scripts.json (docs/corpus.md, "A finding's scripts").

``python corpus/tools/declare_scripts.py`` from the repository root adds an entry for each generated script a
finding's scripts.json does not name yet (check.py, iree.sh, tvm_<config>.py, simulate.sh, poison.py, localize's
repro.sh and its steps), by the rule the docs state: read from the nearest results.json, a configuration that failed
at compile shows its bug anywhere (1), one that failed at run time on a device needs that device, a passing one 0;
a TVM Hexagon script compiles and stops (2).  Entries already there are kept; a hand-written script it cannot
classify is listed for a person to declare.  Needs Python alone."""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

FINDINGS = Path(__file__).resolve().parent.parent / "findings"
FORMAT = "kernelfuzz.finding-scripts/1"
HELPERS = ("verdict.py", "verdict.sh")
PASS = {"exact", "within-bound", "compiled", "unsupported", "limitation", "not-expressible"}
DEVICES = (("cuda", "cuda"), ("rocm", "rocm"), ("gfx942", "rocm"), ("hexagon", "hexagon"))
CHECK = {"exit": 2, "note": "judges the output files named on its command line; with none it cannot judge"}


def device(config: str) -> str | None:
    return next((need for key, need in DEVICES if key in config), None)


def results(folder: Path) -> dict:
    """config -> result, from the results.json of the folder or the nearest one above it in the finding."""
    for d in [folder, *folder.parents]:
        if (d / "results.json").exists():
            return {r["config"]: r for r in json.loads((d / "results.json").read_text())}
        if d.parent == FINDINGS:
            return {}
    return {}


def config_entry(config: str, r: dict | None) -> dict | None:
    if r is None:
        return None
    failing, need = r["verdict"] not in PASS, device(config)
    if failing and r.get("stage") == "compile":
        return {"exit": 1}
    if need == "hexagon" and config.startswith("tvm:"):
        return {"exit": 2, "note": "compiles for Hexagon and stops: it does not run the kernel (kernelfuzz run case.json does)"}
    entry = {"exit": 1 if failing else 0}
    return {**entry, "needs": [need]} if need and r.get("stage") != "compile-only" else entry


def iree_entry(res: dict) -> dict:
    entries = [e for c, r in res.items() if c.startswith("iree:") and (e := config_entry(c, r))]
    if any(e["exit"] == 1 and "needs" not in e for e in entries):
        return {"exit": 1}
    shown = [e for e in entries if e["exit"] == 1]
    return {"exit": 1, "needs": shown[0]["needs"]} if shown else {"exit": 0}


def generated(finding: Path, rel: str) -> dict | None:
    p = Path(rel)
    res = results(finding / p.parent)
    if p.name == "check.py":
        return dict(CHECK)
    if p.name == "poison.py":
        return {"part": "a module the tvm_*.py scripts import"}
    if p.name == "simulate.sh":
        return {"exit": 1, "note": "runs the simulated configurations from a checkout ($KERNELFUZZ)"}
    if "localize" in p.parts and p.name in ("point.py", "split_outputs.py"):
        return {"part": "a step of repro.sh beside it"}
    if "localize" in p.parts and p.name == "repro.sh":
        config = next(x for x in p.parts if x.startswith(("iree_", "tvm_"))).replace("_", ":", 1)
        entry, need = {"exit": 1 if "first-bad" in p.parts else 0}, device(config)
        on_cpu = re.search(r"--device=(cuda|hip)\b", (finding / p).read_text()) is None  # a retargeted finisher
        return {**entry, "needs": [need]} if need and not on_cpu else entry
    if p.suffix == ".py" and (finding / p).read_text().startswith("# kernelfuzz target"):
        return {"part": "a kernel's scheduled TIR as kernelfuzz dumped it (TVMScript to read, not a script to run)"}
    if m := re.fullmatch(r"tvm_(.+)\.py", p.name):
        return config_entry("tvm:" + m.group(1), res.get("tvm:" + m.group(1)))
    return iree_entry(res) if p.name == "iree.sh" else None


def scripts(folder: Path) -> list[str]:
    found = [p for p in folder.rglob("*") if p.suffix in (".py", ".sh") and p.is_file() and p.name not in HELPERS]
    return sorted(str(p.relative_to(folder)) for p in found)


def declare(folder: Path) -> list[str]:
    """Add the generated scripts' entries; the scripts left for a person to declare."""
    path = folder / "scripts.json"
    table = json.loads(path.read_text())["scripts"] if path.exists() else {}
    left = []
    for rel in scripts(folder):
        if rel not in table:
            entry = generated(folder, rel)
            if entry is None:
                left.append(rel)
            else:
                table[rel] = entry
    lines = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in sorted(table.items()))
    path.write_text('{\n "format": "%s",\n "scripts": {\n%s\n }\n}\n' % (FORMAT, lines))
    return left


def main() -> int:
    left = {f.name: rest for f in sorted(FINDINGS.iterdir()) if f.is_dir() and (rest := declare(f))}
    for name, rest in left.items():
        print(f"{name}: declare by hand in scripts.json: {', '.join(rest)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
