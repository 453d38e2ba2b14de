"""The campaign report: one self-contained HTML page per campaign, ``OUT/report/index.html``.

``write(out)`` reads the campaign state read-only (``fuzz.campaign.state.snapshot``: one consistent view while
the campaign's driver keeps writing, any prefix of its rows), the findings folders, the reduced
bundles and the corpus, renders ``fuzz/publish/templates/report.html.j2`` with Jinja2 and replaces the page
atomically.  The page carries its charts (SVG) and images (PNG data URIs) inside and fetches nothing,
so it opens from disk with no server; its links into ``findings/`` and ``reduced/`` are relative to
the campaign folder.  While the campaign has not finished the page reloads itself.

``Live`` is the campaign's hook: passed the finished cases (``fuzz.campaign.driver.run``'s ``on_report``), it
rewrites the page when ``every_s`` seconds have passed since its last write.  Rows saved by earlier
kernelfuzz versions (a ``signature`` instead of ``failures``, no ``features``) are shown as saved.
"""
from __future__ import annotations

import datetime
import importlib.metadata
import json
import sqlite3
import time
from collections import defaultdict
from pathlib import Path

from markupsafe import Markup

from fuzz.campaign.stats import Stats
from fuzz.campaign.state import StateError, driver_pid, ending, snapshot
from fuzz.judge.oracle import Verdict
from fuzz.publish import charts
from fuzz.publish import report_findings as rf
from fuzz.store import atomic_write, folder_name

PAGE = Path("report") / "index.html"
REFRESH_S = 120  # how often an open page of a running campaign reloads
WRITE_EVERY_S = 180.0  # how often a running campaign rewrites its page
CASES_PER_CELL = 100  # case names listed behind each configuration x verdict count
STATES = {"finished": "finished", "budget": "stopped at its time budget", "running": "running",
          "interrupted": "interrupted"}


def path_of(out: Path) -> Path:
    return Path(out) / PAGE


def write(out: Path, corpus: Path | None = Path("corpus"), live: bool = False) -> Path:
    """Write (or rewrite) the report of the campaign in ``out``; ``live``: the writer is the running campaign."""
    out = Path(out).resolve()
    settings, timed, events = snapshot(out)
    page = render(context(out, settings, timed, events, corpus, live))
    path = path_of(out)
    atomic_write(path, page)
    return path


class Live:
    """``on_report`` hook of a running campaign: rewrites its report at most every ``every_s`` seconds."""

    def __init__(self, out: Path, corpus: Path | None = Path("corpus"), every_s: float = WRITE_EVERY_S,
                 clock=time.monotonic, log=lambda message: None):
        self.out, self.corpus, self.every_s, self.clock, self.log = Path(out), corpus, every_s, clock, log
        self.last: float | None = None  # the first finished case writes the page at once
        self.writes = 0

    def __call__(self, index: int, report=None) -> None:
        now = self.clock()
        if self.last is not None and now - self.last < self.every_s:
            return
        self.last = now
        try:
            write(self.out, self.corpus, live=True)
            self.writes += 1
        except (OSError, sqlite3.Error, StateError) as e:  # a page not rewritten never stops the campaign
            self.log(f"kernelfuzz: the report was not rewritten ({e}); the campaign goes on")


def render(ctx: dict) -> str:
    from jinja2 import Environment, PackageLoader, StrictUndefined

    env = Environment(loader=PackageLoader("fuzz.publish", "templates"), autoescape=True, undefined=StrictUndefined,
                      trim_blocks=True, lstrip_blocks=True)
    env.filters.update(when=_when, num=_num, css=_css, pct=_pct, duration=_duration)
    return env.get_template("report.html.j2").render(**ctx)


def _when(ts: float | None) -> str:
    return "" if ts is None else datetime.datetime.fromtimestamp(ts).strftime("%Y-%m-%d %H:%M:%S")


def _num(x, digits: int = 4) -> str:
    if x is None or isinstance(x, (str, bool)):
        return "" if x is None else str(x)
    if x == float("inf"):
        return "∞"
    if isinstance(x, int) or abs(x) >= 1000:
        return f"{x:,.0f}"
    return f"{x:.{digits}g}"


