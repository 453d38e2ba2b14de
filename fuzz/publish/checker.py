"""check.py, the judge every script of a bundle ends in: written whole, or in a corpus as a stub of the corpus's copy.

A bundle's check.py is ``templates/check.py`` with its OUTPUTS line filled in (``full``): a real module that holds
the exit rule and needs numpy alone (ml_dtypes for bf16, float8 and int4), so a bundle written anywhere is
self-contained.  In a kernelfuzz corpus every bundle and every localize side would carry the same 200 lines, so
there ``write`` leaves a stub (``stub``): the outputs it judges and the path of the corpus's one copy, which it
runs as its own code (in its own module, ``__file__`` its own: ``reference/`` and ``inputs/`` are this folder's),
so ``python3 check.py OUTPUT...`` and a script's ``import check`` behave as with the whole file.  A folder is in a
corpus when it lies under ``<corpus>/findings/`` and ``<corpus>/tools/check.py`` is kernelfuzz's checker (``share``
writes it from the template).

``share(corpus)`` rewrites every check.py kernelfuzz wrote under ``<corpus>/findings/`` (whole or stub) as the stub,
leaving one a person changed; ``export(folder, dest)`` copies a finding folder with every stub written whole again:
the folder to send upstream.  ``corpus/tools/share_checker.py`` is their command.
"""
from __future__ import annotations

import ast
import os
import re
import shutil
from pathlib import Path

from fuzz.store import atomic_write

TEMPLATE = Path(__file__).with_name("templates") / "check.py"
# the template's line a whole copy fills in; a stub sets OUTPUTS before it runs the corpus's copy, which keeps it
_OUTPUTS_LINE = ('OUTPUTS = globals().get("OUTPUTS", [])  # (name, shape, dtype) per case output: kernelfuzz writes '
                 'this line\n')
CORPUS_COPY = ("tools", "check.py")  # the corpus's copy, beside its findings/

# Five lines of code (comments and imports apart): fewer than make a run of repeated code worth sharing.
STUB = """\
# This folder's check.py in a kernelfuzz corpus: `python3 check.py OUTPUT [OUTPUT ...]` judges output files as a
# bundle's check.py does, and `import check` gives its functions, by running the corpus's one copy (SHARED: its
# usage, exit rule and code) in this module, on the OUTPUTS below and this folder's reference/ and inputs/.  To send
# the folder upstream, write it with the whole file: `python corpus/tools/share_checker.py --export FOLDER DEST`.
import os
import sys

OUTPUTS = {outputs!r}  # (name, shape, dtype) per case output
SHARED = os.path.join(os.path.dirname(os.path.abspath(__file__)), {shared!r})  # the corpus's check.py
if not os.path.isfile(SHARED):  # outside the corpus: could not judge (exit 2), saying what to do
    sys.exit(print(f"could not judge: no {{SHARED}}: run corpus/tools/share_checker.py --export", file=sys.stderr) or 2)
exec(compile(open(SHARED).read(), SHARED, "exec"))
"""
_STUB_SHARED = re.compile(r"^SHARED = os\.path\.join\(.*\(__file__\)\), ('[^'\n]*')\)", re.M)  # its path, written


def full(outs: list) -> str:
    """The whole check.py judging ``outs`` (``bundle.outputs(case)``): the template with its outputs filled in."""
    text = TEMPLATE.read_text()
    if text.count(_OUTPUTS_LINE) != 1:
        raise ValueError(f"{TEMPLATE}: the OUTPUTS line a bundle fills in is not there once")
    return text.replace(_OUTPUTS_LINE, f"OUTPUTS = {outs!r}  # (name, shape, dtype) per case output\n")


def stub(outs: list, shared: str) -> str:
    """The stub judging ``outs`` with the corpus's copy at ``shared`` (a relative path, from the stub's folder)."""
    return STUB.format(outputs=outs, shared=shared)


def corpus_copy(folder: Path) -> Path | None:
    """The corpus's check.py where ``folder`` lies under ``<corpus>/findings/`` and it is kernelfuzz's checker."""
    folder = Path(os.path.abspath(folder))
    for above in folder.parents:
        shared = above.parent.joinpath(*CORPUS_COPY)
        if above.name == "findings" and shared.is_file() and _OUTPUTS_LINE in shared.read_text():
            return shared
    return None


def text(folder: Path, outs: list) -> str:
    """What ``folder``/check.py judging ``outs`` holds: the stub in a corpus, else the whole file."""
    shared = corpus_copy(folder)
    if shared is None:
        return full(outs)
    return stub(outs, Path(os.path.relpath(shared, os.path.abspath(folder))).as_posix())


def write(folder: Path, outs: list) -> None:
    atomic_write(folder / "check.py", text(folder, outs))


def literals(path: Path) -> dict:
    """The module-level constants a generated script assigns (OUTPUTS, TARGET, SOURCE, CONFIG, ...)."""
    out = {}
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            try:
                out[node.targets[0].id] = ast.literal_eval(node.value)
            except ValueError:
                continue
    return out


def generated(path: Path) -> tuple[list, bool] | None:
    """(OUTPUTS, whether a stub) of a check.py as kernelfuzz writes it, whole or stub (whatever corpus path it
    names); None for one a person changed, or no check.py of kernelfuzz's."""
    try:
        outs = literals(path).get("OUTPUTS")
    except SyntaxError:
        return None
    if not isinstance(outs, list):
        return None
    body = path.read_text()
    shared = _STUB_SHARED.search(body)
    if shared and body == stub(outs, ast.literal_eval(shared.group(1))):
        return outs, True
    return (outs, False) if body == full(outs) else None


def share(corpus: Path) -> tuple[list[Path], list[Path]]:
    """Write ``corpus``/tools/check.py from the template, and every check.py kernelfuzz wrote under
    ``corpus``/findings as the stub; returns (the check.py files it changed, those left alone: a person changed
    them).  A second run changes nothing."""
    copy = corpus.joinpath(*CORPUS_COPY)
    if not copy.is_file() or copy.read_text() != TEMPLATE.read_text():
        atomic_write(copy, TEMPLATE.read_text())
    changed, kept = [], []
    for path in sorted((corpus / "findings").rglob("check.py")):
        found = generated(path)
        if found is None:
            kept.append(path)
        elif path.read_text() != (want := text(path.parent, found[0])):
            atomic_write(path, want)
            changed.append(path)
    return changed, kept


def export(folder: Path, dest: Path) -> list[Path]:
    """Copy ``folder`` to ``dest`` (which must not exist) with every stub check.py written whole; returns them."""
    if dest.exists():
        raise FileExistsError(f"{dest} exists: name a new folder")
    shutil.copytree(folder, dest, symlinks=True, ignore=shutil.ignore_patterns("__pycache__"))
    whole = []
    for path in sorted(dest.rglob("check.py")):
        found = generated(path)
        if found is not None and found[1]:
            atomic_write(path, full(found[0]))
            whole.append(path)
    return whole
