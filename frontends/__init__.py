"""Compiler frontends, registered by data: each entry names a module providing the
``fuzz.execute.backend`` contract.  Modules import their compiler lazily, so listing
configurations works on a machine without TVM or IREE.  The engine and its command line reach this package
through ``fuzz.execute.registry`` (which names it as data), never by an import."""
from __future__ import annotations

import fnmatch
import importlib
from pathlib import Path

from frontends.devices.simulation import RUN_TIMEOUT_FACTOR  # noqa: F401  the CLI's help states it (registry)
from fuzz.execute.backend import Availability, Config
from fuzz.execute.registry import Selection

MODULES = ("frontends.tvm.frontend", "frontends.iree.frontend", "frontends.tvm.relax_frontend",
           "frontends.iree.tosa_frontend", "frontends.iree.onnx_frontend", "frontends.tvm.onnx_frontend")
MODULES += ("frontends.iree.preprocessing",  # configurations only: they compile and run with frontends.iree.frontend
            "frontends.iree.backend_options", "frontends.tvm.backend_options",
            "frontends.iree.codegen_options")

# The frontends' files a finding carries verbatim (fuzz/publish/shared_copies.py's generated families, named here
# because the engine names no frontend): the corpus keeps one copy of each in corpus/tools/, made from these by
# ``python corpus/tools/share_checker.py``; every other copy under corpus/findings is a stub of it.
CARRIED = {"poison.py": Path(__file__).parent / "tvm" / "templates" / "poison.py",
           "hexagon_harness.c": Path(__file__).parent / "devices" / "hexagon_harness.c"}


def all_configs() -> list[Config]:
    return [c for m in MODULES for c in importlib.import_module(m).CONFIGS]


def availability(config: Config) -> Availability:
    return importlib.import_module(config.module).availability(config)


def select(pattern: str) -> Selection:
    """Configurations matching comma-separated globs ('tvm:*,iree:cpu-*').

    Opt-in configurations (slow real tuning) are selected only by their exact name.  A glob that matches no
    configuration, available or not, is named in ``unmatched`` (the others are still selected)."""
    globs = [g.strip() for g in pattern.split(",") if g.strip()]
    every = all_configs()
    chosen = [c for c in every if any(fnmatch.fnmatchcase(c.name, g) for g in globs)
              and (not c.opt_in or c.name in globs)]
    avail = {c.name: availability(c) for c in chosen}
    usable = tuple(c for c in chosen if avail[c.name].compiles)
    return Selection(usable, frozenset(c.name for c in usable if avail[c.name].status == "compile-only"),
                     tuple((c.name, avail[c.name].why) for c in chosen if not avail[c.name].compiles),
                     tuple(g for g in globs if not any(fnmatch.fnmatchcase(c.name, g) for c in every))
                     or (() if globs else (pattern,)))  # no glob at all ('' or ','): nothing can match
