"""Compiler releases by name: ``iree==3.10`` or ``tvm==0.25`` -> the exact wheels that make that release work.

The one place that knows which packages (and which pins) a named TVM or IREE release needs, and which
frontends' configurations each compiler family serves.  ``kernelfuzz replay --releases`` installs these into
side environments (``fuzz/replay/sideenv.py``); what a release spells differently or lacks is in
``frontends/iree/flags.py`` and ``frontends/tvm/compat.py``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

# The frontends whose configurations each compiler family's release runs: a case is replayed against a release
# only through the configurations of that family.
FAMILIES = {
    "iree": ("frontends.iree.frontend", "frontends.iree.tosa_frontend"),
    "tvm": ("frontends.tvm.frontend", "frontends.tvm.relax_frontend"),
}
# Each family's Python distributions, the compiler's first: a release of an unmeasured version installs these at
# that version; the campaign report and localize.txt name the installed versions.
DISTRIBUTIONS = {"iree": ("iree-base-compiler", "iree-base-runtime"), "tvm": ("apache-tvm",)}
# Exact pins measured to work (docs/field-notes.md): apache-tvm accepts apache-tvm-ffi versions that segfault
# (0.1.15.x in IR-to-JSON calls), so each TVM release carries the ffi it was tested with.
KNOWN = {
    ("iree", "3.10"): ("iree-base-compiler==3.10.0", "iree-base-runtime==3.10.0"),
    ("iree", "3.11"): ("iree-base-compiler==3.11.0", "iree-base-runtime==3.11.0"),
    ("iree", "3.12"): ("iree-base-compiler==3.12.0", "iree-base-runtime==3.12.0"),
    ("iree", "3.13"): ("iree-base-compiler==3.13.0", "iree-base-runtime==3.13.0"),
    ("tvm", "0.25"): ("apache-tvm==0.25.0.post1", "apache-tvm-ffi==0.1.12"),
    ("tvm", "0.26"): ("apache-tvm==0.26.0", "apache-tvm-ffi==0.1.14.post1"),
    ("tvm", "0.27"): ("apache-tvm==0.27.0.post1", "apache-tvm-ffi==0.1.14.post1"),
}
SPELLING = "FAMILY==VERSION, comma-separated, e.g. iree==3.10,iree==3.13,tvm==0.25 (families: iree, tvm)"
_VERSION = re.compile(r"^\d+(\.\d+)*(\.post\d+)?$")


class ReleaseError(ValueError):
    """A --releases value that names no release: the message says what to write instead."""


@dataclass(frozen=True)
class Release:
    family: str  # "iree" or "tvm"
    version: str  # as given, normalized: "3.10", "0.25", "3.9.1"
    packages: tuple[str, ...]  # exact pip requirements

    @property
    def name(self) -> str:  # "iree 3.10"
        return f"{self.family} {self.version}"

    @property
    def slug(self) -> str:  # the side environment's folder name
        return f"{self.family}-{self.version}"

    @property
    def modules(self) -> tuple[str, ...]:
        return FAMILIES[self.family]


def _short(version: str) -> str:
    """``3.10.0`` and ``0.25.0.post1`` name the same releases as ``3.10`` and ``0.25``."""
    m = re.match(r"^(\d+\.\d+)(\.0)?(\.post\d+)?$", version)
    return m.group(1) if m else version


def release(text: str) -> Release:
    family, sep, version = text.strip().partition("==")
    family, version = family.strip().lower(), version.strip()
    if not sep or family not in FAMILIES or not _VERSION.match(version):
        raise ReleaseError(f"--releases: {text.strip()!r} is not a release; write {SPELLING}")
    short = _short(version)
    if (family, short) in KNOWN:
        return Release(family, short, KNOWN[family, short])
    # Not measured here: the plain wheels of that version (pip says when the index has no such version).
    return Release(family, version, tuple(f"{d}=={version}" for d in DISTRIBUTIONS[family]))


def releases(text: str) -> tuple[Release, ...]:
    """Parse --releases; duplicates collapse, order is kept (the matrix's columns)."""
    out: dict[str, Release] = {}
    for part in filter(str.strip, text.split(",")):
        r = release(part)
        out.setdefault(r.slug, r)
    if not out:
        raise ReleaseError(f"--releases names no release; write {SPELLING}")
    return tuple(out.values())


def family_of(module: str) -> str | None:
    return next((f for f, mods in FAMILIES.items() if module in mods), None)
