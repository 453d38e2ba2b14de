"""Corpus replay: outcomes per configuration, corrupt files reported by name, regressions and damage fail."""
import json
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from fuzz.case.workload import dumps, load
from fuzz.cli import main
from fuzz.execute.isolate import Lane
from fuzz.judge.oracle import Verdict
from fuzz.replay.replay import Outcome, outcome, replay
from tests import fake_frontend as fake
from tests import ROOT

CONFIGS = {c.name: c for c in (fake.EXACT, fake.OFF_BY_ONE, fake.REJECT)}


@pytest.mark.parametrize("expected,got,result", [
    ("exact", Verdict.WITHIN_BOUND, Outcome.OK),
    ("compiled", Verdict.COMPILED, Outcome.OK),
    ("rejected", Verdict.REJECTED, Outcome.STILL_FAILING),
    ("rejected", Verdict.EXACT, Outcome.FIXED),
    ("rejected", Verdict.COMPILER_CRASH, Outcome.CHANGED),
    ("within-bound", Verdict.OUT_OF_BOUND, Outcome.REGRESSED),
    ("not-expressible", Verdict.NOT_EXPRESSIBLE, Outcome.OK),  # a dialect that cannot express the case
    ("exact", Verdict.NOT_EXPRESSIBLE, Outcome.OK),
    ("rejected", Verdict.NOT_EXPRESSIBLE, Outcome.FIXED),
])
def test_outcome_compares_expected_and_current_verdicts(expected, got, result):
    assert outcome(expected, got) is result


def test_replay_reports_every_outcome_and_skips_corrupt_files(tmp_path):
    seed = load(f"{ROOT}/corpus/seeds/iree-sdxl-int8-conv-requant.json")
    small = replace(seed, inputs=tuple(replace(t, shape=(1, 4, 4, 2) if t.name == "x" else
                                               (3, 3, 2, 2) if t.name == "w" else (2,),
                                               values=replace(t.values, sha256=None)) for t in seed.inputs),
                    ops=(seed.ops[0], replace(seed.ops[1], dims=(1, 4, 4, 2))))
    cases = {"a.json": {"fake:exact": "exact", "fake:reject": "rejected"},
             "b.json": {"fake:off-by-one": "exact"},
             "c.json": {"fake:exact": "out-of-bound", "gpu:absent": "compiled"}}
    for name, expect in cases.items():
        (tmp_path / name).write_text(dumps(replace(small, name=name, expect=tuple(expect.items()))))
    (tmp_path / "corrupt.json").write_text('{"format": "kernelfuzz.case/1", "inputs": [')
    (tmp_path / "results.json").write_text("[]")  # bundle sidecars are not cases
    errors = []
    lane = Lane(("tests.fake_frontend",))
    try:
        rows = replay(tmp_path, lane, CONFIGS, frozenset(), (), on_error=errors.append)
    finally:
        lane.close()
    got = {(r.path.split("/")[-1], r.config): r.outcome for r in rows}
    assert got == {("a.json", "fake:exact"): Outcome.OK, ("a.json", "fake:reject"): Outcome.STILL_FAILING,
                   ("b.json", "fake:off-by-one"): Outcome.REGRESSED, ("c.json", "fake:exact"): Outcome.FIXED,
                   ("c.json", "gpu:absent"): Outcome.UNAVAILABLE, ("corrupt.json", ""): Outcome.UNREADABLE}
    assert len(errors) == 1 and "corrupt.json: not valid JSON" in errors[0]


def test_show_describes_a_case():
    r = CliRunner().invoke(main, ["show", f"{ROOT}/corpus/seeds/iree-sdxl-int8-conv-requant.json"])
    assert r.exit_code == 0
    assert "conv2d NHWC stride [1, 1]" in r.output and "expect iree:cpu-im2col: rejected" in r.output


def test_show_counts_the_schedule_of_every_primfunc_of_a_relax_configuration(tmp_path):
    from fuzz.case import workload as W
    step = [["GetSBlock", [], ["conv", "main"], ["b0"]]]
    case = W.load(f"{ROOT}/corpus/seeds/iree-sdxl-int8-conv-requant.json").with_schedule(
        "tvm:relax-cpu-sampled", '{"fused_a": [%s, []], "fused_b": [%s, []]}' % (json.dumps(step * 2), json.dumps(step)))
    path = tmp_path / "case.json"
    path.write_text(W.dumps(case))
    r = CliRunner().invoke(main, ["show", str(path)])
    assert r.exit_code == 0 and "schedule for tvm:relax-cpu-sampled: 3 trace instructions in 2 PrimFunc(s)" in r.output


