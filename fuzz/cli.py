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


def _select(pattern: str):
    """The frontend registry's selection for --configs, or a clear usage error."""
    import frontends

    sel = frontends.select(pattern)
    for name, why in sel.skipped:
        click.echo(f"kernelfuzz: skipping {name}: {why}", err=True)
    if not sel.configs:
        if not sel.skipped:
            names = ", ".join(c.name for c in frontends.all_configs())
            raise click.UsageError(f"--configs {pattern!r} matches no configuration; choose from: {names}")
        raise click.UsageError(f"no configuration selected by --configs {pattern!r} is available here")
    return sel


def _console():
    import shutil

    from rich.console import Console
    return Console(width=max(shutil.get_terminal_size((160, 40)).columns, 140))


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def main() -> None:
    """Differential fuzzer for ML compilers: random conv and generic workloads through TVM and IREE,
    judged against an exact numpy reference."""


@main.command("configs")
def configs_cmd() -> None:
    """List every configuration and whether it runs, only compiles, or is unavailable here."""
    from rich.table import Table

    import frontends

    table = Table("configuration", "status", "why", "profile", "description")
    for c in frontends.all_configs():
        a = frontends.availability(c)
        style = {"runs": "green", "compile-only": "yellow", "unavailable": "red"}[a.status]
        table.add_row(c.name, f"[{style}]{a.status}[/]", a.why, c.profile,
                      c.description + (" [opt-in: select by exact name]" if c.opt_in else ""))
    _console().print(table)


def _load_case(path: str):
    from fuzz.workload import WorkloadError, load

    try:
        return load(path)
    except WorkloadError as e:
        raise click.ClickException(str(e)) from None


@main.command("run")
@click.argument("cases", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option("--configs", "pattern", default=DEFAULT_CONFIGS, show_default=True,
              help="Comma-separated globs over configuration names, e.g. 'tvm:*,iree:cpu-O2'.")
@click.option("--compile-timeout", default=180.0, show_default=True, help="Seconds per compile.")
@click.option("--run-timeout", default=120.0, show_default=True, help="Seconds per run.")
def run_cmd(cases, pattern: str, compile_timeout: float, run_timeout: float) -> None:
    """Run case files through every selected configuration and print one verdict per configuration.

    Exits with status 1 when any configuration produces a finding."""
    from fuzz.isolate import Lane
    from fuzz.reference import UndefinedBehavior
    from fuzz.runner import Timeouts, run_case

    sel = _select(pattern)
    loaded = [(p, _load_case(p)) for p in cases]
    lane = Lane(tuple(sorted({c.module for c in sel.configs})))
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
    from rich.table import Table

    table = Table("compile s", "run s", "max |err|", "bound", "err/bound", "ulps", "bad", "verdict", "detail",
                  title=f"{path} ({report.case.name}; reference {report.reference_s:.2f} s)")
    table.add_column("configuration", no_wrap=True)
    table.columns.insert(0, table.columns.pop())
    for r in report.results:
        e = r.evidence
        style = "red" if r.verdict.is_finding else "green"
        flags = "" if e is None else " ".join(f for f, on in (("overflow", e.overflow), ("nan/inf", e.nonfinite)) if on)
        table.add_row(r.config, f"{r.compile_s:.3f}", f"{r.run_s:.3f}",
                      *(("",) * 5 if e is None else (_fmt(e.max_abs_err), _fmt(e.max_bound), _fmt(e.max_ratio),
                                                    str(e.max_ulps), str(e.bad))),
                      f"[{style}]{r.verdict.value}[/]", " ".join(x for x in (flags, r.headline[:100]) if x))
    console = _console()
    console.print(table)
    if report.divergent:
        ok = [r.config for r in report.results if r.compiled]
        shown = ", ".join(ok[:3]) + (f" and {len(ok) - 3} more" if len(ok) > 3 else "")
        console.print(f"[red]compile-divergence[/]: {', '.join(report.divergent)} fail(s) to compile what {shown} "
                      f"compile(s)")


@main.command("fuzz")
@click.option("--cases", default=100, show_default=True, help="Number of generated cases.")
@click.option("--seed", default=0, show_default=True, help="Campaign seed; case i is generated from (seed, i).")
@click.option("--space", type=click.Choice(["default", "wide"]), default="default", show_default=True,
              help="Generator space: default (about a second per configuration) or wide (larger shapes, "
                   "edge extents, bigger conv attributes, chains of up to five ops).")
@click.option("--out", default="fuzz-out", show_default=True, type=click.Path(file_okay=False),
              help="Output directory: findings/ and summary.json.")
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(1, 64), help="Parallel worker lanes.")
@click.option("--configs", "pattern", default=DEFAULT_CONFIGS, show_default=True,
              help="Comma-separated globs over configuration names.")
