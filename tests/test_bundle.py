"""Repro bundles: pictures that show where and how wrong, scripts that say what they cannot do, records that
agree with the README, and no write outside the bundle."""
import json
import os
import shlex
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

import frontends
from tests import ROOT
from fuzz.campaign import driver as campaign
from fuzz.casefile import load
from fuzz.execute.isolate import Lane
from fuzz.execute.runner import run_case
from fuzz.judge.oracle import Verdict
from fuzz.judge.results import CaseReport, ConfigResult
from frontends.iree import repro as iree_script
from fuzz.publish import bundle, checker, workflow
from fuzz.publish.plots import error_plots
from fuzz.store import UnsafePath
from tests import fake_frontend as fake

PAD_BORDER = ROOT / "corpus/findings/tvm-reverse-compute-at-drops-pad-border"
CONTRACT = PAD_BORDER.parent / "iree-llvmcpu-contract-canonicalize-folds-residual-add-into-acc"
SEED_INT8 = f"{ROOT}/corpus/seeds/iree-sdxl-int8-conv-requant.json"


def _config(name: str):
    return next(c for c in frontends.all_configs() if c.name == name)


def _compiled_only(case, configs):
    """The report of compiling ``case`` under ``configs`` without running it (GPU targets: nothing to run on)."""
    lane = Lane.for_configs(configs)
    try:
        return run_case(lane, case, configs, compile_only=frozenset(c.name for c in configs))
    finally:
        lane.close()


def test_heatmap_of_a_zero_bound_miscompile_shows_where_and_how_wrong(tmp_path):
    """The pad-border finding's bound is zero everywhere: |error|/bound drew every element as 1.0, one flat colour
    (its real errors run from 10 to 463)."""
    import matplotlib.image

    out = np.load(PAD_BORDER / "outputs/tvm_cpu-compute-at/op2.npy")
    ref, lo, hi = (np.load(PAD_BORDER / f"reference/op2{s}.npy") for s in ("", ".lo", ".hi"))
    assert float(np.max(hi - lo)) == 0.0 and not np.array_equal(out, ref)
    heatmap, histogram = error_plots(tmp_path, out, ref, lo, hi)
    pixels = matplotlib.image.imread(heatmap)[..., :3]
    h, w = pixels.shape[:2]
    plot = pixels[int(h * 0.25):int(h * 0.75), int(w * 0.2):int(w * 0.6)]  # inside the heatmap's axes
    colours = {tuple(p) for p in plot.reshape(-1, 3).round(3)}
    assert len(colours) >= 5 and float(plot.std()) > 0.05, (len(colours), float(plot.std()))
    assert histogram.exists()


def test_the_histogram_plots_each_error_against_its_own_bound():
    """An element 5x outside its bound of 0.1 showed as |error| 0.5, left of the largest bound (10): within."""
    from fuzz.publish.plots import _errors, histogram_values
    ref, lo, hi = np.array([100.0, 1.0, 2.0]), np.array([90.0, 0.9, 2.0]), np.array([110.0, 1.1, 2.0])
    out = np.array([105.0, 1.5, 3.0], np.float32)  # 0.5 of its bound, 5x its bound, outside a zero bound
    values, label, zero = histogram_values(*_errors(out, ref, lo, hi))
    assert sorted(values.round(6)) == [0.5, 5.0] and zero == 1
    assert "own bound" in label and "> 1: outside" in label


def test_the_histogram_of_one_element_far_outside_its_bound_is_drawn(tmp_path):
    """A reduced case's one wrong element, 1e17 times its bound: numpy found no 50 bins in its range, and the bundle
    was never written."""
    from fuzz.publish.plots import HISTOGRAM, _histogram
    _histogram(tmp_path, np.array([1e17, 0.0]), np.array([1.0, 1.0]))
    assert (tmp_path / HISTOGRAM).exists()


