"""The feature table (fuzz/generate/table.py) and its one rule for seeded features (fuzz/generate/seeded.py): a row is
all it takes for a feature to reach the command line, the generator, the property tests' strategy and the
campaign's statistics, and every seeded feature follows the same rule under every pin."""
import fnmatch
from random import Random
from dataclasses import replace

import pytest
from click.testing import CliRunner
from hypothesis import find, settings

from fuzz.campaign import driver as campaign
from fuzz.campaign import masking
from fuzz.case import workload as W
from fuzz.cli import main
from fuzz.generate import features, seeded, table
from fuzz.generate.generator import cases, generate
from fuzz.generate.swarm import Swarm, parse
from tests import fake_frontend as fake
from tests import small


def _probe(case: W.Case, exact: bool, ch) -> W.Case:
    return replace(case, note=f"{case.note} probe={ch.int(0, 9)}")  # drawn from the row's own stream


DUMMY = table.Feature("probe:dummy", "a dummy rewrite: the note says so", within="probe", drawn=False, odds=(1, 2),
                      rewrite=_probe, shows=lambda case: " probe=" in case.note)


def _plain(case: W.Case) -> W.Case:
    return replace(case, note=case.note.split(" probe=")[0])


def test_a_dummy_row_reaches_the_command_line_and_the_swarm():
    with table.extended(DUMMY):
        r = CliRunner().invoke(main, ["features"])
        assert r.exit_code == 0 and "probe:dummy" in r.output and "1/2 of seeds" in r.output
        assert parse(True, "", "dummy").only == ("probe:dummy",) and "probe:dummy" in table.seeded()
        assert Swarm().feasible("probe:dummy") and not parse(True, "dummy").feasible("probe:dummy")
    assert "probe:dummy" not in table.BY_NAME and not Swarm().feasible("probe:dummy")


def test_a_dummy_row_is_generated_from_its_own_stream_and_obeys_the_pins(tmp_path):
    before = [generate(s, swarm=small()) for s in range(24)]
    with table.extended(DUMMY):
        drawn = [generate(s, swarm=small()) for s in range(24)]
        only = [generate(s, swarm=small(parse(True, "", "dummy"))) for s in range(6)]
        without = [generate(s, swarm=small(parse(True, "dummy", ""))) for s in range(24)]
        r = CliRunner().invoke(main, ["generate", "--seed", "3", "--only", "dummy", "--without", "size:real",
                                     "-o", str(tmp_path / "c.json")])
        assert r.exit_code == 0, r.output
        assert 4 <= sum("probe:dummy" in features.of(c) for c in drawn) <= 20  # one seed in two
        assert all("probe:dummy" in features.of(c) for c in only)
    assert [_plain(c) for c in drawn] == before  # every other draw of every seed as it was
    assert [replace(c, swarm=tuple(n for n in c.swarm if n != "probe:dummy")) for c in without] == before  # off
    assert " probe=" in W.load(tmp_path / "c.json").note


def test_a_dummy_row_is_drawn_by_the_property_tests_strategy():
    with table.extended(DUMMY):
        find(cases(), lambda c: "probe:dummy" in features.of(c), settings=settings(database=None, max_examples=200))


def test_a_dummy_row_is_counted_by_the_campaign_and_its_masking_statistics(tmp_path):
    with table.extended(DUMMY):
        stats = campaign.run(campaign.Settings(6, 2, tmp_path / "a", (fake.EXACT, fake.REJECT), swarm=small()))
        rows = {r["feature"]: r for r in masking.feature_rows(stats, {})}
        assert table.BY_NAME["probe:dummy"].switchable  # what --avoid-known may switch off
    assert rows["probe:dummy"]["cases"] == stats.feature_cases["probe:dummy"] >= 1


def test_an_unrelated_pin_leaves_every_seeded_decision_as_it_was():
    """The issue-49 symptom: --only inputs:exact or map:reversed gave no int4 case in 120 seeds (17 without)."""
    def decided(swarm):
        return [seeded.decide(swarm, seeded.streams(s).__getitem__) for s in range(120)]
    plain = decided(Swarm())
    for pin in ("inputs:exact", "map:reversed", "kind:conv", "dtype:f16", "body:exp"):
        pinned = decided(parse(True, "", pin))
        s = parse(True, "", pin)
        excluded = {n for n in table.seeded() if seeded.excluded(n, s) or seeded.blocked(n, s)}
        assert [d - excluded for d in plain] == pinned, pin
    assert 8 <= sum("dtype:i4" in d for d in plain) <= 25
    exact = [features.of(generate(s, swarm=small(parse(True, "", "inputs:exact")))) for s in range(120)]
    int4 = [s for s, f in enumerate(exact) if "dtype:i4" in f and "size:real" not in f]  # not a real layer's int4
    assert int4 and all("dtype:i4" in plain[s] for s in int4)


@pytest.mark.parametrize("name", table.seeded())
def test_a_seeded_feature_is_every_case_when_pinned_and_none_when_off(name):
    for s in range(30):
        flows = seeded.streams(s)
        assert name in seeded.decide(parse(True, "", name), flows.__getitem__)
        assert name not in seeded.decide(parse(True, name, ""), seeded.streams(s).__getitem__)
        for other in table.seeded():
            if table.apart(name, other):  # a pin of what no case combines with it keeps it out
                assert name not in seeded.decide(parse(True, "", other), seeded.streams(s).__getitem__)


def test_the_strategy_draws_the_newer_float_types():
    """cases() asks the same rule as generate(): before it, the strategy never drew bf16 or a float8 type."""
    def typed(prefix):
        return lambda c: any(t.startswith(prefix) for _, t in c.tensor_types().values())
    # a fixed draw: the first float8 case is a few hundred examples in, and one fresh-clone run's random draw
    # found none in 500 (the property holds; the draw was unlucky)
    for prefix, seed in (("bf16", 1), ("f8", 2)):
        find(cases(), typed(prefix), settings=settings(database=None, max_examples=2000), random=Random(seed))


def test_every_exclusion_names_features_of_the_table_and_reads_both_ways():
    for f in table.FEATURES:
        for glob in f.excludes:
            assert fnmatch.filter(table.BY_NAME, glob), (f.name, glob)
        assert not f.excludes or f.apart, f.name
    for rows in table.DECISIONS.values():
        assert len({r.odds for r in rows}) == 1  # one decision, one odds
    for a in table.BY_NAME:
        for b in table.seeded():
            x, y = table.apart(a, b), table.apart(b, a)
            assert bool(x) == bool(y), (a, b)
