"""Rich tables the command line prints: the feature registry, masking and per-feature statistics, and a
campaign's summary (``summary``, which `fuzz` and `status` print).

Pure rendering but ``summary``: each function takes engine values and returns a ``rich.table.Table`` (or a
``ByConfiguration``); the CLI (the commands in ``fuzz/cli/``) decide where to print it.  ``LiveTable`` is the
table a running campaign redraws; ``Configurations`` is `configs`' table.  Text from a campaign's state
is escaped (it may hold markup).  A table with a row per configuration is a ``ByConfiguration``: configuration names
stay whole at any terminal width (``tvm:cpu-sa…`` and ``tvm:cpu-sc…`` could not be told apart).
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path

from rich.cells import cell_len
from rich.markup import escape
from rich.table import Column, Table
from rich.text import Text

from fuzz.campaign import masking
from fuzz.generate import table as features_table
from fuzz.generate.swarm import FEATURES, KEEP_ONE


class ByConfiguration:
    """A table with one row per configuration whose names, and numbers, stay whole at any width: a table where
    every cell fits the console (headers wrap at their spaces), else one line per row (``name: header value, ...``).

    ``rows`` hold markup (escape what comes from a campaign's state); ``table_args`` go to ``rich.table.Table``."""

    def __init__(self, headers: tuple[str, ...], rows: list[tuple[str, ...]], title: str = "", **table_args):
        self.headers, self.rows, self.title, self.table_args = tuple(headers), list(rows), title, table_args

    def _widths(self, whole_headers: bool) -> list[int]:
        """Each column's width with its cells whole and its header whole, or wrapped at its spaces."""
        def header(h: str) -> list[int]:
            return [cell_len(h)] if whole_headers else [cell_len(w) for w in h.split()]
        return [max(header(h) + [cell_len(Text.from_markup(r[i]).plain) for r in self.rows])
                for i, h in enumerate(self.headers)]

    def table(self, widths: list[int]) -> Table:
        columns = [Column(h, width=w, no_wrap=i == 0) for i, (h, w) in enumerate(zip(self.headers, widths))]
        table = Table(*columns, title=self.title or None, **self.table_args)
        for r in self.rows:
            table.add_row(*r)
        return table

    def width(self, table: Table, widths: list[int]) -> int:
        """The console width the table needs: its cells, their padding and its vertical lines."""
        _, right, _, left = table.padding
        lines = (len(self.headers) + 1) if table.box else 0
        return sum(widths) + len(self.headers) * (left + right) + lines

    def __rich_console__(self, console, options):
        for widths in (self._widths(True), self._widths(False)):  # headers whole where they fit, else wrapped
            table = self.table(widths)
            if self.width(table, widths) <= options.max_width:
                yield table
                return
        if self.title:
            yield Text.from_markup(self.title, justify="center")
        for r in self.rows:
            yield Text.from_markup(f"{r[0]}: " + ", ".join(f"{escape(h)} {c}" for h, c in zip(self.headers[1:], r[1:])))


class Configurations:
    """`kernelfuzz configs`: a column each for name, status, why, profile and description where the console is
    wide, else a name column beside one cell holding the rest, a line each.  Names stay whole; every other text
    wraps at its spaces and folds a word longer than its column (a path in a reason), never cut short.

    ``rows`` are (name, status, why, profile, description), markup escaped where it came from outside."""

    WIDE = 140  # below this, five columns squeeze the reasons into a few characters each

    def __init__(self, rows: list[tuple[str, str, str, str, str]]):
        self.rows = rows

    def _names(self) -> Column:
        longest = max((cell_len(Text.from_markup(r[0]).plain) for r in self.rows), default=13)
        return Column("configuration", no_wrap=True, min_width=longest)

    def __rich_console__(self, console, options):
        if options.max_width >= self.WIDE:
            table = Table(self._names(), *(Column(h, overflow="fold") for h in ("status", "why", "profile",
                                                                                 "description")))
            for r in self.rows:
                table.add_row(*r)
        else:
            table = Table(self._names(), Column("status, profile: why; what it does", overflow="fold"),
                          show_lines=True)
            for name, status, why, profile, description in self.rows:
                table.add_row(name, f"{status}, profile {profile}\n{why}\n{description}")
        yield table


# The class the live table counts each verdict a configuration gets under: every verdict but compile-divergence (a
# case's, not a configuration's) has one, so a row sums to the cases that configuration finished.
CLASS = {"exact": "pass", "within-bound": "rounding", "out-of-bound": "miscompile", "nan/inf-mismatch": "miscompile",
         "compiler-crash": "crash", "runtime-error": "crash", "timeout": "timeout", "rejected": "rejected",
         "flaky": "flaky", "known-limitation": "limitation", "compiled": "compiled",
         "emulator-unsupported": "cannot simulate", "not-expressible": "not-expressible",
         "internal-error": "internal error"}
OUT_OF_TIME = "sim budget"  # a real-size simulated run stopped at --real-sim-timeout: speed, not a gap in the model


def verdict_class(result) -> str:
    """The live table's class of one configuration's result (``CLASS``, with budget stops apart from real gaps)."""
    if result.verdict.value == "emulator-unsupported" and "real_sim_budget" in result.facts:
        return OUT_OF_TIME
    return CLASS[result.verdict.value]


class LiveTable:
    """Per-configuration verdict classes, redrawn under the progress bar while a campaign runs: the first classes
    always, the rarer ones once a configuration has one."""

    ALWAYS = ("pass", "rounding", "miscompile", "crash", "timeout", "rejected")

    def __init__(self, configs: list[str]):
        self.counts = {name: Counter() for name in configs}

    def add(self, report) -> None:
        for r in report.results:
            self.counts.setdefault(r.config, Counter())[verdict_class(r)] += 1

    def columns(self) -> tuple[str, ...]:
        seen = {k for c in self.counts.values() for k, n in c.items() if n}
        return tuple(k for k in (*dict.fromkeys(CLASS.values()), OUT_OF_TIME) if k in self.ALWAYS or k in seen)

    def __rich__(self):
        columns = self.columns()
        rows = [(escape(name), *(str(c[k]) for k in columns)) for name, c in self.counts.items() if sum(c.values())]
        return ByConfiguration(("configuration", *columns), rows, box=None, padding=(0, 1))


def registry() -> Table:
    """Every feature of the table (fuzz/generate/table.py): its group, how a case comes to have it, what it controls,
    requires and excludes."""
    table = Table("feature", "group", "drawn", "controls", "requires", "excludes",
                  title="Generator features (`--without` switches one off; `--only` leaves it the only one of its "
                        "group on, and a seeded one in every case; * marks groups that always keep one member on)")
    for f in FEATURES:
        table.add_row(f.name, f.group + (" *" if f.group in KEEP_ONE else ""), f.rule, f.controls,
                      ", ".join(f.requires), ", ".join(features_table.excludes(f.name)))
    return table


def masked(stats, known: dict) -> ByConfiguration:
    """Per configuration: cases compiled, stopped at compile by a known bucket, stopped otherwise."""
    s = stats.mask.summary(known)
    rows = [(escape(r["config"]), str(r["cases"]), str(r["compiled"]), str(r["stopped_by_known"]),
             str(r["stopped_otherwise"])) for r in s["configs"]]
    return ByConfiguration(("configuration", "cases", "compiled", "stopped by a known bug", "stopped otherwise"), rows,
                           title=f"Masking: {s['unmasked']} of {s['cases']} cases ({s['unmasked_share']:.0%}) "
                                 f"compiled under every configuration; {s['cases_in_known_buckets']} "
                                 f"({s['known_share']:.0%}) had a finding in a bucket known in the corpus")


def reached(stats) -> ByConfiguration:
    """Per GPU configuration: the share of its compiled cases whose code reached each path, and its pipelines."""
    from fuzz.campaign.reach import PATHS

    rows = [(escape(r["config"]), str(r["cases"]), *(f"{r['shares'][name]:.0%}" for name, _ in PATHS),
             escape(", ".join(f"{p} {n}" for p, n in r["pipelines"].items())))
            for r in stats.reach.table()]
    return ByConfiguration(("configuration", "GPU cases", *(name for name, _ in PATHS), "pipelines"), rows,
                           title="What the GPU code reached (read from the compiled code and its launches)")


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


def _bucket_status(b, seen_in: dict | None) -> str:
    from rich.markup import escape

    from fuzz.judge import signature as sig
    if seen_in is None:
        return "not compared (no corpus)"
    if not b.entries:
        return "not compared (saved by an earlier kernelfuzz)"
    standing, hits = sig.standing(b.entries, seen_in)
    names = escape(", ".join(hits))
    return {"new": "[green]new[/]", sig.UNSURE: f"[green]new?[/] ({sig.WHY[sig.UNSURE]})",
            "known": f"known ({names})"}.get(standing, f"[yellow]partly known[/] ({names})")


def summary(console, stats, out: str, corpus: Path | None) -> None:
    from fuzz.judge.oracle import Verdict

    rows = stats.table()
    seen = [v.value for v in Verdict if any(v.value in r["verdicts"] for r in rows)]
    console.print(ByConfiguration(
        ("configuration", "compiled", "ran", "median compile s", "median run s", *seen),
        [(escape(r["config"] + (" (simulated)" if r.get("simulated") else "")), f"{r['compiled']:.0%}", f"{r['ran']:.0%}", str(r["median_compile_s"]),
          str(r["median_run_s"]), *(str(r["verdicts"].get(v, 0)) for v in seen)) for r in rows],
        title=escape(f"{stats.cases} cases, {stats.findings} with findings in {len(stats.buckets)} bug buckets "
                     f"(saved under {out}/findings)")))
    from fuzz.judge.signature import known
    seen_in = known(corpus) if corpus is not None else None
    console.print(masked(stats, seen_in or {}))
    if stats.reach.cases:
        console.print(reached(stats))
    if stats.feature_cases:
        console.print(features(stats, seen_in or {}))
    for b in sorted(stats.buckets.values(), key=lambda b: -b.count):
        console.print(f"  bucket {b.key}: {b.count} case(s), first #{b.first}, last #{b.last}, "
                      f"smallest {escape(b.smallest)}, {_bucket_status(b, seen_in)}: {escape(b.signature[:300])}")
