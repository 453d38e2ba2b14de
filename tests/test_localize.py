"""kernelfuzz localize: the engine bisects for the first wrong point after the last right one, and the frontends'
pipelines put that point where the fault is (a planted phase fault in IREE, a real corpus finding in TVM)."""
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from frontends.iree.localize import codegen_dumps, finished, func_span, substituted
from frontends.tvm.llvm16 import llvm16
from fuzz.cli import main
from fuzz.execute.runner import judge_all
from fuzz.judge.reference import exact_value
from fuzz.reduce.localize import Outcome, Point, localize, render, where
from tests import ROOT

REF = [exact_value(np.arange(4, dtype=np.int64), "i32")]
RIGHT, WRONG = [np.arange(4, dtype=np.int32)], [np.array([0, 1, 2, 9], dtype=np.int32)]


class FakePipeline:
    """Points 0..n-1; from ``bad`` on the program is wrong; ``broken`` points build nothing; a finisher ``variant``
    below ``first_right_variant`` gets even the first point wrong."""

    def __init__(self, n=64, bad=37, broken=(), first_right_variant=0):
        self.n, self.bad, self.broken, self.first_right_variant = n, bad, set(broken), first_right_variant
        self.variant, self.built = None, []

    def points(self, variant):
        if variant > 3:
            return None
        self.variant = variant
        return [Point("pass", f"after pass {i}", {"i": i}) for i in range(self.n)]

    def probe(self, point):
        i = point.key["i"]
        self.built.append(i)
        if i in self.broken:
            return Outcome(None, "rejected", "error: cannot build this point")
        wrong = i >= self.bad or self.variant < self.first_right_variant
        return Outcome(WRONG if wrong else RIGHT)


def test_localize_names_the_first_wrong_point_after_the_last_right_one_and_runs_both_twice():
    fake = FakePipeline()
    r = localize("fake", fake, REF, judge_all)
    assert (r.good.index, r.bad.index, r.confirmed) == (36, 37, True)
    assert len(fake.built) <= 2 + 7 + 2  # both ends, a bisection of 64 points, the two confirmations
    assert fake.built[-2:] == [36, 37]


def test_points_that_cannot_be_built_are_stepped_around_and_named():
    r = localize("fake", FakePipeline(bad=37, broken={31, 32, 33, 34, 35, 36}), REF, judge_all)
    assert (r.good.index, r.bad.index) == (30, 37)
    assert r.skipped == (31, 32, 33, 34, 35, 36)
    assert where(r).startswith("somewhere after ") and "(6 point(s) between could not be built or run)" in where(r)
    plain = localize("fake", FakePipeline(bad=37), REF, judge_all)  # nothing broken: the first wrong point itself
    assert where(plain) == f"{plain.bad.point.stage}: {plain.bad.point.name}"


def test_a_finisher_that_gets_the_first_point_wrong_is_replaced_by_the_next_one():
    fake = FakePipeline(first_right_variant=2)
    r = localize("fake", fake, REF, judge_all)
    assert fake.variant == 2 and r.bad.index == 37


def test_no_finisher_right_on_the_first_point_means_no_boundary():
    r = localize("fake", FakePipeline(first_right_variant=9), REF, judge_all)
    assert not r.found and "first point is wrong under every finisher" in r.note


def test_nothing_is_localized_where_the_whole_compile_is_right():
    r = localize("fake", FakePipeline(bad=10**6), REF, judge_all)
    assert not r.found and "whole compile is right" in r.note


def test_the_report_names_the_boundary_the_bound_and_each_sides_commands():
    from fuzz.case import workload as W
    r = localize("fake", FakePipeline(), REF, judge_all)
    case = W.Case((W.Tensor("x", (4,), "i32", W.ValueSpec("int", 1, 0, 3)),), (), ("x",), "fake-case")
    text = render(r, case, "strict", {"first-bad": "run-it --limit=37"})
    assert "First bad pass: after pass 37 (pass)" in text and "last right: [36]" in text
    assert "expected 3 in [3, 3], got 9" in text and "no deviation at all" in text
    assert "run-it --limit=37" in text


