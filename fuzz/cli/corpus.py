"""Commands that make and check corpus entries: reduce (a finding into a bundle), localize (its first bad pass) and
replay (the regression suite)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from fuzz.cli import common, exits


@click.command("reduce", epilog="""\b
Examples:
  kernelfuzz reduce fuzz-out/findings/seed123/case.json --time 300
  kernelfuzz reduce case.json --configs 'tvm:cpu,tvm:cpu-compute-at' --out bundle/
  kernelfuzz reduce case.json --configs iree:gfx942-O2 --keep-reached mfma,shared
  kernelfuzz reduce case.json --keep-reached none
""")
@click.argument("case_path", metavar="CASE", type=click.Path(exists=True, dir_okay=False))
@click.option("--configs", "pattern", default=None,
              help="Configurations to find the failure in (comma-separated globs, each matching some configuration) "
                   "[default: those whose failure the case names (its expect, else the results.json beside it), "
                   "each compiler and target's other configurations serving as passing baselines; all when it "
                   "names none].")
@click.option("--time", "budget", default=300.0, show_default=True, type=common.SECONDS,
              help="Seconds for the reduction, from the first run (which shows the failure): no step starts after "
                   "them (the one in flight finishes); then the bundle's one run.")
@click.option("--out", type=click.Path(file_okay=False), help="Bundle folder [default: reduced/<case name>].")
@click.option("--keep-reached", "keep", default="matrix,workgroups>1", show_default=True, metavar="FACTS",
              help="The path the failure reached, kept while the case shrinks: of these facts of the compiled GPU "
                   "code (matrix (alias mfma, mma): matrix instructions; workgroups>1; shared; barrier; vector>=8: a "
                   "global access of 8 bytes or more; masked: lanes switched off), those each failing "
                   "configuration's code reached on CASE must stay reached; 'none' keeps none.  The reduction says "
                   "which it kept, which it could not, and the smallest case that failed without them.")
def reduce_cmd(case_path: str, pattern: str | None, budget: float, out: str | None, keep: str) -> None:
    """Shrink a failing CASE to a minimal repro with the same failure signature, minimize the
    pipeline (flags, schedule trace) and write an upstream-ready bundle."""
    from fuzz.publish import workflow
    from fuzz.reduce import reached
    from fuzz.store import inside

    try:
        keep_reached = reached.parse(keep)
    except ValueError as e:
        raise common.BadInput(str(e)) from None
    case = common.load_case(case_path)
    focus = None if pattern is not None else _failing(case, Path(case_path).parent / "results.json")
    sel = common.select(pattern or (_with_baselines(focus) if focus else common.DEFAULT_CONFIGS))
    folder = Path(out) if out else inside("reduced", case.name)
    console = common.console()
    common.warm_up_note(sel.configs)
    try:
        result = workflow.reduce_and_bundle(case, sel, folder, budget, lambda m: console.print(m, markup=False),
                                            focus, keep_reached)
    except ValueError as e:
        raise common.BadInput(str(e)) from None
    s = result.summary()
    console.print(f"reduced {s['elements'][0]} -> {s['elements'][1]} elements ({s['ratio']:.1%}) in "
                  f"{s['seconds']} s, {s['tests']} tests; signature: {s['signature']}", markup=False)
    if s["pipeline"]:
        console.print(f"pipeline: {json.dumps(s['pipeline'])}", markup=False)
    console.print(f"bundle: {folder}/ ({', '.join(result.bundle)})", markup=False)


def _failing(case, results: Path) -> frozenset[str]:
    """The configurations whose failure the case names: its expectations, else its finding's results.json."""
    from fuzz.judge.oracle import FINDINGS, Verdict
    named = {v.value for v in FINDINGS}
    if case.expect:
        return frozenset(c for c, v in case.expect if v in named)
    try:
        rows = json.loads(results.read_text())
        return frozenset(r["config"] for r in rows if Verdict(r["verdict"]) in FINDINGS)
    except (OSError, ValueError, KeyError, TypeError):  # no results.json beside it, or not one of ours
        return frozenset()


def _with_baselines(focus: frozenset[str]) -> str:
    """``--configs`` for the failing configurations and, as baselines, their compilers' other configurations for
    the same target (opt-in ones only where named)."""
    from fuzz.execute import registry
    every = registry.all_configs()
    named = [c for c in every if c.name in focus]
    peers = {c.name for c in every if not c.opt_in and any((c.module, c.target) == (n.module, n.target) for n in named)}
    return ",".join(sorted(focus | peers))


@click.command("localize", epilog="""\b
Examples:
  kernelfuzz localize corpus/findings/tvm-reverse-compute-at-drops-pad-border
  kernelfuzz localize case.json --configs iree:cpu-generic --out localized/
""")
@click.argument("finding", type=click.Path(exists=True))
@click.option("--configs", "pattern", default=None,
              help="Configurations to localize (comma-separated globs) [default: those FINDING's case.json expects "
                   "out-of-bound, nan/inf-mismatch or runtime-error].")
