"""IREE releases differ in their flags: the one place that knows how (``kernelfuzz replay --releases``).

Configurations (``frontends/iree/frontend.py``) spell flags as the pinned release (3.13) does.  ``spelled``
rewrites a flag the installed ``iree-compile`` knows only under an older name (``RENAMED``), and ``missing``
names the flags it does not know at all: such a configuration is ``unavailable for this release`` with that
reason (``fuzz/replay/replay.py``), never a failure.  What the installed compiler knows is read from it
(``iree-compile --help-list-hidden``, once per process), not from a table of versions.
"""
from __future__ import annotations

import functools
import re
import subprocess

# today's spelling -> the spelling of releases before it (3.10 knows only --iree-hip-target)
SPELLED_FOR = "3.13."  # the release whose spelling the configurations use: no gap to look for there
RENAMED = {
    "--iree-rocm-target": "--iree-hip-target",
    "--iree-rocm-target-features": "--iree-hip-target-features",
    "--iree-rocm-llvm-global-isel": "--iree-hip-llvm-global-isel",  # 3.3 spells it so (measured)
}
_OPTION = re.compile(r"^\s*(--[A-Za-z0-9][\w.-]*)", re.M)


def _name(flag: str) -> str:
    return flag.split("=", 1)[0]


@functools.cache
def known() -> frozenset[str]:
    """The options the installed iree-compile accepts (empty when it cannot say: then nothing is rewritten)."""
    from iree.compiler.tools.binaries import find_tool
    try:
        out = subprocess.run([find_tool("iree-compile"), "--help-list-hidden"], capture_output=True, text=True,
                             timeout=60).stdout
    except (OSError, subprocess.TimeoutExpired):
        return frozenset()
    return frozenset(_OPTION.findall(out))


def spelled(flags: tuple[str, ...]) -> tuple[str, ...]:
    """``flags`` as the installed release spells them (unchanged where it knows today's spelling)."""
    if not any(_name(f) in RENAMED for f in flags):
        return flags
    opts = known()
    out = []
    for f in flags:
        name, old = _name(f), RENAMED.get(_name(f))
        out.append(old + f[len(name):] if old and opts and name not in opts and old in opts else f)
    return tuple(out)


def missing(flags: tuple[str, ...]) -> tuple[str, ...]:
    """The flags (by name) the installed iree-compile knows under no spelling."""
    opts = known()
    return tuple(_name(f) for f in spelled(flags) if f.startswith("--") and opts and _name(f) not in opts)


def version() -> str:
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as v
    try:
        return v("iree-base-compiler")
    except PackageNotFoundError:
        return "?"


def release_gap(flags: tuple[str, ...]) -> str:
    """Why the installed release cannot build a configuration with ``flags`` ('' when it can)."""
    gone = missing(flags)
    return f"iree-compile {version()} does not know {', '.join(gone)}" if gone else ""