def test_check_py_judges_outputs_from_any_folder(tmp_path):
    """check.py read reference/ relative to the current directory: from anywhere else it died in np.load."""
    case = replace(load(SEED_INT8), expect=())
    sel = frontends.Selection((fake.EXACT, fake.OFF_BY_ONE), frozenset(), ())
    red = workflow.reduce_and_bundle(case, sel, tmp_path / "bundle", budget_s=3, log=lambda *a: None)
    outs = sorted((tmp_path / "bundle" / "outputs" / "fake_off-by-one").glob("*.npy"))
    check = subprocess.run([sys.executable, str(tmp_path / "bundle" / "check.py"), *map(str, outs)], cwd="/",
                           capture_output=True, text=True)
    assert check.returncode == 1 and "MISCOMPILE" in check.stdout, check.stdout + check.stderr
    assert "iree.sh" not in red.bundle and "kernel.mlir" not in red.bundle  # no IREE configuration: no iree.sh
    assert {n.rstrip("/") for n in red.bundle} <= {p.name for p in (tmp_path / "bundle").iterdir()}
    assert {"README.md", "case.json", "check.py", "results.json", "reduction.json"} <= set(red.bundle)
    readme = (tmp_path / "bundle" / "README.md").read_text()
    assert "iree.sh" not in readme and "tvm_<config>.py" not in readme
    assert "## Exit status" in readme and "**2** could not run or could not judge" in readme  # the rule, once


def test_the_reduce_command_lists_the_files_the_bundle_holds(tmp_path, monkeypatch):
    """It promised `tvm_*.py, iree.sh` for every bundle; a TVM-only one has no iree.sh."""
    from click.testing import CliRunner

    from fuzz.cli import common, main
    monkeypatch.setattr(common, "select", lambda pattern: frontends.Selection((fake.EXACT, fake.OFF_BY_ONE),
                                                                              frozenset(), ()))
    case = tmp_path / "case.json"
    case.write_text(Path(SEED_INT8).read_text())
    r = CliRunner().invoke(main, ["reduce", str(case), "--configs", "fake:*", "--time", "3",
                                  "--out", str(tmp_path / "b")])
    assert r.exit_code == 0, r.output
    listed = " ".join(r.output.split("bundle: ", 1)[1].split())
    assert "iree.sh" not in listed and "tvm_*.py" not in listed and "check.py" in listed, listed


def _iree_report(case, *results) -> CaseReport:
    from frontends.iree.frontend import command
    from frontends.iree.lower import lower
    text = lower(case)
    argv = {r.config: shlex.join(command(_config(r.config), "kernel.mlir", "kernel.vmfb")) for r in results}
    return CaseReport(case, tuple(replace(r, source=f"// {argv[r.config]}\n{text}") for r in results))


def test_iree_sh_without_the_iree_tools_says_so_instead_of_reporting_a_reproduction(tmp_path):
    case = load(SEED_INT8)
    report = _iree_report(case, ConfigResult("iree:cpu-im2col", Verdict.REJECTED, "compile"))
    bundle.write(tmp_path, report)
    sh = subprocess.run(["sh", "iree.sh"], cwd=tmp_path, env={"PATH": "/usr/bin:/bin"}, capture_output=True, text=True)
    assert sh.returncode == 2, sh.stdout + sh.stderr  # a missing tool: unusable, not the bug (fuzz/cli/exits.py)
    assert "iree-compile is not on PATH" in sh.stderr and "expected non-zero" not in sh.stdout + sh.stderr


def test_every_iree_sh_of_the_corpus_exits_with_what_its_blocks_show():
    """The corpus's scripts, written before the rule, exited with their last block's status."""
    scripts = sorted(PAD_BORDER.parent.rglob("iree.sh"))
    assert scripts and [p for p in scripts if iree_script.update(p.read_text()) != p.read_text()] == []


OLD_PRELUDE = """#!/bin/sh
cd "$(dirname "$0")"
need() {
  command -v "$1" >/dev/null 2>&1 || {
    echo "iree.sh: $1 is not on PATH" >&2
    exit 127
  }
}
PY="${PYTHON:-python3}"
need iree-compile
mkdir -p outputs
set -x
"""  # an iree.sh prelude of kernelfuzz before the exit-status rule


def test_updating_an_old_iree_sh_sets_the_status_in_every_block_and_names_each_cpu_feature_once():
    old = "\n".join([OLD_PRELUDE,
        "# iree:cpu-O2: out-of-bound", "iree-compile k.mlir --iree-llvmcpu-target-cpu-features=+pku,+avx2,-pku",
        '"$PY" check.py outputs/a.npy', "# iree:cuda: rejected", "if iree-compile k.mlir; then", '  echo "NOT"',
        'else echo "reproduced: iree-compile exit status $? (kernelfuzz saw rejected)"; fi', ""])
    new = iree_script.update(old)
    assert "exit 127" not in new and new.count("status=1") == 2 and new.endswith('\nexit "$status"\n')
    assert "--iree-llvmcpu-target-cpu-features=-pku,+avx2" in new and iree_script.update(new) == new
    assert new.index("status=0") < new.index("need iree-compile\n")


