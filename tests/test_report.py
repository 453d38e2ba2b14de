"""The campaign report: one self-contained page on a finished, a running and an old campaign, rewritten
while the campaign runs."""
import json
import re
import sqlite3
import time
from html.parser import HTMLParser
from pathlib import Path

from click.testing import CliRunner

from fuzz.campaign import driver as campaign
from fuzz.campaign.state import snapshot
from fuzz.case.workload import load
from fuzz.cli import main
from fuzz.execute.isolate import Lane
from fuzz.execute.runner import run_case
from fuzz.publish import bundle, report
from tests import fake_frontend as fake
from tests.test_campaign import _recorded, _run_driver
from tests import ROOT
from tests import small


class Page(HTMLParser):
    """The facts a test reads off the page: bucket rows, hrefs, image sources, script sources, the refresh."""

    def __init__(self, text: str):
        super().__init__()
        self.buckets, self.hrefs, self.images, self.scripts, self.refresh = [], [], [], [], None
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "tr" and "data-bucket" in a:
            self.buckets.append(a["data-bucket"])
        if tag == "a":
            self.hrefs.append(a["href"])
        if tag in ("img", "script", "link", "iframe"):
            (self.images if tag == "img" else self.scripts).append(a.get("src") or a.get("href"))
        if tag == "meta" and a.get("http-equiv") == "refresh":
            self.refresh = int(a["content"])


def _page(out: Path, **kw) -> tuple[str, Page]:
    text = report.write(out, **kw).read_text()
    return text, Page(text)


def test_report_of_a_finished_campaign_lists_its_buckets_and_links_its_cases(tmp_path):
    stats = campaign.run(campaign.Settings(6, 3, tmp_path, (fake.EXACT, fake.OFF_BY_ONE, fake.REJECT), jobs=2,
                                           swarm=small()))
    text, page = _page(tmp_path, corpus=None)
    assert page.buckets == sorted(stats.buckets, key=lambda k: (-stats.buckets[k].count, stats.buckets[k].first, k))
    assert page.refresh is None and "pill state-finished" in text
    assert page.scripts == [None]  # one inline script; nothing is fetched
    assert all(src.startswith("data:image/png;base64,") for src in page.images)
    assert "<svg" in text and "Throughput" in text
    for href in page.hrefs:
        if href.startswith("../findings/"):
            assert (tmp_path / "report" / href).resolve().is_dir(), href
    cases = [h for h in page.hrefs if h.startswith("../findings/")]
    assert {Path(h).name for h in cases} == {p.name for p in (tmp_path / "findings").iterdir()}
    cells = re.findall(r'<td class="cell v-([a-z-]+)" style="--s: [0-9.]+"><a href="#cell-\d+">(\d+)</a>', text)
    assert sorted(cells) == [("exact", "6"), ("out-of-bound", "6"), ("rejected", "6")]
    assert "test-only" in text  # the fake compiler has no version to show


def test_report_of_a_running_campaign_shows_the_cases_so_far_and_reloads(tmp_path):
    proc = _run_driver(tmp_path)
    try:
        deadline = time.time() + 120
        while _recorded(tmp_path) < 3 and time.time() < deadline:
            time.sleep(0.05)
        text, page = _page(tmp_path, corpus=None)
    finally:
        assert proc.wait(timeout=300) == 0  # a reader never disturbs the campaign's writer
    shown = int(re.search(r'<div class="label">Cases</div><div class="value">(\d+)</div>', text).group(1))
    assert 3 <= shown < 12 and page.refresh == report.REFRESH_S and ">running<" in text  # a driver holds the lock
    text, page = _page(tmp_path, corpus=None)
    assert page.refresh is None and '<div class="value">12</div>' in text and "pill state-finished" in text


