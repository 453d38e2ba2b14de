"""The scripts of the corpus's findings, run as their findings say they exit (tests/test_corpus_scripts.py samples a
few per run; ``make bench``'s ``corpus-scripts`` section runs them all).

Each finding folder declares its scripts in ``scripts.json`` (docs/corpus.md#a-findings-scripts): per script, by its
path in the folder, the exit status it gives where it can run (``exit``: 0 the bug not shown, 1 shown, 2 could not
run or judge) and what it ``needs`` that a machine may lack (``cuda``, ``rocm``, ``hexagon``, ``llvm-22``,
``releases``); where a need is missing the script must exit 2.  A file that is not run by itself (a module the
scripts import, a step of another script) is declared ``{"part": "why"}``.  The exit-rule helpers (``verdict.py``,
``verdict.sh``) are stubs of ``corpus/tools/``'s files and need no entry."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from tests import ROOT

FINDINGS = ROOT / "corpus" / "findings"
TABLE = "scripts.json"
FORMAT = "kernelfuzz.finding-scripts/1"
HELPERS = ("verdict.py", "verdict.sh")
NEEDS = ("cuda", "rocm", "hexagon", "llvm-22", "releases")
TIMEOUT_S = 600.0


@dataclass(frozen=True)
class Script:
    finding: str
    path: str  # inside the finding folder
    exit: int | None  # None: a part, not run by itself
    needs: tuple[str, ...] = ()

    @property
    def file(self) -> Path:
        return FINDINGS / self.finding / self.path


def script_files(folder: Path) -> list[str]:
    """Every script in a finding folder (nested folders too), by its path in the folder; the helpers left out."""
    found = [p for p in folder.rglob("*") if p.suffix in (".py", ".sh") and p.is_file() and p.name not in HELPERS]
    return sorted(str(p.relative_to(folder)) for p in found)


def table(folder: Path) -> dict:
    path = folder / TABLE
    if not path.exists():
        return {}
    doc = json.loads(path.read_text())
    if doc.get("format") != FORMAT:
        raise ValueError(f"{path}: format {doc.get('format')!r}, expected {FORMAT!r}")
    return doc["scripts"]


def declared(folder: Path) -> list[Script]:
    out = []
    for path, entry in table(folder).items():
        needs = tuple(entry.get("needs", ()))
        unknown = set(needs) - set(NEEDS)
        if unknown or ("part" in entry) == ("exit" in entry) or entry.get("exit", 0) not in (0, 1, 2):
            raise ValueError(f"{folder.name}/{TABLE}: {path}: give either 'exit' (0, 1 or 2) or 'part', and needs "
                             f"among {NEEDS} (got {entry})")
        out.append(Script(folder.name, path, entry.get("exit"), needs))
    return out


def findings() -> list[Path]:
    return sorted(p for p in FINDINGS.iterdir() if p.is_dir())


def runnable() -> list[Script]:
    return [s for f in findings() for s in declared(f) if s.exit is not None]


def _has_device(kind: str) -> bool:
    if kind == "cuda":
        return Path("/dev/nvidia0").exists()
    return Path("/dev/kfd").exists()


def _has_releases() -> bool:
    from fuzz.replay import sideenv
    root = sideenv.cache_root()
    return all((root / r / "bin" / "python").exists() for r in ("iree-3.10", "iree-3.11", "iree-3.12"))


def lacking(needs: tuple[str, ...]) -> list[str]:
    """The needs this machine does not meet."""
    have = {"cuda": lambda: _has_device("cuda"), "rocm": lambda: _has_device("rocm"),
            "hexagon": lambda: all(shutil.which(t) for t in ("qemu-hexagon", "clang-16", "ld.lld-16")),
            "llvm-22": lambda: bool(shutil.which("opt-22")),
            "releases": _has_releases}
    return [n for n in needs if not have[n]()]


def expected(s: Script) -> int:
    return 2 if lacking(s.needs) else s.exit


def run(s: Script, timeout: float = TIMEOUT_S) -> tuple[int, str, float]:
    """(exit status, the output's tail, seconds): from a copy of the finding folder (what a script writes beside
    itself stays out of the repository), laid out as in the checkout (corpus/findings/<finding>, with fuzz/,
    frontends/ and corpus/tools/ linked: scripts that use the checkout find it where they look), with this Python and
    its tools on PATH and kernelfuzz importable."""
    bin_dir = str(Path(sys.executable).parent)
    with tempfile.TemporaryDirectory(prefix="kernelfuzz-scripts-") as tmp:
        root = Path(tmp)
        for name in ("fuzz", "frontends", "tests", "pyproject.toml"):
            (root / name).symlink_to(ROOT / name)
        (root / "corpus" / "findings").mkdir(parents=True)
        (root / "corpus" / "tools").symlink_to(ROOT / "corpus" / "tools")
        shutil.copytree(FINDINGS / s.finding, root / "corpus" / "findings" / s.finding, symlinks=True)
        where = root / "corpus" / "findings" / s.finding / s.path
        env = {**os.environ, "PATH": f"{bin_dir}:{os.environ.get('PATH', '/usr/bin:/bin')}", "PYTHON": sys.executable,
               "PYTHONPATH": str(root), "KERNELFUZZ": str(root)}
        argv = [sys.executable, where.name] if where.suffix == ".py" else ["bash", where.name]
        start = time.time()
        try:
            done = subprocess.run(argv, cwd=where.parent, env=env, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return -1, f"ran past {timeout:.0f} s", time.time() - start
    tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-6:])
    return done.returncode, tail, time.time() - start


def section(args) -> None:
    """make bench: every declared script, its expected and actual exit status and time."""
    scripts = runnable()
    print(f"\n== corpus-scripts: {len(scripts)} scripts of {len(findings())} findings")
    wrong, total = [], 0.0
    for s in scripts:
        got, tail, seconds = run(s)
        total += seconds
        want = expected(s)
        mark = "ok" if got == want else "MISMATCH"
        print(f"    {mark:8} {s.finding}/{s.path}: exit {got} (expected {want}) {seconds:.0f} s")
        if got != want:
            wrong.append(s)
            print("        " + tail.replace("\n", "\n        "))
    print(f"    {len(scripts) - len(wrong)} of {len(scripts)} as declared, {total:.0f} s in all")
