"""The frontends the engine runs, found by data: the one place the engine reaches them.

The engine never imports a compiler's code by name (``tests/test_layout.py``): the frontends are plugged in, as
each configuration's ``Config.module`` already is.  ``PACKAGE`` names the package that registers them; it
provides ``all_configs()``, ``availability(config)``, ``select(pattern) -> Selection`` and ``RUN_TIMEOUT_FACTOR``
(how much longer a simulated run may take), and its ``releases`` module ``releases(spec)`` (raising a
``ValueError`` that names the fix) and ``DISTRIBUTIONS`` (each compiler family's Python distributions).
Everything here imports it inside the call, so the command line and the engine load no frontend until a command
needs one.

``frontend(name)`` finds the module of a configuration by its name alone (a saved bundle's results name only
that), for the optional hooks a frontend adds to the contract (``repro``, ``read_back``: ``fuzz/publish/``);
``serving`` groups configurations by the frontend hook that serves them; ``repro`` asks those hooks for a
bundle's scripts.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType

from fuzz.execute.backend import Availability, Config, Repro

PACKAGE = "frontends"  # the package that registers the frontends (its __init__.py: MODULES)


@dataclass(frozen=True)
class Selection:
    configs: tuple[Config, ...]  # usable here, in registry order
    compile_only: frozenset[str]  # of those, the ones that compile but cannot run here
    skipped: tuple[tuple[str, str], ...]  # (name, why) selected but unavailable here
    unmatched: tuple[str, ...] = ()  # globs that match no configuration at all (a typo: the caller says so)


def _package() -> ModuleType:
    return importlib.import_module(PACKAGE)


def all_configs() -> list[Config]:
    """Every registered configuration, in registry order."""
    return _package().all_configs()


def availability(config: Config) -> Availability:
    return _package().availability(config)


def select(pattern: str) -> Selection:
    """The configurations comma-separated globs select (``PACKAGE``'s ``select`` states the rules)."""
    return _package().select(pattern)


def releases(spec: str) -> tuple:
    """The named compiler releases of ``--releases SPEC``; a ``ValueError`` naming the fix where it names none."""
    return importlib.import_module(f"{PACKAGE}.releases").releases(spec)


def distributions() -> dict[str, tuple[str, ...]]:
    """Each compiler family's Python distributions (``iree`` in ``iree:cpu-O2``), the compiler's first."""
    return importlib.import_module(f"{PACKAGE}.releases").DISTRIBUTIONS


def run_timeout_factor() -> float:
    """How many run timeouts a simulated configuration's run may take."""
    return _package().RUN_TIMEOUT_FACTOR


def frontend(name: str) -> ModuleType | None:
    """The frontend module of the registered configuration called ``name``; None where none is (a test's own
    configuration, one renamed since a bundle was saved)."""
    config = next((c for c in all_configs() if c.name == name), None)
    return None if config is None else importlib.import_module(config.module)


def serving(names: list[str], hook: str) -> list[tuple[ModuleType, list[int]]]:
    """The frontend modules with a ``hook`` for the configurations ``names``, each with the positions of the names
    it serves, in the order of their first name.  Modules that share the hook (one compiler's several modules share
    one) are one entry, so a script can hold several configurations.  A name no registered frontend with the hook
    serves is offered to every one (each takes only what it can use: a source it can rebuild from)."""
    found: list[tuple[ModuleType, list[int]]] = []
    for k, name in enumerate(names):
        module = frontend(name)
        for m in [module] if getattr(module, hook, None) is not None else every(hook):
            entry = next((e for e in found if getattr(e[0], hook) is getattr(m, hook)), None)
            if entry is None:
                found.append((m, [k]))
            else:
                entry[1].append(k)
    return found


def every(hook: str) -> list[ModuleType]:
    """A registered frontend module per distinct ``hook``, in registry order."""
    found: list[ModuleType] = []
    for name in dict.fromkeys(c.module for c in all_configs()):
        module = importlib.import_module(name)
        fn = getattr(module, hook, None)
        if fn is not None and all(getattr(m, hook) is not fn for m in found):
            found.append(module)
    return found


def repro(results, case) -> Repro:
    """What the frontends of ``results`` write for a finding's bundle (their ``repro`` hooks), in the order of
    their first result (``serving``)."""
    found = serving([r.config for r in results], "repro")
    return sum((module.repro([results[k] for k in ks], case) for module, ks in found), Repro())