def _duration(hours: float) -> str:
    s = hours * 3600
    return f"{s:.0f} s" if s < 90 else f"{s / 60:.1f} min" if s < 2 * 3600 else f"{hours:.2f} h"


def _pct(x: float | None) -> str:
    return "" if x is None else f"{x:.0%}" if x >= 0.1 or x == 0 else f"{x:.1%}"


def _css(name: str) -> str:
    """A verdict as a CSS class name ("nan/inf-mismatch" -> "v-nan-inf-mismatch")."""
    return "v-" + "".join(c if c.isalnum() else "-" for c in name)


def _segments(times: list[float], events: list[tuple]) -> list[tuple[float, float]]:
    """Spans the campaign ran: each start or resume until its finish event or its last case."""
    starts = [ts for ts, kind, _ in events if kind in ("start", "resume")] or times[:1]
    finishes = [ts for ts, kind, _ in events if kind == "finish"]
    spans = []
    for k, start in enumerate(starts):
        stop = starts[k + 1] if k + 1 < len(starts) else float("inf")
        ends = [t for t in finishes + times if start <= t < stop]
        spans.append((start, max(ends, default=start)))
    return spans


def _state(out: Path, settings: dict, rows: int, events: list[tuple], live: bool) -> str:
    """How the campaign stands: an unfinished one is running while a driver holds its lock, else interrupted."""
    end = ending(events, rows, settings["cases"])
    return end if end != "running" else "running" if live or driver_pid(out) else "interrupted"


def _versions(configs: list[str]) -> list[tuple[str, str]]:
    """The installed version of each compiler family's compiler (``registry.distributions``) the campaign ran."""
    from fuzz.execute.registry import distributions
    compilers = {family: dists[0] for family, dists in distributions().items()}
    out = []
    for family in sorted({c.split(":", 1)[0] for c in configs}):
        try:
            out.append((family, importlib.metadata.version(compilers[family])))
        except (KeyError, importlib.metadata.PackageNotFoundError):
            out.append((family, "test-only" if family in ("fake", "mutant") else "version unknown"))
    return out


def _header(settings: dict, stats: Stats, rows: list[dict], hours: float) -> dict:
    own_s = sum(r.get("compile_s", 0.0) + r.get("run_s", 0.0) for row in rows for r in row["results"])
    jobs = settings.get("jobs", 1)
    names = [c["name"] for c in settings["configs"]]
    return {"cases": stats.cases, "total": settings["cases"], "seed": settings["seed"],
            "space": settings.get("space", "default"), "jobs": jobs, "cluster": settings.get("cluster"),
            "timeouts": settings.get("timeouts"), "hours": hours,
            "per_hour": stats.cases / hours if hours > 0 else None,
            "overhead": hours * 3600 * jobs / own_s if own_s > 0 else None,
            "versions": _versions(names), "kernelfuzz": _own_version(),
            "configs": [(n, n in settings.get("compile_only", ())) for n in names],
            "findings": stats.findings, "divergent": stats.divergent}


def _own_version() -> str:
    try:
        return importlib.metadata.version("kernelfuzz")
    except importlib.metadata.PackageNotFoundError:
        return "not installed"


def _cells(rows: list[dict]) -> dict[tuple[str, str], dict]:
    """Per (configuration, verdict): an anchor and the cases behind the count (the first CASES_PER_CELL)."""
    cells: dict = defaultdict(lambda: {"cases": [], "more": 0})
    for row in sorted(rows, key=lambda r: r["index"]):
        has_folder = bool(row["findings"])
        for r in row["results"]:
            cell = cells[(r["config"], r["verdict"])]
            if len(cell["cases"]) < CASES_PER_CELL:
                link = f"../findings/{folder_name(row['name'])}/" if has_folder else None
                cell["cases"].append((row["index"], row["name"], link))
            else:
                cell["more"] += 1
    for n, (key, cell) in enumerate(sorted(cells.items())):
        cell.update(id=f"cell-{n}", config=key[0], verdict=key[1])
    return dict(cells)