def test_reduction_json_holds_the_pipeline_the_readme_shows(tmp_path):
    case = replace(load(SEED_INT8), expect=())
    sel = frontends.Selection((fake.EXACT, fake.OFF_BY_ONE), frozenset(), ())
    red = workflow.reduce_and_bundle(case, sel, tmp_path, budget_s=30, log=lambda *a: None)
    saved = json.loads((tmp_path / "reduction.json").read_text())
    shown = json.loads((tmp_path / "README.md").read_text().split("```json\n")[1].split("```")[0])
    assert saved["pipeline"] == shown["pipeline"] == red.pipeline
    assert saved["pipeline"]["fake:off-by-one"]["baseline"] == "fake:exact"


def test_a_name_that_would_leave_the_bundle_is_refused_and_nothing_is_written_outside(tmp_path):
    """Names are checked when a case is loaded; a case built in code goes through the same path check."""
    case = load(SEED_INT8)
    x = case.inputs[0]
    hostile = replace(case, inputs=(replace(x, name="../../../pwn_input"), *case.inputs[1:]),
                      ops=(replace(case.ops[0], inputs=("../../../pwn_input", case.ops[0].inputs[1])), case.ops[1]))
    report = CaseReport(hostile, (ConfigResult("fake:reject", Verdict.REJECTED, "compile"),))
    with pytest.raises(UnsafePath, match="outside"):
        bundle.write(tmp_path / "a" / "b" / "bundle", report)
    with pytest.raises(UnsafePath, match="outside"):
        campaign.save_finding(tmp_path / "out", replace(report, case=replace(case, name="..")))
    assert not list(tmp_path.rglob("*.npy")) and not (tmp_path / "out" / "case.json").exists()


# ---------------------------------------------------------------- real compilers


@pytest.mark.compilers
def test_iree_sh_skips_the_device_run_it_cannot_do_and_says_whether_the_rejection_reproduced(tmp_path):
    """On a machine without a HIP device the gfx942 finding's script ended in FileNotFoundError."""
    case = load(PAD_BORDER.parent / "iree-gfx942-reduction-vecdist-offset-map-pack-failed" / "case.json")
    configs = [_config("iree:gfx942-O2"), _config("iree:gfx942-no-vecdist")]
    report = _compiled_only(case, configs)
    assert [r.verdict for r in report.results] == [Verdict.REJECTED, Verdict.COMPILED]
    bundle.write(tmp_path, report)
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"}
    sh = subprocess.run(["sh", "iree.sh"], cwd=tmp_path, env=env, capture_output=True, text=True)
    out = sh.stdout + sh.stderr
    assert sh.returncode == 1 and "Traceback" not in out, out  # the rejection reproduced: the bug shown
    assert "reproduced: iree-compile exit status 1 (kernelfuzz saw rejected)" in out
    assert "could not run iree:gfx942-no-vecdist: no HIP device here (kernelfuzz only compiled it)" in out


@pytest.mark.compilers
def test_iree_sh_exits_1_when_a_block_shows_its_bug_whatever_blocks_follow(tmp_path):
    """iree.sh printed MISCOMPILE and exited 0: its last block, a CUDA run skipped for want of a device, decided."""
    case = load(CONTRACT / "case.json")
    configs = [_config("iree:cpu-generic"), _config("iree:cuda-sm80-O2")]
    lane = Lane.for_configs(configs)
    try:
        report = run_case(lane, case, configs, compile_only=frozenset({"iree:cuda-sm80-O2"}))
    finally:
        lane.close()
    assert [r.verdict for r in report.results] == [Verdict.OUT_OF_BOUND, Verdict.COMPILED]
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}", "PYTHON": sys.executable}
    for folder, results, status in ((tmp_path / "wrong", report.results, 1),
                                    (tmp_path / "skipped", report.results[1:], 2)):  # no device: could not run
        bundle.write(folder, replace(report, results=results))
        assert (folder / "iree.sh").read_text().split("\n# iree:")[-1].startswith("cuda-sm80-O2: compiled")
        sh = subprocess.run(["sh", "iree.sh"], cwd=folder, env=env, capture_output=True, text=True)
        out = sh.stdout + sh.stderr
        assert sh.returncode == status and "could not run iree:cuda-sm80-O2: no CUDA device here" in out, out
        assert ("MISCOMPILE: outside the bound" in out) == (status == 1), out


