"""Commands on single cases and the registries: configs, features, run, show, generate."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from fuzz.case.dynamic import dynamic_dims, shape_text
from fuzz.cli import common, exits, progress


@click.command("configs")
def configs_cmd() -> None:
    """List every configuration and whether it runs, only compiles, or is unavailable here."""
    from rich.markup import escape

    from fuzz.cli import tables
    from fuzz.execute import registry

    rows = []
    for c in registry.all_configs():
        a = registry.availability(c)
        style = {"runs": "green", "compile-only": "yellow", "unavailable": "red"}[a.status]
        status = a.status + (", simulated" if a.simulated else "")
        rows.append((escape(c.name), f"[{style}]{status}[/]", escape(a.why), escape(c.profile),
                     escape(c.description + (" [opt-in: select by exact name]" if c.opt_in else ""))))
    common.console(min_width=0).print(tables.Configurations(rows))


@click.command("features")
def features_cmd() -> None:
    """List the generator features that swarm draws, --without and --only switch off."""
    from fuzz.cli import tables

    common.console().print(tables.registry())


@click.command("run", epilog="""\b
Examples:
  kernelfuzz run corpus/seeds/iree-sdxl-int8-conv-requant.json --configs tvm:cpu
  kernelfuzz run case.json --configs 'iree:cpu-*' --compile-timeout 60
\b
Exit status: 0 no finding; 1 a configuration produced a finding; 2 a usage error, or a case file that
could not be used (unreadable or invalid: one line each, the other files still run; 2 wins over 1).
""")
@click.argument("cases", nargs=-1, required=True, type=click.Path())
@click.option("--configs", "pattern", default=common.DEFAULT_CONFIGS, show_default=True,
              help="Comma-separated globs over configuration names, e.g. 'tvm:*,iree:cpu-O2', each matching some "
                   "configuration (a typo is an error); opt-in configurations (tvm:cpu-tuned) only by exact name.")
@click.option("--compile-timeout", default=180.0, show_default=True, type=common.SECONDS, help="Seconds per compile.")
@common.run_timeout_option
@click.option("--releases", "release_spec", default=None,
              help="Run against these compiler releases instead of the installed ones: FAMILY==VERSION, comma-separated "
                   "(iree==3.10,tvm==0.25), each in its cached side environment (as `replay --releases`); one table "
                   "per release, with the configurations of its family.")
@common.device_option
def run_cmd(cases, pattern: str, compile_timeout: float, run_timeout: float, release_spec: str | None) -> None:
    """Run case files through every selected configuration and print one verdict per configuration.

    Every file that cannot be read, or whose case is invalid, is named on one line and the rest still run.
    Exits with status 1 when a configuration produces a finding, 2 when a file could not be used."""
    if release_spec is not None:
        sys.exit(_run_releases(list(cases), pattern, release_spec, ["--compile-timeout", str(compile_timeout),
                                                                     "--run-timeout", str(run_timeout)]))
    from fuzz.execute.isolate import Lane
    from fuzz.execute.runner import Timeouts, run_case
    from fuzz.judge.reference import UndefinedBehavior

    loaded, bad = [], 0
    for path in cases:  # every file checked before anything starts
        try:
            loaded.append((path, common.load_case(path)))
        except click.ClickException as e:
            e.show()
            bad += 1
    if not loaded:
        sys.exit(2)
    sel = common.select(pattern)
    common.warm_up_note(sel.configs)
    lane, console = Lane.for_configs(sel.configs), common.console()
    reports = []
    try:
        with progress.watching(lane, console) as watch:
            for path, case in loaded:
                watch.start_case(path)
                try:
                    reports.append(run_case(watch.lane, case, list(sel.configs),
                                            Timeouts(compile_timeout, run_timeout), sel.compile_only))
                except UndefinedBehavior as e:
                    click.ClickException(f"{path}: invalid case, {e}").show()
                    bad += 1
                    continue
                _print_report(path, reports[-1], console)
    finally:
        lane.close()
    click.echo(_run_summary(reports, len(sel.configs), bad))
    sys.exit(exits.USAGE if bad else exits.FOUND if any(r.findings for r in reports) else exits.NOTHING)


def _run_summary(reports, configs: int, bad: int) -> str:
    """`run`'s last line: cases, configurations, verdict counts, findings, unusable files."""
    from collections import Counter
    verdicts = Counter(r.verdict.value for report in reports for r in report.results)
    found = sum(len(report.findings) for report in reports)
    return (f"kernelfuzz: {len(reports)} case(s) on {configs} configuration(s): "
            + ", ".join(f"{n} {v}" for v, n in verdicts.most_common()) + f"; {found} finding(s)"
            + (f"; {bad} file(s) could not be used" if bad else ""))