def _verdict_table(stats: Stats, order: list[str]) -> dict:
    seen = [v.value for v in Verdict if any(v.value in c for c in stats.verdicts.values())]
    rows = sorted(stats.table(), key=lambda r: (order.index(r["config"]) if r["config"] in order else len(order),
                                                r["config"]))
    for r in rows:
        r["share"] = {v: n / r["cases"] for v, n in r["verdicts"].items()}
    return {"columns": [(v, Verdict(v).is_finding) for v in seen], "rows": rows}


def _features(stats: Stats) -> list[dict]:
    """Per feature: the finding rate of the cases with it and of the cases without it."""
    rows = []
    for r in stats.feature_table():
        rest = stats.cases - r["cases"]
        rate = r["with_findings"] / r["cases"]
        without = (stats.findings - r["with_findings"]) / rest if rest else None
        lift = None if without is None or rate == without == 0 else rate / without if without else float("inf")
        rows.append({**r, "rate": rate, "without": without, "lift": lift,
                     "lift_key": -1 if lift is None else min(lift, 1e300)})  # a number the page's sorting reads
    return rows


def _reach(stats: Stats) -> dict:
    """Per GPU configuration, the share of its cases whose code reached each path (``fuzz/campaign/reach.py``)."""
    from fuzz.campaign.reach import PATHS
    return {"paths": [name for name, _ in PATHS], "rows": stats.reach.table()}


def _buckets(out: Path, stats: Stats, timed: list[tuple[float, dict]], corpus: Path | None) -> list[dict]:
    seen_at = {row["index"]: t for t, row in timed}
    known = rf.known_entries(corpus)
    ordered = sorted(stats.buckets.values(), key=lambda b: (-b.count, b.first, b.key))
    return [rf.bucket_view(out, b, seen_at, known, corpus) for b in ordered]


def _timeline(timed: list[tuple[float, dict]], start: float) -> Markup | None:
    """The chart, with which cases found a bucket first (findings over time counts those)."""
    if not timed:
        return None
    seen, new = set(), []
    for _, row in timed:
        key = rf.bucket_of(row)
        new.append(key is not None and key not in seen)
        seen.add(key)
    return Markup(charts.timeline([t for t, _ in timed], [bool(row["findings"]) for _, row in timed], new, start))


def context(out: Path, settings: dict, timed: list[tuple[float, dict]], events: list[tuple],
            corpus: Path | None, live: bool = False) -> dict:
    """Everything the template shows, from one snapshot of the campaign."""
    rows = [row for _, row in timed]
    stats = Stats()
    for row in rows:
        stats.add(row)
    spans = _segments([t for t, _ in timed], events)
    start = spans[0][0] if spans else None
    state = _state(out, settings, len(rows), events, live)
    buckets = _buckets(out, stats, timed, corpus)
    return {"out": out, "title": out.name, "state": state, "state_label": STATES[state],
            "refresh_s": None if state in ("finished", "budget", "interrupted") else REFRESH_S, "generated": time.time(),
            "started": start, "last": timed[-1][0] if timed else None, "resumes": max(len(spans) - 1, 0),
            "header": _header(settings, stats, rows, sum(b - a for a, b in spans) / 3600),
            "chart": _timeline(timed, start), "table": _verdict_table(stats, [c["name"] for c in settings["configs"]]),
            "cells": _cells(rows), "buckets": buckets, "new_buckets": sum(b["standing"] == "new" for b in buckets),
            "features": _features(stats), "reach": _reach(stats), "old_rows": sum(1 for r in rows if "features" not in r),
            "corpus": corpus.resolve() if corpus is not None and corpus.is_dir() else None,
            "releases": _releases(out)}


def _releases(out: Path) -> dict | None:
    """The matrix ``kernelfuzz replay --releases ... --out OUT`` saved in this folder (releases.json), if any."""
    try:
        doc = json.loads((out / "releases.json").read_text())
        return {"names": list(doc["releases"]), "matrix": dict(doc["matrix"]), "failures": dict(doc["failures"])}
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError) as e:
        return {"names": [], "matrix": {}, "failures": {"releases.json": f"unreadable ({e})"}}
