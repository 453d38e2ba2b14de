"""kernelfuzz localize's finer points: a dlight GPU schedule's rule and primitives (frontends/tvm/gpu_points.py), a
configuration's own preprocessing pipeline pass by pass (frontends/iree/localize.py), each put where a corpus
finding's known bad step is."""
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from fuzz.case.workload import Case
from fuzz.cli import main
from fuzz.execute.runner import judge_all
from fuzz.judge.reference import exact_value
from fuzz.reduce.localize import Outcome, Point, localize, render
from fuzz.reduce.predicate import Kind, Predicate
from tests import ROOT

FINDINGS = ROOT / "corpus/findings"


def _run(script: Path, env=None) -> subprocess.CompletedProcess:
    env = env or {**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"}
    return subprocess.run(["bash", str(script)], env=env, capture_output=True, text=True)


@pytest.mark.compilers
def test_a_schedule_is_made_serial_loop_for_loop_and_a_module_still_naming_a_thread_is_refused():
    import tvm
    from tvm import te

    from frontends.tvm.gpu_points import serial_source
    from frontends.tvm.schedules import schedule
    from fuzz.execute.backend import CompilerFailure

    a = te.placeholder((64, 8), name="A")
    k = te.reduce_axis((0, 8), name="k")
    b = te.compute((64,), lambda i: te.sum(a[i, k], axis=k), name="B")
    gpu, _ = schedule(tvm.IRModule({"main": te.create_prim_func([a, b])}), "dlight",
                      tvm.target.Target({"kind": "cuda", "arch": "sm_80"}), 0)
    assert "threadIdx" in gpu.script() and "T.thread_binding" in gpu.script()
    text = serial_source(gpu)
    assert "T.serial(" in text and "thread" not in text and 'scope="' not in text
    tvm.script.from_source(text)  # it parses back
    with pytest.raises(CompilerFailure, match="threadIdx"):
        serial_source(gpu.with_attr("note", "threadIdx.x"))  # anything still naming a thread is not serial


def test_a_float16_erf_is_finished_on_x86_as_a_float32_erf_rounded_back_under_the_same_schedule(tmp_path):
    """TVM's x86 codegen has no float16 erf ("unknown intrinsic tirx.erf"): the serial prefixes of a dlight schedule
    are replayed on the case with each float16 erf widened, so they build and compute erf within its budget."""
    import frontends
    from frontends.tvm.gpu_points import GpuPipeline, widened_erf
    from fuzz.case import workload as W
    from fuzz.case.values import materialize_all
    from fuzz.judge.oracle import Verdict
    from fuzz.judge.profiles import get
    from fuzz.judge.reference import evaluate
    from tests import handwritten as H
    case = H.erf_ops("f16")
    assert W.expr_to_json(widened_erf(case).ops[0].body) == ["cast", "f16", ["erf", ["cast", "f32", ["in", 0]]]]
    assert widened_erf(H.erf_ops("f32")) == H.erf_ops("f32")
    config = next(c for c in frontends.all_configs() if c.name == "tvm:rocm-dlight")
    pipe = GpuPipeline(case, config, str(tmp_path))
    assert pipe.steps and "T.erf(" in pipe.scheduled().script()
    mod = pipe.serial(len(pipe.steps))
    assert 'T.Cast("float32"' in mod.script()
    inputs = materialize_all(case)
    outs = pipe.run({"serial": len(pipe.steps)}, [inputs[t.name] for t in case.inputs])
    ref = evaluate(case, inputs, get(config.profile))
    assert judge_all([ref[n] for n in case.outputs], outs).verdict in (Verdict.EXACT, Verdict.WITHIN_BOUND)


@pytest.mark.compilers
def test_localize_names_the_dlight_fallback_primitive_that_doubles_the_epilogue_and_both_sides_reproduce(tmp_path):
    finding = FINDINGS / "tvm-dlight-fallback-epilogue-inlined-into-init-and-update"
    r = CliRunner().invoke(main, ["localize", str(finding), "--out", str(tmp_path)], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    text = (tmp_path / "localize.txt").read_text()
    assert "First bad pass: dlight gpu.Fallback (the rule applied; gpu.Matmul, gpu.GEMV, gpu.Reduction, " \
           "gpu.GeneralReduction declined), after trace instruction 9 of 17: ReverseComputeInline(b2)" in text, text
    assert "last right: [2] schedule: dlight gpu.Fallback" in text and "after trace instruction 7 of 17: TransformBlockLayout(b2, ...)" in text
    assert "both sides run twice: same verdicts" in text
    side = tmp_path / "tvm_cuda-dlight"
    assert _run(side / "last-good/repro.sh").returncode == 0
    bad = _run(side / "first-bad/repro.sh")
    assert bad.returncode == 1 and "MISCOMPILE" in bad.stdout, bad.stdout + bad.stderr


def test_a_preprocessing_pipeline_is_cut_after_its_first_k_passes_keeping_their_nesting():
    from frontends.iree.pass_pipeline import leaves, prefix, split

    text = "builtin.module(util.func(a{x=1,y=2}, b), c, d(e))"
    assert leaves(text) == ["a{x=1,y=2}", "b", "c", "e"]
    assert [prefix(text, k) for k in range(5)] == [
        "", "builtin.module(util.func(a{x=1,y=2}))", "builtin.module(util.func(a{x=1,y=2}, b))",
        "builtin.module(util.func(a{x=1,y=2}, b), c)", text]
    assert split(["--x", f"--iree-preprocessing-pass-pipeline={text}"]) == (["--x"], text)
    assert split(["--x"]) == (["--x"], None)


@pytest.mark.compilers
def test_localize_names_the_decomposition_pass_of_the_configurations_own_preprocessing_flag(tmp_path):
    finding = FINDINGS / "iree-linalgext-attention-decompose-softmax-divides-sum-by-exp"
    r = CliRunner().invoke(main, ["localize", str(finding), "--out", str(tmp_path)], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    text = (tmp_path / "localize.txt").read_text()
    assert "First bad pass: after pass 1 of 1 of the configuration's --iree-preprocessing-pass-pipeline: " \
           "iree-linalg-ext-decompose-aggregated-ops{filter-ops=iree_linalg_ext.attention} (preprocessing)" in text
    assert "last right: [3] phase: after --compile-to=preprocessing without the configuration's own" in text
    side = tmp_path / "iree_cpu-attention-decomposed"
    assert _run(side / "last-good/repro.sh").returncode == 0
    bad = _run(side / "first-bad/repro.sh")
    assert bad.returncode == 1 and "MISCOMPILE" in bad.stdout, bad.stdout + bad.stderr


class FaultingPipeline:
    """Points 0..n-1 whose program faults at run from ``bad`` on; ``unbuilt`` points cannot be built."""

    def __init__(self, n=40, bad=23, unbuilt=()):
        self.n, self.bad, self.unbuilt = n, bad, set(unbuilt)

    def points(self, variant):
        return None if variant else [Point("pass", f"after pass {i}", {"i": i}) for i in range(self.n)]

    def probe(self, point):
        i = point.key["i"]
        if i in self.unbuilt:
            return Outcome(None, "rejected", "error: cannot build this point")
        if i >= self.bad:
            return Outcome(None, "program-error", "simulated: shared-memory race: shared byte 16")
        return Outcome([np.arange(4, dtype=np.int32)])


def test_a_program_that_faults_at_run_is_wrong_only_for_a_runtime_error_finding_and_a_build_failure_stays_broken():
    ref = [exact_value(np.arange(4, dtype=np.int64), "i32")]
    plain = localize("fake", FaultingPipeline(), ref, judge_all)
    assert not plain.found and "whole compile is broken" in plain.note  # an out-of-bound finding: not its bug
    race = Predicate(Kind.FAULT, "shared-memory (LDS) race")  # the finding's own fault class (its results.json)
    r = localize("fake", FaultingPipeline(unbuilt={21, 22}), ref, judge_all, predicate=race)
    assert (r.good.index, r.bad.index, r.skipped, r.confirmed) == (20, 23, (21, 22), True)
    other = localize("fake", FaultingPipeline(), ref, judge_all, predicate=Predicate(Kind.FAULT, "out-of-bounds global "
                                                                                                  "write"))
    assert not other.found and "whole compile is broken" in other.note  # another fault is not this finding's
    text = render(r, Case((), (), (), "fake"), "strict")
    assert "wrong (the program failed: simulated: shared-memory race" in text
    assert "fault: the program at the first wrong point failed at run: simulated: shared-memory race" in text


class TransientPipeline:
    """A schedule stage whose points 4..10 are wrong and 11, its last, right again; then a lowering stage wrong from
    16 on."""

    def points(self, variant):
        return None if variant else [Point("schedule" if i < 12 else "tir", f"p{i}", {"i": i}) for i in range(20)]

    def probe(self, point):
        i = point.key["i"]
        return Outcome([np.array([0, 1, 2, 9 if 4 <= i <= 10 or i >= 16 else 3], dtype=np.int32)])


def test_the_stage_that_ends_wrong_is_found_first_so_a_wrong_state_a_stage_undoes_is_never_taken_for_the_fault():
    ref = [exact_value(np.arange(4, dtype=np.int64), "i32")]
    probed = []
    pipeline = TransientPipeline()
    probe = pipeline.probe
    pipeline.probe = lambda p: probed.append(p.key["i"]) or probe(p)
    r = localize("fake", pipeline, ref, judge_all)
    assert (r.good.index, r.bad.index, r.confirmed) == (15, 16, True)
    assert 11 in probed and not set(range(4, 11)) & set(probed)  # the schedule's end is right: not bisected inside
