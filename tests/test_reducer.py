"""The reducer keeps the failure signature, counts its passes, keeps the best case on disk,
and minimizes the pipeline; real mutants reduce tenfold; bundles reproduce without kernelfuzz."""
import json
import os
import subprocess
import sys

import pytest

import frontends
from fuzz.case.workload import load
from fuzz.execute.backend import Config
from fuzz.generate.generator import generate
from fuzz.judge.oracle import Verdict
from fuzz.publish import workflow
from fuzz.reduce.reducer import bisect_trace, elements, minimal_flags
from tests import fake_frontend as fake
from tests import handwritten as H
from tests import mutants
from tests import ROOT, stored
from tests import small




def _sel(*configs):
    return frontends.Selection(tuple(configs), frozenset(), ())


def test_reduction_keeps_the_signature_and_leaves_the_best_case_on_disk(tmp_path):
    case = load(f"{ROOT}/corpus/seeds/iree-sdxl-int8-conv-requant.json")
    red = workflow.reduce_and_bundle(case, _sel(fake.EXACT, fake.OFF_BY_ONE), tmp_path, budget_s=60)
    assert red.signature.configs == ("fake:off-by-one",)
    assert elements(red.best) * 100 < elements(case)
    saved = load(tmp_path / "case.json")
    assert dict(saved.expect) == {"fake:exact": "exact", "fake:off-by-one": "out-of-bound"}
    summary = json.loads((tmp_path / "reduction.json").read_text())
    assert summary["signature_key"] == red.signature.key
    assert sum(p["successes"] for p in summary["passes"].values()) > 3
    assert all(p["calls"] >= p["successes"] for p in summary["passes"].values())
    assert (tmp_path / "README.md").read_text().startswith(f"# {case.name}")


def test_a_case_nothing_fails_on_is_refused(tmp_path):
    with pytest.raises(ValueError, match="nothing to reduce"):
        workflow.reduce_and_bundle(generate(3, swarm=small()), _sel(fake.EXACT), tmp_path, budget_s=10)


def test_minimal_flags_keeps_only_the_flags_that_matter():
    passing = Config("x:good", "m", "cpu", ("--a=1", "--b", "--opt=O2"))
    failing = Config("x:bad", "m", "cpu", ("--a=1", "--c", "--d=7", "--opt=O3"))
    fails = lambda cfg: "--d=7" in cfg.flags  # noqa: E731  (only --d=7 triggers the bug)
    assert minimal_flags(failing, passing, fails) == ["--d=7"]


def test_trace_bisection_names_the_first_instruction_that_fails():
    insts = [["GetSBlock", [], [], ["b0"]], ["Split", ["l0"], [], ["l1"]], ["Reorder", ["l1"], [], []],
             ["Vectorize", ["l1"], [], []]]
    trace = json.dumps([insts, [[1, [4]]]])
    fails = lambda t: len(json.loads(t)[0]) >= 3  # noqa: E731  (failure appears with the Reorder)
    k, inst = bisect_trace(trace, fails)
    assert k == 3 and json.loads(inst)[0] == "Reorder"


def test_trace_bisection_runs_through_one_trace_per_primfunc_in_name_order():
    """Relax configurations store a trace per fused PrimFunc; a prefix keeps earlier ones whole."""
    first = [["GetSBlock", [], [], ["b0"]], ["Split", ["l0"], [], ["l1"]]]
    second = [["GetSBlock", [], [], ["b0"]], ["Parallel", ["l0"], [], []], ["Vectorize", ["l1"], [], []]]
    trace = json.dumps({"fused_b": [second, [[1, [2]]]], "fused_a": [first, []]})

    def fails(t):  # the failure appears with fused_b's Parallel, and needs fused_a's schedule whole
        got = json.loads(t)
        return len(got["fused_a"][0]) == 2 and len(got["fused_b"][0]) >= 2 and got["fused_b"][1] == [[1, [2]]]
    k, inst = bisect_trace(trace, fails)
    assert k == 4 and inst.startswith("fused_b: ") and json.loads(inst.split(": ", 1)[1])[0] == "Parallel"


