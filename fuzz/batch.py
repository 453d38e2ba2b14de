"""Batched compilation: a group of cases through one compiler invocation per configuration.

An ``iree-compile`` process costs mostly the same whatever it compiles (14 small cases: 24.3 s as
14 compiles, 3.3 s as one module), so a campaign hands each lane a group of cases.  ``run_batch``
records for every case and configuration the verdict ``run_case`` records for the case alone:

* a configuration whose frontend offers ``compile_batch`` (``fuzz/backend.py``) compiles the group
  once; each case's entry point then runs and is judged on its own;
* only a clean pass (exact or within the bound, or a compile-only configuration that compiled) is
  recorded from the batch.  Everything else is decided by the single-case path (``run_config``):
  a failing run and a numeric mismatch are compiled and run again alone (where a mismatch gets
  its usual re-run); so a recorded failure, its message and its source with the single-case
  command line are those of the case compiled alone, never of its neighbours;
* a batch that fails to compile is attributed: the cases its diagnostics name (``culprits``) go
  alone and the rest compile again; where none is named (a crash, an error without a location, a
  timeout) the batch is bisected, each half with its own scaled timeout, down to single cases,
  which go alone with the per-case timeout.

Every other configuration runs case by case.  ``tally`` counts what attribution cost: failed and
split batch compiles and lone compiles of cases that then compiled (``extra_compiles``), with the
seconds the failed batch compiles took.
"""
from __future__ import annotations

from collections import Counter

from fuzz.backend import Config
from fuzz.isolate import Lane, StageResult
from fuzz.oracle import NUMERIC, Verdict
from fuzz.runner import (CaseReport, ConfigResult, Prepared, Timeouts, judge_all, prepare, report_of, run_case,
                         run_config)
from fuzz.workload import Case, to_json


def batch_timeout(per_case: float, n: int) -> float:
    """A batch of ``n``: the per-case timeout and a quarter of it for each further case (inside a batch a case
    costs about a seventh of a lone compile, so hangs, not slow cases, reach it)."""
    return per_case * (1 + (n - 1) / 4)


def run_batch(lane: Lane, cases: list[Case], configs: list[Config], timeouts: Timeouts = Timeouts(),
              compile_only: frozenset[str] = frozenset(), tally: Counter | None = None) -> list[CaseReport]:
    """One report per case, each with the verdicts ``run_case`` gives that case alone."""
    if len(cases) == 1:
        return [run_case(lane, cases[0], configs, timeouts, compile_only)]
    tally = Counter() if tally is None else tally
    prepared = [prepare(c, configs, compile_only) for c in cases]
    results: list[dict] = [{} for _ in cases]
    outputs: list[dict] = [{} for _ in cases]
    for cfg in configs:
        only = cfg.name in compile_only
        alone = [(k, "") for k in range(len(cases))]
        if lane.batches(cfg):
            alone = _batched(lane, cfg, prepared, timeouts, only, results, outputs, tally)
        for k, why in sorted(alone):
            p = prepared[k]
            r = run_config(lane, p.case, cfg, p.inputs, p.refs.get(cfg.profile, []), timeouts, outputs[k], only)
            results[k][cfg.name] = r
            if why:
                tally[f"alone after {why}"] += 1
                tally["extra_compiles"] += why == "compile" and r.compiled  # it was a neighbour's failure
    return [report_of(p, [results[k][c.name] for c in configs], outputs[k]) for k, p in enumerate(prepared)]


def _batched(lane: Lane, cfg: Config, prepared: list[Prepared], timeouts: Timeouts, compile_only: bool,
             results: list[dict], outputs: list[dict], tally: Counter) -> list[tuple[int, str]]:
    """Record what the batch decides; returns the cases left to decide alone, each with the reason."""
    alone: list[tuple[int, str]] = []
    groups, compiled = [list(range(len(prepared)))], False
    while groups:
        group = groups.pop()
        if len(group) < 2:
            alone += [(k, "compile") for k in group]
            continue
        c = lane.compile_batch(cfg, [to_json(prepared[k].case) for k in group], batch_timeout(timeouts.compile,
                                                                                               len(group)))
        if c.status == "ok":
            tally["batch_compiles"] += 1
            tally["extra_compiles"] += compiled  # a second batch of the same group: the price of a split
            compiled = True
            alone += _judge_group(lane, cfg, group, c, prepared, timeouts, compile_only, results, outputs)
            continue
        tally["failed_batches"] += 1
        tally["extra_compiles"] += 1
        tally["failed_batch_s"] += round(c.seconds, 3)
        groups += _attribute(group, c, tally)
    tally["batched_results"] += sum(1 for r in results if cfg.name in r)
    return alone


def _attribute(group: list[int], c: StageResult, tally: Counter) -> list[list[int]]:
    """The groups to compile next after ``group`` failed: without the cases the diagnostics name (they go
    alone as single groups), else its two halves."""
    named = {group[i] for i in (c.payload or ()) if 0 <= i < len(group)} if c.status in ("rejected", "crash") else set()
    if named:
        tally["located"] += len(named)
        return [[k] for k in sorted(named)] + [[k for k in group if k not in named]]
    tally["bisections"] += 1
    half = len(group) // 2
    return [group[half:], group[:half]]


def _judge_group(lane: Lane, cfg: Config, group: list[int], c: StageResult, prepared: list[Prepared],
                 timeouts: Timeouts, compile_only: bool, results: list[dict], outputs: list[dict]) -> list[tuple[int, str]]:
    """Run each entry point of a compiled batch; record the clean passes, return the rest (to decide alone)."""
    share = c.seconds / len(group)  # each case's part of the compile: throughput and overhead add up
    alone = []
    for pos, k in enumerate(group):
        source, facts = c.payload[pos]
        done = dict(compile_s=share, source=source, profile=cfg.profile, facts={**facts, "batch": len(group)})
        if compile_only:
            results[k][cfg.name] = ConfigResult(cfg.name, Verdict.COMPILED, "compile-only", **done)
            continue
        r = lane.run_function(cfg, pos, prepared[k].inputs, timeouts.run)
        if r.status != "ok":
            alone.append((k, "run"))
            continue
        j = judge_all(prepared[k].refs.get(cfg.profile, []), r.payload)
        if j.verdict in NUMERIC:
            alone.append((k, "mismatch"))
            continue
        outputs[k][cfg.name] = r.payload
        results[k][cfg.name] = ConfigResult(cfg.name, j.verdict, "compare", run_s=r.seconds, evidence=j.evidence,
                                            **done)
    return alone