@click.option("--compile-timeout", default=180.0, show_default=True, help="Seconds per compile.")
@click.option("--run-timeout", default=120.0, show_default=True, help="Seconds per run.")
@click.option("--time", "budget", type=float, help="Stop starting new cases after this many seconds.")
@click.option("--cluster", help="Dask scheduler address (tcp://HOST:8786): run the cases on its workers.")
@click.option("--resume", "resume_dir", type=click.Path(file_okay=False, exists=True),
              help="Continue the campaign in this output directory (its own settings; other options ignored).")
@click.option("--reduce", "reduce_s", default=0.0, show_default=True,
              help="After the campaign, reduce the smallest case of every bug bucket for this many seconds "
                   "each into OUT/reduced/<bucket>/ (0: off).")
def fuzz_cmd(cases: int, seed: int, space: str, out: str, jobs: int, pattern: str, compile_timeout: float,
             run_timeout: float, budget: float | None, cluster: str | None, resume_dir: str | None,
             reduce_s: float) -> None:
    """Generate CASES random workloads, run each through the selected configurations, and save every
    mismatching, crashing or rejected case under OUT/findings/, grouped into bug buckets."""
    from rich.console import Group
    from rich.live import Live
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from fuzz import campaign
    from fuzz.runner import Timeouts

    import dataclasses
    import time

    from fuzz.state import StateError

    try:
        if resume_dir:
            out = resume_dir
            settings = dataclasses.replace(campaign.resume_settings(Path(out)), budget_s=budget)
            sel = frontends_selection(settings)
        else:
            sel = _select(pattern)
            settings = campaign.Settings(cases, seed, Path(out), sel.configs, jobs,
                                         Timeouts(compile_timeout, run_timeout), sel.compile_only, budget, cluster,
                                         space)
    except StateError as e:
        raise click.ClickException(str(e)) from None
    console = _console()
    console.print(f"kernelfuzz: {settings.cases} cases, seed {settings.seed}, {len(settings.configs)} configurations, "
                  f"{settings.jobs} job(s), output {out}/" + (" (resuming)" if resume_dir else ""))
    from collections import Counter

    from fuzz.signature import of as signature_of

    found, start, classes, buckets = 0, time.time(), Counter(), set()
    klass = {"exact": "pass", "within-bound": "rounding", "out-of-bound": "miscompile",
             "nan/inf-mismatch": "miscompile", "compiler-crash": "crash", "runtime-error": "crash",
             "timeout": "timeout", "rejected": "rejected", "flaky": "flaky", "not-expressible": "not-expressible"}
    per_config: dict = {c.name: Counter() for c in settings.configs}
    from fuzz import report as page_writer
    live = page_writer.Live(Path(out), log=console.print)  # rewrites OUT/report/index.html every few minutes
    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                        console=console)
    with Live(Group(progress, _LiveTable(per_config)), console=console, refresh_per_second=2):
        task = progress.add_task("fuzzing", total=settings.cases)

        def on_report(i: int, report) -> None:
            nonlocal found
            found += bool(report.findings)
            for r in report.findings:
                progress.console.print(f"  [red]{report.case.name}[/]: {r.config} {r.verdict.value} ({r.stage}) "
                                       f"{r.headline[:90]}")
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
            progress.update(task, description=f"{rate:.1f} cases/min | {counts} | {len(buckets)} buckets{left}")
            live(i, report)

        try:
            stats = campaign.run(settings, on_report, resume=bool(resume_dir))
        except StateError as e:
            raise click.ClickException(str(e)) from None
    _print_summary(console, stats, out)
    page = page_writer.write(Path(out))
    if reduce_s > 0:
        from fuzz import workflow
        from fuzz.workload import load
        for b in stats.buckets.values():
            folder = Path(out) / "reduced" / b.key
            console.print(f"reducing bucket {b.key} ({b.count} cases): {b.signature}")
            red = workflow.reduce_and_bundle(load(Path(out) / "findings" / b.smallest / "case.json"), sel, folder,
                                             reduce_s, console.print)
            console.print(f"  -> {folder}/ ({red.summary()['ratio']:.1%} of the elements)")
            page = page_writer.write(Path(out))
    console.print(f"report: {page}", markup=False, highlight=False, soft_wrap=True)


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
@click.option("--corpus", default="corpus", show_default=True, type=click.Path(file_okay=False),
              help="Mark buckets whose failures a bug kept in CORPUS/findings/ already shows.")
