"""Batched compilation: a group of cases through one compiler invocation per configuration.

An ``iree-compile`` process costs mostly the same whatever it compiles (14 small cases: 24.3 s as
14 compiles, 3.3 s as one module), so a campaign hands each lane a group of cases.  ``run_batch``
records for every case and configuration the verdict ``run_case`` records for the case alone:

* a configuration whose frontend offers ``compile_batch`` (``fuzz/execute/backend.py``) compiles the group
  once; each case's entry point then runs and is judged on its own;
* only a clean pass (exact or within the bound, or a compile-only configuration that compiled) is
  recorded from the batch.  Everything else is decided by the single-case path (``run_config``):
  a failing run and a numeric mismatch are compiled and run again alone (where a mismatch gets
  its usual re-run); so a recorded failure, its message and its source with the single-case
  command line are those of the case compiled alone, never of its neighbours;
* a batch that fails to compile is attributed: the cases its diagnostics name (``culprits``) go
  alone and the rest compile again; where none is named (a crash, an error without a location, a
  timeout) the batch is bisected, each half with its own scaled timeout, down to single cases,
  which go alone with the per-case timeout;
* a case that failed to compile alone under one batching configuration is compiled alone under
  the group's later ones (``suspects``): such failures mostly repeat across configurations, and
  the attribution is then paid once per group, not once per configuration.

A case a configuration does not take (``Prepared.refused``: its ``takes``, asked once in ``prepare``) is recorded
``not-expressible`` and never joins that configuration's batches; such a case is no suspect for the next.  The
configurations ``skipped`` names for a case (a real-size case's budget, ``fuzz/execute/budget.py``) are refused
the same way, and left out of its report.

Every other configuration runs case by case.  ``tally`` counts what attribution cost: failed and
split batch compiles and lone compiles of cases that then compiled (``extra_compiles``), with the
seconds the failed batch compiles took.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

from fuzz.case.workload import Case, to_json
from fuzz.execute.backend import Config
from fuzz.execute.isolate import Lane, StageResult
from fuzz.execute.runner import (
    CaseReport,
    ConfigResult,
    Prepared,
    Timeouts,
    declined,
    judge_all,
    prepare,
    report_of,
    run_case,
    run_config,
    run_limit_of,
    unfinished,
)
from fuzz.judge.oracle import NUMERIC, Verdict


def batch_timeout(per_case: float, n: int) -> float:
    """A batch of ``n``: the per-case timeout and a quarter of it for each further case (inside a batch a case
    costs about a seventh of a lone compile, so hangs, not slow cases, reach it)."""
    return per_case * (1 + (n - 1) / 4)


def run_batch(lane: Lane, cases: list[Case], configs: list[Config], timeouts: Timeouts = Timeouts(),
              compile_only: frozenset[str] = frozenset(), tally: Counter | None = None,
              skipped: list[frozenset[str]] | None = None) -> list[CaseReport]:
    """One report per case, each with the verdicts ``run_case`` gives that case alone."""
    reports = dict(iter_batch(lane, cases, configs, timeouts, compile_only, tally, skipped))
    return [reports[k] for k in range(len(cases))]


def iter_batch(lane: Lane, cases: list[Case], configs: list[Config], timeouts: Timeouts = Timeouts(),
               compile_only: frozenset[str] = frozenset(), tally: Counter | None = None,
               skipped: list[frozenset[str]] | None = None) -> Iterator[tuple[int, CaseReport]]:
    """``(position, report)`` for each case as soon as it is decided: the batching configurations first, over the
    whole group, then the rest case by case, so a campaign records the group's first case after one case's worth
    of slow configurations (MetaSchedule tuning), not after sixteen.  ``skipped``: per case, the configurations it
    does not run on."""
    skipped = skipped or [frozenset()] * len(cases)
    if len(cases) == 1:
        yield 0, run_case(lane, cases[0], configs, timeouts, compile_only, skipped[0])
        return
    prepared = [prepare(c, configs, compile_only, skip) for c, skip in zip(cases, skipped)]
    group = _Group(lane, prepared, timeouts, Counter() if tally is None else tally)
    batching = [cfg for cfg in configs if lane.batches(cfg)]
    for cfg in batching:
        only = cfg.name in compile_only
        for k, why in sorted(group.batched(cfg, only)):
            group.alone(cfg, k, why, only)
    for k, p in enumerate(group.prepared):
        kept = [cfg for cfg in configs if cfg.name not in p.skipped]
        for cfg in kept:
            if cfg not in batching:
                group.alone(cfg, k, "", cfg.name in compile_only)
        yield k, report_of(p, [group.results[k][c.name] for c in kept], group.outputs[k])


@dataclass
class _Group:
    """The cases a lane was handed, and per case what each configuration decided so far."""

    lane: Lane
    prepared: list[Prepared]
    timeouts: Timeouts
    tally: Counter
    results: list[dict] = field(default_factory=list)  # per case: configuration name -> ConfigResult
    outputs: list[dict] = field(default_factory=list)  # per case: configuration name -> output arrays
    batching: set[str] = field(default_factory=set)  # configurations decided in batches so far

    def __post_init__(self):
        self.results = [{} for _ in self.prepared]
        self.outputs = [{} for _ in self.prepared]

    def alone(self, cfg: Config, k: int, why: str, compile_only: bool) -> None:
        """Decide case ``k`` on the single-case path; ``why`` the batch could not (empty: it does not batch)."""
        p = self.prepared[k]
        r = run_config(self.lane, p.case, cfg, p.inputs, p.refs.get(cfg.profile, []), self.timeouts, self.outputs[k],
                       compile_only, refused=p.refused.get(cfg.name))
        self.results[k][cfg.name] = r
        if why:
            self.tally[f"alone: {why}"] += 1
            self.tally["extra_compiles"] += why == "failed batch" and r.compiled  # a neighbour's failure, not its own

    def suspects(self) -> set[int]:
        """Cases that failed to compile alone under a batching configuration: most such failures (a rejected
        access map, a crashing pass) repeat under the next configuration, and would cost its batch an
        attribution again."""
        return {k for k, done in enumerate(self.results) for cfg, r in done.items()
                if cfg in self.batching and not r.compiled and cfg not in self.prepared[k].refused}

    def batched(self, cfg: Config, compile_only: bool) -> list[tuple[int, str]]:
        """Record what batches of ``cfg`` decide; returns the cases left to decide alone, each with the reason."""
        self.batching.add(cfg.name)
        refused = {k for k, p in enumerate(self.prepared) if cfg.name in p.refused}
        for k in sorted(refused):
            self.results[k][cfg.name] = declined(cfg, self.prepared[k].refused[cfg.name])
        suspects = self.suspects()
        alone: list[tuple[int, str]] = [(k, "suspect") for k in sorted(suspects)]
        todo, compiled = [[k for k in range(len(self.prepared)) if k not in suspects | refused]], False
        while todo:
            group = todo.pop()
            if len(group) < 2:
                alone += [(k, "failed batch") for k in group]
                continue
            c = self.lane.compile_batch(cfg, [to_json(self.prepared[k].case) for k in group],
                                        batch_timeout(self.timeouts.compile, len(group)))
            if c.status == "ok":
                self.tally["batch_compiles"] += 1
                self.tally["extra_compiles"] += compiled  # a second batch of the same cases: the price of a split
                compiled = True
                alone += self._judge(cfg, group, c, compile_only)
                continue
            self.tally.update(failed_batches=1, extra_compiles=1)
            self.tally["failed_batch_s"] += round(c.seconds, 3)
            todo += _attribute(group, c, self.tally)
        return alone

    def _judge(self, cfg: Config, group: list[int], c: StageResult, compile_only: bool) -> list[tuple[int, str]]:
        """Run each entry point of a compiled batch; record the clean passes, return the rest (to decide alone)."""
        share = c.seconds / len(group)  # each case's part of the compile: throughput and overhead add up
        alone = []
        for pos, k in enumerate(group):
            source, facts = c.payload[pos]
            done = dict(compile_s=share, source=source, profile=cfg.profile, facts={**facts, "batch": len(group)})
            if compile_only:
                self._record(k, ConfigResult(cfg.name, Verdict.COMPILED, "compile-only", **done))
                continue
            p = self.prepared[k]
            limit, budgeted = run_limit_of(p.case, cfg, self.timeouts)
            r = self.lane.run_function(cfg, pos, p.inputs, limit)
            if budgeted and r.status == "timeout":  # a real-size case's simulated budget: not judged, not re-run
                self._record(k, unfinished(cfg, share, source, done["facts"], r.seconds, limit))
                continue
            done["facts"].update(r.facts)  # what the run noted (a simulator's counts)
            j = judge_all(p.refs.get(cfg.profile, []), r.payload) if r.status == "ok" else None
            if j is None or j.verdict in NUMERIC:
                alone.append((k, "failed run" if j is None else "mismatch"))
                continue
            self.outputs[k][cfg.name] = r.payload
            self._record(k, ConfigResult(cfg.name, j.verdict, "compare", run_s=r.seconds, evidence=j.evidence, **done))
        return alone

    def _record(self, k: int, result: ConfigResult) -> None:
        self.results[k][result.config] = result
        self.tally["batched_results"] += 1


def _attribute(group: list[int], c: StageResult, tally: Counter) -> list[list[int]]:
    """The groups to compile next after ``group`` failed: each case the diagnostics name on its own (so it
    goes alone) and the rest together; where none is named, the two halves."""
    located = c.status in ("rejected", "limitation", "crash")
    named = {group[i] for i in (c.payload or ()) if 0 <= i < len(group)} if located else set()
    if named:
        tally["located"] += len(named)
        return [[k] for k in sorted(named)] + [[k for k in group if k not in named]]
    tally["bisections"] += 1
    half = len(group) // 2
    return [group[half:], group[:half]]