def _run_releases(cases: list[str], pattern: str, spec: str, options: list[str]) -> int:
    """``run`` once per release, in its side environment; the worst exit status (2 over 1 over 0)."""
    from fuzz.execute import registry
    from fuzz.replay import releases as matrix
    from fuzz.replay.sideenv import SideEnvError, ensure

    try:
        rels = registry.releases(spec)
    except ValueError as e:  # a spec that names no release: the message names the fix
        raise common.BadInput(str(e)) from None
    common.select(pattern)  # a typo in --configs is a usage error before anything is installed
    statuses = []
    for rel in rels:
        names = matrix.family_configs(rel, pattern, registry.all_configs())
        if not names:
            click.echo(f"kernelfuzz: --configs {pattern!r} selects no {rel.family} configuration: {rel.name} skipped")
            continue
        try:
            env = ensure(rel, say=click.echo)
        except SideEnvError as e:
            raise common.BadInput(str(e)) from None
        click.echo(f"kernelfuzz: against {rel.name}")
        statuses.append(matrix.run_cases(rel, env, cases, names, options))
    return 2 if 2 in statuses or not statuses else max(statuses)


def _fmt(x: float) -> str:
    return "" if x is None else ("inf" if x == float("inf") else f"{x:.4g}")


def _print_report(path: str, report, console=None) -> None:
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
        table.add_row(escape(r.config + (" (simulated)" if r.simulated else "")), f"{r.compile_s:.3f}", f"{r.run_s:.3f}",
                      *(("",) * 5 if e is None else (_fmt(e.max_abs_err), _fmt(e.max_bound), _fmt(e.max_ratio),
                                                    str(e.max_ulps), str(e.bad))),
                      f"[{style}]{r.verdict.value}[/]", escape(" ".join(x for x in (flags, r.headline[:100]) if x)))
    console = console or common.console()  # `run`'s own, under its progress line
    console.print(table)
    _print_observed(console, report)
    _print_reached(console, report)
    if report.divergent:
        ok = [r.config for r in report.results if r.compiled]
        shown = ", ".join(ok[:3]) + (f" and {len(ok) - 3} more" if len(ok) > 3 else "")
        console.print(f"[red]compile-divergence[/]: {escape(', '.join(report.divergent))} fail(s) to compile what "
                      f"{escape(shown)} compile(s)")


def _print_observed(console, report) -> None:
    """What a simulated run read that a device would give any value for (facts of
    ``frontends.devices.ptx.device.observed`` and gfx942's ``unwritten_private_reads`` and ``unwritten_sgpr_reads``,
    with what the simulator read there: all ones, or 0 for an SGPR), gfx942's register accesses
    before their ``s_waitcnt`` (``reads_before_wait``, also a fault), and the warp's same-byte shared stores the PTX
    machines count instead of calling them a race."""
    from rich.markup import escape

    for r in report.results:
        for fact in ("unwritten_register_reads", "padding_reads", "undefined_shuffle_reads", "unwritten_private_reads",
                     "unwritten_sgpr_reads"):
            seen = r.facts.get(fact) or {}
            if seen.get("count"):
                first = "; ".join(seen.get("first", [])[:3])
                here = "0" if fact == "unwritten_sgpr_reads" else "all ones"
                console.print(f"[yellow]{escape(r.config)}[/]: {seen['count']} {fact.replace('_', ' ')} "
                              f"({here} here, any value on a device), first: {escape(first)}")
        waits = r.facts.get("reads_before_wait") or {}
        if waits.get("count"):  # gfx942: also the run's fault (MissingWait), so its verdict says so too
            console.print(f"[red]{escape(r.config)}[/]: {waits['count']} register accesses before the s_waitcnt of "
                          f"their load, first: {escape('; '.join(waits.get('first', [])[:3]))}")
        alike = (r.facts.get("alike_shared_stores") or {}).get("count")
        if alike:  # defined (one of the writes succeeds, all carry the same bytes), so reported, never a race
            console.print(f"{escape(r.config)}: {alike} shared stores by lanes of one warp of the same bytes to one "
                          "address in one instruction (defined: not a race)")


