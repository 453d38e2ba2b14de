"""A fuzz campaign: generate cases from a seed, run them on worker lanes, save findings.

Case ``i`` of a campaign with seed ``S`` is ``generate(case_seed(S, i))``, so any
case replays from the campaign seed and its index, and every finding is also
saved fully materialized (``findings/<name>/case.json``) with each
configuration's result and lowered source.  Files are written atomically.
"""
from __future__ import annotations

import queue
import random
import re
import statistics
import time
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from fuzz import signature as sig
from fuzz.backend import Config
from fuzz.generator import generate
from fuzz.isolate import Lane
from fuzz.oracle import Verdict
from fuzz.runner import CaseReport, Timeouts, run_case
from fuzz.store import atomic_write, write_json
from fuzz.values import with_digests
from fuzz.workload import dumps


@dataclass(frozen=True)
class Settings:
    cases: int
    seed: int
    out: Path
    configs: tuple[Config, ...]
    jobs: int = 1
    timeouts: Timeouts = Timeouts()
    compile_only: frozenset[str] = frozenset()  # configurations compiled but not run here


@dataclass
class Bucket:
    """Repeats of one bug (one signature): counts, first and last seen, the smallest case."""

    key: str
    signature: str
    first: int  # case index
    smallest: str  # case name
    count: int = 0
    last: int = 0
    smallest_elements: int = 2**62

    def add(self, case, index: int) -> None:
        from fuzz.reducer import elements
        self.count += 1
        self.first, self.last = min(self.first, index), max(self.last, index)
        n = elements(case)
        if n < self.smallest_elements:
            self.smallest, self.smallest_elements = case.name, n


@dataclass
class Stats:
    """Per-configuration tallies of a campaign."""

    verdicts: dict[str, Counter] = field(default_factory=lambda: defaultdict(Counter))
    compile_s: dict[str, list] = field(default_factory=lambda: defaultdict(list))
    run_s: dict[str, list] = field(default_factory=lambda: defaultdict(list))
    cases: int = 0
    findings: int = 0
    divergent: int = 0  # cases that compile under some configurations but not others
    buckets: dict = field(default_factory=dict)  # signature key -> Bucket

    def add(self, report: CaseReport, index: int = 0) -> Bucket | None:
        """Tally a case; returns its bucket when it is a finding."""
        self.cases += 1
        self.findings += bool(report.findings)
        self.divergent += bool(report.divergent)
        bucket = None
        if report.findings:
            s = sig.of(report)
            bucket = self.buckets.setdefault(s.key, Bucket(s.key, s.describe(), index, report.case.name))
            bucket.add(report.case, index)
        for r in report.results:
            self.verdicts[r.config][r.verdict.value] += 1
            if r.compiled:
                self.compile_s[r.config].append(r.compile_s)
            if r.stage == "compare":
                self.run_s[r.config].append(r.run_s)

    def table(self) -> list[dict]:
        rows = []
        for cfg, counts in self.verdicts.items():
            n = sum(counts.values())
            rows.append({"config": cfg, "cases": n,
                         "compiled": len(self.compile_s[cfg]) / n, "ran": len(self.run_s[cfg]) / n,
                         "median_compile_s": _median(self.compile_s[cfg]),
                         "median_run_s": _median(self.run_s[cfg]), "verdicts": dict(counts)})
        return rows


def _median(xs: list) -> float | None:
    return round(statistics.median(xs), 4) if xs else None


def case_seed(seed: int, index: int) -> int:
    return random.Random(f"kernelfuzz:{seed}:{index}").getrandbits(31)


def _slug(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]", "_", name)


def save_finding(out: Path, report: CaseReport) -> Path:
    folder = out / "findings" / _slug(report.case.name)
    atomic_write(folder / "case.json", dumps(with_digests(report.case)))
    write_json(folder / "results.json", [r.summary() for r in report.results])
    for r in report.results:
        if r.source:
            ext = ".mlir" if r.config.startswith("iree") else ".py"
            atomic_write(folder / f"{_slug(r.config)}{ext}", r.source)
    return folder


def run(settings: Settings, on_report: Callable[[int, CaseReport], None] = lambda i, r: None) -> Stats:
    settings.out.mkdir(parents=True, exist_ok=True)
    modules = tuple(sorted({c.module for c in settings.configs}))
    lanes: queue.Queue = queue.Queue()
    for k in range(settings.jobs):
        lanes.put(Lane(modules, str(settings.out / "lanes" / f"lane{k}")))
    stats, start = Stats(), time.time()

    def one(i: int) -> CaseReport:
        case = generate(case_seed(settings.seed, i))
        lane = lanes.get()
        try:
            return run_case(lane, case, list(settings.configs), settings.timeouts, settings.compile_only)
        finally:
            lanes.put(lane)

    try:
        with ThreadPoolExecutor(settings.jobs) as pool:
            futures = {pool.submit(one, i): i for i in range(settings.cases)}
            for future in as_completed(futures):
                report = future.result()
                stats.add(report, futures[future])
                if report.findings:
                    save_finding(settings.out, report)
                on_report(futures[future], report)
    finally:
        while not lanes.empty():
            lanes.get().close()
    write_json(settings.out / "summary.json",
               {"seed": settings.seed, "cases": stats.cases, "cases_with_findings": stats.findings,
                "compile_divergent_cases": stats.divergent,
                "buckets": [vars(b) for b in stats.buckets.values()],
                "wall_s": round(time.time() - start, 1), "configs": stats.table(),
                "verdict_names": [v.value for v in Verdict]})
    return stats
