"""The tree shows the pipeline: stage packages, small modules, imports that go one way."""
from __future__ import annotations

import ast
import graphlib
import re
from pathlib import Path
from tests import ROOT

PACKAGES = ("fuzz", "frontends")


def _modules() -> dict[str, Path]:
    out = {}
    for top in PACKAGES:
        for path in (ROOT / top).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def _imports(path: Path, modules: dict[str, Path]) -> set[str]:
    """Every module of ours that ``path`` imports, at its top or inside a function."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found |= {f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in modules else node.module
                      for a in node.names}
    return {m for m in found if m in modules}


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(path, modules) - {name} for name, path in modules.items()}


def test_no_import_circle_between_modules():
    graphlib.TopologicalSorter(_graph()).prepare()  # raises CycleError naming the circle


def test_no_import_circle_between_the_engine_stages():
    """A stage (``fuzz.judge``, ``fuzz.execute``, ...) never imports a stage that imports it back."""
    def stage(m: str) -> str:
        return ".".join(m.split(".")[:2])
    stages: dict[str, set[str]] = {}
    for m, deps in _graph().items():
        stages.setdefault(stage(m), set()).update(stage(d) for d in deps if stage(d) != stage(m))
    graphlib.TopologicalSorter(stages).prepare()


def test_the_engine_never_imports_the_frontends_not_even_from_the_command_line():
    """The command line reaches the frontends through ``fuzz.execute.registry``, as the engine does: no module of
    ``fuzz/`` imports ``frontends/``, at its top or inside a function."""
    leaks = {m: sorted(d for d in deps if d.startswith("frontends")) for m, deps in _graph().items()
             if m.startswith("fuzz")}
    assert not {m: d for m, d in leaks.items() if d}


def _names_of_the_frontends(path: Path) -> list[str]:
    """The string constants of ``path``'s code (docstrings aside) that name a module of ``frontends/``."""
    tree = ast.parse(path.read_text())
    docs = {id(n.body[0].value) for n in ast.walk(tree) if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef))
            and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    return [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
            and id(n) not in docs and (n.value == "frontends" or n.value.startswith("frontends."))]


def test_the_engine_names_the_frontends_package_once_as_data_in_its_registry():
    """An ``importlib.import_module("frontends...")`` would bring the back-arrow back past the import check: only
    ``fuzz.execute.registry.PACKAGE`` names the package."""
    named = {m: found for m, p in _modules().items() if m.startswith("fuzz") and (found := _names_of_the_frontends(p))}
    assert named == {"fuzz.execute.registry": ["frontends"]}


def test_at_most_eight_modules_sit_directly_in_fuzz():
    direct = sorted(p.name for p in (ROOT / "fuzz").glob("*.py"))
    assert len(direct) <= 8, direct


def test_no_module_is_over_400_lines():
    long = {str(p.relative_to(ROOT)): n for p in _modules().values()
            if (n := len(p.read_text().splitlines())) > 400}
    assert not long


def test_every_package_says_what_enters_it_and_what_leaves_it():
    bare = [str(p.relative_to(ROOT)) for top in PACKAGES for p in (ROOT / top).rglob("__init__.py")
            if not ast.get_docstring(ast.parse(p.read_text()))]
    assert not bare


COMPILERS = ("iree", "tvm")  # frontends/<compiler>/: one package per compiler (TOSA with IREE, Relax with TVM)


def test_frontends_are_grouped_by_compiler_with_the_devices_apart():
    """``frontends/`` holds a package per compiler, ``devices/`` (where compiled code runs) and the releases."""
    packages = {p.name for p in (ROOT / "frontends").iterdir() if (p / "__init__.py").exists()}
    assert packages == {*COMPILERS, "devices"}
    assert sorted(p.name for p in (ROOT / "frontends").glob("*.py")) == ["__init__.py", "releases.py"]
    loose = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "frontends").iterdir() if p.is_file()
                   and p.suffix != ".py")
    assert not loose  # a harness or a table lives beside the module that uses it


def test_a_compiler_package_never_imports_another_and_devices_import_no_compiler():
    def package(m: str) -> str:
        return ".".join(m.split(".")[:2])
    crossing = sorted((m, d) for m, deps in _graph().items() for d in deps
                      if m.startswith("frontends.") and d.startswith("frontends.")
                      and package(d) in {f"frontends.{c}" for c in COMPILERS}
                      and package(m) != package(d))
    assert not crossing


