"""Rich tables the command line prints: the feature registry, masking and per-feature statistics.

Pure rendering: each function takes engine values and returns a ``rich.table.Table``; the CLI
(the commands in ``fuzz/cli/``) decide where to print it.  Text from a campaign's state is escaped (it may hold markup).
"""
from __future__ import annotations

from rich.markup import escape
from rich.table import Table

from fuzz.campaign import masking
from fuzz.generate.swarm import FEATURES, KEEP_ONE


def registry() -> Table:
    """Every switchable feature: its group, what it controls, what it requires."""
    table = Table("feature", "group", "controls", "requires",
                  title="Generator features (`--without`, `--only`; a swarm draw switches each off with "
                        "probability 1/2; * marks groups that always keep one member on)")
    for f in FEATURES:
        table.add_row(f.name, f.group + (" *" if f.group in KEEP_ONE else ""), f.controls, ", ".join(f.requires))
    return table


def masked(stats, known: dict) -> Table:
    """Per configuration: cases compiled, stopped at compile by a known bucket, stopped otherwise."""
    s = stats.mask.summary(known)
    table = Table("configuration", "cases", "compiled", "stopped by a known bug", "stopped otherwise",
                  title=f"Masking: {s['unmasked']} of {s['cases']} cases ({s['unmasked_share']:.0%}) compiled under "
                        f"every configuration; {s['cases_in_known_buckets']} ({s['known_share']:.0%}) had a finding "
                        f"in a bucket known in the corpus")
    for r in s["configs"]:
        table.add_row(escape(r["config"]), str(r["cases"]), str(r["compiled"]), str(r["stopped_by_known"]),
                      str(r["stopped_otherwise"]))
    return table


def features(stats, known: dict) -> Table:
    """Per feature: cases, findings, finding rate present vs absent, and the known buckets tied to it."""
    table = Table("feature", "cases", "with findings", "rate present", "rate absent", "finding verdicts",
                  "tied to known bucket",
                  title="What the cases exercised, most finding-prone first (a rate present far above absent: a "
                        "trigger; below: a suppressor; never failing: robust code or a blind spot)")
    for r in masking.feature_rows(stats, known):
        table.add_row(escape(r["feature"]), str(r["cases"]), str(r["with_findings"]), f"{r['rate_present']:.0%}",
                      f"{r['rate_absent']:.0%}", ", ".join(f"{v} {c}" for v, c in sorted(r["verdicts"].items())),
                      escape(", ".join(r["tied_to_known"])))
    return table


CELL_STYLE = {"reproduces": "red", "regressed": "red", "fixed": "green", "other failure": "yellow",
              "unavailable for this release": "dim", "unavailable here": "dim", "other-cpu": "dim"}


def release_matrix(doc: dict) -> Table:
    """``kernelfuzz replay --releases``: one row per case, one column per release (blank: not that family's)."""
    names = doc["releases"]
    table = Table("case", *names, title="Replay across releases (reproduces: the recorded failure; fixed: it "
                                        "passes; other failure: it fails another way)")
    for case, cells in doc["matrix"].items():
        table.add_row(escape(case), *(f"[{CELL_STYLE.get(cells.get(r, ''), '')}]{escape(cells.get(r, ''))}[/]"
                                      if cells.get(r) in CELL_STYLE else escape(cells.get(r, "")) for r in names))
    for rel, why in doc["failures"].items():
        table.add_row(escape(f"({rel} not replayed: {why})"), *("" for _ in names))
    return table
