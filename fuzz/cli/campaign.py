"""Campaign commands: fuzz (with its live progress), status and report."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from fuzz.cli import common, exits, tables

RESUMABLE = ("cases", "budget", "jobs", "reduce_s", "resume_dir")  # options that apply to a resumed campaign


@click.command("fuzz", epilog="""\b
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
              help="Output directory (new, empty, or a campaign's): findings/, summary.json, report/.")
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(1, 64), help="Parallel worker lanes.")
@click.option("--batch", default=common.DEFAULT_BATCH, show_default=True, type=click.IntRange(1, 64),
              help="Cases compiled together by configurations that batch (IREE: one module, one iree-compile); "
                   "failures are attributed and confirmed by compiling the case alone, so verdicts are those "
                   "of --batch 1 (off).")
@click.option("--configs", "pattern", default=common.DEFAULT_CONFIGS, show_default=True,
              help="Comma-separated globs over configuration names, each matching some configuration (a typo is "
                   "an error); opt-in ones only by exact name.")
@click.option("--compile-timeout", default=180.0, show_default=True, type=common.SECONDS,
              help="Seconds per compile (a batch of N: this plus a quarter of it per further case).")
@common.run_timeout_option
@click.option("--time", "budget", type=common.SECONDS,
              help="Stop starting new cases after this many seconds (--resume continues them).")
@click.option("--cluster", help="Dask scheduler address (tcp://HOST:8786): run the cases on its workers; it must "
                                "answer within 10 s, before anything is written.")
@click.option("--run-on", "run_on", multiple=True, metavar="CONFIG=RESOURCE",
              help="With --cluster: compile CONFIG (a glob) anywhere, run it on a worker declaring RESOURCE "
                   "(`dask worker ... --resources cuda=1`), judge where the reference is; e.g. a GPU box with only "
                   "the runtime, or the CPU stand-in iree:cpu-O2=cpu-device. Repeatable.")
@click.option("--corpus", type=click.Path(file_okay=False, exists=True),
              help="Corpus whose findings mark bug buckets known (recorded for `kernelfuzz status`) "
                   "[default: ./corpus, else kernelfuzz's own].")
@click.option("--resume", "resume_dir", type=click.Path(file_okay=False, exists=True),
              help="Continue the campaign in this output directory with its own settings; only --cases (extends "
                   "it), --time, --jobs and --reduce may be given with it.")
@click.option("--reduce", "reduce_s", default=0.0, show_default=True, type=click.FloatRange(min=0),
              help="After the campaign, reduce the smallest case of every bug bucket for this many seconds "
                   "each into OUT/reduced/<bucket>/ (0: off).")
@common.swarm_options
@click.option("--real-configs", default=3, show_default=True, type=click.IntRange(min=0),
              help="Configurations a real-size case (size:real: a real model's layer or GPU tile-boundary sizes, "
                   "about a third of the default cases) runs on: a CPU control (iree:cpu-O2, else tvm:cpu) and the "
                   "rest drawn per case from the selected GPU configurations; 0: all.  Small cases run on every "
                   "configuration.")
@click.option("--real-sim-timeout", default=120.0, show_default=True, type=common.SECONDS,
              help="Seconds a real-size case's simulated run may take (a small case's: 5 times --run-timeout); "
                   "past it the run is `emulator-unsupported` (not simulated to the end), never a finding.  With "
                   "--compile-timeout and --run-timeout it bounds a real-size case's time.")
@click.option("--avoid-known/--no-avoid-known", default=True, show_default=True,
              help="Spend the cases where the corpus is not: draw a case again (at most 8 times; one such case in "
                   "ten runs anyway) when the features of a known bug's repros in the corpus predict it, and switch "
                   "off, for the rest of the campaign, each feature the statistics tie to a known bug (not with "
                   "--cluster, which draws every case up front).  A case drawn anyway and landing in a known bucket "
                   "is counted as known.")
