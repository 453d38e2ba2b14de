"""The corpus against named compiler releases: per release, a replay in that release's side environment; then
the matrix of outcomes, case x release.

Enters: a corpus folder, the --configs globs, releases (``frontends/releases.py``).  Leaves: replay rows per
release (``Replayed`` with the release), the matrix (``matrix``) and its JSON (``releases.json``).

Each release is replayed by a child ``<side env>/bin/python -m fuzz.cli replay ROOT --configs NAMES --json F``
with only that release's family of configurations (IREE cases against IREE releases, TVM cases against TVM
releases); its rows for other families are dropped.  A cell of the matrix summarizes a case's configurations in
one release: ``regressed`` (a configuration fails that passed when recorded), else ``reproduces`` (some
configuration still fails as recorded), ``other failure`` (fails another way), ``fixed`` (every failing
configuration passes), ``ok`` (passes, as recorded), ``unavailable for this release`` (the release lacks a
flag or pass), else why it did not run (``unavailable here``, ``other-cpu``).
"""
from __future__ import annotations

import fnmatch
import json
import subprocess
import tempfile
import time
from dataclasses import asdict, replace
from pathlib import Path

from fuzz.replay import sideenv
from fuzz.replay.replay import Outcome, Replayed

FILE = "releases.json"
CELL = [  # (cell, the configuration outcomes that make it), first match wins
    ("regressed", {Outcome.REGRESSED}),
    ("reproduces", {Outcome.STILL_FAILING}),
    ("other failure", {Outcome.CHANGED}),
    ("fixed", {Outcome.FIXED}),
    ("ok", {Outcome.OK}),
    ("unavailable for this release", {Outcome.UNAVAILABLE_RELEASE}),
    ("unreadable", {Outcome.UNREADABLE, Outcome.INVALID}),
    ("other-cpu", {Outcome.OTHER_CPU}),
    ("unavailable here", {Outcome.UNAVAILABLE}),
]
REPLAY_TIMEOUT = 4 * 3600.0


def family_configs(rel, pattern: str, every) -> list[str]:
    """The configurations of ``rel``'s family that --configs selects (opt-in ones only by exact name)."""
    globs = [g.strip() for g in pattern.split(",") if g.strip()]
    return [c.name for c in every if c.module in rel.modules and any(fnmatch.fnmatchcase(c.name, g) for g in globs)
            and (not c.opt_in or c.name in globs)]


def rows_from_json(data: dict) -> list[Replayed]:
    return [Replayed(r["path"], r["config"], Outcome(r["outcome"]), r["expected"], r["got"]) for r in data["rows"]]


def rows_to_json(rows: list[Replayed]) -> list[dict]:
    return [{**asdict(r), "outcome": r.outcome.value} for r in rows]


def replay_release(rel, env: Path, root: Path, names: list[str], say=print) -> tuple[list[Replayed], str]:
    """The rows of ``root``'s cases for ``names`` in the release installed at ``env``; '' or why it failed."""
    with tempfile.TemporaryDirectory(prefix="kernelfuzz-release-") as tmp:
        out = Path(tmp) / "rows.json"
        argv = [str(sideenv.python(env)), "-m", "fuzz.cli", "replay", str(root.resolve()), "--configs",
                ",".join(names), "--json", str(out)]
        say(f"kernelfuzz: replaying {root} against {rel.name} ({len(names)} configurations)")
        try:
            done = subprocess.run(argv, capture_output=True, text=True, timeout=REPLAY_TIMEOUT,
                                  env=sideenv.child_env(), cwd=str(sideenv.ROOT))
        except subprocess.TimeoutExpired:
            return [], f"the replay ran past {REPLAY_TIMEOUT:.0f} s"
        if not out.exists():
            tail = " | ".join(done.stderr.strip().splitlines()[-3:])
            return [], f"the replay exited {done.returncode} without rows: {tail}"
        wanted = set(names)
        rows = [r for r in rows_from_json(json.loads(out.read_text())) if r.config in wanted or not r.config]
        return [replace(r, path=portable(r.path, root)) for r in rows], ""