def test_llvm16_respells_what_clang16_cannot_parse_and_keeps_the_code():
    new = ('define void @f(ptr noalias captures(none) %p, i32 range(i32 0, 8) %n) #0 !dbg !3 {\n'
           '  %q = getelementptr inbounds nuw i8, ptr %p, i32 4, !dbg !5\n'
           '    #dbg_value(i32 %n, !7, !DIExpression(), !5)\n'
           '  %c = icmp samesign ult i32 %n, 3\n  %z = zext nneg i32 %n to i64\n  %t = trunc nuw i64 %z to i32\n'
           '  %o = or disjoint i32 %t, 1\n  store <2 x i32> splat (i32 7), ptr %q\n  ret void\n}\n'
           'attributes #0 = { memory(argmem: readwrite, errnomem: none) }\n!3 = distinct !DISubprogram(name: "f")\n')
    old = llvm16(new)
    for gone in ("captures", "range(", "nuw", "#dbg_", "!dbg", "samesign", "nneg", "disjoint", "errnomem", "splat",
                 "DISubprogram"):
        assert gone not in old, gone
    assert "ptr noalias nocapture %p" in old and "<2 x i32> <i32 7, i32 7>" in old and "or i32 %t, 1" in old


DUMPS = """// -----// IR Dump After FooPass: foo //----- //
func.func @d0() attributes {translation_info = #iree_codegen.translation_info<pipeline = #iree_cpu.pipeline<DoubleTilingExpert>, {enable_loop_peeling}>} {
  %0 = arith.constant 1 : i32
  return
}

// -----// IR Dump After BarPass: bar //----- //
func.func @d0() attributes {translation_info = #iree_codegen.translation_info<pipeline = #iree_cpu.pipeline<DoubleTilingExpert>, {enable_loop_peeling}>} {
  %0 = arith.constant 1 : i32
  return
}

// -----// IR Dump After BazPass: baz //----- //
func.func @d0() attributes {translation_info = #iree_codegen.translation_info<pipeline = #iree_cpu.pipeline<DoubleTilingExpert>, {enable_loop_peeling}>} {
  %0 = arith.constant 2 : i32
  return
}

// -----// IR Dump After LatePass: late //----- //
func.func @d0() {
  %0 = arith.constant 3 : i32
  return
}

// -----// IR Dump After ModulePass: m //----- //
module {
}
"""
CONFIGURED = """  hal.executable private @e {
      builtin.module {
        func.func @d0() attributes {translation_info = #iree_codegen.translation_info<pipeline = #iree_cpu.pipeline<DoubleTilingExpert>, {enable_loop_peeling}>} {
          %0 = arith.constant 0 : i32
          return
        }
      }
  }
"""


def test_codegen_dumps_keep_each_dispatch_after_the_passes_that_changed_it():
    dumps = codegen_dumps(DUMPS, {"d0"})
    assert [(d["number"], d["pass"]) for d in dumps] == [(1, "FooPass"), (3, "BazPass")]


def test_every_codegen_dump_to_judge_goes_on_after_the_pipeline_attribute_is_dropped():
    dumps = codegen_dumps(DUMPS, {"d0"}, every=True)  # the GPU's vector lowering runs after it (--evidence)
    assert [(d["number"], d["pass"]) for d in dumps] == [(1, "FooPass"), (3, "BazPass"), (4, "LatePass")]


def test_a_dump_replaces_its_function_in_the_configured_program_on_the_default_pipeline():
    text = finished(substituted(CONFIGURED, codegen_dumps(DUMPS, {"d0"}), 1), 0)
    assert "arith.constant 2" in text and "arith.constant 0" not in text and text.count("func.func") == 1
    assert "pipeline<Default>>" in text and "DoubleTilingExpert" not in text
    assert text.endswith("      }\n  }\n") and func_span(text, "d0") is not None


