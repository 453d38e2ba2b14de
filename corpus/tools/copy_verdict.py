"""Copy the exit rule's helpers (``verdict.py``, ``verdict.sh`` here) beside every finding's scripts that use them.

A finding's scripts import or source the helper beside them; in corpus/findings that copy is the stub of this
folder's file (fuzz/publish/shared_copies.py; ``python corpus/tools/share_checker.py --export`` writes it whole for a
folder sent upstream).  ``python corpus/tools/copy_verdict.py`` from the repository root writes the stub in every
folder whose scripts name the helper; ``python corpus/tools/share_checker.py`` also turns whole copies merged in into
stubs.  tests/test_corpus_scripts.py holds each copy the stub."""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))  # kernelfuzz's own package, from the checkout this corpus is in
from fuzz.publish import shared_copies  # noqa: E402

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
        text = (HERE / name).read_text()
        for folder in users(name):
            shared_copies.write(folder, name, text)
            print(f"{folder.relative_to(HERE.parent.parent)}/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