def portable(path: str, root: Path) -> str:
    """A row's case path as the corpus keeps it: relative to the working folder (the repository), else to ``root``
    as given; never the absolute path of the machine that replayed it (the child is handed ``root`` resolved)."""
    p = Path(path)
    for base, shown in ((Path.cwd().resolve(), Path()), (root.resolve(), root)):
        if p.is_relative_to(base):
            return str(shown / p.relative_to(base))
    return path


def cell(outcomes: set[Outcome]) -> str:
    return next((name for name, made in CELL if outcomes & made), "")


def case_name(path: str) -> str:
    """A finding's folder name for its case.json, else the file's stem."""
    p = Path(path)
    return p.parent.name if p.name == "case.json" else p.stem


def matrix(by_release: dict[str, list[Replayed]]) -> dict[str, dict[str, str]]:
    """case -> release -> cell, for the cases with at least one row in some release."""
    grid: dict[str, dict[str, set[Outcome]]] = {}
    for rel, rows in by_release.items():
        for r in rows:
            grid.setdefault(case_name(r.path), {}).setdefault(rel, set()).add(r.outcome)
    return {case: {rel: cell(o) for rel, o in cells.items()} for case, cells in sorted(grid.items())}


def first_bad(cells: dict[str, str], order: list[str]) -> dict:
    """Over ``order`` (oldest first, one family): the releases a case reproduces in; the first bad release, where
    the newest run of reproducing releases begins; whether an older release was right (a regression); and the
    releases after the last reproducing one where it passes (fixed)."""
    seen = [r for r in order if r in cells and cells[r] not in ("unavailable here", "other-cpu", "")]
    bad = [i for i, r in enumerate(seen) if cells[r] in ("reproduces", "regressed")]
    if not bad:
        return {"reproduces": [], "first_bad": None, "regression": False, "fixed_in": []}
    start = bad[-1]
    while start - 1 in bad:
        start -= 1
    return {"reproduces": [seen[i] for i in bad], "first_bad": seen[start],
            "regression": any(cells[r] in ("fixed", "ok") for r in seen[:start]),
            "fixed_in": [r for r in seen[bad[-1] + 1:] if cells[r] in ("fixed", "ok")]}


def document(releases: list, by_release: dict[str, list[Replayed]], failures: dict[str, str],
             seconds: dict[str, float]) -> dict:
    names = [r.name for r in releases]
    grid = matrix(by_release)
    summary = {}
    for case, cells in grid.items():
        summary[case] = {}
        for fam in dict.fromkeys(r.family for r in releases):
            order = [r.name for r in releases if r.family == fam]
            if any(c in cells for c in order):
                summary[case][fam] = first_bad(cells, order)
    return {"releases": names, "matrix": grid, "summary": summary, "failures": failures, "seconds": seconds,
            "rows": {rel: rows_to_json(rows) for rel, rows in by_release.items()}}


def run(root: Path, releases: list, pattern: str, every, say=print, ensure=sideenv.ensure,
        replay=replay_release) -> dict:
    """Every release's replay of ``root`` (its side environment made first where missing): the JSON document."""
    by_release, failures, seconds = {}, {}, {}
    for rel in releases:
        names = family_configs(rel, pattern, every)
        if not names:
            failures[rel.name] = f"--configs {pattern!r} selects no {rel.family} configuration"
            continue
        t0 = time.monotonic()
        env = ensure(rel, say=say)
        seconds[f"{rel.name} install"] = round(time.monotonic() - t0, 1)
        t0 = time.monotonic()
        rows, why = replay(rel, env, root, names, say)
        seconds[rel.name] = round(time.monotonic() - t0, 1)
        if why:
            failures[rel.name] = why
            say(f"kernelfuzz: {rel.name}: {why}")
        by_release[rel.name] = rows
    return document(releases, by_release, failures, seconds)


def run_cases(rel, env: Path, cases: list[str], names: list[str], options: list[str]) -> int:
    """``kernelfuzz run`` of ``cases`` in the release installed at ``env`` (its tables go straight to this terminal):
    the child's exit status (0 no finding, 1 a finding, 2 an unusable file or usage error)."""
    argv = [str(sideenv.python(env)), "-m", "fuzz.cli", "run", *(str(Path(c).resolve()) for c in cases),
            "--configs", ",".join(names), *options]
    return subprocess.run(argv, env=sideenv.child_env(), cwd=str(sideenv.ROOT)).returncode

