"""frontends/tvm/poison_copy.py: bundles and localize points carry poison.py generated from the one source, equal to
it, importing nothing of kernelfuzz; an import the generator cannot inline stops it instead of being skipped."""
import ast
import subprocess
import sys

import pytest

from frontends.tvm import poison_copy


def test_the_bundle_template_is_what_the_generator_makes_of_poison_py_today():
    assert poison_copy.TEMPLATE.read_text() == poison_copy.standalone(), \
        "frontends/tvm/poison.py changed: regenerate with `python -m frontends.tvm.poison_copy`"


def test_the_standalone_copy_imports_only_tvm_and_numpy():
    tree = ast.parse(poison_copy.standalone())
    imported = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    imported |= {n.module.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert imported <= {"__future__", "tvm", "tvm_ffi", "numpy"}, imported


@pytest.mark.parametrize("line", ["from fuzz.judge import poison\n", "import fuzz.judge.poison\n",
                                  "from fuzz.judge.poison import holds_poison as other\n"])
def test_an_import_it_cannot_inline_stops_the_generator(tmp_path, monkeypatch, line):
    source = tmp_path / "poison.py"
    source.write_text(poison_copy.SOURCE.read_text().replace("import compilation_pipeline\n",
                                                             "import compilation_pipeline\n" + line, 1))
    monkeypatch.setattr(poison_copy, "SOURCE", source)
    with pytest.raises(ValueError, match="poison.py"):
        poison_copy.standalone()


@pytest.mark.compilers
def test_the_standalone_copy_registers_the_pipeline_without_kernelfuzz_on_the_path(tmp_path):
    (tmp_path / "poison.py").write_text(poison_copy.standalone())
    probe = ("import math, poison, tvm\n"
             "tvm.tirx.get_tir_pipeline(poison.PIPELINE)\n"
             "a = poison.poisoned((2,), 'float32'); b = poison.poisoned((2,), 'int8')\n"
             "assert all(math.isnan(x) for x in a) and b.view('uint8').tolist() == [0xA5, 0xA5]\n"
             "import sys; assert not [m for m in sys.modules if m.split('.')[0] in ('fuzz', 'frontends')]\n")
    run = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, text=True,
                         env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
    assert run.returncode == 0, run.stderr[-2000:]
