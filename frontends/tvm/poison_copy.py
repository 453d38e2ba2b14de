"""The standalone copy of ``frontends/tvm/poison.py`` that repro bundles and localize points carry: generated from
the one source, never edited.

``standalone()`` is poison.py's text with each import from kernelfuzz's own packages replaced by what it imports:
a constant by its value, a function by its source (after the imports that source uses).  It raises where it
cannot inline a name, and where the result would still import kernelfuzz, so a changed import can never be
skipped silently.  ``kernelfuzz localize`` writes it directly; a bundle (``frontends/tvm/repro.py``) copies
``TEMPLATE``, which ``python -m frontends.tvm.poison_copy`` writes and ``tests/test_poison_copy.py`` holds equal to
``standalone()`` (no bundle script needs TVM's frontends imported to be written).
"""
from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

SOURCE = Path(__file__).with_name("poison.py")
TEMPLATE = Path(__file__).with_name("templates") / "poison.py"
OURS = ("fuzz", "frontends")
BANNER = ("# Generated from kernelfuzz's frontends/tvm/poison.py (frontends/tvm/poison_copy.py); do not edit.\n"
          "# Needs TVM and numpy only.\n")


def _ours(node: ast.stmt) -> bool:
    return isinstance(node, (ast.Import, ast.ImportFrom)) and any(
        n.split(".")[0] in OURS for n in ([node.module or ""] if isinstance(node, ast.ImportFrom)
                                          else [a.name for a in node.names]))


def _imports_used(module, source: str) -> list[str]:
    """The top-level import statements of ``module`` that bind a name ``source`` uses (``np`` for ``poisoned``)."""
    used = {n.id for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Name)}
    return [ast.unparse(n) for n in ast.parse(inspect.getsource(module)).body
            if isinstance(n, (ast.Import, ast.ImportFrom)) and not _ours(n)
            and getattr(n, "module", None) != "__future__"
            and any((a.asname or a.name).split(".")[0] in used for a in n.names)]


def _inlined(node: ast.ImportFrom) -> tuple[list[str], list[str]]:
    """(imports, definitions) that replace ``from <ours> import a, b``."""
    if not isinstance(node, ast.ImportFrom):
        raise ValueError(f"poison.py line {node.lineno}: import names from kernelfuzz's modules, not the modules")
    module = importlib.import_module(node.module)
    imports, defs = [], []
    for alias in node.names:
        value = getattr(module, alias.name)
        if isinstance(value, int) and not isinstance(value, bool):
            defs.append(f"{alias.asname or alias.name} = {value:#x}")
        elif inspect.isfunction(value) and not alias.asname:
            source = inspect.getsource(value)
            imports += _imports_used(module, source)
            defs.append(source.rstrip("\n"))
        else:
            raise ValueError(f"poison.py line {node.lineno}: cannot inline {node.module}.{alias.name}")
    return imports, defs


def standalone() -> str:
    """poison.py with kernelfuzz's imports inlined."""
    text = SOURCE.read_text()
    lines = text.splitlines(keepends=True)
    ours = [n for n in ast.parse(text).body if _ours(n)]
    imports, defs = [], []
    for node in ours:
        i, d = _inlined(node)
        imports += [x for x in i if x not in imports]
        defs += d
    constants = [d for d in defs if "\n" not in d and not d.startswith("def ")]
    functions = [d for d in defs if d not in constants]
    block = "".join(f"{x}\n" for x in imports) + "\n" + "".join(f"{c}\n" for c in constants) + "\n\n" \
        + "\n\n\n".join(functions) + "\n\n"
    first, last = ours[0].lineno - 1, ours[-1].end_lineno
    if any(not _ours(n) for n in ast.parse(text).body if first < n.lineno <= last):
        raise ValueError("poison.py: keep kernelfuzz's imports together, after the others")
    out = BANNER + "".join(lines[:first]) + block + "".join(lines[last:])
    left = [ast.unparse(n) for n in ast.walk(ast.parse(out)) if _ours(n)]
    if left:
        raise ValueError(f"the standalone poison.py still imports kernelfuzz: {left}")
    return out


if __name__ == "__main__":
    TEMPLATE.write_text(standalone())
    print(f"wrote {TEMPLATE}")
