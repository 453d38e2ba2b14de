"""Campaign statistics per feature: what the cases exercised, and which features had findings."""
from fuzz.campaign import driver as campaign
from fuzz.case.workload import load
from fuzz.generate import features
from tests import fake_frontend as fake
from tests import ROOT
from tests import small


def test_features_name_the_seed_reports_shapes():
    sdxl = features.of(load(f"{ROOT}/corpus/seeds/iree-sdxl-int8-conv-requant.json"))
    assert {"conv:NHWC", "conv:dense", "conv:acc-i32", "dtype:i8->i32", "dtype:i32->i8", "body:round",
            "body:clamp", "generic:elementwise", "map:broadcast", "ops:2"} <= set(sdxl)
    hexagon = features.of(load(f"{ROOT}/corpus/seeds/tvm-hexagon-conv2d-fp16.json"))
    assert {"conv:strided", "conv:acc-f16", "dtype:f16->f16", "ops:1"} <= set(hexagon)
    assert "conv:dilated" not in hexagon


def test_campaign_tallies_findings_per_feature(tmp_path):
    stats = campaign.run(campaign.Settings(4, 2, tmp_path / "a", (fake.EXACT, fake.REJECT), swarm=small()))
    table = stats.feature_table()
    assert table and all(r["with_findings"] == r["cases"] and r["verdicts"] == {"rejected": r["cases"]}
                         for r in table)
    assert sum(r["cases"] for r in table if r["feature"].startswith("kind:")) == 4
    clean = campaign.run(campaign.Settings(4, 2, tmp_path / "b", (fake.EXACT,), swarm=small())).feature_table()
    assert {r["feature"] for r in clean} == {r["feature"] for r in table}
    assert all(r["with_findings"] == 0 for r in clean)
