"""Batched compilation: one compile per group of cases, and every case gets the verdict it gets alone.

The fast tests use the fake compiler (tests/fake_frontend.py), which batches like IREE; the tests
marked `compilers` compile real IREE batches of corpus findings (a rejection named by its
location, a crash and a link failure without one) and a planted miscompile."""
import json
import re
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

import frontends
from tests import ROOT, small
from fuzz.campaign import driver as campaign
from fuzz.campaign.state import State
from fuzz.case import workload as W
from fuzz.execute.batch import batch_timeout, iter_batch, run_batch
from fuzz.execute.isolate import Lane
from fuzz.execute.runner import Timeouts, run_case
from fuzz.generate.generator import generate
from fuzz.judge.oracle import Verdict
from fuzz.judge.signature import of as signature_of
from tests import fake_frontend as fake
from tests import mutants

SEEDS = range(10, 18)  # names seed10 .. seed17: fake:picky fails the odd ones
DETERMINISTIC = [fake.EXACT, fake.OFF_BY_ONE, fake.REJECT, fake.PICKY, fake.PICKY_CRASH, fake.BATCH_ONLY, fake.TRAP,
                 fake.RUN_SEGFAULT, fake.RACY, fake.SCHEDULED, fake.LOWERING_BUG]


@pytest.fixture(scope="module")
def lane():
    lane = Lane(("tests.fake_frontend",))
    yield lane
    lane.close()


def _same_as_alone(batched, alone) -> None:
    """Verdict, stage, message, source and signature of every case and configuration, as compiled alone."""
    for b, a in zip(batched, alone, strict=True):
        assert b.case == a.case
        got = [(r.config, r.verdict, r.stage, r.headline, r.source) for r in b.results]
        assert got == [(r.config, r.verdict, r.stage, r.headline, r.source) for r in a.results], b.case.name
        assert b.divergent == a.divergent
        if a.findings:
            assert signature_of(b) == signature_of(a)


def test_every_fake_behaviour_gets_the_verdict_it_gets_alone(lane):
    """Also where a program kills the worker: the batch is lost, and the cases after it are decided alone."""
    cases = [generate(s, swarm=small()) for s in SEEDS[:4]]
    timeouts = Timeouts(20, 20)
    batched = run_batch(lane, cases, DETERMINISTIC, timeouts)
    _same_as_alone(batched, [run_case(lane, c, DETERMINISTIC, timeouts) for c in cases])
    picky = {r.case.name: r.results[DETERMINISTIC.index(fake.PICKY)].verdict for r in batched}
    assert picky == {f"seed{s}": Verdict.REJECTED if s % 2 else Verdict.EXACT for s in SEEDS[:4]}


class _Counting:
    """A lane that counts its single-case compiles."""

    def __init__(self, lane):
        self.lane, self.alone = lane, 0

    def __getattr__(self, name):
        return getattr(self.lane, name)

    def compile(self, *args, **kwargs):
        self.alone += 1
        return self.lane.compile(*args, **kwargs)


def test_a_case_is_reported_before_the_next_one_meets_the_slow_configurations(lane):
    """Batching configurations go first over the group; the rest (MetaSchedule tuning: minutes a case) case by
    case, each report handed out once its case is done: a group of 16 shows progress after one case."""
    counting = _Counting(lane)
    cases = [generate(s, swarm=small()) for s in SEEDS[:3]]
    reports = iter_batch(counting, cases, [fake.SCHEDULED, fake.EXACT])
    k, first = next(reports)
    per_case = counting.alone  # fake:scheduled does not batch (and re-compiles its mismatch to check it repeats)
    assert (k, first.case.name) == (0, cases[0].name) and per_case >= 1
    assert [k for k, _ in reports] == [1, 2] and counting.alone == 3 * per_case


def test_a_group_compiles_once_per_batching_configuration(lane):
    tally = Counter()
    reports = run_batch(lane, [generate(s, swarm=small()) for s in SEEDS], [fake.EXACT, fake.SCHEDULED], tally=tally)
    assert tally["batch_compiles"] == 1 and tally["extra_compiles"] == 0 and tally["batched_results"] == len(SEEDS)
    assert all(r.results[0].facts["batch"] == len(SEEDS) for r in reports)
    assert all("batch" not in r.results[1].facts for r in reports)  # fake:scheduled does not batch


def test_cases_a_failed_batch_names_go_alone_and_the_rest_compile_again(lane):
    tally = Counter()
    run_batch(lane, [generate(s, swarm=small()) for s in SEEDS], [fake.PICKY], tally=tally)
    assert tally["failed_batches"] == 1 and tally["located"] == 4 and tally["bisections"] == 0
    assert tally["batch_compiles"] == 1 and tally["batched_results"] == 4 and tally["alone: failed batch"] == 4