@pytest.mark.compilers
def test_inputs_named_like_values_the_emitter_makes_are_no_false_iree_finding():
    """An input named acc, a0, i0 or v1 redefined an SSA value of the lowered MLIR: a false `rejected`."""
    case = load(SEED_INT8)
    names = {"x": "acc", "w": "i0", "bias": "v1"}
    renamed = replace(case, expect=(), inputs=tuple(replace(t, name=names[t.name]) for t in case.inputs),
                      ops=tuple(replace(op, inputs=tuple(names.get(n, n) for n in op.inputs)) for op in case.ops))
    lane = Lane.for_configs([_config("iree:cpu-O0")])
    try:
        (result,) = run_case(lane, renamed, [_config("iree:cpu-O0")]).results
    finally:
        lane.close()
    assert result.verdict is Verdict.EXACT, result.message


@pytest.mark.compilers
def test_a_dlight_crash_bundle_script_applies_dlight_and_a_compiled_one_says_it_cannot_run(tmp_path):
    """dlight failed before it printed a scheduled module, so the script compiled the unscheduled one, passed dlight
    by, and ended in a device-type ValueError on a machine without the GPU: the finding did not reproduce.  The
    compiled one, without its GPU, could not run: exit 2, not 0."""
    case = load(PAD_BORDER.parent / "tvm-dlight-gemv-epilogue-ignores-reduction" / "lone-conv-cuda" / "case.json")
    configs = [_config("tvm:cuda-dlight"), _config("tvm:rocm-dlight")]
    report = _compiled_only(case, configs)
    assert [r.verdict for r in report.results] == [Verdict.COMPILER_CRASH, Verdict.COMPILED]
    bundle.write(tmp_path, report)
    crash = subprocess.run([sys.executable, "tvm_cuda-dlight.py"], cwd=tmp_path, capture_output=True, text=True)
    assert crash.returncode == 1 and "assert sch.get(ts_o).extent.value == 1" in crash.stderr, crash.stderr[-2000:]
    assert "reproduced: the compiler failed compiling the module (AssertionError" in crash.stdout, crash.stdout
    compiled = subprocess.run([sys.executable, "tvm_rocm-dlight.py"], cwd=tmp_path, capture_output=True, text=True)
    assert compiled.returncode == 2, compiled.stderr[-2000:]  # could not run: no such device
    assert "compiled for rocm; there is no rocm device here to run it" in compiled.stderr


@pytest.mark.compilers
def test_a_reduced_tvm_miscompile_bundle_reports_it_standalone_from_the_same_poisoned_memory(tmp_path):
    """Reduced again, the pad-border finding's script ran into zeroed outputs and uninitialised intermediates and
    said "ok: within the certified bound"; kernelfuzz had poisoned both and seen the unwritten border."""
    case = replace(load(PAD_BORDER / "case.json"), expect=())
    sel = frontends.Selection((_config("tvm:cpu"), _config("tvm:cpu-compute-at")), frozenset(), ())
    red = workflow.reduce_and_bundle(case, sel, tmp_path / "bundle", budget_s=20, log=lambda *a: None)
    assert red.signature.failures[0][:2] == ("tvm:cpu-compute-at", "out-of-bound")
    for script, status, verdict in (("tvm_cpu-compute-at.py", 1, "MISCOMPILE"), ("tvm_cpu.py", 0, "ok")):
        run = subprocess.run([sys.executable, str(tmp_path / "bundle" / script)], cwd=tmp_path, capture_output=True,
                             text=True)
        assert run.returncode == status and verdict in run.stdout, run.stdout + run.stderr[-2000:]


@pytest.mark.compilers
def test_the_corpus_pad_border_scripts_report_the_failure_standalone():
    for folder in (PAD_BORDER, PAD_BORDER / "nan-poison"):
        run = subprocess.run([sys.executable, str(folder / "tvm_cpu-compute-at.py")], capture_output=True, text=True)
        assert run.returncode == 1 and "MISCOMPILE" in run.stdout, run.stdout + run.stderr[-2000:]
    assert "hold the poison: never written" in run.stdout  # the NaN-poison repro's output is the unwritten pad