def _print_reached(console, report) -> None:
    """What each GPU result's code reached (facts ``reached``: ``frontends/devices/reach.py``), and IREE's pipelines."""
    from rich.markup import escape

    from fuzz.campaign.reach import reached_paths

    for r in report.results:
        record = r.facts.get("reached")
        if not record:
            continue
        pipes = sorted({p for ps in (r.facts.get("pipelines") or {}).values() for p in ps})
        said = [f"{record.get('kernels', 0)} kernel(s)", *(["matrix: " + ", ".join(record["matrix"])]
                                                           if record.get("matrix") else []),
                *(f"{k} {record[k]}" for k in ("workgroups", "shared_bytes", "barriers", "vector_bytes")
                  if record.get(k) is not None),
                *(["lanes masked"] if record.get("masked") else []), *([f"pipeline {', '.join(pipes)}"] if pipes else [])]
        console.print(f"{escape(r.config)} reached: {escape('; '.join(said))} "
                      f"[dim]({escape(', '.join(reached_paths(record)) or 'none of the real paths')})[/]")


@click.command("show")
@click.argument("case_path", metavar="CASE", type=click.Path(exists=True, dir_okay=False))
def show_cmd(case_path: str) -> None:
    """Describe a case: inputs and their values, ops with shapes, stored schedules, expectations."""
    case = common.load_case(case_path)
    types = case.tensor_types()
    dyn = dynamic_dims(case, types)  # dims shown ?N: dynamic to the compilers, N at run time
    click.echo(f"{case.name}: {case.note}")
    if case.swarm:
        click.echo(f"  switched off: {', '.join(case.swarm)}")
    for t in case.inputs:
        v = t.values
        dist = f"int [{v.low}, {v.high}]" if v.dist == "int" else f"{v.dist} (scale {v.scale})"
        click.echo(f"  input  {t.name}: {t.dtype}{shape_text(t.shape, dyn[t.name])}  {dist}, seed {v.seed}")
    for op in case.ops:
        shape, dtype = types[op.name]
        click.echo(f"  op     {op.name}({', '.join(op.inputs)}) -> {dtype}{shape_text(shape, dyn[op.name])}: "
                   f"{op.describe()}")
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


@click.command("generate")
@click.option("--seed", default=0, show_default=True, help="Generator seed.")
@click.option("--space", type=click.Choice(["default", "wide"]), default="default", show_default=True,
              help="Generator space (see `kernelfuzz fuzz --help`).")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write the case here instead of stdout.")
@common.swarm_options
def generate_cmd(seed: int, space: str, output: str | None, swarm_mode: str, without: str, only: str) -> None:
    """Print (or save) the fully materialized case that SEED generates, under the same swarm options as `fuzz`."""
    from fuzz.case.values import with_digests
    from fuzz.case.workload import dumps
    from fuzz.generate.generator import SPACES, generate
    from fuzz.store import atomic_write

    folder = Path(output or ".").parent
    if not folder.is_dir():  # a mistyped path is said, not created
        raise common.BadInput(f"-o {output}: the folder {folder} does not exist; create it first (mkdir -p {folder}) "
                              "or choose another path")
    text = dumps(with_digests(generate(seed, SPACES[space], common.swarm(swarm_mode, without, only))))
    if output:
        atomic_write(output, text)
    else:
        click.echo(text, nl=False)
