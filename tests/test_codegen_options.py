"""The opt-in gfx942 code-generation switches (frontends/iree/codegen_options.py): each is its base plus one flag
IREE 3.13's iree-compile knows, and a wildcard never selects one."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import frontends
from frontends.iree import codegen_options


def _by_name(name):
    return next(c for c in frontends.all_configs() if c.name == name)


def test_each_switch_is_its_base_plus_one_flag_and_opt_in():
    for name, base in codegen_options.BASE.items():
        c, b = _by_name(name), _by_name(base)
        assert c.opt_in and c.target == b.target == "gfx942"
        assert c.flags[:-1] == b.flags and c.flags[-1] not in b.flags
    assert not set(codegen_options.BASE) & {c.name for c in frontends.select("iree:gfx942-*").configs}


def test_iree_compile_knows_every_flag():
    exe = Path(sys.executable).with_name("iree-compile")
    if not exe.exists():
        import pytest
        pytest.skip("iree-compile is not installed beside this Python")
    text = subprocess.run([str(exe), "--help-hidden"], capture_output=True, text=True, timeout=120).stdout
    for flag, _ in codegen_options.FLAGS.values():
        assert f"  {flag.split('=')[0]}" in text, flag
