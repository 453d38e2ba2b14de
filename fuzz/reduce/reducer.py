"""The reducer: delta debugging that keeps the same failure signature.

Workload passes (``fuzz.reduce.passes``) propose simpler cases; every candidate goes
through one ``consider()``: it must be smaller in the total order ``size()``,
valid (well-typed, defined semantics) and fail with the *same* signature
(verdicts, stages, configurations, error class), not just any failure,
and keep the path the failure reached (``reached``: by default, the matrix
instructions and the several workgroups its GPU code showed on the original).
Passes run to a fixed point under a time budget; each success is written to
disk atomically, so the best case so far always survives an interruption.

Then the pipeline is reduced: the flags that differ between the failing and
a passing configuration are cut to a minimal set, and a failing MetaSchedule
trace is bisected to the first instruction whose presence makes the
difference.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable

from fuzz.case.traces import step_name, trace_prefix, trace_steps
from fuzz.case.values import with_digests
from fuzz.case.ops.attention import Attention
from fuzz.case.workload import Case, Conv2d, Generic, Matmul, Pad, Pool2d, WorkloadError, dumps, elements, expr_nodes
from fuzz.execute.backend import Config
from fuzz.judge import signature as sig
from fuzz.judge.reference import evaluate
from fuzz.judge.results import CaseReport
from fuzz.reduce import reached
from fuzz.reduce.passes import PASSES
from fuzz.reduce.passes.simplify_ops import weight
from fuzz.reduce.passes.simplify_values import complexity
from fuzz.store import atomic_write


def _attrs(op) -> int:
    """How far an op's attributes are from the simplest: a named op counts one more than its generic twin
    (a failure that survives the twin is not the named path's), zero points one each."""
    n = (getattr(op, "form", "generic") == "named") + 2 * (getattr(op, "zero_points", None) is not None)
    if isinstance(op, Conv2d):
        return n + sum(op.padding) + sum(op.stride) + sum(op.dilation) + op.groups + (op.layout == "NCHW")
    if isinstance(op, Pool2d):
        return n + sum(op.window) + sum(op.stride) + sum(op.dilation) + (op.layout == "NCHW") + (op.mode == "max")
    if isinstance(op, Matmul):
        return n + (op.transpose != "none")
    if isinstance(op, Attention):
        return n + (op.mask != "none") + (op.scale != 1.0)
    return n + sum(op.low) + sum(op.high) + (op.value != 0) if isinstance(op, Pad) else 0


def _map_nodes(a) -> int:
    return len(a.coeffs) - (sum(map(abs, a.coeffs)) == 1) + (a.offset != 0) + sum(3 + len(t.inner.used) for t in a.divs)


def sharing(case: Case) -> int:
    """Extra uses of values: outputs beyond the first, and every read of an op's value after its first use.
    The DAG structure goes first in the order: cutting a use adds a fresh input, which the size passes then
    shrink."""
    uses = [n for op in case.ops for n in op.inputs if n in {o.name for o in case.ops}] + list(case.outputs)
    return len(uses) - len(set(uses)) + len(case.outputs) - 1


def size(case: Case) -> tuple:
    """The reducer's total order: DAG sharing, elements, ops, body nodes, body op weight, attributes, values."""
    attrs = sum(_attrs(op) for op in case.ops)
    generics = [op for op in case.ops if isinstance(op, Generic)]
    nodes = sum(expr_nodes(op.body) + sum(_map_nodes(a) for m in op.maps for a in m) for op in generics)
    return (sharing(case), elements(case), len(case.ops), nodes, sum(weight(op.body) for op in generics), attrs,
            sum(complexity(t.values) for t in case.inputs))


@dataclass
class ShrinkPass:
    name: str
    candidates: Callable[[Case], object]
    calls: int = 0
    successes: int = 0


@dataclass
class Reduction:
    original: Case
    best: Case
    signature: sig.Signature
    passes: list[ShrinkPass]
    tests: int = 0
    seconds: float = 0.0
    pipeline: dict = field(default_factory=dict)  # minimal flags / trace bisection
    bundle: list = field(default_factory=list)  # the names the bundle written from it holds (fuzz.publish.bundle)
    kept: reached.Kept | None = None  # the reached facts kept (fuzz.reduce.reached)

    def summary(self) -> dict:
        path = {"reached": self.kept.record(elements(self.best))} if self.kept else {}
        return {"signature": self.signature.describe(), "signature_key": self.signature.key, **path,
                "elements": [elements(self.original), elements(self.best)],
                "ratio": elements(self.best) / max(elements(self.original), 1), "tests": self.tests,
                "seconds": round(self.seconds, 1), "pipeline": self.pipeline,
                "passes": {p.name: {"calls": p.calls, "successes": p.successes} for p in self.passes}}


def valid(case: Case) -> bool:
    try:
        case.tensor_types()
        evaluate(case)
    except (WorkloadError, ValueError, IndexError):
        return False
    return True


class Reducer:
    """``run(case) -> CaseReport`` runs a case through the failing configurations.  The budget is kept: no
    candidate starts after it (the one in flight finishes).  ``log`` hears the progress (elements, the pass, tests,
    time left) at each step taken and at least every ``PROGRESS_S`` seconds.  ``keep``: the reached facts
    (``fuzz.reduce.reached.FACTS``) a candidate's code must still show where the failing configurations' code
    showed them on the original case."""

    PROGRESS_S = 15.0

    def __init__(self, run: Callable[[Case], CaseReport], out: Path | None = None, budget_s: float = 300.0,
                 log: Callable[[str], None] = lambda message: None, keep: tuple[str, ...] = reached.DEFAULT):
        self.run, self.out, self.budget_s, self.log, self.keep = run, out, budget_s, log, keep
        self._said = 0.0

    def _progress(self, red: Reduction, p: ShrinkPass, start: float, force: bool = False) -> None:
        if force or time.time() - self._said >= self.PROGRESS_S:
            self._said = time.time()
            self.log(f"  {elements(red.best)} of {elements(red.original)} elements, pass {p.name}, {red.tests} tests, "
                     f"{max(self.budget_s - (time.time() - start), 0):.0f} s left")

    def reduce(self, case: Case) -> Reduction:
        start = self._said = time.time()
        first = self.run(case)
        target = sig.of(first)
        red = Reduction(case, first.case, target, [ShrinkPass(n, f) for n, f in PASSES])
        if not first.findings:
            raise ValueError(f"{case.name}: nothing to reduce, no configuration fails on it")
        red.kept = reached.Kept(reached.path_of(first, target.configs, self.keep))
        red.kept.best = red.kept.path.records(first)
        self._save(red)
        self._progress(red, red.passes[0], start, force=True)
        improved = True
        while improved and time.time() - start < self.budget_s:
            improved = False
            for p in red.passes:
                while self._step(red, p, target, start):
                    improved = True
        red.seconds = time.time() - start
        self._save(red)
        return red

    def _step(self, red: Reduction, p: ShrinkPass, target: sig.Signature, start: float) -> bool:
        """Try the pass's candidates on the current best; take the first that keeps the signature."""
        current = size(red.best)
        for cand in p.candidates(red.best):
            if time.time() - start > self.budget_s:
                return False
            p.calls += 1
            self._progress(red, p, start)
            if self.consider(red, cand, current, target):
                p.successes += 1
                self._progress(red, p, start, force=True)
                return True
        return False

    def consider(self, red: Reduction, cand: Case, current: tuple, target: sig.Signature) -> bool:
        try:
            if size(cand) >= current or not valid(cand):
                return False
        except WorkloadError:
            return False
        red.tests += 1
        report = self.run(replace(cand, schedules=()))  # schedules are re-derived for the new program
        if not target.matches(report):
            return False
        if missing := red.kept.path.missing(report):  # fails the same way, on another path: not this failure
            red.kept.lost(elements(cand), missing)
            return False
        red.best, red.kept.best = report.case, red.kept.path.records(report)
        self._save(red)
        return True

    def _save(self, red: Reduction) -> None:
        if self.out is not None:
            atomic_write(self.out / "case.json", dumps(with_digests(red.best)))
            atomic_write(self.out / "reduction.json", json.dumps(red.summary(), indent=1) + "\n")


# ------------------------------------------------------------------ the pipeline


def _flag_key(flag: str) -> str:
    return flag.split("=", 1)[0]


def minimal_flags(failing: Config, passing: Config, fails: Callable[[Config], bool]) -> list[str]:
    """The smallest set of the failing configuration's own flags that, put on the passing
    configuration, still fails (greedy one-at-a-time removal: delta debugging on a short list)."""
    diff = [f for f in failing.flags if f not in passing.flags]

    def with_flags(extra: list[str]) -> Config:
        keys = {_flag_key(f) for f in extra}
        base = [f for f in passing.flags if _flag_key(f) not in keys]
        return replace(failing, flags=tuple(base + extra))

    if not fails(with_flags(diff)):
        return diff
    keep = list(diff)
    for f in list(diff):
        trial = [g for g in keep if g != f]
        if fails(with_flags(trial)):
            keep = trial
    return keep


def bisect_trace(trace: str, fails: Callable[[str], bool]) -> tuple[int, str]:
    """The shortest prefix of a schedule trace that still fails: (its length, its last instruction)."""
    steps = trace_steps(trace)
    lo, hi = 0, len(steps)  # fails(trace_prefix(hi)) holds; find the smallest such k
    if fails(trace_prefix(trace, 0)):
        return 0, ""
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if fails(trace_prefix(trace, mid)):
            hi = mid
        else:
            lo = mid
    return hi, step_name(steps[hi - 1])