@click.pass_context
@common.device_option
def fuzz_cmd(ctx: click.Context, resume_dir: str | None, reduce_s: float, **options) -> None:
    """Generate CASES random workloads, run each through the selected configurations, and save every
    mismatching, crashing or rejected case under OUT/findings/, grouped into bug buckets.

    A campaign has one driver: while this command runs, another `fuzz` on OUT (new or --resume) is refused
    with this one's PID; `status` and `report` still read it.  Ctrl-C or SIGTERM stops it within seconds, the
    cases in flight abandoned: `kernelfuzz fuzz --resume OUT` continues it.  Exit status 1 when the campaign
    holds a finding."""
    if options["cluster"]:  # the address's form first, before configurations are looked up; claim then connects
        from fuzz.campaign.cluster import check_address
        _cluster_error(lambda: check_address(options["cluster"]))
    settings, sel = _campaign_settings(ctx, resume_dir, lambda: _new_settings(options))
    _claim(ctx, settings, bool(resume_dir))  # the campaign's one driver until the command ends, report and --reduce too
    out = str(settings.out)
    console = common.console()
    if resume_dir and _finished(settings):
        console.print(f"kernelfuzz: the campaign in {out}/ is finished ({settings.cases} cases): `kernelfuzz status "
                      f"{out}` shows it; --cases N extends it", markup=False)
        sys.exit(exits.FOUND if _found(settings.out) else exits.NOTHING)
    exits.resume_hint(f"kernelfuzz fuzz --resume {out}")
    console.print(f"kernelfuzz: {settings.cases} cases, seed {settings.seed}, {len(settings.configs)} configurations, "
                  f"{settings.jobs} job(s), batches of {settings.batch}, {settings.swarm.describe()}"
                  + real_line(settings.real_configs, len(settings.configs))
                  + avoiding(vars(settings)) + f", output {out}/"
                  + (" (resuming)" if resume_dir else ""), markup=False)
    if not settings.cluster:
        common.warm_up_note(settings.configs, lambda m: console.print(m, markup=False))
    from fuzz.publish import report as page_writer

    stats = _run_campaign(console, settings, bool(resume_dir))
    corpus_path = settings.corpus and Path(settings.corpus)
    tables.summary(console, stats, out, corpus_path)
    page = page_writer.write(Path(out), corpus_path)
    if reduce_s > 0:
        _reduce_buckets(console, stats, Path(out), sel, reduce_s, lambda: page_writer.write(Path(out), corpus_path))
    console.print(f"report: {page}", markup=False, highlight=False, soft_wrap=True)
    sys.exit(exits.FOUND if stats.findings else exits.NOTHING)


def _new_settings(o: dict):
    """A new campaign's settings, by name, from the command's options (``o``), and its selection."""
    from fuzz.campaign import driver as campaign
    from fuzz.execute.runner import Timeouts

    swarm = common.swarm(o["swarm_mode"], o["without"], o["only"])
    sel = common.select(o["pattern"])
    home = Path(o["corpus"]).resolve() if o["corpus"] else common.default_corpus()
    routed = common.run_on(o["run_on"], sel.configs, o["cluster"])  # run on a worker: never compile-only for want
    # of a device
    return campaign.Settings(
        cases=o["cases"], seed=o["seed"], out=Path(o["out"]), configs=sel.configs, jobs=o["jobs"],
        timeouts=Timeouts(o["compile_timeout"], o["run_timeout"], o["real_sim_timeout"]),
        compile_only=sel.compile_only - {n for n, _ in routed},
        budget_s=o["budget"], cluster=o["cluster"], space=o["space"], corpus=home and str(home), swarm=swarm,
        avoid_known=o["avoid_known"] and not o["cluster"], avoid_corpus=o["avoid_known"], batch=o["batch"],
        run_on=routed, real_configs=o["real_configs"]), sel