@pytest.mark.compilers
def test_iree_sh_judges_with_python3_where_there_is_no_python(tmp_path):
    """Debian 12 has python3 and no python: iree.sh ended in `python: not found` after running the module."""
    case = load(SEED_INT8)
    config = _config("iree:cpu-O0")
    lane = Lane.for_configs([config])
    try:
        report = run_case(lane, replace(case, expect=()), [config])
    finally:
        lane.close()
    bundle.write(tmp_path / "bundle", report)
    tools = tmp_path / "bin"
    tools.mkdir()
    for tool in ("iree-compile", "iree-run-module"):
        (tools / tool).symlink_to(Path(sys.executable).parent / tool)
    # the venv's python3, with numpy (/usr/bin has no `python`): a wrapper, since a symlink to a venv's interpreter
    # is not in the venv under Python 3.13 (it looks for pyvenv.cfg beside the link)
    (tools / "python3").write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n')
    (tools / "python3").chmod(0o755)
    env = {**os.environ, "PATH": f"{tools}:/usr/bin:/bin"}
    sh = subprocess.run(["sh", "iree.sh"], cwd=tmp_path / "bundle", env=env, capture_output=True, text=True)
    assert sh.returncode == 0 and "ok: within the certified bound" in sh.stdout, sh.stdout + sh.stderr[-2000:]


def _judge_folder(tmp_path, ref):
    """A folder with check.py and reference/ for one output ``op0`` equal to ``ref`` (bound +-1e-3)."""
    import ml_dtypes  # noqa: F401  (np.save of bfloat16)
    (tmp_path / "reference").mkdir()
    np.save(tmp_path / "reference" / "op0.npy", ref)
    np.save(tmp_path / "reference" / "op0.lo.npy", ref.astype(np.float64) - 1e-3)
    np.save(tmp_path / "reference" / "op0.hi.npy", ref.astype(np.float64) + 1e-3)
    (tmp_path / "check.py").write_text(checker.full([("op0", list(ref.shape), ref.dtype.name)]))


def _check(folder, *files):
    return subprocess.run([sys.executable, str(folder / "check.py"), *map(str, files)], capture_output=True, text=True)


def test_check_py_holds_a_returned_result_to_its_declared_type_as_the_oracle_does(tmp_path):
    """A float16 attention that Relax returned as float32 with right values: kernelfuzz's oracle said out-of-bound,
    the bundle's check.py (values only) said ok, so the standalone script hid the bug.  A file of another type is
    another matter: not this output, so check.py cannot judge it (exit 2), never ok."""
    ref = np.array([[0.5, 1.25]], np.float16)
    _judge_folder(tmp_path, ref)
    probe = ("import sys, numpy as np; sys.path.insert(0, sys.argv[1]); import check\n"
             "ref = np.array([[0.5, 1.25]], np.float16)\n"
             "print(check.main_arrays([ref.astype(np.float32)]), check.main_arrays([ref]))\n")
    returned = subprocess.run([sys.executable, "-c", probe, str(tmp_path)], capture_output=True, text=True)
    assert returned.stdout.split()[-2:] == ["1", "0"], returned.stdout + returned.stderr
    assert "got float32[1, 2], expected float16[1, 2]" in returned.stdout
    for name, arr in (("same", ref), ("wider", ref.astype(np.float32)), ("reshaped", ref.reshape(2, 1))):
        np.save(tmp_path / f"{name}.npy", arr)
    assert _check(tmp_path, tmp_path / "same.npy").returncode == 0
    for name in ("wider", "reshaped"):
        run = _check(tmp_path, tmp_path / f"{name}.npy")
        assert run.returncode == 2 and "not this output" in run.stderr, run.stdout + run.stderr


