"""Real TVM and IREE against the reference (marked `compilers`: minutes, not seconds).

Where a compiler compiles a generated case, its result must match the reference:
a mismatch here is either a kernelfuzz lowering bug or a compiler bug worth a corpus case.
IREE 3.13 rejects or crashes on some valid generated cases (real findings, kept as such);
they are tolerated here but must stay a minority."""
from collections import Counter

import pytest

import frontends
from fuzz.generator import generate
from fuzz.isolate import Lane
from fuzz.oracle import Verdict
from fuzz.runner import run_case
from fuzz.workload import load

pytestmark = pytest.mark.compilers
CONFIGS = frontends.all_configs()
N_CASES = 200


@pytest.fixture(scope="module")
def lane():
    lane = Lane(tuple(sorted({c.module for c in CONFIGS})))
    yield lane
    lane.close()


def test_seed_int8_conv_requant_is_bit_exact_everywhere(lane):
    report = run_case(lane, load("corpus/seeds/iree-sdxl-int8-conv-requant.json"), CONFIGS)
    assert [r.verdict for r in report.results] == [Verdict.EXACT] * len(CONFIGS)


def test_seed_fp16_conv_differs_only_by_rounding(lane):
    report = run_case(lane, load("corpus/seeds/tvm-hexagon-conv2d-fp16.json"), CONFIGS)
    for r in report.results:
        assert r.verdict in (Verdict.EXACT, Verdict.WITHIN_BOUND), r.summary()
        assert r.evidence.max_abs_err < 1.0


def test_compilers_agree_with_reference_on_generated_cases(lane):
    verdicts = {c.name: Counter() for c in CONFIGS}
    wrong = []
    for seed in range(N_CASES):
        for r in run_case(lane, generate(seed), CONFIGS).results:
            verdicts[r.config][r.verdict] += 1
            if r.verdict in (Verdict.OUT_OF_BOUND, Verdict.NONFINITE_MISMATCH, Verdict.INTERNAL_ERROR,
                             Verdict.RUNTIME_ERROR, Verdict.TIMEOUT):
                wrong.append((seed, r.config, r.verdict.value, r.headline))
            if r.config.startswith("tvm"):
                assert r.verdict in (Verdict.EXACT, Verdict.WITHIN_BOUND), (seed, r.summary())
    assert not wrong, wrong
    for name, counts in verdicts.items():
        ran = counts[Verdict.EXACT] + counts[Verdict.WITHIN_BOUND]
        assert ran >= 0.8 * N_CASES, (name, counts)