def real_line(real_configs: int, configs: int) -> str:
    """The start line's word on the real-size cases' budget (``fuzz/execute/budget.py``)."""
    if not real_configs or configs <= real_configs:
        return ""
    return f", real-size cases on {real_configs} of the {configs} configurations each (a CPU control and GPU ones)"


def avoiding(settings: dict) -> str:
    """The status line's word on known-bucket avoidance (``settings``: a campaign's, as saved or as fields)."""
    ways = [w for w, on in (
        ("swarm weights learned from the corpus: a case it predicts known is drawn again",
         settings.get("avoid_corpus")),
        ("features tied to one switched off as the campaign learns", settings.get("avoid_known"))) if on]
    return f", avoiding known bugs ({'; '.join(ways)})" if ways else ", not avoiding known bugs"


def _finished(settings) -> bool:
    """Whether the campaign being resumed has every case of ``settings.cases`` recorded: nothing to run."""
    from fuzz.campaign.state import open_existing
    st = open_existing(settings.out)
    try:
        return len(st.done()) >= settings.cases
    finally:
        st.close()


def _found(out: Path) -> bool:
    from fuzz.campaign.state import open_existing
    st = open_existing(out)
    try:
        return any(row["findings"] for row in st.rows())
    finally:
        st.close()


def _cluster_error(check) -> None:
    """``check()``, with a malformed or silent scheduler as one line and the usage-error status."""
    from fuzz.campaign.cluster import ClusterError
    try:
        check()
    except ClusterError as e:
        raise common.BadInput(str(e)) from None


def _claim(ctx: click.Context, settings, resume: bool) -> None:
    """Check and take the campaign for this command (``fuzz.campaign.driver.claim``) before anything is written."""
    from fuzz.campaign import driver as campaign
    _cluster_error(lambda: ctx.with_resource(campaign.claim(settings, resume)))  # StateError: exits.Main says it


def _campaign_settings(ctx: click.Context, resume_dir: str | None, make):
    """A new campaign's settings and selection (``make()``), or a resumed one's: its own settings, extended to
    --cases when given; any other setting given with --resume is refused, never silently ignored."""
    import dataclasses

    from click.core import ParameterSource

    from fuzz.campaign import driver as campaign
    from fuzz.campaign.state import open_existing

    if not resume_dir:
        return make()
    given = lambda name: ctx.get_parameter_source(name) is ParameterSource.COMMANDLINE  # noqa: E731
    fixed = [p.opts[-1] for p in ctx.command.params if p.name not in RESUMABLE and given(p.name)]
    if fixed:
        raise click.UsageError(f"{fixed[0]} is a setting of the campaign in {resume_dir}/ and cannot change on "
                               "--resume (only --cases, --time, --jobs and --reduce apply)")
    settings, st = campaign.resume_settings(Path(resume_dir)), open_existing(Path(resume_dir))
    done = len(st.done())
    st.close()
    cases = ctx.params["cases"] if given("cases") else settings.cases
    if cases < done:
        raise click.UsageError(f"--cases {cases} is fewer than the {done} cases {resume_dir}/ has finished")
    jobs = ctx.params["jobs"] if given("jobs") else settings.jobs
    settings = dataclasses.replace(settings, cases=cases, jobs=jobs, budget_s=ctx.params["budget"])
    return settings, frontends_selection(settings)


