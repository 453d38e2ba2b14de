"""fuzz/settings.py: the one place that reads the environment, and the table users read it from."""
from __future__ import annotations

import ast
import os
from pathlib import Path

import pytest

from fuzz import settings
from tests import ROOT

READERS = ("fuzz", "frontends", "corpus/tools")


def _touches_the_environment(tree: ast.AST) -> list[int]:
    """Lines that reach ``os.environ`` / ``os.getenv`` / ``os.putenv`` (or import them from ``os``)."""
    lines = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr in ("environ", "getenv",
             "putenv", "unsetenv") and isinstance(n.value, ast.Name) and n.value.id == "os"]
    return lines + [n.lineno for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module == "os"
                    and any(a.name in ("environ", "getenv", "putenv") for a in n.names)]


def test_no_module_but_settings_touches_the_environment():
    found = {str(p.relative_to(ROOT)): lines for top in READERS for p in (ROOT / top).rglob("*.py")
             if p != ROOT / "fuzz/settings.py" and (lines := _touches_the_environment(ast.parse(p.read_text())))}
    assert not found, "read and write variables through fuzz/settings.py (get, put, scoped, environment)"


def test_a_variable_name_is_spelled_only_in_settings():
    names = {v.name for v in settings.VARIABLES}
    spelled = {str(p.relative_to(ROOT)): sorted(n.value for n in ast.walk(ast.parse(p.read_text()))
                                                if isinstance(n, ast.Constant) and n.value in names)
               for top in READERS for p in (ROOT / top).rglob("*.py") if p != ROOT / "fuzz/settings.py"}
    assert not {f: n for f, n in spelled.items() if n}


def _table() -> str:
    rows = [f"| `{v.name}` | {v.default} | {v.meaning} |" for v in settings.VARIABLES]
    return "\n".join(["| variable | unset means | meaning |", "|---|---|---|", *rows])


def test_docs_environment_lists_every_variable_as_settings_does():
    doc = (ROOT / "docs/environment.md").read_text()
    assert _table() in doc, "regenerate the table of docs/environment.md from fuzz/settings.py:\n" + _table()


def test_an_unknown_variable_is_refused():
    with pytest.raises(KeyError, match="not a kernelfuzz setting"):
        settings.get(settings.Variable("KERNELFUZZ_NOPE", "", ""))


@pytest.mark.parametrize("value", ["", "relative/cache"])
def test_the_cache_is_never_a_relative_folder(monkeypatch, value):
    """XDG_CACHE_HOME="" made the Hexagon cache ./kernelfuzz in whatever folder kernelfuzz ran from."""
    monkeypatch.setenv("XDG_CACHE_HOME", value)
    assert settings.cache_dir("hexagon") == Path.home() / ".cache" / "kernelfuzz" / "hexagon"


def test_the_cache_follows_an_absolute_xdg_cache_home(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert settings.cache_dir("x") == tmp_path / "kernelfuzz" / "x"
    monkeypatch.setenv("KERNELFUZZ_RELEASES", str(tmp_path / "rel"))
    assert settings.releases_dir() == tmp_path / "rel"


def test_scoped_restores_the_environment_even_when_the_block_fails(monkeypatch):
    monkeypatch.setenv("PATH", "/bin")
    monkeypatch.delenv("ROCM_PATH", raising=False)
    with pytest.raises(RuntimeError):
        with settings.scoped({settings.PATH: "/opt/x:/bin", settings.ROCM_PATH: "/opt/rocm"}):
            assert os.environ["PATH"] == "/opt/x:/bin" and os.environ["ROCM_PATH"] == "/opt/rocm"
            raise RuntimeError
    assert os.environ["PATH"] == "/bin" and "ROCM_PATH" not in os.environ


def test_a_device_index_that_is_not_a_number_is_a_clear_error(monkeypatch):
    monkeypatch.setenv("KERNELFUZZ_DEVICE", "gpu1")
    with pytest.raises(ValueError, match="KERNELFUZZ_DEVICE='gpu1' is not a device index"):
        settings.device_index()
    monkeypatch.delenv("KERNELFUZZ_DEVICE")
    assert settings.device_index() is None


def test_prepend_path_puts_the_folder_first_once():
    env = {"LD_LIBRARY_PATH": "/a:/b:/a"}
    settings.prepend_path(settings.LIBRARY_PATH, "/a", env)
    assert env["LD_LIBRARY_PATH"] == "/a:/b"
