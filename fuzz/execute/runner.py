"""Run one case through a set of configurations and judge each against the reference.

A numeric mismatch or runtime failure is re-run (compile and run again)
before it is recorded: if the re-run is right (or fails differently) the
verdict is ``flaky``; if it is wrong too, but differently, it is the
miscompile verdict with the message "nondeterministic" (a race or a read of
uninitialized memory is a wrong result, not noise).
A case that compiles under some configurations but not others is a
``compile-divergence`` finding of its own, beside the per-configuration
verdicts.

Before anything compiles, ``prepare`` asks each configuration once whether it
takes the case (``backend.takes``, the frontend's own answer); a configuration
that does not is recorded ``not-expressible`` with its reason and never
compiles the case, here and in batches alike (``fuzz/execute/batch.py``).
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field, replace

import numpy as np

from fuzz.case.values import materialize_all
from fuzz.case.workload import Case, to_json
from fuzz.execute import budget
from fuzz.execute.backend import Config, run_limit, takes
from fuzz.execute.isolate import DEVICE_TARGETS, InternalError, Lane, StageResult, contained
from fuzz.judge import profiles
from fuzz.judge.oracle import NUMERIC, Evidence, Judgement, Verdict, judge
from fuzz.judge.reference import Value, evaluate_every_profile
from fuzz.judge.results import CaseReport, ConfigResult

_STAGE_VERDICT = {"rejected": Verdict.REJECTED, "crash": Verdict.COMPILER_CRASH, "timeout": Verdict.TIMEOUT,
                  "program-error": Verdict.RUNTIME_ERROR, "internal": Verdict.INTERNAL_ERROR,
                  "unsupported": Verdict.UNSUPPORTED, "limitation": Verdict.LIMITATION,
                  "not-expressible": Verdict.NOT_EXPRESSIBLE}


@dataclass(frozen=True)
class Timeouts:
    compile: float = 180.0
    run: float = 120.0
    real_sim: float | None = None  # a real-size case's simulated run (fuzz/execute/budget.py): past it, not finished


def run_limit_of(case: Case, config: Config, timeouts: Timeouts) -> tuple[float, bool]:
    """A run's wall-clock limit, and whether it is a real-size case's simulated budget (``Timeouts.real_sim``):
    simulated configurations are those whose frontend lengthens the run limit (``run_limit``)."""
    limit = run_limit(config, timeouts.run)
    if timeouts.real_sim and limit > timeouts.run and budget.real_size(case):
        return min(limit, timeouts.real_sim), True
    return limit, False


def unfinished(config: Config, compile_s: float, source: str, facts: dict, run_s: float, limit: float) -> ConfigResult:
    """A real-size case's simulated run stopped at its budget: compiled, not judged, never a finding."""
    return ConfigResult(config.name, Verdict.UNSUPPORTED, "run", compile_s, run_s, None,
                        f"not simulated to the end: a real-size case's simulated run stops at {limit:g} s "
                        "(--real-sim-timeout); the simulator, not the program, ran out of time", source,
                        config.profile, {**facts, "real_sim_budget": limit})


def _failed(config: Config, stage: str, r: StageResult, compile_s: float = 0.0, source: str = "") -> ConfigResult:
    verdict = _STAGE_VERDICT[r.status]
    if stage == "run" and verdict is Verdict.COMPILER_CRASH:  # the compiled program died, not the compiler
        verdict = Verdict.RUNTIME_ERROR
    return ConfigResult(config.name, verdict, stage, compile_s, r.seconds if stage == "run" else 0.0, None,
                        r.message, source, config.profile)



def judge_all(refs: list[Value], outs: list) -> Judgement:
    if len(outs) != len(refs):
        return Judgement(Verdict.OUT_OF_BOUND, Evidence(detail=f"{len(outs)} outputs, expected {len(refs)}"))
    js = [judge(ref, np.asarray(out)) for ref, out in zip(refs, outs)]
    rank = [Verdict.EXACT, Verdict.WITHIN_BOUND, Verdict.OUT_OF_BOUND, Verdict.NONFINITE_MISMATCH]
    return max(js, key=lambda j: (rank.index(j.verdict), j.evidence.max_ratio))