def _run_campaign(console, settings, resume: bool):
    """The campaign with its live progress line and per-configuration table."""
    import time
    from collections import Counter

    from rich.console import Group
    from rich.live import Live
    from rich.markup import escape
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from fuzz.campaign import driver as campaign
    from fuzz.judge.signature import of as signature_of

    start, classes, buckets, avoided, redrawn = time.time(), Counter(), set(), [], [0]
    table = tables.LiveTable([c.name for c in settings.configs])
    from fuzz.publish import report as page_writer
    corpus = settings.corpus and Path(settings.corpus)  # rewrites OUT/report/index.html every few minutes:
    live = page_writer.Live(settings.out, corpus, log=lambda m: console.print(m, markup=False))
    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                        console=console)
    with Live(Group(progress, table), console=console, refresh_per_second=2):
        task = progress.add_task("fuzzing", total=settings.cases)

        def on_report(i: int, report) -> None:
            for r in report.findings:
                progress.console.print(f"  [red]{escape(report.case.name)}[/]: {escape(r.config)} {r.verdict.value} "
                                       f"({r.stage}) {escape(r.headline[:90])}")
            classes.update(tables.verdict_class(r) for r in report.results)
            table.add(report)
            if report.findings:
                buckets.add(signature_of(report).bucket_key)
            progress.update(task, advance=1)
            done = progress.tasks[0].completed
            rate = done / max(time.time() - start, 1e-9) * 60
            left = "" if settings.budget_s is None else f", {max(settings.budget_s - (time.time() - start), 0):.0f} s left"
            counts = " ".join(f"{k} {classes[k]}" for k in ("pass", "rounding", "miscompile", "crash", "timeout",
                                                           "rejected") if classes[k])
            avoiding = f" | avoiding {', '.join(avoided)}" if avoided else ""
            avoiding += f" | {redrawn[0]} redrawn as predicted known" if redrawn[0] else ""
            progress.update(task,
                            description=f"{rate:.1f} cases/min | {counts} | {len(buckets)} buckets{left}{avoiding}")
            live(i, report)

        def on_steer(message: str) -> None:
            if message.startswith("redrew "):  # one per case: counted in the status line, listed by `status`
                redrawn[0] += 1
                return
            if message.startswith("avoiding "):
                avoided.append(message.split()[1])
            progress.console.print(f"  [yellow]{escape(message)}[/]")

        stats = campaign.run(settings, on_report, resume=resume, on_steer=on_steer)
    if not console.is_terminal:  # rich ends the live display's last line only on a terminal
        console.line()
    return stats


def _reduce_buckets(console, stats, out: Path, sel, reduce_s: float, after=lambda: None) -> None:
    from rich.markup import escape

    from fuzz.publish import workflow
    from fuzz.store import inside
    for b in stats.buckets.values():
        folder = inside(out, "reduced", b.key)
        console.print(f"reducing bucket {b.key} ({b.count} cases): {escape(b.signature)}")
        case = common.load_case(str(inside(out, "findings", b.smallest, "case.json")))
        red = workflow.reduce_and_bundle(case, sel, folder, reduce_s, lambda m: console.print(m, markup=False))
        console.print(f"  -> {folder}/ ({red.summary()['ratio']:.1%} of the elements)", markup=False)
        after()


def frontends_selection(settings):
    """The selection a resumed campaign was started with (its configurations, as saved)."""
    from fuzz.execute.registry import Selection
    return Selection(settings.configs, settings.compile_only, ())


@click.command("status")
@click.argument("out", type=click.Path(file_okay=False, exists=True))
@click.option("--corpus", type=click.Path(file_okay=False, exists=True),
              help="Mark buckets whose failures a bug kept in CORPUS/findings/ already shows [default: the corpus "
                   "the campaign was started with, else ./corpus, else kernelfuzz's own].")
