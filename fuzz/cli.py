"""kernelfuzz: a differential fuzzer for ML compilers (TVM, IREE).

The command line is a thin edge: it parses options, selects configurations
from the frontend registry and hands them to the engine.  Heavy imports
(numpy, the engine) happen inside the commands.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click

DEFAULT_CONFIGS = "*"
DEFAULT_BATCH = 16  # cases per IREE compile: `make bench` (section batch) measured 8 and 16
EXAMPLES = """\b
Examples:
  kernelfuzz configs                                  # what runs here
  kernelfuzz run corpus/seeds/*.json --configs 'tvm:cpu,iree:cpu-O2'
  kernelfuzz fuzz --cases 500 --seed 7 --jobs 2 --out fuzz-out
  kernelfuzz status fuzz-out                          # from another terminal
  kernelfuzz reduce fuzz-out/findings/seed123/case.json --time 300
  kernelfuzz replay corpus/                           # the regression suite
"""


def _select(pattern: str):
    """The frontend registry's selection for --configs, or a clear usage error."""
    import fnmatch

    import frontends

    sel = frontends.select(pattern)
    for name, why in sel.skipped:
        click.echo(f"kernelfuzz: skipping {name}: {why}", err=True)
    if not sel.configs:
        globs = [g.strip() for g in pattern.split(",") if g.strip()]
        opt_in = [c.name for c in frontends.all_configs() if c.opt_in and any(fnmatch.fnmatchcase(c.name, g)
                                                                              for g in globs)]
        if opt_in:
            raise click.UsageError(f"--configs {pattern!r} matches only opt-in configurations ({', '.join(opt_in)}), "
                                   f"which are selected only by their exact name: --configs {opt_in[0]}")
        if not sel.skipped:
            names = ", ".join(c.name for c in frontends.all_configs())
            raise click.UsageError(f"--configs {pattern!r} matches no configuration; choose from: {names}")
        raise click.UsageError(f"no configuration selected by --configs {pattern!r} is available here")
    return sel


def _swarm_options(command):
    """--swarm, --without and --only, the same for `generate` and `fuzz` (parsed by ``_swarm``)."""
    for option in reversed((
            click.option("--swarm", "swarm_mode", type=click.Choice(["on", "off"]), default="on", show_default=True,
                         help="on: each case switches generator features off at random (recorded in the case); "
                              "off: every feature, the stream of kernelfuzz before swarm."),
            click.option("--without", default="", help="Comma-separated features off for every case, e.g. "
                                                       "'reversed,offset' (`kernelfuzz features` lists them)."),
            click.option("--only", default="", help="Comma-separated features left as the only ones of their "
                                                    "group, e.g. 'conv,reduction' (kinds)."))):
        command = option(command)
    return command


def _swarm(mode: str, without: str, only: str):
    from fuzz.swarm import SwarmError, parse

    try:
        return parse(mode == "on", without, only)
    except SwarmError as e:
        raise click.UsageError(str(e)) from None


def _warm_up_note(configs, say=lambda m: click.echo(m, err=True)) -> None:
    """Say what the worker lanes load before the first case can start (TVM's can take half a minute)."""
    from fuzz.isolate import warm_up_notes

    for note in warm_up_notes(configs):
        say(f"kernelfuzz: loading {note}...")


def _console():
    import shutil

    from rich.console import Console
    return Console(width=max(shutil.get_terminal_size((160, 40)).columns, 140))


@click.group(context_settings={"help_option_names": ["-h", "--help"]}, epilog=EXAMPLES)
@click.version_option(package_name="kernelfuzz", prog_name="kernelfuzz")
def main() -> None:
    """Differential fuzzer for ML compilers: random conv and generic workloads through TVM and IREE,
    judged against an exact numpy reference."""


@main.command("features")
def features_cmd() -> None:
    """List the generator features that swarm draws, --without and --only switch off."""
    from fuzz import tables

    _console().print(tables.registry())


@main.command("configs")
def configs_cmd() -> None:
    """List every configuration and whether it runs, only compiles, or is unavailable here."""
    from rich.markup import escape
    from rich.table import Table

    import frontends

    table = Table("configuration", "status", "why", "profile", "description")
    for c in frontends.all_configs():
        a = frontends.availability(c)
        style = {"runs": "green", "compile-only": "yellow", "unavailable": "red"}[a.status]
        table.add_row(escape(c.name), f"[{style}]{a.status}[/]", escape(a.why), escape(c.profile),
                      escape(c.description + (" [opt-in: select by exact name]" if c.opt_in else "")))
    _console().print(table)


def _load_case(path: str):
    """Every command reads case files here (fuzz/casefile.py): a bad file is one line, never a traceback."""
    from fuzz.casefile import load
    from fuzz.workload import WorkloadError

    try:
        return load(path)
    except WorkloadError as e:
        raise click.ClickException(str(e)) from None


SECONDS = click.FloatRange(min=0, min_open=True)


@main.command("run", epilog="""\b
Examples:
  kernelfuzz run corpus/seeds/iree-sdxl-int8-conv-requant.json --configs tvm:cpu
  kernelfuzz run case.json --configs 'iree:cpu-*' --compile-timeout 60
""")
@click.argument("cases", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option("--configs", "pattern", default=DEFAULT_CONFIGS, show_default=True,
              help="Comma-separated globs over configuration names, e.g. 'tvm:*,iree:cpu-O2'; opt-in "
                   "configurations (tvm:cpu-tuned) only by exact name.")
@click.option("--compile-timeout", default=180.0, show_default=True, type=SECONDS, help="Seconds per compile.")
@click.option("--run-timeout", default=120.0, show_default=True, type=SECONDS, help="Seconds per run.")
def run_cmd(cases, pattern: str, compile_timeout: float, run_timeout: float) -> None:
    """Run case files through every selected configuration and print one verdict per configuration.

    Exits with status 1 when any configuration produces a finding."""
    from fuzz.isolate import Lane
    from fuzz.reference import UndefinedBehavior
    from fuzz.runner import Timeouts, run_case

    loaded = [(p, _load_case(p)) for p in cases]  # every file checked before anything starts
    sel = _select(pattern)
    _warm_up_note(sel.configs)
    lane = Lane.for_configs(sel.configs)
    found = False
    try:
        for path, case in loaded:
            try:
                report = run_case(lane, case, list(sel.configs), Timeouts(compile_timeout, run_timeout),
                                  sel.compile_only)
            except UndefinedBehavior as e:
                raise click.ClickException(f"{path}: invalid case, {e}") from None
            _print_report(path, report)
            found |= bool(report.findings)
    finally:
        lane.close()
    sys.exit(1 if found else 0)


def _fmt(x: float) -> str:
    return "" if x is None else ("inf" if x == float("inf") else f"{x:.4g}")


def _print_report(path: str, report) -> None:
    from rich.markup import escape
    from rich.table import Table

    table = Table("compile s", "run s", "max |err|", "bound", "err/bound", "ulps", "bad", "verdict", "detail",
                  title=escape(f"{path} ({report.case.name}; reference {report.reference_s:.2f} s)"))
    table.add_column("configuration", no_wrap=True)
    table.columns.insert(0, table.columns.pop())
    for r in report.results:
        e = r.evidence
        style = "red" if r.verdict.is_finding else "green"
        flags = "" if e is None else " ".join(f for f, on in (("overflow", e.overflow), ("nan/inf", e.nonfinite)) if on)
        table.add_row(escape(r.config), f"{r.compile_s:.3f}", f"{r.run_s:.3f}",
                      *(("",) * 5 if e is None else (_fmt(e.max_abs_err), _fmt(e.max_bound), _fmt(e.max_ratio),
                                                    str(e.max_ulps), str(e.bad))),
                      f"[{style}]{r.verdict.value}[/]", escape(" ".join(x for x in (flags, r.headline[:100]) if x)))
    console = _console()
    console.print(table)
    if report.divergent:
        ok = [r.config for r in report.results if r.compiled]
        shown = ", ".join(ok[:3]) + (f" and {len(ok) - 3} more" if len(ok) > 3 else "")
        console.print(f"[red]compile-divergence[/]: {escape(', '.join(report.divergent))} fail(s) to compile what "
                      f"{escape(shown)} compile(s)")


def _default_corpus() -> Path | None:
    """./corpus when there is one, else the corpus of the checkout this kernelfuzz runs from."""
    for p in (Path("corpus"), Path(__file__).resolve().parents[1] / "corpus"):
        if (p / "findings").is_dir():
            return p.resolve()
    return None


RESUMABLE = ("cases", "budget", "jobs", "reduce_s", "resume_dir")  # options that apply to a resumed campaign


def _campaign_settings(ctx: click.Context, resume_dir: str | None, make):
    """A new campaign's settings and selection (``make()``), or a resumed one's: its own settings, extended to
    --cases when given; any other setting given with --resume is refused, never silently ignored."""
    import dataclasses

    from click.core import ParameterSource

    from fuzz import campaign
    from fuzz.state import StateError, open_existing

    if not resume_dir:
        return make()
    given = lambda name: ctx.get_parameter_source(name) is ParameterSource.COMMANDLINE  # noqa: E731
    fixed = [p.opts[-1] for p in ctx.command.params if p.name not in RESUMABLE and given(p.name)]
    if fixed:
        raise click.UsageError(f"{fixed[0]} is a setting of the campaign in {resume_dir}/ and cannot change on "
                               "--resume (only --cases, --time, --jobs and --reduce apply)")
    try:
        settings, st = campaign.resume_settings(Path(resume_dir)), open_existing(Path(resume_dir))
    except StateError as e:
        raise click.ClickException(str(e)) from None
    done = len(st.done())
    st.close()
    cases = ctx.params["cases"] if given("cases") else settings.cases
    if cases < done:
        raise click.UsageError(f"--cases {cases} is fewer than the {done} cases {resume_dir}/ has finished")
    jobs = ctx.params["jobs"] if given("jobs") else settings.jobs
    settings = dataclasses.replace(settings, cases=cases, jobs=jobs, budget_s=ctx.params["budget"])
    return settings, frontends_selection(settings)


@main.command("fuzz", epilog="""\b
Examples:
  kernelfuzz fuzz --cases 500 --seed 7 --jobs 2 --out fuzz-out
  kernelfuzz fuzz --configs 'tvm:cpu,iree:cpu-*' --space wide --time 3600 --out wide
  kernelfuzz fuzz --resume fuzz-out                # continue after an interruption
  kernelfuzz fuzz --resume fuzz-out --cases 1000   # extend a finished campaign to 1000 cases
""")
@click.option("--cases", default=100, show_default=True, type=click.IntRange(min=1),
              help="Number of generated cases; with --resume, extends the campaign to this many.")
@click.option("--seed", default=0, show_default=True, help="Campaign seed; case i is generated from (seed, i).")
@click.option("--space", type=click.Choice(["default", "wide"]), default="default", show_default=True,
              help="Generator space: default (about a second per configuration) or wide (larger shapes, "
                   "edge extents, bigger conv attributes, chains of up to five ops).")
@click.option("--out", default="fuzz-out", show_default=True, type=click.Path(file_okay=False),
              help="Output directory: findings/ and summary.json.")
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(1, 64), help="Parallel worker lanes.")
@click.option("--batch", default=DEFAULT_BATCH, show_default=True, type=click.IntRange(1, 64),
              help="Cases compiled together by configurations that batch (IREE: one module, one iree-compile); "
                   "failures are attributed and confirmed by compiling the case alone, so verdicts are those "
                   "of --batch 1 (off).")
@click.option("--configs", "pattern", default=DEFAULT_CONFIGS, show_default=True,
              help="Comma-separated globs over configuration names; opt-in ones only by exact name.")
@click.option("--compile-timeout", default=180.0, show_default=True, type=SECONDS,
              help="Seconds per compile (a batch of N: this plus a quarter of it per further case).")
@click.option("--run-timeout", default=120.0, show_default=True, type=SECONDS, help="Seconds per run.")
@click.option("--time", "budget", type=SECONDS, help="Stop starting new cases after this many seconds.")
@click.option("--cluster", help="Dask scheduler address (tcp://HOST:8786): run the cases on its workers.")
@click.option("--corpus", type=click.Path(file_okay=False, exists=True),
              help="Corpus whose findings mark bug buckets known (recorded for `kernelfuzz status`) "
                   "[default: ./corpus, else kernelfuzz's own].")
@click.option("--resume", "resume_dir", type=click.Path(file_okay=False, exists=True),
              help="Continue the campaign in this output directory with its own settings; only --cases (extends "
                   "it), --time, --jobs and --reduce may be given with it.")
@click.option("--reduce", "reduce_s", default=0.0, show_default=True, type=click.FloatRange(min=0),
              help="After the campaign, reduce the smallest case of every bug bucket for this many seconds "
                   "each into OUT/reduced/<bucket>/ (0: off).")
@_swarm_options
@click.option("--avoid-known", is_flag=True,
              help="Switch off, for the rest of the campaign, each feature the statistics tie to a bug known in the "
                   "corpus.")
@click.pass_context
def fuzz_cmd(ctx: click.Context, cases: int, seed: int, space: str, out: str, jobs: int, batch: int, pattern: str,
             compile_timeout: float, run_timeout: float, budget: float | None, cluster: str | None,
             corpus: str | None, resume_dir: str | None, reduce_s: float, swarm_mode: str, without: str, only: str,
             avoid_known: bool) -> None:
    """Generate CASES random workloads, run each through the selected configurations, and save every
    mismatching, crashing or rejected case under OUT/findings/, grouped into bug buckets."""
    from fuzz import campaign
    from fuzz.runner import Timeouts

    def make():
        if avoid_known and cluster:
            raise click.UsageError("--avoid-known steers cases as they are generated; --cluster generates them all "
                                   "up front: drop one of the two")
        swarm = _swarm(swarm_mode, without, only)
        sel = _select(pattern)
        home = Path(corpus).resolve() if corpus else _default_corpus()
        return campaign.Settings(cases, seed, Path(out), sel.configs, jobs, Timeouts(compile_timeout, run_timeout),
                                 sel.compile_only, budget, cluster, space, home and str(home), swarm=swarm,
                                 avoid_known=avoid_known, batch=batch), sel

    settings, sel = _campaign_settings(ctx, resume_dir, make)
    out = str(settings.out)
    console = _console()
    console.print(f"kernelfuzz: {settings.cases} cases, seed {settings.seed}, {len(settings.configs)} configurations, "
                  f"{settings.jobs} job(s), batches of {settings.batch}, {settings.swarm.describe()}"
                  + (", avoiding known bugs" if settings.avoid_known else "") + f", output {out}/"
                  + (" (resuming)" if resume_dir else ""), markup=False)
    if not settings.cluster:
        _warm_up_note(settings.configs, lambda m: console.print(m, markup=False))
    from fuzz import report as page_writer

    stats = _run_campaign(console, settings, bool(resume_dir))
    corpus_path = settings.corpus and Path(settings.corpus)
    _print_summary(console, stats, out, corpus_path)
    page = page_writer.write(Path(out), corpus_path)
    if reduce_s > 0:
        _reduce_buckets(console, stats, Path(out), sel, reduce_s, lambda: page_writer.write(Path(out), corpus_path))
    console.print(f"report: {page}", markup=False, highlight=False, soft_wrap=True)


def _run_campaign(console, settings, resume: bool):
    """The campaign with its live progress line and per-configuration table."""
    import time
    from collections import Counter

    from rich.console import Group
    from rich.live import Live
    from rich.markup import escape
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from fuzz import campaign
    from fuzz.signature import of as signature_of
    from fuzz.state import StateError

    start, classes, buckets, avoided = time.time(), Counter(), set(), []
    klass = {"exact": "pass", "within-bound": "rounding", "out-of-bound": "miscompile",
             "nan/inf-mismatch": "miscompile", "compiler-crash": "crash", "runtime-error": "crash",
             "timeout": "timeout", "rejected": "rejected", "flaky": "flaky", "known-limitation": "limitation",
             "not-expressible": "not-expressible"}
    per_config: dict = {c.name: Counter() for c in settings.configs}
    from fuzz import report as page_writer
    corpus = settings.corpus and Path(settings.corpus)  # rewrites OUT/report/index.html every few minutes:
    live = page_writer.Live(settings.out, corpus, log=lambda m: console.print(m, markup=False))
    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                        console=console)
    with Live(Group(progress, _LiveTable(per_config)), console=console, refresh_per_second=2):
        task = progress.add_task("fuzzing", total=settings.cases)

        def on_report(i: int, report) -> None:
            for r in report.findings:
                progress.console.print(f"  [red]{escape(report.case.name)}[/]: {escape(r.config)} {r.verdict.value} "
                                       f"({r.stage}) {escape(r.headline[:90])}")
            classes.update(klass[r.verdict.value] for r in report.results if r.verdict.value in klass)
            for r in report.results:
                per_config[r.config][klass.get(r.verdict.value, r.verdict.value)] += 1
            if report.findings:
                buckets.add(signature_of(report).bucket_key)
            progress.update(task, advance=1)
            done = progress.tasks[0].completed
            rate = done / max(time.time() - start, 1e-9) * 60
            left = "" if settings.budget_s is None else f", {max(settings.budget_s - (time.time() - start), 0):.0f} s left"
            counts = " ".join(f"{k} {classes[k]}" for k in ("pass", "rounding", "miscompile", "crash", "timeout",
                                                           "rejected") if classes[k])
            avoiding = f" | avoiding {', '.join(avoided)}" if avoided else ""
            progress.update(task,
                            description=f"{rate:.1f} cases/min | {counts} | {len(buckets)} buckets{left}{avoiding}")
            live(i, report)

        def on_steer(message: str) -> None:
            avoided.append(message.split()[1])
            progress.console.print(f"  [yellow]{escape(message)}[/]")

        try:
            return campaign.run(settings, on_report, resume=resume, on_steer=on_steer)
        except StateError as e:
            raise click.ClickException(str(e)) from None


def _reduce_buckets(console, stats, out: Path, sel, reduce_s: float, after=lambda: None) -> None:
    from rich.markup import escape

    from fuzz import workflow
    from fuzz.store import inside
    for b in stats.buckets.values():
        folder = inside(out, "reduced", b.key)
        console.print(f"reducing bucket {b.key} ({b.count} cases): {escape(b.signature)}")
        case = _load_case(str(inside(out, "findings", b.smallest, "case.json")))
        red = workflow.reduce_and_bundle(case, sel, folder, reduce_s, lambda m: console.print(m, markup=False))
        console.print(f"  -> {folder}/ ({red.summary()['ratio']:.1%} of the elements)", markup=False)
        after()


class _LiveTable:
    """Per-configuration verdict classes, redrawn under the progress bar while a campaign runs."""

    COLUMNS = ("pass", "rounding", "miscompile", "crash", "timeout", "rejected", "compiled", "not-expressible")

    def __init__(self, counts: dict):
        self.counts = counts

    def __rich__(self):
        from rich.table import Table
        table = Table("configuration", *self.COLUMNS, box=None, padding=(0, 1))
        for name, c in self.counts.items():
            if sum(c.values()):
                table.add_row(name, *(str(c[k]) for k in self.COLUMNS))
        return table


def frontends_selection(settings):
    """The selection a resumed campaign was started with (its configurations, as saved)."""
    import frontends
    return frontends.Selection(settings.configs, settings.compile_only, ())


@main.command("status")
@click.argument("out", type=click.Path(file_okay=False, exists=True))
@click.option("--corpus", type=click.Path(file_okay=False, exists=True),
              help="Mark buckets whose failures a bug kept in CORPUS/findings/ already shows [default: the corpus "
                   "the campaign was started with, else ./corpus, else kernelfuzz's own].")
def status_cmd(out: str, corpus: str | None) -> None:
    """Progress of a running or finished campaign in OUT: cases done, throughput, verdicts, bug buckets
    (each marked new or known from the corpus)."""
    import datetime

    from fuzz import campaign
    from fuzz.state import StateError, open_existing

    try:
        st = open_existing(Path(out))
    except StateError as e:
        raise click.ClickException(str(e)) from None
    try:
        settings, rows, events = st.settings(), st.rows(), st.events()
    finally:
        st.close()
    stats = campaign.Stats()
    for row in rows:
        stats.add(row)
    console = _console()
    first = events[0][0] if events else 0.0
    finished = bool(events) and events[-1][1] == "finish"
    elapsed = (events[-1][0] if finished else datetime.datetime.now().timestamp()) - first
    state = "finished" if finished else "running or interrupted"
    rate = f"{len(rows) / max(elapsed, 1e-9) * 3600:.0f} cases/hour" if rows or finished else _warming_up(settings)
    console.print(f"{out}: {len(rows)} of {settings['cases']} cases ({state}), seed {settings['seed']}, "
                  f"{rate} over {elapsed:.0f} s", markup=False, soft_wrap=True)
    if "swarm" in settings:
        from fuzz.swarm import Swarm
        console.print(f"generator: {Swarm.from_json(settings['swarm']).describe()}"
                      + (", avoiding known bugs" if settings.get("avoid_known") else ""), markup=False)
    for _, _, detail in (e for e in events if e[1] == "avoid"):
        console.print(f"  {detail}", markup=False, style="yellow")
    for _, _, detail in (e for e in events if e[1] == "generator"):  # left unrecorded: a bug of kernelfuzz's
        console.print(f"  not drawn (a kernelfuzz bug, please report): {detail}", markup=False, style="red")
    _print_summary(console, stats, out, _status_corpus(console, corpus, settings.get("corpus")))


def _warming_up(settings: dict) -> str:
    """Why a campaign that has finished nothing yet shows no throughput: its lanes are still loading."""
    from fuzz.isolate import warm_up_notes
    from fuzz.state import configs_from_json

    notes = warm_up_notes(configs_from_json(settings["configs"]))
    return ("warming up: no case finished yet; each lane first loads " + " and ".join(notes) if notes
            else "no case finished yet")


def _campaign_corpus(console, given: str | None, out: Path) -> Path | None:
    """The corpus for the campaign in ``out`` (see ``_status_corpus``), read from its settings."""
    from fuzz.state import open_existing

    st = open_existing(out)
    try:
        recorded = st.settings().get("corpus")
    finally:
        st.close()
    return _status_corpus(console, given, recorded)


def _status_corpus(console, given: str | None, recorded: str | None) -> Path | None:
    """--corpus, else the corpus the campaign was started with, else the default one; None (said so) if none."""
    if given:
        return Path(given)
    if recorded and Path(recorded, "findings").is_dir():
        return Path(recorded)
    found = _default_corpus()
    if recorded:
        console.print(f"kernelfuzz: the corpus this campaign was started with ({recorded}) is gone"
                      + (f"; comparing with {found}" if found else ""), markup=False)
    if found is None:
        console.print("kernelfuzz: no corpus found (no ./corpus/findings): buckets are not compared with known bugs; "
                      "pass --corpus DIR", markup=False)
    return found


def _bucket_status(b, seen_in: dict | None) -> str:
    from rich.markup import escape
    if seen_in is None:
        return "not compared (no corpus)"
    if not b.entries:
        return "not compared (saved by an earlier kernelfuzz)"
    hits = escape(", ".join(sorted({name for e in b.entries for name in seen_in.get(tuple(e), ())})))
    if not any(tuple(e) in seen_in for e in b.entries):
        return "[green]new[/]"
    return f"known ({hits})" if all(tuple(e) in seen_in for e in b.entries) else f"[yellow]partly known[/] ({hits})"


def _print_summary(console, stats, out: str, corpus: Path | None) -> None:
    from rich.markup import escape
    from rich.table import Table

    from fuzz.oracle import Verdict

    rows = stats.table()
    seen = [v.value for v in Verdict if any(v.value in r["verdicts"] for r in rows)]
    table = Table("configuration", "compiled", "ran", "median compile s", "median run s", *seen,
                  title=escape(f"{stats.cases} cases, {stats.findings} with findings in {len(stats.buckets)} bug "
                               f"buckets (saved under {out}/findings)"))
    for r in rows:
        table.add_row(escape(r["config"]), f"{r['compiled']:.0%}", f"{r['ran']:.0%}", str(r["median_compile_s"]),
                      str(r["median_run_s"]), *(str(r["verdicts"].get(v, 0)) for v in seen))
    console.print(table)
    from fuzz import tables
    from fuzz.signature import known
    seen_in = known(corpus) if corpus is not None else None
    console.print(tables.masked(stats, seen_in or {}))
    if stats.feature_cases:
        console.print(tables.features(stats, seen_in or {}))
    for b in sorted(stats.buckets.values(), key=lambda b: -b.count):
        console.print(f"  bucket {b.key}: {b.count} case(s), first #{b.first}, last #{b.last}, "
                      f"smallest {escape(b.smallest)}, {_bucket_status(b, seen_in)}: {escape(b.signature[:300])}")


@main.command("report")
@click.argument("out", type=click.Path(file_okay=False, exists=True))
@click.option("--corpus", type=click.Path(file_okay=False, exists=True),
              help="Mark buckets whose failures a bug kept in CORPUS/findings/ already shows, with its write-up "
                   "[default: the corpus the campaign was started with, else ./corpus, else kernelfuzz's own].")
def report_cmd(out: str, corpus: str | None) -> None:
    """Write OUT/report/index.html for a running or finished campaign: one page with the campaign's
    compilers, throughput and findings over time, configuration x verdict counts, bug buckets with their
    evidence, bundles and write-ups, and per-feature statistics. It opens from disk; no server needed."""
    from fuzz import report
    from fuzz.state import StateError

    try:
        path = report.write(Path(out), _campaign_corpus(_console(), corpus, Path(out)))
    except StateError as e:
        raise click.ClickException(str(e)) from None
    click.echo(f"report: {path}")


@main.command("reduce", epilog="""\b
Examples:
  kernelfuzz reduce fuzz-out/findings/seed123/case.json --time 300
  kernelfuzz reduce case.json --configs 'tvm:cpu,tvm:cpu-compute-at' --out bundle/
""")
@click.argument("case_path", metavar="CASE", type=click.Path(exists=True, dir_okay=False))
@click.option("--configs", "pattern", default=DEFAULT_CONFIGS, show_default=True,
              help="Configurations to find the failure in (comma-separated globs).")
@click.option("--time", "budget", default=300.0, show_default=True, type=SECONDS,
              help="Seconds for the workload passes.")
@click.option("--out", type=click.Path(file_okay=False), help="Bundle folder [default: reduced/<case name>].")
def reduce_cmd(case_path: str, pattern: str, budget: float, out: str | None) -> None:
    """Shrink a failing CASE to a minimal repro with the same failure signature, minimize the
    pipeline (flags, schedule trace) and write an upstream-ready bundle."""
    from fuzz import workflow
    from fuzz.store import inside

    case = _load_case(case_path)
    sel = _select(pattern)
    folder = Path(out) if out else inside("reduced", case.name)
    console = _console()
    _warm_up_note(sel.configs)
    try:
        result = workflow.reduce_and_bundle(case, sel, folder, budget, lambda m: console.print(m, markup=False))
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    s = result.summary()
    console.print(f"reduced {s['elements'][0]} -> {s['elements'][1]} elements ({s['ratio']:.1%}) in "
                  f"{s['seconds']} s, {s['tests']} tests; signature: {s['signature']}", markup=False)
    if s["pipeline"]:
        console.print(f"pipeline: {json.dumps(s['pipeline'])}", markup=False)
    console.print(f"bundle: {folder}/ (README.md, case.json, inputs/, reference/, check.py, tvm_*.py, iree.sh)",
                  markup=False)


@main.command("replay", epilog="""\b
Examples:
  kernelfuzz replay corpus/                       # what `make test` runs
  kernelfuzz replay corpus/findings --configs 'iree:*'
""")
@click.argument("root", default="corpus", type=click.Path(exists=True))
@click.option("--configs", "pattern", default=DEFAULT_CONFIGS, show_default=True,
              help="Configurations available to replay; cases name their own expected ones.")
def replay_cmd(root: str, pattern: str) -> None:
    """Re-run every saved case under ROOT against the installed compilers and print still failing /
    fixed / changed / regressed per configuration.  Exits with status 1 when a case regresses or a
    file cannot be used (unreadable, or invalid): a damaged corpus fails like a regression."""
    import frontends
    from fuzz.isolate import Lane
    from fuzz.replay import replay

    sel = _select(pattern)
    configs = {c.name: c for c in sel.configs}
    unselected = frozenset(c.name for c in frontends.all_configs()) - set(configs) - {n for n, _ in sel.skipped}
    default = tuple(n for n in ("tvm:cpu", "iree:cpu-O0", "iree:cpu-O2") if n in configs)
    console = _console()
    _warm_up_note(sel.configs)
    lane = Lane.for_configs(sel.configs)
    try:
        rows = replay(Path(root), lane, configs, sel.compile_only, default, unselected=unselected,
                      on_error=lambda msg: console.print(msg, style="yellow", markup=False, soft_wrap=True))
    finally:
        lane.close()
    sys.exit(_print_replay(console, root, rows))


def _print_replay(console, root: str, rows) -> int:
    """Rows grouped under each case path, printed whole; then the count line.  Returns the exit status."""
    from collections import Counter

    from rich.text import Text

    from fuzz.replay import FAILED, Outcome

    style = {Outcome.REGRESSED: "red", Outcome.UNREADABLE: "red", Outcome.INVALID: "red", Outcome.FIXED: "green",
             Outcome.CHANGED: "yellow"}
    width = max((len(r.config) for r in rows), default=1)
    console.print(Text(f"replay of {root}", style="bold"))
    path = None
    for r in rows:
        if r.path != path:
            path = r.path
            console.print(Text(f"  {path}"), soft_wrap=True)
        detail = f"expected {r.expected}, got {r.got}" if r.got and r.config else r.got or f"expected {r.expected}"
        console.print(Text.assemble("    ", (r.config or "-").ljust(width), "  ",
                                    (r.outcome.value.ljust(16), style.get(r.outcome, "")), "  ", detail),
                      soft_wrap=True)
    counts = Counter(r.outcome for r in rows)
    console.print(", ".join(f"{counts[o]} {o.value}" for o in Outcome if counts[o]) or "no cases", markup=False)
    return 1 if any(counts[o] for o in FAILED) else 0


@main.command("show")
@click.argument("case_path", metavar="CASE", type=click.Path(exists=True, dir_okay=False))
def show_cmd(case_path: str) -> None:
    """Describe a case: inputs and their values, ops with shapes, stored schedules, expectations."""
    case = _load_case(case_path)
    types = case.tensor_types()
    click.echo(f"{case.name}: {case.note}")
    if case.swarm:
        click.echo(f"  switched off: {', '.join(case.swarm)}")
    for t in case.inputs:
        v = t.values
        dist = f"int [{v.low}, {v.high}]" if v.dist == "int" else f"{v.dist} (scale {v.scale})"
        click.echo(f"  input  {t.name}: {t.dtype}{list(t.shape)}  {dist}, seed {v.seed}")
    for op in case.ops:
        shape, dtype = types[op.name]
        click.echo(f"  op     {op.name}({', '.join(op.inputs)}) -> {dtype}{list(shape)}: {op.describe()}")
    click.echo(f"  outputs {', '.join(case.outputs)}")
    for cfg, trace in case.schedules:
        traces = json.loads(trace)  # [instructions, decisions], or one such per PrimFunc (Relax configurations)
        per = traces if isinstance(traces, dict) else {"": traces}
        counts = [len(t[0]) for t in per.values() if isinstance(t, list) and t and isinstance(t[0], list)]
        click.echo(f"  schedule for {cfg}: " + ("a schedule trace" if len(counts) != len(per) else
                                                  f"{sum(counts)} trace instructions"
                                                  + (f" in {len(per)} PrimFunc(s)" if isinstance(traces, dict) else "")))
    for cfg, verdict in case.expect:
        click.echo(f"  expect {cfg}: {verdict}")


@main.command("generate")
@click.option("--seed", default=0, show_default=True, help="Generator seed.")
@click.option("--space", type=click.Choice(["default", "wide"]), default="default", show_default=True,
              help="Generator space (see `kernelfuzz fuzz --help`).")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write the case here instead of stdout.")
@_swarm_options
def generate_cmd(seed: int, space: str, output: str | None, swarm_mode: str, without: str, only: str) -> None:
    """Print (or save) the fully materialized case that SEED generates, under the same swarm options as `fuzz`."""
    from fuzz.generator import SPACES, generate
    from fuzz.store import atomic_write
    from fuzz.values import with_digests
    from fuzz.workload import dumps

    text = dumps(with_digests(generate(seed, SPACES[space], _swarm(swarm_mode, without, only))))
    if output:
        atomic_write(output, text)
    else:
        click.echo(text, nl=False)


if __name__ == "__main__":
    main()