@click.option("--out", type=click.Path(file_okay=False),
              help="Folder for localize.txt and each boundary's files [default: FINDING/localize, next to case.json].")
@click.option("--time", "budget", default=540.0, show_default=True, type=common.SECONDS,
              help="Seconds of bisection per configuration; then the narrowest interval found is reported.")
@click.option("--evidence", type=click.Path(exists=True, dir_okay=False),
              help="A script that judges one IR dump (`python3 SCRIPT --ir FILE`: exit 1 the bug is shown in it, 0 "
                   "not, 2 cannot judge): where the boundary spans a codegen whose passes cannot be separated by "
                   "running (IREE's GPU codegen, TVM's GPU lowering after a dlight schedule), the first pass after "
                   "which it shows the bug is named. IREE's GPU dumps are the dispatch's MLIR after each codegen "
                   "pass, then its LLVM IR (.ll) and machine IR (.mir) after each LLVM backend pass, required ones "
                   "(instruction selection, register allocation) too, with no optional LLVM pass.")
@click.option("--by", default="auto", show_default=True,
              help="What judges a point wrong: auto (the finding's own symptom: its value, or for a runtime error "
                   "its fault from results.json), value, fault, fault:CLASS (e.g. 'fault:out-of-bounds global "
                   "write'), fact:NAME (a simulated run fact seen at least once, e.g. "
                   "fact:unwritten_register_reads) or unwritten-output (an output element never written).")
def localize_cmd(finding: str, pattern: str | None, out: str | None, budget: float, evidence: str | None,
                 by: str) -> None:
    """Find the first point in the compiler's pipeline after which a wrong-code FINDING (a folder with case.json,
    or the file) computes the wrong answer: a phase, a pass, a schedule primitive or an LLVM pass.  Every point is
    built and run, and judged by the finding's own symptom: kernelfuzz's oracle against the certified reference
    for a wrong value, the same fault (read from the finding's results.json) for a runtime error, or the predicate
    --by names; localize.txt names the predicate, the boundary, what shows the first wrong point wrong, and the
    commands that rebuild each side."""
    from fuzz.publish.localize_files import localize_finding
    from fuzz.reduce import evidence as ev
    from fuzz.reduce import predicate as pr
    from fuzz.reduce.localize import LOCALIZED, LocalizeError, where

    path = Path(finding)
    case_path = path / "case.json" if path.is_dir() else path
    if not case_path.is_file():
        raise click.UsageError(f"{finding}: no case.json in this folder; give a finding folder or its case.json")
    try:
        predicate = None if by == "auto" else pr.parse(by)
    except ValueError as e:
        raise common.BadInput(str(e)) from None
    case = common.load_case(str(case_path))
    wrong = [c for c, v in case.expect if v in {x.value for x in LOCALIZED}]
    if not wrong and pattern is None:
        raise common.BadInput(f"{case_path}: expects no configuration out-of-bound, nan/inf-mismatch or "
                                   f"runtime-error; only wrong code is localized (a crash or rejection names its "
                                   f"pass in its message), "
                                   f"or name configurations with --configs")
    sel = common.select(pattern or ",".join(wrong))
    console = common.console()
    common.warm_up_note(sel.configs)
    folder = Path(out) if out else case_path.parent / "localize"
    try:
        results = localize_finding(case, sel.configs, folder, lambda m: console.print(m, markup=False), budget,
                                   Path(evidence).resolve() if evidence else None, predicate,
                                   pr.records(case_path.parent))
    except LocalizeError as e:
        raise common.BadInput(str(e)) from None
    for r, scan in results:
        console.print(f"{r.config}: first bad pass: {where(r)} ({r.seconds:.0f} s, {len(r.probes)} builds, judged by "
                      f"{r.predicate.kind.value})",
                      markup=False)
        if scan is not None:
            console.print(f"{r.config}: first bad pass by IR evidence ({scan.script}): {ev.where(scan)}", markup=False)
    console.print(f"written: {folder}/localize.txt", markup=False)


@click.command("replay", epilog="""\b
Examples:
  kernelfuzz replay corpus/                       # what `make test` runs
  kernelfuzz replay corpus/findings --configs 'iree:*'
  kernelfuzz replay corpus --releases iree==3.10,iree==3.11,iree==3.12,iree==3.13,tvm==0.25,tvm==0.26,tvm==0.27
""")
@click.argument("root", default="corpus", type=click.Path(exists=True))
@click.option("--configs", "pattern", default=common.DEFAULT_CONFIGS, show_default=True,
              help="Configurations available to replay (comma-separated globs, each matching some configuration); "
                   "cases name their own expected ones.")
@common.device_option
@click.option("--json", "json_path", type=click.Path(dir_okay=False),
              help="Also write every row (case, configuration, outcome, expected, got) to this JSON file.")
@click.option("--releases", "release_spec", default=None,
              help="Replay against these compiler releases instead of the installed ones: FAMILY==VERSION, "
                   "comma-separated (iree==3.10,tvm==0.25; families iree and tvm).  Each is installed once into "
                   "a cached side environment (${XDG_CACHE_HOME:-~/.cache}/kernelfuzz/releases/, or "
                   "$KERNELFUZZ_RELEASES) and reused; IREE cases run against IREE releases, TVM cases against "
                   "TVM releases.  Prints the matrix case x release and saves it as OUT/releases.json.")