def test_the_suite_replays_a_dated_sample_of_the_corpus_in_shares(monkeypatch):
    """The suite replays a sample of the corpus, split over tests/test_replay_corpus_K.py: the shares cover the
    sample once, the sample is SAMPLE files drawn by KERNELFUZZ_REPLAY_SEED, another seed draws another sample, and
    KERNELFUZZ_REPLAY_SAMPLE=0 replays every file (what `make replay` does)."""
    from fuzz.replay.replay import case_files
    from tests import replay_corpus as R

    every = case_files(Path(ROOT) / "corpus")
    picked = R.sample(every)
    assert sorted(p for k in range(R.SHARES) for p in R.share(k)) == sorted(picked)
    assert len(picked) == min(R.SAMPLE, len(every)) and set(picked) <= set(every)
    assert R.sample(every, draw=1) != R.sample(every, draw=2)
    assert R.sample(every, size=0) == every
    assert all(Path(ROOT, "tests", f"test_replay_corpus_{k}.py").is_file() for k in range(R.SHARES))


def test_every_corpus_case_file_reads_each_run_not_only_when_sampled():
    """The replay's sample must not hide a damaged file until its turn: every file replay would read, read now."""
    from fuzz.casefile import load
    from fuzz.replay.replay import case_files

    for path in case_files(Path(ROOT) / "corpus"):
        load(path)  # a WorkloadError names the file and what is wrong


def test_replay_counts_unreadable_files_fails_on_them_and_shows_paths_whole(tmp_path):
    """A damaged corpus passed CI: unreadable files were not counted and the exit status was 0; configurations
    left out by --configs read `unavailable here`; long case paths were cut to the same text."""
    j = json.loads(open(f"{ROOT}/corpus/seeds/iree-sdxl-int8-conv-requant.json").read())
    j["expect"] = {"iree:cpu-O2": "exact", "gpu:absent": "compiled"}
    deep = tmp_path / ("findings-" + "x" * 70) / "iree-fast-minmax-f16-max-reduction-fmaxf-undefined"
    paths = [deep / "case.json", deep / "fminf-min-reduction-subfolder-repro" / "case.json"]
    for p in paths:
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(json.dumps(j))
    (tmp_path / "[bold]png.json").write_bytes(b"\x89PNG\r\n\x1a\n")
    (tmp_path / "bogus.json").write_text(json.dumps({**j, "expect": {"iree:cpu-O2": "bogus-verdict"}}))
    r = CliRunner().invoke(main, ["replay", str(tmp_path), "--configs", "iree:cpu-O0"], catch_exceptions=False)
    assert r.exit_code == 2  # unusable files: the exit-status rule's 2, which fails CI as a regression's 1 does
    assert r.output.strip().splitlines()[-1] == "2 not selected, 2 unavailable here, 2 unreadable"
    assert all(str(p) in r.output.splitlines() or f"  {p}" in r.output.splitlines() for p in paths), r.output
    assert "…" not in r.output and f"{tmp_path}/[bold]png.json: not UTF-8 text" in r.output


def test_every_finding_says_who_owns_it_and_what_upstream_knows():
    """An upstream maintainer acts on a finding only if it names the owner and the tracker search: every corpus
    write-up has an Owner line and an Upstream section with a verdict (new, duplicate, known, same bug as ...)."""
    findings = sorted(Path(f"{ROOT}/corpus/findings").glob("*/FINDING.md"))
    assert findings
    for f in findings:
        text = f.read_text()
        upstream = text.partition("\n## Upstream\n")[2].split("\n## ")[0]
        assert "**Owner:**" in text and "Verdict" in upstream and "Searche" in upstream, f


FMAXF = f"{ROOT}/corpus/findings/iree-fast-minmax-f16-max-reduction-fmaxf-undefined/case.json"


def _replay_fmaxf(tmp_path, cpus=None, expect=None) -> list:
    import frontends
    case = load(FMAXF)
    case = case if cpus is None else replace(case, cpus=cpus)
    if expect:  # {configuration: verdict}: another recorded verdict
        case = replace(case, expect=tuple((c, expect.get(c, v)) for c, v in case.expect))
    (tmp_path / "case.json").write_text(dumps(case))
    fast = next(c for c in frontends.all_configs() if c.name == "iree:cpu-fast")
    lane = Lane(("frontends.iree.frontend",))
    try:
        return [(r.outcome, r.got) for r in replay(tmp_path, lane, {fast.name: fast}, frozenset(), ())
                if r.config == fast.name]
    finally:
        lane.close()


