"""The CPU behind ``--iree-llvmcpu-target-cpu=host``: another CPU on another machine.

Every IREE CPU compile records the CPU and features IREE resolved (read from the executable dump); a saved verdict
holds for that CPU, and ``retarget`` names it in a configuration's flags where this machine can run its code.
``KERNELFUZZ_IREE_CPU`` makes ``host`` mean another CPU (a name LLVM knows, e.g. ``skylake-avx512``), to test as
that machine would.
"""
from __future__ import annotations

import re
from dataclasses import replace

from fuzz import settings
from fuzz.execute.backend import Config

HOST = ("--iree-llvmcpu-target-cpu=host",)
_TARGET_CPU = re.compile(r'"llvm-cpu", "[^"]*", \{cpu = "([^"]*)", cpu_features = "([^"]*)"')


def flags(config: Config) -> tuple[str, ...]:
    """The configuration's flags with ``host`` pinned by ``KERNELFUZZ_IREE_CPU`` where it is set, spelled as the
    installed release spells them (``frontends/iree/flags.py``)."""
    from frontends.iree.flags import spelled

    pinned = settings.get(settings.IREE_CPU)
    return spelled(tuple(f"--iree-llvmcpu-target-cpu={pinned}" if pinned and f == HOST[0] else f for f in config.flags))


def compiles_for_host(argv: list[str]) -> bool:
    return f"--iree-llvmcpu-target-cpu={settings.get(settings.IREE_CPU) or 'host'}" in argv


def target_cpu(configured: str) -> dict | None:
    """The CPU an llvm-cpu executable was compiled for, from its configured source: {"name", "features"}."""
    m = _TARGET_CPU.search(configured)
    return {"name": m.group(1), "features": m.group(2)} if m else None


def enabled(features: str) -> set[str]:
    """The features a target-features string leaves on (later entries win, as in LLVM)."""
    on: dict[str, bool] = {}
    for f in filter(None, features.split(",")):
        on[f[1:]] = f[0] == "+"
    return {f for f, v in on.items() if v}


# Features every x86-64 CPU has (the psABI's baseline): an older LLVM may leave them out of a host's feature list.
X86_64_BASELINE = {"64bit", "cmov", "cx8", "fxsr", "mmx", "sse", "sse2", "x87"}


def named_features(features: str) -> set[str]:
    """Every feature a target-features string names, on or off."""
    return {f[1:] for f in filter(None, features.split(","))}


def retarget(config: Config, recorded: dict, here: dict) -> tuple[Config | None, str]:
    """``config`` compiled for the CPU a saved verdict was recorded on (facts ``cpu``), on a machine whose ``host``
    is ``here``: itself where that is the same CPU, the configuration with that CPU named where this machine can run
    its code (its features a subset of ours), else None and why.  A baseline x86-64 feature ``here`` does not name at
    all is one the installed LLVM does not list (an older release's LLVM omits ``x87`` from the host's features), not
    one the CPU lacks."""
    if HOST[0] not in config.flags or not recorded or here == recorded:
        return config, ""
    missing = {f for f in enabled(recorded["features"]) - enabled(here["features"])
               if f in named_features(here["features"]) or f not in X86_64_BASELINE}
    if missing:
        return None, (f"recorded on {recorded['name']}; this machine's CPU ({here['name']}) lacks "
                      f"{', '.join(sorted(missing)[:3])}{' ...' if len(missing) > 3 else ''}")
    return named(config, recorded), ""


def named(config: Config, recorded: dict) -> Config:
    """``config`` compiling for the recorded CPU by name and features instead of ``host``."""
    cpu = (f"--iree-llvmcpu-target-cpu={recorded['name']}",) + \
        ((f"--iree-llvmcpu-target-cpu-features={recorded['features']}",) if recorded["features"] else ())
    return replace(config, flags=tuple(g for f in config.flags for g in (cpu if f == HOST[0] else (f,))))