def status_cmd(out: str, corpus: str) -> None:
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
    elapsed = (events[-1][0] if events and events[-1][1] == "finish" else datetime.datetime.now().timestamp()) - first
    state = "finished" if events and events[-1][1] == "finish" else "running or interrupted"
    console.print(f"{out}: {len(rows)} of {settings['cases']} cases ({state}), seed {settings['seed']}, "
                  f"{len(rows) / max(elapsed, 1e-9) * 3600:.0f} cases/hour over {elapsed:.0f} s")
    _print_summary(console, stats, out, corpus)


def _print_summary(console, stats, out: str, corpus: str = "corpus") -> None:
    from rich.table import Table

    from fuzz.oracle import Verdict

    rows = stats.table()
    seen = [v.value for v in Verdict if any(v.value in r["verdicts"] for r in rows)]
    table = Table("configuration", "compiled", "ran", "median compile s", "median run s", *seen,
                  title=f"{stats.cases} cases, {stats.findings} with findings in {len(stats.buckets)} bug buckets "
                        f"(saved under {out}/findings)")
    for r in rows:
        table.add_row(r["config"], f"{r['compiled']:.0%}", f"{r['ran']:.0%}", str(r["median_compile_s"]),
                      str(r["median_run_s"]), *(str(r["verdicts"].get(v, 0)) for v in seen))
    console.print(table)
    if stats.feature_cases:
        ft = Table("feature", "cases", "with findings", "share", "finding verdicts",
                   title="What the cases exercised, most finding-prone first (never-failing features are blind spots "
                         "or robust code)")
        for r in stats.feature_table():
            ft.add_row(r["feature"], str(r["cases"]), str(r["with_findings"]), f"{r['with_findings'] / r['cases']:.0%}",
                       ", ".join(f"{v} {c}" for v, c in sorted(r["verdicts"].items())))
        console.print(ft)
    from fuzz.signature import known
    seen_in = known(Path(corpus)) if Path(corpus).is_dir() else {}
    for b in sorted(stats.buckets.values(), key=lambda b: -b.count):
        hits = sorted({name for e in b.entries for name in seen_in.get(tuple(e), ())})
        status = "not compared (saved by an earlier kernelfuzz)" if not b.entries else \
            "[green]new[/]" if not any(tuple(e) in seen_in for e in b.entries) else \
            f"known ({', '.join(hits)})" if all(tuple(e) in seen_in for e in b.entries) else \
            f"[yellow]partly known[/] ({', '.join(hits)})"
        console.print(f"  bucket {b.key}: {b.count} case(s), first #{b.first}, last #{b.last}, "
                      f"smallest {b.smallest}, {status}: {b.signature[:300]}")


@main.command("report")
@click.argument("out", type=click.Path(file_okay=False, exists=True))
@click.option("--corpus", default="corpus", show_default=True, type=click.Path(file_okay=False),
              help="Mark buckets whose failures a bug kept in CORPUS/findings/ already shows, with its write-up.")
def report_cmd(out: str, corpus: str) -> None:
    """Write OUT/report/index.html for a running or finished campaign: one page with the campaign's
    compilers, throughput and findings over time, configuration x verdict counts, bug buckets with their
    evidence, bundles and write-ups, and per-feature statistics. It opens from disk; no server needed."""
    from fuzz import report
    from fuzz.state import StateError

    try:
        path = report.write(Path(out), Path(corpus))
    except StateError as e:
        raise click.ClickException(str(e)) from None
    click.echo(f"report: {path}")


@main.command("reduce")
@click.argument("case_path", metavar="CASE", type=click.Path(exists=True, dir_okay=False))
@click.option("--configs", "pattern", default=DEFAULT_CONFIGS, show_default=True,
              help="Configurations to find the failure in (comma-separated globs).")
@click.option("--time", "budget", default=300.0, show_default=True, help="Seconds for the workload passes.")
@click.option("--out", type=click.Path(file_okay=False), help="Bundle folder [default: reduced/<case name>].")
def reduce_cmd(case_path: str, pattern: str, budget: float, out: str | None) -> None:
    """Shrink a failing CASE to a minimal repro with the same failure signature, minimize the
    pipeline (flags, schedule trace) and write an upstream-ready bundle."""
    from fuzz import workflow

    case = _load_case(case_path)
    sel = _select(pattern)
    folder = Path(out or f"reduced/{case.name}")
    console = _console()
    try:
        result = workflow.reduce_and_bundle(case, sel, folder, budget, console.print)
    except ValueError as e:
        raise click.ClickException(str(e)) from None
    s = result.summary()
    console.print(f"reduced {s['elements'][0]} -> {s['elements'][1]} elements ({s['ratio']:.1%}) in "
                  f"{s['seconds']} s, {s['tests']} tests; signature: {s['signature']}")
    if s["pipeline"]:
        console.print(f"pipeline: {s['pipeline']}")
    console.print(f"bundle: {folder}/ (README.md, case.json, inputs/, reference/, check.py, tvm_*.py, iree.sh)")