def test_a_campaign_stopped_by_its_budget_and_resumed_counts_only_the_time_it_ran(tmp_path):
    import dataclasses
    settings = campaign.Settings(3, 1, tmp_path, (fake.EXACT,), budget_s=0.0, swarm=small())
    campaign.run(settings)  # out of budget at once: no case recorded
    text, page = _page(tmp_path, corpus=None)
    assert page.refresh is None and ">stopped at its time budget<" in text
    time.sleep(2)
    campaign.run(dataclasses.replace(settings, budget_s=None), resume=True)
    text, page = _page(tmp_path, corpus=None)
    assert "pill state-finished" in text and "resumed 1×" in text
    ctx = report.context(tmp_path.resolve(), *snapshot(tmp_path), corpus=None)
    assert ctx["header"]["hours"] * 3600 < ctx["last"] - ctx["started"] - 1.5  # the pause is not run time


def _to_old_format(out: Path) -> dict:
    """Rewrite the state's rows as kernelfuzz wrote them before rows kept failures and features."""
    db = sqlite3.connect(out / "campaign.sqlite", isolation_level=None)
    keys = {}
    for idx, text in db.execute("SELECT idx, row FROM cases").fetchall():
        row = json.loads(text)
        failures = row.pop("failures")
        row.pop("features")
        row["signature"] = {"key": f"old{idx % 2}", "describe": f"old signature {idx % 2}"} if failures else None
        if failures:
            keys[row["signature"]["key"]] = row["signature"]["describe"]
        db.execute("UPDATE cases SET row = ? WHERE idx = ?", (json.dumps(row), idx))
    db.execute("DELETE FROM settings WHERE key IN ('space', 'cluster')")
    db.close()
    return keys


def test_report_of_an_old_campaign_keeps_its_saved_buckets(tmp_path):
    campaign.run(campaign.Settings(4, 2, tmp_path, (fake.EXACT, fake.OFF_BY_ONE), swarm=small()))
    keys = _to_old_format(tmp_path)
    text, page = _page(tmp_path, corpus=Path(f"{ROOT}/corpus"))
    assert sorted(page.buckets) == sorted(keys) == ["old0", "old1"]
    assert "old signature 1" in text and "not compared" in text
    assert "saved by an earlier kernelfuzz" in text


def test_known_bucket_names_its_corpus_finding_and_shows_its_write_up(tmp_path):
    out, corpus = tmp_path / "c", tmp_path / "corpus"
    folder = corpus / "findings" / "fake-rejects-everything"
    folder.mkdir(parents=True)
    (folder / "results.json").write_text(json.dumps([{"config": "fake:reject", "verdict": "rejected", "stage": "compile",
                                                      "message": "error: fake compiler rejects this case"}]))
    (folder / "FINDING.md").write_text("# Fake rejects\n\nIt is **always** wrong. <script>alert(1)</script>\n")
    campaign.run(campaign.Settings(2, 1, out, (fake.EXACT, fake.REJECT), swarm=small()))
    text, page = _page(out, corpus=corpus)
    assert len(page.buckets) == 1 and 'class="badge st-known">known<' in text
    assert (folder / "FINDING.md").resolve().as_uri() in page.hrefs
    assert "<strong>always</strong>" in text and "<script>alert" not in text


def test_a_reduced_bundle_brings_its_error_maps_and_repro_lines(tmp_path):
    stats = campaign.run(campaign.Settings(1, 4, tmp_path, (fake.EXACT, fake.OFF_BY_ONE), swarm=small()))  # one case: one bucket
    (b,) = stats.buckets.values()
    lane = Lane((fake.M,))
    try:
        found = run_case(lane, load(tmp_path / "findings" / b.smallest / "case.json"), [fake.EXACT, fake.OFF_BY_ONE])
    finally:
        lane.close()
    bundle.write(tmp_path / "reduced" / b.key, found)
    text, page = _page(tmp_path, corpus=None)
    assert len(page.images) == 2 and all(src.startswith("data:image/png;base64,") for src in page.images)
    assert f"../reduced/{b.key}/README.md" in page.hrefs
    assert "kernelfuzz reduce" not in text  # reduced already: the bundle's own lines instead