def test_a_crash_that_names_no_case_is_bisected(lane):
    tally = Counter()
    reports = run_batch(lane, [generate(s, swarm=small()) for s in SEEDS], [fake.PICKY_CRASH], tally=tally)
    assert [r.results[0].verdict for r in reports] == \
        [Verdict.COMPILER_CRASH if s % 2 else Verdict.EXACT for s in SEEDS]
    assert tally["bisections"] >= 3 and tally["located"] == 0


def test_a_case_that_failed_alone_is_compiled_alone_under_the_next_configurations(lane):
    """The attribution is paid once per group, not once per configuration."""
    tally = Counter()
    reports = run_batch(lane, [generate(s, swarm=small()) for s in SEEDS], [fake.PICKY_CRASH, fake.PICKY], tally=tally)
    assert [r.results[1].verdict for r in reports] == [Verdict.REJECTED if s % 2 else Verdict.EXACT for s in SEEDS]
    assert tally["alone: suspect"] == 4 and tally["failed_batches"] == tally["bisections"]  # all fake:picky-crash's


def test_a_failure_only_in_a_batch_is_never_recorded(lane):
    """Every batch blames its first case; alone each compiles: the verdicts are the lone ones."""
    tally = Counter()
    reports = run_batch(lane, [generate(s, swarm=small()) for s in SEEDS[:4]], [fake.BATCH_ONLY], tally=tally)
    assert all(r.results[0].verdict is Verdict.EXACT for r in reports)
    assert tally["extra_compiles"] == tally["failed_batches"] + 4  # every lone compile passed: all extra


def test_a_hang_in_a_batch_is_bisected_down_to_the_per_case_timeout(lane):
    tally = Counter()
    cases = [generate(s, swarm=small()) for s in SEEDS[:3]]
    reports = run_batch(lane, cases, [fake.HANG], Timeouts(compile=1, run=5), tally=tally)
    assert all(r.results[0].verdict is Verdict.TIMEOUT and r.results[0].stage == "compile" for r in reports)
    assert tally["bisections"] == 2 and tally["alone: failed batch"] == 3


def test_a_batch_timeout_grows_with_the_batch():
    assert batch_timeout(180, 1) == 180 and batch_timeout(180, 8) == 180 * 2.75


def test_a_campaign_gives_every_lane_the_same_number_of_groups():
    assert [len(g) for g in campaign.groups(list(range(100)), 16, 2)] == [13] * 7 + [9]
    assert [len(g) for g in campaign.groups(list(range(5)), 8, 2)] == [3, 2]
    assert campaign.groups(list(range(3)), 1, 2) == [[0], [1], [2]] and campaign.groups([], 8, 2) == []


def _verdicts(out: Path) -> list:
    return [(row["name"], [(r["config"], r["verdict"], r["stage"]) for r in row["results"]], row["failures"])
            for row in State(out).rows()]


def test_a_batched_campaign_records_what_an_unbatched_one_records(tmp_path):
    configs = (fake.EXACT, fake.OFF_BY_ONE, fake.PICKY, fake.PICKY_CRASH, fake.SCHEDULED)
    runs = {b: campaign.Settings(10, 4, tmp_path / f"b{b}", configs, jobs=2, batch=b, swarm=small()) for b in (1, 4)}
    for settings in runs.values():
        campaign.run(settings)
    assert _verdicts(tmp_path / "b4") == _verdicts(tmp_path / "b1")
    for folder in (tmp_path / "b1" / "findings").iterdir():
        alone = json.loads((folder / "results.json").read_text())
        batched = json.loads((tmp_path / "b4" / "findings" / folder.name / "results.json").read_text())
        assert [(r["verdict"], r["message"]) for r in batched] == [(r["verdict"], r["message"]) for r in alone]
    kinds = Counter(k for _, k, _ in State(tmp_path / "b4").events())
    assert kinds["batch"] == 3 and "batch" not in Counter(k for _, k, _ in State(tmp_path / "b1").events())
    assert campaign.resume_settings(tmp_path / "b4").batch == 4


# ---------------------------------------------------------------- real IREE

CORPUS = ("iree-reversed-map-min-reduction-rejected",  # rejected, located in a dispatch the error names
          "iree-crash-infer-convolution-dims-offset-map",  # iree-compile segfaults: no location, bisected
          "iree-fast-minmax-f16-max-reduction-fmaxf-undefined")  # iree-lld undefined fmaxf under cpu-fast
REAL = ("iree:cpu-O0", "iree:cpu-fast", "iree:gfx942-O2")


def _on_x86_64_v3(config):
    """``config`` compiled for x86-64-v3, which every x86-64 host of ours runs: on a host with AVX-512-FP16 (IREE's
    ``host`` is sapphirerapids or rocketlake there) the f16 max-reduction compiles natively and no link fails."""
    return replace(config, flags=tuple("--iree-llvmcpu-target-cpu=x86-64-v3" if f == "--iree-llvmcpu-target-cpu=host"
                                       else f for f in config.flags))


