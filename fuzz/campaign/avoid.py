"""Known-bucket avoidance learned from the corpus: a campaign draws fewer cases whose bug the corpus already keeps.

Every bug kept in ``corpus/findings/`` carries the case that showed it (``case.json``; a finding's subfolders hold more
repros) beside its results (``results.json``: the bucket entries, ``fuzz/judge/signature.py``).  ``learn`` makes
``Trigger``s of each finding with a repro whose entries the campaign's configurations can show (an entry names a
compiler and its way in or target, ``signature.place``), from the features
(``fuzz/generate/features.py``, made ``coarse``) read from its repros: the alternatives the corpus's ``triggers.json``
declares for it, where triage named what shows the bug (``fuzz/campaign/triggers.py``: a reduced repro keeps features
its bug does not need); else the features every such repro has; else, where those few fire on too many cases (the
Hexagon vlut crash's repros share only ``dtype:i8``), one trigger per repro, its own features.  Each is kept where
it fires on at most ``WIDEST`` of ``BASE`` cases drawn from a fixed stream with the campaign's space and swarm.  A
trigger most cases fire says little about one bug, and avoiding it would cost much of the space.

``Avoidance.draw`` generates case ``i`` from its usual seed; a draw with every feature of some trigger is *predicted
known*, and case ``i`` is drawn again from the next seed of its own stream (``seeds``), at most ``REDRAWS`` times;
a case whose draw is predicted known runs it anyway with probability ``KEEP`` (decided once per case, by its first
seed: decided per draw, a chain of predicted draws ran one case in five predicted known where most first draws are,
as make fuzz's were), and when every draw is predicted known the last one runs.  So the features behind known bugs
are drawn less, not never (a trigger wider than its bug costs part of the space, not all of it): the campaign's
swarm weights, learned from the corpus, which the dtype and reach features (drawn from streams of their own, never
by the swarm's pins) obey as well.  Nothing is hidden:
every case drawn is run on every configuration, and one the prediction misses is counted in the known bucket it
lands in (``masking.Masking``).  The draws stay deterministic (the corpus, the seed and the index decide them) and
each finding is saved fully materialized, so it replays from its file alone.
"""
from __future__ import annotations

import json
import random
import threading
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

from fuzz.case.workload import Case, load
from fuzz.campaign import triggers
from fuzz.generate import features
from fuzz.judge import signature as sig

BASE = 160  # cases drawn to learn how common each feature is
WIDEST = 0.15  # a trigger firing on more of those cases is no trigger
REDRAWS = 8  # further draws of a case predicted known, before the last one runs anyway
KEEP = 0.1  # the chance that a case predicted known runs anyway: its features are drawn less, never not at all


@dataclass(frozen=True)
class Trigger:
    """The features every repro of a corpus finding has, which predict its known bug."""

    finding: str  # the corpus finding's folder
    features: frozenset[str]
    declared: bool = False  # named by triage (triggers.json), not learned from the repros

    def fires(self, present: set[str]) -> bool:
        return self.features <= present


def coarse(names) -> set[str]:
    """The features a trigger may name: the switchable and dtype ones, without the per-op descriptors of their
    dtypes (``dtype:f16->f16``, ``reduce:min-f16``) or the op count, which a reduced repro keeps by chance, nor
    ``shape:unit`` (unit extents: where a reducer's shrinking ends, not what a bug needs); an attention op is
    ``kind:attention`` (a reduced case's note no longer says its kind)."""
    out = set()
    for f in names:
        prefix, _, value = f.partition(":")
        if f == "shape:unit":
            continue
        if prefix == "attention":
            out.add("kind:attention")
        elif prefix != "ops" and "->" not in value and not (prefix == "reduce" and "-" in value):
            out.add(f)
    return out


def _showable(entry: tuple, configs: Iterable) -> bool:
    """Whether a campaign of ``configs`` can show the bucket entry (kept per compiler and way in or target,
    ``signature.place``)."""
    c, _, stage, _ = entry
    return c in {sig.place(x.name, stage) for x in configs}


def _saved(corpus: Path):
    """(finding, case, bucket entries) of every corpus case beside its results; damaged ones are skipped
    (`kernelfuzz replay` reports them)."""
    findings = Path(corpus) / "findings"
    for path in sorted(findings.glob("*/**/results.json")):
        try:
            case = load(path.parent / "case.json")
            entries = sig.of_saved(json.loads(path.read_text()), path.parent, sig.op_kinds(case)).bucket
        except (OSError, ValueError, KeyError, TypeError):
            continue
        yield str(path.parent.relative_to(findings)), case, entries


def base_draws(draw: Callable[[int], Case], n: int = BASE) -> list[set[str]]:
    """The coarse features of ``n`` cases drawn from a fixed stream (``draw(seed)``)."""
    drawn = []
    for k in range(n):
        try:
            drawn.append(coarse(features.of(draw(random.Random(f"kernelfuzz:base:{k}").getrandbits(31)))))
        except RuntimeError:  # a seed the generator cannot draw from under these pins: no case
            pass
    return drawn