@main.command("replay")
@click.argument("root", default="corpus", type=click.Path(exists=True))
@click.option("--configs", "pattern", default=DEFAULT_CONFIGS, show_default=True,
              help="Configurations available to replay; cases name their own expected ones.")
def replay_cmd(root: str, pattern: str) -> None:
    """Re-run every saved case under ROOT against the installed compilers and print still failing /
    fixed / changed / regressed per configuration. Exits with status 1 when a case regresses."""
    from collections import Counter

    from rich.table import Table

    from fuzz.isolate import Lane
    from fuzz.replay import Outcome, replay

    sel = _select(pattern)
    configs = {c.name: c for c in sel.configs}
    default = tuple(n for n in ("tvm:cpu", "iree:cpu-O0", "iree:cpu-O2") if n in configs)
    console = _console()
    lane = Lane(tuple(sorted({c.module for c in sel.configs})))
    try:
        rows = replay(Path(root), lane, configs, sel.compile_only, default,
                      on_error=lambda msg: console.print(f"[yellow]{msg}[/]"))
    finally:
        lane.close()
    table = Table("case", "configuration", "expected", "got", "outcome", title=f"replay of {root}")
    for r in rows:
        style = {"regressed": "red", "fixed": "green", "changed": "yellow"}.get(r.outcome.value, "")
        table.add_row(r.path, r.config, r.expected, r.got, f"[{style}]{r.outcome.value}[/]" if style else r.outcome.value)
    console.print(table)
    counts = Counter(r.outcome.value for r in rows)
    console.print(", ".join(f"{n} {k}" for k, n in sorted(counts.items())) or "no cases")
    sys.exit(1 if counts[Outcome.REGRESSED.value] else 0)


@main.command("show")
@click.argument("case_path", metavar="CASE", type=click.Path(exists=True, dir_okay=False))
def show_cmd(case_path: str) -> None:
    """Describe a case: inputs and their values, ops with shapes, stored schedules, expectations."""
    from fuzz.workload import Conv2d, expr_to_json

    case = _load_case(case_path)
    types = case.tensor_types()
    click.echo(f"{case.name}: {case.note}")
    for t in case.inputs:
        v = t.values
        dist = f"int [{v.low}, {v.high}]" if v.dist == "int" else f"{v.dist} (scale {v.scale})"
        click.echo(f"  input  {t.name}: {t.dtype}{list(t.shape)}  {dist}, seed {v.seed}")
    for op in case.ops:
        shape, dtype = types[op.name]
        if isinstance(op, Conv2d):
            what = (f"conv2d {op.layout} stride {list(op.stride)} dilation {list(op.dilation)} "
                    f"padding {list(op.padding)} groups {op.groups} acc {op.acc}")
        else:
            maps = "; ".join(", ".join(map(str, m)) for m in op.maps)
            what = (f"generic dims {list(op.dims)} {''.join(t[0] for t in op.iterators)} maps [{maps}] "
                    f"reduce {op.reduce} body {json.dumps(expr_to_json(op.body))}")
        click.echo(f"  op     {op.name}({', '.join(op.inputs)}) -> {dtype}{list(shape)}: {what}")
    click.echo(f"  outputs {', '.join(case.outputs)}")
    for cfg, trace in case.schedules:
        traces = json.loads(trace)  # one trace, or one per PrimFunc (Relax configurations)
        per = traces if isinstance(traces, dict) else {"": traces}
        click.echo(f"  schedule for {cfg}: {sum(len(t[0]) for t in per.values())} trace instructions"
                   + (f" in {len(per)} PrimFunc(s)" if isinstance(traces, dict) else ""))
    for cfg, verdict in case.expect:
        click.echo(f"  expect {cfg}: {verdict}")


@main.command("generate")
@click.option("--seed", default=0, show_default=True, help="Generator seed.")
@click.option("--space", type=click.Choice(["default", "wide"]), default="default", show_default=True,
              help="Generator space (see `kernelfuzz fuzz --help`).")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write the case here instead of stdout.")
def generate_cmd(seed: int, space: str, output: str | None) -> None:
    """Print (or save) the fully materialized case that SEED generates."""
    from fuzz.generator import SPACES, generate
    from fuzz.store import atomic_write
    from fuzz.values import with_digests
    from fuzz.workload import dumps

    text = dumps(with_digests(generate(seed, SPACES[space])))
    if output:
        atomic_write(output, text)
    else:
        click.echo(text, nl=False)


if __name__ == "__main__":
    main()