@pytest.mark.compilers
def test_a_verdict_recorded_on_a_cpu_this_machine_cannot_run_is_other_cpu_never_fixed(tmp_path, monkeypatch):
    """The f16 fmaxf link failure is absent where the CPU has AVX-512-FP16: replay there said `fixed`.  Played here
    as such a machine (``host`` made sapphirerapids, which compiles the case), the corpus's recorded CPU decides."""
    assert load(FMAXF).cpu_for("iree:cpu-fast"), "the corpus records the CPU its expectation was verified on"
    monkeypatch.setenv("KERNELFUZZ_IREE_CPU", "sapphirerapids")
    [(got, why)] = _replay_fmaxf(tmp_path, expect={"iree:cpu-fast": "exact"})  # a verdict only a run decides
    assert got is Outcome.OTHER_CPU and "lacks" in why, why
    # the recorded rejection is decided by compiling alone: compiled for the recorded CPU by name, not run
    [(got, verdict)] = _replay_fmaxf(tmp_path)
    assert got is Outcome.STILL_FAILING and verdict == "rejected"
    recorded = load(FMAXF).cpus
    [(unrecorded, _)] = _replay_fmaxf(tmp_path, cpus=tuple((c, n, f) for c, n, f in recorded if c != "iree:cpu-fast"))
    # what replay said before it knew the CPU: the link no longer fails (on a real sapphirerapids machine the run is
    # exact, `fixed`; a machine without AVX-512-FP16 cannot run that code: `changed`)
    assert unrecorded in (Outcome.FIXED, Outcome.CHANGED)


@pytest.mark.compilers
def test_a_verdict_recorded_on_a_cpu_this_machine_runs_is_replayed_compiled_for_that_cpu(tmp_path):
    from frontends.iree import frontend as iree_frontend
    v3 = iree_frontend._resolve("x86-64-v3")  # every x86-64 host of ours runs it; the link fails there too
    [(got, verdict)] = _replay_fmaxf(tmp_path, cpus=(("iree:cpu-fast", v3["name"], v3["features"]),))
    assert got is Outcome.STILL_FAILING and verdict == "rejected"
    [(got, _)] = _replay_fmaxf(tmp_path, cpus=(("iree:cpu-fast", "imaginary", "+avx2,+kernelfuzz-absent"),),
                               expect={"iree:cpu-fast": "exact"})
    assert got is Outcome.OTHER_CPU


def test_a_verdict_only_a_run_decides_is_unavailable_where_the_configuration_only_compiles(tmp_path):
    """The CUDA wrong-code findings expect out-of-bound on iree:cuda-sm80-O2: on a machine without a GPU that
    configuration only compiles, and replay called them `fixed`.  What compiling decides is still replayed."""
    seed = load(f"{ROOT}/corpus/seeds/iree-sdxl-int8-conv-requant.json")
    expect = {"fake:exact": "out-of-bound", "fake:reject": "rejected", "fake:off-by-one": "exact"}
    (tmp_path / "gpu.json").write_text(dumps(replace(seed, name="gpu", expect=tuple(expect.items()))))
    lane = Lane(("tests.fake_frontend",))
    try:
        rows = replay(tmp_path, lane, CONFIGS, frozenset(CONFIGS), ())
    finally:
        lane.close()
    assert {r.config: r.outcome for r in rows} == {"fake:exact": Outcome.UNAVAILABLE, "fake:off-by-one": Outcome.UNAVAILABLE,
                                                   "fake:reject": Outcome.STILL_FAILING}


def test_an_expected_compiled_verdict_is_replayed_by_compiling_even_where_the_configuration_runs(tmp_path):
    """The seeds expect `compiled` on gfx942 configurations recorded when they only compiled; gfx942 runs simulated
    now, and running the seeds there took minutes of the suite: compiling decides that expectation."""
    seed = load(f"{ROOT}/corpus/seeds/iree-sdxl-int8-conv-requant.json")
    expect = {"fake:off-by-one": "compiled", "fake:exact": "exact"}
    (tmp_path / "s.json").write_text(dumps(replace(seed, name="s", expect=tuple(expect.items()))))
    lane = Lane(("tests.fake_frontend",))
    try:
        rows = replay(tmp_path, lane, CONFIGS, frozenset(), ())  # both configurations run here
    finally:
        lane.close()
    assert {(r.config, r.outcome, r.got) for r in rows} == {("fake:off-by-one", Outcome.OK, "compiled"),
                                                            ("fake:exact", Outcome.OK, "exact")}


def test_a_configuration_the_release_cannot_build_is_unavailable_for_this_release_not_an_error(tmp_path):
    """An older release (``--releases``) that lacks a configuration's flag skips it at selection; replay records
    ``unavailable for this release`` with why, also when it was the only configuration named (it was an exit 2)."""
    seed = load(f"{ROOT}/corpus/seeds/iree-sdxl-int8-conv-requant.json")
    (tmp_path / "a.json").write_text(dumps(replace(seed, name="a", expect=(("iree:gfx942-O2-prefetch", "compiler-crash"),))))
    why = "iree-compile 3.10.0 does not know --iree-llvmgpu-prefetch-num-stages"
    rows = replay(tmp_path, None, {}, frozenset(), (), gaps={"iree:gfx942-O2-prefetch": why})
    assert [(r.config, r.outcome, r.got) for r in rows] == [("iree:gfx942-O2-prefetch", Outcome.UNAVAILABLE_RELEASE,
                                                              why)]
    rows = replay(tmp_path, None, {}, frozenset(), ())
    assert [r.outcome for r in rows] == [Outcome.UNAVAILABLE]
