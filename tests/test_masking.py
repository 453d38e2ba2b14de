"""Masking statistics: cases compiled and stopped by known bugs, finding rates present vs absent, ties
between features and known buckets, and steering around them as the campaign learns (--avoid-known)."""
import json
import shutil

import pytest
from click.testing import CliRunner

from fuzz.campaign import driver as campaign
from fuzz.campaign.state import State
from fuzz.case.workload import load
from fuzz.cli import main
from fuzz.generate import features
from fuzz.generate.swarm import FULL
from tests import fake_frontend as fake
from tests import small

CONFIGS = (fake.EXACT, fake.REJECT_REVERSED)
SMALL = small(FULL)  # the full stream without real sizes: the point is masking, and small cases draw fast


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    """A corpus that knows the fake compiler's reversed-map bug, from a finding of a first campaign."""
    out = tmp_path_factory.mktemp("first")
    campaign.run(campaign.Settings(12, 2, out, CONFIGS, swarm=SMALL))
    finding = next((out / "findings").iterdir())
    root = tmp_path_factory.mktemp("corpus")
    shutil.copytree(finding, root / "findings" / "fake-reversed-map-rejected")
    return root


def _reversed(row) -> bool:
    return "map:reversed" in row["features"]


def test_masking_counts_compiles_known_stops_and_unmasked_cases(tmp_path, corpus):
    stats = campaign.run(campaign.Settings(30, 2, tmp_path, CONFIGS, swarm=SMALL, corpus=str(corpus)))
    rows = State(tmp_path).rows()
    hit = sum(map(_reversed, rows))
    assert 3 <= hit < 30
    summary = json.loads((tmp_path / "summary.json").read_text())["masking"]
    by_config = {r["config"]: r for r in summary["configs"]}
    assert by_config["fake:reject-reversed"] == {"config": "fake:reject-reversed", "cases": 30, "compiled": 30 - hit,
                                                 "stopped_by_known": hit, "stopped_otherwise": 0}
    assert by_config["fake:exact"]["compiled"] == 30 and by_config["fake:exact"]["stopped_by_known"] == 0
    assert summary["unmasked"] == 30 - hit and summary["cases_in_known_buckets"] == hit
    unknown = stats.mask.summary({})
    assert unknown["cases_in_known_buckets"] == 0 and unknown["configs"][1]["stopped_otherwise"] == hit


def test_feature_rates_present_vs_absent_name_the_feature_tied_to_the_known_bucket(tmp_path, corpus):
    campaign.run(campaign.Settings(30, 2, tmp_path, CONFIGS, swarm=SMALL, corpus=str(corpus)))
    rows = {r["feature"]: r for r in json.loads((tmp_path / "summary.json").read_text())["features"]}
    rev = rows["map:reversed"]
    assert rev["rate_present"] == 1.0 and rev["rate_absent"] == 0.0
    assert rev["cases"] + rev["absent_cases"] == 30
    assert rev["tied_to_known"] == ["fake-reversed-map-rejected"]
    assert rows["map:offset"]["tied_to_known"] == [] and rows["kind:conv"]["rate_present"] == 0.0
    status = CliRunner().invoke(main, ["status", str(tmp_path), "--corpus", str(corpus)])
    assert status.exit_code == 0, status.output
    assert "stopped by a known bug" in status.output and "fake-reversed-map-rejected" in status.output


def test_avoid_known_switches_off_the_feature_behind_a_known_bucket_for_the_rest_of_the_campaign(tmp_path, corpus):
    heard, drawn = [], []
    campaign.run(campaign.Settings(40, 2, tmp_path, CONFIGS, swarm=SMALL, corpus=str(corpus), avoid_known=True),
                 lambda i, r: drawn.append(r.case.swarm), on_steer=heard.append)
    assert [m.split(" (")[0] for m in heard] == ["avoiding map:reversed"]
    assert heard[0].startswith("avoiding map:reversed (known bucket fake-reversed-map-rejected: all 3 of its cases")
    assert [d for _, k, d in State(tmp_path).events() if k == "avoid"] == heard
    rows = State(tmp_path).rows()
    avoided = max(i for i, r in enumerate(rows) if _reversed(r)) + 1  # one lane: the next case is drawn after
    assert sum(map(_reversed, rows)) == 3 and avoided < 30           # this one is recorded and learned from
    assert all(s == ("size:real",) for s in drawn[:avoided])  # the pin alone, then the feature avoided too
    assert all(s == ("map:reversed", "size:real") for s in drawn[avoided:])
    saved = [load(f / "case.json") for f in (tmp_path / "findings").iterdir()]
    assert all(set(c.swarm).isdisjoint(features.of(c)) for c in saved)
    assert campaign.resume_settings(tmp_path).avoid_known