def _all_imports(path: Path) -> set[str]:
    """Every module ``path`` imports, ours or not, at its top or inside a function."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


def test_devices_import_no_compiler_package():
    """``frontends/devices/`` runs compiled code: it never imports a compiler's Python package (``tvm``, ``iree``)
    nor a compiler's frontend; a compiler's host side drives a device through ``simulation.Device``."""
    compilers = ("tvm", "iree", *(f"frontends.{c}" for c in COMPILERS))
    found = {str(p.relative_to(ROOT)): sorted(m for m in _all_imports(p) if m.split(".")[0] in compilers
                                              or any(m.startswith(c + ".") or m == c for c in compilers))
             for p in (ROOT / "frontends/devices").rglob("*.py")}
    assert not {p: m for p, m in found.items() if m}


def test_the_simulator_core_never_imports_a_simulator_and_no_simulator_imports_another():
    """No back-arrow in ``frontends/devices/``: the modules directly in it (the core, the device rules) import no ISA
    package (``simulation.device`` finds one by name, lazily), and one ISA package never imports another."""
    isa = {p.name for p in (ROOT / "frontends/devices").iterdir() if (p / "__init__.py").exists()}
    assert isa >= {"ptx", "gfx942"}

    def package(m: str) -> str:
        parts = m.split(".")
        return parts[2] if len(parts) > 2 and parts[:2] == ["frontends", "devices"] and parts[2] in isa else ""
    back = sorted((m, d) for m, deps in _graph().items() if m.startswith("frontends.devices") for d in deps
                  if package(d) and package(d) != package(m))
    assert not back


COMPILER_NAMES = re.compile(r"tvm|iree|relax|tosa|\btir\b|mlir|vmfb", re.IGNORECASE)


def _text_to_search(path: Path) -> str:
    """What of ``path`` may not name a compiler: all of it, but for ``templates/check.py`` only its code (its
    docstrings are the text every saved bundle's check.py holds byte for byte: examples of who calls it)."""
    text = path.read_text()
    if path.name != "check.py":
        return text
    tree = ast.parse(text)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef)) and ast.get_docstring(node) is not None:
            node.body = node.body[1:] or [ast.Pass()]
    return ast.unparse(tree) + "".join(line.partition("#")[2] for line in text.splitlines() if "#" in line)


def test_the_bundle_writer_names_no_compiler():
    """``fuzz/publish/`` assembles a bundle; each frontend writes its compiler's scripts (its ``repro`` hook)."""
    files = [p for p in (ROOT / "fuzz/publish").rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    named = {str(p.relative_to(ROOT)): sorted({m.group(0).lower() for m in COMPILER_NAMES.finditer(_text_to_search(p))})
             for p in files}
    assert files and not {p: n for p, n in named.items() if n}


def test_the_compiler_name_check_sees_a_name_in_code_and_in_text(tmp_path):
    (tmp_path / "check.py").write_text('"""Called by the TVM scripts."""\nSCRIPT = "iree.sh"  # for IREE\n')
    (tmp_path / "page.html.j2").write_text("<p>the Relax module</p>")
    assert [m.group(0) for m in COMPILER_NAMES.finditer(_text_to_search(tmp_path / "check.py"))] == ["iree", "IREE"]
    assert COMPILER_NAMES.search(_text_to_search(tmp_path / "page.html.j2"))


ORDER = ("case", "judge", "generate", "execute", "campaign", "reduce", "replay", "publish", "cli")  # fuzz/__init__.py


def test_each_engine_stage_imports_only_the_stages_before_it_in_the_documented_order():
    assert set(ORDER) == {p.name for p in (ROOT / "fuzz").iterdir() if (p / "__init__.py").exists()}
    doc = ast.get_docstring(ast.parse((ROOT / "fuzz/__init__.py").read_text()))
    assert [w[:-1] for w in doc.split() if w[:-1] in ORDER and w.endswith("/")] == list(ORDER)
    late = sorted((m, d) for m, deps in _graph().items() for d in deps
                  if m.startswith("fuzz.") and d.startswith("fuzz.") and m.split(".")[1] in ORDER
                  and d.split(".")[1] in ORDER and ORDER.index(d.split(".")[1]) > ORDER.index(m.split(".")[1]))
    assert not late


OUTSIDE = ("../shared", "/" + "work/shared", "FIELD_NOTES")  # what the project once named outside the repository


def test_the_project_names_no_file_outside_the_repository():
    """Everything the code, the tests and the docs cite is in the repository (docs/field-notes.md, tests/data/)."""
    texts = [p for p in ROOT.rglob("*") if p.is_file() and p.suffix in (".py", ".md", ".sh", ".toml", ".txt", "")
             and not {".git", ".venv", "node_modules", ".pytest_cache"} & set(p.relative_to(ROOT).parts)
             and p != ROOT / "docs/field-notes.md" and p != Path(__file__)]
    named = {str(p.relative_to(ROOT)): [o for o in OUTSIDE if o in p.read_text(errors="replace")] for p in texts}
    assert not {p: o for p, o in named.items() if o}