def _confirm(lane: Lane, case_json: dict, config: Config, inputs: list, timeouts: Timeouts):
    """The re-run of a suspicious result; on a device, in a new worker (a context the first run cannot have
    broken or left state in)."""
    if config.target in DEVICE_TARGETS:
        lane.fresh()
    return _attempt(lane, case_json, config, inputs, timeouts)


def _attempt(lane: Lane, case_json: dict, config: Config, inputs: list, timeouts: Timeouts,
             compile_only: bool = False, limit: float | None = None):
    c = lane.compile(config, case_json, timeouts.compile)
    if c.status != "ok" or compile_only:
        return c, None
    return c, lane.run(config, inputs, run_limit(config, timeouts.run) if limit is None else limit)


def _same(a, b) -> bool:
    return len(a) == len(b) and all(np.array_equal(np.asarray(x), np.asarray(y), equal_nan=True) for x, y in zip(a, b))


def declined(config: Config, why: str) -> ConfigResult:
    """The result of a configuration that does not take the case (its ``takes``): never compiled, never a finding;
    the reason is kept in the facts too, as campaign rows keep facts, not messages."""
    return ConfigResult(config.name, Verdict.NOT_EXPRESSIBLE, "compile", message=why, profile=config.profile,
                        facts={"not_expressible": why})


def run_config(lane: Lane, case: Case, config: Config, inputs: list, refs: list[Value], timeouts: Timeouts,
               outputs: dict, compile_only: bool = False, *, refused: str | None) -> ConfigResult:
    """``refused``: why the configuration does not take the case (``Prepared.refused``): then nothing compiles."""
    if refused:
        return declined(config, refused)
    limit, budgeted = run_limit_of(case, config, timeouts)
    c, r = _attempt(lane, to_json(case), config, [] if compile_only else inputs, timeouts, compile_only, limit)
    if budgeted and r is not None and r.status == "timeout":  # a mismatch is still confirmed with the full limit
        return unfinished(config, c.seconds, *c.payload, r.seconds, limit)
    if c.status != "ok":  # keep the schedule it drew: the saved case replays the very program that failed
        source, facts = c.payload or ("", {})
        return replace(_failed(config, "compile", c, c.seconds, source), facts=facts)
    source, facts = c.payload
    done = dict(compile_s=c.seconds, source=source, profile=config.profile, facts=facts)
    if facts.get("schedule"):  # re-runs replay the very schedule this compile drew
        case = case.with_schedule(config.name, facts["schedule"])
    if compile_only:
        return ConfigResult(config.name, Verdict.COMPILED, "compile-only", **done)
    facts = done["facts"] = {**facts, **r.facts}  # what the run noted (a simulator's counts)
    if r.status == "unsupported":  # not the compiler's fault: record it, never re-run it
        return replace(_failed(config, "run", r, c.seconds, source), facts=facts)
    if r.status == "compile-only":  # compiled; this case's program cannot run here (the frontend says why)
        return ConfigResult(config.name, Verdict.COMPILED, "compile-only", message=r.message, **done)
    if r.status != "ok":
        _, r2 = _confirm(lane, to_json(case), config, inputs, timeouts)
        if r2 is not None and r2.status == "ok":
            return ConfigResult(config.name, Verdict.FLAKY, "run", run_s=r.seconds, **done,
                                message=f"first run: {r.status}: {r.message}\nre-run: ran to completion")
        return replace(_failed(config, "run", r, c.seconds, source), facts=facts)
    outputs[config.name] = r.payload
    j = judge_all(refs, r.payload)
    if j.verdict in NUMERIC:
        _, again = _confirm(lane, to_json(case), config, inputs, timeouts)
        if again is not None and again.status == "ok" and not _same(r.payload, again.payload) \
                and judge_all(refs, again.payload).verdict in NUMERIC:  # wrong both times, differently
            return ConfigResult(config.name, j.verdict, "compare", run_s=r.seconds, evidence=j.evidence, **done,
                                message="nondeterministic: the re-run gave different outputs, also wrong "
                                        "(a race or a read of uninitialized memory)")
        if again is None or again.status != "ok" or not _same(r.payload, again.payload):
            status = "no result" if again is None else again.status
            return ConfigResult(config.name, Verdict.FLAKY, "compare", run_s=r.seconds, evidence=j.evidence, **done,
                                message=f"{j.verdict.value} on the first run; the re-run gave "
                                        f"{'different outputs' if status == 'ok' else status}")
    return ConfigResult(config.name, j.verdict, "compare", run_s=r.seconds, evidence=j.evidence, **done)