# ---------------------------------------------------------------- real compilers

# The first exact-input case of the full-feature stream (seeds 0-399, static) each mutant miscompiles, stored when found
MISCOMPILED = {"mutant:tvm-skip-last": "norm-exact-seed0", "mutant:tvm-pad-off-by-one": "residual-exact-seed9",
               "mutant:tvm-f16-acc": "residual-exact-seed9", "mutant:tvm-round-half-away": "mixed-exact-seed45",
               "mutant:iree-round-half-away": "mixed-exact-seed60"}


def _failing_case(mutant):
    """Hand-written cases for the wrong-code mutants (tests/handwritten.py), stored generated ones for the rest."""
    handwritten = {"mutant:tvm-floordiv-trunc": H.integer_division, "mutant:iree-floordiv-trunc": H.integer_division,
                   "mutant:tvm-softmax-no-max": lambda: H.softmax("f16", 6, 24, 16), "mutant:tvm-matmul-drop-k": H.matmuls}
    return handwritten[mutant.name]() if mutant.name in handwritten else stored(f"mutants/{MISCOMPILED[mutant.name]}.json")


@pytest.mark.compilers
@pytest.mark.parametrize("mutant", mutants.CONFIGS, ids=lambda m: m.name)
def test_mutant_failure_reduces_tenfold_with_the_same_signature(tmp_path, mutant):
    case = _failing_case(mutant)
    red = workflow.reduce_and_bundle(case, _sel(mutant), tmp_path, budget_s=60)
    assert red.signature.configs == (mutant.name,)
    assert elements(red.best) * 10 <= elements(case), red.summary()


@pytest.mark.compilers
def test_bundle_reproduces_in_a_fresh_environment_with_only_compilers_and_numpy(tmp_path):
    """TVM script and IREE command lines of a real miscompile bundle, in a venv without kernelfuzz.

    The venv is made as a user makes it: pip installs the pinned TVM, IREE, numpy and ml_dtypes from the package
    index (network access, about 1 GB, a minute or two); without the index this test fails at that step."""
    case = load(f"{ROOT}/corpus/seeds/iree-sdxl-int8-conv-requant.json")
    tvm_bad = next(m for m in mutants.TVM_MUTANTS if "round" in m.name)
    iree_bad = mutants.IREE_ROUND
    good = next(c for c in frontends.all_configs() if c.name == "iree:cpu-O0")
    bundle = tmp_path / "bundle"
    workflow.reduce_and_bundle(case, _sel(tvm_bad, iree_bad, good), bundle, budget_s=30)
    env_dir = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(env_dir)], check=True)
    pins = [line.strip().strip('",') for line in (ROOT / "pyproject.toml").read_text().splitlines()
            if line.strip().startswith(('"apache-tvm', '"iree-base', '"numpy', '"ml_dtypes'))]
    subprocess.run([str(env_dir / "bin" / "pip"), "install", "-q", *pins], check=True)
    env = {**os.environ, "PATH": f"{env_dir / 'bin'}:/usr/bin:/bin", "PYTHONPATH": ""}
    tvm_script = next(bundle.glob("mutant_tvm-round-half-away.py"))
    run = subprocess.run([str(env_dir / "bin" / "python"), str(tvm_script)], cwd=bundle, env=env,
                         capture_output=True, text=True)
    assert run.returncode == 1 and "MISCOMPILE" in run.stdout, run.stdout + run.stderr
    sh = subprocess.run(["sh", "iree.sh"], cwd=bundle, env=env, capture_output=True, text=True)
    out = sh.stdout
    assert out.count("MISCOMPILE") == 1 and "ok: within the certified bound" in out, out + sh.stderr