def test_a_cluster_campaign_avoids_what_the_corpus_predicts_but_learns_nothing_as_it_goes():
    """--cluster draws every case up front: the corpus's predictions still apply, the statistics' pins cannot."""
    from fuzz.cli.campaign import _new_settings, fuzz_cmd
    for args, learned_as_it_goes, from_corpus in ((["--cluster", "tcp://nowhere:1"], False, True), ([], True, True),
                                                  (["--no-avoid-known"], False, False)):
        ctx = fuzz_cmd.make_context("fuzz", [*args, "--configs", "tvm:cpu"])
        settings, _ = _new_settings(ctx.params)
        assert (settings.avoid_known, settings.avoid_corpus) == (learned_as_it_goes, from_corpus)


def test_a_feature_half_of_all_cases_have_is_not_tied_to_a_three_case_bucket_by_coincidence():
    """0.46^3 = 10%: three cases sharing a feature that common say nothing (s18a steered away from realistic
    inputs that way); 0.2^3 = 0.8% is a tie."""
    from collections import Counter
    from types import SimpleNamespace

    from fuzz.campaign import masking
    bucket = SimpleNamespace(key="b", count=3)
    stats = SimpleNamespace(cases=100, feature_cases=Counter({"inputs:realistic": 46, "map:reversed": 20}),
                            bucket_features={"b": Counter({"inputs:realistic": 3, "map:reversed": 3})})
    assert masking._all_present(stats, bucket) == ["map:reversed"]


def test_avoid_known_never_switches_off_a_dtype():
    """Dtypes cut across every choice (swarm never draws them): steering once pinned dtype:f16 off, half the space,
    for a known bucket whose 5 cases were all f16. It takes the bucket's drawn feature instead, or nothing."""
    from collections import Counter
    from types import SimpleNamespace

    from fuzz.campaign.masking import Steering
    from fuzz.generate.swarm import Swarm
    entry = ("fake:reject", "rejected", "compile", "error")
    bucket = SimpleNamespace(key="b", entries=(entry,), count=5)
    for features_of_bucket, avoided in (({"dtype:f16": 5}, ()), ({"dtype:f16": 5, "map:offset": 5}, ("map:offset",))):
        stats = SimpleNamespace(buckets={"b": bucket}, cases=100, bucket_features={"b": Counter(features_of_bucket)},
                                feature_cases=Counter({"dtype:f16": 51, "map:offset": 20}))
        steer = Steering(Swarm(), {entry: ["fake-bug"]})
        steer.update(stats)
        assert steer.swarm.without == avoided


def test_a_simulated_wrong_result_on_a_sibling_counts_in_the_known_bucket_the_device_record_keeps():
    """The corpus keeps the mma.sync flush as sm80's device-form record of an f16 conv; a campaign meeting it
    simulated on sm89 has a case in a known bucket, as `status` marks the bucket known (signature.kept_as), and the
    bucket names the finding.  The same flush on gfx942, or on sm89 in a case built around a matmul (the row's op
    kinds: its principal op), is not that bug."""
    from fuzz.campaign.masking import Masking, known_names
    from fuzz.campaign.stats import Bucket
    from fuzz.judge import signature as sig
    known = {("iree:cuda", "out-of-bound", "compare", "got zero in conv2d:f16->f32"): ["mma-sync-flush"]}
    failure = ["iree:cuda-sm89-O2", "out-of-bound", "compare", "got zero" + sig.SIMULATED]
    conv = ["generic:f32->f16", "conv2d:f16->f32"]
    mask = Masking()
    mask.add({"results": [{"config": failure[0], "stage": "compare"}], "failures": [failure], "ops": conv})
    mask.add({"results": [{"config": failure[0], "stage": "compare"}], "failures": [failure], "ops": ["matmul:f16->f32"]})
    mask.add({"results": [{"config": "iree:gfx942-O2", "stage": "compare"}], "ops": conv,
              "failures": [["iree:gfx942-O2", "out-of-bound", "compare", "got zero" + sig.SIMULATED]]})
    assert mask.summary(known)["cases_in_known_buckets"] == 1
    entries = sig.Signature((tuple(failure),), False, tuple(conv)).bucket
    assert known_names(Bucket("k", "", 0, "seed1", entries=entries), known) == ["mma-sync-flush"]