def test_check_py_with_nothing_to_check_cannot_judge_and_names_what_is_missing(tmp_path):
    """It printed "ok: within the certified bound" and exited 0 with no output file at all."""
    _judge_folder(tmp_path, np.array([0.5, 1.25], np.float32))
    none = _check(tmp_path)
    assert none.returncode == 2 and "missing op0" in none.stderr and "ok" not in none.stdout, none.stderr
    absent = _check(tmp_path, tmp_path / "absent.npy")
    assert absent.returncode == 2 and "absent.npy: no such file" in absent.stderr, absent.stderr
    (tmp_path / "empty.npy").write_bytes(b"")  # what iree-run-module leaves where it cannot write the type
    empty = _check(tmp_path, tmp_path / "empty.npy")
    assert empty.returncode == 2 and "not a readable .npy" in empty.stderr and "Traceback" not in empty.stderr
    np.save(tmp_path / "a.npy", np.array([0.5, 1.25], np.float32))
    extra = _check(tmp_path, tmp_path / "a.npy", tmp_path / "a.npy")
    assert extra.returncode == 2 and "extra" in extra.stderr, extra.stderr


def test_check_py_reads_raw_bf16_back_in_the_declared_type(tmp_path):
    """iree-run-module cannot write a bf16 .npy; iree.sh writes the raw elements (.bin), read with ml_dtypes."""
    import ml_dtypes
    ref = np.array([0.5, 1.25, -3.0], ml_dtypes.bfloat16)
    _judge_folder(tmp_path, ref)
    ref.tofile(tmp_path / "right.bin")
    (ref.astype(np.float32) * 2).astype(ml_dtypes.bfloat16).tofile(tmp_path / "wrong.bin")
    ref[:2].tofile(tmp_path / "short.bin")
    assert _check(tmp_path, tmp_path / "right.bin").returncode == 0
    wrong = _check(tmp_path, tmp_path / "wrong.bin")
    assert wrong.returncode == 1 and "MISCOMPILE" in wrong.stdout, wrong.stdout + wrong.stderr
    short = _check(tmp_path, tmp_path / "short.bin")
    assert short.returncode == 2 and "4 bytes, expected 6" in short.stderr, short.stderr


def test_the_corpus_bundles_carry_the_scripts_of_todays_templates(tmp_path):
    """Rewriting every saved bundle's generated scripts (fuzz/publish/rescript.py) changes nothing: a template change
    reaches the corpus (its float8 bundles crashed on `unknown dtype '|V1'` and exited 1), and what people added to a
    generated iree.sh (a block's note, a control block) survives."""
    import filecmp
    import shutil

    from fuzz.publish import rescript
    copy = tmp_path / "corpus" / "findings"  # laid out as the corpus: its check.py files stay the stubs of tools/
    shutil.copytree(PAD_BORDER.parent, copy, ignore=shutil.ignore_patterns("*.png", "outputs", "__pycache__", "*.vmfb"))
    (tmp_path / "corpus" / "tools").mkdir()
    for name in ("check.py", "poison.py"):  # the corpus's copies its stubs run (poison.py: fuzz/publish/shared_copies)
        shutil.copy(PAD_BORDER.parent.parent / "tools" / name, tmp_path / "corpus" / "tools")
    assert rescript.main(str(copy)) == 0
    names = ("check.py", "iree.sh", "poison.py", "tvm_*.py", "*.mlir", "inputs/*")
    changed = [str(p.relative_to(copy)) for pattern in names for p in copy.rglob(pattern)
               if not filecmp.cmp(p, PAD_BORDER.parent / p.relative_to(copy), shallow=False)]
    assert changed == [], "run `python -m fuzz.publish.rescript corpus/findings`: " + ", ".join(changed[:5])
    mma = (copy / "iree-cuda-mma-sync-transposed-acc-lane-fragment-order" / "iree.sh").read_text()
    assert "# iree:cpu-O2: exact (control)" in mma and '"$PY" check.py outputs/iree_cpu-O2.op0.npy; record $?' in mma


def test_simulate_sh_without_a_kernelfuzz_checkout_cannot_run_and_says_so():
    """It ran under `set -e` with `check.py || true`: a missing checkout exited by the shell's own status, a
    simulated miscompile exited 0."""
    folder = PAD_BORDER.parent / "iree-cuda-chain-fma-contract-one-operand-reduction-dim-poison"
    text = (folder / "simulate.sh").read_text()
    assert "|| true" not in text and '; record $?' in text and text.endswith('exit "$status"\n')
    sh = subprocess.run(["sh", "simulate.sh"], cwd=folder, env={"PATH": "/usr/bin:/bin"}, capture_output=True,
                        text=True)
    assert sh.returncode == 2 and "set KERNELFUZZ to a kernelfuzz checkout" in sh.stderr, sh.stdout + sh.stderr
