"""Copy the exit rule's helpers (``verdict.py``, ``verdict.sh`` here) beside every finding's scripts that use them.

A finding folder must run without kernelfuzz, so its scripts import or source a copy; this is the one way copies
are made: ``python corpus/tools/copy_verdict.py`` from the repository root rewrites every copy (a folder holds a copy
when one of its scripts names the helper).  tests/test_corpus_scripts.py holds each copy equal to its source."""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
FINDINGS = HERE.parent / "findings"
HELPERS = {"verdict.py": ("import verdict", "from verdict import"), "verdict.sh": (". ./verdict.sh", '/verdict.sh"')}


def users(name: str) -> list[Path]:
    """The folders under corpus/findings whose scripts use the helper ``name``."""
    marks = HELPERS[name]
    found = set()
    for script in list(FINDINGS.rglob("*.py")) + list(FINDINGS.rglob("*.sh")):
        if script.name != name and any(m in script.read_text(errors="replace") for m in marks):
            found.add(script.parent)
    return sorted(found)


def main() -> int:
    for name in HELPERS:
        text = (HERE / name).read_bytes()
        for folder in users(name):
            (folder / name).write_bytes(text)
            print(f"{folder.relative_to(HERE.parent.parent)}/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
