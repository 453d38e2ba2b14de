"""The other files every finding would carry verbatim, kept once per corpus: as check.py is (fuzz/publish/checker.py).

A finding folder is self-contained, so kernelfuzz (and corpus/tools/copy_verdict.py) write beside its scripts the
exit-rule helpers ``verdict.py`` and ``verdict.sh`` (corpus/tools/), a frontend's poisoned pass pipeline
``poison.py`` and a device's C harness ``hexagon_harness.c`` (their sources are the frontends' files, which
``frontends.CARRIED`` names: the engine names no frontend).  In a folder under
``<corpus>/findings/`` each is a stub of a few lines that runs, sources or includes the corpus's one copy,
``<corpus>/tools/<name>``, by its path from the stub's folder:

- ``verdict.py``, ``poison.py``: the copy's code run in the stub's own module (``import verdict``, ``import poison``
  behave as with the whole file); without the copy the import exits 2 saying how to export.
- ``verdict.sh``: sourced from the folder of the script that sources the stub (``$0``), else the current folder (a
  script's ``. ./verdict.sh`` after ``cd "$(dirname "$0")"``); without the copy the script exits 2.
- ``hexagon_harness.c``: ``#include`` of the copy (a quoted include is looked up from the including file's folder),
  so ``clang -c hexagon_harness.c`` builds the same object; without the copy the compile fails naming the path.

``share(corpus, sources)`` writes the corpus copies of the generated families from their sources and every copy under
``<corpus>/findings/`` that is the whole source or a stub as the stub, leaving (and returning) one a person changed
or an older kernelfuzz wrote; ``export(dest)`` writes every stub in a copied folder whole again.
``corpus/tools/share_checker.py`` is their command, with check.py's.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from fuzz.store import atomic_write

EXPORT = "python corpus/tools/share_checker.py --export FOLDER DEST"

_PY_STUB = """\
# This folder's {name} in a kernelfuzz corpus: it runs the corpus's one copy (SHARED, from this folder) as this
# module's own code, so `import {module}` behaves as with the whole file.  To send the folder upstream, write it
# with the whole file: `{export}`.
import os
import sys

SHARED = os.path.join(os.path.dirname(os.path.abspath(__file__)), {shared!r})  # the corpus's {name}
if not os.path.isfile(SHARED):  # outside the corpus: could not run (exit 2), saying what to do
    sys.exit(print(f"could not run: no {{SHARED}}: run corpus/tools/share_checker.py --export", file=sys.stderr) or 2)
exec(compile(open(SHARED).read(), SHARED, "exec"))
"""
_SH_STUB = """\
# This folder's verdict.sh in a kernelfuzz corpus: it sources the corpus's one copy (the path below, from the folder
# of the script sourcing it, else from the current folder), so `. ./verdict.sh` behaves as with the whole file.  To
# send the folder upstream, write it with the whole file: `{export}`.
for VERDICT_SHARED in "$(dirname "$0")/{shared}" "./{shared}"; do [ -f "$VERDICT_SHARED" ] && break; done
[ -f "$VERDICT_SHARED" ] || {{ echo "could not run: no {shared} from this folder: run {export} (exit 2)"; exit 2; }}
. "$VERDICT_SHARED"
"""
_C_STUB = """\
/* This folder's hexagon_harness.c in a kernelfuzz corpus: it includes the corpus's one copy (a quoted include is
   looked up from this file's folder), so compiling hexagon_harness.c builds the same harness.  To send the folder
   upstream, write it with the whole file: {export}. */
#include "{shared}"
"""


@dataclass(frozen=True)
class Family:
    name: str  # the file's name in a finding folder and in <corpus>/tools/
    stub_template: str
    shared_re: re.Pattern  # finds the path a stub names

    def whole(self, corpus: Path) -> str:
        return (corpus / "tools" / self.name).read_text()

    def stub(self, shared: str) -> str:
        return self.stub_template.format(name=self.name, module=self.name[:-3], shared=shared, export=EXPORT)

    def is_stub(self, text: str) -> bool:
        found = self.shared_re.search(text)
        return bool(found) and text == self.stub(found.group(1))


_PY_SHARED = re.compile(r"^SHARED = os\.path\.join\(.*\(__file__\)\), '([^'\n]*)'\)", re.M)
FAMILIES = {f.name: f for f in (
    Family("verdict.py", _PY_STUB, _PY_SHARED),
    Family("verdict.sh", _SH_STUB, re.compile(r'^for VERDICT_SHARED in "\$\(dirname "\$0"\)/([^"\n]*)"', re.M)),
    Family("poison.py", _PY_STUB, _PY_SHARED),
    Family("hexagon_harness.c", _C_STUB, re.compile(r'^#include "([^"\n]*)"\n\Z', re.M)),
)}


def corpus_of(folder: Path, name: str) -> Path | None:
    """The corpus ``folder`` lies in (under ``<corpus>/findings/``, with ``<corpus>/tools/<name>``), else None."""
    folder = Path(os.path.abspath(folder))
    for above in folder.parents:
        if above.name == "findings" and (above.parent / "tools" / name).is_file():
            return above.parent
    return None


def text(folder: Path, name: str, whole: str) -> str:
    """What ``folder``/``name`` holds when kernelfuzz writes ``whole`` there: the stub in a corpus whose copy is
    ``whole``, else ``whole``."""
    family = FAMILIES.get(name)
    corpus = None if family is None else corpus_of(folder, name)
    if corpus is None or (corpus / "tools" / name).read_text() != whole:
        return whole
    return family.stub(Path(os.path.relpath(corpus / "tools" / name, os.path.abspath(folder))).as_posix())


def write(folder: Path, name: str, whole: str) -> None:
    atomic_write(folder / name, text(folder, name, whole))


def share(corpus: Path, sources: dict[str, Path]) -> tuple[list[Path], list[Path]]:
    """Write the corpus copies of the generated families (``sources``: a family's name -> the file its corpus copy is
    written from; a family not named there is its corpus copy), and every copy under ``corpus``/findings that is the whole
    file or a stub as the stub; returns (the files it changed, those left alone: a person or an older kernelfuzz
    wrote them).  A second run changes nothing."""
    changed, kept = [], []
    for family in FAMILIES.values():
        copy = corpus / "tools" / family.name
        source = sources.get(family.name)
        if source is not None and (not copy.is_file() or copy.read_text() != source.read_text()):
            atomic_write(copy, source.read_text())
            changed.append(copy)
        whole = family.whole(corpus)
        for path in sorted((corpus / "findings").rglob(family.name)):
            body = path.read_text()
            if body != whole and not family.is_stub(body):
                kept.append(path)
            elif body != (want := text(path.parent, family.name, whole)):
                atomic_write(path, want)
                changed.append(path)
    return changed, kept


def export(dest: Path, corpus: Path) -> list[Path]:
    """Write every stub in ``dest`` (a copied finding folder) whole, from ``corpus``'s copies; returns them."""
    whole = []
    for family in FAMILIES.values():
        for path in sorted(dest.rglob(family.name)):
            if family.is_stub(path.read_text()):
                atomic_write(path, family.whole(corpus))
                whole.append(path)
    return whole
