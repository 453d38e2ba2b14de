"""First bad pass: where in a compiler's pipeline a wrong-code finding starts computing the wrong answer.

A frontend lays one configuration's pipeline out as an ordered list of ``Point``s: the first is the program
before the compiler transformed it, the last is the configuration's whole compile, and each point in between is
the program after a prefix of the pipeline (a phase, a pass, a schedule primitive, LLVM's first k optional passes),
*finished* into an executable by a pipeline known to be right for the case.  The engine builds and runs points
(``Prober.probe``), judges every output with kernelfuzz's oracle against the certified reference (exact or within
the bound: right; outside it: wrong; no output: broken, skipped; a finding whose symptom is a fact of the run rather
than a wrong value, by that fact: ``fuzz/reduce/predicate.py``) and bisects for the first wrong point after the
last right one, first among the last points of the stages (runs of points of one ``stage``), then inside the first
stage that ends wrong: a wrong state that a stage's later steps undo (a schedule prefix reading what a later
primitive initializes) is not taken for the fault.  For a finding whose verdict is a runtime error, a point whose
program fails with the finding's own fault (the same kind at the same kind of place, from its results.json) is
wrong; a point that cannot be built or simulated, or fails otherwise, is broken, never right.  Both
sides of the boundary are run a second time, so the boundary is certified twice, and the
frontend writes the files and commands that reproduce each side without kernelfuzz (``Prober.export``).

A frontend may offer several finishers (``variant`` 0, 1, ...): the engine takes the first under which the first
point is right, so "known right for the case" is checked on the case, never assumed.  The engine never imports a
frontend: ``LaneProber`` reaches the frontend's localization hooks through a worker lane
(``fuzz.execute.isolate.Lane.localize``), where a compiler that dies costs one point, not the command.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Protocol

from fuzz.case.workload import Case, to_json
from fuzz.execute.backend import Config
from fuzz.judge.oracle import Judgement, Verdict
from fuzz.judge.reference import Value
from fuzz.reduce.predicate import FAILED as FAULT
from fuzz.reduce.predicate import RIGHT, WRONG, Kind, Predicate

VALUE = Predicate(Kind.VALUE)
# the verdicts ``localize`` works on; crashes and rejections name their pass in their message.  A runtime error is
# localized as a fault of the program: a point whose run fails (a kernel fault a simulator reports, a trap) is wrong
FAULTS = frozenset({Verdict.RUNTIME_ERROR})
LOCALIZED = WRONG | FAULTS


@dataclass(frozen=True)
class Point:
    """A place in the pipeline: ``stage`` (phase, codegen, llvm, schedule, tir, ...), a name for people, and
    ``key``, what the frontend needs to rebuild it (JSON-able)."""
    stage: str
    name: str
    key: dict = field(default_factory=dict, hash=False, compare=False)
    finisher: str = ""  # how the program at this point is made executable, in words

    def to_json(self) -> dict:
        return {"stage": self.stage, "name": self.name, "key": self.key, "finisher": self.finisher}

    @classmethod
    def from_json(cls, j: dict) -> "Point":
        return cls(j["stage"], j["name"], dict(j.get("key", {})), j.get("finisher", ""))


@dataclass(frozen=True)
class Outcome:
    """What building and running a point gave: the outputs, or why there are none."""
    outputs: list | None
    status: str = "ok"  # a fuzz.execute.isolate.StageResult status
    message: str = ""
    seconds: float = 0.0
    facts: dict = field(default_factory=dict)  # what the run observed (a simulator's run facts)


@dataclass(frozen=True)
class Probe:
    index: int
    point: Point
    status: str  # "right" | "wrong" | "broken"
    judgement: Judgement | None
    message: str = ""
    seconds: float = 0.0
    again: bool = False  # the confirmation run of a boundary side
    why: str = ""  # what the predicate saw ("value", "out-of-bounds global write", "no padding_reads", ...)

    def line(self, total: int) -> str:
        if self.judgement is None:
            first = self.message.strip().splitlines()[0][:160] if self.message.strip() else "?"
            what = f"wrong (the program failed: {first})" if self.status == "wrong" else f"broken: {first}"
        else:
            ev = self.judgement.evidence
            what = f"{self.status} ({self.judgement.verdict.value}" + (
                f", {ev.bad} elements outside the bound, max |error| {ev.max_abs_err:.6g})" if ev.bad else ")")
        what += f" [by {self.why}]" if self.why else ""
        return (f"[{self.index:>4}/{total - 1}] {self.point.stage}: {self.point.name} -> {what} ({self.seconds:.1f} s"
                f"{', run again' if self.again else ''})")


@dataclass
class Localization:
    config: str
    points: list[Point] = field(default_factory=list)
    probes: list[Probe] = field(default_factory=list)
    good: Probe | None = None
    bad: Probe | None = None
    confirmed: bool = False  # both sides gave the same verdict when run again
    skipped: tuple[int, ...] = ()  # broken points strictly between good and bad
    note: str = ""  # why there is no boundary, or what limits it
    seconds: float = 0.0
    predicate: Predicate = VALUE  # what judged each point

    @property
    def found(self) -> bool:
        return self.good is not None and self.bad is not None


class Prober(Protocol):
    def points(self, variant: int) -> list[Point] | None: ...

    def probe(self, point: Point) -> Outcome: ...


def classify(outcome: Outcome, refs: list[Value], judge_all: Callable, predicate: Predicate = VALUE):
    """right, wrong or broken by ``predicate`` (``fuzz/reduce/predicate.py``), with the judgement and why."""
    return predicate.judge(outcome.outputs, outcome.status, outcome.message, outcome.facts, refs, judge_all)


class Bisection:
    """One configuration's search: probes are kept by index, each point is run at most once (before the
    confirmation runs)."""

    def __init__(self, prober: Prober, refs: list[Value], judge_all: Callable, say: Callable[[str], None],
                 deadline: float = float("inf"), predicate: Predicate = VALUE):
        self.prober, self.refs, self.judge_all, self.say, self.deadline = prober, refs, judge_all, say, deadline
        self.predicate = predicate
        self.points: list[Point] = []
        self.seen: dict[int, Probe] = {}
        self.log: list[Probe] = []

    def probe(self, i: int, again: bool = False) -> Probe:
        if i in self.seen and not again:
            return self.seen[i]
        outcome = self.prober.probe(self.points[i])
        v = classify(outcome, self.refs, self.judge_all, self.predicate)
        p = Probe(i, self.points[i], v.status, v.judgement, outcome.message if v.judgement is None else "",
                  outcome.seconds, again, v.why)
        if not again:
            self.seen[i] = p
        self.log.append(p)
        self.say(p.line(len(self.points)))
        return p

    def start(self) -> str:
        """Choose the first finisher under which the first point is right; returns why none is ("" when one is)."""
        variant, why = 0, "the frontend offers no localization for this configuration"
        while (points := self.prober.points(variant)) is not None:
            self.points, self.seen = points, {}
            if len(points) < 2:
                return "fewer than two points"
            first = self.probe(0)
            if first.status == "right":
                return ""
            why = f"the first point is {first.status} under every finisher offered"
            variant += 1
        return why

    def stage(self, lo: int, hi: int) -> tuple[int, int]:
        """Narrow a right ``lo`` and a wrong ``hi`` to the first stage whose last point is wrong, probing the last
        point of each stage (a run of points of one ``stage``) in order; broken ones are passed over."""
        ends = [i for i in range(lo + 1, hi) if self.points[i].stage != self.points[i + 1].stage]
        for end in ends:
            status = self.probe(end).status
            if status == "wrong":
                return lo, end
            lo = end if status == "right" else lo
        return lo, hi

    def search(self, lo: int, hi: int) -> tuple[int, int]:
        """Bisect between a right ``lo`` and a wrong ``hi``; broken points are stepped around."""
        while hi - lo > 1 and time.perf_counter() < self.deadline:
            for mid in _around((lo + hi) // 2, lo, hi):
                status = self.probe(mid).status
                if status != "broken":
                    break
            else:
                return lo, hi  # every point between them is broken
            lo, hi = (mid, hi) if status == "right" else (lo, mid)
        return lo, hi


def _around(mid: int, lo: int, hi: int):
    """Indices strictly between lo and hi, nearest to mid first."""
    for d in range(hi - lo):
        for i in (mid + d, mid - d) if d else (mid,):
            if lo < i < hi:
                yield i


def localize(config: str, prober: Prober, refs: list[Value], judge_all: Callable,
             say: Callable[[str], None] = lambda m: None, budget_s: float = float("inf"),
             predicate: Predicate = VALUE) -> Localization:
    """The first wrong point after the last right one, each side run twice; bisection stops at ``budget_s``
    seconds with the narrowest interval found (``skipped`` then lists the points left in it).  ``predicate``
    judges each point (the finding's symptom: a wrong value, its fault, a run fact)."""
    start = time.perf_counter()
    b = Bisection(prober, refs, judge_all, say, start + budget_s, predicate)
    result = Localization(config, predicate=predicate)
    why = b.start()
    result.points = b.points
    if why:
        result.note = why
    else:
        last = b.probe(len(b.points) - 1)
        if last.status != "wrong":
            result.note = f"the configuration's whole compile is {last.status} here: nothing to localize"
        else:
            lo, hi = b.search(*b.stage(0, len(b.points) - 1))
            good, bad = b.seen[lo], b.seen[hi]
            result.good, result.bad, result.skipped = good, bad, tuple(range(lo + 1, hi))
            if result.skipped and time.perf_counter() >= b.deadline:
                result.note = f"the time budget ({budget_s:.0f} s) ran out with {hi - lo - 1} points left between them"
            result.confirmed = (b.probe(lo, again=True).status, b.probe(hi, again=True).status) == ("right", "wrong")
    result.probes, result.seconds = b.log, time.perf_counter() - start
    return result


# ---------------------------------------------------------------- the report


def bound_argument(probe: Probe, profile: str) -> str:
    """Why the first wrong point's output is not a legal reordering: its worst element against the certified
    interval, which holds every result a correct compilation may give under the configuration's profile."""
    ev = probe.judgement.evidence
    ratio = "where the interval allows no deviation at all in that direction" if ev.max_ratio == float("inf") \
        else f"{ev.max_ratio:.3g} times the deviation the interval allows there"
    return (f"{ev.detail}; |error| {ev.max_abs_err:.6g}, {ratio} ({ev.bad} element(s) outside their interval; "
            f"largest interval half-width in the output {ev.max_bound:.6g}). The interval holds the result of every "
            f"correct compilation under profile {profile!r} (fuzz/judge/profiles.py): any order and association of "
            f"each reduction, accumulation in a wider type and the fused multiply-adds the profile allows.")


def where(result: Localization) -> str:
    """The first bad pass in one line; where points between the last right and the first wrong one could not be
    built or run, the span it lies in, never the first wrong point alone."""
    if not result.found:
        return f"no boundary ({result.note})"
    bad = f"{result.bad.point.stage}: {result.bad.point.name}"
    if not result.skipped:
        return bad
    return (f"somewhere after {result.good.point.stage}: {result.good.point.name}, up to {bad} "
            f"({len(result.skipped)} point(s) between could not be built or run)")


def render(result: Localization, case: Case, profile: str, commands: dict[str, str] | None = None) -> str:
    """localize.txt's section for one configuration."""
    lines = [f"== {result.config} on {case.name}: {len(result.probes)} builds, {result.seconds:.0f} s",
             f"judged by: {result.predicate.describe()}"]
    if result.points:
        lines.append(f"finisher: {result.points[0].finisher or 'the configuration itself'}")
        lines.append(f"{len(result.points)} points: " + ", ".join(
            f"{s} {n}" for s, n in _stage_counts(result.points)))
    lines += ["  " + p.line(len(result.points)) for p in result.probes]
    if not result.found:
        lines.append(f"No boundary: {result.note}")
        return "\n".join(lines) + "\n"
    good, bad = result.good, result.bad
    lines += [f"First bad pass: {bad.point.name} ({bad.point.stage})" if not result.skipped else
              f"First bad pass: {where(result)}",
              f"  last right: [{good.index}] {good.point.stage}: {good.point.name}",
              f"  first wrong: [{bad.index}] {bad.point.stage}: {bad.point.name}",
              "  both sides run twice: " + ("same verdicts" if result.confirmed else "DIFFERENT verdicts the second time")]
    if result.skipped:
        lines.append(f"  {result.note or f'{len(result.skipped)} point(s) between them could not be built or run'}: "
                     f"{', '.join(result.points[i].name for i in result.skipped[:5])}")
    lines.append(_evidence(bad, result.predicate, profile))
    for side, text in (commands or {}).items():
        lines += [f"  reproduce the {side} side ({side}/repro.sh):"] + ["    " + ln for ln in text.splitlines()]
    return "\n".join(lines) + "\n"


def _evidence(bad: Probe, predicate: Predicate, profile: str) -> str:
    """What shows the first wrong point wrong, by the predicate that judged it."""
    if bad.judgement is None:
        return f"  fault: the program at the first wrong point failed at run: {bad.message.strip()[:600]}"
    if predicate.kind is Kind.FACT:
        return f"  fact: the run of the first wrong point observed {bad.why}"
    return f"  bound: {bound_argument(bad, profile)}"


def _stage_counts(points: list[Point]) -> list[tuple[str, int]]:
    counts: list[tuple[str, int]] = []
    for p in points:
        if counts and counts[-1][0] == p.stage:
            counts[-1] = (p.stage, counts[-1][1] + 1)
        else:
            counts.append((p.stage, 1))
    return counts


# ---------------------------------------------------------------- through a worker lane


class LaneProber:
    """The frontend's localization hooks (``points``, ``probe``, ``export``), called in a worker lane."""

    def __init__(self, lane, config: Config, case: Case, inputs: list, timeout: float = 600.0):
        self.lane, self.config, self.case_json, self.inputs, self.timeout = lane, config, to_json(case), inputs, timeout

    def _call(self, action: str, *args):
        return self.lane.localize(self.config, self.case_json, action, args, self.timeout)

    def points(self, variant: int) -> list[Point] | None:
        r = self._call("points", variant)
        if r.status != "ok":
            raise LocalizeError(f"{self.config.name}: listing the pipeline's points failed ({r.status}): "
                                f"{r.message.strip()[:600]}")
        return None if r.payload is None else [Point.from_json(p) for p in r.payload]

    def probe(self, point: Point) -> Outcome:
        r = self._call("probe", point.to_json(), self.inputs)
        return outcome_of(r)

    def export(self, point: Point, dest: Path) -> str:
        r = self._call("export", point.to_json(), str(dest), self.inputs)
        return r.payload if r.status == "ok" else f"# exporting this point failed ({r.status}): {r.message[:300]}"

    def dumps(self) -> list[dict]:
        """The IR after each codegen pass (``fuzz/reduce/evidence.py``); none where the frontend has no hook."""
        r = self._call("dumps")
        if r.status != "ok":
            raise LocalizeError(f"{self.config.name}: dumping the codegen passes' IR failed ({r.status}): "
                                f"{r.message.strip()[:600]}")
        return r.payload or []


def outcome_of(r) -> Outcome:
    """A probe's ``fuzz.execute.isolate.StageResult`` as an ``Outcome``: the outputs, or why none, and the run's
    facts."""
    return Outcome(r.payload if r.status == "ok" else None, r.status, r.message, r.seconds, dict(r.facts or {}))


class LocalizeError(Exception):
    """Localization could not start (the frontend failed to list its points): one line for the command line."""