def status_cmd(out: str, corpus: str | None) -> None:
    """Progress of a running or finished campaign in OUT (or one --time stopped: --resume continues it): cases
    done, throughput, verdicts, bug buckets (each marked new or known from the corpus)."""
    import datetime

    from fuzz.campaign import driver as campaign
    from fuzz.campaign import state as state_mod
    from fuzz.campaign.state import open_existing

    st = open_existing(Path(out))  # StateError (not a campaign): exits.Main says it
    try:
        settings, rows, events = st.settings(), st.rows(), st.events()
    finally:
        st.close()
    stats = campaign.Stats()
    for row in rows:
        stats.add(row)
    console = common.console()
    ending = state_mod.ending(events, len(rows), settings["cases"])
    elapsed = state_mod.active_seconds(events, datetime.datetime.now().timestamp())
    resume = f"`kernelfuzz fuzz --resume {out}` continues it"
    driver = state_mod.driver_pid(Path(out)) if ending == "running" else None
    if ending == "running" and driver is None:  # no end recorded and no driver: killed outright
        ending = state_mod.INTERRUPTED
    state = {"finished": "finished", "running": f"running, driver PID {driver}", "budget": f"stopped at its time "
             f"budget; {resume}", state_mod.INTERRUPTED: f"interrupted; {resume}"}[ending]
    rate = (f"{len(rows) / max(elapsed, 1e-9) * 3600:.0f} cases/hour" if rows or ending != "running"
            else _warming_up(settings))
    console.print(f"{out}: {len(rows)} of {settings['cases']} cases ({state}), seed {settings['seed']}, "
                  f"{rate} over {elapsed:.0f} s", markup=False, soft_wrap=True)
    if "swarm" in settings:
        from fuzz.generate.swarm import Swarm
        console.print(f"generator: {Swarm.from_json(settings['swarm']).describe()}" + avoiding(settings), markup=False)
    for detail in dict.fromkeys(d for _, kind, d in events if kind == "avoid"):  # each resume says it again
        console.print(f"  {detail}", markup=False, style="yellow")
    redraws = [detail for _, kind, detail in events if kind == "redraw"]
    if redraws:
        console.print(f"  {len(redraws)} cases drawn again as predicted known, e.g. {redraws[-1]}", markup=False,
                      style="yellow", soft_wrap=True)
    lost = {"generator": "not drawn", "internal": "not decided"}  # left unrecorded: a bug of kernelfuzz's
    for _, kind, detail in (e for e in events if e[1] in lost):
        console.print(f"  {lost[kind]} (a kernelfuzz bug, please report): {detail}", markup=False, style="red")
    tables.summary(console, stats, out, _status_corpus(console, corpus, settings.get("corpus")))


def _warming_up(settings: dict) -> str:
    """Why a campaign that has finished nothing yet shows no throughput: its lanes are still loading."""
    from fuzz.campaign.state import configs_from_json
    from fuzz.execute.isolate import warm_up_notes

    notes = warm_up_notes(configs_from_json(settings["configs"]))
    return ("warming up: no case finished yet; each lane first loads " + " and ".join(notes) if notes
            else "no case finished yet")


def _campaign_corpus(console, given: str | None, out: Path) -> Path | None:
    """The corpus for the campaign in ``out`` (see ``_status_corpus``), read from its settings."""
    from fuzz.campaign.state import open_existing

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
    found = common.default_corpus()
    if recorded:
        console.print(f"kernelfuzz: the corpus this campaign was started with ({recorded}) is gone"
                      + (f"; comparing with {found}" if found else ""), markup=False)
    if found is None:
        console.print("kernelfuzz: no corpus found (no ./corpus/findings): buckets are not compared with known bugs; "
                      "pass --corpus DIR", markup=False)
    return found


@click.command("report")
@click.argument("out", type=click.Path(file_okay=False, exists=True))
@click.option("--corpus", type=click.Path(file_okay=False, exists=True),
              help="Mark buckets whose failures a bug kept in CORPUS/findings/ already shows, with its write-up "
                   "[default: the corpus the campaign was started with, else ./corpus, else kernelfuzz's own].")
def report_cmd(out: str, corpus: str | None) -> None:
    """Write OUT/report/index.html for a running or finished campaign: one page with the campaign's
    compilers, throughput and findings over time, configuration x verdict counts, bug buckets with their
    evidence, bundles and write-ups, and per-feature statistics. It opens from disk; no server needed."""
    from fuzz.publish import report

    path = report.write(Path(out), _campaign_corpus(common.console(), corpus, Path(out)))  # StateError: exits.Main
    click.echo(f"report: {path}")