def learn(corpus: Path | None, configs, draw: Callable[[int], Case]) -> "Avoidance":
    """The triggers of ``corpus`` for a campaign of ``configs`` whose generator is ``draw(seed)``, per finding with
    a repro these configurations can show: the alternatives ``triggers.json`` declares (``fuzz/campaign/triggers.py``);
    else the features every such repro has (one repro lacks is not what shows the bug); else, where those are too
    few to tell its cases from others (``WIDEST``), one trigger per repro, its own features.  Each is kept where it
    fires on at most ``WIDEST`` of the campaign's own draws (a wider trigger says little about one bug, and would
    cost much)."""
    repros: dict[str, list[set]] = {}  # finding -> the coarse features of each of its repros
    showable: dict[str, list[set]] = {}  # finding -> those of its repros whose bug these configurations can show
    for name, case, entries in (_saved(corpus) if corpus else ()):
        finding, have = name.split("/")[0], coarse(features.of(case))
        repros.setdefault(finding, []).append(have)
        if any(_showable(e, configs) for e in entries):
            showable.setdefault(finding, []).append(have)
    declared = triggers.declared(corpus)
    for finding, alternatives in declared.items():
        triggers.check_shown(finding, alternatives, repros.get(finding, []))
    if not showable:
        return Avoidance(())
    base = base_draws(draw)
    narrow = lambda t: t.features and sum(map(t.fires, base)) <= WIDEST * len(base)  # noqa: E731
    found = []
    for finding, haves in sorted(showable.items()):
        common = Trigger(finding, frozenset(set.intersection(*haves)))
        found += ([Trigger(finding, a, declared=True) for a in declared[finding]] if finding in declared else
                  [common] if narrow(common) else [Trigger(finding, frozenset(h)) for h in haves])
    return Avoidance(tuple(t for t in found if narrow(t)), len(showable))


def kept(seed: int) -> bool:
    """Whether the case first drawn from ``seed``, predicted known, runs anyway (decided by the seed: the draws
    replay)."""
    return random.Random(f"kernelfuzz:keep:{seed}").random() < KEEP


def seeds(first: int, seed: int, index: int) -> list[int]:
    """The seeds case ``index`` of a campaign with ``seed`` is drawn from: its usual one (``first``, the driver's
    ``case_seed``), then ``REDRAWS`` more."""
    return [first] + [random.Random(f"kernelfuzz:{seed}:{index}:redraw{k}").getrandbits(31)
                      for k in range(1, REDRAWS + 1)]


@dataclass
class Avoidance:
    """The triggers learned from the corpus, and what drawing around them did (lanes draw concurrently)."""

    triggers: tuple[Trigger, ...]
    findings: int = 0  # corpus findings the campaign's configurations can show
    redrawn: Counter = field(default_factory=Counter)  # finding -> draws set aside as predicted known
    kept_known: int = 0  # cases run although predicted known (kept, or every draw predicted)
    _seeds: dict = field(default_factory=dict)  # case index -> the seed its case was drawn from
    _aside: dict = field(default_factory=dict)  # case index -> the findings predicted of each draw set aside
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def predicted(self, case: Case) -> list[str]:
        """The corpus findings whose triggers all fire on ``case``."""
        present = coarse(features.of(case))
        return sorted({t.finding for t in self.triggers if t.fires(present)})

    def draw(self, index: int, candidates: list[int], make: Callable[[int], Case]) -> Case:
        """Case ``index``: the first draw of ``candidates`` (seeds) not predicted known, or the first draw when the
        case is kept anyway (``kept`` of the first seed), else the last draw.  A further seed the generator cannot
        draw from is passed over (the first raises, as without avoidance)."""
        aside: list[list[str]] = []
        keep = kept(candidates[0])
        for k, seed in enumerate(candidates):
            try:
                case = make(seed)
            except RuntimeError:
                if k == 0:
                    raise
                continue
            hits = self.predicted(case)
            if not hits or keep:
                break
            aside.append(hits)
            last = seed, case
        else:
            (seed, case), hits = last, aside.pop()  # every draw predicted known: the last runs
        with self._lock:
            self._seeds[index] = seed
            self._aside[index] = aside
            self.redrawn.update(f for found in aside for f in found)
            self.kept_known += bool(hits)
        return case

    def seed_of(self, index: int) -> int | None:
        return self._seeds.get(index)

    def note(self, index: int) -> str | None:
        """What drawing case ``index`` set aside, once (None if nothing)."""
        with self._lock:
            aside = self._aside.pop(index, [])
        if not aside:
            return None
        names = sorted({f for hits in aside for f in hits})
        return f"redrew case {index} {len(aside)} time(s): predicted known ({', '.join(names)})"

    def describe(self) -> str:
        if not self.triggers:
            return "learned from the corpus: no known bug these configurations can show has a rare feature to avoid"
        declared = sum(t.declared for t in self.triggers)
        return (f"learned from the corpus: {len(self.triggers)} triggers ({declared} declared by triage) of "
                f"{self.findings} known bugs these configurations can show; a case predicted known is drawn again (at "
                f"most {REDRAWS} times; one in {round(1 / KEEP)} runs anyway)")

    def summary(self) -> dict:
        return {"triggers": [{"finding": t.finding, "features": sorted(t.features), "declared": t.declared}
                             for t in self.triggers],
                "findings": self.findings, "redrawn": sum(self.redrawn.values()),
                "kept_predicted_known": self.kept_known, "redrawn_by_finding": dict(self.redrawn.most_common())}
