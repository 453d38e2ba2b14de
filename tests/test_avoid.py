"""Known-bucket avoidance learned from the corpus: a known bug's reduced case teaches the campaign its rare features,
cases that have them are drawn again (fewer of them run, none hidden), and the status line says so."""
import json

import pytest
from click.testing import CliRunner

import frontends
from fuzz.campaign import avoid
from fuzz.campaign import driver as campaign
from fuzz.campaign.state import State
from fuzz.cli import main
from fuzz.case import workload as W
from fuzz.case.workload import load
from fuzz.cli.campaign import avoiding
from fuzz.generate import features
from fuzz.generate.swarm import FULL
from fuzz.publish import workflow
from tests import fake_frontend as fake
from tests import handwritten as H
from tests import small

CONFIGS = (fake.EXACT, fake.REJECT_REVERSED)
SEED, CASES = 2, 40
SMALL = small(FULL)  # the full stream without real sizes: the point is avoidance, and small cases draw fast


def _reversed_copy():
    """A second repro of the fake reversed-map bug, of another kind and dtype: an f32 copy read backwards."""
    read = (W.Affine((-1, 0), 3), W.Affine((0, 1)))
    op = H.elementwise("rev", ("x",), (4, 5), H.IN0, "f32", maps=(read,))
    return W.Case((H.floats("x", (4, 5)),), (op,), ("rev",), "reversed-copy")


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    """A corpus keeping the fake compiler's reversed-map rejection as a real one keeps a bug: a campaign's case,
    reduced, beside its results, and a second repro in a subfolder; every reversed map is rejected, so that feature
    always triggers the known bucket, and it is the one rare feature both repros have."""
    out = tmp_path_factory.mktemp("first")
    campaign.run(campaign.Settings(12, 2, out, CONFIGS, swarm=SMALL))
    finding = next((out / "findings").iterdir())
    root = tmp_path_factory.mktemp("corpus") / "findings" / "fake-reversed-map-rejected"
    sel = frontends.Selection(CONFIGS, frozenset(), ())
    workflow.reduce_and_bundle(load(finding / "case.json"), sel, root, budget_s=20)
    workflow.reduce_and_bundle(_reversed_copy(), sel, root / "elementwise", budget_s=5)
    return root.parent.parent


def _reversed(rows) -> int:
    return sum("map:reversed" in r["features"] for r in rows)


def _known(out) -> int:
    return json.loads((out / "summary.json").read_text())["masking"]["cases_in_known_buckets"]


def test_the_trigger_is_what_every_repro_of_the_finding_has(corpus):
    learned = avoid.learn(corpus, CONFIGS, lambda s: campaign.Settings(1, 0, corpus, CONFIGS, swarm=SMALL).drawn(s))
    assert [sorted(t.features) for t in learned.triggers] == [["map:reversed"]]
    assert learned.triggers[0].finding == "fake-reversed-map-rejected"
    other = avoid.learn(corpus, (fake.EXACT,), lambda s: pytest.fail("no trigger to learn: nothing is drawn"))
    assert other.triggers == () and "no known bug" in other.describe()


def test_avoidance_draws_the_feature_that_always_triggers_a_known_bug_a_third_as_often_or_less(corpus):
    settings = campaign.Settings(200, SEED, corpus, CONFIGS, swarm=SMALL)
    learned = avoid.learn(corpus, CONFIGS, settings.drawn)
    first = [settings.case(i) for i in range(settings.cases)]
    drawn = [learned.draw(i, avoid.seeds(campaign.case_seed(SEED, i), SEED, i), settings.drawn)
             for i in range(settings.cases)]
    before, after = (sum("map:reversed" in features.of(c) for c in cases) for cases in (first, drawn))
    assert before >= 12 and after * 3 <= before
    assert learned.kept_known == after  # each one kept anyway (one in ten) or predicted known on every draw
    assert sum(learned.redrawn.values()) >= before - after


def test_a_campaign_avoiding_known_bugs_draws_the_feature_behind_one_less_and_hides_nothing(tmp_path, corpus):
    plain, avoiding_out = tmp_path / "plain", tmp_path / "avoid"
    campaign.run(campaign.Settings(CASES, SEED, plain, CONFIGS, swarm=SMALL, corpus=str(corpus)))
    heard = []
    campaign.run(campaign.Settings(CASES, SEED, avoiding_out, CONFIGS, swarm=SMALL, corpus=str(corpus),
                                   avoid_corpus=True), on_steer=heard.append)
    before, after = State(plain).rows(), State(avoiding_out).rows()
    assert _reversed(after) < _reversed(before) and len(after) == CASES
    assert _known(avoiding_out) == _reversed(after)  # every case still run lands where it lands, counted known
    assert heard[0].startswith("learned from the corpus: 1 triggers (0 declared by triage) of 1 known bugs")
    redrawn = [m for m in heard if m.startswith("redrew case")]
    assert redrawn and all("fake-reversed-map-rejected" in m for m in redrawn)
    seeds = {r["index"]: r["seed"] for r in after}
    moved = [i for i in seeds if seeds[i] != campaign.case_seed(SEED, i)]
    assert sorted(moved) == sorted(int(m.split()[2]) for m in redrawn)  # the row records the seed drawn from
    assert all(r["name"].endswith(str(r["seed"])) for r in after)
    summary = json.loads((avoiding_out / "summary.json").read_text())["avoidance"]
    assert summary["redrawn"] >= len(redrawn) and campaign.resume_settings(avoiding_out).avoid_corpus


