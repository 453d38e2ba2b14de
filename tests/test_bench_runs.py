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
