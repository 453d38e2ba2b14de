"""`make bench`'s campaign helpers start a real campaign (on the fake compiler here): the batch and campaign
sections built ``campaign.Settings`` positionally and broke silently when its tail became keyword-only."""
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