def _comparable(result: dict) -> dict:
    """A saved result without its timings and what changes from run to run (temporary files, addresses)."""
    head = "\n".join(result["message"].splitlines()[:3])
    return {**result, "compile_s": 0, "run_s": 0, "message": re.sub(r"(?:/tmp/|\$TMPDIR/)\S+|0x[0-9a-f]+", "", head),
            "facts": {k: v for k, v in result["facts"].items() if k != "batch"}}


class FixedCases(campaign.Settings):
    """A campaign over fixed cases (corpus findings, the planted mutant's case, generated ones)."""

    def case(self, index: int, swarm=None):
        cases = [W.load(f"{ROOT}/corpus/findings/{n}/case.json") for n in CORPUS]
        cases += [W.load(f"{ROOT}/corpus/seeds/iree-sdxl-int8-conv-requant.json")]
        return (cases + [generate(s, swarm=small()) for s in range(4)])[index]


@pytest.mark.compilers
def test_a_batched_iree_campaign_records_the_verdicts_of_an_unbatched_one(tmp_path):
    """Rejected, crashing, link-failing and miscompiled (the round-half-away mutant) cases among passing ones."""
    sel = frontends.select(",".join(REAL))
    configs = (*map(_on_x86_64_v3, sel.configs), mutants.IREE_ROUND)
    for b in (1, 4):
        campaign.run(FixedCases(8, 0, tmp_path / f"b{b}", configs, jobs=1, compile_only=sel.compile_only, batch=b))
    rows = _verdicts(tmp_path / "b4")
    assert rows == _verdicts(tmp_path / "b1")
    found = {v for _, results, _ in rows for _, v, _ in results}
    assert {"rejected", "compiler-crash", "out-of-bound", "exact"} <= found
    for folder in (tmp_path / "b1" / "findings").iterdir():
        alone = json.loads((folder / "results.json").read_text())
        batched = json.loads((tmp_path / "b4" / "findings" / folder.name / "results.json").read_text())
        assert [_comparable(r) for r in batched] == [_comparable(r) for r in alone]
    tally = Counter()
    for _, kind, detail in State(tmp_path / "b4").events():
        if kind == "batch":
            tally.update(json.loads(detail))
    assert tally["located"] and tally["bisections"] and tally["batched_results"]


@pytest.mark.compilers
def test_batched_dispatch_facts_are_those_of_the_case_alone_also_when_iree_shares_a_dispatch():
    from frontends.iree import frontend as iree_frontend
    cases = [generate(s, swarm=small()) for s in range(3)]
    cases.append(cases[0])  # identical dispatches: IREE keeps one executable for both functions
    cfg = next(c for c in iree_frontend.CONFIGS if c.name == "iree:cpu-O2")
    lane = Lane(("frontends.iree.frontend",))
    try:
        batched = run_batch(lane, cases, [cfg])
        alone = [run_case(lane, c, [cfg]) for c in cases]
    finally:
        lane.close()
    for b, a in zip(batched, alone):
        assert {k: v for k, v in b.results[0].facts.items() if k != "batch"} == a.results[0].facts
        assert b.results[0].facts["dispatches"] >= 1 and b.results[0].source == a.results[0].source


@pytest.mark.compilers
@pytest.mark.parametrize("name", ["iree:gfx942-O2", "iree:cuda-sm80-O2"])
def test_batched_reached_facts_are_those_of_the_case_alone_on_a_simulated_gpu(name):
    """IREE links a module's dispatches into one code object: each case's ``reached`` comes from its own kernels in
    it, as the case alone gets it (compiled only: what the code reached is a fact of the code, not of a run)."""
    from frontends.iree import frontend as iree_frontend
    cfg = next(c for c in iree_frontend.CONFIGS if c.name == name)
    cases = [W.load(ROOT / "tests" / "cases" / n)  # two dispatches; a matrix-core matmul with partial tiles; one
             for n in ("matmul-exact-seed16.json", "f16-matmul-partial-tiles.json", "mixed-exact-seed0.json")]
    lane = Lane(("frontends.iree.frontend",))
    try:
        batched = run_batch(lane, cases, [cfg], compile_only=frozenset({cfg.name}))
        alone = [run_case(lane, c, [cfg], compile_only=frozenset({cfg.name})) for c in cases]
    finally:
        lane.close()
    for b, a in zip(batched, alone):
        assert b.results[0].facts.get("batch") == len(cases), b.case.name  # decided in the batch, not alone
        assert "reached" in a.results[0].facts and b.results[0].facts.get("reached") == a.results[0].facts["reached"]
    assert any(b.results[0].facts["reached"]["matrix"] for b in batched)  # the matmul's matrix instructions, its own
