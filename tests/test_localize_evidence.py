"""kernelfuzz localize --evidence (fuzz/reduce/evidence.py): inside a codegen span that running cannot split, the
first pass after whose dump a finding's IR evidence script shows the bug is named; scripts are real subprocesses
judging real text, and the vecdist finding's own script names its pass on IREE's real dumps."""
from pathlib import Path

import pytest

from fuzz.reduce import evidence as ev
from fuzz.reduce.localize import Localization, Point, Probe
from tests import ROOT

SCRIPT = """import sys
text = open(sys.argv[sys.argv.index("--ir") + 1]).read()
if "CANNOT" in text:
    sys.exit(2)
sys.exit(1 if "BUG" in text else 0)
"""


def _dumps(*texts: str) -> list[dict]:
    return [{"number": 10 + i, "name": f"Pass{i} on @f", "text": t} for i, t in enumerate(texts)]


@pytest.fixture
def script(tmp_path) -> Path:
    path = tmp_path / "check.py"
    path.write_text(SCRIPT)
    return path


def test_the_first_pass_whose_dump_shows_the_bug_is_named_and_both_dumps_are_kept(script, tmp_path):
    s = ev.scan(_dumps("ok", "ok", "BUG here", "BUG still", "lowered away"), script, tmp_path / "out")
    assert ev.where(s) == "Pass2 on @f"
    assert s.last_absent.index == 1 and s.first_shown.number == 12
    assert (tmp_path / "out" / "first-shown.mlir").read_text() == "BUG here"
    assert (tmp_path / "out" / "last-not-shown.mlir").read_text() == "ok"
    text = ev.render(s, "cfg")
    assert "First bad pass (by IR evidence): Pass2 on @f" in text and "[0-1] Pass0 on @f ... Pass1 on @f -> not shown" in text


def test_a_dump_the_script_cannot_judge_before_the_first_shown_one_leaves_a_span(script, tmp_path):
    s = ev.scan(_dumps("ok", "CANNOT", "BUG"), script, tmp_path / "out")
    assert ev.where(s) == "somewhere after Pass0 on @f, up to Pass2 on @f (1 dump(s) between not judged)"


def test_a_script_that_never_shows_the_bug_names_no_pass(script, tmp_path):
    s = ev.scan(_dumps("ok", "ok"), script, tmp_path / "out")
    assert s.first_shown is None and "shows the bug after no codegen pass" in ev.where(s)
    assert not (tmp_path / "out" / "first-shown.mlir").exists()


def test_dumps_written_under_a_relative_folder_are_found_by_a_script_run_from_its_own(script, tmp_path,
                                                                                       monkeypatch):
    (tmp_path / "work").mkdir()  # not the script's folder, where it runs
    monkeypatch.chdir(tmp_path / "work")  # localize's default folder is relative to where it runs: FINDING/localize/
    s = ev.scan(_dumps("ok", "BUG"), script, Path("rel") / "out")
    assert ev.where(s) == "Pass1 on @f"
    talker = tmp_path / "talker.py"  # a script that names the file it cannot judge: the report names no machine's path
    talker.write_text("import sys\nprint('could not judge:', sys.argv[-1])\nsys.exit(2)\n")
    s = ev.scan(_dumps("x"), talker, Path("rel") / "out2")
    assert s.judged[0].message == "could not judge: 000.mlir" and str(tmp_path) not in ev.render(s, "cfg")


def test_a_script_that_crashes_judges_nothing(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import sys\nsys.exit(3)\n")  # the exit rule's "own error": not a verdict
    s = ev.scan(_dumps("BUG"), bad, tmp_path / "out")
    assert [j.status for j in s.judged] == [ev.UNJUDGED] and "could judge no dump" in ev.where(s)


def _probe(stage: str, status: str) -> Probe:
    return Probe(0, Point(stage, "x"), status, None)


def test_only_a_boundary_that_spans_the_codegen_is_narrowed_by_evidence():
    spans = Localization("c", good=_probe("phase", "right"), bad=_probe("llvm", "wrong"))
    inside = Localization("c", good=_probe("llvm", "right"), bad=_probe("llvm", "wrong"))
    assert ev.spans_codegen(spans) and not ev.spans_codegen(inside) and not ev.spans_codegen(Localization("c"))
    gpu = Localization("c", good=_probe("phase", "right"), bad=_probe("codegen", "wrong"))  # IREE's GPU one:
    assert ev.spans_codegen(gpu)  # executable-sources right, codegen with --opt-bisect-limit=0 wrong (LLVM dumps)


@pytest.mark.compilers
def test_the_vecdist_findings_ir_check_names_vector_distribution_on_iree_dumps(tmp_path):
    """The finding localize could only bracket (gfx942 codegen, then LLVM passes on the device library the simulator
    cannot run): its own IR evidence, on the dispatch after each real codegen pass, names the pass its write-up names."""
    from frontends.iree import frontend as iree_frontend, gpu_localize
    from fuzz.casefile import load
    finding = ROOT / "corpus/findings/iree-gfx942-vecdist-dynamic-reduction-conv-tile-left-whole-per-thread"
    config = next(c for c in iree_frontend.CONFIGS if c.name == "iree:gfx942-O2")
    dumps = gpu_localize.dumps(load(str(finding / "case.json")), config, str(tmp_path))
    assert dumps[0]["name"].startswith("the dispatch as configured, before any codegen pass")  # a pass-1 fault's before
    assert any(d["name"].startswith("LLVMGPUVectorLoweringPass") for d in dumps)  # after translation_info is dropped
    s = ev.scan(dumps, finding / "ir_check.py", tmp_path / "evidence")
    assert ev.where(s).startswith("LLVMGPUVectorDistributePass on @main_dispatch_0")
    assert all(j.status == ev.ABSENT for j in s.judged[:s.first_shown.index])


@pytest.mark.compilers
def test_the_cross_thread_findings_ir_check_names_lower_cross_thread_reduction_on_tvm_dumps(tmp_path):
    """A TVM dlight fault the serial schedule points cannot show: its IR check, on the module after each TIR pass of
    the configuration's own CUDA compile (TVMScript, .tir), names the pass its write-up names."""
    from frontends.tvm import frontend as tvm_frontend, localize as tvm_localize
    from fuzz.casefile import load
    finding = ROOT / "corpus/findings/tvm-lower-cross-thread-reduction-drops-write-back-predicate"
    config = next(c for c in tvm_frontend.CONFIGS if c.name == "tvm:cuda-dlight")
    dumps = tvm_localize.dumps(load(str(finding / "case.json")), config, str(tmp_path))
    s = ev.scan(dumps, finding / "ir_evidence.py", tmp_path / "evidence")
    assert ev.where(s) == "s_tir.LowerCrossThreadReduction"
    assert (tmp_path / "evidence" / "first-shown.tir").is_file() and s.judged[0].status == ev.ABSENT