def test_live_report_is_rewritten_at_most_every_interval(tmp_path):
    clock = [0.0]
    live = report.Live(tmp_path, corpus=None, every_s=60, clock=lambda: clock[0])

    def on_report(i, r):
        clock[0] += 25
        live(i, r)

    campaign.run(campaign.Settings(7, 1, tmp_path, (fake.EXACT,), swarm=small()), on_report)
    assert live.writes == 3  # at 25 s (the first case), 100 s and 175 s
    assert "running" in report.path_of(tmp_path).read_text()


def test_live_report_failure_is_logged_and_the_campaign_goes_on(tmp_path):
    from fuzz.campaign.state import State
    logged = []
    State(tmp_path).close()  # a campaign's folder (a folder holding anything else is refused as --out)
    (tmp_path / "report").write_text("a file where the report folder goes")
    live = report.Live(tmp_path, corpus=None, log=logged.append)
    stats = campaign.run(campaign.Settings(2, 1, tmp_path, (fake.EXACT,), swarm=small()), live)
    assert stats.cases == 2 and live.writes == 0 and "the campaign goes on" in logged[0]


def test_report_command_writes_the_page_or_says_what_is_missing(tmp_path):
    campaign.run(campaign.Settings(2, 1, tmp_path / "c", (fake.EXACT,), swarm=small()))
    r = CliRunner().invoke(main, ["report", str(tmp_path / "c")])
    assert r.exit_code == 0 and r.output == f"report: {(tmp_path / 'c' / 'report' / 'index.html').resolve()}\n"
    (tmp_path / "empty").mkdir()
    r = CliRunner().invoke(main, ["report", str(tmp_path / "empty")])
    assert r.exit_code == 2 and "holds no campaign" in r.output and "kernelfuzz fuzz --out" in r.output


def test_a_new_crash_without_a_stack_says_it_cannot_be_compared(tmp_path):
    """A crash that left only its death notice matches no kept finding by construction: `new` said more than it knew."""
    out, corpus = tmp_path / "c", tmp_path / "corpus"
    (corpus / "findings").mkdir(parents=True)
    campaign.run(campaign.Settings(2, 1, out, (fake.EXACT, fake.SEGFAULT), swarm=small()))
    text, page = _page(out, corpus=corpus)
    assert len(page.buckets) == 1 and 'class="badge st-new-unsure" title="crash without a stack: cannot compare">new?' \
        in text, text[text.find('data-bucket'):][:600]
    r = CliRunner().invoke(main, ["status", str(out), "--corpus", str(corpus)])
    assert r.exit_code == 0 and "new? (crash without a stack: cannot compare)" in " ".join(r.output.split()), r.output


def test_report_shows_a_release_matrix_saved_in_the_campaign_folder(tmp_path):
    from frontends.releases import releases
    from fuzz.replay import releases as matrix
    from fuzz.replay.replay import Outcome, Replayed
    from fuzz.store import write_json

    campaign.run(campaign.Settings(2, 3, tmp_path, (fake.EXACT,), jobs=1, swarm=small()))
    assert 'id="releases"' not in _page(tmp_path, corpus=None)[0]  # no matrix saved: no section
    row = lambda o: [Replayed("corpus/findings/some-bug/case.json", "iree:cpu-O2", o, "rejected", "")]  # noqa: E731
    doc = matrix.document(list(releases("iree==3.10,iree==3.11")),
                          {"iree 3.10": row(Outcome.FIXED), "iree 3.11": row(Outcome.STILL_FAILING)}, {}, {})
    write_json(tmp_path / matrix.FILE, doc)
    text, _ = _page(tmp_path, corpus=None)
    assert re.search(r'<td class="mono">some-bug</td><td>fixed</td><td>reproduces</td>', text)
