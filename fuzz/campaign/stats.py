"""What a campaign has learned so far: bug buckets, per-configuration and per-feature tallies, masking.

``row_of`` is what the campaign state keeps of a finished case; ``Stats`` is rebuilt from those rows on resume and
by ``status`` and the report, so a change of bucketing applies to finished campaigns.
"""
from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from fuzz.campaign import masking
from fuzz.campaign.reach import Reach
from fuzz.case.workload import elements
from fuzz.generate import features
from fuzz.judge import signature as sig
from fuzz.judge.oracle import Verdict
from fuzz.judge.results import CaseReport, simulated


@dataclass
class Bucket:
    """Repeats of one bug (one signature bucket, see fuzz/judge/signature.py): counts, first and last seen, the smallest case."""

    key: str
    signature: str
    first: int  # case index
    smallest: str  # case name
    count: int = 0
    last: int = 0
    smallest_elements: int = 2**62
    entries: tuple = ()  # the signature's bucket entries (fuzz/judge/signature.py)

    def add(self, name: str, elements: int, index: int) -> None:
        self.count += 1
        self.first, self.last = min(self.first, index), max(self.last, index)
        if elements < self.smallest_elements:
            self.smallest, self.smallest_elements = name, elements


def row_of(index: int, seed: int, report: CaseReport) -> dict:
    """What the campaign state keeps of a finished case (plain JSON)."""
    s = sig.of(report) if report.findings else None
    return {"index": index, "seed": seed, "name": report.case.name, "elements": elements(report.case),
            "divergent": bool(report.divergent), "findings": len(report.findings),
            "failures": [] if s is None else [list(f) for f in s.failures],
            "ops": list(sig.op_kinds(report.case)),  # failures after compilation: by the principal op
            "features": features.of(report.case),
            "results": [{k: v for k, v in r.summary().items() if k != "message"} for r in report.results]}


@dataclass
class Stats:
    """Per-configuration tallies of a campaign, rebuilt from its state on resume."""

    verdicts: dict[str, Counter] = field(default_factory=lambda: defaultdict(Counter))
    compile_s: dict[str, list] = field(default_factory=lambda: defaultdict(list))
    run_s: dict[str, list] = field(default_factory=lambda: defaultdict(list))
    cases: int = 0
    findings: int = 0
    divergent: int = 0  # cases that compile under some configurations but not others
    buckets: dict = field(default_factory=dict)  # signature key -> Bucket
    feature_cases: Counter = field(default_factory=Counter)  # feature -> cases that exercise it
    feature_findings: dict[str, Counter] = field(default_factory=lambda: defaultdict(Counter))  # -> verdicts
    bucket_features: dict[str, Counter] = field(default_factory=lambda: defaultdict(Counter))  # bucket -> features
    mask: masking.Masking = field(default_factory=masking.Masking)  # compile and known-bucket tallies
    simulated: set = field(default_factory=set)  # configurations that ran on a simulator in some case
    reach: Reach = field(default_factory=Reach)  # what the GPU code reached (fuzz/campaign/reach.py)

    def add(self, row: dict) -> None:
        self.cases += 1
        self.findings += bool(row["findings"])
        self.divergent += row["divergent"]
        self.mask.add(row)
        self.reach.add(row)
        key = None
        if row.get("signature"):  # a row of an earlier kernelfuzz: keep the grouping it was saved with
            old = row["signature"]
            key = old["key"]
            self.buckets.setdefault(key, Bucket(key, old["describe"], row["index"], row["name"])) \
                .add(row["name"], row["elements"], row["index"])
        elif row.get("failures"):  # bucketed now, from the saved failures: regrouping needs no rerun
            s = sig.Signature(tuple(map(tuple, row["failures"])), row["divergent"], tuple(row.get("ops", ())))
            key = s.bucket_key
            self.buckets.setdefault(key, Bucket(key, s.describe_bucket(), row["index"], row["name"],
                                                entries=s.bucket)) \
                .add(row["name"], row["elements"], row["index"])
        if key:
            self.bucket_features[key].update(row.get("features", ()))
        found = {r["verdict"] for r in row["results"] if Verdict(r["verdict"]).is_finding}
        for f in row.get("features", ()):
            self.feature_cases[f] += 1
            self.feature_findings[f].update(found | ({"any"} if found else set()))
        for r in row["results"]:
            self.verdicts[r["config"]][r["verdict"]] += 1
            if simulated(r.get("facts")):
                self.simulated.add(r["config"])
            if r["stage"] != "compile":
                self.compile_s[r["config"]].append(r["compile_s"])
            if r["stage"] == "compare":
                self.run_s[r["config"]].append(r["run_s"])

    def feature_table(self) -> list[dict]:
        """Per feature: cases that exercise it and how many of them had findings (by verdict), and the same
        two counts over the cases without it."""
        rows = [{"feature": f, "cases": n, "with_findings": self.feature_findings[f]["any"],
                 "absent_cases": self.cases - n,
                 "absent_with_findings": self.findings - self.feature_findings[f]["any"],
                 "verdicts": {v: c for v, c in self.feature_findings[f].items() if v != "any"}}
                for f, n in self.feature_cases.items()]
        return sorted(rows, key=lambda r: (-r["with_findings"] / r["cases"], r["feature"]))

    def table(self) -> list[dict]:
        rows = []
        for cfg, counts in self.verdicts.items():
            n = sum(counts.values())
            rows.append({"config": cfg, "cases": n, "simulated": cfg in self.simulated,
                         "compiled": len(self.compile_s[cfg]) / n, "ran": len(self.run_s[cfg]) / n,
                         "median_compile_s": _median(self.compile_s[cfg]),
                         "median_run_s": _median(self.run_s[cfg]), "verdicts": dict(counts)})
        return rows


def _median(xs: list) -> float | None:
    return round(statistics.median(xs), 4) if xs else None
