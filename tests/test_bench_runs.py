"""`make bench`'s campaign helpers start a real campaign (on the fake compiler here): the batch and campaign
sections built ``campaign.Settings`` positionally and broke silently when its tail became keyword-only."""
import json
import re

from tests import bench_batch, bench_common
from tests import fake_frontend as fake


def test_the_bench_campaign_helpers_run_a_campaign():
    stats, reports, wall = bench_common.run_campaign((fake.EXACT, fake.OFF_BY_ONE), 2, 1, 1)
    assert len(reports) == 2 and wall > 0
    assert dict(stats.verdicts["fake:off-by-one"]) == {"out-of-bound": 2}
    reports, wall, cpu, tally = bench_batch._batched_campaign((fake.EXACT,), 2, 1, 1, frozenset(), 2)
    assert [r.results[0].verdict.value for r in reports] == ["exact", "exact"] and cpu >= 0


def test_the_release_sweep_summary_counts_per_release():
    """tests/bench_releases.py: cannot-simulate share over the compiled runs only; internal errors, timeouts and
    out-of-segment reports named per run."""
    from tests import bench_releases
    rec = {"index": 3, "seed": 7, "results": [
        {"config": "iree:gfx942-O2", "verdict": "exact"},
        {"config": "iree:gfx942-no-igemm", "verdict": "cannot-simulate", "reason": "cannot simulate: X in `v_x`"},
        {"config": "iree:gfx942-no-vecdist", "verdict": "rejected", "reason": "error"},
        {"config": "iree:gfx942-no-fusion", "verdict": "within-bound", "oob_local": ["k | ds_read | 64"]},
        {"config": "iree:gfx942-no-igemm-no-vecdist", "verdict": "internal-error", "reason": "KeyError: 1"}]}
    lines = []
    bench_releases.summarize("3.7", [rec], out=lines.append)
    assert lines[0].startswith("  iree 3.7: 1 cases, 5 gfx942 runs, 4 compiled; cannot simulate 1 (25.00%); "
                               "internal errors 1"), lines
    assert any("oob_local #3 seed 7 iree:gfx942-no-fusion: 1: k | ds_read" in ln for ln in lines), lines
    assert any("internal-error #3 seed 7 iree:gfx942-no-igemm-no-vecdist: KeyError" in ln for ln in lines), lines


def test_the_release_sweep_names_the_finding_a_triaged_report_belongs_to():
    """A wrong result or out-of-segment report triaged by hand (tests/bench_releases.py's TRIAGED) is printed with its
    finding, and only on the releases the triage covers; every finding named exists."""
    from tests import ROOT, bench_releases
    rec = {"index": 101, "seed": 1307286380, "space": "default", "results": [
        {"config": "iree:gfx942-O2", "verdict": "out-of-bound", "oob_local": ["k | scratch_store_short (a stack overflow)"]}]}
    lines = []
    bench_releases.summarize("3.8", [rec], out=lines.append)
    flat = bench_releases.SCALED_OR_NO_ROOM
    assert any(ln.startswith("    oob_local #101") and f"(triaged: {flat})" in ln for ln in lines), lines
    assert any(ln.startswith("    out-of-bound #101") and f"(known: {flat})" in ln for ln in lines), lines
    lines = []
    bench_releases.summarize("3.13", [rec], out=lines.append)
    assert not any("known" in ln or "triaged" in ln for ln in lines[2:]), lines
    for _, _, name in bench_releases.TRIAGED:
        assert (ROOT / "corpus" / "findings" / name / "FINDING.md").exists(), name


def test_the_release_sweep_advances_the_release_with_the_fewest_cases_first(tmp_path):
    """tests/bench_releases.py: a stopped sweep leaves the releases even: each child goes to the release with the
    fewest of the asked cases (ties in the given order), ``step`` cases at a time, until each has ``cases``; a release
    that cannot run is named and the others go on."""
    import argparse

    from tests import bench_releases
    ns = argparse.Namespace(cases=6, start=0, step=2, until=0.0)
    bench_releases.write(tmp_path / "iree-3.8.jsonl", [{"index": i, "results": []} for i in (0, 1, 2, 9)])
    order = []

    def run(version, out, ns, new, say):
        order.append(version)
        if version == "3.9":
            return "pip could not install iree-base-compiler==3.9"
        have = {r["index"]: r for r in bench_releases.load(out)}
        todo = [i for i in range(ns.start, ns.start + ns.cases) if i not in have][:new]
        bench_releases.write(out, [*have.values(), *({"index": i, "results": []} for i in todo)])
        return ""

    failed = bench_releases.advance(["3.7", "3.8", "3.9"], tmp_path, ns, say=lambda m: None, run=run)
    assert order == ["3.7", "3.9", "3.7", "3.8", "3.7", "3.8"], order
    assert failed == {"3.9": "pip could not install iree-base-compiler==3.9"}
    assert [r["index"] for r in bench_releases.load(tmp_path / "iree-3.8.jsonl")] == [0, 1, 2, 3, 4, 5, 9]
    assert bench_releases.lowest({"3.7": 6, "3.8": 6}, 6) == ""


