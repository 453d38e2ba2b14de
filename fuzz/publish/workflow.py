"""From a failing case to an upstream-ready bundle: reduce the workload, minimize the pipeline,
write the bundle with the expectations a corpus replay checks."""
from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

from fuzz.case.workload import Case, elements
from fuzz.execute.backend import Config
from fuzz.execute.isolate import Lane
from fuzz.execute.runner import run_case
from fuzz.judge.results import CaseReport
from fuzz.judge.signature import error_class
from fuzz.publish import bundle
from fuzz.reduce import reached
from fuzz.reduce.reducer import Reducer, Reduction, bisect_trace, minimal_flags
from fuzz.replay.replay import PASSING


def _same_failure(report: CaseReport, config: str, want: tuple) -> bool:
    r = next((r for r in report.results if r.config == config), None)
    return r is not None and (r.verdict.value, r.stage, error_class(r)) == want


def _pipeline(lane: Lane, case: Case, failure: tuple, configs: tuple[Config, ...], compile_only) -> dict:
    """Minimal flags against the closest passing configuration; first schedule instruction that fails."""
    name, verdict, stage, err = failure
    want = (verdict, stage, err)
    failing = next(c for c in configs if c.name == name)
    found: dict = {}
    trace = case.schedule_for(name)
    if trace:
        def fails_with(t: str) -> bool:
            return _same_failure(run_case(lane, case.with_schedule(name, t), [failing], compile_only=compile_only),
                                 name, want)
        k, inst = bisect_trace(trace, fails_with)
        found["schedule"] = {"first_failing_prefix": k, "instruction": inst}
    peers = [c for c in configs if c.module == failing.module and c.target == failing.target and c.name != name
             and all(f.startswith("--") for f in c.flags + failing.flags)]
    if peers:
        report = run_case(lane, case, peers, compile_only=compile_only)
        passing = [c for c, r in zip(peers, report.results) if r.verdict in PASSING]
        if passing:
            base = max(passing, key=lambda c: len(set(c.flags) & set(failing.flags)))
            flags = minimal_flags(failing, base, lambda cfg: _same_failure(
                run_case(lane, case, [replace(cfg, name=name)], compile_only=compile_only), name, want))
            found.update(baseline=base.name, minimal_flags=flags)
    return found


def reduce_and_bundle(case: Case, sel, folder: Path, budget_s: float, log=print,
                      focus: frozenset[str] | None = None,
                      keep_reached: tuple[str, ...] = reached.DEFAULT) -> Reduction:
    """Reduce ``case`` to the smallest case that fails as it does, minimize its pipeline and write its bundle in
    ``folder``.  The failure kept is that of the selected configurations, or of only those in ``focus`` (the ones
    the case's own failure names: the rest of the selection serves as passing baselines).  ``budget_s`` holds from
    the first run (which shows the failure) to the last step: the pipeline is minimized only while time is left;
    the bundle's one run follows.  ``keep_reached``: the reached facts (``fuzz.reduce.reached``) the reduced case's
    code must still show where the original's did; the bundle's run checks that it still does."""
    lane = Lane.for_configs(sel.configs)
    try:
        first = run_case(lane, case, list(sel.configs), compile_only=sel.compile_only)
        deadline = time.time() + budget_s
        failing = {r.config for r in first.findings if focus is None or r.config in focus}
        if not failing:
            named = "" if focus is None else f" of those it names ({', '.join(sorted(focus))})"
            raise ValueError(f"{case.name}: no selected configuration{named} fails on it; nothing to reduce")
        keep = [c for c in sel.configs if c.name in failing]
        if first.divergent and focus is None:  # the divergence needs one configuration that does compile
            keep.append(next(c for c in sel.configs if c.name in {r.config for r in first.results if r.compiled}))
        log(f"reducing {case.name}: {', '.join(sorted(failing))} fail; budget {budget_s:.0f} s")
        red = Reducer(lambda c: run_case(lane, c, keep, compile_only=sel.compile_only), folder,
                      max(deadline - time.time(), 0), log, keep_reached).reduce(first.case)
        for failure in red.signature.failures:
            if time.time() < deadline:
                red.pipeline[failure[0]] = _pipeline(lane, red.best, failure, sel.configs, sel.compile_only)
            else:
                log(f"  {failure[0]}: the budget is spent; its flags and schedule are not minimized")
        final = run_case(lane, red.best, keep + [c for c in sel.configs if c.name in _baselines(first, red, keep, sel)],
                         compile_only=sel.compile_only)
        red.kept.final_missing = red.kept.path.missing(final)
        for line in reached.lines(red.kept.record(elements(red.best))):
            log(f"  {line}")
        name = case.name if case.name.endswith(REDUCED) else f"{case.name}{REDUCED}"
        best = replace(final.case, name=name, note=f"reduced by kernelfuzz from {case.name}",
                       expect=tuple(sorted((r.config, r.verdict.value) for r in final.results)),
                       cpus=tuple(sorted((r.config, r.facts["cpu"]["name"], r.facts["cpu"]["features"])
                                         for r in final.results if "cpu" in r.facts)))
        red.best = best
        red.bundle = bundle.write(folder, replace(final, case=best), red.summary())
        return red
    finally:
        lane.close()


REDUCED = "-reduced"  # the suffix of a reduced case's name (once: reducing it again keeps the name)


def _baselines(first: CaseReport, red: Reduction, keep: list, sel) -> set[str]:
    """The configurations the bundle compares with: the pipeline's baselines, and one that passed per target."""
    baselines = {p["baseline"] for p in red.pipeline.values() if "baseline" in p}
    targets = {c.target for c in keep}
    for r in first.results:
        cfg = next(c for c in sel.configs if c.name == r.config)
        if r.verdict in PASSING and cfg.target in targets:
            baselines.add(cfg.name)
            targets.discard(cfg.target)
    return baselines - {c.name for c in keep}