@click.option("--out", default="releases-out", show_default=True, type=click.Path(file_okay=False),
              help="With --releases: the folder for releases.json (a campaign folder: `kernelfuzz report` shows it).")
def replay_cmd(root: str, pattern: str, json_path: str | None, release_spec: str | None, out: str) -> None:
    """Re-run every saved case under ROOT against the installed compilers and print still failing /
    fixed / changed / regressed per configuration.  Exits with status 1 when a case regresses; 2 when a
    file cannot be used (unreadable, or invalid: a damaged corpus fails too, and 2 wins over 1), when ROOT
    holds no case file at all (a wrong folder passes nothing) or --releases names no installable release.
    With --releases, the outcome per case and release (reproduces, fixed, other failure, unavailable for this
    release) is the result, and the status is 0 unless a release could not be replayed."""
    from fuzz.execute import registry
    from fuzz.execute.isolate import Lane
    from fuzz.replay.replay import case_files, replay

    if not case_files(Path(root)):
        raise common.BadInput(f"no cases under {root} (no .json case files): replay a corpus folder such as corpus/")
    if release_spec is not None:
        sys.exit(_replay_releases(root, pattern, release_spec, Path(out)))
    sel = common.select(pattern, gaps_only_ok=True)
    configs = {c.name: c for c in sel.configs}
    unselected = frozenset(c.name for c in registry.all_configs()) - set(configs) - {n for n, _ in sel.skipped}
    gaps = common.release_gaps(sel)
    default = tuple(n for n in ("tvm:cpu", "iree:cpu-O0", "iree:cpu-O2") if n in configs)
    console = common.console()
    common.warm_up_note(sel.configs)
    lane = Lane.for_configs(sel.configs)
    try:
        rows = replay(Path(root), lane, configs, sel.compile_only, default, unselected=unselected, gaps=gaps,
                      on_error=lambda msg: console.print(msg, style="yellow", markup=False, soft_wrap=True))
    finally:
        lane.close()
    if json_path:
        from fuzz.replay.releases import rows_to_json
        from fuzz.store import write_json
        write_json(json_path, {"root": root, "rows": rows_to_json(rows)})
    sys.exit(_print_replay(console, root, rows))


def _replay_releases(root: str, pattern: str, spec: str, out: Path) -> int:
    from fuzz.execute import registry
    from fuzz.replay import releases as matrix
    from fuzz.replay.sideenv import SideEnvError
    from fuzz.store import write_json

    try:
        rels = registry.releases(spec)
    except ValueError as e:  # a spec that names no release: the message names the fix
        raise common.BadInput(str(e)) from None
    console = common.console()
    say = lambda m: console.print(m, markup=False, soft_wrap=True)  # noqa: E731
    try:
        doc = matrix.run(Path(root), list(rels), pattern, registry.all_configs(), say)
    except SideEnvError as e:
        raise common.BadInput(str(e)) from None
    out.mkdir(parents=True, exist_ok=True)
    write_json(out / matrix.FILE, doc)
    from fuzz.cli.tables import release_matrix
    console.print(release_matrix(doc))
    console.print(f"written: {out / matrix.FILE}", markup=False)
    return 1 if doc["failures"] else 0


def _print_replay(console, root: str, rows) -> int:
    """Rows grouped under each case path, printed whole; then the count line.  Returns the exit status."""
    from collections import Counter

    from rich.text import Text

    from fuzz.replay.replay import FAILED, Outcome

    style = {Outcome.REGRESSED: "red", Outcome.UNREADABLE: "red", Outcome.INVALID: "red", Outcome.FIXED: "green",
             Outcome.CHANGED: "yellow", Outcome.OTHER_CPU: "yellow"}
    width = max((len(r.config) for r in rows), default=1)
    console.print(Text(f"replay of {root}", style="bold"))
    path = None
    for r in rows:
        if r.path != path:
            path = r.path
            console.print(Text(f"  {path}"), soft_wrap=True)
        detail = f"expected {r.expected}, got {r.got}" if r.got and r.config else r.got or f"expected {r.expected}"
        if r.outcome is Outcome.OTHER_CPU:
            detail = f"expected {r.expected} there: {r.got}"
        console.print(Text.assemble("    ", (r.config or "-").ljust(width), "  ",
                                    (r.outcome.value.ljust(16), style.get(r.outcome, "")), "  ", detail),
                      soft_wrap=True)
    counts = Counter(r.outcome for r in rows)
    console.print(", ".join(f"{counts[o]} {o.value}" for o in Outcome if counts[o]) or "no cases", markup=False)
    if counts[Outcome.UNREADABLE] or counts[Outcome.INVALID]:  # a damaged corpus: unusable input, and CI fails
        return exits.USAGE
    return exits.FOUND if any(counts[o] for o in FAILED) else exits.NOTHING
