"""Masking statistics: how much of a campaign the bugs already known hide, and steering around them.

A configuration that rejects or crashes on a case at compile time says nothing about what would
have come after: the case is *masked* there.  From a campaign's rows (``campaign.row_of``) and
the bucket entries of the bugs kept in the corpus (``signature.known``):

* ``Masking`` counts, per configuration, the cases it compiled and the cases a known bucket
  stopped at compile time; the cases every configuration compiled ("unmasked"); and the cases
  with a finding in a known bucket.
* ``tied`` names, per feature, the known buckets it is tied to: present in every case of the
  bucket (at least ``MIN_CASES`` of them) and unlikely to be there by coincidence: a feature drawn
  in a share p of the cases is in all n cases of a bucket with probability p^n, which must be at
  most ``CHANCE`` (with n >= 3, p <= 0.37: at least 2.7 times as common in the bucket as overall).  (Without that,
  3 cases tied a bucket to a feature half of all cases have: an s18a campaign stopped drawing
  realistic inputs because the 3 cases of the fmaxf link bug happened to have them.)  A feature in
  every case of a bucket is a candidate trigger; the rarer it is overall, the less of the space
  avoiding it costs.
* ``Steering`` (``--avoid-known``) switches off, per known bucket, the rarest switchable feature
  tied to it, for the rest of the campaign, and says why.  Switchable: a feature swarm draws or its seed's
  odds decide (``fuzz/generate/table.py``); dtypes cut across every choice and are only pinned by hand (an s23 campaign switched off dtype:f16, half
  of the space, for a bucket of 5 f16 cases).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from fuzz.generate.swarm import BY_NAME, Swarm, SwarmError
from fuzz.judge import signature as sig

MIN_CASES = 3
CHANCE = 0.05


def _entries(row: dict) -> frozenset:
    """The bucket entries of a row's failures (compile failures per compiler and way in, later ones per compiler,
    target and the case's principal op)."""
    return frozenset(sig.Signature(tuple(map(tuple, row["failures"])), False, tuple(row.get("ops", ()))).bucket)


@dataclass
class Masking:
    """Per-configuration compile and known-bucket tallies, fed one campaign row at a time."""

    cases: int = 0
    unmasked: int = 0  # cases every configuration compiled
    seen: Counter = field(default_factory=Counter)  # configuration -> cases
    compiled: Counter = field(default_factory=Counter)  # configuration -> cases it compiled
    stops: Counter = field(default_factory=Counter)  # (configuration, bucket entry) -> cases stopped at compile
    findings: Counter = field(default_factory=Counter)  # a case's finding entries -> cases

    def add(self, row: dict) -> None:
        self.cases += 1
        self.unmasked += all(r["stage"] != "compile" for r in row["results"])
        for r in row["results"]:
            self.seen[r["config"]] += 1
            self.compiled[r["config"]] += r["stage"] != "compile"
        for c, v, s, e in row.get("failures", ()):
            if s == "compile":
                self.stops[c, (sig.place(c, s), v, s, e)] += 1
        if row.get("failures"):
            self.findings[_entries(row)] += 1

    def table(self, known: dict) -> list[dict]:
        rows = []
        for cfg, n in self.seen.items():
            by_known = sum(k for (c, e), k in self.stops.items() if c == cfg and e in known)
            rows.append({"config": cfg, "cases": n, "compiled": self.compiled[cfg], "stopped_by_known": by_known,
                         "stopped_otherwise": n - self.compiled[cfg] - by_known})
        return rows

    def summary(self, known: dict) -> dict:
        in_known = sum(n for entries, n in self.findings.items() if any(_known(e, known) for e in entries))
        return {"cases": self.cases, "unmasked": self.unmasked, "unmasked_share": _share(self.unmasked, self.cases),
                "cases_in_known_buckets": in_known, "known_share": _share(in_known, self.cases),
                "configs": self.table(known)}


def _share(n: int, of: int) -> float:
    return round(n / of, 4) if of else 0.0


def _known(entry, known: dict) -> bool:
    """Whether the corpus keeps a bucket entry (a simulated failure as the device's record, ``signature.kept_as``)."""
    return sig.kept_as(tuple(entry), known) in known


def known_names(bucket, known: dict) -> list[str]:
    """The corpus findings showing ``bucket``, when every one of its entries is known; else none."""
    entries = [sig.kept_as(tuple(e), known) for e in bucket.entries]
    if not entries or not all(e in known for e in entries):
        return []
    return sorted({name for e in entries for name in known[e]})


def _all_present(stats, bucket) -> list[str]:
    """Features in every case of ``bucket`` that are rare enough overall not to be there by coincidence."""
    counts = stats.bucket_features.get(bucket.key, Counter())
    share = {f: stats.feature_cases[f] / stats.cases for f in counts}
    return [f for f, n in counts.items() if n == bucket.count and share[f] ** bucket.count <= CHANCE]


def tied(stats, known: dict) -> dict[str, list[str]]:
    """Feature -> the corpus findings whose bucket it is tied to (see the module docstring)."""
    out: dict[str, set] = {}
    for b in stats.buckets.values():
        names = known_names(b, known)
        if names and b.count >= MIN_CASES:
            for f in _all_present(stats, b):
                out.setdefault(f, set()).update(names)
    return {f: sorted(names) for f, names in out.items()}


def feature_rows(stats, known: dict) -> list[dict]:
    """The campaign's feature table with finding rates present vs absent and the known buckets tied to each."""
    ties = tied(stats, known)
    return [{**r, "rate_present": _share(r["with_findings"], r["cases"]),
             "rate_absent": _share(r["absent_with_findings"], r["absent_cases"]),
             "tied_to_known": ties.get(r["feature"], [])} for r in stats.feature_table()]


@dataclass
class Steering:
    """``--avoid-known``: the campaign's swarm, with a pin added for each known bucket it learns to avoid."""

    swarm: Swarm
    known: dict
    reasons: dict = field(default_factory=dict)  # feature -> why it is avoided

    def update(self, stats) -> list[str]:
        """Avoid what the statistics now tie to a known bucket; one message per newly avoided feature."""
        said = []
        for b in sorted(stats.buckets.values(), key=lambda b: (-b.count, b.key)):
            names = known_names(b, self.known)
            present = _all_present(stats, b) if names and b.count >= MIN_CASES else []
            if not present or any(f in self.swarm.without for f in present):
                continue  # not known, too few cases, or already steered around
            for f in sorted((f for f in present if f in BY_NAME and BY_NAME[f].switchable and f not in self.swarm.only),
                            key=lambda f: (stats.feature_cases[f], f)):
                try:
                    self.swarm = self.swarm.avoiding(f)
                except SwarmError:
                    continue  # the last choice of its group: try the next
                self.reasons[f] = (f"known bucket {', '.join(names)}: all {b.count} of its cases have {f}, "
                                   f"{stats.feature_cases[f] / stats.cases:.0%} of all cases do")
                said.append(f"avoiding {f} ({self.reasons[f]})")
                break
        return said