def test_the_release_sweep_commits_whole_sorted_lines_without_machine_paths(tmp_path):
    """The committed sweep file: rewritten whole in case order through a temporary file (none left behind), one
    compact line per case, and no temporary folder or checkout path in a result's texts."""
    from tests import ROOT, bench_releases
    out = tmp_path / "iree-3.7.jsonl"
    bench_releases.write(out, [{"index": 5, "results": []}, {"index": 2, "results": []}])
    assert out.read_text() == '{"index":2,"results":[]}\n{"index":5,"results":[]}\n'
    assert [p.name for p in tmp_path.iterdir()] == ["iree-3.7.jsonl"]
    work = str(tmp_path / "kf-x")  # a temporary folder, as the sweep's compiles get one
    r = bench_releases.clean({"config": "c", "verdict": "rejected", "reason": f"{work}/a.mlir:3: error",
                              "oob_local": [f"{ROOT}/frontends/x.py | k"]}, work)
    assert r == {"config": "c", "verdict": "rejected", "reason": "<work>/a.mlir:3: error", "oob_local": ["frontends/x.py | k"]}
    assert bench_releases.OUT == ROOT / "tests" / "data" / "releases-sweep"


def test_the_release_sweep_names_a_compile_failure_by_its_first_error_line():
    """A compile failure is named by its first ``error:`` line, not by a remark before it; a second-stage failure's
    first line is only a heading, and the reason adds the error line to it."""
    from tests.bench_releases import _compile_reason
    heading = "iree-compile (from executable-targets) failed (status 1):"
    assert _compile_reason(f"{heading}\nx.mlir:3:1: note: see\nx.mlir:4:2: error: bad\ny") == f"{heading} x.mlir:4:2: error: bad"
    assert _compile_reason("x.mlir:49:8: error: failed to pack\nmore") == "x.mlir:49:8: error: failed to pack"
    assert _compile_reason("k.mlir:0:0: remark: benchmarks requested\nd.mlir:2:2: error: failed") == "d.mlir:2:2: error: failed"
    assert _compile_reason("iree-compile died (status -11):\nStack dump:") == "iree-compile died (status -11):"


def test_the_sim_sweep_resumes_and_counts_what_differs(tmp_path, monkeypatch):
    """tests/bench_sim_sweep.py: a case already recorded is not run again; the summary counts the cases that did not
    compile, those that differ (each printed) and those not compared; the file stays sorted and whole."""
    from tests import bench_sim_sweep as s
    ran = []

    def fake_case(stream, i):
        ran.append(i)
        return {"index": i, "compiled": i != 1, "same": i != 2,
                "differs": {2: "outputs differ", 3: "not compared: a run past 300 s"}.get(i, "")}
    monkeypatch.setattr(s, "run_case", fake_case)
    (tmp_path / "gfx942-lockstep.jsonl").write_text('{"index": 0, "compiled": true, "same": true, "differs": ""}\n')
    s.sweep("gfx942-lockstep", 4, tmp_path)
    assert ran == [1, 2, 3]
    text = s.summary("gfx942-lockstep", 4, tmp_path)
    assert "4 of 4 cases swept, 3 compiled" in text and "1 the same byte for byte, 1 different, 1 not compared" in text
    assert "DIFFERENT case 2: outputs differ" in text and "not compared case 3" in text
    lines = (tmp_path / "gfx942-lockstep.jsonl").read_text().splitlines()
    assert [json.loads(line)["index"] for line in lines] == [0, 1, 2, 3]
    ran.clear()
    s.sweep("gfx942-lockstep", 4, tmp_path, retry=True)
    assert ran == [3]  # only the case not compared runs again
    assert s.main(["--streams", "nope"]) == 2


def test_the_recorded_sim_sweeps_hold_no_difference():
    """The committed sweeps (tests/data/sim-sweep/, made by `make bench`'s sim section, which resumes them): every
    compiled case recorded ran the same on the vector machine as on the machine it replaced, or is named as not
    compared because one machine ran past the sweep's limit (the wave-by-wave gfx942 machine on the validation set's
    longest kernels), never for another reason."""
    from tests import bench_sim_sweep as s
    for stream in s.STREAMS:
        rows = s.read(stream)
        assert rows, f"{stream}: no case recorded: run python -m tests.bench_sim_sweep"
        differ = {i for i, r in rows.items() if not r["same"]}
        assert not differ, f"{stream}: cases differ: {sorted(differ)}"
        skipped = [r for r in rows.values() if r["compiled"] and r["same"] and r["differs"]]
        assert all(re.search(r"not compared: a run past \d+ s", r["differs"]) for r in skipped), skipped[:3]
        assert len(skipped) <= len(rows) // 20, f"{stream}: {len(skipped)} cases not compared"