def test_an_operand_the_body_no_longer_reads_is_dropped_with_its_input():
    """Found on the Hexagon vlut bundle: the reduced generic still read a second input it ignored."""
    from fuzz.case.workload import from_json
    from fuzz.reduce.passes import simplify_body
    values = {"dist": "int", "seed": 1, "low": -1, "high": 1, "scale": 1.0}
    case = from_json({"format": "kernelfuzz.case/1", "name": "c", "outputs": ["op2"], "inputs": [
        {"name": "in3", "shape": [1, 1, 2], "dtype": "i8", "values": values},
        {"name": "op1_in", "shape": [1, 1, 2, 2], "dtype": "i8", "values": values}], "ops": [
        {"kind": "generic", "name": "op2", "inputs": ["op1_in", "in3"], "dims": [1, 1, 2, 2],
         "iterators": ["parallel"] * 4, "maps": [["d0", "d1", "d2", "d3"], ["d0", "d1", "d2"]],
         "body": ["cast", "i32", ["in", 1]], "out": "i32"}]})
    assert [t.name for t in case.inputs] == ["in3", "op1_in"]
    dropped = next(simplify_body.candidates(case))
    (op,) = dropped.ops
    assert [t.name for t in dropped.inputs] == ["in3"] and op.inputs == ("in3",)
    assert op.maps == case.ops[0].maps[1:] and op.body.args[0].index == 0  # cast(in 0): renumbered
    assert dropped.tensor_types()[op.name] == case.tensor_types()[op.name]


def test_reduce_keeps_the_failure_the_case_names_and_its_budget_and_says_how_far_it_is(tmp_path):
    """With every configuration selected the signature grew from the finding's configuration to every other that
    failed (an unrelated rejection among them); a 120 s budget ran 4 minutes, silent; titles ran to 1,500
    characters."""
    import time

    from fuzz.reduce.reducer import Reducer
    case = generate(3, swarm=small())
    said = []
    red = workflow.reduce_and_bundle(case, _sel(fake.EXACT, fake.OFF_BY_ONE, fake.REJECT), tmp_path, budget_s=60,
                                     log=said.append, focus=frozenset({"fake:off-by-one"}))
    assert red.signature.configs == ("fake:off-by-one",)
    assert any(" elements, pass " in line and " s left" in line for line in said), said
    title = (tmp_path / "README.md").read_text().splitlines()[0]
    assert title == f"# {case.name}-reduced: fake:off-by-one out-of-bound at compare", title
    again = workflow.reduce_and_bundle(load(tmp_path / "case.json"), _sel(fake.EXACT, fake.OFF_BY_ONE),
                                       tmp_path / "again", budget_s=5, log=lambda m: None)
    assert again.best.name == f"{case.name}-reduced"  # not -reduced-reduced

    def slow(c):  # every test takes a second: the budget, not the passes, ends the reduction
        time.sleep(1.0)
        return fake_report(c)
    lane_report = workflow.run_case
    from fuzz.execute.isolate import Lane
    lane = Lane.for_configs([fake.OFF_BY_ONE])
    try:
        def fake_report(c):
            return lane_report(lane, c, [fake.OFF_BY_ONE])
        start = time.time()
        Reducer(slow, budget_s=3).reduce(case)
        assert time.time() - start < 3 + 2 * 1.5  # the first run, then no step starts after the budget
    finally:
        lane.close()


def test_reduce_by_default_names_the_configurations_the_case_says_fail(tmp_path):
    from dataclasses import replace

    from fuzz.cli.corpus import _failing
    case = load("corpus/seeds/iree-sdxl-int8-conv-requant.json")
    named = replace(case, expect=(("iree:cpu-O2", "out-of-bound"), ("iree:cpu-O0", "exact")))
    assert _failing(named, tmp_path / "results.json") == {"iree:cpu-O2"}
    (tmp_path / "results.json").write_text(json.dumps([{"config": "tvm:cpu", "verdict": "rejected"},
                                                      {"config": "iree:cpu-O0", "verdict": "exact"}]))
    assert _failing(replace(case, expect=()), tmp_path / "results.json") == {"tvm:cpu"}
    assert _failing(replace(case, expect=()), tmp_path / "none.json") == frozenset()