def test_the_same_corpus_and_seed_draw_the_same_cases(tmp_path, corpus):
    names = []
    for k in range(2):
        campaign.run(campaign.Settings(8, SEED, tmp_path / str(k), CONFIGS, swarm=SMALL, corpus=str(corpus),
                                       avoid_corpus=True))
        names.append([r["name"] for r in State(tmp_path / str(k)).rows()])
    assert names[0] == names[1]


def test_the_status_line_says_the_campaign_avoids_known_bugs(tmp_path, corpus):
    campaign.run(campaign.Settings(CASES, SEED, tmp_path, CONFIGS, swarm=SMALL, corpus=str(corpus), avoid_corpus=True,
                                   avoid_known=True))
    r = CliRunner().invoke(main, ["status", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert (f"generator: {SMALL.describe()}, avoiding known bugs (swarm weights learned from the corpus: a case it "
            "predicts known is drawn again; features tied to one switched off as the campaign learns)") in r.output
    assert "learned from the corpus: 1 triggers" in r.output and "cases drawn again as predicted known" in r.output
    assert avoiding({"avoid_corpus": False, "avoid_known": False}) == ", not avoiding known bugs"


def test_avoiding_known_bugs_is_the_default_and_an_option_turns_it_off():
    fuzz = next(c for c in main.commands.values() if c.name == "fuzz")
    option = next(p for p in fuzz.params if p.name == "avoid_known")
    assert option.default is True and "--no-avoid-known" in option.secondary_opts


def _copy(corpus, tmp_path):
    import shutil
    shutil.copytree(corpus, tmp_path / "corpus")
    return tmp_path / "corpus"


def _declare(corpus, *alternatives, finding="fake-reversed-map-rejected"):
    (corpus / "triggers.json").write_text(json.dumps({"format": "kernelfuzz.triggers/1", "triggers": [
        {"finding": finding, "any": [list(a) for a in alternatives], "why": "what triage found"}]}))


def _drawn(corpus):
    return campaign.Settings(1, 0, corpus, CONFIGS, swarm=SMALL).drawn


def test_a_declared_trigger_replaces_the_learned_one_and_each_alternative_predicts(tmp_path, corpus):
    corpus = _copy(corpus, tmp_path)
    _declare(corpus, ["map:reversed", "dtype:f32"], ["map:reversed", "generic:elementwise"])
    learned = avoid.learn(corpus, CONFIGS, _drawn(corpus))
    assert sorted(sorted(t.features) for t in learned.triggers) == [["dtype:f32", "map:reversed"],
                                                                   ["generic:elementwise", "map:reversed"]]
    assert all(t.declared for t in learned.triggers) and "(2 declared by triage)" in learned.describe()
    assert learned.predicted(_reversed_copy()) == ["fake-reversed-map-rejected"]


def test_a_declared_alternative_no_saved_repro_shows_is_refused_naming_the_fix(tmp_path, corpus):
    corpus = _copy(corpus, tmp_path)
    _declare(corpus, ["map:reversed", "dtype:bf16"])
    with pytest.raises(W.WorkloadError, match="no saved case of the finding has all of .*save the case that shows it"):
        avoid.learn(corpus, CONFIGS, _drawn(corpus))


def test_repros_that_share_too_little_give_one_trigger_each(monkeypatch, corpus):
    base = avoid.base_draws(_drawn(corpus))
    repros = [frozenset(avoid.coarse(features.of(load(p)))) for p in sorted(corpus.rglob("case.json"))]
    fires = lambda have: sum(have <= b for b in base)  # noqa: E731
    assert len(repros) == 2 and all(fires(r) < fires({"map:reversed"}) for r in repros)
    # map:reversed, all both repros share, now fires on too many draws; each repro's own features on few enough
    monkeypatch.setattr(avoid, "WIDEST", max(map(fires, repros)) / len(base))
    learned = avoid.learn(corpus, CONFIGS, _drawn(corpus))
    assert sorted(map(sorted, (t.features for t in learned.triggers))) == sorted(map(sorted, repros))
    assert not any(t.declared for t in learned.triggers)


def test_the_keep_is_decided_once_per_case_by_its_first_seed(monkeypatch):
    """A kept case runs its first draw though predicted known; one not kept is drawn again past every predicted
    draw (decided per draw, the keeps of a long chain of predicted draws added up to one case in five)."""
    asked = []
    monkeypatch.setattr(avoid, "kept", lambda seed: asked.append(seed) or seed == 10)
    monkeypatch.setattr(avoid.Avoidance, "predicted", lambda self, case: ["some-bug"] if case < 100 else [])
    learned = avoid.Avoidance(())
    assert learned.draw(0, [10, 11, 12], lambda seed: seed) == 10
    assert learned.draw(1, [20, 21, 150], lambda seed: seed) == 150
    assert learned.draw(2, [30, 31], lambda seed: seed) == 31  # every draw predicted: the last one runs
    assert asked == [10, 20, 30] and learned.kept_known == 2
