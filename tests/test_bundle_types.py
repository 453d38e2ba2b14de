"""Bundle scripts on every element type: a planted bug exits 1, a clean case 0, a GPU script without its device 2,
and check.py without an output 2 (issue 45: bf16, float8 and int4 bundles crashed into exit 1, GPU scripts could
not run, check.py said ok with nothing to check).

Each case is one sum over a row (f16 and bf16 in their own type, float8, int4 and i8 widened first), so the
planted faults reach every type: TVM's ``skip-last`` lowering (tests/mutants.py's fault: the last reduction
iteration skipped) and, in the MLIR iree.sh compiles, the reduction's add turned into a subtract (the way
tests/mutants.py plants its IREE faults).  Nothing runs through kernelfuzz: each report holds the sources, and the
bundle's own scripts compile and run them with the real TVM and IREE, as an upstream engineer would."""
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

import frontends
from fuzz.case import workload as W
from frontends.tvm.repro import TVM_HEADER, TVM_PENDING
from fuzz.judge.oracle import Verdict
from fuzz.judge.results import CaseReport, ConfigResult
from fuzz.publish import bundle

pytestmark = pytest.mark.compilers

TYPES = {"f16": "f16", "bf16": "bf16", "f8E4M3FN": "f32", "i4": "i32", "i8": "i32"}  # input -> sum's type
TOOLS = Path(sys.executable).parent  # the venv's iree-compile, iree-run-module and python
PLANTED = {"arith.addf %acc": "arith.subf %acc", "arith.addi %acc": "arith.subi %acc"}  # IREE: sum -> difference


def _sum(dtype: str) -> W.Case:
    """s[i] = sum_j x[i, j] of a 2 x 8 input of ``dtype`` in {1, 2, 3}: every sum exact in every type here."""
    x = W.Tensor("x", (2, 8), dtype, W.ValueSpec("int", 5, low=1, high=3))
    ident = (W.Affine((1, 0)), W.Affine((0, 1)))
    body = W.Expr("cast", (W.Expr("in", index=0),), dtype=TYPES[dtype])
    s = W.Generic("s", ("x",), (2, 8), ("parallel", "reduction"), (ident,), body, TYPES[dtype], "add")
    return W.Case((x,), (s,), ("s",), f"sum-{dtype}")


def _config(name: str):
    return next(c for c in frontends.all_configs() if c.name == name)


def _iree(case, name: str, verdict: Verdict, planted: bool = False) -> ConfigResult:
    from frontends.iree.frontend import command
    from frontends.iree.lower import lower
    text = lower(case)
    for right, wrong in PLANTED.items() if planted else ():
        text = text.replace(right, wrong)
    assert not planted or text != lower(case)
    argv = command(_config("iree:cpu-O0" if name.startswith("mutant") else name), "kernel.mlir", "kernel.vmfb")
    return ConfigResult(name, verdict, "compare" if verdict is not Verdict.COMPILED else "compile-only",
                        source=f"// {shlex.join(argv)}\n{text}")


def _tvm(case, name: str, verdict: Verdict, target: str = '{"kind": "llvm"}', faults=frozenset()) -> ConfigResult:
    from frontends.tvm.lower import lower
    pending = f"{TVM_PENDING}dlight\n" if "rocm" in target else ""  # the script applies dlight's GPU rules
    return ConfigResult(name, verdict, "compare" if verdict is not Verdict.COMPILED else "compile-only",
                        source=f"{TVM_HEADER}{target}\n{pending}{lower(case, faults).script()}")


def _run(folder: Path, *argv: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PATH": f"{TOOLS}:{os.environ['PATH']}", "PYTHON": sys.executable,
           "CUDA_VISIBLE_DEVICES": "", "HIP_VISIBLE_DEVICES": "", "ROCR_VISIBLE_DEVICES": ""}  # no GPU, even on one
    return subprocess.run(list(argv), cwd=folder, env=env, capture_output=True, text=True, timeout=300)


def _exits(folder: Path, script: str) -> tuple[int, str]:
    run = _run(folder, *(["sh", script] if script.endswith(".sh") else [sys.executable, script]))
    return run.returncode, run.stdout + run.stderr


@pytest.mark.parametrize("dtype", sorted(TYPES))
def test_a_planted_bug_exits_1_and_the_clean_case_0_on_tvm_and_iree_cpu(tmp_path, dtype):
    case = _sum(dtype)
    clean = CaseReport(case, (_tvm(case, "tvm:cpu", Verdict.EXACT), _iree(case, "iree:cpu-O0", Verdict.EXACT)))
    planted = CaseReport(case, (_tvm(case, "mutant:tvm-skip-last", Verdict.OUT_OF_BOUND, faults={"skip-last"}),
                                _iree(case, "mutant:iree-add-sub", Verdict.OUT_OF_BOUND, planted=True)))
    for name, report, status, word in (("clean", clean, 0, "ok: within the certified bound"),
                                       ("planted", planted, 1, "MISCOMPILE: outside the bound")):
        written = bundle.write(tmp_path / name, report)
        scripts = [n for n in written if n.endswith(".sh") or (n.endswith(".py") and n not in ("check.py", "poison.py"))]
        assert len(scripts) == 2, written
        for script in scripts:
            code, out = _exits(tmp_path / name, script)
            assert code == status and word in out and "Traceback" not in out, f"{name} {script}: {out[-3000:]}"
    if dtype in ("bf16",):  # iree-run-module cannot write bf16 as .npy: the bundle reads its raw output back
        assert "--output=@outputs/iree_cpu-O0.s.bin" in (tmp_path / "clean" / "iree.sh").read_text()
    missing = _run(tmp_path / "clean", sys.executable, "check.py")
    assert missing.returncode == 2 and "missing s" in missing.stderr, missing.stdout + missing.stderr


def test_gpu_scripts_without_their_device_say_so_and_exit_2(tmp_path):
    """The TVM script made its tensors on the CPU (a CUDA kernel refused them: "Mismatched device_type") and, with
    no device, said "skipped" and exited 0; iree.sh's skipped block counted as nothing shown."""
    case = _sum("f16")
    report = CaseReport(case, (_tvm(case, "tvm:rocm-dlight", Verdict.COMPILED, '{"kind": "rocm", "mcpu": "gfx942"}'),
                               _iree(case, "iree:cuda-sm80-O2", Verdict.COMPILED)))
    bundle.write(tmp_path, report)
    assert "DEVICE = 'rocm'" in (tmp_path / "tvm_rocm-dlight.py").read_text()
    code, out = _exits(tmp_path, "tvm_rocm-dlight.py")
    assert code == 2 and "compiled for rocm; there is no rocm device here to run it" in out, out[-3000:]
    code, out = _exits(tmp_path, "iree.sh")
    assert code == 2 and "could not run iree:cuda-sm80-O2: no CUDA device here" in out, out[-3000:]
