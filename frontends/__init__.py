"""Compiler frontends, registered by data: each entry names a module providing the
``fuzz.backend`` contract.  Modules import their compiler lazily, so listing
configurations works on a machine without TVM or IREE."""
from __future__ import annotations

import importlib

from fuzz.backend import Config

MODULES = ("frontends.tvm_frontend", "frontends.iree_frontend")


def all_configs() -> list[Config]:
    return [c for m in MODULES for c in importlib.import_module(m).CONFIGS]


def availability(config: Config):
    return importlib.import_module(config.module).availability(config)