def test_localize_refuses_a_finding_without_wrong_code_in_one_line(tmp_path):
    crash = ROOT / "corpus/findings/iree-crash-infer-convolution-dims-offset-map"
    r = CliRunner().invoke(main, ["localize", str(crash), "--out", str(tmp_path)], catch_exceptions=False)
    assert r.exit_code == 2 and r.output.count("\n") == 1 and "only wrong code is localized" in r.output


def test_localize_of_a_folder_without_a_case_is_a_usage_error(tmp_path):
    r = CliRunner().invoke(main, ["localize", str(tmp_path)], catch_exceptions=False)
    assert r.exit_code == 2 and "no case.json" in r.output


# ---------------------------------------------------------------- real compilers


@pytest.mark.compilers
def test_localize_names_the_phase_a_planted_iree_fault_is_in():
    from fuzz.case import workload as W
    from fuzz.case.values import materialize_all
    from fuzz.execute.isolate import Lane
    from fuzz.execute.runner import references
    from fuzz.reduce.localize import LaneProber
    from tests import handwritten as H
    from tests import mutants

    config = mutants.IREE_PHASE  # every arith.addf becomes arith.subf after --compile-to=global-optimization
    case = W.Case((H.ints("a", (2, 8), -4, 4, "f32"), H.ints("b", (2, 8), 1, 4, "f32")),
                  (H.elementwise("s", ("a", "b"), (2, 8), H.e("add", H.IN0, H.IN1), "f32"),), ("s",), "exact-add")
    values = materialize_all(case)
    lane = Lane(("tests.mutants",))
    try:
        prober = LaneProber(lane, config, case, [values[t.name] for t in case.inputs])
        r = localize(config.name, prober, references(case, values, {config.profile})[config.profile], judge_all)
    finally:
        lane.close()
    assert r.confirmed, r.note
    assert (r.good.point.name, r.bad.point.name) == ("after --compile-to=preprocessing",
                                                     "after --compile-to=global-optimization")


@pytest.mark.compilers
def test_localize_names_the_primitive_of_the_reverse_compute_at_finding_and_both_sides_reproduce(tmp_path):
    finding = ROOT / "corpus/findings/tvm-reverse-compute-at-drops-pad-border"
    r = CliRunner().invoke(main, ["localize", str(finding), "--out", str(tmp_path)], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    text = (tmp_path / "localize.txt").read_text()
    assert 'First bad pass: after trace instruction 6 of 11: ["ReverseComputeAt"' in text
    assert "both sides run twice: same verdicts" in text and "expected 0 in [0, 0]" in text
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"}
    side = tmp_path / "tvm_cpu-compute-at"
    assert subprocess.run(["bash", str(side / "last-good/repro.sh")], env=env, capture_output=True).returncode == 0
    bad = subprocess.run(["bash", str(side / "first-bad/repro.sh")], env=env, capture_output=True, text=True)
    assert bad.returncode == 1 and "MISCOMPILE" in bad.stdout
    missing = subprocess.run(["bash", str(side / "first-bad/repro.sh")], capture_output=True, text=True,
                             env={**os.environ, "PATH": "/usr/bin:/bin"})  # no python3 with TVM: cannot judge
    assert missing.returncode == 2 and "could not run" in missing.stderr, missing.stderr


@pytest.mark.compilers
def test_both_sides_of_a_float8_localization_read_their_raw_byte_inputs_and_reproduce(tmp_path):
    """A float8 input is saved as raw bytes; each side's point.py read it with np.load alone, which TVM refused, so
    both sides exited 2 (could not run) instead of 0 and 1."""
    finding = ROOT / "corpus/findings/tvm-reverse-compute-at-drops-pad-border/float8-cast-padded-conv"
    r = CliRunner().invoke(main, ["localize", str(finding), "--out", str(tmp_path)], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    assert '["ReverseComputeAt"' in (tmp_path / "localize.txt").read_text()
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"}
    side = tmp_path / "tvm_cpu-compute-at"
    assert subprocess.run(["bash", str(side / "last-good/repro.sh")], env=env, capture_output=True).returncode == 0
    assert subprocess.run(["bash", str(side / "first-bad/repro.sh")], env=env, capture_output=True).returncode == 1
