"""Every planted fault, compiled for real, is classified as a miscompile naming the mutant."""
from dataclasses import replace

import pytest

from fuzz.case import workload as W
from fuzz.execute.isolate import Lane
from fuzz.execute.runner import run_case
from fuzz.judge.oracle import Verdict
from tests import handwritten as H
from tests import mutants
from tests import ROOT

pytestmark = pytest.mark.compilers


@pytest.fixture(scope="module")
def lane():
    lane = Lane(("tests.mutants",))
    yield lane
    lane.close()


def _exact_padded_conv():
    x = W.Tensor("x", (1, 6, 6, 4), "f16", W.ValueSpec("int", 1, -3, 3))
    w = W.Tensor("w", (3, 3, 4, 5), "f16", W.ValueSpec("int", 2, -3, 3))
    conv = W.Conv2d("c", ("x", "w"), "NHWC", (1, 1), (1, 1), (1, 1, 1, 1), 1, "f32")
    return W.Case((x, w), (conv,), ("c",), "exact-padded-conv")


def _long_f32_reduction():
    """f16 inputs, f32 accumulation over 512 terms of realistic values: f16 accumulation shows."""
    a = W.Tensor("a", (4, 512), "f16", W.ValueSpec("positive", 3))
    op = W.Generic("s", ("a",), (4, 512), ("parallel", "reduction"), ((W.Affine((1, 0)), W.Affine((0, 1))),),
                   W.Expr("cast", (W.Expr("in", index=0),), dtype="f32"), "f32", "add")
    return W.Case((a,), (op,), ("s",), "long-f32-reduction")


CASES = {
    "mutant:tvm-floordiv-trunc": H.integer_division,
    "mutant:tvm-softmax-no-max": lambda: H.softmax("f16", scale=16),
    "mutant:tvm-matmul-drop-k": H.matmuls,
    "mutant:iree-floordiv-trunc": H.integer_division,
    "mutant:tvm-skip-last": _exact_padded_conv,
    "mutant:tvm-pad-off-by-one": _exact_padded_conv,
    "mutant:tvm-f16-acc": _long_f32_reduction,
    "mutant:tvm-round-half-away": lambda: W.load(f"{ROOT}/corpus/seeds/iree-sdxl-int8-conv-requant.json"),
    "mutant:iree-round-half-away": lambda: W.load(f"{ROOT}/corpus/seeds/iree-sdxl-int8-conv-requant.json"),
}


@pytest.mark.parametrize("mutant", mutants.CONFIGS, ids=lambda c: c.name)
def test_mutant_is_a_miscompile_naming_it(lane, mutant):
    report = run_case(lane, CASES[mutant.name](), [mutant])
    (r,) = report.findings
    expected = Verdict.NONFINITE_MISMATCH if "softmax" in mutant.name else Verdict.OUT_OF_BOUND  # exp overflows
    assert r.config == mutant.name and r.verdict is expected, r.summary()
    assert r.evidence.bad > 0 and r.evidence.first_bad


def test_mutants_are_invisible_where_their_fault_does_not_apply(lane):
    """No padding, no rounding, f32 accumulation: those mutants compile the case correctly."""
    padded = _exact_padded_conv()
    case = replace(padded, ops=(replace(padded.ops[0], padding=(0, 0, 0, 0)),))
    report = run_case(lane, case, [c for c in mutants.CONFIGS if "pad" in c.name or "round" in c.name])
    assert all(r.verdict in (Verdict.EXACT, Verdict.WITHIN_BOUND) for r in report.results)