def references(case: Case, values: dict, names: set[str]) -> dict[str, list[Value]]:
    """Reference outputs with bounds under each named profile; undefined under any profile raises
    (``evaluate_every_profile``), whichever profiles are named."""
    every = evaluate_every_profile(case, values)
    return {name: [every[profiles.get(name).name][n] for n in case.outputs] for name in names}


@dataclass(frozen=True)
class Prepared:
    """A case made ready to judge: its inputs and its references under every profile in use."""

    case: Case
    inputs: list
    refs: dict  # profile -> list[Value]
    reference_s: float
    refused: dict = field(default_factory=dict)  # configuration name -> why it does not take the case
    skipped: frozenset = frozenset()  # configurations outside a real-size case's budget: not run, not recorded


def refusals(case: Case, configs: list[Config]) -> dict[str, str]:
    """Each configuration's answer to ``takes``, asked once: the ones that refuse the case, with why.  A ``takes``
    that fails (a bug of kernelfuzz's lowering) leaves the decision to the compile, which reports that bug as the
    configuration's internal error."""
    out = {}
    for config in configs:
        try:
            why = contained(takes, case, config)
        except InternalError:
            why = None
        if why:
            out[config.name] = why
    return out


def prepare(case: Case, configs: list[Config], compile_only: frozenset[str] = frozenset(),
            skipped: frozenset[str] = frozenset()) -> Prepared:
    """``skipped``: configurations the case does not run on (``budget.outside``): refused, so nothing compiles them
    (in batches either), and dropped from its report."""
    kept = [c for c in configs if c.name not in skipped]
    refused = {**refusals(case, kept), **{name: "outside the real-size case's configurations" for name in skipped}}
    start = time.perf_counter()  # the reference's time: what judging the case costs
    values = materialize_all(case)
    refs = references(case, values, {c.profile for c in kept if c.name not in compile_only})
    return Prepared(case, [values[t.name] for t in case.inputs], refs, time.perf_counter() - start, refused,
                    frozenset(skipped))


def report_of(p: Prepared, results: list[ConfigResult], outputs: dict) -> CaseReport:
    """The case's report; its case carries every schedule trace the compiles drew."""
    case = p.case
    results = [r for r in results if r.config not in p.skipped]
    for r in results:
        if r.facts.get("schedule"):
            case = case.with_schedule(r.config, r.facts["schedule"])
    return CaseReport(case, tuple(results), p.reference_s, outputs)


def run_case(lane: Lane, case: Case, configs: list[Config], timeouts: Timeouts = Timeouts(),
             compile_only: frozenset[str] = frozenset(), skipped: frozenset[str] = frozenset()) -> CaseReport:
    """Judge every configuration but those ``skipped`` (``fuzz/execute/budget.py``); those named in ``compile_only``
    are compiled but not run.

    The returned report's case carries every schedule trace the compiles drew, so a saved
    finding replays the identical programs."""
    p = prepare(case, configs, compile_only, skipped)
    outputs: dict = {}
    results = [run_config(lane, case, cfg, p.inputs, p.refs.get(cfg.profile, []), timeouts, outputs,
                          cfg.name in compile_only, refused=p.refused.get(cfg.name))
               for cfg in configs if cfg.name not in p.skipped]
    return report_of(p, results, outputs)
