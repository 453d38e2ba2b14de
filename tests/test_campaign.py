"""Campaigns: seeded, every case accounted for, findings saved as loadable case files."""
import json

from fuzz import campaign
from fuzz.generator import generate
from fuzz.values import with_digests
from fuzz.workload import load
from tests import fake_frontend as fake


def test_campaign_saves_each_finding_fully_materialized(tmp_path):
    settings = campaign.Settings(5, 3, tmp_path, (fake.EXACT, fake.OFF_BY_ONE), jobs=2)
    stats = campaign.run(settings)
    assert stats.cases == 5 and stats.findings == 5
    assert dict(stats.verdicts["fake:exact"]) == {"exact": 5}
    assert dict(stats.verdicts["fake:off-by-one"]) == {"out-of-bound": 5}
    folders = sorted((tmp_path / "findings").iterdir())
    assert len(folders) == 5
    expected = {generate(campaign.case_seed(3, i)).name for i in range(5)}
    assert {f.name for f in folders} == expected
    for folder in folders:
        case = load(folder / "case.json")
        assert case == with_digests(generate(int(folder.name.removeprefix("seed"))))
        results = json.loads((folder / "results.json").read_text())
        assert [r["verdict"] for r in results] == ["exact", "out-of-bound"]
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["cases"] == 5 and summary["cases_with_findings"] == 5


def test_campaign_without_findings_saves_none(tmp_path):
    stats = campaign.run(campaign.Settings(3, 1, tmp_path, (fake.EXACT,)))
    assert stats.findings == 0 and not (tmp_path / "findings").exists()
